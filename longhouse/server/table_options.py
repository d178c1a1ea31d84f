"""Table options that belong to the hall rather than to the game's set-up (hints, for now)."""

from __future__ import annotations

from typing import Any

#: The hall's own table options, with what each means.
HALL_OPTIONS = {
    "hints": "seated players may ask the strongest bot for a hint on their turn (the game is then not rated)",
}


def check_options(options: dict[str, Any]) -> None:
    """Refuse a bad hall option (``ValueError`` saying why)."""
    hints = options.get("hints", False)
    if not isinstance(hints, bool):
        raise ValueError("the hints option is true or false")


def game_setup(options: dict[str, Any]) -> dict[str, Any]:
    """The options the game itself receives: all but the hall's own."""
    return {key: value for key, value in options.items() if key not in HALL_OPTIONS}


def hints_allowed(options: dict[str, Any]) -> bool:
    return bool(options.get("hints"))
