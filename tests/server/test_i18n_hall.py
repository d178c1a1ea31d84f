"""The hall in the reader's language: pages, API answers and each socket's messages (docs/i18n.md).

The language is the account's setting, else the ``lang`` cookie, else ``Accept-Language``, else English;
``?lang=`` names one for a request. Every client at a table gets its texts in its own language, and a
message is made once per language (not once per socket)."""

from __future__ import annotations

import json

import httpx
from harness import WS, Client, Hall, command, create_table, fill_with_bots, join, kept
from websockets.sync.client import connect

from longhouse import games
from longhouse.engine.events import Event
from longhouse.engine.text import Msg
from longhouse.i18n.catalogs import translator
from longhouse.i18n.wire import words_of
from longhouse.server.state_texts import StateTexts

COOKIE = "longhouse_session"


def german_socket(person: Client, path: str) -> WS:
    url = "ws" + person.base[len("http"):] + path
    return WS(connect(url, additional_headers={"Cookie": f"{COOKIE}={person.token}; lang=de"}, max_size=2**22,
                      legacy=True))


def test_the_page_and_the_api_answer_in_the_readers_language(hall: Hall) -> None:
    http = kept(httpx.Client(base_url=hall.url))
    assert '<html lang="en">' in http.get("/").text
    page = http.get("/archive", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    assert '<html lang="de">' in page.text and page.headers["content-language"] == "de"
    assert '<html lang="en">' in http.get("/", headers={"Accept-Language": "de", "Cookie": "lang=en"}).text
    english = http.get("/api/games/manitou").json()
    german = http.get("/api/games/manitou", headers={"Accept-Language": "de"}).json()
    by_query = http.get("/api/games/manitou?lang=de").json()
    assert german == by_query
    names = {w["code"]: w["name"] for w in german["warriors"]}
    # the long names break at a soft hyphen on a small card
    assert names == {"C": "Häupt\u00adling", "M": "Medizin\u00admann", "R": "Regen\u00admacher", "S": "Späher",
                     "Q": "Squaw"}
    assert {w["code"]: w["name"] for w in english["warriors"]}["C"] == "chief"
    assert german["seats"][0]["name"] == "Rot" and english["seats"][0]["name"] == "Red"
    missing = http.get("/api/games/nothing?lang=de")
    assert missing.status_code == 404 and missing.json()["error"] == "es gibt kein Spiel 'nothing'"
    assert http.get("/i18n/de.json").json()["messages"]["Sign in"] == "Anmelden"
    assert http.get("/i18n/xx.json").status_code == 404
    assert http.get("/api/me", headers={"Accept-Language": "de"}).json()["lang"] == "de"
    offered = http.get("/api/me").json()["languages"]
    assert {"code": "de", "name": "Deutsch"} in offered and offered[0] == {"code": "en", "name": "English"}


def test_the_accounts_setting_comes_first(hall: Hall) -> None:
    ann = Client(hall, "Ann")
    assert ann.http.post("/api/settings", json={"lang": "de"}).json()["settings"]["lang"] == "de"
    bad = ann.http.post("/api/settings", json={"lang": "xx"}, headers={"Accept-Language": "de"})
    assert bad.status_code == 400 and bad.json()["error"] == "es gibt keine Sprache 'xx'"
    assert ann.http.post("/api/settings", json={"lang": 3}).status_code == 400
    assert ann.http.get("/api/settings").json()["settings"]["lang"] == "de"
    assert ann.http.get("/api/me", headers={"Accept-Language": "en"}).json()["lang"] == "de"
    assert '<html lang="de">' in ann.http.get("/", headers={"Accept-Language": "en"}).text
    assert '<html lang="en">' in ann.http.get("/?lang=en").text  # a request may name its own


def test_each_socket_gets_its_own_language(hall: Hall) -> None:
    ann, bob = Client(hall, "Ann"), Client(hall, "Bob")
    lobby = ann.lobby()
    tid = create_table(lobby, "manitou", 3)
    wa = ann.table(tid)
    wb = german_socket(bob, f"/ws/table/{tid}")
    wb.wait_type("table")
    join(wa, 1)
    command(wb, "/join 2")
    wb.wait(lambda m: m["type"] == "table" and m["you"]["seat"] == 1)
    said = wb.wait(lambda m: m["type"] == "chat" and "setzt sich" in m["text"])
    assert said["text"] == "Bob setzt sich an Platz 2 (Blau)."
    assert wa.wait(lambda m: m["type"] == "chat" and "Bob" in m["text"])["text"] == "Bob sits down at seat 2 (Blue)."
    fill_with_bots(wa, "")
    command(wa, "/start")
    sa, sb = wa.wait_type("state"), wb.wait_type("state")
    assert sa["view"]["header"]["phase"].startswith("Hunt 1 of 3: ")
    assert sb["view"]["header"]["phase"].startswith("Jagd 1 von 3: ")
    assert sb["view"]["header"]["seats"][0]["name"] == "Rot"
    assert all(text.endswith(" wählen") for text in sb["legal_text"])
    assert all(text.startswith("pick ") for text in sa["legal_text"])
    # the same move's words, in each one's language
    wb.send({"type": "action", "version": sb["version"], "action": sb["legal"][0], "ref": 7})
    mine = wb.wait(lambda m: m["type"] == "state" and m.get("by") == 1)
    assert mine["events"][0]["text"].startswith("Blau wählt ")
    # refusals and chat replies in the reader's language
    wb.send({"type": "action", "version": mine["version"], "action": {"type": "pick", "card": "Z"}, "ref": 8})
    assert wb.wait_type("error")["message"].startswith("unbekannte Karte 'Z'; die Karten sind 1, 2")
    command(wb, "/nothing")
    assert wb.wait_type("error")["message"] == "unbekannter Befehl /nothing; versuche /help"
    command(wb, "/help")
    assert wb.wait(lambda m: m["type"] == "chat" and m.get("private"))["text"].startswith("Befehle: /join [Platz]")
    command(wa, "/help")
    assert wa.wait(lambda m: m["type"] == "chat" and m.get("private"))["text"].startswith("Commands: /join [seat]")
    german_lobby = german_socket(bob, "/ws/lobby")
    german_lobby.wait_type("hello")
    german_lobby.send({"type": "create", "game": "nothing", "seats": 2, "options": {}})
    assert german_lobby.wait_type("error")["message"].startswith("es gibt kein Spiel 'nothing'")


def test_a_message_is_made_once_for_every_language_and_read_in_each() -> None:
    """The state messages for many sockets: one text per seat and base, shared by every socket of that seat
    whatever its language (its texts go as catalog ids and parameters); each reader puts them into its own
    words."""
    game = games.get("manitou")
    state = game.new_state(3, 5)
    texts = StateTexts(game)
    to = [(None, None), (None, None), (None, None), (0, None), (0, None)]
    event = Event("x", seat_event_text())
    out = texts.texts(state, 0, "running", None, to, [event], None)
    assert out[0][0] is out[1][0] is out[2][0] and out[3][0] is out[4][0]  # one message a seat, every language
    english, german = (words_of(json.loads(out[0][0]), translator(lang)) for lang in ("en", "de"))
    assert english["view"]["header"]["phase"].startswith("Hunt 1 of 3")
    assert german["view"]["header"]["phase"].startswith("Jagd 1 von 3")
    assert german["events"][0]["text"].startswith("Rot wählt") and english["events"][0]["text"].startswith("Red picks")
    mine_de, mine_en = (words_of(json.loads(out[3][0]), translator(lang)) for lang in ("de", "en"))
    assert all(t.endswith(" wählen") for t in mine_de["legal_text"]) and all(
        t.startswith("pick ") for t in mine_en["legal_text"])
    # the next version's deltas, against what each was sent
    sent = [o[1] for o in out]
    state.apply(0, state.legal_actions(0)[0])
    later = texts.texts(state, 1, "running", None, [(seat, s) for (seat, _), s in zip(to, sent, strict=True)], [],
                        0)
    assert all('"base":0' in text for text, _ in later)
    assert later[1][0] is later[2][0]


def seat_event_text() -> Msg:
    from longhouse.engine.seats import seat_word
    from longhouse.i18n import _

    return _("{seat} picks {card}", seat=seat_word(0), card="x")
