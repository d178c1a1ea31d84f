"""A game's tutorial: one scripted game from a fixed deal, cut into lessons, read from ``<game>.toml``.

The file holds the deal (``players``, ``seed``, ``setup``: the game's own set-up fixtures), the learner's seat,
and the lessons in order. A lesson is a title, a text (what this part of the game is about) and steps; a
step is the other seats' moves first (``them``, text notation, each played by the lowest acting seat that is
not the learner's, and ``say``: what they did, in words), then the learner's expected move (``move``) with
``do`` (what to do now) and ``why``. ``claims`` are what a step's texts say about the position, as data: a
path into the learner's view (``grounds.0.controller``, ``players.1.prisoners``) and the value it ``is`` or
the ``count`` of what it holds; they are checked against the position the step is shown in. ``[end]`` holds
the other seats' last moves, the summary and its claims, checked against the game's final position.

A long game is written as its whole move list instead (``moves``: ``"seat:move"`` in text notation, every
seat's, e.g. from a bot game), and each step names the learner's move it teaches by its index (``at``); the
moves between two steps, the learner's own among them, are played for the learner (``auto`` counts those), and
the end plays the rest.

The whole game is played through the engine once, when the tutorial is first asked for: every expected
move must be legal where it stands and every claim must hold, or ``LessonError`` says where it fails.
A tutorial is no table: it is never stored, archived nor rated.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from longhouse import games
from longhouse.engine.errors import IllegalAction, LonghouseError
from longhouse.engine.events import Event
from longhouse.engine.state import Action, Game, State
from longhouse.engine.text import Msg, Text, Words, _, joined
from longhouse.i18n.errors import error_text
from longhouse.learn.extract import words

HERE = Path(__file__).resolve().parent

#: The most recent events a step shows of what happened before it.
HAPPENED = 8


class LessonError(LonghouseError):
    """A lesson file that does not hold: a bad file, an expected move that is not legal, a claim that is false."""


@dataclass(frozen=True)
class Claim:
    """What a text says about the position: the value at ``path`` in the learner's view is ``value`` (or,
    with ``count``, the number of things it holds)."""

    path: str
    value: Any = None
    count: int | None = None

    def check(self, view: dict[str, Any]) -> str | None:
        """None when it holds, else what is wrong."""
        try:
            found = lookup(view, self.path)
        except (KeyError, IndexError, TypeError, ValueError):
            return f"{self.path} is not in the view"
        if self.count is not None:
            size = len(found) if isinstance(found, list | dict | str) else None
            return None if size == self.count else f"{self.path} holds {size}, not {self.count}"
        return None if found == self.value else f"{self.path} is {found!r}, not {self.value!r}"

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "count": self.count} if self.count is not None else {
            "path": self.path, "is": self.value}


def lookup(view: Any, path: str) -> Any:
    """The value at a dotted path (``grounds.0.controller``): keys of objects, indexes of lists."""
    here = view
    for part in path.split("."):
        here = here[int(part)] if isinstance(here, list) else here[part]
    return here


@dataclass(frozen=True)
class Step:
    """The other seats' moves, then the learner's (``move`` is None only for the end)."""

    lesson: int
    before: tuple[tuple[int | None, str], ...]  # (seat, move) played first; None: the lowest other acting seat
    say: Text  # the texts: catalog texts (Msg), "" where the file has none
    move: str | None
    do: Text
    why: Text
    rule: Text
    claims: tuple[Claim, ...]


@dataclass(frozen=True)
class Lesson:
    key: str
    title: Text
    text: Text
    rule: Text
    first: int  # the index of its first step in the tutorial's steps
    size: int


@dataclass
class Tutorial:
    """A game's tutorial, played through: the position each step is shown in, and what led there."""

    game: Game
    title: str  # the game's, a name
    learner: int
    names: list[Text]
    lessons: list[Lesson]
    steps: list[Step]  # every lesson's steps in order, then the end (move None)
    summary: Text
    rules: dict[str, Text]  # an action kind -> the rule a forbidden move of that kind breaks
    positions: list[State] = field(default_factory=list)
    happened: list[list[Text]] = field(default_factory=list)
    auto: list[int] = field(default_factory=list)  # the learner's own moves played for it before each step
    expected: list[Action | None] = field(default_factory=list)

    @property
    def end(self) -> int:
        return len(self.steps) - 1

    def lesson_of(self, step: int) -> Lesson:
        return self.lessons[self.steps[step].lesson] if step < self.end else self.lessons[-1]

    def outline(self) -> dict[str, Any]:
        """The tutorial's table of contents: its lessons and where each begins."""
        return {"game": self.game.name, "title": self.title, "steps": len(self.steps), "end": self.end,
                "names": self.names, "learner": self.learner,
                "lessons": [{"key": lesson.key, "title": lesson.title, "first": lesson.first, "size": lesson.size}
                            for lesson in self.lessons]}

    def payload(self, index: int) -> dict[str, Any]:
        """Step ``index`` for the page: the learner's state message, the texts, and the move to mark."""
        step = self.steps[index]
        state = self.positions[index]
        lesson = self.lesson_of(index)
        expected = self.expected[index]
        legal = state.legal_actions(self.learner)
        over = state.is_over()
        message: dict[str, Any] = {
            "type": "state", "version": index, "status": "over" if over else "running", "seat": self.learner,
            "acting": list(state.acting()), "view": state.view(self.learner), "events": [],
            "legal": [self.game.action_to_json(a) for a in legal],
            "legal_text": [state.describe_action(a) for a in legal], "undo_steps": 0, "by": None,
            "result": {"scores": state.scores(), "winners": state.winners(),
                       "breakdown": state.score_breakdown()} if over else None,
        }
        return {
            "step": index, "end": self.end, "lesson": step.lesson if index < self.end else len(self.lessons),
            "lesson_key": lesson.key, "lesson_title": lesson.title, "lesson_text": lesson.text,
            "first": index == lesson.first, "happened": self.happened[index][-HAPPENED:], "say": step.say,
            "auto": self.auto[index],
            "do": step.do, "why": step.why, "rule": step.rule or lesson.rule,
            "expected": None if expected is None else self.game.action_to_json(expected),
            "expected_text": None if expected is None else state.describe_action(expected),
            "summary": self.summary if index == self.end else "", "state": message,
        }

    def attempt(self, index: int, data: Any) -> dict[str, Any]:
        """The learner plays ``data`` (an action as JSON) at step ``index``: ``{"ok": true, "next": i}`` for the
        lesson's move, else ``{"ok": false, "reason", "rule"}``, the reason tied to the rule it breaks."""
        step = self.steps[index]
        expected = self.expected[index]
        rule = step.rule or self.lesson_of(index).rule
        try:
            action = self.game.action_from_json(data)
        except (IllegalAction, KeyError, TypeError, ValueError) as exc:
            found = error_text(exc) if isinstance(exc, IllegalAction) else str(exc)
            return {"ok": False, "rule": rule,
                    "reason": _("That is no move of this game: {reason}.", reason=found or _("unreadable"))}
        if expected is not None and action == expected:
            return {"ok": True, "next": index + 1}
        state = self.positions[index]
        if expected is not None and state.is_legal(self.learner, action):
            reason = _("“{move}” is allowed by the rules, but this lesson asks for another move:",
                       move=Capital(state.describe_action(action)))
            return {"ok": False, "reason": joined(" ", [reason, step.do]), "why": step.why, "rule": rule}
        why: Text
        try:
            state.clone().apply(self.learner, action)
            why = _("it is not your move now")
        except IllegalAction as exc:
            why = error_text(exc)
        kind = getattr(action, "kind", "")
        return {"ok": False, "reason": _("The rules forbid it: {reason}.", reason=why), "why": step.why,
                "rule": self.rules.get(kind, rule)}


class Capital(Msg):
    """A text begun with a capital letter in whatever language it is written (a move's words at the start of
    a sentence)."""

    __slots__ = ("inner",)

    def __init__(self, inner: Text) -> None:
        super().__init__("")
        self.inner = inner

    def render(self, words: Words) -> str:
        text = self.inner.render(words) if isinstance(self.inner, Msg) else str(self.inner)
        return text[:1].upper() + text[1:]

    def _key(self) -> tuple[Any, ...]:
        return (Capital, self.inner)

    def __repr__(self) -> str:
        return f"Capital({self.inner!r})"


def _text(table: dict[str, Any], key: str, where: str, required: bool = True) -> Text:
    """A text of the file: a catalog text (``extract.py`` hands the same words to ``pybabel extract``), or ""
    for an optional one the file leaves out."""
    value = table.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise LessonError(f"{where}: {key} must be a text")
    text = words(value)
    return Msg(text) if text else ""


def _claims(table: dict[str, Any], where: str) -> tuple[Claim, ...]:
    out = []
    for c in table.get("claims", []):
        if (not isinstance(c, dict) or not isinstance(c.get("path"), str) or set(c) - {"path", "is", "count", "none"}
                or len(set(c) & {"is", "count", "none"}) != 1 or c.get("none", True) is not True):
            raise LessonError(f"{where}: a claim is {{path = ..., is = ...}}, {{path = ..., count = ...}} or "
                              "{path = ..., none = true} (TOML has no null)")
        out.append(Claim(c["path"], c.get("is"), c.get("count")))
    return tuple(out)


def read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise LessonError(f"{path.name}: {exc}") from exc


def _moves(data: dict[str, Any]) -> list[tuple[int, str]] | None:
    """The whole game's moves (``"seat:move"``), if the file gives them."""
    if "moves" not in data:
        return None
    out = []
    for i, entry in enumerate(data["moves"]):
        seat, colon, move = str(entry).partition(":")
        if not colon or not seat.isdigit():
            raise LessonError(f"moves[{i}] is \"seat:move\", not {entry!r}")
        out.append((int(seat), move.strip()))
    return out


def parse(data: dict[str, Any], game: Game) -> Tutorial:
    lessons: list[Lesson] = []
    steps: list[Step] = []
    moves = _moves(data)
    learner = int(data.get("learner", 0))
    done = 0  # with a move list: the index of the first move not yet played
    for li, raw in enumerate(data.get("lessons", [])):
        where = f"lesson {li + 1}"
        first = len(steps)
        for si, s in enumerate(raw.get("steps", [])):
            at = f"{where} step {si + 1}"
            if moves is not None:
                index = s.get("at")
                if isinstance(index, bool) or not isinstance(index, int) or not done <= index < len(moves):
                    raise LessonError(f"{at}: at is the index of a later move of the list")
                if moves[index][0] != learner:
                    raise LessonError(f"{at}: moves[{index}] is not the learner's")
                before: tuple[tuple[int | None, str], ...] = tuple(moves[done:index])
                move, done = moves[index][1], index + 1
            else:
                them = s.get("them", [])
                if not isinstance(them, list) or not all(isinstance(m, str) for m in them):
                    raise LessonError(f"{at}: them is a list of moves")
                if not isinstance(s.get("move"), str):
                    raise LessonError(f"{at}: move is the learner's move (text notation)")
                before, move = tuple((None, m) for m in them), s["move"]
            steps.append(Step(li, before, _text(s, "say", at, False), move, _text(s, "do", at),
                              _text(s, "why", at, False), _text(s, "rule", at, False), _claims(s, at)))
        if len(steps) == first:
            raise LessonError(f"{where} has no steps")
        key = raw.get("key")
        if not isinstance(key, str) or not key.strip():
            raise LessonError(f"{where}: key must be a word")
        lessons.append(Lesson(key.strip(), _text(raw, "title", where), _text(raw, "text", where),
                              _text(raw, "rule", where, False), first, len(steps) - first))
    end = data.get("end", {})
    if not lessons or not isinstance(end, dict):
        raise LessonError("a tutorial has lessons and an [end]")
    last: tuple[tuple[int | None, str], ...] = (tuple(moves[done:]) if moves is not None
                                                 else tuple((None, m) for m in end.get("them", [])))
    steps.append(Step(len(lessons), last, _text(end, "say", "end", False), None,
                      _text(end, "do", "end", False), "", "", _claims(end, "end")))
    names = data.get("names", [])
    rules = data.get("rules", {})
    if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
        raise LessonError("names is a list of the seats' names")
    title = data.get("title")
    if not isinstance(title, str) or not title.strip():
        raise LessonError("the file: title must be the game's name")
    return Tutorial(game, words(title), learner, [Msg(words(n)) for n in names],
                    lessons, steps, _text(end, "summary", "end"), {str(k): Msg(words(str(v)))
                                                                  for k, v in rules.items()})


def play_through(t: Tutorial, players: int, seed: int, setup: dict[str, Any]) -> None:
    """Play the script: each step's position, what led there, its expected move; LessonError where it fails."""
    state = t.game.new_state(players, seed, setup)
    carried: list[Event] = []
    for i, step in enumerate(t.steps):
        where = f"step {i + 1} ({'the end' if step.move is None else t.lessons[step.lesson].title})"
        events = list(carried)  # never extend a list the engine returned: a game may keep it (Manitoba's recent moves)
        auto = 0
        for given, move in step.before:
            seat = next((s for s in state.acting() if s != t.learner), None) if given is None else given
            if seat is None:
                raise LessonError(f"{where}: no other seat may play {move!r} now")
            auto += seat == t.learner
            try:
                events.extend(state.apply(seat, t.game.action_from_text(move)))
            except IllegalAction as exc:
                raise LessonError(f"{where}: seat {seat}'s {move!r} is refused: {exc}") from exc
        expected = None
        if step.move is not None:
            try:
                expected = t.game.action_from_text(step.move)
            except IllegalAction as exc:
                raise LessonError(f"{where}: {step.move!r} is no move: {exc}") from exc
            if not state.is_legal(t.learner, expected):
                raise LessonError(f"{where}: the learner's {step.move!r} is not legal here")
        elif not state.is_over():
            raise LessonError(f"{where}: the game is not over at the end")
        view = state.view(t.learner)
        for claim in step.claims:
            wrong = claim.check(view)
            if wrong is not None:
                raise LessonError(f"{where}: the claim {claim.to_json()} is false: {wrong}")
        t.positions.append(state.clone())
        t.happened.append([e.text for e in events if e.visible_to(t.learner)])
        t.auto.append(auto)
        t.expected.append(expected)
        carried = state.apply(t.learner, expected) if expected is not None else []


def available() -> list[str]:
    """The games that have a tutorial, in the registry's order."""
    return [name for name in games.names() if (HERE / f"{name}.toml").is_file()]


@lru_cache(maxsize=8)
def tutorial(name: str) -> Tutorial:
    """The tutorial of game ``name``, played through once (KeyError for a game without one)."""
    if name not in available():
        raise KeyError(f"there is no tutorial for {name!r}")
    data = read(HERE / f"{name}.toml")
    game = games.get(name)
    t = parse(data, game)
    setup = data.get("setup", {})
    play_through(t, int(data.get("players", 2)), int(data.get("seed", 1)), dict(setup))
    return t
