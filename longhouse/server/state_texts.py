"""A table's ``state`` messages as text, what they share built and encoded once.

One position goes to every seat and spectator of a table. The part of the view they all see alike
(``State.shared_view``: the header but its ``viewer``, and the game's shared part) is built and encoded once
per table version and kept; so is the rest of the message that is the same for everyone (version, status,
mover, acting seats, clock, result), once per broadcast. Per seat only the header's ``viewer``, the seat's
own part of the view (``State.own_view``), its events, its legal actions and its undo steps are encoded and
joined in. A game that does not split its views is encoded whole, once per seat. The text is exactly the
JSON of the message the protocol describes (``protocol.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from longhouse.engine.events import Event
from longhouse.engine.records import result_of
from longhouse.engine.state import Action, Game, State
from longhouse.server.protocol import encode

_encoder = msgspec.json.Encoder()


#: Actions whose JSON and words are kept encoded, per game (a game has far fewer distinct ones).
ACTIONS_KEPT = 4096
_actions: dict[str, dict[Action, tuple[str, str]]] = {}


class StateTexts:
    def __init__(self, game: Game) -> None:
        self.game = game
        self._version = -1
        self._shared: tuple[str, str] | None = None  # the header's text but viewer, the shared part's body
        # action -> its JSON and its words, encoded, shared by the game's tables: for games whose words do
        # not depend on the position
        self._actions = _actions.setdefault(game.name, {})

    def _legal_text(self, state: State, legal: list[Action]) -> str:
        """``"legal":[...],"legal_text":[...]`` for these actions: this seat's own, as JSON to send back and
        in words to show (same order)."""
        if type(state).describe_action is not State.describe_action:  # words that name things of the position
            return encode({"legal": [self.game.action_to_json(a) for a in legal],
                           "legal_text": [state.describe_action(a) for a in legal]})[1:-1]
        kept = self._actions
        if len(kept) > ACTIONS_KEPT:
            kept.clear()
        texts = []
        for action in legal:
            text = kept.get(action)
            if text is None:
                text = kept[action] = (encode(self.game.action_to_json(action)),
                                       _encoder.encode(state.describe_action(action)).decode())
            texts.append(text)
        return f'"legal":[{",".join(j for j, _ in texts)}],"legal_text":[{",".join(w for _, w in texts)}]'

    def forget(self) -> None:
        """The state was replaced (rebuilt from the store): what was kept may be of another position."""
        self._version = -1

    def _view_text(self, state: State, version: int, seat: int | None) -> str:
        if version != self._version:
            self._version = version
            shared = state.shared_view()
            if shared is None:
                self._shared = None
            else:
                rest = {key: value for key, value in shared.items() if key != "header"}
                self._shared = (encode(shared["header"])[1:], encode(rest)[1:-1])
        if self._shared is None:
            return encode(state.view(seat))
        header, body = self._shared
        own = encode(state.own_view(seat))[1:-1]
        parts = [f'"header":{{"viewer":{"null" if seat is None else seat},{header}', body, own]
        return "{" + ",".join(part for part in parts if part) + "}"

    def texts(self, state: State, version: int, status: str, clock: dict[str, Any] | None,
              seats: Iterable[int | None], events: list[Event], by: int | None) -> dict[int | None, str]:
        """The ``state`` message for each of ``seats`` (a seat, or None for the spectators)."""
        acting = state.acting()
        over = state.is_over()
        head: dict[str, Any] = {"type": "state", "version": version, "status": status, "by": by,
                                "acting": list(acting), "clock": clock}
        if over:
            head["result"] = result_of(state)
        shared_head = encode(head)[:-1]
        out: dict[int | None, str] = {}
        for seat in seats:
            if seat in out:
                continue
            legal = state.legal_actions(seat) if seat is not None and seat in acting else []
            mine = {
                "events": [e.to_json() for e in events if e.visible_to(seat)],
                "undo_steps": state.undo_steps(seat) if seat is not None and not over else 0,
            }
            out[seat] = (f'{shared_head},"seat":{"null" if seat is None else seat},'
                         f'"view":{self._view_text(state, version, seat)},{self._legal_text(state, legal)},'
                         f'{encode(mine)[1:]}')
        return out
