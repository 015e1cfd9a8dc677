"""Playa Pirata's rules page (issue 15, item 3): its pictures draw at every column width without spilling,
say what the engine says (the legal move is legal, the illegal one is refused with the reason its caption
quotes, the scores add up as the engine counts them), and the text names every card, board feature and
option of the game in both languages. The real rules scene draws it in both languages at the smallest and
the usual window and scrolls to its end."""
from __future__ import annotations

import pygame
import pytest

from game import games
from game.games.playa_pirata import RULES_SUMMARY, rules_pictures
from game.games.playa_pirata.cards import PIRATE_KINDS, SPECIAL_IDS, TREASURE_KIND
from game.games.playa_pirata.rules import RULES
from game.i18n import has_key, set_language, tr
from tests.app.conftest import app, frames  # noqa: F401 - the app fixture

PICTURES = [k[1:] for k in RULES_SUMMARY if k.startswith("@")]
WIDTHS = (520, 700, 860)
LANGUAGES = ("en", "it")


@pytest.fixture
def lang():
    yield
    set_language("en")


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    from game.ui import theme
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1280, 720))
    yield
    theme.clear_caches()  # the app test quits pygame: its fonts must not outlive this module


def caption_key(name: str) -> str:
    return f"playa_pirata.rules.picture.{name}.caption"


def colours(surface: pygame.Surface) -> set[tuple[int, int, int]]:
    w, h = surface.get_size()
    return {tuple(surface.get_at((x, y)))[:3] for x in range(0, w, 7) for y in range(0, h, 7)}


def page_text(language: str) -> str:
    set_language(language)
    return "\n".join(tr(k) for k in RULES_SUMMARY if not k.startswith("@")).casefold()


# --- the pictures ------------------------------------------------------------------------------------
def test_the_page_has_the_pictures_a_newcomer_needs_one_per_special_card_and_no_unknown_one() -> None:
    assert {"box", "setup", "turn", "legal", "illegal", "pirates", "beach", "scoring", "specials"} <= set(PICTURES)
    assert {card.removeprefix("special-") for card in SPECIAL_IDS} <= set(PICTURES)
    assert set(PICTURES) == set(rules_pictures.PICTURES)          # none drawn that the page never shows
    with pytest.raises(KeyError):
        rules_pictures.picture("no-such-picture", 700)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", PICTURES)
def test_every_picture_draws_at_every_column_width_with_its_caption(name, language, lang) -> None:
    set_language(language)
    for width in WIDTHS:
        picture = rules_pictures.picture(name, width)
        assert 0 < picture.get_width() <= width, f"{name} at {width}: {picture.get_width()} px wide"
        assert 80 <= picture.get_height() <= width, f"{name} at {width}: {picture.get_height()} px high"
        assert len(colours(picture)) > 20, f"{name} at {width}: nearly blank"
    assert has_key(caption_key(name), language)


def test_the_pictures_are_the_same_every_time() -> None:
    for name in ("setup", "scoring", "specials"):
        a, b = rules_pictures.picture(name, 700), rules_pictures.picture(name, 700)
        assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_the_legal_move_shown_is_among_the_legal_actions_and_ends_with_the_lowest_card_on_top() -> None:
    h = rules_pictures.move_position()
    assert rules_pictures.legal_action() in h.legal_actions()
    h.apply(rules_pictures.legal_action())
    top = h.beach[rules_pictures.MOVE_TARGET].top
    assert top is not None and top.startswith("towel-red-1")      # the caption: the 1 ends on top


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_illegal_move_shown_is_refused_with_the_reason_its_caption_quotes(language, lang) -> None:
    set_language(language)
    h = rules_pictures.move_position()
    assert rules_pictures.illegal_action() not in h.legal_actions()
    reason = h.check(rules_pictures.illegal_action())
    assert reason is not None and reason.key == "pp.reason.too_low"
    assert tr(reason) in tr(caption_key("illegal"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_turn_shown_is_played_by_the_engine_and_its_third_treasure_refused_as_quoted(language, lang) -> None:
    set_language(language)
    h = rules_pictures.turn_position()
    plays = rules_pictures.turn_plays()
    for action, ok in plays[:-1]:
        assert ok and h.canonical(action) in h.legal_actions(), action
        h.apply(action)
    third, ok = plays[-1]
    reason = h.check(third)
    assert not ok and reason is not None and reason.key == "pp.reason.two_treasures"
    assert tr(reason) in tr(caption_key("turn"))


def test_the_pirate_cards_shown_are_played_where_the_engine_allows() -> None:
    for kind, target in rules_pictures.PIRATE_PLAYS:
        h = rules_pictures.pirates_position()
        action = rules_pictures.PlayPirate(rules_pictures.RED, f"pirate-red-{kind}", target)
        assert h.check(action) is None, f"{kind} on #{target + 1}"
    kinds = [kind for kind, _ in rules_pictures.PIRATE_PLAYS]
    assert sorted(kinds) == sorted(PIRATE_KINDS)


def test_the_scoring_example_adds_up_as_the_engine_scores_it_and_as_its_caption_says() -> None:
    h = rules_pictures.scored_hand()
    red = rules_pictures.RED
    assert h.scores is not None and h.scores[red] == 25
    assert sum(v for _, v in h.score_rows(red)) == 25
    rows = dict(h.score_rows(red))
    assert (rows["pp.score.numbers"], rows["pp.score.towel_treasure"], rows["pp.score.skulls"],
            rows["pp.score.towels_left"]) == (7, 6, 10, 2)
    for language in LANGUAGES:
        set_language(language)
        assert "25" in tr(caption_key("scoring"))
    set_language("en")


def test_every_special_card_picture_shows_plays_the_engine_allows_or_refuses_as_drawn() -> None:
    plays = rules_pictures.special_plays()
    shown = set(plays) | set(rules_pictures.special_scores())
    assert shown == set(SPECIAL_IDS)
    for card, (h, moves) in plays.items():
        h = h.clone()
        for action, ok in moves:
            reason = h.check(action)
            assert (reason is None) == ok, f"{card}: {action} {'refused: ' + tr(reason) if reason else 'allowed'}"
            if ok:
                h.apply(action)
    flagged = plays["special-flag"][1]
    assert all(plays["special-flag"][0].check(a).key == "pp.reason.flagged" for a, _ in flagged)
    double_refused = plays["special-double-towel"][0].check(plays["special-double-towel"][1][0][0])
    assert double_refused is not None and dict(double_refused.params)["rule"].key == "pp.reason.rule_double"


def test_the_kept_cards_pictures_score_what_their_captions_say() -> None:
    scored = rules_pictures.special_scores()
    red = rules_pictures.RED
    sandcastle = dict(scored["special-sandcastle"].score_rows(red))
    assert sandcastle["pp.score.towels_left"] + sandcastle["pp.score.sandcastle"] == 7
    assert dict(scored["special-skeleton"].score_rows(red))["pp.score.skeleton"] == 3
    assert dict(scored["special-wave"].score_rows(red))["pp.score.wave"] == 3


# --- the text ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_paragraph_is_in_both_catalogs_and_headings_come_first(language) -> None:
    texts = [k for k in RULES_SUMMARY if not k.startswith("@")]
    for key in texts:
        assert has_key(key, language), f"{key} missing in {language}"
    assert RULES_SUMMARY[0].endswith(".h")
    set_language(language)
    headings = [tr(k) for k in texts if k.endswith(".h")]
    assert all(h.startswith("# ") for h in headings) and len(headings) >= 12
    assert not any(tr(k).startswith("# ") for k in texts if not k.endswith(".h"))
    set_language("en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_text_names_every_card_kind_special_card_and_option_as_the_game_names_them(language, lang) -> None:
    text = page_text(language)
    names = [tr(f"pp.special.{card.removeprefix('special-')}") for card in SPECIAL_IDS]
    names += [tr(f"pp.pirate.{kind}") for kind in PIRATE_KINDS]
    names += [tr(f"pp.treasure.{kind}") for kind in sorted(set(TREASURE_KIND.values()) - {"number"})]
    for option in RULES.options:
        names.append(tr(option.label))
        names += [tr(label) for label in option.choice_labels]
    names += [tr(key) for key in ("pp.ui.show", "pp.ui.end_turn", "pp.ui.discard")]
    missing = [name for name in names if name.casefold() not in text]
    assert not missing, f"the rules page ({language}) never names {missing}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_special_card_has_its_own_paragraph_and_picture_in_that_order(language, lang) -> None:
    set_language(language)
    for card in SPECIAL_IDS:
        short = card.removeprefix("special-")
        key = f"pp.rulebook.special.{short}"
        assert key in RULES_SUMMARY
        assert RULES_SUMMARY[RULES_SUMMARY.index(key) + 1] == f"@{short}"
        assert tr(key).casefold().startswith(tr(f"pp.special.{short}").casefold())


# --- the page on screen ------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_scene_draws_the_page_and_scrolls_to_its_end(app, size, language, lang) -> None:  # noqa: F811
    from game.scenes.rules import RulesScene
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    frames(app, 1)
    set_language(language)
    scene = RulesScene(app, games.get("playa-pirata"))
    app.stack.push(scene, fade=False)
    frames(app, 2)
    area = scene.panel.content_rect
    page = scene.page(area.w)
    assert page.get_width() == area.w
    every_picture = sum(rules_pictures.picture(name, area.w).get_height() for name in PICTURES)
    assert page.get_height() > every_picture                       # every picture is on it, none failed
    for _ in range(400):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
        frames(app, 1)
        if scene.scroll >= scene.content_h - area.h:
            break
    assert scene.content_h == page.get_height()
    assert scene.scroll == scene.content_h - area.h > 0            # at the end of the page
    scene.draw(app.screen)
    assert len(colours(app.screen.subsurface(area))) > 20
