"""The abuse of issue 16 in bounded doses, for the soak test (``bench/soak.py``), and what both share: the
client's reading of server messages, the error counts, and connections from a chosen loopback address.

Each dose is counted as expected (refused the way it should be) or unexpected (it got through, or the hall
answered wrongly); the soak reports both and requires no unexpected one.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections import Counter
from collections.abc import AsyncIterator
from typing import Any

import httpx
import msgspec
from hall import COOKIE, Reply
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

encode = msgspec.json.Encoder().encode


class Answer(Reply):
    """What a client reads of a server message (the view is skipped unparsed)."""

    code: str | None = None
    message: str = ""
    table: Any = None  # the id in ``created``, the summary in ``table``
    you: dict[str, Any] | None = None


decode = msgspec.json.Decoder(Answer).decode

#: Errors a well-behaved player may meet in the normal course of a game (a move overtaken by another seat's).
ROUTINE = {"stale", "illegal"}


async def within(ws: ClientConnection, seconds: float) -> AsyncIterator[Answer]:
    """The messages a socket receives within ``seconds`` (however busy its table is)."""
    deadline = time.monotonic() + seconds
    with contextlib.suppress(TimeoutError):
        while (left := deadline - time.monotonic()) > 0:
            yield decode(await asyncio.wait_for(ws.recv(), left))


class Stats:
    def __init__(self) -> None:
        self.expected: Counter[str] = Counter()
        self.unexpected: Counter[str] = Counter()
        self.examples: dict[str, str] = {}
        self.acks: list[tuple[float, float]] = []  # (time acknowledged, latency)
        self.routine: Counter[str] = Counter()
        self.games = 0

    def bad(self, kind: str, detail: str = "") -> None:
        self.unexpected[kind] += 1
        self.examples.setdefault(kind, detail[:300])


class Site:
    """The hall's address, and connections to it from a chosen loopback address."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.base = f"http://127.0.0.1:{port}"

    def http(self, source: str) -> httpx.AsyncClient:
        transport = httpx.AsyncHTTPTransport(local_address=source)
        return httpx.AsyncClient(base_url=self.base, transport=transport, timeout=60)

    async def guests(self, source: str, count: int) -> list[str]:
        async with self.http(source) as http:
            tokens = []
            for _ in range(count):
                r = await http.post("/api/guest", json={})
                r.raise_for_status()
                tokens.append(str(r.cookies[COOKIE]))
            return tokens

    async def ws(self, path: str, token: str, source: str, **kwargs: Any) -> ClientConnection:
        return await connect(
            f"ws://127.0.0.1:{self.port}{path}",
            max_size=2**22,
            open_timeout=60,
            additional_headers={"Cookie": f"{COOKIE}={token}"},
            local_addr=(source, 0),
            **kwargs,
        )


class Abuse:
    """Each method is one dose of one abuse, counted as expected (refused as it should be) or unexpected."""

    def __init__(self, site: Site, stats: Stats, rng: random.Random, running: list[int]) -> None:
        self.site, self.stats, self.rng, self.running = site, stats, rng, running
        self.tokens: dict[str, list[str]] = {}

    async def guests(self, source: str, count: int) -> list[str]:
        if source not in self.tokens:
            self.tokens[source] = await self.site.guests(source, count)
        return self.tokens[source]

    def table_path(self) -> str:
        return f"/ws/table/{self.rng.choice(self.running)}" if self.running else "/ws/lobby"

    async def bodies(self) -> None:
        """Oversized bodies (refused, 413, or the connection cut while sending) and non-JSON ones (415)."""
        async with self.site.http("127.0.2.1") as http:

            async def big() -> None:
                try:
                    r = await http.post(
                        "/api/signup",
                        content=b"{" + b" " * (2 * 1024 * 1024),
                        headers={"Content-Type": "application/json"},
                    )
                except httpx.TransportError:
                    self.stats.expected["oversized body cut off"] += 1
                    return
                if r.status_code == 413:
                    self.stats.expected["oversized body refused (413)"] += 1
                else:
                    self.stats.bad("oversized body not refused", f"{r.status_code} {r.text[:100]}")

            await asyncio.gather(*[big() for _ in range(3)])
            r = await http.post(
                "/api/signin", content=b'{"name": "x", "password": "y"}', headers={"Content-Type": "text/plain"}
            )
            if r.status_code == 415:
                self.stats.expected["text/plain body refused (415)"] += 1
            else:
                self.stats.bad("text/plain body not refused", str(r.status_code))

    async def flood(self) -> None:
        """One person's message flood over five sockets: over-rate messages dropped with a warning."""
        token = (await self.guests("127.0.2.2", 3))[self.rng.randrange(3)]
        sockets = [await self.site.ws(p, token, "127.0.2.2") for p in ("/ws/lobby", self.table_path())]
        try:
            for _ in range(300):
                for ws in sockets:
                    await ws.send('{"type": "ping"}')
            for i in range(30):
                await sockets[0].send(encode({"type": "chat", "text": f"flood {i}"}).decode())
            floods = await self._count(sockets, "flood", 3.0)
            if floods:
                self.stats.expected["flood warned and dropped"] += 1
            else:
                self.stats.bad("flood not limited")
        finally:
            for ws in sockets:
                await ws.close()

    async def _count(self, sockets: list[ClientConnection], code: str, seconds: float) -> int:
        """How many errors with ``code`` the sockets receive within ``seconds``."""
        found = 0
        for ws in sockets:
            async for msg in within(ws, seconds):
                found += msg.type == "error" and msg.code == code
        return found

    async def malformed(self) -> None:
        """Malformed messages: each refused with an error, the socket kept; a frame over 64 KiB closes it."""
        token = (await self.guests("127.0.2.3", 2))[0]
        bad = [
            "not json",
            "{",
            '{"type": "action"}',
            '{"type": "nope"}',
            '{"type": "chat", "text": 5}',
            '{"type": "action", "version": -1, "action": {"x": [1, 2]}}',
            "[" * 3000 + "]" * 3000,
            "x" * 9000,
            '{"type": "create", "game": "manitou", "seats": 99}',
        ]
        async with await self.site.ws(self.table_path(), token, "127.0.2.3") as ws:
            for text in bad:
                await ws.send(text)
            await ws.send(b"\x00\xff\xfe")
            refused = await self._count([ws], "bad_message", 3.0)
            if refused >= len(bad) - 2:  # a create at a table is refused in words, not as malformed
                self.stats.expected["malformed messages refused"] += refused
            else:
                self.stats.bad("malformed messages not refused", f"{refused} of {len(bad) + 1}")
            await ws.send("y" * 70_000)
            try:
                async for _ in within(ws, 10):
                    pass
                self.stats.bad("a frame over 64 KiB did not close the socket")
            except ConnectionClosed:
                self.stats.expected["frame over 64 KiB closed the socket"] += 1

    async def seat_hop(self) -> None:
        """A watcher at a running table tries to take seats, play, and hand people's seats to bots."""
        if not self.running:
            return
        token = (await self.guests("127.0.2.4", 5))[self.rng.randrange(5)]
        async with await self.site.ws(self.table_path(), token, "127.0.2.4") as ws:
            tries = ["/join 1", "/join 2", "/join 4", "/bot casual 1", "/bot 2", "/remove 1", "/leave", "/join"]
            for text in tries:
                await ws.send(encode({"type": "chat", "text": text}).decode())
            await ws.send(encode({"type": "action", "version": 0, "action": {"type": "done"}}).decode())
            async for msg in within(ws, 3.0):
                seated = msg.you.get("seat") if msg.type == "table" and msg.you else None
                if seated is not None or (msg.type == "state" and (msg.seat is not None or msg.legal)):
                    self.stats.bad("a watcher took a seat", f"seat {msg.seat if seated is None else seated}")
                    return
                if msg.type == "error":
                    self.stats.expected["seat hop refused"] += 1

    async def storm(self) -> None:
        """A socket storm: one person opens 30 websockets at once (at most 12 are let in), and one address
        opens 12 for each of its 20 guests (at most 200 are let in)."""
        token = (await self.guests("127.0.2.5", 1))[0]
        await self._storm([token] * 30, "127.0.2.5", 12)
        await self._storm([t for t in await self.guests("127.0.2.6", 20) for _ in range(12)], "127.0.2.6", 200)

    async def _storm(self, tokens: list[str], source: str, most: int) -> None:
        async def one(token: str) -> ClientConnection | None:
            ws = await self.site.ws("/ws/lobby", token, source)
            try:
                msg = decode(await asyncio.wait_for(ws.recv(), 30))
            except ConnectionClosed:
                return None
            if msg.type == "error" and msg.code == "refused":
                self.stats.expected["storm socket refused"] += 1
                await ws.close()
                return None
            return ws

        opened = await asyncio.gather(*[one(t) for t in tokens], return_exceptions=True)
        held = [ws for ws in opened if isinstance(ws, ClientConnection)]
        for failure in (x for x in opened if isinstance(x, BaseException)):
            self.stats.bad("storm socket failed", repr(failure))
        if len(held) > most:
            self.stats.bad("socket storm let in too many", f"{len(held)} > {most}")
        await asyncio.sleep(2)
        await asyncio.gather(*[ws.close() for ws in held])

    async def slow_readers(self, hold: float) -> None:
        """Ten sockets that never read (lobby and busy tables) held for a while: the server must not keep
        more than the backlog limit for each, and drops them when they fall too far behind."""
        tokens = await self.guests("127.0.2.7", 10)
        sockets = [
            await self.site.ws(
                "/ws/lobby" if i < 3 else self.table_path(), t, "127.0.2.7", max_queue=1, ping_interval=None
            )
            for i, t in enumerate(tokens)
        ]
        await asyncio.sleep(hold)
        for ws in sockets:
            ws.transport.abort()
        self.stats.expected["slow readers held and let go"] += len(sockets)

    async def half_sent(self, count: int = 300, hold: float = 25.0) -> None:
        """Half-sent requests from one address: the extra ones are closed at once, the others once the
        request has not arrived whole within the header timeout (10 s)."""

        async def one() -> None:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.site.port, local_addr=("127.0.2.8", 0))
            except OSError:
                self.stats.expected["half-sent request refused"] += 1
                return
            try:
                writer.write(b"GET /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                await writer.drain()
                data = await asyncio.wait_for(reader.read(1024), hold)
                if data and not data.startswith(b"HTTP/1.1 4") and not data.startswith(b"HTTP/1.1 5"):
                    self.stats.bad("a half-sent request was answered", data[:80].decode(errors="replace"))
                else:
                    self.stats.expected["half-sent request closed"] += 1
            except TimeoutError:
                self.stats.bad("a half-sent request was held past the header timeout")
            except OSError:
                self.stats.expected["half-sent request closed"] += 1
            finally:
                writer.close()

        await asyncio.gather(*[one() for _ in range(count)])

    async def run(self, stop_at: float) -> None:
        """Every abuse in turn, in bounded doses, until the soak ends."""
        doses = [self.bodies, self.flood, self.malformed, self.seat_hop, self.seat_hop]
        step = 0
        while time.monotonic() < stop_at - 30:
            step += 1
            try:
                await doses[step % len(doses)]()
                if step % 12 == 4:
                    await asyncio.gather(self.storm(), self.slow_readers(40), self.half_sent())
            except (ConnectionClosed, OSError, TimeoutError, InvalidStatus, httpx.HTTPError) as exc:
                self.stats.bad(f"abuse failed to run ({type(exc).__name__})", repr(exc))
            await asyncio.sleep(2)
