"""Resource cards are held in hand: the others see how many, and the cards they saw taken face up, but never
a card drawn blind; a determinized world re-deals exactly those blind cards (and keeps the undo history
consistent with the re-deal)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from longhouse.engine.errors import SnapshotError
from longhouse.engine.events import visible_events
from longhouse.engine.rng import Rng
from longhouse.engine.text import plain
from longhouse.games.five_tribes import GAME
from longhouse.games.five_tribes.data import FAKIR, RESOURCE_CODES

from .helpers import begin_turn, check_conservation, give_cards, give_djinn, make, play


def _code(name: str) -> int:
    return RESOURCE_CODES.index(name)


def test_others_see_a_card_count_and_the_holder_sees_the_cards() -> None:
    st = make(3, meeples={"a1": "G", "b1": "G"}, resources=["fi", "wh", "po"] + ["iv"] * 2)
    begin_turn(st, 0)
    events = play(st, "pick a1", "drop eG")
    # Merchants take the first two cards of the row, face up: the log names them to everybody.
    assert any(str(e.text).endswith("takes Fish, Wheat") and e.seats is None for e in events)
    assert st.view(0)["you"]["resources"][_code("fi")] == 1
    for observer in (0, 1, 2, None):  # the shared part hides them from all: the holder's own part has them
        p = st.view(observer)["players"][0]
        assert p["resources"] is None and p["cards"] == 2


def test_a_blind_draw_is_named_only_to_its_taker() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"}, resources=["fi"] * 6 + ["wh"] * 3 + ["je"])
    give_djinn(st, 0, "Sloar")
    begin_turn(st, 0)
    give_cards(st, 0, "fk")
    events = play(st, "power Sloar F")
    assert st.hands[0][_code("je")] == 1 and st.shown[0] == [0] * 10
    mine = " ".join(str(e["text"]) for e in visible_events(events, 0))
    assert "Jewels" in mine
    for observer in (1, 2, None):
        theirs = json.dumps(plain(visible_events(events, observer))) + json.dumps(plain(st.view(observer)))
        assert "Jewels" not in theirs and "draws a Resource card (Sloar)" in theirs


def test_a_suit_being_built_is_seen_only_by_its_seller() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"})
    begin_turn(st, 0)
    give_cards(st, 0, "fi wh", seen=False)
    play(st, "pick a1", "drop eW", "skip", "suit fi")
    assert st.view(0)["you"]["suit"] == [_code("fi")] and st.view(0)["suit"] == []
    assert st.view(1)["you"]["suit"] == [] and st.view(1)["suit"] == [] and st.view(None)["suit"] == []
    assert st.view(None)["you"] is None


def test_determinize_redeals_only_the_cards_drawn_blind() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"}, resources=["po"] * 6 + ["pa"] * 3)
    begin_turn(st, 0)
    give_cards(st, 1, "fi fi wh")             # seen taken
    give_cards(st, 1, "iv je go", seen=False)  # drawn blind
    give_cards(st, 2, "pa", seen=False)
    worlds = [st.determinize(0, Rng(k)) for k in range(20)]
    redealt = False
    for w in worlds:
        check_conservation(w)
        assert w.view(0) == st.view(0)
        assert w.hands[0] == st.hands[0]
        assert w.hands[1][_code("fi")] >= 2 and w.hands[1][_code("wh")] >= 1
        assert sum(w.hands[1]) == 6 and sum(w.hands[2]) == 1
        assert Counter(w.res_deck) + Counter({c: w.hands[1][c] + w.hands[2][c] for c in range(10)}) == (
            Counter(st.res_deck) + Counter({c: st.hands[1][c] + st.hands[2][c] for c in range(10)}))
        redealt |= w.hands[1] != st.hands[1] or w.hands[2] != st.hands[2]
    assert redealt
    # the holder of the blind cards keeps them in its own world
    assert all(st.determinize(1, Rng(k)).hands[1] == st.hands[1] for k in range(5))


def test_the_undo_base_of_a_redealt_world_replays_to_that_world() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"}, resources=["po"] * 6 + ["pa"] * 3)
    begin_turn(st, 0)
    give_cards(st, 0, "fi wh", seen=True)
    give_cards(st, 0, "fi sp fk fk", seen=False)
    # Fish sold: one was seen taken, so nobody knows whether the blind one went; Spice and a Fakir can
    # only have been blind ones.
    play(st, "pick a1", "drop eW", "skip", "suit fi", "suit sp", "suit wh", "sell")
    assert st.undo_steps(0) == 7
    for observer in (1, 2):
        for k in range(20):
            w = st.determinize(observer, Rng(k))
            assert w.undo_turn is not None
            check_conservation(w.undo_turn.base)
            replay = w.undo_turn.base.clone()
            for a in w.undo_turn.steps:
                assert replay.is_legal(0, a)
                replay._apply(0, a)
            assert replay.core_json() == w.core_json()
            assert w.view(observer) == st.view(observer)
            assert sum(w.hands[0]) == sum(st.hands[0]) and w.hands[0][FAKIR] + sum(w.hands[0][:FAKIR]) == 3


def test_a_snapshot_claiming_more_cards_seen_than_held_is_refused() -> None:
    st = make(3, meeples={"a1": "W", "b1": "W"}, resources=["po"] * 6 + ["pa"] * 3)
    give_cards(st, 1, "fi", seen=False)
    snap = st.to_json()
    assert GAME.state_from_json(snap).shown == st.shown
    snap["shown"][1][_code("fi")] = 2
    with pytest.raises(SnapshotError, match="shown"):
        GAME.state_from_json(snap)
    del snap["shown"]
    with pytest.raises(SnapshotError, match="shown"):
        GAME.state_from_json(snap)
