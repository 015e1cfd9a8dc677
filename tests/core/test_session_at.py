"""A game that begins at a position built by hand (``GameSession.at``: tutorials and tests) is saved with
that position as its start and resumes exactly where it was, replaying its actions from there."""
from __future__ import annotations

import json

import pytest

from game.core.saves import SaveData, SaveError, restore_state
from game.core.session import GameSession, Seat
from game.games.pirateer import positions
from game.games.pirateer.rules import RULES, Roll

SEATS = [Seat("Anna", "human", None, 0), Seat("Ben", "bot", "easy", 1)]


def built():
    return positions.position(factions=["spanish", "pirates"], ships={"Sp1": (5, 13), "Pi1": (14, 10)},
                              next_rolls=[(3, 4), (6, 6)])


def reread(session: GameSession) -> SaveData:
    return SaveData.from_json(json.loads(json.dumps(session.to_save().to_json())))


def test_a_session_at_a_built_position_resumes_from_it_with_its_actions_and_scripted_dice():
    session = GameSession.at("pirateer", RULES, SEATS, built(), bot_seed=7)
    session.apply(Roll(session.state.current_player))
    assert sorted(session.state.dice) == [3, 4]
    save = reread(session)
    assert save.start is not None and len(save.actions) == 1
    again = GameSession.from_save(save, RULES)
    assert json.dumps(again.state.to_json(), sort_keys=True) == json.dumps(session.state.to_json(), sort_keys=True)
    assert again.start is not None and len(again.actions) == 1


def test_without_its_start_the_same_actions_would_not_replay():
    session = GameSession.at("pirateer", RULES, SEATS, built())
    session.apply(Roll(session.state.current_player))
    data = json.loads(json.dumps(session.to_save().to_json()))
    del data["start"]
    data["snapshot"] = {}
    with pytest.raises(SaveError):          # the seed's deal opens on the fleet choice: no roll there
        restore_state(RULES, SaveData.from_json(data))


def test_a_damaged_start_is_refused_with_a_clear_error():
    session = GameSession.at("pirateer", RULES, SEATS, built())
    data = json.loads(json.dumps(session.to_save().to_json()))
    data["start"]["ships"]["ship-spanish-1"] = [0, 0]      # on land
    data["snapshot"] = {}
    with pytest.raises(SaveError) as caught:
        restore_state(RULES, SaveData.from_json(data))
    assert caught.value.text.key.startswith("persist.save.cannot_replay")


def test_a_position_the_game_refuses_opens_no_session():
    bad = built()
    bad.pos.ships["ship-spanish-1"] = (0, 0)
    with pytest.raises(ValueError):
        GameSession.at("pirateer", RULES, SEATS, bad)
    with pytest.raises(ValueError, match="seats"):
        GameSession.at("pirateer", RULES, SEATS[:1], built())
