"""The pages about people on every screen: a player's page (ratings with their history, recent games) and the
leaderboards, looked at on a phone (390×844), a tablet (768×1024) and a desktop (1280×800) with a screenshot
of each, no sideways scroll and axe-core's accessibility check (no serious or critical violation), as
test_screens.py does for the other pages.

The pages show real games: registered players sit down at tables in the hall, start, and play their own
moves (random legal ones) to the end; those games are rated like any other. Screenshots and axe's findings
(``axe.txt``) are saved under ``test-output/<test name>/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from harness import Client, Hall, play_out
from pages import PHONE, TABLET, everywhere, look, new_page, small_targets

pytestmark = pytest.mark.browser

PASSWORD = "a good password"
#: Every tap target on these pages: links as well as buttons (a name in a table is tapped to open its page).
TARGETS = "a, button, select, input, .tab, [role=button]"
#: A name as long as the hall allows but one character, which must show whole in the top bar on a phone.
LONG_NAME = "Winona-Longfeather"


def sign_in(page: Any, url: str, name: str) -> None:
    page.goto(url + "/")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", PASSWORD)
    page.locator("#signin").tap()
    page.wait_for_selector("#create-table")


def whole(page: Any, selector: str) -> bool:
    """Whether the element's text shows whole (not cut off with an ellipsis or hidden past its box)."""
    return bool(page.eval_on_selector(selector, "(e) => e.scrollWidth <= e.clientWidth + 1"))


def test_player_pages_and_leaderboards_on_every_screen(hall: Hall, browser: Any, shots: Path) -> None:
    win, bob, cid = (Client(hall, name, PASSWORD) for name in (LONG_NAME, "Bob", "Cid"))
    played = [
        play_out([win, bob], "manitou", play=True),
        play_out([bob, win, cid], "manitou", bots=0, play=True),
        play_out([cid, win], "manitoba", play=True),
        play_out([win, bob], "five_tribes", play=True),
    ]

    ctx, page, errors = new_page(browser, PHONE, touch=True)
    sign_in(page, hall.url, LONG_NAME)
    assert whole(page, ".who a.me")  # my name in the top bar is not cut short on a phone

    page.locator(".who a.me").tap()
    page.wait_for_selector(".player-page svg.rating-chart")
    assert "4 games played" in page.inner_text(".player-totals")
    assert page.locator(".player-page .rating").count() == 3  # Five Tribes, Manitoba, Manitou
    # the start, then one point a game
    assert page.locator(".rating[data-game='manitou'] .rating-chart circle").count() == 1 + 2
    rows = page.locator(".recent tbody tr")
    assert [int(rows.nth(i).get_attribute("data-table") or 0) for i in range(rows.count())] == played[::-1]
    # every column of a game is there on a phone: nothing is hidden to make it fit
    first = rows.first
    for label in ("Game", "Players and scores", "Result", "Finished"):
        assert first.locator(f"td[data-label='{label}']").is_visible()
    assert "Five Tribes" in first.inner_text()
    # the people's names lead to their pages; the bot's name is there too, but it has no page to lead to
    assert [first.locator("a.player-link").nth(i).inner_text() for i in range(2)] == [LONG_NAME, "Bob"]
    assert first.locator("a.player-link").count() == 2 and first.locator(".bot-name").inner_text() == "Bot Green"
    assert first.locator(f"a[href='/replay/{played[-1]}']").is_visible()
    everywhere(page, shots, "player")
    for size in (PHONE, TABLET):
        page.set_viewport_size(size)
        assert small_targets(page, TARGETS) == [], size
        assert whole(page, ".who a.me"), size

    # from a rating to its game's leaderboard, then to another game's board, then to another player
    page.set_viewport_size(PHONE)
    page.locator(".rating[data-game='manitou'] h3 a").tap()
    page.wait_for_selector(".leaderboard td >> text=Cid")
    assert page.locator(".leaderboard tbody tr").count() == 3
    everywhere(page, shots, "leaderboard")
    for size in (PHONE, TABLET):
        page.set_viewport_size(size)
        assert small_targets(page, TARGETS) == [], size
    page.set_viewport_size(PHONE)
    page.locator(".game-tabs a:has-text('Manitoba')").tap()
    page.wait_for_selector(".leaderboard h1:has-text('Manitoba')")
    assert page.locator(".leaderboard tbody tr").count() == 2
    page.locator(".leaderboard a.player-link:has-text('Cid')").tap()
    page.wait_for_selector(".player-page h1:has-text('Cid')")
    page.wait_for_selector(".player-page svg.rating-chart")
    everywhere(page, shots, "player-other")

    # a player page for a name nobody has
    page.goto(hall.url + "/player/Nobody")
    page.wait_for_selector("text=There is no player called Nobody")
    look(page, shots, "no-such-player", PHONE)

    # a short name in the top bar is still a whole tap target; a new player's page says what is not there yet
    page.goto(hall.url + "/")
    assert not page.locator("#signout").is_visible()  # on a phone, signing out is in the settings panel
    page.locator("#settings-button").tap()
    page.locator("#signout-here").tap()
    page.wait_for_selector("#signin")
    Client(hall, "Dee", PASSWORD)
    sign_in(page, hall.url, "Dee")
    page.locator(".who a.me").tap()
    page.wait_for_selector("text=No finished games yet.")
    assert "No rated games yet" in page.inner_text(".player-page")
    look(page, shots, "player-new", PHONE)
    assert small_targets(page, TARGETS) == []
    assert not errors, errors
    ctx.close()
