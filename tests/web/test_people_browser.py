"""Two people in real Chromium play the toy game on a real-time clock; one closes the tab, the hall's fake
clock runs their time out, a bot finishes the game for them, and the other sees it all: the seat clocks,
the away mark, the chat line, the page title telling them it is their turn while the tab is hidden, the
results, then Rematch (a private table with an invitation link), their player page (no rating: the bot made
every move of the other's seat, so she forfeits and he gains nothing), the leaderboard and the archive filtered
by player. Nothing waits for the wall clock to run a clock out.

Screenshots go to ``test-output/<test name>/`` at 1280×800 and 390×844.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from harness import Client, Hall, command, create_table, register_toy, unregister_toy
from pages import board_names, chat, new_page, sign_up, wait_turn

pytestmark = pytest.mark.browser


@pytest.fixture
def hall(hall: Hall) -> Hall:
    """The hall with its time on a fake clock (``hall.clock.advance``)."""
    hall.fake_clock()
    return hall


@pytest.fixture(autouse=True)
def toy_game() -> Any:
    register_toy()
    yield
    unregister_toy()


def test_a_closed_tab_times_out_and_the_game_still_ends(hall: Hall, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    ann_ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    bob_ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
    for page in (ann, bob):
        page.on("pageerror", lambda e: errors.append(str(e)))
    sign_up(ann, hall.url, "Ann")
    sign_up(bob, hall.url, "Bob")
    ann.select_option("#new-game", "toy")
    ann.select_option("#new-seats", "2")
    ann.select_option("#new-time", "real-time")
    assert "away 1 min" in ann.inner_text(".table-choices")
    ann.click("#create-table")
    ann.wait_for_selector(".table-page .waiting")
    table_id = int(ann.url.rstrip("/").split("/")[-1])
    chat(ann, "/join")
    bob.wait_for_selector(f"tr[data-table='{table_id}'] >> text=Real time")
    bob.click(f"tr[data-table='{table_id}'] a.button")
    bob.wait_for_selector(".table-page .waiting")
    chat(bob, "/join")
    ann.wait_for_function("() => document.querySelectorAll('.seat-list a.player-link').length === 2")
    chat(ann, "/start")
    bob.wait_for_selector(".generic[data-mine='yes']")
    # the page counts the running clocks down between the server's snapshots: 5:00, 4:59, ...
    bob.wait_for_function(
        "() => /^[45]:[0-5][0-9]$/.test(document.querySelector(\".seat-clock[data-seat='0']\").textContent)")
    assert bob.get_attribute(".seat-clock[data-seat='1']", "class") == "seat-clock running"
    assert "Real time: 5 min + 20 s" in bob.inner_text(".hall-bar")

    ann.close()  # Ann closes the tab in the middle of the game
    bob.wait_for_selector(".seat-list .seat-away[data-seat='0']:has-text('away')")
    assert "Ann is away" in bob.inner_text(".hall-status")
    # Bob's tab goes to the background; he picks, and the next round makes it his turn again
    bob.evaluate("Object.defineProperty(document, 'hidden', {value: true, configurable: true})")
    bob.locator(".legal-action:enabled").first.click()
    bob.wait_for_selector(".generic[data-mine='no']")
    hall.clock.advance(301)  # Ann's five minutes are up
    bob.wait_for_selector(".chat-lines >> text=Ann's time ran out")
    bob.wait_for_function("() => document.title.startsWith('● Your turn')")
    # the board names the bot that holds Ann's seat now, as the seat list does, no longer Ann
    assert "Bot Red" in bob.locator(".seat-list li").first.inner_text()
    assert board_names(bob) == ["Bot Red", "Bob"]
    assert bob.evaluate("document.body.dataset.attention") == "title"
    bob.screenshot(path=str(shots / "timed-out-1280.png"))
    bob.evaluate("Object.defineProperty(document, 'hidden', {value: false, configurable: true})")
    deadline = time.time() + 60
    while bob.get_attribute(".generic", "data-over") != "yes":
        assert time.time() < deadline, "the game did not end"
        button = bob.locator(".legal-action:enabled")
        if bob.get_attribute(".generic", "data-mine") == "yes" and button.count():
            version = bob.get_attribute(".generic", "data-version")
            button.first.click()
            bob.wait_for_function(f"() => document.querySelector('.generic').dataset.version !== '{version}'")
        else:
            wait_turn(bob, timeout=deadline - time.time())
    bob.wait_for_selector("text=Final results")
    row = hall.store.table(table_id)
    assert row is not None and row.status == "over"
    bob.screenshot(path=str(shots / "final-1280.png"))

    # Rematch: a private table for the same players, seats rotated; Bob lands there with its link
    bob.click("#rematch")
    bob.wait_for_url(f"**/table/{table_id + 1}?invite=*")
    bob.wait_for_selector("#invite-link")
    assert "invite=" in bob.input_value("#invite-link")
    bob.wait_for_function("() => document.querySelector('.seat-list li.mine') !== null")
    assert bob.locator(".seat-list li").first.locator("a.player-link").inner_text() == "Bob"  # Ann's seat 2 free
    bob.screenshot(path=str(shots / "rematch-1280.png"))

    # Bob's player page: the game, the win or loss, and no rating: Ann's bot made her every move, so she
    # forfeits the game and nobody gains from an absent opponent (docs/hall.md "Fair play"); the leaderboard
    # (Ann alone, rated last); the archive by player
    bob.click(".who a.me")
    bob.wait_for_selector(".player-page .recent")
    assert "1 game played" in bob.inner_text(".player-totals")
    assert "No rated games yet" in bob.inner_text(".player-page")
    assert bob.locator(f".recent a[href='/replay/{table_id}']").count() == 1
    bob.screenshot(path=str(shots / "player-1280.png"))
    bob.set_viewport_size({"width": 390, "height": 844})
    bob.screenshot(path=str(shots / "player-390.png"))
    bob.set_viewport_size({"width": 1280, "height": 800})
    bob.goto(f"{hall.url}/leaderboard/toy")
    bob.wait_for_selector(".leaderboard td >> text=Ann")
    assert bob.locator(".leaderboard tbody tr").count() == 1
    bob.screenshot(path=str(shots / "leaderboard-1280.png"))
    bob.goto(f"{hall.url}/archive?player=Ann")
    bob.wait_for_selector(f"tr[data-table='{table_id}']")
    assert "Toy" in bob.inner_text(f"tr[data-table='{table_id}']")
    bob.select_option("#archive-game", "manitou")
    bob.wait_for_selector("text=No finished games here yet.")

    # the notification settings menu keeps its choices for the player
    bob.click("#settings-button")
    bob.check("#notify-sound")
    bob.wait_for_function("async () => (await (await fetch('/api/settings')).json()).settings.sound === true")
    bob.screenshot(path=str(shots / "settings-1280.png"))
    assert not errors, errors
    ann_ctx.close()
    bob_ctx.close()


def test_leaving_a_running_game_asks_first(hall: Hall, browser: Any, shots: Path) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    sign_up(page, hall.url, "Cid")
    page.select_option("#new-game", "toy")
    page.select_option("#new-seats", "2")
    page.select_option("#new-time", "relaxed")
    page.check("#new-private")
    page.click("#create-table")
    page.wait_for_selector("#invite-link")
    page.wait_for_selector("#cmd-leave")  # the creator sits at once
    page.select_option("#bot-level", "beginner")
    page.click("#cmd-bot")
    page.wait_for_selector("#cmd-start:enabled")
    page.click("#cmd-start")
    page.wait_for_selector(".generic")
    page.screenshot(path=str(shots / "private-running-390.png"))
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", answer)
    page.click("#cmd-leave")
    page.wait_for_function("() => true")
    assert asked and "bot will play it" in asked[0]
    assert page.locator(".seat-list li.mine").count() == 1  # dismissed: still seated
    page.once("dialog", lambda d: d.accept())
    page.click("#cmd-leave")
    page.wait_for_selector(".chat-lines >> text=a bot plays it from now on", state="attached")
    assert "Bot Red" in page.locator(".seat-list li").first.inner_text()  # (the bots then finish at once)
    page.screenshot(path=str(shots / "left-390.png"))
    ctx.close()


@pytest.mark.parametrize("game", ["manitou", "manitoba", "five_tribes"])
def test_every_board_names_the_bot_that_took_a_seat_over(hall: Hall, browser: Any, shots: Path, game: str) -> None:
    """Each game's own board takes its seat names from where the seat list does: whoever holds the seat now."""
    bob = Client(hall, "Bob")
    lobby = bob.lobby()
    table_id = create_table(lobby, game, 2)
    ws = bob.table(table_id)
    command(ws, "/join")
    ctx, page, errors = new_page(browser, {"width": 1280, "height": 800})
    sign_up(page, hall.url, "Ann")
    page.goto(f"{hall.url}/table/{table_id}")
    page.click("#cmd-join")
    page.wait_for_selector(".seat-list li.mine")
    command(ws, "/start")
    page.wait_for_function("() => document.querySelector('.board-wrap [data-version]')")
    page.wait_for_function("() => [...document.querySelectorAll('.board-wrap .seat-tag')]"
                           ".some((t) => t.textContent.endsWith('Bob'))")
    assert {"Bob", "Ann"} <= set(board_names(page)), board_names(page)
    command(ws, "/leave")  # Bob gives up his seat: a bot plays it on
    page.wait_for_selector(".seat-list li:first-child:has-text('Bot Red')")
    page.wait_for_function("() => [...document.querySelectorAll('.board-wrap .seat-tag')]"
                           ".some((t) => t.textContent.endsWith('Bot Red'))")
    names = board_names(page)
    assert "Bob" not in names and {"Bot Red", "Ann"} <= set(names), names
    page.screenshot(path=str(shots / f"{game}-bot-red-1280.png"))
    assert not errors, errors
    ws.close()
    lobby.close()
    ctx.close()
