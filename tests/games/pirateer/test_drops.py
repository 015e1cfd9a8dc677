"""Issue 15, item 4 — "every refusal says why": Pirateer's drops on the real table.

The table follows the shared drop contract (``game.scenes.table``): a ship group dropped on a square means the
``Move`` of each die still to play whose straight line ends there (R3), the fleet token dropped on a harbour
means ``ChooseFaction`` (S1); every target's ``accepts`` is the table's ``drop_verdict``, so what lights is
what ``State.check`` accepts, and a refusal is the engine's reason or, for a drop that means no move (land, the
island, the ship's own square, no die that long), the game's own words. ``check_drops`` (tests/support/drops.py)
probes every group the human on turn may pick up on every square (or the fleet token on every harbour) and
checks all of that; these tests reach many positions of the variants and of the fleet-choosing phase, on
hand-set positions for the rules random games rarely meet (a carrier's forbidden directions R17/R18, a strait,
wrecks, a ship in the way, R11), and drag for real to see the reason on screen.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from game.core.protocol import Text
from game.i18n import tr
from game.games.pirateer.rules import CHOOSE, MOVE, Arm
from tests.app.conftest import app, click, drag, frames, start_table, toasts  # noqa: F401 - the app fixture
from tests.games.pirateer.test_scene import SEA, at, open_sea, table_at, two_fleets
from tests.support.drops import GENERIC, check_drops

#: variants as the rules module names them (``rules.MODES``, ``rules.VARIANTS``); the fleets chosen at the
#: table (S1) unless a mode seats them
FAST = [(2, {}), (4, {"flotilla": True, "wrecks": True}), (3, {"storm": True, "nuke": True, "dead-man": True}),
        (2, {"acey-deucey": True, "devils-island": True})]
MORE = [(3, {}), (4, {}), (2, {"war-wind": True}), (4, {"war-wind": True}), (2, {"domination": True}),
        (2, {"grab-and-run": True}), (4, {"wrecks": True, "free-boarding": True}), (2, {"flotilla": True}),
        (3, {"storm": True}), (2, {"nuke": True, "wrecks": True})]


def lit_squares(scene, group) -> set:
    """The squares whose drop of ``group`` the table lets through (its drop targets' verdicts)."""
    return {t.data for t in scene.drag.targets if t.accepts(group) is True}


def human_move(scene, rng):
    """A move of the human on turn made through the drop contract: a lit square of a group that may sail
    (the legal action of the drop, as the controller plays it), or a harbour while the fleets are chosen."""
    probes = scene.drop_probes()
    if scene.game.phase == CHOOSE:
        lit = [(p, t) for p, t in probes if scene.drop_verdict(p, t) is True]
    else:
        groups = sorted(scene.movable_groups())
        if not groups:
            return None
        group = rng.choice(groups)
        lit = [(group, scene._square_of[c]) for c in sorted(scene.landings_of(group))]
    if not lit:
        return None
    payload, target = rng.choice(lit)
    return scene.drop_action(payload, target)


def sweep(app, players, options, seed, steps, every=2):
    """A hot-seat game (every seat human: whoever is on turn acts on screen, nothing is secret, S6), played at
    random, half of the human's moves through the drop contract; ``check_drops`` every ``every`` positions."""
    scene = start_table(app, "pirateer", ["human"] * players, seed, options)
    rng = random.Random(seed)
    lit, refused, checked = 0, Counter(), 0
    for step in range(steps):
        state = scene.state
        if state.is_over():
            break
        assert scene.my_turn() == state.current_player
        if step % every == 0:
            n, why = check_drops(scene)
            lit, refused, checked = lit + n, refused + why, checked + 1
            for group in scene.movable_groups():            # what is drawn lit is what the targets let through
                assert set(scene.landings_of(group)) == lit_squares(scene, group)
        action = human_move(scene, rng) if rng.random() < 0.5 else None
        if action is None:
            legal = state.legal_actions(state.current_player)
            calm = [a for a in legal if not isinstance(a, Arm)]     # a random nuke ends the game at once
            action = rng.choice(calm if calm and rng.random() > 0.05 else legal)
        assert scene.try_action(action) is None, action
        frames(app, 1)
    return lit, refused, checked


def test_every_lit_target_is_legal_and_every_refusal_names_its_rule(app):
    lit, refused, checked = 0, Counter(), 0
    for k, (players, options) in enumerate(FAST):
        n, why, c = sweep(app, players, options, seed=3 + k, steps=22)
        lit, refused, checked = lit + n, refused + why, checked + c
    assert checked >= 30 and lit >= 40 and sum(refused.values()) >= 5000, (checked, lit, refused)
    assert len(refused) >= 8, refused
    # before the roll, a square no die reaches, land, the island, the fleet-choosing phase's taken harbour
    assert {"pir.reason.roll_first", "pir.ui.no_line", "pir.ui.drop_land", "pir.ui.drop_island",
            "pir.reason.faction_taken"} <= set(refused), refused
    assert not set(refused) & GENERIC


@pytest.mark.soak
def test_soak_every_lit_target_is_legal_and_every_refusal_names_its_rule(app):
    lit, refused, checked = 0, Counter(), 0
    for k, (players, options) in enumerate(FAST + MORE):
        for seed in (11, 12):
            n, why, c = sweep(app, players, options, seed=seed + 7 * k, steps=90, every=3)
            lit, refused, checked = lit + n, refused + why, checked + c
    print(f"pirateer drops: {checked} positions, {lit} lit, {sum(refused.values())} refused, {dict(refused)}")
    assert checked >= 300 and lit >= 300 and len(refused) >= 10, (checked, lit, refused)


# -- positions random games rarely reach -------------------------------------------------------------------
def positions():
    """(position, the refusals it must show): each made for one rule a drop can break."""
    sea = {k: v for k, v in SEA.items() if k != "Sp2"}
    yield open_sea(treasure="Sp1"), {"pir.reason.away_from_home"}                      # R17: never SE
    yield two_fleets({**sea, "Sp1": (5, 10)}, treasure="Sp1", phase=MOVE, dice=(2, 3)), \
        {"pir.reason.away_on_current"}                                                 # R18: never E
    yield open_sea({**SEA, "Sp1": (5, 4), "Sp2": (3, 4)}), {"pir.reason.crosses_strait", "pir.ui.same_strait"}
    yield open_sea({**SEA, "Sp1": (5, 13)}), {"pir.reason.crosses_current"}            # R5 (a)
    yield open_sea({**SEA, "Sp2": (7, 5), "Pi1": (5, 7)}), \
        {"pir.reason.own_ship_in_way", "pir.reason.ship_in_way"}                       # R5 (c)
    yield open_sea({**SEA, "Pi1": (8, 5), "Sp2": (5, 8)}), {"pir.reason.no_treasure_aboard", "pir.reason.own_ship"}
    yield open_sea(wrecks=[(6, 5), (5, 8)], options={"wrecks": True}), \
        {"pir.reason.wreck_in_way", "pir.reason.wreck_square"}                        # V5.2
    yield two_fleets({"Sp1": (0, 9), "Pi1": (14, 14)}, phase=MOVE, dice=(3, 4)), {"pir.reason.blocks_dice"}  # R11
    yield two_fleets(), {"pir.reason.roll_first"}                                      # R1: before the roll


def test_hand_set_positions_refuse_each_rule_in_its_words_and_light_only_legal_squares(app):
    seen: Counter = Counter()
    for state, wanted in positions():
        scene = table_at(app, state)
        lit, refused = check_drops(scene)
        assert wanted <= set(refused), (wanted, refused)
        for group in scene.movable_groups():
            assert set(scene.landings_of(group)) == lit_squares(scene, group)
        seen += refused
        app.stack.pop(fade=False)
    assert len(seen) >= 15, seen


# -- real gestures -------------------------------------------------------------------------------------------
def test_a_refused_drag_shows_the_rule_in_the_toast_and_the_bubble_not_a_generic_message(app):
    scene = table_at(app, open_sea({**SEA, "Sp2": (7, 5)}))     # Sp2 stands on the line of Sp1 sailing 3 SE
    before = dict(scene.game.ships)
    drag(app, at(scene, (5, 5)), at(scene, (8, 5)))
    reason = Text.of("pir.reason.own_ship_in_way")
    assert scene.game.ships == before and not scene.session.actions
    assert scene.drag.message == reason                          # the bubble by the square
    assert tr(reason) in toasts(app) and tr("ui.drag.not_here") not in toasts(app)
    drag(app, at(scene, (5, 5)), at(scene, (9, 9)))              # onto Skull Island
    assert scene.drag.message == Text.of("pir.ui.drop_island") and tr("pir.ui.drop_island") in toasts(app)
    drag(app, at(scene, (5, 5)), at(scene, (6, 5)))              # one square: no die shows 1
    assert scene.drag.message.key == "pir.ui.no_line" and "3, 5" in toasts(app)
    assert scene.game.ships == before


def test_a_ship_that_cannot_sail_and_a_ship_that_is_not_yours_say_why_when_pressed(app):
    scene = table_at(app, two_fleets())                          # before the roll
    click(app, at(scene, (5, 5)))
    assert tr("pir.ui.roll_first") in toasts(app) and scene.selected is None
    scene = table_at(app, open_sea())
    click(app, at(scene, (14, 14)))                              # a Pirate ship
    assert tr("pir.reason.not_your_ship") in toasts(app) and not scene.session.actions
