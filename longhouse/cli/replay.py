"""``longhouse replay RECORD.json``: replay a game record and print its final scores as JSON."""

from __future__ import annotations

import argparse
import json
import sys

from longhouse import games
from longhouse.engine import Record, RecordError, replay
from longhouse.engine.text import json_default


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", help="a game record (JSON); - reads standard input")


def run(args: argparse.Namespace) -> int:
    try:
        if args.record == "-":
            text = sys.stdin.read()
        else:
            with open(args.record, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        print(f"cannot read {args.record}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        record = Record.loads(text)
        state = replay(record, games.for_record(record))
    except RecordError as exc:
        print(json.dumps({"error": exc.reason, "index": exc.index}), file=sys.stderr)
        return 1
    print(json.dumps({
        "over": state.is_over(),
        "scores": state.scores(),
        "winners": state.winners(),
        "breakdown": state.score_breakdown(),
    }, indent=1, default=json_default))
    return 0
