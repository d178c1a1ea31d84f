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
import tempfile
import time
from typing import Any

from hallplayers import Player, guests, lobby_create
from loadkit import Gate, free_port, start_process, stop, window


def serve(port: int, database: str) -> list[str]:
    """The arguments that run ``longhouse serve`` for this benchmark: no bot delay, no flood limit."""
    return ["-m", "longhouse.cli", "serve", "--port", str(port), "--database", database, "--bot-delay", "0",
            "--log-level", "warning", "--max-rate", "0"]


async def run(port: int, bystanders: int, bot_tables: int, level: str, seconds: float, think: float,
              seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    tokens = await guests(port, 2 * bystanders + bot_tables)
    forever, timed = Gate(open_now=True), Gate(open_now=True)
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
        tasks.append(asyncio.create_task(p.play(forever)))
    tasks += [asyncio.create_task(p.play(timed)) for p in watched]
    await asyncio.wait_for(asyncio.gather(*[p.started.wait() for p in watched]), 120)
    await asyncio.sleep(2.0)  # bots at work, workers started
    start = time.perf_counter()
    timed.stop_at = start + seconds
    await asyncio.sleep(seconds)
    for task in tasks:
        task.cancel()
    return window(watched, start, timed.stop_at)


def measure(bystanders: int, bot_tables: int, level: str, seconds: float, think: float, seed: int,
            workers: int | None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        env = {"LONGHOUSE_BOT_WORKERS": str(workers)} if workers is not None else None
        server = start_process(serve(port, f"sqlite:///{tmp}/bench.db"), port, env=env)
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
