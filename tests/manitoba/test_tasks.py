"""The task stack's tasks: named fields per kind, written to snapshots by name and read back, and read from
rules version 1's ``[kind, seat, x, y, z]`` too."""

from __future__ import annotations

import dataclasses
import json

import pytest

from longhouse.games.manitoba import GAME
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import tasks as T


def example(cls: type[T.Task]) -> T.Task:
    values = {f.name: 3 if f.name != "seat" else 1 for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    return cls(**values)


@pytest.mark.parametrize("cls", T.TYPES)
def test_every_task_round_trips_through_its_snapshot_json(cls: type[T.Task]) -> None:
    task = example(cls)
    data = json.loads(json.dumps(task.to_json()))
    assert data["kind"] == T.NAMES[cls.kind]
    back = T.from_json(data)
    assert back == task and type(back) is cls


def test_version_1_tasks_read_with_their_x_y_z_as_the_named_fields() -> None:
    assert T.from_json([T.ACTIVE, 2, D.GREEN, -1, T.USED_TERRITORY]) == T.Active(2, D.GREEN, -1, T.USED_TERRITORY)
    assert T.from_json([T.GOOD, 1, D.CANOE, -1, 0]) == T.Stow(1, D.CANOE)
    assert T.from_json([T.EV_AUTO, -1, D.EV_MAJORITY, -1, 0]) == T.EventPoints(D.EV_MAJORITY)
    assert T.from_json([T.EV_VISION, 3, 0, -1, 0]) == T.EventVision(3)  # x was the card's (empty) goods
    assert T.from_json([T.ROUND_END, -1, -1, -1, 0]) == T.RoundEnd()


@pytest.mark.parametrize("bad", [{"kind": "active", "seat": 0}, {"kind": "fly", "seat": 0},
                                 {"kind": "passive", "seat": True}, [99, 0, 0, 0, 0], [T.PASSIVE, "0", 0, 0, 0]])
def test_a_bad_task_is_refused(bad: object) -> None:
    with pytest.raises((ValueError, KeyError, TypeError)):
        T.from_json(bad)


def test_a_snapshot_names_its_tasks() -> None:
    snap = GAME.new_state(3, 5).to_json()
    assert [t["kind"] for t in snap["tasks"]][-1] == "solstice_area"
    assert GAME.state_from_json(snap).to_json() == snap
