"""Learn to play (issue 15, item 1): the coach on a real table — what it says and points at, the one move
it takes, its scripted replies, Next, Skip, and its own file that a resumed lesson starts from. Driven on the
tests' card game with real pygame events."""
from __future__ import annotations

import json

import pygame
import pytest

from game.core.protocol import Text
from tests.app.conftest import click, frames, toasts


def lesson():
    from game.scenes.coach import Step, Tutorial
    from tests.support.minigame import RULES, Discard, Draw, EndPlays, Play

    def first_legal(state):
        return state.legal_actions()[0]
    return Tutorial(
        game_id="minigame",
        start=lambda rules: RULES.new_game(2, {}, 4),
        seats=[("Anna", "human"), ("Ben", "easy")],
        steps=[
            Step(Text.of("mg.coach.welcome"), name="welcome"),
            Step(Text.of("mg.coach.play"), expect=lambda a: isinstance(a, (Play, Discard)),
                 point=lambda scene: scene.hand[0].rect, after=Text.of("mg.coach.played"), name="play"),
            Step(Text.of("mg.coach.stop"), expect=lambda a: isinstance(a, EndPlays), name="stop"),
            Step(Text.of("mg.coach.draw"), expect=lambda a: isinstance(a, Draw), name="draw"),
            Step(Text.of("mg.coach.watch"), bot=first_legal, name="ben"),
            Step(Text.of("mg.coach.end"), name="end"),
        ],
        action_types=("mg.play", "mg.end_plays", "mg.draw"))


def _open(app, minigame_entry, fresh=True):
    from game.scenes.coach import open_tutorial
    from game.scenes.menu import MenuScene
    app.stack.push(MenuScene(app), fade=False)
    scene = open_tutorial(app, minigame_entry, lesson(), fresh=fresh)
    frames(app, 3)
    return scene


def _button(scene, kind):
    return next(b for b in scene.action_buttons() if b.action.kind == kind)


def test_the_coach_takes_only_the_move_it_teaches_and_explains_it(app, minigame_entry):
    scene = _open(app, minigame_entry)
    coach = scene.coach
    assert coach.step.name == "welcome" and coach.waiting_for_next()
    click(app, scene.action_buttons()[0].rect.center)                       # a move, too early
    frames(app, 1)
    assert scene.session.actions == [] and "Next" in toasts(app)           # read first, then Next
    click(app, coach.next_button.rect.center)
    frames(app, 2)
    assert coach.step.name == "play"
    ring = coach.step.point(scene)
    assert ring == scene.hand[0].rect                                        # it points at the card to play
    click(app, next(b for b in scene.action_buttons() if b.action.kind in ("mg.play", "mg.discard")).rect.center)
    frames(app, 2)
    assert len(scene.session.actions) == 1 and coach.explaining              # what just happened, then Next
    click(app, coach.next_button.rect.center)
    frames(app, 2)
    assert coach.step.name == "stop"
    wrong = next(b for b in scene.action_buttons() if b.action.kind in ("mg.play", "mg.discard"))
    click(app, wrong.rect.center)
    frames(app, 1)
    assert len(scene.session.actions) == 1 and "this lesson asks for another" in toasts(app)  # legal, not now
    assert coach.nudge > 0                                                   # ... and the panel glows
    click(app, _button(scene, "mg.end_plays").rect.center)
    frames(app, 2)
    click(app, _button(scene, "mg.draw").rect.center)
    frames(app, 120)
    assert coach.step.name == "ben" and coach.waiting_for_next()            # Ben's turn is announced first ...
    assert scene.state.current_player == 1 and all(a.seat == 0 for a in scene.session.actions)  # ... he waits
    click(app, coach.next_button.rect.center)
    for _ in range(120):                                                     # Next: Ben's scripted turn
        frames(app, 1)
        if coach.step is not None and coach.step.name == "end":
            break
    assert coach.step.name == "end" and scene.state.current_player == 0
    assert {"mg.end_plays", "mg.draw"} <= coach.used and coach.used & {"mg.play", "mg.discard"}
    ben = [a for a in scene.session.actions if a.seat == 1]
    assert ben and all(a.kind in ("mg.play", "mg.discard", "mg.end_plays", "mg.draw") for a in ben)


def test_a_lesson_lives_in_its_own_file_resumes_where_it_was_and_skip_returns_to_the_menu(app, minigame_entry):
    from game import paths
    from game.core import saves
    from game.scenes.menu import MenuScene
    scene = _open(app, minigame_entry)
    click(app, scene.coach.next_button.rect.center)
    frames(app, 2)
    click(app, next(b for b in scene.action_buttons() if b.action.kind in ("mg.play", "mg.discard")).rect.center)
    frames(app, 2)
    path = scene.tutorial_file
    data = json.loads(path.read_text())
    assert path.parent.name == "tutorials" and data["step"] == 1 and len(data["actions"]) == 1
    assert path.parent == paths.data_dir() / "tutorials"
    assert not list(saves.saves_dir().glob("*.json"))                          # never among the saved games
    click(app, scene.coach.skip_button.rect.center)
    frames(app, 2)
    assert isinstance(app.stack.top, MenuScene) and path.exists()
    again = _open(app, minigame_entry, fresh=False)
    assert again.coach.index == 1 and len(again.session.actions) == 1           # resumed where it was
    assert again.coach.explaining is True                                  # its move had landed: Next
    pygame.event.clear()


def test_learn_to_play_is_offered_in_setup_where_the_game_has_a_lesson(app, minigame_entry, monkeypatch):
    from game.scenes import coach as coach_module
    from game.scenes.setup import SetupScene
    plain = SetupScene(app, minigame_entry)
    assert not plain.learn_button.visible                                  # no lesson: no button
    monkeypatch.setattr(coach_module, "tutorial_of", lambda entry, name=None: lesson())
    setup = SetupScene(app, minigame_entry)
    app.stack.push(setup, fade=False)
    frames(app, 2)
    assert setup.learn_button.visible and setup.learn_button in setup.all_widgets()
    click(app, setup.learn_button.rect.center)
    frames(app, 3)
    table = app.stack.top
    assert getattr(table, "coach", None) is not None and table.coach.step.name == "welcome"



def test_learn_to_play_is_on_the_menu_tile_of_each_game_with_a_lesson(app):
    """Issue 15, item 1: the lesson is offered on the game's menu tile (and only where there is one)."""
    from game.scenes.coach import tutorial_of
    from tests.app.conftest import open_menu
    menu = open_menu(app)
    with_lesson = {tile.entry.id for tile in menu.learn_buttons}
    assert with_lesson == {t.entry.id for t in menu.tiles if t.entry.available and tutorial_of(t.entry)}
    assert "playa-pirata" in with_lesson
    tile = next(t for t in menu.learn_buttons if t.entry.id == "playa-pirata")
    button = menu.learn_buttons[tile]
    assert tile.rect.contains(button.rect)                                   # on its tile
    click(app, button.rect.center)
    frames(app, 3)
    table = app.stack.top
    assert getattr(table, "coach", None) is not None and table.session.game_id == "playa-pirata"


def test_a_bot_step_announces_the_turn_waits_for_next_then_tells_what_the_bot_did(app, minigame_entry):
    """A newcomer saw bot turns go by unread: the announcement waits for Next, the bot's moves follow, and the
    step's ``after`` then waits for Next too; a move of the learner meanwhile is refused with a reason."""
    import dataclasses

    from game.core.protocol import Text as T
    from game.scenes.coach import Coach, Step
    from game.scenes.coach import open_tutorial
    from game.scenes.menu import MenuScene
    from tests.support.minigame import RULES
    plan = lesson()
    steps = list(plan.steps)
    steps[4] = Step(T.of("mg.coach.watch"), bot=lambda state: state.legal_actions()[0], after=T.of("mg.coach.played"),
                    point=lambda scene: [scene.hand[0].rect, scene.hand[1].rect], name="ben")
    plan = dataclasses.replace(plan, steps=steps)
    app.stack.push(MenuScene(app), fade=False)
    scene = open_tutorial(app, minigame_entry, plan, fresh=True)
    frames(app, 3)
    coach = scene.coach
    click(app, coach.next_button.rect.center)
    frames(app, 2)
    click(app, next(b for b in scene.action_buttons() if b.action.kind in ("mg.play", "mg.discard")).rect.center)
    frames(app, 2)
    click(app, coach.next_button.rect.center)
    frames(app, 2)
    click(app, _button(scene, "mg.end_plays").rect.center)
    frames(app, 2)
    click(app, _button(scene, "mg.draw").rect.center)
    frames(app, 60)
    assert coach.step.name == "ben" and not coach.released and scene.state.current_player == 1
    mine = len(scene.session.actions)
    assert len(coach.step.point(scene)) == 2                                 # two things ringed
    click(app, coach.next_button.rect.center)
    for _ in range(200):
        frames(app, 1)
        if coach.explaining:
            break
    assert coach.step.name == "ben" and coach.explaining and scene.state.current_player == 0
    assert len(scene.session.actions) > mine                                 # Ben played ...
    assert coach.waiting_for_next()                                          # ... and what he did waits for Next
    data = json.loads(scene.tutorial_file.read_text())
    assert data["explaining"] is True
    click(app, coach.next_button.rect.center)
    frames(app, 2)
    assert coach.step.name == "end"
    pygame.event.clear()


def test_a_lessons_results_offer_a_real_game_from_its_setup_not_a_rematch_of_the_lesson(app, minigame_entry):
    from game.scenes.menu import MenuScene
    from game.scenes.results import ResultsScene
    from game.scenes.setup import SetupScene
    scene = _open(app, minigame_entry)
    scene.show_results()
    frames(app, 2)
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    first = results.buttons.children[0]
    assert first.text == Text.of("results.play_for_real")
    click(app, first.rect.center)
    frames(app, 3)
    assert isinstance(app.stack.top, SetupScene) and app.stack.top.entry.id == "minigame"
    assert isinstance(app.stack.scenes[-2], MenuScene)
    pygame.event.clear()


def test_in_a_lesson_the_pause_menu_leaves_it_for_later_or_starts_it_over(app, minigame_entry):
    from game.scenes.menu import MenuScene
    from game.scenes.pause import PauseScene
    from tests.app.conftest import find_button, key
    scene = _open(app, minigame_entry)
    click(app, scene.coach.next_button.rect.center)
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    for absent in ("pause.save_quit", "pause.abandon"):                 # a lesson is never a saved game
        with pytest.raises(AssertionError):
            find_button(pause, absent)
    click(app, find_button(pause, "pause.lesson_restart").rect.center)
    frames(app, 3)
    again = app.stack.top
    assert again is not scene and again.coach.index == 0 and again.session.actions == []   # from the start
    click(app, again.coach.next_button.rect.center)
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    click(app, find_button(app.stack.top, "pause.lesson_leave").rect.center)
    frames(app, 2)
    assert isinstance(app.stack.top, MenuScene) and "Resume the lesson" in toasts(app)
    assert json.loads(again.tutorial_file.read_text())["step"] == 1                      # kept for later
    pygame.event.clear()


def test_the_menu_tile_says_whether_its_lesson_is_new_waiting_or_learnt(app):
    from game.scenes.coach import mark_lesson_done, tutorial_path
    from tests.app.conftest import open_menu
    menu = open_menu(app)
    button = next(b for t, b in menu.learn_buttons.items() if t.entry.id == "playa-pirata")
    assert button.text == Text.of("coach.learn")
    tutorial_path("playa-pirata").write_text("{}", encoding="utf-8")          # a lesson left half-way
    menu.enter()
    assert button.text == Text.of("coach.learn_resume")
    tutorial_path("playa-pirata").unlink()
    mark_lesson_done("playa-pirata")                                           # played to its end once
    menu.enter()
    assert button.text == Text.of("coach.learn_done")


def test_the_panels_buttons_explain_themselves_a_bot_waits_for_watch_and_replies_never_cover_next(app, minigame_entry):
    """Second newcomer round: a bot step's button says Watch and the table says the bot waits for it (not
    "thinking"); F1 on the panel's buttons explains them; a refusal's toast stands clear of Next; the last step
    has no Skip lesson."""
    from tests.app.conftest import key
    scene = _open(app, minigame_entry)
    coach = scene.coach
    click(app, coach.next_button.rect.center)
    frames(app, 2)
    click(app, next(b for b in scene.action_buttons() if b.action.kind in ("mg.play", "mg.discard")).rect.center)
    frames(app, 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=coach.next_button.rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app, 1)
    key(app, pygame.K_F1)
    frames(app, 1)
    assert scene._explaining()[1] == Text.of("coach.explain.next")          # what the panel's button does
    click(app, coach.next_button.rect.center)
    frames(app, 2)
    click(app, _button(scene, "mg.end_plays").rect.center)
    frames(app, 2)
    click(app, next(b for b in scene.action_buttons() if b.action.kind in ("mg.play", "mg.discard")).rect.center
          if any(b.action.kind == "mg.play" for b in scene.action_buttons()) else _button(scene, "mg.draw").rect.center)
    frames(app, 2)
    assert not app.toasts.rect.colliderect(coach.next_button.rect) or not coach.waiting_for_next()
    while coach.step.name != "ben":
        click(app, _button(scene, "mg.draw").rect.center)
        frames(app, 2)
    frames(app, 30)
    assert coach.next_button.text == Text.of("coach.watch")                  # the bot waits for Watch ...
    assert scene.status_text() == tr_(Text.of("coach.bot_waits", name="Ben"))   # ... and the table says so
    click(app, coach.next_button.rect.center)
    for _ in range(200):
        frames(app, 1)
        if coach.step.name == "end":
            break
    assert coach.step.name == "end" and coach.index == len(coach.tutorial.steps) - 1
    assert not coach.skip_button.visible                                     # the last words: no Skip lesson
    pygame.event.clear()


def tr_(text):
    from game.i18n import tr
    return tr(text)


def test_a_refusals_toast_stands_clear_of_the_lessons_panel(app, minigame_entry):
    scene = _open(app, minigame_entry)
    coach = scene.coach
    click(app, scene.action_buttons()[0].rect.center)                       # a move during the welcome
    frames(app, 2)
    assert app.toasts.active
    area = app.toasts.rect
    assert not area.colliderect(coach.next_button.rect) and not area.colliderect(coach.rect.inflate(0, -40))
    pygame.event.clear()


def test_each_playable_games_tile_has_a_play_button_opening_its_setup(app):
    from game.scenes.setup import SetupScene
    from tests.app.conftest import open_menu
    menu = open_menu(app)
    tile = next(t for t in menu.tiles if t.entry.id == "pirateer")
    play = menu.play_buttons[tile]
    assert tile.rect.contains(play.rect) and play.rect.bottom <= menu.learn_buttons[tile].rect.top
    assert all(not b.rect.colliderect(t.rect) for t in menu.tiles for b in menu.buttons.children if b.visible)
    click(app, play.rect.center)
    frames(app, 3)
    assert isinstance(app.stack.top, SetupScene) and app.stack.top.entry.id == "pirateer"


def test_a_lesson_whose_map_is_broken_says_so_and_opens_nothing(app, monkeypatch):
    """Found by the soak's bad assets: Learn to play with Pirateer's map damaged crashed the app (the Start button
    said so by name, the lesson did not). The lesson now names the broken file and the setup stays."""
    from game import games
    from game.games.pirateer import tutorial
    from game.paths import AssetError
    from game.scenes.setup import SetupScene
    from tests.app.conftest import open_menu

    def broken(*args, **kwargs):
        raise AssetError("assets/maps/pirateer.tmx", "cannot read map pirateer.tmx")
    monkeypatch.setattr(tutorial, "position", broken)
    open_menu(app)
    setup = SetupScene(app, games.get("pirateer"))
    app.stack.push(setup, fade=False)
    frames(app, 2)
    click(app, setup.learn_button.rect.center)
    frames(app, 3)
    assert app.stack.top is setup
    assert "pirateer.tmx" in toasts(app)


def test_a_ring_round_a_target_at_the_windows_edge_is_drawn_whole_inside_the_window(app, minigame_entry):
    """A lesson may point at what touches the window's top or left edge (Island Race's timer, a corner card): its
    ring runs just inside the window there, never off it."""
    from game.ui import palette
    scene = _open(app, minigame_entry)
    coach = scene.coach
    target = pygame.Rect(0, 0, 200, 40)
    coach.step.point = lambda _scene: target
    surface = pygame.Surface(app.screen.get_size())
    surface.fill((0, 0, 0))
    coach.draw(surface, scene)

    def gold(x, y):
        return tuple(surface.get_at((x, y)))[:3] == palette.GOLD
    assert any(gold(100, y) for y in range(0, 20))        # the ring's top edge, above the target's middle
    assert any(gold(x, 20) for x in range(0, 20))         # its left edge, beside it
    assert any(gold(100, y) for y in range(40, 60))       # and its bottom edge, as for any target
