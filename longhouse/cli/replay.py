"""``longhouse replay RECORD.json``: replay a game record and print its final scores as JSON.

A record that does not replay is reported as ``{"error": …, "index": …}`` on standard error, the error in the
terminal's language (``--lang``, else ``LANG``: ``cli/words.py``)."""

from __future__ import annotations

import argparse
import json
import sys

from longhouse import games
from longhouse.cli.words import add_language, terminal_words
from longhouse.engine import Record, RecordError, replay
from longhouse.engine.text import _, json_default


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", help="a game record (JSON); - reads standard input")
    add_language(parser)


def run(args: argparse.Namespace) -> int:
    words = terminal_words(args.lang)
    try:
        if args.record == "-":
            text = sys.stdin.read()
        else:
            with open(args.record, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        print(words.text(_("cannot read {path}: {reason}", path=args.record, reason=exc.strerror or str(exc))),
              file=sys.stderr)
        return 2
    try:
        record = Record.loads(text)
        state = replay(record, games.for_record(record))
    except RecordError as exc:
        print(json.dumps({"error": words.text(exc.reason), "index": exc.index}, ensure_ascii=False), file=sys.stderr)
        return 1
    print(json.dumps({
        "over": state.is_over(),
        "scores": state.scores(),
        "winners": state.winners(),
        "breakdown": state.score_breakdown(),
    }, indent=1, default=json_default))
    return 0
