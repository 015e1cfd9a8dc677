"""The faction picker of the Pirateer table (S1: each player chooses a faction at the table).

While the engine asks a seat for its faction, every harbour on the map is lit in its faction's colour
with a card: the flag, the harbour's name and who holds it. Harbours are keyed by their ``name``: the faction on
the standard map, the faction and the board on the two-board map ("spanish-b": the Spanish flag with set b's frame,
"Spanish B"; V11.1), so all eight harbours of the fantastic eight are offered apart. The factions the engine offers glow; a
click on a harbour (its channel or its card), or a ship token dragged onto one, chooses it; Left/Right
(or Tab) move the focus and Enter chooses. The picker only draws and reports what was hit: what may be
chosen comes from the engine (``queries.choosable_factions``, through the scene's ``verdict``).

For the shared drag-and-drop controller the harbours are ``targets`` (a harbour answers for its card and
its channel; its ``accepts`` is the table's ``drop_verdict``: the token dropped there means ``ChooseFaction``,
and the engine takes it or says why, e.g. the fleet is already taken) and ``FleetToken`` is what is carried:
it covers the map, so a press anywhere picks it up, and it is drawn under the pointer in the colours of the
free harbour it is over.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from game.core.protocol import Text
from game.i18n import tr
from game.ui import palette, theme
from game.ui.dragdrop import DropTarget

from game.games.pirateer import sprites
from game.games.pirateer.boardmodel import Board, Cell
from game.games.pirateer.boardview import BoardView, HitRect


class FactionPicker:
    """Harbour cards over the map; ``hit(pos)`` says which harbour a pixel belongs to."""

    def __init__(self, board: Board,
                 accepts: Callable[[Any, DropTarget], bool | Text] = lambda payload, target: True) -> None:
        self.board = board
        self.cards: dict[str, pygame.Rect] = {}
        self.focus: str | None = None            # the harbour (name) the keyboard (or the mouse) points at
        #: one drop target per harbour (``data``: its name); ``accepts(payload, target)`` is the table's
        #: ``drop_verdict`` (S1: the engine's answer to ``ChooseFaction``)
        self.targets = [DropTarget((0, 0, 0, 0), data=h.name) for h in board.harbours]
        for target in self.targets:      # (DropTarget copies its rect into a plain one)
            target._accepts = lambda payload, t=target: accepts(payload, t)
            target.rect = HitRect((0, 0, 0, 0), lambda pos, f=target.data: self.hit(pos) == f)

    def target(self, faction: str) -> DropTarget:
        """The drop target of the harbour called ``faction`` (its name: "spanish", "spanish-b")."""
        return next(t for t in self.targets if t.data == faction)

    # -- geometry ----------------------------------------------------------------------------------
    def layout(self, view: BoardView) -> None:
        """One card per harbour, beside its channel toward the open sea, inside the board (zoomed in, the cards
        stay by their harbours, out of sight with them)."""
        self.view = view
        fit_h = getattr(view, "fit_h", view.h)            # (zoomed in, the cards keep their size)
        w, h = max(theme.px(120), int(fit_h * 6.2)), max(theme.px(64), int(fit_h * 3.4))
        board = view.board_rect
        inner = board.inflate(-theme.px(8), -theme.px(8))
        for harbour in self.board.harbours:
            pts = [view.centre(c) for c in harbour.channel]
            cx = sum(p[0] for p in pts) / len(pts)
            cy = sum(p[1] for p in pts) / len(pts)
            # push the card from the channel toward the middle of the board, so it covers open sea
            mx, my = board.center
            dx, dy = mx - cx, my - cy
            norm = max(1.0, (dx * dx + dy * dy) ** 0.5)
            shift = view.h * 3.2
            card = pygame.Rect(0, 0, w, h)
            card.center = (int(cx + dx / norm * shift), int(cy + dy / norm * shift))
            self.cards[harbour.name] = card.clamp(inner)
        for target in self.targets:
            target.rect.update(self.cards[target.data])

    def hit(self, pos: tuple[int, int]) -> str | None:
        """The harbour (name) whose card or channel is under ``pos`` (in sight: nothing past the view's edge)."""
        if hasattr(self, "view") and not self.view.rect.collidepoint(pos):
            return None
        for faction, card in self.cards.items():
            if card.collidepoint(pos):
                return faction
        cell = self.view.cell_at(pos) if hasattr(self, "view") else None
        if cell is None:
            return None
        harbour = self.board.harbour_at(cell)
        return harbour.name if harbour is not None else None

    def move_focus(self, allowed: list[str], step: int) -> None:
        """Keyboard: the next (or previous) faction that may be chosen, in clockwise order."""
        ring = [f for f in self.board.factions if f in allowed]
        if not ring:
            self.focus = None
            return
        k = ring.index(self.focus) + step if self.focus in ring else (0 if step > 0 else -1)
        self.focus = ring[k % len(ring)]

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, allowed: list[str], holder: Callable[[str], str | None],
             pulse: float = 0.0, explain: Callable[[Any, Text, str], None] | None = None) -> None:
        """Light every harbour; ``allowed`` factions glow, ``holder(faction)`` names who holds one.
        ``explain(rect, text, kind)`` (the table's) names each lit channel square and each card."""
        view = self.view
        for harbour in self.board.harbours:
            f = harbour.name
            rgb = sprites.faction_rgb(f)
            free = f in allowed
            taken = holder(f)
            alpha = 170 if f == self.focus else (120 if free else 60)
            says = self.says(f, free, taken)
            for cell in harbour.channel:
                self._shade(surface, cell, rgb, alpha, palette.GOLD_LIGHT if free else None)
                if explain is not None:
                    x, y = view.centre(cell)
                    box = pygame.Rect(int(x - 0.6 * view.h), int(y - 0.6 * view.h), int(1.2 * view.h) + 1,
                                      int(1.2 * view.h) + 1).clip(view.rect)
                    if box.w > 0 and box.h > 0:
                        explain(box, says, "harbour")
            self._card(surface, f, free, taken, pulse)
            if explain is not None:
                explain(self.cards[f], says, "harbour")

    @staticmethod
    def says(faction: str, free: bool, taken: str | None) -> Text:
        """What a harbour is while the fleets are chosen: free to choose, someone's, or not offered."""
        of = Text.of(f"pir.faction_of.{faction}")
        if taken:
            return Text.of("pir.explain.pick_taken", faction=of, player=taken)
        if free:
            return Text.of("pir.explain.pick_free", faction=of)
        return Text.of("pir.explain.pick_closed", faction=of)

    def _shade(self, surface: pygame.Surface, cell: Cell, rgb: tuple[int, int, int], alpha: int,
               edge: tuple[int, int, int] | None) -> None:
        pts = self.view.diamond_at(cell)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2, int(max(ys) - min(ys)) + 2)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        local = [(x - box.x, y - box.y) for x, y in pts]
        pygame.draw.polygon(layer, (*rgb, alpha), local)
        if edge is not None:
            pygame.draw.polygon(layer, (*edge, 230), local, max(1, int(self.view.h / 10)))
        surface.blit(layer, box)

    def _card(self, surface: pygame.Surface, faction: str, free: bool, taken: str | None, pulse: float) -> None:
        card = self.cards[faction]
        focus = faction == self.focus
        plate = theme.overlay(card.size, (24, 16, 10, 215 if free or taken else 140))
        surface.blit(plate, card)
        colour = palette.GOLD_LIGHT if focus else (palette.GOLD if free else palette.PARCHMENT_DARK)
        width = max(2, theme.px(3) if focus else theme.px(2))
        if focus:
            grow = int(theme.px(3) * (1 + pulse))
            pygame.draw.rect(surface, palette.GOLD_LIGHT, card.inflate(grow * 2, grow * 2), width=max(1, theme.px(2)),
                             border_radius=theme.px(10))
        pygame.draw.rect(surface, colour, card, width=width, border_radius=theme.px(8))
        size = min(card.h - theme.px(14), int(card.w * 0.36))
        emblem = sprites.flag(faction, size)
        if not free and not taken:
            emblem = emblem.copy()
            emblem.set_alpha(110)
        surface.blit(emblem, emblem.get_rect(midleft=(card.x + theme.px(6), card.centery)))
        x = card.x + theme.px(10) + size
        text_w = card.right - x - theme.px(6)
        name = tr(f"pir.faction.{faction}")
        f = theme.fit_font(name, "bold", 17, text_w, 10)
        theme.draw_text(surface, name, f, palette.PARCHMENT if free or taken else palette.PARCHMENT_DARK,
                        (x, card.centery - theme.px(2)), "bottomleft")
        status = taken if taken else (tr("pir.ui.faction_free") if free else "")
        if status:
            g = theme.fit_font(status, "text", 14, text_w, 9)
            theme.draw_text(surface, status, g, palette.GOLD_LIGHT if taken else palette.PARCHMENT_DARK,
                            (x, card.centery + theme.px(2)), "topleft")


class FleetToken:
    """The ship a player carries to a harbour while the fleets are chosen (a draggable of the shared
    controller): ``rect`` covers the map; it is drawn at ``pointer()``, a ship of the free harbour under it
    (``allowed()``) or a plain one."""

    payload = "fleet"

    def __init__(self, picker: FactionPicker, size: Callable[[], int], allowed: Callable[[], list[str]],
                 pointer: Callable[[], tuple[int, int]]) -> None:
        self.picker, self.size, self.allowed, self.pointer = picker, size, allowed, pointer
        self.rect = pygame.Rect(0, 0, 0, 0)

    def draw(self, surface: pygame.Surface) -> None:
        pos = self.pointer()
        hit = self.picker.hit(pos)
        img = sprites.ship(hit if hit in self.allowed() else "none", self.size())
        surface.blit(img, img.get_rect(center=pos))


__all__ = ["FactionPicker", "FleetToken"]
