"""Learn to play Playa Pirata (issue 15, item 1): the lesson played through on the real table with real pygame
events — each step's pointed card dragged to where the coach's ring then goes, towels clicked into a group,
the End turn and Show my towels buttons pressed, Next read, the bot's scripted turns waited for — up to the
sunset; a wrong move refused in the coach's words; Skip, then Learn to play again, resumes at the same step;
every text in both catalogs."""
from __future__ import annotations

import pygame
import pytest

from game import games
from game.games.playa_pirata import tutorial as lesson
from game.games.playa_pirata.rules import PlayPirate
from game.scenes.results import ResultsScene
from tests.support.coach_run import lesson_steps, open_lesson as open_lesson_of, press_next, resize_to
from tests.app.conftest import app, click, frames, toasts  # noqa: F401 - the app fixture

ENTRY = "playa-pirata"


def open_lesson(app, fresh=True):
    return open_lesson_of(app, ENTRY, fresh)


def settle(app, scene, limit=400):
    """Frames until nothing moves on the table (cards gliding, a bot's reply on the way)."""
    for _ in range(limit):
        frames(app, 1)
        if not scene.timeline.blocking and not scene.flying and scene.drag.held is None:
            return
    raise AssertionError("the table never settled")


def pointed(scene):
    """The rects the step rings now, as a list (a card to drag first, where it goes last)."""
    step = scene.coach.step
    target = step.point(scene) if step.point is not None else None
    return target if isinstance(target, list) else [target] if target is not None else []


def sprite_at(scene, rect):
    return next((s for s in scene.hand_sprites if s.rect == rect), None)


def grab_point(sprite):
    """A point of a hand card that no card drawn after it covers (the fanned towels overlap to the right)."""
    return (sprite.rect.x + 6, sprite.rect.centery)


def drag_to_the_ring(app, scene, start):
    """Press on ``start``, move past the drag threshold, then carry the card to where the ring points now
    (the sand, a treasure) and let go: a real drag through the event queue."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    lifted = (start[0], start[1] - 30)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=lifted, rel=(0, -30), buttons=(1, 0, 0)))
    frames(app, 1)
    assert scene.drag.dragging is not None, "the drag did not start"
    end = pointed(scene)[-1].center                   # while a card is carried, the ring is where it goes
    for k in range(1, 7):
        pos = (lifted[0] + (end[0] - lifted[0]) * k // 6, lifted[1] + (end[1] - lifted[1]) * k // 6)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, 2)


def play_step(app, scene):
    """What a learner does at the coach's step: read and press Next, wait for the bot, or do the move the
    ring points at — drag the card, click the towels one by one then drag the group, press the button."""
    coach = scene.coach
    step = coach.step
    if step.bot is not None and not coach.explaining:
        if coach.waiting_for_next():                  # the bot's turn is announced: read, then Next
            click(app, coach.next_button.rect.center)
            frames(app, 1)
        for _ in range(2000):
            frames(app, 1)
            if coach.step is not step or coach.explaining:
                return
        raise AssertionError(f"the bot's step {step.name} never ended")
    if step.expect is None or coach.explaining:
        press_next(app, scene, 600, after=1)           # a step on the sunset: Next once it is on screen
        return
    settle(app, scene)
    rings = pointed(scene)
    assert rings, f"step {step.name} points at nothing"
    target = rings[0]
    for button in (scene.end_button, scene.show_button):
        if button.visible and target == button.rect:
            click(app, button.rect.center)
            settle(app, scene)
            return
    sprite = sprite_at(scene, target)
    assert sprite is not None, f"step {step.name} points at {target}, not a card of the hand"
    if sprite.payload.kind == "towel":
        spot = rings[-1]
        assert spot in scene.spot_rects, "the towel is ringed with the treasure it goes to"
        for _ in range(6):                             # click the towel pointed at, until the ring goes to the treasure
            sprite = sprite_at(scene, pointed(scene)[0])
            if sprite is None:
                break
            assert pointed(scene)[-1] == spot
            click(app, grab_point(sprite))
            frames(app, 1)
        assert pointed(scene) == [spot], "the group is gathered: the ring is on the treasure alone"
        held = next(s for s in scene.hand_sprites if s.payload.card in scene.selected)
        drag_to_the_ring(app, scene, grab_point(held))
    else:
        if step.name == "bury":                        # the 7 and the open sand it goes to
            assert rings == [sprite.rect, scene.burial_sand()]
        drag_to_the_ring(app, scene, grab_point(sprite))
    settle(app, scene)


def test_the_lesson_plays_through_with_real_gestures(app):
    from game.core.saves import saves_dir
    scene = open_lesson(app)
    coach = scene.coach
    tutorial = coach.tutorial
    assert tutorial is lesson.TUTORIAL and coach.index == 0
    assert [s.name for s in scene.session.seats] == ["Red", "Blue"]
    on_sunset = {}
    for _ in lesson_steps(scene, 200):
        if scene.state.is_over():                                    # the last steps talk over the sunset
            frames(app, 1)
            assert not isinstance(app.stack.top, ResultsScene), coach.step.name
            assert scene.hand_end is not None and scene.sunset is not None, coach.step.name
            on_sunset[coach.step.name] = (scene.breakdown_held(), coach.rect.copy())
        play_step(app, scene)
    # the sunset: the beach turned over first (the breakdown held back), then the breakdown's rows, the
    # coach in the log's column beside it; only the coach's last Next shows the results
    assert list(on_sunset) == ["takers", "values", "scores", "done"]
    assert [held for held, _ in on_sunset.values()] == [True, True, False, False]
    assert all(scene.logpanel.rect.contains(rect) for _, rect in on_sunset.values())
    assert not scene.breakdown_rect.colliderect(on_sunset["scores"][1])
    from game.games.playa_pirata.cards import TREASURE_KIND, TREASURE_VALUE
    turned = [(TREASURE_KIND[t], TREASURE_VALUE[t]) for t in scene.sunset.treasures]   # every one turned over
    assert [kind for kind, _ in turned] == ["number", "number", "towel", "skull", "number", "skull"]
    assert [turned[i][1] for i in (lesson.CENTRAL, lesson.FOUR, lesson.SEVEN)] == [6, 4, 7]
    state = scene.state
    assert tutorial.scoring(state)                                   # the sunset: the hand is scored
    assert state.last_hand.scores == [19, 15]                        # what the coach announced
    assert set(tutorial.action_types) == {t.kind for t in state.rules.action_types} - \
        {"pp.position", "pp.draft", "pp.special"}                   # all but the variants' (said in the lesson)
    # the learner's moves were the lesson's, Blue's its script's
    red = [a for a in scene.session.actions if a.seat == 0]
    assert [a.kind for a in red] == ["pp.bury", "pp.towels", "pp.towels", "pp.end", "pp.pirate", "pp.towels",
                                     "pp.end", "pp.pirate", "pp.show", "pp.end", "pp.towels", "pp.end"]
    assert any(isinstance(a, PlayPirate) and a.card.endswith("spyglass") for a in scene.session.actions)
    frames(app, 30)
    assert isinstance(app.stack.top, ResultsScene)
    assert not list(saves_dir().glob("*"))                           # nothing among the saved games
    assert not scene.tutorial_file.exists()                          # a finished lesson starts afresh


def test_a_wrong_move_is_refused_in_the_coachs_words_and_changes_nothing(app):
    scene = open_lesson(app)
    coach = scene.coach
    while coach.step.name != "map":
        play_step(app, scene)
    settle(app, scene)
    before = (len(scene.session.actions), scene.state.to_json(), coach.index)
    umbrella = next(s for s in scene.hand_sprites if s.payload.card == "pirate-red-umbrella")
    seven = scene.spot_rects[lesson.SEVEN]
    assert scene.state.check(PlayPirate(0, "pirate-red-umbrella", lesson.SEVEN)) is None  # legal, not now
    from tests.app.conftest import drag
    drag(app, grab_point(umbrella), seven.center)
    settle(app, scene)
    assert (len(scene.session.actions), scene.state.to_json(), coach.index) == before
    assert "this lesson asks for another" in toasts(app) and coach.nudge > 0   # legal, not now: the panel glows
    assert not coach.explaining and coach.step.name == "map"
    pygame.event.clear()
    one = next(s for s in scene.hand_sprites if getattr(s.payload, "card", "").startswith("towel"))
    drag(app, grab_point(one), seven.center)                         # an illegal move: the rule's own reason
    settle(app, scene)
    assert (len(scene.session.actions), scene.state.to_json(), coach.index) == before
    from game.i18n import tr
    from game.core.protocol import Text
    assert toasts(app).split("\n")[-1] == tr(Text.of("pp.reason.step_a_first"))   # the rule, not the lesson
    play_step(app, scene)                                            # the right move still goes
    assert coach.explaining and scene.state.hand.beach[lesson.CENTRAL].face_up


def test_skip_then_learn_to_play_again_resumes_at_the_same_step(app):
    from game.core.saves import saves_dir
    from game.scenes.menu import MenuScene
    from game.scenes.setup import SetupScene
    scene = open_lesson(app)
    coach = scene.coach
    while coach.step.name != "end":
        play_step(app, scene)
    index, actions = coach.index, list(scene.session.actions)
    click(app, coach.skip_button.rect.center)
    frames(app, 3)
    assert isinstance(app.stack.top, MenuScene) and scene.tutorial_file.exists()
    assert not list(saves_dir().glob("*"))
    setup = SetupScene(app, games.get(ENTRY))
    app.stack.push(setup, fade=False)
    frames(app, 2)
    assert setup.learn_button.visible
    click(app, setup.learn_button.rect.center)
    frames(app, 3)
    again = app.stack.top
    assert again is not scene and again.coach is not None
    assert again.coach.index == index and again.coach.step.name == "end"
    assert list(again.session.actions) == actions
    assert len(again.state.hand.beach) == 5 and again.state.hand.beach[lesson.SEVEN].pile  # the 7, covered
    play_step(app, again)                                            # and the lesson goes on from there
    assert again.coach.step.name == "blue1"


def test_skip_while_the_coach_explains_resumes_with_the_explanation(app):
    from game.scenes.coach import open_tutorial
    scene = open_lesson(app)
    coach = scene.coach
    while not (coach.step.name == "bury" and coach.explaining):
        play_step(app, scene)
    click(app, coach.skip_button.rect.center)
    frames(app, 3)
    again = open_tutorial(app, games.get(ENTRY))
    frames(app, 3)
    assert again.coach.step.name == "bury" and again.coach.explaining   # Next, not a 7 that is gone


def test_undo_is_not_offered_in_the_lesson(app):
    scene = open_lesson(app)
    coach = scene.coach
    while coach.step.name != "second":
        play_step(app, scene)
    settle(app, scene)
    assert not (scene.undo_button.visible and scene.undo_button.enabled)


@pytest.mark.parametrize("size,lang", [((1280, 720), "en"), ((960, 540), "en"), ((1280, 720), "it"),
                                       ((960, 540), "it")])
def test_the_coachs_panel_covers_neither_the_treasures_nor_the_burial_sand_nor_what_it_points_at(app, size, lang):
    """Issue 15: the panel covered half of the sand where the lesson buries the 7. At both window sizes, at
    every step: the panel is on screen, clear of every treasure and the Pirates played pile (on the sunset:
    beside the breakdown, in the log's column), of the sand the ring shows for burying, and of every rect
    the step points at; every pointed rect is on screen."""
    from game.i18n import set_language
    set_language(lang)                                               # (the app fixture sets English back)
    scene = open_lesson(app)
    resize_to(app, size)
    coach = scene.coach
    screen = app.screen.get_rect()
    checked = set()
    for _ in range(200):
        if coach.done:
            break
        for _ in range(600):                                         # a step on the sunset: once it is there
            if coach.step.ready is None or coach.waiting_for_next():
                break
            frames(app, 1)
        if coach.waiting_for_next() or coach.step.expect is not None:
            frames(app, 1)
            panel = coach.rect
            name = coach.step.name
            assert screen.contains(panel), name
            if scene.hand_end is None:
                kept = list(scene.spot_rects) + [scene.discard_rect, scene.burial_sand(), scene.hand_area]
                assert scene.burial_sand().w >= scene.spot_rects[0].w, name   # room to drop a card
            else:
                kept = [scene.breakdown_rect] if scene.all_revealed() and not scene.breakdown_held() else \
                    list(scene.spot_rects)
            assert not any(panel.colliderect(r) for r in kept), (name, panel, [r for r in kept if panel.colliderect(r)])
            pointer = coach.step.after_point if coach.explaining else coach.step.point
            target = pointer(scene) if pointer is not None else None
            targets = target if isinstance(target, list) else [target] if target is not None else []
            for one in targets:
                assert screen.contains(one) and not panel.colliderect(one), name
            checked.add(name)
        play_step(app, scene)
    assert coach.done and checked == {s.name for s in lesson.TUTORIAL.steps}


def test_the_rings_leave_the_starting_player_in_sight_and_ring_what_the_after_talks_about(app):
    """Issue 15, second round: the step-1 ring hid "Starting player: Red"; the explanations ringed nothing.
    Step 1's ring (at its widest, with its dark edge) stays clear of the "Starting player" line; the
    group's explanation rings #2, the single 2's the greyed 1s, Blue's buried skull its towel counts too."""
    from game.i18n import set_language
    from game.ui import theme
    for lang in ("en", "it"):
        set_language(lang)
        scene = open_lesson(app)
        frames(app, 2)
        ring = lesson.point_round(scene)
        widest = ring.inflate(                                           # the ring at its widest pulse
            theme.px(20) + theme.px(4), theme.px(20) + theme.px(4))
        assert scene.starter_rect.w and not widest.colliderect(scene.starter_rect), lang
        assert widest.clip(scene.round_rect).w                          # still around the round line
    set_language("en")
    scene = open_lesson(app)
    coach = scene.coach
    rung = {}
    for _ in range(60):
        if coach.step.name == "end3":
            break
        if coach.explaining and coach.step.after_point is not None:
            frames(app, 1)
            towels = [s for s in scene.hand_sprites if s.payload.kind == "towel"]
            rung[coach.step.name] = (coach.step.after_point(scene), towels, list(scene.spot_rects),
                                     dict(scene.towels_left_rects))
        play_step(app, scene)
    ring, _, spots, _ = rung["group"]
    assert ring == [spots[lesson.FOUR]]                              # the 1 on top of #2
    ring, _, spots, lines = rung["blue2"]
    assert ring == [spots[lesson.BLUE_SKULL], lines[lesson.BLUE]]    # #6, and Blue's towel counts
    ring, ones, _, _ = rung["single"]                                      # the two 1s, greyed: they fit nowhere
    assert len(ring) == 1 and len(ones) == 2 and all(s.dimmed and ring[0].contains(s.rect) for s in ones)


def test_the_coach_defines_the_steps_and_counts_skulls_as_the_rules_do():
    """Step A and step B (the tooltips' words) are defined where they first happen; skulls are "three or
    four", as in the rules and the tooltips; the last words open the match results."""
    from game.i18n import set_language, tr
    set_language("en")
    said = {s.name: tr(s.say) for s in lesson.TUTORIAL.steps}
    assert said["bury"].startswith("Step A") and said["group"].startswith("Step B")
    assert "TOTAL" in said["group"] and "lowest card" in tr(lesson.TUTORIAL.steps[3].after)
    assert "three or four" in said["beach"] and "three or four" in said["values"]
    assert "three or more" not in " ".join(said.values())
    assert "Next opens the match results" in said["done"]
    assert "Umbrella aside" in tr(next(s.after for s in lesson.TUTORIAL.steps if s.name == "umbrella"))
