"""Reports: a player reports another, with a reason, from a chat line, a seat or their page; the report keeps
its context and waits in the moderators' queue (``moderation.py``).

The context is taken by the hall, never from the reporter: the chat lines around the reported line (``BEFORE``
lines before it and ``AFTER`` after it, of those said so far) or, with no line named, the last ``LAST`` lines
of the chat where the report was made (a table's, or the lobby's); the table's number, game, status and
version (the number of moves in its record) and the seat the reported player holds there.

Limits: a reason of ``SHORTEST`` to ``LONGEST`` characters; ``PER_HOUR`` reports per player an hour.
"""

from __future__ import annotations

import time
from typing import Any

from longhouse.engine.text import english
from longhouse.i18n import N_, Msg, _
from longhouse.server.social import Social, SocialError, Table
from longhouse.store import Person, User

BEFORE = 10
AFTER = 5
LAST = 20
SHORTEST = 3
LONGEST = 300
PER_HOUR = 10

# The texts (one place, to be translated).
REASON = _("say why you report them ({least} to {most} characters)", least=SHORTEST, most=LONGEST)
FLOOD = _("you have made {most} reports in the last hour; the moderators will read them first", most=PER_HOUR)
THANKS = N_("Thank you: your report about {name} went to the moderators.")
GUESTS = _("sign up to report a player (guests cannot)")


def _line(line: dict[str, Any]) -> dict[str, Any]:
    # the hall's own lines are texts of the catalogs: kept in English, as the moderators read them
    return {"from": line.get("from"), "text": english(line.get("text")), "time": line.get("time")}


def chat_context(lines: list[dict[str, Any]], target: str, at: float | None) -> dict[str, Any]:
    """The lines around the reported one (the target's line said at ``at``), or the last ones."""
    if at is not None:
        for i, line in enumerate(lines):
            if line.get("from") == target and line.get("time") == at:
                return {"lines": [_line(x) for x in lines[max(0, i - BEFORE):i + AFTER + 1]], "line": at}
    return {"lines": [_line(x) for x in lines[-LAST:]], "line": None}


def table_context(table: Table, target: str, at: float | None) -> dict[str, Any]:
    seat = next((s for s, occ in enumerate(table.occupants) if isinstance(occ, Person) and occ.name == target),
                None)
    return {"where": "table", "table": table.id, "game": table.game.name, "status": table.status.value,
            "version": table.version, "seat": seat, **chat_context(list(table.chat), target, at)}


def lobby_context(social: Social, target: str, at: float | None, where: str = "lobby") -> dict[str, Any]:
    return {"where": where, "table": None, **chat_context(list(social.hall.lobby.chat), target, at)}


def check_reason(reason: object) -> str:
    if not isinstance(reason, str) or not SHORTEST <= len(reason.strip()) <= LONGEST:
        raise SocialError(REASON)
    return reason.strip()


def report(social: Social, me: User, name: str | None, reason: object, context: dict[str, Any]) -> Msg:
    """File a report (``SocialError`` and nothing filed if it cannot be); the words to tell the reporter."""
    if me.guest:
        raise SocialError(GUESTS)
    uid, real = social.account(name, me, "report")
    why = check_reason(reason)
    if social.store.open_reports_by(me.id, time.time() - 3600) >= PER_HOUR:
        raise SocialError(FLOOD)
    social.store.report(me.id, me.name, uid, real, why, context)
    return _(THANKS, name=real)


def parse(args: list[str]) -> tuple[str | None, float | None, str]:
    """``/report NAME [@TIME] reason…``: the name, the reported line's time (if named), the reason."""
    name = args[0] if args else None
    rest = args[1:]
    at = None
    if rest and rest[0].startswith("@"):
        try:
            at = float(rest[0][1:])
        except ValueError:
            at = None
        rest = rest[1:]
    return name, at, " ".join(rest)
