"""Pirateer: the setup of one game as a value (issue 19).

``Setup`` says everything the table fixed before the first movement roll: which map (``board``, by the name the
named loader knows: "standard", later "fantastic-eight"), each seat's fleets (harbour names; on the standard map a
harbour is named after its faction) and the dead man's (V9.1), the seats in turn order round the board (S5, A13:
clockwise by home harbour; the game starts with whoever wins the first-player roll, S4, and goes on in this
order), how many dice a movement roll has (R2: two; V2.1: three in ``storm``; V11.4: four in
``fantastic-eight``; ``acey-deucey`` rolls two, V6.3) and the treasures, each with the place it starts (S3: the
island). It is frozen and JSON-able; the game state keeps it (``PirateerState.setup``) and a save carries it, so
a loaded game is played on the map it was started on.

``build_setup`` is a pure function of the options and the choices made at the table (S1: each seat's fleet when
the players choose them; until then the seats' fleets are empty and ``complete`` is false). ``board_named`` loads a
map by its name, once (``board.load_board_named``), and ``map_file`` says which file a loaded board came from.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from game.games.pirateer.boardmodel import Board

STANDARD = "standard"                  # the one-board map, assets/maps/pirateer.tmx
FANTASTIC_EIGHT = "fantastic-eight"    # V11.1: two boards (issue 19, item 3)
ISLAND = "island"                      # a treasure's place: on the island (moves.ISLAND)
TREASURE = "treasure"                  # the id of the one treasure of a one-board game


@dataclass(frozen=True)
class Setup:
    """One game's setup (see the module notes). ``fleets[seat]``: the harbours that seat sails from, empty while
    it has not chosen (S1); ``order``: the seats in turn order round the board (S5; empty until every seat has
    its fleets); ``treasures``: (treasure id, the place it starts) in id order."""
    board: str = STANDARD
    fleets: tuple[tuple[str, ...], ...] = ()
    dead_man: str | None = None
    order: tuple[int, ...] = ()
    dice: int = 2
    treasures: tuple[tuple[str, str], ...] = ((TREASURE, ISLAND),)
    island: str | None = None     # V11.2: the island the coin flip chose (its label); None: the map's only one

    @property
    def awaits_flip(self) -> bool:
        """V11.2: does this setup still wait for the coin flip (two islands, none chosen yet)?"""
        return self.board == FANTASTIC_EIGHT and self.island is None

    @property
    def players(self) -> int:
        return len(self.fleets)

    @property
    def complete(self) -> bool:
        """Has every seat its fleets (S1)?"""
        return bool(self.fleets) and all(self.fleets)

    @property
    def treasure_ids(self) -> tuple[str, ...]:
        return tuple(t for t, _ in self.treasures)

    def start_places(self) -> dict[str, str]:
        """Treasure id -> where it starts (S3)."""
        return dict(self.treasures)

    def harbours(self) -> list[str]:
        """Every harbour with ships on it: the seats' fleets, then the dead man's (V9.1)."""
        return [f for fs in self.fleets for f in fs] + ([self.dead_man] if self.dead_man else [])

    def to_json(self) -> dict[str, Any]:
        return {"board": self.board, "fleets": [list(fs) for fs in self.fleets], "dead_man": self.dead_man,
                "order": list(self.order), "dice": self.dice, "treasures": {t: p for t, p in self.treasures},
                **({"island": self.island} if self.island is not None else {})}

    @classmethod
    def from_json(cls, d: Any) -> "Setup":
        """The setup a save wrote (ValueError if it is not one)."""
        if not isinstance(d, dict):
            raise ValueError("the setup is not an object")
        board, fleets, dead_man, order, dice, treasures = (d.get(k) for k in ("board", "fleets", "dead_man", "order",
                                                                              "dice", "treasures"))
        if not isinstance(board, str) or not board:
            raise ValueError(f"the setup's board {board!r}")
        if not isinstance(fleets, list) or not all(isinstance(fs, list) and all(isinstance(f, str) for f in fs)
                                                   for fs in fleets):
            raise ValueError("the setup's fleets")
        if dead_man is not None and not isinstance(dead_man, str):
            raise ValueError("the setup's dead man")
        if not isinstance(order, list) or not all(type(x) is int for x in order):
            raise ValueError("the setup's turn order")
        if type(dice) is not int or not 1 <= dice <= 4:
            raise ValueError(f"the setup's dice {dice!r}")
        if not isinstance(treasures, dict) or not treasures or \
                not all(isinstance(k, str) and isinstance(v, str) for k, v in treasures.items()):
            raise ValueError("the setup's treasures")
        island = d.get("island")
        if island is not None and (not isinstance(island, str) or not island):
            raise ValueError(f"the setup's island {island!r:.20}")
        return cls(board, tuple(tuple(fs) for fs in fleets), dead_man, tuple(order), dice,
                   tuple(sorted(treasures.items())), island)


def board_name(options: Mapping[str, Any]) -> str:
    """The map the options call for: two boards in ``fantastic-eight`` (V11.1), else the standard one."""
    return FANTASTIC_EIGHT if options.get(FANTASTIC_EIGHT) else STANDARD


def dice_per_roll(options: Mapping[str, Any]) -> int:
    """Dice in a movement (or nuke) roll: R2 two; V2.1 three in ``storm``; V11.4 four in ``fantastic-eight``;
    ``acey-deucey`` (never with those, section 6.13) rolls two (V6.3)."""
    if options.get(FANTASTIC_EIGHT):
        return 4
    return 3 if options.get("storm") else 2


def treasure_ids(options: Mapping[str, Any]) -> tuple[str, ...]:
    """One treasure (S3), two in ``fantastic-eight`` (V11.2)."""
    return (f"{TREASURE}-1", f"{TREASURE}-2") if options.get(FANTASTIC_EIGHT) else (TREASURE,)


def turn_order(ring: Sequence[str], fleets: Sequence[Sequence[str]]) -> tuple[int, ...]:
    """S5, A13, V11.7: the seats clockwise round the board by their first harbour in ``ring`` (the board's
    harbours clockwise); empty while a seat has no fleet."""
    if not fleets or not all(fleets):
        return ()
    return tuple(sorted(range(len(fleets)), key=lambda seat: min(ring.index(f) for f in fleets[seat])))


def build_setup(players: int, options: Mapping[str, Any], fleets: Sequence[Sequence[str]] | None = None,
                dead_man: str | None = None, ring: Sequence[str] = (), board: str | None = None,
                island: str | None = None) -> Setup:
    """The setup of a game of ``players`` with these options and the choices made at the table: ``fleets``, each
    seat's harbours (S1: preset or chosen; None or empty lists while they are being chosen), ``dead_man`` (V9.1),
    ``ring`` the board's harbours clockwise (for the turn order, S5). ``board`` overrides the map the options
    call for (a position built on another map); ``island``: the island the coin flip chose (V11.2)."""
    seats = tuple(tuple(fs) for fs in fleets) if fleets is not None else tuple(() for _ in range(players))
    if len(seats) != players:
        raise ValueError(f"{len(seats)} seats' fleets for {players} players")
    order = turn_order(ring, seats) if ring else ()
    return Setup(board or board_name(options), seats, dead_man, order, dice_per_roll(options),
                 tuple((t, ISLAND) for t in treasure_ids(options)), island)


# --------------------------------------------------------------------------------------------------
# Maps by name
# --------------------------------------------------------------------------------------------------
_FILES: dict[int, tuple[Board, Path]] = {}     # a loaded board -> the .tmx it was read from (BoardView draws it)


def board_named(name: str) -> Board:
    """The map called ``name`` (a name of ``board.BOARD_MAPS``: "standard", "fantastic-eight"), read once
    (``board.load_board_named``). KeyError for a name no map has; BoardError if its file is wrong. The engine
    asks ``PirateerRules.board_named``, which answers "standard" with the map it read itself (``RULES.board``)."""
    from game.games.pirateer import board as boards
    if name not in boards.BOARD_MAPS:
        raise KeyError(name)
    got = boards.load_board_named(name)
    if id(got) not in _FILES:
        remember_file(got, boards.map_path(name))
    return got


def map_path(name: str) -> Path:
    """The ``.tmx`` file of the map called ``name`` (for messages; a name no map has: as if it were a file)."""
    from game.games.pirateer import board as boards
    return boards.map_path(name) if name in boards.BOARD_MAPS else Path(f"{name}.tmx")


def remember_file(board: Board, path: str | Path) -> None:
    """Note the ``.tmx`` ``board`` was read from, so that ``BoardView`` draws that map's own pictures."""
    _FILES[id(board)] = (board, Path(path))


def map_file(board: Board) -> Path:
    """The ``.tmx`` ``board`` was read from: as noted when it was loaded by name (``board_named``) or by
    ``remember_file``, else the standard map (a board read from a file by hand draws the standard pictures)."""
    got = _FILES.get(id(board))
    if got is not None and got[0] is board:
        return got[1]
    from game.games.pirateer.board import default_path
    return default_path()


__all__ = ["Setup", "STANDARD", "FANTASTIC_EIGHT", "TREASURE", "board_name", "board_named", "build_setup",
           "dice_per_roll", "map_file", "map_path", "remember_file", "treasure_ids", "turn_order"]
