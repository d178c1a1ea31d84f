"""The hall's simulated players, for the load benchmarks (``bench/hall.py``, ``bench/bot_latency.py``):
guest accounts, a table created from the lobby as a person would, and a seat that plays random legal moves
and measures each move's latency (send -> the sender's acknowledged new state)."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import httpx
import msgspec
from loadkit import Gate
from websockets.asyncio.client import ClientConnection, connect

COOKIE = "longhouse_session"
_decode = msgspec.json.Decoder().decode


class Reply(msgspec.Struct):
    """The few fields a simulated player reads; the view itself is skipped unparsed, as a bot would."""

    type: str
    version: int = -1
    by: int | None = None
    seat: int | None = None
    status: str = ""
    legal: list[Any] | None = None  # None in a state delta that leaves them as they were: see ``keep_legal``


def keep_legal(msg: Reply, held: Reply | None) -> Reply:
    """A ``state`` with the legal actions of the one held before it when it leaves them out (a delta whose
    seat's actions did not change; ``longhouse/server/state_merge.py`` merges a whole state)."""
    if msg.legal is None:
        msg.legal = held.legal if held is not None else []
    return msg


_decode_reply = msgspec.json.Decoder(Reply).decode
_encode = msgspec.json.Encoder().encode


class Player:
    """A simulated person at a table: answers every state in which its seat may act with a random legal
    move (after ``think`` seconds on average), and notes each move's latency and when it was acknowledged."""

    def __init__(self, port: int, token: str, rng: random.Random, think: float = 0.0, lang: str | None = None) -> None:
        self.port = port
        self.token = token
        self.lang = lang  # the language its sockets ask for (the ``lang`` cookie); None: the hall's default
        self.rng = rng
        self.think = think
        self.ws: ClientConnection | None = None
        self.latencies: list[float] = []
        self.acked_at: list[float] = []
        self.stale = 0
        self.moves = 0
        self.over = asyncio.Event()
        self.started = asyncio.Event()
        self.seat: int | None = None

    async def open(self, table: int) -> None:
        self.ws = await connect(
            f"ws://127.0.0.1:{self.port}/ws/table/{table}",
            max_size=2**22,
            additional_headers={"Cookie": f"{COOKIE}={self.token}" + (f"; lang={self.lang}" if self.lang else "")},
        )

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(_encode(message).decode())

    async def play(self, gate: Gate) -> None:
        """Answer every state in which this seat may act with a random legal move."""
        assert self.ws is not None
        pending: tuple[int, float] | None = None  # (version sent, time sent)
        latest: Reply | None = None
        async for raw in self.ws:
            msg = _decode_reply(raw)
            kind = msg.type
            if kind == "error":
                if pending is not None:
                    self.stale += 1
                    pending = None
            elif kind == "state":
                msg = keep_legal(msg, latest)
                self.started.set()
                self.seat = msg.seat
                if pending is not None and msg.by == self.seat and msg.version > pending[0]:
                    now = time.perf_counter()
                    self.latencies.append(now - pending[1])
                    self.acked_at.append(now)
                    self.moves += 1
                    pending = None
                latest = msg
                if msg.status == "over":
                    self.over.set()
                    return
            else:
                continue
            if latest is None or pending is not None or not latest.legal:
                continue
            if not await gate.wait():
                self.over.set()
                return
            if self.think:
                await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
            action = self.rng.choice(latest.legal)
            pending = (latest.version, time.perf_counter())
            await self.send({"type": "action", "version": latest.version, "action": action})


async def guests(port: int, count: int) -> list[str]:
    """The session tokens of ``count`` new guests."""
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", limits=limits, timeout=60) as http:

        async def guest() -> str:
            r = await http.post("/api/guest", json={})
            r.raise_for_status()
            return str(r.cookies[COOKIE])

        return list(await asyncio.gather(*[guest() for _ in range(count)]))


async def lobby_create(port: int, token: str, message: dict[str, Any]) -> int:
    """Create a table from the lobby (``message``: the ``create`` message), as the person ``token`` would."""
    async with connect(
        f"ws://127.0.0.1:{port}/ws/lobby", max_size=2**22, additional_headers={"Cookie": f"{COOKIE}={token}"}
    ) as lobby:
        await lobby.send(_encode(message).decode())
        while True:
            msg = _decode(await asyncio.wait_for(lobby.recv(), 60))
            if msg.get("type") == "error":
                raise RuntimeError(f"cannot create a table: {msg['message']}")
            if msg.get("type") == "created":
                return int(msg["table"])
