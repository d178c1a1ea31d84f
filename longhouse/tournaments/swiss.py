"""Swiss pairing for tables of two, three or four (``docs/tournaments.md``, "Swiss").

Each round the tables are formed from the standings:

1. **Sizes.** With ``n`` players for tables of ``size`` (at least ``least``, the game's minimum), the round
   has ``ceil(m / size)`` tables for the ``m`` players seated, their sizes differing by one at most, the
   larger ones first (ten players at four a table: 4, 3, 3). ``m`` is ``n`` less the fewest byes that make
   that possible: none unless the smallest table would be below ``least`` (at two a table, one bye when
   ``n`` is odd).
2. **Byes** go to the lowest-ranked players who have had the fewest byes so far (a second bye only once
   everyone has had one).
3. **Tables**, top-down: the best-ranked player not yet seated opens the next table (a larger one first),
   which is filled with the next-ranked players — the first arrangement in that order with the fewest pairs
   of players who have met before (a search over every arrangement: a repeat happens only when none can be
   avoided, given the byes), within ``budget`` steps; past that, table by table, each seat
   to the next-ranked player with the fewest earlier meetings there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

#: Search steps allowed (over every repeat count tried) before the search settles for a table-by-table fill.
BUDGET = 300_000


@dataclass(frozen=True)
class Round:
    """One round's tables (lists of player ids, the seat order) and byes."""

    tables: list[list[int]]
    byes: list[int] = field(default_factory=list)

    def players(self) -> list[int]:
        return [p for t in self.tables for p in t] + list(self.byes)


def table_sizes(n: int, size: int, least: int = 2) -> tuple[list[int], int]:
    """The table sizes (largest first) and the number of byes for ``n`` players at ``size`` a table, no
    table smaller than ``least``: the fewest byes, then the sizes as even as they can be."""
    if not 1 <= least <= size:
        raise ValueError(f"tables of {size} cannot hold at least {least}")
    for byes in range(n + 1):
        m = n - byes
        if m == 0:
            return [], byes
        tables = -(-m // size)
        small, extra = divmod(m, tables)
        if small >= least:
            return [small + 1] * extra + [small] * (tables - extra), byes
    return [], n


def pick_byes(order: Sequence[int], count: int, byes_had: Mapping[int, int]) -> list[int]:
    """``count`` byes: the lowest-ranked of those who have had the fewest byes."""
    ranked = list(enumerate(order))
    ranked.sort(key=lambda item: (byes_had.get(item[1], 0), -item[0]))
    return [p for _, p in ranked[:count]]


def split(order: Sequence[int], size: int, byes_had: Mapping[int, int] | None, least: int
          ) -> tuple[list[int], list[int], list[int]]:
    """A round's table sizes (largest first), its byes and the players it seats (in ``order``), for the
    players of ``order`` at ``size`` a table: ``table_sizes`` and ``pick_byes``; the rule of the Swiss and of
    the round robin at three or four a table. ``ValueError`` if a player is listed twice."""
    if len(set(order)) != len(order):
        raise ValueError("a player is listed twice")
    sizes, bye_count = table_sizes(len(order), size, least)
    byes = pick_byes(order, bye_count, byes_had or {})
    return sizes, byes, [p for p in order if p not in byes]


def fill(order: Sequence[int], sizes: Sequence[int], cost: Callable[[int, list[int]], float]) -> list[list[int]]:
    """Table by table (of ``sizes``, in that order): the first player left in ``order`` opens it, and each
    seat goes to the player left whom it costs least to seat with those at it (``cost(player, table)``; the
    first in ``order`` of equals)."""
    rest = list(order)
    tables = []
    for size in sizes:
        table = [rest.pop(0)]
        while len(table) < size:
            best = min(range(len(rest)), key=lambda i: (cost(rest[i], table), i))
            table.append(rest.pop(best))
        tables.append(table)
    return tables


Met = Mapping[frozenset[int], int]


def met_pairs(tables: Iterable[Sequence[int]]) -> dict[frozenset[int], int]:
    """How often each pair of players has sat at one table, from the tables of earlier rounds."""
    out: dict[frozenset[int], int] = {}
    for t in tables:
        for a, b in combinations(t, 2):
            key = frozenset((a, b))
            out[key] = out.get(key, 0) + 1
    return out


def repeats(tables: Iterable[Sequence[int]], met: Met) -> int:
    """How many pairs at these tables have met before."""
    return sum(1 for t in tables for a, b in combinations(t, 2) if met.get(frozenset((a, b)), 0))


class _Search:
    """Depth first over the arrangements in standings order: the best-ranked player not seated opens a table
    (of the largest size left first, then the others), filled with the next-ranked players first."""

    def __init__(self, met: Met, allowed: int, budget: int) -> None:
        self.met, self.allowed, self.steps = met, allowed, budget

    def clash(self, player: int, table: list[int]) -> int:
        return sum(1 for other in table if self.met.get(frozenset((player, other)), 0))

    def fill(self, rest: list[int], sizes: list[int], done: list[list[int]], used: int) -> list[list[int]] | None:
        if not rest:
            return done
        head, others = rest[0], rest[1:]
        for size in sorted(set(sizes), reverse=True):
            left_sizes = list(sizes)
            left_sizes.remove(size)
            for mates in combinations(range(len(others)), size - 1):
                self.steps -= 1
                if self.steps < 0:
                    return None
                table = [head]
                cost = used
                for i in mates:
                    cost += self.clash(others[i], table)
                    if cost > self.allowed:
                        break
                    table.append(others[i])
                else:
                    chosen = set(mates)
                    found = self.fill([p for i, p in enumerate(others) if i not in chosen], left_sizes,
                                      [*done, table], cost)
                    if found is not None:
                        return found
                if self.steps < 0:
                    return None
        return None


def _greedy(order: list[int], sizes: list[int], met: Met) -> list[list[int]]:
    """Table by table, the best-ranked player left opens the table, and each seat goes to the
    next-ranked player with the fewest earlier meetings at it."""
    return fill(order, sizes, lambda player, table: sum(met.get(frozenset((player, o)), 0) for o in table))


def pair(order: Sequence[int], size: int, met: Met | None = None, byes_had: Mapping[int, int] | None = None,
         least: int = 2, budget: int = BUDGET) -> Round:
    """One Swiss round for the players in ``order`` (the standings, best first), at ``size`` a table."""
    met = met or {}
    sizes, byes, seated = split(order, size, byes_had, least)
    if not sizes:
        return Round([], byes)
    fallback = _greedy(seated, sizes, met)
    search = _Search(met, 0, budget)  # one budget for every repeat count tried
    for allowed in range(repeats(fallback, met) + 1):  # the table-by-table fill bounds the fewest repeats
        search.allowed = allowed
        found = search.fill(seated, sizes, [], 0)
        if found is not None:
            return Round(found, byes)
        if search.steps < 0:  # too many arrangements to look at them all
            break
    return Round(fallback, byes)
