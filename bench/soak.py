"""Soak test of the game hall: many tables for a long time, with the abuse of issue 16 mixed in.

Starts ``longhouse serve`` (a fresh SQLite store, every limit at its default) as its own process and keeps
``--tables`` Manitou tables running for ``--minutes``: people-like websocket clients (random legal moves after
a think time, an occasional reload or chat line) and bots, a finished game replaced by a new table. Meanwhile,
in bounded doses, it abuses the hall: oversized and wrongly typed request bodies, message floods, malformed
messages, seat hopping (a watcher taking seats, seating bots for people), socket storms, slow readers that
never read, and half-sent requests. Everything runs on loopback; the well-behaved clients come from their own
loopback addresses (127.0.1.x) and each abuse from others (127.0.2.x), so the per-address limits apply to the
abusers only, as they would on a real network.

It prints a line a minute (server memory, moves, move latency, load) and at the end: the error counts (every
refusal the abuse earned is expected; anything else — a well-behaved player refused or cut off, an abuse
that got through, a server error in its log — is unexpected and must be 0), whether the server's memory
stayed flat, and the p50/p99 move latency of the well-behaved players (send -> the acknowledged new state).

    python bench/soak.py                      # 200 tables, 10 minutes
    python bench/soak.py --tables 20 --minutes 1
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from abuse import ROUTINE, Abuse, Answer, Site, Stats, decode, encode
from hallplayers import keep_legal
from loadkit import ROOT, free_port, rss_kib
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, InvalidStatus

from longhouse.store import Store
from longhouse.store.db import WAL_LIMIT
from longhouse.store.people import PeopleStore


def children_rss_kib(pid: int) -> int:
    """The resident memory of a process's children (the bots' worker processes)."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            if ppid == pid:
                total += rss_kib(int(entry.name))
        except (OSError, ValueError, IndexError):
            continue
    return total


# --- the well-behaved -----------------------------------------------------------------------------


class Person:
    """A people-like player: thinks, then plays a random legal move; now and then reloads or chats."""

    def __init__(self, site: Site, token: str, source: str, rng: random.Random, stats: Stats, think: float) -> None:
        self.site, self.token, self.source, self.rng, self.stats = site, token, source, rng, stats
        self.think = think
        self.ws: ClientConnection | None = None

    async def open(self, path: str) -> ClientConnection:
        self.ws = await self.site.ws(path, self.token, self.source)
        return self.ws

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(encode(message).decode())

    async def until(self, pred: Any, what: str, timeout: float = 60) -> Answer:
        assert self.ws is not None
        deadline = time.monotonic() + timeout
        while True:
            msg = decode(await asyncio.wait_for(self.ws.recv(), max(0.1, deadline - time.monotonic())))
            if msg.type == "error" and msg.code not in ROUTINE:
                self.stats.bad(f"player refused while {what}", msg.message)
            if pred(msg):
                return msg

    async def sit(self, table: int, seat: int) -> None:
        await self.open(f"/ws/table/{table}")
        await self.send({"type": "command", "name": "join", "args": [str(seat + 1)]})

    async def play(self, table: int, seat: int, stop_at: float) -> bool:
        """Play this seat until the game is over (True) or the soak ends."""
        stats = self.stats
        while True:
            assert self.ws is not None
            pending: tuple[int, float] | None = None
            latest: Answer | None = None
            try:
                async for raw in self.ws:
                    msg = decode(raw)
                    if msg.type == "error":
                        if msg.code in ROUTINE:
                            stats.routine[msg.code or ""] += 1
                        else:
                            stats.bad("player refused", msg.message)
                        pending = None
                        continue
                    if msg.type != "state":
                        continue
                    if msg.seat != seat:
                        stats.bad("player lost their seat", f"table {table}: seat {msg.seat}, not {seat}")
                        return False
                    if pending is not None and msg.by == seat and msg.version > pending[0]:
                        now = time.monotonic()
                        stats.acks.append((now, now - pending[1]))
                        pending = None
                    latest = msg = keep_legal(msg, latest)
                    if msg.status == "over":
                        return True
                    if pending is not None or not msg.legal:
                        continue
                    if time.monotonic() > stop_at:
                        return False
                    await asyncio.sleep(min(8.0, self.rng.lognormvariate(math.log(self.think), 0.6)))
                    roll = self.rng.random()
                    if roll < 0.01:  # a reload: the page comes back and carries on
                        break
                    if roll < 0.03:
                        await self.send({"type": "chat", "text": self.rng.choice(["hm", "nice", "gl", "your turn"])})
                    pending = (latest.version, time.monotonic())
                    await self.send(
                        {"type": "action", "version": latest.version, "action": self.rng.choice(latest.legal)}
                    )
                else:
                    stats.bad("player's socket closed by the server", f"table {table}")
                    return False
            except ConnectionClosed as exc:
                stats.bad("player's socket closed by the server", f"table {table}: {exc}")
                return False
            await self.ws.close()
            await self.open(f"/ws/table/{table}")


async def create(person: Person, message: dict[str, Any]) -> int:
    """A table created from the lobby, as a person would."""
    async with await person.site.ws("/ws/lobby", person.token, person.source) as lobby:
        await lobby.send(encode(message).decode())
        while True:
            msg = decode(await asyncio.wait_for(lobby.recv(), 60))
            if msg.type == "error":
                raise RuntimeError(f"cannot create a table: {msg.message}")
            if msg.type == "created" and isinstance(msg.table, int):
                return msg.table


async def run_table(kind: int, people: list[Person], stop_at: float, running: list[int]) -> None:
    """One table after another for this group until the soak ends: four people (kind 0), two people and
    two bots (kind 1), or one person against two bots (kind 2)."""
    head = people[0]
    while time.monotonic() < stop_at:
        try:
            if kind == 2:
                table = await create(head, {"type": "create", "game": "manitou", "seats": 3, "bots": "beginner"})
                await head.open(f"/ws/table/{table}")
                seated = [head]
            else:
                table = await create(head, {"type": "create", "game": "manitou", "seats": 4})
                seated = people if kind == 0 else people[:2]
                for seat, p in enumerate(seated):
                    await p.sit(table, seat)
                    await p.until(
                        lambda m, s=seat: m.type == "table" and (m.you or {}).get("seat") == s, "sitting down"
                    )
                if kind == 1:
                    for seat in (2, 3):
                        await head.send({"type": "command", "name": "bot", "args": ["beginner", str(seat + 1)]})
                await head.send({"type": "command", "name": "start", "args": []})
            running.append(table)
            try:
                over = await asyncio.gather(*[p.play(table, seat, stop_at) for seat, p in enumerate(seated)])
                head.stats.games += any(over)
            finally:
                running.remove(table)
        except (ConnectionClosed, TimeoutError, OSError, RuntimeError, InvalidStatus) as exc:
            head.stats.bad("a table could not be played", repr(exc))
            await asyncio.sleep(5)
        finally:
            for p in people:
                if p.ws is not None:
                    await p.ws.close()
                    p.ws = None


# --- the run --------------------------------------------------------------------------------------


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[int(q * (len(ordered) - 1))] if ordered else float("nan")


def file_kib(path: Path | None) -> int:
    try:
        return path.stat().st_size // 1024 if path is not None else 0
    except FileNotFoundError:
        return 0


async def soak(
    port: int, server_pid: int, tables: int, minutes: float, think: float, seed: int, log: Path, wal: Path | None
) -> int:
    rng = random.Random(seed)
    site = Site(port)
    stats = Stats()
    kinds = [i % 3 for i in range(tables)]
    counts = [{0: 4, 1: 2, 2: 1}[k] for k in kinds]
    sources = [f"127.0.1.{1 + i // 15}" for i in range(sum(counts))]
    tokens: list[str] = []
    for source in sorted(set(sources)):
        tokens += await site.guests(source, sources.count(source))
    people = [
        Person(site, tok, src, random.Random(rng.getrandbits(32)), stats, think)
        for tok, src in zip(tokens, sources, strict=True)
    ]
    start = time.monotonic()
    stop_at = start + 60 * minutes
    groups, at = [], 0
    for count in counts:
        groups.append(people[at : at + count])
        at += count
    running: list[int] = []
    print(
        f"soak: {tables} Manitou tables ({kinds.count(0)} of four people, {kinds.count(1)} of two people and "
        f"two bots, {kinds.count(2)} of one person against two bots), {len(people)} people-like clients "
        f"(mean think {think:g} s) and the abuse of issue 16, for {minutes:g} min; {os.cpu_count()} cores, "
        f"load average {load_average()} at start",
        flush=True,
    )
    rss_start = rss_kib(server_pid)

    async def lobby_reader(person: Person) -> None:
        """A well-behaved lobby visitor: reads every update; an error or a close is unexpected."""
        try:
            async for raw in await person.open("/ws/lobby"):
                msg = decode(raw)
                if msg.type == "error":
                    stats.bad("lobby visitor refused", msg.message)
            stats.bad("lobby visitor's socket closed by the server")
        except ConnectionClosed as exc:
            stats.bad("lobby visitor's socket closed by the server", repr(exc))

    players = [asyncio.create_task(run_table(k, g, stop_at, running)) for k, g in zip(kinds, groups, strict=True)]
    abuse = Abuse(site, stats, random.Random(rng.getrandbits(32)), running)
    visitors = [Person(site, tok, "127.0.1.250", rng, stats, think) for tok in await site.guests("127.0.1.250", 10)]
    helpers = [asyncio.create_task(abuse.run(stop_at)), *[asyncio.create_task(lobby_reader(v)) for v in visitors]]
    samples: list[tuple[float, int, int]] = []
    wal_kib: list[int] = []  # SQLite's write-ahead log, sampled with the memory
    minute = 0
    print(
        f"  {'min':>3} {'server RSS':>11} {'bot workers':>12} {'moves':>6} {'p50 ms':>7} {'p99 ms':>7} "
        f"{'unexpected':>10} {'-wal':>9}  load",
        flush=True,
    )
    while time.monotonic() < stop_at + 5 and not all(t.done() for t in players):
        await asyncio.sleep(5)
        now = time.monotonic()
        samples.append((now - start, rss_kib(server_pid), children_rss_kib(server_pid)))
        wal_kib.append(file_kib(wal))
        if now - start >= 60 * (minute + 1):
            minute += 1
            recent = [lat for t, lat in stats.acks if now - 60 <= t]
            print(
                f"  {minute:>3} {samples[-1][1] / 1024:>8.1f} MiB {samples[-1][2] / 1024:>8.1f} MiB "
                f"{len(recent):>6} {percentile(recent, 0.5):>7.1f} {percentile(recent, 0.99):>7.1f} "
                f"{sum(stats.unexpected.values()):>10} {wal_kib[-1] / 1024:>5.1f} MiB  {load_average()}",
                flush=True,
            )
    for task in [*players, *helpers]:
        task.cancel()
    await asyncio.gather(*players, *helpers, return_exceptions=True)

    server_errors = [
        line
        for line in log.read_text(errors="replace").splitlines()
        if "Traceback" in line or " ERROR " in line or "Exception" in line
    ]
    for line in server_errors:
        stats.bad("server error in its log", line)
    latencies = [lat for _, lat in stats.acks]
    print(
        f"  moves acknowledged   {len(latencies)} ({len(latencies) / (60 * minutes):.0f}/s); games finished "
        f"{stats.games}; routine refusals {dict(stats.routine) or 'none'}"
    )
    print(
        f"  move latency         p50 {percentile(latencies, 0.5):.1f} ms   p99 {percentile(latencies, 0.99):.1f} "
        f"ms   (well-behaved players, send -> acknowledged state)"
    )
    settled = [rss for t, rss, _ in samples if t >= 120] or [rss for _, rss, _ in samples]
    growth = settled[-1] - min(settled)
    flat = growth <= max(16 * 1024, 0.1 * min(settled))
    print(
        f"  server memory        {rss_start / 1024:.1f} MiB before the tables, {min(settled) / 1024:.1f} MiB "
        f"lowest after 2 min, {max(settled) / 1024:.1f} MiB highest, {settled[-1] / 1024:.1f} MiB at the end: "
        f"{'flat' if flat else 'GROWING'} (+{growth / 1024:.1f} MiB since the lowest)"
    )
    if wal is not None:
        largest = max(wal_kib, default=0)
        bounded = largest * 1024 <= 2 * WAL_LIMIT
        shm = file_kib(wal.with_name(wal.name[:-4] + "-shm"))
        print(
            f"  SQLite's log         -wal at most {largest / 1024:.1f} MiB, {wal_kib[-1] / 1024:.1f} MiB "
            f"at the end, -shm {shm} KiB: "
            f"{'bounded' if bounded else 'GROWING'} (truncated past {WAL_LIMIT // 2**20} MiB)"
        )
        flat = flat and bounded
    print(
        f"  expected refusals    {sum(stats.expected.values())}: "
        + ", ".join(f"{k} {v}" for k, v in sorted(stats.expected.items()))
    )
    total = sum(stats.unexpected.values())
    print(
        f"  unexpected errors    {total}"
        + (
            ""
            if not total
            else ": " + "; ".join(f"{k} x{v} (e.g. {stats.examples[k]!r})" for k, v in sorted(stats.unexpected.items()))
        )
    )
    print(f"  load average         {load_average()} at the end", flush=True)
    return 0 if total == 0 and flat else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200, help="tables kept running (default 200)")
    parser.add_argument("--minutes", type=float, default=10, help="how long (default 10)")
    parser.add_argument("--think", type=float, default=1.0, help="median seconds a person thinks (default 1)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database",
        help="SQLAlchemy URL of the store (default: a fresh SQLite file); on "
        "PostgreSQL the run's tables get a prefix of their own (e.g. postgresql+psycopg://"
        "postgres@127.0.0.1:5432/test)",
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        log = Path(tmp) / "server.log"
        with log.open("wb") as out:
            # the server's log goes to a file (a pipe nobody reads would stall it), read for errors at the end
            server = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "longhouse.cli",
                    "serve",
                    "--port",
                    str(port),
                    "--database",
                    args.database or f"sqlite:///{tmp}/soak.db",
                    *(["--table-prefix", f"soak{os.getpid()}_"] if args.database else []),
                    "--log-level",
                    "warning",
                ],
                env=dict(os.environ, PYTHONPATH=str(ROOT)),
                cwd=str(ROOT),
                stdout=subprocess.DEVNULL,
                stderr=out,
            )
            try:
                ready(port, server)
                wal = None if args.database else Path(tmp) / "soak.db-wal"
                code = asyncio.run(soak(port, server.pid, args.tables, args.minutes, args.think, args.seed, log, wal))
            finally:
                server.send_signal(signal.SIGINT)
                try:
                    server.wait(20)
                except subprocess.TimeoutExpired:
                    server.kill()
                    server.wait()
                if args.database:  # the run's tables leave the shared database
                    drop_tables(args.database, f"soak{os.getpid()}_")
    return code


def drop_tables(database: str, prefix: str) -> None:
    """Remove every table of the hall's store under ``prefix`` (the people's first: they refer to the rest)."""
    store = Store(database, prefix=prefix)
    try:
        PeopleStore(store.engine, prefix, store.tables, store.users).metadata.drop_all(store.engine)
        store.drop_all()
    finally:
        store.close()


def ready(port: int, server: subprocess.Popen[bytes]) -> None:
    """Wait until the hall answers."""
    deadline = time.time() + 60
    while time.time() < deadline:
        with contextlib.suppress(httpx.TransportError):
            if httpx.get(f"http://127.0.0.1:{port}/api/me", timeout=2).status_code == 200:
                return
        if server.poll() is not None:
            raise RuntimeError("the hall exited at start-up")
        time.sleep(0.2)
    raise RuntimeError("the hall did not start within a minute")


if __name__ == "__main__":
    sys.exit(main())
