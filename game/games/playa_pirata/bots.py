"""Playa Pirata bots (spec section 10): easy, medium (heuristic) and hard (ISMCTS over the engine).

Every bot sees only ``state.view(seat)`` (a ``PlayaMatch`` view or a ``PlayaHand`` view) and returns one of
its ``legal_actions(seat)``.

- easy: a random step A; towels on the treasure with the best visible value per card, cheapest legal
  group, one group per turn; random draft pick; never plays special cards.
- medium: a one-turn greedy planner over a static estimate of every seat's final score
  (``Estimate``): treasure values from the known cards or the mean of the unseen pool, skull-set
  marginal values, towel-treasure growth, the chance of keeping a pile until sunset given the other
  seats' remaining turns and public towels (so the final turn is planned for), 1 point per kept towel
  plus a defence bonus for 3s, the umbrella on the best contested treasure, gated special cards.
- hard: ``PlayaHardBot``, the medium planner improved by rollouts: its best few candidates are each played
  to the end of the hand on many random deals of the unseen cards (from the view only), every seat
  following the planner, the same deals for every candidate; the best average rank of the match totals
  wins. (A plain ISMCTS with fast playouts was tried first: it crushed medium two-handed but only matched
  it among four players, where modelling the rivals' play well matters more than search depth.)
"""
from __future__ import annotations

import math
from typing import Sequence

from game.core.bots import Bot, bot_levels
from game.core.match import MatchState
from game.core.protocol import Action, Result, State
from game.core.rng import Rng
from game.core.search import result_rewards
from game.games.playa_pirata.cards import (
    BUCKET, DOUBLE, FLAG, LIFEGUARD, PARROT, PIGGY, PIRATE_KIND, SKELETON, SANDCASTLE, SLIPPERS,
    TOWEL_COLOUR, TOWEL_VALUE, TREASURE_IDS, TREASURE_KIND, TREASURE_VALUE, UNKNOWN, WAVE)
from game.games.playa_pirata.rules import (
    DRAFT, FINAL, ROUND, SEATING, STEP_A, STEP_B, BuryTreasure, ChoosePosition, DraftPick, EndTurn,
    PlayaHand, PlayPirate, PlaySpecial, PlayTowels, ShowHand, determinize_hand, group_need, towel_groups)

# --------------------------------------------------------------------------------------------------
# Tuning constants
# --------------------------------------------------------------------------------------------------
SKULL_MARGINAL = (3.0, 10.0, 8.0, 0.0, 0.0)  # value of one more skull to a seat holding k (0 has option value)
TOWEL_OPTION = {1: 0.1, 2: 0.3, 3: 0.7}       # value of keeping a towel beyond its 1 point, early in the hand
ATTACK = {0: 0.6, 1: 0.36, 2: 0.28, 3: 0.17}  # chance per turn that a rival able to beat a top card does
HAND_TREASURE = 0.45                          # share of a treasure in hand we expect to capture later
DRAFT_ORDER = (SKELETON, PARROT, WAVE, SANDCASTLE, DOUBLE, PIGGY, SLIPPERS, FLAG, BUCKET, LIFEGUARD)
HARD_TOP_K = 5                                # the planner's candidates the hard bot compares


def hand_of(view: State) -> PlayaHand:
    """The current hand of a match view (or the hand view itself)."""
    hand = view.hand if isinstance(view, MatchState) else view
    assert isinstance(hand, PlayaHand)
    return hand


def _trusted_apply(hand: PlayaHand, action: Action) -> None:
    """Apply an action known to be legal (generated from the same rules) without listing every legal
    action first: the engine's check then only looks the action up in its cache."""
    unchecked = getattr(hand, "apply_unchecked", None)
    if unchecked is not None:
        unchecked(action)
        return
    hand._legal = [action]
    hand._legal_set = frozenset((action,))
    hand.apply(action)


# --------------------------------------------------------------------------------------------------
# Static estimate of the hand's outcome, from one seat's knowledge
# --------------------------------------------------------------------------------------------------
class Estimate:
    """What ``me`` may infer from ``hand`` (a view or a full state; only what ``me`` may see is used)."""

    def __init__(self, hand: PlayaHand, me: int):
        self.h = hand
        self.me = me
        n = hand.players
        self.alpha = 1.0 if n == 2 else 1.0 / (n - 1) + 0.1
        self.vis: list[str | None] = []
        for i, sp in enumerate(hand.beach):
            card = sp.treasure
            known = card != UNKNOWN and hand.treasure_visible_to(i, me)
            self.vis.append(card if known else None)
        seen = {c for c in hand.treasures[me] if c != UNKNOWN} | {c for c in self.vis if c}
        pool = [c for c in TREASURE_IDS if c not in seen]
        self.pool_n = len(pool)
        self.pool_num = sum(TREASURE_VALUE[c] for c in pool if TREASURE_KIND[c] == "number")
        self.pool_skulls = sum(1 for c in pool if TREASURE_KIND[c] == "skull")
        self.pool_towel = sum(1 for c in pool if TREASURE_KIND[c] == "towel")
        self.skulls = [0] * n
        for i, sp in enumerate(hand.beach):
            occ = sp.occupant
            card = self.vis[i]
            if occ is not None and card and TREASURE_KIND[card] == "skull":
                self.skulls[occ] += 1
        self.turns = hand.towel_turns_left()
        self.maxtot = [sum(TOWEL_VALUE[c] for c in hand.towels[x]) for x in range(n)]
        self.frac = min(1.0, self.turns[me] / max(1, hand.n_rounds))
        self.threats = [(x, min(self.turns[x], 3), self.maxtot[x]) for x in range(n) if self.turns[x] > 0]
        self.virtual: dict[int, str] = {}
        self._w: dict[tuple[int, int, int], float] = {}
        self._hold: dict[tuple[int, int, int, int, bool], float] = {}
        self._now: dict[int, float] = {}

    # Values ---------------------------------------------------------------------------------------
    def card_value(self, card: str, seat: int, pile_len: int, own_skull: bool = False) -> float:
        kind = TREASURE_KIND[card]
        if kind == "number":
            return float(TREASURE_VALUE[card])
        if kind == "towel":
            return float(min(8, 2 * pile_len + 1))
        k = self.skulls[seat] - (1 if own_skull else 0)
        return SKULL_MARGINAL[min(max(k, 0), 4)]

    def w(self, i: int, seat: int, pile_len: int) -> float:
        """Value of beach ``i`` with a pile of ``pile_len`` cards to ``seat`` (``me``'s estimate)."""
        key = (i, seat, pile_len)
        v = self._w.get(key)
        if v is not None:
            return v
        card = self.vis[i] if i < len(self.vis) else self.virtual.get(i)
        if card is not None:
            v = self.card_value(card, seat, pile_len, i < len(self.vis) and self.h.beach[i].occupant == seat)
        elif self.pool_n:
            k = min(self.skulls[seat], 4)
            v = (self.pool_num + self.pool_skulls * SKULL_MARGINAL[k]
                 + self.pool_towel * min(8, 2 * pile_len + 1)) / self.pool_n
        else:
            v = 4.0
        self._w[key] = v
        return v

    def hold(self, i: int, occ: int, top: int, pile_len: int, double: bool) -> float:
        """Chance that ``occ`` still holds beach ``i`` (top value ``top``) at sunset."""
        key = (i, occ, top, pile_len, double)
        h = self._hold.get(key)
        if h is not None:
            return h
        need = group_need(top, double)
        h = 1.0
        for x, t, tot in self.threats:
            if x == occ or tot < need:
                continue
            p = ATTACK[top] * min(1.6, max(0.3, self.w(i, x, pile_len) / 5.0))
            h *= (1.0 - min(0.9, p)) ** t
        self._hold[key] = h
        return h

    def contrib(self, i: int, occ: int | None, top: int, pile_len: int, double: bool, locked: bool) -> float:
        """Beach ``i``'s share of ``me``'s objective (my expected points minus alpha times a rival's)."""
        if occ is None:
            return 0.0
        hold = 1.0 if locked else self.hold(i, occ, top, pile_len, double)
        if occ == self.me:
            return self.w(i, occ, pile_len) * hold
        return -self.alpha * self.w(i, occ, pile_len) * hold

    def spot_now(self, i: int) -> float:
        v = self._now.get(i)
        if v is None:
            if i >= len(self.h.beach):
                return 0.0
            sp = self.h.beach[i]
            v = self._now[i] = self.contrib(i, sp.occupant, sp.top_value, len(sp.pile), sp.double,
                                            sp.umbrella is not None)
        return v

    def card_cost(self, values: Sequence[int]) -> float:
        return sum(1.0 + TOWEL_OPTION[v] * self.frac for v in values)

    def delta_group(self, i: int, values: Sequence[int]) -> float:
        """Gain for ``me`` of playing the group ``values`` on beach ``i``."""
        if i >= len(self.h.beach):  # a treasure about to be buried (virtual)
            return self.contrib(i, self.me, values[-1], len(values), False, False) - self.card_cost(values)
        sp = self.h.beach[i]
        after = self.contrib(i, self.me, values[-1], len(sp.pile) + len(values), sp.double, False)
        return after - self.spot_now(i) - self.card_cost(values)


# --------------------------------------------------------------------------------------------------
# Candidate actions
# --------------------------------------------------------------------------------------------------
_MINIMAL: dict[tuple[int, int, int, int], list[tuple[int, ...]]] = {}


def minimal_groups(ones: int, twos: int, threes: int, need: int) -> list[tuple[int, ...]]:
    """For each possible top value (the lowest card), the cheapest group reaching ``need``: fewest cards,
    then lowest total (so 3s are kept for defence). At most three groups. The bots' fast path over the
    engine's groups (``groups_reaching``); a test compares the two on random positions."""
    key = (ones, twos, threes, need)
    out = _MINIMAL.get(key)
    if out is None:
        best: dict[int, tuple[int, int, tuple[int, ...]]] = {}
        for total, values in towel_groups(ones, twos, threes):
            if total < need:
                continue
            top = values[-1]
            k = (len(values), total, values)
            if top not in best or k < best[top]:
                best[top] = k
        out = [best[t][2] for t in sorted(best)]
        _MINIMAL[key] = out
    return out


def towel_candidates(hand: PlayaHand, seat: int, after_step_a: bool = False) -> list[PlayTowels]:
    """Pruned towel plays: the minimal groups per top value on every treasure the engine lets ``seat``
    cover now (``PlayaHand.towel_targets``; spec section 10). ``after_step_a``: as after this step A."""
    counts = hand.towel_counts(seat)
    return [PlayTowels(seat, i, values) for i, need in hand.towel_targets(seat, after_step_a)
            for values in minimal_groups(*counts, need)]


def _bury_actions(hand: PlayaHand, seat: int) -> list[BuryTreasure]:
    return [BuryTreasure(seat, card, False) for card in hand.burial_choices(seat)]


def _value_for(est: Estimate, card: str) -> float:
    return est.card_value(card, est.me, 0)


def scored_actions(hand: PlayaHand, seat: int) -> list[tuple[float, Action]]:
    """The medium planner: candidate actions of the current decision with a heuristic score each (higher
    is better), best first. Only for the ROUND / FINAL phases; every action returned is legal."""
    est = Estimate(hand, seat)
    out: list[tuple[float, Action]] = []
    special = hand.special_hand[seat] if hand.special else None
    if hand.phase == ROUND and hand.step == STEP_A:
        base = _best_follow(hand, est, seat)
        flag = special == FLAG
        for a in _bury_actions(hand, seat):
            value = _value_for(est, a.card)
            if hand.round == 1:
                # round 1: nothing can be covered yet; bury what we mind least losing first
                score = -HAND_TREASURE * value - (0.5 if value >= 6 else 0.0)
                out.append((score, a))
                if flag:
                    out.append((score + (1.0 if value >= 6 else -1.0), BuryTreasure(seat, a.card, True)))
                continue
            follow = max(base, _bury_follow(hand, est, seat, a.card))
            score = -HAND_TREASURE * value + follow
            out.append((score, a))
            if flag:
                bonus = 1.2 if value >= 6 else (-0.2 if len(hand.treasures[seat]) == 1 else -1.5)
                out.append((score + bonus, BuryTreasure(seat, a.card, True)))
        if hand.round > 1:
            out.extend(_pirate_scores(hand, est, seat, base))
    elif hand.step == STEP_B and hand.may_play_towels():
        towel = [(est.delta_group(a.target, a.values), a) for a in towel_candidates(hand, seat)]
        out.extend(towel)
        if hand.phase == FINAL or hand.groups:
            out.append((0.0, EndTurn(seat)))
        elif not towel:
            out.append((0.0, ShowHand(seat)))
        if special == PARROT:
            out.extend(_parrot_scores(hand, est, seat, max((s for s, _ in towel), default=0.0)))
    else:
        out.append((0.0, EndTurn(seat)))
    if special is not None and special not in (UNKNOWN, FLAG, PARROT) and hand.phase in (ROUND, FINAL):
        out.extend(_special_scores(hand, est, seat, special))
    out.sort(key=lambda sa: -sa[0])
    return out


def _best_follow(hand: PlayaHand, est: Estimate, seat: int) -> float:
    """The best first towel group of step B (mandatory when one exists)."""
    if hand.round == 1 and hand.phase == ROUND:
        return 0.0
    cands = towel_candidates(hand, seat, after_step_a=True)
    return max((est.delta_group(a.target, a.values) for a in cands), default=0.0)


def _bury_follow(hand: PlayaHand, est: Estimate, seat: int, card: str) -> float:
    """The best group on a treasure ``card`` buried now (an empty pile: any group goes)."""
    i = len(hand.beach) + 1 + TREASURE_IDS.index(card)  # one virtual index per card (the caches)
    est.virtual[i] = card
    counts = hand.towel_counts(seat)
    if not any(counts):
        return -1e9
    # A29: towels may go on a treasure buried this turn, an empty pile (R21)
    return max(est.delta_group(i, values) for values in minimal_groups(*counts, group_need(0)))


def _pirate_scores(hand: PlayaHand, est: Estimate, seat: int, base: float) -> list[tuple[float, Action]]:
    out: list[tuple[float, Action]] = []
    urgent = 1.5 if hand.action_cards(seat) <= 2 else 0.0
    for card in hand.pirates[seat]:
        kind = PIRATE_KIND[card]
        targets = hand.pirate_targets(seat, card)  # the engine's R12, R13, R14, R15, R16 targets, -1 = none
        if kind == "umbrella":
            for i in targets:
                if i < 0:
                    out.append((base, PlayPirate(seat, card, -1)))  # nothing to lock
                    continue
                sp = hand.beach[i]
                gain = est.w(i, seat, len(sp.pile)) - est.spot_now(i)
                out.append((gain - 1.0 + urgent + base, PlayPirate(seat, card, i)))
            continue
        # Spyglass / Map: target the most contested face-down treasure we do not know
        fresh = [i for i in targets if i >= 0 and est.vis[i] is None]
        if fresh:
            i = max(fresh, key=lambda j: (len(hand.beach[j].pile) + (2 if hand.beach[j].occupant == seat else 0), j))
            bonus = (0.7 if kind == "spyglass" else 0.3) + 0.1 * len(hand.beach[i].pile)
            out.append((bonus + base, PlayPirate(seat, card, i)))
        else:
            out.append((-0.3 + base, PlayPirate(seat, card, -1)))
    return out


def _parrot_scores(hand: PlayaHand, est: Estimate, seat: int, best_now: float) -> list[tuple[float, Action]]:
    counts = hand.towel_counts(seat)
    best, where = 0.0, -1
    for a in hand.special_actions(seat):
        if not isinstance(a, PlaySpecial) or a.card != PARROT:
            continue
        i = a.target
        need = hand.need(seat, i, parrot=True)  # V16 as the engine counts it
        if need is None:
            continue
        for values in minimal_groups(*counts, need):
            d = est.delta_group(i, values) - best_now
            if d > best:
                best, where = d, i
    if where >= 0 and best > 0.8:
        return [(best_now + best - 0.5, PlaySpecial(seat, PARROT, where, ""))]
    return []


def _special_scores(hand: PlayaHand, est: Estimate, seat: int, card: str) -> list[tuple[float, Action]]:
    """Gated uses of the played special cards; each returned action is legal now."""
    legal = [a for a in hand.special_actions(seat) if isinstance(a, PlaySpecial)]
    if not legal:
        return []
    out: list[tuple[float, Action]] = []
    top = 0.0
    if card == DOUBLE:
        for a in legal:
            sp = hand.beach[a.target]
            if sp.occupant == seat and sp.pile:
                gain = (est.w(a.target, seat, len(sp.pile))
                        * (est.hold(a.target, seat, sp.top_value, len(sp.pile), True)
                           - est.hold(a.target, seat, sp.top_value, len(sp.pile), False)))
                if gain > 0.6:
                    out.append((top + gain, a))
    elif card in (BUCKET, LIFEGUARD):
        out.append((top + 0.3, legal[0] if card == BUCKET else
                    max(legal, key=lambda a: (len(hand.treasures[a.target]), -a.target))))
    elif card == SLIPPERS:
        here = hand.umbrella_spot(seat)
        if here >= 0:
            sp0 = hand.beach[here]
            keep = est.w(here, seat, len(sp0.pile)) - est.contrib(here, seat, sp0.top_value, len(sp0.pile),
                                                                  sp0.double, False)
            for a in legal:
                sp = hand.beach[a.target]
                gain = est.w(a.target, seat, len(sp.pile)) - est.spot_now(a.target)
                if gain - keep > 1.0:
                    out.append((top + gain - keep - 0.5, a))
    elif card == PIGGY:
        mine_last = hand.phase == FINAL or (hand.action_cards(seat) == 0 and hand.step != STEP_A)
        if mine_last or est.turns[seat] <= 1:
            for a in legal:
                sp = hand.beach[a.target]
                if sp.pile and sp.pile[-1] == a.towel:
                    if len(sp.pile) > 1 and TOWEL_COLOUR[sp.pile[-2]] == seat and sp.umbrella is None:
                        out.append((top + 0.6, a))
                    elif sp.umbrella is not None:
                        out.append((top + 0.9, a))
                else:
                    penalty = 2.0 if est.vis[a.target] and TREASURE_KIND[est.vis[a.target]] == "towel" else 0.0
                    out.append((top + 1.0 - penalty + 0.1 * TOWEL_VALUE[a.towel], a))
    return out


# --------------------------------------------------------------------------------------------------
# Phases without a planner: seating choice and draft
# --------------------------------------------------------------------------------------------------
def _setup_choice(hand: PlayaHand, seat: int, legal: list[Action]) -> Action:
    if hand.phase == SEATING:
        for a in legal:
            if isinstance(a, ChoosePosition) and a.position == 1:
                return a  # the starting player gets the final turn (R28)
        return legal[0]
    picks = [a for a in legal if isinstance(a, DraftPick) and a.lifeguard_target < 0]
    if picks:
        return min(picks, key=lambda a: DRAFT_ORDER.index(a.card) if a.card in DRAFT_ORDER else 99)
    return legal[0]


# --------------------------------------------------------------------------------------------------
# Bots
# --------------------------------------------------------------------------------------------------
class EasyBot(Bot):
    """Plausible but loose (spec section 10: easy)."""

    level = "easy"

    def choose(self, view: State) -> Action:
        hand = hand_of(view)
        legal = view.legal_actions(self.seat)
        if hand.phase in (SEATING, DRAFT):
            return self.rng.choice(legal)
        plain = [a for a in legal if not isinstance(a, PlaySpecial)]
        if hand.phase == ROUND and hand.step == STEP_A:
            return self.rng.choice([a for a in plain if not (isinstance(a, BuryTreasure) and a.flag)] or plain)
        towels = [a for a in plain if isinstance(a, PlayTowels)]
        if towels and not hand.groups:
            best: dict[int, PlayTowels] = {}
            for a in towels:  # cheapest legal group per treasure
                cur = best.get(a.target)
                if cur is None or (len(a.values), sum(a.values)) < (len(cur.values), sum(cur.values)):
                    best[a.target] = a
            est = Estimate(hand, self.seat)

            def per_card(a: PlayTowels) -> tuple[float, int]:
                sp = hand.beach[a.target]
                card = est.vis[a.target]
                if card is None:
                    value = 4.5
                elif TREASURE_KIND[card] == "skull":
                    value = 5.0
                else:
                    value = est.card_value(card, self.seat, len(sp.pile) + len(a.values))
                if sp.occupant == self.seat:
                    value = 0.0
                return (value / len(a.values), -a.target)

            choice = max(best.values(), key=per_card)
            if hand.phase != FINAL or per_card(choice)[0] >= 2.0:
                return choice
        for a in plain:
            if isinstance(a, (EndTurn, ShowHand)):
                return a
        return self.rng.choice(plain or legal)


class MediumBot(Bot):
    """The spec's heuristics, one decision at a time (``scored_actions``)."""

    level = "medium"

    def choose(self, view: State) -> Action:
        hand = hand_of(view)
        legal = view.legal_actions(self.seat)
        if hand.phase in (SEATING, DRAFT):
            return _setup_choice(hand, self.seat, legal)
        scored = scored_actions(hand, self.seat)
        if not scored:
            return legal[0]
        top = scored[0][0]
        ties = [a for s, a in scored if s >= top - 1e-9]
        choice = ties[0] if len(ties) == 1 else self.rng.choice(ties)
        return choice if choice in legal else legal[0]


# Hard: rollouts of the medium planner ------------------------------------------------------------
ROLLOUT_NOISE = 0.3  # rollouts: each seat follows the medium planner, its scores blurred by up to this much
DROP_Z = 2.5         # a candidate is dropped once its paired loss to the leader is this many standard errors


def planner_action(hand: PlayaHand, seat: int, rng: Rng, noise: float = ROLLOUT_NOISE) -> Action:
    """The medium planner's choice with a little noise (the rollout policy of every seat). ``hand`` may
    be a full state: the planner only uses what ``seat`` may see."""
    if hand.phase in (ROUND, FINAL):
        scored = scored_actions(hand, seat)
        if scored:
            best, best_value = scored[0][1], -1e18
            for score, action in scored:
                value = score + noise * rng.random()
                if value > best_value:
                    best, best_value = action, value
            return best
    return hand.legal_actions(seat)[0]


def rollout(hand: PlayaHand, rng: Rng, noise: float = ROLLOUT_NOISE) -> None:
    """Play a full (determinized) hand to its end, every seat on ``planner_action``."""
    while not hand.is_over():
        _trusted_apply(hand, planner_action(hand, hand.current, rng, noise))


class PlayaHardBot(Bot):
    """The hard bot: the medium planner improved by rollouts (policy-rollout search).

    At each decision the planner proposes its best ``top_k`` actions. Each *sample* deals the cards this
    seat cannot see at random (``determinize_hand``: only the view is used), then plays every surviving
    candidate to the end of the hand with every seat following the planner (``rollout``), with the same
    deal and the same rollout dice for all candidates (common random numbers: the candidates are compared
    on equal luck). The reward ranks the match totals plus this hand's scores (``result_rewards``). A
    candidate whose paired loss to the leader is clearly significant is dropped, so later samples go to the
    contenders. Budget: ``playouts`` samples (repeatable) and/or ``seconds`` (for play; a new sample starts
    only if it should end in time)."""

    level = "hard"
    SAFETY = 0.9  # share of the time budget used by the samples (the answer and messages take the rest)

    def __init__(self, seat: int, seed: int = 0, playouts: int | None = None, seconds: float | None = None,
                 top_k: int = HARD_TOP_K, noise: float = ROLLOUT_NOISE):
        super().__init__(seat, seed)
        if playouts is None and seconds is None:
            seconds = 1.0 * self.SAFETY
        self.playouts = playouts
        self.seconds = seconds
        self.top_k = top_k
        self.noise = noise
        self.last_iterations = 0  # samples of the last decision (bench and tests)
        self.last_seconds = 0.0

    def set_time_budget(self, seconds: float | None) -> None:
        if seconds is None and self.playouts is None:
            return
        self.seconds = None if seconds is None else seconds * self.SAFETY

    def choose(self, view: State) -> Action:
        hand = hand_of(view)
        legal = view.legal_actions(self.seat)
        self.last_iterations, self.last_seconds = 0, 0.0
        if len(legal) == 1:
            return legal[0]
        if hand.phase in (SEATING, DRAFT):
            return _setup_choice(hand, self.seat, legal)
        candidates = [a for _, a in scored_actions(hand, self.seat)[:self.top_k]]
        if len(candidates) <= 1:
            return candidates[0] if candidates and candidates[0] in legal else legal[0]
        base = list(view.totals) if isinstance(view, MatchState) else [0.0] * hand.players
        choice = self._search(hand, candidates, base)
        return choice if choice in legal else legal[0]

    def _search(self, hand: PlayaHand, candidates: list[Action], base: list[float]) -> Action:
        n = len(candidates)
        rewards: list[list[float]] = [[] for _ in range(n)]
        active = list(range(n))
        start = self.timer()
        samples = 0
        while True:
            seed = self.rng.next64()
            deal = determinize_hand(hand, Rng(seed))
            deal.silent, deal._events = True, []   # played out, never shown nor saved
            for j in active:
                h = deal.clone()
                _trusted_apply(h, candidates[j])
                rollout(h, Rng(seed ^ 0x5EED5EED), self.noise)
                totals = [b + s for b, s in zip(base, h.result().scores or [0.0] * hand.players)]
                rewards[j].append(result_rewards(Result.from_scores(totals), hand.players)[self.seat])
            samples += 1
            elapsed = self.timer() - start
            if self.playouts is not None and samples >= self.playouts:
                break
            if self.seconds is not None and elapsed * (samples + 1) / samples > self.seconds:
                break  # the next sample would end after the deadline
            if samples >= 4:
                active = _survivors(rewards, active, samples)
                if len(active) == 1:
                    break
        self.last_iterations = samples
        self.last_seconds = self.timer() - start
        # the best mean of the survivors; on a tie the planner's order decides
        best = max(active, key=lambda j: (sum(rewards[j]) / len(rewards[j]), -j))
        return candidates[best]


def _survivors(rewards: list[list[float]], active: list[int], samples: int) -> list[int]:
    """The active candidates that are not clearly worse than the leader (paired over the samples both
    have; a candidate in ``active`` has a reward for every sample)."""
    means = {j: sum(rewards[j]) / len(rewards[j]) for j in active}
    lead = max(active, key=lambda j: (means[j], -j))
    keep = []
    for j in active:
        if j == lead:
            keep.append(j)
            continue
        diffs = [a - b for a, b in zip(rewards[j], rewards[lead])]
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
        if mean + DROP_Z * math.sqrt(var / len(diffs)) >= 0.0 or var == 0.0 and mean >= 0.0:
            keep.append(j)
    return keep


#: ``easy`` / ``medium`` / ``hard`` (``random`` too); ``playouts`` fixes hard's search budget (repeatable)
make_bot = bot_levels(EasyBot, MediumBot, PlayaHardBot)


__all__ = ["EasyBot", "MediumBot", "PlayaHardBot", "Estimate", "make_bot", "scored_actions", "towel_candidates",
           "minimal_groups", "planner_action", "rollout", "hand_of"]

