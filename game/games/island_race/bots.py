"""Island Race bots: real-time agents for easy, medium and hard (spec §10), a headless referee and the
per-round report of a headless match.

What a bot sees. Only ``view(seat)``: the pile's up faces by slot (no tile ids), every island, every
held tile's face, the Done order and the clock. It never uses the tile list (§2.4) to guess a down
face: it learns one only by taking the tile and flipping it, and then remembers it like a person
would (``_known``). Two states that differ only in down faces give the same decisions and timings.

How it acts. Every Take, Flip, Rotate, Place, Return, Done and Stop is its own timed action (§10
timing model): per tile, perceive 250-400 ms + decide 0.15 s x log2(candidates + 1) + move 300-600 ms;
Rotate and Flip are short hand moves (120-200 ms); each delay is multiplied by the level (easy 1.8,
medium 1.2, hard 0.9) and the ``speed`` setting (which also moves the target finish), with lognormal
jitter (sigma 0.25), all drawn from the agent's own seeded ``Rng``. A Take that someone beat is noticed at the next call: the agent aims
again (a new perceive + move) or picks another tile. Nothing is waited for in headless runs: the
driver (``game.core.realtime.run_realtime``) jumps the clock to each action's time.

Levels.
- easy: reads the pile from a random spot and takes the best-matching of the first few (``Style.tiles``)
  tiles whose face fits an open cell's water pattern, places it at the best-matching of the first few
  (``Style.places``) places where it fits; its loose matching counts the landscapes a tile closes, its
  wrong connections, its animal and the look-ahead, never volcanoes. It sometimes hesitates and puts
  the tile back, flips cloud tiles only when nothing fits, forgets what it saw under a tile, ignores
  volcanoes, works at a beginner's pace (its tiles are spread over most of the round) and is Done as
  soon as the grid is full. About 10 points a round with valid islands (medium about 20, hard 27+).
- medium: greedy on match quality (+2 per landscape it closes, +1 animal, -1 per wrong connection, a
  look-ahead for landscapes still open), watches the volcano count against the rivals' islands,
  flips cloud tiles while no good enough front is visible. It is picky early and less so as its
  target finish (about 3:00-3:30 of 4:00, scaled to the timer) comes near.
- hard: the medium evaluation refined by a beam search that completes the island from the visible
  pile (split over several calls when a frame's budget runs out), a finish time raced against the
  rivals' visible progress (the +4 first-out bonus against the closures that waiting could bring),
  volcanoes managed against the rivals' visible counts, and a small bonus for taking a tile that the
  leading rival obviously needs. Never places a tile that breaks the water rule (no level does).

For the scene (read-only attributes of an agent, updated by ``next_action``):
  seat, level
  pending       (action, at) | None: the next action and the time it is due (scene clock)
  intent        ("pile", slot) while reaching for a pile slot (Take, and Return to the tile's slot),
                ("cell", (row, col)) while carrying the tile to a cell of its own island (Place, and
                the Rotate/Flip done on the way when the cell is known), None otherwise (Done, Stop,
                idle, or turning a tile before it knows where it goes)
  intent_at     time the pending action lands (= pending[1]), or None
  intent_since  time the hand started towards ``intent`` (the previous action, or the moment the
                bot changed its mind), or None: glide the hand from ``intent_since`` to ``intent_at``
  target_cell   (row, col) the held tile is meant for, or None
  thinking      True while a plan is split over several calls (``busy()``)
  weighing      what the bot weighs before its pending action, as intents: ("pile", slot) for the tiles it
                compares and ("cell", (row, col)) for where each would go on its island, the one it takes
                among them; () when there is nothing to weigh (Done, Stop, idle, a quick turn). Read from
                its own view like everything else: while the action waits (the bot looks for better
                before it settles, or keeps a beginner's pace), its glove moves between these
                instead of resting on one tile (the scene's ``HandAiming``)
``next_action(view, now)`` takes the view of the match (or of the round) and ``now`` on the clock that
the scene passes to ``advance_time``. It is cheap when nothing relevant changed (the plan is cached);
a plan that does not fit ``slice_ms`` (0.5 ms) of work is continued at the next call (``busy()`` is
True meanwhile and ``next_action`` returns None; mostly hard's beam search). A decision depends only
on the views and the seed, never on how the work was split. ``on_applied(action, at)`` must be called when the
agent's action was applied; a dropped action needs nothing (the agent sees it in the next view).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from game.core.clock import WorkBudget, seconds_budget
from game.core.protocol import Action, State
from game.core.realtime import RealtimeAgent, TimedAction
from game.core.rng import Rng
from game.games.island_race.rules import (BACK, FRONT, LAST, MIX, PLAY, ROUND_SECONDS, SYSTEM, Done, Flip,
                                          IslandRound, Place, Return, Rotate, StartRound, Stop, Take, TimeUp,
                                          grid_size, timer_seconds)
from game.games.island_race.scoring import score_island
from game.games.island_race.tiles import WATER, Face



LEVELS = ("easy", "medium", "hard")
NEG_INF = float("-inf")
OPP = (2, 3, 0, 1)
# Fast path of the water rule (R20; the engine's ``scoring.water_faults_at``): a face keeps it on a cell
# exactly when its water edges (a bit mask N=1 E=2 S=4 W=8) are the cell's outer edges (``geometry``).
# tests/games/island_race/test_bots.py compares the two on every face and every cell.
PLACEABLE_MASKS = frozenset((9, 3, 6, 12, 1, 2, 4, 8, 0))  # water on: 2 adjacent sides, 1 side, none


# ==================================================================================================
# Faces and cells, cached (a face is compared by value; there are at most 384 distinct faces)
# ==================================================================================================
class _Info:
    """What the evaluation reads from one face in one rotation."""

    __slots__ = ("face", "edges", "mask", "region_of", "nreg", "animal", "volcano")

    def __init__(self, face: Face):
        self.face = face
        self.edges = face.edges
        self.mask = sum(1 << d for d in range(4) if face.edges[d] == WATER)
        self.region_of = tuple(-1 if (r := face.region_of(d)) is None else r for d in range(4))
        self.nreg = len(face.regions)
        self.animal = face.animal is not None
        self.volcano = face.volcano


_INFO: dict[Face, _Info] = {}
_ROT: dict[Face, tuple[Face, Face, Face, Face]] = {}
# the same caches by object identity (a face's hash is not free); each entry keeps its face alive
_INFO_ID: dict[int, _Info] = {}
_ROT_ID: dict[int, tuple[Face, tuple[Face, Face, Face, Face]]] = {}
_ID_CACHE_MAX = 20_000
_GEOMETRY: dict[int, tuple[tuple[int, ...], tuple[tuple[int, int, int, int], ...]]] = {}


def info(face: Face) -> _Info:
    i = _INFO_ID.get(id(face))
    if i is not None and i.face is face:
        return i
    i = _INFO.get(face)
    if i is None:
        i = _INFO[face] = _Info(face)
    if len(_INFO_ID) > _ID_CACHE_MAX:
        _INFO_ID.clear()
    _INFO_ID[id(face)] = i if i.face is face else _Info(face)
    return _INFO_ID[id(face)]


def rotations(face: Face) -> tuple[Face, Face, Face, Face]:
    """``face`` turned 0..3 quarter turns clockwise (the same objects every time for equal faces)."""
    hit = _ROT_ID.get(id(face))
    if hit is not None and hit[0] is face:
        return hit[1]
    r = _ROT.get(face)
    if r is None:
        r = _ROT[face] = (face, face.rotated(1), face.rotated(2), face.rotated(3))
    if len(_ROT_ID) > _ID_CACHE_MAX:
        _ROT_ID.clear()
    _ROT_ID[id(face)] = (face, r)
    return r


def base_face(face: Face, rot: int) -> Face:
    """The face a tile side shows at rotation 0, from what it shows at rotation ``rot``."""
    return rotations(face)[(-rot) % 4]


def geometry(size: int) -> tuple[tuple[int, ...], tuple[tuple[int, int, int, int], ...]]:
    """(water mask each cell needs, the 4 neighbour indices of each cell or -1 outside)."""
    g = _GEOMETRY.get(size)
    if g is None:
        masks, nbrs = [], []
        for idx in range(size * size):
            r, c = divmod(idx, size)
            nb = []
            for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
                rr, cc = r + dr, c + dc
                nb.append(rr * size + cc if 0 <= rr < size and 0 <= cc < size else -1)
            nbrs.append(tuple(nb))
            masks.append(sum(1 << d for d in range(4) if nb[d] < 0))
        g = _GEOMETRY[size] = (tuple(masks), tuple(nbrs))  # type: ignore[assignment]
    return g  # type: ignore[return-value]


def _slot_entries(slot: int, face: Face, side: int, rot: int,
                  known: dict[int, Face] | None) -> list[tuple[int, tuple[int, int, int, Face]]]:
    """[(water mask, (slot, side, rotation, face))] for every distinct placeable rotation of the pile
    tile's up face, and of its other face when ``known`` (seen by flipping) still matches."""
    up = base_face(face, rot)
    sides = {side: up}
    if known and known.get(side) == up:
        for sd, f in known.items():
            sides.setdefault(sd, f)
    out = []
    for sd, base in sides.items():
        seen: list[Face] = []
        for r, f in enumerate(rotations(base)):
            if f in seen:
                continue
            seen.append(f)
            m = info(f).mask
            if m in PLACEABLE_MASKS:
                out.append((m, (slot, sd, r, f)))
    return out


# ==================================================================================================
# An island and what a placement changes (spec §5: closed landscapes, wrong connections)
# ==================================================================================================
class IslandModel:
    """An island (flat, row-major faces) with its landscapes, to value a placement quickly: a fast path
    of the engine's scoring (§5.2 closed landscapes, R24 wrong connections) that test_bots.py compares
    with ``scoring.closed_landscapes`` and ``scoring.wrong_joints`` on random islands.

    Each landscape (connected regions of one terrain) keeps its number of open edges (facing an empty
    cell) and whether it is broken (a wrong connection, or land facing the sea: it can never close).
    ``potential`` values an open, unbroken landscape: 2 points x alpha ** open edges.
    """

    def __init__(self, faces: Sequence[Face | None], size: int, alpha: float):
        self.size = size
        self.faces = faces = list(faces)
        self.alpha = alpha
        self.masks, self.nbrs = geometry(size)
        self.infos = infos = [info(f) if f is not None else None for f in faces]
        self.filled = sum(1 for fi in infos if fi is not None)
        self.volcanoes = sum(1 for fi in infos if fi is not None and fi.volcano)
        # nodes: cell * 4 + region index; union-find over the matched joints (each joint once)
        parent = list(range(len(faces) * 4))

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        open_nodes: list[int] = []
        broken_nodes: list[int] = []
        nbrs = self.nbrs
        for idx, fi in enumerate(infos):
            if fi is None:
                continue
            nb = nbrs[idx]
            edges = fi.edges
            for d in range(4):
                e = edges[d]
                if e == WATER:
                    continue
                node = idx * 4 + fi.region_of[d]
                j = nb[d]
                if j < 0:
                    broken_nodes.append(node)
                    continue
                other = infos[j]
                if other is None:
                    open_nodes.append(node)
                elif other.edges[OPP[d]] != e:
                    broken_nodes.append(node)
                elif j > idx:
                    ra, rb = find(node), find(j * 4 + other.region_of[OPP[d]])
                    if ra != rb:
                        parent[ra] = rb
        land = [-1] * len(parent)
        roots: dict[int, int] = {}
        for idx, fi in enumerate(infos):
            if fi is None:
                continue
            for i in range(fi.nreg):
                root = find(idx * 4 + i)
                lid = roots.get(root)
                if lid is None:
                    lid = roots[root] = len(roots)
                land[idx * 4 + i] = lid
        self.land = land
        n = len(roots)
        self.open = opened = [0] * n
        self.broken = broken = [False] * n
        for node in open_nodes:
            opened[land[node]] += 1
        for node in broken_nodes:
            broken[land[node]] = True
        self.closed = sum(1 for lid in range(n) if not broken[lid] and opened[lid] == 0)
        self.pot = [0.0 if broken[lid] or opened[lid] == 0 else 2.0 * alpha ** opened[lid] for lid in range(n)]
        self.cache: dict[tuple[int, int], tuple[Face, tuple[int, int, float]]] = {}

    def placed(self, face: Face, idx: int) -> "IslandModel":
        """The island with ``face`` placed on the empty cell ``idx`` (updated, not rebuilt)."""
        new = IslandModel.__new__(IslandModel)
        new.size, new.alpha, new.masks, new.nbrs = self.size, self.alpha, self.masks, self.nbrs
        new.faces = faces = list(self.faces)
        faces[idx] = face
        fi = info(face)
        new.infos = infos = list(self.infos)
        infos[idx] = fi
        new.filled = self.filled + 1
        new.volcanoes = self.volcanoes + (1 if fi.volcano else 0)
        land = list(self.land)
        opened = list(self.open)
        broken = list(self.broken)
        base = len(opened)
        for i in range(fi.nreg):
            land[idx * 4 + i] = base + i
            opened.append(0)
            broken.append(False)
        merges = []
        nb = self.nbrs[idx]
        for d in range(4):
            e = fi.edges[d]
            j = nb[d]
            other = infos[j] if j >= 0 else None
            if e == WATER:
                if other is not None and other.edges[OPP[d]] != WATER:
                    nl = land[j * 4 + other.region_of[OPP[d]]]
                    opened[nl] -= 1
                    broken[nl] = True
                continue
            rl = base + fi.region_of[d]
            if j < 0:
                broken[rl] = True
            elif other is None:
                opened[rl] += 1
            elif other.edges[OPP[d]] == WATER:
                broken[rl] = True
            else:
                nl = land[j * 4 + other.region_of[OPP[d]]]
                opened[nl] -= 1
                if other.edges[OPP[d]] == e:
                    merges.append((rl, nl))
                else:
                    broken[rl] = broken[nl] = True
        if merges:
            par: dict[int, int] = {}

            def find(x: int) -> int:
                while x in par:
                    x = par[x]
                return x

            for a, b in merges:
                ra, rb = find(a), find(b)
                if ra != rb:
                    par[ra] = rb
                    opened[rb] += opened[ra]
                    broken[rb] = broken[rb] or broken[ra]
                    opened[ra] = 0
                    broken[ra] = True  # merged away: no landscape any more
            land = [find(lid) if lid in par else lid for lid in land]
        new.land, new.open, new.broken = land, opened, broken
        alpha = self.alpha
        new.closed = sum(1 for lid in range(len(opened)) if not broken[lid] and opened[lid] == 0)
        new.pot = [0.0 if broken[lid] or opened[lid] == 0 else 2.0 * alpha ** opened[lid]
                   for lid in range(len(opened))]
        new.cache = {}
        return new

    def delta(self, face: Face, idx: int) -> tuple[int, int, float]:
        """(landscapes closed, wrong connections made, change of potential) of ``face`` at ``idx``."""
        key = (id(face), idx)
        hit = self.cache.get(key)
        if hit is not None and hit[0] is face:
            return hit[1]
        fi = info(face)
        nb = self.nbrs[idx]
        nreg = fi.nreg
        r_open = [0] * nreg
        r_broken = [False] * nreg
        joins: list[tuple[int, int]] = []
        touched: dict[int, int] = {}
        broken_l: set[int] = set()
        wrong = 0
        infos = self.infos
        for d in range(4):
            e = fi.edges[d]
            j = nb[d]
            if e == WATER:
                oi = infos[j] if j >= 0 else None
                if oi is not None and oi.edges[OPP[d]] != WATER:  # water against land: wrong
                    wrong += 1
                    lid = self.land[j * 4 + oi.region_of[OPP[d]]]
                    broken_l.add(lid)
                    touched.setdefault(lid, 0)
                continue
            i = fi.region_of[d]
            if j < 0:
                r_broken[i] = True
                continue
            oi = infos[j]
            if oi is None:
                r_open[i] += 1
                continue
            oe = oi.edges[OPP[d]]
            lid = self.land[j * 4 + oi.region_of[OPP[d]]] if oe != WATER else -1
            if oe == e:
                joins.append((i, lid))
                touched[lid] = touched.get(lid, 0) + 1
            else:
                wrong += 1
                r_broken[i] = True
                if lid >= 0:
                    broken_l.add(lid)
                    touched.setdefault(lid, 0)
        closed = 0
        new_pot = 0.0
        alpha = self.alpha
        if not joins:
            for i in range(nreg):
                if not r_broken[i]:
                    if r_open[i] == 0:
                        closed += 1
                    else:
                        new_pot += 2.0 * alpha ** r_open[i]
        else:
            # each region joins the landscapes its matched edges reach; regions reaching one merge
            owner: dict[int, int] = {}
            rpar = list(range(nreg))
            for i, lid in joins:
                o = owner.get(lid)
                if o is None:
                    owner[lid] = i
                    continue
                while rpar[i] != i:
                    i = rpar[i]
                while rpar[o] != o:
                    o = rpar[o]
                if i != o:
                    rpar[i] = o
            roots = []
            for i in range(nreg):
                r = i
                while rpar[r] != r:
                    r = rpar[r]
                roots.append(r)
            g_broken = list(r_broken)
            g_open = [0] * nreg
            for i in range(nreg):
                r = roots[i]
                g_open[r] += r_open[i]
                if r_broken[i]:
                    g_broken[r] = True
            for lid, i in owner.items():
                r = roots[i]
                g_open[r] += self.open[lid] - touched[lid]
                if self.broken[lid] or lid in broken_l:
                    g_broken[r] = True
            for r in range(nreg):
                if roots[r] != r or g_broken[r]:
                    continue
                if g_open[r] <= 0:
                    closed += 1
                else:
                    new_pot += 2.0 * alpha ** g_open[r]
        old_pot = sum(self.pot[lid] for lid in touched)
        got = (closed, wrong, new_pot - old_pot)
        self.cache[key] = (face, got)
        return got


def volcano_cost(mine: int, rival_max: float, sharpness: float) -> float:
    """Expected penalty of ending with ``mine`` volcanoes when the rivals' most is about ``rival_max``
    (R22: the player or players with the most lose their count)."""
    if mine <= 0:
        return 0.0
    p = 1.0 / (1.0 + math.exp(-sharpness * (mine - rival_max + 0.5)))
    return p * mine


# ==================================================================================================
# Levels
# ==================================================================================================
@dataclass(frozen=True)
class Style:
    name: str
    mult: float                      # §10 level multiplier of every delay
    alpha: float = 0.5               # look-ahead: an open landscape is worth 2 x alpha ** open edges
    finish: tuple[float, float] = (0.75, 0.875)  # target finish, share of the round (picked per round)
    race: bool = False               # hard: race the rivals' projected finish for the +4
    beam: int = 0                    # hard: beam width of the completion search (0 = greedy only)
    refine: int = 0                  # hard: how many of the best greedy options the search refines
    volcano: float = 0.0             # 0 = ignore volcanoes; else the sharpness of volcano_cost
    hesitate: float = 0.0            # easy: chance to put a taken tile back
    first_fit: bool = False          # easy: the first tile that fits, loose matching
    memory: bool = True              # remembers the down faces it saw by flipping
    thr0: float = -0.5               # acceptance threshold = thr0 + thr1 * log2(1 + affordable explorations)
    thr1: float = 1.0
    deny: float = 0.0                # hard: bonus weight for a tile the leading rival needs
    tiles: int = 4                   # easy: how many fitting pile tiles it compares before taking one
    places: int = 3                  # easy: how many fitting places it compares for the tile in hand
    look: float = 0.0                # easy: weight of the look-ahead (open landscapes) in its loose matching
    animal: float = 0.0              # easy: what an animal is worth to it


STYLES = {
    "easy": Style("easy", 1.8, finish=(0.80, 0.92), volcano=0.0, hesitate=0.12, first_fit=True, memory=False,
                  tiles=7, places=4, look=1.0, animal=1.0),
    "medium": Style("medium", 1.2, finish=(0.75, 0.875), volcano=1.5),
    "hard": Style("hard", 0.9, alpha=0.55, finish=(0.62, 0.70), race=True, beam=3, refine=4, volcano=2.5,
                  deny=0.25),
}


# ==================================================================================================
# Plans
# ==================================================================================================
@dataclass
class _Step:
    action: Action
    at: float
    intent: tuple[str, Any] | None
    since: float
    sig: tuple[Any, ...]             # (phase, held face, filled) when planned: any change replans
    face: Face | None = None         # Take: the up face of the slot when planned
    reconsider: bool = False         # Take: may switch to a clearly better tile that appears
    value: float = NEG_INF           # Take: the value of the planned placement (NEG_INF: a look)
    weighing: tuple[tuple[str, Any], ...] = ()   # the intents it compares before acting (``weighing``)


@dataclass(frozen=True)
class _Option:
    value: float
    slot: int                        # pile slot, or -1 for the held tile
    side: int                        # the side to show
    rot: int                         # the rotation to reach
    cell: int                        # cell index
    face: Face                       # the face placed


Ranked = list[tuple[float, _Option]]


def round_of(view: State) -> IslandRound | None:
    """The round in a match view (or the round itself)."""
    rnd = getattr(view, "hand", view)
    return rnd if isinstance(rnd, IslandRound) else None


def _sig_of(rnd: IslandRound, seat: int) -> tuple[Any, ...]:
    hand = rnd.hands[seat]
    return (rnd.phase, hand.face if hand is not None else None, rnd.filled(seat))


class IslandAgent(RealtimeAgent):
    """One seat's bot (see the module docstring)."""

    def __init__(self, seat: int, seed: int, style: Style, speed: float = 1.0, slice_ms: float = 0.5,
                 beam: int | None = None):
        super().__init__(seat)
        self.style = style
        self.level = style.name
        self.rng = Rng(seed)
        self.speed = float(speed)
        self.slice = max(0.0, slice_ms) / 1000.0
        #: seconds -> WorkBudget; the scene hands its clock's (a fixed amount of work in tests)
        self.work_budget: Callable[[float], WorkBudget] = seconds_budget
        self.beam = style.beam if beam is None else max(1, int(beam))
        self.pending: tuple[Action, float] | None = None
        self.intent: tuple[str, Any] | None = None
        self.intent_at: float | None = None
        self.intent_since: float | None = None
        self.target_cell: tuple[int, int] | None = None
        self.thinking = False
        self.weighing: tuple[tuple[str, Any], ...] = ()
        self._held_tour: tuple[tuple[str, Any], ...] = ()   # the cells weighed for the tile in hand
        self._reset_round(None, 0.0)

    # ----------------------------------------------------------------------------------------------
    # Round memory
    # ----------------------------------------------------------------------------------------------
    def _reset_round(self, key: Any, start: float) -> None:
        self._round_key = key
        self._step: _Step | None = None
        self._target: _Option | None = None      # where the held tile goes
        self._explore = False                    # the tile is taken to see its other face
        self._hesitated = False                  # easy: put one tile back already (once per tile)
        self._known: dict[int, dict[int, Face]] = {}  # slot -> {side: base face}, seen by flipping
        self._held_known: dict[int, Face] = {}
        self._held_slot = -1
        self._model: IslandModel | None = None
        self._model_filled = -1
        self._pile_sig: tuple[Face | None, ...] | None = None
        self._index: dict[int, list[tuple[int, int, int, Face]]] | None = None
        self._last_at = start
        self._idle = False
        self._idle_sig: tuple[Any, ...] | None = None
        self._job_key: Any = None
        self._finish: float | None = None
        self._job: Iterator[Ranked | None] | None = None
        self._rivals: dict[int, tuple[int, IslandModel]] = {}
        self._slot_cache: dict[int, tuple[Face, Any, list[tuple[int, tuple[int, int, int, Face]]]]] = {}
        self._rival_key: Any = None
        self._rival_value = 0.0
        self.target_cell = None
        self.thinking = False
        self._held_tour = ()

    def _publish(self, step: _Step | None) -> None:
        if step is None:
            self.pending = self.intent = self.intent_at = self.intent_since = None
            self.weighing = ()
            return
        self.weighing = step.weighing
        self.pending = (step.action, step.at)
        self.intent = step.intent
        self.intent_at = step.at
        self.intent_since = step.since

    # ----------------------------------------------------------------------------------------------
    # The agent protocol
    # ----------------------------------------------------------------------------------------------
    def busy(self) -> bool:
        return self._job is not None

    def on_applied(self, action: Action, at: float) -> None:
        self._last_at = at
        self._step = None
        self._idle = False
        if isinstance(action, Take):
            self._held_slot = action.slot
            known = self._known.get(action.slot) if self.style.memory else None
            self._held_known = dict(known) if known else {}
        elif isinstance(action, (Return, Place)):
            if isinstance(action, Return) and self.style.memory and self._held_slot >= 0:
                self._known[self._held_slot] = dict(self._held_known)
            self._held_slot = -1
            self._target = None
            self._explore = False
            self._hesitated = False
            self.target_cell = None
            self._held_tour = ()

    def next_action(self, view: State, now: float) -> tuple[Action, float] | None:
        rnd = round_of(view)
        if rnd is None or rnd.phase not in (PLAY, LAST) or self.seat not in rnd.current_players():
            self._step = None
            self._job = None
            self.thinking = False
            self._publish(None)
            return None
        key = (rnd.round_index, rnd.round_start)
        if key != self._round_key:
            self._reset_round(key, rnd.round_start if rnd.round_start is not None else now)
        hand = rnd.hands[self.seat]
        if hand is not None:
            self._held_known[hand.side] = base_face(hand.face, hand.rot)
        elif self._held_slot >= 0:  # the tile left the hand without an action of ours (time up)
            self._held_slot = -1
            self._target = None
            self._explore = False
            self.target_cell = None
        pile_sig = tuple(p.face if p is not None else None for p in rnd.pile)
        new_slots: list[int] = []
        if pile_sig != self._pile_sig:
            old = self._pile_sig
            new_slots = [i for i, f in enumerate(pile_sig)
                         if f is not None and (old is None or (f is not old[i] and f != old[i]))]
            self._pile_sig = pile_sig
            self._index = None
        new_faces = bool(new_slots)
        sig = _sig_of(rnd, self.seat)
        if self._job is not None and self._job_key != (pile_sig, sig):
            self._job = None  # the world moved while the plan was half made: start it again
        step = self._step
        if step is not None:
            if self._valid(step, rnd, sig):
                if new_faces and step.reconsider:
                    better = self._reconsider(rnd, now, step, new_slots)
                    if better is not None:
                        step = self._step = better
                self._publish(step)
                return step.action, step.at
            self._step = None  # someone was faster, or the round moved on: decide again from now
            self._job = None
            self._last_at = max(self._last_at, now)
        elif self._job is None and self._idle:
            if not new_faces and sig == self._idle_sig:
                return None
            self._last_at = max(self._last_at, now)
        step = self._plan(rnd, now, sig)
        self._idle = step is None and self._job is None
        self._idle_sig = sig
        self._step = step
        self._publish(step)
        return (step.action, step.at) if step is not None else None

    def _valid(self, step: _Step, rnd: IslandRound, sig: tuple[Any, ...]) -> bool:
        if step.sig != sig:
            return False
        a = step.action
        if isinstance(a, Take):
            p = rnd.pile[a.slot]
            return p is not None and (p.face is step.face or p.face == step.face)
        return True

    # ----------------------------------------------------------------------------------------------
    # Timing (§10)
    # ----------------------------------------------------------------------------------------------
    def _jitter(self) -> float:
        u1 = 1.0 - self.rng.random()
        u2 = self.rng.random()
        z = math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)
        return math.exp(0.25 * z)

    def _u(self, lo: float, hi: float) -> float:
        return lo + (hi - lo) * self.rng.random()

    def _scale(self, seconds: float) -> float:
        return seconds * self.style.mult * self.speed * self._jitter()

    def _t_take(self, candidates: int) -> float:
        """Perceive + decide + move the hand to the pile."""
        return self._scale(self._u(0.25, 0.40) + 0.15 * math.log2(candidates + 1) + self._u(0.30, 0.60))

    def _t_handle(self) -> float:
        """One rotate or flip of the held tile."""
        return self._scale(self._u(0.12, 0.20))

    def _t_look(self, candidates: int) -> float:
        """Perceive the face just shown and decide where it goes."""
        return self._scale(self._u(0.25, 0.40) + 0.15 * math.log2(candidates + 1))

    def _t_move(self) -> float:
        return self._scale(self._u(0.30, 0.60))

    def _t_done(self) -> float:
        return self._scale(self._u(0.25, 0.40) + self._u(0.15, 0.30))

    @property
    def _est_place(self) -> float:
        return 2.6 * self.style.mult * self.speed

    @property
    def _est_explore(self) -> float:
        return 2.4 * self.style.mult * self.speed

    # ----------------------------------------------------------------------------------------------
    # Pacing: how picky to be now
    # ----------------------------------------------------------------------------------------------
    @staticmethod
    def _round_length(rnd: IslandRound) -> float:
        return float(rnd.timer) if rnd.timer is not None else float(ROUND_SECONDS)

    def _target_finish(self, rnd: IslandRound) -> float:
        """When this bot means to be done (picked once per round); the bot-speed setting moves it too."""
        if self._finish is None:
            lo, hi = self.style.finish
            self._finish = self._round_length(rnd) * self._u(lo, hi) * self.speed
        return self._finish

    def _deadline(self, rnd: IslandRound, now: float) -> float:
        """Seconds after "Go!" by which the island should be full."""
        length = self._round_length(rnd)
        safety = 8.0 * self.style.mult * self.speed
        deadline = min(self._target_finish(rnd), length - safety)
        if not self.style.race:
            return deadline
        if any(s != self.seat for s in rnd.done):
            return length - safety  # the +4 is gone: the rest of the time goes to quality
        elapsed = max(0.0, now - (rnd.round_start or 0.0))
        cells = rnd.cells
        prior = 0.8 * length
        earliest = math.inf
        for s in range(rnd.players):
            if s == self.seat:
                continue
            f = rnd.filled(s)
            if f == 0 or elapsed <= 1.0:
                proj = prior
            else:
                w = f / cells
                proj = w * (elapsed * cells / f) + (1 - w) * prior
            earliest = min(earliest, proj)
        if earliest < math.inf:
            deadline = min(deadline, earliest - 10.0)
        return max(deadline, 0.25 * length)

    def _threshold(self, rnd: IslandRound, now: float, empty: int) -> float:
        """The value a placement needs now: high while there is time to look for better, falling to
        -inf when the island must be finished."""
        if rnd.phase == LAST:
            return -1.0  # the one extra tile: worth it when it beats the empty cell's -1
        elapsed = now - (rnd.round_start or 0.0)
        per_cell = (self._deadline(rnd, now) - elapsed) / max(1, empty)
        if per_cell <= self._est_place:
            return NEG_INF
        n = (per_cell - self._est_place) / self._est_explore
        return self.style.thr0 + self.style.thr1 * math.log2(1.0 + n)

    def _accept_time(self, rnd: IslandRound, now: float, value: float, empty: int) -> float:
        """When the threshold will have fallen to ``value`` (if nothing changes)."""
        s = self.style
        n = 2.0 ** ((value - s.thr0) / s.thr1) - 1.0 if value > s.thr0 else 0.0
        per_cell = self._est_place + max(0.0, n) * self._est_explore
        return (rnd.round_start or 0.0) + self._deadline(rnd, now) - empty * per_cell

    # ----------------------------------------------------------------------------------------------
    # Evaluation
    # ----------------------------------------------------------------------------------------------
    def _my_model(self, rnd: IslandRound) -> IslandModel:
        filled = rnd.filled(self.seat)
        if self._model is None or self._model_filled != filled:
            self._model = IslandModel(rnd.faces(self.seat), rnd.size, self.style.alpha)
            self._model_filled = filled
        return self._model

    def _pile_index(self, rnd: IslandRound) -> dict[int, list[tuple[int, int, int, Face]]]:
        """Water mask -> [(slot, side, rot, face)]: every face the pile offers at every rotation (up
        faces, and the down faces this bot saw by flipping)."""
        if self._index is None:
            for _ in self._index_steps(rnd):
                pass
        return self._index  # type: ignore[return-value]

    def _index_steps(self, rnd: IslandRound) -> Iterator[None]:
        """Build ``_index`` from per-slot entries, recomputing only the slots whose face changed;
        yields after every few recomputed slots (a round's first index is the big one)."""
        index: dict[int, list[tuple[int, int, int, Face]]] = {}
        cache = self._slot_cache
        fresh = 0
        for slot, p in enumerate(rnd.pile):
            if p is None:
                continue
            known = self._known.get(slot)
            hit = cache.get(slot)
            if hit is None or hit[0] is not p.face or hit[1] is not known:
                hit = cache[slot] = (p.face, known, _slot_entries(slot, p.face, p.side, p.rot, known))
                fresh += 1
                if fresh % 8 == 0:
                    yield None
            for m, entry in hit[2]:
                index.setdefault(m, []).append(entry)
        self._index = index

    def _rival_max(self, rnd: IslandRound) -> float:
        """About the most volcanoes a rival's valid island will end with (cached per rivals' progress)."""
        key = tuple(rnd.filled(s) for s in range(rnd.players))
        if self._rival_key == key:
            return self._rival_value
        best = 0.0
        for s in range(rnd.players):
            if s == self.seat:
                continue
            island = score_island(rnd.faces(s), rnd.size)   # R20, R22: the engine's count, valid islands only
            if island.valid:
                best = max(best, island.volcanoes + 0.12 * island.empty)
        self._rival_key, self._rival_value = key, best
        return best

    def _vcost(self, volcanoes: int, rival: float) -> tuple[float, float]:
        """(cost of the island's volcanoes now, cost with one more)."""
        sharp = self.style.volcano
        if not sharp:
            return 0.0, 0.0
        return volcano_cost(volcanoes, rival, sharp), volcano_cost(volcanoes + 1, rival, sharp)

    @staticmethod
    def _value(model: IslandModel, face: Face, idx: int, vcost: tuple[float, float]) -> float:
        closed, wrong, dpot = model.delta(face, idx)
        fi = info(face)
        v = 2.0 * closed - wrong + dpot
        if fi.animal:
            v += 1.0
        if fi.volcano:
            v -= vcost[1] - vcost[0]
        return v

    def _loose_value(self, model: IslandModel, face: Face, idx: int) -> float:
        """Easy's loose matching: +2 per landscape closed, -1 per wrong connection, and (weighted by the
        style) the look-ahead and the animal; never the volcanoes."""
        closed, wrong, dpot = model.delta(face, idx)
        v = 2.0 * closed - wrong + self.style.look * dpot
        if self.style.animal and info(face).animal:
            v += self.style.animal
        return v

    def _options(self, rnd: IslandRound) -> list[_Option]:
        """Every (pile face, legal cell) that keeps the water rule, with its value, best first."""
        for x in self._option_job(rnd, 0):
            if x is not None:
                return x
        return []  # not reached

    def _option_job(self, rnd: IslandRound, chunk: int) -> Iterator[list[_Option] | None]:
        """``_options`` as a generator that yields None after every ``chunk`` evaluations (0 = never)."""
        if self._index is None:
            if chunk:
                yield from self._index_steps(rnd)
            else:
                self._pile_index(rnd)
        index = self._index or {}
        model = self._my_model(rnd)
        vcost = self._vcost(model.volcanoes, self._rival_max(rnd))
        masks = model.masks
        size = rnd.size
        out = []
        count = 0
        for r, c in rnd.legal_cells(self.seat):
            idx = r * size + c
            for slot, side, rot, face in index.get(masks[idx], ()):
                out.append(_Option(self._value(model, face, idx, vcost), slot, side, rot, idx, face))
                count += 1
                if chunk and count % chunk == 0:
                    yield None
        out.sort(key=lambda o: (-o.value, o.slot, o.cell, o.side, o.rot))
        yield out

    def _held_options(self, rnd: IslandRound) -> list[_Option]:
        model = self._my_model(rnd)
        vcost = self._vcost(model.volcanoes, self._rival_max(rnd))
        masks = model.masks
        size = rnd.size
        legal = [r * size + c for r, c in rnd.legal_cells(self.seat)]
        out = []
        for side, base in sorted(self._held_known.items()):
            for rot, face in enumerate(rotations(base)):
                m = info(face).mask
                for idx in legal:
                    if masks[idx] == m:
                        out.append(_Option(self._value(model, face, idx, vcost), -1, side, rot, idx, face))
        out.sort(key=lambda o: (-o.value, o.cell, o.side, o.rot))
        return out

    def _cloud_slots(self, rnd: IslandRound) -> list[int]:
        """Pile slots worth a look: cloud faces whose front this bot has not seen."""
        out = []
        for slot, p in enumerate(rnd.pile):
            if p is None or p.side != BACK:
                continue
            known = self._known.get(slot)
            if known and FRONT in known:
                continue
            out.append(slot)
        return out

    # ----------------------------------------------------------------------------------------------
    # Hard: the best options re-ranked by completing the island from the visible pile (beam search)
    # ----------------------------------------------------------------------------------------------
    def _completion(self, model: IslandModel, used: frozenset[int], rival: float,
                    depth: int) -> Iterator[float | None]:
        """Yields None while working, then the best total value of filling up to ``depth`` more cells,
        each with a distinct visible pile face (a cell nothing visible fits costs 0.6 and is skipped)."""
        index = self._index or {}
        beam: list[tuple[float, IslandModel, frozenset[int], tuple[int, ...]]] = [(0.0, model, used, ())]
        for _ in range(depth):
            grown: list[tuple[float, IslandModel, frozenset[int], tuple[int, ...]]] = []
            for acc, m, u, blocked in beam:
                idx = _next_cell(m, blocked)
                if idx < 0:
                    grown.append((acc, m, u, blocked))
                    continue
                vcost = self._vcost(m.volcanoes, rival)
                cands = sorted(((self._value(m, face, idx, vcost), slot, face)
                                for slot, _side, _rot, face in index.get(m.masks[idx], ()) if slot not in u),
                               key=lambda x: (-x[0], x[1]))
                if not cands:
                    grown.append((acc - 0.6, m, u, blocked + (idx,)))
                    continue
                yield None
                for v, slot, face in cands[:self.beam]:
                    grown.append((acc + v, m.placed(face, idx), u | {slot}, blocked))
                    yield None
            grown.sort(key=lambda x: -x[0])
            beam = grown[:self.beam]
        yield max(b[0] for b in beam)

    def _refine(self, rnd: IslandRound, options: list[_Option]) -> Iterator[Ranked | None]:
        """The best few options, re-ranked by value + 0.6 x completion (+ the denial bonus)."""
        model = self._my_model(rnd)
        rival = self._rival_max(rnd) if self.style.volcano else 0.0
        self._pile_index(rnd)
        depth = min(rnd.cells - model.filled - 1, 5)
        top: list[_Option] = []
        for o in options:
            if all((o.slot, o.cell) != (t.slot, t.cell) for t in top):
                top.append(o)
                if len(top) >= self.style.refine:
                    break
        scored: Ranked = []
        for o in top:
            future = 0.0
            if depth > 0:
                for x in self._completion(model.placed(o.face, o.cell), frozenset((o.slot,)), rival, depth):
                    if x is None:
                        yield None
                    else:
                        future = x
            bonus = self._deny_bonus(rnd, o.face) if self.style.deny else 0.0
            scored.append((o.value + 0.6 * future + bonus, o))
        chosen = {id(o) for _, o in scored}
        scored += [(o.value + 0.6 * -0.6 * depth, o) for o in options if id(o) not in chosen]
        scored.sort(key=lambda x: (-x[0], x[1].slot, x[1].cell, x[1].side, x[1].rot))
        yield scored

    def _deny_bonus(self, rnd: IslandRound, face: Face) -> float:
        """A bonus for taking a tile the leading rival obviously needs (it also fits here)."""
        leader, lead = -1, (-1, -1)
        for s in range(rnd.players):
            if s == self.seat or s in rnd.done:
                continue
            key = (rnd.totals_before[s] if s < len(rnd.totals_before) else 0, rnd.filled(s))
            if key > lead:
                leader, lead = s, key
        if leader < 0:
            return 0.0
        filled = rnd.filled(leader)
        cached = self._rivals.get(leader)
        if cached is None or cached[0] != filled:
            cached = self._rivals[leader] = (filled, IslandModel(rnd.faces(leader), rnd.size, self.style.alpha))
        model = cached[1]
        cells = [r * rnd.size + c for r, c in rnd.legal_cells(leader)]
        best = NEG_INF
        for f in rotations(face):
            m = info(f).mask
            for idx in cells:
                if model.masks[idx] == m:
                    best = max(best, self._value(model, f, idx, (0.0, 0.0)))
        return self.style.deny * max(0.0, best - 2.0) if best > NEG_INF else 0.0

    # ----------------------------------------------------------------------------------------------
    # Deciding the next step
    # ----------------------------------------------------------------------------------------------
    def _plan(self, rnd: IslandRound, now: float, sig: tuple[Any, ...]) -> _Step | None:
        base = self._last_at
        if rnd.hands[self.seat] is not None:
            self._job = None
            self.thinking = False
            if self.style.first_fit:
                return self._plan_held_easy(rnd, now, base, sig)
            return self._plan_held(rnd, now, base, sig)
        done, stop = Done(self.seat), Stop(self.seat)
        if rnd.is_legal(done) or (not rnd.legal_cells(self.seat) and rnd.is_legal(stop)):
            # R13 (a full grid), V3.3 (the last-tile phase with nowhere to place): the engine says
            self._job = None
            self.thinking = False
            action: Action = done if rnd.is_legal(done) else stop
            return _Step(action, max(now, base + self._t_done()), None, base, sig)
        if self.style.first_fit:
            return self._plan_easy(rnd, now, base, sig)
        ranked = self._ranked(rnd)
        if ranked is None:
            return None  # still thinking (busy)
        return self._choose(rnd, now, base, sig, ranked)

    def _ranked(self, rnd: IslandRound) -> Ranked | None:
        """The options best first (hard: re-ranked by the beam search). The work is a generator run
        for at most ``slice`` seconds per call: None = not finished yet (``busy()``)."""
        if self._job is None:
            self._job = self._rank_job(rnd)
            self._job_key = (self._pile_sig, _sig_of(rnd, self.seat))
        budget = self.work_budget(self.slice) if self.slice else None
        while True:
            x = next(self._job)
            if x is not None:
                self._job = None
                self.thinking = False
                return x
            if budget is not None and budget.spent():
                self.thinking = True
                return None

    def _rank_job(self, rnd: IslandRound) -> Iterator[Ranked | None]:
        options: list[_Option] = []
        for x in self._option_job(rnd, 12):
            if x is None:
                yield None
            else:
                options = x
        if self.beam and self.style.refine and options and rnd.phase == PLAY and rnd.cells - rnd.filled(self.seat) > 1:
            yield from self._refine(rnd, options)
        else:
            yield [(o.value, o) for o in options]

    def _choose(self, rnd: IslandRound, now: float, base: float, sig: tuple[Any, ...], ranked: Ranked) -> _Step | None:
        seat = self.seat
        empty = rnd.cells - rnd.filled(seat)
        thr = self._threshold(rnd, now, empty)
        clouds = self._cloud_slots(rnd) if rnd.phase == PLAY else []
        if ranked:
            _, best = ranked[0]
            value = best.value
            if rnd.phase == LAST and value + 1.0 <= 0.0:
                return _Step(Stop(seat), max(now, base + self._t_done()), None, base, sig)
            if value >= thr or not clouds:
                at = base + self._t_take(len(ranked))
                if value < thr:
                    at = max(at, self._accept_time(rnd, now, value, empty))  # wait until it is good enough
                self._target = best
                self._explore = False
                self.target_cell = divmod(best.cell, rnd.size)
                return _Step(Take(seat, best.slot), max(now, at), ("pile", best.slot), base, sig,
                             face=rnd.pile[best.slot].face, reconsider=True, value=value,  # type: ignore[union-attr]
                             weighing=_tour((o for _, o in ranked), rnd.size))
        elif rnd.phase == LAST:
            return _Step(Stop(seat), max(now, base + self._t_done()), None, base, sig)
        if clouds:
            return self._look(rnd, now, base, sig, self.rng.choice(clouds), len(clouds), clouds)
        return self._plan_stuck(rnd, now, base, sig)

    def _look(self, rnd: IslandRound, now: float, base: float, sig: tuple[Any, ...], slot: int,
              candidates: int, among: Sequence[int] = ()) -> _Step:
        """Take ``slot`` to flip it and see its other face (``among``: the slots it chose it from)."""
        self._target = None
        self._explore = True
        self.target_cell = None
        return _Step(Take(self.seat, slot), max(now, base + self._t_take(candidates)), ("pile", slot), base, sig,
                     face=rnd.pile[slot].face, reconsider=True,  # type: ignore[union-attr]
                     weighing=_look_tour(slot, among))

    def _plan_stuck(self, rnd: IslandRound, now: float, base: float, sig: tuple[Any, ...]) -> _Step | None:
        """Nothing visible fits and no cloud is left: while the centre is open, look under a front-up
        tile not seen yet (a land back fills the centre). None = wait for the pile to change."""
        size = rnd.size
        masks = geometry(size)[0]
        if rnd.phase != PLAY or all(masks[r * size + c] != 0 for r, c in rnd.legal_cells(self.seat)):
            return None
        fronts = [slot for slot, p in enumerate(rnd.pile)
                  if p is not None and p.side == FRONT and BACK not in self._known.get(slot, {})]
        if not fronts:
            return None
        return self._look(rnd, now, base, sig, self.rng.choice(fronts), len(fronts), fronts)

    def _plan_held(self, rnd: IslandRound, now: float, base: float, sig: tuple[Any, ...]) -> _Step:
        seat = self.seat
        hand = rnd.hands[seat]
        assert hand is not None
        slot = rnd.hand_slot[seat]
        size = rnd.size
        target = self._target
        if target is not None and (target.side not in self._held_known
                                   or divmod(target.cell, size) not in rnd.legal_cells(seat)):
            target = self._target = None
        if target is None:
            if self._explore and (1 - hand.side) not in self._held_known:
                return _Step(Flip(seat), max(now, base + self._t_handle()), None, base, sig)
            options = self._held_options(rnd)
            self._held_tour = _tour(options, size, by="cell")
            look = self._t_look(len(options))
            empty = rnd.cells - rnd.filled(seat)
            if options:
                best = options[0]
                if rnd.phase == LAST:
                    ok = best.value + 1.0 > 0.0
                else:
                    ok = best.value >= self._threshold(rnd, now, empty)
                    if not ok and not self._cloud_slots(rnd):
                        pile = self._options(rnd)
                        ok = not pile or best.value >= pile[0].value - 0.25
                if ok:
                    target = self._target = best
                    self._explore = False
                    base += look
            if target is None:
                self._explore = False
                self.target_cell = None
                return _Step(Return(seat), max(now, base + look + self._t_move()), ("pile", slot), base, sig)
        return self._carry(rnd, now, base, sig, target)

    def _carry(self, rnd: IslandRound, now: float, base: float, sig: tuple[Any, ...], target: _Option) -> _Step:
        """Flip, rotate, then place the held tile as ``target`` says, one timed action at a time."""
        seat = self.seat
        hand = rnd.hands[seat]
        assert hand is not None
        self.target_cell = divmod(target.cell, rnd.size)
        intent = ("cell", self.target_cell)
        tour = self._held_tour if intent in self._held_tour else ()
        if hand.side != target.side:
            return _Step(Flip(seat), max(now, base + self._t_handle()), intent, base, sig, weighing=tour)
        diff = (target.rot - hand.rot) % 4
        if diff:
            return _Step(Rotate(seat, -1 if diff == 3 else 1), max(now, base + self._t_handle()), intent, base, sig,
                         weighing=tour)
        return _Step(Place(seat, self.target_cell), max(now, base + self._t_move()), intent, base, sig,
                     weighing=tour)

    # Easy ----------------------------------------------------------------------------------------
    def _plan_easy(self, rnd: IslandRound, now: float, base: float, sig: tuple[Any, ...]) -> _Step | None:
        """The first tile, reading the pile from a random spot, whose face fits an open cell."""
        seat = self.seat
        size = rnd.size
        masks = geometry(size)[0]
        legal_masks = {masks[r * size + c] for r, c in rnd.legal_cells(seat)}
        n = len(rnd.pile)
        start = self.rng.below(n)
        scanned = 0
        pick, best = -1, -1e9
        model = None
        seen = 0
        compared: list[tuple[float, int, int]] = []   # (value, slot, cell) of the fitting tiles it compared
        for k in range(n):
            slot = (start + k) % n
            p = rnd.pile[slot]
            if p is None:
                continue
            scanned += 1
            if not any(info(f).mask in legal_masks for f in rotations(p.face)):
                continue
            # loose matching: of the first few fitting tiles, the one that matches best somewhere
            model = model or self._my_model(rnd)
            value, where = -1e9, -1
            for f in rotations(p.face):
                for r, col in rnd.legal_cells(seat):
                    idx = r * size + col
                    if model.masks[idx] == info(f).mask:
                        v = self._loose_value(model, f, idx)
                        if v > value:
                            value, where = v, idx
            compared.append((value, slot, where))
            if value > best:
                pick, best = slot, value
            seen += 1
            if seen >= self.style.tiles:
                break
        gate = 0.0
        if rnd.phase == PLAY:  # a beginner's pace: the tiles are spread over most of the round
            placed = rnd.filled(seat)
            gate = (rnd.round_start or 0.0) + self._target_finish(rnd) * (placed + 1) / (rnd.cells + 1)
        if pick >= 0:
            self._explore = False
            compared.sort(key=lambda x: -x[0])
            tour: list[tuple[str, Any]] = []
            for _value, slot, where in compared:
                tour.append(("pile", slot))
                if where >= 0:
                    tour.append(("cell", divmod(where, size)))
            return _Step(Take(seat, pick), max(now, base + self._t_take(scanned), gate), ("pile", pick), base, sig,
                         face=rnd.pile[pick].face, weighing=tuple(tour))  # type: ignore[union-attr]
        if rnd.phase == LAST:
            return _Step(Stop(seat), max(now, base + self._t_done()), None, base, sig)
        clouds = [s for s, p in enumerate(rnd.pile) if p is not None and p.side == BACK] \
            or [s for s, p in enumerate(rnd.pile) if p is not None]
        if not clouds:
            return None
        slot = self.rng.choice(clouds)
        self._explore = True
        return _Step(Take(seat, slot), max(now, base + self._t_take(scanned), gate), ("pile", slot), base, sig,
                     face=rnd.pile[slot].face, weighing=_look_tour(slot, clouds))  # type: ignore[union-attr]

    def _plan_held_easy(self, rnd: IslandRound, now: float, base: float, sig: tuple[Any, ...]) -> _Step:
        seat = self.seat
        size = rnd.size
        hand = rnd.hands[seat]
        assert hand is not None
        slot = rnd.hand_slot[seat]
        target = self._target
        if target is not None and divmod(target.cell, size) not in rnd.legal_cells(seat):
            target = self._target = None
        if target is None:
            if not self._hesitated and self.rng.random() < self.style.hesitate:
                self._hesitated = True  # takes it, hesitates, puts it back
                return _Step(Return(seat), max(now, base + self._t_look(2) + self._t_move()), ("pile", slot), base, sig)
            model = self._my_model(rnd)
            legal = [r * size + c for r, c in rnd.legal_cells(seat)]
            self.rng.shuffle(legal)
            fits: list[_Option] = []
            for side in sorted(self._held_known, key=lambda sd: sd != hand.side):
                for rot, face in enumerate(rotations(self._held_known[side])):
                    m = info(face).mask
                    for idx in legal:
                        if model.masks[idx] == m:
                            fits.append(_Option(self._loose_value(model, face, idx), -1, side, rot, idx, face))
                if fits:
                    break
            if not fits:
                if (1 - hand.side) not in self._held_known:
                    return _Step(Flip(seat), max(now, base + self._t_handle()), None, base, sig)
                return _Step(Return(seat), max(now, base + self._t_look(1) + self._t_move()), ("pile", slot), base, sig)
            few = fits[:self.style.places]  # loose matching: only the first few places it tries
            target = self._target = max(few, key=lambda o: o.value)
            self._held_tour = _tour(few, size, by="cell")
            base += self._t_look(len(few))
        return self._carry(rnd, now, base, sig, target)

    # Changing one's mind -------------------------------------------------------------------------
    def _reconsider(self, rnd: IslandRound, now: float, step: _Step, slots: list[int]) -> _Step | None:
        """New faces appeared in the pile (``slots``) while this bot reaches for a tile: switch to one
        when it is clearly better (a new aim from now: perceive + move)."""
        if self.style.first_fit or rnd.phase != PLAY or self._job is not None:
            return None
        model = self._my_model(rnd)
        vcost = self._vcost(model.volcanoes, self._rival_max(rnd))
        size = rnd.size
        legal = [r * size + c for r, c in rnd.legal_cells(self.seat)]
        best: _Option | None = None
        for slot in slots:
            p = rnd.pile[slot]
            if p is None:
                continue
            for m, (sl, side, rot, face) in _slot_entries(slot, p.face, p.side, p.rot, self._known.get(slot)):
                for idx in legal:
                    if model.masks[idx] == m:
                        v = self._value(model, face, idx, vcost)
                        if best is None or v > best.value:
                            best = _Option(v, sl, side, rot, idx, face)
        if best is None or best.slot == step.action.slot:  # type: ignore[attr-defined]
            return None
        empty = rnd.cells - rnd.filled(self.seat)
        thr = self._threshold(rnd, now, empty)
        if step.value == NEG_INF:
            if best.value < thr:
                return None  # still nothing good enough: go on looking
        elif best.value < step.value + 1.0:
            return None
        self._target = best
        self._explore = False
        self.target_cell = divmod(best.cell, size)
        at = now + self._scale(self._u(0.25, 0.40) + self._u(0.30, 0.60))
        if best.value < thr:
            at = max(at, self._accept_time(rnd, now, best.value, empty))
        tour = (("pile", best.slot), ("cell", self.target_cell)) + tuple(
            w for w in step.weighing if w[0] != "pile" or w[1] != best.slot)[:4]
        return _Step(Take(self.seat, best.slot), at, ("pile", best.slot), now, step.sig,
                     face=rnd.pile[best.slot].face, reconsider=True, value=best.value,  # type: ignore[union-attr]
                     weighing=tour)


TOUR_TILES = 3   # how many of the tiles (or places) it compares a bot's glove shows


def _tour(options: Iterable[_Option], size: int, by: str = "slot") -> tuple[tuple[str, Any], ...]:
    """What a bot weighs, best first, as intents for its glove: for each of the best few distinct pile tiles
    (``by="slot"``) the tile, then where it would go on the island; or (``by="cell"``) the best few places for
    the tile in hand."""
    out: list[tuple[str, Any]] = []
    seen: set[int] = set()
    for o in options:
        key = o.slot if by == "slot" else o.cell
        if key in seen:
            continue
        seen.add(key)
        if by == "slot":
            out.append(("pile", o.slot))
        out.append(("cell", divmod(o.cell, size)))
        if len(seen) >= TOUR_TILES:
            break
    return tuple(out)


def _look_tour(slot: int, among: Sequence[int]) -> tuple[tuple[str, Any], ...]:
    """A look under a tile: the glove shows a few of the tiles it chose from, then the one it takes."""
    others = [s for s in among if s != slot][:TOUR_TILES - 1]
    return tuple(("pile", s) for s in others + [slot])


def _next_cell(m: IslandModel, blocked: tuple[int, ...]) -> int:
    """The empty cell with the most placed neighbours (the most constrained), or -1."""
    best, best_n = -1, -1
    faces = m.faces
    for idx, f in enumerate(faces):
        if f is not None or idx in blocked:
            continue
        n = sum(1 for j in m.nbrs[idx] if j >= 0 and faces[j] is not None)
        if n > best_n:
            best, best_n = idx, n
    return best


# ==================================================================================================
# The headless referee (the scene's clock) and the report of a headless match
# ==================================================================================================
class IslandReferee(RealtimeAgent):
    """Sends the system actions a scene would: StartRound after the countdown, TimeUp when the round's
    timer runs out (none with ``no-timer``; the optional V3.6 limit with ``last_limit``)."""

    system = True

    def __init__(self, options: Mapping[str, Any], countdown: float = 3.0, last_limit: float | None = None):
        super().__init__(SYSTEM)
        self.timer = timer_seconds(options)
        self.countdown = countdown
        self.last_limit = last_limit
        self._mix_seen: dict[int, float] = {}
        self._last_seen: dict[int, float] = {}

    def next_action(self, view: State, now: float) -> tuple[Action, float] | None:
        rnd = round_of(view)
        if rnd is None:
            return None
        if rnd.phase == MIX:
            t0 = self._mix_seen.setdefault(rnd.round_index, now)
            return StartRound(), t0 + self.countdown
        if not rnd.is_legal(TimeUp()):   # R16, V3.1: the engine says when the clock may end the round
            return None
        if rnd.phase == PLAY and self.timer is not None:
            return TimeUp(), (rnd.round_start or 0.0) + self.timer
        if rnd.phase == LAST and self.last_limit is not None:
            t0 = self._last_seen.setdefault(rnd.round_index, now)
            return TimeUp(), t0 + self.last_limit
        return None


def make_referee(options: Mapping[str, Any]) -> IslandReferee:
    return IslandReferee(options)


def round_reports(state: State, timeline: Sequence[TimedAction]) -> list[list[dict[str, Any]]]:
    """Per round, per seat: complete, valid, complete_valid, round_score, done_at (seconds after "Go!",
    None when the seat never declared Done), from a finished headless match and its timeline."""
    results = getattr(state, "hand_results", [])
    players = getattr(state, "players", 0)
    cells = grid_size(getattr(state, "options", {})) ** 2
    rounds: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for t in timeline:
        a = t.action
        if isinstance(a, StartRound) and t.applied:
            current = {"start": t.time, "filled": [0] * players, "done_at": [None] * players,
                       "dropped": [0] * players}
            rounds.append(current)
        elif current is None or a.seat < 0:
            continue
        elif not t.applied:
            current["dropped"][a.seat] += 1
        elif isinstance(a, Place):
            current["filled"][a.seat] += 1
        elif isinstance(a, Done):
            current["done_at"][a.seat] = round(t.time - current["start"], 3)
    out = []
    for r, info_ in enumerate(rounds[:len(results)]):
        res = results[r]
        valid = res.stats.get("ir.stat.valid", [True] * players)
        scores = res.scores or [0.0] * players
        seats = []
        for s in range(players):
            complete = info_["filled"][s] == cells
            seats.append({"complete": complete, "valid": bool(valid[s]), "complete_valid": complete and bool(valid[s]),
                          "round_score": scores[s], "done_at": info_["done_at"][s],
                          "dropped": info_["dropped"][s]})
        out.append(seats)
    return out


# ==================================================================================================
# Factory
# ==================================================================================================
_warm = False


def _warm_caches() -> None:
    """Fill the geometry caches (rotations, edge masks, regions by direction) of every face once, so
    that no frame pays for it. A cache keyed by the face's value: it tells nothing about any tile."""
    global _warm
    if _warm:
        return
    from game.games.island_race.tiles import TILE_IDS, face_of
    for tile in TILE_IDS:
        for side in (FRONT, BACK):
            for f in rotations(face_of(tile, side, 0)):
                info(f)
                rotations(f)
    _warm = True


def make_agent(level: str, seat: int, seed: int, speed: float = 1.0, slice_ms: float = 0.5,
               playouts: int | None = None, **_: Any) -> IslandAgent:
    """The Island Race bot of ``level`` (easy, medium, hard) for ``seat``.

    ``speed`` scales every delay (the Settings "bot speed": 1.0 = the §10 model). ``slice_ms`` is the
    work a call may do before a hard plan continues at the next call (0 = no limit). ``playouts``
    (the command line's fixed search budget) sets the hard beam width; other levels do not search.
    """
    style = STYLES.get(level)
    if style is None:
        raise ValueError(f"unknown Island Race bot level {level!r} (easy, medium, hard)")
    _warm_caches()
    return IslandAgent(seat, seed, style, speed=speed, slice_ms=slice_ms,
                       beam=playouts if style.beam else None)


__all__ = ["IslandAgent", "IslandModel", "IslandReferee", "LEVELS", "STYLES", "Style", "make_agent",
           "make_referee", "round_of", "round_reports", "volcano_cost"]
