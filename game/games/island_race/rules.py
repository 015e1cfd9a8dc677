"""Island Race: the rules engine (spec /work/shared/rules/island-race.md; rule ids in comments).

A game is a match of 3 rounds (R19): ``IslandRaceRules`` is a ``MatchRules`` whose hands are rounds
(``IslandRound``); ``IslandMatch`` keeps the running totals. There are no turns (R1), so the match's
first-player rotation plays no part.

A round, phase by phase:
- ``mix``: the 48 tiles lie mixed in the pile (S4) while the scene counts down; nobody may act. The
  system action ``StartRound`` ("Go!") starts the round.
- ``play``: every seat that is not Done acts at once (``current_players()``), in arrival order:
  Take, Rotate, Flip, Return, Place, Done. The scene owns the clock and sends the system action
  ``TimeUp`` (R16, R17); all players Done also ends the round.
- ``last`` (``no-timer`` only, V3): after the first Done every other player may place one more tile or
  Stop. (The scene may end this phase with ``TimeUp`` when its optional time limit runs out, V3.6.)
- ``over``: the round is scored (R18; R20, R21, R22, R23, R24, R25, R26, R27); the match starts the
  next round in ``mix``.

System actions (StartRound, TimeUp) carry ``seat == SYSTEM`` (-1) and are listed by
``legal_actions(SYSTEM)`` only. Every applied action raises ``undo_barrier``: a race has no undo (R8).

Time: ``advance_time(t)`` (called by the scene or ``run_realtime``) records the clock; ``time_left()``
derives the round's remaining seconds from it. The clock never acts by itself: replaying the action
list gives the same game.

Views (S4, A14, §9-§10): nothing is secret except tile identities and the down faces. ``view(seat)``
keeps every pile slot, held tile and placed tile as its up face only (``Piece.tile is None``): no tile
id and no down face anywhere, for every seat alike. A held tile's other face is seen only by flipping it.

Events (``game.core.events``; ``IslandRound.events``, saved under "events"): every applied action adds at
least one. All are public (no ``secret``, no ``audience``) and name no tile id and no down face: they hold
what a view shows. A face is written as a list (``face_data``): ``[edges, regions, animal, volcano,
back]``, e.g. ``["wpfw", "E/S", "parrot", false, false]`` (``face_from_data`` reads it back). ``side`` is
0 front / 1 back, ``rot`` the quarter turns clockwise, ``slot`` a pile slot (0-47), ``cell`` ``[row, col]``.

    mixed     (table) the 48 tiles were mixed into the pile (S4): ``round`` (1-3), ``tiles`` (48), ``size``
              (3 or 4), ``timer`` (the rules' seconds, None without timer). The round's first event,
              recorded when the round is made (the pile itself is the state's, up faces only).
    go        (table, StartRound) "Go!": ``round``.
    drew      (seat, Take, R4) the tile of pile ``slot`` is in the seat's hand: ``slot``, ``side``, ``rot``,
              ``face`` (its up face, as everyone sees it).
    turned    (seat, Rotate, R5) ``turn`` (+1 clockwise, -1), the held tile's new ``side``, ``rot``, ``face``,
              and ``was`` (the face before).
    flipped   (seat, Flip, R5) the held tile's new ``side``, ``rot``, ``face`` (the up face now seen) and
              ``was`` (the face before).
    returned  (seat: who held it) the held tile went back to pile ``slot`` as it shows (R6): ``slot``,
              ``side``, ``rot``, ``face``, ``why``: "return" (the Return action), "done" (Done puts a
              held tile back, R13), "time-up" (R17) or "last-tile" (the end of the last-tile phase, V3.5).
    placed    (seat, Place, R7) ``cell``, ``slot`` (the pile slot it came from), ``side``, ``rot``, ``face``,
              ``last`` (true: the extra tile of the no-timer last-tile phase, V3.3).
    done      (seat, Done, R13, R14) ``place`` (1 = first out), ``last`` (true: it opened the no-timer
              last-tile phase, V3.2). A held tile's ``returned`` (why "done") comes just before.
    stopped   (seat, Stop, V3.3) no extra tile.
    timeup    (table, TimeUp, R16(b), R17, V3.6) ``held``: how many held tiles go back (their ``returned``
              events, why "time-up", follow).
    scored    (seat, one per island when the round ends, R18-R27, in seat order) ``why`` ("ir.score.round.N"),
              ``points`` (the round score), ``valid`` (R20), ``animals``, ``landscapes`` (their points),
              ``volcanoes`` (the penalty, subtracted), ``empty`` and ``wrong`` (subtracted), ``first`` (the
              first-out bonus), ``floor`` (points the floor adds, R27), ``running`` (the sheet after it).
    ended     (table, after the ``scored`` events) ``what`` "round", ``round``, ``how`` ("all-done",
              "time-up" or "last-tile"), ``points`` (the round scores, seat by seat). The match then adds
              its own ``ended`` (``what`` "hand").

No event holds the clock or a round length changed in Settings: replaying the actions gives the same events.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Iterable, Mapping, Sequence

from game.core.chance import Chance
from game.core.events import Event, json_once, read_events, said
from game.core.match import MatchRules, MatchState, hand_points, last_part
from game.core.protocol import (JSON, Action, IllegalAction, LogEntry, Option, Result, State, T, Text, is_int,
                                seat_ref)
from game.core.rng import Rng
from game.games.island_race.scoring import (IslandScore, cells_of, edge_report, neighbour, score_round,
                                            water_faults_at)
from game.games.island_race.tiles import (BACK, FRONT, N_SLOTS, TILE_IDS, TILE_SET, Face, face_of, parse_regions,
                                          regions_text)

SYSTEM = -1                      # the seat of the system actions StartRound and TimeUp
MIX, PLAY, LAST, OVER = "mix", "play", "last", "over"
ROUNDS = 3                       # R19
ROUND_SECONDS = 240              # S2
EXPERT_SECONDS = 180             # V1.1
ENDED_ALL_DONE, ENDED_TIME_UP, ENDED_LAST_TILE = "all-done", "time-up", "last-tile"


def timer_seconds(options: Mapping[str, Any]) -> int | None:
    """S2, V1.1, V3.1: the round timer in seconds, or None with ``no-timer``. The same with
    ``big-island`` (V2.3, A15) and in every round (R19, A21)."""
    if options.get("no-timer", False):
        return None
    return EXPERT_SECONDS if options.get("expert-timer", False) else ROUND_SECONDS


def grid_size(options: Mapping[str, Any]) -> int:
    """S1, V2.2: 3, or 4 with ``big-island`` (for both players, A20)."""
    return 4 if options.get("big-island", False) else 3


# ==================================================================================================
# Actions
# ==================================================================================================
@dataclass(frozen=True)
class Take(Action):
    """R4: take the tile in pile slot ``slot`` into the empty hand."""
    kind: ClassVar[str] = "ir.take"
    slot: int = 0


@dataclass(frozen=True)
class Rotate(Action):
    """R5: turn the held tile a quarter turn, ``turn`` = +1 clockwise or -1 counter-clockwise."""
    kind: ClassVar[str] = "ir.rotate"
    turn: int = 1


@dataclass(frozen=True)
class Flip(Action):
    """R5: show the held tile's other face."""
    kind: ClassVar[str] = "ir.flip"


@dataclass(frozen=True)
class Return(Action):
    """R6: put the held tile back into its old pile slot, as it shows now."""
    kind: ClassVar[str] = "ir.return"


@dataclass(frozen=True)
class Place(Action):
    """R7: put the held tile on ``cell`` = (row, col) of one's own island."""
    kind: ClassVar[str] = "ir.place"
    cell: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class Done(Action):
    """R13: declare the island finished (full grid)."""
    kind: ClassVar[str] = "ir.done"


@dataclass(frozen=True)
class Stop(Action):
    """V3.3: finish the ``no-timer`` last-tile phase without placing."""
    kind: ClassVar[str] = "ir.stop"


@dataclass(frozen=True)
class StartRound(Action):
    """S4: "Go!" after the countdown (system action)."""
    kind: ClassVar[str] = "ir.start"
    seat: int = SYSTEM


@dataclass(frozen=True)
class TimeUp(Action):
    """R16(b), R17: the clock reached 0:00 (system action sent by the scene)."""
    kind: ClassVar[str] = "ir.timeup"
    seat: int = SYSTEM


ACTION_TYPES: tuple[type[Action], ...] = (Take, Rotate, Flip, Return, Place, Done, Stop, StartRound, TimeUp)
PLAYER_ACTIONS = (Take, Rotate, Flip, Return, Place, Done, Stop)
SYSTEM_ACTIONS = (StartRound, TimeUp)


# ==================================================================================================
# Pieces: a tile lying somewhere, as it shows now
# ==================================================================================================
@dataclass(frozen=True)
class Piece:
    """A tile with ``side`` (FRONT/BACK) up, turned ``rot`` quarter turns; ``face`` is what it shows.
    In views ``tile`` is None: only the up face is known."""

    tile: str | None
    side: int
    rot: int
    face: Face

    @staticmethod
    def of(tile: str, side: int, rot: int) -> "Piece":
        return Piece(tile, side, rot % 4, face_of(tile, side, rot))

    def turned(self, turn: int) -> "Piece":
        rot = (self.rot + turn) % 4
        face = face_of(self.tile, self.side, rot) if self.tile is not None else self.face.rotated(turn)
        return Piece(self.tile, self.side, rot, face)

    def flipped(self) -> "Piece":
        if self.tile is None:
            raise ValueError("the other face of a tile seen in a view is unknown")
        return Piece.of(self.tile, BACK if self.side == FRONT else FRONT, self.rot)

    def hidden(self) -> "Piece":
        return self if self.tile is None else Piece(None, self.side, self.rot, self.face)

    def to_json(self) -> JSON:
        if self.tile is not None:
            return {"tile": self.tile, "side": self.side, "rot": self.rot}
        return {"side": self.side, "rot": self.rot, "face": self.face.to_json()}

    @staticmethod
    def from_json(d: JSON) -> "Piece":
        """The piece of ``to_json``; ValueError naming what is wrong for anything else (an edited save)."""
        if not isinstance(d, dict):
            raise ValueError(f"a tile that is not an object: {d!r:.60}")
        side, rot, tile = d.get("side"), d.get("rot"), d.get("tile")
        if side not in (FRONT, BACK) or not is_int(side):
            raise ValueError(f"a tile showing side {side!r:.20} (0 front, 1 back)")
        if not (is_int(rot) and 0 <= rot < 4):
            raise ValueError(f"a tile turned {rot!r:.20} quarter turns (0 to 3)")
        if tile is not None:
            if not isinstance(tile, str) or tile not in TILE_SET:
                raise ValueError(f"unknown tile {tile!r:.20}")
            return Piece.of(tile, side, rot)
        return Piece(None, side, rot, Face.from_json(d["face"]))


def _piece_json(p: Piece | None) -> JSON:
    return p.to_json() if p is not None else None


def _piece(d: JSON) -> Piece | None:
    return Piece.from_json(d) if d is not None else None


# ==================================================================================================
# Events: faces as plain data
# ==================================================================================================
RETURN_WHY = ("return", "done", "time-up", "last-tile")
KNOWN_FACES: frozenset[Face] = frozenset(face_of(t, side, rot) for t in TILE_IDS for side in (FRONT, BACK)
                                         for rot in range(4))


def face_data(face: Face) -> list[Any]:
    """A face as event data: ``[edges, regions, animal, volcano, back]`` (no tile id)."""
    return [face.edges, regions_text(face.regions), face.animal, face.volcano, face.back]


def face_from_data(value: Any) -> Face:
    """The face of ``face_data``; ValueError for anything that is not a face some tile shows."""
    try:
        edges, regions, animal, volcano, back = value
        face = Face(edges, parse_regions(regions), animal, volcano, back)
    except (TypeError, ValueError, AttributeError) as exc:
        raise ValueError(f"not a face: {value!r:.60}") from exc
    if not (isinstance(edges, str) and isinstance(volcano, bool) and isinstance(back, bool)) \
            or face not in KNOWN_FACES:
        raise ValueError(f"no tile shows the face {value!r:.60}")
    return face


def _shown(p: Piece) -> dict[str, Any]:
    """A piece as everyone sees it: ``side``, ``rot``, ``face`` (never its tile id)."""
    return {"side": p.side, "rot": p.rot, "face": face_data(p.face)}


def ordinal(place: int) -> Text:
    """1st, 2nd... as a catalog key (the Done badge and log line)."""
    return T(f"ir.place.{place}") if 1 <= place <= 4 else T("ir.place.n", n=place)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")


# ==================================================================================================
# The mix (S4): the game's only chance
# ==================================================================================================
SIDES = (FRONT, BACK)
TURNS = (0, 1, 2, 3)


def mix_pile(chance: Chance) -> list[Piece]:
    """S4: the 48 tiles into the 48 pile slots, each showing a random side (50/50) and turn.

    Every outcome is a ``Chance.draw``: first the slots from the last to the second, each drawing its
    tile from those not yet laid (Fisher-Yates, exactly the calls ``Rng.shuffle`` made before, so old
    saves mix the same piles), slot 0 getting the tile left over; then, slot by slot, the side up and
    the number of quarter turns. ``mix_script`` writes these draws for a pile chosen in advance.
    """
    order = list(TILE_IDS)
    for i in range(len(order) - 1, 0, -1):
        j = chance.draw_index(order[:i + 1])
        order[i], order[j] = order[j], order[i]
    pile = []
    for tile in order:
        side = SIDES[chance.draw_index(SIDES)]
        turn = TURNS[chance.draw_index(TURNS)]
        pile.append(Piece.of(tile, side, turn))
    return pile


def mix_script(pile: Sequence[tuple[str, int, int]]) -> list[Any]:
    """The draws (for ``Chance.script_draws``) that make ``mix_pile`` lay ``pile``: one (tile, side,
    turn) per slot, slot 0 first, every tile once. ValueError for anything that is not such a pile."""
    tiles = [t for t, _, _ in pile]
    if sorted(tiles) != sorted(TILE_IDS):
        raise ValueError("a mixed pile holds each of the 48 tiles exactly once")
    if any(side not in SIDES or turn not in TURNS for _, side, turn in pile):
        raise ValueError("a mixed pile tile shows side 0 or 1, turned 0 to 3 quarter turns")
    draws: list[Any] = []
    order = list(TILE_IDS)
    for i in range(len(order) - 1, 0, -1):
        j = order.index(tiles[i], 0, i + 1)
        draws.append(tiles[i])
        order[i], order[j] = order[j], order[i]
    for _, side, turn in pile:
        draws += [side, turn]
    return draws


# ==================================================================================================
# One round
# ==================================================================================================
class IslandRound(State):
    """One round of Island Race (the full state, or a seat's view when ``is_view``).

    Public surface for scenes and bots (read-only outside this module):
      players, size (3 or 4), timer (seconds or None), no_timer, round_index (0-based), phase,
      pile[slot] (Piece or None), hands[seat] (Piece or None), hand_slot[seat] (the slot the held tile
      came from, -1), grids[seat][row * size + col] (Piece or None), taken_by[slot] (who holds or placed
      the tile of an empty slot), done (seats in the order they declared Done), finished[seat] (Done, or
      in V3 the extra tile placed or Stop),
      now / round_start (seconds, scene clock), ended_by, totals_before, scores (IslandScore per seat
      once over). Helpers: legal_cells, water_faults_of_placement, faces, time_left, all_tiles.
    """

    def __init__(self) -> None:  # use IslandRound.mix or from_json
        self.players = 2
        self.size = 3
        self.timer: int | None = ROUND_SECONDS
        self.no_timer = False
        self.round_index = 0
        self.phase = MIX
        self.pile: list[Piece | None] = []
        self.hands: list[Piece | None] = []
        self.hand_slot: list[int] = []
        self.grids: list[list[Piece | None]] = []
        self.taken_by: list[int | None] = []
        self.done: list[int] = []
        self.finished: list[bool] = []
        self.now = 0.0
        self.round_start: float | None = None
        self.ended_by: str | None = None
        self.totals_before: list[int] = []
        self.scores: list[IslandScore] | None = None
        self.barrier = 0
        self._events: list[Event] = []
        self.viewer: int | None = None
        self.is_view = False

    # ----------------------------------------------------------------------------------------------
    # Setup S1, S2, S3, S4
    # ----------------------------------------------------------------------------------------------
    @classmethod
    def mix(cls, players: int, options: Mapping[str, Any], seed: int, round_index: int = 0,
            totals_before: Sequence[int] | None = None, chance: Chance | None = None) -> "IslandRound":
        """S1, S2, S3, S4: empty islands and the 48 tiles mixed into the pile (random slot, side and rotation),
        drawn from ``chance`` (default: a ``Chance`` seeded with ``seed``; see ``mix_pile``)."""
        if not 2 <= players <= 4:
            raise ValueError("Island Race is for 2 to 4 players")
        if options.get("big-island", False) and players != 2:
            raise ValueError("big-island is for 2 players only")  # V2.1
        if options.get("no-timer", False) and options.get("expert-timer", False):
            raise ValueError("no-timer and expert-timer exclude each other")
        s = cls()
        s.players = players
        s.size = grid_size(options)                     # S1, V2.2
        s.timer = timer_seconds(options)                # S2, V1.1, V3.1
        s.no_timer = s.timer is None
        s.round_index = round_index
        s.pile = mix_pile(chance if chance is not None else Chance(Rng(seed)))  # S4
        s.hands = [None] * players
        s.hand_slot = [-1] * players
        s.grids = [[None] * (s.size * s.size) for _ in range(players)]
        s.taken_by = [None] * N_SLOTS
        s.finished = [False] * players
        s.totals_before = [int(t) for t in totals_before] if totals_before is not None else [0] * players
        s._events = [s.mixed_event()]
        return s

    def mixed_event(self) -> Event:
        """S4: the round's first event (see the module docstring)."""
        return Event.of("mixed", round=self.round_index + 1, tiles=N_SLOTS, size=self.size, timer=self.timer)

    # ----------------------------------------------------------------------------------------------
    # Protocol
    # ----------------------------------------------------------------------------------------------
    @property
    def undo_barrier(self) -> int:  # type: ignore[override]
        return self.barrier

    def current_players(self) -> tuple[int, ...]:
        """R1, R2: everyone not yet Done (in ``last``: not yet finished); nobody in ``mix`` and ``over``."""
        if self.phase == PLAY:
            return tuple(s for s in range(self.players) if s not in self.done)
        if self.phase == LAST:
            return tuple(s for s in range(self.players) if s not in self.done and not self.finished[s])
        return ()

    def is_over(self) -> bool:
        return self.phase == OVER

    def _say(self, text: Text, seat: int | None = None) -> None:
        self._events.append(said(seat, text))

    def _tell(self, kind: str, seat: int | None = None, **data: Any) -> None:
        self._events.append(Event.of(kind, seat, **data))

    # Queries a scene or a bot may use -------------------------------------------------------------
    @property
    def cells(self) -> int:
        return self.size * self.size

    def faces(self, seat: int) -> list[Face | None]:
        """The island of ``seat`` as placed faces (row-major), what scoring reads."""
        return [p.face if p is not None else None for p in self.grids[seat]]

    def filled(self, seat: int) -> int:
        return sum(1 for p in self.grids[seat] if p is not None)

    def grid_full(self, seat: int) -> bool:
        return self.filled(seat) == self.cells

    def legal_cells(self, seat: int) -> list[tuple[int, int]]:
        """R7: empty cells where ``seat`` may place now (any cell for the first tile, else a cell that
        shares a side with a filled one). A5: the grid never shifts, the first tile fixes where it lies."""
        grid = self.grids[seat]
        size = self.size
        first = all(p is None for p in grid)
        out = []
        for cell in cells_of(size):
            if grid[cell[0] * size + cell[1]] is not None:
                continue
            if first or any(grid[nb[0] * size + nb[1]] is not None
                            for d in range(4) if (nb := neighbour(cell, d, size)) is not None):
                out.append(cell)
        return out

    def water_faults_of_placement(self, seat: int, cell: tuple[int, int], face: Face | None = None) -> list[int]:
        """R10: the directions in which the held tile (or ``face``) placed on ``cell`` would break the
        water rule. Placing it is legal anyway (A12: the island then scores 0); the UI warns (§9)."""
        if face is None:
            held = self.hands[seat]
            if held is None:
                return []
            face = held.face
        return water_faults_at(face, cell, self.size)

    def edge_report(self, seat: int, cell: tuple[int, int], face: Face | None = None) -> tuple[bool | None, ...]:
        """R9, R10, R20, R24 for the hover assist (§9): per edge (N E S W) of the held tile (or
        ``face``) on ``cell`` of ``seat``'s island, True = keeps the water rule and matches its placed
        neighbour, False = breaks the water rule or makes a wrong connection, None = land facing an
        empty cell. Empty when nothing is held."""
        if face is None:
            held = self.hands[seat]
            if held is None:
                return ()
            face = held.face
        return edge_report(self.faces(seat), self.size, face, cell)

    def elapsed(self) -> float:
        """Seconds since "Go!" (scene clock, see ``advance_time``); 0 before the round starts."""
        return 0.0 if self.round_start is None else max(0.0, self.now - self.round_start)

    def time_left(self) -> float | None:
        """The clock of the round (§9): seconds left, or None without timer. The scene sends TimeUp."""
        if self.timer is None:
            return None
        return max(0.0, self.timer - self.elapsed())

    LONGER_ROUNDS = (300, 360)   # Settings' longer rounds (accessibility, outside the rules)

    def lengthen_round(self, seconds: int) -> None:
        """Settings' longer rounds: before "Go!", a timed round lasts 5 or 6 minutes instead (outside the
        rules; the results say so). ValueError for anything else: the rules' own timer is never shortened,
        and a round without timer (V3.1) stays without one."""
        if seconds not in self.LONGER_ROUNDS or self.phase != MIX or self.timer is None or seconds < self.timer:
            raise ValueError(f"a round of {self.timer} s cannot be lengthened to {seconds} s now")
        self.timer = seconds

    def advance_time(self, t: float) -> None:
        """The scene's (or ``run_realtime``'s) clock has reached ``t``. Only recorded: TimeUp is an action."""
        self.now = max(self.now, float(t))

    def all_tiles(self) -> list[str]:
        """Every tile id in the pile, the hands and the islands, sorted (conservation: the 48 ids)."""
        pieces = [p for p in self.pile if p is not None] + [p for p in self.hands if p is not None] \
            + [p for g in self.grids for p in g if p is not None]
        return sorted(p.tile for p in pieces if p.tile is not None)

    # Legal actions -------------------------------------------------------------------------------
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """``seat``'s legal actions; ``None`` = every current player's; ``SYSTEM`` = the system actions."""
        if seat is None:
            return [a for s in self.current_players() for a in self.legal_actions(s)]
        if seat == SYSTEM:
            if self.phase == MIX:
                return [StartRound()]
            if self.phase == LAST or (self.phase == PLAY and not self.no_timer):
                return [TimeUp()]
            return []
        if seat not in self.current_players():
            return []
        acts: list[Action] = []
        if self.hands[seat] is None:                          # R3, R4, R12 (A13: nothing else touches the pile)
            acts.extend(Take(seat, slot) for slot, p in enumerate(self.pile) if p is not None)
        else:                                                 # R5, R6, R7
            acts.extend([Rotate(seat, 1), Rotate(seat, -1), Flip(seat), Return(seat)])
            acts.extend(Place(seat, cell) for cell in self.legal_cells(seat))
        if self.phase == PLAY and self.grid_full(seat):       # R13
            acts.append(Done(seat))
        if self.phase == LAST:                                # V3.3
            acts.append(Stop(seat))
        return acts

    # Checking ------------------------------------------------------------------------------------
    def check(self, a: Action) -> Text | None:
        """None if ``a`` is legal now, else the reason a person can read."""
        if isinstance(a, SYSTEM_ACTIONS):
            return self._check_system(a)
        if not isinstance(a, PLAYER_ACTIONS):
            return T("ir.reason.unknown_action")
        seat = a.seat
        if not 0 <= seat < self.players:
            return T("ir.reason.no_such_seat")
        if self.phase == MIX:
            return T("ir.reason.not_started")                 # S4: nobody acts before "Go!"
        if self.phase == OVER:
            return T("ir.reason.round_over")                  # R17
        if seat in self.done:
            return T("ir.reason.done")                        # R2, R13
        if self.phase == LAST and self.finished[seat]:
            return T("ir.reason.finished")                    # V3.3
        held = self.hands[seat]
        if isinstance(a, Take):                               # R4
            if held is not None:
                return T("ir.reason.hand_full")               # R3: one tile in hand at most
            if not isinstance(a.slot, int) or not 0 <= a.slot < N_SLOTS:
                return T("ir.reason.no_slot")
            if self.pile[a.slot] is None:
                taker = self.taken_by[a.slot]
                if taker is not None and taker != seat:
                    return T("ir.reason.taken_by", player=seat_ref(taker))
                return T("ir.reason.slot_empty")
            return None
        if isinstance(a, (Rotate, Flip, Return)):            # R5, R6 (R8: a placed tile is not held)
            if held is None:
                return T("ir.reason.hand_empty")
            if isinstance(a, Rotate) and a.turn not in (1, -1):
                return T("ir.reason.bad_turn")
            return None
        if isinstance(a, Place):                              # R7
            if held is None:
                return T("ir.reason.take_first")              # R7, R11: only the tile in hand is placed
            cell = a.cell
            if not (isinstance(cell, tuple) and len(cell) == 2 and all(isinstance(x, int) for x in cell)
                    and 0 <= cell[0] < self.size and 0 <= cell[1] < self.size):
                return T("ir.reason.outside")                 # R7.1
            if self.grids[seat][cell[0] * self.size + cell[1]] is not None:
                return T("ir.reason.occupied")                # R7.2
            if cell not in self.legal_cells(seat):
                return T("ir.reason.not_adjacent")            # R7.3
            return None
        if isinstance(a, Done):                               # R13, V3.4
            if self.phase == LAST:
                return T("ir.reason.no_done_now")
            if not self.grid_full(seat):                      # A8: full, valid or not
                return T("ir.reason.not_full", cells=self.cells, filled=self.filled(seat))
            return None
        # Stop (V3.3; A16: the extra tile is optional)
        if self.phase != LAST:
            return T("ir.reason.stop_last_only")
        return None

    def _check_system(self, a: Action) -> Text | None:
        if a.seat != SYSTEM:
            return T("ir.reason.system_only")
        if isinstance(a, StartRound):
            return None if self.phase == MIX else T("ir.reason.already_started")
        if self.phase == MIX:
            return T("ir.reason.not_started")
        if self.phase == OVER:
            return T("ir.reason.round_over")
        if self.phase == PLAY and self.no_timer:
            return T("ir.reason.no_timer")                    # V3.1
        return None

    # Applying ------------------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        reason = self.check(action)
        if reason is not None:
            raise IllegalAction(reason)
        self.barrier += 1  # R8: nothing can be taken back
        seat = action.seat
        if isinstance(action, StartRound):
            self._start()
        elif isinstance(action, TimeUp):
            self._time_up()
        elif isinstance(action, Take):
            self._take(seat, action.slot)
        elif isinstance(action, (Rotate, Flip)):
            was = self.hands[seat]
            assert was is not None
            now = was.turned(action.turn) if isinstance(action, Rotate) else was.flipped()
            self.hands[seat] = now
            if isinstance(action, Rotate):
                self._tell("turned", seat, turn=action.turn, was=face_data(was.face), **_shown(now))
            else:
                self._tell("flipped", seat, was=face_data(was.face), **_shown(now))
        elif isinstance(action, Return):
            self._return(seat, "return")
        elif isinstance(action, Place):
            self._place(seat, action.cell)
        elif isinstance(action, Done):
            self._done(seat)
        elif isinstance(action, Stop):
            self.finished[seat] = True                        # V3.3
            self._say(T("ir.log.stop", player=seat_ref(seat)), seat)
            self._tell("stopped", seat)
            self._check_last_over()

    def _start(self) -> None:
        self.phase = PLAY
        self.round_start = self.now
        self._say(T("ir.log.go", round=self.round_index + 1, rounds=ROUNDS))
        self._tell("go", round=self.round_index + 1)

    def _take(self, seat: int, slot: int) -> None:            # R4
        piece = self.pile[slot]
        assert piece is not None
        self.hands[seat] = piece
        self.hand_slot[seat] = slot
        self.pile[slot] = None
        self.taken_by[slot] = seat
        self._tell("drew", seat, slot=slot, **_shown(piece))

    def _return(self, seat: int, why: str) -> None:           # R6: old slot, face as it shows now
        slot = self.hand_slot[seat]
        piece = self.hands[seat]
        assert piece is not None
        self.pile[slot] = piece
        self.taken_by[slot] = None
        self.hands[seat] = None
        self.hand_slot[seat] = -1
        self._tell("returned", seat, slot=slot, why=why, **_shown(piece))

    def _return_all(self, why: str) -> int:
        count = 0
        for seat in range(self.players):
            if self.hands[seat] is not None:
                self._return(seat, why)
                count += 1
        return count

    def _place(self, seat: int, cell: tuple[int, int]) -> None:  # R7, R8, R11
        piece = self.hands[seat]
        assert piece is not None
        self.grids[seat][cell[0] * self.size + cell[1]] = piece
        self.hands[seat] = None
        slot, self.hand_slot[seat] = self.hand_slot[seat], -1  # the slot stays empty; taken_by remembers who
        self._tell("placed", seat, cell=(cell[0], cell[1]), slot=slot, last=self.phase == LAST, **_shown(piece))
        if self.phase == LAST:          # V3.3: the extra tile is placed
            self.finished[seat] = True
            self._say(T("ir.log.last_placed", player=seat_ref(seat)), seat)
            self._check_last_over()

    def _done(self, seat: int) -> None:                       # R13, R14 (A17: the first to arrive is first)
        if self.hands[seat] is not None:
            self._return(seat, "done")
        self.done.append(seat)
        self.finished[seat] = True
        self._say(T("ir.log.done", player=seat_ref(seat), place=ordinal(len(self.done))), seat)
        self._tell("done", seat, place=len(self.done), last=self.no_timer)
        if self.no_timer:                                     # V3.2: the last-tile phase begins
            self.phase = LAST
            self._say(T("ir.log.last_tile", player=seat_ref(seat)))
            self._check_last_over()
        elif len(self.done) == self.players:                  # R16(a)
            self._say(T("ir.log.all_done"))
            self._end(ENDED_ALL_DONE)

    def _check_last_over(self) -> None:                       # V3.5
        if not self.current_players():
            returned = self._return_all("last-tile")
            self._say(T("ir.log.last_over"))
            if returned == 1:
                self._say(T("ir.log.returned_one"))
            elif returned > 1:
                self._say(T("ir.log.returned_many", count=returned))
            self._end(ENDED_LAST_TILE)

    def _time_up(self) -> None:                               # R16(b), R17, A9 (and V3.6)
        self._tell("timeup", held=sum(1 for h in self.hands if h is not None))
        returned = self._return_all("time-up")
        if returned == 0:
            self._say(T("ir.log.time_up"))
        elif returned == 1:
            self._say(T("ir.log.time_up_one"))
        else:
            self._say(T("ir.log.time_up_many", count=returned))
        self._end(ENDED_TIME_UP)

    def _end(self, how: str) -> None:                         # R18 (R15: every island as it stands)
        self.phase = OVER
        self.ended_by = how
        self.scores = self.compute_scores()
        for seat, sc in enumerate(self.scores):
            who = seat_ref(seat)
            if not sc.valid:
                self._say(T("ir.log.invalid", player=who), seat)
                continue
            self._say(T("ir.log.score", player=who, points=sc.total, animals=_signed(sc.animals),
                        landscapes=_signed(sc.landscape_points), volcanoes=_signed(-sc.volcano_penalty),
                        empty=_signed(-sc.empty), wrong=_signed(-sc.wrong), first=_signed(sc.first_out),
                        floor=T("ir.log.floor") if sc.floor else ""), seat)
        for seat, sc in enumerate(self.scores):
            self._tell("scored", seat, why=f"ir.score.round.{self.round_index + 1}", points=sc.total,
                       valid=sc.valid, animals=sc.animals, landscapes=sc.landscape_points,
                       volcanoes=sc.volcano_penalty, empty=sc.empty, wrong=sc.wrong, first=sc.first_out,
                       floor=sc.floor, running=sc.running_total)
        self._tell("ended", what="round", round=self.round_index + 1, how=how,
                   points=[sc.total for sc in self.scores])

    # Scoring R20 R21 R22 R23 R24 R25 R26 R27 ---------------------------------------------------------
    @property
    def first_out(self) -> int | None:
        """R14: the first player to declare Done."""
        return self.done[0] if self.done else None

    def compute_scores(self) -> list[IslandScore]:
        """The round's scores of the islands as they are now (final once the round is over)."""
        return score_round([self.faces(s) for s in range(self.players)], self.size, self.first_out,
                           self.totals_before)

    def result(self) -> Result:
        scores = self.scores if self.scores is not None else self.compute_scores()
        stats = {"ir.stat.valid": [s.valid for s in scores],
                 "ir.stat.landscapes": [len(s.landscapes) for s in scores],
                 "ir.stat.animals": [s.animals for s in scores],
                 "ir.stat.first_out": [1 if s.first_out else 0 for s in scores]}
        return Result.from_scores([float(s.total) for s in scores], [s.rows() for s in scores], stats=stats)

    # Views, copies, JSON ---------------------------------------------------------------------------
    def clone(self) -> "IslandRound":
        c = IslandRound.__new__(IslandRound)
        c.__dict__.update(self.__dict__)
        c.pile = list(self.pile)
        c.hands = list(self.hands)
        c.hand_slot = list(self.hand_slot)
        c.grids = [list(g) for g in self.grids]
        c.taken_by = list(self.taken_by)
        c.done = list(self.done)
        c.finished = list(self.finished)
        c.totals_before = list(self.totals_before)
        c.scores = list(self.scores) if self.scores is not None else None  # IslandScores are not changed
        c._events = list(self._events)
        return c

    def view(self, seat: int | None) -> "IslandRound":
        """S4, A14, §9: the same for every seat: up faces only, no tile ids, no down faces."""
        v = self.clone()
        v.pile = [p.hidden() if p is not None else None for p in self.pile]
        v.hands = [p.hidden() if p is not None else None for p in self.hands]
        v.grids = [[p.hidden() if p is not None else None for p in g] for g in self.grids]
        v._events = [e.seen_by(seat) for e in self._events]
        v.viewer = seat
        v.is_view = True
        return v

    def to_json(self) -> JSON:
        return {
            "type": "ir.round", "players": self.players, "size": self.size, "timer": self.timer,
            "round_index": self.round_index, "phase": self.phase,
            "pile": [_piece_json(p) for p in self.pile], "hands": [_piece_json(p) for p in self.hands],
            "hand_slot": list(self.hand_slot), "grids": [[_piece_json(p) for p in g] for g in self.grids],
            "taken_by": list(self.taken_by), "done": list(self.done), "finished": list(self.finished),
            "now": self.now, "round_start": self.round_start, "ended_by": self.ended_by,
            "totals_before": list(self.totals_before),
            "scores": [s.to_json() for s in self.scores] if self.scores is not None else None,
            "barrier": self.barrier, "viewer": self.viewer,
            "is_view": self.is_view, "events": json_once(self, "events", self._events),
        }

    @classmethod
    def from_json(cls, d: JSON) -> "IslandRound":
        if not isinstance(d, dict) or d.get("type") != "ir.round":
            raise ValueError("not an Island Race round")
        s = cls()
        s.players = int(d["players"])
        s.size = int(d["size"])
        s.timer = int(d["timer"]) if d.get("timer") is not None else None
        s.no_timer = s.timer is None
        s.round_index = int(d["round_index"])
        s.phase = str(d["phase"])
        if s.phase not in (MIX, PLAY, LAST, OVER):
            raise ValueError(f"bad phase {s.phase!r}")
        s.pile = [_piece(p) for p in d["pile"]]
        s.hands = [_piece(p) for p in d["hands"]]
        s.hand_slot = [int(x) for x in d["hand_slot"]]
        s.grids = [[_piece(p) for p in g] for g in d["grids"]]
        s.taken_by = [int(x) if x is not None else None for x in d["taken_by"]]
        s.done = [int(x) for x in d["done"]]
        s.finished = [bool(x) for x in d["finished"]]
        s.now = float(d["now"])
        s.round_start = float(d["round_start"]) if d.get("round_start") is not None else None
        s.ended_by = d.get("ended_by")
        s.totals_before = [int(x) for x in d["totals_before"]]
        s.scores = [IslandScore.from_json(x) for x in d["scores"]] if d.get("scores") is not None else None
        s.barrier = int(d["barrier"])
        if not isinstance(d.get("events", []), list):
            raise ValueError("the round's events are not a list")
        s._events = read_events(d)      # none in a save made before events; its log lines as ``said`` ones
        s.viewer = d.get("viewer")
        s.is_view = bool(d.get("is_view", False))
        if len(s.pile) != N_SLOTS or len(s.hands) != s.players or len(s.grids) != s.players \
                or any(len(g) != s.size * s.size for g in s.grids):
            raise ValueError("inconsistent Island Race round")
        return s


def redraw_tiles(rnd: IslandRound, rng: Rng) -> IslandRound:
    """A copy of the round (not a view) in which tiles showing the same face trade places at random
    (``IslandRaceRules.twin``): each pile slot, hand and island cell keeps its side, turn and face; only
    which tile it is, and so its down face, may change."""
    if rnd.is_view:
        raise ValueError("a view has no tile identities to draw again")
    out = rnd.clone()
    where: list[tuple[list[Piece | None], int]] = [(out.pile, i) for i in range(len(out.pile))]
    where += [(out.hands, s) for s in range(len(out.hands))]
    where += [(g, i) for g in out.grids for i in range(len(g))]
    groups: dict[tuple[int, Face], list[tuple[list[Piece | None], int]]] = {}
    for place in where:
        p = place[0][place[1]]
        if p is not None and p.tile is not None:
            groups.setdefault((p.side, face_of(p.tile, p.side, 0)), []).append(place)
    for places in groups.values():
        tiles = [seq[i].tile for seq, i in places]  # type: ignore[union-attr]
        rng.shuffle(tiles)
        for (seq, i), tile in zip(places, tiles):
            old = seq[i]
            assert old is not None and tile is not None
            seq[i] = Piece.of(tile, old.side, old.rot)
            assert seq[i].face == old.face  # type: ignore[union-attr]
    return out


# ==================================================================================================
# Match and rules
# ==================================================================================================
class IslandMatch(MatchState):
    """The 3 rounds (R19, R28, R29): a MatchState whose hands are rounds. It passes the running totals
    and the clock on to each new round, logs rounds in its own words and ranks by total, ties shared.

    Chance: each round's mix (S4) draws from a ``Chance`` seeded from the match's generator (``rng``),
    exactly as before there was a ``Chance``. ``script`` holds draws fixed in advance for the next
    mixes (``Chance`` script entries, e.g. from ``mix_script`` through ``positions.position(next_pile=...)``);
    it is saved with the match (inside "rng", only when there is one) and never shown in a view.
    """

    def __init__(self, *args: Any, script: Iterable[Sequence[Any]] = (), **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.script: list[list[Any]] = [list(e) for e in script]

    @classmethod
    def start(cls, rules: MatchRules, players: int, options: Mapping[str, Any], seed: int) -> "IslandMatch":
        rng = Rng(seed)
        n = rules.hands_in_match(players, options)
        hand = rules.new_hand(players, options, rng.next64(), 0, 0)
        return cls(rules, players, options, n, rng, hand, 0, 0)

    def advance_time(self, t: float) -> None:
        self.hand.advance_time(t)  # type: ignore[attr-defined]

    def next_hand(self, seed: int) -> State:
        """R19: the next round, mixed again (S4; the scripted draws first); it carries the running
        totals and the clock."""
        mixer = Chance(Rng(seed), self.script)
        nxt = IslandRound.mix(self.players, self.options, seed, self.hand_index, chance=mixer)
        self.script = mixer.script
        nxt.totals_before = [int(t) for t in self.totals]
        nxt.now = self.hand.now  # type: ignore[attr-defined]
        return nxt

    def clone(self) -> "IslandMatch":
        c = super().clone()
        assert isinstance(c, IslandMatch)
        c.script = [list(e) for e in self.script]
        return c

    def to_json(self) -> JSON:
        data = super().to_json()
        data["rng"] = Chance(self.rng, self.script).to_json()  # the bare generator when nothing is scripted
        return data

    @classmethod
    def from_json(cls, rules: MatchRules, data: JSON) -> "IslandMatch":
        if not isinstance(data, dict):
            raise ValueError("not a match state")
        chance = Chance.from_json(data.get("rng"))
        match = super().from_json(rules, dict(data, rng=chance.rng.state()))
        assert isinstance(match, IslandMatch)
        match.script = chance.script
        return match

    def hand_end_log(self) -> list[LogEntry]:
        return []  # each round logs its own start ("Round 2 - go!") and scores

    def hand_start_log(self) -> list[LogEntry]:
        return []

    def result(self) -> Result:
        """R28, R29: totals of the rounds, the highest wins, ties share the victory (no tie-break)."""
        breakdown = [[(f"ir.score.round.{i + 1}", hand_points(r, self.players)[seat])
                      for i, r in enumerate(self.hand_results)] for seat in range(self.players)]
        stats = {}
        for key in ("ir.stat.landscapes", "ir.stat.animals", "ir.stat.first_out"):
            stats[key] = [sum(r.stats.get(key, [0] * self.players)[seat] for r in self.hand_results)
                          for seat in range(self.players)]
        result = Result.from_scores(self.totals, breakdown, stats=stats)
        result.final = last_part(self.hand_results, self.players, "match.final_round")   # R28: the last round's scoring
        return result


class IslandRaceRules(MatchRules):
    """Island Race: 3 simultaneous real-time rounds of island building (spec island-race.md)."""

    id = "island-race"
    name_key = "game.island-race.name"
    hand_word = "round"  # the Continue list says "round 2 of 3"
    version = 1
    min_players = 2
    max_players = 4
    has_secrets = False   # nothing is secret between players (S4): no privacy screen
    realtime = True
    #: the beginner's aid each human seat may have (setup): the edges of the tile in hand marked as they would or
    #: would not match (§9, "optional assist"); its label and its explanation
    seat_aid = ("ir.setup.aid", "ir.setup.aid.help")
    options = (
        Option("expert-timer", "bool", False, label="ir.opt.expert_timer", help="ir.opt.expert_timer.help",
               excludes=("no-timer",)),                                            # V1
        Option("no-timer", "bool", False, label="ir.opt.no_timer", help="ir.opt.no_timer.help",
               excludes=("expert-timer",)),                                        # V3
        Option("big-island", "bool", False, label="ir.opt.big_island", help="ir.opt.big_island.help",
               players=(2,)),                                                      # V2.1
    )
    action_types = ACTION_TYPES

    def hands_in_match(self, players: int, options: Mapping[str, Any]) -> int:
        return ROUNDS

    def new_hand(self, players: int, options: Mapping[str, Any], seed: int, first_player: int,
                 hand_index: int) -> IslandRound:
        return IslandRound.mix(players, options, seed, hand_index)  # R1: no first player

    def hand_from_json(self, data: JSON) -> IslandRound:
        return IslandRound.from_json(data)

    def new_state(self, players: int, options: Mapping[str, Any], seed: int) -> IslandMatch:
        return IslandMatch.start(self, players, options, seed)

    def state_from_json(self, data: JSON) -> IslandMatch:
        """The match of ``State.to_json``; ValueError for anything else (a missing field, a wrong type)."""
        try:
            return IslandMatch.from_json(self, data)
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise ValueError(f"not an Island Race position: {exc!r:.120}") from None

    # Secrets (S4, A14, §10) --------------------------------------------------------------------------
    secrets = (
        "which tile each pile slot, held tile and placed tile is (views show up faces only, no tile ids)",
        "the down face of every tile",
        "the generator behind the next rounds' mixes (and any draws scripted for them)",
    )

    def twin(self, state: State, seat: int | None, rng: Rng) -> IslandMatch:
        """S4, A14: another match nobody can tell from ``state``. Every seat sees the same (up faces
        only), so ``seat`` changes nothing: in the round in play and in the finished one, tiles that
        show the same face (side, turn and picture) trade identities, and with them down faces, drawn
        from ``rng``; the match's generator is replaced and its script dropped (the next mixes are
        secret). ``state`` is not changed."""
        if not isinstance(state, IslandMatch):
            raise ValueError(f"not an Island Race match: {type(state).__name__}")
        t = state.clone()
        t.hand = redraw_tiles(state.hand, rng)  # type: ignore[arg-type]
        if state.last_hand is state.hand:       # the match is over: its last round is the one in play
            t.last_hand = t.hand
        elif state.last_hand is not None:
            t.last_hand = redraw_tiles(state.last_hand, rng)  # type: ignore[arg-type]
        t.rng = Rng(rng.next64())
        t.script = []
        return t

    def corruptions(self, data: JSON) -> Iterable[tuple[str, JSON]]:
        """Damaged copies of a match's JSON that loading refuses (``validate.corruptions``)."""
        from game.games.island_race.validate import corruptions
        return corruptions(data)

    def validate_state(self, state: State) -> None:
        """A loaded save's position: seats, the 48 tiles once each, who holds what, the clock (``validate.py``)."""
        super().validate_state(state)
        from game.games.island_race.validate import validate_match
        validate_match(self, state)

    def carry_unrecorded(self, saved: State, replayed: State) -> None:
        """The scene's clock and a lengthened timer: no action records them (``validate.carry_clock``)."""
        from game.games.island_race.validate import carry_clock
        carry_clock(saved, replayed)

    @staticmethod
    def timer_seconds(options: Mapping[str, Any]) -> int | None:
        """The round length the scene's clock counts down (None with ``no-timer``)."""
        return timer_seconds(options)


RULES = IslandRaceRules()
