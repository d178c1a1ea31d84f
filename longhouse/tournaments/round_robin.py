"""Round robin (``docs/tournaments.md``, "Round robin"): everyone meets everyone, at tables of two to four.

**Two a table**: the circle method (Berger tables). With an odd number of players a "nobody" joins, and
whoever is paired with it has the bye that round; player 0 stays put and the others turn one place each
round. ``n`` players play ``n - 1`` rounds (``n`` when ``n`` is odd); seats alternate so that everyone sits
first about as often.

**Three or four a table**: round by round, until every pair has met at least once. Each round has the
Swiss round's table sizes and byes (``swiss.split``: sizes as even as they can be, byes only when the
smallest table would be below the game's minimum; byes to those who have had the fewest, the lowest seed
first). Its tables are the lightest arrangement found (``weight``): first the fewest pairs who have met
before, then, of those, the pairs who have met least (the sum of the squares of their meetings). Found by a
fill in seed order (``swiss.fill``: each table opened by the first player left, each seat to the one with the
lightest meetings there), improved by swapping two players of two tables while a swap makes it lighter; then
the same from fills in shuffled orders (``RESTARTS``, a generator seeded by the players: every process finds
the same), the lightest kept, the first of equals; within ``BUDGET`` looks a round. No single swap makes the
chosen round lighter (unless the budget ran out).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations

from longhouse.tournaments.swiss import Met, Round, fill, met_pairs, split

#: Search steps a round's arrangement may take (far more than a few dozen players need to look at all).
BUDGET = 60_000
#: Shuffled fills tried a round, at most.
RESTARTS = 30
#: Rounds at most, whatever happens (a guard: the schedule needs far fewer).
MOST_ROUNDS = 255
#: The weight of one repeated pair, more than the squares of any pair's meetings at one table can add up to.
REPEAT = 100_000


def rounds_needed(players: Sequence[int], size: int = 2, least: int = 2) -> int:
    """How many rounds ``players`` (in seed order) play at ``size`` a table."""
    n = len(players)
    if size == 2:
        return n - 1 if n % 2 == 0 else n
    return len(schedule(players, size, least))


def _berger(players: Sequence[int]) -> list[Round]:
    ring: list[int | None] = list(players)
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    out = []
    for r in range(n - 1):
        tables: list[list[int]] = []
        byes: list[int] = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None or b is None:
                byes.extend(p for p in (a, b) if p is not None)
            else:
                tables.append([a, b] if (r + i) % 2 == 0 else [b, a])
        out.append(Round(tables, byes))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return out


def _fill(seated: list[int], sizes: list[int], met: Met) -> list[list[int]]:
    """Table by table (the larger first): the first player left in seed order opens it, and each seat goes to
    the player left whose meetings with those at it weigh least (the first in seed order of equals)."""
    return fill(seated, sizes, lambda player, table: _seat_cost(player, table, met))


def _pair_weight(a: int, b: int, met: Met) -> int:
    """What seating ``a`` with ``b`` costs, having met ``m`` times before: nothing when they have not met;
    else ``REPEAT`` (a repeated pair: the fewest of those first) plus ``m²`` (of equally many repeats, the
    pairs who have met least)."""
    times = met.get(frozenset((a, b)), 0)
    return REPEAT + times * times if times else 0


def weight(tables: Sequence[Sequence[int]], met: Met) -> int:
    """The weight of a round's tables: ``_pair_weight`` over the pairs at each table."""
    return sum(_pair_weight(a, b, met) for t in tables for a, b in combinations(t, 2))


def _seat_cost(player: int, table: Sequence[int], met: Met) -> int:
    return sum(_pair_weight(player, other, met) for other in table)


def _improve(tables: list[list[int]], met: Met, budget: int) -> tuple[list[list[int]], int]:
    """Swap two players of two tables while that lowers the weight (the first such swap in table and seat
    order, again and again), within ``budget`` looks: no single swap lowers the weight of what it returns
    unless the budget ran out. Returns the tables and the looks left."""
    tables = [list(t) for t in tables]
    improved = True
    while improved and budget > 0:
        improved = False
        for i, j in combinations(range(len(tables)), 2):
            a_table, b_table = tables[i], tables[j]
            for x in range(len(a_table)):
                for y in range(len(b_table)):
                    budget -= 1
                    a, b = a_table[x], b_table[y]
                    rest_a = a_table[:x] + a_table[x + 1:]
                    rest_b = b_table[:y] + b_table[y + 1:]
                    if (_seat_cost(b, rest_a, met) + _seat_cost(a, rest_b, met)
                            < _seat_cost(a, rest_a, met) + _seat_cost(b, rest_b, met)):
                        a_table[x], b_table[y] = b, a
                        improved = True
    return tables, budget


def _arrange(seated: list[int], sizes: list[int], met: Met, budget: int) -> list[list[int]]:
    """The lightest of the arrangements found: the seed-order fill improved by swaps, then fills of the
    players in shuffled orders (a generator seeded by the players, so every process finds the same) improved
    likewise, while the budget lasts; of equal weight the first found."""
    best, budget = _improve(_fill(seated, sizes, met), met, budget)
    best_weight = weight(best, met)
    rng = random.Random(",".join(map(str, seated)))
    tries = 0
    while budget > 0 and best_weight > 0 and tries < RESTARTS:
        tries += 1
        order = list(seated)
        rng.shuffle(order)
        found, budget = _improve(_fill(order, sizes, met), met, budget)
        found_weight = weight(found, met)
        if found_weight < best_weight:
            best, best_weight = found, found_weight
    return best


def next_round(players: Sequence[int], size: int, met: Met | None = None,
               byes_had: Mapping[int, int] | None = None, least: int = 2, budget: int = BUDGET) -> Round:
    """One round at ``size`` (3 or 4) a table for ``players`` (in seed order), after the meetings ``met``."""
    met = met or {}
    sizes, byes, seated = split(players, size, byes_had, least)
    if not sizes:
        return Round([], byes)
    return Round(_arrange(seated, sizes, met, budget), byes)


def everyone_met(players: Sequence[int], met: Met) -> bool:
    return all(met.get(frozenset(pair), 0) for pair in combinations(players, 2))


def schedule(players: Sequence[int], size: int = 2, least: int = 2) -> list[Round]:
    """Every round of a round robin between ``players`` (in seeding order) at ``size`` a table."""
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    if size == 2:
        return _berger(players)
    out: list[Round] = []
    byes_had: dict[int, int] = {}
    while not everyone_met(players, met_pairs(t for r in out for t in r.tables)) and len(out) < MOST_ROUNDS:
        played = met_pairs(t for r in out for t in r.tables)
        done = next_round(players, size, played, byes_had, least)
        if not done.tables:
            break
        for b in done.byes:
            byes_had[b] = byes_had.get(b, 0) + 1
        out.append(done)
    return out
