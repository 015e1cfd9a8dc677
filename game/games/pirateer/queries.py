"""What the Pirateer table asks the engine: pure queries over a ``PirateerState`` (no pygame, no map reader).

The table draws and asks; it never decides a rule (issue 13, "rules live in the engine only"). Every
answer here comes from the state's own ``legal_actions`` and ``check`` or from ``moves.py``, the engine's
move generator, so what is lit on the map is exactly what the engine would accept:

- ``movable_groups(state, seat)``: the ships (one, or part of a flotilla stack, V4.3) that have a legal
  move now, each with those moves (R11: only moves that continue a plan of the obligatory dice);
- ``targets(state, seat, group)``: landing square -> the legal moves of ``group`` that end there;
- ``landing_of(state, move)``: where a die move ends (R3: the whole die, one straight line), its victims;
- ``move_path(board, start, direction, die)``: every square a die move enters, the last one its landing
  (the line ``why_not_there`` checks; a move played glides along its ``moved`` event's ``path``);
- ``reach(board, start, dice)``: square -> the (die, direction) lines of ``dice`` from ``start`` ending there;
- ``drop_moves(state, seat, group, cell)``: the moves a drop of ``group`` on ``cell`` means (the table's
  ``drop_actions``): one per die still to play whose straight line ends there, legal or not;
- ``no_line_reason(state, group, cell)``: why no die line takes ``group`` to ``cell`` (land, the island, the
  square it is on, no die that long in a straight line);
- ``why_not_there(state, seat, group, cell)``: the reason ``group`` may not end on ``cell`` now;
- ``forbidden_directions(state, ship)``: the directions a carrier of ``ship``'s faction may not sail;
- ``own_ships_at(state, seat, cell)``, ``idle_dead_man(state, faction)``;
- ``choosable_factions(state, seat)``: the factions ``seat`` may choose now (S1), from the engine's
  legal faction choices.
"""
from __future__ import annotations

from typing import Any, Sequence

from game.core.protocol import Action, Text
from game.games.pirateer.boardmodel import Board, Cell
from game.games.pirateer.moves import MOVE_DIRECTIONS, Landing, faction_of, forbidden, landing, ray

__all__ = ["movable_groups", "targets", "landing_of", "move_path", "reach", "drop_moves", "no_line_reason",
           "why_not_there", "forbidden_directions", "own_ships_at", "idle_dead_man", "choosable_factions",
           "CHOOSE_KIND"]

#: the kind of the engine's faction choice (S1: each player chooses a faction at the table)
CHOOSE_KIND = "pir.choose_faction"


def _moves(state: Any, seat: int | None) -> list[Action]:
    if seat is None:
        return []
    from game.games.pirateer.rules import Move
    return [a for a in state.legal_actions(seat) if isinstance(a, Move)]


def movable_groups(state: Any, seat: int | None) -> dict[tuple[str, ...], list[Action]]:
    """Each group of ``seat``'s ships that may sail now (sorted ship ids) -> its legal moves (R11)."""
    out: dict[tuple[str, ...], list[Action]] = {}
    for a in _moves(state, seat):
        out.setdefault(tuple(sorted(a.ships)), []).append(a)   # type: ignore[attr-defined]
    return out


def landing_of(state: Any, move: Action) -> Landing | None:
    """Where ``move`` ends and whom it boards, or None if the die move is illegal in itself (R3, R5, R6,
    R8, R17, R18, R20); the dice obligation R11 is not asked here (``state.check`` asks it)."""
    ships = tuple(sorted(move.ships))                            # type: ignore[attr-defined]
    if not ships or any(s not in state.pos.ships for s in ships):
        return None
    if len({state.pos.ships[s] for s in ships}) != 1:
        return None
    return landing(state.ctx(), state.pos, state.pos.occupancy(), ships, move.die,   # type: ignore[attr-defined]
                   move.direction)                                                   # type: ignore[attr-defined]


def targets(state: Any, seat: int | None, group: Sequence[str]) -> dict[Cell, list[Action]]:
    """Landing square -> the legal moves of ``group`` that end there (only squares of a legal plan, R11)."""
    moves = movable_groups(state, seat).get(tuple(sorted(group)), [])
    out: dict[Cell, list[Action]] = {}
    for m in moves:
        land = landing_of(state, m)
        if land is not None:
            out.setdefault(land.cell, []).append(m)
    return out


def move_path(board: Board, start: Cell, direction: str, die: int) -> tuple[Cell, ...] | None:
    """R3, R4: the ``die`` squares a move from ``start`` enters in ``direction`` (the last one is where it
    ends), crossing a strait's seam as G4 says; None if the line leaves the water."""
    if direction not in MOVE_DIRECTIONS or not 0 < die <= 6:
        return None
    return ray(board, start, direction, die)


_REACH: dict[int, tuple[Board, dict[tuple[Cell, tuple[int, ...]], dict[Cell, tuple[tuple[int, str], ...]]]]] = {}


def reach(board: Board, start: Cell, dice: Sequence[int]) -> dict[Cell, tuple[tuple[int, str], ...]]:
    """R3, R4, R8: square -> the (die, direction) pairs whose straight line of that many squares from ``start``
    ends there, for each value in ``dice`` (each value once), whatever is in the way (the engine judges)."""
    values = tuple(sorted(set(dice)))
    entry = _REACH.get(id(board))
    if entry is None or entry[0] is not board:
        entry = _REACH[id(board)] = (board, {})
    cache = entry[1]
    got = cache.get((start, values))
    if got is None:
        lines: dict[Cell, list[tuple[int, str]]] = {}
        for die in values:
            for direction in MOVE_DIRECTIONS:
                path = move_path(board, start, direction, die)
                if path is not None:
                    lines.setdefault(path[-1], []).append((die, direction))
        if len(cache) > 4096:
            cache.clear()
        got = cache[(start, values)] = {c: tuple(v) for c, v in lines.items()}
    return got


def drop_moves(state: Any, seat: int | None, group: Sequence[str], cell: Cell | None) -> list[Action]:
    """The moves a drop of ``group`` on ``cell`` means (the table's ``drop_actions``), legal or not: one for each
    die still to play (and direction) whose straight line from the group's square ends on ``cell`` (R3, R4,
    R8). The moves the terrain and the ships allow come first, so that a refusal names what matters most
    (R11, the dice obligation, before R5's path)."""
    from game.games.pirateer.rules import Move
    group = tuple(sorted(group))
    start = state.pos.ships.get(group[0]) if group else None
    if seat is None or start is None or cell is None:
        return []
    lines = reach(state.board, start, state.unused()).get(cell)
    if not lines:
        return []
    moves = [Move(seat, group, direction, die) for die, direction in lines]
    return moves if len(moves) == 1 else sorted(moves, key=lambda m: landing_of(state, m) is None)


def no_line_reason(state: Any, group: Sequence[str], cell: Cell | None) -> Text:
    """Why no die still to play takes ``group`` to ``cell`` in a straight line: off the sea (G2: land, the island,
    R14: a ship takes the treasure from a dock), the square it is on (G4: both halves of a strait are one square),
    or no die that long in a straight line (R3)."""
    board = state.board
    if cell is None:
        return Text.of("pir.ui.not_sea")
    if not board.is_water(cell):
        return Text.of("pir.ui.drop_island" if board.kind(cell) == "island" else "pir.ui.drop_land")
    group = tuple(sorted(group))
    start = state.pos.ships.get(group[0]) if group else None
    if start is not None and board.canonical(cell) == start:
        return Text.of("pir.ui.same_strait" if board.strait_at(start) is not None else "pir.ui.same_square")
    return Text.of("pir.ui.no_line", dice=", ".join(str(d) for d in state.unused()))


def why_not_there(state: Any, seat: int | None, group: Sequence[str], cell: Cell | None) -> Text:
    """The reason ``group`` may not end its move on ``cell`` now: the engine's own words (``check``) when a
    die still to play draws a straight line from the ship to that square, else why no line does."""
    if cell is None:
        return Text.of("pir.ui.not_sea")
    group = tuple(sorted(group))
    start = state.pos.ships.get(group[0]) if group else None
    if start is None or cell == start:
        return Text.of("pir.ui.same_square")
    for move in drop_moves(state, seat, group, cell):
        reason = state.check(move)
        if reason is not None:
            return reason
    return no_line_reason(state, group, cell)


def forbidden_directions(state: Any, ship: str) -> tuple[str, ...]:
    """R17, R18: the directions ``ship`` may not sail while it carries the treasure (directly away from
    its destination: its own anchor, or its ally's in war-wind, V10.3)."""
    d = state.ctx().d(faction_of(ship))
    return tuple(x for x in MOVE_DIRECTIONS if forbidden(d, x))


def own_ships_at(state: Any, seat: int | None, cell: Cell | None) -> list[str]:
    """``seat``'s ships on ``cell`` (its factions, V7.2 / V9.3 included)."""
    if seat is None or cell is None:
        return []
    mine = state.factions_of(seat)
    return sorted(s for s, c in state.pos.ships.items() if c == cell and faction_of(s) in mine)


def home_blockers(state: Any, carrier: str) -> list[str]:
    """The carrier's friends' ships (its own side's: R5 (c), G8, own ships block too; R6, R20, never landed on)
    standing in the channel of the harbour it must reach (R17; an ally's in war wind, V10.3), between it and the
    anchor (the channel's open end aside, for a carrier still outside): until they sail out, it cannot get home."""
    cell = state.pos.ships.get(carrier)
    if cell is None:
        return []
    faction = faction_of(carrier)
    channel = state.board.harbour(state.home_of(faction)).channel       # anchor first, open end last
    # outside, the carrier may come in beside the open end, so a ship on that last square does not shut it out
    squares = set(channel[: channel.index(cell)] if cell in channel else channel[:-1])
    friends = state.ctx().friends.get(faction, frozenset((faction,)))
    return sorted(s for s, c in state.pos.ships.items() if s != carrier and c in squares and faction_of(s) in friends)


def idle_dead_man(state: Any, faction: str) -> bool:
    """V9.1: the dead man's ships are on the board but nobody moves them (until V9.3 hands them over)."""
    return state.dead_man == faction and state.dead_man_owner is None


def choosable_factions(state: Any, seat: int | None) -> list[str]:
    """S1: the factions ``seat`` may choose now, from the engine's legal faction choices (empty when the
    engine does not ask for one)."""
    if seat is None:
        return []
    return [a.faction for a in state.legal_actions(seat) if a.kind == CHOOSE_KIND]   # type: ignore[attr-defined]
