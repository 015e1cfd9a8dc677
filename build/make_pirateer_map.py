#!/usr/bin/env python
"""Build the Pirateer sea map for Tiled from the board data (build/data/pirateer-board.txt).

Usage: ``python build/make_pirateer_map.py [--out DIR]`` (default: assets/maps). Writes
``pirateer.tmx`` (the map), ``pirateer.tsx`` (its tileset), ``pirateer-tiles.png`` (the tile atlas)
and ``pirateer-backdrop.png`` (the mainland under the tiles), and ``pirateer-8.tmx``: the fantastic eight's two
boards joined on a long edge (board file section 10, spec V11.1), on the same tileset, its backdrop drawn twice.
Deterministic: a rerun writes the same bytes. Runs headless; the art is drawn here with pygame (our own style).

Orientation: ``isometric`` with square tiles (tilewidth = tileheight = 64). The board is a square
lattice turned 45 degrees, and Tiled draws isometric tile (x, y) at screen column (x - y) * 32 and row
(x + y) * 32, exactly the table position u = x - y, w = x + y of the board file with h = 32 px. So the
tile layer keeps the board's own coordinates (row = y, column = x) and Tiled shows the sea as it lies
on the table. (``staggered`` would index tiles by table row instead, so every board coordinate would
need converting and the lattice neighbours would no longer be the map's neighbours.)
"""
from __future__ import annotations

import argparse
import math
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for _p in (str(ROOT), str(ROOT / "build")):
    if _p not in sys.path:
        sys.path.insert(0, _p)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

BOARD_TEXT = ROOT / "build" / "data" / "pirateer-board.txt"
OUT = ROOT / "assets" / "maps"
TILE = 64          # tile width = height: a diamond 64 px across, h = 32
H = TILE // 2
COLUMNS = 8        # tiles per atlas row

Cell = tuple[int, int]
SIDE_STEP = {"NW": (-1, 0), "NE": (0, -1), "SW": (0, 1), "SE": (1, 0)}
AXIS_DIR = {"+x": "SE", "-x": "NW", "+y": "SW", "-y": "NE"}


# =============================================================================================
# the board text
# =============================================================================================
@dataclass
class BoardData:
    grid: list[str]                         # grid[y][x] = legend character
    letters: dict[str, tuple[str, str]]     # legend char -> (faction, "anchor" | "start")
    edges: tuple[int, int, int]             # top w, bottom w, side u
    factions: list[dict]                    # section 8 rows, clockwise order
    docks: list[tuple[Cell, str, str]]      # (cell, island side, near faction)
    straits: list[tuple[str, Cell, Cell]]   # (label, top half, bottom half)
    currents: list[tuple[str, list[Cell]]]  # (label, cells west -> east)
    counts: dict[str, int]                  # section 11's stated counts
    treasure_uw: tuple[int, int]
    name: str = "pirateer"                  # the map's "board" property
    islands: list = field(default_factory=list)   # (label, cells, treasure (u, w)); empty: the one island
    inner: list[Cell] = field(default_factory=list)   # V11.3: inner straits, ordinary sea squares on the seam
    seams: list[int] = field(default_factory=list)    # rows w where board B's top edge meets A's bottom edge
    shift: int = 0                          # board B's cell (x, y) is (x + shift, y + shift)


class BoardTextError(ValueError):
    pass


def _cells(text: str) -> list[Cell]:
    return [(int(a), int(b)) for a, b in re.findall(r"\((\d+),\s*(\d+)\)", text)]


def _need(cond: bool, what: str) -> None:
    if not cond:
        raise BoardTextError(f"board text: {what}")


def parse_board_text(text: str) -> BoardData:
    """Read sections 1-3 and 5-8 of the board file and cross-check them with section 11."""
    lines = text.splitlines()
    _need("BEGIN GRID" in lines and "END GRID" in lines, "no BEGIN GRID / END GRID block")
    block = lines[lines.index("BEGIN GRID") + 1:lines.index("END GRID")]
    rows = {}
    for ln in block:
        m = re.fullmatch(r"y(\d\d) (.{20})", ln)
        if m:
            rows[int(m.group(1))] = m.group(2)
    _need(sorted(rows) == list(range(20)), f"grid rows {sorted(rows)}, expected y00..y19")
    grid = [rows[y] for y in range(20)]

    letters: dict[str, tuple[str, str]] = {}
    for m in re.finditer(r"^\s+([A-Z]) ([a-z])\s+(\w+)\s+yes\s+\1 = anchor", text, re.M):
        letters[m.group(1)] = (m.group(3).lower(), "anchor")
        letters[m.group(2)] = (m.group(3).lower(), "start")
    _need(len(letters) == 8, f"legend names {len(letters) // 2} factions, expected 4")

    m = re.search(r"top long edge on the line w = (\d+), bottom long edge on w = (\d+)", text)
    s = re.search(r"short edges at about u = -(\d+) and u = \+(\d+)", text)
    _need(bool(m and s), "board rectangle (section 1) not found")
    edges = (int(m.group(1)), int(m.group(2)), int(s.group(1)))

    order = re.search(r"Clockwise order of the corners[^:]*:\s*([\w >-]+)\.", text)
    _need(bool(order), "clockwise order (section 8) not found")
    clockwise = [f.strip() for f in order.group(1).split("->")][:-1]
    factions = {}
    pat = re.compile(r"^  (\w+)\s+.+?\s+((?:top|bottom)-(?:left|right))\s+(\(\d+,\d+\))\s+(\(\d+,\d+\))\s+"
                     r"(\(\d+,\d+\))\s+(\(\d+,\d+\))\s+\(\d+,\d+\)\.\.(\(\d+,\d+\))\s+along ([+-][xy])", re.M)
    for m in pat.finditer(text):
        cells = _cells(" ".join(m.group(i) for i in range(3, 8)))
        factions[m.group(1)] = {"faction": m.group(1), "corner": m.group(2), "anchor": cells[0],
                                "starts": cells[1:4], "end": cells[4], "bay": AXIS_DIR[m.group(8)]}
    _need(sorted(factions) == sorted(clockwise), f"section 8 factions {sorted(factions)} vs order {clockwise}")

    docks = []
    for m in re.finditer(r"(NW|NE|SW|SE) side \((\w+)\):\s+(\(\d+,\d+\) \(\d+,\d+\))", text):
        docks += [(c, m.group(1), m.group(2).lower()) for c in _cells(m.group(3))]

    straits = []
    for m in re.finditer(r"^  ([A-Z])\s+(\(\d+,\d+\))\s+(\(\d+,\d+\))\s+SE ->", text, re.M):
        top, bottom = _cells(m.group(2) + m.group(3))
        straits.append((m.group(1), top, bottom))

    currents = []
    for m in re.finditer(r"^  (C\d)\s+x \+ y = \d+\s+((?:\(\d+,\d+\)\s*)+)", text, re.M):
        currents.append((m.group(1), _cells(m.group(2))))

    counts = {}
    m = re.search(r"logical playable squares \(strait halves merged\): (\d+)", text)
    _need(bool(m), "section 11: playable squares not found")
    counts["playable"] = int(m.group(1))
    for key, label in (("currents", "currents"), ("docks", "docks"), ("island", "island squares"),
                       ("islets", "islets"), ("anchors", "anchors"), ("starts", "start squares")):
        m = re.search(rf"\b{label}: (\d+)", text)
        _need(bool(m), f"section 11: count of {label} not found")
        counts[key] = int(m.group(1))
    m = re.search(r"straits \(top half = bottom half\): \{(.*)\}", text)
    _need(bool(m), "section 11: straits not found")
    counts["straits"] = len(re.findall(r"'[A-Z]'", m.group(1)))
    stated = _cells(m.group(1))
    _need([c for _, t, b in straits for c in (t, b)] == stated, "section 5 and section 11 disagree on straits")

    m = re.search(r"treasure coin is drawn\):\s*u = (-?\d+), w = (-?\d+)", text)
    _need(bool(m), "section 7: treasure centre not found")
    data = BoardData(grid, letters, edges, [factions[f] for f in clockwise], docks, straits, currents, counts,
                     (int(m.group(1)), int(m.group(2))))
    check(data)
    return data


def check(d: BoardData) -> None:
    """The grid agrees with the tables of sections 5-8 and the counts of section 11."""
    g, size = d.grid, len(d.grid)
    where = lambda chars: [(x, y) for y in range(size) for x in range(size) if g[y][x] in chars]  # noqa: E731
    found = {"currents": len(where("~")), "docks": len(where("D")), "island": len(where("I")),
             "islets": len(where("o")), "anchors": len(where("EFBP")), "starts": len(where("efbp")),
             "straits": len(where("ST")) // 2,
             "playable": len(where(".~DSTEFBPefbp")) - len(where("ST")) // 2,
             "inner_straits": sum(1 for c in where(".") if sum(c) in d.seams)}
    for key, n in d.counts.items():
        _need(found[key] == n, f"section 11 says {n} {key}, the grid has {found[key]}")
    _need(sorted(c for _, cs in d.currents for c in cs) == sorted(where("~")), "current squares differ from section 6")
    _need(sorted(c for c, _, _ in d.docks) == sorted(where("D")), "docks differ from section 7")
    for label, top, bottom in d.straits:
        _need(g[top[1]][top[0]] == label and g[bottom[1]][bottom[0]] == label, f"strait {label} halves not on the grid")
    for f in d.factions:
        for cell, role in [(f["anchor"], "anchor")] + [(c, "start") for c in f["starts"]]:
            _need(d.letters.get(g[cell[1]][cell[0]]) == (f["faction"], role), f"{f['faction']} {role} at {cell}")


# =============================================================================================
# the fantastic eight: board A and a copy B below it (board file section 10, spec V11.1)
# =============================================================================================
def parse_eight(text: str, a: BoardData) -> BoardData:
    """The two-board map from board A (section 3's) and section 10, checked against section 11's fantastic-eight
    figures: combined cell (X, Y) is A's (X, Y) above the seam W = X + Y = A's bottom edge and B's (X - k, Y - k)
    below it; on the seam only the inner straits are water (V11.3)."""
    m = re.search(r"a cell of B at \(x, y\) becomes \(x \+ (\d+), y \+ (\d+)\)", text)
    _need(bool(m) and m.group(1) == m.group(2), "section 10: board B's offset (x + k, y + k) not found")
    k, size = int(m.group(1)), len(a.grid)
    n = size + k
    top, seam, side = a.edges
    _need(top + 2 * k == seam, f"section 10: board B's top edge w = {top + 2 * k} is not A's bottom edge w = {seam}")
    m = re.search(r"W = (\d+): only (\(\d+,\d+\)) and (\(\d+,\d+\)) are water", text)
    _need(bool(m) and int(m.group(1)) == seam, "section 10: the seam's water squares not found")
    inner = _cells(m.group(2) + m.group(3))
    m = re.search(r"inner straits \(ordinary squares\): \[(.*)\]", text)
    _need(bool(m) and _cells(m.group(1)) == inner, "section 10 and section 11 disagree on the inner straits")
    shift = lambda c, s: (c[0] + s, c[1] + s)  # noqa: E731

    def char(X: int, Y: int) -> str:
        if X + Y == seam:
            return "." if (X, Y) in inner else "#"
        x, y = (X, Y) if X + Y < seam else (X - k, Y - k)
        return a.grid[y][x] if 0 <= x < size and 0 <= y < size else "#"
    grid = ["".join(char(X, Y) for X in range(n)) for Y in range(n)]
    for X, Y in inner:   # V11.3: A's bottom half and B's top half of one strait
        ch = a.grid[Y][X]
        _need(ch in "ST" and a.grid[Y - k][X - k] == ch, f"inner strait ({X},{Y}) is not where A's and B's {ch} meet")

    straits = [(label, t, shift(b, k)) for label, t, b in a.straits]   # V11.3: the outer straits
    m = re.search(r"\(offset \((\d+),\s*(\d+)\)\)", text)
    _need(bool(m) and all(b[0] - t[0] == int(m.group(1)) and b[1] - t[1] == int(m.group(2)) for _, t, b in straits),
          "section 10: the outer straits' offset does not match")
    m = re.search(r"outer straits: \{(.*)\}", text)
    _need(bool(m) and [c for _, t, b in straits for c in (t, b)] == _cells(m.group(1)),
          "section 11's outer straits differ from A's top halves joined to B's bottom halves")

    harbours = {}
    for part, s in (("a", 0), ("b", k)):
        for f in a.factions:
            name = f"{f['faction']}-{part}"
            harbours[name] = {**f, "name": name, "anchor": shift(f["anchor"], s), "end": shift(f["end"], s),
                              "starts": [shift(c, s) for c in f["starts"]]}
    stated = re.findall(r"(\w+)-b \((\d+),(\d+)\)", text)
    _need(len(stated) == 4, f"section 10: {len(stated)} anchors of board B, expected 4")
    for fa, x, y in stated:
        got = harbours.get(f"{fa}-b", {}).get("anchor")
        _need(got == (int(x), int(y)), f"section 10: {fa}-b anchor ({x},{y}), board B's copy has it at {got}")
    m = re.search(r"Clockwise harbour order:\s*([\w\s,-]+?)\.", text)
    _need(bool(m), "section 10: clockwise harbour order not found")
    order = [w.strip() for w in m.group(1).split(",")]
    _need(sorted(order) == sorted(harbours), f"section 10: clockwise order {order} vs harbours {sorted(harbours)}")

    docks = [(shift(c, s), sd, f"{near}-{part}") for part, s in (("a", 0), ("b", k)) for c, sd, near in a.docks]
    m = re.search(r"currents on X\+Y = (\d+) and (\d+)", text)
    currents = a.currents + [(f"C{len(a.currents) + i}", [shift(c, k) for c in cs])
                             for i, (_, cs) in enumerate(a.currents, 1)]
    _need(bool(m) and [sum(cs[0]) for _, cs in currents[len(a.currents):]] == [int(m.group(1)), int(m.group(2))],
          "section 10: board B's currents are not on the stated lines")
    island_a = sorted((x, y) for y in range(size) for x in range(size) if a.grid[y][x] == "I")
    island_b = [shift(c, k) for c in island_a]
    m = re.search(r"B's features: island ((?:\(\d+,\d+\)\s*)+);", text)
    _need(bool(m) and sorted(_cells(m.group(1))) == island_b, "section 10: island B is not A's island moved")
    tu, tw = a.treasure_uw
    islands = [("A", island_a, (tu, tw)), ("B", island_b, (tu, tw + 2 * k))]
    m = re.search(r"docks on island A: (\d+) on island B: (\d+)", text)
    _need(bool(m), "section 11: docks of the two islands not found")
    dock_counts = [int(m.group(1)), int(m.group(2))]
    for (label, cells, _), want in zip(islands, dock_counts):   # G6: the water squares touching the island
        touching = {(x + dx, y + dy) for x, y in cells for dx, dy in SIDE_STEP.values()} - set(cells)
        got = sum(1 for x, y in touching if grid[y][x] == "D")
        _need(got == want, f"section 11 says island {label} has {want} docks, the grid has {got}")

    m = re.search(r"combined playable squares: (\d+)", text)
    _need(bool(m), "section 11: combined playable squares not found")
    counts = {key: 2 * v for key, v in a.counts.items()}
    counts.update(playable=int(m.group(1)), docks=sum(dock_counts), straits=len(straits), inner_straits=len(inner))
    d = BoardData(grid, a.letters, (top, seam + 2 * k, side), [harbours[h] for h in order], docks, straits, currents,
                  counts, a.treasure_uw, name="pirateer-8", islands=islands, inner=inner, seams=[seam], shift=k)
    check(d)
    return d


# =============================================================================================
# the tileset: what each tile is
# =============================================================================================
FACTION_ART = {  # main colour, emblem colour (spec 2.2: suggested colours)
    "spanish": ((178, 40, 36), (246, 196, 66)),
    "french": ((36, 72, 168), (250, 250, 250)),
    "barbary": ((30, 122, 64), (250, 250, 250)),
    "pirates": ((28, 28, 30), (250, 250, 250)),
}


def tile_list(factions: list[str], straits: list[str]) -> list[tuple[str, dict]]:
    """(name, Tiled properties) of every tile, in tileset order."""
    tiles = [("sea", {"kind": "sea"}), ("current", {"kind": "current"}), ("dock", {"kind": "dock"}),
             ("land", {"kind": "land"})]
    tiles += [(f"island-{q}", {"kind": "island", "part": q}) for q in ("n", "e", "s", "w")]
    tiles += [("islet", {"kind": "islet"})]
    for s in straits:
        tiles += [(f"strait-{s}-top", {"kind": "strait", "strait": s, "half": "top"}),
                  (f"strait-{s}-bottom", {"kind": "strait", "strait": s, "half": "bottom"})]
    tiles += [(f"anchor-{f}", {"kind": "anchor", "faction": f}) for f in factions]
    tiles += [(f"start-{f}", {"kind": "sea", "faction": f, "mark": "start"}) for f in factions]
    return tiles


def tile_name(d: BoardData, cell: Cell) -> str:
    x, y = cell
    ch = d.grid[y][x]
    if ch in d.letters:
        faction, role = d.letters[ch]
        return f"{role}-{faction}"
    if ch in "ST":
        for label, top, bottom in d.straits:
            if cell in (top, bottom):
                return f"strait-{label}-{'top' if cell == top else 'bottom'}"
    if ch == "I":
        island = island_cells(d, cell)
        cu = sum(a - b for a, b in island) / len(island)
        cw = sum(a + b for a, b in island) / len(island)
        u, w = x - y, x + y
        if abs(u - cu) > abs(w - cw):
            return "island-e" if u > cu else "island-w"
        return "island-s" if w > cw else "island-n"
    return {".": "sea", "~": "current", "D": "dock", "#": "land", "o": "islet"}[ch]


def island_cells(d: BoardData, cell: Cell) -> list[Cell]:
    """The island squares joined to ``cell`` by ordinary steps: one island of the map, sorted."""
    n, found, todo = len(d.grid), {cell}, [cell]
    while todo:
        x, y = todo.pop()
        for dx, dy in SIDE_STEP.values():
            c = (x + dx, y + dy)
            if 0 <= c[0] < n and 0 <= c[1] < n and c not in found and d.grid[c[1]][c[0]] == "I":
                found.add(c)
                todo.append(c)
    return sorted(found)


# =============================================================================================
# the art (our own): 64x64 diamonds, drawn supersampled
# =============================================================================================
def _art():
    import pygame

    import art_lib as A
    from game.core.rng import Rng
    from game.ui import palette as P
    return pygame, A, Rng, P


SEA_EDGE = (18, 70, 96)
LAND = (190, 178, 124)
LAND_DARK = (162, 156, 100)
LAND_LIGHT = (214, 200, 146)


def diamond_pts(cx: float = H, cy: float = H, r: float = H) -> list[tuple[float, float]]:
    return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]


def draw_sea_base(c, A, P, deep: bool = False) -> None:
    top, bottom = (P.SEA, P.SEA_DEEP) if deep else (A.mix(P.SEA, P.SEA_LIGHT, 0.35), P.SEA)
    lay = c.layer()
    for i in range(TILE):  # a soft vertical gradient inside the diamond
        t = i / (TILE - 1)
        half = H - abs(i + 0.5 - H)
        lay.rect(A.rgba(A.mix(top, bottom, t), 255), H - half, i, 2 * half, 1)
    c.paste(lay)
    c.lines(A.rgba(P.FOAM, 70), diamond_pts(r=H - 2.2), 1.2, closed=True)   # light rim: the coast's foam
    c.lines(A.rgba(SEA_EDGE, 150), diamond_pts(r=H - 0.5), 1.0, closed=True)  # the square's edge


def wavelet(c, A, P, x: float, y: float, w: float, alpha: int = 110) -> None:
    c.lines(A.rgba(P.FOAM, alpha), A.quad((x - w, y + w * 0.25), (x, y - w * 0.3), (x + w, y + w * 0.25), 8), 1.1)


def draw_sea(c, A, P) -> None:
    draw_sea_base(c, A, P)
    wavelet(c, A, P, 24, 26, 4.5)
    wavelet(c, A, P, 40, 40, 3.5, 90)


def draw_current(c, A, P) -> None:
    draw_sea_base(c, A, P, deep=True)
    c.poly(A.rgba(P.SEA_DEEP, 150), [(1, H), (H, H - 12), (TILE - 1, H), (H, H + 12)])
    for dy, a in ((-9, 120), (0, 200), (9, 120)):  # flow lines that join the next square's tips
        pts = [(x, H + dy + 1.6 * math.sin((x / TILE) * 2 * math.pi)) for x in range(0, TILE + 1, 4)]
        half = H - abs(dy) - 3
        pts = [p for p in pts if abs(p[0] - H) <= half]
        c.lines(A.rgba(P.FOAM, a), pts, 1.3 if dy else 1.8)
    for sx in (-1, 1):  # chevrons E and W: a current runs both ways
        tip = H + sx * 15
        c.lines(A.rgba(P.FOAM, 230), [(tip - sx * 5, H - 5), (tip, H), (tip - sx * 5, H + 5)], 1.8)


def draw_dock(c, A, P) -> None:
    draw_sea(c, A, P)
    c.ellipse(A.rgba((0, 0, 0), 70), H - 6, H + 2, 14, 6)
    c.rect(P.WOOD_DARK, H - 4, H - 10, 8, 15, radius=2)
    c.rect(P.WOOD_LIGHT, H - 3, H - 10, 3, 15, radius=1)
    c.ellipse(P.WOOD, H - 5, H - 13, 10, 5)
    c.ellipse(A.rgba(P.GOLD, 255), H - 6.5, H - 5, 13, 5, width=1.4)  # a mooring ring


def draw_land(c, A, P) -> None:
    """Land is drawn by the backdrop; its tile is a see-through diamond with a faint hatch (visible
    in Tiled's tileset view, barely on the map)."""
    for i in range(-2, 3):
        c.line(A.rgba(LAND_DARK, 40), (H + i * 9 - 5, H + 5), (H + i * 9 + 5, H - 5), 1)


def draw_island(c, A, P, Rng) -> None:
    """Skull Island on a 2 x 2 block: one 128 x 128 picture cut into four diamonds later."""
    S = 2 * TILE
    lay = c
    rng = Rng(303)
    mid = S / 2
    # sea under the rounded shore
    for i in range(S):
        half = mid - abs(i + 0.5 - mid)
        t = i / (S - 1)
        lay.rect(A.rgba(A.mix(A.mix(P.SEA, P.SEA_LIGHT, 0.35), P.SEA, t), 255), mid - half, i, 2 * half, 1)
    lay.circle(A.rgba(P.SEA_LIGHT, 255), (mid, mid), 50)
    shore = [(mid + (44 + 3 * math.sin(5 * a) + 2 * math.cos(3 * a + 1)) * math.cos(a),
              mid + (44 + 3 * math.sin(5 * a) + 2 * math.cos(3 * a + 1)) * math.sin(a))
             for a in [i * 2 * math.pi / 72 for i in range(72)]]
    lay.poly(A.rgba(P.FOAM, 255), [(mid + (p[0] - mid) * 1.05, mid + (p[1] - mid) * 1.05) for p in shore])
    lay.poly(P.SAND, shore)
    jungle = [(mid + (p[0] - mid) * 0.72, mid + (p[1] - mid) * 0.72 + 2) for p in shore]
    lay.poly(P.GREEN, jungle)
    for _ in range(22):
        a, r = rng.random() * 2 * math.pi, 8 + rng.random() * 22
        lay.circle(A.rgba(A.mix((40, 100, 50), (90, 150, 80), rng.random()), 255),
                   (mid + r * math.cos(a), mid + r * math.sin(a)), 5 + rng.random() * 4)
    # the skull rock in the middle
    lay.ellipse(A.rgba((0, 0, 0), 70), mid - 17, mid + 8, 34, 10)
    lay.ellipse((226, 220, 204), mid - 15, mid - 18, 30, 28)
    lay.rect((226, 220, 204), mid - 9, mid + 2, 18, 10, radius=3)
    for ex in (-6, 6):
        lay.ellipse((50, 40, 36), mid + ex - 4.5, mid - 8, 9, 9)
    lay.poly((50, 40, 36), [(mid, mid), (mid - 2.5, mid + 4), (mid + 2.5, mid + 4)])
    for tx in (-5, 0, 5):
        lay.line((120, 110, 96), (mid + tx, mid + 6), (mid + tx, mid + 11), 1.2)
    # a few palms on the beach
    for ang in (0.6, 2.3, 3.9, 5.4):
        px, py = mid + 36 * math.cos(ang), mid + 36 * math.sin(ang)
        lay.line(P.WOOD, (px, py + 4), (px + 2, py - 6), 2)
        for k in range(5):
            a = -math.pi / 2 + (k - 2) * 0.7
            lay.line((46, 120, 56), (px + 2, py - 6), (px + 2 + 8 * math.cos(a), py - 6 + 6 * math.sin(a) + 3), 2.2)


def draw_islet(c, A, P) -> None:
    draw_sea_base(c, A, P)
    shore = [(H + (19 + 1.5 * math.sin(4 * a)) * math.cos(a), H + (17 + 1.5 * math.sin(4 * a)) * math.sin(a))
             for a in [i * 2 * math.pi / 40 for i in range(40)]]
    c.poly(A.rgba(P.FOAM, 255), [(H + (x - H) * 1.1, H + (y - H) * 1.1) for x, y in shore])
    c.poly(P.SAND, shore)
    c.poly((120, 112, 100), [(H - 9, H + 6), (H - 4, H - 6), (H + 3, H - 8), (H + 10, H + 4), (H + 2, H + 9)])
    c.poly((150, 142, 128), [(H - 4, H - 6), (H + 3, H - 8), (H + 1, H + 1)])
    c.line(P.WOOD, (H + 7, H + 6), (H + 9, H - 7), 2)
    for k in range(5):
        a = -math.pi / 2 + (k - 2) * 0.75
        c.line((46, 120, 56), (H + 9, H - 7), (H + 9 + 9 * math.cos(a), H - 4 + 6 * math.sin(a)), 2.2)


def draw_strait(c, A, P, label: str, half: str) -> None:
    """Half a square: the top half keeps the lower triangle, the bottom half the upper one."""
    full = c.layer()
    draw_sea_base(full, A, P)
    keep_lower = half == "top"
    y0 = H if keep_lower else 0
    c.surf.blit(full.surf, (0, y0 * c.k), (0, y0 * c.k, TILE * c.k, H * c.k))
    # emblem shared by both halves of one strait: a gold ring (first) or a gold diamond (second)
    ey = H + 14 if keep_lower else H - 14
    if label == "S":
        c.circle(A.rgba(P.WOOD_DARK, 255), (H, ey), 8)
        c.circle(A.rgba(P.GOLD, 255), (H, ey), 6.5, width=2.6)
    else:
        c.poly(A.rgba(P.WOOD_DARK, 255), diamond_pts(H, ey, 9.5))
        c.poly(A.rgba(P.GOLD, 255), diamond_pts(H, ey, 7), width=2.6)
    # arrows out through the cut edge: the square goes on at the other long edge
    ay = H + 3 if keep_lower else H - 3
    for sx in (-1, 1):
        c.lines(A.rgba(P.FOAM, 220), [(H + sx * 15 - 4, ay + (5 if keep_lower else -5)), (H + sx * 15, ay),
                                      (H + sx * 15 + 4, ay + (5 if keep_lower else -5))], 1.8)
    c.line(A.rgba(P.FOAM, 200), (2, H), (TILE - 2, H), 1.2)


def draw_anchor_icon(c, A, cx: float, cy: float, s: float, colour, outline) -> None:
    for col, w in ((outline, 4.2 * s), (colour, 2.2 * s)):
        c.circle(col, (cx, cy - 9 * s), 3.2 * s, width=0 if col is outline else 1.6 * s)
        c.line(col, (cx, cy - 6 * s), (cx, cy + 9 * s), w)
        c.line(col, (cx - 6 * s, cy - 3 * s), (cx + 6 * s, cy - 3 * s), w)
        c.lines(col, A.quad((cx - 9 * s, cy + 2 * s), (cx - 7 * s, cy + 10 * s), (cx, cy + 10 * s), 8)
                + A.quad((cx, cy + 10 * s), (cx + 7 * s, cy + 10 * s), (cx + 9 * s, cy + 2 * s), 8)[1:], w)


def draw_anchor(c, A, P, faction: str) -> None:
    main, emblem = FACTION_ART[faction]
    draw_sea_base(c, A, P)
    c.circle(A.rgba(main, 235), (H, H), 17)
    c.circle(A.rgba(emblem, 255), (H, H), 17, width=1.6)
    draw_anchor_icon(c, A, H, H + 1, 1.0, emblem, A.shade(main, 0.6))


def draw_start(c, A, P, faction: str) -> None:
    main, emblem = FACTION_ART[faction]
    draw_sea_base(c, A, P)
    c.poly(A.rgba(main, 90), diamond_pts(r=H - 4))
    c.lines(A.rgba(main, 255), diamond_pts(r=H - 6), 2.2, closed=True)
    c.lines(A.rgba(emblem, 200), diamond_pts(r=H - 8.5), 1.0, closed=True)


def draw_tiles(tiles: list[tuple[str, dict]]):
    """The atlas: one row of COLUMNS tiles after another."""
    pygame, A, Rng, P = _art()
    rows = (len(tiles) + COLUMNS - 1) // COLUMNS
    atlas = pygame.Surface((COLUMNS * TILE, rows * TILE), pygame.SRCALPHA)
    island = A.Canvas(2 * TILE, 2 * TILE, 4)
    draw_island(island, A, P, Rng)
    island_img = island.result()
    quarter = {"n": (H, 0), "e": (TILE, H), "s": (H, TILE), "w": (0, H)}
    for i, (name, props) in enumerate(tiles):
        c = A.Canvas(TILE, TILE, 4)
        kind = props["kind"]
        if name == "sea":
            draw_sea(c, A, P)
        elif kind == "current":
            draw_current(c, A, P)
        elif kind == "dock":
            draw_dock(c, A, P)
        elif kind == "land":
            draw_land(c, A, P)
        elif kind == "islet":
            draw_islet(c, A, P)
        elif kind == "strait":
            draw_strait(c, A, P, props["strait"], props["half"])
        elif kind == "anchor":
            draw_anchor(c, A, P, props["faction"])
        elif props.get("mark") == "start":
            draw_start(c, A, P, props["faction"])
        img = c.result()
        if kind == "island":
            ox, oy = quarter[props["part"]]
            img = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
            img.blit(island_img, (0, 0), (ox, oy, TILE, TILE))
            mask = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
            pygame.draw.polygon(mask, (255, 255, 255, 255), [(32, 0), (64, 32), (32, 64), (0, 32)])
            img.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        atlas.blit(img, ((i % COLUMNS) * TILE, (i // COLUMNS) * TILE))
    return atlas


def draw_backdrop(d: BoardData):
    """The mainland: the whole board rectangle in land colours; the sea tiles lie on top of it."""
    pygame, A, Rng, P = _art()
    top, bottom, side = d.edges
    w, h = 2 * side * H, (bottom - top) * H
    vals = A.stretch_contrast(A.periodic_noise(w // 2, h // 2, 8, Rng(301), 4, 0.5))
    base = A.ramp_surface(vals, w // 2, h // 2, [(0.0, LAND_DARK), (0.35, LAND), (0.7, LAND), (1.0, LAND_LIGHT)])
    base = pygame.transform.smoothscale(base, (w, h))
    c = A.Canvas(w, h, 1)
    rng = Rng(302)
    for _ in range(260):  # tufts and pebbles
        x, y = rng.random() * w, rng.random() * h
        if rng.below(3):
            c.line(A.rgba((92, 110, 60), 150), (x, y), (x + 2, y - 4), 1)
            c.line(A.rgba((92, 110, 60), 150), (x + 3, y), (x + 4, y - 3), 1)
        else:
            c.circle(A.rgba(LAND_DARK, 160), (x, y), 1.2)
    for i in range(10):  # a soft inner shadow along the frame
        c.rect(A.rgba((60, 44, 28), 34 - 3 * i), i, i, w - 2 * i, h - 2 * i, width=1)
    base.blit(c.result(), (0, 0))
    return base


# =============================================================================================
# the Tiled files
# =============================================================================================
def _props(props: dict, indent: str) -> str:
    if not props:
        return ""
    out = [f"{indent}<properties>"]
    for k in sorted(props):
        v = props[k]
        if isinstance(v, bool):
            out.append(f'{indent} <property name="{k}" type="bool" value="{str(v).lower()}"/>')
        elif isinstance(v, int):
            out.append(f'{indent} <property name="{k}" type="int" value="{v}"/>')
        elif isinstance(v, tuple):  # ("object", id): a link to another object
            out.append(f'{indent} <property name="{k}" type="object" value="{v[1]}"/>')
        else:
            out.append(f'{indent} <property name="{k}" value="{v}"/>')
    out.append(f"{indent}</properties>")
    return "\n".join(out) + "\n"


def write_tsx(tiles: list[tuple[str, dict]], atlas_name: str, atlas_size: tuple[int, int]) -> str:
    s = ['<?xml version="1.0" encoding="UTF-8"?>',
         f'<tileset version="1.10" tiledversion="1.10.2" name="pirateer-terrain" tilewidth="{TILE}" '
         f'tileheight="{TILE}" tilecount="{len(tiles)}" columns="{COLUMNS}">',
         ' <grid orientation="isometric" width="64" height="64"/>',
         f' <image source="{atlas_name}" width="{atlas_size[0]}" height="{atlas_size[1]}"/>']
    body = "\n".join(s) + "\n"
    for i, (name, props) in enumerate(tiles):
        body += f' <tile id="{i}">\n' + _props({"name": name, **props}, "  ") + " </tile>\n"
    return body + "</tileset>\n"


class _Objects:
    def __init__(self) -> None:
        self.next_id = 1
        self.groups: list[tuple[str, list[str]]] = []

    def group(self, name: str) -> list[str]:
        self.groups.append((name, []))
        return self.groups[-1][1]

    def reserve(self) -> int:
        self.next_id += 1
        return self.next_id - 1


def _cell_box(oid: int, name: str, cell: Cell, props: dict) -> str:
    """A cell-sized rectangle object: Tiled draws it as that cell's diamond."""
    x, y = cell
    return (f'  <object id="{oid}" name="{name}" x="{x * TILE}" y="{y * TILE}" width="{TILE}" height="{TILE}">\n'
            + _props({**props, "tx": x, "ty": y}, "   ") + "  </object>\n")


def write_tmx(d: BoardData, tiles: list[tuple[str, dict]], backdrop_name: str, backdrop_size: tuple[int, int]) -> str:
    gid = {name: i + 1 for i, (name, _) in enumerate(tiles)}
    size = len(d.grid)
    csv = ",\n".join(",".join(str(gid[tile_name(d, (x, y))]) for x in range(size)) for y in range(size))
    top, bottom, side = d.edges
    objs = _Objects()

    ports = objs.group("ports")
    for f in d.factions:
        fa = f["faction"]
        hn = f.get("name", fa)   # V11.1: "spanish-b" on the two-board map; the faction on one board
        fp = {"faction": fa, **({"harbour": hn} if hn != fa else {})}
        ax, ay = f["anchor"]
        ex, ey = f["end"]
        n = max(abs(ex - ax), abs(ey - ay)) + 1
        sx, sy = (ex > ax) - (ex < ax), (ey > ay) - (ey < ay)
        channel = [(ax + i * sx, ay + i * sy) for i in range(n)]
        _need(channel[1:4] == list(f["starts"]), f"{hn}: start squares are not the channel's squares 2-4")
        ports.append(_cell_box(objs.reserve(), f"{hn}-harbour", f["anchor"],
                               {"role": "harbour", **fp, "corner": f["corner"], "bay": f["bay"],
                                "order": d.factions.index(f) + 1, "length": n}))
        ports.append(_cell_box(objs.reserve(), f"{hn}-anchor", f["anchor"], {"role": "anchor", **fp}))
        for i, cell in enumerate(f["starts"], 1):
            ports.append(_cell_box(objs.reserve(), f"{hn}-start-{i}", cell,
                                   {"role": "start", **fp, "index": i}))
        for i, cell in enumerate(channel, 1):
            ports.append(_cell_box(objs.reserve(), f"{hn}-channel-{i}", cell,
                                   {"role": "channel", **fp, "index": i}))

    straits = objs.group("straits")
    for label, t, b in d.straits:
        tid, bid = objs.reserve(), objs.reserve()
        common = {"role": "strait", "label": label, "top_tx": t[0], "top_ty": t[1],
                  "bottom_tx": b[0], "bottom_ty": b[1]}
        # the two halves are one square: each object links to the other ("pair", an object property)
        straits.append(_cell_box(tid, f"strait-{label}-top", t, {**common, "half": "top", "pair": ("object", bid)}))
        straits.append(_cell_box(bid, f"strait-{label}-bottom", b,
                                 {**common, "half": "bottom", "pair": ("object", tid)}))
    for i, cell in enumerate(d.inner, 1):   # V11.3: ordinary sea squares, marked for the players' sake
        straits.append(_cell_box(objs.reserve(), f"inner-strait-{i}", cell, {"role": "inner-strait"}))

    currents = objs.group("currents")
    for label, cells in d.currents:
        (fx, fy), (tx, ty) = cells[0], cells[-1]
        props = {"role": "current", "label": label, "from_tx": fx, "from_ty": fy, "to_tx": tx, "to_ty": ty,
                 "length": len(cells), "steps": "E,W", "step_e": "+1,-1", "step_w": "-1,+1"}
        x0, y0 = (fx + 0.5) * TILE, (fy + 0.5) * TILE
        pts = " ".join(f"{(x + 0.5) * TILE - x0:g},{(y + 0.5) * TILE - y0:g}" for x, y in (cells[0], cells[-1]))
        currents.append(f'  <object id="{objs.reserve()}" name="{label}" x="{x0:g}" y="{y0:g}">\n'
                        + _props(props, "   ") + f'   <polyline points="{pts}"/>\n  </object>\n')

    island = objs.group("island")
    spots = d.islands or [("", sorted((x, y) for y in range(size) for x in range(size) if d.grid[y][x] == "I"),
                           d.treasure_uw)]
    for label, cells_i, (tu, tw) in spots:   # one treasure spot per island, naming it when there are two
        x0, y0 = cells_i[0]
        island.append(f'  <object id="{objs.reserve()}" name="treasure{"-" + label.lower() if label else ""}" '
                      f'x="{(tu + tw) / 2 * TILE + H:g}" y="{(tw - tu) / 2 * TILE + H:g}">\n'
                      + _props({"role": "treasure-spot", "tx": x0, "ty": y0, "u": tu, "w": tw,
                                **({"island": label} if label else {})}, "   ")
                      + "   <point/>\n  </object>\n")
    for cell, side_name, near in d.docks:
        island.append(_cell_box(objs.reserve(), f"dock-{cell[0]}-{cell[1]}", cell,
                                {"role": "dock", "side": side_name, "near": near}))
    for cell in sorted((x, y) for y in range(size) for x in range(size) if d.grid[y][x] == "o"):
        island.append(_cell_box(objs.reserve(), f"islet-{cell[0]}-{cell[1]}", cell, {"role": "islet"}))

    from game.games.pirateer.boardmodel import terrain_digest
    kind_of = {"#": "land", ".": "sea", "~": "current", "D": "dock", "I": "island", "o": "islet", "S": "strait",
               "T": "strait", **{ch: "sea" for ch in d.letters}}
    digest = terrain_digest([[kind_of[ch] for ch in row] for row in d.grid])
    map_props = {"board": d.name, "terrain_digest": digest,
                 "edge_top": top, "edge_bottom": bottom, "edge_side": side,
                 "clockwise": ",".join(f.get("name", f["faction"]) for f in d.factions),
                 **({"seams": ",".join(str(w) for w in d.seams)} if d.seams else {}),
                 **{f"expect_{k}": v for k, v in d.counts.items()}}
    boards = 1 + len(d.seams)   # one backdrop per board: board B's lies 2 * shift rows below A's
    nlayers = 2 + boards + len(objs.groups)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<map version="1.10" tiledversion="1.10.2" orientation="isometric" renderorder="right-down" '
           f'width="{size}" height="{size}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
           f'backgroundcolor="#2a1d14" nextlayerid="{nlayers}" nextobjectid="{objs.next_id}">']
    text = "\n".join(out) + "\n" + _props(map_props, " ")
    text += ' <tileset firstgid="1" source="pirateer.tsx"/>\n'
    for b in range(boards):
        name = "backdrop" if boards == 1 else f"backdrop-{'ab'[b]}"
        text += (f' <imagelayer id="{b + 1}" name="{name}" offsetx="{(size - side) * H}" '
                 f'offsety="{H + (top + 2 * b * d.shift) * H}">\n'
                 f'  <image source="{backdrop_name}" width="{backdrop_size[0]}" height="{backdrop_size[1]}"/>\n'
                 ' </imagelayer>\n')
    text += (f' <layer id="{boards + 1}" name="terrain" width="{size}" height="{size}">\n  <data encoding="csv">\n'
             + csv + "\n</data>\n </layer>\n")
    for i, (name, rows) in enumerate(objs.groups, boards + 2):
        text += f' <objectgroup id="{i}" name="{name}">\n' + "".join(rows) \
            + " </objectgroup>\n"
    return text + "</map>\n"


def build(out: Path, board_text: Path = BOARD_TEXT) -> list[Path]:
    """Write the map files into ``out``; returns their paths."""
    import pygame

    import art_lib as A
    A.setup()
    text = board_text.read_text(encoding="utf-8")
    d = parse_board_text(text)
    eight = parse_eight(text, d)
    tiles = tile_list([f["faction"] for f in d.factions], [label for label, _, _ in d.straits])
    out.mkdir(parents=True, exist_ok=True)
    atlas = draw_tiles(tiles)
    backdrop = draw_backdrop(d)
    paths = [out / "pirateer-tiles.png", out / "pirateer-backdrop.png", out / "pirateer.tsx", out / "pirateer.tmx",
             out / "pirateer-8.tmx"]
    pygame.image.save(atlas, str(paths[0]))
    pygame.image.save(backdrop, str(paths[1]))
    paths[2].write_text(write_tsx(tiles, paths[0].name, atlas.get_size()), encoding="utf-8", newline="\n")
    paths[3].write_text(write_tmx(d, tiles, paths[1].name, backdrop.get_size()), encoding="utf-8", newline="\n")
    paths[4].write_text(write_tmx(eight, tiles, paths[1].name, backdrop.get_size()), encoding="utf-8", newline="\n")
    return paths


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT, help="output folder (default: assets/maps)")
    ap.add_argument("--board", type=Path, default=BOARD_TEXT, help="board data file")
    args = ap.parse_args(argv)
    for p in build(args.out, args.board):
        print(p)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
