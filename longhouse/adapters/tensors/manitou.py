"""Manitou's observation tensor, from a seat's view: the hunt and phase, its own cards by code, each
ground's buffalo and each seat's lane there, and every seat's public counts.

Card codes are in the order of ``Game.describe()["cards"]`` (1-10 hunters, then C M R S Q); seats are
relative to the viewer (``layout.relative``). Everything is read from ``view``, which holds only what
the seat may know.
"""

from __future__ import annotations

from typing import Any

from longhouse import games
from longhouse.adapters.layout import Floats, Layout, Placement, Slice, relative

_ABOUT = games.get("manitou").describe()
CODES: tuple[str, ...] = tuple(card["code"] for card in _ABOUT["cards"])
CODE_INDEX = {code: i for i, code in enumerate(CODES)}
#: A hunter's strength by code (None for a warrior).
VALUES: dict[str, int | None] = {card["code"]: card["value"] for card in _ABOUT["cards"]}
WARRIORS: tuple[str, ...] = tuple(card["code"] for card in _ABOUT["cards"] if card["kind"] == "warrior")
WARRIOR_INDEX = {code: i for i, code in enumerate(WARRIORS)}
PHASES = ("select", "hunt", "score", "over")
HUNTS = 3
GROUNDS = 3
BUFFALO_SLOTS = 2  # a ground holds one or two buffalo (GROUND_LAYOUT)
C, W = len(CODES), len(WARRIORS)
SEAT_COUNTS = ("reserve_size", "selected", "confirmed", "hand_size", "pile_size", "played", "score",
               "buffalo", "buffalo_total", "prisoners", "pelt_robbers", "hunter_total", "ready")

LAYOUT = Layout("manitou", [
    Slice("phase", (len(PHASES),), "one-hot: select, hunt, score, over"),
    Slice("hunt", (HUNTS,), "one-hot: hunt 1, 2, 3"),
    Slice("acting", ("P",), "1 for each seat that may act now"),
    Slice("turn", ("P",), "one-hot: the seat to play a card in the hunt (all 0 outside it)"),
    Slice("dealer", ("P",), "one-hot: the dealer"),
    Slice("start_player", ("P",), "one-hot: the start player"),
    Slice("reserve", (C,), "my reserve: copies of each card code"),
    Slice("selection", (C,), "my hunting party chosen so far: copies of each code"),
    Slice("hand", (C,), "my hand: copies of each code"),
    Slice("pile", (C,), "my draw pile: copies of each code (its order is hidden from me too)"),
    Slice("must_pick", (1,), "cards I must pick in the selection (0 outside it)"),
    Slice("buffalo", (GROUNDS, BUFFALO_SLOTS, 2),
          "per ground, its buffalo best first: value (0 when none), 1 if large"),
    Slice("lanes", (GROUNDS, "P", C), "per ground and seat, copies of each code in the seat's lane"),
    Slice("face_up", (GROUNDS, "P", W), "per ground and seat, face-up warriors of each kind (C M R S Q)"),
    Slice("protected", (GROUNDS, "P"), "per ground and seat, 1 if its lane holds a protected warrior"),
    Slice("controller", (GROUNDS, "P"), "one-hot per ground: the seat whose warrior controls it"),
    Slice("hunter_totals", (GROUNDS, "P"), "per ground and seat, the hunters' strength there"),
    Slice("seats", ("P", len(SEAT_COUNTS)),
          "per seat: " + ", ".join(SEAT_COUNTS) + " (confirmed and ready are 0/1)"),
    Slice("winners", ("P",), "1 for each winner once the game is over"),
])


def observe(view: dict[str, Any], out: Floats, at: Placement) -> None:
    """Write the observation of ``view`` into ``out`` (zeros, ``at.size`` floats)."""
    n = at.players
    me = view["header"]["viewer"] or 0
    part = at.part
    part(out, "phase")[PHASES.index(view["stage"])] = 1.0
    part(out, "hunt")[view["hunt"] - 1] = 1.0
    acting = part(out, "acting")
    for s in view["header"]["acting"]:
        acting[relative(s, me, n)] = 1.0
    if view["turn"] is not None:
        part(out, "turn")[relative(view["turn"], me, n)] = 1.0
    part(out, "dealer")[relative(view["dealer"], me, n)] = 1.0
    part(out, "start_player")[relative(view["start_player"], me, n)] = 1.0
    you = view["you"]
    if you is not None:
        for name, cards in (("reserve", you["reserve"]), ("selection", you["selection"]), ("hand", you["hand"]),
                            ("pile", you["pile_cards"])):
            counts = part(out, name)
            for code in cards:
                counts[CODE_INDEX[code]] += 1.0
        part(out, "must_pick")[0] = you["must_pick"]
    buffalo, lanes, face_up = part(out, "buffalo"), part(out, "lanes"), part(out, "face_up")
    protected, controller, totals = part(out, "protected"), part(out, "controller"), part(out, "hunter_totals")
    for g, ground in enumerate(view["grounds"]):
        for b, bison in enumerate(ground["buffalo"]):
            buffalo[g, b] = (bison["value"], 1.0 if bison["size"] == "large" else 0.0)
        for s, lane in enumerate(ground["lanes"]):
            r = relative(s, me, n)
            for card in lane:
                lanes[g, r, CODE_INDEX[card["code"]]] += 1.0
                if card["kind"] == "warrior":
                    if card["face_up"]:
                        face_up[g, r, WARRIOR_INDEX[card["code"]]] += 1.0
                    if card["protected"]:
                        protected[g, r] = 1.0
        if ground["controller"] is not None:
            controller[g, relative(ground["controller"], me, n)] = 1.0
        for s, total in enumerate(ground["hunter_totals"]):
            totals[g, relative(s, me, n)] = total
    seats = part(out, "seats")
    for p in view["players"]:
        seats[relative(p["seat"], me, n)] = (
            p["reserve_size"], p["selected"], p["confirmed"], p["hand_size"], p["pile_size"], p["played"],
            p["score"], len(p["buffalo"]), sum(p["buffalo"]), p["prisoners"], p["pelt_robbers"],
            p["hunter_total"], p["ready"])
    winners = part(out, "winners")
    for s in view["header"]["winners"]:
        winners[relative(s, me, n)] = 1.0
