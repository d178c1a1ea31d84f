"""Our rulings on what Manitoba's sources leave open (docs/rules/manitoba-data.md §10, R1–R19).

R1–R19 of the data file are followed as written. Where the data file offers alternatives, the ruling is
the default of a named switch below and each alternative is a table option (``Options``; the game's
``options`` offer them in the lobby, documented and validated).

Further choices the code makes where the sources are silent (fixed; each is tested by the rule tests):

- Decisions with a single legal choice (and no wampum use open) are taken automatically; a decision
  with no legal choice is skipped (its bonus goes to waste; a good with nowhere to go returns to supply),
  unless a wampum use of that seat would open a choice: then those uses and "pass" are offered
  (RULEBOOK "Anytime ... a player may use ... his active wampum tiles").
- Waking bonuses (Warrior spaces 1 and 6, the end-of-season wake-up, the WAKE event) are taken
  automatically: waking a Cree is never to a player's disadvantage. The Wake-up action lets the
  player choose how many (up to the disks taken).
- Completing the 4-space place turns an inactive wampum tile back automatically (never harmful).
- Warrior space 5 (relocate a Cree) is compulsory when possible ("immediately relocate").
- The Shaman's repeat is optional ("you may") and offers only paths whose standard bonus does
  something now.
- Gatherer space 5 "a good of your choice" includes feathers.
- A VISION event places or advances only; it does not give the space-6 repeat bonus (that is for the
  "Vision path" action). A passive Vision path action does give it.
- A wampum trade needs room in the target sector; a berry traded keeps its piece (it returns to the
  supply as a berry when scored) but counts for the sector it lies in.
- The goods of a completed ceremonial place go to their sectors before the player chooses the sector
  of a feather from it; a good whose sector is full returns to the supply.
- When the feather supply cannot refill every mountain at the end of a season, the active player
  chooses the mountains (as the scoring player does for a short supply in a scoring).
- The sacrifice before the final scoring removes the top piece of each sector.
- An exempt player in the final scoring chooses per exempt good whether to score it.
- Undo covers the active player's turn (from the totem choice) until another seat acts, a new turn
  begins, or a season is laid out.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Final

from longhouse.games.manitoba.data import LAYOUT_STANDARD

#: R9: who may skip a pair tile — "both" (exempt from both goods; literal reading) or "either".
PAIR_EXEMPTION_BOTH: Final = "both"
PAIR_EXEMPTION_EITHER: Final = "either"
#: R11: the autumn "5" score tile — False: final scoring only; True: tile scoring first, then final scoring.
AUTUMN_TILE_SCORED: Final = False
#: Data §8: scores are not clamped at 0 by default.
CLAMP_SCORES: Final = False
#: R16: winner ties — "shared" (default) or "wampum" (more active wampum, then fewer Cree in the wigwam).
TIE_SHARED: Final = "shared"
TIE_WAMPUM: Final = "wampum"
#: Data §6: the optional WAKE event (default off).
WAKE_EVENT: Final = False


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
