"""Five Tribes' tribe actions with a decision (rulebook: Builders and Assassins): how many Fakirs to
discard, the Assassins' targets and kills (with Kandicha's and Nekir's powers where they bite).
"""

from __future__ import annotations

from typing import Any

from longhouse.engine.events import Event
from longhouse.engine.text import _
from longhouse.games.five_tribes import actions as A
from longhouse.games.five_tribes import board as B
from longhouse.games.five_tribes import djinns as D
from longhouse.games.five_tribes import rulings, tiles
from longhouse.games.five_tribes.data import (
    A_TRIBE,
    BLUE,
    BOAZ,
    COLOURS,
    ECHIDNA,
    FAKIR,
    GREEN,
    IBLIS,
    KANDICHA,
    NEKIR,
    NUM_TILES,
    WHITE,
    YELLOW,
)
from longhouse.games.five_tribes.state import (
    BUILDERS,
    KILL,
    FTState,
    blind_draw_events,
    player,
)

TILE_KILLS = tuple(tuple(A.Kill(c, tile=t) for c in range(COLOURS)) for t in range(NUM_TILES))
FAKIR_CHOICES = tuple(A.Fakirs(n) for n in range(19))
#: POOL_KILLS[colour][seat]: a meeple of a seat's pool as a target, made once (as the tile kills above).
POOL_KILLS = tuple(tuple(A.Kill(c, seat=o) for o in range(4)) for c in range(COLOURS))


def decision_options(st: FTState, seat: int) -> list[Any]:
    """The Builders' or the Assassins' decision: how many Fakirs to discard, Echidna or Iblis while they
    can still change it, or any power usable at any time."""
    power = ECHIDNA if st.phase == BUILDERS else IBLIS
    return [*FAKIR_CHOICES[:st.fakirs(seat) + 1], *D.tribe_powers(st, seat, (power,)), *D.anytime_powers(st, seat)]


def maybe_auto(st: FTState, ev: list[Event]) -> None:
    """A tribe decision with a single possible answer (no Fakirs, no usable power) resolves itself."""
    acts = decision_options(st, st.seat)
    if len(acts) == 1 and isinstance(acts[0], A.Fakirs):
        apply_fakirs(st, st.seat, 0, ev)


def apply_fakirs(st: FTState, seat: int, n: int, ev: list[Event]) -> None:
    for _i in range(n):
        st.discard_card(seat, FAKIR)
    if st.phase == BUILDERS:
        gold = (st.tribe_count + n) * st.blue_block(st.final_tile)
        if st.echidna:
            gold *= 2
        gold = st.gain_gold(seat, gold)
        ev.append(Event("builders", _("{seat}'s Builders earn {gold} gold", seat=player(seat), gold=gold),
                        {"seat": seat, "gold": gold}))
        tiles.tile_action(st, ev)
        return
    st.ass_range = st.tribe_count + n
    st.kills_left = 2 if st.iblis else 1
    st.phase = KILL
    if not kill_targets(st):
        tiles.tile_action(st, ev)


def kill_targets(st: FTState) -> list[Any]:
    out: list[Any] = []
    seat = st.seat
    if st.kill_seat < 0:
        rng = st.ass_range
        dist = B.DISTANCE[st.final_tile]
        tiles = [st.kill_tile] if st.kill_tile >= 0 else range(NUM_TILES)
        for t in tiles:
            if not rulings.ASSASSIN_MIN_DISTANCE <= dist[t] <= rng:
                continue
            row = st.board[t]
            for c in range(COLOURS):
                if row[c]:
                    out.append(TILE_KILLS[t][c])
    if st.kill_tile < 0:
        for o in range(st.num_players):
            if o == seat or st.owns(o, BOAZ) or (st.kill_seat >= 0 and o != st.kill_seat):
                continue
            # RULING assassin-pool: one Vizier or Elder of an opponent.
            for c in rulings.ASSASSIN_POOL_COLOURS:
                if (st.viziers if c == YELLOW else st.elders)[o]:
                    out.append(POOL_KILLS[c][o])
    return out


def apply_kill(st: FTState, seat: int, a: A.Kill, ev: list[Event]) -> None:
    c = a.colour
    kandicha = st.owns(seat, KANDICHA)
    first_kill = st.kill_tile < 0 and st.kill_seat < 0
    if a.tile >= 0:
        t = a.tile
        st.remove_meeples(t, c, 1)
        text = _("{seat}'s Assassins kill {meeple} in {tile}", seat=player(seat), meeple=A_TRIBE[c],
                 tile=B.tile_name(t))
        st.kill_tile = t
    else:
        if c == YELLOW:
            st.viziers[a.seat] -= 1
        else:
            st.elders[a.seat] -= 1
        text = _("{seat}'s Assassins kill {meeple} in {victim}'s pool", seat=player(seat), meeple=A_TRIBE[c],
                 victim=player(a.seat))
        st.kill_seat = a.seat
    ev.append(Event("kill", text,
                    {"seat": seat, "tile": a.tile, "victim_seat": a.seat, "colour": c}))
    if kandicha and c in (YELLOW, WHITE) and (a.tile >= 0 or rulings.KANDICHA_APPLIES_TO_POOL_KILLS):
        if c == YELLOW:
            st.viziers[seat] += 1
        else:
            st.elders[seat] += 1
    else:
        st.bag[c] += 1
        if kandicha and c == GREEN:
            card = st.draw_resource()
            if card >= 0:
                st.take_cards(seat, (card,), seen=False)
                ev.extend(blind_draw_events(seat, card, "Kandicha"))
        elif kandicha and c == BLUE and a.tile >= 0:
            st.gain_gold(seat, rulings.kandicha_builder_gold(st.blue_block(a.tile)))
    nekir = st.djinn_owner[NEKIR]
    # RULING nekir-per-meeple: every meeple killed pays (or else only the first kill of the turn).
    if nekir >= 0 and (rulings.NEKIR_PER_MEEPLE or first_kill):
        st.gain_gold(nekir, 1 if nekir == seat else 2)
    if a.tile >= 0 and st.tile_empty_of_meeples(a.tile):
        st.take_control(seat, a.tile, ev)
    st.kills_left -= 1
    if st.kills_left <= 0 or not kill_targets(st):
        tiles.tile_action(st, ev)
