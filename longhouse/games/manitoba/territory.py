"""The territory as an explicit area graph: area → landscape, neighbours.

The graph is built from the tile data in ``data.py`` (tiles in chain order, each possibly turned by
180°). Rules only ever read ``land``, ``adj`` and ``areas_of``, so a real tile geometry can replace the
assumed one by changing the data alone.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from longhouse.engine.text import Msg
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba.words import area_word


@dataclass(frozen=True, slots=True)
class Territory:
    """An immutable area graph. Area ``5 * i + slot`` lies on the ``i``-th tile of the chain."""

    tiles: tuple[tuple[int, bool], ...]  # (tile number, turned by 180°) in chain order
    layout: str
    land: tuple[int, ...]  # landscape of each area
    adj: tuple[tuple[int, ...], ...]  # neighbours of each area, sorted
    areas_of: tuple[tuple[int, ...], ...]  # areas of each landscape, sorted
    # Bit masks of areas (bit a: area a), for the legal-action lists (the rules' inner loop), made once per
    # territory: the areas of the landscapes of each 5-bit mask of landscapes (a passive seat places on the
    # landscapes of the disks taken), and each area's neighbours (the areas next to a seat's Cree: one OR each).
    areas_in: tuple[int, ...]  # by landscape mask 0..31
    adj_mask: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.land)

    def to_json(self) -> dict[str, object]:
        return {"tiles": [[t, r] for t, r in self.tiles], "layout": self.layout}


# Every game builds its territory (a random playout is a hundred actions or so, so the set-up weighs): the
# parts that depend only on the data are made once here, and ``build`` puts them together.
#: Each tile's landscapes in slot order, as laid (by tile number and whether it is turned by 180°).
_TILE_LAND: dict[tuple[int, bool], tuple[int, ...]] = {
    (number, turned): tuple(printed[D.ROTATED_SLOT[s]] if turned else printed[s] for s in range(5))
    for number, printed in D.TILES.items() for turned in (False, True)}


@functools.cache
def _chain(count: int) -> tuple[tuple[frozenset[int], ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The neighbours of each area in a chain of ``count`` tiles, inside tiles and between neighbouring
    tiles (any layout's), as sets, sorted tuples and bit masks."""
    near: list[set[int]] = [set() for _ in range(5 * count)]
    for i in range(count):
        for a, b in D.TILE_EDGES:
            near[5 * i + a].add(5 * i + b)
            near[5 * i + b].add(5 * i + a)
    for i in range(count - 1):
        for a, b in D.CHAIN_EDGES:
            near[5 * i + a].add(5 * (i + 1) + b)
            near[5 * (i + 1) + b].add(5 * i + a)
    return (tuple(frozenset(n) for n in near), tuple(tuple(sorted(n)) for n in near),
            tuple(sum(1 << b for b in n) for n in near))


def build(tiles: Sequence[tuple[int, bool]], layout: str) -> Territory:
    """The area graph of a chain of tiles in the given layout (data §3)."""
    laid = [_TILE_LAND[number, bool(turned)] for number, turned in tiles]
    land = tuple(itertools.chain.from_iterable(laid))
    count = len(laid)
    sets, adj, adj_mask = _chain(count)
    joined = D.LAYOUT_JOINED_LANDSCAPE[layout]
    if joined >= 0 and count > 1:
        # the joined landscape's area of each tile borders that of the next (data §3)
        ends = [5 * i + tile.index(joined) for i, tile in enumerate(laid)]
        more: list[set[int]] = [set() for _ in land]
        for left, right in itertools.pairwise(ends):
            more[left].add(right)
            more[right].add(left)
        adj = tuple(tuple(sorted(sets[a] | extra)) if extra else adj[a] for a, extra in enumerate(more))
        adj_mask = tuple(sum(1 << b for b in n) for n in adj)
    of_land = [0] * 5
    areas_of: list[list[int]] = [[], [], [], [], []]
    for a, x in enumerate(land):
        of_land[x] |= 1 << a
        areas_of[x].append(a)
    areas_in = [0]
    for bits in of_land:  # the masks with landscape x follow those without it: a mask's areas are a union
        areas_in += [m | bits for m in areas_in]
    return Territory(
        tiles=tuple((int(t), bool(r)) for t, r in tiles),
        layout=layout,
        land=land,
        adj=adj,
        areas_of=tuple(map(tuple, areas_of)),
        areas_in=tuple(areas_in),
        adj_mask=adj_mask,
    )


def largest_group(territory: Territory, cree: Sequence[int], seat: int) -> int:
    """The size of the largest connected group of areas holding ``seat``'s Cree (R12)."""
    mine = {a for a, s in enumerate(cree) if s == seat}
    best = 0
    while mine:
        stack = [mine.pop()]
        size = 0
        while stack:
            a = stack.pop()
            size += 1
            for b in territory.adj[a]:
                if b in mine:
                    mine.remove(b)
                    stack.append(b)
        best = max(best, size)
    return best


#: Area names by landscape and tile index (the rules name areas in the events of nearly every move).
_NAMES: tuple[tuple[Msg, ...], ...] = tuple(tuple(area_word(land, i + 1) for i in range(len(D.TILES)))
                                            for land in range(len(D.LANDSCAPES)))


def area_name(territory: Territory, area: int) -> Msg:
    """The name of an area everywhere (board, move log, action words): its landscape and the number of
    its tile in the chain, counted from 1 on the left — "Hills 2". Each tile has one area of every
    landscape, so the name is unique."""
    return _NAMES[territory.land[area]][area // 5]
