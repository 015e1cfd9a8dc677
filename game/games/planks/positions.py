"""Pirates, Planks & Pesetas positions on demand: any moment of a round's play, said the way a person says it.

Worked example (E5): three players, Blue's pirate 2 at the front of plank 3, Red's 5 and Green's 1 behind it;
Yellow is not playing, so with 4 players Yellow's 4 jumps from plank 1 two planks clockwise::

    from game.games.planks.positions import position
    s = position(4, planks={1: ["yellow-4"], 3: ["blue-2", "red-5", "green-1"]}, turn=3)
    s.apply(Move(3, "pirate-yellow-4", 1, 2))
    s.planks[3]          # ['pirate-red-5', 'pirate-green-1', 'pirate-yellow-4']; blue-2 is on the island

What a position may say (seats 0..players-1; with 3-4 players seat k plays ``COLOURS[k]``):

- ``players`` (2-4); ``colours={seat: [c, c]}`` with 2 players (default: seat 0 red and green, seat 1 blue
  and yellow); ``pairs`` (6, 8, 10, 12), ``feel_draw``; ``round`` (default 1), ``first`` (the round's first
  player, default ``turn``), ``starter`` (the game's, default ``first``).
- ``planks={plank: [pirates front to back]}``: pirates as ``"red-2"`` or ``"pirate-red-2"``; ``island``:
  pirates on the island. A pirate in play named nowhere is on the island.
- ``chests``: the plank of ``chest-small-1`` (the others follow by R3; default 0).
- ``turn``: the seat to act (default 0); ``budgets={seat: MP}`` (default 12); ``spent`` this turn;
  ``moved``: pirates that moved this turn; ``exhausted``: the seats on 0/1 in the order they got there
  (default: those with budget 0, by seat); ``counters={seat: n}`` (2 players, default 3).
- ``treasures={seat: [kinds]}`` in front of each player; ``removed`` (2 players: duplicates out of the game);
  ``marker`` (2 players; default a tile of the last kind in play); ``kinds`` in play (default: those named,
  filled up to ``pairs`` in the order of 2.4); ``bag`` (kinds; default: every tile of the kinds in play not
  placed elsewhere; given, every tile must then be somewhere).
- ``draws``: what the next draws from the bag give (kinds or tile ids), in order; ``seed`` the generator after.

The result is checked like a loaded save (``RULES.validate_state``); a position the game cannot be in (a
pirate twice, four on a plank, a tile nowhere) raises ``PositionError`` saying what.
"""
from __future__ import annotations

from typing import Mapping, NoReturn, Sequence

from game.core.chance import Chance
from game.core.events import Event
from game.core.protocol import check_position, resolve_options
from game.games.planks.rules import (ALL_PIRATES, BUDGET, COLOURS, KINDS, LENGTH, MAX_PER_TURN, PLAY,
                                     RULES, TURN_COUNTER, PlanksState, chest_planks_from, kind_of, tile_ids)


class PositionError(ValueError):
    """A position that does not fit the game (the message says what)."""


def _fail(message: str) -> NoReturn:
    raise PositionError(f"not a Pirates, Planks & Pesetas position: {message}")


def pirate(name: str) -> str:
    """``"red-2"`` -> ``"pirate-red-2"`` (a full id is kept)."""
    full = name if name.startswith("pirate-") else f"pirate-{name}"
    if full not in ALL_PIRATES:
        _fail(f"{name!r} is no pirate")
    return full


def position(players: int = 3, *, planks: Mapping[int, Sequence[str]] | None = None,
             island: Sequence[str] = (), chests: int = 0, turn: int = 0, first: int | None = None,
             starter: int | None = None, round: int = 1, budgets: Mapping[int, int] | None = None,
             spent: int = 0, moved: Sequence[str] = (), exhausted: Sequence[int] | None = None,
             counters: Mapping[int, int] | None = None, colours: Mapping[int, Sequence[str]] | None = None,
             treasures: Mapping[int, Sequence[str]] | None = None, removed: Sequence[str] = (),
             marker: str | None = None, kinds: Sequence[str] | None = None, bag: Sequence[str] | None = None,
             pairs: int = 6, feel_draw: bool = False, draws: Sequence[str] = (), seed: int = 1) -> PlanksState:
    if players not in (2, 3, 4):
        _fail(f"{players} players (2 to 4)")
    if not 0 <= turn < players:
        _fail(f"turn {turn} is not a seat of {players}")
    s = PlanksState()
    s.players = players
    s.options = resolve_options(RULES.options, {"pairs": pairs, "feel-draw": bool(feel_draw)})
    # colours (R2, R7)
    if players == 2:
        given = colours or {0: ["red", "green"], 1: ["blue", "yellow"]}
        s.colours = [sorted(given.get(seat, []), key=COLOURS.index) for seat in range(2)]
    else:
        s.colours = [[COLOURS[seat]] for seat in range(players)]
    s.starter = first if starter is None and first is not None else (turn if starter is None else starter)
    s.first = turn if first is None else first
    s.current, s.round, s.phase = turn, round, PLAY
    # pirates
    s.planks = [[] for _ in range(12)]
    for plank, line in (planks or {}).items():
        if not 0 <= plank < 12:
            _fail(f"plank {plank} (0 to 11)")
        s.planks[plank] = [pirate(p) for p in line]
    placed = {p for line in s.planks for p in line}
    in_play = [p for cs in s.colours for c in cs for p in ALL_PIRATES if p.split("-")[1] == c]
    named_island = [pirate(p) for p in island]
    for p in placed | set(named_island):
        if p not in in_play:
            _fail(f"{p} is not in play with these colours")
    s.island = sorted(p for p in in_play if p not in placed)
    s.chests = chest_planks_from(chests)
    # clips (R12, R13, R11)
    s.budgets = [BUDGET] * players
    for seat, b in (budgets or {}).items():
        s.budgets[seat] = b
    s.exhausted = list(exhausted) if exhausted is not None else [x for x in range(players) if s.budgets[x] == 0]
    s.counters = [TURN_COUNTER] * players if players == 2 else []
    for seat, c in (counters or {}).items():
        s.counters[seat] = c
    s.tired = s.budgets[turn] == 0                     # R28: on 0/1 since before this turn
    s.spent = spent                                    # the budgets given are after this turn's spending
    s.allowance = 1 if s.tired else min(MAX_PER_TURN, s.budgets[turn] + spent)
    s.moved = [pirate(p) for p in moved]
    # treasures (R5, R9, R43)
    named = [k for ts in (treasures or {}).values() for k in ts] + list(removed) + list(bag or []) + \
        ([marker] if marker else [])
    named_kinds = [kind_of(k) if k.startswith("treasure-") else k for k in named]
    drawn_kinds = [kind_of(d) if d.startswith("treasure-") else d for d in draws]
    chosen = list(dict.fromkeys(list(kinds or []) + named_kinds + drawn_kinds))
    for k in chosen:
        if k not in KINDS:
            _fail(f"{k!r} is no treasure kind")
    for k in KINDS:
        if len(chosen) >= pairs:
            break
        if k not in chosen:
            chosen.append(k)
    if len(chosen) != pairs:
        _fail(f"{len(chosen)} kinds in play with {pairs} pairs")
    s.kinds = sorted(chosen, key=LENGTH.__getitem__)
    free = sorted(t for k in s.kinds for t in tile_ids(k))

    def take(name: str) -> str:
        want = name if name.startswith("treasure-") else None
        for t in free:
            if t == want or (want is None and kind_of(t) == name):
                free.remove(t)
                return t
        _fail(f"no {name} left to place")

    s.treasures = [[take(k) for k in (treasures or {}).get(seat, [])] for seat in range(players)]
    s.removed = [take(k) for k in removed]
    if players == 2:
        spare = [t for t in free if kind_of(t) not in named_kinds and kind_of(t) not in drawn_kinds] or free
        s.marker = take(marker) if marker else take(max(spare, key=lambda t: (LENGTH[kind_of(t)], t)))
    elif marker:
        _fail("a turn marker with more than 2 players")
    if bag is None:
        s.bag = sorted(free)
    else:
        s.bag = sorted(take(k) for k in bag)
        if free:
            _fail(f"tiles placed nowhere: {', '.join(free)}")
    s.earned = [0] * players
    s.scorer = -1
    # what comes next
    s.chance = Chance.seeded(seed)
    pending = list(s.bag)
    for d in draws:
        if d.startswith("treasure-"):
            tile = d if d in s.bag else None
        else:
            tile = next((t for t in pending if kind_of(t) == d), None)
        if tile is None:
            _fail(f"the draw {d!r} is not in the bag")
        if tile in pending:
            pending.remove(tile)
        s.chance.script_draws(tile)
    s._events = [Event.of("turn", s.current, round=s.round, phase=PLAY)]   # whose turn it is: its moves are its own
    s.reset_caches()
    check_position(RULES, s, PositionError, _fail)
    return s
