"""Manitoba (dlp games 2018) behind the engine contract, for 2, 3 and 4 players.

The skeleton every game package shares (docs/engine.md): ``data`` (components, sourced), ``rulings``
(our rulings; the alternatives are table options), ``actions`` (actions and their notation), ``state``
(a position as data), the rules by rulebook section (``flow`` and its task stack in ``tasks``,
``territory``, ``paths``, ``goods``, ``events``, ``scoring``), ``play`` (the rules bound to the engine
contract), ``game`` (set-up), ``view`` and ``describe`` (what clients see), ``terminal``.
"""

from longhouse.games.manitoba.game import GAME, ManitobaGame
from longhouse.games.manitoba.play import ManitobaPlay
from longhouse.games.manitoba.state import ManitobaState

__all__ = ["GAME", "ManitobaGame", "ManitobaPlay", "ManitobaState"]
