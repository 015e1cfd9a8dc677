"""The shared animation timeline: sequencing, the Settings speed, skipping, what bots wait for."""
from __future__ import annotations

import pygame

from game.ui.timeline import Clip, Timeline
from game.ui.tween import Tween


class Dot(Clip):
    """A clip that draws a white dot moving right by its progress (what a game's clip does)."""

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.circle(surface, (255, 255, 255), (int(10 + 80 * self.t), 10), 3)


def test_clips_run_in_sequence_with_then():
    tl = Timeline()
    done: list[str] = []
    tl.play(Clip(0.0, 1.0, on_done=lambda: done.append("a")))
    b = tl.then(Clip(duration=0.5, on_done=lambda: done.append("b")), gap=0.25)
    assert b.delay == 1.25                                # after everything already on the timeline
    tl.update(1.0)
    assert done == ["a"] and not b.started
    tl.update(0.3)
    assert b.started and 0 < b.t < 1
    tl.update(0.5)
    assert done == ["a", "b"] and not tl.active


def test_speed_is_read_every_frame_from_settings():
    speed = {"now": 1.0}
    tl = Timeline(speed=lambda: speed["now"])
    clip = tl.play(Clip(0.0, 1.0))
    tl.update(0.25)
    assert abs(clip.t - 0.25) < 1e-9
    speed["now"] = 2.0                                    # "fast" chosen in the pause menu
    tl.update(0.25)
    assert abs(clip.t - 0.75) < 1e-9
    speed["now"] = 0.0                                    # instant: everything ends at once
    tl.update(0.01)
    assert clip.done and not tl.active


def test_skip_ends_everything_and_fires_each_callback_once_even_chained():
    tl = Timeline()
    done: list[str] = []
    moved = {"x": 0.0}

    def collapse() -> None:                               # a fan that then collapses: a chained tween
        done.append("fan")
        tl.add(Tween(5.0, 9.0, 1.0, on_update=lambda v: moved.__setitem__("x", v),
                     on_done=lambda: done.append("pile")))
    tl.add(Tween(0.0, 5.0, 1.0, on_update=lambda v: moved.__setitem__("x", v), on_done=collapse))
    tl.play(Clip(0.5, 2.0, on_done=lambda: done.append("clip")))
    tl.skip()
    assert done == ["fan", "clip", "pile"] and moved["x"] == 9.0 and not tl.active
    tl.skip()
    assert done == ["fan", "clip", "pile"]


def test_bots_wait_for_blocking_clips_not_for_a_lingering_banner():
    tl = Timeline()
    banner = tl.play(Clip(0.0, 3.0, blocking=False))
    assert tl.active and not tl.blocking                 # a banner does not hold the next bot move
    glide = tl.play(Clip(0.0, 1.0))
    assert tl.blocking
    tl.skip(lingering=False)                             # a click: the move lands, the banner stays
    assert glide.done and not banner.done and not tl.blocking
    tl.update(3.0)
    assert not tl.active


def test_cancel_stops_without_callbacks_and_hidden_names_what_clips_draw():
    tl = Timeline()
    done: list[str] = []
    tl.play(Clip(0.0, 1.0, hides={"ship-1"}, on_done=lambda: done.append("x"), tag="move"))
    tl.play(Clip(0.0, 1.0, hides={"ship-2"}, tag="sink"))
    assert tl.hidden() == {"ship-1", "ship-2"}
    tl.cancel("move")
    assert done == [] and tl.hidden() == {"ship-2"} and tl.busy("sink") and not tl.busy("move")
    tl.cancel()
    assert not tl.active and tl.hidden() == set()


def test_draw_shows_started_clips_of_a_layer_only():
    surface = pygame.Surface((100, 20))
    tl = Timeline()
    tl.play(Dot(0.0, 1.0, layer="board"))
    later = tl.play(Dot(5.0, 1.0, layer="board"))
    tl.play(Dot(0.0, 1.0, layer="top"))
    tl.update(0.5)
    surface.fill((0, 0, 0))
    tl.draw(surface, "board")
    assert surface.get_at((50, 10))[:3] == (255, 255, 255)   # the first dot, halfway
    assert not later.started
    lit = sum(1 for x in range(100) if surface.get_at((x, 10))[:3] == (255, 255, 255))
    assert 0 < lit <= 8                                        # one dot: the later one has not started


def test_tail_is_when_everything_running_ends():
    tl = Timeline()
    assert tl.tail() == 0.0
    tl.play(Clip(0.5, 1.0))
    tl.add(Tween(0.0, 1.0, 2.0))
    tl.update(0.5)
    assert abs(tl.tail() - 1.5) < 1e-9
