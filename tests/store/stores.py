"""Helpers of the store's tests."""

from __future__ import annotations

from sqlalchemy import create_engine
from sqlalchemy.pool import NullPool

from longhouse.store import revisions
from longhouse.store.db import model


def drop_store(url: str, prefix: str) -> None:
    """Remove every table of the store with ``prefix`` and its revision record, whatever revision it holds."""
    engine = create_engine(url, poolclass=NullPool)
    try:
        model(prefix).drop_all(engine)
        revisions.version_table(prefix).drop(engine, checkfirst=True)
    finally:
        engine.dispose()
