"""Seasons: per game, a stretch of time the hall sets (its start and end), a table of the points players
earn from rated results in it, and leagues by points. When a season ends its table is kept as it was
(``TourneyStore.keep_final``), so that last season's table never changes afterwards.

Points: each rated game (``ratings.rateable``: two or more registered players; bots and guests take no part)
finished in the season gives its rated players the points of their places among themselves
(``tournaments/points.py``: 6 for a win, 0 for the last place, evenly between) — as the ratings rate it
(``ratings.rate_table``): only those who played it (``fairplay.py``: a seat left to a stand-in bot was not
played by its person) are placed among themselves, when two or more did; one who did not play it forfeits it
(a game counted, no points) when someone did, and nobody gains from them. Leagues: ``LEAGUES``.
Routes: ``GET /api/seasons/{game}``, ``POST /api/seasons`` (an admin: ``{game, title, starts, ends}``),
the pages ``/seasons``, ``/seasons/{game}``.
"""

from __future__ import annotations

import asyncio
import math
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from longhouse import games
from longhouse.i18n import _, joined
from longhouse.server import ratings
from longhouse.server.accounts import Refused, read_json, refused, store_of
from longhouse.server.admin import admin_of, same_origin
from longhouse.server.language import answer
from longhouse.server.players import page, title_of
from longhouse.store.fairplay import fair_beside
from longhouse.store.people import PeopleStore
from longhouse.store.tourney import TourneyError, TourneyStore
from longhouse.tournaments.points import result_keys, table_points

#: The leagues, highest first: the points a season's player needs to be in each.
LEAGUES = (("Gold", 90.0), ("Silver", 30.0), ("Bronze", 0.0))
MAX_TITLE = 60
LONGEST = 366 * 86400.0


def league(points: float) -> str:
    return next(name for name, least in LEAGUES if points >= least)


def season_table(people: PeopleStore, game: str, starts: float, ends: float) -> list[dict[str, Any]]:
    """The season's table: every rated player of ``game`` with points from games finished in [starts, ends)."""
    tables = [t for t in people.played(game=game, limit=None) if starts <= t.finished < ends]
    registered = people.registered({uid for t in tables for uid in t.people.values()})
    judged = fair_beside(people).judged([t.table_id for t in tables]) if tables else {}
    rows: dict[int, dict[str, float]] = {}
    for t in tables:
        pairs = ratings.rateable(t, registered)
        if not pairs:
            continue
        played_it = judged.get(t.table_id)
        played = [(seat, uid) for seat, uid in pairs if played_it is None or played_it.get(seat, True)]
        absent = [pair for pair in pairs if pair not in played]
        placed = played if len(played) >= 2 else []  # placed among themselves (one alone: neither way)
        keys = result_keys(t.result, len(t.players))
        pts = dict(zip(placed, table_points([keys[seat] for seat, _ in placed]), strict=True))
        winners = set(t.result.get("winners") or [])
        for seat, uid in placed + (absent if played else []):  # forfeits: when someone played it
            row = rows.setdefault(uid, {"points": 0.0, "games": 0, "wins": 0})
            row["points"] += pts.get((seat, uid), 0.0)
            row["games"] += 1
            row["wins"] += (seat, uid) in pts and seat in winners
    names = people.names(set(rows))
    ranked = sorted(rows.items(), key=lambda item: (-item[1]["points"], -item[1]["wins"], names.get(item[0], "?")))
    out: list[dict[str, Any]] = [{"name": names.get(uid, "?"), "points": r["points"], "games": int(r["games"]),
                                  "wins": int(r["wins"]), "league": league(r["points"])} for uid, r in ranked]
    for i, r in enumerate(out):
        r["place"] = i + 1
    return out


def keep_ended(store: TourneyStore, people: PeopleStore, now: float) -> int:
    """Keep the table of every season that has ended and has none kept yet; how many were kept."""
    kept = 0
    for s in store.seasons_of():
        if s["final"] is None and s["ends"] <= now:
            kept += store.keep_final(s["id"], season_table(people, s["game"], s["starts"], s["ends"]))
    return kept


def seasons_page(store: TourneyStore, people: PeopleStore, game: str, now: float) -> dict[str, Any]:
    found = store.seasons_of(game)
    for s in found:
        s["state"] = "coming" if now < s["starts"] else "current" if now < s["ends"] else "past"
    current = next((s for s in found if s["state"] == "current"), None)
    last = next((s for s in found if s["state"] == "past"), None)

    def shown(s: dict[str, Any] | None, table: list[dict[str, Any]] | None) -> dict[str, Any] | None:
        if s is None:
            return None
        return {"id": s["id"], "title": s["title"], "starts": s["starts"], "ends": s["ends"], "table": table}

    return {"game": game, "title": title_of(game), "now": now,
            "seasons": [{k: s[k] for k in ("id", "title", "starts", "ends", "state")} for s in found],
            "current": shown(current, season_table(people, game, current["starts"], current["ends"])
                             if current else None),
            "last": shown(last, (last["final"] if last and last["final"] is not None
                                 else season_table(people, game, last["starts"], last["ends"]) if last else None)),
            "leagues": [{"name": n, "points": p} for n, p in LEAGUES],
            "games": [{"name": g, "title": title_of(g)} for g in games.names()]}


async def season_api(request: Request) -> Response:
    game = request.path_params["game"]
    if game not in games.names():
        return answer(request, {"error": _("there is no game {game}", game=repr(game))}, status_code=404)
    director = request.app.state.tourneys
    data = await asyncio.to_thread(seasons_page, director.store, director.hall.people, game, director.clock())
    return JSONResponse(data)


def _when(data: dict[str, Any], key: str) -> float:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise Refused(400, _("{key} is a time: seconds since 1970, UTC", key=key))
    return float(value)


async def add_season(request: Request) -> Response:
    try:
        same_origin(request)
        data = await read_json(request)
        admin_of(request)
        game = data.get("game")
        if game not in games.names():
            raise Refused(400, _("there is no game {game}; games are {games}", game=repr(game),
                                 games=joined(", ", games.names())))
        title = data.get("title")
        if not isinstance(title, str) or not title.strip() or len(title.strip()) > MAX_TITLE:
            raise Refused(400, _("name the season (at most {n} characters)", n=MAX_TITLE))
        starts, ends = _when(data, "starts"), _when(data, "ends")
        if not starts < ends <= starts + LONGEST:
            raise Refused(400, _("a season ends after it starts, within a year"))
        try:
            sid = TourneyStore(store_of(request)).add_season(str(game), title.strip(), starts, ends)
        except TourneyError as exc:
            raise Refused(400, exc.text) from exc
    except Refused as exc:
        return refused(request, exc)
    return JSONResponse({"id": sid})


def routes() -> list[BaseRoute]:
    return [Route("/seasons", page), Route("/seasons/{game}", page),
            Route("/api/seasons/{game}", season_api), Route("/api/seasons", add_season, methods=["POST"])]
