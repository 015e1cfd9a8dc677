"""No text is drawn smaller than the theme's smallest readable size (issue 20, item 9).

Every font the app makes goes through ``pygame.font.Font``; here that class is replaced by one that remembers
its pixel size and records every string it renders. Every scene is then drawn in the smallest window the app
allows (where the scale, and so every size, is smallest) and in the design window: the menus and forms, each
game's setup, rules, results and pause, and each table with two and four seats as it opens and after the bots'
first moves. A string rendered in a font below ``theme.MIN_TEXT_PX`` fails, named with its size and scene."""
from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

from game import games
from game.ui import theme
from tests.app.conftest import app, frames, start_table  # noqa: F401 - the app fixture
from tests.app.test_window_sizes import game_forms, open_at, size_id

PLAYABLE = [e.id for e in games.catalog() if e.available]


def where(frame) -> str:
    """The first caller outside the theme's text functions: the code that chose the size."""
    while frame is not None and frame.f_code.co_filename.endswith(("theme.py", "test_text_size.py")):
        frame = frame.f_back
    if frame is None:
        return "?"
    return f"{Path(frame.f_code.co_filename).name}:{frame.f_lineno} {frame.f_code.co_name}"


class Rendered:
    def __init__(self) -> None:
        self.small: dict[tuple[str, int, str], str] = {}   # (text, px, scene) -> the code that drew it
        self.count = 0
        self.scene = ""


def record_renders(monkeypatch) -> Rendered:
    seen = Rendered()
    base = pygame.font.Font

    class RecordingFont(base):
        def __init__(self, file, size=20, *args, **kwargs):
            super().__init__(file, size, *args, **kwargs)
            self.px = int(size)

        def render(self, text, *args, **kwargs):
            caller = sys._getframe(1)
            if str(text).strip() and caller.f_code.co_name != "font_px":   # not font_px's probe of a new font
                seen.count += 1
                if self.px < theme.MIN_TEXT_PX:
                    seen.small[(str(text)[:40], self.px, seen.scene)] = where(caller)
            return super().render(text, *args, **kwargs)

    monkeypatch.setattr(pygame.font, "Font", RecordingFont)
    theme.clear_caches()               # every font made again, as a RecordingFont
    monkeypatch.setattr(theme, "_TEXTS_MAX", 0)   # no rendered line served from the cache: each is rendered
    return seen


def draw_top(app, seen: Rendered, what: str) -> None:
    seen.scene = f"{what} at {size_id(app.screen.get_size())}"
    theme._texts.clear()
    for scene in app.stack.visible():
        scene.mark_dirty()
    app.stack.top.draw(app.screen)
    frames(app, 1)


def report(seen: Rendered) -> str:
    by_code: dict[str, list[str]] = {}
    for (text, px, scene), code in sorted(seen.small.items()):
        by_code.setdefault(code, []).append(f"{px} px {text!r} in {scene}")
    lines = [f"{code} ({len(found)}): " + "; ".join(found[:4]) for code, found in sorted(by_code.items())]
    return f"{len(seen.small)} strings drawn below {theme.MIN_TEXT_PX} px, by the code that drew them:\n" + "\n".join(lines)


@pytest.fixture
def fresh_fonts():
    yield
    theme.clear_caches()


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)], ids=size_id)
def test_no_menu_or_form_text_is_drawn_below_the_smallest_readable_size(app, monkeypatch, fresh_fonts, size):
    from game.scenes.credits import CreditsScene
    from game.scenes.menu import MenuScene
    from game.scenes.pause import PauseScene
    from game.scenes.settings import SettingsScene
    from game.i18n import set_language
    seen = record_renders(monkeypatch)
    for lang in ("en", "it"):
        set_language(lang)
        open_at(app, size, MenuScene(app))
        draw_top(app, seen, f"menu ({lang})")
        for name, make in (("settings", lambda: SettingsScene(app)), ("credits", lambda: CreditsScene(app))):
            open_at(app, size, make())
            draw_top(app, seen, f"{name} ({lang})")
            app.stack.pop()
        for what in game_forms(app, size):
            draw_top(app, seen, f"{what} ({lang})")
        for game_id in PLAYABLE:
            table = start_table(app, game_id, ["human", "easy"])
            open_at(app, size, PauseScene(app, table))
            draw_top(app, seen, f"pause {game_id} ({lang})")
            app.stack.pop()
            app.stack.pop()
        app.stack.pop()
    assert seen.count > 500, f"only {seen.count} strings rendered: the recorder sees nothing"
    assert not seen.small, report(seen)


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("game_id", PLAYABLE)
@pytest.mark.parametrize("size", [(960, 540), (1280, 720)], ids=size_id)
def test_no_table_text_is_drawn_below_the_smallest_readable_size(app, monkeypatch, fresh_fonts, size, game_id, seats):
    from game.scenes.menu import MenuScene
    seen = record_renders(monkeypatch)
    open_at(app, size, MenuScene(app))
    start_table(app, game_id, ["human"] + ["easy"] * (seats - 1), seed=7)
    for _ in range(4):  # the table as it opens, then after the bots' moves
        draw_top(app, seen, f"{game_id} with {seats}")
        frames(app, 40)
    assert seen.count > 20, f"only {seen.count} strings rendered: the recorder sees nothing"
    assert not seen.small, report(seen)
