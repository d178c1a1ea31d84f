"""Manitou (Günter Burkhardt, Goldsieber 1997) for 2–4 players.

The skeleton every game package shares (docs/engine.md): ``data`` (components, sourced), ``rulings``
(our rulings, each a named switch), ``actions`` (action types owning their JSON, text and words),
``state`` (a position as data), the rules by rulebook section (``selection``, ``hunt``, ``fights``,
``reckoning``), ``play`` (the rules bound to the engine contract), ``game`` (set-up), ``view`` and
``describe`` (what clients see), ``terminal`` (drawing a view in the terminal).
"""

from longhouse.games.manitou.game import GAME, ManitouGame
from longhouse.games.manitou.play import ManitouPlay
from longhouse.games.manitou.state import ManitouState

__all__ = ["GAME", "ManitouGame", "ManitouPlay", "ManitouState"]
