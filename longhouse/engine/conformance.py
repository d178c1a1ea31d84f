"""The conformance suite any game can call: random games, and on each state the contract's promises.

The counterpart of OpenSpiel's random simulation test. ``check_game`` plays random games (with a
random take-back now and then where the game allows one) and on every state checks:

``acting``       acting seats are real seats, each with a non-empty, stable, duplicate-free list of
                 legal actions; non-acting seats have none; nobody acts once the game is over
``clone``        a clone's snapshot equals the state's, and playing on the clone leaves the state alone
``snapshot``     ``to_json`` survives a trip through JSON text and ``Game.state_from_json`` exactly
``actions``      listed actions apply (on a clone), pass ``is_legal``, and round-trip through the JSON
                 and text notations; their words are the game's unless it declares ``position_words``
``refusal``      garbage, unlisted actions, absent seats and non-acting seats are refused with
                 ``IllegalAction`` and the state unchanged
``views``        every view (every seat and the spectator) is strict JSON, and neither a seat's view
                 nor the spectator's changes when ``determinize(seat)`` re-deals what the seat cannot
                 see; no game part repeats a header key; determinizing leaves the state alone and keeps
                 the seat's legal actions; a game that splits its views (``State.view_parts``) joins them
                 to the same views, its shared part is the same for every seat, disjoint from each own
                 part (one ``you``, None for the spectator only), and unchanged by every re-deal (it goes
                 to everyone)
``undo``         a take-back works on a copy and a bad one is refused with the state unchanged
``bound``        the game ends within ``Game.max_actions``
``record``       the finished game's record survives JSON and replays to the identical final state
``determinism``  the same seed and actions give the identical snapshot at a random point of the game
``result``       scores, breakdown and winners are well-formed

Failures raise ``ConformanceFailure`` naming the check, the seed and the action index.
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from longhouse.engine.errors import IllegalAction, LonghouseError
from longhouse.engine.records import Match, Record, replay
from longhouse.engine.rng import Rng
from longhouse.engine.state import Game, State
from longhouse.engine.text import json_default
from longhouse.engine.view import OWN_KEY, joined

#: Values that are no game's action.
GARBAGE: tuple[Any, ...] = (None, 0, -1, 3.5, "", "x", "garbage", (), ("junk", 1), frozenset({1}), b"\x00")
#: JSON that is no game's action.
GARBAGE_JSON: tuple[Any, ...] = (
    None, 0, "x", [], [1, 2], {}, {"type": None}, {"type": "no-such-action"}, {"type": 7, "x": [1]},
    {"seat": 0}, "{}", 1e300,
)


class ConformanceFailure(AssertionError):
    """A broken promise of the contract, found by ``check``."""

    def __init__(self, check: str, message: str, *, seed: int | None = None, index: int | None = None) -> None:
        self.check = check
        self.seed = seed
        self.index = index
        where = []
        if seed is not None:
            where.append(f"seed {seed}")
        if index is not None:
            where.append(f"after {index} actions")
        super().__init__(f"[{check}] {message}" + (f" ({', '.join(where)})" if where else ""))


@dataclass
class Report:
    game: str
    num_players: int
    games: int
    actions: int
    states_checked: int
    seconds: float
    longest: int

    def line(self) -> str:
        return (f"{self.game} {self.num_players}p: {self.games} games, {self.actions} actions, "
                f"{self.states_checked} states checked, longest game {self.longest} actions, "
                f"{self.seconds:.1f} s")


def ci_games(default: int) -> int:
    """How many random games a conformance test plays: ``default``, or LONGHOUSE_CONFORMANCE_GAMES."""
    value = os.environ.get("LONGHOUSE_CONFORMANCE_GAMES")
    return int(value) if value else default


def _fail(check: str, message: str) -> None:
    raise ConformanceFailure(check, message)


def _dumps(value: Any, what: str, check: str) -> str:
    try:
        return json.dumps(value, allow_nan=False, default=json_default)  # texts (Msg): in English
    except (TypeError, ValueError) as exc:
        raise ConformanceFailure(check, f"{what} is not strict JSON: {exc}") from exc


def _hashable(action: Any) -> bool:
    try:
        hash(action)
    except TypeError:
        return False
    return True


class Checker:
    """The per-state checks, with the knobs that trade thoroughness for time."""

    def __init__(self, game: Game, *, actions_per_state: int = 6, refusals_per_state: int = 4,
                 determinize_seats: int | None = None, thorough: bool = False) -> None:
        self.game = game
        #: compare the snapshot after every single refusal, not only after all of them
        self.thorough = thorough
        self.actions_per_state = actions_per_state
        self.refusals_per_state = refusals_per_state
        self.determinize_seats = determinize_seats
        self.seen_actions: list[Hashable] = []  # actions listed somewhere, to offer where unlisted

    def check_state(self, state: State, rng: Rng) -> None:
        snap = state.to_json()
        snap_text = _dumps(snap, "the snapshot", "snapshot")
        self._check_acting(state)
        self._check_clone(state, snap)
        self._check_snapshot(state, snap, snap_text)
        self._check_actions(state, snap, rng)
        self._check_refusal(state, snap, rng)
        self._check_views(state, snap, rng)
        self._check_undo(state, snap)

    # each check ------------------------------------------------------------------------------

    def _check_acting(self, state: State) -> None:
        acting = state.acting()
        n = state.num_players
        if not isinstance(acting, tuple) or len(set(acting)) != len(acting) or any(
                not isinstance(s, int) or not 0 <= s < n for s in acting):
            _fail("acting", f"acting() must be a tuple of distinct seats, got {acting!r}")
        if state.is_over() != (not acting):
            _fail("acting", f"is_over() is {state.is_over()} but acting() is {acting!r}")
        for seat in range(n):
            legal = state.legal_actions(seat)
            if seat in acting:
                if not legal:
                    _fail("acting", f"seat {seat} acts but has no legal action")
                if legal != state.legal_actions(seat):
                    _fail("acting", f"seat {seat}'s legal actions are not stable between calls")
                if not all(_hashable(a) for a in legal) or len(set(legal)) != len(legal):
                    _fail("acting", f"seat {seat}'s legal actions are not distinct hashable values")
            elif legal:
                _fail("acting", f"seat {seat} does not act but lists legal actions {legal[:3]!r}")

    def _check_clone(self, state: State, snap: dict[str, Any]) -> None:
        if state.clone().to_json() != snap:
            _fail("clone", "a clone's snapshot differs from the state's")

    def _check_snapshot(self, state: State, snap: dict[str, Any], snap_text: str) -> None:
        try:
            back = self.game.state_from_json(json.loads(snap_text))
        except LonghouseError as exc:
            raise ConformanceFailure("snapshot", f"state_from_json refused a snapshot: {exc}") from exc
        if back.to_json() != snap:
            _fail("snapshot", "a snapshot read back differs from the state")
        if back.acting() != state.acting():
            _fail("snapshot", "a snapshot read back has other acting seats")
        for seat in state.acting():
            if back.legal_actions(seat) != state.legal_actions(seat):
                _fail("snapshot", f"a snapshot read back lists other legal actions for seat {seat}")
        viewers: tuple[int | None, ...] = (None, *state.acting()[:1])
        for viewer in viewers:
            if back.view(viewer) != state.view(viewer):
                _fail("snapshot", f"a snapshot read back shows seat {viewer} another view")

    def _check_actions(self, state: State, snap: dict[str, Any], rng: Rng) -> None:
        game = self.game
        acting = state.acting()
        # at most actions_per_state in all: during a simultaneous choice, shared among the acting seats
        share = max(1, self.actions_per_state // len(acting)) if acting else 0
        for seat in acting:
            legal = state.legal_actions(seat)
            sample = legal if len(legal) <= share else [legal[rng.below(len(legal))] for _ in range(share)]
            for action in sample:
                self.seen_actions.append(action)
                if not state.is_legal(seat, action):
                    _fail("actions", f"listed action {action!r} fails is_legal for seat {seat}")
                try:
                    text = _dumps(game.action_to_json(action), f"action_to_json({action!r})", "actions")
                    if game.action_from_json(json.loads(text)) != action:
                        _fail("actions", f"action {action!r} does not round-trip through JSON")
                    if game.action_from_text(game.action_to_text(action)) != action:
                        _fail("actions", f"action {action!r} does not round-trip through its text notation")
                    if not game.position_words and state.describe_action(action) != game.describe_action(action):
                        _fail("actions", f"the words of {action!r} depend on the position, but the game does not "
                                         "declare position_words")
                except IllegalAction as exc:
                    raise ConformanceFailure("actions", f"notation of {action!r} fails: {exc}") from exc
                copy = state.clone()
                try:
                    copy.apply(seat, action)
                except Exception as exc:
                    raise ConformanceFailure("actions", f"listed action {action!r} of seat {seat} raised "
                                             f"{type(exc).__name__}: {exc}") from exc
        if state.to_json() != snap:
            _fail("clone", "playing actions on clones changed the original state")
        if len(self.seen_actions) > 2000:
            del self.seen_actions[:1000]

    def _refused(self, state: State, snap: dict[str, Any], seat: Any, action: Any, why: str) -> None:
        try:
            state.apply(seat, action)
        except IllegalAction:
            if self.thorough and state.to_json() != snap:
                _fail("refusal", f"refusing {why} ({action!r} for seat {seat!r}) changed the state")
            return
        except Exception as exc:
            raise ConformanceFailure("refusal", f"{why} ({action!r} for seat {seat!r}) raised "
                                     f"{type(exc).__name__} instead of IllegalAction: {exc}") from exc
        _fail("refusal", f"{why} ({action!r} for seat {seat!r}) was accepted")

    def _check_refusal(self, state: State, snap: dict[str, Any], rng: Rng) -> None:
        acting = state.acting()
        n = state.num_players
        for _ in range(self.refusals_per_state):
            junk = GARBAGE[rng.below(len(GARBAGE))]
            seat = acting[rng.below(len(acting))] if acting else rng.below(n)
            self._refused(state, snap, seat, junk, "garbage")
            data = GARBAGE_JSON[rng.below(len(GARBAGE_JSON))]
            try:
                self.game.action_from_json(data)
            except IllegalAction:
                pass
            except Exception as exc:
                raise ConformanceFailure("refusal", f"action_from_json({data!r}) raised {type(exc).__name__} "
                                         f"instead of IllegalAction: {exc}") from exc
        for seat in acting:
            legal = set(state.legal_actions(seat))
            pool = [a for a in self.seen_actions[-200:] if a not in legal]
            for _ in range(min(self.refusals_per_state, len(pool))):
                self._refused(state, snap, seat, pool[rng.below(len(pool))], "an unlisted action")
        any_action = self.seen_actions[-1] if self.seen_actions else None
        absent: tuple[Any, ...] = (-1, n, "0", None, True)
        for nobody in absent:
            self._refused(state, snap, nobody, any_action, "an absent seat")
        for idle in range(n):
            if idle not in acting and any_action is not None:
                self._refused(state, snap, idle, any_action, "a seat that may not act")
        if state.to_json() != snap:
            _fail("refusal", "refusing bad actions changed the state")

    def _check_views(self, state: State, snap: dict[str, Any], rng: Rng) -> None:
        n = state.num_players
        views = {seat: state.view(seat) for seat in [None, *range(n)]}
        for seat, v in views.items():
            _dumps(v, f"view({seat})", "views")
            repeated = sorted(set(v) & set(v.get("header") or ()))
            if repeated:
                _fail("views", f"view({seat})'s game part repeats the header's {repeated}")
        shared = self._check_parts(state, views)
        seats = list(range(n))
        if self.determinize_seats is not None and self.determinize_seats < n:
            seats = [seats[rng.below(n)] for _ in range(self.determinize_seats)]
        for seat in seats:
            world = state.determinize(seat, rng.fork())
            if world.view(seat) != views[seat]:
                _fail("views", f"seat {seat}'s view changed when what it cannot see was re-dealt: a leak")
            if world.view(None) != views[None]:
                _fail("views", "the spectator's view changed when hidden information was re-dealt: a leak")
            if shared is not None and (world.view_parts(None) or ({}, {}))[0] != shared:
                _fail("views", f"the shared part of the views changed when seat {seat}'s unknowns were re-dealt")
            if world.acting() != state.acting():
                _fail("views", f"determinize({seat}) changed who acts")
            if seat in state.acting() and world.legal_actions(seat) != state.legal_actions(seat):
                _fail("views", f"determinize({seat}) changed seat {seat}'s legal actions")
        # the original is compared once, after every re-deal (a snapshot is a large part of a check's cost;
        # a change one re-deal made would still show)
        if seats and state.to_json() != snap:
            _fail("views", f"determinize (of seats {seats}) changed the state")

    @staticmethod
    def _check_parts(state: State, views: dict[int | None, dict[str, Any]]) -> dict[str, Any] | None:
        """The split views join to the views, share one part, and keep each seat's own part to itself."""
        spectator = state.view_parts(None)
        if spectator is None:
            return None
        shared = spectator[0]
        for seat in views:
            split = state.view_parts(seat)
            if split is None:
                raise ConformanceFailure("views", f"view_parts({seat}) is None while the spectator's is split")
            mine, own = split
            if mine != shared:
                _fail("views", f"the shared part of seat {seat}'s view is not the spectator's: it may not be shared")
            if set(mine) & set(own) or "header" in own:
                _fail("views", f"seat {seat}'s own part repeats keys of the shared part")
            if set(own) != {OWN_KEY} or (own[OWN_KEY] is None) != (seat is None):
                _fail("views", f"seat {seat}'s own part is not one {OWN_KEY!r} (None for the spectator only): "
                               f"{sorted(own)}")
            _dumps(mine, f"view_parts({seat})", "views")
            if joined(mine, own, seat) != views[seat]:
                _fail("views", f"view_parts({seat}) joined is not view({seat})")
        return shared

    def _check_undo(self, state: State, snap: dict[str, Any]) -> None:
        undone = False
        for seat in range(state.num_players):
            steps = state.undo_steps(seat)
            if steps:
                copy = state.clone()
                try:
                    copy.undo(seat)
                except IllegalAction as exc:
                    raise ConformanceFailure("undo", f"seat {seat} has {steps} steps to take back but undo "
                                             f"failed: {exc}") from exc
                undone = True
            for bad in (steps, -steps - 1):
                try:
                    state.undo(seat, bad)
                except IllegalAction:
                    pass
                else:
                    _fail("undo", f"seat {seat} took back step {bad}, but only {steps} steps may be taken back")
        # the original is compared once, after every seat's undo on a clone and refused undos on it
        if state.to_json() != snap:
            _fail("undo", "undo on a clone changed the original state" if undone
                  else "a refused undo changed the state")


def play_random_game(game: Game, num_players: int, seed: int, *, checker: Checker | None = None,
                     undo_rate: float = 0.03, check_every: int = 1) -> Match:
    """Play one random game (seeded), checking states with ``checker``; return the match."""
    rng = Rng(seed)
    match = Match(game, [f"p{i}" for i in range(num_players)], seed)
    state = match.state
    bound = game.max_actions(num_players)
    played = 0
    index = 0
    while True:
        if checker is not None and index % check_every == 0:
            try:
                checker.check_state(state, rng)
            except ConformanceFailure as exc:
                raise ConformanceFailure(exc.check, str(exc).split("] ", 1)[1], seed=seed, index=index) from exc
        if state.is_over():
            break
        acting = state.acting()
        seat = acting[rng.below(len(acting))]
        steps = state.undo_steps(seat)
        if steps and rng.random() < undo_rate:
            match.undo(seat, rng.below(steps))
            played -= 1  # a step taken back does not count toward the game's length
        else:
            match.apply(seat, rng.choice(state.legal_actions(seat)))
            played += 1
            if played > bound:
                raise ConformanceFailure("bound", f"the game did not end within max_actions = {bound}",
                                         seed=seed, index=index)
        index += 1
    return match


def check_record(game: Game, match: Match, rng: Rng) -> None:
    """The record round-trips and replays to the same state; a prefix replays deterministically."""
    record = match.record
    text = record.dumps()
    back = Record.loads(text)
    final = replay(back, game)
    if final.to_json() != match.state.to_json():
        _fail("record", "replaying the record does not give the final state")
    if record.result is None or record.result.get("scores") != match.state.scores():
        _fail("record", "the record's result does not hold the final scores")
    cut = rng.below(len(record.actions) + 1)
    prefix = Record.from_json({**record.to_json(), "actions": record.actions[:cut], "result": None})
    if replay(prefix, game).to_json() != replay(prefix, game).to_json():
        _fail("determinism", f"replaying the first {cut} actions twice gives different states")


def check_result(state: State) -> None:
    n = state.num_players
    scores = state.scores()
    if len(scores) != n or not all(isinstance(s, int) for s in scores):
        _fail("result", f"scores() must give one int per seat, got {scores!r}")
    breakdown = state.score_breakdown()
    if len(breakdown) != n or not all(isinstance(b, dict) for b in breakdown):
        _fail("result", "score_breakdown() must give one dict per seat")
    _dumps(breakdown, "score_breakdown()", "result")
    winners = state.winners()
    if not winners or not all(w in range(n) for w in winners):
        _fail("result", f"a finished game has winners among its seats, got {winners!r}")
    if any(isinstance(v, float) and not math.isfinite(v) for b in breakdown for v in b.values()):
        _fail("result", "score_breakdown() holds a non-finite number")


def check_game(game: Game, num_players: int, games: int = 100, seed: int = 0, *, check_every: int = 1,
               actions_per_state: int = 6, refusals_per_state: int = 3, determinize_seats: int | None = None,
               undo_rate: float = 0.03, progress: Callable[[int], None] | None = None) -> Report:
    """Play ``games`` random games of ``num_players`` and check every ``check_every``-th state."""
    started = time.perf_counter()
    checker = Checker(game, actions_per_state=actions_per_state, refusals_per_state=refusals_per_state,
                      determinize_seats=determinize_seats)
    total = states = longest = 0
    for i in range(games):
        game_seed = seed * 1_000_003 + i
        match = play_random_game(game, num_players, game_seed, checker=checker, undo_rate=undo_rate,
                                 check_every=check_every)
        try:
            check_record(game, match, Rng(game_seed))
            check_result(match.state)
        except ConformanceFailure as exc:
            raise ConformanceFailure(exc.check, str(exc).split("] ", 1)[1], seed=game_seed) from exc
        length = len(match.record.actions)
        total += length
        longest = max(longest, length)
        states += length // check_every + 1
        if progress is not None:
            progress(i + 1)
    return Report(game.name, num_players, games, total, states, time.perf_counter() - started, longest)
