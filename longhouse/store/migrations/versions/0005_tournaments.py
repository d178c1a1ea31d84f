"""Tournaments and seasons: tournaments, their players and games, the directors' fencing epochs, seasons
(``store/tourney.py``).

New tables only; no existing row changes.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from longhouse.store.migrations import named

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    users = f"{named('users')}.id"
    tournaments = f"{named('tournaments')}.id"
    op.create_table(
        named("tournaments"),
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("format", sa.String(12), nullable=False),
        sa.Column("table_size", sa.Integer, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("cap", sa.Integer, nullable=False),
        sa.Column("pace", sa.String(12), nullable=False),
        sa.Column("time_control", sa.String(20), nullable=False),
        sa.Column("starts", sa.Float, nullable=False),
        sa.Column("checkin", sa.Float, nullable=False),
        sa.Column("round_every", sa.Float, nullable=False),
        sa.Column("forfeit_after", sa.Float, nullable=False),
        sa.Column("status", sa.String(10), nullable=False, index=True),
        sa.Column("creator", sa.Integer, sa.ForeignKey(users, ondelete="SET NULL"), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("round_started", sa.Float, nullable=True),
        sa.Column("champion", sa.Integer, sa.ForeignKey(users, ondelete="SET NULL"), nullable=True),
        sa.Column("finished", sa.Float, nullable=True),
        sa.Column("note", sa.Text, nullable=True),
    )
    op.create_table(
        named("tourney_players"),
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey(tournaments, ondelete="CASCADE"), primary_key=True,
                  autoincrement=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey(users, ondelete="CASCADE"), primary_key=True,
                  autoincrement=False, index=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("registered", sa.Float, nullable=False),
        sa.Column("checked_in", sa.Boolean, nullable=False),
        sa.Column("seed", sa.Integer, nullable=True),
        sa.Column("removed", sa.Boolean, nullable=False),
        sa.Column("place", sa.Integer, nullable=True),
    )
    op.create_table(
        named("tourney_games"),
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey(tournaments, ondelete="CASCADE"), primary_key=True,
                  autoincrement=False),
        sa.Column("round", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("idx", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("table_id", sa.Integer, nullable=True, index=True),
        sa.Column("started", sa.Float, nullable=True),
        sa.Column("arrived", sa.JSON, nullable=False),
        sa.Column("forfeits", sa.JSON, nullable=False),
        sa.Column("result", sa.JSON(none_as_null=True), nullable=True),
    )
    op.create_table(
        named("tourney_owners"),
        sa.Column("tournament_id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("epoch", sa.Integer, nullable=False),
    )
    op.create_table(
        named("seasons"),
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(40), nullable=False, index=True),
        sa.Column("title", sa.String(60), nullable=False),
        sa.Column("starts", sa.Float, nullable=False),
        sa.Column("ends", sa.Float, nullable=False),
        sa.Column("final", sa.JSON(none_as_null=True), nullable=True),
    )
