"""Alembic's environment for the store: always given a connection (in its transaction) and the table prefix by
``longhouse.store.revisions``; the revisions' own record is the table ``<prefix>schema_revision``."""

from __future__ import annotations

from alembic import context

from longhouse.store.db import model
from longhouse.store.revisions import VERSION_TABLE

config = context.config
connection = config.attributes["connection"]
table_prefix: str = config.attributes["prefix"]
version_table = table_prefix + VERSION_TABLE
metadata = model(table_prefix)


def include_name(name: str | None, type_: str, _parents: object) -> bool:
    """Only this store's tables (in a database several halls or test runs may share)."""
    if type_ != "table" or name is None:
        return True
    return name in metadata.tables


context.configure(connection=connection, target_metadata=metadata, version_table=version_table,
                  table_prefix=table_prefix, include_name=include_name, compare_type=True,
                  render_as_batch=True)  # SQLite alters a table by copying it: batch operations
with context.begin_transaction():
    context.run_migrations()
