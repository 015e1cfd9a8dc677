"""Learn to play Pirates, Planks & Pesetas (issue 15, item 1; issue 17): the lesson played through on the real table
with real pygame events — each pirate dragged from the coach's first ring onto the plank of its second ring (lit
once the pirate is in hand), End turn clicked where the ring is, Watch pressed before each bots' turn, the Crown
given from the chooser, Next round pressed on the round's panel — up to the coach's last words. Also: every action
type the lesson promises was used and the round was scored as the coach says; a wrong move is refused in the
coach's words and changes nothing; Skip, then Learn to play again, resumes at the same step; nothing is written
among the saved games; the coach's panel and the end panels leave each other, the ship and the side panel's buttons
in sight (1280x720, 960x540, English and Italian). The lesson's texts in both catalogs: tests/app/test_learning.py.
"""
from __future__ import annotations

import pytest

from game.games.planks import tutorial as lesson
from game.games.planks.rules import GiveTreasure, Move
from tests.app.conftest import app, click, drag, frames, toasts  # noqa: F401 - the app fixture
from tests.support.coach_run import (assert_panel_clear, assert_refused, centre, lesson_said, lesson_steps,
                                     let_go, pick_up_and_carry, play_to, press_next, ready, rings, skip_and_resume,
                                     resize_to, watch_bots)
from tests.support.coach_run import settle as settle_table
from tests.support.coach_run import open_lesson as open_lesson_of


def open_lesson(app, fresh=True):
    return open_lesson_of(app, "planks", fresh)


def settle(app, scene, limit=900):
    """Frames until nothing on the table moves (a hop, a fall, the judging, the flights)."""
    settle_table(app, scene, limit, lambda: scene._round_due)


def carry(app, scene):
    """The learner's drag: press on the first ring (the pirate), carry it, check that only its plank is ringed
    then, and let go there."""
    end = pick_up_and_carry(app, scene, "pirate", "plank", (6, -6))
    return let_go(app, scene, end)


def play_step(app, scene):
    """What a learner does at the coach's step now: Next (or Watch, then wait for the bots), press the ringed
    button, give from the chooser, drag the ringed pirate, or Next round on the round's panel."""
    coach = scene.coach
    step = coach.step
    if step.bot is not None and not coach.explaining:
        watch_bots(app, scene, 4000)
        settle(app, scene)
        return
    if step.expect is None or coach.explaining:
        if step.name == "next_round" and scene.ending.visible:
            assert rings(scene) == [scene.ending.button.rect] and not coach.waiting_for_next()
            click(app, scene.ending.button.rect.center)
            settle(app, scene)
        press_next(app, scene, 900)
        return
    settle(app, scene)
    before = len(scene.session.actions)
    target = rings(scene)
    if step.name.startswith("end"):
        assert target == [scene.end_button.rect]
        click(app, centre(target[0]))
    elif step.name == "give":
        for _ in range(120):
            if scene.chooser is not None:
                break
            frames(app, 1)
        assert scene.chooser is not None and target == [scene.chooser.rect], "the chooser is ringed"
        click(app, centre(scene.chooser.buttons[-1].rect))
    else:
        says = carry(app, scene)
        if step.name == "push":
            assert says.key == "planks.ui.hint_fall"                 # R21: who falls, before the drop
        if step.name == "last":
            assert says.key == "planks.ui.hint_end"                  # R30: the round's end, before the drop
    assert len(scene.session.actions) > before, f"{step.name}: the gesture played nothing ({toasts(app)})"
    assert step.expect(scene.session.actions[before])
    settle(app, scene)


def test_the_lesson_plays_through_with_real_gestures(app):
    from game.core.saves import saves_dir
    scene = open_lesson(app)
    coach = scene.coach
    tutorial = coach.tutorial
    assert tutorial is lesson.TUTORIAL and coach.index == 0
    assert [scene.seat_name(s) for s in range(3)] == ["Captain", "Greta", "Bruno"]
    clips = {}
    for _ in lesson_steps(scene):
        if coach.step.name == "jump":
            clips["explaining" if coach.explaining else "before"] = scene.shown_budget(0)
        play_step(app, scene)
    assert clips == {"before": 9, "explaining": 7}                   # R12: the clip slid down 2 spaces
    state = scene.state
    assert tutorial.scoring(state)
    kinds = [a.kind for a in scene.session.actions]
    red = [a for a in scene.session.actions if a.seat == 0]
    assert [a.kind for a in red] == ["planks.move", "planks.move", "planks.end", "planks.rescue", "planks.end",
                                     "planks.move", "planks.give"]
    # the scoring as the coach tells it: Red 1 and Red 5 win, the 2s cancel (Green 3), Blue 5
    chests = [e for e in state.events if e.kind == "chest"]
    assert [(e.get("winner"), e.get("owner")) for e in chests] == [
        ("pirate-red-1", 0), ("pirate-red-5", 0), ("pirate-green-3", 1), ("pirate-blue-5", 2)]
    assert sorted(chests[2].get("cancelled")) == ["pirate-blue-2", "pirate-red-2"]
    assert next(e for e in state.events if e.kind == "scoring").seat == 0      # R30: Red ended it, draws first
    assert [list(e.get("tiles")) for e in state.events if e.kind == "drew"] == [
        ["treasure-ruby-a", "treasure-crown-b"], ["treasure-emerald-a"], ["treasure-pearl-b"]]
    gift = next(a for a in red if isinstance(a, GiveTreasure))
    assert gift.to in (1, 2)                                           # R42: the tie, the learner's choice
    assert state.round == 3 and not state.is_over()
    assert not scene.ending.visible                                    # Next round was pressed
    assert not list(saves_dir().glob("*"))                             # nothing among the saved games
    assert not scene.tutorial_file.exists()                            # the lesson is over: learnt
    from game.scenes.coach import lesson_progress
    assert lesson_progress("planks") == "done"
    for _ in range(600):                                               # the game plays on: the bots move
        frames(app, 1)
        if any(a.seat != 0 for a in scene.session.actions[len(kinds):]):
            break
    assert any(a.seat != 0 for a in scene.session.actions[len(kinds):])
    assert not list(saves_dir().glob("*"))


def test_a_wrong_move_is_refused_in_the_coachs_words_and_changes_nothing(app):
    scene = open_lesson(app)
    play_to(scene, "jump", play_step, app)
    settle(app, scene)
    wrong = Move(0, "pirate-red-4", 1, 1)
    assert scene.state.check(wrong) is None                            # legal, but not the lesson's move now
    assert_refused(app, scene, lambda: drag(app, centre(scene._pirate_rect("pirate-red-4")),
                                            centre(scene.lay.plank_rect(9))), settle)
    play_step(app, scene)                                              # the right move still goes
    assert scene.coach.explaining and scene.state.planks[lesson.BIG_1][-1] == "pirate-red-5"


def test_skip_then_learn_to_play_again_resumes_at_the_same_step(app):
    scene = open_lesson(app)
    play_to(scene, "rescue", play_step, app)
    again = skip_and_resume(app, scene, lambda: open_lesson(app, fresh=False))
    assert again.coach.step.name == "rescue"
    assert "pirate-red-3" in again.state.island and again.state.budgets == [5, 0, 6]
    play_step(app, again)                                              # the lesson goes on from there
    assert again.coach.step.name == "rescue" and again.coach.explaining
    assert again.state.planks[lesson.BIG_1][-1] == "pirate-red-3"


def test_skip_while_a_bots_turn_is_announced_resumes_with_the_announcement(app):
    scene = open_lesson(app)
    play_to(scene, "bots1", play_step, app)
    again = skip_and_resume(app, scene, lambda: open_lesson(app, fresh=False))
    assert again.coach.step.name == "bots1" and again.coach.waiting_for_next()
    assert again.state.current == 1                                    # Greta waits for Watch
    frames(app, 30)
    assert again.state.current == 1 and len(again.session.actions) == 3


def test_skip_at_the_rounds_panel_resumes_and_the_lesson_still_ends(app):
    """A resumed lesson does not show the round's panel again (the table opens on the game as it is): the panel's
    steps then offer Next at once, and the lesson reaches its last words."""
    scene = open_lesson(app)
    play_to(scene, "panel", play_step, app)
    again = skip_and_resume(app, scene, lambda: open_lesson(app, fresh=False))
    coach = again.coach
    assert coach.step.name == "panel" and not again.ending.visible
    for _ in range(10):
        if coach.done:
            break
        play_step(app, again)
    assert coach.done and not again.tutorial_file.exists()


@pytest.mark.parametrize("size,lang", [((1280, 720), "en"), ((960, 540), "en"), ((1280, 720), "it"),
                                       ((960, 540), "it")])
def test_the_coachs_panel_covers_neither_the_ship_nor_the_buttons_nor_what_it_points_at(app, size, lang):
    """At both window sizes, at every step: the coach's panel is on screen, clear of the ship, the side panel,
    the island, every rect the step rings, the give chooser and the round's panel; the chooser and the round's
    panel are on screen too."""
    from game.i18n import set_language
    set_language(lang)
    scene = open_lesson(app)
    resize_to(app, size)
    coach = scene.coach
    checked = set()
    for _ in range(80):
        if coach.done:
            break
        ready(app, scene, 900)
        frames(app, 1)
        assert_panel_clear(app, scene, coach.step.name, [scene.lay.ship, scene.lay.side, scene.lay.island])
        checked.add(coach.step.name)
        play_step(app, scene)
    assert coach.done and checked == {s.name for s in lesson.TUTORIAL.steps}
    set_language("en")


def test_the_coach_speaks_the_games_words():
    """The lesson's Italian uses the game's words (passerella, cassa, sacchetto, molletta, PM, manche, isola,
    scala); no text names a plank the lesson does not use."""
    said = lesson_said(lesson.TUTORIAL, "it")
    for word in ("passerella", "cassa grande", "cassa piccola", "sacchetto", "molletta", "plancia del movimento",
                 "PM", "manche", "isola", "scala", "fila"):
        assert word in said, word
