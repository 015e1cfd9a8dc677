"""A generic search bot: single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley & Whitehouse 2012).

Any game gets a "hard" bot from its ``determinize(view, rng) -> State``: every iteration samples one full
state consistent with the bot's view (with an RNG reseeded from the bot's own ``Rng``, so the real
deck order or future dice are never seen), walks one shared tree of the observer's information set with
UCT over *available* children (availability counts), plays a rollout to the end (or to ``max_depth``
and a heuristic ``evaluate``), and backs up one reward per seat in [0, 1] (see ``result_rewards``).

Budgets: ``playouts=N`` (repeatable: same seed + same view = same decision, for tests and tournaments)
and/or ``seconds=S`` (for play; the first one reached stops the search). At least one iteration runs.

Simultaneous states (several seats in ``current_players()``): the root searches the bot's own actions
only; deeper in the tree an acting seat is drawn at random among the current players and the other
seats' actions are random (not UCT). This is a deliberate simplification: real-time games should give
their bots a ``RealtimeAgent`` (game.core.realtime) with game-specific logic instead.
"""
from __future__ import annotations

import math
from typing import Callable, Sequence

from game.core.bots import Bot, Determinizer
from game.core.protocol import Action, Result, State
from game.core.rng import Rng

RolloutPolicy = Callable[[State, int, list[Action], Rng], Action]   # (state, seat, legal, rng) -> action
Evaluator = Callable[[State], Sequence[float]]                     # per-seat value in [0, 1]


def result_rewards(result: Result, players: int) -> list[float]:
    """Per-seat reward in [0, 1]: 80% from the rank (1st = 1, last = 0, shared places share), 20% from
    the score normalised between the lowest and highest score (a bigger margin is a little better)."""
    if players <= 1:
        return [1.0] * players
    rank_part = [(players - r) / (players - 1) for r in result.ranks]
    if result.scores is not None and len(result.scores) == players:
        lo, hi = min(result.scores), max(result.scores)
        score_part = [((s - lo) / (hi - lo)) if hi > lo else 0.5 for s in result.scores]
    else:
        score_part = rank_part
    return [0.8 * max(0.0, min(1.0, r)) + 0.2 * s for r, s in zip(rank_part, score_part)]


class _Node:
    __slots__ = ("action", "children", "visits", "avail", "total")

    def __init__(self, action: Action | None):
        self.action = action
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


class SearchBot(Bot):
    """ISMCTS bot. ``choose(view)`` returns an action of ``view.legal_actions(seat)``."""

    level = "hard"

    def __init__(self, seat: int, seed: int = 0, *, determinize: Determinizer,
                 playouts: int | None = 200, seconds: float | None = None, exploration: float = 0.7,
                 rollout_policy: RolloutPolicy | None = None, max_depth: int | None = None,
                 evaluate: Evaluator | None = None):
        super().__init__(seat, seed)
        if playouts is None and seconds is None:
            raise ValueError("SearchBot needs a playout budget, a time budget or both")
        self.determinize = determinize
        self.playouts = playouts
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_policy = rollout_policy
        self.max_depth = max_depth
        self.evaluate = evaluate
        self.last_iterations = 0     # statistics of the last decision (for bench and tests)
        self.last_seconds = 0.0

    def set_time_budget(self, seconds: float | None) -> None:
        """Think for at most ``seconds`` (None: playout budget only)."""
        if seconds is None and self.playouts is None:
            return
        self.seconds = seconds

    # ----------------------------------------------------------------------------------------------
    def choose(self, view: State) -> Action:
        root_actions = view.legal_actions(self.seat)
        if not root_actions:
            raise ValueError("SearchBot asked to act with no legal action")
        if len(root_actions) == 1:
            self.last_iterations, self.last_seconds = 0, 0.0
            return root_actions[0]
        root_set = set(root_actions)
        root = _Node(None)
        start = self.timer()
        deadline = start + self.seconds if self.seconds is not None else None
        iterations = 0
        while True:
            self._iterate(view, root, root_set)
            iterations += 1
            if self.playouts is not None and iterations >= self.playouts:
                break
            if deadline is not None and self.timer() >= deadline:
                break
        self.last_iterations = iterations
        self.last_seconds = self.timer() - start
        best = None
        best_key = None
        for action in root_actions:  # order of the view's legal actions: deterministic tie-break
            child = root.children.get(action)
            if child is None:
                continue
            key = (child.visits, child.total / child.visits if child.visits else 0.0)
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best if best is not None else root_actions[0]

    def _iterate(self, view: State, root: _Node, root_set: set[Action]) -> None:
        rng = Rng(self.rng.next64())
        state = self.determinize(view, rng)
        node = root
        path: list[_Node] = []
        c = self.exploration
        # Selection and expansion --------------------------------------------------------------------
        while not state.is_over():
            seats = state.current_players()
            if not seats:
                break
            if node is root:
                seat = self.seat
                legal = [a for a in state.legal_actions(seat) if a in root_set]
            else:
                seat = seats[0] if len(seats) == 1 else rng.choice(seats)
                legal = state.legal_actions(seat)
            if not legal:
                break
            if len(seats) > 1 and seat != self.seat:
                action = rng.choice(legal)  # other racers in a simultaneous state: random
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node(action)
                    state.apply(action)
                    path.append(child)
                    break
            else:
                untried = []
                best, best_value = None, -1.0
                for action in legal:
                    child = node.children.get(action)
                    if child is None:
                        untried.append(action)
                        continue
                    child.avail += 1
                    if not untried:
                        value = (child.total / child.visits
                                 + c * math.sqrt(math.log(child.avail) / child.visits))
                        if value > best_value:
                            best, best_value = child, value
                if untried:
                    action = rng.choice(untried)
                    child = node.children[action] = _Node(action)
                    state.apply(action)
                    path.append(child)
                    break
                child = best  # type: ignore[assignment]
                action = child.action  # type: ignore[union-attr]
            state.apply(action)
            path.append(child)
            node = child
        # Rollout ----------------------------------------------------------------------------------
        depth = 0
        policy = self.rollout_policy
        while not state.is_over() and (self.max_depth is None or depth < self.max_depth):
            seats = state.current_players()
            if not seats:
                break
            seat = seats[0] if len(seats) == 1 else rng.choice(seats)
            legal = state.legal_actions(seat)
            if not legal:
                break
            state.apply(policy(state, seat, legal, rng) if policy else rng.choice(legal))
            depth += 1
        # Backpropagation ------------------------------------------------------------------------
        rewards = self._rewards(state)
        for child in path:
            child.visits += 1
            child.total += rewards[child.action.seat]  # type: ignore[union-attr]

    def _rewards(self, state: State) -> Sequence[float]:
        if state.is_over():
            return result_rewards(state.result(), state.players)
        if self.evaluate is not None:
            return self.evaluate(state)
        return [0.5] * state.players
