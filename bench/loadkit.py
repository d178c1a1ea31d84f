"""What the load benchmarks share: free ports, starting and stopping a server process, its CPU and memory,
and the move statistics of a measurement window (``bench/hall.py`` and ``bench/peer.py``)."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far."""
    return sum(cpu_split(pid))


def cpu_split(pid: int) -> tuple[float, float]:
    """User and system (kernel: sockets, disk) CPU time of a process so far, apart."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def start_process(args: list[str], port: int, cwd: Path = ROOT,
                  env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """Start a server (``args[0]`` ``node``, or else arguments to this Python; ``env`` added to the
    environment) and wait until it listens."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    program = args if args[0] == "node" else [sys.executable, *args]
    proc = subprocess.Popen(program, env=env, cwd=str(cwd), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.time() + 60
    while time.time() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return proc
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {proc.stderr.read().decode() if proc.stderr else ''}")
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("server did not start")


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class Mover(Protocol):
    """A simulated player: when each of its moves was acknowledged, and how long each took."""

    latencies: list[float]
    acked_at: list[float]


def latency_figures(latencies: list[float], moves: int, elapsed: float) -> dict[str, Any]:
    latencies = sorted(latencies)
    return {
        "moves": moves, "elapsed": elapsed, "moves_per_s": moves / elapsed if elapsed > 0 else 0.0,
        "p50_ms": 1000 * statistics.median(latencies) if latencies else float("nan"),
        "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))] if latencies else float("nan"),
        "max_ms": 1000 * latencies[-1] if latencies else float("nan"),
    }


def window(players: Sequence[Mover], start: float, stop_at: float) -> dict[str, Any]:
    """Moves/s and latency of the moves acknowledged between ``start`` and ``stop_at``."""
    acks = sorted(t for p in players for t in p.acked_at if start <= t <= stop_at)
    latencies = [x for p in players for x, t in zip(p.latencies, p.acked_at, strict=True) if start <= t <= stop_at]
    return latency_figures(latencies, len(acks), (acks[-1] if acks else stop_at) - start)


class Gate:
    """When the players of one side may move: ``open`` during that side's windows; ``running`` until the
    end of the whole run, or until ``stop_at`` (``time.perf_counter``) if set (then every player stops at
    its next move)."""

    def __init__(self, open_now: bool = False) -> None:
        self.open = asyncio.Event()
        if open_now:
            self.open.set()
        self.running = True
        self.stop_at = 0.0

    async def wait(self) -> bool:
        """Wait until this side may move; False once the run is over."""
        if not self.open.is_set():
            await self.open.wait()
        return self.running and not (self.stop_at and time.perf_counter() > self.stop_at)


Seat = Callable[[list[Any]], Awaitable[list[asyncio.Task[None]]]]


class Side:
    """One server under test and its players, kept playing (a finished game is replaced at once); the
    windows in which it was measured and its CPU seconds in them."""

    def __init__(self, name: str, pid: int, groups: list[list[Any]], seat: Seat, gate: Gate) -> None:
        self.name, self.pid, self.groups, self.seat, self.gate = name, pid, groups, seat, gate
        self.windows: list[tuple[float, float]] = []
        self.cpu_server = self.cpu_client = self.sys_server = 0.0
        self.replaced = 0
        self.loops: list[asyncio.Task[None]] = []
        self.profiled = False  # the server profiles while told (SIGUSR1 .. SIGUSR2): in the windows only

    async def start(self) -> None:
        """Seat every group at its first game and wait until every player has seen it start."""
        first = [await self.seat(group) for group in self.groups]
        players = [p for g in self.groups for p in g]
        await asyncio.wait_for(asyncio.gather(*[p.started.wait() for p in players]), 120)
        self.loops = [asyncio.create_task(self._keep_full(g, t)) for g, t in zip(self.groups, first, strict=True)]

    async def _keep_full(self, group: list[Any], tasks: list[asyncio.Task[None]]) -> None:
        while True:
            # the game is over (every seat is told) or the run is: this game is done
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for p in group:
                if p.ws is not None:
                    await p.ws.close()
            await asyncio.gather(*tasks, return_exceptions=True)
            if not self.gate.running:
                return
            self.replaced += 1
            tasks = await self.seat(group)

    async def window(self, seconds: float) -> None:
        """Let this side's players move for ``seconds``, counting the server's and the clients' CPU."""
        (user_server, sys_server), cpu_client = cpu_split(self.pid), cpu_seconds(os.getpid())
        if self.profiled:
            os.kill(self.pid, signal.SIGUSR1)
        start = time.perf_counter()
        self.gate.open.set()
        await asyncio.sleep(seconds)
        self.gate.open.clear()
        self.windows.append((start, time.perf_counter()))
        await asyncio.sleep(min(1.0, seconds / 4))  # the moves in flight land (their acks after the window)
        if self.profiled:
            os.kill(self.pid, signal.SIGUSR2)
        user_after, sys_after = cpu_split(self.pid)
        self.cpu_server += user_after + sys_after - user_server - sys_server
        self.sys_server += sys_after - sys_server
        self.cpu_client += cpu_seconds(os.getpid()) - cpu_client

    async def stop(self) -> None:
        self.gate.running = False
        self.gate.open.set()
        _, pending = await asyncio.wait(self.loops, timeout=30)
        for task in pending:
            task.cancel()

    def figures(self) -> dict[str, Any]:
        """Moves/s and latency of the moves acknowledged inside this side's windows, and its CPU."""
        players = [p for g in self.groups for p in g]
        inside = [x for p in players for x, t in zip(p.latencies, p.acked_at, strict=True)
                  if any(a <= t <= b for a, b in self.windows)]
        return {**latency_figures(inside, len(inside), sum(b - a for a, b in self.windows)),
                "replaced": self.replaced, "cpu_server": self.cpu_server, "sys_server": self.sys_server,
                "cpu_client": self.cpu_client, "windows": len(self.windows)}


async def alternate(sides: list[Side], seconds: float, rounds: int) -> None:
    """Measure the sides in turn, ``rounds`` windows of ``seconds`` each, so that a change in the machine's
    load (it is shared) falls on all of them alike."""
    for _ in range(rounds):
        for side in sides:
            await side.window(seconds)
    for side in sides:
        await side.stop()
