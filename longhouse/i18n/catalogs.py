"""The catalogs: one ``.po`` file per language, ``locale/<lang>/LC_MESSAGES/longhouse.po``, the only source.

Each is read once, on first use, and compiled in memory (Babel's ``read_po`` and ``write_mo``: no compiled
``.mo`` file to build or to forget). A fuzzy entry or one with no translation is not used: its text comes
in English, entry by entry. English is the message ids themselves and needs no catalog. The browser's texts
are the entries found in ``web/`` and those a table's ``state`` messages may carry as data (``i18n/wire.py``:
the engine's, the games' and the hall's; their ``#:`` locations), served as JSON (``browser_catalog_text``).
"""

from __future__ import annotations

import functools
import gettext
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
from babel import Locale
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from longhouse.engine.text import ENGLISH, Msg

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "longhouse"
SOURCE = "en"
#: Where the browser's texts are (an entry found there goes into the browser's catalog).
WEB_PREFIX = "longhouse/web/"
#: Where texts are that no message to a browser carries (the tutorials' pages are made in the request's
#: language, the terminal's words are its own): an entry found only there stays out of the browser's catalog.
NOT_FOR_BROWSER = ("longhouse/learn/", "longhouse/cli/")


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def languages() -> dict[str, str]:
    """The hall's languages, code -> its own name ("de" -> "Deutsch"): English and each catalog there."""
    found = {SOURCE: "English"}
    if LOCALE_DIR.is_dir():
        for path in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
            lang = path.parent.parent.name
            found[lang] = native_name(lang)
    return found


def native_name(lang: str) -> str:
    try:
        name = Locale.parse(lang).get_display_name(lang) or lang
    except (ValueError, LookupError):
        return lang
    return name[:1].upper() + name[1:]


def read_catalog(lang: str) -> Catalog:
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


#: Rendered texts a translator keeps (``Translator._hook``) and lists it keeps joined (``Translator.join``):
#: when there are more, all are forgotten and kept afresh.
RENDERED_KEPT = 4096
JOINED_KEPT = 1024


class _Singular(dict[str, str]):
    """A catalog's singular entries, message id -> its text, answering a message it lacks with the message
    itself: ``GNUTranslations.gettext`` as one dict look-up (``__getitem__``, no Python frame for a found
    entry). Built once (the catalog never changes): an entry of its own first, else the form the plural
    entry of that id takes for 1, as ``gettext`` looks them up."""

    def __missing__(self, message: str) -> str:
        return message


def _singular(translations: gettext.GNUTranslations) -> _Singular:
    catalog: dict[Any, str] = translations._catalog  # type: ignore[attr-defined]
    one = translations.plural(1)  # type: ignore[attr-defined]
    table = _Singular()
    for key, text in catalog.items():
        if isinstance(key, tuple) and key[1] == one:
            table[key[0]] = text
    for key, text in catalog.items():
        if isinstance(key, str):
            table[key] = text
    return table


class Translator:
    """One language's words: ``gettext``/``ngettext`` of its catalog (English where it has no entry), lists
    in its way, and a JSON encoder that writes every ``Msg`` in that language."""

    def __init__(self, lang: str, translations: gettext.NullTranslations) -> None:
        self.lang = lang
        self._t = translations
        self.gettext: Callable[[str], str] = translations.gettext
        if type(translations) is gettext.GNUTranslations and translations._fallback is None:  # type: ignore[attr-defined]
            # every text of every message goes through here: one dict look-up instead of gettext's frame
            self.gettext = _singular(translations).__getitem__
        self.ngettext = translations.ngettext
        try:
            self._locale: Locale | None = Locale.parse(lang)
        except (ValueError, LookupError):
            self._locale = None
        self._encoder = msgspec.json.Encoder(enc_hook=self._hook)
        #: ``encode``'s bytes (for loops that encode many values).
        self.encode_bytes = self._encoder.encode
        #: The texts rendered by the encoder, by the identity of their ``Msg`` (id -> the Msg, held so that its
        #: id is not reused, and its text): many texts are one object encoded again and again (a phase's text,
        #: kept by its game; a seat's name; a view's unchanging words), each rendered once. A Msg is
        #: immutable, so its text in one language never changes; only the very object counts, not an equal
        #: one (``1 == True``: two Msgs can be equal and read differently).
        self._rendered: dict[int, tuple[Msg, str]] = {}
        #: Lists joined in this language (Babel's ``format_list`` reads its locale's patterns at every call).
        self._joined: dict[tuple[str, ...], str] = {}

    def join(self, items: list[str], /) -> str:
        if self.lang == SOURCE or self._locale is None:
            return ENGLISH.join(items)
        key = tuple(items)
        text = self._joined.get(key)
        if text is None:
            if len(self._joined) >= JOINED_KEPT:
                self._joined.clear()
            text = self._joined[key] = format_list(items, locale=self._locale)
        return text

    def text(self, value: Any) -> str:
        """A text in this language: a ``Msg`` rendered, anything else as ``str``."""
        return value.render(self) if isinstance(value, Msg) else str(value)

    def _hook(self, value: Any) -> Any:
        if isinstance(value, Msg):
            kept = self._rendered.get(id(value))
            if kept is not None and kept[0] is value:
                return kept[1]
            text = value.render(self)
            if len(self._rendered) >= RENDERED_KEPT:
                self._rendered.clear()
            self._rendered[id(value)] = (value, text)
            return text
        raise NotImplementedError(f"cannot encode {type(value).__name__}")

    def encode(self, value: Any) -> str:
        """``value`` as JSON text, its texts in this language."""
        return self._encoder.encode(value).decode()


def compiled(catalog: Catalog) -> gettext.GNUTranslations:
    """The catalog as gettext reads it (compiled in memory; fuzzy entries left out)."""
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


@functools.cache
def translator(lang: str) -> Translator:
    """The translator of a language the hall has (``languages()``); English for any other."""
    if lang == SOURCE or lang not in languages():
        return Translator(SOURCE, gettext.NullTranslations())
    return Translator(lang, compiled(read_catalog(lang)))


def english() -> Translator:
    return translator(SOURCE)


_PLURAL_SAMPLES = range(0, 1001)


def plural_categories(lang: str, catalog: Catalog) -> dict[str, int]:
    """For the browser: which of the catalog's plural forms each CLDR plural category (``Intl.PluralRules``
    gives the category of a number) takes, found by trying whole numbers in both rules."""
    translations = compiled(catalog)
    found: dict[str, int] = {}
    try:
        rule = Locale.parse(lang).plural_form
    except (ValueError, LookupError):
        return {"one": 0, "other": 1}
    plural_of = getattr(translations, "plural", None)  # the catalog's Plural-Forms, as gettext reads it
    for n in _PLURAL_SAMPLES:
        category = rule(n)
        if category not in found:
            found[category] = (0 if n == 1 else 1) if plural_of is None else int(plural_of(n))
    return found


@functools.cache
def browser_catalog_text(lang: str) -> str:
    """The browser's catalog of a language as JSON text: ``{"lang", "plural": {category: form index},
    "messages": {msgid: text or [forms]}}``: its translated, not fuzzy entries found anywhere but where no
    message to a browser comes from (``NOT_FOR_BROWSER``)."""
    if lang == SOURCE or lang not in languages():
        return msgspec.json.encode({"lang": SOURCE, "plural": {"one": 0, "other": 1}, "messages": {}}).decode()
    catalog = read_catalog(lang)
    messages: dict[str, Any] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if all(path.startswith(NOT_FOR_BROWSER) for path, _line in message.locations):
            continue
        if isinstance(message.id, tuple | list):
            forms = [str(s) for s in message.string or ()]
            if all(forms):
                messages[str(message.id[0])] = forms
        elif message.string:
            messages[str(message.id)] = str(message.string)
    return msgspec.json.encode({"lang": lang, "plural": plural_categories(lang, catalog),
                                "messages": messages}).decode()


def negotiate(accept_language: str | None) -> str | None:
    """The first of the hall's languages an ``Accept-Language`` header asks for (by weight), or None."""
    if not accept_language:
        return None
    have = languages()
    asked: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept_language.split(",")[:20]):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if tag and weight > 0:
            asked.append((-weight, i, tag.strip().lower()))
    for _w, _i, tag in sorted(asked):
        base = tag.split("-")[0]
        if tag in have:
            return tag
        if base in have:
            return base
    return None


def supported(lang: str | None) -> str | None:
    """``lang`` if the hall has it, else None."""
    if lang is None:
        return None
    lang = lang.strip().lower()[:12]
    return lang if lang in languages() else None
