"""Load benchmark of the game hall against its peer, boardgame.io 0.50.2, in one run at equal sockets.

Starts ``longhouse serve`` (a fresh SQLite store, bots off, the abuse limits lifted for its one-address
players) as its own process and lets N simulated players (websocket clients on loopback, all in this
process) play K Manitou tables with random legal moves; then, in the same run and at the same number of
sockets, boardgame.io 0.50.2's own in-memory server (Node) with N/2 matches of a simple 2-player game
(``bench/peer.py``; installed into ``bench/bgio/`` with ``npm ci`` on the first run). Both sides keep one
move in flight per table or match (each player moves when the game says it is its turn, a simultaneous
phase excepted) and replace every finished game by a new one, so that the window stays full. Both
servers run all along and the two sides are measured in turns (``--rounds`` windows each, ``--seconds``
in all per side), so that the shared machine's changing load falls on both alike. It prints, for each
side, moves/s, p50/p99 move latency (send -> the sender's acknowledged new state; the hall acknowledges
only after the move is committed), the server's CPU seconds and CPU per move (the simulated clients run on
uvloop, so that they cost the machine little) (the figure a busy machine
disturbs least), the ratio and both p99s, and the load average before and after. With ``--profile`` the
hall's server runs under cProfile during its windows only (CPU time) and the CPU is summed up by area
(``bench/profile_areas.py``).

    python bench/hall.py --tables 200                  # 200 two-player tables = 400 sockets, flat out
    python bench/hall.py --tables 200 --think 0.5      # p99 when people take their time (0.5 s mean)
    python bench/hall.py --tables 20 --seconds 10 --no-peer
    python bench/hall.py --tables 200 --profile /tmp/hall.prof   # the server under cProfile
    python bench/hall.py --tables 200 --compare-metrics   # and a hall counting no metrics, for their cost
    python bench/hall.py --tables 200 --compare-code /tmp/old   # and a hall of an earlier commit's worktree
    python bench/hall.py --tables 200 --code /tmp/new --compare-code /tmp/old   # two earlier commits' halls

Targets (issue 16): hall moves/s >= 1.5x boardgame.io's flat out at 400 sockets, single process; p99 < 25 ms
at 200 tables at a human pace (0.5 s mean think).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import uvloop
from hallplayers import COOKIE, Player, Reply, guests, lobby_create  # noqa: F401 - COOKIE, Reply: for bench/abuse.py
from loadkit import Gate, Side, alternate, free_port, rss_kib, start_process, stop

#: Every simulated player comes from one address and plays flat out: the abuse limits are lifted.
NO_LIMITS = [
    "--person-rate",
    "0",
    "--account-burst",
    "0",
    "--sockets-per-address",
    "0",
    "--connections-per-address",
    "0",
    "--tables-per-person",
    "0",
    "--limit-concurrency",
    "0",
]


# --- the hall -------------------------------------------------------------------------------------


async def hall_side(port: int, tables: int, per_table: int, server_pid: int, seed: int, think: float,
                    name: str = "hall", german: float = 0.0) -> Side:
    """The hall's players, seated at their first tables (created from the lobby, as people do); ``german``:
    the share of them whose sockets ask for German (every other one at 0.5: each table has both languages)."""
    rng = random.Random(seed)
    tokens = await guests(port, tables * per_table)
    every = round(1 / german) if german > 0 else 0
    players = [Player(port, tok, random.Random(rng.getrandbits(32)), think,
                      "de" if every and i % every == every - 1 else None) for i, tok in enumerate(tokens)]
    gate = Gate()

    async def seat(group: list[Player]) -> list[asyncio.Task[None]]:
        """A new table for this group: created from the lobby, everyone seated, started; their play tasks."""
        table = await lobby_create(port, group[0].token, {"type": "create", "game": "manitou", "seats": per_table})
        tasks = []
        for seat_no, p in enumerate(group):
            p.over.clear()
            await p.open(table)
            await p.send({"type": "command", "name": "join", "args": [str(seat_no + 1)]})
            tasks.append(asyncio.create_task(p.play(gate)))
        await group[0].send({"type": "command", "name": "start", "args": []})
        return tasks

    groups = [players[t * per_table:(t + 1) * per_table] for t in range(tables)]
    side = Side(name, server_pid, groups, seat, gate)
    await side.start()
    return side


def serve_hall(port: int, database: str, profile: str | None, extra: tuple[str, ...] = ()) -> list[str]:
    """The arguments that run ``longhouse serve`` for the benchmark (under cProfile with ``profile``)."""
    prefix = [str(Path(__file__).resolve()), "--serve-profiled", profile] if profile else ["-m", "longhouse.cli"]
    return [*prefix, "serve", "--port", str(port), "--database", database,
            "--bot-delay", "0", "--log-level", "warning", "--max-rate", "0", *NO_LIMITS, *extra]


def serve_profiled(out: str, argv: list[str]) -> int:
    """``longhouse serve`` under cProfile, on only while the benchmark measures (SIGUSR1 starts it, SIGUSR2
    stops it: the tables' set-up is left out), timed in CPU seconds (the machine is shared: wall time would
    charge other programs' turns to whatever was running). The profile is written when it stops (SIGTERM)."""
    import cProfile
    import signal

    from longhouse.cli import main as cli

    profile = cProfile.Profile(time.process_time)
    signal.signal(signal.SIGUSR1, lambda *_: profile.enable())
    signal.signal(signal.SIGUSR2, lambda *_: profile.disable())
    # uvicorn stops cleanly on SIGTERM, then raises the signal again to die by it: the profile comes first
    signal.raise_signal = lambda sig: None
    try:
        return int(cli(argv) or 0)
    finally:
        profile.disable()
        profile.dump_stats(out)


async def measure(args: argparse.Namespace, hall_port: int, hall_pid: int, peer: tuple[int, int] | None,
                  quiet: tuple[int, int] | None = None, german: tuple[int, int] | None = None,
                  other: tuple[int, int] | None = None
                  ) -> tuple[dict[str, Any], dict[str, Any] | None, dict[str, Any] | None, dict[str, Any] | None,
                             dict[str, Any] | None]:
    """Seat every side, then measure them in alternating windows: the hall, the hall counting no metrics
    (``quiet``: its port and pid, with ``--compare-metrics``), a second hall with half its players in German
    (``german``, with ``--compare-german``), a hall served from other code (``other``, with ``--compare-code``),
    boardgame.io."""
    hall = await hall_side(hall_port, args.tables, args.players, hall_pid, args.seed, args.think,
                           german=args.german)
    hall.profiled = bool(args.profile)
    sides = [hall]
    if quiet is not None:
        sides.append(await hall_side(quiet[0], args.tables, args.players, quiet[1], args.seed, args.think,
                                     name="hall, no metrics"))
    german_side = None
    if german is not None:
        german_side = await hall_side(german[0], args.tables, args.players, german[1], args.seed, args.think,
                                      name="hall, half German", german=0.5)
        sides.append(german_side)
    other_side = None
    if other is not None:
        other_side = await hall_side(other[0], args.tables, args.players, other[1], args.seed, args.think,
                                     name="hall, other code", german=args.german)
        sides.append(other_side)
    if peer is not None:
        from peer import peer_side

        sides.append(await peer_side(peer[0], args.tables * args.players // 2, peer[1], args.seed, args.think))
    rss_started = rss_kib(hall_pid)
    await alternate(sides, args.seconds / args.rounds, args.rounds)
    figures = hall.figures()
    figures.update(stale=sum(p.stale for g in hall.groups for p in g), rss_started_kib=rss_started,
                   rss_end_kib=rss_kib(hall_pid))
    return (figures, sides[-1].figures() if peer is not None else None,
            sides[1].figures() if quiet is not None else None,
            german_side.figures() if german_side is not None else None,
            other_side.figures() if other_side is not None else None)


def line(name: str, r: dict[str, Any]) -> str:
    return (
        f"  {name:<13} {r['moves_per_s']:7.0f} moves/s  p50 {r['p50_ms']:6.1f} ms  p99 {r['p99_ms']:7.1f} ms"
        f"   ({r['moves']} moves in {r['elapsed']:.1f} s, {r['replaced']} games replaced; "
        f"server CPU {r['cpu_server']:.1f} s = {1000 * r['cpu_server'] / max(1, r['moves']):.2f} ms a move, "
        f"{r['sys_server']:.1f} s of it in the kernel, clients {r['cpu_client']:.1f} s)"
    )


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--serve-profiled"]:
        return serve_profiled(argv[1], argv[2:])
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50, help="K tables (default 50)")
    parser.add_argument("--players", type=int, default=2, help="players per table, 2-4 (default 2)")
    parser.add_argument("--seconds", type=float, default=20, help="seconds each side is measured (default 20)")
    parser.add_argument("--rounds", type=int, default=4,
                        help="windows each side's seconds are cut into, the sides taking turns (default 4)")
    parser.add_argument(
        "--think", type=float, default=0.0, help="mean seconds a player thinks before each move (default 0: flat out)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-peer", action="store_true", help="measure the hall only")
    parser.add_argument("--compare-metrics", action="store_true",
                        help="also measure a second hall started with --no-metrics, in the same alternating windows")
    parser.add_argument("--german", type=float, default=0.0, metavar="SHARE",
                        help="the share of the hall's players whose sockets ask for German (0.5: every other one)")
    parser.add_argument("--compare-german", action="store_true",
                        help="also measure a second hall with half its players in German, in the same alternating "
                             "windows: the languages' cost as the ratio to boardgame.io before and after")
    parser.add_argument("--code", metavar="TREE",
                        help="serve the measured hall from the checkout at TREE instead of this one (with "
                             "--compare-code: a before/after of two earlier commits in one run)")
    parser.add_argument("--compare-code", metavar="TREE",
                        help="also measure a second hall served from the checkout at TREE (say a git worktree of an "
                             "earlier commit), in the same alternating windows: the code's cost as the ratio to "
                             "boardgame.io before (TREE) and after (this checkout)")
    parser.add_argument(
        "--profile",
        metavar="FILE",
        help="run the server under cProfile and write its profile here (see python -m pstats)",
    )
    args = parser.parse_args(argv)
    sockets = args.tables * args.players
    load = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as servers:
        port = free_port()
        code = Path(args.code).resolve() if args.code else None
        hall_server = start_process(serve_hall(port, f"sqlite:///{tmp}/bench.db", args.profile), port,
                                    **({"cwd": code, "env": {"PYTHONPATH": str(code)}} if code else {}))
        servers.callback(stop, hall_server)
        rss_before = rss_kib(hall_server.pid)
        peer = None
        if not args.no_peer:
            from peer import start_peer

            peer_server = start_peer()
            servers.callback(stop, peer_server[0])
            peer = (peer_server[1], peer_server[0].pid)
        quiet = None
        if args.compare_metrics:
            quiet_port = free_port()
            quiet_server = start_process(serve_hall(quiet_port, f"sqlite:///{tmp}/quiet.db", None, ("--no-metrics",)),
                                         quiet_port)
            servers.callback(stop, quiet_server)
            quiet = (quiet_port, quiet_server.pid)
        german = None
        if args.compare_german:
            german_port = free_port()
            german_server = start_process(serve_hall(german_port, f"sqlite:///{tmp}/german.db", None), german_port)
            servers.callback(stop, german_server)
            german = (german_port, german_server.pid)
        other = None
        if args.compare_code:
            tree = Path(args.compare_code).resolve()
            other_port = free_port()
            other_server = start_process(serve_hall(other_port, f"sqlite:///{tmp}/other.db", None), other_port,
                                         cwd=tree, env={"PYTHONPATH": str(tree)})
            servers.callback(stop, other_server)
            other = (other_port, other_server.pid)
        hall, bgio, unmetered, half_german, earlier = uvloop.run(
            measure(args, port, hall_server.pid, peer, quiet, german, other))
    pace = f"thinking {args.think:g} s a move on average" if args.think else "moving as fast as they can"
    print(f"hall benchmark: {args.tables} Manitou tables x {args.players} players = {sockets} websocket clients "
          f"(loopback), {pace}; {args.rounds} alternating windows of {args.seconds / args.rounds:g} s a side; "
          f"{os.cpu_count()} cores, load average before {load[0]:.2f}")
    print(line("hall", hall) + f"  [{hall['stale']} stale moves refused]")
    print(f"  {'':<13} server memory {rss_before / 1024:.1f} MiB before tables, "
          f"{hall['rss_started_kib'] / 1024:.1f} MiB with them, {hall['rss_end_kib'] / 1024:.1f} MiB at the end")
    if bgio is not None:
        print(line("boardgame.io", bgio) + f"  [{sockets // 2} matches of 'pile', in-memory]")
        ratio = hall["moves_per_s"] / bgio["moves_per_s"] if bgio["moves_per_s"] else float("nan")
        print(f"  ratio          {ratio:.2f}x boardgame.io's moves/s (target >= 1.5 flat out);  "
              f"p99 hall {hall['p99_ms']:.1f} ms vs boardgame.io {bgio['p99_ms']:.1f} ms")
    if unmetered is not None:
        print(line("no metrics", unmetered))
        if bgio is not None and bgio["moves_per_s"] and unmetered["moves_per_s"]:
            with_metrics = hall["moves_per_s"] / bgio["moves_per_s"]
            without = unmetered["moves_per_s"] / bgio["moves_per_s"]
            print(f"  metrics' cost  ratio to boardgame.io {with_metrics:.2f}x with metrics, {without:.2f}x without: "
                  f"{100 * (with_metrics / without - 1):+.1f}% (allowed: -3%)")
    if half_german is not None:
        print(line("half German", half_german))
        if bgio is not None and bgio["moves_per_s"] and half_german["moves_per_s"]:
            before = hall["moves_per_s"] / bgio["moves_per_s"]
            after = half_german["moves_per_s"] / bgio["moves_per_s"]
            print(f"  languages' cost ratio to boardgame.io {before:.2f}x with {args.german:g} of the players in "
                  f"German, {after:.2f}x with half: {100 * (after / before - 1):+.1f}% (allowed: -3%)")
    if earlier is not None:
        print(line("other code", earlier) + f"  [{args.compare_code}]")
        if bgio is not None and bgio["moves_per_s"] and earlier["moves_per_s"]:
            before = earlier["moves_per_s"] / bgio["moves_per_s"]
            after = hall["moves_per_s"] / bgio["moves_per_s"]
            print(f"  code's cost    ratio to boardgame.io {before:.2f}x with {args.compare_code}, {after:.2f}x with "
                  f"{args.code or 'this checkout'}: {100 * (after / before - 1):+.1f}%")
    print(f"  load average after {os.getloadavg()[0]:.2f}")
    if args.profile:
        from profile_areas import report

        print(f"server profile ({args.profile}), its windows only:\n{report(args.profile, hall['moves'])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
