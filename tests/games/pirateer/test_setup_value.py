"""Issue 19, item 1: the setup as a value (``game.games.pirateer.setup``). The engine builds one ``Setup`` from the
options and the choices made at the table (S1), keeps it in the state and reads it back from a save, on the map it
names; older saves without one load on the standard map; rolls have as many dice as the setup says and R11 holds
for every number of dice; the treasure's place is one of a set of treasures (V11.5 groundwork)."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from game.core import saves
from game.games.pirateer import board as boards
from game.games.pirateer.boardview import BoardView, _compose_native
from game.games.pirateer.moves import (DESTROYED, ISLAND, Pos, after, blast, can_take, faction_of, landings,
                                       max_dice, sink, take, wins)
from game.games.pirateer.rules import (CHOOSE, MOVE, RULES, START, ChooseFaction, Move, PirateerState, Roll, Take)
from game.games.pirateer.setup import STANDARD, TREASURE, Setup, build_setup, map_file
from tests.games.pirateer.helpers import PRESET_SEATS, game, mv, sid


def chosen(players: int, options: dict, seed: int, picks: list[str]) -> PirateerState:
    s = RULES.new_game(players, options, seed)
    for f in picks:
        s.apply(ChooseFaction(s.current, f))
    return s


# --------------------------------------------------------------------------------------------------
# The value, its builder and its round trips
# --------------------------------------------------------------------------------------------------
def test_S1_the_setup_is_built_from_the_options_and_the_choices_at_the_table():
    s = RULES.new_game(3, {"storm": True}, 11)
    assert s.phase == CHOOSE and s.setup == Setup(STANDARD, ((), (), ()), None, (), 3, ((TREASURE, ISLAND),))
    s.apply(ChooseFaction(0, "barbary"))
    assert s.setup.fleets == (("barbary",), (), ()) and not s.setup.complete
    s.apply(ChooseFaction(1, "spanish"))
    s.apply(ChooseFaction(2, "french"))
    # S5: clockwise round the board (spanish, french, pirates, barbary): seat 1, seat 2, seat 0
    assert s.setup == build_setup(3, s.options, [["barbary"], ["spanish"], ["french"]], None, RULES.board.factions)
    assert s.setup.complete and s.setup.order == (1, 2, 0) and s.setup.dice == 3
    k = s.setup.order.index(s.order[0])                                  # S4 picked who starts, S5 goes round
    assert s.order == list(s.setup.order[k:] + s.setup.order[:k])
    assert s.dice_count() == 3


def test_S1_a_preset_seating_and_the_dead_man_are_in_the_setup():
    s = RULES.new_game(3, {**PRESET_SEATS, "dead-man": True}, 3)
    assert s.setup.fleets == (("spanish",), ("french",), ("pirates",)) and s.setup.dead_man == "barbary"
    assert s.setup.harbours() == ["spanish", "french", "pirates", "barbary"]
    assert sorted(s.setup.order) == [0, 1, 2] and s.setup.dice == 2


def test_the_setup_round_trips_through_json():
    s = chosen(4, {"nuke": True}, 5, ["pirates", "french", "barbary", "spanish"])
    data = json.loads(json.dumps(s.setup.to_json()))
    assert data == {"board": "standard", "fleets": [["pirates"], ["french"], ["barbary"], ["spanish"]],
                    "dead_man": None, "order": [3, 1, 0, 2], "dice": 2, "treasures": {"treasure": "island"}}
    assert Setup.from_json(data) == s.setup
    for bad in ({**data, "dice": 9}, {**data, "board": ""}, {**data, "treasures": {}}, {**data, "fleets": "x"}):
        with pytest.raises(ValueError):
            Setup.from_json(bad)


def test_the_state_keeps_its_setup_and_treasures_through_json_and_a_save():
    from game.core.session import GameSession, Seat
    sess = GameSession.new("pirateer", RULES, [Seat("a", "human"), Seat("b", "human")], {"storm": True}, 23)
    sess.apply(ChooseFaction(0, "french"))
    sess.apply(ChooseFaction(1, "barbary"))
    sess.apply(Roll(sess.state.current))
    data = json.loads(json.dumps(sess.state.to_json()))
    assert data["setup"]["board"] == "standard" and data["setup"]["dice"] == 3
    assert data["treasures"] == {"treasure": "island"} and "treasure" not in data
    again = RULES.state_from_json(data)
    RULES.validate_state(again)
    assert again.setup == sess.state.setup and again.board is RULES.board and again.to_json() == data
    save = saves.SaveData.from_json(json.loads(json.dumps(sess.to_save().to_json())))
    restored = saves.restore_state(RULES, save)
    assert restored.setup == sess.state.setup and restored.to_json() == sess.state.to_json()


def test_from_json_of_an_old_save_without_a_setup_plays_on_the_standard_map():
    s = chosen(3, {"dead-man": True}, 9, ["french", "barbary", "spanish"])
    data = json.loads(json.dumps(s.to_json()))
    old = {k: v for k, v in data.items() if k not in ("setup", "treasures")}
    old["treasure"] = data["treasures"]["treasure"]                      # as saves wrote it before issue 19
    again = RULES.state_from_json(old)
    RULES.validate_state(again)
    assert again.board is RULES.board and again.setup == s.setup and again.pos.treasures == {"treasure": ISLAND}
    assert again.to_json() == data


def test_the_saves_setup_must_agree_with_the_game():
    s = chosen(2, {}, 4, ["spanish", "french"])
    data = json.loads(json.dumps(s.to_json()))
    for edit, word in ((lambda d: d["setup"].update(fleets=[["pirates"], ["french"]]), "fleets"),
                       (lambda d: d["setup"].update(dice=3), "dice"),
                       (lambda d: d["setup"].update(order=[0, 0]), "order"),
                       (lambda d: d["setup"].update(board="atlantis"), "map"),
                       (lambda d: d.update(treasures={"treasure": "ship-nobody-1"}), "treasure"),
                       (lambda d: d.update(treasures={"treasure-1": "island"}), "treasures")):
        bad = json.loads(json.dumps(data))
        edit(bad)
        with pytest.raises(ValueError, match=word):
            RULES.validate_state(RULES.state_from_json(bad))


# --------------------------------------------------------------------------------------------------
# A game on another map reloads on that map; BoardView draws the state's own map
# --------------------------------------------------------------------------------------------------
@pytest.fixture
def other_map(tmp_path, monkeypatch):
    """The standard map under another name ("test-sea", its ``board`` property "pirateer-test"), known to the
    named loader for this test only."""
    text = boards.default_path().read_text(encoding="utf-8")
    assert text.count('<property name="board" value="pirateer"/>') == 1
    path = tmp_path / "test-sea.tmx"
    path.write_text(text.replace('<property name="board" value="pirateer"/>',
                                 '<property name="board" value="pirateer-test"/>'), encoding="utf-8")
    for name in ("pirateer.tsx", "pirateer-tiles.png", "pirateer-backdrop.png"):   # its tileset and pictures
        (tmp_path / name).write_bytes((boards.default_path().parent / name).read_bytes())
    monkeypatch.setattr(boards, "BOARD_MAPS", {**boards.BOARD_MAPS, "test-sea": (str(path),)})
    monkeypatch.setattr(boards, "_NAMED", dict(boards._NAMED))
    return path


def test_a_game_on_another_map_reloads_on_that_map(other_map):
    sea = RULES.board_named("test-sea")
    assert sea.name == "pirateer-test" and sea is not RULES.board and RULES.board_named("test-sea") is sea
    s = PirateerState.new(sea, 2, {**PRESET_SEATS}, 31, map_name="test-sea")
    s.apply(Roll(s.current))
    assert s.setup.board == "test-sea" and s.board is sea
    data = json.loads(json.dumps(s.to_json()))
    assert data["board"] == "pirateer-test" and data["setup"]["board"] == "test-sea"
    again = RULES.state_from_json(data)
    RULES.validate_state(again)
    assert again.board is sea and again.to_json() == data
    # read on the standard map instead, the same save is refused: a game stays on its own map
    with pytest.raises(ValueError, match="map"):
        RULES.validate_state(PirateerState.from_json(data, RULES.board))
    # the table draws that map's own file
    assert map_file(again.board) == Path(other_map) and map_file(RULES.board) == boards.default_path()


def test_boardview_draws_the_states_own_map(other_map, monkeypatch):
    import pygame
    import pytmx.util_pygame
    pygame.display.init()
    pygame.display.set_mode((8, 8))
    sea = RULES.board_named("test-sea")
    read: list[str] = []
    real = pytmx.util_pygame.load_pygame

    def spy(filename, *args, **kwargs):
        read.append(str(filename))
        return real(filename, *args, **kwargs)
    monkeypatch.setattr(pytmx.util_pygame, "load_pygame", spy)
    view = BoardView(sea)
    assert view.board is sea
    assert _compose_native(sea) is not None and read == [str(other_map)]


def test_a_save_naming_a_map_that_does_not_exist_is_refused():
    data = json.loads(json.dumps(chosen(2, {}, 4, ["spanish", "french"]).to_json()))
    data["setup"]["board"] = "atlantis"
    with pytest.raises(ValueError, match="no Pirateer map named 'atlantis'"):
        RULES.state_from_json(data)


# --------------------------------------------------------------------------------------------------
# Rolls of any number of dice through R11
# --------------------------------------------------------------------------------------------------
def most_dice(ctx, pos: Pos, mine: frozenset[str], dice: tuple[int, ...], memo: dict) -> int:
    """R11 by brute force (no shortcut): the most dice any sequence of die moves and takes can use; a move that
    wins uses them all (E1)."""
    key = (pos.key(), tuple(sorted(dice)))
    if key in memo:
        return memo[key]
    best = 0
    for land in landings(ctx, pos, mine, dice):
        new = after(ctx, pos, land)
        rest = list(dice)
        rest.remove(land.die)
        best = max(best, len(dice) if wins(ctx, new, land) else 1 + most_dice(ctx, new, mine, tuple(rest), memo))
    for ship in can_take(pos, ctx.board, mine):
        best = max(best, most_dice(ctx, take(pos, ship), mine, dice, memo))
    memo[key] = best
    return best


def n_dice_position(n: int, ships: dict, treasure: str = ISLAND) -> PirateerState:
    """Spanish to roll ``n`` dice: two as in the base game, three in ``storm``; four as the fantastic eight
    will roll (V11.4: its option comes with issue 19's item 4, so the setup's dice are set by hand here)."""
    s = game(ships, treasure=treasure, options={"storm": True} if n == 3 else None)
    if n == 4:
        s.setup = replace(s.setup, dice=4)
    assert s.dice_count() == n
    return s


ROLLS = {2: [(3, 5), (6, 6), (1, 2), (4, 2)],
         3: [(3, 5, 1), (6, 6, 2), (4, 2, 1), (5, 5, 3)],
         4: [(3, 5, 1, 2), (6, 6, 6, 6), (4, 2, 1, 3), (5, 5, 3, 3)]}
SCENES = [({"Sp1": (15, 7), "Fr1": (10, 0)}, "Sp1"),                      # a carrier: NW only (R17)
          ({"Sp1": (5, 13), "Sp2": (5, 16), "Fr1": (6, 13)}, ISLAND),
          ({"Sp1": (9, 8), "Pi1": (14, 14)}, ISLAND),                      # a ship on a dock: a take counts
          ({"Sp1": (0, 10), "Sp2": (0, 11), "Sp3": (0, 12)}, ISLAND)]     # the fleet at home


@pytest.mark.parametrize("n", [2, 3, 4])
def test_R11_rolls_of_n_dice_use_as_many_dice_as_possible(n):
    for ships, treasure in SCENES:
        for dice in ROLLS[n]:
            s = n_dice_position(n, ships, treasure)
            mine, ctx = s.factions_of(0), s.ctx()
            want = most_dice(ctx, s.pos, mine, tuple(dice), {})
            s.chance.script_dice(list(dice))
            s.apply(Roll(s.current))
            rolled = [e for e in s.events if e.kind == "rolled"][-1]
            assert list(rolled.get("dice")) == list(dice)                    # R2: the whole roll, in order
            if want == 0:                                                    # R13: no die fits, the turn passes
                forfeit = [e for e in s.events if e.kind == "forfeit"][-1]
                assert forfeit.get("none") and list(forfeit.get("dice")) == list(dice) and s.need == 0
                assert s.phase == "end" or s.turn == 2                       # R25: a take is still open, or passed
                continue
            assert s.dice == list(dice) and len(s.used) == n
            assert s.need == want, (ships, dice)                             # R11, R12
            played = 0
            while s.turn == 1 and s.phase == MOVE:
                memo: dict = {}
                offered = [a for a in s.legal_actions() if isinstance(a, Move)]
                # R11: a die move is offered iff some plan after it still uses every die the turn needs
                for land in landings(s.ctx(), s.pos, mine, s.unused()):
                    rest = list(s.unused())
                    rest.remove(land.die)
                    new = after(s.ctx(), s.pos, land)
                    keeps = wins(s.ctx(), new, land) or 1 + most_dice(s.ctx(), new, mine, tuple(rest), memo) >= s.need
                    assert (Move(0, land.group, land.direction, land.die) in offered) == keeps, (ships, dice, land)
                take_now = [a for a in s.legal_actions() if isinstance(a, Take)]
                s.apply(take_now[0] if take_now else offered[-1])
                played += 0 if take_now else 1
            if s.phase != "over":
                assert played == want                                        # the turn ends once M dice are played
                forfeits = [e for e in s.events if e.kind == "forfeit"]
                if want < n:
                    assert forfeits and len(forfeits[-1].get("dice")) == n - want   # R12: the rest are forfeited


def test_R2_a_nuke_with_n_dice_blasts_with_the_lowest_of_them():
    s = n_dice_position(4, {"Sp1": (5, 13), "Fr1": (10, 0)})
    s.options["nuke"] = True
    s._legal = None
    s.chance.script_dice([5, 4, 6, 3])
    from game.games.pirateer.rules import Arm
    s.apply(Arm(0, sid("Sp1")))
    blast_event = [e for e in s.events if e.kind == "blast"][-1]
    assert blast_event.get("radius") == 3                                    # V3.2, section 6.13


# --------------------------------------------------------------------------------------------------
# The treasure is a set: one treasure as before, several each on its own (V11.5 groundwork)
# --------------------------------------------------------------------------------------------------
TWO = {"treasure-1": ISLAND, "treasure-2": ISLAND}


def two_treasures(ships: dict, places: dict) -> tuple:
    s = game(ships)
    ctx = s.ctx()
    pos = Pos(dict(s.pos.ships), {t: (sid(p) if p.startswith(("Sp", "Fr", "Pi", "Ba")) else p)
                                  for t, p in places.items()})
    return ctx, pos


def test_one_treasure_keeps_its_old_face():
    p = Pos({}, "island")
    assert p.treasures == {TREASURE: ISLAND} and p.treasure == ISLAND
    p.treasure = "ship-spanish-1"
    assert p.treasures == {TREASURE: "ship-spanish-1"} and p.holds(("ship-spanish-1",))
    two = Pos({}, dict(TWO))
    with pytest.raises(ValueError):
        two.treasure
    with pytest.raises(ValueError):
        two.treasure = ISLAND


def test_R14_each_take_takes_one_treasure_and_a_carrier_may_take_another():
    ctx, pos = two_treasures({"Sp1": (9, 8)}, TWO)
    ship = sid("Sp1")
    assert can_take(pos, ctx.board, frozenset({"spanish"})) == [ship]
    once = take(pos, ship)
    assert once.treasures == {"treasure-1": ship, "treasure-2": ISLAND}
    assert can_take(once, ctx.board, frozenset({"spanish"})) == [ship]                # V11.5: both on one ship
    twice = take(once, ship)
    assert twice.treasures == {"treasure-1": ship, "treasure-2": ship} and twice.carriers() == [ship]
    assert can_take(twice, ctx.board, frozenset({"spanish"})) == []


def test_R21_boarding_a_ship_holding_both_treasures_takes_them_all():
    ctx, pos = two_treasures({"Sp1": (5, 13), "Fr1": (8, 13)}, {"treasure-1": "Fr1", "treasure-2": "Fr1"})
    land = next(x for x in landings(ctx, pos, frozenset({"spanish"}), (3,)) if x.victims)   # R20: Fr1 holds one
    assert land.victims == (sid("Fr1"),)
    new = after(ctx, pos, land)
    assert new.treasures == {"treasure-1": sid("Sp1"), "treasure-2": sid("Sp1")}


def test_R17_a_ship_holding_either_treasure_is_a_carrier():
    ctx, pos = two_treasures({"Sp1": (15, 7), "Fr1": (10, 0)}, {"treasure-1": ISLAND, "treasure-2": "Sp1"})
    dirs = {x.direction for x in landings(ctx, pos, frozenset({"spanish"}), (3, 5))}
    ctx1, one = two_treasures({"Sp1": (15, 7), "Fr1": (10, 0)}, {TREASURE: "Sp1"})
    assert dirs == {x.direction for x in landings(ctx1, one, frozenset({"spanish"}), (3, 5))} == {"NW"}


def test_V2_4_a_storm_sends_every_treasure_aboard_back_to_the_island():
    _, pos = two_treasures({"Sp1": (5, 13), "Fr1": (10, 0)}, {"treasure-1": "Sp1", "treasure-2": "Sp1"})
    assert sink(pos, sid("Sp1"), False).treasures == TWO


def test_V3_3_a_blast_destroys_the_treasures_with_their_carrier_and_V3_5_boarding_frees_only_when_all_are_gone():
    ctx, pos = two_treasures({"Sp1": (5, 13), "Fr1": (10, 0)}, {"treasure-1": "Sp1", "treasure-2": ISLAND})
    new = blast(ctx.board, pos, sid("Sp1"), 1)
    assert new.treasures == {"treasure-1": DESTROYED, "treasure-2": ISLAND} and not new.all_destroyed()
    assert Pos({}, {"a": DESTROYED, "b": DESTROYED}).all_destroyed()


def test_E1_one_treasure_home_wins_V11_6():
    s = game({"Sp1": (0, 13), "Pi1": (15, 6)}, treasure="Sp1")
    ctx = s.ctx()
    pos = Pos(dict(s.pos.ships), {"treasure-1": sid("Sp1"), "treasure-2": ISLAND})
    assert max_dice(ctx, pos, frozenset({"spanish"}), (3,)) >= 1
    home = [x for x in landings(ctx, pos, frozenset({"spanish"}), (1, 2, 3, 4, 5, 6))
            if x.cell == ctx.anchor("spanish")]
    assert all(wins(ctx, after(ctx, pos, x), x) for x in home)


def test_one_treasure_plays_as_before_take_and_carry():
    s = game({"Sp1": (9, 8), "Pi1": (14, 14)})
    assert s.phase == START and s.treasures == {TREASURE: ISLAND}
    s.apply(Take(0, sid("Sp1")))
    assert s.treasure == sid("Sp1") and s.carriers() == [sid("Sp1")]
    took = [e for e in s.events if e.kind == "took"][-1]
    assert took.get("ship") == sid("Sp1") and took.get("frm") == ISLAND
    assert mv(s, "Sp1", "NW", 1).ships == (sid("Sp1"),) and faction_of(sid("Sp1")) == "spanish"
