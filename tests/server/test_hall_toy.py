"""The hall over real websockets, with the test-only toy game (hidden hands, simultaneous picks, undo)."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from harness import WS, Client, Hall, command, create_table, fill_with_bots, kept, seated_table
from websockets.exceptions import ConnectionClosed

from longhouse import games
from longhouse.engine.records import Record, apply_entry, replay, start
from longhouse.server.protocol import NO_TABLE
from longhouse.store import Person


def seat_table(hall: Hall, players: int = 2) -> tuple[int, list[Client], list[WS]]:
    """A toy table with ``players`` people seated (seats 1..n) and started."""
    return seated_table(hall, [f"Player{i}" for i in range(players)])


def pick(ws: WS, card: int | None = None, version: int | None = None, ref: int = 1) -> dict[str, Any]:
    state = ws.last_state()
    card = state["view"]["you"]["hand"][0] if card is None else card
    ws.send({"type": "action", "version": state["version"] if version is None else version,
             "action": {"type": "pick", "card": card}, "ref": ref})
    return state


def test_accounts_sign_up_sign_in_guest_and_refusals(hall: Hall) -> None:
    Client(hall, "Alice", "correct horse")
    http = kept(httpx.Client(base_url=hall.url))
    assert http.post("/api/signup", json={"name": "alice", "password": "another1"}).status_code == 400
    assert http.post("/api/signup", json={"name": "x", "password": "another1"}).status_code == 400
    r = http.post("/api/signup", json={"name": "Abcdefghijklmnopqrstu", "password": "another1"})  # 21 letters
    assert r.status_code == 400 and "2 to 20" in r.json()["error"]  # refused with the reason, never cut short
    assert hall.store.user_by_name("Abcdefghijklmnopqrst") is None
    assert http.post("/api/signup", json={"name": "Bobby", "password": "123"}).status_code == 400
    as_json = {"Content-Type": "application/json"}
    assert http.post("/api/signup", content=b"not json", headers=as_json).status_code == 400
    assert http.post("/api/signin", json={"name": "Alice", "password": "wrong!!"}).status_code == 401
    r = http.post("/api/signin", json={"name": "Nobody", "password": "wrong!!"})
    assert r.status_code == 401 and r.json()["code"] == "unknown_name"  # the page offers to sign up
    assert http.post("/api/signin", json={"name": "Alice", "password": "wrong!!"}).json()["code"] == "refused"
    r = http.post("/api/signin", json={"name": "Alice", "password": "correct horse"})
    assert r.status_code == 200 and r.json()["name"] == "Alice"
    assert http.get("/api/me").json()["user"]["name"] == "Alice"
    stored = hall.store.user_by_name("Alice")
    assert stored is not None and stored[1] is not None and stored[1].startswith("$argon2")
    guest = Client(hall)
    assert guest.name.startswith("Guest-")
    http.post("/api/signout", json={})
    assert http.get("/api/me").json()["user"] is None


def test_websocket_needs_a_session(hall: Hall) -> None:
    from websockets.sync.client import connect

    ws = WS(connect(f"ws://127.0.0.1:{hall.port}/ws/lobby", legacy=True))
    msg = ws.wait_type("error")
    assert msg["message"] == "sign in first"
    with pytest.raises(ConnectionClosed):
        ws.conn.recv(timeout=5)
    bad = WS(connect(f"ws://127.0.0.1:{hall.port}/ws/lobby",
                     additional_headers={"Cookie": "longhouse_session=xyz"}, legacy=True))
    assert bad.wait_type("error")["code"] == "refused"


def test_lobby_lists_tables_live_and_chats(hall: Hall) -> None:
    ann, bob = Client(hall, "Ann"), Client(hall, "Bob")
    la, lb = ann.lobby(), bob.lobby()
    tid = create_table(la, "toy", 3)
    table = lb.wait_listing(lambda tables: tid in tables)[tid]
    assert table["capacity"] == 3 and table["status"] == "waiting" and table["seats"] == [None] * 3
    # sitting down at the table shows in the lobby, live
    ws = ann.table(tid)
    command(ws, "/join 2")
    lb.wait_listing(lambda tables: tables[tid]["seats"][1] and tables[tid]["seats"][1]["name"] == "Ann")
    bob_at_table = bob.table(tid)
    lb.wait_listing(lambda tables: tables[tid]["spectators"] == ["Bob"] and tables[tid]["watching"] == 1)
    la.send({"type": "chat", "text": "hello all"})
    line = lb.wait_type("chat", text="hello all")
    assert line["from"] == "Ann"
    la.send({"type": "create", "game": "nonesuch", "seats": 2})
    assert "no game" in la.wait_type("error")["message"]
    la.send({"type": "create", "game": "toy", "seats": 9})
    assert "malformed" in la.wait_type("error")["message"]
    bob_at_table.close()


def test_chat_commands_at_a_table(hall: Hall) -> None:
    ann, bob = Client(hall, "Ann"), Client(hall, "Bob")
    lobby = ann.lobby()
    tid = create_table(lobby, "toy", 4)
    wa, wb = ann.table(tid), bob.table(tid)
    command(wa, "/help")
    assert "/join" in wa.wait(lambda m: m["type"] == "chat" and m.get("private"))["text"]
    command(wa, "/join blue")
    wa.wait(lambda m: m["type"] == "table" and m["you"]["seat"] == 1)
    command(wb, "/join 2")
    assert "taken" in wb.wait_type("error")["message"]
    command(wb, "/start")
    assert "only a seated player" in wb.wait_type("error")["message"]
    command(wa, "/start")
    assert "needs 2 to 4 players" in wa.wait_type("error")["message"]
    wb.send({"type": "command", "name": "join", "args": []})
    wb.wait(lambda m: m["type"] == "table" and m["you"]["seat"] == 0)
    command(wa, "/bot nonsense")
    assert "no bot level" in wa.wait_type("error")["message"]
    command(wa, "/bot random 4")
    wa.wait(lambda m: m["type"] == "table" and m["table"]["seats"][3] and m["table"]["seats"][3]["kind"] == "bot")
    command(wa, "/remove 4")
    wa.wait(lambda m: m["type"] == "table" and m["table"]["seats"][3] is None)
    command(wa, "/who")
    who = wa.wait(lambda m: m["type"] == "chat" and m.get("private") and m["text"].startswith("Seats"))
    assert "1 Red: Bob" in who["text"] and "2 Blue: Ann" in who["text"]
    command(wb, "/watch")
    wb.wait(lambda m: m["type"] == "table" and m["you"]["seat"] is None)
    command(wb, "/frobnicate")
    assert "unknown command" in wb.wait_type("error")["message"]
    wb.send({"type": "chat", "text": "hi Ann"})
    assert wa.wait_type("chat", text="hi Ann")["from"] == "Bob"


def test_whole_toy_game_with_a_person_and_bots_is_recorded_and_archived(hall: Hall) -> None:
    ann = Client(hall, "Ann")
    lobby = ann.lobby()
    tid = create_table(lobby, "toy", 3)
    ws = ann.table(tid)
    command(ws, "/join")
    fill_with_bots(ws, "random", "")
    command(ws, "/start")
    while True:
        state = ws.wait_type("state")
        if state["status"] == "over":
            break
        if state["legal"]:
            pick(ws)
    assert state["view"]["round"] == 3
    # the archive lists it and serves the record, which replays to the same scores
    http = ann.http
    archived = http.get("/api/archive").json()["tables"]
    assert [t["id"] for t in archived] == [tid]
    rec = http.get(f"/api/tables/{tid}/record")
    assert rec.headers["content-disposition"].startswith("attachment")
    record = Record.from_json(rec.json())
    assert replay(record, games.for_record(record)).scores() == state["view"]["scores"] == record.result["scores"]  # type: ignore[index]
    steps = http.get(f"/api/tables/{tid}/replay").json()["steps"]
    assert len(steps) == len(record.actions) + 1
    assert all(step["view"]["you"] is None for step in steps)
    # a finished game's replay is computed once and then served from the cache
    again = http.get(f"/api/tables/{tid}/replay")
    assert again.json()["steps"] == steps and "max-age" in again.headers["cache-control"]
    assert hall.app.state.replays.computed == 1


def test_refused_moves_change_nothing(hall: Hall) -> None:
    tid, _, (wa, wb) = seat_table(hall)
    watcher = Client(hall, "Watcher").table(tid)
    watcher.wait_type("state")
    version = wa.last_state()["version"]
    hand = wa.last_state()["view"]["you"]["hand"]
    # a spectator cannot act
    watcher.send({"type": "action", "version": version, "action": {"type": "pick", "card": hand[0]}})
    assert "hold no seat" in watcher.wait_type("error")["message"]
    # a stale version is refused and the sender's view refreshed
    wa.send({"type": "action", "version": version + 5, "action": {"type": "pick", "card": hand[0]}, "ref": 7})
    err = wa.wait_type("error")
    assert err["code"] == "stale" and err["ref"] == 7
    wa.wait_type("state", version=version)
    # a card Ann does not hold (it is Bob's) is illegal: she can only act for her own seat
    bob_card = wb.last_state()["view"]["you"]["hand"][0]
    wa.send({"type": "action", "version": version, "action": {"type": "pick", "card": bob_card}, "ref": 8})
    assert wa.wait_type("error")["code"] == "illegal"
    # garbage of every kind
    for junk in ["not json", "[]", "{}", json.dumps({"type": "action", "version": "x", "action": {}}),
                 json.dumps({"type": "action", "version": version, "action": {"type": "pick", "card": "7"}}),
                 json.dumps({"type": "action", "version": version, "action": {"type": "pick", "card": 5, "x": 1}}),
                 json.dumps({"type": "undo", "version": version, "step": 1000}),
                 json.dumps({"type": "chat", "text": "x" * 7000}),
                 "[" * 20000]:
        wa.send(junk)
        assert wa.wait_type("error")["message"]
    wa.conn.send(b"\x00\x01binary")
    assert "malformed" in wa.wait_type("error")["message"]
    # nothing moved: the version is the same, no entry was stored, and the connection still works
    assert hall.hall.tables[tid].version == version
    assert hall.store.entries(tid) == []
    pick(wa, ref=9)
    assert wa.wait_type("state")["version"] == version + 1
    assert len(hall.store.entries(tid)) == 1
    # acting twice in the same round (not acting any more) is illegal
    pick(wa, ref=10)
    assert wa.wait_type("error")["code"] == "illegal"


def test_a_frame_beyond_the_transport_limit_closes_only_that_socket(hall: Hall) -> None:
    _tid, _, (wa, wb) = seat_table(hall)
    wa.send("x" * (70 * 1024))
    with pytest.raises(ConnectionClosed):
        for _ in range(100):
            wa.conn.recv(timeout=5)
    pick(wb)
    wb.wait_type("state", version=1)


def test_undo_is_stored_in_the_record(hall: Hall) -> None:
    tid, _, (wa, _wb) = seat_table(hall)
    before = wa.last_state()
    card = before["view"]["you"]["hand"][1]
    pick(wa, card)
    after = wa.wait_type("state", version=1)
    assert after["view"]["you"]["pick"] == card and after["undo_steps"] == 1
    wa.send({"type": "undo", "version": 1, "step": -1})
    back = wa.wait_type("state", version=2)
    assert back["view"]["you"]["pick"] is None and card in back["view"]["you"]["hand"]
    assert hall.store.entries(tid)[-1] == {"seat": 0, "undo": -1}
    wa.send({"type": "undo", "version": 2, "step": -1})
    assert wa.wait_type("error")["code"] == "illegal"


def views_by_version(record: Record, seat: int | None) -> dict[int, dict[str, Any]]:
    game, state = start(record, games.for_record(record))
    out = {0: state.view(seat)}
    for i, entry in enumerate(record.actions):
        apply_entry(game, state, entry, i)
        out[i + 1] = state.view(seat)
    return out


def test_each_seat_receives_exactly_its_own_view(hall: Hall) -> None:
    tid, _, sockets = seat_table(hall, 3)
    watcher = Client(hall).table(tid)
    while True:
        progressed = False
        for ws in sockets:
            ws.drain(0.05)
            state = ws.last_state()
            if state["legal"] and state["version"] == hall.hall.tables[tid].version:
                pick(ws)
                ws.wait_type("state", version=state["version"] + 1)
                progressed = True
        if hall.hall.tables[tid].status == "over":
            break
        assert progressed or any(ws.last_state()["legal"] for ws in sockets)
    for ws in [*sockets, watcher]:
        ws.drain(0.2)
    record = hall.store.record(tid)
    assert record is not None
    for seat, ws in [(0, sockets[0]), (1, sockets[1]), (2, sockets[2]), (None, watcher)]:
        expected = views_by_version(record, seat)
        states = [m for m in ws.messages if m["type"] == "state"]
        assert states
        for msg in states:
            assert msg["view"] == expected[msg["version"]]
            assert msg["seat"] == seat
        deltas = 0
        for raw in ws.raw:  # the only hand ever sent is the seat's own, whole or in a delta
            data = json.loads(raw)
            if data["type"] == "state":
                deltas += "base" in data
                sent = data["changes"] if "base" in data else data["view"]
                if seat is not None and "you" in sent:
                    assert sent["you"]["hand"] == expected[data["version"]]["you"]["hand"]
        assert deltas > 0  # after the first whole state, what changed


def test_a_seat_left_in_a_running_game_goes_to_a_bot(hall: Hall) -> None:
    tid, _, (wa, wb) = seat_table(hall)
    command(wb, "/leave")
    wa.wait(lambda m: m["type"] == "table" and m["table"]["seats"][1] and m["table"]["seats"][1]["kind"] == "bot")
    while True:
        state = wa.wait_type("state")
        if state["status"] == "over":
            break
        if state["legal"]:
            pick(wa)
    assert hall.store.table(tid).status == "over"  # type: ignore[union-attr]


def test_restart_resumes_every_table_exactly(db_url: str) -> None:
    first = Hall(db_url)
    try:
        tid, people, (wa, wb) = seat_table(first)
        pick(wa)
        wa.wait_type("state", version=1)
        view_before = wb.last_state()
        waiting = create_table(people[0].lobby(), "toy", 2)
        before = first.hall.tables[tid].state.to_json()
    finally:
        first.stop()
    second = Hall(db_url, port=first.port)
    try:
        table = second.hall.tables[tid]
        assert table.version == 1 and table.state.to_json() == before
        assert second.hall.tables[waiting].status == "waiting"
        # the same person reconnects with the same cookie and gets the seat and view back
        again = people[1].table(tid)
        assert again.messages[-1]["you"]["seat"] == 1 or again.wait_type("state")
        state = again.wait_type("state")
        assert state["version"] == 1 and state["seat"] == 1
        assert state["view"]["you"]["hand"] == view_before["view"]["you"]["hand"]
        log = [m for m in again.messages if m["type"] == "log"]
        assert log and any(e["kind"] == "pick" for e in log[0]["events"])
    finally:
        second.stop()


def test_unknown_table_is_refused(hall: Hall) -> None:
    ann = Client(hall, "Ann")
    ws = ann.ws("/ws/table/999")
    assert ws.wait_type("error")["message"] == NO_TABLE[1]
    assert ann.http.get("/api/tables/999/record").status_code == 404
    assert games.get("toy").name == "toy"


def test_concurrent_picks_of_a_simultaneous_phase_are_merged_but_a_repeat_is_stale(hall: Hall) -> None:
    tid, _, (wa, wb, _wc) = seat_table(hall, 3)
    pick(wa, version=0)
    wa.wait_type("state", version=1)
    # Bob chose at version 0 too; only Ann's independent pick came in between, so his pick stands
    pick(wb, version=0)
    assert wb.wait_type("state", version=2)["by"] == 1
    # but Ann's second move made on version 0 is stale: she has moved since (a double click, say)
    pick(wa, version=0, ref=3)
    assert wa.wait_type("error")["code"] == "stale"
    assert hall.hall.tables[tid].version == 2


def test_the_toy_game_passes_the_engine_conformance_suite() -> None:
    from longhouse.engine.conformance import check_game

    check_game(games.get("toy"), 3, games=20, seed=4)


def test_a_bot_stands_in_for_a_player_who_is_away_and_gives_the_seat_back(hall: Hall) -> None:
    clock = hall.fake_clock()
    tid, people, (wa, wb) = seat_table(hall)
    command(wa, "/bot random 2")
    assert "taken" in wa.wait_type("error")["message"]  # Bob is here: his seat is not up for grabs
    wb.close()
    wa.wait(lambda m: m["type"] == "table" and not m["table"]["seats"][1]["connected"])
    clock.advance(hall.hall.settings.away_grace)
    command(wa, "/bot random 2")
    wa.wait(lambda m: m["type"] == "table" and (m["table"]["seats"][1] or {}).get("kind") == "bot")
    pick(wa)
    state = wa.wait(lambda m: m["type"] == "state" and m["view"]["round"] == 1)  # the bot picked for Bob
    # Bob comes back and takes his seat back from the bot; a stranger could not
    eve = Client(hall, "Eve").table(tid)
    command(eve, "/join 2")
    assert "taken" in eve.wait_type("error")["message"]
    back = people[1].table(tid)
    command(back, "/join 2")
    back.wait(lambda m: m["type"] == "table" and m["you"]["seat"] == 1)
    assert back.wait_type("state")["view"]["you"]["hand"] is not None
    assert isinstance(hall.hall.tables[tid].occupants[1], Person)
    assert state["version"] >= 2


def test_a_flood_of_messages_is_dropped_without_harm(db_url: str) -> None:
    hall = Hall(db_url, max_rate=40)
    try:
        flood(hall)
    finally:
        hall.stop()


def flood(hall: Hall) -> None:
    _, _, (wa, wb) = seat_table(hall)
    for i in range(200):
        wa.send({"type": "chat", "text": f"spam {i}"})
    wa.wait(lambda m: m["type"] == "error" and m["message"] == "too many messages; slow down")
    wb.drain(0.3)
    said = [m for m in wb.messages if m["type"] == "chat" and m["text"].startswith("spam")]
    assert 0 < len(said) <= 40
    pick(wb)
    wb.wait_type("state", version=1)
