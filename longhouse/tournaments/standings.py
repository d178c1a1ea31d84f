"""Standings with tie-breaks (``docs/tournaments.md``, "Standings").

Players are ordered by their points (``points.py``: places at each table, and byes), then by their
opponents' points (the sum, over every table they sat at, of the points each table-mate has in the end: a
player met twice counts twice; a bye adds nothing), then by their score (the sum of their games' scores),
then by seed (registration order): a total order, the same on every process.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Played:
    """One finished table of a tournament: its players in seat order and what each earned there."""

    round: int
    players: list[int]
    points: list[float]
    scores: list[float]
    forfeits: list[int] = field(default_factory=list)  # the players (ids) who forfeited


@dataclass
class Row:
    player: int
    seed: int
    points: float = 0.0
    opponents: float = 0.0
    score: float = 0.0
    games: int = 0
    byes: int = 0
    forfeits: int = 0
    place: int = 0

    def key(self) -> tuple[float, float, float, int]:
        return (-self.points, -self.opponents, -self.score, self.seed)


def standings(seeds: Sequence[int], played: Sequence[Played], byes: Sequence[tuple[int, int, float]] = ()
              ) -> list[Row]:
    """The standings of the players ``seeds`` (in seed order) after the tables ``played`` and the ``byes``
    ((round, player, points) each); best first, ``place`` 1-based (equal on every key only for one player:
    the seed breaks the last tie)."""
    rows = {p: Row(p, i) for i, p in enumerate(seeds)}
    for game in played:
        for i, p in enumerate(game.players):
            row = rows.get(p)
            if row is None:
                continue
            row.points += game.points[i]
            row.score += game.scores[i] if i < len(game.scores) else 0.0
            row.games += 1
            row.forfeits += p in game.forfeits
    for _, p, pts in byes:
        if p in rows:
            rows[p].points += pts
            rows[p].byes += 1
    for game in played:
        for p in game.players:
            if p in rows:
                rows[p].opponents += sum(rows[o].points for o in game.players if o != p and o in rows)
    ordered = sorted(rows.values(), key=Row.key)
    for i, row in enumerate(ordered):
        row.place = i + 1
    return ordered
