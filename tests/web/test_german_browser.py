"""The hall in German in real Chromium (a browser that asks for German: ``Accept-Language: de``): the sign-in
page, the lobby and a Manitou table against bots, on a phone, a tablet and a desktop, with screenshots and
axe-core's check (no serious or critical violation), nothing wider than the screen. The language switch in
the top bar goes back to English, and the account keeps the choice.

Screenshots are saved under ``test-output/<test name>/`` at the repository root."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from harness import Hall
from pages import PHONE, everywhere, new_page

pytestmark = pytest.mark.browser


def test_the_hall_in_german_on_every_screen(hall: Hall, browser: Any, shots: Path) -> None:
    ctx, page, errors = new_page(browser, PHONE, locale="de-DE", extra_http_headers={"Accept-Language": "de-DE,de"})
    page.goto(hall.url + "/")
    page.wait_for_selector("#signin")
    assert page.get_attribute("html", "lang") == "de"
    assert page.inner_text("#signin") == "Anmelden" and page.inner_text("#guest") == "Als Gast spielen"
    assert page.inner_text("[data-nav=archive]") == "Archiv"
    everywhere(page, shots, "de-signin")
    page.fill("input[name=name]", "Anna")
    page.fill("input[name=password]", "ein gutes Passwort")
    page.click("#signup")
    page.wait_for_selector("#bot-level option", state="attached")
    assert page.inner_text("#create-table") == "Tisch eröffnen"
    assert page.inner_text("#language") == "DE" or page.input_value("#language") == "de"
    everywhere(page, shots, "de-lobby")
    page.select_option("#new-game", "manitou")
    page.select_option("#new-seats", "4")
    page.select_option("#bot-level", "beginner")
    page.click("#play-bots")
    page.wait_for_function("() => document.querySelector('.board-wrap [data-version]')")
    page.wait_for_function("() => /Jagd 1 von 3/.test(document.body.innerText)")
    assert "Hunt 1 of 3" not in page.inner_text("body")
    everywhere(page, shots, "de-table-manitou")
    # the switch: back to English, kept by the account
    page.select_option("#language", "en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    page.wait_for_function("() => /Hunt 1 of 3/.test(document.body.innerText)")
    ctx.close()
    again, page2, errors2 = new_page(browser, PHONE, locale="de-DE", extra_http_headers={"Accept-Language": "de"})
    page2.goto(hall.url + "/")
    page2.wait_for_selector("#signin")
    page2.fill("input[name=name]", "Anna")
    page2.fill("input[name=password]", "ein gutes Passwort")
    page2.click("#signin")
    page2.wait_for_selector("#create-table")
    page2.reload()
    page2.wait_for_selector("#create-table")
    assert page2.get_attribute("html", "lang") == "en"  # the account's choice beats the browser's
    again.close()
    assert not errors and not errors2, (errors, errors2)
