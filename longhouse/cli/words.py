"""The language of the terminal's texts (``longhouse play``, ``replay``, ``serve``): ``--lang``, else the
environment's locale as gettext reads it (the first set of ``LC_ALL``, ``LC_MESSAGES``, ``LANG``:
``de_DE.UTF-8`` is German) when the hall has that language, else English. Logs stay English (docs/i18n.md)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping

from longhouse.i18n.catalogs import Translator, languages, supported, translator

#: The environment's variables that name the messages' locale, the first one set deciding (as gettext reads them).
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def add_language(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", default=None, choices=sorted(languages()),
                        help="the language of the texts (default: the environment's, LC_ALL, LC_MESSAGES or LANG, "
                             "if the hall has it; else English)")


def environment_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The hall's language the environment's locale names (``de_DE.UTF-8`` -> ``de``), or None (``C``, unset,
    or a language the hall does not have)."""
    env = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        value = env.get(name)
        if value:
            return supported(value.split(".")[0].split("@")[0].split("_")[0].split("-")[0])
    return None


def terminal_words(lang: str | None, environ: Mapping[str, str] | None = None) -> Translator:
    """The words of the terminal's texts: ``--lang``'s language, else the environment's, else English."""
    return translator(lang or environment_language(environ) or "en")
