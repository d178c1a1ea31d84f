"""Friends, blocks, mutes, invitations and notices in the running hall (the store's part: ``store/social.py``).

- **Friends.** A player follows others (``/follow NAME``, the player page's button); their lobby page is sent
  ``friends``: each one followed, whether they are online (in a lobby, or at a table, in any process) and at
  which listed table (a private table is not named). ``/invite NAME`` (at a table, or the lobby's button)
  sends one of them an ``invitation`` notice (on their lobby page, and through ``notices.py`` by mail or push
  if they allow it), at most ``INVITES`` in ``INVITE_WINDOW`` seconds per player.
- **Blocks.** A player who blocks another (``/ignore NAME``) no longer sees their chat lines (in the lobby, at
  tables, in the history), gets no invitation or notice from them, and they may not sit at the tables the
  blocker created, nor follow the blocker or see them among their friends.
- **Mutes.** A muted player's chat lines are refused (in the lobby and at tables) until the mute ends.

What is cached here (blocks, follows and mutes, per account) is kept ``CACHE_SECONDS`` at most. With several
processes a change (a block, a follow, a mute) is published on the cluster's lobby channel (op ``admin``,
``what`` ``social_forget``), and every process reads that account's again at once; a notice stored for a
player none of whose lobby pages is here is announced the same way (``social_notice``), and the process
holding their lobby page delivers it (``received``). The cache's limit is for a message lost on the way.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Iterator, Mapping
from typing import Any, Protocol

from longhouse.engine.records import Record
from longhouse.engine.state import Game, State
from longhouse.i18n import N_, Msg, _
from longhouse.i18n.stored import restored, stored
from longhouse.server.conn import Conn
from longhouse.server.names import typed
from longhouse.server.notices import Notices
from longhouse.server.protocol import encode
from longhouse.server.table_settings import TableSettings
from longhouse.store import Occupant, Status, Store, User
from longhouse.store.social import SocialStore, social_store

CACHE_SECONDS = 30.0
#: Invitations one player may send in ``INVITE_WINDOW`` seconds; an invitation is shown for ``INVITE_AGE`` s.
INVITES = 10
INVITE_WINDOW = 600.0
INVITE_AGE = 3600.0

# The texts (one place; each made a Msg where it is said, and so in its reader's language).
NO_PLAYER = N_("there is no player {name!r}")
NOT_YOURSELF = N_("that is you")
FOLLOWING = N_("You follow {name} now: the lobby shows when they are online and where.")
UNFOLLOWED = N_("You no longer follow {name}.")
NOT_FOLLOWING = N_("you do not follow {name}")
ALREADY_FOLLOWING = N_("you follow {name} already")
CANNOT_FOLLOW = N_("you cannot follow {name}")
IGNORED = N_("You have blocked {name}: you no longer see their chat, and they cannot sit at your tables or invite "
             "you.")
UNIGNORED = N_("You no longer block {name}.")
NOT_BLOCKED = N_("you do not block {name}")
ALREADY_BLOCKED = N_("you block {name} already")
TOO_MANY = N_("you follow or block as many players as one may ({most})")
MUTED = N_("a moderator has muted your chat until {until} (UTC)")
NOT_AT_YOUR_TABLE = N_("you cannot sit at this table")
INVITED = N_("Invitation sent to {name}.")
INVITE_WHERE = N_("invite to which table? Sit down at one first")
INVITE_FRIENDS = N_("you can invite the players you follow; /follow {name} first")
INVITE_FLOOD = N_("you have sent {most} invitations in the last minutes; wait a little")
INVITE_TEXT = N_("{by} invites you to table {table} ({title}).")
NAME_FIRST = N_("whom? /{command} NAME")


class Table(Protocol):
    """What the social side needs of a table (``table.Table`` is one)."""

    id: int
    creator: int | None
    settings: TableSettings
    game: Game
    occupants: list[Occupant | None]
    conns: list[Conn]
    names: dict[int, str]
    chat: deque[dict[str, Any]]
    starters: dict[int, int] | None

    @property
    def status(self) -> Status: ...

    @property
    def version(self) -> int: ...

    @property
    def state(self) -> State | None: ...

    @property
    def record(self) -> Record | None: ...

    def seat_of(self, user_id: int) -> int | None: ...

    def connected(self, user_id: int) -> bool: ...

    def summary(self) -> dict[str, Any]: ...


class Lobby(Protocol):
    conns: list[Conn]
    chat: deque[dict[str, Any]]


class Others(Protocol):
    """The other processes' tables and lobby visitors, and the channel to them (``cluster.Cluster``)."""

    node: str

    def other_tables(self) -> tuple[list[dict[str, Any]], list[str]]: ...

    def post(self, channel: str, message: dict[str, Any]) -> None: ...


class Host(Protocol):
    """What the social side needs of the hall (``hall.Hall`` is one)."""

    store: Store
    notices: Notices  # by mail and push, to those who allow them (notices.py)

    @property
    def lobby(self) -> Lobby: ...

    @property
    def tables(self) -> Mapping[int, Table]: ...

    @property
    def cluster(self) -> Others | None: ...


class SocialError(Exception):
    """A social command that cannot be done; the message (a ``Msg``) says why (to its sender only)."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message)


def when_text(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.gmtime(seconds))


class Social:
    """The hall's social side: the caches of blocks and mutes, the chat filter, friends' presence, invitations
    and the notices to players."""

    def __init__(self, hall: Host) -> None:
        self.hall = hall
        self.store: SocialStore = social_store(hall.store)
        self._blocks: dict[int, tuple[float, set[int], set[str]]] = {}
        self._muted: dict[int, tuple[float, float | None]] = {}
        self._followed: dict[int, tuple[float, list[tuple[int, str]]]] = {}
        self._friends_sent: dict[Conn, str] = {}
        self._invites: dict[int, deque[float]] = {}

    # --- caches -------------------------------------------------------------------------------------------

    def forget(self, *user_ids: int) -> None:
        """What is cached of these accounts is read again (they blocked, followed, were muted)."""
        for uid in user_ids:
            self._blocks.pop(uid, None)
            self._muted.pop(uid, None)
            self._followed.pop(uid, None)

    def blocks(self, user_id: int) -> tuple[set[int], set[str]]:
        """The accounts this one blocks: their ids and names."""
        now = time.monotonic()
        found = self._blocks.get(user_id)
        if found is None or found[0] < now:
            pairs = self.store.blocked(user_id)
            found = self._blocks[user_id] = (now + CACHE_SECONDS, {i for i, _ in pairs}, {n for _, n in pairs})
        return found[1], found[2]

    def followed(self, user_id: int) -> list[tuple[int, str]]:
        now = time.monotonic()
        found = self._followed.get(user_id)
        if found is None or found[0] < now:
            found = self._followed[user_id] = (now + CACHE_SECONDS, self.store.followed(user_id))
        return found[1]

    def muted_until(self, user_id: int) -> float | None:
        now = time.monotonic()
        found = self._muted.get(user_id)
        if found is None or found[0] < now:
            found = self._muted[user_id] = (now + CACHE_SECONDS, self.store.muted_until(user_id, time.time()))
        until = found[1]
        return until if until is not None and until > time.time() else None

    # --- the rules ----------------------------------------------------------------------------------------

    def hides(self, viewer: User, line: dict[str, Any]) -> bool:
        """Whether ``viewer`` does not see this chat line (its speaker is someone they block)."""
        speaker = line.get("from")
        return speaker is not None and speaker in self.blocks(viewer.id)[1]

    def visible_lines(self, viewer: User, lines: Any) -> list[dict[str, Any]]:
        hidden = self.blocks(viewer.id)[1]
        return [line for line in lines if line.get("from") not in hidden] if hidden else list(lines)

    def chat_refusal(self, conn: Conn) -> Msg | None:
        """Why this person may not say a chat line now (muted), or None."""
        until = self.muted_until(conn.user.id)
        return None if until is None else _(MUTED, until=when_text(until))

    def seat_refusal(self, table: Table, user_id: int) -> Msg | None:
        """Why this person may not sit at this table (its creator blocks them), or None."""
        creator = table.creator
        if creator is not None and creator != user_id and user_id in self.blocks(creator)[0]:
            return _(NOT_AT_YOUR_TABLE)
        return None

    # --- who is where ---------------------------------------------------------------------------------------

    def _presence(self) -> dict[str, dict[str, Any]]:
        """Where each person the hall knows of is: in a lobby, or at a listed table (its number, game, and
        whether they sit there), in this process and the others."""
        found: dict[str, dict[str, Any]] = {}
        online = {c.user.name for c in self.hall.lobby.conns}
        summaries: list[dict[str, Any]] = [t.summary() for t in self.hall.tables.values()
                                           if t.status != Status.OVER and not t.settings.private]
        if self.hall.cluster is not None:
            others, others_online = self.hall.cluster.other_tables()
            summaries += others
            online.update(others_online)
        for name in online:
            found[name] = {"online": True, "table": None}
        for summary in summaries:
            here = {"online": True, "table": summary["id"], "title": summary.get("title"),
                    "status": summary.get("status")}
            for seat in summary.get("seats", []):
                if seat and seat.get("kind") == "user" and seat.get("connected"):
                    found[seat["name"]] = {**here, "seated": True}
            for name in summary.get("spectators", []):
                found.setdefault(name, {**here, "seated": False})
                if found[name].get("table") is None:
                    found[name] = {**here, "seated": False}
        for table in self.hall.tables.values():  # private tables: online, at no table named
            if table.settings.private:
                for name in table.names.values():
                    found.setdefault(name, {"online": True, "table": None})
        return found

    def friends_of(self, user: User, presence: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
        out = []
        for uid, name in self.followed(user.id):
            if user.id in self.blocks(uid)[0]:  # they block this viewer: not shown as a friend
                continue
            where = presence.get(name) or {"online": False, "table": None}
            out.append({"name": name, **where})
        return out

    def send_friends(self, conns: list[Conn], force: bool = False) -> None:
        """Send each lobby page its friends' presence, if it changed since the last one it was sent."""
        presence: dict[str, dict[str, Any]] | None = None
        for conn in conns:
            friends: list[dict[str, Any]] = []
            if self.followed(conn.user.id):
                if presence is None:  # made once, and only if someone here follows anyone
                    presence = self._presence()
                friends = self.friends_of(conn.user, presence)
            text = encode({"type": "friends", "friends": friends})
            if force or self._friends_sent.get(conn) != text:
                self._friends_sent[conn] = text
                conn.send_text(text)
        for gone in [c for c in self._friends_sent if c.closed]:
            del self._friends_sent[gone]

    def entered(self, conn: Conn) -> None:
        """A lobby page opened: its friends, and the notices waiting for its player."""
        self.send_friends([conn], force=True)
        for notice in self.pending(conn.user.id):
            if self._current(notice):
                conn.send({"type": "notice", "notice": notice})

    def pending(self, user_id: int) -> list[dict[str, Any]]:
        """The notices kept for this player and not yet delivered (now marked delivered), their texts ``Msg``
        again (``i18n/stored.py``): each page gets them in its own language."""
        return [restored(notice) for notice in self.store.pending(user_id)]

    def left(self, conn: Conn) -> None:
        self._friends_sent.pop(conn, None)

    @staticmethod
    def _current(notice: dict[str, Any]) -> bool:
        return notice.get("kind") != "invitation" or time.time() - float(notice.get("created", 0)) < INVITE_AGE

    # --- several processes ------------------------------------------------------------------------------

    def _publish(self, what: str, user_id: int) -> None:
        cluster = self.hall.cluster
        if cluster is not None:
            cluster.post("lobby", {"op": "admin", "node": cluster.node, "what": what, "user": user_id})

    def forget_everywhere(self, *user_ids: int) -> None:
        """``forget`` these accounts here and in every other process."""
        self.forget(*user_ids)
        for uid in user_ids:
            self._publish("social_forget", uid)

    def received(self, what: str, user_id: int) -> None:
        """Another process's message (``admin_hall.received``): an account's blocks, follows or mute changed
        (read them again; its lobby pages here get their friends again), or a notice waits for the player."""
        lobby = [c for c in self.hall.lobby.conns if c.user.id == user_id and not c.closed]
        if what == "social_forget":
            self.forget(user_id)
            if lobby:
                self.send_friends(lobby)
        elif what == "social_notice" and lobby:
            for notice in self.pending(user_id):
                if self._current(notice):
                    self.tell(user_id, notice, stored=True)

    # --- telling players ------------------------------------------------------------------------------------

    def sockets_of(self, user_id: int) -> Iterator[tuple[Conn, bool]]:
        """This account's open sockets in this process, each with whether it is a lobby page."""
        for conn in list(self.hall.lobby.conns):
            if conn.user.id == user_id and not conn.closed:
                yield conn, True
        for table in list(self.hall.tables.values()):
            for conn in list(table.conns):
                if conn.user.id == user_id and not conn.closed:
                    yield conn, False

    def tell(self, user_id: int, notice: dict[str, Any], stored: bool = False) -> bool:
        """Send a notice to the player's pages here: an invitation to their lobby pages, anything else to every
        page (and a private chat line with its text); whether a lobby page got it. A stored notice that got to
        a lobby page is marked delivered."""
        reached = False
        for conn, lobby in self.sockets_of(user_id):
            if notice.get("kind") == "invitation" and not lobby:
                continue
            conn.send({"type": "notice", "notice": notice})
            if notice.get("kind") != "invitation" and notice.get("text"):
                conn.notice(notice["text"])
            reached = reached or lobby
        if reached and stored and "id" in notice:
            self.store.delivered(int(notice["id"]))
        return reached

    def notify(self, user_id: int, kind: str, data: dict[str, Any]) -> None:
        """Keep a notice for the player and tell their pages here at once (the others get it when it is due:
        on their next lobby page, or from the store: ``tick``)."""
        notice_id = self.store.notice(user_id, kind, stored(data))  # its texts kept as data, words when sent
        if not self.tell(user_id, {**data, "id": notice_id, "kind": kind, "created": time.time()}, stored=True):
            self._publish("social_notice", user_id)  # a lobby page of theirs in another process delivers it

    # --- commands -------------------------------------------------------------------------------------------

    def account(self, name: str | None, me: User, command: str) -> tuple[int, str]:
        if not name:
            raise SocialError(_(NAME_FIRST, command=command))
        found = self.hall.store.user_by_name(typed(name)) if len(name) <= 80 else None
        if found is None:
            raise SocialError(_(NO_PLAYER, name=name))
        user = found[0]
        if user.id == me.id:
            raise SocialError(_(NOT_YOURSELF))
        return user.id, user.name

    def follow(self, me: User, name: str | None) -> Msg:
        uid, real = self.account(name, me, "follow")
        if me.id in self.blocks(uid)[0] or uid in self.blocks(me.id)[0]:
            raise SocialError(_(CANNOT_FOLLOW, name=real))
        try:
            if not self.store.follow(me.id, uid):
                raise SocialError(_(ALREADY_FOLLOWING, name=real))
        except ValueError as exc:
            raise SocialError(_(TOO_MANY, most=str(exc).split()[-1])) from exc
        self._changed(me.id, uid)
        return _(FOLLOWING, name=real)

    def unfollow(self, me: User, name: str | None) -> Msg:
        uid, real = self.account(name, me, "unfollow")
        if not self.store.unfollow(me.id, uid):
            raise SocialError(_(NOT_FOLLOWING, name=real))
        self._changed(me.id, uid)
        return _(UNFOLLOWED, name=real)

    def block(self, me: User, name: str | None) -> Msg:
        uid, real = self.account(name, me, "ignore")
        try:
            if not self.store.block(me.id, uid):
                raise SocialError(_(ALREADY_BLOCKED, name=real))
        except ValueError as exc:
            raise SocialError(_(TOO_MANY, most=str(exc).split()[-1])) from exc
        self._changed(me.id, uid)
        return _(IGNORED, name=real)

    def unblock(self, me: User, name: str | None) -> Msg:
        uid, real = self.account(name, me, "unignore")
        if not self.store.unblock(me.id, uid):
            raise SocialError(_(NOT_BLOCKED, name=real))
        self._changed(me.id, uid)
        return _(UNIGNORED, name=real)

    def _changed(self, *user_ids: int) -> None:
        self.forget_everywhere(*user_ids)
        conns = [c for c in self.hall.lobby.conns if c.user.id in user_ids]
        if conns:
            self.send_friends(conns)

    def invite(self, me: User, name: str | None, table: Table | None) -> Msg:
        uid, real = self.account(name, me, "invite")
        if table is None or table.status == Status.OVER or (
                table.seat_of(me.id) is None and table.creator != me.id):
            raise SocialError(_(INVITE_WHERE))
        if uid not in {i for i, _ in self.followed(me.id)}:
            raise SocialError(_(INVITE_FRIENDS, name=real))
        sent = self._invites.setdefault(me.id, deque())
        now = time.monotonic()
        while sent and now - sent[0] > INVITE_WINDOW:
            sent.popleft()
        if len(sent) >= INVITES:
            raise SocialError(_(INVITE_FLOOD, most=INVITES))
        sent.append(now)
        if me.id not in self.blocks(uid)[0]:  # from someone they block: nothing (and the sender is not told)
            data = {"from": me.name, "table": table.id, "title": table.game.title,
                    "invite": table.settings.invite if table.settings.private else None,
                    "text": _(INVITE_TEXT, by=me.name, table=table.id, title=table.game.title)}
            self.notify(uid, "invitation", data)
            link = f"/table/{table.id}" + (f"?invite={table.settings.invite}" if table.settings.private else "")
            self.hall.notices.invitation(uid, table, by=me.name, link=link)  # by mail or push, if they allow
        return _(INVITED, name=real)
