"""Web Push: the hall's VAPID key and the devices' push subscriptions (``store/push.py``).

New tables only; no existing row changes. A subscription refers to ``users`` and goes with the account
(``ON DELETE CASCADE``).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from longhouse.store.migrations import named

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        named("push_keys"),
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("private_key", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        named("push_subscriptions"),
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey(f"{named('users')}.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("endpoint", sa.String(1024), nullable=False, unique=True),
        sa.Column("p256dh", sa.String(100), nullable=False),
        sa.Column("auth", sa.String(40), nullable=False),
        sa.Column("server_key", sa.String(100), nullable=False),
        sa.Column("events", sa.JSON, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("sent", sa.Float, nullable=True),
        sa.Column("failures", sa.Integer, nullable=False, server_default="0"),
    )
