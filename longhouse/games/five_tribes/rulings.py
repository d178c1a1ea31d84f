"""Our rulings on the questions the rulebook leaves open (docs/rules/five-tribes-data.md §5–§6, and the issue's list).

Each ruling is one named constant or function here, with a comment naming it, so that it can change in
one edit. The rest of the package reads them from here.
"""

from __future__ import annotations

from typing import Final

from longhouse.games.five_tribes import data

# RULING builders-block: Builders count the blue-valued tiles in the 3x3 block around the final tile, the
# tile itself included (clipped at the board's edge).
BUILDER_BLOCK_INCLUDES_DIAGONALS: Final = True
BUILDER_BLOCK_INCLUDES_FINAL_TILE: Final = True

# RULING assassin-compulsory: the kill is compulsory whenever any target exists.
ASSASSIN_KILL_COMPULSORY: Final = True
# RULING assassin-range: orthogonal (Manhattan) distance <= Assassins + Fakirs discarded; distance 0 (the
# final tile itself) included.
ASSASSIN_MIN_DISTANCE: Final = 0
# RULING assassin-pool: or one Vizier/Elder from an opponent's pool, at any distance, unless they own Boaz.
ASSASSIN_POOL_COLOURS: Final = (data.YELLOW, data.WHITE)

# RULING hagis-lamia-neighbours: "neighbouring" is the 8 surrounding tiles, of any tile type.
HAGIS_LAMIA_DIAGONALS: Final = True

# RULING nekir-per-meeple: Nekir pays for every meeple killed (an Iblis double kill pays twice).
NEKIR_PER_MEEPLE: Final = True

# RULING baal-not-itself: Ba'al pays nothing when Ba'al itself is the Djinn being taken.
BAAL_PAYS_FOR_ITSELF: Final = False


def kandicha_builder_gold(blue_tiles_around_victim: int) -> int:
    """RULING kandicha-builder: a Builder killed under Kandicha pays the blue-valued tiles in the 3x3 block
    around the victim's tile, x1: no Fakir bonus and no Echidna doubling."""
    return blue_tiles_around_victim


# RULING power-once-per-turn: a paid Djinn power works once per player turn (with 2 players, once in each
# of a player's two turns). The set of used powers is cleared at the start of every turn.
POWERS_RESET_EACH_PLAYER_TURN: Final = True

# RULING monkir-vp: Monkir is worth 6 VP (three sources of four agree).
MONKIR_VP: Final = 6

# RULING gold-bank-unlimited: the rulebook does not say what happens if the bank runs out (data §6 "Other
# clarifications": "Treat gold as unlimited" [L]). True: the bank always pays. False: the bank holds the gold
# in the box (``data.GOLD_IN_BOX``) less what the players hold, and pays at most that. The only place gold
# is paid out is ``FTState.gain_gold``.
GOLD_BANK_UNLIMITED: Final = True

# RULING visibility: gold held is hidden from the other seats (the rulebook: coins are kept face down).
# Resource cards are held in hand (the rulebook discards Fakirs "from your hand"): the others see how many
# cards a player holds, and which cards they took face up (the row, a Market) in the move log, but not the
# cards drawn blind (Sloar, Kandicha) nor a suit being put together for sale. Djinns, Viziers, Elders and
# camels are public.
GOLD_IS_HIDDEN: Final = True
CARDS_ARE_HIDDEN: Final = True

# --- our own rulings where the sources are silent (reported) ------------------------------------

# RULING no-powers-mid-move: Djinn powers are not offered between the drops of one meeple move (the move is
# one continuous act) nor between the Assassins' kills. They are offered before the pick-up, at the tribe
# decisions (Builders' and Assassins' Fakirs), at the tile decision and afterwards (djinns.ANYTIME and the
# phase lists in ``FTState._legal``). Echidna and Iblis are offered only while they can still take effect.
# Not a switch: the other reading (powers inside a move) is not a rule anyone describes — no source says what
# a power does to a move under way (a Palace or a camel placed on its path, a meeple added to its tiles) — so
# there is no alternative to implement; it is a reading of "the move" as one act.

# RULING broke-bidder: a marker that can afford no free spot (no gold, the three zero spots taken) takes the
# cheapest free paid spot for all the gold it has (that is, for nothing).
BROKE_BIDDER_TAKES_CHEAPEST_FREE_SPOT: Final = True

# RULING kumarbi-per-bid: Kumarbi ("When bidding for turn order, each Fakir you discard ...", data §5) can be
# used at each of its owner's bids (with 2 players, at both), since a bid is one decision; it is not counted
# among the once-per-turn powers (``turns.legal_bids``). False: once per round (with 2 players, at one bid).
KUMARBI_AT_EVERY_BID: Final = True

# RULING kandicha-pool-kill: Kandicha also brings a Vizier or Elder killed in an opponent's pool to the
# killer's pool.
KANDICHA_APPLIES_TO_POOL_KILLS: Final = True

# RULING camel-by-kill: gaining control through an Assassin kill, Leta or Utug counts as placing a camel for
# the "last camel placed" end condition.
ANY_CAMEL_PLACEMENT_ENDS_GAME: Final = True

# RULING setup-meeples: the ``meeples`` setup key may put any number of meeples on a tile (for puzzles);
# colour totals must not exceed the box, and the meeples not placed start in the bag.
SETUP_MEEPLES_FREE_DISTRIBUTION: Final = True
