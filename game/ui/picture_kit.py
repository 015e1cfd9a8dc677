"""What the rules pictures of several games share (Planks, Spanish Main): the examples and the actions drawn on
them (``Mark``, ``Example``, replayed through the engine by ``Replay``), the scale of one
picture (``Kit``: design pixels, fonts never below 12 px, plates, words, titles, parchment cards, the wood
frame), and the layout helpers ``column``, ``row``, ``arrow``, ``fit_width`` and ``draw_picture``.

A game's ``rules_pictures`` keeps its own positions, sprites and pictures; it subclasses ``Kit`` where it needs
more parts.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

import pygame

from game.core.protocol import Action, State, Text
from game.ui import palette, theme

__all__ = ["Mark", "Example", "Replay", "Kit", "column", "row", "arrow", "fit_width",
           "draw_picture"]


@dataclass(frozen=True)
class Mark:
    """Actions drawn on a picture, played in order from the example's position: the last one is legal
    (``ok``) or refused by the engine with ``reason`` (a catalog key); the ones before it are legal."""
    actions: tuple[Action, ...]
    ok: bool
    reason: str | None = None


@dataclass(frozen=True)
class Example:
    """A position as the game's ``positions.position`` takes it (``at``), or a new game with ``new`` options and
    ``seed``, and the actions drawn on it."""
    players: int = 3
    at: dict[str, Any] = field(default_factory=dict)
    new: dict[str, Any] | None = None
    seed: int = 1
    marks: tuple[Mark, ...] = ()


@dataclass(frozen=True)
class Replay:
    """A game's examples replayed through its engine: ``rules`` (its ``Rules``, for a new game) and its
    ``positions.position(players, **at)``. A game's rules_pictures exports the three methods as its own
    ``state_of``, ``verdict`` and ``played`` (the tests replay every example through them)."""
    rules: Any
    position: Callable[..., State]

    def state_of(self, ex: Example) -> Any:
        """The example's position: a new game with its options and seed, or ``position(players, **at)``."""
        if ex.new is not None:
            return self.rules.new_game(ex.players, ex.new, ex.seed)
        return self.position(ex.players, **ex.at)

    def verdict(self, ex: Example, mark: Mark) -> tuple[Any, Text | None]:
        """Play every action of ``mark`` but the last (each must be legal) and ask the engine about the last:
        (the position it is asked in, None if legal or the reason it is refused)."""
        s = self.state_of(ex)
        for a in mark.actions[:-1]:
            s.apply(a)
        return s, s.check(mark.actions[-1])

    def played(self, ex: Example, mark: Mark) -> Any:
        """The position after every action of a legal ``mark``."""
        s = self.state_of(ex)
        for a in mark.actions:
            s.apply(a)
        return s


class Kit:
    """The scale of one picture: ``px`` turns design pixels (at ``DESIGN_W``) into pixels, ``font`` never goes
    below 12 px."""
    DESIGN_W = 812          # the rules page's column at 1280x720
    CARD_GAP = 8            # between the parts of a ``card`` (design pixels)

    def __init__(self, width: int):
        self.w = max(120, int(width))
        self.s = self.w / self.DESIGN_W

    def px(self, v: float) -> int:
        return max(1, round(v * self.s)) if v > 0 else round(v * self.s)

    def font(self, size: float, role: str = "bold") -> pygame.font.Font:
        return theme.font_px(role, max(12, round(size * self.s)))

    def tag(self, text: str, size: float = 15, colour=palette.INK, fill=palette.PARCHMENT,
            max_w: int | None = None) -> pygame.Surface:
        """A word or a short line on a plate (wrapped at ``max_w``)."""
        f = self.font(size)
        pad_x, pad_y = self.px(7), self.px(2)
        lines = theme.wrap_text(text, f, max_w - 2 * pad_x) if max_w else [text]
        imgs = [theme.render_text(line, f, colour) for line in lines]
        w = max(i.get_width() for i in imgs) + 2 * pad_x
        h = sum(i.get_height() for i in imgs) + 2 * pad_y
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        r = out.get_rect()
        pygame.draw.rect(out, fill, r, border_radius=self.px(6))
        pygame.draw.rect(out, palette.WOOD_DARK, r, max(1, self.px(1.5)), border_radius=self.px(6))
        y = pad_y
        for i in imgs:
            out.blit(i, ((w - i.get_width()) // 2, y))
            y += i.get_height()
        return out

    def words(self, text: str, width: int, size: float = 15, role: str = "text", colour=palette.INK,
              align: str = "center") -> pygame.Surface:
        """A short text wrapped to ``width``."""
        f = self.font(size, role)
        lines = theme.wrap_text(text, f, max(20, width)) or [""]
        return column([theme.render_text(line, f, colour) for line in lines], 0, align)

    def title(self, text: str, width: int, size: float = 18, colour=palette.WOOD_DARK) -> pygame.Surface:
        f = theme.fit_font(text, "display", max(12, round(size * self.s)), max(20, width), 12)
        if f.size(text)[0] > width:
            return self.words(text, width, size, "bold", colour)
        return theme.render_text(text, f, colour)

    def card(self, parts: list[pygame.Surface], width: int, align: str = "center") -> pygame.Surface:
        """Parts in a column on a parchment card ``width`` wide."""
        pad = self.px(10)
        inner = column(parts, self.px(self.CARD_GAP), align)
        w = max(width, inner.get_width() + 2 * pad)
        out = pygame.Surface((w, inner.get_height() + 2 * pad), pygame.SRCALPHA)
        pygame.draw.rect(out, palette.PARCHMENT, out.get_rect(), border_radius=self.px(8))
        pygame.draw.rect(out, palette.WOOD, out.get_rect(), max(1, self.px(2)), border_radius=self.px(8))
        x = (w - inner.get_width()) // 2 if align == "center" else pad
        out.blit(inner, (x, pad))
        return out

    def framed(self, img: pygame.Surface, under: pygame.Surface | None = None) -> pygame.Surface:
        """A picture in the table's dark wood frame (on ``under``, the table's cloth, when given)."""
        b = max(3, self.px(5))
        out = pygame.Surface((img.get_width() + 2 * b, img.get_height() + 2 * b), pygame.SRCALPHA)
        pygame.draw.rect(out, palette.WOOD_DARK, out.get_rect(), border_radius=b + 2)
        if under is not None:
            out.blit(under, (b, b))
        out.blit(img, (b, b))
        return out


def column(parts: Sequence[pygame.Surface | None], gap: int = 6, align: str = "center") -> pygame.Surface:
    items = [p for p in parts if p is not None]
    w = max(p.get_width() for p in items)
    h = sum(p.get_height() for p in items) + gap * (len(items) - 1)
    out = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    y = 0
    for p in items:
        out.blit(p, ((w - p.get_width()) // 2 if align == "center" else 0, y))
        y += p.get_height() + gap
    return out


def row(parts: Sequence[pygame.Surface | None], gap: int = 12, valign: str = "center") -> pygame.Surface:
    items = [p for p in parts if p is not None]
    w = sum(p.get_width() for p in items) + gap * (len(items) - 1)
    h = max(p.get_height() for p in items)
    out = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    x = 0
    for p in items:
        out.blit(p, (x, (h - p.get_height()) // 2 if valign == "center" else 0))
        x += p.get_width() + gap
    return out


def arrow(kit: Kit, length: int, colour=palette.WOOD_DARK, left: bool = False) -> pygame.Surface:
    """A fat arrow pointing right (or left)."""
    h = kit.px(22)
    out = pygame.Surface((max(8, length), h), pygame.SRCALPHA)
    pygame.draw.line(out, colour, (0, h / 2), (length * 0.6, h / 2), max(3, kit.px(5)))
    pygame.draw.polygon(out, colour, [(length * 0.5, 0), (length, h / 2), (length * 0.5, h)])
    return pygame.transform.flip(out, True, False) if left else out


def fit_width(img: pygame.Surface, width: int) -> pygame.Surface:
    """Never wider than ``width`` (a last resort: the pictures are laid out to fit)."""
    if img.get_width() <= width:
        return img
    k = width / img.get_width()
    return pygame.transform.smoothscale(img, (width, max(1, round(img.get_height() * k))))


def draw_picture(pictures: Mapping[str, Callable[[int], pygame.Surface]], name: str,
                 width: int) -> pygame.Surface:
    """The picture ``name`` of ``pictures``, at most ``width`` pixels wide (KeyError for an unknown name)."""
    if name not in pictures:
        raise KeyError(name)
    return fit_width(pictures[name](max(120, int(width))), max(1, int(width)))
