"""The Sultanate's geometry and the meeple-move search.

Tiles are numbered ``row * 6 + col`` (row 0 at the top). A *walk state* is a tile together with the
direction it was entered from (or none, for the tile the meeples were picked up from); it is what the
No Immediate Backtracking rule needs. Walk states are numbered ``tile * 5 + k``: ``k == 0`` means "not
entered from anywhere", ``k == d + 1`` means "the previous tile lies in direction ``d``".

The static tables (which tiles a walk of exactly ``r`` steps can end on) are computed lazily and cached
for the process; they do not depend on the meeples.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from longhouse.games.five_tribes import rulings
from longhouse.games.five_tribes.data import COLOURS, COLS, NUM_TILES, ROWS

DIRECTIONS: Final = ((-1, 0), (0, 1), (1, 0), (0, -1))  # north, east, south, west
DIRECTION_LETTERS: Final = "nesw"
OPPOSITE: Final = (2, 3, 0, 1)


def tile_name(tile: int) -> str:
    """``a1`` is the top-left tile; letters are columns, digits rows."""
    return "abcdef"[tile % COLS] + str(tile // COLS + 1)


def tile_from_name(name: str) -> int:
    if len(name) != 2 or name[0] not in "abcdef" or name[1] not in "12345":
        raise ValueError(f"{name!r} is not a tile (a1 to f5)")
    return (int(name[1]) - 1) * COLS + "abcdef".index(name[0])


def _step(tile: int, d: int) -> int:
    r, c = divmod(tile, COLS)
    dr, dc = DIRECTIONS[d]
    r, c = r + dr, c + dc
    return r * COLS + c if 0 <= r < ROWS and 0 <= c < COLS else -1


#: STEP[tile][d]: the neighbour in direction d, or -1 off the board.
STEP: Final = tuple(tuple(_step(t, d) for d in range(4)) for t in range(NUM_TILES))


def _around(tile: int, diagonals: bool, include_self: bool) -> tuple[int, ...]:
    r, c = divmod(tile, COLS)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr == dc == 0 and not include_self:
                continue
            if not diagonals and dr != 0 and dc != 0:
                continue
            rr, cc = r + dr, c + dc
            if 0 <= rr < ROWS and 0 <= cc < COLS:
                out.append(rr * COLS + cc)
    return tuple(out)


#: The tiles whose blue value the Builders count (RULING builders-block).
BUILDER_BLOCK: Final = tuple(
    _around(t, rulings.BUILDER_BLOCK_INCLUDES_DIAGONALS, rulings.BUILDER_BLOCK_INCLUDES_FINAL_TILE)
    for t in range(NUM_TILES)
)
#: Where Hagis and Lamia may move a Palace or Palm Tree (RULING hagis-lamia-neighbours).
PLACEMENT_NEIGHBOURS: Final = tuple(_around(t, rulings.HAGIS_LAMIA_DIAGONALS, False) for t in range(NUM_TILES))


def _distance(a: int, b: int) -> int:
    ra, ca = divmod(a, COLS)
    rb, cb = divmod(b, COLS)
    return abs(ra - rb) + abs(ca - cb)


#: DISTANCE[a][b]: orthogonal distance (the Assassins' range never counts diagonal steps).
DISTANCE: Final = tuple(tuple(_distance(a, b) for b in range(NUM_TILES)) for a in range(NUM_TILES))


def distance(a: int, b: int) -> int:
    """Orthogonal distance (the Assassins' range never counts diagonal steps)."""
    return DISTANCE[a][b]


# --- walk states ---------------------------------------------------------------------------------

NUM_WALK_STATES: Final = NUM_TILES * 5


def walk_state(tile: int, came_from_dir: int) -> int:
    """``came_from_dir`` is the direction (from ``tile``) of the tile just left, or -1."""
    return tile * 5 + came_from_dir + 1


#: MOVES[s]: the (direction, next tile, next walk state) of every legal step from walk state s.
MOVES: Final = tuple(
    tuple(
        (d, STEP[s // 5][d], walk_state(STEP[s // 5][d], OPPOSITE[d]))
        for d in range(4)
        if STEP[s // 5][d] >= 0 and (s % 5 == 0 or d != s % 5 - 1)
    )
    for s in range(NUM_WALK_STATES)
)
_SUCC_MASK: Final = tuple(sum(1 << ns for (_, _, ns) in MOVES[s]) for s in range(NUM_WALK_STATES))


def _states_to_tiles(mask: int) -> int:
    tiles = 0
    while mask:
        low = mask & -mask
        tiles |= 1 << ((low.bit_length() - 1) // 5)
        mask ^= low
    return tiles


# Per walk state, the walks' reach and end tiles for 0, 1, 2 ... steps, each list grown as far as asked
# (lists indexed by walk state, not dicts: the hot loops index them directly).
_reach: list[list[int]] = [[1 << s] for s in range(NUM_WALK_STATES)]
_end_tiles: list[list[int]] = [[1 << (s // 5)] for s in range(NUM_WALK_STATES)]
#: END_TILES[s][r] is ``end_tiles(s, r)`` once computed (an IndexError: not yet), for the hot loops that read
#: it directly; START_ENDS[t] is END_TILES[walk_state(t, -1)] (the same lists), for a pick-up from tile t.
END_TILES: Final = _end_tiles
START_ENDS: Final = tuple(_end_tiles[t * 5] for t in range(NUM_TILES))
_revisit: dict[tuple[int, int], int] = {}


def reach_states(s: int, r: int) -> int:
    """Bit set of the walk states reached by walks of exactly ``r`` steps from walk state ``s``."""
    lst = _reach[s]
    while len(lst) <= r:
        m = lst[-1]
        new = 0
        while m:
            low = m & -m
            new |= _SUCC_MASK[low.bit_length() - 1]
            m ^= low
        lst.append(new)
        _end_tiles[s].append(_states_to_tiles(new))
    return lst[r]


def end_tiles(s: int, r: int) -> int:
    """Bit set of the tiles on which a walk of exactly ``r`` steps from ``s`` can end."""
    lst = _end_tiles[s]
    if len(lst) <= r:
        reach_states(s, r)
    return lst[r]


#: A walk must take at least this many steps to come back to a tile (the rulebook: "It takes at least
#: 5 Meeples to complete a loop" — one drop on the tile, four more to come round to it again).
MIN_LOOP: Final = 4


def revisit_tiles(s: int, r: int) -> int:
    """Bit set of the tiles ``t`` on which some walk of exactly ``r`` steps from ``s`` ends after having
    already dropped on ``t`` at an earlier step (1 <= i < r)."""
    key = (s, r)
    hit = _revisit.get(key)
    if hit is not None:
        return hit
    tiles = 0
    for i in range(1, r - MIN_LOOP + 1):
        m = reach_states(s, i)
        while m:
            low = m & -m
            x = low.bit_length() - 1
            m ^= low
            t = x // 5
            if not tiles >> t & 1 and end_tiles(x, r - i) >> t & 1:
                tiles |= 1 << t
    _revisit[key] = tiles
    return tiles


def completion_exists(s: int, r: int, hand: Sequence[int], colour_masks: Sequence[int]) -> bool:
    """Whether ``r`` more drops from walk state ``s`` (the meeples in ``hand``) can end legally.

    The last meeple must land on a tile that already holds one of its colour. ``colour_masks[c]`` is the
    set of tiles now holding colour ``c``. The colour can also have been dropped there earlier in the same
    walk, which needs two meeples of that colour in hand and a walk that comes back to the tile.
    """
    if r <= 0:
        return False
    ends = end_tiles(s, r)
    for c in range(COLOURS):
        if hand[c] and ends & colour_masks[c]:
            return True
    if r > MIN_LOOP:
        for c in range(COLOURS):
            if hand[c] >= 2:
                return revisit_tiles(s, r) != 0
    return False
