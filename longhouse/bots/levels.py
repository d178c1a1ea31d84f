"""The hall's named bot levels, from a beginner that blunders often to the strongest search.

A level is data: which bot plays it and with which options. The lobby, ``/bot`` and the arena use the
names; the strength of each level against the others is measured by ``bench/strength.py --levels`` (see
``bench/results/``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    bot: str  # a bot kind of the registry (``longhouse.bots.kinds()``)
    blurb: str  # one line for people choosing an opponent
    options: dict[str, Any] = field(default_factory=dict)


LEVELS: tuple[Level, ...] = (
    Level("beginner", "greedy", "looks one move ahead, but half of its moves are picked at random",
          {"randomness": 0.5}),
    Level("casual", "greedy", "plays the move that looks best right now"),
    Level("strong", "ismcts", "searches about a third of a second per move", {"seconds": 0.35}),
    Level("expert", "moismcts", "searches a second per move, one tree per player", {"seconds": 1.0}),
)
BY_NAME: dict[str, Level] = {level.name: level for level in LEVELS}
#: What ``/bot`` seats when no level is named.
DEFAULT = "casual"
