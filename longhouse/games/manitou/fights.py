"""Warrior fights on a hunting ground (docs/rules/manitou-data.md §5), as a plain function over one ground."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from longhouse.games.manitou.data import BEATS, Warrior, warrior_of
from longhouse.games.manitou.rulings import MAX_FACE_UP_WARRIORS


class Card:
    """A card lying on a hunting ground: its owner, its code, and whether it is face up."""

    __slots__ = ("code", "face_up", "seat")

    def __init__(self, seat: int, code: str, face_up: bool = True) -> None:
        self.seat = seat
        self.code = code
        self.face_up = face_up

    def copy(self) -> Card:
        return Card(self.seat, self.code, self.face_up)

    @property
    def warrior(self) -> Warrior | None:
        return warrior_of(self.code)

    def __repr__(self) -> str:
        return f"Card({self.seat}, {self.code!r}, {self.face_up})"


class Outcome(StrEnum):
    """What playing a warrior did (the cases of the table in data §5)."""

    TAKES_EMPTY = "takes_empty"  # no face-up warrior: the newcomer controls the ground
    PROTECTS = "protects"  # the controller adds a protector on top of its warrior
    DEFEATS = "defeats"  # beats the single face-up warrior and takes control
    LOSES = "loses"  # the face-up (top) warrior beats it; it is turned down
    CANCELS = "cancels"  # same type as the single face-up warrior: both turned down
    SACRIFICE = "sacrifice"  # beats or equals the protector: both turned down, the bottom one stays


@dataclass(frozen=True, slots=True)
class Fight:
    outcome: Outcome
    #: The card the newcomer met (the single face-up warrior, or the protector), if any.
    opponent: Card | None


def may_play_warrior(up: list[Card], seat: int) -> bool:
    """Data §7.4: a player may not have more than two face-up warriors on one ground."""
    return len(up) < MAX_FACE_UP_WARRIORS or up[0].seat != seat


#: The codes each warrior's code beats (``data.beats`` over codes, made once: a fight compares codes, with no
#: enum member to look up per play).
_BEATS_CODES: dict[str, frozenset[str]] = {w.value: frozenset(d.value for d in BEATS[w]) for w in Warrior}
#: The fights without an opponent, made once (a frozen dataclass costs about a microsecond to build).
_TAKES_EMPTY = Fight(Outcome.TAKES_EMPTY, None)
_PROTECTS = Fight(Outcome.PROTECTS, None)


def resolve(up: list[Card], card: Card) -> Fight:
    """Play warrior ``card`` onto a ground whose face-up warriors are ``up`` (bottom to top, all of one
    owner). Updates ``up`` and the cards' ``face_up`` flags in place and says what happened."""
    code = card.code
    assert code in _BEATS_CODES, "only warriors fight"
    if not up:
        up.append(card)
        return _TAKES_EMPTY
    if up[0].seat == card.seat:
        assert len(up) < MAX_FACE_UP_WARRIORS, "checked by may_play_warrior"
        up.append(card)
        return _PROTECTS
    top = up[-1]
    top_code = top.code
    assert top_code in _BEATS_CODES
    if len(up) == 1:
        if top_code in _BEATS_CODES[code]:
            top.face_up = False
            up[0] = card
            return Fight(Outcome.DEFEATS, top)
        if code == top_code:
            top.face_up = False
            card.face_up = False
            up.clear()
            return Fight(Outcome.CANCELS, top)
        card.face_up = False
        return Fight(Outcome.LOSES, top)
    # Two face-up warriors: only a sacrifice that beats or equals the top (latest) one gets through.
    if top_code in _BEATS_CODES[code] or code == top_code:
        top.face_up = False
        card.face_up = False
        up.pop()
        return Fight(Outcome.SACRIFICE, top)
    card.face_up = False
    return Fight(Outcome.LOSES, top)
