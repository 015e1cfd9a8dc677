"""Scenario builders for the Island Race tests: rounds started by hand, islands written as in the spec
("T01 front r0"), and the worked examples of spec §8 as data (with the placed edges and regions the spec
prints, so each table checks itself)."""
from __future__ import annotations

from game.games.island_race.positions import round_position
from game.core.rng import Rng
from game.games.island_race.rules import (BACK, FRONT, MIX, PLAY, RULES, SYSTEM, Done, Flip, IslandRound, Place,
                                          Rotate, Take)
from game.games.island_race.tiles import Face, face_of, parse_regions

ANNA, BEN, CARA, DINO = 0, 1, 2, 3


def new_round(players: int = 2, seed: int = 1, start: bool = True, *, islands: dict | None = None,
              hands: dict | None = None, pile: dict | list | None = None, showing: tuple | list = (),
              done: tuple | list = (), round: int = 1, past_rounds: list | None = None, **options) -> IslandRound:
    """A round mixed from ``seed`` (options by keyword: big_island=True -> "big-island"), started unless
    start=False, built by ``positions.position``: ``islands`` {seat: row-major layout, 'T01 front r0' or
    None}, ``hands`` {seat: 'T30 back r1'}, ``showing`` pile tiles turned to 'T31 back r0' in their slot..."""
    opts = {k.replace("_", "-"): v for k, v in options.items()}
    return round_position(players, options=opts, seed=seed, phase=PLAY if start else MIX, islands=islands,
                          hands=hands, pile=pile, showing=showing, done=done, round=round,
                          past_rounds=past_rounds)


def parse(spec: str) -> tuple[str, int, int]:
    """'T38 back r2' -> ('T38', BACK, 2)."""
    tile, side, rot = spec.split()
    return tile, (FRONT if side == "front" else BACK), int(rot[1:])


def face(spec: str) -> Face:
    return face_of(*parse(spec))


def slot_of(r: IslandRound, tile: str) -> int:
    for slot, p in enumerate(r.pile):
        if p is not None and p.tile == tile:
            return slot
    raise AssertionError(f"{tile} is not in the pile")


def take_tile(r: IslandRound, seat: int, spec: str) -> None:
    """Take ``tile`` with legal actions, then Flip/Rotate it until it shows 'side rN'."""
    tile, side, rot = parse(spec)
    r.apply(Take(seat, slot_of(r, tile)))
    held = r.hands[seat]
    assert held is not None
    if held.side != side:
        r.apply(Flip(seat))
    while r.hands[seat].rot != rot:  # type: ignore[union-attr]
        r.apply(Rotate(seat, 1))


def build(r: IslandRound, seat: int, layout: list[str | None], order: list[int] | None = None) -> None:
    """Build an island with legal actions only (Take, Flip, Rotate, Place), cell by cell in ``order``
    (default row-major, which always touches an earlier tile)."""
    for i in order if order is not None else range(len(layout)):
        spec = layout[i]
        if spec is None:
            continue
        take_tile(r, seat, spec)
        r.apply(Place(seat, (i // r.size, i % r.size)))


def edges_and_regions(spec: str) -> tuple[str, set[frozenset[int]]]:
    f = face(spec)
    return f.edges, {frozenset(reg) for reg in f.regions}


def regions_set(text: str) -> set[frozenset[int]]:
    return {frozenset(reg) for reg in parse_regions(text.replace(" ", ""))}


# --------------------------------------------------------------------------------------------------
# Spec §8 islands: (tile side rotation, placed edges N E S W, regions) per cell, row-major; None = empty
# --------------------------------------------------------------------------------------------------
CATERINA = [  # §8.1, Example 4: first out, 25
    ("T01 front r0", "wpfw", "E/S"), ("T21 front r0", "wdfp", "E/S/W"), ("T06 front r1", "wwfd", "S/W"),
    ("T22 front r3", "fpdw", "N/E/S"), ("T41 front r0", "fpfp", "N/E/S/W"), ("T23 front r1", "fwdp", "N/S/W"),
    ("T02 front r3", "dpww", "N/E"), ("T27 front r2", "fdwp", "N/E/W"), ("T03 front r2", "dwwd", "N+W"),
]
PIERO = [  # §8.1, Example 4: 11, cell (2,2) empty
    ("T04 front r0", "wfpw", "E/S"), ("T24 front r0", "wpdf", "E/S/W"), ("T05 front r1", "wwdf", "S/W"),
    ("T25 front r3", "pfdw", "N/E/S"), ("T42 front r0", "dpdf", "N/E/S/W"), ("T28 front r1", "dwdp", "N+S/W"),
    ("T07 front r3", "ffww", "N+E"), ("T26 front r2", "ddwf", "N+E/W"), None,
]
E1 = [  # §8.2, Example 1: valid
    ("T15 front r0", "wdpw", "E/S"), ("T27 front r0", "wpfd", "E/S/W"), ("T04 front r1", "wwfp", "S/W"),
    ("T36 front r3", "dddw", "N+E+S"), ("T42 front r3", "pdfd", "N/E/S/W"), ("T34 front r1", "fwfd", "N+S/W"),
    ("T02 front r3", "dpww", "N/E"), ("T25 front r2", "fdwp", "N/E/W"), ("T20 front r2", "fwwp", "N/W"),
]
E2 = [  # §8.2, Example 2: invalid (T08 corner face at the top middle)
    ("T17 front r0", "wffw", "E/S"), ("T08 front r1", "wwpp", "S+W"), ("T07 front r1", "wwff", "S+W"),
    ("T39 front r3", "fffw", "N+E+S"), ("T41 front r1", "pfpf", "N/E/S/W"), ("T30 front r1", "fwpf", "N+W/S"),
    ("T03 front r3", "ddww", "N+E"), ("T23 front r2", "pfwd", "N/E/W"), ("T12 front r2", "pwwf", "N/W"),
]
BIG = [  # §8.3, Example 5: valid 4x4 with two land backs
    ("T13 front r0", "wddw", "E+S"), ("T21 front r0", "wdfp", "E/S/W"), ("T27 front r0", "wpfd", "E/S/W"),
    ("T04 front r1", "wwfp", "S/W"),
    ("T40 front r3", "ddfw", "N+E/S"), ("T42 front r1", "fdpd", "N/E/S/W"), ("T48 front r3", "fdpd", "N/E+W/S"),
    ("T34 front r1", "fwfd", "N+S/W"),
    ("T33 front r3", "dppw", "N/E+S"), ("T38 back r2", "pppp", "N+E+S+W"), ("T09 back r2", "pppp", "N+E+S+W"),
    ("T23 front r1", "fwdp", "N/S/W"),
    ("T01 front r3", "pfww", "N/E"), ("T22 front r2", "pdwf", "N/E/W"), ("T28 front r2", "pdwd", "N/E+W"),
    ("T03 front r2", "dwwd", "N+W"),
]
TS1 = [("T17 front r0", "wffw", "E/S"), ("T24 front r0", "wpdf", "E/S/W"), None,
       ("T39 front r3", "fffw", "N+E+S"), None, None, None, None, None]
TS2 = [("T16 front r0", "wffw", "E+S"), ("T24 front r0", "wpdf", "E/S/W"), None,
       ("T39 front r3", "fffw", "N+E+S"), None, None, None, None, None]


def specs(table: list) -> list[str | None]:
    return [row[0] if row is not None else None for row in table]


def faces(table: list) -> list[Face | None]:
    return [face(row[0]) if row is not None else None for row in table]


def cells(*pairs: str) -> tuple[tuple[int, int], ...]:
    """'0,0' '1,0' -> ((0, 0), (1, 0)), sorted."""
    return tuple(sorted(tuple(int(x) for x in p.split(",")) for p in pairs))  # type: ignore[misc]


def random_race(players: int, options: dict, seed: int, steps: int = 400, seen=None):
    """A random race (system actions now and then): the match and its actions. ``seen(match, action)``
    is called after each action with the match before it (a clone)."""
    m = RULES.new_game(players, options, seed)
    rng = Rng(seed + 7)
    clock = 0.0
    actions = []
    for _ in range(steps):
        if m.is_over():
            break
        clock += 0.5
        m.advance_time(clock)
        system = m.legal_actions(SYSTEM)
        seats = m.current_players()
        mine = m.legal_actions(seats[rng.below(len(seats))]) if seats else []
        if system and (not mine or m.hand.phase == MIX or rng.below(60) == 0):
            action = system[0]
        else:
            placing = [a for a in mine if isinstance(a, (Place, Done))]
            action = placing[rng.below(len(placing))] if placing and rng.below(3) else mine[rng.below(len(mine))]
        before = m.clone() if seen is not None else None
        m.apply(action)
        actions.append(action)
        if seen is not None:
            seen(before, action, m)
    return m, actions
