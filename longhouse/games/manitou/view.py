"""What each seat sees of a Manitou position: the grounds, every seat's public counts, and its own cards.

Hidden from the others: a seat's reserve, selection, hand and pile (only their sizes are shown), and the
order of the buffalo decks. The engine wraps this part in the common header (``engine/view.py``).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from longhouse.engine.seats import SEAT_COLOURS, seat_word
from longhouse.engine.text import Msg, _, joined, listing, ngettext
from longhouse.engine.view import split_view
from longhouse.games.manitou.data import (
    CODE_INDEX,
    CODES,
    GROUND_LAYOUT,
    HUNTS,
    PELT_ROBBER_POINTS,
    PRISONER_POINTS,
    warrior_of,
)
from longhouse.games.manitou.state import HUNT, OVER, SCORE, SELECT, Ground, ManitouState

JSON = dict[str, Any]

#: A ground view's hunter totals.
_HUNTER_TOTALS = itemgetter("hunter_totals")

#: Each card code's hunter strength (None: a warrior), and each warrior's word, for the views (English data, as
#: every name in a view: boards name cards from the description).
HUNTER_VALUE: dict[str, int | None] = {code: None if warrior_of(code) else int(code) for code in CODES}
WARRIOR_WORD: dict[str, str] = {code: w.word for code in CODES if (w := warrior_of(code)) is not None}
#: The most seats a table has (``GROUND_LAYOUT``'s player counts).
MAX_SEATS = max(GROUND_LAYOUT)


def card_view(code: str, seat: int, face_up: bool = True, protected: bool = False) -> JSON:
    """A card on a ground as views show it (a hunter's face and protection are not shown)."""
    value = HUNTER_VALUE[code]
    if value is None:
        return {"code": code, "kind": "warrior", "name": WARRIOR_WORD[code], "seat": seat, "face_up": face_up,
                "protected": protected}
    return {"code": code, "kind": "hunter", "value": value, "seat": seat}


#: Every ``card_view``, made once, to be copied: ``CARD_VIEWS[seat][code]`` is ``(value, made)``, ``made`` the
#: hunter's view, or, for a warrior (value None), its views indexed ``[face_up][protected]``.
CARD_VIEWS: list[dict[str, tuple[int | None, Any]]] = [{
    code: (value, card_view(code, seat)) if value is not None else
    (None, tuple(tuple(card_view(code, seat, up, prot) for prot in (False, True)) for up in (False, True)))
    for code, value in HUNTER_VALUE.items()
} for seat in range(MAX_SEATS)]


def lanes_and_totals(ground: Ground, n: int) -> tuple[list[list[JSON]], list[int]]:
    """The cards on a ground, one lane per seat in play order, as views show them (``card_view``, copied
    from ``CARD_VIEWS``: fresh dicts); and each seat's hunter total there (``reckoning.hunter_totals_on``),
    counted in the same pass."""
    lanes: list[list[JSON]] = []
    for _seat in range(n):  # a loop: cheaper than a comprehension for a few items (Python 3.11)
        lanes.append([])
    totals = [0] * n
    up = ground.up
    protected = up[0] if len(up) == 2 else None
    for card in ground.cards:
        seat = card.seat
        value, made = CARD_VIEWS[seat][card.code]
        if value is None:
            lanes[seat].append(made[card.face_up][card is protected].copy())
        else:
            totals[seat] += value
            lanes[seat].append(made.copy())
    return lanes, totals


#: ``last_hunt_view`` by the identity of the reckoning it shows (kept with it, so the identity is not reused).
_HUNT_VIEWS: dict[int, tuple[JSON, JSON]] = {}
HUNT_VIEWS_KEPT = 4096  # two a game: a hall of 2,000 tables keeps all (made again after a clear, as from a snapshot)


def last_hunt_view(report: JSON | None) -> JSON | None:
    """The last hunt's reckoning (``state.last_hunt``, made by ``hunt.end_hunt``) as views show it: its lanes'
    cards as the grounds' cards (``card_view``). Made once per reckoning, so that positions sharing one
    reckoning share its view too (``Game.unchanging_view_keys``: the server keeps its text)."""
    if report is None:
        return None
    kept = _HUNT_VIEWS.get(id(report))
    if kept is not None and kept[0] is report:
        return kept[1]
    made = {**report, "grounds": [{**ground, "lanes": [
        [card_view(code, seat, face_up, protected) for code, face_up, protected in lane]
        for seat, lane in enumerate(ground["lanes"])]} for ground in report["grounds"]]}
    if len(_HUNT_VIEWS) >= HUNT_VIEWS_KEPT:
        _HUNT_VIEWS.clear()
    _HUNT_VIEWS[id(report)] = (report, made)
    return made


def view(state: ManitouState, seat: int | None) -> JSON:
    """The game's part of ``state.view(seat)``."""
    return split_view(shared_view(state), own_view(state, seat))


def shared_view(state: ManitouState) -> JSON:
    """What every seat and the spectator see alike: everything but ``you``. The header has the phase in words,
    who acts, the scores and the winners; ``stage`` is the phase's name."""
    n = state.num_players
    hunting = state.phase == HUNT
    grounds = []
    for ground in state.grounds:  # loops here: cheaper than comprehensions for a few items (Python 3.11)
        grounds.append(ground_view(ground, n))
    # the seats' hunter totals over the grounds (only cards of the hunt under way lie there)
    totals = list(map(sum, zip(*map(_HUNTER_TOTALS, grounds), strict=True))) if hunting else [0] * n
    players, breakdown = seat_parts(state, totals)
    return {
        "hunt": state.hunt, "hunts": HUNTS, "stage": state.phase, "dealer": state.dealer,
        "start_player": state.start_player, "turn": state.turn, "grounds": grounds, "players": players,
        "last_hunt": last_hunt_view(state.last_hunt), "breakdown": breakdown,
    }


def ground_view(ground: Ground, n: int) -> JSON:
    """A hunting ground: its buffalo (best first), each seat's lane of cards, its controller, each seat's
    hunter total there."""
    buffalo = ground.buffalo
    if len(buffalo) > 1:
        buffalo = sorted(buffalo, reverse=True)
    buffalo_views = []
    for value, size in buffalo:
        buffalo_views.append({"value": value, "size": size})
    lanes, totals = lanes_and_totals(ground, n)
    up = ground.up
    return {
        "buffalo": buffalo_views,
        "lanes": lanes,
        "controller": up[0].seat if up else None,
        "hunter_totals": totals,
    }


def seat_parts(state: ManitouState, totals: list[int]) -> tuple[list[JSON], list[JSON]]:
    """Each seat's public counts (``players``) and score breakdown, in one pass (``Player.score``)."""
    players: list[JSON] = []
    breakdown: list[JSON] = []
    for s, p in enumerate(state.players):
        buffalo = sum(p.buffalo)
        prisoners = PRISONER_POINTS * p.prisoners
        robbers = PELT_ROBBER_POINTS * p.pelt_robbers
        score = buffalo + prisoners + robbers
        players.append({
            "seat": s, "colour": SEAT_COLOURS[s], "reserve_size": sum(p.reserve), "selected": len(p.selection),
            "confirmed": p.confirmed, "hand_size": len(p.hand), "pile_size": len(p.pile), "played": p.played,
            "score": score, "buffalo": p.buffalo[:], "prisoners": p.prisoners, "pelt_robbers": p.pelt_robbers,
            "hunter_total": totals[s], "ready": p.ready,
        })
        breakdown.append({"buffalo": buffalo, "prisoners": prisoners, "pelt_robbers": robbers, "total": score})
    return players, breakdown


def own_view(state: ManitouState, seat: int | None) -> JSON:
    """What only ``seat`` sees: ``you``, its reserve, selection, hand and pile (None for the spectator)."""
    if seat is None:
        return {"you": None}
    p = state.players[seat]
    return {"you": {
        "seat": seat,
        "reserve": reserve_cards(p.reserve),
        "selection": p.selection[:],
        "hand": sorted(p.hand, key=CODE_INDEX.__getitem__),
        "pile_size": len(p.pile),
        "pile_cards": sorted(p.pile, key=CODE_INDEX.__getitem__),
        "must_pick": state.must_pick(seat) if state.phase == SELECT else 0,
    }}


#: A reserve's cards by its copies of each code (a seat's reserve changes only between hunts): made once.
_RESERVES: dict[tuple[int, ...], list[str]] = {}
RESERVES_KEPT = 4096


def reserve_cards(reserve: list[int]) -> list[str]:
    """The cards of a reserve (copies of each code, indexed like ``CODES``), in code order; a new list."""
    key = tuple(reserve)
    cards = _RESERVES.get(key)
    if cards is None:
        if len(_RESERVES) >= RESERVES_KEPT:
            _RESERVES.clear()
        cards = _RESERVES[key] = [code for code, copies in zip(CODES, reserve, strict=True) for _ in range(copies)]
    return cards[:]


#: ``phase_text`` by what it depends on (phase, hunt, turn, acting seats): a few hundred texts at most.
_PHASE_TEXTS: dict[tuple[str, int, int | None, tuple[int, ...]], Msg] = {}


def phase_text(state: ManitouState) -> Msg:
    """The phase in words, the same for every seat (made once for each phase, hunt, turn and acting seats)."""
    key = (state.phase, state.hunt, state.turn, state.acting())
    text = _PHASE_TEXTS.get(key)
    if text is None:
        text = _PHASE_TEXTS[key] = phase_words(state)
    return text


def phase_words(state: ManitouState) -> Msg:
    """``phase_text``, made."""
    hunt, hunts = state.hunt, HUNTS
    if state.phase == SELECT:
        acting = state.acting()
        if not acting:
            return _("Hunt {hunt} of {hunts}: nobody is to act", hunt=hunt, hunts=hunts)
        return ngettext("Hunt {hunt} of {hunts}: {who} is choosing a hunting party",
                        "Hunt {hunt} of {hunts}: {who} are choosing a hunting party", len(acting), hunt=hunt,
                        hunts=hunts, who=listing(seat_word(s) for s in acting))
    if state.phase == HUNT and state.turn is not None:
        return _("Hunt {hunt} of {hunts}: {seat} to play a card", hunt=hunt, hunts=hunts, seat=seat_word(state.turn))
    if state.phase == SCORE:
        return _("Hunt {hunt} of {hunts} is scored; waiting for {who} to confirm", hunt=hunt, hunts=hunts,
                 who=joined(", ", (seat_word(s) for s in state.acting())))
    return _("Game over") if state.phase == OVER else _("Hunt {hunt} of {hunts}", hunt=hunt, hunts=hunts)


def public_scores(state: ManitouState) -> list[int]:
    """Buffalo, prisoners and pelt robbers are won in the open: every score is public."""
    return state.scores()
