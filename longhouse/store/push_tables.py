"""The Web Push tables in the store's model (what each holds: ``store/push.py``). Revision ``0004`` in
``store/migrations`` makes them."""

from __future__ import annotations

from sqlalchemy import JSON, Column, Float, ForeignKey, Integer, MetaData, String, Table, Text

#: The longest push endpoint URL kept (the push services' are 150–500 characters).
ENDPOINT_MOST = 1024


def push_tables(md: MetaData, prefix: str) -> tuple[Table, Table]:
    """The VAPID key and the devices' subscriptions, in ``md``, which holds ``users`` already."""
    keys = Table(f"{prefix}push_keys", md,
                 Column("id", Integer, primary_key=True, autoincrement=False),
                 Column("private_key", Text, nullable=False),
                 Column("created", Float, nullable=False))
    subscriptions = Table(
        f"{prefix}push_subscriptions", md,
        Column("id", Integer, primary_key=True, autoincrement=True),
        Column("user_id", Integer, ForeignKey(f"{prefix}users.id", ondelete="CASCADE"), nullable=False, index=True),
        Column("endpoint", String(ENDPOINT_MOST), nullable=False, unique=True),
        Column("p256dh", String(100), nullable=False),
        Column("auth", String(40), nullable=False),
        Column("server_key", String(100), nullable=False),
        Column("events", JSON, nullable=False),
        Column("created", Float, nullable=False),
        Column("sent", Float, nullable=True),
        Column("failures", Integer, nullable=False, server_default="0"))
    return keys, subscriptions
