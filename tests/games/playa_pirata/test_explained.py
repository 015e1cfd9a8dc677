"""Issue 15, item 2 on the Playa Pirata table: everything it draws explains itself. The real table is opened
headless and drawn at many moments (the draft, round 1's burials, steps A and B with groups of towels held,
opponents' turns, the final turn, the sunset and its scoring, positions built with every marker and special
card): every frame's explanations pass ``tests/support/explained.check_frame`` (a catalog text in both
languages, on the screen, of a declared kind) and every kind the scene declares is seen. Then the real
pointer rests on a few things and F1 explains the focused card."""
from __future__ import annotations

import random

import pygame

from game import games
from game.core.protocol import Text
from game.games.playa_pirata.cards import DOUBLE, FLAG, SPECIAL_IDS, TOWEL_VALUE
from game.games.playa_pirata.rules import EndTurn, PlayPirate
from game.i18n import set_language, tr
from game.scenes.table import EXPLAIN_AFTER
from tests.games.playa_pirata.test_drops import table_at  # the real table at a built position
from tests.app.conftest import app, frames, start_table  # noqa: F401 - the app fixture
from tests.games.playa_pirata.helpers import Buried, position, scored_final
from tests.support.explained import check_frame


def look(app, scene) -> set[str]:
    """Draw one frame of the table and check what it explains; the kinds seen."""
    scene.mark_dirty()
    frames(app, 1)
    return check_frame(scene)


def play_and_look(app, scene, rng: random.Random, seen: set[str], human: int, decisions: int) -> None:
    """A match at the real table: the other seats' moves through the session, the human's at random among
    its legal ones (a group of towels gathered now and then); a look at every decision, at the others'
    turns, and at each hand's sunset, half-way and with its scoring up."""
    for _ in range(3000):
        if decisions <= 0 or scene.state.is_over():
            break
        if scene.hand_end is not None:
            frames(app, 40)                      # the sunset: some treasures turned over, points rising
            seen |= look(app, scene)
            scene._reveal_all()                  # the scoring panel and Next hand
            seen |= look(app, scene)
            scene._close_hand_end()
            continue
        current = scene.state.current_player
        if current != human:
            seen |= look(app, scene)           # a frame: a bot may play in it
            current = scene.state.current_player
            legal = scene.state.legal_actions(current) if current not in (None, human) else []
            if legal and scene.hand_end is None:
                scene.session.apply(rng.choice(legal))
            frames(app, 1)
            continue
        if scene.my_turn() is None:
            frames(app, 1)
            continue
        decisions -= 1
        towels = list(scene.hand_view(human).towels[human])
        scene.selected = rng.sample(towels, rng.randint(1, min(3, len(towels)))) \
            if towels and rng.random() < 0.4 else []
        scene._built_for = None
        seen |= look(app, scene)
        scene.selected = []
        legal = scene.legal()
        plays = [a for a in legal if not isinstance(a, EndTurn)] or legal
        assert scene.try_action(rng.choice(plays)) is None
        frames(app, 1)
    app.stack.scenes.clear()


def marked_beach(card: str):
    """Three players, round 3, red (seat 0) to play holding ``card``: a beach with every marker: red's
    umbrella, a blue towel treasure turned face up by a Map, a treasure blue buried and green looked at
    (the eye), one red buried (red's badge, green knows it too), a Flag and a Double beach towel."""
    beach = [Buried(pile=[(0, 2)], umbrella=0, by=1), Buried("towel", face_up=True, by=1, pile=[(1, 1), (2, 2)]),
             Buried(by=1, known_by=(2,), pile=[(1, 3)]), Buried("6", by=0, known_by=(2,)),
             Buried(flag=True, by=1, pile=[(1, 1)]), Buried(pile=[(2, 1)], double_by=2, by=2)]
    if card in (FLAG, DOUBLE):
        beach = beach[:4]
    return position(3, special=True, round=3, turn=0, central=Buried(pile=[(1, 3), (2, 1)]), beach=beach,
                    pirates={0: ["spyglass", "map"]}, discard=[(0, "umbrella")], specials={0: card})


def test_everything_the_table_draws_explains_itself(app):
    seen: set[str] = set()
    rng = random.Random(15)
    # random matches: the draft and every step with the special cards; a two-hands match (the sunset, the
    # scoring, the seating choice); four players, the human last
    play_and_look(app, start_table(app, "playa-pirata", ["human", "easy", "easy"], 3, {"special-cards": True}),
                  rng, seen, 0, decisions=12)
    play_and_look(app, start_table(app, "playa-pirata", ["easy", "human"], 8, {"match-format": "two-hands"}),
                  rng, seen, 1, decisions=30)
    play_and_look(app, start_table(app, "playa-pirata", ["easy", "easy", "easy", "human"], 5,
                                   {"special-cards": True, "match-format": "single-hand"}), rng, seen, 3,
                  decisions=4)
    # every special card in hand, on a beach with every marker; the Spyglass's private look
    for card in SPECIAL_IDS:
        scene = table_at(app, marked_beach(card))
        seen |= look(app, scene)
        app.stack.scenes.clear()
    scene = table_at(app, marked_beach(FLAG))
    scene.flag_on = True
    scene._built_for = None
    seen |= look(app, scene)
    assert scene.try_action(PlayPirate(0, "pirate-red-spyglass", 3)) is None
    frames(app, 2)
    seen |= look(app, scene)
    assert "peek" in seen
    app.stack.scenes.clear()
    # the seating choice of a two-hands match (V2)
    state = position(3, match_format="two-hands", finished=[scored_final([10, 3, 12])], phase="seating")
    scene = table_at(app, state, human=state.current_player)
    seen |= look(app, scene)
    app.stack.scenes.clear()
    missing = set(scene.EXPLAINED_KINDS) - seen
    assert not missing, f"kinds never seen explained: {sorted(missing)}"


def rest_on(app, scene, pos) -> tuple:
    """The real pointer comes to rest at ``pos``: after EXPLAIN_AFTER the bubble explains what is there."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    assert scene._explaining() is None                  # not yet: the pointer just came
    frames(app, int(EXPLAIN_AFTER * 60) + 2)
    return scene._explaining()


def test_resting_the_pointer_explains_a_special_card_a_badge_an_umbrella_and_a_towel_pile(app):
    from game.games.playa_pirata.cards import PARROT
    scene = table_at(app, marked_beach(PARROT))
    special = next(s for s in scene.hand_sprites if s.payload.kind == "special")
    rect, text, kind = rest_on(app, scene, (special.rect.right - 4, special.rect.centery))
    assert kind == "special_card" and text == Text.of("pp.explain.special.parrot")
    assert "equal" in tr(text)
    # red's umbrella on treasure #2, red's own 6 on #5 (the badge), the ×2 count on the central treasure
    hand = scene.hand_view(0)
    umbrella = next(r for r, t, k in scene.explained if k == "umbrella")
    assert rest_on(app, scene, umbrella.center)[1] == Text.of("pp.explain.umbrella", name="P0")
    badge = next(r for r, t, k in scene.explained if k == "badge")
    text = rest_on(app, scene, badge.center)[1]
    assert text.key == "pp.explain.badge_shared" and "6" in tr(text) and "P2" in tr(text)
    count = next(r for r, t, k in scene.explained if k == "count")
    assert rest_on(app, scene, count.center)[1] == Text.of("pp.explain.count", n=len(hand.beach[0].pile))
    # the towel treasure face up: its value now, 2 points a towel card
    towel = scene.spot_rects[2]
    rect, text, kind = rest_on(app, scene, (towel.centerx, towel.y + 40))
    assert kind == "treasure" and "4 points" in tr(text)
    set_language("it")
    try:
        assert "4 punti" in tr(text)
    finally:
        set_language("en")


def test_f1_explains_the_focused_card_and_the_buttons_say_what_they_do(app):
    scene = table_at(app, marked_beach(FLAG))
    towel = next(s for s in scene.hand_sprites if s.payload.kind == "towel")
    scene.drag.select(towel)                            # the keyboard's focus: a towel card
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
    frames(app, 1)
    rect, text, kind = scene._explaining()
    towel_text = Text.of("pp.explain.towel", value=TOWEL_VALUE[towel.payload.card])
    assert kind == "towel_card" and text == Text.of("pp.explain.not_now", what=towel_text)  # step A first
    assert "cannot be played right now" in tr(text)
    assert scene.flag_toggle.visible
    assert scene.explanation_at(scene.flag_toggle.rect.center)[1] == Text.of("pp.explain.button.flag_off")
    assert scene.explanation_at(scene.undo_button.rect.center)[1] == Text.of("table.explain.undo")


def test_an_explanation_pinned_by_f1_is_not_shown_to_the_next_player_at_a_shared_screen(app):
    """Hot seat: the first player pins the explanation of their own badge (the value of the treasure they
    buried) and ends the turn by key; the table is covered, and the next player never sees that bubble."""
    from game.games.playa_pirata.rules import BuryTreasure
    from tests.app.conftest import key
    scene = start_table(app, "playa-pirata", ["human", "human"], 3, {})
    scene.reveal()
    frames(app, 2)
    seat = scene.my_turn()
    assert scene.try_action(BuryTreasure(seat, scene.hand_view(seat).treasures[seat][0])) is None
    frames(app, 30)
    badge = next(r for r, t, k in scene.explained if k == "badge")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=badge.center, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    key(app, pygame.K_F1)
    assert scene._explaining()[2] == "badge"
    key(app, pygame.K_e)                                # End turn
    frames(app, 2)
    assert scene.privacy_for == 1 - seat
    scene.reveal()
    frames(app, 2)
    assert scene.viewer() == 1 - seat and (scene._explaining() is None or scene._explaining()[2] != "badge")


def test_at_every_window_size_each_explanation_is_on_the_screen(app):
    """The table laid out in a small, a tall and a huge window: what it explains is still on the screen."""
    from game.games.playa_pirata.cards import LIFEGUARD
    scene = table_at(app, marked_beach(LIFEGUARD))
    for size in ((960, 540), (960, 1440), (3840, 2160)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        frames(app, 1)
        assert app.screen.get_size() == size
        assert {"badge", "eye", "umbrella", "special_card", "opp_towels", "count"} <= look(app, scene)
