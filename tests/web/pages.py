"""What the browser tests do on a page: sign up, create a table and sit down with bots, chat, and wait for a
board to move on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout


def sign_up(page: Any, url: str, name: str) -> None:
    page.goto(url + "/")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", "a good password")
    page.click("#signup")
    page.wait_for_selector("#create-table")


def chat(page: Any, text: str) -> None:
    page.fill(".table-page .chat-input", text)
    page.press(".table-page .chat-input", "Enter")


def new_page(browser: Any, viewport: dict[str, int], touch: bool = False, **options: Any) -> tuple[Any, Any, list[str]]:
    """A new browser context (a touch phone's with ``touch``; ``options`` are the context's) and a page in it,
    and the list in which the page's uncaught errors are collected."""
    ctx = browser.new_context(viewport=viewport, **({"has_touch": True, "is_mobile": True} if touch else {}), **options)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return ctx, page, errors


def create_table(page: Any, game: str, seats: int) -> int:
    """Create a table from the lobby and wait for its page, still waiting for players: its number."""
    page.select_option("#new-game", game)
    page.select_option("#new-seats", str(seats))
    page.click("#create-table")
    page.wait_for_selector(".table-page .waiting")
    return int(page.url.rstrip("/").split("/")[-1])


def sit_down(page: Any) -> None:
    """``/join`` the table and wait until the page offers to leave it."""
    chat(page, "/join")
    page.wait_for_selector("#cmd-leave")


def wait_bots(page: Any, count: int) -> None:
    """Wait until ``count`` bots sit at the waiting table."""
    page.wait_for_function(f"() => document.querySelectorAll('.waiting-seat small').length === {count}")


def add_bot(page: Any, level: str, count: int) -> None:
    """Seat a bot of ``level`` with the Add bot button, and wait until ``count`` bots sit at the table."""
    page.select_option("#bot-level", level)
    page.click("#cmd-bot")
    wait_bots(page, count)


def board_version(page: Any, board: str) -> int:
    """The state version the board (a CSS selector: ``.manitou``, ``.generic``) shows."""
    return int(page.get_attribute(board, "data-version") or -1)


def phase_and_turn(page: Any, board: str) -> tuple[str, bool]:
    """The phase a board shows and whether the status line says it is my turn, read from one moment of the
    page: read one after the other, another seat's move landing between them could pair the old phase with
    the new turn (the hunt with my turn to confirm the score, say)."""
    phase, mine = page.evaluate(
        "(b) => [document.querySelector(b)?.dataset.phase || '', !!document.querySelector('.status-line.my-turn')]",
        board)
    return str(phase), bool(mine)


def board_names(page: Any) -> list[str]:
    """The names the board's seat tags show (each tag is a seat's symbol and name), each name once, in order."""
    return list(page.evaluate("""() => [...new Set([...document.querySelectorAll('.board-wrap .seat-tag')]
      .map((t) => t.textContent.slice((t.querySelector('.sym')?.textContent || '').length).trim())
      .filter(Boolean))]"""))


_TURN = """([board, ready, also]) => {
  const b = document.querySelector(board);
  if (also && document.querySelector(also)) return true;
  return !!b && (b.dataset.over === 'yes' || (b.dataset.mine === 'yes' && (!ready || !!document.querySelector(ready))));
}"""


def wait_turn(page: Any, board: str = ".generic", ready: str | None = ".legal-action:enabled", also: str | None = None,
              timeout: float = 30.0) -> bool:
    """Wait until the board shows this page's move (``data-mine``, and ``ready`` on the page when given), the
    game over (``data-over``), or ``also`` on the page; False if none came within ``timeout`` seconds (the
    caller's loop says what it was waiting for)."""
    try:
        page.wait_for_function(_TURN, arg=[board, ready, also], timeout=max(timeout, 0.1) * 1000)
    except PlaywrightTimeout:
        return False
    return True


def wait_moved_from(page: Any, board: str, before: int, also: str | None = None, timeout: float = 5.0) -> bool:
    """Wait until the board shows a version past ``before`` (anyone's move: each reaches every page) or
    ``also`` (a CSS selector: something to do) is on the page; False if neither came within ``timeout``
    seconds (a loop over several pages then looks at each again)."""
    try:
        page.wait_for_function("([board, before, also]) => (also && !!document.querySelector(also))"
                               " || Number(document.querySelector(board)?.dataset.version) > before",
                               arg=[board, before, also], timeout=timeout * 1000)
    except PlaywrightTimeout:
        return False
    return True


def wait_board_moved(page: Any, board: str, before: int) -> None:
    page.wait_for_function(
        f"() => Number(document.querySelector('{board}')?.dataset.version) > {before}", timeout=15000)


#: Sizes every page is looked at: a phone, a tablet (portrait) and a desktop.
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 768, "height": 1024}
DESKTOP = {"width": 1280, "height": 800}

# What sticks out sideways: the page's own scroll width, elements past the right or left edge (fixed
# ones such as a dragged card aside), and inner boxes that scroll sideways.
_SIDEWAYS = """() => {
  const w = document.documentElement.clientWidth;
  const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
    + (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/ +/).join('.') : '');
  const clipped = (e) => { for (let p = e.parentElement; p; p = p.parentElement) {
    if (getComputedStyle(p).overflowX !== 'visible') return true; } return false; };
  const out = [];
  for (const e of document.querySelectorAll('body *')) {
    const s = getComputedStyle(e);
    if (s.position === 'fixed' || s.display === 'none' || s.visibility === 'hidden') continue;
    const r = e.getBoundingClientRect();
    if (r.width && (r.right > w + 1 || r.left < -1) && !clipped(e)) out.push('past the edge: ' + name(e));
    if ((s.overflowX === 'auto' || s.overflowX === 'scroll') && e.scrollWidth > e.clientWidth + 1)
      out.push('scrolls sideways: ' + name(e));
  }
  const wide = document.documentElement.scrollWidth;
  if (wide > w + 1) out.unshift('the page is ' + wide + ' px wide');
  return out.slice(0, 8);
}"""


def sideways(page: Any) -> list[str]:
    """What makes the page scroll sideways (empty when nothing does)."""
    return list(page.evaluate(_SIDEWAYS))


def small_targets(page: Any, selector: str = "button, a.button, select, input, .tab, [role=button]") -> list[str]:
    """Visible tap targets (of ``selector``) smaller than 44 × 44 px (a check box counts with its label)."""
    return list(page.evaluate("""(sel) => [...document.querySelectorAll(sel)].filter((e) => {
      const box = /^(checkbox|radio)$/.test(e.type) && e.closest('label') ? e.closest('label') : e;
      const r = box.getBoundingClientRect(); const s = getComputedStyle(e);
      if (!r.width || s.visibility === 'hidden' || e.closest('[hidden]') || e.disabled) return false;
      return r.height < 43.5 || r.width < 43.5;
    }).slice(0, 8).map((e) => e.outerHTML.slice(0, 90))""", selector))


def axe_check(page: Any, label: str, log: Path) -> list[str]:
    """Run axe-core on the page; append every violation to ``log``; return the serious and critical ones."""
    from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]

    results = Axe().run(page)
    found = results.response["violations"]
    bad = [f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes'][:3]]}"
           for v in found if v["impact"] in ("serious", "critical")]
    with log.open("a") as f:
        f.write(f"{label}: {len(found)} violations, {len(bad)} serious or critical\n")
        for v in found:
            f.write(f"  {v['id']} ({v['impact']}) x{len(v['nodes'])}: {v['help']}\n")
    return bad


def look(page: Any, folder: Path, label: str, size: dict[str, int]) -> None:
    """At ``size``: a screenshot ``<label>-<w>x<h>.png``, no sideways scroll, and axe finds nothing serious."""
    page.set_viewport_size(size)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.screenshot(path=str(folder / f"{label}-{size['width']}x{size['height']}.png"))
    assert sideways(page) == [], (label, size, sideways(page))
    top = page.inner_text("#who")
    assert "null" not in top.split(), (label, top)  # nothing left out is written as the text "null"
    bad = axe_check(page, f"{label} at {size['width']}x{size['height']}", folder / "axe.txt")
    assert bad == [], (label, size, bad)


def everywhere(page: Any, folder: Path, label: str) -> None:
    """``look`` at the page on a phone, a tablet and a desktop; the page is left at the phone's size."""
    for size in (PHONE, TABLET, DESKTOP):
        look(page, folder, label, size)
    page.set_viewport_size(PHONE)
