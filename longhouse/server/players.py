"""The hall's pages about people: player pages, leaderboards, the filtered archive, and page settings.

Routes (added to the app by ``routes()``): ``GET /api/players/{name}``, ``GET /api/leaderboard/{game}``,
``GET /api/archive?player=&game=`` (its rows are built here), ``GET|POST /api/settings`` (the signed-in
player's notification choices), and the pages ``/player/{name}``, ``/leaderboard/{game}``.
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from longhouse import games
from longhouse.i18n import _
from longhouse.i18n.catalogs import supported
from longhouse.server import accounts, ratings, reputation
from longhouse.server.language import answer
from longhouse.server.pages import page
from longhouse.store.people import PeopleStore, PlayedTable

RECENT = 20
#: Every rating's value before its first rated game (the model's cautious estimate of a newcomer, μ − 3σ).
START = round(ratings.MODEL.rating().ordinal(), 2)
#: The notification choices a player can keep (see web/notify.js), each a boolean.
SETTINGS = ("title", "sound", "browser")


def title_of(game: str) -> str:
    try:
        return games.get(game).title
    except (KeyError, ImportError, AttributeError):
        return game


def _row(t: PlayedTable, seat: int | None = None) -> dict[str, Any]:
    winners = t.result.get("winners") or []
    out: dict[str, Any] = {
        "id": t.table_id, "game": t.game, "title": title_of(t.game), "players": t.players,
        "finished": t.finished, "scores": t.result.get("scores"), "winners": winners,
        "abandoned": bool(t.result.get("abandoned")),
        # seats no account held (bots from the start): a page links only the names that have a player page
        "bots": [seat for seat in range(len(t.players)) if seat not in t.people],
    }
    if seat is not None:
        out["seat"] = seat
        out["won"] = seat in winners
    return out


def archive_rows(people: PeopleStore, player: str | None, game: str | None) -> dict[str, Any]:
    """The archive, newest first, only ``player``'s games and only ``game``'s when given."""
    user_id: int | None = None
    if player:
        found = people.user(player)
        if found is None:
            return {"tables": [], "error": _("there is no player {name}", name=repr(player))}
        user_id = found[0]
    if game and game not in games.names():
        return {"tables": [], "error": _("there is no game {name}", name=repr(game))}
    rows = people.played(user_id, game or None)
    return {"tables": [_row(t) for t in rows],
            "games": [{"name": g, "title": title_of(g)} for g in games.names()]}


def player_page(people: PeopleStore, name: str) -> dict[str, Any] | None:
    found = people.user(name)
    if found is None:
        return None
    user_id, real_name, guest = found
    played = people.played(user_id, limit=None)
    mine = [(t, next(s for s, u in t.people.items() if u == user_id)) for t in played]
    finished = [(t, s) for t, s in mine if not t.result.get("abandoned")]
    history = people.rating_history(user_id=user_id)
    per_game: dict[str, list[dict[str, Any]]] = {}
    for p in history:
        per_game.setdefault(p.game, []).append({"table": p.table_id, "rating": round(p.ordinal, 2),
                                                "mu": round(p.mu, 2), "sigma": round(p.sigma, 2),
                                                "finished": p.finished})
    rating_list = [{"game": g, "title": title_of(g), "rating": points[-1]["rating"], "games": len(points),
                    "start": START, "history": points} for g, points in sorted(per_game.items())]
    return {
        "name": real_name, "guest": guest, "ratings": rating_list,
        "played": len(finished), "wins": sum(1 for t, s in finished if s in (t.result.get("winners") or [])),
        "by_game": {g: sum(1 for t, _ in finished if t.game == g) for g in sorted({t.game for t, _ in finished})},
        "recent": [_row(t, s) for t, s in mine[:RECENT]],
    }


def _people(request: Request) -> PeopleStore:
    people: PeopleStore = request.app.state.hall.people
    return people


async def player(request: Request) -> Response:
    data = await asyncio.to_thread(player_page, _people(request), request.path_params["name"])
    if data is None:
        return answer(request, {"error": _("there is no such player"), "code": "no_player"}, 404)
    data.update(await asyncio.to_thread(reputation.page_part, request.app.state.hall, data["name"]))
    return answer(request, data)


async def leaderboard(request: Request) -> Response:
    game = request.path_params["game"]
    if game not in games.names():
        return answer(request, {"error": _("there is no game {name}", name=repr(game))}, 404)
    rows = await asyncio.to_thread(ratings.leaderboard, _people(request), game)
    return JSONResponse({"game": game, "title": title_of(game), "players": rows,
                         "games": [{"name": g, "title": title_of(g)} for g in games.names()]})


async def settings(request: Request) -> Response:
    user = accounts.current_user(request)  # an expired session is no session, as everywhere
    if user is None:
        return answer(request, {"error": _("sign in first")}, 401)
    people = _people(request)
    if request.method == "GET":
        return JSONResponse({"settings": people.settings_of(user.id)})
    try:  # JSON only (no cross-site form), read in pieces up to Settings.max_body, as every POST
        data = await accounts.read_json(request)
    except accounts.Refused as exc:
        return accounts.refused(request, exc)
    lang = data.pop("lang", None)
    if lang is not None and (not isinstance(lang, str) or supported(lang) != lang):
        return answer(request, {"error": _("there is no language {lang}", lang=repr(str(lang)[:12]))}, 400)
    if set(data) - set(SETTINGS) or not all(isinstance(v, bool) for v in data.values()):
        return answer(request, {"error": _("settings are booleans named {names}", names=", ".join(SETTINGS))}, 400)
    if lang is not None:
        data["lang"] = lang
    merged = {**people.settings_of(user.id), **data}
    people.save_settings(user.id, merged)
    return JSONResponse({"settings": merged})


def routes() -> list[BaseRoute]:
    return [
        Route("/player/{name}", page), Route("/leaderboard/{game}", page), Route("/leaderboard", page),
        Route("/api/players/{name}", player), Route("/api/leaderboard/{game}", leaderboard),
        Route("/api/settings", settings, methods=["GET", "POST"]),
    ]
