"""Each seat's last move as the table marks it (issue 16): what the shared table's ``last_moves()`` gives (per seat,
the events of the last turn in which it did something, as the seat on screen may know them) read into what is
drawn: the ships it sailed, the square each sailed from, the way they went (the wake), what it sank and where it
took the treasure. Pure data (no pygame): the scene draws it, in the seat's colour and with the seat's symbol,
until that seat moves again.

Fields of the events read (rules.py's notes): ``moved`` (``ships``, ``frm``, ``path``), ``sank`` (``piece``, ``at``,
``by``: a boarding, the storm or a blast, whose every ship sinks with its own event), ``took`` (``ship``, ``at``).
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


def marks_of(last_moves: dict[int, Iterable[tuple[int, Event]]]) -> dict[int, SeatMarks]:
    """Each seat's marks from its last move's (index, event) pairs."""
    out: dict[int, SeatMarks] = {}
    for seat, pairs in last_moves.items():
        m = SeatMarks(seat)
        for index, e in pairs:
            kind = e.kind
            if kind == "moved":
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
        out[seat] = m
    return out


__all__ = ["SeatMarks", "Wake", "cell_of", "marks_of"]
