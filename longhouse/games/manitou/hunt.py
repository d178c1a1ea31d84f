"""Manitou's hunt (docs/rules/manitou-data.md §4.2 step 6, §5, §6): playing cards on the hunting grounds,
the reckoning when everyone has played, the score screen, and the next hunt or the end."""

from __future__ import annotations

from functools import partial
from typing import Any

from longhouse.engine.events import Event
from longhouse.engine.seats import seat_word
from longhouse.engine.state import JSON, Action
from longhouse.engine.text import Msg, _, joined, listing, ngettext
from longhouse.games.manitou import fights
from longhouse.games.manitou.actions import PLAYS, Play
from longhouse.games.manitou.data import (
    CARD_NOUNS,
    CODE_INDEX,
    CODES,
    GROUND_LAYOUT,
    GROUNDS,
    HUNTER_CODES,
    HUNTS,
    PELT_ROBBER_POINTS,
    PLAYS_PER_HUNT,
    PRISONER_POINTS,
    card_word,
)
from longhouse.games.manitou.fights import Card, Fight, Outcome, may_play_warrior, resolve
from longhouse.games.manitou.reckoning import GroundResult, hunter_totals_on, pelt_robbers, score_ground
from longhouse.games.manitou.rulings import FORCED_WARRIOR_FACE_DOWN, PELT_ROBBER_CARDS, PELT_ROBBER_SUPPLY_UNLIMITED
from longhouse.games.manitou.state import OVER, SCORE, SELECT, Ground, LastHunt, ManitouState


def legal_plays(state: ManitouState, seat: int) -> list[Action]:
    """Every hunter on any ground; a warrior where the seat has room for it (or face down, when forced)."""
    hand = state.players[seat].hand
    # the grounds a warrior may go to, one bit each: may_play_warrior written out for the three grounds (a call
    # and a loop step per ground on every play saved), with its switch as fights binds it
    cap = fights.MAX_FACE_UP_WARRIORS
    g0, g1, g2 = state.grounds
    u0, u1, u2 = g0.up, g1.up, g2.up
    open_to = ((len(u0) < cap or u0[0].seat != seat) | (len(u1) < cap or u1[0].seat != seat) << 1
               | (len(u2) < cap or u2[0].seat != seat) << 2)
    # A speed trick: the plays depend only on the grounds open to warriors and on the hand (at most three
    # cards), so they are made once per (grounds, hand as it lies) and copied (the caller owns its list).
    key = (open_to, *hand)
    plays = _LEGAL_PLAYS.get(key)
    if plays is None:
        if len(_LEGAL_PLAYS) >= LEGAL_PLAYS_KEPT:
            _LEGAL_PLAYS.clear()
        plays = _LEGAL_PLAYS[key] = _open_plays(open_to, hand)
    if not plays and FORCED_WARRIOR_FACE_DOWN:  # the switch read here, never kept in the table
        return [PLAYS[code, g] for code in CODES if code in hand for g in range(GROUNDS)]
    return plays.copy()


def _open_plays(open_to: int, hand: list[str]) -> list[Action]:
    """The plays of ``legal_plays`` but the forced ones: the hand's codes in code order, each on its grounds."""
    plays = _PLAYS_TO[open_to]
    out: list[Action] = []
    for code in sorted(set(hand), key=CODE_INDEX.__getitem__):
        out += plays[code]
    return out


#: ``legal_plays`` by (grounds open to warriors, the hand's codes as they lie): at most 8 x 16^3 hands of three
#: (and fewer of one or two); a few hundred in a game. Kept below a bound all the same (made again after a clear).
_LEGAL_PLAYS: dict[tuple[Any, ...], list[Action]] = {}
LEGAL_PLAYS_KEPT = 8192


#: The most seats a table has (``GROUND_LAYOUT``'s player counts).
MAX_SEATS = max(GROUND_LAYOUT)

#: A card's plays when warriors may go to the grounds whose bits are set in the index (hunters go to any
#: ground), in ground order: ``_PLAYS_TO[open_to][code]``.
_PLAYS_TO: list[dict[str, tuple[Play, ...]]] = [
    {code: tuple(PLAYS[code, g] for g in range(GROUNDS) if code.isdigit() or open_to >> g & 1) for code in CODES}
    for open_to in range(1 << GROUNDS)
]


def may_play(state: ManitouState, seat: int, action: Play) -> bool:
    return action.card in state.players[seat].hand and (
        action.card.isdigit() or may_play_warrior(state.grounds[action.ground].up, seat)
        or forced_face_down(state, seat))


def forced_face_down(state: ManitouState, seat: int) -> bool:
    """Ruling FORCED_WARRIOR_FACE_DOWN: only warriors in hand, and no ground takes one of them."""
    return FORCED_WARRIOR_FACE_DOWN and all(not c.isdigit() for c in state.players[seat].hand) and not any(
        may_play_warrior(g.up, seat) for g in state.grounds)


#: The events of a hunter's play per (seat, card, ground) and of a one-card draw per (seat, card), made once
#: (at import) and handed out again: most of a hunt's events. A speed trick (an event costs more to make than the rest
#: of a hunter's play): an event is immutable by contract (``engine.events.Event``: nobody changes one, its
#: data included), so the same values may be handed out many times, like the shared actions.
#: ``_HUNTER_EVENTS[seat][ground][code]``, ``_DRAW_EVENTS[seat][code]``: tables by index, with no key to make.
_HUNTER_EVENTS: list[list[dict[str, Event]]] = [[{code: Event(
    "play", _("{seat} plays {card} on hunting ground {ground}", seat=seat_word(seat), card=card_word(code),
              ground=g + 1), {"seat": seat, "card": code, "ground": g}) for code in HUNTER_CODES}
    for g in range(GROUNDS)] for seat in range(MAX_SEATS)]
_DRAW_EVENTS: list[dict[str, Event]] = [{code: Event(
    "draw", _("{seat} draws {cards}", seat=seat_word(seat), cards=card_word(code)), {"seat": seat, "cards": [code]},
    seats=(seat,)) for code in CODES} for seat in range(MAX_SEATS)]
#: The hunters' cards on the grounds, ``_HUNTER_CARDS[seat][code]``, shared for the same reason: a hunter's card
#: never changes on a ground (only warriors fight, are turned down or protected, and are told apart by identity).
_HUNTER_CARDS: list[dict[str, Card]] = [{code: Card(seat, code) for code in HUNTER_CODES}
                                        for seat in range(MAX_SEATS)]


#: A warrior's play events per (seat, card, ground, outcome[, the opponent's seat and card]), made once, for the
#: same reason (a warrior's words are two texts): at most 4 x 5 x 3 x (3 + 4 x 3 x 5) keys.
_WARRIOR_EVENTS: dict[tuple[Any, ...], Event] = {}
_FACE_DOWN = "face_down"  # the outcome of a warrior laid face down (no room for a third one): not an Outcome
#: Each outcome's value, read without the enum's ``value`` property (a Python-level descriptor in 3.11).
_OUTCOME_VALUES: dict[Outcome, str] = {o: o.value for o in Outcome}


def _warrior_event(key: tuple[Any, ...], fight: Fight | None) -> Event:
    """The event of a warrior's play (``key``: see ``_WARRIOR_EVENTS``; ``fight`` None: laid face down)."""
    seat, code, ground = key[:3]
    data: dict[str, Any] = {"seat": seat, "card": code, "ground": ground}
    who, what, where = seat_word(seat), card_word(code), ground + 1
    if fight is None:
        data["outcome"] = _FACE_DOWN
        text = _("{seat} plays {card} on hunting ground {ground} face down: no room for a third warrior", seat=who,
                 card=what, ground=where)
    else:
        data["outcome"] = _OUTCOME_VALUES[fight.outcome]
        if fight.opponent is not None:
            data["opponent"] = {"seat": fight.opponent.seat, "card": fight.opponent.code}
        text = _fight_words(fight, who, what, where)
    event = _WARRIOR_EVENTS[key] = Event("play", text, data)
    return event


def play(state: ManitouState, seat: int, action: Play) -> list[Event]:
    player = state.players[seat]
    code = action.card
    player.hand.remove(code)
    ground = state.grounds[action.ground]
    player.played += 1
    if code.isdigit():  # a hunter (most plays): its card and event made once
        ground.cards.append(_HUNTER_CARDS[seat][code])
        events = [_HUNTER_EVENTS[seat][action.ground][code]]
    else:  # a warrior: its card fights; its event made once per (seat, card, ground, outcome, opponent)
        card = Card(seat, code)
        ground.cards.append(card)
        up = ground.up
        g = action.ground
        if len(up) < fights.MAX_FACE_UP_WARRIORS or up[0].seat != seat:  # may_play_warrior, written out
            fight = resolve(up, card)
            opp = fight.opponent
            key = (seat, code, g, fight.outcome) if opp is None else (seat, code, g, fight.outcome, opp.seat,
                                                                      opp.code)
            events = [_WARRIOR_EVENTS.get(key) or _warrior_event(key, fight)]
        else:
            card.face_up = False
            events = [_WARRIOR_EVENTS.get((seat, code, g, _FACE_DOWN))
                      or _warrior_event((seat, code, g, _FACE_DOWN), None)]
    if player.pile:
        drawn = player.pile.pop()
        player.hand.append(drawn)
        events.append(_DRAW_EVENTS[seat][drawn])
    nxt = (seat + 1) % state.num_players
    if state.players[nxt].played >= PLAYS_PER_HUNT:
        events += end_hunt(state)
    else:
        state.turn = nxt
        state._acting = (nxt,)  # refresh_acting() of the hunt phase, written out (every play passes here)
    return events


#: The reckoning's score events (and each seat's points in words) per what they say, made once and handed out
#: again, for the reason given at ``_HUNTER_EVENTS``: a few hundred keys at most.
_ROBBER_EVENTS: dict[tuple[int, int], Event] = {}  # (seat, its hunters' total)
_BUFFALO_EVENTS: dict[tuple[int, int, int], Event] = {}  # (seat, value, ground)
_PRISONER_EVENTS: dict[tuple[int, int, int], Event] = {}  # (seat, ground, prisoners)
_SEAT_POINTS: dict[tuple[int, int], Msg] = {}  # (seat, points)


def _robber_event(seat: int, total: int) -> Event:
    event = _ROBBER_EVENTS[seat, total] = Event("score", _(
        "{seat} played the most hunters ({total}) and takes a pelt robber ({points})", seat=seat_word(seat),
        total=total, points=PELT_ROBBER_POINTS), {"seat": seat, "pelt_robber": True})
    return event


def _buffalo_event(seat: int, value: int, ground: int) -> Event:
    event = _BUFFALO_EVENTS[seat, value, ground] = Event("score", _(
        "{seat} takes the buffalo worth {value} at hunting ground {ground}", seat=seat_word(seat), value=value,
        ground=ground + 1), {"seat": seat, "ground": ground, "buffalo": value})
    return event


def _prisoner_event(seat: int, ground: int, prisoners: int) -> Event:
    event = _PRISONER_EVENTS[seat, ground, prisoners] = Event("score", ngettext(
        "{seat} controls hunting ground {ground} and takes {n} prisoner",
        "{seat} controls hunting ground {ground} and takes {n} prisoners", prisoners, seat=seat_word(seat),
        ground=ground + 1), {"seat": seat, "ground": ground, "prisoners": prisoners})
    return event


def _seat_points(seat: int, points: int) -> Msg:
    text = _SEAT_POINTS[seat, points] = _("{seat} {points}", seat=seat_word(seat), points=f"{points:+d}")
    return text


def end_hunt(state: ManitouState) -> list[Event]:
    n = state.num_players
    events: list[Event] = []
    # Data §7.5: each non-dealer's 8th card goes back to the reserve unrevealed.
    for player in state.players:
        for code in player.hand + player.pile:
            player.reserve[CODE_INDEX[code]] += 1
        player.hand = []
        player.pile = []
    grounds = state.grounds
    ground_totals = [hunter_totals_on(ground.cards, n) for ground in grounds]
    totals = [0] * n
    for on_ground in ground_totals:
        for s, t in enumerate(on_ground):
            totals[s] += t
    points = [0] * n
    robbed = pelt_robbers(totals)
    if not PELT_ROBBER_SUPPLY_UNLIMITED:
        left = PELT_ROBBER_CARDS - sum(p.pelt_robbers for p in state.players)
        robbed = robbed[:max(left, 0)]
    for s in robbed:
        state.players[s].pelt_robbers += 1
        points[s] += PELT_ROBBER_POINTS
        events.append(_ROBBER_EVENTS.get((s, totals[s])) or _robber_event(s, totals[s]))
    results = []
    for g, ground in enumerate(grounds):
        result = score_ground([v for v, _ in ground.buffalo], ground.cards, ground.up, n, ground_totals[g])
        results.append(result)
        for s, value in result.buffalo_won:
            state.players[s].buffalo.append(value)
            points[s] += value
            events.append(_BUFFALO_EVENTS.get((s, value, g)) or _buffalo_event(s, value, g))
        if result.controller is not None:
            c = result.controller
            state.players[c].prisoners += result.prisoners
            points[c] += PRISONER_POINTS * result.prisoners
            events.append(_PRISONER_EVENTS.get((c, g, result.prisoners)) or _prisoner_event(c, g, result.prisoners))
        for owner, code in result.returned:
            state.players[owner].reserve[CODE_INDEX[code]] += 1
    # The grounds are cleared (their cards went back to reserves or into score piles): new empty grounds, the
    # old ones kept, unchanged, for the reckoning's data, made only if a view or snapshot reads it (LastHunt).
    state.grounds = [Ground([]) for _ in grounds]
    state.reckoning = LastHunt(partial(_last_hunt_data, state.hunt, robbed, totals, points, n, grounds, results))
    seat_points = []
    for s, p in enumerate(points):  # a loop: cheaper than a generator for a few items (Python 3.11)
        seat_points.append(_SEAT_POINTS.get((s, p)) or _seat_points(s, p))
    events.append(Event("hunt_end", _("Hunt {hunt} is over: {points}", hunt=state.hunt,
                                      points=joined(", ", seat_points)), {"hunt": state.hunt, "points": points}))
    state.turn = None
    if state.hunt >= HUNTS:
        state.phase = OVER
        scores = state.scores()  # counted once (and the winners found once) for the words and the data
        winners = state.winners()
        events.append(Event("game_over", ngettext("The game is over: {names} wins with {points} points",
                                                  "The game is over: {names} win with {points} points", len(winners),
                                                  names=listing(seat_word(s) for s in winners), points=max(scores)),
                            {"scores": scores, "winners": winners}))
    else:
        state.phase = SCORE
        for player in state.players:
            player.ready = False
    state.refresh_acting()
    return events

def ready(state: ManitouState, seat: int) -> list[Event]:
    state.players[seat].ready = True
    state.refresh_acting()
    if state.acting():
        return []
    return next_hunt(state)

#: A ground's deal in words per (ground, its buffalo as dealt): a few hundred at most.
_GROUND_DEALS: dict[tuple[Any, ...], Msg] = {}


def _ground_deal(key: tuple[Any, ...]) -> Msg:
    g, *buffalo = key
    text = _GROUND_DEALS[key] = _("ground {ground}: {values}", ground=g + 1,
                                  values=" + ".join(str(v) for v, _size in buffalo))
    return text


def next_hunt(state: ManitouState) -> list[Event]:
    state.hunt += 1
    state.dealer = state.start_player  # data §7.9: the deal passes to the left
    for player in state.players:
        player.confirmed = False
        player.ready = False
        player.selection = []
    state.lay_out_buffalo()
    state.phase = SELECT
    state.derive_selection()
    state.refresh_acting()
    grounds = []
    for g, ground in enumerate(state.grounds):  # each ground's words made once per its buffalo (as dealt)
        key = (g, *ground.buffalo)
        grounds.append(_GROUND_DEALS.get(key) or _ground_deal(key))
    buffalo = joined("; ", grounds)
    return [Event("new_hunt", _("Hunt {hunt}: {seat} deals ({buffalo})", hunt=state.hunt, seat=seat_word(state.dealer),
                                buffalo=buffalo),
                  {"hunt": state.hunt, "dealer": state.dealer})]


def _fight_words(fight: Fight, who: Msg, what: Msg, where: int) -> Msg:
    """A warrior's play and its trial of strength in words."""
    opp = fight.opponent
    if opp is None:
        if fight.outcome is Outcome.TAKES_EMPTY:
            return _("{seat} plays {card} on hunting ground {ground} and takes control", seat=who, card=what,
                     ground=where)
        return _("{seat} plays {card} on hunting ground {ground} to protect", seat=who, card=what, ground=where)
    theirs = _("{seat}'s {card}", seat=seat_word(opp.seat), card=CARD_NOUNS[opp.code])
    if fight.outcome is Outcome.DEFEATS:
        return _("{seat} plays {card} on hunting ground {ground} — {theirs} is defeated", seat=who, card=what,
                 ground=where, theirs=theirs)
    if fight.outcome is Outcome.CANCELS:
        return _("{seat} plays {card} on hunting ground {ground} — it cancels {theirs}; both are out", seat=who,
                 card=what, ground=where, theirs=theirs)
    if fight.outcome is Outcome.SACRIFICE:
        return _("{seat} plays {card} on hunting ground {ground} — a sacrifice: it and {theirs} are both out",
                 seat=who, card=what, ground=where, theirs=theirs)
    return _("{seat} plays {card} on hunting ground {ground} — {theirs} defeats it", seat=who, card=what,
             ground=where, theirs=theirs)


def _last_hunt_data(hunt: int, robbed: list[int], totals: list[int], points: list[int], n: int,
                    grounds: list[Ground], results: list[GroundResult]) -> JSON:
    """The last hunt's reckoning as data (``state.last_hunt``), from what its end had at hand: the grounds as
    they were, and what each gave."""
    grounds_report = []
    for ground, result in zip(grounds, results, strict=True):
        report = _ground_report(result)
        report["buffalo"] = [{"value": v, "size": size} for v, size in sorted(ground.buffalo, reverse=True)]
        report["lanes"] = ground_lanes(ground, n)
        grounds_report.append(report)
    return {"hunt": hunt, "pelt_robbers": robbed, "hunter_totals": totals, "grounds": grounds_report,
            "points": points}


def ground_lanes(ground: Ground, n: int) -> list[list[list[Any]]]:
    """The cards on a ground as data, one lane per seat in play order, each ``[code, face_up, protected]``
    (``view.last_hunt_view`` shows them as the grounds' cards are shown)."""
    lanes: list[list[list[Any]]] = [[] for _ in range(n)]
    up = ground.up
    protected = up[0] if len(up) == 2 else None
    for card in ground.cards:
        lanes[card.seat].append([card.code, card.face_up, card is protected])
    return lanes


def _ground_report(result: GroundResult) -> JSON:
    return {
        "buffalo_won": [{"seat": s, "value": v} for s, v in result.buffalo_won],
        "buffalo_lost": result.buffalo_lost,
        "controller": result.controller,
        "prisoners": result.prisoners,
        "captured": [{"seat": s, "card": c} for s, c in result.captured],
        "returned": [{"seat": s, "card": c} for s, c in result.returned],
    }
