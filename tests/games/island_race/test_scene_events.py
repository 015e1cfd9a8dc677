"""The race table learns what happened from the engine's events (drew, turned, flipped, returned, placed,
done, ended ...) as its viewer sees them, never from two snapshots of the state: a rival's moves animate from
their events, each tile put back glides once, a round's end says how it ended, and a resumed game starts
after the events it already had (nothing replays)."""
from __future__ import annotations

import pygame

from game.core.realtime import RealtimeAgent
from game.core.session import GameSession, Seat
from game.games.island_race.positions import position
from game.games.island_race.rules import RULES, Done, Flip, Place, Return, Rotate, Take, face_from_data
from game.games.island_race.scene import IslandRaceScene
from game.games.island_race.tiles import TILE_IDS
from tests.app.conftest import app, click, drag, frames, key  # noqa: F401 - the app fixture
from game.games.island_race.clips import Banner, Bounce, Glide, Turn
from tests.games.island_race.test_scene import animations, centre, fitting_slot, running, start, to_play


class Script(RealtimeAgent):
    """Plays ``actions`` in order, one every ``gap`` seconds of race time; then waits."""

    def __init__(self, seat: int, actions, gap: float = 0.3):
        super().__init__(seat)
        self.actions, self.gap, self.at = list(actions), gap, None

    def next_action(self, view, now):
        r = getattr(view, "hand", view)
        if not self.actions or self.seat not in r.current_players():
            return None
        if self.at is None:
            self.at = now + self.gap
        return self.actions[0], self.at

    def on_applied(self, action, at):
        self.actions.pop(0)
        self.at = None


def scripted(actions_of):
    """An agent factory: seat -> its script (the seats not named wait)."""
    return lambda level, seat, seed: Script(seat, actions_of.get(seat, []))


def run_until(app, scene, done, limit=3000):
    for _ in range(limit):
        if done():
            return
        frames(app, 1)
    assert done()


def events_of(scene, kind, seat=None, since=0):
    return [e for e in scene.state.events_for(scene.viewer())[since:]
            if e.kind == kind and (seat is None or e.seat == seat)]


def test_a_rivals_moves_animate_from_their_events(app):
    slot = 7
    scene = start(app, ["human", "easy"], factory=scripted(
        {1: [Take(1, slot), Rotate(1, 1), Flip(1), Place(1, (1, 1)), Take(1, slot + 1), Return(1)]}))
    to_play(app, scene, freeze=False)
    scene.time_scale = 1.0
    since = scene.events_synced
    app.sounds.played.clear()

    run_until(app, scene, lambda: events_of(scene, "turned", 1, since))
    turned = events_of(scene, "turned", 1, since)[0]
    clip = running(scene, Turn, seat=1)[-1]
    kind, turn, old = clip.kind, clip.turn, clip.old
    assert (kind, turn) == ("rot", 1) and old.face == face_from_data(turned.get("was"))
    assert "click" in app.sounds.played  # the rival's drew

    run_until(app, scene, lambda: events_of(scene, "flipped", 1, since))
    flipped = events_of(scene, "flipped", 1, since)[0]
    clip = running(scene, Turn, seat=1)[-1]
    kind, old = clip.kind, clip.old
    assert kind == "flip" and old.face == face_from_data(flipped.get("was")) and old.tile is None

    run_until(app, scene, lambda: events_of(scene, "placed", 1, since))
    assert running(scene, Bounce, seat=1, cell=(1, 1)) and "card" in app.sounds.played

    run_until(app, scene, lambda: events_of(scene, "returned", 1, since))
    assert not running(scene, Glide, slot=slot + 1)  # a bot's glove carried it back itself
    assert scene.events_synced == len(scene.state.events)


def test_an_illegal_drop_glides_back_once(app):
    scene = start(app, ["human", "easy"], factory=scripted({}))
    to_play(app, scene)
    first = fitting_slot(scene, 0, (0, 0))
    drag(app, scene.L.slots[first].center, centre(scene, 0, (0, 0)))
    slot = next(s for s, p in enumerate(scene.round.pile) if p is not None)
    drag(app, scene.L.slots[slot].center, centre(scene, 0, (2, 2)))  # not touching the first tile
    assert scene.round.pile[slot] is not None
    assert [g.slot for g in running(scene, Glide)].count(slot) == 1  # one tile, one glide (it was two)


def test_a_bots_done_that_ends_the_round_glides_its_tile_back_once(app):
    """Ben holds a tile on a full island and declares Done last: the round ends "all done"; the tile he
    held glides back to its slot once (it glided twice: once for Done, once for the round's end)."""
    tiles = [f"{t} front r0" for t in TILE_IDS]
    built = position(2, round=1, phase="play", elapsed=30.0, done=[0],
                     islands={0: tiles[0:9], 1: tiles[9:18]}, hands={1: (tiles[18], 5)})
    seats = [Seat("Anna", "human", None, 0), Seat("Ben", "bot", "easy", 1)]
    session = GameSession.at("island-race", RULES, seats, built)
    scene = IslandRaceScene(app, session, agent_factory=scripted({1: [Done(1)]}))
    app.stack.push(scene, fade=False)
    assert scene.events_synced == len(scene.state.events) and not running(scene, Glide)
    scene.time_scale = 1.0
    run_until(app, scene, lambda: scene.stage == "ending")
    assert scene.ended_how == "all-done"
    assert [g.slot for g in running(scene, Glide)].count(5) == 1
    assert running(scene, Banner, seat=1)


def test_time_up_glides_every_held_tile_back_and_says_so(app):
    scene = start(app, ["human", "easy"], factory=scripted({1: [Take(1, 3)]}))
    to_play(app, scene, freeze=False)
    scene.time_scale = 1.0
    run_until(app, scene, lambda: scene.round.hands[1] is not None)
    slot = next(s for s, p in enumerate(scene.round.pile) if p is not None)
    click(app, scene.L.slots[slot].center)
    assert scene.round.hands[0] is not None
    app.sounds.played.clear()
    scene.race_now = scene.round.round_start + scene.round.timer
    frames(app, 2)
    assert scene.stage == "ending" and scene.ended_how == "time-up" and "error" in app.sounds.played
    assert sorted(g.slot for g in running(scene, Glide)) == sorted([slot, 3])


def test_a_resumed_race_starts_after_its_events_and_replays_none(app):
    from game.core.saves import load_save
    scene = start(app, ["human", "easy"], factory=scripted({}))
    to_play(app, scene)
    slot = fitting_slot(scene, 0, (0, 0))
    drag(app, scene.L.slots[slot].center, centre(scene, 0, (0, 0)))
    other = next(s for s, p in enumerate(scene.round.pile) if p is not None)
    click(app, scene.L.slots[other].center)
    key(app, pygame.K_r)
    key(app, pygame.K_ESCAPE)  # pausing saves the race as it is
    app.autosaver.flush(2.0)
    session = GameSession.from_save(load_save(scene.save_path), RULES)
    again = IslandRaceScene(app, session, agent_factory=scripted({}))
    assert again.events_synced == len(again.state.events) > 0
    assert not animations(again)
    app.stack.push(again, fade=False)
    again.time_scale = 400.0
    run_until(app, again, lambda: again.stage == "play")
    again.time_scale = 0.0
    frames(app, 2)
    assert not animations(again)
    key(app, pygame.K_r)  # a new action: only its own event animates
    assert [c.seat for c in running(again, Turn)] == [0] and not running(again, Glide) and not running(again, Bounce)
    assert again.events_synced == len(again.state.events)
