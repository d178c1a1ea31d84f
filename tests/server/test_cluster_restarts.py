"""Redis restarted, and PostgreSQL restarted, under load: three hall processes run Manitou tables while people
play on every process (half of them through another process's proxy, one against a bot); the service goes
down and comes back while moves flow. No acknowledged move is lost, none is applied twice, every table
resumes (moves are made again after the restart) and every record replays.

The restarted Redis and PostgreSQL are private to each test (``services.py``), never the machine's shared
ones, which other tests and people use.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from harness import WS, Client, Hall, command, create_table, free_port, seated_table
from services import PrivatePostgres, PrivateRedis
from test_kill_restart import Process, _Site
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from longhouse import games
from longhouse.engine.records import replay
from longhouse.server.auth import COOKIE
from longhouse.server.state_merge import merge_state
from longhouse.store import Store

TABLES = 6  # two owned by each process
BOT_TABLE = 0  # a person against a random bot; at the others two people
PROCESSES = 3


class Player:
    """One person at one seat, moving at a quick human pace; reconnects (to any process) whenever cut off."""

    def __init__(self, token: str, table: int, seat: int, urls: list[str], seed: int) -> None:
        self.token, self.table, self.seat, self.urls = token, table, seat, urls
        self.rng = random.Random(seed)
        self.sent: list[dict[str, Any]] = []  # every action this player sent, each once
        self.acked: list[tuple[int, dict[str, Any]]] = []  # (record index, action) of acknowledged moves
        self.refusals: Counter[str] = Counter()
        self.connects = 0
        self.over = False
        self.wrong: list[str] = []

    async def run(self) -> None:
        while not self.over:
            url = "ws" + self.rng.choice(self.urls)[len("http"):] + f"/ws/table/{self.table}"
            try:
                async with connect(url, additional_headers={"Cookie": f"{COOKIE}={self.token}"}, open_timeout=10,
                                   max_size=2**22) as ws:
                    self.connects += 1
                    await self._play(ws)
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
                pass
            await asyncio.sleep(0.2)  # real time: a client's pause before it connects again, as a page's

    async def _play(self, ws: Any) -> None:
        pending: int | None = None  # the version a move was sent at, until it is acknowledged or refused
        latest: dict[str, Any] | None = None
        async for raw in ws:
            msg = json.loads(raw)
            if msg["type"] == "error":
                self.refusals[msg.get("code") or msg["message"]] += 1
                if pending is not None and latest is not None:  # as a person would: try again
                    pending = await self._move(ws, latest)
            elif msg["type"] == "state":
                msg = merge_state(latest, msg)  # a delta: merged into the state before, as a page does
                if msg["seat"] != self.seat:
                    self.wrong.append(f"seat {msg['seat']} instead of {self.seat}")
                if pending is not None and msg["by"] == self.seat and msg["version"] > pending:
                    self.acked.append((msg["version"] - 1, self.sent[-1]))
                    pending = None
                latest = msg
                if msg["status"] == "over":
                    self.over = True
                    return
                if pending is None and msg["legal"]:
                    pending = await self._move(ws, msg)

    async def _move(self, ws: Any, state: dict[str, Any]) -> int | None:
        if not state["legal"]:
            return None
        await asyncio.sleep(self.rng.uniform(0.08, 0.25))  # real time: a person's pace, across the restarts
        action = self.rng.choice(state["legal"])
        self.sent.append(action)
        await ws.send(json.dumps({"type": "action", "version": state["version"], "action": action}))
        return int(state["version"])


def at(client: Client, proc: Process, path: str) -> WS:
    base, client.base = client.base, proc.url
    try:
        return client.ws(path)
    finally:
        client.base = base


def seat_tables(procs: list[Process]) -> list[Player]:
    """Tables created on every process in turn; each person sits down through another process than the
    table's creator (so through the owner's proxy) or the owner itself; games started."""
    players: list[Player] = []
    urls = [p.url for p in procs]
    for t in range(TABLES):
        owner = procs[t % PROCESSES]
        people = [Client(_Site(owner.url)) for _ in range(1 if t == BOT_TABLE else 2)]
        tid = create_table(people[0].lobby(), "manitou", 2)
        sockets = []
        for seat, person in enumerate(people):
            ws = at(person, procs[(t + seat) % PROCESSES], f"/ws/table/{tid}")
            command(ws, f"/join {seat + 1}")
            ws.wait(lambda m, s=seat: m["type"] == "table" and m["you"]["seat"] == s, timeout=20)
            sockets.append(ws)
            players.append(Player(person.token, tid, seat, urls, seed=t * 2 + seat))
        if t == BOT_TABLE:
            command(sockets[0], "/bot random 2")
            sockets[0].wait(lambda m: m["type"] == "table" and all(m["table"]["seats"]), timeout=20)
        command(sockets[0], "/start")
        sockets[0].wait_type("state", timeout=20)
        for ws in sockets:
            ws.close()
    return players


def acked_by_table(players: Sequence[Player]) -> dict[int, int]:
    counts = dict.fromkeys((p.table for p in players), 0)
    for p in players:
        counts[p.table] += len(p.acked)
    return counts


async def play_through(players: Sequence[Player], restart: Callable[[], None], warm: int = 3, after: int = 4) -> float:
    """Play until every table has ``warm`` acknowledged moves, restart the service, and play on until every
    table has ``after`` more (or has finished since). Returns how long the tables took to resume."""
    tasks = [asyncio.create_task(p.run()) for p in players]

    async def until(done: Callable[[], bool], what: str, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not done():
            if time.monotonic() > deadline or all(t.done() for t in tasks):
                states = {p.table: (len(p.acked), p.connects, dict(p.refusals)) for p in players}
                raise AssertionError(f"{what} within {seconds} s: (acknowledged, connections, refusals) {states}")
            await asyncio.sleep(0.1)  # a look every 0.1 s at what the players count (no event tells of it)

    try:
        await until(lambda: min(acked_by_table(players).values()) >= warm, "not every table got going", 60)
        before = acked_by_table(players)
        await asyncio.to_thread(restart)
        restarted = time.monotonic()
        await until(lambda: all(n - before[t] >= after or any(p.over for p in players if p.table == t)
                                for t, n in acked_by_table(players).items()), "not every table resumed", 60)
        return time.monotonic() - restarted
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def check_records(players: Sequence[Player], store: Store) -> None:
    """Every acknowledged move is in the record where it was acknowledged; no seat has more moves stored than
    its player sent (nothing applied twice); every record replays."""
    for tid in sorted({p.table for p in players}):
        record = store.record(tid)
        assert record is not None
        replay(record, games.for_record(record), check_result=False)  # every entry legal, in order
        for p in (p for p in players if p.table == tid):
            assert not p.wrong, p.wrong
            for index, action in p.acked:
                assert index < len(record.actions), f"table {tid}: acknowledged move {index} is not stored"
                entry = record.actions[index]
                assert entry["seat"] == p.seat and entry["action"] in p.sent, (tid, index, entry, action)
            stored = sum(1 for e in record.actions if e["seat"] == p.seat)
            assert len(p.acked) <= stored <= len(p.sent), (tid, p.seat, len(p.acked), stored, len(p.sent))


@pytest.fixture
def redis_server() -> Iterator[PrivateRedis]:
    server = PrivateRedis()
    yield server
    server.stop()


@pytest.fixture
def postgres() -> Iterator[PrivatePostgres]:
    server = PrivatePostgres()
    yield server
    server.close()


def start_processes(database: str, redis_url: str, logs: Path) -> list[Process]:
    extra = ["--redis", redis_url, "--redis-prefix", "lh:", "--redis-lease", "3"]
    return [Process(database, free_port(), extra, log=logs / f"serve-{i}.log") for i in range(PROCESSES)]


@contextlib.contextmanager
def logs_shown_on_failure(procs: list[Process], logs: Path) -> Iterator[None]:
    """Run a test over hall processes: if it fails, print the end of each process's log (``serve-*.log`` in
    ``logs``); in any case, kill -9 whichever process still runs (``procs`` as it is then: a test that
    restarts one puts the new one in its place)."""
    try:
        yield
    except BaseException:
        for log in sorted(logs.glob("serve-*.log")):
            print(f"--- {log.name}\n{log.read_text(errors='replace')[-3000:]}")
        raise
    finally:
        for proc in procs:
            if proc.proc.poll() is None:
                proc.kill9()


def records_checked(players: Sequence[Player], database: str) -> None:
    store = Store(database)
    try:
        check_records(players, store)
    finally:
        store.close()


def run_restart(postgres: PrivatePostgres, redis_server: PrivateRedis, tmp_path: Path,
                restart: Callable[[], None]) -> list[Player]:
    procs = start_processes(postgres.url, redis_server.url, tmp_path)
    with logs_shown_on_failure(procs, tmp_path):
        players = seat_tables(procs)
        resumed = asyncio.run(play_through(players, restart))
        assert all(p.proc.poll() is None for p in procs), "a hall process died"
        records_checked(players, postgres.url)
        print(f"resumed {resumed:.1f} s after the restart; "
              f"{sum(len(p.acked) for p in players)} moves acknowledged; "
              f"refusals {sum((p.refusals for p in players), Counter())}")
        return players


def test_redis_restarted_under_load_loses_no_move_and_every_table_resumes(
        postgres: PrivatePostgres, redis_server: PrivateRedis, tmp_path: Path) -> None:
    """Redis killed and started again empty (every lease and subscription gone) while moves flow."""
    players = run_restart(postgres, redis_server, tmp_path, lambda: redis_server.restart(down=1.0))
    # the proxied sockets were started afresh (what went through Redis may have been lost), and came back
    assert any(p.connects > 1 for p in players)


def test_postgres_restarted_under_load_loses_no_move_and_every_table_resumes(
        postgres: PrivatePostgres, redis_server: PrivateRedis, tmp_path: Path) -> None:
    """PostgreSQL shut down (fast: sessions cut) and started again while moves flow: the moves made while it
    is down are refused and not played, and play goes on when it is back."""
    run_restart(postgres, redis_server, tmp_path, lambda: postgres.restart(down=1.5))


def test_a_move_refused_while_the_store_is_down_leaves_the_table_at_its_stored_moves(
        hall: Hall, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's side of a database outage, in one process: writes and reads both fail, so the table cannot
    be rebuilt from the store; the move is refused ("store", not played) and the table goes back to the moves
    it had stored. Once the store is back the same move, at the same version, is played."""
    tid, _, (ann, _bob) = seated_table(hall, ["Ann", "Bob"])
    ann.drain(0.2)
    state = ann.last_state()
    assert state["legal"]
    move = {"type": "action", "version": state["version"],
            "action": {"type": "pick", "card": state["view"]["you"]["hand"][0]}}
    store = hall.hall.store

    def down(*args: Any, **kwargs: Any) -> Any:
        raise OSError("the database is down")

    monkeypatch.setattr(store, "append_moves", down)
    monkeypatch.setattr(store, "record", down)
    ann.send(move)
    ann.wait_type("error", code="store")
    assert hall.hall.tables[tid].version == state["version"]
    monkeypatch.undo()
    ann.send(move)
    acked = ann.wait(lambda m: m["type"] == "state" and m["by"] == 0)
    assert acked["version"] == state["version"] + 1
    record = store.record(tid)
    assert record is not None and record.actions == [{"seat": 0, "action": move["action"]}]
    replay(record, games.for_record(record), check_result=False)
