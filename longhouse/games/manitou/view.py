"""What each seat sees of a Manitou position: the grounds, every seat's public counts, and its own cards.

Hidden from the others: a seat's reserve, selection, hand and pile (only their sizes are shown), and the
order of the buffalo decks. The engine wraps this part in the common header (``engine/view.py``).
"""

from __future__ import annotations

from typing import Any

from longhouse.engine.seats import SEAT_COLOURS, seat_name
from longhouse.engine.view import acting_words, split_view
from longhouse.games.manitou.data import CODE_INDEX, CODES, HUNTS
from longhouse.games.manitou.reckoning import hunter_totals_on
from longhouse.games.manitou.state import HUNT, OVER, SCORE, SELECT, ManitouState, lanes_of

JSON = dict[str, Any]


def view(state: ManitouState, seat: int | None) -> JSON:
    """The game's part of ``state.view(seat)``."""
    return split_view(shared_view(state), own_view(state, seat))


def shared_view(state: ManitouState) -> JSON:
    """What every seat and the spectator see alike: everything but ``you``."""
    n = state.num_players
    grounds = []
    totals = [0] * n
    for ground in state.grounds:
        ground_totals = hunter_totals_on(ground.cards, n)
        for s, t in enumerate(ground_totals):
            totals[s] += t
        grounds.append({
            "buffalo": [{"value": v, "size": size} for v, size in sorted(ground.buffalo, reverse=True)],
            "lanes": lanes_of(ground, n),
            "controller": ground.controller(),
            "hunter_totals": ground_totals,
        })
    players = [{
        "seat": s, "colour": SEAT_COLOURS[s], "reserve_size": p.reserve_size(), "selected": len(p.selection),
        "confirmed": p.confirmed, "hand_size": len(p.hand), "pile_size": len(p.pile), "played": p.played,
        "score": p.score(), "buffalo": p.buffalo[:], "prisoners": p.prisoners, "pelt_robbers": p.pelt_robbers,
        "hunter_total": totals[s] if state.phase == HUNT else 0, "ready": p.ready,
    } for s, p in enumerate(state.players)]
    return {
        "game": "manitou", "num_players": n, "hunt": state.hunt, "hunts": HUNTS, "phase": state.phase,
        "dealer": state.dealer, "start_player": state.start_player, "acting": list(state.acting()),
        "turn": state.turn, "grounds": grounds, "players": players,
        "last_hunt": state.last_hunt, "scores": state.scores(), "breakdown": state.score_breakdown(),
        "winners": state.winners(),
    }


def own_view(state: ManitouState, seat: int | None) -> JSON:
    """What only ``seat`` sees: ``you``, its reserve, selection, hand and pile (None for the spectator)."""
    if seat is None:
        return {"you": None}
    p = state.players[seat]
    return {"you": {
        "seat": seat,
        "reserve": [code for i, code in enumerate(CODES) for _ in range(p.reserve[i])],
        "selection": p.selection[:],
        "hand": sorted(p.hand, key=CODE_INDEX.__getitem__),
        "pile_size": len(p.pile),
        "pile_cards": sorted(p.pile, key=CODE_INDEX.__getitem__),
        "must_pick": state.must_pick(seat) if state.phase == SELECT else 0,
    }}


def phase_text(state: ManitouState) -> str:
    """The phase in words, the same for every seat."""
    hunt = f"Hunt {state.hunt} of {HUNTS}"
    if state.phase == SELECT:
        return f"{hunt}: {acting_words(state, 'choosing a hunting party')}"
    if state.phase == HUNT and state.turn is not None:
        return f"{hunt}: {seat_name(state.turn)} to play a card"
    if state.phase == SCORE:
        waiting = ", ".join(seat_name(s) for s in state.acting())
        return f"{hunt} is scored; waiting for {waiting} to confirm"
    return "Game over" if state.phase == OVER else hunt


def public_scores(state: ManitouState) -> list[int]:
    """Buffalo, prisoners and pelt robbers are won in the open: every score is public."""
    return state.scores()
