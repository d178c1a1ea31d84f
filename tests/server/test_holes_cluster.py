"""A paused owner still wrote seating (issue 29, item 8): with two processes over Redis and PostgreSQL, the
owner SIGSTOPped until the other adopted the table, a player's ``/leave`` on the paused owner's socket, then
SIGCONT: the store's seats changed behind the new owner's back. Every write of a table now carries the
store's epoch check, as moves do (``server/fencing.py``). Fails on the hall before the fix."""

from __future__ import annotations

import os
import signal

import pytest
from harness import Client, command, create_table, join
from test_cluster import at, node, prefixes  # noqa: F401  (prefixes: the fixture)
from test_kill_restart import _Site
from test_store_postgres import PG_URL
from websockets.exceptions import ConnectionClosed

from longhouse.store import Person, Store


def test_a_paused_owner_cannot_write_seating_after_another_process_took_over(
        prefixes: tuple[str, str]) -> None:  # noqa: F811
    db_prefix, redis_prefix = prefixes
    a, b = node(db_prefix, redis_prefix), node(db_prefix, redis_prefix)
    try:
        ann, bob = Client(_Site(a.url), "Ann"), Client(_Site(b.url), "Bob")
        tid = create_table(ann.lobby(), "toy", 3)
        wa = at(ann, a, f"/ws/table/{tid}")  # Ann at the owner, A
        wa.wait_type("table")
        join(wa, 1)
        wb = at(bob, b, f"/ws/table/{tid}")  # Bob through B, proxied to A
        wb.wait_type("table")
        join(wb, 2)
        os.kill(a.proc.pid, signal.SIGSTOP)
        try:
            with pytest.raises(ConnectionClosed):  # B adopts the table and closes Bob's proxied socket
                for _ in range(200):
                    wb.conn.recv(timeout=20)
            again = at(bob, b, f"/ws/table/{tid}")
            seats = again.wait_type("table", timeout=20)["table"]["seats"]
            assert [s and s["name"] for s in seats] == ["Ann", "Bob", None]  # B owns it now
            command(wa, "/leave")  # reaches the paused A, which acts on it when it resumes
            command(wa, "/bot beginner 3")
        finally:
            os.kill(a.proc.pid, signal.SIGCONT)
        with pytest.raises(ConnectionClosed):  # A gives the table up and closes Ann's socket
            for _ in range(200):
                wa.conn.recv(timeout=20)
        store = Store(PG_URL, prefix=db_prefix)
        try:
            row = store.table(tid)
        finally:
            store.close()
        assert row is not None
        assert [o.name if isinstance(o, Person) else o for o in row.occupants] == ["Ann", "Bob", None]
        command(again, "/who")  # and B, the owner, still seats them
        who = again.wait(lambda m: m["type"] == "chat" and m.get("private") and m["text"].startswith("Seats"))
        assert "1 Red: Ann" in who["text"] and "3 Green: free" in who["text"]
    finally:
        for proc in (a, b):
            if proc.proc.poll() is None:
                os.kill(proc.proc.pid, signal.SIGCONT)
                proc.kill9()
