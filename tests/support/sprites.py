"""A shared autouse fixture for the games' sprite tests: fresh caches and the real asset folder."""
from __future__ import annotations

from types import ModuleType

import pygame
import pytest

from game.ui import theme


def fresh_sprite_cache(sprites: ModuleType):
    """An autouse fixture (assign it to a module-level name) that clears ``sprites``' cache and the
    asset root before and after each test."""
    @pytest.fixture(autouse=True)
    def _fresh():
        pygame.init()
        theme.set_asset_root(None)
        sprites.clear_cache()
        yield
        theme.set_asset_root(None)
        sprites.clear_cache()
    return _fresh
