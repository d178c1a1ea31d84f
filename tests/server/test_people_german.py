"""The people's side of the hall in the reader's language (docs/i18n.md): the account, admin, moderation and
social answers through the catalog, answered in the request's language (``Accept-Language``, the ``lang``
cookie, ``?lang=``); the social commands' replies in the connection's; a moderator's notice kept as data and
put into words for each page that shows it, in that page's language."""

from __future__ import annotations

import httpx
from harness import Client, Hall, kept
from test_admin import admin
from test_i18n_hall import german_socket
from test_moderation import act, moderator, notice, queue
from test_social import refused

GERMAN = {"Accept-Language": "de"}


def test_sign_up_and_sign_in_refusals_are_in_the_readers_language(hall: Hall) -> None:
    http = kept(httpx.Client(base_url=hall.url, timeout=30))
    Client(hall, "Ann")
    wrong = {"name": "Ann", "password": "not-hers-at-all"}
    assert http.post("/api/signin", json=wrong).json()["error"] == "wrong name or password"
    assert http.post("/api/signin", json=wrong, headers=GERMAN).json()["error"] == (
        "falscher Name oder falsches Passwort")
    unknown = http.post("/api/signin?lang=de", json={"name": "Zed", "password": "whatever1"}).json()
    assert unknown == {"error": "noch niemand hat sich als 'Zed' registriert", "code": "unknown_name"}
    taken = http.post("/api/signup", json={"name": "ann", "password": "secret-pw"}, headers={"Cookie": "lang=de"})
    assert taken.status_code == 400 and taken.json()["error"] == "der Name 'ann' ist vergeben"
    short = http.post("/api/signup", json={"name": "Bea", "password": "x"}, headers=GERMAN).json()["error"]
    assert short == "ein Passwort hat 6 bis 200 Zeichen"
    bad_name = http.post("/api/signup", json={"name": "1Bea", "password": "secret-pw"}, headers=GERMAN)
    assert bad_name.json()["error"] == "ein Name beginnt mit einem Buchstaben"
    not_json = http.post("/api/signin", content=b"{}", headers={**GERMAN, "Content-Type": "text/plain"})
    assert not_json.status_code == 415 and not_json.json()["error"] == "sende JSON (Content-Type: application/json)"


def test_account_admin_and_social_answers_are_german_for_a_german_reader(hall: Hall, db_url: str) -> None:
    ann = Client(hall, "Ann")
    Client(hall, "Bob")
    no_admin = ann.http.get("/api/admin/accounts", headers=GERMAN)
    assert no_admin.status_code == 403 and no_admin.json()["error"] == "das ist nur für die Admins der Halle"
    wrong = ann.http.post("/api/account/password", json={"old": "nope-nope", "new": "another-pw"}, headers=GERMAN)
    assert wrong.status_code == 403 and wrong.json()["error"] == "das ist nicht dein Passwort"
    follow = ann.http.post("/api/social/follow?lang=de", json={"name": "Bob"}).json()
    assert follow["said"] == "Du folgst jetzt Bob: die Lobby zeigt, wann und wo Bob online ist."
    again = ann.http.post("/api/social/follow", json={"name": "Bob"}, headers=GERMAN)
    assert again.status_code == 400 and again.json()["error"] == "du folgst Bob schon"
    english = ann.http.post("/api/social/follow", json={"name": "Bob"})
    assert english.json()["error"] == "you follow Bob already"
    root = admin(hall, db_url)
    no_reason = root.http.post("/api/admin/ban", json={"name": "Bob", "reason": ""}, headers=GERMAN)
    assert no_reason.status_code == 400 and no_reason.json()["error"] == "sag warum (einen Grund)"
    nobody = root.http.post("/api/admin/ban", json={"name": "Zed", "reason": "spam"}, headers=GERMAN)
    assert nobody.status_code == 404 and nobody.json()["error"] == "es gibt kein Konto 'Zed'"


def test_social_commands_answer_in_the_sockets_language(hall: Hall) -> None:
    ann = Client(hall, "Ann")
    Client(hall, "Bob")
    lobby = german_socket(ann, "/ws/lobby")
    lobby.wait_type("hello")
    lobby.send({"type": "chat", "text": "/follow"})
    refused(lobby, "wen? /follow NAME")
    lobby.send({"type": "chat", "text": "/follow Zed"})
    refused(lobby, "es gibt keinen Spieler 'Zed'")
    lobby.send({"type": "chat", "text": "/ignore Bob"})
    lobby.wait(lambda m: "Du hast Bob blockiert" in str(m.get("text", "")), what="the German reply")
    lobby.send({"type": "chat", "text": "/help"})
    helped = lobby.wait(lambda m: "/follow NAME" in str(m.get("text", "")), what="/help")
    assert helped["text"].startswith("In der Lobby:") and "/report NAME Grund" in helped["text"]  # commands stay


def test_a_moderators_notice_reaches_each_page_in_its_language(hall: Hall, db_url: str) -> None:
    root = admin(hall, db_url)
    mia = moderator(hall, db_url, root)
    ann, bob = Client(hall, "Ann"), Client(hall, "Bob")
    german, english = german_socket(ann, "/ws/lobby"), ann.lobby()
    german.wait_type("hello")
    assert bob.http.post("/api/social/report", json={"name": "Ann", "reason": "spam"}).status_code == 200
    (report,) = queue(mia)
    assert act(mia, action="warn", report=report["id"], reason="sei freundlich").status_code == 200
    assert notice(german, "warn")["text"] == "Die Moderation verwarnt dich: sei freundlich"
    assert notice(english, "warn")["text"] == "A moderator warns you: sei freundlich"
    # Bob was not in the lobby: his notice is kept (as data) and said on his next page, in that page's language
    later = german_socket(bob, "/ws/lobby")
    assert notice(later, "report_handled")["text"] == (
        "Die Moderation hat deine Meldung über Ann bearbeitet: der Spieler wurde verwarnt.")
