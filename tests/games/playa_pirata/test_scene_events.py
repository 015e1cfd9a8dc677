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
from game.games.playa_pirata.clips import Peek
from game.games.playa_pirata.rules import BuryTreasure, EndTurn
from tests.app.conftest import app, click, drag, frames, start_table  # noqa: F401 - the app fixture
from tests.games.playa_pirata.test_scene import empty_sand

SCENE = Path(__file__).resolve().parents[3] / "game" / "games" / "playa_pirata" / "scene.py"
CLIPS = SCENE.with_name("clips.py")
TABLE = Path(__file__).resolve().parents[3] / "game" / "scenes" / "table.py"


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
    source = SCENE.read_text() + CLIPS.read_text()
    for banned in ("hand_results", "kwargs", "session.actions", "state.last_hand", "state.events",
                   "state.hand_index", "_seen_hand"):
        assert banned not in source.replace("state.events_for", ""), banned
    # the viewer's events only: the scene reads them in the hook the shared table gives them to, each one
    # as the seat on screen may know it
    assert re.search(r"def on_events\(self, events", source)
    assert re.search(r"e\.seen_by\(viewer\) for e in events", TABLE.read_text())


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
    assert scene.events_synced == len(scene.state.events_for(0))


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


def fresh_picture(app) -> pygame.Surface:
    """What the app would draw now (its scenes and toasts), on a surface of its own: the screen is not
    touched and no time passes."""
    picture = pygame.Surface(app.screen.get_size())
    for scene in app.stack.visible():
        scene.draw(picture)
    app.toasts.draw(picture)
    return picture


def test_the_hand_score_panel_shows_by_itself_when_a_bot_ends_the_hand(app):
    """Issue 14: the hand-score panel came up only once the mouse moved. The real main loop (``App.tick``)
    draws a frame only while a scene is dirty or animating, and idles until an input event otherwise; the
    panel appeared in the very frame the sunset stopped counting as animating (it did so until the last
    treasure turned over), with nothing marking the table dirty, so that frame was never drawn. Here a bot
    ends the hand by its final turn (R28) from a position, and from then on nothing but the main loop runs:
    no event at all. Whenever the loop goes idle, the screen must be what the table would draw now; at rest
    it shows the panel."""
    from game.core.session import GameSession, Seat
    from game.games.playa_pirata.positions import Buried, position
    entry = games.get("playa-pirata")
    state = position(2, match_format="two-hands", first=1, phase="final",
                     beach=[Buried("5", by=0), Buried("skull", by=1)])
    seats = [Seat("Anna", "human", None, 0), Seat("Bot", "bot", "easy", 1)]
    session = GameSession.at(entry.id, entry.package.rules, seats, state, bot_seed=7)
    scene = entry.package.make_scene(app, session)
    app.stack.push(scene, fade=False)
    pygame.event.clear()
    dispatched: list = []
    dispatch = app.dispatch
    app.dispatch = lambda event: (dispatched.append(event.type), dispatch(event))
    panels: list[int] = []
    draw_panel = scene._draw_hand_end
    scene._draw_hand_end = lambda surface: (panels.append(app.frames), draw_panel(surface))
    idle = 0
    for _ in range(5000):
        app.tick()
        if app.busy():
            continue
        idle += 1  # nothing more is drawn until an event comes: the screen must be up to date
        assert same_picture(app.screen, fresh_picture(app)), \
            f"a change on screen was not drawn (hand ended: {scene.hand_end is not None}, " \
            f"panel up: {scene.hand_end is not None and scene.all_revealed()})"
        if scene.hand_end is not None and scene.sunset_settled() and idle > 10:
            break
    assert set(dispatched) <= {pygame.AUDIODEVICEADDED}  # no input, no window event: nothing redrew the table
    assert scene.hand_end is not None and scene.all_revealed(), "the bot never ended the hand"
    assert isinstance(session.actions[-1], EndTurn) and session.actions[-1].seat == 1
    assert panels, "the panel was never drawn on screen"
    drawn = len(panels)
    fresh = fresh_picture(app)
    assert len(panels) > drawn  # the table at rest draws the panel...
    button = scene.next_hand_button.rect
    assert button.w > 0 and app.screen.get_rect().contains(button)
    assert pygame.image.tobytes(app.screen.subsurface(button), "RGB") == \
        pygame.image.tobytes(fresh.subsurface(button), "RGB")  # ...and the screen shows it, Next hand and all


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
    assert scene.flying and scene.events_synced > seen
    assert scene.can_undo()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="",
                                         scancode=0))
    frames(app, 1)
    assert len(scene.state.events_for(0)) == seen == scene.events_synced  # the events taken back are gone
    assert not scene.flying and not scene.spot_anims and not scene.timeline.clips(Peek) and scene.hand_end is None
    scene.try_action(bury)  # played again: shown again
    assert scene.flying and scene.events_synced > seen


def test_a_saved_game_opens_without_replaying_its_events(app, tmp_path):
    from game.scenes.setup import resume_scene
    scene = start(app, ["human", "easy"], seed=3, options={"match-format": "two-hands"})
    play_to_hand_end(app, scene)  # saved just after the hand ended: the sunset is not shown again
    save = scene.session.to_save()
    app.stack.scenes.clear()
    opened = resume_scene(app, games.get("playa-pirata"), save)
    app.stack.push(opened, fade=False)
    frames(app, 2)
    assert opened.events_synced == len(opened.state.events_for(0)) > 0
    assert opened.hand_end is None and opened.sunset is None
    assert not opened.flying and not opened.spot_anims and not opened.timeline.clips(Peek)


def test_a_look_is_shown_only_from_an_event_that_tells_the_viewer_the_treasure(app):
    scene = start(app, ["human", "easy"], seed=3)
    frames(app, 2)
    secret = {"treasure": "treasure-5a"}
    scene.show_event(Event.of("revealed", 1, audience=[1], secret=secret, what="treasure", spot=0,
                              by="spyglass").seen_by(0))
    assert not scene.timeline.clips(Peek)  # the bot's look: the human learns nothing
    scene.show_event(Event.of("revealed", 0, audience=[0], secret=secret, what="treasure", spot=0,
                              by="spyglass"))
    [peek] = scene.timeline.clips(Peek)
    assert (peek.spot, peek.t) == (0, 0.0) and peek.card == "treasure-5a"


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
