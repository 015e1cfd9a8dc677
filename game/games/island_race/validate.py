"""Island Race: is this a position of the game? (``IslandRaceRules.validate_state``, for every loaded save),
and the clock a save keeps beside its actions (``carry_clock``).

Checks seats and the racers in range, the 48 tiles each exactly once (in the pile, a hand or an island,
S4 and the conservation rule), every piece a known tile showing one of its faces, the pile slots and
hands agreeing on who holds what (R4, R6), the phase, the clock and the timer, fields of the right types.
Raises ValueError with a reason (English, for the log).

The scene's clock (``now``, ``round_start``, a timer lengthened in Settings) is recorded by no action:
a save's action list rebuilds every tile but not the time left, which comes from the snapshot.
"""
from __future__ import annotations

import math
from typing import Any, Mapping

from game.core.protocol import LogEntry, Result, is_int, is_seat, require
from game.games.island_race.rules import (ENDED_ALL_DONE, ENDED_LAST_TILE, ENDED_TIME_UP, LAST, MIX, OVER, PLAY,
                                          ROUNDS, IslandMatch, IslandRaceRules, IslandRound, Piece, grid_size,
                                          timer_seconds)
from game.games.island_race.tiles import BACK, FRONT, N_SLOTS, TILE_IDS, face_of

PHASES = (MIX, PLAY, LAST, OVER)
ENDINGS = (ENDED_ALL_DONE, ENDED_TIME_UP, ENDED_LAST_TILE)
LONG_ROUND_SECONDS = (300, 360)  # Settings: longer rounds (accessibility, outside the rules)
MAX_CLOCK = 10.0 ** 7  # seconds: more than a hundred days of racing


def allowed_timers(options: Mapping[str, Any]) -> tuple[int | None, ...]:
    base = timer_seconds(options)
    return (None,) if base is None else (base,) + LONG_ROUND_SECONDS


def validate_match(rules: IslandRaceRules, match: Any) -> None:
    require(isinstance(match, IslandMatch), f"not an Island Race match: {type(match).__name__}")
    players = match.players
    require(is_int(players) and 2 <= players <= 4, f"{players!r} players (2 to 4)")
    require(isinstance(match.options, dict), "the options are not an object")
    problems = rules.check(players, match.options)
    require(not problems, f"options not allowed: {', '.join(p.key for p in problems)}")
    require(match.n_hands == ROUNDS, f"{match.n_hands!r} rounds (the race has {ROUNDS})")
    require(is_int(match.hand_index) and 0 <= match.hand_index < ROUNDS, f"round {match.hand_index!r}")
    results = match.hand_results
    require(isinstance(results, list) and all(isinstance(r, Result) for r in results), "round results")
    finished = len(results)
    require(finished == match.hand_index or (finished == ROUNDS and match.hand_index == ROUNDS - 1),
            f"{finished} finished rounds while round {match.hand_index + 1} is played")
    require(isinstance(match.totals, list) and len(match.totals) == players
            and all(isinstance(t, (int, float)) and not isinstance(t, bool) for t in match.totals),
            "the totals are not one number per player")
    require(is_int(match.barrier_base) and match.barrier_base >= 0, "the undo barrier")
    require(all(isinstance(e, LogEntry) for e in match.past_log), "a log line of a past round")
    validate_round(match.hand, players, match.options)
    require(match.hand.round_index == match.hand_index,
            f"the round in play says it is round {match.hand.round_index + 1}, the match {match.hand_index + 1}")
    require(match.hand.is_over() == (finished == ROUNDS), "the round in play is over but the race goes on")
    if match.last_hand is None:
        require(finished == 0, "a finished round is missing")
    else:
        require(finished > 0, "a finished round before any round ended")
        validate_round(match.last_hand, players, match.options)
        require(match.last_hand.is_over(), "the last finished round is not over")


def _piece_ok(p: Any) -> bool:
    return (isinstance(p, Piece) and p.tile in TILE_IDS and p.side in (FRONT, BACK) and is_int(p.rot)
            and 0 <= p.rot < 4 and p.face == face_of(p.tile, p.side, p.rot))


def _clock_ok(value: Any) -> bool:
    return isinstance(value, float) and math.isfinite(value) and 0.0 <= value <= MAX_CLOCK


def validate_round(r: Any, players: int, options: Mapping[str, Any]) -> None:
    require(isinstance(r, IslandRound), f"not an Island Race round: {type(r).__name__}")
    require(r.players == players, f"a round of {r.players!r} players in a {players}-player race")
    require(not r.is_view and r.viewer is None, "a player's view saved as the game itself")
    require(r.size == grid_size(options), f"a {r.size!r}x{r.size!r} island with these options")
    require(r.timer in allowed_timers(options) and r.no_timer == (r.timer is None), f"a {r.timer!r} s timer")
    require(is_int(r.round_index) and 0 <= r.round_index < ROUNDS, f"round {r.round_index!r}")
    require(r.phase in PHASES, f"unknown phase {r.phase!r}")
    cells = r.size * r.size
    require(isinstance(r.pile, list) and len(r.pile) == N_SLOTS, "the pile does not have one slot per tile")
    require(isinstance(r.hands, list) and len(r.hands) == players, "not one hand per player")
    require(isinstance(r.grids, list) and len(r.grids) == players
            and all(isinstance(g, list) and len(g) == cells for g in r.grids), "not one island per player")
    pieces = [p for p in r.pile + r.hands + [p for g in r.grids for p in g] if p is not None]
    require(all(_piece_ok(p) for p in pieces), "a tile that does not exist or shows a face it does not have")
    require(sorted(p.tile for p in pieces) == sorted(TILE_IDS), "the 48 tiles are not each there exactly once")
    # who holds what: an empty slot is remembered by the one who took its tile (R4, R6)
    require(isinstance(r.taken_by, list) and len(r.taken_by) == N_SLOTS
            and all(t is None or is_seat(t, players) for t in r.taken_by), "the takers of the pile slots")
    require(all((r.pile[slot] is None) == (r.taken_by[slot] is not None) for slot in range(N_SLOTS)),
            "a pile slot is both full and taken, or empty and taken by nobody")
    require(isinstance(r.hand_slot, list) and len(r.hand_slot) == players, "not one hand slot per player")
    for seat in range(players):
        slot = r.hand_slot[seat]
        if r.hands[seat] is None:
            require(slot == -1, f"player {seat + 1} holds nothing but came from slot {slot!r}")
        else:
            require(is_int(slot) and 0 <= slot < N_SLOTS and r.taken_by[slot] == seat,
                    f"player {seat + 1} holds a tile from a slot they did not take")
    taken = sum(1 for t in r.taken_by if t is not None)
    placed = sum(1 for g in r.grids for p in g if p is not None)
    require(taken == placed + sum(1 for h in r.hands if h is not None), "tiles taken and tiles held or placed differ")
    require(isinstance(r.done, list) and all(is_seat(s, players) for s in r.done) and len(set(r.done)) == len(r.done),
            f"the players done {r.done!r}")
    require(isinstance(r.finished, list) and len(r.finished) == players
            and all(isinstance(f, bool) for f in r.finished), "the finished markers")
    require(all(r.finished[s] for s in r.done), "a player done but not finished")
    require(isinstance(r.totals_before, list) and len(r.totals_before) == players
            and all(is_int(t) for t in r.totals_before), "the totals before the round")
    # the phase and the clock
    require(_clock_ok(r.now), f"the clock reads {r.now!r}")
    if r.phase == MIX:
        require(r.round_start is None and taken == 0 and not r.done, "tiles moved before the round started")
    else:
        require(_clock_ok(r.round_start) and r.round_start <= r.now, f"the round started at {r.round_start!r}")
    if r.phase == OVER:
        require(r.ended_by in ENDINGS and isinstance(r.scores, list) and len(r.scores) == players,
                "a finished round without its ending and scores")
        require(all(h is None for h in r.hands), "a tile still in hand after the round")
    else:
        require(r.ended_by is None and r.scores is None, "an ending before the round is over")
    require(is_int(r.barrier) and r.barrier >= 0, "the undo barrier")
    require(isinstance(r.entries, list) and all(isinstance(e, LogEntry) for e in r.entries), "the log")


def carry_clock(saved: Any, replayed: Any) -> None:
    """The clock and timer of the round in play and of the round just finished, from a validated
    snapshot onto the match rebuilt from the actions, where both are the same round in the same phase."""
    pairs = [(saved.hand, replayed.hand), (saved.last_hand, replayed.last_hand)]
    for old, new in pairs:
        if old is None or new is None or old.round_index != new.round_index or old.phase != new.phase:
            continue
        if (old.round_start is None) != (new.round_start is None):
            continue
        new.now, new.round_start, new.timer = old.now, old.round_start, old.timer
        new.no_timer = new.timer is None
