"""Table options that belong to the hall rather than to the game's set-up: hints, and the reliability a person
needs to sit down (``reputation.py``)."""

from __future__ import annotations

from typing import Any

from longhouse.i18n import _

#: The hall's own table options, with what each means.
HALL_OPTIONS = {
    "hints": "seated players may ask the strongest bot for a hint on their turn (the game is then not rated)",
    "min_reliability": "the reliability (0-100, in %) a person needs to sit down; newcomers may always (0: none)",
}


def check_options(options: dict[str, Any]) -> None:
    """Refuse a bad hall option (``ValueError`` saying why)."""
    hints = options.get("hints", False)
    if not isinstance(hints, bool):
        raise ValueError(_("the hints option is true or false"))
    minimum = options.get("min_reliability", 0)
    if isinstance(minimum, bool) or not isinstance(minimum, int) or not 0 <= minimum <= 100:
        raise ValueError(_("the minimum reliability is a whole number from 0 to 100 (per cent)"))


def game_setup(options: dict[str, Any]) -> dict[str, Any]:
    """The options the game itself receives: all but the hall's own."""
    return {key: value for key, value in options.items() if key not in HALL_OPTIONS}


def hints_allowed(options: dict[str, Any]) -> bool:
    return bool(options.get("hints"))


def min_reliability(options: dict[str, Any]) -> int:
    """The reliability in per cent a person needs to sit down (0: none)."""
    minimum = options.get("min_reliability", 0)
    return minimum if isinstance(minimum, int) and not isinstance(minimum, bool) else 0
