"""Five Tribes beyond the generic playout: the full enumeration of every complete meeple move (a pick-up and
all its drops) from a fresh 4-player board, with the engine's own ``legal_picks`` and ``legal_drops``
(``movement.complete_moves``).

    python bench/five_tribes_moves.py [--seed 1] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from longhouse.games.five_tribes import GAME
from longhouse.games.five_tribes.movement import complete_moves


def enumerate_moves(seed: int) -> tuple[int, float]:
    """How many complete moves a fresh 4-player board offers, and the seconds to list them all."""
    st = GAME.new_state(4, seed)
    began = time.perf_counter()
    moves = complete_moves(st)
    return len(moves), time.perf_counter() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3, help="runs; the median is the figure")
    args = parser.parse_args()
    runs = [enumerate_moves(args.seed) for _ in range(args.runs)]
    count = runs[0][0]
    seconds = statistics.median(s for _, s in runs)
    print(f"five tribes, seed {args.seed}: {count} complete moves in {1000 * seconds:.1f} ms "
          f"({count / seconds:,.0f} moves a second, median of {args.runs})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
