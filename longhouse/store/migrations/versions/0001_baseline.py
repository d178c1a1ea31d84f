"""Baseline: the store's tables as the release before migrations made them (``MetaData.create_all``).

A database that release wrote has these tables and no revision mark: upgrading it makes only the tables it
lacks (an older one had no people tables yet) and marks it with this revision; no row is touched.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

from longhouse.store.migrations import named

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _tables() -> dict[str, list[sa.Column[Any]]]:
    """Each table (unprefixed name) with its columns, as that release defined them."""
    return {
        "users": [
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("name", sa.String(40), nullable=False, unique=True),
            sa.Column("name_key", sa.String(40), nullable=False, unique=True),
            sa.Column("password_hash", sa.Text, nullable=True),
            sa.Column("guest", sa.Boolean, nullable=False),
            sa.Column("created", sa.Float, nullable=False),
        ],
        "sessions": [
            sa.Column("token", sa.String(64), primary_key=True),
            sa.Column("user_id", sa.Integer, sa.ForeignKey(f"{named('users')}.id"), nullable=False),
            sa.Column("created", sa.Float, nullable=False),
        ],
        "tables": [
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("game", sa.String(40), nullable=False),
            sa.Column("seats", sa.Integer, nullable=False),
            sa.Column("options", sa.JSON, nullable=False),
            sa.Column("status", sa.String(10), nullable=False, index=True),
            sa.Column("occupants", sa.JSON, nullable=False),
            sa.Column("rules_version", sa.String(40), nullable=True),
            sa.Column("seed", sa.String(24), nullable=True),
            sa.Column("players", sa.JSON, nullable=True),
            sa.Column("result", sa.JSON, nullable=True),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("finished", sa.Float, nullable=True),
        ],
        "actions": [
            sa.Column("table_id", sa.Integer, sa.ForeignKey(f"{named('tables')}.id"), primary_key=True),
            sa.Column("idx", sa.Integer, primary_key=True, autoincrement=False),
            sa.Column("entry", sa.Text, nullable=False),
        ],
        "owners": [
            sa.Column("table_id", sa.Integer, primary_key=True, autoincrement=False),
            sa.Column("epoch", sa.Integer, nullable=False),
        ],
        "table_hall": [
            sa.Column("table_id", sa.Integer, primary_key=True, autoincrement=False),
            sa.Column("data", sa.JSON, nullable=False),
        ],
        "table_people": [
            sa.Column("table_id", sa.Integer, primary_key=True, autoincrement=False),
            sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
            sa.Column("user_id", sa.Integer, nullable=False, index=True),
        ],
        "clocks": [
            sa.Column("table_id", sa.Integer, primary_key=True, autoincrement=False),
            sa.Column("data", sa.JSON, nullable=False),
        ],
        "rating_history": [
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("game", sa.String(40), nullable=False, index=True),
            sa.Column("user_id", sa.Integer, nullable=False, index=True),
            sa.Column("table_id", sa.Integer, nullable=False),
            sa.Column("mu", sa.Float, nullable=False),
            sa.Column("sigma", sa.Float, nullable=False),
            sa.Column("finished", sa.Float, nullable=False),
        ],
        "user_settings": [
            sa.Column("user_id", sa.Integer, primary_key=True, autoincrement=False),
            sa.Column("data", sa.Text, nullable=False),
        ],
    }


def upgrade() -> None:
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    for table, columns in _tables().items():  # in this order: a table before those that refer to it
        if named(table) not in existing:
            op.create_table(named(table), *columns)
