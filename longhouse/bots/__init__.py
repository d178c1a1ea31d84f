"""Bots that play any Longhouse game through the engine contract.

Two kinds of names: the bot *kinds* (``random``, ``greedy``, ``ismcts``, ``moismcts``), each a class
taking its own options, and the hall's named *levels* (``beginner`` … ``expert``,
``longhouse.bots.levels``), each a kind with fixed options. ``make`` accepts either.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from longhouse.bots.base import Bot
from longhouse.bots.levels import BY_NAME, DEFAULT, LEVELS

# kind -> "module:ClassName"; imported on first use.
_BOTS: dict[str, str] = {
    "random": "longhouse.bots.random_bot:RandomBot",
    "greedy": "longhouse.bots.greedy:GreedyBot",
    "ismcts": "longhouse.bots.ismcts:IsmctsBot",
    "moismcts": "longhouse.bots.moismcts:MoIsmctsBot",
}


def kinds() -> list[str]:
    """The bot classes, by name."""
    return list(_BOTS)


def levels() -> list[str]:
    """The hall's named levels, weakest first (what the lobby and ``/bot`` offer)."""
    return [level.name for level in LEVELS]


def default_level() -> str:
    return DEFAULT


def names() -> list[str]:
    """Every name ``make`` accepts: the levels, then the kinds."""
    return [*levels(), *kinds()]


def make(name: str, seed: int = 0, *, game: str | None = None, **options: Any) -> Bot:
    """A new bot of level or kind ``name`` (``KeyError`` for an unknown one), to play ``game``.

    A level plays a game its own way where it names one (``Level.games``: the expert searches Manitoba
    with one tree, Manitou and Five Tribes with one per seat); without ``game`` it plays its default way.
    For a level,
    ``options`` given here (not ``None``) override the level's own, so a benchmark can play ``expert`` at
    another number of iterations (then without the time cap). ``uncapped=True`` drops a level's time cap
    and keeps its iterations: benchmarks measure the levels so, whatever the machine (a bot kind ignores
    it, and ``game``).
    """
    uncapped = bool(options.pop("uncapped", False))
    level = BY_NAME.get(name)
    if level is not None:
        play = level.play(game)
        given = {k: v for k, v in options.items() if v is not None}
        if "iterations" in given or (uncapped and "iterations" in play.options):
            given.setdefault("seconds", None)
        options = {**play.options, **given}
        kind = play.bot
    elif name in _BOTS:
        kind = name
    else:
        raise KeyError(f"unknown bot {name!r}; bots are {', '.join(names())}")
    module, cls = _BOTS[kind].split(":")
    factory: Callable[..., Bot] = getattr(import_module(module), cls)
    bot = factory(seed=seed, **options)
    bot.name = name
    return bot


__all__ = ["Bot", "default_level", "kinds", "levels", "make", "names"]
