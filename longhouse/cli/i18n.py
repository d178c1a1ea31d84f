"""``longhouse i18n update | init LANG | check [LANG]``: the catalogs' upkeep (docs/i18n.md)."""

from __future__ import annotations

import argparse
import sys

from longhouse.i18n import tools


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=["update", "init", "check"],
                        help="update: every language's .po from the sources; init LANG: a new language's .po; "
                             "check: what each language lacks (missing, fuzzy, unused entries)")
    parser.add_argument("lang", nargs="?", help="a language code (de, fr, ...)")


def run(args: argparse.Namespace) -> int:
    template = tools.extract()
    if args.action == "init":
        if not args.lang:
            print("init needs a language code", file=sys.stderr)
            return 2
        catalog = tools.init(args.lang, template)
        print(f"{tools.po_path(args.lang)}: {len(catalog)} entries to translate")
        return 0
    langs = [args.lang] if args.lang else tools.languages_on_disk()
    if args.action == "update":
        for lang in langs:
            tools.update(lang, template)
            print(f"{tools.po_path(lang)} updated")
        return 0
    bad = 0
    for lang in langs:
        problems = tools.check(lang, template)
        for kind in ("missing", "fuzzy", "unused"):
            for text in getattr(problems, kind):
                print(f"{lang}: {kind}: {text!r}")
        bad += bool(problems)
    return 1 if bad else 0
