"""``longhouse selfplay GAME --games N --out DIR``: bots play whole games and their records are kept.

The games (``longhouse.adapters.selfplay``) run on a local process pool (``--jobs``, one per CPU by
default) or on a Ray cluster (``--ray ADDRESS``; ``--ray local`` starts one here). Search bots think for
``--iterations`` per move, so a run gives the same records wherever it runs.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from longhouse.cli import lineup


def configure(parser: argparse.ArgumentParser) -> None:
    lineup.configure(parser)
    parser.add_argument("--games", type=int, required=True, help="how many games")
    parser.add_argument("--out", required=True, type=Path, help="folder for the records and summary.json")
    parser.add_argument("--bots", default="ismcts",
                        help=f"comma-separated bots, rotating over the seats (default ismcts; {lineup.bot_names()})")
    parser.add_argument("--players", type=int, default=None,
                        help="players per game (default: the number of bots, at least the game's fewest)")
    parser.add_argument("--iterations", type=int, default=100,
                        help="search iterations per move for search bots (default 100)")


def _fail(message: str) -> int:
    return lineup.fail("selfplay", message)


def run(args: argparse.Namespace) -> int:
    from longhouse.adapters import selfplay

    try:
        _, names, players = lineup.lineup(args, lambda game, bots: max(bots, game.min_players))
    except lineup.Refused as exc:
        return _fail(str(exc))
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
