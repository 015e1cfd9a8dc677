"""Loaded saves are checked by their own game before a frame is drawn (issue 12, item 3).

Each case writes a real save of a real game to disk, edits the file as an outsider would, loads it back
and restores it: a snapshot the game refuses (player 7 of 2, an unknown card, a string where a list
belongs ...) gives way to the game rebuilt from its actions; actions that no longer replay give way to a
snapshot the game accepts; when neither holds, the save is unusable, with a reason. And every position a
random game passes through is accepted, so validation never costs a game.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import games
from game.core.protocol import check_state_basics
from game.core.rng import Rng
from game.core.saves import SaveError, load_save, restore_state, write_json_atomic
from game.core.session import GameSession, Seat

SYSTEM = -1


def _seats(n: int) -> list[Seat]:
    return [Seat(f"P{i}", "bot", "easy", i) for i in range(n)]


def played_session(game_id: str, players: int, moves: int, seed: int = 3, options: dict | None = None) -> GameSession:
    """A real game after ``moves`` random legal actions (system actions too in a race, with its clock)."""
    rules = games.get(game_id).package.rules
    session = GameSession.new(game_id, rules, _seats(players), options or {}, seed)
    rng = Rng(seed + 100)
    clock = 0.0
    for _ in range(moves):
        state = session.state
        if state.is_over():
            break
        if rules.realtime:
            clock += 0.7
            state.advance_time(clock)
            system = state.legal_actions(SYSTEM)
            mine = [a for s in state.current_players() for a in state.legal_actions(s)]
            if system and (not mine or state.hand.phase == "mix"):
                session.apply(system[0])
                continue
            placing = [a for a in mine if a.kind in ("ir.place", "ir.done")]
            session.apply(placing[rng.below(len(placing))] if placing and rng.below(3) else mine[rng.below(len(mine))])
        else:
            legal = state.legal_actions()
            session.apply(legal[rng.below(len(legal))])
    return session


def saved_file(tmp_path: Path, session: GameSession) -> Path:
    path = tmp_path / "autosave.json"
    write_json_atomic(path, session.to_save().to_json())
    return path


def edit_file(path: Path, edit) -> None:
    data = json.loads(path.read_text("utf-8"))
    edit(data)
    path.write_text(json.dumps(data), "utf-8")


def same(a, b, clock: bool = True) -> bool:
    """The same position; ``clock=False``: but for a race's clock, which no action records."""
    def plain(state):
        data = json.loads(json.dumps(state.to_json()))
        if not clock:
            for hand in (data.get("hand"), data.get("last_hand")):
                if hand:
                    hand.update(now=None, round_start=None)
        return json.dumps(data, sort_keys=True)
    return plain(a) == plain(b)


def rules_of(game_id: str):
    return games.get(game_id).package.rules


# --------------------------------------------------------------------------------------------------
# What the games' validators refuse, on snapshots edited on disk
# --------------------------------------------------------------------------------------------------
def _hand(d):  # the snapshot of the hand (or round) in play of a match
    return d["snapshot"]["hand"]


def _tile_twice(pile: list) -> None:
    full = [i for i, p in enumerate(pile) if p is not None]
    pile[full[1]] = pile[full[0]]


SNAPSHOT_EDITS = {
    "playa-pirata": {
        "current player 7 of 2": lambda d: _hand(d).update(current=7),
        "an unknown card id": lambda d: _hand(d)["treasures"][0].__setitem__(0, "treasure-99-z"),
        "a card twice": lambda d: _hand(d)["treasures"][1].__setitem__(0, _hand(d)["treasures"][0][0]),
        "a string where a list belongs": lambda d: _hand(d).update(towels="towels"),
        "another colour's towel": lambda d: _hand(d)["towels"][0].__setitem__(0, _hand(d)["towels"][1][0]),
        "an umbrella of seat 5": lambda d: _hand(d)["beach"][0].update(umbrella=5),
        "a turn order without seat 1": lambda d: _hand(d).update(order=[0, 0]),
        "a view saved as the game": lambda d: _hand(d).update(is_view=True, viewer=0),
    },
    "pirateer": {
        "current player 7 of 2": lambda d: d["snapshot"].update(current=7),
        "an unknown ship": lambda d: d["snapshot"]["ships"].update({"ship-ghosts-1": [10, 10]}),
        "a ship on dry land": lambda d: d["snapshot"]["ships"].update(
            {next(iter(d["snapshot"]["ships"])): [0, 0]}),
        "the treasure on no ship": lambda d: d["snapshot"]["treasures"].update(treasure="ship-spanish-9"),
        "a die showing 9": lambda d: d["snapshot"].update(dice=[9, 1], used=[False, False]),
        "a string where a list belongs": lambda d: d["snapshot"].update(seat_factions="spanish"),
    },
    "island-race": {
        "a racer 7 of 2": lambda d: _hand(d).update(done=[7]),
        "a tile twice": lambda d: _tile_twice(_hand(d)["pile"]),
        "an unknown tile": lambda d: _hand(d)["pile"].__setitem__(0, {"tile": "T99", "side": 0, "rot": 0}),
        "a string where a list belongs": lambda d: _hand(d).update(hand_slot="--"),
        "a clock before the start": lambda d: _hand(d).update(round_start=_hand(d)["now"] + 50.0),
    },
}
GAMES = {"playa-pirata": (2, 12), "pirateer": (2, 25), "island-race": (2, 30)}
CASES = [(g, name) for g, edits in SNAPSHOT_EDITS.items() for name in edits]


@pytest.mark.parametrize("game_id,edit", CASES, ids=[f"{g}: {n}" for g, n in CASES])
def test_an_edited_snapshot_is_refused_by_its_game_and_the_actions_rebuild_the_game(tmp_path, game_id, edit):
    players, moves = GAMES[game_id]
    session = played_session(game_id, players, moves)
    path = saved_file(tmp_path, session)
    edit_file(path, SNAPSHOT_EDITS[game_id][edit])
    save = load_save(path)  # well-formed JSON, every field of the right kind: only the game can tell
    rules = rules_of(game_id)
    with pytest.raises(Exception):
        rules.validate_state(rules.state_from_json(save.snapshot))
    restored = restore_state(rules, save)
    # the game as it really was, not as the file claims (a race refused its snapshot's clock with it)
    assert same(restored, session.state, clock=not rules.realtime)
    resumed = GameSession.from_save(save, rules)
    assert same(resumed.state, session.state, clock=not rules.realtime) and resumed.actions == session.actions


ACTION_EDITS = {
    "playa-pirata": {
        "a move by seat 7": lambda a: a.__setitem__(0, {**a[0], "seat": 7}),
        "an unknown card id": lambda a: a.__setitem__(0, {**a[0], "card": "treasure-99-z"}),
        "a string where a list belongs": lambda a: a.append({"kind": "pp.towels", "seat": 0, "target": 0,
                                                             "values": "321"}),
    },
    "pirateer": {
        "a move by seat 7": lambda a: a.__setitem__(0, {**a[0], "seat": 7}),
        "a move of an unknown ship": lambda a: a.append({"kind": "pir.take", "seat": 0, "ship": "ship-ghosts-1"}),
    },
    "island-race": {
        "a racer 7 of 2": lambda a: a.append({"kind": "ir.take", "seat": 7, "slot": 0}),
        "a slot that does not exist": lambda a: a.append({"kind": "ir.take", "seat": 0, "slot": 99}),
    },
}
ACTION_CASES = [(g, name) for g, edits in ACTION_EDITS.items() for name in edits]


@pytest.mark.parametrize("game_id,edit", ACTION_CASES, ids=[f"{g}: {n}" for g, n in ACTION_CASES])
def test_edited_actions_with_a_snapshot_its_game_accepts_resume_the_saved_position(tmp_path, game_id, edit):
    players, moves = GAMES[game_id]
    session = played_session(game_id, players, moves)
    path = saved_file(tmp_path, session)
    edit_file(path, lambda d: ACTION_EDITS[game_id][edit](d["actions"]))
    assert same(restore_state(rules_of(game_id), load_save(path)), session.state)  # nothing lost


@pytest.mark.parametrize("game_id,edit", ACTION_CASES, ids=[f"{g}: {n}" for g, n in ACTION_CASES])
def test_edited_actions_and_a_refused_snapshot_make_the_save_unusable_with_a_reason(tmp_path, game_id, edit):
    players, moves = GAMES[game_id]
    session = played_session(game_id, players, moves)
    path = saved_file(tmp_path, session)
    snapshot_edit = next(iter(SNAPSHOT_EDITS[game_id].values()))  # a seat out of range

    def edit_both(d: dict) -> None:
        ACTION_EDITS[game_id][edit](d["actions"])
        snapshot_edit(d)

    edit_file(path, edit_both)
    raw = path.read_bytes()
    with pytest.raises(SaveError) as info:
        GameSession.from_save(load_save(path), rules_of(game_id))
    assert info.value.text.key in ("persist.save.cannot_replay", "persist.save.bad_action")
    assert path.read_bytes() == raw


# --------------------------------------------------------------------------------------------------
# What they accept: every position of real games, and the round trip through a file
# --------------------------------------------------------------------------------------------------
ACCEPT = [("playa-pirata", 2, {}), ("playa-pirata", 4, {"special-cards": True, "match-format": "two-hands"}),
          ("playa-pirata", 3, {"special-cards": True}),
          ("pirateer", 2, {}), ("pirateer", 4, {"storm": True, "nuke": True, "wrecks": True}),
          ("pirateer", 3, {"dead-man": True, "devils-island": True}), ("pirateer", 4, {"flotilla": True}),
          ("pirateer", 2, {"war-wind": True}), ("island-race", 2, {"big-island": True}),
          ("island-race", 4, {}), ("island-race", 3, {"no-timer": True}),
          ("planks", 2, {"colours": "choose", "first-plank": "choose"}), ("planks", 3, {"pairs": 8}),
          ("planks", 4, {"feel-draw": True, "pairs": 12})]


@pytest.mark.parametrize("game_id,players,options", ACCEPT, ids=[f"{g}-{p}-{sorted(o)}" for g, p, o in ACCEPT])
def test_every_position_of_a_random_game_is_accepted(game_id, players, options):
    rules = rules_of(game_id)
    session = played_session(game_id, players, 0, seed=11, options=options)
    rng = Rng(players)
    clock = 0.0
    for step in range(400):
        state = session.state
        if step % 5 == 0 or state.is_over():
            rules.validate_state(state)
            rules.validate_state(rules.state_from_json(json.loads(json.dumps(state.to_json()))))
        if state.is_over():
            break
        if rules.realtime:
            clock += 0.5
            state.advance_time(clock)
            system = state.legal_actions(SYSTEM)
            mine = [a for s in state.current_players() for a in state.legal_actions(s)]
            if system and (not mine or state.hand.phase == "mix" or step % 97 == 96):
                session.apply(system[0])
                continue
            placing = [a for a in mine if a.kind in ("ir.place", "ir.done", "ir.stop")]
            pool = placing if placing and rng.below(4) else mine
        else:
            pool = state.legal_actions()
        session.apply(pool[rng.below(len(pool))])


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_real_save_restores_exactly(tmp_path, game_id):
    players, moves = GAMES[game_id]
    session = played_session(game_id, players, moves * 3)
    restored = restore_state(rules_of(game_id), load_save(saved_file(tmp_path, session)))
    assert same(restored, session.state)


def test_a_race_keeps_its_clock_from_the_snapshot(tmp_path):
    session = played_session("island-race", 2, 30)
    path = saved_file(tmp_path, session)
    restored = restore_state(rules_of("island-race"), load_save(path))
    assert restored.hand.phase == "play" and restored.hand.round_start is not None
    assert restored.hand.time_left() == session.state.hand.time_left() < restored.hand.timer


def test_a_race_whose_clock_was_edited_restarts_the_round_clock_but_keeps_every_tile(tmp_path):
    session = played_session("island-race", 2, 30)
    path = saved_file(tmp_path, session)
    edit_file(path, lambda d: _hand(d).update(now=-5.0))
    restored = restore_state(rules_of("island-race"), load_save(path))
    assert restored.hand.grids == session.state.hand.grids and restored.hand.pile == session.state.hand.pile
    assert restored.hand.time_left() == restored.hand.timer  # the clock the file lied about is not used


def test_the_protocol_checks_players_and_the_seats_to_act():
    session = played_session("playa-pirata", 2, 3)
    rules = rules_of("playa-pirata")
    check_state_basics(rules, session.state)
    session.state.hand.current = 7
    with pytest.raises(ValueError, match="not seats"):
        check_state_basics(rules, session.state)
