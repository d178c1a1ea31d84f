"""Several hall processes behind one address: a shared store (PostgreSQL) and Redis pub/sub between them.

Each open table is owned by exactly one process, which holds a lease on it in Redis (renewed every few
seconds) and is its only authority, as in a single process. A client whose websocket lands on another
process is served through a proxy: its messages go to the owner over the table's channel, and everything
the owner sends it comes back over the proxying process's own channel. Each process also publishes its
tables to the others, so every lobby lists every table, and lobby chat reaches every lobby.

When an owner dies its leases run out; another process claims the orphaned tables, replays them from the
store, and the proxies close their websockets so that the browsers reconnect (and find the new owner).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any, Protocol

import redis.asyncio as aioredis
from starlette.websockets import WebSocket

from longhouse.i18n.errors import error_text
from longhouse.server.conn import Conn, serve
from longhouse.server.language import language_of
from longhouse.server.limits import Limits
from longhouse.server.protocol import NO_TABLE, BadMessage, ClientMessage, decode, encode_message
from longhouse.server.sessions import track
from longhouse.server.settings import Settings
from longhouse.server.table import Table
from longhouse.store import Status, Store, TableRow, User

log = logging.getLogger("longhouse.cluster")

LEASE_SECONDS = 15
NODE_SILENCE = 12.0

_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('expire', KEYS[1], ARGV[2])
end
return 0
"""

_RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"


class Lobby(Protocol):
    """What the cluster tells its process's lobby (``lobby.Lobby`` is one)."""

    def changed(self, local: bool = True) -> None: ...

    def line(self, line: dict[str, Any], local: bool = True) -> None: ...

    def publish(self) -> None: ...


class Host(Protocol):
    """What the cluster needs from its process's hall (``Hall`` is one)."""

    store: Store
    settings: Settings
    limits: Limits
    tables: dict[int, Table]
    stopping: bool

    def adopt(self, row: TableRow) -> Table | None: ...

    @property
    def lobby(self) -> Lobby: ...

    def table_message(self, table: Table, conn: Conn, msg: ClientMessage) -> None: ...

    def maybe_drop(self, table: Table) -> None: ...


def lease_node(lease: str) -> str:
    """The process a lease names. A lease is ``node/claim``, with a new claim part at every claim, so that a
    table claimed again (after Redis lost its leases, say) has a new lease even on the same process."""
    return lease.split("/", 1)[0]


class RemoteConn(Conn):
    """A client connected to another process: what the table sends it is published to that process."""

    def __init__(self, user: User, cluster: Cluster, node: str, cid: str, table_id: int, lang: str = "en") -> None:
        super().__init__(user, lang=lang)
        self.cluster = cluster
        self.node = node
        self.cid = cid
        self.table_id = table_id

    def send_text(self, text: str) -> None:
        if not self.closed:
            self.cluster.post(f"node:{self.node}", {"conn": self.cid, "text": text})

    def close(self, code: int = 1000, reason: str = "") -> None:
        if not self.closed:
            self.closed = True
            self.cluster.post(f"node:{self.node}", {"conn": self.cid, "close": True, "code": code, "reason": reason})


class Cluster:
    def __init__(self, hall: Host, url: str, prefix: str = "longhouse:", lease: float = LEASE_SECONDS) -> None:
        self.hall = hall
        self.url = url
        self.prefix = prefix
        self.node = secrets.token_hex(6)
        self.redis: aioredis.Redis = aioredis.from_url(url)
        self.pubsub = self.redis.pubsub()
        self.outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self.owned: dict[int, str] = {}  # table id -> our lease on it
        self.local: dict[str, tuple[Conn, int, str]] = {}  # proxied clients: cid -> (conn, table, owner)
        self.remote: dict[tuple[str, str], RemoteConn] = {}  # (node, cid) -> stand-in at a table we own
        self.remote_tables: dict[str, tuple[float, list[dict[str, Any]], list[str]]] = {}
        self.tasks: list[asyncio.Task[None]] = []
        self.lease = max(2, round(lease))
        #: Where an admin's action published by another process is done (``admin_hall.received``).
        self.on_admin: Callable[[dict[str, Any]], None] | None = None

    def key(self, name: str) -> str:
        return self.prefix + name

    # --- start and stop ---------------------------------------------------------------------------

    async def start(self) -> None:
        await self.pubsub.subscribe(self.key(f"node:{self.node}"), self.key("lobby"))
        self.tasks = [asyncio.create_task(self._publisher()), asyncio.create_task(self._listen()),
                      asyncio.create_task(self._housekeeping())]

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for table_id, lease in list(self.owned.items()):
            with contextlib.suppress(Exception):
                await self.redis.eval(_RELEASE, 1, self.key(f"owner:{table_id}"), lease)
        with contextlib.suppress(Exception):
            await self.pubsub.aclose()
            await self.redis.aclose()

    # --- ownership --------------------------------------------------------------------------------

    async def claim(self, table_id: int) -> bool:
        """Take the lease on a table nobody owns (or that we own already)."""
        key = self.key(f"owner:{table_id}")
        lease = f"{self.node}/{secrets.token_hex(4)}"
        if await self.redis.set(key, lease, nx=True, ex=self.lease):
            await self._own(table_id, lease)
            return True
        owner = await self.owner(table_id)
        if owner is not None and lease_node(owner) == self.node:
            await self._own(table_id, owner)
            return True
        return False

    async def _own(self, table_id: int, lease: str) -> None:
        if table_id not in self.owned:
            self.owned[table_id] = lease
            await self.pubsub.subscribe(self.key(f"table:{table_id}"))
        self.owned[table_id] = lease

    async def disown(self, table_id: int) -> None:
        lease = self.owned.get(table_id)
        if lease is not None:
            self.forget(table_id)
            await self.redis.eval(_RELEASE, 1, self.key(f"owner:{table_id}"), lease)

    def forget(self, table_id: int) -> None:
        """We own this table no more (given up, lost, or finished): its proxied clients are closed (they
        reconnect to whoever owns it now) and its channel is left."""
        self.owned.pop(table_id, None)
        for key, rconn in list(self.remote.items()):
            if rconn.table_id == table_id:
                del self.remote[key]
                rconn.close(1012, "the table moved; reconnect")
        asyncio.get_running_loop().create_task(self._leave_channel(table_id))

    async def _leave_channel(self, table_id: int) -> None:
        if table_id not in self.owned:  # unless claimed again meanwhile
            with contextlib.suppress(Exception):
                await self.pubsub.unsubscribe(self.key(f"table:{table_id}"))

    def reset_proxies(self) -> None:
        """Redis failed, so what went through it may be lost: every socket that depends on it starts afresh.
        The clients proxied from here are closed (browsers reconnect and get the whole state again), and the
        stand-ins of clients proxied to here are detached from their tables."""
        for conn, _, _ in list(self.local.values()):
            conn.close(1012, "the hall lost a message; reconnect")
        self.local.clear()
        for key, rconn in list(self.remote.items()):
            del self.remote[key]
            rconn.closed = True
            table = self.hall.tables.get(rconn.table_id)
            if table is not None:
                table.detach(rconn)

    async def owner(self, table_id: int) -> str | None:
        value = await self.redis.get(self.key(f"owner:{table_id}"))
        if value is None:
            return None
        return value.decode() if isinstance(value, bytes) else str(value)

    # --- messages between processes ---------------------------------------------------------------

    def post(self, channel: str, message: dict[str, Any]) -> None:
        """Publish without waiting (in order, by one publisher task)."""
        self.outbox.put_nowait((self.key(channel), json.dumps(message)))

    async def _publisher(self) -> None:
        while True:
            channel, text = await self.outbox.get()
            try:
                await self.redis.publish(channel, text)
            except Exception as exc:
                log.warning("cannot publish to %s (%s); proxied sockets start afresh", channel, exc)
                self.reset_proxies()
            finally:
                self.outbox.task_done()

    async def published(self, seconds: float = 2.0) -> None:
        """Wait until everything posted so far is published (a stopping process's last words: the proxies it
        closes), ``seconds`` at most."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.outbox.join(), seconds)

    async def _listen(self) -> None:
        while True:
            try:
                message = await self.pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            except Exception as exc:
                log.warning("redis pub/sub failed (%s); proxied sockets start afresh, retrying", exc)
                self.reset_proxies()
                await asyncio.sleep(1)
                continue
            if message is None or message.get("type") != "message":
                continue
            channel = message["channel"].decode()[len(self.prefix):]
            try:
                data = json.loads(message["data"])
                self._dispatch(channel, data)
            except Exception:
                log.exception("bad cluster message on %s", channel)

    def _dispatch(self, channel: str, data: dict[str, Any]) -> None:
        if channel.startswith("node:"):
            entry = self.local.get(data["conn"])
            if entry is not None:
                conn = entry[0]
                if data.get("close"):
                    conn.close(int(data.get("code", 1000)), str(data.get("reason", "")))
                else:
                    conn.send_text(data["text"])
        elif channel == "lobby":
            if data.get("node") == self.node:
                return
            if data["op"] == "tables":
                self.remote_tables[data["node"]] = (time.monotonic(), data["tables"], data["online"])
                self.hall.lobby.changed(local=False)
            elif data["op"] == "chat":
                self.hall.lobby.line(data["line"], local=False)
            elif data["op"] == "bye":
                self.remote_tables.pop(data["node"], None)
                self.hall.lobby.changed(local=False)
            elif data["op"] == "admin" and self.on_admin is not None:  # an admin's action (admin_hall.py)
                self.on_admin(data)
        elif channel.startswith("table:"):
            self._table_op(int(channel.split(":", 1)[1]), data)

    def _table_op(self, table_id: int, data: dict[str, Any]) -> None:
        if table_id not in self.owned:  # not ours (any more): the owner answers
            return
        table = self.hall.tables.get(table_id)
        key = (data["node"], data["conn"])
        if table is None:
            self.post(f"node:{data['node']}", {"conn": data["conn"], "close": True, "code": 1012})
            return
        if data["op"] == "attach":
            user = User(int(data["user"]["id"]), str(data["user"]["name"]), bool(data["user"]["guest"]))
            lang = data.get("lang")
            rconn = RemoteConn(user, self, data["node"], data["conn"], table_id,
                               lang if isinstance(lang, str) else "en")
            invite = data.get("invite")
            if not table.admits(user.id, invite if isinstance(invite, str) else None):
                # refused as on a direct connection: the reason, then the socket closed, nothing of the table
                rconn.error(rconn.words.gettext(NO_TABLE[1]), code="refused", table="missing")
                rconn.close(*NO_TABLE)
                return
            self.remote[key] = rconn
            table.attach(rconn)
        elif data["op"] == "msg":
            rconn2 = self.remote.get(key)
            if rconn2 is None:  # attached to nothing here (its attach was lost, or it was reset): reconnect
                self.post(f"node:{data['node']}", {"conn": data["conn"], "close": True, "code": 1012})
                return
            try:
                msg = decode(data["text"])
            except BadMessage as exc:
                rconn2.error(error_text(exc), code="bad_message")
                return
            self.hall.table_message(table, rconn2, msg)
        elif data["op"] == "detach":
            rconn3 = self.remote.pop(key, None)
            if rconn3 is not None:
                rconn3.closed = True
                table.detach(rconn3)
                self.hall.maybe_drop(table)

    # --- proxied clients --------------------------------------------------------------------------

    async def serve_proxied(self, ws: WebSocket, user: User, table_id: int, owner: str,
                            invite: str | None = None) -> None:
        """A table another process owns: pass the client's messages to it, and its answers back. The owner
        decides admission (a private table: ``invite``), as on a direct connection."""
        await ws.accept()
        conn = Conn(user, self.hall.settings.max_backlog, language_of(ws))
        track(ws, conn)  # its session's end closes it here, where the browser is
        cid = self.proxy_open(conn, table_id, owner, invite)
        await serve(ws, conn, lambda c, m: self.proxy_message(cid, table_id, encode_message(m)),
                    lambda c: self.proxy_close(cid, table_id), self.hall.limits)

    def proxy_open(self, conn: Conn, table_id: int, owner: str, invite: str | None = None) -> str:
        cid = secrets.token_hex(8)
        self.local[cid] = (conn, table_id, owner)
        user = conn.user
        self.post(f"table:{table_id}", {"op": "attach", "node": self.node, "conn": cid, "invite": invite,
                                        "lang": conn.lang,
                                        "user": {"id": user.id, "name": user.name, "guest": user.guest}})
        return cid

    def proxy_message(self, cid: str, table_id: int, text: str) -> None:
        self.post(f"table:{table_id}", {"op": "msg", "node": self.node, "conn": cid, "text": text})

    def proxy_close(self, cid: str, table_id: int) -> None:
        self.local.pop(cid, None)
        self.post(f"table:{table_id}", {"op": "detach", "node": self.node, "conn": cid})

    # --- the lobby across processes ---------------------------------------------------------------

    def publish_tables(self, tables: list[dict[str, Any]], online: list[str]) -> None:
        self.post("lobby", {"op": "tables", "node": self.node, "tables": tables, "online": online})

    def publish_chat(self, line: dict[str, Any]) -> None:
        self.post("lobby", {"op": "chat", "node": self.node, "line": line})

    def other_tables(self) -> tuple[list[dict[str, Any]], list[str]]:
        now = time.monotonic()
        tables: list[dict[str, Any]] = []
        online: list[str] = []
        for node, (seen, node_tables, node_online) in list(self.remote_tables.items()):
            if now - seen > max(NODE_SILENCE, self.lease):
                del self.remote_tables[node]
                continue
            tables.extend(t for t in node_tables if t["id"] not in self.hall.tables)
            online.extend(node_online)
        return tables, online

    # --- leases, orphans, dead owners -------------------------------------------------------------

    async def _housekeeping(self) -> None:
        while True:
            await asyncio.sleep(self.lease / 4)
            try:
                await self._renew_and_adopt()
            except Exception:
                log.exception("cluster housekeeping failed")

    async def _renew_and_adopt(self) -> None:
        for table_id, lease in list(self.owned.items()):
            table = self.hall.tables.get(table_id)
            if table is None or table.status == Status.OVER:
                await self.disown(table_id)
                continue
            renewed = await self.redis.eval(_RENEW, 1, self.key(f"owner:{table_id}"), lease, str(self.lease))
            if not renewed:  # we lost it (we stalled past the lease, or Redis lost it): let a new claim decide
                log.warning("lost the lease on table %s", table_id)
                self.forget(table_id)
                dropped = self.hall.tables.pop(table_id, None)
                if dropped is not None:
                    dropped.stop()
        if self.hall.stopping:  # a stopping process hands tables on (drain.py), it takes none
            return
        # tables whose owner died: adopt them. A table younger than one lease is left to its creator, which
        # claims it just after storing it (Hall.create_table): adopting it in that gap would leave two copies,
        # the creator's with its first sockets attached.
        now = time.time()
        for row in await asyncio.to_thread(self.hall.store.open_tables):
            if row.id in self.hall.tables or now - row.created < self.lease:
                continue
            if await self.claim(row.id):
                self.hall.adopt(row)
        # proxied clients whose owner is gone: close them so that they reconnect
        for cid, (conn, table_id, owner) in list(self.local.items()):
            if await self.owner(table_id) != owner:
                self.local.pop(cid, None)
                conn.close(1012, "the table moved; reconnect")
        self.hall.lobby.publish()
