"""Engine speed of this checkout against another one (an older commit), in CPU time, for "behaviour and speed
unchanged" checks on a shared machine.

For every game and player count, the same seeded random games (400 by default) are played in a fresh
process by each checkout in turn, several rounds alternating; each figure is the process's CPU time, so
other work on the machine changes it far less than wall-clock time. The medians are printed with the
change, and the two sides' action counts, which must be equal (same seeds, same rules: same games).

    git worktree add /tmp/before <commit>
    python bench/engine_ab.py --before /tmp/before [--games manitoba] [--players 4] [--rounds 3]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Played in the child: the random playouts of one game and player count, CPU-timed.
CHILD = """
import random, sys, time
from longhouse import games
name, n, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
game = games.get(name)
actions = 0
start = time.process_time()
for seed in range(count):
    state = game.new_state(n, seed)
    rnd = random.Random(seed)
    while not state.is_over():
        seat = state.acting()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rnd.randrange(len(legal))])
        actions += 1
print(actions, time.process_time() - start)
"""


def run(tree: Path, game: str, players: int, count: int) -> tuple[int, float]:
    out = subprocess.run([sys.executable, "-c", CHILD, game, str(players), str(count)], cwd=tree, check=True,
                         capture_output=True, text=True, env={"PYTHONPATH": str(tree), "PATH": ""}).stdout.split()
    return int(out[0]), float(out[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the other checkout (a git worktree)")
    parser.add_argument("--games", default="manitou,manitoba,five_tribes")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--count", type=int, default=400, help="games per figure")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"{'game':12} {'players':>7} {'before /s':>10} {'now /s':>10} {'change':>7}  same games")
    for game in args.games.split(","):
        for players in (int(p) for p in args.players.split(",")):
            rates: dict[str, list[float]] = {"before": [], "now": []}
            counts: set[int] = set()
            for _ in range(args.rounds):
                for side, tree in (("before", args.before.resolve()), ("now", ROOT)):
                    actions, seconds = run(tree, game, players, args.count)
                    counts.add(actions)
                    rates[side].append(actions / seconds)
            before, now = statistics.median(rates["before"]), statistics.median(rates["now"])
            print(f"{game:12} {players:>7} {before:>10,.0f} {now:>10,.0f} {100 * (now / before - 1):>+6.1f}%"
                  f"  {'yes' if len(counts) == 1 else 'NO: ' + str(sorted(counts))}")


if __name__ == "__main__":
    main()
