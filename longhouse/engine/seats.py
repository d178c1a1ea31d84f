"""How seats are named in words: by the colour the hall gives them (the same in every game)."""

from __future__ import annotations

from typing import Final

#: Seat colours in seat order; the hall, the terminal and the move log all use them.
SEAT_COLOURS: Final[tuple[str, ...]] = ("red", "blue", "green", "yellow")
_NAMES: Final[tuple[str, ...]] = tuple(c.capitalize() for c in SEAT_COLOURS)


def seat_name(seat: int) -> str:
    """The seat in words for move logs: "Red", "Blue", "Green", "Yellow"."""
    return _NAMES[seat]
