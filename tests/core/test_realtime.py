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


class Starter(RealtimeAgent):
    """A system agent: it is asked although its seat is never a current player."""

    system = True

    def __init__(self):
        super().__init__(-1)
        self.asked = 0

    def next_action(self, view, now):
        self.asked += 1
        return None


class SlowThinker(PacedRower):
    """Needs three calls for each plan (busy in between), like a plan split over frames."""

    def __init__(self, seat, pace):
        super().__init__(seat, pace)
        self.calls = 0
        self.thinking = 0

    def busy(self):
        return self.thinking > 0

    def next_action(self, view, now):
        self.calls += 1
        if self.thinking == 0:
            self.thinking = 3
        self.thinking -= 1
        if self.thinking:
            return None
        return super().next_action(view, now)


def test_system_agents_are_always_asked_and_busy_agents_asked_again():
    starter, thinker = Starter(), SlowThinker(0, 1.0)
    state = RaceState(2)
    timeline = run_realtime(state, [thinker, PacedRower(1, 1.3), starter], SimulatedClock(), until=60)
    baseline = run_realtime(RaceState(2), [PacedRower(0, 1.0), PacedRower(1, 1.3)], SimulatedClock(), until=60)
    assert state.is_over() and starter.asked >= len(timeline)
    assert timeline == baseline  # a plan made over several calls is the same plan
    assert thinker.calls >= 3 * len(timeline) - 3


def test_a_run_cut_by_max_events_keeps_its_clock():
    state, clock = RaceState(2), SimulatedClock()
    first = run_realtime(state, [PacedRower(0, 1.0), PacedRower(1, 1.5)], clock, until=100, max_events=3)
    assert len(first) == 3 and clock.now() == first[-1].time < 100
