"""What the drag-and-drop tables of Planks and Spanish Main share on top of ``TableScene``: the viewer's state
(cached), a chooser's button playing its action, the drop sweep's probes, a drop played or a refusal toasted,
the end panel's button as the focus point; and ``still_scene``, a table no bot plays on (the bench's frames).

A scene using ``DragTable`` has a ``drag`` (``DragController``), a ``_sync_drag()``, a ``_chooser_for`` and an
``ending`` panel with a ``visible`` flag and a ``button``."""
from __future__ import annotations

from typing import Any

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


def still_scene(scene_cls: type) -> type:
    """``scene_cls`` with no bot playing on (bench only)."""
    return type(f"Still{scene_cls.__name__}", (scene_cls,), {"bot_due": lambda self: None,
                                                              "__doc__": "No bot plays on (bench only)."})
