"""Events and secrets: a turn event at every turn start; secret pirates and hands told only to their seat; at
every step, two states that differ only in what a seat cannot see (other seats' pirates, the set-aside pirates,
other hands, deck orders) give that seat identical views, events, log lines and bot decisions."""
from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.rng import Rng
from game.games.spanish_main import GAME
from game.games.spanish_main.rules import ADVENTURE_TYPES, RULES, UNKNOWN, Accuse, Pass
from tests.games.spanish_main.helpers import ROW, at, events, new


def js(x) -> str:
    return json.dumps(x, sort_keys=True)


def test_every_turn_begins_with_a_turn_event():
    s = new(3, seed=5)
    for _ in range(6):
        seat = s.current
        s.apply(Pass(seat))
        assert s.events[-1].kind == "turn" and s.events[-1].seat == (seat + 1) % 3


def test_the_log_is_said_events_and_every_action_adds_an_event():
    s = at()
    n = len(s.events)
    s.apply(Pass(0))
    assert any(e.kind != "said" for e in s.events[n:]) and s.log[0].text.key.startswith("sm.log.")


def test_a_seat_sees_its_own_pirates_only():
    s = new(4, seed=7)
    for seat in range(4):
        v = s.view(seat)
        assert v.pirates[seat] == s.pirates[seat] and v.aside == [UNKNOWN]
        assert all(v.pirates[k] == [UNKNOWN] * 2 for k in range(4) if k != seat)
        told = [line for line in v.log if line.text.key == "sm.log.yours2"]
        assert len(told) == 1
    assert all(x == UNKNOWN for x in s.view(None).adv_deck)


def test_the_hand_draws_are_told_to_the_drawer_only():
    s = at(hand=True, hands={0: ["mv-rip", "mv-fog"]}, draws=["mv-alliance-1"])
    s.apply(Pass(0, "mv-fog-1"))
    drew = events(s, "drew")[-1]
    assert drew.audience == (0,) and drew.seen_by(1).get("card") is None
    assert drew.seen_by(0).get("card") == "mv-alliance-1"
    assert not [line for line in s.view(1).log if line.text.key == "sm.log.you_draw"]


@settings(max_examples=int(os.environ.get("SM_TWIN_GAMES", "4")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), hand=st.booleans(), imminent=st.booleans(), seed=st.integers(0, 2**31))
def test_twins_look_the_same_to_their_seat_at_every_step(players, hand, imminent, seed):
    s = RULES.new_game(players, {"movement-hand": hand, "imminent-adventures": imminent}, seed)
    rng = Rng(seed)
    differed = False
    step = 0
    while not s.is_over():
        for seat in (*range(players), None):
            twin = RULES.twin(s, seat, rng)
            RULES.validate_state(twin)
            differed |= js(twin.to_json()) != js(s.to_json())
            assert js(twin.view(seat).to_json()) == js(s.view(seat).to_json())
            assert [e.to_json() for e in twin.events_for(seat)] == [e.to_json() for e in s.events_for(seat)]
            assert [line.to_json() for line in twin.view(seat).log] == [line.to_json() for line in s.view(seat).log]
            if seat is not None and seat == s.current and step % 16 == 0:
                a = GAME.bot("easy", seat, 3).choose(s.view(seat))
                b = GAME.bot("easy", seat, 3).choose(twin.view(seat))
                assert a == b
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
        step += 1
    assert differed


def pirate_twin(s, seat: int, rng: Rng):
    """``s`` with the pirates ``seat`` cannot see dealt again (other seats' and the set-aside ones, every public
    fact kept), and nothing else changed: the same decks, hands and generator, so the same draws to come."""
    t = RULES.twin(s, seat, rng)
    u = s.clone()
    u.pirates, u.aside, u._events = t.pirates, t.aside, list(t._events)
    return u


@settings(max_examples=int(os.environ.get("SM_TWIN_GAMES", "4")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), hand=st.booleans(), imminent=st.booleans(), extended=st.booleans(),
       seed=st.integers(0, 2**31))
def test_twins_stay_alike_to_their_seat_as_play_goes_on(players, hand, imminent, extended, seed):
    """Section 9, S3: the same actions played in two games that differ only in the pirates a seat cannot see give
    that seat the same new events, log lines and view, until something reveals a pirate (an accusation, Mutiny
    on a ship owned differently, the end)."""
    s = RULES.new_game(players, {"movement-hand": hand, "imminent-adventures": imminent, "extended-fame": extended},
                       seed)
    rng = Rng(seed)
    seat = rng.below(players)
    u = pirate_twin(s, seat, rng)
    while u.pirates == s.pirates:
        u = pirate_twin(s, seat, rng)
    while True:
        acts = [a for a in s.legal_actions() if not isinstance(a, Accuse)]
        a = acts[rng.below(len(acts))]
        n = len(s.events)
        s2, u2 = s.clone(), u.clone()
        s2.apply(a)
        u2.apply(a)
        mutinies = [[e.to_json() for e in x.events[n:] if e.kind == "mutiny"] for x in (s2, u2)]
        if mutinies[0] != mutinies[1]:
            break                    # a Mutiny on a ship owned differently (after the action moved the row)
        s, u = s2, u2
        if s.is_over():
            break
        assert [e.to_json() for e in u.events_for(seat)[n:]] == [e.to_json() for e in s.events_for(seat)[n:]]
        assert js(u.view(seat).to_json()) == js(s.view(seat).to_json())


@pytest.mark.parametrize("adventure", ADVENTURE_TYPES)
@pytest.mark.parametrize("front", ["EN1", "EN2"])
def test_every_adventure_tells_a_seat_nothing_of_the_pirates_it_cannot_see(adventure, front):
    """Two games that differ only in the other seats' and the set-aside pirates (EN1 set aside, EN2 seat 0's in
    both) look the same to seat 0 after any adventure resolves (R43: Mutiny on an unowned ship says only that)."""
    row = [front] + [x for x in ROW if x != front]
    seen = []
    for pirates in ({0: ["EN2", "NL2"], 1: ["ES1", "NL1"], 2: ["EN3", "ES2"]},
                    {0: ["EN2", "NL2"], 1: ["ES3", "NL3"], 2: ["ES1", "EN3"]}):
        s = at(row=row, pirates=pirates, adventure=adventure, damaged=["NL1"], draws=["adv-kraken"],
               fame={"EN1": 2, "ES1": 1, "NL1": 1, "NL3": 1, "ES3": 2, "EN2": 3})
        n = len(s.events)
        s.apply(Pass(0))
        seen.append((js([e.to_json() for e in s.events_for(0)[n:]]), js(s.view(0).to_json())))
    assert seen[0] == seen[1]
