"""Points for places at a table (``docs/tournaments.md``, "Points").

A place at a table of ``size`` players earns ``WIN * (size - 1 - place) / (size - 1)``: the winner always
``WIN`` (6), the last always 0, the places between evenly spaced (at four: 6, 4, 2, 0; at three: 6, 3, 0;
at two: 6, 0), so that a result at a table of four weighs as much as one at a table of three. Players who
share a place share the points of the places they cover. A bye earns ``BYE`` (3: the average place).
A player who forfeits comes after everyone who did not, and forfeits share the last places.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: The points of a win, at a table of any size; the last place earns 0.
WIN = 6.0
#: The points of a bye (no table this round): half a win, what an average place earns.
BYE = WIN / 2


def place_points(size: int, place: int) -> float:
    """The points of ``place`` (0: first) at a table of ``size`` players."""
    if size < 1 or not 0 <= place < size:
        raise ValueError(f"no place {place} at a table of {size}")
    if size == 1:
        return WIN
    return WIN * (size - 1 - place) / (size - 1)


def places(keys: Sequence[tuple[Any, ...]]) -> list[int]:
    """Each player's place from a sort key per player (smaller is better; equal keys share the place):
    competition ranking, 0-based (keys 1, 1, 2 give places 0, 0, 2)."""
    ordered = sorted(keys)
    return [ordered.index(k) for k in keys]


def table_points(keys: Sequence[tuple[Any, ...]]) -> list[float]:
    """Each player's points at one table, from a sort key per player (smaller is better): players who share
    a key share the points of the places they cover, so a table always hands out the same total."""
    size = len(keys)
    placed = places(keys)
    out = []
    for k, place in zip(keys, placed, strict=True):
        tied = sum(1 for other in keys if other == k)
        out.append(sum(place_points(size, p) for p in range(place, place + tied)) / tied)
    return out


def result_keys(result: dict[str, Any], seats: int, forfeits: Sequence[int] = ()) -> list[tuple[int, int, float]]:
    """The sort key of each seat from a finished game's result: forfeits last, then the winners, then by
    score (higher first). An abandoned game (no scores) is a forfeit of everyone at it."""
    winners = set(result.get("winners") or [])
    scores = result.get("scores") or []
    lost = set(forfeits)
    if result.get("abandoned") or not scores:
        lost = set(range(seats))
    keys = []
    for seat in range(seats):
        score = float(scores[seat]) if seat < len(scores) else 0.0
        keys.append((1 if seat in lost else 0, 0 if seat in winners and seat not in lost else 1, -score))
    return keys
