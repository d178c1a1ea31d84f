from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import Hall, close_kept, register_toy, unregister_toy
from smtp import mhall, sink  # noqa: F401  (the mail tests' fixtures: an SMTP server, a hall mailing to it)


@pytest.fixture(autouse=True)
def closed_clients() -> Iterator[None]:
    """The sockets and HTTP clients a test opened through the harness are closed when it ends."""
    yield
    close_kept()


@pytest.fixture(autouse=True)
def toy_game() -> Iterator[None]:
    """The test-only toy game is in the registry only while a server test runs."""
    register_toy()
    yield
    unregister_toy()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'hall.db'}"


@pytest.fixture
def hall(db_url: str) -> Iterator[Hall]:
    h = Hall(db_url)
    yield h
    h.stop()


@pytest.fixture
def make_hall(db_url: str) -> Iterator[Callable[..., Hall]]:
    """Halls with some settings changed (``make_hall(rate=0, ...)``) on the test's store; stopped after it."""
    halls: list[Hall] = []

    def make(**settings: Any) -> Hall:
        halls.append(Hall(db_url, **settings))
        return halls[-1]

    yield make
    for h in halls:
        h.stop()
