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
