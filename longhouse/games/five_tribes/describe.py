"""Five Tribes described for clients: tile kinds and values, tribes, resource cards, Djinns with their
powers in words, the tracks' costs and the scoring weights.

Sent once per connection (``Game.describe``), so the browser and the terminal read names from the game's
data instead of keeping copies.
"""

from __future__ import annotations

from typing import Any

from longhouse.games.five_tribes import data as D

_COST_WORDS = {
    D.NO_COST: None,
    D.COST_E_OR_F: "1 Elder or 1 Fakir",
    D.COST_2: "2 Elders, or 1 Elder and 1 Fakir",
    D.COST_F: "1 Fakir",
    D.COST_F_PLUS: "one or more Fakirs",
}


def description() -> dict[str, Any]:
    """The game's part of ``GAME.describe()``."""
    return {
        "rows": D.ROWS,
        "cols": D.COLS,
        "tile_kinds": list(D.KIND_NAMES),
        "tile_types": [
            {"code": t.code, "kind": D.KIND_NAMES[t.kind], "vp": t.vp, "value_colour": "blue" if t.blue else "red"}
            for t in D.TILE_TYPES.values()
        ],
        "tribes": [
            {"letter": letter, "name": name, "a": a, "count": count}
            for letter, name, a, count in zip(D.COLOUR_LETTERS, D.COLOUR_NAMES, D.A_COLOUR, D.MEEPLE_COUNTS,
                                              strict=True)
        ],
        "resources": [
            {"code": code, "name": name, "count": count, "merchandise": i != D.FAKIR}
            for i, (code, name, count) in enumerate(zip(D.RESOURCE_CODES, D.RESOURCE_NAMES, D.RESOURCE_COUNTS,
                                                        strict=True))
        ],
        "suit_values": list(D.SUIT_VALUES),
        "djinns": [
            {"name": d.name, "vp": d.vp, "cost": _COST_WORDS[d.cost], "text": d.text} for d in D.DJINNS
        ],
        "turn_track_costs": list(D.TURN_TRACK_COSTS),
        "palm_trees": D.PALM_TREES,
        "palaces": D.PALACES,
        "camels_by_players": {str(n): c for n, c in D.CAMELS.items()},
        "vp": {"vizier": D.VP_PER_VIZIER, "vizier_majority": D.VIZIER_MAJORITY_BONUS, "elder": D.VP_PER_ELDER,
               "palm": D.VP_PER_PALM, "palace": D.VP_PER_PALACE},
        "market_prices": {"small": D.SMALL_MARKET_PRICE, "large": D.LARGE_MARKET_PRICE},
    }
