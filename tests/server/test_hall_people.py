"""The hall for real people, over real websockets with a fake clock (nothing waits for a timeout): clocks and
the time-out bot, a restart in the middle, away players, giving up a seat, abandoned and stale tables,
private tables, rematch and ratings."""

from __future__ import annotations

from typing import Any

import pytest
from harness import WS, Client, FakeClock, Hall, command, create_table, play_out, seated_table

from longhouse.server.ratings import derive
from longhouse.server.timekeeper import WAITING_TTL


@pytest.fixture
def hall(hall: Hall) -> Hall:
    """The hall with its time on a fake clock (``hall.clock.advance``)."""
    hall.fake_clock()
    return hall


def seated(hall: Hall, names: list[str | None], **settings: Any) -> tuple[int, list[Client], list[WS]]:
    """A toy table with these people (None: a guest) at seats 1..n, started, each with a socket open."""
    return seated_table(hall, names, **settings)


def pick(ws: WS) -> dict[str, Any]:
    """Play the seat's lowest card and return the state that acknowledges it."""
    ws.drain(0.05)  # the latest state this socket has been sent
    state = ws.last_state()
    version = state["version"]
    ws.send({"type": "action", "version": version, "action": {"type": "pick", "card": state["view"]["you"]["hand"][0]}})
    return ws.wait(lambda m: m["type"] == "state" and m["version"] > version and m["by"] == state["seat"])


def test_clocks_run_for_every_acting_seat_and_a_move_earns_the_increment(hall: Hall) -> None:
    _tid, _, (wa, wb) = seated(hall, ["Ann", "Bob"], time="real-time")
    first = wa.last_state()
    assert first["clock"]["left"] == [300.0, 300.0] and first["clock"]["running"] == [0, 1]
    hall.clock.advance(40)
    after = pick(wa)
    assert after["clock"]["left"] == [280.0, 260.0] and after["clock"]["running"] == [1]  # 300-40+20; 300-40
    hall.clock.advance(10)
    after = pick(wb)  # the round ends: both act again
    assert after["clock"]["left"] == [280.0, 270.0] and after["clock"]["running"] == [0, 1]
    table = [m for m in wa.messages if m["type"] == "table"][-1]["table"]
    assert table["time_control"]["key"] == "real-time" and table["time_control"]["title"].startswith("Real time")


def test_a_closed_tab_times_out_and_a_bot_finishes_the_game(hall: Hall) -> None:
    tid, (_ann, _bob), (wa, wb) = seated(hall, ["Ann", "Bob"], time="real-time")
    wb.close()
    pick(wa)
    hall.clock.advance(301)  # Bob's 300 s are up
    line = wa.wait(lambda m: m["type"] == "chat" and "time ran out" in m["text"])
    assert "Bob" in line["text"] and "/join 2" in line["text"]
    wa.wait(lambda m: m["type"] == "table" and m["table"]["seats"][1]["kind"] == "bot")
    while not wa.last_state().get("result"):
        state = wa.last_state()
        if 0 in state["acting"]:
            pick(wa)
        else:
            wa.wait(lambda m: m["type"] == "state" and m["version"] > state["version"])  # noqa: B023
    row = hall.store.table(tid)
    assert row is not None and row.status == "over"
    # Bob comes back to a finished game: nothing to reclaim; a running one he could take back (below)


def test_a_timed_out_player_takes_the_seat_back_with_one_increment(hall: Hall) -> None:
    tid, (_ann, bob, _cid), (wa, wb, wc) = seated(hall, ["Ann", "Bob", "Cid"], time="real-time", away_bot=False)
    wb.close()
    pick(wa)
    pick(wc)
    hall.clock.advance(301)  # only Bob's clock runs
    wa.wait(lambda m: m["type"] == "table" and m["table"]["seats"][1]["kind"] == "bot")
    # his bot picked for him, in round 0 and then in round 1 (he takes the seat back only after that pick:
    # taken back sooner, the round-1 pick is his own to make and his 20 s would run instead)
    wa.wait(lambda m: m["type"] == "state" and m["view"]["round"] == 1 and m["view"]["picked"][1])
    back = bob.table(tid)
    command(back, "/join 2")
    state = back.wait(lambda m: m["type"] == "state" and m["seat"] == 1)
    # his bot already picked this round for him; Ann and Cid picked at once: 300 (the increment never takes a
    # reserve above its start)
    assert state["clock"]["left"] == [300.0, 20.0, 300.0]
    pick(wa)
    pick(wc)  # the next round: Bob's 20 s run
    state = back.wait(lambda m: m["type"] == "state" and m["view"]["round"] == 2)
    assert state["clock"]["left"][1] == 20.0 and 1 in state["clock"]["running"]


def test_a_restart_neither_gives_nor_takes_time(db_url: str) -> None:
    clock = FakeClock()
    first = Hall(db_url, clock=clock)
    try:
        tid, people, sockets = seated(first, ["Ann", "Bob"], time="relaxed")
        clock.advance(100)
        for ws in sockets:
            ws.close()
    finally:
        first.stop()
    clock.advance(3600)  # the hall is down for an hour
    second = Hall(db_url, clock=clock, port=first.port)
    try:
        ws = people[0].table(tid)
        state = ws.wait_type("state")
        assert state["clock"]["left"] == [1100.0, 1100.0] and state["clock"]["running"] == [0, 1]
        clock.advance(50)
        assert pick(ws)["clock"]["left"] == [1110.0, 1050.0]  # 1100-50+60; 1100-50
    finally:
        second.stop()


def test_away_players_are_marked_and_a_bot_plays_after_the_grace_period(hall: Hall) -> None:
    _tid, _, (wa, wb) = seated(hall, ["Ann", "Bob"])  # untimed, bots stand in for the away (the default)
    wb.close()
    hall.clock.advance(30)
    marked = wa.wait(lambda m: m["type"] == "table" and m["table"]["seats"][1]["away"] is not None)
    assert marked["table"]["seats"][1]["connected"] is False
    hall.clock.advance(100)  # 130 s > the untimed grace of 120 s
    line = wa.wait(lambda m: m["type"] == "chat" and "away" in m["text"] and "a bot plays" in m["text"])
    assert "Bob has been away for 2 min" in line["text"]
    wa.wait(lambda m: m["type"] == "table" and m["table"]["seats"][1]["kind"] == "bot")


def test_no_bot_for_the_away_when_the_creator_said_so(hall: Hall) -> None:
    _tid, _, (wa, wb) = seated(hall, ["Ann", "Bob"], away_bot=False)
    wb.close()
    hall.clock.advance(3000)
    command(wa, "/who")
    who = wa.wait(lambda m: m["type"] == "chat" and m.get("private") and m["text"].startswith("Seats"))
    assert "2 Blue: Bob" in who["text"] and "(bot)" not in who["text"]


def test_leaving_a_running_game_hands_the_seat_to_a_bot_not_to_the_first_comer(hall: Hall) -> None:
    tid, (_ann, _bob), (wa, wb) = seated(hall, ["Ann", "Bob"])
    command(wb, "/leave")
    line = wa.wait(lambda m: m["type"] == "chat" and "leaves" in m["text"])
    assert "a bot plays it" in line["text"]
    wa.wait(lambda m: m["type"] == "table" and m["table"]["seats"][1]["kind"] == "bot")
    cid = Client(hall, "Cid").table(tid)
    command(cid, "/join 2")
    assert "taken" in cid.wait_type("error")["message"]
    command(wb, "/join 2")  # Bob may take his seat back
    wb.wait(lambda m: m["type"] == "table" and m["you"]["seat"] == 1)


def test_abandoned_tables_are_archived_as_abandoned_and_stale_waiting_tables_go(hall: Hall) -> None:
    tid, (ann, _bob), sockets = seated(hall, ["Ann", "Bob"], away_bot=False)
    lobby = ann.lobby()
    waiting = create_table(lobby, "toy", 2)
    ws = ann.table(waiting)
    command(ws, "/join")
    ws.wait(lambda m: m["type"] == "table" and m["you"]["seat"] == 0)
    for s in [*sockets, ws]:
        s.close()
    hall.clock.advance(WAITING_TTL + 1)
    lobby.wait_listing(lambda listing: waiting not in listing)
    assert hall.store.table(waiting) is None
    hall.clock.advance(2 * 3600)
    lobby.wait_listing(lambda listing: tid not in listing)
    row = hall.store.table(tid)
    assert row is not None and row.status == "over" and row.result is not None and row.result["abandoned"] is True
    import httpx

    archived = httpx.get(hall.url + "/api/archive").json()["tables"]
    assert next(t for t in archived if t["id"] == tid)["abandoned"] is True
    assert hall.hall.people.rating_history() == []


def test_private_tables_are_not_in_the_lobby_and_need_the_invitation(hall: Hall) -> None:
    ann, bob = Client(hall, "Ann"), Client(hall, "Bob")
    la, lb = ann.lobby(), bob.lobby()
    la.send({"type": "create", "game": "toy", "seats": 2, "private": True})
    created = la.wait_type("created")
    tid, invite = created["table"], created["invite"]
    assert invite and len(invite) >= 12
    public = create_table(la, "toy", 2)
    lb.wait_listing(lambda listing: public in listing)
    at = ann.table(tid)
    command(at, "/join")
    at.wait(lambda m: m["type"] == "table" and m["you"]["seat"] == 0 and m["invite"] == invite)
    la.send({"type": "chat", "text": "anyone?"})
    lb.wait_type("chat", text="anyone?")
    for ws in (la, lb):
        ws.drain(0.2)
        listed = [t for m in ws.messages if m["type"] in ("tables", "tables_delta")
                  for t in m.get("tables", m.get("changed", []))]
        assert any(t["id"] == public for t in listed) and all(t["id"] != tid for t in listed)
        assert all(invite not in raw for raw in ws.raw if '"created"' not in raw)
    refused = bob.ws(f"/ws/table/{tid}")
    assert "private" in refused.wait_type("error")["message"]
    guest = bob.ws(f"/ws/table/{tid}?invite=wrong")
    assert guest.wait_type("error")["code"] == "refused"
    invited = bob.ws(f"/ws/table/{tid}?invite={invite}")
    invited.wait_type("table")
    command(invited, "/join")
    invited.wait(lambda m: m["type"] == "table" and m["you"]["seat"] == 1)


def finish(sockets: list[WS]) -> None:
    """Every seat plays its lowest card whenever it is acting, until the game is over (at most 3 rounds)."""
    for _ in range(20):
        for ws in sockets:
            ws.drain(0.02)
            state = ws.last_state()
            if not state.get("result") and state["seat"] in state["acting"]:
                pick(ws)
        if sockets[0].last_state().get("result"):
            break
    for ws in sockets:
        ws.drain(0.05)
        assert ws.last_state().get("result"), "the game did not end"
        ws.wait(lambda m: m["type"] == "table" and m["table"]["status"] == "over")


def test_rematch_seats_the_same_players_rotated_and_starts_when_all_accept(hall: Hall) -> None:
    tid, _people, sockets = seated(hall, ["Ann", "Bob", "Cid"])
    command(sockets[2], "/rematch")
    assert "once the game is over" in sockets[2].wait_type("error")["message"]
    finish(sockets)
    command(sockets[1], "/rematch")
    goto = sockets[1].wait_type("goto")
    new, invite = goto["table"], goto["invite"]
    assert new != tid and invite
    offered = sockets[0].wait(lambda m: m["type"] == "table" and m["table"]["rematch"] == new)
    assert offered["table"]["rematch"] == new
    stranger = Client(hall, "Dan").table(tid)
    command(stranger, "/rematch")
    assert "only the players" in stranger.wait_type("error")["message"]
    command(sockets[0], "/rematch")
    command(sockets[2], "/rematch")
    assert sockets[0].wait_type("goto")["table"] == new and sockets[2].wait_type("goto")["table"] == new
    rematch = hall.hall.tables[new]
    assert rematch.status == "running" and rematch.settings.private and rematch.settings.rematch_of == tid
    assert rematch.record is not None and rematch.record.players == ["Bob", "Cid", "Ann"]
    old = hall.hall.table(tid)
    assert old is not None and old.record is not None and rematch.record.seed != old.record.seed


def test_ratings_change_when_two_registered_players_finish_and_not_for_guests(hall: Hall) -> None:
    tid, _, sockets = seated(hall, ["Ann", "Bob"])
    finish(sockets)
    points = hall.hall.people.rating_history("toy")
    assert sorted(p.table_id for p in points) == [tid, tid]
    played = hall.hall.people.all_played()
    assert derive(played, hall.hall.people.registered({u for t in played for u in t.people.values()})) == points
    _guest_tid, _, guest_sockets = seated(hall, ["Cid", None])
    finish(guest_sockets)
    assert [p.table_id for p in hall.hall.people.rating_history("toy")] == [tid, tid]


def test_a_game_played_with_a_bot_is_rated_and_its_pages_tell_people_from_bots(hall: Hall) -> None:
    ann, bob = Client(hall, "Ann"), Client(hall, "Bob")
    tid = play_out([ann, bob], "toy", bots=1, play=True)  # both play their own moves; a bot the third seat
    assert sorted(p.table_id for p in hall.hall.people.rating_history("toy")) == [tid, tid]
    page = ann.http.get("/api/players/Ann").json()
    assert page["played"] == 1 and page["ratings"][0]["games"] == 1
    assert page["ratings"][0]["start"] == 0  # a newcomer's μ − 3σ: 25 − 3 × 25/3, where the chart begins
    (row,) = page["recent"]
    assert row["players"] == ["Ann", "Bob", "Bot Green"] and row["bots"] == [2] and row["seat"] == 0
    (archived,) = ann.http.get("/api/archive?player=Bob").json()["tables"]
    assert archived["id"] == tid and archived["bots"] == [2]


def test_a_game_its_people_left_to_the_bots_is_not_rated(hall: Hall) -> None:
    ann, bob = Client(hall, "Ann"), Client(hall, "Bob")
    play_out([ann, bob], "toy", bots=1)  # both leave their seats at once: stand-in bots finish it
    assert hall.hall.people.rating_history("toy") == []
    page = ann.http.get("/api/players/Ann").json()
    assert page["played"] == 1 and page["ratings"] == [] and page["reputation"]["counts"]["left"] == 1


def test_a_waiting_table_nobody_sits_at_goes_with_its_settings(hall: Hall) -> None:
    ann = Client(hall, "Ann")
    lobby = ann.lobby()
    tid = create_table(lobby, "toy", 2, private=True, time="turn-based")
    assert hall.hall.people.table_hall(tid)["time_control"] == "turn-based"
    ann.table(tid).close()
    public = create_table(lobby, "toy", 2)
    lobby.wait_listing(lambda listing: public in listing)
    ann.table(public).close()
    lobby.wait_listing(lambda listing: public not in listing)
    for _ in range(100):  # the private table's socket closed first, but on another connection: let it land
        if hall.store.table(tid) is None:
            break
        lobby.drain(0.05)
    assert hall.store.table(tid) is None and hall.hall.people.table_hall(tid) == {}


def test_a_timed_tables_clocks_are_stored_with_each_move_in_its_transaction_and_removed_at_the_end(
        hall: Hall) -> None:
    """No commit of their own per move (``Move.clock``, the group commit's transaction): the store holds, after
    each acknowledged move, the clocks that move left; once the game is over, none."""
    people = hall.hall.people
    saved: list[Any] = []
    save_clock = people.save_clock

    def saving(tid: int, data: Any, *within: Any) -> None:
        saved.append(data)
        save_clock(tid, data, *within)

    people.save_clock = saving
    tid, _, (wa, wb) = seated(hall, ["Ann", "Bob"], time="real-time")
    saved.clear()
    for ws in (wa, wb, wa, wb):
        hall.clock.advance(3)  # less than a checkpoint's interval: no tick stores the clocks meanwhile
        after = pick(ws)
        assert people.clock(tid)["left"] == after["clock"]["left"]
    assert saved == []  # stored by the moves' own transactions
    finish([wa, wb])
    assert people.clock(tid) is None
    assert saved == []
