"""Manitou's rules bound to the engine contract: which actions are legal, and playing one, by phase.

``ManitouPlay`` is the position the game hands out: the data of ``state.ManitouState`` with the rules of
``selection`` (choosing a hunting party) and ``hunt`` (playing, the reckoning, the score screen).
"""

from __future__ import annotations

from itertools import compress

from longhouse.engine.events import Event
from longhouse.engine.rng import Rng
from longhouse.engine.state import Action
from longhouse.games.manitou import hunt, selection
from longhouse.games.manitou.actions import DONE, OK, PICKS, Done, Ok, Pick, Play
from longhouse.games.manitou.data import CODE_INDEX, CODES
from longhouse.games.manitou.state import HUNT, SCORE, SELECT, ManitouState

#: The pick of each code, indexed like ``CODES`` (and like a seat's ``free`` counts).
_PICK_OF_CODE = tuple(PICKS[code] for code in CODES)


class ManitouPlay(ManitouState):
    """A Manitou position with its rules."""

    __slots__ = ()

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self._acting:
            return []
        # phases by identity (the members themselves, also when read from a snapshot): no comparison call
        if self.phase is SELECT:
            player = self.players[seat]
            if len(player.selection) >= player.must:
                return [OK]
            # the codes with a copy left (counts are never negative: a snapshot's selection is checked
            # against its reserve), selected in C by itertools.compress rather than a comprehension
            return list(compress(_PICK_OF_CODE, player.free))
        if self.phase is HUNT:
            return hunt.legal_plays(self, seat)
        return [DONE]

    def is_legal(self, seat: int, action: Action) -> bool:
        if seat not in self._acting:
            return False
        phase = self.phase
        if phase is HUNT:  # hunt.may_play's common case written out: a hunter in hand
            if type(action) is not Play:
                return False
            card = action.card
            if card.isdigit():
                return card in self.players[seat].hand
            return hunt.may_play(self, seat, action)
        if phase is SELECT:
            player = self.players[seat]
            if type(action) is Pick:  # picks first: eight times as many as OKs
                return len(player.selection) < player.must and player.free[CODE_INDEX[action.card]] > 0
            if type(action) is Ok:
                return len(player.selection) == player.must
            return False
        return phase is SCORE and type(action) is Done

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if type(action) is Play:
            return hunt.play(self, seat, action)
        if type(action) is Pick:
            return selection.pick(self, seat, action.card)
        if type(action) is Ok:
            return selection.confirm(self, seat)
        return hunt.ready(self, seat)

    def undo_steps(self, seat: int) -> int:
        return selection.undo_steps(self, seat)

    def _take_back(self, seat: int, index: int) -> list[Event]:
        """Take a pick back before confirming (that pick alone: the others stay): ``index`` in the selection."""
        return selection.unpick(self, seat, index)

    def determinize(self, seat: int, rng: Rng) -> ManitouPlay:
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
            s.derive_selection()
        return s
