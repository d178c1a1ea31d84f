"""A small local Ray cluster for the tests: ``ray start --head`` in its own process group, stopped by it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: Each running head's reader of its output (by pid), joined before the pipe is closed.
_readers: dict[int, threading.Thread] = {}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _ray() -> str:
    return str(Path(sys.executable).with_name("ray"))


def _start(cpus: int) -> tuple[subprocess.Popen[str], str] | None:
    """``ray start --head`` on a free port: the running head and its address, or None if it gave up."""
    port = _free_port()
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}
    head = subprocess.Popen(
        [_ray(), "start", "--head", "--block", "--node-ip-address", "127.0.0.1", "--port", str(port),
         "--num-cpus", str(cpus), "--include-dashboard", "false", "--object-store-memory", str(100 * 1024 * 1024),
         "--disable-usage-stats"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, start_new_session=True,
    )
    assert head.stdout is not None
    for line in head.stdout:
        if "block forever" in line:
            reader = _readers[head.pid] = threading.Thread(target=head.stdout.read, daemon=True)
            reader.start()  # keep the pipe from filling
            return head, f"127.0.0.1:{port}"
    _stop(head)
    return None


@contextmanager
def ray_cluster(cpus: int = 2) -> Iterator[str]:
    """Start a one-node Ray cluster on 127.0.0.1 with ``cpus`` CPUs; yield its address; stop it.

    Ray gives a node 30 s to start; on a machine busy with other work the start is tried up to 3 times.
    """
    started = _start(cpus) or _start(cpus) or _start(cpus)
    if started is None:
        raise RuntimeError("ray start --head failed 3 times")
    head, address = started
    try:
        yield address
    finally:
        _stop(head)


def _stop(head: subprocess.Popen[str]) -> None:
    """End the head and everything it started (its process group): politely, then for sure."""
    for sig, wait in ((signal.SIGTERM, 20.0), (signal.SIGKILL, None)):
        try:
            os.killpg(head.pid, sig)
        except ProcessLookupError:
            break
        if wait is not None:
            try:
                head.wait(timeout=wait)
            except subprocess.TimeoutExpired:
                continue
    head.wait()
    reader = _readers.pop(head.pid, None)
    if reader is not None:
        reader.join(10)  # the pipe's end reached: everything that held it is gone
    if head.stdout is not None and (reader is None or not reader.is_alive()):
        head.stdout.close()


if __name__ == "__main__":
    with ray_cluster() as address:
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "longhouse.cli", *sys.argv[1:], "--ray", address])
        print(f"exit {done.returncode} after {time.perf_counter() - started:.1f} s")
