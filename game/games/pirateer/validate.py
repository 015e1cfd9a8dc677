"""Pirateer: is this a position of the game? (``PirateerRules.validate_state``, for every loaded save).

Checks the seats, the turn order and the player to act; the fleets (each faction with one seat at most,
S1), every ship id one of the fleets in play (three ships each, S2) at a playable square of this map
(G4-G8, a stack only in Flotilla and of one fleet); the treasure on the island, destroyed or on a ship
afloat; the dice (R2: 1 to 6, two or three of them); counters and statistics of the right types. Raises
ValueError with a reason (English, for the log).
"""
from __future__ import annotations

from typing import Any

from game.core.protocol import LogEntry, is_int, is_seat, require
from game.games.pirateer.moves import DESTROYED, ISLAND, faction_of, ship_id
from game.games.pirateer.rules import (BONUS, END, FACTIONS_2P, MODES, MOVE, OVER, START, STORM, TWO_PLAYER_FACTIONS,
                                       VARIANTS, WIND, PirateerRules, PirateerState)

PHASES = (START, MOVE, END, STORM, BONUS, WIND, OVER)
STAGES = ("roll", "bonus", "reroll")
SHIPS_PER_FLEET = 3


def _counts(value: Any, players: int) -> bool:
    return isinstance(value, list) and len(value) == players and all(is_int(v) and v >= 0 for v in value)


def _cell(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(is_int(v) for v in value)


def validate_game(rules: PirateerRules, s: Any) -> None:
    require(isinstance(s, PirateerState), f"not a Pirateer game: {type(s).__name__}")
    board = rules.board
    require(s.board is board or s.board.name == board.name, "a game on another map")
    players = s.players
    require(is_int(players) and 2 <= players <= 4, f"{players!r} players (2 to 4)")
    # options (the state keeps every mode and variant, on or off, and the two-player fleets)
    require(isinstance(s.options, dict) and set(s.options) == set(MODES + VARIANTS + (FACTIONS_2P,)),
            "the options are not the game's")
    require(all(isinstance(s.options[k], bool) for k in MODES + VARIANTS), "an option that is not on or off")
    require(s.options[FACTIONS_2P] in TWO_PLAYER_FACTIONS, f"unknown two-player fleets {s.options[FACTIONS_2P]!r}")
    problems = rules.check(players, s.options)
    require(not problems, f"options not allowed: {', '.join(p.key for p in problems)}")
    # seats, fleets, turn
    factions = board.factions
    require(isinstance(s.seat_factions, list) and len(s.seat_factions) == players
            and all(isinstance(fs, list) and all(f in factions for f in fs) for fs in s.seat_factions),
            "the fleets are not one list of known fleets per player")
    held = [f for fs in s.seat_factions for f in fs]
    require(len(held) == len(set(held)), "a fleet belongs to two players")
    require(s.dead_man is None or s.dead_man in factions, f"unknown dead man {s.dead_man!r}")
    require(s.dead_man_owner is None or (is_seat(s.dead_man_owner, players) and s.dead_man is not None
                                         and s.dead_man in s.seat_factions[s.dead_man_owner]),
            "the dead man's owner")
    require(isinstance(s.teams, list) and len(s.teams) == players and all(is_int(t) for t in s.teams), "the teams")
    require(isinstance(s.order, list) and sorted(s.order) == list(range(players)) and all(is_int(x) for x in s.order),
            f"the turn order {s.order!r} is not every seat once")
    require(is_seat(s.current, players), f"the player to act {s.current!r} is not a seat of {players}")
    require(s.phase in PHASES, f"unknown phase {s.phase!r}")
    require(s.stage in STAGES, f"unknown stage {s.stage!r}")
    # dice (R2, V2.1, V6)
    require(isinstance(s.dice, list) and len(s.dice) <= 3 and all(is_int(d) and 1 <= d <= 6 for d in s.dice),
            f"the dice {s.dice!r}")
    require(isinstance(s.used, list) and len(s.used) == len(s.dice) and all(isinstance(u, bool) for u in s.used),
            "the used dice")
    require(is_int(s.need) and 0 <= s.need <= len(s.dice) - sum(s.used), f"{s.need!r} dice still to play")
    # ships (S2, G4-G8)
    in_play = set(held) | ({s.dead_man} if s.dead_man else set())
    known_ships = {ship_id(f, n) for f in in_play for n in range(1, SHIPS_PER_FLEET + 1)}
    ships = s.pos.ships
    require(isinstance(ships, dict) and all(isinstance(k, str) for k in ships), "the ships")
    unknown = sorted(set(ships) - known_ships)
    require(not unknown, f"unknown ships {unknown}")
    by_cell: dict[tuple[int, int], set[str]] = {}
    for ship, cell in ships.items():
        require(_cell(cell) and board.is_water(cell) and board.canonical(cell) == cell,
                f"{ship} is not on a playable square: {cell!r}")
        by_cell.setdefault(cell, set()).add(faction_of(ship))
    stacked = [c for c in by_cell if sum(1 for x in ships.values() if x == c) > 1]
    require(not stacked or s.options["flotilla"], f"ships share a square outside Flotilla: {stacked[:3]}")
    require(all(len(by_cell[c]) == 1 for c in stacked), "ships of two fleets share a square")
    require(s.pos.treasure in (ISLAND, DESTROYED) or s.pos.treasure in ships,
            f"the treasure is on {s.pos.treasure!r}, which is no ship afloat")
    require(isinstance(s.pos.wrecks, frozenset) and all(_cell(w) and board.is_water(w) for w in s.pos.wrecks),
            "a wreck off the sea")
    require(isinstance(s.storm_choices, list) and all(x in ships for x in s.storm_choices), "the storm's choices")
    if s.phase == STORM:
        require(len(s.storm_choices) > 1, "a storm with nothing to choose")
    # counters and results
    require(is_int(s.turn) and s.turn >= 1 and is_int(s.quiet) and s.quiet >= 0, "the turn counters")
    require(isinstance(s.out, set) and all(is_seat(x, players) for x in s.out), "the players out")
    for name in ("sunk", "lost", "carry_turns"):
        require(_counts(getattr(s, name), players), f"the {name} counts")
    require(isinstance(s.winners, list) and all(is_seat(w, players) for w in s.winners)
            and s.winners == sorted(set(s.winners)), f"the winners {s.winners!r}")
    if s.phase != OVER:
        require(not s.winners and s.how is None, "winners before the game is over")
    require(is_int(s.barrier) and s.barrier >= 0, "the undo barrier")
    require(isinstance(s.entries, list) and all(isinstance(e, LogEntry) for e in s.entries), "the log")
