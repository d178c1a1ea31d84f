"""The store's schema comes from its revisions: they make exactly the model (Alembic's compare finds nothing,
on SQLite and PostgreSQL); a database written before migrations is taken as the baseline and upgraded with every
row; an out-of-date PostgreSQL store is refused with the command that upgrades it; ``longhouse db``."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.operations import Operations
from alembic.runtime.migration import MigrationContext
from harness import free_port
from sqlalchemy import Column, Text, create_engine, func, inspect, select, text
from sqlalchemy.engine import Engine
from sqlalchemy.pool import NullPool
from stores import drop_store
from test_store_postgres import PG_URL

from longhouse.cli import main
from longhouse.store import Store, revisions
from longhouse.store.db import model
from tests.waiting import serving

ROOT = Path(__file__).resolve().parents[2]

def differences(engine: Engine, prefix: str) -> list[Any]:
    """What Alembic's autogenerate finds between the model and the database's tables with ``prefix`` (every
    one of them, so a table the revisions make and the model lacks is found too)."""
    def ours(name: str | None, type_: str, _parents: object) -> bool:
        return type_ != "table" or ((name or "").startswith(prefix) and name != prefix + revisions.VERSION_TABLE)

    with engine.connect() as c:
        context = MigrationContext.configure(c, opts={"compare_type": True, "include_name": ours,
                                                      "version_table": prefix + revisions.VERSION_TABLE})
        return list(compare_metadata(context, model(prefix)))


def counts(engine: Engine, prefix: str = "") -> dict[str, int]:
    """The rows of each of the model's tables that the database has."""
    there = set(inspect(engine).get_table_names())
    with engine.connect() as c:
        return {name: int(c.execute(select(func.count()).select_from(table)).scalar_one())
                for name, table in model(prefix).tables.items() if name in there}


def legacy_on_postgres(prefix: str) -> Engine:
    """A store on PostgreSQL as the release before migrations left one: the baseline's tables, no record."""
    engine = create_engine(PG_URL, poolclass=NullPool)
    revisions.upgrade(engine, prefix, to=revisions.BASELINE)
    revisions.version_table(prefix).drop(engine)
    return engine


def test_the_revisions_make_the_model_on_sqlite(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'new.db'}")
    try:
        assert differences(store.engine, "") == []
        assert revisions.database_state(store.engine).current == revisions.head()
    finally:
        store.close()


def test_the_revisions_make_the_model_on_postgres_with_a_prefix(pg_prefix: str) -> None:
    store = Store(PG_URL, prefix=pg_prefix)
    try:
        assert differences(store.engine, pg_prefix) == []
        assert set(inspect(store.engine).get_table_names()) >= {pg_prefix + revisions.VERSION_TABLE,
                                                                *model(pg_prefix).tables}
    finally:
        store.close()


def test_the_comparison_sees_a_column_the_revisions_do_not_make(tmp_path: Path) -> None:
    """The check above can fail: a model with one more column than the revisions differs from them."""
    store = Store(f"sqlite:///{tmp_path / 'new.db'}")
    try:
        with store.engine.begin() as c:
            c.exec_driver_sql("ALTER TABLE users ADD COLUMN banned BOOLEAN")
        (found,) = differences(store.engine, "")
        assert found[0] == "remove_column" and found[3].name == "banned"
    finally:
        store.close()


def test_a_database_written_before_migrations_is_the_baseline_and_keeps_every_row(legacy_copy: str) -> None:
    engine = create_engine(legacy_copy, poolclass=NullPool)
    before = revisions.database_state(engine)
    assert (before.current, before.legacy, before.up_to_date) == (None, True, False)
    rows = counts(engine)
    assert rows["users"] == 6 and rows["actions"] > 500 and rows["rating_history"] > 0 and rows["clocks"] == 3
    store = Store(legacy_copy)  # SQLite: upgraded by itself
    try:
        after = revisions.database_state(store.engine)
        assert after.current == revisions.head() and after.up_to_date
        now = counts(store.engine)
        assert {name: now[name] for name in rows} == rows  # the later revisions' tables are new
        assert differences(store.engine, "") == []
    finally:
        store.close()
        engine.dispose()


def test_an_older_release_without_the_people_tables_gains_them(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = create_engine(url, poolclass=NullPool)
    core = model("")
    for name in ("table_hall", "table_people", "clocks", "rating_history", "user_settings",
                 "admins", "bans", "password_resets", "admin_log",  # revision 0002's
                 "mail_addresses", "mail_outbox", "mail_digest",  # revision 0003's
                 "push_keys", "push_subscriptions",  # revision 0004's
                 "tourney_players", "tourney_games", "tourney_owners", "seasons", "tournaments",  # 0005's
                 "name_keys", "follows", "blocks", "moderators", "mutes", "reports", "social_notices",  # 0006's
                 "seat_spells", "seat_outcomes", "vacations"):  # 0007's
        core.remove(core.tables[name])
    core.create_all(engine)
    with engine.begin() as c:
        c.execute(core.tables["users"].insert().values(name="Ann", name_key="ann", guest=False, created=1.0))
    assert revisions.database_state(engine).legacy
    revisions.upgrade(engine)
    assert differences(engine, "") == [] and counts(engine)["users"] == 1
    engine.dispose()


def test_postgres_refuses_an_out_of_date_store_and_names_the_command(
        pg_prefix: str, capsys: pytest.CaptureFixture[str]) -> None:
    engine = legacy_on_postgres(pg_prefix)
    with engine.begin() as c:
        c.execute(model(pg_prefix).tables[f"{pg_prefix}users"].insert().values(
            name="Ann", name_key="ann", guest=False, created=1.0))
    with pytest.raises(revisions.SchemaError, match=r"longhouse db upgrade --database .* --table-prefix"):
        Store(PG_URL, prefix=pg_prefix)
    port = free_port()
    assert main(["serve", "--port", str(port), "--database", PG_URL, "--table-prefix", pg_prefix]) == 2
    err = capsys.readouterr().err
    assert "holds schema revision none (before migrations)" in err
    assert f"longhouse db upgrade --database {PG_URL} --table-prefix {pg_prefix}" in err
    assert not revisions.database_state(engine, pg_prefix).up_to_date  # refused: nothing changed
    store = Store(PG_URL, prefix=pg_prefix, upgrade=True)  # serve --upgrade
    try:
        assert store.user_by_name("Ann") is not None
        assert revisions.database_state(store.engine, pg_prefix).up_to_date
    finally:
        store.close()
        engine.dispose()


def test_processes_starting_together_on_an_empty_postgres_store_make_it_once(pg_prefix: str) -> None:
    results: list[Any] = []

    def start() -> None:
        try:
            store = Store(PG_URL, prefix=pg_prefix)
            results.append(revisions.database_state(store.engine, pg_prefix).current)
            store.close()
        except Exception as exc:
            results.append(exc)

    threads = [threading.Thread(target=start) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert results == [revisions.head()] * 3


def test_a_revision_this_release_does_not_know_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'newer.db'}"
    Store(url).close()
    engine = create_engine(url, poolclass=NullPool)
    with engine.begin() as c:
        c.execute(text(f"UPDATE {revisions.VERSION_TABLE} SET version_num = '9999'"))
    with pytest.raises(revisions.SchemaError, match="9999, which this release does not know"):
        Store(url)
    assert main(["db", "upgrade", "--database", url]) == 1
    engine.dispose()


def test_db_current_and_upgrade(legacy_copy: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["db", "current", "--database", legacy_copy]) == 1
    assert "none recorded (written before migrations" in capsys.readouterr().out
    assert main(["db", "upgrade", "--database", legacy_copy]) == 0
    assert f"upgraded from schema revision none (written before migrations) to {revisions.head()}" in \
        capsys.readouterr().out
    assert main(["db", "upgrade", "--database", legacy_copy]) == 0
    assert "the newest: nothing to do" in capsys.readouterr().out
    assert main(["db", "current", "--database", legacy_copy]) == 0
    assert f"schema revision {revisions.head()} (the newest)" in capsys.readouterr().out
    nowhere = tmp_path / "nowhere.db"
    assert main(["db", "current", "--database", f"sqlite:///{nowhere}"]) == 1
    assert "there is no database at" in capsys.readouterr().err and not nowhere.exists()


def test_db_upgrade_on_postgres_with_a_prefix(pg_prefix: str, capsys: pytest.CaptureFixture[str]) -> None:
    legacy_on_postgres(pg_prefix).dispose()
    assert main(["db", "current", "--database", PG_URL, "--table-prefix", pg_prefix]) == 1
    assert main(["db", "upgrade", "--database", PG_URL, "--table-prefix", pg_prefix]) == 0
    assert main(["db", "current", "--database", PG_URL, "--table-prefix", pg_prefix]) == 0
    assert "(the newest)" in capsys.readouterr().out
    drop_store(PG_URL, pg_prefix)
    assert main(["db", "current", "--database", PG_URL, "--table-prefix", pg_prefix]) == 1
    assert "none (no tables yet)" in capsys.readouterr().out


def test_ratings_refuse_an_out_of_date_postgres_store_too(pg_prefix: str, capsys: pytest.CaptureFixture[str]) -> None:
    legacy_on_postgres(pg_prefix).dispose()
    assert main(["ratings", "rebuild", "--database", PG_URL, "--table-prefix", pg_prefix]) == 2
    assert "longhouse db upgrade" in capsys.readouterr().err


def test_serve_with_upgrade_upgrades_an_out_of_date_postgres_store_and_serves(pg_prefix: str, tmp_path: Path) -> None:
    legacy_on_postgres(pg_prefix).dispose()
    port = free_port()
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "longhouse.cli", "serve", "--upgrade", "--port", str(port),
                                 "--database", PG_URL, "--table-prefix", pg_prefix],
                                env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=out, stderr=subprocess.STDOUT)
    try:
        try:
            serving(f"http://127.0.0.1:{port}/api/me", proc, what="longhouse serve --upgrade")
        except AssertionError as exc:
            raise AssertionError(f"{exc}: {log.read_text()}") from None
        engine = create_engine(PG_URL, poolclass=NullPool)
        assert revisions.database_state(engine, pg_prefix).up_to_date
        engine.dispose()
    finally:
        proc.terminate()
        proc.wait(30)


def test_a_revision_that_makes_a_table_again_keeps_the_rows_that_refer_to_it(tmp_path: Path) -> None:
    """SQLite alters a table by copying it (Alembic's batch operations): the rows of other tables that refer to
    it (sessions, and an admin's row, which goes with its account) stay, though the store turns foreign keys on."""
    store = Store(f"sqlite:///{tmp_path / 'hall.db'}")
    try:
        user = store.create_user("Ann", "hash")
        store.create_session("token", user.id)
        with store.engine.begin() as c:
            c.execute(model("").tables["admins"].insert().values(user_id=user.id, granted=1.0, granted_by="root"))
        with revisions.locked(store.engine, "") as c, \
                Operations(MigrationContext.configure(c)).batch_alter_table("users", recreate="always") as batch:
            batch.add_column(Column("note", Text, nullable=True))
        assert store.session_user("token") == user
        with store.engine.connect() as c:
            assert c.exec_driver_sql("SELECT count(*) FROM admins").scalar() == 1
            assert c.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1  # on again for the store
    finally:
        store.close()
