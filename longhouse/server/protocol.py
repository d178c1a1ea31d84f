"""The websocket protocol: every client message is decoded against a msgspec schema.

Client -> server (JSON objects, told apart by ``type``):
- ``{"type": "chat", "text": "..."}``: a chat line; a line starting with ``/`` is a command.
- ``{"type": "command", "name": "join", "args": ["2"]}``: a command from a button.
- ``{"type": "action", "version": v, "action": {...}, "ref": n?}``: play an action, having seen version v.
- ``{"type": "undo", "version": v, "step": k, "ref": n?}``: take back one's own step k (see State.undo).
- ``{"type": "create", "game": "manitou", "seats": 4, "options": {}}``: (lobby) create a table; ``options``
  holds only the game's declared ``Game.options`` (never a set-up fixture such as a deck order); with
  ``"bots": "greedy"`` (any bot level) it is a game against bots: the creator sits at the first seat, bots of
  that level fill the others, and the game starts at once. Also ``"time"`` (a time control: real-time,
  relaxed, turn-based, untimed), ``"private"`` (not listed; joined by invitation), ``"away_bot"``, and
  ``"sit"`` (the creator sits at the first seat at once).
- ``{"type": "resync"}``: (table) send me my whole state (a client that cannot apply a ``state`` delta).
- ``{"type": "ping"}``.

Server -> client: ``hello`` (``games``: name, title, ``board``, player counts, the table ``options`` a
creator may choose), ``game`` (first on every table connection: ``description`` = ``Game.describe()`` plus
``board``: the names and reference tables a board draws with; also at ``GET /api/games/<name>``), ``table``
(seating; ``table.board``: the board module the page loads, ``games/<board>/board.js``, the game's own or
``generic``), ``state`` (see below), ``log`` (the move log so far, filtered the same way as ``events``),
``chat``, ``chat_history``, ``error`` (``message``, ``code`` such as ``stale``, ``illegal``,
``bad_message``, ``flood``; ``ref`` when it answers an action), ``tables`` (the lobby's list),
``created`` (``table``; ``invite`` for a private one), ``goto`` (go to table ``table``, with ``invite``:
the rematch one accepted), ``pong``. ``state`` and ``table`` carry ``clock`` (None when untimed).

``state``, whole: ``version``; ``status``; ``seat``: the receiver's (null: a spectator); ``acting``: the seats
that may act now; ``view``: this seat's ``State.view``; ``events``: those of this version's move it may see;
``legal``: its legal actions as ``Game.action_to_json``, empty unless it is acting; ``legal_text``: the same
actions in words, ``State.describe_action``, same order and length; ``undo_steps``: how many of its own
steps it may take back; ``by``: the seat whose move made this version, or null for a refresh; ``result``
once the game is over: ``scores``, ``winners``, ``breakdown`` = ``State.score_breakdown()``.
A client gets its whole state when it connects and when it sends ``resync``; after that, every ``state`` is
a delta against the previous ``state`` it received: it has ``base`` (that state's version) and, instead of
``view``, ``changes`` (the view's top-level keys whose value changed, with their new value) and ``gone``
(keys no longer in the view; absent when none); ``legal`` with ``legal_text``, and ``undo_steps``, only when
they changed; every other field in full (``events`` are this message's own). To apply it: the view is the
held view with ``changes`` put in and ``gone`` taken out; absent fields keep their held values. A client
whose held state is not at version ``base`` of the same seat sends ``resync`` and ignores deltas until a
whole state comes (``web/table.js``; ``state_merge.py`` in Python). A delta holds only keys of the
receiver's own view.

Every text in a ``state`` message (the phase, the events' ``text``, ``legal_text``, a view's words, the
result's breakdown) comes as data, the same for readers of every language: ``{"$t": catalog id,
parameter: value, …}`` (``"$pl"``, ``"$n"``: its plural and count), ``{"$l": [items]}`` (a list in the
reader's language), ``{"$j": separator, "$i": [items]}``; the client puts it into words in its own language
from the catalog (``web/i18n.js``'s ``words``; ``i18n/wire.py``'s ``words_of`` in Python). ``table``'s
``you.lang`` is the language the hall chose for this connection; every other message comes in its words.

A move is acknowledged by the ``state`` message that carries it (``by`` = the sender's seat), which is
sent only after the move is committed to the store.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from longhouse.engine.text import english_hook
from longhouse.i18n import N_, _

#: Anything longer is refused before it is parsed.
MAX_MESSAGE_BYTES = 8192
MAX_CHAT = 400

Text = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_CHAT)]
Version = Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]
Ref = Annotated[int, msgspec.Meta(ge=0, le=2**31)] | None


class Chat(msgspec.Struct, tag="chat", forbid_unknown_fields=True):
    text: Text


class Command(msgspec.Struct, tag="command", forbid_unknown_fields=True):
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=20, pattern=r"^[a-z]+$")]
    args: Annotated[list[Annotated[str, msgspec.Meta(max_length=40)]], msgspec.Meta(max_length=4)] = []


class Act(msgspec.Struct, tag="action", forbid_unknown_fields=True):
    version: Version
    action: dict[str, Any]
    ref: Ref = None


class Undo(msgspec.Struct, tag="undo", forbid_unknown_fields=True):
    version: Version
    step: Annotated[int, msgspec.Meta(ge=-100, le=100)] = -1
    ref: Ref = None


class Create(msgspec.Struct, tag="create", forbid_unknown_fields=True):
    game: Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
    seats: Annotated[int, msgspec.Meta(ge=2, le=4)]
    options: dict[str, Any] = {}
    #: "Play against bots": a bot level; the creator takes the first seat, bots of that level the others,
    #: and the game starts at once.
    bots: Annotated[str, msgspec.Meta(min_length=1, max_length=20)] | None = None
    #: A time control (``clocks.TIME_CONTROLS``: real-time, relaxed, turn-based, untimed); none: untimed.
    time: Annotated[str, msgspec.Meta(min_length=1, max_length=20)] | None = None
    #: Not listed in the lobby; joined with the invitation link the ``created`` answer carries.
    private: bool = False
    #: Whether a bot plays for a person who is away on their turn, after the time control's grace period.
    away_bot: bool = True
    #: The creator sits at the first seat at once (the lobby's New table form asks for it).
    sit: bool = False


class Ping(msgspec.Struct, tag="ping", forbid_unknown_fields=True):
    pass


class Resync(msgspec.Struct, tag="resync", forbid_unknown_fields=True):
    pass


ClientMessage = Chat | Command | Act | Undo | Create | Ping | Resync

#: How a websocket to a missing table, and to a private one without its invitation (``Table.admits``), is
#: refused (close code, reason), on a direct or a proxied connection alike: the same, so that private
#: numbers cannot be found by trying.
NO_TABLE = (4404, N_("there is no such table (a private one opens only with its invitation link)"))

_decoder = msgspec.json.Decoder(ClientMessage)
_encoder = msgspec.json.Encoder(enc_hook=english_hook)  # texts (Msg) in English


class BadMessage(Exception):
    """A message that does not fit the protocol; its one argument, a text of the catalogs, says what is wrong
    (``error_text``). The decoder's own detail is quoted as it is: a field's path, no sentence."""


def decode(raw: str | bytes) -> ClientMessage:
    """Parse one client message, or raise ``BadMessage`` without having changed anything."""
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > MAX_MESSAGE_BYTES:
        raise BadMessage(_("message too long ({size} bytes; at most {limit})", size=size, limit=MAX_MESSAGE_BYTES))
    try:
        return _decoder.decode(raw)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise BadMessage(_("malformed message: {detail}", detail=str(exc))) from exc
    except RecursionError as exc:
        raise BadMessage(_("malformed message: nested too deeply")) from exc


def encode_message(message: ClientMessage) -> str:
    """A decoded client message as JSON again (to pass it on to another process)."""
    return _encoder.encode(message).decode()


def encode(message: dict[str, Any]) -> str:
    return _encoder.encode(message).decode()
