"""The tournaments' director: starts a tournament at its time, makes each round's tables and takes every
player there, follows the games (arrivals, forfeits, results), and finishes the tournament.

Everything it decides on is read from the store on each step (``tourney_rounds.py`` turns that into the next
round), so any process can take a tournament over mid-round. With several processes a tournament is
directed by exactly one process at a time: the one holding its Redis lease (``tourney:<id>``), which then
claims a new fencing epoch in the store (``TourneyStore.claim``) before reading it; every write of the
director carries the epoch check (``TourneyStore.directed``), so a process paused past its lease that
resumes writes nothing (``StaleOwner``) and lets the tournament go. The tables it makes are the hall's
tables like any other (leased and fenced as tables are, adopted by another process if their owner dies);
their results are read from the store, their players' presence from the table or (another process's table)
from the summaries every process publishes.

A turn-based tournament's round has a set end (``round_ends``, on the wall clock, stored with the round):
at it every game of the round still unfinished is decided by its scores so far, on its table's process
(asked over the channel if not here), rated like a game a resignation ended, and the round is then over.

Notices (a round's table for each of its players, a tournament's end) go to the players' open lobby and
table sockets in every process (over the ``tourney`` channel with several) and as a line in the lobby chat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from longhouse import games as game_registry
from longhouse.engine.records import result_of
from longhouse.i18n import N_, Msg, _, ngettext
from longhouse.server import seasons
from longhouse.server import tourney_rounds as plan
from longhouse.server.table_settings import TableSettings
from longhouse.store import Person, StaleOwner, Status
from longhouse.store.tourney import CANCELLED, OPEN, OVER, PAUSED, RUNNING, Game, Tournament, TourneyStore

if TYPE_CHECKING:
    import redis.asyncio as aioredis

    from longhouse.server.hall import Hall

log = logging.getLogger("longhouse.tourney")

#: Who may create tournaments (``Settings.tournaments_by``).
BY = ("players", "admins")
#: Seconds between two looks for seasons that ended (their tables are then kept).
SEASONS_EVERY = 30.0

_RENEW = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('expire', KEYS[1], ARGV[2]) end return 0"
_RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"

#: What the players are told (the catalogs' ids; ``words`` makes the message of one).
TEXTS = {
    "round": N_("{name}, round {round}: your table is {table}."),
    "bye": N_("{name}, round {round}: you have a bye ({points:g} points)."),
    "welcome": N_("{name}, round {round}. Good luck!"),
    "forfeit": N_("{player} did not come to the table in time and forfeits this game; a bot plays the seat."),
    "over": N_("{name} is over: {champion} is the champion!"),
    "decided": N_("{name}, round {round} is over: this game ends here and is decided by the scores so far."),
}
#: Seconds between two requests to another process to decide a table at its round's end (until it is over).
ASK_EVERY = 5.0


def words(key: str, **params: Any) -> Msg:
    """The message ``key`` with ``params``: what a notice, a lobby line or a table's line says (rebuilt from
    the key and the parameters by a process that is told over Redis)."""
    params = dict(params)
    if key == "round_lobby":
        return ngettext("{name}: round {round} has begun ({n} table).", "{name}: round {round} has begun ({n} tables).",
                        int(params.pop("n")), **params)
    return _(TEXTS[key], **params)


class Director:
    def __init__(self, hall: Hall, clock: Callable[[], float] = time.time) -> None:
        self.hall = hall
        self.store = TourneyStore(hall.store)
        #: The wall clock start times and round times are on (stored as such: a restart neither loses nor
        #: delays a start); tests set their own.
        self.clock = clock
        #: The tournaments this process directs: id -> (its Redis lease, its fencing epoch); None: one process.
        self.owned: dict[int, tuple[str | None, int | None]] = {}
        self.interval = min(1.0, max(0.2, hall.settings.tick))
        self.tasks: list[asyncio.Task[None]] = []
        self.redis: aioredis.Redis | None = None
        self.node = secrets.token_hex(6)
        self.prefix = hall.settings.redis_prefix
        self.lease = max(2, round(hall.settings.redis_lease))
        if hall.settings.tournaments_by not in BY:
            raise ValueError(f"--tournaments-by is one of {', '.join(BY)}, not {hall.settings.tournaments_by!r}")
        self._seasons_looked = 0.0
        #: The tables asked to be decided at their round's end, and when (``time.monotonic``).
        self._asked: dict[int, float] = {}

    # --- start and stop ---------------------------------------------------------------------------

    async def start(self) -> None:
        if self.hall.settings.redis_url is not None:
            import redis.asyncio as aioredis

            self.redis = aioredis.from_url(self.hall.settings.redis_url)
            self.tasks.append(asyncio.create_task(self._listen()))
        self.tasks.append(asyncio.create_task(self._loop()))

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self.redis is not None:
            for tid, (lease, _) in list(self.owned.items()):
                with contextlib.suppress(Exception):
                    await self.redis.eval(_RELEASE, 1, self._key(tid), lease or "")
            with contextlib.suppress(Exception):
                await self.redis.aclose()
        self.owned.clear()

    def _key(self, tid: int) -> str:
        return f"{self.prefix}tourney:{tid}"

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            if self.hall.stopping:
                continue
            try:
                await self.step()
            except Exception:
                log.exception("the tournaments' step failed")

    async def step(self) -> None:
        """Direct every live tournament this process holds (or can take): one look at each."""
        now = self.clock()
        if now - self._seasons_looked >= SEASONS_EVERY:
            self._seasons_looked = now
            seasons.keep_ended(self.store, self.hall.people, now)
        live = set(self.store.live_ids())
        for tid in list(self.owned):
            if tid not in live:
                await self._let_go(tid)
        for tid in sorted(live):
            if await self._hold(tid):
                try:
                    await self.direct(tid)
                except StaleOwner:
                    log.warning("tournament %s: another process directs it now; let go", tid)
                    self.owned.pop(tid, None)

    # --- the lease --------------------------------------------------------------------------------

    async def _hold(self, tid: int) -> bool:
        if self.redis is None:
            self.owned.setdefault(tid, (None, None))
            return True
        held = self.owned.get(tid)
        if held is not None:
            if await self.redis.eval(_RENEW, 1, self._key(tid), held[0] or "", str(self.lease)):
                return True
            log.warning("lost the lease on tournament %s", tid)
            self.owned.pop(tid, None)
        lease = f"{self.node}/{secrets.token_hex(4)}"
        if await self.redis.set(self._key(tid), lease, nx=True, ex=self.lease):
            self.owned[tid] = (lease, self.store.claim(tid))  # claimed, then read: nothing older is missed
            log.info("directing tournament %s", tid)
            return True
        return False

    async def _let_go(self, tid: int) -> None:
        lease, _ = self.owned.pop(tid, (None, None))
        if self.redis is not None and lease is not None:
            with contextlib.suppress(Exception):
                await self.redis.eval(_RELEASE, 1, self._key(tid), lease)

    def epoch(self, tid: int) -> int | None:
        return self.owned.get(tid, (None, None))[1]

    # --- one look at a tournament -----------------------------------------------------------------

    async def direct(self, tid: int) -> None:
        t = self.store.get(tid)
        if t is None:
            return
        now = self.clock()
        if t.status == OPEN:
            if now >= t.starts:
                await self._start(t)
            return
        if t.status not in (RUNNING, PAUSED):
            return
        games = self.store.games_of(tid)
        current = [g for g in games if g.round == t.round]
        changed = False
        for g in current:
            if g.result is None:
                changed = self._follow(t, g, now) or changed
        if changed:
            games = self.store.games_of(tid)
            current = [g for g in games if g.round == t.round]
        if t.round_ends is not None and now >= t.round_ends:  # the round's end: its unfinished games are decided
            for g in current:
                if g.result is None and g.table_id is not None:
                    self._end_game(t, g)
                elif g.table_id is not None:
                    self._asked.pop(g.table_id, None)
        if t.status != RUNNING or any(g.result is None for g in current):
            return
        if t.round_every > 0 and now < t.starts + t.round * t.round_every:
            return  # the next round's set time has not come
        await self._next_round(t, games)

    async def _start(self, t: Tournament) -> None:
        entrants = self.store.entrants(t.id)
        game = game_registry.get(t.game)
        least = max(2, game.min_players)
        playing = [e for e in entrants if not e.removed and (e.checked_in or t.checkin <= 0)]
        now = self.clock()
        if len(playing) < least:
            note = f"cancelled: {len(playing)} checked in, {least} needed"  # the page words it (tourney_api)
            self.store.finish(t.id, {}, None, now, CANCELLED, note, self.epoch(t.id))
            return
        ratings = {p.user_id: p.ordinal for p in self.hall.people.rating_history(t.game)}
        order = sorted(playing, key=lambda e: (-ratings.get(e.user_id, 0.0), e.registered, e.user_id))
        rounds = await asyncio.to_thread(plan.rounds_for, t, [e.user_id for e in order], least)
        self.store.begin(t.id, {e.user_id: i for i, e in enumerate(order)}, rounds, now, self.epoch(t.id))
        fresh = self.store.get(t.id)
        assert fresh is not None
        await self._next_round(fresh, [])

    async def _next_round(self, t: Tournament, games: list[Game]) -> None:
        entrants = self.store.entrants(t.id)
        least = max(2, game_registry.get(t.game).min_players)
        slots = await asyncio.to_thread(plan.next_slots, t, entrants, games, least)
        now = self.clock()
        if not any(len(s) > 1 for s in slots):
            places, champion = plan.final_places(t, entrants, games)
            self.store.finish(t.id, places, champion, now, OVER, None, self.epoch(t.id))
            names = {e.user_id: e.name for e in entrants}
            if champion is not None:
                said = {"name": t.name, "champion": names.get(champion, "?")}
                self.lobby_line("over", said)
                self.notify(list(places), {"type": "tournament", "tournament": t.id, "over": True}, "over", said)
            return
        number = t.round + 1
        new = [Game(number, i, s, None, None, result=plan.bye_result() if len(s) == 1 else None)
               for i, s in enumerate(slots)]
        self.store.add_round(t.id, number, new, now, self.epoch(t.id), plan.round_end(t, now))
        names = {e.user_id: e.name for e in entrants}
        for g in new:
            if g.bye:
                self.notify(g.players, {"type": "tournament", "tournament": t.id, "round": number}, "bye",
                            {"name": t.name, "round": number, "points": g.result["points"][0] if g.result else 0})
            else:
                self._make_table(t, g, names)
        self.lobby_line("round_lobby", {"name": t.name, "round": number, "n": sum(1 for g in new if not g.bye)})

    def _make_table(self, t: Tournament, g: Game, names: dict[int, str]) -> None:
        """The hall's table for a game of the round: its players seated in order, started, and told."""
        hall = self.hall
        table = hall.create_table(t.game, len(g.players), {}, settings=TableSettings.create(t.time_control, False,
                                                                                              True))
        for seat, uid in enumerate(g.players):
            table.sit(seat, Person(uid, names.get(uid, "?")))
        error = table.begin()
        if error is not None:
            log.error("tournament %s: table %s cannot start: %s", t.id, table.id, error)
        away = hall.clock()
        for uid in g.players:  # nobody there yet: away from now, so a bot plays for them after the grace period
            if not table.connected(uid):
                table.away_since[uid] = away
        table.forget_summary()
        table.say(None, words("welcome", name=t.name, round=g.round))
        self.store.update_game(t.id, g.round, g.idx, self.epoch(t.id), table_id=table.id, started=self.clock())
        for uid in g.players:  # by mail or push too, for those who want invitations so (notices.py): from
            hall.notices.invitation(uid, table, t.name)  # the tournament, by its name
        self.notify(g.players, {"type": "tournament", "tournament": t.id, "round": g.round, "table": table.id},
                    "round", {"name": t.name, "round": g.round, "table": table.id})

    def _follow(self, t: Tournament, g: Game, now: float) -> bool:
        """One look at a running game: who has come, who forfeits, whether it is over. Whether it changed."""
        if g.table_id is None or g.started is None:  # its director stopped between the round and its table
            self._make_table(t, g, {e.user_id: e.name for e in self.store.entrants(t.id)})
            return True
        row = self.hall.store.table(g.table_id)
        epoch = self.epoch(t.id)
        changed = False
        arrived = list(g.arrived)
        if now < g.started + t.forfeit_after:
            came = [p for p in self._present(g.table_id, t.id) if p in g.players and p not in arrived]
            if came:
                arrived += came
                self.store.update_game(t.id, g.round, g.idx, epoch, arrived=arrived)
                changed = True
        late = row is not None and row.status == Status.OVER
        forfeits = list(g.forfeits)
        if (now >= g.started + t.forfeit_after or late) and not forfeits:
            forfeits = [p for p in g.players if p not in arrived]
            if forfeits:
                self.store.update_game(t.id, g.round, g.idx, epoch, forfeits=forfeits)
                if not late:
                    self._forfeited(t, g, forfeits)
                changed = True
        if row is None:  # the table is gone (it never started): nobody plays it
            result = plan.game_points({"abandoned": True}, g.players, g.players)
            self.store.update_game(t.id, g.round, g.idx, epoch, result=result, forfeits=list(g.players))
            return True
        if late:  # a player removed meanwhile forfeits the game too
            removed = [e.user_id for e in self.store.entrants(t.id) if e.removed and e.user_id in g.players]
            result = plan.game_points(row.result or {"abandoned": True}, g.players, forfeits + removed)
            self.store.update_game(t.id, g.round, g.idx, epoch, result=result)
            changed = True
        return changed

    def _present(self, table_id: int, tid: int) -> set[int]:
        """Who of a table's people is connected to it now: here, or from its owner's published summary."""
        table = self.hall.tables.get(table_id)
        if table is not None:
            return {uid for uid, n in table.present.items() if n > 0}
        cluster = self.hall.cluster
        if cluster is None:
            return set()
        summary = next((s for s in cluster.other_tables()[0] if s.get("id") == table_id), None)
        if summary is None:
            return set()
        ids = {e.name: e.user_id for e in self.store.entrants(tid)}
        return {ids[s["name"]] for s in summary.get("seats") or []
                if s and s.get("kind") == "person" and s.get("connected") and s.get("name") in ids}

    def _forfeited(self, t: Tournament, g: Game, forfeits: list[int]) -> None:
        """A bot plays the seats of those who forfeit (on the table's process: asked over Redis if not here)."""
        names = {e.user_id: e.name for e in self.store.entrants(t.id)}
        for seat, uid in enumerate(g.players):
            if uid in forfeits and g.table_id is not None:
                player = names.get(uid, "?")
                if not self.stand_in(g.table_id, seat, uid, player):
                    self._publish({"op": "stand_in", "table": g.table_id, "seat": seat, "user": uid, "player": player})

    def _end_game(self, t: Tournament, g: Game) -> None:
        """A game still unfinished at its round's end is decided, on its table's process (asked over Redis,
        again every ``ASK_EVERY`` seconds until its result is in the store, when it is not here); the next
        look at the tournament reads its result as any other."""
        assert g.table_id is not None
        if self.decide(g.table_id, t.name, g.round):
            return
        last = self._asked.get(g.table_id)
        if last is None or time.monotonic() - last >= ASK_EVERY:
            self._asked[g.table_id] = time.monotonic()
            self._publish({"op": "decide", "table": g.table_id, "name": t.name, "round": g.round})

    def decide(self, table_id: int, name: str, number: int) -> bool:
        """End the running game of ``table_id`` (if this process holds the table) with its scores so far, the
        best winning, and rate it (as a resignation that decides a game: ``resign.py``). Whether it was here."""
        table = self.hall.tables.get(table_id)
        cluster = self.hall.cluster
        if table is None or (cluster is not None and table_id not in cluster.owned):
            return False
        if table.status == Status.RUNNING and table.state is not None:
            try:
                table.abandon(words("decided", name=name, round=number), plan.decided_result(result_of(table.state)))
            except StaleOwner:
                return False
            self.hall.table_finished(table)
            table.resend_state()
            log.info("table %s: decided at the end of round %s of %s", table_id, number, name)
        self._asked.pop(table_id, None)
        return True

    def stand_in(self, table_id: int, seat: int, uid: int, player: str) -> bool:
        table = self.hall.tables.get(table_id)
        cluster = self.hall.cluster
        if table is None or (cluster is not None and table_id not in cluster.owned):
            return False
        occ = table.occupants[seat] if seat < len(table.occupants) else None
        if table.status == Status.RUNNING and isinstance(occ, Person) and occ.user_id == uid:
            try:
                table.stand_in(seat, words("forfeit", player=player))
            except StaleOwner:
                return False
        return True

    # --- notices ----------------------------------------------------------------------------------

    def lobby_line(self, key: str, params: dict[str, Any], local: bool = True) -> None:
        """The lobby chat's line ``words(key, **params)``, here (and, ``local``, in every other process)."""
        self.hall.lobby.line({"type": "chat", "from": None, "text": words(key, **params), "time": time.time(),
                              "tournament": True}, local=False)
        if local:
            self._publish({"op": "lobby", "say": [key, params]})

    def notify(self, users: list[int], message: dict[str, Any], key: str, params: dict[str, Any]) -> None:
        """``message`` saying ``words(key, **params)`` to every open lobby and table socket of ``users``, in
        every process (each in its reader's language)."""
        self.deliver(set(users), {**message, "text": words(key, **params)})
        self._publish({"op": "notice", "users": users, "message": message, "say": [key, params]})

    def deliver(self, users: set[int], message: dict[str, Any]) -> None:
        conns = list(self.hall.lobby.conns) + [c for table in self.hall.tables.values() for c in table.conns]
        cluster = self.hall.cluster
        if cluster is not None:  # a client proxied to another process's table is told where its browser is
            from longhouse.server.cluster import RemoteConn

            conns = [c for c in conns if not isinstance(c, RemoteConn)] + [c for c, _, _ in cluster.local.values()]
        for conn in conns:
            if conn.user.id in users and not conn.closed:
                conn.send(message)

    def _publish(self, message: dict[str, Any]) -> None:
        if self.redis is not None:
            asyncio.get_running_loop().create_task(self._send(json.dumps({**message, "node": self.node})))

    async def _send(self, text: str) -> None:
        assert self.redis is not None
        try:
            await self.redis.publish(f"{self.prefix}tourney", text)
        except Exception as exc:
            log.warning("cannot publish a tournament message (%s)", exc)

    async def _listen(self) -> None:
        assert self.redis is not None
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(f"{self.prefix}tourney")
        while True:
            try:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            except Exception as exc:
                log.warning("tournament notices: redis failed (%s); retrying", exc)
                await asyncio.sleep(1)
                continue
            if message is None or message.get("type") != "message":
                continue
            try:
                data = json.loads(message["data"])
                if data.get("node") == self.node:
                    continue
                if data["op"] == "notice":
                    key, params = data["say"]
                    self.deliver({int(u) for u in data["users"]}, {**data["message"], "text": words(key, **params)})
                elif data["op"] == "lobby":
                    key, params = data["say"]
                    self.lobby_line(key, params, local=False)
                elif data["op"] == "decide":
                    self.decide(int(data["table"]), str(data["name"]), int(data["round"]))
                elif data["op"] == "stand_in":
                    self.stand_in(int(data["table"]), int(data["seat"]), int(data["user"]), str(data["player"]))
            except Exception:
                log.exception("a bad tournament message")
