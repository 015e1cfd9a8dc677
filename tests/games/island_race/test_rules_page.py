"""Island Race's rules page: the pictures (drawn from the game's sprites, checked against the engine), their
captions, the text naming every thing of the game in both languages, and the page on screen."""
from __future__ import annotations

import pygame
import pytest

from game import games
from game.games.island_race import GAME
from game.games.island_race import rules_pictures as rp
from game.games.island_race.rules import MIX, RULES, Done, Place, Stop
from game.games.island_race.scoring import IslandScore, water_faults
from game.games.island_race.tiles import ANIMALS, TERRAINS
from game.i18n import has_key, set_language, tr
from tests.app.conftest import app, frames  # noqa: F401 - the app fixture

LANGS = ("en", "it")
NAMES = [k[1:] for k in GAME.rules_summary if k.startswith("@")]
WIDTHS = (520, 700, 860)


@pytest.fixture(autouse=True)
def fresh_fonts():
    """Fonts cached by an earlier test's app die with its ``pygame.quit()``: start and end with none cached."""
    from game.ui import theme
    theme.clear_caches()
    pygame.init()
    yield
    theme.clear_caches()


@pytest.fixture
def english():
    set_language("en")
    yield
    set_language("en")


def caption(name: str) -> str:
    return f"island_race.rules.picture.{name}.caption"


def plain(text: str) -> str:
    """The text with its no-break spaces (which keep a sum on one line) as plain spaces."""
    return text.replace("\u00a0", " ")


def page_text(lang: str) -> str:
    set_language(lang)
    return plain("\n".join(tr(k) for k in GAME.rules_summary if not k.startswith("@"))).casefold()


# --------------------------------------------------------------------------------------------------
# the pictures
# --------------------------------------------------------------------------------------------------
def test_the_page_shows_every_picture_the_module_draws_and_the_required_ones():
    assert sorted(NAMES) == sorted(rp.PICTURES)
    assert {"setup", "legal", "illegal", "scoring"} <= set(NAMES)
    with pytest.raises(KeyError):
        rp.picture("no-such-picture", 600)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", NAMES)
def test_each_picture_renders_at_every_column_width_with_its_caption(name, lang, english):
    pygame.init()
    set_language(lang)
    for width in WIDTHS:
        img = rp.picture(name, width)
        assert 0 < img.get_width() <= width and img.get_height() > 40, (name, width, img.get_size())
        step = max(1, img.get_width() // 40)
        colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, img.get_width(), step)
                   for y in range(0, img.get_height(), step)}
        assert len(colours) > 20, f"{name} at {width}: nearly blank ({len(colours)} colours)"
    assert has_key(caption(name), lang)
    assert tr(caption(name)).strip()


def test_pictures_are_deterministic(english):
    pygame.init()
    for name in ("setup", "scoring", "no_timer"):
        a, b = rp.picture(name, 700), rp.picture(name, 700)
        assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_the_setup_picture_is_a_round_before_go():
    m = rp.setup_position()
    r = m.hand
    assert r.phase == MIX and r.timer == 240 and r.size == 3
    assert sum(p is not None for p in r.pile) == 48
    assert all(p is None for g in r.grids for p in g)


def test_the_legal_move_shown_is_a_legal_action():
    r = rp.legal_position().hand
    assert Place(0, rp.LEGAL_CELL) in r.legal_actions(0)
    assert r.check(Place(0, rp.LEGAL_CELL)) is None


@pytest.mark.parametrize("lang", LANGS)
def test_the_illegal_move_shown_is_refused_with_the_reason_the_caption_quotes(lang, english):
    r = rp.illegal_position().hand
    reason = r.check(Place(0, rp.ILLEGAL_CELL))
    assert reason is not None and reason.key == "ir.reason.not_adjacent"
    assert Place(0, rp.ILLEGAL_CELL) not in r.legal_actions(0)
    set_language(lang)
    assert tr(reason) in tr(caption("illegal"))


def test_the_valid_island_is_valid_and_the_invalid_one_scores_zero():
    valid, invalid = rp.scores([rp.pieces(rp.VALID), rp.pieces(rp.INVALID)], 3, None)
    assert valid.valid and not invalid.valid and invalid.total == 0
    faults = water_faults([p.face if p else None for p in rp.pieces(rp.INVALID)], 3)
    assert faults == [((0, 1), 1)]   # the corner tile T08 shows water towards (0, 2)


def test_the_edges_picture_shows_a_match_and_a_wrong_connection():
    from game.games.island_race.positions import piece
    assert piece("T24 front r0").face.edges[1] == piece("T21 front r0").face.edges[3] != "w"
    assert piece("T22 front r0").face.edges[1] != piece("T25 front r0").face.edges[3]


def _parts(s: IslandScore) -> tuple:
    return (s.animals, s.landscape_points, s.volcano_penalty, s.empty, s.wrong, s.first_out, s.total)


@pytest.mark.parametrize("lang", LANGS)
def test_the_worked_example_is_the_engines_scoring(lang, english):
    caterina, piero = rp.scores([rp.pieces(rp.CATERINA), rp.pieces(rp.PIERO)], 3, 0)
    assert _parts(caterina) == (2, 22, 3, 0, 0, 4, 25)
    assert _parts(piero) == (4, 10, 0, 1, 2, 0, 11)
    set_language(lang)
    text = plain(tr("ir.rulebook.score.example") + "\n" + tr("ir.rulebook.score.example.piero"))
    assert "2 + 22 \u2212 3 + 4 = 25" in text and "4 + 10 \u2212 1 \u2212 2 = 11" in text
    assert "25" in tr(caption("scoring")) and "11" in tr(caption("scoring"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_floor_volcano_and_big_island_pictures_say_what_the_engine_scores(lang, english):
    (short,) = rp.scores([rp.pieces(rp.SHORT)], 3, None)
    assert (short.animals, short.landscape_points, short.volcano_penalty, short.empty, short.raw, short.total) \
        == (2, 2, 1, 6, -3, 0)
    (big,) = rp.scores([rp.pieces(rp.BIG)], 4, None)
    assert big.valid and _parts(big) == (4, 18, 2, 0, 2, 0, 18)
    vol = rp.scores([rp.grid_of(c) for c in rp.VOLCANO_ISLANDS], 3, None)
    assert all(s.valid for s in vol) and [s.volcano_penalty for s in vol] == [2, 2, 0]
    set_language(lang)
    assert "2 + 2 \u2212 1 \u2212 6 = \u22123" in plain(tr(caption("floor")))
    assert "4 + 18 \u2212 2 \u2212 2 = 18" in plain(tr(caption("big_island")))


def test_the_no_timer_picture_offers_one_more_tile_or_stop():
    m = rp.no_timer_position()
    r = m.hand
    assert Place(1, (2, 2)) in r.legal_actions(1) and Stop(1) in r.legal_actions(1)
    assert r.check(Done(1)) is not None and r.check(Done(1)).key == "ir.reason.no_done_now"
    m.apply(Place(1, (2, 2)))      # the tile shown fits: Piero's island stays valid
    assert all(s.valid for s in m.hand.compute_scores())


# --------------------------------------------------------------------------------------------------
# the text
# --------------------------------------------------------------------------------------------------
def test_every_paragraph_is_in_both_catalogs_and_headings_come_first():
    keys = [k for k in GAME.rules_summary if not k.startswith("@")]
    assert all(k.startswith("ir.rulebook.") for k in keys)
    for lang in LANGS:
        assert all(has_key(k, lang) for k in keys), lang
    assert GAME.rules_summary[0].endswith(".title")


@pytest.mark.parametrize("lang", LANGS)
def test_the_text_names_every_option_terrain_animal_and_score_line(lang, english):
    text = page_text(lang)
    things = [tr(o.label) for o in RULES.options]                       # the setup's variants, as labelled
    things += [tr(f"ir.terrain.{t}") for t in TERRAINS]                  # water and the three lands
    things += [tr(f"ir.animal.{a}") for a in ANIMALS]                    # every animal
    rows = IslandScore(True).rows()                                      # the results' score lines
    things += [tr(key) for key, _ in rows if not key.startswith("ir.score.landscapes.")]
    things += [tr("ir.ui.done"), tr("ir.ui.stop")]                       # the buttons the text names
    missing = [t for t in things if t.casefold() not in text]
    assert not missing, f"{lang}: the rules page never names {missing}"


# --------------------------------------------------------------------------------------------------
# the page on screen
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_scene_draws_and_scrolls_to_the_bottom(app, size, lang):  # noqa: F811
    from game.scenes.rules import RulesScene
    set_language(lang)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    frames(app, 1)
    scene = RulesScene(app, games.get("island-race"))
    app.stack.push(scene, fade=False)
    frames(app, 2)
    page = scene.page(scene.panel.content_rect.w)
    assert page.get_width() <= scene.panel.content_rect.w
    assert scene.content_h > scene.panel.content_rect.h        # long enough to scroll
    for _ in range(400):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
        frames(app, 1)
        if scene.scroll >= scene.content_h - scene.panel.content_rect.h:
            break
    assert scene.scroll == scene.content_h - scene.panel.content_rect.h > 0
    scene.draw(app.screen)


def test_the_closed_landscapes_picture_shows_the_engines_closed_and_open_landscapes():
    from game.games.island_race.scoring import landscapes
    closed, still_open = landscapes([p.face if p else None for p in rp.pieces(rp.PIERO)], 3)
    assert (len(closed), len(still_open)) == (5, 6)          # the caption's "five" and "six"
    into_the_gap = [land for land in still_open if any(c in ((1, 2), (2, 1)) and land.terrain == "d"
                                                        for c in land.cells)]
    assert len(into_the_gap) == 2                             # "two deserts run into the empty cell"
