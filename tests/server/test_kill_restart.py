"""``longhouse serve`` as a real process: kill -9 in the middle of play loses no acknowledged move, and a
restarted hall resumes every table exactly."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from harness import HERE, Client, command, create_table, fill_with_bots, free_port, join, kept
from test_hall_toy import views_by_version

from longhouse.store import Store
from tests.waiting import serving


class Process:
    """``longhouse serve`` (with the toy game) as a child process; its output goes to ``log`` if given (a test
    that makes it log much must give one: nobody reads the pipe, and a full pipe would stall the server)."""

    def __init__(self, database: str, port: int, extra: list[str] | None = None, log: Path | None = None) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        env = dict(os.environ, PYTHONPATH=str(HERE.parent.parent))
        out = log.open("ab") if log is not None else subprocess.PIPE
        self.proc = subprocess.Popen(
            [sys.executable, str(HERE / "serve_toy.py"), "--port", str(port), "--database", database,
             "--bot-delay", "0", "--log-level", "warning", "--max-rate", "0", *(extra or [])],
            env=env, stdout=out, stderr=subprocess.STDOUT)
        if log is not None:
            out.close()  # type: ignore[union-attr]
        kept(self)  # killed, and its pipe closed, when the test ends
        try:
            serving(self.url + "/api/me", self.proc, what="longhouse serve")
        except AssertionError:
            self.proc.kill()  # so that reading its output ends (its bot workers may hold the pipe: no read)
            self.proc.wait(10)
            raise RuntimeError("longhouse serve did not start" + (f" (its output: {log})" if log else "")) from None

    def kill9(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)
        self.close()

    def close(self) -> None:
        """Kill it if it still runs, and close the pipe of its output."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        if self.proc.stdout is not None:
            self.proc.stdout.close()


class _Site:
    """Just what ``Client`` needs of a hall."""

    def __init__(self, url: str) -> None:
        self.url = url


def test_kill_9_loses_no_acknowledged_move_and_restart_resumes(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'hall.db'}"
    port = free_port()
    server = Process(database, port)
    try:
        site: Any = _Site(server.url)
        ann, bob = Client(site, "Ann"), Client(site, "Bob")
        lobby = ann.lobby()
        # table 1: two people, who will play a few moves; table 2: a person and a bot, racing the kill
        t1 = create_table(lobby, "toy", 2)
        t2 = create_table(lobby, "toy", 2)
        t3 = create_table(lobby, "toy", 3)  # waiting, with one person seated
        wa, wb = ann.table(t1), bob.table(t1)
        join(wa, 1)
        join(wb, 2)
        command(wa, "/start")
        w3 = bob.table(t3)
        join(w3, 3)
        acked = 0
        for ws in (wa, wb, wa):
            state = ws.wait(lambda m: m["type"] == "state" and m["version"] == acked and m["legal"])  # noqa: B023
            ws.send({"type": "action", "version": acked,
                     "action": {"type": "pick", "card": state["view"]["you"]["hand"][0]}})
            acked = ws.wait(lambda m: m["type"] == "state" and m["version"] > acked)["version"]  # noqa: B023
        w2 = ann.table(t2)
        command(w2, "/join")
        fill_with_bots(w2, "random")
        command(w2, "/start")
        state = w2.wait(lambda m: m["type"] == "state" and m["legal"])
        w2.send({"type": "action", "version": state["version"],
                 "action": {"type": "pick", "card": state["view"]["you"]["hand"][0]}})
        acked2 = w2.wait(lambda m: m["type"] == "state" and m["version"] > state["version"])["version"]
        server.kill9()
    finally:
        if server.proc.poll() is None:
            server.kill9()

    store = Store(database)
    rec1, rec2 = store.record(t1), store.record(t2)
    assert rec1 is not None and rec2 is not None
    assert len(rec1.actions) == acked and len(rec2.actions) >= acked2
    # every view a person was sent is the view of the stored record at that version
    for seat, ws in ((0, wa), (1, wb)):
        expected = views_by_version(rec1, seat)
        for m in ws.messages:
            if m["type"] == "state":
                assert m["view"] == expected[m["version"]]
    store.close()

    again = Process(database, port)
    try:
        resumed = bob.table(t1)
        state = resumed.wait_type("state")
        assert state["version"] == acked and state["seat"] == 1
        assert state["view"] == views_by_version(rec1, 1)[acked]
        waiting = bob.table(t3)
        seating = next(m for m in waiting.messages if m["type"] == "table")  # after the game's description
        assert seating["table"]["status"] == "waiting" and seating["you"]["seat"] == 2
        # and play goes on where it stopped
        if state["legal"]:
            resumed.send({"type": "action", "version": acked,
                          "action": {"type": "pick", "card": state["view"]["you"]["hand"][0]}})
            resumed.wait_type("state", version=acked + 1)
    finally:
        again.kill9()
