"""What a newcomer found at the Playa Pirata table (issue 16): the sunset tells who takes each treasure only as
its card turns over, the prompt follows the turn, Undo is not where End turn was, the score rows explain
themselves, the players' headers stay readable. Driven by real frames on the tests' ManualClock."""
from __future__ import annotations

from game.core.protocol import Text
from tests.app.conftest import app, click, frames, start_table  # noqa: F401 - the app fixture
from tests.games.playa_pirata.test_scene_events import play_to_hand_end


def start(app, kinds, seed=3, options=None):
    return start_table(app, "playa-pirata", kinds, seed, options)


def capture_spots(entries) -> set[int]:
    """The treasures (1-based) the log says someone takes."""
    return {dict(e.text.params)["spot"] for e in entries if e.text.key == "pp.log.capture"}


def score_lines(entries) -> int:
    return sum(1 for e in entries if e.text.key == "pp.log.hand_score")


def test_the_sunset_tells_each_taker_and_points_only_as_its_card_turns(app):
    scene = start(app, ["human", "easy", "easy"], seed=5, options={"match-format": "two-hands"})
    play_to_hand_end(app, scene)
    events = scene.viewer_events()
    took = {e.get("spot"): (e.seat, e.get("points") or 0) for e in events if e.kind == "took"}
    scored = {}
    for e in events:
        if e.kind == "scored":
            scored[e.seat] = e.get("points")
    assert took and scene.sunset_spots() >= max(took) + 1
    before = [scene.hand_match[2][s] - scored[s] for s in range(3)]
    seen = set()
    while not scene.all_revealed():
        k = scene.revealed_count()
        scene.mark_dirty()
        frames(app, 1)
        if scene.all_revealed():
            break
        k = scene.revealed_count()
        seen.add(k)
        entries = scene.logpanel.entries
        spots = capture_spots(entries)
        assert spots == {spot + 1 for spot in took if spot < k}, (k, spots)   # treasure k+1's taker: not yet
        assert score_lines(entries) == 0                                       # nor anyone's hand score
        assert not scene.recap.visible                                         # no recap tells it either
        for seat in range(3):                                                  # the panel: only what turned
            turned = sum(p for spot, (who, p) in took.items() if who == seat and spot < k)
            assert scene._running_total(seat) == before[seat] + turned
    assert len(seen) > 2                           # the reveal was followed card by card
    scene.mark_dirty()
    frames(app, 2)
    entries = scene.logpanel.entries
    assert capture_spots(entries) == {spot + 1 for spot in took}
    assert score_lines(entries) == 3
    assert [scene._running_total(s) for s in range(3)] == [scene.hand_match[2][s] for s in range(3)]


def unclaimed_spots(entries) -> set[int]:
    """The treasures (1-based) the log says nobody takes (R31)."""
    return {dict(e.text.params)["spot"] for e in entries if e.text.key == "pp.log.unclaimed"}


def sunset_times(app, scene):
    """The test clock's time at which each treasure turned over and the scoring came up, frame by frame; and
    at each step the treasures the log said were taken or left to nobody."""
    times, told = [app.clock.now()], []
    last = scene.revealed_count()
    while not scene.all_revealed():
        frames(app, 1)
        if scene.revealed_count() != last:
            last = scene.revealed_count()
            times.append(app.clock.now())
            entries = scene.logpanel.entries
            told.append((last, capture_spots(entries) | unclaimed_spots(entries)))
    return times, told


def test_the_sunset_gives_each_card_time_to_be_read_and_holds_the_beach_before_the_scoring(app):
    scene = start(app, ["human", "easy", "easy"], seed=5, options={"match-format": "two-hands"})
    play_to_hand_end(app, scene)
    spots = scene.sunset_spots()
    times, told = sunset_times(app, scene)
    assert len(times) == spots + 2                                 # the start, every card, the scoring
    gaps = [b - a for a, b in zip(times, times[1:])]
    assert all(0.6 <= g <= 0.8 for g in gaps[:-1]), gaps           # each card: time to read it
    assert 1.5 <= gaps[-1] <= 2.0, gaps[-1]                         # the whole beach, before the panel
    for shown, spots_told in told[:-1]:                            # R29, R30, R31: each one's line as it turns
        assert spots_told == set(range(1, shown + 1)), (shown, spots_told)


def test_the_sunset_is_slower_at_slow_animation_speed(app):
    app.settings.animation_speed = "slow"
    scene = start(app, ["human", "easy"], seed=3, options={"match-format": "two-hands"})
    play_to_hand_end(app, scene)
    times, _ = sunset_times(app, scene)
    gaps = [b - a for a, b in zip(times, times[1:])]
    assert all(0.6 * 1.6 <= g <= 0.8 * 1.6 for g in gaps[:-1]), gaps
    assert 1.5 * 1.6 <= gaps[-1] <= 2.0 * 1.6


def test_R31_the_sunset_says_nobody_takes_an_untaken_treasure_as_its_card_turns(app):
    scene = start(app, ["human", "easy", "easy"], seed=5, options={"match-format": "two-hands"})
    play_to_hand_end(app, scene)
    events = scene.viewer_events()
    start_at = max(i for i, e in enumerate(events) if e.kind == "revealed" and e.get("what") == "beach")
    nobody = {e.get("spot") + 1 for e in events[start_at:] if e.kind == "unclaimed"}
    assert nobody, "this deal leaves a treasure to nobody"
    _, told = sunset_times(app, scene)
    entries = scene.logpanel.entries
    assert unclaimed_spots(entries) == nobody
    order = [dict(e.text.params)["spot"] for e in entries if e.text.key in ("pp.log.capture", "pp.log.unclaimed")]
    assert order[-scene.sunset_spots():] == list(range(1, scene.sunset_spots() + 1))   # in beach order


def test_a_click_during_the_sunset_shows_the_whole_log(app):
    scene = start(app, ["human", "easy"], seed=3, options={"match-format": "two-hands"})
    play_to_hand_end(app, scene)
    frames(app, 1)
    assert not scene.all_revealed() and scene.log_held_from() is not None
    click(app, (10, 10))                            # impatient: everything turns over at once
    frames(app, 1)
    assert scene.all_revealed() and scene.log_held_from() is None
    from game.core.events import log_of
    assert scene.logpanel.entries[-1] == log_of(scene.state.events, 0)[-1]


# The prompt follows the turn (R8, R9, R18, R19, R24, R28) ------------------------------------------------------
def table_at(app, state, human: int = 0):
    from tests.games.playa_pirata.test_drops import table_at as opened
    return opened(app, state, human)


def prompt(scene) -> str:
    return scene._step_key(scene.hand_view(scene.viewer()))


def test_R8_after_burying_in_round_1_the_prompt_says_to_end_the_turn(app):
    from game.games.playa_pirata.rules import BuryTreasure
    from tests.games.playa_pirata.test_scene import wait_for_my_turn
    scene = start(app, ["human", "easy"])
    wait_for_my_turn(app, scene)
    assert scene.hand_view(0).round == 1 and prompt(scene) == "pp.ui.step_burial"
    assert scene.try_action(next(a for a in scene.legal() if isinstance(a, BuryTreasure))) is None
    frames(app, 2)
    assert prompt(scene) == "pp.ui.step_buried" and scene.end_button.visible
    assert "End turn" in scene._status(scene.hand_view(0), 0)


def test_R18_R19_the_towel_step_says_what_is_required_then_what_is_optional(app):
    from game.games.playa_pirata.rules import PlayTowels
    from tests.games.playa_pirata.helpers import Buried, position
    state = position(3, round=3, turn=0, step="B", beach=[Buried(), Buried(), Buried()])
    scene = table_at(app, state)
    assert prompt(scene) == "pp.ui.step_b" and not scene.end_button.visible        # R18: one group is required
    assert "required" in scene._status(scene.hand_view(0), 0)
    first = next(a for a in scene.legal() if isinstance(a, PlayTowels))
    assert scene.try_action(first) is None
    frames(app, 2)
    assert prompt(scene) == "pp.ui.step_b_more" and scene.end_button.visible        # R19: a second is optional
    assert "optional" in scene._status(scene.hand_view(0), 0)
    second = next(a for a in scene.legal() if isinstance(a, PlayTowels) and a.target != first.target)
    assert scene.try_action(second) is None
    frames(app, 2)
    assert prompt(scene) == "pp.ui.step_end" and scene.end_button.visible           # two treasures: done


def test_undo_has_a_place_of_its_own_and_a_second_click_on_end_turn_takes_nothing_back(app):
    from game.games.playa_pirata.rules import EndTurn, PlayTowels
    from tests.games.playa_pirata.helpers import Buried, position
    state = position(3, round=3, turn=0, step="B", beach=[Buried(), Buried(), Buried()])
    scene = table_at(app, state)
    frames(app, 1)
    undo_before = scene.undo_button.rect.copy()
    assert scene.undo_button.visible and not scene.end_button.visible
    assert scene.try_action(next(a for a in scene.legal() if isinstance(a, PlayTowels))) is None
    frames(app, 2)
    end = scene.end_button.rect.copy()
    assert scene.undo_button.rect == undo_before                     # Undo did not move when End turn came
    assert not end.colliderect(scene.undo_button.rect)
    assert end.x - scene.undo_button.rect.right >= 20                 # well apart, not side by side
    click(app, end.center)
    click(app, end.center)                                            # the impatient second click
    frames(app, 2)
    assert sum(1 for a in scene.session.actions if a == EndTurn(0)) == 1
    assert scene.state.current_player != 0 or scene.hand_view(0).round == 4


def test_R24_when_nothing_fits_one_click_shows_the_towels_and_ends_the_turn(app):
    from tests.games.playa_pirata.helpers import REST, Buried, position
    state = position(2, round=3, turn=0, step="B", towels={0: [1]}, central=Buried(pile=[(1, 3)]),
                     beach=[Buried(pile=[(0, REST), (1, 2)])])
    scene = table_at(app, state)
    frames(app, 1)
    assert prompt(scene) == "pp.ui.step_b_none"
    assert scene.show_button.visible and scene.show_button.text == Text.of("pp.ui.show_end")
    assert scene.explanation_at(scene.show_button.rect.center)[1] == Text.of("pp.explain.button.show_end")
    click(app, scene.show_button.rect.center)
    frames(app, 2)
    assert scene.state.current_player != 0                            # one click: shown, and the turn is over
    names = [type(a).__name__ for a in scene.session.actions]
    assert names[names.index("ShowHand") + 1] == "EndTurn"


def test_R28_a_final_turn_with_nothing_to_play_ends_with_one_click(app):
    from tests.games.playa_pirata.helpers import REST, Buried, position
    state = position(2, phase="final", towels={0: [1], 1: []}, central=Buried(pile=[(0, REST), (1, REST), (1, 3)]),
                     beach=[Buried(pile=[(1, 2)])])
    starter = state.current_player
    scene = table_at(app, state, human=starter)
    frames(app, 1)
    assert prompt(scene) == "pp.ui.step_final_none" and scene.end_button.visible
    click(app, scene.end_button.rect.center)
    frames(app, 2)
    assert scene.hand_end is not None                                 # the sunset: the hand is over


# Score rows explain themselves (R33, R34, R35, R36, R37; R35: one skull alone scores nothing) ---------------
def test_R35_every_row_of_the_breakdown_explains_itself_in_both_languages(app):
    from game.i18n import has_key, tr
    from tests.games.playa_pirata.test_scene import end_the_hand
    from tests.games.playa_pirata.helpers import Buried, position
    state = position(2, phase="final",
                     beach=[Buried("treasure-skull-1", [(0, 1)]), Buried("treasure-5-a", [(1, 1)])])
    scene = table_at(app, state, human=state.current_player)
    view = end_the_hand(app, scene)
    keys = [key for _, key in view.row_rects]
    assert {"pp.score.numbers", "pp.score.skulls", "pp.score.umbrella", "pp.score.towels_left",
            "pp.stat.captured"} <= set(keys)
    for rect, key in view.row_rects:
        assert scene.explanation_at(rect.center)[1] == Text.of(f"{key}.explain"), key
        assert has_key(f"{key}.explain", "en") and has_key(f"{key}.explain", "it")
    skulls = dict(scene.hand_end[1].breakdown[0])["pp.score.skulls"]
    assert skulls == 0                                                # R35: one skull alone scores nothing ...
    assert "One skull alone scores nothing" in tr(Text.of("pp.score.skulls.explain"))   # ... and the row says so


def test_the_results_rows_explain_themselves_where_the_pointer_rests(app):
    import pygame
    from game.ui.results_view import ResultsView
    from tests.games.playa_pirata.test_scene_events import play_to_hand_end
    scene = start(app, ["human", "easy"], seed=3)
    play_to_hand_end(app, scene)
    result = scene.state.result()
    view = ResultsView(result, ["Anna", "Carla (bot, medium)"])
    view.layout(pygame.Rect(0, 0, 1000, 520))
    view.draw(app.screen)
    ours = [(rect, key) for rect, key in view.row_rects if key.startswith("pp.")]
    assert {key for _, key in ours} >= {"pp.score.numbers", "pp.score.skulls", "pp.score.umbrella"}
    rect, key = next((rect, key) for rect, key in ours if key == "pp.score.umbrella")
    before = app.screen.copy()
    view.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert view.row_explanation(rect.center) == Text.of(f"{key}.explain")
    view.draw(app.screen)
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(app.screen, "RGB")   # the bubble


# A hand with nothing of that kind: the prompt and the button say what is left (R24, R26, R28, R9) ------------
def test_R26_with_no_towels_left_the_prompt_and_button_just_end_the_turn(app):
    from tests.games.playa_pirata.helpers import REST, Buried, position
    state = position(3, round=3, turn=0, step="B", towels={0: []},
                     beach=[Buried(pile=[(0, REST)]), Buried(), Buried()])
    scene = table_at(app, state)
    frames(app, 1)
    assert prompt(scene) == "pp.ui.step_b_empty"
    status = scene._status(scene.hand_view(0), 0)
    assert "no towels left" in status and "show" not in status.lower()
    assert scene.show_button.visible and scene.show_button.text.key == "pp.ui.end_turn"
    assert scene._status_explained(scene.hand_view(0), 0).key == "pp.explain.status.b_empty"
    scene.show_button.click()                      # one click: nothing to show, the turn ends (R24)
    frames(app, 2)
    assert scene.state.hand.current != 0


def test_R26_with_no_towels_left_the_e_key_ends_the_turn_as_the_button_says(app):
    import pygame
    from tests.app.conftest import key
    from tests.games.playa_pirata.helpers import REST, Buried, position
    state = position(3, round=3, turn=0, step="B", towels={0: []},
                     beach=[Buried(pile=[(0, REST)]), Buried(), Buried()])
    scene = table_at(app, state)
    key(app, pygame.K_e)
    frames(app, 2)
    assert scene.state.hand.current != 0


def test_R24_with_towels_that_do_not_fit_the_button_still_shows_them(app):
    from tests.games.playa_pirata.helpers import REST, Buried, position
    state = position(3, round=3, turn=0, step="B", towels={0: [1]}, central=Buried(pile=[(0, REST), (1, 3)]),
                     beach=[Buried(pile=[(2, 3)]), Buried(pile=[(1, REST), (2, 3)])])
    scene = table_at(app, state)
    frames(app, 1)
    assert prompt(scene) == "pp.ui.step_b_none" and scene.show_button.text.key == "pp.ui.show_end"


def test_R28_a_final_turn_with_no_towels_left_says_so(app):
    from tests.games.playa_pirata.helpers import REST, Buried, position
    state = position(3, phase="final", step="B", towels={0: []}, beach=[Buried(pile=[(0, REST)])])
    scene = table_at(app, state)
    frames(app, 1)
    assert prompt(scene) == "pp.ui.step_final_empty" and "no towels left" in scene._status(scene.hand_view(0), 0)
    assert scene.end_button.visible


def test_R9_step_a_names_only_what_is_left_in_hand(app):
    from tests.games.playa_pirata.helpers import Buried, position
    only_pirates = position(3, round=3, turn=0, treasures={0: []}, pirates={0: ["spyglass", "map"]},
                            beach=[Buried(), Buried(), Buried()])
    scene = table_at(app, only_pirates)
    assert prompt(scene) == "pp.ui.step_a_pirate" and "bury a" not in scene._status(scene.hand_view(0), 0)
    only_treasures = position(3, round=3, turn=0, pirates={0: []}, beach=[Buried(), Buried(), Buried()])
    scene = table_at(app, only_treasures)
    assert prompt(scene) == "pp.ui.step_a_bury" and "pirate" not in scene._status(scene.hand_view(0), 0)
    nowhere = position(3, round=3, turn=0, treasures={0: []}, pirates={0: ["map"]},
                       central=Buried(face_up=True), beach=[Buried(face_up=True), Buried(face_up=True)])
    scene = table_at(app, nowhere)                 # R13: every treasure already face up, the Map goes on the pile
    assert prompt(scene) == "pp.ui.step_a_pile" and "Pirates played" in scene._status(scene.hand_view(0), 0)


# The beach explains what may be done on it now, and no explanation covers the turn's buttons -----------------
def test_R18_the_sand_explains_the_towel_step_and_its_bubble_leaves_the_buttons_free(app, monkeypatch):
    import pygame
    from game.ui import widgets
    from tests.games.playa_pirata.helpers import Buried, position
    from tests.games.playa_pirata.test_explained import rest_on
    state = position(3, round=3, turn=0, step="B", beach=[Buried(), Buried(), Buried()])
    scene = table_at(app, state)
    frames(app, 2)
    buttons = scene.explanation_avoids()
    assert scene.undo_button.rect in buttons and scene.show_button.visible is False
    drawn = []
    real = widgets.draw_bubble

    def recorded(surface, text, pos, **kw):
        rect = real(surface, text, pos, **kw)
        if surface is app.screen or surface.get_size() == app.screen.get_size():
            drawn.append((text, rect))
        return rect
    monkeypatch.setattr(widgets, "draw_bubble", recorded)
    # a point of open sand just above the buttons (the pointer rests there, the bubble would fall on them)
    y = scene.beach.bottom - 6
    x = next(x for x in range(scene.undo_button.rect.x, scene.beach.right, 4)
             if (found := scene.explanation_at((x, y))) is not None and found[2] == "sand")
    rect, text, kind = rest_on(app, scene, (x, y))
    assert kind == "sand" and text.key == "pp.explain.sand_towels"         # R18: towels go on treasures
    assert "bury" not in tr_en(text)
    drawn.clear()
    scene.mark_dirty()
    frames(app, 1)
    bubble = [r for t, r in drawn if t == tr_en(text)][-1]
    assert bubble.collidelist(buttons) < 0, (bubble, buttons)
    # every button's own explanation leaves the other buttons free too
    for b in (scene.undo_button,):
        drawn.clear()
        rest_on(app, scene, b.rect.center)
        scene.mark_dirty()
        frames(app, 1)
        assert drawn and drawn[-1][1].collidelist([o for o in buttons if o != b.rect]) < 0


def test_R9_the_sand_explains_burying_only_when_a_treasure_may_be_buried(app):
    from tests.games.playa_pirata.helpers import Buried, position
    scene = table_at(app, position(3, round=3, turn=0, beach=[Buried(), Buried(), Buried()]))
    hand = scene.hand_view(0)
    assert scene._sand_key(hand, 0) == "pp.explain.sand"
    scene = table_at(app, position(3, round=3, turn=0, step="end", beach=[Buried(), Buried(), Buried()]))
    assert scene._sand_key(scene.hand_view(0), 0) == "pp.explain.sand_done"
    scene = table_at(app, position(3, round=3, turn=0, treasures={0: []}, pirates={0: ["map"]},
                                   beach=[Buried(), Buried(), Buried()]))
    assert scene._sand_key(scene.hand_view(0), 0) == "pp.explain.sand_pirate"
    assert scene._sand_key(scene.hand_view(0), 1) == "pp.explain.sand_wait"


def tr_en(text) -> str:
    from game.i18n import tr
    return tr(text)


# Small things: one form of pile badge, a header line that wraps instead of cutting ----------------------------
def test_a_long_last_move_wraps_in_its_header_instead_of_being_cut(app):
    import pygame
    from game.games.playa_pirata.moves import SeatMove
    from tests.games.playa_pirata.helpers import Buried, position
    scene = table_at(app, position(3, round=3, turn=0, beach=[Buried(), Buried(), Buried()]))
    panel = scene.portrait_rects()[1]
    move = SeatMove(1, 0, parts=[Text.of("pp.move.buried", spot=9), Text.of("pp.move.towels", n=2, spot=2),
                                 Text.of("pp.move.towels", n=1, spot=6)])
    area = pygame.Rect(panel.x + 44, panel.y + 30, panel.w - 54, 24)
    scene._draw_move_line(app.screen, move, area)
    line = scene.move_lines[1]
    assert panel.contains(line) and line.bottom <= panel.y + 54 + 2      # above the row of cards
    assert line.h > 18                                                     # on two lines, nothing cut
    drawn = scene.move_line_texts[1]
    assert len(drawn) == 2 and "…" not in " ".join(drawn) and "towel on #6" in drawn[-1]


def test_every_pile_badge_reads_times_n_even_under_a_last_move_frame(app):
    from tests.games.playa_pirata.helpers import Buried, position
    from game.games.playa_pirata.rules import PlayTowels
    state = position(3, round=3, turn=0, step="B", beach=[Buried(), Buried(), Buried()])
    scene = table_at(app, state)
    action = next(a for a in scene.legal() if isinstance(a, PlayTowels) and len(a.values) == 1)
    assert scene.try_action(action) is None
    for _ in range(200):
        frames(app, 1)
        if not app.busy():
            break
    scene.mark_dirty()
    frames(app, 1)
    badge = scene.count_rects[action.target]
    drawn = app.screen.subsurface(badge).copy()
    clean = app.screen.copy()
    scene._draw_count(clean, 1, badge.midleft)                          # the badge alone, as drawn on top
    assert all(drawn.get_at((x, y)) == clean.subsurface(badge).get_at((x, y))
               for x in range(badge.w) for y in range(badge.h))
