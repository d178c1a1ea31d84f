"""The catalogs' upkeep: extract every marked text (``babel.cfg``), bring each language's ``.po`` file up to
date, start a new language, and check that a language is complete (``longhouse i18n``; docs/i18n.md)."""

from __future__ import annotations

import dataclasses
import datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from longhouse.i18n import catalogs
from longhouse.i18n.catalogs import DOMAIN, SOURCE, po_path, read_catalog

ROOT = Path(__file__).resolve().parent.parent.parent  # the repository (longhouse/ is in it)
MAPPING = ROOT / "babel.cfg"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
#: The comments put beside a text for its translators: ``# i18n: ...`` above it.
COMMENT_TAGS = ("i18n:",)


def extract() -> Catalog:
    """Every text marked in the project's sources, with where each is (the template of every language)."""
    with MAPPING.open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f, str(MAPPING))
    for options in options_map.values():  # the file's "false" is a string: the JS reader wants a bool
        for key, value in options.items():
            if value in ("true", "false"):
                options[key] = value == "true"
    template = Catalog(domain=DOMAIN, project="Longhouse", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
            strip_comment_tags=True):
        template.add(message, None, [(filename.replace("\\", "/"), lineno)], auto_comments=comments,
                     context=context)
    return template


def write(catalog: Catalog, path: Path) -> None:
    """A catalog as its ``.po`` file: locations without line numbers (so that editing code does not change
    the file), no dates, the header not fuzzy."""
    catalog.fuzzy = False
    catalog.creation_date = catalog.revision_date = _EPOCH
    catalog.project, catalog.version = "Longhouse", "1"
    catalog.last_translator = "Longhouse"
    catalog.language_team = "Longhouse"
    catalog.msgid_bugs_address = ""
    catalog.copyright_holder = "Longhouse"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=120, sort_output=False, ignore_obsolete=True, include_previous=False,
                 include_lineno=False)


_EPOCH = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


def update(lang: str, template: Catalog | None = None) -> Catalog:
    """``lang``'s catalog with the template's texts: new ones added (untranslated), gone ones dropped,
    changed ones marked fuzzy (babel's update)."""
    template = template or extract()
    catalog = read_catalog(lang)
    catalog.update(template, no_fuzzy_matching=False)
    catalog.obsolete.clear()
    write(catalog, po_path(lang))
    return catalog


def init(lang: str, template: Catalog | None = None) -> Catalog:
    """A new language's catalog: every text, none translated yet."""
    template = template or extract()
    catalog = Catalog(locale=lang, domain=DOMAIN, project="Longhouse", charset="utf-8")
    catalog.update(template)
    write(catalog, po_path(lang))
    return catalog


@dataclasses.dataclass
class Problems:
    missing: list[str]  # texts of the sources with no translation
    fuzzy: list[str]  # translations marked fuzzy (not used until checked)
    unused: list[str]  # entries of the catalog no source has

    def __bool__(self) -> bool:
        return bool(self.missing or self.fuzzy or self.unused)


def _key(message_id: object) -> str:
    return str(message_id[0] if isinstance(message_id, tuple | list) else message_id)


def check(lang: str, template: Catalog | None = None) -> Problems:
    """What keeps ``lang`` from being complete."""
    template = template or extract()
    with po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    wanted = {_key(m.id) for m in template if m.id}
    have = {_key(m.id): m for m in catalog if m.id}
    missing = sorted(k for k in wanted if k not in have or not _translated(have[k].string))
    fuzzy = sorted(k for k, m in have.items() if m.fuzzy and k in wanted)
    unused = sorted(k for k in have if k not in wanted)
    return Problems(missing, fuzzy, unused)


def _translated(string: object) -> bool:
    if isinstance(string, tuple | list):
        return bool(string) and all(string)
    return bool(string)


def languages_on_disk() -> list[str]:
    return sorted(p.parent.parent.name for p in catalogs.LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po") if
                  p.parent.parent.name != SOURCE)
