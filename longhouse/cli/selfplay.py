"""``longhouse selfplay GAME --games N --out DIR``: bots play whole games and their records are kept.

The games (``longhouse.adapters.selfplay``) run on a local process pool (``--jobs``, one per CPU by
default) or on a Ray cluster (``--ray ADDRESS``; ``--ray local`` starts one here). Search bots think for
``--iterations`` per move, so a run gives the same records wherever it runs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from longhouse import bots as bot_registry
from longhouse import games


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help=f"the game ({', '.join(games.names())})")
    parser.add_argument("--games", type=int, required=True, help="how many games")
    parser.add_argument("--out", required=True, type=Path, help="folder for the records and summary.json")
    parser.add_argument("--bots", default="ismcts",
                        help=f"comma-separated bots, rotating over the seats (default ismcts; "
                             f"{', '.join(bot_registry.names())})")
    parser.add_argument("--players", type=int, default=None,
                        help="players per game (default: the number of bots, at least the game's fewest)")
    parser.add_argument("--iterations", type=int, default=100,
                        help="search iterations per move for search bots (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--jobs", type=int, default=None,
                        help="games played in parallel (local processes, or CPUs of a --ray local cluster; "
                             "default: one per CPU)")
    parser.add_argument("--ray", metavar="ADDRESS", default=None,
                        help="play the games on the Ray cluster at ADDRESS (host:port, or 'local' to start one here)")


def _fail(message: str) -> int:
    print(f"longhouse selfplay: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from longhouse.adapters import selfplay

    try:
        game = games.get(args.game)
    except KeyError as exc:
        return _fail(exc.args[0])
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    unknown = [b for b in names if b not in bot_registry.names()]
    if not names or unknown:
        return _fail(f"unknown bot(s) {unknown}; bots are {', '.join(bot_registry.names())}")
    players = args.players if args.players is not None else max(len(names), game.min_players)
    if not game.min_players <= players <= game.max_players:
        return _fail(f"{game.title} is for {game.min_players}–{game.max_players} players, not {players}")
    if args.games < 1 or args.iterations < 1 or (args.jobs is not None and args.jobs < 1):
        return _fail("--games, --iterations and --jobs must be at least 1")
    specs = selfplay.plan(args.game, names, args.games, players, args.seed, args.iterations)
    started = time.perf_counter()
    try:
        records = selfplay.run(specs, jobs=args.jobs, ray=args.ray)
    except RuntimeError as exc:
        return _fail(str(exc))
    seconds = time.perf_counter() - started
    summary = selfplay.write_run(args.out, specs, records)
    where = f"Ray ({args.ray})" if args.ray else "local processes"
    print(f"{len(records)} games in {seconds:.1f} s ({len(records) / seconds:.2f} games/s) on {where}; "
          f"records and {summary.name} in {args.out}")
    return 0
