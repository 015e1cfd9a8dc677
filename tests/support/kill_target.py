"""The program the kill -9 campaign kills (``tests/test_soak_kill.py``).

    python -m tests.support.kill_target GAME SEED KIND [KIND ...]

Plays a table of GAME headless with its real autosave (``PGN_HOME`` says where: the game's own file in the
saves folder), bots for every seat (KIND: a bot level), and reports on stdout, one line each, flushed at once:

- ``S <path>``: the table's save file (one file per game in the saves folder);
- ``A <n> <ui>``: the n-th action was applied, at the table's clock time ``ui`` (seconds);
- ``W <n> <digest>``: a save with n actions is about to be written;
- ``D <n> <digest>``: that save is on disk (renamed into place);
- ``F <ui>``: a frame ran, at clock time ``ui`` (every tenth frame);
- ``X``: the table's file is about to be deleted (the game ended);
- ``OVER``: the game ended (its file is deleted: a finished game is not resumable).

The digest is a hash of the save's action list, so the parent can tell which write a file came from.
A turn-based game runs on a ManualClock as fast as it can (many saves a second: kills land inside
writes); fsync takes 50 ms as on a slow disk, so many kills land inside the atomic write
(after the temporary file is written, before it is renamed into place); ``--real-time`` runs the system clock at 60 frames a second (Island Race's once-a-second
race autosave is then measured in real seconds).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time


def digest(actions: list) -> str:
    return hashlib.sha256(json.dumps(actions, sort_keys=True).encode()).hexdigest()[:16]


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("seed", type=int)
    parser.add_argument("kinds", nargs="+")
    parser.add_argument("--real-time", action="store_true")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

    from game.core import saves
    from game.core.clock import ManualClock, SystemClock
    from game.core.rng import Rng

    real_write = saves.write_bytes_atomic

    def reporting_write(path, data: bytes) -> None:
        obj = json.loads(data)
        n, d = len(obj.get("actions", [])), digest(obj.get("actions", []))
        say(f"W {n} {d}")
        real_write(path, data)
        say(f"D {n} {d}")

    saves.write_bytes_atomic = reporting_write  # type: ignore[assignment]
    real_fsync = os.fsync

    def slow_fsync(fd: int) -> None:  # a slow disk: the write is still under way for a while
        time.sleep(0.05)
        real_fsync(fd)

    os.fsync = slow_fsync  # type: ignore[assignment]
    real_clear = saves.AutosaveWriter.clear

    def reporting_clear(self) -> None:  # a finished or abandoned game's file is about to be deleted
        say("X")
        real_clear(self)

    saves.AutosaveWriter.clear = reporting_clear  # type: ignore[method-assign]

    from game import games
    from game.app import App
    from game.core.session import Seat
    from game.scenes.menu import MenuScene
    from game.scenes.setup import make_table_scene

    app = App(headless=True, lang="en", clock=SystemClock() if args.real_time else ManualClock())
    app.inline_bots = True
    app.bot_delay = 0.0
    app.fps = 60
    app.random_bits = Rng(args.seed ^ 0xB07).next64
    app.stack.push(MenuScene(app), fade=False)
    seats = [Seat(f"Bot {i + 1}", "bot", kind, i) for i, kind in enumerate(args.kinds)]
    scene = make_table_scene(app, games.get(args.game), seats, {}, args.seed)
    app.stack.push(scene, fade=False)
    say(f"S {scene.save_path}")
    session = scene.session
    seen = len(session.actions)
    frame = 0
    start = time.monotonic()
    while app.running and time.monotonic() - start < 120:
        app.step([])
        frame += 1
        ui = getattr(scene, "ui_time", app.clock.now())
        while len(session.actions) > seen:
            seen += 1
            say(f"A {seen} {ui:.4f}")
        if frame % 10 == 0:
            say(f"F {ui:.4f}")
        if scene.finished:
            say("OVER")  # a finished game is not resumable: its file is deleted
            break
    say("END")
    app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
