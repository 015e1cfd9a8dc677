"""Island Race scoring (spec §5: R20, R21, R22, R23, R24, R25, R26, R27, the closed-landscape algorithm of §5.2).

Pure functions over an island: ``grid`` is a flat, row-major sequence of ``size * size`` placed faces
(``None`` = empty cell); cells are ``(row, col)`` with row 0 at the top (S1). ``score_round`` scores
every player's island of one round together (the volcano comparison R22 looks at all valid islands)
and returns one ``IslandScore`` per player: the numbers of the results screen (R30) and the geometry a
scene needs to show the scoring step by step (closed landscapes, wrong joints, water faults...).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from game.games.island_race.tiles import DIRECTIONS, LAND, STEP, WATER, Face, opposite

Cell = tuple[int, int]
Node = tuple[Cell, int]      # (cell, region index of the face placed there)
Edge = tuple[Cell, int]      # (cell, direction) of a placed face's edge

FIRST_OUT_BONUS = 4          # R25
LANDSCAPE_POINTS = 2         # R26


def cells_of(size: int) -> list[Cell]:
    return [(r, c) for r in range(size) for c in range(size)]


def neighbour(cell: Cell, d: int, size: int) -> Cell | None:
    """The cell one step towards ``d``, or None outside the grid."""
    r, c = cell[0] + STEP[d][0], cell[1] + STEP[d][1]
    return (r, c) if 0 <= r < size and 0 <= c < size else None


def at(grid: Sequence[Face | None], size: int, cell: Cell) -> Face | None:
    return grid[cell[0] * size + cell[1]]


# ==================================================================================================
# R20 the water rule
# ==================================================================================================
def outer_edges(cell: Cell, size: int) -> tuple[bool, bool, bool, bool]:
    """R20: which edges (N E S W) of ``cell`` face outside the grid, i.e. must show water (the others
    face another cell and must show land)."""
    n, e, s, w = (neighbour(cell, d, size) is None for d in DIRECTIONS)
    return n, e, s, w


def water_faults_at(face: Face, cell: Cell, size: int) -> list[int]:
    """R10/R20: the directions in which ``face`` at ``cell`` breaks the water rule: an edge facing
    outside the grid must be water, an edge facing another cell of the grid (filled or not) land
    (A4: an edge facing an empty cell is an inner edge)."""
    outside = outer_edges(cell, size)
    return [d for d in DIRECTIONS if (face.edges[d] == WATER) != outside[d]]


def edge_report(grid: Sequence[Face | None], size: int, face: Face, cell: Cell) -> tuple[bool | None, ...]:
    """What each edge (N E S W) of ``face`` would do on the empty ``cell`` (the hover assist, §9):
    False if it breaks the water rule (R20) or differs from the placed neighbour's touching edge (a
    wrong connection, R24), True if it keeps the rule and matches, None for a land edge facing an
    empty cell (nothing to tell yet)."""
    faults = water_faults_at(face, cell, size)
    out: list[bool | None] = []
    for d in DIRECTIONS:
        nb = neighbour(cell, d, size)
        other = at(grid, size, nb) if nb is not None else None
        if d in faults:
            out.append(False)
        elif nb is None:
            out.append(True)
        elif other is None:
            out.append(None)
        else:
            out.append(other.edges[opposite(d)] == face.edges[d])
    return tuple(out)


def water_faults(grid: Sequence[Face | None], size: int) -> list[Edge]:
    """Every placed edge that breaks the water rule (an island is valid iff this is empty)."""
    out: list[Edge] = []
    for cell in cells_of(size):
        face = at(grid, size, cell)
        if face is not None:
            out.extend((cell, d) for d in water_faults_at(face, cell, size))
    return out


# ==================================================================================================
# R24 wrong connections
# ==================================================================================================
def wrong_joints(grid: Sequence[Face | None], size: int) -> list[Edge]:
    """R24: each pair of adjacent placed faces whose touching edges differ, once, as (cell, E or S)."""
    out: list[Edge] = []
    for cell in cells_of(size):
        face = at(grid, size, cell)
        if face is None:
            continue
        for d in (1, 2):  # E and S: every joint once
            nb = neighbour(cell, d, size)
            other = at(grid, size, nb) if nb is not None else None
            if other is not None and other.edges[opposite(d)] != face.edges[d]:
                out.append((cell, d))
    return out


# ==================================================================================================
# §5.2 closed landscapes (R26)
# ==================================================================================================
class UnionFind:
    def __init__(self, items: Iterable[Any]):
        self.parent = {x: x for x in items}

    def find(self, x: Any) -> Any:
        root = x
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[x] != root:
            self.parent[x], x = root, self.parent[x]
        return root

    def union(self, a: Any, b: Any) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)

    def groups(self) -> list[list[Any]]:
        by_root: dict[Any, list[Any]] = {}
        for x in self.parent:
            by_root.setdefault(self.find(x), []).append(x)
        return [sorted(g) for _, g in sorted(by_root.items())]


@dataclass(frozen=True)
class Landscape:
    """A landscape: connected regions of one terrain. ``nodes`` are (cell, region index); ``cells`` the
    cells it touches; ``edges`` every (cell, direction) edge of its regions."""

    terrain: str
    nodes: tuple[Node, ...]
    cells: tuple[Cell, ...]
    edges: tuple[Edge, ...]

    def to_json(self) -> Any:
        return {"terrain": self.terrain, "nodes": [[list(c), i] for c, i in self.nodes],
                "cells": [list(c) for c in self.cells], "edges": [[list(c), d] for c, d in self.edges]}

    @staticmethod
    def from_json(d: Any) -> "Landscape":
        return Landscape(str(d["terrain"]), tuple(((int(c[0]), int(c[1])), int(i)) for c, i in d["nodes"]),
                         tuple((int(c[0]), int(c[1])) for c in d["cells"]),
                         tuple(((int(c[0]), int(c[1])), int(x)) for c, x in d["edges"]))


def landscapes(grid: Sequence[Face | None], size: int) -> tuple[list[Landscape], list[Landscape]]:
    """§5.2, exactly as the spec's algorithm: (closed landscapes, open landscapes), in node order.
    A3: closed = a connected area of one terrain whose every edge meets the same terrain on a placed
    neighbour (none faces the sea, an empty cell or another terrain)."""
    nodes: list[Node] = []
    for cell in cells_of(size):
        face = at(grid, size, cell)
        if face is not None:
            nodes.extend((cell, i) for i in range(len(face.regions)))
    uf = UnionFind(nodes)
    open_nodes: set[Node] = set()
    for cell in cells_of(size):
        face = at(grid, size, cell)
        if face is None:
            continue
        for d in DIRECTIONS:
            if face.edges[d] == WATER:
                continue
            node = (cell, face.region_of(d))
            nb = neighbour(cell, d, size)
            other = at(grid, size, nb) if nb is not None else None
            if other is None:                       # faces the sea or an empty cell
                open_nodes.add(node)  # type: ignore[arg-type]
                continue
            if other.edges[opposite(d)] != face.edges[d]:   # wrong connection (or land against water)
                open_nodes.add(node)  # type: ignore[arg-type]
                continue
            uf.union(node, (nb, other.region_of(opposite(d))))
    closed: list[Landscape] = []
    still_open: list[Landscape] = []
    for group in uf.groups():
        land = _landscape(grid, size, group)
        (still_open if any(n in open_nodes for n in group) else closed).append(land)
    return closed, still_open


def _landscape(grid: Sequence[Face | None], size: int, group: list[Node]) -> Landscape:
    edges: list[Edge] = []
    terrain = ""
    for cell, i in group:
        face = at(grid, size, cell)
        assert face is not None
        terrain = face.region_terrain(i)
        edges.extend((cell, d) for d in face.regions[i])
    return Landscape(terrain, tuple(group), tuple(sorted({c for c, _ in group})), tuple(sorted(edges)))


def closed_landscapes(grid: Sequence[Face | None], size: int) -> list[Landscape]:
    """R26: the closed, error-free landscapes of an island."""
    return landscapes(grid, size)[0]


# ==================================================================================================
# R20 R21 R22 R23 R24 R25 R26 R27: one round
# ==================================================================================================
@dataclass
class IslandScore:
    """One player's round (R30). For an invalid island (R20) every counted number is 0 and the lists
    are empty, except ``water_faults`` (what broke it) and ``volcanoes`` (the count on the island, shown
    but left out of the comparison)."""

    valid: bool
    water_faults: list[Edge] = field(default_factory=list)
    animals: int = 0
    animal_cells: list[Cell] = field(default_factory=list)
    landscapes: list[Landscape] = field(default_factory=list)
    volcanoes: int = 0
    volcano_cells: list[Cell] = field(default_factory=list)
    volcano_penalty: int = 0
    empty: int = 0
    empty_cells: list[Cell] = field(default_factory=list)
    wrong: int = 0
    wrong_joints: list[Edge] = field(default_factory=list)
    first_out: int = 0
    raw: int = 0            # before the floor
    floor: int = 0          # points added by the floor (R27)
    total: int = 0          # the round score
    running_total: int = 0  # the sheet after this round

    def landscapes_of(self, terrain: str) -> int:
        return sum(1 for land in self.landscapes if land.terrain == terrain)

    @property
    def landscape_points(self) -> int:
        return LANDSCAPE_POINTS * len(self.landscapes)

    def rows(self) -> list[tuple[str, float]]:
        """The results rows of this round; they add up to ``total``."""
        rows: list[tuple[str, float]] = [("ir.score.animals", float(self.animals))]
        rows += [(f"ir.score.landscapes.{t}", float(LANDSCAPE_POINTS * self.landscapes_of(t))) for t in LAND]
        rows += [("ir.score.volcanoes", -float(self.volcano_penalty)), ("ir.score.empty", -float(self.empty)),
                 ("ir.score.wrong", -float(self.wrong)), ("ir.score.first_out", float(self.first_out)),
                 ("ir.score.floor", float(self.floor))]
        return rows

    def to_json(self) -> Any:
        return {"valid": self.valid, "water_faults": [[list(c), d] for c, d in self.water_faults],
                "animals": self.animals, "animal_cells": [list(c) for c in self.animal_cells],
                "landscapes": [x.to_json() for x in self.landscapes], "volcanoes": self.volcanoes,
                "volcano_cells": [list(c) for c in self.volcano_cells], "volcano_penalty": self.volcano_penalty,
                "empty": self.empty, "empty_cells": [list(c) for c in self.empty_cells], "wrong": self.wrong,
                "wrong_joints": [[list(c), d] for c, d in self.wrong_joints], "first_out": self.first_out,
                "raw": self.raw, "floor": self.floor, "total": self.total, "running_total": self.running_total}

    @staticmethod
    def from_json(d: Any) -> "IslandScore":
        def cells(xs: Any) -> list[Cell]:
            return [(int(c[0]), int(c[1])) for c in xs]

        def edges(xs: Any) -> list[Edge]:
            return [((int(c[0]), int(c[1])), int(x)) for c, x in xs]

        return IslandScore(bool(d["valid"]), edges(d["water_faults"]), int(d["animals"]), cells(d["animal_cells"]),
                           [Landscape.from_json(x) for x in d["landscapes"]], int(d["volcanoes"]),
                           cells(d["volcano_cells"]), int(d["volcano_penalty"]), int(d["empty"]),
                           cells(d["empty_cells"]), int(d["wrong"]), edges(d["wrong_joints"]), int(d["first_out"]),
                           int(d["raw"]), int(d["floor"]), int(d["total"]), int(d["running_total"]))


def score_island(grid: Sequence[Face | None], size: int) -> IslandScore:
    """Everything of one island that does not depend on the others (R20, R21, R23, R24, R26).
    Volcano penalty, first out, floor and total are filled in by ``score_round``."""
    faults = water_faults(grid, size)
    volcano_cells = [c for c in cells_of(size) if (f := at(grid, size, c)) is not None and f.volcano]
    if faults:  # R20: invalid, takes no part in the rest of the scoring
        return IslandScore(False, water_faults=faults, volcanoes=len(volcano_cells), volcano_cells=volcano_cells)
    animal_cells = [c for c in cells_of(size) if (f := at(grid, size, c)) is not None and f.animal]   # R21, A10
    empty_cells = [c for c in cells_of(size) if at(grid, size, c) is None]                            # R23
    wrong = wrong_joints(grid, size)                                                                  # R24
    closed = closed_landscapes(grid, size)                                                            # R26
    return IslandScore(True, animals=len(animal_cells), animal_cells=animal_cells, landscapes=closed,
                       volcanoes=len(volcano_cells), volcano_cells=volcano_cells, empty=len(empty_cells),
                       empty_cells=empty_cells, wrong=len(wrong), wrong_joints=wrong)


def most_volcanoes(scores: Iterable[IslandScore]) -> int:
    """R22: M, the most volcanoes on any valid island of the round (0 when none is valid)."""
    return max((s.volcanoes for s in scores if s.valid), default=0)


def score_round(grids: Sequence[Sequence[Face | None]], size: int, first_out: int | None,
                totals_before: Sequence[int] | None = None) -> list[IslandScore]:
    """R20, R21, R22, R23, R24, R25, R26, R27 for every player of a round. ``first_out``: the seat that
    declared Done first (or None)."""
    scores = [score_island(g, size) for g in grids]
    # R22: M = most volcanoes among valid islands; every valid island with exactly M loses M (M >= 1).
    # A7: with M = 0 nobody loses, a lone valid island with volcanoes has the most, tied islands all lose.
    most = most_volcanoes(scores)
    for seat, s in enumerate(scores):
        if not s.valid:
            continue  # R20: 0 points, no bonus (A6: nobody else gets the +4 either)
        if most >= 1 and s.volcanoes == most:
            s.volcano_penalty = most
        if seat == first_out:
            s.first_out = FIRST_OUT_BONUS   # R25
        s.raw = s.animals + s.landscape_points - s.volcano_penalty - s.empty - s.wrong + s.first_out  # R27
        s.total = max(0, s.raw)             # R27, A18: the floor, per round
        s.floor = s.total - s.raw
    before = list(totals_before) if totals_before is not None else [0] * len(scores)
    for seat, s in enumerate(scores):
        s.running_total = before[seat] + s.total
    return scores
