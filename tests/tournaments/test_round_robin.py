"""Round robin at three and four a table (hypothesis): every player at exactly one table or a bye each round,
the Swiss round's balanced sizes, byes spread (nobody a second before everyone has had one), every pair met
by the end, each round as light as no single swap of two players can better (the rule of
``docs/tournaments.md``), the same schedule every time; and where a perfect schedule exists it is found."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from longhouse.tournaments import round_robin, swiss


def check(players: list[int], size: int, least: int) -> list[swiss.Round]:
    rounds = round_robin.schedule(players, size, least)
    sizes, bye_count = swiss.table_sizes(len(players), size, least)
    byes_had = dict.fromkeys(players, 0)
    for number, r in enumerate(rounds):
        assert sorted(r.players()) == sorted(players), "each player at one table or a bye"
        assert sorted((len(t) for t in r.tables), reverse=True) == sizes and len(r.byes) == bye_count
        for b in r.byes:
            byes_had[b] += 1
        assert max(byes_had.values()) - min(byes_had.values()) <= 1, "nobody a second bye before everyone a first"
        before = swiss.met_pairs(t for earlier in rounds[:number] for t in earlier.tables)
        light = round_robin.weight(r.tables, before)
        for i, j in combinations(range(len(r.tables)), 2):  # no swap of two players makes the round lighter
            for x in range(len(r.tables[i])):
                for y in range(len(r.tables[j])):
                    tables = [list(t) for t in r.tables]
                    tables[i][x], tables[j][y] = tables[j][y], tables[i][x]
                    assert round_robin.weight(tables, before) >= light, (number, tables)
    met = swiss.met_pairs(t for r in rounds for t in r.tables)
    assert all(met.get(frozenset(p), 0) >= 1 for p in combinations(players, 2)), "every pair meets"
    return rounds


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 14), st.sampled_from([3, 4]), st.sampled_from([2, 3]), st.randoms(use_true_random=False))
def test_a_round_robin_at_three_or_four_a_table(n: int, size: int, least: int, rnd: random.Random) -> None:
    players = list(range(100, 100 + n))
    rnd.shuffle(players)  # any ids, in any seed order
    least = min(least, size)
    rounds = check(players, size, least)
    assert round_robin.schedule(players, size, least) == rounds, "the same schedule on every process"
    assert len(rounds) == round_robin.rounds_needed(players, size, least)
    # never fewer rounds than a player needs to meet everyone
    most_met = max(s for s in swiss.table_sizes(n, size, least)[0]) - 1
    assert len(rounds) >= -(-(n - 1) // most_met)


def test_where_everyone_can_meet_everyone_once_they_do() -> None:
    """Nine at three a table and sixteen at four (the affine planes): four and five rounds, each pair once;
    four at four: one round."""
    for n, size, rounds_wanted in ((9, 3, 4), (16, 4, 5), (4, 4, 1), (3, 3, 1)):
        rounds = check(list(range(n)), size, 2)
        assert len(rounds) == rounds_wanted
        met = swiss.met_pairs(t for r in rounds for t in r.tables)
        assert set(met.values()) == {1}


def test_the_tournaments_ten_players_at_four() -> None:
    """Ten players at four a table (4, 3, 3): everyone meets everyone in four rounds, one more than the
    fewest possible (each player meets at most three a round: three rounds at the least)."""
    rounds = check(list(range(10)), 4, 3)
    assert len(rounds) == 4
