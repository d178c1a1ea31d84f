"""The hall's named bot levels, from a beginner that blunders often to the strongest search.

A level is data: which bot plays it and with which options. A searching level's budget is a number of
**iterations** a move, so that its strength is the same on any machine; the hall's time cap
(``CAP_SECONDS``) stops a search early on a slow or loaded machine, so that no bot thinks longer than
that. The lobby, ``/bot`` and the arena use the names; the strength of each level against the others is
measured by ``bench/strength.py`` at these budgets without the cap (see ``bench/results/``), their time a
move here by ``bench/level_times.py`` (``docs/bots.md``).
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


#: The hall's time limit for one bot move, in seconds: a search stops there, its iterations spent or not.
CAP_SECONDS = 4.0
#: Iterations a move of the searching levels.
STRONG_ITERATIONS = 300
EXPERT_ITERATIONS = 800

LEVELS: tuple[Level, ...] = (
    Level("beginner", "greedy", "looks one move ahead, but half of its moves are picked at random",
          {"randomness": 0.5}),
    Level("casual", "greedy", "plays the move that looks best right now"),
    Level("strong", "ismcts", f"searches {STRONG_ITERATIONS} futures a move",
          {"iterations": STRONG_ITERATIONS, "seconds": CAP_SECONDS}),
    Level("expert", "moismcts", f"searches {EXPERT_ITERATIONS:,} futures a move, one tree per player",
          {"iterations": EXPERT_ITERATIONS, "seconds": CAP_SECONDS}),
)
BY_NAME: dict[str, Level] = {level.name: level for level in LEVELS}
#: What ``/bot`` seats when no level is named.
DEFAULT = "casual"
