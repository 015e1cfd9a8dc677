"""Setting up a real-time game (Island Race): one set of controls per person (the mouse, the keyboard, each
connected game controller), bots for the rest."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game import games
from game.games import GameEntry
from game.games.island_race.rules import RULES
from game.scenes.setup_model import SetupModel, max_humans
from tests.app.conftest import app, click, frames  # noqa: F401 - the app fixture


def test_a_real_time_game_takes_two_people_and_one_more_per_controller():
    assert max_humans(RULES) == 2
    assert max_humans(RULES, controllers=1) == 3
    assert max_humans(RULES, controllers=2) == max_humans(RULES, controllers=5) == 4
    assert max_humans(games.get("playa-pirata").package.rules) is None  # turns: any number of people
    model = SetupModel.default(RULES, "en")
    model.set_players(4)
    for seat in model.seats:
        seat.kind = "human"
    assert model.too_many_humans()
    assert any(p.key == "setup.realtime.too_many_humans" and p.kwargs["max"] == 2 and p.kwargs["pads"] == 0
               for p in model.problems())
    model.bots_for_extra_humans()
    assert [s.kind for s in model.active_seats()] == ["human", "human", "medium", "medium"]
    assert not model.problems()


@pytest.fixture
def race_entry():
    from game.games.island_race.scene import make_scene
    base = games.get("island-race")
    entry = GameEntry("island-race-setup", base.pkg, base.name_key, base.pitch_key, base.players, base.minutes,
                      package=dataclasses.replace(base.package, make_scene=make_scene))
    games.register(entry)
    yield entry
    games.unregister(entry.id)


def test_the_setup_explains_and_offers_bots_for_the_other_seats(app, race_entry):
    from game.scenes.setup import SetupScene
    setup = SetupScene(app, race_entry)
    app.stack.push(setup, fade=False)
    setup.set_players(3)
    for i in range(3):
        setup.rows[i].kind.value = "human"
        setup.set_kind(i, "human")
    frames(app, 1)
    assert not setup.start.enabled and setup.bots_button.visible
    assert setup.humans_note.text == setup.model.problems()[0]
    click(app, setup.bots_button.rect.center)
    assert [s.kind for s in setup.model.active_seats()] == ["human", "human", "medium"]
    assert setup.rows[2].kind.value == "medium"
    assert setup.start.enabled and not setup.bots_button.visible
    assert setup.humans_note.text.key == "setup.realtime.inputs"  # who plays with what
    assert setup.humans_note.text.kwargs["list"] == "Anna — mouse, Ben — keyboard"
    click(app, setup.start.rect.center)
    from game.games.island_race.scene import IslandRaceScene
    assert isinstance(app.stack.top, IslandRaceScene)
    assert app.stack.top.mouse_seat == 0 and app.stack.top.key_seat == 1


@pytest.fixture
def one_pad(monkeypatch):
    """One game controller connected, where the setup asks pygame how many there are."""
    count = {"n": 1}
    monkeypatch.setattr(pygame.joystick, "get_count", lambda: count["n"])
    return count


def test_three_people_with_one_controller_and_who_gets_which(app, race_entry, one_pad):
    from game.scenes.setup import SetupScene
    setup = SetupScene(app, race_entry)
    app.stack.push(setup, fade=False)
    assert setup.model.controllers == 1 and setup.model.human_limit() == 3
    setup.set_players(4)
    for i in range(3):
        setup.rows[i].kind.value = "human"
        setup.set_kind(i, "human")
    frames(app, 1)
    assert setup.start.enabled and not setup.bots_button.visible and not setup.model.problems()
    note = setup.humans_note.text
    assert note.key == "setup.realtime.inputs"
    assert note.kwargs["list"] == "Anna — mouse, Ben — keyboard, Clara — controller 1"
    setup.rows[3].kind.value = "human"
    setup.set_kind(3, "human")  # a fourth person: no controller for them
    assert not setup.start.enabled and setup.bots_button.visible
    problem = setup.model.problems()[0]
    assert problem.key == "setup.realtime.too_many_humans" and problem.kwargs == {"max": 3, "pads": 1}
    one_pad["n"] = 2  # a second controller plugged in: the setup counts again
    pygame.event.post(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=1, guid=""))
    frames(app, 1)
    assert setup.start.enabled and setup.model.human_limit() == 4
    assert setup.humans_note.text.kwargs["list"].endswith("Dan — controller 2")
    from game.i18n import set_language, tr
    set_language("it")
    assert "tastiera" in tr(setup.model.inputs()[1][1]) and "controller 2" in tr(setup.model.inputs()[3][1])
    set_language("en")
    one_pad["n"] = 0
    pygame.event.post(pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=7))
    frames(app, 1)
    assert not setup.start.enabled and setup.model.human_limit() == 2


def test_three_people_without_a_controller_are_refused(app, race_entry, monkeypatch):
    from game.scenes.setup import SetupScene
    monkeypatch.setattr(pygame.joystick, "get_count", lambda: 0)
    setup = SetupScene(app, race_entry)
    app.stack.push(setup, fade=False)
    setup.set_players(3)
    for i in range(3):
        setup.rows[i].kind.value = "human"
        setup.set_kind(i, "human")
    frames(app, 1)
    assert not setup.start.enabled and setup.bots_button.visible
    assert setup.model.problems()[0].kwargs == {"max": 2, "pads": 0}


def test_a_turn_based_game_does_not_count_controllers(app, monkeypatch):
    from game.scenes.setup import SetupScene
    monkeypatch.setattr(pygame.joystick, "get_count", lambda: 3)
    setup = SetupScene(app, games.get("playa-pirata"))
    assert setup.model.controllers == 0 and setup.model.human_limit() is None and not setup.model.inputs()
