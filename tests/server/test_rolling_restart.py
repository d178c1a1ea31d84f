"""A rolling restart under load: three hall processes over PostgreSQL and Redis, people playing Manitou on every
process (half of them through another process's proxy); each process in turn is sent SIGTERM and started
again on its port while moves flow. No acknowledged move is lost, none is applied twice, every socket a
stopping process closes is closed with 1012, and every client is back in play within seconds.

And one process alone: SIGTERM stores what is gathered and closes every socket with 1012.
"""

from __future__ import annotations

import asyncio
import signal
import time
from collections import Counter
from pathlib import Path
from typing import Any

from harness import Client, command, create_table, free_port, join
from services import PrivatePostgres, PrivateRedis
from test_cluster_restarts import (
    Player,
    logs_shown_on_failure,
    play_through,
    postgres,  # noqa: F401 (fixtures)
    records_checked,
    redis_server,  # noqa: F401
    seat_tables,
)
from test_kill_restart import Process, _Site
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from longhouse.server.auth import COOKIE
from longhouse.store import Store

#: How a process ends after a clean stop on SIGTERM: uvicorn raises the signal again once it has shut down, so
#: that whoever sent it sees the process end by it.
STOPPED = (0, -signal.SIGTERM)
#: Seconds within which every client must be playing again after its process stopped: a few seconds on a quiet
#: machine (the figures are printed); the bound leaves room for a loaded one (a new process, or the replay of a
#: table taken over, can take many seconds on two busy cores), while a client left stuck fails it.
BACK_WITHIN = 30.0


class Timed:
    """A socket as ``Player._play`` reads it, that notes when the first state arrives."""

    def __init__(self, ws: Any, on_state: Any) -> None:
        self.ws, self.on_state = ws, on_state

    def __aiter__(self) -> Any:
        return self._messages()

    async def _messages(self) -> Any:
        async for raw in self.ws:
            if self.on_state is not None and '"type":"state"' in raw:
                self.on_state()
                self.on_state = None
            yield raw

    async def send(self, text: str) -> None:
        await self.ws.send(text)


class WatchedPlayer(Player):
    """A ``Player`` that notes how each of its sockets was closed and how long it took to be back in play."""

    def __init__(self, base: Player) -> None:
        super().__init__(base.token, base.table, base.seat, base.urls, seed=base.table * 7 + base.seat)
        self.closes: Counter[int] = Counter()
        self.gaps: list[float] = []  # seconds from a socket's close to the first state on a new one
        self.closed_at: float | None = None

    def _back(self) -> None:
        if self.closed_at is not None:
            self.gaps.append(time.monotonic() - self.closed_at)
            self.closed_at = None

    def _cut(self) -> None:
        if self.closed_at is None:
            self.closed_at = time.monotonic()

    async def run(self) -> None:
        while not self.over:
            url = "ws" + self.rng.choice(self.urls)[len("http"):] + f"/ws/table/{self.table}"
            try:
                async with connect(url, additional_headers={"Cookie": f"{COOKIE}={self.token}"}, open_timeout=10,
                                   max_size=2**22) as ws:
                    self.connects += 1
                    await self._play(Timed(ws, self._back))
            except ConnectionClosed as exc:
                if exc.rcvd is not None:
                    self.closes[exc.rcvd.code] += 1
                self._cut()
            except (OSError, InvalidHandshake, TimeoutError):
                self._cut()
            if not self.over:
                await asyncio.sleep(0.05)  # real time: a client's pause before it connects again, as a page's


def test_a_rolling_restart_of_three_processes_loses_no_move_and_everyone_is_back_in_seconds(
        postgres: PrivatePostgres, redis_server: PrivateRedis, tmp_path: Path) -> None:  # noqa: F811
    extra = ["--redis", redis_server.url, "--redis-prefix", "lh:", "--redis-lease", "3", "--log-level", "info"]
    procs = [Process(postgres.url, free_port(), extra, log=tmp_path / f"serve-{i}.log") for i in range(3)]
    stopped: list[float] = []
    with logs_shown_on_failure(procs, tmp_path):
        players = [WatchedPlayer(p) for p in seat_tables(procs)]

        def rolling_restart() -> None:
            for i, proc in enumerate(procs):
                began = time.monotonic()
                proc.proc.send_signal(signal.SIGTERM)
                assert proc.proc.wait(90) in STOPPED, f"process {i} did not stop cleanly on SIGTERM"
                stopped.append(time.monotonic() - began)
                procs[i] = Process(postgres.url, proc.port, extra, log=tmp_path / f"serve-{i}.log")
                time.sleep(1.0)  # real time: play on with all three before the next one goes

        asyncio.run(play_through(players, rolling_restart, warm=3, after=4))
        records_checked(players, postgres.url)
        closes = sum((p.closes for p in players), Counter())
        gaps = sorted(g for p in players for g in p.gaps)
        print(f"rolling restart: each process stopped in {', '.join(f'{s:.2f}' for s in stopped)} s; "
              f"{sum(len(p.acked) for p in players)} moves acknowledged; sockets closed {dict(closes)}; "
              f"back in play after {gaps[0]:.2f}-{gaps[-1]:.2f} s (median {gaps[len(gaps) // 2]:.2f} s, "
              f"{len(gaps)} reconnections)")
        assert closes[1012] > 0 and set(closes) <= {1012, 1000}, closes  # never an abnormal close (1006, 1011)
        assert gaps and max(gaps) < BACK_WITHIN, gaps


def test_sigterm_stores_what_is_gathered_and_closes_every_socket_with_1012(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'hall.db'}"
    server = Process(database, free_port(), log=tmp_path / "serve.log")
    try:
        site: Any = _Site(server.url)
        ann, bob = Client(site, "Ann"), Client(site, "Bob")
        lobby = ann.lobby()
        tid = create_table(lobby, "toy", 2)
        wa, wb = ann.table(tid), bob.table(tid)
        join(wa, 1)
        join(wb, 2)
        command(wa, "/start")
        state = wa.wait_type("state")
        wa.send({"type": "action", "version": state["version"],
                 "action": {"type": "pick", "card": state["view"]["you"]["hand"][0]}, "ref": 1})
        wa.wait(lambda m: m.get("type") == "state" and m["version"] > state["version"])
        server.proc.send_signal(signal.SIGTERM)
        assert server.proc.wait(90) in STOPPED
        for ws in (wa, wb, lobby):
            try:
                while True:
                    ws.conn.recv(timeout=5)
            except ConnectionClosed as exc:
                assert exc.rcvd is not None and exc.rcvd.code == 1012, exc
        store = Store(database)
        try:
            record = store.record(tid)
            assert record is not None and len(record.actions) == 1
        finally:
            store.close()
    finally:
        if server.proc.poll() is None:
            server.kill9()
