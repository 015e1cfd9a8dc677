"""Pirateer: is this a position of the game? (``PirateerRules.validate_state``, for every loaded save).

Checks the seats, the turn order and the player to act; the fleets (each faction with one seat at most,
S1; while they are chosen at the table, one each in seat order and nothing on the sea yet; preset, the
setup's seating), every ship id one of the fleets in play (three ships each, S2) at a playable square of
this map (G4, G5, G6, G7, G8, a stack only in Flotilla and of one fleet); the ships afloat and the ships
lost adding up to each seat's fleets (R21, R23: a ship removed or doubled); the treasure on the island,
destroyed or on a ship afloat (each treasure of the setup); the setup agreeing with the seats, the turn order
and the options (``setup.Setup``), on the map it names; the dice (R2: 1 to 6, as many as the setup rolls at most;
a move phase with a die to play, R11); counters and statistics of the right types; the events (``rules.py``
notes: a known kind, public, every ship one of the fleets in play, every square a water square of this map, every
seat, fleet and die in range).
Raises ValueError with a reason (English, for the log). ``corruptions`` gives damaged copies of a save's
position that must be refused.
"""
from __future__ import annotations

import json
from typing import Any, Iterator

from game.core.events import Event, check_said
from game.core.protocol import is_int, is_seat, require
from game.games.pirateer.moves import DESTROYED, ISLAND, faction_of, ship_id
from game.games.pirateer.rules import (BONUS, CHOOSE, CHOOSE_AT_TABLE, END, EVENT_KINDS, FACTIONS, FACTIONS_2P, MODES,
                                       MOVE, OVER, PRESET, START, STORM, TWO_PLAYER_FACTIONS, VARIANTS, WIND,
                                       PirateerRules, PirateerState, chosen_at_table, preset_seating)
from game.games.pirateer.setup import Setup, dice_per_roll, treasure_ids

PHASES = (CHOOSE, START, MOVE, END, STORM, BONUS, WIND, OVER)
STAGES = ("roll", "bonus", "reroll")
SHIPS_PER_FLEET = 3


def _counts(value: Any, players: int) -> bool:
    return isinstance(value, list) and len(value) == players and all(is_int(v) and v >= 0 for v in value)


def _cell(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(is_int(v) for v in value)


def _check_choosing(s: Any) -> None:
    """S1 at the table: the seats choose in seat order, one fleet each, before anything is on the sea."""
    require(chosen_at_table(s.players, s.options), "fleets chosen at the table in a setup that seats them (S1)")
    chosen = [bool(fs) for fs in s.seat_factions]
    k = sum(chosen)
    require(all(len(fs) <= 1 for fs in s.seat_factions) and chosen == [True] * k + [False] * (s.players - k)
            and k < s.players, f"the fleets chosen so far {s.seat_factions} are not one each in seat order")
    require(s.current == k, f"seat {s.current} chooses while seat {k} has not chosen (S1)")
    require(not s.pos.ships, "ships at sea before every player has chosen a fleet (S1, S2)")
    require(all(p == ISLAND for p in s.pos.treasures.values()),
            "a treasure is off the island before every player has chosen a fleet (S3)")
    require(not s.pos.wrecks, "a wreck before every player has chosen a fleet")
    require(not s.dice and s.order == [] and s.dead_man is None and s.dead_man_owner is None,
            "dice, a turn order or a dead man before every player has chosen a fleet (S1, S4)")


def _check_losses(s: Any, ships: dict[str, Any]) -> None:
    """R21, R23: a ship leaves the sea only by sinking, and every sinking counts as a loss of its owner
    (the ``lost`` statistic): a seat's ships afloat and its losses add up to its fleets. The dead man's
    ships sunk while nobody held it count for nobody, so its new owner's losses lie between the two."""
    require(_counts(s.lost, s.players), "the lost counts")
    afloat: dict[str, int] = {}
    for ship in ships:
        afloat[faction_of(ship)] = afloat.get(faction_of(ship), 0) + 1
    for seat, fleets in enumerate(s.seat_factions):
        own = [f for f in fleets if not (f == s.dead_man and seat == s.dead_man_owner)]
        missing = sum(SHIPS_PER_FLEET - afloat.get(f, 0) for f in own)
        extra = SHIPS_PER_FLEET - afloat.get(s.dead_man, 0) if seat == s.dead_man_owner else 0
        require(missing <= s.lost[seat] <= missing + extra,
                f"seat {seat} has {SHIPS_PER_FLEET * len(own) - missing} ships afloat of {SHIPS_PER_FLEET * len(own)}"
                f" but {s.lost[seat]} lost: a ship is missing or doubled")


# the fields of an event that name ships, squares, seats, dice (see the kinds in rules.py)
SHIP_FIELDS = ("piece", "boarder", "ship", "carrier")
SHIP_LIST_FIELDS = ("ships",)
CELL_FIELDS = ("at", "to")
CELL_LIST_FIELDS = ("path", "wrecks")
TREASURE_PLACES = (ISLAND, DESTROYED, "war-wind")


def _check_events(board: Any, s: Any, known_ships: set[str]) -> None:
    """The events: a kind of the game, public (S6: nothing is secret), the seats of this game, every ship one of
    the fleets in play, every square a water square of this map, fleets of the map, dice 1 to 6."""
    players = s.players
    require(isinstance(s._events, list), "the events")

    def ship(x: Any, kind: str) -> None:
        require(x in known_ships, f"a {kind!r} event names an unknown ship {x!r:.40}")

    def cell(c: Any, kind: str) -> None:
        require(_cell(c) and board.is_water(c), f"a {kind!r} event names a square off the board {c!r:.40}")

    def die(d: Any, kind: str) -> None:
        require(is_int(d) and 1 <= d <= 6, f"a {kind!r} event names a die of {d!r:.20}")

    for e in s._events:
        require(isinstance(e, Event), "an event that is not one")
        kind = e.kind
        require(kind in EVENT_KINDS, f"an event of unknown kind {kind!r:.40}")
        require(not e.secret and e.audience is None, f"a secret {kind!r} event (nothing is secret in Pirateer)")
        require(e.seat is None or is_seat(e.seat, players), f"a {kind!r} event names seat {e.seat!r}")
        check_said(e)
        f = e.fields
        for check, singles, lists in ((ship, SHIP_FIELDS, SHIP_LIST_FIELDS), (cell, CELL_FIELDS, CELL_LIST_FIELDS)):
            for name in singles:
                if f.get(name) is not None:
                    check(f[name], kind)
            for name in lists:
                if name in f:
                    require(isinstance(f[name], tuple), f"a {kind!r} event's {name}")
                    for x in f[name]:
                        check(x, kind)
        for name in ("dice",):
            if name in f:
                require(isinstance(f[name], tuple) and 1 <= len(f[name]) <= 4, f"a {kind!r} event's dice")   # V11.4
                for d in f[name]:
                    die(d, kind)
        for name in ("die", "radius"):
            if name in f:
                die(f[name], kind)
        if kind == "moved":
            require("frm" in f and "path" in f and "to" in f, "a 'moved' event without its squares")
            cell(f["frm"], kind)
            require(len(f["path"]) >= 1 and f["path"][-1] == f["to"], "a 'moved' event whose path does not end "
                                                                       "on its landing square")
            require(is_int(f.get("die_index")) and 0 <= f["die_index"] < 4, "a 'moved' event's die index")   # V11.4
        if kind == "took":
            frm = f.get("frm")
            require(frm in TREASURE_PLACES or frm in known_ships, f"a 'took' event names an unknown ship {frm!r:.40}")
            require(f.get("treasure") is None or f["treasure"] in s.setup.treasure_ids,
                    f"a 'took' event names an unknown treasure {f.get('treasure')!r:.40}")
        if kind == "sank":
            t = f.get("treasure")
            require(t is None or t in (ISLAND, DESTROYED) or t in known_ships,
                    f"a 'sank' event names an unknown ship {t!r:.40}")
            require(f.get("owner") is None or is_seat(f["owner"], players), "a 'sank' event's owner is no seat")
        if kind == "chose":
            what, choice = f.get("what"), f.get("choice")
            if what == "fleet":
                require(choice in board.factions, f"a 'chose' event names an unknown fleet {choice!r:.40}")
            elif what in ("carrier", "storm"):
                ship(choice, kind)
            elif what == "bonus":
                require(isinstance(choice, tuple) and len(choice) == 2, "a 'chose' event's bonus dice")
                for d in choice:
                    die(d, kind)
        if kind == "seated":
            fleets = f.get("fleets")
            require(isinstance(fleets, tuple) and len(fleets) == players and all(
                isinstance(fs, tuple) and all(x in board.factions for x in fs) for fs in fleets),
                "a 'seated' event's fleets are not one list of known fleets per player")
            require(f.get("dead_man") is None or f["dead_man"] in board.factions, "a 'seated' event's dead man")
        if kind == "flipped":
            require(f.get("island") in [i.label for i in board.islands], "a 'flipped' event names no island")
        if kind == "takeover":
            require(f.get("faction") in board.factions, "a 'takeover' event names an unknown fleet")
        for name in ("order", "winners"):
            if name in f:
                require(isinstance(f[name], tuple) and all(is_seat(x, players) for x in f[name]),
                        f"a {kind!r} event's {name} are not seats of the game")


def corruptions(rules: PirateerRules, data: Any) -> Iterator[tuple[str, Any]]:
    """Damaged copies of a Pirateer ``to_json()`` that ``validate_game`` refuses, each with a word of the refusal
    (``Rules.corruptions``): a ship removed, a ship doubled (a fourth ship of a fleet, or two fleets' ships on one
    square), a ship on land and off the board, a seat out of range, the treasure nowhere, a die of 7, a fleet
    held by two players, an unknown phase, a wreck on land, too many players."""
    board = rules.board
    if isinstance(data.get("setup"), dict) and isinstance(data["setup"].get("board"), str):
        board = rules.board_named(data["setup"]["board"])

    def damaged(edit: Any) -> Any:
        copy = json.loads(json.dumps(data))
        edit(copy)
        return copy

    ships: dict[str, Any] = data.get("ships", {})
    controlled = {f for fs in data.get("seat_factions", []) for f in fs} - {data.get("dead_man")}
    carriers = set((data.get("treasures") or {}).values()) | {data.get("treasure")}
    removable = [x for x in sorted(ships) if faction_of(x) in controlled and x not in carriers
                 and x not in data.get("storm_choices", [])]
    if removable:
        yield "ship", damaged(lambda d: d["ships"].pop(removable[0]))
    if ships:
        first = sorted(ships)[0]
        yield "ship", damaged(lambda d: d["ships"].update({ship_id(faction_of(first), 4): list(ships[first])}))
        others = [x for x in sorted(ships) if ships[x] != ships[first] and faction_of(x) != faction_of(first)]
        if others:                                  # a ship of another fleet copied onto the first one's square
            yield "share a square", damaged(lambda d: d["ships"].update({others[0]: list(ships[first])}))
        land = next(c for c in ((0, 0), (19, 19), (9, 9)) if not board.is_water(c))
        yield "playable square", damaged(lambda d: d["ships"].update({first: list(land)}))
        yield "playable square", damaged(lambda d: d["ships"].update({first: [25, -3]}))
    else:                                           # S1 at the table: nothing sails before the last choice
        fleet = board.factions[0]
        yield "ship", damaged(lambda d: d["ships"].update({ship_id(fleet, 1): list(board.harbour(fleet).starts[0])}))
    players = data.get("players", 2)
    yield "seat", damaged(lambda d: d.update(current=players + 3))
    if isinstance(data.get("treasures"), dict) and data["treasures"]:
        tid = sorted(data["treasures"])[0]
        yield "treasure", damaged(lambda d: d["treasures"].update({tid: "ship-nobody-9"}))
    else:
        yield "treasure", damaged(lambda d: d.update(treasure="ship-nobody-9"))
    if isinstance(data.get("setup"), dict):
        yield "setup", damaged(lambda d: d["setup"].update(dice=9))
        yield "map", damaged(lambda d: d["setup"].update(board="no-such-sea"))
    yield "dice", damaged(lambda d: d.update(dice=[7, 2], used=[False, False], need=0))
    fleets = data.get("seat_factions", [])
    if len(fleets) >= 2 and fleets[0] and fleets[1]:
        yield "fleet", damaged(lambda d: d["seat_factions"][1].append(d["seat_factions"][0][0]))
    yield "phase", damaged(lambda d: d.update(phase="sailing"))
    yield "wreck", damaged(lambda d: d.update(wrecks=[[0, 0]]))
    yield "players", damaged(lambda d: d.update(players=9))
    events = data.get("events") or []
    named = next((k for k, e in enumerate(events) if e.get("data", {}).get("piece")), None)
    if named is not None:
        yield "unknown ship", damaged(lambda d: d["events"][named]["data"].update(piece="ship-nobody-9"))
    placed = next((k for k, e in enumerate(events) if "at" in e.get("data", {}) or "to" in e.get("data", {})), None)
    if placed is not None:
        field = "at" if "at" in events[placed]["data"] else "to"
        yield "off the board", damaged(lambda d: d["events"][placed]["data"].update({field: [25, -3]}))


def _check_setup(s: Any) -> None:
    """The setup (``setup.Setup``) agrees with the game: a seat's fleets as chosen or preset (S1) and the dead man
    (V9.1), the turn order round the board (S5), the dice per roll of the options (R2, V2.1), the treasures."""
    su = s.setup
    require(isinstance(su, Setup) and su.players == s.players, "the setup is not one of this game's seats")
    own = [[f for f in fs if not (f == s.dead_man and seat == s.dead_man_owner)]
           for seat, fs in enumerate(s.seat_factions)]
    require([list(fs) for fs in su.fleets] == own and su.dead_man == s.dead_man,
            f"the setup's fleets {[list(fs) for fs in su.fleets]} are not the seats' fleets {own} (S1)")
    want = dice_per_roll(s.options)
    require(su.dice == want, f"the setup rolls {su.dice!r} dice, the options {want}")
    require(su.treasure_ids == treasure_ids(s.options), f"the setup's treasures {list(su.treasure_ids)}")
    labels = [i.label for i in s.board.islands]
    if su.island is not None:
        require(su.island in labels, f"the setup's island {su.island!r:.20} is none of the map's {labels}")
    if len(labels) > 1 and s.phase != CHOOSE:
        require(su.island is not None, "two islands and no coin flip for the treasures (V11.2)")
    if s.phase != CHOOSE:
        order = list(su.order)
        require(sorted(order) == list(range(s.players)), f"the setup's turn order {order!r} is not every seat once")
        k = order.index(s.order[0]) if s.order and s.order[0] in order else 0
        require(order[k:] + order[:k] == s.order, f"the turn order {s.order!r} does not go round the board {order!r}"
                                                   " (S5)")


def validate_game(rules: PirateerRules, s: Any) -> None:
    require(isinstance(s, PirateerState), f"not a Pirateer game: {type(s).__name__}")
    require(isinstance(s.setup, Setup), "the game has no setup")
    board = rules.board_named(s.setup.board)
    require(s.board is board or s.board.name == board.name, "a game on another map than its setup names")
    players = s.players
    require(is_int(players) and rules.min_players <= players <= rules.max_players,
            f"{players!r} players ({rules.min_players} to {rules.max_players})")
    # options (the state keeps every mode and variant, on or off, how the fleets are seated, the two-player fleets)
    require(isinstance(s.options, dict) and set(s.options) == set(MODES + VARIANTS + (FACTIONS, FACTIONS_2P)),
            "the options are not the game's")
    require(all(isinstance(s.options[k], bool) for k in MODES + VARIANTS), "an option that is not on or off")
    require(s.options[FACTIONS] in (CHOOSE_AT_TABLE, PRESET), f"unknown seating of the fleets {s.options[FACTIONS]!r}")
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
    require(is_seat(s.current, players), f"the player to act {s.current!r} is not a seat of {players}")
    require(s.phase in PHASES, f"unknown phase {s.phase!r}")
    if s.phase == CHOOSE:
        _check_choosing(s)
    else:
        require(isinstance(s.order, list) and sorted(s.order) == list(range(players))
                and all(is_int(x) for x in s.order), f"the turn order {s.order!r} is not every seat once")
        require(all(s.seat_factions), "a seat without a fleet after the fleets were chosen (S1)")
        if s.options[FACTIONS] == PRESET:
            seats, dead_man = preset_seating(players, s.options)
            own = [[f for f in fs if not (f == s.dead_man and seat == s.dead_man_owner)]
                   for seat, fs in enumerate(s.seat_factions)]
            require(own == seats and s.dead_man == dead_man,
                    f"the fleets {s.seat_factions} are not the preset seating {seats} (S1)")
    _check_setup(s)
    require(s.stage in STAGES, f"unknown stage {s.stage!r}")
    # dice (R2, V2.1, V6)
    require(isinstance(s.dice, list) and len(s.dice) <= max(2, s.setup.dice) and
            all(is_int(d) and 1 <= d <= 6 for d in s.dice),
            f"the dice {s.dice!r}")
    require(isinstance(s.used, list) and len(s.used) == len(s.dice) and all(isinstance(u, bool) for u in s.used),
            "the used dice")
    require(is_int(s.need) and 0 <= s.need <= len(s.dice) - sum(s.used), f"{s.need!r} dice still to play")
    if s.phase == MOVE:
        require(s.need >= 1, "a move phase with no die to play (R11, R12, R13 pass on at once)")
    # ships (S2, G4, G5, G6, G7, G8)
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
    treasures = s.pos.treasures
    require(isinstance(treasures, dict) and tuple(treasures) == s.setup.treasure_ids,
            f"the treasures {sorted(treasures)!r:.60} are not the setup's")
    for t, place in treasures.items():
        require(place in (ISLAND, DESTROYED) or place in ships, f"the {t} is on {place!r:.40}, which is no ship afloat")
    if s.phase != CHOOSE:
        _check_losses(s, ships)
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
    _check_events(board, s, known_ships)
