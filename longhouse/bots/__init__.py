"""Bots that play any Longhouse game through the engine contract."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from longhouse.bots.base import Bot

# name -> "module:ClassName"; imported on first use.
_BOTS: dict[str, str] = {
    "random": "longhouse.bots.random_bot:RandomBot",
    "greedy": "longhouse.bots.greedy:GreedyBot",
    "ismcts": "longhouse.bots.ismcts:IsmctsBot",
}


def names() -> list[str]:
    """The bot levels the hall and the arena offer."""
    return list(_BOTS)


def make(name: str, seed: int = 0, **options: Any) -> Bot:
    """A new bot of kind ``name`` (``KeyError`` for an unknown one)."""
    if name not in _BOTS:
        raise KeyError(f"unknown bot {name!r}; bots are {', '.join(names())}")
    module, cls = _BOTS[name].split(":")
    factory: Callable[..., Bot] = getattr(import_module(module), cls)
    return factory(seed=seed, **options)


__all__ = ["Bot", "make", "names"]
