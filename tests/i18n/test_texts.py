"""The texts and the catalogs: a ``Msg`` is made into words in the reader's language, entry by entry from its
catalog (English where the catalog has none), with plural forms, lists and nested texts; a third language is
one ``.po`` file, and one that is only partly translated falls back to English entry by entry."""

from __future__ import annotations

import io
import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po
from hypothesis import given
from hypothesis import strategies as st

from longhouse.engine.seats import seat_word
from longhouse.i18n import Msg, _, catalogs, english, joined, listing, ngettext, plain
from longhouse.i18n.catalogs import Translator, compiled, negotiate, translator


def test_english_is_the_message_ids_with_their_parameters() -> None:
    m = _("{seat} picks {card}", seat=seat_word(0), card="the chief")
    assert str(m) == "Red picks the chief" and english(m) == "Red picks the chief"
    assert str(ngettext("{n} point", "{n} points", 1)) == "1 point"
    assert str(ngettext("{n} point", "{n} points", 3)) == "3 points"
    assert str(listing([seat_word(0), seat_word(1), seat_word(2)])) == "Red, Blue and Green"
    assert str(joined(" · ", ["a", _("b")])) == "a · b"
    assert plain({"a": [m, 1, None]}) == {"a": ["Red picks the chief", 1, None]}


def test_german_words_plurals_lists_and_nested_texts() -> None:
    de = translator("de")
    assert de.lang == "de"
    assert de.text(seat_word(0)) == "Rot"
    nested = _("{name} sits down at {seat}.", name="Ann", seat=_("seat {number} ({colour})", number=2,
                                                                    colour=seat_word(1)))
    assert de.text(nested) == "Ann setzt sich an Platz 2 (Blau)."
    one = ngettext("{seat} controls hunting ground {ground} and takes {n} prisoner",
                   "{seat} controls hunting ground {ground} and takes {n} prisoners", 1, seat=seat_word(2), ground=3)
    assert de.text(one) == "Grün beherrscht Jagdgebiet 3 und nimmt 1 Gefangenen"
    many = ngettext("{seat} controls hunting ground {ground} and takes {n} prisoner",
                    "{seat} controls hunting ground {ground} and takes {n} prisoners", 4, seat=seat_word(2), ground=3)
    assert de.text(many) == "Grün beherrscht Jagdgebiet 3 und nimmt 4 Gefangene"
    assert de.text(listing([seat_word(0), seat_word(1), seat_word(3)])) == "Rot, Blau und Gelb"
    # JSON in German: every text in it, anywhere, and nothing else changed
    assert json.loads(de.encode({"phase": _("Game over"), "n": 3, "list": [seat_word(1)]})) == {
        "phase": "Spielende", "n": 3, "list": ["Blau"]}


def test_an_unknown_language_is_english() -> None:
    assert translator("xx").lang == "en"
    assert translator("xx").text(seat_word(0)) == "Red"


@given(st.text(max_size=30), st.integers(min_value=0, max_value=10**6))
def test_parameters_are_put_in_as_they_are(name: str, n: int) -> None:
    """A name with braces in it, or any number, is put in, never read as a format of its own."""
    m = _("{name} sits down at {seat}.", name=name, seat=n)
    assert str(m) == f"{name} sits down at {n}."
    assert translator("de").text(m) == f"{name} setzt sich an {n}."


def test_texts_compare_and_hash_by_id_and_parameters() -> None:
    a, b = _("{seat} picks {card}", seat=seat_word(0), card="x"), _("{seat} picks {card}", seat=seat_word(0), card="x")
    assert a == b and hash(a) == hash(b) and a != _("{seat} picks {card}", seat=seat_word(1), card="x")
    assert a != "Red picks x"  # a text is not its English words
    assert "picks" in a  # ... but its English words may be searched


def test_a_translation_naming_a_parameter_the_text_lacks_falls_back_to_english() -> None:
    catalog = Catalog(locale="fr")
    catalog.add("{seat} picks {card}", "{siège} choisit {carte}")
    words = Translator("fr", compiled(catalog))
    assert words.text(_("{seat} picks {card}", seat="Rouge", card="x")) == "Rouge picks x"


def test_accept_language_picks_the_first_language_the_hall_has() -> None:
    assert negotiate("de-DE,de;q=0.9,en;q=0.8") == "de"
    assert negotiate("fr-CH, fr;q=0.9, de;q=0.7, *;q=0.5") == "de"
    assert negotiate("en-GB,en;q=0.9,de;q=0.8") == "en"
    assert negotiate("de;q=0, en;q=0.5") == "en"
    assert negotiate("fr") is None and negotiate("") is None and negotiate(None) is None
    assert negotiate("de;q=abc, en") == "en"


def test_the_browser_catalog_holds_what_a_browser_puts_into_words() -> None:
    """The web's entries, and the games', the engine's and the hall's, which a ``state`` message carries as
    data (``i18n/wire.py``); not those found only in the tutorials or the terminal, made elsewhere."""
    data = json.loads(catalogs.browser_catalog_text("de"))
    assert data["lang"] == "de" and data["plural"] == {"one": 0, "other": 1}
    assert data["messages"]["Sign in"] == "Anmelden"
    assert data["messages"]["{seat} picks {card}"] == "{seat} wählt {card}"  # a game's event
    assert data["messages"]["the game is over"]  # the engine's
    assert "Red (you)" not in data["messages"]  # the tutorials' only
    assert "total" not in data["messages"]  # the terminal's only
    assert json.loads(catalogs.browser_catalog_text("en"))["messages"] == {}


@pytest.fixture
def third_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The hall's catalogs plus a French one, as a translator would add it: one .po file."""
    locale = tmp_path / "locale"
    shutil.copytree(catalogs.LOCALE_DIR, locale)
    monkeypatch.setattr(catalogs, "LOCALE_DIR", locale)
    for cached in (catalogs.languages, catalogs.translator, catalogs.browser_catalog_text):
        cached.cache_clear()
    yield locale
    monkeypatch.undo()
    for cached in (catalogs.languages, catalogs.translator, catalogs.browser_catalog_text):
        cached.cache_clear()


def test_a_third_language_is_one_file_and_a_partial_one_falls_back_per_entry(third_language: Path) -> None:
    from longhouse.i18n import tools

    template = tools.extract()
    catalog = Catalog(locale="fr", domain=catalogs.DOMAIN)
    catalog.update(template)
    catalog["Sign in"].string = "Se connecter"
    catalog["Red"].string = "Rouge"
    catalog["{name} sits down at {seat}."].string = "{name} s'assoit à {seat}."
    key = "{seat} controls hunting ground {ground} and takes {n} prisoner"
    catalog[key].string = ("{seat} contrôle le terrain {ground} et prend {n} prisonnier",
                           "{seat} contrôle le terrain {ground} et prend {n} prisonniers")
    catalog["Blue"].string = "Bleu"
    catalog["Blue"].flags.add("fuzzy")  # not checked yet: not used
    path = third_language / "fr" / "LC_MESSAGES" / "longhouse.po"
    path.parent.mkdir(parents=True)
    buf = io.BytesIO()
    write_po(buf, catalog)
    path.write_bytes(buf.getvalue())

    assert catalogs.languages()["fr"] == "Français"
    fr = catalogs.translator("fr")
    assert fr.lang == "fr"
    assert fr.text(_("{name} sits down at {seat}.", name="Ann", seat=seat_word(0))) == "Ann s'assoit à Rouge."
    assert fr.text(seat_word(1)) == "Blue"  # fuzzy: English
    assert fr.text(seat_word(2)) == "Green"  # not translated: English, entry by entry
    assert fr.text(_("the game is over")) == "the game is over"
    # French plurals: 0 and 1 are singular
    assert fr.text(ngettext(key, "{seat} controls hunting ground {ground} and takes {n} prisoners", 0,
                            seat="Rouge", ground=1)) == "Rouge contrôle le terrain 1 et prend 0 prisonnier"
    assert fr.text(ngettext(key, "{seat} controls hunting ground {ground} and takes {n} prisoners", 2,
                            seat="Rouge", ground=1)) == "Rouge contrôle le terrain 1 et prend 2 prisonniers"
    browser = json.loads(catalogs.browser_catalog_text("fr"))
    assert browser["messages"] == {  # the translated entries, not the fuzzy one
        "Sign in": "Se connecter", "Red": "Rouge", "{name} sits down at {seat}.": "{name} s'assoit à {seat}.",
        key: ["{seat} contrôle le terrain {ground} et prend {n} prisonnier",
              "{seat} contrôle le terrain {ground} et prend {n} prisonniers"]}
    assert browser["plural"]["one"] == 0 and browser["plural"]["other"] == 1
    problems = tools.check("fr", template)
    assert "Green" in problems.missing and "Blue" in problems.fuzzy and not problems.unused
    # the German catalog is untouched by it
    assert catalogs.translator("de").text(seat_word(1)) == "Blau"


def test_msg_is_not_a_str() -> None:
    """A text is not handed out as finished words by mistake: it is no ``str`` (an encoder without the
    languages' hook refuses it)."""
    import msgspec

    assert not isinstance(_("Game over"), str)
    with pytest.raises(TypeError):
        msgspec.json.encode({"x": _("Game over")})
    assert isinstance(Msg("x"), Msg)


def test_the_translators_shortcuts_answer_as_gettext_and_babel_do() -> None:
    """A translator's catalog look-up (one dict), its joined lists and its rendered texts (kept) are what
    ``GNUTranslations.gettext``, Babel's ``format_list`` and ``Msg.render`` give, however often asked."""
    from babel.lists import format_list

    de = translator("de")
    catalog = catalogs.read_catalog("de")
    gnu = compiled(catalog)
    ids = [m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id] + ["no such text", ""]
    assert len(ids) > 100
    assert [de.gettext(i) for i in ids] == [gnu.gettext(i) for i in ids]
    assert de.gettext("Red") == "Rot" and de.gettext("no such text") == "no such text"
    items = ["Rot", "Blau", "Grün", "Gelb"]
    for _round in range(2):
        assert [de.join(items[:n]) for n in range(5)] == [format_list(items[:n], locale="de") for n in range(5)]
    # kept by the object, not by equality: two equal texts that read differently each read their own way
    one, true = Msg("{n}", {"n": 1}), Msg("{n}", {"n": True})
    assert one == true
    assert de.encode([one, true, one, true]) == '["1","True","1","True"]'
    phase = listing([seat_word(0), seat_word(1)])
    assert de.encode([phase, phase]) == '["Rot und Blau","Rot und Blau"]' == de.encode([phase, phase])
