"""Action notations, views (what each seat may see), determinize, snapshots and undo."""

from __future__ import annotations

import json

import pytest

from longhouse.engine.errors import IllegalAction, SnapshotError
from longhouse.engine.rng import Rng
from longhouse.engine.text import plain
from longhouse.games.manitoba import GAME
from longhouse.games.manitoba import actions as A
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba.state import ManitobaState
from tests.manitoba.helpers import finish_solstice, new, play, texts

SAMPLES = [
    A.Take(D.WHITE), A.Wakeup(3), A.Place(7), A.Move(7, 8), A.Vision(D.SHAMAN),
    A.Wake(2), A.END, A.PASS, A.Store(D.CANOE), A.Ceremony(4), A.Good(D.FEATHER),
    A.Repeat(D.HUNTER), A.Recall(0), A.Drop(D.BERRY), A.Score(D.HORSE),
    A.Refill(24), A.WAMPUM_WAKE, A.WampumTrade(D.HORSE), A.REACTIVATE,
]


@pytest.mark.parametrize("action", SAMPLES)
def test_every_action_kind_round_trips_through_json_and_text(action: A.Act) -> None:
    back = GAME.action_from_json(json.loads(json.dumps(GAME.action_to_json(action))))
    assert back == action and type(back) is type(action)
    assert GAME.action_from_text(GAME.action_to_text(action)) == action
    assert GAME.describe_action(action)


def test_notation_examples() -> None:
    assert GAME.action_to_json(A.Move(7, 8)) == {"type": "move", "from": 7, "to": 8}
    assert GAME.action_to_text(A.Take(D.BROWN)) == "take brown"
    assert GAME.action_from_text("wampum horse") == A.WampumTrade(D.HORSE)
    assert GAME.action_from_text("ceremony 3") == A.Ceremony(3)


@pytest.mark.parametrize("garbage", [
    None, [], {}, {"type": "fly"}, {"type": "take"}, {"type": "take", "colour": "pink"},
    {"type": "place", "area": 99}, {"type": "place", "area": True}, {"type": "end", "x": 1},
    {"type": "ceremony", "place": 5}, {"type": "wake", "cree": "2"},
    {"kind": "end"},  # rules version 1's tag, read only in its records and snapshots
])
def test_garbage_json_is_refused(garbage: object) -> None:
    with pytest.raises(IllegalAction):
        GAME.action_from_json(garbage)


@pytest.mark.parametrize("garbage", ["", "fly", "take", "take pink", "move 1", "place x", "wampum", "wampum wampum",
                                     "wampum_wake"])
def test_garbage_text_is_refused(garbage: str) -> None:
    with pytest.raises(IllegalAction):
        GAME.action_from_text(garbage)


def test_illegal_action_is_refused_and_changes_nothing() -> None:
    st = new(3)
    before = st.to_json()
    with pytest.raises(IllegalAction):
        st.apply(st.acting()[0], A.Take(D.BROWN))
    with pytest.raises(IllegalAction):
        st.apply((st.acting()[0] + 1) % 3, st.legal_actions(st.acting()[0])[0])
    assert st.to_json() == before


def test_an_action_spelled_with_booleans_is_refused() -> None:
    st = new(2)
    finish_solstice(st)
    seat = st.acting()[0]
    assert A.Wakeup(1) in st.legal_actions(seat)
    before = st.to_json()
    assert not st.is_legal(seat, A.Wakeup(True))  # equal to Wakeup(1) in Python, but not an action
    assert not st.is_legal(seat, (1, 1, -1))  # a bare tuple (rules version 1's numbering) is not one either
    with pytest.raises(IllegalAction):
        st.apply(seat, A.Wakeup(True))
    assert st.to_json() == before


def test_views_show_laid_out_cards_and_tiles_but_not_decks_or_undrawn_tiles() -> None:
    st = new(3, seasons={"spring": [5, 0, 3]}, score_tiles=[10, 4, 0])
    finish_solstice(st)
    view = st.view(1)
    assert [c.get("id") for c in view["cards"]] == [5, 0, None, 3, None]
    assert [t["id"] for t in view["score_tiles"]] == [10, 4]
    assert view["undrawn_score_tiles"] == 10
    text = json.dumps(plain(view))
    assert "tile_pile" not in text and "decks" not in text and "rng" not in text
    assert view == st.view(1)


def test_determinize_redeals_only_what_nobody_has_seen() -> None:
    st = new(4)
    finish_solstice(st)
    world = st.determinize(2, Rng(99))
    for seat in (None, 0, 1, 2, 3):
        assert world.view(seat) == st.view(seat)
    assert world.decks[0] == st.decks[0] or st.season == D.WINTER
    assert sorted(world.tile_pile) == sorted(st.tile_pile)
    assert world.legal_actions(0) == st.legal_actions(0)


def test_snapshot_round_trip_and_bad_snapshot() -> None:
    st = new(2)
    play(st, texts(st)[0])
    back = GAME.state_from_json(json.loads(json.dumps(st.to_json())))
    assert back.to_json() == st.to_json()
    with pytest.raises(SnapshotError):
        GAME.state_from_json({"game": "manitoba"})
    with pytest.raises(SnapshotError):
        GAME.state_from_json({"game": "chess"})


def test_undo_takes_back_own_steps_until_another_seat_acts() -> None:
    st = new(4)
    finish_solstice(st)
    start = st.to_json()["score"]
    seat = st.acting()[0]
    play(st, "take brown")
    assert st.undo_steps(seat) == 1
    play(st, "vision hunter")
    assert st.undo_steps(seat) == 2
    st.undo(seat)
    assert st.undo_steps(seat) == 1 and st.pos[seat][D.HUNTER] <= 1
    st.undo(seat, 0)
    assert st.undo_steps(seat) == 0 and st.totem and st.to_json()["score"] == start
    play(st, "take brown", "end")
    other = st.acting()[0]
    assert other != seat
    play(st, "pass")
    assert st.undo_steps(seat) == 0
    with pytest.raises(IllegalAction):
        st.undo(seat)


def test_undo_is_cut_when_a_season_is_laid_out() -> None:
    st = new(3)
    while st.round_no == 0:
        seat = st.acting()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    # the last solstice step laid out spring (hidden cards revealed): nothing to take back
    assert all(st.undo_steps(s) == 0 for s in range(3))


def test_undo_restores_the_state_before_the_step_and_never_spans_another_seat_or_a_reveal() -> None:
    """In random games, every offered take-back returns exactly to the state before that step, and the
    steps it covers are all the seat's own and lie after the last season lay-out."""

    def core(state: ManitobaState) -> dict[str, object]:
        d = dict(state.to_json())
        d.pop("undo")
        return d

    checked = 0
    for seed in range(12):
        n = 2 + seed % 3
        st = GAME.new_state(n, seed)
        rng = Rng(seed)
        history: list[tuple[int, dict[str, object], int]] = []  # (seat, state before, season before)
        while not st.is_over():
            for s in range(n):
                k = st.undo_steps(s)
                if k:
                    last = history[-k:]
                    assert all(h[0] == s for h in last)  # only the seat's own steps
                    assert all(h[2] == st.season for h in last)  # no season laid out since
                    j = rng.below(k)
                    copy = st.clone()
                    copy.undo(s, j)
                    assert core(copy) == last[j][1]
                    checked += 1
            seat = st.acting()[0]
            history.append((seat, core(st), st.season))
            st.apply(seat, rng.choice(st.legal_actions(seat)))
    assert checked > 50


def test_every_kind_of_action_pickles_for_the_bots_worker_processes() -> None:
    import pickle

    for cls in A.TYPES:
        action = next(cls.every())
        back = pickle.loads(pickle.dumps(action))
        assert back == action and type(back) is cls
        assert back is action  # the shared value, found by identity in a legal-action list
