"""Drag-and-drop for any sprite with a ``rect``, with click and keyboard alternatives.

- Press on a draggable and move more than ``threshold`` px: a drag starts (a press and release without
  moving is a click). The sprite follows the pointer. Only MOUSEBUTTONDOWN/MOTION/UP are used, so
  touchpads and touch screens (which SDL turns into mouse events) work the same.
- While a payload is held (dragged or selected by a click) every target whose ``accepts(payload)`` is
  True glows gold; ``hint(payload, target_or_None)`` may return a short text shown by the pointer.
- Release over a legal target: ``on_drop(payload, target)``. It may refuse by returning False or a
  Text, or by raising IllegalAction; then, as for an illegal target, the sprite glides back to where
  it came from and the reason is shown (a bubble by the sprite and, if given, a toast).
- Click a draggable (it is selected, targets light up), then click a target: same as a drop.
- Keyboard: Left/Right ``select_next``, Up/Down ``focus_next_target``, Enter/Space
  ``drop_on_focused``, Escape ``cancel`` (or call these methods from the scene's own keys).
- Games whose pieces are picked up by the rules (a race that takes a tile from the pile on press) give
  ``on_press(payload)``: called on the press, it may refuse (False or a Text: nothing is held, the reason is
  shown); ``on_return(payload)``: called when a drag ends without an accepted drop (a drop nowhere, a refusal,
  Escape); ``glide=False`` when the game animates the way back itself (from its engine's events).
All timing runs on the scene's timeline (``tweener``: the table's ``Timeline``), never on a wall clock.

Target protocol: an object with ``rect`` and ``accepts(payload) -> bool | Text`` where True means
legal, False illegal, and a Text illegal *with this reason* (shown when the player tries anyway).
``DropTarget`` is a ready-made one around a rect and a function.

Draw order in a scene: ``draw_targets`` (under the sprites), the sprites except ``held``, then
``draw_overlay`` (the held sprite on top, the hint and the reason). ``draw`` does both.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

import pygame

from game.core.protocol import IllegalAction, Text
from game.ui import palette, sound, theme
from game.ui import tween as tw
from game.ui.timeline import Timeline
from game.ui.widgets import ToastStack, draw_bubble

Verdict = bool | Text
_UNSET = object()


class DropTarget:
    """A drop target: ``rect`` plus ``accepts(payload) -> bool | Text`` (None accepts everything).
    ``data`` is free for the scene (e.g. the pile or the board square this target stands for)."""

    def __init__(self, rect: pygame.Rect, accepts: Callable[[Any], Verdict] | None = None, *,
                 data: Any = None, radius: int = 12):
        # a Rect subclass (a diamond-shaped hit test, a board square) is kept as given; anything else is copied
        self.rect = rect if isinstance(rect, pygame.Rect) and type(rect) is not pygame.Rect else pygame.Rect(rect)
        self._accepts = accepts
        self.data = data
        self.radius = radius
        self.visible = True

    def accepts(self, payload: Any) -> Verdict:
        return True if self._accepts is None else self._accepts(payload)

    def __repr__(self) -> str:
        return f"DropTarget({self.rect}, data={self.data!r})"


def verdict(target: Any, payload: Any) -> tuple[bool, Text | str | None]:
    """(legal, reason) for ``payload`` on ``target``."""
    try:
        res = target.accepts(payload)
    except IllegalAction as exc:
        return False, exc.reason
    if isinstance(res, (Text, str)):
        return False, res
    return bool(res), None


class DragController:
    """See the module docstring. ``tweener``: share the scene's (else the controller owns one and
    ``update`` runs it). ``toasts``: where refusal reasons are also pushed. ``keys``: handle the
    arrow/Enter/Escape keys itself."""

    MESSAGE_TIME = 2.5

    def __init__(self, on_drop: Callable[[Any, Any], Any], *, tweener: tw.Tweener | None = None,
                 hint: Callable[[Any, Any], Text | str | None] | None = None, toasts: ToastStack | None = None,
                 threshold: int = 6, keys: bool = True, glide_time: float = 0.25,
                 on_select: Callable[[Any], Any] | None = None,
                 on_reject: Callable[[Any, Text | str | None], Any] | None = None,
                 on_press: Callable[[Any], Any] | None = None, on_return: Callable[[Any], Any] | None = None,
                 glide: bool = True):
        self.on_drop = on_drop
        self._own_tweener = tweener is None
        self.tweener = tweener if tweener is not None else Timeline()  # a table passes its own
        self.hint = hint
        self.toasts = toasts
        self.threshold = threshold
        self.keys = keys
        self.glide_time = glide_time
        self.on_select = on_select
        self.on_reject = on_reject
        self.on_press = on_press
        self.on_return = on_return
        self.glide = glide
        self._draggables: list[tuple[Any, Any]] = []
        self.targets: list[Any] = []
        self._press: tuple[Any, tuple[int, int], tuple[int, int]] | None = None
        self.dragging: Any = None       # the sprite being dragged now
        self.held: Any = None           # dragged or gliding back: draw it on top
        self.origin: tuple[int, int] | None = None
        self.selected: Any = None       # click / keyboard selection
        self.focused_target: Any = None  # keyboard target
        self.mouse: tuple[int, int] = (0, 0)
        self.message: Text | str | None = None
        self._message_pos: tuple[int, int] = (0, 0)
        self._message_left = 0.0
        self._legal_cache: tuple[Any, list[Any]] | None = None

    # Registration -------------------------------------------------------------------------------
    def add_draggable(self, sprite: Any, payload: Any = _UNSET) -> None:
        """Register ``sprite`` (later ones are on top); payload defaults to ``sprite.payload`` or the sprite."""
        if payload is _UNSET:
            payload = getattr(sprite, "payload", None)
            payload = sprite if payload is None else payload
        self._draggables = [(s, p) for s, p in self._draggables if s is not sprite]  # the selection stays
        self._draggables.append((sprite, payload))
        self._legal_cache = None

    def set_draggables(self, sprites: Iterable[Any]) -> None:
        self._draggables = []
        for s in sprites:
            self.add_draggable(s)
        if self.selected is not None and not any(s is self.selected for s, _ in self._draggables):
            self._set_selected(None)

    def remove_draggable(self, sprite: Any) -> None:
        self._draggables = [(s, p) for s, p in self._draggables if s is not sprite]
        if self.selected is sprite:
            self._set_selected(None)

    def add_target(self, target: Any) -> Any:
        self.targets.append(target)
        self._legal_cache = None
        return target

    def set_targets(self, targets: Iterable[Any]) -> None:
        self.targets = list(targets)
        self._legal_cache = None
        if self.focused_target is not None and self.focused_target not in self.targets:
            self.focused_target = None

    def refresh(self) -> None:
        """Forget cached legality (call after the game state changed)."""
        self._legal_cache = None

    @property
    def draggables(self) -> list[Any]:
        return [s for s, _ in self._draggables]

    def payload_of(self, sprite: Any) -> Any:
        for s, p in self._draggables:
            if s is sprite:
                return p
        return None

    # Queries --------------------------------------------------------------------------------------
    @property
    def holding(self) -> Any:
        """The sprite whose payload is in hand (dragged or selected), or None."""
        return self.dragging if self.dragging is not None else self.selected

    def legal_targets(self, payload: Any = _UNSET) -> list[Any]:
        if payload is _UNSET:
            sprite = self.holding
            if sprite is None:
                return []
            payload = self.payload_of(sprite)
            if payload is None:                # a sprite the table has just replaced: nothing of it is legal
                return []
            if self._legal_cache is not None and self._legal_cache[0] is sprite:
                return self._legal_cache[1]
            legal = [t for t in self.targets if getattr(t, "visible", True) and verdict(t, payload)[0]]
            self._legal_cache = (sprite, legal)
            return legal
        return [t for t in self.targets if getattr(t, "visible", True) and verdict(t, payload)[0]]

    def target_at(self, pos: tuple[int, int]) -> Any:
        for t in reversed(self.targets):
            if getattr(t, "visible", True) and t.rect.collidepoint(pos):
                return t
        return None

    def draggable_at(self, pos: tuple[int, int]) -> Any:
        for s, _ in reversed(self._draggables):
            if getattr(s, "visible", True) and getattr(s, "draggable", True) and s.rect.collidepoint(pos):
                return s
        return None

    def clear_message(self) -> None:
        """The refusal's reason goes at once (the game moved on: a move was played, the turn passed)."""
        self.message, self._message_left = None, 0.0

    @property
    def message_up(self) -> bool:
        """True while a refusal's reason is shown by the sprite (it fades in ``update``)."""
        return self._message_left > 0

    @property
    def active(self) -> bool:
        """True while something moves or shows (the app should keep redrawing)."""
        return (self.held is not None or self._message_left > 0 or
                (self._own_tweener and self.tweener.active))

    # Actions --------------------------------------------------------------------------------------
    def _set_selected(self, sprite: Any) -> None:
        if self.selected is not None and hasattr(self.selected, "selected"):
            self.selected.selected = False
        self.selected = sprite
        self._legal_cache = None
        if sprite is not None:
            if hasattr(sprite, "selected"):
                sprite.selected = True
            if self.on_select:
                self.on_select(self.payload_of(sprite))
        else:
            self.focused_target = None

    def select(self, sprite: Any) -> None:
        """Select a draggable (click alternative); None clears."""
        self._set_selected(sprite)

    def cancel(self) -> None:
        """Drop nothing: clear the selection (and end a drag by gliding back)."""
        if self.dragging is not None:
            self._glide_back(self.dragging)
        self._press = None
        self._set_selected(None)

    def select_next(self, step: int = 1) -> Any:
        """Select the next (or previous) draggable, wrapping; returns it."""
        cands = [s for s, _ in self._draggables if getattr(s, "visible", True) and getattr(s, "draggable", True)]
        if not cands:
            return None
        if self.selected in cands:
            i = (cands.index(self.selected) + step) % len(cands)
        else:
            i = 0 if step > 0 else len(cands) - 1
        self._set_selected(cands[i])
        return self.selected

    def focus_next_target(self, step: int = 1) -> Any:
        """Move keyboard focus among the legal targets (all targets when none is legal)."""
        cands = self.legal_targets() or [t for t in self.targets if getattr(t, "visible", True)]
        if not cands:
            return None
        if self.focused_target in cands:
            i = (cands.index(self.focused_target) + step) % len(cands)
        else:
            i = 0 if step > 0 else len(cands) - 1
        self.focused_target = cands[i]
        return self.focused_target

    def drop_on_focused(self) -> bool:
        """Drop the selected payload on the focused target; True if it was accepted."""
        if self.selected is None or self.focused_target is None:
            return False
        return self.try_drop(self.selected, self.focused_target)

    def _offer(self, sprite: Any, target: Any) -> tuple[bool, Any, Text | str | None]:
        """Check legality and call on_drop; (accepted, payload, reason)."""
        payload = self.payload_of(sprite)
        legal, reason = verdict(target, payload)
        if legal:
            try:
                res = self.on_drop(payload, target)
            except IllegalAction as exc:
                return False, payload, exc.reason
            if res is False or isinstance(res, (Text, str)):
                return False, payload, (res if res is not False else None)
            self._legal_cache = None
        return legal, payload, reason

    def try_drop(self, sprite: Any, target: Any) -> bool:
        """Offer ``sprite``'s payload to ``target``: on_drop if legal, else refuse with the reason. A sprite the
        table replaced while it was held (its payload gone) is put down quietly: it means nothing now."""
        if sprite not in self.draggables:
            self.cancel()
            return False
        accepted, payload, reason = self._offer(sprite, target)
        if accepted:
            self._set_selected(None)
            return True
        self._reject(sprite, payload, reason, target)
        return False

    def _reject(self, sprite: Any, payload: Any, reason: Text | str | None, target: Any) -> None:
        if reason is None:
            reason = Text.of("ui.drag.not_here")
        self.show_message(reason, target.rect.center if target is not None else sprite.rect.center)
        sound.play("error")
        if self.on_reject:
            self.on_reject(payload, reason)

    def show_message(self, text: Text | str, pos: tuple[int, int]) -> None:
        """Show a short message (a refusal reason) by ``pos`` and in the toasts if any."""
        self.message = text
        self._message_pos = pos
        self._message_left = self.MESSAGE_TIME
        if self.toasts is not None:
            self.toasts.push(text, 3.0, "error")

    def _glide_back(self, sprite: Any) -> None:
        origin = self.origin
        self.dragging = None
        if hasattr(sprite, "dragging"):
            sprite.dragging = False
        if self.on_return is not None:
            self.on_return(self.payload_of(sprite))
        if origin is None or not self.glide:
            self.held = None
            return
        self.held = sprite

        def done() -> None:
            if self.held is sprite:
                self.held = None

        tw.move(self.tweener, sprite, origin, self.glide_time, "ease_out_cubic", on_done=done)

    def _start_drag(self, sprite: Any, offset: tuple[int, int]) -> None:
        self.tweener.finish_all(("move", id(sprite)))
        if self.selected is not None and self.selected is not sprite:
            self._set_selected(None)
        if self.selected is sprite:
            self.selected = None
            if hasattr(sprite, "selected"):
                sprite.selected = False
        self.dragging = sprite
        self.held = sprite
        self.origin = tuple(sprite.rect.topleft)
        self._legal_cache = None
        if hasattr(sprite, "dragging"):
            sprite.dragging = True
        self._offset = offset

    # Events ---------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        et = event.type
        if et == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self._press is not None and self.dragging is None:
                sprite, start, offset = self._press
                if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > self.threshold:
                    self._start_drag(sprite, offset)
            if self.dragging is not None:
                self.dragging.rect.topleft = (event.pos[0] + self._offset[0], event.pos[1] + self._offset[1])
                return True
            return False
        if et == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if self.held is not None and self.dragging is None:  # a glide still running: end it now
                self.tweener.finish_all(("move", id(self.held)))
                self.held = None
            if self.selected is not None:
                target = self.target_at(event.pos)
                if target is not None and (verdict(target, self.payload_of(self.selected))[0]
                                           or self.draggable_at(event.pos) is None):
                    self.try_drop(self.selected, target)
                    return True
            sprite = self.draggable_at(event.pos)
            if sprite is not None and self.on_press is not None:
                answer = self.on_press(self.payload_of(sprite))
                if answer is False or isinstance(answer, (Text, str)):
                    if isinstance(answer, (Text, str)):
                        self.show_message(answer, sprite.rect.center)
                        sound.play("error")
                    return True
            if sprite is not None:
                self._press = (sprite, event.pos, (sprite.rect.x - event.pos[0], sprite.rect.y - event.pos[1]))
                return True
            if self.selected is not None:
                self._set_selected(None)
            return False
        if et == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            press, self._press = self._press, None
            if self.dragging is not None:
                sprite = self.dragging
                target = self.target_at(event.pos)
                if target is None or sprite not in self.draggables:   # (a sprite the table replaced: nothing)
                    self._glide_back(sprite)
                    return True
                accepted, payload, reason = self._offer(sprite, target)
                if accepted:
                    self.dragging = None
                    self.held = None
                    if hasattr(sprite, "dragging"):
                        sprite.dragging = False
                    self._legal_cache = None
                else:
                    self._glide_back(sprite)
                    self._reject(sprite, payload, reason, target)
                return True
            if press is not None:
                sprite = press[0]
                self._set_selected(None if self.selected is sprite else sprite)
                return True
            return False
        if et == pygame.KEYDOWN and self.keys:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.select_next(-1 if event.key == pygame.K_LEFT else 1)
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN) and self.selected is not None:
                self.focus_next_target(-1 if event.key == pygame.K_UP else 1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.selected is not None:
                if self.focused_target is None:
                    self.focus_next_target(1)
                else:
                    self.drop_on_focused()
                return True
            if event.key == pygame.K_ESCAPE and (self.selected is not None or self.dragging is not None):
                self.cancel()
                return True
        return False

    def update(self, dt: float) -> None:
        if self._own_tweener:
            self.tweener.update(dt)
        if self._message_left > 0:
            self._message_left = max(0.0, self._message_left - dt)
            if self._message_left == 0:
                self.message = None

    # Drawing --------------------------------------------------------------------------------------
    def draw_targets(self, surface: pygame.Surface) -> None:
        """Glows under the sprites: legal targets gold, the one under the pointer brighter, an illegal
        one under a dragged sprite red, the keyboard-focused one with a white edge."""
        holding = self.holding
        if holding is None:
            return
        legal = self.legal_targets()
        under = self.target_at(self.mouse) if self.dragging is not None else None
        for t in legal:
            radius = getattr(t, "radius", 12)
            theme.draw_glow(surface, t.rect, palette.HIGHLIGHT, theme.px(14 if t is under else 9), radius)
        if under is not None and under not in legal:
            theme.draw_glow(surface, under.rect, palette.DANGER, theme.px(9), getattr(under, "radius", 12))
        if self.focused_target is not None:
            r = self.focused_target.rect.inflate(theme.px(6), theme.px(6))
            pygame.draw.rect(surface, palette.WHITE, r, width=max(2, theme.px(3)),
                             border_radius=getattr(self.focused_target, "radius", 12))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """The held sprite on top, the hint by the pointer, and the refusal reason."""
        if self.held is not None and hasattr(self.held, "draw"):
            self.held.draw(surface)
        if self.dragging is not None and self.hint is not None:
            text = self.hint(self.payload_of(self.dragging), self.target_at(self.mouse))
            if text:
                top = self.dragging.rect.midtop
                draw_bubble(surface, theme.text_of(text), (top[0], top[1] - theme.px(14)), size=16,
                            stripe=palette.GOLD, anchor="midbottom")
        if self.message is not None and self._message_left > 0 and self.toasts is None:
            alpha = int(255 * min(1.0, self._message_left / 0.4))
            draw_bubble(surface, theme.text_of(self.message), self._message_pos, size=17, alpha=alpha,
                        stripe=palette.DANGER, anchor="midbottom")

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_targets(surface)
        self.draw_overlay(surface)
