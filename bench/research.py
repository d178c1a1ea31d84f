"""Figures for the research adapters, measured in one run so they can be compared.

1. States per second in OpenSpiel's ``random_sim_test`` (its own checks: clones, legal-action masks,
   observations of every player, action strings), for the Longhouse games beside OpenSpiel's own Python
   games, in the same process and the same settings (no serialisation, as OpenSpiel's Python game tests).
2. Self-play games per second on a Ray cluster started here with 1 and with 2 workers (cluster start and
   worker warm-up excluded), and on the local process pool with 1 and 2 processes.

    python bench/research.py [--seconds 5] [--games 8] [--iterations 20]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pyspiel
from open_spiel.python.games import kuhn_poker, liars_poker, tic_tac_toe  # noqa: F401 (registers them)

from longhouse.adapters import openspiel, selfplay

GAMES = [
    "python_tic_tac_toe", "python_kuhn_poker", "python_liars_poker",
    "longhouse_manitou(players=2)", "longhouse_manitou(players=4)",
    "longhouse_manitoba(players=2)", "longhouse_manitoba(players=4)",
    "longhouse_five_tribes(players=2)", "longhouse_five_tribes(players=4)",
]


def states_per_second(name: str, seconds: float) -> tuple[float, int, int]:
    """(states/s, states, games) of random_sim_test on ``name``, one game at a time until ``seconds``."""
    game = pyspiel.load_game(name)
    seen = [0]

    def count(state: pyspiel.State) -> None:
        seen[0] += 1

    played, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds or played == 0:
        pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False, state_checker_fn=count)
        played += 1
    return seen[0] / (time.perf_counter() - started), seen[0], played


def selfplay_rate(games: int, iterations: int, workers: int, on_ray: bool) -> float:
    specs = selfplay.plan("manitou", ["ismcts", "greedy"], games, 2, 0, iterations)
    if on_ray:
        import ray

        from longhouse.adapters.pool import _start_local

        _start_local(ray, workers, {"include_dashboard": False, "logging_level": "WARNING", "log_to_driver": False})
        warm = selfplay.plan("manitou", ["random", "random"], workers, 2, 10_000, 1)
        selfplay.run(warm, jobs=workers, ray="local")  # start the workers and import the game
    try:
        started = time.perf_counter()
        selfplay.run(specs, jobs=workers, ray="local" if on_ray else None)
        return games / (time.perf_counter() - started)
    finally:
        if on_ray:
            ray.shutdown()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per game in part 1 (default 5)")
    parser.add_argument("--games", type=int, default=8, help="self-play games per measurement (default 8)")
    parser.add_argument("--iterations", type=int, default=20, help="ISMCTS iterations per move (default 20)")
    parser.add_argument("--only", choices=["openspiel", "selfplay"], default=None)
    args = parser.parse_args(argv)
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    if args.only in (None, "openspiel"):
        assert openspiel.PREFIX  # the Longhouse games are registered by the import above
        print("random_sim_test play (OpenSpiel's checks on every state):")
        for name in GAMES:
            rate, states, played = states_per_second(name, args.seconds)
            print(f"  {name:36} {rate:9,.0f} states/s  ({states:,} states in {played} games)", flush=True)
    if args.only in (None, "selfplay"):
        print(f"self-play, Manitou 2p, ismcts ({args.iterations} iterations/move) vs greedy, {args.games} games:")
        for on_ray in (False, True):
            for workers in (1, 2):
                rate = selfplay_rate(args.games, args.iterations, workers, on_ray)
                where = "Ray workers" if on_ray else "local processes"
                print(f"  {workers} {where:16} {rate:6.2f} games/s", flush=True)
    print(f"load average at end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
