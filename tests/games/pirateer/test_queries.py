"""The table's queries (game/games/pirateer/queries.py) against the engine, on many random positions.

Every square the table lights must be the landing of a legal move of the engine and every legal move
must light its square; a refused drop is explained in the engine's words; a carrier's struck directions
are never offered by the engine.
"""
from __future__ import annotations

import random

import pytest

from game.games.pirateer import queries
from game.games.pirateer.moves import ISLAND, MOVE_DIRECTIONS, faction_of
from game.games.pirateer.rules import MOVE, RULES, Arm, Move
from tests.games.pirateer.helpers import game, roll, sid
from tests.games.pirateer.test_setup_rules import started

CONFIGS = [
    (2, {}), (3, {}), (4, {}), (2, {"flotilla": True}), (4, {"flotilla": True, "wrecks": True}),
    (2, {"war-wind": True}), (4, {"war-wind": True}), (2, {"domination": True}), (2, {"grab-and-run": True}),
    (3, {"dead-man": True}), (4, {"wrecks": True, "free-boarding": True}), (3, {"storm": True, "nuke": True}),
    (2, {"acey-deucey": True, "devils-island": True}),
]


def random_positions(players, options, seed, steps=160, every=3):
    """States of a random legal game, the one to move having dice to play (every ``every``-th one)."""
    rng = random.Random(seed)
    state = RULES.new_game(players, options, seed)
    seen = 0
    for _ in range(steps):
        if state.is_over():
            return
        seat = state.current_players()[0]
        if state.phase == MOVE:
            seen += 1
            if seen % every == 0:
                yield state, seat
        legal = state.legal_actions(seat)
        calm = [a for a in legal if not isinstance(a, Arm)]      # a random nuke would end the game at once
        state.apply(rng.choice(calm if calm and rng.random() > 0.02 else legal))


def check_position(state, seat):
    legal = [a for a in state.legal_actions(seat) if isinstance(a, Move)]
    groups = queries.movable_groups(state, seat)
    assert sorted((m for ms in groups.values() for m in ms), key=repr) == sorted(legal, key=repr)
    for group, moves in groups.items():
        lit = queries.targets(state, seat, group)
        assert sorted((m for ms in lit.values() for m in ms), key=repr) == sorted(moves, key=repr)
        for cell, ms in lit.items():
            for m in ms:
                path = queries.move_path(state.board, state.ships[group[0]], m.direction, m.die)
                assert path is not None and len(path) == m.die and path[-1] == cell      # R3
                after = state.clone()
                after.apply(m)
                assert all(after.ships[s] == cell for s in group)                         # it lands there
        start = state.ships[group[0]]
        ends: dict = {}                  # every square a die still to play draws a straight line to
        for die in set(state.unused()):
            for d in MOVE_DIRECTIONS:
                if (p := queries.move_path(state.board, start, d, die)) is not None:
                    ends.setdefault(p[-1], []).append(Move(seat, group, d, die))
        for cell in sorted(ends) + list(state.board.squares[::15]):
            if cell in lit or cell == start:
                continue
            lines = ends.get(cell, [])
            reasons = [state.check(m) for m in lines]
            assert all(r is not None for r in reasons)                                    # never legal
            why = queries.why_not_there(state, seat, group, cell)
            assert why in reasons if reasons else why.key == "pir.ui.no_line"
    carrier = state.treasure
    if carrier in state.ships and faction_of(carrier) in state.factions_of(seat):
        struck = set(queries.forbidden_directions(state, carrier))
        assert struck                                                                     # R17
        assert not any(m.direction in struck for m in legal if carrier in m.ships)


@pytest.mark.parametrize("players,options", CONFIGS, ids=[f"{p}p-{'+'.join(o) or 'base'}" for p, o in CONFIGS])
def test_queries_agree_with_the_engine_on_random_positions(players, options):
    checked = 0
    for seed in (1, 7):
        for state, seat in random_positions(players, options, seed):
            check_position(state, seat)
            checked += 1
    assert checked >= 5


def test_queries_of_a_carrier_on_many_random_positions():
    """Carriers are rare in random games: place one, roll every roll, compare."""
    rng = random.Random(5)
    checked = 0
    for k in range(40):
        faction = ("Sp", "Fr", "Ba", "Pi")[k % 4]
        squares = [c for c in RULES.board.squares]
        rng.shuffle(squares)
        ships = {f"{f}{n}": squares.pop() for f in ("Sp", "Fr", "Ba", "Pi") for n in (1, 2)}
        s = game(ships, treasure=f"{faction}1", current=faction, players=4,
                 options={"wrecks": True} if k % 3 == 0 else {})
        roll(s, rng.randint(1, 6), rng.randint(1, 6))
        if s.phase == MOVE:
            check_position(s, s.current)
            checked += 1
    assert checked >= 20


def test_forbidden_directions_are_the_R17_table_and_the_allys_in_war_wind():
    s = game({"Sp1": (5, 5), "Fr1": (14, 14), "Ba1": (3, 8), "Pi1": (15, 12)})
    expected = {"spanish": {"SE", "E"}, "french": {"SW", "W"}, "barbary": {"NE", "E"}, "pirates": {"NW", "W"}}
    for ship in s.ships:
        assert set(queries.forbidden_directions(s, ship)) == expected[faction_of(ship)]
    w = game({"Sp1": (5, 5), "Fr1": (14, 14), "Ba1": (3, 8), "Pi1": (15, 12)}, options={"war-wind": True})
    assert set(queries.forbidden_directions(w, sid("Sp1"))) == expected["pirates"]        # V10.3


def test_why_not_there_off_the_sea_and_the_same_square():
    s = roll(game({"Sp1": (5, 5), "Pi1": (14, 14)}, players=2), 3, 5)
    assert queries.why_not_there(s, s.current, (sid("Sp1"),), None).key == "pir.ui.not_sea"
    assert queries.why_not_there(s, s.current, (sid("Sp1"),), (5, 5)).key == "pir.ui.same_square"
    # a line the terrain forbids is explained by the engine (R5 (a)), not as "no line"
    s = roll(game({"Sp1": (5, 13), "Pi1": (14, 14)}, players=2), 4, 4)
    assert queries.why_not_there(s, s.current, (sid("Sp1"),), (5, 9)).key == "pir.reason.crosses_current"


def test_own_ships_the_blast_s_radius_and_the_idle_dead_man():
    s = game({"Sp1": (5, 5), "Pi1": (14, 14)}, players=2, options={"nuke": True})
    assert queries.own_ships_at(s, s.current, (5, 5)) == [sid("Sp1")]
    assert queries.own_ships_at(s, s.current, (14, 14)) == []
    before = len(s.events)
    s.apply(Arm(s.current, sid("Sp1")))
    blast = [e for e in s.events[before:] if e.kind == "blast"]
    assert len(blast) == 1 and 1 <= blast[0].get("radius") <= 6          # the table reads it from here
    d = started(3, {"dead-man": True}, 1)
    assert queries.idle_dead_man(d, "barbary") and not queries.idle_dead_man(d, "spanish")
    assert s.treasure in (ISLAND, "destroyed")
