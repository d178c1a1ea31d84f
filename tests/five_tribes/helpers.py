"""Helpers for the Five Tribes tests: fixed layouts, positions built on purpose, and invariants."""

from __future__ import annotations

from collections import Counter
from typing import Any

from longhouse.engine.rng import Rng
from longhouse.games.five_tribes import GAME, FTPlay, FTState, turns
from longhouse.games.five_tribes.board import tile_from_name
from longhouse.games.five_tribes.data import (
    CAMELS,
    COLOUR_LETTERS,
    COLOURS,
    DJINN_INDEX,
    MEEPLE_COUNTS,
    NUM_TILES,
    PALACES,
    PALM_TREES,
    RESOURCE_CODES,
    RESOURCE_COUNTS,
)

#: A fixed Sultanate, row by row from a1.
LAYOUT = [
    "V", "S6", "O", "SM", "LM", "S10",
    "SM", "O", "V", "S6", "SM", "LM",
    "S12", "SM", "O", "V", "S6", "O",
    "LM", "S15", "SM", "O", "V", "SM",
    "O", "S6", "LM", "SM", "V", "SM",
]


def layout(**fixed: str) -> list[str]:
    """LAYOUT with some tiles fixed (``c3="O"``), swapping tiles so the set stays the box's."""
    tiles = LAYOUT[:]
    pinned: set[int] = set()
    for name, code in fixed.items():
        t = tile_from_name(name)
        pinned.add(t)
        if tiles[t] == code:
            continue
        j = next(i for i in range(NUM_TILES) if tiles[i] == code and i not in pinned)
        tiles[t], tiles[j] = tiles[j], tiles[t]
    return tiles


def T(name: str) -> int:
    return tile_from_name(name)


def make(n: int = 3, meeples: dict[str, str] | None = None, tiles: list[str] | None = None,
         resources: list[str] | None = None, djinn_deck: list[str] | None = None, seed: int = 0,
         **kw: Any) -> FTPlay:
    """A new game on a fixed layout with the given meeples (all others in the bag)."""
    rows = [""] * NUM_TILES
    for name, word in (meeples or {}).items():
        rows[tile_from_name(name)] = word
    setup: dict[str, Any] = {"tiles": tiles or LAYOUT, "meeples": rows}
    if resources is not None:
        full = [RESOURCE_CODES[r] for r in range(len(RESOURCE_COUNTS)) for _ in range(RESOURCE_COUNTS[r])]
        rest = Counter(full)
        rest.subtract(Counter(resources))
        assert all(v >= 0 for v in rest.values()), "more cards than the box has"
        deck = list(resources) + [code for code in RESOURCE_CODES for _ in range(rest[code])]
        setup["resource_deck"] = deck
    if djinn_deck is not None:
        rest_d = [d for d in DJINN_INDEX if d not in djinn_deck]
        setup["djinn_deck"] = list(djinn_deck) + rest_d
    setup.update(kw)
    return GAME.new_state(n, seed, setup)


def begin_turn(st: FTState, *seats: int) -> None:
    """Skip the bidding: the given seats' markers play in this order (the others after them)."""
    markers: list[int] = []
    for s in seats:
        markers.extend(m for m in range(len(st.marker_seat)) if st.marker_seat[m] == s and m not in markers)
    markers += [m for m in range(len(st.marker_seat)) if m not in markers]
    st.bid_track = []
    st.paid_spots = [-1] * 6
    st.zero_queue = markers[:3]
    for i, m in enumerate(markers[3:]):
        st.paid_spots[5 - i] = m
    st.play_queue = markers
    turns.start_turn(st, [])
    st.refresh()


def _edited(st: FTState) -> None:
    """After editing a position by hand: recompute the caches, and if a turn has just begun, make the
    edited position the one a take-back returns to."""
    st.refresh()
    if st.undo_turn is not None and not st.undo_turn.steps:
        st.begin_undo(st.seat)


def give_djinn(st: FTState, seat: int, name: str) -> None:
    d = DJINN_INDEX[name]
    for pile in (st.djinn_deck, st.djinn_row, st.djinn_discard):
        if d in pile:
            pile.remove(d)
    st.djinns[seat].append(d)
    st.djinn_owner[d] = seat
    _edited(st)


def give_cards(st: FTState, seat: int, codes: str, seen: bool = True) -> None:
    """Move cards (space-separated codes) from the draw pile into a seat's hand: taken in everybody's
    sight (``seen``), or drawn blind."""
    for code in codes.split():
        r = RESOURCE_CODES.index(code)
        st.res_deck.remove(r)
        st.take_cards(seat, (r,), seen)
    _edited(st)


def give_pool(st: FTState, seat: int, viziers: int = 0, elders: int = 0) -> None:
    """Viziers and Elders taken from the bag into a seat's pool."""
    from longhouse.games.five_tribes.data import WHITE, YELLOW

    assert st.bag[YELLOW] >= viziers and st.bag[WHITE] >= elders
    st.bag[YELLOW] -= viziers
    st.bag[WHITE] -= elders
    st.viziers[seat] += viziers
    st.elders[seat] += elders
    _edited(st)


def play(st: FTState, *texts: str) -> list[Any]:
    """Apply text actions for the acting seat; returns all events."""
    events: list[Any] = []
    for text in texts:
        seat = st.acting()[0]
        events += st.apply(seat, GAME.action_from_text(text))
    return events


def texts(st: FTState) -> list[str]:
    seat = st.acting()[0]
    return [GAME.action_to_text(a) for a in st.legal_actions(seat)]


def meeples_on(st: FTState, name: str) -> str:
    row = st.board[tile_from_name(name)]
    return "".join(COLOUR_LETTERS[c] * row[c] for c in range(COLOURS))


def check_conservation(st: FTState) -> None:
    """Every component is in exactly one place."""
    n = st.num_players
    for c in range(COLOURS):
        total = sum(row[c] for row in st.board) + st.bag[c] + st.mv_hand[c]
        if c == 0:
            total += sum(st.viziers)
        if c == 1:
            total += sum(st.elders)
        assert total == MEEPLE_COUNTS[c], (c, total)
    cards = Counter(st.res_deck) + Counter(st.res_row) + Counter(st.res_discard)
    for s in range(n):
        for r in range(len(RESOURCE_COUNTS)):
            cards[r] += st.hands[s][r]
    assert [cards[r] for r in range(len(RESOURCE_COUNTS))] == list(RESOURCE_COUNTS)
    assert all(h >= 0 for hand in st.hands for h in hand)
    djinns = st.djinn_deck + st.djinn_row + st.djinn_discard + st.keep_choices + [d for o in st.djinns for d in o]
    assert sorted(djinns) == list(range(22))
    for d in range(22):
        owners = [s for s in range(n) if d in st.djinns[s]]
        assert st.djinn_owner[d] == (owners[0] if owners else -1)
    assert sum(st.palms) + st.palm_supply == PALM_TREES and st.palm_supply >= 0
    assert sum(st.palaces) + st.palace_supply == PALACES and st.palace_supply >= 0
    for s in range(n):
        assert st.camels[s] + st.owner.count(s) == CAMELS[n] and st.camels[s] >= 0
    assert all(g >= 0 for g in st.gold)


def random_game(n: int, seed: int, check: Any = None) -> FTPlay:
    st = GAME.new_state(n, seed)
    rng = Rng(seed + 7)
    steps = 0
    while not st.is_over():
        seat = st.acting()[0]
        acts = st.legal_actions(seat)
        assert acts
        st.apply(seat, rng.choice(acts))
        steps += 1
        if check is not None:
            check(st)
    assert steps <= GAME.max_actions(n)
    return st


def nekir_gold_for_a_double_kill() -> int:
    """Seat 0 uses Iblis to kill both meeples of c3 while seat 1 holds Nekir: the gold seat 1 is paid."""
    st = make(3, meeples={"a3": "R", "b3": "R", "c3": "YW"})
    give_djinn(st, 0, "Iblis")
    give_djinn(st, 1, "Nekir")
    begin_turn(st, 0)
    give_pool(st, 0, elders=1)
    gold = st.gold[1]
    play(st, "power Iblis E", "pick a3", "drop eR", "kill c3 Y", "kill c3 W")
    return st.gold[1] - gold
