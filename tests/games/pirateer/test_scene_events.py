"""The Pirateer table shows what happened from the engine's events (the ones the seat on screen may see),
never by comparing two states nor by reading log lines; undo, a loaded game or a replaced state resync the
table without animating; every change of the picture is drawn without waiting for the mouse to move."""
from __future__ import annotations

import pygame
import pytest

from game.games.pirateer import effects as fx
from game.games.pirateer.rules import MOVE, RULES, Arm, Move
from game.i18n import tr
from game.ui import palette
from tests.app.conftest import app, click, frames, key  # noqa: F401 - the app fixture
from tests.games.pirateer.helpers import game, sid
from tests.games.pirateer.test_scene import SEA, at, open_sea, settle, table_at, two_fleets


def drawn_now(scene) -> bytes:
    """What the scene draws now, on a surface of its own."""
    surface = pygame.Surface(scene.app.screen.get_size())
    scene.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def on_screen(app) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def ring_on_screen(app, scene, cell, colour) -> bool:
    """The ring of the ships on ``cell`` is on the screen in ``colour`` (its left and right ends)."""
    x, y = scene.view.anchor_point(cell)
    h = scene.view.h
    ends = [(int(x - h * 0.8) + 1, int(y + h * 0.15)), (int(x + h * 0.8) - 2, int(y + h * 0.15))]
    return all(tuple(app.screen.get_at(p))[:3] == tuple(colour) for p in ends)


def press(app, pos) -> None:
    """A click with no mouse motion before it (a touch screen, a pen, the mouse already there)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 1)


def tumble_ends(app, scene) -> None:
    """Frames pass (1/60 s each, nobody touches the mouse) until the dice lie still."""
    for _ in range(200):
        if not scene.dice_rolling():
            frames(app, 1)
            return
        frames(app, 1)
    raise AssertionError("the dice never settled")


# -- every change is drawn at once -------------------------------------------------------------------------
def test_a_ship_selected_by_key_during_the_roll_and_the_rings_and_dice_show_when_it_settles(app):
    scene = table_at(app, two_fleets(next_rolls=[[3, 5]]))
    key(app, pygame.K_SPACE)
    assert scene.game.phase == MOVE and scene.dice_rolling()
    key(app, pygame.K_TAB)                                       # a ship chosen while the dice tumble
    chosen = scene.selected
    assert chosen is not None
    assert ring_on_screen(app, scene, scene.game.ships[chosen[0]], palette.WHITE)
    tumble_ends(app, scene)
    # no mouse motion: the frame the dice stop in shows their faces, the buttons and every ring
    assert on_screen(app) == drawn_now(scene)
    assert ring_on_screen(app, scene, scene.game.ships[chosen[0]], palette.WHITE)
    other = next(g for g in scene.movable_groups() if g != chosen)
    assert ring_on_screen(app, scene, scene.game.ships[other[0]], palette.GOLD)


def test_a_click_with_no_motion_selects_and_the_next_frame_shows_the_ring(app):
    scene = table_at(app, open_sea())
    frames(app, 2)
    assert ring_on_screen(app, scene, (8, 3), palette.GOLD)
    press(app, at(scene, (8, 3)))
    assert scene.selected == (sid("Sp2"),)
    assert ring_on_screen(app, scene, (8, 3), palette.WHITE) and on_screen(app) == drawn_now(scene)
    key(app, pygame.K_TAB)                                       # the keyboard picks the next one
    assert scene.selected != (sid("Sp2"),)
    assert ring_on_screen(app, scene, scene.game.ships[scene.selected[0]], palette.WHITE)
    assert on_screen(app) == drawn_now(scene)


def around(surface, scene, cell) -> bytes:
    """The pixels of ``surface`` around the ship on ``cell`` (its picture and its ring)."""
    x, y = scene.view.anchor_point(cell)
    h = scene.view.h
    box = pygame.Rect(int(x - 2 * h), int(y - 2 * h), int(4 * h), int(3 * h))
    return pygame.image.tobytes(surface.subsurface(box), "RGB")


def test_a_ship_picked_up_or_put_down_by_a_click_is_drawn_in_that_very_frame(app):
    """Issue 14: the selection ring shows in the frame the click is handled in, not when the mouse next
    moves (the shared drag-and-drop controller selects; the table marks itself dirty when the ship in hand
    changes). A real click (motion, press, release) is handled and drawn in one frame."""
    scene = table_at(app, open_sea())
    frames(app, 2)
    idle = around(app.screen, scene, (8, 3))
    assert ring_on_screen(app, scene, (8, 3), palette.GOLD)
    click(app, at(scene, (8, 3)))
    assert scene.selected == (sid("Sp2"),)
    shown = around(app.screen, scene, (8, 3))
    assert shown != idle and ring_on_screen(app, scene, (8, 3), palette.WHITE)
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    assert shown == around(surface, scene, (8, 3))
    click(app, at(scene, (8, 3)))                                # a second click puts it down
    assert scene.selected is None
    assert around(app.screen, scene, (8, 3)) == idle and on_screen(app) == drawn_now(scene)


def test_the_last_frame_of_a_glide_is_drawn(app):
    scene = table_at(app, open_sea())
    target = sorted(scene.landings_of((sid("Sp1"),)))[0]
    press(app, at(scene, (5, 5)))
    press(app, at(scene, target))
    for _ in range(200):
        if not scene.is_animating():
            break
        frames(app, 1)
    frames(app, 1)
    assert not scene.effects and on_screen(app) == drawn_now(scene)


# -- the events, one by one --------------------------------------------------------------------------------
def test_an_action_applied_out_of_sight_is_shown_from_its_events_on_the_next_frame(app):
    scene = table_at(app, open_sea())
    move = next(a for a in scene.game.legal_actions()
                if isinstance(a, Move) and a.die == 5 and a.ships == (sid("Sp1"),))
    shown = scene.events_synced
    scene.session.apply(move)                                   # not through the table: no after_action
    assert not scene.effects
    frames(app, 1)
    moved = next(e for e in scene.game.events[shown:] if e.kind != "said")   # (its log line aside)
    assert moved.kind == "moved" and scene.events_synced == len(scene.game.events)
    glide = next(e for e in scene.effects if isinstance(e, fx.Glide))
    assert glide.hides == {sid("Sp1")}
    assert len(glide.points) == len(moved.get("path")) + 1 == 6      # from the start, square by square
    assert scene.trails and scene.trails[-1][1] == scene.game.events.index(moved, shown)   # the move's event


def test_the_dice_are_the_events_dice_and_a_blast_greys_them_when_the_turn_passes(app):
    scene = table_at(app, two_fleets({**SEA, "Pi1": (6, 6)}, options={"nuke": True}, next_rolls=[[4, 2]]))
    press(app, scene.arm_button.rect.center)
    press(app, at(scene, (5, 5)))
    assert isinstance(scene.session.actions[-1], Arm)
    assert scene.shown_dice == [4, 2] and scene.dice_spent and scene.dice_rolling()
    blast = next(e for e in scene.effects if isinstance(e, fx.Blast))
    assert blast.radius == pytest.approx(scene.view.ring_radius(2))
    assert sum(isinstance(e, fx.Sink) for e in scene.effects) == \
        sum(e.kind == "sank" for e in scene.game.events)


def test_a_storm_sinks_the_farthest_ship_with_its_wave_and_banner(app):
    scene = table_at(app, two_fleets(options={"storm": True}, next_rolls=[[4, 4, 4]]))
    key(app, pygame.K_SPACE)
    sank = [e for e in scene.game.events if e.kind == "sank"]
    assert len(sank) == 1 and sank[0].get("by") == "storm" and sank[0].get("piece") not in scene.game.ships
    assert any(isinstance(e, fx.Storm) for e in scene.effects)
    assert any(isinstance(e, fx.Banner) and e.text == tr("pir.ui.storm_banner") for e in scene.effects)
    assert scene.shown_dice == [4, 4, 4]


def test_no_legal_move_says_so_after_the_tumble(app):
    scene = table_at(app, game({"Sp1": (8, 10), "Fr1": (10, 0)}, next_rolls=[[6, 6]]), ["human"] * 4)
    key(app, pygame.K_SPACE)
    last = [e for e in scene.game.events if e.kind != "said"][-1]             # (the log lines aside)
    assert last.kind == "forfeit" and last.get("none")
    banner = next(e for e in scene.effects if isinstance(e, fx.Banner))
    assert banner.text == tr("pir.ui.no_move") and banner.delay > 0       # once the dice lie still
    assert scene.shown_dice == [6, 6]


def test_the_treasure_home_glints_and_the_victory_panel_holds_the_end_until_its_button(app):
    from game.scenes.results import ResultsScene
    scene = table_at(app, game({"Sp1": (0, 13), "Fr1": (10, 0)}, treasure="Sp1", phase=MOVE, dice=(4, 5)),
                     ["human"] * 4)
    move = next(a for a in scene.game.legal_actions() if isinstance(a, Move) and a.die == 4
                and a.direction == "NE")
    assert scene.try_action(move) is None
    assert [e for e in scene.game.events if e.kind != "said"][-1].kind == "ended"   # (the log lines aside)
    glide = next(e for e in scene.effects if isinstance(e, fx.Glide))
    glint = next(e for e in scene.effects if isinstance(e, fx.Frames))
    assert glint.delay > glide.end_time
    # how it was won, held over the board: the treasure home on the Spanish anchor, named as the frame prints it
    assert scene.ending_shown() == "victory" and scene.ending_button() is not None
    ending = scene.victory.ending
    seat = scene.game.controller("spanish")
    assert ending.icon == "treasure" and ending.winners == [(scene.session.seats[seat].colour, f"P{seat}", ["spanish"])]
    assert tr(ending.title) == f"P{seat} wins!"
    assert tr(ending.how) == "Spanish ship 1 brought the treasure home to the Spanish anchor, C8."
    frames(app, 2)
    assert scene.victory.rect.w > 0 and scene.view.rect.contains(scene.victory.rect)
    assert not scene.victory.rect.collidepoint(scene.view.anchor_point((0, 9)))       # the winning ship in sight
    assert not any(c.tag == "results" for c in scene.timeline.clips())                 # no timer moves on
    for _ in range(30):                                        # a minute passes, the animations end: it waits
        app.clock.advance(2.0)
        scene.update(2.0)
        frames(app, 1)
    assert not isinstance(app.stack.top, ResultsScene) and scene.ending_shown() == "victory"
    click(app, (scene.ending_button().centerx, scene.ending_button().centery))
    assert isinstance(app.stack.top, ResultsScene) and scene.ending_shown() is None


def test_enter_on_the_victory_panel_shows_the_results_and_a_draw_says_why(app):
    from game.core.protocol import Text
    from game.scenes.results import ResultsScene
    # the last enemy ship boarded: the last fleet afloat wins (E2)
    state = two_fleets({"Sp1": (5, 5), "Pi1": (5, 8)}, treasure="Pi1", phase=MOVE, dice=(3, 5))
    scene = table_at(app, state)
    boarding = Move(0, (sid("Sp1"),), "SW", 3)
    assert scene.game.check(boarding) is None and scene.try_action(boarding) is None
    assert scene.game.how.key == "pir.how.sunk_all" and scene.ending_shown() == "victory"
    ending = scene.victory.ending
    assert ending.icon == "sunk" and tr(ending.how) == "Every enemy ship is sunk: P0's fleet is the last afloat."
    frames(app, 2)
    assert not isinstance(app.stack.top, ResultsScene)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, ResultsScene)
    app.stack.pop()
    # a finished game opened again, a draw (the rounds without a sinking): no winner, and why, in the engine's words
    how = Text.of("pir.how.draw_rounds", rounds=300)
    scene = table_at(app, two_fleets({"Sp1": (5, 5), "Pi1": (15, 12)}, phase="over", winners=[], how=how))
    assert scene.finished and scene.ending_shown() == "victory"
    assert not scene.victory.ending.winners and scene.victory.ending.how == how
    assert tr(scene.victory.ending.title) == "A draw" and not isinstance(app.stack.top, ResultsScene)


def test_the_animations_are_clips_of_the_tables_timeline_at_the_speed_set_in_settings(app):
    app.settings.animation_speed = "slow"                       # durations x1.6, applied once: by the timeline
    scene = table_at(app, open_sea())
    target = sorted(scene.landings_of((sid("Sp1"),)))[0]
    press(app, at(scene, (5, 5)))
    press(app, at(scene, target))
    glide = next(e for e in scene.effects if isinstance(e, fx.Glide))
    assert glide in scene.timeline.clips() and scene.timeline.blocking
    assert glide.duration == pytest.approx(fx.STEP_SECONDS * (len(glide.points) - 1))
    scene.update(glide.end_time)                                # slow: not over yet
    assert glide in scene.timeline.clips()
    scene.update(glide.end_time * 0.7)
    assert glide not in scene.timeline.clips() and not scene.timeline.blocking


def test_the_no_move_banner_holds_the_bots_but_not_the_player(app):
    scene = table_at(app, game({"Sp1": (8, 10), "Fr1": (10, 0)}, next_rolls=[[6, 6]]), ["human"] * 4)
    key(app, pygame.K_SPACE)
    banner = next(e for e in scene.effects if isinstance(e, fx.Banner))
    assert scene.dice_rolling() and scene.timeline.blocking     # the tumble holds the bots...
    scene.update(fx.ROLL_SECONDS + 0.01)
    assert not scene.dice_rolling() and banner in scene.timeline.clips()
    assert scene.timeline.blocking      # ...and so does "No legal move" (issue 16: gone before the next seat starts)
    frames(app, 1)
    assert scene.end_button.visible     # the player on turn may act: the banner goes with the action
    key(app, pygame.K_e)
    assert banner not in scene.timeline.clips() and scene.game.current == 1


def test_a_banner_lingers_without_holding_the_bots(app):
    scene = table_at(app, two_fleets(options={"storm": True}, next_rolls=[[4, 4, 4]]))
    key(app, pygame.K_SPACE)
    banner = next(e for e in scene.effects if isinstance(e, fx.Banner) and e.text == tr("pir.ui.storm_banner"))
    assert not banner.blocking and banner.duration > 1.0        # "Storm!" lingers without holding the bots


# -- undo, a loaded game, another state: the table as it is, no animation ----------------------------------
def test_ctrl_z_during_a_glide_shows_the_ship_back_with_no_animation_and_no_wake(app):
    scene = table_at(app, open_sea())
    target = sorted(scene.landings_of((sid("Sp1"),)))[0]
    press(app, at(scene, (5, 5)))
    press(app, at(scene, target))
    assert scene.effects and scene.trails
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.game.ships[sid("Sp1")] == (5, 5)
    assert not scene.effects and not scene.trails and scene.events_synced == len(scene.game.events)
    assert scene.shown_dice == scene.game.dice == [3, 5] and not scene.dice_spent
    assert on_screen(app) == drawn_now(scene)
    assert ring_on_screen(app, scene, (5, 5), palette.GOLD)


def test_a_resumed_game_opens_as_it_was_without_replaying_its_events(app):
    from game import games
    from game.core import saves
    from game.scenes.setup import resume_scene
    scene = table_at(app, open_sea())
    target = sorted(scene.landings_of((sid("Sp1"),)))[0]
    press(app, at(scene, (5, 5)))
    press(app, at(scene, target))
    settle(app, scene)
    app.autosaver.flush(2)
    again = resume_scene(app, games.get("pirateer"), saves.load_save(scene.save_path))
    app.stack.push(again, fade=False)
    frames(app, 2)
    assert again.game.events == scene.game.events and again.events_synced == len(again.game.events)
    assert not again.effects and not again.dice_rolling() and again.shown_dice == again.game.dice
    assert on_screen(app) == drawn_now(again)


def test_another_state_put_in_the_session_is_shown_as_it_is(app):
    scene = table_at(app, open_sea())
    other = open_sea()                                          # the same story, then a move of its own
    other.apply(next(a for a in other.legal_actions() if isinstance(a, Move)))
    scene.session.state = RULES.state_from_json(other.to_json())
    frames(app, 1)
    assert not scene.effects and scene.events_synced == len(other.events)
    assert scene.game.ships == other.ships
    assert on_screen(app) == drawn_now(scene)
