"""The tables of the hall's features beside the store's core ones, put in the store's model (``db._schema``).

Each feature keeps its tables in a model module of its own and adds one line here (and a revision in
``store/migrations``: docs/operations.md, "Adding a revision").
"""

from __future__ import annotations

from sqlalchemy import MetaData

from longhouse.store.admin_tables import admin_tables
from longhouse.store.fairplay_tables import fairplay_tables
from longhouse.store.mail_tables import mail_tables
from longhouse.store.people import people_tables
from longhouse.store.push_tables import push_tables
from longhouse.store.social_tables import social_tables
from longhouse.store.tourney_tables import tourney_tables


def feature_tables(md: MetaData, prefix: str) -> None:
    """Every feature's tables in ``md`` (which holds the core ones already)."""
    people_tables(md, prefix)
    admin_tables(md, prefix)
    mail_tables(md, prefix)
    push_tables(md, prefix)
    tourney_tables(md, prefix)
    social_tables(md, prefix)
    fairplay_tables(md, prefix)
