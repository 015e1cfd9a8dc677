"""The mouse player of the race table (``scene.IslandRaceScene`` inherits this): their tiles go through the
shared drag-and-drop controller (``game.ui.dragdrop.DragController``), on the table's timeline.

The race picks a tile up on the press (``on_press``: Take, or Return then Take to swap the one in hand), and
the tile in hand then follows the pointer whether the button is held or not (the scene draws it there). The
drop targets are the cells of the mouse player's island and the pile; what a drop means follows the shared
table's contract (``drop_actions``: Place on a cell, R7; Return on the pile, R6), and every target's
``accepts`` is the table's ``drop_verdict``, which asks the engine: what lights is legal, a refusal is the
engine's reason (R7: "must touch", "already holds a tile"; R4: "taken by"; R13: Done already; S4: "wait for
Go!"). As the race takes a tile on the press, the verdict of a pile tile not in hand yet checks the whole
gesture (``press_actions``, then the drop) on a copy of the game. So:

- press on a pile tile and drag it onto a cell, or click it and then click a cell: placed; the water warning
  (``scene._try_place``) is an accepted drop too, the tile staying in hand until the second click there;
- a drop refused on a cell: the tile goes back to its slot (Return: its ``returned`` event glides it there)
  and the engine's reason shows; a click refused on a cell: the reason, the tile stays in hand;
- a click on the pile (not on another tile, which that click takes instead) or a drop on it: put back;
- let go anywhere else: the tile stays in hand, as after a click; a press anywhere else with a tile in hand
  drags that tile (``hand``);
- with nothing in hand, a press on an empty slot says why there is no tile to take (R4: taken by whom); a
  press on the pile or the island while the player may not act says why (Done, not started, over);
- a press on a pile tile refused (taken by someone, or a lesson's step that wants another gesture) and then
  dragged away: the reason again on release (said on the press, it may have faded while the pointer moved).

The controller does not glide anything itself (``glide=False``: the engine's ``returned`` event animates
the way back) and leaves the keys alone (the keyboard and the controllers play with their cursors,
``cursors``). Right click and the wheel turn, the middle button flips.
"""
from __future__ import annotations

from typing import Any

import pygame

from game.core.protocol import Action, Text
from game.ui.dragdrop import DragController, DropTarget

from game.games.island_race.pace import DRAG_THRESHOLD
from game.games.island_race.rules import Place, Return, Take

HAND = "hand"   # the payload of the tile in hand (a pile tile's is its slot)
PILE = "pile"   # the pile target's data (a cell's is its (row, col))


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
        """The pile and the mouse player's cells, where the layout puts them now; each accepts what the table's
        ``drop_verdict`` says (the engine's verdict)."""
        L = self.L
        targets = [self._target(L.pile.inflate(L.tile // 2, L.tile // 2), PILE)]
        box = L.islands.get(self.mouse_seat) if self.mouse_seat is not None else None
        if box is not None:
            targets += [self._target(box.cell_rect(row, col), (row, col))
                        for row in range(box.size) for col in range(box.size)]
        self.drag.set_targets(targets)

    def _target(self, rect: pygame.Rect, data: Any) -> DropTarget:
        target = DropTarget(rect, data=data)
        target._accepts = lambda payload, t=target: self.drop_verdict(payload, t)
        return target

    # What a drop means (the shared table's contract) ----------------------------------------------
    def _holding(self) -> bool:
        seat = self.mouse_seat
        return self.can_act(seat) and self.held(seat) is not None

    def press_actions(self, payload: Any) -> list[Action]:
        """What the press on ``payload`` plays before it is dropped anywhere: nothing for the tile in hand (or
        the pile tile that is that tile now); for another pile tile, Take (R4), after Return (R6) when a tile is
        in hand (a swap)."""
        seat = self.mouse_seat
        if seat is None or payload == HAND:
            return []
        r = self.round
        if r.hands[seat] is not None and r.hand_slot[seat] == payload:
            return []
        return ([Return(seat)] if r.hands[seat] is not None else []) + [Take(seat, payload)]

    def drop_actions(self, payload: Any, target: Any) -> list[Action]:
        """The tile in hand dropped on a cell is placed there (R7), on the pile put back (R6)."""
        seat = self.mouse_seat
        if seat is None:
            return []
        data = getattr(target, "data", None)
        return [Return(seat)] if data == PILE else [Place(seat, data)]

    def no_drop_reason(self, payload: Any, target: Any) -> Text:
        return Text.of("ir.reason.no_such_seat")  # only a table without a human: nobody drags there

    def _gesture(self, payload: Any, target: Any) -> list[Action]:
        return self.press_actions(payload) + self.drop_actions(payload, target)

    def drop_verdict(self, payload: Any, target: Any) -> bool | Text:
        """True when pressing ``payload`` and dropping it on ``target`` plays only legal actions, else the reason
        of the first one refused: the stage's (S4: not before "Go!"), then the engine's, each step checked on a
        copy of the game where the steps before it were played (the race takes a tile on the press)."""
        why = self._stage_reason()
        if why is not None:
            return why
        steps = self._gesture(payload, target)
        if not steps:
            return self.no_drop_reason(payload, target)
        state = self.state
        for i, action in enumerate(steps):
            why = state.check(action)
            if why is not None:
                return why
            if i + 1 < len(steps):
                if state is self.state:
                    state = state.clone()
                state.apply(action)
        return True

    def drop_action(self, payload: Any, target: Any) -> Action | None:
        """The first action of a legal gesture (the press's Take, or the drop's Place or Return), or None."""
        if self.drop_verdict(payload, target) is not True:
            return None
        return self._gesture(payload, target)[0]

    def drop_probes(self) -> list[tuple[Any, Any]]:
        """The tile in hand on every target (R3); with nothing in hand, every pile slot on every target, as the
        press takes it (R4)."""
        seat = self.mouse_seat
        targets = [t for t in self.drag.targets if t.visible]
        if seat is None:
            return []
        if self.held(seat) is not None:
            return [(HAND, t) for t in targets]
        return [(grip.payload, t) for grip in self.grips for t in targets]

    # The controller's hooks ------------------------------------------------------------------------
    def _pressed(self, payload: Any) -> bool:
        """A press on a pile tile takes it (R4: the engine may refuse, the reason is said); on the tile in hand,
        nothing yet."""
        if payload == HAND:
            return True
        self.refused_take = None
        taken = self._take(self.mouse_seat, payload)
        if not taken and self.refused_take is not None:   # a drag from here: said again on release
            self.refused_press = (self.refused_take, payload, tuple(self.mouse))
        self.refused_take = None
        return taken

    def _drop(self, payload: Any, target: DropTarget) -> bool | Text:
        """A drop, or a click with the tile in hand, on a target that accepts it: the table's ``drop_action``,
        played: on the pile put back; on a cell placed or warned (True either way), or the engine's reason."""
        action = self.drop_action(payload, target)
        if action is None:
            why = self.drop_verdict(payload, target)
            return why if isinstance(why, Text) else False
        if isinstance(action, Place):
            outcome = self._try_place(action.seat, action.cell)
            if isinstance(outcome, Text):
                return outcome                               # the engine's reason
            return outcome in ("placed", "warned")           # warned: still in hand, for the second click
        why = self.act(action)
        return True if why is None else why

    def _let_go(self, _payload: Any) -> None:
        """A drag ended without an accepted drop: refused over a target, the tile goes back to its slot; let go
        anywhere else, or forgotten (the pause, the round's end), it stays where the engine has it."""
        if not self._forgetting and self.drag.target_at(self.drag.mouse) is not None:
            self._return(self.mouse_seat, quiet=True)   # the drop's reason is the one said

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
        if seat is None:
            return
        if not self.can_act(seat):
            self._refuse_idle(event)   # R2, R13: Done (V3.3: finished) says so
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
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            refused, self.refused_press = self.refused_press, None
            if refused is not None and event.type == pygame.MOUSEBUTTONUP:
                self._drag_refused(refused, event.pos)
        self._sync_grips()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.drag.dragging is None:
            under = self.drag.draggable_at(event.pos)
            if under is not None and under is not self.hand_grip and self.drag.selected is not None:
                self.drag.select(None)   # a click on another pile tile takes it (a swap): no drop on the pile
            elif under is None and self.held(seat) is None:
                slot = self.L.slot_at(event.pos)
                if slot is not None and self.round.pile[slot] is None:   # R4: the engine says who took it
                    self._say(self.round.check(Take(seat, slot)) or Text.of("ir.reason.slot_empty"),
                              self.L.slots[slot].midtop)
                    return
        self.drag.handle(event)

    def _drag_refused(self, refused: tuple[Any, int, tuple[int, int]], pos: tuple[int, int]) -> None:
        """A press on a pile tile was refused (its reason said then), and the pointer was dragged away before
        the release: the reason again, now (its bubble may have faded while the learner watched the pointer)."""
        reason, slot, start = refused
        if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > self.drag.threshold:
            self._say(reason, self.L.slots[slot].midtop)

    def _refuse_idle(self, event: pygame.event.Event) -> None:
        """A press on the pile or the mouse player's island while they may not act: why (not before "Go!",
        the round over, Done already)."""
        seat = self.mouse_seat
        if seat is None or event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return
        if self.drag.target_at(event.pos) is not None:
            self._say(self._idle_reason(seat), event.pos)

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
