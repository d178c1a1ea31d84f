"""What a player's name may be: letters of any script, and never one that looks like another's.

A name (``check``), once put in Unicode NFKC (the form it is kept and shown in):

- has 2 to ``MOST`` characters (code points), the first a letter; the others letters, digits (of any
  script), combining marks (at most ``MARKS_IN_A_ROW`` in a row, on a letter), ``_`` or ``-``: so no space,
  no punctuation, no symbol or emoji;
- holds no invisible character (Unicode's Default_Ignorable_Code_Point: zero-width joiners and spaces,
  Hangul fillers, variation selectors, ...) and nothing that changes the direction of text (bidi controls,
  marks and isolates); its letters run one way (right-to-left letters, Hebrew or Arabic, are not mixed with
  left-to-right ones in one name);
- does not look like ``Guest…`` or ``Bot…`` (the hall's own names; ``Gues7-12345`` and ``B0t-Red`` are
  those too): its look-alike key (``lookalike.py``) may not start with theirs;
- fits the store: its case-folded form has at most 40 characters, its look-alike key at most ``MOST_KEY``.

That no other account's name looks like it is the store's part (a unique look-alike key per account:
``store/social.py``), asked by ``auth.sign_up``.
"""

from __future__ import annotations

import unicodedata

from longhouse.i18n import _
from longhouse.server.lookalike import lookalike_key

MOST = 20
MARKS_IN_A_ROW = 3
MOST_KEY = 80
#: The names the hall gives (guests', bots') that no account's name may look like the start of.
RESERVED = ("Guest", "Bot")

#: Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): drawn as nothing.
IGNORABLE: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)
#: Bidirectional classes of the characters that change the direction of text around them, and the marks
#: that do (left-to-right, right-to-left and Arabic letter marks).
DIRECTION_CHANGING = {"LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"}
DIRECTION_MARKS = {"\u200e", "\u200f", "\u061c"}

# The refusals (one place, translated where they are answered: ``Msg``).
NOT_TEXT = _("a name is text")
LENGTH = _("a name has 2 to {most} characters", most=MOST)
FIRST = _("a name starts with a letter")
ALLOWED = _("a name holds letters (of any script), digits, '_' and '-' only")
INVISIBLE = _("a name may not hold invisible characters")
DIRECTION = _("a name may not hold characters that change the direction of text")
MIXED = _("a name's letters run one way: right-to-left letters are not mixed with left-to-right ones")
MARKS = _("a name holds at most {most} accents or marks on one letter", most=MARKS_IN_A_ROW)
RESERVED_TEXT = _("names that look like 'Guest…' or 'Bot…' are the hall's own")
TOO_LONG = _("this name is too long once written out; choose a shorter one")


class BadName(ValueError):
    """A name that may not be; the message says why."""


def ignorable(char: str) -> bool:
    code = ord(char)
    return any(lo <= code <= hi for lo, hi in IGNORABLE)


def _characters(name: str) -> None:
    marks = 0
    after_letter = False
    directions: set[str] = set()
    for i, char in enumerate(name):
        bidi = unicodedata.bidirectional(char)
        if bidi in DIRECTION_CHANGING or char in DIRECTION_MARKS:
            raise BadName(DIRECTION)
        if ignorable(char):
            raise BadName(INVISIBLE)
        kind = unicodedata.category(char)
        if i == 0 and not kind.startswith("L"):
            raise BadName(FIRST)
        if kind.startswith("M"):
            marks += 1
            if not after_letter:
                raise BadName(ALLOWED)
            if marks > MARKS_IN_A_ROW:
                raise BadName(MARKS)
            continue
        marks = 0
        after_letter = kind.startswith("L")
        if after_letter:
            if bidi in ("L", "R", "AL"):
                directions.add("L" if bidi == "L" else "R")
        elif kind != "Nd" and char not in "_-":
            raise BadName(INVISIBLE if kind in ("Cf", "Cc") else ALLOWED)
        if len(directions) > 1:
            raise BadName(MIXED)


def check(name: object) -> str:
    """The name as it is kept (NFKC), or ``BadName`` saying which rule it breaks (see the module docstring)."""
    if not isinstance(name, str):
        raise BadName(NOT_TEXT)
    if len(name) > 4 * MOST:  # read no further
        raise BadName(LENGTH)
    name = unicodedata.normalize("NFKC", name)
    if not 2 <= len(name) <= MOST:
        raise BadName(LENGTH)
    _characters(name)
    key = lookalike_key(name)
    if any(key.startswith(lookalike_key(word)) for word in RESERVED):
        raise BadName(RESERVED_TEXT)
    if len(name.casefold()) > 40 or len(key) > MOST_KEY:
        raise BadName(TOO_LONG)
    return name


def typed(name: str) -> str:
    """A name as typed to sign in, in the form names are kept (NFKC)."""
    return unicodedata.normalize("NFKC", name)
