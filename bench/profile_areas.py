"""Where a profiled hall's CPU goes, by area: ``python bench/profile_areas.py FILE [MOVES]`` (a cProfile file
written by ``bench/hall.py --profile FILE``; with MOVES, also per move). ``bench/hall.py --profile`` prints it.

Each function's own time (tottime) is charged to one area by where it lives; builtins (``str.join``,
``dict.get``, ``len`` ...) are "builtins", whoever called them."""

from __future__ import annotations

import pstats
import sys
from collections import defaultdict

#: (area, what a function's file or name contains), first match wins.
AREAS = [
    ("store (SQLAlchemy, sqlite3)", ("sqlalchemy", "sqlite3", "longhouse/store")),
    ("views (the games' view modules, the header)", ("/view.py", "shared_view", "own_view")),
    ("encode (msgspec, json)", ("msgspec", "protocol.py", "json/encoder")),
    ("state messages (assembly, legal actions, events)", ("state_texts", "_state_message", "resend_state")),
    ("websocket send and receive (uvicorn, websockets, starlette, queues, conn.py)",
     ("websockets", "uvicorn", "starlette", "conn.py", "queues.py", "h11")),
    ("rules engine (apply, legal actions, notation, events)", ("longhouse/games", "longhouse/engine")),
    ("hall (tables, group commit, the rest of the server)", ("longhouse/server",)),
    ("event loop (asyncio, uvloop)", ("asyncio", "uvloop", "runners.py")),
    ("builtins (str.join, dict.get, len, ..., for any caller)", ("~", "<string>")),
]


def area(filename: str, function: str) -> str:
    where = f"{filename} {function}"
    for name, marks in AREAS:
        if any(mark in where for mark in marks):
            return name
    return "other"


def areas(path: str) -> tuple[float, dict[str, float]]:
    """The profile's total own time, and each area's."""
    totals: dict[str, float] = defaultdict(float)
    for (filename, _line, function), (_cc, _nc, tottime, _ct, _callers) in pstats.Stats(path).stats.items():
        totals[area(filename, function)] += tottime
    return sum(totals.values()), dict(totals)


def report(path: str, moves: int = 0) -> str:
    total, totals = areas(path)
    lines = [f"CPU in the profile: {total:.1f} s" + (f" = {1000 * total / moves:.2f} ms a move" if moves else "")]
    for name, seconds in sorted(totals.items(), key=lambda kv: -kv[1]):
        per = f"  {1000 * seconds / moves:6.3f} ms a move" if moves else ""
        lines.append(f"  {name:<78} {seconds:6.2f} s {100 * seconds / total:5.1f}%{per}")
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 0))
