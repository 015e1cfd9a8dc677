"""Each seat's last move on the Playa Pirata table, read from its events as the seat on screen may know them
(``TableScene.last_moves``: per seat, the (index, event) pairs of the turn in which it last did something).

``read_moves`` turns them into what the table marks until that seat moves again (issue 16): the beach spots it
acted on (a treasure buried, towels laid, a pirate or special card played on it, a treasure looked at), the
towel cards it laid (the top card of a pile is framed while it is one of them), the pirate card it played (the
top of the Pirates played pile), the Flag or Double beach towel it laid beside a treasure, and a few words of
what it did for the line under its name. Only public fields are read (spots, counts, the towel and pirate ids
everyone sees laid): a mark never tells a card the viewer may not know — what a look showed, which treasure
was buried, which special card was kept stay out of it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

from game.core.events import Event
from game.core.protocol import Text

from game.games.playa_pirata.cards import (BUCKET, DOUBLE, FLAG, LIFEGUARD, PARROT, PIGGY, SLIPPERS, TOWEL_VALUE,
                                           list_text, pirate_text)


@dataclass
class SeatMove:
    """What one seat did in its last move, as the table marks it."""

    seat: int
    start: int                                               # index of its turn's first event (newer: on top)
    spots: list[int] = field(default_factory=list)           # beach spots it acted on, in order
    towels: set[str] = field(default_factory=set)            # towel ids it laid
    pirate: str | None = None                                # the pirate card it played
    markers: set[tuple[int, str]] = field(default_factory=set)  # (spot, Flag / Double beach towel) it laid
    looked_at: int | None = None                             # the seat whose hand it looked at (Lifeguard)
    parts: list[Text] = field(default_factory=list)          # what it did, in a few words each

    def add_spot(self, spot: object) -> None:
        if isinstance(spot, int) and spot >= 0 and spot not in self.spots:
            self.spots.append(spot)

    def text(self, name: str) -> Text:
        """What the marks mean, for the pointer resting on one of them."""
        return Text.of("pp.explain.last_move", name=name, what=list_text(list(self.parts)))


def hand_start(events: list[Event]) -> int:
    """The index of the deal of the hand on the table (its ``dealt`` table event); 0 before any."""
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if e.kind == "dealt" and e.get("what") == "table":
            return i
    return 0


def read_moves(last: dict[int, list[tuple[int, Event]]], start: int,
               name: Callable[[int], str] = str) -> dict[int, SeatMove]:
    """Each seat's last move made in the hand dealt at event ``start`` (a move of an earlier hand is not on
    this beach), from its own events; ``name(seat)`` names the seat a Lifeguard looked at."""
    out: dict[int, SeatMove] = {}
    for seat, pairs in last.items():
        if not pairs or pairs[0][0] < start:
            continue
        move = SeatMove(seat, pairs[0][0])
        for _, e in pairs:
            if e.seat == seat:
                _read(move, e, name)
        if move.parts:
            out[seat] = move
    return out


def _read(move: SeatMove, e: Event, name: Callable[[int], str]) -> None:
    kind, what = e.kind, e.get("what")
    if kind == "buried":                                  # R10 (V11: with the Flag)
        spot = e.get("spot")
        move.add_spot(spot)
        if e.get("flag"):
            move.markers.add((spot, FLAG))
        move.parts.append(Text.of("pp.move.buried_flag" if e.get("flag") else "pp.move.buried", spot=spot + 1))
    elif kind == "played" and what == "pirate":         # R11, R12, R13, R15, R16
        move.pirate = e.get("card")
        target, effect = e.get("target"), e.get("effect")
        move.add_spot(target)
        if effect in ("look", "face-up", "umbrella") and isinstance(target, int) and target >= 0:
            move.parts.append(Text.of(f"pp.move.{e.get('pirate')}", spot=target + 1))
        elif effect == "aside":
            move.parts.append(Text.of("pp.move.umbrella_aside"))
        else:                                             # no target, or an Umbrella without effect (A28)
            move.parts.append(Text.of("pp.move.no_effect", card=pirate_text(move.pirate)))
    elif kind == "played" and what == "towels":         # R18, R19, R20
        target, cards = e.get("target"), tuple(e.get("cards") or ())
        move.add_spot(target)
        move.towels.update(cards)
        move.parts.append(Text.of("pp.move.towels", n=len(cards), spot=target + 1))
    elif kind == "played" and what == "special":
        _read_special(move, e, name)
    elif kind == "revealed" and what == "treasure":     # R12, R13, V12: the spot looked at (never its face)
        move.add_spot(e.get("spot"))
    elif kind == "revealed" and what == "towels":       # R24
        move.parts.append(Text.of("pp.move.show" if e.get("cards") else "pp.move.show_none"))
    elif kind == "chose" and e.get("choice") == "position":   # V3
        move.parts.append(Text.of("pp.move.position", n=e.get("position")))
    elif kind == "chose" and e.get("choice") == "special":    # V5: which card stays the picker's secret
        move.parts.append(Text.of("pp.move.kept"))
    elif kind == "discarded":                            # V5
        move.parts.append(Text.of("pp.move.discarded"))


def _read_special(move: SeatMove, e: Event, name: Callable[[int], str]) -> None:
    card, target = e.get("card"), e.get("target")
    if card == LIFEGUARD:                                # V13: a seat, not a spot
        move.looked_at = target
        move.parts.append(Text.of("pp.move.lifeguard", name=name(target)))
        return
    move.add_spot(target)
    spot = target + 1 if isinstance(target, int) else 0
    if card == DOUBLE:                                   # V10
        move.markers.add((target, DOUBLE))
        move.parts.append(Text.of("pp.move.double", spot=spot))
    elif card == BUCKET:                                 # V12
        move.parts.append(Text.of("pp.move.bucket", spot=spot))
    elif card == SLIPPERS:                               # V14
        old = e.get("frm")
        move.add_spot(old)
        move.parts.append(Text.of("pp.move.slippers", old=(old if isinstance(old, int) else -1) + 1, spot=spot))
    elif card == PIGGY:                                  # V15: the towel taken back is public
        move.parts.append(Text.of("pp.move.piggy", value=TOWEL_VALUE.get(e.get("towel"), 0), spot=spot))
    elif card == PARROT:                                 # V16
        move.parts.append(Text.of("pp.move.parrot", spot=spot))


def on_spot(moves: Iterable[SeatMove], spot: int) -> list[SeatMove]:
    """The moves that marked ``spot``, the newest first."""
    return sorted((m for m in moves if spot in m.spots), key=lambda m: -m.start)
