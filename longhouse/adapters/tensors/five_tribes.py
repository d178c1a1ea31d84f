"""Five Tribes' observation tensor, from a seat's view: the 5×6 Sultanate (tiles by type, meeples by
colour, owners, palms, palaces), the tracks, the markets and Djinns, the move under way, and every seat's
holdings (another seat's gold and cards only as the view shows them: hidden until the end).

Indices follow ``Game.describe()``: tile types (V S6 S10 S12 S15 O SM LM), tribes (Y W G B R), resource
cards (10 kinds), Djinns (22). Seats are relative to the viewer (``layout.relative``).
"""

from __future__ import annotations

from typing import Any

from longhouse import games
from longhouse.adapters.layout import Floats, Layout, Placement, Slice, relative

_ABOUT = games.get("five_tribes").describe()
TILE_TYPES: tuple[str, ...] = tuple(t["code"] for t in _ABOUT["tile_types"])
TILE_INDEX = {code: i for i, code in enumerate(TILE_TYPES)}
TILES = _ABOUT["rows"] * _ABOUT["cols"]
TRIBES = len(_ABOUT["tribes"])
CARDS = len(_ABOUT["resources"])
DJINNS = len(_ABOUT["djinns"])
MARKET_ROW = _ABOUT["market_row"]
TRACK = len(_ABOUT["turn_track"])
PHASES = ("bid", "pick", "drop", "builders", "assassins", "kill", "tile", "place", "keep", "free", "suit", "over")
POINTS = ("viziers", "vizier_majority", "elders", "djinns", "palm_trees", "palaces", "tiles")
MARKERS = 4  # turn markers: one per seat, two each at 2 players
HOLDINGS = ("gold", "gold_hidden", "camels", "viziers", "elders", "cards", "cards_hidden", "markers")

LAYOUT = Layout("five_tribes", [
    Slice("phase", (len(PHASES),), "one-hot: " + ", ".join(PHASES)),
    Slice("round", (1,), "the round number (0 first)"),
    Slice("acting", ("P",), "1 for each seat that may act now"),
    Slice("turn_seat", ("P",), "one-hot: the seat whose turn it is (all 0 while bidding)"),
    Slice("tiles", (TILES, len(TILE_TYPES)), "per tile (row-major a1..f5), one-hot of its type: "
          + " ".join(TILE_TYPES) + " (all 0 once the tile is gone)"),
    Slice("meeples", (TILES, TRIBES), "per tile, meeples of each tribe: Y W G B R"),
    Slice("owner", (TILES, "P"), "per tile, one-hot: the seat whose camel is on it"),
    Slice("palms", (TILES,), "palm trees on each tile"),
    Slice("palaces", (TILES,), "palaces on each tile"),
    Slice("bag", (TRIBES,), "meeples of each tribe in the bag"),
    Slice("supplies", (2,), "palm trees, palaces left in the supply"),
    Slice("resource_row", (MARKET_ROW, CARDS), "per market slot, one-hot of the card there"),
    Slice("resource_deck", (1,), "cards left in the resource deck"),
    Slice("resource_discard", (CARDS,), "discarded cards of each kind"),
    Slice("djinn_row", (3, DJINNS), "per Djinn slot on display, one-hot of the Djinn"),
    Slice("djinn_deck", (1,), "Djinns left in the deck"),
    Slice("djinn_discard", (DJINNS,), "1 for each discarded Djinn"),
    Slice("bid_track", (MARKERS, "P"), "bid order: row i is one-hot of the seat of the i-th turn marker to bid"),
    Slice("turn_track", (TRACK, "P"), "per turn-order spot (paid, then zero), one-hot of the seat whose marker is "
          "there"),
    Slice("holdings", ("P", len(HOLDINGS)), "per seat: " + ", ".join(HOLDINGS)
          + " (gold and cards 0 and the hidden flag 1 when I may not see them)"),
    Slice("resources", ("P", CARDS), "per seat, its cards of each kind (0 when hidden from me)"),
    Slice("djinns", ("P", DJINNS), "per seat, 1 for each Djinn it owns"),
    Slice("public_points", ("P", len(POINTS)), "per seat, the points anyone can count: " + ", ".join(POINTS)),
    Slice("merchandise_value", (1,), "my cards' best value as merchandise suits"),
    Slice("move_hand", (TRIBES,), "meeples in the hand of the move under way, per tribe"),
    Slice("move_left", (1,), "meeples left to drop in the move under way"),
    Slice("path", (TILES,), "the turn's move so far: 1 on each tile it passed"),
    Slice("final_tile", (TILES,), "one-hot: the tile where the move ended"),
    Slice("last_move", ("P", TILES), "the last move made: its seat's row has 1 on each tile of its path"),
    Slice("tribe", (TRIBES + 2,), "what the move's last meeple collected: tribe one-hot, count, blue tiles"),
    Slice("assassin_range", (1,), "how far the Assassins reach (while choosing their target)"),
    Slice("placing", (2, TILES), "palm or palace being placed: one-hot of the tile in its row"),
    Slice("suit", (CARDS,), "cards of each kind in the suit being put together for sale"),
    Slice("used_powers", (DJINNS,), "1 for each Djinn power used this turn"),
    Slice("flags", (4,), "echidna, iblis, last_camel, no_move"),
    Slice("keep_choices", (DJINNS,), "the Djinns I may choose from (Sibittis), seen only by me"),
    Slice("keep_count", (1,), "how many Djinns are drawn to choose from"),
    Slice("undo_steps", (1,), "steps I may take back"),
])


def observe(view: dict[str, Any], out: Floats, at: Placement) -> None:
    """Write the observation of ``view`` into ``out`` (zeros, ``at.size`` floats)."""
    n = at.players
    me = view["header"]["viewer"] or 0
    part = at.part
    part(out, "phase")[PHASES.index(view["stage"])] = 1.0
    part(out, "round")[0] = view["round"]
    acting = part(out, "acting")
    for s in view["header"]["acting"]:
        acting[relative(s, me, n)] = 1.0
    if view["turn_seat"] is not None:
        part(out, "turn_seat")[relative(view["turn_seat"], me, n)] = 1.0
    tiles, owner = part(out, "tiles"), part(out, "owner")
    for t, code in enumerate(view["tiles"]):
        if code in TILE_INDEX:
            tiles[t, TILE_INDEX[code]] = 1.0
    for t, seat in enumerate(view["owner"]):
        if seat >= 0:
            owner[t, relative(seat, me, n)] = 1.0
    part(out, "meeples")[:] = view["meeples"]
    part(out, "palms")[:] = view["palms"]
    part(out, "palaces")[:] = view["palaces"]
    part(out, "bag")[:] = view["bag"]
    part(out, "supplies")[:] = (view["palm_supply"], view["palace_supply"])
    row = part(out, "resource_row")
    for slot, card in enumerate(view["resource_row"]):
        row[slot, card] = 1.0
    part(out, "resource_deck")[0] = view["resource_deck_size"]
    discard = part(out, "resource_discard")
    for card in view["resource_discard"]:
        discard[card] += 1.0
    djinn_row = part(out, "djinn_row")
    for slot, djinn in enumerate(view["djinn_row"]):
        djinn_row[slot, djinn] = 1.0
    part(out, "djinn_deck")[0] = view["djinn_deck_size"]
    part(out, "djinn_discard")[view["djinn_discard"]] = 1.0
    bids, marker_seat = part(out, "bid_track"), view["marker_seat"]
    for i, marker in enumerate(view["bid_track"]):
        bids[i, relative(marker_seat[marker], me, n)] = 1.0
    track = part(out, "turn_track")
    for spot, marker in enumerate(view["turn_track"]):
        if marker >= 0:
            track[spot, relative(marker_seat[marker], me, n)] = 1.0
    holdings, resources, djinns = part(out, "holdings"), part(out, "resources"), part(out, "djinns")
    you = view["you"]  # the viewer's own gold, cards, suit, Sibittis draw and undo steps; None: a spectator
    for s, p in enumerate(view["players"]):
        r = relative(s, me, n)
        gold, cards = (you["gold"], you["resources"]) if you is not None and s == me else (p["gold"], p["resources"])
        holdings[r] = (gold or 0, gold is None, p["camels"], p["viziers"], p["elders"], p["cards"], cards is None,
                       len(p["markers"]))
        if cards is not None:
            resources[r] = cards
        djinns[r, p["djinns"]] = 1.0
    if you is not None:
        part(out, "merchandise_value")[0] = you["merchandise_value"]
    points = part(out, "public_points")
    for s, row_points in enumerate(view["public_points"]):
        points[relative(s, me, n)] = [row_points[k] for k in POINTS]
    move = view["move"]
    if move is not None:
        part(out, "move_hand")[:] = move["hand"]
        part(out, "move_left")[0] = move["left"]
    part(out, "path")[view["path"]] = 1.0
    if view["final_tile"] >= 0:
        part(out, "final_tile")[view["final_tile"]] = 1.0
    last = view["last_move"]
    if last is not None:
        part(out, "last_move")[relative(last["seat"], me, n), last["path"]] = 1.0
    tribe = view["tribe"]
    if tribe is not None:
        collected = part(out, "tribe")
        collected[tribe["colour"]] = 1.0
        collected[TRIBES:] = (tribe["count"], tribe["blue_tiles"])
    if view["assassin_range"] is not None:
        part(out, "assassin_range")[0] = view["assassin_range"]
    if view["placing"] is not None:
        kind, tile = view["placing"]
        part(out, "placing")[("palm", "palace").index(kind), tile] = 1.0
    suit = part(out, "suit")
    for card in (you["suit"] if you is not None and you["suit"] else view["suit"]):
        suit[card] += 1.0
    part(out, "used_powers")[view["used_powers"]] = 1.0
    part(out, "flags")[:] = (view["echidna"], view["iblis"], view["last_camel"], view["no_move"])
    if you is not None and you["keep_choices"] is not None:
        part(out, "keep_choices")[you["keep_choices"]] = 1.0
    part(out, "keep_count")[0] = view["keep_count"]
    part(out, "undo_steps")[0] = you["undo_steps"] if you is not None else 0
