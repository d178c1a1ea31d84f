"""The people's pages in German (the account, reset, admin and moderation pages): looked at on a desktop and a
phone, with nothing cut off and none of the pages' English words left."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pages import DESKTOP, PHONE, look

#: English words of these pages that a German page must not show (names and e-mail addresses aside).
ENGLISH = re.compile(r"\b(Your|your|account|Account|password|Password|Delete|Remove|Save|Reports?|Handled|Warn|Mute|"
                     r"Ban|Dismiss|Close|Cancel|Reason|sessions?|since|banned|moderator|Audit|Announce|Tables|"
                     r"Accounts|Find|Notices|turn|invites|table|Waiting|Confirmed|Set|again)\b")

# What is cut off: a box that hides what does not fit and holds more than it shows, or a text wider than the
# screen's content (a word too long for its button).
_CUT = """(root) => [...document.querySelectorAll(root + ' *')].filter((e) => {
  const s = getComputedStyle(e); const r = e.getBoundingClientRect();
  if (!r.width || s.display === 'none' || s.visibility === 'hidden') return false;
  const hides = (x) => x !== 'visible' && x !== 'auto' && x !== 'scroll';
  if (e.matches('button, a.button, label, h1, h2, h3, .badge') && e.scrollWidth > e.clientWidth + 1) return true;
  return (hides(s.overflowX) && e.scrollWidth > e.clientWidth + 1)
    || (hides(s.overflowY) && e.scrollHeight > e.clientHeight + 1);
}).slice(0, 8).map((e) => e.tagName + '.' + e.className + ': ' + e.textContent.slice(0, 60))"""


def cut(page: Any, root: str) -> list[str]:
    return list(page.evaluate(_CUT, root))


def in_german(page: Any, folder: Path, label: str, root: str) -> None:
    """``root`` of the page in German at 1280×800 and 390×844: a screenshot each (``look``: nothing sideways,
    axe clean), nothing cut off, no English word of ``ENGLISH`` in its text, titles, placeholders or aria
    names."""
    assert page.get_attribute("html", "lang") == "de", label
    for size in (DESKTOP, PHONE):
        look(page, folder, label, size)
        assert cut(page, root) == [], (label, size, cut(page, root))
        words = page.evaluate("""(root) => { const b = document.querySelector(root); const out = [b.innerText];
          for (const e of b.querySelectorAll('[title], [aria-label], [placeholder]')) {
            out.push(e.title || '', e.getAttribute('aria-label') || '', e.getAttribute('placeholder') || ''); }
          return out.join('\\n'); }""", root)
        assert not ENGLISH.search(words), (label, size, ENGLISH.findall(words), words[:500])
    page.set_viewport_size(DESKTOP)
