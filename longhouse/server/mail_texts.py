"""The hall's mails as text: address confirmations, password resets, notices and the daily digest.

Every English text is a constant here (for the translation mechanism). Each mail is plain text (UTF-8); its
links are the hall's public address (``--public-url``) and a path. A link's token sits after ``#`` (the
confirmation's, the reset's, the unsubscribe page's): a browser never sends it in a request line. A notice
mail carries ``List-Unsubscribe`` (a one-click POST, RFC 8058, with the token in the query string: uvicorn's
lines blank query values, ``logs.py``) and ``List-Unsubscribe-Post``, and ``Auto-Submitted: auto-generated``.
"""

from __future__ import annotations

from longhouse.server.notices import Kind, Notice, headline
from longhouse.store.mail import Address, DigestItem, Outgoing

SIGNATURE = "-- \nLonghouse, {public}\n"

CONFIRM_SUBJECT = "Confirm your e-mail address for Longhouse"
CONFIRM_BODY = """Hello {name},

please confirm that {address} is your e-mail address on Longhouse: open this link within {hours} hours.

{link}

Until it is confirmed the address gets no other mail. If you did not ask for this, ignore this mail.
"""

RESET_SUBJECT = "Set a new password for Longhouse"
RESET_BODY = """Hello {name},

someone (you, we hope) asked to set a new password for your Longhouse account {name}. Open this link within
{hours} hours to choose one; it works once, and signing in with it ends your other sessions:

{link}

If you did not ask for this, ignore this mail: your password stays as it is.
"""

NOTICE_BODY = """{headline}.

{action}: {link}
"""
NOTICE_ACTIONS = {Kind.TURN: "Make your move", Kind.INVITE: "See the table", Kind.RESULT: "See the game"}
WHY_NOTICE = """You get this mail because you chose notices by e-mail ({what}) on Longhouse.
Your choices: {account}
Turn every notice mail off with one click: {unsubscribe}
"""
WHAT = {Kind.TURN: "your turn", Kind.INVITE: "invitations", Kind.RESULT: "results"}

DIGEST_SUBJECT = "Longhouse: {count} notices of the last day"
DIGEST_SUBJECT_ONE = "Longhouse: 1 notice of the last day"
DIGEST_BODY = """Hello {name},

this happened on Longhouse since your last digest:

{lines}
"""
WHY_DIGEST = """You get this mail because you chose a daily digest of your notices on Longhouse.
Your choices: {account}
Turn every notice mail off with one click: {unsubscribe}
"""


class Texts:
    """The mails of one hall, whose public address is ``public`` (``https://hall.example.org``)."""

    def __init__(self, public: str) -> None:
        self.public = public.rstrip("/")

    def url(self, path: str) -> str:
        return self.public + path

    def _signed(self, body: str) -> str:
        return body + "\n" + SIGNATURE.format(public=self.public)

    def confirm(self, user_id: int, name: str, address: str, token: str, hours: float) -> Outgoing:
        body = CONFIRM_BODY.format(name=name, address=address, hours=f"{hours:g}",
                                   link=self.url(f"/mail/confirm#{token}"))
        return Outgoing(address, "confirm", CONFIRM_SUBJECT, self._signed(body), user_id=user_id)

    def reset(self, user_id: int, name: str, address: str, token: str, hours: float) -> Outgoing:
        body = RESET_BODY.format(name=name, hours=f"{hours:g}", link=self.url(f"/reset#{token}"))
        return Outgoing(address, "reset", RESET_SUBJECT, self._signed(body), user_id=user_id)

    def _unsubscribe_headers(self, address: Address) -> dict[str, str]:
        return {"List-Unsubscribe": f"<{self.url('/api/mail/unsubscribe?token=' + address.unsubscribe)}>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click", "Auto-Submitted": "auto-generated"}

    def notice(self, notice: Notice, address: Address) -> Outgoing:
        line = headline(notice)
        body = NOTICE_BODY.format(headline=line, action=NOTICE_ACTIONS[notice.kind], link=self.url(notice.path))
        why = WHY_NOTICE.format(what=WHAT[notice.kind], account=self.url("/account"),
                                unsubscribe=self.url(f"/unsubscribe#{address.unsubscribe}"))
        return Outgoing(address.address, notice.kind.value, line, self._signed(body + "\n" + why),
                        user_id=notice.user_id, table_id=notice.table_id, headers=self._unsubscribe_headers(address))

    def digest_line(self, notice: Notice) -> str:
        return f"- {headline(notice)}: {self.url(notice.path)}"

    def digest(self, name: str, address: Address, items: list[DigestItem]) -> Outgoing:
        subject = DIGEST_SUBJECT_ONE if len(items) == 1 else DIGEST_SUBJECT.format(count=len(items))
        body = DIGEST_BODY.format(name=name, lines="\n".join(item.line for item in items))
        why = WHY_DIGEST.format(account=self.url("/account"),
                                unsubscribe=self.url(f"/unsubscribe#{address.unsubscribe}"))
        return Outgoing(address.address, "digest", subject, self._signed(body + "\n" + why),
                        user_id=address.user_id, headers=self._unsubscribe_headers(address))
