"""Pirates, Planks & Pesetas sprites: every piece draws at the sizes asked, the ship's geometry puts the
places on their planks, standees' heights grow with their size, colours carry their symbols, treasure
kinds differ by shape, and missing art falls back to plain drawings with a warning naming the file."""
from __future__ import annotations

import itertools
import logging

import pygame
import pytest

from game.games.planks import sprites as S
from tests.support.sprites import fresh_sprite_cache, no_art_fixture

_fresh = fresh_sprite_cache(S)
no_art = no_art_fixture(S)                  # an empty asset folder: no image, no font


def _mask(s: pygame.Surface, level: int = 128) -> set[tuple[int, int]]:
    w, h = s.get_size()
    return {(x, y) for x in range(w) for y in range(h) if s.get_at((x, y)).a >= level}


def _pieces(h: int) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    out = [(S.ship(h * 8), S.ship_size(h * 8)), (S.island(h * 4), (h * 4, round(h * 4 * 200 / 320))),
           (S.bag(h), (h, h)), (S.clip(h), (h // 2, h)), (S.table_background((h * 8, h * 5)), (h * 8, h * 5))]
    for colour in S.COLOURS + (0, 5):
        for size in S.SIZES:
            out.append((S.standee(colour, size, h), (h // 2, h)))
        out.append((S.board(colour, h * 5), (h * 5, round(h * 5 * 64 / 448))))
        out.append((S.counter(colour, h * 3), (h * 3, round(h * 3 * 64 / 208))))
    for big, facing in itertools.product((True, False), (1, -1)):
        out.append((S.chest(big, h, facing), (round(h * 112 / 96), h)))
    for kind in S.KINDS:
        out.append((S.treasure(kind, h), S.treasure_size(kind, h)))
        out.append((S.treasure_silhouette(kind, h), S.treasure_size(kind, h)))
    for f in range(S.SPLASH_FRAMES):
        out.append((S.splash(f, h), (h, h)))
    return out


@pytest.mark.parametrize("h", [86, 64, 40])
def test_every_piece_draws_at_its_size(h: int):
    for surf, wh in _pieces(h):
        assert surf.get_size() == wh


def test_places_lie_on_their_plank_front_outermost():
    h = 680
    for plank in range(12):
        lane = S.plank_rect(plank, h)
        pts = [S.place_point(plank, p, h) for p in range(3)]
        assert all(lane.collidepoint(p) for p in pts), plank
        centre = S.ship_size(h)[0] / 2
        dist = [abs(x - centre) for x, _ in pts]
        assert dist[0] > dist[1] > dist[2], "front (0) is the outer end"
        assert S.chest_facing(plank) == (1 if plank < 6 else -1)
        cx, _ = S.chest_point(plank, h)
        assert abs(cx - centre) < dist[2], "the chest stands inside, on the deck"
    # clockwise: starboard from the bow down, port from the stern up
    ys = [S.place_point(p, 0, h)[1] for p in range(12)]
    assert ys[:6] == sorted(ys[:6]) and ys[6:] == sorted(ys[6:], reverse=True)
    top, foot = S.ladder_points(h)
    assert foot[1] > top[1] > max(ys)


def test_standee_height_grows_with_size_and_the_foot_is_shared():
    tops = []
    for size in S.SIZES:
        img = S.standee("red", size, 128)
        rows = [y for y in range(128) if any(img.get_at((x, y)).a > 128 for x in range(64))]
        tops.append(min(rows))
        assert S.standee_top(size, 128) == pytest.approx(min(rows), abs=4)
    assert tops == sorted(tops, reverse=True) and len(set(tops)) == 5
    fx, fy = S.standee_foot(128)
    assert (fx, fy) == (32, 118)


def test_colours_differ_and_carry_their_symbols():
    imgs = {c: pygame.image.tobytes(pygame.transform.grayscale(S.standee(c, 5, 128)), "RGBA") for c in S.COLOURS}
    assert len(set(imgs.values())) == 4, "told apart in grey too (the symbols differ)"
    assert set(S.COLOUR_SYMBOL.values()) == {"anchor", "compass", "wheel", "star"}


def test_treasure_kinds_differ_by_shape():
    masks = {}
    for kind in S.KINDS:
        img = pygame.transform.smoothscale(S.treasure_silhouette(kind, 64), (64, 64))
        masks[kind] = _mask(img)
    for a, b in itertools.combinations(S.KINDS, 2):
        iou = len(masks[a] & masks[b]) / max(1, len(masks[a] | masks[b]))
        assert iou < 0.9, f"{a} and {b} have nearly the same outline"


def test_chests_differ_by_shape_not_only_colour():
    big = _mask(S.chest(True, 96))
    small = _mask(S.chest(False, 96))
    assert len(big) > len(small) * 1.3
    flipped = S.chest(True, 96, -1)
    assert pygame.image.tobytes(flipped, "RGBA") == pygame.image.tobytes(
        pygame.transform.flip(S.chest(True, 96), True, False), "RGBA")


def test_missing_art_draws_plain_pieces_and_names_the_file(no_art, caplog):
    with caplog.at_level(logging.WARNING):
        for surf, wh in _pieces(48):
            assert surf.get_size() == wh
    assert "ship.png" in caplog.text and "pirate_3" in caplog.text and "treasure_dagger.png" in caplog.text


def test_results_are_cached():
    assert S.standee("blue", 2, 80) is S.standee("blue", 2, 80)
    assert S.ship(500) is S.ship(500)


def test_no_castaway_stands_right_behind_another_on_the_island():
    """Found by a newcomer: the sixth castaway hid behind the fifth. Up to 15 castaways stand on the sand (between the
    palm and the rocks), each row behind in the gaps of the row in front, and side by side with room."""
    from game.games.planks.sprites import ART_ISLAND, island_spots
    for width in (150, 230, 300):
        h = round(width * ART_ISLAND[1] / ART_ISLAND[0])
        for n in range(1, 16):
            spots = island_spots(n, width)
            assert len(spots) == n and len(set(spots)) == n
            assert spots == sorted(spots, key=lambda p: p[1])                    # back rows first (blit order)
            for x, y in spots:
                assert 0.25 * width <= x <= 0.9 * width and 0.3 * h <= y <= 0.85 * h, (width, n, (x, y))
            for i, (x1, y1) in enumerate(spots):
                for x2, y2 in spots[i + 1:]:
                    if y1 == y2:
                        assert abs(x1 - x2) >= 0.1 * width, (width, n)           # side by side
                    elif abs(y1 - y2) < 0.2 * h:
                        assert abs(x1 - x2) >= 0.05 * width, (width, n)          # in a gap, not behind
