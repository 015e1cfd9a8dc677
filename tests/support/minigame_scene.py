"""A plain table for the test card game, to drive TableScene (bots, privacy, undo, saves) in tests.

Each legal action of the seat on screen is a button; the viewer's hand is drawn as labelled boxes.
It records every viewer it drew for, so tests can check that no hidden hand was ever on screen.
"""
from __future__ import annotations

import dataclasses

import pygame

from game.games import GameEntry
from game.scenes.table import TableScene
from game.ui import palette, theme
from game.ui.widgets import Button
from tests.support import minigame


def json_key(state) -> str:
    import json
    return json.dumps(state.to_json(), sort_keys=True)


class MiniTableScene(TableScene):
    name = "table:minigame"

    def __init__(self, app, session):
        from game.games import get
        super().__init__(app, get("minigame"), session)
        self.drawn_for: list[tuple[int | None, tuple]] = []  # (viewer, hand cards drawn face up)
        self.buttons: list[Button] = []

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect

    def action_buttons(self) -> list[Button]:
        viewer = self.viewer()
        if viewer is None or self.state.current_player != viewer or self.privacy_for is not None:
            return []
        key = (len(self.session.actions), viewer, json_key(self.state))
        if getattr(self, "_buttons_key", None) == key:
            return self.buttons
        self._buttons_key = key
        buttons = []
        for i, action in enumerate(self.state.legal_actions(viewer)[:12]):
            b = Button(action.kind + " " + str(getattr(action, "card", getattr(action, "pile", ""))),
                       lambda a=action: self.try_action(a), min_width=100, height=36, size=14)
            b.layout(pygame.Rect(20 + (i % 6) * 150, self.rect.h - 100 + (i // 6) * 44, 140, 40))
            b.action = action
            buttons.append(b)
        self.buttons = buttons
        return buttons

    def handle_table(self, event: pygame.event.Event) -> None:
        for b in self.action_buttons():
            if b.handle(event):
                self.mark_dirty()
                return

    def draw_table(self, surface: pygame.Surface, viewer: int | None) -> None:
        surface.blit(theme.background("felt", surface.get_size()), (0, 0))
        view = self.state.view(viewer)
        hand_state = getattr(view, "hand", None) or view
        hand = tuple(hand_state.hands[viewer]) if viewer is not None else ()
        self.drawn_for.append((viewer, hand))
        f = theme.font("text", 16)
        for i, card in enumerate(hand):
            r = pygame.Rect(20 + i * 70, 300, 60, 84)
            pygame.draw.rect(surface, palette.PARCHMENT, r, border_radius=6)
            theme.draw_text(surface, str(card), f, palette.INK, r.center, "center")
        theme.draw_text(surface, self.status_text(), f, palette.PARCHMENT, (20, 20), "topleft")
        for b in self.action_buttons():
            b.draw(surface)


def register() -> GameEntry:
    """Register the test game with this scene, importable by the bot worker."""
    from game.games import register as _register
    package = dataclasses.replace(minigame.GAME, make_scene=MiniTableScene)
    entry = GameEntry("minigame", "minigame", "mg.name", "mg.pitch", (2, 4), (5, 10), package=package,
                      module="tests.support.minigame_scene")
    _register(entry)
    return entry


GAME = dataclasses.replace(minigame.GAME, make_scene=MiniTableScene)
