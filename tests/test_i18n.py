"""Catalog completeness: every domain in both languages, same keys and placeholders, plural entries with
every form, compiled .mo files up to date, tr()/trn() behaviour, and every key used in the source present in
the English catalog (a counted key given its count)."""
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
from game.i18n import LANGUAGES, tr, trn

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
    """key -> translation; a plural entry gives its last (plural) form, as ``i18n._load`` does."""
    return {_key(m): _forms(m)[-1] for m in _read(po) if m.id}


def _plurals(po: Path) -> dict[str, tuple[str, tuple[str, ...]]]:
    """The plural entries: key -> (the counting parameter, the forms)."""
    return {m.id[0]: (m.id[1], _forms(m)) for m in _read(po) if m.id and m.pluralizable}


def _key(message) -> str:
    return message.id[0] if message.pluralizable else message.id


def _forms(message) -> tuple[str, ...]:
    return tuple(message.string) if message.pluralizable else (message.string,)


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
            if not all(isinstance(form, str) and form.strip() for form in _forms(message)):
                problems.append(f"{po.name}: empty translation of {_key(message)}")
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
# Plural entries: msgid_plural names the counting parameter, every form in both languages, same placeholders
# --------------------------------------------------------------------------------------------------
PLURAL_FORMS = "nplurals=2; plural=(n != 1);"  # Italian and English alike


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_domain_declares_its_plural_forms(domain: str) -> None:
    problems = []
    for po in DOMAINS[domain].values():
        header = re.findall(r'^"Plural-Forms: (.*)\\n"$', po.read_text("utf-8"), flags=re.M)
        if header != [PLURAL_FORMS]:
            problems.append(f"{po.name}: Plural-Forms {header}, wanted {PLURAL_FORMS!r}")
        elif _read(po).num_plurals != 2:
            problems.append(f"{po.name}: Babel reads {_read(po).num_plurals} plural forms")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_plural_entries_have_every_form_in_both_languages_with_the_same_placeholders(domain: str) -> None:
    files = DOMAINS[domain]
    if set(files) != set(LANGUAGES):
        pytest.skip("a language is missing")
    plurals = {lang: _plurals(po) for lang, po in files.items()}
    problems = []
    for key in sorted(set().union(*plurals.values())):
        entries = {lang: plurals[lang].get(key) for lang in LANGUAGES}
        if None in entries.values():
            problems.append(f"{key}: a plural entry only in {[l for l, e in entries.items() if e]}")
            continue
        params = {param for param, _ in entries.values()}
        if len(params) != 1 or not next(iter(params)).isidentifier():
            problems.append(f"{key}: msgid_plural must name the counting parameter, the same in both: {params}")
            continue
        param = params.pop()
        wanted = None
        for lang, (_, forms) in entries.items():
            if len(forms) != 2 or not all(form.strip() for form in forms):
                problems.append(f"{key} ({lang}): {len(forms)} forms, some empty: {forms}")
            for i, form in enumerate(forms):
                try:
                    names = _placeholders(form)
                except ValueError as exc:
                    problems.append(f"{key} ({lang}) form {i}: broken braces ({exc})")
                    continue
                if param not in names:
                    problems.append(f"{key} ({lang}) form {i}: does not show the count {{{param}}}")
                if wanted is None:
                    wanted = names
                elif names != wanted:
                    problems.append(f"{key} ({lang}) form {i}: placeholders {sorted(names)}, others {sorted(wanted)}")
    assert not problems, f"{domain}:\n" + "\n".join(problems)


def test_there_are_plural_entries_and_no_word_is_pluralized_by_hand() -> None:
    counted = set()
    hand_made = []
    for files in DOMAINS.values():
        for lang, po in files.items():
            counted |= set(_plurals(po))
            for message in _read(po):
                if message.id and any("(s)" in form for form in _forms(message)):
                    hand_made.append(f"{po.name}: {_key(message)}")
    assert {"saves.progress.moves", "pp.log.hand_score", "pir.reason.dice_left"} <= counted
    assert not hand_made, f"write a plural entry instead of “(s)”: {hand_made}"


# --------------------------------------------------------------------------------------------------
# Compiled catalogs
# --------------------------------------------------------------------------------------------------
def _compiled(mo: Path) -> dict[str, object]:
    """What the app reads from a .mo: plain entries as text, plural entries as (parameter, forms)."""
    plain, counted = i18n.read_mo(mo)
    with mo.open("rb") as fp:
        every_key = {k if isinstance(k, str) else k[0] for k in gettext.GNUTranslations(fp)._catalog if k}
    assert every_key == set(plain) | set(counted), f"{mo.name}: entries that are neither plain nor plural"
    return {**plain, **{key: (entry.param, entry.forms) for key, entry in counted.items()}}


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_compiled_catalogs_are_up_to_date(domain: str) -> None:
    """The .mo files hold exactly the .po messages (compared by content: Babel stamps each compiled
    header with the time, so the bytes differ between two runs of build/compile_catalogs.py)."""
    stale = []
    for po in DOMAINS[domain].values():
        mo = MO_DIR / (po.stem + ".mo")
        messages = [m for m in _read(po) if m.id and not m.fuzzy]
        wanted = {_key(m): ((m.id[1], _forms(m)) if m.pluralizable else m.string) for m in messages}
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


def test_tr_picks_the_plural_form_in_both_languages(restore_language) -> None:
    i18n.set_seat_names([])           # "Player 2", whatever table an earlier test left named
    expected = {"en": ("0 moves", "1 move", "2 moves", "21 moves"), "it": ("0 mosse", "1 mossa", "2 mosse", "21 mosse")}
    for lang, texts in expected.items():
        i18n.set_language(lang)
        assert tuple(tr("saves.progress.moves", n=k) for k in (0, 1, 2, 21)) == texts
        assert tuple(tr(Text.of("saves.progress.moves", n=k)) for k in (0, 1, 2, 21)) == texts
        assert tuple(trn("saves.progress.moves", k) for k in (0, 1, 2, 21)) == texts
        assert i18n.has_key("saves.progress.moves") and i18n.counted("saves.progress.moves").param == "n"
    # an entry counting another parameter (an engine text keeps its parameters), nested in another text
    i18n.set_language("en")
    assert trn("pp.log.hand_score", 1, player="Anna") == "Anna scores 1 point this hand."
    assert tr(Text.of("pp.log.hand_score", player=Text.of("seat.name", seat=1), points=0)) == \
        "Player 2 scores 0 points this hand."
    i18n.set_language("it")
    assert trn("pp.log.hand_score", 1, player="Anna") == "Anna fa 1 punto in questa mano."
    assert tr("pir.reason.dice_left", n=1) == "Devi ancora giocare 1 dado."
    # no count (or not a number): the plural form, the placeholder left visible; never a crash
    assert tr("saves.progress.moves") == "{n} mosse" and tr("saves.progress.moves", n="x") == "x mosse"
    assert tr("saves.progress.moves", n=True) == "True mosse"
    # trn on a key that is not a plural entry gives the count as ``n``
    assert trn("saves.progress.turn", 3) == tr("saves.progress.turn", n=3)


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


def counted_calls(path: Path) -> list[tuple[int, str, set[str] | None]]:
    """Literal keys with the keyword names passed (None: ``**params`` passes any)."""
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _is_key_call(node.func) and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                names = {k.arg for k in node.keywords}
                found.append((node.lineno, first.value, None if None in names else names))
    return found


def test_every_counted_key_used_in_the_source_is_given_its_count() -> None:
    plurals: dict[str, str] = {}
    for files in DOMAINS.values():
        if "en" in files:
            plurals.update({key: param for key, (param, _) in _plurals(files["en"]).items()})
    wrong = [f"{path.relative_to(ROOT)}:{line}: {key} counts {plurals[key]!r} but gets {sorted(names)}"
             for path in _scanned_files() for line, key, names in counted_calls(path)
             if key in plurals and names is not None and plurals[key] not in names]
    assert not wrong, "\n".join(wrong)


def test_every_key_used_in_the_source_is_in_the_english_catalog() -> None:
    english = _english_keys()
    missing = [f"{path.relative_to(ROOT)}:{line}: {key}"
               for path in _scanned_files() for line, key in sorted(used_keys(path)) if key not in english]
    assert not missing, f"{len(missing)} keys missing from the English catalogs:\n" + "\n".join(missing)


def test_every_character_of_every_catalog_is_drawn_by_the_text_fonts() -> None:
    """A character the font lacks is drawn as an empty box (a newcomer saw "Learn to play ☐"): every character
    of every message, in both languages, must be in Lato, regular and bold (the fonts of all running text)."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    pygame.font.init()
    fonts = ROOT / "assets" / "fonts"
    chars: dict[str, str] = {}
    for files in DOMAINS.values():
        for po in files.values():
            for key, text in _messages(po).items():
                for ch in text:
                    if not ch.isspace():
                        chars.setdefault(ch, key)
    for name in ("Lato-Regular.ttf", "Lato-Bold.ttf"):
        font = pygame.font.Font(str(fonts / name), 24)
        missing = pygame.image.tobytes(font.render("\ue000", True, (0, 0, 0)), "RGBA")  # a private-use point
        lacking = {ch: key for ch, key in chars.items()
                   if pygame.image.tobytes(font.render(ch, True, (0, 0, 0)), "RGBA") == missing}
        assert not lacking, f"{name} has no glyph for: " + ", ".join(f"{ch!r} ({key})" for ch, key in lacking.items())
