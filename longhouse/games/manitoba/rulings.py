"""Our rulings on what Manitoba's sources leave open (docs/rules/manitoba-data.md §10, R1–R19, and §12).

Each ruling is one named switch here, with a ``# RULING name:`` comment citing the passage it interprets,
so that it changes in one edit; the rules modules read them from here (bound at import: a switch read in a
hot path costs nothing). R1–R19 of the data file are followed as written. Where the data file offers
alternatives (R9, R11, R16, the score clamp, the WAKE event), the ruling is the default of a table option
(``Options``; the game's ``options`` offer them in the lobby, documented and validated). Where the sources
are silent (data §12), the switch's other value is the other reading, and it is implemented: flipping a
switch changes the game (``tests/manitoba/test_ruling_switches.py`` flips each one).

One choice once listed here is not a ruling: an exempt player decides per exempt good in the final
scoring, as the rulebook's own example says (RULEBOOK "End of the Game": Jack skips his berries and
scores his bison).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Final

from longhouse.games.manitoba.data import FEATHER, GATHERER_GOODS, LAYOUT_STANDARD

# --- table options: rulings with an alternative in the data file ---------------------------------------

# RULING pair-exemption (R9): RULEBOOK "Two alternative goods ... If a player has reached both spaces ...
# he may ... forgo this scoring completely": skipping needs both exemptions ("both", literal); "either"
# lets an exemption for one of the two goods skip the tile.
PAIR_EXEMPTION_BOTH: Final = "both"
PAIR_EXEMPTION_EITHER: Final = "either"
# RULING autumn-tile (R11): the autumn "5" tile has no effect, the final scoring replaces it (False);
# True: the tile is scored first, then the final scoring.
AUTUMN_TILE_SCORED: Final[bool] = False
# RULING clamp-scores (data §8): scores are not clamped at 0 (False); True: never below 0, as on the track.
CLAMP_SCORES: Final[bool] = False
# RULING winner-ties (R16): RULEBOOK "The player who has collected the most points ... wins" names no
# tie-breaker: "shared" victory; "wampum": more active wampum, then fewer Cree in the wigwam.
TIE_SHARED: Final = "shared"
TIE_WAMPUM: Final = "wampum"
# RULING wake-event (data §6): the optional WAKE event replaces a spring GOOD card (default off).
WAKE_EVENT: Final[bool] = False

# --- our rulings where the sources are silent (data §12) -----------------------------------------------

# RULING single-choice-automatic: a decision with exactly one legal choice (and no wampum use open) is
# taken automatically (True); False: the seat is asked even then. The rulebook describes choices, not
# clicks; data §9 restates the procedures.
SINGLE_CHOICE_AUTOMATIC: Final[bool] = True

# RULING wampum-opens-empty-decision: a decision with no legal choice is skipped — RULEBOOK "If ... the
# execution of the bonus is not possible, the bonus goes to waste"; a good with nowhere to go returns to
# the supply — unless a wampum use of that seat would open a choice: then those uses and "pass" are offered
# (True; RULEBOOK "Anytime — even multiple times during his turn — a player may use ... his active wampum
# tiles"). False: it is skipped at once.
WAMPUM_OPENS_EMPTY_DECISION: Final[bool] = True

# RULING wake-bonus-automatic: the waking bonuses — RULEBOOK Warrior's path "Space 1: You may immediately
# wake up a Cree", space 6 "you may wake up a Cree", the season's end "each player may wake up one of his
# Cree", and the WAKE event — are taken automatically (True): waking a Cree never harms. False: the seat
# decides (wake 1 or pass). The Wake-up action always lets the player choose how many (its "maximum").
WAKE_BONUS_AUTOMATIC: Final[bool] = True

# RULING reactivate-automatic: RULEBOOK "If the player completes the larger ceremonial place, he may also
# turn over an inactive wampum tile": done automatically (True; an active tile is worth more and can be
# used). False: the seat decides.
REACTIVATE_AUTOMATIC: Final[bool] = True

# RULING relocate-compulsory: Warrior's path "Space 5: Immediately relocate one of your Cree from the
# village square to any unoccupied area" is compulsory when possible (True); False: the seat may pass.
RELOCATE_COMPULSORY: Final[bool] = True

# RULING shaman-repeat-optional: Shaman's path "Spaces 1, 2, and 4: You may immediately use the instant
# bonus again for a space of a different vision path": optional (True: "pass" is offered); False: the seat
# must repeat one when a path qualifies.
SHAMAN_REPEAT_OPTIONAL: Final[bool] = True
# RULING shaman-repeat-useful-only: the repeat offers only the paths whose standard bonus does something now
# (True); False: every other path with one of the seat's Cree on it, the bonus going to waste if it cannot
# be carried out ("If ... the execution of the bonus is not possible, the bonus goes to waste").
SHAMAN_REPEAT_USEFUL_ONLY: Final[bool] = True

# RULING gatherer-choice-includes-feather: Gatherer's path "Space 5: Immediately take a good of your choice" includes
# feathers (True; the rulebook counts the feathers among the 66 goods); False: a berry, bison, horse or canoe.
GATHERER_CHOICE_INCLUDES_FEATHER: Final[bool] = True


def gatherer_goods(space: int) -> tuple[int, ...]:
    """The goods a Gatherer's path space offers (none for a space without a good), per the ruling above."""
    goods = GATHERER_GOODS.get(space, ())
    if space == 5 and GATHERER_CHOICE_INCLUDES_FEATHER:
        return (*goods, FEATHER)
    return goods


# RULING vision-event-repeats-last: a completed lower path gives its space-6 bonus "every time the player carries
# out the 'Vision path' action for this path again" (RULEBOOK "Vision Paths"). A VISION event ("place a
# Cree ... or advance a Cree 1 space", appendix "Events") is not that action: it gives no repeat (False);
# True: it does.
VISION_EVENT_REPEATS_LAST: Final[bool] = False
# RULING passive-vision-repeats-last: a passive "Vision path" action is that action: it gives the repeat (True);
# False: only the active player's does.
PASSIVE_VISION_REPEATS_LAST: Final[bool] = True

# RULING wampum-trade-needs-room: RULEBOOK "move a berry from the berry storage sector to a different
# storage sector": the trade is offered only when the target sector has room (True). False: it is offered
# into a full sector too, and the berry goes back to the supply (RULEBOOK "If ... a player can't place a
# good ... since this sector is full, the good is put back in the general supply"). A traded berry keeps
# its piece (it returns to the supply as a berry when scored) but counts for its sector (R7).
WAMPUM_TRADE_NEEDS_ROOM: Final[bool] = True

# RULING ceremony-goods-before-feather: RULEBOOK "Once a ceremonial place has been completed ..., the goods kept
# there must immediately be moved to the corresponding storage sectors. (Feathers may be put in any storage
# sector ...)": the goods go to their sectors first, then the player chooses the feather's sector (True); a
# good whose sector is full returns to the supply. False: the feather's sector is chosen first.
CEREMONY_GOODS_BEFORE_FEATHER: Final[bool] = True

# RULING short-feather-refill-active-chooses: at the end of spring and summer "a feather from the supply is put in each
# empty mountain area"; when the supply cannot fill every one, the active player chooses the mountains
# (True), as the scoring player does for a short supply in a scoring (RULEBOOK "Scoring procedure" step 4).
# False: the mountains are filled in the territory's order until the supply runs out.
SHORT_FEATHER_REFILL_ACTIVE_CHOOSES: Final[bool] = True

# RULING sacrifice-piece: RULEBOOK "each player first has to sacrifice one of each type of good (except
# feathers): that means he has to remove 1 good from each storage sector". SACRIFICE_TOP (the ruling):
# the top piece of each sector, whatever it is; SACRIFICE_NOT_FEATHER: the topmost piece that is not a
# feather (feathers are spared; a sector holding only feathers loses nothing).
SACRIFICE_TOP: Final = "top"
SACRIFICE_NOT_FEATHER: Final = "not_feather"
SACRIFICE_PIECE: Final[str] = SACRIFICE_TOP

# RULING undo-every-seat: undo is ours (a player's own steps are not a rule of the game): the active player may
# take back the steps of their turn (from the totem choice) until another seat acts, a new turn begins or
# a season is laid out (False). True: every seat may take back its own steps in the same way (a passive
# player's action, a scoring choice) until another seat acts.
UNDO_EVERY_SEAT: Final[bool] = False


@dataclass(frozen=True, slots=True)
class Options:
    """Table options: each names an alternative to one of the rulings above; the defaults are the rulings."""

    layout: str = LAYOUT_STANDARD
    pair_exemption: str = PAIR_EXEMPTION_BOTH
    autumn_tile: bool = AUTUMN_TILE_SCORED
    clamp_scores: bool = CLAMP_SCORES
    tie_break: str = TIE_SHARED
    wake_event: bool = WAKE_EVENT

    def to_json(self) -> dict[str, Any]:
        return asdict(self)
