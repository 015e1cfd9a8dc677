"""Positions on demand (``game.games.pirateer.positions``), the dice they fix (``Chance``), the game's one
secret (the dice to come: ``twin``) and the damaged positions a load refuses (``corruptions``)."""
from __future__ import annotations

import json

import pytest

from game.core.chance import ChanceScriptError
from game.core.rng import Rng
from game.games.pirateer.moves import DESTROYED
from game.games.pirateer.positions import position, ship_name
from game.games.pirateer.rules import (BONUS, CHOOSE, END, MOVE, RULES, START, STORM, Bonus, ChooseFaction, EndTurn,
                                       Move, Roll, StormPick, Take)
from tests.games.pirateer.helpers import new_game, sid


def test_a_position_is_what_it_says():
    s = position(factions=["french", "barbary"], ships={"Fr1": (5, 13), "Ba1": (8, 13), "Ba2": (9, 19)},
                 treasure="Ba1", current="french", turn=12)
    assert s.players == 2 and s.seat_factions == [["french"], ["barbary"]] and s.current == 0
    assert s.ships == {sid("Fr1"): (5, 13), sid("Ba1"): (8, 13), sid("Ba2"): (9, 19)} and s.treasure == sid("Ba1")
    assert s.order == [0, 1] and s.phase == START and s.turn == 12 and s.lost == [2, 1]   # the missing ships sank
    assert s.legal_actions() == [Roll(0)]


def test_a_position_fixes_the_next_rolls_and_the_dice_to_play():
    s = position(players=2, ships={"Sp1": (5, 13), "Pi1": (8, 13)}, treasure="Pi1", next_rolls=[[3, 2], [6, 6]])
    s.apply(Roll(0))
    assert s.dice == [3, 2] and "pir.log.roll" in [e.text.key for e in s.log]
    m = position(players=2, ships={"Sp1": (5, 13), "Pi1": (8, 13)}, treasure="Pi1", phase=MOVE, dice=[3, 2],
                 used=[False, True])
    assert m.need == 1 and m.unused() == (3,) and Move(0, (sid("Sp1"),), "SE", 3) in m.legal_actions()
    storm = position(players=2, ships={"Sp1": (1, 13), "Sp2": (0, 14), "Pi1": (19, 9)}, options={"storm": True},
                     next_rolls=[[5, 5, 5]])
    storm.apply(Roll(0))
    assert storm.phase == STORM and set(storm.legal_actions()) == {StormPick(0, sid("Sp1")), StormPick(0, sid("Sp2"))}
    with pytest.raises(ChanceScriptError):          # a scripted roll of the wrong size says so
        position(players=2, options={"storm": True}, next_rolls=[[5, 5]]).apply(Roll(0))


def test_every_phase_can_be_built():
    assert position(players=3, factions=["pirates"], phase=CHOOSE).legal_actions() == \
        [ChooseFaction(1, f) for f in ("spanish", "french", "barbary")]
    end = position(players=2, ships={"Sp1": (8, 9), "Pi1": (19, 9)}, phase=END, dice=[3, 3], used=[True, True])
    assert end.legal_actions() == [Take(0, sid("Sp1")), EndTurn(0)]
    bonus = position(players=2, ships={"Sp1": (5, 13), "Pi1": (19, 9)}, options={"acey-deucey": True}, phase=BONUS,
                     dice=[1, 2], used=[True, True])
    assert Bonus(0, 6, 6) in bonus.legal_actions()
    over = position(players=2, ships={"Sp1": (0, 9), "Pi1": (19, 9)}, treasure="Sp1", phase="over", winners=[0])
    assert over.is_over() and over.result().winners == [0]
    wrecked = position(players=2, ships={"Sp1": (5, 13)}, treasure=DESTROYED, wrecks=[(2, 13)],
                       options={"wrecks": True, "nuke": True})
    assert wrecked.wrecks == frozenset({(2, 13)}) and wrecked.treasure == DESTROYED
    two = position(factions=[["spanish", "barbary"], ["french", "pirates"]], options={"domination": True})
    assert len(two.ships) == 12 and two.teams == [0, 1]
    dead = position(players=3, options={"dead-man": True}, factions=[["spanish", "barbary"], "french", "pirates"],
                    ships={"Ba1": (9, 19), "Fr1": (10, 0), "Pi1": (19, 9)}, current=1)
    assert dead.dead_man == "barbary" and dead.dead_man_owner == 0 and dead.lost == [3, 2, 2]


@pytest.mark.parametrize("kwargs,word", [
    (dict(ships={"Sp1": (0, 0)}), "playable square"),                    # on land
    (dict(ships={"Sp1": (30, 2)}), "playable square"),                   # off the board
    (dict(ships={"Sp1": (5, 13), "Pi1": (5, 13)}), "share a square"),     # G8
    (dict(ships={"Fr1": (5, 13)}), "unknown ships"),                     # a fleet nobody plays
    (dict(ships={"Sp4": (5, 13)}), "unknown ships"),                     # a fourth ship
    (dict(current=5), "seat"),
    (dict(treasure="Sp3", ships={"Sp1": (5, 13)}), "treasure"),
    (dict(phase=MOVE, dice=[6, 6], ships={"Sp1": (2, 8)}), "no die"),    # the engine never waits there
    (dict(factions=["spanish", "spanish"]), "fleet"),
    (dict(options={"dead-man": True}), "options"),                     # three players only
    (dict(factions=["spanish", "french"], options={"factions": "preset"}), "preset seating"),
])
def test_a_position_that_is_no_position_of_the_game_is_refused(kwargs, word):
    with pytest.raises(ValueError) as caught:
        position(**{"players": 2, **kwargs})
    assert word in str(caught.value)


def test_ship_names():
    assert ship_name("Ba3") == "ship-barbary-3" and ship_name("ship-french-2") == "ship-french-2"
    with pytest.raises(ValueError):
        ship_name("Xx1")


# --------------------------------------------------------------------------------------------------
# S6: the dice to come are the only secret
# --------------------------------------------------------------------------------------------------
def test_S6_the_only_secret_is_the_dice_to_come():
    assert RULES.secrets == ("future dice",) and not RULES.has_secrets     # no privacy screen (S6)
    s = new_game(3, {"storm": True}, 8)
    s.apply(Roll(s.current))
    before = s.to_json()
    for seat in (0, 1, 2, None):
        t = RULES.twin(s, seat, Rng(seat or 9))
        assert s.to_json() == before
        RULES.validate_state(t)
        assert t.to_json() != before and t.view(seat).to_json() == s.view(seat).to_json()
        assert t.legal_actions() == s.legal_actions() and [e.to_json() for e in t.log] == [e.to_json() for e in s.log]
        assert t.chance.rng.state() != s.chance.rng.state()
    scripted = position(players=2, ships={"Sp1": (5, 13), "Pi1": (19, 9)}, next_rolls=[[4, 4]])
    twin = RULES.twin(scripted, 0, Rng(1))
    twin.apply(Roll(0))
    assert twin.dice == [4, 4]                      # a scripted roll is part of the position, not a secret
    assert scripted.view(0).chance.script == []     # but a view shows no die to come


def test_a_scripted_position_round_trips_and_old_generator_states_still_load():
    s = position(players=2, next_rolls=[[2, 5]])
    again = RULES.state_from_json(json.loads(json.dumps(s.to_json())))
    assert again.to_json() == s.to_json() and again.chance.script == [["dice", [2, 5]]]
    bare = new_game(2, {}, 4).to_json()
    assert isinstance(bare["rng"], list)            # no script: the generator's four numbers, as before


@pytest.mark.parametrize("players,options,steps", [(2, {}, 0), (2, {}, 3), (3, {"dead-man": True}, 40),
                                                   (4, {"flotilla": True, "wrecks": True}, 60),
                                                   (2, {"war-wind": True, "storm": True}, 25)])
def test_every_corruption_is_refused_with_a_message_naming_it(players, options, steps):
    s = RULES.new_game(players, options, 3)
    rng = Rng(players + steps)
    for _ in range(steps):
        if s.is_over():
            break
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    damaged = list(RULES.corruptions(s.to_json()))
    words = {w for w, _ in damaged}
    assert len(damaged) >= 6 and {"seat", "treasure", "dice"} <= words
    if s.phase != CHOOSE:
        assert {"ship", "playable square"} <= words
    for word, data in damaged:
        with pytest.raises(ValueError) as caught:
            RULES.validate_state(RULES.state_from_json(json.loads(json.dumps(data))))
        assert word.lower() in str(caught.value).lower(), (word, caught.value)
