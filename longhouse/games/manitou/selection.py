"""Manitou's selection (docs/rules/manitou-data.md §4.2): each seat picks its hunting party from its reserve,
may take a pick back before confirming, and the hunt starts when every seat has confirmed."""

from __future__ import annotations

from typing import Any

from longhouse.engine.events import Event
from longhouse.engine.seats import seat_word
from longhouse.engine.text import _, joined
from longhouse.games.manitou.data import CARD_WORDS, CODE_INDEX, CODES, GROUND_LAYOUT, HAND_SIZE, card_word
from longhouse.games.manitou.state import HUNT, SELECT, SHUFFLED, ManitouState

#: A pick's event per (seat, card), made once and handed out again: picks are half of a game's moves, and an
#: event costs more to make than the rest of a pick. A speed trick: an event is immutable by contract
#: (``engine.events.Event``: nobody changes one, its data included), like the shared actions.
_PICK_EVENTS: list[dict[str, Event]] = [{code: Event(
    "pick", _("{seat} picks {card}", seat=seat_word(seat), card=card_word(code)), {"seat": seat, "card": code},
    seats=(seat,)) for code in CODES} for seat in range(max(GROUND_LAYOUT))]  # [seat][card], made at import


def pick(state: ManitouState, seat: int, card: str) -> list[Event]:
    player = state.players[seat]
    player.selection.append(card)
    player.free[CODE_INDEX[card]] -= 1
    return [_PICK_EVENTS[seat][card]]


def undo_steps(state: ManitouState, seat: int) -> int:
    """Picks may be taken back, one by one, until the seat confirms."""
    if state.phase == SELECT and 0 <= seat < state.num_players and not state.players[seat].confirmed:
        return len(state.players[seat].selection)
    return 0


def unpick(state: ManitouState, seat: int, index: int) -> list[Event]:
    """Take a pick back before confirming: ``index`` is its place in the seat's selection (checked by the
    engine's ``State.undo``: one of ``undo_steps``)."""
    code = state.players[seat].selection.pop(index)
    state.players[seat].free[CODE_INDEX[code]] += 1
    return [Event("unpick", _("{seat} takes back {card}", seat=seat_word(seat), card=card_word(code)),
                  {"seat": seat, "card": code}, seats=(seat,))]


def confirm(state: ManitouState, seat: int) -> list[Event]:
    player = state.players[seat]
    player.confirmed = True
    events = [Event("selected", _("{seat} has chosen a hunting party of {n}", seat=seat_word(seat),
                                  n=len(player.selection)),
                    {"seat": seat, "count": len(player.selection)})]
    state.refresh_acting()
    if not state.acting():
        events += start_hunt(state)
    return events


#: The event of a hunt's first draw per (seat, the cards drawn in order), made once, for the same reason as
#: ``_PICK_EVENTS``: at most 4 x 16^3, a few dozen in a game; kept below a bound all the same.
_FIRST_DRAWS: dict[tuple[Any, ...], Event] = {}
FIRST_DRAWS_KEPT = 8192


def _first_draw(seat: int, hand: list[str]) -> Event:
    if len(_FIRST_DRAWS) >= FIRST_DRAWS_KEPT:
        _FIRST_DRAWS.clear()
    event = _FIRST_DRAWS[(seat, *hand)] = Event("draw", _("{seat} draws {cards}", seat=seat_word(seat), cards=joined(
        ", ", [CARD_WORDS[c] for c in hand])), {"seat": seat, "cards": hand[:]}, seats=(seat,))
    return event


def start_hunt(state: ManitouState) -> list[Event]:
    """Data §4.2 steps 4-5: the chosen cards leave the reserve, are shuffled into a pile, and 3 are drawn."""
    events = []
    for seat, player in enumerate(state.players):
        # the reserve less the selection is what the selection phase keeps as ``free`` (pick, unpick and
        # derive_selection keep it so): copied, rather than taken off card by card
        player.reserve = player.free.copy()
        pile = player.selection  # the selection's own list (it is emptied now) becomes the pile
        if state.pile_order == SHUFFLED:
            state.rng.shuffle(pile)
        else:
            pile.reverse()  # the first card picked is drawn first
        player.pile = pile
        player.selection = []
        # the top HAND_SIZE cards, drawn one by one (the top is the end): the end's slice, reversed
        k = min(HAND_SIZE, len(pile))
        player.hand = pile[:-k - 1:-1]
        del pile[len(pile) - k:]
        player.played = 0
        events.append(_FIRST_DRAWS.get((seat, *player.hand)) or _first_draw(seat, player.hand))
    state.phase = HUNT
    state.turn = state.start_player
    state.refresh_acting()
    events.insert(0, Event("hunt_start", _("Hunt {hunt} begins; {seat} plays first", hunt=state.hunt,
                                           seat=seat_word(state.turn)),
                           {"hunt": state.hunt, "start_player": state.turn}))
    return events
