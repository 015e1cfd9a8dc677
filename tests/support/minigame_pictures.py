"""The rules pictures of the tests' card game (``GamePackage.rules_pictures``): one, a row of cards."""
from __future__ import annotations

import pygame

COLOUR = (40, 120, 200)


def picture(name: str, width: int) -> pygame.Surface:
    if name != "cards":
        raise KeyError(name)
    out = pygame.Surface((min(width, 300), 90), pygame.SRCALPHA)
    for i in range(4):
        pygame.draw.rect(out, COLOUR, pygame.Rect(10 + i * 70, 5, 60, 80), border_radius=6)
    return out
