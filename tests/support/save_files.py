"""Unfinished games on disk for the app's tests: real games, saved to their own files as the app writes them."""
from __future__ import annotations

from pathlib import Path

from game import games
from game.core import saves
from game.core.rng import Rng
from game.core.session import GameSession, Seat


def write_game(game_id: str, names: list[str], moves: int, saved_at: str, seed: int = 4,
               options: dict | None = None) -> Path:
    """A real game of ``game_id`` (the first name a human, the others easy bots) after ``moves`` random legal
    moves, saved to a file of its own in the saves folder and stamped as last played at ``saved_at``."""
    rules = games.get(game_id).package.rules
    seats = [Seat(name, "human" if i == 0 else "bot", None if i == 0 else "easy", i) for i, name in enumerate(names)]
    session = GameSession.new(game_id, rules, seats, options or {}, seed)
    rng = Rng(seed)
    for _ in range(moves):
        legal = session.state.legal_actions()
        if not legal:  # a race: every seat at once, or the round's start
            from game.games.island_race.rules import SYSTEM
            legal = [a for seat in [SYSTEM, *range(len(seats))] for a in session.state.legal_actions(seat)]
        session.apply(legal[rng.below(len(legal))])
    save = session.to_save()
    save.saved_at = saved_at
    path = saves.new_save_path(game_id)
    saves.write_json_atomic(path, save.to_json())
    return path
