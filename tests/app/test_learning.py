"""Learning to play, for every game in the catalog (issue 15): a game that is playable from the menu has a
lesson, and its rules page has the pictures a newcomer needs and names every option the setup offers.

A game added later is covered by being registered: a failure here is a gap in the game, not in this test."""
from __future__ import annotations

import pygame
import pytest

from game import games
from game.i18n import has_key, set_language, tr

PLAYABLE = [e for e in games.catalog() if e.available]
PICTURES = ("setup", "legal", "illegal", "scoring")   # the minimum: a setup, both moves, a scoring


@pytest.fixture
def english():
    yield
    set_language("en")


def test_every_playable_game_is_in_this_list() -> None:
    assert {e.id for e in PLAYABLE} >= {"playa-pirata", "pirateer", "island-race"}


@pytest.mark.parametrize("entry", PLAYABLE, ids=lambda e: e.id)
def test_every_playable_game_has_a_lesson_covering_its_moves_and_scoring(entry) -> None:
    from game.scenes.coach import tutorial_of
    tutorial = tutorial_of(entry)
    assert tutorial is not None, f"{entry.id}: no Learn to play lesson"
    assert tutorial.game_id == entry.id
    assert tutorial.scoring is not None and tutorial.action_types
    assert tutorial.seats[0][1] == "human" and any(kind != "human" for _, kind in tutorial.seats)
    kinds = {t.kind for t in entry.package.rules.action_types}
    assert set(tutorial.action_types) <= kinds



@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("entry", PLAYABLE, ids=lambda e: e.id)
def test_every_text_of_every_lesson_is_in_both_catalogs_compiled_and_filled(entry, lang, english) -> None:
    from game.scenes.coach import tutorial_of
    tutorial = tutorial_of(entry)
    keys = {name for name, _ in tutorial.seats if "." in name}
    keys |= {tutorial.title.key} if tutorial.title is not None else set()
    for step in tutorial.steps:
        keys |= {t.key for t in (step.say, step.after) if t is not None}
    missing = sorted(k for k in keys if not has_key(k, lang))
    assert not missing, f"{entry.id} ({lang}): {missing}"
    set_language(lang)
    texts = [tr(k) for k in keys]
    assert all(t and t not in keys and "{" not in t for t in texts)      # compiled, placeholders filled
    assert len(set(texts)) >= len(keys) - 4                             # "End turn" steps may repeat


@pytest.mark.parametrize("entry", PLAYABLE, ids=lambda e: e.id)
def test_every_playable_games_rules_page_has_its_pictures_with_captions(entry) -> None:
    pygame.init()
    from game.scenes.rules import rules_picture
    from game.ui import theme
    theme.clear_caches()      # fonts cached before an earlier test quit pygame are dead
    summary = entry.package.rules_summary
    names = [k[1:] for k in summary if k.startswith("@")]
    assert set(PICTURES) <= set(names), f"{entry.id}: rules pictures missing: {set(PICTURES) - set(names)}"
    for name in names:
        picture = rules_picture(entry, name, 600)
        assert picture is not None, f"{entry.id}: picture {name} fails to draw"
        assert 0 < picture.get_width() <= 600 and picture.get_height() > 0
        caption = f"{entry.pkg}.rules.picture.{name}.caption"
        for lang in ("en", "it"):
            assert has_key(caption, lang), f"{entry.id}: {caption} missing in {lang}"
    for key in summary:
        if not key.startswith("@"):
            for lang in ("en", "it"):
                assert has_key(key, lang), f"{entry.id}: rules paragraph {key} missing in {lang}"


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("entry", PLAYABLE, ids=lambda e: e.id)
def test_every_option_the_setup_offers_is_explained_on_the_rules_page(entry, lang, english) -> None:
    set_language(lang)
    text = "\n".join(tr(k) for k in entry.package.rules_summary if not k.startswith("@")).casefold()
    for option in entry.package.rules.options:
        label = tr(option.label).casefold()
        assert label in text, f"{entry.id} ({lang}): the rules page never names the option {label!r}"
