"""What the shared table does for every turn-based game (issue 14, "one table"): the viewer's events to the
game's hook, resync without animating, the timeline that bots wait for and a click skips, a human's action
refused with the engine's reason, choosers over the table. Driven on the tests' card game."""
from __future__ import annotations

import pygame

from game.core.protocol import Text
from game.ui.chooser import Chooser
from game.ui.timeline import Clip
from game.scenes.table import MAX_LATE
from game.ui.widgets import Button
from tests.app.conftest import click, frames, minigame_table, toasts


def _table(app, minigame_entry, kinds=("human", "easy"), seed=4):
    from game.core.session import Seat
    from game.scenes.setup import make_table_scene
    seats = [Seat(f"P{i}", "human" if k == "human" else "bot", None if k == "human" else k, i)
             for i, k in enumerate(kinds)]
    scene = make_table_scene(app, minigame_entry, seats, {}, seed)
    shown: list[tuple[int, object]] = []
    scene.on_events = lambda events, first: shown.extend(enumerate(events, first))
    resyncs: list[int] = []
    scene.on_resync = lambda: resyncs.append(len(scene.state.events))
    app.stack.push(scene, fade=False)
    frames(app, 2)
    return scene, shown, resyncs


def _play_first(scene):
    seat = scene.my_turn()
    assert seat is not None
    assert scene.play(scene.legal()[0])


def test_each_new_event_reaches_the_game_once_as_the_viewer_sees_it(app, minigame_entry):
    scene, shown, _ = _table(app, minigame_entry)
    assert shown == []                                   # what happened before the table opened is not shown
    for _ in range(400):
        if scene.my_turn() is not None:
            _play_first(scene)
        frames(app, 1)
        if scene.finished or any(e.kind == "drew" and e.seat == 1 and e.get("pile") == "deck" for _, e in shown):
            break
    events = scene.state.events_for(0)
    assert [i for i, _ in shown] == list(range(len(events) - len(shown), len(events)))   # in order, each once
    assert all(e == events[i] for i, e in shown)
    bot_drew = [e for _, e in shown if e.kind == "drew" and e.seat == 1 and e.get("pile") == "deck"]
    assert bot_drew and all(e.get("card") is None for e in bot_drew)   # the bot's card from the deck: not ours


def test_an_undo_resyncs_without_showing_anything_again(app, minigame_entry):
    scene, shown, resyncs = _table(app, minigame_entry)
    _play_first(scene)
    frames(app, 1)
    count = len(shown)
    assert count >= 1 and scene.can_undo()
    scene.undo()
    frames(app, 2)
    assert resyncs and len(shown) == count
    assert scene.events_synced == len(scene.state.events)


def test_the_next_bot_move_waits_for_the_animation_and_a_click_skips_it(app, minigame_entry):
    scene, shown, _ = _table(app, minigame_entry, kinds=("easy", "easy"))
    landed: list[bool] = []
    scene.timeline.play(Clip(0.0, 30.0, on_done=lambda: landed.append(True)))
    before = len(scene.session.actions)
    frames(app, 60)                                      # a second of frames: the bots wait
    assert len(scene.session.actions) == before and scene.thinking() is None
    click(app, (5, 5))                                   # impatient: the move lands now
    frames(app, 3)
    assert landed == [True] and len(scene.session.actions) > before


def test_a_lingering_clip_does_not_hold_the_bots(app, minigame_entry):
    scene, _, _ = _table(app, minigame_entry, kinds=("easy", "easy"))
    banner = scene.timeline.play(Clip(0.0, 30.0, blocking=False))
    before = len(scene.session.actions)
    frames(app, 10)
    assert len(scene.session.actions) > before and not banner.done


def test_a_refused_action_says_the_engines_reason_and_changes_nothing(app, minigame_entry):
    import dataclasses
    scene, shown, _ = _table(app, minigame_entry)
    seat = scene.my_turn()
    other_seats = dataclasses.replace(scene.legal()[0], seat=1 - seat)   # the other seat's move, on our turn
    before = scene.state.to_json()
    assert not scene.play(other_seats)
    frames(app, 1)
    assert scene.state.to_json() == before and shown == []
    assert "turn" in toasts(app).lower()                                # mg.reason.not_your_turn, in words


def test_a_chooser_answers_with_its_buttons_and_a_click_outside_cancels_it(app, minigame_entry):
    scene, _, _ = _table(app, minigame_entry)
    picked: list[str] = []
    chooser = Chooser(Text.of("table.undo"), [Button(Text.of("table.menu"), lambda: picked.append("a"))])
    scene.open_chooser(chooser, (640, 360), 400)
    frames(app, 1)
    click(app, chooser.buttons[0].rect.center)
    frames(app, 1)
    assert picked == ["a"]
    click(app, (5, 5))
    frames(app, 1)
    assert scene.chooser is None
    scene.open_chooser(chooser, (640, 360), 400)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    frames(app, 1)
    assert scene.chooser is None and picked == ["a"]


def _scene_only(app, minigame_entry, kinds=("human", "easy"), seed=4):
    return minigame_table(app, minigame_entry, kinds, seed)


def test_the_worked_example_plays_a_card_by_drag_and_drop_on_a_pile_the_engine_accepts(app, minigame_entry):
    from tests.app.conftest import drag
    from tests.support.minigame import Discard
    scene = _scene_only(app, minigame_entry)
    seat = scene.my_turn()
    card = scene.hand[0]
    value = card.payload
    lit = {t.data for t in scene.drag.legal_targets(value)}
    assert ("discard", value // 10) in lit and all(kind in ("expedition", "discard") for kind, _ in lit)
    target = scene.piles[("discard", value // 10)]
    drag(app, card.rect.center, target.rect.center)
    assert scene.session.actions[-1] == Discard(seat, value)


def test_the_worked_example_sends_an_illegal_drop_back_with_the_engines_reason(app, minigame_entry):
    from tests.app.conftest import drag
    scene = _scene_only(app, minigame_entry)
    card = scene.hand[0]
    start = card.rect.topleft
    wrong = scene.piles[("discard", (card.payload // 10 + 1) % 4)]        # another suit's pile
    drag(app, card.rect.center, wrong.rect.center)
    assert scene.session.actions == [] and scene.drag.message == Text.of("mg.reason.wrong_suit")  # R2, named
    frames(app, 30)
    assert scene.hand[0].rect.topleft == start                            # glided back


def test_the_worked_example_shows_a_bots_card_flying_to_its_pile_from_the_event(app, minigame_entry):
    from tests.support.minigame_scene import FlyingCard
    scene = _scene_only(app, minigame_entry, kinds=("easy", "human"))
    for _ in range(60):
        frames(app, 1)
        if scene.timeline.clips(FlyingCard):
            break
    flying = scene.timeline.clips(FlyingCard)
    assert flying and scene.session.actions                                # the bot's move, animated
    played = [a for a in scene.session.actions if hasattr(a, "card")]
    assert flying[0].sprite.payload == played[0].card


def test_resting_the_pointer_on_something_explains_it_and_f1_explains_the_focused_item(app, minigame_entry):
    from game.i18n import tr
    from game.scenes.table import EXPLAIN_AFTER
    scene = _scene_only(app, minigame_entry)
    menu = scene.menu_button.rect.center
    assert scene.explanation_at(menu)[1] == Text.of("table.explain.menu")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=menu, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    assert scene._explaining() is None                                   # not yet: the pointer just came
    before = app.screen.copy()
    frames(app, int(EXPLAIN_AFTER * 60) + 2)
    assert scene._explaining()[1] == Text.of("table.explain.menu")
    assert app.screen.get_view("2").raw != before.get_view("2").raw       # the bubble is drawn, no event needed
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 700), rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    assert scene._explaining() is None
    scene.drag.select(scene.hand[0])                                     # the keyboard's focus: a card
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
    frames(app, 1)
    assert scene._explaining() == (scene.hand[0].rect, Text.of("mg.explain.card", card=scene.hand[0].payload), "card")
    assert tr(Text.of("table.explain.menu")) != "table.explain.menu"      # in the catalogs


def test_no_explanation_covers_the_table_while_a_piece_is_held_nor_just_after_the_drop(app, minigame_entry):
    """Found in a real window: while a card was held over the row, the resting pointer's explanation of the ship
    under it covered the ghost preview; after the drop it popped up again under the unmoved pointer."""
    from game.scenes.table import EXPLAIN_AFTER
    scene = _scene_only(app, minigame_entry)
    card = scene.hand[0].rect.center
    menu = scene.menu_button.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=card, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=card, button=1))
    frames(app, 1)
    for k in range(1, 5):                              # carried over the menu button, then resting there
        x, y = card[0] + (menu[0] - card[0]) * k // 4, card[1] + (menu[1] - card[1]) * k // 4
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0)))
        frames(app, 1)
    assert scene.drag.dragging is not None
    frames(app, int(EXPLAIN_AFTER * 60) + 5)
    assert scene.explanation_at(menu) is not None and scene._explaining() is None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=menu, button=1))
    frames(app, int(EXPLAIN_AFTER * 60) + 5)
    assert scene.drag.dragging is None and scene._explaining() is None    # until the pointer moves on
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=menu, rel=(1, 0), buttons=(0, 0, 0)))
    frames(app, int(EXPLAIN_AFTER * 60) + 5)
    assert scene._explaining()[1] == Text.of("table.explain.menu")


def test_the_real_loop_keeps_running_until_a_resting_pointer_is_explained(app, minigame_entry):
    """App.tick idles when nothing moves; a pointer that has come to rest must still get its explanation
    without another event (found by a newcomer playing in a real window: only F1 worked)."""
    from game.scenes.table import EXPLAIN_AFTER
    scene = _scene_only(app, minigame_entry)
    for _ in range(5):
        app.tick()
    menu = scene.menu_button.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=menu, rel=(0, 0), buttons=(0, 0, 0)))
    before = app.clock.now()
    while app.clock.now() - before < EXPLAIN_AFTER + 0.5:
        app.tick()                                   # the real loop: frames while busy, else short sleeps
    assert scene._explaining()[1] == Text.of("table.explain.menu")
    shown = app.screen.copy()
    app.draw()
    assert app.screen.get_view("2").raw == shown.get_view("2").raw       # it was on the screen already
    ticks = app.frames
    for _ in range(20):
        app.tick()
    assert app.frames == ticks                       # and once it is up, the loop idles again


def test_escape_closes_an_explanation_before_it_pauses(app, minigame_entry):
    from game.scenes.pause import PauseScene
    from tests.app.conftest import key
    scene = _scene_only(app, minigame_entry)
    scene.drag.select(scene.hand[0])
    frames(app, 1)
    key(app, pygame.K_F1)
    frames(app, 1)
    assert scene._explaining() is not None
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert scene._explaining() is None and app.stack.top is scene            # the explanation went, no pause
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert scene.drag.selected is None and app.stack.top is scene            # then the card is put down (issue 20)
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert isinstance(app.stack.top, PauseScene)                              # then Escape pauses as always


def test_escape_pauses_at_once_while_the_resting_pointer_shows_an_explanation(app, minigame_entry):
    """Found by a newcomer: the pointer rests on the table most of the time, so its explanation is nearly always up,
    and a first Escape that only closed it looked like Escape did nothing. It goes with the pause now."""
    from game.scenes.pause import PauseScene
    from tests.app.conftest import key
    scene = _scene_only(app, minigame_entry)
    card = scene.hand[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=card.rect.center, rel=(1, 0), buttons=(0, 0, 0)))
    for _ in range(60):
        frames(app, 1)
        if scene._explaining() is not None:
            break
    assert scene._explaining() is not None                                   # the pointer's explanation is up
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert isinstance(app.stack.top, PauseScene)                              # one Escape: the pause
    assert scene._explaining() is None


def test_a_rules_page_shows_the_games_pictures_between_its_paragraphs(app, minigame_entry):
    import dataclasses

    from game.scenes.rules import RulesScene
    from tests.support.minigame_pictures import COLOUR
    entry = dataclasses.replace(minigame_entry, package=dataclasses.replace(
        minigame_entry.package, rules_summary=("mg.rules.1", "@cards", "@no-such-picture", "mg.rules.1"),
        rules_pictures="tests.support.minigame_pictures"))
    scene = RulesScene(app, entry)
    app.stack.push(scene, fade=False)
    frames(app, 2)
    page = scene.page(500)
    plain = RulesScene(app, dataclasses.replace(entry, package=dataclasses.replace(
        entry.package, rules_summary=("mg.rules.1", "mg.rules.1")))).page(500)
    assert page.get_height() >= plain.get_height() + 90                  # the picture is in, the missing one not
    found = [(x, y) for y in range(0, page.get_height(), 3) for x in range(0, 500, 5)
             if page.get_at((x, y))[:3] == COLOUR]
    assert found                                                           # drawn on the page


def test_a_kept_picture_is_painted_again_only_when_its_look_changes_and_keeps_its_explanations(app, minigame_entry):
    scene, _shown, _resyncs = _table(app, minigame_entry)
    surface = pygame.Surface((200, 100))
    painted: list[str] = []

    def paint(colour, name):
        def draw(layer):
            painted.append(name)
            layer.fill(colour)
            scene.explain(pygame.Rect(10, 10, 20, 20), Text.of("table.menu"), "button")
        return draw

    scene.explained = []
    scene.kept("x", ("red",), surface, paint((200, 0, 0), "red"))
    scene.explained = []
    scene.kept("x", ("red",), surface, paint((0, 200, 0), "not again"))
    assert painted == ["red"] and surface.get_at((5, 5))[:3] == (200, 0, 0)
    assert [(tuple(r), k) for r, _t, k in scene.explained] == [((10, 10, 20, 20), "button")]   # given again
    scene.kept("x", ("blue",), surface, paint((0, 0, 200), "blue"))
    assert painted == ["red", "blue"] and surface.get_at((5, 5))[:3] == (0, 0, 200)
    scene.kept("x", None, surface, paint((0, 100, 0), "moving"))
    scene.kept("x", None, surface, paint((0, 100, 0), "moving"))
    assert painted[-2:] == ["moving", "moving"]                  # something moves: painted every time


def test_a_kept_picture_may_be_a_frame_late_for_the_same_viewer_never_for_another(app, minigame_entry):
    """The frame of a move paints no kept picture with a ``view`` (the frame budget); the next frames paint them one
    a frame. A picture is never left up for another viewer, another window size or another language."""
    scene, _shown, _resyncs = _table(app, minigame_entry)
    surface = pygame.Surface((200, 100))
    painted: list[str] = []

    def paint(name):
        return lambda layer: painted.append(name)

    scene.kept("x", 1, surface, paint("first"), view=("viewer", 0))
    scene._repaints = 0                                          # the frame of a move
    scene.kept("x", 2, surface, paint("late"), view=("viewer", 0))
    assert painted == ["first"]                                  # the same viewer's: a frame late
    scene.kept("x", 2, surface, paint("other viewer"), view=("viewer", 1))
    assert painted == ["first", "other viewer"]                  # another viewer's: painted at once
    scene._repaints = 1
    scene.kept("x", 3, surface, paint("a"), view=("viewer", 1))
    scene.kept("y", 1, surface, paint("b"), view=("viewer", 1))  # a new picture is always painted
    scene.kept("x", 4, surface, paint("c"), view=("viewer", 1))
    assert painted[2:] == ["a", "b"]                            # one a frame: "c" waits for the next
    for _ in range(MAX_LATE - 1):
        scene._repaints = 0                                      # moves in every frame:
        scene.kept("x", 4, surface, paint("c"), view=("viewer", 1))
    assert painted[2:] == ["a", "b"]
    scene._repaints = 0
    scene.kept("x", 4, surface, paint("c"), view=("viewer", 1))
    assert painted[2:] == ["a", "b", "c"]                       # ... it waits no more than MAX_LATE frames


def test_a_kept_picture_in_steps_is_painted_one_step_a_frame_on_a_layer_of_its_own_and_shown_when_whole(
        app, minigame_entry):
    """A picture painted in steps: while it may wait, one step a frame (each takes one of the frame's repaints) on a
    layer of its own; the picture before it stays up, with its explanations, until the last step is done. A look
    that changes half-way starts again; one that may not wait (a new picture, another viewer, MAX_LATE frames) is
    painted whole at once."""
    scene, _shown, _resyncs = _table(app, minigame_entry)
    surface = pygame.Surface((200, 100))
    painted: list[str] = []

    def steps(colour, name):
        def under(layer):
            painted.append(name + " under")
            layer.fill((0, 0, 0))
            scene.explain(pygame.Rect(0, 0, 5, 5), Text.of("table.menu"), name)
        def over(layer):
            painted.append(name + " over")
            layer.fill(colour, pygame.Rect(0, 0, 100, 100))
            scene.explain(pygame.Rect(0, 0, 9, 9), Text.of("table.menu"), name)
        return [under, over]

    def frame(look, name, colour, view=("viewer", 0), repaints=1):
        scene._repaints, scene.explained = repaints, []
        scene.kept("x", look, surface, steps(colour, name), view=view)
        return surface.get_at((5, 5))[:3], [k for _r, _t, k in scene.explained]

    assert frame(1, "red", (200, 0, 0)) == ((200, 0, 0), ["red", "red"])      # a new picture: whole at once
    assert painted == ["red under", "red over"]
    assert frame(2, "blue", (0, 0, 200)) == ((200, 0, 0), ["red", "red"])     # one step: the red one stays up
    assert frame(2, "blue", (0, 0, 200), repaints=0) == ((200, 0, 0), ["red", "red"])   # a frame of a move
    assert frame(2, "blue", (0, 0, 200)) == ((0, 0, 200), ["blue", "blue"])   # the last step: shown
    assert painted[2:] == ["blue under", "blue over"]
    assert frame(2, "blue", (0, 0, 200)) == ((0, 0, 200), ["blue", "blue"]) and len(painted) == 4
    frame(3, "green", (0, 200, 0))                                            # half-way ...
    assert frame(4, "grey", (90, 90, 90)) == ((0, 0, 200), ["blue", "blue"])  # ... the look changed: again
    assert painted[4:] == ["green under", "grey under"]
    assert frame(4, "grey", (90, 90, 90), view=("viewer", 1)) == ((90, 90, 90), ["grey", "grey"])  # another viewer
    assert painted[6:] == ["grey under", "grey over"]                         # (not on the other's first step)
    painted.clear()
    for k in range(MAX_LATE):                                                 # moves in every frame ...
        assert frame(5, "gold", (200, 200, 0), view=("viewer", 1), repaints=0)[0] == (90, 90, 90)
    assert frame(5, "gold", (200, 200, 0), view=("viewer", 1), repaints=0)[0] == (200, 200, 0)
    assert painted == ["gold under", "gold over"]                             # ... MAX_LATE frames at most


def test_a_picture_in_steps_makes_its_next_layer_with_its_first_so_no_later_frame_makes_one(
        app, minigame_entry, monkeypatch):
    """A window-sized surface takes milliseconds to make: the frame that paints a picture in steps for the first
    time (it paints every picture) also makes the layer its next picture is painted on, and from then on the two
    layers take turns. The frames after a move make none."""
    import game.scenes.table as table_module
    scene, _shown, _resyncs = _table(app, minigame_entry)
    surface = pygame.Surface((200, 100))
    made: list[tuple] = []
    real = pygame.Surface

    class Counting:                                    # the table module's pygame, its Surface counted
        def __getattr__(self, name):
            return getattr(pygame, name)

        @staticmethod
        def Surface(*args, **kwargs):
            made.append(args[0])
            return real(*args, **kwargs)
    monkeypatch.setattr(table_module, "pygame", Counting())

    def steps(colour):
        return [lambda layer: layer.fill((0, 0, 0)), lambda layer: layer.fill(colour, pygame.Rect(0, 0, 50, 50))]

    def frame(look, colour, repaints=1):
        scene._repaints = repaints
        scene.kept("x", look, surface, steps(colour), view=("viewer", 0))
        return surface.get_at((5, 5))[:3]

    assert frame(1, (200, 0, 0)) == (200, 0, 0)
    assert made == [(200, 100), (200, 100)]                # the picture's layer and the next one's, at once
    for look, colour in ((2, (0, 0, 200)), (3, (0, 200, 0)), (4, (90, 90, 90))):
        frame(look, colour, repaints=0)                    # the frame of a move: the picture waits
        frame(look, colour)
        assert frame(look, colour) == colour               # painted in two frames, shown
    assert len(made) == 2                                  # on the two layers, in turn: none made since


def test_a_picture_left_late_is_drawn_by_the_loop_without_waiting_for_the_mouse(app, minigame_entry):
    """The frame of a move leaves a kept picture late; the main loop (``App.tick``, no input at all) draws the
    next frames until it is up. A newcomer under Xvfb saw a clip stand on its old space for seconds, until the
    mouse moved: the loop idled on a picture left late."""
    scene, _shown, _resyncs = _table(app, minigame_entry)
    look = {"colour": (200, 0, 0)}
    plain = scene.draw_table

    def draw_table(surface, viewer):
        plain(surface, viewer)
        colour = look["colour"]
        scene.kept("test", colour, surface, [lambda layer: layer.fill((0, 0, 0)),
                                             lambda layer: layer.fill(colour, pygame.Rect(0, 0, 40, 40))],
                   area=pygame.Rect(0, 0, 40, 40), view=scene.view_key(surface, viewer))
    scene.draw_table = draw_table
    scene.mark_dirty()
    for _ in range(30):                                  # the table settles: nothing moves, the loop idles
        app.tick()
    assert not app.busy() and app.screen.get_at((5, 5))[:3] == (200, 0, 0)
    look["colour"] = (0, 0, 200)
    scene._moved_this_frame = True                      # the frame of a move: the picture waits ...
    scene.mark_dirty()
    app.tick()
    assert app.screen.get_at((5, 5))[:3] == (200, 0, 0)
    pygame.event.clear()
    for _ in range(MAX_LATE + 2):                        # ... and the loop draws it, the mouse never moving
        app.tick()
    assert app.screen.get_at((5, 5))[:3] == (0, 0, 200)
    for _ in range(3):
        app.tick()
    assert not app.busy()                                # then it idles again


def test_the_log_gains_its_new_lines_a_frame_late_only_while_the_same_viewer_sits(app, minigame_entry):
    scene, _shown, _resyncs = _table(app, minigame_entry)
    viewer = scene.viewer()
    assert viewer == 0
    frames(app, 2)
    before = list(scene.logpanel.entries)
    _play_first(scene)
    lines = scene.log_lines(viewer)
    assert lines != before
    scene._repaints, scene.dirty = 0, False                      # the frame of the move
    scene._sync_log(viewer)
    assert scene.logpanel.entries == before and scene._picture_due   # a frame late, and the next frame draws it
    scene._repaints = 1
    scene._sync_log(viewer)
    assert scene.logpanel.entries[-len(lines):] == lines[-len(scene.logpanel.entries):]
    scene.logpanel.entries = before                              # another viewer sits down: never late
    scene._repaints = 0
    scene._sync_log(1)
    assert scene.logpanel.entries != before


def test_an_inline_bots_thinking_is_not_charged_to_the_frame_the_bench_times(app, minigame_entry, monkeypatch):
    """In play a worker process thinks for the bots; the bench's bots think inline, in the frame's own thread, and
    ``frame_hook`` gets the frame's CPU without that thinking. Driven on a fake CPU clock: a bot's choice costs it
    5 s, drawing and the rest a millisecond a reading."""
    import time as time_module
    cpu = [0.0]

    def thread_time() -> float:
        cpu[0] += 0.001
        return cpu[0]
    monkeypatch.setattr(time_module, "thread_time", thread_time)
    import dataclasses
    made = minigame_entry.package.bot
    choices = []

    def slow_bot(*args, **kwargs):
        bot = made(*args, **kwargs)
        choose = bot.choose

        def thinking(view):
            cpu[0] += 5.0
            choices.append(view)
            return choose(view)
        bot.choose = thinking
        return bot
    scene = minigame_table(app, minigame_entry, kinds=("easy", "easy"))
    scene.entry = dataclasses.replace(scene.entry, package=dataclasses.replace(scene.entry.package, make_bot=slow_bot))
    seen: list[float] = []
    app.frame_hook = seen.append
    for _ in range(60):
        scene.mark_dirty()
        frames(app, 1)
    app.frame_hook = None
    assert len(choices) >= 2 and len(seen) == 60
    assert max(seen) < 0.1                     # no frame carries a bot's 5 s
    assert sum(seen) > 0                       # the frames' own CPU is there
