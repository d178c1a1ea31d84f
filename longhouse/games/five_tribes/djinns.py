"""The 22 Djinns' powers: when each paid power may be used, its targets, and its effect.

Passive powers (Ba'al, Boaz, Kandicha, Marid, Monkir, Nekir) are applied where their event happens
(state.py's helpers, tribes.py, movement.py); the game-end ones (Al-Amin, Haurvatat, Jafaar, Shamhat) in
scoring.py; Kumarbi in the bidding (turns.py), Hagis and Lamia at the placement of a Palace or Palm Tree
(placement.py).
"""

from __future__ import annotations

from typing import Any

from longhouse.engine.events import Event
from longhouse.engine.text import _
from longhouse.games.five_tribes import actions as A
from longhouse.games.five_tribes import board as B
from longhouse.games.five_tribes import placement
from longhouse.games.five_tribes.data import (
    A_TRIBE_SUBJECT,
    ANUN_NAK,
    BOURAQ,
    DJINNS,
    ECHIDNA,
    ENKI,
    IBLIS,
    LETA,
    NUM_TILES,
    OASIS,
    SIBITTIS,
    SLOAR,
    UTUG,
    VILLAGE,
)
from longhouse.games.five_tribes.state import KEEP, PALACE, PALM, FTState, Phase, blind_draw_events, player

#: Paid powers usable at any decision point of the owner's turn outside the drops.
ANYTIME = (ANUN_NAK, BOURAQ, ENKI, LETA, SIBITTIS, SLOAR, UTUG)


def _targets(st: FTState, seat: int, d: int) -> list[int]:
    """The target tiles of a power (``[-1]`` for a power without a target; ``[]`` when unusable)."""
    if d == ANUN_NAK:
        if not sum(st.bag):
            return []
        return [t for t in range(NUM_TILES) if st.completely_empty(t)]
    if d == BOURAQ:
        return [t for t in range(NUM_TILES) if st.kind[t] == VILLAGE] if st.palace_supply > 0 else []
    if d == ENKI:
        return [t for t in range(NUM_TILES) if st.kind[t] == OASIS] if st.palm_supply > 0 else []
    if d == LETA:
        return [t for t in range(NUM_TILES) if st.completely_empty(t)] if st.camels[seat] > 0 else []
    if d == UTUG:
        if st.camels[seat] <= 0:
            return []
        return [t for t in range(NUM_TILES)
                if st.owner[t] < 0 and not st.palms[t] and not st.palaces[t] and any(st.board[t])]
    if d == SIBITTIS:
        return [-1] if st.djinn_deck or st.djinn_discard else []
    if d == SLOAR:
        return [-1] if st.res_deck or st.res_discard else []
    if d == ECHIDNA:
        return [-1] if not st.echidna else []
    if d == IBLIS:
        return [-1] if not st.iblis else []
    return []


#: A power as legal-action lists hand it out, made once per (Djinn, payment, tile) met: building a frozen
#: dataclass costs more than finding the powers.
_POWER_VALUES: dict[tuple[int, str, int], A.Power] = {}


def _power(d: int, pay: str, tile: int) -> A.Power:
    a = _POWER_VALUES.get((d, pay, tile))
    if a is None:
        a = _POWER_VALUES[d, pay, tile] = A.Power(d, pay, tile)
    return a


def _powers(st: FTState, seat: int, which: tuple[int, ...]) -> list[Any]:
    out: list[Any] = []
    owned = st.djinns[seat]
    for d in which:
        if d not in owned or st.used >> d & 1:
            continue
        pays = st.payments(seat, DJINNS[d].cost)
        if not pays:
            continue
        for t in _targets(st, seat, d):
            for p in pays:
                out.append(_power(d, p, t))
    return out


def anytime_powers(st: FTState, seat: int) -> list[Any]:
    if not st.djinns[seat]:
        return []
    return _powers(st, seat, ANYTIME)


def tribe_powers(st: FTState, seat: int, which: tuple[int, ...]) -> list[Any]:
    """Echidna and Iblis, offered only while they can still change this turn's Builders / Assassins."""
    if not st.djinns[seat]:
        return []
    return _powers(st, seat, which)


def apply_power(st: FTState, seat: int, a: A.Power, ev: list[Event]) -> None:
    d = a.djinn
    st.pay(seat, a.pay)
    st.used |= 1 << d
    name = DJINNS[d].name
    text = (_("{seat} uses {djinn} on {tile}", seat=player(seat), djinn=name, tile=B.tile_name(a.tile)) if a.tile >= 0
            else _("{seat} uses {djinn}", seat=player(seat), djinn=name))
    ev.append(Event("power", text, {"seat": seat, "djinn": d, "tile": a.tile}))
    if d == ANUN_NAK:
        for _i in range(min(3, sum(st.bag))):
            c = st.draw_meeple()
            st.add_meeple(a.tile, c)
            ev.append(Event("meeple", _("{meeple} comes out of the bag onto {tile}", meeple=A_TRIBE_SUBJECT[c],
                                        tile=B.tile_name(a.tile)),
                            {"tile": a.tile, "colour": c}))
    elif d == BOURAQ:
        placement.start_placement(st, PALACE, a.tile, st.phase, ev)
    elif d == ENKI:
        placement.start_placement(st, PALM, a.tile, st.phase, ev)
    elif d in (LETA, UTUG):
        st.take_control(seat, a.tile, ev)
    elif d == SIBITTIS:
        drawn = []
        for _i in range(3):
            x = st.draw_djinn()
            if x < 0:
                break
            drawn.append(x)
        st.keep_choices = drawn
        st.ret_phase = st.phase
        st.phase = KEEP
    elif d == SLOAR:
        card = st.draw_resource()
        st.take_cards(seat, (card,), seen=False)
        ev.extend(blind_draw_events(seat, card, "Sloar"))
    elif d == ECHIDNA:
        st.echidna = True
    elif d == IBLIS:
        st.iblis = True
    else:
        raise AssertionError(f"{name} has no paid power")


def apply_keep(st: FTState, seat: int, a: A.Keep, ev: list[Event]) -> None:
    st.keep_choices.remove(a.djinn)
    st.djinn_discard.extend(st.keep_choices)
    st.keep_choices = []
    st.gain_djinn(seat, a.djinn, ev)
    st.phase = Phase(st.ret_phase)

