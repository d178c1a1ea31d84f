"""How long each searching level thinks a move on this machine, at its fixed iteration budget.

A small fixed sample: for every game, the positions of one seeded 2-player game between two ``casual``
bots where the mover has a choice, every ``--every``-th of them, up to ``--positions``; each searching
level (``strong``, ``expert``) chooses a move there at its iterations, without the hall's time cap, and
the script prints the mean and the slowest seconds a move with the load average. Iterations are the
strength; these seconds only say what a level costs here (they grow with the machine's load).

    nice -n 19 python bench/level_times.py --positions 6
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from longhouse import bots, games
from longhouse.bots.levels import BY_NAME
from longhouse.engine.state import State

SEARCHING = [level.name for level in BY_NAME.values() if "iterations" in level.options]


def sample(game: str, positions: int, every: int, seed: int) -> list[tuple[State, int]]:
    """Positions of one seeded casual-vs-casual game where the mover has at least two moves."""
    state = games.get(game).new_state(2, seed)
    players = [bots.make("casual", seed + seat) for seat in range(2)]
    found: list[tuple[State, int]] = []
    choices = 0
    while not state.is_over() and len(found) < positions:
        seat = min(state.acting())
        if len(state.legal_actions(seat)) > 1:
            if choices % every == 0:
                found.append((state.clone(), seat))
            choices += 1
        state.apply(seat, players[seat].choose(state, seat))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=6, help="positions per game (default 6)")
    parser.add_argument("--every", type=int, default=5, help="take every n-th choice of the game (default 5)")
    parser.add_argument("--game", action="append", default=None)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {args.positions} positions a game")
    print("| game | level | bot | iterations | mean s/move | slowest s/move | iterations/s |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for game in args.game or games.names():
        positions = sample(game, args.positions, args.every, args.seed)
        for name in SEARCHING:
            bot = bots.make(name, 7, game=game, uncapped=True)  # as the level plays this game
            times = []
            for state, seat in positions:
                start = time.perf_counter()
                bot.choose(state, seat)
                times.append(time.perf_counter() - start)
            play = BY_NAME[name].play(game)
            iterations = play.options["iterations"]
            mean = sum(times) / len(times)
            print(f"| {game} | {name} | {play.bot} | {iterations} | {mean:.2f} | {max(times):.2f} | "
                  f"{iterations / mean:.0f} |", flush=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
