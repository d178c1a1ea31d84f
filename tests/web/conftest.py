from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))

from harness import Hall, close_kept
from smtp import mhall, sink  # noqa: F401  (the mail tests' fixtures: an SMTP server, a hall mailing to it)


@pytest.fixture(autouse=True)
def closed_clients() -> Iterator[None]:
    """The sockets and HTTP clients a test opened through the harness are closed when it ends."""
    yield
    close_kept()

CHROMIUM = os.environ.get("LONGHOUSE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
#: Screenshots of the browser tests go here (gitignored), one folder per test.
OUTPUT = Path(__file__).resolve().parent.parent.parent / "test-output"


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[Hall]:
    h = Hall(f"sqlite:///{tmp_path / 'hall.db'}", max_rate=50)  # the hall's default flood limit
    yield h
    h.stop()


#: How long a page's wait (for a selector, a function, a click) may last: two test workers, their halls and
#: bots share two cores, so a step that takes a second alone can take many under load.
WAIT_MS = 90_000


class SlowMachineBrowser:
    """The browser, whose every context waits up to ``WAIT_MS`` instead of Playwright's 30 s (a wait given
    its own timeout keeps it)."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        ctx = self._browser.new_context(**options)
        ctx.set_default_timeout(WAIT_MS)
        return ctx

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is required for the browser tests: {CHROMIUM} is missing "
                    "(install Debian's chromium, or set LONGHOUSE_CHROMIUM)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield SlowMachineBrowser(b)
        b.close()


@pytest.fixture
def shots(request: pytest.FixtureRequest) -> Path:
    folder = OUTPUT / request.node.name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "axe.txt").unlink(missing_ok=True)  # axe's findings of this run only (pages.axe_check)
    return folder
