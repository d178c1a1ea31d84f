"""Vision paths: placing and advancing Cree, and every space's bonus (RULEBOOK "Vision Paths"; data §7)."""

from __future__ import annotations

from longhouse.engine.text import _
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import goods
from longhouse.games.manitoba import tasks as T
from longhouse.games.manitoba import words as W
from longhouse.games.manitoba.goods import name
from longhouse.games.manitoba.rulings import SHAMAN_REPEAT_USEFUL_ONLY, gatherer_goods
from longhouse.games.manitoba.state import CAT_VISION, ManitobaState

_PATH_LEN = D.PATH_LENGTH
# The texts of a first Cree on a path and of a step on it (by seat, path and space), made once and shared (as
# goods.py's; a text is immutable).
_SEATS = range(max(D.GOODS_BY_PLAYERS))
_ONTO = tuple(tuple(_("{seat} places a Cree on the {path}", seat=name(s), path=W.PATH_PLACE[p]) for p in range(4))
              for s in _SEATS)
_ON = tuple(tuple(tuple(_("{seat} advances on the {path} to space {space}", seat=name(s), path=W.PATH_PLACE[p],
                          space=k) for k in range(max(_PATH_LEN) + 1)) for p in range(4)) for s in _SEATS)


def goods_mask(goods_: tuple[int, ...]) -> int:
    m = 0
    for g in goods_:
        m |= 1 << g
    return m


def can_vision(st: ManitobaState, seat: int, path: int, *, action: bool) -> bool:
    """Whether a Vision path step on ``path`` does something: place a first Cree (one on the square is
    needed), advance it, or — for the "Vision path" action only — repeat a lower path's space-6 bonus."""
    p = st.pos[seat][path]
    if p == 0:
        return st.square[seat] > 0
    if p < _PATH_LEN[path]:
        return True
    return action and path != D.SHAMAN


def vision(st: ManitobaState, seat: int, path: int, *, action: bool) -> None:
    """Carry out a Vision path step (``action``: the "Vision path" action, which alone repeats the
    space-6 bonus; a VISION event or the winter solstice only place or advance)."""
    row = st.pos[seat]
    p = row[path]
    if p == 0:
        st.square[seat] -= 1
        row[path] = 1
        st.log("vision", _ONTO[seat][path], seat=seat, path=D.PATHS[path], space=1)
        enter(st, seat, path, 1)
    elif p < _PATH_LEN[path]:
        row[path] = p + 1
        st.log("vision", _ON[seat][path][p + 1], seat=seat, path=D.PATHS[path], space=p + 1)
        enter(st, seat, path, p + 1)
    elif action:
        st.log("vision", _("{seat} repeats the last space of the {path}", seat=name(seat),
                                  path=W.PATH_PLACE[path]), seat=seat,
               path=D.PATHS[path], space=p)
        repeat_last(st, seat, path)


def _points(st: ManitobaState, seat: int, points: int) -> None:

    st.add_points(seat, CAT_VISION, points)
    st.log("points", _("{seat} scores {points} on a vision path", seat=name(seat), points=W.points(points)),
           seat=seat, points=points)


def enter(st: ManitobaState, seat: int, path: int, space: int) -> None:
    """The bonus of the space just reached, with first-to-reach bonuses."""
    key = path * 7 + space
    first = not st.firsts[key]
    st.firsts[key] = 1
    if space == 6:
        _points(st, seat, D.COMPLETION_POINTS)
        return
    if (path, space) in D.WAMPUM_SPACES:
        st.log("exempt", _("{seat} no longer has to score {goods}", seat=name(seat),
                                  goods=W.GOOD_PLURAL_WORDS[_exempt_good(path)]), seat=seat)
        if first:
            goods.give_wampum(st, seat)
        return
    if path == D.HUNTER:
        standard, first_points = D.HUNTER_POINTS[space]
        _points(st, seat, first_points if first else standard)
    elif path == D.SHAMAN:
        if space in D.SHAMAN_REPEAT_SPACES:
            st.push(T.ShamanRepeat(seat))
    else:
        standard_bonus(st, seat, path, space)


def _exempt_good(path: int) -> int:
    return next(g for g, (p, _s) in D.EXEMPTION.items() if p == path)


def repeat_last(st: ManitobaState, seat: int, path: int) -> None:
    """The bonus beside space 6 of a lower path: Hunter 2 points, Gatherer a berry, Warrior a wake-up."""
    if path == D.HUNTER:
        _points(st, seat, D.HUNTER_REPEAT_POINTS)
    elif path == D.GATHERER:
        st.push(T.ChooseGood(seat, goods_mask(gatherer_goods(6))))
    else:
        goods.wake_bonus(st, seat)


def standard_bonus(st: ManitobaState, seat: int, path: int, space: int) -> None:
    """The standard (not first-to-reach) one-time bonus of a space of a lower path; space 6 gives its
    repeat bonus. Spaces with only a permanent effect give nothing. Used on entry and by the Shaman."""
    if space == 6:
        repeat_last(st, seat, path)
    elif path == D.HUNTER:
        if space in D.HUNTER_POINTS:
            _points(st, seat, D.HUNTER_POINTS[space][0])
    elif path == D.GATHERER:
        offered = gatherer_goods(space)
        if offered:
            st.push(T.ChooseGood(seat, goods_mask(offered)))
    elif space == 1:
        goods.wake_bonus(st, seat)
    elif space == D.WARRIOR_RELOCATE:
        st.push(T.WarriorRelocate(seat))


def repeat_offered(st: ManitobaState, seat: int, path: int) -> bool:
    """Whether the Shaman's repeat offers ``path``: one of the seat's Cree is on it and (by the ruling
    shaman-repeat-useful-only) its standard bonus would do something now."""
    if not SHAMAN_REPEAT_USEFUL_ONLY:
        return st.pos[seat][path] > 0
    return repeat_useful(st, seat, path)


def repeat_useful(st: ManitobaState, seat: int, path: int) -> bool:
    """Whether the Shaman's repeat of ``path``'s standard bonus would do anything now."""
    space = st.pos[seat][path]
    if space == 0:
        return False
    if path == D.HUNTER:
        return space in D.HUNTER_POINTS or space == 6
    if path == D.GATHERER:
        offered = gatherer_goods(space)
        return any(st.supply[g] > 0 for g in offered)
    if space in (1, 6):
        return st.wigwam[seat] > 0
    if space == D.WARRIOR_RELOCATE:
        return st.square[seat] > 0 and -1 in st.area_cree
    return False
