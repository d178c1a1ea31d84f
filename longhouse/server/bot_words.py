"""The bot levels' names (``bots.levels``) in the reader's language, for the hall's chat lines."""

from __future__ import annotations

from longhouse.i18n import Text, _

#: Each level's name as a text (English: the level's own name); web/bot_levels.js is the page's twin.
LEVEL_WORDS: dict[str, Text] = {
    "random": _("random"),
    "greedy": _("greedy"),
    "beginner": _("beginner"),
    "casual": _("casual"),
    "strong": _("strong"),
    "expert": _("expert"),
}


def level_word(level: str) -> Text:
    """A level's name for a reader (a level without a word here: its own name)."""
    return LEVEL_WORDS.get(level, level)
