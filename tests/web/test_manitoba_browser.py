"""Manitoba on its own board in real Chromium: a person and two bots play a whole game to the end using only
the board at 1280×800; a phone (390×844) plays a full round by taps without sideways scrolling; two people's
pages never receive the hidden season decks or undrawn score tiles; the archive replays the game on the board.

Screenshots of every phase are saved under ``test-output/<test name>/`` at the repository root.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from harness import Hall
from mb_play import BOARD, decide, my_move, over, phase, version
from pages import (
    add_bot,
    chat,
    create_table,
    new_page,
    sideways,
    sign_up,
    sit_down,
    small_targets,
    wait_moved_from,
    wait_turn,
)

from longhouse.server.state_merge import merge_state

pytestmark = pytest.mark.browser

#: The phases a first-time player meets, each saved once as a screenshot (name -> when to take it).
PHASES = ("totem", "passive", "vision", "storage", "wampum", "season_end", "final")


def start_against_bots(page: Any, seats: int) -> int:
    page.select_option("#new-game", "manitoba")
    page.select_option("#new-seats", str(seats))
    page.select_option("#bot-level", "beginner")  # the fastest level
    page.click("#play-bots")
    page.wait_for_selector(BOARD)
    return int(page.url.rstrip("/").split("/")[-1])


def stuck_report(hall: Hall, table_id: int, page: Any) -> str:
    table = hall.hall.tables[table_id]
    return (f"server version {table.version}, acting {table.state.acting()}; page phase {phase(page)!r}, "
            f"status {page.inner_text('.mb-status')!r}")


def no_sideways_scroll(page: Any) -> None:
    """Neither the page nor any box in it scrolls sideways, and nothing sticks out past the edge."""
    assert sideways(page) == [], sideways(page)


def test_a_person_and_two_bots_play_manitoba_to_the_end_on_the_board(hall: Hall, browser: Any, shots: Path) -> None:
    ctx, page, errors = new_page(browser, {"width": 1280, "height": 800})
    sign_up(page, hall.url, "Ann")
    table_id = start_against_bots(page, 3)
    assert page.locator(".mb-opp").count() == 2 and page.locator(".mb-village").count() == 1
    # the map names its areas as the move log does
    names = page.eval_on_selector_all(".territory-map .area", "els => els.map((e) => e.dataset.name)")
    assert len(names) == 20 and len(set(names)) == 20 and "Hills 1" in names

    taken: set[str] = set()
    clicks: dict[str, int] = {}
    n = 0
    deadline = time.time() + 480  # generous: several test runs may share the machine
    while not over(page):
        assert not errors, errors
        assert time.time() < deadline, f"the game did not finish in time: {stuck_report(hall, table_id, page)}"
        if page.locator("#tally-ok").count():
            if page.locator(".tally.final").count():
                break  # the game ended between the two looks: the final scoring is read below, not confirmed here
            tally = page.inner_text(".tally")
            if "End of" in tally and "season_end" not in taken:
                page.screenshot(path=str(shots / "season_end.png"))
                taken.add("season_end")
            decide(page, n)
            continue
        if not my_move(page):
            wait_turn(page, BOARD, ready=None, also="#tally-ok", timeout=deadline - time.time())
            continue
        kind = phase(page)
        shot = {"totem": "totem", "passive": "passive", "good": "storage"}.get(kind)
        # the first vision path open is shown, and followed (the game's own course decides when one opens)
        vision = kind in ("active", "passive") and page.locator(".path.can").count() > 0 and "vision" not in taken
        if vision:
            shot = "vision"
        if page.locator("#wampum-wake, #wampum-trade").count():
            shot = "wampum"
        if shot == "totem" and shot not in taken and page.locator(".disk.can").count() >= 3:
            # hovering a disk lifts it with those above it and says what the others may then use
            page.hover(".disk.can >> nth=2")
            assert page.locator(".disk.lift").count() == 3
            assert "the others may then use" in page.inner_text(".totem-info")
            # the list of actions in words is there as a fallback (never clicked here)
            assert page.locator(".mb-words summary").count() == 1
        if shot and shot not in taken:
            page.screenshot(path=str(shots / f"{shot}.png"))
            taken.add(shot)
        # end one turn early on purpose, so the End-my-turn button is always exercised
        what = decide(page, n, end_early=clicks.get("end", 0) == 0, prefer_path=vision)
        clicks[what] = clicks.get(what, 0) + 1
        if what == "path" and "vision" in taken and "vision-after" not in taken:
            page.screenshot(path=str(shots / "vision_after.png"))
            taken.add("vision-after")
        n += 1
    page.wait_for_selector("text=Final results")
    page.screenshot(path=str(shots / "final.png"))
    taken.add("final")
    assert not errors, errors
    # every phase was met and saved; the decisions were made on the board's objects
    assert set(PHASES) <= taken, f"phases never met: {set(PHASES) - taken}"
    for what in ("disk", "area", "path", "end", "wampum"):
        assert clicks.get(what, 0) > 0, (what, clicks)
    assert clicks.get("sector", 0) + clicks.get("place", 0) > 0, clicks
    table = hall.hall.tables[table_id]
    assert table.status == "over" and table.state.is_over()
    # the final scores on the board are the server's
    totals = page.eval_on_selector_all(".tally .score-table tr.total td", "els => els.map(e => e.textContent)")
    scores = [int(x) for x in totals]
    assert scores == table.state.scores()
    # the move log names areas as the map does
    log = page.inner_text(".log-lines")
    placed = re.findall(r"places a Cree on ((?:Prairie|Forest|Hills|Lake|Mountain) \d)", log)
    assert placed and set(placed) <= set(names)
    page.click("#tally-ok")
    page.wait_for_selector(".tally", state="detached")
    page.screenshot(path=str(shots / "over-board.png"))

    # the archive replays the game on the same board, step by step
    page.goto(hall.url + "/archive")
    page.click(f"tr[data-table='{table_id}'] a:has-text('Replay')")
    page.wait_for_selector(f".replay-board {BOARD}")
    first = page.eval_on_selector_all(".territory-map .cree", "els => els.length")
    for _ in range(12):
        page.click("#replay-next")
    page.wait_for_function("() => document.querySelector('.replay-board .manitoba').dataset.version === '12'")
    assert page.eval_on_selector_all(".territory-map .cree", "els => els.length") >= first
    page.screenshot(path=str(shots / "replay.png"))
    assert not errors, errors
    ctx.close()


def test_a_round_by_taps_on_a_phone_without_sideways_scrolling(hall: Hall, browser: Any, shots: Path) -> None:
    ctx, page, errors = new_page(browser, {"width": 390, "height": 844}, touch=True, device_scale_factor=2)
    sign_up(page, hall.url, "Ann")
    table_id = start_against_bots(page, 2)
    no_sideways_scroll(page)
    page.screenshot(path=str(shots / "phone-start.png"))
    rounds_seen: set[int] = set()
    n = 0
    deadline = time.time() + 300  # generous: several test runs may share the machine
    # the solstice, then a full round as the active player and one as the passive player
    while len(rounds_seen) < 3:
        assert not errors, errors
        assert time.time() < deadline, f"no full round in time: {stuck_report(hall, table_id, page)}"
        if not my_move(page) and not page.locator("#tally-ok").count():
            wait_turn(page, BOARD, ready=None, also="#tally-ok", timeout=deadline - time.time())
            continue
        rounds_seen.add(hall.hall.tables[table_id].state.round_no)
        if n == 2:
            page.screenshot(path=str(shots / "phone-mid.png"))
        decide(page, n, tap=True)
        no_sideways_scroll(page)
        n += 1
    # every target the board lights up, and its buttons, can be tapped: at least 44 × 44 px
    assert small_targets(page, ".manitoba .can, .manitoba button") == []
    page.screenshot(path=str(shots / "phone-round.png"))
    page.locator(".mb-village").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "phone-village.png"))
    assert n >= 4
    assert not errors, errors
    ctx.close()


def _tiles_in(x: Any) -> list[int]:
    """The ids of every score tile a view shows, wherever it shows them."""
    if isinstance(x, dict):
        own = [x["id"]] if x.get("kind") in ("single", "pair", "most") and isinstance(x.get("id"), int) else []
        return own + [t for v in x.values() for t in _tiles_in(v)]
    if isinstance(x, list):
        return [t for v in x for t in _tiles_in(v)]
    return []


def _secrets_in(frames: list[str], decks: list[list[int]], pile: list[int]) -> list[str]:
    """What the frames show that their seat may not know: event cards of seasons not yet laid out, score
    tiles not yet drawn, or the hidden decks themselves."""
    found: list[str] = []
    held = None
    for raw in frames:
        msg = json.loads(raw)
        if msg.get("type") != "state":
            continue
        if "decks" in raw or "tile_pile" in raw:
            found.append("a deck or the tile pile")
        held = merge_state(held, msg)  # a delta: its keys, merged into the state before (a page's one socket)
        view = held["view"]
        drawn = [t["id"] for t in view["drawn_score_tiles"]]
        if drawn != pile[: len(drawn)]:
            found.append(f"score tiles {drawn} are not the ones drawn so far")
        season = ("spring", "summer", "autumn").index(view["season"]) if view["season"] != "winter" else -1
        for card in view["cards"]:
            if card["card"] == "event" and (season < 0 or card["id"] not in decks[season][:3]):
                found.append(f"event card {card['id']} of a season not laid out")

        for tile in _tiles_in(view):
            if tile not in drawn:
                found.append(f"undrawn score tile {tile}")
    return found


def test_two_peoples_pages_never_show_the_hidden_decks_or_undrawn_tiles(hall: Hall, browser: Any, shots: Path) -> None:
    pages = []
    frames: dict[str, list[str]] = {"Ann": [], "Bob": []}
    errors: list[str] = []
    for name in frames:
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("websocket", lambda ws, name=name: ws.on("framereceived", lambda f, name=name: frames[name].append(
            f if isinstance(f, str) else f.decode())))
        sign_up(page, hall.url, name)
        pages.append(page)
    ann, bob = pages
    table_id = create_table(ann, "manitoba", 3)
    bob.goto(f"{hall.url}/table/{table_id}")
    bob.wait_for_selector(".table-page .waiting")
    sit_down(ann)
    sit_down(bob)
    add_bot(ann, "beginner", 1)
    chat(ann, "/start")
    for p in pages:
        p.wait_for_selector(BOARD)
    state = hall.hall.tables[table_id].state
    decks = [d[:] for d in state.decks]
    pile = state.drawn + state.tile_pile  # every score tile in the order it is drawn
    n = 0
    deadline = time.time() + 300  # generous: several test runs may share the machine
    while hall.hall.tables[table_id].state.round_no < 6:  # through the spring scorings into summer
        assert not errors, errors
        assert time.time() < deadline, f"the game did not reach summer: {stuck_report(hall, table_id, ann)}"
        moved = False
        for p in pages:
            if my_move(p) or p.locator("#tally-ok").count():
                decide(p, n, prefer_wampum=False)
                n += 1
                moved = True
        if not moved:  # nothing to do on either page: until the game moves on (a bot's move reaches both)
            wait_moved_from(pages[0], BOARD, version(pages[0]), also=f"{BOARD}[data-mine=yes], #tally-ok")
    for p in pages:
        # the board shows how many score tiles are still face down, and no more
        text = p.inner_text(".mb-season")
        assert "score tiles face down" in text
    ann.screenshot(path=str(shots / "ann.png"))
    bob.screenshot(path=str(shots / "bob.png"))
    for name, got in frames.items():
        assert sum(1 for f in got if '"type": "state"' in f or '"type":"state"' in f) > 10, name
        assert _secrets_in(got, decks, pile) == [], name
    assert not errors, errors
