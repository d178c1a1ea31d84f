"""A whole game of Five Tribes in German in real Chromium (a browser that asks for German): a person plays it
on the board against two bots, by clicks, from the first bid to the score sheet. At its first turn, at a
chooser, after a Djinn's power and at the end the board is photographed at 1280×800 and at 390×844; German
words are longer, so at each of those nothing may stick out sideways, no text may be cut by its box or run
out of its label, and axe-core finds nothing serious. No English sentence of the board is left on the page.

Screenshots are saved under ``test-output/<test name>/`` at the repository root."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from five_tribes_board import BOARD, my_turn, play_on_board, version
from five_tribes_plan import GOALS, Planner, setup
from harness import Hall
from pages import DESKTOP, PHONE, axe_check, chat, create_table, new_page, sideways, sign_up, sit_down, wait_bots

from longhouse.games.five_tribes import actions as A

pytestmark = pytest.mark.browser

# Text cut by its box (an element with its own words wider than it, its overflow not shown), and the SVG's
# words running out of their place: a tile's kind into its VP coin, a lit tile's label out of its plate.
_CUT = """() => {
  const out = [];
  const name = (e) => e.tagName.toLowerCase() + (typeof e.className === 'string' && e.className
    ? '.' + e.className.trim().split(/ +/).join('.') : '');
  const board = document.querySelector('.five-tribes');
  for (const e of board.querySelectorAll('*')) {
    if (e instanceof SVGElement) continue;
    const s = getComputedStyle(e);
    if (s.display === 'none' || s.visibility === 'hidden' || !e.getClientRects().length) continue;
    const words = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const boxed = s.overflowX !== 'visible' || e.matches('button, .ft-card, .ft-spot');
    if (words && boxed && e.scrollWidth > e.clientWidth + 1)
      out.push('cut: ' + name(e) + ' "' + e.textContent.trim().slice(0, 50) + '"');
  }
  for (const k of board.querySelectorAll('.ft-kind')) {
    if (k.getBBox().width > 67.5) out.push('tile name into its VP coin: ' + k.textContent);
  }
  for (const label of board.querySelectorAll('.ft-lit-label')) {
    const plate = label.previousElementSibling;
    if (plate && label.getBBox().width > plate.getBBox().width + 0.5)
      out.push('label out of its plate: ' + label.textContent);
  }
  return out.slice(0, 10);
}"""

#: English sentences of the board (a sign that a text did not go through the catalog).
_ENGLISH = re.compile(r"\b(Round \d|Your (bid|turn|move|cards)|is (bidding|choosing|moving|using|selling|paying)|"
                      r"Pick up|Drop (a|an) |Djinns on display|in the pile|End turn|Skip the|Turn order|Bid order|"
                      r"camels left|The game is over|Final results|See the board|Gold coins|Vizier majority|"
                      r"Palm Trees|Palaces|Sacred Place|Small Market|Large Market|Village|Oasis)\b")


def _look(page: Any, shots: Path, label: str) -> None:
    """At 1280×800 and 390×844: a screenshot, nothing sideways, no text cut, no English, axe clean."""
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        where = f"{label}-{size['width']}x{size['height']}"
        page.screenshot(path=str(shots / f"{where}.png"), full_page=True)
        assert sideways(page) == [], (where, sideways(page))
        assert page.evaluate(_CUT) == [], (where, page.evaluate(_CUT))
        text = page.inner_text(BOARD)
        assert not _ENGLISH.search(text), (where, _ENGLISH.search(text))
        assert axe_check(page, where, shots / "axe.txt") == [], where
    page.set_viewport_size(DESKTOP)


def test_a_whole_game_of_five_tribes_in_german(hall: Hall, browser: Any, shots: Path) -> None:
    ctx, page, errors = new_page(browser, DESKTOP, locale="de-DE", extra_http_headers={"Accept-Language": "de-DE,de"})
    sign_up(page, hall.url, "Anna")
    assert page.get_attribute("html", "lang") == "de"
    table_id = create_table(page, "five_tribes", 3)
    sit_down(page)
    chat(page, "/bot random")
    wait_bots(page, 1)
    chat(page, "/bot random")
    wait_bots(page, 2)
    table = hall.hall.tables[table_id]
    table.options = setup()  # the fixture Sultanate: a short game with a Djinn, a kill and a purchase to make
    chat(page, "/start")
    page.wait_for_selector(f"{BOARD} .ft-sultanate")
    page.screenshot(path=str(shots / "de-start-1280x800.png"))
    page.wait_for_function("() => /Zugreihenfolge/.test(document.body.innerText)")
    assert "Zugreihenfolge" in page.inner_text(f"{BOARD} .ft-tracks")
    assert page.locator(f"{BOARD} .ft-tile .ft-kind").all_text_contents()[0] in {
        "Dorf", "Heilige Stätte", "Oase", "Kleiner Markt", "Großer Markt"}

    planner = Planner(0)
    looked: set[str] = set()
    actions = 0
    deadline = time.time() + 300
    while page.get_attribute(BOARD, "data-phase") != "over":
        assert not errors, errors
        assert time.time() < deadline, (f"the game did not finish in time: {actions} moves, goals {planner.done}, "
                                        f"page says {page.inner_text('.status-line')!r}")
        if not my_turn(page):
            page.wait_for_function(f"(v) => document.querySelector('{BOARD}').dataset.mine === 'yes'"
                                   f" || document.querySelector('{BOARD}').dataset.phase === 'over'"
                                   " || Number(document.querySelector('" + BOARD + "').dataset.version) > v",
                                   arg=version(page), timeout=20000)
            continue
        state = table.state
        action = planner.choose(state)
        if "bid" not in looked and isinstance(action, A.Bid):
            looked.add("bid")
            _look(page, shots, "de-bid")
        if "turn" not in looked and isinstance(action, A.Pick):
            looked.add("turn")
            assert page.inner_text(".status-line").startswith("Du bist am Zug")
            _look(page, shots, "de-turn")

        def shot(kind: str) -> None:
            if "chooser" not in looked:
                looked.add("chooser")
                page.screenshot(path=str(shots / "de-chooser-1280x800.png"))
                assert page.evaluate(_CUT) == [], page.evaluate(_CUT)
                assert not _ENGLISH.search(page.inner_text(f"{BOARD} .ft-chooser"))

        play_on_board(page, state, action, shot=shot)
        planner.played(action)
        actions += 1
        if "djinn" not in looked and isinstance(action, A.Power):
            looked.add("djinn")
            _look(page, shots, "de-djinn")
        if "drop" not in looked and my_turn(page) and page.get_attribute(BOARD, "data-phase") == "drop":
            looked.add("drop")
            _look(page, shots, "de-drop")
    assert not errors, errors
    assert planner.done == set(GOALS), planner.done
    assert {"bid", "turn", "chooser", "djinn", "drop"} <= looked, looked
    page.wait_for_selector("#score-sheet")
    assert page.inner_text(".score-screen h2") == "Das Spiel ist vorbei"
    rows = page.locator("#score-sheet tbody th").all_inner_texts()
    assert rows[:3] == ["Goldmünzen", "Wesire", "Wesir-Mehrheit"] and rows[-1] == "Summe"
    _look(page, shots, "de-score-sheet")
    page.click("#see-board")
    page.wait_for_selector("#show-results")
    _look(page, shots, "de-final-board")
    # the move log in German
    log = page.inner_text("body")
    assert "Das Spiel ist vorbei:" in log or "bietet für das Feld" in log
    assert not errors, errors
    ctx.close()
