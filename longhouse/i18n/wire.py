"""Texts on the wire: a table's ``state`` messages carry each text (``Msg``) as its catalog id and parameters,
and the reader's side puts it into words in its own language (the browser: ``web/i18n.js``; a Python client or
a test: ``words_of`` here), as Board Game Arena's notifications carry ``log`` and ``args``.

So one ``state`` message serves every language: the hall makes it once per seat and version, whatever the
languages of the sockets it goes to, and a German reader costs the hall nothing more than an English one.

The forms (``Msg.wire``): ``{"$t": id}`` with its parameters beside it (``"seat": value``: a parameter's name
is a Python name, which never begins with ``$``), and ``"$pl"``, ``"$n"`` (the plural id and the count) if it
has plural forms; a list of the reader's language ("a, b and c")
``{"$l": [items]}``; texts joined by a separator that is not a word ``{"$j": sep, "$i": [items]}``. A
parameter's value is a number, a name, or another text in one of these forms. No view of any game has a key
beginning with ``$``.
"""

from __future__ import annotations

from typing import Any

import msgspec

from longhouse.engine.text import Joined, Listing, Msg, Words, plain

#: The wire forms' JSON of the texts encoded lately, by the identity of their ``Msg`` (id -> the Msg, held so
#: that its id is not reused, and its JSON): many texts are one object encoded again and again (a phase's
#: text, kept by its game from one move to the next; a seat's name; the words of a view that did not change),
#: each encoded once. A ``Msg`` is immutable; only the very object counts, not an equal one (``1 == True``).
#: When there are more than ``KEPT``, all are forgotten and kept afresh.
KEPT = 4096
_kept: dict[int, tuple[Msg, msgspec.Raw]] = {}


def _hook(value: Any) -> Any:
    if isinstance(value, Msg):
        kept = _kept.get(id(value))
        if kept is not None and kept[0] is value:
            return kept[1]
        raw = msgspec.Raw(encode(value.wire()))  # its parameters' texts through here in turn
        if len(_kept) >= KEPT:
            _kept.clear()
        _kept[id(value)] = (value, raw)
        return raw
    raise NotImplementedError(f"cannot encode {type(value).__name__}")


#: JSON bytes of data with texts in it, each in its wire form.
encode = msgspec.json.Encoder(enc_hook=_hook).encode


def text(value: Any) -> str:
    """``value`` as JSON text, its texts in their wire form."""
    return encode(value).decode()


def from_wire(value: Any) -> Any:
    """Decoded JSON with its texts' wire forms made ``Msg`` texts again."""
    if isinstance(value, dict):
        if "$t" in value:
            return Msg(value["$t"], {k: from_wire(v) for k, v in value.items() if not k.startswith("$")},
                       value.get("$pl"), value.get("$n"))
        if "$l" in value:
            return Listing(from_wire(item) for item in value["$l"])
        if "$j" in value:
            return Joined(value["$j"], (from_wire(item) for item in value["$i"]))
        return {key: from_wire(item) for key, item in value.items()}
    if isinstance(value, list):
        return [from_wire(item) for item in value]
    return value


def words_of(value: Any, words: Words) -> Any:
    """Decoded JSON (a message) with every text in it in ``words``' language, as a reader shows it."""
    return plain(from_wire(value), words)
