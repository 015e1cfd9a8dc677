"""The conformance suite catches what it is meant to catch: run on the test card game (registered like a
real game), it passes; the same game with a leaking view, an action that changes the state before it is
refused, a save that loses a field, or a damage the game does not notice, fails with the suite's message."""
from __future__ import annotations

import pytest

from tests.games import test_conformance as suite
from tests.support import minigame


@pytest.fixture
def registered(monkeypatch):
    minigame.register()
    monkeypatch.setattr(suite, "check_text", lambda text, where: None)  # the test game has no catalog
    yield
    minigame.unregister()


def run(players=2, options=None):
    suite.conform("minigame", players, options or {}, n_games=1, samples=6)


@pytest.mark.parametrize("players,options", [(2, {}), (3, {"wagers": True, "hands": 2}), (4, {})])
def test_an_honest_game_passes(registered, players, options):
    run(players, options)


def test_a_view_that_shows_another_hand_fails(registered, monkeypatch):
    honest = minigame.MiniState.view

    def leaky(self, seat):
        v = honest(self, seat)
        v.hands = [list(h) for h in self.hands]
        return v

    monkeypatch.setattr(minigame.MiniState, "view", leaky)
    with pytest.raises(AssertionError, match="can tell the twin apart"):
        run()


def test_a_refused_action_that_changes_the_state_fails(registered, monkeypatch):
    honest = minigame.MiniState.apply

    def sloppy(self, action):
        if not self.is_legal(action):
            self.turn += 1
        honest(self, action)

    monkeypatch.setattr(minigame.MiniState, "apply", sloppy)
    with pytest.raises(AssertionError, match="changed the state"):
        run()


def test_a_state_that_loses_a_field_in_json_fails(registered, monkeypatch):
    honest = minigame.MiniState.to_json

    def forgetful(self):
        data = honest(self)
        data["plays"] = 0
        return data

    monkeypatch.setattr(minigame.MiniState, "to_json", forgetful)
    with pytest.raises(AssertionError):
        run()


def test_a_damage_the_game_does_not_notice_fails(registered, monkeypatch):
    monkeypatch.setattr(minigame.MiniRules, "validate_state", minigame.MatchRules.validate_state)
    with pytest.raises(pytest.fail.Exception, match="DID NOT RAISE"):
        run()


def test_a_bot_that_plays_an_illegal_action_fails(registered, monkeypatch):
    class Cheat:
        def choose(self, view):
            return minigame.EndPlays(view.current_player)    # never legal before a card is played

    monkeypatch.setattr(suite, "make_decider", lambda entry, level, seat, seed: Cheat())
    with pytest.raises(AssertionError, match="chose the illegal"):
        run()


def test_an_action_without_an_event_fails(registered, monkeypatch):
    honest = minigame.MiniState.apply

    def silent(self, action):
        honest(self, action)
        if isinstance(action, minigame.EndPlays):
            self._events[:] = [e for e in self._events if e.kind != "chose"]

    monkeypatch.setattr(minigame.MiniState, "apply", silent)
    with pytest.raises(AssertionError, match="without an event"):
        for players in (2, 3, 4):
            run(players)


def test_a_view_that_tells_another_seat_s_draw_fails(registered, monkeypatch):
    honest = minigame.MiniState.view

    def telling(self, seat):
        v = honest(self, seat)
        v._events = list(self._events)
        return v

    monkeypatch.setattr(minigame.MiniState, "view", telling)
    with pytest.raises(AssertionError, match="holds other events"):
        run()
