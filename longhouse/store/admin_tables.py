"""The admin's tables in the store's model: the admin role, bans, password reset links, the audit log (what
each holds: ``store/admin.py``). Revision ``0002`` in ``store/migrations`` makes them."""

from __future__ import annotations

from sqlalchemy import JSON, Column, Float, ForeignKey, Integer, MetaData, String, Table, Text


def admin_tables(md: MetaData, prefix: str) -> tuple[Table, Table, Table, Table]:
    """The admin tables (see the module docstring) in ``md``, which holds ``users`` already."""
    users = f"{prefix}users.id"
    admins = Table(f"{prefix}admins", md,
                   Column("user_id", Integer, ForeignKey(users, ondelete="CASCADE"), primary_key=True,
                          autoincrement=False),
                   Column("granted", Float, nullable=False),
                   Column("granted_by", String(60), nullable=False))
    bans = Table(f"{prefix}bans", md,
                 Column("user_id", Integer, ForeignKey(users, ondelete="CASCADE"), primary_key=True,
                        autoincrement=False),
                 Column("name_key", String(80), nullable=False, index=True),
                 Column("since", Float, nullable=False),
                 Column("banned_by", String(60), nullable=False),
                 Column("reason", Text, nullable=False))
    resets = Table(f"{prefix}password_resets", md,
                   Column("token_hash", String(64), primary_key=True),
                   Column("user_id", Integer, ForeignKey(users, ondelete="CASCADE"), nullable=False, index=True),
                   Column("created", Float, nullable=False),
                   Column("expires", Float, nullable=False))
    log = Table(f"{prefix}admin_log", md,
                Column("id", Integer, primary_key=True, autoincrement=True),
                Column("at", Float, nullable=False),
                Column("actor", String(60), nullable=False),
                Column("action", String(20), nullable=False),
                Column("target", String(80), nullable=False),
                Column("reason", Text, nullable=False),
                Column("detail", JSON, nullable=True))
    return admins, bans, resets, log
