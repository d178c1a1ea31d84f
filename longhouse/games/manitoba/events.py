"""Event cards (RULEBOOK appendix "Events"; contents of the cards: data §6, ASSUMED).

Events are resolved for each seat in turn from the active player. Choices (which Cree, which good,
which path) are decisions of the seat concerned; helpful events may be passed, RECALL and
LOSE_FEATHER are compulsory when possible, point events are automatic (R13).
"""

from __future__ import annotations

from collections.abc import Callable

from longhouse.engine.text import _
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import goods
from longhouse.games.manitoba import tasks as T
from longhouse.games.manitoba import words as W
from longhouse.games.manitoba.goods import name
from longhouse.games.manitoba.paths import goods_mask
from longhouse.games.manitoba.state import CAT_EVENTS, ManitobaState, card_symbol
from longhouse.games.manitoba.territory import area_name, largest_group

#: The task each seat gets for an event symbol, made from the seat and the goods on the card (a mask).
_PER_SEAT: dict[int, Callable[[int, int], T.Task]] = {
    D.EV_VISION: lambda seat, goods: T.EventVision(seat),
    D.EV_MOVE: lambda seat, goods: T.EventMove(seat),
    D.EV_RECALL: lambda seat, goods: T.EventRecall(seat),
    D.EV_GOOD: T.EventGood,
    D.EV_LOSE_FEATHER: lambda seat, goods: T.EventLoseFeather(seat),
    D.EV_WAKE: lambda seat, goods: T.EventWake(seat),
}

#: Each event card's announcement, made once and shared (as goods.py's texts; a text is immutable).
_TITLED = tuple(_("Event: {event}", event=title) for title in W.EVENT_TITLES)


def resolve(st: ManitobaState, card: int) -> None:
    """Push the tasks of an event card (the seat order is kept by pushing in reverse)."""

    symbol, offered = card_symbol(card, st.opts)
    st.log("event", _TITLED[symbol], event=D.EVENT_NAMES[symbol], goods=[D.GOODS[g] for g in offered])
    if symbol in _PER_SEAT:
        make = _PER_SEAT[symbol]
        for seat in reversed(st.seats_from_active()):
            st.push(make(seat, goods_mask(offered)))
    else:
        st.push(T.EventPoints(symbol))


def points_event(st: ManitobaState, symbol: int) -> None:
    """CREE_PTS, LAKE_PTS, MAJORITY and CONTIG, for every seat at once."""

    cree = st.area_cree
    if symbol == D.EV_CREE_PTS:
        counts = [cree.count(s) for s in range(st.n)]
        for s in st.seats_from_active():
            _score(st, s, counts[s], CAT_EVENTS)
        return
    if symbol == D.EV_LAKE_PTS:
        lakes = st.terr.areas_of[D.LAKE]
        for s in st.seats_from_active():
            _score(st, s, D.LAKE_POINTS_PER_CREE * sum(1 for a in lakes if cree[a] == s), CAT_EVENTS)
        return
    if symbol == D.EV_MAJORITY:
        counts = [cree.count(s) for s in range(st.n)]
    else:
        counts = [largest_group(st.terr, cree, s) for s in range(st.n)]
    for s, pts in enumerate(rank_points(counts)):
        _score(st, s, pts, CAT_EVENTS)


def rank_points(counts: list[int]) -> list[int]:
    """Dense ranking (R12): every seat at the highest count scores 6, every seat at the next count 2;
    a seat with 0 scores nothing."""
    levels = sorted({c for c in counts if c > 0}, reverse=True)
    out = []
    for c in counts:
        if c > 0 and c == levels[0]:
            out.append(D.MAJORITY_POINTS[0])
        elif c > 0 and len(levels) > 1 and c == levels[1]:
            out.append(D.MAJORITY_POINTS[1])
        else:
            out.append(0)
    return out


def _score(st: ManitobaState, seat: int, points: int, category: int) -> None:
    if points:
        st.add_points(seat, category, points)
        st.log("points", _("{seat} scores {points} from the event", seat=name(seat), points=W.points(points)),
               seat=seat, points=points)


def recall(st: ManitobaState, seat: int, area: int) -> None:
    st.area_cree[area] = -1
    st.wigwam[seat] += 1
    st.log("recall", _("{seat} takes the Cree on {area} back to the wigwam", seat=name(seat),
                             area=area_name(st.terr, area)), seat=seat,
           area=area)


def drop_feather(st: ManitobaState, seat: int, sector: int) -> None:
    pieces = st.sectors[seat][sector]
    for i in range(len(pieces) - 1, -1, -1):
        if pieces[i] == D.FEATHER:
            del pieces[i]
            break
    st.supply[D.FEATHER] += 1
    st.log("lose_feather", _("{seat} gives up a feather from the {sector}", seat=name(seat),
                                    sector=W.SECTOR_WORDS[sector]), seat=seat,
           sector=D.GOODS[sector])


def event_wake(st: ManitobaState, seat: int) -> None:
    goods.wake_bonus(st, seat)
