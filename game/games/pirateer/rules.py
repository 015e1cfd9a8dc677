"""Pirateer: the rules engine (spec rules/pirateer.md; rule ids in comments).

``PirateerState`` is one game; ``PirateerRules`` builds it (the board defaults to ``load_board()``,
loaded lazily the first time a game is made). Move generation and the dice obligation live in
``moves.py``; this module keeps the turn, the dice, the variants, the log and the results.

Turn phases: ``choose`` (before the first roll: each seat in turn chooses its fleet, ``ChooseFaction``,
S1), ``start`` (before the roll: roll, pre-roll treasure take R1/A5, ``nuke`` arming),
``move`` (dice to play; takes; ``end`` when every usable die is played and a take is still possible),
``storm`` (a tie for the storm's victim, V2.3), ``bonus`` (acey-deucey, V6.2), ``wind`` (war wind with
two factions: which ship 1 holds the treasure, V10.2), ``over``.

S1, the fleets: by default (option ``factions`` = ``choose``) the players choose them at the table, seat 0
first, any fleet nobody has taken (two players any two, three any three; in ``dead-man`` the fleet left over
is the dead man's); after the last choice the game goes on with S2, S3, S4, S5 (ships, first-player roll, turn
order). With ``factions`` = ``preset`` the setup seats them (``preset_seating``): two players take the
``factions-2p`` pair (default Spanish against Pirates), three Spanish, French and Barbary, four all. The
modes that give each of two players two fleets (domination, grab-and-run, war-wind) fix the sides.
Rules version 2 added the choice; a version-1 save replays preset (``options_of_version``).

The fantastic eight (option ``fantastic-eight``, section 6.11; a mode of 5 to 8 players, and 5 to 8 players only
in it, section 6.13): the two-board map, whose eight harbours ("spanish-a" ... "barbary-a") are the fleets the
seats choose at the table (V11.1; ``preset``: ``EIGHT_PRESET``); a ship's "faction" in this module is its harbour,
and each harbour's R17 table comes from its own channel (V11.7, the same as its faction's). When the fleets sail, a
coin flip (the game's chance, event ``flipped``) chooses the island both treasures lie on (V11.2; the setup keeps
its label, only its docks take, R14, and a blast destroys them near it, V3.3); every roll is four dice (V11.4; a
nuke's radius is the lowest of the four, section 6.13); the turn goes round the combined board (V11.7).

The setup (``setup.py``, issue 19): ``state.setup`` is one frozen value built from the options and the choices at
the table (``build_setup``): the map by name, each seat's fleets and the dead man, the seats in turn order round
the board, the dice per movement roll, the treasures and where they start. A save holds it under "setup" and the
treasures' places under "treasures" (treasure id -> "island", a ship id or "destroyed"); ``PirateerRules`` loads
the map the setup names (a save from before it: the standard map, its setup rebuilt from its fields,
``saved_setup``). Every rule that reads "the treasure" reads the set: a ship may hold several (V11.5), each take
takes one (R14), a boarding takes every one aboard (R21), one brought home wins (E1, V11.6).

Dice: every roll (S4's first-player rolls, always two dice; R2, as many as the setup says: two, the storm's three
V2.1; the nuke V3.2; the acey-deucey re-roll V6.3, two) is ``chance.roll(n)``, a ``game.core.chance.Chance``: the
seeded generator, or rolls scripted by a position (``positions.py``). The dice to come are the game's only secret (S6).

Undo (session policy): ``undo_barrier`` rises with every roll and every passing of the turn, so a
player may take back this turn's moves and takes until the last die is played.

Events (``game.core.events``; ``state.events``, saved under "events", none in a save from before them). Nothing
is secret (S6), so every seat sees the same events. Every action adds at least one. ``seat`` is the player who
acts (None: the table); ships are ids, squares ``[x, y]`` as the state keeps them (a strait by its top half):

    seated    (table) the fleets sail (S1, S2): ``fleets`` (per seat), ``dead_man`` (a faction or null)
    flipped   (table) V11.2, the fantastic eight: the coin chose ``island`` (its label, "A" or "B"); every
              treasure lies on it
    rolled    ``dice`` in the order rolled; ``why``: "first-player" (S4, one per seat and round of rolls),
              "move" (R2), "nuke" (V3.2), "reroll" (V6.3)
    first     S4, S5: ``seat`` starts; ``order`` the seats in turn order
    turn      the turn passes to ``seat`` (also the first turn); ``turn`` its number
    chose     ``what`` and ``choice``: "fleet" (a faction, S1), "carrier" (a ship, V10.2), "storm" (the ship the
              storm sinks, V2.3), "bonus" (the two values, V6.2), "end-turn" ("decline-take" R25 or
              "decline-bonus" V6.4)
    moved     ``piece`` (the first ship), ``ships`` (the group, V4.3), ``frm``, ``to``, ``path`` (every square
              entered, the last one ``to``), ``direction``, ``die`` and ``die_index`` (the die played, its
              place in the dice), ``carrying`` (the group held the treasure), ``joins`` (a flotilla stack, V4.4)
    sank      ``piece`` removed at ``at``; ``by``: "boarding" (R21, ``boarder`` the boarding ship), "storm"
              (V2.2) or "nuke" (V3.3); ``owner`` (its seat or null), ``wreck`` (a wreck stays at ``at``, V5.1),
              ``treasure``: where the treasure it carried went (the boarder's heir, "island" V2.4,
              "destroyed" V3.3) or null
    took      ``what`` "treasure": ``ship`` has it now, ``frm`` "island" (R14), a boarded ship (R21, V4.7) or
              "war-wind" (V10.2); ``at`` the ship's square; ``treasure`` which one (its id: "treasure", or
              "treasure-1" / "treasure-2" in the fantastic eight, V11.5; absent in older saves)
    storm     V2.2: a triple; ``ships`` the farthest ships (one sinks now, or ``chose`` "storm" picks it)
    armed     V3.1: ``piece`` armed at ``at`` (then ``rolled`` "nuke", ``blast``, one ``sank`` per ship)
    blast     V3.3: ``piece`` exploded at ``at`` with ``radius``; ``ships`` gone, ``wrecks`` gone,
              ``treasure_destroyed`` (the treasure on the island or aboard a ship gone)
    forfeit   R12, R13: ``dice`` not played; ``none``: no die of the roll could be played (R13), and then ``why``
              says so in the rule's words ("no ship can sail 6 squares", ``no_move_reason``)
    bonus     V6.1, V6.2: the 1-2 is played; ``seat`` may claim the bonus (``chose`` "bonus") or decline it
    out       R23: ``seat`` has no ship left
    takeover  V9.3: ``seat`` takes over the dead man, ``faction``, with its ``ships``
    ended     (table) ``what`` "game": ``winners`` (none in a draw), ``how`` (the catalog key of the result's
              ``how``), ``carrier`` (the ship with the treasure, or null)

Inferences of our own (the spec leaves them open): a move that ends the game satisfies the dice
obligation (E1 says unplayed dice are not played); a flotilla group that boards the carrier's stack
hands the treasure to its first ship (V4.7); the 300-round draw counts turns with no ship removed and
no treasure taken, 300 per player still afloat.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

from game.core.chance import Chance
from game.core.events import Event, json_once, read_events, said
from game.core.protocol import (JSON, Action, IllegalAction, Option, Result, Rules, State, T, Text,
                                 seat_ref)
from game.core.rng import Rng
from game.games.pirateer.boardmodel import Board, Cell
from game.games.pirateer.moves import (DESTROYED, ISLAND, Ctx, Landing, Pos, after, blast, can_take, faction_of,
                                       heir_of, landing, landings, max_dice, number_of, plain_moves,
                                       port_distances, ray, ship_id, sink, survives, take, wins)
from game.games.pirateer.setup import STANDARD, Setup, board_name, build_setup

START, MOVE, END, STORM, BONUS, WIND, OVER = "start", "move", "end", "storm", "bonus", "wind", "over"
CHOOSE = "choose"              # S1: the seats choose their fleets at the table, one after the other
DRAW_ROUNDS = 300
MODES = ("domination", "grab-and-run", "dead-man", "war-wind", "fantastic-eight")
EIGHT = "fantastic-eight"      # V11.1: two boards, 5 to 8 players, each on a harbour of its own
EIGHT_PLAYERS = (5, 6, 7, 8)   # section 6.13: the mode fixes the player count; 5 to 8 only with it
# S1 preset for the fantastic eight (our choice: V11.1 lets each player choose): the harbours taken in this order
# spread the fleets over both boards and all four corners
EIGHT_PRESET = ("spanish-a", "pirates-b", "french-a", "barbary-b", "pirates-a", "spanish-b", "barbary-a", "french-b")
VARIANTS = ("devils-island", "storm", "nuke", "flotilla", "wrecks", "acey-deucey", "free-boarding")
# the modes that give each of two players two fleets: V7.1 (short sides), V8.1 (long sides), V10.1 (allies);
# A21: each carrier still sails to its own faction's anchor (V7.3) except in war wind (A23)
TWO_PLAYER_SIDES = {"domination": (("spanish", "barbary"), ("french", "pirates")),
                    "grab-and-run": (("spanish", "french"), ("barbary", "pirates")),
                    "war-wind": (("spanish", "pirates"), ("french", "barbary"))}
#: how a game won by bringing a treasure home is said (E1; V11.6: one treasure of two, or a ship holding both)
TREASURE_HOME = ("pir.how.treasure", "pir.how.treasure_one", "pir.how.treasure_both")
ALLY = {"spanish": "pirates", "pirates": "spanish", "french": "barbary", "barbary": "french"}
BASE_FACTIONS = {2: ("spanish", "pirates"), 3: ("spanish", "french", "barbary"),
                 4: ("spanish", "french", "pirates", "barbary")}
FACTIONS_2P = "factions-2p"    # S1: the two fleets of a basic two-player game (seat 0 takes the first)
TWO_PLAYER_FACTIONS: dict[str, tuple[str, str]] = {
    "spanish-pirates": ("spanish", "pirates"), "spanish-french": ("spanish", "french"),
    "spanish-barbary": ("spanish", "barbary"), "french-pirates": ("french", "pirates"),
    "french-barbary": ("french", "barbary"), "pirates-barbary": ("pirates", "barbary")}
DEFAULT_FACTIONS_2P = "spanish-pirates"
DEAD_MAN_PLAYERS = ("spanish", "french", "pirates")   # V-I: the dead man is Barbary (A22: set up, idle)
FACTIONS = "factions"          # S1: "choose" (each player chooses at the table) or "preset" (the fixed seating)
CHOOSE_AT_TABLE, PRESET = "choose", "preset"
EVENT_KINDS = ("seated", "flipped", "rolled", "first", "turn", "chose", "moved", "sank", "took", "storm", "armed",
               "blast", "forfeit", "bonus", "out", "takeover", "ended", "said")   # the module notes say what each carries


# ==================================================================================================
# Setup S1, S2, S3, S4, S5 (shared by new games and by the position builder, positions.py)
# ==================================================================================================
def mode_of(options: Mapping[str, Any]) -> str | None:
    """The mode among ``MODES`` that is on, if any (the compatibility table allows one at most)."""
    return next((m for m in MODES if options.get(m)), None)


def game_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options a state keeps: every mode and variant on or off, how the fleets are seated and the
    two-player fleets."""
    out: dict[str, Any] = {k: options.get(k, False) for k in MODES + VARIANTS}
    out[FACTIONS] = options.get(FACTIONS, CHOOSE_AT_TABLE)
    if out[FACTIONS] not in (CHOOSE_AT_TABLE, PRESET):
        raise ValueError(f"unknown way to seat the fleets: {out[FACTIONS]!r}")
    out[FACTIONS_2P] = options.get(FACTIONS_2P, DEFAULT_FACTIONS_2P)
    if out[FACTIONS_2P] not in TWO_PLAYER_FACTIONS:
        raise ValueError(f"unknown two-player factions: {out[FACTIONS_2P]!r}")
    return out


def chosen_at_table(players: int, options: Mapping[str, Any]) -> bool:
    """S1: do the players choose their fleets at the table? Yes unless the setup presets the seating, or a
    mode gives each of two players two fleets (V7.1, V8.1, V10.1: the mode fixes the sides)."""
    return options.get(FACTIONS, CHOOSE_AT_TABLE) == CHOOSE_AT_TABLE and \
        not (players == 2 and mode_of(options) in TWO_PLAYER_SIDES)


def preset_seating(players: int, options: Mapping[str, Any]) -> tuple[list[list[str]], str | None]:
    """S1 as set up before the game: each seat's fleets, and the dead man (V9.1). Modes that give each
    player two fleets fix the sides (V7.1, V8.1, V10.1); ``dead-man`` seats Spanish, French and Pirates
    and leaves Barbary to the dead man (V-I); two players take the ``factions-2p`` pair (S1, default
    Spanish against Pirates); three take Spanish, French and Barbary; four every fleet."""
    mode = mode_of(options)
    if mode in TWO_PLAYER_SIDES and players == 2:
        return [list(f) for f in TWO_PLAYER_SIDES[mode]], None
    if mode == "dead-man":
        return [[f] for f in DEAD_MAN_PLAYERS], "barbary"
    if mode == EIGHT:
        return [[f] for f in EIGHT_PRESET[:players]], None
    if players == 2:
        return [[f] for f in TWO_PLAYER_FACTIONS[options.get(FACTIONS_2P, DEFAULT_FACTIONS_2P)]], None
    return [[f] for f in BASE_FACTIONS[players]], None


def teams_for(mode: str | None, seat_factions: list[list[str]]) -> list[int]:
    """Each seat's team: its own, but in ``war-wind`` the corner's (V10.1: Spanish with Pirates, French
    with Barbary)."""
    if mode == "war-wind":
        return [0 if ALLY[fs[0]] in ("pirates", "spanish") else 1 for fs in seat_factions]
    return list(range(len(seat_factions)))


def start_squares(board: Board, factions: list[str], options: Mapping[str, Any]) -> dict[str, Cell]:
    """S2: ship n of each fleet on its start square n (A12: the three channel squares next to the anchor;
    V1.1, A25: ships 2 and 3 on the docks facing home in ``devils-island``; V4.1, A18: the whole fleet on
    start square 1 in ``flotilla``; V9.1: the dead man's too)."""
    ships: dict[str, Cell] = {}
    for f in factions:
        h = board.harbour(f)
        docks = [d.cell for d in board.docks if d.near == f]
        for n in (1, 2, 3):
            if options.get("flotilla"):
                cell = h.starts[0]                           # V4.1
            elif options.get("devils-island") and n > 1:
                cell = docks[n - 2]                          # V1.1
            else:
                cell = h.starts[n - 1]                       # S2
            ships[ship_id(f, n)] = cell
    return ships


def clockwise_order(board: Board, seat_factions: list[list[str]], first: int) -> list[int]:
    """S5, A13: the seats clockwise by home corner, starting with ``first``."""
    order = sorted(range(len(seat_factions)), key=lambda seat: min(board.factions.index(f)
                                                                   for f in seat_factions[seat]))
    k = order.index(first)
    return order[k:] + order[:k]


# ==================================================================================================
# Actions
# ==================================================================================================
@dataclass(frozen=True)
class ChooseFaction(Action):
    """S1: ``seat`` takes ``faction``'s fleet (phase ``choose``, before the first roll)."""
    kind: ClassVar[str] = "pir.choose_faction"
    faction: str = ""


@dataclass(frozen=True)
class Roll(Action):
    """R2: roll the dice (two, or three in ``storm``)."""
    kind: ClassVar[str] = "pir.roll"


@dataclass(frozen=True)
class Move(Action):
    """R3, R4, R5, R6, R7, R8, R9, R10: ``ships`` (one ship, or part of a flotilla stack) sail ``die``
    squares ``direction``; any unplayed die may go first (R10)."""
    kind: ClassVar[str] = "pir.move"
    ships: tuple[str, ...] = ()
    direction: str = ""
    die: int = 0


@dataclass(frozen=True)
class Take(Action):
    """R14: ``ship``, standing on a dock, takes the treasure."""
    kind: ClassVar[str] = "pir.take"
    ship: str = ""


@dataclass(frozen=True)
class EndTurn(Action):
    """R25: end the turn, declining a take that is still possible (or the acey-deucey bonus, V6.4)."""
    kind: ClassVar[str] = "pir.end"


@dataclass(frozen=True)
class Arm(Action):
    """V3.1: ``nuke``: arm ``ship`` before rolling; the roll is the blast."""
    kind: ClassVar[str] = "pir.arm"
    ship: str = ""


@dataclass(frozen=True)
class StormPick(Action):
    """V2.3: the storm's victim among the player's equally far ships."""
    kind: ClassVar[str] = "pir.storm"
    ship: str = ""


@dataclass(frozen=True)
class Bonus(Action):
    """V6.2: acey-deucey: the two chosen values."""
    kind: ClassVar[str] = "pir.bonus"
    first: int = 1
    second: int = 1


@dataclass(frozen=True)
class ChooseCarrier(Action):
    """V10.2: war wind, first player with two factions: which ship 1 starts with the treasure."""
    kind: ClassVar[str] = "pir.wind"
    ship: str = ""


ACTION_TYPES: tuple[type[Action], ...] = (Roll, Move, Take, EndTurn, Arm, StormPick, Bonus, ChooseCarrier,
                                          ChooseFaction)


def faction_text(faction: str) -> Text:
    return T(f"pir.faction.{faction}")


def faction_of_text(faction: str) -> Text:
    """The faction as an owner ("degli Spagnoli" in Italian)."""
    return T(f"pir.faction_of.{faction}")


def ship_text(ship: str) -> Text:
    return T("pir.ship", faction=faction_of_text(faction_of(ship)), n=number_of(ship))


def cell_text(board: Board, cell: Cell) -> str:
    """A square in a log line: its name as the board's frame prints it ("C8"; a strait by both halves). The name
    is the same in every language, so the line keeps it as a word."""
    return board.square_name(cell)


_OLD_SQUARE = re.compile(r"\((\d+),(\d+)\)")


def _square_names(board: Board, value: Any) -> Any:
    """A log line's parameter as a square's name: a save from before the squares had names wrote "(12,0)"."""
    if isinstance(value, str):
        m = _OLD_SQUARE.fullmatch(value)
        cell = (int(m.group(1)), int(m.group(2))) if m else None
        return board.square_name(cell) if cell is not None and board.in_grid(cell) else value
    if type(value) is Text:
        return Text(value.key, tuple((k, _square_names(board, v)) for k, v in value.params))
    return value


def _named_squares(board: Board, e: Event) -> Event:
    """A ``said`` event of an older save with its squares named as the board prints them (its other events, and
    the lines of a newer save, as they are)."""
    if e.kind != "said" or e.get("text") is None:
        return e
    text = e.get("text")
    named = _square_names(board, text)
    if named == text:
        return e
    if e.secret:
        return Event(e.kind, e.seat, e.data, (("text", named),), e.audience)
    return Event(e.kind, e.seat, (("text", named),), e.secret, e.audience)


def dir_text(direction: str) -> Text:
    return T(f"pir.dir.{direction}")


def or_text(items: list[Any]) -> Text:
    """A short list of choices joined the catalog's way ("5 or 2", "5, 2 or 1")."""
    return list_text(items, "pir.list.or_two")


def no_move_reason(dice: list[int]) -> Text:
    """R13 in the rule's words: M = 0, so no die of the roll moves any ship its exact number of squares in a
    straight line (R3): "no ship can sail 6 squares", "... 3 or 5 squares" (each value once, smallest first)."""
    values = sorted(set(int(d) for d in dice))
    if values == [1]:
        return T("pir.why.no_move_one")                                                     # R13
    return T("pir.why.no_move", dice=or_text(values))                                       # R13


def list_text(items: list[Any], two: str = "pir.list.two") -> Text:
    """A short list joined the catalog's way ("5 and 2", "5, 2 and 1"; with ``two`` another last joint)."""
    parts = [str(i) if not isinstance(i, Text) else i for i in items]
    if len(parts) == 1:
        return T("pir.list.one", a=parts[0])
    text = T(two, a=parts[-2], b=parts[-1])
    for p in reversed(parts[:-2]):
        text = T("pir.list.more", a=p, rest=text)
    return text


# ==================================================================================================
# The game
# ==================================================================================================
class PirateerState(State):
    """One game of Pirateer. Public surface for scenes and bots (read-only outside this module):
    board, players, options, seat_factions[seat], order (turn order of seats), current, phase, dice,
    used (per die), need (dice the obligation still asks for), ships {id: cell}, treasures {id: "island", a ship
    id or "destroyed"} (``treasure``: the one treasure's place, ValueError with several), wrecks, turn,
    dead_man / dead_man_owner, winners, how, stats; ``setup`` (``setup.Setup``): the map by name, the seats'
    fleets, the turn order round the board, the dice per roll, the treasures and where they start."""

    has_secrets = False

    def __init__(self, board: Board, setup: Setup | None = None) -> None:   # use PirateerState.new or from_json
        self.board = board
        self.setup = setup or Setup()  # the map by name, fleets, turn order, dice, treasures (``setup.py``)
        self.players = 2
        self.options: dict[str, Any] = {}
        self.seat_factions: list[list[str]] = []
        self.teams: list[int] = []
        self.order: list[int] = []
        self.current = 0
        self.phase = START
        self.dice: list[int] = []
        self.used: list[bool] = []
        self.need = 0
        self.stage = "roll"            # acey-deucey: "roll", "bonus" (chosen values) or "reroll"
        self.pos = Pos({})
        self.turn = 1
        self.quiet = 0
        self.dead_man: str | None = None
        self.dead_man_owner: int | None = None
        self.storm_choices: list[str] = []
        self.out: set[int] = set()     # seats whose last ship sank (R23)
        self.sunk: list[int] = []
        self.lost: list[int] = []
        self.carry_turns: list[int] = []
        self.winners: list[int] = []
        self.how: Text | None = None
        self.chance = Chance()         # every die of the game: S4, R2, V2.1, V3.2, V6.3 (chance.roll)
        self.barrier = 0
        self._events: list[Event] = []  # what happened, in order (see the module notes); all public (S6)
        self._legal: list[Action] | None = None
        self._ctx: tuple[tuple, Ctx] | None = None          # speed only: the last ctx() and its inputs
        self._plans: tuple[Ctx, frozenset[str], dict] | None = None   # speed only: this roll's R11 memo

    # ----------------------------------------------------------------------------------------------
    # Setup S1, S2, S3, S4, S5, V1.1, V4.1, V7.1, V8.1, V9.1, V10.1, V10.2
    # ----------------------------------------------------------------------------------------------
    @classmethod
    def new(cls, board: Board, players: int, options: Mapping[str, Any], seed: int,
            map_name: str | None = None) -> "PirateerState":
        """A new game on ``board``: the map the options call for (``setup.board_name``), or the one ``map_name``
        names (a map of a test, say)."""
        s = cls(board)
        s.players = players
        s.options = game_options(options)
        s.setup = build_setup(players, s.options, ring=board.factions, board=map_name)
        s.pos = Pos({}, s.setup.start_places())
        s.chance = Chance(Rng(seed))
        s.teams = list(range(players))
        s.sunk, s.lost, s.carry_turns = [0] * players, [0] * players, [0] * players
        s._say(None, T("pir.log.setup", players=players))
        if chosen_at_table(players, s.options):
            s.seat_factions = [[] for _ in range(players)]    # S1: seat 0 chooses first, then seat 1 ...
            s.phase, s.current = CHOOSE, 0
            # no die is rolled before the choices: the generator is drawn from the seed, so that no seed
            # leaves it where a view's blank generator (``view``) stands
            s.chance = Chance(Rng(seed).fork())
            return s
        seats, dead_man = preset_seating(players, s.options)
        s._set_sail(seats, dead_man)
        return s

    def choosable(self) -> list[str]:
        """S1: the fleets the seat to choose may still take, clockwise from Spanish: any fleet nobody has
        taken (two players may take any two, three any three; with ``dead-man`` the fleet left over is the
        dead man's, V9.1)."""
        taken = {f for fs in self.seat_factions for f in fs}
        return [f for f in self.board.factions if f not in taken]

    def _choose(self, seat: int, faction: str) -> None:
        """S1: ``seat`` takes ``faction``; after the last seat the fleets sail (S2, S3, S4, S5)."""
        self.seat_factions[seat] = [faction]
        self.setup = build_setup(self.players, self.options, self.seat_factions, None, self.board.factions,
                                 self.setup.board)                     # the choices so far (S1)
        self.barrier += 1
        self._say(seat, T("pir.log.choose", player=seat_ref(seat), faction=faction_of_text(faction)))
        self._note("chose", seat, what="fleet", choice=faction)
        waiting = [x for x in range(self.players) if not self.seat_factions[x]]
        if waiting:
            self.current = waiting[0]
            return
        spare = self.choosable()
        dead_man = spare[0] if self.mode == "dead-man" else None   # V9.1: the fleet nobody chose
        self._set_sail(self.seat_factions, dead_man)

    def _set_sail(self, seats: list[list[str]], dead_man: str | None) -> None:
        """Every seat has its fleets (S1): the ships go to their start squares (S2; V1.1, V4.1, V9.1), the
        treasure on the island (S3), the first player is rolled for (S4), the turn order is clockwise from
        them (S5), and in war wind the treasure boards ship 1 of the first player (V10.2)."""
        self.seat_factions = [list(fs) for fs in seats]
        self.dead_man = dead_man
        self.setup = build_setup(self.players, self.options, seats, dead_man, self.board.factions, self.setup.board)
        self.teams = teams_for(self.mode, self.seat_factions)
        self.pos = Pos(start_squares(self.board, self.setup.harbours(), self.options), self.setup.start_places())
        self._note("seated", None, fleets=[list(fs) for fs in self.seat_factions], dead_man=dead_man)
        if len(self.board.islands) > 1:
            self._flip_coin()                                  # V11.2, before the first-player roll (S3, S4)
        first = self._first_player()
        k = self.setup.order.index(first)                      # S5: round the board from the first player
        self.order = list(self.setup.order[k:] + self.setup.order[:k])
        self.current = first
        self._say(None, T("pir.log.first", player=self._who(first)))
        self._note("first", first, order=list(self.order))
        self._note("turn", first, turn=self.turn)
        self.phase = START
        if self.mode == "war-wind":                            # V10.2
            if len(self.seat_factions[first]) == 1:
                self._wind(first, ship_id(self.seat_factions[first][0], 1))
            else:
                self.phase = WIND

    def _flip_coin(self) -> None:
        """V11.2: a coin flip (the game's seeded chance, like every die) chooses the island; both treasures lie on
        it, and only its docks take (R14)."""
        labels = [i.label for i in self.board.islands]
        island = labels[self.chance.draw_index(labels)]
        self.setup = build_setup(self.players, self.options, self.setup.fleets, self.dead_man, self.board.factions,
                                 self.setup.board, island)
        self._say(None, T("pir.log.coin", island=island))
        self._note("flipped", None, island=island)

    def _first_player(self) -> int:
        """S4, A13: everyone rolls both dice; the highest total starts; a tie for the highest rolls again.
        E4: every game rolls for its first player anew."""
        contenders = list(range(self.players))
        while True:
            totals = {}
            for seat in contenders:
                a, b = self.chance.roll(2)
                totals[seat] = a + b
                self._say(seat, T("pir.log.first_roll", player=self._who(seat), a=a, b=b))
                self._note("rolled", seat, dice=[a, b], why="first-player")
            top = max(totals.values())
            contenders = [seat for seat in contenders if totals[seat] == top]
            if len(contenders) == 1:
                return contenders[0]

    # ----------------------------------------------------------------------------------------------
    # Small queries
    # ----------------------------------------------------------------------------------------------
    @property
    def rng(self) -> Rng:
        """The generator behind the dice to come (``chance.rng``; kept for older callers)."""
        return self.chance.rng

    @rng.setter
    def rng(self, value: Rng) -> None:
        self.chance.rng = value

    def dice_count(self) -> int:
        """Dice in a movement or nuke roll, as the setup says: two, three in ``storm``, four in
        ``fantastic-eight`` (R2, V2.1, V3.2, V11.4)."""
        return self.setup.dice

    @property
    def mode(self) -> str | None:
        return mode_of(self.options)

    @property
    def ships(self) -> dict[str, Cell]:
        return self.pos.ships

    @property
    def treasure(self) -> str:
        """The one treasure's place (``Pos.treasure``: ValueError with several; use ``treasures``)."""
        return self.pos.treasure

    @property
    def treasures(self) -> dict[str, str]:
        """Treasure id -> its place ("island", "destroyed" or the ship holding it)."""
        return self.pos.treasures

    def carriers(self) -> list[str]:
        """The ships afloat holding a treasure."""
        return self.pos.carriers()

    @property
    def wrecks(self) -> frozenset[Cell]:
        return self.pos.wrecks

    def controller(self, faction: str) -> int | None:
        for seat, fs in enumerate(self.seat_factions):
            if faction in fs:
                return seat
        return None

    def factions_of(self, seat: int) -> frozenset[str]:
        return frozenset(self.seat_factions[seat])

    def afloat(self, seat: int) -> list[str]:
        fs = self.seat_factions[seat]
        return sorted(s for s in self.pos.ships if faction_of(s) in fs)

    def home_of(self, faction: str) -> str:
        """V10.3: a war-wind carrier heads for its ally's anchor; otherwise its own (V7.3)."""
        return ALLY[faction] if self.mode == "war-wind" else faction

    def ctx(self) -> Ctx:
        """The fixed rules of the turn (rebuilt only when the seats, teams or options it reads change)."""
        key = (tuple(map(tuple, self.seat_factions)), tuple(self.teams), self.mode,
               bool(self.options.get("free-boarding")), bool(self.options.get("wrecks")),
               bool(self.options.get("flotilla")), self.setup.island)
        if self._ctx is not None and self._ctx[0] == key:
            return self._ctx[1]
        ctx = self._make_ctx()
        self._ctx = (key, ctx)
        return ctx

    def plan_memo(self, ctx: Ctx, factions: frozenset[str]) -> dict:
        """The ``max_dice`` memo shared by this roll's searches; entries are exact for (ctx, factions)."""
        if self._plans is None or self._plans[0] is not ctx or self._plans[1] != factions:
            self._plans = (ctx, factions, {})
        return self._plans[2]

    def _make_ctx(self) -> Ctx:
        friends: dict[str, frozenset[str]] = {}
        factions = self.board.factions
        for f in factions:
            seat = self.controller(f)
            same = {f}
            if seat is not None:
                for other in factions:
                    o = self.controller(other)
                    if o is not None and (o == seat or self.teams[o] == self.teams[seat]):
                        same.add(other)
            friends[f] = frozenset(same)
        home = {f: self.home_of(f) for f in factions}
        return Ctx(self.board, friends, home, free_boarding=bool(self.options.get("free-boarding")),
                   wrecks=bool(self.options.get("wrecks")), flotilla=bool(self.options.get("flotilla")),
                   island=self.setup.island)                          # V11.2: only that island's docks take

    def _who(self, seat: int) -> Text:
        fs = self.seat_factions[seat]
        if not fs:
            return seat_ref(seat)                  # S1: a seat that has not chosen its fleet yet
        return faction_text(fs[0]) if len(fs) == 1 else T("pir.side", a=faction_text(fs[0]),
                                                               b=faction_text(fs[1]))

    def unused(self) -> tuple[int, ...]:
        return tuple(sorted(d for d, u in zip(self.dice, self.used) if not u))

    # ----------------------------------------------------------------------------------------------
    # Protocol
    # ----------------------------------------------------------------------------------------------
    @property
    def undo_barrier(self) -> int:  # type: ignore[override]
        return self.barrier

    def current_players(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.current,)

    def is_over(self) -> bool:
        return self.phase == OVER

    def _say(self, seat: int | None, text: Text) -> None:
        self._events.append(said(seat, text))     # R26: every roll, move, take and boarding is logged

    def _note(self, kind: str, seat: int | None, **data: Any) -> None:
        """Record an event (kinds and fields in the module notes). Nothing is secret (S6)."""
        self._events.append(Event.of(kind, seat, **data))

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if seat is None:
            seat = self.current
        if self.phase == OVER or seat != self.current:
            return []
        if self._legal is None:
            self._legal = self._compute_legal(seat)
        return list(self._legal)

    def _compute_legal(self, seat: int) -> list[Action]:
        if self.phase == CHOOSE:
            return [ChooseFaction(seat, f) for f in self.choosable()]          # S1
        mine = self.factions_of(seat)
        takes: list[Action] = [Take(seat, s) for s in can_take(self.pos, self.board, mine, self.setup.island)]
        if self.phase == START:                   # A5, V1.2: a take before the roll is always allowed
            out: list[Action] = [Roll(seat)] + takes
            if self.options.get("nuke"):
                out += [Arm(seat, s) for s in self.afloat(seat)]
            return out
        if self.phase == WIND:
            return [ChooseCarrier(seat, ship_id(f, 1)) for f in self.seat_factions[seat]
                    if ship_id(f, 1) in self.pos.ships]
        if self.phase == STORM:
            return [StormPick(seat, s) for s in self.storm_choices]
        if self.phase == BONUS:
            # V6.2, A20: any two values, each 1-6 on its own; declining is EndTurn (V6.4)
            return takes + [Bonus(seat, a, b) for a in range(1, 7) for b in range(1, 7)] + [EndTurn(seat)]
        if self.phase == END:
            return takes + [EndTurn(seat)]
        # MOVE: only actions that continue a plan using ``need`` more dice (R11)
        ctx, dice, need = self.ctx(), self.unused(), self.need
        memo = self.plan_memo(ctx, mine)
        out = []
        plain: dict[int, list] = {}        # speed only: the second die's plain moves, for ``survives``
        for land in landings(ctx, self.pos, mine, dice):
            rest = list(dice)
            rest.remove(land.die)
            if need <= 1:                  # any legal move continues a plan of one die (A3: either die)
                out.append(Move(seat, land.group, land.direction, land.die))
                continue
            if need == 2 and len(rest) == 1:
                if rest[0] not in plain:
                    plain[rest[0]] = plain_moves(ctx, self.pos, mine, rest[0])
                if survives(plain[rest[0]], land):
                    out.append(Move(seat, land.group, land.direction, land.die))
                    continue
            new = after(ctx, self.pos, land)
            if wins(ctx, new, land) or 1 + max_dice(ctx, new, mine, tuple(rest), memo) >= need:
                out.append(Move(seat, land.group, land.direction, land.die))
        for a in takes:
            new = take(self.pos, a.ship)  # type: ignore[attr-defined]
            if max_dice(ctx, new, mine, dice, memo) >= need:
                out.append(a)
        return out

    def check(self, action: Action) -> Text | None:
        """None if ``action`` is legal now, else the reason a person can read."""
        if self.phase == OVER:
            return T("pir.reason.over")
        if action.seat != self.current:
            return T("pir.reason.not_your_turn", player=self._who(self.current))
        if isinstance(action, Move):
            action = Move(action.seat, tuple(sorted(action.ships)), action.direction, action.die)
        if action in self.legal_actions(action.seat):
            return None
        return self._why_not(action)

    def _why_not(self, a: Action) -> Text:
        seat = a.seat
        mine = self.factions_of(seat)
        if self.phase == CHOOSE:
            if not isinstance(a, ChooseFaction):
                return T("pir.reason.choose_faction")
            if a.faction not in self.board.factions:
                return T("pir.reason.unknown_faction")
            return T("pir.reason.faction_taken", faction=faction_of_text(a.faction))
        if isinstance(a, ChooseFaction):
            return T("pir.reason.factions_chosen")
        if self.phase == WIND:
            return T("pir.reason.choose_carrier")
        if self.phase == STORM:
            return T("pir.reason.storm_pick")
        if isinstance(a, Roll):
            return T("pir.reason.rolled")
        if isinstance(a, Arm):
            if not self.options.get("nuke"):
                return T("pir.reason.no_nuke")
            if a.ship not in self.afloat(seat):
                return T("pir.reason.not_your_ship")
            return T("pir.reason.arm_before_roll")
        if isinstance(a, Bonus):
            return T("pir.reason.no_bonus")
        if isinstance(a, EndTurn):
            if self.phase == START:
                return T("pir.reason.roll_first")
            return T("pir.reason.dice_left", n=self.need)
        if isinstance(a, Take):
            if not self.pos.on_island():
                return T("pir.reason.treasure_gone")
            if a.ship not in self.pos.ships or faction_of(a.ship) not in mine:
                return T("pir.reason.not_your_ship")
            cell = self.pos.ships[a.ship]
            dock = self.board.dock_at(cell)
            if dock is None or cell in self.pos.wrecks:
                return T("pir.reason.not_on_dock")
            if self.setup.island is not None and dock.island != self.setup.island:
                return T("pir.reason.other_island", island=self.setup.island)      # V11.2
            return T("pir.reason.take_blocks_dice")                       # R11
        if isinstance(a, Move):
            if self.phase == START:
                return T("pir.reason.roll_first")
            if self.phase in (END, BONUS) or self.need == 0:
                return T("pir.reason.no_dice_left")
            if not a.ships or any(s not in self.pos.ships or faction_of(s) not in mine for s in a.ships):
                return T("pir.reason.not_your_ship")
            if a.die not in self.unused():
                return T("pir.reason.no_such_die", die=a.die)
            if a.direction not in ("NW", "NE", "SE", "SW", "E", "W"):
                return T("pir.reason.bad_direction")
            return self._why_not_move(a)
        return T("pir.reason.not_now")

    def _why_not_move(self, a: Move) -> Text:
        ctx = self.ctx()
        cells = {self.pos.ships[s] for s in a.ships}
        if len(cells) > 1 or (len(a.ships) > 1 and not ctx.flotilla):
            return T("pir.reason.one_stack")
        occ = self.pos.occupancy()
        land = landing(ctx, self.pos, occ, tuple(sorted(a.ships)), a.die, a.direction)
        if land is not None:
            return T("pir.reason.blocks_dice")                                  # R11
        return self._explain(ctx, tuple(sorted(a.ships)), a.die, a.direction, occ)

    def _explain(self, ctx: Ctx, group: tuple[str, ...], die: int, direction: str,
                 occ: dict[Cell, list[str]]) -> Text:
        """Why a die move is illegal in itself (R5, R6, R7, R8, R9, R17, R20, V5.2)."""
        from game.games.pirateer.moves import forbidden
        b = self.board
        start = self.pos.ships[group[0]]
        faction = faction_of(group[0])
        if direction in ("E", "W") and b.current_at(start) is None:
            return T("pir.reason.not_on_current")
        if self.pos.holds(group) and forbidden(ctx.d(faction), direction):
            if direction in ("E", "W"):                                    # R18: one way along a current
                return T("pir.reason.away_on_current", direction=dir_text(direction),
                         allowed=dir_text("W" if direction == "E" else "E"))
            return T("pir.reason.away_from_home", direction=dir_text(direction))   # R17
        path = b.ray(start, direction, die)
        if path is None:
            return T("pir.reason.off_water") if direction not in ("E", "W") else T("pir.reason.current_ends")
        friends = ctx.friends.get(faction, frozenset((faction,)))
        for sq in path[:-1]:
            if direction not in ("E", "W") and b.current_at(sq) is not None:
                return T("pir.reason.crosses_current")
            if direction not in ("E", "W") and b.strait_at(sq) is not None:
                return T("pir.reason.crosses_strait")
            if sq in occ:                                                  # R5 (c), G8: own ships block too
                own = faction_of(occ[sq][0]) in friends
                return T("pir.reason.own_ship_in_way" if own else "pir.reason.ship_in_way")
            if sq in self.pos.wrecks:
                return T("pir.reason.wreck_in_way")
        last = path[-1]
        here = occ.get(last)
        if not here:
            return T("pir.reason.wreck_square")                               # V5.2
        if faction_of(here[0]) == faction and ctx.flotilla and last in self.pos.wrecks:
            return T("pir.reason.wreck_square")                               # V4.4, V5.2
        if faction_of(here[0]) in ctx.friends.get(faction, frozenset()):
            return T("pir.reason.own_ship")                                   # R6, R20
        return T("pir.reason.no_treasure_aboard")

    # ----------------------------------------------------------------------------------------------
    # Applying
    # ----------------------------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        reason = self.check(action)               # R27 (b): only legal actions are ever played
        if reason is not None:
            raise IllegalAction(reason)
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (from ``legal_actions`` of an equal state)."""
        seat = action.seat
        self._legal = None
        if isinstance(action, Roll):
            self._roll(seat)
        elif isinstance(action, Take):
            self._take(seat, action.ship)
        elif isinstance(action, Move):
            self._move(seat, action)
        elif isinstance(action, EndTurn):
            declined = "bonus" if self.phase == BONUS else "take"              # V6.4, R25
            if self.phase == BONUS:
                self._say(seat, T("pir.log.bonus_declined", player=self._who(seat)))
            self._note("chose", seat, what="end-turn", choice=f"decline-{declined}")
            self._end_turn()
        elif isinstance(action, Arm):
            self._nuke(seat, action.ship)
        elif isinstance(action, StormPick):
            self._note("chose", seat, what="storm", choice=action.ship)
            self._storm_sink(seat, action.ship)
        elif isinstance(action, Bonus):
            self.stage = "bonus"
            self._say(seat, T("pir.log.bonus", player=self._who(seat), a=action.first, b=action.second))
            self._note("chose", seat, what="bonus", choice=[action.first, action.second])
            self._begin_dice(seat, [action.first, action.second])
        elif isinstance(action, ChooseFaction):
            self._choose(seat, action.faction)
        elif isinstance(action, ChooseCarrier):
            self._note("chose", seat, what="carrier", choice=action.ship)
            self._wind(seat, action.ship)
            self.phase = START
        self._legal = None

    def _wind(self, seat: int, ship: str) -> None:
        """V10.2: war wind: the treasure starts aboard ``ship`` (ship 1 of the first player)."""
        self.pos.treasures = {t: ship for t in self.pos.treasures}
        self._say(seat, T("pir.log.wind", ship=ship_text(ship)))
        for t in self.pos.treasures:
            self._note("took", seat, what="treasure", ship=ship, frm="war-wind", at=self.pos.ships[ship], treasure=t)

    def _roll(self, seat: int) -> None:
        """R2 (V2.1: three dice in storm; V2.2: a triple is a storm)."""
        self.barrier += 1
        dice = self.chance.roll(self.dice_count())
        self._say(seat, T("pir.log.roll", turn=self.turn, player=self._who(seat), dice=list_text(dice)))
        self._note("rolled", seat, dice=list(dice), why="move")
        self.dice, self.used = dice, [False] * len(dice)     # V2.2: unplayed while the storm's victim is chosen
        if self.options.get("storm") and len(set(dice)) == 1:
            far = self._farthest(seat)
            self._note("storm", seat, ships=list(far))
            if len(far) > 1:
                self.storm_choices = far
                self.phase = STORM
                return
            self._storm_sink(seat, far[0])
            return
        self._begin_dice(seat, dice)

    def _begin_dice(self, seat: int, dice: list[int]) -> None:
        """R11, R12, R13: work out M, then let the player play (or pass at once when nothing is possible).
        R2, A4: doubles are two dice like any others."""
        self.dice = list(dice)
        self.used = [False] * len(dice)
        mine = self.factions_of(seat)
        self._plans = None
        ctx = self.ctx()
        self.need = max_dice(ctx, self.pos, mine, tuple(sorted(dice)), self.plan_memo(ctx, mine))
        self.phase = MOVE
        if self.need == 0:                                                  # R13
            why = no_move_reason(self.dice)
            self._say(seat, T("pir.log.no_move_why", player=self._who(seat), why=why))
            self._note("forfeit", seat, dice=list(self.dice), none=True, why=why)
        self._after_die(seat)

    def end_phase_follows(self) -> bool:
        """R25: once this roll's last die is played, may the player still take the treasure before the turn
        ends (phase ``end``)? Not in ``acey-deucey`` after a 1-2 (the bonus comes, V6.1, V6.2) or after the
        bonus values (the re-roll comes, V6.3)."""
        if not self.options.get("acey-deucey"):
            return True
        return not (self.stage == "bonus" or sorted(self.dice) == [1, 2])

    def _after_die(self, seat: int) -> None:
        """After a move: the turn ends when ``need`` dice are played and no take is possible (R25)."""
        if self.phase == OVER or self.need > 0:
            return
        if any(self.used):
            left = [d for d, u in zip(self.dice, self.used) if not u]
            for d in left:
                self._say(seat, T("pir.log.forfeit", player=self._who(seat), die=d))   # R12
            if left:
                self._note("forfeit", seat, dice=left, none=False)
        self.used = [True] * len(self.used)
        if not self.end_phase_follows() and self.stage != "bonus":
            self.phase = BONUS                                              # V6.1, V6.2
            self._note("bonus", seat)
            return
        if not self.end_phase_follows():
            self.stage = "reroll"                                           # V6.3
            self.barrier += 1
            dice = self.chance.roll(2)
            self._say(seat, T("pir.log.reroll", player=self._who(seat), dice=list_text(dice)))
            self._note("rolled", seat, dice=list(dice), why="reroll")
            self._begin_dice(seat, dice)
            return
        if can_take(self.pos, self.board, self.factions_of(seat), self.setup.island):
            self.phase = END
            return
        self._end_turn()

    def _take(self, seat: int, ship: str) -> None:
        """R14: a coin goes onto the ship (a pre-roll take needs nothing else, A5; V11.5: one per take)."""
        tid = self.pos.on_island()[0]                     # the one this take takes (``moves.take``)
        self.pos = take(self.pos, ship)
        self.quiet = 0
        self._say(seat, T("pir.log.take", ship=ship_text(ship), cell=cell_text(self.board, self.pos.ships[ship])))
        self._note("took", seat, what="treasure", ship=ship, frm=ISLAND, at=self.pos.ships[ship], treasure=tid)
        if self.phase in (END,) and not can_take(self.pos, self.board, self.factions_of(seat), self.setup.island):
            self._end_turn()

    def _move(self, seat: int, a: Move) -> None:
        ctx = self.ctx()
        group = tuple(sorted(a.ships))
        land = landing(ctx, self.pos, self.pos.occupancy(), group, a.die, a.direction)
        assert land is not None
        index = next(i for i, (d, u) in enumerate(zip(self.dice, self.used)) if d == a.die and not u)
        self.used[index] = True
        self.need -= 1
        new = after(ctx, self.pos, land)
        self._log_move(seat, land)
        path = ray(self.board, land.start, land.direction, land.die) or (land.cell,)
        self._note("moved", seat, piece=group[0], ships=list(group), frm=land.start, to=land.cell,
                   path=[list(c) for c in path], direction=land.direction, die=land.die, die_index=index,
                   carrying=self.pos.holds(group), joins=land.joins)
        was = self.pos
        self.pos = new
        if land.victims:
            self._boarded(seat, land, was)
        if self.phase == OVER:
            return
        if self.pos.holds(group) and land.cell == ctx.anchor(faction_of(group[0])):
            # E1, A14, V6.5: the game ends at once, even mid-turn or mid-bonus; the other die is not played
            # A24: one treasure of two is enough
            carrier = next(s for s in group if self.pos.holds((s,)))
            held = sum(1 for at in self.pos.treasures.values() if at == carrier)
            how = "pir.how.treasure" if len(self.pos.treasures) == 1 else \
                ("pir.how.treasure_both" if held > 1 else "pir.how.treasure_one")        # V11.6: one of two
            self._win(self._winning_seats(seat), T(how, player=self._who(seat)), carrier=carrier)   # E1
            return
        self._after_die(seat)

    def _log_move(self, seat: int, land: Landing) -> None:
        what = ship_text(land.group[0]) if len(land.group) == 1 else \
            T("pir.fleet", faction=faction_of_text(faction_of(land.group[0])), n=len(land.group))
        self._say(seat, T("pir.log.move", what=what, direction=dir_text(land.direction), die=land.die,
                          start=cell_text(self.board, land.start), end=cell_text(self.board, land.cell)))

    def _boarded(self, seat: int, land: Landing, was: Pos) -> None:
        """R21: the victims are gone (V5.1: a wreck); the treasures they held pass to the boarder (V11.5).
        ``was``: the position before the move."""
        self.quiet = 0
        wreck = bool(self.options.get("wrecks"))                          # V5.1
        for v in land.victims:
            self._say(seat, T("pir.log.board", ship=ship_text(land.group[0]), victim=ship_text(v),
                              cell=cell_text(self.board, land.cell)))
            self._note("sank", seat, piece=v, at=land.cell, by="boarding", boarder=land.group[0],
                       owner=self.controller(faction_of(v)), wreck=wreck,
                       treasure=heir_of(land.group) if was.holds((v,)) else None)
        for v in land.victims:
            for t in was.aboard((v,)):                      # one line and one event per treasure seized
                self._say(seat, T("pir.log.seize", ship=ship_text(heir_of(land.group))))
                self._note("took", seat, what="treasure", ship=heir_of(land.group), frm=v, at=land.cell, treasure=t)
        self._count_losses(seat, land.victims)
        self._after_removals(seat)

    def _count_losses(self, by: int | None, victims: tuple[str, ...] | list[str]) -> None:
        for v in victims:
            owner = self.controller(faction_of(v))
            if owner is not None:
                self.lost[owner] += 1
            if by is not None and owner != by:
                self.sunk[by] += 1

    def _after_removals(self, seat: int) -> None:
        """R23 elimination (V9.3 dead-man takeover; V9.4, A15: later ones are out), then E2 / V3.7. V9.2:
        an uncontrolled dead man belongs to no seat, so it is no opponent for E2; V5.4: wrecks are no ships."""
        for other in range(self.players):
            if self.afloat(other) or not self.seat_factions[other] or other in self.out:
                continue
            self.out.add(other)
            dm = self.dead_man
            if dm is not None and self.dead_man_owner is None and \
                    any(faction_of(s) == dm for s in self.pos.ships):
                self.dead_man_owner = other
                self.seat_factions[other].append(dm)
                self.out.discard(other)
                self._say(other, T("pir.log.dead_man", player=faction_text(self.seat_factions[other][0]),
                                   faction=faction_of_text(dm)))
                self._note("takeover", other, faction=dm, ships=sorted(s for s in self.pos.ships
                                                                       if faction_of(s) == dm))
            else:
                self._say(other, T("pir.log.out", player=self._who(other)))
                self._note("out", other)
        sides = {self.teams[s] for s in range(self.players) if self.afloat(s)}
        if len(sides) == 1:
            team = sides.pop()
            winners = [s for s in range(self.players) if self.teams[s] == team]
            self._win(winners, T("pir.how.sunk_all", player=self._who(winners[0])))    # E2
        elif not sides:
            self._win([], T("pir.how.all_sunk_draw"))                                    # V3.7

    def _winning_seats(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if self.teams[s] == self.teams[seat]]

    def _win(self, winners: list[int], how: Text, carrier: str | None = None) -> None:
        """The game is over; ``carrier``: the ship that brought a treasure home (E1), else the first ship holding
        one, if any (the ``ended`` event's ``carrier``)."""
        self.phase = OVER
        self.winners = sorted(winners)
        self.how = how
        carriers = self.pos.carriers()
        if carrier is None and carriers:
            carrier = carriers[0]
        self._note("ended", None, what="game", winners=list(self.winners), how=how.key, carrier=carrier)
        if any(self.controller(faction_of(c)) == self.current for c in carriers):
            self.carry_turns[self.current] += 1
        if winners:
            self._say(None, T("pir.log.win", player=self._who(winners[0]), how=how))
        else:
            self._say(None, how)
        self.barrier += 1

    def _end_turn(self) -> None:
        """R25: count the carrier's turn, then pass clockwise to the next player with ships (S5)."""
        seat = self.current
        if any(self.controller(faction_of(c)) == seat for c in self.pos.carriers()):
            self.carry_turns[seat] += 1               # one turn however many treasures it holds
        self.barrier += 1
        self.dice, self.used, self.need, self.stage = [], [], 0, "roll"
        self.quiet += 1
        alive = [s for s in self.order if self.afloat(s)]
        if self.quiet >= DRAW_ROUNDS * max(1, len(alive)):
            self.phase = OVER
            self.winners = []
            self.how = T("pir.how.draw_rounds", rounds=DRAW_ROUNDS)
            self._say(None, self.how)
            self._note("ended", None, what="game", winners=[], how=self.how.key, carrier=None)
            return
        k = self.order.index(seat)
        for step in range(1, len(self.order) + 1):
            nxt = self.order[(k + step) % len(self.order)]
            if self.afloat(nxt):
                break
        self.current = nxt
        self.turn += 1
        self.phase = START
        self._note("turn", nxt, turn=self.turn)

    # -- variants: storm, nuke -----------------------------------------------------------------------
    def port_distance(self, ship: str) -> int:
        """V2.3: fewest single steps to the ship's own anchor, ignoring ships, wrecks and R5."""
        return port_distances(self.board, faction_of(ship)).get(self.pos.ships[ship], 10 ** 6)

    def _farthest(self, seat: int) -> list[str]:
        # V2.3, A16: by step distance; a tie is the player's choice; V4.8: one ship, even from a stack
        ships = self.afloat(seat)
        far = max(self.port_distance(s) for s in ships)
        return [s for s in ships if self.port_distance(s) == far]

    def _storm_sink(self, seat: int, ship: str) -> None:
        """V2.2, V2.4, V10.5, A16: the storm sinks the ship; a sunk treasure goes back to the island; the
        turn goes on with the same dice."""
        cell = self.pos.ships[ship]
        carried = self.pos.holds((ship,))
        self.pos = sink(self.pos, ship, bool(self.options.get("wrecks")))   # V5.1: a wreck in ``wrecks``
        self.quiet = 0
        self._say(seat, T("pir.log.storm", ship=ship_text(ship), cell=cell_text(self.board, cell)))
        self._note("sank", seat, piece=ship, at=cell, by="storm", boarder=None, owner=self.controller(faction_of(ship)),
                   wreck=bool(self.options.get("wrecks")), treasure=ISLAND if carried else None)
        if carried:
            self._say(seat, T("pir.log.treasure_back"))
        self._count_losses(None, [ship])
        self.storm_choices = []
        self._after_removals(seat)
        if self.phase == OVER:
            return
        if not self.afloat(seat):
            self._end_turn()
            return
        self._begin_dice(seat, self.dice)

    def _nuke(self, seat: int, ship: str) -> None:
        """V3.2, V3.3, V3.5, V3.6, V3.7, A17: roll, radius = lowest die; everything within it goes, wrecks
        too, and no wreck is left; the land stays. V3.4: this roll is never a storm nor acey-deucey."""
        self.barrier += 1
        centre = self.pos.ships[ship]
        self._note("armed", seat, piece=ship, at=centre)
        dice = self.chance.roll(self.dice_count())
        r = min(dice)
        self._say(seat, T("pir.log.arm", ship=ship_text(ship), dice=list_text(dice), r=r))
        self._note("rolled", seat, dice=list(dice), why="nuke")
        new = blast(self.board, self.pos, ship, r, self.setup.island)    # V3.3, V3.6; V11.2: the treasures' island
        gone = sorted(set(self.pos.ships) - set(new.ships))
        treasure_gone = any(p == DESTROYED and self.pos.treasures[t] != DESTROYED for t, p in new.treasures.items())
        self._note("blast", seat, piece=ship, at=centre, radius=r, ships=gone,
                   wrecks=sorted(list(w) for w in self.pos.wrecks - new.wrecks), treasure_destroyed=treasure_gone)
        for s in gone:
            self._note("sank", seat, piece=s, at=self.pos.ships[s], by="nuke", boarder=None,
                       owner=self.controller(faction_of(s)), wreck=False,
                       treasure=DESTROYED if self.pos.holds((s,)) else None)
        self.pos = new
        self._say(seat, T("pir.log.blast", ships=list_text([ship_text(s) for s in gone])))
        if treasure_gone:
            self._say(seat, T("pir.log.treasure_destroyed"))
        self.quiet = 0
        self._count_losses(seat, gone)
        self._after_removals(seat)
        if self.phase != OVER:
            self._end_turn()

    # ----------------------------------------------------------------------------------------------
    # Results
    # ----------------------------------------------------------------------------------------------
    def result(self) -> Result:
        winners = list(self.winners)           # E3: one winner (or a team); no points; V3.7 is the only draw
        ranks = [1 if s in winners else 2 for s in range(self.players)] if winners else [1] * self.players
        stats = {"pir.stat.sunk": list(self.sunk), "pir.stat.lost": list(self.lost),
                 "pir.stat.carry_turns": list(self.carry_turns)}
        return Result(winners=winners, ranks=ranks, stats=stats, how=self.how)

    # ----------------------------------------------------------------------------------------------
    # Views, copies, JSON
    # ----------------------------------------------------------------------------------------------
    def clone(self) -> "PirateerState":
        c = PirateerState.__new__(PirateerState)
        c.__dict__.update(self.__dict__)
        c.options = dict(self.options)
        c.seat_factions = [list(f) for f in self.seat_factions]
        c.teams, c.order = list(self.teams), list(self.order)
        c.dice, c.used = list(self.dice), list(self.used)
        c.pos = self.pos.copy()
        c.storm_choices, c.out = list(self.storm_choices), set(self.out)
        c.sunk, c.lost, c.carry_turns = list(self.sunk), list(self.lost), list(self.carry_turns)
        c.winners = list(self.winners)
        c.chance = self.chance.clone()
        c._events = list(self._events)
        c._plans = None
        return c

    def view(self, seat: int | None) -> "PirateerState":
        """Everything is public (S6); only the dice to come are hidden: the generator is replaced and
        scripted rolls are dropped, so no future die shows."""
        v = self.clone()
        v.chance = Chance(Rng(0))
        # the events are the clone's copy: all public (S6), the same for every seat
        return v

    def to_json(self) -> JSON:
        return {
            "type": "pirateer", "board": self.board.name, "setup": self.setup.to_json(), "players": self.players,
            "options": dict(self.options),
            "seat_factions": [list(f) for f in self.seat_factions], "teams": list(self.teams),
            "order": list(self.order), "current": self.current, "phase": self.phase, "dice": list(self.dice),
            "used": list(self.used), "need": self.need, "stage": self.stage,
            "ships": {s: list(c) for s, c in sorted(self.pos.ships.items())}, "treasures": dict(self.pos.treasures),
            "wrecks": sorted(list(w) for w in self.pos.wrecks), "turn": self.turn, "quiet": self.quiet,
            "dead_man": self.dead_man, "dead_man_owner": self.dead_man_owner,
            "storm_choices": list(self.storm_choices), "out": sorted(self.out),
            "sunk": list(self.sunk), "lost": list(self.lost), "carry_turns": list(self.carry_turns),
            "winners": list(self.winners), "how": self.how.to_json() if self.how else None,
            "rng": self.chance.to_json(), "barrier": self.barrier,
            "events": json_once(self, "events", self._events),
        }

    @classmethod
    def from_json(cls, d: JSON, board: Board) -> "PirateerState":
        """The game a save wrote, on ``board``: the map its setup names (``saved_setup`` says which;
        ``PirateerRules.state_from_json`` loads it)."""
        if not isinstance(d, dict) or d.get("type") != "pirateer":
            raise ValueError("not a Pirateer game")
        s = cls(board, saved_setup(d, board))
        s.players = int(d["players"])
        s.options = dict(d["options"])
        s.options.setdefault(FACTIONS, PRESET)     # a save from before S1's choice at the table: preset seats
        s.options.setdefault(EIGHT, False)         # a save from before the fantastic eight (V11.1)
        s.seat_factions = [[str(f) for f in fs] for fs in d["seat_factions"]]
        s.teams = [int(t) for t in d["teams"]]
        s.order = [int(x) for x in d["order"]]
        s.current = int(d["current"])
        s.phase = str(d["phase"])
        s.dice = [int(x) for x in d["dice"]]
        s.used = [bool(x) for x in d["used"]]
        s.need = int(d["need"])
        s.stage = str(d["stage"])
        places = d["treasures"] if "treasures" in d else {t: d["treasure"] for t in s.setup.treasure_ids}
        if not isinstance(places, dict):
            raise ValueError("the treasures are not a mapping")
        s.pos = Pos({str(k): (int(v[0]), int(v[1])) for k, v in d["ships"].items()},
                    {str(t): str(p) for t, p in places.items()},
                    frozenset((int(w[0]), int(w[1])) for w in d["wrecks"]))
        s.turn = int(d["turn"])
        s.quiet = int(d["quiet"])
        s.dead_man = d.get("dead_man")
        s.dead_man_owner = d.get("dead_man_owner")
        s.storm_choices = [str(x) for x in d.get("storm_choices", [])]
        s.out = {int(x) for x in d.get("out", [])}
        s.sunk = [int(x) for x in d["sunk"]]
        s.lost = [int(x) for x in d["lost"]]
        s.carry_turns = [int(x) for x in d["carry_turns"]]
        s.winners = [int(x) for x in d["winners"]]
        s.how = Text.from_json(d["how"]) if d.get("how") else None
        s.chance = Chance.from_json(d["rng"])
        s.barrier = int(d["barrier"])
        s._events = [_named_squares(s.board, e) for e in read_events(d)]   # its log lines as ``said`` ones
        return s


def saved_setup(d: Mapping[str, Any], board: Board | None = None) -> Setup:
    """The setup a save holds; a save from before the setup was kept (no "setup") gets the one its own fields
    say: the standard map, its seats' fleets (a dead man taken over is the dead man's, V9.3) in turn order round
    ``board``, the dice of its options, the one treasure on the island."""
    if "setup" in d:
        return Setup.from_json(d["setup"])
    options = d.get("options") or {}
    dead_man = d.get("dead_man")
    owner = d.get("dead_man_owner")
    fleets = [[str(f) for f in fs if not (f == dead_man and seat == owner)]
              for seat, fs in enumerate(d.get("seat_factions") or [])]
    ring = board.factions if board is not None and all(f in board.factions for fs in fleets for f in fs) else ()
    return build_setup(len(fleets), options, fleets, dead_man, ring, STANDARD)


# ==================================================================================================
# Rules
# ==================================================================================================
def _mode_option(key: str, players: tuple[int, ...]) -> Option:
    others = tuple(m for m in MODES if m != key)
    extra: tuple[str, ...] = ("devils-island",) if key == "war-wind" else ()
    if key == EIGHT:                     # section 6.13: two islands (devils-island); both redefine the dice
        extra = ("devils-island", "storm", "acey-deucey")
    return Option(key, label=f"pir.opt.{key}", help=f"pir.opt.{key}.help", players=players,
                  excludes=others + extra)


class PirateerRules(Rules):
    """Pirateer for 2-4 players, with the variants of spec section 6; 5-8 players in the fantastic eight (V11.1,
    section 6.13: only with it, and it only with them)."""

    id = "pirateer"
    name_key = "game.pirateer.name"
    version = 2                # 2: S1, the fleets chosen at the table (option ``factions``)
    min_players = 2
    max_players = 8            # V11.1: 5 to 8 in the fantastic eight
    has_secrets = False
    options = (
        Option(FACTIONS, "choice", CHOOSE_AT_TABLE, label=f"pir.opt.{FACTIONS}", help=f"pir.opt.{FACTIONS}.help",
               choices=(CHOOSE_AT_TABLE, PRESET),
               choice_labels=(f"pir.opt.{FACTIONS}.{CHOOSE_AT_TABLE}", f"pir.opt.{FACTIONS}.{PRESET}")),   # S1
        Option(FACTIONS_2P, "choice", DEFAULT_FACTIONS_2P, label=f"pir.opt.{FACTIONS_2P}",
               help=f"pir.opt.{FACTIONS_2P}.help", choices=tuple(TWO_PLAYER_FACTIONS),
               choice_labels=tuple(f"pir.opt.{FACTIONS_2P}.{c}" for c in TWO_PLAYER_FACTIONS), players=(2,),
               excludes=tuple(TWO_PLAYER_SIDES), requires=(FACTIONS,)),   # S1: a preset basic game only
        Option("devils-island", label="pir.opt.devils-island", help="pir.opt.devils-island.help",
               excludes=("flotilla", "war-wind", EIGHT)),                                       # section 6.13
        Option("storm", label="pir.opt.storm", help="pir.opt.storm.help", excludes=("acey-deucey", EIGHT)),
        Option("nuke", label="pir.opt.nuke", help="pir.opt.nuke.help"),
        Option("flotilla", label="pir.opt.flotilla", help="pir.opt.flotilla.help", excludes=("devils-island",)),
        Option("wrecks", label="pir.opt.wrecks", help="pir.opt.wrecks.help"),
        Option("acey-deucey", label="pir.opt.acey-deucey", help="pir.opt.acey-deucey.help",
               excludes=("storm", EIGHT)),                                                      # section 6.13
        Option("free-boarding", label="pir.opt.free-boarding", help="pir.opt.free-boarding.help"),
        _mode_option("domination", (2,)),
        _mode_option("grab-and-run", (2,)),
        _mode_option("dead-man", (3,)),
        _mode_option("war-wind", (2, 4)),
        _mode_option(EIGHT, EIGHT_PLAYERS),                                     # V11.1, section 6.13
    )
    action_types = ACTION_TYPES

    def __init__(self, board: Board | None = None) -> None:
        self._board = board

    @property
    def board(self) -> Board:
        """The standard map, read once. AssetError (not a save's fault) if it is missing or damaged."""
        if self._board is None:
            from game.games.pirateer.board import default_path, load_board   # the only place that reads the map
            from game.games.pirateer.setup import remember_file
            from game.paths import AssetError
            try:
                self._board = load_board()
            except Exception as exc:  # BoardError, or whatever else a broken file makes the reader raise
                raise AssetError(default_path(), str(exc)) from exc
            remember_file(self._board, default_path())
        return self._board

    def board_named(self, name: str) -> Board:
        """The map a setup names (``setup.board_named``, read once): "standard" is ``board``. AssetError (not a
        save's fault) if it is missing or damaged; ValueError for a name no map has (a save's fault)."""
        if name == STANDARD:
            return self.board
        from game.games.pirateer import setup as setups   # the only place that reads the maps
        from game.paths import AssetError
        try:
            return setups.board_named(name)
        except KeyError:
            raise ValueError(f"no Pirateer map named {name!r}") from None
        except Exception as exc:  # BoardError, or whatever else a broken file makes the reader raise
            raise AssetError(setups.map_path(name), str(exc)) from exc

    def check(self, players: int, options: Mapping[str, Any]) -> list[Text]:
        """The option check (``Rules.check``), and section 6.13: 5 to 8 players only in the fantastic eight (the
        option itself allows no other count)."""
        problems = super().check(players, options)
        if players > 4 and not options.get(EIGHT) and self.min_players <= players <= self.max_players:
            problems.append(T("pir.opt.err.eight", players=players))
        return problems

    def options_for(self, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Section 6.13, V11.1: 5 to 8 players play the fantastic eight and only they do: choosing the count turns
        the mode on (or off) in the setup form."""
        out = dict(options)
        out[EIGHT] = players > 4
        return out

    def new_state(self, players: int, options: Mapping[str, Any], seed: int) -> PirateerState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError("Pirateer is for 2 to 8 players")
        if (players > 4) != bool(options.get(EIGHT)):
            raise ValueError("Pirateer is for 5 to 8 players only in the fantastic eight (section 6.13)")
        name = board_name(options)
        return PirateerState.new(self.board if name == STANDARD else self.board_named(name), players, options, seed)

    def state_from_json(self, data: JSON) -> PirateerState:
        """A saved game on the map its setup names (a save from before the setup: the standard map)."""
        if isinstance(data, dict) and isinstance(data.get("setup"), dict):
            return PirateerState.from_json(data, self.board_named(str(data["setup"].get("board"))))
        return PirateerState.from_json(data, self.board)

    def validate_state(self, state: State) -> None:
        """A loaded save's position: seats, fleets, every ship known and on the sea, dice (``validate.py``)."""
        super().validate_state(state)
        from game.games.pirateer.validate import validate_game
        validate_game(self, state)

    def options_of_version(self, options: Mapping[str, Any], version: int, players: int) -> Mapping[str, Any]:
        """Version 1 seated the fleets at setup (S1 had no choice at the table): replay it preset."""
        if version < 2:
            return {**options, FACTIONS: PRESET}
        return options

    # S6: everything is public but the dice to come
    secrets = ("future dice",)

    def twin(self, state: State, seat: int | None, rng: Rng) -> PirateerState:
        """The same position with another generator behind the dice to come (S6: nothing else is hidden).
        Scripted rolls are part of a set-up position (``positions.py``), not a secret: they stay."""
        assert isinstance(state, PirateerState)
        t = state.clone()
        while True:
            t.chance = Chance(rng.fork(), state.chance.script)
            if t.chance.rng.state() != state.chance.rng.state():
                return t

    def corruptions(self, data: JSON) -> Any:
        """Damaged copies of ``data`` that loading refuses (``validate.corruptions``)."""
        from game.games.pirateer.validate import corruptions
        return corruptions(self, data)


RULES = PirateerRules()
