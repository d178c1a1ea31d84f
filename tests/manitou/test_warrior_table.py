"""manitou-data.md §2: every cell of the dominance table, and the per-warrior table, as named tests."""

from __future__ import annotations

import pytest

from longhouse.games.manitou.data import BEATS, Warrior, beats
from longhouse.games.manitou.fights import Card, Outcome, resolve

C, M, R, S, Q = Warrior.CHIEF, Warrior.MEDICINE_MAN, Warrior.RAIN_MAKER, Warrior.SCOUT, Warrior.SQUAW

# Row beats column = W, row loses to column = L, same type = "=" (data §2, copied cell by cell).
TABLE = {
    C: {C: "=", M: "W", R: "W", S: "W", Q: "L"},
    M: {C: "L", M: "=", R: "W", S: "L", Q: "W"},
    R: {C: "L", M: "L", R: "=", S: "W", Q: "W"},
    S: {C: "L", M: "W", R: "L", S: "=", Q: "W"},
    Q: {C: "W", M: "L", R: "L", S: "L", Q: "="},
}
CELLS = [(a, d, TABLE[a][d]) for a in TABLE for d in TABLE[a]]


@pytest.mark.parametrize(("attacker", "defender", "cell"), CELLS,
                         ids=[f"{a.word.replace(' ', '_')}-vs-{d.word.replace(' ', '_')}-{c}" for a, d, c in CELLS])
def test_dominance_table_cell(attacker: Warrior, defender: Warrior, cell: str) -> None:
    """The attacker plays onto a ground where the defender (another seat's) lies alone face up."""
    assert beats(attacker, defender) == (cell == "W")
    assert beats(defender, attacker) == (cell == "L")
    held = Card(1, defender.value)
    up = [held]
    newcomer = Card(0, attacker.value)
    fight = resolve(up, newcomer)
    if cell == "W":
        assert fight.outcome is Outcome.DEFEATS
        assert up == [newcomer] and newcomer.face_up and not held.face_up
    elif cell == "L":
        assert fight.outcome is Outcome.LOSES
        assert up == [held] and held.face_up and not newcomer.face_up
    else:
        assert fight.outcome is Outcome.CANCELS
        assert up == [] and not held.face_up and not newcomer.face_up


PER_WARRIOR = {
    C: ({M, R, S}, {Q}),
    M: ({R, Q}, {C, S}),
    R: ({S, Q}, {C, M}),
    S: ({M, Q}, {C, R}),
    Q: ({C}, {M, R, S}),
}


@pytest.mark.parametrize("warrior", list(Warrior), ids=[w.word.replace(" ", "_") for w in Warrior])
def test_per_warrior_beats_and_is_beaten_by(warrior: Warrior) -> None:
    wins, losses = PER_WARRIOR[warrior]
    assert set(BEATS[warrior]) == wins
    assert {w for w in Warrior if warrior in BEATS[w]} == losses


def test_structure_chief_squaw_and_the_middle_cycle() -> None:
    assert beats(M, R) and beats(R, S) and beats(S, M)
    assert all(beats(w, Q) for w in (M, R, S)) and beats(Q, C)
