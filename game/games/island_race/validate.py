"""Island Race: is this a position of the game? (``IslandRaceRules.validate_state``, for every loaded save),
and the clock a save keeps beside its actions (``carry_clock``).

Checks seats and the racers in range, the 48 tiles each exactly once (in the pile, a hand or an island,
S4 and the conservation rule), every piece a known tile showing one of its faces, the pile slots and
hands agreeing on who holds what (R4, R6), the phase, the clock and the timer, fields of the right types,
and the events (``check_events``: known kinds with their fields, public, no tile id, in an order play
makes). Raises ValueError with a reason (English, for the log).

The scene's clock (``now``, ``round_start``, a timer lengthened in Settings) is recorded by no action:
a save's action list rebuilds every tile but not the time left, which comes from the snapshot.
"""
from __future__ import annotations

import copy
import math
from collections import Counter
from typing import Any, Iterator, Mapping

from game.core.chance import Chance
from game.core.events import Event, check_said
from game.core.match import hand_points
from game.core.protocol import JSON, Result, is_int, is_seat, require
from game.core.rng import Rng
from game.games.island_race.rules import (ENDED_ALL_DONE, ENDED_LAST_TILE, ENDED_TIME_UP, LAST, MIX, OVER, PLAY,
                                          RETURN_WHY, ROUNDS, IslandMatch, IslandRaceRules, IslandRound, Piece,
                                          face_from_data, grid_size, mix_pile, timer_seconds)
from game.games.island_race.scoring import cells_of, neighbour
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
    require(all(r.scores is None or (isinstance(r.scores, list) and len(r.scores) == players) for r in results),
            "a round's scores are not one number per player")
    sums = [sum(hand_points(r, players)[seat] for r in results) for seat in range(players)]
    require(all(t == x for t, x in zip(match.totals, sums)),
            f"the totals {match.totals!r:.60} are not the sums of the round scores {sums!r:.60}")
    require(is_int(match.barrier_base) and match.barrier_base >= 0, "the undo barrier")
    _check_script(match)
    validate_round(match.hand, players, match.options)
    require(match.hand.round_index == match.hand_index,
            f"the round in play says it is round {match.hand.round_index + 1}, the match {match.hand_index + 1}")
    require(match.hand.is_over() == (finished == ROUNDS), "the round in play is over but the race goes on")
    if not match.hand.is_over():
        require(match.hand.totals_before == [int(t) for t in match.totals],
                "the round in play does not start from the match totals")
    # The finished round is kept for the scoring screen; a position built by ``positions.position``
    # after round 1 has none (its earlier rounds are only their scores).
    _check_past_events(match, players)
    if match.last_hand is not None:
        require(finished > 0, "a finished round before any round ended")
        validate_round(match.last_hand, players, match.options)
        require(match.last_hand.is_over(), "the last finished round is not over")
        require([s.total for s in match.last_hand.scores] == results[-1].scores,
                "the last round's scores are not the ones on the sheet")


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
    require(isinstance(r.grids, list) and len(r.grids) == players and all(isinstance(g, list) for g in r.grids),
            "not one island per player")
    for seat, g in enumerate(r.grids):   # S1, V2.2, R7.1: no cell outside the grid
        require(len(g) == cells, f"player {seat + 1}'s island has {len(g)} cells, a {r.size}x{r.size} island {cells}")
    pieces = [p for p in r.pile + r.hands + [p for g in r.grids for p in g] if p is not None]
    require(all(_piece_ok(p) for p in pieces), "a tile that does not exist or shows a face it does not have")
    count = Counter(p.tile for p in pieces)     # S4: the 48 tiles, each once
    twice = sorted(t for t, n in count.items() if n > 1)
    require(not twice, f"tile {twice[0] if twice else ''} is there twice")
    missing = sorted(set(TILE_IDS) - set(count))
    require(not missing, f"tile {missing[0] if missing else ''} is missing")
    # who holds what: an empty slot is remembered by the one who took its tile (R4, R6)
    require(isinstance(r.taken_by, list) and len(r.taken_by) == N_SLOTS, "not one taker per pile slot")
    for slot, taker in enumerate(r.taken_by):
        require(taker is None or is_seat(taker, players),
                f"slot {slot} was taken by seat {taker!r:.12}, not a seat of this {players}-player race")
    require(all((r.pile[slot] is None) == (r.taken_by[slot] is not None) for slot in range(N_SLOTS)),
            "a pile slot is both full and taken, or empty and taken by nobody")
    require(isinstance(r.hand_slot, list) and len(r.hand_slot) == players, "not one hand slot per player")
    for seat in range(players):
        slot = r.hand_slot[seat]
        if r.hands[seat] is None:
            require(slot == -1, f"player {seat + 1} holds nothing but came from slot {slot!r:.12}")
        else:
            require(is_int(slot) and 0 <= slot < N_SLOTS,
                    f"player {seat + 1} holds a tile from slot {slot!r:.12}, off the pile")
            require(r.taken_by[slot] == seat, f"player {seat + 1} holds a tile from a slot they did not take")
    taken = sum(1 for t in r.taken_by if t is not None)
    placed = sum(1 for g in r.grids for p in g if p is not None)
    require(taken == placed + sum(1 for h in r.hands if h is not None), "tiles taken and tiles held or placed differ")
    for seat in range(players):           # R7.3: every tile placed touches one placed before
        require(_connected(r.grids[seat], r.size),
                f"the tiles of player {seat + 1}'s island do not all touch each other (R7)")
    require(isinstance(r.done, list), "the Done order is not a list")
    for s in r.done:
        require(is_seat(s, players), f"seat {s!r:.12} in the Done order is not a seat of this {players}-player race")
    require(len(set(r.done)) == len(r.done), f"a seat is Done twice: {r.done!r:.40}")
    for s in r.done:                      # R13: Done needs a full grid, and returns a held tile
        require(all(p is not None for p in r.grids[s]), f"player {s + 1} is Done with empty cells")
        require(r.hands[s] is None, f"player {s + 1} is Done but holds a tile")
    require(isinstance(r.finished, list) and len(r.finished) == players
            and all(isinstance(f, bool) for f in r.finished), "the finished markers")
    require(all(r.finished[s] for s in r.done), "a player done but not finished")
    require(isinstance(r.totals_before, list) and len(r.totals_before) == players
            and all(is_int(t) for t in r.totals_before), "the totals before the round")
    # the phase and the clock
    require(_clock_ok(r.now), f"the clock reads {r.now!r}")
    require(not (r.no_timer and r.phase == PLAY and r.done),
            "a no-timer round goes on after a Done without its last-tile phase (V3.2)")
    if r.phase == LAST:                   # V3.2, V3.3, V3.4, V3.5: one Done, someone still to place or stop
        require(r.no_timer and len(r.done) == 1, "a last-tile phase without a no-timer round's first Done (V3.2)")
        require(any(not r.finished[s] for s in range(players)), "a last-tile phase with everyone finished (V3.5)")
    if r.phase == PLAY:
        require(len(r.done) < players, "everyone is Done but the round goes on (R16)")
    if r.phase == MIX:
        require(r.round_start is None and taken == 0 and not r.done, "tiles moved before the round started")
    else:
        require(_clock_ok(r.round_start) and r.round_start <= r.now, f"the round started at {r.round_start!r}")
    if r.phase == OVER:
        require(r.ended_by in ENDINGS and isinstance(r.scores, list) and len(r.scores) == players,
                "a finished round without its ending and scores")
        require(all(h is None for h in r.hands), "a tile still in hand after the round")
        require([x.to_json() for x in r.scores] == [x.to_json() for x in r.compute_scores()],
                "the round's scores do not follow from its islands (spec §5)")
    else:
        require(r.ended_by is None and r.scores is None, "an ending before the round is over")
    require(is_int(r.barrier) and r.barrier >= 0, "the undo barrier")
    check_events(r)


# --------------------------------------------------------------------------------------------------
# Events (the kinds and fields of the rules module's docstring)
# --------------------------------------------------------------------------------------------------
TABLE_KINDS = ("mixed", "go", "timeup", "ended")
SEAT_KINDS = ("drew", "turned", "flipped", "returned", "placed", "done", "stopped", "scored")
_PIECE = ("side", "rot", "face")
FIELDS: dict[str, tuple[str, ...]] = {
    "mixed": ("round", "tiles", "size", "timer"),
    "go": ("round",),
    "drew": ("slot",) + _PIECE,
    "turned": ("turn", "was") + _PIECE,
    "flipped": ("was",) + _PIECE,
    "returned": ("slot", "why") + _PIECE,
    "placed": ("cell", "slot", "last") + _PIECE,
    "done": ("place", "last"),
    "stopped": (),
    "timeup": ("held",),
    "scored": ("why", "points", "valid", "animals", "landscapes", "volcanoes", "empty", "wrong", "first",
               "floor", "running"),
    "ended": ("what", "round", "how", "points"),
}
HAND_ENDED = ("what", "hand", "points")   # the match's own ``ended`` event (what "hand")


def _count(v: Any) -> bool:
    return is_int(v) and v >= 0


def _check_event(e: Any, where: str, players: int, size: int, in_match: bool = False) -> None:
    """One event: a known kind, public, its seat, exactly its fields, each of the right type; no tile id."""
    require(isinstance(e, Event), f"{where} is not an event")
    kind = e.kind
    if kind == "said":                                  # a log line: its text, public, a seat or the table
        check_said(e)
        require(not e.secret and e.audience is None, f"{where} (a log line) keeps a secret")
        require(e.seat is None or is_seat(e.seat, players), f"{where} (a log line) names seat {e.seat!r:.12}")
        return
    require(kind in FIELDS, f"{where} is of unknown event kind {kind!r:.20}")
    what = f"{where} ({kind})"
    require(not e.secret and e.audience is None, f"{what} keeps a secret, but nothing in Island Race is secret")
    data = dict(e.data)
    for value in data.values():
        for x in (value if isinstance(value, tuple) else (value,)):
            require(not (isinstance(x, str) and x in TILE_IDS), f"{what} names tile {x}: no event shows a tile id")
    hand_end = in_match and kind == "ended" and data.get("what") == "hand"
    fields = HAND_ENDED if hand_end else FIELDS[kind]
    extra = sorted(set(data) - set(fields))
    require(not extra, f"{what} has a field {extra[0] if extra else ''!r} it does not have (no tile id)")
    absent = [f for f in fields if f not in data]
    require(not absent, f"{what} lacks its field {absent[0] if absent else ''!r}")
    if kind in TABLE_KINDS:
        require(e.seat is None, f"{what} names seat {e.seat!r:.12}: the table's events name none")
    else:
        require(is_seat(e.seat, players), f"{what} names seat {e.seat!r:.12}, not a seat of this {players}-player race")

    def field(name: str, ok: bool) -> None:
        require(ok, f"{what} has a bad {name}: {data.get(name)!r:.60}")

    if hand_end:
        field("hand", is_int(data["hand"]) and 0 <= data["hand"] < ROUNDS)
        pts = data["points"]
        field("points", isinstance(pts, tuple) and len(pts) == players
              and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in pts))
        return
    for name in ("round",):
        if name in data:
            field(name, is_int(data[name]) and 1 <= data[name] <= ROUNDS)
    if "slot" in data:
        field("slot", is_int(data["slot"]) and 0 <= data["slot"] < N_SLOTS)
    for name in ("last", "valid"):
        if name in data:
            field(name, isinstance(data[name], bool))
    if "side" in data:
        field("side", data["side"] in (FRONT, BACK) and is_int(data["side"]))
        field("rot", is_int(data["rot"]) and 0 <= data["rot"] < 4)
        try:
            face = face_from_data(data["face"])
        except ValueError as exc:
            raise ValueError(f"{what} shows a face no tile has: {exc}") from None
        field("face", face.back == (data["side"] == BACK))
        if "was" in data:
            try:
                was = face_from_data(data["was"])
            except ValueError as exc:
                raise ValueError(f"{what} shows a face before no tile has: {exc}") from None
            if kind == "turned":
                field("turn", data["turn"] in (1, -1) and is_int(data["turn"]))
                field("face", was.rotated(data["turn"]) == face)
            else:
                field("face", was.back != face.back)
    if kind == "mixed":
        field("tiles", data["tiles"] == N_SLOTS and is_int(data["tiles"]))
        field("size", data["size"] == size)
        field("timer", data["timer"] is None or (is_int(data["timer"]) and data["timer"] > 0))
    elif kind == "returned":
        field("why", data["why"] in RETURN_WHY)
    elif kind == "placed":
        cell = data["cell"]
        field("cell", isinstance(cell, tuple) and len(cell) == 2 and all(is_int(x) and 0 <= x < size for x in cell))
    elif kind == "done":
        field("place", is_int(data["place"]) and 1 <= data["place"] <= players)
    elif kind == "timeup":
        field("held", is_int(data["held"]) and 0 <= data["held"] <= players)
    elif kind == "scored":
        field("why", isinstance(data["why"], str) and data["why"].startswith("ir.score.round."))
        for name in ("points", "animals", "landscapes", "volcanoes", "empty", "wrong", "first", "floor", "running"):
            field(name, _count(data[name]))
    elif kind == "ended":
        field("what", data["what"] == "round")
        field("how", data["how"] in ENDINGS)
        pts = data["points"]
        field("points", isinstance(pts, tuple) and len(pts) == players and all(_count(x) for x in pts))


def check_events(r: IslandRound) -> None:
    """The round's events: each one well formed (``_check_event``), and in an order play makes. A round
    saved before events were recorded has none; one loaded from such a save and played on has only the
    later ones, so the order is checked in full only from the ``mixed`` event on."""
    require(isinstance(r.events, list), "the round's events are not a list")
    for i, e in enumerate(r.events):
        _check_event(e, f"event {i + 1} of round {r.round_index + 1}", r.players, r.size)
    events = [e for e in r.events if e.kind != "said"]    # the order of play: the log lines aside
    kinds = [e.kind for e in events]
    number = r.round_index + 1
    for e in events:
        if e.kind in ("mixed", "go", "ended"):
            require(e.get("round") == number, f"a {e.kind} event of round {e.get('round')} in round {number}")
        if e.kind == "scored":
            require(e.get("why") == f"ir.score.round.{number}", f"a score of another round in round {number}")
    require(kinds.count("mixed") <= 1 and kinds.count("go") <= 1 and kinds.count("ended") <= 1,
            "the round's events mix, start or end it twice")
    require("mixed" not in kinds or kinds[0] == "mixed", "the round's events do not begin with its mix")
    if r.phase == MIX:
        require(all(k == "mixed" for k in kinds), "events of play before the round started")
    if r.phase != OVER:
        require("scored" not in kinds and "ended" not in kinds, "the events end a round that goes on")
    if not kinds or kinds[0] != "mixed":
        return
    # the whole round is there: "Go!", the Done order and the end agree with the round
    require(("go" in kinds) == (r.phase != MIX), "the events and the phase disagree about \"Go!\"")
    if "go" in kinds:
        require(all(k == "mixed" for k in kinds[:kinds.index("go")]), "events of play before the round started")
    done = [e.seat for e in events if e.kind == "done"]
    require(done == r.done, f"the events' Done order {done!r:.40} is not the round's {r.done!r:.40}")
    require([e.get("place") for e in events if e.kind == "done"] == list(range(1, len(done) + 1)),
            "the events' Done places are not 1, 2, 3 ...")
    if r.phase == OVER:
        tail = events[-(r.players + 1):]
        require(len(tail) == r.players + 1 and [e.kind for e in tail] == ["scored"] * r.players + ["ended"]
                and [e.seat for e in tail[:-1]] == list(range(r.players)),
                "the round's events do not end with each island's score and the end")
        require([e.get("points") for e in tail[:-1]] == [s.total for s in r.scores]
                and list(tail[-1].get("points")) == [s.total for s in r.scores],
                "the events' scores are not the round's")
        require(tail[-1].get("how") == r.ended_by, "the events end the round otherwise than it ended")


def _check_past_events(match: IslandMatch, players: int) -> None:
    """The finished rounds' events (and the match's ``ended`` per round): well formed, each round's end
    naming a finished round with the points of the sheet."""
    events = match.past_events
    require(isinstance(events, list), "the past rounds' events are not a list")
    size = grid_size(match.options)
    results = match.hand_results
    for i, e in enumerate(events):
        where = f"event {i + 1} of the past rounds"
        _check_event(e, where, players, size, in_match=True)
        if e.kind == "ended" and e.get("what") == "hand":
            hand = e.get("hand")
            require(hand < len(results), f"{where} ends round {hand + 1}, which is not finished")
            require(list(e.get("points")) == list(hand_points(results[hand], players)),
                    f"{where} gives round {hand + 1} other points than the sheet")


def _check_script(match: IslandMatch) -> None:
    """S4: draws fixed for the next mixes (``IslandMatch.script``) must be draws each mix can make, and
    no more than the rounds to come will mix."""
    require(isinstance(match.script, list) and all(isinstance(e, list) and len(e) == 2 for e in match.script),
            "the scripted draws of the next mixes are not a list of [kind, value] pairs")
    script = [list(e) for e in match.script]
    for _ in range(ROUNDS - 1 - match.hand_index):
        if not script:
            break
        trial = Chance(Rng(0), script)
        try:
            mix_pile(trial)
        except ValueError as exc:
            raise ValueError(f"the scripted draws of the next mix do not fit it: {exc}") from None
        script = trial.script
    require(not script, "more scripted draws than mixes to come")


def _connected(grid: list[Any], size: int) -> bool:
    """R7: the placed cells of an island form one orthogonally connected group (or none)."""
    filled = {c for c in cells_of(size) if grid[c[0] * size + c[1]] is not None}
    if not filled:
        return True
    seen = {next(iter(filled))}
    todo = list(seen)
    while todo:
        cell = todo.pop()
        for d in range(4):
            nb = neighbour(cell, d, size)
            if nb in filled and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return seen == filled


# --------------------------------------------------------------------------------------------------
# Damaged positions a load must refuse (``IslandRaceRules.corruptions``)
# --------------------------------------------------------------------------------------------------
def corruptions(data: JSON) -> Iterator[tuple[str, JSON]]:
    """Damaged copies of a match's ``to_json``: (a word of the refusal, the damaged JSON). Each copy has
    one thing wrong: a tile removed, a tile doubled, an unknown tile, a tile off the island, a tile
    taken from a slot off the pile, a tile placed apart from the others (or before the start), a seat
    out of range (Done, a taker, the player count), totals that are not the round scores' sums; an event
    naming a tile id, keeping a secret, of an unknown kind, not an event at all, or showing a face no tile has."""
    hand = data["hand"]
    players = data["players"]
    size = int(len(hand["grids"][0]) ** 0.5)
    full = [s for s, p in enumerate(hand["pile"]) if p is not None]
    a, b = full[0], full[1]   # a round never has fewer than 48 - 4 - 32 tiles in its pile

    def damaged(change: Any) -> JSON:
        d = copy.deepcopy(data)
        change(d, d["hand"])
        return d

    def remove(d: JSON, h: JSON) -> None:
        h["pile"][a] = None

    def double(d: JSON, h: JSON) -> None:
        h["pile"][b] = copy.deepcopy(h["pile"][a])

    def unknown(d: JSON, h: JSON) -> None:
        h["pile"][a] = {"tile": "T99", "side": FRONT, "rot": 0}

    def off_island(d: JSON, h: JSON) -> None:   # the tile of slot a on a tenth cell of player 1's island
        h["grids"][0].append(h["pile"][a])
        h["pile"][a], h["taken_by"][a] = None, 0

    def done_seat(d: JSON, h: JSON) -> None:
        h["done"] = [players]

    def taker_seat(d: JSON, h: JSON) -> None:
        h["taken_by"][a] = players + 5

    def player_count(d: JSON, h: JSON) -> None:
        d["players"] = 9

    def totals(d: JSON, h: JSON) -> None:
        d["totals"] = [t + 3 for t in d["totals"]]

    yield "missing", damaged(remove)
    yield "twice", damaged(double)
    yield "unknown tile", damaged(unknown)
    yield "island", damaged(off_island)
    yield "seat", damaged(done_seat)
    yield "players", damaged(player_count)
    yield "totals", damaged(totals)
    yield "seat", damaged(taker_seat)
    if all(p is None for p in hand["grids"][0]):
        if hand["phase"] == MIX:
            def early(d: JSON, h: JSON) -> None:   # a tile on an island before "Go!"
                h["grids"][0][0] = h["pile"][a]
                h["pile"][a], h["taken_by"][a] = None, 0
            yield "started", damaged(early)
        else:
            def apart(d: JSON, h: JSON) -> None:   # two tiles in opposite corners: R7 never allows it
                h["grids"][0][0], h["grids"][0][size * size - 1] = h["pile"][a], h["pile"][b]
                h["pile"][a] = h["pile"][b] = None
                h["taken_by"][a] = h["taken_by"][b] = 0
            yield "touch", damaged(apart)
    events = hand.get("events") or []
    if events:
        def tile_id(d: JSON, h: JSON) -> None:      # an event (not a log line) telling which tile it is
            typed = [e for e in h["events"] if e.get("kind") != "said"] or h["events"]
            typed[-1]["data"]["tile"] = "T05"

        def secret(d: JSON, h: JSON) -> None:       # an event kept from some seats
            h["events"][0].update(secret={"down": "T05"}, audience=[0])

        def kind(d: JSON, h: JSON) -> None:
            h["events"][-1]["kind"] = "teleported"

        def not_event(d: JSON, h: JSON) -> None:
            h["events"].append({"kind": "", "seat": None, "data": {}})

        yield "tile id", damaged(tile_id)
        yield "secret", damaged(secret)
        yield "kind", damaged(kind)
        yield "event", damaged(not_event)
        faced = [i for i, e in enumerate(events) if "face" in e.get("data", {})]
        if faced:
            def face(d: JSON, h: JSON) -> None:     # a face no tile shows
                h["events"][faced[0]]["data"]["face"] = ["wwww", "-", "parrot", True, False]
            yield "face", damaged(face)
    held = [s for s, p in enumerate(hand["hands"]) if p is not None]
    if held:
        def off_pile(d: JSON, h: JSON) -> None:   # a held tile from slot 60
            h["hand_slot"][held[0]] = N_SLOTS + 12
        yield "off the pile", damaged(off_pile)


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
