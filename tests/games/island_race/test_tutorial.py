"""Learn to play Island Race (issue 15, item 1): the lesson played through on the real race table with real
pygame events — pile tiles clicked where the coach's ring is, the ringed turn (clockwise), Flip, Put back and Done!
buttons pressed, the ringed cells clicked with the tile in hand, Next pressed, the scripted rival's glove waited
for — up to the round's scoring and the results. Also: a wrong move is refused in the coach's words and changes
nothing; Skip, then Learn to play again, resumes at the same step; the race clock stands still while the coach
waits (and runs while the rival plays); every text of the lesson is in both catalogs."""
from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from tests.support.coach_run import open_lesson as open_lesson_of, resize_to
from tests.app.conftest import app, click, drag, frames  # noqa: F401 - the app fixture

PO = Path(__file__).resolve().parents[3] / "game" / "i18n" / "po"


def _open(app, fresh=True):
    return open_lesson_of(app, "island-race", fresh)


def _centre(rect):
    return int(rect.centerx), int(rect.centery)


def _said(scene) -> str:
    """The refusal the table shows now (the drag controller's bubble), in words."""
    from game.i18n import tr
    message = scene.drag.message
    return tr(message) if message is not None else ""


def _targets(point):
    """What a step rings: one rect, several, or none."""
    if point is None:
        return []
    return list(point) if isinstance(point, list) else [point]


def _wait_for_rival(app, scene, limit=1200):
    """Frames until the rival's scripted step is over (its last move landed)."""
    coach = scene.coach
    step = coach.step
    for _ in range(limit):
        if coach.step is not step or coach.explaining:
            break
        frames(app, 1)
    assert coach.step is not step or coach.explaining, f"{step.name}: the rival's moves never all landed"


def _do_step(app, scene):
    """What a learner does at the coach's step now: Next, watch the rival, or click what the ring is on (a pile
    tile, a button, a cell of the island with the tile in hand)."""
    coach = scene.coach
    step = coach.step
    if step.ready is not None:
        for _ in range(600):                                        # what it talks about comes on screen
            if coach.waiting_for_next():
                break
            frames(app, 1)
    if coach.waiting_for_next():
        assert coach.next_button.rect.w > 0
        click(app, coach.next_button.rect.center)
        frames(app, 2)
        return
    if step.plays:
        _wait_for_rival(app, scene)
        return
    before = len(scene.session.actions)
    targets = _targets(step.point(scene))
    assert targets, f"{step.name}: the ring is on nothing"
    click(app, _centre(targets[0]))
    frames(app, 2)
    assert len(scene.session.actions) > before, f"{step.name}: the click played no action ({_said(scene)})"
    assert step.expect(scene.session.actions[before])


def test_the_lesson_plays_through_with_real_gestures(app):
    from game.core import saves
    from game.games.island_race.rules import Done, Flip, Place, Return, Rotate, Take
    from game.games.island_race.tutorial import TUTORIAL
    from game.scenes.results import ResultsScene
    scene = _open(app)
    coach = scene.coach
    assert scene.stage == "play" and coach.step.name == "welcome" and coach.step.point(scene) is not None
    seen = []
    for _ in range(80):
        if coach.done:
            break
        seen.append(coach.step.name)
        if coach.step.name == "scoring":
            assert scene.stage in ("ending", "scoring")                 # the round ended when both were done
            assert not coach.waiting_for_next() or scene.stage == "scoring"   # Next once the scoring shows
        _do_step(app, scene)
    assert coach.done
    assert list(dict.fromkeys(seen)) == [s.name for s in TUTORIAL.steps]   # every step, in order
    state = scene.state
    assert TUTORIAL.scoring(state)                                  # the round was scored (the race is over)
    assert set(TUTORIAL.action_types) <= coach.used                 # every player action of a timed round
    assert set(TUTORIAL.action_types) == {"ir.take", "ir.rotate", "ir.flip", "ir.return", "ir.place", "ir.done"}
    # the round the coach talks about, move for move: the rival's are the script's, never a bot's
    assert [a for a in scene.session.actions if a.seat >= 0] == [
        Take(0, 19), Rotate(0, 1), Place(0, (0, 2)),
        Take(1, 16), Rotate(1, 1), Place(1, (1, 2)),
        Take(0, 12), Flip(0), Return(0), Take(0, 27), Place(0, (2, 2)), Done(0),
        Take(1, 8), Place(1, (0, 2)), Done(1)]
    last = state.last_hand
    you, rival = last.scores
    assert (you.animals, len(you.landscapes), you.volcano_penalty, you.wrong, you.first_out, you.total) == \
        (7, 6, 0, 0, 4, 23)
    assert (rival.animals, len(rival.landscapes), rival.volcano_penalty, rival.wrong, rival.total) == (2, 5, 2, 1, 9)
    assert state.totals == [53, 39] and state.result().winners == [0]
    assert scene.scoring is not None                                # the scoring view the coach talked over
    assert isinstance(app.stack.top, ResultsScene)                  # the last Next: the results
    assert not list(saves.saves_dir().glob("*"))                    # nothing among the saved games
    assert not scene.tutorial_file.exists()                         # the finished lesson leaves no file


def test_a_wrong_move_is_refused_in_the_coachs_words_and_changes_nothing(app):
    from game.games.island_race.tutorial import TURTLE
    scene = _open(app)
    coach = scene.coach
    click(app, _centre(scene.L.slots[TURTLE]))                     # a tile taken while the welcome is read
    frames(app, 1)
    assert scene.session.actions == [] and "Next" in _said(scene)
    for _ in range(3):                                              # welcome, the water rule, the clock
        _do_step(app, scene)
    assert coach.step.name == "take"
    pile = list(scene.round.pile)
    click(app, _centre(scene.L.slots[TURTLE]))                     # a legal take, but not the lesson's tile
    frames(app, 2)
    assert scene.session.actions == [] and scene.round.pile == pile and scene.round.hands[0] is None
    assert "this lesson asks for another" in _said(scene)          # a legal take, but not the lesson's
    assert coach.step.name == "take"
    _do_step(app, scene)                                            # the right one is taken
    assert coach.step.name == "turn" and scene.round.hands[0] is not None


def test_the_race_clock_waits_while_the_coach_talks(app):
    """A reading step, then the learner's step: a long time passes, nothing moves on the race clock and nothing
    times out; the clock runs only while the rival plays its scripted moves."""
    scene = _open(app)
    coach = scene.coach
    left = scene.time_left()
    assert left == 100.0
    scene.time_scale = 50.0                                         # 200 s of race time, were it running
    app.clock.advance(600.0)
    frames(app, 240)
    assert coach.step.name == "welcome" and scene.time_left() == left and scene.stage == "play"
    scene.time_scale = 1.0
    for _ in range(3):
        _do_step(app, scene)
    assert coach.step.name == "take"
    scene.time_scale = 50.0
    frames(app, 240)                                                # the learner takes their time
    assert scene.time_left() == left
    assert scene.stage == "play" and scene.round.phase == "play"
    scene.time_scale = 1.0
    for _ in range(3):                                              # take, turn, place (and its Next)
        _do_step(app, scene)
    assert coach.step.name == "place" and coach.explaining
    _do_step(app, scene)
    assert coach.step.name == "rival" and coach.race_clock_runs()
    _do_step(app, scene)                                            # the rival's glove: take, turn, place
    spent = left - scene.time_left()
    assert 2.0 < spent < 10.0                                       # it ran while the rival played, only then
    assert coach.explaining and not coach.race_clock_runs()
    frames(app, 240)
    assert left - scene.time_left() == spent


def test_skip_then_learn_to_play_again_resumes_at_the_same_step(app):
    from tests.support.coach_run import play_to, skip_and_resume
    scene = _open(app)
    play_to(scene, "flip", _do_step, app)                           # up to the flip, after the rival's move
    assert scene.round.hands[0] is not None
    again = skip_and_resume(app, scene, lambda: _open(app, fresh=False))
    assert again.round.grids[1][5] is not None                       # the rival's tile is still on its island
    assert again.round.hands[0] is not None and again.round.hands[0].side == 1   # the clouds tile in hand
    _do_step(app, again)                                            # and it goes on from there: Flip
    assert again.coach.step.name == "flip" and again.coach.explaining
    pygame.event.clear()


def test_skip_during_the_rivals_moves_resumes_them_where_they_were(app):
    """Skip while the rival's glove is half-way through its script: Learn to play again plays the rest of it."""
    scene = _open(app)
    for _ in range(10):
        if scene.coach.step.name == "rival":
            break
        _do_step(app, scene)
    coach = scene.coach
    for _ in range(600):                                            # the first of its moves lands
        if coach.played:
            break
        frames(app, 1)
    assert coach.played == 1
    click(app, coach.skip_button.rect.center)
    frames(app, 2)
    again = _open(app, fresh=False)
    assert again.coach.step.name == "rival" and again.coach.played == 1 and again.round.hands[1] is not None
    _do_step(app, again)
    assert again.coach.explaining and again.round.grids[1][5] is not None
    pygame.event.clear()


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_the_coachs_panel_covers_neither_the_islands_nor_the_pile_nor_what_it_points_at(app, size):
    scene = _open(app)
    resize_to(app, size)
    coach = scene.coach
    screen = app.screen.get_rect()
    for _ in range(40):
        if coach.done:
            break
        frames(app, 1)
        panel = coach.rect
        assert screen.contains(panel), coach.step.name
        if scene.stage == "scoring":
            kept = [box.panel for box in scene.scoring.boxes]
        else:
            L = scene.L
            kept = [L.pile, L.controls, L.clock] + [box.panel for box in L.islands.values()]
        assert not any(panel.colliderect(r) for r in kept), coach.step.name
        for target in _targets(coach.step.point(scene) if coach.step.point is not None else None):
            assert screen.contains(target) and not panel.colliderect(target), coach.step.name
        if coach.explaining and coach.step.after_point is not None:     # what the explanation rings, too
            for target in _targets(coach.step.after_point(scene)):
                assert screen.contains(target) and not panel.colliderect(target), coach.step.name
        _do_step(app, scene)
    assert coach.done


def _goto(app, scene, name):
    """Play the lesson up to the step ``name`` (waiting for the learner, not its explanation)."""
    for _ in range(40):
        if scene.coach.step.name == name and not scene.coach.explaining:
            return
        _do_step(app, scene)
    raise AssertionError(f"never reached {name}")


def _reason_shown_clear_of_the_ring(app, scene, actions):
    """A refused gesture: nothing played, a reason in words, shown above the coach's panel (which glows), clear
    of what the step rings and of the round's title."""
    assert len(scene.session.actions) == actions, "the refused gesture played an action"
    said = _said(scene)
    assert said, f"{scene.coach.step.name}: a refused gesture got no reply"
    assert scene.coach.nudge > 0
    frames(app, 1)
    from game.ui.widgets import draw_bubble
    pos = scene.drag._message_pos
    bubble = draw_bubble(pygame.Surface(app.screen.get_size()), said, pos, size=17, anchor="midbottom")
    assert not bubble.colliderect(scene.coach.rect) and not bubble.colliderect(scene.L.round_label)
    for target in _targets(scene.coach.step.point(scene)):
        assert not bubble.colliderect(target), scene.coach.step.name
    return said


def test_every_refused_gesture_gets_a_reply_where_the_learner_looks(app):
    """A click on a lit cell before turning, the wrong cell, Flip or right-click when asked for another thing:
    each refused with words (no silent gesture), and no water warning promising a placement the lesson refuses."""
    scene = _open(app)
    _goto(app, scene, "turn")
    box = scene.L.islands[0]
    n = len(scene.session.actions)
    click(app, _centre(box.cell_rect(0, 2)))                         # a lit cell, the tile not turned yet
    frames(app, 2)
    said = _reason_shown_clear_of_the_ring(app, scene, n)
    assert "this lesson asks for another" in said and scene.warning is None
    assert scene.round.hands[0] is not None                          # still in hand
    scene.drag.message = None
    drag(app, box.header.center, _centre(box.cell_rect(0, 2)))                               # the drag path: the same reply, no warning
    frames(app, 2)
    assert _reason_shown_clear_of_the_ring(app, scene, n) and scene.warning is None
    scene.drag.message = None
    click(app, _centre(scene.flip_button.rect))                      # Flip, when the lesson asks to turn
    frames(app, 2)
    assert _reason_shown_clear_of_the_ring(app, scene, n)
    _do_step(app, scene)                                             # turned
    assert scene.coach.step.name == "place"
    scene.drag.message = None
    click(app, _centre(box.cell_rect(2, 2)))                         # the wrong (lit) cell
    frames(app, 2)
    assert _reason_shown_clear_of_the_ring(app, scene, n + 1)
    _goto(app, scene, "flip")
    n = len(scene.session.actions)
    scene.drag.message = None
    click(app, _centre(box.cell_rect(1, 1)), button=3)               # right-click: turns, but Flip is asked for
    frames(app, 2)
    assert _reason_shown_clear_of_the_ring(app, scene, n)
    pygame.event.clear()


def test_a_wrongly_clicked_pile_tile_keeps_no_outline(app):
    from game.games.island_race.tutorial import TURTLE
    scene = _open(app)
    _goto(app, scene, "take")
    click(app, _centre(scene.L.slots[TURTLE]))
    frames(app, 1)
    assert scene.round.hands[0] is None and scene.refused_slot == TURTLE   # no hover mark on it
    move_to = scene.L.islands[0].grid.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=move_to, rel=(1, 1), buttons=(0, 0, 0)))
    frames(app, 1)
    assert scene.refused_slot is None


def test_the_race_clock_is_kept_when_the_lesson_is_resumed(app):
    """The clock ran while the rival played (1.5 s a move): Skip, then Learn to play again shows the same time."""
    from game.games.island_race.tutorial import PACE
    scene = _open(app)
    _goto(app, scene, "take_clouds")
    left = scene.time_left()
    assert left == pytest.approx(100.0 - 3 * PACE)                   # 1:36 after the rival's three moves
    click(app, scene.coach.skip_button.rect.center)
    frames(app, 2)
    again = _open(app, fresh=False)
    assert again.coach.step.name == "take_clouds"
    assert again.time_left() == pytest.approx(left)
    frames(app, 60)
    assert again.time_left() == pytest.approx(left)                  # and it still waits for the learner
    pygame.event.clear()


def test_no_count_after_the_pause_while_the_lessons_clock_waits(app):
    from game.scenes.pause import PauseScene
    scene = _open(app)
    _goto(app, scene, "take")
    scene.pause()
    frames(app, 2)
    assert isinstance(app.stack.top, PauseScene)
    app.stack.top.back()
    frames(app, 2)
    assert app.stack.top is scene and scene.stage == "play"          # no "the clock starts again in 3, 2, 1"


def test_the_rivals_bad_fit_is_explained_before_the_scoring(app):
    from game.i18n import tr
    scene = _open(app)
    names = [s.name for s in scene.coach.tutorial.steps]
    assert names.index("rival_last") < names.index("scoring")
    _goto(app, scene, "rival_last")
    _do_step(app, scene)                                             # its glove places the last tile
    coach = scene.coach
    assert coach.step.name == "rival_last" and coach.explaining and coach.waiting_for_next()
    assert "wrong connection" in tr(coach.step.after)
    frames(app, 300)                                                 # it waits for Next: no rush to the scoring
    assert coach.step.name == "rival_last" and scene.stage == "play" and scene.scoring is None
    assert scene.round.grids[1][2] is not None and 1 not in scene.round.done   # not Done yet


def test_the_scoring_rings_one_closed_landscape(app):
    scene = _open(app)
    _goto(app, scene, "plus")
    for _ in range(600):
        if scene.coach.waiting_for_next():
            break
        frames(app, 1)
    lines, area = scene.coach.step.point(scene)
    box = scene.scoring.boxes[0]
    assert area == box.cell_rect(0, 1).union(box.cell_rect(0, 2))   # the forest the parrot tile closed


def test_nothing_in_hand_is_drawn_over_the_pause(app):
    """Paused, the tile in hand (and a bot's glove) is not drawn over the frozen table nor over the dialog."""
    from game.scenes.pause import PauseScene
    scene = _open(app)
    _goto(app, scene, "turn")
    assert scene.round.hands[0] is not None
    scene.pause()
    frames(app, 20)
    assert isinstance(app.stack.top, PauseScene)
    dialog = app.stack.top.panel.rect
    shots = []
    for pos in (scene.L.menu.center, dialog.center):                  # where the report saw it, and on the dialog
        scene.mouse = pos
        app.draw()
        shots.append(app.screen.copy())
        assert not any(kind in ("held", "glove") for _, _, kind in scene.explained)
    for pos in (scene.L.menu.center, dialog.center):
        area = pygame.Rect(0, 0, scene.L.tile, scene.L.tile)
        area.center = pos
        area = area.clip(app.screen.get_rect())
        a, b = shots[0].subsurface(area), shots[1].subsurface(area)
        assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")   # the tile moved: nothing changed
    app.stack.top.back()
    frames(app, 2)


def test_the_done_buttons_explanation_keeps_off_the_log(app, monkeypatch):
    import game.ui.widgets as widgets
    scene = _open(app)
    drawn = []
    real = widgets.draw_bubble
    monkeypatch.setattr(widgets, "draw_bubble", lambda *a, **k: drawn.append(real(*a, **k)) or drawn[-1])
    pos = scene.done_button.rect.center
    scene._explain_hover = (pos, app.clock.now() - 10.0)
    scene._explain_pinned = None
    scene.draw(app.screen)
    assert drawn and not drawn[-1].colliderect(scene.L.log)


def test_italian_names_the_game_and_its_rounds_as_the_menu_does():
    """Corsa all'isola, never Island Race; a round is a "manche" (there are no turns: "turno" only in "nobody
    waits for their turn")."""
    for domain in ("island_race", "island_race_ui", "island_race_rules"):
        path = PO / f"{domain}.it.po"
        if not path.exists():
            continue
        texts = re.findall(r'^msgstr "((?:[^"\\]|\\.)*)"', path.read_text("utf-8"), flags=re.M)
        assert not [t for t in texts if "Island Race" in t], domain
        turns = [t for t in texts if re.search(r"\bturn[oi]\b", t, flags=re.I)]
        assert all("proprio turno" in t for t in turns), (domain, turns)


def test_the_rivals_misfit_tile_and_its_wrong_edge_are_ringed_while_explained(app):
    from game.games.island_race.tutorial import RIVAL
    scene = _open(app)
    _goto(app, scene, "rival_last")
    _do_step(app, scene)                                             # its glove places the last tile
    coach = scene.coach
    assert coach.explaining and coach.rings()
    box = scene.L.islands[RIVAL]
    tile, edge = coach.step.after_point(scene)
    assert tile == box.cell_rect(0, 2)                               # the misfit tile, top right of their island
    assert edge.center == box.edge_point((0, 2), 2) or edge.center == box.edge_point((0, 1), 1)   # its wrong edge
    assert edge.w < tile.w
    frames(app, 2)                                                   # drawn (a ring that cannot be found logs)


def test_the_rival_finishing_is_read_before_the_round_ends(app):
    """Their Done, then the scoring: said first, waiting for Next (it used to flash by in the 1.5 s of the glove)."""
    scene = _open(app)
    _goto(app, scene, "rival_done")
    coach = scene.coach
    assert coach.waiting_for_next() and not coach.step.plays
    frames(app, 300)
    assert coach.step.name == "rival_done" and scene.stage == "play" and 1 not in scene.round.done
    _do_step(app, scene)                                             # Next: now their glove presses Done
    assert coach.step.name == "rival_presses"
    _do_step(app, scene)
    assert 1 in scene.round.done and coach.step.name == "scoring"


def test_a_refused_placement_that_breaks_the_water_rule_says_the_water_rule_first(app):
    from game.i18n import tr
    scene = _open(app)
    _goto(app, scene, "turn")
    box = scene.L.islands[0]
    n = len(scene.session.actions)
    assert scene.round.water_faults_of_placement(0, (0, 2))          # not turned yet: water inwards
    click(app, _centre(box.cell_rect(0, 2)))
    frames(app, 2)
    said = _reason_shown_clear_of_the_ring(app, scene, n)
    rule = tr("ir.coach.water_first", then="").rstrip()   # issue 16: the rule itself, in words, comes first
    assert "outer border must be water" in rule
    assert said.startswith(rule) and "this lesson asks for another move" in said and "allowed" not in said
    assert scene.warning is None and scene.round.hands[0] is not None
    _do_step(app, scene)                                             # turned: the top-right corner fits now
    scene.drag.message = None
    assert scene.round.water_faults_of_placement(0, (2, 2))          # the other corner would break it
    drag(app, box.header.center, _centre(box.cell_rect(2, 2)))       # by drop: the same words, and a cell
    said = _reason_shown_clear_of_the_ring(app, scene, n + 1)
    assert said.startswith(rule) and "this lesson asks for another cell" in said and scene.warning is None
    _goto(app, scene, "put_back")                                    # the volcano tile in hand (the report's case)
    n = len(scene.session.actions)
    scene.drag.message = None
    assert scene.round.water_faults_of_placement(0, (2, 2))
    click(app, _centre(box.cell_rect(2, 2)))
    frames(app, 2)
    said = _reason_shown_clear_of_the_ring(app, scene, n)
    assert said.startswith(rule) and "another move" in said and scene.round.grids[0][8] is None
    pygame.event.clear()


def test_a_refused_pile_tile_dragged_away_gets_the_reply_where_it_is_let_go(app):
    """At a reading step, a pile tile pressed and dragged slowly onto the island: the press is refused (the tile
    stays), and on release the reason is said again, not faded while the learner watched the pointer."""
    from game.games.island_race.tutorial import PARROT
    scene = _open(app)
    assert scene.coach.step.name == "welcome"
    start, end = _centre(scene.L.slots[PARROT]), _centre(scene.L.islands[0].cell_rect(0, 2))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    assert "Next" in _said(scene)
    for k in range(1, 7):
        pos = (start[0] + (end[0] - start[0]) * k // 6, start[1] + (end[1] - start[1]) * k // 6)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        frames(app, 40)                                              # a slow drag: the first bubble fades
    assert _said(scene) == ""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, 2)
    assert "Next" in _said(scene) and scene.session.actions == [] and scene.round.hands[0] is None


def test_the_ring_on_your_island_keeps_off_your_name(app):
    from game.ui import theme
    scene = _open(app)
    _goto(app, scene, "water")
    box = scene.L.islands[0]
    ring = scene.coach.step.point(scene).inflate(theme.px(24), theme.px(24))   # the widest pulse, its dark line
    assert ring.top >= box.header.bottom and ring.colliderect(box.grid)
