"""Playa Pirata sprites: right sizes for every piece, seat colours that show, and plain fallbacks
when the art is missing or unreadable."""
from __future__ import annotations

import pygame
import pytest

from game.games.playa_pirata import sprites as S
from game.ui import palette, theme
from tests.support.sprites import fresh_sprite_cache

CARD_SIZES = [(100, 140), (240, 336), (63, 88), (181, 253)]
SQUARE_SIZES = [16, 48, 97, 128]
COLOURS = [0, 3, 7, 9]   # 9 wraps around the 8 seat colours


_fresh = fresh_sprite_cache(S)


def every_piece(size_card, size_square, colour) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    out = []
    for v in S.TREASURE_VALUES:
        out.append((S.treasure_face("number", v, size_card), size_card))
    out.append((S.treasure_face("skull", None, size_card), size_card))
    out.append((S.treasure_face("towel", None, size_card), size_card))
    out.append((S.treasure_back(size_card), size_card))
    for kind in S.PIRATE_KINDS:
        out.append((S.pirate_card(kind, colour, size_card), size_card))
    for v in S.TOWEL_VALUES:
        out.append((S.towel_card(v, colour, size_card), size_card))
    for sid in S.SPECIAL_IDS:
        out.append((S.special_card(sid, size_card), size_card))
    sq = (size_square, size_square)
    out.append((S.umbrella_token(colour, size_square), sq))
    out.append((S.eye_marker(size_square), sq))
    out.append((S.beach_background(size_card), size_card))
    return out


@pytest.mark.parametrize("size_card,size_square,colour", list(zip(CARD_SIZES, SQUARE_SIZES, COLOURS)))
def test_every_piece_has_the_requested_size(size_card, size_square, colour):
    for surf, want in every_piece(size_card, size_square, colour):
        assert isinstance(surf, pygame.Surface)
        assert surf.get_size() == want


def test_an_int_size_is_a_card_width_or_a_square_side():
    assert S.towel_card(2, 1, 100).get_size() == (100, 140)
    assert S.treasure_back(120).get_size() == (120, 168)
    assert S.umbrella_token(2, 40).get_size() == (40, 40)
    assert S.beach_background(1280).get_size() == (1280, 720)
    assert S.beach_background((1920, 1200)).get_size() == (1920, 1200)


def test_the_art_is_drawn_and_has_rounded_transparent_corners():
    for surf in (S.treasure_face("number", 5, (240, 336)), S.towel_card(1, 0, (240, 336)),
                 S.pirate_card("map", 2, (240, 336)), S.special_card("special-wave", (240, 336))):
        assert surf.get_at((0, 0)).a == 0
        assert surf.get_at((120, 168)).a == 255
    assert S.treasure_face("number", 3, (100, 140)) is S.treasure_face("number", 3, (100, 140))  # cached


def _bytes(s: pygame.Surface) -> bytes:
    return pygame.image.tobytes(s, "RGBA")


def test_seat_colours_show_on_towels_pirates_and_umbrellas():
    n = len(palette.SEAT_COLOURS)
    for v in S.TOWEL_VALUES:
        faces = {_bytes(S.towel_card(v, c, (100, 140))) for c in range(n)}
        assert len(faces) == n, f"towel {v}: every seat colour gives its own card"
    assert _bytes(S.pirate_card("umbrella", 0, (100, 140))) != _bytes(S.pirate_card("umbrella", 1, (100, 140)))
    assert _bytes(S.umbrella_token(0, 64)) != _bytes(S.umbrella_token(5, 64))
    # the towel itself takes the colour: the middle of a 1-towel card is close to the seat colour's hue
    for seat in (0, 1, 3):
        px = S.towel_card(1, seat, (240, 336)).get_at((100, 190))
        r, g, b = palette.SEAT_COLOURS[seat][1]
        top = max((r, "r"), (g, "g"), (b, "b"))[1]
        assert max((px.r, "r"), (px.g, "g"), (px.b, "b"))[1] == top


def test_values_and_kinds_give_different_faces():
    faces = [_bytes(S.treasure_face("number", v, (100, 140))) for v in S.TREASURE_VALUES]
    faces += [_bytes(S.treasure_face(k, None, (100, 140))) for k in ("skull", "towel")]
    faces += [_bytes(S.special_card(sid, (100, 140))) for sid in S.SPECIAL_IDS]
    assert len(set(faces)) == len(faces)


def test_the_title_band_is_inside_the_lower_part_of_the_card():
    for size in CARD_SIZES:
        r = S.special_title_rect(size)
        card = pygame.Rect((0, 0), size)
        assert card.contains(r)
        assert r.top > size[1] // 2 and r.w > size[0] // 2


def test_missing_art_falls_back_without_crashing(tmp_path):
    theme.set_asset_root(tmp_path)   # an empty folder: no image, no font
    for size_card, size_square, colour in zip(CARD_SIZES, SQUARE_SIZES, COLOURS):
        for surf, want in every_piece(size_card, size_square, colour):
            assert surf.get_size() == want
    assert _bytes(S.towel_card(2, 0, (100, 140))) != _bytes(S.towel_card(2, 1, (100, 140)))


def test_unreadable_or_partial_art_falls_back(tmp_path):
    folder = tmp_path / "images" / "playa-pirata"
    folder.mkdir(parents=True)
    (folder / "towel_1.png").write_bytes(b"not a png")
    (folder / "treasure_5.png").write_bytes(b"\x89PNG broken")
    real = theme.asset_path("images", "playa-pirata", "pirate_map.png")
    theme.set_asset_root(tmp_path)
    (folder / "pirate_map.png").write_bytes(real.read_bytes())   # base only: tint and top missing
    assert S.towel_card(1, 2, (100, 140)).get_size() == (100, 140)
    assert S.treasure_face("number", 5, (100, 140)).get_size() == (100, 140)
    assert S.pirate_card("map", 4, (100, 140)).get_size() == (100, 140)


def test_unknown_ids_and_tiny_sizes_do_not_crash():
    assert S.treasure_face("number", 9, (50, 70)).get_size() == (50, 70)
    assert S.treasure_face("gold", None, (50, 70)).get_size() == (50, 70)
    assert S.treasure_face("number", None, (50, 70)).get_size() == (50, 70)
    assert S.pirate_card("cannon", 1, (50, 70)).get_size() == (50, 70)
    assert S.towel_card(4, 1, (50, 70)).get_size() == (50, 70)
    assert S.special_card("special-kraken", (50, 70)).get_size() == (50, 70)
    for size in ((1, 1), (3, 4), 0):
        assert S.towel_card(1, 0, size).get_width() >= 1
        assert S.umbrella_token(0, size).get_width() >= 1
        assert S.special_card("special-flag", size).get_width() >= 1


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_special_card_wears_its_title_at_the_rules_pages_size(lang):
    """Found on the rules page: the Double beach towel's band was blank at 120 px wide (a long title at the smallest
    size did not fit, and two lines did not either): it is now a little narrower, on one line. (Smaller cards show
    the picture alone: the rules page names each card under it, and the table explains it on hover.)"""
    from game.games.playa_pirata.scene import special_face
    from game.i18n import set_language
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1280, 720))
    set_language(lang)
    try:
        for w in ((120, 240) if lang == "en" else (150, 240)):     # "Telo da mare a due piazze" is longer
            size = (w, round(w * 1.4))
            band = S.special_title_rect(size)
            for sid in S.SPECIAL_IDS:
                bare, titled = S.special_card(sid, size), special_face(sid, size)
                differs = sum(bare.get_at((x, y)) != titled.get_at((x, y))
                              for x in range(band.x, band.right) for y in range(band.y, band.bottom))
                assert differs > 20, (sid, w, lang)
    finally:
        set_language("en")
