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
from game.ui import theme
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


# -- the fantastic eight (issue 19, item 5) ----------------------------------------------------------
EIGHT_PICTURES = ["eight-sea", "eight-dice", "eight-boarding", "eight-win"]
EIGHT_KEYS = ["pir.rulebook.eight.h", "pir.rulebook.eight", "pir.rulebook.eight.island", "pir.rulebook.eight.straits",
              "pir.rulebook.eight.dice", "pir.rulebook.eight.treasures", "pir.rulebook.eight.win",
              "pir.rulebook.eight.order", "pir.rulebook.eight.combine"]
WINDOWS = {(1280, 720): 812, (960, 540): 609}        # the rules page's column in each window


@pytest.fixture
def window():
    """Sets the window size (the UI scale follows it); back to 1280x720 after the test."""
    def set_size(size: tuple[int, int]) -> None:
        pygame.display.set_mode(size)
        theme.clear_caches()
    yield set_size
    set_size((1280, 720))


def test_the_eight_section_is_on_the_page_in_place_of_the_promise() -> None:
    assert all(k in RULES_SUMMARY for k in EIGHT_KEYS)
    assert all(f"@{p}" in RULES_SUMMARY for p in EIGHT_PICTURES)
    assert RULES_SUMMARY.index("pir.rulebook.eight.h") > RULES_SUMMARY.index("@modes")
    for language in LANGS:
        text = page_text(language).casefold()
        assert "later version" not in text and "prossima versione" not in text, language


def _unclipped(monkeypatch) -> list[str]:
    """Watch the picture helpers: a legend card narrower than its lines, or a tag on the sea that does not fit
    inside the window kept, is something cut off; the list returned names each one."""
    cut: list[str] = []
    legend, image = rules_pictures.legend, rules_pictures.Sea.image

    def watched_legend(lines, width):
        inner = rules_pictures.column(lines, theme.px(8))
        if inner.get_width() + 2 * theme.px(10) > width:
            cut.append(f"legend {inner.get_width()} in {width}")
        return legend(lines, width)

    def watched_image(sea, names=False):
        for _, rect in sea.labels:
            if not sea.crop.contains(rect):
                cut.append(f"tag {rect} outside {sea.crop}")
        return image(sea, names)
    monkeypatch.setattr(rules_pictures, "legend", watched_legend)
    monkeypatch.setattr(rules_pictures.Sea, "image", watched_image)
    return cut


@pytest.mark.parametrize("size", list(WINDOWS))
@pytest.mark.parametrize("language", LANGS)
@pytest.mark.parametrize("name", EIGHT_PICTURES)
def test_V11_1_the_eight_pictures_fit_both_windows_in_both_languages_with_nothing_cut_off(
        display, lang, window, monkeypatch, size, language: str, name: str) -> None:
    window(size)
    lang(language)
    width = WINDOWS[size]
    cut = _unclipped(monkeypatch)
    drawn = rules_pictures.PICTURES[name](width)          # as laid out, before any shrinking to the column
    assert drawn.get_width() <= width, f"{name} is {drawn.get_width()} wide in a {width} column: shrunk to fit"
    assert not cut, cut
    rules_page.assert_not_blank(drawn, name, width)
    caption = theme.wrap_text(tr(f"pirateer.rules.picture.{name}.caption"), theme.font("text", 16), width)
    seen = drawn.get_height() + len(caption) * theme.font("text", 16).get_linesize()
    view = {(1280, 720): 512, (960, 540): 385}[size]      # the rules panel's view (RulesScene.layout)
    assert seen <= view, f"{name} and its caption ({seen} px) do not fit the page's view ({view} px) at once"


@pytest.mark.parametrize("size", list(WINDOWS))
@pytest.mark.parametrize("language", LANGS)
def test_V11_1_the_eight_section_is_drawn_on_the_rules_page(app, lang, size, language: str) -> None:
    from game.scenes.rules import rules_picture
    scene = rules_page.scrolled_rules_scene(app, "pirateer", size, language)
    width = scene.panel.content_rect.w
    assert width == WINDOWS[size]
    assert scene.panel.content_rect.h >= {(1280, 720): 512, (960, 540): 385}[size]
    for name in EIGHT_PICTURES:
        img = rules_picture(scene.entry, name, width)
        assert img is not None and img.get_width() <= width, name
    text = page_text(language)
    lang(language)
    assert all(tr(k) in text for k in EIGHT_KEYS)


def test_V11_1_rules_picture_shows_eight_harbours_on_two_boards() -> None:
    s = rules_pictures.eight_sea_state()
    assert s.board.name == "pirateer-8" and len(s.board.islands) == 2
    assert sorted(f for fs in s.seat_factions for f in fs) == sorted(h.name for h in s.board.harbours)
    assert len(s.board.harbours) == 8


def test_V11_2_rules_picture_puts_both_treasures_on_the_coins_island() -> None:
    s = rules_pictures.eight_sea_state()
    assert s.setup.island == "A" and set(s.treasures.values()) == {ISLAND} and len(s.treasures) == 2


@pytest.mark.parametrize("language", LANGS)
def test_V11_1_the_eight_text_names_every_harbour_as_the_table_does(lang, language: str) -> None:
    lang(language)
    text = " ".join(tr(k) for k in EIGHT_KEYS)
    for h in rules_pictures.eight_sea_state().board.harbours:
        assert tr(f"pir.faction.{h.name}") in text, (language, h.name)
    assert tr("pir.opt.fantastic-eight") in text and tr("pir.opt.factions.preset") in text


def test_V11_4_rules_picture_plays_four_dice_each_one_move() -> None:
    ex = rules_pictures.EXAMPLES["eight-dice"]
    assert len(ex.dice) == 4 and len(ex.marks) == 4
    assert [len(m.steps) for m in ex.marks] == [1, 2, 3, 4]          # every move asked of the engine in turn
    assert all(m.steps == ex.marks[-1].steps[:len(m.steps)] for m in ex.marks)
    s = rules_pictures.state_of(ex)
    assert s.need == 4                                                # R11 over all four: all four must be played
    for st in ex.marks[-1].steps:
        s.apply(Move(s.current, st.ids, st.direction, st.die))
    assert sorted(st.die for st in ex.marks[-1].steps) == sorted(ex.dice)
    assert s.current != rules_pictures.state_of(ex).current or all(s.used)


def test_VJ_rules_picture_sails_through_the_inner_strait_onto_board_B() -> None:
    ex = rules_pictures.EXAMPLES["eight-dice"]
    s = rules_pictures.state_of(ex)
    first = ex.marks[0].steps[0]
    start = s.ships[first.ids[0]]
    path = s.board.ray(start, first.direction, first.die)
    assert start == (15, 14) and first.direction == "SW" and first.die == 3
    assert set(path) & set(s.board.inner_straits) and path[-1] == (15, 17)
    assert s.board.square_name(path[-1]) == "BB15"


@pytest.mark.parametrize("language", LANGS)
def test_V11_4_the_dice_caption_names_the_squares_as_the_board_prints_them(lang, language: str) -> None:
    ex = rules_pictures.EXAMPLES["eight-dice"]
    s = rules_pictures.state_of(ex)
    lang(language)
    caption = tr("pirateer.rules.picture.eight-dice.caption")
    names = [s.board.square_name(s.ships[sh]) for sh in sorted(s.ships) if "pirates-a" in sh]
    for st in ex.marks[-1].steps:
        s.apply(Move(s.current, st.ids, st.direction, st.die))
        names.append(s.board.square_name(s.ships[st.ids[0]]))
    names.append(s.board.square_name(s.board.inner_straits[0]))
    for n in names:
        assert re.search(rf"\b{n}\b", caption), (language, n, caption)


def test_V11_5_rules_picture_boarding_takes_both_treasures(lang) -> None:
    ex = rules_pictures.EXAMPLES["eight-boarding"]
    s, reason = rules_pictures.verdict(ex, ex.marks[0])
    assert reason is None
    for language in LANGS:                                            # the squares as the board prints them
        lang(language)
        caption = tr("pirateer.rules.picture.eight-boarding.caption")
        assert "M9" in caption and "P12" in caption and s.board.square_name(s.ships["ship-spanish-a-1"]) == "M9"
    victim = "ship-french-a-1"
    assert [t for t, p in s.treasures.items() if p == victim] == ["treasure-1", "treasure-2"]
    st = ex.marks[0].steps[0]
    s.apply(Move(s.current, st.ids, st.direction, st.die))
    assert victim not in s.ships
    assert set(s.treasures.values()) == {"ship-spanish-a-1"} and len(s.treasures) == 2


def test_V11_6_rules_picture_one_treasure_home_wins(lang) -> None:
    ex = rules_pictures.EXAMPLES["eight-win"]
    s, reason = rules_pictures.verdict(ex, ex.marks[0])
    assert reason is None
    st = ex.marks[0].steps[0]
    s.apply(Move(s.current, st.ids, st.direction, st.die))
    assert s.is_over() and s.winners == [s.controller("spanish-a")] and s.how.key == "pir.how.treasure_one"
    assert ISLAND in s.treasures.values()                            # the other treasure never left the island
    assert s.board.square_name(ex.ships["SpA1"]) == "G4" and s.board.square_name(s.ships["ship-spanish-a-1"]) == "C8"
    for language in LANGS:
        lang(language)
        caption = tr("pirateer.rules.picture.eight-win.caption")
        assert "G4" in caption and "C8" in caption, (language, caption)


@pytest.mark.parametrize("language", LANGS)
def test_V11_7_the_text_gives_the_engines_clockwise_order(lang, language: str) -> None:
    from game.games.pirateer.rules import EIGHT, ChooseFaction as Choose
    s = RULES.new_game(8, {EIGHT: True}, 3)
    for h in ("barbary-b", "spanish-a", "pirates-b", "french-a", "spanish-b", "french-b", "barbary-a", "pirates-a"):
        s.apply(Choose(s.current, h))
    ring = [s.seat_factions[seat][0] for seat in s.setup.order]
    k = ring.index("spanish-a")
    ring = ring[k:] + ring[:k]
    lang(language)
    text = tr("pir.rulebook.eight.order")
    at = [text.index(tr(f"pir.faction.{f}")) for f in ring]
    assert at == sorted(at), (language, ring, text)


@pytest.mark.parametrize("language", LANGS)
def test_V11_7_the_text_keeps_each_fleets_forbidden_direction(lang, language: str) -> None:
    from game.games.pirateer.moves import forbidden
    s = rules_pictures.eight_sea_state()
    ctx = s.ctx()
    assert forbidden(ctx.d("spanish-b"), "SE") and forbidden(ctx.d("spanish-a"), "SE")
    lang(language)
    assert tr("pir.dir.SE") in tr("pir.rulebook.eight.order")


@pytest.mark.parametrize("language", LANGS)
def test_the_eight_text_says_what_it_cannot_be_combined_with_as_the_setup_refuses(lang, language: str) -> None:
    """Section 6.13: every option the setup refuses beside the fantastic eight is named (the modes by their own
    section), and so is every one it combines with."""
    from game.games.pirateer.rules import EIGHT, MODES
    lang(language)
    text = tr("pir.rulebook.eight.combine")
    for opt in RULES.options:
        if opt.key in (EIGHT, "factions", "factions-2p") or opt.kind != "bool":
            continue
        refused = bool(RULES.check(6, {EIGHT: True, opt.key: True}))
        if opt.key in MODES:
            assert refused, opt.key                               # the modes: "the team and side games above"
            continue
        assert tr(opt.label) in text, (language, opt.key)
        if refused:
            assert any(p.key == "opt.err.excludes" for p in RULES.check(6, {EIGHT: True, opt.key: True}))
            assert text.index(tr(opt.label)) < text.index(";"), (language, opt.key, "named as refused")
        else:
            assert text.index(tr(opt.label)) > text.index(";"), (language, opt.key, "named as combining")
