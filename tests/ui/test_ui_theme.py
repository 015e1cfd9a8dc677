"""Theme: scale, fonts, 9-slices, seat symbols, and missing or broken assets never crash."""
from __future__ import annotations

import logging
import os
from pathlib import Path

import pygame
import pytest

from game.core.protocol import LogEntry, Result, Text
from game.ui import theme
from game.ui.cards import CardSprite
from game.ui.countdown import CountdownWidget
from game.ui.dice import DiceWidget
from game.ui.logpanel import LogPanel
from game.ui.privacy import PrivacyScreen
from game.ui.results_view import ResultsView
from game.ui.widgets import Button, Choice, Panel, Slider, TextInput, Toggle


def _draw_everything(screen: pygame.Surface) -> None:
    widgets = [Button("Play", rect=pygame.Rect(10, 10, 160, 48)), Toggle("x", True, rect=pygame.Rect(10, 70, 200, 36)),
               Choice(["a", "b"], rect=pygame.Rect(10, 120, 200, 40)), Slider(rect=pygame.Rect(10, 170, 200, 36)),
               TextInput("Niccolò", pygame.Rect(10, 220, 200, 40)),
               Panel(pygame.Rect(300, 10, 200, 200), title="T"), Panel(pygame.Rect(520, 10, 200, 200), style="dark"),
               DiceWidget([1, 6], pygame.Rect(10, 300, 200, 90)), CountdownWidget(pygame.Rect(10, 400, 120, 60)),
               LogPanel(pygame.Rect(900, 10, 300, 300)),
               ResultsView(Result.from_scores([1, 2]), ["A", "B"], pygame.Rect(300, 300, 600, 300))]
    widgets[-2].add(LogEntry(0, Text.of("ui.yes")))
    for w in widgets:
        w.draw(screen)
    card = CardSprite(pygame.Rect(700, 400, 120, 168), label="K", corner="K")
    card.draw(screen)
    card.face_up, card.marked, card.dimmed, card.selected = False, True, True, True
    card.draw(screen)
    cover = PrivacyScreen()
    cover.show(0, "Anna")
    cover.draw(screen)
    theme.seat_symbol(7, 32)
    theme.background("sea", (100, 100))


def test_scale_is_one_at_720(screen):
    assert theme.scale() == pytest.approx(1.0)
    assert theme.px(48) == 48


def test_fonts_are_cached_by_role_and_size(screen):
    assert theme.font("text", 18) is theme.font("text", 18)
    assert theme.font("display", 30).get_height() > theme.font("text", 12).get_height()


def test_missing_assets_fall_back_and_warn_once(screen, tmp_path, caplog):
    theme.set_asset_root(tmp_path)  # an empty folder: every image, font and sound is missing
    try:
        with caplog.at_level(logging.WARNING, logger="game.ui"):
            assert theme.image("ui", "button.png") is None
            _draw_everything(screen)
            _draw_everything(screen)
        warnings = [r.getMessage() for r in caplog.records if "button.png" in r.getMessage()]
        assert len(warnings) == 1
    finally:
        theme.set_asset_root(None)


def test_broken_asset_files_fall_back(screen, tmp_path):
    (tmp_path / "images" / "ui").mkdir(parents=True)
    (tmp_path / "images" / "ui" / "button.png").write_bytes(b"\x89PNG broken")
    (tmp_path / "fonts").mkdir()
    from game.ui import palette
    (tmp_path / "fonts" / palette.FONT_FILES["text"]).write_bytes(b"not a font")
    theme.set_asset_root(tmp_path)
    try:
        assert theme.image("ui", "button.png") is None
        assert theme.font("text", 18) is not None
        _draw_everything(screen)
    finally:
        theme.set_asset_root(None)


def test_nine_slice_and_tiled_sizes(screen):
    src = pygame.Surface((96, 48), pygame.SRCALPHA)
    src.fill((200, 0, 0, 255))
    src.fill((0, 0, 200, 255), pygame.Rect(16, 16, 64, 16))
    out = theme.nine_slice(src, (300, 100), 16)
    assert out.get_size() == (300, 100)
    assert out.get_at((0, 0))[:3] == (200, 0, 0)  # the corner is untouched
    assert out.get_at((150, 50))[:3] == (0, 0, 200)  # the centre stretches
    assert theme.nine_slice(src, (300, 100), 16) is out  # cached
    assert theme.tiled(src, (200, 100)).get_size() == (200, 100)


def test_seat_symbols_are_tinted(screen):
    sym = theme.seat_symbol(0, 40)
    assert sym.get_size() == (40, 40)
    colours = {tuple(sym.get_at((x, y))) for x in range(40) for y in range(40)}
    opaque = [c for c in colours if c[3] > 200]
    assert opaque and all(abs(c[0] - theme.seat_colour(0)[0]) < 40 for c in opaque)
    assert theme.seat_colour(8) == theme.seat_colour(0)


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc/self/fd (Linux)")
def test_fallback_fonts_hold_no_descriptor(tmp_path, screen):
    theme.set_asset_root(tmp_path)  # no fonts at all: every role falls back to pygame's own font
    try:
        before = len(os.listdir("/proc/self/fd"))
        fonts = [theme.font_px(role, size) for role in ("display", "text", "bold") for size in range(10, 40)]
        assert all(f.get_height() > 0 for f in fonts)
        assert len(os.listdir("/proc/self/fd")) == before
    finally:
        theme.set_asset_root(None)


def test_a_window_resized_through_many_sizes_keeps_the_cached_pictures_within_their_byte_budget(screen):
    """Every size a window passes through leaves pictures in the caches (a background, a frame ...): counted by
    number alone they once grew to gigabytes in the soak's monkeys. Each cache stays within its byte budget, and
    a picture asked for again after a clear-out is made again, the same."""
    theme.clear_caches()
    cache = theme.SurfaceCache("table", 512, max_bytes=64 * 1024 * 1024)
    for i in range(60):
        size = (1600 + 37 * i, 1000 + 23 * i)           # 6-16 MB each
        theme.overlay(size, (0, 0, 0, 90))
        cache.get(("bg", size), lambda size=size: pygame.Surface(size))
        assert theme._derived_bytes <= theme.CACHE_BYTES
        assert cache.bytes <= cache.max_bytes
    held = sum(theme.surface_bytes(s) for s in theme._derived.values())
    assert held <= theme.CACHE_BYTES and theme._derived_bytes == held
    assert sum(theme.surface_bytes(s) for s in cache._surfaces.values()) == cache.bytes <= cache.max_bytes
    again = theme.overlay((1600, 1000), (0, 0, 0, 90))
    assert again.get_size() == (1600, 1000) and again.get_at((5, 5)) == pygame.Color(0, 0, 0, 90)
