"""Learn to play, over HTTP: each game's tutorial step by step (``longhouse.learn``), and the learner's progress.

``GET /api/learn``: the games with a tutorial. ``GET /api/learn/{game}``: its lessons. ``GET
/api/learn/{game}/{step}``: the step (the learner's state message, the texts, the move the board marks).
``POST /api/learn/{game}/{step}`` ``{"action": {...}}``: the learner's move there, answered ``{"ok": true,
"next": i}`` or refused with the reason and the rule it breaks. ``GET|POST /api/learn-progress``: a registered
account's progress (``{"game": ..., "step": i, "done": bool}``), kept with its settings under ``learn``; guests
and visitors keep theirs in the browser. A tutorial is no table: nothing of it is stored, archived or rated.
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from longhouse import learn
from longhouse.i18n import _
from longhouse.server import accounts
from longhouse.server.language import answer
from longhouse.store.people import PeopleStore

#: The key of an account's settings that holds its tutorial progress.
PROGRESS = "learn"


def _tutorial(request: Request) -> learn.Tutorial | None:
    name = request.path_params["game"]
    return learn.tutorial(name) if name in learn.available() else None


def _missing(request: Request) -> Response:
    name = str(request.path_params["game"])[:40]
    return answer(request, {"error": _("there is no tutorial for {name}; there are: {games}", name=repr(name),
                                       games=", ".join(learn.available()))}, 404)


def _step(request: Request, t: learn.Tutorial) -> int | None:
    text = request.path_params["step"]
    if not text.isascii() or not text.isdigit() or len(text) > 4 or int(text) > t.end:
        return None
    return int(text)


async def games_with_lessons(request: Request) -> Response:
    out = []
    for name in learn.available():
        t = learn.tutorial(name)
        out.append({"game": name, "title": t.title, "lessons": len(t.lessons)})
    return answer(request, {"tutorials": out})


async def outline(request: Request) -> Response:
    if request.path_params["game"] not in learn.available():
        return _missing(request)
    t = _tutorial(request)
    assert t is not None
    return answer(request, t.outline())


async def step(request: Request) -> Response:
    if request.path_params["game"] not in learn.available():
        return _missing(request)
    t = _tutorial(request)
    assert t is not None
    index = _step(request, t)
    if index is None:
        return answer(request, {"error": _("a step is a number from 0 to {end}", end=t.end)}, 404)
    if request.method == "GET":
        return answer(request, t.payload(index))  # its texts in the reader's language
    try:
        data = await accounts.read_json(request)
    except accounts.Refused as exc:
        return accounts.refused(request, exc)
    if set(data) != {"action"}:
        return answer(request, {"error": _("send {shape}", shape='{"action": {...}}')}, 400)
    if index == t.end:
        return answer(request, {"ok": False, "reason": _("The game is over: there is nothing left to play."),
                                "rule": ""})
    return answer(request, t.attempt(index, data["action"]))


def _people(request: Request) -> PeopleStore:
    people: PeopleStore = request.app.state.hall.people
    return people


def checked_progress(data: Any) -> dict[str, Any] | None:
    """``{"game", "step", "done"}`` for a game with a tutorial and a step of it, else None."""
    if not isinstance(data, dict) or set(data) != {"game", "step", "done"}:
        return None
    game, index, done = data["game"], data["step"], data["done"]
    if game not in learn.available() or not isinstance(done, bool):
        return None
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= learn.tutorial(game).end:
        return None
    return {"game": game, "step": index, "done": done}


async def progress(request: Request) -> Response:
    user = accounts.current_user(request)
    if user is None or user.guest:
        return answer(request, {"error": _("sign up to keep your progress here (a guest's stays in the browser)")},
                      401)
    people = _people(request)
    settings = await asyncio.to_thread(people.settings_of, user.id)
    found = settings.get(PROGRESS)
    kept: dict[str, Any] = found if isinstance(found, dict) else {}
    if request.method == "GET":
        return JSONResponse({"progress": kept})
    try:
        data = await accounts.read_json(request)
    except accounts.Refused as exc:
        return accounts.refused(request, exc)
    entry = checked_progress(data)
    if entry is None:
        return answer(request, {"error": _("send {shape}", shape='{"game": a game with a tutorial, "step": a step '
                                                               'of it, "done": bool}')}, 400)
    old = kept.get(entry["game"], {})
    # a finished tutorial stays finished when it is played again
    kept = {**kept, entry["game"]: {"step": entry["step"], "done": entry["done"] or bool(old.get("done"))}}
    await asyncio.to_thread(people.save_settings, user.id, {**settings, PROGRESS: kept})
    return JSONResponse({"progress": kept})


def routes() -> list[BaseRoute]:
    return [
        Route("/api/learn", games_with_lessons), Route("/api/learn/{game}", outline),
        Route("/api/learn/{game}/{step}", step, methods=["GET", "POST"]),
        Route("/api/learn-progress", progress, methods=["GET", "POST"]),
    ]
