"""The tournaments' endpoints: the list, one tournament's page data, creating one, and what players and the
tournament's managers (its creator and the hall's admins) do with it.

``GET /api/tournaments``, ``POST /api/tournaments``, ``GET /api/tournaments/{id}``,
``POST /api/tournaments/{id}/{register|unregister|checkin|start|pause|resume|remove|cancel}``,
``GET /api/tournaments/of/{name}`` (a player's finished tournaments and places), and the pages
``/tournaments``, ``/tournament/{id}``. Who may create one is the hall's setting ``--tournaments-by``
(``players``: any registered account; ``admins``: only the hall's admins). Every POST is JSON and
same-origin (as the admin's); a refusal changes nothing and says why.
"""

from __future__ import annotations

import asyncio
import math
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from longhouse import games
from longhouse.i18n import N_, Msg, _, joined, ngettext
from longhouse.server import tourney_rounds as plan
from longhouse.server.accounts import Refused, current_user, read_json, refused, store_of
from longhouse.server.admin import same_origin
from longhouse.server.archive import parse_table_id
from longhouse.server.clocks import TIME_CONTROLS
from longhouse.server.language import answer
from longhouse.server.players import page, title_of
from longhouse.server.tourney_director import Director
from longhouse.store import User
from longhouse.store.admin import admin_store
from longhouse.store.tourney import CANCELLED, OPEN, PAUSED, RUNNING, Entrant, Tournament, TourneyError

#: The choices and their limits (``docs/tournaments.md``).
PACES: dict[str, dict[str, Any]] = {
    "real_time": {"time_control": "real-time", "checkin": 600.0, "round_every": 0.0, "forfeit_after": 300.0},
    "turn_based": {"time_control": "turn-based", "checkin": 86400.0, "round_every": 2 * 86400.0,
                   "forfeit_after": 86400.0}}
LIMITS = {"rounds": (1, 20), "cap": (2, 256), "checkin": (0.0, 7 * 86400.0), "round_every": (0.0, 30 * 86400.0),
          "forfeit_after": (1.0, 7 * 86400.0)}
MAX_AHEAD = 180 * 86400.0
MAX_NAME = 60
ACTIONS = ("register", "unregister", "checkin", "start", "pause", "resume", "remove", "cancel")
#: The refusals of more than one place (the catalogs' ids).
TEXTS = {"signin": N_("sign in first"), "guest": N_("guests cannot play in tournaments: sign up first"),
         "admins": N_("only the hall's admins create tournaments"),
         "manage": N_("only the tournament's creator or an admin can do that"),
         "none": N_("there is no such tournament")}


def choices(items: Any) -> Msg:
    """The names to choose from, "a, b, c" (names, not words: the same in every language)."""
    return joined(", ", [str(x) for x in items])


def said(key: str) -> Msg:
    """The refusal ``TEXTS[key]`` as a message."""
    return _(TEXTS[key])


def director_of(request: Request) -> Director:
    director: Director = request.app.state.tourneys
    return director


def signed(request: Request) -> User:
    user = current_user(request)
    if user is None:
        raise Refused(401, said("signin"))
    if user.guest:
        raise Refused(403, said("guest"))
    return user


def is_admin(request: Request, user: User | None) -> bool:
    return user is not None and not user.guest and admin_store(store_of(request)).is_admin(user.id)


def _number(data: dict[str, Any], key: str, default: float, kind: type = float) -> float:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise Refused(400, _("{key} must be a number", key=key))
    if kind is int and value != int(value):
        raise Refused(400, _("{key} must be a whole number", key=key))
    low, high = LIMITS.get(key, (-math.inf, math.inf))
    if not low <= value <= high:
        raise Refused(400, _("{key} must be from {low:g} to {high:g}", key=key, low=low, high=high))
    return float(int(value)) if kind is int else float(value)


def settings_from(data: dict[str, Any], now: float) -> dict[str, Any]:
    """A new tournament's settings from a request, checked; ``Refused`` (naming what is wrong) otherwise."""
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
        raise Refused(400, _("name the tournament (at most {n} characters)", n=MAX_NAME))
    game_name = data.get("game")
    if game_name not in games.names():
        raise Refused(400, _("there is no game {game}; games are {games}", game=repr(game_name),
                             games=choices(games.names())))
    game = games.get(str(game_name))
    fmt = data.get("format", "swiss")
    if fmt not in plan.FORMATS:
        raise Refused(400, _("the format is one of {formats}", formats=choices(plan.FORMATS)))
    size = int(_number(data, "table_size", game.max_players if fmt == "swiss" else 2, int))
    if fmt == "knockout" and size != 2:
        raise Refused(400, _("knock-out tournaments are played two a table"))
    if not max(2, game.min_players) <= size <= game.max_players:
        raise Refused(400, _("{game} is for {least} to {most} players a table", game=game.title,
                             least=game.min_players, most=game.max_players))
    pace = data.get("pace", "real_time")
    if pace not in PACES:
        raise Refused(400, _("the pace is one of {paces}", paces=choices(PACES)))
    defaults = PACES[str(pace)]
    control = data.get("time_control", defaults["time_control"])
    if control not in TIME_CONTROLS:
        raise Refused(400, _("there is no time control {control}; choose one of {controls}",
                             control=repr(control), controls=choices(TIME_CONTROLS)))
    starts = _number(data, "starts", now + 600.0)
    if not now - 60 <= starts <= now + MAX_AHEAD:
        raise Refused(400, _("the start is a time (seconds since 1970, UTC) from now to 180 days ahead"))
    return {"name": name.strip(), "game": game.name, "format": fmt, "table_size": size,
            "rounds": int(_number(data, "rounds", 3, int)), "cap": int(_number(data, "cap", 32, int)),
            "pace": pace, "time_control": control, "starts": starts,
            "checkin": _number(data, "checkin", float(defaults["checkin"])),
            "round_every": _number(data, "round_every", float(defaults["round_every"])),
            "forfeit_after": _number(data, "forfeit_after", float(defaults["forfeit_after"]))}


def cancel_note(t: Tournament, entrants: list[Entrant]) -> Msg | None:
    """Why the hall cancelled a tournament at its start (too few checked in); None: not so cancelled."""
    if t.status != CANCELLED or not t.note:
        return None
    came = sum(1 for e in entrants if not e.removed and (e.checked_in or t.checkin <= 0))
    try:
        least = max(2, games.get(t.game).min_players)
    except KeyError:
        least = 2
    return ngettext("{n} player checked in, {least} needed", "{n} players checked in, {least} needed", came,
                    least=least)


def summary(t: Tournament, entrants: list[Entrant], names: dict[int, str]) -> dict[str, Any]:
    players = sum(1 for e in entrants if not e.removed)
    return {"id": t.id, "name": t.name, "game": t.game, "title": title_of(t.game), "format": t.format,
            "table_size": t.table_size, "rounds": t.rounds, "cap": t.cap, "pace": t.pace,
            "time_control": t.time_control, "time_title": TIME_CONTROLS[t.time_control].title,
            "starts": t.starts, "checkin": t.checkin, "round_every": t.round_every,
            "forfeit_after": t.forfeit_after, "status": t.status, "round": t.round, "round_ends": t.round_ends,
            "players": players,
            "champion": names.get(t.champion) if t.champion is not None else None, "note": cancel_note(t, entrants),
            "creator": names.get(t.creator) if t.creator is not None else None, "finished": t.finished}


def listing(director: Director, user: User | None, can_create: bool) -> dict[str, Any]:
    store = director.store
    found = store.listed()
    out: dict[str, list[dict[str, Any]]] = {"open": [], "running": [], "finished": []}
    ids = {uid for t in found for uid in (t.champion, t.creator) if uid is not None}
    names = director.hall.people.names(ids)
    for t in found:
        entrants = store.entrants(t.id)
        row = summary(t, entrants, names)
        row["registered"] = user is not None and any(e.user_id == user.id for e in entrants)
        key = "open" if t.status == OPEN else "running" if t.status in (RUNNING, PAUSED) else "finished"
        out[key].append(row)
    return {**out, "can_create": can_create, "now": director.clock(),
            "games": [{"name": g, "title": title_of(g), "min": games.get(g).min_players,
                       "max": games.get(g).max_players} for g in games.names()],
            "time_controls": [{"key": k, "title": tc.title} for k, tc in TIME_CONTROLS.items()]}


def detail(director: Director, tid: int, user: User | None, admin: bool) -> dict[str, Any] | None:
    store = director.store
    t = store.get(tid)
    if t is None:
        return None
    entrants = store.entrants(tid)
    games_ = store.games_of(tid)
    names = {e.user_id: e.name for e in entrants}
    names.update(director.hall.people.names({u for u in (t.creator, t.champion) if u is not None}))
    out = summary(t, entrants, names)
    out["players_list"] = [{"name": e.name, "checked_in": e.checked_in, "seed": e.seed, "removed": e.removed,
                            "place": e.place} for e in entrants]
    rounds: dict[int, list[dict[str, Any]]] = {}
    for g in games_:
        state = "bye" if g.bye else "done" if g.result is not None else "playing"
        rounds.setdefault(g.round, []).append({
            "idx": g.idx, "table": g.table_id, "state": state, "players": [names.get(p, "?") for p in g.players],
            "arrived": [names.get(p, "?") for p in g.arrived], "forfeits": [names.get(p, "?") for p in g.forfeits],
            "points": g.result.get("points") if g.result else None,
            "scores": g.result.get("scores") if g.result and not g.bye else None})
    out["rounds_list"] = [{"round": r, "games": gs} for r, gs in sorted(rounds.items())]
    out["standings"] = [{"place": row.place, "name": names.get(row.player, "?"), "points": row.points,
                         "opponents": row.opponents, "score": row.score, "games": row.games, "byes": row.byes,
                         "forfeits": row.forfeits,
                         "removed": any(e.user_id == row.player and e.removed for e in entrants)}
                        for row in plan.table_of(t, entrants, games_)]
    me = next((e for e in entrants if user is not None and e.user_id == user.id), None)
    mine = next((g for g in games_ if g.round == t.round and user is not None and user.id in g.players
                 and g.result is None and g.table_id is not None), None)
    out["you"] = {"registered": me is not None and not me.removed, "checked_in": bool(me and me.checked_in),
                  "manage": user is not None and (admin or user.id == t.creator),
                  "table": mine.table_id if mine is not None else None,
                  "can_register": user is not None and not user.guest}
    out["now"] = director.clock()
    return out


async def tournaments(request: Request) -> Response:
    director = director_of(request)
    user = current_user(request)
    if request.method == "GET":
        admin = is_admin(request, user)
        by_admins = request.app.state.settings.tournaments_by == "admins"
        can = user is not None and not user.guest and (admin or not by_admins)
        return answer(request, await asyncio.to_thread(listing, director, user, can))
    try:
        same_origin(request)
        data = await read_json(request)
        user = signed(request)
        if request.app.state.settings.tournaments_by == "admins" and not is_admin(request, user):
            raise Refused(403, said("admins"))
        values = settings_from(data, director.clock())
    except Refused as exc:
        return refused(request, exc)
    tid = director.store.create(user.id, director.clock(), **values)
    return JSONResponse({"id": tid})


def _tid(request: Request) -> int:
    tid = parse_table_id(request.path_params["tid"])
    if tid is None:
        raise Refused(404, said("none"))
    return tid


async def tournament(request: Request) -> Response:
    try:
        tid = _tid(request)
    except Refused as exc:
        return refused(request, exc)
    user = current_user(request)
    data = await asyncio.to_thread(detail, director_of(request), tid, user, is_admin(request, user))
    if data is None:
        return answer(request, {"error": said("none")}, status_code=404)
    return answer(request, data)


async def act(request: Request) -> Response:
    director = director_of(request)
    store = director.store
    try:
        tid = _tid(request)
        what = request.path_params["action"]
        if what not in ACTIONS:
            raise Refused(404, _("a tournament's actions are {actions}", actions=choices(ACTIONS)))
        same_origin(request)
        data = await read_json(request)
        user = signed(request)
        t = store.get(tid)
        if t is None:
            raise Refused(404, said("none"))
        now = director.clock()
        try:
            if what == "register":
                store.register(tid, user.id, user.name, now)
            elif what == "unregister":
                store.unregister(tid, user.id)
            elif what == "checkin":
                store.check_in(tid, user.id, now)
            else:
                if not (user.id == t.creator or is_admin(request, user)):
                    raise Refused(403, said("manage"))
                if what == "start":
                    store.start_now(tid, now)
                elif what == "pause":
                    store.set_status(tid, PAUSED, (RUNNING,))
                elif what == "resume":
                    store.set_status(tid, RUNNING, (PAUSED,))
                elif what == "cancel":
                    store.set_status(tid, CANCELLED, (OPEN,))
                else:
                    name = data.get("name")
                    who = next((e for e in store.entrants(tid) if isinstance(name, str) and e.name == name), None)
                    if who is None:
                        raise Refused(404, _("{name} is not in this tournament", name=repr(name)))
                    store.remove(tid, who.user_id)
        except TourneyError as exc:
            raise Refused(400, exc.text) from exc
    except Refused as exc:
        return refused(request, exc)
    return JSONResponse({"ok": True})


async def of_player(request: Request) -> Response:
    director = director_of(request)
    found = director.hall.people.user(request.path_params["name"])
    if found is None:
        return answer(request, {"error": _("there is no such player"), "code": "no_player"}, status_code=404)

    def read() -> list[dict[str, Any]]:
        placed = director.store.placed(found[0])
        return [{"id": t.id, "name": t.name, "title": title_of(t.game), "place": place,
                 "champion": t.champion == found[0], "finished": t.finished,
                 "players": sum(1 for e in director.store.entrants(t.id) if e.seed is not None)} for t, place in placed]

    return JSONResponse({"tournaments": await asyncio.to_thread(read)})


def routes() -> list[BaseRoute]:
    return [Route("/tournaments", page), Route("/tournament/{tid}", page),
            Route("/api/tournaments", tournaments, methods=["GET", "POST"]),
            Route("/api/tournaments/of/{name}", of_player),
            Route("/api/tournaments/{tid}", tournament),
            Route("/api/tournaments/{tid}/{action}", act, methods=["POST"])]
