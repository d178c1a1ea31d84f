"""Manitoba in German in real Chromium (a browser that asks for German): a whole game against a bot, played on
the board's objects (``mb_play.decide``), from the winter solstice to the final scoring. The first screen of
each kind — the solstice, the totem, an active and a passive action, a vision path, placing a good, wampum, a
scoring and the end of a season, the final scoring and the board after it — is looked at on 1280×800 and
390×844: a screenshot, axe clean, nothing sideways (no box and no text past the screen's edge), no text cut
by its box or broken inside a word, no English word left on the board (its texts, tooltips and aria names).

And three of the board's rough edges (issue 28), in German, where the words are longer: the game begins
without a "round 0"; the vision board's last row (the Shaman's path) ends above my village on a desktop,
whole, not under it or scrolled out of its frame; no "active player" badge is left once the game is over.

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
ENGLISH = re.compile(r"\b(the|your|points?|round|Round|storage|village|berry|berries|horses?|canoes?|feathers?|"
                     r"bison|spring|summer|autumn|Hills|Prairie|Forest|Lake|Mountain|Scoring|scoring|optional|"
                     r"Supply|Pass|Waiting|choose|click|Take|takes|places|wakes?|advance|repeat|enter|active|"
                     r"player|Total|Final|results|Score)\b")

_BOARD_WORDS = """() => { const b = document.querySelector('.manitoba'); const out = [b.innerText];
  for (const e of b.querySelectorAll('[title], [aria-label], [data-note]')) {
    out.push(e.title || '', e.getAttribute('aria-label') || '', e.dataset.note || ''); }
  for (const e of b.querySelectorAll('title')) out.push(e.textContent || '');
  return out.join('\\n'); }"""

# Texts cut off on the board: a box that hides what does not fit and holds more than it shows (a word wider
# than its season card, say).
_CUT = """() => [...document.querySelectorAll('.manitoba *')].filter((e) => {
  const s = getComputedStyle(e); const r = e.getBoundingClientRect();
  if (!r.width || s.display === 'none' || s.visibility === 'hidden') return false;
  // an opponent's last move is one line with an ellipsis by design (in English too): its title holds it all
  if (e.matches('.opp-last') && e.title === e.textContent) return false;
  const hides = (x) => x !== 'visible' && x !== 'auto' && x !== 'scroll';
  return (hides(s.overflowX) && e.scrollWidth > e.clientWidth + 1)
    || (hides(s.overflowY) && e.scrollHeight > e.clientHeight + 1);
}).slice(0, 8).map((e) => e.className + ': ' + e.textContent.slice(0, 60))"""

# Words past the screen's right edge: a text that runs out of its (narrower) box is not in the box's own
# size, so the page check of ``pages.sideways`` sees the page grow (398 px on a 390 px phone) without an
# element to blame. Each text node's own extent, unless a box around it clips it (or it is for screen
# readers only).
_TEXT_PAST_EDGE = """() => {
  const w = document.documentElement.clientWidth;
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim()) continue;
    let clipped = false;
    for (let p = n.parentElement; p && !clipped; p = p.parentElement) {
      clipped = getComputedStyle(p).overflowX !== 'visible' || p.classList.contains('sr-only');
    }
    if (clipped) continue;
    const range = document.createRange(); range.selectNodeContents(n);
    const box = range.getBoundingClientRect();
    if (box.width && (box.right > w + 1 || box.left < -1))
      out.push(n.parentElement.className + ': "' + n.textContent.trim().slice(0, 40) + '" to ' + Math.round(box.right));
  }
  return out.slice(0, 8);
}"""

# Words broken inside themselves: a word of the board's texts (between spaces, slashes, hyphens and the soft
# hyphens a translation puts where a word may break) whose letters lie on more than one line ("Beer|en",
# "A|n|n|a"). Fitting text that wraps between its words is fine.
_BROKEN_WORDS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.querySelector('.manitoba'), NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent;
    for (const m of text.matchAll(/[^\\s\u200b\u00ad\\/-]+/g)) {
      if (m[0].length < 2) continue;
      const top = (at) => { const r = document.createRange(); r.setStart(n, at); r.setEnd(n, at + 1);
        const boxes = r.getClientRects(); return boxes.length ? boxes[boxes.length - 1].top : null; };  // a
        // letter's line (its last box: after a soft hyphen the box of the line's hyphen comes first)
      const first = top(m.index); const last = top(m.index + m[0].length - 1);
      if (first !== null && last !== null && Math.abs(first - last) > 2)
        out.push(n.parentElement.className + ': "' + m[0] + '" on two lines');
    }
  }
  return out.slice(0, 8);
}"""

# How far the vision board's rows reach below their frame's end and my village's top (on a desktop the
# frame scrolls when a screen is short: a row scrolled out of it is as hidden as one under the village).
_PATHS_END = """() => { const rows = [...document.querySelectorAll('.mb-paths .path')];
  const bottom = Math.max(...rows.map((p) => p.getBoundingClientRect().bottom));
  const frame = document.querySelector('.mb-paths-wrap').getBoundingClientRect().bottom;
  const mine = document.querySelector('.mb-mine').getBoundingClientRect().top;
  return [rows.length, bottom, frame, mine]; }"""


def german_board(page: Any, folder: Path, label: str, size_after: dict[str, int]) -> None:
    """The board at 1280×800 and 390×844: screenshots (the phone's of the whole page too), nothing sideways,
    axe clean (``look``), no text past the edge, no text cut, no word broken inside itself, no English word
    (``ENGLISH``); then back to ``size_after``."""
    for size in (DESKTOP, PHONE):
        look(page, folder, label, size)
        assert page.evaluate(_TEXT_PAST_EDGE) == [], (label, size, page.evaluate(_TEXT_PAST_EDGE))
        assert page.evaluate(_CUT) == [], (label, size, page.evaluate(_CUT))
        assert page.evaluate(_BROKEN_WORDS) == [], (label, size, page.evaluate(_BROKEN_WORDS))
        words = page.evaluate(_BOARD_WORDS)
        assert not ENGLISH.search(words), (label, size, ENGLISH.findall(words)[:10])
    page.screenshot(path=str(folder / f"{label}-{PHONE['width']}x{PHONE['height']}-whole.png"), full_page=True)
    page.set_viewport_size(size_after)


def paths_whole_above_my_village(page: Any) -> None:
    """At 1280×800 the four vision paths are whole in view: none under my village or out of its frame."""
    page.set_viewport_size(DESKTOP)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    rows, bottom, frame, mine = page.evaluate(_PATHS_END)
    assert rows == 4 and bottom <= frame + 1 and bottom <= mine + 1, (rows, bottom, frame, mine)


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
    # the solstice: before round 1, not "round 0"
    assert "Runde 0" not in page.inner_text(".mb-season h3") and "Runde 0" not in page.inner_text(".mb-status")
    assert "Runde 0" not in page.inner_text(".log-lines")
    names = page.eval_on_selector_all(".territory-map .area", "els => els.map((e) => e.dataset.name)")
    assert names and all(re.fullmatch(r"(Prärie|Wald|Hügel|See|Berg) \d", x) for x in names), names
    looked: set[str] = set()
    n = 0
    deadline = time.time() + 600  # generous: several test runs share the machine
    while not over(page):
        assert not errors, errors
        assert time.time() < deadline, f"the game did not end; the board shows {phase(page)!r} after {n} moves"
        # the first half of the game on the desktop, the second on the phone
        size = PHONE if n >= 60 else DESKTOP
        page.set_viewport_size(size)
        if page.locator("#tally-ok").count():
            if page.locator(".tally.final").count():
                break
            label = "season-end" if page.locator(".tally .season-end").count() else "tally"
            if label not in looked:
                german_board(page, shots, f"de-manitoba-{label}", size)
                looked.add(label)
            decide(page, n)
            continue
        if not my_move(page):
            time.sleep(0.02)
            continue
        kind = phase(page)
        label = {"totem": "totem", "good": "storage", "passive": "passive", "active": "active",
                 "solstice_area": "solstice", "solstice_path": "solstice"}.get(kind, "")
        if kind in ("active", "passive") and page.locator(".path.can").count() and "vision" not in looked:
            label = "vision"
        if page.locator("#wampum-wake, #wampum-trade").count():
            label = "wampum"
        if label and label not in looked:
            german_board(page, shots, f"de-manitoba-{label}", size)
            looked.add(label)
        if "paths" not in looked:  # once the opponents' panel has its last-move line and the prompt its words
            paths_whole_above_my_village(page)
            page.set_viewport_size(size)
            looked.add("paths")
        decide(page, n, end_early=n == 3)
        n += 1
    page.wait_for_selector("text=Endergebnis")
    german_board(page, shots, "de-manitoba-final", DESKTOP)
    assert {"totem", "storage", "passive", "active", "vision", "tally", "season-end"} <= looked, looked
    tally = page.inner_text(".tally")
    assert "Summe" in tally and "Schlusswertung" in tally, tally
    # the game is over: nobody is the active player any more, on my village or the other's panel
    page.click("#tally-ok")
    page.wait_for_selector(".tally", state="detached")
    assert page.locator(f"{BOARD} .active-badge").count() == 0
    status = page.inner_text(".mb-status")
    assert re.fullmatch(r"Spielende — .+ gewinn(t|en) mit \d+ Punkten", status.strip()), status
    german_board(page, shots, "de-manitoba-over", DESKTOP)
    log = page.inner_text(".log-lines")
    assert "setzt einen Cree auf" in log and "places a Cree" not in log
    ctx.close()
    assert not errors, errors
