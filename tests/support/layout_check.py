"""What a scene really drew, for the window-size tests: every widget whose ``draw`` ran (and drew), with its
rect, and the problems a player would see — a control outside the window, two controls on top of each
other, a text that does not fit its control or label, a size that is zero or negative."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.core.protocol import Text
from game.scenes.menu import GameTile
from game.scenes.setup import ColourChip
from game.ui import theme
from game.ui.widgets import Button, Choice, Label, Slider, TextInput, Toggle, Widget

#: what a player clicks or types into
CONTROLS = (Button, Toggle, Choice, TextInput, Slider, ColourChip, GameTile)


def _subclasses(cls: type) -> set[type]:
    out = {cls}
    for sub in cls.__subclasses__():
        out |= _subclasses(sub)
    return out


@dataclass
class Drawn:
    widgets: list = field(default_factory=list)

    def controls(self) -> list:
        seen, out = set(), []
        for w in self.widgets:
            if isinstance(w, CONTROLS) and id(w) not in seen:
                seen.add(id(w))
                out.append(w)
        return out


def record_draws(monkeypatch) -> Drawn:
    """From now on, every widget drawn while visible is added to the returned record (clear it between
    frames with ``drawn.widgets.clear()``)."""
    drawn = Drawn()
    for cls in _subclasses(Widget) | {GameTile}:
        if "draw" not in vars(cls):
            continue
        original = vars(cls)["draw"]

        def draw(self, surface, *args, _original=original, **kwargs):
            if getattr(self, "visible", True) and self not in drawn.widgets:
                drawn.widgets.append(self)
            return _original(self, surface, *args, **kwargs)

        monkeypatch.setattr(cls, "draw", draw)
    return drawn


def _label(w) -> str:
    text = getattr(w, "text", None)
    return theme.text_of(text)[:40] if isinstance(text, (str, Text)) else ""


def _text_width(text: str, fnt: pygame.font.Font) -> int:
    return fnt.size(text)[0]


def text_problems(w) -> list[str]:
    """A text that does not fit the widget that shows it."""
    out = []
    r = w.rect
    if isinstance(w, Button):
        label = theme.text_of(w.text)
        if not label:
            return out
        inner = r.w - theme.px(24)
        if w.icon is not None:
            icon_w = max(0, min(r.h - theme.px(16), w.icon.get_height()))
            if icon_w:
                inner -= icon_w + theme.px(8)
        f = theme.fit_font(label, w.role, w.size, max(10, inner))
        if _text_width(label, f) > inner + 2 or f.get_height() > r.h:
            out.append(f"button text {label!r} does not fit {r}")
    elif isinstance(w, Choice):
        left, right = w.arrow_rects()
        label = theme.text_of(w.labels[w.index])
        room = right.left - left.right - theme.px(8)
        f = theme.fit_font(label, "bold", w.size, max(10, room))
        if _text_width(label, f) > room + 2:
            out.append(f"choice text {label!r} does not fit {r}")
    elif isinstance(w, Toggle):
        label = theme.text_of(w.text)
        f = theme.font("text", w.size)
        if w.box_rect().right + theme.px(10) + _text_width(label, f) > r.right + 2:
            out.append(f"toggle text {label!r} does not fit {r}")
    elif isinstance(w, Label) and r.w > 0 and r.h > 0:
        text = theme.text_of(w.text)
        if text.strip():
            lines = w.lines()
            f = w.font
            widest = max((_text_width(line, f) for line in lines), default=0)
            tall = len(lines) * int(f.get_linesize() * w.line_spacing)
            if widest > r.w + 2:
                out.append(f"label {text[:40]!r} wider than {r}")
            if tall > r.h + max(4, f.get_linesize() // 2):
                out.append(f"label {text[:40]!r} ({len(lines)} lines, {tall}px) taller than {r}")
    return out


def problems(drawn: Drawn, window: pygame.Rect, texts: bool = True) -> list[str]:
    """Everything wrong with what was drawn in a window of ``window``'s size."""
    out = []
    for w in drawn.widgets:
        r = w.rect
        name = type(w).__name__
        label = _label(w)
        if r.w < 0 or r.h < 0:
            out.append(f"{name} {label!r} has a negative size {r}")
            continue
        if r.w == 0 or r.h == 0:
            if isinstance(w, CONTROLS):
                out.append(f"{name} {label!r} has an empty rect {r}")
            continue
        if not window.contains(r):
            out.append(f"{name} {label!r} {r} is outside the window {window.size}")
        if texts:
            out += text_problems(w)
    controls = [c for c in drawn.controls() if c.rect.w > 0 and c.rect.h > 0]
    for i, a in enumerate(controls):
        for b in controls[i + 1:]:
            if b in getattr(a, "parts", ()) or a in getattr(b, "parts", ()):
                if not (a.rect.contains(b.rect) or b.rect.contains(a.rect)):   # a part stays inside its whole
                    out.append(f"{type(a).__name__} {_label(a)!r} {a.rect} and its part {_label(b)!r} {b.rect}")
                continue
            if a.rect.colliderect(b.rect):
                out.append(f"{type(a).__name__} {_label(a)!r} {a.rect} overlaps {type(b).__name__} {_label(b)!r} {b.rect}")
    return out
