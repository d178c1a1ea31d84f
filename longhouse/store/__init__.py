"""Persistence for the hall: SQLAlchemy Core over SQLite (default) or PostgreSQL."""

from longhouse.store.db import NameTaken, Store, TableRow, User

__all__ = ["NameTaken", "Store", "TableRow", "User"]
