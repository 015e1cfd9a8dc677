"""Pirateer positions on demand: one call says who plays which fleets, where every ship is, whose turn it
is and what the dice will show; the result is a ``PirateerState`` checked like a loaded save
(``RULES.validate_state``). Tests and tutorials build their positions here, never by writing a state's
fields.

    from game.games.pirateer.positions import position

    s = position(players=2, ships={"Sp1": (5, 13), "Pi1": (8, 13)}, treasure="Pi1",
                 current="spanish", next_rolls=[[3, 2]])
    s.apply(Roll(0))                      # the dice show 3 and 2

    t = position(factions=["french", ["spanish", "barbary"]], options={"domination": True}, ...)

What each argument says (everything is optional; left out, the game's own setup decides):

- ``factions``: the fleets of each seat, in seat order: a faction name, or a list of names for a seat with
  two fleets (``domination``, ``grab-and-run``, two-player ``war-wind``, or a ``dead-man`` owner, whose
  second fleet is the dead man's). Left out: the preset seating of ``players`` and ``options``
  (``rules.preset_seating``: two players Spanish against Pirates or the ``factions-2p`` pair, three
  Spanish, French and Barbary, four every fleet). In phase ``choose`` list only the seats that have chosen.
- ``players``: the number of seats (default: as many as ``factions`` lists, else 2).
- ``ships``: ship -> square, the ships afloat (``"ship-spanish-1"`` or short ``"Sp1"``, ``"Fr2"``,
  ``"Ba3"``, ``"Pi1"``; on the two-board map ``"SpA1"``, ``"PiB3"``; a square as (x, y), a strait by either
  half). Left out: every fleet in play on
  its start squares (S2; V1.1, V4.1). A ship left out of the mapping has sunk: it counts as lost for
  its owner (``lost``), as a save of that game would say.
- ``treasure``: ``"island"`` (default), ``"destroyed"`` (``nuke``) or the ship that carries it: the place of every
  treasure of the setup (one on the standard map). ``treasures``: treasure id -> place, each on its own (ids as
  the setup names them, ``setup.treasure_ids``).
- ``wrecks``: squares with a wreck (``wrecks``).
- ``island``: on the two-board map (``fantastic-eight``), the island the coin flip chose, "A" (default) or "B"
  (V11.2); the treasures on the island lie there and only its docks take.
- ``current``: the seat to act, as a seat number or one of its fleets (``"spanish"`` or ``"Sp"``); default
  the first seat of the turn order (in ``choose``: the first seat that has not chosen).
- ``order``: the seats in turn order; default clockwise by home corner (S5), starting with ``current``.
- ``phase``: ``"start"`` (default, before the roll), ``"move"`` (``dice`` to play), ``"end"`` (every die
  played, a take still open), ``"bonus"`` (acey-deucey), ``"storm"`` (``storm_choices``), ``"wind"``
  (war wind, the carrier not chosen yet), ``"choose"`` (the seats choose fleets), ``"over"``.
- ``dice`` and ``used``: the turn's dice in the order rolled, and which are played (default none).
  ``need``: how many more dice the obligation asks for (R11); default worked out by the engine from the
  unplayed dice. A ``move`` phase where no die can be played is refused: the engine never stops there.
- ``next_rolls``: the next rolls, each a list of dice in the order rolled (``Chance.script_dice``):
  first-player rolls, movement rolls (as many dice as the setup rolls: three in ``storm``), re-rolls, nuke blasts.
  After them the dice come from the generator seeded with ``seed``.
- ``options``: the setup's options (defaults filled in, checked like a new game's).
- ``turn``, ``quiet``, ``stage`` (acey-deucey: ``"roll"``, ``"bonus"``, ``"reroll"``), ``out`` (seats out,
  R23), ``sunk``, ``lost``, ``carry_turns`` (the statistics; ``lost`` defaults to the ships missing),
  ``winners`` and ``how`` (phase ``over``).

A built position's only event is the ``turn`` of ``current`` (none while the fleets are chosen or once the game
is over): what led to it happened off the record; the actions applied to it record theirs, as that seat's turn.

Raises ``ValueError`` saying what does not fit (an unknown ship or square, a seat out of range, two
ships on one square outside ``flotilla`` ...).
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from game.core.chance import Chance
from game.core.events import Event
from game.core.protocol import Text, resolve_options
from game.core.rng import Rng
from game.games.pirateer.moves import DESTROYED, ISLAND, Pos, faction_of, max_dice, ship_id
from game.games.pirateer.rules import (BONUS, CHOOSE, END, MOVE, OVER, RULES, START, STORM, WIND, PirateerRules,
                                       PirateerState, clockwise_order, game_options, mode_of, preset_seating,
                                       start_squares, teams_for)
from game.games.pirateer.setup import STANDARD, board_name, build_setup

__all__ = ["position", "ship_name", "SHORT"]

#: the short fleet names ``position`` accepts: "Sp1" is ship-spanish-1
SHORT = {"Sp": "spanish", "Fr": "french", "Ba": "barbary", "Pi": "pirates"}
SHIPS_PER_FLEET = 3


def ship_name(name: str) -> str:
    """A ship id from a full id or a short name: ``"Sp1"`` -> ``"ship-spanish-1"``; on the two-board map (V11.1)
    the harbour's board follows the faction: ``"SpB1"`` -> ``"ship-spanish-b-1"``."""
    if name.startswith("ship-"):
        return name
    if name[:2] in SHORT and name[2:].isdigit():
        return ship_id(SHORT[name[:2]], int(name[2:]))
    if name[:2] in SHORT and name[2:3] in ("A", "B") and name[3:].isdigit():
        return ship_id(f"{SHORT[name[:2]]}-{name[2].lower()}", int(name[3:]))
    raise ValueError(f"{name!r} is no ship (write ship-spanish-1 or Sp1; SpB1 on the two-board map)")


def _faction(name: str) -> str:
    """A fleet from its short name: "Sp" -> "spanish", "SpB" -> "spanish-b" (V11.1)."""
    if name[:2] in SHORT and name[2:] in ("A", "B"):
        return f"{SHORT[name[:2]]}-{name[2].lower()}"
    return SHORT.get(name, name)


def position(*, factions: Sequence[str | Sequence[str]] | None = None, players: int | None = None,
             ships: Mapping[str, Sequence[int]] | None = None, treasure: str = ISLAND,
             treasures: Mapping[str, str] | None = None,
             wrecks: Iterable[Sequence[int]] = (), current: int | str | None = None,
             order: Sequence[int] | None = None, phase: str = START, dice: Sequence[int] = (),
             used: Sequence[bool] | None = None, need: int | None = None,
             next_rolls: Sequence[Sequence[int]] = (), options: Mapping[str, Any] | None = None,
             seed: int = 0, turn: int = 1, quiet: int = 0, stage: str = "roll",
             storm_choices: Sequence[str] = (), out: Iterable[int] = (), sunk: Sequence[int] | None = None,
             lost: Sequence[int] | None = None, carry_turns: Sequence[int] | None = None,
             winners: Sequence[int] = (), how: Text | None = None, island: str | None = None,
             rules: PirateerRules | None = None) -> PirateerState:
    """A Pirateer position as described (see the module notes), validated like a loaded save."""
    rules = rules or RULES
    opts = resolve_options(rules.options, options or {})
    if players is None:
        players = len(factions) if factions is not None and phase != CHOOSE else 2
    problems = rules.check(players, opts)
    if problems:
        raise ValueError("options not allowed: " + ", ".join(p.key for p in problems))
    options_kept = game_options(opts)
    name = board_name(options_kept)
    s = PirateerState(rules.board if name == STANDARD else rules.board_named(name))
    s.players = players
    s.options = options_kept
    mode = mode_of(s.options)
    # seats (S1) and the dead man (V9.1)
    if factions is None:
        seats, dead_man = preset_seating(players, s.options) if phase != CHOOSE else ([], None)
    else:
        seats = [[_faction(fs)] if isinstance(fs, str) else [_faction(f) for f in fs] for fs in factions]
        dead_man = None
    if phase == CHOOSE:
        seats = seats + [[] for _ in range(players - len(seats))]
    owner = None
    if mode == "dead-man" and phase != CHOOSE:
        if dead_man is None:
            held = [f for fs in seats for f in fs]
            spare = [f for f in s.board.factions if f not in held]
            doubled = [seat for seat, fs in enumerate(seats) if len(fs) > 1]
            if spare:
                dead_man = spare[0]
            elif doubled:                                # the dead man already has an owner (V9.3)
                owner, dead_man = doubled[0], seats[doubled[0]][-1]
    s.seat_factions = seats
    s.dead_man, s.dead_man_owner = dead_man, owner
    own = [[f for f in fs if not (f == dead_man and seat == owner)] for seat, fs in enumerate(seats)]
    if island is None and len(s.board.islands) > 1 and phase != CHOOSE:
        island = s.board.islands[0].label               # V11.2: the coin chose island A unless told otherwise
    s.setup = build_setup(players, s.options, own, dead_man, s.board.factions, name, island)
    s.teams = teams_for(mode, seats) if phase != CHOOSE else list(range(players))
    # ships (S2, G8), the treasure (S3), wrecks (V5)
    if ships is None:
        on_board = [f for fs in seats for f in fs if f != dead_man] + ([dead_man] if dead_man else [])
        where = start_squares(s.board, on_board, s.options) if phase != CHOOSE else {}
    else:
        where = {}
        for name, cell in ships.items():
            ship = ship_name(name)
            if ship in where:
                raise ValueError(f"{name} is given twice")
            where[ship] = s.board.canonical((int(cell[0]), int(cell[1])))
    def place(p: str) -> str:
        return p if p in (ISLAND, DESTROYED) else ship_name(p)
    places = {str(k): place(v) for k, v in treasures.items()} if treasures is not None else \
        {k: place(treasure) for k in s.setup.treasure_ids}
    s.pos = Pos(where, places, frozenset((int(w[0]), int(w[1])) for w in wrecks))
    # whose turn (S5), the phase, the dice (R2, R11)
    if isinstance(current, str):
        f = _faction(current)
        seat = s.controller(f)
        if seat is None:
            raise ValueError(f"no seat plays the {f} fleet")
        current = seat
    if phase == CHOOSE:
        s.order = []
        s.current = current if current is not None else next(
            (seat for seat, fs in enumerate(seats) if not fs), 0)
    else:
        if current is None:
            current = order[0] if order else 0
        s.current = current
        s.order = list(order) if order is not None else (
            clockwise_order(s.board, seats, current) if 0 <= current < players and all(seats) else [])
    s.phase = phase
    s.dice = [int(d) for d in dice]
    s.used = [bool(u) for u in used] if used is not None else [False] * len(s.dice)
    s.stage = stage
    s.storm_choices = [ship_name(x) for x in storm_choices]
    s.turn, s.quiet = turn, quiet
    s.out = set(out)
    s.winners, s.how = sorted(winners), how
    s.sunk = list(sunk) if sunk is not None else [0] * players
    s.carry_turns = list(carry_turns) if carry_turns is not None else [0] * players
    s.lost = list(lost) if lost is not None else _missing(s)
    if need is None:
        need = 0
        if phase == MOVE and 0 <= s.current < players and s.seat_factions[s.current]:
            mine = s.factions_of(s.current)
            ctx = s.ctx()
            need = max_dice(ctx, s.pos, mine, s.unused(), s.plan_memo(ctx, mine))
    s.need = need
    if phase == MOVE and need < 1:
        raise ValueError(f"no die of {list(s.unused())} can be played: the engine never waits in phase move")
    s.chance = Chance(Rng(seed)).script_dice(*next_rolls)
    if phase not in (CHOOSE, OVER) and 0 <= s.current < players:
        s._events = [Event.of("turn", s.current, turn=s.turn)]    # whose turn it is: its moves are its own
    rules.validate_state(s)
    return s


def _missing(s: PirateerState) -> list[int]:
    """Each seat's ships that are not afloat (R21, R23: a ship missing has sunk, a loss of its owner)."""
    afloat: dict[str, int] = {}
    for ship in s.pos.ships:
        afloat[faction_of(ship)] = afloat.get(faction_of(ship), 0) + 1
    return [sum(SHIPS_PER_FLEET - afloat.get(f, 0) for f in fs
                if not (f == s.dead_man and seat == s.dead_man_owner))
            for seat, fs in enumerate(s.seat_factions)]


# phases a position may be built in (every phase of the engine)
PHASES = (CHOOSE, START, MOVE, END, STORM, BONUS, WIND, OVER)
