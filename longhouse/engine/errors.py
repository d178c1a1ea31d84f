"""Errors raised through the engine contract. Each is raised with a text for its reader (a ``Msg``, ``_()``:
the hall and the terminal write it in their reader's language; ``str(exc)`` is its English)."""

from __future__ import annotations

from longhouse.engine.text import Msg, Text, _


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

    def __init__(self, reason: Text, index: int | None = None) -> None:
        self.reason = reason
        self.index = index
        super().__init__(_("record header: {reason}", reason=reason) if index is None
                         else _("action {index}: {reason}", index=index, reason=reason))


def error_text(exc: BaseException) -> Text:
    """What to tell a reader of ``exc``: its ``Msg`` (one argument that is a text), else ``str(exc)``."""
    if len(exc.args) == 1 and isinstance(exc.args[0], Msg):
        return exc.args[0]
    return str(exc)
