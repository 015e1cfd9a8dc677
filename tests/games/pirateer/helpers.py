"""Position builders for the Pirateer rules tests: ``Sp1`` = ship-spanish-1, and so on."""
from __future__ import annotations

from typing import Any

from game.games.pirateer.moves import DESTROYED, ISLAND, Pos, faction_of, landings
from game.games.pirateer.rules import MOVE, RULES, START, Move, PirateerState

SHORT = {"Sp": "spanish", "Fr": "french", "Ba": "barbary", "Pi": "pirates"}


def sid(short: str) -> str:
    """'Sp1' -> 'ship-spanish-1' (full ids pass through)."""
    if short.startswith("ship-"):
        return short
    return f"ship-{SHORT[short[:2]]}-{short[2:]}"


def game(ships: dict[str, tuple[int, int]], treasure: str = ISLAND, current: str = "Sp", players: int = 4,
         options: dict[str, Any] | None = None, seed: int = 1, wrecks: tuple = ()) -> PirateerState:
    """A 4-player game (by default) with exactly these ships afloat, ``current``'s turn, before the roll."""
    s = RULES.new_game(players, options or {}, seed)
    t = treasure if treasure in (ISLAND, DESTROYED) else sid(treasure)
    s.pos = Pos({sid(k): v for k, v in ships.items()}, t, frozenset(wrecks))
    s.current = s.controller(SHORT[current]) if current in SHORT else int(current)
    s.phase = START
    s.out = set()
    s._legal = None
    return s


def roll(s: PirateerState, *dice: int) -> PirateerState:
    """As if the current player rolled these values."""
    s.barrier += 1
    s._legal = None
    s._begin_dice(s.current, list(dice))
    return s


def single(s: PirateerState, ship: str, die: int) -> set[tuple[str, tuple[int, int]]]:
    """Every legal single move of ``ship`` with ``die`` (R3-R9, R17-R20), ignoring R11: (direction, landing)."""
    ship = sid(ship)
    ctx = s.ctx()
    return {(land.direction, land.cell) for land in landings(ctx, s.pos, frozenset({faction_of(ship)}), (die,))
            if land.group == (ship,)}


def cells(s: PirateerState, ship: str, die: int) -> set[tuple[int, int]]:
    return {c for _, c in single(s, ship, die)}


def mv(s: PirateerState, ship: str, direction: str, die: int) -> Move:
    return Move(s.current, (sid(ship),), direction, die)


def legal_moves(s: PirateerState) -> set[tuple[tuple[str, ...], str, int]]:
    return {(a.ships, a.direction, a.die) for a in s.legal_actions() if isinstance(a, Move)}


__all__ = ["game", "roll", "single", "cells", "mv", "legal_moves", "sid", "MOVE", "START"]
