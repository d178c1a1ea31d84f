"""How the Manitoba browser tests play: one decision at a time, only through the board's own objects (disks,
areas, paths, sectors, places, goods, the status bar's buttons), never through the list of actions in words.

``decide`` makes the seat's current decision and returns what it clicked, so a test can count the kinds of
decision it met and take a screenshot of each phase the first time it appears.
"""

from __future__ import annotations

from typing import Any

from pages import board_version, wait_board_moved

BOARD = ".manitoba"


def version(page: Any) -> int:
    return board_version(page, BOARD)


def phase(page: Any) -> str:
    return page.get_attribute(BOARD, "data-phase") or ""


def my_move(page: Any) -> bool:
    return page.get_attribute(BOARD, "data-mine") == "yes"


def over(page: Any) -> bool:
    return page.get_attribute(BOARD, "data-over") == "yes"


def _click(page: Any, locator: Any, tap: bool) -> None:
    if tap:
        locator.tap()
    else:
        locator.click()


def _first(page: Any, selector: str, n: int = 0) -> Any:
    found = page.locator(selector)
    count = found.count()
    if not count:
        return None
    return found.nth(n % count)


def decide(page: Any, n: int, tap: bool = False, prefer_wampum: bool = True, end_early: bool = False,
           prefer_path: bool = False) -> str:
    """Make the current decision of this page's seat on the board; ``n`` varies the choice. Returns the kind
    of thing clicked ("disk", "area", "move", "path", "sector", "place", "good", "wake", "wampum", "end",
    "pass", "ok"); ``prefer_path`` follows a vision path whenever one is open. Raises AssertionError when the
    board offers no way to make the decision."""
    if page.locator("#tally-ok").count():
        _click(page, page.locator("#tally-ok"), tap)
        return "ok"
    kind = phase(page)
    before = version(page)
    clicked = _choose(page, kind, n, tap, prefer_wampum, end_early, prefer_path)
    try:
        wait_board_moved(page, BOARD, before)
    except Exception as exc:
        raise AssertionError(f"clicking a {clicked} in the {kind!r} decision changed nothing: "
                             f"{page.inner_text('.mb-status')!r}") from exc
    return clicked


def _choose(page: Any, kind: str, n: int, tap: bool, prefer_wampum: bool, end_early: bool = False,
            prefer_path: bool = False) -> str:
    if prefer_wampum and page.locator("#wampum-wake").count():
        _click(page, page.locator("#wampum-wake"), tap)
        return "wampum"
    if prefer_wampum and page.locator("#wampum-trade").count():
        _click(page, page.locator("#wampum-trade"), tap)  # then the sector the top berry turns into
        _click(page, page.locator(".sector.can").first, tap)
        return "wampum"
    if kind == "totem":
        if n % 5 == 4 and page.locator("#wake-mode").count():
            _click(page, page.locator("#wake-mode"), tap)
            _click(page, page.locator(".disk.can").nth(2 % page.locator(".disk.can").count()), tap)
            return "disk"
        _click(page, _first(page, ".disk.can", n), tap)
        return "disk"
    if kind in ("good", "feather"):
        # prefer the ceremonial places (completing them brings wampum), else a storage sector
        target = _first(page, ".ceremonial.can", n) or _first(page, ".sector.can", n)
        assert target is not None, f"no place or sector for the {kind} decision"
        what = "place" if "ceremonial" in (target.get_attribute("class") or "") else "sector"
        _click(page, target, tap)
        return what
    if kind in ("score", "final_choice", "event_lose_feather"):
        target = _first(page, ".sector.can", n)
        if target is not None:
            _click(page, target, tap)
            return "sector"
    if kind in ("choose_good", "event_good"):
        target = _first(page, ".supply-good.can", n)
        if target is not None:
            _click(page, target, tap)
            return "good"
    if kind == "active" and (end_early or n % 4 == 3) and page.locator("#end-turn").count():
        _click(page, page.locator("#end-turn"), tap)  # a turn may end before both actions are used
        return "end"
    wake = _first(page, ".wake-btn.can", n)
    if wake is not None:
        _click(page, wake, tap)
        return "wake"
    # the territory: place, recall, refill, or choose one of my Cree and then its target
    area = _first(page, ".territory-map .area.can", n)
    path = _first(page, ".path.can", n)
    if area is not None and (path is None or (n % 3 != 2 and not prefer_path)):
        _click(page, area, tap)
        if page.locator(".territory-map .area.from").count():
            target = _first(page, ".territory-map .area.target", n)
            assert target is not None, "a Cree was chosen but no area lights up"
            _click(page, target, tap)
            return "move"
        return "area"
    if path is not None:
        _click(page, path, tap)
        return "path"
    for button, what in (("#end-turn", "end"), ("#pass", "pass")):
        if page.locator(button).count():
            _click(page, page.locator(button), tap)
            return what
    raise AssertionError(f"the board offers no way to make the {kind!r} decision: "
                         f"{page.inner_text('.mb-status')!r}")
