"""Properties over random games: conservation of goods, Cree and wampum tiles on every state."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st_

from longhouse.engine import Action
from longhouse.engine.rng import Rng
from longhouse.games.manitoba import GAME
from longhouse.games.manitoba import actions as A
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import tasks as T
from longhouse.games.manitoba.state import ManitobaState


def check_conservation(st: ManitobaState) -> None:
    for g in range(5):
        count = st.supply[g] + st.area_good.count(g)
        for p in range(st.n):
            count += sum(s.count(g) for s in st.sectors[p]) + sum(c.count(g) for c in st.cere[p])
        # a good in hand: taken, its place not chosen yet
        count += sum(1 for t in st.tasks
                     if (isinstance(t, T.Stow) and t.good == g) or (isinstance(t, T.StowFeather) and g == D.FEATHER))
        assert count == st.goods_total[g], (D.GOODS[g], count)
        assert st.supply[g] >= 0
    for p in range(st.n):
        on_paths = sum(1 for x in st.pos[p] if x > 0)
        cree = st.wigwam[p] + st.square[p] + st.area_cree.count(p) + on_paths + D.CREE_ON_TRACK
        assert cree == D.CREE_PER_PLAYER
        assert min(st.wigwam[p], st.square[p]) >= 0
        assert all(len(s) <= D.SECTOR_CAPACITY for s in st.sectors[p])
        for i, place in enumerate(st.cere[p]):
            assert len(place) < D.CEREMONIAL_SIZES[i] and len(set(place)) == len(place)
    assert st.wampum_supply + sum(st.wa) + sum(st.wi) == st.wampum_total
    assert st.wampum_supply >= 0
    assert [sum(row) for row in st.bd] == st.score


def random_game(n: int, seed: int, setup: dict[str, object] | None = None) -> ManitobaState:
    st = GAME.new_state(n, seed, setup)
    rng = Rng(seed)
    while not st.is_over():
        check_conservation(st)
        seat = st.acting()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    check_conservation(st)
    return st


@settings(max_examples=25, deadline=None)
@given(n=st_.sampled_from([2, 3, 4]), seed=st_.integers(0, 2**32),
       layout=st_.sampled_from(["standard", "lake_manitoba", "duck_mountain"]),
       wake_event=st_.booleans(), autumn_tile=st_.booleans())
def test_goods_cree_and_wampum_are_conserved_on_every_state(n: int, seed: int, layout: str, wake_event: bool,
                                                            autumn_tile: bool) -> None:
    st = random_game(n, seed, {"layout": layout, "wake_event": wake_event, "autumn_tile": autumn_tile})
    assert st.round_no == D.ROUNDS_BY_PLAYERS[n]
    assert st.season == D.AUTUMN and st.card_idx == 4


def test_a_game_of_greedy_players_uses_wampum_and_ceremonies() -> None:
    """Prefer every action but 'pass'/'end' so that the long paths of the game are visited."""
    seen: set[str] = set()
    for seed in range(6):
        st = GAME.new_state(4, seed)
        rng = Rng(seed)
        while not st.is_over():
            check_conservation(st)
            seat = st.acting()[0]
            legal = st.legal_actions(seat)
            busy = [a for a in legal if GAME.action_to_text(a) not in ("pass", "end")]
            action = rng.choice(busy or legal)
            seen.add(GAME.action_to_text(action).split()[0])
            for e in st.apply(seat, action):
                seen.add(e.kind)
    for kind in ("wampum", "ceremony_complete", "wampum_use", "shaman", "refill", "season_end", "score"):
        assert kind in seen, kind


def _check_step(before: ManitobaState, seat: int, action: Action, after: ManitobaState) -> None:
    """Rules that must hold for one step of any game (RULEBOOK "1. Actions", "Scoring", "Wampum tiles")."""
    top = before.tasks[-1]
    if isinstance(action, (A.WampumWake, A.WampumTrade)):
        assert not before.final_round()  # never in the final round
    if top.kind == T.PASSIVE and isinstance(action, A.Place):
        a = action.area
        colour = before.terr.land[a]
        assert colour in before.taken  # a colour of a disk in the active player's village
        own = [x for x, s in enumerate(before.area_cree) if s == seat]
        if own and before.pos[seat][D.WARRIOR] < D.WARRIOR_NO_ADJACENCY:
            assert any(x in before.terr.adj[a] for x in own)  # next to an own Cree
    if top.kind in (T.PASSIVE, T.ACTIVE) and isinstance(action, A.Move):
        assert action.to in before.terr.adj[action.frm] and before.area_cree[action.to] < 0
    if isinstance(top, T.Active) and isinstance(action, (A.Place, A.Move)):
        target = action.to if isinstance(action, A.Move) else action.area
        assert before.terr.land[target] == top.colour  # the chosen sphere (R2)
    if top.kind == T.SCORE and isinstance(action, A.Score):
        assert all(after.area_cree[x] != seat for x in after.terr.areas_of[action.good])  # own Cree went home
    if after.round_no == before.round_no + 1 and before.round_no > 0:
        assert after.active == (before.active + 1) % before.n  # the totem passes left
        assert sorted(after.totem) == list(range(5))


def test_rules_hold_on_every_step_of_random_games() -> None:
    for seed in range(30):
        n = 2 + seed % 3
        st = GAME.new_state(n, seed, {"layout": ("standard", "lake_manitoba", "duck_mountain")[seed // 3 % 3]})
        rng = Rng(seed)
        while not st.is_over():
            seat = st.acting()[0]
            action = rng.choice(st.legal_actions(seat))
            before = st.clone()
            st.apply(seat, action)
            _check_step(before, seat, action, st)
        assert st.round_no == D.ROUNDS_BY_PLAYERS[n]
