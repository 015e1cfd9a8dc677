"""Shared set-up for the UI kit tests: a dummy 1280x720 window and helpers that post REAL events
through pygame's queue and read them back, as the app's loop does."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _pgn_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PGN_HOME", str(tmp_path_factory.mktemp("pgn_home")))


@pytest.fixture(scope="session")
def _display() -> pygame.Surface:
    pygame.init()
    return pygame.display.set_mode((1280, 720))


@pytest.fixture
def screen(_display: pygame.Surface) -> pygame.Surface:
    from game.i18n import set_language
    from game.ui import theme
    set_language("en")
    theme.set_asset_root(None)
    pygame.event.clear()
    _display.fill((0, 0, 0))
    return _display
