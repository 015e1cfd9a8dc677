"""Pirateer move generation and the dice obligation (spec R3, R4, R5, R6, R7, R8, R9, R11, R14, R15, R16,
R17, R18, R19, R20, R21, R22, E1, E2), on a light position.

A ``Pos`` is what a plan search needs: where every afloat ship is, where the treasure is, the wrecks.
A ``Ctx`` is what stays fixed during one turn: the board, the variants that change moves, which
factions are friends, where each faction's carrier must go. Both are pure data; the rules engine
(``rules.py``) keeps the log, the turn and the dice around them.

Ship ids follow the spec: ``ship-<faction>-<n>``. A move moves a *group*: one ship, or in ``flotilla``
several ships of one stack (V4.3).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from math import hypot
from typing import Iterable, Iterator, Optional

from game.games.pirateer.boardmodel import LENGTHWISE, ORDINARY, Board, Cell, Step

ISLAND = "island"
DESTROYED = "destroyed"
TREASURE = "treasure"            # the one treasure of a one-board game (``setup.TREASURE``)
MOVE_DIRECTIONS = ("NW", "NE", "SE", "SW", "E", "W")


def ship_id(faction: str, n: int) -> str:
    return f"ship-{faction}-{n}"


_FACTION: dict[str, str] = {}


def faction_of(ship: str) -> str:
    f = _FACTION.get(ship)
    if f is None:
        f = _FACTION[ship] = ship[5:].rsplit("-", 1)[0]
    return f


def number_of(ship: str) -> int:
    return int(ship.rsplit("-", 1)[1])


_RAYS: dict[int, tuple[Board, dict[tuple[Cell, str], tuple[Cell, ...]]]] = {}


def ray(board: Board, cell: Cell, direction: str, n: int) -> tuple[Cell, ...] | None:
    """``board.ray`` with a cache: the water squares up to 6 steps from ``cell`` are worked out once."""
    entry = _RAYS.get(id(board))
    if entry is None or entry[0] is not board:
        entry = _RAYS[id(board)] = (board, {})
    cache = entry[1]
    key = (cell, direction)
    full = cache.get(key)
    if full is None:
        out, cur = [], cell
        for _ in range(6):
            nxt = board.step(cur, direction)
            if nxt is None:
                break
            out.append(nxt)
            cur = nxt
        full = cache[key] = tuple(out)
    return full[:n] if len(full) >= n else None


# A2, R3: a move is the whole die in one straight line (no stopping short); R4: ordinary steps.
# R7: an ordinary move may end on a current and leave it; A8: "already on the current" is read per move,
# so a ship that lands on one rides it with the next die; A6: a strait ends a move and the next die
# leaves it; A7: no lengthwise step touches a strait. A11: every harbour is walled by land, so the
# terrain alone keeps a line from crossing one (ships still enter any harbour).
# (inner squares, landing square) of a move of ``die`` squares, by die (index 0 unused); None where the
# terrain alone forbids it (R5: off the water; R5 (a)/(b): an ordinary move crossing a current or a
# strait; R8: a lengthwise move from a square off a current). Ships and wrecks are checked per position.
Path = tuple[tuple[Cell, ...], Cell]
Paths = tuple[Optional[Path], ...]
_PATHS: dict[int, tuple[Board, dict[Cell, dict[str, Paths]]]] = {}


def _paths(board: Board, cell: Cell) -> dict[str, Paths]:
    """The terrain-legal paths from ``cell`` in every direction, worked out once per board and square."""
    entry = _PATHS.get(id(board))
    if entry is None or entry[0] is not board:
        entry = _PATHS[id(board)] = (board, {})
    got = entry[1].get(cell)
    if got is not None:
        return got
    on_current = board.current_at(cell) is not None
    table: dict[str, Paths] = {}
    for direction in MOVE_DIRECTIONS:
        lengthwise = direction in LENGTHWISE
        row: list[Path | None] = [None]
        for die in range(1, 7):
            full = ray(board, cell, direction, die)
            ok = full is not None and (on_current or not lengthwise)
            if ok and not lengthwise:
                ok = all(board.current_at(sq) is None and board.strait_at(sq) is None for sq in full[:-1])
            row.append((full[:-1], full[-1]) if ok and full else None)
        table[direction] = tuple(row)
    entry[1][cell] = table
    return table


_BY_DIE: dict[int, tuple[Board, dict[Cell, tuple[tuple[tuple[str, Path], ...], ...]]]] = {}


def _paths_by_die(board: Board, cell: Cell) -> tuple[tuple[tuple[str, Path], ...], ...]:
    """``_paths`` regrouped: for each die (index 0 unused), the (direction, path) pairs the terrain allows,
    in MOVE_DIRECTIONS order."""
    entry = _BY_DIE.get(id(board))
    if entry is None or entry[0] is not board:
        entry = _BY_DIE[id(board)] = (board, {})
    got = entry[1].get(cell)
    if got is None:
        table = _paths(board, cell)
        got = entry[1][cell] = tuple(
            tuple((direction, path) for direction in MOVE_DIRECTIONS
                  if (path := table[direction][die]) is not None) for die in range(7))
    return got


def toward_vector(board: Board, faction: str) -> Step:
    """R17: the home vector d, the step from the harbour's mouth into its channel (toward the corner)."""
    h = board.harbour(faction)
    for m in h.mouth:
        for name, (dx, dy) in ORDINARY.items():
            if board.step(m, name) in h.channel:
                return dx, dy
    raise ValueError(f"harbour {faction} has no mouth")  # pragma: no cover - the loader checks it


_DISTANCES: dict[int, tuple[Board, dict[tuple, dict]]] = {}


def die_distances(board: Board, targets: Iterable[Cell], d: Step | None = None) -> dict[Cell, int]:
    """Fewest die moves from each square to the nearest of ``targets``, on the terrain alone (R5, R8, R9:
    ships and wrecks ignored, any die value each time). With ``d``, as a carrier whose home vector is ``d``
    (R17, R18). Squares that can never reach a target are absent. Worked out once per board and question;
    the result is shared, so do not change it."""
    entry = _DISTANCES.get(id(board))
    if entry is None or entry[0] is not board:
        entry = _DISTANCES[id(board)] = (board, {})
    cache = entry[1]
    goal = frozenset(board.canonical(t) for t in targets)
    got = cache.get((goal, d))
    if got is not None:
        return got
    back = cache.get(("back", d))
    if back is None:                       # the die moves reversed: square -> squares one die move away
        back = cache[("back", d)] = {}
        for cell in board.squares:
            for die in range(1, 7):
                for direction, (_, last) in _paths_by_die(board, cell)[die]:
                    if d is None or not forbidden(d, direction):
                        back.setdefault(last, []).append(cell)
    dist = {t: 0 for t in goal}
    frontier = sorted(goal)
    while frontier:
        nxt = []
        for cell in frontier:
            for prev in back.get(cell, ()):
                if prev not in dist:
                    dist[prev] = dist[cell] + 1
                    nxt.append(prev)
        frontier = nxt
    cache[(goal, d)] = dist
    return dist


def forbidden(d: Step, direction: str) -> bool:
    """R17/R18: is ``direction`` directly away from home vector ``d`` (or has a component away)?
    A9: our grid reading of "toward, parallel, never directly away"."""
    if direction in ORDINARY:
        v = ORDINARY[direction]
        return v == (-d[0], -d[1])
    a, b = LENGTHWISE[direction]
    return (a, 0) == (-d[0], -d[1]) or (0, b) == (-d[0], -d[1])


@dataclass(frozen=True)
class Ctx:
    """The fixed rules of one turn. ``friends[f]``: factions ``f`` may never land on (itself included,
    own player and team, R6/R20/V7.4/V10.4). ``home[f]``: the faction whose anchor and R17 table a
    carrier of ``f`` uses (itself, or the ally in ``war-wind``). ``island``: the label of the island whose docks
    take (R14, V11.2: the one the coin flip chose on the two-board map); None: every dock of the board."""
    board: Board
    friends: dict[str, frozenset[str]]
    home: dict[str, str]
    free_boarding: bool = False
    wrecks: bool = False
    flotilla: bool = False
    vectors: dict[str, Step] = field(default_factory=dict)
    island: str | None = None

    def d(self, faction: str) -> Step:
        home = self.home.get(faction, faction)
        if home not in self.vectors:
            self.vectors[home] = toward_vector(self.board, home)
        return self.vectors[home]

    def anchor(self, faction: str) -> Cell:
        return self.board.harbour(self.home.get(faction, faction)).anchor


@dataclass
class Pos:
    """Ships afloat (id -> square; strait ships on the top half), the treasures, the wrecks. G8: one ship a
    square, except a flotilla stack of one faction (V4.2), which occupies and blocks one square.

    ``treasures``: treasure id -> its place: ``ISLAND``, ``DESTROYED`` or the ship that holds it (a ship may
    hold several, V11.5); kept in id order. Built from a single place (a str), it is the one treasure
    ``TREASURE``'s. ``treasure`` (read and set) is that one treasure's place, for callers of a one-treasure
    game: it raises ValueError when the game has several."""
    ships: dict[str, Cell]
    treasures: dict[str, str] = field(default_factory=lambda: {TREASURE: ISLAND})
    wrecks: frozenset[Cell] = frozenset()

    def __post_init__(self) -> None:
        t = self.treasures
        if isinstance(t, str):
            self.treasures = {TREASURE: t}
        elif len(t) > 1 or not isinstance(t, dict):
            self.treasures = dict(sorted(t.items()))

    @property
    def treasure(self) -> str:
        """The one treasure's place (ValueError with several: use ``treasures``)."""
        t = self.treasures
        if len(t) != 1:
            raise ValueError(f"{len(t)} treasures: ask for one by id")
        for place in t.values():
            return place
        raise AssertionError  # pragma: no cover

    @treasure.setter
    def treasure(self, place: str) -> None:
        t = self.treasures
        if len(t) != 1:
            raise ValueError(f"{len(t)} treasures: set one by id")
        self.treasures = {next(iter(t)): place}

    def copy(self) -> "Pos":
        return Pos(dict(self.ships), dict(self.treasures), self.wrecks)

    def key(self) -> tuple:
        return tuple(sorted(self.ships.items())), tuple(self.treasures.items()), self.wrecks

    def aboard(self, ships: Iterable[str]) -> list[str]:
        """The treasures held by any of ``ships`` (in id order)."""
        group = ships if isinstance(ships, (tuple, frozenset, set)) else tuple(ships)
        return [t for t, p in self.treasures.items() if p in group]

    def holds(self, group: tuple[str, ...] | list[str] | frozenset[str]) -> bool:
        """Does any ship of ``group`` hold a treasure (the group is a carrier, R17, R20)?"""
        for p in self.treasures.values():
            if p in group:
                return True
        return False

    def carriers(self) -> list[str]:
        """The ships afloat holding a treasure, each once, in treasure id order."""
        out: list[str] = []
        for p in self.treasures.values():
            if p in self.ships and p not in out:
                out.append(p)
        return out

    def on_island(self) -> list[str]:
        """The treasures on the island (R14: each take takes one, V11.5)."""
        return [t for t, p in self.treasures.items() if p == ISLAND]

    def all_destroyed(self) -> bool:
        """V3.5: no treasure is left to carry (every one destroyed by a blast)."""
        return all(p == DESTROYED for p in self.treasures.values())

    def occupancy(self) -> dict[Cell, list[str]]:
        occ: dict[Cell, list[str]] = {}
        ships = self.ships
        for s in sorted(ships):
            c = ships[s]
            here = occ.get(c)
            if here is None:
                occ[c] = [s]
            else:
                here.append(s)
        return occ


@dataclass(frozen=True)
class Landing:
    """Where a legal die move ends: the square, the ships it boards (R20, R21), whether it wins (E1/E2)."""
    group: tuple[str, ...]
    direction: str
    die: int
    start: Cell
    cell: Cell
    victims: tuple[str, ...] = ()
    joins: bool = False


def landing(ctx: Ctx, pos: Pos, occ: dict[Cell, list[str]], group: tuple[str, ...], die: int,
            direction: str) -> Landing | None:
    """The landing of ``group`` moving ``die`` squares ``direction``, or None if illegal (R3, R4, R5, R6, R8,
    R9, R17, R18, R19, R20)."""
    start = pos.ships[group[0]]
    faction = faction_of(group[0])
    carrier = pos.holds(group)                             # any treasure aboard (V11.5)
    if carrier and forbidden(ctx.d(faction), direction):
        return None                                        # R17, R18; R19, V4.5
    row = _paths(ctx.board, start)[direction]
    path = row[die] if 0 < die < len(row) else None
    if path is None:
        return None                                        # R5, R5 (a), (b), R8
    return _land(ctx, pos, occ, group, faction, carrier, start, die, direction, path)


def _land(ctx: Ctx, pos: Pos, occ: dict[Cell, list[str]], group: tuple[str, ...], faction: str, carrier: bool,
          start: Cell, die: int, direction: str, path: Path) -> Landing | None:
    """``landing`` once the terrain allows the path: ships and wrecks in the way, what is on the last square."""
    inner, last = path
    wrecks = pos.wrecks
    for sq in inner:
        if sq in occ or sq in wrecks:
            return None                                    # G8, R5 (c), R8, V5.2, V5.3
    here = occ.get(last)
    if not here:
        if last in wrecks:
            return None                                    # V5.2: a closed wreck
        return Landing(group, direction, die, start, last)   # R22: any water square
    other = faction_of(here[0])
    if other == faction:
        if ctx.flotilla and last not in wrecks:
            return Landing(group, direction, die, start, last, joins=True)   # V4.4; A18: its own faction only
        return None                                        # R6
    if other in ctx.friends.get(faction, frozenset((faction,))):
        return None                                        # R20: own player or team
    if not (carrier or pos.holds(here) or boarding_is_free(ctx, pos)):
        return None                                        # R20, A10, V11.5 (V12.1, V3.5, A17 drop the condition)
    return Landing(group, direction, die, start, last, tuple(here))   # R22; A19: even on a fresh wreck


def boarding_is_free(ctx: Ctx, pos: Pos) -> bool:
    """R20's treasure condition dropped: with ``free-boarding`` (V12.1), or once the treasure is destroyed
    (V3.5; with several treasures, once every one is: our inference), any enemy ship may be boarded; otherwise
    only by or of a carrier."""
    return ctx.free_boarding or pos.all_destroyed()


def groups_of(ctx: Ctx, pos: Pos, occ: dict[Cell, list[str]], factions: frozenset[str]) -> Iterator[tuple[str, ...]]:
    """Every group that may move: each ship, or in ``flotilla`` every non-empty part of a stack (V4.3)."""
    if not ctx.flotilla:
        known = _FACTION
        for ships in occ.values():
            for s in ships:
                if (known.get(s) or faction_of(s)) in factions:
                    yield (s,)
        return
    for cell, ships in occ.items():
        mine = [s for s in ships if faction_of(s) in factions]
        if not mine:
            continue
        if not ctx.flotilla or len(mine) == 1:
            for s in mine:
                yield (s,)
            continue
        n = len(mine)
        for mask in range(1, 1 << n):
            yield tuple(mine[i] for i in range(n) if mask >> i & 1)


def landings(ctx: Ctx, pos: Pos, factions: frozenset[str], dice: tuple[int, ...]) -> list[Landing]:
    """Every legal single die move of the given factions' ships with one of ``dice`` (by group, die,
    then direction)."""
    return list(iter_landings(ctx, pos, factions, dice))


def group_landings(ctx: Ctx, pos: Pos, group: tuple[str, ...], dice: Iterable[int],
                   occ: dict[Cell, list[str]] | None = None) -> Iterator[Landing]:
    """The legal single die moves of one group (a ship, or ships of one flotilla stack) with each of
    ``dice``, by die then direction: the engine's answer to "where may this ship go now" (R3, R4, R5, R6,
    R7, R8, R9, R17, R18, R19, R20, V4.4, V4.5, V5.2). ``occ``: ``pos.occupancy()``, if already at hand."""
    if occ is None:
        occ = pos.occupancy()
    values = [d for d in sorted(set(dice)) if 0 < d <= 6]
    start = pos.ships[group[0]]
    faction = faction_of(group[0])
    carrier = pos.holds(group)
    home = ctx.d(faction) if carrier else (0, 0)
    by_die = _paths_by_die(ctx.board, start)
    for die in values:
        for direction, path in by_die[die]:
            if carrier and forbidden(home, direction):
                continue                                   # R17, R18
            land = _land(ctx, pos, occ, group, faction, carrier, start, die, direction, path)
            if land is not None:
                yield land


def iter_landings(ctx: Ctx, pos: Pos, factions: frozenset[str], dice: tuple[int, ...]) -> Iterator[Landing]:
    """``landings`` one at a time, so a search that needs only the first few stops early."""
    occ = pos.occupancy()
    for group in groups_of(ctx, pos, occ, factions):
        yield from group_landings(ctx, pos, group, dice, occ)


def heir_of(group: tuple[str, ...]) -> str:
    """V4.7: the ship of the attacking group that receives a boarded treasure (the first one)."""
    return group[0]


def after(ctx: Ctx, pos: Pos, land: Landing) -> Pos:
    """The position after a legal move (R21, V5.1). R16: the treasure stays aboard its ship unless boarded;
    R24: nothing else changes."""
    new = pos.copy()
    for s in land.victims:
        del new.ships[s]
    for s in land.group:
        new.ships[s] = land.cell
    if land.victims and pos.holds(land.victims):          # R21, V11.5: every treasure aboard passes over
        heir = heir_of(land.group)
        new.treasures = {t: (heir if p in land.victims else p) for t, p in pos.treasures.items()}
    if land.victims and ctx.wrecks:
        new.wrecks = pos.wrecks | {land.cell}
    return new


def wins(ctx: Ctx, pos: Pos, land: Landing) -> bool:
    """E1 (the carrier ends on its destination anchor) or E2 (no enemy ship is left afloat)."""
    faction = faction_of(land.group[0])
    if pos.holds(land.group) and land.cell == ctx.anchor(faction):
        return True                                        # V11.6: one treasure home is enough
    if land.victims:
        friends = ctx.friends.get(faction, frozenset((faction,)))
        return not any(faction_of(s) not in friends for s in pos.ships)
    return False


def can_take(pos: Pos, board: Board, factions: frozenset[str], island: str | None = None) -> list[str]:
    """R14, R15: ships of these factions standing on a usable dock while a treasure is on the island (V4.6:
    any ship of a stack; V5.3: a wreck closes its dock; V11.5: a ship holding one may take another). ``island``:
    only that island's docks take (V11.2: the treasures lie on the island the coin chose); None: every dock."""
    if ISLAND not in pos.treasures.values():
        return []
    out = []
    for s, c in pos.ships.items():
        if faction_of(s) in factions and c not in pos.wrecks:
            dock = board.dock_at(c)
            if dock is not None and (island is None or dock.island == island):     # V11.2
                out.append(s)
    return sorted(out)


def take(pos: Pos, ship: str) -> Pos:
    """R14: the position after ``ship`` takes a treasure from the island (V11.5: each take takes one, the first
    by id of those on the island)."""
    new = pos.copy()
    tid = pos.on_island()[0]
    new.treasures = {**pos.treasures, tid: ship}
    return new


def plain_moves(ctx: Ctx, pos: Pos, factions: frozenset[str], die: int) -> list[tuple[frozenset[str], frozenset[Cell]]]:
    """The legal ``die`` moves of these factions that board nobody and join no stack, as (the ships that
    move, every square the path enters). Speed only: such a move stays legal after any other move that
    moves none of its ships and does not end on its path (see ``survives``)."""
    out = []
    board = ctx.board
    for land in iter_landings(ctx, pos, factions, (die,)):
        if land.victims or land.joins:
            continue
        inner, last = _paths(board, land.start)[land.direction][die]  # type: ignore[misc]
        out.append((frozenset(land.group), frozenset(inner) | {last}))
    return out


def survives(plain: list[tuple[frozenset[str], frozenset[Cell]]], land: Landing) -> bool:
    """Does one of the ``plain_moves`` (worked out before ``land``) stay legal after it? A move empties its
    start square, changes nothing but the ships (and, in ``wrecks``, a wreck) on its landing square, and
    can hand the treasure only to its own first ship. So a plain move of other ships whose path avoids that
    landing square is still legal: the same terrain, the same empty path and landing square, the same
    carrier or not (R5, R6, R8, R17). Speed only; ``max_dice`` decides whenever this says no."""
    cell, group = land.cell, land.group
    for ships, path in plain:
        if cell not in path and ships.isdisjoint(group):
            return True
    return False


def max_dice(ctx: Ctx, pos: Pos, factions: frozenset[str], dice: tuple[int, ...],
             memo: dict | None = None) -> int:
    """R11: the most dice any plan (moves and treasure takes) can still use from ``pos``. A plan that
    ends the game counts as using every die (E1: the rest are never played)."""
    if not dice:
        return 0
    if memo is None:
        memo = {}
    key = (frozenset(pos.ships.items()), tuple(pos.treasures.values()), pos.wrecks, dice)   # as pos.key()
    got = memo.get(key)
    if got is not None:
        return got
    full = len(dice)
    best = 0
    for land in iter_landings(ctx, pos, factions, dice):
        if full == 1:
            best = 1                                       # any move uses the last die
            break
        new = after(ctx, pos, land)
        if wins(ctx, new, land):
            best = full
            break
        rest = list(dice)
        rest.remove(land.die)
        best = max(best, 1 + max_dice(ctx, new, factions, tuple(rest), memo))
        if best == full:
            break
    if best < full:
        for s in can_take(pos, ctx.board, factions, ctx.island):
            new = take(pos, s)
            best = max(best, max_dice(ctx, new, factions, dice, memo))
            if best == full:
                break
    memo[key] = best
    return best


# --------------------------------------------------------------------------------------------------
# Removals outside a boarding: the storm (V2) and the nuke (V3), for the engine and the bots alike
# --------------------------------------------------------------------------------------------------
_PORT: dict[int, tuple[Board, dict[str, dict[Cell, int]]]] = {}


def port_distances(board: Board, faction: str) -> dict[Cell, int]:
    """V2.3: the port distance of every square to ``faction``'s anchor: fewest single steps (ordinary steps
    with the strait wrap, lengthwise steps along a current), ships, wrecks and R5 ignored. Worked out once
    per board and faction; the result is shared, so do not change it."""
    entry = _PORT.get(id(board))
    if entry is None or entry[0] is not board:
        entry = _PORT[id(board)] = (board, {})
    got = entry[1].get(faction)
    if got is None:
        start = board.harbour(faction).anchor
        got = {start: 0}
        frontier = [start]
        while frontier:                                  # the steps go both ways, so from the anchor is to it
            nxt = []
            for c in frontier:
                for _, n in board.neighbours(c):
                    if n not in got:
                        got[n] = got[c] + 1
                        nxt.append(n)
            frontier = nxt
        entry[1][faction] = got
    return got


def sink(pos: Pos, ship: str, wrecks: bool) -> Pos:
    """V2.2, V2.4: the position after a storm sinks ``ship``: a treasure it carried goes back to the island;
    in ``wrecks`` it leaves a wreck (V5.1)."""
    new = pos.copy()
    cell = new.ships.pop(ship)
    if pos.holds((ship,)):                               # V2.4: every treasure it held
        new.treasures = {t: (ISLAND if p == ship else p) for t, p in pos.treasures.items()}
    if wrecks:
        new.wrecks = new.wrecks | {cell}
    return new


def blast(board: Board, pos: Pos, ship: str, r: int, island: str | None = None) -> Pos:
    """V3.3, V3.6: the position after ``ship`` explodes with radius ``r``: every ship (the armed one too) and
    every wreck whose square's centre lies within Euclidean distance ``r`` is gone, a strait counting at the
    nearer of its halves; the treasure is destroyed with its carrier, or on the island if an island square
    is within the radius (``island``: the label of the island the treasures lie on, V11.2; None: every island
    square of the board)."""
    def halves(cell: Cell) -> list[Cell]:
        st = board.strait_at(cell)
        return [st.top, st.bottom] if st is not None else [cell]
    centre = halves(pos.ships[ship])

    def near(cell: Cell) -> bool:
        return any(hypot(a[0] - o[0], a[1] - o[1]) <= r + 1e-9 for a in halves(cell) for o in centre)
    new = Pos({s: c for s, c in pos.ships.items() if not near(c)}, dict(pos.treasures),
              frozenset(w for w in pos.wrecks if not near(w)))
    island_hit: bool | None = None
    places = {}
    for t, p in pos.treasures.items():
        if p in pos.ships and p not in new.ships:
            p = DESTROYED                                # with its carrier
        elif p == ISLAND:
            if island_hit is None:
                cells = board.island_named(island).cells if island is not None else board.island   # V11.2
                island_hit = any(near(c) for c in cells)
            if island_hit:
                p = DESTROYED                            # on the island, within the radius
        places[t] = p
    new.treasures = places
    return new
