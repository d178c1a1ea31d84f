"""The territory as an explicit area graph: area → landscape, neighbours.

The graph is built from the tile data in ``data.py`` (tiles in chain order, each possibly turned by
180°). Rules only ever read ``land``, ``adj`` and ``areas_of``, so a real tile geometry can replace the
assumed one by changing the data alone.
"""

from __future__ import annotations

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

    @property
    def size(self) -> int:
        return len(self.land)

    def to_json(self) -> dict[str, object]:
        return {"tiles": [[t, r] for t, r in self.tiles], "layout": self.layout}


def build(tiles: Sequence[tuple[int, bool]], layout: str) -> Territory:
    """The area graph of a chain of tiles in the given layout (data §3)."""
    land: list[int] = []
    for number, turned in tiles:
        printed = D.TILES[number]
        land.extend(printed[D.ROTATED_SLOT[s]] if turned else printed[s] for s in range(5))
    edges: set[tuple[int, int]] = set()

    def join(a: int, b: int) -> None:
        edges.add((min(a, b), max(a, b)))

    for i in range(len(tiles)):
        for a, b in D.TILE_EDGES:
            join(5 * i + a, 5 * i + b)
    joined = D.LAYOUT_JOINED_LANDSCAPE[layout]
    for i in range(len(tiles) - 1):
        for a, b in D.CHAIN_EDGES:
            join(5 * i + a, 5 * (i + 1) + b)
        if joined >= 0:
            left = next(5 * i + s for s in range(5) if land[5 * i + s] == joined)
            right = next(5 * (i + 1) + s for s in range(5) if land[5 * (i + 1) + s] == joined)
            join(left, right)
    adj: list[list[int]] = [[] for _ in land]
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    return Territory(
        tiles=tuple((int(t), bool(r)) for t, r in tiles),
        layout=layout,
        land=tuple(land),
        adj=tuple(tuple(sorted(n)) for n in adj),
        areas_of=tuple(tuple(a for a, x in enumerate(land) if x == lk) for lk in range(5)),
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
