"""Engine speed of this checkout against another one (an older commit), in CPU time, for "behaviour and speed
unchanged" checks on a shared machine.

For every game and player count, the same seeded random games (400 by default) are played in a fresh
process by each checkout in turn, several rounds alternating; each figure is the process's CPU time, so
other work on the machine changes it far less than wall-clock time. The medians are printed with the
change, and the two sides' action counts, which must be equal (same seeds, same rules: same games).

    git worktree add /tmp/before <commit>
    python bench/engine_ab.py --before /tmp/before [--games manitoba] [--players 4] [--rounds 3]
    python bench/engine_ab.py --before /tmp/before --instructions [--count 20]

With ``--instructions`` each side is run once under ``valgrind --tool=callgrind``, which counts the machine
instructions spent inside the playouts (they run inside ``functools.reduce``, and only that is collected:
imports and start-up are left out). An instruction count is the same from run to run of the same code
whatever else the machine is doing, so a busy machine can tell a 1 % change apart that CPU seconds cannot.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Played in the child: the random playouts of one game and player count, CPU-timed.
CHILD = """
import random, sys, time
from functools import reduce
from longhouse import games
name, n, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
game = games.get(name)

def playout(actions, seed):
    state = game.new_state(n, seed)
    rnd = random.Random(seed)
    while not state.is_over():
        seat = state.acting()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rnd.randrange(len(legal))])
        actions += 1
    return actions

start = time.process_time()
# inside functools.reduce, so that callgrind's --toggle-collect=functools_reduce counts the playouts only
actions = reduce(playout, range(count), 0)
print(actions, time.process_time() - start)
"""


def run(tree: Path, game: str, players: int, count: int) -> tuple[int, float]:
    out = subprocess.run([sys.executable, "-c", CHILD, game, str(players), str(count)], cwd=tree, check=True,
                         capture_output=True, text=True, env={"PYTHONPATH": str(tree), "PATH": ""}).stdout.split()
    return int(out[0]), float(out[1])


def instructions(tree: Path, game: str, players: int, count: int) -> tuple[int, int]:
    """(actions, instructions) of the playouts under callgrind (the same seeds as ``run``)."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "callgrind.out"
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--toggle-collect=functools_reduce", f"--callgrind-out-file={report}",
             sys.executable, "-c", CHILD, game, str(players), str(count)],
            cwd=tree, check=True, capture_output=True, text=True,
            env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"})
        totals = [line for line in report.read_text().splitlines() if line.startswith("totals:")]
    return int(done.stdout.split()[0]), int(totals[0].split()[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the other checkout (a git worktree)")
    parser.add_argument("--games", default="manitou,manitoba,five_tribes")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--count", type=int, default=400, help="games per figure")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions under callgrind instead (one run a side; use a small --count)")
    args = parser.parse_args()
    if args.instructions:
        print(f"{'game':12} {'players':>7} {'before':>15} {'now':>15} {'change':>7}  same games  (instructions)")
        for game in args.games.split(","):
            for players in (int(p) for p in args.players.split(",")):
                a_before, i_before = instructions(args.before.resolve(), game, players, args.count)
                a_now, i_now = instructions(ROOT, game, players, args.count)
                print(f"{game:12} {players:>7} {i_before:>15,} {i_now:>15,} {100 * (i_now / i_before - 1):>+6.1f}%"
                      f"  {'yes' if a_before == a_now else f'NO: {a_before} / {a_now}'} ({a_now} actions)",
                      flush=True)
        return
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
