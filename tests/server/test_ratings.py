"""Ratings: OpenSkill Plackett–Luce updates against values worked out by hand, who is rated, and that a
rebuild from the archive gives exactly the numbers the games gave as they finished."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from longhouse.engine.records import Record
from longhouse.server import ratings
from longhouse.store import Store
from longhouse.store.people import PeopleStore, PlayedTable

MU, SIGMA, BETA, TAU = 25.0, 25.0 / 3, 25.0 / 6, 25.0 / 300


def test_two_players_one_game_matches_the_plackett_luce_formulas() -> None:
    """Weng & Lin's Plackett–Luce update worked through by hand for two new players, winner first."""
    var = SIGMA**2 + TAU**2  # the model first adds tau^2
    c = math.sqrt(2 * (var + BETA**2))
    p = 0.5  # exp(mu/c) / sum over both: equal means
    omega = (1 - p) * var / c
    delta = (math.sqrt(var) / c) * var / c**2 * p * (1 - p)
    sigma_after = math.sqrt(var * (1 - delta))
    table = PlayedTable(1, "toy", ["Ann", "Bob"], {0: 10, 1: 11}, {"scores": [3, 1], "winners": [0]}, 5.0)
    points = ratings.derive([table], {10, 11})
    assert [(p.user_id, p.table_id) for p in points] == [(10, 1), (11, 1)]
    assert points[0].mu == pytest.approx(MU + omega, abs=1e-9)
    assert points[1].mu == pytest.approx(MU - omega, abs=1e-9)
    assert points[0].sigma == pytest.approx(sigma_after, abs=1e-9)
    assert points[1].sigma == pytest.approx(sigma_after, abs=1e-9)
    assert points[0].mu == pytest.approx(27.635389493140497, abs=1e-9)  # as the library gives it
    assert points[0].sigma == pytest.approx(8.06590141354368, abs=1e-9)


def test_three_players_with_a_tie_then_a_second_game_carry_the_ratings_on() -> None:
    first = PlayedTable(1, "toy", ["A", "B", "C"], {0: 1, 1: 2, 2: 3}, {"scores": [9, 4, 4], "winners": [0]}, 1.0)
    second = PlayedTable(2, "toy", ["B", "A"], {0: 2, 1: 1}, {"scores": [7, 2], "winners": [0]}, 2.0)
    history = ratings.derive([first, second], {1, 2, 3})
    assert [p.user_id for p in history] == [1, 2, 3, 2, 1]
    got = [x for p in history for x in (p.mu, p.sigma)]
    # numbers computed with openskill 6.2.0's PlackettLuce() by hand on the same games
    assert got == pytest.approx([
        27.869048680749426, 8.205243377397993, 23.565475659625285, 8.058224222802378,
        23.565475659625285, 8.058224222802378,
        26.49274534372184, 7.817408884160765, 24.83400235002611, 7.946105407177624,
    ], abs=1e-9)


def test_ranks_put_winners_first_and_share_ties() -> None:
    assert ratings.ranks({"scores": [5, 9, 5, 1], "winners": [1]}, [0, 1, 2, 3]) == [1, 0, 1, 2]
    assert ratings.ranks({"scores": [5, 5], "winners": [0, 1]}, [0, 1]) == [0, 0]
    # a tie-break winner with the same score as another still ranks above them
    assert ratings.ranks({"scores": [5, 5], "winners": [1]}, [0, 1]) == [1, 0]


def test_bots_guests_single_players_and_abandoned_games_change_nothing() -> None:
    result = {"scores": [3, 1, 2], "winners": [0]}
    alone = PlayedTable(1, "toy", ["Ann", "Bot", "Guest"], {0: 10, 2: 99}, result, 1.0)
    assert ratings.derive([alone], {10}) == []  # 99 is a guest: only one registered player
    abandoned = PlayedTable(2, "toy", ["Ann", "Bob"], {0: 10, 1: 11}, {"abandoned": True}, 2.0)
    assert ratings.derive([abandoned], {10, 11}) == []
    hinted = PlayedTable(5, "toy", ["Ann", "Bob"], {0: 10, 1: 11}, result, 5.0, {"hints": True})
    assert ratings.derive([hinted], {10, 11}) == []
    with_bot = PlayedTable(3, "toy", ["Ann", "Bot", "Bob"], {0: 10, 2: 11}, result, 3.0)
    points = ratings.derive([with_bot], {10, 11})
    assert [p.user_id for p in points] == [10, 11]
    plain = ratings.derive([PlayedTable(4, "toy", ["Ann", "Bob"], {0: 10, 1: 11},
                                        {"scores": [3, 2], "winners": [0]}, 4.0)], {10, 11})
    assert [(p.mu, p.sigma) for p in points] == [(p.mu, p.sigma) for p in plain]  # the bot changed nothing


def finish(store: Store, people: PeopleStore, seated: dict[int, int], names: list[str], result: dict) -> int:
    row = store.create_table("toy", len(names), {}, [None] * len(names))
    store.start_table(row.id, Record("toy", "1", names, 7), [None] * len(names), people=seated)
    store.append_action(row.id, 0, {"seat": 0, "action": {"type": "pick", "card": 1}}, result)
    return row.id


def test_rebuild_gives_the_ratings_the_games_gave_as_they_finished(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'r.db'}")
    people = PeopleStore(store.engine, "", store.tables, store.users)
    store.keep_people_in(people.hall, people.people, people.clocks)  # as the hall does
    ids = [store.create_user(n, "x").id for n in ("Ann", "Bob", "Cid")]
    guest = store.create_user("Guest-1", None, guest=True).id
    games = [
        ({0: ids[0], 1: ids[1]}, ["Ann", "Bob"], {"scores": [3, 1], "winners": [0]}),
        ({0: ids[1], 1: ids[2], 2: ids[0]}, ["Bob", "Cid", "Ann"], {"scores": [2, 2, 5], "winners": [2]}),
        ({0: ids[2], 1: guest}, ["Cid", "Guest-1"], {"scores": [1, 4], "winners": [1]}),
        ({0: ids[2], 1: ids[0]}, ["Cid", "Ann"], {"scores": [6, 6], "winners": [0, 1]}),
    ]
    live = []
    for seated, names, result in games:
        tid = finish(store, people, seated, names, result)
        live.extend(ratings.rate_finished(people, tid))
    assert len(live) == 2 + 3 + 0 + 2
    stored = people.rating_history()
    rebuilt = ratings.rebuild(people)
    assert rebuilt == stored == live
    assert people.rating_history() == live
    board = ratings.leaderboard(people, "toy")
    assert board[0]["name"] == "Ann" and {r["name"] for r in board} == {"Ann", "Bob", "Cid"}
    assert next(r for r in board if r["name"] == "Cid")["games"] == 2
    store.close()
