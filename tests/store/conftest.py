"""The store's tests: schema revisions, the database the release before migrations wrote, dumps and backups.
PostgreSQL (127.0.0.1:5432, database ``test``) is required, never skipped: each test's tables carry a prefix of
its own and are dropped afterwards."""

from __future__ import annotations

import secrets
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent / "server")]

from answers import LEGACY  # noqa: E402
from harness import close_kept  # noqa: E402
from stores import drop_store  # noqa: E402
from test_store_postgres import PG_URL, require_postgres  # noqa: E402


@pytest.fixture(autouse=True)
def closed_clients() -> Iterator[None]:
    """The sockets and HTTP clients a test opened through the harness are closed when it ends."""
    yield
    close_kept()


@pytest.fixture
def pg_prefix() -> Iterator[str]:
    """A table prefix of this test's own in the PostgreSQL database ``test``, its tables dropped afterwards."""
    require_postgres()
    prefix = f"lh_{secrets.token_hex(4)}_"
    yield prefix
    drop_store(PG_URL, prefix)


@pytest.fixture
def legacy_copy(tmp_path: Path) -> str:
    """The URL of a copy of the release-before-migrations' database (``fixtures/legacy.db``)."""
    path = tmp_path / "legacy.db"
    shutil.copyfile(LEGACY, path)
    return f"sqlite:///{path}"
