"""What each seat sees of a Five Tribes position: the Sultanate, the tracks, the markets and Djinns, and
every seat's public holdings (``shared_view``, the same for all), and under ``you`` a seat's own (``own_view``).

Hidden (RULING visibility, ``rulings.py``): another seat's gold and cards until the game is over (the others
see how many cards), a suit another seat is putting together for sale, and another seat's pending Sibittis
draw. The engine wraps this part in the common header (``engine/view.py``).
"""

from __future__ import annotations

from typing import Any

from longhouse.engine.seats import seat_word
from longhouse.engine.text import N_, Msg, _
from longhouse.engine.view import split_view
from longhouse.games.five_tribes import rulings, scoring
from longhouse.games.five_tribes.data import AL_AMIN, DJINNS, ZERO_SPOTS
from longhouse.games.five_tribes.state import (
    DROP,
    KEEP,
    KILL,
    OVER,
    PHASE_NAMES,
    PLACE,
    TURN_PHASES,
    FTState,
)

JSON = dict[str, Any]


def view(state: FTState, seat: int | None) -> JSON:
    """The game's part of ``state.view(seat)``."""
    return split_view(shared_view(state), own_view(state, seat))


def shared_view(state: FTState) -> JSON:
    """What every seat and the spectator see alike: everything but ``you``. A seat's gold and cards are
    None here while they are hidden (RULING visibility), its own are in its ``you``."""
    n = state.num_players
    over = state.phase == OVER
    # RULING visibility: gold is hidden from the others; resource cards are held in hand (the others see how many).
    gold_open = over or not rulings.GOLD_IS_HIDDEN
    cards_open = over or not rulings.CARDS_ARE_HIDDEN
    players = []
    for s in range(n):
        players.append({
            "gold": state.gold[s] if gold_open else None,
            "camels": state.camels[s],
            "viziers": state.viziers[s],
            "elders": state.elders[s],
            "resources": list(state.hands[s]) if cards_open else None,
            "cards": sum(state.hands[s]),
            "djinns": list(state.djinns[s]),
            "markers": [m for m in range(len(state.marker_seat)) if state.marker_seat[m] == s],
        })
    v: JSON = {
        "stage": PHASE_NAMES[state.phase],
        "round": state.round,
        "turn_seat": state.seat if state.phase in TURN_PHASES else None,
        "tiles": list(state.tiles),
        "meeples": [list(x) for x in state.board],
        "owner": list(state.owner),
        "palms": list(state.palms),
        "palaces": list(state.palaces),
        "bag": list(state.bag),
        "palm_supply": state.palm_supply,
        "palace_supply": state.palace_supply,
        "resource_row": list(state.res_row),
        "resource_deck_size": len(state.res_deck),
        "resource_discard": list(state.res_discard),
        "djinn_row": list(state.djinn_row),
        "djinn_deck_size": len(state.djinn_deck),
        "djinn_discard": list(state.djinn_discard),
        "bid_track": list(state.bid_track),
        "turn_track": list(state.paid_spots) + state.zero_queue + [-1] * (ZERO_SPOTS - len(state.zero_queue)),
        "marker_seat": list(state.marker_seat),
        "players": players,
        "move": {"path": list(state.mv_path), "hand": list(state.mv_hand), "left": state.mv_left}
        if state.phase == DROP else None,
        "final_tile": state.final_tile if state.phase in TURN_PHASES else -1,
        # The turn's meeple move so far (the picked-up tile, then each drop), the last move made (kept until
        # the next one), and what the move's last meeple collected: the tribe, how many, and the blue-valued
        # tiles the Builders would count.
        "path": list(state.mv_path) if state.phase in TURN_PHASES else [],
        "last_move": {"seat": state.last_mover, "path": list(state.last_path)} if state.last_path else None,
        "tribe": {"colour": state.last_colour, "count": state.tribe_count,
                  "blue_tiles": state.blue_block(state.final_tile)}
        if state.phase in TURN_PHASES and state.final_tile >= 0 else None,
        "assassin_range": state.ass_range if state.phase == KILL else None,
        "placing": (["palm", "palace"][state.place_kind], state.place_tile) if state.phase == PLACE else None,
        # RULING visibility: a suit put together for sale is seen by its seller only (its ``you``).
        "suit": list(state.suit) if not rulings.CARDS_ARE_HIDDEN else [],
        "used_powers": [d for d in range(len(DJINNS)) if state.used >> d & 1],
        "echidna": state.echidna,
        "iblis": state.iblis,
        "last_camel": state.last_camel,
        "no_move": state.no_move,
        "keep_count": len(state.keep_choices),
        # The points anyone at the table can count (no gold, no cards), per seat and category.
        "public_points": public_points(state),
        "breakdown": state.score_breakdown() if over else None,
    }
    return v


def own_view(state: FTState, seat: int | None) -> JSON:
    """What only ``seat`` sees, under ``you`` (None for the spectator): its gold, its cards and their best value
    as suits, the suit it is putting together, its Sibittis draw, how many steps it may take back."""
    if seat is None:
        return {"you": None}
    at_play = seat == state.seat
    return {"you": {
        "seat": seat,
        "gold": state.gold[seat],
        "resources": list(state.hands[seat]),
        "merchandise_value": scoring.merchandise_value(state.hands[seat], state.owns(seat, AL_AMIN)),
        "suit": list(state.suit) if at_play else [],
        # A Sibittis draw is seen only by the player choosing from it.
        "keep_choices": sorted(state.keep_choices) if (state.phase == KEEP and at_play) else None,
        "undo_steps": state.undo_steps(seat),
    }}


#: What the seat at play is doing in each phase, in words.
_DOING: dict[str, str] = {
    "bid": N_("Round {round}: {seat} is bidding for turn order"),
    "pick": N_("Round {round}: {seat} is choosing a tile to pick up meeples"),
    "drop": N_("Round {round}: {seat} is dropping meeples"),
    "builders": N_("Round {round}: {seat} is scoring the Builders"),
    "assassins": N_("Round {round}: {seat} is choosing the Assassins' target"),
    "kill": N_("Round {round}: {seat} is choosing whom the Assassins kill"),
    "tile": N_("Round {round}: {seat} is using the tile's action"),
    "place": N_("Round {round}: {seat} is placing a Palm Tree or Palace"),
    "keep": N_("Round {round}: {seat} is choosing a Djinn to keep"),
    "free": N_("Round {round}: {seat} is using a Djinn or selling merchandise"),
    "suit": N_("Round {round}: {seat} is selling merchandise"),
}


def phase_text(state: FTState) -> Msg:
    """The round (counted from 1, as the move log's "Round 2: bidding for turn order") and who is doing what,
    the same for every seat."""
    if state.phase == OVER:
        return _("Game over")
    rnd = state.round + 1
    who = state.acting()
    if state.phase in TURN_PHASES:
        who = (state.seat,)
    if not who:
        return _("Round {round}", round=rnd)
    return Msg(_DOING[PHASE_NAMES[state.phase]], {"round": rnd, "seat": seat_word(who[0])})


def public_points(state: FTState) -> list[dict[str, int]]:
    """Per seat, the score sheet's categories anyone at the table can count: all but gold and merchandise
    (hidden), with the Vizier majority as it stands."""
    return scoring.public_breakdown(state)


def public_scores(state: FTState) -> list[int] | None:
    """During the game the points anyone can count (gold and cards are hidden); at the end the scores."""
    if state.phase == OVER:
        return state.scores()
    return [sum(row.values()) for row in public_points(state)]
