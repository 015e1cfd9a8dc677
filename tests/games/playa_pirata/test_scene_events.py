"""The Playa Pirata table learns what happened from the engine's events as the seat on screen may know them
(``State.events_for(viewer)``): it keeps the index of the last event shown and turns each new one into its
animation, highlight or reveal; undo and a game just opened resync without animating. Driven by real frames
on the tests' ManualClock."""
from __future__ import annotations

import re
from pathlib import Path

import pygame

from game import games
from game.core.events import Event
from game.games.playa_pirata.cards import PIRATE_KIND, TOWEL_VALUE
from game.games.playa_pirata.rules import BuryTreasure
from tests.app.conftest import app, click, drag, frames, start_table  # noqa: F401 - the app fixture
from tests.games.playa_pirata.test_scene import empty_sand

SCENE = Path(__file__).resolve().parents[3] / "game" / "games" / "playa_pirata" / "scene.py"


def start(app, kinds, seed=3, options=None):
    return start_table(app, "playa-pirata", kinds, seed, options)


def same_picture(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def at_rest(app, limit: int = 3000) -> None:
    for _ in range(limit):
        if not app.busy():
            return
        frames(app, 1)
    raise AssertionError("the table never came to rest")


def redrawn(app, scene) -> pygame.Surface:
    """The picture the table would draw now (the screen is restored afterwards)."""
    before = app.screen.copy()
    scene.mark_dirty()
    frames(app, 1)
    picture = app.screen.copy()
    app.screen.blit(before, (0, 0))
    return picture


def wait_for_my_turn(app, scene, limit=500):
    for _ in range(limit):
        if scene.my_turn() is not None and not scene.flying:
            scene._rebuild()
            return
        frames(app, 1)
    raise AssertionError("never my turn")


def play_to_hand_end(app, scene, limit=20000):
    """The human plays its first legal action whenever the table is at rest, to the end of a hand."""
    for _ in range(limit):
        if scene.hand_end is not None:
            return
        if scene.my_turn() is not None and not app.busy():
            scene.try_action(scene.legal()[0])
        frames(app, 1)
    raise AssertionError("the hand never ended")


# The scene reads events, never snapshots ----------------------------------------------------------------
def test_the_scene_source_reads_no_snapshot_and_no_log_parameter():
    source = SCENE.read_text()
    for banned in ("hand_results", "kwargs", "session.actions", "state.last_hand", "state.events",
                   "state.hand_index", "_seen_hand"):
        assert banned not in source.replace("state.events_for", ""), banned
    assert re.search(r"self\.state\.events_for\(self\.viewer\(\)\)", source)  # the viewer's events only


def test_the_sunset_and_its_breakdown_come_from_the_end_of_the_hands_events(app):
    scene = start(app, ["human", "easy"], seed=3, options={"match-format": "two-hands"})
    play_to_hand_end(app, scene)
    events = scene.state.events_for(0)
    beach = next(e for e in reversed(events) if e.kind == "revealed" and e.get("what") == "beach")
    took = {e.get("spot"): (e.seat, e.get("points")) for e in events if e.kind == "took"}
    assert scene.hand_end[0] == 1
    assert scene.sunset.treasures == list(beach.get("treasures"))
    assert scene.sunset.taken == took and took
    # the panel's breakdown, built from the ``scored`` events, is the engine's result of that hand
    assert scene.hand_end[1] == scene.state.hand_results[0]
    last = scene.state.view(0).last_hand
    assert {i for i, sp in enumerate(last.beach) if sp.occupant is not None} == set(took)
    assert scene._seen == len(scene.state.events_for(0))


def test_after_a_hand_ends_the_panel_is_drawn_without_the_mouse_moving(app):
    """Every change on screen is drawn in the frame it happens, with no input: the cards landing in the
    last turn, the sunset, then the hand-score panel. The screen at rest equals a fresh drawing."""
    scene = start(app, ["human", "easy"], seed=3, options={"match-format": "two-hands"})
    drawn: list[int] = []
    draw_panel = scene._draw_hand_end
    scene._draw_hand_end = lambda surface: (drawn.append(app.frames), draw_panel(surface))
    play_to_hand_end(app, scene)
    at_rest(app)  # no pygame event at all from here
    assert scene.hand_end is not None and scene.all_revealed()
    assert drawn, "the hand-score panel was never drawn"
    assert same_picture(app.screen, redrawn(app, scene)), "a change on screen was not drawn"
    click(app, scene.next_hand_button.rect.center)
    assert scene.hand_end is None


def test_a_card_that_landed_is_drawn_gone_without_the_mouse_moving(app):
    """A card glides to the beach and is gone when it lands: the frame it is gone from is drawn too (it
    stayed on screen, over the beach, until the mouse moved)."""
    scene = start(app, ["human", "easy"], seed=3)
    for _ in range(6):
        wait_for_my_turn(app, scene)
        at_rest(app)
        treasure = next((s for s in scene.hand_sprites if s.payload.kind == "treasure" and not s.dimmed), None)
        if treasure is None:
            scene.try_action(scene.legal()[0])
            continue
        drag(app, treasure.rect.center, empty_sand(scene))
        assert scene.flying  # the buried card glides to its spot
        at_rest(app)
        assert not scene.flying
        assert same_picture(app.screen, redrawn(app, scene)), "the landed card is still on screen"


# Each event becomes its animation -------------------------------------------------------------------
def test_a_bots_burial_and_pirate_glide_from_its_panel_as_their_events_say(app):
    scene = start(app, ["human", "easy"], seed=3)
    wait_for_my_turn(app, scene)
    seen = []
    show = scene.show_event
    scene.show_event = lambda e: (seen.append(e), show(e))
    for _ in range(200):  # the human plays its turn; then the bot acts
        if scene.my_turn() is not None:
            scene.try_action(scene.legal()[0])
        frames(app, 1)
        if any(e.seat == 1 and e.kind in ("buried", "played") for e in seen):
            break
    bot = next(e for e in seen if e.seat == 1 and e.kind in ("buried", "played"))
    assert bot.get("treasure") is None  # the bot's buried treasure is not the viewer's to know
    assert all(e == e.seen_by(0) for e in seen)  # only events as the human may know them
    assert scene.flying  # its card glides from its panel


def test_undo_resyncs_without_animating(app):
    scene = start(app, ["human", "easy"], seed=5)
    for _ in range(80):  # a turn of round 2 or later: the burial can be taken back (step A)
        wait_for_my_turn(app, scene)
        hand = scene.hand_view(0)
        bury = next((a for a in scene.legal() if isinstance(a, BuryTreasure)), None)
        if hand.round >= 2 and bury is not None:
            break
        scene.try_action(bury or scene.legal()[0])
        frames(app, 2)
    at_rest(app)
    seen = len(scene.state.events_for(0))
    scene.try_action(bury)
    assert scene.flying and scene._seen > seen
    assert scene.can_undo()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="",
                                         scancode=0))
    frames(app, 1)
    assert len(scene.state.events_for(0)) == seen == scene._seen  # the events taken back are gone
    assert not scene.flying and not scene.spot_anims and scene.peek is None and scene.hand_end is None
    scene.try_action(bury)  # played again: shown again
    assert scene.flying and scene._seen > seen


def test_a_saved_game_opens_without_replaying_its_events(app, tmp_path):
    from game.scenes.setup import resume_scene
    scene = start(app, ["human", "easy"], seed=3, options={"match-format": "two-hands"})
    play_to_hand_end(app, scene)  # saved just after the hand ended: the sunset is not shown again
    save = scene.session.to_save()
    app.stack.scenes.clear()
    opened = resume_scene(app, games.get("playa-pirata"), save)
    app.stack.push(opened, fade=False)
    frames(app, 2)
    assert opened._seen == len(opened.state.events_for(0)) > 0
    assert opened.hand_end is None and opened.sunset is None
    assert not opened.flying and not opened.spot_anims and opened.peek is None


def test_a_look_is_shown_only_from_an_event_that_tells_the_viewer_the_treasure(app):
    scene = start(app, ["human", "easy"], seed=3)
    frames(app, 2)
    secret = {"treasure": "treasure-5a"}
    scene.show_event(Event.of("revealed", 1, audience=[1], secret=secret, what="treasure", spot=0,
                              by="spyglass").seen_by(0))
    assert scene.peek is None  # the bot's look: the human learns nothing
    scene.show_event(Event.of("revealed", 0, audience=[0], secret=secret, what="treasure", spot=0,
                              by="spyglass"))
    assert scene.peek == (0, 0.0) and scene._peek_card == "treasure-5a"


def test_the_towel_group_glides_from_the_cards_the_event_names(app):
    scene = start(app, ["human", "easy"], seed=3)
    wait_for_my_turn(app, scene)
    towels = [s for s in scene.hand_sprites if s.payload.kind == "towel"][:2]
    cards = [s.payload.card for s in towels]
    values = sorted((TOWEL_VALUE[c] for c in cards), reverse=True)
    scene.show_event(Event.of("played", 0, what="towels", cards=cards, values=values, target=0, top=values[-1],
                              final=False))
    flying = scene.flying[-2:]
    assert len(scene.flying) >= 2
    assert {s.rect.topleft for s in flying} == {s.rect.topleft for s in towels}  # from the hand, not a panel
    pirate = next(s for s in scene.hand_sprites if s.payload.kind == "pirate")
    scene.show_event(Event.of("played", 0, what="pirate", card=pirate.payload.card,
                              pirate=PIRATE_KIND[pirate.payload.card], target=-1, effect="none"))
    assert scene.flying[-1].rect.topleft == pirate.rect.topleft
