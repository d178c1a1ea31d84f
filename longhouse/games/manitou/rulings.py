"""Our rulings on what Manitou's sources leave open (docs/rules/manitou-data.md §7 and the edges found by
random play), each a named switch: flip one here and every rule that depends on it follows.

The letter after each ruling is its confidence in the data file: H high, M medium, L low.
"""

from __future__ import annotations

from typing import Final

#: At most this many face-up warriors of one player on one ground (data §7.4, our ruling M).
MAX_FACE_UP_WARRIORS: Final[int] = 2

#: Edge case the sources do not cover, found by random play: a player whose hand holds only warriors while
#: they already have two face-up warriors on every ground has no legal play, yet passing is not allowed
#: (data §4.2). Our ruling (L): the player must still play, and lays such a warrior face down on a ground of
#: their choice; it counts as a defeated card there (it fights no one and goes with the ground's cards at
#: the reckoning). Offered only when no other play is possible.
FORCED_WARRIOR_FACE_DOWN: Final[bool] = True

#: Data §6.1 edge: when every player played 0 hunter points, the literal rule gives each of them a pelt
#: robber. Our ruling (L): follow the literal rule. Flip this flag to give nobody one in that case.
PELT_ROBBER_WHEN_ALL_ZERO: Final[bool] = True

#: Data §6.1 edge: only ``PELT_ROBBER_CARDS`` pelt robber cards exist. Our ruling (L): the supply is
#: unlimited. Flip this flag to stop handing them out once the cards run out (on a tie for the last ones, the
#: lowest seats take them).
PELT_ROBBER_SUPPLY_UNLIMITED: Final[bool] = True
PELT_ROBBER_CARDS: Final[int] = 7
