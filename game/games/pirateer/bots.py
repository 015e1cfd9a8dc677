"""Pirateer bots (spec section 10): easy, medium (heuristic plans) and hard (expectimax over the replies).

Every bot sees only ``state.view(seat)`` and returns one of its ``legal_actions(seat)``. It never reads
the view's random generator (nor any but its own ``rng``): lookahead runs on ``moves.Pos`` positions over
the engine's chance outcomes, every roll of n dice with its probability (``game.core.chance.dice_outcomes``,
``ROLLS[n]`` for any n). The rules come from the engine: legal moves (``moves.iter_landings``,
``moves.group_landings``, ``max_dice``), the storm (``moves.sink``, ``port_distances``), the blast
(``moves.blast``), when boarding is free (``moves.boarding_is_free``), whether a take may end the turn
(``end_phase_follows``). One fast path of its own, ``hit_masks`` (exact threats from terrain tables), is
checked against the engine on random positions (tests/games/pirateer/test_engine_answers.py).

- Plans (``enumerate_plans``): in the move phase every distinct complete plan for the current dice, a
  sequence of die moves and treasure takes that meets the dice obligation (R11), one per position it
  leaves. A bot picks a plan, plays its first action and keeps the rest; the rest is replayed only
  while the view is the position the plan expects (otherwise it plans again).
- Tables (``Tables``, once per board): expected turns home for a carrier under its R17 table (value
  iteration over the 21 rolls; trap squares come out hopeless, so the poison harbours, V8.2's partner
  harbours in grab-and-run among them, are avoided), expected turns to a dock, die-move
  distances, and the terrain paths that end on a square (for exact threats).
- Evaluation (``Evaluator``, tuned by ``Weights``): per team, the treasure's worth to its carrier
  (``carry`` minus the expected turns home, more for ships blocking a channel it must pass, nothing
  behind a wreck in its home channel), the exact chance that the rivals who move before the carrier's
  next turn land on it over all their rolls (single moves and same-ship two-move combinations, every
  ship and wreck blocking: escorts count) with the boarder's gain, the same for non-carriers a carrier
  may board (a team's last ship: the game), the dock race while the coin is on the island, the hunt
  for an enemy carrier, ships afloat, ships idling in their own channel, and the ``storm`` risk of the
  farthest ship. A seat scores its team's value minus the best rival team's.
- Four dice (V11.4, the fantastic eight): a roll has tens of thousands of plans, so the medium and hard bots
  search them in a beam (``beam_plans``: at each step only the ``BEAM_WIDTH`` best partial plans by the
  evaluation without threats go on; the hard bot's model of the next seat uses ``REPLY_WIDTH``), and only the
  ``FULL_SCORES`` best plans are scored with threats; the easy bot weighs ``RANDOM_PLANS`` random plans
  (``random_plan``). On the two-board map the tables cover all 464 squares and each harbour's own R17 table;
  the dock race counts the docks of the island the coin chose (V11.2); every carrier counts (V11.5).
- easy: a random plan, plans that bring the goal nearer twice as likely; always takes the treasure; any
  free fleet at the table (S1).
- medium: the best plan by the evaluation; nuke, storm pick, bonus values, pre-roll take and the
  war-wind carrier by the same; at the table the free corner farthest from the fleets taken (S1).
- hard: the medium's best ``top_k`` plans, each answered by the next seat's medium reply for each of
  its rolls (most likely first), scored after that reply as a winning chance (``win_chance``) by a
  finer evaluation (``HARD``: a carrier about to move is threatened only by what is left once it has
  fled; between two sides, up to two hunters lying in wait in, or one move from, the channel the
  enemy carrier must sail up count for their team: spec 10's ambush). Budget: ``seconds`` (0.9 s by
  default; a roll is dropped when it cannot finish in time) or a fixed number of rolls per candidate
  (``playouts``, repeatable). From seven seats (V11.4, ``WIDE_SEATS``) one rival's answer says little: the hard
  bot models none and searches its own turn in a beam ``WIDE_BEAM`` wide, ``WIDE_FULL_SCORES`` plans scored in
  full (measured: one hard among seven mediums won 0.150 of 400 games this way, 0.130 with the reply).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable

from game.core.bots import Bot, bot_levels
from game.core.chance import dice_outcomes
from game.core.protocol import Action, State
from game.games.pirateer.boardmodel import Board, Cell
from game.games.pirateer.moves import (ISLAND, Ctx, Pos, _paths_by_die, after, blast, boarding_is_free,
                                       can_take, faction_of, forbidden, group_landings, iter_landings, max_dice,
                                       port_distances, sink, take, toward_vector, wins)
from game.games.pirateer.rules import (ALLY, BONUS, CHOOSE, END, MOVE, START, STORM, WIND, Arm, Bonus, ChooseFaction,
                                       EndTurn, Move, PirateerState, Roll, Take)

# --------------------------------------------------------------------------------------------------
# Tuning
# --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Weights:
    """The evaluation's tuning (units: one turn of progress)."""
    carry: float = 14.0       # worth of holding the treasure, before the expected turns home are subtracted
    near: float = 8.0         # up to this many expected turns home each turn costs one; beyond, a shrinking tail
    dock: float = 1.0         # per expected turn of the best ship to a dock while the treasure is on the island
    dock2: float = 0.2        # the same for the second best ship (a spare racer)
    ship: float = 1.2         # per ship afloat
    hunt: float = 0.25        # per die-move of the best hunter from the enemy carrier
    hunt_cap: int = 6         # die-moves beyond which a hunter counts as this far
    late: float = 0.35        # weight of a threat from a seat that moves only after the target's owner
    block: float = 2.5        # per friendly ship in a channel the carrier must pass (home: times depth_factor)
    block_enemy: float = 0.8  # the same for an enemy ship there (the carrier may board it, not pass it)
    idle: float = 0.5         # per non-carrier ship in its own destination channel (times depth_factor)
    sink_gain: float = 0.6    # a boarder's gain for sinking a non-carrier
    last_ship: float = 12.0   # the loss of a team's last ship (E2)
    gain: float = 1.0         # share of the carrier's worth a boarder gains
    escape: bool = False      # a carrier that moves first: its threat is what is left after it flees
    ambush: float = 0.0       # per hunter (at most two) lying in wait in or one move from the channel that
                              # the enemy carrier must sail up to its anchor

    def worth(self, turns: float) -> float:
        """``carry - turns`` near home; beyond ``near`` a tail A*A/(A + extra), smooth and positive."""
        if turns <= self.near:
            return self.carry - turns
        a = self.carry - self.near
        return a * a / (a + turns - self.near)


DEFAULT = Weights()
HARD = Weights(escape=True, ambush=2.0)   # the hard bot's leaves
TURN_CAP = 40.0      # expected turns for a square from which the carrier can never get home
ROLL_VALUE = 0.8     # what a normal turn is worth against arming the nuke
ARM_MARGIN = 0.5
WIN = 1000.0
CALIBRATION = 0.12   # see win_chance
HARD_TOP_K = 6
HARD_TOP_K_BEAM = 3  # the hard bot's candidate plans with four dice (V11.4): each reply costs a beam search
PLAN_NODES = 30000   # plan search cap (storm with six ships); the plans found are still all legal
BEAM_DICE = 4        # V11.4: from this many dice a roll, plans are searched in a beam (``beam_plans``), not all
BEAM_WIDTH = 10      # partial plans kept at each step of the beam (the best by the quick evaluation)
REPLY_WIDTH = 3      # the same for the next seat's reply in the hard bot's lookahead
FULL_SCORES = 16     # with a beam, the plans scored in full (threats included): the best by the quick evaluation
WIDE_SEATS = 7         # from this many seats the hard bot models no reply (one rival's answer of six or seven says
WIDE_BEAM = 320        # little) and spends its time on its own turn instead: a far wider beam, every plan of it
WIDE_FULL_SCORES = 240  # scored in full
WIDE_WEIGHTS = Weights(hunt=0.5)  # ... and values its hunters' closeness to an enemy carrier twice as much: with six
                                  # or seven rivals a treasure changes hands often (over the same 400 eight-player
                                  # games, 67 wins against 60; a leaf evaluation, a soft maximum over the rivals and a
                                  # beam of 1000 changed nothing)
RANDOM_PLANS = 8     # the easy bot's random plans per decision with four dice
INF = 99.0


def depth_factor(index: int, length: int) -> float:
    """How hard it is for a ship at ``index`` of a channel (0 = the anchor) to get out: the open end
    counts 0.5, each square deeper a little more, the anchor 2."""
    return 0.5 + 1.5 * (length - 1 - index) / (length - 1)


def win_chance(score: float) -> float:
    """A score as a winning chance: fitted on medium self-play (2 players: P(win) ~ logistic(0.12 * score))."""
    z = max(-30.0, min(30.0, CALIBRATION * score))
    return 1.0 / (1.0 + math.exp(-z))


def _rolls(n: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """The distinct rolls of ``n`` dice (sorted values) with their probabilities, from the engine's chance
    outcomes (``game.core.chance.dice_outcomes``), most likely first, then by value: a time-limited search
    sees the common rolls first. The weight is the float the bots have always used, one ``1 / 6**n`` added
    per ordering of the dice, so that their choices stay what they were."""
    out = []
    for values, p in dice_outcomes(n):
        orderings = p.numerator * (6 ** n // p.denominator)
        w = 0.0
        for _ in range(orderings):
            w += 1.0 / 6 ** n
        out.append((values, w))
    return tuple(sorted(out, key=lambda kv: (-kv[1], kv[0])))


class _ByCount(dict):
    """A table per number of dice, made the first time that number is asked for (any number of dice)."""

    def __init__(self, make: Any) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, n: int) -> Any:
        got = self[n] = self.make(n)
        return got


ROLLS: dict[int, tuple[tuple[tuple[int, ...], float], ...]] = _ByCount(_rolls)


# --------------------------------------------------------------------------------------------------
# Board tables: worked out once per board (module level)
# --------------------------------------------------------------------------------------------------
class Tables:
    """Distances on one board, ships ignored: expected turns home for a carrier, to a dock, die-moves
    to a square, and the terrain paths that end on a square (for exact threats)."""

    def __init__(self, board: Board):
        self.board = board
        self.cells = board.squares
        self._succ: dict[Any, dict[Cell, tuple[tuple[Cell, ...], ...]]] = {}
        self._turns: dict[Any, dict[Cell, float]] = {}
        self._dist: dict[Cell, dict[Cell, int]] = {}
        self._rev: dict[Cell, dict[Cell, tuple[tuple[int, str, tuple[Cell, ...]], ...]]] = {}
        self._reach2: dict[Cell, frozenset[Cell]] = {}
        self._attack: dict[tuple, tuple[tuple[bool, int, frozenset[Cell]], ...]] = {}
        self._ambush: dict[str, frozenset[Cell]] = {}

    def succ(self, home: str | None) -> dict[Cell, tuple[tuple[Cell, ...], ...]]:
        """Per square, per die (index 0 unused): the landings of one die move, under ``home``'s R17."""
        got = self._succ.get(home)
        if got is None:
            d = toward_vector(self.board, home) if home else None
            got = {}
            for c in self.cells:
                by_die = _paths_by_die(self.board, c)
                got[c] = tuple(tuple(p[1] for dr, p in by_die[die] if d is None or not forbidden(d, dr))
                               for die in range(7))
            self._succ[home] = got
        return got

    def carrier_turns(self, home: str, ndice: int) -> dict[Cell, float]:
        """Expected turns for a carrier heading to ``home``'s anchor (its R17 table), one ship, ``ndice`` dice."""
        key = ("carrier", home, ndice)
        got = self._turns.get(key)
        if got is None:
            got = self._turns[key] = self._expected_turns(self.succ(home), {self.board.harbour(home).anchor: 0.0},
                                                          ndice)
        return got

    def dock_turns(self, ndice: int, island: str | None = None) -> dict[Cell, float]:
        """Expected turns for a free ship to stand on a dock (``island``: of that island only, V11.2)."""
        key = ("dock", ndice, island)
        got = self._turns.get(key)
        if got is None:
            docks = {d.cell: 0.0 for d in self.board.docks if island is None or d.island == island}
            got = self._turns[key] = self._expected_turns(self.succ(None), docks, ndice)
        return got

    def _expected_turns(self, succ: dict[Cell, tuple[tuple[Cell, ...], ...]], terminal: dict[Cell, float],
                        ndice: int) -> dict[Cell, float]:
        """Value iteration: V(c) = 1 + sum over rolls of p * min(V(c), best value the roll reaches); a move
        that ends on a ``terminal`` square stops there with its value. Sweeps in order of distance, until
        no value moves by 0.005 turns."""
        V = {c: terminal.get(c, INF) for c in self.cells}
        rolls = ROLLS[ndice]
        dist = self.die_distance_to_set(set(terminal), succ)
        order = [c for c in sorted(self.cells, key=lambda c: dist.get(c, 99)) if c not in terminal]
        dice_pairs = [((a, b), w) for (a, b), w in rolls] if ndice == 2 else []
        for _ in range(200):
            delta = 0.0
            # W[x][b]: the best of stopping on x or going on from it with die b
            W = {}
            for x in self.cells:
                v = V[x]
                if x in terminal:
                    W[x] = (v,) * 7
                else:
                    sx = succ[x]
                    W[x] = (v,) + tuple(min(v, min((V[y] for y in sx[die]), default=INF)) for die in range(1, 7))
            for c in order:
                sc = succ[c]
                if dice_pairs:
                    # Q[a][b]: first die a from c, then maybe die b
                    q = [[INF] * 7 for _ in range(7)]
                    for a in range(1, 7):
                        row = q[a]
                        for x in sc[a]:
                            wx = W[x]
                            for b in range(1, 7):
                                if wx[b] < row[b]:
                                    row[b] = wx[b]
                    ms = sorted((min(q[a][b], q[b][a]), w) for (a, b), w in dice_pairs)
                else:
                    ms = sorted((self._best(c, dice, succ, V, W, terminal), w) for dice, w in rolls)
                new = INF
                acc = wacc = 0.0
                for i, (m, w) in enumerate(ms):
                    if m >= INF:
                        break
                    acc += w * m
                    wacc += w
                    cand = (1.0 + acc) / wacc
                    if cand <= (ms[i + 1][0] if i + 1 < len(ms) else INF):
                        new = cand
                        break
                new = min(new, INF)
                delta = max(delta, abs(new - V[c]))
                V[c] = new
            if delta < 5e-3:
                break
        return {c: min(v, TURN_CAP) for c, v in V.items()}

    @staticmethod
    def _best(c: Cell, dice: tuple[int, ...], succ, V, W, terminal) -> float:
        """The lowest value a single ship reaches from ``c`` with some of ``dice`` (a terminal ends the run;
        ``W[x][b]``: the best of stopping on x or going on with die b)."""
        best = INF
        for a in sorted(set(dice)):
            rest = list(dice)
            rest.remove(a)
            for x in succ[c][a]:
                if not rest or x in terminal:
                    v = V[x]
                elif len(rest) == 1:
                    v = W[x][rest[0]]
                else:
                    v = min(V[x], Tables._best(x, tuple(rest), succ, V, W, terminal))
                if v < best:
                    best = v
        return best

    def die_distance_to_set(self, targets: set[Cell], succ) -> dict[Cell, int]:
        """Fewest die moves (any values) from each square to one of ``targets`` under ``succ``."""
        rev: dict[Cell, list[Cell]] = {}
        for c in self.cells:
            for die in range(1, 7):
                for y in succ[c][die]:
                    rev.setdefault(y, []).append(c)
        dist = {t: 0 for t in targets}
        frontier = list(targets)
        while frontier:
            nxt = []
            for y in frontier:
                for c in rev.get(y, ()):
                    if c not in dist:
                        dist[c] = dist[y] + 1
                        nxt.append(c)
            frontier = nxt
        return dist

    def dist_to(self, target: Cell) -> dict[Cell, int]:
        """Fewest free die moves from each square to ``target`` (ships ignored)."""
        got = self._dist.get(target)
        if got is None:
            got = self._dist[target] = self.die_distance_to_set({target}, self.succ(None))
        return got

    def rev(self, target: Cell) -> dict[Cell, tuple[tuple[int, str, tuple[Cell, ...]], ...]]:
        """Origin square -> the (die, direction, inner squares) of terrain-legal moves that end on ``target``."""
        if not self._rev:
            acc: dict[Cell, dict[Cell, list[tuple[int, str, tuple[Cell, ...]]]]] = {}
            for c in self.cells:
                by_die = _paths_by_die(self.board, c)
                for die in range(1, 7):
                    for direction, (inner, last) in by_die[die]:
                        acc.setdefault(last, {}).setdefault(c, []).append((die, direction, inner))
            for last, origins in acc.items():
                self._rev[last] = {c: tuple(v) for c, v in origins.items()}
        return self._rev.get(target, {})

    def reach2(self, target: Cell) -> frozenset[Cell]:
        """Squares from which ``target`` is at most two terrain moves away."""
        got = self._reach2.get(target)
        if got is None:
            one = set(self.rev(target))
            two = set(one)
            for q in one:
                two.update(self.rev(q))
            got = self._reach2[target] = frozenset(two)
        return got

    def attack_paths(self, p: Cell, target: Cell, home: tuple[int, int] | None
                     ) -> tuple[tuple[bool, int, frozenset[Cell]], ...]:
        """The ways one ship at ``p`` lands on ``target`` with one die or two (``home``: a carrier's R17
        vector): (single?, die bit or ordered-pair bit, squares that must be free). The second move's
        squares never include ``p``: the ship has left it."""
        key = (p, target, home)
        got = self._attack.get(key)
        if got is not None:
            return got
        out: list[tuple[bool, int, frozenset[Cell]]] = []
        if p in self.reach2(target):
            rev = self.rev(target)
            for die, direction, inner in rev.get(p, ()):
                if home is None or not forbidden(home, direction):
                    out.append((True, 1 << (die - 1), frozenset(inner)))
            by_die = _paths_by_die(self.board, p)
            for a in range(1, 7):
                for direction, (inner, q) in by_die[a]:
                    back = rev.get(q)
                    if not back or q == target or (home is not None and forbidden(home, direction)):
                        continue
                    for b, dir2, inner2 in back:
                        if home is not None and forbidden(home, dir2):
                            continue
                        cells = frozenset(inner) | {q} | (frozenset(inner2) - {p})
                        out.append((False, 1 << ((a - 1) * 6 + b - 1), cells))
        got = self._attack[key] = tuple(out)
        return got

    def ambush(self, home: str) -> frozenset[Cell]:
        """Squares lying in wait for a carrier bound for ``home``: its channel and one move from it."""
        got = self._ambush.get(home)
        if got is None:
            channel = self.board.harbour(home).channel
            cells = set(channel)
            for c in channel:
                cells.update(self.rev(c))
            got = self._ambush[home] = frozenset(cells)
        return got

    def port_distance(self, faction: str) -> dict[Cell, int]:
        """V2.3 single-step distance to the faction's own anchor (storm), as the engine counts it."""
        return port_distances(self.board, faction)


_TABLES: dict[int, tuple[Board, Tables]] = {}


def tables(board: Board) -> Tables:
    entry = _TABLES.get(id(board))
    if entry is None or entry[0] is not board:
        entry = _TABLES[id(board)] = (board, Tables(board))
    return entry[1]


# --------------------------------------------------------------------------------------------------
# Exact threat: the chance that one seat's roll lets one of its ships land on a square
# --------------------------------------------------------------------------------------------------
def _roll_masks(n: int) -> tuple[tuple[int, int, float], ...]:
    out = []
    for dice, w in ROLLS[n]:
        single = 0
        pair = 0
        for i, a in enumerate(dice):
            single |= 1 << (a - 1)
            for j, b in enumerate(dice):
                if i != j:
                    pair |= 1 << ((a - 1) * 6 + b - 1)
        out.append((single, pair, w))
    return tuple(out)


ROLL_MASKS: dict[int, tuple[tuple[int, int, float], ...]] = _ByCount(_roll_masks)
_HIT_P: dict[tuple[int, int, int], float] = {}


def hit_probability(d1: int, d2: int, ndice: int) -> float:
    """P(roll has a die in mask ``d1`` or an ordered die pair in mask ``d2``)."""
    key = (d1, d2, ndice)
    p = _HIT_P.get(key)
    if p is None:
        p = sum(w for single, pair, w in ROLL_MASKS[ndice] if single & d1 or pair & d2)
        _HIT_P[key] = p
    return p


def hit_masks(tab: Tables, ctx: Ctx, pos: Pos, blockers: set[Cell] | frozenset[Cell], ship: str,
              target: Cell) -> tuple[int, int]:
    """The dice (single moves) and ordered die pairs (two moves of this ship) that land ``ship`` on
    ``target``; squares passed and intermediate landings must be free of ``blockers`` (ships and wrecks).
    The caller checks that boarding is legal. A fast path over terrain tables: with ``blockers`` the
    squares of every ship and wreck, it is exactly the engine's answer (``moves.group_landings``, once and
    then again from where the first move ends) for moves whose first leg ends on an empty square, flotilla
    stacks aside (tests/games/pirateer/test_engine_answers.py compares the two on random positions)."""
    p = pos.ships[ship]
    home = ctx.d(faction_of(ship)) if pos.holds((ship,)) else None
    paths = tab.attack_paths(p, target, home)
    d1 = d2 = 0
    for single, bit, cells in paths:
        if single:
            if not d1 & bit and cells.isdisjoint(blockers):
                d1 |= bit
        elif not d2 & bit and cells.isdisjoint(blockers):
            d2 |= bit
    return d1, d2


# --------------------------------------------------------------------------------------------------
# Sides: who plays which factions, in which order
# --------------------------------------------------------------------------------------------------
@dataclass
class Sides:
    """The seats' factions and teams as the view shows them, and the variant flags the evaluation needs."""
    seat_factions: list[frozenset[str]]
    teams: list[int]
    order: list[int]
    ndice: int
    storm: bool
    wrecks: bool
    nuke: bool
    acey: bool
    free: bool

    @classmethod
    def of(cls, view: PirateerState) -> "Sides":
        o = view.options
        return cls([frozenset(fs) for fs in view.seat_factions], list(view.teams), list(view.order),
                   view.dice_count(), bool(o.get("storm")), bool(o.get("wrecks")), bool(o.get("nuke")),
                   bool(o.get("acey-deucey")), bool(o.get("free-boarding")))

    def seat_of(self, faction: str) -> int | None:
        for seat, fs in enumerate(self.seat_factions):
            if faction in fs:
                return seat
        return None

    def team_of_seat(self, seat: int) -> int:
        return self.teams[seat]


# --------------------------------------------------------------------------------------------------
# Evaluation
# --------------------------------------------------------------------------------------------------
class Evaluator:
    """Scores positions for one game (its ``Ctx`` and ``Sides``); positions are ``moves.Pos``."""

    def __init__(self, ctx: Ctx, sides: Sides, weights: Weights = DEFAULT):
        self.w = weights
        self.ctx = ctx
        self.sides = sides
        self.tab = tables(ctx.board)
        self.board = ctx.board
        self.seat_of: dict[str, int | None] = {f: sides.seat_of(f) for f in ctx.board.factions}
        self.docks = frozenset(d.cell for d in ctx.board.docks           # V11.2: the treasures' island's
                               if ctx.island is None or d.island == ctx.island)
        self._carrier_turns: dict[str, dict[Cell, float]] = {}
        self._chan: dict[tuple[str, Cell], int | None] = {}   # (ship, square) -> channel_index
        self._ship_seat: dict[str, int | None] = {}
        # lying in wait pays between two sides; with three or four it cost the hard bot games
        # (0.215 against 0.285 over the same 200 four-player games)
        self.ambush = weights.ambush if len(set(sides.teams)) == 2 else 0.0

    # -- tables -------------------------------------------------------------------------------
    def warm(self) -> None:
        """Work out the tables this game needs (a fraction of a second, once per board and process)."""
        for f in self.board.factions:
            if self.seat_of.get(f) is not None:
                self.turns_home(f, self.board.harbour(f).anchor)
        self.tab.dock_turns(2, self.ctx.island)
        self.tab.rev(self.board.harbour(self.board.factions[0]).anchor)

    def turns_home(self, faction: str, cell: Cell) -> float:
        home = self.ctx.home.get(faction, faction)
        t = self._carrier_turns.get(home)
        if t is None:
            t = self._carrier_turns[home] = self.tab.carrier_turns(home, 2)
        return t.get(cell, TURN_CAP)

    def sealed(self, faction: str, cell: Cell, wrecks: frozenset[Cell]) -> bool:
        """``wrecks``: a wreck in the destination channel, between the carrier and the anchor."""
        if not wrecks:
            return False
        channel = self.board.harbour(self.ctx.home.get(faction, faction)).channel
        inside = channel.index(cell) if cell in channel else len(channel)
        return any(w in channel and channel.index(w) < inside for w in wrecks)

    def carry_value(self, faction: str, cell: Cell, wrecks: frozenset[Cell], pos: Pos | None = None) -> float:
        """The treasure's worth on a carrier of ``faction`` at ``cell``: ``CARRY`` minus the expected turns
        home up to ``NEAR`` turns, then a tail that shrinks toward zero (never negative: a stuck carrier
        still denies the treasure). With ``pos``, ships blocking a channel cost turns (``blocked``)."""
        if self.sealed(faction, cell, wrecks):
            return 0.0
        turns = self.turns_home(faction, cell)
        if pos is not None:
            turns += self.blocked(faction, cell, pos)
        return self.w.worth(turns)

    def blocked(self, faction: str, cell: Cell, pos: Pos) -> float:
        """Turns lost to ships in a channel: between the carrier and its anchor in the destination
        channel, or between the carrier and the open end of another channel it has to leave."""
        home = self.board.harbour(self.ctx.home.get(faction, faction)).channel
        here = self.board.harbour_at(cell)
        friends = self.ctx.friends.get(faction, frozenset((faction,)))
        extra = 0.0
        inside = home.index(cell) if cell in home else len(home) - 1
        exit_channel = here.channel if here is not None and here.channel is not home else None
        out_from = exit_channel.index(cell) if exit_channel else 0
        in_home = cell in home
        for ship, c in pos.ships.items():
            if c in home and home.index(c) < inside or \
                    exit_channel is not None and c in exit_channel and exit_channel.index(c) > out_from:
                if faction_of(ship) not in friends:
                    extra += self.w.block_enemy
                elif in_home:
                    return TURN_CAP   # a friend between the carrier and the anchor can never get past it
                elif c in home:
                    extra += self.w.block * depth_factor(home.index(c), len(home))
                else:
                    extra += self.w.block
        return extra

    def escape_risk(self, pos: Pos, carrier: str, by_seat: dict[int, list[str]], own_team: int,
                    occ: set[Cell]) -> float:
        """The threat left to a carrier that moves first: over its owner's rolls, the least exact threat
        among the squares it can reach alone (staying put included), the attackers standing still. Where
        the carrier can sail with one die, and then with the next, is the engine's answer
        (``moves.group_landings`` on the position after the first move)."""
        c = pos.ships[carrier]
        attackers = [s for seat, ships in by_seat.items() if self.sides.teams[seat] != own_team for s in ships]
        base = occ - {c}
        risk_at: dict[Cell, float] = {}
        ndice = self.sides.ndice
        tab, ctx = self.tab, self.ctx

        def risk(q: Cell) -> float:
            r = risk_at.get(q)
            if r is None:
                blockers = base | {q}
                d1 = d2 = 0
                for s in attackers:
                    if pos.ships[s] != q:              # else boarded on the way
                        a, b = hit_masks(tab, ctx, pos, blockers, s, q)
                        d1 |= a
                        d2 |= b
                r = risk_at[q] = hit_probability(d1, d2, ndice) if d1 or d2 else 0.0
            return r

        group = (carrier,)
        here = pos.occupancy()
        firsts: dict[int, list[tuple[Cell, Pos]]] = {}
        seconds: dict[tuple[Cell, int], list[Cell]] = {}

        def first_moves(die: int) -> list[tuple[Cell, Pos]]:
            got = firsts.get(die)
            if got is None:
                got = firsts[die] = [(land.cell, after(ctx, pos, land))
                                     for land in group_landings(ctx, pos, group, (die,), here)]
            return got

        def second_moves(q: Cell, moved: Pos, die: int) -> list[Cell]:
            # the position after the first move differs only on its landing square (a ship boarded there, a
            # wreck left), which no move from that square passes: one answer per square and die
            got = seconds.get((q, die))
            if got is None:
                got = seconds[(q, die)] = [land.cell for land in group_landings(ctx, moved, group, (die,))]
            return got
        stay = risk(c)
        if stay == 0.0:
            return 0.0
        total = 0.0
        for dice, w in ROLLS[ndice]:
            best = stay
            for i, a in enumerate(dice):
                for q, moved in first_moves(a):
                    best = min(best, risk(q))
                    if best == 0.0:
                        break
                    for j, b in enumerate(dice):
                        if j != i:
                            for q2 in second_moves(q, moved, b):
                                best = min(best, risk(q2))
                    if best == 0.0:
                        break
                if best == 0.0:
                    break
            total += w * best
        return total

    def channel_index(self, faction: str, cell: Cell) -> int | None:
        """The square's index in the destination channel of ``faction`` (0 = the anchor), or None."""
        channel = self.board.harbour(self.ctx.home.get(faction, faction)).channel
        return channel.index(cell) if cell in channel else None

    # -- sequencing ---------------------------------------------------------------------------
    def after_mover(self, pos: Pos, mover: int, alive: Iterable[int] | None = None) -> list[int]:
        """Seats that still have ships, in turn order, starting after ``mover`` and ending with it."""
        order = self.sides.order
        k = order.index(mover)
        if alive is None:
            alive = self.by_seat(pos)
        seq = [order[(k + i) % len(order)] for i in range(1, len(order) + 1)]
        return [s for s in seq if s in alive or s == mover]

    def by_seat(self, pos: Pos) -> dict[int, list[str]]:
        """The ships afloat of each seat that has some (uncontrolled dead-man ships belong to none)."""
        out: dict[int, list[str]] = {}
        ship_seat = self._ship_seat
        for ship in pos.ships:
            seat = ship_seat.get(ship, -1)
            if seat == -1:
                seat = ship_seat[ship] = self.seat_of.get(faction_of(ship))
            if seat is not None:
                got = out.get(seat)
                if got is None:
                    out[seat] = [ship]
                else:
                    got.append(ship)
        return out

    # -- the value of each team ---------------------------------------------------------------
    def team_values(self, pos: Pos, mover: int, threats: bool = True) -> dict[int, float]:
        """Each team's value after ``mover`` has played (see the module notes)."""
        sides = self.sides
        teams = sides.teams
        by_seat = self.by_seat(pos)
        values: dict[int, float] = {}
        carriers = pos.carriers()
        chan = self._chan
        for seat, ships in by_seat.items():
            t = teams[seat]
            v = self.w.ship * len(ships)
            for s in ships:
                if s not in carriers:
                    idx = chan.get((s, pos.ships[s]), -1)
                    if idx == -1:
                        idx = chan[(s, pos.ships[s])] = self.channel_index(faction_of(s), pos.ships[s])
                    if idx is not None:
                        v -= self.w.idle * depth_factor(idx, 6)
            values[t] = values.get(t, 0.0) + v
        seq = self.after_mover(pos, mover, by_seat)
        occ = set(pos.ships.values())
        if pos.wrecks:
            occ |= pos.wrecks
        if threats:
            self._ship_threats(pos, by_seat, seq, occ, values)
        if ISLAND in pos.treasures.values():
            dock = self.tab.dock_turns(2, self.ctx.island)      # V11.2: the docks of the treasures' island
            best: dict[int, list[float]] = {}
            for seat, ships in by_seat.items():
                best.setdefault(teams[seat], []).extend(dock.get(pos.ships[s], TURN_CAP) for s in ships)
            for t, ds in best.items():
                ds.sort()
                values[t] -= self.w.dock * ds[0] + self.w.dock2 * (ds[1] if len(ds) > 1 else TURN_CAP)
        for carrier in carriers:                                # V11.5: each ship holding a treasure, once
            self._carrier_value(pos, carrier, by_seat, seq, occ, values, threats)
        return values

    def _carrier_value(self, pos: Pos, treasure: str, by_seat: dict[int, list[str]], seq: list[int], occ: set[Cell],
                       values: dict[int, float], threats: bool) -> None:
        """A carrier's part of ``team_values``: its worth to its team, the rivals' chance to board it, the hunt."""
        sides = self.sides
        teams = sides.teams
        cell = pos.ships[treasure]
        faction = faction_of(treasure)
        owner = self.seat_of.get(faction)
        if owner is None:
            return
        worth = self.carry_value(faction, cell, pos.wrecks, pos)
        own_team = teams[owner]
        before = set(seq[:seq.index(owner)]) if owner in seq else set(seq)
        keep = 1.0
        if threats:
            raw: list[tuple[int, float]] = []
            near = self.tab.reach2(cell)
            for seat, ships in by_seat.items():
                if teams[seat] == own_team:
                    continue
                d1 = d2 = 0
                for s in ships:
                    if pos.ships[s] not in near:
                        continue
                    a, b = hit_masks(self.tab, self.ctx, pos, occ, s, cell)
                    d1 |= a
                    d2 |= b
                if d1 or d2:
                    raw.append((seat, hit_probability(d1, d2, sides.ndice)))
            scale = None
            if raw and self.w.escape and seq and seq[0] == owner:
                # the owner moves first: what is left of the threat once the carrier has fled
                combined = 1.0 - math.prod(1.0 - p for _, p in raw)
                scale = self.escape_risk(pos, treasure, by_seat, own_team, occ) / combined
            for seat, p in raw:
                p *= scale if scale is not None else (1.0 if seat in before else self.w.late)
                gain = max(self.carry_value(f, cell, pos.wrecks) for f in sides.seat_factions[seat])
                values[teams[seat]] += p * keep * gain * self.w.gain
                keep *= 1.0 - p
        if sides.storm:
            far = max(self.tab.port_distance(faction_of(s)).get(pos.ships[s], 0) for s in by_seat[owner])
            if self.tab.port_distance(faction).get(cell, 0) >= far:
                ties = sum(1 for s in by_seat[owner]
                           if self.tab.port_distance(faction_of(s)).get(pos.ships[s], 0) == far)
                keep *= 1.0 - min(4.0, self.turns_home(faction, cell)) / 36.0 / ties
        values[own_team] = values.get(own_team, 0.0) + keep * worth
        dist = self.tab.dist_to(cell)
        lair = self.tab.ambush(self.ctx.home.get(faction, faction)) if self.ambush else frozenset()
        for seat, ships in by_seat.items():
            t = teams[seat]
            if t == own_team:
                continue
            best_d = min(min(dist.get(pos.ships[s], self.w.hunt_cap), self.w.hunt_cap) for s in ships)
            values[t] -= self.w.hunt * best_d
            if lair:
                values[t] += self.ambush * min(2, sum(1 for s in ships if pos.ships[s] in lair))

    def _ship_threats(self, pos: Pos, by_seat: dict[int, list[str]], seq: list[int], occ: set[Cell],
                      values: dict[int, float]) -> None:
        """Non-carriers an enemy may board next (only a carrier may, unless boarding is free): the
        victim's team loses the ship (its last one: the game), the boarder's team gains a little."""
        teams = self.sides.teams
        free = boarding_is_free(self.ctx, pos)          # the engine's R20, V3.5, V12.1
        carriers = pos.carriers()                       # V11.5: any of them may board a non-carrier
        if not free and not carriers:
            return
        carrier_seats = {self.seat_of.get(faction_of(c)): c for c in carriers}
        team_ships: dict[int, int] = {}
        for seat, ships in by_seat.items():
            team_ships[teams[seat]] = team_ships.get(teams[seat], 0) + len(ships)
        for vseat, victims in by_seat.items():
            vteam = teams[vseat]
            before = set(seq[:seq.index(vseat)]) if vseat in seq else set(seq)
            for v in victims:
                if v in carriers:
                    continue
                target = pos.ships[v]
                near = self.tab.reach2(target)
                if not free and all(pos.ships[c] not in near for c in carriers):
                    continue
                keep = 1.0
                for aseat, ships in by_seat.items():
                    if teams[aseat] == vteam or (not free and aseat not in carrier_seats):
                        continue
                    d1 = d2 = 0
                    for s in (ships if free else [c for c in carriers if self.seat_of.get(faction_of(c)) == aseat]):
                        if pos.ships[s] not in near:
                            continue
                        a, b = hit_masks(self.tab, self.ctx, pos, occ, s, target)
                        d1 |= a
                        d2 |= b
                    if not (d1 or d2):
                        continue
                    p = hit_probability(d1, d2, self.sides.ndice) * (1.0 if aseat in before else self.w.late)
                    values[teams[aseat]] += keep * p * self.w.sink_gain
                    keep *= 1.0 - p
                if keep < 1.0:
                    loss = self.w.last_ship if team_ships[vteam] == 1 else self.w.ship
                    values[vteam] -= (1.0 - keep) * loss

    def score(self, pos: Pos, seat: int, mover: int, threats: bool = True) -> float:
        """``seat``'s team value minus the best rival team's, after ``mover`` has played."""
        values = self.team_values(pos, mover, threats)
        me = self.sides.teams[seat]
        mine = values.get(me)
        if mine is None:
            return -WIN
        rivals = [v for t, v in values.items() if t != me]
        if not rivals:
            return WIN
        return mine - max(rivals)


# --------------------------------------------------------------------------------------------------
# Plans
# --------------------------------------------------------------------------------------------------
Step = tuple  # ("m", group, direction, die) or ("t", ship)


@dataclass
class Plan:
    steps: tuple[Step, ...]
    pos: Pos
    won: bool = False


def pos_key(pos: Pos) -> tuple:
    return frozenset(pos.ships.items()), tuple(pos.treasures.values()), pos.wrecks


def continuations(ctx: Ctx, p: Pos, factions: frozenset[str], rest: tuple[int, ...], left: int,
                  memo: dict) -> Iterable[tuple[str, Pos, tuple[int, ...], Step]]:
    """The next steps of a plan from ``p`` with the dice ``rest``, of which ``left`` must still be played (R11):
    ("won", ...) a move that ends the game (E1, E2); ("move", ...) a die move after which ``left - 1`` more dice
    can still be played; ("take", ...) a take (R14) that keeps ``left`` dice playable. Each with the position
    after it, the dice left and the step."""
    for land in iter_landings(ctx, p, factions, rest):
        new = after(ctx, p, land)
        step = ("m", land.group, land.direction, land.die)
        if wins(ctx, new, land):
            yield "won", new, rest, step
            continue
        r = list(rest)
        r.remove(land.die)
        r2 = tuple(r)
        if left > 1 and 1 + max_dice(ctx, new, factions, r2, memo) < left:
            continue                                          # R11: this move would cut the dice played
        yield "move", new, r2, step
    if ISLAND in p.treasures.values():
        for s in can_take(p, ctx.board, factions, ctx.island):
            q = take(p, s)
            if max_dice(ctx, q, factions, rest, memo) >= left:
                yield "take", q, rest, ("t", s)


def enumerate_plans(ctx: Ctx, pos: Pos, factions: frozenset[str], dice: tuple[int, ...], need: int,
                    end_take: bool = True, memo: dict | None = None, node_cap: int = PLAN_NODES) -> list[Plan]:
    """Every distinct complete plan (R11: ``need`` dice played, takes anywhere, a last take if
    ``end_take``), one per resulting position; a plan that wins ends at once. Never empty."""
    if memo is None:
        memo = {}
    found: dict[tuple, Plan] = {}
    seen: set[tuple] = set()
    board = ctx.board

    def leaf(p: Pos, steps: tuple[Step, ...], won: bool = False) -> None:
        k = ("won", steps) if won else pos_key(p)
        if k not in found:
            found[k] = Plan(steps, p, won)

    def rec(p: Pos, rest: tuple[int, ...], steps: tuple[Step, ...], left: int) -> None:
        k = (pos_key(p), rest, left)
        if k in seen or len(seen) >= node_cap:
            return
        seen.add(k)
        if left == 0:
            leaf(p, steps)
            if end_take:
                for s in can_take(p, board, factions, ctx.island):
                    leaf(take(p, s), steps + (("t", s),))
            return
        for kind, new, r2, step in continuations(ctx, p, factions, rest, left, memo):
            if kind == "won":
                leaf(new, steps + (step,), True)
            else:
                rec(new, r2, steps + (step,), left - (kind == "move"))

    rec(pos, tuple(sorted(dice)), (), need)
    if not found:  # pragma: no cover - the cap cut every branch: play nothing rather than fail
        found[pos_key(pos)] = Plan((), pos)
    return list(found.values())


def beam_plans(ctx: Ctx, pos: Pos, factions: frozenset[str], dice: tuple[int, ...], need: int, quick: Any,
               width: int = BEAM_WIDTH, end_take: bool = True, memo: dict | None = None) -> list[Plan]:
    """Complete plans (R11: ``need`` dice played, takes anywhere, a last take if ``end_take``) found by a beam: at
    each step every legal continuation of the kept partial plans is tried, and only the ``width`` best by
    ``quick(pos)`` (higher is better) go on. With four dice (V11.4) and three ships there are tens of thousands
    of plans; the beam looks at a few hundred. Every plan found is legal and uses ``need`` dice; a plan that
    wins ends at once. Never empty."""
    if memo is None:
        memo = {}
    board = ctx.board
    found: dict[tuple, Plan] = {}

    def leaf(p: Pos, steps: tuple[Step, ...], won: bool = False) -> None:
        k = ("won", steps) if won else pos_key(p)
        if k not in found:
            found[k] = Plan(steps, p, won)
            if end_take and not won:
                for s in can_take(p, board, factions, ctx.island):
                    q = take(p, s)
                    found.setdefault(pos_key(q), Plan(steps + (("t", s),), q))
    layer = [(pos, tuple(sorted(dice)), (), need)]
    if need == 0:
        leaf(pos, ())
    while layer:
        children: dict[tuple, tuple[Pos, tuple[int, ...], tuple[Step, ...], int]] = {}
        for p, rest, steps, left in layer:
            for kind, new, r2, step in continuations(ctx, p, factions, rest, left, memo):
                now = left - (kind == "move")
                if kind == "won" or now == 0:
                    leaf(new, steps + (step,), kind == "won")
                else:
                    children.setdefault((pos_key(new), r2), (new, r2, steps + (step,), now))
        ranked = sorted(children.values(), key=lambda c: -quick(c[0]))
        layer = ranked[:width]
    if not found:  # pragma: no cover - the dice obligation always leaves a plan
        found[pos_key(pos)] = Plan((), pos)
    return list(found.values())


def random_plan(ctx: Ctx, pos: Pos, factions: frozenset[str], dice: tuple[int, ...], need: int, rng: Any,
                end_take: bool = True, memo: dict | None = None) -> Plan:
    """One complete plan (R11), each step a random legal continuation that still lets ``need`` dice be played
    (a take as likely as a move), the last take at random too."""
    if memo is None:
        memo = {}
    board = ctx.board
    p, rest, steps, left = pos, tuple(sorted(dice)), (), need
    while left > 0:
        options = list(continuations(ctx, p, factions, rest, left, memo))
        won = next((o for o in options if o[0] == "won"), None)
        if won is not None:
            return Plan(steps + (won[3],), won[1], True)
        if not options:  # pragma: no cover - the dice obligation always leaves a move
            break
        kind, p, rest, step = options[rng.below(len(options))]
        steps += (step,)
        left -= kind == "move"
    if end_take:
        takes = can_take(p, board, factions, ctx.island)
        if takes and rng.below(2):
            s = takes[rng.below(len(takes))]
            return Plan(steps + (("t", s),), take(p, s))
    return Plan(steps, p)


def step_action(seat: int, step: Step) -> Action:
    if step[0] == "t":
        return Take(seat, step[1])
    return Move(seat, step[1], step[2], step[3])


# --------------------------------------------------------------------------------------------------
# The bots' shared machinery
# --------------------------------------------------------------------------------------------------
def view_key(view: PirateerState) -> tuple:
    return (view.turn, view.current, view.phase, view.stage, pos_key(view.pos), view.unused(), view.need)


# The rest of the last plan per (level, seat): the app asks a new bot object for every action, so a plan
# outlives its bot. A plan step is played only when the view is exactly the one it was planned for.
_PLANS: dict[tuple[str, int], list[tuple[tuple, Action]]] = {}


class PirateerBot(Bot):
    """Common flow: phases, the plan cache; subclasses pick plans and phase choices."""

    def beam_for(self, view: PirateerState) -> tuple[int, int]:
        """(beam width, plans scored in full) for its own turn with four dice (V11.4)."""
        return BEAM_WIDTH, FULL_SCORES

    def __init__(self, seat: int, seed: int = 0, weights: Weights = DEFAULT):
        super().__init__(seat, seed)
        self.weights = weights
        self._steps: list[tuple[tuple, Action]] = []
        self._ev: tuple[tuple, Evaluator] | None = None

    def evaluator(self, view: PirateerState) -> Evaluator:
        ctx = view.ctx()
        sides = Sides.of(view)
        key = (id(ctx), tuple(sides.seat_factions), tuple(sides.teams), tuple(sides.order))
        if self._ev is None or self._ev[0] != key or self._ev[1].ctx is not ctx:
            self._ev = (key, Evaluator(ctx, sides, self.weights))
        return self._ev[1]

    def choose(self, view: State) -> Action:
        assert isinstance(view, PirateerState)
        legal = view.legal_actions(self.seat)
        if not legal:
            raise ValueError("Pirateer bot asked to act with no legal action")
        if not self._steps:
            self._steps = _PLANS.get((self.level, self.seat), [])   # a plan of an earlier bot object
        _PLANS.pop((self.level, self.seat), None)
        if self._steps:
            key, action = self._steps[0]
            if key == view_key(view) and action in legal:
                self._steps = self._steps[1:]
                if self._steps:
                    _PLANS[(self.level, self.seat)] = self._steps
                return action
            self._steps = []
        if view.phase == CHOOSE:
            action = self.faction_choice(view, legal)        # S1, before the fleets sail
            return action if action in legal else legal[0]
        if view.phase == START:
            self.evaluator(view).warm()   # the tables, before the first move decision needs them
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase in (MOVE, END):
            plan = self.pick_plan(view, legal)
            return self._start(view, plan, legal)
        if phase == START:
            action = self.start_choice(view, legal)
        elif phase == BONUS:
            action = self.bonus_choice(view, legal)
        elif phase == STORM:
            action = self.storm_choice(view, legal)
        elif phase == WIND:
            action = self.wind_choice(view, legal)
        else:
            action = legal[0]
        return action if action in legal else legal[0]

    # -- plans --------------------------------------------------------------------------------
    def plans(self, view: PirateerState) -> list[Plan]:
        mine = view.factions_of(self.seat)
        ctx = view.ctx()
        if view.phase == END:
            out = [Plan((), view.pos)]
            for s in can_take(view.pos, view.board, mine, ctx.island):
                out.append(Plan((("t", s),), take(view.pos, s)))
            return out
        if view.dice_count() >= BEAM_DICE:                     # V11.4: four dice, too many plans to list them all
            return self.many_plans(view)
        return enumerate_plans(ctx, view.pos, mine, view.unused(), view.need, view.end_phase_follows())

    def many_plans(self, view: PirateerState) -> list[Plan]:
        """The plans weighed when a roll has four dice (V11.4): the best of a beam by the quick evaluation."""
        ev = self.evaluator(view)
        return beam_plans(ev.ctx, view.pos, view.factions_of(self.seat), view.unused(), view.need,
                          lambda p: ev.score(p, self.seat, self.seat, threats=False), self.beam_for(view)[0],
                          view.end_phase_follows())

    def _start(self, view: PirateerState, plan: Plan, legal: list[Action]) -> Action:
        """Play the plan's first action and cache the rest with the view each expects."""
        ctx = view.ctx()
        mine = view.factions_of(self.seat)
        pos, rest, need, phase = view.pos, list(view.unused()), view.need, view.phase
        keyed: list[tuple[tuple, Action]] = []
        end_ok = view.end_phase_follows()
        ended = False
        for step in plan.steps:
            k = (view.turn, view.current, phase, view.stage, pos_key(pos),
                 tuple(sorted(rest)) if phase == MOVE else (), need)
            keyed.append((k, step_action(self.seat, step)))
            if step[0] == "t":
                pos = take(pos, step[1])
                if phase == END:
                    ended = True
                    break
                continue
            land = next(land for land in iter_landings(ctx, pos, mine, (step[3],))
                        if land.group == step[1] and land.direction == step[2])
            pos = after(ctx, pos, land)
            rest.remove(step[3])
            need -= 1
            if need == 0:
                if not end_ok or not can_take(pos, view.board, mine, ctx.island):
                    ended = True
                    break
                phase, rest = END, []
        if not ended and not plan.won and phase == END:
            k = (view.turn, view.current, END, view.stage, pos_key(pos), (), 0)
            keyed.append((k, EndTurn(self.seat)))
        if not keyed:
            return EndTurn(self.seat) if EndTurn(self.seat) in legal else legal[0]
        first = keyed[0][1]
        if first not in legal:  # pragma: no cover - the enumerator follows the engine's rules
            return legal[0]
        self._steps = keyed[1:]
        if self._steps:
            _PLANS[(self.level, self.seat)] = self._steps
        return first

    # -- to override --------------------------------------------------------------------------
    def pick_plan(self, view: PirateerState, legal: list[Action]) -> Plan:
        raise NotImplementedError

    def start_choice(self, view: PirateerState, legal: list[Action]) -> Action:
        return Roll(self.seat)

    def faction_choice(self, view: PirateerState, legal: list[Action]) -> Action:
        """S1: any fleet still free."""
        return self.rng.choice(legal)

    def bonus_choice(self, view: PirateerState, legal: list[Action]) -> Action:
        return self.rng.choice(legal)

    def storm_choice(self, view: PirateerState, legal: list[Action]) -> Action:
        return self.rng.choice(legal)

    def wind_choice(self, view: PirateerState, legal: list[Action]) -> Action:
        return self.rng.choice(legal)


# --------------------------------------------------------------------------------------------------
# Easy
# --------------------------------------------------------------------------------------------------
class EasyBot(PirateerBot):
    """A random plan, twice as likely when it brings the goal nearer; always takes the treasure."""

    level = "easy"

    def choose(self, view: State) -> Action:
        assert isinstance(view, PirateerState)
        takes = [a for a in view.legal_actions(self.seat) if isinstance(a, Take)]
        if takes:
            self._steps = []
            _PLANS.pop((self.level, self.seat), None)
            return takes[0]
        return super().choose(view)

    def goal_distance(self, ev: Evaluator, pos: Pos) -> float:
        mine = [s for s in pos.ships if ev.seat_of.get(faction_of(s)) == self.seat]
        if not mine:
            return 0.0
        carriers = pos.carriers()
        own = [c for c in carriers if c in mine]
        if own:
            return min(ev.turns_home(faction_of(c), pos.ships[c]) for c in own)
        if ISLAND in pos.treasures.values():
            dock = ev.tab.dock_turns(2, ev.ctx.island)          # V11.2: the treasures' island
            return min(dock.get(pos.ships[s], TURN_CAP) for s in mine)
        if carriers:
            return min(ev.tab.dist_to(pos.ships[c]).get(pos.ships[s], 6) for c in carriers for s in mine)
        return 0.0

    def pick_plan(self, view: PirateerState, legal: list[Action]) -> Plan:
        plans = self.plans(view)
        for p in plans:
            if p.won:
                return p
        with_take = [p for p in plans if any(s[0] == "t" for s in p.steps)]
        if with_take:
            plans = with_take
        ev = self.evaluator(view)
        now = self.goal_distance(ev, view.pos)
        weights = [2 if self.goal_distance(ev, p.pos) < now - 1e-9 else 1 for p in plans]
        r = self.rng.below(sum(weights))
        for p, w in zip(plans, weights):
            if r < w:
                return p
            r -= w
        return plans[-1]  # pragma: no cover

    def many_plans(self, view: PirateerState) -> list[Plan]:
        """Four dice (V11.4): a handful of random plans (the easy bot weighs them as it weighs all plans)."""
        ctx, mine, memo = view.ctx(), view.factions_of(self.seat), {}
        out: dict[tuple, Plan] = {}
        for _ in range(RANDOM_PLANS):
            plan = random_plan(ctx, view.pos, mine, view.unused(), view.need, self.rng, view.end_phase_follows(), memo)
            out.setdefault(("won",) if plan.won else pos_key(plan.pos), plan)
        return list(out.values())

    def bonus_choice(self, view: PirateerState, legal: list[Action]) -> Action:
        bonus = [a for a in legal if isinstance(a, Bonus)]
        return self.rng.choice(bonus) if bonus else legal[0]


# --------------------------------------------------------------------------------------------------
# Medium
# --------------------------------------------------------------------------------------------------
class MediumBot(PirateerBot):
    """The best plan by the evaluation (spec section 10: medium)."""

    level = "medium"

    def best_plans(self, view: PirateerState, plans: list[Plan] | None = None) -> list[tuple[float, Plan]]:
        """The plans scored after this seat's turn, best first (a winning plan scores WIN)."""
        if plans is None:
            plans = self.plans(view)
        ev = self.evaluator(view)
        full = self.beam_for(view)[1]
        if view.dice_count() >= BEAM_DICE and len(plans) > full:
            # V11.4: many plans: the quick evaluation (no threats) picks those scored in full
            quick = sorted(range(len(plans)), key=lambda i: (-(2 * WIN if plans[i].won else
                                                               ev.score(plans[i].pos, self.seat, self.seat, False)), i))
            plans = [plans[i] for i in sorted(quick[:full])]
        scored = []
        for i, p in enumerate(plans):
            s = 2 * WIN if p.won else ev.score(p.pos, self.seat, self.seat)
            scored.append((s, -i, p))
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return [(s, p) for s, _, p in scored]

    def pick_plan(self, view: PirateerState, legal: list[Action]) -> Plan:
        return self.best_plans(view)[0][1]

    def faction_choice(self, view: PirateerState, legal: list[Action]) -> Action:
        """S1: the free corner farthest from the fleets already taken (the opposite corner counts twice as
        far as a neighbouring one): two players end up in opposite corners, the app's default matchup,
        with their harbours out of each other's way. Ties go to the first corner clockwise."""
        taken = [f for fs in view.seat_factions for f in fs]
        board = view.board

        def far(a: Action) -> float:
            f = a.faction  # type: ignore[attr-defined]
            if f not in ALLY:       # V11.1: a harbour of the two-board map: the farthest anchors from those taken
                x, y = board.harbour(f).anchor
                return sum(math.hypot(x - ax, y - ay) for ax, ay in (board.harbour(t).anchor for t in taken))
            return sum(2 if ALLY[t] == f else 1 for t in taken)
        choices = [a for a in legal if isinstance(a, ChooseFaction)]
        return max(choices, key=far) if choices else legal[0]

    def start_choice(self, view: PirateerState, legal: list[Action]) -> Action:
        ev = self.evaluator(view)
        arm = [a for a in legal if isinstance(a, Arm)]
        if arm:
            best, value = nuke_choice(ev, view.pos, self.seat, arm)
            if best is not None and value > ev.score(view.pos, self.seat, self.seat) + ROLL_VALUE + ARM_MARGIN:
                return best
        takes = [a for a in legal if isinstance(a, Take)]
        if takes:
            early = pre_roll_take(ev, view, self.seat, takes)
            if early is not None:
                return early
        return Roll(self.seat)

    def bonus_choice(self, view: PirateerState, legal: list[Action]) -> Action:
        ev = self.evaluator(view)
        takes = [a for a in legal if isinstance(a, Take)]
        now = ev.score(view.pos, self.seat, self.seat)
        for t in takes:
            q = take(view.pos, t.ship)  # type: ignore[attr-defined]
            if ev.score(q, self.seat, self.seat) > now:
                return t
        mine = view.factions_of(self.seat)
        best, best_value = None, -math.inf
        for dice, _ in ROLLS[2]:
            need = max_dice(ev.ctx, view.pos, mine, dice)
            plans = enumerate_plans(ev.ctx, view.pos, mine, dice, need, end_take=False)
            value = max(2 * WIN if p.won else ev.score(p.pos, self.seat, self.seat) for p in plans)
            if value > best_value:
                best, best_value = Bonus(self.seat, dice[0], dice[1]), value
        if best is not None and best_value >= now - ROLL_VALUE:
            return best
        return EndTurn(self.seat)

    def storm_choice(self, view: PirateerState, legal: list[Action]) -> Action:
        ev = self.evaluator(view)

        def value(a: Action) -> float:
            q = sink(view.pos, a.ship, ev.ctx.wrecks)  # type: ignore[attr-defined]   # the engine's V2.4
            return ev.score(q, self.seat, self.seat)
        return max(legal, key=value)

    def wind_choice(self, view: PirateerState, legal: list[Action]) -> Action:
        ev = self.evaluator(view)

        def value(a: Action) -> float:
            q = view.pos.copy()
            q.treasures = {t: a.ship for t in q.treasures}  # type: ignore[attr-defined]   # the engine's V10.2
            return ev.score(q, self.seat, self.seat)
        return max(legal, key=value)


def pre_roll_take(ev: Evaluator, view: PirateerState, seat: int, takes: list[Action]) -> Action | None:
    """Take before rolling only if a take after the roll might be refused (R11 counts the dice) on
    some roll and holding the treasure now is worth more than not."""
    mine = view.factions_of(seat)
    now = ev.score(view.pos, seat, seat)
    best, best_value = None, now
    for t in takes:
        q = take(view.pos, t.ship)  # type: ignore[attr-defined]
        risky = 0.0
        for dice, w in ROLLS[ev.sides.ndice]:
            if max_dice(ev.ctx, q, mine, dice) < max_dice(ev.ctx, view.pos, mine, dice):
                risky += w
        if risky <= 0.0:
            continue
        v = ev.score(q, seat, seat)
        if v > best_value:
            best, best_value = t, v
    return best


def radius_probabilities(ndice: int) -> list[float]:
    """V3.2: the chance of each blast radius 1..6 (the lowest of ``ndice`` dice), over the engine's outcomes."""
    by_r = [Fraction(0)] * 7
    for values, p in dice_outcomes(ndice):
        by_r[min(values)] += p
    return [float(p) for p in by_r[1:]]


def nuke_choice(ev: Evaluator, pos: Pos, seat: int, arms: list[Action]) -> tuple[Action | None, float]:
    """The best ship to arm and its expected score over the blast radius (the lowest die)."""
    probs = radius_probabilities(ev.sides.ndice)
    best, best_value = None, -math.inf
    for a in arms:
        v = 0.0
        for r, p in zip(range(1, 7), probs):
            q = blast(ev.board, pos, a.ship, r, ev.ctx.island)  # type: ignore[attr-defined]   # the engine's V3.3
            v += p * ev.score(q, seat, seat)
        if v > best_value:
            best, best_value = a, v
    return best, best_value


# --------------------------------------------------------------------------------------------------
# Hard
# --------------------------------------------------------------------------------------------------
class HardBot(MediumBot):
    """Expectimax one reply deep: the medium's best ``top_k`` plans, each answered, for every roll of
    the next seat (most likely rolls first), by that seat's best plan under the medium evaluation; the
    plan with the best expected winning chance after the reply (``leaf_weights``) wins. Budget:
    ``playouts`` rolls per candidate (repeatable) or ``seconds``."""

    level = "hard"
    SAFETY = 0.9

    def wide(self, view: PirateerState) -> bool:
        """Seven or eight seats with four dice (V11.4): no reply is modelled, the own turn is searched wide."""
        return view.dice_count() >= BEAM_DICE and len(view.seat_factions) >= WIDE_SEATS

    def beam_for(self, view: PirateerState) -> tuple[int, int]:
        return (WIDE_BEAM, WIDE_FULL_SCORES) if self.wide(view) else super().beam_for(view)

    def evaluator(self, view: PirateerState) -> Evaluator:
        """The medium's evaluation; at seven or eight seats (``wide``) the same with ``WIDE_WEIGHTS``."""
        ev = super().evaluator(view)
        if not self.wide(view):
            return ev
        if self._wide_ev is None or self._wide_ev[0] is not ev:
            self._wide_ev = (ev, Evaluator(ev.ctx, ev.sides, WIDE_WEIGHTS))
        return self._wide_ev[1]

    def __init__(self, seat: int, seed: int = 0, playouts: int | None = None, seconds: float | None = None,
                 top_k: int = HARD_TOP_K, weights: Weights = DEFAULT, leaf_weights: Weights | None = None):
        super().__init__(seat, seed, weights)
        self.leaf_weights = HARD if leaf_weights is None else leaf_weights
        self._leaf: tuple[Evaluator, Evaluator] | None = None
        self._wide_ev: tuple[Evaluator, Evaluator] | None = None
        if playouts is None and seconds is None:
            seconds = 1.0 * self.SAFETY
        self.playouts = playouts
        self.seconds = seconds
        self.top_k = top_k
        self.last_rolls = 0
        self.last_seconds = 0.0

    def set_time_budget(self, seconds: float | None) -> None:
        if seconds is None and self.playouts is None:
            return
        self.seconds = None if seconds is None else seconds * self.SAFETY

    def pick_plan(self, view: PirateerState, legal: list[Action]) -> Plan:
        start = self.timer()
        self.last_rolls, self.last_seconds = 0, 0.0
        scored = self.best_plans(view)
        if scored[0][1].won or len(scored) == 1 or view.phase == END or self.wide(view):
            return scored[0][1]
        top_k = self.top_k if view.dice_count() < BEAM_DICE else min(self.top_k, HARD_TOP_K_BEAM)
        cands = [p for _, p in scored[:top_k]]
        ev = self.evaluator(view)
        if self._leaf is None or self._leaf[0] is not ev:
            self._leaf = (ev, Evaluator(ev.ctx, ev.sides, self.leaf_weights))
        leaf = self._leaf[1]
        totals = [0.0] * len(cands)
        done = 0
        per_reply = 0.0   # the slowest reply so far: a roll is started only if it should end in time
        for dice, w in ROLLS[ev.sides.ndice]:
            if self.playouts is not None and done >= self.playouts:
                break
            row = []
            for plan in cands:
                if self.seconds is not None and self.timer() - start + per_reply > self.seconds:
                    break
                t0 = self.timer()
                row.append(w * self.reply_value(ev, leaf, plan.pos, dice))
                per_reply = max(per_reply, self.timer() - t0)
            if len(row) < len(cands):
                break                       # out of time: this roll is dropped (every candidate sees the same rolls)
            for j, v in enumerate(row):
                totals[j] += v
            done += 1
        self.last_rolls = done
        self.last_seconds = self.timer() - start
        if not done:
            return cands[0]
        best = max(range(len(cands)), key=lambda j: (totals[j], -j))
        return cands[best]

    def reply_seat(self, ev: Evaluator, pos: Pos) -> int:
        """The seat whose answer the lookahead models: the next seat; with the fantastic eight (V11.4: four dice,
        two boards, up to seven rivals) the first seat after this one, in turn order, with a ship within two moves
        of one of this seat's ships or of a carrier (the next seat is often a whole board away, and its answer
        then says nothing); the next seat when none is that near."""
        seq = ev.after_mover(pos, self.seat)
        if ev.sides.ndice < BEAM_DICE or len(seq) < 2:
            return seq[0]
        seat_of = ev.seat_of
        targets = {cell for ship, cell in pos.ships.items() if seat_of.get(faction_of(ship)) == self.seat}
        targets.update(pos.ships[c] for c in pos.carriers())
        near: set[Cell] = set()
        for cell in targets:
            near |= ev.tab.reach2(cell)
        by_seat = ev.by_seat(pos)
        for seat in seq:
            if seat == self.seat:
                break
            if any(pos.ships[s] in near for s in by_seat.get(seat, ())):
                return seat
        return seq[0]

    def reply_value(self, ev: Evaluator, leaf: Evaluator, pos: Pos, dice: tuple[int, ...]) -> float:
        """This seat's winning chance (``win_chance`` of the ``leaf`` score) after the seat that answers
        (``reply_seat``) plays its best plan for ``dice`` from ``pos`` (its choice modelled by ``ev``, the medium's
        evaluation)."""
        nxt = self.reply_seat(ev, pos)
        if nxt == self.seat:
            return win_chance(leaf.score(pos, self.seat, self.seat))
        factions = ev.sides.seat_factions[nxt]
        memo: dict = {}
        need = max_dice(ev.ctx, pos, factions, dice, memo)
        if need == 0:
            return win_chance(leaf.score(pos, self.seat, nxt))
        quick = ev.sides.ndice >= BEAM_DICE
        if quick:            # V11.4: the reply is the best plan of a narrow beam, by the evaluation without threats
            plans = beam_plans(ev.ctx, pos, factions, dice, need, lambda p: ev.score(p, nxt, nxt, threats=False),
                               REPLY_WIDTH, memo=memo)
        else:
            plans = enumerate_plans(ev.ctx, pos, factions, dice, need, memo=memo)
        best, best_value = None, -math.inf
        for p in plans:
            if p.won:
                best = p
                break
            v = ev.score(p.pos, nxt, nxt, threats=not quick)
            if v > best_value:
                best, best_value = p, v
        assert best is not None
        if best.won:
            return 1.0 if ev.sides.teams[nxt] == ev.sides.teams[self.seat] else 0.0
        return win_chance(leaf.score(best.pos, self.seat, nxt))


#: ``random`` / ``easy`` / ``medium`` / ``hard``; ``playouts`` fixes hard's budget (rolls of the next seat per
#: candidate plan, repeatable); without it hard thinks for about 1 s (``set_time_budget``)
make_bot = bot_levels(EasyBot, MediumBot, HardBot)


__all__ = ["EasyBot", "MediumBot", "HardBot", "Evaluator", "Plan", "Sides", "Tables", "enumerate_plans",
           "hit_masks", "hit_probability", "make_bot", "tables"]
