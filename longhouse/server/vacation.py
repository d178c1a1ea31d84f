"""Vacation days for turn-based play: each registered account has ``Settings.vacation_days`` a year (21 by
default) and takes them from the settings panel, a number of whole days from now.

While an account is on vacation, at its turn-based tables (``TimeControl.per_turn``) its clock stands still —
a turn it is in the middle of keeps the time it had left, a turn that begins meanwhile waits with its full time
— no bot takes its seat (neither the away rule nor another player's ``/bot``), the table is not closed as
deserted, and the seat list says "on vacation until …". Real-time, relaxed and untimed tables are not affected.
It may still play its moves. Ending a vacation early gives back the whole days not begun.

Days are counted in the (UTC) calendar year a vacation begins in: a vacation costs its days begun (at least
one), so a vacation taken and ended at once still costs a day, and clocks cannot be stopped for free.

Vacations are stored (``store/fairplay.py``) in wall-clock time (``wall.py``). Each process keeps the current
ones in memory (``Vacations``): the process that was asked knows at once, every process reads them again every
``REFRESH`` seconds on its tick, and each looks on every tick which of them began or ended, and tells its
tables with those accounts seated (their clocks are synced and stored, the seat lists sent again).

Routes: ``GET /api/vacation`` (the signed-in account's days and current vacation) and ``POST /api/vacation``
with ``{"days": N}`` (begin one now) or ``{"end": true}`` (end it now).
"""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any, Protocol

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from longhouse.i18n import N_, _, ngettext
from longhouse.server import accounts
from longhouse.server.language import answer
from longhouse.server.wall import wall, when
from longhouse.store import Person, StaleOwner, Status, Store
from longhouse.store.fairplay import FairStore, fair_store

DAY = 86400.0
#: Seconds (of the hall's clock) between two readings of the current vacations from the store.
REFRESH = 10.0
#: Every text of this module: the answers to a request that changes nothing (the catalogs' ids: ``_``).
TEXTS = {
    "signin": N_("sign in first"),
    "guest": N_("guests have no vacation days: sign up to keep an account"),
    "shape": N_('send {"days": N} to begin a vacation now (N whole days, 1 to your days left) or {"end": true} '
                "to end it"),  # no parameters: its braces are words
    "none_left": N_("you have no vacation days left this year"),
    "already": N_("you are on vacation already (until {until}); end it first"),
    "not_on": N_("you are not on vacation"),
    "off": N_("this hall gives no vacation days"),
}


class VacationHall(Protocol):
    store: Store

    @property
    def settings(self) -> Any: ...

    @property
    def tables(self) -> dict[int, Any]: ...

    def clock(self) -> float: ...


def year_of(seconds: float) -> int:
    return datetime.fromtimestamp(seconds, UTC).year


def days_of(start: float, until: float) -> int:
    """The days a vacation from ``start`` to ``until`` costs: those begun, at least one."""
    return max(1, math.ceil((until - start) / DAY - 1e-9))


def days_used(vacations: Iterable[tuple[float, float]], year: int) -> int:
    """The days the vacations that began in ``year`` cost."""
    return sum(days_of(start, until) for start, until in vacations if year_of(start) == year)


class Vacations:
    """The current vacations, as one process knows them (see the module docstring)."""

    def __init__(self, hall: VacationHall) -> None:
        self.hall = hall
        self.fair: FairStore = fair_store(hall.store)
        #: user id -> (from, until), wall-clock seconds: those current (or about to end) when last read.
        self.known: dict[int, tuple[float, float]] = {}
        self._read_at: float | None = None
        #: The accounts on vacation as of the last tick.
        self._active: set[int] = set()

    def until(self, user_id: int) -> float | None:
        """When the account's vacation ends, if it is on one now."""
        if self._read_at is None:  # the first look (a table resumed at start-up): read them now
            self.read()
        span = self.known.get(user_id)
        if span is None:
            return None
        now = wall(self.hall)
        return span[1] if span[0] <= now < span[1] else None

    def read(self) -> None:
        """Read the current vacations from the store (on the tick every ``REFRESH`` s, and after a change)."""
        self._read_at = self.hall.clock()
        self.known = self.fair.current_vacations(wall(self.hall))

    def tick(self) -> None:
        """Read again if it is time, and tell the tables whose people began or ended a vacation."""
        if self._read_at is None or self.hall.clock() - self._read_at >= REFRESH:
            self.read()
        now = wall(self.hall)
        active = {uid for uid, (start, until) in self.known.items() if start <= now < until}
        changed, self._active = active ^ self._active, active
        if changed:
            self.tell(changed)

    def tell(self, user_ids: set[int]) -> None:
        """These accounts began or ended a vacation: their running turn-based tables here sync their clocks
        (stored) and show their seats again; one still away when it ends is away from then on (the away
        rule's grace begins again), and a table nobody is at is deserted from then on."""
        for table in list(self.hall.tables.values()):
            if table.status != Status.RUNNING or table.settings.control.per_turn is None:
                continue
            mine = [o.user_id for o in table.occupants if isinstance(o, Person) and o.user_id in user_ids]
            if not mine:
                continue
            now = self.hall.clock()
            for uid in mine:
                if uid in table.away_since:
                    table.away_since[uid] = now
            if table.keeper.deserted_since is not None:  # a deserted table's 14 days count from here on
                table.keeper.deserted_since = now
            with contextlib.suppress(StaleOwner):  # another process owns it now: given up (fencing.py)
                table.keeper.sync()
                table.seating_changed()
                table.resend_state()

    def changed(self, user_id: int) -> None:
        """This process changed the account's vacation: read them again and tell its tables now."""
        self.read()
        self.tick()


class Seated(Protocol):
    occupants: list[Any]

    @property
    def settings(self) -> Any: ...

    @property
    def hall(self) -> Any: ...


def on_vacation(table: Seated, seat: int) -> float | None:
    """When the vacation of the person at ``seat`` ends, if they are on one now and the table is turn-based."""
    occ = table.occupants[seat]
    if not isinstance(occ, Person) or table.settings.control.per_turn is None:
        return None
    vacations: Vacations = table.hall.vacations
    return vacations.until(occ.user_id)


# --- the routes -----------------------------------------------------------------------------------------


def status(fair: FairStore, user_id: int, per_year: int, now: float) -> dict[str, Any]:
    """The account's vacation days this year and its current vacation."""
    spans = fair.vacations_of(user_id)
    current = next(((s, u) for s, u in spans if s <= now < u), None)
    used = days_used(spans, year_of(now))
    return {"days_per_year": per_year, "year": year_of(now), "used": used, "left": max(0, per_year - used),
            "current": None if current is None else {"from": current[0], "until": current[1]}}


def _error(request: Request, key: str, code: int = 400, **values: Any) -> Response:
    return answer(request, {"error": _(TEXTS[key], **values), "code": f"vacation_{key}"}, status_code=code)


async def vacation(request: Request) -> Response:
    user = accounts.current_user(request)
    if user is None:
        return _error(request, "signin", 401)
    if user.guest:
        return _error(request, "guest", 403)
    hall = request.app.state.hall
    per_year = int(hall.settings.vacation_days)
    fair = fair_store(hall.store)
    if request.method == "GET":
        return JSONResponse(await asyncio.to_thread(status, fair, user.id, per_year, wall(hall)))
    try:  # JSON only (no cross-site form), read in pieces up to Settings.max_body, as every POST
        data = await accounts.read_json(request)
    except accounts.Refused as exc:
        return accounts.refused(request, exc)
    now = wall(hall)
    if set(data) == {"end"} and data["end"] is True:
        if await asyncio.to_thread(fair.end_vacation, user.id, now) is None:
            return _error(request, "not_on")
    else:
        days = data.get("days") if isinstance(data, dict) and set(data) == {"days"} else None
        if isinstance(days, bool) or not isinstance(days, int) or days < 1:
            return _error(request, "shape")
        if per_year <= 0:
            return _error(request, "off", 403)
        mine = await asyncio.to_thread(status, fair, user.id, per_year, now)
        if mine["current"] is not None:
            return _error(request, "already", 409, until=when(mine["current"]["until"]))
        if mine["left"] <= 0:
            return _error(request, "none_left", 409)
        if days > mine["left"]:
            return answer(request, {"error": ngettext("you have {n} vacation day left this year",
                                                      "you have {n} vacation days left this year", mine["left"]),
                                    "code": "vacation_too_many"}, status_code=400)
        if not await asyncio.to_thread(fair.start_vacation, user.id, now, now + days * DAY):
            return _error(request, "already", 409, until="later")
    hall.vacations.changed(user.id)
    return JSONResponse(await asyncio.to_thread(status, fair, user.id, per_year, now))


def routes() -> list[BaseRoute]:
    return [Route("/api/vacation", vacation, methods=["GET", "POST"])]
