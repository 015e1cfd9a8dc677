"""Where everything of the race table goes, computed from the window size (spec §9, 1280x720 design).

The centre column holds the clock (top), the pile of 48 slots (8 x 6) and, at the bottom, the large
islands of the players at this computer ("featured": the mouse and keyboard players; with bots only,
seat 0). The side columns hold the other islands, each in a panel with its header (chip, name, total),
the tile its player holds and its Done ribbon; the islands of the players on game controllers ("wide")
come first there, as large as the column allows, with room under the panel for their help line. The
log panel takes the right column (its lower half when a fourth island needs the upper one).

The pile lies scattered on the table: each slot has a small fixed offset from its place in the 8 x 6
spread (from the slot number, so always the same), never so large that it touches a neighbour; the
slot rectangles are where the tiles are drawn, so hit-testing follows them. Pure geometry: no drawing,
no game state.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

PILE_COLS, PILE_ROWS = 8, 6
LENS_SCALE = 2.2        # a magnified tile against a pile tile
LENS_FRAME = 7          # the lens's frame (design px)


@dataclass
class IslandBox:
    """One island on screen: its panel, header line, grid square and the place its held tile shows."""

    seat: int
    size: int                  # 3 or 4 cells a side
    panel: pygame.Rect
    header: pygame.Rect
    grid: pygame.Rect
    cell: int                  # cell side in px
    hand: pygame.Rect          # where the tile this player holds is shown (others' islands)
    featured: bool = False
    note: pygame.Rect | None = None   # under a controller player's panel: their help line

    def cell_rect(self, row: int, col: int) -> pygame.Rect:
        return pygame.Rect(self.grid.x + col * self.cell, self.grid.y + row * self.cell, self.cell, self.cell)

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        if not self.grid.collidepoint(pos):
            return None
        col = (pos[0] - self.grid.x) // self.cell
        row = (pos[1] - self.grid.y) // self.cell
        if 0 <= row < self.size and 0 <= col < self.size:
            return (row, col)
        return None

    def edge_point(self, cell: tuple[int, int], direction: int) -> tuple[int, int]:
        """The middle of one edge (N E S W) of a cell."""
        r = self.cell_rect(*cell)
        return (r.midtop, r.midright, r.midbottom, r.midleft)[direction]


@dataclass
class RaceLayout:
    rect: pygame.Rect
    top: pygame.Rect                     # the strip with the clock
    clock: pygame.Rect
    round_label: pygame.Rect             # left of the clock
    totals: pygame.Rect                  # right of the clock
    menu: pygame.Rect
    pile: pygame.Rect                    # the area of the slots
    slots: list[pygame.Rect]
    tile: int                            # pile tile side
    islands: dict[int, IslandBox]
    featured: list[int]
    controls: pygame.Rect                # buttons of the mouse player
    log: pygame.Rect
    bottom: pygame.Rect                  # the area of the featured islands
    scale: float = 1.0
    lenses: list[pygame.Rect] = field(default_factory=list)   # beside the pile: the magnified tiles
    extra: dict = field(default_factory=dict)

    @property
    def lens_frame(self) -> int:
        """The width of a lens's frame (the tile is shown inside it)."""
        return lens_frame(self.scale)

    def slot_at(self, pos: tuple[int, int]) -> int | None:
        for i, r in enumerate(self.slots):
            if r.collidepoint(pos):
                return i
        return None


def _px(v: float, k: float) -> int:
    return max(1, int(round(v * k))) if v > 0 else int(round(v * k))


def lens_frame(k: float) -> int:
    """The width of a magnifying lens's frame at scale ``k`` (at least 3 px, to be seen)."""
    return max(3, _px(LENS_FRAME, k))


def compute(rect: pygame.Rect, players: int, featured: list[int], size: int,
            wide: list[int] | tuple[int, ...] = ()) -> RaceLayout:
    """The race table for a window ``rect`` with ``players`` seats, ``featured`` seats at the bottom,
    ``wide`` seats (controller players) first in the side columns, and islands of ``size`` cells a side."""
    k = max(0.5, min(rect.w / 1280, rect.h / 720))
    pad = _px(10, k)
    side_w = int(rect.w * 0.205)
    centre = pygame.Rect(rect.x + side_w, rect.y, rect.w - 2 * side_w, rect.h)
    top_h = _px(66, k)
    top = pygame.Rect(centre.x, rect.y, centre.w, top_h)
    clock = pygame.Rect(0, 0, _px(176, k), top_h - _px(8, k))
    clock.midtop = (top.centerx, top.y + _px(4, k))
    round_label = pygame.Rect(top.x + pad, top.y, clock.x - top.x - 2 * pad, top_h)
    menu = pygame.Rect(0, 0, _px(96, k), _px(36, k))
    menu.topright = (top.right - pad, top.y + _px(14, k))
    totals = pygame.Rect(clock.right + pad, top.y, menu.x - clock.right - 2 * pad, top_h)

    # bottom: the featured islands (with the mouse player's buttons beside the first)
    bottom_h = int(rect.h * 0.39)
    bottom = pygame.Rect(centre.x, rect.bottom - bottom_h, centre.w, bottom_h)
    n_feat = max(1, len(featured))
    controls_w = _px(132, k)
    header_h = _px(26, k)
    gap = _px(18, k)
    avail_w = (bottom.w - controls_w - gap * (n_feat + 1)) // n_feat
    avail_h = bottom.h - header_h - 2 * pad
    cell = max(8, min(avail_w, avail_h) // size)
    cell = min(cell, _px(96, k))
    grid_w = cell * size
    total_w = n_feat * grid_w + (n_feat - 1) * gap * 2 + gap + controls_w
    x = bottom.centerx - total_w // 2
    islands: dict[int, IslandBox] = {}
    controls = pygame.Rect(0, 0, 0, 0)
    for i, seat in enumerate(featured):
        grid = pygame.Rect(x, bottom.bottom - pad - grid_w, grid_w, grid_w)
        header = pygame.Rect(grid.x, grid.y - header_h, grid.w, header_h)
        panel = pygame.Rect(grid.x - pad // 2, header.y - pad // 2, grid.w + pad, grid.w + header_h + pad)
        islands[seat] = IslandBox(seat, size, panel, header, grid, cell, grid.copy(), featured=True)
        if i == 0:
            controls = pygame.Rect(grid.right + gap, header.y, controls_w, grid.bottom - header.y)
            x = controls.right + gap
        else:
            x = grid.right + gap * 2
    # the pile between the top strip and the bottom, scattered
    pile_area = pygame.Rect(centre.x + pad, top.bottom + _px(4, k), centre.w - 2 * pad,
                            bottom.y - top.bottom - _px(12, k))
    pile, slots, tile, lenses = _scattered_pile(pile_area, k)

    # side columns: the other islands, then the log
    others = [s for s in wide if s not in featured and s < players]
    others += [s for s in range(players) if s not in featured and s not in others]
    left = pygame.Rect(rect.x + pad, rect.y + pad, side_w - 2 * pad, rect.h - 2 * pad)
    right = pygame.Rect(rect.right - side_w + pad, rect.y + pad, side_w - 2 * pad, rect.h - 2 * pad)
    half_h = (left.h - pad) // 2
    boxes = [pygame.Rect(left.x, left.y, left.w, half_h), pygame.Rect(left.x, left.y + half_h + pad, left.w, half_h),
             pygame.Rect(right.x, right.y, right.w, half_h)]
    log = right.copy()
    if len(others) >= 3:
        log = pygame.Rect(right.x, right.y + half_h + pad, right.w, half_h)
    small_cap = max(8, int(cell * 0.62))
    for seat, box in zip(others, boxes):
        if seat in wide:
            islands[seat] = _wide_box(seat, size, box, cell, k)
        else:
            islands[seat] = _side_box(seat, size, box, small_cap, k)
    return RaceLayout(rect=rect, top=top, clock=clock, round_label=round_label, totals=totals, menu=menu,
                      pile=pile, slots=slots, tile=tile, islands=islands, featured=list(featured),
                      controls=controls, log=log, bottom=bottom, scale=k, lenses=lenses)


def scatter(slot: int, room_x: int, room_y: int) -> tuple[int, int]:
    """A slot's fixed offset from its place in the spread: within +-room_x, +-room_y, from the slot number
    (a small integer hash, so the pile looks the same every time and on every computer)."""
    h = (slot * 2654435761 + 0x9E37) & 0xFFFFFFFF
    h ^= h >> 15
    fx = (h & 0xFF) / 255.0
    fy = ((h >> 8) & 0xFF) / 255.0
    return (round((2 * fx - 1) * room_x), round((2 * fy - 1) * room_y))


def _scattered_pile(area: pygame.Rect, k: float) -> tuple[pygame.Rect, list[pygame.Rect], int, list[pygame.Rect]]:
    """48 slots spread over ``area``: rows a little apart, columns further apart, each row shifted a bit
    and every tile offset by ``scatter``; two slots never touch (an offset stays under half a gap). Beside the
    pile, a column for the magnifying lenses (``LENS_SCALE`` times a pile tile, one or two stacked): the tile
    under a pointer or a cursor is shown there large, where it covers no other tile."""
    vgap = _px(6, k)
    min_hgap = _px(12, k)
    lens_gap = _px(16, k)
    frame = lens_frame(k)
    tile = min((area.h - PILE_ROWS * vgap) // PILE_ROWS,            # room for the gaps and the offsets
               int((area.w - (PILE_COLS + 1) * min_hgap - lens_gap - 2 * frame) / (PILE_COLS + LENS_SCALE)))
    tile = max(8, min(tile, _px(60, k)))
    lens = int(tile * LENS_SCALE) + 2 * frame
    room_w = area.w - lens - lens_gap
    hgap = max(min_hgap, min(int(tile * 0.36), (room_w - PILE_COLS * tile) // (PILE_COLS + 1)))
    room_x = max(0, hgap // 2 - 1)          # neighbours in a row: offsets differ by < hgap
    room_y = max(0, vgap // 2 - 1)          # neighbours in a column: offsets differ by < vgap
    stagger = hgap // 2                     # odd rows shifted right, even rows left: less of a grid
    pw = PILE_COLS * tile + (PILE_COLS - 1) * hgap + stagger + 2 * room_x
    ph = PILE_ROWS * tile + (PILE_ROWS - 1) * vgap + 2 * room_y
    pile = pygame.Rect(0, 0, pw, ph)
    group_w = pw + lens_gap + lens
    pile.midleft = (area.centerx - group_w // 2, area.centery)
    slots = []
    for s in range(PILE_COLS * PILE_ROWS):
        r, c = divmod(s, PILE_COLS)
        jx, jy = scatter(s, room_x, room_y)
        x = pile.x + room_x + (stagger if r % 2 else 0) + c * (tile + hgap) + jx
        y = pile.y + room_y + r * (tile + vgap) + jy
        slots.append(pygame.Rect(x, y, tile, tile))
    count = 2 if 2 * lens + lens_gap <= area.h else 1
    column_h = count * lens + (count - 1) * lens_gap
    top = pile.centery - column_h // 2
    lenses = [pygame.Rect(pile.right + lens_gap, top + i * (lens + lens_gap), lens, lens) for i in range(count)]
    return pile, slots, tile, lenses


def _wide_box(seat: int, size: int, box: pygame.Rect, cap: int, k: float) -> IslandBox:
    """A controller player's island in a side column: as large as the column allows (up to the featured
    islands' cells), its held tile at its cursor (no hand square), the help line under the panel."""
    pad = _px(10, k)
    header_h = _px(34, k)
    note_h = _px(62, k)            # three lines of help
    inner = box.inflate(-2 * pad, -2 * pad)
    cell = min(inner.w // size, (inner.h - header_h - pad - note_h - pad) // size, max(cap, 8))
    cell = max(6, cell)
    grid_w = cell * size
    panel = pygame.Rect(0, 0, inner.w + 2 * pad, header_h + grid_w + pad + 2 * pad)
    panel.midtop = (box.centerx, box.y)
    header = pygame.Rect(panel.x + pad, panel.y + pad, panel.w - 2 * pad, header_h)
    grid = pygame.Rect(panel.centerx - grid_w // 2, header.bottom, grid_w, grid_w)
    note = pygame.Rect(box.x, panel.bottom + _px(4, k), box.w, max(0, min(note_h, box.bottom - panel.bottom - _px(4, k))))
    return IslandBox(seat, size, panel, header, grid, cell, grid.copy(), note=note)


def _side_box(seat: int, size: int, box: pygame.Rect, cap: int, k: float) -> IslandBox:
    pad = _px(10, k)
    header_h = _px(34, k)
    inner = box.inflate(-2 * pad, -2 * pad)
    hand_gap = _px(8, k)
    cell = min((inner.w - hand_gap) * 10 // (10 * size + 9), (inner.h - header_h - pad) // size, cap)
    cell = max(6, cell)
    grid_w = cell * size
    hand_s = cell
    content_w = grid_w + hand_gap + hand_s
    content_h = header_h + grid_w + pad
    panel = pygame.Rect(0, 0, inner.w + 2 * pad, content_h + 2 * pad)
    panel.midtop = (box.centerx, box.y)
    header = pygame.Rect(panel.x + pad, panel.y + pad, panel.w - 2 * pad, header_h)
    gx = panel.centerx - content_w // 2
    grid = pygame.Rect(gx, header.bottom, grid_w, grid_w)
    hand = pygame.Rect(grid.right + hand_gap, grid.y + (grid_w - hand_s) // 2, hand_s, hand_s)
    return IslandBox(seat, size, panel, header, grid, cell, hand)


def scoring_boxes(rect: pygame.Rect, players: int, size: int, top: int, bottom: int) -> list[IslandBox]:
    """Every island side by side for the scoring (the area between ``top`` and ``bottom``)."""
    k = max(0.5, min(rect.w / 1280, rect.h / 720))
    pad = _px(14, k)
    header_h = _px(34, k)
    score_h = _px(180, k)
    area = pygame.Rect(rect.x + pad, top, rect.w - 2 * pad, bottom - top)
    w = (area.w - (players - 1) * pad) // players
    cell = min((w - 2 * pad) // size, (area.h - header_h - score_h - 2 * pad) // size, _px(100, k))
    cell = max(8, cell)
    grid_w = cell * size
    out = []
    panel_h = header_h + grid_w + score_h + 2 * pad
    y0 = area.y + max(0, (area.h - panel_h) // 3)
    for seat in range(players):
        col = pygame.Rect(area.x + seat * (w + pad), y0, w, area.h)
        panel = pygame.Rect(col.x, col.y, col.w, panel_h)
        header = pygame.Rect(panel.x + pad, panel.y + pad // 2, panel.w - 2 * pad, header_h)
        grid = pygame.Rect(panel.centerx - grid_w // 2, header.bottom + pad // 2, grid_w, grid_w)
        out.append(IslandBox(seat, size, panel, header, grid, cell, pygame.Rect(grid.x, grid.bottom + pad // 2,
                                                                                 grid.w, score_h - pad)))
    return out
