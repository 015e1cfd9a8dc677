"""Island Race: the pictures of the rules page (``game.scenes.rules``), drawn with the game's own sprites.

``picture(name, width)`` returns a surface never wider than ``width`` (KeyError for an unknown name). Each
picture lies on the race table's wood, with short labels from the catalogs (domain island_race_rules). The
positions come from the engine: the tiles are the game's tiles (``tiles.face_of``), the setup, the legal and
the illegal move are built with ``positions.position``, and every score shown is the engine's
(``scoring.score_round``), drawn by the scoring screen's own ``ScoringView``. The builders (``*_position``,
the islands) are public so the tests can check each picture against the engine.
"""
from __future__ import annotations

import math
from typing import Callable, Sequence

import pygame

from game.games.island_race import sprites
from game.games.island_race.layout import IslandBox
from game.games.island_race.positions import piece, position
from game.games.island_race.rules import LAST, MIX, IslandMatch, Piece
from game.games.island_race.scoring import IslandScore, Landscape, landscapes, score_round, water_faults
from game.games.island_race.scoring_view import ScoringView
from game.i18n import tr
from game.ui import palette, theme
from game.ui.countdown import format_time

GOOD = (120, 200, 96)
BAD = (214, 58, 44)
LABEL = palette.PARCHMENT


# --------------------------------------------------------------------------------------------------
# the islands and positions shown (spec §8 examples; the tests check them against the engine)
# --------------------------------------------------------------------------------------------------
# Rulebook example 4: Caterina (first out) and Piero, the same round.
CATERINA = ["T01 front r0", "T21 front r0", "T06 front r1",
            "T22 front r3", "T41 front r0", "T23 front r1",
            "T02 front r3", "T27 front r2", "T03 front r2"]
PIERO = ["T04 front r0", "T24 front r0", "T05 front r1",
         "T25 front r3", "T42 front r0", "T28 front r1",
         "T07 front r3", "T26 front r2", None]
# Rulebook examples 1 and 2: a valid island and an invalid one (T08 shows water towards the inside).
VALID = ["T15 front r0", "T27 front r0", "T04 front r1",
         "T36 front r3", "T42 front r3", "T34 front r1",
         "T02 front r3", "T25 front r2", "T20 front r2"]
INVALID = ["T17 front r0", "T08 front r1", "T07 front r1",
           "T39 front r3", "T41 front r1", "T30 front r1",
           "T03 front r3", "T23 front r2", "T12 front r2"]
# Time ran out: four tiles down, six cells empty (the floor).
SHORT = ["T17 front r0", "T24 front r0", None,
         "T39 front r3", None, None,
         None, None, None]
# Rulebook example 5: a 4x4 island (Big island), two land backs inside.
BIG = ["T13 front r0", "T21 front r0", "T27 front r0", "T04 front r1",
       "T40 front r3", "T42 front r1", "T48 front r3", "T34 front r1",
       "T33 front r3", "T38 back r2", "T09 back r2", "T23 front r1",
       "T01 front r3", "T22 front r2", "T28 front r2", "T03 front r2"]
# Three islands compared for the volcanoes: 2, 2 and 1.
VOLCANO_ISLANDS = [{(0, 0): "T14 front r0", (0, 1): "T27 front r0"},
                   {(0, 0): "T18 front r0", (0, 1): "T24 front r0", (0, 2): "T07 front r1"},
                   {(0, 0): "T09 front r0", (0, 1): "T21 front r0"}]

LEGAL_CELL = (0, 1)
ILLEGAL_CELL = (0, 0)


def legal_position() -> IslandMatch:
    """One tile on the centre; the player holds T21 (a side tile) and places it above (R7.3)."""
    return position(2, seed=5, islands={0: {(1, 1): "T41 front r0"}}, hands={0: "T21 front r0"}, elapsed=20.0)


def illegal_position() -> IslandMatch:
    """The same island; the player holds a corner tile and tries the corner: it touches only diagonally."""
    return position(2, seed=5, islands={0: {(1, 1): "T41 front r0"}}, hands={0: "T01 front r0"}, elapsed=20.0)


def setup_position() -> IslandMatch:
    """Round 1 before "Go!": the 48 tiles mixed in the pile, the islands empty."""
    return position(2, seed=11, phase=MIX)


def no_timer_position() -> IslandMatch:
    """No timer: Caterina was done first; Piero has one cell left and may place one more tile, or stop."""
    return position(2, options={"no-timer": True}, seed=7, phase=LAST, done=[0],
                    islands={0: CATERINA, 1: PIERO}, hands={1: "T13 front r2"}, elapsed=150.0)


def pieces(cells: Sequence[str | None]) -> list[Piece | None]:
    return [piece(c) if c is not None else None for c in cells]


def grid_of(cells: dict[tuple[int, int], str], size: int = 3) -> list[Piece | None]:
    out: list[Piece | None] = [None] * (size * size)
    for (r, c), spec in cells.items():
        out[r * size + c] = piece(spec)
    return out


def scores(grids: Sequence[Sequence[Piece | None]], size: int, first_out: int | None) -> list[IslandScore]:
    """The engine's scoring of these islands (``scoring.score_round``)."""
    return score_round([[p.face if p is not None else None for p in g] for g in grids], size, first_out)


# --------------------------------------------------------------------------------------------------
# drawing helpers
# --------------------------------------------------------------------------------------------------
def _k(width: int) -> float:
    """The picture scale: 1.0 in the widest column (860 px)."""
    return max(0.5, min(1.0, width / 860))


def _face(p: Piece, size: int) -> pygame.Surface:
    f = p.face
    return sprites.render_face(f.edges, f.regions, f.animal, f.volcano, f.back, size, turn=p.rot)


def _font(role: str, size: float) -> pygame.font.Font:
    return theme.font_px(role, max(12, round(size)))


def _label(text: str, size: float, colour=LABEL, role: str = "bold", max_w: int | None = None) -> pygame.Surface:
    fnt = _font(role, size)
    if max_w is not None:
        while fnt.size(text)[0] > max_w and size > 12:
            size -= 1
            fnt = _font(role, size)
    return theme.render_text(text, fnt, colour, palette.WOOD_DARK, 2)


def _wrapped(text: str, size: float, width: int, colour=LABEL, left: bool = False) -> pygame.Surface:
    fnt = _font("bold", size)
    lines = theme.wrap_text(text, fnt, width)
    imgs = [theme.render_text(line, fnt, colour, palette.WOOD_DARK, 2) for line in lines]
    out = pygame.Surface((max([i.get_width() for i in imgs] + [1]), sum(i.get_height() for i in imgs) or 1),
                         pygame.SRCALPHA)
    y = 0
    for img in imgs:
        out.blit(img, (0 if left else (out.get_width() - img.get_width()) // 2, y))
        y += img.get_height()
    return out


def _board(size: tuple[int, int]) -> pygame.Surface:
    """The dark panel of the race table's islands (the scoring screen's), for light labels to read on."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    theme.draw_frame(out, "panel_dark", out.get_rect())
    return out


def _island(grid: Sequence[Piece | None], size: int, cell: int, lit: Sequence[tuple[int, int]] = ()) -> pygame.Surface:
    """An island as the table draws it: faces, the hints of the empty cells, a sea-blue rim."""
    rim = max(3, cell // 14)
    out = pygame.Surface((size * cell + 2 * rim, size * cell + 2 * rim), pygame.SRCALPHA)
    pygame.draw.rect(out, (24, 52, 70), out.get_rect(), border_radius=rim * 2)
    for i, p in enumerate(grid):
        r, c = divmod(i, size)
        at = (rim + c * cell, rim + r * cell)
        if p is None:
            out.blit(sprites.cell_hint(sprites.cell_water(r, c, size, size), cell), at)
        else:
            out.blit(_face(p, cell), at)
    for r, c in lit:
        rect = pygame.Rect(rim + c * cell, rim + r * cell, cell, cell).inflate(-2, -2)
        pygame.draw.rect(out, palette.GOLD_LIGHT, rect, width=max(2, cell // 22), border_radius=max(3, cell // 12))
    return out


def _mark(good: bool, size: int) -> pygame.Surface:
    """A round badge with a tick (good) or a cross, drawn with lines."""
    s = max(12, int(size))
    out = pygame.Surface((s, s), pygame.SRCALPHA)
    c = s / 2
    pygame.draw.circle(out, palette.WHITE, (c, c), c)
    pygame.draw.circle(out, GOOD if good else BAD, (c, c), c - max(2, s // 12))
    w = max(3, s // 8)
    if good:
        pts = [(s * 0.27, s * 0.52), (s * 0.44, s * 0.69), (s * 0.74, s * 0.33)]
        pygame.draw.lines(out, palette.WHITE, False, pts, w)
    else:
        a, b = s * 0.3, s * 0.7
        pygame.draw.line(out, palette.WHITE, (a, a), (b, b), w)
        pygame.draw.line(out, palette.WHITE, (a, b), (b, a), w)
    return out


def _marked(good: bool, text: str, size: float, width: int) -> pygame.Surface:
    """A tick or a cross followed by a short label."""
    mk = _mark(good, round(size * 1.7))
    lab = _wrapped(text, size, width - mk.get_width() - 6)
    out = pygame.Surface((mk.get_width() + 6 + lab.get_width(), max(mk.get_height(), lab.get_height())),
                         pygame.SRCALPHA)
    out.blit(mk, (0, (out.get_height() - mk.get_height()) // 2))
    out.blit(lab, (mk.get_width() + 6, (out.get_height() - lab.get_height()) // 2))
    return out


def _arrow(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], colour=palette.GOLD_LIGHT,
           width: int = 5, bend: float = 0.0) -> None:
    """A (gently curved) arrow from a to b with a dark outline."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    ln = math.hypot(dx, dy) or 1
    cx, cy = mx - dy / ln * bend * ln, my + dx / ln * bend * ln
    pts = []
    for i in range(21):
        t = i / 20
        pts.append(((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * cx + t * t * b[0],
                    (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * cy + t * t * b[1]))
    ex, ey = pts[-1][0] - pts[-3][0], pts[-1][1] - pts[-3][1]
    el = math.hypot(ex, ey) or 1
    ux, uy = ex / el, ey / el
    head = width * 3
    tip = [b, (b[0] - ux * head - uy * head * 0.6, b[1] - uy * head + ux * head * 0.6),
           (b[0] - ux * head + uy * head * 0.6, b[1] - uy * head - ux * head * 0.6)]
    body = pts[:-2] + [(b[0] - ux * head * 0.8, b[1] - uy * head * 0.8)]
    pygame.draw.lines(surface, palette.WOOD_DARK, False, body, width + 4)
    pygame.draw.polygon(surface, palette.WOOD_DARK, tip)
    pygame.draw.lines(surface, colour, False, body, width)
    inner = [(x * 0.8 + sum(p[0] for p in tip) / 3 * 0.2, y * 0.8 + sum(p[1] for p in tip) / 3 * 0.2)
             for x, y in tip]
    pygame.draw.polygon(surface, colour, inner)


def _column(img: pygame.Surface, label: pygame.Surface | None, gap: int) -> pygame.Surface:
    lw = label.get_width() if label else 0
    lh = label.get_height() + gap if label else 0
    out = pygame.Surface((max(img.get_width(), lw), img.get_height() + lh), pygame.SRCALPHA)
    out.blit(img, ((out.get_width() - img.get_width()) // 2, 0))
    if label:
        out.blit(label, ((out.get_width() - lw) // 2, img.get_height() + gap))
    return out


def _row(items: Sequence[pygame.Surface], width: int, gap: int, pad: int) -> pygame.Surface:
    """Items side by side on the table's wood, centred vertically."""
    w = sum(i.get_width() for i in items) + gap * (len(items) - 1) + 2 * pad
    h = max(i.get_height() for i in items) + 2 * pad
    out = _board((w, h))
    x = (out.get_width() - (w - 2 * pad)) // 2
    for item in items:
        out.blit(item, (x, (h - item.get_height()) // 2))
        x += item.get_width() + gap
    return out


def _fit(surface: pygame.Surface, width: int) -> pygame.Surface:
    """Never wider than ``width``: a wider picture is scaled down."""
    if surface.get_width() <= width:
        return surface
    k = width / surface.get_width()
    return pygame.transform.smoothscale(surface, (width, max(1, round(surface.get_height() * k))))


def _scored(islands: Sequence[Sequence[Piece | None]], size: int, first_out: int | None, names: Sequence[str],
            width: int, step: float | None = None, cell_px: int | None = None) -> pygame.Surface:
    """Islands as the scoring screen shows them after the round (``ScoringView``), side by side."""
    sc = scores(islands, size, first_out)
    k = _k(width)
    n = len(islands)
    gap, pad = round(16 * k), round(14 * k)
    panel_w = min(340 if n > 1 else round(380 * k), (width - 2 * pad - gap * (n - 1)) // n)
    cell = cell_px or min((panel_w - theme.px(24)) // size, round(86 * k))
    lines = theme.font("text", 15).get_linesize() * 8 + theme.font("display", 24).get_linesize()
    header_h = theme.px(30)
    grid_w = cell * size
    panel_h = theme.px(10) + header_h + theme.px(10) + grid_w + theme.px(14) + lines + theme.px(10)
    total_w = n * panel_w + (n - 1) * gap + 2 * pad
    out = pygame.Surface((total_w, panel_h + 2 * pad), pygame.SRCALPHA)
    boxes = []
    for seat in range(n):
        px = pad + seat * (panel_w + gap)
        panel = pygame.Rect(px, pad, panel_w, panel_h)
        header = pygame.Rect(px + theme.px(12), pad + theme.px(10), panel_w - theme.px(24), header_h)
        grid = pygame.Rect(0, 0, grid_w, grid_w)
        grid.midtop = (panel.centerx, header.bottom + theme.px(10))
        hand = pygame.Rect(px + theme.px(14), grid.bottom + theme.px(14), panel_w - theme.px(28), lines)
        boxes.append(IslandBox(seat, size, panel, header, grid, cell, hand))
    view = ScoringView(islands, size, sc, names, list(range(n)), first_out, 1, 3, face=_face)
    view.layout(boxes)
    view.draw(out, view.duration + 1.0 if step is None else step)
    return out


# --------------------------------------------------------------------------------------------------
# the pictures
# --------------------------------------------------------------------------------------------------
def _faces(width: int) -> pygame.Surface:
    """A tile's two faces: T08 (corner front, forest back) and T21 (side front, water back)."""
    k = _k(width)
    t = round(118 * k)
    gap = round(10 * k)
    items = []
    for tile in ("T08", "T21"):
        front = _column(_face(piece(f"{tile} front r0"), t), _label(tr("ir.rulebook.label.front"), 17 * k), gap)
        back = _column(_face(piece(f"{tile} back r0"), t), _label(tr("ir.rulebook.label.back"), 17 * k), gap)
        flip = _label(tr("ir.rulebook.label.flip"), 15 * k)
        between = max(round(70 * k), flip.get_width() + round(12 * k))
        pair = pygame.Surface((front.get_width() + back.get_width() + between, front.get_height()), pygame.SRCALPHA)
        pair.blit(front, (0, 0))
        pair.blit(back, (pair.get_width() - back.get_width(), 0))
        y = t // 2
        _arrow(pair, (front.get_width() + 8 * k, y - round(4 * k)),
               (pair.get_width() - back.get_width() - 8 * k, y - round(4 * k)), width=max(3, round(5 * k)), bend=-0.3)
        pair.blit(flip, flip.get_rect(midtop=(front.get_width() + between // 2, y + round(8 * k))))
        items.append(pair)
    return _row(items, width, round(56 * k), round(18 * k))


def _kinds(width: int) -> pygame.Surface:
    """Where a face fits: corner, side, centre, a land back (centre only), all water (nowhere)."""
    k = _k(width)
    t = round(104 * k)
    spec = (("T01 front r0", "corner"), ("T24 front r0", "side"), ("T44 front r0", "centre"),
            ("T08 back r0", "land_back"), ("T21 back r0", "sea"))
    col_w = t + round(44 * k)
    items = [_column(_face(piece(s), t), _wrapped(tr(f"ir.rulebook.label.{key}"), 15 * k, col_w), round(8 * k))
             for s, key in spec]
    return _row(items, width, round(14 * k), round(16 * k))


def _turn(width: int) -> pygame.Surface:
    """Turning and flipping the held tile: T01 turned a quarter at a time, then flipped."""
    k = _k(width)
    t = round(96 * k)
    gap = round(46 * k)
    faces = [_face(piece(f"T01 front r{r}"), t) for r in range(4)] + [_face(piece("T01 back r3"), t)]
    w = len(faces) * t + (len(faces) - 1) * gap
    label_h = _label("R", 15 * k).get_height()
    strip = pygame.Surface((w, t + 2 * label_h + round(16 * k)), pygame.SRCALPHA)
    top = label_h + round(8 * k)
    for i, img in enumerate(faces):
        x = i * (t + gap)
        strip.blit(img, (x, top))
        if i:
            a, b = (x - gap + 6 * k, top + t / 2), (x - 6 * k, top + t / 2)
            _arrow(strip, a, b, width=max(3, round(4 * k)), bend=0.0)
            key = "ir.rulebook.label.turn" if i < 4 else "ir.rulebook.label.flip"
            lab = _label(tr(key), 14 * k, max_w=gap + t // 2)
            strip.blit(lab, lab.get_rect(midbottom=(x - gap / 2, top - round(2 * k))))
    for i in range(5):
        key = "ir.rulebook.label.front" if i < 4 else "ir.rulebook.label.back"
        lab = _label(tr(key), 14 * k, role="text")
        strip.blit(lab, lab.get_rect(midtop=(i * (t + gap) + t / 2, top + t + round(6 * k))))
    return _row([strip], width, 0, round(16 * k))


def _setup(width: int) -> pygame.Surface:
    """The start of a round: the 48 tiles mixed in the pile, the empty island, the clock at 4:00."""
    k = _k(width)
    m = setup_position()
    r = m.hand
    pad = round(16 * k)
    s = round(52 * k)
    g = max(2, round(5 * k))
    pile = pygame.Surface((8 * s + 7 * g, 6 * s + 5 * g), pygame.SRCALPHA)
    for slot, p in enumerate(r.pile):
        if p is not None:
            row, col = divmod(slot, 8)
            pile.blit(_face(p, s), (col * (s + g), row * (s + g)))
    cell = round(62 * k)
    island = _island([None] * 9, 3, cell)
    clock = _clock(format_time(r.timer or 0), round(46 * k), LABEL)
    right = pygame.Surface((max(island.get_width(), clock.get_width()),
                            clock.get_height() + round(14 * k) + island.get_height()), pygame.SRCALPHA)
    right.blit(clock, clock.get_rect(midtop=(right.get_width() // 2, 0)))
    right.blit(island, island.get_rect(midbottom=(right.get_width() // 2, right.get_height())))
    a = _column(pile, _label(tr("ir.rulebook.label.pile"), 16 * k), round(8 * k))
    b = _column(right, _label(tr("ir.rulebook.label.your_island"), 16 * k), round(8 * k))
    return _row([a, b], width, round(30 * k), pad)


def _clock(text: str, size: int, colour) -> pygame.Surface:
    """The race table's clock: mm:ss in the display font on a dark plate."""
    img = theme.render_text(text, theme.font_px("display", size), colour, palette.WOOD_DARK, 2)
    out = pygame.Surface((img.get_width() + size, img.get_height() + size // 4), pygame.SRCALPHA)
    pygame.draw.rect(out, (40, 26, 16, 220), out.get_rect(), border_radius=size // 3)
    pygame.draw.rect(out, palette.GOLD, out.get_rect(), width=2, border_radius=size // 3)
    out.blit(img, img.get_rect(center=out.get_rect().center))
    return out


def _no_clock(size: int) -> pygame.Surface:
    """The clock's plate, empty and struck through: no clock."""
    plate = _clock("0:00", size, LABEL)
    out = pygame.Surface(plate.get_size(), pygame.SRCALPHA)
    r = out.get_rect()
    pygame.draw.rect(out, (40, 26, 16, 220), r, border_radius=size // 3)
    pygame.draw.rect(out, palette.GOLD, r, width=2, border_radius=size // 3)
    c, rad = r.center, r.h * 0.32
    pygame.draw.circle(out, LABEL, c, rad, max(2, size // 12))
    pygame.draw.line(out, LABEL, c, (c[0], c[1] - rad * 0.7), max(2, size // 12))
    pygame.draw.line(out, LABEL, c, (c[0] + rad * 0.5, c[1]), max(2, size // 12))
    pygame.draw.line(out, BAD, (c[0] - rad * 1.2, c[1] + rad * 1.0), (c[0] + rad * 1.2, c[1] - rad * 1.0),
                     max(3, size // 8))
    return out


def _move(width: int, legal: bool) -> pygame.Surface:
    """The held tile, an arrow to the cell tried, and a tick or a cross; lit cells are the legal ones."""
    k = _k(width)
    m = legal_position() if legal else illegal_position()
    r = m.hand
    cell = round(84 * k)
    target = LEGAL_CELL if legal else ILLEGAL_CELL
    island = _island(r.grids[0], 3, cell, lit=r.legal_cells(0))
    held = r.hands[0]
    assert held is not None
    t = round(cell * 1.08)
    shadow = sprites.tile_shadow(t)
    off = sprites.shadow_offset(t)
    hand = pygame.Surface((t + off[0] + t // 10, t + off[1] + t // 10), pygame.SRCALPHA)
    hand.blit(shadow, shadow.get_rect(center=(t // 2 + off[0], t // 2 + off[1])))
    hand.blit(_face(held, t), (0, 0))
    held_col = _column(hand, _label(tr("ir.rulebook.label.in_hand"), 16 * k), round(6 * k))
    gap = round(110 * k)
    pad = round(18 * k)
    w = held_col.get_width() + gap + island.get_width()
    h = max(held_col.get_height(), island.get_height())
    body = pygame.Surface((w, h), pygame.SRCALPHA)
    body.blit(held_col, (0, (h - held_col.get_height()) // 2))
    ix, iy = held_col.get_width() + gap, (h - island.get_height()) // 2
    body.blit(island, (ix, iy))
    rim = max(3, cell // 14)
    cr = pygame.Rect(ix + rim + target[1] * cell, iy + rim + target[0] * cell, cell, cell)
    ghost = _face(held, cell).copy()
    ghost.set_alpha(170)
    body.blit(ghost, cr)
    if not legal:
        pygame.draw.rect(body, BAD, cr.inflate(-2, -2), width=max(3, cell // 16), border_radius=max(3, cell // 12))
    start = ((held_col.get_width() + t) / 2 + 6 * k, (h - held_col.get_height()) / 2 + t / 2)
    _arrow(body, start, (cr.x - 4 * k, cr.centery), colour=palette.GOLD_LIGHT if legal else (240, 130, 110),
           width=max(3, round(5 * k)), bend=-0.18)
    mk = _mark(legal, round(36 * k))
    body.blit(mk, mk.get_rect(center=cr.center))
    return _row([body], width, 0, pad)


def _edges(width: int) -> pygame.Surface:
    """The water rule on an empty island (water out, land in) and two joints: matching and wrong."""
    k = _k(width)
    cell = round(66 * k)
    island = _island([None] * 9, 3, cell)
    rim = max(3, cell // 14)
    board = pygame.Surface((island.get_width() + round(8 * k), island.get_height()), pygame.SRCALPHA)
    board.blit(island, (0, 0))
    room = board.get_width() + round(40 * k)
    water = _wrapped(tr("ir.rulebook.label.water_out"), 15 * k, room, colour=(170, 226, 240))
    land = _wrapped(tr("ir.rulebook.label.land_in"), 15 * k, room, colour=palette.GOLD_LIGHT)
    for i in (1, 2):   # the inner lines: land meets land
        pygame.draw.line(board, palette.GOLD_LIGHT, (rim + i * cell, rim + 4), (rim + i * cell, rim + 3 * cell - 4), 3)
        pygame.draw.line(board, palette.GOLD_LIGHT, (rim + 4, rim + i * cell), (rim + 3 * cell - 4, rim + i * cell), 3)
    left = pygame.Surface((max(board.get_width(), water.get_width(), land.get_width()),
                           water.get_height() + board.get_height() + land.get_height() + 8), pygame.SRCALPHA)
    left.blit(water, water.get_rect(midtop=(left.get_width() // 2, 0)))
    left.blit(board, board.get_rect(midtop=(left.get_width() // 2, water.get_height() + 4)))
    left.blit(land, land.get_rect(midbottom=(left.get_width() // 2, left.get_height())))
    t = round(86 * k)
    pairs = []
    for a, b, good in (("T24 front r0", "T21 front r0", True), ("T22 front r0", "T25 front r0", False)):
        pa, pb = piece(a), piece(b)
        mk = _mark(good, round(28 * k))
        pair = pygame.Surface((2 * t + 2, t + mk.get_height() // 2), pygame.SRCALPHA)
        pair.blit(_face(pa, t), (0, 0))
        pair.blit(_face(pb, t), (t + 2, 0))
        pygame.draw.line(pair, GOOD if good else BAD, (t + 1, t // 6), (t + 1, t - t // 6), max(3, t // 16))
        pair.blit(mk, mk.get_rect(center=(t + 1, t)))
        key = "ir.rulebook.label.match" if good else "ir.rulebook.label.wrong"
        pairs.append(_column(pair, _wrapped(tr(key), 15 * k, 2 * t + round(40 * k)), round(6 * k)))
    right = pygame.Surface((max(p.get_width() for p in pairs),
                            sum(p.get_height() for p in pairs) + round(18 * k)), pygame.SRCALPHA)
    right.blit(pairs[0], pairs[0].get_rect(midtop=(right.get_width() // 2, 0)))
    right.blit(pairs[1], pairs[1].get_rect(midbottom=(right.get_width() // 2, right.get_height())))
    return _row([left, right], width, round(50 * k), round(16 * k))


def _islands(width: int) -> pygame.Surface:
    """A valid island and an invalid one (T08's water edge inside), its faults circled."""
    k = _k(width)
    cell = round(78 * k)
    items = []
    for cells, good in ((VALID, True), (INVALID, False)):
        grid = pieces(cells)
        img = _island(grid, 3, cell)
        rim = max(3, cell // 14)
        if not good:
            grey = pygame.Surface(img.get_size(), pygame.SRCALPHA)
            grey.fill((70, 70, 70, 120))
            img.blit(grey, (0, 0))
            for (r, c), d in water_faults([p.face if p else None for p in grid], 3):
                cx = rim + c * cell + (cell // 2, cell, cell // 2, 0)[d]
                cy = rim + r * cell + (0, cell // 2, cell, cell // 2)[d]
                rad = max(8, cell // 4)
                pygame.draw.circle(img, palette.WHITE, (cx, cy), rad + 3, max(3, cell // 18) + 2)
                pygame.draw.circle(img, BAD, (cx, cy), rad, max(3, cell // 18))
        key = "ir.rulebook.label.valid" if good else "ir.rulebook.label.invalid"
        items.append(_column(img, _marked(good, tr(key), 16 * k, img.get_width() + round(30 * k)), round(8 * k)))
    return _row(items, width, round(50 * k), round(16 * k))


def _area(grid: Sequence[Piece | None], land: Landscape, cell: int, fill: tuple, line: tuple,
          size: int = 3) -> tuple[pygame.Surface, tuple[int, int]]:
    """A landscape's area over the island (island-sized, without the rim): filled, outlined, and its centre
    (as the scoring screen outlines a closed landscape)."""
    out = pygame.Surface((size * cell, size * cell), pygame.SRCALPHA)
    area_fill = pygame.Surface(out.get_size(), pygame.SRCALPHA)
    cx = cy = wsum = 0.0
    for (row, col), region in land.nodes:
        p = grid[row * size + col]
        if p is None:
            continue
        shape = sprites._shape(p.face.edges, tuple(sorted(p.face.regions)))
        for d in p.face.regions[region]:
            pts = [(col * cell + x * cell, row * cell + y * cell) for x, y in shape.polys[d]]
            if len(pts) >= 3:
                pygame.draw.polygon(area_fill, fill, pts)
                a = abs(sum(u[0] * v[1] - v[0] * u[1] for u, v in zip(pts, pts[1:] + pts[:1]))) / 2
                cx += sum(q[0] for q in pts) / len(pts) * a
                cy += sum(q[1] for q in pts) / len(pts) * a
                wsum += a
    out.blit(area_fill, (0, 0))
    mask = pygame.mask.from_surface(area_fill, 40)
    w = max(2, cell // 28)
    for comp in mask.connected_components():
        pts = comp.outline(2)
        if len(pts) >= 3:
            pygame.draw.lines(out, (60, 30, 10), True, pts, w + 2)
            pygame.draw.lines(out, line, True, pts, w)
    centre = (int(cx / wsum), int(cy / wsum)) if wsum else (out.get_width() // 2, out.get_height() // 2)
    return out, centre


def _badge(text: str, size: float, fill: tuple, ink: tuple = palette.INK) -> pygame.Surface:
    """The scoring screen's pill badge ("+2")."""
    img = theme.render_text(text, _font("bold", size), ink)
    h = img.get_height() + 2
    out = pygame.Surface((max(h, img.get_width() + round(size * 0.8)), h + 2), pygame.SRCALPHA)
    r = pygame.Rect(0, 0, out.get_width(), h)
    pygame.draw.rect(out, (0, 0, 0), r.move(0, 2), border_radius=h // 2)
    pygame.draw.rect(out, fill, r, border_radius=h // 2)
    pygame.draw.rect(out, palette.INK, r, width=1, border_radius=h // 2)
    out.blit(img, img.get_rect(center=r.center))
    return out


def _closed(width: int) -> pygame.Surface:
    """Piero's island: its closed landscapes in gold (+2 each), the open ones in red (nothing)."""
    k = _k(width)
    grid = pieces(PIERO)
    closed, still_open = landscapes([p.face if p else None for p in grid], 3)
    cell = round(100 * k)
    img = _island(grid, 3, cell)
    rim = max(3, cell // 14)
    badges = []
    for land in still_open:
        area, centre = _area(grid, land, cell, (230, 70, 50, 70), BAD)
        img.blit(area, (rim, rim))
        badges.append((_badge("0", 15 * k, (250, 200, 190)), centre))
    for land in closed:
        area, centre = _area(grid, land, cell, (255, 236, 150, 110), (255, 226, 120))
        img.blit(area, (rim, rim))
        badges.append((_badge("+2", 15 * k, (255, 226, 120)), centre))
    for b, (x, y) in badges:
        img.blit(b, b.get_rect(center=(rim + x, rim + y)))
    legend = []
    for key, fill, line in (("ir.rulebook.label.closed", (255, 236, 150), (255, 226, 120)),
                            ("ir.rulebook.label.open", (230, 120, 100), BAD)):
        sw = round(26 * k)
        swatch = pygame.Surface((sw, sw), pygame.SRCALPHA)
        pygame.draw.rect(swatch, fill, swatch.get_rect(), border_radius=4)
        pygame.draw.rect(swatch, line, swatch.get_rect(), width=3, border_radius=4)
        text = _wrapped(tr(key), 15 * k, round(230 * k), left=True)
        row = pygame.Surface((sw + 10 + text.get_width(), max(sw, text.get_height())), pygame.SRCALPHA)
        row.blit(swatch, (0, (row.get_height() - sw) // 2))
        row.blit(text, (sw + 10, (row.get_height() - text.get_height()) // 2))
        legend.append(row)
    side = pygame.Surface((max(r.get_width() for r in legend), sum(r.get_height() for r in legend) + round(24 * k)),
                          pygame.SRCALPHA)
    side.blit(legend[0], (0, 0))
    side.blit(legend[1], (0, side.get_height() - legend[1].get_height()))
    return _row([img, side], width, round(30 * k), round(16 * k))


def _volcanoes(width: int) -> pygame.Surface:
    """Three valid islands with 2, 2 and 1 volcanoes: the two with the most lose 2 each."""
    k = _k(width)
    cell = round(54 * k)
    grids = [grid_of(cells) for cells in VOLCANO_ISLANDS]
    sc = scores(grids, 3, None)
    items = []
    for i, (grid, s) in enumerate(zip(grids, sc)):
        img = _island(grid, 3, cell)
        name = _label(tr(f"ir.rulebook.name.{i + 1}"), 16 * k)
        count = _label(tr("ir.rulebook.label.volcano_count", n=s.volcanoes), 15 * k, role="text")
        ic = round(30 * k)
        pen_text = _label("\u2212%d" % s.volcano_penalty if s.volcano_penalty else "0", 24 * k,
                          colour=BAD if s.volcano_penalty else LABEL)
        pen = pygame.Surface((s.volcanoes * (ic + 6) + 8 + pen_text.get_width(), max(ic + 6, pen_text.get_height())),
                             pygame.SRCALPHA)
        for v in range(s.volcanoes):   # the scoring screen's volcano marks: red when they cost points
            c = (v * (ic + 6) + ic // 2 + 3, pen.get_height() // 2)
            pygame.draw.circle(pen, BAD if s.volcano_penalty else palette.PARCHMENT, c, ic // 2 + 3)
            pen.blit(sprites.icon("volcano", ic), sprites.icon("volcano", ic).get_rect(center=c))
        pen.blit(pen_text, (pen.get_width() - pen_text.get_width(), (pen.get_height() - pen_text.get_height()) // 2))
        col = pygame.Surface((max(img.get_width(), name.get_width(), count.get_width()),
                              name.get_height() + img.get_height() + count.get_height() + pen.get_height() + 12),
                             pygame.SRCALPHA)
        y = 0
        for part in (name, img, count, pen):
            col.blit(part, part.get_rect(midtop=(col.get_width() // 2, y)))
            y += part.get_height() + 4
        items.append(col)
    return _row(items, width, round(40 * k), round(16 * k))


def _timer(width: int) -> pygame.Surface:
    """The clock: 4:00, 3:00 with Expert timer, red under 30 seconds; no clock with No timer."""
    k = _k(width)
    size = round(44 * k)
    spec = ((format_time(240), LABEL, "ir.rulebook.label.normal_round"),
            (format_time(180), LABEL, "ir.opt.expert_timer"),
            (format_time(25), (236, 96, 76), "ir.rulebook.label.last_seconds"),
            (None, LABEL, "ir.opt.no_timer"))
    col_w = round(170 * k)
    items = [_column(_clock(text, size, colour) if text else _no_clock(size), _wrapped(tr(key), 15 * k, col_w),
                     round(8 * k)) for text, colour, key in spec]
    return _row(items, width, round(14 * k), round(18 * k))


def _no_timer(width: int) -> pygame.Surface:
    """No timer: the first one done (ribbon), the other may place one more tile or press Stop."""
    k = _k(width)
    m = no_timer_position()
    r = m.hand
    cell = round(64 * k)
    a = _island(r.grids[0], 3, cell)
    ribbon = sprites.done_banner(tr("ir.rulebook.label.done_first"), round(a.get_width() * 0.95))
    left = pygame.Surface((a.get_width(), a.get_height() + ribbon.get_height() // 2), pygame.SRCALPHA)
    left.blit(a, (0, ribbon.get_height() // 2))
    left.blit(ribbon, ribbon.get_rect(midtop=(left.get_width() // 2, 0)))
    left = _column(left, _label(tr("ir.rulebook.name.caterina"), 16 * k), round(6 * k))
    b = _island(r.grids[1], 3, cell, lit=r.legal_cells(1))
    held = r.hands[1]
    assert held is not None
    t = round(cell * 1.05)
    hand = _column(_face(held, t), _label(tr("ir.rulebook.label.in_hand"), 14 * k, role="text"), round(4 * k))
    note = _wrapped(tr("ir.rulebook.label.one_more"), 14 * k, round(150 * k))
    stop = _button(tr("ir.ui.stop"), 16 * k)
    gap = round(56 * k)
    side_w = max(hand.get_width(), note.get_width(), stop.get_width())
    side_h = hand.get_height() + note.get_height() + stop.get_height() + round(20 * k)
    h = max(b.get_height(), side_h)
    right = pygame.Surface((b.get_width() + gap + side_w, h), pygame.SRCALPHA)
    by = (h - b.get_height()) // 2
    right.blit(b, (0, by))
    sx = b.get_width() + gap
    y = (h - side_h) // 2
    for part in (hand, note, stop):
        right.blit(part, part.get_rect(midtop=(sx + side_w // 2, y)))
        y += part.get_height() + round(10 * k)
    rim = max(3, cell // 14)
    target = pygame.Rect(rim + 2 * cell, by + rim + 2 * cell, cell, cell)
    _arrow(right, (sx + (side_w - t) // 2 - 4, (h - side_h) // 2 + t / 2), (target.right + 3, target.centery),
           width=max(3, round(4 * k)), bend=0.2)
    right = _column(right, _label(tr("ir.rulebook.name.piero"), 16 * k), round(6 * k))
    return _row([left, right], width, round(44 * k), round(16 * k))


def _button(text: str, size: float) -> pygame.Surface:
    img = theme.render_text(text, _font("bold", size), palette.INK)
    out = pygame.Surface((img.get_width() + round(size * 1.6), img.get_height() + round(size * 0.7)), pygame.SRCALPHA)
    pygame.draw.rect(out, palette.WOOD_DARK, out.get_rect(), border_radius=8)
    pygame.draw.rect(out, palette.GOLD_LIGHT, out.get_rect().inflate(-4, -4), border_radius=7)
    out.blit(img, img.get_rect(center=out.get_rect().center))
    return out


def _scoring(width: int) -> pygame.Surface:
    """Rulebook example 4 scored: Caterina (first out) 25, Piero 11."""
    names = [tr("ir.rulebook.name.caterina"), tr("ir.rulebook.name.piero")]
    return _scored([pieces(CATERINA), pieces(PIERO)], 3, 0, names, width)


def _floor(width: int) -> pygame.Surface:
    """Time ran out with six empty cells: the round would be negative, it is raised to 0."""
    return _scored([pieces(SHORT)], 3, None, [tr("ir.rulebook.name.1")], width)


def _big_island(width: int) -> pygame.Surface:
    """Big island: a valid 4x4 island with two land backs inside, scored."""
    k = _k(width)
    return _scored([pieces(BIG)], 4, None, [tr("ir.rulebook.name.2")], width, cell_px=round(74 * k))


PICTURES: dict[str, Callable[[int], pygame.Surface]] = {
    "faces": _faces,
    "kinds": _kinds,
    "turn": _turn,
    "setup": _setup,
    "edges": _edges,
    "legal": lambda w: _move(w, True),
    "illegal": lambda w: _move(w, False),
    "islands": _islands,
    "scoring": _scoring,
    "closed": _closed,
    "volcanoes": _volcanoes,
    "floor": _floor,
    "timer": _timer,
    "big_island": _big_island,
    "no_timer": _no_timer,
}


def picture(name: str, width: int) -> pygame.Surface:
    """The picture ``name`` at most ``width`` px wide (KeyError for an unknown name)."""
    make = PICTURES[name]
    return _fit(make(max(1, int(width))), max(1, int(width)))
