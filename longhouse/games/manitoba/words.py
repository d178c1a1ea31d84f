"""Manitoba's names as texts of the catalogs: colours, landscapes, goods, paths, seasons, areas.

The keys in ``data.py`` ("brown", "bison", "hunter") stay the names in JSON, the notation and the board's
data; these tables are what a reader reads, in their language (docs/i18n.md). A good is named in the forms
the sentences need (German declines its articles): as a label ("berries"), with "a" and "the" (as the
object of a sentence), and counted. Every table is indexed like its key tuple in ``data.py``.
"""

from __future__ import annotations

from typing import Final

from longhouse.engine.seats import seat_word
from longhouse.engine.text import Msg, _, ngettext
from longhouse.games.manitoba import data as D

#: The five colours (of the totem's disks and the spheres).
COLOUR_WORDS: Final = (_("brown"), _("green"), _("beige"), _("blue"), _("white"))
#: A totem disk of each colour, as the object of a sentence.
DISK_WORDS: Final = (_("the brown disk"), _("the green disk"), _("the beige disk"), _("the blue disk"),
                     _("the white disk"))
#: The landscapes as labels, and in the plural ("the prairies and the hunter's path").
LANDSCAPE_WORDS: Final = (_("prairie"), _("forest"), _("hills"), _("lake"), _("mountain"))
LANDSCAPE_PLURAL: Final = (_("the prairies"), _("the forests"), _("the hills"), _("the lakes"), _("the mountains"))
#: Goods: the label (plural: a sector's, a score tile's), "a …" and "the …" as objects of a sentence.
GOOD_PLURAL_WORDS: Final = (_("bison"), _("berries"), _("horses"), _("canoes"), _("feathers"))
GOOD_A: Final = (_("a bison"), _("a berry"), _("a horse"), _("a canoe"), _("a feather"))
GOOD_THE: Final = (_("the bison"), _("the berry"), _("the horse"), _("the canoe"), _("the feather"))
#: The four storage sectors (``data.SECTORS``).
SECTOR_WORDS: Final = (_("bison sector"), _("berry sector"), _("horse sector"), _("canoe sector"))
STORAGE_SECTOR_WORDS: Final = (_("bison storage sector"), _("berry storage sector"), _("horse storage sector"),
                               _("canoe storage sector"))
#: What a scoring scores: the storage of a good (feathers too, by the actions' field).
STORAGE_WORDS: Final = (_("bison storage"), _("berry storage"), _("horse storage"), _("canoe storage"),
                        _("feather storage"))
#: The vision paths by themselves, and as a place ("on the hunter's path").
PATH_WORDS: Final = (_("hunter"), _("gatherer"), _("warrior"), _("shaman"))
PATH_PLACE: Final = (_("hunter's path"), _("gatherer's path"), _("warrior's path"), _("shaman's path"))
SEASON_WORDS: Final = (_("winter"), _("spring"), _("summer"), _("autumn"))
#: A season's cards are laid out (winter's never are: the solstice sets the game up).
SEASON_BEGINS: Final = (_("Winter begins"), _("Spring begins"), _("Summer begins"), _("Autumn begins"))
#: A round's start and a Wake-up totem choice, by round (or disks taken) and seat, made once and shared (events of
#: every round; a text is immutable)
ROUND_BEGINS: Final = tuple(tuple(_("Round {round}: {seat} is the active player", round=r, seat=seat_word(s))
                                  for s in range(max(D.GOODS_BY_PLAYERS)))
                            for r in range(max(D.ROUNDS_BY_PLAYERS.values()) + 1))
WAKE_UP_TAKEN: Final = tuple(tuple(ngettext("{seat} takes {n} disk for the Wake-up action",
                                            "{seat} takes {n} disks for the Wake-up action", k, seat=seat_word(s))
                                   for k in range(len(D.COLOURS) + 1)) for s in range(max(D.GOODS_BY_PLAYERS)))
#: The event cards' titles (``data.EVENT_NAMES`` order).
EVENT_TITLES: Final = (_("Vision"), _("Move"), _("Recall"), _("Goods"), _("Lose a feather"), _("Cree count"),
                       _("Lakes"), _("Majority"), _("Contiguous"), _("Wake"))

assert len(COLOUR_WORDS) == len(D.COLOURS) and len(GOOD_A) == len(D.GOODS) and len(PATH_PLACE) == len(D.PATHS)
assert len(EVENT_TITLES) == len(D.EVENT_NAMES) and len(SEASON_WORDS) == len(D.SEASONS)


def counted(good: int, n: int) -> Msg:
    """``n`` pieces of ``good``: "3 berries", "1 bison"."""
    if good == D.BISON:
        return ngettext("{n} bison", "{n} bison", n)
    if good == D.BERRY:
        return ngettext("{n} berry", "{n} berries", n)
    if good == D.HORSE:
        return ngettext("{n} horse", "{n} horses", n)
    if good == D.CANOE:
        return ngettext("{n} canoe", "{n} canoes", n)
    return ngettext("{n} feather", "{n} feathers", n)


def points(n: int) -> Msg:
    """``n`` points: "1 point", "5 points"."""
    # made once per count and shared (a text is immutable): a scoring names points several times a round
    text = _POINTS.get(n)
    if text is None:
        text = _POINTS[n] = ngettext("{n} point", "{n} points", n)
    return text


_POINTS: dict[int, Msg] = {}


def area_word(landscape: int, number: int) -> Msg:
    """An area's name: its landscape and its tile's number in the chain ("Hills 2")."""
    if landscape == D.PRAIRIE:
        return _("Prairie {n}", n=number)
    if landscape == D.FOREST:
        return _("Forest {n}", n=number)
    if landscape == D.HILLS:
        return _("Hills {n}", n=number)
    if landscape == D.LAKE:
        return _("Lake {n}", n=number)
    return _("Mountain {n}", n=number)
