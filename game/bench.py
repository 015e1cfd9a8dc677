"""`python -m game bench`: the app's speed and memory figures as one JSON object.

- first_frame_s: from starting `python main.py` to the first menu frame on screen (a child process);
- scenes: frame CPU time p50/p99 (ms) of every scene at 1280x720, each frame fully redrawn with the
  mouse moving over it (the worst case: the app only redraws when something changes); the CPU of the thread that
  draws (the autosave thread, which writes the game after each move beside it, has its own);
- search_frame_p99_ms: frame CPU p99 of the menu while the bot worker runs a timed search;
- idle_cpu_share: CPU used by the real loop while nothing happens, as a share of one core;
- peak_rss_mb: peak memory of this process.

``--decisions N`` measures bots instead: a game of ``--game`` at ``--players`` (with ``--option``s) played by
``--bots`` (one level per seat), N decisions a level timed as a player waits for them (wall time on this machine,
each bot at its own time budget), and the engine's ``legal_actions`` on every position a seat chooses from (with
the number of dice rolled): ``{"decisions": {level: {p50_s, p95_s, n}}, "legal_actions": {dice: {p50_ms, p99_ms,
n}}}``.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser("bench", help="measure start time, frame times, idle CPU and memory")
    p.add_argument("--game", help="only this game's scenes")
    p.add_argument("--frames", type=int, default=240, help="frames measured per scene")
    p.add_argument("--idle-seconds", type=float, default=3.0)
    p.add_argument("--decisions", type=int, default=0, help="time N bot decisions a level instead (see --bots)")
    p.add_argument("--players", type=int, default=None, help="with --decisions: seats (default: the lineup's)")
    p.add_argument("--bots", default="hard,medium", help="with --decisions: one level per seat, e.g. hard,medium")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="with --decisions: a game option (values parse as JSON); repeatable")
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(func=run)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, int(round(q / 100.0 * (len(ordered) - 1)))))
    return ordered[k]


def first_frame_seconds(runs: int = 3) -> float:
    """Median over ``runs`` starts after one warm-up start (which also writes the bytecode cache,
    as a player's first launch does)."""
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER="dummy", PGN_FIRST_FRAME_EXIT="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    times = []
    for _ in range(runs + 1):
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, str(ROOT / "main.py")], env=env, capture_output=True,
                              text=True, timeout=60)
        if proc.returncode != 0:
            raise RuntimeError(f"main.py failed: {proc.stderr[-500:]}")
        times.append(time.perf_counter() - start)
    return sorted(times[1:])[len(times[1:]) // 2]


def _measure_scene(app: Any, scene: Any, frames: int) -> list[float]:
    import pygame
    times: list[float] = []
    app.frame_hook = times.append
    app.stack.push(scene, fade=False)
    w, h = app.screen.get_size()
    for i in range(frames + 10):
        pos = (int(w * (0.1 + 0.8 * ((i * 37) % 100) / 100)), int(h * (0.1 + 0.8 * ((i * 53) % 100) / 100)))
        event = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
        scene.mark_dirty()
        app._step([event])
    app.stack.scenes.clear()
    app.frame_hook = None
    return times[10:]


def decisions(game_id: str, lineup: list[str], options: dict[str, Any], wanted: int, seed: int = 1,
              max_games: int = 50) -> dict[str, Any]:
    """Bots' decision times (wall, s) per level and ``legal_actions`` times (ms) by dice rolled, over games of
    ``game_id`` played by ``lineup`` (seats rotated game by game) until every level made ``wanted`` decisions."""
    from game import games
    from game.cli import derive_seed, make_bot
    entry = games.get(game_id)
    package, rules = entry.package, entry.package.rules
    times: dict[str, list[float]] = {level: [] for level in lineup}
    legal: dict[int, list[float]] = {}
    for g in range(max_games):
        if all(len(v) >= wanted for v in times.values()):
            break
        game_seed = derive_seed(seed, g)
        seating = lineup[g % len(lineup):] + lineup[:g % len(lineup)]
        bots = [make_bot(package, level, i, derive_seed(game_seed, i + 1), None) for i, level in enumerate(seating)]
        state = rules.new_game(len(seating), options, game_seed)
        for _ in range(20000):
            if state.is_over() or all(len(v) >= wanted for v in times.values()):
                break
            seat = state.current_players()[0]
            t0 = time.perf_counter()
            state.legal_actions()
            dice = len(getattr(state, "dice", ()) or ())
            legal.setdefault(dice, []).append(time.perf_counter() - t0)
            view = state.view(seat)
            t0 = time.perf_counter()
            action = bots[seat].choose(view)
            spent = time.perf_counter() - t0
            if len(state.legal_actions()) > 1:          # a forced move is no decision
                times[seating[seat]].append(spent)
            state.apply(action)
    return {"decisions": {level: {"p50_s": round(percentile(v, 50), 4), "p95_s": round(percentile(v, 95), 4),
                                  "n": len(v)} for level, v in times.items()},
            "legal_actions": {str(d): {"p50_ms": round(percentile(v, 50) * 1000, 3),
                                       "p99_ms": round(percentile(v, 99) * 1000, 3), "n": len(v)}
                              for d, v in sorted(legal.items())}}


def run(args: argparse.Namespace) -> int:
    if args.decisions:
        from game.cli import parse_option_values
        lineup = [b.strip() for b in args.bots.split(",") if b.strip()]
        if args.players:             # "hard,medium" at 8 players: one hard among seven mediums
            lineup = lineup[: args.players] + [lineup[-1]] * (args.players - len(lineup))
        report = decisions(args.game or "pirateer", lineup, parse_option_values(args.option), args.decisions,
                           args.seed)
        print(json.dumps(report, indent=2))
        return 0
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if "PGN_HOME" not in os.environ:
        import tempfile
        os.environ["PGN_HOME"] = tempfile.mkdtemp(prefix="pgn-bench-")
    report: dict[str, Any] = {"first_frame_s": round(first_frame_seconds(), 3)}
    from game.app import App
    from game.smoke import scene_factories
    app = App(headless=True)
    app.inline_bots = True
    scenes: dict[str, Any] = {}
    for name, factory in scene_factories(app):
        if args.game and ":" not in name:
            continue
        if args.game and not name.endswith(":" + args.game):
            continue
        times = _measure_scene(app, factory(), args.frames)
        scenes[name] = {"p50_ms": round(percentile(times, 50) * 1000, 2),
                        "p99_ms": round(percentile(times, 99) * 1000, 2)}
    report["scenes"] = scenes
    report["search_frame_p99_ms"] = round(_search_frames(app, args.frames) * 1000, 2)
    report["idle_cpu_share"] = round(_idle_share(app, args.idle_seconds), 4)
    try:
        import resource
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        report["peak_rss_mb"] = round(rss / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)
    except ImportError:  # Windows
        report["peak_rss_mb"] = None
    app.shutdown()
    print(json.dumps(report, indent=2))
    return 0


def _search_frames(app: Any, frames: int) -> float:
    """Menu frames while the worker runs a 1-second search, repeated until enough frames are seen."""
    from game.core.worker import benchmark_request
    from game.scenes.menu import MenuScene
    times: list[float] = []
    app.frame_hook = times.append
    scene = MenuScene(app)
    app.stack.push(scene, fade=False)
    benchmark_request(app.worker, seconds=1.0)
    deadline = time.monotonic() + 10
    while len(times) < frames and time.monotonic() < deadline:
        scene.mark_dirty()
        app._step([])
        if app.worker.poll() is not None:
            benchmark_request(app.worker, seconds=1.0)
    app.frame_hook = None
    app.stack.scenes.clear()
    return percentile(times, 99)


def _idle_share(app: Any, seconds: float) -> float:
    """Run the real loop (App.tick) on the menu with no input and measure the CPU it uses."""
    from game.scenes.menu import MenuScene
    app.stack.push(MenuScene(app), fade=False)
    settle = time.perf_counter() + 0.5  # the window's first events (shown, exposed, focus) pass first
    while time.perf_counter() < settle:
        app.tick()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < seconds and app.running:
        app.tick()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    app.stack.scenes.clear()
    return cpu / wall if wall else 0.0
