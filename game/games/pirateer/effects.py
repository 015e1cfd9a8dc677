"""Short animations on the Pirateer board (spec section 9, "Animation"): a ship gliding square by
square, a boarded ship sinking in a puff of smoke, the coin hopping to its new carrier, the storm's
wave, the nuke's ring, the winner's glint and the banners over the map.

Each effect is a ``Clip`` of the table's timeline (``game.ui.timeline``): the scene puts it on
``self.timeline``, which ages it at the speed set in Settings, skips it on a click and holds the bots
while it runs; the effect only draws itself as a pure function of its progress ``t``. Board effects are
drawn in the ``"board"`` layer (clipped to the map), banners in ``"top"`` (most linger without holding
the bots, ``blocking=False``; "No legal move" holds them, or waits for its OK: ``Banner``). Pieces an effect shows itself are hidden from the board's normal drawing
until it ends (``hides``: ship ids, and ``COIN`` for the coin). ``Tumble`` is the dice's roll: it draws
nothing on the board, the side panel reads its age. ``box()`` is where an effect's picture is now (the
scene names it there, issue 15: what a player sees explains itself), None when it shows nothing.
"""
from __future__ import annotations

import math
from typing import Callable, Sequence

import pygame

from game.ui import palette, theme
from game.ui.timeline import Clip

Point = tuple[float, float]
ShipImage = Callable[[float], pygame.Surface]   # scale -> the ship's picture

STEP_SECONDS = 0.08     # a ship glides one square in 80 ms (spec section 9)
ROLL_SECONDS = 0.55     # the dice tumble this long before they show their faces
COIN = "coin"           # in ``hides``: the effect draws the coin itself


class Effect(Clip):
    """A Pirateer picture on the timeline, drawn on the board (``layer`` "board") unless it says otherwise."""

    layer = "board"

    def box(self) -> pygame.Rect | None:
        """Where the picture is now, on screen (None: nothing shown)."""
        return None


class Tumble(Clip):
    """The dice rolling (R2): nothing on the board; the side panel tumbles the dice while it runs."""

    layer = "panel"

    def __init__(self, duration: float = ROLL_SECONDS) -> None:
        super().__init__(0.0, duration)


class Glide(Effect):
    """Ships (a flotilla group moves together) glide through ``points``; a ``jump`` waypoint is a
    strait: the ship slides off one board edge and comes back in at the other."""

    def __init__(self, ships: Sequence[str], images: Sequence[pygame.Surface], points: Sequence[tuple[Point, bool]],
                 delay: float = 0.0, step: float = STEP_SECONDS, foot: tuple[int, int] | None = None,
                 board_centre_y: float = 0.0, tag: str | None = None) -> None:
        super().__init__(delay, step * max(1, len(points) - 1), tag=tag, hides=ships)
        self.images = list(images)
        self.points = list(points)
        self.foot = foot        # the point of the image that stands on the square (default: its centre)
        self.mid_y = board_centre_y

    def position(self) -> tuple[Point, float]:
        """Where the group is now and how opaque (0..1)."""
        n = len(self.points) - 1
        if n <= 0:
            return self.points[0][0], 1.0
        f = self.t * n
        i = min(n - 1, int(f))
        local = f - i
        (a, _), (b, jump) = self.points[i], self.points[i + 1]
        if not jump:
            e = local
            return (a[0] + (b[0] - a[0]) * e, a[1] + (b[1] - a[1]) * e), 1.0
        out_a = 1 if a[1] < self.mid_y else -1      # off the nearer long edge, in at the other
        dist = 28.0
        if local < 0.5:
            k = local / 0.5
            return (a[0], a[1] - out_a * dist * k), 1.0 - k
        k = (local - 0.5) / 0.5
        return (b[0], b[1] + out_a * dist * (1 - k)), k

    def box(self) -> pygame.Rect | None:
        if not self.images:
            return None
        (x, y), _ = self.position()
        img = self.images[0]
        fx, fy = self.foot if self.foot is not None else (img.get_width() // 2, img.get_height() // 2)
        return pygame.Rect(int(x - fx), int(y - fy), img.get_width(), img.get_height())

    def draw(self, surface: pygame.Surface) -> None:
        (x, y), alpha = self.position()
        for k, img in enumerate(self.images):
            im = img
            if alpha < 0.99:
                im = img.copy()
                im.set_alpha(int(255 * alpha))
            off = k * 4
            fx, fy = self.foot if self.foot is not None else (img.get_width() // 2, img.get_height() // 2)
            surface.blit(im, (int(x + off - fx), int(y - off - fy)))


class Sink(Effect):
    """A ship fades and shrinks where it stood (boarded, storm, blast)."""

    def __init__(self, image: pygame.Surface, at: Point, delay: float, duration: float = 0.6,
                 foot: tuple[int, int] | None = None) -> None:
        super().__init__(delay, duration)
        self.image = image
        w, h = image.get_size()
        fx, fy = foot if foot is not None else (w // 2, h // 2)
        self.at = (at[0] + w / 2 - fx, at[1] + h / 2 - fy)     # the image's centre

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        if t >= 1.0:
            return
        scale = 1.0 - 0.6 * t
        w, h = self.image.get_size()
        img = pygame.transform.smoothscale(self.image, (max(1, int(w * scale)), max(1, int(h * scale))))
        img.set_alpha(int(255 * (1 - t)))
        surface.blit(img, img.get_rect(center=(self.at[0], self.at[1] + 6 * t)))

    def box(self) -> pygame.Rect | None:
        return None if self.t >= 1.0 else self.image.get_rect(center=(int(self.at[0]), int(self.at[1])))

    def draw_waiting(self, surface: pygame.Surface) -> None:
        """Before it starts (the attacker is still gliding in) the victim just floats there."""
        surface.blit(self.image, self.image.get_rect(center=self.at))


class Frames(Effect):
    """A sequence of pictures played once at a point (smoke, glint); ``what`` names it ("smoke", "glint")."""

    def __init__(self, frames: Sequence[pygame.Surface], at: Point, delay: float, duration: float,
                 what: str = "") -> None:
        super().__init__(delay, duration)
        self.frames, self.at, self.what = list(frames), at, what

    def box(self) -> pygame.Rect | None:
        if not self.started or self.done or not self.frames:
            return None
        return self.frames[0].get_rect(center=(int(self.at[0]), int(self.at[1])))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.done or not self.frames:
            return
        img = self.frames[min(len(self.frames) - 1, int(self.t * len(self.frames)))]
        surface.blit(img, img.get_rect(center=self.at))


class CoinHop(Effect):
    """The coin jumps in an arc from one piece to another. ``to``: where it lands (a ship id, or "island"): the
    table leaves that one coin out there until it lands (V11.5: the other treasure stays in sight); without it
    the hop hides every coin (``COIN``)."""

    def __init__(self, coin: pygame.Surface, a: Point, b: Point, delay: float, duration: float = 0.45,
                 to: str | None = None) -> None:
        super().__init__(delay, duration, hides=(COIN,) if to is None else ())
        self.coin, self.a, self.b, self.to = coin, a, b, to

    def point(self) -> Point:
        t = self.t
        return (self.a[0] + (self.b[0] - self.a[0]) * t,
                self.a[1] + (self.b[1] - self.a[1]) * t - math.sin(math.pi * t) * 36)

    def box(self) -> pygame.Rect | None:
        x, y = self.point()
        return self.coin.get_rect(center=(int(x), int(y)))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        x = self.a[0] + (self.b[0] - self.a[0]) * t
        y = self.a[1] + (self.b[1] - self.a[1]) * t - math.sin(math.pi * t) * 36
        surface.blit(self.coin, self.coin.get_rect(center=(x, y)))


class Storm(Effect):
    """The board darkens and a wave sweeps over the doomed ship."""

    def __init__(self, wave: pygame.Surface, at: Point, board: pygame.Rect, delay: float = 0.0,
                 duration: float = 1.1) -> None:
        super().__init__(delay, duration)
        self.wave, self.at, self.board = wave, at, board

    def box(self) -> pygame.Rect | None:
        return None if not self.started or self.done else pygame.Rect(self.board)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.done:
            return
        t = self.t
        dark = math.sin(math.pi * t)
        shade = theme.overlay(self.board.size, (8, 18, 32, int(130 * dark)))
        surface.blit(shade, self.board)
        x = self.board.x - self.wave.get_width() + (self.board.w + 2 * self.wave.get_width()) * t
        img = self.wave
        surface.blit(img, img.get_rect(midbottom=(x, self.at[1] + img.get_height() * 0.35)))


class Blast(Effect):
    """V3: an expanding ring of radius r around the armed ship, with a flash."""

    def __init__(self, at: Point, radius: float, delay: float = 0.0, duration: float = 0.9) -> None:
        super().__init__(delay, duration)
        self.at, self.radius = at, radius

    def box(self) -> pygame.Rect | None:
        if not self.started or self.done:
            return None
        r = max(2, int(self.radius * min(1.0, self.t / 0.6)))
        return pygame.Rect(int(self.at[0] - r), int(self.at[1] - r), 2 * r, 2 * r)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.done:
            return
        t = self.t
        r = max(2, int(self.radius * min(1.0, t / 0.6)))
        fade = 1.0 if t < 0.6 else 1.0 - (t - 0.6) / 0.4
        size = 2 * r + 8
        layer = pygame.Surface((size, size), pygame.SRCALPHA)
        c = (size // 2, size // 2)
        pygame.draw.circle(layer, (255, 200, 90, int(90 * fade)), c, r)
        pygame.draw.circle(layer, (255, 120, 40, int(230 * fade)), c, r, max(3, r // 10))
        pygame.draw.circle(layer, (255, 250, 220, int(200 * fade * (1 - t))), c, max(2, r // 3))
        surface.blit(layer, layer.get_rect(center=self.at))


class Banner(Effect):
    """A message over the board ("No legal move", "Storm!", a fleet chosen): a dark plate ringed in gold, the
    words large and, under them, ``sub`` (who, what roll, why) and ``more`` (what happens now) if given, wrapped
    to ``max_w`` pixels; it fades in and out quickly. By default it lingers without holding the bots; a
    ``blocking`` one holds them while it shows (a turn with no move is read before the next seat starts); a
    ``held`` one stays until ``release`` (its OK: a click or a key), whatever skips the timeline, with ``room``
    pixels left free at its foot for the scene's OK button."""

    layer = "top"
    HELD = 1e9          # a held banner's duration: it ends when released

    def __init__(self, text: str, centre: Point, delay: float = 0.0, duration: float = 1.6,
                 colour: tuple[int, int, int] = palette.GOLD_LIGHT, sub: str | None = None, *,
                 more: str | None = None, blocking: bool = False, held: bool = False, room: int = 0,
                 max_w: int | None = None) -> None:
        super().__init__(delay, self.HELD if held else duration, blocking=blocking or held)
        self.text, self.centre, self.colour, self.sub, self.more = text, centre, colour, sub, more
        self.held, self.room, self.max_w = held, room, max_w

    def release(self) -> None:
        """Its OK: a held banner ends now."""
        self.held = False
        self.finish()

    def finish(self) -> None:
        if self.held:               # a click on the table or a skip does not end it, only its OK: it shows now
            self.age = max(self.age, self.delay + 0.15)
            return
        super().finish()

    def _lines(self) -> list[tuple[str, pygame.font.Font, tuple[int, int, int]]]:
        """The words under the title, wrapped: (line, font, colour)."""
        room = (self.max_w - theme.px(48)) if self.max_w else None
        out = []
        for words, colour in ((self.sub, palette.PARCHMENT), (self.more, palette.GOLD_LIGHT)):
            if not words:
                continue
            f = theme.font("bold", 17)
            for line in (theme.wrap_text(words, f, room) if room else [words]):
                out.append((line, f, colour))
        return out

    def _size(self) -> tuple[int, int]:
        f = theme.font("display", 34)
        w, h = f.size(self.text)
        if self.max_w:
            w = min(w, self.max_w - theme.px(48))
        for line, lf, _ in self._lines():
            lw, lh = lf.size(line)
            w, h = max(w, lw), h + lh + theme.px(2)
        if self.sub or self.more:
            h += theme.px(2)
        return w + theme.px(48), h + theme.px(24) + self.room

    def box(self) -> pygame.Rect | None:
        if not self.started or self.done:
            return None
        w, h = self._size()
        return pygame.Rect(int(self.centre[0] - w / 2), int(self.centre[1] - h / 2), w, h)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.done:
            return
        t = self.t
        alpha = max(0.0, min(1.0, t * self.duration / 0.15, (1 - t) * self.duration / 0.3))
        box = self.box()
        if box is None:
            return
        plate = pygame.Surface(box.size, pygame.SRCALPHA)
        radius = theme.px(10)
        pygame.draw.rect(plate, (*palette.WOOD_DARK, 238), plate.get_rect(), border_radius=radius)
        pygame.draw.rect(plate, (*palette.GOLD, 255), plate.get_rect(), max(2, theme.px(3)), border_radius=radius)
        f = theme.fit_font(self.text, "display", 34, box.w - theme.px(48), 18) if self.max_w else \
            theme.font("display", 34)
        title = theme.render_text(self.text, f, self.colour, palette.INK, 2)
        y = theme.px(10)
        plate.blit(title, title.get_rect(midtop=(box.w // 2, y)))
        y += title.get_height() + theme.px(2)
        for line, lf, colour in self._lines():
            img = theme.render_text(line, lf, colour)
            plate.blit(img, img.get_rect(midtop=(box.w // 2, y)))
            y += lf.size(line)[1] + theme.px(2)
        plate.set_alpha(int(255 * alpha))
        surface.blit(plate, box)
