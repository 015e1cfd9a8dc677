"""Island Race sprites: every face draws at the pile, island and opponent sizes, each edge shows its
terrain, a turned face is the turned picture, results are cached, and missing art falls back."""
from __future__ import annotations

import pygame
import pytest

from game.games.island_race import sprites as S
from game.ui import theme
from tests.support.sprites import fresh_sprite_cache

SIZES = (56, 150, 40)          # the pile, the player's island, an opponent's island
DIRS = "NESW"

# The fronts of the 48 tiles (spec §2.4), as "edges regions extras", and the four kinds of back.
FRONTS = """wpfw E/S parrot; wdpw E/S; wddw E+S turtle; wfpw E/S volcano; wdfw E/S; wfdw E/S volcano;
wffw E+S volcano; wppw E+S parrot; wddw E+S volcano; wdfw E/S; wfdw E/S monkey; wfpw E/S; wddw E+S turtle;
wpdw E/S volcano; wdpw E/S; wffw E+S toucan; wffw E/S; wpdw E/S volcano; wppw E+S flamingo; wpfw E/S;
wdfp E/S/W; wfpd E/S/W; wdpf E/S/W; wpdf E/S/W monkey; wpfd E/S/W toucan; wfdd E/S+W iguana;
wpfd E/S/W volcano; wdpd E+W/S flamingo; wfdp E/S/W iguana; wpff E/S+W volcano; wppp E+S+W;
wdfd E+W/S parrot; wdpp E/S+W; wfdf E+W/S; wffp E+S/W monkey; wddd E+S+W turtle; wfpf E/S/W; wfpp E/S+W;
wfff E+S+W toucan volcano; wddf E+S/W; fpfp N/E/S/W volcano; dpdf N/E/S/W; pfpd N+S/E/W; pdpf N/E/S/W flamingo;
pdpd N/E/S/W; ppdd N+E/S+W iguana; dddf N+E+S/W volcano; dfdp N+S/E/W"""
BACKS = [("wwww", ()), ("ffff", ((0, 1, 2, 3),)), ("pppp", ((0, 1, 2, 3),)), ("dddd", ((0, 1, 2, 3),))]


def _front(text: str) -> tuple[str, tuple[tuple[int, ...], ...], str | None, bool]:
    edges, regions, *extras = text.split()
    regs = tuple(tuple(DIRS.index(c) for c in reg.split("+")) for reg in regions.split("/"))
    animal = next((x for x in extras if x != "volcano"), None)
    return edges, regs, animal, "volcano" in extras


ALL_FRONTS = [_front(t.strip()) for t in FRONTS.replace("\n", " ").split(";")]


def turned(edges: str, regions, r: int):
    """The face turned r quarter-turns clockwise, as the engine turns it (region order kept)."""
    return ("".join(edges[(i - r) % 4] for i in range(4)),
            tuple(tuple(sorted((d + r) % 4 for d in reg)) for reg in regions))


_fresh = fresh_sprite_cache(S)


def _bytes(s: pygame.Surface) -> bytes:
    return pygame.image.tobytes(s, "RGBA")


def _patch_mean(s: pygame.Surface, cx: float, cy: float, half: int) -> tuple[float, float, float]:
    pts = [s.get_at((x, y)) for x in range(int(cx) - half, int(cx) + half + 1)
           for y in range(int(cy) - half, int(cy) + half + 1)]
    return (sum(p.r for p in pts) / len(pts), sum(p.g for p in pts) / len(pts), sum(p.b for p in pts) / len(pts))


def _terrain_of(rgb: tuple[float, float, float]) -> str:
    """The terrain whose mean colour is nearest."""
    return min(S.TERRAIN_RGB, key=lambda t: sum((a - b) ** 2 for a, b in zip(rgb, S.TERRAIN_RGB[t])))


def _edge_terrains(face: pygame.Surface) -> str:
    """The terrain read near the middle of each edge (N E S W), just inside the rim."""
    n = face.get_width()
    inset, half = n * 0.1, max(1, round(n * 0.03))
    spots = ((n / 2, inset), (n - 1 - inset, n / 2), (n / 2, n - 1 - inset), (inset, n / 2))
    return "".join(_terrain_of(_patch_mean(face, x, y, half)) for x, y in spots)


@pytest.mark.parametrize("size", SIZES)
def test_every_front_and_back_draws_at_every_size(size):
    faces = [S.render_face(e, r, a, v, False, size) for e, r, a, v in ALL_FRONTS]
    faces += [S.render_face(e, r, None, False, True, size) for e, r in BACKS]
    for surf in faces:
        assert isinstance(surf, pygame.Surface)
        assert surf.get_size() == (size, size)
        assert surf.get_at((0, 0)).a < 128, "rounded corners"
        assert surf.get_at((size // 2, size // 2)).a == 255
    assert len({_bytes(f) for f in faces}) > 40


@pytest.mark.parametrize("size", SIZES)
def test_each_edge_shows_its_terrain_in_every_turn(size):
    # icons may sit anywhere in their region, so the edges are read on the bare landscape
    for edges, regions, _, _ in ALL_FRONTS:
        for r in range(4):
            e, regs = turned(edges, regions, r)
            assert _edge_terrains(S.render_face(e, regs, None, False, False, size)) == e, (edges, regions, r)
    for edges, regions in BACKS:
        assert _edge_terrains(S.render_face(edges, regions, None, False, True, size)) == edges


def test_backs_carry_clouds():
    for edges, regions in BACKS:
        face = S.render_face(edges, regions, None, False, True, 150)
        plain = S.render_face(edges, regions, None, False, False, 150)
        assert _bytes(face) != _bytes(plain), "backs carry clouds"


def _symmetric(edges: str, regions) -> bool:
    """True when some turn gives the same edges and the same regions."""
    same = (edges, sorted(tuple(sorted(x)) for x in regions))
    return any((e, sorted(regs)) == same for e, regs in (turned(edges, regions, r) for r in (1, 2, 3)))


def test_a_turned_face_is_the_turned_picture():
    checked = 0
    for edges, regions, animal, volcano in ALL_FRONTS:
        if _symmetric(edges, regions) and not (animal or volcano):
            continue   # T45 looks the same half turned: see the next test
        base = S.render_face(edges, regions, animal, volcano, False, 56)
        for r in (1, 2, 3):
            e, regs = turned(edges, regions, r)
            face = S.render_face(e, regs, animal, volcano, False, 56)
            assert _bytes(face) == _bytes(pygame.transform.rotate(base, -90 * r)), (edges, regions, r)
            checked += 1
    assert checked >= 141


def test_given_the_tiles_turn_every_picture_turns_with_it():
    faces = [(e, r, a, v, False) for e, r, a, v in ALL_FRONTS] + [(e, r, None, False, True) for e, r in BACKS]
    for edges, regions, animal, volcano, back in faces:
        base = S.render_face(edges, regions, animal, volcano, back, 40, turn=0)
        assert _bytes(base) == _bytes(S.render_face(edges, regions, animal, volcano, back, 40))
        for r in (1, 2, 3):
            e, regs = turned(edges, regions, r)
            face = S.render_face(e, regs, animal, volcano, back, 40, turn=r)
            assert _bytes(face) == _bytes(pygame.transform.rotate(base, -90 * r)), (edges, regions, back, r)


def test_icons_stand_upright_in_the_reference_orientation():
    # T01 (corner, water N and W) with and without its parrot: the parrot is drawn, and turning the
    # tile turns the parrot with it (the picture above) rather than redrawing it upright
    with_parrot = S.render_face("wpfw", ((1,), (2,)), "parrot", False, False, 150)
    bare = S.render_face("wpfw", ((1,), (2,)), None, False, False, 150)
    assert _bytes(with_parrot) != _bytes(bare)
    both = S.render_face("wfff", ((1, 2, 3),), "toucan", True, False, 150)
    only_toucan = S.render_face("wfff", ((1, 2, 3),), "toucan", False, False, 150)
    only_volcano = S.render_face("wfff", ((1, 2, 3),), None, True, False, 150)
    assert len({_bytes(both), _bytes(only_toucan), _bytes(only_volcano)}) == 3


def test_a_ridge_parts_two_forests_of_one_corner():
    # T17: two separate forests (E / S) meeting on the diagonal; T07's bay (E+S) is one forest there
    ridge = S.render_face("wffw", ((1,), (2,)), None, False, False, 150)
    bay = S.render_face("wffw", ((1, 2),), None, False, False, 150)

    def greyest(face: pygame.Surface) -> float:
        return max(_patch_mean(face, t, t, 2)[0] for t in range(80, 130, 4))
    assert greyest(ridge) > 100 > greyest(bay)


def test_results_are_cached_by_their_arguments():
    a = S.render_face("wpfw", ((1,), (2,)), "parrot", False, False, 56)
    assert S.render_face("wpfw", ((1,), (2,)), "parrot", False, False, 56) is a
    assert S.render_face("wpfw", ((1,), (2,)), "parrot", False, False, 57) is not a
    assert S.cell_hint((True, False, False, True), 150) is S.cell_hint((True, False, False, True), 150)
    assert S.icon("monkey", 20) is S.icon("monkey", 20)
    S.clear_cache()
    assert S.render_face("wpfw", ((1,), (2,)), "parrot", False, False, 56) is not a


def test_cell_hints_show_water_on_the_outer_edges():
    assert S.cell_water(0, 0) == (True, False, False, True)
    assert S.cell_water(1, 1) == (False, False, False, False)
    assert S.cell_water(2, 1) == (False, False, True, False)
    assert S.cell_water(1, 3, 4, 4) == (False, True, False, False)
    n = 150
    for row in range(3):
        for col in range(3):
            water = S.cell_water(row, col)
            hint = S.cell_hint(water, n)
            assert hint.get_size() == (n, n)
            spots = ((n // 2, 8), (n - 9, n // 2), (n // 2, n - 9), (8, n // 2))
            for wet, (x, y) in zip(water, spots):
                px = hint.get_at((x, y))
                bluish = px.a > 60 and px.b > px.r + 40
                assert bluish == wet, (row, col, x, y, px)


def test_shadow_banner_icons_and_table():
    sh = S.tile_shadow(150)
    assert sh.get_width() > 150 and sh.get_height() > 150
    assert S.shadow_offset(150)[1] > 0
    a, b = S.done_banner("Done · 1st", 200), S.done_banner("Finito · 2°", 200)
    assert a.get_width() == 200 and a.get_height() > 20
    assert _bytes(a) != _bytes(b)
    for name in S.ICONS:
        assert S.icon(name, 20).get_size() == (20, 20)
    assert S.table_background((1280, 720)).get_size() == (1280, 720)
    assert S.table_background(960).get_size() == (960, 540)


def test_odd_input_does_not_crash():
    for edges, regions, animal in (("xx", (), None), ("wpfw", ((1, 2), (2,)), "dragon"), ("WPFW", [[1], [2]], None),
                                   ("pppp", (), "monkey"), ("wwww", ((0,),), None)):
        assert S.render_face(edges, regions, animal, True, False, 40).get_size() == (40, 40)
    for size in (1, 3, 0):
        assert S.render_face("wpfw", ((1,), (2,)), "parrot", True, True, size).get_width() >= 1
    assert S.icon("kraken", 16).get_size() == (16, 16)
    assert S.cell_hint((True, False, True, False), 30).get_size() == (30, 30)
    assert S.done_banner("", 4).get_width() >= 4


def test_missing_art_falls_back_and_still_reads(tmp_path):
    theme.set_asset_root(tmp_path)   # an empty folder: no image, no font
    for size in SIZES:
        for edges, regions, animal, volcano in ALL_FRONTS[::5]:
            face = S.render_face(edges, regions, animal, volcano, False, size)
            assert face.get_size() == (size, size)
            assert _edge_terrains(S.render_face(edges, regions, None, False, False, size)) == edges
        for edges, regions in BACKS:
            assert S.render_face(edges, regions, None, False, True, size).get_size() == (size, size)
        assert S.cell_hint(S.cell_water(0, 0), size).get_size() == (size, size)
        assert S.icon("volcano", size).get_size() == (size, size)
    assert S.done_banner("Done", 160).get_width() == 160
    assert S.table_background((640, 360)).get_size() == (640, 360)


def test_unreadable_art_falls_back(tmp_path):
    folder = tmp_path / "images" / "island-race"
    folder.mkdir(parents=True)
    for name in ("terrain_forest.png", "icon_parrot.png", "frame.png", "clouds.png", "hint_corner.png"):
        (folder / name).write_bytes(b"not a png")
    theme.set_asset_root(tmp_path)
    assert _edge_terrains(S.render_face("wffw", ((1, 2),), "parrot", False, True, 56)) == "wffw"
    assert S.cell_hint((True, False, False, True), 56).get_size() == (56, 56)
