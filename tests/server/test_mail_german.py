"""Mails and push notices in the language of the account they go to (docs/mail.md, docs/i18n.md): its setting
(``/api/settings`` ``lang``), else English — whatever language the page that asked for them spoke. A real hall
mailing a real SMTP server (aiosmtpd on loopback)."""

from __future__ import annotations

from email.message import EmailMessage

import httpx
from harness import Client, Hall, create_table
from smtp import SmtpSink, links, text_of
from test_mail import fragment

from longhouse.server.mail import CONFIRM_AGE
from longhouse.server.notices import Kind, Notice, words_of
from longhouse.server.push_channel import message


def flat(mail: EmailMessage) -> str:
    """The mail's text with its lines joined (a long line may be folded)."""
    return " ".join(text_of(mail).split())


def to(mails: list[EmailMessage], address: str) -> list[EmailMessage]:
    return [m for m in mails if m["To"] == address]


def test_a_german_accounts_mails_are_german_and_an_english_ones_english(mhall: Hall, sink: SmtpSink) -> None:
    ann, bob = Client(mhall, "Ann"), Client(mhall, "Bob")
    assert ann.http.post("/api/settings", json={"lang": "de"}).status_code == 200
    # Bob's page speaks German (its browser): his account has no setting, so his mails are English
    assert bob.http.post("/api/account/email", json={"address": "bob@example.org"},
                         headers={"Accept-Language": "de"}).status_code == 200
    assert ann.http.post("/api/account/email", json={"address": "ann@example.org"}).status_code == 200
    mails = sink.wait(2)
    (ann_confirm,), (bob_confirm,) = to(mails, "ann@example.org"), to(mails, "bob@example.org")
    assert ann_confirm["Subject"] == "Bestätige deine E-Mail-Adresse für Longhouse"
    hours = f"{CONFIRM_AGE / 3600:g}"
    assert flat(ann_confirm).startswith("Hallo Ann, bitte bestätige, dass ann@example.org deine E-Mail-Adresse bei "
                                        f"Longhouse ist: öffne diesen Link innerhalb von {hours} Stunden.")
    assert bob_confirm["Subject"] == "Confirm your e-mail address for Longhouse"
    assert flat(bob_confirm).startswith("Hello Bob, please confirm that bob@example.org is your e-mail")
    for client, mail in ((ann, ann_confirm), (bob, bob_confirm)):
        token = fragment(links(mail)[0], "/mail/confirm")
        assert client.http.post("/api/mail/confirm", json={"token": token}).status_code == 200
        assert client.http.post("/api/account/notices", json={"invite": True}).status_code == 200

    # an invitation: subject, the link's words and the footer in each one's language
    cleo = Client(mhall, "Cleo")
    tid = create_table(cleo.lobby(), "toy", 2)
    table = mhall.hall.tables[tid]
    ids = {name: mhall.store.user_by_name(name)[0].id for name in ("Ann", "Bob")}  # type: ignore[index]
    for uid in ids.values():
        mhall.hall.notices.invitation(uid, table, by="Cleo")
    mails = sink.wait(4)
    (ann_invite,), (bob_invite,) = to(mails[2:], "ann@example.org"), to(mails[2:], "bob@example.org")
    assert ann_invite["Subject"] == f"Cleo lädt dich zu Toy ein (Tisch {tid})"
    ann_text = flat(ann_invite)
    assert text_of(ann_invite).startswith(f"Cleo lädt dich zu Toy ein (Tisch {tid}).\n\n"
                                          f"Zum Tisch: {mhall.url}/table/{tid}\n")
    assert "Du bekommst diese E-Mail, weil du bei Longhouse Benachrichtigungen per E-Mail (Einladungen)" in ann_text
    assert "Alle Benachrichtigungen per E-Mail mit einem Klick abschalten: " in ann_text
    assert bob_invite["Subject"] == f"Cleo invites you to Toy (table {tid})"
    assert text_of(bob_invite).startswith(f"Cleo invites you to Toy (table {tid}).\n\nSee the table: ")
    assert "You get this mail because you chose notices by e-mail (invitations)" in flat(bob_invite)

    # a password reset asked for from an English page: Ann's account is German, so is her mail
    forgot = httpx.post(mhall.url + "/api/mail/forgot", json={"address": "ann@example.org"},
                        headers={"Accept-Language": "en"})
    assert forgot.json()["text"].startswith("If an account has confirmed this address")
    (reset,) = to(sink.wait(5)[4:], "ann@example.org")
    assert reset["Subject"] == "Ein neues Passwort für Longhouse"
    assert flat(reset).startswith("Hallo Ann, jemand (hoffentlich du) hat ein neues Passwort für dein "
                                  "Longhouse-Konto Ann angefordert.")

    # a push of the same notices: title and body in the account's language
    people = mhall.hall.people
    for name, title, body in (
            ("Ann", f"Cleo lädt dich zu Toy ein (Tisch {tid})", "Öffne den Tisch, um dich hinzusetzen."),
            ("Bob", f"Cleo invites you to Toy (table {tid})", "Open the table to sit down.")):
        notice = Notice(Kind.INVITE, ids[name], tid, "toy", "Toy", by="Cleo")
        said = message(notice, words_of(people, ids[name]))
        assert (said["title"], said["body"]) == (title, body)
