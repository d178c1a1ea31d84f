"""The ``longhouse`` command: ``serve | db | play | replay | arena | bench | conformance | selfplay | ratings |
export | admin``.

One module per subcommand in this package, each with ``configure(parser)`` and ``run(args) -> int``;
``main`` imports only the chosen one, so ``longhouse play`` does not load the server.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Protocol


class _Command(Protocol):
    def configure(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


# subcommand -> (module implementing configure(parser) and run(args), one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "serve": ("longhouse.cli.serve", "start the game hall (default http://127.0.0.1:8000, SQLite)"),
    "db": ("longhouse.cli.db", "the store: upgrade its schema or say which it holds; dump, load, back up"),
    "play": ("longhouse.cli.play", "play a game in the terminal against bots"),
    "replay": ("longhouse.cli.replay", "replay a game record and print the final scores as JSON"),
    "arena": ("longhouse.cli.arena", "play bots against each other and tabulate the results"),
    "bench": ("longhouse.cli.bench", "run the engine benchmark (bench/engine.py)"),
    "conformance": ("longhouse.cli.conformance", "run the conformance suite on a game"),
    "selfplay": ("longhouse.cli.selfplay", "bots play whole games and their records are kept (training data)"),
    "ratings": ("longhouse.cli.ratings", "rebuild the players' ratings from the archive, or list them"),
    "export": ("longhouse.cli.export", "finished games as a dataset, one row per decision (Parquet)"),
    "admin": ("longhouse.cli.admin", "the admin role and the admin's actions (ban, reset, close, announce, ...)"),
    "i18n": ("longhouse.cli.i18n", "the translations' catalogs: update them from the sources, start a language, check"),
}


def _load(name: str) -> _Command:
    module: _Command = import_module(COMMANDS[name][0])
    return module


def build_parser(load: Callable[[str], _Command] = _load, only: str | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="longhouse", description="Longhouse: a game hall for three board games.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (_, help_text) in COMMANDS.items():
        child = sub.add_parser(name, help=help_text, description=help_text)
        if only is None or only == name:
            load(name).configure(child)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # Import only the chosen subcommand's module, so `longhouse play` does not load the server.
    chosen = next((a for a in argv if not a.startswith("-")), None)
    only = chosen if chosen in COMMANDS else None
    parser = build_parser(only=only)
    args = parser.parse_args(argv)
    return _load(args.command).run(args)
