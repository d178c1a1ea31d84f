"""Texts to be translated: what the engine, the games and the hall hand out instead of finished words.

``_("{seat} picks {card}", seat=..., card=...)`` is a ``Msg``: a message id of the catalogs (``pybabel
extract`` finds it by the name ``_``) with its parameters. It is turned into words only when it is
encoded for a reader, in that reader's language (``catalogs.Translator``): so a text made once (an event,
a phase, a refusal) reaches every client in its own language, and ``str(msg)`` is its English. Parameters
are kept as they are (numbers, names, other ``Msg`` texts: those are put in in the same language).
``ngettext(singular, plural, n, ...)`` picks the plural form in the catalog's language; ``n`` is a
parameter too. ``listing(items)`` is "a, b and c" in the reader's language.

This module is the engine's (it imports nothing above it); the hall's side is ``longhouse.i18n``: the
catalogs (``i18n/catalogs.py``) that make these texts into words.
"""

from __future__ import annotations

import contextlib
import string
from collections.abc import Iterable, Mapping
from typing import Any, Protocol


class Words(Protocol):
    """What renders a text: a language's catalog (``catalogs.Translator``)."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...

    def join(self, items: list[str], /) -> str: ...


class Msg:
    """A catalog text and its parameters; immutable, comparable and hashable (a bot keys positions by the
    events' texts)."""

    # The parameters are kept as the dict they came in (``_kw``, never changed once made), and ``params``,
    # the pairs in order, is made only when asked for: the games make two or three texts on every action,
    # and most are never rendered nor hashed (a playout, a bot's search), so a tuple made of every dict
    # at once would cost more than the rest of the message.
    __slots__ = ("_hash", "_kw", "id", "n", "plural")

    def __init__(self, id: str, params: Mapping[str, Any] | None = None, plural: str | None = None,
                 n: int | None = None) -> None:
        self.id = id
        self.plural = plural
        self.n = n
        self._kw: dict[str, Any] = dict(params) if params else {}
        self._hash: int | None = None

    @property
    def params(self) -> tuple[tuple[str, Any], ...]:
        """The parameters, ``(name, value)`` pairs in the order given."""
        return tuple(self._kw.items())

    def render(self, words: Words) -> str:
        if self.plural is None:
            text = words.gettext(self.id)
        else:
            assert self.n is not None
            text = words.ngettext(self.id, self.plural, self.n)
        if not self._kw:
            return text
        # ``render(value, words)`` written out: a text's parameters are rendered for every reader of every
        # message, and a call less a parameter shows
        args: dict[str, Any] = {}
        for key, value in self._kw.items():
            args[key] = value.render(words) if isinstance(value, Msg) else value
        try:
            return text.format_map(args)
        except (KeyError, IndexError, ValueError):  # a translation naming a parameter the text has not
            return self.english_with(args, words)

    def wire(self) -> dict[str, Any]:
        """The text as data for a reader's side to put into words (``i18n/wire.py``, ``web/i18n.js``): its
        catalog id (``$t``), its plural and count (``$pl``, ``$n``) and its parameters beside them by their
        names (no parameter's name begins with ``$``), as they are (a parameter that is a text stays a
        ``Msg``, made data in turn by the encoder that asked). Only the parameters its words name go: one
        given but not written (a card a text does not show) never leaves the hall, as when it rendered."""
        kw = self._kw
        names = _named.get(self.id if self.plural is None else (self.id, self.plural))
        if names is None:
            names = _names(self.id, self.plural)
        if not kw.keys() <= names:
            kw = {key: value for key, value in kw.items() if key in names}
        if self.plural is None:
            return {"$t": self.id, **kw}
        return {"$t": self.id, "$pl": self.plural, "$n": self.n, **kw}

    def english_with(self, args: dict[str, Any], words: Words) -> str:
        text = self.id if self.plural is None or self.n == 1 else self.plural
        return text.format_map(args)

    def __str__(self) -> str:
        return self.render(ENGLISH)

    def __repr__(self) -> str:
        return f"Msg({self.id!r}, {dict(self._kw)!r})"

    def _key(self) -> tuple[Any, ...]:
        return (type(self), self.id, self.plural, self.n, tuple(self._kw.items()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and self._key() == other._key()

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = self._hash = hash(self._key())
        return h

    def __contains__(self, part: str) -> bool:  # "picks" in event.text: of the English text
        return part in str(self)


#: The parameters each text's words name (by its id, or its id and plural), found once.
_named: dict[str | tuple[str, str], frozenset[str]] = {}
_formatter = string.Formatter()


def _names(message: str, plural: str | None) -> frozenset[str]:
    """The parameters ``message`` (and ``plural``: and ``n``, the count) name (``{seat}``, ``{card!r}``, ...)."""
    found = {"n"} if plural is not None else set()
    for text in (message, plural or ""):
        with contextlib.suppress(ValueError):  # not a format string: it names nothing
            found.update(field.split(".")[0].split("[")[0] for _lit, field, _spec, _conv in _formatter.parse(text)
                         if field)
    names = frozenset(found)
    _named[message if plural is None else (message, plural)] = names
    return names


class Listing(Msg):
    """Several texts joined as a list of the reader's language ("Red, Blue and Green")."""

    __slots__ = ("items",)

    def __init__(self, items: Iterable[Any]) -> None:
        super().__init__("")
        self.items = tuple(items)

    def render(self, words: Words) -> str:
        return words.join([item.render(words) if isinstance(item, Msg) else item for item in self.items])

    def wire(self) -> dict[str, Any]:
        return {"$l": self.items}

    def _key(self) -> tuple[Any, ...]:
        return (Listing, self.items)

    def __repr__(self) -> str:
        return f"Listing({list(self.items)!r})"


class Joined(Msg):
    """Texts put one after the other with a separator that is not a word (", ", " · ")."""

    __slots__ = ("items", "sep")

    def __init__(self, sep: str, items: Iterable[Any]) -> None:
        super().__init__("")
        self.sep = sep
        self.items = tuple(items)

    def render(self, words: Words) -> str:
        return self.sep.join([item.render(words) if isinstance(item, Msg) else item for item in self.items])

    def wire(self) -> dict[str, Any]:
        return {"$j": self.sep, "$i": self.items}

    def _key(self) -> tuple[Any, ...]:
        return (Joined, self.sep, self.items)

    def __repr__(self) -> str:
        return f"Joined({self.sep!r}, {list(self.items)!r})"


#: A text: words already made (names, numbers written out) or a catalog text made into words later.
Text = str | Msg


#: ``Msg`` made without calling it: the games make two or three texts on every action (events, phases),
#: and a class call runs ``__init__`` through a C slot, in a fresh run of the interpreter loop, which costs
#: more than the message itself (Python 3.11 inlines only calls from Python to Python). ``_`` and
#: ``ngettext`` set the very slots ``Msg.__init__`` sets, in the same way.
_new_msg = object.__new__


def _(message: str, /, **params: Any) -> Msg:
    """Mark ``message`` for the catalogs; it becomes words in the reader's language when encoded."""
    msg: Msg = _new_msg(Msg)
    msg.id = message
    msg.plural = None
    msg.n = None
    msg._kw = params  # the call's own dict: nobody else holds it
    msg._hash = None
    return msg


def ngettext(singular: str, plural: str, n: int, /, **params: Any) -> Msg:
    """A text with plural forms, chosen by ``n`` in the reader's language (``{n}`` may appear in it)."""
    msg: Msg = _new_msg(Msg)
    msg.id = singular
    msg.plural = plural
    msg.n = n
    msg._kw = {"n": n, **params}
    msg._hash = None
    return msg


def N_(message: str, /) -> str:
    """Mark a text for the catalogs without making a ``Msg``: a table's keys, translated by ``gettext``."""
    return message


def listing(items: Iterable[Any]) -> Listing:
    return Listing(items)


def joined(sep: str, items: Iterable[Any]) -> Joined:
    return Joined(sep, items)


def render(value: Any, words: Words) -> Any:
    """``value`` with every ``Msg`` in it made into words (a parameter's value: anything else as it is)."""
    if isinstance(value, Msg):
        return value.render(words)
    return value


class _English:
    """The message ids themselves: English, the source language."""

    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural

    def join(self, items: list[str], /) -> str:
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + " and " + items[-1]


ENGLISH: Words = _English()


def english(value: Any) -> Any:
    """A text in English (a ``str`` as it is); what logs and the terminal's English use."""
    return value.render(ENGLISH) if isinstance(value, Msg) else value


def english_hook(value: Any) -> Any:
    """msgspec's ``enc_hook`` for an encoder that writes texts in English (what is not a text: refused)."""
    if isinstance(value, Msg):
        return value.render(ENGLISH)
    raise NotImplementedError(f"cannot encode {type(value).__name__}")


def json_default(value: Any) -> Any:
    """``json.dumps``'s ``default`` for data with texts in it: each ``Msg`` in English."""
    if isinstance(value, Msg):
        return value.render(ENGLISH)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def plain(value: Any, words: Words = ENGLISH) -> Any:
    """``value`` (JSON-like data) with every text in it made into words (English by default): what a
    client decodes, for the terminal and for comparisons."""
    if isinstance(value, Msg):
        return value.render(words)
    if isinstance(value, dict):
        return {key: plain(item, words) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item, words) for item in value]
    return value
