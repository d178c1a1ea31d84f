"""The views, the phase text, the public scores and the hunt's legal plays are built the cheap way (tables of
pre-made parts, loops); here a plain reference of each, written the obvious way, must give the same JSON text,
byte for byte, at every position of random games. And every view is fresh: two views of a position share no
list or dict but the unchanging ``last_hunt``."""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st_

from longhouse.engine import Rng
from longhouse.engine.seats import SEAT_COLOURS, seat_name
from longhouse.engine.text import english_hook
from longhouse.engine.view import acting_words
from longhouse.games.manitou import GAME
from longhouse.games.manitou import view as views
from longhouse.games.manitou.actions import PLAYS
from longhouse.games.manitou.data import (
    CODE_INDEX,
    CODES,
    GROUNDS,
    HUNTS,
    PELT_ROBBER_POINTS,
    PRISONER_POINTS,
    warrior_of,
)
from longhouse.games.manitou.fights import may_play_warrior
from longhouse.games.manitou.rulings import FORCED_WARRIOR_FACE_DOWN
from longhouse.games.manitou.state import HUNT, OVER, SCORE, SELECT, Ground, ManitouState

JSON = dict[str, Any]
encode = msgspec.json.Encoder(enc_hook=english_hook).encode  # texts (Msg) in English


def reference_lanes(ground: Ground, n: int) -> tuple[list[list[JSON]], list[int]]:
    lanes: list[list[JSON]] = [[] for _ in range(n)]
    totals = [0] * n
    protected = ground.up[0] if len(ground.up) == 2 else None
    for card in ground.cards:
        w = warrior_of(card.code)
        if w is not None:
            lanes[card.seat].append({"code": card.code, "kind": "warrior", "name": w.word, "seat": card.seat,
                                     "face_up": card.face_up, "protected": card is protected})
        else:
            totals[card.seat] += int(card.code)
            lanes[card.seat].append({"code": card.code, "kind": "hunter", "value": int(card.code),
                                     "seat": card.seat})
    return lanes, totals


def reference_card(code: str, seat: int, face_up: bool, protected: bool) -> JSON:
    w = warrior_of(code)
    if w is not None:
        return {"code": code, "kind": "warrior", "name": w.word, "seat": seat, "face_up": face_up,
                "protected": protected}
    return {"code": code, "kind": "hunter", "value": int(code), "seat": seat}


def reference_last_hunt(report: JSON | None) -> JSON | None:
    if report is None:
        return None
    out = dict(report)
    out["grounds"] = []
    for ground in report["grounds"]:
        shown = dict(ground)
        shown["lanes"] = [[reference_card(code, seat, up, prot) for code, up, prot in lane]
                          for seat, lane in enumerate(ground["lanes"])]
        out["grounds"].append(shown)
    return out


def reference_shared(state: ManitouState) -> JSON:
    n = state.num_players
    grounds = []
    totals = [0] * n
    for ground in state.grounds:
        lanes, ground_totals = reference_lanes(ground, n)
        totals = [a + b for a, b in zip(totals, ground_totals, strict=True)]
        grounds.append({
            "buffalo": [{"value": v, "size": size} for v, size in sorted(ground.buffalo, reverse=True)],
            "lanes": lanes,
            "controller": ground.up[0].seat if ground.up else None,
            "hunter_totals": ground_totals,
        })
    hunting = state.phase == HUNT
    return {
        "hunt": state.hunt, "hunts": HUNTS, "stage": state.phase,
        "dealer": state.dealer, "start_player": state.start_player,
        "turn": state.turn, "grounds": grounds,
        "players": [{
            "seat": s, "colour": SEAT_COLOURS[s], "reserve_size": sum(p.reserve), "selected": len(p.selection),
            "confirmed": p.confirmed, "hand_size": len(p.hand), "pile_size": len(p.pile), "played": p.played,
            "score": p.score(), "buffalo": list(p.buffalo), "prisoners": p.prisoners,
            "pelt_robbers": p.pelt_robbers, "hunter_total": totals[s] if hunting else 0, "ready": p.ready,
        } for s, p in enumerate(state.players)],
        "last_hunt": reference_last_hunt(state.last_hunt),
        "breakdown": [{
            "buffalo": sum(p.buffalo),
            "prisoners": PRISONER_POINTS * p.prisoners,
            "pelt_robbers": PELT_ROBBER_POINTS * p.pelt_robbers,
            "total": p.score(),
        } for p in state.players],
    }


def reference_own(state: ManitouState, seat: int | None) -> JSON:
    if seat is None:
        return {"you": None}
    p = state.players[seat]
    return {"you": {
        "seat": seat,
        "reserve": [code for code, copies in zip(CODES, p.reserve, strict=True) for _ in range(copies)],
        "selection": list(p.selection),
        "hand": sorted(p.hand, key=CODE_INDEX.__getitem__),
        "pile_size": len(p.pile),
        "pile_cards": sorted(p.pile, key=CODE_INDEX.__getitem__),
        "must_pick": state.must_pick(seat) if state.phase == SELECT else 0,
    }}


def reference_phase_text(state: ManitouState) -> str:
    hunt = f"Hunt {state.hunt} of {HUNTS}"
    if state.phase == SELECT:
        return f"{hunt}: {acting_words(state, 'choosing a hunting party')}"
    if state.phase == HUNT and state.turn is not None:
        return f"{hunt}: {seat_name(state.turn)} to play a card"
    if state.phase == SCORE:
        return f"{hunt} is scored; waiting for {', '.join(seat_name(s) for s in state.acting())} to confirm"
    return "Game over" if state.phase == OVER else hunt


def reference_plays(state: ManitouState, seat: int) -> list[Any]:
    hand = state.players[seat].hand
    out = []
    for code in CODES:
        if code in hand:
            out += [PLAYS[code, g] for g, ground in enumerate(state.grounds)
                    if code.isdigit() or may_play_warrior(ground.up, seat)]
    if not out and FORCED_WARRIOR_FACE_DOWN:
        out = [PLAYS[code, g] for code in CODES if code in hand for g in range(GROUNDS)]
    return out


def containers(value: Any, skip: str = "last_hunt") -> list[Any]:
    """Every list and dict inside ``value`` (``value`` too), but the unchanging ``skip`` key's."""
    found: list[Any] = []
    todo = [value]
    while todo:
        v = todo.pop()
        if isinstance(v, dict):
            found.append(v)
            todo += [x for k, x in v.items() if k != skip]
        elif isinstance(v, list):
            found.append(v)
            todo += v
    return found


def check_position(s: ManitouState) -> None:
    game_part = views.shared_view(s)
    assert encode(game_part) == encode(reference_shared(s))
    assert str(views.phase_text(s)) == reference_phase_text(s)
    assert views.public_scores(s) == [p.score() for p in s.players]
    for seat in (None, *range(s.num_players)):
        assert encode(views.own_view(s, seat)) == encode(reference_own(s, seat))
    if s.phase == HUNT:
        for seat in s.acting():
            assert s.legal_actions(seat) == reference_plays(s, seat)
    # fresh: a second view of the position shares no list or dict with the first (the server keeps both)
    for first, second in [(game_part, views.shared_view(s))] + [
            (views.own_view(s, seat), views.own_view(s, seat)) for seat in range(s.num_players)]:
        assert not {id(c) for c in containers(first)} & {id(c) for c in containers(second)}


@settings(max_examples=15, deadline=None)
@given(n=st_.sampled_from([2, 3, 4]), seed=st_.integers(0, 2**32))
def test_the_views_equal_a_plain_reference_at_every_position_of_a_random_game(n: int, seed: int) -> None:
    s = GAME.new_state(n, seed)
    rng = Rng(seed)
    while not s.is_over():
        check_position(s)
        seat = rng.choice(list(s.acting()))
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    check_position(s)
