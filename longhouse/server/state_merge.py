"""What a client does with a ``state`` message (``protocol.py``): a whole one replaces the state it holds, a
delta is merged into it. The Python twin of ``mergeState`` in ``web/table.js``, for Python clients (the
tests' websocket helpers, the benchmarks' players)."""

from __future__ import annotations

from typing import Any

#: The fields a delta may leave out: the held state's values stand.
KEPT = ("legal", "legal_text", "undo_steps")


class Resync(Exception):
    """A delta that does not apply to the state held (another version or seat, or none held): the client
    asks for its whole state (``{"type": "resync"}``)."""


def is_delta(msg: dict[str, Any]) -> bool:
    return "base" in msg


def merge_state(held: dict[str, Any] | None, msg: dict[str, Any]) -> dict[str, Any]:
    """The whole state after ``msg`` (a ``state`` message), given the whole state held before (None: none).
    Raises ``Resync`` if ``msg`` is a delta against something else."""
    if not is_delta(msg):
        return msg
    if held is None or held["version"] != msg["base"] or held["seat"] != msg["seat"]:
        raise Resync(f"a delta against version {msg['base']} (seat {msg['seat']}), holding "
                     f"{None if held is None else (held['version'], held['seat'])}")
    view = {**held["view"], **msg["changes"]}
    for key in msg.get("gone", ()):
        view.pop(key, None)
    out = {key: value for key, value in msg.items() if key not in ("base", "changes", "gone")}
    out["view"] = view
    for key in KEPT:
        if key not in out:
            out[key] = held[key]
    return out
