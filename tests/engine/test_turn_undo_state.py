"""The engine's one undo scheme on a tiny game: ``State.undo`` checks, ``TurnUndoState`` restores a turn's base
and plays the kept steps again, and its snapshot holds the undo record, read back only if it replays."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Self

import pytest

from longhouse.engine import Event, Game, IllegalAction, Rng, SnapshotError, State
from longhouse.engine.fields import Fields
from longhouse.engine.undo import TurnUndoState


class Counting(TurnUndoState, State):
    """Two seats in turn add 1, 2 or 3 to a total; a seat's turn is three additions; the first to 12 wins.
    Each turn's additions may be taken back until it ends."""

    game: ClassVar[Game]
    FIELDS = Fields(values=("num_players", "seat", "done"), lists=("totals",), fresh={"undo_turn": None})
    __slots__ = (*FIELDS.names(), "undo_turn")
    num_players: int
    seat: int
    done: int
    totals: list[int]

    def acting(self) -> tuple[int, ...]:
        return () if self.is_over() else (self.seat,)

    def legal_actions(self, seat: int) -> list[Any]:
        return [1, 2, 3] if seat in self.acting() else []

    def is_legal(self, seat: int, action: Any) -> bool:
        return seat in self.acting() and action in (1, 2, 3) and type(action) is int

    def _apply(self, seat: int, action: Any) -> list[Event]:
        self.totals[seat] += action
        self.done += 1
        if self.done == 3 or self.is_over():  # the turn passes: nothing of it may be taken back
            self.seat, self.done = 1 - seat, 0
            self.begin_undo(self.seat)
        else:
            self.note_step(action)
        return []

    def _replay_step(self, seat: int, action: Any) -> None:
        self.totals[seat] += action
        self.done += 1

    def _undone(self, seat: int, taken: int, kept: int) -> list[Event]:
        return [Event("undo", f"seat {seat} takes back {taken}", {"seat": seat})]

    def is_over(self) -> bool:
        return max(self.totals) >= 12

    def scores(self) -> list[int]:
        return self.totals[:]

    def score_breakdown(self) -> list[dict[str, int]]:
        return [{"total": t} for t in self.totals]

    def determinize(self, seat: int, rng: Rng) -> Self:
        return self.clone()

    def core_json(self) -> dict[str, Any]:
        return self.FIELDS.to_json(self)

    @classmethod
    def core_from_json(cls, data: Mapping[str, Any]) -> Self:
        state = object.__new__(cls)
        cls.FIELDS.read(state, data)
        state.undo_turn = None
        return state


class CountingGame(Game):
    name, title, min_players, max_players, rules_version = "counting", "Counting", 2, 2, "1"

    def new_state(self, num_players: int, seed: int, setup: Mapping[str, Any] | None = None) -> Counting:
        state = object.__new__(Counting)
        state.num_players, state.seat, state.done, state.totals, state.undo_turn = 2, 0, 0, [0, 0], None
        state.begin_undo(0)
        return state

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        return Counting.from_json(data)

    def action_to_json(self, action: Any) -> dict[str, Any]:
        return {"add": action}

    def action_from_json(self, data: Any) -> Any:
        if isinstance(data, dict) and data.get("add") in (1, 2, 3):
            return data["add"]
        raise IllegalAction(f"not an addition: {data!r}")

    def max_actions(self, num_players: int) -> int:
        return 24


Counting.game = GAME = CountingGame()


def test_a_turn_is_taken_back_from_a_step_on_and_the_rest_replayed() -> None:
    state = GAME.new_state(2, 0)
    state.apply(0, 3)
    state.apply(0, 2)
    assert state.undo_steps(0) == 2 and state.undo_steps(1) == 0
    events = state.undo(0, 1)  # the 2
    assert state.totals == [3, 0] and state.undo_steps(0) == 1 and events[0].data == {"seat": 0}
    state.undo(0)
    assert state.totals == [0, 0] and state.undo_steps(0) == 0
    for seat, step in [(1, -1), (0, -1), (True, -1), ("0", -1)]:
        with pytest.raises(IllegalAction, match="nothing to take back"):
            state.undo(seat, step)  # type: ignore[arg-type]
    state.apply(0, 1)
    for bad in (1, -2, True, "0"):
        with pytest.raises(IllegalAction, match="no undoable step"):
            state.undo(0, bad)  # type: ignore[arg-type]
    state.apply(0, 1)
    state.apply(0, 1)  # the turn passes: nothing of it may be taken back
    assert state.undo_steps(0) == 0 and state.totals == [3, 0]


def test_the_snapshot_holds_the_undo_record_and_refuses_one_that_does_not_replay() -> None:
    state = GAME.new_state(2, 0)
    state.apply(0, 3)
    state.apply(0, 2)
    snap = state.to_json()
    assert snap["undo"] == {"seat": 0, "base": {"num_players": 2, "seat": 0, "done": 0, "totals": [0, 0]},
                            "steps": [{"add": 3}, {"add": 2}]}
    back = GAME.state_from_json(snap)
    assert back.to_json() == snap and back.undo_steps(0) == 2
    back.undo(0, 0)
    assert back.to_json() == GAME.new_state(2, 0).to_json()
    for undo in ({**snap["undo"], "steps": [{"add": 3}]}, {**snap["undo"], "seat": 1}, {**snap["undo"], "seat": 5},
                 {**snap["undo"], "steps": [{"add": 9}]}, {"seat": 0}, "x"):
        with pytest.raises(SnapshotError):
            GAME.state_from_json({**snap, "undo": undo})
    with pytest.raises(SnapshotError):
        GAME.state_from_json({k: v for k, v in snap.items() if k != "undo"})
