"""Setting up a real-time game (Island Race): at most two people on one computer, bots for the rest."""
from __future__ import annotations

import dataclasses

import pytest

from game import games
from game.games import GameEntry
from game.games.island_race.rules import RULES
from game.scenes.setup_model import SetupModel, max_humans
from tests.app.conftest import app, click, frames  # noqa: F401 - the app fixture


def test_a_real_time_game_takes_at_most_two_people():
    assert max_humans(RULES) == 2
    assert max_humans(games.get("playa-pirata").package.rules) is None  # turns: any number of people
    model = SetupModel.default(RULES, "en")
    model.set_players(4)
    for seat in model.seats:
        seat.kind = "human"
    assert model.too_many_humans()
    assert any(p.key == "setup.realtime.too_many_humans" and p.kwargs["max"] == 2 for p in model.problems())
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
    assert setup.humans_note.text.key == "setup.realtime.two_humans"  # who plays with what
    click(app, setup.start.rect.center)
    from game.games.island_race.scene import IslandRaceScene
    assert isinstance(app.stack.top, IslandRaceScene)
    assert app.stack.top.mouse_seat == 0 and app.stack.top.key_seat == 1
