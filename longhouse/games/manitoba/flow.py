"""The course of the game: rounds, the totem, active and passive actions, and the task machine that
offers each decision's legal actions and carries out the chosen one (RULEBOOK "Course of the Game")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from longhouse.engine.text import Msg, _, listing
from longhouse.games.manitoba import actions as A
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import events, goods, paths, scoring
from longhouse.games.manitoba import tasks as T
from longhouse.games.manitoba import words as W
from longhouse.games.manitoba.goods import move_cree, name, place_cree
from longhouse.games.manitoba.rulings import (
    PASSIVE_VISION_REPEATS_LAST,
    RELOCATE_COMPULSORY,
    SHAMAN_REPEAT_OPTIONAL,
    SINGLE_CHOICE_AUTOMATIC,
    VISION_EVENT_REPEATS_LAST,
    WAMPUM_OPENS_EMPTY_DECISION,
)
from longhouse.games.manitoba.state import ManitobaState
from longhouse.games.manitoba.texts import tile_json

# The shared actions, bound here: the legal-action lists are built in the rules' inner loop.
_TAKE = A.TAKE
_PLACE = A.PLACE
_MOVE = A.MOVE
_VISION = A.VISION
_WAKE = A.WAKE
_GOOD = A.GOOD
_REPEAT = A.REPEAT
_SCORE = A.SCORE
#: The Wake-up choices of a totem of each height (1 to k disks) and of waking 1 to k Cree, made once
_WAKEUPS: tuple[tuple[A.Act, ...], ...] = tuple(tuple(A.WAKEUP[k] for k in range(1, h + 1)) for h in range(6))
_WAKES: tuple[tuple[A.Act, ...], ...] = tuple(tuple(_WAKE[k] for k in range(1, h + 1)) for h in range(len(_WAKE) + 1))
_TAKES: dict[tuple[int, ...], Msg] = {}  # the totem choice's texts by seat and disks taken (_act_totem)
#: Bits of the landscapes, and the vision path of each colour that has one (blue has none)
_BIT, _PATH_OF = (1, 2, 4, 8, 16), tuple((c, p) for c, p in enumerate(D.COLOUR_PATH) if p >= 0)

# --- round structure ----------------------------------------------------------------------------------------

def start_round(st: ManitobaState) -> None:
    st.round_no += 1
    st.undo_cut = True  # a new turn: the last one can no longer be taken back
    tasks = st.tasks  # st.push written out, and the shared tasks (tasks.py): a round's tasks, every round
    tasks.append(T.ROUND_END_TASK)
    passives = T.PASSIVES
    for i in range(st.n - 1, 0, -1):
        tasks.append(passives[(st.active + i) % st.n])
    tasks.append(T.TOTEMS[st.active])
    st.log("round", W.ROUND_BEGINS[st.round_no][st.active], round=st.round_no, active=st.active)  # shared texts


def lay_out_season(st: ManitobaState, season: int) -> None:
    """Lay out a season's cards (RULEBOOK "Changing the season") and draw its two score tiles."""
    st.season = season
    deck = st.decks[season - 1]
    st.cards = [deck[i] if i in (0, 1, 2) else i for i in D.SEASON_LAYOUT]
    st.card_idx = 0
    st.tiles = [st.tile_pile.pop(0) for _ in range(D.TILES_PER_SEASON)]
    st.drawn.extend(st.tiles)
    st.undo_cut = True  # hidden cards and tiles revealed
    st.log("season", W.SEASON_BEGINS[season], season=D.SEASONS[season], cards=st.cards[:], tiles=st.tiles[:])


def round_end(st: ManitobaState) -> None:
    """The event or scoring of the current card, then the advance to the next round."""
    st.tasks.append(T.ADVANCE_TASK)  # st.push written out
    card = st.cards[st.card_idx]
    if card == D.CARD_WINTER2:
        return
    if card == D.CARD_SCORE3:
        scoring.resolve(st, st.tiles[0])
    elif card == D.CARD_SCORE5:
        if st.season == D.AUTUMN:
            st.push(T.FinalStart())
            if st.opts.autumn_tile:
                scoring.resolve(st, st.tiles[1])
        else:
            st.push(T.SeasonEnd())
            scoring.resolve(st, st.tiles[1])
    else:
        events.resolve(st, card)


def advance(st: ManitobaState) -> None:
    """Move the eagle head, change the season if needed, rebuild and pass the totem."""
    if st.over:
        st.acting_seats = ()
        return
    st.card_idx += 1
    if st.card_idx == len(st.cards):
        lay_out_season(st, st.season + 1)
    st.totem = st.rest + st.taken
    st.rest = []
    st.taken = []
    st.active = (st.active + 1) % st.n
    start_round(st)


def solstice_done(st: ManitobaState) -> None:
    """After the winter solstice: winter card 2 is a plain round with 2 or 4 players; with 3 spring begins."""
    st.card_idx += 1
    if st.card_idx == len(st.cards):
        lay_out_season(st, D.SPRING)
    start_round(st)


def solstice_goods(st: ManitobaState, seat: int) -> None:
    for g in D.SECTORS:
        st.supply[g] -= 1
        st.sectors[seat][g].append(g)
    st.log("solstice", _("{seat} takes a berry, a bison, a horse and a canoe", seat=name(seat)), seat=seat)


# --- the task machine -----------------------------------------------------------------------------------------

def run(st: ManitobaState) -> None:
    """Carry out automatic tasks and single-choice decisions until a real decision (or the end)."""
    tasks = st.tasks
    wa = st.wa
    while tasks:
        t = tasks[-1]
        kind = t.kind
        auto = _AUTO_OF[kind]
        if auto is not None:
            tasks.pop()
            auto(st, t)
            continue
        core = _LEGAL_OF[kind](st, t)
        if not core:
            enabling = _enabling_wampum(st, t) if WAMPUM_OPENS_EMPTY_DECISION else None
            if not enabling:
                tasks.pop()
                _on_empty(st, t)
                continue
            # Nothing can be done now, but a wampum tile would open a choice (RULEBOOK "Anytime ... a
            # player may use ... his active wampum tiles"): offer those uses, or pass (the bonus or good
            # goes to waste as usual).
            st.legal = [*enabling, A.PASS]
            st.acting_seats = (t.seat,)
            return
        # wampum_actions' own first test, asked here: most decisions are of a seat with no active wampum
        # tile, and a call less on each is a percent of a random playout
        extra = goods.wampum_actions(st, t.seat) if wa[t.seat] > 0 else None
        if not extra:
            if len(core) == 1 and SINGLE_CHOICE_AUTOMATIC:
                tasks.pop()
                _ACT_OF[kind](st, t, core[0])
                continue
        else:
            core.extend(extra)
        st.legal = core
        st.acting_seats = (t.seat,)
        return
    st.legal = []
    st.acting_seats = ()


def step(st: ManitobaState, action: A.Act) -> None:
    """Play a legal action of the decision on top, then ``run`` on to the next decision."""
    kind = type(action)
    t = st.tasks[-1]
    if kind is A.WampumWake or kind is A.WampumTrade:
        goods.use_wampum(st, t.seat, action)
    elif kind is A.Pass and t.kind not in _NEVER_EMPTY and not _LEGAL_OF[t.kind](st, t):
        # passing on a decision that only a wampum use could have opened
        st.tasks.pop()
        _on_empty(st, t)
    else:
        st.tasks.pop()
        _ACT_OF[t.kind](st, t, action)
    run(st)


def _enabling_wampum(st: ManitobaState, t: T.Task) -> list[A.Act]:
    """The wampum uses of the task's seat after which the (now empty) decision ``t`` has a choice."""
    out = []
    for use in goods.wampum_actions(st, t.seat):
        trial = st.clone()
        goods.use_wampum(trial, t.seat, use)
        if _LEGAL_OF[t.kind](trial, t):
            out.append(use)
    return out


def _on_empty(st: ManitobaState, t: T.Task) -> None:
    if type(t) is T.Stow:
        goods.lost(st, t.seat, t.good)
    elif type(t) is T.StowFeather:
        goods.lost(st, t.seat, D.FEATHER)


# --- legal actions per decision ----------------------------------------------------------------------------------

def _unoccupied_places(st: ManitobaState, areas: tuple[int, ...] | range) -> list[A.Act]:
    cree = st.area_cree
    return [_PLACE[a] for a in areas if cree[a] < 0]


def _moves(st: ManitobaState, seat: int, colours: int) -> list[A.Act]:
    """Moves of ``seat``'s Cree to an adjacent unoccupied area whose landscape is in the mask."""
    cree, land, adj = st.area_cree, st.terr.land, st.terr.adj
    out = []
    # the seat's areas found by list.index (in C) rather than a test of every area: a seat has a few Cree
    f = -1
    for _k in range(cree.count(seat)):
        f = cree.index(seat, f + 1)
        for t in adj[f]:
            if cree[t] < 0 and colours >> land[t] & 1:
                out.append(_MOVE[f, t])
    return out


def _legal_sol_area(st: ManitobaState, t: T.SolsticeArea) -> list[A.Act]:
    return _unoccupied_places(st, range(st.terr.size))


def _legal_sol_path(st: ManitobaState, t: T.SolsticePath) -> list[A.Act]:
    return list(_VISION) if st.square[t.seat] > 0 else []


def _legal_totem(st: ManitobaState, t: T.Totem) -> list[A.Act]:
    totem = st.totem
    return [*map(_TAKE.__getitem__, totem), *_WAKEUPS[len(totem)]]


def _legal_active(st: ManitobaState, t: T.Active) -> list[A.Act]:
    seat, colour, disks, used = t.seat, t.colour, t.disks, t.used
    out: list[A.Act] = []
    if colour < 0:
        if not used & T.USED_WAKE:
            out.extend(_WAKES[min(disks, st.wigwam[seat])])
    else:
        if not used & T.USED_TERRITORY:
            if st.square[seat] > 0:
                out.extend(_unoccupied_places(st, st.terr.areas_of[colour]))
            out.extend(_moves(st, seat, 1 << colour))
        if not used & T.USED_VISION and colour != D.BLUE:
            path = D.COLOUR_PATH[colour]
            if paths.can_vision(st, seat, path, action=True):
                out.append(_VISION[path])
    out.append(A.END)
    return out


def _legal_passive(st: ManitobaState, t: T.Passive) -> list[A.Act]:
    seat = t.seat
    mask = sum(map(_BIT.__getitem__, st.taken))  # the landscapes of the disks taken (each once: the totem's)
    cree = st.area_cree
    out: list[A.Act] = []
    if st.square[seat] > 0:
        # only the areas of the taken disks' landscapes are looked at (a bit mask of the territory's), lowest
        # first: the order of a test of every area
        candidates = st.terr.areas_in[mask]
        if st.pos[seat][D.WARRIOR] < D.WARRIOR_NO_ADJACENCY and seat in cree:  # next to its own Cree (R3)
            adj_mask = st.terr.adj_mask
            near = 0
            f = -1
            for _k in range(cree.count(seat)):
                f = cree.index(seat, f + 1)
                near |= adj_mask[f]
            candidates &= near
        while candidates:
            low = candidates & -candidates
            a = low.bit_length() - 1
            candidates ^= low
            if cree[a] < 0:
                out.append(_PLACE[a])
    out.extend(_moves(st, seat, mask))
    row, square = st.pos[seat], st.square[seat]
    for c, path in _PATH_OF:  # paths.can_vision written out (a call less per colour taken)
        if mask >> c & 1:
            p = row[path]
            if square > 0 if p == 0 else p < D.PATH_LENGTH[path] or (PASSIVE_VISION_REPEATS_LAST and path != D.SHAMAN):
                out.append(_VISION[path])
    out.append(A.PASS)
    return out


def _legal_good(st: ManitobaState, t: T.Stow) -> list[A.Act]:
    return goods.good_options(st, t.seat, t.good)


def _legal_feather(st: ManitobaState, t: T.StowFeather) -> list[A.Act]:
    return goods.feather_options(st, t.seat)


def _legal_choose(st: ManitobaState, t: T.ChooseGood | T.EventGood) -> list[A.Act]:
    mask, supply = t.goods, st.supply
    return [_GOOD[g] for g in range(5) if mask >> g & 1 and supply[g] > 0]


def _legal_repeat(st: ManitobaState, t: T.ShamanRepeat) -> list[A.Act]:
    seat = t.seat
    out = [_REPEAT[p] for p in (D.HUNTER, D.GATHERER, D.WARRIOR) if paths.repeat_offered(st, seat, p)]
    if out and SHAMAN_REPEAT_OPTIONAL:
        out.append(A.PASS)
    return out


def _legal_relocate(st: ManitobaState, t: T.WarriorRelocate) -> list[A.Act]:
    if st.square[t.seat] <= 0:
        return []
    out = _unoccupied_places(st, range(st.terr.size))
    if out and not RELOCATE_COMPULSORY:
        out.append(A.PASS)
    return out


def _legal_ev_vision(st: ManitobaState, t: T.EventVision) -> list[A.Act]:
    seat = t.seat
    out = [_VISION[p] for p in range(4) if paths.can_vision(st, seat, p, action=VISION_EVENT_REPEATS_LAST)]
    if out:
        out.append(A.PASS)
    return out


def _legal_ev_move(st: ManitobaState, t: T.EventMove) -> list[A.Act]:
    out = _moves(st, t.seat, 0b11111)
    if out:
        out.append(A.PASS)
    return out


def _legal_ev_recall(st: ManitobaState, t: T.EventRecall) -> list[A.Act]:
    seat = t.seat
    return [A.RECALL[a] for a, s in enumerate(st.area_cree) if s == seat]


def _legal_ev_good(st: ManitobaState, t: T.EventGood) -> list[A.Act]:
    out = _legal_choose(st, t)
    if out:
        out.append(A.PASS)
    return out


def _legal_ev_feather(st: ManitobaState, t: T.EventLoseFeather) -> list[A.Act]:
    return [A.DROP[s] for s, pieces in enumerate(st.sectors[t.seat]) if D.FEATHER in pieces]


def _legal_score(st: ManitobaState, t: T.ScoreTile) -> list[A.Act]:
    return scoring.options(st, t.seat, t.tile)


def _legal_refill(st: ManitobaState, t: T.Refill) -> list[A.Act]:
    return scoring.refill_options(st, t.landscape)


def _legal_final(st: ManitobaState, t: T.FinalChoice) -> list[A.Act]:
    return [_SCORE[t.good], A.PASS]


# --- carrying out a decision ---------------------------------------------------------------------------------------

def _territory(st: ManitobaState, seat: int, action: A.Act) -> None:
    if type(action) is A.Place:
        place_cree(st, seat, action.area)
    else:
        assert type(action) is A.Move
        move_cree(st, seat, action.frm, action.to)


def _act_sol_area(st: ManitobaState, t: T.SolsticeArea, action: A.Act) -> None:
    assert type(action) is A.Place
    place_cree(st, t.seat, action.area)


def _act_sol_path(st: ManitobaState, t: T.SolsticePath, action: A.Act) -> None:
    assert type(action) is A.Vision
    paths.vision(st, t.seat, action.path, action=False)


def _act_totem(st: ManitobaState, t: T.Totem, action: A.Act) -> None:
    seat = t.seat
    totem = st.totem
    if type(action) is A.Take:
        count = totem.index(action.colour) + 1
        colour, disks = action.colour, -1
    else:
        assert type(action) is A.Wakeup
        count = action.disks
        colour, disks = -1, count
    st.taken = totem[:count][::-1]
    st.rest = totem[count:]
    st.totem = []
    if colour >= 0:  # the text made once per seat and disks taken (top first), and shared: a text is immutable
        text = _TAKES.get((seat, *st.taken)) or _TAKES.setdefault((seat, *st.taken), _(
            "{seat} takes {disk}: {colours} now lie in the village", seat=name(seat), disk=W.DISK_WORDS[colour],
            colours=listing(W.COLOUR_WORDS[c] for c in st.taken)))
        st.log("totem", text, seat=seat, colour=D.COLOURS[colour], taken=[D.COLOURS[c] for c in st.taken])
    else:
        st.log("totem", W.WAKE_UP_TAKEN[seat][count], seat=seat, disks=count, taken=[D.COLOURS[c] for c in st.taken])
    st.tasks.append(T.ACTIVES[seat, colour, disks, 0])  # st.push written out, as below


def _act_active(st: ManitobaState, t: T.Active, action: A.Act) -> None:
    seat, colour, disks, used = t.seat, t.colour, t.disks, t.used
    a = type(action)
    if a is A.End:
        return
    if a is A.Place or a is A.Move:
        st.tasks.append(T.ACTIVES[seat, colour, disks, used | T.USED_TERRITORY])
        _territory(st, seat, action)
    elif a is A.Vision:
        assert isinstance(action, A.Vision)
        st.tasks.append(T.ACTIVES[seat, colour, disks, used | T.USED_VISION])
        paths.vision(st, seat, action.path, action=True)
    else:
        assert isinstance(action, A.Wake)
        st.tasks.append(T.ACTIVES[seat, colour, disks, used | T.USED_WAKE])
        goods.wake(st, seat, action.cree)


def _act_passive(st: ManitobaState, t: T.Passive, action: A.Act) -> None:
    seat = t.seat
    if type(action) is A.Pass:
        st.log("pass", goods.PASSES[seat], seat=seat)  # a shared text (goods.py)
    elif type(action) is A.Vision:
        paths.vision(st, seat, action.path, action=PASSIVE_VISION_REPEATS_LAST)
    else:
        _territory(st, seat, action)


def _act_good(st: ManitobaState, t: T.Stow, action: A.Act) -> None:
    seat, good = t.seat, t.good
    if type(action) is A.Store:
        goods.store(st, seat, good, action.sector)
    else:
        assert type(action) is A.Ceremony
        goods.to_ceremony(st, seat, good, action.place)


def _act_feather(st: ManitobaState, t: T.StowFeather, action: A.Act) -> None:
    assert type(action) is A.Store
    goods.store(st, t.seat, D.FEATHER, action.sector)


def _act_choose(st: ManitobaState, t: T.ChooseGood | T.EventGood, action: A.Act) -> None:
    if type(action) is A.Good:
        goods.take_from_supply(st, t.seat, action.good)


def _act_repeat(st: ManitobaState, t: T.ShamanRepeat, action: A.Act) -> None:
    if type(action) is A.Repeat:
        seat, path = t.seat, action.path
        space = st.pos[seat][path]
        st.log("shaman", _("{seat} repeats the bonus of space {space} of the {path}", seat=name(seat), space=space,
                           path=W.PATH_PLACE[path]), seat=seat, path=D.PATHS[path], space=space)
        paths.standard_bonus(st, seat, path, space)


def _act_relocate(st: ManitobaState, t: T.WarriorRelocate, action: A.Act) -> None:
    if type(action) is A.Place:
        place_cree(st, t.seat, action.area)


def _act_ev_vision(st: ManitobaState, t: T.EventVision, action: A.Act) -> None:
    if type(action) is A.Vision:
        paths.vision(st, t.seat, action.path, action=VISION_EVENT_REPEATS_LAST)


def _act_ev_move(st: ManitobaState, t: T.EventMove, action: A.Act) -> None:
    if type(action) is A.Move:
        move_cree(st, t.seat, action.frm, action.to)


def _act_ev_recall(st: ManitobaState, t: T.EventRecall, action: A.Act) -> None:
    assert type(action) is A.Recall
    events.recall(st, t.seat, action.area)


def _act_ev_feather(st: ManitobaState, t: T.EventLoseFeather, action: A.Act) -> None:
    assert type(action) is A.Drop
    events.drop_feather(st, t.seat, action.sector)


def _act_score(st: ManitobaState, t: T.ScoreTile, action: A.Act) -> None:
    if type(action) is A.Score:
        scoring.score_good(st, t.seat, action.good)
    else:
        st.log("skip_scoring", _("{seat} does not score", seat=name(t.seat)), seat=t.seat)


def _act_refill(st: ManitobaState, t: T.Refill, action: A.Act) -> None:
    assert type(action) is A.Refill
    land = t.landscape
    scoring.put(st, action.area, land)
    scoring.refill(st, t.seat, land)


def _act_final(st: ManitobaState, t: T.FinalChoice, action: A.Act) -> None:
    if type(action) is A.Score:
        scoring.final_score(st, t.seat, t.good)
    else:
        st.log("skip_scoring", _("{seat} does not score {goods}", seat=name(t.seat), goods=W.GOOD_PLURAL_WORDS[t.good]),
               seat=t.seat, good=D.GOODS[t.good])


def _automatic(st: ManitobaState, t: T.Task, *action: A.Act) -> Any:
    raise AssertionError(f"an automatic task has no legal actions and takes none: {t!r}")


# each takes the state and its own kind of task (and the action)
_Legal = Callable[..., list[A.Act]]
_Act = Callable[..., None]
_Auto = Callable[..., None]

_LEGAL: dict[T.Kind, _Legal] = {
    T.SOL_AREA: _legal_sol_area,
    T.SOL_PATH: _legal_sol_path,
    T.TOTEM: _legal_totem,
    T.ACTIVE: _legal_active,
    T.PASSIVE: _legal_passive,
    T.GOOD: _legal_good,
    T.FEATHER: _legal_feather,
    T.CHOOSE: _legal_choose,
    T.REPEAT: _legal_repeat,
    T.RELOCATE: _legal_relocate,
    T.EV_VISION: _legal_ev_vision,
    T.EV_MOVE: _legal_ev_move,
    T.EV_RECALL: _legal_ev_recall,
    T.EV_GOOD: _legal_ev_good,
    T.EV_FEATHER: _legal_ev_feather,
    T.SCORE: _legal_score,
    T.REFILL: _legal_refill,
    T.FINAL: _legal_final,
    T.OFFER: lambda st, t: goods.offer_options(st, t.seat, t.offer),
}
_ACT: dict[T.Kind, _Act] = {
    T.SOL_AREA: _act_sol_area,
    T.SOL_PATH: _act_sol_path,
    T.TOTEM: _act_totem,
    T.ACTIVE: _act_active,
    T.PASSIVE: _act_passive,
    T.GOOD: _act_good,
    T.FEATHER: _act_feather,
    T.CHOOSE: _act_choose,
    T.REPEAT: _act_repeat,
    T.RELOCATE: _act_relocate,
    T.EV_VISION: _act_ev_vision,
    T.EV_MOVE: _act_ev_move,
    T.EV_RECALL: _act_ev_recall,
    T.EV_GOOD: _act_choose,
    T.EV_FEATHER: _act_ev_feather,
    T.SCORE: _act_score,
    T.REFILL: _act_refill,
    T.FINAL: _act_final,
    T.OFFER: lambda st, t, action: goods.take_offer(st, t.seat, t.offer, action),
}
_AUTO: dict[T.Kind, _Auto] = {
    T.SOL_GOODS: lambda st, t: solstice_goods(st, t.seat),
    T.SOL_DONE: lambda st, t: solstice_done(st),
    T.EV_AUTO: lambda st, t: events.points_event(st, t.symbol),
    T.EV_WAKE: lambda st, t: events.event_wake(st, t.seat),
    T.ROUND_END: lambda st, t: round_end(st),
    T.ADVANCE: lambda st, t: advance(st),
    T.SEASON_END: lambda st, t: scoring.season_end(st),
    T.WAKE_ALL: lambda st, t: scoring.wake_all(st),
    T.FINAL_START: lambda st, t: scoring.final_start(st),
    T.FINAL_SEAT: lambda st, t: scoring.final_seat(st, t.seat),
    T.GAME_END: lambda st, t: scoring.game_end(st),
    T.CERE_STORE: lambda st, t: goods.store_goods(st, t.seat, t.goods),
}


#: The tables above indexed by kind (a tuple index is cheaper than a set test and a dict lookup on every task
#: the machine carries out); None where the kind has no such step.
_AUTO_OF: tuple[_Auto | None, ...] = tuple(_AUTO.get(k) for k in T.Kind)
_LEGAL_OF: tuple[_Legal, ...] = tuple(_LEGAL.get(k, _automatic) for k in T.Kind)
_ACT_OF: tuple[_Act, ...] = tuple(_ACT.get(k, _automatic) for k in T.Kind)
#: Decisions whose legal actions are never empty (a passive seat may always pass, the final choice always
#: offers to pass): a Pass there is the decision's own, never one only a wampum use opened.
_NEVER_EMPTY = frozenset({T.PASSIVE, T.FINAL})
assert all((_AUTO_OF[k] is None) == (k not in T.AUTOMATIC) for k in T.Kind)


def describe_task(st: ManitobaState, t: T.Task) -> dict[str, Any]:
    """The current decision in words and data, for views and clients."""
    out: dict[str, Any] = {"kind": T.NAMES[t.kind], "seat": t.seat}
    if isinstance(t, T.Active):
        out["colour"] = D.COLOURS[t.colour] if t.colour >= 0 else None
        out["wake_up_disks"] = t.disks if t.colour < 0 else None
        out["done"] = [w for bit, w in ((T.USED_TERRITORY, "territory"), (T.USED_VISION, "vision"),
                                         (T.USED_WAKE, "wake")) if t.used & bit]
    elif isinstance(t, (T.Stow, T.FinalChoice)):
        out["good"] = D.GOODS[t.good]
    elif isinstance(t, (T.ChooseGood, T.EventGood)):
        out["goods"] = [D.GOODS[g] for g in range(5) if t.goods >> g & 1]
    elif isinstance(t, T.ScoreTile):
        out["tile"] = tile_json(t.tile)
    elif isinstance(t, T.Refill):
        out["landscape"] = D.LANDSCAPES[t.landscape]
    elif isinstance(t, T.OptionalBonus):
        out["offer"] = ("wake", "reactivate")[t.offer]
    return out
