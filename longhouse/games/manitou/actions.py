"""Manitou's actions and their JSON and text notations.

=================  ===========================================  ========
JSON               meaning                                      text
=================  ===========================================  ========
``pick`` card      add one card to my hunting party (select)    ``+5``
``ok``             confirm my 8 cards (the dealer 7)            ``ok``
``play`` card, g   play a hand card on hunting ground g (0-2)   ``C@1``
``done``           confirm the score screen after a hunt        ``done``
=================  ===========================================  ========

Grounds are 0-based in JSON and 1-based in the text notation, as players number them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from longhouse.engine.errors import IllegalAction
from longhouse.engine.notation import JSON, ActionTable, Notated, Word
from longhouse.engine.text import Msg, Text, _
from longhouse.games.manitou.data import CODES, GROUNDS, card_word


def _card(value: Any) -> str:
    if not isinstance(value, str) or value not in CODES:
        raise IllegalAction(_("unknown card {card}; cards are {cards}", card=repr(value)[:40], cards=", ".join(CODES)))
    return value


@dataclass(frozen=True, slots=True)
class Pick(Notated):
    card: str
    kind: ClassVar[str] = "pick"

    @classmethod
    def read(cls, data: JSON) -> Pick:
        return PICKS[_card(data["card"])]

    def to_text(self) -> str:
        return f"+{self.card}"

    @classmethod
    def read_text(cls, text: str) -> Pick | None:
        return PICKS[_card(text[1:].upper())] if text.startswith("+") else None

    def words(self) -> Msg:
        return _("pick {card}", card=card_word(self.card))


@dataclass(frozen=True, slots=True)
class Ok(Word):
    kind: ClassVar[str] = "ok"
    said: ClassVar[Text] = _("confirm my hunting party")


@dataclass(frozen=True, slots=True)
class Play(Notated):
    card: str
    ground: int
    kind: ClassVar[str] = "play"

    @classmethod
    def read(cls, data: JSON) -> Play:
        card, ground = _card(data["card"]), data["ground"]
        if isinstance(ground, bool) or not isinstance(ground, int) or not 0 <= ground < GROUNDS:
            raise IllegalAction(_("hunting ground must be 0, 1 or 2, not {ground}", ground=repr(ground)[:40]))
        return PLAYS[card, ground]

    def to_text(self) -> str:
        return f"{self.card}@{self.ground + 1}"

    @classmethod
    def read_text(cls, text: str) -> Play | None:
        card, at, ground = text.partition("@")
        return PLAYS[_card(card.upper()), int(ground) - 1] if at and ground in ("1", "2", "3") else None

    def words(self) -> Msg:
        return _("play {card} on hunting ground {ground}", card=card_word(self.card), ground=self.ground + 1)


@dataclass(frozen=True, slots=True)
class Done(Word):
    kind: ClassVar[str] = "done"
    said: ClassVar[Text] = _("confirm the score screen")


ManitouAction = Pick | Ok | Play | Done

# Every action exists once; legal-action lists hand out these shared values.
PICKS: dict[str, Pick] = {code: Pick(code) for code in CODES}
PLAYS: dict[tuple[str, int], Play] = {(code, g): Play(code, g) for code in CODES for g in range(GROUNDS)}
OK = Ok.one()
DONE = Done.one()

#: The notation (``Game.notation``): JSON, text and words of every action type above.
NOTATION = ActionTable("Manitou", (Pick, Ok, Play, Done), "write +CARD, ok, CARD@GROUND (1-3) or done")
to_json = NOTATION.to_json
from_json = NOTATION.from_json
to_text = NOTATION.to_text
from_text = NOTATION.from_text
describe = NOTATION.describe
