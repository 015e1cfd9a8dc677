"""The bots of a race, run inside the frame loop (spec §9-§10).

Each bot seat has a ``RealtimeAgent`` (``game.core.realtime``): given its view and the race clock it says
what it will do next and when. The driver keeps each agent's plan, asks again only when the game changed
(any action of anyone) or while an agent is still working on a plan split over several calls
(``busy()``), and never asks more agents in one frame than its time budget allows, so a frame never
waits on several bots at once. An action is due when the race clock reaches its time; the scene
applies it through the session. ``speed`` stretches or shortens the delays of agents that do not apply
the bot-speed setting themselves.
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any, Callable

from game.core.clock import WorkBudget, seconds_budget
from game.core.protocol import Action

log = logging.getLogger("pgn.island_race")

SPEED_FACTOR = {"slow": 1.5, "normal": 1.0, "fast": 0.7}
SLOW_CALL = 0.008  # seconds: an agent call longer than this is logged (it costs a frame)


@dataclass
class Plan:
    action: Action
    at: float          # race time at which it happens (after the speed factor)
    agent_at: float    # the time the agent said (to keep ``at`` when it says the same again)
    asked: float       # race time when it was asked


class AgentDriver:
    """``agents``: seat -> RealtimeAgent. ``view_of(seat)``: that seat's view now."""

    def __init__(self, agents: dict[int, Any], view_of: Callable[[int], Any], speed: float = 1.0,
                 budget: float = 0.004, work_budget: Callable[[float], WorkBudget] = seconds_budget):
        self.agents = dict(agents)
        self.view_of = view_of
        self.speed = speed
        self.budget = budget
        self.work_budget = work_budget  # seconds -> WorkBudget: the app clock's (fixed work in tests)
        for agent in self.agents.values():
            if hasattr(agent, "work_budget"):
                agent.work_budget = work_budget
        self.plans: dict[int, Plan | None] = {seat: None for seat in self.agents}
        self.stale: set[int] = set(self.agents)
        self._next = 0          # round-robin start, so every agent gets its turn to think
        self.calls = 0
        self.slowest = 0.0

    def invalidate(self) -> None:
        """The game changed: every agent may want to change its plan."""
        self.stale = set(self.agents)

    def reset(self) -> None:
        self.plans = {seat: None for seat in self.agents}
        self.invalidate()

    def think(self, active: tuple[int, ...], now: float) -> None:
        """Ask stale agents of ``active`` seats for their plan, within the frame's time budget (at least one)."""
        seats = sorted(self.agents)
        if not seats:
            return
        start = time.perf_counter()
        budget = self.work_budget(self.budget)
        order = seats[self._next % len(seats):] + seats[:self._next % len(seats)]
        asked = 0
        for seat in order:
            if seat not in self.stale:
                continue
            if seat not in active:
                self.plans[seat] = None
                self.stale.discard(seat)
                continue
            if asked and budget.spent():
                break
            self._ask(seat, now)
            asked += 1
            self._next = seats.index(seat) + 1
        spent = time.perf_counter() - start
        if spent > SLOW_CALL:
            log.info("agents thought for %.1f ms in one frame", spent * 1000)

    def _ask(self, seat: int, now: float) -> None:
        agent = self.agents[seat]
        t0 = time.perf_counter()
        try:
            plan = agent.next_action(self.view_of(seat), now)
        except Exception:  # a bot bug must not stop the race: that bot waits for the next change
            log.exception("agent of seat %d failed", seat)
            plan = None
        took = time.perf_counter() - t0
        self.calls += 1
        self.slowest = max(self.slowest, took)
        busy = getattr(agent, "busy", None)
        if plan is None and busy is not None and busy():
            self.plans[seat] = None  # a plan split over several calls: ask again next frame
            return
        self.stale.discard(seat)
        if plan is None:
            self.plans[seat] = None
            return
        action, at = plan
        at = max(now, float(at))
        old = self.plans.get(seat)
        if old is not None and old.action == action and abs(old.agent_at - at) < 1e-9:
            return  # the same plan: keep its time
        self.plans[seat] = Plan(action, now + (at - now) * self.speed, at, now)

    def due(self, now: float) -> tuple[int, Action] | None:
        """The earliest planned action whose time has come (ties: lower seat), or None."""
        best: tuple[float, int] | None = None
        for seat, plan in self.plans.items():
            if plan is None or seat in self.stale or plan.at > now:
                continue
            if best is None or (plan.at, seat) < best:
                best = (plan.at, seat)
        if best is None:
            return None
        seat = best[1]
        plan = self.plans[seat]
        assert plan is not None
        return seat, plan.action

    def applied(self, seat: int, action: Action, now: float) -> None:
        """The action of ``seat`` happened (tell its agent); every plan is looked at again."""
        self.plans[seat] = None
        agent = self.agents.get(seat)
        if agent is not None:
            try:
                agent.on_applied(action, now)
            except Exception:
                log.exception("agent of seat %d failed in on_applied", seat)
        self.invalidate()

    def dropped(self, seat: int) -> None:
        """The action of ``seat`` was no longer legal (someone was faster): ask again."""
        self.plans[seat] = None
        self.stale.add(seat)

    def plan_of(self, seat: int) -> Plan | None:
        return self.plans.get(seat)
