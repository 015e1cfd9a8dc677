"""GameSession: apply, illegal actions, undo (BGA policy), listeners, seats, saves."""
from __future__ import annotations

import json

import pytest

from game.core.protocol import IllegalAction
from game.core.session import GameSession, Seat
from tests.support.minigame import DECK, RULES, Discard, Draw, EndPlays, Play

SEATS = [Seat("Anna", "human", None, 0), Seat("Bot", "bot", "easy", 1)]


def new_session(seed: int = 3, **options) -> GameSession:
    return GameSession.new("minigame", RULES, SEATS, options, seed)


def first_play(session: GameSession, seat: int):
    return next(a for a in session.state.legal_actions(seat) if isinstance(a, (Play, Discard)))


def test_new_fills_options_and_deals():
    s = new_session()
    assert s.options == {"wagers": False, "big_hands": False, "hands": 1}
    assert s.players == 2 and s.actions == [] and s.state.current_player == 0
    with pytest.raises(ValueError):
        GameSession.new("minigame", RULES, SEATS * 2, {"big_hands": True}, 1)


def test_apply_records_and_notifies():
    s = new_session()
    calls = []
    s.add_listener(lambda session: calls.append(len(session.actions)))
    action = first_play(s, 0)
    s.apply(action)
    assert s.actions == [action] and calls == [1]


def test_illegal_action_changes_nothing():
    s = new_session()
    calls = []
    s.add_listener(lambda session: calls.append(1))
    before = s.state.to_json()
    with pytest.raises(IllegalAction):
        s.apply(Draw(0, DECK))  # drawing before playing
    with pytest.raises(IllegalAction):
        s.apply(first_play(s, 0).__class__(1, 1))  # not seat 1's turn
    assert s.state.to_json() == before and s.actions == [] and calls == []


def test_undo_within_the_turn_step_by_step():
    s = new_session()
    start = s.state.to_json()
    s.apply(first_play(s, 0))
    after_one = s.state.to_json()
    s.apply(first_play(s, 0))
    assert s.can_undo(0) and not s.can_undo(1)
    s.undo(0)
    assert s.state.to_json() == after_one and len(s.actions) == 1
    s.undo(0)
    assert s.state.to_json() == start and s.actions == []
    assert not s.can_undo(0)


def test_no_undo_past_a_card_drawn_from_the_deck():
    s = new_session()
    s.apply(first_play(s, 0))
    s.apply(first_play(s, 0))
    s.apply(Draw(0, DECK))  # a hidden card revealed to seat 0: barrier
    assert s.state.current_player == 0  # still seat 0's turn (one more draw) ...
    assert not s.can_undo(0)           # ... but the draw cannot be taken back
    with pytest.raises(ValueError):
        s.undo(0)


def test_no_undo_after_the_turn_passed():
    s = new_session()
    s.apply(first_play(s, 0))
    s.apply(EndPlays(0))
    legal = s.state.legal_actions(0)
    pile_draw = [a for a in legal if a.pile != DECK]
    s.apply(pile_draw[0] if pile_draw else legal[0])
    assert s.state.current_player == 1
    assert not s.can_undo(0) and not s.can_undo(1)
    s.apply(first_play(s, 1))
    assert s.can_undo(1) and not s.can_undo(0)


def test_undo_notifies_listeners():
    s = new_session()
    s.apply(first_play(s, 0))
    seen = []
    s.add_listener(lambda session: seen.append(len(session.actions)))
    s.undo(0)
    assert seen == [0]


def test_view_is_the_seat_view():
    s = new_session()
    assert s.view(1).to_json() == s.state.view(1).to_json()


def test_seat_json_round_trip_and_validation():
    for seat in SEATS:
        assert Seat.from_json(json.loads(json.dumps(seat.to_json()))) == seat
    for bad in ({"name": "x", "kind": "alien"}, {"name": "x", "kind": "bot", "level": "god"},
                {"name": 3, "kind": "human"}, {"name": "x", "kind": "human", "level": "easy"}):
        with pytest.raises(ValueError):
            Seat.from_json(bad)


def test_summary_of_a_match():
    s = new_session(hands=3)
    assert s.summary()["hand"] == 1 and s.summary()["hands"] == 3


def test_save_and_resume_round_trip():
    saves = pytest.importorskip("game.core.saves")
    s = new_session(hands=2)
    while len(s.actions) < 12:
        s.apply(s.state.legal_actions()[0])
    data = s.to_save()
    assert data.game_id == "minigame" and len(data.actions) == 12
    loaded = saves.SaveData.from_json(json.loads(json.dumps(data.to_json())))
    back = GameSession.from_save(loaded, RULES)
    assert back.state.to_json() == s.state.to_json()
    assert back.actions == s.actions and back.seats == s.seats and back.options == s.options


def _resumed(s: GameSession) -> GameSession:
    from game.core.saves import SaveData
    return GameSession.from_save(SaveData.from_json(json.loads(json.dumps(s.to_save().to_json()))), RULES)


def test_a_resumed_game_keeps_its_undo_history():
    s = new_session()
    start = s.state.to_json()
    s.apply(first_play(s, 0))
    after_one = s.state.to_json()
    s.apply(first_play(s, 0))
    back = _resumed(s)
    assert back.can_undo(0) and not back.can_undo(1)
    back.undo(0)
    assert back.state.to_json() == after_one and len(back.actions) == 1
    back.undo(0)
    assert back.state.to_json() == start and back.actions == [] and not back.can_undo(0)


def test_a_resumed_game_cannot_undo_past_a_passed_turn_but_can_undo_what_followed():
    s = new_session()
    s.apply(first_play(s, 0))
    s.apply(EndPlays(0))
    legal = s.state.legal_actions(0)
    pile_draw = [a for a in legal if a.pile != DECK]
    s.apply(pile_draw[0] if pile_draw else legal[0])  # the turn passes: barrier
    assert s.state.current_player == 1
    back = _resumed(s)
    assert not back.can_undo(0) and not back.can_undo(1)
    s.apply(first_play(s, 1))
    back = _resumed(s)
    assert back.can_undo(1) and not back.can_undo(0)
    back.undo(1)
    assert not back.can_undo(1) and len(back.actions) == len(s.actions) - 1


def test_resuming_replays_the_saved_actions_once(monkeypatch):
    from game.core import saves
    calls = []
    real = saves.replay
    monkeypatch.setattr(saves, "replay", lambda *a, **k: (calls.append(1), real(*a, **k))[1])
    s = new_session(hands=2)
    while len(s.actions) < 12:
        s.apply(s.state.legal_actions()[0])
    back = _resumed(s)
    assert calls == [1] and back.actions == s.actions and back.state.to_json() == s.state.to_json()
    assert back.bot_seed == s.bot_seed
