"""S1 at the table: with two to four players each player chooses a fleet, in seat order, before the first roll
(phase ``choose``, action ``ChooseFaction``); the setup may still preset the seating (option ``factions``);
a save of rules version 1 (fleets seated at setup) replays exactly as it was played."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core import saves
from game.core.protocol import IllegalAction
from game.games.pirateer.bots import make_bot
from game.games.pirateer.moves import ISLAND, faction_of, ship_id
from game.games.pirateer.rules import (CHOOSE, RULES, START, WIND, ChooseFaction, PirateerState, Roll,
                                       clockwise_order)
from tests.games.pirateer.helpers import PRESET_SEATS, named_squares, new_game, with_reasons

CLOCKWISE = ["spanish", "french", "pirates", "barbary"]
STARTS = {"spanish": [(0, 10), (0, 11), (0, 12)], "french": [(10, 0), (11, 0), (12, 0)],
          "barbary": [(9, 19), (8, 19), (7, 19)], "pirates": [(19, 9), (19, 8), (19, 7)]}
V1_SAVES = Path(__file__).parent / "data" / "v1_saves.json"


def choose_all(s: PirateerState, factions: list[str]) -> PirateerState:
    for f in factions:
        s.apply(ChooseFaction(s.current_players()[0], f))
    return s


def keys(s: PirateerState) -> list[str]:
    return [e.text.key for e in s.log]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_S1_each_player_chooses_a_fleet_in_turn_before_the_first_roll(players):
    s = RULES.new_game(players, {}, 7)
    assert s.options["factions"] == "choose" and s.phase == CHOOSE and not s.ships and s.treasure == ISLAND
    taken: list[str] = []
    for seat in range(players):
        assert s.current_players() == (seat,) and s.legal_actions(seat) == \
            [ChooseFaction(seat, f) for f in CLOCKWISE if f not in taken]
        assert all(s.legal_actions(other) == [] for other in range(players) if other != seat)
        assert "pir.log.first_roll" not in keys(s)                 # S4 comes after the choices
        f = [f for f in reversed(CLOCKWISE) if f not in taken][0]   # counter-clockwise, to differ from presets
        s.apply(ChooseFaction(seat, f))
        taken.append(f)
    assert s.seat_factions == [[f] for f in taken] and s.phase == START
    assert {faction_of(x) for x in s.ships} == set(taken)          # S2: only the chosen fleets sail
    assert all(s.ships[ship_id(f, n)] == STARTS[f][n - 1] for f in taken for n in (1, 2, 3))
    assert s.order == clockwise_order(s.board, s.seat_factions, s.current)   # S5, from the first player (S4)
    assert sum(1 for k in keys(s) if k == "pir.log.first_roll") >= players
    assert keys(s).count("pir.log.choose") == players
    s.apply(Roll(s.current))                                        # and the game goes on as before
    assert s.phase != CHOOSE


def test_S1_three_players_may_seat_any_three_fleets():
    seen = set()
    for left_out in CLOCKWISE:
        three = [f for f in CLOCKWISE if f != left_out]
        s = choose_all(RULES.new_game(3, {}, 11), three)
        assert {faction_of(x) for x in s.ships} == set(three) and len(s.ships) == 9
        seen.add(frozenset(three))
    assert len(seen) == 4


def test_S1_a_taken_fleet_or_another_action_is_refused_with_a_reason():
    s = RULES.new_game(3, {}, 2)
    s.apply(ChooseFaction(0, "french"))
    before = s.to_json()
    for bad, key in ((ChooseFaction(1, "french"), "pir.reason.faction_taken"),
                     (ChooseFaction(1, "dutch"), "pir.reason.unknown_faction"),
                     (Roll(1), "pir.reason.choose_faction"),
                     (ChooseFaction(2, "pirates"), "pir.reason.not_your_turn")):
        assert s.check(bad).key == key
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert s.to_json() == before
    choose_all(s, ["spanish", "pirates"])
    assert s.check(ChooseFaction(s.current, "barbary")).key == "pir.reason.factions_chosen"


def test_S1_the_choice_is_logged_in_both_languages():
    from game.i18n import has_key, set_language, tr
    s = choose_all(RULES.new_game(2, {}, 3), ["barbary", "french"])
    line = next(e.text for e in s.log if e.text.key == "pir.log.choose")
    for key in ("pir.log.choose", "pir.reason.faction_taken", "pir.reason.choose_faction",
                "pir.reason.unknown_faction", "pir.reason.factions_chosen", "pir.opt.factions",
                "pir.opt.factions.help", "pir.opt.factions.choose", "pir.opt.factions.preset"):
        assert has_key(key, "en") and has_key(key, "it"), key
    try:
        set_language("en")
        assert "Barbary" in tr(line)
        set_language("it")
        assert "Barbareschi" in tr(line)
    finally:
        set_language("en")


def test_V9_1_with_the_dead_man_the_fleet_nobody_chose_is_his():
    s = choose_all(RULES.new_game(3, {"dead-man": True}, 4), ["pirates", "barbary", "spanish"])
    assert s.dead_man == "french" and s.controller("french") is None
    assert s.ships[ship_id("french", 1)] == (10, 0) and len(s.ships) == 12


def test_V10_1_war_wind_teams_follow_the_chosen_corners():
    s = choose_all(RULES.new_game(4, {"war-wind": True}, 6), ["barbary", "spanish", "french", "pirates"])
    assert s.teams[0] == s.teams[2] and s.teams[1] == s.teams[3] and s.teams[0] != s.teams[1]
    first = s.seat_factions[s.current][0]
    assert s.treasure == ship_id(first, 1)                          # V10.2, after S4


@pytest.mark.parametrize("mode", ["domination", "grab-and-run", "war-wind"])
def test_S1_modes_that_give_two_fleets_to_each_player_fix_the_sides(mode):
    s = RULES.new_game(2, {mode: True}, 1)
    assert s.phase in (START, WIND) and all(len(fs) == 2 for fs in s.seat_factions)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_S1_a_preset_seating_starts_as_before(players):
    s = RULES.new_game(players, {"factions": "preset"}, 9)
    assert s.phase == START and s.seat_factions == [[f] for f in
                                                    {2: ["spanish", "pirates"], 3: ["spanish", "french", "barbary"],
                                                     4: ["spanish", "french", "pirates", "barbary"]}[players]]
    assert "pir.log.choose" not in keys(s)


def test_S1_the_two_player_pair_needs_the_preset_seating_and_the_form_offers_both():
    opt = next(o for o in RULES.options if o.key == "factions")
    assert opt.kind == "choice" and opt.default == "choose" and opt.choices == ("choose", "preset")
    problems = RULES.check(2, {"factions-2p": "french-barbary"})
    assert [p.key for p in problems] == ["opt.err.requires_value"]
    assert problems[0].kwargs["value"].key == "pir.opt.factions.preset"      # says which value it needs
    assert not RULES.check(2, {"factions": "preset", "factions-2p": "french-barbary"})
    assert not RULES.check(3, {"factions": "preset"}) and not RULES.check(4, {})


def test_S1_bots_choose_easy_at_random_medium_and_hard_the_far_corner():
    for level in ("random", "easy", "medium", "hard"):
        s = RULES.new_game(3, {}, 5)
        while s.phase == CHOOSE:
            seat = s.current_players()[0]
            a = make_bot(level, seat, 1, playouts=2).choose(s.view(seat))
            assert a in s.legal_actions(seat)
            s.apply(a)
        assert s.phase in (START, WIND)
    picks = []
    s = RULES.new_game(2, {}, 5)
    while s.phase == CHOOSE:
        seat = s.current_players()[0]
        a = make_bot("medium", seat, 1).choose(s.view(seat))
        picks.append(a.faction)
        s.apply(a)
    assert picks == ["spanish", "pirates"]                            # the opposite corner (the app's default)
    first = ChooseFaction(0, "french")
    t = RULES.new_game(2, {}, 5)
    t.apply(first)
    assert make_bot("hard", 1, 1, playouts=2).choose(t.view(1)) == ChooseFaction(1, "barbary")
    easy = {make_bot("easy", 0, seed).choose(RULES.new_game(2, {}, 5).view(0)).faction for seed in range(30)}
    assert easy == set(CLOCKWISE)


def test_choices_replay_from_the_save():
    from game.core.session import GameSession, Seat
    sess = GameSession.new("pirateer", RULES, [Seat("a", "human"), Seat("b", "bot", "easy")], {}, 17)
    sess.apply(ChooseFaction(0, "barbary"))
    sess.apply(ChooseFaction(1, "spanish"))
    sess.apply(Roll(sess.state.current))
    save = saves.SaveData.from_json(json.loads(json.dumps(sess.to_save().to_json())))
    again = saves.restore_state(RULES, save)
    assert again.to_json() == sess.state.to_json() and again.seat_factions == [["barbary"], ["spanish"]]


def test_a_save_of_rules_version_1_replays_exactly_as_it_was_played():
    """Saves written by version 1 of these rules (fleets seated at setup), kept as they were written:
    restoring them replays every action on today's rules with the old seating preset
    (``options_of_version``) and reaches the very position the old rules saved (those rules recorded no
    events: the replay records them, the rest is the saved snapshot)."""
    assert RULES.version == 2
    old = json.loads(V1_SAVES.read_text())
    assert len(old) == 5 and all(d["rules_version"] == 1 and "factions" not in d["options"] for d in old)
    for data in old:
        save = saves.SaveData.from_json(data)
        state = saves.restore_state(RULES, save)
        want = dict(data["snapshot"], options={**data["snapshot"]["options"], "factions": "preset",
                                               "fantastic-eight": False})   # issue 19: the new mode, off
        got = json.loads(json.dumps(state.to_json()))
        assert "events" not in want and got.pop("events")
        # the log is events now, its squares named as the board's frame prints them ("(0,9)" was C8)
        # ... and a roll that left no move says why (R13, issue 16)
        assert [line.to_json() for line in state.log] == with_reasons(named_squares(want.pop("log")))
        # issue 19: the setup is kept (the standard map, the seats' fleets) and the treasure is one of a set
        setup = got.pop("setup")
        assert setup["board"] == "standard" and setup["fleets"] == want["seat_factions"]
        assert got.pop("treasures") == {"treasure": want.pop("treasure")}
        assert got == want
        assert RULES.options_of_version(save.options, 1, save.players) == {**save.options, "factions": "preset"}
    # without the old options the same actions would not replay: the players would have to choose first
    with pytest.raises(saves.SaveError):
        saves.replay(RULES, saves.SaveData.from_json({**old[0], "rules_version": 2}))


def test_an_old_snapshot_still_loads_with_its_seating_preset():
    data = json.loads(V1_SAVES.read_text())[1]["snapshot"]
    s = RULES.state_from_json(data)
    RULES.validate_state(s)
    assert s.options["factions"] == "preset" and s.phase != CHOOSE


def test_the_rules_version_moved_and_new_saves_replay_on_it():
    s = new_game(2, {}, 3)
    assert s.options["factions"] == "preset" and PRESET_SEATS == {"factions": "preset"}
    assert RULES.options_of_version({"storm": True}, 2, 2) == {"storm": True}
