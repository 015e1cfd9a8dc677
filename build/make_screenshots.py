"""Render the README's screenshots (docs/screenshots/*.png) from the app as it is now, headless and deterministic.

Every picture is the real App at 1280x720 on the tests' ManualClock (time moves only by frames and by
``clock.advance``), with fixed seeds for the deals and the bots, driven by real pygame events where a player
would click, scroll or press a key. Each shot lets its scene settle (animations ended) before it is saved.
The user folders are a temporary directory: no setting, save or lesson of yours is read or written.
Two runs give the same bytes. About 50 CPU seconds in all (each shot in a fresh App): 42 min of wall
time at nice 19 beside a soak on 2 cores.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python build/make_screenshots.py
        [--out DIR]              where the PNGs go (default docs/screenshots)
        [--only NAME[,NAME]]     just these shots (names without .png: menu, playa-pirata, ...)
        [--lang en|it]           the app's language (default en)
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game import games  # noqa: E402
from game.app import App  # noqa: E402
from game.core.clock import MAX_STEP, TEST_STEP, ManualClock  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.core.session import Seat  # noqa: E402

SIZE = (1280, 720)
NAMES = ("Anna", "Ben", "Carla", "Dario", "Elena", "Franco", "Giulia", "Hugo")


# -- driving the app (as tests/app/conftest.py does) ------------------------------------------------------------
def new_app(lang: str, seed: int) -> App:
    """The real App on the tests' clock: bots think in-process, the same deals and bot choices on every run."""
    app = App(size=SIZE, headless=True, lang=lang, clock=ManualClock())
    app.inline_bots = True
    app.random_bits = Rng(seed).next64
    return app


def frames(app: App, n: int = 1) -> None:
    """n frames, each handing over the events posted so far, as the real loop does."""
    for _ in range(n):
        app.step()
        if not app.running:                # SDL turns Ctrl+C and SIGTERM into a window close: stop here
            raise SystemExit("stopped: the app was asked to quit")


def fast(app: App, on: bool = True) -> None:
    """Frames of the longest step a frame may cover (0.1 s) while a game is played up to its picture: fewer frames
    drawn on the way; the tests' 1/60 s again for the last moments before the picture."""
    app.clock.step = MAX_STEP if on else TEST_STEP


def post(kind: int, **attrs) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def click(app: App, pos) -> None:
    """A real click: motion, press, release."""
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frames(app, 1)


def press(app: App, key: int) -> None:
    post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)
    frames(app, 1)


def settle(app: App, scene=None, limit: int = 3000) -> None:
    """Frames until nothing moves: no fade between scenes, no toast, no clip on the table's timeline."""
    for _ in range(limit):
        timeline = getattr(scene, "timeline", None)
        if app._fade_from is None and not app.toasts.active and not (timeline is not None and timeline.active):
            break
        frames(app, 1)
    frames(app, 2)


def save(app: App, path: Path) -> None:
    """Draw the settled screen once more and write it."""
    for scene in app.stack.visible():
        scene.mark_dirty()
    app.draw()
    pygame.image.save(app.screen, str(path))


def seats_of(kinds) -> list[Seat]:
    """A seat per kind: "human" or a bot level."""
    return [Seat(NAMES[i], "human" if k == "human" else "bot", None if k == "human" else k, i)
            for i, k in enumerate(kinds)]


def open_table(app: App, game_id: str, kinds, seed: int, options=None):
    """A new game's table over the menu, as the setup's Play opens it."""
    from game.scenes.menu import MenuScene
    from game.scenes.setup import make_table_scene
    app.stack.push(MenuScene(app), fade=False)
    scene = make_table_scene(app, games.get(game_id), seats_of(kinds), dict(options or {}), seed)
    app.stack.push(scene, fade=False)
    frames(app, 2)
    return scene


def play_human_turns(app: App, scene, turns: int, level: str = "medium", seat: int = 0, limit: int = 40000) -> None:
    """Bots play their turns; the human seat's moves are chosen by the game's own bot of ``level`` and played
    through the table (``scene.play``), as a click would, until the human's turn has come ``turns`` times. Stops
    at the start of that turn, the table settled (the recap of the others' turns is up, if the game has one)."""
    bot = scene.entry.package.bot(level, seat, 12345)
    seen = 0
    fast(app)
    for _ in range(limit):
        if scene.state.is_over():
            raise RuntimeError(f"{scene.entry.id}: the game ended before the human's turn {turns}")
        if scene.my_turn() == seat and not scene.timeline.blocking:
            seen += 1
            if seen >= turns:
                fast(app, False)
                settle(app, scene)
                return
            while scene.my_turn() == seat and not scene.state.is_over():   # one whole turn of the human
                if not scene.play(bot.choose(scene.state.view(seat))):
                    raise RuntimeError(f"{scene.entry.id}: the table refused the bot's move")
                settle(app, scene)
        if scene.ending_shown() is not None and scene.ending_button() is not None:
            click(app, scene.ending_button().center)   # a round's end waits for its click
        no_move = getattr(scene, "no_move_ok", None)   # Pirateer: a human's roll with no move waits for OK
        if no_move is not None and no_move.visible and scene.no_move_held() is not None:
            click(app, no_move.rect.center)
        app.clock.advance(0.05)            # the bots' pace passes a little faster than the frames
        frames(app, 1)
    raise RuntimeError(f"{scene.entry.id}: the human's turn {turns} never came")


def close_recap(app: App, scene) -> None:
    """OK on "Since your last move", as the player would."""
    if scene.recap.visible:
        click(app, scene.recap.ok_button.rect.center)
        move_pointer_away(app)
        settle(app, scene)


def move_pointer_away(app: App) -> None:
    """The pointer off the window: nothing is hovered, no explanation bubble comes up."""
    post(pygame.MOUSEMOTION, pos=(-10, -10), rel=(0, 0), buttons=(0, 0, 0))
    frames(app, 1)


# -- the shots ---------------------------------------------------------------------------------------------------
def shot_menu(app: App):
    """The main menu as it opens: the five games' tiles."""
    from game.scenes.menu import MenuScene
    app.stack.push(MenuScene(app), fade=False)
    settle(app)


def four_seats_midgame(app: App, game_id: str, turns: int) -> None:
    """Four seats (the human and three medium bots), the human's view after ``turns`` of its turns, recap closed."""
    scene = open_table(app, game_id, ["human", "medium", "medium", "medium"], seed=5)
    play_human_turns(app, scene, turns)
    close_recap(app, scene)


def shot_playa_pirata(app: App):
    """The first hand's fifth round: towels piled on buried treasures."""
    four_seats_midgame(app, "playa-pirata", 5)


def shot_planks(app: App):
    """The third round: pirates on the planks, the chests, the panel's clips."""
    four_seats_midgame(app, "planks", 6)


def shot_island_race(app: App):
    """Four islands growing against the clock; the human's island grows too (its moves are the game's own
    medium bot's, played through the table), and the pointer rests on a pile tile: the lens shows it large."""
    from game.games.island_race.bots import make_agent
    from game.games.island_race.driver import AgentDriver
    scene = open_table(app, "island-race", ["human", "medium", "medium", "medium"], seed=5)
    helper = AgentDriver({0: make_agent("medium", 0, 99)}, scene._agent_view, work_budget=app.clock.budget)
    fast(app)
    for _ in range(20000):
        if scene.stage == "play" and scene.race_now >= 170 and scene.held(0) is None \
                and not scene.timeline.active:
            break
        if scene.stage == "play":
            due = helper.due(scene.race_now)
            if due is not None and scene.act(due[1]) is None:
                helper.applied(0, due[1], scene.race_now)
            elif due is not None:
                helper.dropped(0)
            else:
                helper.think((0,), scene.race_now)
        frames(app, 1)
    fast(app, False)
    scene.time_scale = 0.0                 # the race clock stops here: the picture waits for nothing
    r = scene.round
    slot = next(s for s, p in enumerate(r.pile) if p is not None)
    post(pygame.MOUSEMOTION, pos=scene.L.slots[slot].center, rel=(1, 1), buttons=(0, 0, 0))
    settle(app, scene)


def pirateer_table(app: App, kinds, options=None, turns: int = 8):
    scene = open_table(app, "pirateer", kinds, seed=5, options=options)
    play_human_turns(app, scene, turns)
    return scene


def shot_pirateer(app: App):
    """Four seats, the human's turn 34: the dice rolled, a ship picked with Tab, its square lit."""
    scene = pirateer_table(app, ["human", "medium", "medium", "medium"], turns=9)
    close_recap(app, scene)
    press(app, pygame.K_SPACE)             # the human rolls: the dice on the panel
    settle(app, scene)
    press(app, pygame.K_TAB)               # a ship picked: the squares it may reach light with their dice
    settle(app, scene)


def shot_pirateer_eight(app: App):
    """The fantastic eight: the human rolls its four dice, C centres its fleet, the wheel zooms in closer (2.4x the
    whole sea: the pennants in the seats' colours can be told apart)."""
    scene = pirateer_table(app, ["human"] + ["medium"] * 7, options={"fantastic-eight": True}, turns=3)
    close_recap(app, scene)
    press(app, pygame.K_SPACE)
    settle(app, scene)
    press(app, pygame.K_c)
    settle(app, scene)
    centre = scene.view.rect.center
    post(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(8):
        if scene.view.zoom >= 2.4:
            break
        post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
        frames(app, 1)
    move_pointer_away(app)
    settle(app, scene)


def shot_spanish_main(app: App):
    """Mid-game: the row of ships, the adventure, the notes, the log."""
    four_seats_midgame(app, "spanish-main", 6)


def shot_lesson(app: App):
    """Learn to play Playa Pirata from the menu, Next read twice: the coach at step 3."""
    from game.scenes.coach import open_tutorial
    from game.scenes.menu import MenuScene
    app.stack.push(MenuScene(app), fade=False)
    scene = open_tutorial(app, games.get("playa-pirata"), fresh=True)
    settle(app, scene)
    while scene.coach.index < 2:
        if not scene.coach.waiting_for_next():
            raise RuntimeError(f"the lesson's step {scene.coach.index + 1} asks for a move, not Next")
        click(app, scene.coach.next_button.rect.center)
        settle(app, scene)
    move_pointer_away(app)
    settle(app, scene)


def shot_rules(app: App):
    """Playa Pirata's rules page, scrolled with the wheel to the special cards."""
    from game.scenes.rules import RulesScene
    from game.ui import theme
    entry = games.get("playa-pirata")
    scene = RulesScene(app, entry)
    app.stack.push(scene, fade=False)
    frames(app, 2)
    # where the heading and the cards' picture are on the page: the height of the page made of the paragraphs
    # before them (the scene's own layout)
    paragraphs = scene.paragraphs()
    keys = entry.package.rules_summary

    def height_before(index: int) -> int:
        probe = RulesScene(app, entry)     # (a scene keeps the page it made: a new one each time)
        probe.paragraphs = lambda: paragraphs[:index]
        return probe.page(scene.panel.content_rect.w).get_height()
    heading = height_before(keys.index("pp.rulebook.specials.h"))
    picture_end = height_before(keys.index("@specials") + 1)
    step = theme.px(40)                    # one notch of the wheel
    # the fewest notches that bring the picture's caption into view; the heading too, when both fit
    notches = max(-(-(picture_end - scene.panel.content_rect.h) // step), 0)
    if picture_end - (heading // step) * step <= scene.panel.content_rect.h:
        notches = heading // step
    post(pygame.MOUSEMOTION, pos=scene.panel.content_rect.center, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(notches):
        post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    frames(app, 1)
    move_pointer_away(app)
    settle(app, scene)


def shot_recap(app: App):
    """Pirateer: bots' turns, then the human's: "Since your last move" lists them."""
    scene = pirateer_table(app, ["human", "medium", "medium", "medium"], turns=6)
    if not scene.recap.visible:
        raise RuntimeError("no recap on the human's turn")


def shot_results(app: App):
    """A bots-only Playa Pirata match to its results, each hand's sunset waiting for its click (test_endings)."""
    from game.scenes.results import ResultsScene
    scene = open_table(app, "playa-pirata", ["easy", "easy", "easy"], seed=7)
    fast(app)
    for _ in range(60000):
        if isinstance(app.stack.top, ResultsScene):
            break
        app.clock.advance(0.2)
        frames(app, 1)
        if app.stack.top is scene and scene.ending_shown() is not None and scene.ending_button() is not None:
            click(app, scene.ending_button().center)
    else:
        raise RuntimeError("the match never reached its results")
    fast(app, False)
    move_pointer_away(app)
    settle(app, app.stack.top)


def shot_settings(app: App):
    """Settings, opened from the menu."""
    from game.scenes.menu import MenuScene
    menu = MenuScene(app)
    app.stack.push(menu, fade=False)
    frames(app, 2)
    menu.open_settings()
    settle(app)


SHOTS = {"menu": shot_menu, "playa-pirata": shot_playa_pirata, "planks": shot_planks,
         "island-race": shot_island_race, "pirateer": shot_pirateer, "pirateer-eight": shot_pirateer_eight,
         "spanish-main": shot_spanish_main, "lesson": shot_lesson, "rules": shot_rules, "recap": shot_recap,
         "results": shot_results, "settings": shot_settings}


def render(name: str, out: Path, lang: str) -> float:
    """One shot in a fresh App; returns the seconds it took."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="pgn-shots-") as home:
        os.environ["PGN_HOME"] = home      # settings, saves and lessons of this shot only
        app = new_app(lang, seed=2026)
        try:
            SHOTS[name](app)
            from game.scenes.error import ErrorScene
            crashed = [s.message for s in app.stack.scenes if isinstance(s, ErrorScene)]  # the app's crash guard
            if crashed:
                raise RuntimeError(f"{name}: the app crashed on the way: {crashed[0]}")
            save(app, out / f"{name}.png")
        finally:
            app.shutdown()
    return time.perf_counter() - started


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"), help="output folder")
    parser.add_argument("--only", default="", help="comma-separated shot names: " + ", ".join(SHOTS))
    parser.add_argument("--lang", choices=("en", "it"), default="en")
    args = parser.parse_args(argv)
    names = [n.strip().removesuffix(".png") for n in args.only.split(",") if n.strip()] or list(SHOTS)
    unknown = [n for n in names if n not in SHOTS]
    if unknown:
        parser.error(f"unknown shot(s) {', '.join(unknown)}; known: {', '.join(SHOTS)}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    total = 0.0
    for name in names:
        seconds = render(name, out, args.lang)
        total += seconds
        print(f"{out / (name + '.png')}  ({seconds:.1f} s)", flush=True)
    print(f"{len(names)} screenshot(s) in {total:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
