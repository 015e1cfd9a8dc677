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
- hard: ``PlayaSearchBot``, the core ISMCTS (``game.core.search.SearchBot``) over the current hand
  (determinized with the engine's ``determinize``), on a pruned action space (the medium planner's best
  few candidates per decision: minimal groups per top value, see ``towel_candidates``); each leaf is
  valued by one fast playout to the end of the hand (``fast_playout``: a cheap noisy greedy policy, no
  special cards, actions applied unchecked since they are legal by construction); the reward ranks the
  match totals plus the hand's scores (``HandHorizon.result``), as ``game.core.search.result_rewards``.
"""
from __future__ import annotations


from typing import Any, Sequence

from game.core.bots import Bot, RandomBot
from game.core.match import MatchState
from game.core.protocol import Action, JSON, Result, State
from game.core.rng import Rng
from game.core.search import SearchBot, result_rewards
from game.games.playa_pirata.cards import (
    BUCKET, DOUBLE, FLAG, LIFEGUARD, PARROT, PIGGY, PIRATE_KIND, SKELETON, SANDCASTLE, SLIPPERS,
    TOWEL_COLOUR, TOWEL_VALUE, TREASURE_IDS, TREASURE_KIND, TREASURE_VALUE, UNKNOWN, WAVE,
    treasure_canonical)
from game.games.playa_pirata.rules import (
    DRAFT, FINAL, OVER, ROUND, SEATING, STEP_A, STEP_B, BuryTreasure, ChoosePosition, DraftPick, EndTurn,
    PlayaHand, PlayPirate, PlaySpecial, PlayTowels, ShowHand, determinize_hand, towel_groups)

# --------------------------------------------------------------------------------------------------
# Tuning constants
# --------------------------------------------------------------------------------------------------
SKULL_MARGINAL = (3.0, 10.0, 8.0, 0.0, 0.0)  # value of one more skull to a seat holding k (0 has option value)
TOWEL_OPTION = {1: 0.1, 2: 0.3, 3: 0.7}       # value of keeping a towel beyond its 1 point, early in the hand
ATTACK = {0: 0.6, 1: 0.36, 2: 0.28, 3: 0.17}  # chance per turn that a rival able to beat a top card does
HAND_TREASURE = 0.45                          # share of a treasure in hand we expect to capture later
DRAFT_ORDER = (SKELETON, PARROT, WAVE, SANDCASTLE, DOUBLE, PIGGY, SLIPPERS, FLAG, BUCKET, LIFEGUARD)
HARD_TOP_K = 7                                # candidates per decision in the search tree


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
        over = hand.phase == OVER
        self.vis: list[str | None] = []
        for sp in hand.beach:
            card = sp.treasure
            known = card != UNKNOWN and (sp.face_up or over or me in sp.known_by)
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
        self.turns = self._turns_left()
        self.maxtot = [sum(TOWEL_VALUE[c] for c in hand.towels[x]) for x in range(n)]
        self.frac = min(1.0, self.turns[me] / max(1, hand.n_rounds))
        self.threats = [(x, min(self.turns[x], 3), self.maxtot[x]) for x in range(n) if self.turns[x] > 0]
        self.virtual: dict[int, str] = {}
        self._w: dict[tuple[int, int, int], float] = {}
        self._hold: dict[tuple[int, int, int, int, bool], float] = {}
        self._now: dict[int, float] = {}

    def _turns_left(self) -> list[int]:
        """Towel turns each seat still has after the current one (the starter's final turn included)."""
        h = self.h
        n = h.players
        if h.phase not in (ROUND,):
            return [0] * n
        out = []
        for x in range(n):
            pos = h.order.index(x)
            t = h.n_rounds - h.round + (1 if pos > h.turn_pos else 0)
            if h.round == 1 and pos > h.turn_pos:
                t -= 1  # round 1 has no towels
            if x == h.order[0]:
                t += 1
            out.append(max(0, t))
        return out

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
        need = top + 1 + (1 if double else 0)
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
    then lowest total (so 3s are kept for defence). At most three groups."""
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


def towel_candidates(hand: PlayaHand, seat: int) -> list[PlayTowels]:
    """Pruned towel plays: the minimal groups per top value on every eligible treasure (spec section 10)."""
    if hand.step != STEP_B or seat != hand.current or not hand._may_play_towels():
        return []
    counts = hand.towel_counts(seat)
    if not any(counts):
        return []
    out: list[PlayTowels] = []
    for i in range(len(hand.beach)):
        if i in hand.groups:
            continue
        need = hand.need(seat, i)
        if need is None:
            continue
        for values in minimal_groups(*counts, need):
            out.append(PlayTowels(seat, i, values))
    return out


def _bury_actions(hand: PlayaHand, seat: int) -> list[BuryTreasure]:
    seen: set[str] = set()
    out = []
    for card in hand.treasures[seat]:
        if card == UNKNOWN:
            continue
        canon = treasure_canonical(card)
        if canon in seen:
            continue
        seen.add(canon)
        out.append(BuryTreasure(seat, card, False))
    return out


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
    elif hand.step == STEP_B and hand._may_play_towels():
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
    saved = hand.step
    hand.step = STEP_B
    try:
        cands = towel_candidates(hand, seat)
    finally:
        hand.step = saved
    return max((est.delta_group(a.target, a.values) for a in cands), default=0.0)


def _bury_follow(hand: PlayaHand, est: Estimate, seat: int, card: str) -> float:
    """The best group on a treasure ``card`` buried now (an empty pile: any group goes)."""
    i = len(hand.beach) + 1 + TREASURE_IDS.index(card)  # one virtual index per card (the caches)
    est.virtual[i] = card
    counts = hand.towel_counts(seat)
    if not any(counts):
        return -1e9
    return max(est.delta_group(i, values) for values in minimal_groups(*counts, 1))


def _pirate_scores(hand: PlayaHand, est: Estimate, seat: int, base: float) -> list[tuple[float, Action]]:
    out: list[tuple[float, Action]] = []
    last = hand.action_cards(seat) == 1
    urgent = 1.5 if hand.action_cards(seat) <= 2 else 0.0
    unknown = [i for i, sp in enumerate(hand.beach) if not sp.face_up and not sp.flag]
    for card in hand.pirates[seat]:
        kind = PIRATE_KIND[card]
        if kind == "umbrella":
            targets = [i for i in hand.start_occupied
                       if hand.beach[i].umbrella is None and not hand.beach[i].flag
                       and hand.beach[i].occupant == seat]
            for i in targets:
                sp = hand.beach[i]
                gain = est.w(i, seat, len(sp.pile)) - est.spot_now(i)
                out.append((gain - 1.0 + urgent + base, PlayPirate(seat, card, i)))
            if not targets and last:
                out.append((base, PlayPirate(seat, card, -1)))
            continue
        # Spyglass / Map: target the most contested face-down treasure we do not know
        fresh = [i for i in unknown if est.vis[i] is None]
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
    for i, sp in enumerate(hand.beach):
        if not sp.pile or sp.umbrella is not None or sp.flag or i in hand.groups:
            continue
        need = hand.need(seat, i)
        if need is None:
            continue
        for values in minimal_groups(*counts, need - 1):
            d = est.delta_group(i, values) - best_now
            if d > best:
                best, where = d, i
    if where >= 0 and best > 0.8:
        return [(best_now + best - 0.5, PlaySpecial(seat, PARROT, where, ""))]
    return []


def _special_scores(hand: PlayaHand, est: Estimate, seat: int, card: str) -> list[tuple[float, Action]]:
    """Gated uses of the played special cards; each returned action is legal now."""
    legal = [a for a in hand._special_actions(seat) if isinstance(a, PlaySpecial)]
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


# Hard: ISMCTS ---------------------------------------------------------------------------------------
PRIOR_SHARE = 12  # the medium planner's opinion weighs as 1/12 of the playout budget per candidate


def medium_prior(view: State, actions: list[Action]) -> dict[Action, float]:
    """The medium planner's scores as starting values of the root's children (progressive bias):
    the planner's favourite starts a little above an average outcome, worse plans lower, so the search
    only overrules the heuristic when its playouts say so clearly."""
    if not isinstance(view, HandHorizon):
        return {}
    scored = view.scored()
    if not scored:
        return {}
    top = scored[0][0]
    return {a: 0.55 - min(0.2, max(0.0, top - s) * 0.04) for s, a in scored}

class HandHorizon(State):
    """A hand as a search state: pruned actions (the planner's best few), trusted application, and a
    result that ranks the match totals so far plus this hand's scores."""

    def __init__(self, hand: PlayaHand, base: Sequence[float], top_k: int = HARD_TOP_K):
        self.hand = hand
        self.players = hand.players
        self.base = list(base)
        self.top_k = top_k
        self._scored: list[tuple[float, Action]] | None = None

    def current_players(self) -> tuple[int, ...]:
        return self.hand.current_players()

    def scored(self) -> list[tuple[float, Action]]:
        if self._scored is None:
            h = self.hand
            if h.phase in (ROUND, FINAL):
                self._scored = scored_actions(h, h.current)[:self.top_k]
            else:
                self._scored = [(0.0, a) for a in h.legal_actions(h.current)]
        return self._scored

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self.hand.phase == OVER or (seat is not None and seat != self.hand.current):
            return []
        return [a for _, a in self.scored()]

    def apply(self, action: Action) -> None:
        if self.hand.is_view:
            self.hand.apply(action)
        else:
            _trusted_apply(self.hand, action)
        self._scored = None

    def view(self, seat: int | None) -> "HandHorizon":
        return HandHorizon(self.hand.view(seat), self.base, self.top_k)

    def is_over(self) -> bool:
        return self.hand.is_over()

    def result(self) -> Result:
        scores = self.hand.result().scores or [0.0] * self.players
        return Result.from_scores([b + s for b, s in zip(self.base, scores)])

    def clone(self) -> "HandHorizon":
        return HandHorizon(self.hand.clone(), self.base, self.top_k)

    def to_json(self) -> JSON:
        return self.hand.to_json()


def _determinize_horizon(view: State, rng: Rng) -> State:
    assert isinstance(view, HandHorizon)
    return HandHorizon(determinize_hand(view.hand, rng), view.base, view.top_k)


KEEP = {1: 0.5, 2: 0.65, 3: 0.8}  # rollout: chance of keeping a pile by its top card while rivals have turns


def _fast_action(hand: PlayaHand, seat: int, rng: Rng) -> Action:
    """A cheap noisy policy for playouts (legal by construction; no special cards)."""
    if hand.phase == ROUND and hand.step == STEP_A:
        buries = _bury_actions(hand, seat)
        if hand.round == 1:
            return rng.choice(buries)
        cards_left = hand.action_cards(seat)
        for card in hand.pirates[seat]:
            if PIRATE_KIND[card] != "umbrella":
                continue
            targets = hand._umbrella_targets(seat)
            if targets and (cards_left <= 2 or rng.random() < 0.3):
                return PlayPirate(seat, card, max(targets, key=lambda i: (_seen_value(hand, i, seat), i)))
            if not targets and cards_left == 1:
                return PlayPirate(seat, card, -1)
        others = [c for c in hand.pirates[seat] if PIRATE_KIND[c] != "umbrella"]
        if buries and (not others or rng.random() < len(buries) / cards_left):
            if hand.towel_counts(seat)[2] and rng.random() < 0.6:
                return max(buries, key=lambda a: (_card_points(a.card), a.card))
            return rng.choice(buries)
        if others:
            return PlayPirate(seat, rng.choice(others), -1)
        return rng.choice(buries)
    if hand.step == STEP_B and hand._may_play_towels():
        cands = towel_candidates(hand, seat)
        if not cands:
            return EndTurn(seat) if (hand.phase == FINAL or hand.groups) else ShowHand(seat)
        later = hand.phase == ROUND and (hand.round < hand.n_rounds or hand.turn_pos < hand.players - 1
                                         or seat != hand.order[0])
        two = hand.players == 2
        best, best_v = None, -1e9
        bits = rng.next64()
        for k, a in enumerate(cands):
            sp = hand.beach[a.target]
            v = _seen_value(hand, a.target, seat, len(sp.pile) + len(a.values))
            top = a.values[-1]
            keep = KEEP[top] if later else 1.0
            occ = sp.occupant
            if occ == seat:
                gain = v * (keep - (KEEP[sp.top_value] if later else 1.0))
            else:
                gain = v * keep + (v * (1.0 if two else 0.5) if occ is not None else 0.0)
            gain -= len(a.values) + 0.3 * a.values.count(3) + 0.05 * ((bits >> (4 * (k % 16))) & 15)
            if gain > best_v:
                best, best_v = a, gain
        if hand.phase == FINAL or hand.groups:
            return best if best_v > 0 else EndTurn(seat)  # type: ignore[return-value]
        return best  # type: ignore[return-value]
    return EndTurn(seat)


def _card_points(card: str) -> float:
    kind = TREASURE_KIND[card]
    return float(TREASURE_VALUE[card]) if kind == "number" else (4.0 if kind == "towel" else 2.5)


def _seen_value(hand: PlayaHand, i: int, seat: int, pile_len: int | None = None) -> float:
    sp = hand.beach[i]
    if sp.face_up or seat in sp.known_by:
        card = sp.treasure
        if TREASURE_KIND[card] == "towel":
            return float(min(8, 2 * (len(sp.pile) if pile_len is None else pile_len) + 1))
        return _card_points(card) if TREASURE_KIND[card] == "number" else 4.0
    return 4.4


def fast_playout(state: State, rng: Rng) -> list[float]:
    """Play a determinized hand to its end with ``_fast_action``; rewards as the core search gives them."""
    assert isinstance(state, HandHorizon)
    hand = state.hand
    while not hand.is_over():
        _trusted_apply(hand, _fast_action(hand, hand.current, rng))
    return result_rewards(state.result(), state.players)


def rollout_policy(state: State, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The medium planner's ranking with noise (a slower alternative to ``fast_playout`` for
    ``SearchBot(rollout_policy=...)``; the hard bot does not use it by default)."""
    if isinstance(state, HandHorizon) and state._scored is not None and len(state._scored) == len(legal):
        scored = state._scored
    else:
        return rng.choice(legal)
    best, best_value = scored[0][1], -1e18
    for s, a in scored:
        v = s + 1.2 * rng.random()
        if v > best_value:
            best, best_value = a, v
    return best


class PlayaSearchBot(SearchBot):
    """The hard bot: ISMCTS over the current hand (see the module docstring)."""

    level = "hard"
    SAFETY = 0.9  # share of the time budget used by the search itself (determinize and answer around it)

    def __init__(self, seat: int, seed: int = 0, playouts: int | None = None, seconds: float | None = None):
        if playouts is None and seconds is None:
            seconds = 1.0 * self.SAFETY
        budget = playouts if playouts is not None else 120
        super().__init__(seat, seed, determinize=_determinize_horizon, playouts=playouts, seconds=seconds,
                         exploration=0.7, rollout_policy=rollout_policy, max_depth=0,
                         evaluate=self._playout, prior=medium_prior,
                         prior_visits=max(2, budget // PRIOR_SHARE))
        self._playout_rng = Rng(seed ^ 0x5EED)

    def _playout(self, state: State) -> list[float]:
        return fast_playout(state, self._playout_rng)

    def set_time_budget(self, seconds: float | None) -> None:
        super().set_time_budget(None if seconds is None else seconds * self.SAFETY)

    def choose(self, view: State) -> Action:
        hand = hand_of(view)
        legal = view.legal_actions(self.seat)
        if len(legal) == 1:
            self.last_iterations, self.last_seconds = 0, 0.0
            return legal[0]
        if hand.phase in (SEATING, DRAFT):
            return _setup_choice(hand, self.seat, legal)
        base = list(view.totals) if isinstance(view, MatchState) else [0.0] * hand.players
        root = HandHorizon(hand, base)
        if len(root.legal_actions(self.seat)) == 1:
            self.last_iterations, self.last_seconds = 0, 0.0
            return root.legal_actions(self.seat)[0]
        choice = super().choose(root)
        return choice if choice in legal else legal[0]


def make_bot(level: str, seat: int, seed: int, playouts: int | None = None, **_: Any) -> Bot:
    """``easy`` / ``medium`` / ``hard`` (``random`` too). ``playouts`` fixes hard's search budget
    (repeatable); without it hard searches for 1 s (``set_time_budget`` changes it)."""
    if level == "random":
        return RandomBot(seat, seed)
    if level == "easy":
        return EasyBot(seat, seed)
    if level == "medium":
        return MediumBot(seat, seed)
    if level == "hard":
        return PlayaSearchBot(seat, seed, playouts=playouts)
    raise ValueError(f"unknown level {level!r}")


__all__ = ["EasyBot", "MediumBot", "PlayaSearchBot", "HandHorizon", "Estimate", "make_bot", "scored_actions",
           "towel_candidates", "minimal_groups", "rollout_policy", "hand_of"]

