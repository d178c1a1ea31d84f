"""All component data of Five Tribes (Days of Wonder, 2014), base game.

Source: docs/rules/five-tribes-data.md (our restatement of the rulebook with sources). Items that
are our assumption rather than the rulebook's text are marked ASSUMED; the rulings on open questions live
in ``rulings.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from longhouse.engine.text import Msg, Text, _, ngettext

# --- the Sultanate -------------------------------------------------------------------------------

ROWS: Final = 5
COLS: Final = 6
NUM_TILES: Final = ROWS * COLS

# Tile kinds.
VILLAGE: Final = 0
SACRED: Final = 1
OASIS: Final = 2
SMALL_MARKET: Final = 3
LARGE_MARKET: Final = 4
KIND_NAMES: Final = ("Village", "Sacred Place", "Oasis", "Small Market", "Large Market")
#: The kinds in words, in the reader's language (``KIND_NAMES`` are the English names the notation's readers
#: and the research adapters use).
KIND_WORDS: Final = (_("Village"), _("Sacred Place"), _("Oasis"), _("Small Market"), _("Large Market"))
BLUE_KINDS: Final = frozenset({VILLAGE, SACRED})


@dataclass(frozen=True, slots=True)
class TileType:
    code: str
    kind: int
    vp: int

    @property
    def blue(self) -> bool:
        return self.kind in BLUE_KINDS


TILE_TYPES: Final = {
    "V": TileType("V", VILLAGE, 5),
    "S6": TileType("S6", SACRED, 6),
    "S10": TileType("S10", SACRED, 10),
    "S12": TileType("S12", SACRED, 12),
    "S15": TileType("S15", SACRED, 15),
    "O": TileType("O", OASIS, 8),
    "SM": TileType("SM", SMALL_MARKET, 6),
    "LM": TileType("LM", LARGE_MARKET, 4),
}
#: The 30 tiles of the box: 12 blue-valued (5 Villages, 7 Sacred Places), 18 red-valued.
TILE_SET: Final[tuple[str, ...]] = (
    ("V",) * 5 + ("S6",) * 4 + ("S10", "S12", "S15") + ("O",) * 6 + ("SM",) * 8 + ("LM",) * 4
)
assert len(TILE_SET) == NUM_TILES and sum(TILE_TYPES[t].vp for t in TILE_SET) == 198

# --- meeples -------------------------------------------------------------------------------------

YELLOW: Final = 0  # Viziers
WHITE: Final = 1  # Elders
GREEN: Final = 2  # Merchants
BLUE: Final = 3  # Builders
RED: Final = 4  # Assassins
COLOURS: Final = 5
COLOUR_LETTERS: Final = "YWGBR"
COLOUR_NAMES: Final = ("Vizier", "Elder", "Merchant", "Builder", "Assassin")
#: The same with the indefinite article, for the move log ("drops an Elder").
A_COLOUR: Final = ("a Vizier", "an Elder", "a Merchant", "a Builder", "an Assassin")
#: The tribes in words, in the reader's language: one meeple, several, one as the object of a verb ("drops
#: an Elder", "kills a Vizier") and as a subject ("A Vizier comes out of the bag").
TRIBE_WORDS: Final = (_("Vizier"), _("Elder"), _("Merchant"), _("Builder"), _("Assassin"))
TRIBE_PLURALS: Final = (_("Viziers"), _("Elders"), _("Merchants"), _("Builders"), _("Assassins"))
A_TRIBE: Final = (_("a Vizier"), _("an Elder"), _("a Merchant"), _("a Builder"), _("an Assassin"))
A_TRIBE_SUBJECT: Final = (_("A Vizier"), _("An Elder"), _("A Merchant"), _("A Builder"), _("An Assassin"))


def tribe_count(colour: int, n: int) -> Msg:
    """``n`` meeples of a tribe in words: "1 Vizier", "3 Elders" (the plural form of the reader's language)."""
    if colour == 0:
        return ngettext("{n} Vizier", "{n} Viziers", n)
    if colour == 1:
        return ngettext("{n} Elder", "{n} Elders", n)
    if colour == 2:
        return ngettext("{n} Merchant", "{n} Merchants", n)
    if colour == 3:
        return ngettext("{n} Builder", "{n} Builders", n)
    return ngettext("{n} Assassin", "{n} Assassins", n)


MEEPLE_COUNTS: Final = (16, 20, 18, 18, 18)
assert sum(MEEPLE_COUNTS) == 90
MEEPLES_PER_TILE: Final = 3

# --- resource cards ------------------------------------------------------------------------------

RESOURCE_NAMES: Final = ("Ivory", "Jewels", "Gold", "Papyrus", "Silk", "Spice", "Fish", "Wheat", "Pottery", "Fakir")
#: The Resource cards in words, in the reader's language.
RESOURCE_WORDS: Final = (_("Ivory"), _("Jewels"), _("Gold"), _("Papyrus"), _("Silk"), _("Spice"), _("Fish"), _("Wheat"),
                         _("Pottery"), _("Fakir"))
RESOURCE_CODES: Final = ("iv", "je", "go", "pa", "si", "sp", "fi", "wh", "po", "fk")
RESOURCE_COUNTS: Final = (2, 2, 2, 4, 4, 4, 6, 6, 6, 18)
FAKIR: Final = 9
NUM_RESOURCE_TYPES: Final = 10
MERCHANDISE: Final = tuple(range(9))
assert sum(RESOURCE_COUNTS) == 54
RESOURCE_ROW_SIZE: Final = 9

#: Gold (GC when sold, VP at the end) of a suit of n all-different Merchandise cards, index n.
SUIT_VALUES: Final = (0, 1, 3, 7, 13, 21, 30, 40, 50, 60)

# --- Djinns --------------------------------------------------------------------------------------

# Cost codes.
NO_COST: Final = ""
COST_E_OR_F: Final = "E/F"  # 1 Elder or 1 Fakir
COST_2: Final = "EE/EF"  # 2 Elders, or 1 Elder + 1 Fakir
COST_F: Final = "F"  # 1 Fakir
COST_F_PLUS: Final = "F+"  # one or more Fakirs


@dataclass(frozen=True, slots=True)
class Djinn:
    name: str
    vp: int
    cost: str
    #: The power in words (a text of the catalogs).
    text: Text


DJINNS: Final = (
    Djinn("Al-Amin", 5, NO_COST, _("At game end every 2 Fakirs count as 1 wild Merchandise in your suits.")),
    Djinn("Anun-Nak", 8, COST_E_OR_F, _("Put 3 meeples from the bag on a completely empty tile.")),
    Djinn("Ba'al", 6, NO_COST, _("Whenever a player gains a Djinn: 1 GC if it is you, 2 GC if an opponent.")),
    Djinn("Boaz", 6, NO_COST, _("Your Viziers and Elders cannot be assassinated.")),
    Djinn("Bouraq", 6, COST_E_OR_F, _("Place 1 Palace on any Village.")),
    Djinn("Echidna", 4, COST_2, _("This turn your Builders earn double gold.")),
    Djinn("Enki", 8, COST_E_OR_F, _("Place 1 Palm Tree on any Oasis.")),
    Djinn("Hagis", 10, COST_E_OR_F, _("When you place a Palace you may put it on a neighbouring tile instead.")),
    Djinn("Haurvatat", 8, NO_COST, _("At game end your Palm Trees score 5 VP each instead of 3.")),
    Djinn("Iblis", 8, COST_E_OR_F, _("This turn your Assassins kill 2 meeples (one tile, or one opponent's pool).")),
    Djinn("Jafaar", 6, NO_COST, _("At game end your Viziers score 3 VP each instead of 1.")),
    Djinn("Kandicha", 6, NO_COST,
          _("Your kills: a Merchant draws a Resource card, a Builder pays its gold, a Vizier/Elder comes to you.")),
    Djinn("Kumarbi", 6, COST_F_PLUS, _("When bidding, each Fakir discarded lets you pay the next lower spot's cost.")),
    Djinn("Lamia", 10, COST_E_OR_F, _("When you place a Palm Tree you may put it on a neighbouring tile instead.")),
    Djinn("Leta", 4, COST_2, _("Take control of a completely empty tile with one of your camels.")),
    Djinn("Marid", 6, NO_COST, _("Each meeple dropped on your tiles: 1 GC if you move it, 2 GC if an opponent does.")),
    # Monkir's VP: 6 in three sources, 5 in one; our ruling is 6 (see rulings.MONKIR_VP).
    Djinn("Monkir", 6, NO_COST, _("Each Palace placed: 1 GC if you placed it, 2 GC if an opponent did.")),
    Djinn("Nekir", 6, NO_COST, _("Each meeple killed: 1 GC if your Assassins killed it, 2 GC if an opponent's did.")),
    Djinn("Shamhat", 6, NO_COST, _("At game end your Elders score 4 VP each instead of 2.")),
    Djinn("Sibittis", 4, COST_2, _("Draw the top 3 Djinns, keep 1, discard the others.")),
    Djinn("Sloar", 8, COST_F, _("Take the top card of the Resource draw pile.")),
    Djinn("Utug", 4, COST_2, _("Take control of a tile holding only meeples with one of your camels.")),
)
assert len(DJINNS) == 22
DJINN_INDEX: Final = {d.name: i for i, d in enumerate(DJINNS)}
(AL_AMIN, ANUN_NAK, BAAL, BOAZ, BOURAQ, ECHIDNA, ENKI, HAGIS, HAURVATAT, IBLIS, JAFAAR, KANDICHA, KUMARBI,
 LAMIA, LETA, MARID, MONKIR, NEKIR, SHAMHAT, SIBITTIS, SLOAR, UTUG) = range(22)
DJINN_ROW_SIZE: Final = 3

# --- the tracks, supplies, camels ----------------------------------------------------------------

#: Turn Order track costs, highest spot first; spots 6, 7, 8 are the zero queue.
TURN_TRACK_COSTS: Final = (18, 12, 8, 5, 3, 1, 0, 0, 0)
PAID_SPOTS: Final = 6
ZERO_SPOTS: Final = 3
ZERO_BID: Final = 6  # the Bid action's spot number meaning "bid 0"

PALM_TREES: Final = 12
PALACES: Final = 10
STARTING_GOLD: Final = 50
#: The gold in the box: 48 coins worth 5 and 48 worth 1 (§1 "Gold coins").
GOLD_IN_BOX: Final = 48 * 5 + 48 * 1
CAMELS: Final = {2: 11, 3: 8, 4: 8}
MARKERS_PER_SEAT: Final = {2: 2, 3: 1, 4: 1}

# Final scoring weights (the Djinns that change them are in scoring.py).
VP_PER_VIZIER: Final = 1
VP_PER_VIZIER_JAFAAR: Final = 3
VIZIER_MAJORITY_BONUS: Final = 10
VP_PER_ELDER: Final = 2
VP_PER_ELDER_SHAMHAT: Final = 4
VP_PER_PALM: Final = 3
VP_PER_PALM_HAURVATAT: Final = 5
VP_PER_PALACE: Final = 5

SMALL_MARKET_PRICE: Final = 3
SMALL_MARKET_REACH: Final = 3
LARGE_MARKET_PRICE: Final = 6
LARGE_MARKET_REACH: Final = 6
