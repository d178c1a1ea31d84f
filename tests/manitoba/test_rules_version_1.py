"""Rules version 1 (actions tagged ``kind``) is still read: its records replay move for move, the tables a
hall stored under it resume and go on, and its snapshots load (fixtures written by the version-1 code)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from longhouse.engine.errors import IllegalAction, RecordError
from longhouse.engine.records import Record, replay, result_of
from longhouse.games.manitoba import GAME
from longhouse.games.manitoba import actions as A

FIXTURES = Path(__file__).parent / "fixtures"


def without_texts(value: Any) -> Any:
    """A snapshot without the ``text`` of its entries (the board's last moves and last scoring)."""
    if isinstance(value, dict):
        return {key: without_texts(item) for key, item in value.items() if key != "text"}
    if isinstance(value, list):
        return [without_texts(item) for item in value]
    return value


def fixture(name: str) -> Any:
    return json.loads((FIXTURES / name).read_text())


def test_every_action_of_version_1_reads_as_the_same_action_in_words_and_text() -> None:
    pairs = fixture("v1_actions.json")["actions"]
    seen = set()
    for old, text, words in pairs:
        action = A.read_v1(old)
        assert GAME.action_to_text(action) == text and str(GAME.describe_action(action)) == words
        assert action is GAME.action_from_text(text)
        assert GAME.action_to_json(action) == {"type": old["kind"], **{k: v for k, v in old.items() if k != "kind"}}
        seen.add(type(action))
    assert seen == set(A.TYPES) and len(pairs) == sum(len(list(t.every())) for t in A.TYPES)


@pytest.mark.parametrize("name", ["v1_two_players.json", "v1_three_players.json"])
def test_a_finished_record_of_version_1_replays_to_its_result(name: str) -> None:
    data = fixture(name)
    assert data["rules_version"] == "1" and any("undo" in entry for entry in data["actions"])
    state = replay(Record.from_json(data), GAME)  # checks the recorded scores and winners
    assert state.is_over() and result_of(state) == data["result"]


def test_a_table_begun_under_version_1_resumes_and_its_record_goes_on_with_the_new_tag() -> None:
    data = fixture("v1_four_players_running.json")
    record = Record.from_json(data)
    state = replay(record, GAME)
    assert not state.is_over()
    # the same position; the board's last moves hold their texts in the words of version 1's code (strings)
    loaded = GAME.state_from_json(fixture("v1_four_players_running_snapshot.json"))
    assert without_texts(state.to_json()) == without_texts(loaded.to_json())
    # the hall appends what is played next as today's JSON, under the record's own rules version
    for _ in range(40):
        if state.is_over():
            break
        seat = state.acting()[0]
        action = state.legal_actions(seat)[-1]
        state.apply(seat, action)
        record.actions.append({"seat": seat, "action": GAME.action_to_json(action)})
    assert record.rules_version == "1" and {"kind", "type"} <= {k for e in record.actions for k in e.get("action", {})}
    assert replay(Record.from_json(record.to_json()), GAME).to_json() == state.to_json()


def test_a_snapshot_of_version_1_loads_with_its_legal_actions_and_the_turns_undo() -> None:
    snap = fixture("v1_four_players_running_snapshot.json")
    assert snap["undo"]["steps"] and "kind" in snap["undo"]["steps"][0] and isinstance(snap["legal"][0], list)
    state = GAME.state_from_json(snap)
    seat = state.acting()[0]
    assert [GAME.action_to_json(a) for a in state.legal_actions(seat)]
    assert state.undo_steps(seat) == len(snap["undo"]["steps"])
    state.undo(seat)  # the turn's steps, read with the old tag, play again from the base
    again = GAME.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()


def test_the_old_tag_is_read_only_under_version_1() -> None:
    with pytest.raises(IllegalAction):
        GAME.action_from_json({"kind": "end"})
    data = fixture("v1_two_players.json")
    with pytest.raises(RecordError):
        replay(Record.from_json({**data, "rules_version": "2"}), GAME)  # version 2 records use "type"
    with pytest.raises(RecordError, match="rules version"):
        replay(Record.from_json({**data, "rules_version": "0"}), GAME)
