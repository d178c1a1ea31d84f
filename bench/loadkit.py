"""What the load benchmarks share: free ports, starting and stopping a server process, its CPU and memory,
and the move statistics of a measurement window (``bench/hall.py`` and ``bench/peer.py``)."""

from __future__ import annotations

import asyncio
import contextlib
import os
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
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def start_process(args: list[str], port: int, cwd: Path = ROOT,
                  env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """Start a server (``args[0]`` ``node``, or else arguments to this Python; ``env`` added to the
    environment) and wait until it listens."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
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


def window(players: Sequence[Mover], start: float, stop_at: float) -> dict[str, Any]:
    """Moves/s and latency of the moves acknowledged between ``start`` and ``stop_at``."""
    acks = sorted(t for p in players for t in p.acked_at if start <= t <= stop_at)
    latencies = sorted(
        x for p in players for x, t in zip(p.latencies, p.acked_at, strict=True) if start <= t <= stop_at
    )
    elapsed = (acks[-1] if acks else stop_at) - start
    return {
        "moves": len(acks),
        "elapsed": elapsed,
        "moves_per_s": len(acks) / elapsed if elapsed > 0 else 0.0,
        "p50_ms": 1000 * statistics.median(latencies) if latencies else float("nan"),
        "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))] if latencies else float("nan"),
    }


async def keep_full(
    group: list[Any],
    tasks: list[asyncio.Task[None]],
    seat: Callable[[list[Any]], Awaitable[list[asyncio.Task[None]]]],
    stop_at: list[float],
    replaced: list[int],
) -> None:
    """Keep one table's (or match's) players busy for the whole window: whenever their game ends before
    ``stop_at[0]``, ``seat`` gives them a new one. Each player has ``ws`` (closed here between games)."""
    while True:
        # the game is over (every seat is told) or one player saw the window end: this game is done
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for p in group:
            if p.ws is not None:
                await p.ws.close()
        await asyncio.gather(*tasks, return_exceptions=True)
        if not stop_at[0] or time.perf_counter() >= stop_at[0]:
            return
        replaced[0] += 1
        tasks = await seat(group)


async def run_window(
    groups: list[list[Any]],
    first: list[list[asyncio.Task[None]]],
    seat: Callable[[list[Any]], Awaitable[list[asyncio.Task[None]]]],
    seconds: float,
    go: asyncio.Event,
    stop_at: list[float],
    server_pid: int,
) -> dict[str, Any]:
    """Open the window (``go``) for ``seconds`` with every group kept playing; its figures, the server's
    and this process's CPU seconds, the peak server memory and how many games were replaced."""
    replaced = [0]
    start = time.perf_counter()
    cpu_server, cpu_client = cpu_seconds(server_pid), cpu_seconds(os.getpid())
    stop_at[0] = start + seconds
    go.set()
    peak = rss_kib(server_pid)
    loops = asyncio.gather(*[keep_full(g, t, seat, stop_at, replaced) for g, t in zip(groups, first, strict=True)])
    while not loops.done():
        await asyncio.sleep(0.5)
        peak = max(peak, rss_kib(server_pid))
        if time.perf_counter() > stop_at[0] + 20:
            loops.cancel()
            break
    with contextlib.suppress(asyncio.CancelledError):
        await loops
    players = [p for g in groups for p in g]
    return {
        **window(players, start, stop_at[0]),
        "replaced": replaced[0],
        "rss_peak_kib": peak,
        "cpu_server": cpu_seconds(server_pid) - cpu_server,
        "cpu_client": cpu_seconds(os.getpid()) - cpu_client,
    }
