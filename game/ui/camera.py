"""A camera for a board that may not be readable whole: "fit" (the whole board in sight, the default) or zoomed in
about a point and panned, for any board game whose board is a rectangle of content.

``Camera`` is the arithmetic: the content is ``size`` units wide and high (any unit: a board's squares, its
half-diagonals); at fit it stands in ``fit_rect`` at ``fit_scale`` pixels a unit (the caller's own layout, kept
exactly); zoomed in (``scale`` up to ``max_zoom`` times the fit's) the part in sight, the ``viewport``, grows with
the content up to ``area`` (the room the board may take), and the content is panned so that it always covers the
viewport (never an empty margin inside it). ``offset`` is where the content's top-left corner is on screen.

``PanZoom`` turns a player's gestures into camera moves: the mouse wheel zooms about the pointer, a drag that
starts on the open board pans it (the game says where a press may start one: a press on a piece is the piece's),
the middle button's drag pans anywhere, a double click on the open board goes back to fit, and the keys + and -
zoom, the arrows pan (when the game lets them: they may have other work), F or Home fit. Time (the double click)
is the scene's, never a wall clock. After any change it calls ``moved(before)`` with the camera's ``key()`` from
before, so the scene can lay out again what stands on the board.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

Point = tuple[float, float]

MAX_ZOOM = 3.0          # the closest view: three times the fit
WHEEL_STEP = 1.25       # one notch of the wheel (or one + / -) zooms by this much
PAN_KEY = 0.2           # an arrow key pans by this share of the viewport
DRAG_THRESHOLD = 6      # pixels a press moves before it pans (else it is a click)
DOUBLE_CLICK = 0.4      # seconds (the scene's time) between two clicks of a double click
DOUBLE_CLICK_PX = 8


class Camera:
    """See the module docstring."""

    def __init__(self, max_zoom: float = MAX_ZOOM) -> None:
        self.max_zoom = max_zoom
        self.size: Point = (1.0, 1.0)
        self.fit_rect = pygame.Rect(0, 0, 1, 1)
        self.fit_scale = 1.0
        self.area = pygame.Rect(0, 0, 1, 1)
        self.scale = 1.0
        self.offset: Point = (0.0, 0.0)
        self.viewport = pygame.Rect(0, 0, 1, 1)

    # -- layout --------------------------------------------------------------------------------------
    def layout(self, fit_rect: pygame.Rect, fit_scale: float, area: pygame.Rect, size: Point) -> None:
        """The content (``size`` units) at fit stands in ``fit_rect`` at ``fit_scale`` px a unit; zoomed in, the
        viewport may grow up to ``area``. The zoom and the point in the middle of the view are kept (a window
        resized keeps what was in sight)."""
        zoom, middle = self.zoom, self.to_units(self.viewport.center)
        self.fit_rect, self.fit_scale = pygame.Rect(fit_rect), float(fit_scale)
        self.area = pygame.Rect(area).union(self.fit_rect)
        self.size = (float(size[0]), float(size[1]))
        self.fit()
        if zoom > 1.0001:
            self.centre_on(middle, self.fit_scale * zoom)

    @property
    def zoom(self) -> float:
        """How many times the fit's scale the view is now (1: fit)."""
        return self.scale / self.fit_scale if self.fit_scale else 1.0

    @property
    def at_fit(self) -> bool:
        return self.scale <= self.fit_scale * 1.0001

    def content_rect(self) -> pygame.Rect:
        """The whole content on screen now (at fit: ``fit_rect`` itself)."""
        if self.at_fit:
            return pygame.Rect(self.fit_rect)
        return pygame.Rect(round(self.offset[0]), round(self.offset[1]), round(self.size[0] * self.scale),
                           round(self.size[1] * self.scale))

    def key(self) -> tuple:
        """What the picture depends on: changes whenever the view does."""
        return self.scale, self.offset, tuple(self.viewport)

    # -- conversions ----------------------------------------------------------------------------------
    def to_screen(self, p: Point) -> Point:
        return self.offset[0] + p[0] * self.scale, self.offset[1] + p[1] * self.scale

    def to_units(self, pos: Point) -> Point:
        return (pos[0] - self.offset[0]) / self.scale, (pos[1] - self.offset[1]) / self.scale

    # -- moves ----------------------------------------------------------------------------------------
    def fit(self) -> None:
        """The whole content in sight, exactly as the caller's layout placed it."""
        self.scale = self.fit_scale
        self.offset = (float(self.fit_rect.x), float(self.fit_rect.y))
        self.viewport = pygame.Rect(self.fit_rect)

    def _apply(self, scale: float, offset: Point) -> None:
        """Set the scale (clamped from fit to ``max_zoom``) and the content's corner (clamped so that the
        content covers the viewport)."""
        scale = max(self.fit_scale, min(self.fit_scale * self.max_zoom, scale))
        if scale <= self.fit_scale * 1.0001:
            self.fit()
            return
        cw, ch = self.size[0] * scale, self.size[1] * scale
        view = pygame.Rect(0, 0, min(round(cw), self.area.w), min(round(ch), self.area.h))
        view.center = self.fit_rect.center
        view = view.clamp(self.area)
        ox = _clamp(offset[0], view.right - cw, view.left)
        oy = _clamp(offset[1], view.bottom - ch, view.top)
        self.scale, self.offset, self.viewport = scale, (ox, oy), view

    def zoom_at(self, pos: Point, factor: float) -> None:
        """Zoom by ``factor`` keeping the point of the content under ``pos`` under it (as far as the content's
        edges allow)."""
        u = self.to_units(pos)
        scale = self.scale * factor
        self._apply(scale, (pos[0] - u[0] * scale, pos[1] - u[1] * scale))
        if not self.at_fit:         # the viewport may have grown: pin the point again
            s = self.scale
            self._apply(s, (pos[0] - u[0] * s, pos[1] - u[1] * s))

    def zoom_to(self, zoom: float, pos: Point | None = None) -> None:
        """The zoom ``zoom`` (1: fit) about ``pos`` (the viewport's middle by default)."""
        pos = pos if pos is not None else self.viewport.center
        self.zoom_at(pos, self.fit_scale * zoom / self.scale)

    def pan(self, dx: float, dy: float) -> None:
        """Move the content by (dx, dy) pixels (as far as its edges allow)."""
        self._apply(self.scale, (self.offset[0] + dx, self.offset[1] + dy))

    def centre_on(self, p: Point, scale: float | None = None) -> None:
        """The content's point ``p`` (units) in the middle of the view, at ``scale`` (default: the current)."""
        scale = self.scale if scale is None else scale
        self._apply(scale, self.offset)
        s = self.scale
        cx, cy = self.viewport.center
        self._apply(s, (cx - p[0] * s, cy - p[1] * s))

    def show(self, box: pygame.Rect, margin: int = 0) -> bool:
        """Pan as little as needed to bring the screen box ``box`` (and ``margin`` px round it) into the view;
        True when the view moved."""
        want = pygame.Rect(box).inflate(2 * margin, 2 * margin)
        v = self.viewport
        dx = v.left - want.left if want.left < v.left else (v.right - want.right if want.right > v.right else 0)
        dy = v.top - want.top if want.top < v.top else (v.bottom - want.bottom if want.bottom > v.bottom else 0)
        if want.w > v.w:
            dx = v.centerx - want.centerx
        if want.h > v.h:
            dy = v.centery - want.centery
        if not dx and not dy or self.at_fit:
            return False
        before = self.key()
        self.pan(dx, dy)
        return self.key() != before


def _clamp(x: float, lo: float, hi: float) -> float:
    if lo > hi:                     # (a rounding's half pixel)
        return (lo + hi) / 2
    return max(lo, min(hi, x))


class PanZoom:
    """A player's gestures on a ``Camera`` (see the module docstring). ``can_pan_from(pos)``: a left press there
    may start a pan (the open board); ``arrows()``: the arrow keys pan now; ``now()``: the scene's time in
    seconds; ``moved(before)``: called after every change with the camera's key from before."""

    def __init__(self, camera: Camera, moved: Callable[[tuple], Any], now: Callable[[], float],
                 arrows: Callable[[], bool] = lambda: True) -> None:
        self.camera, self.moved, self.now, self.arrows = camera, moved, now, arrows
        self.pointer: tuple[int, int] | None = None
        self._press: tuple[tuple[int, int], int] | None = None     # where a pan may start, with which button
        self.panning = False
        self._last_click: tuple[float, tuple[int, int]] | None = None

    # -- what the player asks ----------------------------------------------------------------------------
    def _change(self, how: Callable[[], Any]) -> bool:
        before = self.camera.key()
        how()
        if self.camera.key() != before:
            self.moved(before)
            return True
        return False

    def zoom_in(self, pos: tuple[int, int] | None = None) -> bool:
        return self._change(lambda: self.camera.zoom_at(pos or self.camera.viewport.center, WHEEL_STEP))

    def zoom_out(self, pos: tuple[int, int] | None = None) -> bool:
        return self._change(lambda: self.camera.zoom_at(pos or self.camera.viewport.center, 1 / WHEEL_STEP))

    def fit(self) -> bool:
        return self._change(self.camera.fit)

    def pan(self, dx: float, dy: float) -> bool:
        return self._change(lambda: self.camera.pan(dx, dy))

    def show(self, box: pygame.Rect, margin: int = 0) -> bool:
        """Bring ``box`` into the view (the keyboard's focus: it never hides past the view's edge)."""
        return self._change(lambda: self.camera.show(box, margin))

    def press(self, pos: tuple[int, int], button: int = 1, double: bool = True) -> bool:
        """A press that nothing else took (the open board): a pan may start here; the second click of a double
        click (``double``: where one means fit) goes back to fit. True when it did something now (the fit)."""
        if not self.camera.viewport.collidepoint(pos):
            return False
        last, self._last_click = self._last_click, (self.now(), pos) if double else None
        if double and button == 1 and last is not None and self.now() - last[0] <= DOUBLE_CLICK \
                and abs(pos[0] - last[1][0]) + abs(pos[1] - last[1][1]) <= DOUBLE_CLICK_PX:
            self._last_click = None
            return self.fit()
        self._press, self.panning = (pos, button), False
        return False

    # -- events ----------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """The wheel over the view, a pan in progress, the middle button, the camera's keys: True when the event
        was the camera's."""
        et = event.type
        if et in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = event.pos
        if et == pygame.MOUSEWHEEL:
            pos = self.pointer if self.pointer is not None else pygame.mouse.get_pos()
            if not self.camera.viewport.collidepoint(pos) or not event.y:
                return False
            step = WHEEL_STEP ** (1 if event.y > 0 else -1)
            self._change(lambda: self.camera.zoom_at(pos, step))
            return True
        if et == pygame.MOUSEBUTTONDOWN and event.button == 2:
            if self.camera.viewport.collidepoint(event.pos):
                self._press, self.panning = (event.pos, 2), False
                return True
            return False
        if et == pygame.MOUSEMOTION and self._press is not None:
            (x0, y0), _button = self._press
            dx, dy = event.pos[0] - x0, event.pos[1] - y0
            if not self.panning and abs(dx) + abs(dy) <= DRAG_THRESHOLD:
                return False
            self.panning = True
            self._last_click = None
            self._press = (event.pos, _button)
            self.pan(dx, dy)
            return True
        if et == pygame.MOUSEBUTTONUP and self._press is not None and event.button == self._press[1]:
            panned, self._press, self.panning = self.panning, None, False
            return panned or event.button == 2
        if et == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.zoom_in()
            return True
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.zoom_out()
            return True
        if key in (pygame.K_f, pygame.K_HOME):
            self.fit()
            return True
        arrows = {pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}
        if key in arrows and not self.camera.at_fit and self.arrows():
            sx, sy = arrows[key]
            v = self.camera.viewport
            self.pan(sx * v.w * PAN_KEY, sy * v.h * PAN_KEY)
            return True
        return False


__all__ = ["Camera", "PanZoom", "MAX_ZOOM", "WHEEL_STEP"]
