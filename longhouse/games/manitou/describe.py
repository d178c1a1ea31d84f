"""Manitou described for clients: card names and kinds, who beats whom, the buffalo, the hunt's shape.

Sent once per connection (``Game.describe``), so the browser, the terminal and the bots read these names
and tables from the game's data instead of keeping copies.
"""

from __future__ import annotations

from typing import Any

from longhouse.games.manitou.data import (
    BEATS,
    CARD_NOUNS,
    CODES,
    DEALER_SELECTION,
    GROUND_LAYOUT,
    HAND_SIZE,
    HUNTS,
    LARGE_BUFFALO,
    PELT_ROBBER_POINTS,
    PLAYS_PER_HUNT,
    PRISONER_POINTS,
    SELECTION,
    SET_COUNTS,
    WARRIOR_WORDS,
    Warrior,
    warrior_of,
)
from longhouse.games.manitou.rulings import small_buffalo


def description() -> dict[str, Any]:
    """The game's part of ``GAME.describe()``."""
    return {
        "cards": [
            {"code": code, "kind": "warrior" if warrior_of(code) else "hunter",
             "name": CARD_NOUNS[code],
             "value": None if warrior_of(code) else int(code), "copies": SET_COUNTS[i]}
            for i, code in enumerate(CODES)
        ],
        "warriors": [
            {"code": w.value, "name": WARRIOR_WORDS[w], "beats": [b.value for b in Warrior if b in BEATS[w]]}
            for w in Warrior
        ],
        "buffalo": {"large": list(LARGE_BUFFALO), "small": list(small_buffalo())},
        "grounds_by_players": {str(n): [list(g) for g in layout] for n, layout in GROUND_LAYOUT.items()},
        "hunts": HUNTS,
        "selection": SELECTION,
        "dealer_selection": DEALER_SELECTION,
        "hand_size": HAND_SIZE,
        "plays_per_hunt": PLAYS_PER_HUNT,
        "points": {"prisoner": PRISONER_POINTS, "pelt_robber": PELT_ROBBER_POINTS},
    }
