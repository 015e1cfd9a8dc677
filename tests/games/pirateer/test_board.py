"""The Pirateer board (spec section 2.3: the G rules): the loaded Tiled map against the board data, square by square,
and the steps the rules engine will build on (ordinary, current, strait)."""
from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.games.pirateer.board import load_board
from game.games.pirateer.boardmodel import DIRECTIONS, Board

ROOT = Path(__file__).resolve().parents[3]
BOARD_TEXT = ROOT / "build" / "data" / "pirateer-board.txt"

CHAR_KIND = {"#": "land", ".": "sea", "~": "current", "D": "dock", "I": "island", "o": "islet", "S": "strait",
             "T": "strait", **{c: "sea" for c in "EFBPefbp"}}
LETTER_FACTION = {"e": "spanish", "f": "french", "b": "barbary", "p": "pirates"}


def text_grid() -> list[str]:
    """Section 3 of the board file, parsed by its own stated rule (independent of the generator)."""
    text = BOARD_TEXT.read_text(encoding="utf-8").splitlines()
    block = text[text.index("BEGIN GRID") + 1:text.index("END GRID")]
    rows = [m for ln in block if (m := re.fullmatch(r"y(\d\d) (.{20})", ln))]
    assert [int(m.group(1)) for m in rows] == list(range(20))
    return [m.group(2) for m in rows]


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


def run(board: Board, cell, direction: str, n: int):
    path = board.ray(cell, direction, n)
    return None if path is None else path[-1]


# -- the loader agrees with the board text --------------------------------------------------------
def test_loader_agrees_cell_by_cell_with_the_board_text(board):
    grid = text_grid()
    for y, row in enumerate(grid):
        for x, ch in enumerate(row):
            assert board.kind((x, y)) == CHAR_KIND[ch], (x, y, ch)
            letter = ch.lower()
            if letter in LETTER_FACTION:
                fa = LETTER_FACTION[letter]
                if ch.isupper():
                    assert board.anchor_of((x, y)) == fa
                else:
                    assert board.start_of((x, y))[0] == fa
            else:
                assert board.anchor_of((x, y)) is None and board.start_of((x, y)) is None


def test_counts_of_section_11(board):
    assert len(board.squares) == 232
    assert sum(len(c.cells) for c in board.currents) == 20
    assert (len(board.docks), len(board.island), len(board.islets)) == (8, 4, 2)
    assert len(board.harbours) == 4 and sum(len(h.starts) for h in board.harbours) == 12
    assert {s.label: (s.top, s.bottom) for s in board.straits} == {"S": ((3, 4), (15, 16)), "T": ((4, 3), (16, 15))}


def test_dead_ends_of_section_11(board):
    assert board.dead_ends() == ((0, 9), (2, 8), (3, 15), (4, 16), (8, 2), (9, 0), (10, 19), (11, 17), (15, 3),
                                 (16, 4), (17, 11), (19, 10))


def test_board_is_frozen_hashable_and_equal_across_loads(board):
    again = load_board()
    assert again == board and hash(again) == hash(board)
    with pytest.raises(dataclasses.FrozenInstanceError):
        board.name = "other"  # type: ignore[misc]


def test_board_model_is_pure():
    """The rules side imports the Board model without pytmx or pygame."""
    code = ("import sys; import game.games.pirateer.boardmodel, game.games.pirateer; "
            "bad = [m for m in ('pytmx', 'pygame') if m in sys.modules]; print(bad); sys.exit(1 if bad else 0)")
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr


# -- G1 grid and geometry -------------------------------------------------------------------------
def test_G1_grid_is_20_by_20_and_table_position_is_u_w(board):
    assert (board.width, board.height) == (20, 20)
    assert Board.uw((5, 13)) == (-8, 18)
    assert Board.centre((5, 13), 26, (500, 10)) == (500 - 8 * 26, 10 + 18 * 26)
    for cell in board.cells():
        px, py = Board.centre(cell, 26, (400, 20))
        assert board.cell_at(px, py, 26, (400, 20)) == cell
        assert board.cell_at(px + 12, py - 12, 26, (400, 20)) == cell  # inside the diamond, near a side
    assert board.cell_at(-1000, -1000, 26) is None


def test_G1_board_rectangle_is_landscape_with_long_edges_on_w7_and_w31(board):
    assert (board.edges.top, board.edges.bottom, board.edges.side) == (7, 31, 16)
    assert board.board_rect(26, (0, 0)) == (-16 * 26, 7 * 26, 32 * 26, 24 * 26)  # 832 x 624 at h = 26
    water_off = [c for c in board.cells() if board.is_water(c) and not board.on_board(c)]
    assert water_off == []
    edge_water = sorted(c for c in board.cells() if board.is_water(c) and sum(c) in (7, 31))
    assert edge_water == [(3, 4), (4, 3), (15, 16), (16, 15)]  # only the strait halves on the long edges


def test_G1_tiled_map_origin_matches_the_table_formula(board):
    assert board.tile_half == 32 and board.tmx_origin == (640, 32)
    assert Board.centre((0, 0), 32, board.tmx_origin) == (640, 32)
    assert Board.diamond((0, 0), 32, board.tmx_origin) == ((640, 0), (672, 32), (640, 64), (608, 32))


# -- G2 kinds -------------------------------------------------------------------------------------
def test_G2_square_kinds_and_playable_squares(board):
    kinds = [board.kind(c) for c in board.cells()]
    assert len(kinds) == 400
    # open sea 186 + anchors 4 + start squares 12 are all "sea"
    assert {k: kinds.count(k) for k in set(kinds)} == {"sea": 202, "current": 20, "dock": 8, "strait": 4,
                                                      "land": 160, "island": 4, "islet": 2}
    assert len(board.squares) == 202 + 20 + 8 + 2 == 232
    for c in board.cells():
        assert board.is_water(c) == (board.kind(c) in ("sea", "current", "dock", "strait"))


def test_G2_board_has_two_fold_mirror_symmetry(board):
    for x, y in board.cells():
        assert board.kind((x, y)) == board.kind((y, x))                # left-right: u -> -u
        assert board.kind((x, y)) == board.kind((19 - y, 19 - x))      # top-bottom: w -> 38 - w


def test_G2_ships_never_step_onto_land_island_or_islets(board):
    for c in board.squares:
        for _, n in board.neighbours(c):
            assert board.is_water(n) and n in board.squares


# -- G3 directions ----------------------------------------------------------------------------------
def test_G3_ordinary_steps_change_x_or_y_by_one(board):
    assert DIRECTIONS == {"SE": (1, 0), "NW": (-1, 0), "SW": (0, 1), "NE": (0, -1), "E": (1, -1), "W": (-1, 1)}
    assert board.neighbours((5, 13)) == (("SE", (6, 13)), ("NW", (4, 13)), ("SW", (5, 14)), ("NE", (5, 12)))


def test_G3_no_other_steps_exist(board):
    straits = {s.top for s in board.straits}
    for c in board.squares:
        for d, n in board.neighbours(c):
            if c in straits or n in straits:
                continue  # G4 wraps through the seam
            assert (n[0] - c[0], n[1] - c[1]) == DIRECTIONS[d]
            if d in ("E", "W"):
                assert board.current_at(c) is not None and board.current_at(c) is board.current_at(n)


def test_G3_lengthwise_steps_only_between_squares_of_the_same_current(board):
    assert board.step((6, 9), "E") == (7, 8) and board.step((6, 9), "W") == (5, 10)
    assert board.step((12, 3), "E") is None      # (13,2) continues the row but is not current
    assert board.step((3, 12), "W") is None
    assert board.step((5, 13), "E") is None      # open sea has no horizontal step
    assert board.step((6, 10), "E") is None


# -- G4 straits -----------------------------------------------------------------------------------
def test_G4_strait_neighbours_match_the_table(board):
    assert dict((d, n) for d, n in board.neighbours((3, 4))) == {"SE": (4, 4), "SW": (3, 5), "NW": (14, 16),
                                                                 "NE": (15, 15)}
    assert dict((d, n) for d, n in board.neighbours((4, 3))) == {"SE": (5, 3), "SW": (4, 4), "NW": (15, 15),
                                                                 "NE": (16, 14)}


def test_G4_a_strait_is_one_square(board):
    for s in board.straits:
        assert board.canonical(s.bottom) == s.top and board.canonical(s.top) == s.top
        assert s.top in board.squares and s.bottom not in board.squares
        assert board.strait_at(s.bottom) is board.strait_at(s.top) is s
        assert board.neighbours(s.bottom) == board.neighbours(s.top)
        assert (s.bottom[0] - s.top[0], s.bottom[1] - s.top[1]) == (12, 12)
    assert board.step((14, 16), "SE") == (3, 4)  # onto the bottom triangle = into S
    assert board.step((4, 4), "NW") == (3, 4)    # onto the top triangle = into S


def test_G4_straight_moves_keep_their_direction_through_the_seam(board):
    assert board.ray((3, 7), "NE", 5) == ((3, 6), (3, 5), (3, 4), (15, 15), (15, 14))
    assert board.ray((15, 13), "SW", 4) == ((15, 14), (15, 15), (3, 4), (3, 5))
    assert board.ray((6, 3), "NW", 3) == ((5, 3), (4, 3), (15, 15))


def test_X4_three_NE_from_3_7_lands_in_strait_S(board):
    assert run(board, (3, 7), "NE", 3) == (3, 4)
    assert board.strait_at(board.ray((3, 7), "NE", 4)[2]) is not None  # a 4 would pass through the strait


def test_X4b_leaving_strait_S(board):
    assert run(board, (3, 4), "NE", 2) == (15, 14)
    assert run(board, (3, 4), "NW", 1) == (14, 16)
    assert run(board, (3, 4), "SE", 3) == (6, 4)
    assert run(board, (3, 4), "SW", 3) == (3, 7)


# -- G5 currents ----------------------------------------------------------------------------------
def test_G5_two_currents_of_ten_squares(board):
    c1, c2 = board.currents
    assert (c1.label, c2.label) == ("C1", "C2")
    assert c1.cells == ((3, 12), (4, 11), (5, 10), (6, 9), (7, 8), (8, 7), (9, 6), (10, 5), (11, 4), (12, 3))
    assert c2.cells == ((7, 16), (8, 15), (9, 14), (10, 13), (11, 12), (12, 11), (13, 10), (14, 9), (15, 8), (16, 7))
    assert {sum(c) for c in c1.cells} == {15} and {sum(c) for c in c2.cells} == {23}
    for cell in ((2, 13), (1, 14), (13, 2), (14, 1), (6, 17), (5, 18), (17, 6), (18, 5)):
        assert board.kind(cell) == "sea" and board.current_at(cell) is None


def test_X3_two_NE_from_6_11_lands_on_C1(board):
    assert run(board, (6, 11), "NE", 2) == (6, 9) and board.current_at((6, 9)).label == "C1"
    assert board.current_at(board.ray((6, 11), "NE", 3)[1]) is not None  # a 3 would cross C1


def test_X3b_lengthwise_along_C1(board):
    assert run(board, (6, 9), "E", 6) == (12, 3)
    assert run(board, (6, 9), "W", 3) == (3, 12)
    assert board.ray((6, 9), "W", 4) is None      # (2,13) is not current
    assert run(board, (6, 9), "SE", 2) == (8, 9) and board.dock_at((8, 9)) is not None


# -- G6 island and docks --------------------------------------------------------------------------
def test_G6_island_and_its_eight_docks(board):
    assert board.island == ((9, 9), (9, 10), (10, 9), (10, 10))
    assert all(board.kind(c) == "island" and not board.is_water(c) for c in board.island)
    docks = {d.cell: (d.side, d.near) for d in board.docks}
    assert docks == {(8, 9): ("NW", "spanish"), (8, 10): ("NW", "spanish"), (9, 8): ("NE", "french"),
                     (10, 8): ("NE", "french"), (9, 11): ("SW", "barbary"), (10, 11): ("SW", "barbary"),
                     (11, 9): ("SE", "pirates"), (11, 10): ("SE", "pirates")}
    assert board.treasure_uw == (0.0, 19.0)
    assert board.islets == ((4, 15), (15, 4))


# -- G7 harbours ----------------------------------------------------------------------------------
HARBOURS = {
    "spanish": ("top-left", (0, 9), "SW", ((1, 13), (1, 14))),
    "french": ("top-right", (9, 0), "SE", ((13, 1), (14, 1))),
    "barbary": ("bottom-left", (10, 19), "NW", ((6, 18), (5, 18))),
    "pirates": ("bottom-right", (19, 10), "NE", ((18, 6), (18, 5))),
}


def test_G7_each_faction_has_a_straight_six_square_channel(board):
    assert board.factions == ("spanish", "french", "pirates", "barbary")  # clockwise (S5)
    for h in board.harbours:
        corner, anchor, bay, mouth = HARBOURS[h.faction]
        dx, dy = DIRECTIONS[bay]
        assert (h.corner, h.anchor, h.bay) == (corner, anchor, bay)
        assert h.channel == tuple((anchor[0] + i * dx, anchor[1] + i * dy) for i in range(6))
        assert h.starts == h.channel[1:4]
        assert sorted(h.mouth) == sorted(mouth)
        for i, c in enumerate(h.channel):
            assert board.harbour_at(c) is h
            outside = [n for _, n in board.neighbours(c) if n not in h.channel]
            if i < 4:  # anchor and start squares: walled on both sides
                assert outside == []
            else:      # the last two open sideways onto the mouth
                assert len(outside) == 1 and outside[0] in mouth
        beyond = (anchor[0] + 6 * dx, anchor[1] + 6 * dy)
        assert not board.is_water(beyond)  # land closes the channel


def test_X1_setup_squares(board):
    starts = {h.faction: h.starts for h in board.harbours}
    assert starts == {"spanish": ((0, 10), (0, 11), (0, 12)), "french": ((10, 0), (11, 0), (12, 0)),
                      "barbary": ((9, 19), (8, 19), (7, 19)), "pirates": ((19, 9), (19, 8), (19, 7))}
    assert board.start_of((0, 10)) == ("spanish", 1) and board.start_of((7, 19)) == ("barbary", 3)


# -- G8 occupancy (the board's part: every passed square is listed) -------------------------------
def test_G8_a_move_lists_every_square_it_passes(board):
    assert board.ray((5, 13), "SE", 3) == ((6, 13), (7, 13), (8, 13))
    assert board.ray((5, 13), "NE", 4) == ((5, 12), (5, 11), (5, 10), (5, 9))
    assert board.ray((0, 12), "NW", 1) is None  # off the water


def test_X2_straight_three_from_5_13(board):
    assert {d: run(board, (5, 13), d, 3) for d in ("SE", "NW", "SW", "NE")} == {
        "SE": (8, 13), "NW": (2, 13), "SW": (5, 16), "NE": (5, 10)}
    assert run(board, (5, 13), "SW", 6) == (5, 19)
