"""Fair play's tables: seat spells of running games, each person's outcome of a finished game, and vacations
(``store/fairplay.py``).

New tables only; no existing row changes. Outcomes and vacations refer to ``users`` and go with the account
(``ON DELETE CASCADE``).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from longhouse.store.migrations import named

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    users = f"{named('users')}.id"
    op.create_table(
        named("seat_spells"),
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.Integer, nullable=False, index=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("idx", sa.Integer, nullable=False),
        sa.Column("user_id", sa.Integer, nullable=True),
        sa.Column("why", sa.String(8), nullable=False),
    )
    op.create_table(
        named("seat_outcomes"),
        sa.Column("table_id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey(users, ondelete="CASCADE"), nullable=False, index=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("finished", sa.Float, nullable=False),
        sa.Column("outcome", sa.String(10), nullable=False),
        sa.Column("own", sa.Integer, nullable=False),
        sa.Column("by_bots", sa.Integer, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("played", sa.Boolean, nullable=False),
    )
    op.create_table(
        named("vacations"),
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey(users, ondelete="CASCADE"), nullable=False, index=True),
        sa.Column("start", sa.Float, nullable=False),
        sa.Column("until", sa.Float, nullable=False),
    )
