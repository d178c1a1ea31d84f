"""The hall's mails as text: address confirmations, password resets, notices and the daily digest.

Every text is a catalog text here (``N_``), put into words in the language of the account it goes to
(``notices.words_of``: the account's setting, else English). Each mail is plain text (UTF-8); its
links are the hall's public address (``--public-url``) and a path. A link's token sits after ``#`` (the
confirmation's, the reset's, the unsubscribe page's): a browser never sends it in a request line. A notice
mail carries ``List-Unsubscribe`` (a one-click POST, RFC 8058, with the token in the query string: uvicorn's
lines blank query values, ``logs.py``) and ``List-Unsubscribe-Post``, and ``Auto-Submitted: auto-generated``.
"""

from __future__ import annotations

from longhouse.engine.text import Words
from longhouse.i18n import N_, _, ngettext
from longhouse.server.notices import Kind, Notice, headline
from longhouse.store.mail import Address, DigestItem, Outgoing

SIGNATURE = "-- \nLonghouse, {public}\n"

CONFIRM_SUBJECT = N_("Confirm your e-mail address for Longhouse")
CONFIRM_BODY = N_("""Hello {name},

please confirm that {address} is your e-mail address on Longhouse: open this link within {hours} hours.

{link}

Until it is confirmed the address gets no other mail. If you did not ask for this, ignore this mail.
""")

RESET_SUBJECT = N_("Set a new password for Longhouse")
RESET_BODY = N_("""Hello {name},

someone (you, we hope) asked to set a new password for your Longhouse account {name}. Open this link within
{hours} hours to choose one; it works once, and signing in with it ends your other sessions:

{link}

If you did not ask for this, ignore this mail: your password stays as it is.
""")

NOTICE_BODY = N_("""{headline}.

{action}: {link}
""")
NOTICE_ACTIONS = {Kind.TURN: N_("Make your move"), Kind.INVITE: N_("See the table"), Kind.RESULT: N_("See the game")}
WHY_NOTICE = N_("""You get this mail because you chose notices by e-mail ({what}) on Longhouse.
Your choices: {account}
Turn every notice mail off with one click: {unsubscribe}
""")
WHAT = {Kind.TURN: N_("your turn"), Kind.INVITE: N_("invitations"), Kind.RESULT: N_("results")}

DIGEST_BODY = N_("""Hello {name},

this happened on Longhouse since your last digest:

{lines}
""")
WHY_DIGEST = N_("""You get this mail because you chose a daily digest of your notices on Longhouse.
Your choices: {account}
Turn every notice mail off with one click: {unsubscribe}
""")


class Texts:
    """The mails of one hall, whose public address is ``public`` (``https://hall.example.org``); each one in the
    ``words`` of its reader's language."""

    def __init__(self, public: str) -> None:
        self.public = public.rstrip("/")

    def url(self, path: str) -> str:
        return self.public + path

    def _signed(self, body: str) -> str:
        return body + "\n" + SIGNATURE.format(public=self.public)

    def confirm(self, user_id: int, name: str, address: str, token: str, hours: float, words: Words) -> Outgoing:
        body = _(CONFIRM_BODY, name=name, address=address, hours=f"{hours:g}",
                 link=self.url(f"/mail/confirm#{token}")).render(words)
        return Outgoing(address, "confirm", words.gettext(CONFIRM_SUBJECT), self._signed(body), user_id=user_id)

    def reset(self, user_id: int, name: str, address: str, token: str, hours: float, words: Words) -> Outgoing:
        body = _(RESET_BODY, name=name, hours=f"{hours:g}", link=self.url(f"/reset#{token}")).render(words)
        return Outgoing(address, "reset", words.gettext(RESET_SUBJECT), self._signed(body), user_id=user_id)

    def _unsubscribe_headers(self, address: Address) -> dict[str, str]:
        return {"List-Unsubscribe": f"<{self.url('/api/mail/unsubscribe?token=' + address.unsubscribe)}>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click", "Auto-Submitted": "auto-generated"}

    def notice(self, notice: Notice, address: Address, words: Words) -> Outgoing:
        line = headline(notice, words)
        body = _(NOTICE_BODY, headline=line, action=_(NOTICE_ACTIONS[notice.kind]),
                 link=self.url(notice.path)).render(words)
        why = _(WHY_NOTICE, what=_(WHAT[notice.kind]), account=self.url("/account"),
                unsubscribe=self.url(f"/unsubscribe#{address.unsubscribe}")).render(words)
        return Outgoing(address.address, notice.kind.value, line, self._signed(body + "\n" + why),
                        user_id=notice.user_id, table_id=notice.table_id, headers=self._unsubscribe_headers(address))

    def digest_line(self, notice: Notice, words: Words) -> str:
        return f"- {headline(notice, words)}: {self.url(notice.path)}"

    def digest(self, name: str, address: Address, items: list[DigestItem], words: Words) -> Outgoing:
        subject = ngettext("Longhouse: {n} notice of the last day", "Longhouse: {n} notices of the last day",
                           len(items)).render(words)
        body = _(DIGEST_BODY, name=name, lines="\n".join(item.line for item in items)).render(words)
        why = _(WHY_DIGEST, account=self.url("/account"),
                unsubscribe=self.url(f"/unsubscribe#{address.unsubscribe}")).render(words)
        return Outgoing(address.address, "digest", subject, self._signed(body + "\n" + why),
                        user_id=address.user_id, headers=self._unsubscribe_headers(address))
