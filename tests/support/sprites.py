"""Shared fixtures for the games' sprite tests: fresh caches and the real asset folder (autouse), or no art."""
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


def no_art_fixture(sprites: ModuleType):
    """A fixture (assign it to the module-level name ``no_art``): the asset root an empty folder (no image, no
    font), ``sprites``' cache cleared; it returns that folder."""
    @pytest.fixture
    def no_art(tmp_path):
        theme.set_asset_root(tmp_path)
        sprites.clear_cache()
        return tmp_path
    return no_art
