"""A table's ``state`` messages as text: whole, or only what changed since the one a client last received.

A client is sent its seat's whole state when it connects (and whenever it asks: ``resync``); afterwards each
``state`` message is a delta against the one sent to it before (``base``: that message's version): the
top-level keys of its view whose text changed (``changes``) and those gone (``gone``), its legal actions
and its undo steps only when they changed; the rest of the message (version, status, mover, acting seats,
clock, result, events) comes whole every time. Which message a client last got is ``Conn.state_sent``
(``Sent``: this table's epoch, the version, the seat); a client at anything but the current or the previous
version, at another seat, or of an epoch before the state was rebuilt from the store (``forget``), gets the
whole state. Clients merge a delta into the state they hold (``web/table.js``; in Python ``state_merge.py``).

What makes the messages is built once and shared: each top-level key of the part of the view every seat and
the spectator see alike (``State.shared_part``, and the header: its fixed members, ``engine.view.fixed_header``,
encoded once per game and player count, its moving members once per version), encoded once per version and
compared with the previous version's in the same pass; each seat's own part (``State.own_view``: the whole
view for a game that does not split its views, ``Game.splits_views``), its legal actions with their words and
its undo steps, once per seat and version; the head of the message and each event's JSON once per broadcast;
each seat's message once per broadcast and base. A delta carries only keys of its own seat's view: nothing
another seat may not see can be in it. The texts are exactly the JSON of the messages ``protocol.py``
describes; they are joined here and with ``json_text``, the engine hands out data only.

Languages: every text in a message (the engine's ``Msg``: the phase, the events, the actions' words) goes
as its catalog id and parameters (``i18n/wire.py``), and each client puts it into words in its own language
(``web/i18n.js``). So a message is made once per seat, base and version for every language at once: a German
reader costs the hall nothing more than an English one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from longhouse.engine.events import Event
from longhouse.engine.records import result_of
from longhouse.engine.state import Action, Game, State
from longhouse.engine.view import fixed_header, moving_header
from longhouse.i18n import wire
from longhouse.server.json_text import encoded, member

#: Actions whose JSON and words are kept encoded, per game (a game has far fewer distinct ones).
ACTIONS_KEPT = 4096
_actions: dict[str, dict[Action, tuple[str, str]]] = {}

_encode = wire.encode
_text = wire.text

#: What a client was last sent: the table's epoch (a new one whenever its state is rebuilt), the version,
#: the seat (None: a spectator).
Sent = tuple[object, int, int | None]


#: The header's fixed members' text (``"game":...,"seats":[...]``), by what it is made of (a handful: a game's
#: rules version and player count).
_fixed_texts: dict[tuple[str, str, str, int], str] = {}


def header_text(state: State) -> str:
    """``engine.view.shared_header(state)``'s JSON text less its opening brace (``"game":...}``), to follow a
    ``viewer`` of the server's own: the fixed members' text made once per game and player count, only the
    moving members encoded. Its texts in their wire form."""
    game = state.game
    key = (game.name, game.title, game.rules_version, state.num_players)
    fixed = _fixed_texts.get(key)
    if fixed is None:
        fixed = _fixed_texts[key] = _text(fixed_header(state))[1:-1]
    return f"{fixed},{_text(moving_header(state))[1:]}"


class _Texts:
    """The top-level keys of a view (or of its shared part) with their values' JSON text (``items``) and, when
    made against the previous version's (``before``), what changed since: the members whose text is not the
    same (``changes``, ``"key":value`` each) and the keys gone (``gone``). None: made against nothing."""

    __slots__ = ("changes", "gone", "items")

    def __init__(self, view: dict[str, Any], before: dict[str, str] | None = None,
                 known: dict[str, str] | None = None) -> None:
        encode = _encode
        items: dict[str, str] = {}
        changes: list[str] = []
        old = None if before is None else before.get
        added = 0  # keys not in ``before``
        for key, value in view.items():
            # a whole number or null written straight (most of a view's keys); those in ``known`` with the
            # text given there
            if type(value) is int:
                text = str(value)
            elif value is None:
                text = "null"
            elif known and key in known:
                text = known[key]
            else:
                text = encode(value).decode()
            items[key] = text
            if old is not None:
                was = old(key)
                if was != text:
                    changes.append(member(key, text))
                    if was is None:
                        added += 1
        self.changes: list[str] | None = None
        self.gone: list[str] | None = None
        if before is not None:
            self.changes = changes
            self.gone = [key for key in before if key not in items] if len(items) - added < len(before) else []
        self.items = items


class _Seat:
    """One seat's part of one version's messages: its own view's members (against the previous version's part
    of the seat, when there is one), legal actions and undo steps."""

    __slots__ = ("legal", "legal_text", "own", "undo")

    def __init__(self, own: _Texts, legal: list[Action], undo: int) -> None:
        self.own = own
        self.legal = legal
        self.legal_text: str | None = None  # made when first sent
        self.undo = undo


class _Version:
    """What one version's messages are made of, each part made on first need and kept for the next
    version's deltas."""

    __slots__ = ("acting", "before", "closed", "header", "kept", "over", "seats", "shared", "version")

    def __init__(self, version: int, state: State, before: _Version | None, earlier: _Version | None,
                 closed: bool = False) -> None:
        """``before``: the previous version (deltas are made against it), or None; ``earlier``: the version
        made before this one, whatever its number (its unchanging keys' texts may serve here); ``closed``: the
        game is over for the hall, though maybe not by its rules (a resignation ended it): nobody acts."""
        self.version = version
        self.before = before
        self.closed = closed
        self.acting: tuple[int, ...] = () if closed else state.acting()
        self.over: bool = closed or state.is_over()
        #: The shared header's text after its ``viewer`` (``"game":...}``), or None: the game does not split
        #: its views (each seat's own part is then its whole view, header and all).
        self.header: str | None = None
        #: The shared keys but the header (none: the game does not split its views), against ``before``'s.
        self.shared = _NOTHING
        #: The shared keys the game never changes the value object of (``Game.unchanging_view_keys``): the
        #: object and its text, reused by the next version while the object is the same (held here, so that
        #: its identity cannot pass to another object).
        self.kept: dict[str, tuple[Any, str]] = {}
        self.seats: dict[int | None, _Seat] = {}
        shared = state.shared_part()
        if shared is not None:
            unchanging = state.game.unchanging_view_keys
            self.header = header_text(state)
            known: dict[str, str] = {}
            if unchanging and earlier is not None:
                for key, (value, text) in earlier.kept.items():
                    if shared.get(key) is value:
                        known[key] = text
            self.shared = _Texts(shared, None if before is None else before.shared.items, known)
            for key in unchanging:
                if key in shared:
                    self.kept[key] = (shared[key], self.shared.items[key])

    def header_item(self, seat: int | None) -> str:
        assert self.header is not None
        return f'"header":{{"viewer":{"null" if seat is None else seat},{self.header}'


_NOTHING = _Texts({}, {})  # the shared part of a game that does not split its views: nothing, ever


class StateTexts:
    def __init__(self, game: Game) -> None:
        self.game = game
        self._epoch = object()
        self._now: _Version | None = None
        # action -> its JSON and its words, encoded, shared by the game's tables: for games whose words do not
        # depend on the position
        self._actions = _actions.setdefault(game.name, {})

    def forget(self) -> None:
        """The state was replaced (rebuilt from the store): what was kept, and what clients were sent, may be
        of another position; every client gets its whole state next."""
        self._epoch = object()
        self._now = None

    # --- the parts, once per version ------------------------------------------------------------------

    def _version(self, state: State, version: int, closed: bool = False) -> _Version:
        now = self._now
        if now is not None and now.version == version and (now.closed or not closed):
            return now
        before = now if now is not None and now.version == version - 1 else None
        if now is not None:
            now.before = None  # only the current version's deltas are made: keep no chain of versions
        now = self._now = _Version(version, state, before, now, closed)
        return now

    def _seat(self, state: State, at: _Version, seat: int | None) -> _Seat:
        part = at.seats.get(seat)
        if part is None:
            legal: list[Action] = []
            undo = 0
            if seat is not None:
                if seat in at.acting:
                    legal = state.legal_actions(seat)
                if not at.over:
                    undo = state.undo_steps(seat)
            old = None if at.before is None else at.before.seats.get(seat)
            part = at.seats[seat] = _Seat(_Texts(state.own_view(seat), None if old is None else old.own.items),
                                          legal, undo)
        return part

    def _legal(self, state: State, part: _Seat) -> str:
        """``"legal":[...],"legal_text":[...]`` for a seat of the current version."""
        text = part.legal_text
        if text is None:
            text = part.legal_text = self._legal_text(state, part.legal)
        return text

    def _legal_text(self, state: State, legal: list[Action]) -> str:
        """``"legal":[...],"legal_text":[...]`` for these actions: this seat's own, as JSON to send back and
        in words to show (same order)."""
        if not legal:
            return '"legal":[],"legal_text":[]'
        if self.game.position_words:  # words that name things of the position
            return _text({"legal": [self.game.action_to_json(a) for a in legal],
                          "legal_text": [state.describe_action(a) for a in legal]})[1:-1]
        kept = self._actions
        if len(kept) > ACTIONS_KEPT:
            kept.clear()
        jsons = []
        words = []
        for action in legal:
            text = kept.get(action)
            if text is None:
                text = kept[action] = (encoded(self.game.action_to_json(action)), _text(state.describe_action(action)))
            jsons.append(text[0])
            words.append(text[1])
        return f'"legal":[{",".join(jsons)}],"legal_text":[{",".join(words)}]'

    # --- the messages ---------------------------------------------------------------------------------

    def _whole(self, state: State, at: _Version, seat: int | None, part: _Seat) -> str:
        """``"view":{...},"legal":...,"legal_text":...`` whole."""
        view = [member(key, value) for items in (at.shared.items, part.own.items) for key, value in items.items()]
        if at.header is not None:
            view.insert(0, at.header_item(seat))
        return f'"view":{{{",".join(view)}}},{self._legal(state, part)}'

    def _delta(self, state: State, at: _Version, before: _Version, seat: int | None, part: _Seat) -> str:
        """``"base":b,"changes":{...}`` (``"gone":[...]``) (``"legal":...``) against ``before``: ``at`` itself (the
        client has this version already) or ``at.before``."""
        old = before.seats[seat]
        changes: list[str] = []
        gone: list[str] = []
        if at is not before:
            if at.header is not None:
                assert before.header is not None
                if at.header != before.header:
                    changes.append(at.header_item(seat))
            shared, own = at.shared, part.own
            assert shared.changes is not None and shared.gone is not None  # made against ``before``
            assert own.changes is not None and own.gone is not None
            changes += shared.changes
            changes += own.changes
            gone = shared.gone + own.gone
        out = f'"base":{before.version},"changes":{{{",".join(changes)}}}'
        if gone:
            out += f',"gone":{encoded(gone)}'
        if part.legal != old.legal:
            out += f",{self._legal(state, part)}"
        return out

    def texts(self, state: State, version: int, status: str, clock: dict[str, Any] | None,
              to: Sequence[tuple[int | None, Sent | None]], events: list[Event],
              by: int | None, result: dict[str, Any] | None = None) -> list[tuple[str, Sent]]:
        """The ``state`` message for each of ``to``: (its seat, or None for a spectator; what it was last
        sent, or None), and what it is sent now, for a reader of any language (its texts in their wire form).
        The whole state for a client sent nothing before (or something too old), else a delta against what
        it was sent. ``result``: the game's as recorded, when it is over (a resignation may have ended it
        before the rules did). Each message is made once per seat and base."""
        at = self._version(state, version, closed=result is not None)
        before = at.before
        head: tuple[str, str | None, list[tuple[Event, str]]] | None = None
        made: dict[tuple[int | None, int | None], str] = {}  # (seat, base or None) -> message
        out: list[tuple[str, Sent]] = []
        sent_now = (self._epoch, version)
        for seat, sent in to:
            base: _Version | None = None
            if sent is not None and sent[0] is self._epoch and sent[2] == seat:
                if sent[1] == version and seat in at.seats:
                    base = at
                elif before is not None and sent[1] == before.version and seat in before.seats:
                    base = before
            key = (seat, None if base is None else base.version)
            text = made.get(key)
            if text is None:
                if head is None:
                    head = self._head(state, at, version, status, clock, events, by, result)
                head_text, public, happened = head
                part = self._seat(state, at, seat)
                body = (self._whole(state, at, seat, part) if base is None
                        else self._delta(state, at, base, seat, part))
                seen = public if public is not None else \
                    f'"events":[{",".join(t for e, t in happened if e.visible_to(seat))}]'
                undo = (f',"undo_steps":{part.undo}'
                        if base is None or part.undo != base.seats[seat].undo else "")
                text = made[key] = f'{head_text},"seat":{"null" if seat is None else seat},{body},{seen}{undo}}}'
            out.append((text, (*sent_now, seat)))
        return out

    def _head(self, state: State, at: _Version, version: int, status: str, clock: dict[str, Any] | None,
              events: list[Event], by: int | None,
              result: dict[str, Any] | None) -> tuple[str, str | None, list[tuple[Event, str]]]:
        """The message's head (opened), the events' member when every seat sees them all (else None), else each
        event's text: once per broadcast."""
        head: dict[str, Any] = {"type": "state", "version": version, "status": status, "by": by,
                                "acting": list(at.acting), "clock": clock}
        if result is not None:
            head["result"] = result
        elif at.over:
            head["result"] = result_of(state)
        jsons = [e.to_json() for e in events]
        if all(e.seats is None for e in events):  # the same for every seat: the whole list in one encoding
            return _text(head)[:-1], f'"events":{_text(jsons)}', []
        return _text(head)[:-1], None, [(e, _text(j)) for e, j in zip(events, jsons, strict=True)]
