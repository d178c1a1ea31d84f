"""manitou-data.md §7.10: who sees what. Selection, hand and pile order are private; plays are public."""

from __future__ import annotations

import json

from longhouse.engine import Rng
from longhouse.engine.text import json_default
from longhouse.games.manitou import GAME
from longhouse.games.manitou.actions import PICKS
from tests.manitou.helpers import new, party, play, select


def test_a_seat_sees_its_own_reserve_selection_and_hand_but_no_one_elses() -> None:
    s = new(3, dealer=2)
    for code in ["C", "10", "Q"]:
        s.apply(0, PICKS[code])
    mine, theirs, watcher = s.view(0), s.view(1), s.view(None)
    assert mine["you"]["selection"] == ["C", "10", "Q"]
    assert theirs["you"]["selection"] == [] and theirs["you"]["seat"] == 1
    assert watcher["you"] is None
    assert theirs["players"][0]["selected"] == 3 and "selection" not in theirs["players"][0]
    assert "C" not in json.dumps(theirs["players"]) and "C" not in json.dumps(watcher["players"])


def test_hands_and_pile_order_are_private_and_played_cards_are_public() -> None:
    s = new(2, dealer=1)
    select(s, [party("8", "Q", "3"), party("7", "S", "2", size=7)])
    hidden = s.view(1)
    assert hidden["players"][0]["hand_size"] == 3
    assert "hand" not in hidden["players"][0]
    play(s, 0, "Q", 2)
    for seat in (None, 0, 1):
        lane = s.view(seat)["grounds"][1]["lanes"][0]
        assert lane == [{"code": "Q", "kind": "warrior", "name": "squaw", "seat": 0, "face_up": True,
                         "protected": False}]
    # the seat knows what is left in its pile, but not its order
    assert sorted(s.view(0)["you"]["pile_cards"]) == s.view(0)["you"]["pile_cards"]


def test_draw_events_are_only_for_the_drawing_seat() -> None:
    s = new(2, dealer=1)
    select(s, [party("8", "Q", "3", "6"), party(size=7)])
    events = s.apply(0, GAME.action_from_text("8@1"))
    draws = [e for e in events if e.kind == "draw"]
    assert draws and all(e.seats == (0,) for e in draws)
    assert all(not e.visible_to(1) and not e.visible_to(None) for e in draws)


def test_determinize_re_deals_other_seats_cards_but_keeps_my_knowledge() -> None:
    s = GAME.new_state(4, 9)
    rng = Rng(9)
    while s.view(None)["stage"] == "select":
        seat = s.acting()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    for _ in range(5):
        seat = s.acting()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    worlds = [s.determinize(0, Rng(k)) for k in range(20)]
    assert all(w.view(0) == s.view(0) for w in worlds)
    others = {json.dumps(w.to_json()["players"][1]["hand"]) for w in worlds}
    assert len(others) > 1  # other hands really are re-dealt
    for w in worlds:  # and every world keeps each seat's card count
        for a, b in zip(w.to_json()["players"], s.to_json()["players"], strict=True):
            assert sum(a["reserve"]) + len(a["hand"]) + len(a["pile"]) == \
                sum(b["reserve"]) + len(b["hand"]) + len(b["pile"])


def test_determinize_during_selection_keeps_every_seats_cards_real() -> None:
    """During the selection a seat's choice is hidden but its reserve is not: a re-dealt world picks the
    same number of cards out of the same reserve, never a card the seat does not own."""
    from collections import Counter

    s = new(3, dealer=0)
    for code in ["C", "C", "10", "9"]:
        s.apply(1, PICKS[code])
    for k in range(30):
        world = s.determinize(0, Rng(k)).to_json()
        for seat, (a, b) in enumerate(zip(world["players"], s.to_json()["players"], strict=True)):
            assert a["reserve"] == b["reserve"]
            assert len(a["selection"]) == len(b["selection"])
            picked = Counter(a["selection"])
            owned = dict(zip(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "C", "M", "R", "S", "Q"],
                             a["reserve"], strict=True))
            assert all(picked[c] <= owned[c] for c in picked), (seat, a["selection"])


def test_the_shared_part_of_the_views_holds_no_seats_secret_on_any_state_of_a_game() -> None:
    """The server builds the shared part once and sends it to every seat and spectator: it must not change
    when anything hidden from any seat is re-dealt, and it holds no seat's own part."""
    s = GAME.new_state(3, 4)
    rng = Rng(4)
    checked = 0
    while not s.is_over():
        shared = s.shared_view()
        assert shared is not None and "you" not in shared and "viewer" not in shared["header"]
        for seat in range(3):
            assert s.view_parts(seat) == (shared, {"you": s.view(seat)["you"]})
            for k in range(2):
                assert s.determinize(seat, Rng(k)).shared_view() == shared
        checked += 1
        seat = s.acting()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert checked > 50


def test_an_unchanging_shared_key_keeps_its_json_while_its_object_is_the_same_across_games_and_undo() -> None:
    """``last_hunt`` is declared unchanging (``Game.unchanging_view_keys``): the server reuses its text while a
    position's ``last_hunt`` is the very object of an earlier one. Over random games (clones taken as undo does), each
    object seen keeps the JSON it had when first seen."""
    rng = Rng(7)
    seen: dict[int, tuple[object, str]] = {}  # id -> (the object, held so the id stays its own; its JSON)
    reused = 0
    for players, seed in [(2, 1), (3, 2), (4, 3), (2, 5), (3, 8)]:
        s = GAME.new_state(players, seed)
        assert s.game.unchanging_view_keys == {"last_hunt"}
        copies = []
        while not s.is_over():
            value = s.shared_view()["last_hunt"]  # type: ignore[index]
            if value is not None:
                text = json.dumps(value, sort_keys=True, default=json_default)
                first = seen.setdefault(id(value), (value, text))
                assert first[0] is value and first[1] == text
                reused += first[1] is not text
            copies.append(s.clone())
            seat = rng.choice(list(s.acting()))
            s.apply(seat, rng.choice(s.legal_actions(seat)))
        for copy in copies[::7]:
            value = copy.shared_view()["last_hunt"]  # type: ignore[index]
            if value is not None:
                assert seen[id(value)][1] == json.dumps(value, sort_keys=True, default=json_default)
    assert reused > 100


def test_the_last_hunt_is_kept_as_data_and_a_snapshot_of_its_older_view_form_reads_to_the_same_view() -> None:
    """The reckoning's cards are data in the state (``[code, face_up, protected]``), shown only by ``view.py``;
    a snapshot from before held them as the view showed them, and reads back to the very same views."""
    rng = Rng(11)
    s = GAME.new_state(3, 4)
    while s.last_hunt is None:
        seat = rng.choice(list(s.acting()))
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    raw = s.last_hunt
    cards = [card for ground in raw["grounds"] for lane in ground["lanes"] for card in lane]
    assert cards and all(isinstance(c, list) and len(c) == 3 and isinstance(c[0], str) for c in cards)
    shown = s.view(None)["last_hunt"]
    assert all(isinstance(c, dict) for g in shown["grounds"] for lane in g["lanes"] for c in lane)
    assert any(c["kind"] == "warrior" for g in shown["grounds"] for lane in g["lanes"] for c in lane)
    snap = s.to_json()
    assert GAME.state_from_json(snap).view(0) == s.view(0)
    older = json.loads(json.dumps(snap, default=json_default))
    older["last_hunt"] = json.loads(json.dumps(shown, default=json_default))  # the view's form, as stored before
    assert GAME.state_from_json(older).view(0) == s.view(0)
    assert GAME.state_from_json(older).to_json()["last_hunt"] == json.loads(json.dumps(raw))
