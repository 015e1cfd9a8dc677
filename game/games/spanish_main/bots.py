"""Pirates of the Spanish Main bots (spec section 10): easy, medium and hard.

- easy: one-ply greedy. Every legal action is tried on a state dealt from the bot's own view (``determinize``:
  what it cannot see is dealt again with its own generator) and scored by the fame its own ships gain minus
  what they lose, damage counting a little against; chosen by a softmax with a high temperature. It accuses
  only when the owner of a pirate is certain from what it knows and the ship has at least 2 fame, and never
  sabotages its own ship.
- medium: one-ply with the belief model. Each action's effect on every ship (the move, then the active
  adventure; with ``imminent-adventures`` the next one too, at a discount) is scored as its own ships' gain,
  minus the expected gain of the rival it helps most (ownership from the belief), minus a disguise term when the
  gain lands mostly on its own unrevealed ships. It accuses when the chance of being right times half the
  ship's fame, twice (what it takes and what the rival loses), beats its best other action by a margin. It never
  sabotages its own ship.
- hard: determinized Monte Carlo search. The medium ranking proposes a few candidate actions, with pass and
  the most promising accusation (when the belief is sure enough of it, ``ACCUSE_SURE``, and expects to take
  some fame). Each sample deals the hidden pirates from the belief model (and the adventure deck, the movement
  deck and, with ``movement-hand``, the other hands), plays every candidate on that deal (common random
  numbers), then the next four turns, each seat on a cheap greedy policy that knows its ships in the deal, and
  scores the position: its value minus the best rival's, fame on a ship counting for less while much of the
  deck is left (it can still be lost, looted or taken) and secured fame in full, so late fame is worth more.
  The best mean wins, less a price for what the action tells the table about its ships (the information it
  gives away under the onlookers' belief about its own ships, built from its past actions as it builds
  theirs) and plus a little for fame given to ships that are probably nobody's (decoys). To stay hard to read
  it sometimes takes a nearly-as-good action that helps ships it does not own, and when its ship most at risk
  would lose more to an accuser than the turn costs, it often accuses an opponent of being that ship's pirate:
  a sure "no" that costs the turn's action (and with ``movement-hand`` a card each for it and the accused) and
  makes the onlookers doubt the ship is its own. Budget: ``playouts`` samples (repeatable) or ``seconds``
  (0.85 of 1 s by default; a sample starts only if it should end in time).

The belief model (medium and hard) reads only the view: the bot's own pirates, the revealed ones and their
owners, "seat is not pirate" after wrong accusations, the set-aside pirates Mutiny made public, the number of
pirates each seat and the set-aside pile hold, and ``history``, the public record of actions with the table
before each. Every deal of the hidden pirates that fits these facts is listed (at most 630, with 4 players) and
weighted by how likely each opponent's past actions were if it owned that deal's ships: a softmax over the
immediate benefit every alternative of that moment (the market's cards, or with ``movement-hand`` every kind
of movement card, on every target; repair; pass) would have given those ships. An accusation naming one of
the accuser's own pirates is given a small likelihood (bluffs happen, but seldom). Each past action's benefit
per ship is worked out once (it does not depend on the deal) and kept, so a decision adds only the new entries.
An entry the bot cannot read counts as absent.

Every bot sees only ``view(seat)``: the same view and seed give the same decision.
"""
from __future__ import annotations

import json
import math
from itertools import combinations
from typing import Any, Sequence

from game.core.bots import Bot, BudgetBot, bot_levels
from game.core.protocol import Action, State
from game.core.rng import Rng
from game.games.spanish_main.rules import (ADVENTURE_CARDS, ADVENTURE_TYPES, FIRST_DAMAGE, FIRST_FAME,
                                           LAST_DAMAGE, MOVEMENT_CARDS, MOVEMENT_TYPES, PIRATES, SHIPS,
                                           SPACE_DAMAGE, SPACE_FAME, SPACE_LOSS, UNKNOWN, Accuse, Discard,
                                           PlayCard, Pass, Repair, SpanishMainState, card_type, determinize,
                                           half_up, ship_of, target_kind)

TEMPERATURE = 0.8

# --------------------------------------------------------------------------------------------------
# Easy
# --------------------------------------------------------------------------------------------------


def certain_owner(view: SpanishMainState, seat: int, pirate: str) -> int | None:
    """The seat that must own ``pirate`` from what ``seat`` knows (None: not certain): no set-aside place is
    left for it (Mutiny made every set-aside card known) and only one other seat has a hidden place not
    publicly denied it."""
    # A4, R28
    if pirate in view.revealed or pirate in view.pirates[seat] or pirate in view.unowned:
        return None
    if len(view.aside) > len(view.unowned):
        return None
    holders = [k for k in range(view.players) if k != seat and UNKNOWN in view.pirates[k]
               and pirate not in view.denied[k]]
    return holders[0] if len(holders) == 1 else None


def own_value(s: SpanishMainState, seat: int) -> float:
    ships = s.owned_ships(seat)
    return sum(s.fame_of(x) for x in ships) + s.secured[seat] + s.secured_owed[seat] - 0.3 * sum(
        1 for x in ships if s.is_damaged(x))


class EasyBot(Bot):
    level = "easy"

    def choose(self, view: State) -> Action:
        assert isinstance(view, SpanishMainState)
        acts = view.legal_actions(self.seat)
        if isinstance(acts[0], Discard):
            return acts[self.rng.below(len(acts))]
        full = determinize(view.clone(), self.rng.fork())
        base = own_value(full, self.seat)
        mine = set(full.owned_ships(self.seat))
        scored: list[tuple[float, Action]] = []
        seen: set[tuple] = set()
        for a in acts:
            if isinstance(a, PlayCard) and card_type(a.card) == "mv-sabotage" and a.ship in mine:
                continue                                            # never its own ship
            if isinstance(a, Accuse):
                if a.discard and len(view.hands[self.seat]) > 1 and a.discard != view.hands[self.seat][0]:
                    continue
                if certain_owner(view, self.seat, a.pirate) != a.accused or full.fame_of(ship_of(a.pirate)) < 2:
                    continue
            key = (type(a).__name__, card_type(getattr(a, "card", "") or getattr(a, "replace", "") or "x"),
                   getattr(a, "ship", ""), getattr(a, "accused", -1), getattr(a, "pirate", ""))
            if key in seen:
                continue
            seen.add(key)
            trial = full.clone()
            trial.apply(a)
            scored.append((own_value(trial, self.seat) - base, a))
        if not scored:
            return acts[self.rng.below(len(acts))]
        top = max(v for v, _ in scored)
        weights = [math.exp((v - top) / TEMPERATURE) for v, _ in scored]
        pick = self.rng.random() * sum(weights)
        for w, (_, a) in zip(weights, scored):
            pick -= w
            if pick <= 0:
                return a
        return scored[-1][1]


# --------------------------------------------------------------------------------------------------
# The table on integers: ships are indices of SHIPS (flag = index // 3), the row front (space 1) first
# --------------------------------------------------------------------------------------------------
N = len(SHIPS)
SHIP_IX = {s: i for i, s in enumerate(SHIPS)}
FLAG_IX = {"en": 0, "es": 1, "nl": 2}
W_DAMAGE = 0.5        # an undamaged ship, in fame: only undamaged ships gain fame (R31)
NEXT_WEIGHT = 0.35    # ``imminent-adventures``: the next adventure's effect, discounted (it comes after a rival's turn)
REPAIR, PASS = ("repair", "", -1), ("pass", "", -1)
ADV_TYPES = frozenset(ADVENTURE_TYPES)
MV_TYPES = frozenset(MOVEMENT_TYPES)


def move(row: list[int], dmg: list[bool], kind: str, target: int) -> None:
    """A movement card of type ``kind`` on ship ``target`` (the front ship of a pair; -1 for none); Fog changes
    nothing here."""
    # R8, R20
    if kind == "mv-full-speed" or kind == "mv-lost-at-sea":
        p = row.index(target)
        to = max(0, p - 6) if kind == "mv-full-speed" else min(N - 1, p + 6)     # R9, R10, R8
        del row[p]
        row.insert(to, target)
    elif kind == "mv-alliance" or kind == "mv-rip":
        p = row.index(target)
        to = max(0, p - 3) if kind == "mv-alliance" else min(N - 2, p + 3)       # R11, R12
        block = row[p:p + 2]
        del row[p:p + 2]
        row[to:to] = block
    elif kind == "mv-sabotage":
        dmg[target] = True                                                       # R16
    elif kind != "mv-fog":
        flag = FLAG_IX[kind[-2:]]
        ships = [s for s in row if s // 3 == flag]                               # front-most first
        forward = kind.startswith("mv-advance")
        if not forward:
            ships.reverse()                                                      # R14: rear-most first
        for s in ships:                                                          # R13: one at a time
            p = row.index(s)
            to = max(0, p - 2) if forward else min(N - 1, p + 2)
            del row[p]
            row.insert(to, s)


def resolve(row: list[int], dmg: list[bool], fame: list[int], kind: str, revealed: list[bool],
            owner: list[int] | None = None) -> tuple[int, int]:
    """The adventure of type ``kind`` on the table. Returns (fame units paid, cards lost to the
    discard pile). Mutiny halves the front-most unrevealed ship; with ``owner`` given (a full deal), only
    when somebody owns it, else as if its owner were the one whose benefit is asked."""
    if kind in SPACE_FAME:                                                       # R36, R33
        paid = 0
        for p in SPACE_FAME[kind]:
            s = row[p - 1]
            if not dmg[s]:
                fame[s] += 1
                paid += 1
        return paid, 0
    if kind in FIRST_FAME:                                                       # R37, R32
        k, amount = FIRST_FAME[kind]
        paid = 0
        for s in row:
            if not dmg[s]:
                fame[s] += amount
                paid += amount
                k -= 1
                if not k:
                    break
        return paid, 0
    if kind == "adv-cursed-treasure":                                            # R39
        for s in row:
            if not dmg[s]:
                fame[s] += 2
                dmg[s] = True
                return 2, 0
        return 0, 0
    if kind in FIRST_DAMAGE:                                                     # R38
        for s in row:
            if not dmg[s]:
                dmg[s] = True
                break
        return 0, 0
    if kind in LAST_DAMAGE:                                                      # R38, R32
        k = LAST_DAMAGE[kind]
        for s in reversed(row):
            if not dmg[s]:
                dmg[s] = True
                k -= 1
                if not k:
                    break
        return 0, 0
    if kind in SPACE_DAMAGE:                                                     # R40
        for p in SPACE_DAMAGE[kind]:
            dmg[row[p - 1]] = True
        return 0, 0
    if kind in SPACE_LOSS:                                                       # R41
        lost = 0
        for p in SPACE_LOSS[kind]:
            s = row[p - 1]
            if fame[s] > 0:
                fame[s] -= 1
                lost += 1
        return 0, lost
    if kind == "adv-mutiny":                                                     # R43
        for s in row:
            if not revealed[s]:
                if owner is not None and owner[s] < 0:
                    return 0, 0                                                  # A4
                n = half_up(fame[s])
                fame[s] -= n
                revealed[s] = True
                return 0, n
        return 0, 0
    if kind.startswith("adv-attack-"):                                           # R44
        flag = FLAG_IX[kind[-2:]]
        hit = [row[p - 1] for p in range(1, N) if row[p] // 3 == flag and not dmg[row[p]]
               and row[p - 1] // 3 != flag]
        for s in hit:
            dmg[s] = True
        return 0, 0
    if kind.startswith("adv-loot-"):                                             # R45
        flag = FLAG_IX[kind[-2:]]
        for p in range(N - 1):
            v, lo = row[p], row[p + 1]
            if v // 3 == flag and fame[v] > 0 and not dmg[lo] and lo // 3 != flag:
                fame[v] -= 1
                fame[lo] += 1
        return 0, 0
    return 0, 0


class Table:
    """The public table a benefit is worked out on: row, damage, fame (cards + owed), revealed ships, the
    adventure row (types)."""

    __slots__ = ("row", "dmg", "fame", "revealed", "adventures")

    def __init__(self, row: list[int], dmg: list[bool], fame: list[int], revealed: list[bool],
                 adventures: list[str]):
        self.row, self.dmg, self.fame, self.revealed, self.adventures = row, dmg, fame, revealed, adventures

    @classmethod
    def of_view(cls, v: SpanishMainState) -> "Table":
        return cls([SHIP_IX[s] for s in v.row], [s in v.damaged for s in SHIPS],
                   [v.fame[i] + v.owed[i] for i in range(N)], [p in v.revealed for p in PIRATES],
                   [card_type(c) for c in v.adv_row])

    def benefit(self, alt: tuple[str, str, int]) -> list[float]:
        """Per ship: the fame it gains minus what it loses, and W_DAMAGE for each change of damage, when
        ``alt`` (kind, card type, target) is played and the active adventure resolves (not after Fog);
        with ``imminent-adventures`` the next adventure too, discounted."""
        row, dmg, fame, rev = self.row[:], self.dmg[:], self.fame[:], self.revealed[:]
        kind, card, target = alt
        fog = False
        if kind == "play":
            move(row, dmg, card, target)
            fog = card == "mv-fog"
        elif kind == "repair":
            dmg = [False] * N                                                    # R21
        advs = self.adventures
        if advs and not fog:
            resolve(row, dmg, fame, advs[0], rev)
        out = [fame[s] - self.fame[s] - W_DAMAGE * (dmg[s] - self.dmg[s]) for s in range(N)]
        if len(advs) > 1:
            f2, d2 = fame[:], dmg[:]
            resolve(row, d2, f2, advs[1], rev)
            for s in range(N):
                out[s] += NEXT_WEIGHT * (f2[s] - fame[s] - W_DAMAGE * (d2[s] - dmg[s]))
        return out


def alternatives(row: Sequence[int], dmg: Sequence[bool], cards: Sequence[str]) -> list[tuple[str, str, int]]:
    """Every distinct choice of a turn on this table with these movement card types: each card on each target,
    repair, pass."""
    out: list[tuple[str, str, int]] = []
    for t in dict.fromkeys(cards):
        kind = target_kind(t)
        if kind == "none":
            out.append(("play", t, -1))
        elif kind == "pair":
            out.extend(("play", t, s) for s in row[:N - 1])
        elif t == "mv-sabotage":
            out.extend(("play", t, s) for s in row if not dmg[s])
        else:
            out.extend(("play", t, s) for s in row)
    out.append(REPAIR)
    out.append(PASS)
    return out


# --------------------------------------------------------------------------------------------------
# The history: each entry read once into (actor, the alternatives' benefits, the one chosen)
# --------------------------------------------------------------------------------------------------
ACCUSE_OWN = math.log(0.12)   # an accusation naming the accuser's own pirate (R23): a bluff, seldom
BETA = 1.4                    # the softmax's inverse temperature over benefits (fame units)
_READ_CACHE: dict[str, Any] = {}
_READ_CACHE_MAX = 2_000


class Read:
    """One history entry as the belief uses it."""

    __slots__ = ("seat", "accuse", "alts", "chosen")

    def __init__(self, seat: int, accuse: int = -1, alts: list[list[float]] | None = None, chosen: int = -1):
        self.seat, self.accuse, self.alts, self.chosen = seat, accuse, alts, chosen


def _table_of(before: Any) -> tuple[list[int], list[bool], list[int], list[bool], list[str], list[str]]:
    """``before`` read and checked (ValueError/KeyError/TypeError when it is not a table)."""
    row = [int(x) for x in before["row"]]
    if sorted(row) != list(range(N)):
        raise ValueError("row")
    dmg = [False] * N
    for x in before["damaged"]:
        dmg[int(x)] = True
    fame = [int(x) for x in before["fame"]]
    owed = [int(x) for x in before.get("owed", [0] * N)]
    if len(fame) != N or len(owed) != N or min(fame + owed) < 0:
        raise ValueError("fame")
    fame = [a + b for a, b in zip(fame, owed)]
    revealed = [False] * N
    for x in before.get("revealed", []):
        revealed[int(x)] = True
    advs = [card_type(c) for c in before["adventures"]]
    if not advs or any(a not in ADV_TYPES for a in advs):
        raise ValueError("adventures")
    market = [card_type(c) for c in before.get("market", [])]
    if any(m not in MV_TYPES for m in market):
        raise ValueError("market")
    return row, dmg, fame, revealed, advs, market


def read_entry(entry: Any, players: int, hand_mode: bool) -> Read | None:
    """What the belief needs of one history entry; None when it cannot be read (it then counts as absent)."""
    try:
        seat = entry["seat"]
        if not isinstance(seat, int) or not 0 <= seat < players:
            return None
        act = entry["act"]
        if act == "accuse":
            pirate = entry["pirate"]
            return Read(seat, accuse=SHIP_IX[ship_of(pirate)]) if pirate in PIRATES else None
        if act not in ("play", "repair", "pass"):
            return None
        key = json.dumps([entry["before"], hand_mode], sort_keys=True)
        cached = _READ_CACHE.get(key)
        if cached is None:
            row, dmg, fame, revealed, advs, market = _table_of(entry["before"])
            alts = alternatives(row, dmg, MOVEMENT_TYPES if hand_mode else market)
            table = Table(row, dmg, fame, revealed, advs)
            cached = (alts, [table.benefit(a) for a in alts])
            if len(_READ_CACHE) >= _READ_CACHE_MAX:
                _READ_CACHE.clear()
            _READ_CACHE[key] = cached
        alts, benefits = cached
        if act == "play":
            card = entry["card"]
            t = card_type(card) if isinstance(card, str) else ""
            ship = entry.get("ship", "")
            chosen = ("play", t, SHIP_IX[ship] if ship else -1)
        else:
            chosen = REPAIR if act == "repair" else PASS
        if chosen not in alts:
            return None
        return Read(seat, alts=benefits, chosen=alts.index(chosen))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None


def log_likelihood(r: Read, mask: Sequence[int]) -> float:
    """log P(the entry's action | its actor owns the ships ``mask``)."""
    if r.accuse >= 0:
        return ACCUSE_OWN if r.accuse in mask else 0.0
    assert r.alts is not None
    us = [BETA * sum(b[s] for s in mask) for b in r.alts]
    top = max(us)
    return us[r.chosen] - top - math.log(sum(math.exp(u - top) for u in us))


# --------------------------------------------------------------------------------------------------
# The belief model
# --------------------------------------------------------------------------------------------------
class Belief:
    """Who owns which ship, from ``seat``'s view: the deals that fit the public facts, weighted by the history.

    ``own[k][s]`` is P(seat k owns ship s) (1 for the bot's own ships and for revealed ones), ``unowned[s]``
    P(nobody owns ship s); ``deals`` the (weight, masks per seat) list, weights summing to 1."""

    def __init__(self, view: SpanishMainState, seat: int, reads: Sequence[Read | None],
                 cache: dict[tuple[int, tuple[int, ...]], float] | None = None):
        players = view.players
        self.players, self.seat = players, seat
        known: list[list[int]] = [[] for _ in range(players)]
        for k in range(players):
            for p in view.pirates[k]:
                if p != UNKNOWN:
                    known[k].append(SHIP_IX[ship_of(p)])
        taken = {s for ks in known for s in ks}
        unowned = {SHIP_IX[ship_of(p)] for p in view.unowned}
        free = [s for s in range(N) if s not in taken]
        hidden = [view.pirates[k].count(UNKNOWN) for k in range(players)]
        hidden[seat] = 0
        options: list[list[tuple[tuple[int, ...], tuple[int, ...], float]]] = []
        for k in range(players):
            if k == seat or not hidden[k]:
                options.append([(tuple(sorted(known[k])), (), 0.0)])
                continue
            denied = {SHIP_IX[ship_of(p)] for p in view.denied[k] if p in PIRATES}
            pool = [s for s in free if s not in unowned and s not in denied]
            masks = []
            for extra in combinations(pool, hidden[k]):
                mask = tuple(sorted(known[k] + list(extra)))
                masks.append((mask, extra, self._score(k, mask, reads, cache)))
            options.append(masks)
        deals: list[tuple[float, list[tuple[int, ...]]]] = []

        def place(k: int, used: frozenset[int], masks: list[tuple[int, ...]], logw: float) -> None:
            if k == players:
                deals.append((logw, list(masks)))
                return
            for mask, extra, lw in options[k]:
                if any(s in used for s in extra):
                    continue
                masks.append(mask)
                place(k + 1, used | set(extra), masks, logw + lw)
                masks.pop()

        place(0, frozenset(taken), [], 0.0)
        if not deals:                                       # facts that fit no deal (a damaged save): uniform guess
            deals = [(0.0, [tuple(sorted(known[k])) for k in range(players)])]
        top = max(w for w, _ in deals)
        ws = [math.exp(w - top) for w, _ in deals]
        total = sum(ws)
        self.deals = [(w / total, m) for w, (_, m) in zip(ws, deals)]
        self.own = [[0.0] * N for _ in range(players)]
        for w, masks in self.deals:
            for k, mask in enumerate(masks):
                for s in mask:
                    self.own[k][s] += w
        self.unowned = [max(0.0, 1.0 - sum(self.own[k][s] for k in range(players))) for s in range(N)]

    @staticmethod
    def _score(k: int, mask: tuple[int, ...], reads: Sequence[Read | None],
               cache: dict[tuple[int, tuple[int, ...]], float] | None) -> float:
        total = 0.0
        for i, r in enumerate(reads):
            if r is None or r.seat != k:
                continue
            if cache is not None:
                got = cache.get((i, mask))
                if got is None:
                    got = cache[(i, mask)] = log_likelihood(r, mask)
                total += got
            else:
                total += log_likelihood(r, mask)
        return total

    def sample(self, rng: Rng) -> list[tuple[int, ...]]:
        """One deal drawn by weight."""
        x = rng.random()
        for w, masks in self.deals:
            x -= w
            if x <= 0:
                return masks
        return self.deals[-1][1]

    def pirate_owner(self, pirate: str) -> list[float]:
        """P(seat k owns ``pirate``) for each seat."""
        s = SHIP_IX[ship_of(pirate)]
        return [self.own[k][s] for k in range(self.players)]


class Believer:
    """What medium and hard keep between decisions: the history entries read so far (kept while the history
    they came from still begins the view's), and the log-likelihoods per entry and ship set."""

    def __init__(self) -> None:
        self.reads: list[Read | None] = []
        self.keys: list[str] = []
        self.cache: dict[tuple[int, tuple[int, ...]], float] = {}
        self.context: tuple = ()

    def belief(self, view: SpanishMainState, seat: int) -> Belief:
        history = view.history if isinstance(view.history, list) else []
        context = (view.players, view.hand_mode)
        keep = 0
        if context == self.context:
            while keep < min(len(self.keys), len(history)) and self.keys[keep] == _key(history[keep]):
                keep += 1
        if keep < len(self.reads) or context != self.context:
            self.reads, self.keys = self.reads[:keep], self.keys[:keep]
            self.cache = {k: v for k, v in self.cache.items() if k[0] < keep} if context == self.context else {}
        self.context = context
        for entry in history[keep:]:
            self.reads.append(read_entry(entry, view.players, view.hand_mode))
            self.keys.append(_key(entry))
        return Belief(view, seat, self.reads, self.cache)


def _key(entry: Any) -> str:
    try:
        return json.dumps(entry, sort_keys=True)
    except (TypeError, ValueError):
        return repr(entry)


# --------------------------------------------------------------------------------------------------
# Medium
# --------------------------------------------------------------------------------------------------
DISGUISE = 0.35       # the cost of a gain that lands only on its own unrevealed ships, per fame
ACCUSE_MARGIN = 0.8   # an accusation must beat the best other action by this (fame)
HAND_MARGIN = 1.2     # ... and by this more with ``movement-hand`` (a card each, V3.3)
#: which movement card to give up first (V3.3, V3.6): the least useful first
DISCARD_ORDER = ("mv-retreat-en", "mv-retreat-es", "mv-retreat-nl", "mv-advance-en", "mv-advance-es",
                 "mv-advance-nl", "mv-rip", "mv-lost-at-sea", "mv-alliance", "mv-full-speed", "mv-sabotage",
                 "mv-fog")


def cheapest(cards: Sequence[str]) -> str:
    """The card to give up: the least useful kind (DISCARD_ORDER)."""
    return min(cards, key=lambda c: (DISCARD_ORDER.index(card_type(c)), c))


def action_key(a: Action) -> tuple[str, str, int] | None:
    """A turn's action as an alternative (kind, card type, target); None for accusations and discards."""
    if isinstance(a, PlayCard):
        return ("play", card_type(a.card), SHIP_IX[a.ship] if a.ship else -1)
    if isinstance(a, Repair):
        return REPAIR
    if isinstance(a, Pass):
        return PASS
    return None


class Judge:
    """Medium's one-ply scores of a view's actions from the belief (shared with hard)."""

    def __init__(self, view: SpanishMainState, seat: int, belief: Belief):
        self.view, self.seat, self.belief = view, seat, belief
        self.table = Table.of_view(view)
        self.mine = [SHIP_IX[ship_of(p)] for p in view.pirates[seat] if p != UNKNOWN]
        self.hidden_mine = [s for s in self.mine if not self.table.revealed[s]]
        self.rivals = [k for k in range(view.players) if k != seat]
        self.benefits: dict[tuple[str, str, int], list[float]] = {}

    def benefit(self, key: tuple[str, str, int]) -> list[float]:
        got = self.benefits.get(key)
        if got is None:
            got = self.benefits[key] = self.table.benefit(key)
        return got

    def score(self, key: tuple[str, str, int]) -> float:
        v = self.benefit(key)
        own = sum(v[s] for s in self.mine)
        rival = max((sum(self.belief.own[k][s] * v[s] for s in range(N)) for k in self.rivals), default=0.0)
        return own - rival - DISGUISE * self.exposure(v)

    def exposure(self, v: Sequence[float]) -> float:
        """How much of the gain lands on its own unrevealed ships beyond their share of the unrevealed ships."""
        if not self.hidden_mine:
            return 0.0
        unrevealed = [s for s in range(N) if not self.table.revealed[s]]
        pos = sum(max(0.0, v[s]) for s in unrevealed)
        own = sum(max(0.0, v[s]) for s in self.hidden_mine)
        return max(0.0, own - pos * len(self.hidden_mine) / len(unrevealed))

    def accusation(self, sure: float = 0.0) -> tuple[float, int, str]:
        """The best accusation: (P(correct) * half the fame, rounded up, * 2, accused, pirate); only those at
        least ``sure`` to be right."""
        best = (0.0, -1, "")
        for p in PIRATES:
            s = SHIP_IX[ship_of(p)]
            if self.table.revealed[s] or s in self.mine:
                continue
            gain = half_up(self.table.fame[s])
            for k in self.rivals:
                if self.belief.own[k][s] < sure:
                    continue
                value = self.belief.own[k][s] * gain * 2
                if value > best[0]:
                    best = (value, k, p)
        return best

    def ranked(self, acts: Sequence[Action]) -> list[tuple[float, Action]]:
        """The non-accusing actions, one per distinct effect, best first, never a sabotage of its own ship."""
        out: list[tuple[float, Action]] = []
        seen: set[tuple[str, str, int]] = set()
        for a in acts:
            key = action_key(a)
            if key is None or key in seen:
                continue
            if isinstance(a, Pass) and a.replace:
                continue
            if key[1] == "mv-sabotage" and key[2] in self.mine:
                continue                                            # never its own ship
            seen.add(key)
            out.append((self.score(key), a))
        out.sort(key=lambda x: -x[0])
        return out


def _accuse_action(acts: Sequence[Action], accused: int, pirate: str, hand: Sequence[str]) -> Action | None:
    matching = [a for a in acts if isinstance(a, Accuse) and a.accused == accused and a.pirate == pirate]
    if not matching:
        return None
    if hand:
        drop = cheapest(hand)
        for a in matching:
            if a.discard == drop:
                return a
    return matching[0]


def discard_choice(view: SpanishMainState, seat: int, acts: Sequence[Action]) -> Action:
    """The accused gives up its least useful card."""
    # V3.3
    drop = cheapest([a.card for a in acts if isinstance(a, Discard)])
    return next(a for a in acts if isinstance(a, Discard) and a.card == drop)


class MediumBot(Bot):
    level = "medium"

    def __init__(self, seat: int, seed: int = 0):
        super().__init__(seat, seed)
        self.believer = Believer()

    def choose(self, view: State) -> Action:
        assert isinstance(view, SpanishMainState)
        acts = view.legal_actions(self.seat)
        if isinstance(acts[0], Discard):
            return discard_choice(view, self.seat, acts)
        judge = Judge(view, self.seat, self.believer.belief(view, self.seat))
        ranked = judge.ranked(acts)
        value, accused, pirate = judge.accusation()
        if accused >= 0:
            margin = ACCUSE_MARGIN + (HAND_MARGIN if view.hand_mode else 0.0)
            base = judge.score(PASS)
            best = ranked[0][0] if ranked else base
            if base + value > best + margin:
                a = _accuse_action(acts, accused, pirate, view.hands[self.seat] if view.hand_mode else ())
                if a is not None:
                    return a
        if not ranked:
            return acts[self.rng.below(len(acts))]
        top = ranked[0][0]
        near = [a for v, a in ranked if v >= top - 0.05]
        return near[self.rng.below(len(near))]


# --------------------------------------------------------------------------------------------------
# Hard: the search model (a whole game on integers) and the search
# --------------------------------------------------------------------------------------------------
class Sim:
    """A determinized game (every card known) for the search: the table, owners, secured fame, the adventure
    row and deck (types, drawn from the end), the discard pile's size, the movement market or hands, deck and
    discard pile (types), whose turn."""

    __slots__ = ("players", "row", "dmg", "fame", "owner", "revealed", "secured", "adv_row", "adv_deck",
                 "discards", "market", "hands", "mv_deck", "mv_discard", "current", "over", "extended",
                 "imminent", "hand_mode", "rng")

    def copy(self) -> "Sim":
        s = Sim.__new__(Sim)
        s.players, s.extended, s.imminent, s.hand_mode = self.players, self.extended, self.imminent, self.hand_mode
        s.row, s.dmg, s.fame, s.owner = self.row[:], self.dmg[:], self.fame[:], self.owner
        s.revealed, s.secured = self.revealed[:], self.secured[:]
        s.adv_row, s.adv_deck, s.discards = self.adv_row[:], self.adv_deck[:], self.discards
        s.market, s.hands = self.market[:], [h[:] for h in self.hands]
        s.mv_deck, s.mv_discard = self.mv_deck[:], self.mv_discard[:]
        s.current, s.over, s.rng = self.current, self.over, self.rng
        return s

    @classmethod
    def deal(cls, view: SpanishMainState, seat: int, masks: Sequence[Sequence[int]], rng: Rng) -> "Sim":
        """The view with the hidden pirates dealt as ``masks`` and the hidden cards dealt at random."""
        s = cls()
        s.players, s.rng = view.players, rng
        s.extended, s.imminent, s.hand_mode = view.extended, view.imminent, view.hand_mode
        s.row = [SHIP_IX[x] for x in view.row]
        s.dmg = [x in view.damaged for x in SHIPS]
        s.fame = [view.fame[i] + view.owed[i] for i in range(N)]
        s.owner = [-1] * N
        for k, mask in enumerate(masks):
            for x in mask:
                s.owner[x] = k
        s.revealed = [p in view.revealed for p in PIRATES]
        s.secured = [view.secured[k] + view.secured_owed[k] for k in range(view.players)]
        s.adv_row = [card_type(c) for c in view.adv_row]
        pool = list(ADVENTURE_CARDS)
        for c in list(view.adv_discard) + list(view.adv_row):
            if c in pool:
                pool.remove(c)
        s.adv_deck = [card_type(c) for c in rng.sample(pool, min(len(pool), len(view.adv_deck)))]
        s.discards = len(view.adv_discard)
        mpool = list(MOVEMENT_CARDS)
        for c in list(view.mv_discard) + list(view.market) + (list(view.hands[seat]) if view.hand_mode else []):
            if c in mpool:
                mpool.remove(c)
        rng.shuffle(mpool)
        s.market = [card_type(c) for c in view.market]
        s.hands = []
        if view.hand_mode:
            for k in range(view.players):
                if k == seat:
                    s.hands.append([card_type(c) for c in view.hands[k]])
                else:
                    s.hands.append([card_type(mpool.pop()) for _ in view.hands[k] if mpool])
        s.mv_deck = [card_type(c) for c in mpool]
        s.mv_discard = [card_type(c) for c in view.mv_discard]
        s.current, s.over = view.current, view.over
        return s

    def cards(self, seat: int) -> list[str]:
        return self.hands[seat] if self.hand_mode else self.market

    def score(self, seat: int) -> int:
        return self.secured[seat] + sum(self.fame[x] for x in range(N) if self.owner[x] == seat)

    def _draw(self) -> str | None:
        if not self.mv_deck:                                                     # R7
            if not self.mv_discard:
                return None
            self.mv_deck = self.mv_discard
            self.mv_discard = []
            self.rng.shuffle(self.mv_deck)
        return self.mv_deck.pop()

    def apply(self, act: tuple[str, str, int], accused: int = -1) -> None:
        """One turn: the action (``accused`` for an accusation, ``act`` = ("accuse", "", ship)), the adventure,
        the end of turn."""
        seat = self.current
        kind, card, target = act
        fog = False
        if kind == "play":
            cards = self.cards(seat)
            i = cards.index(card)
            move(self.row, self.dmg, card, target)
            fog = card == "mv-fog"
            self.mv_discard.append(card)
            new = self._draw()
            if self.hand_mode:
                del cards[i]
                if new is not None:
                    cards.append(new)
            elif new is not None:
                cards[i] = new
        elif kind == "repair":
            self.dmg = [False] * N
        elif kind == "accuse":
            if self.hand_mode:                                                   # V3.3
                for k in (seat, accused):
                    if self.hands[k]:
                        self.mv_discard.append(self.hands[k].pop(0))
            if self.owner[target] == accused:                                    # R25
                took = half_up(self.fame[target])
                self.fame[target] -= took
                self.secured[seat] += took
                self.revealed[target] = True
        card_now = self.adv_row.pop(0)
        if fog:
            self.discards += 1                                                   # R20
        else:
            paid, lost = resolve(self.row, self.dmg, self.fame, card_now, self.revealed, self.owner)
            self.discards += lost
            if paid:
                for _ in range(paid - 1):                                        # R47, R48, V1.1
                    if self.extended and self.discards:
                        self.discards -= 1
                    elif self.adv_deck:
                        self.adv_deck.pop()
            else:
                self.discards += 1                                               # R42
        if self.imminent:                                                        # V2.2, V2.3
            if self.adv_deck:
                self.adv_row.append(self.adv_deck.pop())
            if not self.adv_row:
                self.over = True
        elif not self.adv_deck:                                                  # R3, R51
            self.over = True
        else:
            self.adv_row.append(self.adv_deck.pop())
        self.current = (seat + 1) % self.players

    def table(self) -> Table:
        return Table(self.row, self.dmg, self.fame, self.revealed, self.adv_row)

    def value(self, seat: int, total_deck: int) -> float:
        """The position for ``seat``: its value minus the best rival's; fame on an unrevealed ship counts
        less while much of the deck is left (it can still be taken, lost or looted)."""
        if self.over:
            vals = [float(self.score(k)) for k in range(self.players)]
        else:
            left = len(self.adv_deck) / max(1, total_deck)
            w_hidden, w_open = 1.0 - 0.3 * left, 1.0 - 0.15 * left
            vals = [float(x) for x in self.secured]
            for x in range(N):
                k = self.owner[x]
                if k >= 0:
                    vals[k] += self.fame[x] * (w_open if self.revealed[x] else w_hidden) + (
                        0.0 if self.dmg[x] else 0.3 * left)
        return vals[seat] - max(vals[k] for k in range(self.players) if k != seat)


ROLL_TURNS = 4        # rollout horizon: this many turns after the candidate
ROLL_TRIES = 5        # the rollout policy compares this many random card plays with repair and pass
ROLL_EPSILON = 0.1    # ... and plays a random one of them this often
HARD_TOP_K = 6        # candidate actions from the medium ranking
ACCUSE_SURE = {2: 0.7, 3: 0.4, 4: 0.4}   # an accusation is a candidate only when at least this sure (per players)
BLUFF_HELP = 0.1      # how often it takes a nearly-as-good action that helps others' ships
BLUFF_ACCUSE = 0.7    # how often it accuses an opponent of its own pirate (R23) when that pays: ...
BLUFF_RISK = 0.5      # ... the onlookers' belief that the ship is its own is at least this, and ...
BLUFF_PROTECT = 0.6   # ... this share of what an accuser would expect to take beats the turn it costs
BLUFF_TOLERANCE = 0.5 # "nearly as good": this much below the best mean (fame)


def rollout_action(sim: Sim) -> tuple[str, str, int]:
    """The cheap policy of a rollout: the best immediate gain for the seat's own ships (in this deal) among a
    few random card plays, repair (when a ship is damaged) and pass; sometimes one of them at random."""
    seat, rng = sim.current, sim.rng
    cards = sim.cards(seat)
    tries: list[tuple[str, str, int]] = [PASS]
    if any(sim.dmg):
        tries.append(REPAIR)
    if cards:
        for _ in range(ROLL_TRIES):
            t = cards[rng.below(len(cards))]
            kind = target_kind(t)
            if kind == "none":
                tries.append(("play", t, -1))
            elif kind == "pair":
                tries.append(("play", t, sim.row[rng.below(N - 1)]))
            elif t == "mv-sabotage":
                ok = [x for x in range(N) if not sim.dmg[x] and sim.owner[x] != seat]
                if ok:
                    tries.append(("play", t, ok[rng.below(len(ok))]))
            else:
                tries.append(("play", t, sim.row[rng.below(N)]))
    if rng.random() < ROLL_EPSILON:
        return tries[rng.below(len(tries))]
    table = sim.table()
    mine = [x for x in range(N) if sim.owner[x] == seat]
    best, best_v = PASS, -1e9
    for t in tries:
        v = table.benefit(t)
        own = sum(v[x] for x in mine)
        if own > best_v:
            best, best_v = t, own
    return best


class Exposure:
    """What the table may learn of the bot's own ships: the onlookers' belief about which ships are its own (its
    ship sets that fit the public facts, weighed by its past actions like any seat's) and, for each action of
    this turn, the information it would give away: log P(action | its true ships) minus log P(action) under
    that belief (nats; 0 for an action that says nothing)."""

    def __init__(self, view: SpanishMainState, me: int, believer: Believer, judge: Judge,
                 keys: Sequence[tuple[str, str, int]]):
        mine = tuple(sorted(judge.mine))
        shown = [x for x in mine if judge.table.revealed[x]]
        others = {x for x in range(N) if judge.table.revealed[x]} - set(shown)
        gone = {SHIP_IX[ship_of(p)] for p in list(view.unowned) + list(view.denied[me]) if p in PIRATES}
        pool = [x for x in range(N) if x not in others and x not in shown and x not in gone]
        sets = [tuple(sorted(shown + list(c))) for c in combinations(pool, len(mine) - len(shown))]
        if mine not in sets:
            sets.append(mine)
        logw = [Belief._score(me, m, believer.reads, believer.cache) for m in sets]
        top = max(logw)
        ws = [math.exp(w - top) for w in logw]
        total = sum(ws)
        self.sets = sets
        self.prior = [w / total for w in ws]
        self.risk = [0.0] * N
        for w, m in zip(self.prior, sets):
            for x in m:
                self.risk[x] += w
        benefits = [judge.benefit(k) for k in keys]
        logp = []                                             # per set: log P(each key | the set)
        for m in sets:
            us = [BETA * sum(b[x] for x in m) for b in benefits]
            top = max(us)
            lse = top + math.log(sum(math.exp(u - top) for u in us))
            logp.append([u - lse for u in us])
        me_i = sets.index(mine)
        self.leak: dict[tuple[str, str, int], float] = {}
        for j, k in enumerate(keys):
            mix = sum(w * math.exp(lp[j]) for w, lp in zip(self.prior, logp))
            self.leak[k] = logp[me_i][j] - math.log(max(mix, 1e-300))


LEAK_COST = 1.2       # hard: the cost of each nat of information its action gives away about its ships (fame) ...
LEAK_STAKE = 0.25     # ... times 1 + this much per fame on its average unrevealed ship
DECOY = 0.8           # hard: the worth of each fame an action gives a ship that is probably nobody's (a decoy)


class HardBot(BudgetBot):
    level = "hard"
    SAFETY = 0.85

    def __init__(self, seat: int, seed: int = 0, playouts: int | None = None, seconds: float | None = None,
                 top_k: int = HARD_TOP_K):
        super().__init__(seat, seed, playouts, seconds)
        self.top_k = top_k
        self.believer = Believer()

    def choose(self, view: State) -> Action:
        assert isinstance(view, SpanishMainState)
        start = self.timer()
        self.last_iterations, self.last_seconds = 0, 0.0
        acts = view.legal_actions(self.seat)
        if isinstance(acts[0], Discard):
            return discard_choice(view, self.seat, acts)
        belief = self.believer.belief(view, self.seat)
        judge = Judge(view, self.seat, belief)
        ranked = judge.ranked(acts)
        if not ranked:
            return acts[self.rng.below(len(acts))]
        hand = view.hands[self.seat] if view.hand_mode else ()
        cands: list[tuple[tuple[str, str, int], int, Action]] = [
            (action_key(a), -1, a) for _, a in ranked[:self.top_k]]  # type: ignore[misc]
        if not any(c[0] == PASS for c in cands):
            passing = next((a for a in acts if isinstance(a, Pass) and not a.replace), None)
            if passing is not None:
                cands.append((PASS, -1, passing))                  # the baseline of a bluff's cost
        value, accused, pirate = judge.accusation(ACCUSE_SURE.get(view.players, 0.5))
        if accused >= 0 and value >= 1.0:
            a = _accuse_action(acts, accused, pirate, hand)
            if a is not None:
                cands.append((("accuse", "", SHIP_IX[ship_of(pirate)]), accused, a))
        keys = list(dict.fromkeys(k for k in (action_key(a) for a in acts) if k is not None))
        exposure = Exposure(view, self.seat, self.believer, judge, keys)      # before the search: in the budget
        if len(cands) > 1:
            means = self._search(view, belief, cands, start)
        else:
            means = [0.0]
        self.last_seconds = self.timer() - start
        return self._pick(view, judge, exposure, acts, cands, means)

    def _search(self, view: SpanishMainState, belief: Belief, cands: list, start: float) -> list[float]:
        totals = [0.0] * len(cands)
        samples = 0
        total_deck = max(1, len(ADVENTURE_CARDS) - view.players)
        horizon = ROLL_TURNS
        while True:
            seed = self.rng.next64()
            deal_rng = Rng(seed)
            masks = belief.sample(deal_rng)
            root = Sim.deal(view, self.seat, masks, deal_rng)
            roll_seed = deal_rng.next64()
            for j, (key, accused, _) in enumerate(cands):
                sim = root.copy()
                sim.rng = Rng(roll_seed)                                    # common random numbers
                sim.apply(key, accused)
                for _ in range(horizon):
                    if sim.over:
                        break
                    sim.apply(rollout_action(sim))
                totals[j] += sim.value(self.seat, total_deck)
            samples += 1
            if self.playouts is not None and samples >= self.playouts:
                break
            elapsed = self.timer() - start
            if self.seconds is not None and elapsed * (samples + 1) / samples > self.seconds:
                break
        self.last_iterations = samples
        return [t / samples for t in totals]

    def _pick(self, view: SpanishMainState, judge: Judge, exposure: Exposure, acts: Sequence[Action], cands: list,
              means: list[float]) -> Action:
        hidden = judge.hidden_mine
        stake = LEAK_COST * (1.0 + LEAK_STAKE * sum(judge.table.fame[x] for x in hidden) / max(1, len(hidden)))
        if hidden:
            unowned = judge.belief.unowned
            means = [m - stake * max(0.0, exposure.leak.get(c[0], 0.0))
                     + DECOY * sum(unowned[x] * max(0.0, v) for x, v in enumerate(judge.benefit(c[0])))
                     if c[1] < 0 else m for m, c in zip(means, cands)]
        order = sorted(range(len(cands)), key=lambda j: (-means[j], j))
        best = order[0]
        near = [j for j in order if means[j] >= means[best] - BLUFF_TOLERANCE and cands[j][1] < 0]
        roll = self.rng.random()
        if roll < BLUFF_HELP and len(near) > 1:                         # help ships it probably does not own
            def others(j: int) -> float:
                v = judge.benefit(cands[j][0])
                return (sum(judge.belief.unowned[x] * v[x] for x in range(N))
                        - sum(max(0.0, v[x]) for x in judge.hidden_mine))
            return cands[max(near, key=lambda j: (others(j), -j))][2]
        passing = next((j for j, c in enumerate(cands) if c[0] == PASS), None)
        if (roll > 1.0 - BLUFF_ACCUSE and cands[best][1] < 0 and hidden and passing is not None
                and (not view.hand_mode or len(view.hands[self.seat]) > 2)):
            # R23: a sure "no" about its ship most at risk (the onlookers' belief times what an accuser takes),
            # when what it protects is worth more than the turn it costs (a pass, and a card each with V3.3)
            own = max(hidden, key=lambda x: (exposure.risk[x] * (half_up(judge.table.fame[x]) + 1), x))
            pirate = PIRATES[own]
            fresh = [k for k in judge.rivals if pirate not in view.denied[k]]
            protect = BLUFF_PROTECT * exposure.risk[own] * (half_up(judge.table.fame[own]) + 1)
            cost = means[best] - means[passing] + (HAND_MARGIN if view.hand_mode else 0.0)
            if fresh and exposure.risk[own] >= BLUFF_RISK and protect > cost:
                a = _accuse_action(acts, fresh[self.rng.below(len(fresh))], pirate,
                                   view.hands[self.seat] if view.hand_mode else ())
                if a is not None:
                    return a
        return cands[best][2]


#: ``easy`` / ``medium`` / ``hard`` (``random`` too); ``playouts`` fixes hard's search budget (repeatable)
make_bot = bot_levels(EasyBot, MediumBot, HardBot)
