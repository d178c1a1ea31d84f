"""Longhouse in several languages: texts marked with ``_`` / ``ngettext`` (``text.py``), turned into words
in a reader's language when encoded (``catalogs.py``). See ``docs/i18n.md``."""

from longhouse.engine.text import ENGLISH, N_, Msg, Text, _, english, joined, listing, ngettext, plain

__all__ = ["ENGLISH", "N_", "Msg", "Text", "_", "english", "joined", "listing", "ngettext", "plain"]
