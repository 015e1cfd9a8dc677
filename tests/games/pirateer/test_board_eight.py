"""The fantastic eight's two-board map (spec V11.1, V11.2, V11.3, V11.7; board file sections 10 and 11): the loaded
map against the board text and section 11's figures, its geometry under the existing move generator (V-J), its
square names, and damaged copies that must fail with a BoardError naming what is off.

The engine cannot start a game on this map yet (the setup is another helper's work), so V-J is checked at the
Board / moves level: ``moves.group_landings`` with a hand-made ``Ctx`` and ``Pos``."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game.games.pirateer.board import BOARD_MAPS, board_key, load_board, load_board_named, map_path
from game.games.pirateer.boardmodel import ORDINARY, Board, BoardError
from game.games.pirateer.moves import Ctx, Pos, die_distances, group_landings, ship_id, toward_vector
from tests.games.pirateer.test_map import generator

ROOT = Path(__file__).resolve().parents[3]
MAPS = ROOT / "assets" / "maps"
BOARD_TEXT = ROOT / "build" / "data" / "pirateer-board.txt"
EIGHT = "pirateer-8.tmx"
CLOCKWISE = ("spanish-a", "french-a", "pirates-a", "french-b", "pirates-b", "barbary-b", "spanish-b", "barbary-a")
CHAR_KIND = {"#": "land", ".": "sea", "~": "current", "D": "dock", "I": "island", "o": "islet", "S": "strait",
             "T": "strait", **{c: "sea" for c in "EFBPefbp"}}


def text_grid() -> list[str]:
    """Section 3 of the board file, parsed by its own stated rule (independent of the generator)."""
    lines = BOARD_TEXT.read_text(encoding="utf-8").splitlines()
    block = lines[lines.index("BEGIN GRID") + 1:lines.index("END GRID")]
    return [m.group(2) for ln in block if (m := re.fullmatch(r"y(\d\d) (.{20})", ln))]


@pytest.fixture(scope="module")
def eight() -> Board:
    return load_board_named("fantastic-eight")


@pytest.fixture(scope="module")
def one() -> Board:
    return load_board_named("standard")


def ship(board: Board, harbour: str, cell, n: int = 1) -> tuple[Ctx, Pos, str]:
    sid = ship_id(harbour, n)
    return Ctx(board=board, friends={}, home={}), Pos(ships={sid: cell}), sid


def moves_of(board: Board, cell, die: int, harbour: str = "spanish-a") -> dict[str, tuple]:
    """direction -> landing square of a lone ship's legal moves of ``die`` (moves.py's generator)."""
    if harbour not in board.factions:
        harbour = board.factions[0]
    ctx, pos, sid = ship(board, harbour, cell)
    return {land.direction: land.cell for land in group_landings(ctx, pos, (sid,), [die])}


# -- the named loader ---------------------------------------------------------------------------------
def test_named_loader_reads_each_map_once_and_knows_its_names(eight, one):
    assert load_board_named("fantastic-eight") is eight and load_board_named("standard") is one
    assert one == load_board() and one.name == "pirateer" and eight.name == "pirateer-8"
    assert (board_key(one), board_key(eight)) == ("standard", "fantastic-eight")
    assert map_path("fantastic-eight") == MAPS / EIGHT and set(BOARD_MAPS) == {"standard", "fantastic-eight"}
    with pytest.raises(BoardError, match="unknown board 'nine'"):
        load_board_named("nine")


def test_generated_two_board_map_is_committed_and_reproducible():
    """The .tmx text only (no art drawn): the same bytes as the shipped file; `make art` writes it."""
    gen = generator()
    text = BOARD_TEXT.read_text(encoding="utf-8")
    d = gen.parse_board_text(text)
    tiles = gen.tile_list([f["faction"] for f in d.factions], [label for label, _, _ in d.straits])
    made = gen.write_tmx(gen.parse_eight(text, d), tiles, "pirateer-backdrop.png", (1024, 768))
    assert made == (MAPS / EIGHT).read_text(encoding="utf-8"), "pirateer-8.tmx differs: rerun make art"


# -- V11.1: the combined grid against the board text ---------------------------------------------------
def test_V11_1_board_B_is_board_A_moved_by_12_12_with_the_seam_on_w31(eight):
    grid = text_grid()
    assert (eight.width, eight.height) == (32, 32) and eight.seams == (31,)
    assert (eight.edges.top, eight.edges.bottom, eight.edges.side) == (7, 55, 16)
    for y in range(32):
        for x in range(32):
            w = x + y
            if w == 31:
                want = "sea" if (x, y) in ((15, 16), (16, 15)) else "land"
            else:
                a, b = (x, y) if w < 31 else (x - 12, y - 12)
                want = CHAR_KIND[grid[b][a]] if 0 <= a < 20 and 0 <= b < 20 else "land"
            assert eight.kind((x, y)) == want, (x, y)


def test_V11_1_eight_harbours_each_with_its_faction_and_three_start_squares(eight, one):
    assert eight.factions == CLOCKWISE                                    # V11.7
    anchors = {"spanish-b": (12, 21), "french-b": (21, 12), "barbary-b": (22, 31), "pirates-b": (31, 22)}
    for h in eight.harbours:
        faction, part = h.name.rsplit("-", 1)
        base = one.harbour(faction)
        k = 0 if part == "a" else 12
        assert h.faction == faction and eight.harbour(h.name) is h
        assert h.anchor == (base.anchor[0] + k, base.anchor[1] + k) == anchors.get(h.name, base.anchor)
        assert h.starts == tuple((x + k, y + k) for x, y in base.starts) and len(h.starts) == 3
        assert (h.corner, h.bay, len(h.channel)) == (base.corner, base.bay, 6)
        assert eight.anchor_of(h.anchor) == h.name and eight.start_of(h.starts[2]) == (h.name, 3)
        assert toward_vector(eight, h.name) == toward_vector(one, faction)   # V11.7: the faction's R17 table
    assert {h.name: h.faction for h in one.harbours} == {f: f for f in one.factions}


def test_section_11_counts_of_the_two_board_map(eight):
    assert len(eight.squares) == 464
    assert {s.label: (s.top, s.bottom) for s in eight.straits} == {"S": ((3, 4), (27, 28)), "T": ((4, 3), (28, 27))}
    assert eight.inner_straits == ((15, 16), (16, 15))
    assert [(i.label, len(i.cells), len(i.docks)) for i in eight.islands] == [("A", 4, 8), ("B", 4, 8)]
    assert (len(eight.docks), len(eight.island), len(eight.islets)) == (16, 8, 4)
    assert [(c.label, sum(c.cells[0]), len(c.cells)) for c in eight.currents] == \
        [("C1", 15, 10), ("C2", 23, 10), ("C3", 39, 10), ("C4", 47, 10)]
    assert sum(len(h.starts) for h in eight.harbours) == 24


def test_section_11_water_graph_is_connected(eight):
    seen, todo = {eight.squares[0]}, [eight.squares[0]]
    while todo:
        for _, n in eight.neighbours(todo.pop()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert len(seen) == 464
    assert len(die_distances(eight, [eight.squares[0]])) == 464     # in die moves too (R5, R8, R9)


def test_V11_2_two_islands_each_with_its_docks_and_treasure_spot(eight):
    a, b = eight.islands
    assert a.cells == ((9, 9), (9, 10), (10, 9), (10, 10)) and a.treasure_uw == (0.0, 19.0) == eight.treasure_uw
    assert b.cells == ((21, 21), (21, 22), (22, 21), (22, 22)) and b.treasure_uw == (0.0, 43.0)
    assert b.docks == tuple(sorted((x + 12, y + 12) for x, y in a.docks))
    for d in eight.docks:
        isl = eight.island_named(d.island)
        assert eight.island_of(d.cell) is isl and d.cell in isl.docks
        assert d.near.endswith("-" + d.island.lower()) and d.near in eight.factions
        assert any((d.cell[0] + dx, d.cell[1] + dy) in isl.cells for dx, dy in ORDINARY.values())


# section 11: per harbour and island, min die moves to a dock and the carrier's die moves home from its docks
REACH = {"spanish-a": ((4, 4, 5), (7, 7, 8)), "french-a": ((4, 4, 5), (7, 7, 8)),
         "barbary-a": ((4, 4, 5), (7, 8, 8)), "pirates-a": ((4, 4, 5), (7, 8, 8)),
         "spanish-b": ((7, 8, 8), (4, 4, 5)), "french-b": ((7, 8, 8), (4, 4, 5)),
         "barbary-b": ((7, 7, 8), (4, 4, 5)), "pirates-b": ((7, 7, 8), (4, 4, 5))}


@pytest.mark.parametrize("harbour", CLOCKWISE)
def test_section_11_each_harbour_reaches_both_islands_as_listed(eight, harbour):
    h = eight.harbour(harbour)
    home = die_distances(eight, [h.anchor], toward_vector(eight, harbour))   # R17, R18: as a carrier
    for isl, (first, low, high) in zip(eight.islands, REACH[harbour]):
        assert all(h.starts[0] in die_distances(eight, [d]) for d in isl.docks)    # 8/8 docks reachable
        assert die_distances(eight, list(isl.docks))[h.starts[0]] == first
        assert all(d in home for d in isl.docks)                                    # home from 8/8 docks
        assert (min(home[d] for d in isl.docks), max(home[d] for d in isl.docks)) == (low, high)


# -- V11.3 and V-J: the straits ------------------------------------------------------------------------
def test_V11_3_inner_straits_are_open_sea_and_outer_straits_wrap_by_24_24(eight, one):
    for cell in ((15, 16), (16, 15)):                     # inner: plain sea squares, ships pass through
        assert eight.kind(cell) == "sea" and eight.strait_at(cell) is None and eight.canonical(cell) == cell
        assert one.strait_at(cell) is not None            # on one board they are strait S's and T's bottom halves
    assert eight.ray((16, 14), "SW", 3) == ((16, 15), (16, 16), (16, 17))
    assert eight.ray((14, 16), "SE", 3) == ((15, 16), (16, 16), (17, 16))
    s, t = eight.straits                                   # outer: G4 with the offset (24, 24)
    assert s.offset == t.offset == (24, 24) and [x.offset for x in one.straits] == [(12, 12), (12, 12)]
    assert dict(eight.neighbours((3, 4))) == {"SE": (4, 4), "SW": (3, 5), "NW": (26, 28), "NE": (27, 27)}
    assert dict(eight.neighbours((4, 3))) == {"SE": (5, 3), "SW": (4, 4), "NW": (27, 27), "NE": (28, 26)}
    assert eight.canonical((27, 28)) == (3, 4) and eight.strait_at((28, 27)) is t
    assert eight.ray((3, 7), "NE", 4) == ((3, 6), (3, 5), (3, 4), (27, 27))   # on through the seam: B's (15, 15)
    # R9: a move ends on a strait and leaves it with the next die, in the same direction through the seam
    assert moves_of(eight, (3, 7), 3)["NE"] == (3, 4) and "NE" not in moves_of(eight, (3, 7), 4)
    assert moves_of(eight, (3, 4), 2)["NE"] == (27, 26) and moves_of(eight, (3, 4), 2)["NW"] == (25, 28)
    assert moves_of(eight, (25, 28), 2)["SE"] == (3, 4)   # into S from board B's side


def test_V_J_three_SW_from_15_14_passes_the_inner_strait(eight, one):
    """Example V-J: combined (15,14), die 3 SW passes (15,16) and lands on (15,17), board B's (3,5); in the base
    game the same move is illegal (R5: it would pass strait S)."""
    assert moves_of(eight, (15, 14), 3)["SW"] == (15, 17)
    assert eight.square_name((15, 17)) == eight.cell_name((15, 17)) == "BB15"
    assert one.kind((15, 14)) == "sea" and "SW" not in moves_of(one, (15, 14), 3, "spanish")
    assert moves_of(one, (15, 14), 2)["SW"] == (3, 4)      # it may only stop on the strait


# -- square names ---------------------------------------------------------------------------------------
def test_square_names_keep_board_A_and_double_board_B_letters(eight, one):
    for cell in one.cells():
        if sum(cell) < 31 and one.is_water(cell) and not one.strait_at(cell):
            assert eight.square_name(cell) == one.square_name(cell)
    for h in one.harbours:                                   # B's squares: their own board's name, row doubled
        name_a = one.cell_name(h.anchor)
        assert eight.cell_name((h.anchor[0] + 12, h.anchor[1] + 12)) == name_a[0] * 2 + name_a[1:]
    assert eight.square_name((12, 21)) == "CC8"
    assert eight.square_name((3, 4)) == eight.square_name((27, 28)) == "A16/ZZ16"
    assert eight.square_name((15, 16)) == "Z16" and eight.square_name((16, 15)) == "Z18"
    rows = [r for r, _ in eight.row_labels]
    assert len(rows) == 49 and rows[:2] == ["A", "B"] and rows[24:27] == ["Z", "BB", "CC"] and rows[-1] == "ZZ"
    assert len(set(rows)) == 49 and eight.column_labels == one.column_labels


# -- damaged two-board maps -----------------------------------------------------------------------------
@pytest.fixture
def edit(tmp_path):
    """Copy the two-board map and its tileset to a temp folder; returns a function that rewrites the .tmx
    text and returns its path."""
    for name in (EIGHT, "pirateer.tsx", "pirateer-tiles.png", "pirateer-backdrop.png"):
        shutil.copy(MAPS / name, tmp_path / name)
    path = tmp_path / EIGHT

    def apply(change) -> Path:
        text = path.read_text(encoding="utf-8")
        changed = change(text)
        assert changed != text, "the edit changed nothing"
        path.write_text(changed, encoding="utf-8")
        return path
    return apply


def sub1(pattern: str, repl: str):
    return lambda text: re.sub(pattern, repl, text, count=1, flags=re.S)


def tile_edit(cell, tile: str):
    """Set one terrain cell to the tile named ``tile`` (terrain digest left stale: a count or check fires first)."""
    tsx = (MAPS / "pirateer.tsx").read_text(encoding="utf-8")
    gid = int(re.search(rf'<tile id="(\d+)">\s*<properties>(?:(?!</tile>).)*?name="name" value="{tile}"', tsx,
                        re.S).group(1)) + 1

    def change(text: str) -> str:
        head, rest = text.split('<data encoding="csv">\n', 1)
        csv, tail = rest.split("\n</data>", 1)
        rows = [r.rstrip(",").split(",") for r in csv.split("\n")]
        rows[cell[1]][cell[0]] = str(gid)
        return head + '<data encoding="csv">\n' + ",\n".join(",".join(r) for r in rows) + "\n</data>" + tail
    return change


@pytest.mark.parametrize("change, message", [
    (sub1(r'"expect_playable" type="int" value="464"', '"expect_playable" type="int" value="465"'),
     "expected 465 playable squares, found 464"),
    (sub1(r'"expect_inner_straits" type="int" value="2"', '"expect_inner_straits" type="int" value="3"'),
     "expected 3 inner straits, found 2"),
    (tile_edit((15, 24), "sea"), "expected 40 current squares, found 39"),
    (tile_edit((15, 16), "land"), "expected 464 playable squares, found 463"),
    (sub1(r'(name="inner-strait-1".*?name="tx" type="int" value=")15', r"\g<1>3"),
     "inner strait (3, 16) lies on a land tile, expected open sea"),
    (sub1(r'(name="inner-strait-1".*?name="tx" type="int" value=")15', r"\g<1>14"),
     "inner strait (14, 16) is not on a seam"),
    (sub1(r'<property name="seams" value="31"/>', ""), "inner strait (15, 16) is not on a seam"),
    (sub1(r'(name="strait-S-bottom".*?name="bottom_tx" type="int" value=")27', r"\g<1>26"),
     "does not match top"),
    (sub1(r'<property name="harbour" value="spanish-b"/>', '<property name="harbour" value="spanish-a"/>'),
     "spanish-a has two harbour objects"),
    (sub1(r',spanish-b,barbary-a"', ',spanish-c,barbary-a"'), "clockwise order"),
    (sub1(r'(<object id="\d+" name="treasure-b".*?</object>\n)', ""), "belong to no treasure spot"),
    (sub1(r'<property name="island" value="B"/>', '<property name="island" value="A"/>'),
     "island A has two treasure spots"),
    (sub1(r'<property name="near" value="spanish-b"/>', '<property name="near" value="spanish"/>'),
     "near 'spanish' is not valid"),
    (sub1(r'"faction" value="spanish"/>(\s*)<property name="harbour" value="spanish-b"/>',
          r'"faction" value="french"/>\g<1><property name="harbour" value="spanish-b"/>'),
     "harbour spanish-b has objects of two factions"),
    (sub1(r'(name="C3".*?name="from_tx" type="int" value=")15', r"\g<1>14"), "C3"),
])
def test_a_damaged_two_board_map_fails_naming_what_is_off(edit, change, message):
    with pytest.raises(BoardError) as err:
        load_board(edit(change))
    assert message in str(err.value) and str(err.value).startswith(EIGHT)


def test_an_edited_two_board_terrain_that_keeps_every_count_is_caught(edit):
    """Swap a sea square of board B with a land square of it: same counts, but the stored digest differs."""
    path = edit(lambda t: tile_edit((14, 18), "sea")(tile_edit((17, 17), "land")(t)))
    with pytest.raises(BoardError, match="the terrain was edited after the map was made"):
        load_board(path)


def test_generator_rejects_a_section_10_that_contradicts_the_grid():
    gen = generator()
    text = BOARD_TEXT.read_text(encoding="utf-8")
    d = gen.parse_board_text(text)
    for old, new, message in (("spanish-b (12,21)", "spanish-b (12,22)", "spanish-b anchor (12,22)"),
                              ("combined playable squares: 464", "combined playable squares: 466",
                               "section 11 says 466 playable"),
                              ("docks on island A: 8 on island B: 8", "docks on island A: 8 on island B: 7",
                               "island B has 7 docks"),
                              ("currents on X+Y = 39 and 47", "currents on X+Y = 39 and 48", "currents"),
                              ("(27, 28)), 'T'", "(27, 29)), 'T'", "outer straits")):
        assert old in text
        with pytest.raises(gen.BoardTextError, match=re.escape(message)):
            gen.parse_eight(text.replace(old, new), d)
