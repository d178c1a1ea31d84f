"""The deployment files of docs/operations.md, each tried for real: the systemd unit passes
``systemd-analyze verify``, the Caddyfile passes ``caddy validate``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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
