"""The social tables in the store's model (what each holds: ``store/social.py``). Revision ``0006`` in
``store/migrations`` makes them."""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Column, Float, ForeignKey, Integer, MetaData, String, Table, Text


def social_tables(md: MetaData, prefix: str) -> dict[str, Table]:
    """The social tables in ``md``, which holds ``users`` already, by their name without the prefix."""
    users = f"{prefix}users.id"

    def account(name: str, **kwargs: object) -> Column[int]:
        return Column(name, Integer, ForeignKey(users, ondelete="CASCADE"), **kwargs)  # type: ignore[arg-type]

    tables = {
        "name_keys": Table(f"{prefix}name_keys", md,
                           account("user_id", primary_key=True, autoincrement=False),
                           Column("name_key", String(80), nullable=False, unique=True)),
        "follows": Table(f"{prefix}follows", md,
                         account("user_id", primary_key=True, autoincrement=False),
                         account("other_id", primary_key=True, autoincrement=False, index=True),
                         Column("since", Float, nullable=False)),
        "blocks": Table(f"{prefix}blocks", md,
                        account("user_id", primary_key=True, autoincrement=False),
                        account("other_id", primary_key=True, autoincrement=False, index=True),
                        Column("since", Float, nullable=False)),
        "moderators": Table(f"{prefix}moderators", md,
                            account("user_id", primary_key=True, autoincrement=False),
                            Column("granted", Float, nullable=False),
                            Column("granted_by", String(60), nullable=False)),
        "mutes": Table(f"{prefix}mutes", md,
                       account("user_id", primary_key=True, autoincrement=False),
                       Column("until", Float, nullable=False),
                       Column("muted_by", String(60), nullable=False),
                       Column("reason", Text, nullable=False)),
        "reports": Table(f"{prefix}reports", md,
                         Column("id", Integer, primary_key=True, autoincrement=True),
                         Column("reporter_id", Integer, ForeignKey(users, ondelete="SET NULL"), nullable=True),
                         Column("reporter", String(40), nullable=False),
                         account("target_id", nullable=False, index=True),
                         Column("target", String(40), nullable=False),
                         Column("reason", Text, nullable=False),
                         Column("context", JSON, nullable=False),
                         Column("created", Float, nullable=False),
                         Column("status", String(12), nullable=False, index=True),
                         Column("handled_by", String(60), nullable=True),
                         Column("handled", Float, nullable=True),
                         Column("outcome", Text, nullable=True)),
        "social_notices": Table(f"{prefix}social_notices", md,
                                Column("id", Integer, primary_key=True, autoincrement=True),
                                account("user_id", nullable=False, index=True),
                                Column("kind", String(20), nullable=False),
                                Column("data", JSON, nullable=False),
                                Column("created", Float, nullable=False),
                                Column("delivered", Boolean, nullable=False)),
    }
    return tables
