"""German is complete: every text marked in the sources (Python ``_``/``ngettext``/``N_``, the browser's
``t``/``tn``/``N_``) has a German translation that is not fuzzy, and the catalog holds no entry that no
source has any more (``longhouse i18n check de``; docs/i18n.md)."""

from __future__ import annotations

from longhouse.i18n import tools
from longhouse.i18n.catalogs import read_catalog


def test_the_german_catalog_has_every_text_and_nothing_else() -> None:
    problems = tools.check("de")
    assert problems.missing == [], "texts without German: run `./dev i18n update` and translate them"
    assert problems.fuzzy == [], "German entries marked fuzzy: check them and drop the mark"
    assert problems.unused == [], "entries no source has: run `./dev i18n update`"


def test_every_german_entry_keeps_the_parameters_of_its_text() -> None:
    """A translation names exactly the ``{parameters}`` of its English text (else it could not be filled)."""
    import re

    field = re.compile(r"\{(\w*)\}")
    wrong = []
    for message in read_catalog("de"):
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        wanted = set().union(*(field.findall(str(i)) for i in ids))
        for string in strings:
            if not set(field.findall(str(string))) <= wanted:
                wrong.append((ids[0], string))
    assert wrong == []
