"""Pirates of the Spanish Main's rules page: the pictures (drawn from the game's sprites, every play on them asked
of the engine), the text (every part of the game, every card kind, every option, in both languages) and the page
on screen."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.games.spanish_main import GAME, RULES_SUMMARY, rules_pictures
from game.games.spanish_main.rules import (ADVENTURE_TYPES, MOVEMENT_TYPES, RULES, SHIPS, Accuse, PlayCard,
                                           half_up)
from game.i18n import has_key, set_language, tr
from tests.app.conftest import app  # noqa: F401  (the headless App fixture)
from tests.support import rules_page

PICTURES = [k[1:] for k in RULES_SUMMARY if k.startswith("@")]
LANGS = ("en", "it")
PO = Path(__file__).resolve().parents[3] / "game" / "i18n" / "po"

display, lang = rules_page.display, rules_page.lang     # the fixtures


def page_text(language: str) -> str:
    return rules_page.page_text(RULES_SUMMARY, language)


def po_keys(language: str) -> set[str]:
    text = (PO / f"spanish_main_rules.{language}.po").read_text(encoding="utf-8")
    return set(re.findall(r'^msgid "(.+)"$', text, re.M))


# -- the pictures ----------------------------------------------------------------------------------
def test_the_page_has_the_pictures_the_brief_asks_for() -> None:
    assert {"setup", "movement", "legal", "illegal", "adventures", "attack-loot", "fame", "accuse", "end",
            "scoring", "options", "notes"} <= set(PICTURES)
    assert set(PICTURES) == set(rules_pictures.PICTURES), "every picture drawn is on the page, and only those"
    assert GAME.rules_summary == RULES_SUMMARY


class TestPage(rules_page.PageTests):
    """Every picture fits its column (Italian too), is the same every time and has its caption; every action
    drawn is what the engine says; every option is named; the rules scene draws them all and scrolls."""
    game_id, rules, summary, pictures = "spanish-main", RULES, RULES_SUMMARY, rules_pictures
    caption, again = "spanish_main.rules.picture.{}.caption", "fame"


# -- what the pictures show agrees with the engine --------------------------------------------------
def test_every_example_is_a_position_the_game_can_be_in() -> None:
    for name, ex in rules_pictures.EXAMPLES.items():
        RULES.validate_state(rules_pictures.state_of(ex))


def test_the_legal_picture_is_full_speed_ahead_clamped_at_the_front() -> None:
    ex = rules_pictures.EXAMPLES["legal"]
    s = rules_pictures.state_of(ex)
    play = ex.marks[0].actions[0]
    assert isinstance(play, PlayCard) and play.card.startswith("mv-full-speed")
    after = rules_pictures.played(ex, ex.marks[0])
    assert s.space_of(play.ship) == 4 and after.space_of(play.ship) == 1                     # T-M1: 3, not 6
    assert [after.space_of(x) for x in s.row[:3]] == [2, 3, 4]                             # passed ships shift


def test_the_illegal_picture_refuses_sabotage_on_a_damaged_ship_and_a_pair_at_space_9() -> None:
    ex = rules_pictures.EXAMPLES["illegal"]
    s = rules_pictures.state_of(ex)
    sabotage, pair = (m.actions[-1] for m in ex.marks)
    assert sabotage.card.startswith("mv-sabotage") and s.is_damaged(sabotage.ship)
    assert pair.card.startswith("mv-alliance") and s.space_of(pair.ship) == 9


@pytest.mark.parametrize("language", LANGS)
def test_a_refused_play_is_lettered_with_the_reason_the_game_gives(display, lang, language: str) -> None:
    lang(language)
    for name in ("illegal", "accuse"):
        ex = rules_pictures.EXAMPLES[name]
        for mark in ex.marks:
            if not mark.ok:
                _, reason = rules_pictures.verdict(ex, mark)
                assert reason is not None and tr(reason) and tr(reason) != reason.key


def test_the_fame_picture_is_t_x2() -> None:
    ex = rules_pictures.EXAMPLES["fame"]
    s = rules_pictures.state_of(ex)
    after = rules_pictures.played(ex, ex.marks[0])
    assert [after.fame_of(x) for x in ("ship-es-1", "ship-en-2", "ship-es-2")] == [1, 1, 1]
    assert sum(after.fame) == 3 and len(after.adv_deck) == len(s.adv_deck) - 3             # 2 paid, 1 turned


def test_the_end_picture_pays_the_last_deck_card_owed_fame_and_the_active_card() -> None:
    ex = rules_pictures.EXAMPLES["end"]
    after = rules_pictures.played(ex, ex.marks[0])
    assert after.over and not after.adv_deck
    assert [after.owed[SHIPS.index(after.row[i])] for i in range(4)] == [0, 1, 1, 0]
    assert [after.fame[SHIPS.index(after.row[i])] for i in range(4)] == [1, 0, 0, 1]


def test_the_accuse_picture_is_t_x1_a_wrong_one_and_a_bluff() -> None:
    ex = rules_pictures.EXAMPLES["accuse"]
    s = rules_pictures.state_of(ex)
    right = rules_pictures.played(ex, ex.marks[0])
    assert "pirate-en-1" in right.revealed and right.secured[0] == half_up(5) == 3
    assert right.fame_of("ship-en-1") == 2
    wrong = rules_pictures.played(ex, ex.marks[1])
    assert "pirate-en-2" in wrong.denied[1] and not set(wrong.revealed) - set(s.revealed)
    bluff = ex.marks[2].actions[0]
    assert isinstance(bluff, Accuse) and bluff.pirate in s.pirates[0]
    after = rules_pictures.played(ex, ex.marks[2])
    assert after.revealed == s.revealed


def test_the_scoring_picture_is_t_e1_and_the_tie_breaks_are_t_e2_and_t_e3() -> None:
    s = rules_pictures.state_of(rules_pictures.EXAMPLES["scoring"])
    assert [s.score_of(k) for k in range(3)] == [10, 8, 7]
    one = rules_pictures.state_of(rules_pictures.EXAMPLES["tie-1"])
    assert one.score_of(0) == one.score_of(1) and one.undamaged_owned(1) > one.undamaged_owned(0)
    two = rules_pictures.state_of(rules_pictures.EXAMPLES["tie-2"])
    assert two.score_of(0) == two.score_of(1) and two.undamaged_owned(0) == two.undamaged_owned(1)
    assert (two.front_most(0), two.front_most(1)) == (4, 2) and two.ranking_key(1) > two.ranking_key(0)


# -- the text covers the game -----------------------------------------------------------------------
@pytest.mark.parametrize("language", LANGS)
def test_every_key_is_in_both_catalogs(language: str) -> None:
    assert po_keys("en") == po_keys("it")
    keys = po_keys(language)
    used = {k for k in RULES_SUMMARY if not k.startswith("@")}
    used |= {f"spanish_main.rules.picture.{n}.caption" for n in PICTURES}
    assert used <= keys
    source = Path(rules_pictures.__file__).read_text(encoding="utf-8")
    for word in set(re.findall(r'K \+ "([a-z_.]+)"', source)):
        assert f"sm.rulebook.pic.{word}" in keys, word
    for key in keys:
        assert has_key(key, language), (language, key)


@pytest.mark.parametrize("language", LANGS)
def test_the_placeholders_agree_in_both_languages(language: str) -> None:
    def fields(lang_: str) -> dict[str, set[str]]:
        text = (PO / f"spanish_main_rules.{lang_}.po").read_text(encoding="utf-8")
        pairs = re.findall(r'^msgid "(.+)"\nmsgstr "(.*)"$', text, re.M)
        return {k: set(re.findall(r"\{(\w+)(?::\w+)?\}", v)) for k, v in pairs}
    assert fields("en") == fields(language)


@pytest.mark.parametrize("language", LANGS)
def test_every_card_kind_is_named_on_the_page(language: str) -> None:
    text = page_text(language)
    set_language(language)
    try:
        for kind in MOVEMENT_TYPES + ADVENTURE_TYPES:
            assert tr(f"sm.card.{kind}") in text, (language, kind, tr(f"sm.card.{kind}"))
    finally:
        set_language("en")


# the game's own words for its parts (the table's buttons, and the words the brief fixes for Italian)
BUTTONS = ["sm.ui.repair", "sm.ui.accuse", "sm.ui.pass", "sm.ui.notes"]
WORDS = {"en": ["ship", "row", "space 1", "space 9", "fame", "secured fame", "owed", "damaged", "undamaged", "repair",
                "accuse", "captain", "market", "movement card", "adventure", "deck", "discard pile", "notes",
                "English", "Spanish", "Dutch", "rounded up", "tie"],
         "it": ["nave", "navi", "fila", "spazio 1", "spazio 9", "testa", "coda", "fama", "fama al sicuro", "a credito",
                "danneggiata", "non danneggiata", "ripara", "accusa", "capitano", "carta pirata", "mercato",
                "carta movimento", "carte movimento", "avventura", "mazzo", "scarti", "appunti", "inglese",
                "spagnola", "olandese", "per eccesso", "parità"]}


@pytest.mark.parametrize("language", LANGS)
def test_every_part_of_the_game_is_named_with_the_games_own_words(lang, language: str) -> None:
    text = page_text(language).casefold()
    lang(language)
    for key in BUTTONS:
        assert tr(key).casefold() in text, (language, key, tr(key))
    for word in WORDS[language]:
        assert word.casefold() in text, (language, word)


def test_the_paragraphs_are_short_and_headings_are_headings() -> None:
    rules_page.assert_short_paragraphs(RULES_SUMMARY, LANGS, 560)

