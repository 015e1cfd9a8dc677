"""The Pirates, Planks & Pesetas table driven as a player drives it: real pygame mouse and key events, the tests'
clock (``app.clock`` is a ManualClock: nothing here waits on the wall clock)."""
from __future__ import annotations

import pygame
import pytest

from game.core.protocol import Text
from game.games.planks.positions import position
from game.games.planks.rules import EndTurn, Move, Rescue
from tests.app.conftest import app, click, drag, frames, key, start_table  # noqa: F401 - the app fixture
from tests.app.conftest import table_at as open_table_at


def table_at(app, state, kinds=("human", "human", "human")):
    """The table of a game that begins at ``state`` (a built position), opened as the app opens every game."""
    return open_table_at(app, "planks", state, kinds)


def settle(app, scene, seconds=6.0):
    for _ in range(int(seconds / 0.1)):
        app.clock.advance(0.1)
        frames(app, 1)


def until_recap(app, scene):
    """The human (seat 0) plays its first legal move each turn until the bots' turns give it a recap."""
    for _ in range(6000):
        app.clock.advance(0.25)
        frames(app, 1)
        if scene.recap.visible and not scene.timeline.blocking:
            break
        if scene.my_turn() == 0 and not scene.timeline.blocking:
            scene.play(scene.legal()[0])
    assert scene.recap.visible


def foot(scene, pirate):
    """A point on the pirate's picture (its body, above the feet)."""
    r = scene._pirate_rect(pirate)
    return r.centerx, r.centery


def plank_point(scene, plank):
    return scene.lay.plank_rect(plank).center


def test_R16_a_pirate_dragged_to_a_lit_plank_jumps_there_and_pays_its_MP(app):
    scene = table_at(app, position(3, planks={2: ["red-3"], 8: ["green-1"], 9: ["blue-2"]}))
    drag(app, foot(scene, "pirate-red-3"), plank_point(scene, 5))
    g = scene.session.state
    assert g.planks[5] == ["pirate-red-3"] and g.budgets[0] == 9 and g.spent == 3
    settle(app, scene, 2.0)
    assert g.current == 0 and scene.end_button.enabled       # R14: 1 MP spent, End turn may be pressed


def test_a_refusals_reason_by_the_pirate_fades_with_no_input_and_leaves_the_table_clean(app):
    """A newcomer under Xvfb dropped a pirate too far: the reason stayed by the plank through the bots' turns, the
    scoring and the pause menu, because nothing gave the drag controller its time. The loop alone (no input) lets
    it fade; then the frame on screen is what a fresh drawing gives."""
    scene = table_at(app, position(3, planks={2: ["red-3"], 8: ["green-1"], 9: ["blue-2"]}))
    drag(app, foot(scene, "pirate-red-3"), plank_point(scene, 8))        # 6 MP away: more than a turn's 5
    assert scene.session.state.planks[2] == ["pirate-red-3"] and scene.drag.message is not None
    pygame.event.clear()
    for _ in range(600):                                                 # ten seconds of the loop, no input
        app.tick()
        if not app.busy():
            break
    assert scene.drag.message is None and not app.busy()
    shown = app.screen.copy()
    scene.mark_dirty()
    app.step([])
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(app.screen, "RGB")


def test_every_lit_plank_is_a_legal_move_and_every_refusal_names_its_rule(app):
    scene = table_at(app, position(3, planks={0: ["red-1", "green-2", "blue-3"], 4: ["red-5"], 10: ["red-2"]},
                                   island=["red-3", "red-4"], spent=1, moved=["pirate-red-2"]))
    probes = scene.drop_probes()
    assert probes
    lit = refused = 0
    for payload, target in probes:
        verdict = scene.drop_verdict(payload, target)
        action = scene.drop_action(payload, target)
        if verdict is True:
            lit += 1
            assert action is not None and scene.session.state.check(action) is None
        else:
            refused += 1
            assert isinstance(verdict, Text) and verdict.key.startswith("planks.reason."), verdict
    assert lit and refused


def test_R21_a_full_plank_says_beforehand_who_falls_into_the_sea(app):
    scene = table_at(app, position(3, planks={3: ["blue-2", "red-5", "green-1"], 1: ["red-4"]}))
    target = scene._targets[3]
    says = scene._hint("pirate-red-4", target)
    assert says.key == "planks.ui.hint_fall" and says.kwargs["pirate"].kwargs["size"] == 2
    drag(app, foot(scene, "pirate-red-4"), plank_point(scene, 3))
    assert "pirate-blue-2" in scene.session.state.island
    settle(app, scene, 4.0)


def test_R30_a_move_that_ends_the_round_says_so_before_it_is_made(app):
    # green is already on 0/1; red has 2 MP left: a 2-plank jump makes red the second on 0/1 (R30)
    state = position(3, planks={1: ["red-4"], 6: ["green-1"], 9: ["blue-2"]}, budgets={0: 2, 1: 0})
    scene = table_at(app, state)
    says = scene._hint("pirate-red-4", scene._targets[3])
    assert says.key == "planks.ui.hint_end"
    says = scene._hint("pirate-red-4", scene._targets[2])
    assert says.key == "planks.ui.cost"


def test_R23_a_castaway_dragged_onto_the_stern_plank_climbs_the_ladder(app):
    scene = table_at(app, position(3, planks={0: ["green-1"], 9: ["blue-2"]}, island=["red-2"]))
    assert "pirate-red-2" in scene.session.state.island
    target = scene._targets[6]
    action = scene.drop_action("pirate-red-2", target)
    assert isinstance(action, Rescue) and action.steps == 0
    says = scene._hint("pirate-red-2", target)
    assert says.key == "planks.ui.cost_rescue" and says.kwargs["steps"] == 0       # "2 + 0 MP"
    drag(app, foot(scene, "pirate-red-2"), plank_point(scene, 7))      # one plank on, away from the ladder (R23)
    g = scene.session.state
    assert g.planks[7][-1] == "pirate-red-2" and g.budgets[0] == 9
    settle(app, scene, 3.0)


def test_click_a_pirate_then_a_plank_is_the_same_as_a_drag(app):
    scene = table_at(app, position(3, planks={2: ["red-3"], 8: ["green-1"], 9: ["blue-2"]}))
    click(app, foot(scene, "pirate-red-3"))
    frames(app, 2)
    assert scene.drag.selected is not None
    click(app, plank_point(scene, 0))
    assert scene.session.state.planks[0][-1] == "pirate-red-3"


def test_the_keyboard_picks_a_pirate_and_a_plank_and_ends_the_turn(app):
    scene = table_at(app, position(3, planks={2: ["red-3"], 8: ["green-1"], 9: ["blue-2"]}, island=[]))
    key(app, pygame.K_TAB)
    assert scene.drag.selected is not None
    key(app, pygame.K_DOWN)
    assert scene.drag.focused_target is not None
    before = scene.session.state.budgets[0]
    key(app, pygame.K_RETURN)
    settle(app, scene, 2.0)
    g = scene.session.state
    assert g.budgets[0] < before
    if g.current == 0:
        key(app, pygame.K_e)
        assert scene.session.state.current == 1


def test_R17_a_pirate_that_moved_is_marked_and_cannot_be_picked_up_again(app):
    scene = table_at(app, position(3, planks={2: ["red-3"], 5: ["red-1"], 8: ["green-1"], 9: ["blue-2"]}))
    drag(app, foot(scene, "pirate-red-3"), plank_point(scene, 3))
    settle(app, scene, 2.0)
    why = scene.pick_up_reason("pirate-red-3")
    assert why is not None and why.key == "planks.reason.moved"
    kinds = {text.key for _r, text, _k in scene.explained}
    assert "planks.explain.moved" in kinds


def test_end_turn_and_undo_until_end_turn(app):
    scene = table_at(app, position(3, planks={2: ["red-3"], 8: ["green-1"], 9: ["blue-2"]}))
    drag(app, foot(scene, "pirate-red-3"), plank_point(scene, 4))
    settle(app, scene, 2.0)
    assert scene.undo_button.enabled
    click(app, scene.undo_button.rect.center)
    frames(app, 3)
    assert scene.session.state.planks[2] == ["pirate-red-3"]
    drag(app, foot(scene, "pirate-red-3"), plank_point(scene, 4))
    settle(app, scene, 2.0)
    click(app, scene.end_button.rect.center)
    frames(app, 3)
    assert scene.session.state.current == 1
    assert any(isinstance(a, EndTurn) for a in scene.session.actions)


def test_R3_R4_the_starting_player_places_the_chests_and_the_first_pirate_by_clicking_planks(app):
    scene = start_table(app, "planks", ["human", "human", "human"], seed=4,
                        options={"first-plank": "choose", "first-player": "seat-1"})
    assert scene.session.state.phase == "chests"
    click(app, plank_point(scene, 4))
    frames(app, 2)
    g = scene.session.state
    assert g.chests[0] == 4 and g.phase == "pirates"
    click(app, plank_point(scene, 7))
    frames(app, 2)
    g = scene.session.state
    assert g.phase == "play" and any(g.planks[7])


def test_R7_two_players_choose_their_colours_from_a_chooser(app):
    scene = start_table(app, "planks", ["human", "human"], seed=4,
                        options={"colours": "choose", "first-player": "seat-1"})
    settle(app, scene, 1.0)
    assert scene.chooser is not None
    button = scene.chooser.buttons[0]
    click(app, button.rect.center)
    frames(app, 2)
    g = scene.session.state
    assert g.colours[0] and len(g.colours[0]) == 2 and g.phase != "colours"


def test_V1_the_feel_draw_offer_is_a_chooser_for_the_drawer(app):
    # red wins the small chest at plank 0 and draws with feel-draw: the offer is red's to choose
    state = position(3, planks={0: ["red-1"], 1: ["green-2"], 5: ["blue-3"]}, budgets={0: 1, 1: 0},
                     feel_draw=True)
    scene = table_at(app, state)
    g = scene.session.state
    move = next(a for a in g.legal_actions(0) if isinstance(a, Move) and a.pirate == "pirate-red-1"
                and a.steps == 1 and a.direction == 1)
    scene.play(move)
    settle(app, scene, 12.0)
    g = scene.session.state
    if g.phase == "keep" and g.current == 0:
        assert scene.chooser is not None and len(scene.chooser.buttons) >= 1
        click(app, scene.chooser.buttons[0].rect.center)
        frames(app, 2)
        assert scene.session.state.phase != "keep" or scene.session.state.current != 0


def test_a_bots_only_game_shows_each_round_end_and_the_game_end_then_the_results(app):
    from game.scenes.results import ResultsScene
    scene = start_table(app, "planks", ["easy", "easy", "easy"], seed=5)
    app.inline_bots = True
    seen = []
    for _ in range(40000):
        if isinstance(app.stack.top, ResultsScene):
            break
        app.clock.advance(0.25)
        frames(app, 1)
        shown = scene.ending_shown() if app.stack.top is scene else None
        if shown is None:
            continue
        seen.append(shown)
        for _ in range(20):
            app.clock.advance(2.0)
            frames(app, 1)
        assert scene.ending_shown() == shown and app.stack.top is scene
        click(app, scene.ending_button().center)
        frames(app, 2)
    assert isinstance(app.stack.top, ResultsScene)
    assert seen.count("game-end") == 1 and seen[-1] == "game-end"
    assert seen.count("round-end") == scene.session.state.round - 1


def test_every_thing_drawn_explains_itself_in_both_languages(app):
    from game.i18n import has_key
    scene = table_at(app, position(3, planks={0: ["red-1", "green-2", "blue-3"], 4: ["red-5"]},
                                   island=["red-3"], spent=1, moved=["pirate-red-5"]))
    click(app, foot(scene, "pirate-red-1"))
    frames(app, 2)
    kinds = {k for _r, _t, k in scene.explained}
    assert kinds <= set(scene.EXPLAINED_KINDS)
    assert {"ship", "plank", "pirate", "castaway", "chest", "preview", "island", "ladder", "board", "treasure",
            "bag", "seat", "prompt", "target", "button"} <= kinds | {"treasure"}
    for _r, text, _k in scene.explained:
        for lang in ("en", "it"):
            assert has_key(text.key, lang), (text.key, lang)


def test_each_seat_wears_its_pirates_colour_in_the_recap_the_log_and_the_panel(app):
    """A newcomer saw Dan, who plays Yellow, with Green's chip in 'Since your last move': the recap took the
    colours chosen at setup, the table its pirates'. Every part of the table shows a seat in one colour."""
    from game.games.planks.rules import COLOURS
    from game.games.planks.sprites import palette_index
    scene = start_table(app, "planks", ["human", "easy", "easy", "easy"], 3)
    until_recap(app, scene)
    wanted = [palette_index(COLOURS[s]) for s in range(4)]
    assert [scene.seat_colour(s) for s in range(4)] == wanted
    assert wanted != [s.colour for s in scene.session.seats]            # (the setup's colours differ)
    assert scene.recap.colours == wanted and scene.logpanel.seat_colours == wanted
    assert [s.colour for s in scene.shown_seats()] == wanted             # the results


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_recap_lies_in_the_side_panel_over_no_plank_no_number_not_the_log_nor_the_viewers_row(app, players):
    """Found by newcomers: 'Since your last move' covered planks 8-10, their numbers and pirates, and the log. It
    lies in the side panel: under the bag when it fits there, else over the other players' rows (it cuts its
    lines to the room). The ship, every plank and number, the log, the viewer's own row, the head and the
    buttons stay in sight."""
    scene = start_table(app, "planks", ["human"] + ["easy"] * (players - 1), 3)
    until_recap(app, scene)
    frames(app, 2)
    recap = scene.recap.rect
    assert scene.panel.rect.contains(recap)
    assert not recap.colliderect(scene.panel.rows[0]) and not recap.colliderect(scene.panel.head)
    for b in (scene.end_button, scene.undo_button, scene.menu_button):
        assert not recap.colliderect(b.rect)
    for p in range(12):
        assert not recap.colliderect(scene.lay.plank_rect(p)) and not recap.colliderect(scene._number_box(p)), p
    assert not recap.colliderect(scene.lay.log)


def test_every_planks_number_is_in_sight_beside_the_side_panel_and_the_log(app):
    """Found by a newcomer: the starboard planks' numbers were cut by the side panel, and a lit plank's frame
    covered them. Every number lies on the table, clear of the panel, the log and every plank, at any usual
    window size."""
    from game.ui import theme
    from tests.app.test_window_sizes import resize
    for size in ((1280, 720), (960, 540), (1920, 1080)):
        scene = table_at(app, position(3, planks={2: ["red-3"], 8: ["green-1"], 9: ["blue-2"]}))
        resize(app, size)
        frames(app, 2)
        click(app, foot(scene, "pirate-red-3"))                       # every reachable plank lit
        frames(app, 2)
        for p in range(12):
            box = scene._number_box(p)
            assert scene.lay.table.contains(box), (size, p)
            assert not box.colliderect(scene.panel.rect) and not box.colliderect(scene.lay.log), (size, p)
            assert box.collidelist([scene.lay.plank_rect(q).inflate(theme.px(8), 0) for q in range(12)]) < 0, (size, p)
        app.stack.pop()


def test_R11_with_two_players_the_turn_counter_has_a_line_of_its_own_saying_what_it_counts(app):
    """Found by a newcomer: with 2 players the movement board was squeezed beside an unlabelled turn counter. The
    board is as wide as with 4 players; the counter lies under it, inside the row, with 'Turns left' beside it,
    and both the counter and its words explain it."""
    two = start_table(app, "planks", ["human", "easy"], 3)
    frames(app, 3)
    wide = two.panel.board_rects[0].w
    counters = [(r, t) for r, t, k in two.explained if k == "counter"]
    assert len(counters) == 4                                    # two counters, each with its words
    for seat, row in enumerate(two.panel.rows):
        board = two.panel.board_rects[seat]
        mine = [r for r, _t in counters if row.contains(r)]
        assert len(mine) == 2 and all(r.top >= board.bottom for r in mine), seat
    app.stack.pop()
    four = start_table(app, "planks", ["human", "easy", "easy", "easy"], 3)
    frames(app, 3)
    assert wide >= four.panel.board_rects[0].w


def test_a_refusals_reason_goes_the_moment_a_move_is_played(app):
    """A newcomer pressed End turn right after a refused drop: the reason stayed over the next player's row. It goes
    with the next action."""
    scene = table_at(app, position(3, planks={2: ["red-3"], 8: ["green-1"], 9: ["blue-2"]}))
    drag(app, foot(scene, "pirate-red-3"), plank_point(scene, 8))        # refused: 6 MP away
    assert scene.drag.message is not None
    drag(app, foot(scene, "pirate-red-3"), plank_point(scene, 5))        # a legal jump
    assert scene.session.state.planks[5] == ["pirate-red-3"] and scene.drag.message is None


def test_the_recap_waits_for_the_round_panel_and_opens_after_next_round(app):
    """A newcomer had the round's scoring panel and 'Since your last move' up together, each with its button: the
    recap is offered once the panel is put away."""
    scene = start_table(app, "planks", ["human", "easy", "easy", "easy"], 3)
    until_recap(app, scene)
    scene.recap.hide()
    scene._recap_for = None
    scene._round_due = True                                   # the round's panel is due
    scene._offer_recap()
    assert not scene.recap.visible
    scene._round_due = False                                  # Next round
    scene._offer_recap()
    assert scene.recap.visible


def test_the_replay_banner_lies_over_the_deck_on_screen_clear_of_the_log_and_the_panel(app):
    """A newcomer saw the replay's banner cut by the window's left edge (it was centred left of the log)."""
    scene = start_table(app, "planks", ["human", "easy", "easy", "easy"], 3)
    until_recap(app, scene)
    scene.replay()
    frames(app, 3)
    banners = [r for r, _t, k in scene.explained if k == "replay"]
    assert banners
    banner = banners[0]
    assert app.screen.get_rect().contains(banner)
    assert not banner.colliderect(scene.lay.log) and not banner.colliderect(scene.panel.rect)


def test_while_a_bot_plays_the_head_says_so_thinking_or_playing_its_moves(app):
    """A newcomer saw the head blank under "Dan's turn" while Dan's moves played: it says the bot is thinking, or
    that it plays and where to follow it."""
    from game.i18n import tr
    scene = start_table(app, "planks", ["easy", "human", "easy"], 3)
    said = set()
    for _ in range(400):
        app.clock.advance(0.1)
        frames(app, 1)
        seat = scene.turn_shown()
        if seat is not None and scene.is_bot(seat) and not scene._round_due and not scene.ending.visible:
            prompt = scene.header_lines()[2]
            assert prompt, seat
            said.add(prompt.split(":")[0])
        if scene.my_turn() is not None:
            break
    assert tr("planks.ui.bot_playing", name=scene.seat_name(0)).split(":")[0] in said
