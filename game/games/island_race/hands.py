"""Hands on the race table: the bots' gloves gliding between the pile and their islands.

A ``BotHand`` is told where its bot is reaching (a pile slot, a cell of its island, or its resting place)
and by when; it moves so that it gets there on time, so players see each bot work before its action
lands. It moves in race time, not on the animation timeline: a glove is where its bot is, whatever the
animation speed.
``glove(colour, size)`` is a small mitten in the seat's colour, drawn once per colour and size.
``HandAiming`` (mixed into the race scene) tells each glove where its bot is reaching, every frame.
The tiles' own animations (put back, turned, placed) are clips on the table's timeline (``clips``).

A bot that is choosing shows it. While its next action is still far off (a bot looking for something better
before it settles, an easy bot keeping a beginner's pace), its glove goes from one thing it weighs to the next
(the agent's ``weighing``: the tiles it compares and where each would go on its island, from its own view),
``GLOVE_LOOK`` race seconds each, times the Settings' bot speed; one look before the action is due it goes to
the tile it takes (or the cell it places on) and stays there. A bot with nothing to weigh and nothing planned
(it waits for the pile to change, or is still working its plan out) browses over the pile. So no glove of a bot
still in the race rests more than a few seconds of race time.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from game.ui import palette, theme

from game.games.island_race.pace import GLOVE_GLIDE, GLOVE_LOOK
from game.games.island_race.rules import Place, Return, Take

_gloves: dict[tuple[int, int], pygame.Surface] = {}


def glove(colour: int, size: int) -> pygame.Surface:
    """A mitten pointing up-left in seat colour ``colour`` (an index), ``size`` px square."""
    size = max(8, int(size))
    key = (colour, size)
    if key not in _gloves:
        k = 4
        s = size * k
        big = pygame.Surface((s, s), pygame.SRCALPHA)
        col = theme.seat_colour(colour)
        dark = tuple(max(0, int(c * 0.55)) for c in col)
        out_w = max(2, s // 16)

        def blob(rect: pygame.Rect, fill: tuple) -> None:
            pygame.draw.ellipse(big, palette.INK, rect.inflate(out_w * 2, out_w * 2))
            pygame.draw.ellipse(big, fill, rect)

        palm = pygame.Rect(int(s * 0.26), int(s * 0.22), int(s * 0.5), int(s * 0.52))
        thumb = pygame.Rect(int(s * 0.08), int(s * 0.40), int(s * 0.3), int(s * 0.2))
        cuff = pygame.Rect(int(s * 0.34), int(s * 0.68), int(s * 0.38), int(s * 0.24))
        pygame.draw.rect(big, palette.INK, cuff.inflate(out_w * 2, out_w * 2), border_radius=s // 12)
        pygame.draw.rect(big, palette.PARCHMENT, cuff, border_radius=s // 12)
        blob(thumb, col)
        blob(palm, col)
        pygame.draw.ellipse(big, col, thumb.inflate(-out_w * 2, -out_w * 2))  # thumb joins the palm
        for i in range(3):  # finger creases
            x = palm.x + palm.w * (0.32 + 0.2 * i)
            pygame.draw.line(big, dark, (x, palm.y + palm.h * 0.08), (x, palm.y + palm.h * 0.34), max(1, s // 40))
        sym = theme.seat_symbol(colour, int(s * 0.26), theme.contrast_text(col))
        big.blit(sym, sym.get_rect(center=(palm.centerx, palm.y + int(palm.h * 0.62))))
        _gloves[key] = pygame.transform.smoothscale(big, (size, size))
    return _gloves[key]


class BotHand:
    """Where a bot's glove is, and where it is going. ``pos`` is the glove's point (its fingertips)."""

    def __init__(self, seat: int, rest: tuple[int, int]):
        self.seat = seat
        self.rest = rest
        self.pos = (float(rest[0]), float(rest[1]))
        self.target = (float(rest[0]), float(rest[1]))
        self.arrive = 0.0      # race time at which it should be there
        self.bob = 0.0

    def aim(self, target: tuple[float, float], arrive: float) -> None:
        self.target = (float(target[0]), float(target[1]))
        self.arrive = arrive

    def update(self, dt: float, now: float) -> None:
        """Move towards the target so as to arrive at ``arrive`` (at least a short glide, at most a quick one)."""
        self.bob += dt
        tx, ty = self.target
        x, y = self.pos
        dist = math.hypot(tx - x, ty - y)
        if dist < 0.5:
            self.pos = (tx, ty)
            return
        left = max(0.12, min(1.2, self.arrive - now))
        step = min(1.0, dt / left) if dt > 0 else 0.0
        self.pos = (x + (tx - x) * step, y + (ty - y) * step)

    @property
    def moving(self) -> bool:
        return math.hypot(self.target[0] - self.pos[0], self.target[1] - self.pos[1]) >= 0.5


class HandAiming:
    """Mixed into the race scene: aims each bot's glove at the slot or cell its next action needs, by the
    time that action is due (from the bot's plan, or from what the game's bots say they are reaching for)."""

    def _aim_hands(self) -> None:
        r = self.round
        for seat, hand in self.bot_hands.items():
            box = self.L.islands[seat]
            rest = self._rest(seat)
            hand.rest = rest
            plan = self.driver.plan_of(seat)
            agent = self.driver.agents[seat]
            intent = getattr(agent, "intent", False)
            playing = seat in r.current_players()
            if plan is None and playing and intent is not False and r.hands[seat] is None and not self._lesson():
                hand.aim(self._hover_point(seat), self.race_now + GLOVE_GLIDE * self.bot_speed)  # looks the pile over
                continue
            if plan is None or not playing:
                hand.aim(rest, self.race_now + 0.6)
                continue
            look = self._weighed_point(seat, plan)
            if look is not None:
                hand.aim(*look)
                continue
            if intent is not False:  # the game's bots say where their hand is going
                self._aim_by_intent(seat, hand, intent, plan.at, rest)
                continue
            a = plan.action
            if isinstance(a, Take) and 0 <= a.slot < len(self.L.slots):
                hand.aim(self._slot_point(a.slot), plan.at)
            elif isinstance(a, Place):
                cr = box.cell_rect(*a.cell)
                hand.aim(cr.center, plan.at)
            elif isinstance(a, Return) and r.hand_slot[seat] >= 0:
                hand.aim(self._slot_point(r.hand_slot[seat]), plan.at)
            elif r.hands[seat] is None:
                hand.aim(self._hover_point(seat), plan.at)
            else:
                hand.aim(rest, plan.at)

    def _aim_by_intent(self, seat: int, hand: BotHand, intent: Any, at: float, rest: tuple[int, int]) -> None:
        box = self.L.islands[seat]
        if intent is not None and intent[0] == "pile" and 0 <= intent[1] < len(self.L.slots):
            hand.aim(self._slot_point(intent[1]), at)
        elif intent is not None and intent[0] == "cell":
            hand.aim(box.cell_rect(*intent[1]).center, at)
        elif self.round.hands[seat] is None:
            hand.aim(self._hover_point(seat), at)
        else:
            hand.aim(rest, at)

    def _weighed_point(self, seat: int, plan: Any) -> tuple[tuple[float, float], float] | None:
        """While the bot's next action is more than one look away and it weighs several things (its
        ``weighing``), (where its glove goes now, by when): each in turn, ``GLOVE_LOOK`` race seconds each (times
        the bot speed) from the moment it planned; None once the action is that close (the glove goes to what
        it takes) or with nothing to weigh."""
        look = GLOVE_LOOK * self.bot_speed
        weighing = getattr(self.driver.agents[seat], "weighing", ())
        if not weighing or plan.at - self.race_now <= look:
            return None
        points: list[tuple[float, float]] = []
        for what in weighing:
            p = self._intent_point(seat, what)
            if p is not None and (not points or points[-1] != p):
                points.append(p)
        if len(points) > 1 and points[0] == points[-1]:
            points.pop()
        if len(points) < 2:   # one thing only: between it and the pile (or its island's side), never resting
            held = self.round.hands[seat] is not None
            points.append(tuple(map(float, self._rest(seat))) if held else self._hover_point(seat))
        # each bot at its own pace within the look, a little to its own side of a tile: two bots weighing the
        # same tiles do not move as one, nor hide each other's glove
        shift = (0.37 * seat % 1.0) * look
        k = int(max(0.0, self.race_now - plan.asked + shift) // look)
        x, y = points[k % len(points)]
        nudge = self.L.tile * 0.12
        x += nudge * (1 if seat % 2 else -1)
        y += nudge * (1 if seat % 4 >= 2 else -1)
        return (x, y), plan.asked - shift + k * look + GLOVE_GLIDE * self.bot_speed

    def _intent_point(self, seat: int, what: Any) -> tuple[float, float] | None:
        """The point of an agent's intent: ("pile", slot) a pile tile, ("cell", (row, col)) a cell of its island."""
        try:
            kind, where = what
            if kind == "pile" and 0 <= int(where) < len(self.L.slots) and self.round.pile[int(where)] is not None:
                c = self.L.slots[int(where)].center
                return (float(c[0]), float(c[1]))
            if kind == "cell":
                c = self.L.islands[seat].cell_rect(int(where[0]), int(where[1])).center
                return (float(c[0]), float(c[1]))
        except (TypeError, ValueError, IndexError, KeyError):
            pass
        return None

    def _rest(self, seat: int) -> tuple[int, int]:
        box = self.L.islands[seat]
        if box.featured:
            return (box.grid.right + self.L.tile // 2, box.grid.y + box.grid.h // 3)
        return box.hand.center

    def _slot_point(self, slot: int) -> tuple[int, int]:
        return self.L.slots[slot].center

    def _hover_point(self, seat: int) -> tuple[float, float]:
        """Where an empty glove browses while its bot looks over the pile: near the pile on its own side,
        drifting slowly over the tiles (a still glove looks like a bot that has stopped playing)."""
        box = self.L.islands[seat]
        pile = self.L.pile
        t = self.race_now
        x = pile.w * ((0.2 if box.grid.centerx < pile.centerx else 0.8) + 0.12 * math.sin(0.5 * t + 1.3 * seat))
        y = pile.h * ((0.3 if box.grid.centery < pile.centery else 0.7) + 0.15 * math.sin(0.37 * t + 2.1 * seat))
        return (pile.x + x, pile.y + y)
