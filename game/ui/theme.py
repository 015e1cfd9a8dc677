"""The look shared by every widget: fonts, images, 9-slices, textures, text helpers, seat colours.

Everything here is cached and loaded lazily, so it may be imported before the window exists. A
missing asset never crashes: a drawn look replaces it and one warning is logged per missing file.

Sizes given to this module are *design* pixels in a 1280x720 window; ``px`` and ``font`` scale them
by ``scale()`` (the smaller of width / 1280 and height / 720, clamped) so text stays readable on small and
large windows and a tall, narrow (portrait) window gets a layout as narrow as itself.
The only module state is the caches below and the optional asset-root override used by tests.
"""
from __future__ import annotations

import io
import logging
import math
from pathlib import Path
from typing import Any, Callable, Sequence

import pygame

from game import paths
from game.core.protocol import Text
from game.ui import palette

log = logging.getLogger("game.ui")

Colour = tuple[int, int, int] | tuple[int, int, int, int]

DESIGN_WIDTH, DESIGN_HEIGHT = 1280, 720
MIN_WINDOW = (960, 540)
ROLES = {"display": "display", "text": "text", "bold": "text_bold", "text_bold": "text_bold"}

_asset_root: Path | None = None          # tests point this at a folder without assets
_warned: set[str] = set()
_fonts: dict[tuple[str, int], pygame.font.Font] = {}
_font_data: dict[str, bytes | None] = {}  # font files read whole: a Font made from a path holds its file open
_fonts_checked: set[str] = set()  # font files that measured every character of _FONT_PROBE
_images: dict[tuple[str, ...], pygame.Surface | None] = {}
_derived: dict[tuple[Any, ...], pygame.Surface] = {}
_DERIVED_MAX = 512
#: what the derived surfaces may hold in all (a window resized through many sizes leaves a background at each of
#: them: counted by number alone, 512 window-sized pictures at 4K came to gigabytes); then they start afresh
CACHE_BYTES = 160 * 1024 * 1024
_derived_bytes = 0
_texts: dict[tuple[Any, ...], pygame.Surface] = {}
_TEXTS_MAX = 2048
#: wrapped lines and fitted fonts, by text, font and width: a kept picture painted again measures the same texts
#: again (a table's panel, a popup); a text longer than _MEASURED_CHARS is measured afresh each time
_wraps: dict[tuple[Any, ...], tuple[str, ...]] = {}
_fits: dict[tuple[Any, ...], pygame.font.Font] = {}
_MEASURED_MAX = 4096
_MEASURED_CHARS = 2000


# --------------------------------------------------------------------------------------------------
# Assets and caches
# --------------------------------------------------------------------------------------------------
def set_asset_root(root: Path | str | None) -> None:
    """Load assets from ``root`` (a folder holding images/, fonts/, sounds/) instead of the bundled
    assets; ``None`` restores the default. Clears every cache."""
    global _asset_root
    _asset_root = Path(root) if root is not None else None
    clear_caches()


def clear_caches() -> None:
    """Forget loaded fonts, images and derived surfaces (and the missing-asset warnings)."""
    _fonts.clear()
    _font_data.clear()
    _fonts_checked.clear()
    global _derived_bytes
    _images.clear()
    _derived.clear()
    _derived_bytes = 0
    _texts.clear()
    _wraps.clear()
    _fits.clear()
    _warned.clear()


def asset_path(*parts: str) -> Path:
    """Path of an asset under assets/ (or under the test override)."""
    if _asset_root is not None:
        return _asset_root.joinpath(*parts)
    return paths.asset(*parts)


def warn_missing(what: str, detail: str = "") -> None:
    """Log one warning per missing asset."""
    if what not in _warned:
        _warned.add(what)
        log.warning("missing asset %s%s: using a drawn fallback", what, f" ({detail})" if detail else "")


def image(*parts: str) -> pygame.Surface | None:
    """The image ``assets/images/<parts...>`` (cached), or None when it is missing or unreadable."""
    key = tuple(parts)
    if key not in _images:
        path = asset_path("images", *parts)
        surf: pygame.Surface | None = None
        if path.is_file():
            try:
                surf = pygame.image.load(str(path))
                if pygame.display.get_surface() is not None:
                    surf = surf.convert_alpha()
                else:  # before the window exists: still a 32-bit surface with alpha
                    rgba = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
                    rgba.blit(surf, (0, 0))
                    surf = rgba
            except (pygame.error, OSError, ValueError) as exc:
                warn_missing(str(path), str(exc))
                surf = None
        else:
            warn_missing(str(path))
        _images[key] = surf
    return _images[key]


class SurfaceCache:
    """Surfaces a game's sprites derive from its art (``assets/images/<folder>``), by key, at most
    ``limit`` of them (then it starts afresh). Keys include the asset root override, so a test that
    points the theme at other art gets other surfaces."""

    def __init__(self, folder: str, limit: int, max_bytes: int = CACHE_BYTES):
        self.folder = folder
        self.limit = limit
        self.max_bytes = max_bytes          # and at most this much in all (``surface_bytes``)
        self.bytes = 0
        self._surfaces: dict[tuple, pygame.Surface] = {}

    def get(self, key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        key = (_asset_root,) + key  # cheap: the root object, not a path built on every lookup
        surf = self._surfaces.get(key)
        if surf is None:
            surf = make()
            size = surface_bytes(surf)
            if len(self._surfaces) >= self.limit or self.bytes + size > self.max_bytes:
                self.clear()
            self._surfaces[key] = surf
            self.bytes += size
        return surf

    def clear(self) -> None:
        self._surfaces.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._surfaces)

    # the helpers every game's sprites module draws its pieces with
    def art_or(self, name: str, wh: tuple[int, int],
               plain: Callable[[tuple[int, int]], pygame.Surface]) -> pygame.Surface:
        """The art file ``name`` of this folder scaled to ``wh``, or ``plain(wh)`` when it is missing or unreadable
        (``image`` names the missing file once in the log)."""
        img = image(self.folder, name) if name else None
        return smooth_scaled(img, wh) if img is not None else plain(wh)

    def covering(self, name: str, wh: tuple[int, int], fill: Colour) -> pygame.Surface:
        """The art file ``name`` covering ``wh`` (cropped to fit, ``cover``), or a plain ``fill`` when it is missing;
        cached."""
        def make() -> pygame.Surface:
            img = image(self.folder, name)
            if img is None:
                out = pygame.Surface(wh)
                out.fill(fill)
                return out
            return cover(img, wh)
        return self.get(("cover", name, wh), make)


def smooth_scaled(img: pygame.Surface, wh: tuple[int, int]) -> pygame.Surface:
    """Smoothscale, halving first on big reductions so thin lines survive."""
    if img.get_size() == wh:
        return img.copy()
    while img.get_width() >= wh[0] * 2 and img.get_height() >= wh[1] * 2:
        img = pygame.transform.smoothscale(img, (max(wh[0], img.get_width() // 2), max(wh[1], img.get_height() // 2)))
    return pygame.transform.smoothscale(img, wh)


def surface_bytes(surf: pygame.Surface) -> int:
    """The memory a surface's pixels take."""
    return surf.get_pitch() * surf.get_height()


def _derived_get(key: tuple[Any, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
    global _derived_bytes
    surf = _derived.get(key)
    if surf is None:
        surf = make()
        size = surface_bytes(surf)
        if len(_derived) >= _DERIVED_MAX or _derived_bytes + size > CACHE_BYTES:
            _derived.clear()
            _derived_bytes = 0
        _derived[key] = surf
        _derived_bytes += size
    return surf


# --------------------------------------------------------------------------------------------------
# Scale and fonts
# --------------------------------------------------------------------------------------------------
def scale() -> float:
    """UI scale from the window: 1.0 at 1280x720, clamped to 0.75..2.0. The smaller of the two ratios,
    so a portrait window (960x1440) is laid out for its width, not for a height it cannot fit across."""
    surface = pygame.display.get_surface() if pygame.display.get_init() else None
    if surface is None:
        return 1.0
    width, height = surface.get_size()
    return max(0.75, min(2.0, width / DESIGN_WIDTH, height / DESIGN_HEIGHT))


def px(value: float) -> int:
    """A design size in pixels at the current scale (at least 1 for a positive value)."""
    scaled = int(round(value * scale()))
    return max(1, scaled) if value > 0 else scaled


def font_px(role: str, size: int) -> pygame.font.Font:
    """A font of ``role`` ("display", "text", "bold") at exactly ``size`` pixels (cached)."""
    role = ROLES.get(role, "text")
    size = max(6, int(size))
    key = (role, size)
    if key not in _fonts:
        if not pygame.font.get_init():
            pygame.font.init()
        file = palette.FONT_FILES.get(role, "")
        path = asset_path("fonts", file)
        font: pygame.font.Font | None = None
        if file and path.is_file():
            try:
                font = pygame.font.Font(io.BytesIO(_font_bytes(path)), size)
                font.render("Àg", True, (0, 0, 0))  # a broken file may only fail when used
                if str(path) not in _fonts_checked:  # ... or only on some glyphs: all of our texts', once a file
                    font.size(_FONT_PROBE)
                    _fonts_checked.add(str(path))
            except (pygame.error, OSError, RuntimeError, ValueError) as exc:  # ValueError: an empty file
                font = None
                warn_missing(str(path), str(exc))
        else:
            warn_missing(str(path))
        if font is None:
            font = _default_font(int(size * 1.25))  # the default font runs small
            if role == "text_bold":
                font.bold = True
        _fonts[key] = font
    return _fonts[key]


def _font_bytes(path: Path) -> bytes:
    """The whole of a font file, read once: fonts are built from these bytes so no font keeps a file
    descriptor open (an App's fonts outlive it in widgets; a process making many Apps ran out)."""
    key = str(path)
    data = _font_data.get(key)
    if data is None:
        data = path.read_bytes()
        _font_data[key] = data
    return data


def _default_font(size: int) -> pygame.font.Font:
    """pygame's own font (the fallback when ours is missing or broken), also built from bytes."""
    key = "<default>"
    if key not in _font_data:
        try:
            _font_data[key] = (Path(pygame.__file__).parent / pygame.font.get_default_font()).read_bytes()
        except OSError:  # a bundle that keeps it elsewhere: let pygame find it
            _font_data[key] = None
    data = _font_data[key]
    if data is None:
        return pygame.font.Font(None, size)
    return pygame.font.Font(io.BytesIO(data), size)


#: the characters the app's own texts use (both languages): a font file must measure them all
_FONT_PROBE = ("".join(chr(c) for c in range(0x20, 0x7F)) + "ÀÈÉÌÒÙàèéìíòóùúÁÍÓÚÑñçÇäöüß«»º°²·×€"
               + "\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u2212\u2190\u2192")


#: the smallest readable text: no string is drawn in a smaller font (tests/app/test_text_size.py checks every one)
MIN_TEXT_PX = 12


def font(role: str, size: int) -> pygame.font.Font:
    """A font of ``role`` at design size ``size`` scaled to the window (cached); never below ``MIN_TEXT_PX``
    so small windows stay readable."""
    return font_px(role, max(MIN_TEXT_PX, px(size)))


# --------------------------------------------------------------------------------------------------
# Text
# --------------------------------------------------------------------------------------------------
def text_of(value: Text | str | None) -> str:
    """Display string: a Text is translated now (so a language switch shows at once); a str is shown
    as it is; None is empty."""
    if value is None:
        return ""
    if isinstance(value, Text):
        from game.i18n import tr
        return tr(value)
    return str(value)


def render_text(text: str, fnt: pygame.font.Font, colour: Colour, outline: Colour | None = None,
                outline_px: int = 2, shadow: Colour | None = None, shadow_offset: int = 2) -> pygame.Surface:
    """Render one line with an optional outline and drop shadow (cached)."""
    key = ("text", text, id(fnt), tuple(colour), outline and tuple(outline), outline_px,
           shadow and tuple(shadow), shadow_offset)

    def make() -> pygame.Surface:
        base = fnt.render(text, True, colour)
        if outline is None and shadow is None:
            return base
        pad = (outline_px if outline else 0)
        extra = shadow_offset if shadow else 0
        w, h = base.get_width() + 2 * pad + extra, base.get_height() + 2 * pad + extra
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        if shadow is not None:
            sh = fnt.render(text, True, shadow[:3])
            if len(shadow) == 4:
                sh.set_alpha(shadow[3])
            out.blit(sh, (pad + extra, pad + extra))
        if outline is not None:
            ol = fnt.render(text, True, outline[:3])
            for dx in range(-pad, pad + 1):
                for dy in range(-pad, pad + 1):
                    if dx * dx + dy * dy <= pad * pad + 1 and (dx or dy):
                        out.blit(ol, (pad + dx, pad + dy))
        out.blit(base, (pad, pad))
        return out

    surf = _texts.get(key)
    if surf is None:
        if len(_texts) >= _TEXTS_MAX:
            _texts.clear()
        surf = _texts[key] = make()
    return surf


def draw_text(surface: pygame.Surface, text: str, fnt: pygame.font.Font, colour: Colour,
              pos: tuple[int, int], anchor: str = "topleft", outline: Colour | None = None,
              outline_px: int = 2, shadow: Colour | None = None) -> pygame.Rect:
    """Draw one line; ``anchor`` is a Rect attribute name ("center", "midleft" ...). Returns its rect."""
    img = render_text(text, fnt, colour, outline, outline_px, shadow)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


#: the narrowest a line is squeezed to fit its room (``draw_text_narrowed``): still easy to read
NARROWEST = 0.75


def draw_text_narrowed(surface: pygame.Surface, text: str, fnt: pygame.font.Font, colour: Colour,
                       pos: tuple[int, int], width: int, anchor: str = "topleft") -> pygame.Rect | None:
    """One line no wider than ``width``: drawn as ``draw_text`` when it fits, else squeezed sideways (its height,
    never below ``MIN_TEXT_PX``, kept) down to ``NARROWEST`` of its width. None (nothing drawn) when it would
    have to be narrower still: the caller wraps it instead."""
    img = render_text(text, fnt, colour)
    if img.get_width() > width:
        if img.get_width() * NARROWEST > width:
            return None
        img = pygame.transform.smoothscale(img, (max(1, width), img.get_height()))
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def wrap_text(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` (newlines kept; a word too long is cut). Kept: the same
    text, font and width are measured once (the key holds the font itself, so its ``id`` is never another's)."""
    if len(text) > _MEASURED_CHARS:
        return _wrap(text, fnt, width)
    key = (text, fnt, width)
    lines = _wraps.get(key)
    if lines is None:
        if len(_wraps) >= _MEASURED_MAX:
            _wraps.clear()
        lines = _wraps[key] = tuple(_wrap(text, fnt, width))
    return list(lines)


def _wrap(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
    width = max(1, width)
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        current = ""
        for word in words:
            candidate = word if not current else current + " " + word
            if fnt.size(candidate)[0] <= width:
                current = candidate
                continue
            if current:
                lines.append(current)
            current = ""
            cut = 0
            while len(word) > 1:
                cut = _longest_fitting_prefix(word, fnt, width, cut)
                if cut >= len(word):  # the rest fits on one line
                    break
                lines.append(word[:cut])
                word = word[cut:]
            current = word
        lines.append(current)
    return lines


def _longest_fitting_prefix(word: str, fnt: pygame.font.Font, width: int, hint: int = 0) -> int:
    """How many characters of ``word`` fit in ``width`` px (at least 1). A binary search over prefixes of at
    most ``width`` characters (no glyph is narrower than a pixel) that starts from ``hint``, the previous
    line's cut: cutting a 200,000-character word costs a few measurements of short strings per line, not
    one measurement of the whole word per character."""
    n = min(len(word), width)

    def fits(k: int) -> bool:
        return fnt.size(word[:k])[0] <= width

    lo, hi = 1, n  # the answer lies in [lo, hi]; lo fits, or is the one character a line always takes
    if 1 < hint < n:
        if fits(hint):
            if not fits(hint + 1):
                return hint
            lo = hint + 1
        else:
            hi = hint - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def draw_paragraph(surface: pygame.Surface, text: str, fnt: pygame.font.Font, colour: Colour,
                   rect: pygame.Rect, align: str = "left", line_spacing: float = 1.15,
                   outline: Colour | None = None, shadow: Colour | None = None) -> int:
    """Draw wrapped text inside ``rect`` (left/center/right); returns the height used."""
    line_h = int(fnt.get_linesize() * line_spacing)
    y = rect.top
    for line in wrap_text(text, fnt, rect.width):
        if line:
            img = render_text(line, fnt, colour, outline, 2, shadow)
            if align == "center":
                x = rect.centerx - img.get_width() // 2
            elif align == "right":
                x = rect.right - img.get_width()
            else:
                x = rect.left
            surface.blit(img, (x, y))
        y += line_h
    return y - rect.top


def paragraph_height(text: str, fnt: pygame.font.Font, width: int, line_spacing: float = 1.15) -> int:
    return len(wrap_text(text, fnt, width)) * int(fnt.get_linesize() * line_spacing)


def fit_font(text: str, role: str, size: int, max_width: int, min_size: int = 10) -> pygame.font.Font:
    """The largest font of ``role`` not above design ``size`` in which ``text`` fits ``max_width`` (kept, like
    ``wrap_text``'s lines, for the window's scale)."""
    key = (text, role, size, max_width, min_size, scale())
    found = _fits.get(key) if len(text) <= _MEASURED_CHARS else None
    if found is None:
        s = size
        while s > min_size and font(role, s).size(text)[0] > max_width:
            s -= 1
        found = font(role, s)
        if len(text) <= _MEASURED_CHARS:
            if len(_fits) >= _MEASURED_MAX:
                _fits.clear()
            _fits[key] = found
    return found


def contrast_text(rgb: Sequence[int]) -> Colour:
    """INK on light colours, PARCHMENT on dark ones."""
    r, g, b = rgb[:3]
    return palette.INK if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else palette.PARCHMENT


# --------------------------------------------------------------------------------------------------
# 9-slice frames, textures, glows
# --------------------------------------------------------------------------------------------------
def nine_slice(img: pygame.Surface, size: tuple[int, int], corner: int) -> pygame.Surface:
    """Stretch ``img`` to ``size`` keeping its ``corner``-px corners intact (cached)."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    key = ("9", id(img), w, h, corner)

    def make() -> pygame.Surface:
        iw, ih = img.get_size()
        c = max(0, min(corner, iw // 2, ih // 2, w // 2, h // 2))
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        src_c = min(corner, iw // 2, ih // 2)
        xs_src = [0, src_c, iw - src_c, iw]
        ys_src = [0, src_c, ih - src_c, ih]
        xs_dst = [0, c, w - c, w]
        ys_dst = [0, c, h - c, h]
        for i in range(3):
            for j in range(3):
                sr = pygame.Rect(xs_src[i], ys_src[j], xs_src[i + 1] - xs_src[i], ys_src[j + 1] - ys_src[j])
                dr = pygame.Rect(xs_dst[i], ys_dst[j], xs_dst[i + 1] - xs_dst[i], ys_dst[j + 1] - ys_dst[j])
                if sr.w <= 0 or sr.h <= 0 or dr.w <= 0 or dr.h <= 0:
                    continue
                piece = img.subsurface(sr)
                if piece.get_size() != dr.size:
                    piece = pygame.transform.smoothscale(piece, dr.size)
                out.blit(piece, dr)
        return out

    surf = _derived_get(key, make)
    _derived.setdefault(("keep", id(img)), img)  # keep the source alive so its id stays unique
    return surf


def tiled(texture: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``texture`` repeated to fill ``size`` (cached)."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))

    def make() -> pygame.Surface:
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        tw, th = texture.get_size()
        for x in range(0, w, tw):
            for y in range(0, h, th):
                out.blit(texture, (x, y))
        return out

    _derived.setdefault(("keep", id(texture)), texture)
    return _derived_get(("tile", id(texture), w, h), make)


TEXTURE_COLOURS = {"sea": palette.SEA, "sand": palette.SAND, "wood": palette.WOOD,
                   "parchment": palette.PARCHMENT, "felt": (36, 92, 64)}


def background(name: str, size: tuple[int, int]) -> pygame.Surface:
    """A tiled texture (sea, sand, wood, parchment, felt) of ``size``; a flat colour if missing."""
    tex = image("textures", f"{name}.png")
    if tex is not None:
        return tiled(tex, size)

    def make() -> pygame.Surface:
        out = pygame.Surface((max(1, size[0]), max(1, size[1])))
        base = TEXTURE_COLOURS.get(name, palette.SEA)
        out.fill(base)
        dark = tuple(max(0, c - 12) for c in base)
        for y in range(0, size[1], 6):  # faint grain so a flat fill does not look broken
            pygame.draw.line(out, dark, (0, y), (size[0], y))
        return out

    return _derived_get(("bgflat", name, size[0], size[1]), make)


# style -> (image file under images/ui, design corner, fallback fill, fallback border, radius)
FRAMES: dict[str, tuple[str, int, Colour, Colour]] = {
    "button": ("button.png", 16, palette.WOOD, palette.GOLD),
    "button_hover": ("button_hover.png", 16, palette.WOOD_LIGHT, palette.GOLD_LIGHT),
    "button_pressed": ("button_pressed.png", 16, palette.WOOD_DARK, palette.GOLD),
    "button_disabled": ("button_disabled.png", 16, (110, 100, 92), (150, 140, 128)),
    "panel": ("panel.png", 24, palette.PARCHMENT, palette.PARCHMENT_DARK),
    "panel_dark": ("panel_dark.png", 24, palette.WOOD_DARK, palette.WOOD_LIGHT),
    "toast": ("toast.png", 16, (34, 26, 20), palette.GOLD),
}


def frame(style: str, size: tuple[int, int]) -> pygame.Surface:
    """A framed surface of ``style`` (see FRAMES) at ``size``: the 9-slice asset, or a drawn one."""
    file, corner, fill, border = FRAMES.get(style, FRAMES["panel"])
    img = image("ui", file)
    w, h = max(2, int(size[0])), max(2, int(size[1]))
    if img is not None:
        c = corner if min(w, h) >= 2 * corner else max(2, min(w, h) // 2)
        return nine_slice(img, (w, h), c)

    def make() -> pygame.Surface:
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, min(px(corner * 0.6), h // 2, w // 2))
        pygame.draw.rect(out, (0, 0, 0, 70), pygame.Rect(2, 3, w - 2, h - 3), border_radius=radius)
        body = pygame.Rect(0, 0, w - 2, h - 3)
        pygame.draw.rect(out, fill, body, border_radius=radius)
        light = tuple(min(255, c + 26) for c in fill[:3])
        inner = body.inflate(-2 * max(3, px(4)), -2 * max(3, px(4)))
        if inner.w > 4 and inner.h > 4:
            pygame.draw.rect(out, light, inner, width=1, border_radius=max(2, radius - 3))
        pygame.draw.rect(out, border, body, width=max(2, px(2)), border_radius=radius)
        return out

    return _derived_get(("frame", style, w, h), make)


def draw_frame(surface: pygame.Surface, style: str, rect: pygame.Rect) -> None:
    surface.blit(frame(style, rect.size), rect)


def glow(size: tuple[int, int], colour: Colour = palette.HIGHLIGHT, spread: int = 10,
         radius: int = 12) -> pygame.Surface:
    """A soft halo to blit around a rect of ``size`` (returned surface is ``spread`` larger each side)."""
    w, h = int(size[0]), int(size[1])

    def make() -> pygame.Surface:
        out = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
        for i in range(spread, 0, -1):
            alpha = int(200 * (1 - i / (spread + 1)) ** 1.6)
            rect = pygame.Rect(spread - i, spread - i, w + 2 * i, h + 2 * i)
            pygame.draw.rect(out, (*colour[:3], alpha), rect, width=2, border_radius=radius + i)
        pygame.draw.rect(out, (*colour[:3], 255), pygame.Rect(spread, spread, w, h), width=3,
                         border_radius=radius)
        return out

    return _derived_get(("glow", w, h, tuple(colour), spread, radius), make)


def draw_glow(surface: pygame.Surface, rect: pygame.Rect, colour: Colour = palette.HIGHLIGHT,
              spread: int | None = None, radius: int = 12) -> None:
    s = spread if spread is not None else px(10)
    surface.blit(glow(rect.size, colour, s, radius), (rect.x - s, rect.y - s))


def overlay(size: tuple[int, int], rgba: Colour) -> pygame.Surface:
    def make() -> pygame.Surface:
        out = pygame.Surface(size, pygame.SRCALPHA)
        out.fill(rgba)
        return out
    return _derived_get(("overlay", size[0], size[1], tuple(rgba)), make)


# --------------------------------------------------------------------------------------------------
# Seats: colour and symbol
# --------------------------------------------------------------------------------------------------
def seat_colour(seat: int) -> tuple[int, int, int]:
    return palette.SEAT_COLOURS[seat % len(palette.SEAT_COLOURS)][1]


def seat_symbol_name(seat: int) -> str:
    return palette.SEAT_COLOURS[seat % len(palette.SEAT_COLOURS)][2]


def seat_symbol(seat: int, size: int, colour: Colour | None = None) -> pygame.Surface:
    """The seat's symbol, ``size`` px square, tinted with the seat colour (or ``colour``)."""
    name = seat_symbol_name(seat)
    tint = tuple(colour) if colour is not None else seat_colour(seat)
    size = max(4, int(size))

    def make() -> pygame.Surface:
        src = image("symbols", f"{name}.png")
        if src is None:
            src = _drawn_symbol(name, 64)
        src = src.copy()
        src.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)  # white colour, alpha kept
        out = pygame.transform.smoothscale(src, (size, size))
        out.fill((*tint[:3], 255), special_flags=pygame.BLEND_RGBA_MULT)
        return out

    return _derived_get(("symbol", name, size, tint), make)


def seat_chip(seat: int, size: int) -> pygame.Surface:
    """A round chip in the seat colour with its symbol in a contrasting colour (for logs, tables)."""
    size = max(8, int(size))

    def make() -> pygame.Surface:
        out = pygame.Surface((size, size), pygame.SRCALPHA)
        col = seat_colour(seat)
        r = size // 2
        pygame.draw.circle(out, (0, 0, 0, 90), (r, r + 1), r)
        pygame.draw.circle(out, col, (r, r), r - 1)
        pygame.draw.circle(out, palette.INK, (r, r), r - 1, width=1)
        sym = seat_symbol(seat, int(size * 0.68), contrast_text(col))
        out.blit(sym, sym.get_rect(center=(r, r)))
        return out

    return _derived_get(("chip", seat, size), make)


def verdict_icon(ok: bool, size: int) -> pygame.Surface:
    """A tick on green or a cross on red, on a white disc (drawn: no font needs the glyphs): a legal and a refused
    move in the rules' pictures."""
    size = max(8, int(size))
    k = 4
    s = size * k
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    pygame.draw.circle(big, palette.WHITE, (s / 2, s / 2), s * 0.48)
    pygame.draw.circle(big, (54, 140, 60) if ok else (196, 36, 28), (s / 2, s / 2), s * 0.41)
    w = max(2, round(s * 0.12))
    if ok:
        pts = [(s * 0.27, s * 0.52), (s * 0.43, s * 0.68), (s * 0.73, s * 0.34)]
        pygame.draw.lines(big, palette.WHITE, False, pts, w)
        for p in pts:
            pygame.draw.circle(big, palette.WHITE, p, w / 2)
    else:
        for a, b in (((0.32, 0.32), (0.68, 0.68)), ((0.68, 0.32), (0.32, 0.68))):
            pygame.draw.line(big, palette.WHITE, (a[0] * s, a[1] * s), (b[0] * s, b[1] * s), w)
            for p in (a, b):
                pygame.draw.circle(big, palette.WHITE, (p[0] * s, p[1] * s), w / 2)
    return pygame.transform.smoothscale(big, (size, size))


def _drawn_symbol(name: str, s: int) -> pygame.Surface:
    """A plain white glyph per symbol, used when the symbol image is missing."""
    out = pygame.Surface((s, s), pygame.SRCALPHA)
    w = (255, 255, 255, 255)
    c = s // 2
    if name == "anchor":
        pygame.draw.line(out, w, (c, s * 0.15), (c, s * 0.85), max(2, s // 9))
        pygame.draw.circle(out, w, (c, int(s * 0.15)), s // 9, max(2, s // 14))
        pygame.draw.line(out, w, (s * 0.3, s * 0.3), (s * 0.7, s * 0.3), max(2, s // 10))
        pygame.draw.arc(out, w, pygame.Rect(s * 0.15, s * 0.35, s * 0.7, s * 0.52), math.pi, 2 * math.pi,
                        max(2, s // 10))
    elif name == "skull":
        pygame.draw.circle(out, w, (c, int(s * 0.42)), int(s * 0.32))
        pygame.draw.rect(out, w, pygame.Rect(s * 0.32, s * 0.55, s * 0.36, s * 0.3), border_radius=s // 12)
        for ex in (0.38, 0.62):
            pygame.draw.circle(out, (0, 0, 0, 0), (int(s * ex), int(s * 0.45)), s // 10)
    elif name == "star":
        pts = [(c + math.cos(math.pi / 2 + i * math.pi / 5) * (s * 0.45 if i % 2 == 0 else s * 0.19),
                c - math.sin(math.pi / 2 + i * math.pi / 5) * (s * 0.45 if i % 2 == 0 else s * 0.19))
               for i in range(10)]
        pygame.draw.polygon(out, w, pts)
    elif name == "compass":
        pygame.draw.circle(out, w, (c, c), int(s * 0.44), max(2, s // 14))
        pygame.draw.polygon(out, w, [(c, s * 0.1), (c + s * 0.1, c), (c, s * 0.9), (c - s * 0.1, c)])
        pygame.draw.polygon(out, w, [(s * 0.1, c), (c, c - s * 0.1), (s * 0.9, c), (c, c + s * 0.1)])
    elif name == "wheel":
        pygame.draw.circle(out, w, (c, c), int(s * 0.32), max(2, s // 10))
        for i in range(8):
            a = i * math.pi / 4
            pygame.draw.line(out, w, (c, c), (c + math.cos(a) * s * 0.46, c + math.sin(a) * s * 0.46),
                             max(2, s // 14))
        pygame.draw.circle(out, w, (c, c), s // 10)
    elif name == "parrot":
        pygame.draw.ellipse(out, w, pygame.Rect(s * 0.25, s * 0.3, s * 0.45, s * 0.55))
        pygame.draw.circle(out, w, (int(s * 0.55), int(s * 0.28)), int(s * 0.17))
        pygame.draw.polygon(out, w, [(s * 0.68, s * 0.22), (s * 0.88, s * 0.32), (s * 0.7, s * 0.42)])
        pygame.draw.polygon(out, w, [(s * 0.35, s * 0.8), (s * 0.25, s * 0.98), (s * 0.5, s * 0.82)])
    elif name == "sword":
        pygame.draw.line(out, w, (s * 0.2, s * 0.8), (s * 0.85, s * 0.15), max(3, s // 8))
        pygame.draw.line(out, w, (s * 0.15, s * 0.6), (s * 0.4, s * 0.85), max(3, s // 9))
    else:  # bell and anything unknown
        pygame.draw.polygon(out, w, [(s * 0.25, s * 0.75), (s * 0.35, s * 0.3), (c, s * 0.18),
                                     (s * 0.65, s * 0.3), (s * 0.75, s * 0.75)])
        pygame.draw.rect(out, w, pygame.Rect(s * 0.15, s * 0.72, s * 0.7, s * 0.1))
        pygame.draw.circle(out, w, (c, int(s * 0.88)), s // 10)
    return out


def cover(img: pygame.Surface, wh: tuple[int, int]) -> pygame.Surface:
    """``img`` scaled to cover ``wh`` whole (its middle kept, the overflow cut), like CSS ``cover``."""
    iw, ih = img.get_size()
    k = max(wh[0] / iw, wh[1] / ih)
    sw, sh = max(wh[0], math.ceil(iw * k)), max(wh[1], math.ceil(ih * k))
    big = pygame.transform.smoothscale(img, (sw, sh))
    out = pygame.Surface(wh, pygame.SRCALPHA)
    out.blit(big, (-(sw - wh[0]) // 2, -(sh - wh[1]) // 2))
    return out
