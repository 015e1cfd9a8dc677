"""What the rules-page tests of several games share (Planks, Spanish Main, Pirateer): the ``lang`` and
``display`` fixtures (import them into the test module), the page's text in a language, the checks that a
picture is not blank, that a drawn action is what the engine says, that the paragraphs are short and the
headings are headings, and the rules scene scrolled to the bottom; ``PageTests``, the tests themselves where
every game passes them the same way."""
from __future__ import annotations

from types import ModuleType
from typing import Any, Sequence

import pygame
import pytest

from game import games
from game.i18n import has_key, set_language, tr
from game.ui import theme


@pytest.fixture
def lang():
    yield set_language
    set_language("en")


@pytest.fixture
def display():
    """A 1280x720 window; fonts made before an earlier test quit pygame are forgotten."""
    if pygame.display.get_surface() is None or not pygame.font.get_init():
        pygame.init()
        theme.clear_caches()
        pygame.display.set_mode((1280, 720))
    yield


def page_text(summary: Sequence[str], language: str) -> str:
    """Every paragraph of the rules summary ``summary`` (pictures left out) in ``language``."""
    set_language(language)
    try:
        return "\n".join(tr(k) for k in summary if not k.startswith("@"))
    finally:
        set_language("en")


def assert_not_blank(img: pygame.Surface, name: str, width: int) -> None:
    """More than 20 colours in the picture scaled down 8 times."""
    small = pygame.transform.scale(img, (max(1, img.get_width() // 8), max(1, img.get_height() // 8)))
    colours = {tuple(small.get_at((x, y)))[:3] for x in range(small.get_width()) for y in range(small.get_height())}
    assert len(colours) > 20, f"{name} at {width}: only {len(colours)} colours"


def assert_mark_agrees(rules_pictures: ModuleType, name: str, k: int) -> None:
    """Mark ``k`` of the example ``name`` is legal, or refused with its reason, as the engine says."""
    ex = rules_pictures.EXAMPLES[name]
    mark = ex.marks[k]
    _, reason = rules_pictures.verdict(ex, mark)
    if mark.ok:
        assert reason is None, f"{name}: drawn legal, the engine says {reason}"
    else:
        assert reason is not None and reason.key == mark.reason, f"{name}: the engine says {reason}"


def assert_short_paragraphs(summary: Sequence[str], langs: Sequence[str], longest: int,
                            catalog: bool = True) -> None:
    """Every paragraph is translated (in the language's own catalog when ``catalog``), shorter than ``longest``
    characters, and a heading exactly when its key ends in ``.h``."""
    for language in langs:
        set_language(language)
        try:
            for key in summary:
                if key.startswith("@"):
                    continue
                text = tr(key)
                assert (not catalog or has_key(key, language)) and text != key, (language, key)
                assert key.endswith(".h") == text.startswith("# "), (language, key)
                assert len(text) < longest, (language, key, len(text))
        finally:
            set_language("en")


def scrolled_rules_scene(app: Any, game_id: str, size: tuple[int, int], language: str) -> Any:
    """The rules scene of ``game_id`` in a ``size`` window, drawn, checked taller than its panel, paged down to
    the bottom and drawn again."""
    from game.scenes.rules import RulesScene
    pygame.display.set_mode(size)
    set_language(language)
    scene = RulesScene(app, games.get(game_id))
    screen = pygame.display.get_surface()
    scene.layout(screen.get_rect())
    scene.draw(screen)
    width = scene.panel.content_rect.w
    page = scene.page(width)
    assert page.get_width() == width and scene.content_h > scene.panel.content_rect.h
    for _ in range(400):
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
    scene.draw(screen)
    assert scene.scroll == scene.content_h - scene.panel.content_rect.h
    return scene


class PageTests:
    """The rules-page tests every game with a ``rules_pictures`` module passes the same way. A game's test module
    subclasses it (``class TestPage(rules_page.PageTests)``) and sets ``game_id``, ``rules`` (its RULES),
    ``summary`` (its RULES_SUMMARY), ``pictures`` (its rules_pictures module), ``caption`` (a picture's caption key, ``{}`` for its
    name), ``again`` (the picture drawn twice) and ``italian_widths``; the module needs the ``display``, ``lang``
    and ``app`` fixtures."""
    game_id: str
    rules: Any
    summary: Sequence[str]
    pictures: ModuleType
    caption: str
    again: str
    widths = (520, 609, 700, 812, 860)   # the page's column at 960x540 and at 1280x720, and the widths around them
    italian_widths: Sequence[int] = (520, 812)
    langs = ("en", "it")

    def pytest_generate_tests(self, metafunc: Any) -> None:
        """Each test's arguments: every picture on the page (``name``), ``width``, ``italian_width``,
        ``language``, the window ``size`` and every action drawn (``mark``: the example's name and the mark)."""
        marks = [(n, k) for n, ex in self.pictures.EXAMPLES.items() for k in range(len(ex.marks))]
        values = {"name": self.names(), "width": self.widths, "italian_width": self.italian_widths,
                  "language": self.langs, "size": [(1280, 720), (960, 540)], "mark": marks}
        for arg, vals in values.items():
            if arg in metafunc.fixturenames:
                metafunc.parametrize(arg, vals, ids=[f"{v[0]}-{v[1]}" if isinstance(v, tuple) else str(v)
                                                     for v in vals])

    def names(self) -> list[str]:
        return [k[1:] for k in self.summary if k.startswith("@")]

    def test_each_picture_fits_its_column_and_is_not_blank(self, display, name: str, width: int) -> None:
        img = self.pictures.picture(name, width)
        assert 0 < img.get_width() <= width and img.get_height() > 40
        assert img.get_height() <= 0.66 * width, "a picture taller than the page's view cannot be seen at once"
        assert_not_blank(img, name, width)

    def test_each_picture_is_drawn_in_italian_too(self, display, lang, name: str, italian_width: int) -> None:
        lang("it")
        img = self.pictures.picture(name, italian_width)
        assert 0 < img.get_width() <= italian_width and img.get_height() <= 0.66 * italian_width

    def test_a_picture_is_the_same_every_time(self, display) -> None:
        a, b = self.pictures.picture(self.again, 700), self.pictures.picture(self.again, 700)
        assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")

    def test_an_unknown_picture_is_a_key_error(self, display) -> None:
        with pytest.raises(KeyError):
            self.pictures.picture("kraken", 700)

    def test_every_picture_has_its_caption_in_both_catalogs(self, lang, language: str) -> None:
        lang(language)
        for name in self.names():
            key = self.caption.format(name)
            assert has_key(key) and tr(key) != key, (language, key)

    def test_every_action_drawn_is_what_the_engine_says(self, mark: tuple[str, int]) -> None:
        assert_mark_agrees(self.pictures, *mark)

    def test_every_option_is_named_as_the_setup_labels_it(self, lang, language: str) -> None:
        text = page_text(self.summary, language)
        lang(language)
        for opt in self.rules.options:
            assert tr(opt.label) in text, f"{language}: option {opt.key} ({tr(opt.label)!r}) is not in the rules"

    def test_the_rules_scene_draws_every_picture_and_scrolls_to_the_bottom(self, app, size, language: str) -> None:
        from game.scenes.rules import rules_picture
        scene = scrolled_rules_scene(app, self.game_id, size, language)
        entry, width = scene.entry, scene.panel.content_rect.w
        for name in self.names():   # every picture draws (none failed into the log) and fits the column
            img = rules_picture(entry, name, width)
            assert img is not None and img.get_width() <= width
