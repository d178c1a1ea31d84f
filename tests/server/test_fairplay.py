"""Fair play in rated games, through the real hall (websockets, a fake clock): a rated result needs the people
to have played it. The two holes an outsider found are played here first as they were found — rating farming
with a second account, and leaving on your turn so that the stand-in bot moves, then sitting down again — and
then the rules around them: how much of a game a stand-in may play before it is not yours, what a restart keeps,
and that a rebuild from the archive gives the same numbers."""

from __future__ import annotations

from typing import Any

import pytest
from fairgames import leave, outcome_rows, outcomes, pick, play_on, settled, started, user_id, wait_bot, wait_over
from harness import Client, FakeClock, Hall, command, join, seated_table

from longhouse.server import ratings
from longhouse.server.fairplay import Tally, tally
from longhouse.store.fairplay import Spell
from tests.waiting import until


@pytest.fixture
def hall(hall: Hall) -> Hall:
    hall.fake_clock()
    return hall


def test_farming_with_a_second_account_rates_nobody(hall: Hall) -> None:
    """Main and Alt sit down, Alt disconnects, after the away grace Main seats a random bot for Alt and leaves:
    the bots decide the game, and it used to be rated Main over Alt (8 games took Main to the top)."""
    assert hall.clock is not None
    people = [Client(hall, "Main"), Client(hall, "Alt")]
    for _ in range(2):
        tid, (main, alt) = started(people)
        alt.close()
        hall.clock.advance(61)  # Settings.away_grace
        command(main, "/bot random 2")
        wait_bot(main, 1)
        leave(main, 0)
        wait_over(main)
        main.close()
        assert outcomes(hall, tid) == [("left", False), ("abandoned", False)]
        assert hall.hall.people.rating_history() == []  # decided by stand-in bots: nobody is rated


def test_the_farmer_who_plays_on_gains_nothing_and_the_absent_account_forfeits(hall: Hall) -> None:
    assert hall.clock is not None
    tid, _, (main, alt) = seated_table(hall, ["Main", "Alt"])
    alt.close()
    hall.clock.advance(61)
    command(main, "/bot random 2")
    wait_bot(main, 1)
    play_on([main])
    assert outcomes(hall, tid) == [("finished", True), ("abandoned", False)]
    (point,) = hall.hall.people.rating_history("toy")
    assert point.user_id == user_id(hall, "Alt") and point.mu < 25.0  # rated last, alone
    assert ratings.leaderboard(hall.hall.people, "toy")[0]["name"] == "Alt"  # the only one rated: Main is not
    assert ratings.rebuild(hall.hall.people) == [point]


def test_leaving_on_your_turn_for_the_bots_move_and_sitting_down_again_forfeits_the_game(hall: Hall) -> None:
    tid, _, (ann, bob) = seated_table(hall, ["Ann", "Bob"])
    command(bob, "/leave")  # round 1: Bob has not picked; the stand-in bot picks for him at once
    ann.wait(lambda m: m["type"] == "state" and m["view"]["picked"][1], what="the bot's pick for Bob")
    join(bob, 2)  # and he is back before Ann has picked
    bob.drain()
    assert any(m["type"] == "chat" and m["text"] == "Bob takes seat 2 (Blue) back from the bot." for m in bob.messages)
    play_on([ann, bob])
    (a, b) = outcome_rows(hall, tid)
    assert (a.outcome, a.played, a.own, a.by_bots) == ("finished", True, 3, 0)
    assert (b.outcome, b.played, b.own, b.by_bots) == ("left", False, 2, 1)
    (point,) = hall.hall.people.rating_history("toy")
    assert point.user_id == user_id(hall, "Bob") and point.mu < 25.0  # the bot's move won him nothing
    assert ratings.rebuild(hall.hall.people) == [point]


def test_leaving_and_coming_back_before_any_bot_moved_costs_nothing(hall: Hall) -> None:
    tid, _, (ann, bob) = seated_table(hall, ["Ann", "Bob"])
    pick(bob)  # Bob has picked; Ann has not: there is nothing for a bot to play for him
    leave(bob, 1)
    join(bob, 2)
    play_on([ann, bob])
    assert outcomes(hall, tid) == [("finished", True), ("finished", True)]
    assert sorted(p.user_id for p in hall.hall.people.rating_history("toy")) == sorted(
        [user_id(hall, "Ann"), user_id(hall, "Bob")])


def test_a_clock_run_out_early_leaves_the_game_to_the_bot_and_unrated_for_its_player(hall: Hall) -> None:
    assert hall.clock is not None
    tid, _, (ann, bob) = seated_table(hall, ["Ann", "Bob"], time="real-time", away_bot=False)
    bob.close()
    pick(ann)
    hall.clock.advance(301)  # Bob's 5 minutes, before his first move
    wait_bot(ann, 1)
    play_on([ann])
    assert outcomes(hall, tid) == [("finished", True), ("timed_out", False)]
    assert [p.user_id for p in hall.hall.people.rating_history("toy")] == [user_id(hall, "Bob")]


def test_a_clock_run_out_late_is_still_its_players_game(hall: Hall) -> None:
    assert hall.clock is not None
    tid, (_, bob_client), (ann, bob) = seated_table(hall, ["Ann", "Bob"], time="real-time", away_bot=False)
    for _ in range(2):  # two of his three picks are his own
        pick(ann)
        pick(bob)
    pick(ann)
    bob.close()
    hall.clock.advance(1000)
    ann.wait(lambda m: m["type"] == "chat" and "time ran out" in m["text"])
    wait_over(ann)
    (_, b) = outcome_rows(hall, tid)
    assert (b.outcome, b.played, b.own, b.by_bots) == ("finished", True, 2, 1)
    assert len(hall.hall.people.rating_history("toy")) == 2  # rated as before: both
    page = bob_client.http.get("/api/players/Bob").json()
    assert page["reputation"]["counts"]["finished"] == 1 and page["reputation"]["reliability"] == 100


def test_who_held_a_seat_survives_a_restart(db_url: str) -> None:
    clock = FakeClock()
    first = Hall(db_url, clock=clock)
    try:
        tid, people, (ann, bob) = seated_table(first, ["Ann", "Bob"])
        command(bob, "/leave")
        ann.wait(lambda m: m["type"] == "state" and m["view"]["picked"][1], what="the bot's pick for Bob")
        ann.close()
        bob.close()
    finally:
        first.stop()
    second = Hall(db_url, clock=clock, port=first.port)
    try:
        ann, bob = people[0].table(tid), people[1].table(tid)
        join(bob, 2)  # his seat back from the bot, in the hall that resumed the game
        play_on([ann, bob])
        assert outcomes(second, tid) == [("finished", True), ("left", False)]
        assert [p.user_id for p in second.hall.people.rating_history("toy")] == [user_id(second, "Bob")]
    finally:
        second.stop()


def test_a_game_between_guests_or_against_bots_has_no_outcomes(hall: Hall) -> None:
    tid, _, (ann, guest) = seated_table(hall, ["Ann", None])
    play_on([ann, guest])
    assert len(outcomes(hall, tid)) == 2  # two people: their reputations count it, though nobody is rated
    assert hall.hall.people.rating_history() == []
    solo = Client(hall, "Cid")
    lobby = solo.lobby()
    lobby.send({"type": "create", "game": "toy", "seats": 2, "bots": "random"})
    created = lobby.wait_type("created")
    ws = solo.table(created["table"])
    ws.wait_type("state")
    play_on([ws])
    assert outcomes(hall, created["table"]) == []


def test_the_tally_counts_each_seats_moves_by_its_holder() -> None:
    actions: list[dict[str, Any]] = [{"seat": 0, "action": {}}, {"seat": 1, "action": {}}, {"seat": 1, "undo": 1},
               {"seat": 1, "action": {}}, {"seat": 0, "action": {}}, {"seat": 1, "action": {}},
               {"seat": 0, "action": {}}, {"seat": 1, "action": {}}]
    spells = [Spell(1, 3, None, "away"), Spell(1, 5, 11, "back"), Spell(0, 6, None, "time")]
    got = tally(actions, {0: 10, 1: 11}, spells)
    assert got == {0: Tally(2, 1, {"time"}), 1: Tally(3, 1, {"away"})}
    assert got[0].played() and got[1].played()  # 2 of 3 and 3 of 4 their own
    assert not Tally(1, 2, {"away"}).played() and not Tally(5, 1, {"left"}).played()
    assert not Tally().played() and not Tally(1, 0).played() and Tally(2, 0).played()  # at least two moves
    assert Tally(3, 3, {"resign"}).played() and not Tally(2, 3, {"resign"}).played()


def test_a_game_resigned_at_once_rates_nobody_and_one_resigned_after_playing_rates_both(hall: Hall) -> None:
    people = [Client(hall, "Main"), Client(hall, "Alt")]
    tid, (main, alt) = started(people)
    command(alt, "/resign")  # the farm by resignation: over before anyone played
    assert settled(hall, tid) == [("finished", False), ("finished", False)]
    assert hall.hall.people.rating_history() == []
    tid, (main, alt) = started(people)
    for _ in range(2):
        pick(main)
        pick(alt)
    command(alt, "/resign")
    assert settled(hall, tid) == [("finished", True), ("finished", True)]  # resigning is no leaving
    points = until(lambda: len(found := {p.user_id: p for p in hall.hall.people.rating_history("toy")}) == 2
                   and found, what="both rated")  # just after the outcomes are stored
    assert points[user_id(hall, "Main")].mu > 25.0 > points[user_id(hall, "Alt")].mu
