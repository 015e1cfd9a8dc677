"""Island Race positions on demand: a match at any moment of a race, written as a person would describe
it, and checked like a loaded save (``IslandRaceRules.validate_state``). For tests, tutorials and bug
reports: nothing here is reached by play, and play never calls it.

A tile is written ``"T38 back r2"`` (id, the side up, quarter turns clockwise) or as a tuple
``("T38", BACK, 2)``. Cells are ``(row, col)``, row 0 at the top (S1).

``position`` takes:

- ``players``, ``options`` (the setup, e.g. ``{"big-island": True}``), ``seed`` (the generator of the
  match: it mixes the pile of tiles nobody placed and, unless ``next_pile`` fixes it, the next round);
- ``round`` (1 to 3) and ``phase``: ``"mix"`` (the countdown, nobody acts), ``"play"``, ``"last"``
  (``no-timer`` only: after the first Done, V3) or ``"over"`` (round 3 only: the match is over, the
  round is scored);
- ``islands``: per seat, its cells row-major (``None`` = empty) or a ``{(row, col): tile}`` mapping;
- ``hands``: per seat, the tile it holds, or ``(tile, slot)`` to say which pile slot it came from;
- ``pile``: the whole pile in slot order (48 entries, ``None`` for the slots whose tiles are held or
  placed), or ``{slot: tile}`` for a few slots, the other tiles lying as the mix from ``seed`` put them;
  ``showing``: tiles that stay in their slot but show this side and turn;
- ``done``: the seats that declared Done, in order; ``finished``: in ``"last"``, the seats that placed
  their extra tile or pressed Stop;
- ``elapsed``: seconds since "Go!" (the clock), ``started_at``: the clock at "Go!", ``timer``: the round
  length when it is not the options' (a longer round from Settings);
- ``past_rounds``: each finished round's scores (the match totals are their sums), or ``totals``: the
  running totals alone (recorded as round 1's scores); a built match keeps no finished round to show
  on the scoring screen, only its scores;
- ``next_pile``: the next round's pile (48 tiles, slot 0 first), drawn by its mix from the match's
  ``Chance`` script instead of the generator (S4).

Example: round 2, a minute and a half in; Anna (seat 0) has two tiles down and holds T30, turned once;
Ben (seat 1) has one tile on his centre; the pile's slot 0 shows T17's front; round 3 will be mixed
exactly as ``NEXT`` says::

    from game.games.island_race.positions import position
    from game.games.island_race.rules import Place
    from game.games.island_race.tiles import TILE_IDS

    NEXT = [f"{tile} front r0" for tile in TILE_IDS]     # round 3: every tile front up, in id order
    m = position(2, round=2, past_rounds=[[25, 11]], elapsed=90.0,
                 islands={0: {(0, 0): "T01 front r0", (0, 1): "T21 front r0"},
                          1: {(1, 1): "T41 front r0"}},
                 hands={0: "T30 front r1"}, pile={0: "T17 front r0"}, next_pile=NEXT)
    assert m.totals == [25.0, 11.0] and m.hand.time_left() == 150.0
    m.apply(Place(0, (0, 2)))       # the position plays on like any other
    assert m.hand.grids[0][2].tile == "T30"
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence, Union

from game.core.events import Event
from game.core.match import hand_points
from game.core.protocol import Result, T, resolve_options, seat_ref
from game.core.rng import Rng
from game.games.island_race.rules import (ENDED_ALL_DONE, ENDED_LAST_TILE, ENDED_TIME_UP, LAST, MIX, OVER, PLAY,
                                          ROUNDS, RULES, IslandMatch, IslandRound, Piece, mix_script, ordinal,
                                          timer_seconds)
from game.games.island_race.tiles import BACK, FRONT, N_SLOTS, TILE_SET

Spec = Union[str, tuple, Piece]
Cell = tuple[int, int]


def piece(spec: Spec) -> Piece:
    """A tile as it lies: ``"T38 back r2"``, ``("T38", BACK, 2)`` or a ``Piece``."""
    if isinstance(spec, Piece):
        return spec
    if isinstance(spec, str):
        parts = spec.split()
        if len(parts) != 3 or parts[1] not in ("front", "back") or not parts[2].startswith("r") \
                or not parts[2][1:].isdigit():
            raise ValueError(f"a tile is written like 'T38 back r2', not {spec!r}")
        tile, side, rot = parts[0], FRONT if parts[1] == "front" else BACK, int(parts[2][1:])
    else:
        tile, side, rot = spec
    if tile not in TILE_SET or side not in (FRONT, BACK) or not 0 <= rot < 4:
        raise ValueError(f"no such tile, side or turn: {spec!r}")
    return Piece.of(tile, side, rot)


def position(players: int = 2, *, options: Mapping[str, Any] | None = None, seed: int = 0, round: int = 1,
             phase: str = PLAY, islands: Mapping[int, Any] | None = None,
             hands: Mapping[int, Spec | tuple[Spec, int]] | None = None,
             pile: Sequence[Spec | None] | Mapping[int, Spec] | None = None, showing: Iterable[Spec] = (),
             done: Sequence[int] = (), finished: Iterable[int] = (), elapsed: float = 0.0,
             started_at: float = 0.0, timer: int | None | str = "options", ended_by: str | None = None,
             past_rounds: Sequence[Sequence[int]] | None = None, totals: Sequence[int] | None = None,
             next_pile: Sequence[Spec] | None = None) -> IslandMatch:
    """The match described (see the module docstring), validated like a loaded save: ValueError saying
    what is wrong when it is no position of the game."""
    opts = resolve_options(RULES.options, dict(options or {}))
    problems = RULES.check(players, opts)
    if problems:
        raise ValueError("; ".join(p.key for p in problems))
    if not 1 <= round <= ROUNDS:
        raise ValueError(f"round {round}: the race has rounds 1 to {ROUNDS}")
    if phase not in (MIX, PLAY, LAST, OVER):
        raise ValueError(f"unknown phase {phase!r}")
    if phase == OVER and round != ROUNDS:
        raise ValueError("a round is over only in the last round: after rounds 1 and 2 the next one is mixed")
    r = IslandRound.mix(players, opts, seed, round - 1)
    size = r.size
    slots: list[Piece | None] = list(r.pile)
    full_pile = pile is not None and not isinstance(pile, Mapping)
    if full_pile:
        if len(pile) != N_SLOTS:  # type: ignore[arg-type]
            raise ValueError(f"a whole pile has {N_SLOTS} slots")
        slots = [piece(s) if s is not None else None for s in pile]  # type: ignore[union-attr]
    elif pile is not None:
        for slot, spec in pile.items():  # type: ignore[union-attr]
            _move(slots, piece(spec), slot)
    for spec in showing:
        p = piece(spec)
        _move(slots, p, _slot_of(slots, p.tile))
    taken_by: list[int | None] = [None] * N_SLOTS
    free = [s for s, p in enumerate(slots) if p is None] if full_pile else []

    def take(seat: int, p: Piece, slot: int | None) -> int:
        """The slot the tile ``p`` left for ``seat``'s hand or island."""
        if full_pile:
            if slot is None:
                if not free:
                    raise ValueError("the pile has fewer empty slots than tiles held and placed")
                slot = free[0]
            if slot not in free:
                raise ValueError(f"slot {slot} is not an empty slot of the pile")
            free.remove(slot)
        else:
            if slot is not None:
                _move(slots, p, slot)
            else:
                slot = _slot_of(slots, p.tile)
            slots[slot] = None
        taken_by[slot] = seat
        return slot

    r.hands = [None] * players
    r.hand_slot = [-1] * players
    for seat, held in (hands or {}).items():
        spec, slot = held if isinstance(held, tuple) and len(held) == 2 and isinstance(held[1], int) \
            else (held, None)
        p = piece(spec)
        r.hands[_seat(seat, players)] = p
        r.hand_slot[seat] = take(seat, p, slot)
    r.grids = [[None] * (size * size) for _ in range(players)]
    for seat, layout in (islands or {}).items():
        for cell, spec in _cells(layout, size):
            if spec is not None:
                p = piece(spec)
                take(_seat(seat, players), p, None)
                r.grids[seat][cell[0] * size + cell[1]] = p
    if full_pile and free:
        raise ValueError(f"the pile has {len(free)} empty slots more than tiles held and placed")
    r.pile, r.taken_by = slots, taken_by
    r.timer = timer_seconds(opts) if timer == "options" else timer  # type: ignore[assignment]
    r.no_timer = r.timer is None
    # the scores of the finished rounds, and the totals the round starts from
    if past_rounds is None:
        past_rounds = [[0] * players for _ in range(round - 1)]
        if totals is not None and round > 1:
            past_rounds[0] = [int(t) for t in totals]
        elif totals is not None and any(totals):
            raise ValueError("round 1 starts with the totals at 0 (S3)")
    if len(past_rounds) != round - 1 or any(len(s) != players for s in past_rounds):
        raise ValueError(f"round {round} comes after {round - 1} finished rounds of {players} scores each")
    results = [Result.from_scores([float(x) for x in scores]) for scores in past_rounds]
    sums: list[float] = [0] * players
    for res in results:
        sums = [a + b for a, b in zip(sums, hand_points(res, players))]
    r.totals_before = [int(t) for t in sums]
    # the phase, the clock, the Done order; the log and the events as play would have them at this point
    # (a built position has no moves behind it: only the mix, "Go!", the Done order and the round's end)
    r._events = [e for e in r._events if e.kind == "mixed"]   # the mix (with the options' timer)
    r.done = [_seat(s, players) for s in done]
    r.finished = [s in r.done for s in range(players)]
    for s in finished:
        r.finished[_seat(s, players)] = True
    if phase == MIX:
        r.phase, r.round_start, r.now, r.barrier = MIX, None, float(started_at), 0
        if r.done or any(r.finished):
            raise ValueError("nobody is Done before \"Go!\" (S4)")
    else:
        r.phase, r.round_start, r.now = PLAY, float(started_at), float(started_at) + float(elapsed)
        r.barrier = 1 + len(r.done)
        r._say(T("ir.log.go", round=round, rounds=ROUNDS))
        r._tell("go", round=round)
        for place, seat in enumerate(r.done, start=1):
            r._say(T("ir.log.done", player=seat_ref(seat), place=ordinal(place)), seat)
            r._tell("done", seat, place=place, last=r.no_timer)
        if r.no_timer and r.done:
            r.phase = LAST                                 # V3.2: the first Done starts the last tile
        if phase == LAST and r.phase != LAST:
            raise ValueError("the last-tile phase comes after the first Done of a no-timer round (V3.2)")
        if phase == PLAY and r.phase == LAST:
            raise ValueError("in a no-timer round the first Done starts the last-tile phase (V3.2)")
        if phase == OVER:
            how = ended_by or (ENDED_LAST_TILE if r.no_timer and r.done else
                               ENDED_ALL_DONE if len(r.done) == players else ENDED_TIME_UP)
            r._return_all(ENDED_LAST_TILE if how == ENDED_LAST_TILE else ENDED_TIME_UP)  # R17: tiles go back
            r._end(how)                                    # R18: the round is scored
    m = IslandMatch(RULES, players, opts, ROUNDS, Rng(seed), r, round - 1, 0, totals=list(sums),
                    hand_results=results, barrier_base=round - 1)
    if r.phase == OVER:                                    # R28: the match is over
        m.hand_results.append(r.result())
        m.totals = [a + b for a, b in zip(m.totals, hand_points(m.hand_results[-1], players))]
        m.past_events.extend(r.events)                     # as the match keeps a finished round's events
        m.past_events.append(Event.of("ended", what="hand", hand=round - 1,
                                      points=hand_points(m.hand_results[-1], players)))
        m.last_hand = r
    if next_pile is not None:
        if round == ROUNDS:
            raise ValueError("there is no round after round 3 to mix")
        m.script = [["draw", x] for x in mix_script([_triple(piece(s)) for s in next_pile])]
    RULES.validate_state(m)
    return m


def round_position(players: int = 2, **kwargs: Any) -> IslandRound:
    """The round in play of ``position(players, **kwargs)`` (for tests of one round)."""
    return position(players, **kwargs).hand  # type: ignore[return-value]


# --------------------------------------------------------------------------------------------------
def _triple(p: Piece) -> tuple[str, int, int]:
    assert p.tile is not None
    return p.tile, p.side, p.rot


def _seat(seat: Any, players: int) -> int:
    if not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"seat {seat!r} is not a seat of a {players}-player race")
    return seat


def _slot_of(slots: list[Piece | None], tile: str | None) -> int:
    for slot, p in enumerate(slots):
        if p is not None and p.tile == tile:
            return slot
    raise ValueError(f"tile {tile} is used twice (or is not in the pile)")


def _move(slots: list[Piece | None], p: Piece, slot: int) -> None:
    """Lay ``p`` in ``slot``; the tile that lay there takes ``p``'s old slot."""
    if not isinstance(slot, int) or not 0 <= slot < N_SLOTS:
        raise ValueError(f"slot {slot!r} is not a pile slot (0 to {N_SLOTS - 1})")
    old = _slot_of(slots, p.tile)
    slots[old], slots[slot] = slots[slot], p


def _cells(layout: Any, size: int) -> list[tuple[Cell, Spec | None]]:
    if isinstance(layout, Mapping):
        out = []
        for cell, spec in layout.items():
            if not (isinstance(cell, tuple) and len(cell) == 2 and all(0 <= x < size for x in cell)):
                raise ValueError(f"cell {cell!r} is not on a {size}x{size} island (R7)")
            out.append((cell, spec))
        return out
    if len(layout) != size * size:
        raise ValueError(f"a {size}x{size} island has {size * size} cells, not {len(layout)}")
    return [(divmod(i, size), spec) for i, spec in enumerate(layout)]
