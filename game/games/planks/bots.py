"""Pirates, Planks & Pesetas bots (spec section 10): easy, medium and hard.

Every bot sees only ``view(seat)``: the bag as what is left in it (a multiset; its order is not in a view, the
view's generator is a blank one and no bot reads it), and the feel-draw offer only when it is the drawer (V3: the
drawer may look at the two offered kinds).

- easy: random legal moves with a slight preference for chest planks where the pirate suits the chest.
- medium: a one-turn greedy search (a beam over the move sequences of its own turn, at most 5 MP) on a static
  evaluation: the treasures banked, the chests each seat would win if the round ended now (weighted by how near
  the round's end is, from the clips), the chests of the next round (chest planks +2), MP left, castaways; a
  sequence that ends the round is scored exactly (expected draws), so it triggers scoring when ahead and not
  while behind.
- hard: the medium beam proposes its best few turn plans; each is played on to the end of the round many times,
  every seat planning its turns greedily (blurred by noise after the first sample), and scored with the
  expected draws; the best mean wins.

The only chance is the bag, drawn at scoring: instead of sampling an order, a chest won is valued by expectation
over the bag's counts (the chance a drawn tile is a kind the winner already owns: removed with 2 players, given
to the player with fewest with 3-4, R42, R43), so the search is an expectimax whose chance nodes are closed
form. Decisions are deterministic from the bot's seed.

The search runs on ``Sim``, a small copy of a round's play (R10-R33) on integers, built from the view.
"""
from __future__ import annotations

from typing import Sequence

from game.core.bots import Bot, BudgetBot, bot_levels
from game.core.protocol import Action, State
from game.core.rng import Rng
from game.games.planks.rules import (AWAY_FROM_LADDER, BIG, CHEST_SHIFT, CHESTS, COLOURS, GIVE, KEEP, LENGTH,
                                     MAX_PER_TURN, PLANK_CAPACITY, PLANKS, PLAY, RESCUE_COST, STERN_PLANKS,
                                     EndTurn, GiveTreasure, KeepTreasure, Move, PlanksState, Rescue, kind_of,
                                     line_length, path_of, pirate_id, size_of)

END_CHANCE = 0.3          # after the first MP, how often the easy bot stops early


def landing(view: PlanksState, a: Action) -> int:
    """The plank a move or a rescue ends on."""
    if isinstance(a, Move):
        return path_of(view.plank_of(a.pirate), a.direction, a.steps)[-1]
    assert isinstance(a, Rescue)
    return ([a.plank] + path_of(a.plank, AWAY_FROM_LADDER[a.plank], a.steps))[-1]


def suits(view: PlanksState, a: Action) -> float:
    """A move's weight: 3 onto a chest plank the pirate's size suits (big pirates at big chests, small at
    small), 1.5 onto another chest plank, 1 elsewhere."""
    chest = view.chest_on(landing(view, a))
    if chest is None:
        return 1.0
    size = size_of(a.pirate)  # type: ignore[attr-defined]
    fits = size >= 4 if chest in BIG else size <= 2
    return 3.0 if fits else 1.5


def keep_choice(view: PlanksState, seat: int, acts: Sequence[Action]) -> Action:
    """V3: keep a kind not owned yet; else (and among new kinds) the longer tile (R48's line)."""
    mine = {kind_of(t) for t in view.treasures[seat]}
    keeps = [a for a in acts if isinstance(a, KeepTreasure)]
    if not keeps:
        return acts[0]
    return max(keeps, key=lambda a: (kind_of(a.tile) not in mine, LENGTH[kind_of(a.tile)], a.tile))


def give_choice(view: PlanksState, acts: Sequence[Action]) -> Action:
    """Section 10: a duplicate goes to the least threatening of the tied players (the shortest line, R48)."""
    gifts = [a for a in acts if isinstance(a, GiveTreasure)]
    if not gifts:
        return acts[0]
    return min(gifts, key=lambda a: (len(view.treasures[a.to]), line_length(view.treasures[a.to]), a.to))


class EasyBot(Bot):
    level = "easy"

    def choose(self, view: State) -> Action:
        assert isinstance(view, PlanksState)
        acts = view.legal_actions(self.seat)
        if not acts:
            raise ValueError("the easy bot was asked to act with no legal action")
        if view.phase == KEEP:                          # V3: prefer a kind it does not own yet
            mine = {kind_of(t) for t in view.treasures[self.seat]}
            fresh = [a for a in acts if isinstance(a, KeepTreasure) and kind_of(a.tile) not in mine]
            return self.rng.choice(fresh or acts)
        if view.phase == GIVE:                          # section 10: to the least threatening player
            gifts = [a for a in acts if isinstance(a, GiveTreasure)]
            return min(gifts, key=lambda a: (len(view.treasures[a.to]), a.to))
        if view.phase != PLAY:
            return self.rng.choice(acts)
        moves = [a for a in acts if isinstance(a, (Move, Rescue))]
        end = [a for a in acts if isinstance(a, EndTurn)]
        if end and (not moves or self.rng.random() < END_CHANCE):
            return end[0]
        weights = [suits(view, a) for a in moves]
        pick = self.rng.random() * sum(weights)
        for a, w in zip(moves, weights):
            pick -= w
            if pick <= 0:
                return a
        return moves[-1]


# --------------------------------------------------------------------------------------------------
# Sim: a round's play on integers (pirate = colour index * 5 + size - 1)
# --------------------------------------------------------------------------------------------------
END = (0, -1, 0, 0)                 # a sim move: (kind, pirate, direction or stern plank, steps); kind 0 = end turn
JUMP, RESCUE = 1, 2
IS_BIG = tuple(c in BIG for c in CHESTS)


def _pid(p: int) -> str:
    return pirate_id(COLOURS[p // 5], p % 5 + 1)


def _pnum(pirate: str) -> int:
    return COLOURS.index(pirate.split("-")[1]) * 5 + size_of(pirate) - 1


def judge(big: bool, line: list[int]) -> int:
    """The chest judged as the scoring rules say, on integers: the winning pirate (-1: nobody)."""
    n = len(line)
    if n == 0:
        return -1
    if n == 1:
        return line[0]
    sizes = [p % 5 for p in line]
    left = [p for p, z in zip(line, sizes) if sizes.count(z) == 1]
    if not left:
        return -1
    best = left[0]
    for p in left[1:]:
        if (p % 5 > best % 5) if big else (p % 5 < best % 5):
            best = p
    return best


class Sim:
    """The play phase of one round, as the rules play it: planks, island, clips, the turn; ``ended`` once scored."""

    __slots__ = ("players", "two", "owner", "mine", "planks", "pos", "budgets", "counters", "exhausted",
                 "chests", "current", "allowance", "spent", "tired", "moved", "ended", "scorer")

    @classmethod
    def of(cls, v: PlanksState) -> "Sim":
        s = cls()
        s.players, s.two = v.players, v.players == 2
        s.owner = [-1] * 20
        s.mine = [[] for _ in range(v.players)]
        for seat in range(v.players):
            for c in v.colours[seat]:
                for z in range(5):
                    p = COLOURS.index(c) * 5 + z
                    s.owner[p] = seat
                    s.mine[seat].append(p)
        s.planks = [[_pnum(p) for p in line] for line in v.planks]
        s.pos = [-2] * 20
        for i, line in enumerate(s.planks):
            for p in line:
                s.pos[p] = i
        for p in v.island:
            s.pos[_pnum(p)] = -1
        s.budgets = list(v.budgets)
        s.counters = list(v.counters)
        s.exhausted = list(v.exhausted)
        s.chests = list(v.chests)
        s.current, s.allowance, s.spent, s.tired = v.current, v.allowance, v.spent, v.tired
        s.moved = 0
        for p in v.moved:
            s.moved |= 1 << _pnum(p)
        s.ended, s.scorer = False, -1
        return s

    def copy(self) -> "Sim":
        s = Sim.__new__(Sim)
        s.players, s.two, s.owner, s.mine = self.players, self.two, self.owner, self.mine
        s.planks = [line[:] for line in self.planks]
        s.pos = self.pos[:]
        s.budgets = self.budgets[:]
        s.counters = self.counters[:]
        s.exhausted = self.exhausted[:]
        s.chests = self.chests
        s.current, s.allowance, s.spent, s.tired = self.current, self.allowance, self.spent, self.tired
        s.moved, s.ended, s.scorer = self.moved, self.ended, self.scorer
        return s

    def key(self) -> tuple:
        return (tuple(tuple(line) for line in self.planks), tuple(self.budgets), self.current, self.spent,
                self.moved, self.ended)

    def moves(self) -> list[tuple[int, int, int, int]]:
        """R16, R17, R23, R24: the current seat's jumps and rescues (and End turn after 1 MP, R14)."""
        left = self.allowance - self.spent
        out: list[tuple[int, int, int, int]] = []
        if left >= 1:
            for p in self.mine[self.current]:
                if self.moved >> p & 1:
                    continue
                where = self.pos[p]
                if where >= 0:
                    for k in range(1, left + 1):
                        out.append((JUMP, p, 1, k))
                        out.append((JUMP, p, -1, k))
                elif where == -1 and left >= RESCUE_COST:
                    for stern in STERN_PLANKS:
                        for k in range(left - RESCUE_COST + 1):
                            out.append((RESCUE, p, stern, k))
        if self.spent >= 1:
            out.append(END)
        return out

    def target(self, m: tuple[int, int, int, int]) -> int:
        kind, p, d, k = m
        if kind == JUMP:
            return (self.pos[p] + d * k) % PLANKS
        return (d + AWAY_FROM_LADDER[d] * k) % PLANKS

    def apply(self, m: tuple[int, int, int, int]) -> None:
        kind, p, d, k = m
        seat = self.current
        if kind == 0:
            self.end_turn()
            return
        if kind == JUMP:
            to = (self.pos[p] + d * k) % PLANKS
            self.planks[self.pos[p]].remove(p)
            cost = k
        else:
            to = (d + AWAY_FROM_LADDER[d] * k) % PLANKS
            cost = RESCUE_COST + k
        self.moved |= 1 << p
        self.spent += cost
        if not self.tired:
            self.budgets[seat] -= cost
        line = self.planks[to]
        line.append(p)                                              # R20: at the back
        self.pos[p] = to
        if len(line) > PLANK_CAPACITY:                              # R21: the front one falls
            self.pos[line.pop(0)] = -1
        if not self.tired and self.budgets[seat] == 0:
            self.exhausted.append(seat)
            if not self.two and len(self.exhausted) >= 2:           # R30
                self.ended, self.scorer = True, seat
                return
        if self.allowance - self.spent <= 0 or (not self.tired and self.budgets[seat] == 0):
            self.end_turn()

    def end_turn(self) -> None:
        seat = self.current
        if self.two:
            self.counters[seat] = max(0, self.counters[seat] - 1)  # R11
            if all(b == 0 for b in self.budgets) or all(c == 0 for c in self.counters):
                self.ended, self.scorer = True, seat                # R31, R33
                return
        self.begin_turn((seat + 1) % self.players)

    def begin_turn(self, seat: int) -> None:
        for _ in range(2 * self.players + 2):
            self.current, self.spent, self.moved = seat, 0, 0
            self.tired = self.budgets[seat] == 0
            self.allowance = 1 if self.tired else min(MAX_PER_TURN, self.budgets[seat])
            if any(self.pos[p] >= 0 or (self.pos[p] == -1 and self.allowance >= RESCUE_COST)
                   for p in self.mine[seat]):
                return
            if not self.tired:                                      # R27, A8
                self.budgets[seat] = 0
                self.exhausted.append(seat)
            if self.two:
                self.counters[seat] = max(0, self.counters[seat] - 1)
                if all(b == 0 for b in self.budgets) or all(c == 0 for c in self.counters):
                    self.ended, self.scorer = True, seat
                    return
            elif len(self.exhausted) >= 2:
                self.ended, self.scorer = True, seat
                return
            seat = (seat + 1) % self.players
        self.ended, self.scorer = True, seat

    def winners(self, shift: int = 0) -> list[int]:
        """The owner of each chest's winner (-1: nobody) on the chest planks, moved ``shift`` planks (R44)."""
        out = []
        for i, plank in enumerate(self.chests):
            w = judge(IS_BIG[i], self.planks[(plank + shift) % PLANKS])
            out.append(self.owner[w] if w >= 0 else -1)
        return out


def to_action(seat: int, m: tuple[int, int, int, int]) -> Action:
    kind, p, d, k = m
    if kind == 0:
        return EndTurn(seat)
    if kind == JUMP:
        return Move(seat, _pid(p), d, k)
    return Rescue(seat, _pid(p), d, k, AWAY_FROM_LADDER[d])


# --------------------------------------------------------------------------------------------------
# Evaluation
# --------------------------------------------------------------------------------------------------
V_MP = 0.025          # (2) tempo: each MP left in the round
V_ISLAND = 0.12       # (3) a castaway costs 2+ MP to bring back
V_NEXT = 0.22         # (4) a chest won on the plank where it will stand next round
V_EXPOSED = 0.08      # (5) the front pirate of a full plank falls first: its chest is at risk
V_FRESH = 0.25        # a chest held at the start of a new round


class Context:
    """What a decision knows besides the round: treasures, and per seat the expected result of one draw
    (the draws of the scoring rules by expectation over the bag's counts, never its order)."""

    def __init__(self, v: PlanksState, me: int):
        n = v.players
        self.me, self.players, self.two = me, n, n == 2
        self.banked = [float(len(t)) for t in v.treasures]
        self.bag = len(v.bag)
        counts = v.bag_counts()
        self.gain: list[list[float]] = []
        for s in range(n):
            held = {kind_of(t) for t in v.treasures[s]}
            dup = sum(c for k, c in counts.items() if k in held)
            p_new = 1.0 - dup / self.bag if self.bag else 0.0
            g = [0.0] * n
            g[s] = p_new
            if not self.two and self.bag:
                others = [o for o in range(n) if o != s]
                fewest = min(self.banked[o] for o in others)
                tied = [o for o in others if self.banked[o] == fewest]
                for o in tied:                                       # R42: to the one with fewest
                    g[o] += (1.0 - p_new) / len(tied)
            self.gain.append(g)

    def relative(self, vals: list[float]) -> float:
        me = self.me
        others = [vals[s] for s in range(self.players) if s != me]
        if not others:
            return vals[me]
        return vals[me] - 0.6 * max(others) - 0.4 * sum(others) / len(others)


def values(sim: Sim, ctx: Context) -> list[float]:
    """Each seat's expected treasures, counting the round as it stands."""
    n = sim.players
    vals = list(ctx.banked)
    gain = ctx.gain
    if sim.ended:
        owners = sim.winners()
        earned = [0] * n
        for o in owners:
            if o >= 0:
                earned[o] += 1
        left = ctx.bag
        for k in range(n):                                          # R40, R41: from the scorer, clockwise
            s = (sim.scorer + k) % n
            take = min(earned[s], left)
            left -= take
            if take:
                g = gain[s]
                for t in range(n):
                    vals[t] += take * g[t]
        if left > 0:
            for i, o in enumerate(sim.winners(CHEST_SHIFT)):         # R44: the next round starts here
                if o >= 0:
                    vals[o] += V_FRESH
        return vals
    if sim.two:
        turns = sum(sim.counters)
        w_now = 1.0 / (1.0 + 0.5 * turns)
    else:
        b = sorted(sim.budgets)
        w_now = 1.0 / (1.0 + b[1] / 4.0)
    planks = sim.planks
    owner = sim.owner
    for i, plank in enumerate(sim.chests):
        line = planks[plank]
        w = judge(IS_BIG[i], line)
        if w >= 0:
            o = owner[w]
            risk = V_EXPOSED if len(line) == PLANK_CAPACITY and line[0] == w else 0.0
            g = gain[o]
            for t in range(n):
                vals[t] += (w_now - risk) * g[t]
        w2 = judge(IS_BIG[i], planks[(plank + CHEST_SHIFT) % PLANKS])
        if w2 >= 0:
            vals[owner[w2]] += V_NEXT * (1.0 - w_now)
    for s in range(n):                                              # R32: MP beyond the turns left are lost
        usable = min(sim.budgets[s], MAX_PER_TURN * sim.counters[s]) if sim.two else sim.budgets[s]
        vals[s] += V_MP * usable
    for p in range(20):
        if sim.pos[p] == -1:
            vals[owner[p]] -= V_ISLAND
    return vals


def score(sim: Sim, ctx: Context) -> float:
    return ctx.relative(values(sim, ctx))


# --------------------------------------------------------------------------------------------------
# Medium: a beam over the moves of one turn
# --------------------------------------------------------------------------------------------------
BEAM = 6


def plan_turn(sim: Sim, ctx: Context, beam: int = BEAM, keep: int = 1, rng: Rng | None = None,
              noise: float = 0.0) -> list[tuple[float, list]]:
    """The best move sequences of the current seat's turn (each a list of sim moves, ending with the turn's
    end or the round's), best first, at most one per first move, ``keep`` of them. ``ctx.me`` must be the
    current seat."""
    seat = sim.current
    frontier: list[tuple[float, list, Sim]] = [(0.0, [], sim)]
    finished: dict[tuple, tuple[float, list]] = {}
    seen: set[tuple] = set()
    for _ in range(MAX_PER_TURN + 1):
        children: list[tuple[float, list, Sim]] = []
        for _, seq, node in frontier:
            for m in node.moves():
                child = node.copy()
                child.apply(m)
                key = child.key()
                if key in seen:
                    continue
                seen.add(key)
                val = score(child, ctx)
                if rng is not None:
                    val += noise * rng.random()
                path = seq + [m]
                if child.ended or child.current != seat:
                    first = path[0]
                    old = finished.get(first)
                    if old is None or val > old[0]:
                        finished[first] = (val, path)
                else:
                    children.append((val, path, child))
        if not children:
            break
        children.sort(key=lambda c: -c[0])
        frontier = children[:beam]
    ranked = sorted(finished.values(), key=lambda c: -c[0])
    return ranked[:keep]


def without_search(view: PlanksState, seat: int, acts: list[Action], rng: Rng, level: str) -> Action | None:
    """The choice that needs no search (a treasure kept or given, a setup choice, a single legal move), or None
    when the turn's moves are to be weighed."""
    if not acts:
        raise ValueError(f"the {level} bot was asked to act with no legal action")
    if view.phase == KEEP:
        return keep_choice(view, seat, acts)
    if view.phase == GIVE:
        return give_choice(view, acts)
    if view.phase != PLAY or len(acts) == 1:
        return rng.choice(acts)
    return None


class MediumBot(Bot):
    """Section 10's medium: the best sequence of the turn on the static evaluation; its first move."""

    level = "medium"
    beam = BEAM

    def choose(self, view: State) -> Action:
        assert isinstance(view, PlanksState)
        acts = view.legal_actions(self.seat)
        plain = without_search(view, self.seat, acts, self.rng, self.level)
        if plain is not None:
            return plain
        sim = Sim.of(view)
        plans = plan_turn(sim, Context(view, self.seat), self.beam)
        if not plans:
            return self.rng.choice(acts)
        a = to_action(self.seat, plans[0][1][0])
        return a if a in acts else self.rng.choice(acts)


# --------------------------------------------------------------------------------------------------
# Hard: the medium's best plans, each played on to the end of the round by a noisy greedy policy
# --------------------------------------------------------------------------------------------------
HARD_TOP_K = 5
ROLL_BEAM = 1         # the rollout policy: each seat plans its whole turn greedily (a beam of one) ...
ROLL_NOISE = 0.12     # ... on the static evaluation blurred by this much (none in the first sample)
ROLL_TURNS = 40       # a rollout stops after this many turns if the round has not ended (never in practice)


def rollout(sim: Sim, ctxs: list[Context], rng: Rng, noise: float) -> None:
    """Play ``sim`` (at the start of a turn) to the end of its round, every seat planning its turn with
    ``plan_turn`` from its own side (the opponents' model of section 10's hard bot)."""
    for _ in range(ROLL_TURNS):
        if sim.ended:
            return
        seat = sim.current
        plans = plan_turn(sim, ctxs[seat], ROLL_BEAM, 1, rng if noise else None, noise)
        if not plans:
            moves = sim.moves()
            sim.apply(moves[0] if moves else END)
            continue
        for m in plans[0][1]:
            sim.apply(m)


class HardBot(BudgetBot):
    """Section 10's hard: policy rollouts. Candidates: the medium beam's best plan per first move (``top_k``).
    Each sample plays every candidate's plan, then the rest of the round with every seat on ``rollout`` (greedy
    turn plans, noisy after the first sample; the same rollout generator for every candidate: common random
    numbers), and scores the round's end by the expected draws. Budget: ``playouts`` samples (repeatable) or
    ``seconds`` (0.85 of 1 s by default; a sample starts only if it should end in time)."""

    level = "hard"
    SAFETY = 0.85

    def __init__(self, seat: int, seed: int = 0, playouts: int | None = None, seconds: float | None = None,
                 top_k: int = HARD_TOP_K):
        super().__init__(seat, seed, playouts, seconds)
        self.top_k = top_k

    def choose(self, view: State) -> Action:
        assert isinstance(view, PlanksState)
        acts = view.legal_actions(self.seat)
        self.last_iterations, self.last_seconds = 0, 0.0
        plain = without_search(view, self.seat, acts, self.rng, self.level)
        if plain is not None:
            return plain
        start = self.timer()
        sim = Sim.of(view)
        me = Context(view, self.seat)
        plans = plan_turn(sim, me, BEAM, self.top_k)
        if not plans:
            return self.rng.choice(acts)
        if len(plans) > 1:
            best = self._search(sim, view, plans, start)
        else:
            best = plans[0][1]
        self.last_seconds = self.timer() - start
        a = to_action(self.seat, best[0])
        return a if a in acts else self.rng.choice(acts)

    def _search(self, sim: Sim, view: PlanksState, plans: list[tuple[float, list]], start: float) -> list:
        ctxs = [Context(view, s) for s in range(view.players)]
        starts = []
        for _, plan in plans:
            node = sim.copy()
            for m in plan:
                node.apply(m)
            starts.append(node)
        totals = [0.0] * len(plans)
        samples = 0
        while True:
            seed = self.rng.next64()
            noise = ROLL_NOISE if samples else 0.0                  # the first sample: every seat greedy
            for j, node in enumerate(starts):
                s = node.copy()
                rollout(s, ctxs, Rng(seed), noise)                  # common random numbers
                totals[j] += ctxs[self.seat].relative(values(s, ctxs[self.seat]))
            samples += 1
            if self.playouts is not None and samples >= self.playouts:
                break
            elapsed = self.timer() - start
            if self.seconds is not None and elapsed * (samples + 1) / samples > self.seconds:
                break
        self.last_iterations = samples
        best = max(range(len(plans)), key=lambda j: (totals[j], -j))
        return plans[best][1]


#: ``easy`` / ``medium`` / ``hard`` (``random`` too); ``playouts`` fixes hard's search budget (repeatable)
make_bot = bot_levels(EasyBot, MediumBot, HardBot)
