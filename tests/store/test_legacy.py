"""The database the release before migrations wrote (``fixtures/legacy.db``), upgraded on SQLite and, its rows
loaded into a store on PostgreSQL, there: every account signs in with its old password, every answer about it
(archive, records, replays, leaderboards, player pages, settings) is what that release gave (a replay: today's
replay of the same record), and the running tables resume where they were."""

from __future__ import annotations

import json
from typing import Any

import httpx
from answers import LEGACY, answers, digest, load_facts, signed_in
from harness import Client, Hall, kept
from sqlalchemy import create_engine, func, inspect, select, text
from sqlalchemy.pool import NullPool
from test_revisions import legacy_on_postgres
from test_store_postgres import PG_URL

from longhouse.cli import main
from longhouse.engine.records import Record
from longhouse.server.archive import encode_replay
from longhouse.server.auth import COOKIE
from longhouse.store import Status, revisions
from longhouse.store.db import model


def same_as_before(hall: Hall) -> None:
    facts = load_facts()
    same_answers(hall, facts)
    for name, password in facts["passwords"].items():
        assert signed_in(hall.url, name, password) == facts["signed_in"][name]
    resumed(hall, facts)


def same_answers(hall: Hall, facts: dict[str, Any]) -> None:
    """Every answer is the one the release before migrations gave, but a replay: its steps are drawn by the
    games' code of today (which other changes may improve), so it must be today's replay of the same record."""
    now = answers(hall.url, [*facts["passwords"], facts["guest"]], facts["finished"], facts["running"])
    changed = [url for url, answer in facts["answers"].items() if not url.endswith("/replay") and now[url] != answer]
    assert changed == [], f"answers that changed: {changed}"
    with httpx.Client(base_url=hall.url, timeout=60) as http:
        for tid in facts["finished"]:
            shown = http.get(f"/api/tables/{tid}/replay").json()
            assert digest(shown["record"]) == facts["answers"][f"/api/tables/{tid}/record"]["digest"]
            assert shown == json.loads(encode_replay(Record.from_json(shown["record"])))


def resumed(hall: Hall, facts: dict[str, Any]) -> None:
    """The running tables are running, with every move they had; a person at one plays on."""
    for tid in facts["running"]:
        table = hall.hall.tables[tid]
        assert table.status == Status.RUNNING
        assert len(hall.store.entries(tid)) == facts["running_actions"][str(tid)]
    ann = SignedIn(hall, "Ann", facts["passwords"]["Ann"])
    played = 0
    for tid in facts["running"]:
        ws = ann.table(tid)
        state = ws.wait_type("state")
        assert state["seat"] == 0  # Ann's seat, kept
        if state["legal"]:
            ws.send({"type": "action", "version": state["version"], "action": state["legal"][0]})
            ws.wait(lambda m, v=state["version"]: m["type"] == "state" and m["version"] > v)
            played += 1
        ws.close()
    assert played >= 1


class SignedIn(Client):
    """An account of the store, signed in with its password (``Client`` signs up a new one)."""

    def __init__(self, hall: Hall, name: str, password: str) -> None:
        self.base = hall.url
        self.http = kept(httpx.Client(base_url=self.base, timeout=30))
        r = self.http.post("/api/signin", json={"name": name, "password": password})
        assert r.status_code == 200, r.text
        self.name = name
        self.token = self.http.cookies[COOKIE]


def copy_rows(source: str, target: str, prefix: str) -> None:
    """Every row of the SQLite store at ``source`` into the (empty) store with ``prefix`` at ``target``, the
    numbering of new rows continuing after them."""
    src, dst = create_engine(source, poolclass=NullPool), create_engine(target, poolclass=NullPool)
    plain, prefixed = model(""), model(prefix)
    there = set(inspect(src).get_table_names())
    with src.connect() as r, dst.begin() as w:
        for table in plain.sorted_tables:
            if table.name not in there:  # a table of a later revision
                continue
            rows = [dict(row._mapping) for row in r.execute(select(table))]
            if rows:
                w.execute(prefixed.tables[prefix + table.name].insert(), rows)
        for name in ("users", "tables", "rating_history"):
            top = w.execute(select(func.max(prefixed.tables[prefix + name].c.id))).scalar_one()
            w.execute(text("SELECT setval(pg_get_serial_sequence(:t, 'id'), :n)"), {"t": prefix + name, "n": top})
    src.dispose()
    dst.dispose()


def test_upgraded_on_sqlite_it_answers_as_before(legacy_copy: str) -> None:
    hall = Hall(legacy_copy)  # the store upgrades an SQLite database by itself, as `serve` does
    try:
        assert revisions.database_state(hall.store.engine).up_to_date
        same_as_before(hall)
    finally:
        hall.stop()


def test_loaded_into_postgres_and_upgraded_it_answers_as_before(pg_prefix: str) -> None:
    legacy_on_postgres(pg_prefix).dispose()
    copy_rows(f"sqlite:///{LEGACY}", PG_URL, pg_prefix)
    assert main(["db", "upgrade", "--database", PG_URL, "--table-prefix", pg_prefix]) == 0
    hall = Hall(PG_URL, prefix=pg_prefix)
    try:
        same_as_before(hall)
    finally:
        hall.stop()
