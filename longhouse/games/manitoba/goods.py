"""Goods: storage sectors, ceremonial places, wampum tiles and waking Cree (RULEBOOK "The Ceremonial
Places", "Wampum tiles"; data §4)."""

from __future__ import annotations

from longhouse.engine.seats import seat_word
from longhouse.engine.text import _
from longhouse.games.manitoba import actions as A
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import tasks as T
from longhouse.games.manitoba import words as W
from longhouse.games.manitoba.rulings import (
    CEREMONY_GOODS_BEFORE_FEATHER,
    REACTIVATE_AUTOMATIC,
    WAKE_BONUS_AUTOMATIC,
    WAMPUM_TRADE_NEEDS_ROOM,
)
from longhouse.games.manitoba.state import CAT_WAKE, ManitobaState
from longhouse.games.manitoba.territory import area_name

_STORE = A.STORE
_CEREMONY = (A.CEREMONY[3], A.CEREMONY[4])
_TRADE = A.TRADE
_OFFER: dict[int, A.Act] = {T.OFFER_WAKE: A.WAKE[1], T.OFFER_REACTIVATE: A.REACTIVATE}
CAP = D.SECTOR_CAPACITY


name = seat_word

# --- the commonest events' texts, made once -----------------------------------------------------------------
# A text is immutable (engine/text.py), so events share one as positions share actions: these, half of a random
# playout's events, are made here for every seat and value instead of on every move, where a text with its
# parameters cost about what the move's rules do. Word for word the texts made on demand (an area's name is
# its landscape and its tile's place in the chain, ``territory.area_name``: ``[land[area]][area // 5]``).
_SEATS = range(max(D.GOODS_BY_PLAYERS))
_GOODS = range(len(D.GOODS))
_LANDS = range(len(D.LANDSCAPES))
_TILES = range(len(D.TILES))
PASSES = tuple(_("{seat} passes", seat=name(s)) for s in _SEATS)
PLACED = tuple(tuple(tuple(_("{seat} places a Cree on {area}", seat=name(s), area=W.area_word(land, i + 1))
                           for i in _TILES) for land in _LANDS) for s in _SEATS)
TAKEN = tuple(tuple(tuple(tuple(_("{seat} takes {good} from {area}", seat=name(s), good=W.GOOD_THE[g],
                                  area=W.area_word(land, i + 1)) for i in _TILES) for land in _LANDS)
                    for g in _GOODS) for s in _SEATS)
FROM_SUPPLY = tuple(tuple(_("{seat} takes {good} from the supply", seat=name(s), good=W.GOOD_A[g]) for g in _GOODS)
                    for s in _SEATS)
STORED = tuple(tuple(tuple(_("{seat} stores {good} in the {sector}", seat=name(s), good=W.GOOD_A[g],
                             sector=W.SECTOR_WORDS[x]) for x in range(len(W.SECTOR_WORDS))) for g in _GOODS)
               for s in _SEATS)
ON_PLACE = tuple(tuple(tuple(_("{seat} puts {good} on the {size}-space ceremonial place", seat=name(s),
                               good=W.GOOD_A[g], size=size) for size in D.CEREMONIAL_SIZES) for g in _GOODS)
                 for s in _SEATS)
#: by seat and count (at most every Cree of a seat)
WOKEN = tuple(tuple(_("{seat} wakes up {count} Cree", seat=name(s), count=k)
                    for k in range(D.CREE_IN_WIGWAM + D.CREE_ON_SQUARE + 1)) for s in _SEATS)


def gain(st: ManitobaState, seat: int, good: int) -> None:
    """The seat has just taken ``good`` (from an area or the supply): it now chooses where it goes."""
    st.tasks.append(T.STOWS[seat][good])  # a shared task (tasks.py); st.push written out


# --- Cree on the territory: an area's good goes to the Cree that reaches it (RULEBOOK "Territory") -------

def place_cree(st: ManitobaState, seat: int, area: int) -> None:
    st.square[seat] -= 1
    st.area_cree[area] = seat
    st.log("place", PLACED[seat][st.terr.land[area]][area // 5], seat=seat, area=area)
    take_area_good(st, seat, area)


def move_cree(st: ManitobaState, seat: int, frm: int, to: int) -> None:
    st.area_cree[frm] = -1
    st.area_cree[to] = seat
    st.log("move", _("{seat} moves a Cree from {frm} to {to}", seat=name(seat), frm=area_name(st.terr, frm),
                     to=area_name(st.terr, to)), seat=seat, frm=frm, to=to)
    take_area_good(st, seat, to)


def take_area_good(st: ManitobaState, seat: int, area: int) -> None:
    g = st.area_good[area]
    if g >= 0:
        st.area_good[area] = -1
        st.log("take_good", TAKEN[seat][g][st.terr.land[area]][area // 5], seat=seat, good=D.GOODS[g], area=area)
        st.tasks.append(T.STOWS[seat][g])  # gain written out (a call less on every good taken)


def take_from_supply(st: ManitobaState, seat: int, good: int) -> None:
    st.supply[good] -= 1
    st.log("take_good", FROM_SUPPLY[seat][good], seat=seat, good=D.GOODS[good])
    st.tasks.append(T.STOWS[seat][good])  # gain written out


def good_options(st: ManitobaState, seat: int, good: int) -> list[A.Act]:
    """Where a gained good may go: its sector (any sector for a feather) if not full, or a ceremonial
    place that holds no good of its type."""
    sectors = st.sectors[seat]
    if good == D.FEATHER:
        out = [_STORE[s] for s in range(4) if len(sectors[s]) < CAP]
    else:
        out = [_STORE[good]] if len(sectors[good]) < CAP else []
    for i, place in enumerate(st.cere[seat]):
        if good not in place:
            out.append(_CEREMONY[i])
    return out


def lost(st: ManitobaState, seat: int, good: int) -> None:
    """A good that has nowhere to go goes back to the supply."""
    st.supply[good] += 1
    st.log("good_lost", _("{seat} has no room for {good}; it goes back to the supply", seat=name(seat),
             good=W.GOOD_THE[good]),
           seat=seat, good=D.GOODS[good])


def store(st: ManitobaState, seat: int, good: int, sector: int) -> None:
    st.sectors[seat][sector].append(good)
    st.log("store", STORED[seat][good][sector], seat=seat, good=D.GOODS[good], sector=D.GOODS[sector])


def to_ceremony(st: ManitobaState, seat: int, good: int, size: int) -> None:
    i = size - 3
    place = st.cere[seat][i]
    place.append(good)
    st.log("ceremony", ON_PLACE[seat][good][i], seat=seat, good=D.GOODS[good], place=size)
    if len(place) == D.CEREMONIAL_SIZES[i]:
        complete(st, seat, i)


def complete(st: ManitobaState, seat: int, i: int) -> None:
    """A completed ceremonial place empties into storage and gives a wampum tile; the 4-space place
    also turns an inactive wampum tile back to its active side (rulings ceremony-goods-before-feather,
    reactivate-automatic)."""
    place = st.cere[seat][i]
    goods = sorted(place)
    place.clear()
    st.log("ceremony_complete", _("{seat} completes the {size}-space ceremonial place", seat=name(seat),
           size=D.CEREMONIAL_SIZES[i]),
           seat=seat, place=D.CEREMONIAL_SIZES[i])
    if D.FEATHER in goods and not CEREMONY_GOODS_BEFORE_FEATHER:
        st.push(T.CeremonyStore(seat, sum(1 << g for g in goods if g != D.FEATHER)))  # goods on a place differ
        st.push(T.StowFeather(seat))
    else:
        for g in goods:
            if g == D.FEATHER:
                st.push(T.StowFeather(seat))
            else:
                store_or_lose(st, seat, g)
    give_wampum(st, seat)
    if i == 1 and st.wi[seat] > 0:
        if REACTIVATE_AUTOMATIC:
            reactivate(st, seat)
        else:
            st.push(T.OptionalBonus(seat, T.OFFER_REACTIVATE))


def store_or_lose(st: ManitobaState, seat: int, good: int) -> None:
    """A good from a completed ceremonial place goes to its own sector, or back to the supply if it is full."""
    if len(st.sectors[seat][good]) < CAP:
        store(st, seat, good, good)
    else:
        lost(st, seat, good)


def store_goods(st: ManitobaState, seat: int, goods: int) -> None:
    """The ``CeremonyStore`` task: the goods (a mask) of a completed place, after its feather found its sector."""
    for g in D.SECTORS:
        if goods >> g & 1:
            store_or_lose(st, seat, g)


def reactivate(st: ManitobaState, seat: int) -> None:
    st.wi[seat] -= 1
    st.wa[seat] += 1
    st.log("wampum_reactivate", _("{seat} turns an inactive wampum tile back", seat=name(seat)), seat=seat)


def give_wampum(st: ManitobaState, seat: int) -> None:
    if st.wampum_supply > 0:
        st.wampum_supply -= 1
        st.wa[seat] += 1
        st.log("wampum", _("{seat} gets a wampum tile", seat=name(seat)), seat=seat)
    else:
        st.log("wampum_none", _("No wampum tile is left for {seat}", seat=name(seat)), seat=seat)


def feather_options(st: ManitobaState, seat: int) -> list[A.Act]:
    sectors = st.sectors[seat]
    return [_STORE[s] for s in range(4) if len(sectors[s]) < CAP]


def wake(st: ManitobaState, seat: int, count: int) -> int:
    """Wake up to ``count`` Cree (wigwam → village square); Warrior space 3 scores 1 point each (R15)."""
    count = min(count, st.wigwam[seat])
    if count <= 0:
        return 0
    st.wigwam[seat] -= count
    st.square[seat] += count
    st.log("wake", WOKEN[seat][count], seat=seat, count=count)
    if st.pos[seat][D.WARRIOR] >= D.WARRIOR_WAKE_POINTS:
        st.add_points(seat, CAT_WAKE, count)
    return count


def wake_bonus(st: ManitobaState, seat: int) -> None:
    """A bonus that lets the seat wake a Cree: taken at once, or offered (ruling wake-bonus-automatic)."""
    if WAKE_BONUS_AUTOMATIC:
        wake(st, seat, 1)
    elif st.wigwam[seat] > 0:
        st.push(T.OptionalBonus(seat, T.OFFER_WAKE))


def offer_options(st: ManitobaState, seat: int, what: int) -> list[A.Act]:
    """An ``OptionalBonus`` decision: the bonus, if it can still be taken, or pass."""
    possible = st.wigwam[seat] > 0 if what == T.OFFER_WAKE else st.wi[seat] > 0
    return [_OFFER[what], A.PASS] if possible else []


def take_offer(st: ManitobaState, seat: int, what: int, action: A.Act) -> None:
    if type(action) is A.Pass:
        st.log("pass", PASSES[seat], seat=seat)
    elif what == T.OFFER_WAKE:
        wake(st, seat, 1)
    else:
        reactivate(st, seat)


def top_berry(sector: list[int]) -> int:
    """The index of the topmost berry piece in the berry sector, or -1."""
    for i in range(len(sector) - 1, -1, -1):
        if sector[i] == D.BERRY:
            return i
    return -1


def wampum_actions(st: ManitobaState, seat: int) -> list[A.Act]:
    """Wampum uses open to ``seat`` now (any decision point of its own, not in the final round)."""
    if st.wa[seat] <= 0 or st.final_round():
        return []
    out: list[A.Act] = []
    if st.wigwam[seat] > 0:
        out.append(A.WAMPUM_WAKE)
    sectors = st.sectors[seat]
    if D.BERRY in sectors[D.BERRY]:
        for s in (D.BISON, D.HORSE, D.CANOE):
            if len(sectors[s]) < CAP or not WAMPUM_TRADE_NEEDS_ROOM:
                out.append(_TRADE[s])
    return out


def use_wampum(st: ManitobaState, seat: int, action: A.Act) -> None:
    st.wa[seat] -= 1
    st.wi[seat] += 1
    if type(action) is A.WampumWake:
        st.log("wampum_use", _("{seat} uses a wampum tile to wake up a Cree", seat=name(seat)), seat=seat)
        wake(st, seat, 1)
    else:
        assert type(action) is A.WampumTrade
        target = action.sector
        berries = st.sectors[seat][D.BERRY]
        del berries[top_berry(berries)]
        st.log("wampum_use", _("{seat} uses a wampum tile: a berry becomes {good}", seat=name(seat),
                                 good=W.GOOD_A[target]),
               seat=seat, good=D.GOODS[target])
        if len(st.sectors[seat][target]) < CAP:
            st.sectors[seat][target].append(D.BERRY)
        else:  # only when a ruling offers a trade into a full sector (wampum-trade-needs-room)
            lost(st, seat, D.BERRY)
