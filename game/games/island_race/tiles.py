"""Island Race: the 48 double-sided landscape tiles (spec §2) and the face model.

A ``Face`` is what one side of a tile shows in one orientation: four edge terrains (N E S W), the land
edges grouped into regions, an optional animal and an optional volcano. ``Face.rotated(r)`` turns it
``r`` quarter turns clockwise. The tile data is the spec's literal, kept here (and only here) as the
single source: ``face_of(tile, side, rot)`` gives every placed face.

A1: the 48 tiles are the spec's own design (the rulebook shows them only in pictures). A2: each edge
shows one terrain, and the regions are explicit, so that one tile can hold several landscapes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Terrains (§2.2): water and three kinds of land.
WATER, PLAINS, FOREST, DESERT = "w", "p", "f", "d"
TERRAINS = (WATER, PLAINS, FOREST, DESERT)
LAND = (PLAINS, FOREST, DESERT)

# Directions: N=0 E=1 S=2 W=3, clockwise.
N, E, S, W = 0, 1, 2, 3
DIRECTIONS = (N, E, S, W)
DIR_NAMES = "NESW"
STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))  # (row, col) change one cell towards each direction


def opposite(d: int) -> int:
    return (d + 2) % 4


ANIMALS = ("parrot", "monkey", "turtle", "toucan", "flamingo", "iguana")

# Sides of a tile
FRONT, BACK = 0, 1

# Face kinds by their water edges (§2.2)
CORNER, SIDE, CENTRE, OPEN_SEA = "C", "S", "X", "O"

# fmt: off
# The 48 tiles, exactly as the spec's literal (§2.4). id: (front, back); face = (edges NESW, regions,
# animal, volcano). Regions: "+" joins the edges of one region, "/" separates regions, "-" = none.
TILES: dict[str, tuple[tuple[str, str, str | None, bool], tuple[str, str, str | None, bool]]] = {
    "T01": (("wpfw", "E/S", 'parrot', False), ("wwww", "-", None, False)),
    "T02": (("wdpw", "E/S", None, False), ("wwww", "-", None, False)),
    "T03": (("wddw", "E+S", 'turtle', False), ("wwww", "-", None, False)),
    "T04": (("wfpw", "E/S", None, True), ("wwww", "-", None, False)),
    "T05": (("wdfw", "E/S", None, False), ("wwww", "-", None, False)),
    "T06": (("wfdw", "E/S", None, True), ("wwww", "-", None, False)),
    "T07": (("wffw", "E+S", None, True), ("wwww", "-", None, False)),
    "T08": (("wppw", "E+S", 'parrot', False), ("ffff", "N+E+S+W", None, False)),
    "T09": (("wddw", "E+S", None, True), ("pppp", "N+E+S+W", None, False)),
    "T10": (("wdfw", "E/S", None, False), ("dddd", "N+E+S+W", None, False)),
    "T11": (("wfdw", "E/S", 'monkey', False), ("ffff", "N+E+S+W", None, False)),
    "T12": (("wfpw", "E/S", None, False), ("pppp", "N+E+S+W", None, False)),
    "T13": (("wddw", "E+S", 'turtle', False), ("dddd", "N+E+S+W", None, False)),
    "T14": (("wpdw", "E/S", None, True), ("wwww", "-", None, False)),
    "T15": (("wdpw", "E/S", None, False), ("wwww", "-", None, False)),
    "T16": (("wffw", "E+S", 'toucan', False), ("ffff", "N+E+S+W", None, False)),
    "T17": (("wffw", "E/S", None, False), ("wwww", "-", None, False)),
    "T18": (("wpdw", "E/S", None, True), ("wwww", "-", None, False)),
    "T19": (("wppw", "E+S", 'flamingo', False), ("pppp", "N+E+S+W", None, False)),
    "T20": (("wpfw", "E/S", None, False), ("dddd", "N+E+S+W", None, False)),
    "T21": (("wdfp", "E/S/W", None, False), ("wwww", "-", None, False)),
    "T22": (("wfpd", "E/S/W", None, False), ("wwww", "-", None, False)),
    "T23": (("wdpf", "E/S/W", None, False), ("wwww", "-", None, False)),
    "T24": (("wpdf", "E/S/W", 'monkey', False), ("wwww", "-", None, False)),
    "T25": (("wpfd", "E/S/W", 'toucan', False), ("wwww", "-", None, False)),
    "T26": (("wfdd", "E/S+W", 'iguana', False), ("wwww", "-", None, False)),
    "T27": (("wpfd", "E/S/W", None, True), ("wwww", "-", None, False)),
    "T28": (("wdpd", "E+W/S", 'flamingo', False), ("wwww", "-", None, False)),
    "T29": (("wfdp", "E/S/W", 'iguana', False), ("ffff", "N+E+S+W", None, False)),
    "T30": (("wpff", "E/S+W", None, True), ("pppp", "N+E+S+W", None, False)),
    "T31": (("wppp", "E+S+W", None, False), ("dddd", "N+E+S+W", None, False)),
    "T32": (("wdfd", "E+W/S", 'parrot', False), ("ffff", "N+E+S+W", None, False)),
    "T33": (("wdpp", "E/S+W", None, False), ("pppp", "N+E+S+W", None, False)),
    "T34": (("wfdf", "E+W/S", None, False), ("wwww", "-", None, False)),
    "T35": (("wffp", "E+S/W", 'monkey', False), ("dddd", "N+E+S+W", None, False)),
    "T36": (("wddd", "E+S+W", 'turtle', False), ("wwww", "-", None, False)),
    "T37": (("wfpf", "E/S/W", None, False), ("ffff", "N+E+S+W", None, False)),
    "T38": (("wfpp", "E/S+W", None, False), ("pppp", "N+E+S+W", None, False)),
    "T39": (("wfff", "E+S+W", 'toucan', True), ("wwww", "-", None, False)),
    "T40": (("wddf", "E+S/W", None, False), ("dddd", "N+E+S+W", None, False)),
    "T41": (("fpfp", "N/E/S/W", None, True), ("wwww", "-", None, False)),
    "T42": (("dpdf", "N/E/S/W", None, False), ("wwww", "-", None, False)),
    "T43": (("pfpd", "N+S/E/W", None, False), ("wwww", "-", None, False)),
    "T44": (("pdpf", "N/E/S/W", 'flamingo', False), ("wwww", "-", None, False)),
    "T45": (("pdpd", "N/E/S/W", None, False), ("wwww", "-", None, False)),
    "T46": (("ppdd", "N+E/S+W", 'iguana', False), ("wwww", "-", None, False)),
    "T47": (("dddf", "N+E+S/W", None, True), ("wwww", "-", None, False)),
    "T48": (("dfdp", "N+S/E/W", None, False), ("wwww", "-", None, False)),
}
# fmt: on

TILE_IDS: tuple[str, ...] = tuple(sorted(TILES))
N_TILES = len(TILE_IDS)  # 48
N_SLOTS = N_TILES  # the pile has one slot per tile (S4)


def parse_regions(text: str) -> tuple[tuple[int, ...], ...]:
    """'E+S/W' -> ((1, 2), (3,)); '-' -> ()."""
    if text == "-":
        return ()
    return tuple(tuple(sorted(DIR_NAMES.index(c) for c in part.split("+"))) for part in text.split("/"))


def regions_text(regions: tuple[tuple[int, ...], ...]) -> str:
    """The inverse of ``parse_regions`` (regions in their listed order)."""
    if not regions:
        return "-"
    return "/".join("+".join(DIR_NAMES[d] for d in region) for region in regions)


@dataclass(frozen=True)
class Face:
    """One side of a tile in one orientation (§2.2).

    edges: 4 terrains, N E S W. regions: the land edge directions grouped per landscape area, in the
    order the tile lists them (region index i stays the same region under rotation). animal: a species
    or None. volcano: has a volcano. back: the cloud side of the tile (cosmetic clouds, A11).
    """

    edges: str
    regions: tuple[tuple[int, ...], ...]
    animal: str | None = None
    volcano: bool = False
    back: bool = False

    @property
    def kind(self) -> str:
        """C (2 adjacent water edges), S (1), X (0), O (4); '-' for any other shape (none exist)."""
        water = [d for d in DIRECTIONS if self.edges[d] == WATER]
        if not water:
            return CENTRE
        if len(water) == 1:
            return SIDE
        if len(water) == 4:
            return OPEN_SEA
        if len(water) == 2 and (water[1] - water[0]) in (1, 3):
            return CORNER
        return "-"

    def rotated(self, r: int) -> "Face":
        """``r`` quarter turns clockwise: the edge at direction i moves to (i + r) mod 4."""
        r %= 4
        if r == 0:
            return self
        edges = "".join(self.edges[(d - r) % 4] for d in DIRECTIONS)
        regions = tuple(tuple(sorted((d + r) % 4 for d in region)) for region in self.regions)
        return Face(edges, regions, self.animal, self.volcano, self.back)

    def region_of(self, direction: int) -> int | None:
        """The index of the region holding the edge at ``direction`` (None for a water edge)."""
        for i, region in enumerate(self.regions):
            if direction in region:
                return i
        return None

    def region_terrain(self, index: int) -> str:
        return self.edges[self.regions[index][0]]

    @property
    def land_edges(self) -> int:
        return sum(1 for c in self.edges if c != WATER)

    def describe(self) -> str:
        """Compact text for tests and debugging: 'wpfw E/S parrot'."""
        extras = [x for x in (self.animal, "volcano" if self.volcano else None) if x]
        return " ".join([self.edges, regions_text(self.regions), *extras])

    def to_json(self) -> dict[str, Any]:
        return {"edges": self.edges, "regions": [list(r) for r in self.regions], "animal": self.animal,
                "volcano": self.volcano, "back": self.back}

    @staticmethod
    def from_json(data: dict[str, Any]) -> "Face":
        return Face(str(data["edges"]), tuple(tuple(int(d) for d in r) for r in data["regions"]),
                    data.get("animal"), bool(data.get("volcano", False)), bool(data.get("back", False)))


@dataclass(frozen=True)
class Tile:
    id: str
    front: Face
    back: Face

    def side(self, side: int) -> Face:
        return self.back if side == BACK else self.front


def _face(spec: tuple[str, str, str | None, bool], back: bool) -> Face:
    edges, regions, animal, volcano = spec
    return Face(edges, parse_regions(regions), animal, volcano, back)


TILE_SET: dict[str, Tile] = {tid: Tile(tid, _face(f, False), _face(b, True)) for tid, (f, b) in TILES.items()}

_FACES: dict[tuple[str, int, int], Face] = {
    (tid, side, r): tile.side(side).rotated(r)
    for tid, tile in TILE_SET.items() for side in (FRONT, BACK) for r in range(4)
}


def face_of(tile: str, side: int, rot: int) -> Face:
    """The face tile ``tile`` shows with ``side`` up, turned ``rot`` quarter turns clockwise."""
    return _FACES[(tile, side, rot % 4)]
