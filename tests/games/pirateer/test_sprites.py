"""Pirateer sprites: every piece draws at several sizes, factions differ without colour (emblem
shapes), the ship's state shows (number, carrier, dead man, facing), the compass strikes the right
arm, results are cached, and missing or broken art falls back to plain drawings with one warning."""
from __future__ import annotations

import itertools
import logging
import math

import pygame
import pytest

from game import paths
from game.games.pirateer import sprites as S
from game.ui import theme
from tests.support.sprites import fresh_sprite_cache

SIZES = (44, 30, 64, 17)           # board ship, side-panel ship, large, tiny


_fresh = fresh_sprite_cache(S)


@pytest.fixture
def no_art(tmp_path):
    theme.set_asset_root(tmp_path)   # an empty folder: no image, no font
    S.clear_cache()
    return tmp_path


def _bytes(s: pygame.Surface) -> bytes:
    return pygame.image.tobytes(s, "RGBA")


def _lum(px: pygame.Color) -> float:
    return 0.299 * px.r + 0.587 * px.g + 0.114 * px.b


def _emblem_mask(ship: pygame.Surface) -> set[tuple[int, int]]:
    """Bright pixels in the middle of the main sail, read in grey (the emblem, whatever its colour)."""
    n = ship.get_width()
    grey = pygame.transform.grayscale(ship)
    x0, x1 = round(n * 0.35), round(n * 0.65)
    y0, y1 = round(n * 0.19), round(n * 0.49)
    return {(x, y) for x in range(x0, x1) for y in range(y0, y1)
            if grey.get_at((x, y)).a > 200 and _lum(grey.get_at((x, y))) > 150}


def _alpha_mask(s: pygame.Surface, level: int = 128) -> set[tuple[int, int]]:
    w, h = s.get_size()
    return {(x, y) for x in range(w) for y in range(h) if s.get_at((x, y)).a >= level}


def _iou(a: set, b: set) -> float:
    return len(a & b) / max(1, len(a | b))


def _all_pieces(size: int) -> list[tuple[str, pygame.Surface, tuple[int, int]]]:
    out = []
    for f in S.FACTIONS + ("spanish-b", "pirates-a", "kraken"):
        out.append((f"ship {f}", S.ship(f, size), (size, size)))
        out.append((f"ship {f} all", S.ship(f, size, carrier=True, dead=True, number=2, facing=-1), (size, size)))
        out.append((f"anchor {f}", S.anchor(f, size), (size, size)))
        out.append((f"flag {f}", S.flag(f, size), (size, size)))
        out.append((f"emblem {f}", S.emblem(f, size), (size, size)))
    out += [("coin", S.coin(size), (size, size)), ("mooring", S.mooring(size), (size, size)),
            ("wreck", S.wreck(size), (size, size)), ("strait", S.strait_badge("S", size), (size, size)),
            ("arrow E", S.current_arrow("E", size), (size, size // 2)),
            ("arrow W", S.current_arrow("W", size), (size, size // 2)),
            ("compass", S.compass(size, "SE", {"NE": "NE", "W": "O"}), (size, size)),
            ("die", S.die_badge(4, size), (size, size)), ("wave", S.wave(size), (size, size // 2))]
    out += [(f"smoke {f}", S.smoke(f, size), (size, size)) for f in range(S.SMOKE_FRAMES)]
    out += [(f"glint {f}", S.glint(f, size), (size, size)) for f in range(S.GLINT_FRAMES)]
    return out


@pytest.mark.parametrize("size", SIZES)
def test_every_piece_has_its_size(size):
    for name, surf, wh in _all_pieces(size):
        assert isinstance(surf, pygame.Surface), name
        assert surf.get_size() == wh, name
        assert surf.get_flags() & pygame.SRCALPHA, name
    for r in (10, 52.5, 180):
        ring = S.blast_ring(r)
        assert ring.get_size() == (S.blast_side(r), S.blast_side(r))


def test_the_art_files_the_loader_reads_are_there():
    names = [f"ship_{f}{b}.png" for f in S.FACTIONS for b in ("", "_b")]
    names += [f"flag_{f}{b}.png" for f in S.FACTIONS for b in ("", "_b")] + [f"anchor_{f}.png" for f in S.FACTIONS]
    names += ["carrier_glow.png", "coin.png", "coin_small.png", "mooring.png", "wreck.png", "strait_ring.png",
              "current_arrow.png", "compass.png", "wave.png", "blast_ring.png"]
    names += [f"smoke_{i}.png" for i in range(1, S.SMOKE_FRAMES + 1)] + [f"glint_{i}.png" for i in range(1, S.GLINT_FRAMES + 1)]
    for name in names:
        assert paths.asset("images", S.FOLDER, name).is_file(), name
    assert pygame.image.load(str(paths.asset("images", S.FOLDER, "ship_spanish.png"))).get_size() == (S.ART_SHIP, S.ART_SHIP)


@pytest.mark.parametrize("art", [True, False])
@pytest.mark.parametrize("size", (44, 30))
def test_factions_differ_without_colour(art, size, tmp_path):
    if not art:
        theme.set_asset_root(tmp_path)
    masks = {f: _emblem_mask(S.ship(f, size)) for f in S.FACTIONS}
    for f, m in masks.items():
        assert len(m) >= size * size * 0.01, f"{f}: no emblem on the sail"
    limit = 0.5 if size >= 40 else 0.7        # a side-panel ship has a ~9 px emblem: still apart
    for a, b in itertools.combinations(S.FACTIONS, 2):
        assert _iou(masks[a], masks[b]) < limit, (a, b, _iou(masks[a], masks[b]))
    flags = {f: _emblem_mask_flag(S.flag(f, 48)) for f in S.FACTIONS}
    for a, b in itertools.combinations(S.FACTIONS, 2):
        assert _iou(flags[a], flags[b]) < 0.6, ("flag", a, b)


def _emblem_mask_flag(flag: pygame.Surface) -> set[tuple[int, int]]:
    grey = pygame.transform.grayscale(flag)
    w, h = flag.get_size()
    return {(x, y) for x in range(w // 4, w * 7 // 8) for y in range(h // 6, h * 3 // 4)
            if grey.get_at((x, y)).a > 200 and _lum(grey.get_at((x, y))) > 150}


def test_plain_emblems_have_different_shapes():
    masks = {f: _alpha_mask(S.emblem(f, 40)) for f in S.FACTIONS}
    for a, b in itertools.combinations(S.FACTIONS, 2):
        assert _iou(masks[a], masks[b]) < 0.6, (a, b)
    assert all(len(m) > 100 for m in masks.values())


def test_the_second_set_is_told_apart_and_ids_are_tolerant():
    for f in S.FACTIONS:
        assert _bytes(S.ship(f"{f}-b", 44)) != _bytes(S.ship(f, 44))
        assert _bytes(S.ship(f"{f}-a", 44)) == _bytes(S.ship(f, 44))
        assert _bytes(S.flag(f"{f}-b", 40)) != _bytes(S.flag(f, 40))
        assert S.faction_rgb(f"{f}-a") == S.faction_rgb(f) == S.FACTION_RGB[f]
        assert S.faction_rgb(f"{f}-b") != S.faction_rgb(f)
    assert S.faction_parts("French-B") == ("french", True)
    assert S.faction_parts("nobody") == (None, False)
    assert S.faction_rgb("nobody") == S.NEUTRAL_RGB
    assert len({S.FACTION_RGB[f] for f in S.FACTIONS}) == 4


def test_numbers_carrier_and_dead_show():
    plain = S.ship("french", 44)
    numbered = [S.ship("french", 44, number=n) for n in (1, 2, 3)]
    assert len({_bytes(s) for s in numbered + [plain]}) == 4
    # the number sits on a light disc at the stern
    assert _disc_lum(numbered[2], S.SHIP_BADGE[0]) > 150
    assert _disc_lum(plain, S.SHIP_BADGE[0]) < 150
    # the carrier: a golden halo reaching past the ship and the coin at the bow
    carrier = S.ship("french", 44, carrier=True)
    assert len(_alpha_mask(carrier, 40)) > len(_alpha_mask(plain, 40)) * 1.05
    cx, cy, _ = S.SHIP_CARGO
    gold = carrier.get_at((round(cx * 44), round(cy * 44)))
    assert gold.r > 150 and gold.g > 110 and gold.b < 120 and gold.a > 200
    # the dead man: grey and faded, same outline
    dead = S.ship("french", 44, dead=True, number=1)
    alive = S.ship("french", 44, number=1)
    opaque = [dead.get_at((x, y)) for x, y in _alpha_mask(alive, 250)]
    assert all(abs(p.r - p.g) <= 2 and abs(p.g - p.b) <= 2 for p in opaque)
    assert max(p.a for p in opaque) < 200
    assert _alpha_mask(dead, 1) == _alpha_mask(alive, 1)


def test_facing_mirrors_the_ship_and_its_foot():
    for f in S.FACTIONS:
        a = S.ship(f, 44, carrier=True)
        b = S.ship(f, 44, carrier=True, facing=-1)
        assert _bytes(b) == _bytes(pygame.transform.flip(a, True, False))
    numbered = S.ship("barbary", 44, number=3, facing=-1)
    assert _disc_lum(numbered, 1 - S.SHIP_BADGE[0]) > 150      # the disc moves to the stern, now at the right
    assert _disc_lum(numbered, S.SHIP_BADGE[0]) < 150
    assert S.ship_foot(44) == S.ship_foot(44, facing=-1) == (22, 35)


def _disc_lum(ship: pygame.Surface, fx: float) -> float:
    """Mean grey level inside the number disc's place (centre x at fraction ``fx``)."""
    n = ship.get_width()
    _, fy, fr = S.SHIP_BADGE
    cx, cy, r = fx * n, fy * n, fr * n * 0.75
    pts = [ship.get_at((x, y)) for x in range(n) for y in range(n) if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r]
    return sum(_lum(p) for p in pts) / len(pts)


def _diff_centroid(a: pygame.Surface, b: pygame.Surface) -> tuple[float, float, int]:
    n = a.get_width()
    pts = [(x, y) for x in range(n) for y in range(n) if a.get_at((x, y)) != b.get_at((x, y))]
    if not pts:
        return (0.0, 0.0, 0)
    return (sum(p[0] for p in pts) / len(pts) - n / 2, sum(p[1] for p in pts) / len(pts) - n / 2, len(pts))


@pytest.mark.parametrize("art", [True, False])
def test_the_compass_strikes_the_right_arm(art, tmp_path):
    if not art:
        theme.set_asset_root(tmp_path)
    n = 120
    base = S.compass(n)
    assert set(S.DIRECTIONS) == set(S.COMPASS_ARMS)
    for d in S.DIRECTIONS:
        ux, uy = S.compass_arm(d)
        dx, dy, count = _diff_centroid(base, S.compass(n, forbidden=d))
        assert count > 40, d
        assert dx * ux + dy * uy > n * 0.1, (d, dx, dy)          # the change lies along that arm
        assert abs(dx * -uy + dy * ux) < n * 0.08, (d, dx, dy)     # and not off to one side
    both = S.compass(n, forbidden=("SE", "e"))
    assert _bytes(both) == _bytes(S.compass(n, forbidden=["E", "SE"]))
    assert _bytes(S.compass(n, forbidden="north")) == _bytes(base)
    labelled = S.compass(n, labels={"NW": "NO", "W": "O"})
    assert _bytes(labelled) != _bytes(base) and _bytes(labelled) != _bytes(S.compass(n, labels={"NW": "NW", "W": "W"}))


def test_screen_directions_match_the_board():
    # G1: a cell's centre is at u = x - y, w = x + y (both scaled by h): NE (0, -1) goes up and right
    from game.games.pirateer.boardmodel import DIRECTIONS
    for d, (sx, sy) in DIRECTIONS.items():
        u, w = sx - sy, sx + sy
        ux, uy = S.compass_arm(d)
        norm = math.hypot(u, w)
        assert abs(ux - u / norm) < 1e-9 and abs(uy - w / norm) < 1e-9, d


def test_arrows_dice_rings_and_frames():
    east, west = S.current_arrow("E", 60), S.current_arrow("w", 60)
    assert _bytes(west) == _bytes(pygame.transform.flip(east, True, False))
    assert len({_bytes(S.die_badge(v, 24)) for v in range(1, 7)}) == 6
    assert S.die_badge(9, 24) is S.die_badge(6, 24) and S.die_badge(0, 24) is S.die_badge(1, 24)
    assert _bytes(S.strait_badge("S", 40)) != _bytes(S.strait_badge("T", 40))
    assert len({_bytes(S.smoke(f, 48)) for f in range(S.SMOKE_FRAMES)}) == S.SMOKE_FRAMES
    assert len({_bytes(S.glint(f, 48)) for f in range(S.GLINT_FRAMES)}) == S.GLINT_FRAMES
    assert S.smoke(99, 48) is S.smoke(S.SMOKE_FRAMES - 1, 48) and S.glint(-3, 48) is S.glint(0, 48)
    # the blast ring is brightest on its radius, faint at the centre
    r = 60
    ring = S.blast_ring(r)
    c = ring.get_width() // 2
    on = ring.get_at((c + r, c))
    assert on.a > 200 and _lum(on) > 170
    assert ring.get_at((c, c)).a < 120
    assert _bytes(S.coin(40)) != _bytes(pygame.transform.smoothscale(S.coin(80), (40, 40)))  # the panel's simpler coin


def test_results_are_cached_by_their_arguments():
    a = S.ship("spanish", 44, number=1)
    assert S.ship("spanish", 44, number=1) is a
    assert S.ship("spanish", 44, number=2) is not a
    assert S.compass(100, "SE") is S.compass(100, ["SE"])
    assert S.coin(20) is S.coin(20)
    S.clear_cache()
    assert S.ship("spanish", 44, number=1) is not a


def test_odd_input_does_not_crash():
    for size in (0, 1, 2, 3, -5):
        for name, surf, wh in _all_pieces(size):
            assert surf.get_width() >= 1, name
    assert S.blast_ring(0).get_width() >= 2
    assert S.ship("spanish", 44, number=12).get_size() == (44, 44)
    assert S.strait_badge("", 30).get_size() == (30, 30)
    assert S.current_arrow("NE", 40).get_size() == (40, 20)


def test_missing_art_falls_back_with_one_warning(no_art, caplog):
    with caplog.at_level(logging.WARNING, logger="game.ui"):
        for size in SIZES:
            for name, surf, wh in _all_pieces(size):
                assert surf.get_size() == wh, name
        S.clear_cache()
        S.ship("spanish", 44)
        S.ship("spanish", 50)
    warned = [r.getMessage() for r in caplog.records if "ship_spanish.png" in r.getMessage()]
    assert len(warned) == 1
    # the plain drawings still carry the faction's look: its colour on the sail, the emblem on top
    for f in S.FACTIONS:
        s = S.ship(f, 64)
        assert len(_emblem_mask(s)) > 30, f


def test_unreadable_art_falls_back(tmp_path):
    folder = tmp_path / "images" / S.FOLDER
    folder.mkdir(parents=True)
    for name in ("ship_french.png", "compass.png", "coin.png", "carrier_glow.png"):
        (folder / name).write_bytes(b"not a png")
    theme.set_asset_root(tmp_path)
    assert S.ship("french", 64, carrier=True, number=1).get_size() == (64, 64)
    assert len(_emblem_mask(S.ship("french", 64))) > 30
    assert S.compass(90, "NW").get_size() == (90, 90)
    assert S.coin(80).get_size() == (80, 80)
