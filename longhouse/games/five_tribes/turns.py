"""Five Tribes' turn order (rulebook: Bid for Turn Order, the end of a round): the bids, each marker's turn in
order, and the clean-up between rounds, which ends the game after the last camel or a turn with no move.
"""

from __future__ import annotations

from typing import Any

from longhouse.engine.events import Event
from longhouse.engine.text import _, joined, ngettext
from longhouse.games.five_tribes import actions as A
from longhouse.games.five_tribes import rulings, scoring
from longhouse.games.five_tribes.data import (
    DJINN_ROW_SIZE,
    FAKIR,
    KUMARBI,
    PAID_SPOTS,
    RESOURCE_ROW_SIZE,
    TURN_TRACK_COSTS,
    ZERO_BID,
    ZERO_SPOTS,
)
from longhouse.games.five_tribes.state import (
    BID,
    OVER,
    PICK,
    FTState,
    player,
)


def bid_price(st: FTState, seat: int, spot: int, fakirs: int) -> int:
    if spot == ZERO_BID:
        return 0
    return TURN_TRACK_COSTS[min(spot + fakirs, PAID_SPOTS)]


#: Every bid, made once (a legal-action list hands out these values: building a frozen dataclass costs more
#: than the rest of listing the bids): BIDS[spot][fakirs] for the paid spots, ZERO for bidding zero.
BIDS = tuple(tuple(A.Bid(spot, n) for n in range(PAID_SPOTS - spot + 1)) for spot in range(PAID_SPOTS))
ZERO = A.Bid(ZERO_BID)


def legal_bids(st: FTState, seat: int) -> list[Any]:
    out: list[Any] = []
    gold = st.gold[seat]
    # RULING kumarbi-per-bid: at every bid, or once per round.
    kumarbi = st.owns(seat, KUMARBI) and (rulings.KUMARBI_AT_EVERY_BID or not st.used_round[seat] >> KUMARBI & 1)
    fk = st.fakirs(seat) if kumarbi else 0
    paid = st.paid_spots
    for spot in range(PAID_SPOTS):
        if paid[spot] >= 0:
            continue
        bids = BIDS[spot]
        for n in range(min(fk, PAID_SPOTS - spot) + 1):
            if TURN_TRACK_COSTS[spot + n] <= gold:  # bid_price, written out (n <= PAID_SPOTS - spot)
                out.append(bids[n])
    if len(st.zero_queue) < ZERO_SPOTS:
        out.append(ZERO)
    if not out and rulings.BROKE_BIDDER_TAKES_CHEAPEST_FREE_SPOT:
        # RULING broke-bidder: the cheapest free paid spot, for whatever gold is left.
        free = [s for s in range(PAID_SPOTS) if paid[s] < 0]
        out.append(BIDS[free[-1]][0])
    return out


def apply_bid(st: FTState, seat: int, a: A.Bid, ev: list[Event]) -> None:
    marker = st.bid_track.pop(0)
    price = min(bid_price(st, seat, a.spot, a.fakirs), st.gold[seat])
    for _i in range(a.fakirs):
        st.discard_card(seat, FAKIR)
    if a.fakirs and not rulings.KUMARBI_AT_EVERY_BID:
        st.used_round[seat] |= 1 << KUMARBI
    st.pay_gold(seat, price)
    if a.spot == ZERO_BID:
        st.zero_queue.insert(0, marker)
    else:
        st.paid_spots[a.spot] = marker
    cost = TURN_TRACK_COSTS[a.spot]
    text = (ngettext("{seat} bids for the {cost} spot, paying {price} (Kumarbi, {n} Fakir)",
                     "{seat} bids for the {cost} spot, paying {price} (Kumarbi, {n} Fakirs)", a.fakirs,
                     seat=player(seat), cost=cost, price=price) if a.fakirs
            else _("{seat} bids for the {cost} spot, paying {price}", seat=player(seat), cost=cost, price=price))
    ev.append(Event("bid", text, {"seat": seat, "spot": a.spot, "price": price, "fakirs": a.fakirs}))
    if not st.bid_track:
        st.play_queue = [m for m in st.paid_spots if m >= 0] + st.zero_queue
        start_turn(st, ev)


def start_turn(st: FTState, ev: list[Event]) -> None:
    marker = st.play_queue.pop(0)
    if marker in st.zero_queue:
        st.zero_queue.remove(marker)
    else:
        st.paid_spots[st.paid_spots.index(marker)] = -1
    st.bid_track.append(marker)
    st.marker = marker
    st.seat = st.marker_seat[marker]
    # RULING power-once-per-turn: the used powers are cleared at every player turn (or else kept per
    # seat for the whole round).
    st.used = 0 if rulings.POWERS_RESET_EACH_PLAYER_TURN else st.used_round[st.seat]
    st.clear_turn()
    st.phase = PICK
    ev.append(Event("turn", _("{seat} plays", seat=player(st.seat)), {"seat": st.seat, "marker": marker}))
    st.begin_undo(st.seat)


def end_turn(st: FTState, ev: list[Event]) -> None:
    if not st.moved:
        # The player had no legal meeple move: the game ends at the end of this round.
        st.no_move = True
    st.used_round[st.seat] = st.used
    st.undo_turn = None
    if st.play_queue:
        start_turn(st, ev)
    else:
        end_round(st, ev)


def end_round(st: FTState, ev: list[Event]) -> None:
    # Clean-up: slide and refill the Resource row to 9 and the Djinn row to 3.
    while len(st.res_row) < RESOURCE_ROW_SIZE:
        card = st.draw_resource()
        if card < 0:
            break
        st.res_row.append(card)
    while len(st.djinn_row) < DJINN_ROW_SIZE:
        dj = st.draw_djinn()
        if dj < 0:
            break
        st.djinn_row.append(dj)
    if st.last_camel or st.no_move:
        st.phase = OVER
        st.marker = -1
        sc = scoring.scores(st)
        points = joined(", ", (_("{seat} {points}", seat=player(s), points=v) for s, v in enumerate(sc)))
        ev.append(Event("end", _("The game is over: {points}", points=points), {"scores": sc}))
        return
    st.round += 1
    st.used_round = [0] * st.num_players
    st.phase = BID
    st.marker = -1
    st.paid_spots = [-1] * PAID_SPOTS
    st.zero_queue = []
    ev.append(Event("round", _("Round {round}: bidding for turn order", round=st.round + 1), {"round": st.round}))
