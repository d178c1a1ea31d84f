"""``longhouse bench``: run the engine benchmark in ``bench/engine.py`` of this checkout."""

from __future__ import annotations

import argparse
import runpy
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "engine.py"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement (default 3)")
    parser.add_argument("--games", default=None, help="games to measure, comma-separated (default: all)")


def run(args: argparse.Namespace) -> int:
    if not BENCH.exists():
        print(f"the benchmark lives in the source checkout ({BENCH}); it is not installed", file=sys.stderr)
        return 2
    module = runpy.run_path(str(BENCH), run_name="longhouse_bench")
    argv = ["--seconds", str(args.seconds)] + (["--games", args.games] if args.games else [])
    code: int = module["main"](argv)
    return code
