"""Table options: the variants a table may choose, apart from set-up fixtures.

A game's ``setup_keys`` document everything ``new_state(setup=...)`` accepts, including fixtures that fix
what the seed would shuffle (deck orders, positions) for tests and puzzles. Only the keys a game declares in
``Game.options`` are variants a table may choose; the hall accepts nothing else, so no player can fix a
hidden order from the lobby.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from longhouse.engine.errors import SetupError
from longhouse.engine.text import _


@dataclass(frozen=True, slots=True)
class Option:
    """One variant: its name, a sentence saying what it changes, its allowed values and its default."""

    name: str
    doc: str
    choices: tuple[Any, ...]
    default: Any

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"option {self.name}: default {self.default!r} is not among {self.choices!r}")

    def validate(self, value: Any) -> Any:
        """The value if it is one of the choices (same type too: ``True`` is not ``1``), else ``SetupError``."""
        for choice in self.choices:
            if type(value) is type(choice) and value == choice:
                return value
        allowed = ", ".join(repr(c) for c in self.choices)
        raise SetupError(_("option {name} must be one of {allowed}, not {value}", name=repr(self.name),
                           allowed=allowed, value=repr(value)[:60]))

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "doc": self.doc, "choices": list(self.choices), "default": self.default}


def validate_options(options: Mapping[str, Option], chosen: Any) -> dict[str, Any]:
    """A table's chosen options, checked: only declared options, each with an allowed value.

    Raises ``SetupError`` naming the unknown keys (which include every fixture) or the bad value.
    """
    if chosen is None:
        return {}
    if not isinstance(chosen, Mapping):
        raise SetupError(_("options must be an object of option names and values"))
    unknown = sorted(str(k) for k in chosen if k not in options)
    if unknown:
        if not options:
            raise SetupError(_("unknown options {unknown}; this game has no options", unknown=str(unknown)[:200]))
        raise SetupError(_("unknown options {unknown}; this game's options are: {known}", unknown=str(unknown)[:200],
                           known=", ".join(sorted(options))))
    return {name: options[name].validate(value) for name, value in chosen.items()}
