"""Pirates of the Spanish Main, the card game: the rules engine (spec /work/shared/rules/spanish-main.md; rule ids
in comments). Pure Python: no pygame.

One ``SpanishMainState`` is the whole game. Seats 0..players-1. The row is a list of the 9 ship ids, ``row[0]``
on space 1 (the front, 2.5). Ship facts are lists in the order of ``SHIPS``: ``fame`` (adventure cards under the
ship), ``owed`` (owed fame, R48); ``damaged`` holds the damaged ships' ids, sorted.

Fame units are counted, not named (R46: a card under a ship is only its fame side): a card that leaves a ship for
the adventure discard pile (R41, R43) goes there as ``FAME_CARD``; a deck card drawn as fame leaves the deck
unseen. Invariant I1: deck + discard + adventure row + fame under ships + secured cards = 58.

Chance (``game.core.chance.Chance``): the decks are kept sorted and every card taken from a deck is drawn then
(so a deck's order is the generator's, never a field); drawn in this order at setup: the ships of the row (S1),
the active adventure(s) (S2, V2.1), the pirates of each seat in seat order (S3), the market or the hands (S4,
V3.1), the starting player (S5).

``history`` is the public record of play a bot reads (a bot is given the view, never the events): one plain
object per action of a turn, in order: ``seat``, ``act`` ("play", "repair", "accuse" or "pass"), ``card`` (the card
played, or the card a pass replaced), ``ship`` (its target), ``accused``, ``pirate`` and ``correct`` for an
accusation (written when it is answered, after the discards of V3.3), and ``before``, the public table just before
the action (``public_table``: the row and damaged ships as strings of indices of ``SHIPS``, fame cards, owed fame
when there is some, the revealed pirates as indices of ``PIRATES`` when there are some, the adventure row, the
market). Nothing in it is secret, so every view holds all of it.

Phases: ``play`` (a turn: one of the four actions, R1), ``discard`` (``movement-hand``: the accused chooses the
card to discard, V3.3), ``over``.

Events (``game.core.events``), besides the log lines (``said``):

    placed     (table) ``row`` the ships front to back at setup (S1)
    dealt      (table) ``to`` (a seat), ``count``; secret ``pirates`` to that seat (S3); ``hand`` (V3.1: ``count``,
               secret ``cards``)
    turned     (table) ``card`` a new adventure face up (S2, R3, V2.2), ``row`` the adventure row after
    turn       (seat) a seat's turn begins
    played     (seat) ``card``, ``ship`` ("" when none) a movement card played (R5)
    moved      (seat) ``piece`` a ship, ``frm``, ``to`` (spaces), ``row`` after (R8)
    damaged    (seat of the action, or table) ``ships`` becoming damaged, ``why`` (a card id)
    repaired   (seat) ``ships`` repaired (R21)
    accused    (seat) ``accused``, ``pirate``, ``correct``, ``took``, ``fame`` (R22, R25, R28)
    asked      (seat) ``accused``, ``pirate``: an accusation waiting for the accused's discard (V3.3)
    passed     (seat) a pass without replacing a card (R30)
    revealed   (table) ``pirate``, ``owner`` (R25, R43; at the end R52 also ``unowned`` pirates)
    discarded  (seat) ``card`` a movement card to the discard pile, ``why``: "replace" (R30, V3.6) or "accuse"
               (V3.3)
    drew       (seat or table) ``to`` "market" (``card``, ``slot``) or "hand" (``count``; secret ``card``)
    reshuffled (table) ``count`` the movement discard pile becomes the deck (R7)
    adventure  (table) ``card`` resolves (R2), or ``fog`` true when discarded by Fog (R20)
    fame       (table) ``gains`` ([ship, n] front to back), ``deck``, ``discard``, ``owed`` supply units, ``last``
               the ship that took the adventure card (R47, R48)
    lost       (table) ``ship``, ``cards``, ``owed`` fame discarded (R41, R43)
    looted     (table) ``frm`` victim, ``to`` looter, ``unit`` "card" or "owed" (R45)
    mutiny     (table) ``ship``, ``owner`` (seat or null) (R43)
    ended      (table) ``what`` "game"
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping, Sequence

from game.core.chance import Chance
from game.core.events import Event, said
from game.core.plain import Maybe, TurnState
from game.core.protocol import (JSON, Action, IllegalAction, Option, Result, Rules, State, T, Text,
                                seat_ref)
from game.core.rng import Rng

# --------------------------------------------------------------------------------------------------
# Components (section 2)
# --------------------------------------------------------------------------------------------------
FLAGS = ("en", "es", "nl")
SHIPS = tuple(f"ship-{f}-{n}" for f in FLAGS for n in (1, 2, 3))   # A21: the names (catalog) are ours
PIRATES = tuple(f"pirate-{f}-{n}" for f in FLAGS for n in (1, 2, 3))
SPACES = 9
UNKNOWN = "?"
FAME_CARD = "fame"            # R46: a fame card back on the discard pile (its face no longer matters)

#: 2.3: movement card types and counts (24)
MOVEMENT_COUNTS = (("mv-full-speed", 2), ("mv-lost-at-sea", 3), ("mv-alliance", 4), ("mv-rip", 3),
                   ("mv-advance-en", 1), ("mv-advance-es", 1), ("mv-advance-nl", 1),
                   ("mv-retreat-en", 1), ("mv-retreat-es", 1), ("mv-retreat-nl", 1),
                   ("mv-sabotage", 5), ("mv-fog", 1))
#: 2.4: adventure card types and counts (58)
ADVENTURE_COUNTS = (("adv-ancient-relics", 2), ("adv-native-alliance", 2), ("adv-island-discovery", 2),
                    ("adv-parley", 2), ("adv-neptunes-favor", 4), ("adv-mermaids", 4), ("adv-treasure-map", 6),
                    ("adv-secret-charts", 3), ("adv-legendary-treasure", 2), ("adv-cursed-treasure", 2),
                    ("adv-volcano", 2), ("adv-maelstrom", 5), ("adv-storm-ahead", 2), ("adv-kraken", 2),
                    ("adv-cursed-waters", 2), ("adv-ghost-ship", 2), ("adv-cursed-ship", 1), ("adv-mutiny", 1),
                    ("adv-attack-en", 2), ("adv-attack-es", 2), ("adv-attack-nl", 2),
                    ("adv-loot-en", 2), ("adv-loot-es", 2), ("adv-loot-nl", 2))

FLAG_CARDS = frozenset(f"mv-{w}-{f}" for w in ("advance", "retreat") for f in FLAGS)


def _instances(counts: Sequence[tuple[str, int]], bare: frozenset[str] = frozenset()) -> tuple[str, ...]:
    return tuple(t if t in bare else f"{t}-{n}" for t, c in counts for n in range(1, c + 1))


MOVEMENT_CARDS = _instances(MOVEMENT_COUNTS, FLAG_CARDS)
ADVENTURE_CARDS = _instances(ADVENTURE_COUNTS)
MOVEMENT_TYPES = tuple(t for t, _ in MOVEMENT_COUNTS)
ADVENTURE_TYPES = tuple(t for t, _ in ADVENTURE_COUNTS)

#: R36, R37, R38, R39, R40, R41, R43, R44, R45: what each adventure does
SPACE_FAME = {"adv-ancient-relics": (1, 2, 3), "adv-native-alliance": (1, 2, 3),
              "adv-island-discovery": (1, 2, 3, 4), "adv-parley": (1, 2, 3, 4),
              "adv-neptunes-favor": (1, 3, 5), "adv-mermaids": (2, 4, 6)}
FIRST_FAME = {"adv-treasure-map": (3, 1), "adv-secret-charts": (2, 1), "adv-legendary-treasure": (2, 2)}
FIRST_DAMAGE = {"adv-volcano": 1}
LAST_DAMAGE = {"adv-maelstrom": 1, "adv-storm-ahead": 2}
SPACE_DAMAGE = {"adv-kraken": (4, 6, 8), "adv-cursed-waters": (5, 7, 9)}
SPACE_LOSS = {"adv-ghost-ship": (7, 8, 9), "adv-cursed-ship": (1, 2)}

PLAY, DISCARD, OVER = "play", "discard", "over"
PHASES = (PLAY, DISCARD, OVER)
OPTION_KEYS = ("extended-fame", "imminent-adventures", "movement-hand")


def card_type(card: str) -> str:
    """``mv-sabotage-4`` -> ``mv-sabotage``; a per-flag movement card is its own type."""
    if card in FLAG_CARDS:
        return card
    head, _, tail = card.rpartition("-")
    return head if tail.isdigit() else card


def flag_of(ship_or_pirate: str) -> str:
    return ship_or_pirate.split("-")[1]


def ship_of(pirate: str) -> str:
    return "ship-" + pirate[len("pirate-"):]


def pirate_of(ship: str) -> str:
    return "pirate-" + ship[len("ship-"):]


def half_up(n: int) -> int:
    """R25, A3: half, rounded up."""
    return (n + 1) // 2


def pirates_each(players: int) -> int:
    """S3: 3 pirates each with 2 players, 2 with 3 or 4."""
    return 3 if players == 2 else 2


def hand_size(players: int) -> int:
    """V3.1: 4 cards with 2 players, 3 with 3 or 4."""
    return 4 if players == 2 else 3


def target_kind(card: str) -> str:
    """What a movement card needs: "ship" (R9, R10, R16), "pair" (R11, R12) or "none" (R13, R14, R20)."""
    t = card_type(card)
    if t in ("mv-full-speed", "mv-lost-at-sea", "mv-sabotage"):
        return "ship"
    if t in ("mv-alliance", "mv-rip"):
        return "pair"
    return "none"


# --------------------------------------------------------------------------------------------------
# Row geometry (2.5)
# --------------------------------------------------------------------------------------------------
def move_ship(row: list[str], ship: str, to_space: int) -> int:
    """R8: the ship goes to ``to_space`` (clamped to 1..9); the ships passed shift one space the other way.
    Returns the space it landed on."""
    to_space = max(1, min(SPACES, to_space))
    row.remove(ship)
    row.insert(to_space - 1, ship)
    return to_space


def move_block(row: list[str], front_space: int, to_front: int) -> int:
    """R11, R12: the ships on ``front_space`` and the space behind it move as one block, keeping their order."""
    to_front = max(1, min(SPACES - 1, to_front))
    i = front_space - 1
    block = row[i:i + 2]
    del row[i:i + 2]
    row[to_front - 1:to_front - 1] = block
    return to_front


# --------------------------------------------------------------------------------------------------
# Texts
# --------------------------------------------------------------------------------------------------
def ship_text(ship: str) -> Text:
    return T(f"sm.ship.{ship}")


def captain_text(pirate: str) -> Text:
    return T(f"sm.captain.{pirate}")


def card_text(card: str) -> Text:
    return T(f"sm.card.{card_type(card)}")


def listed(items: Sequence[Text], last: str = "") -> Text:
    """``items`` in one text: "a, b and c" (``last`` ", ": "a, b, c")."""
    if len(items) == 1:
        return items[0]
    rest = listed(items[1:], last)
    if len(items) == 2 and not last:
        return T("sm.log.and", a=items[0], b=rest)
    return T("sm.log.comma", a=items[0], b=rest)


def any_card(card: str) -> Text:
    """A card named in a refusal: its name, or "that card" for an id that is no movement card."""
    return card_text(card) if card in MOVEMENT_CARDS else T("sm.reason.that_card")


# --------------------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PlayCard(Action):
    """R5 (V3.2: from the hand): play ``card`` on ``ship`` (for a pair card: the front ship of the pair; ""
    for a card that needs no target)."""
    kind: ClassVar[str] = "sm.play"
    card: str = ""
    ship: str = ""

    def describe(self) -> Text:
        if self.ship:
            return T("sm.act.play_on", card=card_text(self.card), ship=ship_text(self.ship))
        return T("sm.act.play", card=card_text(self.card))


@dataclass(frozen=True)
class Repair(Action):
    """R21: every damaged ship becomes undamaged."""
    kind: ClassVar[str] = "sm.repair"

    def describe(self) -> Text:
        return T("sm.act.repair")


@dataclass(frozen=True)
class Accuse(Action):
    """R22: say that seat ``accused`` is ``pirate``; with ``movement-hand`` the accuser discards ``discard``
    first (V3.3)."""
    kind: ClassVar[str] = "sm.accuse"
    accused: int = 0
    pirate: str = ""
    discard: str = ""

    def describe(self) -> Text:
        return T("sm.act.accuse", player=seat_ref(self.accused), captain=captain_text(self.pirate))


@dataclass(frozen=True)
class Pass(Action):
    """R30 (V3.6: from the hand): pass, first replacing ``replace`` ("" for none)."""
    kind: ClassVar[str] = "sm.pass"
    replace: str = ""

    def describe(self) -> Text:
        if self.replace:
            return T("sm.act.pass_replace", card=card_text(self.replace))
        return T("sm.act.pass")


@dataclass(frozen=True)
class Discard(Action):
    """V3.3: the accused discards ``card`` from their hand."""
    kind: ClassVar[str] = "sm.discard"
    card: str = ""

    def describe(self) -> Text:
        return T("sm.act.discard", card=card_text(self.card))


ACTION_TYPES = (PlayCard, Repair, Accuse, Pass, Discard)


# --------------------------------------------------------------------------------------------------
# The game
# --------------------------------------------------------------------------------------------------
class SpanishMainState(TurnState):
    """The whole game (a full state, or a seat's view when ``is_view``: other seats' pirates, the set-aside
    pirates, both decks and other hands are ``UNKNOWN`` there, the generator a fixed one)."""

    KIND = "spanish-main"
    FIELDS = {
        "players": int, "options": dict, "row": [str], "damaged": [str], "fame": [int], "owed": [int],
        "pirates": [[str]], "aside": [str], "revealed": [str], "denied": [[str]], "unowned": [str],
        "adv_deck": [str], "adv_discard": [str], "adv_row": [str],
        "mv_deck": [str], "mv_discard": [str], "market": [str], "hands": [[str]],
        "secured": [int], "secured_owed": [int], "starter": int, "current": int, "turns": int,
        "phase": str, "accuser": int, "named": Maybe(str), "over": bool, "barrier": int, "history": [dict],
    }

    # ----------------------------------------------------------------------------------------------
    # Setup: S1, S2, S3, S4, S5, S6, V2.1, V3.1
    # ----------------------------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, options: Mapping[str, Any], seed: int) -> "SpanishMainState":
        s = cls()
        s.chance = Chance.seeded(seed)
        s.players, s.options = players, dict(options)
        s.fame, s.owed = [0] * len(SHIPS), [0] * len(SHIPS)      # S1: undamaged, no fame
        s.secured, s.secured_owed = [0] * players, [0] * players   # S6
        s.denied = [[] for _ in range(players)]
        s.accuser, s.named = -1, None
        s._say(None, T("sm.log.setup", players=players, n=pirates_each(players)))
        pool = list(SHIPS)                                          # S1: the ships in random order
        s.row = [s.chance.draw(pool) for _ in range(SPACES)]
        s._tell("placed", None, row=list(s.row))
        s.adv_deck = sorted(ADVENTURE_CARDS)                        # S2: the deck, drawn at random
        for _ in range(players if s.imminent else 1):               # V2.1: a row of as many cards as players
            s._turn_adventure()
        pool = list(PIRATES)                                        # S3: 3 each with 2 players, else 2
        s.pirates = [sorted(s.chance.draw(pool) for _ in range(pirates_each(players))) for _ in range(players)]
        s.aside = sorted(pool)                                      # S3: the rest set aside, unseen
        for seat in range(players):
            s._tell("dealt", None, audience=[seat], secret={"pirates": list(s.pirates[seat])}, to=seat,
                    count=len(s.pirates[seat]))
            s._say(seat, _yours(s.pirates[seat]), audience=seat)
        s.mv_deck = sorted(MOVEMENT_CARDS)
        if s.hand_mode:                                             # V3.1: a secret hand each, no market
            s.hands = [[] for _ in range(players)]
            for seat in range(players):
                s.hands[seat] = sorted(s.chance.draw(s.mv_deck) for _ in range(hand_size(players)))
                s._tell("dealt", None, audience=[seat], secret={"cards": list(s.hands[seat])}, to=seat,
                        count=len(s.hands[seat]), what="hand")
        else:                                                       # S4: three face up
            s.market = [s.chance.draw(s.mv_deck) for _ in range(3)]
            for slot, card in enumerate(s.market):
                s._tell("drew", None, to="market", card=card, slot=slot)
        s.starter = s.chance.draw_index(list(range(players)))       # S5: at random
        s._say(s.starter, T("sm.log.starter", player=seat_ref(s.starter)))
        s._begin_turn(s.starter)
        return s

    # ----------------------------------------------------------------------------------------------
    # Small helpers
    # ----------------------------------------------------------------------------------------------
    @property
    def extended(self) -> bool:
        return bool(self.options.get("extended-fame", False))

    @property
    def imminent(self) -> bool:
        return bool(self.options.get("imminent-adventures", False))

    @property
    def hand_mode(self) -> bool:
        return bool(self.options.get("movement-hand", False))

    @property
    def active(self) -> str | None:
        """The active adventure: the left-most card of the adventure row (V2.1; one card in the base game)."""
        return self.adv_row[0] if self.adv_row else None

    def space_of(self, ship: str) -> int:
        return self.row.index(ship) + 1

    def ship_at(self, space: int) -> str:
        return self.row[space - 1]

    def is_damaged(self, ship: str) -> bool:
        return ship in self.damaged

    def fame_of(self, ship: str) -> int:
        """2.2: a ship's fame = its cards + its owed fame."""
        i = SHIPS.index(ship)
        return self.fame[i] + self.owed[i]

    def owner_of(self, pirate: str) -> int | None:
        """The seat holding ``pirate`` (None: set aside, or not known in a view)."""
        for seat, mine in enumerate(self.pirates):
            if pirate in mine:
                return seat
        return None

    def owned_ships(self, seat: int) -> list[str]:
        return [ship_of(p) for p in self.pirates[seat] if p != UNKNOWN]

    def movement_cards_of(self, seat: int) -> list[str]:
        """The cards ``seat`` may play: the market (R5, R18) or its own hand (V3.2)."""
        return list(self.hands[seat]) if self.hand_mode else list(self.market)

    def score_of(self, seat: int) -> int:
        """R53: secured fame + the fame on every ship the seat owns."""
        return self.secured[seat] + self.secured_owed[seat] + sum(self.fame_of(s) for s in self.owned_ships(seat))

    def _damage(self, ship: str) -> bool:
        """R34: damaging a damaged ship does nothing. True when it became damaged."""
        if ship in self.damaged:
            return False
        self.damaged.append(ship)
        self.damaged.sort()
        return True

    def _take_unit(self, ship: str) -> str:
        """R50, A24: a card leaves first, owed fame only when the ship has no card. Returns "card" or "owed"."""
        i = SHIPS.index(ship)
        if self.fame[i] > 0:
            self.fame[i] -= 1
            return "card"
        assert self.owed[i] > 0
        self.owed[i] -= 1
        return "owed"

    # ----------------------------------------------------------------------------------------------
    # Protocol
    # ----------------------------------------------------------------------------------------------
    def _compute_legal(self, seat: int) -> list[Action]:
        if self.phase == DISCARD:                                   # V3.3: the accused's discard
            return [Discard(seat, c) for c in sorted(set(self.hands[seat]))]
        out: list[Action] = []
        for card in self.movement_cards_of(seat):                   # R1 (A), R5, V3.2
            out.extend(PlayCard(seat, card, ship) for ship in self.targets(card))
        out.append(Repair(seat))                                    # R1 (B), R21, A12
        if self.may_accuse(seat):                                   # R1 (C), R22, V3.4
            for other in range(self.players):
                if other == seat:
                    continue
                for pirate in PIRATES:
                    if pirate in self.revealed:
                        continue
                    if self.hand_mode:
                        out.extend(Accuse(seat, other, pirate, c) for c in sorted(set(self.hands[seat])))
                    else:
                        out.append(Accuse(seat, other, pirate))
        out.append(Pass(seat))                                      # R1 (D), R30, V3.6
        replaceable = sorted(set(self.hands[seat])) if self.hand_mode else list(self.market)
        out.extend(Pass(seat, c) for c in replaceable)
        return out

    def targets(self, card: str) -> list[str]:
        """The targets a movement card may take now (ship ids; "" for a card without target)."""
        kind = target_kind(card)
        if kind == "none":
            return [""]                                             # R13, R14, R20
        if kind == "pair":
            return list(self.row[:SPACES - 1])                      # R11, R12, R17: always a pair
        if card_type(card) == "mv-sabotage":
            return [s for s in self.row if s not in self.damaged]   # R16, R17, A13: undamaged ships only
        return list(self.row)                                       # R9, R10, R19, A10, R4: any ship

    def may_accuse(self, seat: int) -> bool:
        if len(self.revealed) >= len(PIRATES):
            return False
        return not self.hand_mode or len(self.hands[seat]) > 1      # V3.4

    def check(self, action: Action) -> Text | None:
        if not isinstance(action, ACTION_TYPES):
            return T("sm.reason.unknown")
        if action in self.legal_actions(action.seat):
            return None
        return self._why_not(action)

    def _why_not(self, a: Action) -> Text:
        if self.over:
            return T("sm.reason.over")
        if a.seat != self.current:
            if self.phase == DISCARD:
                return T("sm.reason.wait_discard", player=seat_ref(self.current))   # V3.3
            return T("sm.reason.not_your_turn", player=seat_ref(self.current))
        if self.phase == DISCARD:
            if not isinstance(a, Discard):
                return T("sm.reason.must_discard")
            return T("sm.reason.not_in_hand", card=any_card(a.card))
        if isinstance(a, Discard):
            return T("sm.reason.no_discard")
        if isinstance(a, PlayCard):
            if a.card not in self.movement_cards_of(a.seat):
                if self.hand_mode:
                    return T("sm.reason.not_in_hand", card=any_card(a.card))  # V3.2
                return T("sm.reason.not_in_market", card=any_card(a.card))    # R5, R18
            kind = target_kind(a.card)
            if kind == "none":
                return T("sm.reason.no_target", card=card_text(a.card))
            if a.ship not in SHIPS:
                return T("sm.reason.pick_ship", card=card_text(a.card))
            if kind == "pair":
                return T("sm.reason.no_pair")                       # R11, R12: nobody behind space 9
            if len(self.damaged) == len(SHIPS):
                return T("sm.reason.all_damaged")                   # R16, R17
            return T("sm.reason.already_damaged", ship=ship_text(a.ship))  # R16, A13
        if isinstance(a, Accuse):
            if a.accused == a.seat:
                return T("sm.reason.accuse_self")                   # R22, A17
            if not 0 <= a.accused < self.players:
                return T("sm.reason.no_player")
            if a.pirate not in PIRATES:
                return T("sm.reason.no_pirate")
            if a.pirate in self.revealed:
                return T("sm.reason.revealed", captain=captain_text(a.pirate))   # R27
            if self.hand_mode:
                if len(self.hands[a.seat]) <= 1:
                    return T("sm.reason.hand_small")                # V3.4
                return T("sm.reason.accuse_discard")                # V3.3
            return T("sm.reason.accuse_no_discard")
        if isinstance(a, Pass):
            if self.hand_mode:
                return T("sm.reason.not_in_hand", card=any_card(a.replace))
            return T("sm.reason.not_in_market", card=any_card(a.replace))
        return T("sm.reason.unknown")

    def apply(self, action: Action) -> None:
        reason = self.check(action)
        if reason is not None:
            raise IllegalAction(reason)
        self._legal = None
        self.barrier += 1                                           # section 9: no undo once confirmed
        seat = action.seat
        fog = False
        if isinstance(action, Discard):
            self._discard_card(seat, action.card, "accuse")         # V3.3: the accused's discard
            accuser = self.accuser
            pirate = self.named
            assert pirate is not None
            self.phase, self.current = PLAY, accuser
            self._answer(accuser, seat, pirate)
            self._finish_turn(accuser, fog=False)
            return
        if isinstance(action, PlayCard):
            self._remember(seat, "play", card=action.card, ship=action.ship)
            fog = self._play(seat, action)
        elif isinstance(action, Repair):
            self._remember(seat, "repair")
            self._repair(seat)
        elif isinstance(action, Accuse):
            if self.hand_mode:
                self._discard_card(seat, action.discard, "accuse")  # V3.3, A22: the accuser first
                if self.hands[action.accused]:
                    self.phase, self.current = DISCARD, action.accused
                    self.accuser, self.named = seat, action.pirate
                    self._tell("asked", seat, accused=action.accused, pirate=action.pirate)
                    self._say(seat, T("sm.log.accuses", player=seat_ref(seat), other=seat_ref(action.accused),
                                      captain=captain_text(action.pirate)))
                    return
            self._answer(seat, action.accused, action.pirate)       # V3.5, A16: an empty hand discards nothing
        elif isinstance(action, Pass):
            self._remember(seat, "pass", card=action.replace)
            self._pass(seat, action.replace)
        self._finish_turn(seat, fog)

    def public_table(self) -> dict[str, Any]:
        """What everybody sees of the table, small (a ``history`` entry's ``before``): the row front to back and
        the damaged ships as strings of indices of ``SHIPS`` ("305..."), each ship's fame cards (and owed fame
        when some is owed), the revealed pirates (a string of indices of ``PIRATES``, when there are some), the
        adventure row (active first), the market (none with ``movement-hand``)."""
        table: dict[str, Any] = {"row": "".join(str(SHIPS.index(x)) for x in self.row),
                                 "damaged": "".join(str(SHIPS.index(x)) for x in self.damaged),
                                 "fame": list(self.fame)}
        if any(self.owed):
            table["owed"] = list(self.owed)
        if self.revealed:
            table["revealed"] = "".join(str(i) for i in sorted(PIRATES.index(p) for p in self.revealed))
        table["adventures"] = list(self.adv_row)
        if self.market:
            table["market"] = list(self.market)
        return table

    def _remember(self, seat: int, act: str, **facts: Any) -> None:
        """The public history a bot reads (it gets no events): who did what, and the table just before."""
        entry: dict[str, Any] = {"seat": seat, "act": act}
        entry.update((k, v) for k, v in facts.items() if v != "")
        entry["before"] = self.public_table()
        self.history.append(entry)

    # ----------------------------------------------------------------------------------------------
    # Turns: R1, R2, R3, R51, V2.2, V2.3
    # ----------------------------------------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        self.current, self.phase = seat, PLAY
        self.accuser, self.named = -1, None
        self._legal = None
        self.turns += 1
        self._tell("turn", seat)

    def _finish_turn(self, seat: int, fog: bool) -> None:
        """R2: the active adventure resolves (R20: or is discarded by Fog); R3 and V2.2: the next one is turned;
        R51 and V2.3: the game ends when no adventure is left to be active."""
        self.accuser, self.named = -1, None
        self._resolve(fog)
        if self.adv_deck:
            self._turn_adventure()                                  # R3, V2.2: onto the right end of the row
        if not self.adv_row:
            self._end_game()                                        # R51, V2.3, A8, A9
            return
        self._begin_turn((seat + 1) % self.players)                 # R3: clockwise

    def _turn_adventure(self) -> None:
        card = self.chance.draw(self.adv_deck)
        self.adv_row.append(card)
        self._tell("turned", None, card=card, row=list(self.adv_row))
        if len(self.adv_row) == 1:
            self._say(None, T("sm.log.active", card=card_text(card)))
        else:
            self._say(None, T("sm.log.upcoming", card=card_text(card)))

    # ----------------------------------------------------------------------------------------------
    # (A) Movement cards: R5, R6, R7, R8, R9, R10, R11, R12, R13, R14, R15, R16, R17, R18, R19, R20
    # ----------------------------------------------------------------------------------------------
    def _play(self, seat: int, a: PlayCard) -> bool:
        """Resolve a movement card; True for Fog (R20)."""
        card, t = a.card, card_type(a.card)
        if self.hand_mode:
            slot = -1
            self.hands[seat].remove(card)                           # V3.2: from the hand
        else:
            slot = self.market.index(card)                          # R5: from the market
        self._tell("played", seat, card=card, ship=a.ship)
        if t in ("mv-full-speed", "mv-lost-at-sea"):
            frm = self.space_of(a.ship)
            to = frm - 6 if t == "mv-full-speed" else frm + 6       # R9, R10
            to = move_ship(self.row, a.ship, to)                    # R8: clamped
            self._tell("moved", seat, piece=a.ship, frm=frm, to=to, row=list(self.row))
            self._say(seat, T("sm.log.play_one", player=seat_ref(seat), card=card_text(card),
                              ship=ship_text(a.ship), frm=frm, to=to))
        elif t in ("mv-alliance", "mv-rip"):
            frm = self.space_of(a.ship)
            other = self.ship_at(frm + 1)
            to = frm - 3 if t == "mv-alliance" else frm + 3         # R11, R12
            to = move_block(self.row, frm, to)
            self._tell("moved", seat, piece=a.ship, frm=frm, to=to, row=list(self.row))
            self._tell("moved", seat, piece=other, frm=frm + 1, to=to + 1, row=list(self.row))
            self._say(seat, T("sm.log.play_pair", player=seat_ref(seat), card=card_text(card),
                              a=ship_text(a.ship), b=ship_text(other), frm=frm, frm2=frm + 1, to=to, to2=to + 1))
        elif t in FLAG_CARDS:
            flag = t.rsplit("-", 1)[1]
            ships = sorted((s for s in self.row if flag_of(s) == flag), key=self.space_of)
            forward = t.startswith("mv-advance")
            if not forward:
                ships.reverse()                                     # R14: rear-most first
            self._say(seat, T("sm.log.play_flag", player=seat_ref(seat), card=card_text(card)))
            for ship in ships:                                      # R13: front-most first, one at a time
                frm = self.space_of(ship)
                to = move_ship(self.row, ship, frm - 2 if forward else frm + 2)   # R8, A11
                self._tell("moved", seat, piece=ship, frm=frm, to=to, row=list(self.row))
        elif t == "mv-sabotage":
            self._damage(a.ship)                                    # R16
            self._tell("damaged", seat, ships=[a.ship], why=card)
            self._say(seat, T("sm.log.sabotage", player=seat_ref(seat), ship=ship_text(a.ship)))
        else:
            self._say(seat, T("sm.log.play_fog", player=seat_ref(seat)))                         # R20
        # R15: moving never changes damage or fame (they are kept per ship, not per space)
        self.mv_discard.append(card)                                # R6: face up onto the discard pile
        if self.hand_mode:
            self._draw_to_hand(seat)                                # V3.2
        else:
            self._refill(slot)                                      # R6
        return t == "mv-fog"

    def _draw_movement(self) -> str:
        """R7, A14: an empty deck is the discard pile shuffled, at the moment a card is needed."""
        if not self.mv_deck:
            self.mv_deck = sorted(self.mv_discard)
            self.mv_discard = []
            self._tell("reshuffled", None, count=len(self.mv_deck))
            self._say(None, T("sm.log.reshuffle"))
        return self.chance.draw(self.mv_deck)

    def _refill(self, slot: int) -> None:
        card = self._draw_movement()
        self.market[slot] = card
        self._tell("drew", None, to="market", card=card, slot=slot)

    def _draw_to_hand(self, seat: int) -> None:
        card = self._draw_movement()
        self.hands[seat].append(card)
        self.hands[seat].sort()
        self._tell("drew", seat, audience=[seat], secret={"card": card}, to="hand", count=1)
        self._say(seat, T("sm.log.you_draw", card=card_text(card)), audience=seat)

    def _discard_card(self, seat: int, card: str, why: str) -> None:
        self.hands[seat].remove(card)
        self.mv_discard.append(card)
        self._tell("discarded", seat, card=card, why=why)
        self._say(seat, T("sm.log.discards", player=seat_ref(seat), card=card_text(card)))

    # ----------------------------------------------------------------------------------------------
    # (B) Repair: R21; (D) Pass: R30, V3.6
    # ----------------------------------------------------------------------------------------------
    def _repair(self, seat: int) -> None:
        fixed = list(self.damaged)
        self.damaged = []                                           # R21, A12: legal with nothing to repair
        self._tell("repaired", seat, ships=fixed)
        self._say(seat, T("sm.log.repair", player=seat_ref(seat), n=len(fixed)))

    def _pass(self, seat: int, replace: str) -> None:
        if not replace:
            self._tell("passed", seat)
            self._say(seat, T("sm.log.pass", player=seat_ref(seat)))
            return
        self._say(seat, T("sm.log.pass_replace", player=seat_ref(seat), card=card_text(replace)))
        if self.hand_mode:
            self.hands[seat].remove(replace)                        # V3.6: discard 1, draw 1
            self.mv_discard.append(replace)
            self._tell("discarded", seat, card=replace, why="replace")
            self._draw_to_hand(seat)
        else:
            slot = self.market.index(replace)                       # R30: one market card, once
            self.mv_discard.append(replace)
            self._tell("discarded", seat, card=replace, why="replace")
            self._refill(slot)                                      # R6, R7

    # ----------------------------------------------------------------------------------------------
    # (C) Accusations: R22, R23, R24, R25, R26, R27, R28, R29
    # ----------------------------------------------------------------------------------------------
    def _answer(self, seat: int, accused: int, pirate: str) -> None:
        """R24: the engine answers, truthfully (R29, A15: nobody can lie, so no pirate-code check exists)."""
        ship = ship_of(pirate)
        correct = pirate in self.pirates[accused]
        self._remember(seat, "accuse", accused=accused, pirate=pirate, correct=correct)  # V3.3: after the discards
        if correct:                                                 # R25: correct
            fame = self.fame_of(ship)
            took = half_up(fame)
            for _ in range(took):                                   # R50: cards first, then owed fame
                if self._take_unit(ship) == "card":
                    self.secured[seat] += 1                         # R26: secured for good
                else:
                    self.secured_owed[seat] += 1
            self.revealed.append(pirate)                            # R27: never accusable again
            self._tell("accused", seat, accused=accused, pirate=pirate, correct=True, took=took, fame=fame)
            self._tell("revealed", None, pirate=pirate, owner=accused)
            self._say(seat, T("sm.log.accuse_right", player=seat_ref(seat), other=seat_ref(accused),
                              captain=captain_text(pirate), took=took, fame=fame))
        else:                                                       # R28 (R23: one's own pirate is always "no")
            if pirate not in self.denied[accused]:
                self.denied[accused].append(pirate)
                self.denied[accused].sort()
            self._tell("accused", seat, accused=accused, pirate=pirate, correct=False, took=0, fame=0)
            self._say(seat, T("sm.log.accuse_wrong", player=seat_ref(seat), other=seat_ref(accused),
                              captain=captain_text(pirate)))

    # ----------------------------------------------------------------------------------------------
    # Adventures: R31, R32, R33, R34, R35, R36, R37, R38, R39, R40, R41, R42, R43, R44, R45
    # ----------------------------------------------------------------------------------------------
    def undamaged_front_to_back(self) -> list[str]:
        """R32: the undamaged ships from space 1 towards space 9."""
        return [s for s in self.row if s not in self.damaged]

    def fame_gains(self, card: str) -> list[tuple[str, int]]:
        """R35: the fame the adventure ``card`` would give now, (ship, units) front to back (R31: never to a
        damaged ship)."""
        t = card_type(card)
        if t in SPACE_FAME:                                         # R36, R33: a damaged ship's point is lost
            return [(self.ship_at(p), 1) for p in sorted(SPACE_FAME[t]) if not self.is_damaged(self.ship_at(p))]
        if t in FIRST_FAME:                                         # R37, R32
            k, amount = FIRST_FAME[t]
            return [(s, amount) for s in self.undamaged_front_to_back()[:k]]
        if t == "adv-cursed-treasure":                              # R39
            return [(s, 2) for s in self.undamaged_front_to_back()[:1]]
        return []

    def preview(self, action: Action) -> dict[str, Any]:
        """What ``action`` would do before the next adventure is turned (section 9's highlights and ghost row),
        from what this state shows (it works on a seat's view; a pirate's owner is never guessed): ``row`` after
        the action, ``damaged`` after it, then the active adventure's effect on that row: ``gain`` {ship: fame},
        ``hurt`` {ship: "damaged" or "loses"}, ``loot`` [[victim, looter]], ``mutiny`` the ship whose owner it
        would reveal if anyone owns it ("" none), ``fog`` when Fog discards it. {} for an illegal action."""
        if self.phase != PLAY or self.check(action) is not None:
            return {}
        trial = self.clone()
        fog = False
        if isinstance(action, PlayCard):
            fog = trial._play(action.seat, action)                  # R8, R9, R10, R11, R12, R13, R14, R16, R20
        elif isinstance(action, Repair):
            trial._repair(action.seat)                              # R21
        gain: dict[str, int] = {}
        hurt: dict[str, str] = {}
        out: dict[str, Any] = {"row": list(trial.row), "damaged": sorted(trial.damaged), "gain": gain,
                               "hurt": hurt, "loot": [], "mutiny": "", "fog": fog}
        card = trial.active
        if fog or card is None:
            return out
        if card_type(card) == "adv-mutiny":                         # R43: its owner is not known here
            out["mutiny"] = next((s for s in trial.row if pirate_of(s) not in trial.revealed), "")
            return out
        first = len(trial.events)
        trial._resolve(False)
        for e in trial.events[first:]:
            if e.kind == "fame":
                for ship, n in e.get("gains") or ():
                    gain[ship] = gain.get(ship, 0) + int(n)
            elif e.kind == "damaged":
                for ship in e.get("ships") or ():
                    hurt[ship] = "damaged"
            elif e.kind == "lost":
                hurt[e.get("ship")] = "loses"
            elif e.kind == "looted":
                out["loot"].append([e.get("frm"), e.get("to")])
                hurt[e.get("frm")] = "loses"
                gain[e.get("to")] = gain.get(e.get("to"), 0) + 1
        return out

    def _resolve(self, fog: bool) -> None:
        card = self.adv_row.pop(0)                                  # V2.2: it leaves the row whatever happens
        if fog:                                                     # R20: discarded without effect
            self.adv_discard.append(card)
            self._tell("adventure", None, card=card, fog=True)
            self._say(None, T("sm.log.fogged", card=card_text(card)))
            return
        self._tell("adventure", None, card=card, fog=False)
        t = card_type(card)
        gains = self.fame_gains(card)                               # R35: decided first, then applied
        if not gains:                                               # fame: one line names the card (``_pay``)
            self._say(None, T("sm.log.adventure", card=card_text(card)))
        if gains:
            self._pay(card, gains)                                  # R46, R47
            if t == "adv-cursed-treasure":
                ship = gains[0][0]
                self._damage(ship)                                  # R39: then it becomes damaged
                self._tell("damaged", None, ships=[ship], why=card)
                self._say(None, T("sm.log.damaged", ship=ship_text(ship)))
            return
        if t in SPACE_FAME or t in FIRST_FAME or t == "adv-cursed-treasure":
            self._say(None, T("sm.log.nothing"))                    # R33, A23: nobody to reward
        elif t in FIRST_DAMAGE or t in LAST_DAMAGE or t in SPACE_DAMAGE:
            if t in FIRST_DAMAGE:                                   # R38
                hit = self.undamaged_front_to_back()[:FIRST_DAMAGE[t]]
            elif t in LAST_DAMAGE:                                  # R38, R32, A23
                hit = list(reversed(self.undamaged_front_to_back()))[:LAST_DAMAGE[t]]
            else:                                                   # R40, R34
                hit = [self.ship_at(p) for p in SPACE_DAMAGE[t] if not self.is_damaged(self.ship_at(p))]
            self._damage_all(hit, card)
        elif t in SPACE_LOSS:                                       # R41: damage does not matter
            losers = [self.ship_at(p) for p in sorted(SPACE_LOSS[t]) if self.fame_of(self.ship_at(p)) > 0]
            for ship in losers:
                self._lose(ship, 1)
            if not losers:
                self._say(None, T("sm.log.nothing"))
        elif t == "adv-mutiny":
            self._mutiny()
        elif t.startswith("adv-attack-"):
            self._attack(flag_of(t.replace("adv-attack-", "x-")), card)
        elif t.startswith("adv-loot-"):
            self._loot(flag_of(t.replace("adv-loot-", "x-")))
        self.adv_discard.append(card)                               # R42, A20: no fame: face up to the discard

    def _damage_all(self, ships: list[str], card: str) -> None:
        """The ``ships`` damaged one by one in that order; an already damaged one is left as it is."""
        hit = [s for s in ships if self._damage(s)]                  # R34
        if hit:
            self._tell("damaged", None, ships=hit, why=card)
            if len(hit) == 1:
                self._say(None, T("sm.log.damaged", ship=ship_text(hit[0])))
            else:                                                   # one line for them all
                self._say(None, T("sm.log.damaged_many", ships=listed([ship_text(ship) for ship in hit])))
        else:
            self._say(None, T("sm.log.nothing"))

    def _supply(self) -> str:
        """R48: one fame unit: V1.1 the discard pile first, then the deck (face down, unseen), then owed fame."""
        if self.extended and self.adv_discard:
            self.adv_discard.pop()                                  # V1.1, A6: the top card of the discard pile
            return "discard"
        if self.adv_deck:
            self.chance.draw(self.adv_deck)                         # R48: the top card of the deck, unseen
            return "deck"
        return "owed"                                               # R48, R49, A5

    def _pay(self, card: str, gains: list[tuple[str, int]]) -> None:
        """R47: N units, N - 1 from the supply and the active card last, handed out front to back (A19: the
        active card to the rear-most gaining ship)."""
        units = [ship for ship, n in gains for _ in range(n)]
        counts = {"deck": 0, "discard": 0, "owed": 0}
        for ship in units[:-1]:
            source = self._supply()
            counts[source] += 1
            i = SHIPS.index(ship)
            if source == "owed":
                self.owed[i] += 1
            else:
                self.fame[i] += 1
        self.fame[SHIPS.index(units[-1])] += 1                      # R47: the active card is the last unit
        self._tell("fame", None, card=card, gains=[[s, n] for s, n in gains], last=units[-1], **counts)
        paid = [T("sm.log.paid_card")] + [T(f"sm.log.paid_{source}", n=counts[source])
                                          for source in ("deck", "discard", "owed") if counts[source]]
        self._say(None, T("sm.log.fame", card=card_text(card), paid=listed(paid),      # R47, R48: one line
                          gains=listed([T("sm.log.gain", ship=ship_text(ship), n=n) for ship, n in gains], ", ")))

    def _lose(self, ship: str, n: int) -> None:
        """R41, R43, R50, V1.2: lost cards go face up onto the adventure discard pile; lost owed fame vanishes."""
        cards = owed = 0
        for _ in range(n):
            if self._take_unit(ship) == "card":
                cards += 1
                self.adv_discard.append(FAME_CARD)
            else:
                owed += 1
        self._tell("lost", None, ship=ship, cards=cards, owed=owed)
        self._say(None, T("sm.log.loses", ship=ship_text(ship), n=n))

    def _mutiny(self) -> None:
        """R43, A2, A3, A4: the front-most ship whose pirate is unrevealed, damaged or not."""
        ship = next((s for s in self.row if pirate_of(s) not in self.revealed), None)
        if ship is None:
            self._tell("mutiny", None, ship="", owner=None)
            self._say(None, T("sm.log.mutiny_none"))
            return
        pirate = pirate_of(ship)
        owner = self.owner_of(pirate)
        if owner is None:                                           # A4: nothing happens; now public
            if pirate not in self.unowned:
                self.unowned.append(pirate)
                self.unowned.sort()
            self._tell("mutiny", None, ship=ship, owner=None)
            self._say(None, T("sm.log.mutiny_nobody", ship=ship_text(ship)))
            return
        self.revealed.append(pirate)                                # R27 applies from now on
        n = half_up(self.fame_of(ship))                             # A3: half, rounded up
        self._tell("mutiny", None, ship=ship, owner=owner)
        self._tell("revealed", None, pirate=pirate, owner=owner)
        self._say(None, T("sm.log.mutiny", player=seat_ref(owner), captain=captain_text(pirate),
                          ship=ship_text(ship), n=n))
        if n:
            self._lose(ship, n)

    def _attack(self, flag: str, card: str) -> None:
        """R44: front to back, each undamaged ship of the flag damages the ship in front of another flag."""
        targets = []
        for p in range(2, SPACES + 1):
            ship, front = self.ship_at(p), self.ship_at(p - 1)
            if flag_of(ship) == flag and not self.is_damaged(ship) and flag_of(front) != flag:
                targets.append(front)
        self._damage_all(targets, card)                             # R44: front to back

    def _loot(self, flag: str) -> None:
        """R45, A1: front to back, the undamaged ship of another flag directly behind a ship of the flag with
        fame takes 1 fame from it (R31: a damaged looter takes nothing; a damaged victim can be looted;
        A7: a revealed ship too)."""
        any_loot = False
        for p in range(1, SPACES):
            victim, looter = self.ship_at(p), self.ship_at(p + 1)
            if (flag_of(victim) == flag and self.fame_of(victim) > 0 and not self.is_damaged(looter)
                    and flag_of(looter) != flag):
                unit = self._take_unit(victim)                      # R50: a moved owed unit stays owed
                i = SHIPS.index(looter)
                if unit == "card":
                    self.fame[i] += 1
                else:
                    self.owed[i] += 1
                any_loot = True
                self._tell("looted", None, frm=victim, to=looter, unit=unit)
                self._say(None, T("sm.log.loot", looter=ship_text(looter), victim=ship_text(victim)))
        if not any_loot:
            self._say(None, T("sm.log.nothing"))

    # ----------------------------------------------------------------------------------------------
    # The end: R51, R52, R53, R54, R55, R56, R57, R58
    # ----------------------------------------------------------------------------------------------
    def _end_game(self) -> None:
        self.over, self.phase = True, OVER
        self._tell("ended", None, what="game")
        self._say(None, T("sm.log.game_over"))
        for seat in range(self.players):                            # R52: every pirate revealed
            for pirate in self.pirates[seat]:
                if pirate not in self.revealed:
                    self._tell("revealed", None, pirate=pirate, owner=seat)
                    self._say(seat, T("sm.log.was", player=seat_ref(seat), captain=captain_text(pirate),
                                      ship=ship_text(ship_of(pirate))))
        for pirate in self.aside:                                   # R52: their ships belong to nobody
            self._tell("revealed", None, pirate=pirate, owner=None)
            self._say(None, T("sm.log.unowned", ship=ship_text(ship_of(pirate))))
        for seat in range(self.players):
            self._say(seat, T("sm.log.score", player=seat_ref(seat), n=self.score_of(seat)))

    def right_accusations(self) -> list[int]:
        """How many right accusations each seat made (R25), from the public history (a result's figure, and the
        bots' bluffing measure: how often a player was read)."""
        out = [0] * self.players
        for entry in self.history:
            if entry.get("act") == "accuse" and entry.get("correct") is True and 0 <= entry.get("seat", -1) < self.players:
                out[entry["seat"]] += 1
        return out

    def undamaged_owned(self, seat: int) -> int:
        """R55: the undamaged ships the seat owns."""
        return sum(1 for s in self.owned_ships(seat) if s not in self.damaged)

    def front_most(self, seat: int) -> int:
        """R56, A18: the space of the seat's front-most ship, damaged or not."""
        return min(self.space_of(s) for s in self.owned_ships(seat))

    def ranking_key(self, seat: int) -> tuple[int, int, int]:
        """R57: score, then undamaged ships owned (R55), then the front-most ship (R56); higher is better."""
        return (self.score_of(seat), self.undamaged_owned(seat), -self.front_most(seat))

    def progress(self) -> dict[str, int]:
        """The adventures still to draw, for the Continue list: the deck is the game's clock (R3, R51)."""
        return {"adventures_left": len(self.adv_deck)}

    def result(self) -> Result:
        scores = [float(self.score_of(s)) for s in range(self.players)]     # R53
        keys = [self.ranking_key(s) for s in range(self.players)]
        best = max(keys)
        top = [s for s in range(self.players) if keys[s][0] == best[0]]     # R54
        if len(top) == 1:
            how = T("sm.how.score", n=best[0])
        elif len([s for s in top if keys[s][1] == best[1]]) == 1:
            how = T("sm.how.undamaged", n=best[0], ships=best[1])           # R55
        else:
            how = T("sm.how.front", n=best[0], space=-best[2])              # R56
        breakdown = []
        for seat in range(self.players):
            rows: list[tuple[str, float]] = [("sm.result.secured", float(self.secured[seat] + self.secured_owed[seat]))]
            for ship in sorted(self.owned_ships(seat), key=self.space_of):   # section 5: fame on each owned ship
                rows.append((f"sm.ship.{ship}", float(self.fame_of(ship))))
            breakdown.append(rows)
        return Result.from_scores(scores, breakdown, tiebreak=[k[1:] for k in keys], how=how,
                                  stats={"sm.stat.undamaged": [k[1] for k in keys],
                                         "sm.stat.front": [-k[2] for k in keys],
                                         "sm.stat.right": self.right_accusations()})

    # ----------------------------------------------------------------------------------------------
    # Views: S3 "Hidden information at start", V3.7
    # ----------------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> "SpanishMainState":
        v = self.view_of(seat)
        assert isinstance(v, SpanishMainState)
        _hide(v, seat)
        v._legal = None
        return v

    def adventure_count(self) -> int:
        """I1: deck + discard + row + fame cards under ships + secured cards (always 58)."""
        return len(self.adv_deck) + len(self.adv_discard) + len(self.adv_row) + sum(self.fame) + sum(self.secured)

    def movement_count(self) -> int:
        """I2: deck + discard + market + hands (always 24)."""
        return len(self.mv_deck) + len(self.mv_discard) + len(self.market) + sum(len(h) for h in self.hands)


def _yours(pirates: Sequence[str]) -> Text:
    ps = [captain_text(p) for p in pirates]
    if len(ps) == 3:
        return T("sm.log.yours3", a=ps[0], b=ps[1], c=ps[2])
    return T("sm.log.yours2", a=ps[0], b=ps[1])


# --------------------------------------------------------------------------------------------------
# Secrets, determinization, rules
# --------------------------------------------------------------------------------------------------
def _hide(s: SpanishMainState, seat: int | None) -> None:
    """What ``seat`` may not see becomes UNKNOWN (S3, V3.7, section 9): other seats' unrevealed pirates and the
    set-aside ones (until R52 shows them all), both decks' cards and order, other seats' hands."""
    s.chance = Chance(Rng(0))
    if not s.over:
        for k in range(s.players):
            if k != seat:
                known = sorted(p for p in s.pirates[k] if p in s.revealed)
                s.pirates[k] = known + [UNKNOWN] * (len(s.pirates[k]) - len(known))
        s.aside = [UNKNOWN] * len(s.aside)
    s.adv_deck = [UNKNOWN] * len(s.adv_deck)                       # V2.4: the adventure row stays public
    s.mv_deck = [UNKNOWN] * len(s.mv_deck)
    for k in range(len(s.hands)):
        if k != seat:
            s.hands[k] = [UNKNOWN] * len(s.hands[k])


def _deal_pirates(s: SpanishMainState, rng: Rng) -> None:
    """Fill the UNKNOWN pirate places with the pirates nobody shows, so that every public fact still holds:
    revealed owners, "X is not P" after a wrong accusation (R28), "nobody owns P" after a Mutiny (A4)."""
    slots = [k for k in range(s.players) for p in s.pirates[k] if p == UNKNOWN] + [-1] * s.aside.count(UNKNOWN)
    if not slots:
        return
    shown = {p for ps in s.pirates for p in ps} | set(s.aside)
    free = [p for p in PIRATES if p not in shown]
    rng.shuffle(free)

    def allowed(p: str, k: int) -> bool:
        if k < 0:
            return True
        return p not in s.unowned and p not in s.denied[k]

    order = list(range(len(slots)))
    rng.shuffle(order)
    chosen: dict[int, str] = {}

    def place(i: int, left: list[str]) -> bool:
        if i == len(order):
            return True
        slot = order[i]
        for j, p in enumerate(left):
            if allowed(p, slots[slot]):
                chosen[slot] = p
                if place(i + 1, left[:j] + left[j + 1:]):
                    return True
        return False

    if not place(0, free):
        raise ValueError("no deal of the pirates fits what is public")
    pos = 0
    for k in range(s.players):
        mine = [p for p in s.pirates[k] if p != UNKNOWN]
        for _ in range(s.pirates[k].count(UNKNOWN)):
            mine.append(chosen[pos])
            pos += 1
        s.pirates[k] = sorted(mine)
    aside = [p for p in s.aside if p != UNKNOWN]
    for _ in range(s.aside.count(UNKNOWN)):
        aside.append(chosen[pos])
        pos += 1
    s.aside = sorted(aside)


def _fill(s: SpanishMainState, rng: Rng) -> None:
    """Every UNKNOWN of a hidden state dealt again from what is not shown (a state the seat cannot tell apart)."""
    _deal_pirates(s, rng)
    if UNKNOWN in s.adv_deck:
        pool = list(ADVENTURE_CARDS)
        for c in s.adv_discard + s.adv_row:
            if c in pool:
                pool.remove(c)
        s.adv_deck = sorted(rng.sample(pool, len(s.adv_deck)))
    if UNKNOWN in s.mv_deck or any(UNKNOWN in h for h in s.hands):
        pool = list(MOVEMENT_CARDS)
        for c in s.mv_discard + s.market + [c for h in s.hands for c in h if c != UNKNOWN]:
            pool.remove(c)
        rng.shuffle(pool)
        for k, h in enumerate(s.hands):
            if UNKNOWN in h:
                s.hands[k] = sorted(pool.pop() for _ in h)
        s.mv_deck = sorted(pool)


def determinize(view: State, rng: Rng) -> SpanishMainState:
    """A full state consistent with ``view``: the hidden pirates, decks and hands dealt again, another generator."""
    assert isinstance(view, SpanishMainState)
    full = view.clone()
    full.viewer, full.is_view = None, False
    _fill(full, rng)
    full.chance = Chance(rng.fork())
    full._legal = None
    return full


class SpanishMainRules(Rules):
    """Pirates of the Spanish Main, the card game, for 2-4 players, with the variants ``extended-fame`` (V1.1),
    ``imminent-adventures`` (V2.1) and ``movement-hand`` (V3.1), alone or together."""

    id = "spanish-main"
    name_key = "game.spanish-main.name"
    version = 1
    min_players = 2
    max_players = 4
    has_secrets = True
    options = (
        Option("extended-fame", "bool", False, label="sm.opt.extended", help="sm.opt.extended.help"),
        Option("imminent-adventures", "bool", False, label="sm.opt.imminent", help="sm.opt.imminent.help"),
        Option("movement-hand", "bool", False, label="sm.opt.hand", help="sm.opt.hand.help"),
    )
    action_types = ACTION_TYPES

    def new_state(self, players: int, options: Mapping[str, Any], seed: int) -> SpanishMainState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError("Pirates of the Spanish Main is for 2 to 4 players")
        return SpanishMainState.new(players, options, seed)

    def state_from_json(self, data: JSON) -> SpanishMainState:
        return SpanishMainState.from_json(data)

    def validate_state(self, state: State) -> None:
        """A loaded save's position (``validate.py``)."""
        super().validate_state(state)
        from game.games.spanish_main.validate import validate_game
        validate_game(self, state)

    secrets = ("the other seats' pirate cards (S3)",
               "the set-aside pirate cards (S3)",
               "the order and cards of the adventure deck (S2, R48: fame drawn face down)",
               "the order of the movement deck (S4)",
               "the other seats' hands of movement cards (V3.7)")

    def twin(self, state: State, seat: int | None, rng: Rng) -> SpanishMainState:
        """Another deal of everything ``seat`` cannot see (pirates, decks, hands) and another generator."""
        assert isinstance(state, SpanishMainState)
        t = state.clone()
        hidden = state.clone()
        _hide(hidden, seat)
        for name in ("pirates", "aside", "adv_deck", "mv_deck", "hands"):
            setattr(t, name, getattr(hidden, name))
        _fill(t, rng)
        t.chance = state.other_chance(rng)
        _retell_deals(t)
        t._legal = None
        return t

    def corruptions(self, data: JSON) -> Any:
        from game.games.spanish_main.validate import corruptions
        return corruptions(data)


def _retell_deals(s: SpanishMainState) -> None:
    """The setup's secret deal events and lines told again from the (re-dealt) pirates."""
    events = s._events
    for i, e in enumerate(events):
        if e.kind == "dealt" and e.get("what") is None and e.audience:
            seat = e.audience[0]
            events[i] = Event.of("dealt", None, audience=[seat], secret={"pirates": list(s.pirates[seat])},
                                 to=seat, count=len(s.pirates[seat]))
            if i + 1 < len(events) and events[i + 1].kind == "said" and events[i + 1].audience == (seat,):
                events[i + 1] = said(seat, _yours(s.pirates[seat]), audience=seat)


RULES = SpanishMainRules()
