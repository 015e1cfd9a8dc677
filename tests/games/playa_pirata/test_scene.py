"""The Playa Pirata table driven as a player drives it: real pygame mouse events, drag and drop."""
from __future__ import annotations

import json

import pygame
import pytest

from game.games.playa_pirata.cards import TOWEL_VALUE, UNKNOWN
from game.games.playa_pirata.rules import STEP_A, STEP_B, BuryTreasure, PlayTowels
from tests.app.conftest import start_table, app, click, frames, drag  # noqa: F401 - the app fixture


def start(app, kinds, seed=3, options=None):
    return start_table(app, "playa-pirata", kinds, seed, options)




def wait_for_my_turn(app, scene, limit=500):
    for _ in range(limit):
        if scene.my_turn() is not None:
            scene._rebuild()
            return
        frames(app, 1)
    raise AssertionError("never my turn")


def sprite_of(scene, kind):
    return next(s for s in scene.hand_sprites if s.payload.kind == kind and not s.dimmed)


def empty_sand(scene):
    """A point of the beach with no spot on it."""
    beach = scene.beach
    for y in range(beach.bottom - 10, beach.y, -12):
        for x in range(beach.x + 10, beach.right - 120, 12):
            if not any(r.collidepoint(x, y) for r in scene.spot_rects) and not scene.discard_rect.collidepoint(x, y):
                return (x, y)
    raise AssertionError("no free sand")


def test_burying_by_dragging_a_treasure_onto_the_sand(app):
    scene = start(app, ["human", "easy"])
    wait_for_my_turn(app, scene)
    before = len(scene.hand_view(0).beach)
    treasure = sprite_of(scene, "treasure")
    drag(app, treasure.rect.center, empty_sand(scene))
    assert len(scene.hand_view(0).beach) == before + 1
    assert isinstance(scene.session.actions[-1], BuryTreasure) and scene.session.actions[-1].seat == 0
    # the burier still sees what it buried: its face is in the viewer's view, not the opponent's
    mine = scene.hand_view(0).beach[-1].treasure
    assert mine != UNKNOWN and scene.hand_view(1).beach[-1].treasure == UNKNOWN


def test_an_illegal_drop_glides_back_with_the_reason(app):
    scene = start(app, ["human", "easy"])
    wait_for_my_turn(app, scene)
    assert scene.hand_view(0).round == 1  # burial round: towels may not be played
    towels = [s for s in scene.hand_sprites if s.payload.kind == "towel"]
    origin = towels[0].rect.topleft
    actions = len(scene.session.actions)
    drag(app, towels[0].rect.center, scene.spot_rects[0].center)
    frames(app, 40)  # the glide back
    assert len(scene.session.actions) == actions  # nothing was played
    assert scene.hand_sprites and next(s for s in scene.hand_sprites if s.payload.card == towels[0].payload.card)
    assert app.toasts.texts() or scene.drag.message is not None  # the reason is on screen
    moved_back = next(s for s in scene.hand_sprites if s.payload.card == towels[0].payload.card)
    assert moved_back.rect.topleft == origin


def play_to_step_b(app, scene):
    """Bury (step A) on my turn in round 2+, so that towels are playable."""
    for _ in range(60):
        wait_for_my_turn(app, scene)
        hand = scene.hand_view(0)
        if hand.round >= 2 and hand.step == STEP_B:
            return
        treasure = next((s for s in scene.hand_sprites if s.payload.kind == "treasure" and not s.dimmed), None)
        if treasure is not None:
            drag(app, treasure.rect.center, empty_sand(scene))
        else:
            scene.try_action(scene.legal()[0])
        frames(app, 2)
    raise AssertionError("never reached step B")


def test_a_group_of_towels_is_gathered_by_clicks_and_dropped_on_a_treasure(app):
    scene = start(app, ["human", "easy"], seed=5)
    play_to_step_b(app, scene)
    hand = scene.hand_view(0)
    target = next(i for i, sp in enumerate(hand.beach) if sp.umbrella is None and
                  hand.need(0, i) is not None and hand.need(0, i) <= 4)
    need = hand.need(0, target)
    towels = sorted((s for s in scene.hand_sprites if s.payload.kind == "towel"),
                    key=lambda s: TOWEL_VALUE[s.payload.card])
    group, total = [], 0
    for s in towels:
        if total >= need and len(group) >= 2:
            break
        group.append(s.payload.card)
        total += TOWEL_VALUE[s.payload.card]
    for card in group:
        sprite = next(s for s in scene.hand_sprites if s.payload.card == card)
        click(app, (sprite.rect.x + 6, sprite.rect.centery))
    assert sorted(scene.selected) == sorted(group)
    sprite = next(s for s in scene.hand_sprites if s.payload.card == group[-1])
    already = list(scene.flying)  # a rival's card may still be gliding
    drag(app, (sprite.rect.x + 6, sprite.rect.centery), scene.spot_rects[target].center)
    last = scene.session.actions[-1]
    assert isinstance(last, PlayTowels) and last.target == target
    assert sorted(last.values, reverse=True) == sorted((TOWEL_VALUE[c] for c in group), reverse=True)
    assert scene.selected == []
    # every card of the group glides (fanned so each value shows), then the fan collapses into the pile
    mine = [s for s in scene.flying if s not in already]
    assert len(mine) == len(group)
    xs = set()
    for _ in range(600):  # frames take real time (dt from the clock): about a second of gliding
        frames(app, 1)
        xs.add(tuple(sorted(s.rect.x for s in mine if s in scene.flying)))
        if not any(s in scene.flying for s in mine):
            break
    assert not any(s in scene.flying for s in mine)
    assert any(len(set(x)) == len(group) for x in xs if len(x) == len(group))  # seen apart in flight


def test_hot_seat_never_shows_another_humans_treasures(app):
    scene = start(app, ["human", "human"], seed=7)
    seen = []
    orig = scene._draw_hand_area

    def spy(surface, hand, viewer):
        seen.append((viewer, scene.state.current_player, [s.payload.card for s in scene.hand_sprites]))
        orig(surface, hand, viewer)
    scene._draw_hand_area = spy
    for _ in range(30):
        if scene.privacy_for is not None:
            seen.clear()
            scene.mark_dirty()
            frames(app, 1)
            assert seen == []  # the table is not drawn behind the cover
            click(app, scene.privacy.button.rect.center)
            continue
        scene.mark_dirty()
        frames(app, 1)
        viewer, current, cards = seen[-1]
        assert viewer == current
        full = scene.state.hand
        other = 1 - viewer
        assert not set(cards) & set(full.treasures[other])  # none of the other human's treasures
        scene.try_action(scene.legal()[0])
        frames(app, 1)


def test_end_turn_button_and_autosave_after_each_action(app):
    scene = start(app, ["human", "easy"], seed=5)
    play_to_step_b(app, scene)
    scene.try_action(next(a for a in scene.legal() if isinstance(a, PlayTowels)))
    frames(app, 2)
    assert scene.end_button.visible
    click(app, scene.end_button.rect.center)
    assert scene.state.current_player != 0 or scene.hand_view(0).step == STEP_A
    app.autosaver.flush(2)
    saved = json.loads(scene.save_path.read_text())
    assert len(saved["actions"]) == len(scene.session.actions)


def test_bots_only_match_reaches_results_with_the_hand_scoring_in_between(app):
    """Last-hand sunset waits for a click — and so does every hand's (issue 16: the end of every hand stays until
    a player moves on; the results came 0.4 s after the last End turn, the hidden treasures never turned over).
    With bots only, each hand ends with its sunset and scoring, which stay (nobody plays) until a click on the
    button the scene names (``ending_button``): Next hand, then See the results."""
    from game.scenes.results import ResultsScene
    scene = start(app, ["easy", "easy", "easy"], seed=2, options={"match-format": "two-hands"})
    assert scene.ending_shown() is None and scene.ending_button() is None
    for number, last in ((1, False), (2, True)):
        for _ in range(20000):
            if scene.hand_end is not None:
                break
            frames(app, 1)
        assert scene.hand_end[0] == number and scene.ending_shown() == "sunset"
        assert scene.ending_button() is None                            # treasures still turning over
        assert scene.state.is_over() == last and not isinstance(app.stack.top, ResultsScene)
        if last:
            events = scene.state.events_for(None)
            beach = next(e for e in reversed(events) if e.kind == "revealed" and e.get("what") == "beach")
            assert scene.sunset.treasures == list(beach.get("treasures")) and UNKNOWN not in scene.sunset.treasures
            assert scene.sunset.scores and scene.hand_end[1].breakdown  # who takes what, the score rows
        played = len(scene.session.actions)
        for _ in range(60 * (30 if last else 15)):                      # half a minute of sunset: it stays
            frames(app, 1)
        assert scene.sunset_settled() and app.stack.top is scene and scene.ending_shown() == "sunset"
        assert len(scene.session.actions) == played                     # nobody plays under the scoring
        button = scene.ending_button()
        assert button is not None and button == scene.next_hand_button.rect and app.screen.get_rect().contains(button)
        assert scene.next_hand_button.text.key == ("pp.ui.to_results" if last else "pp.ui.next_hand")
        if last:
            assert scene.finished and scene.save_path is None or not scene.save_path.exists()  # not resumable
        click(app, button.center)
        frames(app, 3)
        assert scene.ending_shown() is None and scene.ending_button() is None
        assert isinstance(app.stack.top, ResultsScene) == last


def test_a_human_sees_the_last_hands_sunset_before_the_results(app):
    """One hand with a human: the End turn of the final turn shows the sunset; a click shows it all at
    once, a click on See the results opens the results."""
    from game.core.session import GameSession, Seat
    from game.games.playa_pirata.positions import Buried, position
    from game.games.playa_pirata.rules import EndTurn
    from game.scenes.results import ResultsScene
    from game import games
    entry = games.get("playa-pirata")
    state = position(2, match_format="single-hand", first=0, phase="final",
                     beach=[Buried("5", by=1, pile=[(1, 2)]), Buried("skull", by=1)])
    seats = [Seat("Anna", "human", None, 0), Seat("Bot", "bot", "easy", 1)]
    session = GameSession.at(entry.id, entry.package.rules, seats, state, bot_seed=7)
    scene = entry.package.make_scene(app, session)
    app.stack.push(scene, fade=False)
    frames(app, 2)
    assert scene.hand_view(0).beach[2].treasure == UNKNOWN           # the Bot's skull: hidden from Anna
    scene.play(EndTurn(0))
    frames(app, 1)
    assert scene.state.is_over() and scene.hand_end is not None and not scene.all_revealed()
    click(app, scene.beach.center)                                   # impatient: everything at once
    frames(app, 2)
    assert scene.all_revealed() and scene.sunset.treasures[2].startswith("treasure-skull")
    assert scene.sunset.taken.get(1) == (1, 5)                       # the Bot takes the 5 with its towel
    for _ in range(120):
        frames(app, 1)
    assert app.stack.top is scene and scene.ending_shown() == "sunset"   # it waits for the player
    assert scene.ending_button() == scene.next_hand_button.rect
    click(app, scene.ending_button().center)
    frames(app, 3)
    assert isinstance(app.stack.top, ResultsScene) and scene.ending_shown() is None


def scene_at(app, state, human: int):
    """The table opened at a built position, ``human`` the only human (the others easy bots)."""
    from game.core.session import GameSession, Seat
    from game import games
    entry = games.get("playa-pirata")
    seats = [Seat(f"P{i}", "human" if i == human else "bot", None if i == human else "easy", i)
             for i in range(state.players)]
    scene = entry.package.make_scene(app, GameSession.at(entry.id, entry.package.rules, seats, state, bot_seed=7))
    app.stack.push(scene, fade=False)
    frames(app, 2)
    return scene


def end_the_hand(app, scene):
    """The starting player ends the final turn without a play (R28); the sunset shown at once."""
    from game.games.playa_pirata.rules import EndTurn
    starter = scene.state.current_player
    assert scene.play(EndTurn(starter))
    frames(app, 1)
    scene._reveal_all()
    frames(app, 2)
    assert scene.ending_shown() == "sunset" and scene.breakdown_view is not None
    return scene.breakdown_view


WORDS = {
    "en": ("Scoring of hand 2 of 3", "P1 scored most in this hand", "This hand", "The match after hand 2 of 3",
           "Scoring of the last hand (3 of 3)", "P1 and P2 scored most in this hand", "The match after the last hand"),
    "it": ("Punteggio della mano 2 di 3", "P1 ha fatto più punti in questa mano", "Questa mano",
           "La partita dopo la mano 2 di 3", "Punteggio dell'ultima mano (3 di 3)",
           "P1 e P2 hanno fatto più punti in questa mano", "La partita dopo l'ultima mano"),
}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_scoring_panel_says_which_hand_who_scored_most_in_it_and_the_match_so_far(app, lang):
    """Issue 16: the last hand's panel said "Scoring of hand 3" and "Carla wins!" (she only scored most in that
    hand) over a chart titled "Totals" that showed that hand's points. Now: which hand (the last one said so), who
    scored most in this hand, the chart titled for this hand, and the match's totals after this hand (R39)."""
    from game.games.playa_pirata.positions import position
    from game.i18n import set_language, tr
    from tests.games.playa_pirata.helpers import scored_final
    set_language(lang)
    hand, top, chart, standing, last_hand, tied, standing_last = WORDS[lang]
    state = position(3, match_format="full", finished=[scored_final([10, 3, 12])], phase="final",
                     **scored_final([4, 9, 1]))
    view = end_the_hand(app, scene_at(app, state, state.current_player))
    assert (tr(view.title), view.winner_text(), tr(view.chart_title)) == (hand, top, chart)
    assert view.result.scores == [4, 9, 1] and view.standing == [14, 12, 13] and tr(view.standing_title) == standing
    assert view.standing_rect.w > 0 and view.rect.contains(view.standing_rect)
    app.stack.scenes.clear()
    state = position(3, match_format="full", finished=[scored_final([10, 3, 12]), scored_final([4, 9, 1])],
                     phase="final", **scored_final([5, 7, 7]))
    scene = scene_at(app, state, state.current_player)
    view = end_the_hand(app, scene)
    assert (tr(view.title), view.winner_text(), tr(view.chart_title)) == (last_hand, tied, chart)
    assert view.standing == [19, 19, 20] and tr(view.standing_title) == standing_last
    assert scene.next_hand_button.text.key == "pp.ui.to_results"


@pytest.mark.parametrize("last", [False, True])
def test_the_special_cards_played_stay_on_the_beach_at_every_sunset_the_last_included(app, last):
    """The Flag (V11) and the Double beach towel (V10) lie beside their treasures through the sunset, the last
    hand's as any other's."""
    from game.games.playa_pirata.positions import Buried, position
    from tests.games.playa_pirata.helpers import scored_final
    finished = [scored_final([10, 3, 12])] if last else []
    state = position(3, special=True, match_format="two-hands", finished=finished, phase="final",
                     beach=[Buried("5", flag=True, by=1, pile=[(1, 1)]), Buried("6", pile=[(2, 1)], double_by=2, by=2)])
    scene = scene_at(app, state, state.current_player)
    end_the_hand(app, scene)
    assert scene.state.is_over() == last
    kinds = {k for _, _, k in scene.explained}
    assert {"flag", "double", "sunset", "breakdown"} <= kinds


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_table_draws_in_both_languages_with_special_cards(app, lang):
    from game.i18n import set_language
    set_language(lang)
    scene = start(app, ["human", "medium", "easy", "hard"], seed=4, options={"special-cards": True})
    for _ in range(5):
        scene.mark_dirty()
        frames(app, 1)
    assert scene.hand_sprites or scene.choice_buttons or scene.privacy_for is not None


def test_spyglass_dropped_on_a_treasure_shows_it_to_the_looker_only_for_a_moment(app):
    from game.games.playa_pirata.clips import Peek
    from game.games.playa_pirata.rules import PlayPirate
    scene = start(app, ["human", "easy"], seed=9)
    for _ in range(80):
        wait_for_my_turn(app, scene)
        hand = scene.hand_view(0)
        looks = [a for a in scene.legal() if isinstance(a, PlayPirate) and a.target >= 0
                 and a.card.endswith("spyglass") and hand.beach[a.target].treasure == UNKNOWN]
        if looks:
            break
        action = next((a for a in scene.legal() if not isinstance(a, PlayPirate)), scene.legal()[0])
        scene.try_action(action)
        frames(app, 2)
    else:
        raise AssertionError("no spyglass look came up")
    target = looks[0].target
    spyglass = next(s for s in scene.hand_sprites if s.payload.card == looks[0].card)
    drag(app, spyglass.rect.center, scene.spot_rects[target].center)
    peeks = scene.timeline.clips(Peek)
    assert peeks and peeks[-1].spot == target
    assert scene.hand_view(0).beach[target].treasure != UNKNOWN   # the looker now knows it
    assert scene.hand_view(1).beach[target].treasure == UNKNOWN or 1 in scene.state.hand.beach[target].known_by
    for _ in range(400):
        frames(app, 1)
    assert not scene.timeline.clips(Peek)  # shown for a moment only


def test_the_draft_shows_the_packet_and_a_click_keeps_a_card(app):
    from game.games.playa_pirata.rules import DRAFT, DraftPick
    for seed in range(1, 40):
        scene = start(app, ["human", "easy", "easy"], seed=seed, options={"special-cards": True})
        for _ in range(30):
            frames(app, 1)
        hand = scene.hand_view(0)
        if hand.phase == DRAFT and hand.current == 0:
            break
        app.stack.scenes.clear()
    else:
        raise AssertionError("the human never drafted first")
    scene.mark_dirty()
    frames(app, 1)
    shown = [card for card, _ in scene.draft_cards]
    assert sorted(shown) == sorted(set(hand.packet))  # the drafter sees the packet
    keep = scene.choice_buttons[0]
    click(app, keep.rect.center)
    last = scene.session.actions[-1]
    assert isinstance(last, DraftPick) and last.seat == 0 and last.card == shown[0]
    assert scene.hand_view(1).special_hand[0] == UNKNOWN  # nobody else learns what Anna kept


def test_map_flip_and_umbrella_pop_animate_then_settle(app):
    from game.core.events import Event
    scene = start(app, ["human", "easy"], seed=3)

    def played(pirate, effect):  # the event the engine records for that card (rules module docstring)
        return Event.of("played", 0, what="pirate", card=f"pirate-red-{pirate}", pirate=pirate, target=0,
                        effect=effect)
    scene.show_event(played("map", "face-up"))
    scene.show_event(played("umbrella", "umbrella"))
    assert scene.spot_anims[0][0] == "umbrella" and scene.is_animating()
    scene.show_event(played("map", "face-up"))
    assert scene.spot_anims[0][0] == "flip"
    for _ in range(200):
        scene.mark_dirty()
        frames(app, 1)
        if not scene.spot_anims:
            break
    assert scene.spot_anims == {}  # over after a moment


def press(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    frames(app, 1)


def test_the_keyboard_buries_and_plays_a_group_of_towels(app):
    scene = start(app, ["human", "easy"], seed=5)
    wait_for_my_turn(app, scene)
    press(app, pygame.K_RIGHT)  # the first card of the hand: a treasure
    assert scene.drag.selected is not None and scene.drag.selected.payload.kind == "treasure"
    press(app, pygame.K_DOWN)   # the first legal place for it: the sand
    press(app, pygame.K_RETURN)
    assert isinstance(scene.session.actions[-1], BuryTreasure) and scene.session.actions[-1].seat == 0
    play_to_step_b(app, scene)
    scene._rebuild()
    while scene.drag.selected is None or scene.drag.selected.payload.kind != "towel":
        press(app, pygame.K_RIGHT)
    press(app, pygame.K_g)      # the picked towel joins the group
    assert len(scene.selected) == 1
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert isinstance(scene.session.actions[-1], PlayTowels) and scene.session.actions[-1].seat == 0
    if scene.end_button.visible:
        press(app, pygame.K_e)
        assert scene.state.current_player != 0 or scene.hand_view(0).step == STEP_A


def settle(app, scene, limit=600):
    for _ in range(limit):
        if not app.busy():
            break
        frames(app, 1)
    scene.mark_dirty()
    frames(app, 1)


def hint_while_holding(app, scene, value, to):
    """Hold a towel of ``value`` (a real press and drag) over ``to`` and read the hint by the pointer,
    as drawn; then let go there."""
    settle(app, scene)
    sprite = next(s for s in scene.hand_sprites if s.payload.kind == "towel" and TOWEL_VALUE[s.payload.card] == value)
    start = (sprite.rect.x + 6, sprite.rect.centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    for k in range(1, 7):
        pos = (start[0] + (to[0] - start[0]) * k // 6, start[1] + (to[1] - start[1]) * k // 6)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        frames(app, 1)
    held = scene.drag
    assert held.dragging is not None
    text = held.hint(held.payload_of(held.dragging), held.target_at(held.mouse))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to, button=1))
    frames(app, 2)
    return text


def test_escape_puts_a_picked_card_down_before_it_pauses(app):
    """Issue 20, item 8: Esc with a card picked up puts it down (the table stays); the next Esc pauses."""
    from game.scenes.pause import PauseScene
    scene = start(app, ["human", "easy"], seed=5)
    wait_for_my_turn(app, scene)
    if scene.recap.visible:
        scene.close_recap()
    press(app, pygame.K_RIGHT)
    assert scene.drag.selected is not None
    if scene._explain_pinned is not None:
        press(app, pygame.K_ESCAPE)                                  # (an explanation opened with F1 closes first)
    assert scene.drag.selected is not None and app.stack.top is scene
    press(app, pygame.K_ESCAPE)
    assert scene.drag.selected is None and app.stack.top is scene   # the card is put down, no pause
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)


def test_the_drag_hint_says_enough_only_where_the_engine_would_take_the_towels(app):
    """The hint by the pointer is the engine's answer (State.check): over a treasure the towels could
    beat but may not go on (step A not played yet; a treasure already covered this turn) it gives the
    engine's reason, never "enough"; where they would be played it says so."""
    from game.games.playa_pirata.rules import PlayTowels as Play
    scene = start(app, ["human", "easy"], seed=5)
    for _ in range(60):
        wait_for_my_turn(app, scene)
        hand = scene.hand_view(0)
        if hand.round >= 2 and hand.step == STEP_A:
            break
        scene.try_action(next((a for a in scene.legal() if isinstance(a, BuryTreasure)), scene.legal()[0]))
        frames(app, 2)
    actions = len(scene.session.actions)
    text = hint_while_holding(app, scene, 3, scene.spot_rects[0].center)
    assert text.key == "pp.reason.step_a_first"  # "3: enough" before, though the drop is refused
    assert len(scene.session.actions) == actions
    play_to_step_b(app, scene)
    hand = scene.hand_view(0)
    target = next(i for i in range(len(hand.beach)) if (hand.need(0, i) or 9) <= 2)
    value = hand.need(0, target)
    assert scene.try_action(Play(0, target, (value,))) is None
    assert scene.state.hand.need(0, target) <= 3  # a 3 beats the top: only the rule of one group forbids it
    actions = len(scene.session.actions)
    text = hint_while_holding(app, scene, 3, scene.spot_rects[target].center)
    assert text.key == "pp.reason.same_treasure"
    assert len(scene.session.actions) == actions
    other = next((i for i in range(len(hand.beach)) if i != target and scene.state.check(Play(0, i, (3,))) is None),
                 None)
    if other is not None:
        text = hint_while_holding(app, scene, 3, scene.spot_rects[other].center)
        assert text.key == "pp.ui.hint_ok"
        assert isinstance(scene.session.actions[-1], Play) and scene.session.actions[-1].target == other


def test_A27_the_hand_shows_action_cards_and_towels_as_two_parts(app):
    """A27: holding the two kinds of cards in turn is a physical convenience; the table shows one hand
    in two parts, the action cards (treasures, pirates) together and the towels fanned beside them."""
    scene = start(app, ["human", "easy"])
    wait_for_my_turn(app, scene)
    settle(app, scene)
    actions = [s for s in scene.hand_sprites if s.payload.kind in ("treasure", "pirate")]
    towels = [s for s in scene.hand_sprites if s.payload.kind == "towel"]
    hand = scene.hand_view(0)
    assert len(actions) == len(hand.treasures[0]) + len(hand.pirates[0]) and len(towels) == len(hand.towels[0])
    assert max(s.rect.x for s in actions) < min(s.rect.x for s in towels)
    assert all(scene.hand_area.contains(s.rect) for s in actions + towels)


def test_a_refused_group_stays_gathered_and_raised(app):
    """Issue 15: after a refused drop the towel stayed in the group but was drawn lowered, so the next click
    took it out. The selection and its look agree: raised while in the group, and a click on a treasure
    plays the group."""
    from game.core.session import GameSession, Seat
    from game.games.playa_pirata.positions import REST, Buried, position
    from game import games
    entry = games.get("playa-pirata")
    state = position(2, round=3, turn=0, step="B", towels={0: [1, 2, 3], 1: [1, 2, 3]},
                     central=Buried("5", pile=[(0, REST), (1, REST), (1, 2)]), beach=[Buried("4", by=0)])
    seats = [Seat("Anna", "human", None, 0), Seat("Bot", "bot", "easy", 1)]
    session = GameSession.at(entry.id, entry.package.rules, seats, state, bot_seed=7)
    scene = entry.package.make_scene(app, session)
    app.stack.push(scene, fade=False)
    frames(app, 2)
    one = next(s for s in scene.hand_sprites if s.payload.kind == "towel" and TOWEL_VALUE[s.payload.card] == 1)
    card = one.payload.card
    click(app, (one.rect.x + 6, one.rect.centery))                  # the 1 gathered
    one = next(s for s in scene.hand_sprites if s.payload.card == card)
    assert scene.selected == [card] and one.selected
    drag(app, (one.rect.x + 6, one.rect.centery), scene.spot_rects[0].center)   # 1 does not beat 2: refused
    for _ in range(30):
        frames(app, 1)
    assert not scene.session.actions or not isinstance(scene.session.actions[-1], PlayTowels)
    again = next(s for s in scene.hand_sprites if s.payload.card == one.payload.card)
    assert scene.selected == [one.payload.card] and again.selected   # still in the group, and raised
    assert again.lift > 0
    click(app, scene.spot_rects[1].center)                          # a click on a treasure plays the group
    frames(app, 2)
    assert isinstance(scene.session.actions[-1], PlayTowels) and scene.session.actions[-1].values == (1,)


def test_the_eye_means_another_player_knows_the_treasure(app):
    """Issue 15: the eye sat on the learner's own badges that nobody else knew, while its explanation said
    "known to Blue". The eye marks a face-down treasure another player knows (``known_by``, public: who
    buried it or looked at it): on a treasure the viewer does not know, and beside the viewer's own badge
    only once someone else knows it too. The badge's explanation says who."""
    from game.core.session import GameSession, Seat
    from game.games.playa_pirata.positions import Buried, position
    from game.games.playa_pirata.rules import PlayPirate
    from game import games
    from game.i18n import tr
    entry = games.get("playa-pirata")
    state = position(2, round=3, turn=1, pirates={0: ["map"], 1: ["spyglass"]},
                     beach=[Buried("5", by=0), Buried("skull", by=1), Buried("4", by=0)])
    seats = [Seat("Anna", "human", None, 0), Seat("Bot", "bot", "easy", 1)]
    session = GameSession.at(entry.id, entry.package.rules, seats, state, bot_seed=7)
    scene = entry.package.make_scene(app, session)
    app.stack.push(scene, fade=False)
    scene.bot_due = lambda: None                                     # the bot plays what the test says

    def marks():
        scene.mark_dirty()
        frames(app, 1)
        return {i: sorted((kind, tr(text)) for rect, text, kind in scene.explained
                          if kind in ("badge", "eye") and scene.spot_rects[i].contains(rect))
                for i in range(4)}
    seen = marks()
    assert seen[0] == []                                             # the central treasure: nobody knows it
    assert [k for k, _ in seen[1]] == ["badge"] and "Only you" in seen[1][0][1]    # mine, nobody else's
    assert [k for k, _ in seen[2]] == ["eye"] and "Bot" in seen[2][0][1]           # the Bot's: I do not know it
    eyes_before = scene._draw_known_badge(pygame.Surface((200, 200)), "treasure-5-a", pygame.Rect(0, 0, 60, 80))
    scene.session.apply(PlayPirate(1, "pirate-blue-spyglass", 1))   # the Bot looks at my 5
    scene.after_action(scene.session.actions[-1])
    seen = marks()
    assert [k for k, _ in seen[1]] == ["badge"] and "known to Bot as well" in seen[1][0][1]
    assert [k for k, _ in seen[3]] == ["badge"] and "Only you" in seen[3][0][1]    # my 4: still mine alone
    # the badge grows by the eye exactly when someone else knows the treasure
    with_eye = scene._draw_known_badge(pygame.Surface((200, 200)), "treasure-5-a", pygame.Rect(0, 0, 60, 80),
                                       eye=True)
    assert with_eye.w > eyes_before.w
