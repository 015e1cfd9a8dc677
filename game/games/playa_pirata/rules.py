"""Playa Pirata: the rules engine (spec /work/shared/rules/playa-pirata.md; rule ids in comments).

``PlayaHand`` is one hand (deal, optional two-hands seating choice, optional special-card draft, the
rounds, the starting player's final turn, scoring); ``PlayaRules`` is a ``MatchRules`` whose matches are
``PlayaMatch`` (a ``MatchState`` that also asks the worst player of hand 1 for a seat in hand 2, V2, V3,
and draws the first starting player from the seed, R6).

Canonical actions (what ``legal_actions`` lists; ``apply``/``is_legal`` also accept equivalent forms):
- towel groups are given by their *values*, highest first (``PlayTowels.values == (3, 1)``): cards of
  one colour and value are interchangeable, so one action per multiset of values and target; the
  engine plays the lowest ids of those values. At most (4+1)^3 - 1 = 124 multisets per target.
- treasures are listed once per kind (the first id of the two 5s, of the four skulls...); burying the
  other id of the same kind is equally legal.

Knowledge carried by views: every buried treasure has ``known_by`` (public: who buried it or looked at
it with Spyglass/Bucket); its face is shown to those seats, to everyone once face up (Map, R13) and at
scoring (R32). A Lifeguard look is kept in ``looks`` (the seen cards only for the looker), the draft
packet each seat received in ``draft_seen`` (own only). ``determinize`` samples the hidden cards under
exactly these constraints.

Events (``game.core.events``; ``PlayaHand.events``, saved under "events", filtered by ``view``/``events_for``):
every applied action adds at least one, in this order of what happened. Beach indices are ``spot`` (0 = the
central treasure, R3); ``target`` is a beach index except for the Lifeguard (a seat). A secret field is
told only to ``audience``; ``twin_hand`` tells the other seats' secrets again from the re-dealt cards.

    dealt     (table) ``what`` "table": ``hand`` (index), ``order``, ``central`` (0), ``removed`` (treasures
              removed unseen, R3), ``specials`` (packet size, V4; 0 without the variant), ``specials_removed``
    dealt     (seat) ``what`` "hand": ``count``, ``pirates``, ``towels`` (ids, public); secret ``cards`` (its
              treasure ids, R2) to the seat
    dealt     (seat) ``what`` "packet": the draft packet handed to a drafter (V4, V5): ``count``, ``frm`` (the
              seat that passed it, None from the deal); secret ``cards`` to the drafter
    turn      (seat) the seat to act now: ``phase`` (seating/draft/round/final), ``round``, ``step``
    round     (table) ``round``, ``rounds``, ``final`` (true: the starting player's final turn, R28)
    chose     (seat) ``choice`` "position" (V3): ``position`` (1-based), ``order`` (the new turn order)
    chose     (seat) ``choice`` "special" (V5 draft pick): ``left`` (cards left in the packet); secret ``card``
              and ``lifeguard_target`` (-1: none; V13 at the start of the game) to the picker
    discarded (seat) ``what`` "special": the starting player removes the last card of the packet unseen (V5)
    buried    (seat) ``spot``, ``flag`` (the Flag played with it, V11); secret ``treasure`` to the burier
    played    (seat) ``what`` "pirate": ``card``, ``pirate`` (spyglass/map/umbrella), ``target`` (-1: none),
              ``effect`` ("look", "face-up", "umbrella", "aside" R16, "wasted" A28, "none")
    played    (seat) ``what`` "towels": ``cards`` (ids as laid, bottom to top: the lowest ends on top, R22),
              ``values`` (highest first), ``target``, ``top`` (the top value now), ``final`` (R28)
    played    (seat) ``what`` "special": ``card``, ``target``, ``frm`` (Flip-flops: the umbrella's old spot,
              else -1), ``towel`` (Piggy bank: the card taken back, else ""), ``start`` (the Lifeguard played
              at the start of the game, V13)
    revealed  (seat) ``what`` "treasure": ``spot``, ``by`` ("spyglass", "bucket": secret ``treasure`` to the
              seats that know its face now, ``known_by``: the looker, the burier, earlier lookers; "map":
              public ``treasure``, turned face up for everyone, R13)
    revealed  (seat) ``what`` "hand" (Lifeguard, V13): ``target`` (seat), ``count``; secret ``cards`` to the
              looker
    revealed  (seat) ``what`` "towels" (R24, no legal play): ``cards``, ``values`` (the towels in hand)
    ended     (seat) ``what`` "turn": ``groups`` (spots that got a towel group), ``final``
    revealed  (table) ``what`` "beach" (R32, at scoring): ``treasures`` (the id of every spot, by index)
    revealed  (seat) ``what`` "special" (V6, at scoring): ``card`` (a kept card)
    took      (seat) ``what`` "treasure" (R29, R30): ``spot``, ``treasure``, ``points`` (R33, R34; null for a
              skull, scored as a set by R35), ``how`` ("umbrella" or "towel")
    unclaimed (table) ``what`` "treasure" (R31, at scoring, in beach order with ``took``): ``spot``, ``treasure``
              (no towel and no umbrella on it: nobody takes it)
    scored    (seat) ``points`` (the hand score, R38), ``rows`` ([catalog key, points] as ``score_rows``),
              ``taken`` ([spot, points or null] of each treasure taken)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping, Sequence

from game.core.events import Event, json_once, read_events, said
from game.core.match import MatchRules, MatchState, determinize_match
from game.core.protocol import (JSON, Action, IllegalAction, LogEntry, Option, Result, State, T, Text)
from game.core.rng import Rng
from game.games.playa_pirata.cards import (
    BUCKET, DOUBLE, FLAG, KEPT_SPECIALS, LIFEGUARD, PARROT, PIGGY, PIRATE_KIND,
    SANDCASTLE, SKELETON, SLIPPERS, SPECIAL_BONUS, SPECIAL_IDS, TOWEL_COLOUR, TOWEL_VALUE, TREASURE_IDS,
    TREASURE_KIND, TREASURE_VALUE, TREASURES_PER_PLAYER, UNKNOWN, WAVE, colour_text, list_text,
    pirate_ids, rounds_in_hand, skull_points, special_text, towel_ids, towel_treasure_points,
    treasure_canonical, treasure_text)

# Phases of a hand
SEATING, DRAFT, ROUND, FINAL, OVER = "seating", "draft", "round", "final", "over"
# Steps of a turn (ROUND / FINAL phases): A = action card, B = towels, END = only extras left
STEP_A, STEP_B, STEP_END = "A", "B", "end"

MATCH_FORMATS = ("full", "two-hands", "single-hand")
FIRST_PLAYER_CHOICES = ("random", "seat-1", "seat-2", "seat-3", "seat-4")  # R6, A25: set at the table


# ==================================================================================================
# Actions
# ==================================================================================================
@dataclass(frozen=True)
class ChoosePosition(Action):
    """V2, V3: the worst player of hand 1 picks their turn position for hand 2 (1 = starting player)."""
    kind: ClassVar[str] = "pp.position"
    position: int = 1


@dataclass(frozen=True)
class DraftPick(Action):
    """V4, V5: keep ``card`` from the packet. ``lifeguard_target`` >= 0 (only with the Lifeguard) plays it
    "at the start of the game" on that seat once the draft is over (V13)."""
    kind: ClassVar[str] = "pp.draft"
    card: str = ""
    lifeguard_target: int = -1


@dataclass(frozen=True)
class BuryTreasure(Action):
    """R10 (round 1 or step A). ``flag`` plays the Flag with it (V11)."""
    kind: ClassVar[str] = "pp.bury"
    card: str = ""
    flag: bool = False


@dataclass(frozen=True)
class PlayPirate(Action):
    """R11, R12, R13, R14, R15, R16: ``card`` is a pirate id; ``target`` a beach index, -1 = no target
    (Spyglass/Map unused, Umbrella aside by R16 or without effect by A28)."""
    kind: ClassVar[str] = "pp.pirate"
    card: str = ""
    target: int = -1


@dataclass(frozen=True)
class PlayTowels(Action):
    """R18, R19, R20, R21, R22 / R28: one group, given by its values (highest first), onto beach index
    ``target``."""
    kind: ClassVar[str] = "pp.towels"
    target: int = 0
    values: tuple[int, ...] = ()


@dataclass(frozen=True)
class ShowHand(Action):
    """R24: no legal towel play: show the towels and skip step B."""
    kind: ClassVar[str] = "pp.show"


@dataclass(frozen=True)
class EndTurn(Action):
    """End the turn (after at least one group; in the final turn also with none)."""
    kind: ClassVar[str] = "pp.end"


@dataclass(frozen=True)
class PlaySpecial(Action):
    """V10, V12, V13, V14, V15, V16: ``target`` is a beach index (a seat for the Lifeguard); ``towel`` the
    card the Piggy bank takes back."""
    kind: ClassVar[str] = "pp.special"
    card: str = ""
    target: int = -1
    towel: str = ""


ACTION_TYPES: tuple[type[Action], ...] = (ChoosePosition, DraftPick, BuryTreasure, PlayPirate, PlayTowels,
                                          ShowHand, EndTurn, PlaySpecial)

_INTERNED: dict[tuple, Action] = {}


def _act(cls: type, seat: int, *args: Any) -> Action:
    """One object per distinct action (fast membership tests in searches)."""
    key = (cls, seat) + args
    a = _INTERNED.get(key)
    if a is None:
        a = _INTERNED[key] = cls(seat, *args)
    return a


# Towel multisets: counts (ones, twos, threes) in hand -> [(total, values)] sorted by total --------------
_GROUPS: dict[tuple[int, int, int], list[tuple[int, tuple[int, ...]]]] = {}


def towel_groups(ones: int, twos: int, threes: int) -> list[tuple[int, tuple[int, ...]]]:
    """Every non-empty multiset of values a hand with these counts can play, as (total, values)."""
    key = (ones, twos, threes)
    groups = _GROUPS.get(key)
    if groups is None:
        groups = []
        for c in range(threes + 1):
            for b in range(twos + 1):
                for a in range(ones + 1):
                    if a or b or c:
                        groups.append((a + 2 * b + 3 * c, (3,) * c + (2,) * b + (1,) * a))
        groups.sort()
        _GROUPS[key] = groups
    return groups


def group_need(top_value: int, double: bool = False, parrot: bool = False) -> int:
    """The least total of a towel group on a pile whose top card has ``top_value`` (0: an empty pile).

    R21: any group on an empty pile, else strictly more than the top card (only the top card counts);
    V10: the Double beach towel asks one more; V16 (A21): the Parrot's treasure one less, so equal is
    enough, and both together ask top + 1. A30: an empty pile takes any group, Double or not.
    """
    if top_value <= 0:
        return 1
    return top_value + 1 + (1 if double else 0) - (1 if parrot else 0)


_REACHING: dict[tuple[tuple[int, int, int], int], tuple[tuple[int, ...], ...]] = {}


def groups_reaching(counts: tuple[int, int, int], need: int) -> tuple[tuple[int, ...], ...]:
    """The groups (values, highest first) a hand with these counts of 1s, 2s and 3s can play where a
    total of ``need`` is asked (R19: one group of one or more cards; R21), by total (cached)."""
    key = (counts, need)
    groups = _REACHING.get(key)
    if groups is None:
        groups = _REACHING[key] = tuple(values for total, values in towel_groups(*counts) if total >= need)
    return groups


def legal_towel_groups(hand: "PlayaHand", seat: int,
                       after_step_a: bool = False) -> list[tuple[int, tuple[int, ...]]]:
    """Every towel group ``seat`` may play now, as (beach index, values highest first): the engine's
    towel rules in one place (R18, R19, R20, R21, R22, R25, R28, V10, V16, A29, A30). The legal
    ``PlayTowels`` actions are exactly these; bots may prune them. ``after_step_a``: as they will be
    once this step A is played (a turn still in step A; a treasure buried then is not counted)."""
    counts = hand.towel_counts(seat)
    return [(i, values) for i, need in hand.towel_targets(seat, after_step_a)
            for values in groups_reaching(counts, need)]


_GROUP_ACTS: dict[tuple[int, int, tuple[int, int, int], int], list[Action]] = {}
_GROUP_ACTS_MAX = 50_000


def _group_actions(seat: int, target: int, counts: tuple[int, int, int], need: int) -> list[Action]:
    """The PlayTowels actions of a hand with these counts on a target that needs ``need`` (cached)."""
    key = (seat, target, counts, need)
    acts = _GROUP_ACTS.get(key)
    if acts is None:
        if len(_GROUP_ACTS) >= _GROUP_ACTS_MAX:
            _GROUP_ACTS.clear()
        acts = _GROUP_ACTS[key] = [_act(PlayTowels, seat, target, values)
                                   for values in groups_reaching(counts, need)]
    return acts


# ==================================================================================================
# The beach
# ==================================================================================================
class Spot:
    """One buried treasure: the card, its pile (bottom -> top) and its markers."""

    __slots__ = ("treasure", "pile", "umbrella", "face_up", "known_by", "buried_by", "seq", "flag", "double")

    def __init__(self, treasure: str, buried_by: int | None, seq: int, known_by: Sequence[int] = (),
                 flag: bool = False):
        self.treasure = treasure
        self.pile: list[str] = []
        self.umbrella: int | None = None     # seat whose umbrella is on it
        self.face_up = False
        self.known_by: list[int] = sorted(known_by)   # seats that know the face (public list)
        self.buried_by = buried_by           # None: the central treasure (R3)
        self.seq = seq                       # burial number (0 = central)
        self.flag = flag                     # V11
        self.double = False                  # V10

    @property
    def top(self) -> str | None:
        return self.pile[-1] if self.pile else None

    @property
    def top_value(self) -> int:
        return TOWEL_VALUE[self.pile[-1]] if self.pile else 0

    @property
    def occupant(self) -> int | None:
        """Who occupies it: the umbrella's owner, else the colour of the top card (R29, R30, R31); nobody
        when it has neither (A13)."""
        if self.umbrella is not None:
            return self.umbrella
        return TOWEL_COLOUR[self.pile[-1]] if self.pile else None

    def copy(self) -> "Spot":
        s = Spot.__new__(Spot)
        s.treasure, s.pile, s.umbrella, s.face_up = self.treasure, list(self.pile), self.umbrella, self.face_up
        s.known_by, s.buried_by, s.seq = list(self.known_by), self.buried_by, self.seq
        s.flag, s.double = self.flag, self.double
        return s

    def to_json(self) -> JSON:
        return {"treasure": self.treasure, "pile": list(self.pile), "umbrella": self.umbrella,
                "face_up": self.face_up, "known_by": list(self.known_by), "buried_by": self.buried_by,
                "seq": self.seq, "flag": self.flag, "double": self.double}

    @staticmethod
    def from_json(d: JSON) -> "Spot":
        s = Spot(str(d["treasure"]), d["buried_by"], int(d["seq"]), d["known_by"], bool(d["flag"]))
        s.pile = [str(c) for c in d["pile"]]
        s.umbrella = d["umbrella"]
        s.face_up = bool(d["face_up"])
        s.double = bool(d["double"])
        return s


# ==================================================================================================
# One hand
# ==================================================================================================
_FIELDS_COPY = ("players", "special", "hand_index", "n_rounds", "phase", "round", "turn_pos", "current",
                "step", "parrot", "burials", "chooser", "draft_step", "special_discard", "pending_lifeguard",
                "barrier", "viewer", "is_view", "scores")


class PlayaHand(State):
    """One hand of Playa Pirata (the full state, or a seat's view when ``is_view``).

    Public surface for scenes and bots (read-only outside this module):
      players, special (variant on), hand_index, order (turn order, order[0] = starting player),
      phase (seating/draft/round/final/over), round (1..n_rounds), n_rounds, current, step (A/B/end),
      groups (beach indices that got a group this turn), parrot (beach index or -1),
      treasures[seat] (ids, UNKNOWN for hidden), pirates[seat] (ids, public), towels[seat] (ids, public),
      beach (list of Spot; beach[0] is the central treasure), removed (UNKNOWN in views),
      discard (pirate cards played, in order), umbrella_aside[seat] (R16), umbrella_wasted[seat] (A28),
      special_hand[seat] (id, UNKNOWN or None), special_played [(seat, card)], packet, draft_seen,
      looks [[looker, target, seen cards, burials at the time]], chooser (seating), scores/breakdown.
    """

    def __init__(self) -> None:  # use PlayaHand.deal or from_json
        self.players = 2
        self.special = False
        self.hand_index = 0
        self.order: list[int] = []
        self.n_rounds = 0
        self.phase = ROUND
        self.round = 1
        self.turn_pos = 0
        self.current = 0
        self.step = STEP_A
        self.groups: list[int] = []
        self.shown = False
        self.start_occupied: list[int] = []
        self.parrot = -1
        self.treasures: list[list[str]] = []
        self.pirates: list[list[str]] = []
        self.towels: list[list[str]] = []
        self.beach: list[Spot] = []
        self.removed: list[str] = []
        self.discard: list[str] = []
        self.burials = 0
        self.umbrella_aside: list[bool] = []
        self.umbrella_wasted: list[bool] = []
        self.chooser = -1
        self.special_hand: list[str | None] = []
        self.special_played: list[tuple[int, str]] = []
        self.special_deal_removed: list[str] = []
        self.special_discard: str | None = None
        self.packet: list[str] = []
        self.draft_step = 0
        self.draft_seen: list[list[str] | None] = []
        self.pending_lifeguard: tuple[int, int] | None = None
        self.looks: list[list[Any]] = []
        self.barrier = 0
        self._events: list[Event] = []
        self.viewer: int | None = None
        self.is_view = False
        self.scores: list[int] | None = None
        self.breakdown: list[list[tuple[str, float]]] = []
        self._legal: list[Action] | None = None
        self._legal_set: frozenset[int] | None = None   # ids of the listed (interned) actions

    # ----------------------------------------------------------------------------------------------
    # Setup R1, R2, R3, R4, R5, R6, V4
    # ----------------------------------------------------------------------------------------------
    @classmethod
    def deal(cls, players: int, options: Mapping[str, Any], seed: int, first_player: int = 0,
             hand_index: int = 0, seating: bool = False) -> "PlayaHand":
        """R1, R2, R3 (and V4's packet). ``seating``: hand 2 of a two-hands match waits for the worst
        player's choice of position (``begin_seating``) before the draft or round 1."""
        if players not in TREASURES_PER_PLAYER:
            raise ValueError("Playa Pirata is for 2 to 4 players")
        s = cls()
        rng = Rng(seed)
        s.players = players
        s.special = bool(options.get("special-cards", False))
        s.hand_index = hand_index
        s.order = [(first_player + k) % players for k in range(players)]  # R7: clockwise from the starter
        s.n_rounds = rounds_in_hand(players)
        # R1 colours, R2 treasures, R3 central + removed
        s.pirates = [pirate_ids(seat) for seat in range(players)]
        s.towels = [towel_ids(seat) for seat in range(players)]
        deck = list(TREASURE_IDS)
        rng.shuffle(deck)
        per = TREASURES_PER_PLAYER[players]
        s.treasures = [sorted(deck[k * per:(k + 1) * per]) for k in range(players)]
        left = deck[players * per:]
        s.beach = [Spot(left[0], None, 0)]
        s.removed = sorted(left[1:])
        s.umbrella_aside = [False] * players
        s.umbrella_wasted = [False] * players
        s.special_hand = [None] * players
        s.draft_seen = [None] * players
        if s.special:
            specials = list(SPECIAL_IDS)
            rng.shuffle(specials)
            s.packet = specials[:players + 1]
            s.special_deal_removed = sorted(specials[players + 1:])
        s._say(None, T("pp.log.deal", removed=len(s.removed)))
        s._tell("dealt", None, what="table", hand=hand_index, order=list(s.order), central=0,
                removed=len(s.removed), specials=len(s.packet), specials_removed=len(s.special_deal_removed))
        for seat in range(players):
            s._tell("dealt", seat, [seat], {"cards": sorted(s.treasures[seat])}, what="hand",
                    count=len(s.treasures[seat]), pirates=list(s.pirates[seat]), towels=list(s.towels[seat]))
        if seating:
            s.phase = SEATING
            s.current = s.order[0]
        else:
            s._start_hand()
        return s

    def _start_hand(self) -> None:
        self._say(None, T("pp.log.starter", player=colour_text(self.order[0])))
        if self.special:
            self._start_draft()
        else:
            self._start_round(1)

    def begin_seating(self, chooser: int) -> None:
        """V2: before anything else, ``chooser`` picks their position (called by PlayaMatch)."""
        self.phase = SEATING
        self.chooser = chooser
        self.current = chooser
        self._say(None, T("pp.log.seating_ask", player=colour_text(chooser)))
        self._tell_turn()
        self._dirty()

    @property
    def drafters(self) -> list[int]:
        """V4, V5: the second player drafts first, the starting player last."""
        return self.order[1:] + self.order[:1]

    def _start_draft(self) -> None:
        self.phase = DRAFT
        self.draft_step = 0
        first = self.drafters[0]
        self.current = first
        self.draft_seen[first] = list(self.packet)
        self._say(None, T("pp.log.draft_start", player=colour_text(first), cards=len(self.packet)))
        self._tell_packet(first, None)
        self._tell_turn()
        self._dirty()

    def _start_round(self, number: int) -> None:
        self.phase = ROUND
        self.round = number
        self.turn_pos = 0
        self._say(None, T("pp.log.round", round=number, rounds=self.n_rounds))
        self._tell("round", None, round=number, rounds=self.n_rounds, final=False)
        self._begin_turn(self.order[0])
        self._tell_turn()

    def _begin_turn(self, seat: int) -> None:
        self.current = seat
        self.step = STEP_B if self.phase == FINAL else STEP_A
        self.groups = []
        self.shown = False
        self.parrot = -1
        # R14: treasures occupied at the start of the turn (umbrella targets)
        self.start_occupied = [i for i, sp in enumerate(self.beach)
                               if sp.umbrella is None and sp.pile and TOWEL_COLOUR[sp.pile[-1]] == seat]
        self._dirty()

    # ----------------------------------------------------------------------------------------------
    # Protocol
    # ----------------------------------------------------------------------------------------------
    @property
    def undo_barrier(self) -> int:  # type: ignore[override]
        return self.barrier

    def current_players(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.current,)

    def is_over(self) -> bool:
        return self.phase == OVER

    def _dirty(self) -> None:
        self._legal = None
        self._legal_set = None

    #: a hand played out inside a bot's search (``silent``) writes no log line and records no event: nobody
    #: reads them, and a search plays thousands of hands (never saved: a copy made by the bot only)
    silent = False

    def _say(self, audience: int | None, text: Text, seat: int | None = None) -> None:
        if not self.silent:
            self._events.append(said(seat, text, audience))   # a private line: only its audience has the text

    def _tell(self, kind: str, seat: int | None, audience: Sequence[int] | None = None,
              secret: dict[str, Any] | None = None, **data: Any) -> None:
        """Record an event (the kinds and fields are in the module docstring). As ``Event.of`` but quicker
        (searches apply thousands of actions): values are flat, lists of lists come as tuples already."""
        if self.silent:
            return
        self._events.append(Event(
            kind, seat, tuple(sorted((k, tuple(v) if type(v) is list else v) for k, v in data.items())),
            tuple(sorted((k, tuple(v) if type(v) is list else v) for k, v in secret.items())) if secret else (),
            tuple(sorted(set(audience))) if audience is not None else None))

    def _tell_turn(self) -> None:
        self._tell("turn", self.current, phase=self.phase, round=self.round, step=self.step)

    def _tell_packet(self, drafter: int, frm: int | None) -> None:
        self._tell("dealt", drafter, [drafter], {"cards": sorted(self.packet)}, what="packet",
                   count=len(self.packet), frm=frm)

    # Queries a scene may use ---------------------------------------------------------------------
    def action_cards(self, seat: int) -> int:
        """Treasures + pirates still in hand (R5)."""
        return len(self.treasures[seat]) + len(self.pirates[seat])

    def towel_counts(self, seat: int) -> tuple[int, int, int]:
        ones = twos = threes = 0
        for c in self.towels[seat]:
            v = TOWEL_VALUE[c]
            if v == 1:
                ones += 1
            elif v == 2:
                twos += 1
            else:
                threes += 1
        return ones, twos, threes

    def need(self, seat: int, index: int, parrot: bool | None = None) -> int | None:
        """The smallest group total ``seat`` may play on beach ``index`` (None: not eligible, R15 / R20).

        ``group_need``: R21 (beat the top card), V10 (one more with the Double beach towel), V16 (the
        Parrot: equal is enough); ``parrot`` says whether a Parrot applies there (default: the Parrot
        ``seat`` played this turn, if on ``index``).
        """
        sp = self.beach[index]
        if sp.umbrella is not None:
            return None
        if parrot is None:
            parrot = self.parrot == index and seat == self.current
        return group_need(TOWEL_VALUE[sp.pile[-1]] if sp.pile else 0, sp.double, parrot)

    def towel_targets(self, seat: int, after_step_a: bool = False) -> list[tuple[int, int]]:
        """The treasures ``seat`` may play a towel group on now, with the total each needs: its turn,
        round 2 or later (R8), step B (R9; ``after_step_a``: also in step A, as it will be), towels in
        hand (R24, R26), no umbrella (R15), any buried treasure (R20), one group per treasure and two
        treasures a turn (R19, A29), one in the final turn (R28)."""
        if seat != self.current or not self.may_play_towels() or not self.towels[seat]:
            return []
        if self.step != STEP_B and not (after_step_a and self.phase == ROUND and self.step == STEP_A):
            return []
        out = []
        for i in range(len(self.beach)):  # A6: the central one too; A7: one the seat occupies too
            if i in self.groups:
                continue
            need = self.need(seat, i)
            if need is not None:
                out.append((i, need))
        return out

    def towel_turns_left(self) -> list[int]:
        """Per seat, the turns in which it may still play towels after the current one: one a round to
        the last (R5, R27), none in round 1 (R8), and the starting player's final turn (R28)."""
        n = self.players
        if self.phase != ROUND:
            return [0] * n
        out = []
        for x in range(n):
            pos = self.order.index(x)
            t = self.n_rounds - self.round + (1 if pos > self.turn_pos else 0)
            if self.round == 1 and pos > self.turn_pos:
                t -= 1  # round 1 has no towels
            if x == self.order[0]:
                t += 1
            out.append(max(0, t))
        return out

    def treasure_points(self, index: int) -> int | None:
        """What the treasure on beach ``index`` scores for whoever takes it: a number its value (R33), the
        towel treasure 2 a card of its pile, at most 8 (R34); None for a skull, scored as a set (R35)."""
        card = self.beach[index].treasure
        kind = TREASURE_KIND.get(card)
        if kind == "number":
            return TREASURE_VALUE[card]
        if kind == "towel":
            return towel_treasure_points(len(self.beach[index].pile))
        return None

    def occupies_any(self, seat: int) -> bool:
        return any(sp.occupant == seat for sp in self.beach)

    def umbrella_spot(self, seat: int) -> int:
        for i, sp in enumerate(self.beach):
            if sp.umbrella == seat:
                return i
        return -1

    def treasure_visible_to(self, index: int, seat: int | None) -> bool:
        sp = self.beach[index]
        return sp.face_up or self.phase == OVER or (seat is not None and seat in sp.known_by)

    # Legal actions -------------------------------------------------------------------------------
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if seat is None:
            seat = self.current
        if self.phase == OVER or seat != self.current:
            return []
        if self._legal is None:
            self._legal = self._compute_legal(seat)
            self._legal_set = None
        return list(self._legal)

    def _is_listed(self, action: Action) -> bool:
        """Is ``action`` (or its canonical form) in the legal list? Identity first: the listed actions
        are interned, so a bot's choice is found without hashing a thousand dataclasses."""
        if self._legal is None:
            self.legal_actions(self.current)
        if self._legal_set is None:
            self._legal_set = frozenset(map(id, self._legal or ()))
        if id(action) in self._legal_set:
            return True
        return self.canonical(action) in (self._legal or ())

    def _compute_legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == SEATING:
            return [_act(ChoosePosition, seat, p) for p in range(1, self.players + 1)]
        if phase == DRAFT:
            acts: list[Action] = []
            for card in sorted(set(self.packet)):
                if card == UNKNOWN:
                    continue
                acts.append(_act(DraftPick, seat, card, -1))
                if card == LIFEGUARD:
                    acts.extend(_act(DraftPick, seat, card, t) for t in range(self.players) if t != seat)
            return acts
        acts = []
        step = self.step
        if phase == ROUND and step == STEP_A:
            acts.extend(self._step_a_actions(seat))
        elif step == STEP_B:
            towel_acts = self._towel_actions(seat)
            acts.extend(towel_acts)
            if phase == FINAL or self.groups:  # A15: the final turn may end with no card
                acts.append(_act(EndTurn, seat))
            elif not towel_acts:
                acts.append(_act(ShowHand, seat))
        else:  # STEP_END
            acts.append(_act(EndTurn, seat))
        if self.special:
            acts.extend(self.special_actions(seat))
        return acts

    def _step_a_actions(self, seat: int) -> list[Action]:
        acts: list[Action] = []
        flag = self.special and self.special_hand[seat] == FLAG
        for card in self.burial_choices(seat):
            acts.append(_act(BuryTreasure, seat, card, False))
            if flag:
                acts.append(_act(BuryTreasure, seat, card, True))  # V11
        if self.round == 1:
            return acts  # R8
        for card in self.pirates[seat]:
            acts.extend(_act(PlayPirate, seat, card, t) for t in self.pirate_targets(seat, card))
        return acts

    def burial_choices(self, seat: int) -> list[str]:
        """The treasure cards ``seat`` may bury (R10), one of each kind and value: two 5s or two skulls
        are the same play (the engine lists the first; the other is accepted as the same)."""
        out: list[str] = []
        seen: set[str] = set()
        for card in self.treasures[seat]:
            if card == UNKNOWN:
                continue
            canon = treasure_canonical(card)
            if canon not in seen:
                seen.add(canon)
                out.append(card)
        return out

    def pirate_targets(self, seat: int, card: str) -> list[int]:
        """Where the pirate ``card`` may go if ``seat`` plays it in this step A (-1: without a target).
        Spyglass and Map: any face-down treasure, or none (R12, R13, A12); the Umbrella: a treasure
        occupied since the start of the turn (R14, A10), else, as the last action card only, none (R16,
        R17, A28). Never a Flagged treasure (V11, A19)."""
        kind = PIRATE_KIND[card]
        if kind == "umbrella":
            targets = self._umbrella_targets(seat)
            if not targets and self.action_cards(seat) == 1:
                return [-1]  # R16 / A28
            return targets
        # A6: the central treasure is a target like any other
        return [-1] + [i for i, sp in enumerate(self.beach) if not sp.face_up and not sp.flag]

    def _umbrella_targets(self, seat: int) -> list[int]:
        """R14 (A10): occupied at the start of the turn and still now, no umbrella, no Flag (V11)."""
        out = []
        for i in self.start_occupied:
            sp = self.beach[i]
            if sp.umbrella is None and not sp.flag and sp.pile and TOWEL_COLOUR[sp.pile[-1]] == seat:
                out.append(i)
        return out

    def may_play_towels(self) -> bool:
        """Whether towels may still be played this turn (a group or a Parrot): round 2 or later (R8),
        before the towels were shown (R24), on at most two treasures (R19), one in the final turn (R28)."""
        if self.phase == FINAL:
            return self.step == STEP_B and not self.groups
        # A5: no towels in round 1
        return (self.phase == ROUND and self.round > 1 and self.step in (STEP_A, STEP_B) and not self.shown
                and len(self.groups) < 2)

    def _towel_actions(self, seat: int) -> list[Action]:
        """``legal_towel_groups`` as interned actions (a cached list per target and need)."""
        counts = self.towel_counts(seat)
        return [a for i, need in self.towel_targets(seat) for a in _group_actions(seat, i, counts, need)]

    def special_actions(self, seat: int) -> list[Action]:
        """The special cards ``seat`` may play now: on its own turn, at any moment of it (V6, A18; the
        caller asks only for the seat to act), V10, V12, V13, V14, V15, V16; never on a Flagged treasure
        (V11, A19); the kept cards never (V7, V8, V9)."""
        card = self.special_hand[seat] if self.special_hand else None
        if card is None or card == UNKNOWN or card in KEPT_SPECIALS or card == FLAG:
            return []
        if self.phase not in (ROUND, FINAL):
            return []
        beach = self.beach
        if card == DOUBLE:
            return [_act(PlaySpecial, seat, card, i, "") for i, sp in enumerate(beach)
                    if sp.umbrella is None and not sp.flag and not sp.double]
        if card == BUCKET:  # A20: the visible top card is a 3
            return [_act(PlaySpecial, seat, card, i, "") for i, sp in enumerate(beach)
                    if not sp.face_up and not sp.flag and sp.pile and TOWEL_VALUE[sp.pile[-1]] == 3]
        if card == LIFEGUARD:
            return [_act(PlaySpecial, seat, card, t, "") for t in range(self.players)
                    if t != seat and self.treasures[t]]
        if card == SLIPPERS:
            here = self.umbrella_spot(seat)
            if here < 0:
                return []
            return [_act(PlaySpecial, seat, card, i, "") for i, sp in enumerate(beach)
                    if i != here and sp.umbrella is None and not sp.flag and sp.pile
                    and TOWEL_COLOUR[sp.pile[-1]] == seat]
        if card == PIGGY:  # A23: an umbrella does not protect the pile from it
            acts = []
            for i, sp in enumerate(beach):
                if sp.flag:
                    continue
                for towel in sp.pile:
                    if TOWEL_COLOUR[towel] == seat and TOWEL_VALUE[towel] <= 2:
                        acts.append(_act(PlaySpecial, seat, card, i, towel))
            return acts
        if card == PARROT:
            if not self.may_play_towels() or not self.towels[seat]:
                return []
            return [_act(PlaySpecial, seat, card, i, "") for i, sp in enumerate(beach)
                    if sp.pile and sp.umbrella is None and not sp.flag and i not in self.groups]
        return []  # pragma: no cover

    # Checking ------------------------------------------------------------------------------------
    def canonical(self, action: Action) -> Action:
        """The listed form of an equivalent action (another id of the same treasure, values unsorted)."""
        if isinstance(action, BuryTreasure) and action.card in TREASURE_KIND and \
                action.card in self.treasures[action.seat]:
            for card in self.treasures[action.seat]:
                if treasure_canonical(card) == treasure_canonical(action.card):
                    return _act(BuryTreasure, action.seat, card, bool(action.flag))
        if isinstance(action, PlayTowels):
            try:
                values = tuple(sorted((int(v) for v in action.values), reverse=True))
            except (TypeError, ValueError):
                return action
            return _act(PlayTowels, action.seat, action.target, values)
        return action

    def check(self, action: Action) -> Text | None:
        """None if ``action`` is legal now, else the reason a person can read."""
        if self.phase == OVER:
            return T("pp.reason.over")
        if action.seat != self.current:
            return T("pp.reason.not_your_turn", player=colour_text(self.current))
        if self._is_listed(action):
            return None
        return self._why_not(action)

    def _why_not(self, a: Action) -> Text:
        seat = a.seat
        if self.phase == SEATING:
            if isinstance(a, ChoosePosition):
                return T("pp.reason.position", n=self.players)
            return T("pp.reason.seating_first")
        if self.phase == DRAFT:
            if isinstance(a, DraftPick):
                if a.card not in self.packet:
                    return T("pp.reason.not_in_packet")
                return T("pp.reason.lifeguard_target")
            return T("pp.reason.draft_first")
        if isinstance(a, (ChoosePosition, DraftPick)):
            return T("pp.reason.not_now")
        if isinstance(a, BuryTreasure):
            if a.card not in self.treasures[seat]:
                return T("pp.reason.not_in_hand")
            if self.phase == FINAL:
                return T("pp.reason.final_towels_only")
            if self.step != STEP_A:
                return T("pp.reason.step_a_done")
            if a.flag:
                return T("pp.reason.no_special")
            return T("pp.reason.not_now")  # pragma: no cover
        if isinstance(a, PlayPirate):
            if a.card not in self.pirates[seat]:
                return T("pp.reason.not_in_hand")
            if self.phase == FINAL:
                return T("pp.reason.final_towels_only")
            if self.round == 1:
                return T("pp.reason.round1_bury")
            if self.step != STEP_A:
                return T("pp.reason.step_a_done")
            if not 0 <= a.target < len(self.beach):
                if PIRATE_KIND[a.card] == "umbrella":
                    return T("pp.reason.umbrella_needs_target")
                return T("pp.reason.no_such_treasure")
            sp = self.beach[a.target]
            if sp.flag:
                return T("pp.reason.flagged")
            if PIRATE_KIND[a.card] == "umbrella":
                if sp.umbrella is not None:
                    return T("pp.reason.has_umbrella")
                if a.target not in self.start_occupied or sp.occupant != seat:
                    return T("pp.reason.umbrella_not_occupied")
            if sp.face_up:
                return T("pp.reason.face_up")
            return T("pp.reason.not_now")  # pragma: no cover
        if isinstance(a, PlayTowels):
            return self._why_not_towels(a)
        if isinstance(a, ShowHand):
            if self.phase == ROUND and self.round == 1:
                return T("pp.reason.bury_first" if self.step == STEP_A else "pp.reason.round1_bury")  # R8
            if self.step == STEP_A:
                return T("pp.reason.step_a_first")  # R9
            if self.phase == FINAL:
                return T("pp.reason.final_no_show")  # R28, A15: the final turn may end with no card
            if self.shown:
                return T("pp.reason.already_shown")  # R24
            if self.groups:
                return T("pp.reason.show_after_towels")  # R18, R24
            return T("pp.reason.can_play")  # R25
        if isinstance(a, EndTurn):
            if self.step == STEP_A:
                return T("pp.reason.bury_first" if self.phase == ROUND and self.round == 1
                         else "pp.reason.step_a_first")  # R8, R9
            if not self._towel_actions(seat):
                return T("pp.reason.show_to_end")  # R24: nothing fits, the towels are shown instead
            return T("pp.reason.must_play_towels")  # R18, R25
        if isinstance(a, PlaySpecial):
            if not self.special or self.special_hand[seat] != a.card:
                return T("pp.reason.no_special")
            if a.card in KEPT_SPECIALS:
                return T("pp.reason.kept_card")
            if a.card == FLAG:
                return T("pp.reason.flag_with_burial")
            if a.card == LIFEGUARD:
                return self._why_not_lifeguard(a)
            if not 0 <= a.target < len(self.beach):
                return T("pp.reason.no_such_treasure")
            if self.beach[a.target].flag:
                return T("pp.reason.flagged")  # V11, A19
            return self._why_not_special_on(a, self.beach[a.target])
        return T("pp.reason.not_now")

    def _why_not_lifeguard(self, a: PlaySpecial) -> Text:
        """V13: the treasure cards in another player's hand."""
        if a.target == a.seat:
            return T("pp.reason.lifeguard_self")
        if not 0 <= a.target < self.players:
            return T("pp.reason.lifeguard_target")
        if not self.treasures[a.target]:
            return T("pp.reason.lifeguard_empty", player=colour_text(a.target))
        return T("pp.reason.lifeguard_target")  # pragma: no cover - every other target is listed

    def _why_not_special_on(self, a: PlaySpecial, sp: Spot) -> Text:
        """Why the special card ``a`` may not go on the (unflagged) treasure ``sp``: each card's own rule."""
        seat, card = a.seat, a.card
        if card == DOUBLE:  # V10
            if sp.umbrella is not None:
                return T("pp.reason.double_umbrella")
            if sp.double:
                return T("pp.reason.double_twice")
        elif card == BUCKET:  # V12, A20
            if sp.face_up:
                return T("pp.reason.face_up")
            return T("pp.reason.bucket_top")
        elif card == SLIPPERS:  # V14
            here = self.umbrella_spot(seat)
            if here < 0:
                return T("pp.reason.slippers_no_umbrella")
            if a.target == here:
                return T("pp.reason.slippers_same")
            if sp.umbrella is not None:
                return T("pp.reason.has_umbrella")
            return T("pp.reason.slippers")
        elif card == PIGGY:  # V15
            return T("pp.reason.piggy")
        elif card == PARROT:  # V16, A21
            if not self.may_play_towels() or not self.towels[seat]:
                return T("pp.reason.parrot_no_towels")
            if sp.umbrella is not None:
                return T("pp.reason.umbrella_blocks")
            if a.target in self.groups:
                return T("pp.reason.same_treasure")
            if not sp.pile:
                return T("pp.reason.parrot_empty")
            return T("pp.reason.parrot")
        return T("pp.reason.bad_target")

    def _why_not_towels(self, a: PlayTowels) -> Text:
        seat = a.seat
        if self.phase == ROUND and self.round == 1:
            return T("pp.reason.round1_bury")
        if self.step == STEP_A:
            return T("pp.reason.step_a_first")
        values = list(a.values)
        if not values:
            return T("pp.reason.empty_group")
        have = list(self.towel_counts(seat))
        for v in values:
            if v not in (1, 2, 3) or have[v - 1] == 0:
                return T("pp.reason.not_in_hand")
            have[v - 1] -= 1
        if self.phase == FINAL and self.groups:
            return T("pp.reason.final_one_treasure")
        if self.shown or self.step == STEP_END:
            if len(self.groups) >= 2:
                return T("pp.reason.two_treasures")  # R19
            if self.shown:
                return T("pp.reason.towels_shown")  # R24: the towels were shown, step B is skipped
            return T("pp.reason.not_now")  # pragma: no cover - the step ends only by these
        if not 0 <= a.target < len(self.beach):
            return T("pp.reason.no_such_treasure")
        if a.target in self.groups:
            return T("pp.reason.same_treasure")
        sp = self.beach[a.target]
        if sp.umbrella is not None:
            return T("pp.reason.umbrella_blocks")
        need = self.need(seat, a.target) or 0
        parrot = self.parrot == a.target
        # R21 beat the top card; V10 by 2 next to the Double beach towel; V16 the Parrot: equal it (A21: both, by 1)
        rule = ("pp.reason.rule_double_parrot" if sp.double and parrot else "pp.reason.rule_double" if sp.double
                else "pp.reason.rule_parrot" if parrot else "pp.reason.rule_beat")
        return T("pp.reason.too_low", top=sp.top_value, need=need, total=sum(values), rule=T(rule))

    # Applying ------------------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        reason = self.check(action)
        if reason is not None:
            raise IllegalAction(reason)
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (e.g. taken from ``legal_actions`` of an equal state)
        without checking it: for searches and bots only; an illegal action corrupts the state."""
        seat = action.seat
        if isinstance(action, PlayTowels):
            action = self.canonical(action)
        self._dirty()
        if isinstance(action, ChoosePosition):
            self._apply_position(seat, action.position)
        elif isinstance(action, DraftPick):
            self._apply_draft(seat, action)
        elif isinstance(action, BuryTreasure):
            self._apply_bury(seat, action)
        elif isinstance(action, PlayPirate):
            self._apply_pirate(seat, action)
        elif isinstance(action, PlayTowels):
            self._apply_towels(seat, action)  # type: ignore[arg-type]
        elif isinstance(action, ShowHand):  # R24, A9: the towels are shown, never the treasures
            self.shown = True
            self.step = STEP_END
            values = [TOWEL_VALUE[c] for c in self.towels[seat]]
            key = "pp.log.show" if values else "pp.log.show_none"
            self._say(None, T(key, player=colour_text(seat), values=list_text(values)), seat)
            self._tell("revealed", seat, what="towels", cards=list(self.towels[seat]), values=values)
        elif isinstance(action, EndTurn):
            if self.phase == FINAL and not self.groups:
                self._say(None, T("pp.log.final_none", player=colour_text(seat)), seat)
            else:
                self._say(None, T("pp.log.end_turn", player=colour_text(seat)), seat)
            self._tell("ended", seat, what="turn", groups=list(self.groups), final=self.phase == FINAL)
            self._end_turn()
        elif isinstance(action, PlaySpecial):
            self._apply_special(seat, action)
        self._dirty()

    def _apply_position(self, seat: int, position: int) -> None:
        """V3: take the chooser out of the default order and insert them at ``position``."""
        rest = [s for s in self.order if s != seat]
        rest.insert(position - 1, seat)
        self.order = rest
        self.barrier += 1
        self._say(None, T("pp.log.seating", player=colour_text(seat), position=position), seat)
        self._tell("chose", seat, choice="position", position=position, order=list(self.order))
        self.chooser = -1
        self._start_hand()

    def _apply_draft(self, seat: int, a: DraftPick) -> None:
        self.packet.remove(a.card)
        self.special_hand[seat] = a.card
        if a.lifeguard_target >= 0:
            self.pending_lifeguard = (seat, a.lifeguard_target)
        self._say(None, T("pp.log.draft_pick", player=colour_text(seat)), seat)
        self._say(seat, T("pp.log.draft_keep", card=special_text(a.card)), seat)
        self._tell("chose", seat, [seat], {"card": a.card, "lifeguard_target": a.lifeguard_target},
                   choice="special", left=len(self.packet))
        self.draft_step += 1
        self.barrier += 1
        drafters = self.drafters
        if self.draft_step < len(drafters):
            nxt = drafters[self.draft_step]
            self.current = nxt
            self.draft_seen[nxt] = list(self.packet)
            self._tell_packet(nxt, seat)
            self._tell_turn()
            return
        # V5: the starting player removes the last card unseen
        self.special_discard = self.packet.pop()
        self._say(None, T("pp.log.draft_discard", player=colour_text(seat)), seat)
        self._tell("discarded", seat, what="special")
        if self.pending_lifeguard is not None:  # V13 at the start of the game (A24)
            looker, target = self.pending_lifeguard
            self.pending_lifeguard = None
            self.special_hand[looker] = None
            self.special_played.append((looker, LIFEGUARD))
            self._tell_special(looker, LIFEGUARD, target, start=True)
            self._lifeguard(looker, target)
        self._start_round(1)

    def _apply_bury(self, seat: int, a: BuryTreasure) -> None:
        self.treasures[seat].remove(a.card)
        self.burials += 1
        self.beach.append(Spot(a.card, seat, self.burials, (seat,), flag=a.flag))
        index = len(self.beach) - 1
        if a.flag:
            self.special_hand[seat] = None
            self.special_played.append((seat, FLAG))
            self._say(None, T("pp.log.bury_flag", player=colour_text(seat), spot=index + 1), seat)
        else:
            self._say(None, T("pp.log.bury", player=colour_text(seat), spot=index + 1), seat)
        self._say(seat, T("pp.log.bury_private", spot=index + 1, treasure=treasure_text(a.card)), seat)
        self._tell("buried", seat, [seat], {"treasure": a.card}, spot=index, flag=bool(a.flag))
        self.step = STEP_END if self.round == 1 else STEP_B

    def _apply_pirate(self, seat: int, a: PlayPirate) -> None:
        self.pirates[seat].remove(a.card)
        self.discard.append(a.card)
        kind = PIRATE_KIND[a.card]
        who = colour_text(seat)
        self.step = STEP_B
        effect = "none" if a.target < 0 else {"spyglass": "look", "map": "face-up", "umbrella": "umbrella"}[kind]
        if kind == "umbrella" and a.target < 0:
            effect = "wasted" if self.occupies_any(seat) else "aside"
        self._tell("played", seat, what="pirate", card=a.card, pirate=kind, target=a.target, effect=effect)
        if kind == "spyglass":
            if a.target < 0:
                self._say(None, T("pp.log.spyglass_none", player=who), seat)
                return
            sp = self.beach[a.target]
            if seat not in sp.known_by:
                sp.known_by.append(seat)
                sp.known_by.sort()
            self.barrier += 1
            self._say(None, T("pp.log.spyglass", player=who, spot=a.target + 1), seat)
            self._say(seat, T("pp.log.look_private", spot=a.target + 1, treasure=treasure_text(sp.treasure)),
                      seat)
            self._tell("revealed", seat, sp.known_by, {"treasure": sp.treasure}, what="treasure", spot=a.target,
                       by="spyglass")
        elif kind == "map":
            if a.target < 0:
                self._say(None, T("pp.log.map_none", player=who), seat)
                return
            sp = self.beach[a.target]
            sp.face_up = True
            self.barrier += 1
            self._say(None, T("pp.log.map", player=who, spot=a.target + 1, treasure=treasure_text(sp.treasure)),
                      seat)
            self._tell("revealed", seat, what="treasure", spot=a.target, by="map", treasure=sp.treasure)
        else:
            if a.target >= 0:
                self.beach[a.target].umbrella = seat
                self._say(None, T("pp.log.umbrella", player=who, spot=a.target + 1), seat)
            elif self.occupies_any(seat):
                self.umbrella_wasted[seat] = True   # A28: only Flagged treasures occupied
                self._say(None, T("pp.log.umbrella_wasted", player=who), seat)
            else:
                self.umbrella_aside[seat] = True    # R16
                self._say(None, T("pp.log.umbrella_aside", player=who), seat)

    def _apply_towels(self, seat: int, a: PlayTowels) -> None:
        hand = self.towels[seat]
        cards = []
        for v in a.values:  # highest first: the lowest ends on top (R22, A8)
            for c in hand:
                if TOWEL_VALUE[c] == v and c not in cards:
                    cards.append(c)
                    break
        for c in cards:
            hand.remove(c)
        sp = self.beach[a.target]
        sp.pile.extend(cards)
        self.groups.append(a.target)
        key = "pp.log.final_towels" if self.phase == FINAL else "pp.log.towels"  # R23: shown to all
        self._say(None, T(key, player=colour_text(seat), values=T("pp.values", v="+".join(map(str, a.values))),
                          spot=a.target + 1, top=sp.top_value), seat)
        self._tell("played", seat, what="towels", cards=cards, values=list(a.values), target=a.target,
                   top=sp.top_value, final=self.phase == FINAL)
        if self.phase == FINAL or len(self.groups) >= 2:
            self.step = STEP_END

    def _apply_special(self, seat: int, a: PlaySpecial) -> None:
        card = a.card
        who = colour_text(seat)
        self.special_hand[seat] = None
        self.special_played.append((seat, card))
        self._tell_special(seat, card, a.target, frm=self.umbrella_spot(seat) if card == SLIPPERS else -1,
                           towel=a.towel if card == PIGGY else "")
        if card == DOUBLE:
            self.beach[a.target].double = True
            self._say(None, T("pp.log.double", player=who, spot=a.target + 1), seat)
        elif card == BUCKET:
            sp = self.beach[a.target]
            if seat not in sp.known_by:
                sp.known_by.append(seat)
                sp.known_by.sort()
            self.barrier += 1
            self._say(None, T("pp.log.bucket", player=who, spot=a.target + 1), seat)
            self._say(seat, T("pp.log.look_private", spot=a.target + 1, treasure=treasure_text(sp.treasure)),
                      seat)
            self._tell("revealed", seat, sp.known_by, {"treasure": sp.treasure}, what="treasure", spot=a.target,
                       by="bucket")
        elif card == LIFEGUARD:
            self._lifeguard(seat, a.target)
        elif card == SLIPPERS:
            here = self.umbrella_spot(seat)
            self.beach[here].umbrella = None
            self.beach[a.target].umbrella = seat
            self._say(None, T("pp.log.slippers", player=who, old=here + 1, spot=a.target + 1), seat)
        elif card == PIGGY:
            sp = self.beach[a.target]
            sp.pile.remove(a.towel)
            self.towels[seat].append(a.towel)
            self.towels[seat].sort(key=_towel_order)
            self._say(None, T("pp.log.piggy", player=who, value=TOWEL_VALUE[a.towel], spot=a.target + 1), seat)
        elif card == PARROT:
            self.parrot = a.target
            self._say(None, T("pp.log.parrot", player=who, spot=a.target + 1), seat)

    def _tell_special(self, seat: int, card: str, target: int, frm: int = -1, towel: str = "",
                      start: bool = False) -> None:
        self._tell("played", seat, what="special", card=card, target=target, frm=frm, towel=towel, start=start)

    def _lifeguard(self, looker: int, target: int) -> None:
        seen = sorted(self.treasures[target])
        self.looks.append([looker, target, seen, self.burials])
        self.barrier += 1
        self._say(None, T("pp.log.lifeguard", player=colour_text(looker), target=colour_text(target)), looker)
        self._say(looker, T("pp.log.lifeguard_private", target=colour_text(target),
                            cards=list_text([treasure_text(c) for c in seen])), looker)
        self._tell("revealed", looker, [looker], {"cards": list(seen)}, what="hand", target=target,
                   count=len(seen))

    def _end_turn(self) -> None:
        self.barrier += 1
        self._dirty()
        if self.phase == FINAL:
            self._finish()
            return
        self.turn_pos += 1
        if self.turn_pos < self.players:
            self._begin_turn(self.order[self.turn_pos])
            self._tell_turn()
            return
        if self.round < self.n_rounds:  # R27
            self._start_round(self.round + 1)
            return
        self.phase = FINAL  # R28
        self._say(None, T("pp.log.final_turn", player=colour_text(self.order[0])))
        self._tell("round", None, round=self.round, rounds=self.n_rounds, final=True)
        self._begin_turn(self.order[0])
        self._tell_turn()

    # Scoring R29, R30, R31, R32, R33, R34, R35, R36, R37, R38, V7, V8, V9 -----------------------------
    def captures(self, seat: int) -> list[int]:
        """Beach indices ``seat`` takes (R29, R30, R31)."""
        return [i for i, sp in enumerate(self.beach) if sp.occupant == seat]

    def score_rows(self, seat: int) -> list[tuple[str, float]]:
        """The breakdown of ``seat``'s hand score (the rows add up to the score, R38)."""
        numbers = towel_treasure = skulls = 0
        values: list[int] = []
        for i in self.captures(seat):
            kind = TREASURE_KIND.get(self.beach[i].treasure)
            pts = self.treasure_points(i)
            if kind == "number":
                numbers += pts or 0  # R33
                values.append(pts or 0)
            elif kind == "towel":
                towel_treasure += pts or 0  # R34, A14
                if pts:
                    values.append(pts)  # A22: a towel treasure worth 0 pairs with nothing
            elif kind == "skull":
                skulls += 1  # R35
        rows: list[tuple[str, float]] = [
            ("pp.score.numbers", float(numbers)),
            ("pp.score.towel_treasure", float(towel_treasure)),
            ("pp.score.skulls", float(skull_points(skulls))),
            ("pp.score.towels_left", float(len(self.towels[seat]))),
            ("pp.score.umbrella", 1.0 if self.umbrella_aside[seat] else 0.0),  # R37, A11: once
        ]
        if self.special:
            card = self.special_hand[seat]
            threes = sum(1 for c in self.towels[seat] if TOWEL_VALUE[c] == 3)
            rows.append(("pp.score.sandcastle", float(2 * threes) if card == SANDCASTLE else 0.0))
            rows.append(("pp.score.skeleton", float(SPECIAL_BONUS) if card == SKELETON and skulls else 0.0))
            pair = len(values) != len(set(values))
            rows.append(("pp.score.wave", float(SPECIAL_BONUS) if card == WAVE and pair else 0.0))
        return rows

    def _finish(self) -> None:
        self.phase = OVER
        self.step = STEP_END
        for sp in self.beach:
            sp.face_up = True  # R32
        self._say(None, T("pp.log.sunset"))
        self._tell("revealed", None, what="beach", treasures=[sp.treasure for sp in self.beach])
        self.breakdown = [self.score_rows(seat) for seat in range(self.players)]
        self.scores = [int(sum(v for _, v in rows)) for rows in self.breakdown]
        # R29, R30: who takes each treasure, in the order of the beach (the order the sunset turns them over,
        # so a table can tell each one as its card turns), then each seat's kept card and its score (R38)
        taker = {i: seat for seat in range(self.players) for i in self.captures(seat)}
        for i in range(len(self.beach)):
            seat = taker.get(i)
            if seat is None:  # R31: no towel and no umbrella on it, the treasure goes to nobody
                self._say(None, T("pp.log.unclaimed", spot=i + 1, treasure=treasure_text(self.beach[i].treasure)))
                self._tell("unclaimed", None, what="treasure", spot=i, treasure=self.beach[i].treasure)
                continue
            self._say(None, T("pp.log.capture", player=colour_text(seat), spot=i + 1,
                              treasure=treasure_text(self.beach[i].treasure)))
            self._tell("took", seat, what="treasure", spot=i, treasure=self.beach[i].treasure,
                       points=self.treasure_points(i), how="umbrella" if self.beach[i].umbrella == seat else "towel")
        for seat in range(self.players):
            who = colour_text(seat)
            if self.special and self.special_hand[seat] in KEPT_SPECIALS:
                self._say(None, T("pp.log.kept", player=who, card=special_text(self.special_hand[seat] or "")))
                self._tell("revealed", seat, what="special", card=self.special_hand[seat])
            taken = [(i, self.treasure_points(i)) for i in self.captures(seat)]
            self._say(None, T("pp.log.hand_score", player=who, points=self.scores[seat]))
            self._tell("scored", seat, points=self.scores[seat], taken=taken,
                       rows=tuple((key, value) for key, value in self.breakdown[seat]))
        self._dirty()

    def result(self) -> Result:
        if self.scores is None:
            rows = [self.score_rows(seat) for seat in range(self.players)]
            scores = [float(sum(v for _, v in r)) for r in rows]
        else:
            rows, scores = self.breakdown, [float(s) for s in self.scores]
        stats = {"pp.stat.captured": [len(self.captures(seat)) for seat in range(self.players)]}
        return Result.from_scores(scores, [list(r) for r in rows], stats=stats)

    # Views, copies, JSON ---------------------------------------------------------------------------
    def clone(self) -> "PlayaHand":
        c = PlayaHand.__new__(PlayaHand)
        for name in _FIELDS_COPY:
            setattr(c, name, getattr(self, name))
        c.order = list(self.order)
        c.groups = list(self.groups)
        c.shown = self.shown
        c.start_occupied = list(self.start_occupied)
        c.treasures = [list(h) for h in self.treasures]
        c.pirates = [list(h) for h in self.pirates]
        c.towels = [list(h) for h in self.towels]
        c.beach = [sp.copy() for sp in self.beach]
        c.removed = list(self.removed)
        c.discard = list(self.discard)
        c.umbrella_aside = list(self.umbrella_aside)
        c.umbrella_wasted = list(self.umbrella_wasted)
        c.special_hand = list(self.special_hand)
        c.special_played = list(self.special_played)
        c.special_deal_removed = list(self.special_deal_removed)
        c.packet = list(self.packet)
        c.draft_seen = [list(p) if p is not None else None for p in self.draft_seen]
        c.looks = [[lk[0], lk[1], list(lk[2]), lk[3]] for lk in self.looks]
        c._events = list(self._events)
        c.silent = self.silent
        c.scores = list(self.scores) if self.scores is not None else None
        c.breakdown = [list(r) for r in self.breakdown]
        c._legal = self._legal
        c._legal_set = self._legal_set
        return c

    def view(self, seat: int | None) -> "PlayaHand":
        """What ``seat`` may know (None: a spectator). Hidden cards become UNKNOWN."""
        v = self.clone()
        over = self.phase == OVER
        for other in range(self.players):
            if other != seat:
                v.treasures[other] = [UNKNOWN] * len(self.treasures[other])
                if v.special_hand[other] is not None and not (over and v.special_hand[other] in KEPT_SPECIALS):
                    v.special_hand[other] = UNKNOWN
                v.draft_seen[other] = None
        for i, sp in enumerate(v.beach):
            if not self.treasure_visible_to(i, seat):
                sp.treasure = UNKNOWN
        v.removed = [UNKNOWN] * len(self.removed)
        v.special_deal_removed = [UNKNOWN] * len(self.special_deal_removed)
        if v.special_discard is not None:
            v.special_discard = UNKNOWN
        if self.phase != DRAFT or seat != self.current:
            v.packet = [UNKNOWN] * len(self.packet)
        if v.pending_lifeguard is not None and v.pending_lifeguard[0] != seat:
            v.pending_lifeguard = None
        for lk in v.looks:
            if lk[0] != seat:
                lk[2] = [UNKNOWN] * len(lk[2])
        v._events = [e.seen_by(seat) for e in self._events]
        v.viewer = seat
        v.is_view = True
        v._dirty()
        return v

    def to_json(self) -> JSON:
        return {
            "type": "pp.hand", "players": self.players, "special": self.special, "hand_index": self.hand_index,
            "order": list(self.order), "n_rounds": self.n_rounds, "phase": self.phase, "round": self.round,
            "turn_pos": self.turn_pos, "current": self.current, "step": self.step, "groups": list(self.groups),
            "shown": self.shown, "start_occupied": list(self.start_occupied), "parrot": self.parrot,
            "treasures": [list(h) for h in self.treasures], "pirates": [list(h) for h in self.pirates],
            "towels": [list(h) for h in self.towels], "beach": [sp.to_json() for sp in self.beach],
            "removed": list(self.removed), "discard": list(self.discard), "burials": self.burials,
            "umbrella_aside": list(self.umbrella_aside), "umbrella_wasted": list(self.umbrella_wasted),
            "chooser": self.chooser, "special_hand": list(self.special_hand),
            "special_played": [list(p) for p in self.special_played],
            "special_deal_removed": list(self.special_deal_removed), "special_discard": self.special_discard,
            "packet": list(self.packet), "draft_step": self.draft_step,
            "draft_seen": [list(p) if p is not None else None for p in self.draft_seen],
            "pending_lifeguard": list(self.pending_lifeguard) if self.pending_lifeguard else None,
            "looks": [[lk[0], lk[1], list(lk[2]), lk[3]] for lk in self.looks], "barrier": self.barrier,
            "viewer": self.viewer,
            "is_view": self.is_view, "scores": list(self.scores) if self.scores is not None else None,
            "breakdown": [[list(row) for row in rows] for rows in self.breakdown],
            "events": json_once(self, "events", self._events),
        }

    @classmethod
    def from_json(cls, d: JSON) -> "PlayaHand":
        if not isinstance(d, dict) or d.get("type") != "pp.hand":
            raise ValueError("not a Playa Pirata hand")
        s = cls()
        s.players = int(d["players"])
        s.special = bool(d["special"])
        s.hand_index = int(d["hand_index"])
        s.order = [int(x) for x in d["order"]]
        s.n_rounds = int(d["n_rounds"])
        s.phase = str(d["phase"])
        s.round = int(d["round"])
        s.turn_pos = int(d["turn_pos"])
        s.current = int(d["current"])
        s.step = str(d["step"])
        s.groups = [int(x) for x in d["groups"]]
        s.shown = bool(d["shown"])
        s.start_occupied = [int(x) for x in d["start_occupied"]]
        s.parrot = int(d["parrot"])
        s.treasures = [[str(c) for c in h] for h in d["treasures"]]
        s.pirates = [[str(c) for c in h] for h in d["pirates"]]
        s.towels = [[str(c) for c in h] for h in d["towels"]]
        s.beach = [Spot.from_json(x) for x in d["beach"]]
        s.removed = [str(c) for c in d["removed"]]
        s.discard = [str(c) for c in d["discard"]]
        s.burials = int(d["burials"])
        s.umbrella_aside = [bool(x) for x in d["umbrella_aside"]]
        s.umbrella_wasted = [bool(x) for x in d["umbrella_wasted"]]
        s.chooser = int(d["chooser"])
        s.special_hand = list(d["special_hand"])
        s.special_played = [(int(p[0]), str(p[1])) for p in d["special_played"]]
        s.special_deal_removed = [str(c) for c in d["special_deal_removed"]]
        s.special_discard = d["special_discard"]
        s.packet = [str(c) for c in d["packet"]]
        s.draft_step = int(d["draft_step"])
        s.draft_seen = [list(p) if p is not None else None for p in d["draft_seen"]]
        pl = d.get("pending_lifeguard")
        s.pending_lifeguard = (int(pl[0]), int(pl[1])) if pl else None
        s.looks = [[int(lk[0]), int(lk[1]), list(lk[2]), int(lk[3])] for lk in d["looks"]]
        s.barrier = int(d["barrier"])
        s.viewer = d.get("viewer")
        s.is_view = bool(d.get("is_view", False))
        s.scores = [int(x) for x in d["scores"]] if d.get("scores") is not None else None
        s.breakdown = [[(str(k), float(v)) for k, v in rows] for rows in d.get("breakdown", [])]
        if not isinstance(d.get("events", []), list):
            raise ValueError("the hand's events are not a list")
        s._events = read_events(d, _old_line)  # none in a save made before events; its lines as ``said``
        return s

    # Test helper ---------------------------------------------------------------------------------
    def all_cards(self) -> dict[str, list[str]]:
        """Every card of the hand by family, sorted (the conservation invariant)."""
        treasures = [c for h in self.treasures for c in h] + [sp.treasure for sp in self.beach] + self.removed
        towels = [c for h in self.towels for c in h] + [c for sp in self.beach for c in sp.pile]
        pirates = [c for h in self.pirates for c in h] + list(self.discard)
        specials = [c for c in self.special_hand if c is not None] + [c for _, c in self.special_played] \
            + list(self.packet) + list(self.special_deal_removed) \
            + ([self.special_discard] if self.special_discard is not None else [])
        return {"treasures": sorted(treasures), "towels": sorted(towels), "pirates": sorted(pirates),
                "specials": sorted(specials)}


def _towel_order(card: str) -> tuple[int, str]:
    return (TOWEL_VALUE[card], card)


# ==================================================================================================
# Determinization
# ==================================================================================================
def determinize_hand(view: State, rng: Rng) -> PlayaHand:
    """A full hand consistent with everything ``view.viewer`` knows: the unseen treasures and special
    cards dealt at random into the unknown places, under the viewer's Lifeguard look (the seen cards are
    exactly the target's hand plus what the target buried since) and the draft packets it saw."""
    assert isinstance(view, PlayaHand)
    full = view.clone()
    me = view.viewer if view.is_view else None
    full.viewer = None
    full.is_view = False
    # Treasures ---------------------------------------------------------------------------------------
    slots: list[tuple[str, int, int]] = []
    for seat, hand in enumerate(full.treasures):
        slots.extend(("hand", seat, k) for k, c in enumerate(hand) if c == UNKNOWN)
    slots.extend(("beach", i, 0) for i, sp in enumerate(full.beach) if sp.treasure == UNKNOWN)
    slots.extend(("removed", k, 0) for k, c in enumerate(full.removed) if c == UNKNOWN)
    known = {c for h in full.treasures for c in h} | {sp.treasure for sp in full.beach} | set(full.removed)
    known.discard(UNKNOWN)
    group: list[tuple[str, int, int]] = []
    group_cards: list[str] = []
    for looker, target, seen, seq in full.looks:
        if looker == me and seen and UNKNOWN not in seen:
            group = [s for s in slots if (s[0] == "hand" and s[1] == target)
                     or (s[0] == "beach" and full.beach[s[1]].buried_by == target and full.beach[s[1]].seq > seq)]
            group_cards = [c for c in seen if c not in known]
            if len(group) != len(group_cards):  # pragma: no cover - inconsistent view: no constraint
                group, group_cards = [], []
    pool = [c for c in TREASURE_IDS if c not in known and c not in group_cards]
    rest = [s for s in slots if s not in group]
    rng.shuffle(pool)
    rng.shuffle(group_cards)
    for slot, card in list(zip(group, group_cards)) + list(zip(rest, pool)):
        kind, a, b = slot
        if kind == "hand":
            full.treasures[a][b] = card
        elif kind == "beach":
            full.beach[a].treasure = card
        else:
            full.removed[a] = card
    for hand in full.treasures:
        hand.sort()
    full.removed.sort()
    # Specials ----------------------------------------------------------------------------------------
    if full.special:
        _determinize_specials(full, me, rng)
    # Other seats' private memories, rebuilt from the sample
    for lk in full.looks:
        if UNKNOWN in lk[2]:
            lk[2] = sorted(full.treasures[lk[1]] + [sp.treasure for sp in full.beach
                                                    if sp.buried_by == lk[1] and sp.seq > lk[3]])
    full._dirty()
    return full


def _determinize_specials(full: PlayaHand, me: int | None, rng: Rng) -> None:
    drafters = full.drafters
    played_by = {seat: card for seat, card in full.special_played}
    slots: list[tuple[str, int]] = [("hand", s) for s, c in enumerate(full.special_hand) if c == UNKNOWN]
    slots += [("packet", k) for k, c in enumerate(full.packet) if c == UNKNOWN]
    slots += [("removed", k) for k, c in enumerate(full.special_deal_removed) if c == UNKNOWN]
    if full.special_discard == UNKNOWN:
        slots.append(("discard", 0))
    known = {c for c in full.special_hand if c not in (None, UNKNOWN)} | set(played_by.values()) \
        | {c for c in full.packet if c != UNKNOWN}
    seen = full.draft_seen[me] if me is not None else None
    over = full.phase == OVER  # a kept card still in a hand is shown to all at scoring (V6)
    assign: list[tuple[tuple[str, int], str]] = []
    if seen:
        p = drafters.index(me)  # type: ignore[arg-type]
        down_seats = set(drafters[p + 1:])
        down = [s for s in slots if (s[0] == "hand" and s[1] in down_seats) or s[0] in ("packet", "discard")]
        up = [s for s in slots if s not in down]
        down_pool = [c for c in seen if c not in known]
        up_pool = [c for c in SPECIAL_IDS if c not in seen and c not in known]
        if len(down) == len(down_pool) and len(up) == len(up_pool):
            assign = _deal_specials(down, down_pool, over, rng) + _deal_specials(up, up_pool, over, rng)
    if not assign and slots:
        pool = [c for c in SPECIAL_IDS if c not in known]
        assign = _deal_specials(slots, pool, over, rng)
    for (kind, k), card in assign:
        if kind == "hand":
            full.special_hand[k] = card
        elif kind == "packet":
            full.packet[k] = card
        elif kind == "removed":
            full.special_deal_removed[k] = card
        else:
            full.special_discard = card
    full.special_deal_removed.sort()
    # rebuild the packets the other drafters saw
    received = len(drafters) if full.phase != DRAFT else full.draft_step + 1
    for k, seat in enumerate(drafters):
        if seat == me or k >= received:
            continue
        cards = []
        for j in range(k, min(received, len(drafters))):
            s2 = drafters[j]
            if j < full.draft_step or full.phase != DRAFT:
                pick = full.special_hand[s2] if full.special_hand[s2] is not None else played_by.get(s2)
                if pick is not None:
                    cards.append(pick)
        cards += [c for c in full.packet]
        if full.special_discard is not None:
            cards.append(full.special_discard)
        full.draft_seen[seat] = sorted(cards)


def _deal_specials(slots: list[tuple[str, int]], pool: list[str], over: bool,
                   rng: Rng) -> list[tuple[tuple[str, int], str]]:
    """The cards of ``pool`` dealt at random to ``slots``; once the hand is over a hidden card in a hand
    is one that was never kept to the end (V6: those are shown at scoring)."""
    pool = list(pool)
    rng.shuffle(pool)
    if not over:
        return list(zip(slots, pool))
    hands = [s for s in slots if s[0] == "hand"]
    played_kind = [c for c in pool if c not in KEPT_SPECIALS]
    rest = [c for c in pool if c in KEPT_SPECIALS] + played_kind[len(hands):]
    rng.shuffle(rest)
    return list(zip(hands, played_kind)) + list(zip([s for s in slots if s[0] != "hand"], rest))


def determinize(view: State, rng: Rng) -> State:
    """The game's determinizer: for a match view or a single hand's view."""
    if isinstance(view, MatchState):
        return determinize_match(view, rng, determinize_hand)
    return determinize_hand(view, rng)


# ==================================================================================================
# Twins: what a seat cannot tell apart (PlayaRules.secrets)
# ==================================================================================================
def twin_hand(hand: PlayaHand, seat: int | None, rng: Rng) -> PlayaHand:
    """Another full hand ``seat`` cannot tell apart from ``hand``: every card ``seat`` has not seen dealt
    again (``determinize_hand`` of its view: R3, R4, R10, R12, V5, V13 say what each seat sees), and the
    other seats' private log lines told again from the new cards. ``hand`` is not changed."""
    twin = determinize_hand(hand.view(seat), rng)
    pending = hand.pending_lifeguard
    if pending is not None and pending[0] != seat and twin.special_hand[pending[0]] == LIFEGUARD:
        twin.pending_lifeguard = pending  # the other drafter's choice of target stays theirs
    twin._events = _events_told_again(hand._events, twin, seat)
    twin._dirty()
    return twin


def _events_told_again(events: Sequence[Event], twin: PlayaHand, seat: int | None) -> list[Event]:
    """``events`` with the secret part of each event ``seat`` was not told rewritten from ``twin``'s cards
    (a seat's deal, a draft packet and pick, a burial, a look), as ``_private_lines_told_again`` does for
    the log. The events ``seat`` was told keep their secrets: its view keeps what they told it."""
    looks = sum(1 for e in events if e.kind == "revealed" and e.get("what") == "hand")
    look_at = len(twin.looks) - looks  # a position built by hand may hold looks older than its events
    lifeguard_lines = 0
    out: list[Event] = []
    for e in events:
        if e.kind == "revealed" and e.get("what") == "hand":
            look_at += 1
        if e.kind == "said":          # a log line: another seat's private line told again from the cards
            text = e.get("text")
            look = None
            if text is not None and text.key == "pp.log.lifeguard_private":
                look = twin.looks[lifeguard_lines] if lifeguard_lines < len(twin.looks) else None
                lifeguard_lines += 1
            if not e.secret or (seat is not None and seat in (e.audience or ())) or text is None:
                out.append(e)
            else:
                out.append(said(e.seat, _line_again(text, e.audience[0], twin, look), e.audience[0]))
            continue
        if not e.secret or (seat is not None and seat in (e.audience or ())):
            out.append(e)
            continue
        secret = _secret_again(e, twin, look_at - 1)
        out.append(e if secret is None else
                   Event.of(e.kind, e.seat, audience=e.audience, secret=secret, **dict(e.data)))
    return out


def _secret_again(e: Event, twin: PlayaHand, look: int) -> dict[str, Any] | None:
    """The secret of ``e`` as ``twin``'s cards tell it (None: keep it as it is)."""
    kind, what, who = e.kind, e.get("what"), e.seat
    if kind == "dealt" and what == "hand" and who is not None:
        return {"cards": sorted(twin.treasures[who] + [sp.treasure for sp in twin.beach if sp.buried_by == who])}
    if kind == "dealt" and what == "packet" and who is not None and twin.draft_seen[who] is not None:
        return {"cards": sorted(twin.draft_seen[who] or [])}
    if kind == "chose" and e.get("choice") == "special" and who is not None:
        card = twin.special_hand[who]
        if card is None:
            card = next((c for s, c in twin.special_played if s == who), None)
        if card is None or card == UNKNOWN:
            return None
        # the Lifeguard's target is a choice of its holder: kept while the re-dealt card is still it
        return {"card": card, "lifeguard_target": e.get("lifeguard_target", -1) if card == LIFEGUARD else -1}
    if kind in ("buried", "revealed") and what in (None, "treasure"):
        spot = e.get("spot")
        if isinstance(spot, int) and 0 <= spot < len(twin.beach):
            return {"treasure": twin.beach[spot].treasure}
    if kind == "revealed" and what == "hand" and 0 <= look < len(twin.looks):
        return {"cards": list(twin.looks[look][2])}
    return None


def _old_line(item: Any) -> Event:
    """A log line as saves wrote them before the log was events: ``[audience, line]``."""
    if not isinstance(item, list) or len(item) != 2 or not (item[0] is None or isinstance(item[0], int)):
        raise ValueError(f"not a log line: {item!r:.60}")
    line = LogEntry.from_json(item[1])
    return said(line.seat, line.text, item[0])


def _line_again(text: Text, audience: int, twin: PlayaHand, look: Any) -> Text:
    """A private log line of ``audience`` told again from ``twin``'s cards (what it buried, looked at, kept
    from the draft, saw with the Lifeguard: ``look``)."""
    key, params = text.key, text.kwargs
    if key in ("pp.log.bury_private", "pp.log.look_private"):
        return T(key, spot=params["spot"], treasure=treasure_text(twin.beach[params["spot"] - 1].treasure))
    if key == "pp.log.lifeguard_private" and look is not None:
        return T(key, target=params["target"], cards=list_text([treasure_text(c) for c in look[2]]))
    if key == "pp.log.draft_keep":
        kept = twin.special_hand[audience]
        if kept is None:
            kept = next(card for s, card in twin.special_played if s == audience)
        return T(key, card=special_text(kept))
    return text  # a private line that tells no card


def twin_state(state: State, seat: int | None, rng: Rng) -> State:
    """``PlayaRules.twin``: a match (or a lone hand) ``seat`` cannot tell apart from ``state``. Both the
    hand in play and the finished hand still shown (its removed and unplayed cards) are dealt again, and
    the match's generator, which deals the hands to come, is replaced."""
    if isinstance(state, PlayaHand):
        return twin_hand(state, seat, rng)
    assert isinstance(state, MatchState)
    twin = state.clone()
    assert isinstance(state.hand, PlayaHand)
    twin.hand = twin_hand(state.hand, seat, rng)
    if isinstance(state.last_hand, PlayaHand):
        twin.last_hand = twin_hand(state.last_hand, seat, rng)
        # the finished hand's events were copied into the match's past events, then the match's line that the
        # hand ended, its "ended" event and the line that the next hand begins
        told, again = state.last_hand.events, twin.last_hand.events
        past = state.past_events
        end = next((i for i in range(len(past) - 1, -1, -1) if past[i].kind == "ended"
                    and past[i].get("what") == "hand"), len(past))
        for gap in range(3):                           # the match's own line between the hand and its end
            start = end - gap - len(told)
            if told and start >= 0 and past[start:start + len(told)] == told:
                twin.past_events = past[:start] + list(again) + past[start + len(told):]
                break
    twin.rng = Rng(rng.next64())
    return twin


# ==================================================================================================
# Match and rules
# ==================================================================================================
def seating_chooser(order: Sequence[int], scores: Sequence[float]) -> int:
    """V2 (A17): the lowest hand-1 score chooses; on a tie the one who sat latest in hand 1."""
    low = min(scores[s] for s in order)
    return [s for s in order if scores[s] == low][-1]


def seating_order(order: Sequence[int], chooser: int, position: int) -> list[int]:
    """V3: hand 1's order rotated by one, the chooser taken out and put at ``position`` (1-based)."""
    base = list(order[1:]) + list(order[:1])
    base.remove(chooser)
    base.insert(position - 1, chooser)
    return base


class PlayaMatch(MatchState):
    """A MatchState that seeds the first starting player (R6) and asks for the hand-2 seat (V2)."""

    @classmethod
    def start(cls, rules: MatchRules, players: int, options: Mapping[str, Any], seed: int) -> "PlayaMatch":
        rng = Rng(seed)
        n = rules.hands_in_match(players, options)
        choice = options.get("first-player", "random")
        first = rng.below(players) if choice == "random" else (FIRST_PLAYER_CHOICES.index(choice) - 1) % players
        hand = rules.new_hand(players, options, rng.next64(), first, 0)
        log = [said(None, T("match.log.hand_start", hand=1, hands=n))] if n > 1 else []
        return cls(rules, players, options, n, rng, hand, 0, first, past_events=log)

    def _finish_hand(self) -> None:
        super()._finish_hand()
        hand = self.hand
        if isinstance(hand, PlayaHand) and hand.phase == SEATING and hand.chooser < 0 \
                and self.last_hand is not None and not self.is_over():
            last = self.last_hand
            assert isinstance(last, PlayaHand)
            scores = self.hand_results[0].scores or [0.0] * self.players
            self.hand.begin_seating(seating_chooser(last.order, scores))



class PlayaRules(MatchRules):
    """Playa Pirata: a match of hands (R39, R40, R41, R42, R43, V1, V2, V3), optionally with the special
    cards (V4, V5, V6, V7, V8, V9, V10, V11, V12, V13, V14, V15, V16, V17)."""

    id = "playa-pirata"
    name_key = "game.playa-pirata.name"
    version = 1
    min_players = 2
    max_players = 4
    has_secrets = True
    options = (
        Option("match-format", "choice", "full", label="pp.opt.format", help="pp.opt.format.help",
               choices=MATCH_FORMATS,
               choice_labels=("pp.opt.format.full", "pp.opt.format.two", "pp.opt.format.single")),
        Option("special-cards", "bool", False, label="pp.opt.special", help="pp.opt.special.help"),
        Option("first-player", "choice", "random", label="pp.opt.first", help="pp.opt.first.help",
               choices=FIRST_PLAYER_CHOICES,
               choice_labels=("pp.opt.first.random", "pp.opt.first.1", "pp.opt.first.2", "pp.opt.first.3",
                              "pp.opt.first.4")),
    )
    action_types = ACTION_TYPES

    def check(self, players: int, options: Mapping[str, Any]) -> list[Text]:
        problems = super().check(players, options)
        choice = options.get("first-player", "random")
        if choice in FIRST_PLAYER_CHOICES and choice != "random" and \
                FIRST_PLAYER_CHOICES.index(choice) > players:
            problems.append(T("pp.opt.err.first", n=players))
        return problems

    def hands_in_match(self, players: int, options: Mapping[str, Any]) -> int:
        fmt = options.get("match-format", "full")
        return {"full": players, "two-hands": 2, "single-hand": 1}[fmt]

    def first_player_of_match(self, players: int, options: Mapping[str, Any]) -> int:
        choice = options.get("first-player", "random")
        return 0 if choice == "random" else (FIRST_PLAYER_CHOICES.index(choice) - 1) % players

    def new_hand(self, players: int, options: Mapping[str, Any], seed: int, first_player: int,
                 hand_index: int) -> PlayaHand:
        seating = options.get("match-format") == "two-hands" and hand_index == 1
        return PlayaHand.deal(players, options, seed, first_player, hand_index, seating=seating)

    def hand_from_json(self, data: JSON) -> PlayaHand:
        return PlayaHand.from_json(data)

    def match_tiebreak(self, match: MatchState) -> list[Any] | None:
        """R41 (A16): the best single hand; still tied -> shared (R42)."""
        return [max(((r.scores or [0.0] * match.players)[seat] for r in match.hand_results), default=0.0)
                for seat in range(match.players)]

    def match_tiebreak_how(self, match: MatchState, winners: list[int]) -> Text:
        """How a tie on points was broken, said with its figure: the best single hand (R41)."""
        best = self.match_tiebreak(match) or [0.0]
        return Text.of("pp.how.best_hand", n=int(max(best[w] for w in winners)))

    def new_state(self, players: int, options: Mapping[str, Any], seed: int) -> PlayaMatch:
        return PlayaMatch.start(self, players, options, seed)

    def state_from_json(self, data: JSON) -> PlayaMatch:
        return PlayaMatch.from_json(self, data)  # type: ignore[return-value]

    def validate_state(self, state: State) -> None:
        """A loaded save's position: seats, turn, every card once and where it may lie (``validate.py``)."""
        super().validate_state(state)
        from game.games.playa_pirata.validate import validate_match
        validate_match(self, state)

    # Secrets: R3, R4, R10, R12, V4, V5, V13 say who sees what ------------------------------------
    secrets = (
        "the treasure cards in the other players' hands",
        "the face of a buried treasure the seat did not bury, look at, or see turned up",
        "the treasures removed at the deal",
        "the other players' special cards, and the special cards removed at the deal and after the draft",
        "the draft packet while another player holds it",
        "what the other players saw with the Lifeguard",
        "the deals of the hands to come (the match's generator)",
    )

    def twin(self, state: State, seat: int | None, rng: Any) -> State:
        return twin_state(state, seat, rng)

    def corruptions(self, data: JSON) -> Any:
        from game.games.playa_pirata.validate import corruptions
        return corruptions(data)


RULES = PlayaRules()
