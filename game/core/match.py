"""A match of several hands: running totals, first-player rotation, tie-breaks (DESIGN.md section 3).

A game played over several hands (or rounds) writes only its single-hand engine and a ``MatchRules``
subclass::

    class MyRules(MatchRules):
        def hands_in_match(self, players, options) -> int: ...
        def new_hand(self, players, options, seed, first_player, hand_index) -> State: ...
        def hand_from_json(self, data) -> State: ...
        def match_tiebreak(self, match) -> list | None: ...   # optional

and gets ``new_state`` / ``state_from_json`` returning a ``MatchState``. The match state is itself a
``State``: the app, the saves and the bots never need to know a game has hands.

When a hand ends its ``Result`` is appended to ``hand_results`` (the finished hand stays available as
``last_hand`` for the end-of-hand screen) and the next hand starts at once, seeded from the match's
own RNG, with the next seat as first player. A new hand raises ``undo_barrier``.
"""
from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Any, Callable, Mapping

from game.core.events import Event, json_once, read_events, said
from game.core.protocol import JSON, Action, IllegalAction, LogEntry, Result, Rules, State, T, Text
from game.core.rng import Rng

if TYPE_CHECKING:
    from game.core.protocol import Part

HAND_KEYS_MAX = 12  # catalog has "match.hand.1" .. "match.hand.12" for breakdown rows


def hand_key(index: int) -> str:
    """Catalog key of the breakdown row of hand ``index`` (0-based)."""
    return f"match.hand.{index + 1}" if index < HAND_KEYS_MAX else "match.hand.more"


def hand_points(result: Result, players: int) -> list[float]:
    """The points a hand adds to the match totals: its scores, or 1 per winner when it has none."""
    if result.scores is not None:
        return list(result.scores)
    return [1.0 if seat in result.winners else 0.0 for seat in range(players)]


def last_part(results: "list[Result]", players: int, key: str) -> "Part | None":
    """The last hand (or round) of a match as the results show it: ``key`` names it (``{number}`` of ``{of}``)."""
    from game.core.protocol import Part
    if not results:
        return None
    last = results[-1]
    return Part(Text.of(key, number=len(results), of=len(results)), hand_points(last, players),
                [list(rows) for rows in last.breakdown])


class MatchRules(Rules):
    """Rules of a game played as a match of several hands. Subclasses write the hand side only."""

    @abstractmethod
    def hands_in_match(self, players: int, options: Mapping[str, Any]) -> int:
        """How many hands the match lasts."""

    @abstractmethod
    def new_hand(self, players: int, options: Mapping[str, Any], seed: int, first_player: int,
                 hand_index: int) -> State:
        """A new hand (``hand_index`` is 0-based) in which ``first_player`` acts first."""

    @abstractmethod
    def hand_from_json(self, data: JSON) -> State:
        """Rebuild a hand from ``State.to_json()``."""

    def match_tiebreak(self, match: "MatchState") -> list[Any] | None:
        """A second key per seat (higher wins) to order seats tied on total; None = shared places."""
        return None

    def first_player_of_match(self, players: int, options: Mapping[str, Any]) -> int:
        """The first player of hand 0; it then rotates one seat per hand."""
        return 0

    # Rules -----------------------------------------------------------------------------------
    def new_state(self, players: int, options: Mapping[str, Any], seed: int) -> "MatchState":
        return MatchState.start(self, players, options, seed)

    def state_from_json(self, data: JSON) -> "MatchState":
        return MatchState.from_json(self, data)


class MatchState(State):
    """A match in progress: the current hand plus what the finished hands left behind."""

    def __init__(self, rules: MatchRules, players: int, options: Mapping[str, Any], n_hands: int,
                 rng: Rng, hand: State, hand_index: int = 0, first_of_match: int = 0,
                 totals: list[float] | None = None, hand_results: list[Result] | None = None,
                 barrier_base: int = 0,
                 last_hand: State | None = None, past_events: list[Event] | None = None):
        self.rules = rules
        self.players = players
        self.options = dict(options)
        self.n_hands = n_hands
        self.rng = rng
        self.hand = hand
        self.hand_index = hand_index
        self.first_of_match = first_of_match
        self.totals: list[float] = list(totals) if totals is not None else [0] * players
        self.hand_results: list[Result] = list(hand_results or [])
        self.barrier_base = barrier_base
        self.last_hand = last_hand
        #: the finished hands' events and the match's own (a hand begins, a hand ends), log lines included
        self.past_events: list[Event] = list(past_events or [])

    # Construction ------------------------------------------------------------------------------
    @classmethod
    def start(cls, rules: MatchRules, players: int, options: Mapping[str, Any], seed: int) -> "MatchState":
        rng = Rng(seed)
        n = rules.hands_in_match(players, options)
        if n < 1:
            raise ValueError("a match needs at least one hand")
        first = rules.first_player_of_match(players, options) % players
        hand = rules.new_hand(players, options, rng.next64(), first, 0)
        log = [said(None, T("match.log.hand_start", hand=1, hands=n))] if n > 1 else []
        return cls(rules, players, options, n, rng, hand, 0, first, past_events=log)

    def first_player_of_hand(self, hand_index: int) -> int:
        """R: the first player moves one seat on each hand."""
        return (self.first_of_match + hand_index) % self.players

    # State protocol: delegation to the current hand ---------------------------------------------
    @property
    def undo_barrier(self) -> int:  # type: ignore[override]
        return self.barrier_base + self.hand.undo_barrier

    def current_players(self) -> tuple[int, ...]:
        return () if self.is_over() else self.hand.current_players()

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        return [] if self.is_over() else self.hand.legal_actions(seat)

    def is_legal(self, action: Action) -> bool:
        return not self.is_over() and self.hand.is_legal(action)

    def check(self, action: Action) -> Text | None:
        """The hand's own reason (not the default's "not listed": a hand may list one of several equal
        forms of an action and accept the others)."""
        if self.is_over():
            return T("match.reason.over")
        return self.hand.check(action)

    def apply(self, action: Action) -> None:
        if self.is_over():
            raise IllegalAction("match.reason.over")
        self.hand.apply(action)
        if self.hand.is_over():
            self._finish_hand()

    def _finish_hand(self) -> None:
        result = self.hand.result()
        self.hand_results.append(result)
        for seat, pts in enumerate(hand_points(result, self.players)):
            self.totals[seat] += pts
        self.past_events.extend(self.hand.events)
        self.past_events.extend(said(line.seat, line.text) for line in self.hand_end_log())
        self.past_events.append(Event.of("ended", what="hand", hand=self.hand_index,
                                         points=hand_points(result, self.players)))
        self.last_hand = self.hand
        if len(self.hand_results) < self.n_hands:
            self.barrier_base = self.undo_barrier + 1  # a new deal: nothing before it can be undone
            self.hand_index += 1
            self.hand = self.next_hand(self.rng.next64())
            self.past_events.extend(said(line.seat, line.text) for line in self.hand_start_log())

    # Hooks for games whose hands are told or dealt differently ----------------------------------
    def next_hand(self, seed: int) -> State:
        """The hand ``hand_index`` (just incremented), dealt from ``seed``."""
        return self.rules.new_hand(self.players, self.options, seed, self.first_player_of_hand(self.hand_index),
                                   self.hand_index)

    def hand_end_log(self) -> list[LogEntry]:
        if self.n_hands <= 1:
            return []
        return [LogEntry(None, T("match.log.hand_end", hand=self.hand_index + 1, hands=self.n_hands))]

    def hand_start_log(self) -> list[LogEntry]:
        return [LogEntry(None, T("match.log.hand_start", hand=self.hand_index + 1, hands=self.n_hands))]

    def is_over(self) -> bool:
        return len(self.hand_results) >= self.n_hands

    def log_viewer(self) -> int | None:
        return self.hand.log_viewer()

    @property
    def events(self) -> list[Event]:
        if self.is_over():
            return list(self.past_events)
        return self.past_events + list(self.hand.events)

    def result(self) -> Result:
        """Match totals; breakdown = points of each hand; ranks use the rules' tie-break."""
        breakdown = [[(hand_key(i), hand_points(r, self.players)[seat]) for i, r in enumerate(self.hand_results)]
                     for seat in range(self.players)]
        tiebreak = self.rules.match_tiebreak(self)
        base = Result.from_scores(self.totals)
        res = Result.from_scores(self.totals, breakdown, tiebreak=tiebreak)
        if tiebreak is not None and len(base.winners) > 1 and len(res.winners) < len(base.winners):
            said = getattr(self.rules, "match_tiebreak_how", None)      # the game names its tie-break, when it can
            res.how = (said(self, res.winners) if said is not None else None) or Text.of("match.how.tiebreak")
        res.stats["match.stat.hands_won"] = [sum(1 for r in self.hand_results if seat in r.winners)
                                             for seat in range(self.players)]
        res.final = last_part(self.hand_results, self.players, "match.final")
        return res

    def view(self, seat: int | None) -> "MatchState":
        """The hand (and the finished hand) as ``seat`` sees them; the match RNG is replaced by a
        meaningless one, so no one can foresee the next deal."""
        return type(self)(self.rules, self.players, self.options, self.n_hands, Rng(0), self.hand.view(seat),
                          self.hand_index, self.first_of_match, self.totals, self.hand_results,
                          self.barrier_base, self.last_hand.view(seat) if self.last_hand is not None else None,
                          [e.seen_by(seat) for e in self.past_events])

    def clone(self) -> "MatchState":
        return type(self)(self.rules, self.players, self.options, self.n_hands, Rng.from_state(self.rng.s),
                          self.hand.clone(), self.hand_index, self.first_of_match, self.totals,
                          self.hand_results, self.barrier_base, self.last_hand, self.past_events)

    # Persistence -------------------------------------------------------------------------------
    def to_json(self) -> JSON:
        return {"type": "match", "players": self.players, "options": dict(self.options),
                "hands": self.n_hands, "hand_index": self.hand_index, "first_of_match": self.first_of_match,
                "rng": self.rng.state(), "totals": list(self.totals),
                "hand_results": [r.to_json() for r in self.hand_results],
                "barrier_base": self.barrier_base,
                "hand": self.hand.to_json(),
                "last_hand": self.last_hand.to_json() if self.last_hand is not None else None,
                "events": json_once(self, "events", self.past_events)}

    @classmethod
    def from_json(cls, rules: MatchRules, data: JSON) -> "MatchState":
        if not isinstance(data, dict) or data.get("type") != "match":
            raise ValueError("not a match state")
        last = data.get("last_hand")
        return cls(rules, int(data["players"]), dict(data["options"]), int(data["hands"]),
                   Rng.from_state(data["rng"]), rules.hand_from_json(data["hand"]), int(data["hand_index"]),
                   int(data.get("first_of_match", 0)), list(data["totals"]),
                   [Result.from_json(r) for r in data["hand_results"]],
                   int(data["barrier_base"]),
                   rules.hand_from_json(last) if last is not None else None,
                   read_events(data))   # a save from before the log was events: its lines under "log"


def determinize_match(view: MatchState, rng: Rng, hand_determinizer: Callable[[State, Rng], State]) -> MatchState:
    """A full match consistent with ``view``: its hand determinized by the game, its RNG reseeded."""
    full = view.clone()
    full.hand = hand_determinizer(view.hand, rng)
    full.rng = rng.fork()
    return full
