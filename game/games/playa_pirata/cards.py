"""Playa Pirata components (spec section 2) and the scoring tables (R33, R34, R35, R36, R37, V7, V8, V9).

Cards are plain strings with the ids of the spec (``treasure-3-a``, ``pirate-red-map``,
``towel-blue-2-3``, ``special-parrot``); ``UNKNOWN`` stands for a card the viewer may not see.
Seat ``i`` plays colour ``COLOURS[i]``. The two component facts the seed does not print (A1, A2, A26)
are one constant each: ``TREASURE_DECK`` and ``TOWELS_PER_COLOUR``.
"""
from __future__ import annotations

from game.core.protocol import T, Text, seat_ref

UNKNOWN = "?"
COLOURS = ("red", "blue", "green", "yellow")  # R1; A3: the fourth colour is ours

# (id, kind, printed value); kind: "number" | "skull" | "towel" (A1: 4 skulls + 1 towel treasure)
TREASURE_DECK: tuple[tuple[str, str, int], ...] = (
    tuple((f"treasure-{v}-{s}", "number", v) for v in (3, 4, 5, 6, 7) for s in "ab")
    + tuple((f"treasure-skull-{i}", "skull", 0) for i in range(1, 5))
    + (("treasure-towel-1", "towel", 0),)
)
TREASURE_IDS: tuple[str, ...] = tuple(t[0] for t in TREASURE_DECK)
TREASURE_KIND: dict[str, str] = {t[0]: t[1] for t in TREASURE_DECK}
TREASURE_VALUE: dict[str, int] = {t[0]: t[2] for t in TREASURE_DECK}

TOWELS_PER_COLOUR: dict[int, int] = {1: 4, 2: 4, 3: 4}  # A2
PIRATE_KINDS = ("spyglass", "map", "umbrella")

SANDCASTLE = "special-sandcastle"
SKELETON = "special-skeleton"
WAVE = "special-wave"
DOUBLE = "special-double-towel"
FLAG = "special-flag"
BUCKET = "special-bucket"
LIFEGUARD = "special-lifeguard"
SLIPPERS = "special-slippers"
PIGGY = "special-piggy-bank"
PARROT = "special-parrot"
SPECIAL_IDS: tuple[str, ...] = (SANDCASTLE, SKELETON, WAVE, DOUBLE, FLAG, BUCKET, LIFEGUARD, SLIPPERS,
                                PIGGY, PARROT)
KEPT_SPECIALS = frozenset({SANDCASTLE, SKELETON, WAVE})  # never played, scored at the end (V6)

TREASURES_PER_PLAYER = {2: 5, 3: 4, 4: 3}  # R2
TOWEL_TREASURE_CAP = 8                      # R34
SKULL_POINTS = (0, 0, 10, 18, 18)           # R35, by set size
SPECIAL_BONUS = 3                           # V8, V9


def towel_ids(colour: int) -> list[str]:
    name = COLOURS[colour]
    return [f"towel-{name}-{v}-{i}" for v in sorted(TOWELS_PER_COLOUR) for i in range(1, TOWELS_PER_COLOUR[v] + 1)]


def pirate_ids(colour: int) -> list[str]:
    return [f"pirate-{COLOURS[colour]}-{k}" for k in PIRATE_KINDS]


ALL_TOWELS: tuple[str, ...] = tuple(c for colour in range(len(COLOURS)) for c in towel_ids(colour))
TOWEL_VALUE: dict[str, int] = {c: int(c.split("-")[2]) for c in ALL_TOWELS}
TOWEL_COLOUR: dict[str, int] = {c: COLOURS.index(c.split("-")[1]) for c in ALL_TOWELS}
ALL_PIRATES: tuple[str, ...] = tuple(c for colour in range(len(COLOURS)) for c in pirate_ids(colour))
PIRATE_KIND: dict[str, str] = {c: c.split("-")[2] for c in ALL_PIRATES}
PIRATE_COLOUR: dict[str, int] = {c: COLOURS.index(c.split("-")[1]) for c in ALL_PIRATES}


def rounds_in_hand(players: int) -> int:
    """R5: one round per action card (treasures dealt + 3 pirates): 8 / 7 / 6; A4: a "turno" is a round."""
    return TREASURES_PER_PLAYER[players] + len(PIRATE_KINDS)


def towel_treasure_points(cards_in_pile: int) -> int:
    """R34: 2 per towel card of any colour and value, at most 8."""
    return min(2 * cards_in_pile, TOWEL_TREASURE_CAP)


def skull_points(skulls: int) -> int:
    """R35: 0 / 0 / 10 / 18 / 18."""
    return SKULL_POINTS[min(skulls, len(SKULL_POINTS) - 1)]


def treasure_canonical(card: str) -> str:
    """The first id of the cards interchangeable with ``card`` (the two 5s, the four skulls)."""
    kind = TREASURE_KIND[card]
    for tid in TREASURE_IDS:
        if TREASURE_KIND[tid] == kind and TREASURE_VALUE[tid] == TREASURE_VALUE[card]:
            return tid
    return card  # pragma: no cover


# Player-facing names -------------------------------------------------------------------------------
def colour_text(seat: int) -> Text:
    """A player in a log line: the name given at setup (the UI resolves the seat reference)."""
    return seat_ref(seat)


def treasure_text(card: str) -> Text:
    if card == UNKNOWN or card not in TREASURE_KIND:
        return T("pp.treasure.unknown")
    kind = TREASURE_KIND[card]
    if kind == "number":
        return T("pp.treasure.number", value=TREASURE_VALUE[card])
    return T(f"pp.treasure.{kind}")


def special_text(card: str) -> Text:
    return T("pp.special." + card[len("special-"):])


def pirate_text(card: str) -> Text:
    return T("pp.pirate." + PIRATE_KIND[card])


def list_text(items: list) -> Text:
    """A comma-separated list that translates item by item ("3, 1" / "7, teschio")."""
    if not items:
        return T("pp.list.none")
    out: Text | str = items[-1]
    for item in reversed(items[:-1]):
        out = T("pp.list.pair", a=item, b=out)
    return out if isinstance(out, Text) else T("pp.list.one", a=out)
