"""The Manitoba game: set-up for 2–4 players, setup keys, and the action codecs."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from longhouse.engine.errors import SetupError
from longhouse.engine.options import Option
from longhouse.engine.rng import Rng
from longhouse.engine.state import JSON, Action, Game, Notation
from longhouse.engine.view import Views
from longhouse.games.manitoba import actions as A
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import flow
from longhouse.games.manitoba import rulings as R
from longhouse.games.manitoba import tasks as T
from longhouse.games.manitoba import view as manitoba_view
from longhouse.games.manitoba.describe import description
from longhouse.games.manitoba.play import ManitobaPlay
from longhouse.games.manitoba.rulings import Options
from longhouse.games.manitoba.state import ManitobaState
from longhouse.games.manitoba.territory import build

_OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "layout": (D.LAYOUT_STANDARD, D.LAYOUT_LAKE_MANITOBA, D.LAYOUT_DUCK_MOUNTAIN),
    "pair_exemption": (R.PAIR_EXEMPTION_BOTH, R.PAIR_EXEMPTION_EITHER),
    "autumn_tile": (False, True),
    "clamp_scores": (False, True),
    "tie_break": (R.TIE_SHARED, R.TIE_WAMPUM),
    "wake_event": (False, True),
}


class ManitobaGame(Game):
    name: ClassVar[str] = "manitoba"
    title: ClassVar[str] = "Manitoba"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    #: "2": the actions became ``Notated`` dataclasses with the JSON tag ``type``; the rules are those of "1",
    #: whose records (actions tagged ``kind``) still replay (``record_reader``).
    rules_version: ClassVar[str] = "2"
    notation: ClassVar[Notation | None] = A
    views: ClassVar[Views | None] = manitoba_view
    terminal: ClassVar[str | None] = "longhouse.games.manitoba.terminal"
    splits_views: ClassVar[bool] = True
    #: Menus name areas as the board does ("Hills 2"): ``ManitobaState.describe_action``.
    position_words: ClassVar[bool] = True
    setup_keys: ClassVar[Mapping[str, str]] = {
        "first_player": "the seat (0-based) that starts with the totem and the big eagle head",
        "territory": "the territory tiles in chain order, players+1 of them, each a tile number 1-6 or "
                     "[number, turned] (turned = placed at 180°)",
        "totem": "the starting totem, top to bottom: a list of the 5 colours, or \"fixed\" for "
                 "blue, white, beige, green, brown (default: random)",
        "seasons": "the event cards laid out per season: {\"spring\": [3 card ids], ...}; ids are the "
                   "indices of data.EVENT_CARDS and must belong to that season",
        "score_tiles": "the score tiles in the order they are drawn (spring 3, spring 5, summer 3, ...): "
                       "distinct indices of data.SCORE_TILES, up to 12",
        "layout": "territory layout: \"standard\" (a chain), \"lake_manitoba\" or \"duck_mountain\"",
        "pair_exemption": "R9: who may skip a two-goods score tile: \"both\" (exempt from both; default) "
                          "or \"either\"",
        "autumn_tile": "R11: score the autumn '5' tile before the final scoring (default false)",
        "clamp_scores": "scores never drop below 0, as on the physical track (default false)",
        "tie_break": "R16: \"shared\" victory (default) or \"wampum\" (more active wampum, then fewer "
                     "Cree in the wigwam)",
        "wake_event": "replace the spring GOOD(horse|canoe) event card with a WAKE event (default false)",
    }

    def record_reader(self, rules_version: str) -> Callable[[Any], Action] | None:
        if rules_version == "1":
            return A.read_v1
        return super().record_reader(rules_version)

    def description(self) -> JSON:
        return description()

    def new_state(self, num_players: int, seed: int, setup: Mapping[str, Any] | None = None) -> ManitobaPlay:
        setup = self.check_setup(num_players, setup)
        n = num_players
        rng = Rng(seed)
        opts = _options(setup)
        first = _first_player(setup, n, rng)
        tiles = _territory(setup, n, rng)
        totem = _totem(setup, rng)
        decks = _decks(setup, rng)
        pile = _score_tiles(setup, rng)

        st = ManitobaPlay(n, opts, build(tiles, opts.layout), rng, first, totem, decks, pile)
        # The winter solstice (data §2.1): counter-clockwise from the start player's right, start player last.
        # (the shared tasks of tasks.py: every game makes them)
        st.push(T.SOLSTICE_DONE_TASK)
        for i in range(n):
            seat = (first + i) % n  # pushed in reverse: the start player's right acts first
            st.push(T.SOLSTICE_PATHS[seat])
            st.push(T.SOLSTICE_AREAS[seat])
            st.push(T.SOLSTICE_GOODS[seat])
        flow.run(st)
        st.events = []
        return st

    def state_from_json(self, data: Mapping[str, Any]) -> ManitobaPlay:
        return ManitobaPlay.from_json(data)


    def max_actions(self, num_players: int) -> int:
        # Per round and seat: the totem, two territory/vision steps with their goods and bonuses, the
        # end; per seat the wampum uses (at most one per tile gained or reactivated); events, scorings and
        # the final scoring. 120 per seat and round is far above any game.
        return ManitobaGame._rounds(num_players) * num_players * 120 + 200

    @staticmethod
    def _rounds(num_players: int) -> int:
        return D.ROUNDS_BY_PLAYERS.get(num_players, 16)


# --- setup parsing ------------------------------------------------------------------------------------------------

def _options(setup: Mapping[str, Any]) -> Options:
    values: dict[str, Any] = {}
    for key, allowed in _OPTION_VALUES.items():
        if key in setup:
            value = setup[key]
            if value not in allowed or type(value) is not type(allowed[0]):
                raise SetupError(f"setup {key!r} must be one of {list(allowed)}, not {value!r}")
            values[key] = value
    return Options(**values) if values else _DEFAULT_OPTIONS  # the defaults' Options shared: they are frozen


_DEFAULT_OPTIONS = Options()


def _first_player(setup: Mapping[str, Any], n: int, rng: Rng) -> int:
    if "first_player" in setup:
        first = setup["first_player"]
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n:
            raise SetupError(f"first_player must be a seat from 0 to {n - 1}, not {first!r}")
        return first
    return rng.below(n)


def _territory(setup: Mapping[str, Any], n: int, rng: Rng) -> list[tuple[int, bool]]:
    count = n + 1
    if "territory" not in setup:
        numbers = sorted(D.TILES)
        rng.shuffle(numbers)
        return [(t, rng.below(2) == 1) for t in numbers[:count]]
    raw = setup["territory"]
    if not isinstance(raw, list) or len(raw) != count:
        raise SetupError(f"territory must list {count} tiles for {n} players")
    tiles: list[tuple[int, bool]] = []
    for item in raw:
        if isinstance(item, int) and not isinstance(item, bool):
            number, turned = item, False
        elif (isinstance(item, (list, tuple)) and len(item) == 2 and isinstance(item[0], int)
              and not isinstance(item[0], bool) and isinstance(item[1], bool)):
            number, turned = item[0], item[1]
        else:
            raise SetupError(f"a territory tile is a number or [number, turned], not {item!r}")
        if number not in D.TILES:
            raise SetupError(f"there is no territory tile {number!r}; tiles are 1-6")
        tiles.append((number, turned))
    if len({t for t, _ in tiles}) != count:
        raise SetupError("territory tiles must be distinct")
    return tiles


def _totem(setup: Mapping[str, Any], rng: Rng) -> list[int]:
    raw = setup.get("totem")
    if raw is None:
        order = list(range(5))
        rng.shuffle(order)
        return order
    if raw == "fixed":
        return list(D.FIXED_TOTEM)
    if not isinstance(raw, list) or sorted(map(str, raw)) != sorted(D.COLOURS) or len(raw) != 5:
        raise SetupError(f"totem must be \"fixed\" or a list of the five colours {list(D.COLOURS)}")
    return [D.COLOURS.index(c) for c in raw]


def _decks(setup: Mapping[str, Any], rng: Rng) -> list[list[int]]:
    raw = setup.get("seasons", {})
    if not isinstance(raw, dict) or not set(raw) <= {"spring", "summer", "autumn"}:
        raise SetupError("seasons must be an object with keys among spring, summer, autumn")
    decks = []
    for season in (D.SPRING, D.SUMMER, D.AUTUMN):
        own = list(D.SEASON_EVENT_CARDS[season])
        rng.shuffle(own)
        chosen = raw.get(D.SEASONS[season])
        if chosen is not None:
            if (not isinstance(chosen, list) or len(chosen) != D.EVENTS_LAID_OUT or len(set(chosen)) != len(chosen)
                    or not all(isinstance(c, int) and not isinstance(c, bool) and c in own for c in chosen)):
                raise SetupError(f"seasons[{D.SEASONS[season]!r}] must list {D.EVENTS_LAID_OUT} distinct event "
                                 f"cards of that season, from {sorted(own)}")
            own = list(chosen) + [c for c in own if c not in chosen]
        decks.append(own)
    return decks


def _score_tiles(setup: Mapping[str, Any], rng: Rng) -> list[int]:
    pile = list(range(len(D.SCORE_TILES)))
    rng.shuffle(pile)
    raw = setup.get("score_tiles")
    if raw is None:
        return pile
    if (not isinstance(raw, list) or len(set(raw)) != len(raw) or len(raw) > len(D.SCORE_TILES)
            or not all(isinstance(t, int) and not isinstance(t, bool) and 0 <= t < len(D.SCORE_TILES) for t in raw)):
        raise SetupError("score_tiles must list distinct score tiles 0-11")
    return list(raw) + [t for t in pile if t not in raw]


ManitobaGame.options = {
    key: Option(key, ManitobaGame.setup_keys[key], allowed, getattr(Options(), key))
    for key, allowed in _OPTION_VALUES.items()
}

GAME = ManitobaGame()
ManitobaState.game = GAME
