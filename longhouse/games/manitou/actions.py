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
from typing import Any

from longhouse.engine.errors import IllegalAction
from longhouse.games.manitou.data import CODES, GROUNDS, card_name


@dataclass(frozen=True, slots=True)
class Pick:
    card: str


@dataclass(frozen=True, slots=True)
class Ok:
    pass


@dataclass(frozen=True, slots=True)
class Play:
    card: str
    ground: int


@dataclass(frozen=True, slots=True)
class Done:
    pass


ManitouAction = Pick | Ok | Play | Done

# Every action exists once; legal-action lists hand out these shared values.
PICKS: dict[str, Pick] = {code: Pick(code) for code in CODES}
PLAYS: dict[tuple[str, int], Play] = {(code, g): Play(code, g) for code in CODES for g in range(GROUNDS)}
OK = Ok()
DONE = Done()


def to_json(action: object) -> dict[str, Any]:
    if isinstance(action, Pick):
        return {"type": "pick", "card": action.card}
    if isinstance(action, Play):
        return {"type": "play", "card": action.card, "ground": action.ground}
    if isinstance(action, Ok):
        return {"type": "ok"}
    if isinstance(action, Done):
        return {"type": "done"}
    raise IllegalAction(f"not a Manitou action: {action!r}"[:120])


def _card(value: Any) -> str:
    if not isinstance(value, str) or value not in CODES:
        raise IllegalAction(f"unknown card {value!r}; cards are {', '.join(CODES)}"[:160])
    return value


def from_json(data: Any) -> ManitouAction:
    if not isinstance(data, dict):
        raise IllegalAction("an action is a JSON object with a 'type'")
    kind = data.get("type")
    keys = set(data)
    if kind == "pick" and keys == {"type", "card"}:
        return PICKS[_card(data["card"])]
    if kind == "play" and keys == {"type", "card", "ground"}:
        ground = data["ground"]
        if isinstance(ground, bool) or not isinstance(ground, int) or not 0 <= ground < GROUNDS:
            raise IllegalAction(f"hunting ground must be 0, 1 or 2, not {ground!r}"[:120])
        return PLAYS[_card(data["card"]), ground]
    if kind == "ok" and keys == {"type"}:
        return OK
    if kind == "done" and keys == {"type"}:
        return DONE
    raise IllegalAction(f"malformed Manitou action {data!r}"[:160])


def to_text(action: object) -> str:
    if isinstance(action, Pick):
        return f"+{action.card}"
    if isinstance(action, Play):
        return f"{action.card}@{action.ground + 1}"
    if isinstance(action, Ok):
        return "ok"
    if isinstance(action, Done):
        return "done"
    raise IllegalAction(f"not a Manitou action: {action!r}"[:120])


def from_text(text: Any) -> ManitouAction:
    if not isinstance(text, str):
        raise IllegalAction("an action's text notation is a string")
    t = text.strip()
    if t.lower() == "ok":
        return OK
    if t.lower() == "done":
        return DONE
    if t.startswith("+"):
        return PICKS[_card(t[1:].upper())]
    card, at, ground = t.partition("@")
    if at and ground in ("1", "2", "3"):
        return PLAYS[_card(card.upper()), int(ground) - 1]
    raise IllegalAction(f"cannot read {text!r}: write +CARD, ok, CARD@GROUND (1-3) or done"[:160])


def describe(action: object) -> str:
    if isinstance(action, Pick):
        return f"pick {card_name(action.card)}"
    if isinstance(action, Play):
        return f"play {card_name(action.card)} on hunting ground {action.ground + 1}"
    if isinstance(action, Ok):
        return "confirm my hunting party"
    if isinstance(action, Done):
        return "confirm the score screen"
    return repr(action)
