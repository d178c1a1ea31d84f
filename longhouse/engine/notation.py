"""Actions that own their notation: JSON, the short text notation and words, in one place per action type.

A game's action types are frozen, slotted dataclasses deriving from ``Notated``; each says its JSON
``kind``, how it reads itself back (``read``), its text (``to_text``/``read_text``) and its words
(``words``); an action with no fields, written as one word, derives from ``Word`` and says only its kind
and its words. ``read`` and ``to_text`` are abstract: a type lacking one cannot be instantiated, nor put in
an ``ActionTable``. An ``ActionTable`` of those types is the game's ``Game.notation``: it checks that a value
is one of the game's actions, finds the type of a JSON object by its kind and of a text by asking each
type in turn, and turns every malformed input into ``IllegalAction`` with a clear message.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable
from typing import Any, ClassVar, Self

from longhouse.engine.errors import IllegalAction
from longhouse.engine.text import Text, _

JSON = dict[str, Any]


class Notated:
    """The base of a game's action types: JSON by field name, text and words by the subclass.

    ``read`` and ``to_text`` are abstract methods. The abstract state is kept without ``ABCMeta``, the way
    ``abc`` itself keeps it (``__abstractmethods__``, which ``object.__new__`` checks): under ``ABCMeta``
    every ``isinstance`` that fails against an action type (the games' dispatch chains) would go through
    a Python-level ``__instancecheck__``, about three times slower.
    """

    __slots__ = ()
    #: The action's ``type`` in JSON.
    kind: ClassVar[str]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _mark_abstract(cls)

    def to_json(self) -> JSON:
        """``{"type": kind, field: value, ...}`` in field order; tuples become lists."""
        out: JSON = {"type": self.kind}
        name: str
        for name in self.__slots__:
            value = getattr(self, name)
            out[name] = list(value) if type(value) is tuple else value
        return out

    @classmethod
    def json_keys(cls) -> tuple[str, ...]:
        """The keys of the action's JSON beside ``type``: its fields' names, unless the type says otherwise
        (a field whose key is a Python keyword, ``from``), writing them in its own ``to_json``."""
        return tuple(cls.__slots__)

    @classmethod
    @abstractmethod
    def read(cls, data: JSON) -> Notated:
        """The action a JSON object of this kind names (its keys are already known to be fields);
        a bad value raises ``IllegalAction``."""

    @abstractmethod
    def to_text(self) -> str:
        """The action in the game's short text notation (read back by ``read_text``)."""

    @classmethod
    def read_text(cls, text: str) -> Notated | None:
        """The action ``text`` (stripped, non-empty) names if it is written as one of this type, else
        ``None``; a text of this type with a bad argument raises ``IllegalAction``."""
        return None

    def words(self) -> Text:
        """The action in words, for menus."""
        return self.to_text()

    def well_formed(self) -> bool:
        """Whether every field has its exact type (``Pick(True)`` equals ``Pick(1)`` but cannot be
        written to a record and read back): ints are ints, strings strings, tuples of ints."""
        name: str
        for name in self.__slots__:
            v = getattr(self, name)
            t = type(v)
            if t is tuple:
                if any(type(x) is not int for x in v):
                    return False
            elif t is not int and t is not str:
                return False
        return True


def abstract_methods(cls: type) -> frozenset[str]:
    """The abstract methods ``cls`` has not implemented (as ``abc.update_abstractmethods`` finds them)."""
    return frozenset(name for name in dir(cls) if getattr(getattr(cls, name, None), "__isabstractmethod__", False))


def _mark_abstract(cls: type) -> None:
    # type.__abstractmethods__ sets the flag object.__new__ refuses to instantiate (what ABCMeta sets too)
    type.__setattr__(cls, "__abstractmethods__", abstract_methods(cls))


_mark_abstract(Notated)


class Word(Notated):
    """An action with no fields, written as one word, its ``kind`` (``ok``, ``done``, ``end``): a game's
    type says only its ``kind`` and its words (``said``). Reading its JSON or its text gives the one shared
    instance (``one()``), the value legal-action lists hand out."""

    __slots__ = ()
    #: The action in words, for menus.
    said: ClassVar[Text]

    @classmethod
    def one(cls) -> Self:
        """The one instance of this word action."""
        one = cls.__dict__.get("_one")
        if one is None:
            one = cls()
            type.__setattr__(cls, "_one", one)
        return one

    @classmethod
    def read(cls, data: JSON) -> Self:
        return cls.one()

    def to_text(self) -> str:
        return self.kind

    @classmethod
    def read_text(cls, text: str) -> Self | None:
        return cls.one() if text.lower() == cls.kind else None

    def words(self) -> Text:
        return self.said


class ActionTable:
    """A game's notation (``engine.state.Notation``) built from its action types."""

    def __init__(self, title: str, types: Iterable[type[Notated]], text_help: str) -> None:
        self.title = title
        self.types = tuple(types)
        for t in self.types:
            missing = abstract_methods(t)
            if missing:
                raise TypeError(f"{t.__name__} cannot be an action type: it lacks {', '.join(sorted(missing))}")
        self.by_kind = {t.kind: t for t in self.types}
        self._keys = {t.kind: frozenset(t.json_keys()) | {"type"} for t in self.types}
        self.text_help = text_help
        self._type_set = frozenset(self.types)

    def check(self, action: object) -> Notated:
        if type(action) not in self._type_set:
            raise IllegalAction(_("not a {game} action: {action}", game=self.title, action=repr(action)[:80]))
        assert isinstance(action, Notated)
        return action

    def well_formed(self, action: object) -> bool:
        """One of our actions, with exact field types."""
        return type(action) in self._type_set and action.well_formed()  # type: ignore[attr-defined]

    def to_json(self, action: object) -> JSON:
        return self.check(action).to_json()

    def from_json(self, data: Any) -> Notated:
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise IllegalAction(_("an action is a JSON object with a 'type'"))
        kind = data["type"]
        cls = self.by_kind.get(kind)
        if cls is None:
            raise IllegalAction(_("unknown {game} action type {kind}", game=self.title, kind=repr(kind)[:80]))
        extra = set(data) - self._keys[kind]
        if extra:
            raise IllegalAction(_("unknown keys {keys} in a {kind} action", keys=str(sorted(extra))[:80],
                                  kind=repr(kind)))
        try:
            return cls.read(data)
        except KeyError as exc:
            raise IllegalAction(_("a {kind} action needs {key}", kind=repr(kind), key=repr(exc.args[0]))) from None

    def to_text(self, action: object) -> str:
        return self.check(action).to_text()

    def from_text(self, text: Any) -> Notated:
        if not isinstance(text, str):
            raise IllegalAction(_("an action's text notation is a string"))
        t = text.strip()
        if t:
            for cls in self.types:
                action = cls.read_text(t)
                if action is not None:
                    return action
        raise IllegalAction(_("cannot read {text} as a {game} action: {help}", text=repr(text)[:60], game=self.title,
                              help=self.text_help))

    def describe(self, action: object) -> Text:
        if type(action) not in self._type_set:
            return repr(action)
        return self.check(action).words()


def whole(data: JSON, key: str, lo: int, hi: int, default: int | None = None) -> int:
    """A whole number from ``lo`` to ``hi`` under ``key`` (``default`` when absent, if there is one)."""
    if key not in data:
        if default is None:
            raise IllegalAction(_("the action needs {key}", key=repr(key)))
        return default
    v = data[key]
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise IllegalAction(_("{key} must be a whole number from {lo} to {hi}, not {value}", key=repr(key), lo=lo,
                              hi=hi, value=repr(v)[:40]))
    return v
