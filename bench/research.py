"""Figures for the research adapters, measured in one run so they can be compared.

1. States per second in OpenSpiel's ``random_sim_test`` (its own checks: clones, legal-action masks,
   observations of every player, action strings), for the Longhouse games beside OpenSpiel's own Python
   games, in the same process and the same settings (no serialisation, as OpenSpiel's Python game tests).
2. Steps per second of a training loop, one core: one step is the mover's legal-action mask, its observation
   tensor, and applying a random legal action (a new game when one ends). The Longhouse games through the
   fast path (``tensors.fast``), beside OpenSpiel's Python tic-tac-toe doing the same through its API
   (``legal_actions_mask``, ``observation_tensor``, ``apply_action``). Figures are per CPU second of this
   process (``time.process_time``), so other load on the machine slows them less; wall-clock figures beside.
3. The batched environment (``adapters.vector``): steps per second (games stepped × N) at N = 1, 64, 512.
4. OpenSpiel's NFSP (PyTorch, from the information-state tensor) trained by self-play on each game at 2
   players for ``--train-seconds``, then its average policy against uniform random (``--eval-games``
   games, seats in turn), beside the same networks untrained.
5. Self-play games per second on a Ray cluster started here with 1 and with 2 workers (cluster start and
   worker warm-up excluded), and on the local process pool with 1 and 2 processes.

    python bench/research.py [--seconds 5] [--games 8] [--iterations 20] [--only steps]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np
import pyspiel
from open_spiel.python.games import kuhn_poker, liars_poker, tic_tac_toe  # noqa: F401 (registers them)

from longhouse import games
from longhouse.adapters import openspiel, selfplay
from longhouse.adapters.action_space import space
from longhouse.adapters.tensors.fast import observe
from longhouse.adapters.vector import LonghouseVectorEnv

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


STEP_GAMES = [("manitou", 2), ("manitou", 4), ("manitoba", 2), ("manitoba", 4), ("five_tribes", 2),
              ("five_tribes", 4)]
VECTOR_SIZES = (1, 64, 512)


def _timed(seconds: float, step: Callable[[], int]) -> tuple[float, float, int]:
    """(steps per CPU second, steps per wall second, steps) of calling ``step`` (it returns its steps)
    until ``seconds`` of CPU time have gone."""
    steps, cpu, wall = 0, time.process_time(), time.perf_counter()
    while time.process_time() - cpu < seconds:
        steps += step()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return steps / cpu, steps / wall, steps


def longhouse_steps(name: str, players: int, seconds: float) -> tuple[float, float, int]:
    game, ids = games.get(name), space(name)
    draws = np.random.default_rng(0).random(100).tolist()  # the random choices: not part of a step's cost
    held = [game.new_state(players, 0), 0]

    def run() -> int:
        state = held[0]
        for u in draws:
            if state.is_over():
                held[1] += 1
                state = held[0] = game.new_state(players, held[1])
            seat = min(state.acting())
            legal = state.legal_actions(seat)
            mask = ids.mask(legal)
            observe(state, seat)
            legal_ids = np.flatnonzero(mask)
            state.apply(seat, ids.action(int(legal_ids[int(u * len(legal_ids))])))
        return 100

    return _timed(seconds, run)


def openspiel_steps(name: str, seconds: float) -> tuple[float, float, int]:
    game = pyspiel.load_game(name)
    draws = np.random.default_rng(0).random(100).tolist()
    held = [game.new_initial_state()]

    def run() -> int:
        state = held[0]
        for u in draws:
            if state.is_terminal():
                state = held[0] = game.new_initial_state()
            mask = np.asarray(state.legal_actions_mask(), np.int8)
            state.observation_tensor()
            legal_ids = np.flatnonzero(mask)
            state.apply_action(int(legal_ids[int(u * len(legal_ids))]))
        return 100

    return _timed(seconds, run)


def vector_steps(name: str, players: int, envs: int, seconds: float) -> tuple[float, float, int]:
    env = LonghouseVectorEnv(name, envs, players)
    _, infos = env.reset(seed=0)
    rng = np.random.default_rng(0)
    held = [infos["action_mask"]]

    def run() -> int:
        masks = held[0]
        # a random legal id per game: the first legal id at or after a random point, else the first
        points = rng.integers(0, masks.shape[1], envs)
        after = masks * (np.arange(masks.shape[1]) >= points[:, None])
        actions = np.where(after.any(axis=1), after.argmax(axis=1), masks.argmax(axis=1))
        held[0] = env.step(actions)[4]["action_mask"]
        return envs

    return _timed(seconds, run)


def nfsp_part(seconds: float, evaluation: int) -> None:
    from longhouse.adapters import learning

    print(f"NFSP (PyTorch, information-state tensor), 2 players, {seconds:.0f} s of self-play each, then its "
          f"average policy vs uniform random over {evaluation} games (seats in turn):")
    for name in games.names():
        for label, trained in (("untrained", learning.train(name, 2, episodes=0, seed=0)),
                               ("trained", learning.train(name, 2, seconds=seconds, seed=0))):
            started = time.perf_counter()
            result = learning.evaluate(trained, evaluation, seed=1)
            print(f"  {name:12} {label:9} {trained.episodes:5} episodes {trained.steps:7,} steps "
                  f"({trained.steps / max(trained.seconds, 1e-9):5.0f}/s)  win rate {result['win_rate']:.2f}  "
                  f"score {result['mean_score']:6.1f} vs random {result['random_mean_score']:6.1f}  "
                  f"(evaluation {time.perf_counter() - started:.0f} s)", flush=True)


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
    parser.add_argument("--step-seconds", type=float, default=3.0,
                        help="CPU seconds per measurement in parts 2 and 3 (default 3)")
    parser.add_argument("--train-seconds", type=float, default=120.0, help="NFSP training per game (default 120)")
    parser.add_argument("--eval-games", type=int, default=40, help="NFSP evaluation games per game (default 40)")
    parser.add_argument("--only", choices=["openspiel", "steps", "nfsp", "selfplay"], default=None)
    args = parser.parse_args(argv)
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    if args.only in (None, "openspiel"):
        assert openspiel.PREFIX  # the Longhouse games are registered by the import above
        print("random_sim_test play (OpenSpiel's checks on every state):")
        for name in GAMES:
            rate, states, played = states_per_second(name, args.seconds)
            print(f"  {name:36} {rate:9,.0f} states/s  ({states:,} states in {played} games)", flush=True)
    if args.only in (None, "steps"):
        print("training-loop steps (mask + mover's observation tensor + apply), one core:")
        rate, wall, _ = openspiel_steps("python_tic_tac_toe", args.step_seconds)
        print(f"  {'python_tic_tac_toe (OpenSpiel API)':36} {rate:9,.0f} steps/CPU s  ({wall:,.0f} per wall s)")
        for name, players in STEP_GAMES:
            rate, wall, _ = longhouse_steps(name, players, args.step_seconds)
            print(f"  {f'{name} {players}p (fast path)':36} {rate:9,.0f} steps/CPU s  ({wall:,.0f} per wall s)",
                  flush=True)
        print("batched environment (LonghouseVectorEnv, 2 players), steps of all games:")
        for name in games.names():
            for envs in VECTOR_SIZES:
                rate, wall, _ = vector_steps(name, 2, envs, args.step_seconds)
                print(f"  {f'{name} N={envs}':36} {rate:9,.0f} steps/CPU s  ({wall:,.0f} per wall s)", flush=True)
    if args.only in (None, "nfsp"):
        nfsp_part(args.train_seconds, args.eval_games)
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
