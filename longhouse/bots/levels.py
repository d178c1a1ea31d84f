"""The hall's named bot levels, from a beginner that blunders often to the strongest search.

A level is data: which bot plays it and with which options, and, for a game where another search
measured stronger, how it plays that game instead (``Level.games``: game name -> ``Play``). A searching
level's budget is a number of **iterations** a move, so that its strength is the same on any machine; the
hall's time cap (``CAP_SECONDS``) stops a search early on a slow or loaded machine, so that no bot thinks
longer than that. The lobby, ``/bot`` and the arena use the names (``bots.make(name, seed, game=...)``);
the strength of each level against the others is measured by ``bench/strength.py`` at these budgets
without the cap (see ``bench/results/``), their time a move here by ``bench/level_times.py``
(``docs/bots.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Play:
    """How a level plays: a bot kind of the registry (``longhouse.bots.kinds()``) and its options."""

    bot: str
    options: dict[str, Any] = field(default_factory=dict)

    def signature(self, game: str, iterations: int | None = None) -> str:
        """A short name of this way of playing ``game``, for benchmark records: the kind, its iterations
        (or ``iterations`` instead, for a searching one) and the kind's revision there after the first
        (``moismcts800v2``)."""
        spent = self.options.get("iterations")
        name = self.bot if spent is None else f"{self.bot}{spent if iterations is None else iterations}"
        revision = REVISIONS.get((self.bot, game), 1)
        return name if revision == 1 else f"{name}v{revision}"


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    bot: str  # a bot kind of the registry (``longhouse.bots.kinds()``)
    blurb: str  # one line for people choosing an opponent
    options: dict[str, Any] = field(default_factory=dict)
    #: game name -> how the level plays that game instead of ``bot`` with ``options``
    games: dict[str, Play] = field(default_factory=dict)

    def play(self, game: str | None = None) -> Play:
        """How the level plays ``game`` (its own bot and options for a game it names no other way for, or
        for ``None``: no game known)."""
        if game is not None and game in self.games:
            return self.games[game]
        return Play(self.bot, self.options)


#: The hall's time limit for one bot move, in seconds: a search stops there, its iterations spent or not.
CAP_SECONDS = 4.0
#: Iterations a move of the searching levels.
STRONG_ITERATIONS = 300
EXPERT_ITERATIONS = 800
#: The expert's iterations a move where it searches one tree (``EXPERT_SINGLE``).
EXPERT_SINGLE_ITERATIONS = 3000
#: The revision of a bot kind's play in a game (1 when not named): raised when the kind plays that game
#: differently with the same options (a fix in its search), so that benchmark games of the old play are not
#: counted with the new (``signature``). MO-ISMCTS 2, 2026-12-03: a wide root is widened as it is visited
#: (it stayed at its first 4 moves); only Five Tribes' tuning has wide nodes, so only its play changed.
REVISIONS: dict[tuple[str, str], int] = {("moismcts", "five_tribes"): 2}

#: The games the expert plays with the single-observer search at ``EXPERT_SINGLE_ITERATIONS``. In Manitoba,
#: where nobody chooses in secret, MO-ISMCTS at 800 iterations won 7.5 of 18 games against the strong level
#: (ISMCTS at 300); ISMCTS at 1,000 won 12.5 on the same seeds but only 54% over 45 seeds; ISMCTS at 3,000
#: won 11 of 18 on seeds where 1,000 won 5.5, 14 of 22 in all (``bench/results/strength-2026-12-03-ladder.md``).
#: Manitou (secret hunting parties) keeps MO-ISMCTS; so does Five Tribes, with its root widening fixed.
EXPERT_SINGLE = ("manitoba",)

LEVELS: tuple[Level, ...] = (
    Level("beginner", "greedy", "looks one move ahead, but half of its moves are picked at random",
          {"randomness": 0.5}),
    Level("casual", "greedy", "plays the move that looks best right now"),
    Level("strong", "ismcts", f"searches {STRONG_ITERATIONS} futures a move",
          {"iterations": STRONG_ITERATIONS, "seconds": CAP_SECONDS}),
    Level("expert", "moismcts", f"searches {EXPERT_ITERATIONS:,} futures a move or more, one tree per player "
          "where the others choose in secret", {"iterations": EXPERT_ITERATIONS, "seconds": CAP_SECONDS},
          dict.fromkeys(EXPERT_SINGLE, Play("ismcts", {"iterations": EXPERT_SINGLE_ITERATIONS,
                                                        "seconds": CAP_SECONDS}))),
)
BY_NAME: dict[str, Level] = {level.name: level for level in LEVELS}
#: What ``/bot`` seats when no level is named.
DEFAULT = "casual"


def signature(names: Sequence[str], game: str, iterations: int | None = None) -> str:
    """How the named levels play ``game`` (each searching one at ``iterations`` if given), in short:
    ``expert=moismcts800v2 strong=ismcts300``, the key by which ``bench/strength.py`` keeps games of
    different level definitions apart. A name that is not a level (a bot kind) stands for itself."""
    parts = []
    for name in dict.fromkeys(names):
        level = BY_NAME.get(name)
        parts.append(name if level is None else f"{name}={level.play(game).signature(game, iterations)}")
    return " ".join(parts)
