"""Each seat's last move as the table marks it (issue 16): what the shared table's ``last_moves()`` gives (per seat,
the events of the last turn in which it did something, as the seat on screen may know them) read into what is
drawn: the ships it sailed, the square each sailed from, the way they went (the wake), what it sank and where it
took the treasure. Pure data (no pygame): the scene draws it, in the seat's colour and with the seat's symbol,
until that seat moves again.

Fields of the events read (rules.py's notes): ``turn`` (``turn``: the number of the turn the move was made in),
``moved`` (``ships``, ``frm``, ``path``), ``sank`` (``piece``, ``at``, ``by``: a boarding, the storm or a blast, whose
every ship sinks with its own event), ``took`` (``ship``, ``at``), ``forfeit`` (``none``: a later roll of the seat that
left it no move, R13: its last move is still this one, and the marks say so).

Wakes that sail over the same stretch of sea (an out-and-back: a ship that leaves and comes back along its own
line, or two ships on one line) are given lanes (``wake_lanes``): the scene draws each such wake beside the
squares' middle line, on the right of its way, so the two legs run side by side and each arrow shows its end.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from game.core.events import Event

Cell = tuple[int, int]


def cell_of(value: Any) -> Cell:
    """An event's square (a list in JSON, a tuple in the event) as the state keeps it."""
    return (int(value[0]), int(value[1]))


@dataclass(frozen=True)
class Wake:
    """One die's move: event ``index``, the ``ships`` that sailed, from ``start`` through ``squares`` (every
    square entered, the landing last)."""
    index: int
    ships: tuple[str, ...]
    start: Cell
    squares: tuple[Cell, ...]


@dataclass
class SeatMarks:
    """What one seat's last move left on the sea."""
    seat: int
    ships: list[str] = field(default_factory=list)          # the ships it sailed, in the order they sailed
    origins: dict[str, Cell] = field(default_factory=dict)  # each ship's square before the turn
    wakes: list[Wake] = field(default_factory=list)
    sank: list[tuple[int, str, Cell, str]] = field(default_factory=list)   # (index, ship, square, by)
    took: list[tuple[int, str, Cell]] = field(default_factory=list)        # (index, ship, square)
    turn: int | None = None             # the number of the turn it was made in (None: a position built so)
    idle: list[int] = field(default_factory=list)   # the seat's later turns whose roll left it no move (R13)

    @property
    def empty(self) -> bool:
        """Nothing to mark on the sea (a turn with no move: a roll that could not be played, a declined take)."""
        return not (self.wakes or self.sank or self.took)

    def origin_squares(self) -> list[tuple[Cell, list[str]]]:
        """The squares the ships sailed from, each with the ships that left it (a flotilla group leaves one)."""
        out: dict[Cell, list[str]] = {}
        for ship in self.ships:
            out.setdefault(self.origins[ship], []).append(ship)
        return list(out.items())


def marks_of(last_moves: dict[int, Iterable[tuple[int, Event]]],
             events: list[Event] | None = None) -> dict[int, SeatMarks]:
    """Each seat's marks from its last move's (index, event) pairs; with the ``events`` they are indexes of, the
    seat's later turns whose roll left it no move too (``idle``)."""
    out: dict[int, SeatMarks] = {}
    for seat, pairs in last_moves.items():
        m = SeatMarks(seat)
        last = -1
        for index, e in pairs:
            kind = e.kind
            last = max(last, index)
            if kind == "turn" and m.turn is None:
                m.turn = e.get("turn")
            elif kind == "moved":
                ships = tuple(sorted(e.get("ships") or (e.get("piece"),)))
                start = cell_of(e.get("frm"))
                squares = tuple(cell_of(c) for c in e.get("path") or (e.get("to"),))
                m.wakes.append(Wake(index, ships, start, squares))
                for ship in ships:
                    if ship not in m.origins:
                        m.origins[ship] = start
                        m.ships.append(ship)
            elif kind == "sank":
                m.sank.append((index, e.get("piece"), cell_of(e.get("at")), e.get("by") or ""))
            elif kind == "took" and e.get("at") is not None:
                m.took.append((index, e.get("ship"), cell_of(e.get("at"))))
        if events is not None and last >= 0:
            m.idle = idle_turns(events, seat, last + 1)
        out[seat] = m
    return out


def idle_turns(events: list[Event], seat: int, start: int) -> list[int]:
    """The numbers of ``seat``'s turns from ``events[start]`` on in which its roll left it no move (R13)."""
    turn: int | None = None
    out: list[int] = []
    for k, e in enumerate(events):
        if e.kind == "turn":
            turn = e.get("turn")
        elif k >= start and e.kind == "forfeit" and e.seat == seat and e.get("none") and turn is not None:
            out.append(int(turn))
    return out


def _legs(wake: Wake) -> list[tuple[Cell, Cell]]:
    cells = (wake.start, *wake.squares)
    return [(a, b) for a, b in zip(cells, cells[1:]) if a != b]


def wake_lanes(marks: dict[int, SeatMarks]) -> dict[int, int]:
    """Each wake's lane (by its event's index): 0 on the squares' middle line; a wake that sails a stretch another
    wake sails too (either way) gets lane 1, 2 ... on the right of its own way, the first lane free there. An
    out-and-back's legs so run side by side, each on its own right."""
    wakes = sorted((w for m in marks.values() for w in m.wakes), key=lambda w: w.index)
    users: dict[frozenset, int] = {}
    for w in wakes:
        for a, b in set(_legs(w)):
            key = frozenset((a, b))
            users[key] = users.get(key, 0) + 1
    lanes: dict[int, int] = {}
    taken: dict[tuple[Cell, Cell], set[int]] = {}
    for w in wakes:
        legs = _legs(w)
        if not any(users.get(frozenset(leg), 0) > 1 for leg in legs):
            lanes[w.index] = 0
            continue
        lane = 1
        while any(lane in taken.get(leg, ()) for leg in legs):
            lane += 1
        for leg in legs:
            taken.setdefault(leg, set()).add(lane)
        lanes[w.index] = lane
    return lanes


__all__ = ["SeatMarks", "Wake", "cell_of", "idle_turns", "marks_of", "wake_lanes"]
