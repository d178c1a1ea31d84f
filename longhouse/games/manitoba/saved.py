"""The texts kept in a Manitoba snapshot (the board's last moves and last scoring hold the events' texts) as
JSON and back, still texts of the catalogs: a position restored from a snapshot shows them in each reader's
language, as the position it was saved from did.

A text is ``{"$msg": id, "params": {...}}`` (with ``"plural"`` and ``"n"`` for plural forms), a list of texts
``{"$list": [...]}`` and texts joined by a sign ``{"$joined": sep, "items": [...]}``; anything else is kept as
it is (snapshots made before the texts were messages hold English strings, which stay strings).
"""

from __future__ import annotations

from typing import Any

from longhouse.engine.text import Joined, Listing, Msg


def to_json(value: Any) -> Any:
    """A text (or anything else, as it is) as JSON."""
    if isinstance(value, Listing):
        return {"$list": [to_json(item) for item in value.items]}
    if isinstance(value, Joined):
        return {"$joined": value.sep, "items": [to_json(item) for item in value.items]}
    if isinstance(value, Msg):
        out: dict[str, Any] = {"$msg": value.id, "params": {key: to_json(item) for key, item in value.params}}
        if value.plural is not None:
            out["plural"], out["n"] = value.plural, value.n
        return out
    return value


def from_json(value: Any) -> Any:
    """What ``to_json`` wrote: the text again (a string as it is)."""
    if isinstance(value, dict):
        if "$msg" in value:
            params = {str(key): from_json(item) for key, item in dict(value.get("params") or {}).items()}
            plural = value.get("plural")
            n = value.get("n")
            return Msg(str(value["$msg"]), params, str(plural) if plural is not None else None,
                       int(n) if n is not None else None)
        if "$list" in value:
            return Listing(from_json(item) for item in value["$list"])
        if "$joined" in value:
            return Joined(str(value["$joined"]), (from_json(item) for item in value["items"]))
    return value


# The board's last moves (``marks``: per seat, a list of events as ``{"kind", "text", ...data}``) and its last
# scoring (``tally``, whose score tile has a ``text``): the only texts of a snapshot.

def marks_to_json(marks: list[list[dict[str, Any]]]) -> list[list[dict[str, Any]]]:
    return [[{**mark, "text": to_json(mark.get("text"))} for mark in seat] for seat in marks]


def marks_from_json(raw: Any) -> list[list[dict[str, Any]]]:
    return [[{**mark, "text": from_json(mark.get("text"))} for mark in seat] for seat in raw]


def tally_to_json(tally: dict[str, Any] | None, read: bool = False) -> dict[str, Any] | None:
    """The tally with its tile's text as JSON (``read``: back from JSON)."""
    if tally is None:
        return None
    tile = tally.get("tile")
    if not isinstance(tile, dict):
        return dict(tally)
    text = tile.get("text")
    return {**tally, "tile": {**tile, "text": from_json(text) if read else to_json(text)}}


def untexted(core: dict[str, Any]) -> dict[str, Any]:
    """A snapshot's core without the texts of its marks and tally (they hold the words of the version that
    wrote them)."""
    out = {**core, "marks": [[{k: v for k, v in mark.items() if k != "text"} for mark in seat]
                             for seat in core.get("marks") or []]}
    tally = core.get("tally")
    if isinstance(tally, dict) and isinstance(tally.get("tile"), dict):
        out["tally"] = {**tally, "tile": {k: v for k, v in tally["tile"].items() if k != "text"}}
    return out
