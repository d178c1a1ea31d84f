"""A table's move authority on its own, without seats, sockets or a store (``server/authority.py``): what it
refuses and in which order, the freshness of a move made in a simultaneous phase, the record it commits, its
rebuild after a failed store, and abandoning a game."""

from __future__ import annotations

from typing import Any

import pytest
from toygame import ToyGame

from longhouse.engine.errors import IllegalAction
from longhouse.engine.records import Record, replay
from longhouse.server.authority import ABANDONED, Authority

GAME = ToyGame()


def started(players: int = 3, seed: int = 7) -> Authority:
    authority = Authority(GAME)
    record = Record(GAME.name, GAME.rules_version, [f"P{s}" for s in range(players)], seed, None)
    authority.begin(record, GAME.new_state(players, seed))
    return authority


def pick(authority: Authority, seat: int) -> None:
    assert authority.state is not None
    first: Any = authority.state.legal_actions(seat)[0]  # the toy's actions are tuples: ("pick", card)
    card = first[1]
    events, entry = authority.play(seat, {"type": "pick", "card": card})
    authority.commit(seat, entry, events)


def test_refusals_come_in_order_not_started_no_seat_over_stale() -> None:
    def said(refusal: tuple[object, str | None] | None) -> tuple[str, str | None] | None:
        """A refusal as an English reader gets it (its text is a message made into words when sent)."""
        return None if refusal is None else (str(refusal[0]), refusal[1])

    assert said(Authority(GAME).refusal(0, 0)) == ("the game has not started", None)
    authority = started()
    assert said(authority.refusal(None, 0)) == ("you hold no seat at this table (you are watching)", None)
    assert authority.refusal(0, 0) is None
    pick(authority, 0)
    message, code = said(authority.refusal(0, 0)) or ("", None)
    assert code == "stale" and "version 0" in message and "version 1" in message
    while authority.state is not None and not authority.state.is_over():
        pick(authority, authority.state.acting()[0])
    assert said(authority.refusal(0, authority.version)) == ("the game is over", None)


def test_a_move_seen_at_an_older_version_is_fresh_only_for_a_seat_acting_all_along_that_has_not_moved() -> None:
    authority = started()
    pick(authority, 0)  # version 1: seats 1 and 2 still choose, unaware of seat 0's hidden pick
    assert authority.fresh(1, 0) and authority.fresh(2, 0)
    assert not authority.fresh(0, 0)  # it moved since
    pick(authority, 1)  # version 2
    assert authority.fresh(2, 0) and not authority.fresh(1, 1)
    pick(authority, 2)  # the round ends: everyone acts again, from version 3 on
    assert authority.version == 3
    assert not any(authority.fresh(seat, 2) for seat in range(3))
    assert all(authority.fresh(seat, 3) for seat in range(3))
    assert not authority.fresh(0, 4)  # a version yet to come


def test_commit_appends_the_entry_and_gives_the_result_of_the_last_move() -> None:
    authority = started(players=2)
    assert authority.record is not None
    results = []
    while authority.state is not None and not authority.state.is_over():
        seat = authority.state.acting()[0]
        first: Any = authority.state.legal_actions(seat)[0]
        card = first[1]
        events, entry = authority.play(seat, {"type": "pick", "card": card})
        index, result = authority.commit(seat, entry, events)
        assert index == authority.version - 1 and authority.record.actions[index] == entry
        results.append(result)
    assert all(r is None for r in results[:-1]) and results[-1] == authority.record.result
    assert authority.state is not None
    assert results[-1] is not None and results[-1]["scores"] == authority.state.scores()
    assert replay(authority.record, GAME).to_json() == authority.state.to_json()


def test_an_illegal_move_or_take_back_changes_nothing() -> None:
    authority = started()
    assert authority.state is not None
    before = authority.state.to_json()
    with pytest.raises(IllegalAction):
        authority.play(0, {"type": "pick", "card": "garbage"})
    with pytest.raises(IllegalAction):
        authority.take_back(0, -1)  # nothing picked yet
    assert authority.state.to_json() == before and authority.version == 0


def test_rebuild_is_the_stored_record_or_else_the_entries_stored_before() -> None:
    authority = started()
    pick(authority, 0)
    pick(authority, 1)
    assert authority.record is not None
    stored = Record(authority.record.game, authority.record.rules_version, authority.record.players,
                    authority.record.seed, None, list(authority.record.actions[:1]))
    pick(authority, 2)  # this round's end was not stored
    record = authority.rebuild(stored, kept=0)
    assert record is stored and authority.version == 1 and authority.state is not None
    assert authority.state.to_json() == replay(stored, GAME).to_json()
    assert authority.state.acting() == (1, 2)  # seat 0's pick is in again
    assert authority.fresh(2, 1) and not authority.fresh(2, 0)  # acting counted again from the rebuilt version
    record = authority.rebuild(None, kept=0)  # the store cannot be read either: the entries stored before
    assert record.actions == [] and record.result is None and authority.version == 0
    assert authority.state.to_json() == GAME.new_state(3, 7).to_json()


def test_abandon_stores_first_and_a_failed_store_changes_nothing() -> None:
    authority = started()
    assert authority.record is not None

    def down(result: dict[str, object]) -> None:
        raise OSError("the disk is gone")

    with pytest.raises(OSError):
        authority.abandon(down)
    assert authority.record.result is None
    archived: list[dict[str, object]] = []
    authority.abandon(archived.append)
    assert archived == [ABANDONED] and authority.record.result == ABANDONED
