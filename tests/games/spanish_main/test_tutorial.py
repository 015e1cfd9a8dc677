"""Learn to play Pirates of the Spanish Main (issue 15, item 1; issue 18): the lesson played through on the real table
with real pygame events — each market card dragged from the coach's first ring onto the ship or the gap of its second
ring (lit once the card is in hand, its ghost row shown before the drop), Repair clicked, the accusation made in the
dialog (Accuse, the player, the captain, Accuse), Pass and its replace chosen in the chooser, Watch pressed before the
bots' turns, up to the end of the game and the coach's last words. Also: every action type the lesson promises was
used and the game ended as the coach says; a wrong move is refused in the coach's words and changes nothing; Skip,
then Learn to play again, resumes at the same step; nothing is written among the saved games; the coach's panel
leaves the row, the buttons, what it points at, the dialog and the end panel in sight (1280x720, 960x540, English
and Italian). The lesson's texts in both catalogs: tests/app/test_learning.py (and the test below).
"""
from __future__ import annotations

import pytest

from game.games.spanish_main import tutorial as lesson
from game.games.spanish_main.rules import Accuse, Pass, PlayCard, card_type
from game.games.spanish_main.clips import Verdict
from tests.app.conftest import app, click, drag, frames, toasts  # noqa: F401 - the app fixture
from tests.support.coach_run import (assert_panel_clear, assert_refused, centre, lesson_said, lesson_steps,
                                     let_go, pick_up_and_carry, play_to, press_next, ready, rings, skip_and_resume,
                                     resize_to, watch_bots)
from tests.support.coach_run import settle as settle_table
from tests.support.coach_run import open_lesson as open_lesson_of


def open_lesson(app, fresh=True):
    return open_lesson_of(app, "spanish-main", fresh)


def settle(app, scene, limit=1500):
    """Frames until nothing on the table moves (ships sliding, fame flying, a verdict, the final panel's due)."""
    settle_table(app, scene, limit, lambda: scene._final_due)


def carry(app, scene):
    """The learner's drag: press on the first ring (the market card), carry it, check that only its target is
    ringed then and that the ghost row is the card's, and let go there. Returns the held target's hint."""
    name = scene.coach.step.name
    end = pick_up_and_carry(app, scene, "card", "target", (6, 6))
    ghost = scene._held_action()
    assert ghost is not None and scene.coach.step.expect(ghost), f"{name}: the ghost row is the lesson's move"
    preview = scene.preview(ghost)
    assert preview["gain"], f"{name}: the ghost shows the adventure's fame (green)"
    return let_go(app, scene, end), preview


def accuse(app, scene):
    """Accuse, Marta, Diego Salvaje, Accuse: each click where the coach's ring is."""
    for _ in range(4):
        target = rings(scene)
        assert len(target) == 1
        click(app, centre(target[0]))
        frames(app, 2)
        if scene.accuse is None:
            return
    raise AssertionError("the accusation dialog never closed")


def pass_and_replace(app, scene):
    target = rings(scene)
    assert target == [scene.pass_button.rect]
    click(app, centre(target[0]))
    frames(app, 2)
    assert scene.chooser is not None and rings(scene) == [scene.chooser.rect], "the chooser is ringed"
    replace = next(b for b in scene.chooser.buttons if b.text.key == "sm.ui.replace")
    click(app, centre(replace.rect))


def play_step(app, scene):
    """What a learner does at the coach's step now: Next (or Watch, then wait for the bots), drag the ringed card,
    press the ringed button, make the accusation, pass."""
    coach = scene.coach
    step = coach.step
    if step.bot is not None and not coach.explaining:
        watch_bots(app, scene, 6000)
        settle(app, scene)
        return
    if step.expect is None or coach.explaining:
        press_next(app, scene, 1500)
        return
    settle(app, scene)
    before = len(scene.session.actions)
    if step.name in ("play", "pair"):
        says, _ = carry(app, scene)
        assert says.key in ("sm.ui.hint_gains", "sm.ui.hint_both"), says      # the adventure, before the drop
    elif step.name == "repair":
        target = rings(scene)
        assert target[-1] == scene.repair_button.rect
        click(app, centre(target[-1]))
    elif step.name == "accuse":
        accuse(app, scene)
    elif step.name == "pass":
        pass_and_replace(app, scene)
    else:
        raise AssertionError(f"no gesture for {step.name}")
    assert len(scene.session.actions) > before, f"{step.name}: the gesture played nothing ({toasts(app)})"
    assert step.expect(scene.session.actions[before])
    settle(app, scene)


def test_the_lesson_plays_through_with_real_gestures(app):
    from game.core.saves import saves_dir
    from game.scenes.coach import lesson_progress
    from game.scenes.results import ResultsScene
    scene = open_lesson(app)
    coach = scene.coach
    tutorial = coach.tutorial
    assert tutorial is lesson.TUTORIAL and coach.index == 0
    assert [scene.seat_name(s) for s in range(3)] == ["Captain", "Marta", "Rocco"]
    verdicts = []
    for _ in lesson_steps(scene):
        if coach.step.name == "play" and not coach.explaining:
            assert scene.private_score(0) == 1 and len(scene.game.adv_deck) == 22
        if coach.step.name == "clock":
            assert scene.private_score(0) == 2 and len(scene.game.adv_deck) == 19   # R47: 2 from the deck + 1 turned
        if coach.step.name == "repair" and not coach.explaining:
            assert scene.game.is_damaged(lesson.ZEEWOLF)                        # R38: the Volcano hit the front
        if coach.step.name == "notes":
            verdicts.append(sorted(p for p in scene.game.denied[0]))
        play_step(app, scene)
        verdicts += [(c.accused, c.correct) for c in scene.timeline.clips(Verdict) if (c.accused, c.correct)
                     not in verdicts]
    state = scene.state
    assert tutorial.scoring(state) and state.is_over()
    mine = [a for a in scene.session.actions if a.seat == 0]
    assert [a.kind for a in mine] == ["sm.play", "sm.repair", "sm.play", "sm.accuse", "sm.pass"]
    assert [card_type(a.card) for a in mine if isinstance(a, PlayCard)] == ["mv-full-speed", "mv-alliance"]
    assert isinstance(mine[-1], Pass) and mine[-1].replace                   # R30: a card replaced
    # R28: Rocco's wrong accusation of the Captain; R25: the Captain's right one took 3 of 5
    wrong = next(a for a in scene.session.actions if isinstance(a, Accuse) and a.seat == 2)
    assert wrong.accused == 0 and wrong.pirate not in state.pirates[0]
    assert "pirate-nl-2" in state.denied[0] and ["pirate-nl-2"] in verdicts
    assert state.secured == [3, 2, 0] and lesson.DIEGO in state.revealed
    assert state.result().winners == [0] and state.result().scores == [12.0, 5.0, 2.0]   # R53
    assert not list(saves_dir().glob("*"))                             # nothing among the saved games
    assert not scene.tutorial_file.exists()                            # the lesson is over: learnt
    assert lesson_progress("spanish-main") == "done"
    frames(app, 3)
    assert isinstance(app.stack.top, ResultsScene)                      # the last Next: the results
    assert not list(saves_dir().glob("*"))


def test_a_wrong_move_is_refused_in_the_coachs_words_and_changes_nothing(app):
    scene = open_lesson(app)
    play_to(scene, "play", play_step, app)
    settle(app, scene)
    wrong = PlayCard(0, lesson._card(scene.state, "mv-lost-at-sea"), lesson.SANTA)
    assert scene.state.check(wrong) is None                            # legal, but not the lesson's move now
    tok = next(t for t in scene.drag.draggables if t.payload == wrong.card)
    assert_refused(app, scene, lambda: drag(app, centre(tok.rect), centre(scene.lay.ship_rect(1))), settle)
    assert_refused(app, scene, lambda: click(app, scene.repair_button.rect.center), settle)   # a button: the same
    play_step(app, scene)                                              # the right move still goes
    assert scene.coach.explaining and scene.state.space_of(lesson.ZEEWOLF) == 1


def test_skip_then_learn_to_play_again_resumes_at_the_same_step(app):
    scene = open_lesson(app)
    play_to(scene, "pair", play_step, app)
    again = skip_and_resume(app, scene, lambda: open_lesson(app, fresh=False))
    assert again.coach.step.name == "pair"
    assert again.state.space_of(lesson.WYVERN) == 6 and again.state.current == 0
    play_step(app, again)                                              # the lesson goes on from there
    assert again.coach.step.name == "pair" and again.coach.explaining
    assert again.state.space_of(lesson.WYVERN) == 3


def test_skip_while_a_bots_turn_is_announced_resumes_with_the_announcement(app):
    scene = open_lesson(app)
    play_to(scene, "bots1", play_step, app)
    again = skip_and_resume(app, scene, lambda: open_lesson(app, fresh=False))
    assert again.coach.step.name == "bots1" and again.coach.waiting_for_next()
    assert again.state.current == 1                                    # Marta waits for Watch
    frames(app, 30)
    assert again.state.current == 1 and len(again.session.actions) == 1


def test_skip_in_the_accusation_dialog_resumes_at_the_accusation(app):
    scene = open_lesson(app)
    play_to(scene, "accuse", play_step, app)
    click(app, scene.accuse_button.rect.center)
    frames(app, 2)
    assert scene.accuse is not None
    again = skip_and_resume(app, scene, lambda: open_lesson(app, fresh=False))
    assert again.coach.step.name == "accuse" and again.accuse is None
    play_step(app, again)
    assert again.coach.explaining and again.state.secured[0] == 3


@pytest.mark.parametrize("size,lang", [((1280, 720), "en"), ((960, 540), "en"), ((1280, 720), "it"),
                                       ((960, 540), "it")])
def test_the_coachs_panel_covers_neither_the_row_nor_the_buttons_nor_what_it_points_at(app, size, lang):
    """At both window sizes, at every step: the coach's panel is on screen, clear of the row, the market, the
    buttons, the players' strip, the active adventure, every rect the step rings, the accusation dialog's buttons,
    the Pass chooser and the end panel; its text fits in it."""
    from game.i18n import set_language
    set_language(lang)
    scene = open_lesson(app)
    resize_to(app, size)
    coach = scene.coach
    checked = set()

    def check(name):
        frames(app, 1)
        assert scene.coach_room().contains(coach.rect), (name, coach.rect)    # the text fits the log's place
        lay = scene.lay
        kept = [lay.row, lay.head, lay.buttons, lay.seats, lay.active, lay.adv_deck, *lay.market]
        kept += [b.rect for b in scene._buttons()]
        if scene.accuse is not None:
            kept += [scene.accuse.ok.rect, scene.accuse.cancel.rect, *scene.accuse.pirate_rects.values(),
                     *scene.accuse.player_rects.values()]
        assert_panel_clear(app, scene, name, kept)
        checked.add(name)

    for _ in range(80):
        if coach.done:
            break
        ready(app, scene, 1500)
        check(coach.step.name)
        if coach.step.name == "accuse" and not coach.explaining:
            click(app, scene.accuse_button.rect.center)
            frames(app, 2)
            check("accuse-dialog")
            click(app, scene.accuse.cancel.rect.center)
            frames(app, 2)
        if coach.step.name == "pass" and not coach.explaining:
            click(app, scene.pass_button.rect.center)
            frames(app, 2)
            check("pass-chooser")
            scene.close_chooser()
            frames(app, 2)
        play_step(app, scene)
    assert coach.done and checked >= {s.name for s in lesson.TUTORIAL.steps}
    set_language("en")


def test_the_coach_speaks_the_games_words():
    """The lesson's Italian uses the game's words (one word for one thing)."""
    from game.i18n import has_key
    keys = {t.key for s in lesson.TUTORIAL.steps for t in (s.say, s.after) if t is not None}
    for lang in ("en", "it"):
        assert all(has_key(k, lang) for k in keys), lang
    said = lesson_said(lesson.TUTORIAL, "it")
    for word in ("nave", "navi", "fila", "spazio", "fama", "fama al sicuro", "danneggiata", "non danneggiata",
                 "Ripara", "Accusa", "capitan", "mercato", "avventura", "mazzo", "scarti", "appunti"):
        assert word in said, word


def test_skip_after_the_games_end_leaves_the_lesson_learnt_and_it_starts_afresh(app):
    """Once the game is over the lesson has no file to resume (a finished game is never resumed): Skip lesson at the
    final count goes back to the menu, the lesson counts as learnt, and Learn to play starts it again."""
    from game.core.saves import saves_dir
    from game.scenes.coach import lesson_progress
    from game.scenes.menu import MenuScene
    scene = open_lesson(app)
    play_to(scene, "count", play_step, app, limit=60)
    assert scene.state.is_over() and not scene.tutorial_file.exists()
    click(app, scene.coach.skip_button.rect.center)
    frames(app, 2)
    assert isinstance(app.stack.top, MenuScene) and lesson_progress("spanish-main") == "done"
    assert not list(saves_dir().glob("*"))
    again = open_lesson(app, fresh=False)
    assert again.coach.index == 0 and not again.session.actions
