"""The mail's tables: each account's address with its confirmation and notice choices, the outbox, and the
items waiting for a daily digest (``store/mail.py``).

New tables only; no existing row changes. The addresses and the digest's items refer to ``users`` and go
with the account (``ON DELETE CASCADE``); the outbox does not (a mail about an account may outlive it).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from longhouse.store.migrations import named

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    users = f"{named('users')}.id"
    op.create_table(
        named("mail_addresses"),
        sa.Column("user_id", sa.Integer, sa.ForeignKey(users, ondelete="CASCADE"), primary_key=True,
                  autoincrement=False),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("address_key", sa.String(254), nullable=False, index=True),
        sa.Column("confirmed", sa.Float, nullable=True),
        sa.Column("confirm_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("confirm_expires", sa.Float, nullable=True),
        sa.Column("unsubscribe", sa.String(64), nullable=False, unique=True),
        sa.Column("turn", sa.Boolean, nullable=False),
        sa.Column("invite", sa.Boolean, nullable=False),
        sa.Column("result", sa.Boolean, nullable=False),
        sa.Column("digest", sa.Boolean, nullable=False),
        sa.Column("last_digest", sa.Float, nullable=True),
        sa.Column("changed", sa.Float, nullable=False),
    )
    op.create_table(
        named("mail_outbox"),
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer, nullable=True, index=True),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("table_id", sa.Integer, nullable=True),
        sa.Column("subject", sa.Text, nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("headers", sa.JSON, nullable=False),
        sa.Column("message_id", sa.String(200), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("due", sa.Float, nullable=False, index=True),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("claimed_by", sa.String(64), nullable=True),
        sa.Column("claimed_until", sa.Float, nullable=True),
        sa.Column("sent", sa.Float, nullable=True),
        sa.Column("failed", sa.Float, nullable=True),
        sa.Column("error", sa.Text, nullable=True),
    )
    op.create_table(
        named("mail_digest"),
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey(users, ondelete="CASCADE"), nullable=False, index=True),
        sa.Column("table_id", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("line", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
