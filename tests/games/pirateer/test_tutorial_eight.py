"""Learn to play Pirateer's fantastic eight (issue 19, item 5): the second lesson played through on the real table
with real pygame events — the harbour picker's card clicked, Roll, Take treasure and End turn clicked where the
coach's ring is, each ship dragged from its ring onto its square, Next and Watch pressed, the scripted bots waited
for — up to the treasure on the learner's anchor. Also: the setup's Learn to play opens this lesson when the
options have the fantastic eight on, the usual one otherwise; each lesson keeps its own file and its own mark,
apart from the saved games."""
from __future__ import annotations

import json

from tests.app.conftest import app, click, frames, toasts  # noqa: F401 - the app fixture
from tests.support.coach_run import centre, let_go, open_lesson, pick_up_and_carry, rings


def _open(app, fresh=True):
    return open_lesson(app, "pirateer", fresh, lesson="eight")


def _settle(app, scene, limit=900):
    for _ in range(limit):
        if not scene.timeline.active or scene.state.is_over():
            break
        frames(app, 1)
    frames(app, 2)


def _rings(scene):
    return rings(scene)


def _drag(app, scene):
    """Press on the ringed ship, carry it to the square the ring moves to once it is in hand, let go."""
    let_go(app, scene, pick_up_and_carry(app, scene, "ship", "square", nudge=(4, 4)))


def _do_step(app, scene, shots=None):
    """What a learner does at the coach's step now."""
    coach = scene.coach
    step = coach.step
    if shots is not None:
        shots(scene)
    if coach.waiting_for_next():
        click(app, coach.next_button.rect.center)
        frames(app, 2)
        return
    if step.bot is not None:
        for _ in range(6000):
            frames(app, 1)
            if coach.step is not step or coach.explaining:
                break
        assert coach.step is not step or coach.explaining, f"{step.name}: the bots' turn never came back"
        _settle(app, scene)
        return
    before = len(scene.session.actions)
    rings = _rings(scene)
    if len(rings) == 1:                       # a button or the harbour's card
        click(app, centre(rings[0]))
        frames(app, 2)
    else:
        _drag(app, scene)
    assert len(scene.session.actions) > before, f"{step.name}: the gesture played no action ({toasts(app)})"
    _settle(app, scene)


def play_through(app, scene, shots=None):
    coach = scene.coach
    seen = []
    for _ in range(120):
        if coach.done or (scene.state.is_over() and coach.explaining):
            break
        if not seen or seen[-1] != coach.step.name:
            seen.append(coach.step.name)
        frames(app, 1)
        if not coach.explaining and coach.step.point is not None:
            covered = [r for r in _rings(scene) if coach.rect.colliderect(r)]
            assert not covered, f"{coach.step.name}: the coach's panel {coach.rect} covers its ring {covered}"
        _do_step(app, scene, shots)
    if shots is not None:
        shots(scene)
    return seen


def test_the_eight_lesson_plays_through_with_real_gestures(app):
    from game.core import saves
    from game.games.pirateer.rules import ChooseFaction, EndTurn, Move, Roll, Take
    from game.games.pirateer.tutorial_eight import TUTORIAL
    scene = _open(app)
    assert scene.coach.step.name == "welcome" and scene.choosing()
    assert scene.tutorial_file.name == "pirateer-eight.json"
    seen = play_through(app, scene)
    state = scene.state
    coach = scene.coach
    assert seen == [s.name for s in TUTORIAL.steps]                     # every step, in order
    assert 10 <= len(TUTORIAL.steps) <= 14
    assert TUTORIAL.scoring(state) and state.winners == [0]             # the end: a treasure on the anchor (V11.6)
    assert coach.step.name == "home" and coach.explaining
    kinds = {a.kind for a in scene.session.actions if a.seat == 0}
    assert set(TUTORIAL.action_types) <= coach.used and set(TUTORIAL.action_types) <= kinds
    mine = [type(a) for a in scene.session.actions if a.seat == 0]
    assert {ChooseFaction, Roll, Move, Take, EndTurn} <= set(mine)
    # V11.1: five harbours chosen at the table; V11.2: the coin chose island A; V11.4: four dice a roll
    assert [fs for fs in state.seat_factions] == [["spanish-a"], ["pirates-b"], ["barbary-b"], ["spanish-b"],
                                                   ["barbary-a"]]
    assert [e.get("island") for e in state.events if e.kind == "flipped"] == ["A"]
    assert all(len(e.get("dice")) == 4 for e in state.events if e.kind == "rolled" and e.get("why") == "move")
    # V11.5: Barbary's ship held both treasures, and the learner's boarding took both
    took = [(e.get("ship"), e.get("treasure")) for e in state.events if e.kind == "took"]
    assert ("ship-barbary-a-3", "treasure-2") in took and ("ship-spanish-a-2", "treasure-1") in took \
        and ("ship-spanish-a-2", "treasure-2") in took
    sank = [e.get("piece") for e in state.events if e.kind == "sank"]
    assert sank == ["ship-spanish-a-3", "ship-barbary-a-3"]
    assert not list(saves.saves_dir().glob("*"))                       # nothing among the saved games
    assert not scene.tutorial_file.exists()                            # the finished lesson leaves no file
    from game.scenes.coach import lesson_progress
    assert lesson_progress("pirateer", "eight") == "done"              # its own mark ...
    assert lesson_progress("pirateer") == "new"                        # ... not the usual lesson's


def test_skip_keeps_the_eight_lessons_own_file_and_resumes_it(app):
    from game.core import saves
    from game.scenes.coach import lesson_progress, tutorial_path
    from game.scenes.menu import MenuScene
    scene = _open(app)
    for _ in range(6):
        _do_step(app, scene)
        if scene.coach.step.name == "sail" and scene.coach.played >= 2:
            break
    index, played, actions = scene.coach.index, scene.coach.played, len(scene.session.actions)
    click(app, scene.coach.skip_button.rect.center)
    frames(app, 2)
    assert isinstance(app.stack.top, MenuScene)
    assert tutorial_path("pirateer", "eight").exists() and not tutorial_path("pirateer").exists()
    assert json.loads(tutorial_path("pirateer", "eight").read_text())["step"] == index
    assert lesson_progress("pirateer", "eight") == "begun" and lesson_progress("pirateer") == "new"
    assert not list(saves.saves_dir().glob("*"))
    again = _open(app, fresh=False)
    assert (again.coach.index, again.coach.played, len(again.session.actions)) == (index, played, actions)


def test_the_setups_learn_to_play_opens_the_lesson_of_the_options(app):
    from game import games
    from game.scenes.coach import lesson_for
    from game.scenes.setup import SetupScene
    entry = games.get("pirateer")
    assert lesson_for(entry, {"fantastic-eight": True}) == "eight"
    assert lesson_for(entry, {"fantastic-eight": False}) == "" and lesson_for(entry, {}) == ""
    setup = SetupScene(app, entry)
    app.stack.push(setup, fade=False)
    frames(app, 2)
    for eight, lesson in ((True, "eight"), (False, "")):
        setup.set_players(5 if eight else 2)                             # the count decides the mode (6.13)
        frames(app, 2)
        assert setup.model.options["fantastic-eight"] is eight
        click(app, setup.learn_button.rect.center)
        frames(app, 3)
        table = app.stack.top
        assert table.coach is not None and table.coach.tutorial.lesson == lesson
        assert table.tutorial_file.name == ("pirateer-eight.json" if eight else "pirateer.json")
        app.stack.pop_to(SetupScene)                                    # back to the form (the stack never empties)
        frames(app, 2)


def test_the_usual_lessons_last_words_tell_of_the_eight_lesson():
    from game.games.pirateer.tutorial import TUTORIAL
    from tests.support.coach_run import lesson_said
    assert "The fantastic eight" in lesson_said(TUTORIAL, "en").split("you win!")[-1]
    assert "I fantastici otto" in lesson_said(TUTORIAL, "it")
