"""The Pirateer table's camera (issue 19: the fantastic eight's two-board sea readable at 1280x720): the sea at fit
(the whole board in sight, the default and what the one-board game shows), zoomed in with the mouse wheel about the
pointer (up to three times), panned by dragging the open sea (a press on a ship is still the ship's: the
drag-and-drop controller has it first) or with the middle button anywhere, a double click on the sea or F (Home)
back to fit, + and - to zoom, the arrows to pan while no ship is in hand (with one in hand they choose its square),
and **Centre fleet** (or C) to bring the ships of the seat on turn into view, closer when the view was at fit.

The view itself is ``BoardView``'s (``game.ui.camera.Camera`` inside it): every square, hit test and picture drawn
from ``view.h``/``view.origin`` follows it. When it changes, ``moved`` lays out again what the table placed on the
board (the squares' drop targets, the ships' tokens, the harbours' cards, the chooser), moves the pictures on the
timeline (a ship gliding, sinking, the coin hopping: their points follow the sea) and keeps the lit square under
the pointer. The keyboard's focus (the ship Tab picked, the square the arrows chose, the harbour focused while the
fleets are chosen) is kept in sight (``follow_focus``).
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Iterator

import pygame

from game.core.protocol import Text
from game.ui import theme
from game.ui.camera import PanZoom
from game.ui.widgets import Button

from game.games.pirateer import effects as fx

if TYPE_CHECKING:  # pragma: no cover
    from game.games.pirateer.scene import PirateerScene

FLEET_ZOOM = 2.0        # Centre fleet from the fit comes this close (less if the fleet would not be in sight)


class SeaCamera:
    """See the module docstring: the scene owns one (``scene.sea``)."""

    def __init__(self, scene: PirateerScene) -> None:
        self.scene = scene
        self.view = scene.view
        self.control = PanZoom(self.view.camera, self.moved, lambda: scene.elapsed, arrows=self._arrows_pan)
        self.centre_button = Button(Text.of("pir.ui.centre_fleet"), self.centre_fleet, min_width=100, height=38,
                                    size=15)
        self.fit_button = Button(Text.of("pir.ui.whole_sea"), self.fit, min_width=100, height=38, size=15)

    @property
    def buttons(self) -> list[Button]:
        return [self.centre_button, self.fit_button]

    # -- what the player asks ----------------------------------------------------------------------------
    def active_ships(self) -> list[str]:
        """The ships afloat of the seat on turn as the table shows it."""
        g = self.scene.game
        seat = self.scene.shown_turn()[1]
        return [s for s in g.afloat(seat) if s in g.ships] if seat is not None else []

    def centre_fleet(self) -> None:
        """The fleet of the seat on turn in the middle of the view, all of it in sight; from the fit, closer."""
        ships = self.active_ships()
        if not ships:
            return
        before = self.view.camera.key()
        cells = [self.scene.game.ships[s] for s in ships]
        self.view.centre_on(cells, FLEET_ZOOM if self.view.at_fit else None)
        if self.view.camera.key() != before:
            self.moved(before)

    def fit(self) -> None:
        self.control.fit()

    def _arrows_pan(self) -> bool:
        """The arrows pan while no ship is in hand and the fleets are not being chosen (else they pick)."""
        return self.scene.selected is None and not self.scene.choosing()

    # -- layout and drawing -------------------------------------------------------------------------------
    def layout_buttons(self, row: pygame.Rect) -> None:
        """The two buttons share ``row`` (the side panel's bottom row, beside Menu)."""
        gap = theme.px(8)
        w = (row.w - gap) // 2
        self.centre_button.layout(pygame.Rect(row.x, row.y, w, row.h))
        self.fit_button.layout(pygame.Rect(row.x + w + gap, row.y, w, row.h))

    def refresh(self) -> None:
        """Whole sea only when zoomed in; Centre fleet when the seat on turn has ships afloat."""
        self.fit_button.enabled = not self.view.at_fit
        self.centre_button.enabled = bool(self.active_ships())

    def draw(self, surface: pygame.Surface) -> None:
        self.refresh()
        for b, key in ((self.centre_button, "pir.explain.centre_fleet"), (self.fit_button, "pir.explain.whole_sea")):
            if b.visible and b.rect.w > 0:
                b.draw(surface)
                self.scene.explain(b.rect, Text.of(key), "button")

    # -- input ------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """The camera's own gestures and keys (C: Centre fleet); True when the event was the camera's."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c and \
                not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            self.centre_fleet()
            return True
        return self.control.handle(event)

    def press(self, pos: tuple[int, int]) -> None:
        """A left press that no ship and no lit square took: a drag from here pans; a double click on the sea (not
        on a ship) goes back to fit."""
        cell = self.view.cell_at(pos)
        self.control.press(pos, double=cell not in self.scene.game.ships.values())

    @contextmanager
    def whole_sea(self) -> Iterator[None]:
        """The whole sea while the block runs (the final picture for the results), then the view as it was."""
        cam = self.view.camera
        if cam.at_fit:
            yield
            return
        kept = (cam.scale, cam.offset, pygame.Rect(cam.viewport))
        before = cam.key()
        self.view.fit()
        self.moved(before)
        try:
            yield
        finally:
            before = cam.key()
            cam.scale, cam.offset, cam.viewport = kept
            self.moved(before)

    @property
    def panning(self) -> bool:
        return self.control.panning

    def follow_focus(self) -> None:
        """The keyboard's focus in sight (a ship, a lit square, a harbour's card)."""
        if self.view.at_fit:
            return
        point = self.scene.focus_point()
        if point is None:
            return
        h = int(self.view.h)
        self.control.show(pygame.Rect(point[0] - h, point[1] - h, 2 * h, 2 * h), h)

    # -- after a change -----------------------------------------------------------------------------------
    def moved(self, before: tuple) -> None:
        """The view changed (``before``: the camera's key before): the board's layout again, the pictures on the
        timeline moved with the sea, the square under the pointer again."""
        sc, view = self.scene, self.view
        view._follow_camera()
        old_h, old_origin = before[0], _origin_of(view, before)
        k = view.h / old_h if old_h else 1.0

        def follow(p: tuple[float, float]) -> tuple[float, float]:
            return view.origin[0] + (p[0] - old_origin[0]) * k, view.origin[1] + (p[1] - old_origin[1]) * k

        for clip in sc.timeline.clips(fx.Effect):
            _follow_clip(clip, follow, k, view)
        sc.picker.layout(view)
        sc._layout_squares()
        sc.panel.board = pygame.Rect(view.rect)
        if sc.chooser is not None:
            sc.chooser.layout(sc._popup_centre(), sc._popup_width())
        for token in sc.drag.draggables:
            if token is not sc.drag.dragging and hasattr(token, "place") and \
                    all(s in sc.game.ships for s in getattr(token, "payload", ())):
                token.place()
        if sc.drag.dragging is None:
            sc.fleet_token.rect = pygame.Rect(view.rect)
        if self.control.pointer is not None and not self.control.panning:
            sc._hover_cell = view.cell_at(self.control.pointer) if sc.selected is None else \
                (view.cell_at(self.control.pointer) or sc._hover_cell)
        sc.mark_dirty()


def _origin_of(view: Any, key: tuple) -> tuple[float, float]:
    """The board's origin (u = 0, w = 0 on screen) under the camera's key ``(scale, offset, viewport)``."""
    e = view.board.edges
    scale, offset = key[0], key[1]
    return offset[0] + e.side * scale, offset[1] - e.top * scale


def _follow_clip(clip: Any, follow: Any, k: float, view: Any) -> None:
    """A picture on the timeline moves with the sea: its points (and the blast's radius) on the new view; its
    pictures keep their size until it ends."""
    if isinstance(clip, fx.Glide):
        clip.points = [(follow(p), jump) for p, jump in clip.points]
        clip.mid_y = view.board_rect.centery
    elif isinstance(clip, fx.CoinHop):
        clip.a, clip.b = follow(clip.a), follow(clip.b)
    elif isinstance(clip, fx.Storm):
        clip.at, clip.board = follow(clip.at), pygame.Rect(view.rect)
    elif isinstance(clip, fx.Blast):
        clip.at, clip.radius = follow(clip.at), clip.radius * k
    elif isinstance(clip, (fx.Sink, fx.Frames)):
        clip.at = follow(clip.at)


__all__ = ["SeaCamera", "FLEET_ZOOM"]
