"""Longhouse's games as OpenSpiel games: ``longhouse_manitou``, ``longhouse_manitoba``, ``longhouse_five_tribes``.

Importing this module registers the three with ``pyspiel.register_game`` as Python games; load one with
``pyspiel.load_game("longhouse_manitou(players=3,seed=7)")`` or ``load("manitou", players=3, seed=7)``.

What OpenSpiel is told (the ``GameType``), and why:

- **Sequential** dynamics. Where the rules have a simultaneous choice (Manitou's hunting parties), the
  acting seats choose one after another, lowest seat first; a seat's picks appear only in its own view
  and events, so the others choose without seeing them, as at the table.
- **Explicit chance**, once: the first node is a chance node that picks the deal, one of ``deals``
  (a parameter, 1024 by default) equally likely outcomes; deal ``i`` under parameter ``seed`` is the
  engine's seed ``seed * deals + i``, from which every shuffle and draw of the game follows (our engines
  draw inside their moves from their own seeded generator, so a deal fixes them all, like a deck shuffled
  before play). Nobody observes the deal: the views show only what each seat may know. (OpenSpiel
  cannot serialise a Python game with sampled chance, and it must serialise ours.)
- **Imperfect information**, **general-sum**, terminal rewards: ``returns()`` are the final scores
  (``State.scores()``), zero until the game is over; ``min_utility``/``max_utility`` are loose bounds
  far outside any score seen in play (``UTILITY_BOUNDS``).
- Player counts: the game's own (2-4), as the ``players`` parameter.
- **Actions** are ids in ``longhouse.adapters.action_space`` (a fixed ``num_distinct_actions`` per game,
  whatever the player count); ``action_to_string`` is the game's text notation.
- ``observation_string(p)`` is seat ``p``'s ``view`` as canonical JSON; ``information_state_string(p)``
  is the same view followed by a digest of everything seat ``p`` has seen happen (the events visible to
  it, and its own actions), which gives the perfect recall an information state needs.
  ``observation_tensor(p)`` is the view's structured tensor (``longhouse.adapters.tensors``: board planes
  and fixed slots, documented slice by slice in docs/research.md, the observer's ``dict`` names them; read
  from the state by ``tensors.fast``, which equals it built from the view);
  ``information_state_tensor(p)`` is that observation followed by seat ``p``'s recall (``tensors.Recall``:
  the actions it saw each seat take, those it could not see, and the digest of the string's history), so
  it is fixed-size and exactly as fine as the information-state string.
- ``resample_from_infostate(p, sampler)`` is ``State.determinize(p, rng)``, seeded from the sampler: it
  re-deals what ``p`` cannot see (not merely another of the ``deals``), and keeps the history.
- ``max_game_length`` is ``Game.max_actions(players)``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from longhouse import games
from longhouse.adapters import tensors
from longhouse.adapters.action_space import space
from longhouse.adapters.features import view_text
from longhouse.adapters.tensors import Recall, fast
from longhouse.engine import Event, Rng, State
from longhouse.i18n import english

PREFIX = "longhouse_"
#: How many deals the opening chance node chooses among, unless the ``deals`` parameter says otherwise.
DEALS = 1024

#: Per game, bounds on a final score: loose, far outside any score seen in play (random and greedy
#: games on 2026-11-30 scored -3..221, the top from Five Tribes); random_sim_test checks every return.
UTILITY_BOUNDS: dict[str, tuple[float, float]] = {
    "manitou": (-1000.0, 1000.0),
    "manitoba": (-1000.0, 1000.0),
    "five_tribes": (-1000.0, 2000.0),
}


def short_name(game_name: str) -> str:
    return PREFIX + game_name


def game_type(game_name: str) -> pyspiel.GameType:
    game = games.get(game_name)
    return pyspiel.GameType(
        short_name=short_name(game_name),
        long_name=f"Longhouse {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.min_players, "seed": 0, "deals": DEALS},
        default_loadable=True,
        provides_factored_observation_string=False,
    )


class _Held:
    """The Longhouse state inside an OpenSpiel state: copied with ``clone``, pickled as its snapshot.

    ``seen`` caches what was computed from the state since its last move (views, their text and
    encodings): OpenSpiel asks for each several times per position.
    """

    __slots__ = ("seen", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.seen: dict[tuple[str, int], Any] = {}

    def _cached(self, kind: str, player: int, make: Callable[[], Any]) -> Any:
        found = self.seen.get((kind, player))
        if found is None:
            found = self.seen[kind, player] = make()
        return found

    def view(self, player: int) -> dict[str, Any]:
        view: dict[str, Any] = self._cached("view", player, lambda: self.state.view(player))
        return view

    def text(self, player: int) -> str:
        text: str = self._cached("text", player, lambda: view_text(self.view(player)))
        return text

    def tensor(self, player: int) -> np.ndarray[Any, np.dtype[np.float32]]:
        """Seat ``player``'s observation tensor, read from the state (``tensors.fast``: equal to
        ``tensors.observation`` of its view, and several times cheaper)."""
        tensor: np.ndarray[Any, np.dtype[np.float32]] = self._cached(
            "tensor", player, lambda: fast.observe(self.state, player))
        return tensor

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.clone())

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return (_restore, (self.state.game.name, json.dumps(self.state.to_json())))


def _restore(game_name: str, snapshot: str) -> _Held:
    return _Held(games.get(game_name).state_from_json(json.loads(snapshot)))


class LonghouseGame(pyspiel.Game):
    """One Longhouse game at one player count, as an OpenSpiel game."""

    game_name: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game = games.get(self.game_name)
        players = int(params.get("players", game.min_players))
        game.check_players(players)
        deals = int(params.get("deals", DEALS))
        if deals < 1:
            raise ValueError(f"deals must be at least 1, not {deals}")
        low, high = UTILITY_BOUNDS[self.game_name]
        info = pyspiel.GameInfo(
            num_distinct_actions=len(space(self.game_name)),
            max_chance_outcomes=deals,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=game.max_actions(players),
        )
        super().__init__(game_type(self.game_name), info, params)
        self.longhouse = game
        self.players = players
        self.deals = deals
        self.seed = int(params.get("seed", 0))

    def new_initial_state(self) -> LonghouseState:
        return LonghouseState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None,
    ) -> ViewObserver:
        if params:
            raise ValueError(f"the Longhouse observers take no parameters, not {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return ViewObserver(self.game_name, self.players, perfect_recall)


class LonghouseState(pyspiel.State):
    """A Longhouse state behind OpenSpiel's ``State`` interface (before the deal: the chance node)."""

    def __init__(self, game: LonghouseGame) -> None:
        super().__init__(game)
        self._name = game.game_name
        self._players = game.players
        self._deals = game.deals
        self._seed = game.seed
        self._held: _Held | None = None
        self._recall = Recall(game.game_name, game.players)

    @property
    def longhouse(self) -> State:
        """The Longhouse state (``ValueError`` before the deal)."""
        if self._held is None:
            raise ValueError("the game is not dealt yet: the first node is the chance node that deals it")
        return self._held.state

    def view(self, player: int) -> dict[str, Any] | None:
        """Seat ``player``'s view (``None`` before the deal, when nobody has seen anything)."""
        return None if self._held is None else self._held.view(player)

    def view_text(self, player: int) -> str:
        return "not dealt yet" if self._held is None else self._held.text(player)

    def tensor(self, player: int) -> np.ndarray[Any, np.dtype[np.float32]] | None:
        """Seat ``player``'s observation tensor (``None`` before the deal)."""
        return None if self._held is None else self._held.tensor(player)

    @property
    def recall(self) -> Recall:
        """What each seat has seen happen so far (``tensors.Recall``)."""
        return self._recall

    def seen_digest(self, player: int) -> str:
        """A digest of everything ``player`` has seen happen so far."""
        return self._recall.digests[player]

    def current_player(self) -> int:
        if self._held is None:
            return int(pyspiel.PlayerId.CHANCE)
        state = self._held.state
        if state.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        return min(state.acting())

    def _legal_actions(self, player: int) -> list[int]:
        return space(self._name).ids_of(self.longhouse.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self._deals
        return [(deal, p) for deal in range(self._deals)]

    def _apply_action(self, action_id: int) -> None:
        if self._held is None:
            seed = self._seed * self._deals + action_id
            self._held = _Held(games.get(self._name).new_state(self._players, seed))
            return
        state = self._held.state
        self._held.seen.clear()
        seat = min(state.acting())
        ids = space(self._name)
        events = state.apply(seat, ids.action(action_id))
        self._recall = self._recall.after(seat, action_id, _shown(events, self._players))

    def _action_to_string(self, player: int, action_id: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action_id}"
        return space(self._name).text(action_id)

    def is_terminal(self) -> bool:
        return self._held is not None and self._held.state.is_over()

    def returns(self) -> list[float]:
        if self._held is None or not self._held.state.is_over():
            return [0.0] * self._players
        return [float(score) for score in self._held.state.scores()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LonghouseState:
        """A state that ``player_id`` cannot tell from this one: ``determinize``, seeded from the sampler."""
        seed = int(float(probability_sampler()) * (1 << 53))
        resampled: LonghouseState = self.clone()
        resampled._held = _Held(self.longhouse.determinize(player_id, Rng(seed)))
        return resampled

    def __str__(self) -> str:
        if self._held is None:
            return f"{self._name}, {self._players} players: the deal is not chosen yet (seed {self._seed})"
        return json.dumps(self.longhouse.to_json(), sort_keys=True, separators=(",", ":"))


def _shown(events: list[Event], players: int) -> list[list[str]]:
    """Per seat, the texts of the events it may see."""
    return [[english(e.text) for e in events if e.visible_to(p)] for p in range(players)]


class ViewObserver:
    """OpenSpiel's observer interface over a seat's view: the observation tensor, or (with perfect recall)
    the information-state tensor; ``dict`` holds each slice by name (views into ``tensor``)."""

    def __init__(self, game_name: str, players: int, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        observed = tensors.observation_at(game_name, players)
        self.size = observed.size
        if perfect_recall:
            recalled = tensors.recall_at(game_name, players)
            self.tensor = np.zeros(observed.size + recalled.size, np.float32)
            self.dict = {**observed.parts(self.tensor[:observed.size]),
                         **recalled.parts(self.tensor[observed.size:])}
        else:
            self.tensor = np.zeros(observed.size, np.float32)
            self.dict = observed.parts(self.tensor)

    def set_from(self, state: LonghouseState, player: int) -> None:
        tensor = state.tensor(player)
        if tensor is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:self.size] = tensor
        if self.perfect_recall:
            state.recall.into(player, self.tensor[self.size:])

    def string_from(self, state: LonghouseState, player: int) -> str:
        text = state.view_text(player)
        if self.perfect_recall:
            return f"{text}\nseen {state.seen_digest(player)}"
        return text


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for name in games.names():
        if short_name(name) in registered:
            continue
        creator = type(f"Longhouse_{name}", (LonghouseGame,), {"game_name": name})
        pyspiel.register_game(game_type(name), creator)


def load(game_name: str, players: int | None = None, seed: int = 0) -> pyspiel.Game:
    """The OpenSpiel game for a Longhouse game (``players`` defaults to the game's fewest)."""
    game = games.get(game_name)
    n = game.min_players if players is None else players
    return pyspiel.load_game(short_name(game_name), {"players": n, "seed": seed})


_register()
