"""Five Tribes' observation tensor read from the state directly (no view built): the fast path for
training loops. It shows only what ``view(seat)`` shows, by the same visibility rulings (another seat's
gold and cards hidden until the end, a suit for sale and a Sibittis draw seen by the seat at play), and
equals ``five_tribes.observe`` of the view entry for entry (tests/adapters/test_fast_tensors.py).

It gathers the one-hot entries and writes them at once, and the counts slice by slice: most of the
tensor is zero."""

from __future__ import annotations

from typing import Any

import numpy as np

from longhouse.adapters.layout import Floats, Placement
from longhouse.adapters.tensors.five_tribes import CARDS, DJINNS, HOLDINGS, PHASES, POINTS, TILE_INDEX, TRIBES
from longhouse.games.five_tribes import rulings, scoring
from longhouse.games.five_tribes.data import AL_AMIN

_OVER, _DROP, _KEEP, _KILL, _PLACE = (PHASES.index(p) for p in ("over", "drop", "keep", "kill", "place"))
#: The phases of a seat's turn: all but bidding and the end.
_TURN_PHASES = frozenset(range(PHASES.index("pick"), PHASES.index("over")))


_HOLDINGS = len(HOLDINGS)
_TILE_ONES: dict[tuple[str, ...], list[int]] = {}


def _tile_ones(tiles: list[str]) -> list[int]:
    """The ``tiles`` slice's ones (offsets within the slice) for a board's tile types: one per board."""
    key = tuple(tiles)
    found = _TILE_ONES.get(key)
    if found is None:
        if len(_TILE_ONES) > 4096:
            _TILE_ONES.clear()
        types = len(TILE_INDEX)
        found = _TILE_ONES[key] = [t * types + TILE_INDEX[code] for t, code in enumerate(tiles) if code in TILE_INDEX]
    return found


def observe_state(state: Any, seat: int, at: Placement) -> Floats:
    """Seat ``seat``'s observation of ``state`` (a Five Tribes position): a new array of ``at.size`` floats."""
    n = state.num_players
    o = at.offsets
    out = np.zeros(at.size, np.float32)
    ones: list[int] = []
    one = ones.append
    phase = state.phase
    over = phase == _OVER
    turn = phase in _TURN_PHASES
    one(o["phase"] + phase)
    out[o["round"]] = state.round
    for s in state.acting():
        one(o["acting"] + (s - seat) % n)
    if turn:
        one(o["turn_seat"] + (state.seat - seat) % n)
    at_tiles = o["tiles"]
    ones.extend([at_tiles + k for k in _tile_ones(state.tiles)])
    at_owner = o["owner"]
    ones.extend([at_owner + t * n + (s - seat) % n for t, s in enumerate(state.owner) if s >= 0])
    at_row = o["resource_row"]
    for slot, card in enumerate(state.res_row):
        one(at_row + slot * CARDS + card)
    at_djinns = o["djinn_row"]
    for slot, djinn in enumerate(state.djinn_row):
        one(at_djinns + slot * DJINNS + djinn)
    at_discard = o["djinn_discard"]
    for djinn in state.djinn_discard:
        one(at_discard + djinn)
    marker_seat = state.marker_seat
    at_bids = o["bid_track"]
    for i, marker in enumerate(state.bid_track):
        one(at_bids + i * n + (marker_seat[marker] - seat) % n)
    at_track = o["turn_track"]
    for spot, marker in enumerate((*state.paid_spots, *state.zero_queue)):
        if marker >= 0:
            one(at_track + spot * n + (marker_seat[marker] - seat) % n)
    at_djinns = o["djinns"]
    for s in range(n):
        for djinn in state.djinns[s]:
            one(at_djinns + ((s - seat) % n) * DJINNS + djinn)
    if turn:
        at_path = o["path"]
        for t in set(state.mv_path):  # a move may pass a tile twice: 1 all the same
            one(at_path + t)
    final = state.final_tile if turn else -1
    if final >= 0:
        one(o["final_tile"] + final)
        one(o["tribe"] + state.last_colour)
        k = o["tribe"] + TRIBES
        out[k:k + 2] = (state.tribe_count, state.blue_block(final))
    if state.last_path:
        at_last = o["last_move"] + ((state.last_mover - seat) % n) * len(state.tiles)
        for t in set(state.last_path):
            one(at_last + t)
    used = state.used
    if used:
        at_used = o["used_powers"]
        for d in range(DJINNS):
            if used >> d & 1:
                one(at_used + d)
    if phase == _KEEP and seat == state.seat:
        at_keep = o["keep_choices"]
        for djinn in state.keep_choices:
            one(at_keep + djinn)
    if phase == _PLACE:
        one(o["placing"] + state.place_kind * len(state.tiles) + state.place_tile)
    out[ones] = 1.0
    k = o["meeples"]
    out[k:k + len(state.board) * TRIBES] = [x for row in state.board for x in row]
    for name, values in (("palms", state.palms), ("palaces", state.palaces), ("bag", state.bag)):
        k = o[name]
        out[k:k + len(values)] = values
    k = o["supplies"]
    out[k:k + 2] = (state.palm_supply, state.palace_supply)
    out[o["resource_deck"]] = len(state.res_deck)
    out[o["djinn_deck"]] = len(state.djinn_deck)
    if state.res_discard:
        k = o["resource_discard"]
        out[k:k + CARDS] = np.bincount(state.res_discard, minlength=CARDS)
    at_holdings, at_resources, at_points = o["holdings"], o["resources"], o["public_points"]
    for s in range(n):
        r = (s - seat) % n
        gold_seen = s == seat or over or not rulings.GOLD_IS_HIDDEN
        cards_seen = s == seat or over or not rulings.CARDS_ARE_HIDDEN
        hand = state.hands[s]
        k = at_holdings + r * _HOLDINGS
        out[k:k + _HOLDINGS] = (state.gold[s] if gold_seen else 0, not gold_seen, state.camels[s], state.viziers[s],
                                state.elders[s], sum(hand), not cards_seen, marker_seat.count(s))
        if cards_seen:
            k = at_resources + r * CARDS
            out[k:k + CARDS] = hand
    for s, row in enumerate(scoring.public_breakdown(state)):
        k = at_points + ((s - seat) % n) * len(POINTS)
        out[k:k + len(POINTS)] = [row[name] for name in POINTS]
    out[o["merchandise_value"]] = scoring.merchandise_value(state.hands[seat], state.owns(seat, AL_AMIN))
    if phase == _DROP:
        k = o["move_hand"]
        out[k:k + TRIBES] = state.mv_hand
        out[o["move_left"]] = state.mv_left
    if phase == _KILL:
        out[o["assassin_range"]] = state.ass_range
    if state.suit and (seat == state.seat or not rulings.CARDS_ARE_HIDDEN):
        k = o["suit"]
        out[k:k + CARDS] = np.bincount(state.suit, minlength=CARDS)
    k = o["flags"]
    out[k:k + 4] = (state.echidna, state.iblis, state.last_camel, state.no_move)
    out[o["keep_count"]] = len(state.keep_choices)
    out[o["undo_steps"]] = state.undo_steps(seat)
    return out
