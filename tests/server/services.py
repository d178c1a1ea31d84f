"""Private Redis and PostgreSQL servers for the tests that restart them (never the machine's shared ones).

Each runs as a child of the test on a free loopback port, its data in a temporary folder: Redis with
nothing saved to disk, PostgreSQL as a cluster made by ``initdb`` (run as the ``postgres`` user when the tests
run as root, as PostgreSQL refuses root). A missing program fails the test, saying what to install; ``./dev
test`` and ``.ci/run`` install both.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from harness import free_port

from tests.waiting import until


def _wait_port(port: int, up: bool, seconds: float = 30) -> None:
    def there() -> bool:
        with socket.socket() as s:
            return (s.connect_ex(("127.0.0.1", port)) == 0) == up

    until(there, seconds, what=f"port {port} {'open' if up else 'closed'}", every=0.05)


class PrivateRedis:
    """``redis-server`` on a free port, with no persistence: a restart comes back empty, as after a crash."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.fail("redis-server is required (Debian package redis-server; ./dev test installs it)")
        self.binary = binary
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        self.proc = subprocess.Popen([self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                      "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _wait_port(self.port, up=True)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        _wait_port(self.port, up=False)

    def restart(self, down: float) -> None:
        """Kill it (-9), stay down for ``down`` seconds, start it again, empty."""
        self.stop()
        time.sleep(down)  # real time: an outage of that length is what the test makes
        self.start()


def _postgres_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[4]))
    if not found:
        pytest.fail("PostgreSQL's server programs are required (/usr/lib/postgresql/*/bin/pg_ctl; Debian package "
                    "postgresql; ./dev test installs it)")
    return Path(found[-1]).parent


class PrivatePostgres:
    """A PostgreSQL cluster of its own (``initdb``, trust authentication, database ``test``) on a free port."""

    def __init__(self) -> None:
        self.bin = _postgres_bin()
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="longhouse-pg-"))
        self.data = self.root / "data"
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/test"
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL does not run as root
            try:
                user = pwd.getpwnam("postgres")
            except KeyError:
                pytest.fail("running as root, the private PostgreSQL needs the postgres user (package postgresql)")
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-N", "--no-instructions")
        self.start()
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "test")

    def _run(self, program: str, *args: str) -> None:
        done = subprocess.run([*self.as_user, str(self.bin / program), *args], capture_output=True, text=True,
                              timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed: {done.stdout}{done.stderr}")

    def start(self) -> None:
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w", "start")

    def stop(self) -> None:
        """A fast shutdown: open sessions are cut, committed work is kept."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def restart(self, down: float) -> None:
        self.stop()
        time.sleep(down)  # real time: an outage of that length is what the test makes
        self.start()

    def close(self) -> None:
        subprocess.run([*self.as_user, str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w",
                        "stop"], capture_output=True, timeout=60)
        shutil.rmtree(self.root, ignore_errors=True)
