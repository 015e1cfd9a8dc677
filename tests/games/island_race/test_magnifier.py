"""The pile tiles are readable: larger where the layout allows, and the tile under a pointer or a cursor is shown
magnified beside the pile (issue 20, item 1)."""
from __future__ import annotations

import pygame
import pytest

from game.games.island_race import layout as geo
from tests.app.conftest import app, click, frames, key  # noqa: F401 - the app fixture
from tests.games.island_race.test_scene import post_motion, start, to_play

#: the pile tile's side before the magnifier (the issue's measure): 50 px at 1280x720, 38 px at 960x540
BEFORE = {(1280, 720): 50, (960, 540): 38}


def _layouts():
    for size in BEFORE:
        rect = pygame.Rect(0, 0, *size)
        for players in (2, 3, 4):
            for featured in ([0], [0, 1]):
                for wide in ((), (players - 1,)):
                    for cells in (3, 4):
                        yield size, geo.compute(rect, players, featured, cells, wide=wide)


def test_pile_tiles_grew_and_the_lens_shows_them_at_least_twice_as_large():
    for size, L in _layouts():
        assert L.tile >= BEFORE[size] + 1, (size, L.tile)
        inner = L.lenses[0].w - 2 * L.lens_frame
        assert inner >= 2 * BEFORE[size], (size, inner)


def test_the_lenses_cover_nothing_else_on_the_table():
    for size, L in _layouts():
        window = pygame.Rect(0, 0, *size)
        others = ([L.top, L.menu, L.log, L.controls] + list(L.slots) +
                  [box.panel for box in L.islands.values()] + [box.note for box in L.islands.values() if box.note])
        assert L.lenses
        for lens in L.lenses:
            assert window.contains(lens), (size, lens)
            for other in others:
                assert other.w == 0 or not lens.colliderect(other), (size, lens, other)
        for a, b in zip(L.lenses, L.lenses[1:]):
            assert not a.colliderect(b)


def _lens_face(app, scene, lens):
    """The picture inside the lens's frame, and where it is."""
    frame = scene.L.lens_frame
    inner = lens.inflate(-2 * frame, -2 * frame)
    return pygame.image.tobytes(app.screen.subsurface(inner), "RGB"), inner


def _lens_shows(app, scene, lens, piece) -> bool:
    """The lens holds ``piece``'s face as it lies (its rounded corners aside)."""
    _, inner = _lens_face(app, scene, lens)
    face = pygame.Surface(inner.size)
    face.blit(scene.face(piece, inner.w), (0, 0))
    middle = pygame.Rect(0, 0, inner.w, inner.h).inflate(-inner.w // 5, -inner.h // 5)
    return (pygame.image.tobytes(app.screen.subsurface(middle.move(inner.topleft)), "RGB") ==
            pygame.image.tobytes(face.subsurface(middle), "RGB"))


def test_the_tile_under_the_pointer_shows_large_in_the_lens(app):
    scene = start(app, ["human", "easy"])
    to_play(app, scene)
    r = scene.round
    slot = next(s for s, p in enumerate(r.pile) if p is not None)
    post_motion(scene.L.slots[slot].center)
    frames(app, 2)
    lens = scene.L.lenses[0]
    assert scene.magnified(r) == [(0, slot)]
    shown, inner = _lens_face(app, scene, lens)
    assert inner.w >= 2 * scene.L.tile                       # more than twice the pile's size
    assert _lens_shows(app, scene, lens, r.pile[slot])
    other = next(s for s, p in enumerate(r.pile) if p is not None and p.face != r.pile[slot].face)
    post_motion(scene.L.slots[other].center)
    frames(app, 2)
    assert scene.magnified(r) == [(0, other)]
    assert _lens_face(app, scene, lens)[0] != shown          # another tile, another picture
    assert any(kind == "lens" and rect == lens for rect, _, kind in scene.explained)
    post_motion(scene.L.islands[0].grid.center)              # off the pile: the lens rests, empty
    frames(app, 2)
    assert scene.magnified(r) == []
    assert _lens_face(app, scene, lens)[0] != shown
    assert any(kind == "lens" for _, _, kind in scene.explained)  # the resting lens says what it is for


def test_the_keyboard_cursor_on_the_pile_is_magnified_too(app):
    scene = start(app, ["human", "human", "easy"])
    assert scene.key_seat == 1
    to_play(app, scene)
    r = scene.round
    slot = next(s for s, p in enumerate(r.pile) if p is not None and s > 0)
    for _ in range(slot % 8):
        key(app, pygame.K_RIGHT)
    for _ in range(slot // 8):
        key(app, pygame.K_DOWN)
    post_motion(scene.L.islands[0].grid.center)              # the mouse player points at no tile
    frames(app, 2)
    assert (1, slot) in scene.magnified(r)
    lens = scene.L.lenses[scene.magnified(r).index((1, slot))]
    assert _lens_shows(app, scene, lens, r.pile[slot])


@pytest.mark.parametrize("how", ["pause", "empty slot"])
def test_no_lens_while_paused_or_over_an_empty_slot(app, how):
    scene = start(app, ["human", "easy"])
    to_play(app, scene)
    r = scene.round
    slot = next(s for s, p in enumerate(r.pile) if p is not None)
    if how == "empty slot":
        click(app, scene.L.slots[slot].center)              # take it: the slot is empty now
        assert r.pile[slot] is None
    else:
        post_motion(scene.L.slots[slot].center)
        frames(app, 1)
        scene.pause()
    frames(app, 2)
    scene.mouse = scene.L.slots[slot].center
    assert scene.magnified(r) == []
