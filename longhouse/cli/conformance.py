"""``longhouse conformance GAME``: run the engine conformance suite (``longhouse.engine.conformance``) on a game."""

from __future__ import annotations

import argparse
import time

from longhouse.engine.conformance import ConformanceFailure, check_game


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="the game to check")
    parser.add_argument("--games", type=int, default=300, help="random games per player count (default 300)")
    parser.add_argument("--players", default=None, help="player counts, e.g. 2,3,4 (default: all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--check-every", type=int, default=1, help="check every k-th state (default 1: all)")


def run(args: argparse.Namespace) -> int:
    from longhouse import games

    game = games.get(args.game)
    counts = ([int(p) for p in args.players.split(",")] if args.players
              else list(range(game.min_players, game.max_players + 1)))
    started = time.perf_counter()

    def progress(done: int) -> None:
        if done % 1000 == 0 and done < args.games:
            print(f"  {game.name} {n}p: {done} games, {time.perf_counter() - started:.0f} s", flush=True)

    for n in counts:
        try:
            report = check_game(game, n, args.games, args.seed, check_every=args.check_every, progress=progress)
        except ConformanceFailure as exc:
            print(f"FAILED {game.name} {n}p: {exc}")
            return 1
        print(report.line(), flush=True)
    return 0
