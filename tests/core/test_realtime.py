"""Real-time agents on a simulated clock (no waiting), with the toy race game."""
from __future__ import annotations

from game.core.realtime import RealtimeAgent, SimulatedClock, run_realtime
from tests.support.racegame import GOAL, Grab, PacedRower, RaceState, Row


def test_clock_jumps_and_never_goes_back():
    c = SimulatedClock(1.0)
    c.advance_to(3.0)
    c.advance_to(2.0)
    c.advance(-5)
    assert c.now() == 3.0


def test_faster_rower_wins_and_the_timeline_is_ordered():
    state, clock = RaceState(2), SimulatedClock()
    timeline = run_realtime(state, [PacedRower(0, 1.0), PacedRower(1, 0.7)], clock, until=60)
    assert state.is_over() and state.winner == 1
    times = [t.time for t in timeline]
    assert times == sorted(times)
    assert state.positions[1] == GOAL and clock.now() == timeline[-1].time
    assert state.time == clock.now()


def test_only_the_first_grab_counts():
    state, clock = RaceState(2), SimulatedClock()
    # both reach the treasure spot at t=5; seat 0 reacts faster
    timeline = run_realtime(state, [PacedRower(0, 1.0, reaction=0.2), PacedRower(1, 1.0, reaction=0.5)],
                            clock, until=60)
    grabs = [t for t in timeline if isinstance(t.action, Grab)]
    assert grabs[0].action.seat == 0 and grabs[0].applied and state.treasure == 0
    assert all(not g.applied for g in grabs[1:]) or len(grabs) == 1


def test_until_stops_a_run_and_it_can_resume():
    state, clock = RaceState(2), SimulatedClock()
    agents = [PacedRower(0, 1.0), PacedRower(1, 1.5)]
    first = run_realtime(state, agents, clock, until=3.5)
    assert not state.is_over() and clock.now() == 3.5 and state.positions == [3, 2]
    rest = run_realtime(state, agents, clock, until=100)
    assert state.is_over() and rest[0].time > 3.5 and len(first) == 5


def test_same_agents_same_timeline():
    def run():
        state = RaceState(3)
        return run_realtime(state, [PacedRower(0, 0.9), PacedRower(1, 1.0), PacedRower(2, 0.95, 0.1)],
                            SimulatedClock(), until=100)
    assert run() == run()


class Sleeper(RealtimeAgent):
    def next_action(self, view, now):
        return None


def test_nobody_with_a_plan_ends_the_run():
    state, clock = RaceState(2), SimulatedClock()
    assert run_realtime(state, [Sleeper(0), Sleeper(1)], clock, until=10) == []
    assert not state.is_over() and clock.now() == 10 and isinstance(Row(0), Row)
