"""Playa Pirata positions on demand (issue 13): any moment of a hand, said the way a person says it.

A position tells who holds which treasures, pirates, towels and special cards, what lies on the beach
(each buried treasure with its pile, bottom to top, and its markers), whose turn it is in which round and
phase, and what comes next. What it does not tell is filled in the way a deal would leave it (below).
The result is checked like a loaded save (``RULES.validate_state``): a position the game cannot reach
from the rules' point of view (a card twice or nowhere, an umbrella whose card is still in hand, a flag
nobody played...) raises ``ValueError`` saying what does not fit.

Worked example: three players, round 4, Blue to play step A. Red buried a 7 and Green covered Red's 2
with a 3; the towel treasure lies face up (a Map) under every green towel Green has played and Blue's
1 on top; Green holds only two 3s; Blue still has a 5 and a skull, the Spyglass and the Umbrella::

    from game.games.playa_pirata.positions import REST, Buried, hand
    BLUE, GREEN, RED = 1, 2, 0
    h = hand(3, round=4, turn=BLUE,
             treasures={BLUE: ["5", "skull"]},
             pirates={BLUE: ["spyglass", "umbrella"]},
             towels={GREEN: [3, 3]},
             beach=[Buried("7", by=RED, pile=[(RED, 2), (GREEN, 3)]),
                    Buried("towel", by=GREEN, face_up=True, pile=[(GREEN, REST), (BLUE, 1)])])
    h.beach[2].top_value                       # 1: Blue occupies the towel treasure (R30)
    h.legal_actions()                          # bury the 5 or a skull, Spyglass or Umbrella (R9)

``hand(...)`` returns the hand in play (a ``PlayaHand``); ``position(...)`` the whole match
(``PlayaMatch``) around it. ``at(h, ...)`` is the same table at the start of another turn.

What a position may say (seats are 0..players-1; seat ``k`` plays colour ``COLOURS[k]``):

- ``players`` (2-4), ``special`` (the special-cards variant), ``first``: the first hand's starting player
  (default 0); ``order``: this hand's turn order (default: from ``first``, one seat on per hand, R39).
- ``phase``: ``"round"`` (default), ``"final"`` (the starting player's final turn, R28), ``"draft"`` (V5)
  or ``"seating"`` (V2); ``round`` (default 2); ``turn``: the seat to act (default the starting player;
  the drafter in the draft); ``step``: ``"A"`` (default), ``"B"`` (step A done) or ``"end"``; ``groups``:
  treasures that already got a towel group this turn (R19); ``parrot``: the treasure the turn's Parrot
  was played on (V16).
- ``treasures={seat: [...]}``: the treasure cards in a hand, by id (``"treasure-7-b"``) or by name
  (``"3"`` .. ``"7"``, ``"skull"``, ``"towel"``: the first such card left).
- ``central`` and ``beach``: ``Buried`` treasures. ``central`` is beach index 0 (R3); ``beach[k]`` is beach
  index ``k + 1``, buried in that order. A ``Buried`` pile is a list of ``(seat, value)`` towels, bottom
  to top; ``(seat, REST)`` stands for every towel of that seat that is not in its hand or another pile.
- ``towels={seat: [values]}``: the towels in a hand. A seat's towels not in its hand lie in the piles:
  every one of its 12 cards must be somewhere (use ``REST``).
- ``pirates={seat: [kinds]}`` (``"spyglass"``, ``"map"``, ``"umbrella"``); ``discard``: pirate cards played,
  in order, as ids or ``(seat, kind)``; ``umbrella_aside`` (R16) / ``umbrella_wasted`` (A28): seats.
- ``specials={seat: card}`` (special-cards only): the card a seat holds (``None``: it played its card);
  ``played=[(seat, card)]``: special cards played. The Flag of a flagged ``Buried`` (played by its burier),
  a Double beach towel (``double_by``), the Lifeguard of ``looks=[(looker, target)]`` and the turn's
  Parrot are counted as played without being listed. ``packet`` (the cards the drafter holds in the
  draft), ``set_aside`` (the one the starting player removed after the draft), ``special_removed``.
- ``seed``: the match's generator, which deals the hands to come (and what the position leaves unsaid);
  ``match_format`` (default ``"single-hand"``); ``finished=[{...}, ...]``: the hands already played, each
  given as its final turn (the keywords above) and scored by the rules when the builder ends it.

What is left unsaid: a ``Buried`` without ``by`` was buried by the seats in turn order, one each; without
a treasure it gets one dealt from ``seed``, as do the central treasure and the hands not given (as many as
R2 deals, less one per treasure that seat buried); the treasures left over are the removed ones (R3).
A seat's pirates not given are those it has not played; towels not given are those not in a pile. With
the special cards, a seat that holds and played nothing gets a card kept to the end (Sandcastle,
Skeleton, Wave first), the starting player sets one aside, and the rest were removed at the deal.
What each seat has seen: what it buried (``known_by`` adds lookers), the Map's faces (``face_up``).
Nothing else is counted: a position may give a seat more action cards than its round leaves it.
Nor is what happened before it told: a built hand has no log and no events (``events`` is empty; the actions
applied to it add theirs, a finished hand of ``finished`` only those of its final turn and scoring);
``at`` keeps the events and the log as they are.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, NoReturn, Sequence

from game.core.protocol import resolve_options
from game.core.rng import Rng
from game.games.playa_pirata.cards import (COLOURS, DOUBLE, FLAG, LIFEGUARD, PARROT,
                                           PIRATE_KINDS, SPECIAL_IDS, TOWEL_VALUE, TOWELS_PER_COLOUR,
                                           TREASURE_IDS, TREASURE_KIND, TREASURE_VALUE, TREASURES_PER_PLAYER,
                                           pirate_ids, rounds_in_hand, towel_ids)
from game.games.playa_pirata.rules import (DRAFT, FINAL, ROUND, SEATING, STEP_A, STEP_B, STEP_END,
                                           MATCH_FORMATS, RULES, EndTurn, PlayaHand, PlayaMatch, Spot,
                                           seating_chooser)

REST = "rest"  # in a pile: every towel of that seat not placed elsewhere
_DEFAULT = object()
_PHASES = {"round": ROUND, "final": FINAL, "draft": DRAFT, "seating": SEATING}
_STEPS = {"A": STEP_A, "B": STEP_B, "end": STEP_END}


@dataclass
class Buried:
    """A treasure on the beach: its card (id or name, None: dealt), its pile bottom to top as
    ``(seat, value)`` towels, who buried it (``by``), the umbrella's owner, the Flag it was buried with,
    who played a Double beach towel beside it, face up (a Map), and the seats that looked at it."""

    treasure: str | None = None
    pile: Sequence[tuple[int, Any]] = ()
    by: Any = _DEFAULT
    umbrella: int | None = None
    flag: bool = False
    double_by: int | None = None
    face_up: bool = False
    known_by: Sequence[int] = field(default_factory=tuple)


class PositionError(ValueError):
    """A position that does not fit the game (the message says what)."""


def _fail(message: str) -> NoReturn:
    raise PositionError(f"not a Playa Pirata position: {message}")


def _who(seat: int) -> str:
    return f"{COLOURS[seat]} (seat {seat})" if 0 <= seat < len(COLOURS) else f"seat {seat}"


# ==================================================================================================
# Public builders
# ==================================================================================================
def position(players: int = 3, *, special: bool = False, match_format: str = "single-hand", first: int = 0,
             seed: int = 1, finished: Sequence[Mapping[str, Any]] = (), **spec: Any) -> PlayaMatch:
    """The match around a position of its hand in play (the keywords of the module's docstring)."""
    if players not in TREASURES_PER_PLAYER:
        _fail(f"{players} players (2 to 4)")
    if match_format not in MATCH_FORMATS:
        _fail(f"unknown match format {match_format!r} (one of {', '.join(MATCH_FORMATS)})")
    if not 0 <= first < players:
        _fail(f"the first player {first} is not a seat of {players}")
    options = resolve_options(RULES.options, {"match-format": match_format, "special-cards": bool(special),
                                              "first-player": f"seat-{first + 1}"})
    n_hands = RULES.hands_in_match(players, options)
    if len(finished) >= n_hands and spec:
        _fail(f"the match is over after {len(finished)} hands: nothing more to place")
    if len(finished) > n_hands:
        _fail(f"{len(finished)} finished hands in a match of {n_hands}")
    rng = Rng(seed)
    future = Rng(rng.next64())  # the match's generator: it deals the hands after these
    specs = [dict(s, phase="final") for s in finished]
    if len(finished) < n_hands:
        specs.append(spec)
    match: PlayaMatch | None = None
    for index, hand_spec in enumerate(specs):
        built = _build_hand(players, bool(special), index, first, Rng(rng.next64()), hand_spec,
                            last=match.last_hand if match is not None else None)
        if match is None:
            match = PlayaMatch(RULES, players, options, n_hands, future, built, 0, first)
        else:
            match.hand = built
        _validate(match)
        if index < len(finished):
            match.apply(EndTurn(built.order[0]))  # the rules score the finished hand (R38)
    assert match is not None
    return match


def hand(players: int = 3, **spec: Any) -> PlayaHand:
    """The hand in play of ``position(players, **spec)``."""
    built = position(players, **spec).hand
    assert isinstance(built, PlayaHand)
    return built


def at(h: PlayaHand, *, phase: str = "round", round: int | None = None, turn: int | None = None) -> PlayaHand:
    """The same table at the start of another turn: ``turn``'s step A in ``round`` (default: the round
    ``h`` is in, the starting player), or the starting player's final turn (``phase="final"``). The cards,
    the beach, the log and what each seat knows stay as they are; ``h`` is not changed."""
    if phase not in ("round", "final"):
        _fail(f"at() moves to a turn of phase 'round' or 'final', not {phase!r}")
    c = h.clone()
    if phase == "final":
        c.phase, c.round, c.turn_pos = FINAL, c.n_rounds, c.players
        c._begin_turn(c.order[0])
    else:
        seat = c.order[0] if turn is None else turn
        if seat not in c.order:
            _fail(f"{seat} is not a seat of {c.players}")
        c.phase, c.round, c.turn_pos = ROUND, c.round if round is None else round, c.order.index(seat)
        if not 1 <= c.round <= c.n_rounds:
            _fail(f"round {c.round} of a hand of {c.n_rounds}")
        c._begin_turn(seat)
    c.scores = None
    c.breakdown = []
    _validate_hand(c)
    return c


# ==================================================================================================
# Building one hand
# ==================================================================================================
def _build_hand(players: int, special: bool, hand_index: int, first: int, rng: Rng, spec: Mapping[str, Any],
                last: Any = None) -> PlayaHand:
    spec = dict(spec)
    unknown = sorted(set(spec) - _KEYWORDS)
    if unknown:
        _fail(f"unknown keyword {', '.join(unknown)}")

    def seat_ok(seat: Any, what: str) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            _fail(f"{what}: {seat!r} is not a seat of a {players}-player game")
        return seat

    h = PlayaHand()
    h.players, h.special, h.hand_index = players, special, hand_index
    h.n_rounds = rounds_in_hand(players)
    order = list(spec.get("order") or [(first + hand_index + k) % players for k in range(players)])
    if sorted(order) != list(range(players)):
        _fail(f"the turn order {order} is not every seat once")
    h.order = order
    phase = _PHASES.get(spec.get("phase", "round"))
    if phase is None:
        _fail(f"unknown phase {spec.get('phase')!r} (round, final, draft or seating)")
    if phase == DRAFT and not special:
        _fail("a draft without the special cards")
    central = spec.get("central") or Buried()
    buried = list(spec.get("beach", ()))
    if phase in (DRAFT, SEATING) and buried:
        _fail("treasures buried before round 1")
    if central.by not in (_DEFAULT, None):
        _fail("the central treasure was buried by nobody (R3)")
    for k, b in enumerate([central] + buried):
        if not isinstance(b, Buried):
            _fail(f"treasure #{k + 1} is not a Buried(...)")
    burier: list[int | None] = [None]
    burier += [order[k % players] if b.by is _DEFAULT else seat_ok(b.by, f"treasure #{k + 2} buried by")
               for k, b in enumerate(buried)]
    spots = [central] + buried
    spot_cards = _deal_treasures(h, spec, spots, burier, rng)
    piles = _place_towels(h, spec, spots, seat_ok)
    h.beach = []
    for k, b in enumerate(spots):
        known = ({burier[k]} if burier[k] is not None else set()) | \
            {seat_ok(s, f"treasure #{k + 1} known by") for s in b.known_by}
        sp = Spot(spot_cards[k], burier[k], k, sorted(known), flag=bool(b.flag))  # type: ignore[arg-type]
        sp.pile = piles[k]
        sp.face_up = bool(b.face_up)
        if b.umbrella is not None:
            sp.umbrella = seat_ok(b.umbrella, f"treasure #{k + 1}'s umbrella")
        sp.double = b.double_by is not None
        h.beach.append(sp)
    h.burials = len(h.beach) - 1
    _place_pirates(h, spec, seat_ok)
    looks = [(seat_ok(a, "lifeguard looker"), seat_ok(b, "lifeguard target")) for a, b in spec.get("looks", ())]
    parrot = spec.get("parrot", -1)
    _specials(h, spec, special, phase, order, looks, parrot, seat_ok, last)
    h.looks = [[a, b, sorted(h.treasures[b]), h.burials] for a, b in looks]
    _whose_turn(h, spec, phase, parrot, seat_ok, last)
    h._dirty()
    return h


_KEYWORDS = {"order", "phase", "round", "turn", "step", "groups", "parrot", "treasures", "central", "beach",
             "removed", "towels", "pirates", "discard", "umbrella_aside", "umbrella_wasted", "specials", "played",
             "looks", "packet", "set_aside", "special_removed"}


def _deal_treasures(h: PlayaHand, spec: Mapping[str, Any], spots: list[Buried], burier: list[int | None],
                    rng: Rng) -> list[str]:
    """The named treasures where they are named (ids before names, so that "7" does not take a given
    id), then the others dealt from ``rng``: to the spots without one, to the hands not given (R2 less
    the seat's burials), the rest removed (R3). Sets the hands and the removed cards; returns the spots'."""
    players = h.players
    claimed: dict[str, str] = {}

    def claim(name: Any, where: str) -> str:
        card = _treasure_id(name, claimed)
        if card in claimed:
            _fail(f"{card} is both {claimed[card]} and {where}")
        claimed[card] = where
        return card
    named = {seat: list(names) for seat, names in dict(spec.get("treasures", {})).items()}
    for seat in named:
        if not isinstance(seat, int) or not 0 <= seat < players:
            _fail(f"treasures of: {seat!r} is not a seat of a {players}-player game")
    named_hands: dict[int, list[str]] = {seat: [] for seat in named}
    spot_cards: list[str | None] = [None] * len(spots)
    removed_named = spec.get("removed")
    for full_ids in (True, False):
        for seat, names in named.items():
            for name in names:
                if (name in TREASURE_KIND) == full_ids:
                    named_hands[seat].append(claim(name, f"in {_who(seat)}'s hand"))
        for k, b in enumerate(spots):
            if b.treasure is not None and (b.treasure in TREASURE_KIND) == full_ids:
                spot_cards[k] = claim(b.treasure, f"treasure #{k + 1}")
        for name in removed_named or ():
            if (name in TREASURE_KIND) == full_ids:
                claim(name, "removed")
    pool = [c for c in TREASURE_IDS if c not in claimed]
    rng.shuffle(pool)
    for k in range(len(spots)):
        if spot_cards[k] is None:
            if not pool:
                _fail(f"no treasure card left for treasure #{k + 1}")
            spot_cards[k] = pool.pop()
    hands: list[list[str]] = [[] for _ in range(players)]
    for seat in h.order:
        if seat in named_hands:
            hands[seat] = named_hands[seat]
        else:
            quota = max(0, TREASURES_PER_PLAYER[players] - sum(1 for b in burier if b == seat))
            hands[seat] = [pool.pop() for _ in range(min(quota, len(pool)))]
    if removed_named is not None:
        if pool:
            _fail(f"treasure cards in no place: {', '.join(sorted(pool))} (name them in a hand, on the beach "
                  "or among the removed)")
        pool = [c for c, where in claimed.items() if where == "removed"]
    h.treasures = [sorted(t) for t in hands]
    h.removed = sorted(pool)
    return [c for c in spot_cards if c is not None]


def _place_towels(h: PlayaHand, spec: Mapping[str, Any], spots: list[Buried], seat_ok: Any) -> list[list[str]]:
    """The piles' towels, then the hands' (given, or every towel not in a pile); ``(seat, REST)`` in a
    pile takes what its seat has left. Every towel of every seat is placed once (R1, R26). Sets the
    hands' towels; returns the piles."""
    players = h.players
    left = {seat: {v: [c for c in towel_ids(seat) if TOWEL_VALUE[c] == v] for v in TOWELS_PER_COLOUR}
            for seat in range(players)}

    def take(seat: int, value: Any, where: str) -> str:
        if value not in TOWELS_PER_COLOUR:
            _fail(f"{where}: a towel of value {value!r} (1, 2 or 3)")
        if not left[seat][value]:
            _fail(f"{where}: {_who(seat)} has no towel of value {value} left "
                  f"(each colour has {TOWELS_PER_COLOUR[value]})")
        return left[seat][value].pop(0)
    piles: list[list[Any]] = []
    rests: dict[int, int] = {}  # seat -> the pile holding its REST
    for k, b in enumerate(spots):
        pile: list[Any] = []
        for entry in b.pile:
            if not (isinstance(entry, (tuple, list)) and len(entry) == 2):
                _fail(f"treasure #{k + 1}: the pile holds (seat, value) towels, not {entry!r}")
            seat = seat_ok(entry[0], f"treasure #{k + 1}'s pile")
            if entry[1] == REST:
                if seat in rests:
                    _fail(f"{_who(seat)}'s REST is in two piles")
                rests[seat] = k
                pile.append((REST, seat))  # filled once the hands are known
            else:
                pile.append(take(seat, entry[1], f"treasure #{k + 1}"))
        piles.append(pile)
    named = dict(spec.get("towels", {}))
    for seat in named:
        seat_ok(seat, "towels of")
    held: list[list[str]] = [[] for _ in range(players)]
    for seat in range(players):
        if seat in named:
            held[seat] = [take(seat, v, f"{_who(seat)}'s hand") for v in named[seat]]
        rest = sorted((c for cards in left[seat].values() for c in cards), key=lambda c: -TOWEL_VALUE[c])
        if seat in rests:  # highest first, so that the lowest would be on top (R22)
            k = rests[seat]
            piles[k] = [c for entry in piles[k] for c in (rest if entry == (REST, seat) else [entry])]
        elif seat in named:
            if rest:
                _fail(f"{_who(seat)}'s towels {', '.join(str(TOWEL_VALUE[c]) for c in rest)} are neither in "
                      "hand nor in a pile (place them, e.g. with (seat, REST) under a pile)")
        else:
            held[seat] = rest
    h.towels = [sorted(t, key=lambda c: (TOWEL_VALUE[c], c)) for t in held]
    return piles


def _place_pirates(h: PlayaHand, spec: Mapping[str, Any], seat_ok: Any) -> None:
    """The pirate cards in hand (given, or those not played) and the played pile (R11): the given
    order first, then every other card not in a hand, seat by seat. An umbrella on the beach, aside
    (R16) or wasted (A28) has been played."""
    players = h.players
    aside = [seat_ok(s, "umbrella aside") for s in spec.get("umbrella_aside", ())]
    wasted = [seat_ok(s, "umbrella wasted") for s in spec.get("umbrella_wasted", ())]
    h.umbrella_aside = [s in aside for s in range(players)]
    h.umbrella_wasted = [s in wasted for s in range(players)]
    umbrella_used = {sp.umbrella for sp in h.beach if sp.umbrella is not None} | set(aside) | set(wasted)
    discard = [_pirate_id(p, players) for p in spec.get("discard", ())]
    named = dict(spec.get("pirates", {}))
    h.pirates = []
    for seat in range(players):
        if seat in named:
            held = []
            for kind in named[seat]:
                card = _pirate_id((seat, kind) if kind in PIRATE_KINDS else kind, players)
                if card in held or card in discard:
                    _fail(f"{card} is in two places")
                held.append(card)
        else:
            held = [c for c in pirate_ids(seat) if c not in discard
                    and not (c.endswith("umbrella") and seat in umbrella_used)]
        if seat in umbrella_used and any(c.endswith("umbrella") for c in held):
            _fail(f"{_who(seat)}'s umbrella is in hand and in play")
        h.pirates.append(sorted(held, key=lambda c: PIRATE_KINDS.index(c.rsplit("-", 1)[1])))
    held_all = {c for p in h.pirates for c in p}
    h.discard = discard + [c for seat in range(players) for c in pirate_ids(seat)
                           if c not in held_all and c not in discard]


def _whose_turn(h: PlayaHand, spec: Mapping[str, Any], phase: str, parrot: int, seat_ok: Any, last: Any) -> None:
    """The phase, the round and the seat to act, at the start of its turn (R7, R14: the treasures it
    occupies now are those it occupied at the start), then the step reached and the turn's groups."""
    order, players = h.order, h.players
    h.round = 1
    if phase == SEATING:
        chooser = spec.get("turn")
        if chooser is None:
            if last is None or last.scores is None:
                _fail("the seating choice needs the finished hand 1 or the chooser as turn=")
            chooser = seating_chooser(last.order, last.scores)
        h.phase, h.chooser = SEATING, seat_ok(chooser, "the seat chooser")
        h.current = h.chooser
        return
    if phase == DRAFT:
        h.phase, h.current = DRAFT, seat_ok(spec.get("turn", h.drafters[0]), "the drafter")
        h.draft_step = h.drafters.index(h.current)
        return
    if phase == FINAL:
        if spec.get("turn", order[0]) != order[0]:
            _fail("the final turn is the starting player's (R28)")
        h.phase, h.round, h.turn_pos = FINAL, h.n_rounds, players
        h._begin_turn(order[0])
    else:
        h.round = spec.get("round", 2)
        if not isinstance(h.round, int) or not 1 <= h.round <= h.n_rounds:
            _fail(f"round {h.round!r} of a hand of {h.n_rounds} rounds")
        seat = seat_ok(spec.get("turn", order[0]), "turn")
        h.phase, h.turn_pos = ROUND, order.index(seat)
        h._begin_turn(seat)
    step = spec.get("step", "B" if phase == FINAL else "A")
    if step not in _STEPS:
        _fail(f"unknown step {step!r} (A, B or end)")
    if phase == FINAL and step == "A":
        _fail("the final turn has no step A (R28)")
    h.step = _STEPS[step]
    h.groups = list(spec.get("groups", ()))
    if h.groups and h.step == STEP_A:
        _fail("towel groups before step A is played (R9)")
    h.parrot = parrot


def _specials(h: PlayaHand, spec: Mapping[str, Any], special: bool, phase: str, order: list[int],
              looks: list[tuple[int, int]], parrot: int, seat_ok: Any, last: Any) -> None:
    players = h.players
    seats = range(players)
    h.special_hand = [None] * players
    h.draft_seen = [None] * players
    flags = [(sp.buried_by, FLAG) for sp in h.beach if sp.flag]
    doubles = [(b.double_by, DOUBLE) for b in [spec.get("central") or Buried()] + list(spec.get("beach", ()))
               if b.double_by is not None]
    auto = flags + doubles + [(a, LIFEGUARD) for a, _ in looks]
    if parrot != -1:
        auto.append((spec.get("turn", order[0]), PARROT))
    named = {k: spec.get(k) for k in ("specials", "played", "packet", "set_aside", "special_removed")}
    if not special:
        if auto or any(named.values()):
            _fail("special cards in a game without the special-cards variant")
        return
    claimed: dict[str, str] = {}

    def claim(card: Any, where: str) -> str:
        if card not in SPECIAL_IDS:
            _fail(f"{card!r} is no special card ({', '.join(SPECIAL_IDS)})")
        if card in claimed:
            _fail(f"{card} is both {claimed[card]} and {where}")
        claimed[card] = where
        return card
    played = [(seat_ok(s, "special card played by"), claim(c, f"played by {_who(s)}"))
              for s, c in list(named["played"] or ()) + auto]
    for seat, card in dict(named["specials"] or {}).items():
        seat_ok(seat, "special card of")
        h.special_hand[seat] = claim(card, f"in {_who(seat)}'s hand") if card is not None else None
    for card in named["packet"] or ():
        claim(card, "in the draft packet")
    if named["set_aside"] is not None:
        claim(named["set_aside"], "set aside after the draft")
    for card in named["special_removed"] or ():
        claim(card, "removed at the deal")
    pool = [c for c in SPECIAL_IDS if c not in claimed]  # kept cards first: passive defaults
    h.special_played = played
    given = set(dict(named["specials"] or {}))
    if phase == SEATING:
        if played or given:
            _fail("special cards in play before the draft (V4)")
        h.packet = list(named["packet"] or [pool.pop(0) for _ in range(players + 1)])
    elif phase == DRAFT:
        turn = spec.get("turn", h.drafters[0])
        step = h.drafters.index(seat_ok(turn, "the drafter"))
        picked = h.drafters[:step]
        if played or any(s not in picked for s in given):
            _fail("special cards held or played by drafters who have not picked yet (V5)")
        for seat in picked:
            if seat not in given:
                h.special_hand[seat] = pool.pop(0)
        h.packet = list(named["packet"] or [pool.pop(0) for _ in range(players + 1 - step)])
        if len(h.packet) != players + 1 - step:
            _fail(f"a packet of {len(h.packet)} cards for drafter {step + 1} of {players} (V4)")
        for k, seat in enumerate(h.drafters[:step + 1]):  # what each drafter so far was passed
            h.draft_seen[seat] = sorted([h.special_hand[s] for s in h.drafters[k:step]] + h.packet)
    else:
        for seat in seats:
            count = (h.special_hand[seat] is not None) + sum(1 for s, _ in played if s == seat)
            if count > 1:
                _fail(f"{_who(seat)} has {count} special cards (one each, V5)")
            if count == 0 and seat not in given:
                h.special_hand[seat] = pool.pop(0)
        h.special_discard = named["set_aside"] if named["set_aside"] is not None else pool.pop(0)
        if named["packet"]:
            _fail("a draft packet after the draft (V5)")
    if named["special_removed"] is not None:
        if pool:
            _fail(f"special cards in no place: {', '.join(pool)}")
        h.special_deal_removed = sorted(named["special_removed"])
    else:
        h.special_deal_removed = sorted(pool)


_TREASURE_NAMES = {str(v) for v in TREASURE_VALUE.values() if v} | set(TREASURE_KIND.values()) - {"number"}


def _treasure_id(name: Any, claimed: Mapping[str, str]) -> str:
    """A treasure card by id, or the first card of that name (3..7, skull, towel) not placed yet."""
    if name in TREASURE_KIND:
        return str(name)
    text = str(name)
    if text not in _TREASURE_NAMES:
        _fail(f"unknown treasure {name!r} (an id such as treasure-7-a, or one of {', '.join(sorted(_TREASURE_NAMES))})")
    for card in TREASURE_IDS:
        kind = TREASURE_KIND[card]
        if card not in claimed and (kind == text or (kind == "number" and str(TREASURE_VALUE[card]) == text)):
            return card
    _fail(f"no treasure {text!r} left: every one is placed")


def _pirate_id(p: Any, players: int) -> str:
    if isinstance(p, (tuple, list)) and len(p) == 2:
        seat, kind = p
        if not (isinstance(seat, int) and 0 <= seat < players) or kind not in PIRATE_KINDS:
            _fail(f"no pirate card {p!r} (seat, one of {', '.join(PIRATE_KINDS)})")
        return f"pirate-{COLOURS[seat]}-{kind}"
    if isinstance(p, str) and any(p in pirate_ids(s) for s in range(players)):
        return p
    _fail(f"no pirate card {p!r} in a {players}-player game")


# ==================================================================================================
# Checking
# ==================================================================================================
def _validate(match: PlayaMatch) -> None:
    try:
        RULES.validate_state(match)
    except ValueError as exc:
        if isinstance(exc, PositionError):
            raise
        _fail(str(exc))


def _validate_hand(h: PlayaHand) -> None:
    """A hand checked as in a save: inside a one-hand match when it is a first hand, else on its own."""
    if h.hand_index == 0:
        options = resolve_options(RULES.options, {"match-format": "single-hand", "special-cards": h.special})
        _validate(PlayaMatch(RULES, h.players, options, 1, Rng(0), h, 0, h.order[0]))
        return
    from game.games.playa_pirata.validate import validate_hand
    try:
        validate_hand(h, h.players, {"special-cards": h.special})
    except ValueError as exc:
        _fail(str(exc))


__all__ = ["Buried", "REST", "PositionError", "position", "hand", "at"]
