"""Game controllers at the race table: each connected pad drives one more human seat (spec §9, "More than
one human"), with its own cursor, exactly like the keyboard player.

The mapping (Xbox names; other pads use the same places, see below):

==========================  =====================================================
d-pad, or the left stick     move the cursor over the pile or the island (held: repeats)
A                            take the tile under the cursor / place the held tile
B                            put the held tile back on the pile
LB / RB                      turn the held tile left / right
X                            flip the held tile
Y (or Back / Select)         switch the cursor between the pile and the island
Start                        declare Done (Stop in the no-timer last-tile phase)
==========================  =====================================================

Pausing stays on Esc for everyone: the Start button never pauses the race.

Devices are read through ``pygame.joystick`` (one ``Joystick`` kept open per device, so its events keep
coming). Raw button numbers differ between pads: when SDL's game-controller database knows the device
(``pygame._sdl2.controller``), its mapping says which raw button is "a", "b", ...; otherwise the common
XInput layout is assumed (A 0, B 1, X 2, Y 3, LB 4, RB 5, Back 6, Start 7, hat 0 = d-pad, axes 0/1 =
left stick). Events carry the device's ``instance_id``; a device plugged in again gets a new one.

``PadBank`` knows the devices and turns their events into commands; ``PadSeats`` says which seat each
device drives, lets a seat lose its pad (unplugged) and take one back when a pad is plugged in.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Any

import pygame

log = logging.getLogger("pgn.island_race")

# Commands a pad gives the scene
UP, DOWN, LEFT, RIGHT = "up", "down", "left", "right"
TAKE, BACK, TURN_LEFT, TURN_RIGHT, FLIP, SWITCH, DONE = "take", "back", "turn-left", "turn-right", "flip", \
    "switch", "done"
MOVES = {UP: (0, -1), DOWN: (0, 1), LEFT: (-1, 0), RIGHT: (1, 0)}

#: logical button (SDL game-controller names) -> command
COMMANDS = {"a": TAKE, "b": BACK, "x": FLIP, "y": SWITCH, "back": SWITCH, "leftshoulder": TURN_LEFT,
            "rightshoulder": TURN_RIGHT, "start": DONE}
#: d-pad given as buttons by some mappings -> direction
DPAD = {"dpup": (0, -1), "dpdown": (0, 1), "dpleft": (-1, 0), "dpright": (1, 0)}
#: raw button -> logical button when SDL has no mapping for the device (the XInput layout)
XINPUT_BUTTONS = {0: "a", 1: "b", 2: "x", 3: "y", 4: "leftshoulder", 5: "rightshoulder", 6: "back", 7: "start"}

STICK_ON = 0.55        # the stick counts as pushed past this
STICK_OFF = 0.3        # ... and as released under this (no flicker in between)
REPEAT_DELAY = 0.38    # a held direction repeats after this long
REPEAT_EVERY = 0.11    # ... then this often
MAX_PADS = 2           # humans beyond the mouse and the keyboard


def joystick_ready() -> bool:
    """Start pygame's joystick module (once); False where the platform has none."""
    try:
        if not pygame.joystick.get_init():
            pygame.joystick.init()
        return True
    except pygame.error:
        return False


def device_count() -> int:
    """How many game controllers are connected now (0 when the joystick module cannot start)."""
    if not joystick_ready():
        return 0
    try:
        return int(pygame.joystick.get_count())
    except pygame.error:
        return 0


def sdl_mapping(device_index: int) -> dict[str, str] | None:
    """SDL's game-controller mapping of a device ({"a": "b0", "leftx": "a0", "dpup": "h0.1", ...}), if any."""
    try:
        from pygame._sdl2 import controller
        if not controller.get_init():
            controller.init()
        if not controller.is_controller(device_index):
            return None
        pad = controller.Controller(device_index)
        mapping = pad.get_mapping()
        pad.quit()  # only the mapping is needed: the joystick's own events drive the cursor
    except Exception:  # an experimental module: any trouble means "no mapping", never a crash
        return None
    if isinstance(mapping, str):
        mapping = dict(part.split(":", 1) for part in mapping.split(",") if ":" in part)
    return dict(mapping) if isinstance(mapping, dict) else None


def layout_from(mapping: dict[str, str] | None) -> tuple[dict[int, str], tuple[int, int]]:
    """Raw button -> logical button, and the left stick's (x, y) axes, from an SDL mapping."""
    if not mapping:
        return dict(XINPUT_BUTTONS), (0, 1)
    buttons: dict[int, str] = {}
    for name, where in mapping.items():
        m = re.fullmatch(r"b(\d+)", str(where).strip())
        if m and (name in COMMANDS or name in DPAD):
            buttons[int(m.group(1))] = name
    axes = []
    for name in ("leftx", "lefty"):
        m = re.fullmatch(r"[+-]?a(\d+)~?", str(mapping.get(name, "")).strip())
        axes.append(int(m.group(1)) if m else len(axes))
    return (buttons or dict(XINPUT_BUTTONS)), (axes[0], axes[1])


@dataclass
class Pad:
    """One connected controller: its identity, its button layout and what its directions hold now."""

    instance_id: int
    guid: str
    name: str
    buttons: dict[int, str] = field(default_factory=lambda: dict(XINPUT_BUTTONS))
    axes: tuple[int, int] = (0, 1)
    device: Any = None
    hat: tuple[int, int] = (0, 0)
    stick: list[int] = field(default_factory=lambda: [0, 0])
    dpad: tuple[int, int] = (0, 0)
    held: tuple[int, int] = (0, 0)
    repeat: float = 0.0

    def direction(self) -> tuple[int, int]:
        for d in (self.hat, self.dpad, (self.stick[0], self.stick[1])):
            if d != (0, 0):
                return d
        return (0, 0)


def _moves(d: tuple[int, int]) -> list[str]:
    out = []
    if d[1]:
        out.append(DOWN if d[1] > 0 else UP)
    if d[0]:
        out.append(RIGHT if d[0] > 0 else LEFT)
    return out


class PadBank:
    """The connected controllers, by instance id, and their events turned into commands."""

    def __init__(self) -> None:
        self.pads: dict[int, Pad] = {}

    def start(self) -> None:
        """Open every controller connected now (SDL also announces them with JOYDEVICEADDED: ignored then)."""
        for index in range(device_count()):
            self.add(index)

    def add(self, device_index: int) -> Pad | None:
        """Open the device at ``device_index``; the new Pad, or None (already open, or it failed)."""
        if not joystick_ready():
            return None
        try:
            joy = pygame.joystick.Joystick(device_index)
            if not joy.get_init():
                joy.init()
            iid = int(joy.get_instance_id())
        except (pygame.error, IndexError, ValueError) as exc:
            log.info("controller %s could not be opened: %s", device_index, exc)
            return None
        if iid in self.pads:
            return None
        buttons, axes = layout_from(sdl_mapping(device_index))
        guid = str(getattr(joy, "get_guid", lambda: "")())
        name = str(getattr(joy, "get_name", lambda: "")())
        pad = Pad(iid, guid, name, buttons, axes, joy)
        self.pads[iid] = pad
        log.info("controller connected: %s (instance %d)", name or "?", iid)
        return pad

    def remove(self, instance_id: int) -> Pad | None:
        pad = self.pads.pop(instance_id, None)
        if pad is not None:
            log.info("controller removed: %s (instance %d)", pad.name or "?", instance_id)
        return pad

    def ordered(self) -> list[Pad]:
        """The pads in the order they were connected."""
        return list(self.pads.values())

    def missing(self) -> list[int]:
        """Instance ids of the known pads that are gone now (their removal was missed, e.g. while paused)."""
        try:
            present = {int(pygame.joystick.Joystick(i).get_instance_id()) for i in range(device_count())}
        except (pygame.error, IndexError, ValueError):
            return []
        return [iid for iid in self.pads if iid not in present]

    def handle(self, event: pygame.event.Event) -> list[tuple[int, str]]:
        """(instance id, command) for a controller event of a known pad; [] for anything else."""
        iid = getattr(event, "instance_id", getattr(event, "joy", None))
        pad = self.pads.get(iid) if iid is not None else None
        if pad is None:
            return []
        if event.type == pygame.JOYBUTTONDOWN:
            name = pad.buttons.get(event.button)
            if name in DPAD:
                pad.dpad = DPAD[name]
                return self._direction_changed(pad)
            command = COMMANDS.get(name or "")
            return [(iid, command)] if command else []
        if event.type == pygame.JOYBUTTONUP:
            if pad.buttons.get(event.button) in DPAD:
                pad.dpad = (0, 0)
                return self._direction_changed(pad)
            return []
        if event.type == pygame.JOYHATMOTION:
            x, y = event.value
            pad.hat = (int(x), -int(y))  # a hat's y is +1 up; the cursor's is +1 down
            return self._direction_changed(pad)
        if event.type == pygame.JOYAXISMOTION and event.axis in pad.axes:
            i = pad.axes.index(event.axis)
            v = float(event.value)
            if abs(v) >= STICK_ON:
                pad.stick[i] = 1 if v > 0 else -1
            elif abs(v) <= STICK_OFF:
                pad.stick[i] = 0
            return self._direction_changed(pad)
        return []

    def _direction_changed(self, pad: Pad) -> list[tuple[int, str]]:
        d = pad.direction()
        if d == pad.held:
            return []
        pad.held = d
        pad.repeat = REPEAT_DELAY
        return [(pad.instance_id, m) for m in _moves(d)]

    def update(self, dt: float) -> list[tuple[int, str]]:
        """The repeats of held directions."""
        out = []
        for pad in self.pads.values():
            if pad.held == (0, 0):
                continue
            pad.repeat -= dt
            while pad.repeat <= 0:
                pad.repeat += REPEAT_EVERY
                out += [(pad.instance_id, m) for m in _moves(pad.held)]
        return out

    def release_all(self) -> None:
        """Forget held directions (the table lost the events, e.g. under the pause)."""
        for pad in self.pads.values():
            pad.hat, pad.dpad, pad.stick, pad.held = (0, 0), (0, 0), [0, 0], (0, 0)


@dataclass
class PadSeat:
    """Controller ``number`` (1, 2) of the table: the seat it drives and the device now behind it."""

    seat: int
    number: int
    instance_id: int | None = None
    guid: str | None = None

    @property
    def connected(self) -> bool:
        return self.instance_id is not None


class PadSeats:
    """Which seat each controller drives. The third human gets controller 1, the fourth controller 2."""

    def __init__(self, seats: list[int]):
        self.seats = [PadSeat(seat, i + 1) for i, seat in enumerate(seats[:MAX_PADS])]

    def claim(self, pads: list[Pad]) -> None:
        """At the start: the connected pads, in order, to the pad seats."""
        for ps, pad in zip(self.seats, pads):
            ps.instance_id, ps.guid = pad.instance_id, pad.guid

    def added(self, pad: Pad) -> PadSeat | None:
        """A pad was plugged in: a seat waiting for one takes it (the same model first), else nobody."""
        if self.of(pad.instance_id) is not None:
            return None
        waiting = [ps for ps in self.seats if not ps.connected]
        if not waiting:
            return None
        ps = next((p for p in waiting if p.guid and p.guid == pad.guid), waiting[0])
        ps.instance_id, ps.guid = pad.instance_id, pad.guid
        return ps

    def removed(self, instance_id: int) -> PadSeat | None:
        ps = self.of(instance_id)
        if ps is not None:
            ps.instance_id = None
        return ps

    def of(self, instance_id: int) -> PadSeat | None:
        return next((ps for ps in self.seats if ps.instance_id == instance_id), None)

    def for_seat(self, seat: int) -> PadSeat | None:
        return next((ps for ps in self.seats if ps.seat == seat), None)

    def seat_of(self, instance_id: int) -> int | None:
        ps = self.of(instance_id)
        return ps.seat if ps is not None else None
