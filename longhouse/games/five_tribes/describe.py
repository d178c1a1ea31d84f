"""What the browser needs to know about Five Tribes by name: the tiles, the tribes, the Resource cards, the
Djinns (name, VP, cost, power in words), the tracks and the score sheet's rows. Boards read these from here
(through the game description), never from a copy of the game's tables.
"""

from __future__ import annotations

from typing import Any

from longhouse.engine.text import _
from longhouse.games.five_tribes import data
from longhouse.games.five_tribes.actions import PAY_WORDS
from longhouse.games.five_tribes.board import DIRECTION_LETTERS, DIRECTIONS
from longhouse.games.five_tribes.scoring import CATEGORIES, djinn_vp

_KIND_KEYS = ("village", "sacred", "oasis", "small_market", "large_market")
_KIND_ACTIONS = (
    _("Place a Palace here (compulsory)"),
    _("Pay 2 Elders, or 1 Elder and 1 Fakir: take one of the {n} Djinns on display", n=data.DJINN_ROW_SIZE),
    _("Place a Palm Tree here (compulsory)"),
    _("Pay {price} gold: take 1 of the first {reach} cards of the market", price=data.SMALL_MARKET_PRICE,
      reach=data.SMALL_MARKET_REACH),
    _("Pay {price} gold: take 2 of the first {reach} cards of the market", price=data.LARGE_MARKET_PRICE,
      reach=data.LARGE_MARKET_REACH),
)
_TRIBES = (
    ("yellow", "#e8b923",
     _("Keep them: {vp} VP each, and {bonus} VP for each opponent with fewer", vp=data.VP_PER_VIZIER,
       bonus=data.VIZIER_MAJORITY_BONUS)),
    ("white", "#f4f0e6", _("Keep them: {vp} VP each; they pay for Djinns", vp=data.VP_PER_ELDER)),
    ("green", "#2e9b48", _("Take as many cards from the front of the market")),
    ("blue", "#2c6fd6", _("Gold: Builders (+ Fakirs) × blue-valued tiles around, this one included")),
    ("red", "#cf2f2f", _("Kill 1 meeple up to 1 tile away per Assassin (+ Fakirs), or an opponent's Vizier or Elder")),
)
_COSTS = {
    data.NO_COST: _("no cost"),
    data.COST_E_OR_F: _("1 Elder or 1 Fakir"),
    data.COST_2: _("2 Elders, or 1 Elder and 1 Fakir"),
    data.COST_F: _("1 Fakir"),
    data.COST_F_PLUS: _("Fakirs when bidding"),
}
_SHEET = {
    "gold": _("Gold coins"), "viziers": _("Viziers"), "vizier_majority": _("Vizier majority"), "elders": _("Elders"),
    "djinns": _("Djinns"), "palm_trees": _("Palm Trees"), "palaces": _("Palaces"), "tiles": _("Tiles"),
    "merchandise": _("Merchandise"),
}
#: What a Resource card is for, by whether it is merchandise (its tooltip on the board).
_RESOURCE_TEXT = (
    _("Not merchandise: Fakirs pay for Djinns and Djinn powers, or strengthen Builders and Assassins"),
    _("Merchandise: a set of different kinds sells for gold during your turn, or scores at the end ({values} for 1, "
      "2, 3… kinds)", values=", ".join(map(str, data.SUIT_VALUES[1:]))),
)
_DIRECTIONS = (_("north"), _("east"), _("south"), _("west"))


def description() -> dict[str, Any]:
    """The Five Tribes part of the game description, JSON-ready."""
    return {
        "sultanate": {"rows": data.ROWS, "cols": data.COLS, "columns": "abcdef"[:data.COLS],
                  "directions": [{"letter": DIRECTION_LETTERS[d], "name": _DIRECTIONS[d],
                                  "step": list(DIRECTIONS[d])} for d in range(4)]},
        "tiles": {code: {"name": data.KIND_WORDS[t.kind], "kind": _KIND_KEYS[t.kind], "vp": t.vp, "blue": t.blue,
                         "action": _KIND_ACTIONS[t.kind]}
                  for code, t in data.TILE_TYPES.items()},
        "tribes": [{"letter": data.COLOUR_LETTERS[c], "name": data.TRIBE_WORDS[c], "plural": data.TRIBE_PLURALS[c],
                    "a": data.A_TRIBE[c], "colour": _TRIBES[c][0], "hex": _TRIBES[c][1], "action": _TRIBES[c][2],
                    "count": data.MEEPLE_COUNTS[c]} for c in range(data.COLOURS)],
        "resources": [{"name": data.RESOURCE_WORDS[r], "code": data.RESOURCE_CODES[r],
                       "count": data.RESOURCE_COUNTS[r], "merchandise": r != data.FAKIR,
                       "text": _RESOURCE_TEXT[r != data.FAKIR]}
                      for r in range(data.NUM_RESOURCE_TYPES)],
        "djinns": [{"name": d.name, "vp": djinn_vp(i), "cost": None if d.cost == data.NO_COST else _COSTS[d.cost],
                    "cost_code": d.cost, "cost_text": _COSTS[d.cost], "text": d.text, "paid": d.cost != data.NO_COST}
                   for i, d in enumerate(data.DJINNS)],
        "payments": PAY_WORDS,
        "turn_track": list(data.TURN_TRACK_COSTS),
        "zero_bid": data.ZERO_BID,
        "suit_values": list(data.SUIT_VALUES),
        "markets": {"small": {"price": data.SMALL_MARKET_PRICE, "reach": data.SMALL_MARKET_REACH},
                    "large": {"price": data.LARGE_MARKET_PRICE, "reach": data.LARGE_MARKET_REACH}},
        "market_row": data.RESOURCE_ROW_SIZE,
        "supplies": {"palm_trees": data.PALM_TREES, "palaces": data.PALACES},
        "camels": {str(n): k for n, k in data.CAMELS.items()},
        "score_sheet": [{"key": k, "label": _SHEET[k]} for k in CATEGORIES],
        # the same facts in the flat form the research adapters read (adapters/action_space.py)
        "rows": data.ROWS,
        "cols": data.COLS,
        "tile_kinds": list(data.KIND_NAMES),
        "tile_types": [{"code": t.code, "kind": data.KIND_NAMES[t.kind], "vp": t.vp,
                        "value_colour": "blue" if t.blue else "red"} for t in data.TILE_TYPES.values()],
        "turn_track_costs": list(data.TURN_TRACK_COSTS),
        "market_prices": {"small": data.SMALL_MARKET_PRICE, "large": data.LARGE_MARKET_PRICE},
        "palm_trees": data.PALM_TREES,
        "palaces": data.PALACES,
        "camels_by_players": {str(n): k for n, k in data.CAMELS.items()},
        "vp": {"vizier": data.VP_PER_VIZIER, "vizier_majority": data.VIZIER_MAJORITY_BONUS,
               "elder": data.VP_PER_ELDER, "palm": data.VP_PER_PALM, "palace": data.VP_PER_PALACE},
    }
