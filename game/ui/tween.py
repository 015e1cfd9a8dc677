"""Tweens: a value going from A to B over a duration with an easing, and a Tweener that runs them.

Values may be numbers or tuples of numbers (positions, colours). The Tweener's ``speed`` is the
animation-speed setting (1.0 normal, 2.0 twice as fast, 0 = instant); ``active`` tells the app
whether something is still moving, so it knows to keep redrawing.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Sequence

Value = float | tuple[float, ...]


# --------------------------------------------------------------------------------------------------
# Easing functions: t in 0..1 -> progress (0 at t=0, 1 at t=1)
# --------------------------------------------------------------------------------------------------
def linear(t: float) -> float:
    return t


def ease_in_quad(t: float) -> float:
    return t * t


def ease_out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def ease_in_out_quad(t: float) -> float:
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


def ease_out_sine(t: float) -> float:
    return math.sin(t * math.pi / 2)


EASINGS: dict[str, Callable[[float], float]] = {
    f.__name__: f for f in (linear, ease_in_quad, ease_out_quad, ease_in_out_quad, ease_out_cubic,
                            ease_in_out_cubic, ease_out_back, ease_out_bounce, ease_out_sine)
}


def lerp(a: Value, b: Value, p: float) -> Value:
    if isinstance(a, (tuple, list)):
        return tuple(x + (y - x) * p for x, y in zip(a, b))  # type: ignore[arg-type]
    return a + (b - a) * p  # type: ignore[operator]


# --------------------------------------------------------------------------------------------------
class Tween:
    """``start`` -> ``end`` over ``duration`` seconds (after ``delay``), eased.

    ``on_update(value)`` is called on every update (and once at the end with exactly ``end``);
    ``on_done()`` once at the end. ``tag`` lets a Tweener cancel or finish a group (e.g. a sprite).
    """

    def __init__(self, start: Value, end: Value, duration: float,
                 easing: str | Callable[[float], float] = "ease_out_cubic",
                 on_update: Callable[[Value], None] | None = None,
                 on_done: Callable[[], None] | None = None, delay: float = 0.0, tag: Any = None):
        self.start = start
        self.end = end
        self.duration = max(0.0, float(duration))
        self.easing = EASINGS[easing] if isinstance(easing, str) else easing
        self.on_update = on_update
        self.on_done = on_done
        self.delay = max(0.0, delay)
        self.tag = tag
        self.elapsed = 0.0
        self.done = False
        self.value: Value = start

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; returns True while still running."""
        if self.done:
            return False
        self.elapsed += max(0.0, dt)
        if self.elapsed < self.delay:
            return True
        p = self.progress
        if p >= 1.0:
            self.finish()
            return False
        self.value = lerp(self.start, self.end, self.easing(p))
        if self.on_update:
            self.on_update(self.value)
        return True

    def finish(self) -> None:
        """Jump to the end value and fire the callbacks (once)."""
        if self.done:
            return
        self.done = True
        self.elapsed = self.delay + self.duration
        self.value = self.end
        if self.on_update:
            self.on_update(self.end)
        if self.on_done:
            self.on_done()

    def cancel(self) -> None:
        """Stop where it is, without callbacks."""
        self.done = True


class Tweener:
    """Runs tweens. ``speed`` multiplies time (the animation-speed setting); 0 or less = instant."""

    def __init__(self, speed: float = 1.0):
        self.speed = speed
        self._tweens: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        self._tweens.append(tween)
        if self.speed <= 0:
            tween.finish()
        return tween

    def tween(self, start: Value, end: Value, duration: float, **kwargs: Any) -> Tween:
        return self.add(Tween(start, end, duration, **kwargs))

    def update(self, dt: float) -> None:
        if self.speed <= 0:
            self.finish_all()
            return
        step = dt * self.speed
        for tw in list(self._tweens):
            tw.update(step)
        self._tweens = [t for t in self._tweens if not t.done]

    @property
    def active(self) -> bool:
        return any(not t.done for t in self._tweens)

    def __len__(self) -> int:
        return sum(1 for t in self._tweens if not t.done)

    def cancel(self, tag: Any = None) -> None:
        """Stop tweens with ``tag`` (all when None) where they are."""
        for t in self._tweens:
            if tag is None or t.tag is tag or t.tag == tag:
                t.cancel()
        self._tweens = [t for t in self._tweens if not t.done]

    def finish_all(self, tag: Any = None) -> None:
        """Jump tweens with ``tag`` (all when None) to their end."""
        for t in list(self._tweens):
            if tag is None or t.tag is tag or t.tag == tag:
                t.finish()
        self._tweens = [t for t in self._tweens if not t.done]

    def busy(self, tag: Any) -> bool:
        return any(not t.done and (t.tag is tag or t.tag == tag) for t in self._tweens)


# --------------------------------------------------------------------------------------------------
# Helpers on sprites (anything with a ``rect``; ``alpha``/``flip_scale``/``face_up`` where stated)
# --------------------------------------------------------------------------------------------------
def move(tweener: Tweener, sprite: Any, to: Sequence[float], duration: float = 0.25,
         easing: str = "ease_out_cubic", anchor: str = "topleft",
         on_done: Callable[[], None] | None = None, delay: float = 0.0) -> Tween:
    """Glide ``sprite.rect`` so its ``anchor`` point reaches ``to``. Cancels the sprite's other moves."""
    tweener.cancel(("move", id(sprite)))
    start = tuple(float(v) for v in getattr(sprite.rect, anchor))

    def set_pos(value: Value) -> None:
        setattr(sprite.rect, anchor, (round(value[0]), round(value[1])))  # type: ignore[index]

    return tweener.add(Tween(start, (float(to[0]), float(to[1])), duration, easing, set_pos, on_done,
                             delay, tag=("move", id(sprite))))


def fade(tweener: Tweener, sprite: Any, to: float, duration: float = 0.25,
         on_done: Callable[[], None] | None = None) -> Tween:
    """Tween ``sprite.alpha`` (0..255) to ``to``."""
    start = float(getattr(sprite, "alpha", 255))

    def set_alpha(value: Value) -> None:
        sprite.alpha = int(round(value))  # type: ignore[arg-type]

    return tweener.add(Tween(start, float(to), duration, "linear", set_alpha, on_done, tag=("fade", id(sprite))))


def flip(tweener: Tweener, sprite: Any, duration: float = 0.3,
         on_done: Callable[[], None] | None = None) -> Tween:
    """Turn a card over: ``sprite.flip_scale`` goes 1 -> 0 (``face_up`` toggles there) -> 1."""
    target_face = not getattr(sprite, "face_up", True)
    state = {"turned": False}

    def step(value: Value) -> None:
        v = float(value)  # type: ignore[arg-type]
        if v <= 0 and not state["turned"]:
            state["turned"] = True
            sprite.face_up = target_face
        sprite.flip_scale = abs(v)

    def done() -> None:
        sprite.face_up = target_face
        sprite.flip_scale = 1.0
        if on_done:
            on_done()

    return tweener.add(Tween(1.0, -1.0, duration, "ease_in_out_quad", step, done, tag=("flip", id(sprite))))
