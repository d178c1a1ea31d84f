"""Errors raised through the engine contract."""

from __future__ import annotations


class LonghouseError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(LonghouseError):
    """An action that is not legal now; the state is left exactly as it was."""


class SetupError(LonghouseError, ValueError):
    """A setup that is inconsistent (wrong component counts, unknown keys, bad player count)."""


class SnapshotError(LonghouseError, ValueError):
    """A state snapshot that cannot be read back."""


class RecordError(LonghouseError):
    """A game record that does not replay: malformed, or with an illegal action.

    ``index`` is the position of the offending entry in the record's action list, or ``None`` when
    the header itself is at fault.
    """

    def __init__(self, reason: str, index: int | None = None) -> None:
        self.reason = reason
        self.index = index
        where = "record header" if index is None else f"action {index}"
        super().__init__(f"{where}: {reason}")
