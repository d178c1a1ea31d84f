"""Manitoba's observation tensor, from a seat's view: the round and season, the season's cards and score
tiles, the totem, the territory area by area (landscape, good, Cree, neighbours), the vision paths'
firsts, each village (score, paths, storage, ceremonial places, wampum) and the decision asked now.

Manitoba is open but for the undrawn season cards and score tiles, which no view shows. Names follow
``Game.describe()`` (disk colours, landscapes, goods, paths, options); seats are relative to the viewer.
"""

from __future__ import annotations

from typing import Any

from longhouse import games
from longhouse.adapters.layout import Floats, Layout, Placement, Slice, relative

_ABOUT = games.get("manitoba").describe()
COLOURS: tuple[str, ...] = tuple(_ABOUT["disk_colours"])
LANDSCAPES: tuple[str, ...] = tuple(_ABOUT["landscapes"])
GOODS: tuple[str, ...] = tuple(g["name"] for g in _ABOUT["goods"])
SECTORS = tuple(g for g in GOODS if g != "feather")  # storage sectors: every good but the feather
PATHS: tuple[str, ...] = tuple(p["name"] for p in _ABOUT["paths"])
SEASONS: tuple[str, ...] = tuple(_ABOUT["seasons"])
EVENTS: tuple[str, ...] = tuple(_ABOUT["events"])
CEREMONIAL: tuple[int, ...] = tuple(_ABOUT["ceremonial_sizes"])
OPTIONS = {o["name"]: o["choices"] for o in _ABOUT["options"]}
OPTION_SLOTS = [(name, choice) for name, choices in OPTIONS.items() for choice in choices]
CARD_KINDS = ("winter_solstice", "winter_2", "score_3", "score_5", "event")
CARD_SLOTS = 5  # a season's cards laid out
SCORE_TILES = 12
TILE_KINDS = ("single", "pair", "most")
TERRITORY_TILES = 6
TILE_SLOTS = 5  # territory tiles in a layout, at most
AREAS = 25
PATH_SPACES = 6
#: The decisions a view may ask for (the view's ``decision.kind``).
DECISIONS = ("solstice_area", "solstice_path", "totem", "active", "passive", "good", "feather", "choose_good",
             "shaman_repeat", "warrior_relocate", "event_vision", "event_move", "event_recall", "event_good",
             "event_lose_feather", "score", "refill", "final_choice", "optional_bonus")
ACTIVE_DONE = ("territory", "vision", "wake")
OFFERS = ("wake", "reactivate")
VILLAGE = ("score", "vision", "wake_ups", "events", "scorings", "final_scoring", "wampum", "wigwam", "square",
           "territory", *PATHS, "wampum_active", "wampum_inactive")
G = len(GOODS)

LAYOUT = Layout("manitoba", [
    Slice("round", (1,), "the round number (1 first)"),
    Slice("season", (len(SEASONS),), "one-hot: " + ", ".join(SEASONS)),
    Slice("options", (len(OPTION_SLOTS),), "one-hot per table option: " + ", ".join(
        f"{name}={choice}" for name, choice in OPTION_SLOTS)),
    Slice("cards", (CARD_SLOTS, len(CARD_KINDS) + len(EVENTS) + G),
          "per season card laid out: kind one-hot (" + ", ".join(CARD_KINDS) + "), event one-hot ("
          + ", ".join(EVENTS) + "), its goods"),
    Slice("card_index", (CARD_SLOTS + 1,), "one-hot: the card of this round (the last entry: none)"),
    Slice("score_tiles", (SCORE_TILES,), "1 for each score tile of this season"),
    Slice("drawn_score_tiles", (SCORE_TILES,), "1 for each score tile drawn so far"),
    Slice("undrawn_score_tiles", (1,), "score tiles not drawn yet"),
    Slice("active", ("P",), "one-hot: the active seat"),
    Slice("start_player", ("P",), "one-hot: the start player"),
    Slice("totem", (len(COLOURS), len(COLOURS)), "row i one-hot of the i-th disk of the totem"),
    Slice("disks", (len(COLOURS), 2), "per disk colour: taken (in the village), beside the village"),
    Slice("territory_tiles", (TILE_SLOTS, TERRITORY_TILES + 1), "per tile slot: tile one-hot (tiles 1-6), rotated"),
    Slice("areas", (AREAS, 1 + len(LANDSCAPES) + G), "per area: present, landscape one-hot, good one-hot"),
    Slice("cree", (AREAS, "P"), "per area, one-hot: the seat whose Cree stands there"),
    Slice("neighbours", (AREAS, AREAS), "1 where two areas are neighbours"),
    Slice("supply", (G,), "goods of each kind in the supply"),
    Slice("wampum_supply", (1,), "wampum tiles in the supply"),
    Slice("first_reached", (len(PATHS), PATH_SPACES), "per path and space, 1 once somebody reached it first"),
    Slice("villages", ("P", len(VILLAGE)), "per seat: " + ", ".join(VILLAGE)),
    Slice("storage", ("P", len(SECTORS), G), "per seat and storage sector, goods of each kind there"),
    Slice("ceremonial", ("P", len(CEREMONIAL), G), "per seat and ceremonial place (3, 4), goods there"),
    Slice("exempt", ("P", len(SECTORS)), "per seat, 1 for each good it no longer has to score"),
    Slice("acting", ("P",), "1 for each seat that may act now"),
    Slice("decision", (len(DECISIONS),), "one-hot of the decision asked now: " + ", ".join(DECISIONS)),
    Slice("decision_seat", ("P",), "one-hot: the seat deciding"),
    Slice("decision_detail", (len(COLOURS) + 1 + len(ACTIVE_DONE) + 2 * G + SCORE_TILES + len(LANDSCAPES)
                              + len(OFFERS),),
          "the decision's data: disk colour, wake-up disks, actions done (" + ", ".join(ACTIVE_DONE)
          + "), the good, the goods to choose from, the score tile, the landscape, the offer (wake, reactivate)"),
    Slice("winners", ("P",), "1 for each winner once the game is over"),
])

_CARD_KIND = {k: i for i, k in enumerate(CARD_KINDS)}


def detail(decision: dict[str, Any], out: Floats) -> None:
    """Write the ``decision_detail`` slice of a view's ``decision``."""
    at = 0
    colour = decision.get("colour")
    if colour is not None:
        out[at + COLOURS.index(colour)] = 1.0
    at += len(COLOURS)
    out[at] = decision.get("wake_up_disks") or 0
    at += 1
    for done in decision.get("done", ()):
        out[at + ACTIVE_DONE.index(done)] = 1.0
    at += len(ACTIVE_DONE)
    if "good" in decision:
        out[at + GOODS.index(decision["good"])] = 1.0
    at += G
    for good in decision.get("goods", ()):
        out[at + GOODS.index(good)] = 1.0
    at += G
    if "tile" in decision:
        out[at + decision["tile"]["id"]] = 1.0
    at += SCORE_TILES
    if "landscape" in decision:
        out[at + LANDSCAPES.index(decision["landscape"])] = 1.0
    at += len(LANDSCAPES)
    if "offer" in decision:
        out[at + OFFERS.index(decision["offer"])] = 1.0


def observe(view: dict[str, Any], out: Floats, at: Placement) -> None:
    """Write the observation of ``view`` into ``out`` (zeros, ``at.size`` floats)."""
    n = at.players
    me = view["header"]["viewer"] or 0
    part = at.part
    part(out, "round")[0] = view["round"]
    part(out, "season")[SEASONS.index(view["season"])] = 1.0
    options = part(out, "options")
    for name, value in view["options"].items():
        options[OPTION_SLOTS.index((name, value))] = 1.0
    cards = part(out, "cards")
    for slot, card in enumerate(view["cards"]):
        cards[slot, _CARD_KIND[card["card"]]] = 1.0
        if card["card"] == "event":
            cards[slot, len(CARD_KINDS) + EVENTS.index(card["event"])] = 1.0
            for good in card["goods"]:
                cards[slot, len(CARD_KINDS) + len(EVENTS) + GOODS.index(good)] = 1.0
    index = view["card_index"]
    part(out, "card_index")[index if index is not None and 0 <= index < CARD_SLOTS else CARD_SLOTS] = 1.0
    part(out, "score_tiles")[[t["id"] for t in view["score_tiles"]]] = 1.0
    part(out, "drawn_score_tiles")[[t["id"] for t in view["drawn_score_tiles"]]] = 1.0
    part(out, "undrawn_score_tiles")[0] = view["undrawn_score_tiles"]
    if view["active"] is not None and view["active"] >= 0:
        part(out, "active")[relative(view["active"], me, n)] = 1.0
    part(out, "start_player")[relative(view["start_player"], me, n)] = 1.0
    totem, disks = part(out, "totem"), part(out, "disks")
    for i, colour in enumerate(view["totem"]):
        totem[i, COLOURS.index(colour)] = 1.0
    for colour in view["taken"]:
        disks[COLOURS.index(colour), 0] = 1.0
    for colour in view["beside_village"]:
        disks[COLOURS.index(colour), 1] = 1.0
    territory = view["territory"]
    tiles = part(out, "territory_tiles")
    for slot, (tile, rotated) in enumerate(territory["tiles"]):
        tiles[slot, tile - 1] = 1.0
        tiles[slot, TERRITORY_TILES] = rotated
    areas, cree, neighbours = part(out, "areas"), part(out, "cree"), part(out, "neighbours")
    for area in territory["areas"]:
        a = area["id"]
        areas[a, 0] = 1.0
        areas[a, 1 + LANDSCAPES.index(area["landscape"])] = 1.0
        if area["good"] is not None:
            areas[a, 1 + len(LANDSCAPES) + GOODS.index(area["good"])] = 1.0
        if area["cree"] is not None:
            cree[a, relative(area["cree"], me, n)] = 1.0
        neighbours[a, area["neighbours"]] = 1.0
    part(out, "supply")[:] = [view["supply"][g] for g in GOODS]
    part(out, "wampum_supply")[0] = view["wampum_supply"]
    firsts = part(out, "first_reached")
    for p, spaces in enumerate(view["first_reached"]):
        for space in spaces:
            firsts[p, space - 1] = 1.0
    villages, storage = part(out, "villages"), part(out, "storage")
    ceremonial, exempt = part(out, "ceremonial"), part(out, "exempt")
    for v in view["villages"]:
        r = relative(v["seat"], me, n)
        bd, paths = v["breakdown"], v["paths"]
        villages[r] = (v["score"], bd["vision"], bd["wake_ups"], bd["events"], bd["scorings"], bd["final_scoring"],
                       bd["wampum"], v["wigwam"], v["square"], v["territory"], *(paths[p] for p in PATHS),
                       v["wampum_active"], v["wampum_inactive"])
        for s, sector in enumerate(SECTORS):
            for good in v["storage"][sector]:
                storage[r, s, GOODS.index(good)] += 1.0
        for c, size in enumerate(CEREMONIAL):
            for good in v["ceremonial"][str(size)]:
                ceremonial[r, c, GOODS.index(good)] += 1.0
        for good in v["exempt"]:
            exempt[r, SECTORS.index(good)] = 1.0
    acting = part(out, "acting")
    for s in view["header"]["acting"]:
        acting[relative(s, me, n)] = 1.0
    decision = view["decision"]
    if decision is not None:
        if decision["kind"] not in DECISIONS:
            raise ValueError(f"Manitoba's view asks a decision the tensor does not know: {decision['kind']!r}")
        part(out, "decision")[DECISIONS.index(decision["kind"])] = 1.0
        if decision["seat"] >= 0:
            part(out, "decision_seat")[relative(decision["seat"], me, n)] = 1.0
        detail(decision, part(out, "decision_detail"))
    winners = part(out, "winners")
    for s in view["header"]["winners"]:
        winners[relative(s, me, n)] = 1.0
