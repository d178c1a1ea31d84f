"""Names of any script, and never two that look alike (``server/names.py``, ``server/lookalike.py``): through a
real hall's sign-up and sign-in, the store's unique key, the revision that gives old accounts their keys, and
the key's properties (hypothesis)."""

from __future__ import annotations

import time
import unicodedata
from pathlib import Path

import httpx
import pytest
from harness import Hall
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, insert, select

from longhouse.i18n import Msg
from longhouse.server import names
from longhouse.server.lookalike import lookalike_key, prototypes
from longhouse.store import NameTaken, Store, revisions
from longhouse.store.db import model
from longhouse.store.social import social_store


def signup(hall: Hall, name: str) -> httpx.Response:
    return httpx.post(f"{hall.url}/api/signup", json={"name": name, "password": "secret-pw"}, timeout=30)


def test_letters_of_any_script_sign_up_and_in(hall: Hall) -> None:
    for name in ("Ünïcødé", "محمد", "Иван", "张伟", "Ολυμπία", "राम", "Zoë_2", "Łucja-7"):
        answer = signup(hall, name)
        assert answer.status_code == 200, (name, answer.text)
        assert answer.json()["name"] == name
    # typed in another normal form (NFD, as some keyboards send it): the same account
    again = httpx.post(f"{hall.url}/api/signin", json={"name": unicodedata.normalize("NFD", "Zoë_2"),
                                                        "password": "secret-pw"})
    assert again.status_code == 200 and again.json()["name"] == "Zoë_2"
    # full-width letters are kept in their plain form (NFKC)
    assert signup(hall, "Ｋａｉ").json()["name"] == "Kai"
    page = httpx.get(f"{hall.url}/api/players/%D0%98%D0%B2%D0%B0%D0%BD")  # Иван, as a link carries it
    assert page.status_code == 200 and page.json()["name"] == "Иван"


def test_names_that_look_like_a_players_are_refused(hall: Hall) -> None:
    assert signup(hall, "Ivan").status_code == 200
    for look_alike in ("lvan", "Іvan", "Ｉｖａｎ", "Ivan", "lVAN"):  # Іvan: a Cyrillic І
        refused = signup(hall, look_alike)
        assert refused.status_code == 400, look_alike
        assert refused.json()["error"] == "the name 'lvan' looks too much like 'Ivan', a player's name; choose " \
            "another" if look_alike == "lvan" else "Ivan" in refused.json()["error"], refused.text
    for same in ("IVAN", "ivan"):
        assert signup(hall, same).json()["error"] == f"the name {same!r} is taken"
    assert signup(hall, "Iwan").status_code == 200  # a real letter apart
    assert signup(hall, "Marie").status_code == 200
    assert signup(hall, "rnarie").status_code == 400
    assert signup(hall, "Раураl").status_code == 200  # Cyrillic letters only: no one's look-alike yet
    assert signup(hall, "PayPal").status_code == 400  # now it is one: Раураl holds the key
    assert hall.store.count_users() == 4


def test_the_halls_own_names_cannot_be_passed_for(hall: Hall) -> None:
    for name in ("B0t-Red", "Bot-Red", "Gues7-12345", "Guest-12345", "GUEST", "Вot", "bot_blue", "Bоt-1"):
        refused = signup(hall, name)
        assert refused.status_code == 400 and "hall's own" in refused.json()["error"], name


@pytest.mark.parametrize(("name", "why"), [
    ("Ann\u200b", names.INVISIBLE), ("An\u200dn", names.INVISIBLE), ("A\u3164nn", names.INVISIBLE),
    ("Ann\ufe0f", names.INVISIBLE), ("\u202eAnn", names.DIRECTION), ("Ann\u2066x", names.DIRECTION),
    ("An\u061cn", names.DIRECTION), ("Ann\u200f", names.DIRECTION), ("An\u00adn", names.INVISIBLE),
    ("Annمحمد", names.MIXED), ("ax\u0301\u0302\u0303\u0304", names.MARKS), ("a_\u0301b", names.ALLOWED),
    ("1Ann", names.FIRST), ("Ann Lee", names.ALLOWED), ("<b>x</b>", names.FIRST),
    ("a<b>", names.ALLOWED),
    ("Ann😀", names.ALLOWED), ("A", names.LENGTH), ("A" * 21, names.LENGTH), ("", names.LENGTH),
])
def test_invisible_direction_changing_and_other_marks_are_refused(hall: Hall, name: str, why: Msg) -> None:
    refused = signup(hall, name)
    assert refused.status_code == 400 and refused.json()["error"] == str(why)
    assert hall.store.count_users() == 0


def test_two_look_alikes_at_once_make_one_account(db_url: str) -> None:
    """The store keeps one key per account, unique: a look-alike that got past the first look (made at the
    same moment) is refused by the store, and nothing of it is kept."""
    store = Store(db_url)
    try:
        social = social_store(store)
        store.create_user("Ivan", None, also=lambda c, uid: social.add_key(c, uid, lookalike_key("Ivan")))
        with pytest.raises(NameTaken):
            store.create_user("lvan", None, also=lambda c, uid: social.add_key(c, uid, lookalike_key("lvan")))
        assert store.user_by_name("lvan") is None and store.count_users() == 1
    finally:
        store.close()


def test_the_revision_gives_old_accounts_their_keys(tmp_path: Path) -> None:
    """A store at revision 0005 holding ``Ivan`` and, made later, ``lvan`` (the old rule let it in) and a
    banned ``Bill`` with the old key: upgraded, Ivan holds the key (lvan keeps its name, no one else can take
    it), and the ban's key is the new rule's."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = create_engine(url)
    revisions.upgrade(engine, "", to="0005")
    md = model()
    users, bans = md.tables["users"], md.tables["bans"]
    with engine.begin() as c:
        for uid, name in ((1, "Ivan"), (2, "lvan"), (3, "Bill")):
            c.execute(insert(users).values(id=uid, name=name, name_key=name.casefold(), guest=False,
                                           created=time.time()))
        c.execute(insert(users).values(id=4, name="Guest-12345", name_key="guest-12345", guest=True,
                                       created=time.time()))
        c.execute(insert(bans).values(user_id=3, name_key="old key", since=time.time(), banned_by="Root",
                                      reason="spam"))
    engine.dispose()
    store = Store(url)
    try:
        keys = store.metadata.tables["name_keys"]
        with store.engine.connect() as c:
            assert dict(c.execute(select(keys.c.user_id, keys.c.name_key)).all()) == {1: "lvan", 3: "blll"}
            assert c.execute(select(bans.c.name_key)).scalar() == lookalike_key("Bill")
    finally:
        store.close()


# --- the key's properties ------------------------------------------------------------------------------------

ASCII_NAMES = st.from_regex(r"[A-Za-z][A-Za-z0-9_\-]{1,19}", fullmatch=True)


def _look_alikes() -> dict[str, list[str]]:
    """Each ASCII letter's look-alikes of other scripts, from Unicode's data: the characters whose prototype
    it is (those a name may hold: letters, one character, kept by NFKC)."""
    out: dict[str, list[str]] = {}
    for code, proto in prototypes().items():
        char = chr(code)
        if proto.isascii() and len(proto) == 1 and proto.isalpha() and not char.isascii() \
                and unicodedata.category(char).startswith("L") and unicodedata.normalize("NFKC", char) == char:
            out.setdefault(proto, []).append(char)
    return out


LOOK_ALIKES = _look_alikes()


@settings(deadline=None, max_examples=200)  # a loaded machine is slow, not wrong
@given(ASCII_NAMES, st.data())
def test_another_scripts_look_alikes_keep_the_key(name: str, data: st.DataObject) -> None:
    changed = "".join(data.draw(st.sampled_from([char, *LOOK_ALIKES.get(char, [])])) for char in name)
    assert lookalike_key(changed) == lookalike_key(name)


@settings(deadline=None, max_examples=300)
@given(st.text(max_size=30))
def test_the_key_is_a_fixed_point_and_ignores_compatibility_forms(text: str) -> None:
    key = lookalike_key(text)
    assert lookalike_key(key) == key
    assert lookalike_key(unicodedata.normalize("NFKC", text)) == key


@settings(deadline=None, max_examples=300)
@given(st.text(min_size=1, max_size=24))
def test_a_name_is_refused_or_kept_plain(text: str) -> None:
    try:
        name = names.check(text)
    except names.BadName:
        return
    assert name == unicodedata.normalize("NFKC", name) and 2 <= len(name) <= names.MOST
    assert not any(names.ignorable(c) or (unicodedata.category(c)[0] in "CZPS" and c not in "_-") for c in name)
    assert unicodedata.category(name[0]).startswith("L")


@settings(deadline=None, max_examples=200)
@given(ASCII_NAMES)
def test_case_never_matters(name: str) -> None:
    assume(not name.casefold().startswith(("guest", "bot")))
    assert lookalike_key(name) == lookalike_key(name.swapcase()) == lookalike_key(name.upper())
