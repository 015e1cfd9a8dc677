"""Island Race tiles (spec §2): the data of the 48 tiles (T-D1), rotation (T-D2, §2.2) and the claims of
§2.3 about kinds, animals, volcanoes, land backs and capacity."""
from __future__ import annotations

from collections import Counter

import pytest

from game.games.island_race.tiles import (ANIMALS, BACK, CORNER, CENTRE, DIRECTIONS, FRONT, LAND, OPEN_SEA,
                                          SIDE, TILE_IDS, TILE_SET, TILES, WATER, Face, face_of, parse_regions,
                                          regions_text)

FRONTS = [TILE_SET[t].front for t in TILE_IDS]
BACKS = [TILE_SET[t].back for t in TILE_IDS]
ALL_FACES = FRONTS + BACKS


def test_T_D1_every_face_has_well_formed_regions():
    for f in ALL_FACES:
        assert len(f.edges) == 4 and set(f.edges) <= set("wpfd")
        land = [d for d in DIRECTIONS if f.edges[d] != WATER]
        in_regions = [d for reg in f.regions for d in reg]
        assert sorted(in_regions) == land          # each land edge in exactly one region, water in none
        for reg in f.regions:
            assert len({f.edges[d] for d in reg}) == 1  # one terrain per region
        for d in DIRECTIONS:
            assert (f.region_of(d) is None) == (f.edges[d] == WATER)


def test_T_D1_kind_counts():
    assert len(TILE_IDS) == 48 and TILE_IDS == tuple(f"T{i:02d}" for i in range(1, 49))
    assert Counter(f.kind for f in FRONTS) == {CORNER: 20, SIDE: 20, CENTRE: 8}
    assert Counter(f.kind for f in BACKS) == {OPEN_SEA: 30, CENTRE: 18}
    land_backs = Counter(f.edges for f in BACKS if f.kind == CENTRE)
    assert land_backs == {"ffff": 6, "pppp": 6, "dddd": 6}
    assert all(f.regions == ((0, 1, 2, 3),) for f in BACKS if f.kind == CENTRE)


def test_T_D1_animals_and_volcanoes():
    animals = {t: TILE_SET[t].front.animal for t in TILE_IDS if TILE_SET[t].front.animal}
    assert len(animals) == 18 and all(f.animal is None for f in BACKS)
    assert Counter(animals.values()) == {a: 3 for a in ANIMALS}
    assert sorted(t for t, a in animals.items() if a == "parrot") == ["T01", "T08", "T32"]
    assert sorted(t for t, a in animals.items() if a == "iguana") == ["T26", "T29", "T46"]
    volcanoes = [t for t in TILE_IDS if TILE_SET[t].front.volcano]
    assert volcanoes == ["T04", "T06", "T07", "T09", "T14", "T18", "T27", "T30", "T39", "T41", "T47"]
    assert not any(f.volcano for f in BACKS)
    assert TILE_SET["T39"].front.animal == "toucan" and TILE_SET["T39"].front.volcano


def test_T_D1_land_edges_and_land_backs():
    edges = Counter(c for f in FRONTS for c in f.edges)
    assert edges == {"p": 42, "f": 43, "d": 47, "w": 60}
    land_back = {t for t in TILE_IDS if TILE_SET[t].back.kind == CENTRE}
    assert sorted(t for t in land_back if TILE_SET[t].front.kind == CORNER) == \
        ["T08", "T09", "T10", "T11", "T12", "T13", "T16", "T19", "T20"]
    assert sorted(t for t in land_back if TILE_SET[t].front.kind == SIDE) == \
        ["T29", "T30", "T31", "T32", "T33", "T35", "T37", "T38", "T40"]
    assert all(TILE_SET[t].back.kind == OPEN_SEA for t in TILE_IDS if TILE_SET[t].front.kind == CENTRE)


def test_T_D1_front_region_shapes():
    def shapes(kind):
        return Counter(len(f.regions) for f in FRONTS if f.kind == kind)
    assert shapes(CORNER) == {2: 13, 1: 7}      # 12 two-terrain + the T17 ridge, 7 bays
    assert shapes(SIDE) == {3: 8, 2: 9, 1: 3}
    assert shapes(CENTRE) == {4: 4, 3: 2, 2: 2}
    ridge = [t for t in TILE_IDS if TILE_SET[t].front.kind == CORNER and len(TILE_SET[t].front.regions) == 2
             and len(set(TILE_SET[t].front.edges) - {WATER}) == 1]
    assert ridge == ["T17"]


def test_T_D1_reference_orientation_and_literal():
    for t in TILE_IDS:
        f = TILE_SET[t].front
        if f.kind == CORNER:
            assert f.edges[0] == f.edges[3] == WATER     # water N and W: the top-left corner
        if f.kind == SIDE:
            assert f.edges[0] == WATER                   # water N: the top row
        front, back = TILES[t]
        assert (f.edges, regions_text(f.regions), f.animal, f.volcano) == front
        b = TILE_SET[t].back
        assert (b.edges, regions_text(b.regions), b.animal, b.volcano) == back
        assert TILE_SET[t].back.back and not f.back


def test_T_D2_rotation_moves_edges_clockwise_with_their_regions():
    t01 = TILE_SET["T01"].front
    assert (t01.edges, t01.regions) == ("wpfw", ((1,), (2,)))
    r1 = t01.rotated(1)
    assert r1.edges == "wwpf" and {frozenset(r) for r in r1.regions} == {frozenset({2}), frozenset({3})}
    r3 = t01.rotated(3)
    assert r3.edges == "pfww" and {frozenset(r) for r in r3.regions} == {frozenset({0}), frozenset({1})}
    assert r1.region_of(2) == t01.region_of(1)   # the plains region keeps its index
    assert t01.rotated(4) == t01 and t01.rotated(1).rotated(3) == t01
    assert face_of("T01", FRONT, 1) == r1 and face_of("T01", BACK, 3) == TILE_SET["T01"].back


@pytest.mark.parametrize("tile", TILE_IDS)
def test_T_D2_rotation_is_a_group_action_for_every_face(tile):
    for side in (FRONT, BACK):
        f = face_of(tile, side, 0)
        for r in range(4):
            g = f.rotated(r)
            assert g.kind == f.kind and g.animal == f.animal and g.volcano == f.volcano and g.back == f.back
            for d in DIRECTIONS:
                assert g.edges[(d + r) % 4] == f.edges[d]
                if f.edges[d] != WATER:
                    assert g.region_of((d + r) % 4) == f.region_of(d)
            assert g.rotated(4 - r) == f


def test_face_api_the_sprites_draw_from():
    f = face_of("T26", FRONT, 0)
    assert isinstance(f, Face)
    assert f.edges == "wfdd" and f.regions == ((1,), (2, 3)) and f.animal == "iguana"
    assert f.volcano is False and f.back is False and f.kind == SIDE
    assert f.region_of(3) == 1 and f.region_of(0) is None
    assert Face.from_json(f.to_json()) == f
    with pytest.raises(Exception):
        f.edges = "wwww"  # type: ignore[misc]   # frozen
    assert parse_regions("-") == () and parse_regions("N+S/E/W") == ((0, 2), (1,), (3,))


def test_A1_our_tile_design_meets_the_stated_constraints():
    """A1: 4 terrains, a landscape front with animals/volcanoes, a single-terrain back (mostly water)."""
    assert {c for f in ALL_FACES for c in f.edges} == {WATER, *LAND}
    assert all(len(set(f.edges)) == 1 for f in BACKS)
    assert sum(1 for f in BACKS if f.edges == "wwww") == 30
    assert sum(1 for f in FRONTS if f.animal) == 18 and sum(1 for f in FRONTS if f.volcano) == 11


def test_A2_an_edge_shows_one_terrain_and_regions_are_explicit():
    """A2: T41's two forests are separate regions (opposite sides), T43's N+S plains one region."""
    t41, t43 = face_of("T41", FRONT, 0), face_of("T43", FRONT, 0)
    assert t41.region_of(0) != t41.region_of(2) and t41.edges[0] == t41.edges[2] == "f"
    assert t43.region_of(0) == t43.region_of(2)


def test_S4_the_front_fixes_the_back_except_for_four_tiles():
    """S4: for 44 tiles the front fixes the back; only T03/T13 and T05/T10 share a front with different
    backs (T02/T15 and T14/T18 share a front and a water back)."""
    backs_by_front: dict = {}
    for t in TILE_IDS:
        backs_by_front.setdefault(TILES[t][0], set()).add(TILES[t][1])
    ambiguous = sorted(t for t in TILE_IDS if len(backs_by_front[TILES[t][0]]) > 1)
    assert ambiguous == ["T03", "T05", "T10", "T13"]
