"""A small but real test game: "Expeditions", a Lost-Cities-like card game for 2-4 players.

It exercises the whole engine protocol: a shuffled deck (chance), private hands, a public table,
several legal actions per turn, turns of several actions, hidden information revealed during play
(deck draws), points with a per-player breakdown, options (one restricted to some player counts),
a match of several hands (through ``MatchRules``), JSON round trips, ``view`` and ``determinize``.

Rules (numbered as the tests cite them):

R1  The deck has 4 suits; ranks 1..(3 + players) in each suit (plus one wager card, rank 0, per suit
    with the ``wagers`` option). Shuffle; deal ``hand_size`` cards to each seat (4, or 3 with four
    players; one more with ``big_hands``, which is for 2 or 3 players only). The rest is the deck.
R2  On your turn you play one or two cards. Each one either goes onto your own expedition of its
    suit, if its rank is at least the rank of the expedition's last card (so wagers come first), or
    face up onto the common discard pile of its suit.
R3  After one card you may stop playing (``EndPlays``); after two you must. Then you draw as many
    cards as you played, one at a time, each from the deck (only you see it) or from the top of a
    discard pile you did not discard to this turn (everyone sees which card you took).
R4  When you cannot draw (deck empty, no pile allowed) you stop drawing. Then the turn passes.
R5  The hand ends at the end of a turn in which the deck ran out, or after ``turn_limit`` turns.
R6  Each expedition that holds at least one card scores (sum of ranks - 6) x (1 + wagers in it).
    Your score is the sum over your expeditions; the breakdown has one row per suit.
R7  In a match (option ``hands``) the hand scores add up; the first player moves on each hand;
    ties on the total are broken by the best single hand.

Cards are ints ``suit * 10 + rank``; ``UNKNOWN`` (-1) is a card the viewer cannot see.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

from game.core.bots import Bot, RandomBot
from game.core.events import Event, said
from game.core.match import MatchRules, MatchState, determinize_match
from game.core.plain import PlainState
from game.core.protocol import JSON, Action, IllegalAction, Option, Result, State, T
from game.core.rng import Rng

UNKNOWN = -1
SUITS = 4
COST = 6
TURN_LIMIT_FACTOR = 3


def suit_of(card: int) -> int:
    return card // 10


def rank_of(card: int) -> int:
    return card % 10


def full_deck(players: int, wagers: bool) -> list[int]:
    """R1: every card of the game, sorted."""
    lo = 0 if wagers else 1
    return [s * 10 + r for s in range(SUITS) for r in range(lo, 4 + players)]


def hand_size(players: int, big_hands: bool) -> int:
    return (3 if players >= 4 else 4) + (1 if big_hands else 0)


def expedition_score(cards: list[int]) -> int:
    """R6: (sum of ranks - cost) x (1 + wagers), 0 for an expedition never started."""
    if not cards:
        return 0
    wagers = sum(1 for c in cards if rank_of(c) == 0)
    return (sum(rank_of(c) for c in cards) - COST) * (1 + wagers)


# --------------------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Play(Action):
    kind: ClassVar[str] = "mg.play"
    card: int = 0

    def describe(self):
        return T("mg.log.play", seat=self.seat, card=self.card)


@dataclass(frozen=True)
class Discard(Action):
    kind: ClassVar[str] = "mg.discard"
    card: int = 0

    def describe(self):
        return T("mg.log.discard", seat=self.seat, card=self.card)


@dataclass(frozen=True)
class EndPlays(Action):
    kind: ClassVar[str] = "mg.end_plays"

    def describe(self):
        return T("mg.log.end_plays", seat=self.seat)


@dataclass(frozen=True)
class Draw(Action):
    kind: ClassVar[str] = "mg.draw"
    pile: int = -1  # -1: the deck; else the suit of a discard pile

    def describe(self):
        return T("mg.log.draw", seat=self.seat, pile=self.pile)


DECK = -1

_INTERNED: dict[tuple, Action] = {}


def _action(cls: type, seat: int, *args: int) -> Action:
    """Actions are immutable: the engine reuses one object per distinct action (faster searches)."""
    key = (cls, seat) + args
    a = _INTERNED.get(key)
    if a is None:
        a = _INTERNED[key] = cls(seat, *args)
    return a


# --------------------------------------------------------------------------------------------------
# One hand
# --------------------------------------------------------------------------------------------------
class MiniState(PlainState):
    """One hand of Expeditions (a full state, or a seat's view when ``viewer`` is not None). Its fields are
    plain data (``game.core.plain``): the copy, the JSON and its shape checks come with them."""

    KIND = "mg.hand"
    FIELDS = {"players": int, "options": dict,
              "hands": [[int]], "known": [[int]],   # known: cards in each hand everyone knows (from piles)
              "deck": [int],                        # top = last
              "expeditions": [[[int]]], "discards": [[int]], "current": int, "phase": str, "plays": int,
              "draws_left": int, "discarded_to": [int], "turn": int, "turn_limit": int, "barrier": int,
              "over": bool}

    def reset_caches(self) -> None:
        self._legal: list[Action] | None = None

    @classmethod
    def deal(cls, players: int, options: Mapping[str, Any], seed: int, first_player: int = 0) -> "MiniState":
        """R1: shuffle and deal."""
        s = cls()
        s.players, s.options, s.phase = players, dict(options), "play"
        rng = Rng(seed)
        deck = full_deck(players, bool(options.get("wagers")))
        rng.shuffle(deck)
        size = hand_size(players, bool(options.get("big_hands")))
        s.hands = [sorted(deck[i * size:(i + 1) * size]) for i in range(players)]
        s.deck = deck[players * size:]
        s.known = [[] for _ in range(players)]
        s.expeditions = [[[] for _ in range(SUITS)] for _ in range(players)]
        s.discards = [[] for _ in range(SUITS)]
        s.current = first_player
        s.turn_limit = TURN_LIMIT_FACTOR * len(s.deck) + players
        s._events = [said(None, T("mg.log.deal", players=players)), Event.of("dealt", None, count=size)] + [
            Event.of("dealt", seat, audience=[seat], secret={"cards": s.hands[seat]}, count=size)
            for seat in range(players)] + [Event.of("turn", first_player)]   # whose turn begins (the first too)
        return s

    # protocol ----------------------------------------------------------------------------------
    @property
    def undo_barrier(self) -> int:  # type: ignore[override]
        return self.barrier

    def current_players(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if seat is None:
            seat = self.current
        if self.over or seat != self.current:
            return []
        if self._legal is None:
            self._legal = self._compute_legal(seat)
        return list(self._legal)

    def _compute_legal(self, seat: int) -> list[Action]:
        if self.phase == "play":
            exp = self.expeditions[seat]
            acts: list[Action] = []
            for card in self.hands[seat]:
                if card != UNKNOWN:
                    pile = exp[card // 10]
                    if not pile or card % 10 >= pile[-1] % 10:
                        acts.append(_action(Play, seat, card))
                acts.append(_action(Discard, seat, card))
            if self.plays >= 1:
                acts.append(_action(EndPlays, seat))
            return acts
        acts = [_action(Draw, seat, DECK)] if self.deck else []
        for suit in range(SUITS):
            if self.discards[suit] and suit not in self.discarded_to:
                acts.append(_action(Draw, seat, suit))
        return acts

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions(action.seat)

    def apply(self, action: Action) -> None:
        if self.over:
            raise IllegalAction("mg.reason.over")
        if action.seat != self.current:
            raise IllegalAction("mg.reason.not_your_turn")
        if action not in self.legal_actions(action.seat):
            raise IllegalAction("mg.reason.illegal", kind=action.kind)
        seat = action.seat
        self._legal = None
        self._events.append(said(seat, action.describe()))   # the log is events (game.core.events)
        if isinstance(action, (Play, Discard)):
            self._events.append(Event.of("played", seat, card=action.card,
                                         target="expedition" if isinstance(action, Play) else "discard"))
            self._take_from_hand(seat, action.card)
            if isinstance(action, Play):
                self.expeditions[seat][suit_of(action.card)].append(action.card)
            else:
                self.discards[suit_of(action.card)].append(action.card)
                self.discarded_to.append(suit_of(action.card))
            self.plays += 1
            if self.plays >= 2 or not self.hands[seat]:
                self._start_drawing()
        elif isinstance(action, EndPlays):
            self._events.append(Event.of("chose", seat, choice="end-plays"))
            self._start_drawing()
        elif isinstance(action, Draw):
            if action.pile == DECK:
                card = self.deck.pop()
                self.barrier += 1  # a card only the drawer sees: no undo past it
                self._events.append(Event.of("drew", seat, audience=[seat], secret={"card": card}, pile="deck"))
            else:
                card = self.discards[action.pile].pop()
                self._events.append(Event.of("drew", seat, pile=action.pile, card=card))
                self.known[seat].append(card)
                self.known[seat].sort()
            self.hands[seat].append(card)
            self.hands[seat].sort()
            self.draws_left -= 1
            if self.draws_left <= 0 or not self.legal_actions(seat):
                self._end_turn()
        else:  # pragma: no cover - legal_actions only yields the kinds above
            raise IllegalAction("mg.reason.illegal", kind=action.kind)

    def _take_from_hand(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def _start_drawing(self) -> None:
        self.phase = "draw"
        self._legal = None
        self.draws_left = self.plays
        if not self.legal_actions(self.current):
            self._end_turn()

    def _end_turn(self) -> None:
        """R4/R5: the turn passes; the hand may end."""
        self.turn += 1
        self.barrier += 1
        self._legal = None
        if not self.deck or self.turn >= self.turn_limit:
            self.over = True
            self._events.append(said(None, T("mg.log.hand_over")))
            self._events.append(Event.of("scored", None, points=self.scores()))
            return
        self.current = (self.current + 1) % self.players
        self._events.append(Event.of("turn", self.current))
        self.phase = "play"
        self.plays = 0
        self.draws_left = 0
        self.discarded_to = []

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[int]:
        return [sum(expedition_score(e) for e in self.expeditions[seat]) for seat in range(self.players)]

    def result(self) -> Result:
        breakdown = [[(f"mg.suit.{suit}", float(expedition_score(self.expeditions[seat][suit])))
                      for suit in range(SUITS)] for seat in range(self.players)]
        return Result.from_scores([float(s) for s in self.scores()], breakdown)

    def view(self, seat: int | None) -> "MiniState":
        """Own hand in full; others' hands show only publicly known cards; the deck is face down."""
        v = self.view_of(seat)
        for other in range(self.players):
            if other != seat:
                hidden = len(self.hands[other]) - len(self.known[other])
                v.hands[other] = sorted(self.known[other]) + [UNKNOWN] * hidden
        v.deck = [UNKNOWN] * len(self.deck)
        return v

    # helpers for tests -----------------------------------------------------------------------------
    def all_cards(self) -> list[int]:
        """Every card on the table, in hands and in the deck (for the conservation invariant)."""
        cards = [c for h in self.hands for c in h] + list(self.deck)
        cards += [c for e in self.expeditions for p in e for c in p] + [c for p in self.discards for c in p]
        return sorted(cards)


def determinize_hand(view: State, rng: Rng) -> MiniState:
    """A full hand consistent with ``view``: the unseen cards dealt at random into the unknown slots."""
    assert isinstance(view, MiniState)
    full = view.clone()
    seen = [c for c in view.all_cards() if c != UNKNOWN]
    unseen = full_deck(view.players, bool(view.options.get("wagers")))
    for c in seen:
        unseen.remove(c)
    rng.shuffle(unseen)
    for seat in range(full.players):
        hand = full.hands[seat]
        if UNKNOWN in hand:
            full.hands[seat] = sorted([c for c in hand if c != UNKNOWN]
                                      + [unseen.pop() for c in hand if c == UNKNOWN])
    full.deck = [unseen.pop() if c == UNKNOWN else c for c in full.deck]
    full._legal = None
    full.viewer = None
    full.is_view = False
    return full


def determinize(view: State, rng: Rng) -> State:
    """The game's determinizer: works on a match view or on a single hand's view."""
    if isinstance(view, MatchState):
        return determinize_match(view, rng, determinize_hand)
    return determinize_hand(view, rng)


# --------------------------------------------------------------------------------------------------
# Rules (a match of ``hands`` hands) and package
# --------------------------------------------------------------------------------------------------
class MiniRules(MatchRules):
    id = "minigame"
    name_key = "mg.name"
    version = 1
    min_players = 2
    max_players = 4
    options = (
        Option("wagers", "bool", False, label="mg.opt.wagers"),
        Option("big_hands", "bool", False, label="mg.opt.big_hands", players=(2, 3)),
        Option("hands", "int", 1, label="mg.opt.hands", lo=1, hi=4),
    )
    action_types = (Play, Discard, EndPlays, Draw)

    def hands_in_match(self, players: int, options: Mapping[str, Any]) -> int:
        return int(options.get("hands", 1))

    def new_hand(self, players: int, options: Mapping[str, Any], seed: int, first_player: int,
                 hand_index: int) -> State:
        return MiniState.deal(players, options, seed, first_player)

    def hand_from_json(self, data: JSON) -> State:
        return MiniState.from_json(data)

    # Secrets, declared once (the conformance suite checks them) ------------------------------------
    secrets = ("the other players' hidden cards", "the order of the deck", "the deal of the next hands")

    def twin(self, state: State, seat: int | None, rng: Rng) -> State:
        """From the rules, not from ``view``: the seat keeps its own hand, the cards everyone saw taken
        and the table; the other hands' unseen cards and the deck are dealt again from those same cards,
        and the next hands come from another generator."""
        twin = state.clone()
        hand = twin.hand
        unseen: list[int] = []
        for other in range(hand.players):
            if other != seat:
                rest = list(hand.hands[other])
                for c in hand.known[other]:
                    rest.remove(c)
                unseen += rest
        unseen += hand.deck
        rng.shuffle(unseen)
        for other in range(hand.players):
            if other != seat:
                rest = len(hand.hands[other]) - len(hand.known[other])
                hand.hands[other] = sorted(hand.known[other] + [unseen.pop() for _ in range(rest)])
        hand.deck = [unseen.pop() for _ in hand.deck]
        hand._legal = None
        twin.rng = rng.fork()
        return twin

    def corruptions(self, data: JSON) -> list[tuple[str, JSON]]:
        import copy
        out = []
        hand = data["hand"]
        removed = copy.deepcopy(data)
        holder = next(h for h in removed["hand"]["hands"] if h)
        holder.pop()
        out.append(("cards", removed))
        doubled = copy.deepcopy(data)
        doubled["hand"]["deck"].append(next(c for h in hand["hands"] for c in h))
        out.append(("cards", doubled))
        off = copy.deepcopy(data)
        off["hand"]["expeditions"][0][0].append(99)
        out.append(("cards", off))
        seat = copy.deepcopy(data)
        seat["hand"]["current"] = data["players"] + 3
        out.append(("seat", seat))
        return out

    def validate_state(self, state: State) -> None:
        super().validate_state(state)
        hand = state.hand if isinstance(state, MatchState) else state
        if not 0 <= hand.current < hand.players:
            raise ValueError(f"the player to act, seat {hand.current}, is not a seat of the game")
        if hand.all_cards() != sorted(full_deck(hand.players, bool(hand.options.get("wagers")))):
            raise ValueError("the cards in play are not the deck's cards, each once")

    def match_tiebreak(self, match: MatchState) -> list[Any] | None:
        """R7: best single hand."""
        return [max((r.scores or [0] * match.players)[seat] for r in match.hand_results) if match.hand_results
                else 0 for seat in range(match.players)]


RULES = MiniRules()


def greedy_rollout(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """A cheap rollout policy: prefer extending an expedition in order, avoid starting weak ones."""
    best: list[Action] = []
    best_value = -1e9
    s = state
    for a in actions:
        if isinstance(a, Play):
            pile = s.expeditions[seat][suit_of(a.card)]  # type: ignore[attr-defined]
            gap = rank_of(a.card) - (rank_of(pile[-1]) if pile else 0)
            value = 3 - gap if pile else 1 - rank_of(a.card) / 2
        elif isinstance(a, Discard):
            value = 0.5 - rank_of(a.card) / 10
        elif isinstance(a, Draw):
            value = 0.2 if a.pile == DECK else 0.0
        else:
            value = 0.1
        if value > best_value + 1e-9:
            best, best_value = [a], value
        elif abs(value - best_value) <= 1e-9:
            best.append(a)
    return rng.choice(best)


def make_bot(level: str, seat: int, seed: int, playouts: int | None = None, **_: Any) -> Bot:
    """easy: random; medium/hard: search with 40/200 playouts; "think": search by time budget only
    (``playouts`` fixes hard's and think's budget instead)."""
    if level == "think":
        from game.core.search import SearchBot
        return SearchBot(seat, seed, determinize=determinize, playouts=playouts,
                         seconds=None if playouts else 1.0)
    if level == "hard":
        from game.core.search import SearchBot
        return SearchBot(seat, seed, determinize=determinize, playouts=playouts or 200)
    if level == "medium":
        from game.core.search import SearchBot
        return SearchBot(seat, seed, determinize=determinize, playouts=40)
    return RandomBot(seat, seed)


def _make_package():
    from game.games import GamePackage
    return GamePackage(rules=RULES, make_bot=make_bot, make_scene=None, determinize=determinize,
                       rules_summary=("mg.rules.1",))


GAME = _make_package()


def register() -> None:
    """Make the test game known to the app's registry (``game.games.get("minigame")``)."""
    from game.games import GameEntry, register as _register
    _register(GameEntry("minigame", "minigame", "mg.name", "mg.pitch", (2, 4), (5, 10), package=GAME))


def unregister() -> None:
    from game.games import unregister as _unregister
    _unregister("minigame")


def played_with_undos(steps: int, seed: int = 3):
    """A session of the test card game (a human and a bot seat) played step by step, an undo now and then where the
    rules allow it: yields ``(step, session)`` after each action or undo, until the game ends."""
    from game.core.session import GameSession, Seat
    session = GameSession.new("minigame", RULES, [Seat("Anna", "human", None, 0), Seat("Bot", "bot", "easy", 1)],
                              {}, seed)
    for step in range(steps):
        state = session.state
        if state.is_over():
            return
        seat = state.current_players()[0]
        if step % 7 == 3 and session.can_undo(seat):
            session.undo(seat)
        else:
            legal = state.legal_actions(seat)
            session.apply(legal[step % len(legal)])
        yield step, session
