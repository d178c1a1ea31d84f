"""What counting the hall's metrics costs a move, measured on the calls themselves.

``bench/hall.py --compare-metrics`` measures the cost as the whole hall sees it, but on a shared 2-core machine
two halls measured in alternating windows differ by ±10 % from run to run, far more than the metrics cost.
This script times the calls the move path makes (``HallMetrics.move`` once a move, ``HallMetrics.batch`` once
a group commit) against ``UncountedMetrics`` (``--no-metrics``), many times over, and relates the difference
to the hall's CPU time a move (give it from ``bench/hall.py``'s line ``server CPU ... ms a move``).

    python bench/metrics_cost.py [--calls 200000] [--move-ms 0.30] [--batch 8]
"""

from __future__ import annotations

import argparse
import time
import timeit

from longhouse.server.metrics import HallMetrics, UncountedMetrics


def per_call(fn: object, calls: int, repeat: int) -> float:
    """The best of ``repeat`` timings of ``calls`` calls, in microseconds a call."""
    return min(timeit.repeat(fn, number=calls, repeat=repeat)) / calls * 1e6  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--move-ms", type=float, default=0.30, help="the hall's server CPU ms a move")
    parser.add_argument("--batch", type=float, default=8.0, help="moves a group commit (bench/hall.py's mean)")
    args = parser.parse_args()
    counted, uncounted = HallMetrics(), UncountedMetrics()
    received = time.perf_counter()
    rows = {}
    for label, metrics in (("counted", counted), ("not counted", uncounted)):
        move = per_call(lambda m=metrics: m.move("manitou", received), args.calls, args.repeat)
        batch = per_call(lambda m=metrics: m.batch(8, 0.001), args.calls, args.repeat)
        rows[label] = (move, batch)
        print(f"{label:12} move() {move:6.2f} us   batch() {batch:6.2f} us")
    extra = [rows["counted"][i] - rows["not counted"][i] for i in (0, 1)]
    per_move = extra[0] + extra[1] / args.batch
    print(f"a move's extra cost: {per_move:.2f} us = {100 * per_move / (args.move_ms * 1000):.2f} % of "
          f"{args.move_ms} ms a move (one move() and 1/{args.batch:g} of a batch())")


if __name__ == "__main__":
    main()
