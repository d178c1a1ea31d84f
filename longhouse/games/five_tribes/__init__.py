"""Five Tribes (Days of Wonder, Bruno Cathala, 2014) for 2 to 4 players, all 22 Djinns.

The skeleton every game package shares (docs/engine.md): ``data`` (components, sourced), ``rulings``
(our rulings, each a named switch), ``actions`` (actions and their notation), ``state`` (a position as
data), the rules by rulebook section (``board`` geometry, ``turns``, ``movement``, ``tribes``, ``tiles``,
``placement``, ``djinns``, ``scoring``), ``snapshot`` (checking a snapshot), ``play`` (the rules bound to
the engine contract), ``game`` (set-up), ``view`` and ``describe`` (what clients see), ``terminal``;
``bench`` times the full meeple-move enumeration for ``bench/engine.py``.
"""

from longhouse.games.five_tribes.game import GAME, FiveTribes
from longhouse.games.five_tribes.play import FTPlay
from longhouse.games.five_tribes.state import FTState

__all__ = ["GAME", "FTPlay", "FTState", "FiveTribes"]
