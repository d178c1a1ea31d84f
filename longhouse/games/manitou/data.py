"""Manitou's components as data, with their sources (docs/rules/manitou-data.md).

Everything a physical copy could correct lives here, so it can be corrected in one place; our rulings
where the sources are silent are in ``rulings.py``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from longhouse.engine.text import Msg, _


class Warrior(StrEnum):
    """The five great warriors; the value is the card code."""

    CHIEF = "C"
    MEDICINE_MAN = "M"
    RAIN_MAKER = "R"
    SCOUT = "S"
    SQUAW = "Q"

    @property
    def word(self) -> str:
        return WARRIOR_NAMES[self]


WARRIOR_NAMES: Final[dict[Warrior, str]] = {
    Warrior.CHIEF: "chief",
    Warrior.MEDICINE_MAN: "medicine man",
    Warrior.RAIN_MAKER: "rain maker",
    Warrior.SCOUT: "scout",
    Warrior.SQUAW: "squaw",
}

#: Hunter strengths of one tribe set (data §1): 1–10 with two 5s.
HUNTERS: Final[tuple[int, ...]] = (1, 2, 3, 4, 5, 5, 6, 7, 8, 9, 10)
#: Two of each great warrior per set (data §1).
WARRIORS_PER_KIND: Final[int] = 2

#: The card codes of one set, in the stable order used for legal actions and displays.
HUNTER_CODES: Final[tuple[str, ...]] = tuple(str(v) for v in sorted(set(HUNTERS)))
WARRIOR_CODES: Final[tuple[str, ...]] = tuple(w.value for w in Warrior)
CODES: Final[tuple[str, ...]] = HUNTER_CODES + WARRIOR_CODES
CODE_INDEX: Final[dict[str, int]] = {code: i for i, code in enumerate(CODES)}

#: How many copies of each code one set holds (21 cards in all).
SET_COUNTS: Final[tuple[int, ...]] = tuple(
    HUNTERS.count(int(code)) if code.isdigit() else WARRIORS_PER_KIND for code in CODES
)
SET_SIZE: Final[int] = sum(SET_COUNTS)

#: Who beats whom (data §2, resolved, confidence H): BEATS[a] is the set of warriors ``a`` defeats.
BEATS: Final[dict[Warrior, frozenset[Warrior]]] = {
    Warrior.CHIEF: frozenset({Warrior.MEDICINE_MAN, Warrior.RAIN_MAKER, Warrior.SCOUT}),
    Warrior.MEDICINE_MAN: frozenset({Warrior.RAIN_MAKER, Warrior.SQUAW}),
    Warrior.RAIN_MAKER: frozenset({Warrior.SCOUT, Warrior.SQUAW}),
    Warrior.SCOUT: frozenset({Warrior.MEDICINE_MAN, Warrior.SQUAW}),
    Warrior.SQUAW: frozenset({Warrior.CHIEF}),
}

#: Buffalo (data §3). The large pile is certain. The small pile: the ten values the translation lists for
#: nine cards; which one is spurious is unknown, and which to use is a ruling (rulings.small_buffalo).
LARGE_BUFFALO: Final[tuple[int, ...]] = (9, 10, 10, 11, 12, 13)
SMALL_BUFFALO: Final[tuple[int, ...]] = (1, 2, 2, 3, 4, 4, 5, 5, 6, 7)

LARGE: Final[str] = "large"
SMALL: Final[str] = "small"

#: Hunting-ground layout per player count (data §3): the buffalo sizes of grounds 1, 2 and 3.
GROUND_LAYOUT: Final[dict[int, tuple[tuple[str, ...], ...]]] = {
    2: ((LARGE, SMALL), (SMALL,), (SMALL,)),
    3: ((LARGE, SMALL), (LARGE,), (SMALL,)),
    4: ((LARGE, SMALL), (LARGE, SMALL), (SMALL,)),
}
GROUNDS: Final[int] = 3

HUNTS: Final[int] = 3
#: Cards chosen for a hunt; the dealer chooses one fewer (data §4.2).
SELECTION: Final[int] = 8
DEALER_SELECTION: Final[int] = 7
HAND_SIZE: Final[int] = 3
#: Cards each player plays in a hunt (data §4.2 step 6).
PLAYS_PER_HUNT: Final[int] = 7
PELT_ROBBER_POINTS: Final[int] = -10
PRISONER_POINTS: Final[int] = 1
WARRIOR_OF: Final[dict[str, Warrior | None]] = {code: None if code.isdigit() else Warrior(code) for code in CODES}
CARD_NAMES: Final[dict[str, str]] = {
    code: f"the {WARRIOR_NAMES[Warrior(code)]}" if not code.isdigit() else f"the {code} hunter" for code in CODES
}


def warrior_of(code: str) -> Warrior | None:
    """The warrior a card code names, or ``None`` for a hunter."""
    return WARRIOR_OF[code]


def card_name(code: str) -> str:
    return CARD_NAMES[code]


# The same names as texts of the catalogs (docs/i18n.md, glossary): for the move log, the actions' words and
# the description, in the reader's language.
#: Each warrior's name alone ("chief").
WARRIOR_WORDS: Final[dict[Warrior, Msg]] = {
    Warrior.CHIEF: _("chief"),
    Warrior.MEDICINE_MAN: _("medicine man"),
    Warrior.RAIN_MAKER: _("rain maker"),
    Warrior.SCOUT: _("scout"),
    Warrior.SQUAW: _("squaw"),
}
#: A card as the object of a sentence ("picks the chief", "plays the 5 hunter").
_WARRIOR_OBJECTS: Final[dict[Warrior, Msg]] = {
    Warrior.CHIEF: _("the chief"),
    Warrior.MEDICINE_MAN: _("the medicine man"),
    Warrior.RAIN_MAKER: _("the rain maker"),
    Warrior.SCOUT: _("the scout"),
    Warrior.SQUAW: _("the squaw"),
}
CARD_WORDS: Final[dict[str, Msg]] = {
    code: _WARRIOR_OBJECTS[Warrior(code)] if not code.isdigit() else _("the {value} hunter", value=code)
    for code in CODES
}
#: A card's name without an article ("chief", "5 hunter").
CARD_NOUNS: Final[dict[str, Msg]] = {
    code: WARRIOR_WORDS[Warrior(code)] if not code.isdigit() else _("{value} hunter", value=code) for code in CODES
}


def card_word(code: str) -> Msg:
    """The card as the object of a sentence, in the reader's language."""
    return CARD_WORDS[code]


def beats(attacker: Warrior, defender: Warrior) -> bool:
    return defender in BEATS[attacker]
