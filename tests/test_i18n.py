"""Catalog completeness: every domain in both languages, same keys and placeholders, compiled .mo files
up to date, tr() behaviour, and every key used in the source present in the English catalog."""
from __future__ import annotations

import ast
import gettext
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game import i18n
from game.core.protocol import Text
from game.i18n import LANGUAGES, tr

ROOT = Path(__file__).resolve().parent.parent
PO_DIR = ROOT / "game" / "i18n" / "po"
MO_DIR = ROOT / "game" / "i18n" / "mo"
GAME_DIR = ROOT / "game"


def _domain_files() -> dict[str, dict[str, Path]]:
    domains: dict[str, dict[str, Path]] = {}
    for po in sorted(PO_DIR.glob("*.po")):
        domain, _, lang = po.stem.rpartition(".")
        domains.setdefault(domain or po.stem, {})[lang] = po
    return domains


DOMAINS = _domain_files()


def _read(po: Path):
    with po.open("rb") as fp:
        return read_po(fp, locale=po.stem.rpartition(".")[2])


def _messages(po: Path) -> dict[str, str]:
    return {m.id: m.string for m in _read(po) if m.id}


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.fixture
def restore_language():
    before = i18n.language()
    yield
    i18n.set_language(before)


def test_there_are_catalogs() -> None:
    assert "core" in DOMAINS and "persist" in DOMAINS


# --------------------------------------------------------------------------------------------------
# Every domain: both languages, the same keys, nothing empty, the same placeholders
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_domain_has_both_languages(domain: str) -> None:
    assert set(DOMAINS[domain]) == set(LANGUAGES), f"{domain}: languages {sorted(DOMAINS[domain])}"


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_domain_has_the_same_keys_in_both_languages(domain: str) -> None:
    files = DOMAINS[domain]
    if set(files) != set(LANGUAGES):
        pytest.skip("a language is missing (reported by test_domain_has_both_languages)")
    it, en = _messages(files["it"]), _messages(files["en"])
    only_it, only_en = sorted(set(it) - set(en)), sorted(set(en) - set(it))
    assert not only_it and not only_en, f"{domain}: only in Italian {only_it}; only in English {only_en}"


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_domain_has_no_empty_fuzzy_or_duplicate_entries(domain: str) -> None:
    problems = []
    for lang, po in sorted(DOMAINS[domain].items()):
        for message in _read(po):
            if not message.id:
                continue
            if not isinstance(message.string, str) or not message.string.strip():
                problems.append(f"{po.name}: empty translation of {message.id}")
            if message.fuzzy:
                problems.append(f"{po.name}: fuzzy entry {message.id} (it would be left out of the .mo)")
        ids = re.findall(r'^msgid "(.+)"$', po.read_text("utf-8"), flags=re.M)
        problems += [f"{po.name}: {key} appears twice" for key in sorted({k for k in ids if ids.count(k) > 1})]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_domain_has_the_same_placeholders_in_both_languages(domain: str) -> None:
    files = DOMAINS[domain]
    if set(files) != set(LANGUAGES):
        pytest.skip("a language is missing")
    it, en = _messages(files["it"]), _messages(files["en"])
    problems = []
    for key in sorted(set(it) & set(en)):
        try:
            a, b = _placeholders(it[key]), _placeholders(en[key])
        except ValueError as exc:
            problems.append(f"{key}: broken braces ({exc})")
            continue
        if a != b:
            problems.append(f"{key}: Italian {sorted(a)} vs English {sorted(b)}")
    assert not problems, f"{domain}:\n" + "\n".join(problems)


# --------------------------------------------------------------------------------------------------
# Compiled catalogs
# --------------------------------------------------------------------------------------------------
def _compiled(mo: Path) -> dict[str, str]:
    with mo.open("rb") as fp:
        catalog = gettext.GNUTranslations(fp)._catalog
    return {k: v for k, v in catalog.items() if isinstance(k, str) and k}


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_compiled_catalogs_are_up_to_date(domain: str) -> None:
    """The .mo files hold exactly the .po messages (compared by content: Babel stamps each compiled
    header with the time, so the bytes differ between two runs of build/compile_catalogs.py)."""
    stale = []
    for po in DOMAINS[domain].values():
        mo = MO_DIR / (po.stem + ".mo")
        wanted = {m.id: m.string for m in _read(po) if isinstance(m.id, str) and m.id and not m.fuzzy}
        if not mo.exists() or _compiled(mo) != wanted:
            stale.append(mo.name)
    assert not stale, f"stale catalogs {stale}: run `make catalogs` (build/compile_catalogs.py)"


def test_no_compiled_catalog_without_its_po_file() -> None:
    orphans = [mo.name for mo in MO_DIR.glob("*.mo") if not (PO_DIR / (mo.stem + ".po")).exists()]
    assert not orphans, f"{orphans}: run `make catalogs`"


# --------------------------------------------------------------------------------------------------
# tr()
# --------------------------------------------------------------------------------------------------
def test_tr_follows_the_language(restore_language) -> None:
    it = _messages(PO_DIR / "persist.it.po")
    en = _messages(PO_DIR / "persist.en.po")
    key = "persist.save.not_ours"
    i18n.set_language("it")
    assert i18n.language() == "it"
    assert tr(key) == it[key] and tr(Text.of(key)) == it[key]
    i18n.set_language("en")
    assert tr(key) == en[key]
    assert it[key] != en[key]


def test_tr_fills_placeholders_and_translates_nested_text(restore_language) -> None:
    message = Text.of("persist.settings.bad_value", file="settings.json.bad",
                      setting=Text.of("persist.settings.field.language"))
    i18n.set_language("it")
    text = tr(message)
    assert "«Lingua»" in text and "settings.json.bad" in text and "{" not in text
    i18n.set_language("en")
    text = tr(message)
    assert "“Language”" in text and "{" not in text
    # two levels deep
    deep = Text.of("persist.save.cannot_replay", move=3, total=9,
                   why=Text.of("persist.save.old_rules", saved=1, current=2))
    assert "version 1, now 2" in tr(deep) and "3 of 9" in tr(deep)
    assert tr("persist.save.unreadable", error="EACCES").endswith("(EACCES).")


def test_a_missing_key_shows_the_key(restore_language) -> None:
    for lang in LANGUAGES:
        i18n.set_language(lang)
        assert tr("no.such.key.anywhere") == "no.such.key.anywhere"
        assert tr(Text.of("no.such.key.anywhere", x=1)) == "no.such.key.anywhere"


def test_unknown_language_falls_back_to_english(restore_language) -> None:
    i18n.set_language("fr")
    assert i18n.language() == "en"


# --------------------------------------------------------------------------------------------------
# Source scan: every literal key given to tr / T / Text.of / Text / IllegalAction is in English
# --------------------------------------------------------------------------------------------------
def _english_keys() -> set[str]:
    keys: set[str] = set()
    for files in DOMAINS.values():
        if "en" in files:
            keys |= set(_messages(files["en"]))
    return keys


def _is_key_call(func: ast.expr) -> bool:
    if isinstance(func, ast.Name):
        return func.id in {"tr", "T", "Text", "IllegalAction"}
    if isinstance(func, ast.Attribute):
        return ((func.attr == "of" and isinstance(func.value, ast.Name) and func.value.id == "Text")
                or (func.attr == "tr" and isinstance(func.value, ast.Name) and func.value.id == "i18n"))
    return False


def _game_package_has_domain(pkg: str) -> bool:
    """A game package's keys are checked once its catalog domain exists (named after the package or id)."""
    names = {pkg, pkg.replace("_", "-")}
    return any(d in names or d.startswith(pkg + "_") or d.startswith(pkg + "-") for d in DOMAINS)


def _scanned_files() -> list[Path]:
    files = []
    for path in sorted(GAME_DIR.rglob("*.py")):
        parts = path.relative_to(GAME_DIR).parts
        if len(parts) >= 3 and parts[0] == "games" and not _game_package_has_domain(parts[1]):
            continue  # that game's catalog is not written yet
        files.append(path)
    return files


def used_keys(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _is_key_call(node.func) and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.append((node.lineno, first.value))
    return found


def test_the_scan_finds_keys() -> None:
    keys = [k for _, k in used_keys(GAME_DIR / "core" / "protocol.py")]
    assert "log.generic_action" in keys and "opt.err.player_count" in keys


def test_every_key_used_in_the_source_is_in_the_english_catalog() -> None:
    english = _english_keys()
    missing = [f"{path.relative_to(ROOT)}:{line}: {key}"
               for path in _scanned_files() for line, key in sorted(used_keys(path)) if key not in english]
    assert not missing, f"{len(missing)} keys missing from the English catalogs:\n" + "\n".join(missing)
