"""What each seat sees of a Manitoba position: nearly everything, for the game is open.

Hidden: the season decks' order and the undrawn score tiles (only their count is shown). The engine wraps
this part in the common header (``engine/view.py``).
"""

from __future__ import annotations

from typing import Any

from longhouse.engine.seats import seat_word
from longhouse.engine.text import N_, Msg, Text, _
from longhouse.engine.view import split_view
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import recent
from longhouse.games.manitoba import tasks as T
from longhouse.games.manitoba import words as W
from longhouse.games.manitoba.flow import describe_task
from longhouse.games.manitoba.prompts import prompt
from longhouse.games.manitoba.rulings import Options
from longhouse.games.manitoba.state import CATEGORIES, ManitobaState, card_symbol
from longhouse.games.manitoba.territory import area_name
from longhouse.games.manitoba.texts import tile_json

JSON = dict[str, Any]


def view(state: ManitobaState, seat: int | None) -> JSON:
    """Everything is open in Manitoba except the undrawn score tiles and the season decks."""
    return split_view(shared_view(state), own_view(state, seat))


def own_view(state: ManitobaState, seat: int | None) -> JSON:
    """A seat sees nothing the others do not: its own part, ``you``, is only which seat it is (None for the
    spectator)."""
    return {"you": None if seat is None else {"seat": seat}}


def shared_view(state: ManitobaState) -> JSON:
    """The open game, the same for every seat and the spectator."""
    recent.settle(state)  # the last moves and the last scoring, up to date
    terr = state.terr
    top = state.tasks[-1] if state.tasks and not state.over else None
    return {
        "options": state.opts.to_json(),
        "round": state.round_no,
        "rounds": D.ROUNDS_BY_PLAYERS[state.n],
        "season": D.SEASONS[state.season],
        "cards": [card_json(c, state.opts) for c in state.cards],
        "card_index": state.card_idx,
        "score_tiles": [tile_json(t) for t in state.tiles],
        "drawn_score_tiles": [tile_json(t) for t in state.drawn],
        "undrawn_score_tiles": len(state.tile_pile),
        "active": state.active,
        "start_player": state.start,
        "totem": [D.COLOURS[c] for c in state.totem],
        "taken": [D.COLOURS[c] for c in state.taken],
        "beside_village": [D.COLOURS[c] for c in state.rest],
        "territory": {
            "tiles": [[t, r] for t, r in terr.tiles],
            "layout": terr.layout,
            "areas": [
                {
                    "id": a,
                    "name": area_name(terr, a),
                    "tile": a // 5,
                    "slot": D.SLOT_NAMES[a % 5],
                    "landscape": D.LANDSCAPES[terr.land[a]],
                    "neighbours": list(terr.adj[a]),
                    "good": D.GOODS[state.area_good[a]] if state.area_good[a] >= 0 else None,
                    "cree": state.area_cree[a] if state.area_cree[a] >= 0 else None,
                }
                for a in range(terr.size)
            ],
        },
        "supply": dict(zip(D.GOODS, state.supply, strict=True)),
        "wampum_supply": state.wampum_supply,
        "first_reached": [
            [space for space in range(1, 7) if state.firsts[path * 7 + space]] for path in range(4)
        ],
        "villages": [
            {
                "seat": p,
                "score": state.score[p],
                "breakdown": dict(zip(CATEGORIES, state.bd[p], strict=True)),
                "wigwam": state.wigwam[p],
                "square": state.square[p],
                "territory": state.cree_on_territory(p),
                "paths": dict(zip(D.PATHS, state.pos[p], strict=True)),
                "storage": {D.GOODS[s]: [D.GOODS[g] for g in state.sectors[p][s]] for s in D.SECTORS},
                "ceremonial": {str(size): [D.GOODS[g] for g in state.cere[p][i]]
                               for i, size in enumerate(D.CEREMONIAL_SIZES)},
                "wampum_active": state.wa[p],
                "wampum_inactive": state.wi[p],
                "exempt": [D.GOODS[g] for g in D.SECTORS if state.exempt(p, g)],
            }
            for p in range(state.n)
        ],
        "decision": {**describe_task(state, top), "prompt": prompt(state, top)} if top is not None else None,
        # what just happened: each seat's last move, the last scoring (recent.py)
        "marks": state.marks,
        "tally": state.tally,
    }


#: What a seat does at each decision, in words, for the phase line ("{when}: {seat} is …").
_DOING: dict[T.Kind, str] = {
    T.SOL_AREA: N_("{when}: {seat} is placing a Cree for the winter solstice"),
    T.SOL_PATH: N_("{when}: {seat} is moving on a vision path for the winter solstice"),
    T.TOTEM: N_("{when}: {seat} is choosing a totem disk"),
    T.ACTIVE: N_("{when}: {seat} is taking the active actions"),
    T.PASSIVE: N_("{when}: {seat} is choosing a passive action"),
    T.GOOD: N_("{when}: {seat} is storing a good"),
    T.FEATHER: N_("{when}: {seat} is placing a feather"),
    T.CHOOSE: N_("{when}: {seat} is choosing a good"),
    T.REPEAT: N_("{when}: {seat} is choosing the Shaman's repeat"),
    T.RELOCATE: N_("{when}: {seat} is moving a Cree with the warrior"),
    T.EV_VISION: N_("{when}: {seat} is moving on a vision path (event)"),
    T.EV_MOVE: N_("{when}: {seat} is moving a Cree (event)"),
    T.EV_RECALL: N_("{when}: {seat} is calling a Cree back (event)"),
    T.EV_GOOD: N_("{when}: {seat} is choosing a good (event)"),
    T.EV_FEATHER: N_("{when}: {seat} is giving up a feather (event)"),
    T.SCORE: N_("{when}: {seat} is scoring a score tile"),
    T.REFILL: N_("{when}: {seat} is refilling an area"),
    T.FINAL: N_("{when}: {seat} is choosing for the final scoring"),
    T.OFFER: N_("{when}: {seat} is choosing whether to take a bonus"),
}


def phase_text(state: ManitobaState) -> Text:
    """The round, the season and who is doing what, the same for every seat."""
    if state.over:
        return _("Game over")
    rounds = D.ROUNDS_BY_PLAYERS[state.n]
    when = (_("Round {round} of {rounds}, {season}", round=state.round_no, rounds=rounds,
              season=W.SEASON_WORDS[state.season]) if state.round_no
            else _("Winter solstice, before round 1 of {rounds}", rounds=rounds))  # the set-up round: no "Round 0"
    if not state.tasks:
        return when
    top = state.tasks[-1]
    kind, seat = top.kind, top.seat
    if kind in _DOING and seat >= 0:
        return Msg(_DOING[kind], {"when": when, "seat": seat_word(seat)})
    return when


def public_scores(state: ManitobaState) -> list[int]:
    """The score track is public."""
    return state.scores()


def card_json(card: int, opts: Options) -> JSON:
    """An event card (or a winter or scoring card of the season row) as views show it."""
    if card == D.CARD_SOLSTICE:
        return {"card": "winter_solstice"}
    if card == D.CARD_WINTER2:
        return {"card": "winter_2"}
    if card == D.CARD_SCORE3:
        return {"card": "score_3"}
    if card == D.CARD_SCORE5:
        return {"card": "score_5"}
    symbol, goods = card_symbol(card, opts)
    return {"card": "event", "id": card, "event": D.EVENT_NAMES[symbol], "goods": [D.GOODS[g] for g in goods]}
