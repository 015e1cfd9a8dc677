"""Pirates of the Spanish Main: is this a position of the game? (``SpanishMainRules.validate_state``, for every
loaded save and every built position).

Checks what a damaged or hand-edited snapshot can get wrong: the seats and options; the row, a permutation of
the 9 ships (2.5); damage and fame (2.2); the pirates, each dealt once or set aside (S3), revealed ones owned
(R25, R43), Mutiny's unowned ones set aside (A4); the adventure cards, 58 in all (I1); the movement cards, 24 in
all (I2), the market of 3 (S4) or the hands (V3.1); the accusation in progress (V3.3); the public history's
entries (a seat and a known kind each; what else an entry says the bots read with care, an unreadable entry
counting as absent). Raises ValueError saying what (English, for the log).
"""
from __future__ import annotations

import copy
from collections import Counter
from typing import Any, Iterator

from game.core.events import check_events
from game.core.protocol import JSON, is_int, is_seat, require
from game.games.spanish_main.rules import (ADVENTURE_CARDS, DISCARD, FAME_CARD, MOVEMENT_CARDS, OPTION_KEYS,
                                           OVER, PHASES, PIRATES, PLAY, SHIPS, SpanishMainState, pirates_each)

EVENT_KINDS = frozenset({"said", "placed", "dealt", "turned", "turn", "played", "moved", "damaged", "repaired",
                         "accused", "asked", "revealed", "discarded", "drew", "reshuffled", "adventure", "fame",
                         "lost", "looted", "mutiny", "passed", "ended"})


def validate_game(rules: Any, s: Any) -> None:
    require(isinstance(s, SpanishMainState), f"not a Spanish Main game: {type(s).__name__}")
    players = s.players
    require(is_int(players) and 2 <= players <= 4, f"{players!r} players (2 to 4)")
    require(set(s.options) <= set(OPTION_KEYS), f"unknown options {sorted(set(s.options) - set(OPTION_KEYS))}")
    problems = rules.check(players, s.options)
    require(not problems, f"options not allowed: {', '.join(p.key for p in problems)}")
    require(not s.is_view, "a player's view saved as the game itself")
    require(s.phase in PHASES, f"unknown phase {s.phase!r}")
    require(is_seat(s.starter, players), f"the starting seat {s.starter!r}")
    require(is_seat(s.current, players), f"the current seat {s.current!r} is not a seat of {players}")
    require(is_int(s.barrier) and s.barrier >= 0, "the undo barrier")
    require(is_int(s.turns) and s.turns >= 0, "the turn count")
    require(s.over == (s.phase == OVER), "the game is over in one field and not in the other")
    _ships(s)
    _pirates(s)
    _adventures(s)
    _movement(s)
    _accusation(s)
    _history(s)
    check_events(s.events, EVENT_KINDS)


def _ships(s: SpanishMainState) -> None:
    """2.5: the row holds each ship once; 2.2: damage and fame."""
    require(sorted(s.row) == sorted(SHIPS), f"the row is not the 9 ships each once: {s.row!r}")
    require(all(x in SHIPS for x in s.damaged) and len(set(s.damaged)) == len(s.damaged),
            f"damaged ships {s.damaged!r}")
    require(s.damaged == sorted(s.damaged), "the damaged ships are not kept sorted")
    require(len(s.fame) == len(SHIPS) and all(is_int(n) and n >= 0 for n in s.fame), f"ship fame {s.fame!r}")
    require(len(s.owed) == len(SHIPS) and all(is_int(n) and n >= 0 for n in s.owed), f"owed fame {s.owed!r}")
    require(len(s.secured) == s.players and all(is_int(n) and n >= 0 for n in s.secured), "secured fame")
    require(len(s.secured_owed) == s.players and all(is_int(n) and n >= 0 for n in s.secured_owed),
            "secured owed fame")


def _pirates(s: SpanishMainState) -> None:
    """S3: 3 pirates each with 2 players, 2 otherwise, the rest set aside; each pirate once."""
    require(len(s.pirates) == s.players, "the pirates are not one list per seat")
    for seat, ps in enumerate(s.pirates):
        require(len(ps) == pirates_each(s.players), f"seat {seat} holds {len(ps)} pirates")
        require(ps == sorted(ps), f"seat {seat}'s pirates are not kept sorted")
    require(s.aside == sorted(s.aside), "the set-aside pirates are not kept sorted")
    found = Counter([p for ps in s.pirates for p in ps] + list(s.aside))
    if found != Counter(PIRATES):
        missing = sorted((Counter(PIRATES) - found).elements())
        extra = sorted((found - Counter(PIRATES)).elements())
        raise ValueError(f"the pirates are not each dealt or set aside once: missing {missing}, extra {extra}")
    require(len(set(s.revealed)) == len(s.revealed), "a pirate revealed twice")
    for p in s.revealed:
        require(s.owner_of(p) is not None, f"the revealed pirate {p!r} belongs to nobody")
    for p in s.unowned:
        require(p in s.aside, f"{p!r} is said to be unowned but a seat holds it")
    require(len(s.denied) == s.players, "the denied pirates are not one list per seat")
    for seat, ps in enumerate(s.denied):
        for p in ps:
            require(p in PIRATES and p not in s.pirates[seat], f"seat {seat} is said not to be {p!r}, but is")


def _adventures(s: SpanishMainState) -> None:
    """I1: every adventure card once, among deck, discard pile, row, ships and secured piles (58)."""
    named = list(s.adv_deck) + [c for c in s.adv_discard if c != FAME_CARD] + list(s.adv_row)
    for c in named:
        require(c in ADVENTURE_CARDS, f"{c!r} is no adventure card")
    counts = Counter(named)
    twice = sorted(c for c, n in counts.items() if n > 1)
    require(not twice, f"adventure cards in two places: {twice}")
    require(s.adv_deck == sorted(s.adv_deck), "the adventure deck is not kept sorted")
    total = s.adventure_count()
    require(total == len(ADVENTURE_CARDS), f"{total} adventure cards (I1: 58)")
    limit = s.players if s.imminent else 1
    require(len(s.adv_row) <= limit, f"{len(s.adv_row)} adventure cards face up (at most {limit})")
    if not s.over:
        require(s.adv_row, "no active adventure in a game that goes on")
        require(len(s.adv_row) == limit or not s.adv_deck, "the adventure row is short while the deck has cards")


def _movement(s: SpanishMainState) -> None:
    """I2: every movement card once (24); the market (S4) or the hands (V3.1)."""
    found = Counter(list(s.mv_deck) + list(s.mv_discard) + list(s.market) + [c for h in s.hands for c in h])
    if found != Counter(MOVEMENT_CARDS):
        missing = sorted((Counter(MOVEMENT_CARDS) - found).elements())
        extra = sorted((found - Counter(MOVEMENT_CARDS)).elements())
        raise ValueError(f"the movement cards are not each there once: missing {missing}, extra {extra}")
    require(s.mv_deck == sorted(s.mv_deck), "the movement deck is not kept sorted")
    if s.hand_mode:
        require(not s.market, "a market in the movement-hand variant")
        require(len(s.hands) == s.players, "the hands are not one list per seat")
        for seat, h in enumerate(s.hands):
            require(h == sorted(h), f"seat {seat}'s hand is not kept sorted")
            require(len(h) <= (4 if s.players == 2 else 3), f"seat {seat} holds {len(h)} movement cards")
    else:
        require(len(s.market) == 3, f"a market of {len(s.market)} cards (3)")
        require(not s.hands, "hands of movement cards without the movement-hand variant")


def _accusation(s: SpanishMainState) -> None:
    if s.phase == DISCARD:
        require(s.hand_mode, "an accused's discard without the movement-hand variant")
        require(is_seat(s.accuser, s.players) and s.accuser != s.current, f"the accuser {s.accuser!r}")
        require(s.named in PIRATES and s.named not in s.revealed, f"the pirate named {s.named!r}")
        require(bool(s.hands[s.current]), "an accused with no card to discard")
    else:
        require(s.accuser == -1 and s.named is None, "an accusation left waiting outside the discard")
    if s.phase == PLAY:
        require(not s.over, "a turn in a finished game")


HISTORY_ACTS = frozenset({"play", "repair", "accuse", "pass"})


def _history(s: SpanishMainState) -> None:
    """The public history: one object per action, by a seat of the game, of a known kind, with its table."""
    for i, entry in enumerate(s.history):
        require(is_seat(entry.get("seat"), s.players), f"history entry {i}: the seat {entry.get('seat')!r}")
        require(entry.get("act") in HISTORY_ACTS, f"history entry {i}: the action {entry.get('act')!r}")
        require(isinstance(entry.get("before"), dict), f"history entry {i}: no table before the action")


# --------------------------------------------------------------------------------------------------
# Damaged copies a load must refuse (the conformance suite)
# --------------------------------------------------------------------------------------------------
def corruptions(data: JSON) -> Iterator[tuple[str, JSON]]:
    def damaged(edit: Any) -> JSON:
        d = copy.deepcopy(data)
        edit(d)
        return d

    yield "row", damaged(lambda d: d["row"].__setitem__(0, d["row"][1]))
    yield "pirates", damaged(lambda d: d["pirates"][0].__setitem__(0, d["pirates"][-1][-1]))
    yield "seat", damaged(lambda d: d.update(current=data["players"] + 2))
    yield "adventure", damaged(lambda d: d["adv_row"].append("adv-kraken-9"))
    yield "movement", damaged(lambda d: d["mv_discard"].append("mv-fog-1"))
    yield "fame", damaged(lambda d: d["fame"].__setitem__(0, -1))
    yield "history", damaged(lambda d: d["history"].append({"seat": data["players"] + 1, "act": "pass", "before": {}}))
