"""Position builders for the Pirateer rules tests: ``Sp1`` = ship-spanish-1, and so on. Positions come from
the engine's builder (``game.games.pirateer.positions``); dice are fixed through the state's ``Chance``."""
from __future__ import annotations

from typing import Any

from game.games.pirateer.moves import ISLAND, faction_of, landings
from game.games.pirateer.positions import SHORT, position, ship_name
from game.games.pirateer.rules import MOVE, PRESET, RULES, START, Move, PirateerState, Roll

PRESET_SEATS = {"factions": PRESET}   # the setup's fixed seating (S1) instead of the choice at the table


def sid(short: str) -> str:
    """'Sp1' -> 'ship-spanish-1' (full ids pass through)."""
    return ship_name(short)


def new_game(players: int, options: dict[str, Any] | None = None, seed: int = 0) -> PirateerState:
    """A new game with the preset seating (S1 as before the choice at the table), before its first roll."""
    return RULES.new_game(players, {**PRESET_SEATS, **(options or {})}, seed)


def game(ships: dict[str, tuple[int, int]], treasure: str = ISLAND, current: str = "Sp", players: int = 4,
         options: dict[str, Any] | None = None, seed: int = 1, wrecks: tuple = (), **more: Any) -> PirateerState:
    """A 4-player game (by default, the preset seating) with exactly these ships afloat, ``current``'s turn
    (a fleet's short name or a seat number as text), before the roll; ``more`` goes to ``position``."""
    return position(players=players, ships=ships, treasure=treasure, options=options, seed=seed, wrecks=wrecks,
                    current=SHORT[current] if current in SHORT else int(current), **more)


def roll(s: PirateerState, *dice: int) -> PirateerState:
    """The current player rolls these values (a scripted roll, R2)."""
    s.chance.script_dice(list(dice))
    s.apply(Roll(s.current))
    return s


def fixed_dice(s: PirateerState, *values: int) -> PirateerState:
    """The next roll shows ``values`` (in the order rolled)."""
    s.chance.script_dice(list(values))
    return s


def single(s: PirateerState, ship: str, die: int) -> set[tuple[str, tuple[int, int]]]:
    """Every legal single move of ``ship`` with ``die`` (R3, R4, R5, R6, R7, R8, R9, R17, R18, R19, R20), ignoring R11: (direction, landing)."""
    ship = sid(ship)
    ctx = s.ctx()
    return {(land.direction, land.cell) for land in landings(ctx, s.pos, frozenset({faction_of(ship)}), (die,))
            if land.group == (ship,)}


def cells(s: PirateerState, ship: str, die: int) -> set[tuple[int, int]]:
    return {c for _, c in single(s, ship, die)}


def mv(s: PirateerState, ship: str, direction: str, die: int) -> Move:
    return Move(s.current, (sid(ship),), direction, die)


def named_squares(data: Any) -> Any:
    """JSON of an older save with each square its log lines wrote as "(x,y)" named as the board's frame prints
    it ("(0,9)" -> "C8"): what a state read from it, or replayed from its actions, logs today."""
    import json
    import re
    board = RULES.board
    text = re.sub(r'"\((\d+),(\d+)\)"', lambda m: json.dumps(board.square_name((int(m.group(1)), int(m.group(2))))),
                  json.dumps(data))
    return json.loads(text)


def with_reasons(log: list[Any]) -> list[Any]:
    """An older save's log lines (JSON) as a state read from it, or replayed from its actions, logs today: a roll
    that left no move says why (R13: "no ship can sail 6 squares", from the dice of the roll line before it)."""
    import json
    import re
    from game.games.pirateer.rules import no_move_reason
    out, dice = [], []
    for line in log:
        text = line["text"]
        if text["key"] in ("pir.log.roll", "pir.log.reroll"):
            dice = [int(d) for d in re.findall(r'"(\d)"', json.dumps(text["params"]["dice"]))]
        if text["key"] == "pir.log.no_move":
            text = {"key": "pir.log.no_move_why",
                    "params": {**text["params"], "why": no_move_reason(dice).to_json()}}
            line = {**line, "text": text}
        out.append(line)
    return out


def legal_moves(s: PirateerState) -> set[tuple[tuple[str, ...], str, int]]:
    return {(a.ships, a.direction, a.die) for a in s.legal_actions() if isinstance(a, Move)}


__all__ = ["game", "new_game", "roll", "fixed_dice", "single", "cells", "mv", "legal_moves", "sid", "MOVE", "START",
           "PRESET_SEATS", "named_squares", "with_reasons"]
