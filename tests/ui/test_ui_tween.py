"""Tweens: easing ends, end values, speed, helpers."""
from __future__ import annotations

import types

import pygame
import pytest

from game.ui import tween as tw
from game.ui.cards import CardSprite


@pytest.mark.parametrize("name", sorted(tw.EASINGS))
def test_easings_start_at_0_and_end_at_1(name):
    f = tw.EASINGS[name]
    assert f(0.0) == pytest.approx(0.0, abs=1e-9)
    assert f(1.0) == pytest.approx(1.0, abs=1e-9)


def test_tween_reaches_its_exact_end_value_and_calls_back():
    seen, done = [], []
    t = tw.Tween((0.0, 0.0), (10.0, 20.0), 0.5, "ease_out_back", on_update=seen.append,
                 on_done=lambda: done.append(1))
    while t.update(0.07):
        pass
    assert t.value == (10.0, 20.0) and seen[-1] == (10.0, 20.0) and done == [1]


def test_tweener_speed_and_active():
    tweener = tw.Tweener(speed=2.0)
    t = tweener.tween(0.0, 1.0, 1.0, easing="linear")
    assert tweener.active
    tweener.update(0.25)
    assert t.value == pytest.approx(0.5)
    tweener.update(0.25)
    assert t.done and not tweener.active
    instant = tw.Tweener(speed=0)
    t2 = instant.tween(0.0, 5.0, 3.0)
    assert t2.done and t2.value == 5.0


def test_move_and_fade_helpers():
    tweener = tw.Tweener()
    sprite = types.SimpleNamespace(rect=pygame.Rect(0, 0, 10, 10), alpha=255)
    tw.move(tweener, sprite, (100, 50), 0.3)
    tw.fade(tweener, sprite, 0, 0.3)
    tweener.update(0.1)
    assert 0 < sprite.rect.x < 100
    tweener.update(0.3)
    assert sprite.rect.topleft == (100, 50) and sprite.alpha == 0
    tw.move(tweener, sprite, (0, 0), 1.0)
    tweener.finish_all()
    assert sprite.rect.topleft == (0, 0)


def test_card_flip_goes_through_zero_width(screen):
    tweener = tw.Tweener()
    card = CardSprite(pygame.Rect(10, 10, 120, 168), label="A", face_up=False)
    card.flip(tweener, 0.4)
    scales = []
    while tweener.active:
        tweener.update(0.02)
        scales.append(card.flip_scale)
        card.draw(screen)
    assert min(scales) < 0.1
    assert card.face_up and card.flip_scale == 1.0
    card.flip()  # no tweener: at once
    assert not card.face_up
