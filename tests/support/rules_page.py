"""What the rules-page tests of several games share (Planks, Spanish Main, Pirateer): the ``lang`` and
``display`` fixtures (import them into the test module), the page's text in a language, the checks that a
picture is not blank, that a drawn action is what the engine says, that the paragraphs are short and the
headings are headings, and the rules scene scrolled to the bottom."""
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
