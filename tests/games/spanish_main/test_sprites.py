"""Spanish Main sprites: every piece draws at the sizes asked (ships whole and damaged, captains, every
movement and adventure kind, backs, flags, tokens, space markers, table), instance ids use their type's
picture, flags and damage are told apart without colour, and missing art falls back to plain drawings with
a warning naming the file."""
from __future__ import annotations

import itertools
import logging

import pygame
import pytest

from game.games.spanish_main import sprites as S
from game.ui import theme
from tests.support.sprites import fresh_sprite_cache, no_art_fixture

_fresh = fresh_sprite_cache(S)
no_art = no_art_fixture(S)                  # an empty asset folder: no image, no font


def _pieces(h: int) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    card = S.card_size(h)
    out = []
    for ship in S.SHIPS:
        out += [(S.ship_card(ship, h), card), (S.ship_card(ship, h, damaged=True), card)]
    out += [(S.pirate_card(p, h), card) for p in S.PIRATES]
    out += [(S.movement_card(k, h), card) for k in S.MOVEMENT_TYPES]
    out += [(S.adventure_card(k, h), card) for k in S.ADVENTURE_TYPES]
    out += [(S.pirate_back(h), card), (S.movement_back(h), card), (S.adventure_back(h), card), (S.fame_card(h), card)]
    out += [(S.flag(f, h // 2), S.flag_size(h // 2)) for f in S.FLAGS]
    s = max(8, h // 3)
    out += [(S.fame_token(s), (s, s)), (S.damage_marker(s), (s, s))]
    out += [(S.space_marker(n, s), (s, s)) for n in range(1, 10)]
    out.append((S.table_background((h * 8, h * 5)), (h * 8, h * 5)))
    return out


@pytest.mark.parametrize("h", [252, 160, 110, 64])
def test_every_piece_draws_at_its_size(h: int):
    for surf, wh in _pieces(h):
        assert surf.get_size() == wh


def test_the_art_is_there_for_every_id():
    """Every engine id has its own file (none of them falls back to the plain drawing)."""
    from game.games.spanish_main import rules
    assert set(S.SHIPS) == set(rules.SHIPS) and set(S.PIRATES) == set(rules.PIRATES)
    assert set(S.MOVEMENT_TYPES) == set(rules.MOVEMENT_TYPES)
    assert set(S.ADVENTURE_TYPES) == set(rules.ADVENTURE_TYPES) == set(S.CATEGORY)
    names = [f"{s}{d}.png" for s in S.SHIPS for d in ("", "_damaged")] + [f"{p}.png" for p in S.PIRATES]
    names += [f"{k}.png" for k in S.MOVEMENT_TYPES + S.ADVENTURE_TYPES]
    names += ["pirate_back.png", "movement_back.png", "adventure_back.png", "fame_token.png", "damage.png", "table.png"]
    names += [f"flag_{f}.png" for f in S.FLAGS] + [f"space_{n}.png" for n in range(1, 10)]
    for name in names:
        assert theme.image(S.FOLDER, name) is not None, name


def test_instance_ids_use_their_types_picture():
    assert S.card_type("mv-sabotage-4") == "mv-sabotage" and S.card_type("mv-advance-en") == "mv-advance-en"
    assert S.card_type("adv-attack-es-2") == "adv-attack-es"
    assert S.movement_card("mv-sabotage-4", 120) is S.movement_card("mv-sabotage", 120)
    assert S.adventure_card("adv-kraken-1", 120) is S.adventure_card("adv-kraken", 120)


def _grey(s: pygame.Surface) -> bytes:
    return pygame.image.tobytes(pygame.transform.grayscale(s), "RGBA")


def test_flags_and_cards_differ_in_grey():
    """Colour-blind safe: flags differ by pattern; every card face differs from every other in grey."""
    flags = [_grey(S.flag(f, 96)) for f in S.FLAGS]
    assert len(set(flags)) == 3
    faces = [S.ship_card(s, 120, d) for s in S.SHIPS for d in (False, True)] + [S.pirate_card(p, 120) for p in S.PIRATES]
    faces += [S.movement_card(k, 120) for k in S.MOVEMENT_TYPES] + [S.adventure_card(k, 120) for k in S.ADVENTURE_TYPES]
    assert len({_grey(f) for f in faces}) == len(faces)


def test_a_damaged_ship_is_greyer_than_a_whole_one():
    def saturation(s: pygame.Surface) -> float:
        w, h = s.get_size()
        px = [s.get_at((x, y)) for x in range(0, w, 4) for y in range(0, round(h * 0.7), 4)]
        return sum(max(p.r, p.g, p.b) - min(p.r, p.g, p.b) for p in px) / len(px)
    for ship in S.SHIPS:
        assert saturation(S.ship_card(ship, 180, True)) < 0.6 * saturation(S.ship_card(ship, 180)), ship


def test_the_blank_plates_lie_inside_the_card():
    for h in (252, 110):
        card = pygame.Rect((0, 0), S.card_size(h))
        rects = (S.ship_name_rect(h), S.captain_rect(h), S.ribbon_rect(h), S.flag_badge_rect(h), S.pirate_name_rect(h),
                 S.movement_name_rect(h), S.adventure_text_rect(h))
        assert all(card.contains(r) for r in rects)
        assert not S.ship_name_rect(h).colliderect(S.captain_rect(h))


def test_missing_art_draws_plain_pieces_and_names_the_file(no_art, caplog):
    with caplog.at_level(logging.WARNING):
        for surf, wh in _pieces(96):
            assert surf.get_size() == wh
    for name in ("ship-en-1.png", "ship-nl-3_damaged.png", "pirate-es-2.png", "mv-fog.png", "adv-loot-nl.png",
                 "adventure_back.png", "space_9.png", "table.png"):
        assert name in caplog.text, name
    assert len({_grey(S.flag(f, 48)) for f in S.FLAGS}) == 3, "the plain flags differ without colour too"


def test_unknown_ids_draw_plain_pieces():
    for surf in (S.ship_card("ship-xx-9", 100), S.movement_card("mv-nothing", 100), S.adventure_card("adv-nothing", 100),
                 S.pirate_card("pirate-xx-1", 100), S.flag("xx", 30)):
        assert surf.get_width() > 0


def test_results_are_cached():
    assert S.ship_card("ship-es-2", 140, True) is S.ship_card("ship-es-2", 140, True)
    assert S.space_marker(3, 40) is S.space_marker(3, 40)
    assert S.ship_card("ship-es-2", 140) is not S.ship_card("ship-es-2", 140, True)
    for a, b in itertools.combinations(S.FLAGS, 2):
        assert S.flag(a, 40) is not S.flag(b, 40)
