"""The admin's tables: the admin role, bans, password reset links and the audit log (``store/admin.py``).

New tables only; no existing row changes. The first three refer to ``users`` and go with the account
(``ON DELETE CASCADE``).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from longhouse.store.migrations import named

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    users = f"{named('users')}.id"
    op.create_table(
        named("admins"),
        sa.Column("user_id", sa.Integer, sa.ForeignKey(users, ondelete="CASCADE"), primary_key=True,
                  autoincrement=False),
        sa.Column("granted", sa.Float, nullable=False),
        sa.Column("granted_by", sa.String(60), nullable=False),
    )
    op.create_table(
        named("bans"),
        sa.Column("user_id", sa.Integer, sa.ForeignKey(users, ondelete="CASCADE"), primary_key=True,
                  autoincrement=False),
        sa.Column("name_key", sa.String(80), nullable=False, index=True),
        sa.Column("since", sa.Float, nullable=False),
        sa.Column("banned_by", sa.String(60), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
    )
    op.create_table(
        named("password_resets"),
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey(users, ondelete="CASCADE"), nullable=False, index=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_table(
        named("admin_log"),
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("actor", sa.String(60), nullable=False),
        sa.Column("action", sa.String(20), nullable=False),
        sa.Column("target", sa.String(80), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("detail", sa.JSON, nullable=True),
    )
