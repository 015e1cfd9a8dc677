"""The Pirateer sea map as plain data: cells, harbours, docks, straits, currents and the steps of G1, G2, G3,
G4, G5, G6, G7, G8.

Pure Python (no pygame, no pytmx), so the rules engine can import it. ``board.py`` builds a ``Board``
from the Tiled map; everything here is frozen and hashable, and nothing is tied to one particular map.

Coordinates (spec G1): a cell is ``(x, y)``; an ordinary step changes x or y by 1. On the table the
centre of ``(x, y)`` sits at column ``u = x - y`` and row ``w = x + y`` in units of ``h`` (half a
diamond's diagonal).

Square names (what players read, issue 16): the board is named like a city map, whose edges are its frame: its
rows of diamonds (one ``w`` each, top to bottom) by letters, A on the top edge to Z on the bottom one (``ROWS``
skips I, which reads like a 1), its columns (one ``u`` each, left to right) by numbers from 1. A square is its
row's letter and its column's number: the Spanish anchor ``(0, 9)`` is "C8". Neighbours in a row are two columns
apart (diamonds of one row stand every other column); a move SE adds one to both, NE takes one off the row and
adds one to the column.

The two-board map of the fantastic eight (V11.1: board B against A's bottom long edge) keeps board A's names; the
seam row (``Board.seams``: A's bottom edge = B's top edge) is A's last letter, Z, and each row of board B below it
is B's own letter doubled, BB to ZZ (AA would be the seam). Board B's Spanish anchor, its "C8", is "CC8".
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterator

Cell = tuple[int, int]
Step = tuple[int, int]

KINDS = ("sea", "current", "dock", "land", "island", "islet", "strait")
WATER_KINDS = frozenset({"sea", "current", "dock", "strait"})   # G2: everything else blocks

#: the letters of the board's rows, top to bottom; I is left out, as on a go board: it reads like a 1
ROWS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

# Ordinary steps (G3): each crosses one side of a diamond, a diagonal on the table (A1).
ORDINARY = {"SE": (1, 0), "NW": (-1, 0), "SW": (0, 1), "NE": (0, -1)}
# Lengthwise steps along a current (G3, G5): horizontal on the table.
LENGTHWISE = {"E": (1, -1), "W": (-1, 1)}
DIRECTIONS = {**ORDINARY, **LENGTHWISE}
OPPOSITE = {"SE": "NW", "NW": "SE", "SW": "NE", "NE": "SW", "E": "W", "W": "E"}


def terrain_digest(kinds: tuple[tuple[str, ...], ...] | list[list[str]]) -> str:
    """A short fingerprint of a grid of kinds (rows of KINDS): the map stores the one it was made with."""
    import hashlib
    text = "\n".join(",".join(row) for row in kinds)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]


class BoardError(ValueError):
    """The map is not a valid Pirateer board; the message names what is off."""


@dataclass(frozen=True)
class Edges:
    """The board rectangle on the table (G1): long edges on rows ``w = top`` and ``w = bottom``,
    short edges on columns ``u = -side`` and ``u = +side``. Cells beyond them are off the board."""
    top: int
    bottom: int
    side: int


@dataclass(frozen=True)
class Strait:
    """One strait square printed as two half-squares on opposite long edges (G4)."""
    label: str
    top: Cell      # the half on the top edge; the engine stores a ship here
    bottom: Cell   # the half on the bottom edge

    @property
    def offset(self) -> Step:
        """The wrap through the seam (G4): bottom half - top half, (12, 12) on one board; (24, 24) for the outer
        straits of the two-board map (V11.3)."""
        return self.bottom[0] - self.top[0], self.bottom[1] - self.top[1]


@dataclass(frozen=True)
class Current:
    """A line of current squares (G5), listed from the west end to the east end on the table."""
    label: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Harbour:
    """A faction's harbour (G7): the channel runs from the anchor through the start squares. ``name`` is the id
    fleets are seated by; on the standard map it is the faction, on the two-board map (V11.1) the faction and the
    board, "spanish-b", while ``faction`` stays "spanish" (its flag, its words, its R17 table: V11.7)."""
    faction: str
    corner: str                    # e.g. "top-left"
    anchor: Cell
    starts: tuple[Cell, ...]       # start square 1 (next to the anchor) .. 3
    channel: tuple[Cell, ...]      # anchor first, open end last (6 squares on the standard board)
    mouth: tuple[Cell, ...]        # water squares outside the channel beside its open end
    bay: str                       # direction from the anchor toward the open end, e.g. "SW"
    name: str = ""                 # "spanish-b"; empty means the faction's own id

    def __post_init__(self) -> None:
        if not self.name:
            object.__setattr__(self, "name", self.faction)


@dataclass(frozen=True)
class Dock:
    """A water square touching the island by a side (G6)."""
    cell: Cell
    side: str   # island side it touches: NW, NE, SW or SE
    near: str   # the harbour (its name) whose corner that side faces
    island: str = "A"   # the label of the island it touches


@dataclass(frozen=True)
class Island:
    """One island (G6) with its docks and the spot its treasure coin is drawn at; the two-board map has two,
    "A" and "B" (V11.2: a coin flip puts the treasures on one of them)."""
    label: str
    cells: tuple[Cell, ...]
    docks: tuple[Cell, ...]
    treasure_uw: tuple[float, float]


@dataclass(frozen=True)
class Board:
    """A loaded sea map. ``kinds[y][x]`` is one of KINDS; anchors and start squares are ``sea``.

    ``docks``, ``island`` and ``islets`` hold those of every island; ``islands`` tells them apart (one on the
    standard map, two on the fantastic eight's). ``treasure_uw`` is the first island's spot."""
    name: str
    width: int
    height: int
    kinds: tuple[tuple[str, ...], ...]
    edges: Edges
    harbours: tuple[Harbour, ...]   # in clockwise (turn) order
    docks: tuple[Dock, ...]
    island: tuple[Cell, ...]
    islets: tuple[Cell, ...]
    straits: tuple[Strait, ...]
    currents: tuple[Current, ...]
    treasure_uw: tuple[float, float]  # where the coin is drawn, in (u, w) table units
    tile_half: int = 32               # h of the Tiled map, in map pixels
    islands: tuple[Island, ...] = ()
    inner_straits: tuple[Cell, ...] = ()   # V11.3: where two boards' straits meet; ordinary sea squares
    seams: tuple[int, ...] = ()            # rows w where the next board begins (its top edge on the last one's)
    _index: dict = field(default=None, init=False, repr=False, compare=False, hash=False)  # type: ignore[assignment]

    # -- cells ----------------------------------------------------------------------------------
    def in_grid(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def kind(self, cell: Cell) -> str:
        """The square's kind; anything outside the grid is land."""
        return self.kinds[cell[1]][cell[0]] if self.in_grid(cell) else "land"

    def is_water(self, cell: Cell) -> bool:
        return self.kind(cell) in WATER_KINDS

    def cells(self) -> Iterator[Cell]:
        """Every grid cell, row by row."""
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    def canonical(self, cell: Cell) -> Cell:
        """The logical square of a cell: a strait's bottom half becomes its top half."""
        return self._lookup["canonical"].get(cell, cell)

    @cached_property
    def squares(self) -> tuple[Cell, ...]:
        """The playable squares (strait halves merged), sorted."""
        return tuple(sorted({self.canonical(c) for c in self.cells() if self.is_water(c)}))

    def strait_at(self, cell: Cell) -> Strait | None:
        return self._lookup["strait"].get(cell)

    def current_at(self, cell: Cell) -> Current | None:
        return self._lookup["current"].get(cell)

    def dock_at(self, cell: Cell) -> Dock | None:
        return self._lookup["dock"].get(cell)

    def harbour(self, name: str) -> Harbour:
        """The harbour of that name ("spanish" on the standard map, "spanish-b" on the two-board one)."""
        for h in self.harbours:
            if h.name == name:
                return h
        raise KeyError(name)

    @property
    def factions(self) -> tuple[str, ...]:
        """The harbours' names in clockwise order: the ids fleets are seated by. On the standard map these are
        the faction ids; on the two-board map "spanish-a", "french-a", ... (V11.7), each ``harbour(name).faction``
        being the faction."""
        return tuple(h.name for h in self.harbours)

    def harbour_at(self, cell: Cell) -> Harbour | None:
        """The harbour whose channel holds this square, if any."""
        return self._lookup["channel"].get(cell)

    def anchor_of(self, cell: Cell) -> str | None:
        """The name of the harbour whose anchor square this is."""
        h = self._lookup["anchor"].get(cell)
        return h.name if h else None

    def start_of(self, cell: Cell) -> tuple[str, int] | None:
        """(harbour name, index 1..3) if this is a start square."""
        return self._lookup["start"].get(cell)

    def island_named(self, label: str) -> Island:
        for i in self.islands:
            if i.label == label:
                return i
        raise KeyError(label)

    def island_of(self, cell: Cell) -> Island | None:
        """The island a square belongs to (one of its cells) or touches (one of its docks)."""
        return self._lookup["island"].get(cell)

    # -- steps (G3, G4, G5) ----------------------------------------------------------------------
    def on_board(self, cell: Cell) -> bool:
        """Inside the board rectangle (G1) and the grid."""
        u, w = cell[0] - cell[1], cell[0] + cell[1]
        e = self.edges
        return self.in_grid(cell) and e.top <= w <= e.bottom and -e.side <= u <= e.side

    def step(self, cell: Cell, direction: str) -> Cell | None:
        """The water square one step from ``cell`` (a logical square) in ``direction``, or None.

        Ordinary steps (SE, NW, SW, NE) cross one diamond side; out of a strait they continue from
        whichever half lies on the board side of that direction (G4, the wrap through the seam), and
        a step onto either half of a strait lands on the strait. Lengthwise steps (E, W) exist only
        between two squares of the same current (G5)."""
        cell = self.canonical(cell)
        if direction in LENGTHWISE:
            dx, dy = LENGTHWISE[direction]
            cur = self.current_at(cell)
            nxt = (cell[0] + dx, cell[1] + dy)
            return nxt if cur is not None and self.current_at(nxt) is cur else None
        dx, dy = ORDINARY[direction]
        strait = self.strait_at(cell)
        origins = (strait.top, strait.bottom) if strait else (cell,)
        for ox, oy in origins:
            nxt = (ox + dx, oy + dy)
            if self.on_board(nxt) and self.is_water(nxt):
                return self.canonical(nxt)
        return None

    def neighbours(self, cell: Cell) -> tuple[tuple[str, Cell], ...]:
        """Every (direction, square) one step away: ordinary steps, strait wraps, current steps."""
        out = []
        for d in DIRECTIONS:
            nxt = self.step(cell, d)
            if nxt is not None:
                out.append((d, nxt))
        return tuple(out)

    def ray(self, cell: Cell, direction: str, n: int) -> tuple[Cell, ...] | None:
        """The n squares a straight move of length n passes (last one = landing), or None if it
        leaves the water. Blocking by ships, currents and straits is the rules engine's business."""
        path, cur = [], cell
        for _ in range(n):
            nxt = self.step(cur, direction)
            if nxt is None:
                return None
            path.append(nxt)
            cur = nxt
        return tuple(path)

    def dead_ends(self) -> tuple[Cell, ...]:
        """Squares with exactly one water neighbour (ordinary and current steps)."""
        return tuple(c for c in self.squares if len({n for _, n in self.neighbours(c)}) == 1)

    # -- square names (what players read: the log, the rules' captions, the names printed on the frame) ------
    def row_name(self, w: int) -> str:
        """The letter of the row of diamonds whose middles lie on ``w`` (A: the top edge). Below a seam (a second
        board) each row is that board's own letter written twice: BB is the row after the seam's Z."""
        part = sum(1 for s in self.seams if w > s)
        k = w - (self.seams[part - 1] if part else self.edges.top)
        return ROWS[k] * (part + 1) if 0 <= k < len(ROWS) else f"{w - self.edges.top + 1}."

    def column_name(self, u: int) -> str:
        """The number of the column of diamonds whose middles lie on ``u`` (1: the left edge)."""
        return str(u + self.edges.side + 1)

    def cell_name(self, cell: Cell) -> str:
        """One grid cell's name: its row's letter, then its column's number ("C8" is ``(0, 9)``)."""
        u, w = self.uw(cell)
        return f"{self.row_name(w)}{self.column_name(u)}"

    def square_name(self, cell: Cell) -> str:
        """A square's name as players read it; a strait (G4: one square printed as two halves, on the top edge and
        on the bottom edge) is named by both halves, top first: "A16/Z16" (two boards: "A16/ZZ16")."""
        strait = self.strait_at(cell)
        if strait is not None:
            return f"{self.cell_name(strait.top)}/{self.cell_name(strait.bottom)}"
        return self.cell_name(cell)

    @property
    def row_labels(self) -> tuple[tuple[str, int], ...]:
        """Each row printed on the left and right edges: (letter, w)."""
        return tuple((self.row_name(w), w) for w in range(self.edges.top, self.edges.bottom + 1))

    @property
    def column_labels(self) -> tuple[tuple[str, int], ...]:
        """Each column printed on the top and bottom edges: (number, u)."""
        return tuple((self.column_name(u), u) for u in range(-self.edges.side, self.edges.side + 1))

    # -- geometry for the scene -----------------------------------------------------------------
    @staticmethod
    def uw(cell: Cell) -> tuple[int, int]:
        """Table position of a cell's centre in half-diagonals: u = x - y, w = x + y."""
        return cell[0] - cell[1], cell[0] + cell[1]

    @staticmethod
    def centre(cell: Cell, h: float, origin: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
        """Pixel centre of a cell: (ox + u*h, oy + w*h)."""
        return origin[0] + (cell[0] - cell[1]) * h, origin[1] + (cell[0] + cell[1]) * h

    @staticmethod
    def diamond(cell: Cell, h: float, origin: tuple[float, float] = (0.0, 0.0)) -> tuple[tuple[float, float], ...]:
        """The four corners of a cell's diamond (top, right, bottom, left) in pixels."""
        cx, cy = Board.centre(cell, h, origin)
        return (cx, cy - h), (cx + h, cy), (cx, cy + h), (cx - h, cy)

    def cell_at(self, px: float, py: float, h: float, origin: tuple[float, float] = (0.0, 0.0)) -> Cell | None:
        """The grid cell whose diamond holds the pixel, or None outside the grid."""
        u, w = (px - origin[0]) / h, (py - origin[1]) / h
        x, y = (u + w) / 2, (w - u) / 2
        cell = (int(x + 0.5) if x >= -0.5 else -1, int(y + 0.5) if y >= -0.5 else -1)
        return cell if self.in_grid(cell) else None

    def board_rect(self, h: float, origin: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float, float, float]:
        """The board rectangle (left, top, width, height) in pixels: clip the drawing to it."""
        e = self.edges
        return (origin[0] - e.side * h, origin[1] + e.top * h, 2 * e.side * h, (e.bottom - e.top) * h)

    @property
    def tmx_origin(self) -> tuple[int, int]:
        """Pixel position of u = 0, w = 0 in the Tiled map's own drawing (isometric orientation)."""
        return self.height * self.tile_half, self.tile_half

    # -- lookups --------------------------------------------------------------------------------
    @property
    def _lookup(self) -> dict:
        if self._index is None:
            idx: dict = {"canonical": {}, "strait": {}, "current": {}, "dock": {}, "channel": {},
                         "anchor": {}, "start": {}, "island": {}}
            for s in self.straits:
                idx["canonical"][s.bottom] = s.top
                idx["strait"][s.top] = idx["strait"][s.bottom] = s
            for c in self.currents:
                for cell in c.cells:
                    idx["current"][cell] = c
            for d in self.docks:
                idx["dock"][d.cell] = d
            for h in self.harbours:
                idx["anchor"][h.anchor] = h
                for cell in h.channel:
                    idx["channel"][cell] = h
                for i, cell in enumerate(h.starts, 1):
                    idx["start"][cell] = (h.name, i)
            for isl in self.islands:
                for cell in isl.cells + isl.docks:
                    idx["island"][cell] = isl
            object.__setattr__(self, "_index", idx)
        return self._index
