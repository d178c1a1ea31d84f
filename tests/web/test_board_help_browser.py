"""The dedicated boards help a player in real Chromium: every kind of piece names itself (title or SVG title,
from the game's description; a long press shows the name on a touch screen), and at a table that allows hints
the Hint button marks the bot's preferred move on the board itself — the element the move uses, the next step
first, with its win chance — until the state moves on. Each hinted move is then played by clicking only the
marked elements, and the server must receive exactly the hinted action: the mark is on the right element.

Screenshots under ``test-output/<test name>/`` (1280×800 and 390×844).
"""

from __future__ import annotations

import json
import time
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import pytest
from harness import Hall
from mb_play import decide
from pages import DESKTOP, PHONE, axe_check, board_version, sideways, sign_up, small_targets, wait_turn
from playwright.sync_api import Error as PlaywrightError

from longhouse import games
from longhouse.engine.text import plain
from longhouse.games.manitoba.data import SCORE_TILES
from longhouse.games.manitoba.texts import tile_text

pytestmark = pytest.mark.browser

# The tooltip text of each element matching a selector: its title, else its SVG <title> child.
TIPS = """(sels) => Object.fromEntries(Object.entries(sels).map(([k, sel]) => [k,
  [...document.querySelectorAll(sel)].map((e) => e.getAttribute('title')
    || ([...e.children].find((c) => c.tagName.toLowerCase() === 'title') || {}).textContent || '')]))"""

# Resolves once the page has painted what it shows now (a screenshot right after a scroll may catch it half-painted).
PAINTED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


class Hints:
    """The hint messages the page receives (the preferred move's action is not written on the page), and
    how many actions it has sent."""

    def __init__(self, page: Any) -> None:
        self.got: list[dict[str, Any]] = []
        self.sent = 0
        self.errors: list[str] = []
        page.on("websocket", self.watch)
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def watch(self, ws: Any) -> None:
        ws.on("framereceived", self.frame)
        ws.on("framesent", self.out)

    def out(self, payload: Any) -> None:
        if isinstance(payload, str) and '"type": "action"' in payload.replace('":"', '": "'):
            self.sent += 1

    def frame(self, payload: Any) -> None:
        try:
            msg = json.loads(payload)
        except (TypeError, ValueError):
            return
        if isinstance(msg, dict) and msg.get("type") == "hint":
            self.got.append(msg)


def pieces(text: str) -> dict[str, str]:
    """``kind: selector`` lines as a dict."""
    return dict(line.strip().split(": ", 1) for line in text.strip().splitlines())


#: Every kind of piece a player sees on each board, by the selector that finds it.
MANITOBA_PIECES = pieces("""
    area: .territory-map .area
    good: .territory-map .area .good
    cree: .territory-map .cree
    disk: .mb-totem .disk
    path: .path-name
    space: .path .space
    marker: .path .marker
    card: .season-card
    sector: .mb-village .sector
    place: .mb-village .ceremonial
    village cree: .mb-village .cree-row
    supply: .mb-supply .supply-good
    opponent: .mb-opp .opp-sector
    eagle: .season-card .eagle
""")
FIVE_TRIBES_PIECES = pieces("""
    tile: .ft-tile
    meeple: .ft-piece
    camel: .ft-camel
    palm or palace: .ft-palm, .ft-palace
    djinn: .ft-djinn
    market card: .ft-market .ft-card
    spot: .ft-spot
    marker: .ft-marker
    stat: .ft-stat
""")


def open_table(browser: Any, hall: Hall, game: str) -> tuple[Any, Hints, int]:
    """Ann at a new table of ``game`` against a beginner bot, hints allowed: her page, what it receives, the
    table's number."""
    page = browser.new_context(viewport=DESKTOP).new_page()
    hints = Hints(page)
    sign_up(page, hall.url, "Ann")
    page.select_option("#new-game", game)
    page.select_option("#new-seats", "2")
    page.check("#new-hints")
    page.select_option("#bot-level", "beginner")
    page.click("#play-bots")
    page.wait_for_selector("#hint-button", state="attached")
    return page, hints, int(page.url.rstrip("/").split("/")[-1])


def tips(page: Any, selectors: dict[str, str]) -> dict[str, list[str]]:
    return dict(page.evaluate(TIPS, selectors))


def long_press_names(page: Any, hints: Hints, selector: str) -> None:
    """A finger resting on the element shows its name in a bubble; the press plays nothing. (Tried again
    when a bot's move redraws the board under the finger.)"""
    for attempt in range(5):
        try:
            _long_press(page, hints, selector)
            return
        except Exception:
            if attempt == 4:
                raise
            page.wait_for_selector(selector)  # the board drawn again


def _long_press(page: Any, hints: Hints, selector: str) -> None:
    el = page.locator(selector).first.element_handle()
    el.scroll_into_view_if_needed()
    want = el.evaluate(
        "(e) => e.getAttribute('title')"
        " || ([...e.children].find((c) => c.tagName.toLowerCase() === 'title') || {}).textContent"
    )
    sent = hints.sent
    press = """(e, kind) => { const r = e.getBoundingClientRect();
      e.dispatchEvent(new PointerEvent(kind, { bubbles: true, pointerType: 'touch', isPrimary: true,
        clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 })); }"""
    el.evaluate(press, "pointerdown")
    page.wait_for_selector(".tip-bubble", timeout=3000)
    assert page.inner_text(".tip-bubble") == want
    el.evaluate(press, "pointerup")
    el.evaluate("(e) => e.dispatchEvent(new MouseEvent('click', { bubbles: true }))")  # the tap's click is swallowed
    # two frames later: an action the click made would have been sent, and its frame reported by now
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    assert hints.sent == sent


def percent(x: float) -> str:
    """As the page's ``Intl.NumberFormat`` writes it: the number's shortest decimal form, half away from
    zero (0.575 is 58 %, though 100 * 0.575 is 57.49999… in binary)."""
    whole = (Decimal(repr(x)) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    return f"{whole}%"


def badge(page: Any, board: str) -> str:
    """The win chance written on the board's marked element."""
    return str(
        page.evaluate(f"""() => {{ const e = document.querySelector('{board} [data-hinted=next]');
      return e ? e.dataset.hintWin || e.textContent : ''; }}""")
    )


def hinted_move(
    page: Any, hall: Hall, table_id: int, hints: Hints, board: str, shots: Path | None = None, check: Any = None
) -> dict[str, Any]:
    """Press Hint, see the preferred move marked on the board, play it by clicking the marked elements only
    (the next step each time), and check the server received exactly that action. Returns the hint."""
    page.wait_for_selector("#hint-button:enabled", timeout=60000)
    asked = len(hints.got)
    page.click("#hint-button")
    page.wait_for_selector(f"{board} [data-hinted=next]", timeout=120000)
    deadline = time.time() + 10
    while len(hints.got) == asked:
        assert time.time() < deadline, "the page marked a hint it did not receive"
        # Playwright reports the page's socket frames only while it is called (a time.sleep never lets
        # them in): its own wait does
        page.wait_for_timeout(50)
    hint = hints.got[-1]
    best = hint["moves"][hint["best"]]
    assert page.locator(f"{board} [data-hinted=next]").count() == 1
    assert f"★ {percent(best['win'])}" in badge(page, board)
    # every legal move with its win chance, in words, beside the board
    assert page.locator(".hint-row").count() == len(hint["moves"])
    if check is not None:
        check(page, best["action"])
    others = page.locator(".hint-row:not(.best)")
    if others.count():
        # a move of the list shows on the board under the pointer, with its own chance; the preferred one after
        other = hint["moves"][int(others.first.get_attribute("data-move") or 0)]
        others.first.hover()
        assert percent(other["win"]) in badge(page, board) and "★" not in badge(page, board)
        page.mouse.move(0, 0)
        assert f"★ {percent(best['win'])}" in badge(page, board)
    if shots is not None:
        page.screenshot(path=str(shots / "hint-1280x800.png"))
        assert axe_check(page, f"{board} with a hint", shots / "axe.txt") == []
        page.set_viewport_size(PHONE)
        page.locator(f"{board} [data-hinted=next]").scroll_into_view_if_needed()
        page.evaluate(PAINTED)
        page.screenshot(path=str(shots / "hint-390x844.png"))
        assert sideways(page) == [], sideways(page)
        page.locator(".hints").scroll_into_view_if_needed()
        page.evaluate(PAINTED)
        page.screenshot(path=str(shots / "hint-list-390x844.png"))
        assert small_targets(page, ".hints button") == []
        page.set_viewport_size(DESKTOP)
        page.mouse.move(0, 0)  # off the hint list (a row under the pointer shows its own move)
    before = board_version(page, board)
    moved = f"Number(document.querySelector('{board}').dataset.version) > {before}"
    for _ in range(6):
        # a click that plays redraws the board once (the move is on its way) before the new state comes
        page.wait_for_function(f"() => {moved} || !!document.querySelector('{board} [data-hinted=next]')")
        if board_version(page, board) > before:
            break
        try:
            target = page.locator(f"{board} [data-hinted=next]").element_handle(timeout=2000)
            if target.evaluate("(e) => !!e.closest('details:not([open])')"):
                page.click(f"{board} details summary")
                continue
            target.click(timeout=5000)
        except PlaywrightError:
            continue  # redrawn under the pointer (a bot's move, a clock): look again
        page.wait_for_function(f"(e) => !e.isConnected || {moved}", arg=target, timeout=15000)
    else:
        raise AssertionError(f"clicking the marked elements did not play {best['text']!r} {hints.errors}")
    record = hall.hall.tables[table_id].record
    mine = [e for e in record.actions if e.get("seat") == hint["seat"] and "action" in e]
    assert mine[-1]["action"] == best["action"], (mine[-1], best)
    # the mark goes with the state it was for
    assert page.locator(f"{board} [data-hinted]").count() == 0
    return hint


def test_manitou_hint_marks_the_card_and_its_ground(hall: Hall, browser: Any, shots: Path) -> None:
    page, hints, table_id = open_table(browser, hall, "manitou")
    page.wait_for_selector(".manitou .reserve .card.pickable")
    long_press_names(page, hints, ".manitou .reserve .card")

    def on_reserve(page: Any, action: dict[str, Any]) -> None:
        assert action["type"] == "pick"
        assert page.get_attribute(".manitou [data-hinted=next]", "data-reserve-card") == action["card"]

    hinted_move(page, hall, table_id, hints, ".manitou", check=on_reserve)
    while page.locator("#ok-button:enabled").count() == 0:  # the rest of the party by hand
        before = board_version(page, ".manitou")
        page.click(".manitou .reserve .card.pickable >> nth=0")
        page.wait_for_function(f"() => Number(document.querySelector('.manitou').dataset.version) > {before}")
    page.click("#ok-button")
    page.wait_for_selector(".manitou.phase-hunt", timeout=60000)

    def on_hand(page: Any, action: dict[str, Any]) -> None:
        # a play is two steps: the card in hand first, then its ground
        assert action["type"] == "play"
        assert page.get_attribute(".manitou [data-hinted=next]", "data-hand-card") == action["card"]
        assert page.get_attribute(".manitou [data-hinted=then]", "data-ground") == str(action["ground"])

    hinted_move(page, hall, table_id, hints, ".manitou", shots, check=on_hand)
    assert not hints.errors, hints.errors


def test_manitoba_names_every_piece_and_marks_the_hint(hall: Hall, browser: Any, shots: Path) -> None:
    page, hints, table_id = open_table(browser, hall, "manitoba")
    desc = plain(games.get("manitoba").describe())  # its texts in English, as the page shows them
    page.wait_for_selector(".manitoba .territory-map .area")
    hinted_move(page, hall, table_id, hints, ".manitoba", shots)
    # play on (the bot's preferred moves, then plain clicks) until Cree stand on the map and a path has a marker
    n = 0
    deadline = time.time() + 240
    while not (page.locator(".territory-map .cree").count() and page.locator(".path .marker").count()):
        assert time.time() < deadline, "no Cree on the map or marker on a path in time"
        assert not hints.errors, hints.errors
        if page.locator("#tally-ok").count() or page.get_attribute(".manitoba", "data-mine") == "yes":
            if n < 3 and not page.locator("#tally-ok").count():
                hinted_move(page, hall, table_id, hints, ".manitoba")
            else:
                decide(page, n)
            n += 1
        else:
            wait_turn(page, ".manitoba", ready=None, also="#tally-ok", timeout=deadline - time.time())
    found = tips(page, MANITOBA_PIECES)
    for kind, texts in found.items():
        assert texts and all(texts), (kind, texts)
    names = page.eval_on_selector_all(".territory-map .area", "els => els.map((e) => e.dataset.name)")
    assert [t.split(":")[0] for t in found["area"]] == names
    goods = {g["name"] for g in desc["goods"]} | {g["plural"] for g in desc["goods"]}  # "berries" as a label
    assert {t.split(" (")[0] for t in found["good"]} <= goods
    assert all(any(land in t for land in desc["landscapes"]) for t in found["disk"]), found["disk"]
    spaces = [
        f"{desc['words']['path_places'][p['name']]}, space {sp['space']}: {sp['text']}"
        for p, row in zip(desc["paths"], desc["path_spaces"], strict=True)
        for sp in row
    ]
    assert all(t.startswith(want) for t, want in zip(found["space"], spaces, strict=True))
    # each season card says what it does: an event's text, a score tile's, or the winter cards'
    known = [e["text"] for e in desc["event_texts"].values()] + list(desc["card_texts"].values())
    known += [tile_text(t) for t in range(len(SCORE_TILES))]
    assert all(any(t.startswith(k) for k in known) for t in found["card"]), found["card"]
    assert all("Cree" in t for t in found["cree"] + found["village cree"])
    long_press_names(page, hints, ".manitoba .territory-map .area")
    page.screenshot(path=str(shots / "tooltip-bubble-1280x800.png"))
    assert not hints.errors, hints.errors


def test_five_tribes_names_every_piece_and_marks_the_hint(hall: Hall, browser: Any, shots: Path) -> None:
    page, hints, table_id = open_table(browser, hall, "five_tribes")
    desc = plain(games.get("five_tribes").describe())  # its texts in English, as the page shows them
    page.wait_for_selector(".five-tribes .ft-tile")

    def on_track(page: Any, action: dict[str, Any]) -> None:
        if action["type"] == "bid":
            assert page.get_attribute(".five-tribes [data-hinted=next]", "data-bid") == str(action["spot"])

    hinted_move(page, hall, table_id, hints, ".five-tribes", shots, check=on_track)
    # the bot's preferred moves on (a pick, its drops — a colour chooser's choice marked before its tile —,
    # the tile's action) until a camel and a Palm Tree or Palace stand on the Sultanate
    deadline = time.time() + 300
    while not (page.locator(".ft-camel").count() and page.locator(".ft-palm, .ft-palace").count()):
        assert time.time() < deadline, "no camel and no Palm Tree or Palace in time"
        assert not hints.errors, hints.errors
        if page.get_attribute(".five-tribes", "data-mine") == "yes":
            hinted_move(page, hall, table_id, hints, ".five-tribes")
        else:
            wait_turn(page, ".five-tribes", ready=None, timeout=deadline - time.time())
    found = tips(page, FIVE_TRIBES_PIECES)
    for kind, texts in found.items():
        assert texts and all(texts), (kind, texts)
    actions = [t["action"] for t in desc["tiles"].values()]
    assert all(any(a in t for a in actions) for t in found["tile"]), found["tile"][:3]
    tribes = [t["action"] for t in desc["tribes"]]
    assert all(any(a in t for a in tribes) for t in found["meeple"]), found["meeple"][:3]
    djinns = [d["text"] for d in desc["djinns"]]
    assert all(any(d in t for d in djinns) for t in found["djinn"]), found["djinn"][:3]
    cards = [r["text"] for r in desc["resources"]]
    assert all(any(c in t for c in cards) for t in found["market card"]), found["market card"][:3]
    long_press_names(page, hints, ".five-tribes .ft-djinn")
    page.set_viewport_size(PHONE)
    long_press_names(page, hints, ".five-tribes .ft-tile")
    page.evaluate(PAINTED)
    page.screenshot(path=str(shots / "tooltip-bubble-390x844.png"))
    assert not hints.errors, hints.errors
