from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import Hall, register_toy, unregister_toy


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
