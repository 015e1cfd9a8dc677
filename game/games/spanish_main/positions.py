"""Pirates of the Spanish Main positions on demand: any moment of play, said the way the spec's examples say it.

Worked example (T-X2): the row ``1:EN1* 2:ES1 3:NL1* 4:EN2 ...``, no fame, a deck of 20, Treasure Map active::

    from game.games.spanish_main.positions import position
    s = position(2, row=["EN1", "ES1", "NL1", "EN2", "ES2", "NL2", "EN3", "ES3", "NL3"], damaged=["EN1", "NL1"],
                 adventure="adv-treasure-map", deck=20)
    s.apply(Pass(0))
    [s.fame_of(x) for x in ("ship-es-1", "ship-en-2", "ship-es-2")]     # [1, 1, 1]; len(s.adv_deck) == 17

What a position may say (seats 0..players-1; ships as ``"EN1"``, ``"en-1"`` or ``"ship-en-1"``, pirates the same
way or by their ship's short name):

- ``players`` (2-4); ``extended``, ``imminent``, ``hand`` (the three variants); ``turn``: the seat to act
  (default 0), also the starting player.
- ``row``: the 9 ships front (space 1) to back (default: ``SHIPS`` order); ``damaged``; ``fame={ship: cards}``;
  ``owed={ship: units}``.
- ``pirates={seat: [...]}`` (default: seat k the next 2, or 3 with 2 players, in ``PIRATES`` order); the rest
  are set aside; ``revealed`` pirates (owned ones); ``denied={seat: [...]}`` ("seat is not P", R28);
  ``unowned`` (set-aside pirates a Mutiny made public, A4).
- ``adventure``: the active adventure (a type or an id; default Treasure Map), or ``adventures``: the whole
  adventure row, active first (``imminent``); ``deck``: the adventure deck, a size (cards chosen from those not
  named elsewhere) or a list; ``discard``: the adventure discard pile, bottom to top (``"fame"`` for a fame card
  that went back there); when ``discard`` is not given, every card not placed elsewhere is in it; when it is,
  the cards left over must be the secured fame cards (``secured={seat: cards}``, I1); ``secured_owed``.
- ``market`` (3 movement cards, types or ids; default Full Speed Ahead, Lost at Sea, Temporary Alliance) or with
  ``hand`` the ``hands={seat: [...]}``; ``mv_discard``; ``mv_deck``: a size (the rest go onto the discard pile)
  or every card not placed (default).
- ``draws``: what the next draws give, in the order the game draws (types or ids; an ``adv-`` card from the
  adventure deck: a card turned or fame drawn face down; an ``mv-`` card from the movement deck: a refill);
  ``seed``: the generator after them.

The result is checked like a loaded save (``RULES.validate_state``); a position the game cannot be in raises
``PositionError`` saying what.
"""
from __future__ import annotations

from typing import Mapping, NoReturn, Sequence

from game.core.chance import Chance
from game.core.events import Event
from game.core.protocol import check_position, resolve_options
from game.games.spanish_main.rules import (ADVENTURE_CARDS, FAME_CARD, MOVEMENT_CARDS, PIRATES, PLAY, RULES, SHIPS,
                                           SpanishMainState, card_type, pirates_each)


class PositionError(ValueError):
    """A position that does not fit the game (the message says what)."""


def _fail(message: str) -> NoReturn:
    raise PositionError(f"not a Spanish Main position: {message}")


def _short(name: str, prefix: str) -> str:
    n = name.lower()
    for p in ("ship-", "pirate-"):
        if n.startswith(p):
            n = n[len(p):]
    if "-" not in n and len(n) == 3:
        n = f"{n[:2]}-{n[2]}"
    return prefix + n


def ship(name: str) -> str:
    """``"EN1"``, ``"en-1"`` or ``"ship-en-1"`` -> ``"ship-en-1"``."""
    full = _short(name, "ship-")
    if full not in SHIPS:
        _fail(f"{name!r} is no ship")
    return full


def pirate(name: str) -> str:
    """``"EN1"``, ``"en-1"``, ``"pirate-en-1"`` -> ``"pirate-en-1"``."""
    full = _short(name, "pirate-")
    if full not in PIRATES:
        _fail(f"{name!r} is no pirate")
    return full


def _take(pool: list[str], name: str, what: str) -> str:
    if name in pool:
        pool.remove(name)
        return name
    for c in pool:
        if card_type(c) == name:
            pool.remove(c)
            return c
    _fail(f"no {what} card {name!r} left to place")


def position(players: int = 3, *, row: Sequence[str] | None = None, damaged: Sequence[str] = (),
             fame: Mapping[str, int] | None = None, owed: Mapping[str, int] | None = None,
             pirates: Mapping[int, Sequence[str]] | None = None, revealed: Sequence[str] = (),
             denied: Mapping[int, Sequence[str]] | None = None, unowned: Sequence[str] = (), turn: int = 0,
             adventure: str = "adv-treasure-map", adventures: Sequence[str] | None = None,
             deck: int | Sequence[str] | None = None, discard: Sequence[str] | None = None,
             secured: Mapping[int, int] | None = None, secured_owed: Mapping[int, int] | None = None,
             market: Sequence[str] | None = None, hands: Mapping[int, Sequence[str]] | None = None,
             mv_discard: Sequence[str] = (), mv_deck: int | None = None, extended: bool = False,
             imminent: bool = False, hand: bool = False, draws: Sequence[str] = (), seed: int = 1) -> SpanishMainState:
    if players not in (2, 3, 4):
        _fail(f"{players} players (2 to 4)")
    if not 0 <= turn < players:
        _fail(f"turn {turn} is not a seat of {players}")
    s = SpanishMainState()
    s.players = players
    s.options = resolve_options(RULES.options, {"extended-fame": bool(extended), "imminent-adventures": bool(imminent),
                                                "movement-hand": bool(hand)})
    s.starter = s.current = turn
    s.phase, s.accuser, s.named, s.turns = PLAY, -1, None, 1
    # ships
    s.row = [ship(x) for x in row] if row is not None else list(SHIPS)
    if sorted(s.row) != sorted(SHIPS):
        _fail(f"the row {row!r} is not the 9 ships each once")
    s.damaged = sorted({ship(x) for x in damaged})
    s.fame, s.owed = [0] * len(SHIPS), [0] * len(SHIPS)
    for x, n in (fame or {}).items():
        s.fame[SHIPS.index(ship(x))] = n
    for x, n in (owed or {}).items():
        s.owed[SHIPS.index(ship(x))] = n
    # pirates
    free = list(PIRATES)
    s.pirates = [[] for _ in range(players)]
    for seat, ps in (pirates or {}).items():
        s.pirates[seat] = [pirate(p) for p in ps]
        for p in s.pirates[seat]:
            if p not in free:
                _fail(f"{p} is dealt twice")
            free.remove(p)
    for seat in range(players):
        if not (pirates or {}).get(seat):
            s.pirates[seat] = [free.pop(0) for _ in range(pirates_each(players))]
        s.pirates[seat].sort()
    s.aside = sorted(free)
    s.revealed = [pirate(p) for p in revealed]
    s.denied = [sorted(pirate(p) for p in (denied or {}).get(seat, ())) for seat in range(players)]
    s.unowned = sorted(pirate(p) for p in unowned)
    s.secured = [int((secured or {}).get(seat, 0)) for seat in range(players)]
    s.secured_owed = [int((secured_owed or {}).get(seat, 0)) for seat in range(players)]
    # adventure cards (I1)
    pool = list(ADVENTURE_CARDS)
    s.adv_row = [_take(pool, a, "adventure") for a in (adventures if adventures is not None else [adventure])]
    order: list[str] = []
    scripted = []
    mpool = list(MOVEMENT_CARDS)
    mscripted = []
    for d in draws:
        if d.startswith("adv-"):
            scripted.append(_take(pool, d, "adventure"))
            order.append(scripted[-1])
        else:
            mscripted.append(_take(mpool, d, "movement"))
            order.append(mscripted[-1])
    pool = scripted + pool
    named_discard = [] if discard is None else [FAME_CARD if c == FAME_CARD else _take(pool, c, "adventure")
                                                for c in discard]
    if isinstance(deck, int):
        size = deck
        under = sum(s.fame) + sum(s.secured)
        if discard is not None:
            size = len(ADVENTURE_CARDS) - len(s.adv_row) - len(named_discard) - under
            if size != deck:
                _fail(f"a deck of {deck} with this discard pile leaves {size} cards to place (I1: 58 in all; "
                      "give the rest as secured fame)")
        if size > len(pool) or size < 0:
            _fail(f"a deck of {deck} cards: only {len(pool)} are left")
        s.adv_deck = sorted(pool[:size])
        pool = pool[size:]
    elif deck is not None:
        s.adv_deck = sorted(_take(pool, c, "adventure") for c in deck)
    else:
        s.adv_deck = sorted(pool[:max(0, len(pool) - sum(s.fame) - sum(s.secured))])
    for c in scripted:
        if c not in s.adv_deck:
            _fail(f"the scripted adventure {c} is not in the deck")
    if discard is None:
        room = len(ADVENTURE_CARDS) - len(s.adv_row) - len(s.adv_deck) - sum(s.fame) - sum(s.secured)
        if room < 0:
            _fail("more adventure cards placed than the 58 of the game (I1)")
        leftover = [c for c in ADVENTURE_CARDS if c not in s.adv_row and c not in s.adv_deck]
        s.adv_discard = leftover[:room]
    else:
        s.adv_discard = named_discard
    # movement cards (I2)
    if hand:
        s.market = []
        s.hands = [sorted(_take(mpool, c, "movement") for c in (hands or {}).get(seat, ())) for seat in range(players)]
    else:
        names = market if market is not None else ("mv-full-speed", "mv-lost-at-sea", "mv-alliance")
        s.market = [_take(mpool, c, "movement") for c in names]
        s.hands = []
    s.mv_discard = [_take(mpool, c, "movement") for c in mv_discard]
    mpool = mscripted + mpool
    if mv_deck is not None:
        s.mv_deck = sorted(mpool[:mv_deck])
        s.mv_discard += mpool[mv_deck:]
    else:
        s.mv_deck = sorted(mpool)
    # what comes next
    s.chance = Chance.seeded(seed)
    s.chance.script_draws(*order)
    s._events = [Event.of("turn", s.current)]                       # whose turn it is
    s.reset_caches()
    check_position(RULES, s, PositionError, _fail)
    return s
