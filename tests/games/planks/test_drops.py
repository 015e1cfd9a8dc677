"""Issue 15, item 4 — "every refusal says why" — on the Pirates, Planks & Pesetas table.

A pirate dropped on a plank means the jump there (the one direction within 5 planks, R16; else the shorter way, so
the engine names the rule it breaks), a castaway the rescue by the ladder with the fewest MP (R23), the setup token
the plank of the first chest (R3) or first pirate (R4). ``check_drops`` (tests/support/drops.py) probes every
pirate the human on turn may pick up on every plank: what lights passes ``State.check``, a refusal is a reason in
both catalogs that names a rule. Hot-seat games (every seat human) played at random through every phase and option.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.app.conftest import app, frames, start_table  # noqa: F401 - the app fixture
from tests.support.drops import GENERIC, check_drops, play_at_random

GAMES = [(3, {}, 1), (4, {"pairs": 8}, 2), (2, {"colours": "choose", "first-plank": "choose"}, 3),
         (3, {"first-plank": "choose", "feel-draw": True}, 4), (2, {"feel-draw": True, "pairs": 10}, 5)]


@pytest.mark.parametrize("players,options,seed", GAMES)
def test_every_lit_plank_is_legal_and_every_refused_drop_names_its_rule(app, players, options, seed):
    scene = start_table(app, "planks", ["human"] * players, seed, options)
    rng = random.Random(seed)
    lit, refused = 0, Counter()
    for step in range(160):
        state = scene.state
        if state.is_over():
            break
        if step % 3 == 0:
            n, why = check_drops(scene)
            lit, refused = lit + n, refused + why
        play_at_random(scene, rng)
        if scene.ending.visible:
            scene._ending_next()
        frames(app, 1)
    assert lit > 0 and sum(refused.values()) > 0
    assert not set(refused) & GENERIC, refused
    assert {"planks.reason.too_far", "planks.reason.same_plank"} & set(refused), refused
