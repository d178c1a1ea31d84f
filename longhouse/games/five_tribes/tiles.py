"""Five Tribes' tile actions (rulebook: Tile Action) and selling Merchandise: the Sacred Place, the
markets, villages and oases, and building a suit to sell.
"""

from __future__ import annotations

from typing import Any

from longhouse.engine.events import Event
from longhouse.engine.text import _, joined
from longhouse.games.five_tribes import actions as A
from longhouse.games.five_tribes import djinns as D
from longhouse.games.five_tribes import placement
from longhouse.games.five_tribes.data import (
    FAKIR,
    LARGE_MARKET,
    LARGE_MARKET_PRICE,
    LARGE_MARKET_REACH,
    OASIS,
    RESOURCE_WORDS,
    SACRED,
    SMALL_MARKET,
    SMALL_MARKET_PRICE,
    SMALL_MARKET_REACH,
    SUIT_VALUES,
    VILLAGE,
)
from longhouse.games.five_tribes.state import (
    FREE,
    PALACE,
    PALM,
    SUIT,
    TILE,
    FTState,
    Phase,
    player,
)

#: The actions the tile options and a suit's cards hand out, made once (building a frozen dataclass costs more
#: than finding the options): a card put into a suit, by card; a Sacred Place summons and a Market's buys,
#: by their fields as met.
SUIT_CARDS = tuple(A.SuitCard(c) for c in range(FAKIR))
_SUMMONS: dict[tuple[int, str], A.Summon] = {}
_BUYS: dict[tuple[tuple[int, ...], int], A.Buy] = {}


def _summon(d: int, pay: str) -> A.Summon:
    a = _SUMMONS.get((d, pay))
    if a is None:
        a = _SUMMONS[d, pay] = A.Summon(d, pay)
    return a


def _buy(cards: tuple[int, ...], price: int) -> A.Buy:
    a = _BUYS.get((cards, price))
    if a is None:
        a = _BUYS[cards, price] = A.Buy(cards, price)
    return a


def tile_action(st: FTState, ev: list[Event]) -> None:
    t = st.final_tile
    kind = st.kind[t]
    seat = st.seat
    if kind in (VILLAGE, OASIS):
        piece, supply = (PALACE, st.palace_supply) if kind == VILLAGE else (PALM, st.palm_supply)
        if supply > 0:
            placement.start_placement(st, piece, t, FREE, ev)
        else:
            st.phase = FREE
        return
    st.phase = TILE
    if not tile_options(st, seat) and not D.anytime_powers(st, seat):
        st.phase = FREE


def tile_options(st: FTState, seat: int) -> list[Any]:
    kind = st.kind[st.final_tile]
    if kind == SACRED:
        pays = st.payments(seat, "EE/EF")
        return [_summon(d, p) for d in sorted(set(st.djinn_row)) for p in pays]
    if kind == SMALL_MARKET and st.gold[seat] >= SMALL_MARKET_PRICE:
        return [_buy((c,), SMALL_MARKET_PRICE) for c in sorted(set(st.res_row[:SMALL_MARKET_REACH]))]
    if kind == LARGE_MARKET and st.gold[seat] >= LARGE_MARKET_PRICE:
        row = st.res_row[:LARGE_MARKET_REACH]
        if len(row) == 1:
            return [_buy((row[0],), LARGE_MARKET_PRICE)]
        pairs = {tuple(sorted((row[i], row[j]))) for i in range(len(row)) for j in range(i + 1, len(row))}
        return [_buy(p, LARGE_MARKET_PRICE) for p in sorted(pairs)]
    return []


def apply_tile(st: FTState, seat: int, a: Any, ev: list[Event]) -> None:
    if isinstance(a, A.Summon):
        st.pay(seat, a.pay)
        st.djinn_row.remove(a.djinn)
        st.gain_djinn(seat, a.djinn, ev)
    elif isinstance(a, A.Buy):
        price = a.price
        st.pay_gold(seat, price)
        for card in a.cards:
            st.res_row.remove(card)
        st.take_cards(seat, a.cards, seen=True)
        cards = joined(", ", (RESOURCE_WORDS[c] for c in a.cards))
        ev.append(Event("buy", _("{seat} buys {cards} for {price} gold", seat=player(seat), cards=cards, price=price),
                        {"seat": seat, "cards": list(a.cards), "price": price}))
    st.phase = FREE


def suit_starts(st: FTState, seat: int) -> list[Any]:
    hand = st.hands[seat]
    return [SUIT_CARDS[c] for c in range(FAKIR) if hand[c]]


def apply_suit(st: FTState, seat: int, a: Any, ev: list[Event]) -> None:
    if isinstance(a, A.SuitCard):
        if st.phase != SUIT:
            st.ret_phase = st.phase
            st.phase = SUIT
        st.suit.append(a.card)
        return
    value = SUIT_VALUES[len(st.suit)]
    for card in st.suit:
        st.discard_card(seat, card)
    value = st.gain_gold(seat, value)
    cards = joined(", ", (RESOURCE_WORDS[c] for c in st.suit))
    ev.append(Event("sell", _("{seat} sells {cards} for {gold} gold", seat=player(seat), cards=cards, gold=value),
                    {"seat": seat, "cards": st.suit[:], "gold": value}))
    st.suit = []
    st.phase = Phase(st.ret_phase)
