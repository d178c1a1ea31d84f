"""Two hall processes sharing PostgreSQL, with Redis pub/sub between them (the scale-out of docs/DESIGN.md §4).

People on different processes sit at one table and play; every lobby lists every table; when the
process owning a table is killed (-9), the other adopts it from the store and play goes on. PostgreSQL
(127.0.0.1:5432) and Redis (127.0.0.1:6379) must be running: these tests fail, never skip, without them.
"""

from __future__ import annotations

import os
import secrets
import signal
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from harness import WS, Client, command, create_table, free_port, join, start_game
from test_kill_restart import Process, _Site
from test_store_postgres import PG_URL, require_postgres

from longhouse.store import Store


def require_redis() -> None:
    try:
        with redis.Redis(host="127.0.0.1", port=6379, socket_connect_timeout=5) as r:
            r.ping()
    except redis.exceptions.ConnectionError as exc:
        pytest.fail(f"Redis is required at 127.0.0.1:6379: {exc}")


@pytest.fixture
def prefixes() -> Iterator[tuple[str, str]]:
    require_postgres()
    require_redis()
    tag = secrets.token_hex(4)
    db_prefix, redis_prefix = f"lhc_{tag}_", f"lhtest:{tag}:"
    yield db_prefix, redis_prefix
    store = Store(PG_URL, prefix=db_prefix)
    store.drop_all()
    store.close()
    with redis.Redis(host="127.0.0.1", port=6379) as r:
        for key in r.scan_iter(f"{redis_prefix}*"):
            r.delete(key)


def node(db_prefix: str, redis_prefix: str) -> Process:
    return Process(PG_URL, free_port(), extra=["--table-prefix", db_prefix, "--redis", "redis://127.0.0.1:6379/0",
                                               "--redis-prefix", redis_prefix, "--redis-lease", "3"])


def at(client: Client, proc: Process, path: str) -> WS:
    """A websocket of ``client`` (signed in anywhere) opened on the process ``proc``."""
    base = client.base
    client.base = proc.url
    try:
        return client.ws(path)
    finally:
        client.base = base


def play_out(sockets: list[WS], until_version: int | None = None) -> dict[str, Any]:
    """Both people pick their first card whenever they may, until the game ends (or a version)."""
    while True:
        for ws in sockets:
            ws.drain(0.05)
            state = ws.last_state()
            if state["status"] == "over" or (until_version is not None and state["version"] >= until_version):
                return state
            if state["legal"]:
                ws.send({"type": "action", "version": state["version"],
                         "action": {"type": "pick", "card": state["view"]["you"]["hand"][0]}})
                ws.wait(lambda m, v=state["version"]: (m["type"] == "state" and m["version"] > v)
                        or m["type"] == "error")


def seat_across(tid: int, ann: Client, a: Process, bob: Client, b: Process, starter: str) -> tuple[WS, WS]:
    """Ann at seat 1 through process ``a``, Bob at seat 2 through ``b`` (``starter`` starts the game):
    their table sockets once both have the first state."""
    wa, wb = at(ann, a, f"/ws/table/{tid}"), at(bob, b, f"/ws/table/{tid}")
    wb.wait_type("table")
    join(wa, 1)
    join(wb, 2)
    start_game(wa if starter == "Ann" else wb, wa, wb)
    return wa, wb


def test_two_processes_share_tables_lobby_and_survive_a_kill(prefixes: tuple[str, str]) -> None:
    db_prefix, redis_prefix = prefixes
    a, b = node(db_prefix, redis_prefix), node(db_prefix, redis_prefix)
    try:
        ann = Client(_Site(a.url), "Ann")
        bob = Client(_Site(b.url), "Bob")
        lobby_a = ann.lobby()
        lobby_b = at(bob, b, "/ws/lobby")
        tid = create_table(lobby_a, "toy", 2)
        # the table made on process A is listed in the lobby of process B
        lobby_b.wait_listing(lambda tables: tid in tables, timeout=10)
        lobby_a.send({"type": "chat", "text": "anyone for a game?"})
        assert lobby_b.wait_type("chat", text="anyone for a game?", timeout=10)["from"] == "Ann"

        wa, wb = seat_across(tid, ann, a, bob, b, starter="Bob")  # Ann at the owner, Bob through process B
        final = play_out([wa, wb])
        assert final["status"] == "over"

        # a second game; the owner is killed in the middle of it
        t2 = create_table(lobby_a, "toy", 2)
        wa2, wb2 = seat_across(t2, ann, a, bob, b, starter="Ann")
        before = play_out([wa2, wb2], until_version=3)["version"]
        a.kill9()
        # B adopts the table once A's lease has run out; Bob's proxied socket is closed so he reconnects
        from websockets.exceptions import ConnectionClosed

        with pytest.raises(ConnectionClosed):
            for _ in range(200):
                wb2.conn.recv(timeout=20)
        again = at(bob, b, f"/ws/table/{t2}")
        state = again.wait_type("state", timeout=20)
        assert state["version"] == before and state["seat"] == 1
        ann_on_b = at(ann, b, f"/ws/table/{t2}")
        ann_on_b.wait_type("state")
        assert play_out([ann_on_b, again])["status"] == "over"
    finally:
        for proc in (a, b):
            if proc.proc.poll() is None:
                proc.kill9()


def test_a_paused_owner_cannot_append_a_move_after_another_process_took_over(prefixes: tuple[str, str]) -> None:
    """SIGSTOP the owner past its lease: the other process adopts the table and play goes on there; when the
    paused one resumes, the move it then takes is refused by the store (fencing epoch), nothing of it is
    stored, and its sockets close so the browser reconnects to the new owner."""
    from websockets.exceptions import ConnectionClosed

    db_prefix, redis_prefix = prefixes
    a, b = node(db_prefix, redis_prefix), node(db_prefix, redis_prefix)
    try:
        ann, bob = Client(_Site(a.url), "Ann"), Client(_Site(b.url), "Bob")
        tid = create_table(ann.lobby(), "toy", 2)
        wa, wb = seat_across(tid, ann, a, bob, b, starter="Ann")
        before = play_out([wa, wb], until_version=2)["version"]
        wa.drain(0.2)
        stale = wa.last_state()
        os.kill(a.proc.pid, signal.SIGSTOP)
        try:
            with pytest.raises(ConnectionClosed):  # B adopts the table and closes Bob's proxied socket
                for _ in range(200):
                    wb.conn.recv(timeout=20)
            again = at(bob, b, f"/ws/table/{tid}")
            assert again.wait_type("state", timeout=20)["version"] == before  # B owns it now
            # Ann's move reaches the paused process, which acts on it when it resumes: without a fencing
            # token it would store it as move `before`, behind the new owner's back
            wa.send({"type": "action", "version": stale["version"],
                     "action": {"type": "pick", "card": stale["view"]["you"]["hand"][0]}})
        finally:
            os.kill(a.proc.pid, signal.SIGCONT)
        with pytest.raises(ConnectionClosed):
            for _ in range(200):
                wa.conn.recv(timeout=20)
        store = Store(PG_URL, prefix=db_prefix)
        try:
            record = store.record(tid)
        finally:
            store.close()
        assert record is not None and len(record.actions) == before  # nothing of A's after the pause
        ann_on_b = at(ann, b, f"/ws/table/{tid}")
        ann_on_b.wait_type("state")
        assert play_out([ann_on_b, again])["status"] == "over"
    finally:
        for proc in (a, b):
            if proc.proc.poll() is None:
                os.kill(proc.proc.pid, signal.SIGCONT)
                proc.kill9()


def test_a_private_table_refuses_an_uninvited_person_who_comes_through_another_process(
        prefixes: tuple[str, str]) -> None:
    """The owner decides admission for a proxied socket as for a direct one: without the invitation the
    table refuses (nothing of it is sent, not its invitation either); with it, the person is let in."""
    from websockets.exceptions import ConnectionClosed

    db_prefix, redis_prefix = prefixes
    a, b = node(db_prefix, redis_prefix), node(db_prefix, redis_prefix)
    try:
        ann = Client(_Site(a.url), "Ann")
        lobby = ann.lobby()
        lobby.send({"type": "create", "game": "toy", "seats": 2, "options": {}, "private": True})
        created = lobby.wait_type("created")
        tid, invite = int(created["table"]), created["invite"]
        assert invite
        at(ann, a, f"/ws/table/{tid}").wait_type("table")  # the owner (A) holds it
        with redis.Redis(host="127.0.0.1", port=6379) as r:
            assert r.get(f"{redis_prefix}owner:{tid}") is not None

        eve = Client(_Site(b.url), "Eve")
        for path in (f"/ws/table/{tid}", f"/ws/table/{tid}?invite=wrong"):
            ws = at(eve, b, path)
            refused = ws.wait_type("error", timeout=20)
            assert refused["code"] == "refused" and "private" in refused["message"]
            with pytest.raises(ConnectionClosed) as closed:
                for _ in range(50):
                    ws.conn.recv(timeout=20)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404  # as a missing table
            assert not [m for m in ws.messages if m["type"] in ("game", "table", "state", "chat_history")]
            assert not any(invite in raw for raw in ws.raw)

        bob = Client(_Site(b.url), "Bob")
        let_in = at(bob, b, f"/ws/table/{tid}?invite={invite}")
        table = let_in.wait_type("table", timeout=20)
        assert table["table"]["id"] == tid
        command(let_in, "/join 2")
        let_in.wait(lambda m: m["type"] == "table" and m["you"]["seat"] == 1, timeout=20)
        # once let in, Bob comes back through B without the link, as on a direct connection
        at(bob, b, f"/ws/table/{tid}").wait_type("table", timeout=20)
    finally:
        for proc in (a, b):
            if proc.proc.poll() is None:
                proc.kill9()
