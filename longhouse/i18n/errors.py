"""An engine error's text for a reader: the ``Msg`` it was raised with (translated when sent), else its
English words."""

from __future__ import annotations

from longhouse.engine.text import Msg, Text


def error_text(exc: BaseException) -> Text:
    """What to tell a client of ``exc``: its ``Msg`` (one argument that is a text), else ``str(exc)``."""
    if len(exc.args) == 1 and isinstance(exc.args[0], Msg):
        return exc.args[0]
    return str(exc)
