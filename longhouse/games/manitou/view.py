"""What each seat sees of a Manitou position: the grounds, every seat's public counts, and its own cards.

Hidden from the others: a seat's reserve, selection, hand and pile (only their sizes are shown), and the
order of the buffalo decks. The engine wraps this part in the common header (``engine/view.py``).
"""

from __future__ import annotations

from typing import Any

from longhouse.engine.seats import SEAT_COLOURS, seat_name
from longhouse.engine.view import acting_words, split_view
from longhouse.games.manitou.data import CODE_INDEX, CODES, HUNTS, PELT_ROBBER_POINTS, PRISONER_POINTS
from longhouse.games.manitou.state import HUNT, OVER, SCORE, SELECT, ManitouState, lanes_and_totals

JSON = dict[str, Any]

#: Shared keys whose value object is never changed once made (``last_hunt``, ~1.8 KB, made twice a game and
#: shared by the position's copies): the server reuses its text while the object is the same.
UNCHANGING_KEYS = frozenset({"last_hunt"})


def view(state: ManitouState, seat: int | None) -> JSON:
    """The game's part of ``state.view(seat)``."""
    return split_view(shared_view(state), own_view(state, seat))


def shared_view(state: ManitouState) -> JSON:
    """What every seat and the spectator see alike: everything but ``you``."""
    n = state.num_players
    grounds = []
    totals = [0] * n
    for ground in state.grounds:
        lanes, ground_totals = lanes_and_totals(ground, n)
        for s in range(n):
            totals[s] += ground_totals[s]
        up = ground.up
        grounds.append({
            "buffalo": [{"value": v, "size": size} for v, size in sorted(ground.buffalo, reverse=True)],
            "lanes": lanes,
            "controller": up[0].seat if up else None,
            "hunter_totals": ground_totals,
        })
    hunting = state.phase == HUNT
    # each seat's score once (Player.score), for the players, the scores and the breakdown alike
    buffalo = [sum(p.buffalo) for p in state.players]
    scores = [b + PRISONER_POINTS * p.prisoners + PELT_ROBBER_POINTS * p.pelt_robbers
              for b, p in zip(buffalo, state.players, strict=True)]
    players = [{
        "seat": s, "colour": SEAT_COLOURS[s], "reserve_size": sum(p.reserve), "selected": len(p.selection),
        "confirmed": p.confirmed, "hand_size": len(p.hand), "pile_size": len(p.pile), "played": p.played,
        "score": scores[s], "buffalo": p.buffalo[:], "prisoners": p.prisoners, "pelt_robbers": p.pelt_robbers,
        "hunter_total": totals[s] if hunting else 0, "ready": p.ready,
    } for s, p in enumerate(state.players)]
    breakdown = [{
        "buffalo": buffalo[s],
        "prisoners": PRISONER_POINTS * p.prisoners,
        "pelt_robbers": PELT_ROBBER_POINTS * p.pelt_robbers,
        "total": scores[s],
    } for s, p in enumerate(state.players)]
    return {
        "game": "manitou", "num_players": n, "hunt": state.hunt, "hunts": HUNTS, "phase": state.phase,
        "dealer": state.dealer, "start_player": state.start_player, "acting": list(state.acting()),
        "turn": state.turn, "grounds": grounds, "players": players,
        "last_hunt": state.last_hunt, "scores": scores, "breakdown": breakdown,
        "winners": state.winners(),
    }


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
