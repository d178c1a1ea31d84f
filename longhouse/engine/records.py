"""Game records: a header and the action log, replaying move for move (docs/DESIGN.md §2)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from longhouse.engine.errors import IllegalAction, LonghouseError, RecordError, error_text
from longhouse.engine.events import Event
from longhouse.engine.state import Action, Game, State
from longhouse.engine.text import _

_HEADER_KEYS = {"game", "rules_version", "players", "seed", "setup", "actions", "result"}


@dataclass
class Record:
    """A game record. Each entry of ``actions`` is ``{"seat": s, "action": {...}}`` or, for a step a
    seat took back, ``{"seat": s, "undo": k}`` (``k`` as in ``State.undo``)."""

    game: str
    rules_version: str
    players: list[str]
    seed: int
    setup: dict[str, Any] | None = None
    actions: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "players": list(self.players),
            "seed": self.seed,
            "setup": self.setup,
            "actions": [dict(a) for a in self.actions],
            "result": self.result,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Check the header's shape and read it; the actions are checked when replayed."""
        if not isinstance(data, Mapping):
            raise RecordError(_("a record is a JSON object"))
        unknown = set(data) - _HEADER_KEYS
        if unknown:
            raise RecordError(_("unknown keys {keys}", keys=str(sorted(unknown))[:200]))
        for key in ("game", "rules_version", "players", "seed", "actions"):
            if key not in data:
                raise RecordError(_("missing {key}", key=repr(key)))
        game, version, players, seed = data["game"], data["rules_version"], data["players"], data["seed"]
        if not isinstance(game, str) or not isinstance(version, str):
            raise RecordError(_("'game' and 'rules_version' must be strings"))
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RecordError(_("'players' must be a list of names"))
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RecordError(_("'seed' must be an integer"))
        setup = data.get("setup")
        if setup is not None and not isinstance(setup, dict):
            raise RecordError(_("'setup' must be an object or null"))
        actions = data["actions"]
        if not isinstance(actions, list):
            raise RecordError(_("'actions' must be a list"))
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise RecordError(_("'result' must be an object or null"))
        return cls(game, version, list(players), seed, setup, list(actions), result)

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(_("not JSON: {reason}", reason=str(exc))) from exc
        return cls.from_json(data)


def result_of(state: State) -> dict[str, Any]:
    """The ``result`` block of a finished game."""
    return {
        "scores": state.scores(),
        "winners": state.winners(),
        "breakdown": state.score_breakdown(),
    }


def apply_entry(game: Game, state: State, entry: Any, index: int,
                read: Callable[[Any], Action] | None = None) -> list[Event]:
    """Apply one record entry to ``state``, its action read by ``read`` (``Game.action_from_json`` unless
    the record is of an older rules version); raise ``RecordError`` naming ``index`` on any fault."""
    if not isinstance(entry, Mapping) or "seat" not in entry:
        raise RecordError(_("an entry is an object with 'seat' and 'action' (or 'undo')"), index)
    seat = entry["seat"]
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise RecordError(_("seat must be an integer, not {seat}", seat=repr(seat)[:40]), index)
    keys = set(entry) - {"seat"}
    try:
        if keys == {"action"}:
            action = (read or game.action_from_json)(entry["action"])
            return state.apply(seat, action)
        if keys == {"undo"}:
            step = entry["undo"]
            if isinstance(step, bool) or not isinstance(step, int):
                raise RecordError(_("undo takes an integer step"), index)
            return state.undo(seat, step)
    except IllegalAction as exc:
        raise RecordError(error_text(exc), index) from exc
    raise RecordError(_("an entry has exactly one of 'action' or 'undo' beside 'seat'"), index)


def start(record: Record, game: Game) -> tuple[Game, State]:
    """The game and the initial state a record's header describes, of ``game`` (the registry's
    ``longhouse.games.for_record(record)``: the engine does not look games up)."""
    if record.game != game.name:
        raise RecordError(_("a record of {recorded}, not {game}", recorded=repr(record.game), game=repr(game.name)))
    if game.record_reader(record.rules_version) is None:
        raise RecordError(_("recorded under rules version {recorded}, this engine plays {version}",
                            recorded=repr(record.rules_version), version=repr(game.rules_version)))
    try:
        state = game.new_state(len(record.players), record.seed, record.setup)
    except LonghouseError as exc:
        raise RecordError(_("cannot set up the game: {reason}", reason=error_text(exc))) from exc
    return game, state


def steps(record: Record, game: Game) -> Iterator[tuple[State, list[Event]]]:
    """Replay a record step by step: first the initial state with no events, then the same (live, mutated)
    state after each entry together with the events that entry made. The one replay loop of the code base:
    the hall's recovery, its replay pages and ``replay`` below all walk a record through it.

    Raises ``RecordError`` as ``apply_entry`` and ``start`` do."""
    game, state = start(record, game)
    read = game.record_reader(record.rules_version)
    yield state, []
    for index, entry in enumerate(record.actions):
        yield state, apply_entry(game, state, entry, index, read)


def replay_with_events(record: Record, game: Game) -> tuple[State, list[Event]]:
    """The final state of a record and every event on the way (a table's move log)."""
    history: list[Event] = []
    final: State | None = None
    for final, events in steps(record, game):  # noqa: B007 (the last state is the one returned)
        history.extend(events)
    assert final is not None
    return final, history


def replay(record: Record, game: Game, *, check_result: bool = True) -> State:
    """Replay a record move for move and return the final state.

    Raises ``RecordError`` with the index of the first entry that is malformed or illegal, or without
    an index when the header is at fault or the recorded result disagrees with the replay.
    """
    state, _events = replay_with_events(record, game)
    if check_result and record.result is not None:
        if not state.is_over():
            raise RecordError(_("the record claims a result but the game is not over"))
        actual = result_of(state)
        for key in ("scores", "winners"):
            if key in record.result and record.result[key] != actual[key]:
                raise RecordError(_("recorded {key} {recorded} but the replay gives {replayed}", key=key,
                                      recorded=str(record.result[key])[:200], replayed=str(actual[key])))
    return state


class Match:
    """A state together with the record that produced it: apply actions and keep the log."""

    def __init__(self, game: Game, players: Sequence[str], seed: int, setup: Mapping[str, Any] | None = None):
        self.game = game
        self.state = game.new_state(len(players), seed, dict(setup) if setup is not None else None)
        self.record = Record(game.name, game.rules_version, list(players), seed,
                             dict(setup) if setup is not None else None)

    def apply(self, seat: int, action: Action) -> list[Event]:
        events = self.state.apply(seat, action)
        self.record.actions.append({"seat": seat, "action": self.game.action_to_json(action)})
        self._finish()
        return events

    def undo(self, seat: int, step: int = -1) -> list[Event]:
        events = self.state.undo(seat, step)
        self.record.actions.append({"seat": seat, "undo": step})
        return events

    def _finish(self) -> None:
        if self.state.is_over():
            self.record.result = result_of(self.state)
