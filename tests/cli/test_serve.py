"""``longhouse serve`` on a port another program holds says which port is taken and how to choose another,
and starts nothing (no store is created)."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from longhouse.cli import main


def test_a_busy_port_is_named_with_the_way_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        database = tmp_path / "hall.db"
        assert main(["serve", "--port", str(port), "--database", f"sqlite:///{database}"]) == 2
    err = capsys.readouterr().err
    assert f"port {port} on 127.0.0.1 is taken" in err
    assert f"--port {port + 1}" in err
    assert not database.exists()


def test_the_store_s_password_is_never_shown() -> None:
    from longhouse.cli.serve import shown_url

    assert shown_url("postgresql+psycopg://hall:s3cret@db.example:5432/longhouse") == (
        "postgresql+psycopg://hall:***@db.example:5432/longhouse")
    assert shown_url("sqlite:///data/longhouse.db") == "sqlite:///data/longhouse.db"

