"""Checks on a Five Tribes state read back from a snapshot: shapes, ranges, and component conservation.

``FTPlay.core_from_json`` (play.py) calls ``validate`` on every state it builds (and on the undo base), so
that a corrupted snapshot is refused with a ``SnapshotError`` instead of failing later in some other way.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from longhouse.engine.errors import SnapshotError
from longhouse.games.five_tribes import board as B
from longhouse.games.five_tribes.data import (
    CAMELS,
    COLOURS,
    DJINN_ROW_SIZE,
    DJINNS,
    FAKIR,
    MARKERS_PER_SEAT,
    MEEPLE_COUNTS,
    NUM_RESOURCE_TYPES,
    NUM_TILES,
    PAID_SPOTS,
    PALACES,
    PALM_TREES,
    RESOURCE_COUNTS,
    RESOURCE_ROW_SIZE,
    TILE_SET,
    WHITE,
    YELLOW,
    ZERO_SPOTS,
)
from longhouse.games.five_tribes.state import (
    ASSASSINS,
    BID,
    BUILDERS,
    DROP,
    KEEP,
    KILL,
    OVER,
    PLACE,
    SUIT,
    TILE,
    TURN_PHASES,
    FTState,
)


def _check(ok: bool, what: str) -> None:
    if not ok:
        raise SnapshotError(f"inconsistent snapshot: {what}")


def _ints(xs: Any, name: str, lo: int, hi: int, length: int | None = None) -> None:
    if type(xs) is not list or (length is not None and len(xs) != length):
        raise SnapshotError(f"inconsistent snapshot: {name!r} must be a list" +
                            (f" of {length} entries" if length is not None else ""))
    # Comparing types exactly also refuses booleans.
    if xs and (set(map(type, xs)) != {int} or min(xs) < lo or max(xs) > hi):
        raise SnapshotError(f"inconsistent snapshot: {name!r} entries must be whole numbers from {lo} to {hi}")


def _scalar(s: FTState, name: str, lo: int, hi: int) -> None:
    v = getattr(s, name)
    _check(lo <= v <= hi, f"{name!r} must be from {lo} to {hi}")


def validate(s: FTState) -> None:
    """Raise ``SnapshotError`` unless ``s`` is a well-formed position (its undo history aside)."""
    n = s.num_players
    _check(n in CAMELS, "'num_players' must be 2, 3 or 4")
    big = 10**6
    markers = n * MARKERS_PER_SEAT[n]
    for name, lo, hi in (("phase", 0, OVER), ("round", 0, big), ("marker", -1, markers - 1), ("seat", -1, n - 1),
                         ("used", 0, (1 << len(DJINNS)) - 1), ("moved", 0, 1),
                         ("mv_state", -1, B.NUM_WALK_STATES - 1), ("mv_left", 0, sum(MEEPLE_COUNTS)),
                         ("final_tile", -1, NUM_TILES - 1), ("last_colour", -1, COLOURS - 1),
                         ("tribe_count", 0, sum(MEEPLE_COUNTS)), ("ass_range", 0, big), ("kills_left", 0, 2),
                         ("kill_tile", -1, NUM_TILES - 1), ("kill_seat", -1, n - 1), ("echidna", 0, 1),
                         ("iblis", 0, 1), ("place_kind", -1, 1), ("place_tile", -1, NUM_TILES - 1),
                         ("ret_phase", -1, OVER), ("palm_supply", 0, PALM_TREES),
                         ("palace_supply", 0, PALACES), ("last_camel", 0, 1), ("no_move", 0, 1),
                         ("last_mover", -1, n - 1)):
        _scalar(s, name, lo, hi)
    _check(sorted(s.tiles) == sorted(TILE_SET), "'tiles' must be the 30 tiles of the box")
    _ints(s.owner, "owner", -1, n - 1, NUM_TILES)
    _ints(s.palms, "palms", 0, PALM_TREES, NUM_TILES)
    _ints(s.palaces, "palaces", 0, PALACES, NUM_TILES)
    _ints(s.bag, "bag", 0, max(MEEPLE_COUNTS), COLOURS)
    for name in ("res_deck", "res_row", "res_discard"):
        _ints(getattr(s, name), name, 0, NUM_RESOURCE_TYPES - 1)
    _check(len(s.res_row) <= RESOURCE_ROW_SIZE, "the Resource row holds at most 9 cards")
    for name in ("djinn_deck", "djinn_row", "djinn_discard", "keep_choices"):
        _ints(getattr(s, name), name, 0, len(DJINNS) - 1)
    _check(len(s.djinn_row) <= DJINN_ROW_SIZE and len(s.keep_choices) <= 3, "too many Djinns face up")
    for name in ("gold", "camels", "viziers", "elders", "used_round"):
        _ints(getattr(s, name), name, 0, 1 << 40, n)
    _ints(s.djinn_owner, "djinn_owner", -1, n - 1, len(DJINNS))
    _ints(s.marker_seat, "marker_seat", 0, n - 1, markers)
    _check(s.marker_seat == [x for x in range(n) for _ in range(MARKERS_PER_SEAT[n])], "'marker_seat' is wrong")
    for name in ("bid_track", "zero_queue", "play_queue"):
        _ints(getattr(s, name), name, 0, markers - 1)
    _ints(s.paid_spots, "paid_spots", -1, markers - 1, PAID_SPOTS)
    _check(len(s.zero_queue) <= ZERO_SPOTS, "at most 3 markers bid 0")
    _ints(s.mv_hand, "mv_hand", 0, sum(MEEPLE_COUNTS), COLOURS)
    _ints(s.mv_path, "mv_path", 0, NUM_TILES - 1)
    _ints(s.last_path, "last_path", 0, NUM_TILES - 1)
    _check((s.last_mover < 0) == (not s.last_path), "the last move has a path and a mover, or neither")
    _ints(s.suit, "suit", 0, FAKIR - 1)
    _check(len(set(s.suit)) == len(s.suit), "a suit holds all-different cards")
    _check(isinstance(s.board, list) and len(s.board) == NUM_TILES, "'board' must have 30 rows")
    _check(all(type(row) is list and len(row) == COLOURS for row in s.board), "'board' rows hold 5 counts")
    _ints([x for row in s.board for x in row], "board", 0, max(MEEPLE_COUNTS))
    _check(len(s.hands) == n and len(s.djinns) == n, "'hands' and 'djinns' need one entry per seat")
    _check(all(type(hand) is list and len(hand) == NUM_RESOURCE_TYPES for hand in s.hands), "'hands' rows")
    _ints([x for hand in s.hands for x in hand], "hands", 0, max(RESOURCE_COUNTS))
    _check(len(s.shown) == n and all(type(row) is list and len(row) == NUM_RESOURCE_TYPES for row in s.shown),
           "'shown' needs one row of card counts per seat")
    _ints([x for row in s.shown for x in row], "shown", 0, max(RESOURCE_COUNTS))
    _check(all(x <= have for row, hand in zip(s.shown, s.hands, strict=True)
               for x, have in zip(row, hand, strict=True)),
           "'shown' counts the cards of a hand seen taken, at most the hand's own")
    _check(all(type(own) is list for own in s.djinns), "'djinns' must be lists")
    _ints([d for own in s.djinns for d in own], "djinns", 0, len(DJINNS) - 1)

    # Conservation: every component is in exactly one place.
    for c in range(COLOURS):
        total = sum(row[c] for row in s.board) + s.bag[c] + s.mv_hand[c]
        total += sum(s.viziers) if c == YELLOW else sum(s.elders) if c == WHITE else 0
        _check(total == MEEPLE_COUNTS[c], f"there must be {MEEPLE_COUNTS[c]} meeples of colour {c}")
    cards = Counter(s.res_deck) + Counter(s.res_row) + Counter(s.res_discard)
    for hand in s.hands:
        cards.update({r: hand[r] for r in range(NUM_RESOURCE_TYPES)})
    _check([cards[r] for r in range(NUM_RESOURCE_TYPES)] == list(RESOURCE_COUNTS), "the Resource cards")
    everywhere = s.djinn_deck + s.djinn_row + s.djinn_discard + s.keep_choices + [d for o in s.djinns for d in o]
    _check(sorted(everywhere) == list(range(len(DJINNS))), "each Djinn must be in exactly one place")
    for d in range(len(DJINNS)):
        holders = [x for x in range(n) if d in s.djinns[x]]
        _check(s.djinn_owner[d] == (holders[0] if holders else -1), "'djinn_owner' disagrees with 'djinns'")
    _check(sum(s.palms) + s.palm_supply == PALM_TREES, "the Palm Trees")
    _check(sum(s.palaces) + s.palace_supply == PALACES, "the Palaces")
    for x in range(n):
        _check(s.camels[x] + s.owner.count(x) == CAMELS[n], "the camels")
    placed = s.bid_track + [m for m in s.paid_spots if m >= 0] + s.zero_queue
    _check(sorted(placed) == list(range(markers)), "each Turn marker must be on exactly one track")
    _check(set(s.play_queue) <= set(placed) - set(s.bid_track), "the play queue holds markers on the Turn track")

    # The phase's own fields.
    ph = s.phase
    if ph == BID:
        _check(bool(s.bid_track), "bidding needs a marker to bid")
    if ph in TURN_PHASES:
        _check(s.seat >= 0 and s.marker >= 0 and s.marker_seat[s.marker] == s.seat, "the player of the turn")
    if ph == DROP:
        _check(s.mv_state >= 0 and s.mv_left == sum(s.mv_hand) > 0, "a meeple move in progress")
    else:
        _check(not any(s.mv_hand), "meeples in hand outside a move")
    if ph in (BUILDERS, ASSASSINS, KILL, TILE):
        _check(s.final_tile >= 0, "the final tile of the move")
    if ph == PLACE:
        _check(s.place_kind >= 0 and s.place_tile >= 0, "a placement in progress")
    if ph in (PLACE, KEEP, SUIT):
        _check(s.ret_phase in TURN_PHASES and s.ret_phase not in (PLACE, KEEP, SUIT), "the phase to return to")
    if ph == KEEP:
        _check(bool(s.keep_choices), "a Sibittis draw in progress")
    if ph == SUIT:
        _check(bool(s.suit), "a suit being built")
    if ph == KILL:
        _check(s.kills_left > 0, "a kill to make")

