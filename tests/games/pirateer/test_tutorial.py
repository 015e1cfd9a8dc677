"""Learn to play Pirateer (issue 15, item 1): the lesson played through on the real table with real pygame
events — the Roll, Take treasure and End turn buttons clicked where the coach's ring is, each ship dragged from
where the ring is onto the lit square the ring moves to, Next pressed, the scripted Pirates waited for — up to
the treasure on the learner's anchor. Also: a wrong move is refused in the coach's words and changes nothing;
Skip, then Learn to play again, resumes at the same step; every text of the lesson is in both catalogs."""
from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from tests.app.conftest import app, click, drag, frames, toasts  # noqa: F401 - the app fixture

PO = Path(__file__).resolve().parents[3] / "game" / "i18n" / "po"


def _open(app, fresh=True):
    from game import games
    from game.scenes.coach import open_tutorial
    from game.scenes.menu import MenuScene
    app.stack.push(MenuScene(app), fade=False)
    scene = open_tutorial(app, games.get("pirateer"), fresh=fresh)
    frames(app, 3)
    return scene


def _settle(app, scene, limit=600):
    """Frames until nothing moves on the table (the dice tumble, a ship glides)."""
    for _ in range(limit):
        if not scene.timeline.active or scene.state.is_over():
            break
        frames(app, 1)
    frames(app, 2)


def _centre(rect):
    return int(rect.centerx), int(rect.centery)


def _sail(app, scene):
    """The learner's drag: press where the ring is (the ship), carry it, and let go where the ring moved to
    (the lit square), through pygame's event queue."""
    coach = scene.coach
    ship = coach.step.point(scene)
    start = _centre(ship)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    nudge = (start[0] + 6, start[1] + 6)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=nudge, rel=(6, 6), buttons=(1, 0, 0)))
    frames(app, 1)
    target = coach.step.point(scene)
    assert target != ship, f"{coach.step.name}: the ring stays on the ship once it is in hand"
    end = _centre(target)
    for k in range(1, 7):
        pos = (nudge[0] + (end[0] - nudge[0]) * k // 6, nudge[1] + (end[1] - nudge[1]) * k // 6)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, 2)


def _do_step(app, scene):
    """What a learner does at the coach's step now: Next, wait for the Pirates, click the ringed button, or
    drag the ringed ship."""
    coach = scene.coach
    step = coach.step
    if coach.waiting_for_next():
        click(app, coach.next_button.rect.center)
        frames(app, 2)
        return
    if step.bot is not None:
        for _ in range(3000):
            frames(app, 1)
            if coach.step is not step:
                break
        assert coach.step is not step, f"{step.name}: the Pirates' turn never came back"
        _settle(app, scene)
        return
    before = len(scene.session.actions)
    if step.name.startswith(("roll", "take", "end")):
        button = step.point(scene)
        click(app, _centre(button))
        frames(app, 2)
    else:
        _sail(app, scene)
    assert len(scene.session.actions) > before, f"{step.name}: the gesture played no action ({toasts(app)})"
    assert step.expect(scene.session.actions[before])              # (the Pirates may have started since)
    _settle(app, scene)


def test_the_lesson_plays_through_with_real_gestures(app):
    from game.core import saves
    from game.games.pirateer.tutorial import TUTORIAL
    scene = _open(app)
    coach = scene.coach
    assert coach.step.name == "welcome" and coach.step.point(scene) is not None   # the ring is on the coin
    seen = []
    for _ in range(80):
        if scene.state.is_over():
            break
        seen.append(coach.step.name)
        _do_step(app, scene)
    state = scene.state
    assert TUTORIAL.scoring(state)                                  # the treasure is on the learner's anchor
    assert state.winners == [0] and state.how.key == "pir.how.treasure"
    assert set(TUTORIAL.action_types) <= coach.used                 # Roll, Move, Take, End turn: all played
    assert {"pir.roll", "pir.move", "pir.take", "pir.end"} == set(TUTORIAL.action_types)
    assert list(dict.fromkeys(seen)) == [s.name for s in TUTORIAL.steps]   # every step, in order
    assert coach.step.name == "anchor" and coach.explaining         # the last step: the win explained
    # two boardings happened, one each way, and the treasure changed hands both times
    sank = [e for e in state.events if e.kind == "sank"]
    assert [(e.get("piece"), e.get("treasure")) for e in sank] == [
        ("ship-spanish-1", "ship-pirates-2"), ("ship-pirates-2", "ship-spanish-2")]
    # the game the coach talks about, move for move: the Pirates' replies are the script's, never the bot's
    from game.games.pirateer.rules import EndTurn, Move, Roll, Take
    sp1, sp2, pi1, pi2 = (("ship-spanish-1",), ("ship-spanish-2",), ("ship-pirates-1",), ("ship-pirates-2",))
    assert scene.session.actions == [
        Roll(0), Move(0, sp1, "SE", 2), Move(0, sp2, "SE", 3), EndTurn(0),
        Roll(1), Move(1, pi1, "SE", 2), Move(1, pi1, "E", 4),
        Take(0, "ship-spanish-1"), Roll(0), Move(0, sp1, "NW", 3), Move(0, sp1, "W", 2),
        Roll(1), Move(1, pi2, "NW", 6), Move(1, pi1, "NW", 1),
        Roll(0), Move(0, sp2, "NE", 2), Move(0, sp2, "SW", 1),
        Roll(1), Move(1, pi1, "SW", 1), Move(1, pi1, "W", 5),
        Roll(0), Move(0, sp2, "NW", 3), Move(0, sp2, "NE", 4)]
    assert not list(saves.saves_dir().glob("*"))                    # nothing among the saved games
    assert not scene.tutorial_file.exists()                         # the finished lesson leaves no file


def test_a_wrong_move_is_refused_in_the_coachs_words_and_changes_nothing(app):
    scene = _open(app)
    coach = scene.coach
    click(app, scene.roll_button.rect.center)                       # a move while the welcome is read
    frames(app, 1)
    assert scene.session.actions == [] and "Next" in toasts(app)
    click(app, coach.next_button.rect.center)
    frames(app, 2)
    _do_step(app, scene)                                            # Roll
    click(app, coach.next_button.rect.center)                       # (the dice explained)
    frames(app, 2)
    assert coach.step.name == "dock"
    ships = dict(scene.state.ships)
    # ship 2 sailed instead of ship 1: a legal move, but not the one the lesson teaches now
    sp2 = scene.state.ships["ship-spanish-2"]
    start = _centre(scene.ship_rect("ship-spanish-2"))
    end = _centre(scene.square_rect((sp2[0] + 3, sp2[1])))

    drag(app, start, end)
    frames(app, 2)
    assert len(scene.session.actions) == 1 and scene.state.ships == ships
    assert "first this" in toasts(app) and "ship 1" in toasts(app)  # the step's own words
    assert coach.step.name == "dock" and not coach.explaining
    _do_step(app, scene)                                            # the right one is taken
    assert coach.step.name == "dock" and coach.explaining


def test_skip_then_learn_to_play_again_resumes_at_the_same_step(app):
    from game.core import saves
    from game.scenes.menu import MenuScene
    scene = _open(app)
    for _ in range(20):                                             # turn 1, the Pirates, Take and its Next
        if scene.coach.step.name == "roll2":
            break
        _do_step(app, scene)
    index, actions = scene.coach.index, len(scene.session.actions)
    assert scene.coach.step.name == "roll2"
    click(app, scene.coach.skip_button.rect.center)
    frames(app, 2)
    assert isinstance(app.stack.top, MenuScene) and scene.tutorial_file.exists()
    assert not list(saves.saves_dir().glob("*"))
    again = _open(app, fresh=False)
    assert again.coach.index == index and len(again.session.actions) == actions
    assert again.state.treasure == "ship-spanish-1" and again.state.current == 0
    _do_step(app, again)                                            # and it goes on from there
    assert again.coach.step.name == "current"
    pygame.event.clear()


def _catalog(lang):
    text = (PO / f"pirateer_ui.{lang}.po").read_text("utf-8")
    return dict(re.findall(r'^msgid "([^"]+)"\nmsgstr "((?:[^"\\]|\\.)*)"', text, flags=re.M))


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_text_of_the_lesson_is_in_both_catalogs(lang):
    from game.games.pirateer.tutorial import TUTORIAL
    from game.i18n import set_language, tr
    keys = {TUTORIAL.title.key} | {name for name, _ in TUTORIAL.seats}
    for step in TUTORIAL.steps:
        keys |= {t.key for t in (step.say, step.after) if t is not None}
    catalog = _catalog(lang)
    missing = sorted(k for k in keys if not catalog.get(k))
    assert not missing, f"{lang}: {missing}"
    set_language(lang)
    try:
        assert all(tr(k) != k for k in keys)                        # compiled, too
    finally:
        set_language("en")
