"""Pirates, Planks & Pesetas' rules page: the pictures (drawn from the game's sprites, every move on them asked
of the engine), the text (every part of the game, every option and the variant named, in both languages)
and the page on screen."""
from __future__ import annotations

import pytest

from game.games.planks import GAME, RULES_SUMMARY, rules_pictures
from game.games.planks.rules import (BIG, RULES, ChooseColours, EndTurn, GiveTreasure, KeepTreasure, Move,
                                     PlaceChests, PlacePirates, Rescue, line_length)
from game.i18n import tr
from tests.app.conftest import app  # noqa: F401  (the headless App fixture)
from tests.support import rules_page

PICTURES = [k[1:] for k in RULES_SUMMARY if k.startswith("@")]
LANGS = ("en", "it")

display, lang = rules_page.display, rules_page.lang     # the fixtures


def page_text(language: str) -> str:
    return rules_page.page_text(RULES_SUMMARY, language)


# -- the pictures ----------------------------------------------------------------------------------
def test_the_page_has_the_pictures_the_brief_asks_for() -> None:
    assert {"setup", "jump", "legal", "illegal", "push", "rescue", "board", "scoring", "draw", "chests-move",
            "end", "two-players", "options", "feel-draw"} <= set(PICTURES)
    assert set(PICTURES) == set(rules_pictures.PICTURES), "every picture drawn is on the page, and only those"
    assert GAME.rules_summary == RULES_SUMMARY


class TestPage(rules_page.PageTests):
    """Every picture fits its column (Italian too), is the same every time and has its caption; every action
    drawn is what the engine says; every option (the variant too) is named; the rules scene draws them all and
    scrolls."""
    game_id, rules, summary, pictures = "planks", RULES, RULES_SUMMARY, rules_pictures
    caption, again, italian_widths = "planks.rules.picture.{}.caption", "legal", (609,)


# -- what the pictures show agrees with the engine --------------------------------------------------
def test_every_picture_with_a_move_has_its_example() -> None:
    assert set(rules_pictures.EXAMPLES) == set(PICTURES)
    kinds = {type(a) for ex in rules_pictures.EXAMPLES.values() for m in ex.marks for a in m.actions}
    assert {Move, Rescue, EndTurn, GiveTreasure, KeepTreasure, PlaceChests, PlacePirates, ChooseColours} <= kinds
    assert kinds <= set(RULES.action_types)


def test_the_legal_picture_shows_a_move_the_game_offers_to_a_big_chest() -> None:
    ex = rules_pictures.EXAMPLES["legal"]
    s = rules_pictures.state_of(ex)
    move = ex.marks[0].actions[0]
    assert move in s.legal_actions()
    s.apply(move)
    plank = s.plank_of(move.pirate)
    chest = s.chest_on(plank)
    assert chest in BIG and s.planks[plank][-1] == move.pirate           # at the back of a big chest's plank
    assert [w for c, _, w, _ in s.chest_winners() if c == chest] == [move.pirate]


def test_the_illegal_picture_refuses_a_six_plank_jump_and_a_second_move() -> None:
    ex = rules_pictures.EXAMPLES["illegal"]
    far, again = ex.marks[1], ex.marks[2]
    assert far.actions[-1].steps == 6
    assert again.actions[-1].pirate == again.actions[0].pirate and again.actions[-1].direction == -1


# pictures that letter a refusal with the engine's reason, and the caption quoting it
REFUSED = ["illegal", "rescue", "board", "draw", "feel-draw"]


@pytest.mark.parametrize("name", REFUSED)
@pytest.mark.parametrize("language", LANGS)
def test_a_refused_action_is_captioned_with_the_reason_the_game_gives(lang, name: str, language: str) -> None:
    ex = rules_pictures.EXAMPLES[name]
    refused = [m for m in ex.marks if not m.ok]
    assert refused
    lang(language)
    caption = tr(f"planks.rules.picture.{name}.caption")
    for mark in refused:
        _, reason = rules_pictures.verdict(ex, mark)
        assert tr(reason) in caption, (language, tr(reason), caption)


def test_the_push_picture_pushes_the_front_pirate_and_the_jump_over_pushes_nobody() -> None:
    ex = rules_pictures.EXAMPLES["push"]
    before = rules_pictures.state_of(ex)
    pushed = rules_pictures.played(ex, ex.marks[0])
    over = rules_pictures.played(ex, ex.marks[1])
    front = before.planks[3][0]
    assert front in pushed.island and pushed.planks[3][-1] == ex.marks[0].actions[0].pirate
    assert over.planks[3] == before.planks[3] and over.island == before.island


def test_the_rescue_picture_costs_two_plus_the_planks_after_the_ladder() -> None:
    ex = rules_pictures.EXAMPLES["rescue"]
    s = rules_pictures.played(ex, ex.marks[0])
    rescue = ex.marks[0].actions[0]
    assert s.spent == 2 + rescue.steps == 4 and s.plank_of(rescue.pirate) == 3


def test_the_board_picture_ends_the_round_on_the_second_clip() -> None:
    ex = rules_pictures.EXAMPLES["board"]
    s = rules_pictures.played(ex, ex.marks[2])
    assert s.round == 2 and s.scorer == 1


def test_the_scoring_picture_is_the_worked_example_of_its_paragraph() -> None:
    s = rules_pictures.state_of(rules_pictures.EXAMPLES["scoring"])
    winners = {s.chests[i] + 1: w for i, (_, _, w, _) in enumerate(s.chest_winners())}
    assert winners == {1: "pirate-blue-4", 4: "pirate-red-5", 7: "pirate-green-1", 10: "pirate-blue-1"}


def test_the_draw_picture_offers_the_players_with_the_fewest_treasures() -> None:
    ex = rules_pictures.EXAMPLES["draw"]
    s, _ = rules_pictures.verdict(ex, ex.marks[0])
    assert s.gift == "treasure-crown-b" and s.gift_candidates(0) == [2, 3]


def test_the_chests_move_picture_moves_every_chest_two_planks_clockwise() -> None:
    ex = rules_pictures.EXAMPLES["chests-move"]
    before = rules_pictures.state_of(ex)
    after = rules_pictures.played(ex, ex.marks[0])
    assert after.chests == [(p + 2) % 12 for p in before.chests] and after.budgets == [12] * 4


def test_the_end_picture_is_decided_by_the_longer_line() -> None:
    s = rules_pictures.state_of(rules_pictures.EXAMPLES["end"])
    assert [line_length(t) for t in s.treasures] == [28, 11, 29]
    assert s.result().winners == [2]


def test_the_two_player_picture_counts_the_turn_and_passes_the_marker() -> None:
    ex = rules_pictures.EXAMPLES["two-players"]
    s = rules_pictures.played(ex, ex.marks[0])
    assert s.counters == [2, 3] and s.current == 1 and s.marker == "treasure-crown-a"


# -- the text covers the game -----------------------------------------------------------------------
# the game's own names for its parts, as the table names them (domains planks and planks_ui): the page uses the same
PARTS = ["planks.colour.red", "planks.colour.green", "planks.colour.blue", "planks.colour.yellow"]
WORDS = {"en": ["plank", "chest", "bag", "MP", "island", "ladder", "clip", "0/1", "round", "turn counter",
                "turn marker", "movement board", "treasure", "stern", "bow", "End turn", "line"],
         "it": ["passerella", "cassa", "sacchetto", "PM", "isola", "scala", "molletta", "0/1", "manche",
                "contatore dei turni", "segnalino di turno", "plancia del movimento", "tesor", "poppa", "prua",
                "Fine turno", "fila"]}


@pytest.mark.parametrize("language", LANGS)
def test_every_part_of_the_game_is_named_with_the_games_own_words(lang, language: str) -> None:
    text = page_text(language)
    lang(language)
    for key in PARTS + ["planks.act.end"]:
        assert tr(key) in text, (language, key, tr(key))
    for word in WORDS[language]:
        assert word.casefold() in text.casefold(), (language, word)
    for chest in ("planks.chest.big", "planks.chest.small"):       # "Big chest", "Cassa grande"
        assert tr(chest).casefold() in text.casefold(), (language, tr(chest))


def test_the_paragraphs_are_short_and_headings_are_headings() -> None:
    rules_page.assert_short_paragraphs(RULES_SUMMARY, LANGS, 560)

