"""What ``longhouse arena`` and ``longhouse selfplay`` share: the game and its bots, the seed of the first
game, where the games run (``--jobs`` local processes or a Ray cluster), and checking the line-up."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from longhouse import bots as bot_registry
from longhouse import games
from longhouse.engine.state import Game


class Refused(Exception):
    """A command line that names an unknown game or bot, or a player count the game does not have."""


def configure(parser: argparse.ArgumentParser) -> None:
    """The game argument and the options of a run of bot games: ``--seed``, ``--jobs``, ``--ray``."""
    parser.add_argument("game", help=f"the game ({', '.join(games.names())})")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--jobs", type=int, default=None,
                        help="games played in parallel (local processes, or CPUs of a --ray local cluster; "
                             "default: one per CPU)")
    parser.add_argument("--ray", metavar="ADDRESS", default=None,
                        help="play the games on the Ray cluster at ADDRESS (host:port, or 'local' to start one here)")


def bot_names() -> str:
    """Every bot name, for the ``--bots`` help."""
    return ", ".join(bot_registry.names())


def lineup(args: argparse.Namespace, default_players: Callable[[Game, int], int]) -> tuple[Game, list[str], int]:
    """The game, the bots (``--bots``, comma-separated) and the players per game (``--players``, else
    ``default_players(game, number of bots)``); ``Refused`` with the reason when any is wrong."""
    try:
        game = games.get(args.game)
    except KeyError as exc:
        raise Refused(exc.args[0]) from None
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    unknown = [b for b in names if b not in bot_registry.names()]
    if not names or unknown:
        raise Refused(f"unknown bot(s) {unknown}; bots are {bot_names()}")
    players = args.players if args.players is not None else default_players(game, len(names))
    if not game.min_players <= players <= game.max_players:
        raise Refused(f"{game.title} is for {game.min_players}–{game.max_players} players, not {players}")
    return game, names, players


def fail(command: str, message: str) -> int:
    """Say why ``longhouse COMMAND`` refused on stderr; the exit code of a refused command line."""
    print(f"longhouse {command}: {message}", file=sys.stderr)
    return 2
