"""The peer the hall is measured against: boardgame.io 0.50.2's own server (Node, in-memory storage).

``bench/bgio/`` holds its package.json and package-lock.json (boardgame.io 0.50.2 from the npm registry,
installed there with ``npm ci`` on the first run) and ``server.js``, which serves one simple 2-player game,
"pile" (90 counters, players alternate taking 1 to 3, whoever takes the last wins: about 45 moves a game).
The simulated players are this process's Python websocket clients, the same library and loop as the hall's,
speaking socket.io's wire protocol (engine.io 4) directly: ``sync`` to join a match (boardgame.io creates
it on demand), ``update`` with a ``MAKE_MOVE`` action at the state id they saw. A move is acknowledged when
its sender receives the ``update`` with a later state id. One move is in flight per match (the players
alternate), and a finished match is replaced by a new one so that the window stays full.

Note what is compared: boardgame.io's in-memory server stores nothing durable and broadcasts a move before
it writes it anywhere; the hall commits every move to its database before acknowledging it.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import msgspec
from loadkit import Gate, Side, free_port, start_process
from websockets.asyncio.client import ClientConnection, connect

BGIO = Path(__file__).resolve().parent / "bgio"
GAME = "pile"
EVENT = f"42/{GAME},"  # a socket.io event in the game's namespace
_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder().decode


def install() -> None:
    """boardgame.io into ``bench/bgio/node_modules`` from the lock file, once."""
    if (BGIO / "node_modules" / "boardgame.io" / "package.json").is_file():
        return
    if shutil.which("npm") is None or shutil.which("node") is None:
        raise RuntimeError("the peer benchmark needs Node 20 and npm (boardgame.io is installed with npm ci)")
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel", "error"], cwd=BGIO, check=True)


class PilePlayer:
    """One boardgame.io client: a socket.io connection to the game's namespace, one seat of one match."""

    def __init__(self, port: int, rng: random.Random, think: float = 0.0) -> None:
        self.port = port
        self.rng = rng
        self.think = think
        self.ws: ClientConnection | None = None
        self.latencies: list[float] = []
        self.acked_at: list[float] = []
        self.started = asyncio.Event()

    async def open(self, match: str, seat: str) -> None:
        ws = await connect(f"ws://127.0.0.1:{self.port}/socket.io/?EIO=4&transport=websocket", max_size=2**22)
        if not str(await ws.recv()).startswith("0"):  # engine.io's open packet
            raise RuntimeError("not a socket.io server")
        await ws.send(f"40/{GAME},")  # join the game's namespace
        while not str(await ws.recv()).startswith(f"40/{GAME},"):
            pass
        self.ws = ws
        await self.emit(["sync", match, seat, None, 2])

    async def emit(self, args: list[Any]) -> None:
        assert self.ws is not None
        await self.ws.send(EVENT + _encode(args).decode())

    async def play(self, match: str, seat: str, gate: Gate) -> None:
        """Answer every state in which this seat is to move with a random legal move, until the game ends."""
        assert self.ws is not None
        pending: tuple[int, float] | None = None  # (state id sent at, time sent)
        async for raw in self.ws:
            text = str(raw)
            if text == "2":  # engine.io's ping
                await self.ws.send("3")
                continue
            if not text.startswith(EVENT):
                continue
            event = _decode(text[len(EVENT) :])
            if event[0] == "sync":
                state = event[2]["state"]
            elif event[0] == "update":
                state = event[2]
            else:
                continue
            self.started.set()
            state_id, ctx = state["_stateID"], state["ctx"]
            if pending is not None and state_id > pending[0]:
                now = time.perf_counter()
                self.latencies.append(now - pending[1])
                self.acked_at.append(now)
                pending = None
            if ctx.get("gameover") is not None:
                return
            if pending is not None or ctx["currentPlayer"] != seat:
                continue
            if not await gate.wait():
                return
            if self.think:
                await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
            take = self.rng.randint(1, min(3, state["G"]["pile"]))
            pending = (state_id, time.perf_counter())
            await self.emit(
                [
                    "update",
                    {"type": "MAKE_MOVE", "payload": {"type": "take", "args": [take], "playerID": seat}},
                    state_id,
                    match,
                    seat,
                ]
            )


async def peer_side(port: int, matches: int, server_pid: int, seed: int, think: float = 0.0) -> Side:
    """boardgame.io's players, two a match, at their first matches."""
    rng = random.Random(seed)
    players = [PilePlayer(port, random.Random(rng.getrandbits(32)), think) for _ in range(2 * matches)]
    gate = Gate()
    serial = [0]

    async def seat(group: list[PilePlayer]) -> list[asyncio.Task[None]]:
        serial[0] += 1
        match = f"m{serial[0]}"
        tasks = []
        for number, p in enumerate(group):
            await p.open(match, str(number))
            tasks.append(asyncio.create_task(p.play(match, str(number), gate)))
        return tasks

    side = Side("boardgame.io", server_pid, [players[2 * m:2 * m + 2] for m in range(matches)], seat, gate)
    await side.start()
    return side


def start_peer() -> tuple[subprocess.Popen[bytes], int]:
    """boardgame.io's server (installed first if need be) and its port."""
    install()
    port = free_port()
    return start_process(["node", str(BGIO / "server.js"), str(port)], port, cwd=BGIO), port
