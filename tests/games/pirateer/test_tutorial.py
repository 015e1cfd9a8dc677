"""Learn to play Pirateer (issue 15, item 1): the lesson played through on the real table with real pygame
events — the Roll, Take treasure and End turn buttons clicked where the coach's ring is, each ship dragged from
its ring onto the square the other ring shows (lit once the ship is in hand), Next pressed (also before and
after each of Blackbeard's turns), the scripted Pirates waited for — up to the treasure on the learner's
anchor, the coach's panel never over what its rings show. Also: a wrong move is refused in the coach's words
and changes nothing; Skip, then Learn to play again, resumes at the same step; the panel leaves the harbours,
the top row and the side panel in sight (1280x720, 960x540, a tall window); the side panel's prompt never says
"roll" while the lesson waits for Next, nor names another move while it waits for one; the turn that ends by
itself is explained; the lesson's seat names follow the language; the ship on the anchor stays within its
square; a ship in hand is explained where the pointer is, never where the drag began (the lesson's texts in
both catalogs: tests/app/test_learning.py)."""
from __future__ import annotations

import pygame
import pytest

from tests.support.coach_run import open_lesson as open_lesson_of
from tests.app.conftest import app, click, drag, frames, toasts  # noqa: F401 - the app fixture


def _open(app, fresh=True):
    return open_lesson_of(app, "pirateer", fresh)


def _settle(app, scene, limit=600):
    """Frames until nothing moves on the table (the dice tumble, a ship glides)."""
    for _ in range(limit):
        if not scene.timeline.active or scene.state.is_over():
            break
        frames(app, 1)
    frames(app, 2)


def _centre(rect):
    return int(rect.centerx), int(rect.centery)


def _rings(scene):
    """What the coach's rings are around now (a step's ``point`` gives one rect or several)."""
    target = scene.coach.step.point(scene)
    return list(target) if isinstance(target, list) else [target]


def _sail(app, scene):
    """The learner's drag: press where the first ring is (the ship), carry it, and let go where the ring
    moved to (the lit square the second ring showed), through pygame's event queue."""
    coach = scene.coach
    rings = _rings(scene)
    ship = rings[0]
    assert len(rings) == 2, f"{coach.step.name}: the ship to pick up and the square it goes to are ringed " \
        "(nothing else: a third ring made the move unclear)"
    start = _centre(ship)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    nudge = (start[0] + 6, start[1] + 6)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=nudge, rel=(6, 6), buttons=(1, 0, 0)))
    frames(app, 1)
    target = coach.step.point(scene)
    assert target == rings[1], f"{coach.step.name}: once the ship is in hand, only its square is ringed"
    end = _centre(target)
    for k in range(1, 7):
        pos = (nudge[0] + (end[0] - nudge[0]) * k // 6, nudge[1] + (end[1] - nudge[1]) * k // 6)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, 2)


def _coin_box(scene):
    from game.games.pirateer.tutorial import _coin
    return _coin(scene)


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
            if coach.step is not step or coach.explaining:
                break
        assert coach.step is not step or coach.explaining, f"{step.name}: the Pirates' turn never came back"
        _settle(app, scene)
        return
    before = len(scene.session.actions)
    if step.name.startswith(("roll", "take", "end")):
        button = _rings(scene)[0]
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
    assert coach.step.name == "welcome"
    assert _rings(scene) == [_coin_box(scene), scene.anchor_rect("spanish")]   # the coin, and where it goes
    seen = []
    for _ in range(80):
        if scene.state.is_over():
            break
        seen.append(coach.step.name)
        frames(app, 1)
        if not coach.explaining and coach.step.point is not None:    # what the words point at stays in sight
            covered = [r for r in _rings(scene) if r is not None and coach.rect.colliderect(r)]
            assert not covered, f"{coach.step.name}: the coach's panel {coach.rect} covers its ring {covered}"
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
    # the ship on the anchor (the map's upper edge) is drawn within the anchor's square, not over the sand
    size = scene.ship_size()
    x, y = scene._at("ship-spanish-2", state.ships["ship-spanish-2"])
    fx_, fy_ = scene._foot("ship-spanish-2")
    picture = pygame.Rect(int(x - fx_), int(y - fy_), size, size)
    anchor = scene.anchor_rect("spanish")
    assert anchor.top <= picture.top and picture.bottom <= anchor.bottom + 1, (picture, anchor)


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
    from game.i18n import tr
    assert tr("coach.not_now") in toasts(app)                      # the lesson says: do what it says
    assert coach.step.name == "dock" and not coach.explaining
    _do_step(app, scene)                                            # the right one is taken
    assert coach.step.name == "dock" and coach.explaining


def test_skip_then_learn_to_play_again_resumes_at_the_same_step(app):
    from tests.support.coach_run import play_to, skip_and_resume
    scene = _open(app)
    play_to(scene, "roll2", _do_step, app)                          # turn 1, the Pirates, Take and its Next
    again = skip_and_resume(app, scene, lambda: _open(app, fresh=False))
    assert again.state.treasure == "ship-spanish-1" and again.state.current == 0
    _do_step(app, again)                                            # and it goes on from there
    assert again.coach.step.name == "current"
    pygame.event.clear()


@pytest.mark.parametrize("size", [(1280, 720), (960, 540), (960, 1440)])
def test_the_coachs_panel_leaves_the_harbours_the_top_row_and_the_side_panel_in_sight(app, size):
    """Step 1 talks about both harbours, the coin and the anchor: the panel stands at the bottom of the map,
    between the lower harbours, clear of every harbour, of the top row (the straits' upper halves) and of
    the side panel (its buttons, compass and log), its buttons inside it and on screen."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    frames(app, 1)
    assert app.screen.get_size() == size
    scene = _open(app)
    frames(app, 2)
    coach, view = scene.coach, scene.view
    assert coach.step.name == "welcome"
    panel = coach.rect
    assert app.screen.get_rect().contains(panel) and panel.right <= scene.side.left
    assert panel.contains(coach.next_button.rect) and panel.contains(coach.skip_button.rect)
    board = scene.game.board
    for harbour in board.harbours:
        for cell in harbour.channel:                                # its anchor, start squares and channel
            assert not panel.colliderect(scene.square_rect(cell)), (harbour.faction, cell, panel)
    top = [c for c in board.cells() if board.on_board(c) and board.is_water(c)
           and view.centre(c)[1] < view.rect.top + 2 * view.h]           # (a strait's upper half: its own diamond)
    diamond = lambda c: pygame.Rect(min(x for x, _ in view.diamond_at(c)), min(y for _, y in view.diamond_at(c)),
                                    2 * view.h, 2 * view.h).clip(view.rect)   # noqa: E731
    assert top and not [c for c in top if panel.colliderect(diamond(c))]
    for ship in scene.game.ships:                                   # every ship, and the rings' coin and anchor
        assert not panel.colliderect(scene.ship_rect(ship)), ship
    assert not any(panel.colliderect(r) for r in _rings(scene))
    assert scene.logpanel.rect.w > 0 and not panel.colliderect(scene.logpanel.rect)


def test_the_side_panels_prompt_never_contradicts_the_coach(app):
    """While the lesson waits for Next, the panel under the dice says so (never "roll the dice"); while it
    waits for the learner's move, the panel sends to the lesson's gold ring and names no move of its own
    (step 7 wants Take treasure before rolling: "roll the dice" there contradicted it); a ship in hand: the
    panel's own words on where to drop it (what the ring shows too)."""
    from tests.support.coach_run import play_to
    from game.i18n import tr
    scene = _open(app)
    coach = scene.coach
    assert coach.waiting_for_next() and scene.panel.prompt_text() == tr("pir.ui.press_next")
    click(app, coach.next_button.rect.center)
    frames(app, 2)
    assert coach.step.name == "roll" and not coach.waiting_for_next()
    assert scene.panel.prompt_text() == tr("pir.ui.follow_lesson")
    play_to(scene, "take", _do_step, app)
    from game.games.pirateer.rules import START
    assert not coach.waiting_for_next() and scene.game.phase == START   # the dice not rolled: Take is due
    assert scene.panel.prompt_text() == tr("pir.ui.follow_lesson")
    assert "roll" not in scene.panel.prompt_text().lower()
    play_to(scene, "current", _do_step, app)
    scene.selected = ("ship-spanish-1",)                            # the ship picked up by a click
    assert scene.panel.prompt_text() == tr("pir.ui.target_prompt")
    scene.selected = None


def test_the_turn_that_ends_by_itself_is_explained_where_it_happens(app):
    """Turn 1 waited for End turn (a ship on the dock could still take the treasure: the engine's END phase);
    step 10's last die ends the turn by itself (nothing left to take): its explanation says why, with the
    panel's head (whose turn it is now) ringed."""
    from tests.support.coach_run import play_to
    from game.games.pirateer.rules import END
    from game.i18n import tr
    scene = _open(app)
    coach = scene.coach
    play_to(scene, "end", _do_step, app)
    assert scene.game.phase == END and scene.game.current == 0     # the engine waits: a take is possible
    play_to(scene, "ride", _do_step, app)
    _do_step(app, scene)
    assert coach.step.name == "ride" and coach.explaining
    assert scene.game.current == 1                                  # no End turn: the turn ended by itself
    words = tr(coach.step.after)
    assert "ended by itself" in words and "End turn" in words
    assert coach.step.after_point(scene) == scene.panel.head_rect


def test_the_lessons_seat_names_follow_the_language(app):
    """The lesson's captains are catalog names: switching language mid-lesson renames them on the table."""
    from game.i18n import set_language, tr
    scene = _open(app)
    assert scene.seat_name(1) == "Blackbeard"
    set_language("it")
    assert scene.seat_name(1) == tr("pirateer.coach.bot") != "Blackbeard"
    set_language("en")
    assert scene.seat_name(1) == "Blackbeard" and scene.seat_name(0) == tr("pirateer.coach.captain")
    # opened in Italian, back to English (from the Settings: the table is entered again): the log's names too
    from game.core.protocol import seat_ref
    set_language("it")
    again = _open(app)
    assert tr(seat_ref(1)) == tr("pirateer.coach.bot")
    set_language("en")
    again.enter()
    assert tr(seat_ref(1)) == "Blackbeard" and again.seat_name(1) == "Blackbeard"


def test_while_a_ship_is_carried_the_explanation_is_of_what_is_under_the_pointer(app):
    """A ship in hand: over a lit square the square speaks (the die that takes the ship there); elsewhere
    the ship in hand, where the pointer is; never the square the drag began on."""
    scene = _open(app)
    coach = scene.coach
    for _ in range(4):                                              # welcome, Roll, the dice explained
        if coach.step.name == "dock" and not coach.explaining:
            break
        _do_step(app, scene)
    assert coach.step.name == "dock"
    start_cell = scene.state.ships["ship-spanish-1"]
    start = _centre(scene.ship_rect("ship-spanish-1"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)

    def carry_to(pos):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        frames(app, 2)
        assert scene.drag.dragging is not None
        return scene.explanation_at(pos)

    lit = _centre(scene.square_rect((8, 10)))
    rect, text, kind = carry_to(lit)
    assert kind == "target" and rect.collidepoint(lit)
    sea = _centre(scene.square_rect((6, 14)))                       # a square no die reaches
    assert scene.view.cell_at(sea) not in scene.landings_of(("ship-spanish-1",))
    rect, text, kind = carry_to(sea)
    assert kind == "ship" and rect.collidepoint(sea) and "Drop it on a lit square" in tr_(text)
    rect, text, kind = carry_to((start[0] + 1, start[1] + 1))      # back over where it began: the ship in hand
    assert kind == "ship" and scene.view.cell_at(start) == start_cell
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
    frames(app, 2)
    pygame.event.clear()


def tr_(text):
    from game.i18n import tr
    return tr(text)


def test_every_pirates_turn_is_announced_before_and_told_after():
    """Blackbeard's turns wait for Next on what to watch, then tell what he did (never gone by unread)."""
    from game.games.pirateer.tutorial import TUTORIAL
    bots = [s for s in TUTORIAL.steps if s.bot is not None]
    assert [s.name for s in bots] == ["pirates1", "pirates2", "pirates3"]
    assert all(s.say is not None and s.after is not None and s.expect is None for s in bots)

