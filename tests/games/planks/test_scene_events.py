"""What the Pirates, Planks & Pesetas table shows comes from the engine's events (issue 16): each event is animated
on the table's timeline, bots wait for it, and a seat's last move stays marked until it moves again."""
from __future__ import annotations

from game.games.planks.clips import ChestSlide, Fall, Flight, Hop, Judge, Slide
from game.games.planks.positions import position
from game.games.planks.rules import CHESTS, Move
from game.scenes.table import MAX_LATE
from tests.app.conftest import app, frames  # noqa: F401 - the app fixture
from tests.app.conftest import table_at as open_table_at


def table_at(app, state, kinds=("human", "human", "human")):
    return open_table_at(app, "planks", state, kinds)


def move(scene, pirate, direction, steps):
    g = scene.session.state
    action = Move(g.current, pirate, direction, steps)
    assert scene.play(action), g.check(action)


def advance(app, seconds):
    """``seconds`` of the table's time: frames of 1/60 s each (the tests' frame), the clock along with them."""
    for _ in range(int(seconds * 60)):
        app.clock.advance(1 / 60)
        frames(app, 1)


def test_R19_a_jump_arcs_over_every_plank_it_passes_and_lands_where_the_engine_put_it(app):
    scene = table_at(app, position(3, planks={2: ["red-3"], 8: ["green-1"], 9: ["blue-2"]}))
    move(scene, "pirate-red-3", 1, 3)
    hop = next(c for c in scene.timeline.clips(Hop) if c.piece == "pirate-red-3")
    assert len(hop.stops) == 3 and scene.timeline.blocking        # one arc a plank; bots wait for it
    assert "pirate-red-3" in scene.timeline.hidden()                # the clip draws the pirate, not the table
    slide = next(c for c in scene.timeline.clips(Slide) if c.seat == 0)
    assert (slide.frm, slide.to) == (12, 9)                         # R12: the clip slides 12 -> 9
    advance(app, 2.0)
    assert not scene.timeline.clips(Hop)
    assert scene._drawn_at["pirate-red-3"] == scene.lay.place(5, 0)


def test_R21_the_pushed_pirate_waits_for_the_landing_then_splashes_and_swims_to_the_island(app):
    scene = table_at(app, position(3, planks={3: ["blue-2", "red-5", "green-1"], 1: ["red-4"]}))
    move(scene, "pirate-red-4", 1, 2)
    fall = next(c for c in scene.timeline.clips(Fall))
    hop = next(c for c in scene.timeline.clips(Hop))
    assert fall.piece == "pirate-blue-2" and fall.wait >= hop.delay + hop.duration - 1e-6
    assert fall.phase == "wait"
    advance(app, 0.2 + hop.duration)
    assert fall.phase in ("fall", "swim")
    advance(app, 3.0)
    assert "pirate-blue-2" in scene.session.state.island and not scene.timeline.clips(Fall)


def test_R34_the_scoring_judges_each_chest_in_turn_then_the_treasures_fly_and_the_round_waits(app):
    # red is the second on 0/1 with this move (R30): the round is scored at once
    state = position(3, planks={0: ["red-1"], 3: ["green-5", "blue-4"], 6: ["blue-1"], 9: ["green-2"]},
                     budgets={0: 1, 1: 0})
    scene = table_at(app, state)
    move(scene, "pirate-red-1", 1, 1)
    judges = scene.timeline.clips(Judge)
    assert [c.chest for c in judges] == list(CHESTS)
    assert all(b.delay >= a.delay + a.duration - 1e-6 for a, b in zip(judges, judges[1:]))     # one after another
    assert scene.timeline.clips(Flight)                                                          # R40: tiles fly
    assert scene.bot_due() is None and scene.ending_shown() is None
    assert scene.chest_planks() == {c: p for c, p in zip(CHESTS, state.chests)}   # shown where they were scored
    advance(app, 30.0)
    assert scene.ending_shown() == "round-end"                     # held until Next round
    assert scene.shown_budget(0) == 0                              # the clips are not back on 12 yet
    scene.ending.button.on_click()
    frames(app, 1)
    slides = scene.timeline.clips(ChestSlide)
    assert {c.chest for c in slides} == set(CHESTS)                # R44: the chests slide two planks
    advance(app, 3.0)
    assert scene.shown_budget(0) == 12
    assert scene.chest_planks() == {c: p for c, p in zip(CHESTS, scene.session.state.chests)}


def test_R35_while_a_chest_is_scored_its_cancelled_pirates_shake_over_the_kept_ship_as_a_fresh_drawing_shows(app):
    """Scoring no longer paints the whole ship every frame: the ship's picture is kept with the judged plank lit, and
    the pirates a shared size cancels (R35) shake over it. At every moment of the scoring the window and its
    explanations are exactly what a drawing from scratch shows, and the picture is painted again only when a chest's
    judging begins or ends."""
    import pygame
    state = position(3, planks={0: ["red-1"], 3: ["green-4", "blue-4", "red-2"], 6: ["blue-1"], 9: ["green-2"]},
                     budgets={0: 1, 1: 0})
    scene = table_at(app, state)
    move(scene, "pirate-red-1", 1, 1)
    shaken, pictures = set(), set()
    for _ in range(200):
        app.clock.advance(1 / 60)
        frames(app, 1)
        for _ in range(5):                                 # (a picture in four steps may be shown late)
            app.draw()
        kept = pygame.image.tobytes(app.screen, "RGB")
        told = [(tuple(r), t, k) for r, t, k in scene.explained]
        judging = scene._judging()
        if judging:
            shaken |= set(judging)
            pictures.add(id(scene._kept["table"][2]))
        scene.forget_kept()
        app.draw()
        assert pygame.image.tobytes(app.screen, "RGB") == kept
        assert [(tuple(r), t, k) for r, t, k in scene.explained] == told
    assert {"pirate-green-4", "pirate-blue-4"} <= shaken    # the tie on plank 4 was judged ...
    assert 0 < len(pictures) < 40                          # ... over a picture kept, not painted every frame


def test_each_seats_last_move_stays_marked_until_it_moves_again(app):
    scene = table_at(app, position(3, planks={2: ["red-3"], 8: ["green-1"], 9: ["blue-2"]}))
    move(scene, "pirate-red-3", 1, 1)
    scene.play(next(a for a in scene.session.state.legal_actions(0) if a.kind == "planks.end"))
    advance(app, 2.0)
    frames(app, 1)
    marks = [t for _r, t, k in scene.explained if k == "last-move"]
    assert any(t.kwargs["to"] == 4 for t in marks)
    move(scene, "pirate-green-1", -1, 2)
    advance(app, 2.0)
    frames(app, 1)
    marks = [t for _r, t, k in scene.explained if k == "last-move"]
    assert {t.kwargs["to"] for t in marks} == {4, 7}               # red's stays while green moves


def test_R12_the_sliding_clip_is_drawn_over_the_panel_kept_picture_as_a_fresh_drawing_shows_it(app):
    """The panel's picture is kept between frames; a clip sliding down its board (R12) is drawn over it each frame:
    at every moment of the slide the panel looks exactly as when it is drawn from scratch."""
    import pygame
    scene = table_at(app, position(3, planks={2: ["red-3"], 8: ["green-1"], 9: ["blue-2"]}))
    move(scene, "pirate-red-3", 1, 3)
    seen = set()
    for _ in range(12):
        advance(app, 0.1)
        step, app.clock.step = app.clock.step, 0.0        # two frames at the same moment:
        scene.mark_dirty()
        frames(app, 1)                                    # the kept picture
        kept = pygame.image.tobytes(app.screen.subsurface(scene.panel.rect), "RGB")
        scene.forget_kept()                               # and the panel painted from scratch
        scene.mark_dirty()
        frames(app, 1)
        app.clock.step = step
        assert pygame.image.tobytes(app.screen.subsurface(scene.panel.rect), "RGB") == kept
        seen.add(kept)
    assert len(seen) > 3                                   # the clip was seen moving


def test_a_new_prompt_repaints_the_panel_head_alone_as_a_fresh_drawing_shows_it(app):
    """Whose turn and what to do change more often than anything else on the panel: the head is painted again
    on the kept picture by itself, and the panel looks exactly as when it is drawn from scratch."""
    import pygame
    scene = table_at(app, position(3, planks={2: ["red-3"], 8: ["green-1"], 9: ["blue-2"]}))
    frames(app, 2)
    real = scene.header_lines
    body = scene._kept["panel"]
    for lines in (("Someone else's turn", "", "A much longer prompt " * 6), ("", "", ""), real()):
        scene.header_lines = lambda lines=lines: lines
        step, app.clock.step = app.clock.step, 0.0
        scene.mark_dirty()
        frames(app, 1)
        assert scene._kept["panel-head"][0][1] == scene.header_lines()      # the head was painted again ...
        assert scene._kept["panel"] is body                               # ... alone
        kept = pygame.image.tobytes(app.screen.subsurface(scene.panel.rect), "RGB")
        said = [(tuple(r), t, k) for r, t, k in scene.explained]
        scene.forget_kept()
        scene.mark_dirty()
        frames(app, 1)
        app.clock.step = step
        assert pygame.image.tobytes(app.screen.subsurface(scene.panel.rect), "RGB") == kept
        assert [(tuple(r), t, k) for r, t, k in scene.explained] == said
        body = scene._kept["panel"]


def test_R21_the_ship_picture_is_kept_while_pirates_stand_and_a_fresh_drawing_shows_the_same_at_every_moment(app):
    """The sea, the ship, the trails, the chests and the standing pirates are one kept picture (the table's frame
    budget), painted again only when one of them changes; what clips carry (a jump, a pushed pirate's fall and
    swim, R19, R21) is drawn over it. At every moment of a move that pushes a pirate into the sea, and once it is
    over, the window and its explanations are exactly what a drawing from scratch shows; while a pirate is held
    nothing is kept."""
    import pygame
    scene = table_at(app, position(3, planks={3: ["blue-2", "red-5", "green-1"], 1: ["red-4"]}))
    frames(app, 2)
    ship = scene._kept["table"]
    scene.mark_dirty()
    frames(app, 1)
    assert scene._kept["table"] is ship                    # nothing changed: not painted again

    def same_as_fresh() -> bytes:
        step, app.clock.step = app.clock.step, 0.0
        scene.mark_dirty()
        frames(app, 1)
        for _ in range(MAX_LATE):                          # a picture painted in steps may be a few frames late
            app.draw()
        kept = pygame.image.tobytes(app.screen, "RGB")
        said = [(tuple(r), t, k) for r, t, k in scene.explained]
        scene.forget_kept()
        scene.mark_dirty()
        frames(app, 1)
        app.clock.step = step
        assert pygame.image.tobytes(app.screen, "RGB") == kept
        assert [(tuple(r), t, k) for r, t, k in scene.explained] == said
        return kept

    move(scene, "pirate-red-4", 1, 2)
    seen = set()
    for _ in range(30):
        advance(app, 0.1)
        seen.add(same_as_fresh())
    assert not scene.timeline.blocking and len(seen) > 5   # the jump, the fall and the swim were seen
    assert "pirate-blue-2" in scene.game.island
    same_as_fresh()
    pirate = next(p for p in scene.game.planks[3] if scene.game.owner_of(p) == scene.game.current)
    scene.drag.select(next(t for t in scene.drag.draggables if scene.drag.payload_of(t) == pirate))
    frames(app, 1)
    assert "table" not in scene._kept                      # picked up: painted afresh every frame

def test_a_move_is_marked_once_its_hops_have_played(app):
    """Issue 16's last-move trail appears when the pirate has landed, not while it is still in the air (and the
    frame of the move does not paint it: the table's frame budget)."""
    scene = table_at(app, position(3, planks={2: ["red-3"], 8: ["green-1"], 9: ["blue-2"]}))
    frames(app, 1)
    move(scene, "pirate-red-3", 1, 3)
    frames(app, 1)
    assert scene.timeline.blocking
    assert not [t for _r, t, k in scene.explained if k == "last-move"]        # in the air: not marked yet
    advance(app, 2.0)
    frames(app, 1)
    assert not scene.timeline.blocking
    marks = [t for _r, t, k in scene.explained if k == "last-move"]
    assert [t.kwargs["to"] for t in marks] == [6]
