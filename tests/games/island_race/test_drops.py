"""Issue 15, item 4, for the race: every lit target is legal and every refusal names its rule, on the real table
(mouse drops, presses, the keyboard's and a controller's cursors).

The sweep opens the real table headless, runs "3, 2, 1, go!" fast, then freezes the race clock (nothing moves
but the actions the test plays) and plays random actions for every seat through the session, the mouse
player's own included. At each position it probes every (payload, target) the table offers
(``tests.support.drops.check_drops``): the tile in hand on every target, or every pile slot on every target
when nothing is in hand (the race takes a tile on the press).
"""
from __future__ import annotations

import os
import random
from collections import Counter

import pygame
import pytest

from game.core.protocol import Text
from game.games.island_race.mouse import HAND, PILE
from game.games.island_race.rules import LAST, PLAY, Done, Flip, Place, Return, Rotate, Stop, Take
from game.i18n import tr
from tests.app.conftest import app, click, drag, frames, key, start_table  # noqa: F401 - the app fixture
from tests.games.island_race.test_scene import A, FakeDevices, pad_button, to_play
from tests.support.drops import GENERIC, check_drops


@pytest.fixture
def pads(monkeypatch):
    return FakeDevices(monkeypatch)


# --------------------------------------------------------------------------------------------------
# Helpers (to_play: the race started, its clock frozen, from the scene tests)
# --------------------------------------------------------------------------------------------------
def pick(rng: random.Random, r, seat: int, human: bool):
    """A random legal action of ``seat`` that moves the race on: take, turn or flip a little, place, put back
    now and then, Done when the grid is full (the human less eagerly: their Done positions are probed too)."""
    legal = r.legal_actions(seat)
    if r.phase == LAST and r.hands[seat] is None and rng.random() < 0.3:
        return Stop(seat)
    done = [a for a in legal if isinstance(a, Done)]
    if done and rng.random() < (0.4 if human else 0.8):
        return done[0]
    if r.hands[seat] is not None:
        places = [a for a in legal if isinstance(a, Place)]
        roll = rng.random()
        if places and roll < 0.7:
            return rng.choice(places)
        if roll < 0.9:
            return rng.choice([a for a in legal if isinstance(a, (Rotate, Flip))])
        return Return(seat)
    takes = [a for a in legal if isinstance(a, Take)]
    return rng.choice(takes) if takes else rng.choice(legal)


def sweep(app, seed: int, kinds, options=None, steps: int = 150) -> tuple[int, Counter]:
    """Random races on the real table; every position probed. (lit, refused reasons)."""
    scene = start_table(app, "island-race", kinds, seed=seed, options=options or {})
    lit, refused = 0, Counter()

    def probe() -> None:
        nonlocal lit
        n, why = check_drops(scene)
        lit += n
        refused.update(why)

    probe()                                   # the countdown: nobody acts before "Go!" (S4)
    to_play(app, scene)
    rng = random.Random(seed)
    me = scene.mouse_seat
    for step in range(steps):
        r = scene.round
        if scene.stage != "play" or r.phase not in (PLAY, LAST) or not r.current_players():
            break
        seat = rng.choice(r.current_players())
        scene.session.apply(pick(rng, r, seat, seat == me))
        frames(app, 1)
        # the tile in hand on every target is cheap; every pile slot on every target, every few steps
        if scene.held(me) is not None or step % 4 == 0 or me not in scene.round.current_players():
            probe()
    probe()                                   # the last position (Done, finished, or the round over)
    app.stack.pop()
    return lit, refused


def shown(scene) -> str | None:
    """The refusal bubble's text on screen now (the race's drag controller shows reasons by the pointer)."""
    message = scene.drag.message if scene.drag._message_left > 0 else None
    return tr(message) if message is not None else None


def said(scene, key_name: str, **params) -> None:
    """The bubble on screen says the reason ``key_name`` in its own words, never a generic one."""
    assert isinstance(scene.drag.message, Text) and scene.drag.message.key == key_name, scene.drag.message
    assert scene.drag.message.key not in GENERIC
    assert shown(scene) == tr(Text.of(key_name, **params)) != tr(Text.of("ui.drag.not_here"))


def cell_target(scene, cell):
    return next(t for t in scene.drag.targets if t.data == cell)


def centre(scene, seat, cell):
    return scene.L.islands[seat].cell_rect(*cell).center


def first_tile(scene, seat=0, cell=(0, 0)) -> None:
    r = scene.round
    slot = next(s for s, p in enumerate(r.pile) if p is not None)
    scene.session.apply(Take(seat, slot))
    scene.session.apply(Place(seat, cell))


# --------------------------------------------------------------------------------------------------
# The sweep
# --------------------------------------------------------------------------------------------------
def test_every_lit_target_is_legal_and_every_refusal_names_its_rule(app):
    lit, refused = 0, Counter()
    for seed, kinds, options in ((3, ["human", "easy", "medium"], {}),
                                 (8, ["human", "easy"], {"no-timer": True, "big-island": True})):
        n, why = sweep(app, seed, kinds, options)
        lit += n
        refused.update(why)
    assert lit > 500 and sum(refused.values()) > 500, (lit, refused)
    # R7 (not touching, a cell taken), R4 (taken by a rival, a slot already used), R13 (Done), S4 (before Go!)
    assert {"ir.reason.not_adjacent", "ir.reason.occupied", "ir.reason.taken_by", "ir.reason.slot_empty",
            "ir.reason.done", "ir.reason.not_started"} <= set(refused), refused
    assert not set(refused) & GENERIC


@pytest.mark.soak
def test_every_lit_target_is_legal_and_every_refusal_names_its_rule_over_many_races(app):
    n_races = int(os.environ.get("PGN_SOAK_SCALE", "1")) * 12
    lit, refused = 0, Counter()
    configs = [(["human", "easy", "hard"], {}), (["human", "easy", "medium", "hard"], {}),
               (["human", "hard"], {"big-island": True}), (["human", "easy", "easy"], {"no-timer": True}),
               (["human", "medium"], {"no-timer": True, "big-island": True})]
    for k in range(n_races):
        kinds, options = configs[k % len(configs)]
        n, why = sweep(app, 100 + k, kinds, options, steps=200)
        lit += n
        refused.update(why)
    print(f"lit {lit}, refused {sum(refused.values())}: {dict(refused)}")
    assert {"ir.reason.not_adjacent", "ir.reason.occupied", "ir.reason.taken_by", "ir.reason.done",
            "ir.reason.finished", "ir.reason.not_started"} <= set(refused), refused


# --------------------------------------------------------------------------------------------------
# Real gestures: the reason shown is the rule's
# --------------------------------------------------------------------------------------------------
def test_a_refused_drag_shows_the_rule_not_a_generic_message(app):
    scene = start_table(app, "island-race", ["human", "easy"])
    to_play(app, scene)
    first_tile(scene)
    frames(app, 1)
    slot = next(s for s, p in enumerate(scene.round.pile) if p is not None)
    assert scene.drop_verdict(slot, cell_target(scene, (0, 1))) is True   # next to it: lit
    drag(app, scene.L.slots[slot].center, centre(scene, 0, (2, 2)))   # R7.3: touches nothing
    said(scene, "ir.reason.not_adjacent")
    assert scene.round.grids[0][8] is None and scene.round.pile[slot] is not None   # back to its slot
    drag(app, scene.L.slots[slot].center, centre(scene, 0, (0, 0)))   # R7.2: that cell holds a tile
    said(scene, "ir.reason.occupied")
    scene.session.apply(Take(1, slot))                                  # a rival is faster (R4)
    frames(app, 1)
    click(app, scene.L.slots[slot].center)
    said(scene, "ir.reason.taken_by", **scene.round.check(Take(0, slot)).kwargs)   # "Taken by P1."
    assert "P1" in shown(scene)
    assert scene.round.hands[0] is None


def test_the_keyboard_and_a_controller_give_the_mouses_reasons(app, pads):
    iid = pads.connect()
    scene = start_table(app, "island-race", ["human", "human", "human"])
    assert (scene.mouse_seat, scene.key_seat, scene.pad_seat_list()) == (0, 1, [2])
    to_play(app, scene)
    for seat in (0, 1, 2):
        first_tile(scene, seat)
    frames(app, 1)
    # nothing in hand, the cursor on the island: R7 places only the tile in hand
    scene.kzone, scene.kcell, scene.keys_used = "grid", (1, 1), True
    key(app, pygame.K_RETURN)
    said(scene, "ir.reason.take_first")
    scene.cursor_of(2).zone, scene.cursor_of(2).cell = "grid", (1, 1)
    pad_button(app, iid, A)
    said(scene, "ir.reason.take_first")
    # a tile in hand, on a cell that touches nothing or is taken: the mouse's drop verdict, word for word
    for seat in (0, 1, 2):
        scene.session.apply(Take(seat, next(s for s, p in enumerate(scene.round.pile) if p is not None)))
    frames(app, 1)
    for cell, why in (((2, 2), "ir.reason.not_adjacent"), ((0, 0), "ir.reason.occupied")):
        mouse = scene.drop_verdict(HAND, cell_target(scene, cell))
        assert mouse == Text.of(why)
        scene.kzone, scene.kcell = "grid", cell
        key(app, pygame.K_RETURN)
        assert scene.drag.message == mouse
        scene.cursor_of(2).zone, scene.cursor_of(2).cell = "grid", cell
        pad_button(app, iid, A)
        assert scene.drag.message == mouse
    assert all(scene.round.hands[s] is not None for s in (0, 1, 2))   # nothing placed, nothing lost
    assert scene.drop_verdict(HAND, next(t for t in scene.drag.targets if t.data == PILE)) is True


def test_before_go_and_after_done_a_press_says_why(app, pads):
    iid = pads.connect()
    scene = start_table(app, "island-race", ["human", "human", "human"])
    assert scene.stage == "countdown"
    click(app, scene.L.pile.center)                                   # S4: nobody acts before "Go!"
    said(scene, "ir.reason.not_started")
    scene.drag.message = None
    key(app, pygame.K_RETURN)
    said(scene, "ir.reason.not_started")
    scene.drag.message = None
    pad_button(app, iid, A)
    said(scene, "ir.reason.not_started")
    assert len(scene.session.actions) == 0
    to_play(app, scene)
    scene._set_stage("resume")                                        # back from the pause: "3, 2, 1" again
    click(app, scene.L.pile.center)
    said(scene, "ir.reason.resuming")
    scene._set_stage("play")
    r = scene.round
    for seat in (0, 1, 2):                                            # everyone's island full ...
        for cell in [(row, col) for row in range(3) for col in range(3)]:
            scene.session.apply(Take(seat, next(s for s, p in enumerate(r.pile) if p is not None)))
            scene.session.apply(Place(seat, cell))
    scene.session.apply(Done(0))                                      # ... the mouse player is Done (R13)
    frames(app, 1)
    assert scene.my_turn() is None and scene.stage == "play"
    slot = next(s for s, p in enumerate(scene.round.pile) if p is not None)
    assert scene.drop_verdict(slot, cell_target(scene, (1, 1))) == Text.of("ir.reason.done")
    click(app, scene.L.slots[slot].center)
    said(scene, "ir.reason.done")
    assert scene.round.hands[0] is None
    scene.session.apply(Done(1))
    frames(app, 1)
    scene.drag.message = None
    key(app, pygame.K_RETURN)
    said(scene, "ir.reason.done")
    scene.session.apply(Done(2))                                      # everyone Done: the round is over
    frames(app, 1)
    assert scene.stage == "ending"
    scene.drag.message = None
    pad_button(app, iid, A)
    said(scene, "ir.reason.round_over")


def test_my_turn_is_the_mouse_player_while_the_race_runs(app):
    scene = start_table(app, "island-race", ["human", "easy"])
    assert scene.my_turn() is None                                    # the countdown
    to_play(app, scene)
    assert scene.my_turn() == 0 and scene.legal() == scene.round.legal_actions(0)
