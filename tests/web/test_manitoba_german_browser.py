"""Manitoba in German in real Chromium (a browser that asks for German): a whole game against a bot, played on
the board's objects (``mb_play.decide``), its first screens of each kind looked at on 1280×800 and 390×844 —
screenshots, axe clean, nothing sideways, no text cut off, no English word left on the board.

Screenshots are saved under ``test-output/<test name>/`` at the repository root."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from harness import Hall
from mb_play import BOARD, decide, my_move, over, phase
from pages import DESKTOP, PHONE, look, new_page

pytestmark = pytest.mark.browser

#: English words of Manitoba's board: none may be left on it in German (its texts, tooltips and aria names).
ENGLISH = re.compile(r"\b(the|your|points?|round|storage|village|berry|berries|horses?|canoes?|feathers?|bison|"
                     r"spring|summer|autumn|Hills|Prairie|Forest|Lake|Mountain|Scoring|Supply|Pass|Waiting|"
                     r"choose|click|Take|takes|places|wakes?)\b")

_BOARD_WORDS = """() => { const b = document.querySelector('.manitoba'); const out = [b.innerText];
  for (const e of b.querySelectorAll('[title], [aria-label]')) {
    out.push(e.title || '', e.getAttribute('aria-label') || ''); }
  for (const e of b.querySelectorAll('title')) out.push(e.textContent || '');
  return out.join('\\n'); }"""

# Texts cut off on the board: a box that hides what does not fit and holds more than it shows.
_CUT = """() => [...document.querySelectorAll('.manitoba *')].filter((e) => {
  const s = getComputedStyle(e); const r = e.getBoundingClientRect();
  if (!r.width || s.display === 'none' || s.visibility === 'hidden') return false;
  // an opponent's last move is one line with an ellipsis by design (in English too): its title holds it all
  if (e.matches('.opp-last') && e.title === e.textContent) return false;
  const hides = (x) => x !== 'visible' && x !== 'auto' && x !== 'scroll';
  return (hides(s.overflowX) && e.scrollWidth > e.clientWidth + 1)
    || (hides(s.overflowY) && e.scrollHeight > e.clientHeight + 1);
}).slice(0, 8).map((e) => e.className + ': ' + e.textContent.slice(0, 60))"""


def german_board(page: Any, folder: Path, label: str, size_after: dict[str, int]) -> None:
    """The board at 1280×800 and 390×844: screenshots, nothing sideways, axe clean (``look``), no text cut,
    no English word (``ENGLISH``); then back to ``size_after``."""
    for size in (DESKTOP, PHONE):
        look(page, folder, label, size)
        assert page.evaluate(_CUT) == [], (label, size, page.evaluate(_CUT))
        words = page.evaluate(_BOARD_WORDS)
        assert not ENGLISH.search(words), (label, size, ENGLISH.findall(words)[:10])
    page.set_viewport_size(size_after)


def test_a_whole_game_of_manitoba_in_german_on_a_desktop_and_a_phone(hall: Hall, browser: Any, shots: Path) -> None:
    ctx, page, errors = new_page(browser, DESKTOP, locale="de-DE", extra_http_headers={"Accept-Language": "de-DE,de"})
    page.goto(hall.url + "/")
    page.fill("input[name=name]", "Anna")
    page.fill("input[name=password]", "ein gutes Passwort")
    page.click("#signup")
    page.wait_for_selector("#bot-level option", state="attached")
    page.select_option("#new-game", "manitoba")
    page.select_option("#new-seats", "2")
    page.select_option("#bot-level", "beginner")
    page.click("#play-bots")
    page.wait_for_selector(f"{BOARD}[data-phase]")
    page.wait_for_function("() => /Wintersonnenwende|Runde \\d+ von 16/.test(document.body.innerText)")
    names = page.eval_on_selector_all(".territory-map .area", "els => els.map((e) => e.dataset.name)")
    assert names and all(re.fullmatch(r"(Prärie|Wald|Hügel|See|Berg) \d", x) for x in names), names
    looked: set[str] = set()
    n = 0
    deadline = time.time() + 600  # generous: several test runs share the machine
    while not over(page):
        assert not errors, errors
        assert time.time() < deadline, f"the game did not end; the board shows {phase(page)!r}"
        # the first half of the game on the desktop, the second on the phone
        size = PHONE if page.get_attribute(BOARD, "data-phase") and n >= 60 else DESKTOP
        page.set_viewport_size(size)
        if page.locator("#tally-ok").count():
            if page.locator(".tally.final").count():
                break
            if "tally" not in looked:
                german_board(page, shots, "de-manitoba-tally", size)
                looked.add("tally")
            decide(page, n)
            continue
        if not my_move(page):
            time.sleep(0.02)
            continue
        kind = phase(page)
        label = {"totem": "totem", "good": "storage", "passive": "passive", "active": "active"}.get(kind)
        if label and label not in looked:
            german_board(page, shots, f"de-manitoba-{label}", size)
            looked.add(label)
        decide(page, n, end_early=n == 3)
        n += 1
    page.wait_for_selector("text=Endergebnis")
    german_board(page, shots, "de-manitoba-final", DESKTOP)
    assert {"totem", "storage", "tally"} <= looked, looked
    assert "Gesamt" in page.inner_text(".tally") and "Schlusswertung" in page.inner_text(".tally")
    log = page.inner_text(".log-lines")
    assert "setzt einen Cree auf" in log and "places a Cree" not in log
    ctx.close()
    assert not errors, errors
