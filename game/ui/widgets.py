"""Basic widgets: Label, Button, Toggle, Choice, TextInput, Slider, Panel, Tooltip, Toast(Stack),
VBox/HBox layout and a FocusRing for keyboard focus.

Every widget has ``rect``, ``visible``, ``enabled``, ``handle(event) -> bool`` (True = consumed),
``update(dt)`` (seconds), ``draw(surface)``, ``set_rect(rect)``/``layout(rect)`` and
``preferred_size(width=None)``. Text given as a ``Text`` is translated at draw time (a language switch
shows at once); a ``str`` is shown as it is. Sizes are design pixels scaled with ``theme.px``.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

import pygame

from game.core.protocol import Text
from game.ui import palette, sound, theme

TextLike = Text | str | None
RectLike = pygame.Rect | Sequence[int] | None

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def _rect(rect: RectLike) -> pygame.Rect:
    return pygame.Rect(rect) if rect is not None else pygame.Rect(0, 0, 0, 0)


class Widget:
    """Base widget. Subclasses override what they need."""

    focusable = False

    def __init__(self, rect: RectLike = None, *, visible: bool = True, enabled: bool = True,
                 tooltip: TextLike = None):
        self.rect = _rect(rect)
        self.visible = visible
        self.enabled = enabled
        self.tooltip = tooltip
        self.focused = False
        self.focus_visible = False  # focus came from the keyboard: show the ring
        self.hovered = False

    def set_rect(self, rect: RectLike) -> None:
        self.rect = _rect(rect)

    def layout(self, rect: RectLike) -> None:
        self.set_rect(rect)

    def preferred_size(self, width: int | None = None) -> tuple[int, int]:
        return (width if width is not None else self.rect.w, self.rect.h)

    @property
    def interactive(self) -> bool:
        return self.visible and self.enabled

    def wants_key(self, key: int) -> bool:
        """True when this widget, focused, uses ``key`` itself (the FocusRing then leaves it alone)."""
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def _track_hover(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.hovered = self.rect.collidepoint(event.pos)

    def _draw_focus(self, surface: pygame.Surface, radius: int = 12) -> None:
        if self.focused and self.focus_visible and self.enabled:
            theme.draw_glow(surface, self.rect, palette.HIGHLIGHT, theme.px(6), radius)


def _is_click_down(event: pygame.event.Event) -> bool:
    return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1


def _is_click_up(event: pygame.event.Event) -> bool:
    return event.type == pygame.MOUSEBUTTONUP and event.button == 1


# --------------------------------------------------------------------------------------------------
class Spacer(Widget):
    """Empty space of a design height (for VBox) or width (for HBox)."""

    def __init__(self, size: int = 8):
        super().__init__()
        self.size = size

    def preferred_size(self, width: int | None = None) -> tuple[int, int]:
        return (theme.px(self.size), theme.px(self.size))


class Label(Widget):
    """Wrapped text. align: left/center/right; valign: top/middle/bottom."""

    def __init__(self, text: TextLike, rect: RectLike = None, *, role: str = "text", size: int = 18,
                 colour: theme.Colour = palette.INK, align: str = "left", valign: str = "top",
                 wrap: bool = True, outline: theme.Colour | None = None, shadow: theme.Colour | None = None,
                 line_spacing: float = 1.15):
        super().__init__(rect)
        self.text = text
        self.role, self.size, self.colour = role, size, colour
        self.align, self.valign, self.wrap = align, valign, wrap
        self.outline, self.shadow, self.line_spacing = outline, shadow, line_spacing
        self._cache: tuple[pygame.Surface, tuple[int, int]] | None = None
        self._cache_key: tuple | None = None

    @property
    def font(self) -> pygame.font.Font:
        return theme.font(self.role, self.size)

    def lines(self, width: int | None = None) -> list[str]:
        text = theme.text_of(self.text)
        w = width if width is not None else self.rect.w
        if self.wrap and w > 0:
            return theme.wrap_text(text, self.font, w)
        return text.split("\n")

    def preferred_size(self, width: int | None = None) -> tuple[int, int]:
        f = self.font
        lines = self.lines(width)
        line_h = int(f.get_linesize() * self.line_spacing)
        w = max((f.size(line)[0] for line in lines), default=0)
        pad = theme.px(2) * 2 if (self.outline or self.shadow) else 0
        return (width if width is not None else w + pad, len(lines) * line_h + pad)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        key = (theme.text_of(self.text), self.rect.size, self.role, self.size, self.colour, self.align,
               self.valign, self.wrap, self.outline, self.shadow, self.line_spacing, theme.scale())
        if self._cache_key != key:  # wrapping and rendering happen once per change, not per frame
            self._cache = self._render()
            self._cache_key = key
        image, offset = self._cache
        surface.blit(image, (self.rect.x + offset[0], self.rect.y + offset[1]))

    def _render(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """The text on a transparent surface the size of the rect (lines may overflow it upward or down)."""
        f = self.font
        lines = self.lines()
        line_h = int(f.get_linesize() * self.line_spacing)
        total = len(lines) * line_h
        if self.valign == "middle":
            top = self.rect.h // 2 - total // 2
        elif self.valign == "bottom":
            top = self.rect.h - total
        else:
            top = 0
        images = [theme.render_text(line, f, self.colour, self.outline, max(1, theme.px(2)), self.shadow)
                  if line else None for line in lines]
        width = max([self.rect.w] + [img.get_width() for img in images if img is not None])
        out = pygame.Surface((max(1, width), max(1, total + line_h)), pygame.SRCALPHA)
        y = 0
        for img in images:
            if img is not None:
                if self.align == "center":
                    x = self.rect.w // 2 - img.get_width() // 2
                elif self.align == "right":
                    x = self.rect.w - img.get_width()
                else:
                    x = 0
                out.blit(img, (max(0, x), y))
            y += line_h
        return out, (0, top)


# --------------------------------------------------------------------------------------------------
class Button(Widget):
    """A 9-slice button. ``on_click()`` on mouse release inside, or Enter/Space while focused.

    States: hover, pressed, disabled (``enabled=False``), focus (keyboard). ``icon`` is a Surface
    drawn before the text. ``sound`` is the UI sound played on click (None = silent).
    """

    focusable = True

    def __init__(self, text: TextLike, on_click: Callable[[], Any] | None = None, rect: RectLike = None, *,
                 icon: pygame.Surface | None = None, size: int = 20, role: str = "bold",
                 tooltip: TextLike = None, sound: str | None = "click", min_width: int = 120,
                 height: int = 48, enabled: bool = True):
        super().__init__(rect, tooltip=tooltip, enabled=enabled)
        self.text = text
        self.on_click = on_click
        self.icon = icon
        self.size, self.role = size, role
        self.sound = sound
        self.min_width, self.height = min_width, height
        self.pressed = False

    def preferred_size(self, width: int | None = None) -> tuple[int, int]:
        f = theme.font(self.role, self.size)
        w = f.size(theme.text_of(self.text))[0] + theme.px(40)
        if self.icon is not None:
            w += f.get_height() + theme.px(8)
        w = max(w, theme.px(self.min_width))
        return (width if width is not None else w, theme.px(self.height))

    def click(self) -> None:
        """Activate the button as a click would (no effect when disabled or hidden)."""
        if not self.interactive:
            return
        if self.sound:
            sound.play(self.sound)
        if self.on_click:
            self.on_click()

    def wants_key(self, key: int) -> bool:
        return key in ACTIVATE_KEYS

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        self._track_hover(event)
        if not self.enabled:
            self.pressed = False
            return _is_click_down(event) and self.rect.collidepoint(event.pos)
        if _is_click_down(event) and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        if _is_click_up(event) and self.pressed:
            self.pressed = False
            if self.rect.collidepoint(event.pos):
                self.click()
            return True
        if event.type == pygame.KEYDOWN and self.focused and event.key in ACTIVATE_KEYS:
            self.click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w <= 0 or self.rect.h <= 0:
            return
        self._draw_focus(surface)
        if not self.enabled:
            style = "button_disabled"
        elif self.pressed and self.hovered:
            style = "button_pressed"
        elif self.hovered or (self.focused and self.focus_visible):
            style = "button_hover"
        else:
            style = "button"
        label = theme.text_of(self.text)
        key = (style, label, self.rect.size, id(self.icon), self.role, self.size, theme.px(100))
        if key != self._face_key:  # composing a button costs ~0.2 ms (fitting the font): once per look
            self._face_key, self._face = key, self._compose(style, label)
        surface.blit(self._face, self.rect.topleft)

    _face_key: tuple | None = None
    _face: pygame.Surface | None = None

    def _compose(self, style: str, label: str) -> pygame.Surface:
        out = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        rect = out.get_rect()
        theme.draw_frame(out, style, rect)
        icon_w = 0
        inner_w = rect.w - theme.px(24)
        if self.icon is not None and self.icon.get_height() > 0:
            icon_w = max(0, min(rect.h - theme.px(16), self.icon.get_height()))  # too short a button: no icon
            if icon_w:
                inner_w -= icon_w + theme.px(8)
        f = theme.fit_font(label, self.role, self.size, max(10, inner_w))
        colour = palette.PARCHMENT if self.enabled else (200, 192, 180)
        outline = palette.WOOD_DARK if self.enabled else (90, 84, 78)
        img = theme.render_text(label, f, colour, outline, max(1, theme.px(1.5)))
        dy = theme.px(2) if style == "button_pressed" else 0
        total = img.get_width() + (icon_w + theme.px(8) if icon_w else 0)
        x = rect.centerx - total // 2
        cy = rect.centery + dy - theme.px(1)
        if icon_w:
            icon = self.icon
            assert icon is not None
            if icon.get_height() != icon_w:
                icon = pygame.transform.smoothscale(
                    icon, (max(1, int(icon.get_width() * icon_w / icon.get_height())), icon_w))
            out.blit(icon, icon.get_rect(midleft=(x, cy)))
            x += icon.get_width() + theme.px(8)
        out.blit(img, img.get_rect(midleft=(x, cy)))
        return out


# --------------------------------------------------------------------------------------------------
class Toggle(Widget):
    """A checkbox with a label. ``on_change(value)`` after each toggle."""

    focusable = True

    def __init__(self, text: TextLike, value: bool = False, on_change: Callable[[bool], Any] | None = None,
                 rect: RectLike = None, *, size: int = 18, colour: theme.Colour = palette.INK,
                 tooltip: TextLike = None):
        super().__init__(rect, tooltip=tooltip)
        self.text = text
        self.value = value
        self.on_change = on_change
        self.size, self.colour = size, colour

    def preferred_size(self, width: int | None = None) -> tuple[int, int]:
        f = theme.font("text", self.size)
        w = theme.px(40) + f.size(theme.text_of(self.text))[0]
        return (width if width is not None else w, max(theme.px(36), f.get_linesize()))

    def toggle(self) -> None:
        if not self.interactive:
            return
        self.value = not self.value
        sound.play("click")
        if self.on_change:
            self.on_change(self.value)

    def wants_key(self, key: int) -> bool:
        return key in ACTIVATE_KEYS

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.interactive:
            return False
        self._track_hover(event)
        if _is_click_down(event) and self.rect.collidepoint(event.pos):
            self.toggle()
            return True
        if event.type == pygame.KEYDOWN and self.focused and event.key in ACTIVATE_KEYS:
            self.toggle()
            return True
        return False

    def box_rect(self) -> pygame.Rect:
        s = min(theme.px(30), self.rect.h)
        return pygame.Rect(self.rect.x, self.rect.centery - s // 2, s, s)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        self._draw_focus(surface, 6)
        box = self.box_rect()
        img = theme.image("ui", "checkbox_on.png" if self.value else "checkbox_off.png")
        if img is not None:
            surface.blit(pygame.transform.smoothscale(img, box.size), box)
        else:
            pygame.draw.rect(surface, palette.PARCHMENT, box, border_radius=theme.px(5))
            pygame.draw.rect(surface, palette.WOOD_DARK, box, width=max(2, theme.px(2)), border_radius=theme.px(5))
            if self.value:
                b = box.inflate(-box.w // 3, -box.h // 3)
                pygame.draw.lines(surface, palette.GREEN, False,
                                  [(b.left, b.centery), (b.centerx - b.w // 8, b.bottom), (b.right, b.top)],
                                  max(3, theme.px(4)))
        if self.hovered and self.enabled:
            pygame.draw.rect(surface, palette.GOLD, box, width=max(1, theme.px(2)), border_radius=theme.px(5))
        f = theme.font("text", self.size)
        colour = self.colour if self.enabled else palette.INK_SOFT
        theme.draw_text(surface, theme.text_of(self.text), f, colour,
                        (box.right + theme.px(10), self.rect.centery), "midleft")


Checkbox = Toggle


# --------------------------------------------------------------------------------------------------
class Choice(Widget):
    """One of ``values``, cycled with the left/right arrows (mouse or keys when focused).

    ``labels`` (Text or str, one per value) are what is shown; default ``str(value)``.
    ``on_change(value)`` after each change. ``wrap``: going past the end starts again.
    """

    focusable = True

    def __init__(self, values: Sequence[Any], labels: Sequence[TextLike] | None = None, index: int = 0,
                 on_change: Callable[[Any], Any] | None = None, rect: RectLike = None, *, size: int = 18,
                 wrap: bool = True, tooltip: TextLike = None):
        super().__init__(rect, tooltip=tooltip)
        if not values:
            raise ValueError("Choice needs at least one value")
        self.values = list(values)
        self.labels = list(labels) if labels is not None else [str(v) for v in self.values]
        self.index = max(0, min(index, len(self.values) - 1))
        self.on_change = on_change
        self.size, self.wrap = size, wrap

    @property
    def value(self) -> Any:
        return self.values[self.index]

    @value.setter
    def value(self, value: Any) -> None:
        if value in self.values:
            self.index = self.values.index(value)

    def preferred_size(self, width: int | None = None) -> tuple[int, int]:
        f = theme.font("bold", self.size)
        w = max(f.size(theme.text_of(label))[0] for label in self.labels) + 2 * theme.px(44)
        return (width if width is not None else w, theme.px(40))

    def step(self, delta: int) -> None:
        if not self.interactive:
            return
        n = len(self.values)
        new = self.index + delta
        new = new % n if self.wrap else max(0, min(n - 1, new))
        if new != self.index:
            self.index = new
            sound.play("click")
            if self.on_change:
                self.on_change(self.value)

    def arrow_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        s = min(theme.px(32), self.rect.h)
        left = pygame.Rect(self.rect.x, self.rect.centery - s // 2, s, s)
        right = pygame.Rect(self.rect.right - s, self.rect.centery - s // 2, s, s)
        return left, right

    def wants_key(self, key: int) -> bool:
        return key in (pygame.K_LEFT, pygame.K_RIGHT)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.interactive:
            return False
        self._track_hover(event)
        if _is_click_down(event) and self.rect.collidepoint(event.pos):
            left, right = self.arrow_rects()
            if left.inflate(theme.px(8), theme.px(8)).collidepoint(event.pos):
                self.step(-1)
            elif right.inflate(theme.px(8), theme.px(8)).collidepoint(event.pos):
                self.step(1)
            return True
        if event.type == pygame.KEYDOWN and self.focused and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(-1 if event.key == pygame.K_LEFT else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        self._draw_focus(surface, 8)
        left, right = self.arrow_rects()
        plate = pygame.Rect(left.centerx, self.rect.y, right.centerx - left.centerx, self.rect.h)
        theme.draw_frame(surface, "toast", plate)
        for rect, name, sign in ((left, "arrow_left.png", -1), (right, "arrow_right.png", 1)):
            can = self.wrap or (0 <= self.index + sign < len(self.values))
            img = theme.image("ui", name)
            if img is not None:
                arrow = pygame.transform.smoothscale(img, rect.size)
                if not (can and self.enabled):
                    arrow = arrow.copy()
                    arrow.set_alpha(90)
                surface.blit(arrow, rect)
            else:
                colour = palette.GOLD_LIGHT if (can and self.enabled) else palette.INK_SOFT
                pygame.draw.circle(surface, palette.WOOD_DARK, rect.center, rect.w // 2)
                pygame.draw.circle(surface, palette.GOLD, rect.center, rect.w // 2, max(1, theme.px(2)))
                c, r = rect.center, rect.w // 4
                pts = [(c[0] + sign * r, c[1]), (c[0] - sign * r // 1.3, c[1] - r), (c[0] - sign * r // 1.3, c[1] + r)]
                pygame.draw.polygon(surface, colour, pts)
        label = theme.text_of(self.labels[self.index])
        f = theme.fit_font(label, "bold", self.size, max(10, right.left - left.right - theme.px(8)))
        colour = palette.PARCHMENT if self.enabled else palette.INK_SOFT
        theme.draw_text(surface, label, f, colour, plate.center, "center")


# --------------------------------------------------------------------------------------------------
class TextInput(Widget):
    """One line of text (names, seeds). Typing comes from TEXTINPUT events, so accents (à, ò ...) and
    any Unicode work. Backspace/Delete, Left/Right/Home/End, Enter = ``on_submit(text)``.

    ``allowed(ch) -> bool`` filters characters (e.g. digits for a seed); ``max_length`` in characters.
    Clicking inside focuses it; clicking elsewhere unfocuses it.
    """

    focusable = True

    def __init__(self, text: str = "", rect: RectLike = None, *, max_length: int = 20,
                 placeholder: TextLike = None, on_change: Callable[[str], Any] | None = None,
                 on_submit: Callable[[str], Any] | None = None, allowed: Callable[[str], bool] | None = None,
                 size: int = 20, tooltip: TextLike = None):
        super().__init__(rect, tooltip=tooltip)
        self.max_length = max_length
        self.text = text[:max_length]
        self.caret = len(self.text)
        self.placeholder = placeholder
        self.on_change, self.on_submit, self.allowed = on_change, on_submit, allowed
        self.size = size
        self._blink = 0.0

    def preferred_size(self, width: int | None = None) -> tuple[int, int]:
        f = theme.font("text", self.size)
        return (width if width is not None else f.size("M" * min(self.max_length, 16))[0] + theme.px(24),
                f.get_linesize() + theme.px(16))

    def set_text(self, text: str) -> None:
        self.text = text[:self.max_length]
        self.caret = len(self.text)

    def set_focus(self, focused: bool) -> None:
        if focused and not self.focused:
            try:
                pygame.key.start_text_input()
                pygame.key.set_text_input_rect(self.rect)
            except pygame.error:
                pass
        self.focused = focused
        self._blink = 0.0

    def wants_key(self, key: int) -> bool:
        return key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END, pygame.K_BACKSPACE,
                       pygame.K_DELETE, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)

    def _changed(self) -> None:
        self._blink = 0.0
        if self.on_change:
            self.on_change(self.text)

    def insert(self, chars: str) -> None:
        chars = "".join(c for c in chars if c.isprintable() and (self.allowed is None or self.allowed(c)))
        room = self.max_length - len(self.text)
        chars = chars[:max(0, room)]
        if chars:
            self.text = self.text[:self.caret] + chars + self.text[self.caret:]
            self.caret += len(chars)
            self._changed()

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.interactive:
            return False
        self._track_hover(event)
        if _is_click_down(event):
            inside = self.rect.collidepoint(event.pos)
            if inside != self.focused:
                self.set_focus(inside)
            if inside:
                self.caret = self._caret_at(event.pos[0])
            return inside
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_BACKSPACE:
                if self.caret > 0:
                    self.text = self.text[:self.caret - 1] + self.text[self.caret:]
                    self.caret -= 1
                    self._changed()
            elif key == pygame.K_DELETE:
                if self.caret < len(self.text):
                    self.text = self.text[:self.caret] + self.text[self.caret + 1:]
                    self._changed()
            elif key == pygame.K_LEFT:
                self.caret = max(0, self.caret - 1)
            elif key == pygame.K_RIGHT:
                self.caret = min(len(self.text), self.caret + 1)
            elif key == pygame.K_HOME:
                self.caret = 0
            elif key == pygame.K_END:
                self.caret = len(self.text)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.on_submit:
                    self.on_submit(self.text)
            elif key == pygame.K_TAB or key == pygame.K_ESCAPE:
                return False
            else:
                # printable keys arrive as TEXTINPUT; swallow their KEYDOWN so shortcuts stay quiet
                ch = getattr(event, "unicode", "")
                return bool(ch) and ch.isprintable()
            self._blink = 0.0
            return True
        return False

    def _caret_at(self, x: int) -> int:
        f = theme.font("text", self.size)
        rel = x - (self.rect.x + theme.px(10)) + self._scroll(f)
        best = 0
        for i in range(len(self.text) + 1):
            if f.size(self.text[:i])[0] <= rel + 2:
                best = i
        return best

    def _scroll(self, f: pygame.font.Font) -> int:
        inner = self.rect.w - theme.px(20)
        caret_x = f.size(self.text[:self.caret])[0]
        return max(0, caret_x - inner + theme.px(4))

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 1.0

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        radius = theme.px(6)
        pygame.draw.rect(surface, (0, 0, 0), self.rect.move(0, 2), border_radius=radius)
        fill = palette.PARCHMENT if self.enabled else palette.PARCHMENT_DARK
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        border = palette.GOLD if self.focused else (palette.WOOD_LIGHT if self.hovered else palette.WOOD)
        pygame.draw.rect(surface, border, self.rect, width=max(2, theme.px(3 if self.focused else 2)),
                         border_radius=radius)
        f = theme.font("text", self.size)
        inner = self.rect.inflate(-theme.px(20), -theme.px(4))
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        scroll = self._scroll(f)
        if self.text:
            img = theme.render_text(self.text, f, palette.INK)
            surface.blit(img, img.get_rect(midleft=(inner.x - scroll, inner.centery)))
        elif self.placeholder is not None and not self.focused:
            img = theme.render_text(theme.text_of(self.placeholder), f, palette.INK_SOFT)
            surface.blit(img, img.get_rect(midleft=(inner.x, inner.centery)))
        if self.focused and self._blink < 0.55:
            x = inner.x - scroll + f.size(self.text[:self.caret])[0]
            h = f.get_height()
            pygame.draw.line(surface, palette.INK, (x, inner.centery - h // 2), (x, inner.centery + h // 2),
                             max(1, theme.px(2)))
        surface.set_clip(clip)


# --------------------------------------------------------------------------------------------------
class Slider(Widget):
    """A value ``lo``..``hi`` (volume): drag the knob, click the track, or Left/Right when focused.

    ``on_change(value)`` whenever the value changes. ``show_value`` draws the number on the right.
    """

    focusable = True

    def __init__(self, value: int = 50, lo: int = 0, hi: int = 100, step: int = 1,
                 on_change: Callable[[int], Any] | None = None, rect: RectLike = None, *,
                 show_value: bool = True, tooltip: TextLike = None):
        super().__init__(rect, tooltip=tooltip)
        self.lo, self.hi, self.step = lo, hi, max(1, step)
        self.value = max(lo, min(hi, value))
        self.on_change = on_change
        self.show_value = show_value
        self.dragging = False

    def preferred_size(self, width: int | None = None) -> tuple[int, int]:
        return (width if width is not None else theme.px(260), theme.px(36))

    def track_rect(self) -> pygame.Rect:
        value_w = theme.px(48) if self.show_value else 0
        knob = self.knob_radius()
        return pygame.Rect(self.rect.x + knob, self.rect.centery - theme.px(4),
                           max(1, self.rect.w - 2 * knob - value_w), theme.px(8))

    def knob_radius(self) -> int:
        return max(6, min(theme.px(12), self.rect.h // 2))

    def set_value(self, value: float) -> None:
        v = int(round((value - self.lo) / self.step)) * self.step + self.lo
        v = max(self.lo, min(self.hi, v))
        if v != self.value:
            self.value = v
            if self.on_change:
                self.on_change(v)

    def _value_at(self, x: int) -> float:
        track = self.track_rect()
        frac = (x - track.x) / max(1, track.w)
        return self.lo + max(0.0, min(1.0, frac)) * (self.hi - self.lo)

    def wants_key(self, key: int) -> bool:
        return key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.interactive:
            self.dragging = False
            return False
        self._track_hover(event)
        if _is_click_down(event) and self.rect.collidepoint(event.pos):
            self.dragging = True
            self.set_value(self._value_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.set_value(self._value_at(event.pos[0]))
            return True
        if _is_click_up(event) and self.dragging:
            self.dragging = False
            self.set_value(self._value_at(event.pos[0]))
            sound.play("click")
            return True
        if event.type == pygame.KEYDOWN and self.focused and self.wants_key(event.key):
            big = max(self.step, (self.hi - self.lo) // 10)
            delta = {pygame.K_LEFT: -big, pygame.K_RIGHT: big}.get(event.key)
            if delta is not None:
                self.set_value(self.value + delta)
            else:
                self.set_value(self.lo if event.key == pygame.K_HOME else self.hi)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        self._draw_focus(surface, 8)
        track = self.track_rect()
        pygame.draw.rect(surface, palette.WOOD_DARK, track.inflate(2, 2), border_radius=track.h)
        frac = (self.value - self.lo) / max(1, self.hi - self.lo)
        filled = track.copy()
        filled.w = max(track.h, int(track.w * frac))
        pygame.draw.rect(surface, palette.GOLD if self.enabled else palette.INK_SOFT, filled,
                         border_radius=track.h)
        r = self.knob_radius()
        cx = track.x + int(track.w * frac)
        pygame.draw.circle(surface, (0, 0, 0), (cx + 1, track.centery + 2), r)
        pygame.draw.circle(surface, palette.PARCHMENT if self.enabled else palette.PARCHMENT_DARK,
                           (cx, track.centery), r)
        pygame.draw.circle(surface, palette.WOOD_DARK, (cx, track.centery), r, max(2, theme.px(2)))
        if self.dragging or self.hovered:
            pygame.draw.circle(surface, palette.GOLD, (cx, track.centery), r + 2, max(1, theme.px(2)))
        if self.show_value:
            f = theme.font("bold", 18)
            theme.draw_text(surface, str(self.value), f, palette.INK,
                            (self.rect.right, self.rect.centery), "midright")


# --------------------------------------------------------------------------------------------------
class Panel(Widget):
    """A parchment (``style="parchment"``) or dark wood (``"dark"``) framed panel with an optional
    title; an optional ``child`` widget is laid out in ``content_rect`` and gets events/updates."""

    def __init__(self, rect: RectLike = None, *, title: TextLike = None, style: str = "parchment",
                 child: Widget | None = None, padding: int = 24, title_size: int = 30):
        super().__init__(rect)
        self.title = title
        self.style = style
        self.child = child
        self.padding = padding
        self.title_size = title_size
        if child is not None:
            child.layout(self.content_rect)

    @property
    def title_colour(self) -> theme.Colour:
        return palette.GOLD_LIGHT if self.style == "dark" else palette.WOOD_DARK

    @property
    def text_colour(self) -> theme.Colour:
        """The colour body text should use on this panel."""
        return palette.TEXT_ON_DARK if self.style == "dark" else palette.TEXT_ON_LIGHT

    @property
    def content_rect(self) -> pygame.Rect:
        pad = theme.px(self.padding)
        inner = self.rect.inflate(-2 * pad, -2 * pad)
        if self.title is not None:
            th = theme.font("display", self.title_size).get_linesize() + theme.px(8)
            inner.y += th
            inner.h -= th
        inner.w, inner.h = max(0, inner.w), max(0, inner.h)
        return inner

    def set_rect(self, rect: RectLike) -> None:
        super().set_rect(rect)
        if self.child is not None:
            self.child.layout(self.content_rect)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if self.child is not None and self.child.handle(event):
            return True
        return False

    def update(self, dt: float) -> None:
        if self.child is not None:
            self.child.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w <= 0:
            return
        theme.draw_frame(surface, "panel_dark" if self.style == "dark" else "panel", self.rect)
        if self.title is not None:
            pad = theme.px(self.padding)
            title = theme.text_of(self.title)
            f = theme.fit_font(title, "display", self.title_size, self.rect.w - 2 * pad)
            outline = palette.WOOD_DARK if self.style == "dark" else None
            shadow = None if self.style == "dark" else (*palette.PARCHMENT_DARK, 255)
            theme.draw_text(surface, title, f, self.title_colour,
                            (self.rect.centerx, self.rect.y + pad - theme.px(6)), "midtop", outline, 2, shadow)
        if self.child is not None:
            self.child.draw(surface)


# --------------------------------------------------------------------------------------------------
def bubble_rect(area: pygame.Rect, text: str, pos: tuple[int, int], *, max_width: int = 340, size: int = 16,
                stripe: theme.Colour | None = None, anchor: str = "topleft") -> pygame.Rect:
    """Where ``draw_bubble`` would draw ``text`` at ``pos`` inside ``area``, without drawing it."""
    f = theme.font("text", size)
    pad = theme.px(10)
    lines = theme.wrap_text(text, f, theme.px(max_width))
    w = max((f.size(line)[0] for line in lines), default=0) + 2 * pad + (theme.px(6) if stripe else 0)
    rect = pygame.Rect(0, 0, w, len(lines) * f.get_linesize() + 2 * pad)
    setattr(rect, anchor, pos)
    return rect.clamp(area)


def draw_bubble(surface: pygame.Surface, text: str, pos: tuple[int, int], *, max_width: int = 340,
                size: int = 16, alpha: int = 255, stripe: theme.Colour | None = None,
                anchor: str = "topleft") -> pygame.Rect:
    """A small dark label with wrapped text near ``pos``, kept inside the surface. Returns its rect."""
    f = theme.font("text", size)
    pad = theme.px(10)
    lines = theme.wrap_text(text, f, theme.px(max_width))
    line_h = f.get_linesize()
    rect = bubble_rect(surface.get_rect(), text, pos, max_width=max_width, size=size, stripe=stripe, anchor=anchor)
    h = rect.h
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    box.blit(theme.frame("toast", rect.size), (0, 0))
    x0 = pad
    if stripe:
        pygame.draw.rect(box, stripe, pygame.Rect(theme.px(5), theme.px(6), theme.px(5), h - theme.px(14)),
                         border_radius=theme.px(3))
        x0 += theme.px(6)
    for i, line in enumerate(lines):
        box.blit(theme.render_text(line, f, palette.PARCHMENT), (x0, pad + i * line_h))
    if alpha < 255:
        box.set_alpha(alpha)
    surface.blit(box, rect)
    return rect


class Tooltip:
    """Hover help: shows a target's text after the mouse rests on it for ``delay`` seconds.

    ``watch(target, text)`` registers a Widget or Rect; ``watch_widgets(ws)`` registers widgets that
    have a ``tooltip``; ``source`` (a scene's ``explanations``, see ``game.scenes.common.Explains``) is asked
    for more (target, text) pairs each time, for what moves or is only known once drawn.
    ``show(text, pos, duration)`` pops a message at once (e.g. a refusal reason).
    Feed it every event (it never consumes one), update and draw it last.
    """

    def __init__(self, delay: float = 0.5, source: Callable[[], Iterable[tuple[Any, TextLike]]] | None = None):
        self.delay = delay
        self.source = source
        self._targets: list[tuple[Any, TextLike]] = []
        self.mouse: tuple[int, int] | None = None
        self._hover: Any = None
        self._hover_time = 0.0
        self._forced: tuple[TextLike, tuple[int, int], float] | None = None

    def watch(self, target: Widget | pygame.Rect, text: TextLike = None) -> None:
        self._targets.append((target, text))

    def watch_widgets(self, widgets: Iterable[Widget]) -> None:
        for w in widgets:
            if getattr(w, "tooltip", None) is not None:
                self._targets.append((w, None))

    def clear(self) -> None:
        self._targets.clear()
        self._hover = None

    def show(self, text: TextLike, pos: tuple[int, int], duration: float = 2.5) -> None:
        self._forced = (text, pos, duration)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self._hover_time = -1e9  # a click or key hides the tip until the mouse moves on
        return False

    def _target_at(self, pos: tuple[int, int]) -> tuple[Any, TextLike] | None:
        targets = [*self._targets, *(self.source() if self.source is not None else ())]
        for target, text in reversed(targets):   # the last named is on top
            rect = target.rect if isinstance(target, Widget) else target
            if isinstance(target, Widget) and not target.visible:
                continue
            if rect.collidepoint(pos):
                return target, (text if text is not None else getattr(target, "tooltip", None))
        return None

    def explanation_at(self, pos: tuple[int, int]) -> TextLike:
        """What resting the pointer at ``pos`` would show (None: nothing there says anything)."""
        hit = self._target_at(pos)
        return hit[1] if hit else None

    def update(self, dt: float) -> None:
        if self._forced is not None:
            text, pos, left = self._forced
            left -= dt
            self._forced = (text, pos, left) if left > 0 else None
        hit = self._target_at(self.mouse) if self.mouse is not None else None
        target = hit[0] if hit else None
        same = target is self._hover or (isinstance(target, pygame.Rect) and target == self._hover)
        if not same:   # a rect named again as it is drawn again is the same thing
            self._hover = target
            self._hover_time = dt
        elif target is not None:
            self._hover_time += dt

    @property
    def waiting(self) -> bool:
        """The pointer rests on something that explains itself and its text is not up yet: frames must keep
        coming (an idle app draws nothing and its clock would never reach the delay)."""
        if self._hover is None or self.mouse is None or not 0 <= self._hover_time < self.delay:
            return False
        hit = self._target_at(self.mouse)
        return bool(hit and hit[1] is not None)

    @property
    def active(self) -> bool:
        """Something is shown, or about to be: the scene is not idle."""
        return self.waiting or self.text is not None

    @property
    def text(self) -> str | None:
        """The text shown now (None when nothing is shown)."""
        if self._forced is not None:
            return theme.text_of(self._forced[0])
        if self._hover is not None and self._hover_time >= self.delay and self.mouse is not None:
            hit = self._target_at(self.mouse)
            if hit and hit[1] is not None:
                return theme.text_of(hit[1])
        return None

    def draw(self, surface: pygame.Surface) -> None:
        text = self.text
        if not text:
            return
        if self._forced is not None:
            pos = self._forced[1]
            alpha = int(255 * min(1.0, self._forced[2] / 0.4))
        else:
            pos = self.mouse or (0, 0)
            alpha = 255
        draw_bubble(surface, text, (pos[0] + theme.px(14), pos[1] + theme.px(18)), alpha=alpha)


# --------------------------------------------------------------------------------------------------
TOAST_STRIPES = {"info": palette.GOLD, "error": palette.RED, "good": palette.GREEN}


class Toast:
    """A message that fades in, stays ``duration`` seconds and fades out."""

    FADE = 0.5

    def __init__(self, text: TextLike, duration: float = 3.0, kind: str = "info"):
        self.text = text
        self.duration = duration
        self.kind = kind
        self.age = 0.0

    @property
    def done(self) -> bool:
        return self.age >= self.duration

    @property
    def alpha(self) -> int:
        fade_in = min(1.0, self.age / 0.15)
        fade_out = min(1.0, max(0.0, (self.duration - self.age) / self.FADE))
        return int(255 * min(fade_in, fade_out))

    def update(self, dt: float) -> None:
        self.age += dt


class ToastStack(Widget):
    """Toasts stacked upward from the bottom centre of ``rect`` (the whole surface when empty).

    ``push(text, duration, kind)``: kind "info" (gold), "error" (red) or "good" (green).
    """

    def __init__(self, rect: RectLike = None, *, max_visible: int = 4):
        super().__init__(rect)
        self.toasts: list[Toast] = []
        self.max_visible = max_visible

    def push(self, text: TextLike, duration: float = 3.0, kind: str = "info") -> Toast:
        toast = Toast(text, duration, kind)
        self.toasts.append(toast)
        self.toasts = self.toasts[-self.max_visible:]
        return toast

    def texts(self) -> list[str]:
        """The messages on screen now, oldest first (translated)."""
        return [theme.text_of(t.text) for t in self.toasts]

    @property
    def active(self) -> bool:
        return bool(self.toasts)

    def update(self, dt: float) -> None:
        for t in self.toasts:
            t.update(dt)
        self.toasts = [t for t in self.toasts if not t.done]

    def draw(self, surface: pygame.Surface) -> None:
        area = self.rect if self.rect.w > 0 else surface.get_rect()
        y = area.bottom - theme.px(24)
        for toast in reversed(self.toasts):
            rect = draw_bubble(surface, theme.text_of(toast.text), (area.centerx, y), max_width=520, size=18,
                               alpha=toast.alpha, stripe=TOAST_STRIPES.get(toast.kind, palette.GOLD),
                               anchor="midbottom")
            y = rect.top - theme.px(8)


# --------------------------------------------------------------------------------------------------
class Box(Widget):
    """A container laying out ``children`` in a column (``vertical``) or a row.

    Column: each child gets its preferred height; ``align`` "stretch" (full width), "center", "left",
    "right". Row: the width is shared by ``weights`` (equal by default); children get the full height
    (``align="stretch"``) or their preferred height centred. ``spacing``/``padding`` are design px.
    Events go to the children (last drawn first); the first that consumes wins.
    """

    def __init__(self, children: Iterable[Widget] = (), rect: RectLike = None, *, vertical: bool = True,
                 spacing: int = 10, padding: int = 0, align: str = "stretch",
                 weights: Sequence[float] | None = None):
        super().__init__(rect)
        self.children = list(children)
        self.vertical = vertical
        self.spacing, self.padding, self.align = spacing, padding, align
        self.weights = list(weights) if weights is not None else None

    def add(self, child: Widget) -> Widget:
        self.children.append(child)
        return child

    def _shown(self) -> list[Widget]:
        return [c for c in self.children if c.visible]

    def preferred_size(self, width: int | None = None) -> tuple[int, int]:
        kids = self._shown()
        gap, pad = theme.px(self.spacing), theme.px(self.padding)
        if self.vertical:
            inner = (width - 2 * pad) if width is not None else None
            sizes = [c.preferred_size(inner) for c in kids]
            w = max((s[0] for s in sizes), default=0) + 2 * pad
            h = sum(s[1] for s in sizes) + gap * max(0, len(kids) - 1) + 2 * pad
        else:
            sizes = [c.preferred_size() for c in kids]
            w = sum(s[0] for s in sizes) + gap * max(0, len(kids) - 1) + 2 * pad
            h = max((s[1] for s in sizes), default=0) + 2 * pad
        return (width if width is not None else w, h)

    def set_rect(self, rect: RectLike) -> None:
        super().set_rect(rect)
        kids = self._shown()
        gap, pad = theme.px(self.spacing), theme.px(self.padding)
        inner = self.rect.inflate(-2 * pad, -2 * pad)
        if self.vertical:
            y = inner.y
            for c in kids:
                if self.align == "stretch":
                    w, h = inner.w, c.preferred_size(inner.w)[1]
                else:
                    w, h = c.preferred_size()
                    w = min(w, inner.w)
                x = {"center": inner.centerx - w // 2, "right": inner.right - w}.get(self.align, inner.x)
                c.layout(pygame.Rect(x, y, w, h))
                y += h + gap
        else:
            weights = self.weights or [1.0] * len(kids)
            weights = (weights + [1.0] * len(kids))[:len(kids)]
            total_w = inner.w - gap * max(0, len(kids) - 1)
            wsum = sum(weights) or 1.0
            x = inner.x
            for c, wt in zip(kids, weights):
                w = int(total_w * wt / wsum)
                if self.align == "stretch":
                    r = pygame.Rect(x, inner.y, w, inner.h)
                else:
                    h = min(inner.h, c.preferred_size(w)[1])
                    r = pygame.Rect(x, inner.centery - h // 2, w, h)
                c.layout(r)
                x += w + gap

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        for c in reversed(self._shown()):
            if c.handle(event):
                return True
        return False

    def update(self, dt: float) -> None:
        for c in self.children:
            c.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        for c in self._shown():
            c.draw(surface)

    def walk(self) -> list[Widget]:
        """This box's widgets, depth first (nested boxes and panel children included)."""
        out: list[Widget] = []
        for c in self.children:
            out.append(c)
            if isinstance(c, Box):
                out.extend(c.walk())
            elif isinstance(c, Panel) and c.child is not None:
                out.append(c.child)
                if isinstance(c.child, Box):
                    out.extend(c.child.walk())
        return out


class VBox(Box):
    def __init__(self, children: Iterable[Widget] = (), rect: RectLike = None, **kwargs: Any):
        super().__init__(children, rect, vertical=True, **kwargs)


class HBox(Box):
    def __init__(self, children: Iterable[Widget] = (), rect: RectLike = None, **kwargs: Any):
        super().__init__(children, rect, vertical=False, **kwargs)


Container = Box


# --------------------------------------------------------------------------------------------------
class FocusRing:
    """Keyboard focus among focusable widgets: Tab / Shift+Tab and the arrow keys move it (arrows go
    to the focused widget first when it uses them, e.g. a Slider); a mouse press focuses the widget
    under the cursor. Call ``handle`` before the widgets' own ``handle``; it consumes only focus moves.
    """

    def __init__(self, widgets: Iterable[Widget] = ()):
        self.widgets: list[Widget] = []
        self.focused: Widget | None = None
        self.set_widgets(widgets)

    def set_widgets(self, widgets: Iterable[Widget]) -> None:
        self.widgets = [w for w in widgets if w.focusable]
        if self.focused is not None and self.focused not in self.widgets:
            self.focus(None)

    def _candidates(self) -> list[Widget]:
        return [w for w in self.widgets if w.visible and w.enabled]

    def focus(self, widget: Widget | None, keyboard: bool = True) -> None:
        if self.focused is not None and self.focused is not widget:
            if isinstance(self.focused, TextInput):
                self.focused.set_focus(False)
            self.focused.focused = False
            self.focused.focus_visible = False
        self.focused = widget
        if widget is not None:
            if isinstance(widget, TextInput):
                widget.set_focus(True)
            widget.focused = True
            widget.focus_visible = keyboard

    def move(self, step: int = 1) -> Widget | None:
        """Focus the next (step=1) or previous (-1) usable widget, wrapping around."""
        cands = self._candidates()
        if not cands:
            self.focus(None)
            return None
        if self.focused in cands:
            i = (cands.index(self.focused) + step) % len(cands)
        else:
            i = 0 if step > 0 else len(cands) - 1
        self.focus(cands[i])
        return self.focused

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                self.move(-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1)
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
                if self.focused is not None and self.focused.interactive and self.focused.wants_key(event.key):
                    return False
                self.move(-1 if event.key in (pygame.K_UP, pygame.K_LEFT) else 1)
                return True
        elif _is_click_down(event):
            for w in reversed(self._candidates()):
                if w.rect.collidepoint(event.pos):
                    self.focus(w, keyboard=False)
                    return False
            if isinstance(self.focused, TextInput):
                self.focus(None)
        return False
