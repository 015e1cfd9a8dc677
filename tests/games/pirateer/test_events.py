"""Pirateer's events (``rules.py`` module notes): what each action records, for the scene, the recap and
replays; their JSON round trip, old saves without them, views, and validation of damaged ones."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.core.events import Event
from game.games.pirateer import queries
from game.games.pirateer.moves import DESTROYED, ISLAND
from game.games.pirateer.rules import (BONUS, CHOOSE, EVENT_KINDS, RULES, STORM, WIND, Arm, Bonus, ChooseCarrier,
                                       ChooseFaction, EndTurn, Move, Roll, StormPick, Take)
from game.games.pirateer.rules import no_move_reason
from game.games.pirateer.validate import corruptions
from tests.games.pirateer.helpers import fixed_dice, game, mv, named_squares, new_game, roll, sid

V1_SAVES = Path(__file__).parent / "data" / "v1_saves.json"


def evs(s, start: int = 0) -> list[tuple[str, int | None, dict[str, Any]]]:
    """The events from ``start`` on as (kind, seat, fields), lists for tuples (as in JSON); the log lines
    (``said`` events) are left to the log's tests."""
    return [(e.kind, e.seat, e.to_json()["data"]) for e in s.events[start:] if e.kind != "said"]


def kinds(s, start: int = 0) -> list[str]:
    return [e.kind for e in s.events[start:] if e.kind != "said"]


def one(s, kind: str, start: int = 0) -> tuple[int | None, dict[str, Any]]:
    got = [(seat, data) for k, seat, data in evs(s, start) if k == kind]
    assert len(got) == 1, (kind, evs(s, start))
    return got[0]


def apply(s, action) -> int:
    """Apply ``action``; the index of its first event."""
    n = len(s.events)
    s.apply(action)
    assert len(s.events) > n, f"{action} recorded no event"
    return n


# -- setup: the fleets, the first player --------------------------------------------------------------
def test_each_fleet_choice_then_the_seating_the_first_player_rolls_and_the_first_turn():
    s = RULES.new_game(3, {}, 7)
    assert s.phase == CHOOSE and kinds(s) == []
    for seat, faction in enumerate(("barbary", "french", "spanish")):
        n = apply(s, ChooseFaction(seat, faction))
        assert evs(s, n)[0] == ("chose", seat, {"what": "fleet", "choice": faction})
    last = evs(s, n)
    assert last[1] == ("seated", None, {"fleets": [["barbary"], ["french"], ["spanish"]], "dead_man": None})
    rolls = [(seat, data) for k, seat, data in last if k == "rolled"]
    first_rolls = [e for e in s.log if e.text.key == "pir.log.first_roll"]   # S4: one event per die pair rolled
    assert len(rolls) == len(first_rolls) >= 3 and {seat for seat, _ in rolls} == {0, 1, 2}
    assert all(d["why"] == "first-player" and d["dice"] == [int(e.text.kwargs["a"]), int(e.text.kwargs["b"])]
               for (_, d), e in zip(rolls, first_rolls))
    assert last[-2:] == [("first", s.current, {"order": s.order}), ("turn", s.current, {"turn": 1})]


def test_a_preset_game_records_its_setup():
    s = new_game(3, {"dead-man": True}, 2)
    assert kinds(s)[0] == "seated" and kinds(s)[-2:] == ["first", "turn"]
    assert evs(s)[0][2] == {"fleets": [["spanish"], ["french"], ["pirates"]], "dead_man": "barbary"}
    assert set(kinds(s)) == {"seated", "rolled", "first", "turn"}


def test_war_wind_carriers():
    s = new_game(2, {"war-wind": True}, 1)                 # V10.2: a player with two fleets chooses
    assert s.phase == WIND
    ship = s.legal_actions()[-1].ship
    n = apply(s, ChooseCarrier(s.current, ship))
    assert evs(s, n) == [("chose", s.current, {"what": "carrier", "choice": ship}),
                         ("took", s.current, {"what": "treasure", "ship": ship, "frm": "war-wind",
                                              "at": list(s.ships[ship]), "treasure": "treasure"})]
    t = new_game(4, {"war-wind": True}, 3)                 # one fleet: ship 1 takes it at setup
    seat, data = one(t, "took")
    assert seat == t.order[0] and data["ship"] == t.treasure and data["frm"] == "war-wind"


# -- rolls and moves ---------------------------------------------------------------------------------
def test_a_roll_and_a_move_square_by_square_with_the_die_it_used():
    s = game({"Sp1": (5, 13), "Fr1": (10, 0)})
    n = apply(fixed_dice(s, 3, 2), Roll(0))
    assert evs(s, n) == [("rolled", 0, {"dice": [3, 2], "why": "move"})]
    n = apply(s, mv(s, "Sp1", "NW", 2))
    seat, data = one(s, "moved", n)
    path = queries.move_path(s.board, (5, 13), "NW", 2)     # the squares the scene glides through
    assert seat == 0 and data == {"piece": sid("Sp1"), "ships": [sid("Sp1")], "frm": [5, 13],
                                  "to": list(s.ships[sid("Sp1")]), "path": [list(c) for c in path],
                                  "direction": "NW", "die": 2, "die_index": 1, "carrying": False, "joins": False}
    assert len(data["path"]) == 2 and data["path"][-1] == data["to"]
    n = apply(s, next(a for a in s.legal_actions() if isinstance(a, Move)))
    assert one(s, "moved", n)[1]["die_index"] == 0 and kinds(s, n)[-1] == "turn"
    assert evs(s, n)[-1] == ("turn", 1, {"turn": 2})


def test_doubles_name_which_die_each_move_used():
    s = roll(game({"Sp1": (5, 13), "Fr1": (10, 0)}), 4, 4)
    played = []
    for _ in range(2):
        n = apply(s, next(a for a in s.legal_actions() if isinstance(a, Move)))
        played.append(one(s, "moved", n)[1]["die_index"])
    assert played == [0, 1]


def test_a_flotilla_group_moves_together():
    s = roll(game({"Sp1": (0, 10), "Sp2": (0, 10), "Sp3": (0, 10), "Fr1": (10, 0)}, options={"flotilla": True}), 3, 2)
    n = apply(s, Move(0, (sid("Sp1"), sid("Sp2"), sid("Sp3")), "SW", 3))
    data = one(s, "moved", n)[1]
    assert data["piece"] == sid("Sp1") and data["ships"] == [sid("Sp1"), sid("Sp2"), sid("Sp3")]
    assert data["frm"] == [0, 10] and data["to"] == [0, 13] and len(data["path"]) == 3


def test_forfeited_dice():
    s = roll(game({"Sp1": (2, 8), "Fr1": (10, 0)}), 1, 6)      # R12: only the 1 can be played
    n = apply(s, mv(s, "Sp1", "SE", 1))
    assert one(s, "forfeit", n) == (0, {"dice": [6], "none": False})
    t = game({"Sp1": (8, 10), "Fr1": (10, 0)})                  # R13: nothing moves; a take is still open
    n = apply(fixed_dice(t, 6, 6), Roll(0))
    why = no_move_reason([6, 6]).to_json()                    # R13: and why, in the rule's words
    assert kinds(t, n) == ["rolled", "forfeit"] and one(t, "forfeit", n) == (0, {"dice": [6, 6], "none": True,
                                                                                 "why": why})
    n = apply(t, EndTurn(0))
    assert evs(t, n) == [("chose", 0, {"what": "end-turn", "choice": "decline-take"}), ("turn", 1, {"turn": 2})]


# -- the treasure, boarding, the end ------------------------------------------------------------------
def test_taking_the_treasure():
    s = roll(game({"Sp1": (6, 9)}), 2, 3)
    s.apply(mv(s, "Sp1", "SE", 2))
    n = apply(s, Take(0, sid("Sp1")))
    assert evs(s, n) == [("took", 0, {"what": "treasure", "ship": sid("Sp1"), "frm": ISLAND,
                                      "at": list(s.ships[sid("Sp1")]), "treasure": "treasure"})]


def test_boarding_sinks_the_ship_and_seizes_its_treasure():
    s = roll(game({"Sp1": (5, 13), "Fr1": (8, 13), "Fr2": (11, 0), "Fr3": (12, 0), "Pi1": (19, 9)}, treasure="Fr1"),
             3, 1)
    n = apply(s, mv(s, "Sp1", "SE", 3))
    assert kinds(s, n)[:3] == ["moved", "sank", "took"]
    assert one(s, "moved", n)[1]["to"] == [8, 13]
    assert one(s, "sank", n) == (0, {"piece": sid("Fr1"), "at": [8, 13], "by": "boarding", "boarder": sid("Sp1"),
                                     "owner": 1, "wreck": False, "treasure": sid("Sp1")})
    assert one(s, "took", n) == (0, {"what": "treasure", "ship": sid("Sp1"), "frm": sid("Fr1"), "at": [8, 13],
                                     "treasure": "treasure"})


def test_a_boarding_in_wrecks_leaves_a_wreck_and_the_carrier_moves_with_it():
    s = roll(game({"Sp1": (5, 13), "Fr1": (2, 13), "Pi1": (19, 9)}, treasure="Sp1", options={"wrecks": True}), 3, 2)
    n = apply(s, mv(s, "Sp1", "NW", 3))
    assert one(s, "moved", n)[1]["carrying"] is True
    data = one(s, "sank", n)[1]
    assert data["wreck"] is True and data["at"] == [2, 13] and data["treasure"] is None
    assert s.wrecks == frozenset({(2, 13)})


def test_the_treasure_home_ends_the_game_with_its_winner():
    s = roll(game({"Sp1": (0, 13), "Fr1": (10, 0)}, treasure="Sp1"), 4, 5)
    n = apply(s, mv(s, "Sp1", "NE", 4))
    assert kinds(s, n) == ["moved", "ended"]
    assert evs(s, n)[-1] == ("ended", None, {"what": "game", "winners": [0], "how": "pir.how.treasure",
                                             "carrier": sid("Sp1")})


def test_the_last_ship_sunk_puts_its_player_out_and_ends_the_game():
    s = roll(game({"Sp1": (5, 13), "Fr1": (8, 13)}, treasure="Fr1", players=2, factions=["spanish", "french"]), 3, 1)
    n = apply(s, mv(s, "Sp1", "SE", 3))
    assert kinds(s, n) == ["moved", "sank", "took", "out", "ended"]
    assert one(s, "out", n) == (1, {})
    assert one(s, "ended", n)[1]["winners"] == [0]


def test_the_dead_man_taken_over():
    s = roll(game({"Pi1": (5, 13), "Sp1": (8, 13), "Fr1": (10, 0), "Ba1": (9, 19)}, treasure="Pi1", current="Pi",
                  players=3, options={"dead-man": True}), 3, 1)
    n = apply(s, mv(s, "Pi1", "SE", 3))
    sp = s.controller("spanish")
    assert one(s, "takeover", n) == (sp, {"faction": "barbary", "ships": [sid("Ba1")]})


# -- variants: storm, nuke, acey-deucey --------------------------------------------------------------
def test_a_storm_sinks_the_farthest_ship():
    s = game({"Sp1": (0, 11), "Sp2": (5, 13), "Sp3": (15, 14), "Fr1": (10, 0)}, options={"storm": True})
    n = apply(fixed_dice(s, 4, 4, 4), Roll(0))
    assert kinds(s, n)[:3] == ["rolled", "storm", "sank"]
    assert one(s, "rolled", n)[1] == {"dice": [4, 4, 4], "why": "move"}
    assert one(s, "storm", n) == (0, {"ships": [sid("Sp3")]})
    assert one(s, "sank", n) == (0, {"piece": sid("Sp3"), "at": [15, 14], "by": "storm", "boarder": None, "owner": 0,
                                     "wreck": False, "treasure": None})


def test_a_storm_tie_waits_for_the_players_pick():
    s = fixed_dice(game({"Sp1": (1, 13), "Sp2": (0, 14), "Fr1": (10, 0)}, options={"storm": True}), 5, 5, 5)
    n = apply(s, Roll(0))
    assert s.phase == STORM and kinds(s, n) == ["rolled", "storm"]
    assert sorted(one(s, "storm", n)[1]["ships"]) == [sid("Sp1"), sid("Sp2")]
    n = apply(s, StormPick(0, sid("Sp2")))
    assert kinds(s, n)[:2] == ["chose", "sank"]
    assert evs(s, n)[0] == ("chose", 0, {"what": "storm", "choice": sid("Sp2")})
    assert one(s, "sank", n)[1]["piece"] == sid("Sp2") and one(s, "sank", n)[1]["at"] == [0, 14]


def test_a_storm_sends_the_carried_treasure_back():
    s = fixed_dice(game({"Sp1": (5, 13), "Fr1": (10, 0), "Pi1": (19, 9)}, treasure="Sp1", options={"storm": True}),
                   3, 3, 3)
    n = apply(s, Roll(0))
    assert one(s, "sank", n)[1]["treasure"] == ISLAND
    assert kinds(s, n)[-2:] == ["out", "turn"]


def test_a_nuke_blast_with_its_centre_and_radius():
    s = game({"Pi2": (11, 10), "Sp1": (11, 8), "Fr1": (13, 11), "Ba1": (12, 12), "Pi3": (10, 12)},
             current="Pi", options={"nuke": True})
    pi = s.current
    n = apply(fixed_dice(s, 2, 5), Arm(pi, sid("Pi2")))
    assert kinds(s, n)[:5] == ["armed", "rolled", "blast", "sank", "sank"] and kinds(s, n)[-1] == "turn"
    assert evs(s, n)[:3] == [
        ("armed", pi, {"piece": sid("Pi2"), "at": [11, 10]}),
        ("rolled", pi, {"dice": [2, 5], "why": "nuke"}),
        ("blast", pi, {"piece": sid("Pi2"), "at": [11, 10], "radius": 2, "ships": [sid("Pi2"), sid("Sp1")],
                       "wrecks": [], "treasure_destroyed": True})]
    sunk = {d["piece"]: d for k, _, d in evs(s, n) if k == "sank"}
    assert set(sunk) == {sid("Pi2"), sid("Sp1")} and all(d["by"] == "nuke" for d in sunk.values())
    assert sunk[sid("Sp1")]["at"] == [11, 8] and sunk[sid("Sp1")]["owner"] == s.controller("spanish")
    assert s.treasure == DESTROYED


def test_a_nuke_blast_clears_wrecks_and_may_end_in_a_draw():
    s = game({"Sp1": (5, 13), "Fr1": (6, 13), "Pi1": (19, 9)}, options={"nuke": True, "wrecks": True},
             wrecks=((5, 14),))
    n = apply(fixed_dice(s, 1, 4), Arm(0, sid("Sp1")))
    assert one(s, "blast", n)[1]["wrecks"] == [[5, 14]] and one(s, "blast", n)[1]["radius"] == 1
    t = fixed_dice(game({"Sp1": (5, 13), "Fr1": (6, 13)}, options={"nuke": True}), 3, 3)
    n = apply(t, Arm(0, sid("Sp1")))
    assert one(t, "ended", n)[1] == {"what": "game", "winners": [], "how": "pir.how.all_sunk_draw", "carrier": None}


def test_acey_deucey_the_bonus_its_values_and_the_reroll():
    s = roll(game({"Sp1": (5, 13), "Fr1": (10, 0)}, options={"acey-deucey": True}), 1, 2)
    s.apply(next(a for a in s.legal_actions() if isinstance(a, Move)))
    n = apply(s, next(a for a in s.legal_actions() if isinstance(a, Move)))
    assert s.phase == BONUS and kinds(s, n) == ["moved", "bonus"] and one(s, "bonus", n) == (0, {})
    fixed_dice(s, 4, 3)
    n = apply(s, Bonus(0, 6, 5))
    assert evs(s, n)[0] == ("chose", 0, {"what": "bonus", "choice": [6, 5]})
    rerolled = len(s.events)
    while s.phase == "move" and sorted(s.dice) == [5, 6]:
        s.apply(next(a for a in s.legal_actions() if isinstance(a, Move)))
    assert ("rolled", 0, {"dice": [4, 3], "why": "reroll"}) in evs(s, rerolled)
    assert [d["die"] for k, _, d in evs(s, n) if k == "moved"][:2] in ([6, 5], [5, 6])


def test_declining_the_bonus():
    s = roll(game({"Sp1": (5, 13), "Fr1": (10, 0)}, options={"acey-deucey": True}), 1, 2)
    for _ in range(2):
        s.apply(next(a for a in s.legal_actions() if isinstance(a, Move)))
    n = apply(s, EndTurn(0))
    assert evs(s, n) == [("chose", 0, {"what": "end-turn", "choice": "decline-bonus"}), ("turn", 1, {"turn": 2})]


# -- every action, views, JSON -----------------------------------------------------------------------
OPTIONS = [{}, {"storm": True, "wrecks": True}, {"nuke": True, "flotilla": True}, {"acey-deucey": True},
           {"dead-man": True}, {"war-wind": True}, {"domination": True, "free-boarding": True}]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "+".join(o) or "basic")
def test_every_action_records_events_of_known_kinds_seen_alike_by_every_seat(options):
    players = 3 if options.get("dead-man") else 2
    s = RULES.new_game(players, options, 5)
    rnd = random.Random(5)
    for _ in range(400):
        if s.is_over():
            break
        apply(s, rnd.choice(s.legal_actions(s.current_players()[0])))
    assert {e.kind for e in s.events} <= set(EVENT_KINDS)
    assert all(e.audience is None and not e.secret for e in s.events)           # S6: nothing is secret
    everyone = [e.to_json() for e in s.events]
    for seat in (None, *range(players)):
        assert [e.to_json() for e in s.view(seat).events] == [e.to_json() for e in s.events_for(seat)] == everyone
    data = json.loads(json.dumps(s.to_json()))
    back = RULES.state_from_json(data)
    RULES.validate_state(back)
    assert back.events == s.events and data["events"] == everyone
    assert back.clone().events == s.events


def test_a_clone_records_its_own_events():
    s = RULES.new_game(2, {"factions": "preset"}, 9)
    c = s.clone()
    roll(c, 3, 2)
    assert len(c.events) > len(s.events) and kinds(c)[-1] == "rolled" and kinds(s)[-1] == "turn"


def test_a_position_without_events_loads():
    s = roll(game({"Sp1": (5, 13), "Fr1": (10, 0)}), 3, 2)
    data = json.loads(json.dumps(s.to_json()))
    assert data["events"]
    del data["events"]
    old = RULES.state_from_json(data)
    RULES.validate_state(old)
    assert kinds(old) == [] and old.events_for(0) == old.view(1).events == old.events   # its log lines only
    old.apply(next(a for a in old.legal_actions() if isinstance(a, Move)))
    assert kinds(old) == ["moved"]


def test_an_old_snapshot_loads_with_no_events():
    snapshot = json.loads(V1_SAVES.read_text())[0]["snapshot"]
    assert "events" not in snapshot
    s = RULES.state_from_json(snapshot)
    RULES.validate_state(s)
    assert kinds(s) == []                                              # no typed events ...
    # ... its log lines as ``said`` ones, each square named as the board's frame prints it ("(0,9)" is C8)
    named = named_squares(snapshot["log"])
    assert [line.to_json() for line in s.log] == named and named != snapshot["log"]
    assert "C8" in json.dumps(named) and "(0,9)" not in json.dumps(named)


def _damaged(s, edit) -> Any:
    data = json.loads(json.dumps(s.to_json()))
    edit(data)
    return RULES.state_from_json(data)


def _moved_index(data) -> int:
    return next(k for k, e in enumerate(data["events"]) if e["kind"] == "moved")


@pytest.mark.parametrize("edit,word", [
    (lambda d: d["events"][_moved_index(d)]["data"].update(piece="ship-nobody-9"), "unknown ship"),
    (lambda d: d["events"][_moved_index(d)]["data"].update(ships=["ship-spanish-7"]), "unknown ship"),
    (lambda d: d["events"][_moved_index(d)]["data"].update(to=[25, -3]), "off the board"),
    (lambda d: d["events"][_moved_index(d)]["data"]["path"].__setitem__(0, [0, 0]), "off the board"),
    (lambda d: d["events"][_moved_index(d)]["data"].update(to=[0, 10]), "path"),
    (lambda d: d["events"][_moved_index(d)]["data"].update(die=7), "die"),
    (lambda d: d["events"].append({"kind": "teleported", "seat": 0, "data": {}}), "kind"),
    (lambda d: d["events"].append({"kind": "turn", "seat": 5, "data": {"turn": 3}}), "seat"),
    (lambda d: d["events"].append({"kind": "took", "seat": 0, "data": {"what": "treasure", "ship": "ship-sp-1",
                                                                       "frm": "island", "at": [5, 13]}}),
     "unknown ship"),
    (lambda d: d["events"].append({"kind": "chose", "seat": 0, "data": {"what": "fleet", "choice": "vikings"}}),
     "fleet"),
    (lambda d: d["events"].append({"kind": "moved", "seat": 0, "audience": [0], "secret": {"x": 1}, "data": {}}),
     "secret"),
])
def test_damaged_events_are_refused_by_name(edit, word):
    s = roll(game({"Sp1": (5, 13), "Fr1": (10, 0)}), 3, 2)
    s.apply(mv(s, "Sp1", "NW", 2))
    bad = _damaged(s, edit)
    with pytest.raises(ValueError, match=word):
        RULES.validate_state(bad)


def test_corruptions_include_damaged_events():
    s = roll(game({"Sp1": (5, 13), "Fr1": (10, 0)}), 3, 2)
    s.apply(mv(s, "Sp1", "NW", 2))
    found = {word: data for word, data in corruptions(RULES, s.to_json())}
    for word in ("unknown ship", "off the board"):
        with pytest.raises(ValueError) as caught:
            RULES.validate_state(RULES.state_from_json(found[word]))
        assert word in str(caught.value)


def test_event_objects_are_the_shared_kind():
    s = new_game(2)
    assert all(isinstance(e, Event) for e in s.events)
