"""The mail's tables in the store's model (what each holds and how it is used: ``store/mail.py``).
Revision ``0003`` in ``store/migrations`` makes them."""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Column, Float, ForeignKey, Integer, MetaData, String, Table, Text


def mail_tables(md: MetaData, prefix: str) -> tuple[Table, Table, Table]:
    """The mail tables in ``md``, which holds ``users`` already: addresses, the outbox, the digest's items."""
    users = f"{prefix}users.id"
    addresses = Table(f"{prefix}mail_addresses", md,
                      Column("user_id", Integer, ForeignKey(users, ondelete="CASCADE"), primary_key=True,
                             autoincrement=False),
                      Column("address", String(254), nullable=False),
                      Column("address_key", String(254), nullable=False, index=True),
                      Column("confirmed", Float, nullable=True),
                      Column("confirm_hash", String(64), nullable=True, unique=True),
                      Column("confirm_expires", Float, nullable=True),
                      Column("unsubscribe", String(64), nullable=False, unique=True),
                      Column("turn", Boolean, nullable=False),
                      Column("invite", Boolean, nullable=False),
                      Column("result", Boolean, nullable=False),
                      Column("digest", Boolean, nullable=False),
                      Column("last_digest", Float, nullable=True),
                      Column("changed", Float, nullable=False))
    outbox = Table(f"{prefix}mail_outbox", md,
                   Column("id", Integer, primary_key=True, autoincrement=True),
                   Column("user_id", Integer, nullable=True, index=True),
                   Column("address", String(254), nullable=False),
                   Column("kind", String(20), nullable=False),
                   Column("table_id", Integer, nullable=True),
                   Column("subject", Text, nullable=False),
                   Column("body", Text, nullable=False),
                   Column("headers", JSON, nullable=False),
                   Column("message_id", String(200), nullable=False),
                   Column("created", Float, nullable=False),
                   Column("due", Float, nullable=False, index=True),
                   Column("attempts", Integer, nullable=False),
                   Column("claimed_by", String(64), nullable=True),
                   Column("claimed_until", Float, nullable=True),
                   Column("sent", Float, nullable=True),
                   Column("failed", Float, nullable=True),
                   Column("error", Text, nullable=True))
    digest = Table(f"{prefix}mail_digest", md,
                   Column("id", Integer, primary_key=True, autoincrement=True),
                   Column("user_id", Integer, ForeignKey(users, ondelete="CASCADE"), nullable=False, index=True),
                   Column("table_id", Integer, nullable=False),
                   Column("kind", String(20), nullable=False),
                   Column("line", Text, nullable=False),
                   Column("at", Float, nullable=False))
    return addresses, outbox, digest
