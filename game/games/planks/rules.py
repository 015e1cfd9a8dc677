"""Pirates, Planks & Pesetas: the rules engine (spec /work/shared/rules/pirates-planks-pesetas.md; rule ids
in comments). Pure Python: no pygame.

One ``PlanksState`` is the whole game, round after round. Seats 0..players-1; with 3 or 4 players seat ``k``
plays ``COLOURS[k]`` (R2); with 2 players each seat plays two colours (R7). Planks are 0..11 clockwise (2.1),
each a list of pirate ids from front (index 0, over the water) to back (at the deck, by the chest).

Phases: ``colours`` (2 players, option ``colours`` = "choose": the starting player takes two colours, R7),
``chests`` and ``pirates`` (option ``first-plank`` = "choose": the starting player picks the plank of the
first chest, R3, and of the first pirate, R4), ``play`` (turns), ``keep`` (``feel-draw``: the drawer keeps
one of the offered tiles, V1), ``give`` (a duplicate's recipient among tied players, R42), ``over``.

Chance (``game.core.chance.Chance``), drawn in this order: the starting player when the option says
"random" (R1), the kinds in play (R5, A18), the turn marker (R9), the colours (R7), the chests' plank (R3),
the first pirate's plank and the pirates (R4), then at every scoring the treasures (R40) or the tiles
offered (V1). The bag is a sorted list of tile ids (a multiset: what is in it is public, R40; which tile
comes next is not).

Events (``game.core.events``), besides the log lines (``said``):

    turn     (seat) a seat's turn begins (also the starting player's setup choices): ``round``, ``phase``
    chose    (seat) ``choice`` "colours" (``colours``), "chests" / "pirates" (``plank``)
    placed   (table) ``what`` "chests": ``chests`` ([chest, plank] ...); "pirates": ``pirates`` ([pirate, plank]
             in the order drawn); "marker": ``tile`` (R9)
    moved    (seat) ``piece`` a pirate, ``frm`` (a plank, or "island" for a rescue), ``to`` (plank), ``path``
             (every plank entered, the landing one last), ``cost``, ``budget`` (after), ``left`` (in the turn),
             ``how`` "jump" or "rescue" (then ``via`` the stern plank stepped on)
    pushed   (seat of the mover) ``piece`` the pirate that fell, ``frm`` (plank), ``to`` "island", ``by`` (mover)
    clip     (seat) ``budget`` reached 0 (``exhausted`` true); ``counter`` for the 2-player turn counter (R11)
    skipped  (seat) a turn with no possible move (R27): ``budget`` after
    ended    (seat) ``what`` "turn"; (table) ``what`` "round" (``round``), "game"
    scoring  (seat: the scoring player) the round is scored (R30, R31, R33)
    chest    (table) ``chest``, ``plank``, ``pirates`` (front to back), ``cancelled``, ``winner`` (pirate or
             null), ``owner`` (seat or null) (R34, R35, R36, R37, R38, R39)
    drew     (seat) ``tiles`` drawn together (R40), public
    offered  (seat) feel-draw: ``count``; secret ``tiles`` to the drawer (V1)
    kept     (seat) ``tile`` kept from an offer (V1)
    gave     (seat) ``tile``, ``to`` (R42);  removed (seat) ``tile`` (R43)
    took     (seat) ``tile`` kept in front of the drawer
    moved    (table) ``piece`` a chest, ``frm``, ``to`` (R44)
    round    (table) ``round``, ``first`` (R45)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping, Sequence

from game.core.chance import Chance
from game.core.events import Event, said
from game.core.plain import Maybe, TurnState
from game.core.protocol import (JSON, Action, IllegalAction, Option, Result, Rules, State, T, Text,
                                seat_ref)
from game.core.rng import Rng

# --------------------------------------------------------------------------------------------------
# Components (section 2)
# --------------------------------------------------------------------------------------------------
PLANKS = 12                        # A1: 12 planks in a closed ring
PLANK_CAPACITY = 3                 # 2.1: at most 3 pirates on a plank
STERN_PLANKS = (5, 6)              # R6, A2: the ladder sits between them
AWAY_FROM_LADDER = {5: -1, 6: +1}  # R23, A3: a rescued pirate goes on away from the ladder
COLOURS = ("red", "green", "blue", "yellow")   # A15: yellow is the fourth colour
SIZES = (1, 2, 3, 4, 5)
CHESTS = ("chest-small-1", "chest-big-1", "chest-small-2", "chest-big-2")
CHEST_OFFSETS = (0, 3, 6, 9)       # R3
BIG = frozenset({"chest-big-1", "chest-big-2"})   # A19: white stands; the small chests have black ones
BUDGET = 12                        # R12, A4: 12 MP before the clip reaches 0/1
MAX_PER_TURN = 5                   # R13
TURN_COUNTER = 3                   # R7, R11
RESCUE_COST = 2                    # R23
CHEST_SHIFT = 2                    # R44
PAIRS = (6, 8, 10, 12)             # R5
#: 2.4 and A13: the treasure kinds and their lengths (the line tie-break, R48)
KINDS = ("pearl", "ring", "doubloon", "ruby", "emerald", "brooch", "amulet", "goblet", "crown", "gold-bar",
         "necklace", "dagger")
LENGTH = {kind: i + 1 for i, kind in enumerate(KINDS)}
UNKNOWN = "?"

RANDOM, CHOOSE = "random", "choose"
FIRST_PLAYER_CHOICES = ("random", "seat-1", "seat-2", "seat-3", "seat-4")
SETUP_COLOURS, SETUP_CHESTS, SETUP_PIRATES = "colours", "chests", "pirates"
PLAY, KEEP, GIVE, OVER = "play", "keep", "give", "over"
PHASES = (SETUP_COLOURS, SETUP_CHESTS, SETUP_PIRATES, PLAY, KEEP, GIVE, OVER)


def pirate_id(colour: str, size: int) -> str:
    return f"pirate-{colour}-{size}"


def colour_of(pirate: str) -> str:
    return pirate.split("-")[1]


def size_of(pirate: str) -> int:
    return int(pirate.rsplit("-", 1)[1])


def tile_ids(kind: str) -> tuple[str, str]:
    return f"treasure-{kind}-a", f"treasure-{kind}-b"


def kind_of(tile: str) -> str:
    return tile[len("treasure-"):-2]


ALL_PIRATES = tuple(pirate_id(c, s) for c in COLOURS for s in SIZES)
ALL_TILES = tuple(t for k in KINDS for t in tile_ids(k))


def plank_at(plank: int, steps: int) -> int:
    """2.1: the plank ``steps`` along the ring (negative: anticlockwise); around bow and stern too."""
    return (plank + steps) % PLANKS


def path_of(start: int, direction: int, steps: int) -> list[int]:
    """The planks a jump enters, the landing plank last (R16, R19)."""
    return [plank_at(start, direction * k) for k in range(1, steps + 1)]


def chest_planks_from(first: int) -> list[int]:
    """R3: small on p, big on p+3, small on p+6, big on p+9."""
    return [plank_at(first, off) for off in CHEST_OFFSETS]


def treasure_target(pairs: int) -> int:
    """R50, A11: 7 treasures end a 2-player game, 6 in the 6-pair introductory game."""
    return 6 if pairs == 6 else 7


def judge_chest(chest: str, pirates: Sequence[str]) -> tuple[str | None, list[str]]:
    """R34, R35, R36, R37, R38: the winning pirate on a chest's plank (None: nobody) and the cancelled ones."""
    sizes = [size_of(p) for p in pirates]
    cancelled = [p for p in pirates if sizes.count(size_of(p)) > 1]      # R35, A7: a shared size cancels
    left = [p for p in pirates if p not in cancelled]
    if not left:
        return None, cancelled                                          # R38
    if chest in BIG:
        return max(left, key=size_of), cancelled                         # R36
    return min(left, key=size_of), cancelled                             # R37


def line_length(tiles: Sequence[str]) -> int:
    """R48, A13: a player's treasures laid in a line: the sum of their lengths."""
    return sum(LENGTH[kind_of(t)] for t in tiles)


# --------------------------------------------------------------------------------------------------
# Texts
# --------------------------------------------------------------------------------------------------
def colour_text(colour: str) -> Text:
    return T(f"planks.colour.{colour}")


def pirate_text(pirate: str) -> Text:
    return T("planks.pirate", colour=colour_text(colour_of(pirate)), size=size_of(pirate))


def treasure_text(tile: str) -> Text:
    return T(f"planks.treasure.{kind_of(tile)}")


def chest_text(chest: str) -> Text:
    return T("planks.chest.big" if chest in BIG else "planks.chest.small")


def plank_no(plank: int) -> int:
    """Planks as people count them (1..12)."""
    return plank + 1


# --------------------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ChooseColours(Action):
    """R7 (2 players, option ``colours`` = choose): the starting player takes these two colours."""
    kind: ClassVar[str] = "planks.colours"
    colours: tuple[str, ...] = ()

    def describe(self) -> Text:
        return T("planks.act.colours", a=colour_text(self.colours[0]), b=colour_text(self.colours[-1]))


@dataclass(frozen=True)
class PlaceChests(Action):
    """R3: the first small chest on ``plank``, the others every three planks clockwise."""
    kind: ClassVar[str] = "planks.chests"
    plank: int = 0

    def describe(self) -> Text:
        return T("planks.act.chests", plank=plank_no(self.plank))


@dataclass(frozen=True)
class PlacePirates(Action):
    """R4: the first pirate drawn goes on ``plank``, the next ones clockwise."""
    kind: ClassVar[str] = "planks.pirates"
    plank: int = 0

    def describe(self) -> Text:
        return T("planks.act.pirates", plank=plank_no(self.plank))


@dataclass(frozen=True)
class Move(Action):
    """R16: ``pirate`` jumps ``steps`` planks in ``direction`` (+1 clockwise, -1 anticlockwise)."""
    kind: ClassVar[str] = "planks.move"
    pirate: str = ""
    direction: int = 1
    steps: int = 1

    def describe(self) -> Text:
        way = T("planks.way.cw" if self.direction == 1 else "planks.way.ccw")    # R17: the move's one direction
        return T("planks.act.move", pirate=pirate_text(self.pirate), steps=self.steps, way=way)


@dataclass(frozen=True)
class Rescue(Action):
    """R23: ``pirate`` climbs the ladder onto stern ``plank`` (5 or 6) and goes on ``steps`` planks in
    ``direction``, which must lead away from the ladder (-1 from plank 5, +1 from plank 6)."""
    kind: ClassVar[str] = "planks.rescue"
    pirate: str = ""
    plank: int = 5
    steps: int = 0
    direction: int = -1

    def describe(self) -> Text:
        return T("planks.act.rescue", pirate=pirate_text(self.pirate),
                 plank=plank_no(plank_at(self.plank, self.direction * self.steps)))


@dataclass(frozen=True)
class EndTurn(Action):
    """R14: end the turn after spending at least 1 MP."""
    kind: ClassVar[str] = "planks.end"

    def describe(self) -> Text:
        return T("planks.act.end")


@dataclass(frozen=True)
class KeepTreasure(Action):
    """V1: keep ``tile`` of the two offered; the other goes back into the bag."""
    kind: ClassVar[str] = "planks.keep"
    tile: str = ""

    def describe(self) -> Text:
        return T("planks.act.keep", treasure=treasure_text(self.tile))


@dataclass(frozen=True)
class GiveTreasure(Action):
    """R42: give the duplicate to seat ``to`` (one of the other players with the fewest treasures)."""
    kind: ClassVar[str] = "planks.give"
    to: int = 0

    def describe(self) -> Text:
        return T("planks.act.give", player=seat_ref(self.to))


ACTION_TYPES = (ChooseColours, PlaceChests, PlacePirates, Move, Rescue, EndTurn, KeepTreasure, GiveTreasure)


def rescue_to(seat: int, pirate: str, plank: int) -> Rescue | None:
    """The rescue that lands ``pirate`` on ``plank`` with the fewest MP (None: no path away from the ladder
    reaches it within a turn's 5 MP)."""
    best: Rescue | None = None
    for stern in STERN_PLANKS:
        direction = AWAY_FROM_LADDER[stern]
        steps = ((plank - stern) * direction) % PLANKS
        if RESCUE_COST + steps <= MAX_PER_TURN and (best is None or steps < best.steps):
            best = Rescue(seat, pirate, stern, steps, direction)
    return best


def move_to(seat: int, pirate: str, frm: int, to: int) -> Move | None:
    """The jump from plank ``frm`` to plank ``to`` within a turn's 5 MP (only one direction can reach it)."""
    cw = (to - frm) % PLANKS
    if 1 <= cw <= MAX_PER_TURN:
        return Move(seat, pirate, 1, cw)
    if 1 <= PLANKS - cw <= MAX_PER_TURN:
        return Move(seat, pirate, -1, PLANKS - cw)
    return None


# --------------------------------------------------------------------------------------------------
# The game
# --------------------------------------------------------------------------------------------------
class PlanksState(TurnState):
    """The whole game (a full state, or a seat's view when ``is_view``). Public surface for scenes and bots:
    ``planks``, ``island``, ``chests`` (plank of each of ``CHESTS``), ``colours`` (per seat), ``budgets``,
    ``counters`` (2 players), ``allowance``/``spent``/``moved`` of the turn, ``treasures`` (per seat, in the
    order received), ``bag`` (sorted tile ids), ``removed``, ``marker``, ``offer`` (the drawer's only)."""

    KIND = "planks"
    FIELDS = {
        "players": int, "options": dict, "colours": [[str]], "starter": int, "first": int, "round": int,
        "phase": str, "current": int, "planks": [[str]], "island": [str], "chests": [int],
        "budgets": [int], "counters": [int], "allowance": int, "spent": int, "tired": bool, "moved": [str],
        "exhausted": [int], "kinds": [str], "bag": [str], "marker": Maybe(str), "treasures": [[str]],
        "removed": [str], "earned": [int], "draw_queue": [int], "to_draw": int, "unchecked": [str],
        "offer": [str], "gift": Maybe(str), "scorer": int, "barrier": int, "over": bool,
    }

    # ----------------------------------------------------------------------------------------------
    # Setup: R1, R2, R3, R4, R5, R6, R7, R8, R9
    # ----------------------------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, options: Mapping[str, Any], seed: int) -> "PlanksState":
        s = cls()
        s.chance = Chance.seeded(seed)
        s.players, s.options = players, dict(options)
        s.planks = [[] for _ in range(PLANKS)]
        s.chests = [-1] * len(CHESTS)
        s.treasures = [[] for _ in range(players)]
        s.budgets = [BUDGET] * players                                  # R2, R7: clips on 12
        s.counters = [TURN_COUNTER] * players if players == 2 else []  # R7: turn counters on 3
        s.earned = [0] * players
        s.scorer = -1
        s.round = 1
        # R1, A16: the starting player (setup screen; default random)
        choice = s.options.get("first-player", RANDOM)
        if choice == RANDOM:
            s.starter = s.chance.draw_index(list(range(players)))
        else:
            s.starter = (FIRST_PLAYER_CHOICES.index(choice) - 1) % players
        s.first = s.current = s.starter
        pairs = int(s.options.get("pairs", 6))
        s._say(None, T("planks.log.setup", players=players, pairs=pairs))
        s._say(s.starter, T("planks.log.starter", player=seat_ref(s.starter)))
        # R5, A18: which kinds go into the bag
        pool = list(KINDS)
        s.kinds = sorted((s.chance.draw(pool) for _ in range(pairs)), key=LENGTH.__getitem__)
        s.bag = sorted(t for k in s.kinds for t in tile_ids(k))
        if players == 2:                                                # R9, A11: the turn marker
            s.marker = s.chance.draw(s.bag)
            s._tell("placed", None, what="marker", tile=s.marker)
            s._say(None, T("planks.log.marker", treasure=treasure_text(s.marker)))
        # R2, R7: colours
        if players == 2:
            s.colours = [[], []]
            if s.options.get("colours", RANDOM) == CHOOSE:
                s._to_phase(SETUP_COLOURS)
                return s
            left = list(COLOURS)
            mine = sorted((s.chance.draw(left) for _ in range(2)), key=COLOURS.index)
            s._set_colours(mine)
        else:
            s.colours = [[COLOURS[seat]] for seat in range(players)]
        s._after_colours()
        return s

    def _to_phase(self, phase: str) -> None:
        """A choice of the starting player at the table (R3, R4, R7, A17): a turn of theirs."""
        self.phase, self.current = phase, self.starter
        self._legal = None
        self._tell("turn", self.starter, round=self.round, phase=phase)

    def _set_colours(self, mine: Sequence[str]) -> None:
        """R7: the starting player's two colours; the other player has the other two."""
        other = [c for c in COLOURS if c not in mine]
        self.colours = [[], []]
        self.colours[self.starter] = list(mine)
        self.colours[1 - self.starter] = other
        for seat in range(2):
            self._say(seat, T("planks.log.colours", player=seat_ref(seat), a=colour_text(self.colours[seat][0]),
                              b=colour_text(self.colours[seat][1])))

    def _after_colours(self) -> None:
        if self.options.get("first-plank", RANDOM) == CHOOSE:
            self._to_phase(SETUP_CHESTS)
            return
        self._place_chests(self.chance.draw_index(list(range(PLANKS))))
        self._place_pirates(self.chance.draw_index(list(range(PLANKS))))

    def _place_chests(self, first: int) -> None:
        """R3: chests alternate small / big clockwise, two empty planks between two chests."""
        self.chests = chest_planks_from(first)
        self._tell("placed", None, what="chests", chests=[[c, p] for c, p in zip(CHESTS, self.chests)])
        self._say(None, T("planks.log.chests", s1=plank_no(self.chests[0]), b1=plank_no(self.chests[1]),
                          s2=plank_no(self.chests[2]), b2=plank_no(self.chests[3])))
        if self.options.get("first-plank", RANDOM) == CHOOSE:
            self._to_phase(SETUP_PIRATES)

    def _place_pirates(self, first: int) -> None:
        """R4, R8, A22: every pirate in play drawn blindly, the k-th onto plank first+k, behind the one there."""
        bag = [pirate_id(c, s) for seat in range(self.players) for c in self.colours[seat] for s in SIZES]
        bag.sort()
        placed = []
        for k in range(len(bag)):
            pirate = self.chance.draw(bag)
            plank = plank_at(first, k)
            self.planks[plank].append(pirate)                           # the second stands behind the first
            placed.append([pirate, plank])
        self._tell("placed", None, what="pirates", pirates=placed, first=first)
        self._say(None, T("planks.log.pirates", plank=plank_no(first)))
        self.barrier += 1
        self._start_round()

    # ----------------------------------------------------------------------------------------------
    # Small helpers
    # ----------------------------------------------------------------------------------------------
    def owner_of(self, pirate: str) -> int:
        colour = colour_of(pirate)
        for seat in range(self.players):
            if colour in self.colours[seat]:
                return seat
        return -1

    def pirates_of(self, seat: int) -> list[str]:
        return [pirate_id(c, s) for c in self.colours[seat] for s in SIZES]

    def plank_of(self, pirate: str) -> int:
        """The plank the pirate stands on; -1 on the island."""
        for i, plank in enumerate(self.planks):
            if pirate in plank:
                return i
        return -1

    def chest_on(self, plank: int) -> str | None:
        for chest, at in zip(CHESTS, self.chests):
            if at == plank:
                return chest
        return None

    def left_in_turn(self) -> int:
        """MP the current player may still spend this turn (R13, R14, R15)."""
        return max(0, self.allowance - self.spent)

    def is_exhausted(self, seat: int) -> bool:
        return self.budgets[seat] == 0

    @property
    def two_players(self) -> bool:
        return self.players == 2

    @property
    def pairs(self) -> int:
        return int(self.options.get("pairs", 6))

    @property
    def feel_draw(self) -> bool:
        return bool(self.options.get("feel-draw", False))

    @property
    def drawer(self) -> int | None:
        return self.draw_queue[0] if self.draw_queue else None

    def bag_counts(self) -> dict[str, int]:
        """Section 10: the bag as a multiset (kind -> count), never in draw order."""
        out: dict[str, int] = {}
        for t in self.bag:
            out[kind_of(t)] = out.get(kind_of(t), 0) + 1
        return out

    def gift_candidates(self, giver: int) -> list[int]:
        """R42, A10: the other players with the fewest treasures, counted now."""
        others = [s for s in range(self.players) if s != giver]
        fewest = min(len(self.treasures[s]) for s in others)
        return [s for s in others if len(self.treasures[s]) == fewest]

    # ----------------------------------------------------------------------------------------------
    # Protocol
    # ----------------------------------------------------------------------------------------------
    def _compute_legal(self, seat: int) -> list[Action]:
        if self.phase == SETUP_COLOURS:
            return [ChooseColours(seat, (a, b)) for i, a in enumerate(COLOURS) for b in COLOURS[i + 1:]]
        if self.phase == SETUP_CHESTS:
            return [PlaceChests(seat, p) for p in range(PLANKS)]
        if self.phase == SETUP_PIRATES:
            return [PlacePirates(seat, p) for p in range(PLANKS)]
        if self.phase == KEEP:
            return [KeepTreasure(seat, t) for t in sorted(set(self.offer)) if t != UNKNOWN]
        if self.phase == GIVE:
            return [GiveTreasure(seat, to) for to in self.gift_candidates(seat)]
        return self._moves(seat) + ([EndTurn(seat)] if self.spent >= 1 else [])

    def _moves(self, seat: int) -> list[Action]:
        """R16, R17, R23, R24, R25: every jump and rescue the MP left allow."""
        left = self.left_in_turn()
        out: list[Action] = []
        if left < 1:
            return out
        for pirate in self.pirates_of(seat):
            if pirate in self.moved:                                    # R17
                continue
            if pirate in self.island:
                if left >= RESCUE_COST:                                 # R24, A24: 2 MP at once; A23: any number
                    for stern in STERN_PLANKS:
                        for steps in range(left - RESCUE_COST + 1):
                            out.append(Rescue(seat, pirate, stern, steps, AWAY_FROM_LADDER[stern]))
            elif self.plank_of(pirate) >= 0:
                for direction in (1, -1):
                    for steps in range(1, left + 1):
                        out.append(Move(seat, pirate, direction, steps))
        return out

    def can_move(self, seat: int) -> bool:
        """R27: at the start of a turn, is there any legal move?"""
        on_planks = any(self.plank_of(p) >= 0 for p in self.pirates_of(seat))
        on_island = any(p in self.island for p in self.pirates_of(seat))
        return on_planks or (on_island and self.allowance >= RESCUE_COST)

    def check(self, action: Action) -> Text | None:
        if not isinstance(action, ACTION_TYPES):
            return T("planks.reason.unknown")
        if isinstance(action, ChooseColours) and len(action.colours) == 2 and all(
                c in COLOURS for c in action.colours):
            action = ChooseColours(action.seat, tuple(sorted(action.colours, key=COLOURS.index)))  # any order
        if action in self.legal_actions(action.seat):
            return None
        return self._why_not(action)

    def _why_not(self, a: Action) -> Text:
        if self.over:
            return T("planks.reason.over")
        if a.seat != self.current:
            return T("planks.reason.not_your_turn", player=seat_ref(self.current))
        want = {ChooseColours: SETUP_COLOURS, PlaceChests: SETUP_CHESTS, PlacePirates: SETUP_PIRATES,
                KeepTreasure: KEEP, GiveTreasure: GIVE}.get(type(a), PLAY)
        if want != self.phase:
            return T(f"planks.reason.phase.{self.phase}")
        if isinstance(a, ChooseColours):
            return T("planks.reason.colours")
        if isinstance(a, (PlaceChests, PlacePirates)):
            return T("planks.reason.plank")
        if isinstance(a, KeepTreasure):
            return T("planks.reason.not_offered")
        if isinstance(a, GiveTreasure):
            if a.to == a.seat:
                return T("planks.reason.give_self")                     # A10
            return T("planks.reason.not_fewest")                        # R42
        if isinstance(a, EndTurn):
            return T("planks.reason.spend_one")                         # R14
        pirate = getattr(a, "pirate", "")
        if pirate not in ALL_PIRATES or self.owner_of(pirate) != a.seat:
            return T("planks.reason.not_yours")
        left = self.left_in_turn()
        if pirate in self.moved:
            return T("planks.reason.moved", pirate=pirate_text(pirate))  # R17, R25
        if left < 1:
            return T("planks.reason.no_mp")                              # R15
        if isinstance(a, Move):
            if pirate in self.island:
                return T("planks.reason.on_island", pirate=pirate_text(pirate))  # R22
            if a.direction not in (1, -1) or a.steps < 1:
                return T("planks.reason.bad_move")
            return T("planks.reason.too_far", cost=a.steps, left=left)   # R16
        assert isinstance(a, Rescue)
        if pirate not in self.island:
            return T("planks.reason.not_on_island", pirate=pirate_text(pirate))
        if left < RESCUE_COST:
            return T("planks.reason.rescue_mp", left=left)               # R24
        if a.plank not in STERN_PLANKS:
            return T("planks.reason.ladder")                             # R23
        if a.direction != AWAY_FROM_LADDER[a.plank] or a.steps < 0:
            return T("planks.reason.turn_back")                          # R23, A3
        return T("planks.reason.too_far", cost=RESCUE_COST + a.steps, left=left)

    def apply(self, action: Action) -> None:
        reason = self.check(action)
        if reason is not None:
            raise IllegalAction(reason)
        self._legal = None
        seat = action.seat
        if isinstance(action, ChooseColours):
            self._tell("chose", seat, choice="colours", colours=list(action.colours))
            self._set_colours(sorted(action.colours, key=COLOURS.index))
            self.barrier += 1
            self._after_colours()
        elif isinstance(action, PlaceChests):
            self._tell("chose", seat, choice="chests", plank=action.plank)
            self._place_chests(action.plank)
        elif isinstance(action, PlacePirates):
            self._tell("chose", seat, choice="pirates", plank=action.plank)
            self._place_pirates(action.plank)
        elif isinstance(action, Move):
            self._jump(seat, action)
        elif isinstance(action, Rescue):
            self._rescue(seat, action)
        elif isinstance(action, EndTurn):
            self._say(seat, T("planks.log.end_turn", player=seat_ref(seat)))
            self._end_turn()
        elif isinstance(action, KeepTreasure):
            self._keep(seat, action.tile)
        elif isinstance(action, GiveTreasure):
            self._give(seat, action.to)
        self._legal = None

    # ----------------------------------------------------------------------------------------------
    # Rounds and turns: R10, R11, R12, R13, R14, R15, R27, R28, R29, R30, R31, R32, R33
    # ----------------------------------------------------------------------------------------------
    def _start_round(self) -> None:
        """R12: every clip on 12 (R7: turn counters on 3); R10: the round's first player starts."""
        self.phase = PLAY
        self.budgets = [BUDGET] * self.players
        self.counters = [TURN_COUNTER] * self.players if self.two_players else []
        self.exhausted = []
        self.earned = [0] * self.players
        self._tell("round", None, round=self.round, first=self.first)
        self._say(None, T("planks.log.round", round=self.round, player=seat_ref(self.first)))
        self._begin_turn(self.first)

    def _begin_turn(self, seat: int) -> None:
        """R13: the allowance; R27: a player who cannot move is skipped."""
        while True:
            self.current, self.spent, self.moved = seat, 0, []
            self.tired = self.budgets[seat] == 0                        # R28: exhausted players keep playing
            self.allowance = 1 if self.tired else min(MAX_PER_TURN, self.budgets[seat])
            self._legal = None
            self._tell("turn", seat, round=self.round, phase=PLAY)
            if self.can_move(seat):
                return
            # R27, A8: no possible move: the turn is skipped and a clip not on 0/1 goes there
            self.barrier += 1
            self._say(seat, T("planks.log.skip", player=seat_ref(seat)))
            if not self.tired:
                self.budgets[seat] = 0
                self._reach_zero(seat)
            self._tell("skipped", seat, budget=self.budgets[seat])
            if self.two_players:
                self._count_turn(seat)
                if self._two_player_round_over():
                    self._score(seat)
                    return
            elif self._round_over_by_exhaustion():
                self._score(seat)
                return
            seat = (seat + 1) % self.players

    def _reach_zero(self, seat: int) -> None:
        """R12: the clip on 0/1; R29: the first to get there does not end the round. The log line says what
        follows: 1 MP per turn (R28), scoring at once for the second (R30), nothing more with 2 players (R32)."""
        self.exhausted.append(seat)
        self._tell("clip", seat, budget=0, exhausted=True)
        if self._round_over_by_exhaustion():
            self._say(seat, T("planks.log.scoring", player=seat_ref(seat)))     # R30
        elif self.two_players:
            self._say(seat, T("planks.log.exhausted_2p", player=seat_ref(seat)))  # R32
        else:
            self._say(seat, T("planks.log.exhausted", player=seat_ref(seat)))

    def _round_over_by_exhaustion(self) -> bool:
        """R30: a second player on 0/1 ends a 3- or 4-player round."""
        return not self.two_players and len(self.exhausted) >= 2

    def _two_player_round_over(self) -> bool:
        """R31: both movement clips on 0/1, or both turn counters on 0/1."""
        return all(b == 0 for b in self.budgets) or all(c == 0 for c in self.counters)

    def _count_turn(self, seat: int) -> None:
        """R11: the turn counter moves down one space; the turn marker passes on."""
        self.counters[seat] = max(0, self.counters[seat] - 1)
        self._tell("clip", seat, counter=self.counters[seat])

    def _spend(self, seat: int, cost: int) -> None:
        """R12: each MP moves the clip down; R13: not on an exhausted player's turn."""
        self.spent += cost
        if not self.tired:
            self.budgets[seat] -= cost

    def _after_move(self, seat: int) -> None:
        """R30, A6: a second exhausted player ends the round at once; R14, R15, A5: the turn ends when the
        allowance is spent or the clip reaches 0/1 (no extra MP that turn)."""
        if not self.tired and self.budgets[seat] == 0:
            self._reach_zero(seat)
            if self._round_over_by_exhaustion():
                self._score(seat)
                return
        if self.left_in_turn() == 0 or (not self.tired and self.budgets[seat] == 0):
            self._end_turn()

    def _end_turn(self) -> None:
        seat = self.current
        self.barrier += 1
        self._tell("ended", seat, what="turn")
        if self.two_players:
            self._count_turn(seat)
            if self._two_player_round_over():
                self._say(None, T("planks.log.scoring_2p"))
                self._score(seat)                                       # R33, A12: the last turn's player
                return
        self._begin_turn((seat + 1) % self.players)                     # R10: clockwise

    # ----------------------------------------------------------------------------------------------
    # Moves: R16, R17, R18, R19, R20, R21, R22, R23, R24, R25, R26
    # ----------------------------------------------------------------------------------------------
    def _land(self, seat: int, pirate: str, plank: int) -> None:
        """R20: at the back; R21: a fourth pirate pushes the front one into the sea (only here, R19). A21: a plank
        is a first-in, first-out queue of at most three."""
        line = self.planks[plank]
        line.append(pirate)
        if len(line) > PLANK_CAPACITY:
            fallen = line.pop(0)
            self.island.append(fallen)
            self.island.sort()
            self._tell("pushed", seat, piece=fallen, frm=plank, to="island", by=pirate)
            self._say(self.owner_of(fallen), T("planks.log.falls", pirate=pirate_text(fallen)))

    def _jump(self, seat: int, a: Move) -> None:
        frm = self.plank_of(a.pirate)
        path = path_of(frm, a.direction, a.steps)                       # R19: planks passed are unaffected
        self.planks[frm].remove(a.pirate)
        self.moved.append(a.pirate)                                     # R17: one move per pirate
        self._spend(seat, a.steps)                                      # R16: 1 MP a plank, bow and stern too
        self._tell("moved", seat, piece=a.pirate, frm=frm, to=path[-1], path=path, cost=a.steps,
                   budget=self.budgets[seat], left=self.left_in_turn(), how="jump")
        self._say(seat, T("planks.log.jump", player=seat_ref(seat), pirate=pirate_text(a.pirate),
                          frm=plank_no(frm), to=plank_no(path[-1]), cost=a.steps, left=self.budgets[seat]))
        self._land(seat, a.pirate, path[-1])                            # R18: landing and push come first
        self._after_move(seat)

    def _rescue(self, seat: int, a: Rescue) -> None:
        """R23: ladder (1 MP) + stern plank (1 MP) + steps on; R25: it is the pirate's move this turn."""
        path = [a.plank] + path_of(a.plank, a.direction, a.steps)
        cost = RESCUE_COST + a.steps
        self.island.remove(a.pirate)
        self.moved.append(a.pirate)
        self._spend(seat, cost)
        self._tell("moved", seat, piece=a.pirate, frm="island", to=path[-1], path=path, cost=cost,
                   budget=self.budgets[seat], left=self.left_in_turn(), how="rescue", via=a.plank)
        self._say(seat, T("planks.log.rescue", player=seat_ref(seat), pirate=pirate_text(a.pirate),
                          to=plank_no(path[-1]), cost=cost, left=self.budgets[seat]))
        self._land(seat, a.pirate, path[-1])
        self._after_move(seat)

    # ----------------------------------------------------------------------------------------------
    # Scoring: R34, R35, R36, R37, R38, R39, R40, R41, R42, R43, V1, V2, V3
    # ----------------------------------------------------------------------------------------------
    def chest_winners(self) -> list[tuple[str, int, str | None, list[str]]]:
        """Each chest: (chest, plank, winning pirate or None, cancelled pirates), as if scored now (the
        live preview of section 9 uses it too)."""
        out = []
        for chest, plank in zip(CHESTS, self.chests):
            winner, cancelled = judge_chest(chest, self.planks[plank])  # R34, A20: only the chest's own plank
            out.append((chest, plank, winner, cancelled))
        return out

    def _score(self, scorer: int) -> None:
        self.scorer = scorer
        self.moved, self.spent = [], 0
        self.barrier += 1
        self._tell("scoring", scorer, round=self.round)
        self.earned = [0] * self.players
        for chest, plank, winner, cancelled in self.chest_winners():
            owner = self.owner_of(winner) if winner else None
            self._tell("chest", None, chest=chest, plank=plank, pirates=list(self.planks[plank]),
                       cancelled=cancelled, winner=winner, owner=owner)
            if winner is None:
                self._say(None, T("planks.log.chest_none", chest=chest_text(chest), plank=plank_no(plank)))
                continue
            self.earned[owner] += 1                                     # R39: one draw per chest won
            if cancelled:
                self._say(owner, T("planks.log.chest_tie", chest=chest_text(chest), plank=plank_no(plank),
                                   n=len(cancelled), pirate=pirate_text(winner)))
            else:
                self._say(owner, T("planks.log.chest_win", chest=chest_text(chest), plank=plank_no(plank),
                                   pirate=pirate_text(winner)))
        # R40: the scoring player draws first, then the others clockwise
        order = [(scorer + k) % self.players for k in range(self.players)]
        self.draw_queue = [s for s in order if self.earned[s] > 0]
        self.to_draw = self.earned[self.draw_queue[0]] if self.draw_queue else 0
        self.unchecked, self.offer, self.gift = [], [], None
        self._continue_drawing()

    def _continue_drawing(self) -> None:
        while True:
            if self.gift is not None or self.offer:
                return
            drawer = self.drawer
            if drawer is None:
                self._finish_round()
                return
            if self.unchecked:                                          # R42: one at a time, in draw order
                self._check_tile(drawer, self.unchecked.pop(0))
                continue
            if self.to_draw > 0 and not self.bag:
                self.to_draw = 0                                        # R41: the bag ran out
                self._say(drawer, T("planks.log.bag_empty", player=seat_ref(drawer)))
            if self.to_draw > 0:
                if self.feel_draw and len(self.bag) >= 2:                # V1, V2: one offer per tile
                    pool = list(self.bag)
                    self.offer = sorted(self.chance.draw(pool) for _ in range(2))
                    self.to_draw -= 1
                    self.phase, self.current = KEEP, drawer
                    self._tell("offered", drawer, audience=[drawer], secret={"tiles": list(self.offer)}, count=2)
                    self._say(drawer, T("planks.log.feel", a=treasure_text(self.offer[0]),
                                        b=treasure_text(self.offer[1])), audience=drawer)
                    return
                n = min(self.to_draw, len(self.bag)) if not self.feel_draw else 1
                tiles = [self.chance.draw(self.bag) for _ in range(n)]  # R40, A14: blindly, together
                self.to_draw -= n
                self._tell("drew", drawer, tiles=tiles)
                for t in tiles:
                    self._say(drawer, T("planks.log.draws", player=seat_ref(drawer), treasure=treasure_text(t)))
                self.unchecked = tiles
                continue
            self.draw_queue.pop(0)
            if self.draw_queue:
                self.to_draw = self.earned[self.draw_queue[0]]

    def _check_tile(self, drawer: int, tile: str) -> None:
        """R42 (3-4 players) and R43 (2 players): a kind the drawer already has is given away or removed."""
        if any(kind_of(t) == kind_of(tile) for t in self.treasures[drawer]):
            if self.two_players:
                self.removed.append(tile)                               # R43
                self._tell("removed", drawer, tile=tile)
                self._say(drawer, T("planks.log.removed", player=seat_ref(drawer), treasure=treasure_text(tile)))
                return
            candidates = self.gift_candidates(drawer)
            if len(candidates) == 1:
                self._hand_over(drawer, tile, candidates[0])
                return
            self.gift, self.phase, self.current = tile, GIVE, drawer     # R42: the giver chooses
            self._say(drawer, T("planks.log.must_give", player=seat_ref(drawer), treasure=treasure_text(tile)))
            return
        self.treasures[drawer].append(tile)
        self._tell("took", drawer, tile=tile)

    def _hand_over(self, giver: int, tile: str, to: int) -> None:
        self.treasures[to].append(tile)                                 # R42: never checked again
        self._tell("gave", giver, tile=tile, to=to)
        self._say(giver, T("planks.log.gives", player=seat_ref(giver), treasure=treasure_text(tile),
                           other=seat_ref(to)))

    def _keep(self, seat: int, tile: str) -> None:
        """V1: the kept tile leaves the bag, the other stays in it; V3: bots choose the same way."""
        self.offer = []
        self.bag.remove(tile)
        self.barrier += 1
        self.phase = PLAY
        self._tell("kept", seat, tile=tile)
        self._say(seat, T("planks.log.keeps", player=seat_ref(seat), treasure=treasure_text(tile)))
        self.unchecked = [tile]
        self._continue_drawing()

    def _give(self, seat: int, to: int) -> None:
        tile = self.gift
        assert tile is not None
        self.gift = None
        self.phase = PLAY
        self.barrier += 1
        self._hand_over(seat, tile, to)
        self._continue_drawing()

    # ----------------------------------------------------------------------------------------------
    # Next round and the end: R44, R45, R46, R47, R48, R49, R50
    # ----------------------------------------------------------------------------------------------
    def _finish_round(self) -> None:
        self.phase = PLAY
        self._tell("ended", None, what="round", round=self.round)
        target = treasure_target(self.pairs)
        if not self.bag or (self.two_players and any(len(t) >= target for t in self.treasures)):
            self.over, self.phase = True, OVER                          # R46, R50
            self.draw_queue, self.to_draw = [], 0
            self._tell("ended", None, what="game")
            self._say(None, T("planks.log.game_over"))
            return
        for i, plank in enumerate(self.chests):                         # R44: chests two planks clockwise
            self.chests[i] = plank_at(plank, CHEST_SHIFT)
            self._tell("moved", None, piece=CHESTS[i], frm=plank, to=self.chests[i])
        self._say(None, T("planks.log.chests_move"))
        if self.two_players:
            self.first = 1 - self.first                                 # R45: the start alternates
        else:
            self.first = (self.scorer + 1) % self.players               # R45, A9: on from the scoring player
        self.round += 1
        self.draw_queue, self.to_draw = [], 0
        self._start_round()                                             # R44, R26: pirates stay, island too

    def progress(self) -> dict[str, int]:
        """The round being played, for the Continue list (a game has as many rounds as it takes)."""
        return {"round": self.round}

    def result(self) -> Result:
        """R47: most treasures; R48: longest line; R49, A25: still tied, a shared victory."""
        counts = [float(len(t)) for t in self.treasures]
        lines = [line_length(t) for t in self.treasures]
        best = max(counts)
        top = [s for s in range(self.players) if counts[s] == best]
        if len(top) == 1:
            how = T("planks.how.most", n=int(best))
        else:
            longest = max(lines[s] for s in top)
            winners = [s for s in top if lines[s] == longest]
            how = T("planks.how.line" if len(winners) == 1 else "planks.how.shared", length=longest)
        breakdown = [[("planks.result.treasures", counts[s])] for s in range(self.players)]
        return Result.from_scores(counts, breakdown, tiebreak=lines, how=how,
                                  stats={"planks.stat.line": lines})

    # ----------------------------------------------------------------------------------------------
    # Views: section 4 (no hidden information but the bag's next tile) and V1 (the offer, the drawer's)
    # ----------------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> "PlanksState":
        v = self.view_of(seat)
        assert isinstance(v, PlanksState)
        v.chance = Chance(Rng(0))                                       # the next draws are nobody's to know
        if self.offer and seat != self.drawer:
            v.offer = [UNKNOWN] * len(self.offer)
        v._legal = None
        return v

    def all_tiles(self) -> list[str]:
        """Every tile of the kinds in play, wherever it is (conservation: bag, players, removed, marker)."""
        tiles = list(self.bag) + [t for ts in self.treasures for t in ts] + list(self.removed) + list(self.unchecked)
        if self.gift is not None:
            tiles.append(self.gift)
        if self.marker is not None:
            tiles.append(self.marker)
        return sorted(tiles)


# --------------------------------------------------------------------------------------------------
# Secrets, determinization, rules
# --------------------------------------------------------------------------------------------------
def _deal_offer_again(state: PlanksState, rng: Rng) -> None:
    """A feel-draw offer another seat cannot see, drawn again from the bag (with its event and line)."""
    if not state.offer:
        return
    pool = list(state.bag)
    again = []
    for _ in range(len(state.offer)):
        again.append(pool.pop(rng.below(len(pool))))
    state.offer = sorted(again)
    drawer = state.drawer
    events = state._events
    for i in range(len(events) - 1, -1, -1):
        if events[i].kind == "offered":
            events[i] = Event.of("offered", drawer, audience=[drawer], secret={"tiles": list(state.offer)},
                                 count=len(state.offer))
            if i + 1 < len(events) and events[i + 1].kind == "said":
                events[i + 1] = said(drawer, T("planks.log.feel", a=treasure_text(state.offer[0]),
                                               b=treasure_text(state.offer[-1])), audience=drawer)
            break
    state._legal = None


def determinize(view: State, rng: Rng) -> PlanksState:
    """A full state consistent with ``view``: another generator and, for a seat that is not drawing, the
    offer drawn again from the bag."""
    assert isinstance(view, PlanksState)
    full = view.clone()
    full.viewer, full.is_view = None, False
    full.chance = Chance(rng.fork())
    if UNKNOWN in full.offer:
        _deal_offer_again(full, rng)
    full._legal = None
    return full


class PlanksRules(Rules):
    """Pirates, Planks & Pesetas for 2-4 players, with ``pairs`` (R5), the choices at the table (R1, R3, R4,
    R7, A17) and ``feel-draw`` (V1, V2, V3)."""

    id = "planks"
    name_key = "game.planks.name"
    version = 1
    min_players = 2
    max_players = 4
    has_secrets = False          # section 9: no privacy screen; the feel-draw offer is harmless if seen
    hand_word = "round"
    options = (
        Option("pairs", "choice", 6, label="planks.opt.pairs", help="planks.opt.pairs.help", choices=PAIRS,
               choice_labels=tuple(f"planks.opt.pairs.{n}" for n in PAIRS)),
        Option("first-player", "choice", RANDOM, label="planks.opt.first", help="planks.opt.first.help",
               choices=FIRST_PLAYER_CHOICES,
               choice_labels=("planks.opt.first.random", "planks.opt.first.1", "planks.opt.first.2",
                              "planks.opt.first.3", "planks.opt.first.4")),
        Option("first-plank", "choice", RANDOM, label="planks.opt.plank", help="planks.opt.plank.help",
               choices=(RANDOM, CHOOSE), choice_labels=("planks.opt.plank.random", "planks.opt.plank.choose")),
        Option("colours", "choice", RANDOM, label="planks.opt.colours", help="planks.opt.colours.help",
               choices=(RANDOM, CHOOSE), choice_labels=("planks.opt.colours.random", "planks.opt.colours.choose"),
               players=(2,)),
        Option("feel-draw", "bool", False, label="planks.opt.feel", help="planks.opt.feel.help"),
    )
    action_types = ACTION_TYPES

    def check(self, players: int, options: Mapping[str, Any]) -> list[Text]:
        problems = super().check(players, options)
        choice = options.get("first-player", RANDOM)
        if choice in FIRST_PLAYER_CHOICES and choice != RANDOM and FIRST_PLAYER_CHOICES.index(choice) > players:
            problems.append(T("planks.opt.err.first", n=players))
        return problems

    def new_state(self, players: int, options: Mapping[str, Any], seed: int) -> PlanksState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError("Pirates, Planks & Pesetas is for 2 to 4 players")
        return PlanksState.new(players, options, seed)

    def state_from_json(self, data: JSON) -> PlanksState:
        return PlanksState.from_json(data)

    def validate_state(self, state: State) -> None:
        """A loaded save's position (``validate.py``)."""
        super().validate_state(state)
        from game.games.planks.validate import validate_game
        validate_game(self, state)

    secrets = ("the treasures the next draws from the bag will give (the generator)",
               "the two tiles offered to the drawer in the feel-draw variant (the drawer's only)")

    def twin(self, state: State, seat: int | None, rng: Rng) -> PlanksState:
        """Another generator behind the draws to come; for any seat but the drawer, another offer."""
        assert isinstance(state, PlanksState)
        t = state.clone()
        t.chance = state.other_chance(rng)
        if state.offer and seat != state.drawer:
            _deal_offer_again(t, rng)
        return t

    def corruptions(self, data: JSON) -> Any:
        from game.games.planks.validate import corruptions
        return corruptions(data)


RULES = PlanksRules()
