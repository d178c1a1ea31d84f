"""The social tables: look-alike keys of names, follows, blocks, moderators, mutes, reports and notices
(``store/social.py``); and the bans' look-alike keys made again with Unicode's confusables data.

Data steps: every registered account's key is computed (``server/lookalike.py``) and kept, oldest account
first; an account made later whose name looks like an older account's (``lvan`` beside ``Ivan``) keeps its
name but gets no key (no one else can take a look-alike of it either: the older account's key stands for
both). Every ban's key is computed again from its account's name, as the new rule makes it.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from longhouse.server.lookalike import lookalike_key
from longhouse.store.migrations import named

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _account(name: str, **kwargs: object) -> sa.Column[int]:
    return sa.Column(name, sa.Integer, sa.ForeignKey(f"{named('users')}.id", ondelete="CASCADE"),
                     **kwargs)  # type: ignore[arg-type]


def upgrade() -> None:
    keys = op.create_table(
        named("name_keys"),
        _account("user_id", primary_key=True, autoincrement=False),
        sa.Column("name_key", sa.String(80), nullable=False, unique=True),
    )
    for pair in ("follows", "blocks"):
        op.create_table(
            named(pair),
            _account("user_id", primary_key=True, autoincrement=False),
            _account("other_id", primary_key=True, autoincrement=False, index=True),
            sa.Column("since", sa.Float, nullable=False),
        )
    op.create_table(
        named("moderators"),
        _account("user_id", primary_key=True, autoincrement=False),
        sa.Column("granted", sa.Float, nullable=False),
        sa.Column("granted_by", sa.String(60), nullable=False),
    )
    op.create_table(
        named("mutes"),
        _account("user_id", primary_key=True, autoincrement=False),
        sa.Column("until", sa.Float, nullable=False),
        sa.Column("muted_by", sa.String(60), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
    )
    op.create_table(
        named("reports"),
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("reporter_id", sa.Integer, sa.ForeignKey(f"{named('users')}.id", ondelete="SET NULL"),
                  nullable=True),
        sa.Column("reporter", sa.String(40), nullable=False),
        _account("target_id", nullable=False, index=True),
        sa.Column("target", sa.String(40), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("context", sa.JSON, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("status", sa.String(12), nullable=False, index=True),
        sa.Column("handled_by", sa.String(60), nullable=True),
        sa.Column("handled", sa.Float, nullable=True),
        sa.Column("outcome", sa.Text, nullable=True),
    )
    op.create_table(
        named("social_notices"),
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        _account("user_id", nullable=False, index=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("delivered", sa.Boolean, nullable=False),
    )
    bind = op.get_bind()
    users = sa.table(named("users"), sa.column("id", sa.Integer), sa.column("name", sa.String),
                     sa.column("guest", sa.Boolean))
    taken: set[str] = set()
    rows = []
    for uid, name in bind.execute(sa.select(users.c.id, users.c.name).where(users.c.guest == sa.false())
                                  .order_by(users.c.id)):
        key = lookalike_key(name)
        if key not in taken and len(key) <= 80:
            taken.add(key)
            rows.append({"user_id": uid, "name_key": key})
    if rows:
        op.bulk_insert(keys, rows)
    bans = sa.table(named("bans"), sa.column("user_id", sa.Integer), sa.column("name_key", sa.String))
    for uid, name in bind.execute(sa.select(users.c.id, users.c.name).join(bans, bans.c.user_id == users.c.id)):
        bind.execute(bans.update().where(bans.c.user_id == uid).values(name_key=lookalike_key(name)[:80]))
