"""Our rulings on what Manitou's sources leave open (docs/rules/manitou-data.md §3 and §7, and the edges found
by random play), each a named switch: flip one here and every rule that depends on it follows.

Each ruling has a ``# RULING name:`` comment citing what it interprets; the letter after it is its
confidence in the data file: H high, M medium, L low.
"""

from __future__ import annotations

from typing import Final

from longhouse.games.manitou.data import SMALL_BUFFALO

# RULING max-face-up-warriors (data §7.4, M): "max two warriors per ground" (rulebook) read as at most this
# many face-up warriors of one player on one ground; face-down ones do not count (BSW).
MAX_FACE_UP_WARRIORS: Final[int] = 2

# RULING forced-warrior-face-down (L): an edge the sources do not cover, found by random play: a player whose
# hand holds only warriors while they already have two face-up warriors on every ground has no legal play,
# yet passing is not allowed (data §4.2). The player must still play, and lays such a warrior face down on a
# ground of their choice; it counts as a defeated card there (it fights no one and goes with the ground's
# cards at the reckoning). Offered only when no other play is possible.
FORCED_WARRIOR_FACE_DOWN: Final[bool] = True

# RULING pelt-robber-when-all-zero (data §6.1 edge, L): when every player played 0 hunter points, the literal
# rule gives each of them a pelt robber. We follow the literal rule; flip this flag to give nobody one then.
PELT_ROBBER_WHEN_ALL_ZERO: Final[bool] = True

# RULING pelt-robber-supply-unlimited (data §6.1 edge, L): only ``PELT_ROBBER_CARDS`` pelt robber cards
# exist. The supply is unlimited; flip this flag to stop handing them out once the cards run out (on a tie
# for the last ones, the lowest seats take them).
PELT_ROBBER_SUPPLY_UNLIMITED: Final[bool] = True
PELT_ROBBER_CARDS: Final[int] = 7

# RULING small-buffalo-left-out (data §3, L): the translation lists ten small buffalo values
# (``data.SMALL_BUFFALO``) for nine cards, and no source says which one is spurious. None (the data file's
# recommendation): keep all ten, shuffled; at most nine are ever dealt, so one stays unseen in a 4-player
# game. A value: the listed value left out of the small pile (once someone checks a physical copy).
SMALL_BUFFALO_LEFT_OUT: Final[int | None] = None


def small_buffalo() -> tuple[int, ...]:
    """The small buffalo pile per the ruling above."""
    values = list(SMALL_BUFFALO)
    if SMALL_BUFFALO_LEFT_OUT is not None:
        values.remove(SMALL_BUFFALO_LEFT_OUT)
    return tuple(values)
