"""The deployment files of docs/operations.md, each tried for real: the systemd unit passes
``systemd-analyze verify``, the Caddyfile passes ``caddy validate``, and the hall runs behind a real Caddy on
loopback with the very same Caddyfile: websockets pass, and the hall sees each client's own address (believed
from the proxy only), so the per-address limits hold per client."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from harness import Hall, free_port, kept
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

from longhouse.server.auth import COOKIE
from tests.waiting import serving

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
ROOT = DEPLOY.parent


def tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is required for the deployment tests (Debian package "
                    f"{'systemd' if name == 'systemd-analyze' else name}; ./dev test installs it)")
    return found


def test_the_systemd_unit_verifies(tmp_path: Path) -> None:
    unit = (DEPLOY / "longhouse@.service").read_text()
    assert "LimitNOFILE=65536" in unit and "KillSignal=SIGTERM" in unit
    # as installed, with the program where this checkout's ./dev put it (systemd checks that it exists)
    installed = tmp_path / "longhouse@8000.service"
    program = Path(sys.executable).parent / "longhouse"  # the virtual environment running these tests
    installed.write_text(unit.replace("/opt/longhouse/.venv/bin/longhouse", str(program)))
    done = subprocess.run([tool("systemd-analyze"), "verify", str(installed)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and not done.stderr.strip() and not done.stdout.strip(), done.stdout + done.stderr


def caddy_env(tmp_path: Path, site: str, upstreams: str) -> dict[str, str]:
    return dict(os.environ, LONGHOUSE_SITE=site, LONGHOUSE_UPSTREAMS=upstreams, LONGHOUSE_CADDY_ADMIN="off",
                XDG_DATA_HOME=str(tmp_path / "caddy-data"), XDG_CONFIG_HOME=str(tmp_path / "caddy-config"),
                HOME=str(tmp_path))


def test_the_caddyfile_validates(tmp_path: Path) -> None:
    done = subprocess.run([tool("caddy"), "validate", "--config", str(DEPLOY / "Caddyfile"), "--adapter", "caddyfile"],
                          capture_output=True, text=True, timeout=120,
                          env=caddy_env(tmp_path, "hall.example.org", "127.0.0.1:8001 127.0.0.1:8002"))
    assert done.returncode == 0 and "Valid configuration" in done.stdout + done.stderr, done.stderr


@pytest.fixture
def behind_caddy(tmp_path: Path) -> Iterator[tuple[Hall, str]]:
    """A hall on 127.0.0.1 that believes X-Forwarded-For from 127.0.0.1 only, and a real Caddy in front of it
    on 127.0.0.2 running deploy/Caddyfile; each address may hold two websockets."""
    hall = Hall(f"sqlite:///{tmp_path / 'hall.db'}", trusted_proxies=("127.0.0.1",), sockets_per_address=2,
                allowed_hosts=("127.0.0.2",))
    port = free_port()
    site = f"http://127.0.0.2:{port}"
    with (tmp_path / "caddy.log").open("wb") as caddy_log:  # the child has its own copy of the file
        caddy = subprocess.Popen([tool("caddy"), "run", "--config", str(DEPLOY / "Caddyfile"), "--adapter",
                                  "caddyfile"], env=caddy_env(tmp_path, site, f"127.0.0.1:{hall.port}"),
                                 stdout=subprocess.DEVNULL, stderr=caddy_log)
    try:
        try:
            serving(site + "/healthz", caddy, 60, what="caddy")
        except AssertionError as exc:
            raise RuntimeError(f"caddy did not start ({exc}): {(tmp_path / 'caddy.log').read_text()[-2000:]}") from None
        yield hall, site
    finally:
        caddy.terminate()
        caddy.wait(30)
        hall.stop()


def guest_from(address: str, base: str) -> str:
    """A guest's session, signed up from ``address``."""
    http = kept(httpx.Client(base_url=base, transport=httpx.HTTPTransport(local_address=address), timeout=30))
    r = http.post("/api/guest", json={})
    assert r.status_code == 200, r.text
    return str(http.cookies[COOKIE])


def socket_from(address: str, base: str, token: str, host: str | None = None, **headers: str) -> ClientConnection:
    """A lobby websocket from ``address`` to ``base`` (``http://host:port``), naming ``host`` (default: the
    one in ``base``) as the server it asks for."""
    ip, port = base.split("//", 1)[1].rsplit(":", 1)
    raw = socket.create_connection((ip, int(port)), timeout=10, source_address=(address, 0))
    return kept(connect(f"ws://{host or ip}:{port}/ws/lobby", sock=raw, legacy=True,
                        additional_headers={"Cookie": f"{COOKIE}={token}", **headers}))


def refused(make: object) -> int:
    """The close code a refused websocket got (``sockets.refuse`` accepts, says why, and closes)."""
    from websockets.exceptions import ConnectionClosed

    assert callable(make)
    ws = make()
    try:
        while True:
            ws.recv(timeout=10)
    except ConnectionClosed as exc:
        assert exc.rcvd is not None
        return exc.rcvd.code


def test_behind_caddy_websockets_pass_and_each_client_is_limited_by_its_own_address(
        behind_caddy: tuple[Hall, str]) -> None:
    hall, site = behind_caddy
    ann = guest_from("127.0.0.9", site)
    bob = guest_from("127.0.0.10", site)
    first, second = socket_from("127.0.0.9", site, ann), socket_from("127.0.0.9", site, ann)
    assert '"type":"hello"' in str(first.recv(timeout=10)).replace(" ", "")  # a websocket through Caddy
    second.recv(timeout=10)
    # a third from the same client's address is refused: the hall counts 127.0.0.9, not Caddy's 127.0.0.1
    assert refused(lambda: socket_from("127.0.0.9", site, ann)) == 4429
    # another client through the same proxy is not
    third = socket_from("127.0.0.10", site, bob)
    assert '"hello"' in str(third.recv(timeout=10))
    # straight to the hall, a made-up X-Forwarded-For is not believed: still 127.0.0.9, still refused
    direct = f"http://127.0.0.1:{hall.port}"
    assert refused(lambda: socket_from("127.0.0.9", direct, ann, "127.0.0.2",
                                       **{"X-Forwarded-For": "203.0.113.7"})) == 4429
    for ws in (first, second, third):
        ws.close()
    with pytest.raises(InvalidStatus):  # Caddy serves the hall's name only
        socket_from("127.0.0.11", site, ann, "evil.example")
