"""Finished games as a dataset: one row per decision, written as Parquet (``longhouse export``).

Each game record (the hall's store or ``longhouse selfplay`` records) is replayed; before each action, the
acting seat's view gives the row's observation (``tensors.observation``) and text (``features.view_text``),
so a row holds hidden information only as that seat saw it. The columns, schema version ``SCHEMA_VERSION``
(also in the file's metadata under ``longhouse.schema_version``):

- ``source`` (string): ``store`` or ``selfplay``; ``game`` (string); ``table`` (string): ``table-<id>`` for
  the store, the record's file name without ``.json`` for self-play; ``rules_version`` (string);
  ``players`` (int8): the seats at the table;
- ``entry`` (int32): the action's place in the game's record (an undo is an entry without a row; a step
  later taken back keeps its row); ``decision`` (int32): the row's place among the game's rows;
- ``seat`` (int8); ``player`` (string): who sat there, anonymised: a registered account's name, ``guest``
  for a guest, ``deleted`` for an account that no longer exists, ``bot:<name>`` for a bot (in self-play
  records, every seat is a bot);
- ``observation`` (list<float32>): the seat's observation tensor, fixed size per game and player count
  (layouts in docs/research.md); ``text`` (string): the seat's view as canonical JSON;
- ``legal_mask`` (list<bool>): per action id (``adapters.action_space``), whether it was legal;
- ``action`` (int32): the id played; ``action_text`` (string): its text notation;
- ``final_scores`` (list<int32>): every seat's final score, by seat; ``won`` (bool): the seat is among
  the winners.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from longhouse import games
from longhouse.adapters import tensors
from longhouse.adapters.action_space import space
from longhouse.adapters.features import view_text
from longhouse.engine.records import Record, apply_entry, start

SCHEMA_VERSION = 1
COLUMNS = ("source", "game", "table", "rules_version", "players", "entry", "decision", "seat", "player",
           "observation", "text", "legal_mask", "action", "action_text", "final_scores", "won")


@dataclass(frozen=True)
class Finished:
    """One finished game to export: its record, where it comes from, and who sat at each seat (anonymised)."""

    source: str
    table: str
    record: Record
    seated: tuple[str, ...]


def rows(game: Finished) -> Iterator[dict[str, Any]]:
    """The game's rows, one per action entry of its record, in order."""
    record = game.record
    rules, state = start(record, games.for_record(record))
    ids = space(record.game)
    scores = (record.result or {}).get("scores")
    winners = set((record.result or {}).get("winners", ()))
    decision = 0
    for index, entry in enumerate(record.actions):
        if "action" in entry:
            seat = int(entry["seat"])
            view = state.view(seat)
            action = rules.action_from_json(entry["action"])
            action_id = ids.id_of(action)
            yield {
                "source": game.source, "game": record.game, "table": game.table,
                "rules_version": record.rules_version, "players": state.num_players, "entry": index,
                "decision": decision, "seat": seat, "player": game.seated[seat],
                "observation": tensors.observation(view), "text": view_text(view),
                "legal_mask": ids.mask(state.legal_actions(seat)).astype(bool), "action": action_id,
                "action_text": ids.text(action_id), "final_scores": scores, "won": seat in winners,
            }
            decision += 1
        apply_entry(rules, state, entry, index)
    if not state.is_over():
        raise ValueError(f"{game.table}: the record does not reach the end of the game")


def selfplay_games(folder: Path) -> Iterator[Finished]:
    """The finished games among a folder's ``longhouse selfplay`` records (every ``*.json`` but
    ``summary.json``), in name order."""
    for path in sorted(folder.glob("*.json")):
        if path.name == "summary.json":
            continue
        record = Record.from_json(json.loads(path.read_text(encoding="utf-8")))
        if record.result is not None:
            yield Finished("selfplay", path.stem, record, tuple(f"bot:{name}" for name in record.players))


def store_games(store: Any, people: Any, limit: int | None = None) -> Iterator[Finished]:
    """The finished tables of the hall's store (a ``longhouse.store.Store`` and its ``PeopleStore``), newest
    first, each seat anonymised (``seated``)."""
    finished = store.finished_tables(limit=limit if limit is not None else 2**31 - 1)
    wanted = {o.user_id for row in finished for o in row.occupants if o is not None and o.kind == "user"}
    names, registered = people.names(wanted), people.registered(wanted)
    for row in finished:
        record = store.record(row.id)
        if record is None or record.result is None:
            continue
        yield Finished("store", f"table-{row.id}", record,
                       tuple(seated(o, names, registered) for o in row.occupants))


def seated(occupant: Any, names: Mapping[int, str], registered: set[int]) -> str:
    """Who sat at a seat, for the dataset: a registered account's (current) name, ``guest``, ``deleted`` (no
    such account any more) or ``bot:<level>``."""
    if occupant is None:
        return "nobody"
    if occupant.kind == "bot":
        return f"bot:{occupant.level}"
    if occupant.user_id not in names:
        return "deleted"
    return names[occupant.user_id] if occupant.user_id in registered else "guest"


def schema() -> Any:
    """The Parquet schema (pyarrow) of the rows, with the schema version in its metadata."""
    import pyarrow as pa

    return pa.schema([
        ("source", pa.string()), ("game", pa.string()), ("table", pa.string()), ("rules_version", pa.string()),
        ("players", pa.int8()), ("entry", pa.int32()), ("decision", pa.int32()), ("seat", pa.int8()),
        ("player", pa.string()), ("observation", pa.list_(pa.float32())), ("text", pa.string()),
        ("legal_mask", pa.list_(pa.bool_())), ("action", pa.int32()), ("action_text", pa.string()),
        ("final_scores", pa.list_(pa.int32())), ("won", pa.bool_()),
    ], metadata={"longhouse.schema_version": str(SCHEMA_VERSION)})


def write_parquet(found: Iterable[Finished], out: Path, batch: int = 4096) -> tuple[int, int]:
    """Write the games' rows to the Parquet file ``out`` in batches of ``batch`` rows: (games, rows)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    made = schema()
    count_games = count_rows = 0
    pending: list[dict[str, Any]] = []
    out.parent.mkdir(parents=True, exist_ok=True)
    with pq.ParquetWriter(out, made) as writer:
        def flush() -> None:
            if pending:
                columns = {name: [row[name] for row in pending] for name in COLUMNS}
                writer.write_table(pa.Table.from_pydict(columns, schema=made))
                pending.clear()

        for game in found:
            count_games += 1
            for row in rows(game):
                pending.append(row)
                count_rows += 1
                if len(pending) >= batch:
                    flush()
        flush()
    return count_games, count_rows
