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
