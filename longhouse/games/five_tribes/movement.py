"""Five Tribes' meeple movement (rulebook: Move Meeples, Tile Control): which tiles may be picked up, which
drops keep a legal move open to the end, the drops themselves, and collecting the tribe on the last tile.
"""

from __future__ import annotations

from typing import Any

from longhouse.engine.events import Event
from longhouse.engine.text import Msg, _, joined, ngettext
from longhouse.games.five_tribes import actions as A
from longhouse.games.five_tribes import board as B
from longhouse.games.five_tribes import tiles, tribes
from longhouse.games.five_tribes.data import (
    A_TRIBE,
    BLUE,
    COLOURS,
    GREEN,
    MARID,
    NUM_TILES,
    RED,
    RESOURCE_WORDS,
    WHITE,
    YELLOW,
    tribe_count,
)
from longhouse.games.five_tribes.state import (
    ASSASSINS,
    BUILDERS,
    DROP,
    FTState,
    player,
)

DROPS = tuple(tuple(A.Drop(d, c) for c in range(COLOURS)) for d in range(4))
PICKS = tuple(A.Pick(t) for t in range(NUM_TILES))


def legal_picks(st: FTState) -> list[int]:
    """The tiles whose meeples may be picked up: some walk of as many steps as they are meeples ends legally
    (``board.completion_exists`` from the tile, the tile itself not counting as holding their colours —
    written out here, the hottest loop of a random playout: the end-tile table read directly (its lists
    grow on a miss), the five colours' tests unrolled, only the occupied tiles visited)."""
    out = []
    cm0, cm1, cm2, cm3, cm4 = st.cmask
    board = st.board
    starts, end_tiles, revisit_tiles, min_loop = B.START_ENDS, B.end_tiles, B.revisit_tiles, B.MIN_LOOP
    occupied = cm0 | cm1 | cm2 | cm3 | cm4
    while occupied:
        low = occupied & -occupied
        occupied ^= low
        t = low.bit_length() - 1
        h0, h1, h2, h3, h4 = board[t]
        r = h0 + h1 + h2 + h3 + h4
        s = t * 5  # board.walk_state(t, -1)
        try:
            ends = starts[t][r] & ~low
        except IndexError:
            ends = end_tiles(s, r) & ~low
        if ((h0 and ends & cm0) or (h1 and ends & cm1) or (h2 and ends & cm2) or (h3 and ends & cm3)
                or (h4 and ends & cm4)
                or (r > min_loop and (h0 >= 2 or h1 >= 2 or h2 >= 2 or h3 >= 2 or h4 >= 2) and revisit_tiles(s, r))):
            out.append(t)
    return out


def legal_drops(st: FTState) -> list[Any]:
    """The drops of the move in progress that keep a legal end open (``board.completion_exists`` after the
    drop, written out). Per step, the walk's end tiles are tested once against each colour in hand
    (``hits``): dropping one of colour ``c`` leaves a legal end if another colour in hand hits, or if ``c``
    is still in hand (two or more held) and hits, counting the tile just dropped on; failing that, a walk
    that comes back round to a tile dropped on earlier (two of some colour left in hand)."""
    s, r, hand, cm, board = st.mv_state, st.mv_left, st.mv_hand, st.cmask, st.board
    held = [c for c in range(COLOURS) if hand[c]]
    if r == 1:  # one meeple left in hand: a step onto a tile holding its colour
        c = held[0]
        return [DROPS[d][c] for d, b, _ns in B.MOVES[s] if board[b][c]]
    table, end_tiles, revisit_tiles = B.END_TILES, B.end_tiles, B.revisit_tiles
    left = r - 1
    looped = left > B.MIN_LOOP
    out = []
    # the colours that could still come back round to a tile they were dropped on, after dropping one of
    # colour c: two of some colour left in hand
    pairs = 0
    if looped:
        pairs = sum(1 for h in hand if h >= 2)
    for d, b, ns in B.MOVES[s]:
        drops = DROPS[d]
        try:
            ends = table[ns][left]
        except IndexError:
            ends = end_tiles(ns, left)
        hits = [c for c in held if ends & cm[c]]
        if len(hits) >= 2:  # every drop leaves another colour in hand that hits
            out.extend([drops[c] for c in held])
            continue
        on_b = ends >> b & 1
        revisit: int | None = None
        for c in held:
            # one colour hits: another colour's drop, or this one's with one more left; none: this one's own
            # drop, if one more is left, on a tile the walk can end on
            ok = (hits[0] != c or hand[c] >= 2) if hits else (bool(on_b) and hand[c] >= 2)
            if not ok and looped and (pairs - 1 if hand[c] == 2 else pairs):
                if revisit is None:
                    revisit = revisit_tiles(ns, left)
                ok = revisit != 0
            if ok:
                out.append(drops[c])
    return out


def apply_pick(st: FTState, seat: int, tile: int, ev: list[Event]) -> None:
    row = st.board[tile]
    st.mv_hand = row[:]
    for c in range(COLOURS):
        if row[c]:
            st.remove_meeples(tile, c, row[c])
    st.mv_left = sum(st.mv_hand)
    st.mv_state = B.walk_state(tile, -1)
    st.mv_path = [tile]
    st.moved = True
    st.phase = DROP
    text = ngettext("{seat} picks up {n} meeple on {tile}", "{seat} picks up {n} meeples on {tile}", st.mv_left,
                    seat=player(seat), tile=B.tile_name(tile))
    ev.append(Event("pick", text,
                    {"seat": seat, "tile": tile, "meeples": st.mv_hand[:]}))


#: A drop's words per (seat, colour, tile), made once: a text is immutable, and drops are most of the moves.
_DROP_TEXTS: dict[tuple[int, int, int], Msg] = {}


def _drop_text(seat: int, colour: int, tile: int) -> Msg:
    text = _DROP_TEXTS.get((seat, colour, tile))
    if text is None:
        text = _DROP_TEXTS[seat, colour, tile] = _("{seat} drops {meeple} on {tile}", seat=player(seat),
                                                   meeple=A_TRIBE[colour], tile=B.tile_name(tile))
    return text


def apply_drop(st: FTState, seat: int, a: A.Drop, ev: list[Event]) -> None:
    b = B.STEP[st.mv_state // 5][a.direction]
    c = a.colour
    st.mv_hand[c] -= 1
    st.mv_left -= 1
    st.add_meeple(b, c)
    st.mv_state = B.walk_state(b, B.OPPOSITE[a.direction])
    st.mv_path.append(b)
    marid = st.djinn_owner[MARID]
    if marid >= 0 and st.owner[b] == marid:
        st.gain_gold(marid, 1 if marid == seat else 2)
    ev.append(Event("drop", _drop_text(seat, c, b), {"seat": seat, "tile": b, "colour": c}))
    if st.mv_left == 0:
        st.last_colour = c
        after_move(st, seat, b, c, ev)


def after_move(st: FTState, seat: int, t: int, c: int, ev: list[Event]) -> None:
    st.last_path = st.mv_path[:]
    st.last_mover = seat
    # Tile control check: pick up the last meeple and every meeple of its colour on the final tile.
    k = st.board[t][c]
    st.remove_meeples(t, c, k)
    st.final_tile = t
    st.tribe_count = k
    if st.tile_empty_of_meeples(t):
        st.take_control(seat, t, ev, by_move=True)
    ev.append(Event("collect", _("{seat} collects {meeples}", seat=player(seat), meeples=tribe_count(c, k)),
                    {"seat": seat, "colour": c, "count": k}))
    if c == YELLOW:
        st.viziers[seat] += k
    elif c == WHITE:
        st.elders[seat] += k
    elif c == GREEN:
        st.bag[GREEN] += k
        take = st.res_row[:k]
        del st.res_row[:k]
        st.take_cards(seat, take, seen=True)
        if take:
            cards = joined(", ", (RESOURCE_WORDS[x] for x in take))
            ev.append(Event("cards", _("{seat} takes {cards}", seat=player(seat), cards=cards),
                            {"seat": seat, "cards": take}))
    elif c == BLUE:
        st.bag[BLUE] += k
        st.phase = BUILDERS
        tribes.maybe_auto(st, ev)
        return
    else:
        st.bag[RED] += k
        st.phase = ASSASSINS
        tribes.maybe_auto(st, ev)
        return
    tiles.tile_action(st, ev)


# --- every complete move (for tests and the benchmark: the rules never enumerate moves whole) ----------------

def complete_moves(st: FTState) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
    """Every complete meeple move from ``st`` (a pick-up and its drops), using the engine's own
    ``legal_picks`` and ``legal_drops``. ``st`` is left as it was."""
    out: list[tuple[int, tuple[tuple[int, int], ...]]] = []
    saved = (st.phase, st.mv_state, st.mv_left, st.mv_hand)
    for tile in legal_picks(st):
        hand = st.board[tile][:]
        for c in range(COLOURS):
            if hand[c]:
                st.remove_meeples(tile, c, hand[c])
        st.phase = DROP
        st.mv_hand = hand
        st.mv_left = sum(hand)
        st.mv_state = B.walk_state(tile, -1)
        path: list[tuple[int, int]] = []
        _walk(st, tile, path, out)
        for c in range(COLOURS):
            if hand[c]:
                st.add_meeple(tile, c, hand[c])
    st.phase, st.mv_state, st.mv_left, st.mv_hand = saved
    st.touch()
    return out


def _walk(st: FTState, start: int, path: list[tuple[int, int]], out: list[Any]) -> None:
    drops = legal_drops(st)
    if not drops:
        raise AssertionError(f"dead end after {path} from {B.tile_name(start)}")
    for a in drops:
        s = st.mv_state
        b = B.STEP[s // 5][a.direction]
        c = a.colour
        before = st.cmask[c]
        st.mv_hand[c] -= 1
        st.mv_left -= 1
        st.board[b][c] += 1
        st.cmask[c] |= 1 << b
        st.mv_state = B.walk_state(b, B.OPPOSITE[a.direction])
        path.append((a.direction, c))
        if st.mv_left == 0:
            out.append((start, tuple(path)))
        else:
            _walk(st, start, path, out)
        path.pop()
        st.mv_state = s
        st.board[b][c] -= 1
        st.cmask[c] = before
        st.mv_left += 1
        st.mv_hand[c] += 1
