"""A turn-based tournament's round has a set end: ``tournaments.round_ends`` (on the wall clock; None while no
round with an end is being played). At it the round's unfinished games are decided by their scores so far
(``server/tourney_director.py``).

One new nullable column; no existing row changes.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from longhouse.store.migrations import named

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(named("tournaments"), sa.Column("round_ends", sa.Float, nullable=True))
