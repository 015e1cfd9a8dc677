"""The cursor players of the race table (``scene.IslandRaceScene`` inherits this): the keyboard player and
one player per game controller, each with their own cursor over the pile and their own island.

Keyboard: arrows move the cursor, Enter takes and places, R/F turn (Shift+R the other way) and flip,
Tab switches between the pile and the island, Backspace puts the tile back, D declares Done. A
controller does the same with its own buttons (``pads`` has the mapping). Pausing stays on Esc.

Controllers: the third human plays with controller 1, the fourth with controller 2 (in the order the
devices were connected when the race opened). A controller unplugged mid-race puts its player's held tile
back, and the table says so over that island until a controller is plugged in again, which the waiting
player then gets (the same model first). A controller nobody waits for is left alone.
"""
from __future__ import annotations

from dataclasses import dataclass
import pygame

from game.core.protocol import Text
from game.i18n import tr

from game.games.island_race import layout as geo
from game.games.island_race.pace import PAD_NOTICE
from game.games.island_race.pads import (BACK, DONE, FLIP, MOVES, SWITCH, TAKE, TURN_LEFT, TURN_RIGHT, PadBank,
                                         PadSeat, PadSeats, device_count)
from game.games.island_race.rules import Done, Place, Return, Stop, Take

PAD_EVENTS = (pygame.JOYAXISMOTION, pygame.JOYHATMOTION, pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP,
              pygame.JOYBALLMOTION, pygame.JOYDEVICEADDED, pygame.JOYDEVICEREMOVED)


@dataclass
class Cursor:
    """Where one cursor player points: a pile slot, or a cell of their island."""

    zone: str = "pile"
    slot: int = 0
    cell: tuple[int, int] = (1, 1)


class CursorInput:
    """Mixed into the race scene: the keyboard's and the controllers' cursors and what their keys do."""

    # Set up -----------------------------------------------------------------------------------------
    def _start_cursors(self, humans: list[int]) -> None:
        self.kcursor = Cursor()
        self.pad_seats = PadSeats(humans[2:])
        self.pad_cursors = {ps.seat: Cursor() for ps in self.pad_seats.seats}
        self.pad_notice: dict[int, float] = {}     # seat -> seconds "controller n is back" stays up
        self.pads = PadBank()
        if self.pad_seats.seats:
            self.pads.start()
            self.pad_seats.claim(self.pads.ordered())

    def pad_seat_list(self) -> list[int]:
        return [ps.seat for ps in self.pad_seats.seats]

    def input_seats(self) -> list[int]:
        """Every seat played at this computer: the mouse's, the keyboard's and the controllers'."""
        out = [s for s in (self.mouse_seat, self.key_seat) if s is not None]
        return list(dict.fromkeys(out + self.pad_seat_list()))

    def input_label(self, seat: int) -> str:
        """"mouse", "keyboard", "controller 1": how this seat plays, when several people share the table."""
        if len(self.input_seats()) < 2:
            return ""
        ps = self.pad_seats.for_seat(seat)
        if ps is not None:
            return tr("ir.ui.by_pad", n=ps.number)
        if seat == self.mouse_seat:
            return tr("ir.ui.by_mouse")
        if seat == self.key_seat:
            return tr("ir.ui.by_keys")
        return ""

    def pad_gone(self, seat: int) -> PadSeat | None:
        """The controller seat ``seat`` waits for (unplugged, or never connected), else None."""
        ps = self.pad_seats.for_seat(seat)
        return ps if ps is not None and not ps.connected else None

    # The keyboard cursor (kept as attributes for the rest of the scene and the tests) ------------------
    @property
    def kzone(self) -> str:
        return self.kcursor.zone

    @kzone.setter
    def kzone(self, value: str) -> None:
        self.kcursor.zone = value

    @property
    def kslot(self) -> int:
        return self.kcursor.slot

    @kslot.setter
    def kslot(self, value: int) -> None:
        self.kcursor.slot = value

    @property
    def kcell(self) -> tuple[int, int]:
        return self.kcursor.cell

    @kcell.setter
    def kcell(self, value: tuple[int, int]) -> None:
        self.kcursor.cell = value

    def cursor_of(self, seat: int) -> Cursor:
        return self.pad_cursors.get(seat, self.kcursor)

    def _cursor_rect(self, seat: int) -> pygame.Rect:
        cur = self.cursor_of(seat)
        if cur.zone == "grid" and seat in self.L.islands:
            return self.L.islands[seat].cell_rect(*cur.cell)
        return self.L.slots[cur.slot]

    def _reset_cursors(self) -> None:
        for cur in [self.kcursor, *self.pad_cursors.values()]:
            cur.zone = "pile"

    # What a cursor does ----------------------------------------------------------------------------------
    def _move_cursor(self, seat: int, cur: Cursor, dx: int, dy: int) -> None:
        if cur.zone == "pile":
            r, c = divmod(cur.slot, geo.PILE_COLS)
            cur.slot = ((r + dy) % geo.PILE_ROWS) * geo.PILE_COLS + (c + dx) % geo.PILE_COLS
        else:
            n = self.round.size
            cur.cell = ((cur.cell[0] + dy) % n, (cur.cell[1] + dx) % n)

    def _switch_zone(self, seat: int, cur: Cursor | None = None) -> None:
        cur = cur or self.cursor_of(seat)
        cur.zone = "grid" if cur.zone == "pile" else "pile"
        if cur.zone == "grid":
            legal = self.round.legal_cells(seat)
            if legal and cur.cell not in legal:
                cur.cell = min(legal, key=lambda c: abs(c[0] - cur.cell[0]) + abs(c[1] - cur.cell[1]))

    def _cursor_press(self, seat: int, cur: Cursor) -> None:
        """Enter or A: take the tile under the cursor, put the held one back on its empty slot, or place."""
        r = self.round
        if cur.zone == "pile":
            slot = cur.slot
            if r.pile[slot] is not None:
                if self._take(seat, slot):
                    self._switch_zone(seat, cur)
            elif self.held(seat) is not None:
                self._return(seat)
            else:  # R4: the engine says why (the slot is empty, or taken by someone)
                reason = r.check(Take(seat, slot))
                if reason is not None:
                    self._say(reason, self.L.slots[slot].midtop)
        else:
            if self.held(seat) is None:  # R7: the engine's reason, as for the mouse's drop with nothing in hand
                self._say(r.check(Place(seat, cur.cell)) or Text.of("ir.reason.take_first"),
                          self._cursor_rect(seat).midtop)
                return
            if self._place(seat, cur.cell, self._cursor_rect(seat).midtop) == "placed":
                cur.zone = "pile"

    # Keyboard --------------------------------------------------------------------------------------------
    def _handle_key(self, event: pygame.event.Event) -> None:
        seat = self.key_seat
        key = event.key
        if seat is None:
            return
        if not self.can_act(seat):
            self._refuse_idle_key(event)   # R2, R13: Done (V3.3: finished) says so
            return
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            self.keys_used = True
            self._mouse_mode = False
        if key == pygame.K_r:
            self._turn(seat, -1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key == pygame.K_f:
            self._flip(seat)
        elif key == pygame.K_BACKSPACE:
            self._return(seat)
        elif key == pygame.K_d:
            self._done(seat)
        elif key == pygame.K_TAB:
            self._switch_zone(seat, self.kcursor)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            dx = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(key, 0)
            dy = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(key, 0)
            self._move_cursor(seat, self.kcursor, dx, dy)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._key_enter(seat)

    def _refuse_idle_key(self, event: pygame.event.Event) -> None:
        """Enter, Space or D while the keyboard player may not act: why (not before "Go!", the round over,
        Done already), as the mouse's press says it."""
        seat = self.key_seat
        if seat is None or event.key not in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_d):
            return
        where = self._cursor_rect(seat).midtop if self.keys_used else self.done_button.rect.midtop
        self._say(self._idle_reason(seat), where)

    def _key_enter(self, seat: int) -> None:
        r = self.round
        done = Done(seat)
        if self.held(seat) is None and r.is_legal(done):  # R13: the engine says when Done is legal
            self._done(seat)
            return
        if not self.keys_used:  # Enter from a mouse player: Done only
            reason = r.check(done)
            if reason is not None:
                self._say(reason, self.done_button.rect.midtop)
            return
        self._cursor_press(seat, self.kcursor)

    # Controllers -----------------------------------------------------------------------------------------
    def _handle_pad_event(self, event: pygame.event.Event) -> None:
        """Device events at any time; a controller's buttons and directions while the race runs (A or
        Start also moves the scoring on)."""
        if event.type == pygame.JOYDEVICEADDED:
            self._pad_added(getattr(event, "device_index", getattr(event, "which", -1)))
            return
        if event.type == pygame.JOYDEVICEREMOVED:
            self._pad_removed(getattr(event, "instance_id", getattr(event, "which", -1)))
            return
        for iid, command in self.pads.handle(event):
            seat = self.pad_seats.seat_of(iid)
            if seat is None:
                continue
            if self.stage == "scoring":
                if command in (TAKE, DONE):
                    self._scoring_press()
                continue
            self._pad_command(seat, command)

    def _pad_command(self, seat: int, command: str) -> None:
        if not self.can_act(seat):
            if command in (TAKE, DONE):  # why not now: before "Go!" (S4), Done already (R13), over (R17)
                self._say(self._idle_reason(seat), self._cursor_rect(seat).midtop)
            return
        cur = self.cursor_of(seat)
        if command in MOVES:
            self._move_cursor(seat, cur, *MOVES[command])
        elif command == TAKE:
            self._cursor_press(seat, cur)
        elif command == BACK:
            self._return(seat)
        elif command in (TURN_LEFT, TURN_RIGHT):
            self._turn(seat, -1 if command == TURN_LEFT else 1)
        elif command == FLIP:
            self._flip(seat)
        elif command == SWITCH:
            self._switch_zone(seat, cur)
        elif command == DONE:
            where = self.L.islands[seat].header.midtop if seat in self.L.islands else None
            if self.round.is_legal(Stop(seat)):  # V3.3: Stop in the last-tile phase, else Done
                self._stop(seat, where)
            else:
                self._done(seat, where)

    def _update_pads(self, dt: float) -> None:
        for iid, command in self.pads.update(dt):
            seat = self.pad_seats.seat_of(iid)
            if seat is not None and self.stage == "play":
                self._pad_command(seat, command)
        for seat in list(self.pad_notice):
            self.pad_notice[seat] -= dt
            if self.pad_notice[seat] <= 0:
                del self.pad_notice[seat]

    def _pad_added(self, device_index: int) -> None:
        if not self.pad_seats.seats or device_index is None or device_index < 0:
            return
        pad = self.pads.add(device_index)
        if pad is None:
            return
        ps = self.pad_seats.added(pad)
        if ps is not None:
            self.pad_notice[ps.seat] = PAD_NOTICE
            self.cursor_of(ps.seat).zone = "pile"
            self.app.play("click")
            self.mark_dirty()

    def _pad_removed(self, instance_id: int) -> None:
        self.pads.remove(instance_id)
        ps = self.pad_seats.removed(instance_id)
        if ps is None:
            return
        seat = ps.seat
        self.pad_notice.pop(seat, None)
        if self.can_act(seat) and self.held(seat) is not None:
            self.act(Return(seat))  # the held tile glides back to its slot
        if self.warning is not None and self.warning.seat == seat:
            self.warning = None
        self.cursor_of(seat).zone = "pile"
        self.app.play("error")
        self.mark_dirty()

    def _resync_pads(self) -> None:
        """Back on screen (after the pause): controllers unplugged or plugged in meanwhile."""
        if not self.pad_seats.seats:
            return
        for iid in self.pads.missing():
            self._pad_removed(iid)
        for index in range(device_count()):
            self._pad_added(index)
        self.pads.release_all()
