"""Every ending in full (issue 16, item 5): a bots-only match of every playable game, played to its results on the
tests' clock, shows each ending screen of a hand, round or game (``ending_shown()``), and each stays — a minute
of nothing changes nothing — until a click on its button (``ending_button()``); only the last click brings the
results. A game added to the catalog is covered by registering it."""
from __future__ import annotations

import pytest

from game import games
from game.core.session import Seat
from tests.app.conftest import click, frames

#: a short match of each game: its own options (fewest hands, no timer where it has one)
SHORT = {"playa-pirata": {"match-format": "two-hands"}, "island-race": {}, "pirateer": {}, "planks": {}}
#: the ending screens each game shows in such a match: every hand's sunset, every round's scoring and summary, the
#: victory
ENDINGS = {"playa-pirata": {"sunset": 2}, "island-race": {"round-scoring": 3, "round-summary": 3}, "pirateer": {"victory": 1},
           "planks": {"round-end": 4, "game-end": 1}, "spanish-main": {"game-end": 1}}


def _playable():
    return [e.id for e in games.catalog() if e.available and e.id != "minigame"]


@pytest.mark.parametrize("game_id", _playable())
def test_a_bots_only_match_shows_every_ending_and_each_waits_for_a_click(app, game_id):
    from game.scenes.menu import MenuScene
    from game.scenes.results import ResultsScene
    from game.scenes.setup import make_table_scene
    entry = games.get(game_id)
    app.stack.push(MenuScene(app), fade=False)
    seats = [Seat(name, "bot", "easy", i) for i, name in enumerate(("Anna", "Ben", "Carla"))]
    scene = make_table_scene(app, entry, seats, dict(SHORT.get(game_id, {})), 7)
    app.stack.push(scene, fade=False)
    if hasattr(scene, "time_scale"):
        scene.time_scale = 10.0                # a real-time race runs its own clock fast in tests
    seen: list[str] = []
    for _ in range(60000):
        if isinstance(app.stack.top, ResultsScene):
            break
        app.clock.advance(0.2)                 # bots' and animations' time goes by faster than frames
        frames(app, 1)
        ending = scene.ending_shown() if app.stack.top is scene else None
        if ending is None:
            continue
        seen.append(ending)
        for _ in range(3000):                  # what the ending reveals step by step, up to its button
            if scene.ending_button() is not None:
                break
            app.clock.advance(0.2)
            frames(app, 1)
        for _ in range(30):                    # a minute of nothing: the ending stays, the results do not come
            app.clock.advance(2.0)
            frames(app, 1)
        assert app.stack.top is scene and scene.ending_shown() == ending
        button = scene.ending_button()
        assert button is not None and button.w > 0
        click(app, button.center)
        frames(app, 3)
    assert isinstance(app.stack.top, ResultsScene), f"{game_id}: no results after {len(seen)} endings"
    assert {name: seen.count(name) for name in set(seen)} == ENDINGS[game_id], f"{game_id}: endings shown {seen}"
    assert scene.state.is_over()
