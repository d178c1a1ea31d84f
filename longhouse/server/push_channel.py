"""The hall's notices as Web Push: the channel ``notices.Notices`` hands each batch to (``Channel``).

Each notice goes to every device of its person that chose its event (``push.EVENTS``: the notice's kind), as
``{title, body, url, tag}``: the title is the notice's headline (the mails' subject), the body one line of what
to do, the url the page a tap opens (the table, or the invitation's link; a result's replay), and the tag (and
the push's ``Topic``) name the table, so that a newer notice of a table takes the place of an older one on the
device and at the push service. ``deliver`` runs in the notices' worker thread: it reads the subscriptions and
queues the pushes (``push_sender.py`` posts them), it never waits for a push service.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from longhouse.engine.text import ENGLISH, Words
from longhouse.i18n import N_
from longhouse.server.notices import Kind, Notice, Settings, headline, words_of
from longhouse.server.push import Push

#: One line under each kind's headline (catalog texts: in the words of the person's language).
BODIES = {
    Kind.TURN: N_("Open the table to make your move."),
    Kind.INVITE: N_("Open the table to sit down."),
    Kind.RESULT: N_("See the game again, move by move."),
}


def message(notice: Notice, words: Words = ENGLISH) -> dict[str, Any]:
    """What the service worker shows for ``notice`` (web/sw.js), in ``words``."""
    # a private table's invitation names the path that lets its guest in; a result opens the game's replay
    page = notice.path if notice.kind is not Kind.RESULT else f"/replay/{notice.table_id}"
    return {"title": headline(notice, words), "body": words.gettext(BODIES[notice.kind]), "url": page,
            "tag": f"longhouse-table-{notice.table_id}"}


class PushChannel:
    """Web Push for the hall's notices."""

    name = "push"

    def __init__(self, push: Push, people: Settings) -> None:
        self.push = push
        self.people = people  # each account's language (notices.words_of)

    def deliver(self, notices: Sequence[Notice]) -> None:
        for notice in notices:
            said = message(notice, words_of(self.people, notice.user_id))
            self.push.notify(notice.user_id, notice.kind.value, said, topic=f"table-{notice.table_id}")
