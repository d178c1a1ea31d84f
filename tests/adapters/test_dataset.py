"""``longhouse export --format parquet``: one row per decision, from the hall's store (SQLite, a real store)
and from self-play records; each row as its seat saw the game; seats anonymised; bad requests refused."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest

from longhouse import games
from longhouse.adapters import dataset, tensors
from longhouse.adapters.action_space import space
from longhouse.adapters.features import view_text
from longhouse.cli import main
from longhouse.engine import Rng
from longhouse.engine.records import Match, Record
from longhouse.store import Store
from longhouse.store.rows import BotSeat, Person


def _random_game(name: str, players: int, seed: int, undo: bool = False) -> Record:
    match = Match(games.get(name), [f"p{s}" for s in range(players)], seed)
    rng = random.Random(seed)
    undone = False
    while not match.state.is_over():
        seat = min(match.state.acting())
        match.apply(seat, rng.choice(match.state.legal_actions(seat)))
        if undo and not undone and not match.state.is_over() and match.state.undo_steps(seat):
            match.undo(seat)
            undone = True
    assert not undo or undone
    return match.record


def _check_rows(table: dict[str, list], record: Record, table_name: str) -> None:
    """The rows of one game against a replay of its record: one per action entry, each as its seat saw it."""
    mine = [i for i, t in enumerate(table["table"]) if t == table_name]
    entries = [i for i, e in enumerate(record.actions) if "action" in e]
    assert [table["entry"][i] for i in mine] == entries
    assert [table["decision"][i] for i in mine] == list(range(len(entries)))
    game = games.get(record.game)
    state = game.new_state(len(record.players), record.seed)
    ids = space(record.game)
    rows = iter(mine)
    for entry in record.actions:
        seat = entry["seat"]
        if "undo" in entry:
            state.undo(seat, entry["undo"])
            continue
        row = next(rows)
        view = state.view(seat)
        assert table["seat"][row] == seat and table["text"][row] == view_text(view)
        observed = np.array(table["observation"][row], np.float32)
        assert np.array_equal(observed, tensors.observation(view))
        if row % 7 == 0:  # a re-deal of what the seat cannot see gives the same row
            assert np.array_equal(observed, tensors.observation(state.determinize(seat, Rng(row)).view(seat)))
        action = game.action_from_json(entry["action"])
        assert table["action"][row] == ids.id_of(action) and table["action_text"][row] == game.action_to_text(action)
        assert np.flatnonzero(table["legal_mask"][row]).tolist() == ids.ids_of(state.legal_actions(seat))
        assert record.result is not None
        assert table["final_scores"][row] == record.result["scores"]
        assert table["won"][row] == (seat in record.result["winners"])
        state.apply(seat, action)


def test_selfplay_records_export_one_row_per_decision(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    records = {"manitou-1": _random_game("manitou", 2, 1), "five_tribes-2": _random_game("five_tribes", 3, 2, True)}
    for stem, record in records.items():
        (folder / f"{stem}.json").write_text(record.dumps(), encoding="utf-8")
    (folder / "summary.json").write_text(json.dumps({"games": []}), encoding="utf-8")
    out = tmp_path / "data.parquet"
    assert main(["export", "--format", "parquet", str(out), "--records", str(folder)]) == 0
    read = pq.read_table(out)
    assert read.schema.metadata[b"longhouse.schema_version"] == str(dataset.SCHEMA_VERSION).encode()
    assert read.schema.names == list(dataset.COLUMNS)
    table = read.to_pydict()
    assert set(table["source"]) == {"selfplay"} and set(table["player"]) == {"bot:p0", "bot:p1", "bot:p2"}
    for stem, record in records.items():
        _check_rows(table, record, stem)


def test_the_stores_finished_games_export_with_guests_and_deleted_accounts_anonymised(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'hall.db'}"
    store = Store(url)
    alice = store.create_user("alice", "hash")
    guest = store.create_user("guest-77", None, guest=True)
    bob = store.create_user("bob", "hash")
    seats: list[Person | BotSeat | None] = [Person(alice.id, "alice"), Person(guest.id, "guest-77"),
                                            Person(bob.id, "bob"), BotSeat("greedy", "Bot")]
    record = _random_game("manitoba", 4, 5)
    row = store.create_table("manitoba", 4, {}, seats)
    store.start_table(row.id, Record(record.game, record.rules_version, record.players, record.seed), seats)
    for index, entry in enumerate(record.actions):
        store.append_action(row.id, index, entry, record.result if index == len(record.actions) - 1 else None)
    running = store.create_table("manitou", 2, {}, seats[:2])  # not finished: not exported
    store.start_table(running.id, Record("manitou", games.get("manitou").rules_version, ["a", "b"], 1), seats[:2])
    with store.engine.begin() as c:
        c.execute(store.users.delete().where(store.users.c.id == bob.id))
    store.close()
    out = tmp_path / "hall.parquet"
    assert main(["export", str(out), "--database", url]) == 0
    table = pq.read_table(out).to_pydict()
    assert set(table["table"]) == {f"table-{row.id}"} and set(table["source"]) == {"store"}
    assert {table["seat"][i]: table["player"][i] for i in range(len(table["seat"]))} == {
        0: "alice", 1: "guest", 2: "deleted", 3: "bot:greedy"}
    _check_rows(table, record, f"table-{row.id}")


def test_a_bad_request_is_refused_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "none.parquet"
    assert main(["export", str(out)]) == 2
    assert "say what to export" in capsys.readouterr().err
    assert main(["export", str(out), "--records", str(tmp_path / "missing")]) == 2
    assert "no such folder" in capsys.readouterr().err
    assert not out.exists()
