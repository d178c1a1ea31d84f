"""Persistence for the hall: SQLAlchemy Core over SQLite (default) or PostgreSQL."""

from longhouse.store.db import Move, NameTaken, StaleOwner, Store
from longhouse.store.rows import BotSeat, Occupant, Person, Status, TableRow, User

__all__ = ["BotSeat", "Move", "NameTaken", "Occupant", "Person", "StaleOwner", "Status", "Store", "TableRow", "User"]
