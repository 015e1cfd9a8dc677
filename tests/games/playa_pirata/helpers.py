"""Scenario builders for the Playa Pirata tests: a dealt hand, then the beach and hands set by hand."""
from __future__ import annotations

from game.games.playa_pirata.cards import TOWEL_VALUE
from game.games.playa_pirata.rules import FINAL, ROUND, EndTurn, PlayaHand, Spot

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def new_hand(players: int = 3, special: bool = False, first: int = 0, seed: int = 1) -> PlayaHand:
    return PlayaHand.deal(players, {"special-cards": special}, seed, first)


def take_towel(h: PlayaHand, seat: int, value: int) -> str:
    for card in h.towels[seat]:
        if TOWEL_VALUE[card] == value:
            h.towels[seat].remove(card)
            return card
    raise AssertionError(f"seat {seat} has no towel of value {value} left")


def add_spot(h: PlayaHand, treasure: str = "treasure-3-a", pile=(), umbrella: int | None = None,
             flag: bool = False, by: int | None = None, face_up: bool = False) -> int:
    """A buried treasure with ``pile`` = [(seat, value), ...] bottom -> top (towels taken from hands)."""
    h.burials += 1
    sp = Spot(treasure, by, h.burials, (by,) if by is not None else (), flag=flag)
    sp.pile = [take_towel(h, seat, v) for seat, v in pile]
    sp.umbrella = umbrella
    sp.face_up = face_up
    h.beach.append(sp)
    h._dirty()
    return len(h.beach) - 1


def set_towels(h: PlayaHand, seat: int, values) -> None:
    """Leave ``seat`` holding exactly towels of these values (the others go out of the game)."""
    keep = []
    pool = list(h.towels[seat])
    for v in values:
        card = next(c for c in pool if TOWEL_VALUE[c] == v)
        pool.remove(card)
        keep.append(card)
    h.towels[seat] = sorted(keep, key=lambda c: (TOWEL_VALUE[c], c))
    h._dirty()


def start_turn(h: PlayaHand, seat: int, round_: int = 2) -> None:
    """Make it ``seat``'s turn in round ``round_`` (step A), occupation snapshot taken now (R14)."""
    h.phase = ROUND
    h.round = round_
    h.turn_pos = h.order.index(seat)
    h._begin_turn(seat)


def start_final(h: PlayaHand) -> None:
    h.phase = FINAL
    h.round = h.n_rounds
    h.turn_pos = 0
    h._begin_turn(h.order[0])


def finish(h: PlayaHand) -> None:
    """Jump to the final turn and end it without playing: the hand is scored."""
    start_final(h)
    h.apply(EndTurn(h.order[0]))


def groups_on(h: PlayaHand, seat: int, target: int) -> set[tuple[int, ...]]:
    from game.games.playa_pirata.rules import PlayTowels
    return {a.values for a in h.legal_actions(seat) if isinstance(a, PlayTowels) and a.target == target}
