"""Load benchmark of the game hall.

Starts ``longhouse serve`` (a fresh SQLite store, bots off) as its own process, lets N simulated players
(websocket clients on loopback, all in this process) play K Manitou tables with random legal moves, and
prints moves/s, p50/p99 move latency (send -> the sender's acknowledged new state) and server memory per
table. In the same run it measures the raw round-trips/s of a bare Starlette websocket echo server (same
uvicorn settings, the same number of clients) and prints the ratio.

    python bench/hall.py --tables 200          # 800 players
    python bench/hall.py --tables 20 --seconds 20
    python bench/hall.py --tables 200 --think 0.5   # latency when people take their time

Targets (issue): moves/s >= 0.5x the echo's round-trips/s; p99 < 50 ms at 200 tables.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import msgspec
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
#: Every simulated player comes from one address and plays flat out: the abuse limits are lifted.
NO_LIMITS = ["--person-rate", "0", "--account-burst", "0", "--sockets-per-address", "0",
             "--connections-per-address", "0", "--tables-per-person", "0", "--limit-concurrency", "0"]
COOKIE = "longhouse_session"
_decode = msgspec.json.Decoder().decode


class Reply(msgspec.Struct):
    """The few fields a simulated player reads; the view itself is skipped unparsed, as a bot would."""

    type: str
    version: int = -1
    by: int | None = None
    seat: int | None = None
    status: str = ""
    legal: list[Any] = []


_decode_reply = msgspec.json.Decoder(Reply).decode
_encode = msgspec.json.Encoder().encode


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def start_process(args: list[str], port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, *args], env=env, cwd=str(ROOT),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.time() + 30
    while time.time() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return proc
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {proc.stderr.read().decode() if proc.stderr else ''}")
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("server did not start")


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


# --- the bare echo server --------------------------------------------------------------------------

def echo_app() -> Any:
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    async def echo(ws: WebSocket) -> None:
        await ws.accept()
        try:
            while True:
                await ws.send_text(await ws.receive_text())
        except WebSocketDisconnect:
            pass

    return Starlette(routes=[WebSocketRoute("/echo", echo)])


def serve_echo(port: int) -> None:
    import uvicorn

    uvicorn.run(echo_app(), host="127.0.0.1", port=port, log_level="warning", ws="websockets-sansio",
                ws_max_size=64 * 1024, ws_per_message_deflate=False)


async def echo_rate(port: int, clients: int, seconds: float) -> float:
    message = _encode({"type": "action", "version": 12, "action": {"type": "play", "card": "C", "ground": 1}})
    stop_at = 0.0
    count = 0

    async def one() -> None:
        nonlocal count
        async with connect(f"ws://127.0.0.1:{port}/echo", max_size=2**22) as ws:
            await ready.wait()
            while time.perf_counter() < stop_at:
                await ws.send(message.decode())
                await ws.recv()
                count += 1

    ready = asyncio.Event()
    tasks = [asyncio.create_task(one()) for _ in range(clients)]
    await asyncio.sleep(0.5 + clients / 500)
    start = time.perf_counter()
    stop_at = start + seconds
    ready.set()
    await asyncio.gather(*tasks)
    return count / (time.perf_counter() - start)


# --- the hall -------------------------------------------------------------------------------------

class Player:
    def __init__(self, port: int, token: str, rng: random.Random, think: float = 0.0) -> None:
        self.port = port
        self.token = token
        self.rng = rng
        self.think = think
        self.ws: ClientConnection | None = None
        self.latencies: list[float] = []
        self.acked_at: list[float] = []
        self.stale = 0
        self.moves = 0
        self.over = asyncio.Event()
        self.started = asyncio.Event()
        self.seat: int | None = None

    async def open(self, table: int) -> None:
        self.ws = await connect(f"ws://127.0.0.1:{self.port}/ws/table/{table}", max_size=2**22,
                                additional_headers={"Cookie": f"{COOKIE}={self.token}"})

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(_encode(message).decode())

    async def play(self, go: asyncio.Event, stop_at: list[float]) -> None:
        """Answer every state in which this seat may act with a random legal move."""
        assert self.ws is not None
        pending: tuple[int, float] | None = None  # (version sent, time sent)
        latest: Reply | None = None
        async for raw in self.ws:
            msg = _decode_reply(raw)
            kind = msg.type
            if kind == "error":
                if pending is not None:
                    self.stale += 1
                    pending = None
            elif kind == "state":
                self.started.set()
                self.seat = msg.seat
                if pending is not None and msg.by == self.seat and msg.version > pending[0]:
                    now = time.perf_counter()
                    self.latencies.append(now - pending[1])
                    self.acked_at.append(now)
                    self.moves += 1
                    pending = None
                latest = msg
                if msg.status == "over":
                    self.over.set()
                    return
            else:
                continue
            if latest is None or pending is not None or not latest.legal:
                continue
            if not go.is_set():
                await go.wait()
            if stop_at[0] and time.perf_counter() > stop_at[0]:
                self.over.set()
                return
            if self.think:
                await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
            action = self.rng.choice(latest.legal)
            pending = (latest.version, time.perf_counter())
            await self.send({"type": "action", "version": latest.version, "action": action})


async def hall_run(port: int, tables: int, per_table: int, seconds: float, server_pid: int,
                   seed: int, think: float = 0.0) -> dict[str, Any]:
    rng = random.Random(seed)
    base = f"http://127.0.0.1:{port}"
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as http:
        async def guest() -> str:
            r = await http.post("/api/guest", json={})
            r.raise_for_status()
            return str(r.cookies[COOKIE])

        tokens = await asyncio.gather(*[guest() for _ in range(tables * per_table)])
    rss_before = rss_kib(server_pid)

    async def create(creator: str) -> int:
        """The table's first player creates it from the lobby, as a person would."""
        async with connect(f"ws://127.0.0.1:{port}/ws/lobby", max_size=2**22,
                           additional_headers={"Cookie": f"{COOKIE}={creator}"}) as lobby:
            await lobby.send(_encode({"type": "create", "game": "manitou", "seats": per_table}).decode())
            while True:
                msg = _decode(await asyncio.wait_for(lobby.recv(), 30))
                if msg.get("type") == "error":
                    raise RuntimeError(f"cannot create a table: {msg['message']}")
                if msg.get("type") == "created":
                    return int(msg["table"])

    players = [Player(port, tok, random.Random(rng.getrandbits(32)), think) for tok in tokens]
    go = asyncio.Event()
    stop_at = [0.0]
    replaced = [0]

    async def seat(group: list[Player]) -> list[asyncio.Task[None]]:
        """A new table for this group: created from the lobby, everyone seated, started; their play tasks."""
        table = await create(group[0].token)
        tasks = []
        for seat_no, p in enumerate(group):
            p.over.clear()
            await p.open(table)
            await p.send({"type": "command", "name": "join", "args": [str(seat_no + 1)]})
            tasks.append(asyncio.create_task(p.play(go, stop_at)))
        await group[0].send({"type": "command", "name": "start", "args": []})
        return tasks

    async def keep_playing(group: list[Player], tasks: list[asyncio.Task[None]]) -> None:
        """Whenever the group's game ends inside the window, a new table replaces it, so the window stays full."""
        while True:
            # the game is over (every seat is told) or one player saw the window end: this table is done
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for p in group:
                if p.ws is not None:
                    await p.ws.close()
            await asyncio.gather(*tasks, return_exceptions=True)
            if not stop_at[0] or time.perf_counter() >= stop_at[0]:
                return
            replaced[0] += 1
            tasks = await seat(group)

    groups = [players[t * per_table:(t + 1) * per_table] for t in range(tables)]
    first = [await seat(group) for group in groups]
    await asyncio.wait_for(asyncio.gather(*[p.started.wait() for p in players]), 120)
    rss_started = rss_kib(server_pid)
    start = time.perf_counter()
    cpu_server, cpu_client = cpu_seconds(server_pid), cpu_seconds(os.getpid())
    stop_at[0] = start + seconds
    go.set()
    peak = rss_started
    loops = asyncio.gather(*[keep_playing(g, t) for g, t in zip(groups, first, strict=True)])
    while not loops.done():
        await asyncio.sleep(0.5)
        peak = max(peak, rss_kib(server_pid))
        if time.perf_counter() > stop_at[0] + 20:
            loops.cancel()
            break
    with contextlib.suppress(asyncio.CancelledError):
        await loops
    acks = sorted(t for p in players for t in p.acked_at if t <= stop_at[0])
    end = acks[-1] if acks else time.perf_counter()
    elapsed = end - start
    cpu_server = cpu_seconds(server_pid) - cpu_server
    cpu_client = cpu_seconds(os.getpid()) - cpu_client
    latencies = sorted(x for p in players for x, t in zip(p.latencies, p.acked_at, strict=True) if t <= stop_at[0])
    moves = len(acks)
    return {
        "cpu_server": cpu_server, "cpu_client": cpu_client,
        "moves": moves, "elapsed": elapsed, "moves_per_s": moves / elapsed,
        "p50_ms": 1000 * statistics.median(latencies) if latencies else float("nan"),
        "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))] if latencies else float("nan"),
        "stale": sum(p.stale for p in players), "replaced": replaced[0],
        "rss_before_kib": rss_before, "rss_started_kib": rss_started, "rss_peak_kib": peak,
        "kib_per_table": (peak - rss_before) / max(1, tables),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50, help="K tables (default 50)")
    parser.add_argument("--players", type=int, default=4, help="players per table, 2-4 (default 4)")
    parser.add_argument("--seconds", type=float, default=30, help="stop the hall run after this long (default 30)")
    parser.add_argument("--echo-seconds", type=float, default=5, help="length of the echo run (default 5)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds a player thinks before each move (default 0: flat out)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", metavar="FILE",
                        help="run the server under cProfile and write its profile here (see python -m pstats)")
    parser.add_argument("--echo-server", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.echo_server:
        serve_echo(args.echo_server)
        return 0
    clients = args.tables * args.players

    echo_port = free_port()
    echo = start_process([str(Path(__file__).resolve()), "--echo-server", str(echo_port)], echo_port)
    try:
        echo_rts = asyncio.run(echo_rate(echo_port, clients, args.echo_seconds))
    finally:
        stop(echo)

    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        profile = ["-m", "cProfile", "-o", args.profile] if args.profile else []
        server = start_process([*profile, "-m", "longhouse.cli", "serve", "--port", str(port), "--database",
                                f"sqlite:///{tmp}/bench.db", "--bot-delay", "0", "--log-level", "warning",
                                "--max-rate", "0", *NO_LIMITS], port)
        try:
            result = asyncio.run(hall_run(port, args.tables, args.players, args.seconds, server.pid, args.seed,
                                          args.think))
        finally:
            stop(server)

    ratio = result["moves_per_s"] / echo_rts if echo_rts else float("nan")
    print(f"hall benchmark: {args.tables} tables x {args.players} players = {clients} websocket clients (loopback)"
          + (f", thinking {args.think:g} s a move on average" if args.think else ", moving as fast as they can"))
    print(f"  moves acknowledged   {result['moves']} in {result['elapsed']:.1f} s"
          f"  ({result['stale']} stale moves refused and retried; {result['replaced']} finished tables replaced)")
    print(f"  moves/s              {result['moves_per_s']:.0f}   (CPU: server {result['cpu_server']:.1f} s, "
          f"clients {result['cpu_client']:.1f} s; {os.cpu_count()} cores)")
    print(f"  move latency         p50 {result['p50_ms']:.1f} ms   p99 {result['p99_ms']:.1f} ms")
    print(f"  server memory        {result['rss_before_kib'] / 1024:.1f} MiB before tables, "
          f"{result['rss_peak_kib'] / 1024:.1f} MiB peak; {result['kib_per_table']:.0f} KiB per table")
    print(f"  echo round-trips/s   {echo_rts:.0f}  (bare Starlette websocket echo, {clients} clients)")
    print(f"  ratio                {ratio:.2f}  (target >= 0.5; p99 target < 50 ms at 200 tables)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
