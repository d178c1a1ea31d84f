"""From data to a bot: greedy self-play games exported as a dataset, a softmax policy fitted on them in numpy
(``longhouse.adapters.imitation``), and the fitted bot's win rate against random and greedy.

Per game at 2 players: ``--games`` greedy-vs-greedy games through ``longhouse selfplay``'s code, exported
with ``longhouse export``'s (``adapters.dataset``), read back from the Parquet file, fitted on 80% of the
games (the rest held out, to say how often it agrees with greedy on games it has not seen); then
``--matches`` games of the fitted bot against each opponent, seats in turn (a shared victory counts as a
share of a win).

    python bench/imitation.py [--games 30] [--matches 20] [--only manitou]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from longhouse import bots, games
from longhouse.adapters import dataset, imitation, selfplay
from longhouse.bots.base import Bot


def win_rate(game_name: str, policy: imitation.Policy, opponent: str, matches: int) -> tuple[float, float, float]:
    """(win rate, mean score, opponents' mean score) of the fitted bot over ``matches`` games."""
    game = games.get(game_name)
    wins, mine, theirs = 0.0, 0.0, 0.0
    for k in range(matches):
        me = k % 2
        seated: list[Bot] = [imitation.PolicyBot(policy), bots.make(opponent, seed=1000 + k)]
        if me == 1:
            seated.reverse()
        state = game.new_state(2, 5000 + k)
        while not state.is_over():
            seat = min(state.acting())
            state.apply(seat, seated[seat].choose(state, seat))
        winners = state.winners()
        if me in winners:
            wins += 1.0 / len(winners)
        mine += state.scores()[me]
        theirs += state.scores()[1 - me]
    return wins / matches, mine / matches, theirs / matches


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="greedy self-play games to learn from (default 30)")
    parser.add_argument("--matches", type=int, default=20, help="evaluation games per opponent (default 20)")
    parser.add_argument("--only", choices=games.names(), default=None)
    args = parser.parse_args(argv)
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    for name in [args.only] if args.only else games.names():
        with tempfile.TemporaryDirectory() as folder:
            started = time.perf_counter()
            specs = selfplay.plan(name, ["greedy", "greedy"], args.games, 2, 0, 1)
            selfplay.write_run(Path(folder), specs, selfplay.run(specs, jobs=1))
            played = time.perf_counter() - started
            out = Path(folder) / "decisions.parquet"
            count_games, rows = dataset.write_parquet(dataset.selfplay_games(Path(folder)), out)
            data = imitation.decisions(out, name, 2)
        started = time.perf_counter()
        training, held = data.split(0.2)
        policy = imitation.fit(training)
        fitted = time.perf_counter() - started
        print(f"{name}: {count_games} greedy games ({played:.0f} s), {rows} decisions, "
              f"{data.observations.shape[1]} features, {len(policy.columns)} action ids seen; fit {fitted:.0f} s, "
              f"loss {policy.loss:.3f}; agrees with greedy on {policy.train_accuracy:.0%} of its training decisions, "
              f"{policy.accuracy(held):.0%} of the held-out games' ({len(held.actions)})",
              flush=True)
        for opponent in ("random", "greedy"):
            rate, mine, theirs = win_rate(name, policy, opponent, args.matches)
            print(f"  vs {opponent:6}: win rate {rate:.2f} over {args.matches} games, score {mine:.1f} vs {theirs:.1f}",
                  flush=True)
    print(f"load average at end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
