"""What the drag-and-drop tables of Planks and Spanish Main share on top of ``TableScene``: the viewer's state
(cached), a chooser's button playing its action, the drop sweep's probes, a drop played or a refusal toasted,
the pointer's hint over a target, the mouse given to the drag controller and its time (a refusal's reason fades), the end of the game (its panel first,
then the results once), the end panel's input and button as the focus point; and ``still_scene``, a table no
bot plays on (the bench's frames).

A scene using ``DragTable`` has a ``drag`` (``DragController``), a ``_sync_drag()``, a ``_chooser_for``, a
``target_says(action)``, ``_final_due`` and ``_results_shown`` flags and an ``ending`` panel with a ``visible``
flag, a ``hide()`` and a ``button``."""
from __future__ import annotations

from typing import Any, Callable

import pygame

from game.core.protocol import Action, Text
from game.i18n import tr
from game.ui.dragdrop import DropTarget


class DragTable:
    """Mixed in before ``TableScene``."""

    def viewed_state(self) -> Any:
        """The state as the seat on screen may see it (``State.view``), made again only when the state, its
        events or the viewer change."""
        state = self.state
        viewer = self.viewer()
        key = (id(state), len(state.events), viewer)
        if getattr(self, "_view_key", None) != key:
            self._view_key, self._view = key, state.view(viewer)
        return self._view

    def update(self, dt: float) -> None:
        super().update(dt)  # type: ignore[misc]
        self.drag.update(dt)                     # a refusal's reason by the pirate or ship fades, and goes

    def is_animating(self) -> bool:
        return super().is_animating() or self.drag.message_up  # type: ignore[misc]

    def after_action(self, action: Action) -> None:
        super().after_action(action)  # type: ignore[misc]
        self.drag.clear_message()              # a refusal's reason is about the table before this action

    def _choose(self, action: Action) -> None:
        self.close_chooser()
        self._chooser_for = None
        self.play(action)

    def drop_probes(self) -> list[tuple[Any, Any]]:
        if self.my_turn() is None:
            return []
        self._sync_drag()
        return [(self.drag.payload_of(s), t) for s in self.drag.draggables for t in self.drag.targets]

    def _on_drop(self, payload: Any, target: DropTarget) -> None:
        action = self.drop_action(payload, target)
        if action is not None:
            self.play(action)
        self.mark_dirty()

    def _on_reject(self, payload: Any, reason: Text | str | None) -> None:
        self.app.toast(tr(reason) if isinstance(reason, Text) else str(reason or ""))
        self.mark_dirty()

    def focus_point(self) -> tuple[int, int] | None:
        if self.ending.visible:
            return self.ending.button.rect.center
        return super().focus_point()  # type: ignore[misc]

    def _hint(self, payload: Any, target: Any) -> Text | str | None:
        """What the pointer says over a target while something is held: ``target_says`` of the drop's action."""
        action = self.drop_action(payload, target) if target is not None else None
        return None if action is None else self.target_says(action)

    def _handle_drag_event(self, event: pygame.event.Event, resync: bool,
                           may_cancel: Callable[[], bool] | None = None) -> None:
        """A mouse event for the drag controller, the table redrawn when it changed what is held, lit or carried;
        ``resync``: the tokens synced again after such a change. A left press on nothing puts down what is
        selected (when ``may_cancel()``, asked then)."""
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._sync_drag()
        before = (self.drag.selected, self.drag.dragging, self.drag.target_at(getattr(event, "pos", (0, 0))))
        handled = self.drag.handle(event)
        after = (self.drag.selected, self.drag.dragging, self.drag.target_at(getattr(event, "pos", (0, 0))))
        if resync and (before != after or handled):
            self._sync_drag()
        if handled or before != after or self.drag.dragging is not None:
            self.mark_dirty()
        if event.type == pygame.MOUSEBUTTONDOWN and not handled and event.button == 1 \
                and (may_cancel is None or may_cancel()):
            self.drag.cancel()

    def _handle_ending(self, event: pygame.event.Event, proceed: Callable[[], None]) -> bool:
        """While the end panel is up it takes the input: its button, Enter or Space (``proceed``), the menu
        button and the log. False when no panel is up."""
        if not self.ending.visible:
            return False
        if self.ending.button.handle(event):
            self.mark_dirty()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            proceed()
        if self.menu_button.handle(event) or self.logpanel.handle(event):
            self.mark_dirty()
        return True

    def show_results(self) -> None:
        """The game over: the game's end panel first (``_final_due``: the scene opens it once no clip blocks),
        until its button; after a lesson whose coach has said its last words, the results at once."""
        if self.coach is not None and self.coach.done:
            self._see_results()
            return
        if not self._results_shown and not self.ending.visible:
            self._final_due = True
            self.mark_dirty()

    def _see_results(self) -> None:
        """The results scene (``TableScene.show_results``), once; the end panel put away."""
        if self._results_shown:
            return
        self._results_shown = True
        self.ending.hide()
        super().show_results()  # type: ignore[misc]

    def ending_button(self) -> pygame.Rect | None:
        return pygame.Rect(self.ending.button.rect) if self.ending.visible else None


def still_scene(scene_cls: type) -> type:
    """``scene_cls`` with no bot playing on (bench only)."""
    return type(f"Still{scene_cls.__name__}", (scene_cls,), {"bot_due": lambda self: None,
                                                              "__doc__": "No bot plays on (bench only)."})
