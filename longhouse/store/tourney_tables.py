"""The tournaments' and seasons' tables in the store's model (what each holds: ``store/tourney.py``). The
revisions ``0005`` and ``0008`` (``round_ends``) in ``store/migrations`` make them."""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Column, Float, ForeignKey, Integer, MetaData, String, Table, Text


def tourney_tables(md: MetaData, prefix: str) -> tuple[Table, Table, Table, Table, Table]:
    """The tournament tables in ``md``, which holds ``users`` already: tournaments, their players, their
    games (a table of a round, or a bye), the owners' fencing epochs, and the seasons."""
    users = f"{prefix}users.id"
    tournaments = Table(
        f"{prefix}tournaments", md,
        Column("id", Integer, primary_key=True, autoincrement=True),
        Column("name", String(60), nullable=False),
        Column("game", String(40), nullable=False),
        Column("format", String(12), nullable=False),
        Column("table_size", Integer, nullable=False),
        Column("rounds", Integer, nullable=False),
        Column("cap", Integer, nullable=False),
        Column("pace", String(12), nullable=False),
        Column("time_control", String(20), nullable=False),
        Column("starts", Float, nullable=False),
        Column("checkin", Float, nullable=False),
        Column("round_every", Float, nullable=False),
        Column("forfeit_after", Float, nullable=False),
        Column("status", String(10), nullable=False, index=True),
        Column("creator", Integer, ForeignKey(users, ondelete="SET NULL"), nullable=True),
        Column("created", Float, nullable=False),
        Column("round", Integer, nullable=False),
        Column("round_started", Float, nullable=True),
        Column("round_ends", Float, nullable=True),
        Column("champion", Integer, ForeignKey(users, ondelete="SET NULL"), nullable=True),
        Column("finished", Float, nullable=True),
        Column("note", Text, nullable=True),
    )
    players = Table(
        f"{prefix}tourney_players", md,
        Column("tournament_id", Integer, ForeignKey(f"{prefix}tournaments.id", ondelete="CASCADE"),
               primary_key=True, autoincrement=False),
        Column("user_id", Integer, ForeignKey(users, ondelete="CASCADE"), primary_key=True, autoincrement=False,
               index=True),
        Column("name", String(40), nullable=False),
        Column("registered", Float, nullable=False),
        Column("checked_in", Boolean, nullable=False),
        Column("seed", Integer, nullable=True),
        Column("removed", Boolean, nullable=False),
        Column("place", Integer, nullable=True),
    )
    games = Table(
        f"{prefix}tourney_games", md,
        Column("tournament_id", Integer, ForeignKey(f"{prefix}tournaments.id", ondelete="CASCADE"),
               primary_key=True, autoincrement=False),
        Column("round", Integer, primary_key=True, autoincrement=False),
        Column("idx", Integer, primary_key=True, autoincrement=False),
        Column("players", JSON, nullable=False),
        Column("table_id", Integer, nullable=True, index=True),
        Column("started", Float, nullable=True),
        Column("arrived", JSON, nullable=False),
        Column("forfeits", JSON, nullable=False),
        Column("result", JSON(none_as_null=True), nullable=True),
    )
    owners = Table(
        f"{prefix}tourney_owners", md,
        Column("tournament_id", Integer, primary_key=True, autoincrement=False),
        Column("epoch", Integer, nullable=False),
    )
    seasons = Table(
        f"{prefix}seasons", md,
        Column("id", Integer, primary_key=True, autoincrement=True),
        Column("game", String(40), nullable=False, index=True),
        Column("title", String(60), nullable=False),
        Column("starts", Float, nullable=False),
        Column("ends", Float, nullable=False),
        Column("final", JSON(none_as_null=True), nullable=True),
    )
    return tournaments, players, games, owners, seasons
