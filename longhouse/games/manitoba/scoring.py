"""Scorings at the 3rd and 5th card of a season, the end-of-season steps, and the final scoring
(RULEBOOK "Scoring", "Special steps after the scoring", "End of the Game"; rulings R6–R11)."""

from __future__ import annotations

from longhouse.engine.text import _, joined
from longhouse.games.manitoba import actions as A
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import goods
from longhouse.games.manitoba import tasks as T
from longhouse.games.manitoba import words as W
from longhouse.games.manitoba.goods import name
from longhouse.games.manitoba.rulings import (
    PAIR_EXEMPTION_EITHER,
    SACRIFICE_NOT_FEATHER,
    SACRIFICE_PIECE,
    SHORT_FEATHER_REFILL_ACTIVE_CHOOSES,
    WAKE_BONUS_AUTOMATIC,
)
from longhouse.games.manitoba.state import CAT_FINAL, CAT_SCORINGS, CAT_WAMPUM, ManitobaState
from longhouse.games.manitoba.territory import area_name

_SCORE = A.SCORE
_REFILL = A.REFILL


def sector_points(count: int) -> int:
    return D.STORAGE_POINTS[count]


# The commonest scoring texts, made once and shared (as goods.py's; a text is immutable): a seat's scoring of a
# good by seat, good and pieces (the points follow from the pieces; the final scoring's too), a sacrifice by seat,
# piece and sector, and a refill by the area's landscape and tile and the good.
SCORED = tuple(tuple(tuple(_("{seat} scores {goods} for {points}", seat=name(s), goods=W.counted(g, k),
                             points=W.points(sector_points(k))) for k in range(D.SECTOR_CAPACITY + 1))
                     for g in range(len(D.GOODS))) for s in range(max(D.GOODS_BY_PLAYERS)))
SACRIFICED = tuple(tuple(tuple(_("{seat} sacrifices {good} from the {sector}", seat=name(s), good=W.GOOD_A[g],
                                 sector=W.SECTOR_WORDS[x]) for x in range(len(W.SECTOR_WORDS)))
                         for g in range(len(D.GOODS))) for s in range(max(D.GOODS_BY_PLAYERS)))
REFILLED = tuple(tuple(tuple(_("{area} gets {good}", area=W.area_word(land, i + 1), good=W.GOOD_A[g])
                             for g in range(len(D.GOODS))) for i in range(len(D.TILES)))
                 for land in range(len(D.LANDSCAPES)))

#: A scoring's announcement, by score tile (shared as the texts above).
_SCORING = tuple(_("Scoring: the good you have most of") if kind == D.TILE_MOST else
                 _("Scoring: {goods}", goods=joined(" / ", (W.GOOD_PLURAL_WORDS[g] for g in offered)))
                 for kind, offered in D.SCORE_TILES)


def resolve(st: ManitobaState, tile: int) -> None:
    card = 3 if st.cards[st.card_idx] == D.CARD_SCORE3 else 5
    st.log("scoring", _SCORING[tile], tile=tile, card=card)
    for seat in reversed(st.seats_from_active()):
        st.push(T.ScoreTile(seat, tile))


def options(st: ManitobaState, seat: int, tile: int) -> list[A.Act]:
    """The choices of one seat for a score tile: which good to score, and PASS where it may skip."""
    kind, offered = D.SCORE_TILES[tile]
    if kind == D.TILE_SINGLE:
        good = offered[0]
        return [_SCORE[good], A.PASS] if st.exempt(seat, good) else [_SCORE[good]]
    if kind == D.TILE_PAIR:
        out = [_SCORE[g] for g in offered]
        exempt = [st.exempt(seat, g) for g in offered]
        if all(exempt) or (st.opts.pair_exemption == PAIR_EXEMPTION_EITHER and any(exempt)):
            out.append(A.PASS)
        return out
    sectors = st.sectors[seat]
    most = max(len(sectors[g]) for g in D.SECTORS)
    tied = [g for g in D.SECTORS if len(sectors[g]) == most]
    out = [_SCORE[g] for g in tied]
    if all(st.exempt(seat, g) for g in tied):
        out.append(A.PASS)
    return out


def score_good(st: ManitobaState, seat: int, good: int) -> None:
    """Steps 1–4 of the scoring procedure for one seat and one good."""

    pieces = st.sectors[seat][good]
    points = D.STORAGE_POINTS[len(pieces)]  # sector_points written out
    st.add_points(seat, CAT_SCORINGS, points)
    st.log("score", SCORED[seat][good][len(pieces)], seat=seat, good=D.GOODS[good], pieces=len(pieces), points=points)
    for g in pieces:
        st.supply[g] += 1
    pieces.clear()
    cree = st.area_cree
    back = 0
    for a in st.terr.areas_of[good]:
        if cree[a] == seat:
            cree[a] = -1
            back += 1
    if back:
        st.wigwam[seat] += back
        st.log("cree_home", _("{seat} takes {count} Cree from {lands} back to the wigwam", seat=name(seat),
                                          count=back, lands=W.LANDSCAPE_PLURAL[good]),
               seat=seat, count=back)
    refill(st, seat, good)


def empty_areas(st: ManitobaState, land: int) -> list[int]:
    cree, area_good = st.area_cree, st.area_good
    return [a for a in st.terr.areas_of[land] if cree[a] < 0 and area_good[a] < 0]


def refill(st: ManitobaState, seat: int, land: int, *, chooses: bool = True) -> None:
    """Put a good on each empty area of ``land``; if the supply is short, ``seat`` chooses the areas (or,
    when it ``chooses`` not, the areas are filled in the territory's order while the supply lasts)."""
    empty = empty_areas(st, land)
    good = land  # landscape i yields good i
    if not empty or st.supply[good] == 0:
        return
    if st.supply[good] >= len(empty) or not chooses:
        for a in empty[: st.supply[good]]:
            put(st, a, good)
    else:
        st.push(T.Refill(seat, land))


def put(st: ManitobaState, area: int, good: int) -> None:
    st.supply[good] -= 1
    st.area_good[area] = good
    st.log("refill", REFILLED[st.terr.land[area]][area // 5][good], area=area, good=D.GOODS[good])


def refill_options(st: ManitobaState, land: int) -> list[A.Act]:
    if st.supply[land] == 0:
        return []
    return [_REFILL[a] for a in empty_areas(st, land)]


def season_end(st: ManitobaState) -> None:
    """After the "5" scoring of spring and summer: feathers leave storage, mountain Cree go home,
    empty mountains get a feather, then everyone may wake a Cree (taken automatically)."""
    for seat in range(st.n):
        for pieces in st.sectors[seat]:
            if D.FEATHER in pieces:
                kept = [g for g in pieces if g != D.FEATHER]
                st.supply[D.FEATHER] += len(pieces) - len(kept)
                pieces[:] = kept
    st.log("season_end", _("End of the season: feathers in storage go back to the supply"))
    cree = st.area_cree
    for a in st.terr.areas_of[D.MOUNTAIN]:
        seat = cree[a]
        if seat >= 0:
            cree[a] = -1
            st.wigwam[seat] += 1
            st.log("cree_home", _("{seat} takes the Cree on {area} back to the wigwam", seat=name(seat),
                                                 area=area_name(st.terr, a)), seat=seat,
                   area=a)
    st.push(T.WakeAll())
    refill(st, st.active, D.MOUNTAIN, chooses=SHORT_FEATHER_REFILL_ACTIVE_CHOOSES)


def wake_all(st: ManitobaState) -> None:
    """Each player may wake a Cree, in turn from the active player (a decision each is pushed in reverse)."""
    seats = st.seats_from_active()
    for seat in seats if WAKE_BONUS_AUTOMATIC else reversed(seats):
        goods.wake_bonus(st, seat)


def final_start(st: ManitobaState) -> None:
    st.log("final_scoring", _("Final scoring"))
    st.push(T.GameEnd())
    for seat in reversed(st.seats_from_active()):
        st.push(T.FinalSeat(seat))


def final_seat(st: ManitobaState, seat: int) -> None:
    """Sacrifice a piece of each sector (not with Shaman space 5; ruling sacrifice-piece), score compulsory
    sectors, and leave a choice for each exempt sector."""
    sectors = st.sectors[seat]
    if st.pos[seat][D.SHAMAN] >= D.SHAMAN_NO_SACRIFICE:
        st.log("no_sacrifice", _("{seat} need not sacrifice (Shaman's path)", seat=name(seat)), seat=seat)
    else:
        for g in D.SECTORS:
            i = sacrificed(sectors[g])
            if i >= 0:
                piece = sectors[g].pop(i)
                st.supply[piece] += 1
                st.log("sacrifice", SACRIFICED[seat][piece][g], seat=seat, sector=D.GOODS[g], good=D.GOODS[piece])
    for g in reversed(D.SECTORS):
        if st.exempt(seat, g):
            st.push(T.FinalChoice(seat, g))
    for g in D.SECTORS:
        if not st.exempt(seat, g):
            final_score(st, seat, g)


def sacrificed(sector: list[int]) -> int:
    """The index of the piece a sector gives up before the final scoring, or -1 (ruling sacrifice-piece)."""
    for i in range(len(sector) - 1, -1, -1):
        if SACRIFICE_PIECE != SACRIFICE_NOT_FEATHER or sector[i] != D.FEATHER:
            return i
    return -1


def final_score(st: ManitobaState, seat: int, good: int) -> None:

    count = len(st.sectors[seat][good])
    points = sector_points(count)
    st.add_points(seat, CAT_FINAL, points)
    st.log("score", SCORED[seat][good][count], seat=seat, good=D.GOODS[good], pieces=count, points=points)


def game_end(st: ManitobaState) -> None:

    for seat in st.seats_from_active():
        points = D.WAMPUM_ACTIVE_POINTS * st.wa[seat] + D.WAMPUM_INACTIVE_POINTS * st.wi[seat]
        st.add_points(seat, CAT_WAMPUM, points)
        if points:
            st.log("wampum_points", _("{seat} scores {points} for wampum tiles", seat=name(seat),
                                                     points=W.points(points)), seat=seat,
                   points=points)
    st.over = True
    st.log("game_over", _("The game is over"), scores=list(st.score))
