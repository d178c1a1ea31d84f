"""Texts kept as data: a ``Msg`` written into JSON (a stored notice, a message to another process) and read back
as the same ``Msg``, so that it is put into words only when it reaches its reader, in their language.

``stored(value)`` writes every ``Msg`` in ``value`` (a dict, a list, a ``Msg`` or anything JSON already) as
``{"msg": id, "params": {...}}`` (with ``"plural"`` and ``"n"`` for plural forms); ``restored(value)`` reads
them back. A plain string stays a string both ways (words already made, as the English of notices kept before).
"""

from __future__ import annotations

from typing import Any

from longhouse.engine.text import Msg

_KEY = "msg"


def stored(value: Any) -> Any:
    """``value`` with each ``Msg`` in it written as JSON data."""
    if isinstance(value, Msg):
        if type(value) is not Msg:
            raise TypeError(f"a {type(value).__name__} is not kept as data; make it a Msg with parameters")
        out: dict[str, Any] = {_KEY: value.id, "params": {k: stored(v) for k, v in value.params}}
        if value.plural is not None:
            out["plural"], out["n"] = value.plural, value.n
        return out
    if isinstance(value, dict):
        return {k: stored(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [stored(v) for v in value]
    return value


def restored(value: Any) -> Any:
    """``value`` (data written by ``stored``) with each text in it a ``Msg`` again."""
    if isinstance(value, dict):
        if isinstance(value.get(_KEY), str) and isinstance(value.get("params"), dict) and set(value) <= {
                _KEY, "params", "plural", "n"}:
            params = {str(k): restored(v) for k, v in value["params"].items()}
            plural = value.get("plural")
            n = value.get("n")
            return Msg(value[_KEY], params, plural if isinstance(plural, str) else None,
                       n if isinstance(n, int) else None)
        return {k: restored(v) for k, v in value.items()}
    if isinstance(value, list):
        return [restored(v) for v in value]
    return value
