"""Pirateer's rules page: the pictures (drawn from the game's sprites, every move on them asked of the engine),
the text (every board feature and every setup option named, in both languages) and the page on screen."""
from __future__ import annotations

import re

import pygame
import pytest

from game.games.pirateer import RULES_SUMMARY, rules_pictures
from game.games.pirateer.boardmodel import KINDS
from game.games.pirateer.moves import ISLAND, faction_of
from game.games.pirateer.rules import (RULES, Arm, Bonus, ChooseCarrier, ChooseFaction, EndTurn, Move, Roll,
                                       StormPick, Take)
from game.i18n import has_key, tr
from tests.app.conftest import app  # noqa: F401  (the headless App fixture)
from tests.support import rules_page

PICTURES = [k[1:] for k in RULES_SUMMARY if k.startswith("@")]
WIDTHS = (520, 700, 860)
LANGS = ("en", "it")

display, lang = rules_page.display, rules_page.lang     # the fixtures


def page_text(language: str) -> str:
    return rules_page.page_text(RULES_SUMMARY, language)


# -- the pictures ----------------------------------------------------------------------------------
def test_the_page_has_the_pictures_the_brief_asks_for() -> None:
    assert {"setup", "legal", "illegal", "scoring"} <= set(PICTURES)
    assert set(PICTURES) == set(rules_pictures.PICTURES), "every picture drawn is on the page, and only those"


@pytest.mark.parametrize("name", PICTURES)
@pytest.mark.parametrize("width", WIDTHS)
def test_each_picture_fits_its_column_and_is_not_blank(display, name: str, width: int) -> None:
    img = rules_pictures.picture(name, width)
    assert 0 < img.get_width() <= width and img.get_height() > 40
    assert img.get_height() <= 720, "a picture taller than the window cannot be seen at once"
    rules_page.assert_not_blank(img, name, width)


def test_a_picture_is_the_same_every_time(display) -> None:
    a, b = rules_pictures.picture("legal", 700), rules_pictures.picture("legal", 700)
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_an_unknown_picture_is_a_key_error(display) -> None:
    with pytest.raises(KeyError):
        rules_pictures.picture("kraken", 700)


@pytest.mark.parametrize("language", LANGS)
def test_every_picture_has_its_caption_in_both_catalogs(lang, language: str) -> None:
    lang(language)
    for name in PICTURES:
        key = f"pirateer.rules.picture.{name}.caption"
        assert has_key(key) and tr(key) != key, (language, key)


# -- what the pictures show agrees with the engine --------------------------------------------------
MARKS = [(name, k) for name, ex in rules_pictures.EXAMPLES.items() for k in range(len(ex.marks))]


@pytest.mark.parametrize("name,k", MARKS)
def test_every_move_drawn_is_what_the_engine_says(name: str, k: int) -> None:
    rules_page.assert_mark_agrees(rules_pictures, name, k)


def test_the_legal_picture_shows_a_move_the_game_offers() -> None:
    ex = rules_pictures.EXAMPLES["legal"]
    s = rules_pictures.state_of(ex)
    st = ex.marks[0].steps[0]
    assert Move(s.current, st.ids, st.direction, st.die) in s.legal_actions()


@pytest.mark.parametrize("name", ["illegal", "dice", "carrier", "boarding", "wrecks"])
@pytest.mark.parametrize("language", LANGS)
def test_a_refused_move_is_captioned_with_the_reason_the_app_gives(lang, name: str, language: str) -> None:
    ex = rules_pictures.EXAMPLES[name]
    refused = [m for m in ex.marks if not m.ok]
    assert refused
    lang(language)
    caption = tr(f"pirateer.rules.picture.{name}.caption")
    for mark in refused:
        _, reason = rules_pictures.verdict(ex, mark)
        assert tr(reason) in caption, (language, tr(reason), caption)


def test_the_scoring_picture_wins_the_game() -> None:
    ex = rules_pictures.EXAMPLES["scoring"]
    s, reason = rules_pictures.verdict(ex, ex.marks[0])
    assert reason is None
    st = ex.marks[0].steps[0]
    s.apply(Move(s.current, st.ids, st.direction, st.die))
    assert s.is_over() and s.winners == [s.controller("spanish")]


def test_the_storm_picture_sinks_the_farthest_ship() -> None:
    s = rules_pictures.state_of(rules_pictures.EXAMPLES["storm"])
    far = max((sh for sh in s.ships if faction_of(sh) == "spanish"), key=s.port_distance)
    assert sorted(s.port_distance(sh) for sh in s.ships if faction_of(sh) == "spanish") == [2, 9, 18]
    s.apply(Roll(s.current))
    assert far not in s.ships and len([sh for sh in s.ships if faction_of(sh) == "spanish"]) == 2


def test_the_nuke_picture_blasts_what_its_caption_says() -> None:
    s = rules_pictures.state_of(rules_pictures.EXAMPLES["nuke"])
    s.apply(Arm(s.current, "ship-pirates-2"))
    assert sorted(s.ships) == ["ship-barbary-1", "ship-french-1", "ship-pirates-3"]
    assert s.treasure != ISLAND


# -- the text covers the game -----------------------------------------------------------------------
FEATURES = [k for k in KINDS] + ["anchor", "start", "channel", "wreck", "coin"]
EXPLAIN = {"strait": "pir.explain.strait_top"}


@pytest.mark.parametrize("language", LANGS)
def test_every_board_feature_is_named_as_the_table_names_it(lang, language: str) -> None:
    text = page_text(language).lower()
    lang(language)
    for feature in FEATURES:
        name = tr(f"pir.rulebook.name.{feature}").lower()
        explained = tr(EXPLAIN.get(feature, f"pir.explain.{feature}"), faction="", n=1).lower()
        assert name in explained, f"{language}: the table does not call a {feature} {name!r}"
        assert name in text, f"{language}: the rules never name the {feature} ({name!r})"


@pytest.mark.parametrize("language", LANGS)
def test_every_setup_option_is_named_as_the_setup_labels_it(lang, language: str) -> None:
    text = page_text(language)
    lang(language)
    for opt in RULES.options:
        assert tr(opt.label) in text, f"{language}: option {opt.key} ({tr(opt.label)!r}) is not in the rules"
        if opt.key == "factions":
            for label in opt.choice_labels:
                assert tr(label) in text, f"{language}: {tr(label)!r} is not in the rules"


# every kind of action of the game, by the words the table shows for it (its button, or the option it belongs
# to); an action type added later has no entry here and fails the test below until the rules explain it
ACTION_WORDS = {Roll: "pir.ui.roll", Move: "pir.rulebook.name.sea", Take: "pir.ui.take", EndTurn: "pir.ui.end_turn",
                Arm: "pir.ui.arm", StormPick: "pir.opt.storm", Bonus: "pir.opt.acey-deucey",
                ChooseCarrier: "pir.opt.war-wind", ChooseFaction: "pir.opt.factions.choose"}


@pytest.mark.parametrize("language", LANGS)
def test_every_fleet_and_every_kind_of_action_is_named(lang, language: str) -> None:
    text = page_text(language).casefold()
    lang(language)
    for faction in RULES.board.factions:
        assert tr(f"pir.faction.{faction}").casefold() in text
    for action in RULES.action_types:
        words = tr(ACTION_WORDS[action]).casefold()
        assert words in text, f"{language}: {action.__name__} ({words!r}) is not in the rules"


def test_the_paragraphs_are_short_and_headings_are_headings() -> None:
    rules_page.assert_short_paragraphs(RULES_SUMMARY, LANGS, 520, catalog=False)


def test_the_old_rules_keys_are_gone() -> None:
    assert not [k for k in RULES_SUMMARY if re.fullmatch(r"pir\.rules\.\d+", k)]
    assert not has_key("pir.rules.1")


def test_the_eight_player_game_is_offered_and_in_the_rulebook() -> None:
    # issue 19: the fantastic eight is an option now (5 to 8 players, V11.1)
    assert "fantastic-eight" in {o.key for o in RULES.options} and RULES.max_players == 8
    assert "pir.rulebook.eight" in RULES_SUMMARY


# -- the page on screen -----------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
@pytest.mark.parametrize("language", LANGS)
def test_the_rules_scene_draws_and_scrolls_to_the_bottom(app, size, language: str) -> None:
    scene = rules_page.scrolled_rules_scene(app, "pirateer", size, language)
    for name in PICTURES:   # every picture was drawn (none failed into the log)
        assert rules_pictures.picture(name, scene.panel.content_rect.w).get_width() <= scene.panel.content_rect.w
