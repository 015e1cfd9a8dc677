"""The animation timeline every table shares: tweens and clips, sequenced, at the speed set in Settings.

One ``Timeline`` per scene runs everything that moves on the table:

- **tweens** (``game.ui.tween.Tween``): a value from A to B, e.g. a card sprite's position (``tween.move``);
  the timeline is a ``Tweener``, so everything written for one (the drag-and-drop controller's glide back,
  ``tween.move``/``fade``/``flip``) runs on it;
- **clips** (``Clip``): something drawn as a pure function of its progress ``t`` (0..1) — a ship gliding square
  by square, a tile flying to its slot, a banner, a puff of smoke. A game subclasses ``Clip`` for its own
  pictures and ``draw``s them in its layers (``draw(surface, layer)``); the pieces a clip shows itself are
  named in its ``hides`` so the table leaves them out of its normal drawing until it ends.

Sequencing: ``then(clip)`` starts a clip when everything already on the timeline has ended (``tail``), ``at``
after a delay; ``call(delay, fn)`` runs a function on the way. **Speed** comes from Settings (a callable read
every frame, so a change in the pause menu applies at once; 0 or less plays everything instantly). A click on
the table **skips** what is running (``skip``: every tween and clip jumps to its end, callbacks fired once).
**Bots wait** for it: ``busy`` is true while a blocking tween or clip runs, and the table holds the next bot
move until it is false (a clip made with ``blocking=False``, a banner that lingers, does not hold them).

Time is whatever ``update(dt)`` is given: the frame's seconds in turn-based games, the race's own clock in
real-time ones; nothing here reads a wall clock, so tests advance it by hand.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

import pygame

from game.ui.tween import Tween, Tweener


class Clip:
    """Something on the timeline from ``delay`` to ``delay + duration`` seconds after it was added.

    ``t`` is its progress (0 before it starts, 1 when over); ``draw`` shows it (subclasses); ``on_done`` runs
    once when it ends or is skipped. ``layer`` is where the scene draws it (e.g. "board", "top"); ``hides``
    the pieces it draws itself; ``blocking`` whether bots wait for it; ``tag`` groups clips to cancel."""

    layer = "top"

    def __init__(self, delay: float = 0.0, duration: float = 0.0, *, tag: Any = None,
                 on_done: Callable[[], None] | None = None, blocking: bool = True, layer: str | None = None,
                 hides: Iterable[str] = ()) -> None:
        self.delay = max(0.0, float(delay))
        self.duration = max(1e-3, float(duration))
        self.age = 0.0
        self.tag = tag
        self.on_done = on_done
        self.blocking = blocking
        if layer is not None:
            self.layer = layer
        self.hides: set[str] = set(hides)
        self.finished = False   # on_done has run (or it was cancelled)

    @property
    def t(self) -> float:
        """0 before it starts, 1 when it is over."""
        return max(0.0, min(1.0, (self.age - self.delay) / self.duration))

    @property
    def started(self) -> bool:
        return self.age >= self.delay

    @property
    def done(self) -> bool:
        return self.finished or self.age >= self.delay + self.duration

    @property
    def end_time(self) -> float:
        """Seconds after it was added at which it ends."""
        return self.delay + self.duration

    @property
    def remaining(self) -> float:
        return 0.0 if self.finished else max(0.0, self.end_time - self.age)

    def step(self, dt: float) -> None:
        if self.finished:
            return
        self.age += max(0.0, dt)
        if self.age >= self.end_time:
            self.finish()

    def finish(self) -> None:
        """Jump to the end and run ``on_done`` (once)."""
        if self.finished:
            return
        self.age = max(self.age, self.end_time)
        self.finished = True
        if self.on_done is not None:
            self.on_done()

    def cancel(self) -> None:
        """Stop now, without ``on_done``."""
        self.finished = True

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the clip at its progress ``t`` (called only once it has started)."""


class Timeline(Tweener):
    """See the module docstring. ``speed``: a number, or a function giving the speed now (the Settings')."""

    def __init__(self, speed: float | Callable[[], float] = 1.0) -> None:
        super().__init__(1.0)
        self._speed = speed
        self._clips: list[Clip] = []

    # Speed ------------------------------------------------------------------------------------------
    @property  # type: ignore[override]
    def speed(self) -> float:
        s = self._speed
        return float(s() if callable(s) else s)

    @speed.setter
    def speed(self, value: float | Callable[[], float]) -> None:
        self._speed = value

    # Adding -----------------------------------------------------------------------------------------
    def play(self, clip: Clip) -> Clip:
        """Add ``clip`` (starting after its own ``delay``)."""
        self._clips.append(clip)
        if self.speed <= 0:
            clip.finish()
        return clip

    def at(self, delay: float, clip: Clip) -> Clip:
        """Add ``clip`` to start ``delay`` seconds from now."""
        clip.delay = max(0.0, delay)
        return self.play(clip)

    def then(self, clip: Clip, gap: float = 0.0) -> Clip:
        """Add ``clip`` to start ``gap`` seconds after everything now on the timeline has ended."""
        return self.at(self.tail() + gap, clip)

    def call(self, delay: float, fn: Callable[[], None], blocking: bool = False) -> Clip:
        """Run ``fn`` after ``delay`` seconds (at once when the timeline is skipped)."""
        return self.at(delay, Clip(0.0, 0.0, on_done=fn, blocking=blocking))

    def tail(self, blocking_only: bool = False) -> float:
        """Seconds until every running tween and clip has ended (0 when nothing runs)."""
        ends = [c.remaining for c in self._clips if not c.done and (c.blocking or not blocking_only)]
        ends += [t.delay + t.duration - t.elapsed for t in self._tweens if not t.done]
        return max(ends, default=0.0)

    # Running ----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        speed = self.speed
        if speed <= 0:
            self.skip()
            return
        step = max(0.0, dt) * speed
        for tw in list(self._tweens):
            tw.update(step)
        self._tweens = [t for t in self._tweens if not t.done]
        for clip in list(self._clips):
            clip.step(step)
        self._clips = [c for c in self._clips if not c.done]

    def skip(self, tag: Any = None, lingering: bool = True) -> None:
        """Everything running (with ``tag``: only that) jumps to its end, each callback fired once; what a
        callback adds is skipped too. ``lingering=False`` leaves the non-blocking clips (a banner) running."""
        for _ in range(8):  # callbacks may chain new tweens and clips (a fan that then collapses)
            if not (self.active if lingering else self.blocking):
                break
            self.finish_all(tag)
            for clip in list(self._clips):
                if (tag is None or clip.tag is tag or clip.tag == tag) and (lingering or clip.blocking):
                    clip.finish()
            self._clips = [c for c in self._clips if not c.done]
            if tag is not None:
                break

    def cancel(self, tag: Any = None) -> None:
        """Stop tweens and clips with ``tag`` (all when None) where they are, without callbacks."""
        super().cancel(tag)
        for clip in self._clips:
            if tag is None or clip.tag is tag or clip.tag == tag:
                clip.cancel()
        self._clips = [c for c in self._clips if not c.done]

    # Asking -----------------------------------------------------------------------------------------
    @property
    def active(self) -> bool:
        """Something is still moving (the scene keeps redrawing)."""
        return super().active or any(not c.done for c in self._clips)

    @property
    def blocking(self) -> bool:
        """Bots wait: a tween or a blocking clip is still running."""
        return super().active or any(not c.done and c.blocking for c in self._clips)

    def busy(self, tag: Any = None) -> bool:  # type: ignore[override]
        """Is anything with ``tag`` (anything at all when None) still running?"""
        if tag is None:
            return self.active
        return super().busy(tag) or any(not c.done and (c.tag is tag or c.tag == tag) for c in self._clips)

    def clips(self, kind: type | None = None) -> list[Clip]:
        """The clips still running (of ``kind``), in the order they were added."""
        return [c for c in self._clips if not c.done and (kind is None or isinstance(c, kind))]

    def hidden(self) -> set[str]:
        """The pieces running clips draw themselves (the table leaves them out)."""
        out: set[str] = set()
        for c in self._clips:
            if not c.done:
                out |= c.hides
        return out

    def add(self, tween: Tween) -> Tween:  # a tween added while the speed is 0 ends at once
        self._tweens.append(tween)
        if self.speed <= 0:
            tween.finish()
        return tween

    # Drawing ----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, layer: str | None = None) -> None:
        """Draw the started clips of ``layer`` (all when None), in the order they were added."""
        for c in self._clips:
            if not c.done and c.started and (layer is None or c.layer == layer):
                c.draw(surface)
