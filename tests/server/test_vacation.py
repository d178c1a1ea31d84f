"""Vacation days through the real hall (HTTP, websockets, a fake clock): taking and ending them and what a year
allows; at a turn-based table the clock of one on vacation stands still, no bot takes the seat, the table waits
for them, the others see until when; real-time tables go on as ever; another hall process on the same store
learns of a vacation on its own."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fairgames import pick
from harness import WS, Client, FakeClock, Hall, command, seated_table

from longhouse.server.auth import COOKIE
from longhouse.server.vacation import DAY, REFRESH, days_of, days_used

TURN = 86400.0


@pytest.fixture
def hall(hall: Hall) -> Hall:
    hall.fake_clock()
    return hall


def latest_table(ws: WS) -> dict[str, Any]:
    ws.drain(0.1)
    table: dict[str, Any] = [m for m in ws.messages if m["type"] == "table"][-1]["table"]
    return table


def clock_of(ws: WS) -> dict[str, Any]:
    ws.drain(0.1)
    clock: dict[str, Any] = ws.last_state()["clock"]
    return clock


def test_vacation_days_are_taken_ended_and_counted_per_year(hall: Hall) -> None:
    assert hall.clock is not None
    ann = Client(hall, "Ann")
    got = ann.http.get("/api/vacation").json()
    assert (got["days_per_year"], got["used"], got["left"], got["current"]) == (21, 0, 21, None)
    for bad in ({"days": 0}, {"days": "3"}, {"days": True}, {"days": 2.5}, {"days": 2, "end": True}, {}, {"end": 1}):
        r = ann.http.post("/api/vacation", json=bad)
        assert r.status_code == 400 and 'send {"days": N}' in r.json()["error"], bad
    r = ann.http.post("/api/vacation", content=b"days=3", headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 415
    r = ann.http.post("/api/vacation", json={"days": 22})
    assert r.status_code == 400 and r.json()["error"] == "you have 21 vacation days left this year"
    assert ann.http.get("/api/vacation").json()["used"] == 0  # nothing changed
    taken = ann.http.post("/api/vacation", json={"days": 3}).json()
    assert taken["current"]["until"] - taken["current"]["from"] == 3 * DAY and taken["left"] == 18
    again = ann.http.post("/api/vacation", json={"days": 1})
    assert again.status_code == 409 and "on vacation already" in again.json()["error"]
    hall.clock.advance(1.5 * DAY)
    ended = ann.http.post("/api/vacation", json={"end": True}).json()
    assert ended["current"] is None and (ended["used"], ended["left"]) == (2, 19)  # the days begun
    assert ann.http.post("/api/vacation", json={"end": True}).json()["error"] == "you are not on vacation"
    guest = Client(hall)
    refused = guest.http.post("/api/vacation", json={"days": 1})
    assert refused.status_code == 403 and "guests have no vacation days" in refused.json()["error"]
    assert httpx.get(hall.url + "/api/vacation").status_code == 401


@pytest.mark.parametrize("days", [2, 0])
def test_a_halls_own_number_of_days(db_url: str, days: int) -> None:
    few = Hall(db_url, vacation_days=days)
    try:
        bob = Client(few, "Bob")
        r = bob.http.post("/api/vacation", json={"days": 3})
        if days:
            assert r.json()["error"] == "you have 2 vacation days left this year"
            assert bob.http.post("/api/vacation", json={"days": 2}).json()["left"] == 0
        else:
            assert r.status_code == 403 and r.json()["error"] == "this hall gives no vacation days"
    finally:
        few.stop()


def test_the_days_a_vacation_costs() -> None:
    assert days_of(0.0, DAY) == 1 and days_of(0.0, 60.0) == 1 and days_of(0.0, DAY + 1) == 2
    start = 1_800_000_000.0  # 2027-01-15
    assert days_used([(start, start + 3 * DAY), (start - 40 * DAY, start - 38 * DAY)], 2027) == 3
    assert days_used([(start - 40 * DAY, start - 38 * DAY)], 2026) == 2  # counted in the year it began


def test_on_vacation_a_turn_based_clock_stands_still_and_no_bot_takes_the_seat(hall: Hall) -> None:
    assert hall.clock is not None
    _tid, (_, bob_client), (ann, bob) = seated_table(hall, ["Ann", "Bob"], time="turn-based")
    pick(ann)  # Bob's turn: his 24 h run
    hall.clock.advance(3600)
    until = bob_client.http.post("/api/vacation", json={"days": 7}).json()["current"]["until"]
    clock = clock_of(ann)
    assert clock["running"] == [] and clock["left"][1] == TURN - 3600
    assert latest_table(ann)["seats"][1]["vacation"] == until
    bob.close()
    hall.clock.advance(4 * DAY)  # past his turn's 24 h and past the away rule's 3 days
    ann.skip(0.3)
    command(ann, "/bot random 2")
    assert "is on vacation until" in ann.wait_type("error")["message"]
    seat = latest_table(ann)["seats"][1]
    assert seat["kind"] == "user" and seat["name"] == "Bob" and seat["vacation"] == until
    assert clock_of(ann)["left"][1] == TURN - 3600
    hall.clock.advance(3 * DAY)  # the vacation is over: his clock runs on from where it stood
    state = ann.wait(lambda m: m["type"] == "state" and m["clock"]["running"] == [1], what="Bob's clock again")
    assert state["clock"]["left"][1] == TURN - 3600
    assert latest_table(ann)["seats"][1]["vacation"] is None
    hall.clock.advance(2 * 3600)  # away for a week, but the away rule's 3 days begin at the vacation's end
    ann.skip(0.3)
    assert latest_table(ann)["seats"][1]["kind"] == "user"
    hall.clock.advance(TURN)  # and his turn's time runs out as ever
    ann.wait(lambda m: m["type"] == "chat" and "Bob's time ran out" in m["text"])


def test_a_turn_that_begins_during_the_vacation_waits_with_its_full_time(hall: Hall) -> None:
    assert hall.clock is not None
    _tid, (_, bob_client), (ann, bob) = seated_table(hall, ["Ann", "Bob"], time="turn-based")
    pick(bob)
    bob_client.http.post("/api/vacation", json={"days": 2})
    hall.clock.advance(5 * 3600)
    pick(ann)  # a new round: both act again; Bob is away on vacation
    clock = clock_of(ann)
    assert clock["running"] == [0] and clock["left"] == [TURN, TURN]
    bob.close()
    hall.clock.advance(2 * DAY)
    state = ann.wait(lambda m: m["type"] == "state" and 1 in m["clock"]["running"], what="Bob's clock again")
    assert state["clock"]["left"][1] == TURN


def test_real_time_tables_are_not_affected(hall: Hall) -> None:
    assert hall.clock is not None
    _tid, (_, bob_client), (ann, bob) = seated_table(hall, ["Ann", "Bob"], time="real-time", away_bot=False)
    bob_client.http.post("/api/vacation", json={"days": 2})
    assert latest_table(ann)["seats"][1]["vacation"] is None
    assert clock_of(ann)["running"] == [0, 1]
    bob.close()
    pick(ann)
    hall.clock.advance(301)
    ann.wait(lambda m: m["type"] == "chat" and "Bob's time ran out" in m["text"])


def test_a_deserted_table_waits_for_one_on_vacation(hall: Hall) -> None:
    assert hall.clock is not None
    tid, (ann_client, bob_client), (ann, bob) = seated_table(hall, ["Ann", "Bob"], time="turn-based", away_bot=False)
    pick(ann)
    bob_client.http.post("/api/vacation", json={"days": 21})
    lobby = ann_client.lobby()
    ann.close()
    bob.close()
    hall.clock.advance(15 * DAY)  # deserted for longer than a turn-based table's 14 days
    lobby.skip(0.3)
    assert hall.hall.tables[tid].status == "running"
    hall.clock.advance(6 * DAY + 1)  # the vacation ends: the 14 days begin now
    lobby.skip(0.3)
    hall.clock.advance(13 * DAY)
    lobby.skip(0.3)
    assert hall.store.table(tid).status == "running"  # type: ignore[union-attr]
    hall.clock.advance(DAY + 1)
    lobby.wait_listing(lambda listing: tid not in listing)
    row = hall.store.table(tid)
    assert row is not None and row.result is not None and row.result["abandoned"] is True


def test_another_process_learns_of_a_vacation_from_the_store(db_url: str) -> None:
    """Two halls on one store: the table is the second's, the vacation is asked of the first; the second reads
    the current vacations every ``REFRESH`` seconds of its clock and stops the clock then."""
    clock = FakeClock()
    first, second = Hall(db_url, clock=clock), Hall(db_url, clock=clock)
    try:
        _tid, (_, bob_client), (ann, _bob) = seated_table(second, ["Ann", "Bob"], time="turn-based")
        pick(ann)
        asked = httpx.post(first.url + "/api/vacation", json={"days": 3}, cookies={COOKIE: bob_client.token})
        assert asked.status_code == 200
        ann.skip(0.3)
        assert clock_of(ann)["running"] == [1]  # the second process has not read it yet
        clock.advance(REFRESH)
        ann.wait(lambda m: m["type"] == "state" and m["clock"]["running"] == [], what="Bob's clock held")
        assert latest_table(ann)["seats"][1]["vacation"] == asked.json()["current"]["until"]
    finally:
        first.stop()
        second.stop()
