"""Pairing properties (hypothesis): every registered player sits at exactly one table or has a bye, table
sizes are balanced, and no pair meets again while a round without that repeat exists (checked against an
exhaustive search of every arrangement); round robin and knock-out brackets."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from longhouse.tournaments import knockout, points, round_robin, swiss
from longhouse.tournaments.standings import Played, standings


def partitions(players: list[int], sizes: list[int]) -> Iterator[list[list[int]]]:
    """Every way to seat ``players`` at tables of ``sizes`` (unordered tables of equal size counted once)."""
    if not sizes:
        yield []
        return
    head, rest = players[0], players[1:]
    size = sizes[0]
    for mates in combinations(rest, size - 1):
        left = [p for p in rest if p not in mates]
        for others in partitions(left, sizes[1:]):
            yield [[head, *mates], *others]


def fewest_repeats(players: list[int], sizes: list[int], met: dict[frozenset[int], int]) -> int:
    import itertools

    best = None
    for order in set(itertools.permutations(sizes)):  # which table size the best-ranked player left opens
        for tables in partitions(players, list(order)):
            r = swiss.repeats(tables, met)
            best = r if best is None else min(best, r)
    assert best is not None
    return best


@st.composite
def histories(draw: st.DrawFn, most: int = 12) -> Any:
    n = draw(st.integers(1, most))
    size = draw(st.integers(2, 4))
    least = draw(st.integers(2, size))
    players = list(range(100, 100 + n))
    earlier = []
    byes_had: dict[int, int] = {}
    for _ in range(draw(st.integers(0, 4))):  # earlier rounds: random tables of random sizes
        shuffled = draw(st.permutations(players))
        cuts = draw(st.lists(st.integers(2, 4), max_size=6))
        i = 0
        for c in cuts:
            if i + c <= n:
                earlier.append(shuffled[i:i + c])
                i += c
        for p in shuffled[i:i + 1]:
            byes_had[p] = byes_had.get(p, 0) + 1
    order = draw(st.permutations(players))
    return list(order), size, least, swiss.met_pairs(earlier), byes_had


@settings(max_examples=300, deadline=None)
@given(histories())
def test_every_player_once_and_sizes_balanced(case: Any) -> None:
    order, size, least, met, byes_had = case
    done = swiss.pair(order, size, met, byes_had, least)
    assert sorted(done.players()) == sorted(order)
    sizes = [len(t) for t in done.tables]
    if sizes:
        assert max(sizes) - min(sizes) <= 1
        assert all(least <= s <= size for s in sizes)
        assert len(sizes) == -(-(len(order) - len(done.byes)) // size)
    # the fewest byes that make such tables possible
    for fewer in range(len(done.byes)):
        m = len(order) - fewer
        tables = -(-m // size)
        assert m and m // tables < least
    # byes go to the lowest-ranked of those with the fewest byes so far
    for b in done.byes:
        for p in order:
            if p not in done.byes:
                assert (byes_had.get(p, 0), -order.index(p)) >= (byes_had.get(b, 0), -order.index(b))


@settings(max_examples=200, deadline=None)
@given(histories(most=9))
def test_no_repeat_while_one_can_be_avoided(case: Any) -> None:
    order, size, least, met, byes_had = case
    done = swiss.pair(order, size, met, byes_had, least)
    seated = [p for p in order if p not in done.byes]
    assert swiss.repeats(done.tables, met) == fewest_repeats(seated, [len(t) for t in done.tables], met)


def test_tables_come_from_the_standings() -> None:
    first = swiss.pair(list(range(10)), 4)
    assert first.tables == [[0, 1, 2, 3], [4, 5, 6], [7, 8, 9]]
    second = swiss.pair(list(range(10)), 4, swiss.met_pairs(first.tables))
    assert swiss.repeats(second.tables, swiss.met_pairs(first.tables)) == 1  # three groups, a table of four
    assert second.tables[0][0] == 0


def test_sizes_and_byes() -> None:
    assert swiss.table_sizes(10, 4) == ([4, 3, 3], 0)
    assert swiss.table_sizes(7, 2) == ([2, 2, 2], 1)
    assert swiss.table_sizes(7, 3, least=3) == ([3, 3], 1)
    assert swiss.table_sizes(1, 3) == ([], 1)
    assert swiss.pair([1, 2, 3], 2, byes_had={3: 1}).byes == [2]


@given(st.integers(2, 12))
def test_round_robin_everyone_meets_everyone_once(n: int) -> None:
    players = list(range(n))
    rounds = round_robin.schedule(players)
    assert len(rounds) == round_robin.rounds_needed(list(range(n)))
    met = swiss.met_pairs(t for r in rounds for t in r.tables)
    assert set(met) == {frozenset(p) for p in combinations(players, 2)}
    assert set(met.values()) == {1}
    for r in rounds:
        assert sorted(r.players()) == players
        assert len(r.byes) == n % 2


@given(st.integers(2, 40))
def test_knockout_bracket(n: int) -> None:
    seeded = list(range(n))
    slots = knockout.first_round(seeded)
    assert sorted(p for s in slots for p in s) == seeded
    places = 1 << knockout.rounds_needed(n)
    assert sum(1 for s in slots if len(s) == 1) == places - n  # the byes: the top seeds
    assert all(s[0] < places - n for s in slots if len(s) == 1)
    final = slots
    while len(final) > 1:  # the higher seed wins every table
        final = knockout.next_round([min(s) for s in final])
    assert final == [[0, 1]]  # the two top seeds meet only in the final


def test_knockout_winner_on_a_draw() -> None:
    assert knockout.winner([5, 9], [0, 1], [10, 10], {5: 1, 9: 0}) == 9  # the higher seed
    assert knockout.winner([5, 9], [0, 1], [11, 10], {5: 1, 9: 0}) == 5  # the higher score
    assert knockout.winner([5, 9], [1], [0, 30], {5: 0, 9: 1}, forfeits=[1]) == 5


def test_points_for_places() -> None:
    assert [points.place_points(4, p) for p in range(4)] == [6, 4, 2, 0]
    assert [points.place_points(3, p) for p in range(3)] == [6, 3, 0]
    assert points.table_points([(0, 1, -5), (0, 1, -5), (0, 1, -1)]) == [4.5, 4.5, 0]
    keys = points.result_keys({"winners": [1], "scores": [3, 9, 5, 5]}, 4, forfeits=[2])
    assert points.table_points(keys) == [2, 6, 0, 4]


@given(st.lists(st.integers(2, 4), min_size=1, max_size=6), st.randoms())
def test_a_table_hands_out_the_same_total(sizes: list[int], rnd: random.Random) -> None:
    for s in sizes:
        keys = [(rnd.randint(0, 1), rnd.randint(0, 1), -rnd.randint(0, 3)) for _ in range(s)]
        assert abs(sum(points.table_points(keys)) - points.WIN * s / 2) < 1e-9


def test_standings_tie_breaks() -> None:
    played = [Played(1, [1, 2, 3], [6, 3, 0], [30, 20, 10]), Played(1, [4, 5, 6], [6, 3, 0], [25, 20, 10]),
              Played(2, [1, 4, 5], [0, 6, 3], [1, 2, 3]), Played(2, [2, 3, 6], [6, 3, 0], [5, 5, 5])]
    rows = standings([1, 2, 3, 4, 5, 6], played)
    assert [r.player for r in rows][:2] == [4, 2]  # 12 and 9 points
    by = {r.player: r for r in rows}
    assert by[1].points == by[5].points == 6  # 1 met 2, 3, 4, 5 (9+3+12+6); 5 met 4, 6, 1, 4 (12+0+6+12)
    assert by[1].opponents == 30 and by[5].opponents == 30
    assert [r.player for r in rows].index(1) < [r.player for r in rows].index(5)  # then the score: 31 > 23
