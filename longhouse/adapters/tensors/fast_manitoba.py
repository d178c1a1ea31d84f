"""Manitoba's observation tensor read from the state directly (no view built, no texts made): the fast path
for training loops. Manitoba hides only the undrawn season cards and score tiles, which this reads no more
than the view does; it equals ``manitoba.observe`` of the view entry for entry
(tests/adapters/test_fast_tensors.py). What never changes in a game (the territory, the options) is made
once per game."""

from __future__ import annotations

from typing import Any

import numpy as np

from longhouse.adapters.layout import Floats, Placement
from longhouse.adapters.tensors import manitoba as M
from longhouse.games.manitoba.flow import describe_task
from longhouse.games.manitoba.view import card_json

_GOODS = len(M.GOODS)
_AREA_WIDTH = 1 + len(M.LANDSCAPES) + _GOODS
#: Per game (its territory and options, both immutable) and layout size, the ones of the slices a game
#: never changes: ``(territory, options, offsets)``, the objects kept so that their ids stay theirs.
_FIXED: dict[tuple[int, int, int], tuple[Any, Any, list[int]]] = {}


def _fixed_ones(state: Any, at: Placement) -> list[int]:
    """The ones of the options, the territory tiles, the areas' landscapes and the neighbours (offsets)."""
    terr, opts = state.terr, state.opts
    key = (id(terr), id(opts), at.size)
    found = _FIXED.get(key)
    if found is not None and found[0] is terr and found[1] is opts:
        return found[2]
    o = at.offsets
    ones = []
    for name, value in opts.to_json().items():
        ones.append(o["options"] + M.OPTION_SLOTS.index((name, value)))
    for slot, (tile, rotated) in enumerate(terr.tiles):
        ones.append(o["territory_tiles"] + slot * (M.TERRITORY_TILES + 1) + tile - 1)
        if rotated:
            ones.append(o["territory_tiles"] + slot * (M.TERRITORY_TILES + 1) + M.TERRITORY_TILES)
    for a in range(terr.size):
        ones.append(o["areas"] + a * _AREA_WIDTH)
        ones.append(o["areas"] + a * _AREA_WIDTH + 1 + terr.land[a])
        ones.extend(o["neighbours"] + a * M.AREAS + b for b in terr.adj[a])
    if len(_FIXED) > 256:
        _FIXED.clear()
    _FIXED[key] = (terr, opts, ones)
    return ones


def observe_state(state: Any, seat: int, at: Placement) -> Floats:
    """Seat ``seat``'s observation of ``state`` (a Manitoba position): a new array of ``at.size`` floats."""
    n = state.n
    o = at.offsets
    out = np.zeros(at.size, np.float32)
    ones = _fixed_ones(state, at)[:]
    one = ones.append
    out[o["round"]] = state.round_no
    one(o["season"] + state.season)
    width = len(M.CARD_KINDS) + len(M.EVENTS) + _GOODS
    for slot, card in enumerate(state.cards):
        made = card_json(card, state.opts)
        base = o["cards"] + slot * width
        one(base + M.CARD_KINDS.index(made["card"]))
        if made["card"] == "event":
            one(base + len(M.CARD_KINDS) + M.EVENTS.index(made["event"]))
            for good in made["goods"]:
                one(base + len(M.CARD_KINDS) + len(M.EVENTS) + M.GOODS.index(good))
    index = state.card_idx
    one(o["card_index"] + (index if 0 <= index < M.CARD_SLOTS else M.CARD_SLOTS))
    ones.extend(o["score_tiles"] + t for t in state.tiles)
    ones.extend(o["drawn_score_tiles"] + t for t in state.drawn)
    out[o["undrawn_score_tiles"]] = len(state.tile_pile)
    if state.active is not None and state.active >= 0:
        one(o["active"] + (state.active - seat) % n)
    one(o["start_player"] + (state.start - seat) % n)
    colours = len(M.COLOURS)
    for i, colour in enumerate(state.totem):
        one(o["totem"] + i * colours + colour)
    for colour in state.taken:
        one(o["disks"] + colour * 2)
    for colour in state.rest:
        one(o["disks"] + colour * 2 + 1)
    at_areas, at_cree = o["areas"], o["cree"]
    for a, good in enumerate(state.area_good):
        if good >= 0:
            one(at_areas + a * _AREA_WIDTH + 1 + len(M.LANDSCAPES) + good)
    for a, cree in enumerate(state.area_cree):
        if cree >= 0:
            one(at_cree + a * n + (cree - seat) % n)
    k = o["supply"]
    out[k:k + _GOODS] = state.supply
    out[o["wampum_supply"]] = state.wampum_supply
    at_firsts = o["first_reached"]
    for path in range(len(M.PATHS)):
        for space in range(1, M.PATH_SPACES + 1):
            if state.firsts[path * 7 + space]:
                one(at_firsts + path * M.PATH_SPACES + space - 1)
    villages, storage = at.part(out, "villages"), at.part(out, "storage")
    ceremonial, exempt = at.part(out, "ceremonial"), at.part(out, "exempt")
    for p in range(n):
        r = (p - seat) % n
        villages[r] = (state.score[p], *state.bd[p], state.wigwam[p], state.square[p], state.area_cree.count(p),
                       *state.pos[p], state.wa[p], state.wi[p])
        for s in range(len(M.SECTORS)):
            for good in state.sectors[p][s]:
                storage[r, s, good] += 1.0
        for c in range(len(M.CEREMONIAL)):
            for good in state.cere[p][c]:
                ceremonial[r, c, good] += 1.0
        for g in range(len(M.SECTORS)):
            if state.exempt(p, g):
                exempt[r, g] = 1.0
    for s in state.acting_seats:
        one(o["acting"] + (s - seat) % n)
    if state.tasks and not state.over:
        decision = describe_task(state, state.tasks[-1])
        if decision["kind"] not in M.DECISIONS:
            raise ValueError(f"Manitoba asks a decision the tensor does not know: {decision['kind']!r}")
        one(o["decision"] + M.DECISIONS.index(decision["kind"]))
        if decision["seat"] >= 0:
            one(o["decision_seat"] + (decision["seat"] - seat) % n)
        M.detail(decision, at.part(out, "decision_detail"))
    for s in state.winners():
        one(o["winners"] + (s - seat) % n)
    out[ones] = 1.0
    return out
