"""All component data of Manitoba (dlp games 2018), with its sources; our rulings are in ``rulings.py``.

Sources are named as in ``docs/rules/manitoba-data.md``: RULEBOOK is the seed rulebook text,
S1…S13 the public reviews listed there, and ASSUMED marks a playable default chosen by us where no
source gives the printed value. The rules modules read only the tables here, so real component data
can replace an ASSUMED table without touching a rule.

Indices are shared: colour ``c`` is the sphere of landscape ``c``, good ``c`` and (for c < 4, via
``COLOUR_PATH``) one vision path.
"""

from __future__ import annotations

from typing import Final

# --- colours, landscapes, goods (RULEBOOK, "Color / Territory / Vision path" table) -------------------

BROWN, GREEN, BEIGE, BLUE, WHITE = 0, 1, 2, 3, 4
COLOURS: Final = ("brown", "green", "beige", "blue", "white")
PRAIRIE, FOREST, HILLS, LAKE, MOUNTAIN = 0, 1, 2, 3, 4
LANDSCAPES: Final = ("prairie", "forest", "hills", "lake", "mountain")
BISON, BERRY, HORSE, CANOE, FEATHER = 0, 1, 2, 3, 4
GOODS: Final = ("bison", "berry", "horse", "canoe", "feather")
GOOD_PLURAL: Final = ("bison", "berries", "horses", "canoes", "feathers")
#: The four storage sectors, one per good except feathers (RULEBOOK "Storage area"); sector i holds good i.
SECTORS: Final = (BISON, BERRY, HORSE, CANOE)

HUNTER, GATHERER, WARRIOR, SHAMAN = 0, 1, 2, 3
PATHS: Final = ("hunter", "gatherer", "warrior", "shaman")
#: The vision path of each colour; blue (lakes) has none (RULEBOOK).
COLOUR_PATH: Final = (HUNTER, GATHERER, WARRIOR, -1, SHAMAN)
PATH_COLOUR: Final = (BROWN, GREEN, BEIGE, WHITE)
#: Spaces per path: 6 on the three lower paths, 5 on the Shaman's (RULEBOOK "Vision Paths").
PATH_LENGTH: Final = (6, 6, 6, 5)

# --- component counts per player count (RULEBOOK set-up steps 1, 6, 8) --------------------------------

CREE_PER_PLAYER: Final = 9
CREE_IN_WIGWAM: Final = 3
CREE_ON_SQUARE: Final = 5
CREE_ON_TRACK: Final = 1
#: Goods in the supply at the start: (each of bison/berry/horse/canoe, feathers).
GOODS_BY_PLAYERS: Final = {2: (10, 7), 3: (12, 8), 4: (14, 10)}
WAMPUM_BY_PLAYERS: Final = {2: 12, 3: 16, 4: 20}
WAMPUM_ACTIVE_POINTS: Final = 2
WAMPUM_INACTIVE_POINTS: Final = 1
#: Rounds: 16 with 2 or 4 players (winter card 2 is a round), 15 with 3 (RULEBOOK; data §2.2).
ROUNDS_BY_PLAYERS: Final = {2: 16, 3: 15, 4: 16}

# --- the storage scale (data §4) ------------------------------------------------------------------------

#: Sector capacity. ASSUMED — not from a source (supply is 10–14 per good).
SECTOR_CAPACITY: Final = 7
#: Points by number of pieces in a sector. 0 → −2 (RULEBOOK), 3 → 4 (S6), 4 → 8 (RULEBOOK, S6);
#: 1, 2, 5, 6, 7 are ASSUMED — not from a source. One scale for all four sectors (ASSUMED).
STORAGE_POINTS: Final = (-2, 1, 2, 4, 8, 12, 16, 20)

#: Ceremonial places hold 3 and 4 goods (RULEBOOK "The Ceremonial Places").
CEREMONIAL_SIZES: Final = (3, 4)

# --- the territory (data §3) ----------------------------------------------------------------------------

#: Slots of a tile: top-left, bottom-left, centre (tall), top-right, bottom-right. ASSUMED geometry.
TL, BL, C, TR, BR = 0, 1, 2, 3, 4
SLOT_NAMES: Final = ("TL", "BL", "C", "TR", "BR")
#: Adjacency inside one tile. ASSUMED — not from a source.
TILE_EDGES: Final = ((TL, BL), (TL, C), (BL, C), (C, TR), (C, BR), (TR, BR))
#: Adjacency between a tile and the next one to its right in the chain. ASSUMED — not from a source.
CHAIN_EDGES: Final = ((TR, TL), (BR, BL))
#: A tile turned by 180°: the slot whose landscape lands on each slot. ASSUMED — not from a source.
ROTATED_SLOT: Final = (BR, TR, C, BL, TL)
#: The six territory tiles, landscapes in slot order (TL, BL, C, TR, BR). Each has one area of every
#: landscape (RULEBOOK counts, by inference). The layouts are ASSUMED — not from a source.
TILES: Final = {
    1: (FOREST, LAKE, PRAIRIE, HILLS, MOUNTAIN),
    2: (MOUNTAIN, PRAIRIE, LAKE, FOREST, HILLS),
    3: (HILLS, MOUNTAIN, FOREST, LAKE, PRAIRIE),
    4: (LAKE, FOREST, HILLS, PRAIRIE, MOUNTAIN),
    5: (PRAIRIE, HILLS, MOUNTAIN, LAKE, FOREST),
    6: (PRAIRIE, LAKE, FOREST, MOUNTAIN, HILLS),
}
#: Territory layouts. Standard: a chain (RULEBOOK set-up step 2). "lake_manitoba" and "duck_mountain"
#: (RULEBOOK appendix "Alternative Set-ups"): the chain plus an edge between the lake (or mountain) areas
#: of each two neighbouring tiles, so that they form one district (ASSUMED model of "fitted together").
LAYOUT_STANDARD: Final = "standard"
LAYOUT_LAKE_MANITOBA: Final = "lake_manitoba"
LAYOUT_DUCK_MOUNTAIN: Final = "duck_mountain"
LAYOUT_JOINED_LANDSCAPE: Final = {LAYOUT_STANDARD: -1, LAYOUT_LAKE_MANITOBA: LAKE, LAYOUT_DUCK_MOUNTAIN: MOUNTAIN}

# --- the totem (RULEBOOK; data §2.3) --------------------------------------------------------------------

#: The fixed starting order (top to bottom) offered as an option. ASSUMED; the default is a random order.
FIXED_TOTEM: Final = (BLUE, WHITE, BEIGE, GREEN, BROWN)

# --- vision paths (RULEBOOK "Vision Paths"; data §7) ---------------------------------------------------

#: Points for reaching a space: (standard, first to reach) — Hunter's path spaces 1, 2, 3, 5.
HUNTER_POINTS: Final = {1: (1, 1), 2: (1, 2), 3: (2, 3), 5: (3, 4)}
COMPLETION_POINTS: Final = 5  # reaching space 6 of a lower path, once
HUNTER_REPEAT_POINTS: Final = 2  # Hunter's space 6, each further Vision path action
#: The exemption space of each good (space 4 of the lower paths, space 3 of the Shaman's path).
EXEMPTION: Final = {BISON: (HUNTER, 4), BERRY: (GATHERER, 4), HORSE: (WARRIOR, 4), CANOE: (SHAMAN, 3)}
#: The spaces whose first visitor gets a wampum tile (the exemption spaces).
WAMPUM_SPACES: Final = frozenset({(HUNTER, 4), (GATHERER, 4), (WARRIOR, 4), (SHAMAN, 3)})
#: Gatherer's path: the goods offered on spaces 1, 2, 3, 5 and the repeat bonus of space 6.
#: Space 5 "a good of your choice": the four goods with a sector; whether feathers too is a ruling
#: (rulings.gatherer_goods).
GATHERER_GOODS: Final = {
    1: (BERRY,),
    2: (BERRY, HORSE),
    3: (BERRY, CANOE),
    5: (BISON, BERRY, HORSE, CANOE),
    6: (BERRY,),
}
WARRIOR_NO_ADJACENCY: Final = 2  # permanent: passive placement needs no adjacency
WARRIOR_WAKE_POINTS: Final = 3  # permanent: +1 point per Cree woken
WARRIOR_RELOCATE: Final = 5
SHAMAN_REPEAT_SPACES: Final = frozenset({1, 2, 4})
SHAMAN_NO_SACRIFICE: Final = 5

# --- score tiles (data §5; ASSUMED mix) -----------------------------------------------------------------

TILE_SINGLE, TILE_PAIR, TILE_MOST = 0, 1, 2
#: 12 score tiles: (kind, goods). ASSUMED — not from a source: 4 single, 6 pairs, 2 "most of".
SCORE_TILES: Final[tuple[tuple[int, tuple[int, ...]], ...]] = (
    (TILE_SINGLE, (BISON,)),
    (TILE_SINGLE, (BERRY,)),
    (TILE_SINGLE, (HORSE,)),
    (TILE_SINGLE, (CANOE,)),
    (TILE_PAIR, (BERRY, BISON)),
    (TILE_PAIR, (BERRY, HORSE)),
    (TILE_PAIR, (BERRY, CANOE)),
    (TILE_PAIR, (BISON, HORSE)),
    (TILE_PAIR, (BISON, CANOE)),
    (TILE_PAIR, (HORSE, CANOE)),
    (TILE_MOST, ()),
    (TILE_MOST, ()),
)
TILES_PER_SEASON: Final = 2

# --- season cards (RULEBOOK; data §6; contents ASSUMED) -------------------------------------------------

WINTER, SPRING, SUMMER, AUTUMN = 0, 1, 2, 3
SEASONS: Final = ("winter", "spring", "summer", "autumn")

#: Event symbols (RULEBOOK appendix "Events"), plus the optional WAKE event (data §6 note).
EV_VISION, EV_MOVE, EV_RECALL, EV_GOOD, EV_LOSE_FEATHER, EV_CREE_PTS, EV_LAKE_PTS, EV_MAJORITY, EV_CONTIG, EV_WAKE = (
    range(10)
)
EVENT_NAMES: Final = (
    "vision", "move", "recall", "good", "lose_feather", "cree_points", "lake_points", "majority", "contiguous",
    "wake",
)
#: The 18 event cards, 6 per season: (season, symbol, goods offered). ASSUMED — not from a source.
EVENT_CARDS: Final = (
    (SPRING, EV_GOOD, (BERRY, BISON)),
    (SPRING, EV_GOOD, (HORSE, CANOE)),
    (SPRING, EV_VISION, ()),
    (SPRING, EV_MOVE, ()),
    (SPRING, EV_CREE_PTS, ()),
    (SPRING, EV_RECALL, ()),
    (SUMMER, EV_GOOD, (BERRY, CANOE)),
    (SUMMER, EV_GOOD, (BISON, HORSE)),
    (SUMMER, EV_VISION, ()),
    (SUMMER, EV_LAKE_PTS, ()),
    (SUMMER, EV_MAJORITY, ()),
    (SUMMER, EV_LOSE_FEATHER, ()),
    (AUTUMN, EV_GOOD, (BISON, CANOE)),
    (AUTUMN, EV_GOOD, (BERRY, HORSE)),
    (AUTUMN, EV_MOVE, ()),
    (AUTUMN, EV_CONTIG, ()),
    (AUTUMN, EV_MAJORITY, ()),
    (AUTUMN, EV_LOSE_FEATHER, ()),
)
#: With the ``wake_event`` option, this card (spring GOOD horse|canoe) shows WAKE instead (ASSUMED).
WAKE_EVENT_REPLACES: Final = 1
SEASON_EVENT_CARDS: Final = {
    s: tuple(i for i, c in enumerate(EVENT_CARDS) if c[0] == s) for s in (SPRING, SUMMER, AUTUMN)
}
EVENTS_LAID_OUT: Final = 3
#: Non-event cards.
CARD_SCORE3, CARD_SCORE5, CARD_SOLSTICE, CARD_WINTER2 = 100, 101, 102, 103
#: The layout of a season: event, event, score "3", event, score "5" (RULEBOOK "Changing the season").
SEASON_LAYOUT: Final = (0, 1, CARD_SCORE3, 2, CARD_SCORE5)

#: Events: majority / contiguity points (RULEBOOK appendix).
MAJORITY_POINTS: Final = (6, 2)
LAKE_POINTS_PER_CREE: Final = 2
