"""Placing a Palace or a Palm Tree (rulebook: Village, Oasis), with Hagis and Lamia moving it next door
for an Elder or a Fakir.
"""

from __future__ import annotations

from typing import Any

from longhouse.engine.events import Event
from longhouse.games.five_tribes import actions as A
from longhouse.games.five_tribes import board as B
from longhouse.games.five_tribes.data import (
    HAGIS,
    LAMIA,
)
from longhouse.games.five_tribes.state import (
    PALACE,
    PLACE,
    FTState,
    Phase,
)


def start_placement(st: FTState, kind: int, tile: int, ret: Phase, ev: list[Event]) -> None:
    helper = HAGIS if kind == PALACE else LAMIA
    seat = st.seat
    if st.owns(seat, helper) and not st.used >> helper & 1 and st.payments(seat, "E/F"):
        st.place_kind = kind
        st.place_tile = tile
        st.ret_phase = ret
        st.phase = PLACE
        return
    if kind == PALACE:
        st.place_palace(tile, ev)
    else:
        st.place_palm(tile, ev)
    st.phase = ret


def place_options(st: FTState, seat: int) -> list[Any]:
    t = st.place_tile
    out: list[Any] = [A.Place(t)]
    pays = st.payments(seat, "E/F")
    for n in B.PLACEMENT_NEIGHBOURS[t]:
        for p in pays:
            out.append(A.Place(n, p))
    return out


def apply_place(st: FTState, seat: int, a: A.Place, ev: list[Event]) -> None:
    if a.pay:
        st.pay(seat, a.pay)
        helper = HAGIS if st.place_kind == PALACE else LAMIA
        st.used |= 1 << helper
    if st.place_kind == PALACE:
        st.place_palace(a.tile, ev)
    else:
        st.place_palm(a.tile, ev)
    st.phase = Phase(st.ret_phase)
    st.place_kind = -1
    st.place_tile = -1
