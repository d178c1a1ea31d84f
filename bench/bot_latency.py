"""Do thinking bots slow the hall? Other tables' move latency while strong bots think.

Starts ``longhouse serve`` (fresh SQLite, no bot delay) as its own process; ``--bystanders`` Manitou
tables of two scripted players (websocket clients in this process) move at random at a human-like
pace (``--think``), and their move latency (send -> the sender's acknowledged new state) is measured:

1. with no bot anywhere (the anchor);
2. while ``--bots`` tables each seat one bot of ``--level`` (default expert: 1 s searches) against a
   scripted player who answers at once, so that the bots think nearly all the time;

each for the default thinker (worker processes) and for ``LONGHOUSE_BOT_WORKERS=0`` (the old way:
the search in a thread of the hall's process). Prints p50/p99/max latency per run.

    python bench/bot_latency.py                 # 10 bystander tables, 4 expert bots, 20 s per run
    python bench/bot_latency.py --bystanders 20 --bots 6 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import tempfile
import time
from typing import Any

import httpx
import msgspec
from loadkit import free_port, start_process, stop
from websockets.asyncio.client import ClientConnection, connect

COOKIE = "longhouse_session"
_decode = msgspec.json.Decoder().decode
_encode = msgspec.json.Encoder().encode


def start_server(port: int, database: str, workers: int | None) -> subprocess.Popen[bytes]:
    return start_process(["-m", "longhouse.cli", "serve", "--port", str(port), "--database", database,
                          "--bot-delay", "0", "--log-level", "warning", "--max-rate", "0"], port,
                         env={"LONGHOUSE_BOT_WORKERS": str(workers)} if workers is not None else None)


class Player:
    """A scripted seat: answers every state where it may act with a random legal move."""

    def __init__(self, port: int, token: str, rng: random.Random, think: float) -> None:
        self.port, self.token, self.rng, self.think = port, token, rng, think
        self.ws: ClientConnection | None = None
        self.latencies: list[float] = []
        self.started = asyncio.Event()

    async def open(self, table: int) -> None:
        self.ws = await connect(f"ws://127.0.0.1:{self.port}/ws/table/{table}", max_size=2**22,
                                additional_headers={"Cookie": f"{COOKIE}={self.token}"})

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(_encode(message).decode())

    async def play(self, measuring: list[bool]) -> None:
        assert self.ws is not None
        pending: tuple[int, float] | None = None
        async for raw in self.ws:
            msg = _decode(raw)
            if msg.get("type") == "error":
                pending = None
                continue
            if msg.get("type") != "state":
                continue
            self.started.set()
            if pending is not None and msg.get("by") == msg.get("seat") and msg["version"] > pending[0]:
                if measuring[0]:
                    self.latencies.append(time.perf_counter() - pending[1])
                pending = None
            if msg.get("status") == "over":
                return
            if pending is not None or not msg.get("legal"):
                continue
            if self.think:
                await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
            pending = (msg["version"], time.perf_counter())
            await self.send({"type": "action", "version": msg["version"], "action": self.rng.choice(msg["legal"])})


async def lobby_create(port: int, token: str, message: dict[str, Any]) -> int:
    async with connect(f"ws://127.0.0.1:{port}/ws/lobby", max_size=2**22,
                       additional_headers={"Cookie": f"{COOKIE}={token}"}) as lobby:
        await lobby.send(_encode(message).decode())
        while True:
            msg = _decode(await asyncio.wait_for(lobby.recv(), 60))
            if msg.get("type") == "error":
                raise RuntimeError(f"cannot create a table: {msg['message']}")
            if msg.get("type") == "created":
                return int(msg["table"])


async def run(port: int, bystanders: int, bot_tables: int, level: str, seconds: float, think: float,
              seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
        async def guest() -> str:
            r = await http.post("/api/guest")
            r.raise_for_status()
            return str(r.cookies[COOKIE])

        tokens = [await guest() for _ in range(2 * bystanders + bot_tables)]
    measuring = [False]
    tasks: list[asyncio.Task[None]] = []
    watched: list[Player] = []
    for t in range(bystanders):
        table = await lobby_create(port, tokens[2 * t], {"type": "create", "game": "manitou", "seats": 2})
        for seat in range(2):
            p = Player(port, tokens[2 * t + seat], random.Random(rng.getrandbits(32)), think)
            await p.open(table)
            await p.send({"type": "command", "name": "join", "args": [str(seat + 1)]})
            watched.append(p)
        await watched[-2].send({"type": "command", "name": "start", "args": []})
    for b in range(bot_tables):
        token = tokens[2 * bystanders + b]
        table = await lobby_create(port, token, {"type": "create", "game": "manitou", "seats": 2, "options": {},
                                                 "bots": level})
        p = Player(port, token, random.Random(rng.getrandbits(32)), 0.0)
        await p.open(table)
        tasks.append(asyncio.create_task(p.play([False])))
    tasks += [asyncio.create_task(p.play(measuring)) for p in watched]
    await asyncio.wait_for(asyncio.gather(*[p.started.wait() for p in watched]), 120)
    await asyncio.sleep(2.0)  # bots at work, workers started
    measuring[0] = True
    await asyncio.sleep(seconds)
    measuring[0] = False
    for task in tasks:
        task.cancel()
    latencies = sorted(x for p in watched for x in p.latencies)
    if not latencies:
        return {"moves": 0, "p50_ms": float("nan"), "p99_ms": float("nan"), "max_ms": float("nan")}
    return {"moves": len(latencies), "p50_ms": 1000 * statistics.median(latencies),
            "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))], "max_ms": 1000 * latencies[-1]}


def measure(bystanders: int, bot_tables: int, level: str, seconds: float, think: float, seed: int,
            workers: int | None) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server = start_server(port, f"sqlite:///{tmp}/bench.db", workers)
        try:
            return asyncio.run(run(port, bystanders, bot_tables, level, seconds, think, seed))
        finally:
            stop(server)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bystanders", type=int, default=10, help="tables of two scripted players (default 10)")
    parser.add_argument("--bots", type=int, default=4, help="tables with one thinking bot (default 4)")
    parser.add_argument("--level", default="expert", help="the bots' level (default expert)")
    parser.add_argument("--seconds", type=float, default=20, help="measured seconds per run (default 20)")
    parser.add_argument("--think", type=float, default=0.2, help="bystanders' mean think time (default 0.2 s)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    runs = [
        ("no bots (anchor)", 0, None),
        (f"{args.bots} {args.level} bots, worker processes", args.bots, None),
        (f"{args.bots} {args.level} bots, in a thread (old)", args.bots, 0),
    ]
    load = os.getloadavg()[0]
    print(f"bot latency benchmark: {args.bystanders} bystander Manitou tables (2 scripted players, "
          f"{args.think:g} s mean think), {args.seconds:g} s measured per run; {os.cpu_count()} cores, "
          f"load average {load:.1f} at start")
    for label, bots, workers in runs:
        r = measure(args.bystanders, bots, args.level, args.seconds, args.think, args.seed, workers)
        print(f"  {label:<44} moves {r['moves']:>5.0f}   p50 {r['p50_ms']:7.1f} ms   p99 {r['p99_ms']:7.1f} ms"
              f"   max {r['max_ms']:7.1f} ms", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
