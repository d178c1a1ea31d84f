"""Longhouse: an online game hall for Manitou, Manitoba and Five Tribes."""

__version__ = "0.1.0"
