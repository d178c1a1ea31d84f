"""Names that look alike: the key under which a banned name stays taken (``lookalike_key``).

A banned account may not come back under a name that differs only in case or in characters that look the same
at a glance. Two names look alike when their keys are equal. The key is made in three steps:

1. Unicode NFKC (compatibility forms fold: full-width ``Ｂｉｌｌ`` is ``Bill``, ``ﬁ`` is ``fi``, ``①`` is ``1``);
2. case folding (``BILL`` is ``bill``; ``ß`` is ``ss``);
3. the look-alikes in ``LOOKALIKES``, each replaced by the letter it passes for: the digits and letters that
   stand for each other in plain ASCII (``l``/``I``/``1``/``i``/``|``/``!``, ``o``/``0``, ``s``/``5``,
   ``z``/``2``, ``b``/``8``, ``g``/``9``, ``e``/``3``, ``a``/``4``, ``t``/``7``), the letter pairs that pass
   for one letter (``rn`` for ``m``, ``vv`` for ``w``), ``-`` and ``_`` (the two marks a name may hold) as one,
   and the Cyrillic and Greek letters drawn like Latin ones (``а``, ``е``, ``о``, ``р``, ``с``, ``х``, ``у``,
   ``і``, ``ј``, ``ѕ``, ``ο``, ``α``, ``ν``, ``κ``, ``τ``, ``ι``, …).

Not covered: look-alikes made of several marks besides those pairs (``cl`` for ``d``), diacritics (``é`` is
not ``e``; hall names are ASCII anyway), and every other script's homoglyphs (Unicode's full confusables
list, UTS #39, is not used).
"""

from __future__ import annotations

import unicodedata

#: What each look-alike passes for, applied after NFKC and case folding (so only lower-case keys here).
LOOKALIKES: dict[str, str] = {
    # ASCII digits and marks that pass for letters
    "0": "o", "1": "l", "i": "l", "|": "l", "!": "l", "5": "s", "2": "z", "8": "b", "9": "g", "3": "e",
    "4": "a", "7": "t", "_": "-",
    # Cyrillic letters drawn like Latin ones
    "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "і": "l", "ј": "j", "к": "k", "м": "m", "н": "h",
    "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w",
    "ӏ": "l",
    # Greek letters drawn like Latin ones
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "l", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
    "υ": "u", "χ": "x", "ω": "w", "ϲ": "c",
}
#: Letter pairs that pass for one letter, replaced after the single look-alikes (``rn`` → ``m``).
PAIRS: tuple[tuple[str, str], ...] = (("rn", "m"), ("vv", "w"))

_TABLE = str.maketrans(LOOKALIKES)


def lookalike_key(name: str) -> str:
    """The key two names share when they look alike (see the module docstring): ``Bill``, ``bi11``, ``BILL``
    and ``B|ll`` share ``blll``."""
    key = unicodedata.normalize("NFKC", name).casefold().translate(_TABLE)
    for pair, letter in PAIRS:
        key = key.replace(pair, letter)
    return key
