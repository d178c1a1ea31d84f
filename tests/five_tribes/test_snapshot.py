"""A snapshot reads back exactly; a malformed or inconsistent one raises SnapshotError and nothing else."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from longhouse.engine.errors import SnapshotError
from longhouse.engine.rng import Rng
from longhouse.engine.text import plain
from longhouse.games.five_tribes import GAME, FTState

from .helpers import begin_turn, make, play


def _mid_turn() -> FTState:
    """A position in the middle of a turn, with an undo history."""
    st = make(3, meeples={"a1": "YWG", "d1": "G", "e5": "R", "f5": "R"})
    begin_turn(st, 0)
    play(st, "pick a1", "drop eY")
    assert st.undo_steps(0) == 2
    return st


def _random_position(seed: int) -> FTState:
    st = GAME.new_state(3, seed)
    rng = Rng(seed)
    for _ in range(60):
        seat = st.acting()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    return st


BASES = [json.loads(json.dumps(_mid_turn().to_json())), json.loads(json.dumps(_random_position(4).to_json()))]
JUNK: list[Any] = [None, "x", 1.5, -1, -5, 0, 1, 2, 3, 5, 7, 9, 11, 99, 10**9, 2**70, True, [], {}, [[]], [None],
                   [-1] * 30]


def test_snapshots_of_real_positions_read_back_exactly() -> None:
    for snap in BASES:
        assert GAME.state_from_json(copy.deepcopy(snap)).to_json() == snap


@pytest.mark.parametrize("bad", [None, [], "state", 3, {"phase": 0}])
def test_a_snapshot_that_is_not_a_state_raises_snapshot_error(bad: Any) -> None:
    with pytest.raises(SnapshotError):
        GAME.state_from_json(bad)


def legacy(snap: dict[str, Any]) -> dict[str, Any]:
    """The snapshot as this game wrote it before the engine kept the undo record (``undo_base``, ``undo_actions``)."""
    old = {k: v for k, v in snap.items() if k != "undo"}
    undo = snap["undo"]
    old["undo_base"] = None if undo is None else undo["base"]
    old["undo_actions"] = [] if undo is None else undo["steps"]
    return old


def test_snapshots_written_before_the_engine_kept_the_undo_record_read_back() -> None:
    for snap in BASES:
        assert GAME.state_from_json(legacy(copy.deepcopy(snap))).to_json() == snap
    old = legacy(copy.deepcopy(BASES[0]))
    assert old["undo_base"] is not None and GAME.state_from_json(old).undo_steps(0) == 2
    for key, value in [("undo_actions", [{"type": "end"}]), ("undo_actions", "x"), ("undo_base", {"phase": 1}),
                       ("undo_base", [])]:
        bad = copy.deepcopy(old)
        bad[key] = value
        with pytest.raises(SnapshotError):
            GAME.state_from_json(bad)


def test_named_corruptions_raise_snapshot_error() -> None:
    snap = BASES[0]
    corruptions = [
        ("phase", 99), ("seat", 7), ("num_players", 9), ("rng", -1), ("tiles", ["V"] * 30),
        ("gold", [50, 50]), ("bag", [0, 0, 0, 0, 99]), ("board", [[0] * 5] * 30), ("djinn_row", [0, 0, 0]),
        ("owner", [0] * 30), ("mv_left", 40), ("undo", "x"), ("undo", {"seat": 0, "base": {"phase": 1}, "steps": []}),
        ("undo", {**snap["undo"], "steps": [{"type": "end"}]}), ("undo", {**snap["undo"], "steps": "x"}),
        ("undo", {**snap["undo"], "seat": 2}),
    ]
    for key, value in corruptions:
        bad = copy.deepcopy(snap)
        bad[key] = value
        with pytest.raises(SnapshotError):
            GAME.state_from_json(bad)
    bad = copy.deepcopy(snap)
    del bad["hands"]
    with pytest.raises(SnapshotError):
        GAME.state_from_json(bad)


@st_.composite
def _corrupted(draw: st_.DrawFn) -> dict[str, Any]:
    snap = copy.deepcopy(draw(st_.sampled_from(BASES)))
    for _ in range(draw(st_.integers(1, 3))):
        target = snap
        undo = snap.get("undo")
        if isinstance(undo, dict) and isinstance(undo.get("base"), dict) and draw(st_.booleans()):
            target = undo["base"]
        key = draw(st_.sampled_from(sorted(target)))
        how = draw(st_.integers(0, 3))
        value = target[key]
        if how == 0:
            del target[key]
        elif how == 1 or not isinstance(value, list) or not value:
            target[key] = draw(st_.sampled_from(JUNK))
        elif how == 2:
            target[key] = value[:-1]
        else:
            i = draw(st_.integers(0, len(value) - 1))
            value[i] = draw(st_.sampled_from(JUNK))
    return snap


@settings(max_examples=300, deadline=None)
@given(_corrupted())
def test_any_corrupted_snapshot_raises_snapshot_error_or_reads_back_a_working_state(snap: dict[str, Any]) -> None:
    try:
        st = GAME.state_from_json(snap)
    except SnapshotError:
        return
    # A corruption that still describes a consistent position must give a state that works.
    for seat in st.acting():
        st.legal_actions(seat)
        st.undo_steps(seat)
    for seat in (None, *range(st.num_players)):
        json.dumps(plain(st.view(seat)))  # JSON once its texts are words, as the server makes them
    assert GAME.state_from_json(st.to_json()).to_json() == st.to_json()
