"""The store's migration environment (Alembic): ``env.py``, the revision template and ``versions/``, one
revision per schema change. Run it through ``longhouse.store.revisions`` (or ``longhouse db``), never with the
``alembic`` command: the table prefix and the locking come from there.

A revision names every table through ``named``, so that the same revision serves every prefix::

    from longhouse.store.migrations import named
    op.add_column(named("users"), sa.Column("banned", sa.Boolean, nullable=False, server_default=sa.false()))
"""

from __future__ import annotations

from alembic import op


def prefix() -> str:
    """The table prefix of the store being migrated."""
    value = op.get_context().opts["table_prefix"]
    assert isinstance(value, str)
    return value


def named(table: str) -> str:
    """A table's name in the store being migrated (its prefix and ``table``)."""
    return prefix() + table
