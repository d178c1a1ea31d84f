"""Manitou's observation tensor read from the state directly (no view built): the fast path for training
loops. It reads only what ``view(seat)`` shows (the seat's own cards, the public rest) and equals
``manitou.observe`` of the view entry for entry (tests/adapters/test_fast_tensors.py checks it on random
games)."""

from __future__ import annotations

from typing import Any

from longhouse.adapters.layout import Placement
from longhouse.adapters.tensors.manitou import CODE_INDEX, CODES, PHASES, VALUES, WARRIOR_INDEX

_PHASE = {phase: i for i, phase in enumerate(PHASES)}
C = len(CODES)
W = len(WARRIOR_INDEX)


def observe_state(state: Any, seat: int, at: Placement) -> list[float]:
    """Seat ``seat``'s observation of ``state`` (a Manitou position), as a list of ``at.size`` floats."""
    n = state.num_players
    o = at.offsets
    buf = [0.0] * at.size
    buf[o["phase"] + _PHASE[state.phase]] = 1.0
    buf[o["hunt"] + state.hunt - 1] = 1.0
    at_acting = o["acting"]
    for s in state.acting():
        buf[at_acting + (s - seat) % n] = 1.0
    if state.turn is not None:
        buf[o["turn"] + (state.turn - seat) % n] = 1.0
    buf[o["dealer"] + (state.dealer - seat) % n] = 1.0
    buf[o["start_player"] + (state.start_player - seat) % n] = 1.0
    me = state.players[seat]
    at_reserve = o["reserve"]
    for i, copies in enumerate(me.reserve):
        buf[at_reserve + i] = copies
    for name, cards in (("selection", me.selection), ("hand", me.hand), ("pile", me.pile)):
        base = o[name]
        for code in cards:
            buf[base + CODE_INDEX[code]] += 1.0
    if state.phase == "select":
        buf[o["must_pick"]] = state.must_pick(seat)
    at_buffalo, at_lanes, at_face_up = o["buffalo"], o["lanes"], o["face_up"]
    at_protected, at_controller, at_totals = o["protected"], o["controller"], o["hunter_totals"]
    hunting = state.phase == "hunt"
    totals_all = [0] * n
    for g, ground in enumerate(state.grounds):
        buffalo = ground.buffalo
        if len(buffalo) > 1:
            buffalo = sorted(buffalo, reverse=True)
        for b, (value, size) in enumerate(buffalo):
            k = at_buffalo + (g * 2 + b) * 2
            buf[k] = value
            buf[k + 1] = 1.0 if size == "large" else 0.0
        up = ground.up
        protected = up[0] if len(up) == 2 else None
        totals = [0] * n
        for card in ground.cards:
            r = (card.seat - seat) % n
            code = card.code
            buf[at_lanes + (g * n + r) * C + CODE_INDEX[code]] += 1.0
            value = VALUES[code]
            if value is None:
                if card.face_up:
                    buf[at_face_up + (g * n + r) * W + WARRIOR_INDEX[code]] += 1.0
                if card is protected:
                    buf[at_protected + g * n + r] = 1.0
            else:
                totals[card.seat] += value
        if up:
            buf[at_controller + g * n + (up[0].seat - seat) % n] = 1.0
        for s, total in enumerate(totals):
            buf[at_totals + g * n + (s - seat) % n] = total
            totals_all[s] += total
    at_seats, width = o["seats"], at.placed["seats"].shape[1]
    for s, p in enumerate(state.players):
        k = at_seats + ((s - seat) % n) * width
        buffalo = p.buffalo
        buf[k:k + width] = (
            sum(p.reserve), len(p.selection), p.confirmed, len(p.hand), len(p.pile), p.played, p.score(),
            len(buffalo), sum(buffalo), p.prisoners, p.pelt_robbers, totals_all[s] if hunting else 0, p.ready)
    at_winners = o["winners"]
    for s in state.winners():
        buf[at_winners + (s - seat) % n] = 1.0
    return buf
