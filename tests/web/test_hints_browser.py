"""In real Chromium: a table that allows hints shows the bot's preferred move and every move's win chance;
after the game the replay draws each seat's win chance move by move and marks the costliest moves.

Screenshots under ``test-output/test_hints_and_the_replays_win_chance_chart/`` (1280×800 and 390×844).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import Hall, register_toy, unregister_toy
from pages import DESKTOP, PHONE, new_page, sign_up, wait_turn

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def toy_game() -> Iterator[None]:
    register_toy()
    yield
    unregister_toy()


def test_hints_and_the_replays_win_chance_chart(hall: Hall, browser: Any, shots: Path) -> None:
    ctx, page, errors = new_page(browser, DESKTOP)
    sign_up(page, hall.url, "Ann")
    page.select_option("#new-game", "toy")
    page.select_option("#new-seats", "2")
    page.check("#new-hints")
    page.select_option("#bot-level", "beginner")
    page.click("#play-bots")
    page.wait_for_selector(".generic")
    table_id = int(page.url.rstrip("/").split("/")[-1])
    assert hall.hall.tables[table_id].options == {"hints": True}

    page.wait_for_selector("#hint-button:enabled", timeout=30000)
    page.click("#hint-button")
    page.wait_for_selector(".hint-row.best", timeout=120000)
    legal = hall.hall.tables[table_id].state.legal_actions(0)
    assert page.locator(".hint-row").count() == len(legal)
    assert page.locator(".legal-action.hinted").count() == 1  # the preferred move is ringed on the board
    best_text = page.inner_text(".hint-row.best .hint-bar span").lstrip("★ ").strip()
    assert page.get_attribute(".legal-action.hinted", "title") == best_text
    page.screenshot(path=str(shots / "hint-1280x800.png"))
    page.set_viewport_size(PHONE)
    page.locator(".hints").scroll_into_view_if_needed()  # under the board on a phone
    page.screenshot(path=str(shots / "hint-390x844.png"))
    page.set_viewport_size(DESKTOP)
    page.click(".hint-row.best button.link")  # play the preferred move from the hint panel
    page.wait_for_function("() => !document.querySelector('.hint-row')", timeout=15000)

    deadline = time.time() + 120
    while page.get_attribute(".generic", "data-over") != "yes":
        assert not errors, errors
        assert time.time() < deadline, "the toy game did not finish"
        buttons = page.locator(".legal-action:enabled")
        if page.get_attribute(".generic", "data-mine") == "yes" and buttons.count():
            version = page.get_attribute(".generic", "data-version")
            buttons.first.click()
            page.wait_for_function(f"() => document.querySelector('.generic').dataset.version !== '{version}'")
        else:
            wait_turn(page, timeout=deadline - time.time())

    page.goto(f"{hall.url}/replay/{table_id}")
    page.wait_for_selector("#analysis polyline", timeout=120000)
    assert page.locator("#analysis polyline").count() == 2  # one line per seat
    record = hall.store.record(table_id)
    assert record is not None
    page.click("#replay-next")
    assert page.locator("#analysis .worst li").count() >= 1
    page.screenshot(path=str(shots / "replay-chart-1280x800.png"))
    page.set_viewport_size(PHONE)
    page.reload()  # the chart is drawn at the width it is shown at
    page.wait_for_selector("#analysis polyline", timeout=120000)
    page.screenshot(path=str(shots / "replay-chart-390x844.png"), full_page=True)
    steps = len(record.actions)
    assert page.locator("#replay-step").get_attribute("max") == str(steps)
    assert not errors, errors
    ctx.close()
