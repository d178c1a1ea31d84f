"""One person in real Chromium plays Five Tribes against bots on the generic board, by clicking
its buttons (the legal actions in words), using the filter box and Undo on the way, to the end of the game.
Every game has its own board now; the generic one is what a game without a board gets, so the test hides
the games' own boards from the hall.

Screenshots (mid-game and the final results) are saved under ``test-output/<test name>/``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import Hall
from pages import (
    DESKTOP,
    PHONE,
    add_bot,
    board_version,
    chat,
    create_table,
    look,
    new_page,
    sign_up,
    sit_down,
    wait_board_moved,
    wait_turn,
)

pytestmark = pytest.mark.browser


def version(page: Any) -> int:
    return board_version(page, ".generic")


def wait_moved(page: Any, before: int) -> None:
    wait_board_moved(page, ".generic", before)


@pytest.fixture
def no_own_boards(tmp_path: Path) -> Iterator[None]:
    """The hall finds no game's own board module: every game is drawn by the generic board."""
    from longhouse.server import boards

    saved = boards.GAMES_DIR
    boards.GAMES_DIR = tmp_path
    boards.board_for.cache_clear()
    boards._description.cache_clear()
    yield
    boards.GAMES_DIR = saved
    boards.board_for.cache_clear()
    boards._description.cache_clear()


@pytest.mark.parametrize("game", ["five_tribes"])
def test_a_person_plays_against_bots_on_the_generic_board(no_own_boards: None, hall: Hall, browser: Any, shots: Path,
                                                          game: str) -> None:
    ctx, page, errors = new_page(browser, {"width": 1366, "height": 768})
    sign_up(page, hall.url, "Ann")
    watcher_ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    sign_up(watcher_ctx.new_page(), hall.url, "Bob")
    table_id = create_table(page, game, 3)
    sit_down(page)
    add_bot(page, "beginner", 1)
    add_bot(page, "beginner", 2)
    chat(page, "/start")
    page.wait_for_selector(".generic")
    assert page.locator(".g-seat").count() == 3
    assert page.locator(".g-seat.mine").count() == 1

    moves = undone = filtered = 0
    mid_shot = False
    deadline = time.time() + 420  # generous: the machine may be shared by several test runs
    while page.get_attribute(".generic", "data-over") != "yes":
        assert not errors, errors
        if time.time() > deadline:
            table = hall.hall.tables[table_id]
            raise AssertionError(f"{game} did not finish in time: {moves} moves by the person, server version "
                                 f"{table.version}, acting {table.state.acting()}; "
                                 f"page says {page.inner_text('.status-line')!r}")
        if page.get_attribute(".generic", "data-mine") != "yes" or page.locator(".legal-action:enabled").count() == 0:
            wait_turn(page, timeout=deadline - time.time())
            continue
        buttons = page.locator(".legal-action:enabled")
        count = buttons.count()
        v = version(page)
        if not undone and moves >= 3 and page.locator("#undo-button:enabled").count():
            page.click("#undo-button")
            wait_moved(page, v)
            undone += 1
            continue
        if count > 12 and page.locator("#action-filter").count() and not filtered:
            # type a word of one button's label into the filter: fewer buttons, that one among them
            page.screenshot(path=str(shots / f"{game}-many-actions.png"))
            label = buttons.nth(count - 1).inner_text()
            word = max(label.split(), key=len)
            page.fill("#action-filter", word)
            narrowed = page.locator(".legal-action:enabled")
            assert 0 < narrowed.count() <= count
            assert all(word.lower() in t.lower() for t in narrowed.all_inner_texts())
            narrowed.first.click()
            filtered += 1
        else:
            buttons.nth((moves * 7) % count).click()
        wait_moved(page, v)
        moves += 1
        if moves == 12 and not mid_shot:
            page.screenshot(path=str(shots / f"{game}-mid.png"))
            mid_shot = True
            # a watcher sees the same board without buttons and with no part marked as theirs
            watcher = watcher_ctx.new_page()
            watcher.on("pageerror", lambda e: errors.append(str(e)))
            watcher.goto(f"{hall.url}/table/{table_id}")
            watcher.wait_for_selector(".generic .g-seat")
            watcher.wait_for_selector("text=You are watching this table.")
            assert watcher.locator(".legal-action").count() == 0
            assert watcher.locator(".g-seat.mine, .g-branch.mine, .g-table tr.mine").count() == 0
            watcher.screenshot(path=str(shots / f"{game}-watcher.png"))
            watcher.close()
    page.wait_for_selector("text=Final results")
    page.screenshot(path=str(shots / f"{game}-final.png"))
    assert moves >= 12 and mid_shot
    assert filtered == 1  # both games offer more than a dozen actions at some point (placements, moves)
    if game == "five_tribes":
        assert undone == 1  # a step of the turn was taken back through the Undo button
    row = hall.store.table(table_id)
    assert row is not None and row.status == "over"
    # the results can be put aside to look at the board, and brought back
    page.click("#see-board")
    page.wait_for_selector("#show-results")
    page.screenshot(path=str(shots / f"{game}-over-board.png"))
    page.click("#show-results")
    page.wait_for_selector("text=Final results")
    # the replay shows it too, whatever board the game has: the move log beside it, jumps to the next turn
    # and round, and a step of the log opens that step
    page.goto(f"{hall.url}/replay/{table_id}")
    page.wait_for_selector("#replay-step")
    page.click("#replay-next-turn")
    step = int(page.input_value("#replay-step"))
    assert step > 0 and page.get_attribute(".replay-log li.current", "data-step") == str(step)
    page.click("#replay-next-part")
    assert int(page.input_value("#replay-step")) > step and "Round" in page.inner_text(".step-label")
    page.locator(".replay-log .step-link").nth(5).click()
    assert page.input_value("#replay-step") == "5"
    page.screenshot(path=str(shots / f"{game}-replay.png"))
    assert not errors, errors
    ctx.close()
    watcher_ctx.close()


#: The generic board's own English words: none may be left on it in German (the view's keys are the game's data).
ENGLISH = re.compile(r"\b(Your move|Not your move|The table|expand all|collapse all|Watching|Waiting|choices?|"
                     r"items?|Undo|Filter actions|pts|yours|to act|you)\b")


def test_the_generic_board_in_german_on_a_desktop_and_a_phone(no_own_boards: None, hall: Hall, browser: Any,
                                                              shots: Path) -> None:
    """Manitou on the generic board in German (``Accept-Language: de``), a few moves in, at 1280×800 and
    390×844: screenshots, nothing sideways, axe clean, the board's own texts German."""
    ctx, page, errors = new_page(browser, DESKTOP, locale="de-DE", extra_http_headers={"Accept-Language": "de"})
    sign_up(page, hall.url, "Anna")
    page.select_option("#new-game", "manitou")
    page.select_option("#new-seats", "3")
    page.select_option("#bot-level", "beginner")
    page.click("#play-bots")
    page.wait_for_selector(".generic[data-mine=yes] .legal-action:enabled")
    for _ in range(3):  # three picks of the hunting party
        v = version(page)
        page.locator(".legal-action:enabled").first.click()
        wait_moved(page, v)
        page.wait_for_selector(".generic[data-mine=yes] .legal-action:enabled")
    own = "() => [...document.querySelectorAll('.g-seats, .status-line, .g-panel-head, .g-actions-head')]" \
          ".map((e) => e.innerText + ' ' + [...e.querySelectorAll('[title], [aria-label], [placeholder]')]" \
          ".map((x) => (x.title || '') + ' ' + (x.getAttribute('aria-label') || '') + ' '" \
          " + (x.getAttribute('placeholder') || '')).join(' ')).join('\\n')"
    for size in (DESKTOP, PHONE):
        look(page, shots, "de-generic", size)
        words = page.evaluate(own)
        assert "Du bist dran" in words and "Der Tisch" in words and "alles aufklappen" in words, words
        assert not ENGLISH.search(words), (size, ENGLISH.findall(words), words)
    assert not errors, errors
    ctx.close()
