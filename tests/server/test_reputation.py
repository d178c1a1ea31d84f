"""Reputation through the real hall: each outcome of a game with other people (finished, left, timed out,
abandoned — away, or a table nobody came back to), the reliability figure on the player page and beside each
seat, a table's minimum reliability, and the bar from rated tables that leaving rated games repeatedly earns."""

from __future__ import annotations

from typing import Any

import pytest
from fairgames import leave, outcomes, pick, play_on, started, wait_bot
from harness import WS, Client, Hall, command, create_table, join

from longhouse.server.reputation import BAR_AFTER, BAR_FOR, KEPT_FOR, Reputations, barred_until, standing
from longhouse.store import Store
from longhouse.store.fairplay import FINISHED, LEFT, Outcome, fair_store


@pytest.fixture
def hall(hall: Hall) -> Hall:
    hall.fake_clock()
    return hall


def left_game(hall: Hall, people: list[Client]) -> int:
    """Ann and Bob play a rated game; Bob leaves it on his first turn and a bot plays it out for him."""
    tid, (ann, bob) = started(people)
    leave(bob, 1)
    play_on([ann])
    ann.close()
    bob.close()
    return tid


def seats(ws: WS) -> list[dict[str, Any]]:
    """The seats of the latest ``table`` message ``ws`` got."""
    ws.drain(0.1)
    table: dict[str, Any] = [m for m in ws.messages if m["type"] == "table"][-1]["table"]
    return list(table["seats"])


def test_every_outcome_counts_and_the_figure_shows_on_the_page_and_beside_the_seat(hall: Hall) -> None:
    assert hall.clock is not None
    ann, bob = Client(hall, "Ann"), Client(hall, "Bob")
    finished, sockets = _played(hall, [ann, bob])
    for ws in sockets:
        ws.close()
    assert outcomes(hall, finished) == [("finished", True), ("finished", True)]
    left = left_game(hall, [ann, bob])
    assert outcomes(hall, left) == [("finished", True), ("left", False)]

    timed, (wa, wb) = started([ann, bob], time="real-time", away_bot=False)
    wb.close()
    pick(wa)
    hall.clock.advance(301)
    wait_bot(wa, 1)
    play_on([wa])
    wa.close()
    assert outcomes(hall, timed) == [("finished", True), ("timed_out", False)]

    away, (wa, wb) = started([ann, bob])  # untimed: a bot plays for one away 2 min on their turn
    wb.close()
    hall.clock.advance(121)
    wait_bot(wa, 1)
    play_on([wa])
    wa.close()
    assert outcomes(hall, away) == [("finished", True), ("abandoned", False)]

    # nobody comes back: closed as abandoned (with hints: three rated games not finished bar Bob from rated ones)
    deserted, (wa, wb) = started([ann, bob], options={"hints": True}, away_bot=False)
    lobby = ann.lobby()
    wa.close()
    wb.close()
    hall.clock.advance(2 * 3600 + 1)
    lobby.wait_listing(lambda listing: deserted not in listing)
    assert outcomes(hall, deserted) == [("abandoned", False), ("abandoned", False)]

    page = bob.http.get("/api/players/Bob").json()
    rep = page["reputation"]
    assert rep["counts"] == {"finished": 1, "left": 1, "timed_out": 1, "abandoned": 2}
    assert (rep["recent_finished"], rep["recent_games"], rep["reliability"]) == (1, 5, 20)
    assert ann.http.get("/api/players/Ann").json()["reputation"]["reliability"] == 80  # 4 of 5
    newcomer = Client(hall, "Cid").http.get("/api/players/Cid").json()["reputation"]
    assert newcomer["reliability"] is None and newcomer["recent_games"] == 0

    casual = create_table(lobby, "toy", 3, {"hints": True})  # Bob is barred from rated tables
    wc = Client(hall, "Dee").table(casual)
    wa, wb = ann.table(casual), bob.table(casual)
    join(wa, 1)
    join(wb, 2)
    join(wc, 3)
    assert [seat["reliability"] for seat in seats(wc)] == [80, 20, None]  # Dee: a newcomer


def test_a_tables_minimum_reliability_keeps_out_who_is_below_it_and_lets_newcomers_in(hall: Hall) -> None:
    ann, bob, cid = Client(hall, "Ann"), Client(hall, "Bob"), Client(hall, "Cid")
    _, sockets = _played(hall, [ann, bob])
    left_game(hall, [ann, bob])  # Bob: 1 finished of 2, 50%
    lobby = ann.lobby()
    lobby.send({"type": "create", "game": "toy", "seats": 3, "options": {"min_reliability": 101}})
    assert "from 0 to 100" in lobby.wait_type("error")["message"]
    lobby.send({"type": "create", "game": "toy", "seats": 3, "options": {"min_reliability": "90"}})
    assert "whole number" in lobby.wait_type("error")["message"]
    strict = create_table(lobby, "toy", 3, {"min_reliability": 90})
    summary = ann.table(strict).wait_type("table")["table"]
    assert summary["options"]["min_reliability"] == 90
    wb = bob.table(strict)
    command(wb, "/join 2")
    refused = wb.wait_type("error")["message"]
    assert "reliability of 90% or more; yours is 50%" in refused and "1 of your last 2 games" in refused
    wc = cid.table(strict)
    join(wc, 3)  # a newcomer has no figure: in
    fair = create_table(lobby, "toy", 2, {"min_reliability": 50})
    join(bob.table(fair), 1)  # 50% is enough for 50
    for ws in sockets:
        ws.close()


def _played(hall: Hall, people: list[Client]) -> tuple[int, list[WS]]:
    tid, sockets = started(people)
    play_on(sockets)
    return tid, sockets


def test_leaving_rated_games_repeatedly_bars_from_rated_tables_for_a_while(hall: Hall) -> None:
    assert hall.clock is not None
    ann, bob = Client(hall, "Ann"), Client(hall, "Bob")
    _, (_, wb_on) = started([ann, bob])  # a game Bob is in when the bar comes
    pick(wb_on)
    for _ in range(BAR_AFTER):
        left_game(hall, [ann, bob])
    lobby = ann.lobby()
    rated = create_table(lobby, "toy", 2)
    wb = bob.table(rated)
    command(wb, "/join")
    refused = wb.wait_type("error")["message"]
    assert f"did not finish {BAR_AFTER} rated games within 7 days" in refused and "closed to you until" in refused
    assert "tables with hints" in refused
    page = bob.http.get("/api/players/Bob").json()["reputation"]
    assert page["barred_until"] is not None
    bobs_lobby = bob.lobby()
    bobs_lobby.send({"type": "create", "game": "toy", "seats": 2, "sit": True})  # nor may he make one to sit at
    assert "closed to you until" in bobs_lobby.wait_type("error")["message"]
    casual = create_table(lobby, "toy", 2, {"hints": True})
    join(bob.table(casual), 2)  # unrated tables stay open
    leave(wb_on, 1)  # his seat in the game already begun he can always take back (no bot moved: he had picked)
    join(wb_on, 2)
    hall.clock.advance(BAR_FOR + 1)
    wb.skip()
    join(wb, 1)  # the bar is over
    assert bob.http.get("/api/players/Bob").json()["reputation"]["barred_until"] is None


def test_the_bar_rule() -> None:
    day = 86400.0
    assert barred_until([1.0 * day, 2.0 * day], 3 * day) is None
    assert barred_until([1.0 * day, 2.0 * day, 3.0 * day], 3.5 * day) == 3 * day + BAR_FOR
    assert barred_until([1.0 * day, 2.0 * day, 3.0 * day], 3 * day + BAR_FOR + 1) is None  # served
    assert barred_until([0.0, 5.0 * day, 6.0 * day], 6.1 * day) == 6 * day + BAR_FOR  # 3 within 7 days
    assert barred_until([0.0, 5.0 * day, 8.0 * day], 8.1 * day) is None  # only 2 of them within 7 days


def test_a_standing_is_kept_a_while_then_read_again_and_takes_in_each_outcome_stored_here(tmp_path: Any) -> None:
    """``Reputations.standing`` (what sitting down at a rated table checks) against a real store: what another
    process stores shows after ``KEPT_FOR``, what this one stores at once; the bar is dated at each ask."""
    store = Store(f"sqlite:///{tmp_path / 'hall.db'}")
    try:
        bob = store.create_user("Bob", None, guest=True).id
        fair = fair_store(store)
        kept = Reputations(store)
        day = 86400.0
        first = kept.standing(bob, 10 * day, now=0.0)
        assert (first.recent_games, first.barred_until) == (0, None)
        for k in range(BAR_AFTER):  # another process stores three rated games Bob left
            fair.close_game(100 + k, [Outcome(100 + k, 1, bob, "toy", 10 * day + k, LEFT, 1, 5, True, False)])
        assert kept.standing(bob, 10 * day + 5, now=KEPT_FOR - 1).recent_games == 0  # kept
        seen = kept.standing(bob, 10 * day + 5, now=KEPT_FOR + 1)  # read again
        assert (seen.counts[LEFT], seen.recent_finished, seen.recent_games) == (BAR_AFTER, 0, BAR_AFTER)
        assert seen.barred_until == 10 * day + BAR_AFTER - 1 + BAR_FOR
        assert kept.figure(bob, now=KEPT_FOR + 2) == 0  # the seat figure from the same read
        served = kept.standing(bob, 10 * day + BAR_FOR + BAR_AFTER, now=KEPT_FOR + 3)  # kept, dated anew
        assert served.barred_until is None and served.counts[LEFT] == BAR_AFTER
        for k, outcome in enumerate([FINISHED, LEFT]):  # stored here, as ``fairplay.game_over`` does
            mine = [Outcome(200 + k, 0, bob, "toy", 11 * day + k, outcome, 9, 0, True, outcome == FINISHED)]
            fair.close_game(200 + k, mine)
            kept.stored(mine)
            again = kept.standing(bob, 11 * day + k, now=KEPT_FOR + 4)
            assert again == standing(fair, bob, 11 * day + k)  # as the store says (the player page's reading)
        assert (again.counts[FINISHED], again.recent_finished, again.recent_games) == (1, 1, BAR_AFTER + 2)
        assert again.barred_until == 11 * day + 1 + BAR_FOR  # four forfeits within the week: barred again
        assert kept.figure(bob, now=KEPT_FOR + 5) == 100 // (BAR_AFTER + 2)
        kept.forget([bob])
        assert kept.standing(bob, 11 * day + 2, now=KEPT_FOR + 6) == standing(fair, bob, 11 * day + 2)
    finally:
        store.close()
