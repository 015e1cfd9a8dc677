"""`python main.py --smoke`: open every scene headless for a few frames; exit 0, or 1 naming the scene.

It also starts the bot worker process and asks it for a move, so the packaged executable proves that
its multiprocessing works.
"""
from __future__ import annotations

import os
import sys
import traceback
from typing import Callable

FRAMES = 6


def scene_factories(app) -> list[tuple[str, Callable[[], object]]]:
    """(name, factory) for every scene the app has, for every playable game."""
    from game import games
    from game.core.protocol import Result
    from game.core.session import Seat
    from game.scenes.credits import CreditsScene
    from game.scenes.error import ErrorScene
    from game.scenes.menu import MenuScene
    from game.scenes.results import ResultsScene
    from game.scenes.settings import SettingsScene

    seats = [Seat("Anna", "human", None, 0), Seat("Ben", "bot", "hard", 1)]
    sample = Result.from_scores([21, 17], breakdown=[[("results.points", 21)], [("results.points", 17)]])
    out: list[tuple[str, Callable[[], object]]] = [
        ("menu", lambda: MenuScene(app)),
        ("settings", lambda: SettingsScene(app)),
        ("credits", lambda: CreditsScene(app)),
        ("error", lambda: ErrorScene(app, RuntimeError("smoke test"), app.log_path)),
        ("results", lambda: ResultsScene(app, games.catalog()[0], seats, sample, rematch=None)),
    ]
    out.extend(_race_factories(app))
    out.extend(_glide_factories(app))
    out.extend(_planks_factories(app))
    out.extend(_spanish_main_factories(app))
    for entry in games.catalog():
        if not entry.available:
            continue
        from game.scenes.rules import RulesScene
        from game.scenes.setup import SetupScene, start_game_scene
        from game.scenes.pause import PauseScene
        out.append((f"rules:{entry.id}", lambda e=entry: RulesScene(app, e)))
        out.append((f"setup:{entry.id}", lambda e=entry: SetupScene(app, e)))
        out.append((f"table:{entry.id}", lambda e=entry: start_game_scene(app, e, bots_only=True, seed=1)))
        out.append((f"pause:{entry.id}", lambda e=entry: PauseScene(
            app, start_game_scene(app, e, bots_only=True, seed=2))))
    from game.scenes.saved_games import SavedGamesScene
    out.append(("saves", lambda: SavedGamesScene(app)))  # last: the games opened above are listed
    return out


def _race_factories(app) -> list[tuple[str, Callable[[], object]]]:
    """Island Race in full swing (four islands, the pile, bots' hands moving): the real-time table's
    worst case, which a new game (still counting down "3, 2, 1") does not show."""
    try:
        from game.games.island_race.scene import race_in_progress
    except ImportError:  # the game is not in this build
        return []
    return [("race:island-race", lambda: race_in_progress(app, seed=1))]


def _glide_factories(app) -> list[tuple[str, Callable[[], object]]]:
    """Pirateer with a ship gliding all the time: the board game's worst frame."""
    try:
        from game.games.pirateer.scene import gliding
    except ImportError:  # the game is not in this build
        return []
    return [("glide:pirateer", lambda: gliding(app, seed=1)),
            ("glide8:pirateer", lambda: gliding(app, seed=1, players=8))]    # the fantastic eight's two boards


def _planks_factories(app) -> list[tuple[str, Callable[[], object]]]:
    """Pirates, Planks & Pesetas with a pirate jumping round the ring all the time: its table's worst frame (a
    four-player game some turns in)."""
    from game import games
    entry = next((e for e in games.catalog() if e.id == "planks"), None)
    if entry is None or entry.package is None or entry.package.make_scene is None:
        return []                                   # not in this build
    from game.games.planks.scene import playing
    return [("jump:planks", lambda: playing(app, seed=1, jumping=True))]


def _spanish_main_factories(app) -> list[tuple[str, Callable[[], object]]]:
    """Spanish Main with the row's ships sliding all the time: its table's worst frame (four players some turns
    in). Measured by the bench even while the game is in the shipyard (the table exists)."""
    from game import games
    entry = next((e for e in games.catalog() if e.id == "spanish-main"), None)
    if entry is None or entry.package is None or entry.package.make_scene is None:
        return []                                   # not in this build
    from game.games.spanish_main.scene import playing
    return [("still:spanish-main", lambda: playing(app, seed=1)),
            ("slide:spanish-main", lambda: playing(app, seed=1, sliding=True))]


def run_smoke(lang: str | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if "PGN_HOME" not in os.environ:  # never touch the player's real saves and settings
        import tempfile
        os.environ["PGN_HOME"] = tempfile.mkdtemp(prefix="pgn-smoke-")
    from game.app import App
    app = App(lang=lang, headless=True)
    app.inline_bots = True
    name = "app"
    try:
        for name, factory in scene_factories(app):
            scene = factory()
            app.stack.push(scene)
            for _ in range(FRAMES):
                scene.mark_dirty()
                app._step([])  # unguarded: a failure here must fail the smoke run
            app.stack.scenes.clear()
        name = "bot worker"
        from game.core.worker import self_test
        if not self_test():
            raise RuntimeError("the bot worker did not answer")
    except BaseException as exc:  # noqa: BLE001 - report any failure with the scene's name
        traceback.print_exc()
        print(f"smoke: FAILED in scene '{name}': {exc}", file=sys.stderr)
        return 1
    finally:
        try:
            app.shutdown()
        except Exception:  # noqa: BLE001
            pass
    print("smoke: ok")
    return 0
