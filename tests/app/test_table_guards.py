"""What the shared table refuses whoever asks: taking back a bot's move."""
from __future__ import annotations

import logging

import pygame

from tests.app.conftest import frames, key, start_table


def test_ctrl_z_during_a_bots_turn_takes_nothing_back(app, caplog):
    # Pirateer bots roll and then move ship by ship: within their turn the rules would allow an undo,
    # and a Ctrl+Z used to take the bot's move back, its next answer became illegal and was replaced
    # by a random move.
    caplog.set_level(logging.ERROR, logger="pgn.table")
    scene = start_table(app, "pirateer", ["easy", "easy"], seed=5)
    pressed = 0
    for _ in range(3000):
        seat = scene.state.current_player
        if seat is not None and scene.session.can_undo(seat):
            before = list(scene.session.actions)
            key(app, pygame.K_z, pygame.KMOD_CTRL)  # (the frame may let the bot play on)
            pressed += 1
            assert scene.session.actions[:len(before)] == before, "a bot's move was taken back"
        else:
            frames(app, 1)
        if pressed >= 5 or scene.finished:
            break
    assert pressed >= 5
    assert not [r for r in caplog.records if "illegal" in r.getMessage()]


def test_a_saved_game_that_is_already_over_opens_on_its_results_and_its_file_goes(app):
    # kill -9 between a game's last save and the deletion of its file leaves a finished game on disk:
    # resuming it must not open a table where nothing can happen any more
    from game import games
    from game.core import saves
    from game.core.bots import RandomBot
    from game.core.session import GameSession, Seat
    from game.scenes.results import ResultsScene
    from game.scenes.setup import resume_scene
    rules = games.get("playa-pirata").package.rules
    seats = [Seat("Anna", "human", None, 0), Seat("Ben", "bot", "easy", 1)]
    session = GameSession.new("playa-pirata", rules, seats, {"match-format": "single-hand"}, 6)
    bots = [RandomBot(0, 1), RandomBot(1, 2)]
    while not session.is_over():
        seat = session.state.current_player
        session.apply(bots[seat].choose(session.view(seat)))
    path = saves.new_save_path("playa-pirata")
    saves.write_json_atomic(path, session.to_save().to_json())
    scene = resume_scene(app, games.get("playa-pirata"), saves.load_save(path), path)
    app.stack.push(scene, fade=False)
    frames(app, 3)
    assert isinstance(app.stack.top, ResultsScene)
    assert scene.finished and not path.exists()
