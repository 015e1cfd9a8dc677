"""CardSprite: a card on the table (face or back), with hover lift, selection, dimming, a mark for
face-down treasures and a flip animation; drawn over the shared soft shadow.

The face is either a ready Surface (``face``) or the generic frame (assets/images/cards/frame.png)
with content drawn by ``draw_face(surface, rect)`` and/or a big centred ``label`` and corner
``corner`` text. ``rect`` is where the card rests; lift and flip are drawn around it.
"""
from __future__ import annotations

import math
from typing import Any, Callable

import pygame

from game.core.protocol import Text
from game.ui import palette, theme
from game.ui.tween import Tweener, flip as flip_tween

CARD_SIZE = (120, 168)  # design size of the card art
FaceDrawer = Callable[[pygame.Surface, pygame.Rect], None]


def card_size(scale: float = 1.0) -> tuple[int, int]:
    """A card's pixel size at the UI scale times ``scale``."""
    return (theme.px(CARD_SIZE[0] * scale), theme.px(CARD_SIZE[1] * scale))


def _fallback_frame(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    out = pygame.Surface(size, pygame.SRCALPHA)
    r = max(4, int(10 * w / CARD_SIZE[0]))
    pygame.draw.rect(out, palette.PARCHMENT, out.get_rect(), border_radius=r)
    pygame.draw.rect(out, palette.WOOD, out.get_rect(), width=max(2, w // 40), border_radius=r)
    inner = out.get_rect().inflate(-max(8, w // 10), -max(8, w // 10))
    pygame.draw.rect(out, palette.GOLD, inner, width=1, border_radius=max(2, r // 2))
    return out


def _fallback_back(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    out = pygame.Surface(size, pygame.SRCALPHA)
    r = max(4, int(10 * w / CARD_SIZE[0]))
    pygame.draw.rect(out, (22, 38, 72), out.get_rect(), border_radius=r)
    pygame.draw.rect(out, palette.GOLD, out.get_rect(), width=max(2, w // 30), border_radius=r)
    inner = out.get_rect().inflate(-w // 6, -w // 6)
    pygame.draw.rect(out, palette.GOLD, inner, width=1, border_radius=max(2, r // 2))
    c = out.get_rect().center
    rr = w * 0.3
    for i in range(8):  # a simple compass rose
        a = i * math.pi / 4
        length = rr if i % 2 == 0 else rr * 0.55
        tip = (c[0] + math.cos(a) * length, c[1] + math.sin(a) * length)
        l1 = (c[0] + math.cos(a + 0.35) * rr * 0.18, c[1] + math.sin(a + 0.35) * rr * 0.18)
        l2 = (c[0] + math.cos(a - 0.35) * rr * 0.18, c[1] + math.sin(a - 0.35) * rr * 0.18)
        pygame.draw.polygon(out, palette.GOLD_LIGHT if i % 2 == 0 else palette.GOLD, [tip, l1, c, l2])
    pygame.draw.circle(out, palette.GOLD, c, int(rr * 1.1), 1)
    return out


def _fallback_mark(size: int) -> pygame.Surface:
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    w = max(3, size // 7)
    pygame.draw.line(out, palette.RED, (size * 0.15, size * 0.15), (size * 0.85, size * 0.85), w)
    pygame.draw.line(out, palette.RED, (size * 0.85, size * 0.15), (size * 0.15, size * 0.85), w)
    return out


def _fallback_shadow(size: tuple[int, int]) -> pygame.Surface:
    out = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(6):
        pygame.draw.rect(out, (0, 0, 0, 22), out.get_rect().inflate(-2 * i - 4, -2 * i - 4),
                         border_radius=12)
    return out


class CardSprite:
    """A card. States: ``hovered`` (lifts), ``selected`` (gold edge, lifts), ``dimmed`` (greyed),
    ``marked`` (face-down with the red X), ``face_up``. ``payload`` is what drag-and-drop carries.

    ``draw_face(surface, rect)`` draws content on the generic frame; ``label``/``corner`` add text
    (Text or str); ``face``/``back`` replace the art with ready Surfaces (scaled to ``rect``).
    """

    def __init__(self, rect: pygame.Rect | None = None, *, face: pygame.Surface | None = None,
                 draw_face: FaceDrawer | None = None, label: Text | str | None = None,
                 corner: Text | str | None = None, back: pygame.Surface | None = None,
                 face_up: bool = True, payload: Any = None, draggable: bool = True,
                 label_colour: theme.Colour = palette.INK):
        self.rect = pygame.Rect(rect) if rect is not None else pygame.Rect((0, 0), card_size())
        self.face = face
        self.draw_face = draw_face
        self.label, self.corner = label, corner
        self.label_colour = label_colour
        self.back = back
        self.face_up = face_up
        self.payload = payload
        self.draggable = draggable
        self.visible = True
        self.hovered = False
        self.selected = False
        self.dimmed = False
        self.marked = False
        self.dragging = False     # set by the DragController
        self.alpha = 255
        self.flip_scale = 1.0
        self.lift = 0.0           # current lift in px (eases toward the target)
        self._face_cache: tuple[Any, pygame.Surface] | None = None
        self._state_cache: tuple[Any, pygame.Surface] | None = None

    # State ----------------------------------------------------------------------------------------
    def invalidate(self) -> None:
        """Call after changing what the face shows (label, drawer, face surface)."""
        self._face_cache = None
        self._state_cache = None

    def flip(self, tweener: Tweener | None = None, duration: float = 0.3,
             on_done: Callable[[], None] | None = None) -> None:
        """Turn the card over (animated with ``tweener``, at once without one)."""
        if tweener is None:
            self.face_up = not self.face_up
            self.flip_scale = 1.0
            if on_done:
                on_done()
            return
        flip_tween(tweener, self, duration, on_done)

    def handle(self, event: pygame.event.Event) -> bool:
        """Tracks hover (never consumes)."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.visible and self.rect.collidepoint(event.pos)
        return False

    def target_lift(self) -> float:
        if self.dragging:
            return 0.0
        if self.selected:
            return theme.px(16)
        if self.hovered and not self.dimmed:
            return theme.px(10)
        return 0.0

    def update(self, dt: float) -> None:
        target = self.target_lift()
        k = min(1.0, dt * 14)
        self.lift += (target - self.lift) * k
        if abs(self.lift - target) < 0.5:
            self.lift = target

    @property
    def draw_rect(self) -> pygame.Rect:
        """Where the card appears now (rest rect raised by the lift)."""
        return self.rect.move(0, -int(round(self.lift)))

    # Drawing --------------------------------------------------------------------------------------
    def _face_surface(self, size: tuple[int, int]) -> pygame.Surface:
        from game.i18n import language
        key = (size, language(), theme.text_of(self.label), theme.text_of(self.corner), id(self.face))
        if self._face_cache is not None and self._face_cache[0] == key:
            return self._face_cache[1]
        if self.face is not None:
            surf = pygame.transform.smoothscale(self.face, size)
        else:
            frame = theme.image("cards", "frame.png")
            surf = pygame.transform.smoothscale(frame, size) if frame is not None else _fallback_frame(size)
            rect = surf.get_rect()
            if self.draw_face is not None:
                self.draw_face(surf, rect.inflate(-size[0] // 8, -size[0] // 8))
            if self.label is not None:
                text = theme.text_of(self.label)
                f = theme.fit_font(text, "display", max(14, int(44 * size[0] / theme.px(CARD_SIZE[0]))),
                                   int(size[0] * 0.78))
                theme.draw_text(surf, text, f, self.label_colour, rect.center, "center")
            if self.corner is not None:
                f = theme.font_px("bold", max(10, size[0] // 7))
                text = theme.text_of(self.corner)
                m = max(6, size[0] // 11)
                theme.draw_text(surf, text, f, self.label_colour, (m, m - 2), "topleft")
                img = pygame.transform.rotate(theme.render_text(text, f, self.label_colour), 180)
                surf.blit(img, img.get_rect(bottomright=(size[0] - m, size[1] - m + 2)))
        self._face_cache = (key, surf)
        return surf

    def _back_surface(self, size: tuple[int, int]) -> pygame.Surface:
        src = self.back if self.back is not None else theme.image("cards", "back.png")
        if src is None:
            return theme._derived_get(("cardback", size), lambda: _fallback_back(size))
        return theme._derived_get(("cardback_img", id(src), size), lambda: pygame.transform.smoothscale(src, size))

    def render(self) -> pygame.Surface:
        """The card at its rect size in its current state (without shadow, lift or flip). Cached:
        do not draw on the returned surface."""
        size = self.rect.size
        base = self._face_surface(size) if self.face_up else self._back_surface(size)
        marked = self.marked and not self.face_up
        if not marked and not self.dimmed:
            return base
        key = (id(base), size, marked, self.dimmed)
        if self._state_cache is not None and self._state_cache[0] == key:
            return self._state_cache[1]
        surf = base.copy()
        if marked:
            mark = theme.image("cards", "mark_x.png")
            s = int(size[0] * 0.45)
            mark = pygame.transform.smoothscale(mark, (s, s)) if mark is not None else _fallback_mark(s)
            surf.blit(mark, mark.get_rect(center=surf.get_rect().center))
        if self.dimmed:  # darken and desaturate a little; alpha (rounded corners) untouched
            surf.fill((120, 120, 130), special_flags=pygame.BLEND_RGB_MULT)
            surf.fill((30, 30, 34), special_flags=pygame.BLEND_RGB_ADD)
        self._state_cache = (key, surf)
        return surf

    @staticmethod
    def _shadow(size: tuple[int, int]) -> pygame.Surface:
        def make() -> pygame.Surface:
            img = theme.image("cards", "shadow.png")
            return pygame.transform.smoothscale(img, size) if img is not None else _fallback_shadow(size)
        return theme._derived_get(("cardshadow", size), make)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w <= 0:
            return
        rect = self.draw_rect
        if self.dragging:
            rect = rect.move(0, -theme.px(4))
        w = max(1, int(round(rect.w * self.flip_scale)))
        # shadow: bigger offset when lifted or dragged
        lifted = self.lift + (theme.px(10) if self.dragging else 0)
        sw = max(1, int(w * 128 / 120))
        sh = int(rect.h * 176 / 168)
        shadow = self._shadow((sw, sh))
        off = theme.px(3) + int(lifted * 0.5)
        if self.alpha < 255:
            shadow = shadow.copy()
            shadow.set_alpha(self.alpha)
        surface.blit(shadow, shadow.get_rect(center=(rect.centerx + off // 2, rect.centery + off)))
        img = self.render()
        if w != rect.w:
            img = pygame.transform.smoothscale(img, (w, rect.h))
        if self.alpha < 255:
            img = img.copy() if w == rect.w else img
            img.set_alpha(self.alpha)
        surface.blit(img, img.get_rect(center=rect.center))
        if self.selected and self.flip_scale > 0.99:
            theme.draw_glow(surface, rect, palette.HIGHLIGHT, theme.px(7), max(4, rect.w // 12))
