"""Clock holes an outsider found (issue 29, item 8): a move after the time ran out was played (expiry was
looked at only on the tick), every ``/join`` back after a time-out gave another increment, and a connected
player could stall an untimed game for ever. Each test failed on the hall before its fix."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from harness import WS, FakeClock, Hall, command, seated_table


@pytest.fixture
def slow_hall(db_url: str) -> Iterator[Hall]:
    """A hall on a fake clock whose tick never comes during a test, and whose bots wait 30 s before a move."""
    h = Hall(db_url, clock=FakeClock(), tick=1000.0, bot_delay=30.0)
    yield h
    h.stop()


def lowest(ws: WS) -> dict[str, object]:
    ws.drain(0.05)
    state = ws.last_state()
    return {"type": "action", "version": state["version"],
            "action": {"type": "pick", "card": state["view"]["you"]["hand"][0]}}


def test_a_move_after_the_time_ran_out_is_not_played_and_a_comeback_comes_once(slow_hall: Hall) -> None:
    hall = slow_hall
    assert hall.clock is not None
    tid, _, (wa, wb) = seated_table(hall, ["Ann", "Bob"], time="real-time")
    wb.send(lowest(wb))  # Bob picks; only Ann's clock runs now
    wa.wait(lambda m: m["type"] == "state" and m["version"] == 1)
    hall.clock.advance(300.4)  # 0.4 s after Ann's 300 s ran out, and no tick has looked yet
    wa.send(lowest(wa))
    wa.wait(lambda m: m["type"] == "table" and m["table"]["seats"][0]["kind"] == "bot")  # handed over, then:
    assert wa.wait_type("error")["code"] == "time"
    assert len(hall.store.entries(tid)) == 1  # her move was not stored

    command(wa, "/join 1")  # back before her bot moved: one increment, 20 s, to move in
    back = wa.wait(lambda m: m["type"] == "state" and m["seat"] == 0)
    assert back["clock"]["left"][0] == 20.0
    hall.clock.advance(20.5)
    wa.send(lowest(wa))
    assert wa.wait_type("error")["code"] == "time"
    wa.skip()
    command(wa, "/join 1")  # the same position again: no second increment
    assert "ran out again" in wa.wait_type("error", code="command")["message"]
    command(wa, "/who")
    who = wa.wait(lambda m: m["type"] == "chat" and m.get("private") and m["text"].startswith("Seats"))
    assert "1 Red: Bot Red (bot)" in who["text"]
    assert len(hall.store.entries(tid)) == 1


def test_a_connected_player_who_stalls_an_untimed_game_may_be_handed_to_a_bot(db_url: str) -> None:
    hall = Hall(db_url, clock=FakeClock())
    try:
        assert hall.clock is not None
        _, _, (wa, wb) = seated_table(hall, ["Ann", "Bob"])  # untimed
        wa.send(lowest(wa))
        wa.wait(lambda m: m["type"] == "state" and m["version"] == 1)
        hall.clock.advance(599)  # Bob is connected and does not move
        wa.skip()
        command(wa, "/bot beginner 2")
        assert "waited 599 s" in wa.wait_type("error", code="command")["message"]
        hall.clock.advance(2)
        command(wa, "/bot beginner 2")
        wa.wait(lambda m: m["type"] == "table" and (m["table"]["seats"][1] or {}).get("kind") == "bot")
        wa.wait(lambda m: m["type"] == "state" and m["version"] >= 2)  # the bot played Bob's pick
        assert wb.wait(lambda m: m["type"] == "table")["you"]["seat"] is None  # Bob watches; he can /join 2
    finally:
        hall.stop()
