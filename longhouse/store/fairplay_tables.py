"""Fair play's tables in the store's model: who held each seat of a running game when, how each person's part in
a finished game ended, and vacation days (what each holds: ``store/fairplay.py``). Revision ``0007`` in
``store/migrations`` makes them."""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, ForeignKey, Integer, MetaData, String, Table


def fairplay_tables(md: MetaData, prefix: str) -> tuple[Table, Table, Table]:
    """The fair-play tables (see the module docstring) in ``md``, which holds ``users`` already."""
    users = f"{prefix}users.id"
    spells = Table(f"{prefix}seat_spells", md,
                   Column("id", Integer, primary_key=True, autoincrement=True),
                   Column("table_id", Integer, nullable=False, index=True),
                   Column("seat", Integer, nullable=False),
                   Column("idx", Integer, nullable=False),  # the game's version when the spell began
                   Column("user_id", Integer, nullable=True),  # None: a stand-in bot
                   Column("why", String(8), nullable=False))
    outcomes = Table(f"{prefix}seat_outcomes", md,
                     Column("table_id", Integer, primary_key=True, autoincrement=False),
                     Column("seat", Integer, primary_key=True, autoincrement=False),
                     Column("user_id", Integer, ForeignKey(users, ondelete="CASCADE"), nullable=False, index=True),
                     Column("game", String(40), nullable=False),
                     Column("finished", Float, nullable=False),
                     Column("outcome", String(10), nullable=False),
                     Column("own", Integer, nullable=False),
                     Column("by_bots", Integer, nullable=False),
                     Column("rated", Boolean, nullable=False),
                     Column("played", Boolean, nullable=False))
    vacations = Table(f"{prefix}vacations", md,
                      Column("id", Integer, primary_key=True, autoincrement=True),
                      Column("user_id", Integer, ForeignKey(users, ondelete="CASCADE"), nullable=False, index=True),
                      Column("start", Float, nullable=False),
                      Column("until", Float, nullable=False))
    return spells, outcomes, vacations
