"""Scene and scene stack.

A scene draws state and turns input into intentions; it never decides rules. The App owns one
SceneStack; a scene reaches the app through ``self.app`` (settings, sounds, toasts, the stack).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:  # pragma: no cover
    from game.app import App


class Scene:
    """Base scene. Override what you need; call ``self.mark_dirty()`` when the picture changes."""

    #: a non-opaque scene (pause, dialogs) is drawn over the scene below it
    opaque: bool = True
    #: a game table: loses focus -> pause; Esc -> pause instead of going back
    is_game: bool = False
    #: name used by --smoke and the bench to report this scene
    name: str = "scene"

    def __init__(self, app: "App"):
        self.app = app
        self.dirty = True

    # Life cycle ----------------------------------------------------------------------------
    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (pushed, or uncovered by a pop)."""
        self.layout(self.app.screen_rect())
        self.dirty = True

    def leave(self) -> None:
        """Called when the scene stops being the top (covered or removed)."""

    def layout(self, rect: pygame.Rect) -> None:
        """Place widgets for a window of this size (also called on every resize)."""

    # Frame ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """One input event."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by dt seconds."""

    def is_animating(self) -> bool:
        """True while something moves, so the app keeps drawing at full rate."""
        return False

    def toast_area(self, screen: pygame.Rect) -> pygame.Rect:
        """Where the app's toasts stack (from its bottom centre up): the whole window unless the scene keeps
        a part of it clear (its buttons, a lesson's panel)."""
        return pygame.Rect(screen)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene; never change game state here."""

    # Helpers -------------------------------------------------------------------------------
    def mark_dirty(self) -> None:
        self.dirty = True

    def back(self) -> None:
        """Esc: one scene back (games open the pause scene instead)."""
        self.app.stack.pop()

    def on_focus_lost(self) -> None:
        """The window lost focus (games pause themselves)."""


class SceneStack:
    """Push, pop and replace scenes; the App draws the fade between them."""

    def __init__(self, app: "App"):
        self.app = app
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    def push(self, scene: Scene, fade: bool = True) -> None:
        if self.top is not None:
            self.top.leave()
        if fade:
            self.app.start_fade()
        self.scenes.append(scene)
        scene.enter()

    def pop(self, fade: bool = True) -> Scene | None:
        if not self.scenes:
            return None
        if fade:
            self.app.start_fade()
        scene = self.scenes.pop()
        scene.leave()
        if self.top is not None:
            self.top.enter()
        else:
            self.app.quit()
        return scene

    def replace(self, scene: Scene, fade: bool = True) -> None:
        if fade:
            self.app.start_fade()
        if self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()

    def pop_to(self, scene_type: type) -> None:
        """Pop until a scene of this type is on top (the menu, usually)."""
        while len(self.scenes) > 1 and not isinstance(self.top, scene_type):
            self.scenes.pop().leave()
        self.app.start_fade()
        if self.top is not None:
            self.top.enter()

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the last opaque scene up."""
        out: list[Scene] = []
        for scene in reversed(self.scenes):
            out.append(scene)
            if scene.opaque:
                break
        return list(reversed(out))
