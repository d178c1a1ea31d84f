"""A Manitou position: selection, the hunt, the score screen, and the end (manitou-data.md §4–§8)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from longhouse.engine.errors import IllegalAction, SnapshotError
from longhouse.engine.events import Event
from longhouse.engine.rng import Rng
from longhouse.engine.seats import seat_name
from longhouse.engine.state import JSON, Action, State
from longhouse.games.manitou import actions as act
from longhouse.games.manitou.data import (
    CARD_NAMES,
    CODE_INDEX,
    CODES,
    DEALER_SELECTION,
    FORCED_WARRIOR_FACE_DOWN,
    GROUND_LAYOUT,
    GROUNDS,
    HAND_SIZE,
    HUNTS,
    LARGE,
    PELT_ROBBER_POINTS,
    PLAYS_PER_HUNT,
    PRISONER_POINTS,
    SELECTION,
    SET_COUNTS,
    card_name,
    warrior_of,
)
from longhouse.games.manitou.fights import Card, Fight, Outcome, may_play_warrior, resolve
from longhouse.games.manitou.reckoning import GroundResult, hunter_totals_on, pelt_robbers, score_ground

if TYPE_CHECKING:
    from longhouse.games.manitou.game import ManitouGame

SELECT, HUNT, SCORE, OVER = "select", "hunt", "score", "over"
PHASES = (SELECT, HUNT, SCORE, OVER)
SHUFFLED, AS_SELECTED = "shuffled", "as_selected"


class Player:
    """One seat's cards and points."""

    __slots__ = (
        "buffalo", "confirmed", "free", "hand", "must", "pelt_robbers", "pile", "played", "prisoners", "ready",
        "reserve", "selection",
    )

    def __init__(self) -> None:
        self.reserve: list[int] = list(SET_COUNTS)  # copies of each code, indexed like CODES
        self.selection: list[str] = []
        # derived during the selection, not part of a snapshot: copies of each code not yet picked, and
        # how many cards this seat must pick
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
        p = Player.__new__(Player)
        p.reserve = self.reserve[:]
        p.selection = self.selection[:]
        p.free = self.free[:]
        p.must = self.must
        p.confirmed = self.confirmed
        p.pile = self.pile[:]
        p.hand = self.hand[:]
        p.played = self.played
        p.buffalo = self.buffalo[:]
        p.prisoners = self.prisoners
        p.pelt_robbers = self.pelt_robbers
        p.ready = self.ready
        return p

    def reserve_size(self) -> int:
        return sum(self.reserve)

    def score(self) -> int:
        return sum(self.buffalo) + PRISONER_POINTS * self.prisoners + PELT_ROBBER_POINTS * self.pelt_robbers

    def to_json(self) -> JSON:
        return {
            "reserve": self.reserve[:], "selection": self.selection[:], "confirmed": self.confirmed,
            "pile": self.pile[:], "hand": self.hand[:], "played": self.played, "buffalo": self.buffalo[:],
            "prisoners": self.prisoners, "pelt_robbers": self.pelt_robbers, "ready": self.ready,
        }


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


colour = seat_name


class ManitouState(State):
    game: ManitouGame  # type: ignore[misc]

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
        self.last_hunt: JSON | None = None
        self._acting: tuple[int, ...] = ()
        self._lay_out_buffalo()
        self._derive_selection()
        self._refresh_acting()

    # --- set-up of a hunt -----------------------------------------------------------------------

    @property
    def start_player(self) -> int:
        return (self.dealer + 1) % self.num_players

    def must_pick(self, seat: int) -> int:
        """Data §4.2 and §7.7: 8 cards, the dealer 7, never more than the reserve holds."""
        want = DEALER_SELECTION if seat == self.dealer else SELECTION
        return min(want, self.players[seat].reserve_size())

    def _derive_selection(self) -> None:
        """Recompute what the selection phase keeps at hand: each seat's unpicked copies and quota."""
        for seat, p in enumerate(self.players):
            p.free = p.reserve[:]
            for code in p.selection:
                p.free[CODE_INDEX[code]] -= 1
            p.must = self.must_pick(seat)

    def _lay_out_buffalo(self) -> None:
        self.grounds = []
        for sizes in GROUND_LAYOUT[self.num_players]:
            cards = [(self.large.pop() if size == LARGE else self.small.pop(), size) for size in sizes]
            self.grounds.append(Ground(cards))

    def _refresh_acting(self) -> None:
        if self.phase == SELECT:
            self._acting = tuple(s for s, p in enumerate(self.players) if not p.confirmed)
        elif self.phase == HUNT:
            assert self.turn is not None
            self._acting = (self.turn,)
        elif self.phase == SCORE:
            self._acting = tuple(s for s, p in enumerate(self.players) if not p.ready)
        else:
            self._acting = ()

    # --- the contract ---------------------------------------------------------------------------

    def acting(self) -> tuple[int, ...]:
        return self._acting

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self._acting:
            return []
        player = self.players[seat]
        if self.phase == SELECT:
            if len(player.selection) >= player.must:
                return [act.OK]
            picks = act.PICKS
            return [picks[code] for code, free in zip(CODES, player.free, strict=True) if free > 0]
        if self.phase == HUNT:
            out: list[Action] = []
            plays = act.PLAYS
            for code in sorted(set(player.hand), key=CODE_INDEX.__getitem__):
                if code.isdigit():
                    out += (plays[code, 0], plays[code, 1], plays[code, 2])
                else:
                    for g, ground in enumerate(self.grounds):
                        if may_play_warrior(ground.up, seat):
                            out.append(plays[code, g])
            if not out and FORCED_WARRIOR_FACE_DOWN:
                out = [act.PLAYS[code, g] for code in CODES if code in player.hand for g in range(GROUNDS)]
            return out
        return [act.DONE]

    def apply(self, seat: int, action: Action) -> list[Event]:
        # The template's checks, inlined for the common legal case; anything else goes through the
        # template, which says precisely what is wrong.
        if type(seat) is int and seat in self._acting and self.is_legal(seat, action):
            return self._apply(seat, action)
        return super().apply(seat, action)

    def is_legal(self, seat: int, action: Action) -> bool:
        if seat not in self._acting:
            return False
        player = self.players[seat]
        phase = self.phase
        if phase == HUNT:
            return (type(action) is act.Play and action.card in player.hand
                    and (action.card.isdigit() or may_play_warrior(self.grounds[action.ground].up, seat)
                         or self._forced_face_down(seat)))
        if phase == SELECT:
            if type(action) is act.Ok:
                return len(player.selection) == player.must
            if type(action) is act.Pick:
                return len(player.selection) < player.must and player.free[CODE_INDEX[action.card]] > 0
            return False
        return phase == SCORE and type(action) is act.Done

    def _forced_face_down(self, seat: int) -> bool:
        """Data FORCED_WARRIOR_FACE_DOWN: only warriors in hand, and no ground takes one of them."""
        return FORCED_WARRIOR_FACE_DOWN and all(not c.isdigit() for c in self.players[seat].hand) and not any(
            may_play_warrior(g.up, seat) for g in self.grounds)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if type(action) is act.Play:
            return self._play(seat, action)
        if type(action) is act.Pick:
            player = self.players[seat]
            player.selection.append(action.card)
            player.free[CODE_INDEX[action.card]] -= 1
            return [Event("pick", f"{colour(seat)} picks {card_name(action.card)}",
                          {"seat": seat, "card": action.card}, seats=(seat,))]
        if type(action) is act.Ok:
            return self._confirm(seat)
        return self._ready(seat)

    def undo_steps(self, seat: int) -> int:
        if self.phase == SELECT and 0 <= seat < self.num_players and not self.players[seat].confirmed:
            return len(self.players[seat].selection)
        return 0

    def undo(self, seat: int, step: int = -1) -> list[Event]:
        """Take a pick back before confirming: ``step`` is its index in the seat's selection."""
        n = self.undo_steps(seat) if isinstance(seat, int) and not isinstance(seat, bool) else 0
        if n == 0:
            raise IllegalAction("there is no pick to take back")
        if isinstance(step, bool) or not isinstance(step, int) or not -n <= step < n:
            raise IllegalAction(f"there is no pick number {step!r} to take back")
        code = self.players[seat].selection.pop(step)
        self.players[seat].free[CODE_INDEX[code]] += 1
        return [Event("unpick", f"{colour(seat)} takes back {card_name(code)}",
                      {"seat": seat, "card": code}, seats=(seat,))]

    # --- selection ------------------------------------------------------------------------------

    def _confirm(self, seat: int) -> list[Event]:
        player = self.players[seat]
        player.confirmed = True
        events = [Event("selected", f"{colour(seat)} has chosen a hunting party of {len(player.selection)}",
                        {"seat": seat, "count": len(player.selection)})]
        self._refresh_acting()
        if not self._acting:
            events += self._start_hunt()
        return events

    def _start_hunt(self) -> list[Event]:
        events = []
        for seat, player in enumerate(self.players):
            for code in player.selection:
                player.reserve[CODE_INDEX[code]] -= 1
            pile = player.selection[:]
            if self.pile_order == SHUFFLED:
                self.rng.shuffle(pile)
            else:
                pile.reverse()  # the first card picked is drawn first
            player.pile = pile
            player.selection = []
            player.hand = [pile.pop() for _ in range(min(HAND_SIZE, len(pile)))]
            player.played = 0
            events.append(Event("draw", f"{colour(seat)} draws {', '.join([CARD_NAMES[c] for c in player.hand])}",
                                {"seat": seat, "cards": player.hand[:]}, seats=(seat,)))
        self.phase = HUNT
        self.turn = self.start_player
        self._refresh_acting()
        events.insert(0, Event("hunt_start", f"Hunt {self.hunt} begins; {colour(self.turn)} plays first",
                               {"hunt": self.hunt, "start_player": self.turn}))
        return events

    # --- the hunt -------------------------------------------------------------------------------

    def _play(self, seat: int, action: act.Play) -> list[Event]:
        player = self.players[seat]
        player.hand.remove(action.card)
        ground = self.grounds[action.ground]
        card = Card(seat, action.card)
        ground.cards.append(card)
        player.played += 1
        where = f"hunting ground {action.ground + 1}"
        text = f"{colour(seat)} plays {card_name(action.card)} on {where}"
        data: dict[str, Any] = {"seat": seat, "card": action.card, "ground": action.ground}
        if card.code.isdigit():
            events = [Event("play", text, data)]
        elif not may_play_warrior(ground.up, seat):
            card.face_up = False
            data["outcome"] = "face_down"
            events = [Event("play", text + " face down: no room for a third warrior", data)]
        else:
            fight = resolve(ground.up, card)
            data["outcome"] = fight.outcome.value
            if fight.opponent is not None:
                data["opponent"] = {"seat": fight.opponent.seat, "card": fight.opponent.code}
            events = [Event("play", text + _fight_words(fight, seat), data)]
        if player.pile:
            drawn = player.pile.pop()
            player.hand.append(drawn)
            events.append(Event("draw", f"{colour(seat)} draws {card_name(drawn)}", {"seat": seat, "cards": [drawn]},
                                seats=(seat,)))
        nxt = (seat + 1) % self.num_players
        if self.players[nxt].played >= PLAYS_PER_HUNT:
            events += self._end_hunt()
        else:
            self.turn = nxt
            self._refresh_acting()
        return events

    def _end_hunt(self) -> list[Event]:
        n = self.num_players
        events: list[Event] = []
        # Data §7.5: each non-dealer's 8th card goes back to the reserve unrevealed.
        for player in self.players:
            for code in player.hand + player.pile:
                player.reserve[CODE_INDEX[code]] += 1
            player.hand = []
            player.pile = []
        totals = [0] * n
        for ground in self.grounds:
            for s, t in enumerate(hunter_totals_on(ground.cards, n)):
                totals[s] += t
        points = [0] * n
        robbed = pelt_robbers(totals)
        for s in robbed:
            self.players[s].pelt_robbers += 1
            points[s] += PELT_ROBBER_POINTS
            events.append(Event("score", f"{colour(s)} played the most hunters ({totals[s]}) and takes a pelt robber "
                                f"({PELT_ROBBER_POINTS})", {"seat": s, "pelt_robber": True}))
        grounds_report = []
        for g, ground in enumerate(self.grounds):
            result = score_ground([v for v, _ in ground.buffalo], ground.cards, ground.up, n)
            for s, value in result.buffalo_won:
                self.players[s].buffalo.append(value)
                points[s] += value
                events.append(Event("score", f"{colour(s)} takes the buffalo worth {value} at hunting ground {g + 1}",
                                    {"seat": s, "ground": g, "buffalo": value}))
            if result.controller is not None:
                c = result.controller
                self.players[c].prisoners += result.prisoners
                points[c] += PRISONER_POINTS * result.prisoners
                events.append(Event("score", f"{colour(c)} controls hunting ground {g + 1} and takes "
                                    f"{result.prisoners} prisoner{'s' if result.prisoners != 1 else ''}",
                                    {"seat": c, "ground": g, "prisoners": result.prisoners}))
            for owner, code in result.returned:
                self.players[owner].reserve[CODE_INDEX[code]] += 1
            report = _ground_report(result)
            report["buffalo"] = [{"value": v, "size": size} for v, size in sorted(ground.buffalo, reverse=True)]
            report["lanes"] = lanes_of(ground, n)
            grounds_report.append(report)
            # the ground is cleared: its cards went back to reserves or into score piles
            ground.cards = []
            ground.up = []
            ground.buffalo = []
        self.last_hunt = {
            "hunt": self.hunt, "pelt_robbers": robbed, "hunter_totals": totals, "grounds": grounds_report,
            "points": points,
        }
        events.append(Event("hunt_end", f"Hunt {self.hunt} is over: " + ", ".join(
            f"{colour(s)} {p:+d}" for s, p in enumerate(points)), {"hunt": self.hunt, "points": points}))
        self.turn = None
        if self.hunt >= HUNTS:
            self.phase = OVER
            best = max(self.scores())
            names = " and ".join(colour(s) for s in self.winners())
            events.append(Event("game_over", f"The game is over: {names} win{'s' if ' and ' not in names else ''} "
                                f"with {best} points", {"scores": self.scores(), "winners": self.winners()}))
        else:
            self.phase = SCORE
            for player in self.players:
                player.ready = False
        self._refresh_acting()
        return events

    def _ready(self, seat: int) -> list[Event]:
        self.players[seat].ready = True
        self._refresh_acting()
        if self._acting:
            return []
        return self._next_hunt()

    def _next_hunt(self) -> list[Event]:
        self.hunt += 1
        self.dealer = self.start_player  # data §7.9: the deal passes to the left
        for player in self.players:
            player.confirmed = False
            player.ready = False
            player.selection = []
        self._lay_out_buffalo()
        self.phase = SELECT
        self._derive_selection()
        self._refresh_acting()
        buffalo = "; ".join(f"ground {g + 1}: " + " + ".join(str(v) for v, _ in ground.buffalo)
                            for g, ground in enumerate(self.grounds))
        return [Event("new_hunt", f"Hunt {self.hunt}: {colour(self.dealer)} deals ({buffalo})",
                      {"hunt": self.hunt, "dealer": self.dealer})]

    # --- results --------------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        return [p.score() for p in self.players]

    def score_breakdown(self) -> list[dict[str, int]]:
        return [{
            "buffalo": sum(p.buffalo),
            "prisoners": PRISONER_POINTS * p.prisoners,
            "pelt_robbers": PELT_ROBBER_POINTS * p.pelt_robbers,
            "total": p.score(),
        } for p in self.players]

    # --- information ----------------------------------------------------------------------------

    def clone(self) -> ManitouState:
        s = ManitouState.__new__(ManitouState)
        s.num_players = self.num_players
        s.rng = self.rng.copy()
        s.players = [p.copy() for p in self.players]
        s.hunt = self.hunt
        s.phase = self.phase
        s.dealer = self.dealer
        s.turn = self.turn
        s.large = self.large[:]
        s.small = self.small[:]
        s.pile_order = self.pile_order
        s.grounds = [g.copy() for g in self.grounds]
        s.last_hunt = self.last_hunt  # never mutated after it is made
        s._acting = self._acting
        return s

    def determinize(self, seat: int, rng: Rng) -> ManitouState:
        """Re-deal what ``seat`` cannot see: the buffalo decks' order, its own draw-pile order, and how
        each other seat's unplayed cards split between reserve, selection, hand and pile."""
        s = self.clone()
        s.rng = rng.fork()
        # every hidden pile is sorted before it is shuffled: the re-deal depends only on what ``seat``
        # knows and on ``rng``, never on the real order (hints rely on it)
        s.large.sort()
        rng.shuffle(s.large)
        s.small.sort()
        rng.shuffle(s.small)
        for other, p in enumerate(s.players):
            if other == seat:
                p.pile.sort()
                rng.shuffle(p.pile)
                continue
            # What a seat owns off the grounds is public (its set less what was captured or is in play);
            # hidden is only how it splits between reserve, selection, hand and pile.
            pool = [code for i, code in enumerate(CODES) for _ in range(p.reserve[i])]
            rng.shuffle(pool)
            if s.phase == SELECT:
                # the selection is still a part of the reserve: a random choice of as many cards
                p.selection = pool[:len(p.selection)]
                continue
            pool = sorted(pool + p.hand + p.pile)
            rng.shuffle(pool)
            k_hand, k_pile = len(p.hand), len(p.pile)
            p.hand = pool[:k_hand]
            p.pile = pool[k_hand:k_hand + k_pile]
            p.reserve = [0] * len(CODES)
            for code in pool[k_hand + k_pile:]:
                p.reserve[CODE_INDEX[code]] += 1
        if s.phase == SELECT:
            s._derive_selection()
        return s

    def to_json(self) -> JSON:
        return {
            "game": "manitou", "num_players": self.num_players, "rng": self.rng.state, "hunt": self.hunt,
            "phase": self.phase, "dealer": self.dealer, "turn": self.turn, "large": self.large[:],
            "small": self.small[:], "pile_order": self.pile_order,
            "players": [p.to_json() for p in self.players], "grounds": [g.to_json() for g in self.grounds],
            "last_hunt": self.last_hunt,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ManitouState:
        try:
            return cls._from_json(data)
        except SnapshotError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise SnapshotError(f"not a Manitou snapshot: {exc!r}") from exc

    @classmethod
    def _from_json(cls, data: Mapping[str, Any]) -> ManitouState:
        if data.get("game") != "manitou":
            raise SnapshotError("not a Manitou snapshot")
        n = data["num_players"]
        if n not in GROUND_LAYOUT or data["phase"] not in PHASES or data["pile_order"] not in (SHUFFLED, AS_SELECTED):
            raise SnapshotError("bad player count, phase or pile order")
        s = cls.__new__(cls)
        s.num_players = n
        s.rng = Rng()
        s.rng.state = int(data["rng"])
        s.hunt = int(data["hunt"])
        s.phase = data["phase"]
        s.dealer = int(data["dealer"])
        s.turn = None if data["turn"] is None else int(data["turn"])
        s.large = [int(v) for v in data["large"]]
        s.small = [int(v) for v in data["small"]]
        s.pile_order = data["pile_order"]
        s.players = []
        for pj in data["players"]:
            p = Player()
            p.reserve = [int(x) for x in pj["reserve"]]
            if len(p.reserve) != len(CODES):
                raise SnapshotError("a reserve lists every card code")
            p.selection = [_code(c) for c in pj["selection"]]
            p.confirmed = bool(pj["confirmed"])
            p.pile = [_code(c) for c in pj["pile"]]
            p.hand = [_code(c) for c in pj["hand"]]
            p.played = int(pj["played"])
            p.buffalo = [int(v) for v in pj["buffalo"]]
            p.prisoners = int(pj["prisoners"])
            p.pelt_robbers = int(pj["pelt_robbers"])
            p.ready = bool(pj["ready"])
            s.players.append(p)
        if len(s.players) != n:
            raise SnapshotError("one player entry per seat")
        s.grounds = []
        for gj in data["grounds"]:
            g = Ground([(int(v), str(size)) for v, size in gj["buffalo"]])
            g.cards = [Card(int(seat), _code(code), bool(up)) for seat, code, up in gj["cards"]]
            g.up = [g.cards[int(i)] for i in gj["up"]]
            s.grounds.append(g)
        if len(s.grounds) != GROUNDS:
            raise SnapshotError("three hunting grounds")
        s.last_hunt = data["last_hunt"]
        s._acting = ()
        if s.phase == SELECT:
            s._derive_selection()
            if any(min(p.free) < 0 or len(p.selection) > p.must for p in s.players):
                raise SnapshotError("a selection holds cards its reserve does not")
        s._refresh_acting()
        return s


def _code(value: Any) -> str:
    if value not in CODE_INDEX:
        raise SnapshotError(f"unknown card {value!r}")
    return str(value)


def _fight_words(fight: Fight, seat: int) -> str:
    opp = fight.opponent
    if opp is None:
        return " and takes control" if fight.outcome is Outcome.TAKES_EMPTY else " to protect"
    theirs = f"{colour(opp.seat)}'s {card_name(opp.code)[4:]}"
    if fight.outcome is Outcome.DEFEATS:
        return f" — {theirs} is defeated"
    if fight.outcome is Outcome.CANCELS:
        return f" — it cancels {theirs}; both are out"
    if fight.outcome is Outcome.SACRIFICE:
        return f" — a sacrifice: it and {theirs} are both out"
    return f" — {theirs} defeats it"


def lanes_of(ground: Ground, n: int) -> list[list[JSON]]:
    """The cards on a ground, one lane per seat in play order, as views show them."""
    lanes: list[list[JSON]] = [[] for _ in range(n)]
    protected = ground.up[0] if len(ground.up) == 2 else None
    for card in ground.cards:
        w = warrior_of(card.code)
        if w is None:
            lanes[card.seat].append({"code": card.code, "kind": "hunter", "value": int(card.code), "seat": card.seat})
        else:
            lanes[card.seat].append({"code": card.code, "kind": "warrior", "name": w.word, "seat": card.seat,
                                     "face_up": card.face_up, "protected": card is protected})
    return lanes


def _ground_report(result: GroundResult) -> JSON:
    return {
        "buffalo_won": [{"seat": s, "value": v} for s, v in result.buffalo_won],
        "buffalo_lost": result.buffalo_lost,
        "controller": result.controller,
        "prisoners": result.prisoners,
        "captured": [{"seat": s, "card": c} for s, c in result.captured],
        "returned": [{"seat": s, "card": c} for s, c in result.returned],
    }
