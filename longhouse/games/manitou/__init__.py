"""Manitou (Günter Burkhardt, Goldsieber 1997) for 2–4 players.

Modules: ``data`` (components and rulings), ``actions`` (actions and notation), ``fights`` (warrior
resolution), ``reckoning`` (scoring a hunt), ``state`` (a position), ``game`` (set-up and codecs),
``terminal`` (drawing a view in the terminal).
"""

from longhouse.games.manitou.game import GAME, ManitouGame
from longhouse.games.manitou.state import ManitouState

__all__ = ["GAME", "ManitouGame", "ManitouState"]
