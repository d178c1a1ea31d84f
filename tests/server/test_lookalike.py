"""Look-alike names share a key (``server/lookalike.py``); names that differ in a real letter do not."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from longhouse.server.lookalike import LOOKALIKES, lookalike_key

NAMES = st.from_regex(r"[A-Za-z][A-Za-z0-9_\-]{1,19}", fullmatch=True)
#: Each letter's look-alikes that a name may hold (ASCII), as replacements.
SWAPS = {"l": "1Ii", "o": "0O", "s": "5S", "z": "2Z", "b": "8B", "g": "9G", "e": "3E", "a": "4A", "t": "7T",
         "-": "_"}


def test_the_covered_look_alikes() -> None:
    assert len({lookalike_key(n) for n in ("Bill", "bill", "BILL", "B1ll", "bi11", "BiIl", "B|ll", "Ｂｉｌｌ")}) == 1
    assert lookalike_key("B0b") == lookalike_key("bob") == lookalike_key("BOB")
    assert lookalike_key("rnarie") == lookalike_key("Marie")
    assert lookalike_key("vvolf") == lookalike_key("Wolf")
    assert lookalike_key("Ann_a") == lookalike_key("ann-a")
    assert lookalike_key("Аnn") == lookalike_key("Ann")  # a Cyrillic А
    assert lookalike_key("Bill") != lookalike_key("Bull") and lookalike_key("Ann") != lookalike_key("Anne")


@settings(deadline=None)  # a loaded machine is slow, not wrong
@given(NAMES, st.data())
def test_case_and_look_alikes_keep_the_key(name: str, data: st.DataObject) -> None:
    changed = []
    for char in name:
        letter = LOOKALIKES.get(char.lower(), char.lower())
        choices = [char, char.swapcase(), *SWAPS.get(letter, "")]
        changed.append(data.draw(st.sampled_from(choices)))
    assert lookalike_key("".join(changed)) == lookalike_key(name)


@settings(deadline=None)
@given(NAMES.filter(lambda n: not set(n.lower()) & set("rnvmwxk")), st.integers(min_value=0, max_value=19))
def test_a_different_letter_changes_the_key(name: str, where: int) -> None:
    """(Names without the letters of the pairs, ``rn`` and ``vv``, nor ``x``, ``k``.)"""
    where %= len(name)
    other = "k" if lookalike_key(name[where]) == "x" else "x"
    assert lookalike_key(name[:where] + other + name[where + 1:]) != lookalike_key(name)
