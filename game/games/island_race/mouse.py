"""The mouse player of the race table (``scene.IslandRaceScene`` inherits this): their tiles go through the
shared drag-and-drop controller (``game.ui.dragdrop.DragController``), on the table's timeline.

The race picks a tile up on the press (``on_press``: Take, or Return then Take to swap the one in hand), and
the tile in hand then follows the pointer whether the button is held or not (the scene draws it there). The
drop targets are the cells of the mouse player's island, whose ``accepts`` asks the engine
(``round.check(Place)``), and the pile, where a drop puts the tile back (Return). So:

- press on a pile tile and drag it onto a cell, or click it and then click a cell: placed; the water warning
  (``scene._try_place``) is an accepted drop too, the tile staying in hand until the second click there;
- a drop refused on a cell: the tile goes back to its slot (Return: its ``returned`` event glides it there)
  and the engine's reason shows; a click refused on a cell: the reason, the tile stays in hand;
- a click on the pile (not on another tile, which that click takes instead) or a drop on it: put back;
- let go anywhere else: the tile stays in hand, as after a click; a press anywhere else with a tile in hand
  drags that tile (``hand``).

The controller does not glide anything itself (``glide=False``: the engine's ``returned`` event animates
the way back) and leaves the keys alone (the keyboard and the controllers play with their cursors,
``cursors``). Right click and the wheel turn, the middle button flips.
"""
from __future__ import annotations

from typing import Any

import pygame

from game.core.protocol import Text
from game.ui.dragdrop import DragController, DropTarget

from game.games.island_race.pace import DRAG_THRESHOLD
from game.games.island_race.rules import Place

HAND = "hand"   # the payload of the tile in hand (a pile tile's is its slot)


class Grip:
    """What the controller hit-tests and drags: a pile tile, or the tile in the mouse player's hand."""

    def __init__(self, payload: Any, rect: pygame.Rect | tuple[int, int, int, int]):
        self.payload = payload
        self.rect = pygame.Rect(rect)
        self.visible = True
        self.draggable = True


class MouseInput:
    """Mixed into the race scene: the mouse player's drag and drop, clicks, right click, wheel."""

    def _start_mouse(self) -> None:
        self.grips = [Grip(slot, rect) for slot, rect in enumerate(self.L.slots)]
        self.hand_grip = Grip(HAND, (0, 0, 1, 1))
        self._forgetting = False
        self.drag = DragController(self._drop, tweener=self.timeline, threshold=DRAG_THRESHOLD, keys=False,
                                   on_press=self._pressed, on_return=self._let_go, glide=False)
        self.drag.set_draggables([self.hand_grip, *self.grips])   # the pile's tiles over the tile in hand
        self._place_targets()

    def _place_targets(self) -> None:
        """The pile and the mouse player's cells, where the layout puts them now."""
        L = self.L
        targets = [DropTarget(L.pile.inflate(L.tile // 2, L.tile // 2), self._pile_accepts)]
        box = L.islands.get(self.mouse_seat) if self.mouse_seat is not None else None
        if box is not None:
            targets += [DropTarget(box.cell_rect(row, col), lambda _p, cell=(row, col): self._cell_accepts(cell),
                                   data=(row, col)) for row in range(box.size) for col in range(box.size)]
        self.drag.set_targets(targets)

    # What the targets accept ---------------------------------------------------------------------
    def _holding(self) -> bool:
        seat = self.mouse_seat
        return self.can_act(seat) and self.held(seat) is not None

    def _cell_accepts(self, cell: tuple[int, int]) -> bool | Text:
        """R7: the engine says where the held tile may go (True), or why not."""
        if not self._holding():
            return False
        reason = self.round.check(Place(self.mouse_seat, cell))
        return True if reason is None else reason

    def _pile_accepts(self, _payload: Any) -> bool:
        """The pile takes the tile back; a click on another pile tile is that tile's (a swap), not a drop."""
        if not self._holding():
            return False
        if self.drag.dragging is not None:
            return True
        slot = self.L.slot_at(self.mouse)
        return slot is None or self.round.pile[slot] is None

    # The controller's hooks ------------------------------------------------------------------------
    def _pressed(self, payload: Any) -> bool:
        """A press on a pile tile takes it (R4: the engine may refuse, the reason is said); on the tile in hand,
        nothing yet."""
        if payload == HAND:
            return True
        return self._take(self.mouse_seat, payload)

    def _drop(self, _payload: Any, target: DropTarget) -> bool | Text:
        """A drop, or a click with the tile in hand, on a target that accepts it: the pile puts it back; a cell
        places it or warns (True either way), or the engine refuses it with its reason."""
        seat = self.mouse_seat
        if target.data is None:
            self._return(seat)
            return True
        outcome = self._try_place(seat, target.data)
        if isinstance(outcome, Text):
            return outcome                               # the engine's reason
        return outcome in ("placed", "warned")           # warned: still in hand, for the second click

    def _let_go(self, _payload: Any) -> None:
        """A drag ended without an accepted drop: refused over a target, the tile goes back to its slot; let go
        anywhere else, or forgotten (the pause, the round's end), it stays where the engine has it."""
        if not self._forgetting and self.drag.target_at(self.drag.mouse) is not None:
            self._return(self.mouse_seat)

    def _forget_drag(self) -> None:
        """Forget a press or a drag in progress (no action: the tile in hand stays in hand)."""
        self._forgetting = True
        try:
            self.drag.cancel()
        finally:
            self._forgetting = False

    # Events ---------------------------------------------------------------------------------------
    def _handle_mouse(self, event: pygame.event.Event) -> None:
        seat = self.mouse_seat
        if seat is None or not self.can_act(seat):
            return
        if event.type == pygame.MOUSEWHEEL:
            if self.held(seat) is not None:
                self._turn(seat, 1 if event.y < 0 else -1)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (2, 3):
            if event.button == 3:
                self._turn(seat, 1)
            else:
                self._flip(seat)
            return
        self._sync_grips()
        self.drag.handle(event)

    def _sync_grips(self) -> None:
        """Before each mouse event: the grips where the tiles are, and the controller's selection is the tile
        the engine says is in hand (taken by a click, by the keyboard, or still there after a warning)."""
        drag, r = self.drag, self.round
        for grip in self.grips:
            if grip is not drag.dragging:
                grip.rect = self.L.slots[grip.payload].copy()
            grip.draggable = r.pile[grip.payload] is not None
        hand = self.hand_grip
        holding = self._holding()
        hand.visible = holding
        if hand is not drag.dragging:
            hand.rect = pygame.Rect(self.mouse, (1, 1))
            hand.draggable = drag.target_at(self.mouse) is None   # on a cell or the pile, a click is theirs
        want = hand if holding else None
        if drag.dragging is None and drag.selected is not want:
            drag.select(want)
        drag.refresh()
