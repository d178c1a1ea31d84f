"""Fair play in real Chromium at 1280×800 and 390×844: the vacation days in the settings panel (taken, then
shown), a turn-based table where the opponent is on vacation (the seat says until when, beside his reliability,
and so does the status line), and a player page's reliability with its counts. Each is looked at with a
screenshot (``test-output/<test name>/``), no sideways scroll and axe-core's check, as the other pages are."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from harness import Client, Hall, command, create_table, join, play_out, register_toy, unregister_toy
from pages import DESKTOP, PHONE, look, new_page, small_targets

pytestmark = pytest.mark.browser

PASSWORD = "a good password"


@pytest.fixture(autouse=True)
def toy_game() -> Any:
    register_toy()
    yield
    unregister_toy()


def sign_in(page: Any, url: str, name: str) -> None:
    page.goto(url + "/")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", PASSWORD)
    page.locator("#signin").click()
    page.wait_for_selector("#create-table")


def open_settings(page: Any) -> None:
    if page.locator("#settings-panel").is_hidden():
        page.locator("#settings-button").click()
    page.wait_for_selector("#vacation-status:has-text('days left')")


def test_vacation_days_and_reliability_on_every_screen(hall: Hall, browser: Any, shots: Path) -> None:
    ann, bob, cid = (Client(hall, name, PASSWORD) for name in ("Ann", "Bob", "Cid"))
    play_out([bob, cid], "toy", bots=0, play=True)  # Bob finished one game and left one: 50 %
    play_out([bob, cid], "toy", bots=0)
    assert bob.http.post("/api/vacation", json={"days": 5}).status_code == 200
    lobby = ann.lobby()
    tid = create_table(lobby, "toy", 2, time="turn-based")
    lobby.close()
    wb = bob.table(tid)
    join(wb, 2)

    ctx, page, errors = new_page(browser, DESKTOP)
    sign_in(page, hall.url, "Ann")
    open_settings(page)
    assert "21 of your 21 days left" in page.inner_text("#vacation-status")
    page.fill("#vacation-days", "3")
    page.locator("#vacation-take").click()
    page.wait_for_selector("#vacation-status:has-text('You are on vacation until')")
    assert "18 of your 21 days left" in page.inner_text("#vacation-status")
    assert page.locator("#vacation-end").is_visible() and page.locator("#vacation-take").is_hidden()
    for size in (DESKTOP, PHONE):
        look(page, shots, "settings-vacation", size)
        open_settings(page)
    page.set_viewport_size(PHONE)
    assert small_targets(page, "#vacation button, #vacation input") == []
    page.locator("#vacation-end").click()
    page.wait_for_selector("#vacation-take:visible")
    assert "20 of your 21 days left" in page.inner_text("#vacation-status")  # the days not begun came back

    page.set_viewport_size(DESKTOP)
    page.goto(f"{hall.url}/table/{tid}")
    page.click("#cmd-join")
    page.wait_for_selector(".seat-list li.mine")
    command(wb, "/start")
    page.wait_for_selector(".generic")
    bob_seat = page.locator(".seat-list li").nth(1)
    bob_seat.locator(".on-vacation").wait_for()
    assert bob_seat.locator(".reliability").inner_text() == "50%"
    assert "on vacation until" in bob_seat.inner_text()
    assert "Bob is on vacation until" in page.inner_text(".hall-status")
    mine = page.locator(".seat-list li.mine .reliability")
    assert mine.inner_text() == "new"
    look(page, shots, "table-vacation", DESKTOP)
    page.set_viewport_size(PHONE)
    page.locator(".tab", has_text="Seats").click()
    look(page, shots, "table-vacation", PHONE)

    page.set_viewport_size(DESKTOP)
    page.goto(f"{hall.url}/player/Bob")
    page.wait_for_selector("#reputation")
    text = page.inner_text("#reputation")
    assert "50%" in text and "Finished 1 of the last 2 games" in text and "on vacation until" in text
    assert page.locator("#reputation [data-outcome='left'] b").inner_text() == "1"
    assert page.locator(".recent tbody tr").first.locator(".badge.outcome").inner_text() == "left"  # the latest
    for size in (DESKTOP, PHONE):
        look(page, shots, "player-reliability", size)
    assert not errors, errors
    wb.close()
    ctx.close()
