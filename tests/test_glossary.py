"""One word for one thing (issue 20, item 9): every game's glossary and the app's, in both languages, and the
catalogs that must keep to them; and Italian prepositions before names ("Tocca ad Anna").

The glossaries are game/i18n/glossary/<game id>.toml and app.toml (see the README there). Each term lists the
words that must not be used for it; a catalog governed by the glossary that uses one fails, each use named
with its catalog, message id and word."""
from __future__ import annotations

import re
try:
    import tomllib
except ModuleNotFoundError:   # Python 3.10: the same parser as a package, where it is installed
    import pytest as _pytest
    tomllib = _pytest.importorskip("tomli")
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game import games
from tests.app.conftest import app, frames, start_table  # noqa: F401 - the app fixture

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY_DIR = ROOT / "game" / "i18n" / "glossary"
PO_DIR = ROOT / "game" / "i18n" / "po"
LANGS = ("en", "it")


def glossaries() -> dict[str, dict]:
    return {path.stem: tomllib.loads(path.read_text("utf-8")) for path in sorted(GLOSSARY_DIR.glob("*.toml"))}


def texts(domain: str, lang: str) -> list[tuple[str, str]]:
    """(msgid, translated text) of every entry of a catalog, every plural form included."""
    with (PO_DIR / f"{domain}.{lang}.po").open("rb") as fp:
        catalog = read_po(fp)
    out = []
    for message in catalog:
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
        forms = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        out += [(key, form) for form in forms if form]
    return out


def pattern(word: str) -> re.Pattern:
    if word.startswith("re:"):
        return re.compile(word[3:], re.IGNORECASE)
    return re.compile(r"(?<![\w'’])" + re.escape(word) + r"(?![\w])", re.IGNORECASE)


PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def all_domains() -> list[str]:
    return sorted({p.name.split(".")[0] for p in PO_DIR.glob("*.po")})


def checks() -> list[tuple[str, str, dict]]:
    """(glossary name, domain, term) for every term and every catalog it governs."""
    out = []
    for name, glossary in glossaries().items():
        for term in glossary["terms"]:
            domains = all_domains() if term.get("everywhere") else glossary["catalogs"]
            out += [(name, domain, term) for domain in domains]
    return out


# --- the glossaries themselves -------------------------------------------------------------------------
def test_every_game_and_the_app_have_a_glossary() -> None:
    names = set(glossaries())
    wanted = {entry.id for entry in games.catalog() if entry.module} | {"app"}
    assert wanted <= names, f"no glossary for {sorted(wanted - names)}"


@pytest.mark.parametrize("name", sorted(glossaries()))
def test_a_glossary_is_complete(name: str) -> None:
    glossary = glossaries()[name]
    assert glossary.get("title") and glossary.get("terms"), f"{name}: a title and terms"
    for domain in glossary["catalogs"]:
        for lang in LANGS:
            assert (PO_DIR / f"{domain}.{lang}.po").is_file(), f"{name}: no catalog {domain}.{lang}.po"
    seen = set()
    for term in glossary["terms"]:
        what = f"{name}: {term.get('term')!r}"
        assert term.get("term") and term.get("en") and term.get("it") and term.get("note"), \
            f"{what} needs term, en, it and note"
        assert term["term"] not in seen, f"{what} twice"
        seen.add(term["term"])
        for lang in LANGS:
            avoid = term.get(f"avoid_{lang}")
            assert isinstance(avoid, list), f"{what}: avoid_{lang} must be a list"
            for word in avoid:
                assert not pattern(word).search(term[lang]), f"{what}: avoids its own word {term[lang]!r}"


def test_glossaries_govern_real_catalogs_in_both_languages() -> None:
    governed = {d for g in glossaries().values() for d in g["catalogs"]}
    ungoverned = set(all_domains()) - governed
    assert not ungoverned, f"catalogs no glossary governs: {sorted(ungoverned)}"


# --- the catalogs keep to them -------------------------------------------------------------------------
def test_no_catalog_uses_a_word_its_glossary_avoids() -> None:
    problems = []
    cache: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for name, domain, term in checks():
        for lang in LANGS:
            entries = cache.setdefault((domain, lang), texts(domain, lang))
            for word in term.get(f"avoid_{lang}", ()):
                found = pattern(word)
                for key, text in entries:
                    hit = found.search(PLACEHOLDER.sub("{}", text))   # "{round}" names a value, not a word
                    if hit:
                        problems.append(f"{domain}.{lang}.po: {key}: {hit.group(0)!r} "
                                        f"(for {term['term']!r} {name}.toml says {term[lang]!r})")
    assert not problems, f"{len(problems)} words a glossary avoids:\n" + "\n".join(sorted(set(problems)))


def test_the_check_finds_an_avoided_word() -> None:
    assert pattern("giro").search("Nel primo giro")
    assert not pattern("giro").search("Nel primo girone")
    assert not pattern("asse").search("passerella")
    assert pattern("re:\\bgruppo da \\d").search("serve un gruppo da 4")
    assert pattern("lato in su").search("Con questo Lato in su.")


# --- Italian prepositions before names -----------------------------------------------------------------
#: placeholders that hold a person's (or seat's) name
NAME_FIELDS = r"(player|name|target|carrier|other|last|names)"


def test_italian_texts_put_a_or_e_before_a_name_through_the_helper() -> None:
    """"a {name}" would print "a Anna": the catalog writes "{name:a}" and the translation picks "a" or "ad"."""
    bare = re.compile(r"(?<![\w'’])[aAeE] \{" + NAME_FIELDS + r"(:[^}]*)?\}")
    problems = [f"{domain}.it.po: {key}: {text!r}" for domain in all_domains() for key, text in texts(domain, "it")
                if bare.search(text)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("word", "name", "shown"), [
    ("a", "Anna", "ad Anna"), ("a", "anna", "ad anna"), ("a", "Àlvaro", "ad Àlvaro"), ("a", "Ben", "a Ben"),
    ("a", "Elena", "a Elena"), ("a", "Ugo", "a Ugo"), ("a", "42", "a 42"), ("a", "", "a "),
    ("e", "Elena", "ed Elena"), ("e", "Èmile", "ed Èmile"), ("e", "Anna", "e Anna"), ("e", "Ben", "e Ben"),
    ("a", "«Anna»", "ad «Anna»"),
])
def test_with_preposition_picks_the_euphonic_d_from_the_first_letter(word, name, shown) -> None:
    from game.i18n import with_preposition
    assert with_preposition(word, name) == shown


def test_tr_writes_ad_before_a_name_that_begins_with_a() -> None:
    from game.core.protocol import SEAT_KEY, Text
    from game.i18n import language, set_language, set_seat_names, tr
    was = language()
    try:
        set_language("it")
        set_seat_names(["Anna", "Ben", "Elena"])
        assert tr("table.bot_turn", name="Anna") == "Tocca ad Anna"
        assert tr("table.bot_turn", name="Ben") == "Tocca a Ben"
        assert tr("pp.reason.not_your_turn", player=Text.of(SEAT_KEY, seat=0)) == "Tocca ad Anna."
        assert tr("ui.privacy.pass_to", name=Text.of(SEAT_KEY, seat=2)) == "Passa a Elena"
        assert tr("planks.ui.winners", names="Anna", last="Elena").startswith("Anna ed Elena ")
        assert tr("pp.ui.waiting", name="Anna") == "Sta giocando Anna…"          # other placeholders unchanged
        set_language("en")
        assert "Anna" in tr("table.bot_turn", name="Anna") and "ad" not in tr("table.bot_turn", name="Anna")
    finally:
        set_seat_names([])
        set_language(was)


# --- the last to choose a special card keeps one and the other leaves the game -------------------------
@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_last_to_choose_a_special_card_is_told_the_other_leaves_the_game(app, lang):
    """Playa Pirata V5: the starting player chooses last from two cards and the other is removed unseen; the
    prompt, the card's explanation and the Keep button say so, never "pass the others"."""
    from game.games.playa_pirata.rules import DRAFT
    from game.i18n import set_language, tr
    set_language(lang)
    scene = start_table(app, "playa-pirata", ["easy", "easy", "human"], seed=5,
                        options={"special-cards": True, "first-player": "seat-3"})
    for _ in range(600):
        hand = scene.hand_view(2)
        if hand.phase == DRAFT and hand.current == 2:
            break
        frames(app, 1)
    else:
        raise AssertionError("the starting player never came to choose")
    assert len(hand.packet) == 2 and scene._last_to_choose()
    scene.mark_dirty()
    frames(app, 1)
    status = scene._status(hand, 2)
    assert status == tr("pp.ui.step_draft_last", name=scene.seat_name(2))
    cards = [tr(text) for _, text, kind in scene.explained if kind == "special_card"]
    keys = [b.explanation.key for b in scene.choice_buttons if getattr(b, "explanation", None)]
    assert "pp.explain.button.keep_last" in keys and "pp.explain.button.keep" not in keys, keys
    buttons = [tr(b.explanation) for b in scene.choice_buttons if b.explanation.key == "pp.explain.button.keep_last"]
    removed = "removed from the game" if lang == "en" else "esce dal gioco"
    assert cards and buttons and all(removed in s for s in [status] + cards + buttons), (status, cards, buttons)
    passes = "pass" if lang == "en" else "passa"
    assert not any(passes in s for s in [status] + buttons), (status, buttons)
