"""A Manitou position, as data: the seats' cards and points, the hunting grounds, the phase of the hunt
(docs/rules/manitou-data.md §4–§8). The rules that change it are in ``selection``, ``hunt`` and
``reckoning``; ``play`` binds them to the engine contract.

Copies and snapshots are driven by the field lists (``engine.fields``), so a new field is one entry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, Self

from longhouse.engine.errors import SnapshotError
from longhouse.engine.fields import Fields
from longhouse.engine.rng import Rng
from longhouse.engine.state import JSON, State
from longhouse.games.manitou.data import (
    CODE_INDEX,
    CODES,
    DEALER_SELECTION,
    GROUND_LAYOUT,
    GROUNDS,
    LARGE,
    PELT_ROBBER_POINTS,
    PRISONER_POINTS,
    SELECTION,
    SET_COUNTS,
)
from longhouse.games.manitou.fights import Card


class Phase(StrEnum):
    """Where a hunt stands: the seats choose their hunting parties, play them, confirm the score screen; or
    the game is over. A snapshot and a view write the value (a ``str``)."""

    SELECT = "select"
    HUNT = "hunt"
    SCORE = "score"
    OVER = "over"


SELECT, HUNT, SCORE, OVER = Phase
PHASES = tuple(Phase)
SHUFFLED, AS_SELECTED = "shuffled", "as_selected"


class Player:
    """One seat's cards and points."""

    FIELDS = Fields(
        values=("must", "confirmed", "played", "prisoners", "pelt_robbers", "ready"),
        lists=("reserve", "selection", "free", "pile", "hand", "buffalo"),
        # derived during the selection, not part of a snapshot: copies of each code not yet picked, and
        # how many cards this seat must pick
        unsaved=("free", "must"),
    )
    __slots__ = FIELDS.names()

    def __init__(self) -> None:
        self.reserve: list[int] = list(SET_COUNTS)  # copies of each code, indexed like CODES
        self.selection: list[str] = []
        self.free: list[int] = list(SET_COUNTS)
        self.must = 0
        self.confirmed = False
        self.pile: list[str] = []  # the top of the pile is the end of the list
        self.hand: list[str] = []
        self.played = 0
        self.buffalo: list[int] = []
        self.prisoners = 0
        self.pelt_robbers = 0
        self.ready = False

    def copy(self) -> Player:
        p: Player = Player.FIELDS.new_copy(self)
        return p

    def reserve_size(self) -> int:
        return sum(self.reserve)

    def score(self) -> int:
        return sum(self.buffalo) + PRISONER_POINTS * self.prisoners + PELT_ROBBER_POINTS * self.pelt_robbers

    def to_json(self) -> JSON:
        return Player.FIELDS.to_json(self)

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Player:
        p = Player()
        Player.FIELDS.read(p, data, _player_value)
        if len(p.reserve) != len(CODES):
            raise SnapshotError("a reserve lists every card code")
        return p


def _player_value(name: str, raw: Any) -> Any:
    if name in ("selection", "pile", "hand"):
        return _code(raw)
    if name in ("confirmed", "ready"):
        return bool(raw)
    return int(raw)


class Ground:
    """A hunting ground: its buffalo, the cards played there, and the face-up warriors."""

    __slots__ = ("buffalo", "cards", "up")

    def __init__(self, buffalo: list[tuple[int, str]]) -> None:
        self.buffalo = buffalo  # (value, size)
        self.cards: list[Card] = []  # in play order
        self.up: list[Card] = []  # face-up warriors (one owner), bottom to top

    def copy(self) -> Ground:
        g = Ground(self.buffalo[:])
        index = {id(c): i for i, c in enumerate(self.cards)}
        g.cards = [c.copy() for c in self.cards]
        g.up = [g.cards[index[id(c)]] for c in self.up]
        return g

    def controller(self) -> int | None:
        return self.up[0].seat if self.up else None

    def to_json(self) -> JSON:
        index = {id(c): i for i, c in enumerate(self.cards)}
        return {
            "buffalo": [list(b) for b in self.buffalo],
            "cards": [[c.seat, c.code, c.face_up] for c in self.cards],
            "up": [index[id(c)] for c in self.up],
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Ground:
        g = Ground([(int(v), str(size)) for v, size in data["buffalo"]])
        g.cards = [Card(int(seat), _code(code), bool(up)) for seat, code, up in data["cards"]]
        g.up = [g.cards[int(i)] for i in data["up"]]
        return g


class LastHunt:
    """The last hunt's reckoning as data (``view.last_hunt_view`` shows it), made when first read (``data``).

    A speed trick: the hunt's end (``hunt.end_hunt``) hands over what it has at hand, the function that makes the
    data from it, and only a view or a snapshot ever reads it; a random playout never does, and making it at
    every hunt's end cost about 3 % of a playout. The data is made once and never changed (the same object at
    every read, so a server keeps its text: ``Game.unchanging_view_keys``); copies of the position share the
    ``LastHunt`` (a ``values`` field), and so its data.
    """

    __slots__ = ("_data", "_make")

    def __init__(self, make: Callable[[], JSON]) -> None:
        self._make: Callable[[], JSON] | None = make
        self._data: JSON | None = None

    @staticmethod
    def of(data: JSON) -> LastHunt:
        """A reckoning already made (read from a snapshot)."""
        last = object.__new__(LastHunt)
        last._make = None
        last._data = data
        return last

    def data(self) -> JSON:
        made = self._data
        if made is None:
            make = self._make
            if make is None:  # made meanwhile in another thread (a bot's search), which set _data first
                assert self._data is not None
                return self._data
            made = self._data = make()
            self._make = None  # what it was made from is no longer held
        return made

    def __reduce__(self) -> tuple[Callable[[JSON], LastHunt], tuple[JSON]]:
        return LastHunt.of, (self.data(),)  # pickled (the bots' worker processes) as its data


class ManitouState(State):
    """The data of a Manitou position and what follows from it alone (whose move, the scores)."""

    FIELDS = Fields(
        values=("num_players", "hunt", "phase", "dealer", "turn", "pile_order", "reckoning", "_acting"),
        lists=("large", "small"),
        copies=("rng",),
        copy_lists=("players", "grounds"),
        unsaved=("_acting",),
        json={"reckoning": "last_hunt"},
    )
    __slots__ = FIELDS.names()

    def __init__(self, num_players: int, seed: int, dealer: int, large: list[int], small: list[int],
                 pile_order: str = SHUFFLED) -> None:
        self.num_players = num_players
        self.rng = Rng(seed)
        self.players = [Player() for _ in range(num_players)]
        self.hunt = 1
        self.phase = SELECT
        self.dealer = dealer
        self.turn: int | None = None
        self.large = large  # the undealt buffalo; the next card dealt is the end of the list
        self.small = small
        self.pile_order = pile_order
        self.grounds: list[Ground] = []
        #: The last hunt's reckoning (``hunt.end_hunt``), its data made when first read (``last_hunt``): never
        #: changed once made, so copies share it.
        self.reckoning: LastHunt | None = None
        self._acting: tuple[int, ...] = ()
        self.lay_out_buffalo()
        self.derive_selection()
        self.refresh_acting()

    # --- what follows from the data -------------------------------------------------------------

    @property
    def last_hunt(self) -> JSON | None:
        """The last hunt's reckoning as data (``view.last_hunt_view`` shows it), or None before the first."""
        reckoning = self.reckoning
        return None if reckoning is None else reckoning.data()

    @property
    def start_player(self) -> int:
        return (self.dealer + 1) % self.num_players

    def must_pick(self, seat: int) -> int:
        """Data §4.2 and §7.7: 8 cards, the dealer 7, never more than the reserve holds."""
        want = DEALER_SELECTION if seat == self.dealer else SELECTION
        return min(want, self.players[seat].reserve_size())

    def derive_selection(self) -> None:
        """Recompute what the selection phase keeps at hand: each seat's unpicked copies and quota."""
        for seat, p in enumerate(self.players):
            p.free = p.reserve[:]
            for code in p.selection:
                p.free[CODE_INDEX[code]] -= 1
            p.must = self.must_pick(seat)

    def lay_out_buffalo(self) -> None:
        """Data §3: deal each hunting ground its buffalo for this player count."""
        self.grounds = []
        for sizes in GROUND_LAYOUT[self.num_players]:
            cards = [(self.large.pop() if size == LARGE else self.small.pop(), size) for size in sizes]
            self.grounds.append(Ground(cards))

    def refresh_acting(self) -> None:
        if self.phase == SELECT:
            self._acting = tuple(s for s, p in enumerate(self.players) if not p.confirmed)
        elif self.phase == HUNT:
            assert self.turn is not None
            self._acting = (self.turn,)
        elif self.phase == SCORE:
            self._acting = tuple(s for s, p in enumerate(self.players) if not p.ready)
        else:
            self._acting = ()

    def acting(self) -> tuple[int, ...]:
        return self._acting

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        scores = []
        for p in self.players:  # a loop: cheaper than a comprehension for a few items (Python 3.11)
            scores.append(p.score())
        return scores

    def score_breakdown(self) -> list[dict[str, int]]:
        return [{
            "buffalo": sum(p.buffalo),
            "prisoners": PRISONER_POINTS * p.prisoners,
            "pelt_robbers": PELT_ROBBER_POINTS * p.pelt_robbers,
            "total": p.score(),
        } for p in self.players]

    # --- copies and snapshots -------------------------------------------------------------------

    def clone(self) -> Self:
        s: Self = ManitouState.FIELDS.new_copy(self)
        return s

    def to_json(self) -> JSON:
        out = {"game": "manitou", **ManitouState.FIELDS.to_json(self)}
        out["last_hunt"] = self.last_hunt  # its data (in its place among the keys), not the lazy holder
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        try:
            return cls._from_json(data)
        except SnapshotError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise SnapshotError(f"not a Manitou snapshot: {exc!r}") from exc

    @classmethod
    def _from_json(cls, data: Mapping[str, Any]) -> Self:
        if data.get("game") != "manitou":
            raise SnapshotError("not a Manitou snapshot")
        if (data["num_players"] not in GROUND_LAYOUT or data["phase"] not in PHASES
                or data["pile_order"] not in (SHUFFLED, AS_SELECTED)):
            raise SnapshotError("bad player count, phase or pile order")
        s = object.__new__(cls)
        ManitouState.FIELDS.read(s, data, _state_value)
        s.rng = Rng.from_json(data["rng"])
        s.players = [Player.from_json(pj) for pj in data["players"]]
        if len(s.players) != s.num_players:
            raise SnapshotError("one player entry per seat")
        s.grounds = [Ground.from_json(gj) for gj in data["grounds"]]
        if len(s.grounds) != GROUNDS:
            raise SnapshotError("three hunting grounds")
        s._acting = ()
        if s.phase == SELECT:
            s.derive_selection()
            if any(min(p.free) < 0 or len(p.selection) > p.must for p in s.players):
                raise SnapshotError("a selection holds cards its reserve does not")
        s.refresh_acting()
        return s


def _state_value(name: str, raw: Any) -> Any:
    if name == "phase":
        return Phase(raw)
    if name in ("hunt", "dealer", "large", "small"):
        return int(raw)
    if name == "turn":
        return None if raw is None else int(raw)
    if name == "reckoning" and raw is not None:
        return LastHunt.of(_last_hunt(raw))
    return raw


def _last_hunt(raw: Any) -> JSON:
    """A snapshot's ``last_hunt``, its lanes' cards as ``[code, face_up, protected]``; a snapshot made before
    the views were built only in ``view.py`` held the cards as views showed them (dicts): read as well."""
    grounds = []
    for ground in raw["grounds"]:
        lanes = []
        for lane in ground["lanes"]:
            cards = []
            for card in lane:
                if isinstance(card, Mapping):
                    card = [card["code"], card.get("face_up", True), card.get("protected", False)]
                code, face_up, protected = card
                cards.append([_code(code), bool(face_up), bool(protected)])
            lanes.append(cards)
        grounds.append({**ground, "lanes": lanes})
    return {**raw, "grounds": grounds}


def _code(value: Any) -> str:
    if value not in CODE_INDEX:
        raise SnapshotError(f"unknown card {value!r}")
    return str(value)
