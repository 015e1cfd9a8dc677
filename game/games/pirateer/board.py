"""Load a Pirateer sea map (a Tiled ``.tmx`` made by build/make_pirateer_map.py) into a ``Board``.

Reads the map with ``pytmx.TiledMap`` (no images, no display): the ``terrain`` tile layer gives every
cell's kind, the object layers give harbours, docks, straits and currents. Everything is cross-checked
(tiles against objects, structure of G4, G5, G6, G7, the counts the map states for itself, a connected
sea), so a wrong or edited map fails here with a ``BoardError`` that names what is off. A26: the map, the
flags and the corners are the reconstruction the spec describes (research A1).

Two maps ship (``BOARD_MAPS``): "standard" (one board) and "fantastic-eight" (V11.1: two boards joined on a long
edge, 8 harbours, 2 islands). ``load_board_named(name)`` reads either, once; ``load_board()`` reads a file afresh
(by default the standard map).
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from game.games.pirateer.boardmodel import (KINDS, ORDINARY, WATER_KINDS, Board, BoardError, Cell, Current, Dock, Edges,
                                            Harbour, Island, Strait, terrain_digest)

DEFAULT_MAP = ("maps", "pirateer.tmx")
#: the maps by the name a game's setup stores: the standard board and the fantastic eight's two boards (V11.1)
BOARD_MAPS = {"standard": DEFAULT_MAP, "fantastic-eight": ("maps", "pirateer-8.tmx")}
TILE_KINDS = frozenset(KINDS) | {"anchor"}   # a tile's "kind": anchors are sea with faction data
COUNTED = ("playable", "currents", "docks", "island", "islets", "anchors", "starts", "straits")
COUNT_WORDS = {"playable": "playable squares", "currents": "current squares", "docks": "docks",
               "island": "island squares", "islets": "islets", "anchors": "anchor squares",
               "starts": "start squares", "straits": "straits", "inner_straits": "inner straits"}
_NAMED: dict[str, Board] = {}


def default_path() -> Path:
    from game.paths import asset
    return asset(*DEFAULT_MAP)


def map_path(name: str = "standard") -> Path:
    """The map file of a board name in ``BOARD_MAPS``; BoardError for an unknown name."""
    from game.paths import asset
    if name not in BOARD_MAPS:
        raise BoardError(f"unknown board {name!r} (known: {', '.join(BOARD_MAPS)})")
    return asset(*BOARD_MAPS[name])


def board_key(board: Board) -> str:
    """The name in ``BOARD_MAPS`` of a loaded board ("standard", "fantastic-eight"): the map file whose stem is the
    board's own name (its map's "board" property); BoardError for a board of no shipped map."""
    for key, parts in BOARD_MAPS.items():
        if Path(parts[-1]).stem == board.name:
            return key
    raise BoardError(f"board {board.name!r} is none of the shipped maps ({', '.join(BOARD_MAPS)})")


def load_board_named(name: str = "standard") -> Board:
    """The board of a name in ``BOARD_MAPS`` ("standard" or "fantastic-eight"), read once and then shared (a
    Board is frozen). BoardError for an unknown name or a broken map (a failed read is not kept)."""
    board = _NAMED.get(name)
    if board is None:
        board = _NAMED[name] = load_board(map_path(name))
    return board


def load_board(path: str | Path | None = None) -> Board:
    """The board of a ``.tmx`` file (default: the standard Pirateer map); BoardError if it is wrong."""
    import pytmx

    path = Path(path) if path is not None else default_path()
    if not path.is_file():
        raise BoardError(f"map file not found: {path}")
    try:
        tmx = pytmx.TiledMap(str(path))
    except BoardError:
        raise
    except Exception as exc:  # pytmx raises bare Exceptions for missing tilesets, XML errors etc.
        raise BoardError(f"cannot read map {path.name}: {exc}") from exc
    return _Reader(tmx, path.name).board()


class _Reader:
    def __init__(self, tmx: Any, name: str) -> None:
        self.tmx, self.name = tmx, name

    def fail(self, msg: str) -> BoardError:
        return BoardError(f"{self.name}: {msg}")

    # -- pieces ---------------------------------------------------------------------------------
    def prop(self, owner: Any, key: str, kind: type = str, what: str = "") -> Any:
        props = getattr(owner, "properties", None) or {}
        if key not in props:
            raise self.fail(f"{what or 'map'} has no property '{key}'")
        value = props[key]
        if kind is int and isinstance(value, str):
            try:
                value = int(value)
            except ValueError:
                raise self.fail(f"{what or 'map'}: property '{key}' is not a number: {value!r}") from None
        if not isinstance(value, kind):
            raise self.fail(f"{what or 'map'}: property '{key}' has the wrong type: {value!r}")
        return value

    def layer(self, name: str) -> Any:
        try:
            return self.tmx.get_layer_by_name(name)
        except ValueError:
            raise self.fail(f"no layer named '{name}'") from None

    def cell_of(self, obj: Any) -> Cell:
        what = f"object '{obj.name}'"
        cell = (self.prop(obj, "tx", int, what), self.prop(obj, "ty", int, what))
        if not (0 <= cell[0] < self.tmx.width and 0 <= cell[1] < self.tmx.height):
            raise self.fail(f"{what} lies outside the grid at {cell}")
        return cell

    def objects(self, layer: str) -> list[tuple[str, Any]]:
        out = []
        for obj in self.layer(layer):
            out.append((self.prop(obj, "role", str, f"object '{obj.name}'"), obj))
        return out

    # -- the whole map --------------------------------------------------------------------------
    def board(self) -> Board:
        tmx = self.tmx
        if tmx.orientation != "isometric":
            raise self.fail(f"orientation is {tmx.orientation!r}, expected 'isometric'")
        if tmx.tilewidth != tmx.tileheight:
            raise self.fail(f"tiles are {tmx.tilewidth}x{tmx.tileheight}, expected square diamonds")
        tiles = self.read_tiles()
        self.check_counts(tiles)
        kinds = {c: ("sea" if t["kind"] == "anchor" else t["kind"]) for c, t in tiles.items()}
        edges = Edges(self.prop(tmx, "edge_top", int), self.prop(tmx, "edge_bottom", int),
                      self.prop(tmx, "edge_side", int))
        harbours = self.read_harbours(tiles)
        docks, island, islets, islands = self.read_island(tiles)
        straits, inner = self.read_straits(tiles, edges)
        seams = tuple(int(v) for v in str((tmx.properties or {}).get("seams", "")).split(",") if v.strip())
        currents = self.read_currents(tiles)
        grid = tuple(tuple(kinds[(x, y)] for x in range(tmx.width)) for y in range(tmx.height))
        board = Board(name=self.prop(tmx, "board"), width=tmx.width, height=tmx.height, kinds=grid, edges=edges,
                      harbours=harbours, docks=docks, island=island, islets=islets, straits=straits,
                      currents=currents, treasure_uw=islands[0].treasure_uw, tile_half=tmx.tileheight // 2,
                      islands=islands, inner_straits=inner, seams=seams)
        board = replace(board, harbours=self.with_mouths(board))
        self.check_structure(board)
        digest = terrain_digest(grid)
        if digest != self.prop(tmx, "terrain_digest"):
            raise self.fail(f"the terrain was edited after the map was made (digest {digest}, the map says "
                            f"{self.prop(tmx, 'terrain_digest')}); regenerate it with build/make_pirateer_map.py")
        return board

    def read_tiles(self) -> dict[Cell, dict]:
        layer = self.layer("terrain")
        if (layer.width, layer.height) != (self.tmx.width, self.tmx.height):
            raise self.fail(f"terrain layer is {layer.width}x{layer.height}, "
                            f"the map {self.tmx.width}x{self.tmx.height}")
        tiles = {}
        for x, y, gid in layer.iter_data():
            props = self.tmx.get_tile_properties_by_gid(gid) if gid else None
            kind = (props or {}).get("kind")
            if kind not in TILE_KINDS:
                raise self.fail(f"tile at ({x},{y}) has no valid kind (found {kind!r})")
            tiles[(x, y)] = props
        return tiles

    def read_harbours(self, tiles: dict[Cell, dict]) -> tuple[Harbour, ...]:
        found: dict[str, dict] = {}
        for role, obj in self.objects("ports"):
            what = f"object '{obj.name}'"
            faction = self.prop(obj, "faction", str, what)
            fa = str(obj.properties.get("harbour") or faction)   # V11.1: "spanish-b"; one board: the faction
            h = found.setdefault(fa, {"anchor": [], "start": {}, "channel": {}, "harbour": None, "faction": faction})
            if h["faction"] != faction:
                raise self.fail(f"harbour {fa} has objects of two factions, {h['faction']} and {faction}")
            cell = self.cell_of(obj)
            if role == "harbour":
                if h["harbour"] is not None:
                    raise self.fail(f"{fa} has two harbour objects")
                h["harbour"] = obj
            elif role == "anchor":
                h["anchor"].append(cell)
            elif role in ("start", "channel"):
                i = self.prop(obj, "index", int, what)
                if i in h[role]:
                    raise self.fail(f"{fa} has two {role} squares numbered {i}")
                h[role][i] = cell
            else:
                raise self.fail(f"{what} has an unknown role {role!r}")
        order = [f for f in self.prop(self.tmx, "clockwise").split(",") if f]
        if sorted(order) != sorted(found):
            raise self.fail(f"clockwise order {order} does not match the harbours {sorted(found)}")
        out = []
        for fa in order:
            h = found[fa]
            if h["harbour"] is None:
                raise self.fail(f"{fa} has no harbour object")
            if len(h["anchor"]) != 1:
                raise self.fail(f"expected 1 {fa} anchor object, found {len(h['anchor'])}")
            anchor = h["anchor"][0]
            starts = tuple(h["start"][i] for i in sorted(h["start"]))
            if sorted(h["start"]) != list(range(1, len(starts) + 1)):
                raise self.fail(f"{fa} start squares are numbered {sorted(h['start'])}")
            channel = tuple(h["channel"][i] for i in sorted(h["channel"]))
            if sorted(h["channel"]) != list(range(1, len(channel) + 1)) or not channel:
                raise self.fail(f"{fa} channel squares are numbered {sorted(h['channel'])}")
            bay = self.prop(h["harbour"], "bay", str, f"{fa} harbour")
            if bay not in ORDINARY:
                raise self.fail(f"{fa} harbour: bay {bay!r} is not a direction")
            dx, dy = ORDINARY[bay]
            line = tuple((anchor[0] + i * dx, anchor[1] + i * dy) for i in range(len(channel)))
            if channel != line:
                raise self.fail(f"{fa} channel is not a straight line from the anchor toward {bay}")
            if channel[1:1 + len(starts)] != starts:
                raise self.fail(f"{fa} start squares are not the channel squares after the anchor")
            t, faction = tiles[anchor], h["faction"]
            if (t.get("kind"), t.get("faction")) != ("anchor", faction):
                raise self.fail(f"{fa} anchor object at {anchor} lies on a {t.get('kind')} tile")
            for c in channel:
                if tiles[c]["kind"] not in ("sea", "anchor"):
                    raise self.fail(f"{fa} channel square {c} lies on a {tiles[c]['kind']} tile")
            for c in starts:
                if (tiles[c].get("mark"), tiles[c].get("faction")) != ("start", faction):
                    raise self.fail(f"{fa} start object at {c} does not lie on a {faction} start tile")
            out.append(Harbour(faction=faction, corner=self.prop(h["harbour"], "corner", str, f"{fa} harbour"),
                               anchor=anchor, starts=starts, channel=channel, mouth=(), bay=bay, name=fa))
        tile_marks = sorted((t.get("faction"), t["kind"] if t["kind"] == "anchor" else t.get("mark"), c)
                            for c, t in tiles.items() if t.get("faction"))
        obj_marks = sorted([(h.faction, "anchor", h.anchor) for h in out]
                           + [(h.faction, "start", c) for h in out for c in h.starts])
        if tile_marks != obj_marks:
            extra = sorted(set(tile_marks) ^ set(obj_marks))
            raise self.fail(f"anchor/start tiles and port objects disagree at {extra[:3]}")
        return tuple(out)

    def read_island(self, tiles: dict[Cell, dict]):
        docks, islets, spots = [], [], []
        for role, obj in self.objects("island"):
            what = f"object '{obj.name}'"
            if role == "dock":
                docks.append(Dock(cell=self.cell_of(obj), side=self.prop(obj, "side", str, what),
                                  near=self.prop(obj, "near", str, what)))
            elif role == "islet":
                islets.append(self.cell_of(obj))
            elif role == "treasure-spot":
                label = str(obj.properties.get("island") or "A")   # the one-board map names no island
                spots.append((label, self.cell_of(obj),
                              (float(self.prop(obj, "u", int, what)), float(self.prop(obj, "w", int, what)))))
            else:
                raise self.fail(f"{what} has an unknown role {role!r}")
        if not spots:
            raise self.fail("no treasure-spot object")
        island = tuple(sorted(c for c, t in tiles.items() if t["kind"] == "island"))
        for cells, kind in ((sorted(d.cell for d in docks), "dock"), (sorted(islets), "islet")):
            on_tiles = sorted(c for c, t in tiles.items() if t["kind"] == kind)
            if cells != on_tiles:
                diff = sorted(set(cells) ^ set(on_tiles))
                raise self.fail(f"{kind} objects and {kind} tiles disagree at {diff[:3]} "
                                f"({len(cells)} objects, {len(on_tiles)} tiles)")
        islands = self.islands(spots, set(island), docks)
        label_of = {c: isl.label for isl in islands for c in isl.docks}
        docks = [replace(d, island=label_of[d.cell]) for d in docks]
        return tuple(sorted(docks, key=lambda d: d.cell)), island, tuple(sorted(islets)), islands

    def islands(self, spots: list, island: set[Cell], docks: list[Dock]) -> tuple[Island, ...]:
        """G6: each treasure spot names one island, the island tiles joined to its cell by ordinary steps; every
        island tile belongs to one of them and every dock touches exactly one."""
        out, claimed = [], set()
        for label, cell, uw in sorted(spots):
            if cell not in island:
                raise self.fail(f"treasure spot of island {label} at {cell} is not on an island tile")
            if cell in claimed or any(i.label == label for i in out):
                raise self.fail(f"island {label} has two treasure spots")
            cells, todo = {cell}, [cell]
            while todo:
                x, y = todo.pop()
                for dx, dy in ORDINARY.values():
                    n = (x + dx, y + dy)
                    if n in island and n not in cells:
                        cells.add(n)
                        todo.append(n)
            claimed |= cells
            near = [d.cell for d in docks if any((d.cell[0] + dx, d.cell[1] + dy) in cells
                                                 for dx, dy in ORDINARY.values())]
            out.append(Island(label=label, cells=tuple(sorted(cells)), docks=tuple(sorted(near)), treasure_uw=uw))
        if claimed != island:
            raise self.fail(f"island squares {sorted(island - claimed)[:3]} belong to no treasure spot")
        for d in docks:
            touching = [i.label for i in out if d.cell in i.docks]
            if len(touching) != 1:
                raise self.fail(f"dock {d.cell} touches {len(touching)} islands, expected 1")
        return tuple(out)

    def read_straits(self, tiles: dict[Cell, dict], edges: Edges) -> tuple[tuple[Strait, ...], tuple[Cell, ...]]:
        halves: dict[str, dict[str, Cell]] = {}
        inner = []
        for role, obj in self.objects("straits"):
            what = f"object '{obj.name}'"
            if role == "inner-strait":   # V11.3: two boards' strait halves met; an ordinary sea square
                cell = self.cell_of(obj)
                if tiles[cell]["kind"] != "sea" or tiles[cell].get("faction"):
                    raise self.fail(f"inner strait {cell} lies on a {tiles[cell]['kind']} tile, expected open sea")
                inner.append(cell)
                continue
            if role != "strait":
                raise self.fail(f"{what} has an unknown role {role!r}")
            label, half = self.prop(obj, "label", str, what), self.prop(obj, "half", str, what)
            top = (self.prop(obj, "top_tx", int, what), self.prop(obj, "top_ty", int, what))
            bottom = (self.prop(obj, "bottom_tx", int, what), self.prop(obj, "bottom_ty", int, what))
            cell = self.cell_of(obj)
            if half not in ("top", "bottom") or cell != (top if half == "top" else bottom):
                raise self.fail(f"{what}: half {half!r} at {cell} does not match top {top} / bottom {bottom}")
            h = halves.setdefault(label, {})
            if half in h:
                raise self.fail(f"strait {label} has two {half} halves")
            h[half] = cell
            t = tiles[cell]
            if (t["kind"], t.get("strait"), t.get("half")) != ("strait", label, half):
                raise self.fail(f"strait {label} {half} half at {cell} lies on a {t['kind']} tile")
        out = []
        for label in sorted(halves):
            h = halves[label]
            if set(h) != {"top", "bottom"}:
                raise self.fail(f"strait {label} has only its {'/'.join(h)} half")
            for half, w_edge in (("top", edges.top), ("bottom", edges.bottom)):
                if sum(h[half]) != w_edge:
                    raise self.fail(f"strait {label} {half} half {h[half]} is not on the {half} edge (w = {w_edge})")
            out.append(Strait(label=label, top=h["top"], bottom=h["bottom"]))
        on_tiles = sorted(c for c, t in tiles.items() if t["kind"] == "strait")
        in_objects = sorted(c for s in out for c in (s.top, s.bottom))
        if on_tiles != in_objects:
            raise self.fail(f"strait tiles {on_tiles} and strait objects {in_objects} disagree")
        return tuple(out), tuple(sorted(inner))

    def read_currents(self, tiles: dict[Cell, dict]) -> tuple[Current, ...]:
        out = []
        for role, obj in self.objects("currents"):
            what = f"current '{obj.name}'"
            if role != "current":
                raise self.fail(f"{what} has an unknown role {role!r}")
            label = self.prop(obj, "label", str, what)
            start = (self.prop(obj, "from_tx", int, what), self.prop(obj, "from_ty", int, what))
            end = (self.prop(obj, "to_tx", int, what), self.prop(obj, "to_ty", int, what))
            n = end[0] - start[0] + 1
            if n < 2 or start[0] + start[1] != end[0] + end[1]:
                raise self.fail(f"{what} from {start} to {end} is not a west-to-east line (x + y constant)")
            cells = tuple((start[0] + i, start[1] - i) for i in range(n))
            for c in cells:
                if tiles.get(c, {}).get("kind") != "current":
                    raise self.fail(f"{what}: square {c} is not a current tile")
            out.append(Current(label=label, cells=cells))
        on_tiles = sorted(c for c, t in tiles.items() if t["kind"] == "current")
        in_objects = sorted(c for cur in out for c in cur.cells)
        if on_tiles != in_objects:
            diff = sorted(set(on_tiles) ^ set(in_objects))
            raise self.fail(f"current tiles and current objects disagree at {diff[:3]}")
        return tuple(sorted(out, key=lambda c: c.label))

    # -- checks ---------------------------------------------------------------------------------
    def with_mouths(self, board: Board) -> tuple[Harbour, ...]:
        """Each harbour with its mouth: the water beside the channel, outside it (G7)."""
        out = []
        for h in board.harbours:
            mouth = tuple(dict.fromkeys(n for c in h.channel for _, n in board.neighbours(c) if n not in h.channel))
            if not mouth:
                raise self.fail(f"{h.faction} harbour has no way out to the open sea")
            out.append(replace(h, mouth=mouth))
        return tuple(out)

    def check_structure(self, board: Board) -> None:
        for c in board.cells():  # water stays inside the board rectangle (G1)
            if board.is_water(c) and not board.on_board(c):
                raise self.fail(f"water square {c} lies off the board rectangle")
        island = set(board.island)
        touching = sorted({(c[0] + dx, c[1] + dy) for c in island for dx, dy in ORDINARY.values()
                           if (c[0] + dx, c[1] + dy) not in island and board.is_water((c[0] + dx, c[1] + dy))})
        if touching != sorted(d.cell for d in board.docks):
            raise self.fail(f"docks {sorted(d.cell for d in board.docks)} are not the water squares "
                            f"touching the island {touching}")
        for c in board.inner_straits:  # V11.3: only where one board's bottom edge is the next one's top edge
            if sum(c) not in board.seams:
                raise self.fail(f"inner strait {c} is not on a seam between two boards (seams {board.seams})")
        on_seams = sorted(c for c in board.cells() if sum(c) in board.seams and board.is_water(c))
        if on_seams != sorted(board.inner_straits):   # V11.3: the only water where two boards meet
            raise self.fail(f"water squares on the seam {on_seams} are not the inner straits {board.inner_straits}")
        factions = set(board.factions)
        for d in board.docks:
            if d.near not in factions or d.side not in ORDINARY:
                raise self.fail(f"dock {d.cell}: side {d.side!r} / near {d.near!r} is not valid")
        squares = board.squares
        seen, todo = {squares[0]}, [squares[0]]
        while todo:
            for _, n in board.neighbours(todo.pop()):
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(seen) != len(squares):
            lost = sorted(set(squares) - seen)
            raise self.fail(f"the sea is not connected: {len(lost)} squares cut off, e.g. {lost[:3]}")

    def check_counts(self, tiles: dict[Cell, dict]) -> None:
        """The counts the map states for itself (the board file's section 11), from the tiles alone."""
        kinds = [t["kind"] for t in tiles.values()]
        water = sum(1 for k in kinds if k in WATER_KINDS or k == "anchor")
        found = {"playable": water - kinds.count("strait") // 2, "currents": kinds.count("current"),
                 "docks": kinds.count("dock"), "island": kinds.count("island"), "islets": kinds.count("islet"),
                 "anchors": kinds.count("anchor"), "starts": sum(1 for t in tiles.values() if t.get("mark") == "start"),
                 "straits": kinds.count("strait") // 2}
        optional = ()
        if "expect_inner_straits" in (self.tmx.properties or {}):   # V11.3: two boards only
            optional = ("inner_straits",)
            found["inner_straits"] = sum(1 for role, _ in self.objects("straits") if role == "inner-strait")
        for key in COUNTED + optional:
            want = self.prop(self.tmx, f"expect_{key}", int)
            if found[key] != want:
                raise self.fail(f"expected {want} {COUNT_WORDS[key]}, found {found[key]}")
