"""Real-time games (Island Race): agents instead of turn-taking bots, and a headless driver.

A real-time state uses the ordinary protocol with actions that name their seat and several seats in
``current_players()`` at once. The scene owns the clock; bots are ``RealtimeAgent``s that, given their
view and the current time, say what they will do next and *when* (a human-paced delay). Headless runs
(tests, tournaments) use ``run_realtime`` with a ``SimulatedClock``: no waiting, fully repeatable.

A state with timed events of its own (a countdown, a tide) may define ``advance_time(t: float)``; the
driver calls it with the time of each action before applying the action, and with ``until`` at the end.

Two optional extras:
- a **system agent** (``system = True``; a referee, the headless stand-in for the scene's clock) is asked
  whatever ``current_players()`` says: it sends the system actions (start a round, time is up) at their
  times. Headless tools run a whole match with one ``run_realtime`` call this way.
- an agent whose planning does not fit in one frame may split it over several calls: it returns None
  while ``busy()`` is True. A scene simply calls it again next frame; ``run_realtime`` calls it again at
  once, so a headless run never waits and gets the same decisions.
"""
from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Sequence

from game.core.protocol import Action, IllegalAction, State


class SimulatedClock:
    """A clock that jumps instead of waiting. ``now()`` never goes backwards."""

    def __init__(self, start: float = 0.0):
        self._now = float(start)

    def now(self) -> float:
        return self._now

    def advance_to(self, t: float) -> None:
        self._now = max(self._now, float(t))

    def advance(self, dt: float) -> None:
        self.advance_to(self._now + max(0.0, dt))


class RealtimeAgent(ABC):
    """A real-time bot for one seat. It sees ``view`` (= ``state.view(seat)``) only."""

    system: bool = False  # a referee: asked even though its seat is never a current player

    def __init__(self, seat: int):
        self.seat = seat

    @abstractmethod
    def next_action(self, view: State, now: float) -> tuple[Action, float] | None:
        """The next action and the (simulated) time at which it happens (>= now), or None to wait
        for a change. Called again after every action of anyone, so plans may change; an agent that
        keeps a plan should return the same time until it has acted."""

    def on_applied(self, action: Action, at: float) -> None:
        """Called after this agent's action happened at time ``at`` (not when it was dropped)."""

    def busy(self) -> bool:
        """True while a plan is half made (``next_action`` returned None only for lack of time):
        call ``next_action`` again with the same view."""
        return False


@dataclass(frozen=True)
class TimedAction:
    time: float
    action: Action
    applied: bool  # False when the action was no longer legal at its time (someone was faster)


def run_realtime(state: State, agents: Sequence[RealtimeAgent], clock: SimulatedClock, until: float,
                 max_events: int = 100_000) -> list[TimedAction]:
    """Run ``state`` with ``agents`` on a simulated clock until the game ends, nobody has a plan, or the
    next action would come after ``until``. Earliest action first; ties go to the lower seat (a system
    agent's seat is negative: it wins ties). An action that became illegal is dropped (recorded with
    ``applied=False``). Returns the timeline.

    When it stops for lack of a plan due by ``until``, the clock (and the state's time) moves on to
    ``until`` if that is finite; after ``max_events`` events it stays at the last event, so a run can
    be continued in slices."""
    timeline: list[TimedAction] = []
    advance = getattr(state, "advance_time", None)
    waiting = False
    for _ in range(max_events):
        if state.is_over():
            break
        now = clock.now()
        best: tuple[float, int, Action] | None = None
        current = state.current_players()
        for agent in agents:
            if not agent.system and agent.seat not in current:
                continue
            view = state.view(agent.seat)
            plan = agent.next_action(view, now)
            while plan is None and agent.busy():
                plan = agent.next_action(view, now)
            if plan is None:
                continue
            action, at = plan
            at = max(now, float(at))
            if best is None or (at, agent.seat) < (best[0], best[1]):
                best = (at, agent.seat, action)
        if best is None or best[0] > until:
            waiting = True
            break
        at, seat, action = best
        clock.advance_to(at)
        if advance is not None:
            advance(at)
        if state.is_over():
            break
        try:
            state.apply(action)
            timeline.append(TimedAction(at, action, True))
            for agent in agents:
                if agent.seat == seat:
                    agent.on_applied(action, at)
        except IllegalAction:
            timeline.append(TimedAction(at, action, False))
    if waiting and not state.is_over() and clock.now() < until < math.inf:
        clock.advance_to(until)
        if advance is not None:
            advance(until)
    return timeline
