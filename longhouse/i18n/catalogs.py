"""The catalogs: one ``.po`` file per language, ``locale/<lang>/LC_MESSAGES/longhouse.po``, the only source.

Each is read once, on first use, and compiled in memory (Babel's ``read_po`` and ``write_mo``: no compiled
``.mo`` file to build or to forget). A fuzzy entry or one with no translation is not used: its text comes
in English, entry by entry. English is the message ids themselves and needs no catalog. The browser's texts
are the entries found in ``web/`` (their ``#:`` locations), served as JSON (``browser_catalog``).
"""

from __future__ import annotations

import functools
import gettext
import io
import re
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


class Translator:
    """One language's words: ``gettext``/``ngettext`` of its catalog (English where it has no entry), lists
    in its way, and a JSON encoder that writes every ``Msg`` in that language."""

    def __init__(self, lang: str, translations: gettext.NullTranslations) -> None:
        self.lang = lang
        self._t = translations
        self.gettext = translations.gettext
        self.ngettext = translations.ngettext
        try:
            self._locale: Locale | None = Locale.parse(lang)
        except (ValueError, LookupError):
            self._locale = None
        self._encoder = msgspec.json.Encoder(enc_hook=self._hook)
        #: ``encode``'s bytes (for loops that encode many values).
        self.encode_bytes = self._encoder.encode

    def join(self, items: list[str], /) -> str:
        if self.lang == SOURCE or self._locale is None:
            return ENGLISH.join(items)
        return format_list(items, locale=self._locale)

    def text(self, value: Any) -> str:
        """A text in this language: a ``Msg`` rendered, anything else as ``str``."""
        return value.render(self) if isinstance(value, Msg) else str(value)

    def _hook(self, value: Any) -> Any:
        if isinstance(value, Msg):
            return value.render(self)
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


_WEB_LOCATION = re.compile(r"^longhouse/web/")


@functools.cache
def browser_catalog_text(lang: str) -> str:
    """The browser's catalog of a language as JSON text: ``{"lang", "plural": {category: form index},
    "messages": {msgid: text or [forms]}}``, only its translated, not fuzzy entries found in ``web/``."""
    if lang == SOURCE or lang not in languages():
        return msgspec.json.encode({"lang": SOURCE, "plural": {"one": 0, "other": 1}, "messages": {}}).decode()
    catalog = read_catalog(lang)
    messages: dict[str, Any] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if not any(_WEB_LOCATION.match(path) for path, _line in message.locations):
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
