"""Events and secrets: a turn event at every turn start, the log as ``said`` events, the feel-draw offer told
to the drawer only (the game's one secret besides the bag's next tiles)."""
from __future__ import annotations

import json

from game.core.rng import Rng
from game.games.planks.rules import KEEP, RULES, EndTurn, Move, determinize
from tests.games.planks.helpers import events, new, play_random, scoring_position, trigger


def test_every_turn_begins_with_a_turn_event():
    s = new(3, seed=5)
    seats = []
    for _ in range(9):
        seat = s.current
        told = len(s.events)
        s.apply(next(a for a in s.legal_actions() if isinstance(a, Move)))
        if s.current == seat:
            s.apply(EndTurn(seat))
        turns = [e for e in s.events[told:] if e.kind == "turn"]
        assert turns and turns[-1].seat == s.current
        seats.append(s.current)
    assert seats[:3] == [(seats[0] + k) % 3 for k in range(3)]


def test_the_log_is_said_events_and_every_action_adds_an_event():
    s = new(4, seed=2)
    n = len(s.events)
    s.apply(s.legal_actions()[0])
    assert any(e.kind != "said" for e in s.events[n:]) and s.log[-1].text.key.startswith("planks.log.")


def test_the_offer_is_told_to_the_drawer_only_and_twins_hide_it():
    s = scoring_position(4, scorer=2, planks={6: ["blue-2"]}, feel_draw=True, draws=["ruby", "crown"])
    trigger(s)
    assert s.phase == KEEP
    offered = events(s, "offered")[-1]
    assert offered.audience == (2,) and offered.seen_by(0).get("tiles") is None
    assert sorted(offered.seen_by(2).get("tiles")) == sorted(s.offer)
    assert [line.text.key for line in s.view(2).log][-1] == "planks.log.feel"
    assert "planks.log.feel" not in [line.text.key for line in s.view(0).log]
    twin = RULES.twin(s, 0, Rng(3))
    assert json.dumps(twin.view(0).to_json()) == json.dumps(s.view(0).to_json())
    mine = RULES.twin(s, 2, Rng(3))
    assert mine.offer == s.offer
    full = determinize(s.view(1), Rng(4))
    assert len(full.offer) == 2 and all(t in full.bag for t in full.offer)


def test_a_view_never_carries_the_generator():
    s = new(3, seed=11)
    assert s.view(0).chance.rng.state() != s.chance.rng.state()
    play_random(s, seed=1)
    assert s.is_over()


def test_a_moves_description_names_its_direction():
    from game import i18n
    from game.games.planks.rules import Move as M
    cw, ccw = M(0, "pirate-red-4", 1, 2).describe(), M(0, "pirate-red-4", -1, 2).describe()
    assert cw != ccw
    old = i18n.language()
    try:
        i18n.set_language("en")
        assert i18n.tr(cw) == "Red 4 jumps 2 planks clockwise" and i18n.tr(ccw).endswith("anticlockwise")
        i18n.set_language("it")
        assert i18n.tr(M(0, "pirate-red-4", -1, 1).describe()) == "Rosso 4 salta di 1 passerella in senso antiorario"
    finally:
        i18n.set_language(old)
