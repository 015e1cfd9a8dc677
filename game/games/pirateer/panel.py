"""The Pirateer table's side panel: whose turn, the dice, what to do now, the buttons, the fleets, the
treasure and its compass, the log; and the acey-deucey pickers over the map (V6.2).

The scene owns one ``SidePanel`` and gives it its place (``layout``: the panel's rectangle and the map's);
the panel draws what the table shows and never decides a rule. It reads from the table (the scene) only:
the state as the seat on screen sees it (``game``; everything is public in Pirateer), the dice as the
events threw them (``shown_dice``, ``dice_spent``, and ``roll_age()`` while the roll tumbles on the
timeline), the players' names and who is a bot, the human who may act on screen (``my_turn``), the
scene's mode and selection (for the prompt), the engine's forbidden directions of the carrier
(``forbidden_directions``), whether a lesson's coach waits for Next (``coach``: then the prompt says so, never
"roll" under the lesson's words; while its step waits for a move, the prompt sends to the lesson's gold ring,
never naming another move), and the scene's buttons, log panel and Menu button, which it places. The
acey-deucey pickers' two chosen values (``bonus_pick``) are the panel's; the scene plays them. As it draws
each thing it names it with the table's ``explain`` (issue 15: what it is and what it does).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.protocol import Text
from game.i18n import tr
from game.ui import palette, theme
from game.ui.dice import die_blur, die_face

from game.games.pirateer import sprites
from game.games.pirateer.moves import DESTROYED, ISLAND, faction_of, ship_id
from game.games.pirateer.rules import (BONUS, END, MOVE, START, STORM, WIND, dir_text, faction_of_text, faction_text,
                                       list_text, ship_text)

if TYPE_CHECKING:  # pragma: no cover
    from game.games.pirateer.scene import PirateerScene

ROW_H = 32      # a fleet's row, in theme pixels


class SidePanel:
    """See the module docstring."""

    def __init__(self, table: PirateerScene) -> None:
        self.table = table
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.board = pygame.Rect(0, 0, 0, 0)
        self.head_rect = self.dice_rect = self.prompt_rect = pygame.Rect(0, 0, 0, 0)
        self.fleet_rect = self.treasure_rect = pygame.Rect(0, 0, 0, 0)
        self.bonus_pick: list[int] = [0, 0]          # acey-deucey: the two values chosen (0: not yet)

    # -- layout --------------------------------------------------------------------------------
    def layout(self, side: pygame.Rect, board: pygame.Rect) -> None:
        """The panel fills ``side`` top to bottom: head, dice, prompt, two rows of buttons, one row per
        fleet (or per seat while the fleets are chosen), the treasure, the log and the Menu button."""
        t = self.table
        self.rect, self.board = side, board
        pad = theme.px(12)
        x, w = side.x + pad, side.w - 2 * pad
        self.head_rect = pygame.Rect(x, pad, w, theme.px(70))
        self.dice_rect = pygame.Rect(x, self.head_rect.bottom + theme.px(2), w, theme.px(58))
        self.prompt_rect = pygame.Rect(x, self.dice_rect.bottom + theme.px(2), w, theme.px(40))
        by = self.prompt_rect.bottom + theme.px(6)
        bh = theme.px(40)
        g = t.game
        fleets = len({f for fs in g.seat_factions for f in fs} | ({g.dead_man} - {None}))
        rows = min(4, max(fleets, g.players + (1 if g.options.get("dead-man") else 0)))   # chosen or not yet
        self.fleet_rect = pygame.Rect(x, by + 2 * bh + theme.px(16), w, theme.px(ROW_H) * rows)
        self.treasure_rect = pygame.Rect(x, self.fleet_rect.bottom + theme.px(8), w, theme.px(78))
        log_top = self.treasure_rect.bottom + theme.px(8)
        t.logpanel.layout(pygame.Rect(x, log_top, w, side.bottom - log_top - theme.px(56)))
        t.menu_button.layout(pygame.Rect(side.right - pad - theme.px(110), side.bottom - theme.px(48),
                                         theme.px(110), theme.px(40)))

    def flow(self, buttons: list) -> None:
        """The visible buttons fill two columns under the prompt, in the order given."""
        r = self.prompt_rect
        gap, bh = theme.px(8), theme.px(40)
        half = (r.w - gap) // 2
        for k, b in enumerate(b for b in buttons if b.visible):
            row, col = divmod(k, 2)
            b.layout(pygame.Rect(r.x + col * (half + gap), r.bottom + theme.px(6) + row * (bh + theme.px(6)), half, bh))

    def frames_key(self) -> tuple:
        return tuple(self.rect), tuple(self.treasure_rect)

    def draw_frames(self, layer: pygame.Surface) -> None:
        """The panel's frames, drawn once into the table's static picture."""
        theme.draw_frame(layer, "panel_dark", self.rect)
        theme.draw_frame(layer, "panel", self.treasure_rect)

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, buttons: list) -> None:
        t = self.table
        self._draw_head(surface)
        self._draw_dice(surface)
        self._draw_prompt(surface)
        for b in buttons:
            if b.visible:
                b.draw(surface)
                says = self.button_says(b)
                if says is not None:
                    t.explain(b.rect, says, "button")
        if t.choosing():
            self._draw_choosers(surface)
        else:
            self._draw_fleets(surface)
        self._draw_treasure(surface)
        t.logpanel.draw(surface)
        t.menu_button.draw(surface)

    def button_says(self, button) -> Text | None:
        """What pressing one of the turn's buttons does (Undo is the table's own)."""
        t = self.table
        if button is t.roll_button:
            return Text.of("pir.explain.roll", n=t.game.dice_count())
        if button is t.arm_button:
            return Text.of("pir.explain.arm_cancel" if t.mode == "arm" else "pir.explain.arm")
        if button is t.take_button:
            return Text.of("pir.explain.take")
        if button is t.end_button:
            return Text.of("pir.explain.end_turn")
        return None

    def prompt_text(self) -> str:
        """What to do now (or who is thinking), under the dice."""
        t = self.table
        g = t.game
        if t.finished or g.is_over():
            return ""
        coach = getattr(t, "coach", None)
        if coach is not None and coach.waiting_for_next():
            return tr("pir.ui.press_next")      # Learn to play: the lesson's words first, never "roll" under them
        seat = g.current
        name = t.seat_name(seat)
        if t.is_bot(seat):
            return t.bot_status(seat)
        if t.my_turn() is None:
            return ""
        if coach is not None and coach.step is not None and coach.step.expect is not None \
                and t.mode is None and t.selected is None:
            return tr("pir.ui.follow_lesson")   # the lesson asks for one move: never another one named here
        if t.choosing():
            return tr("pir.ui.choose_prompt", name=name) + ". " + tr("pir.ui.choose_hint")
        if t.mode == "arm":
            return tr("pir.ui.arm_prompt")
        if t.mode == "take":
            return tr("pir.ui.take_prompt")
        if g.phase == START:
            return tr("pir.ui.roll_prompt", name=name)
        if g.phase == WIND:
            return tr("pir.ui.wind_prompt")
        if g.phase == STORM:
            return tr("pir.ui.storm_prompt")
        if g.phase == BONUS:
            return tr("pir.ui.bonus_prompt")
        if g.phase == END:
            return tr("pir.ui.end_prompt")
        if g.phase == MOVE:
            return tr("pir.ui.move_prompt", n=g.need) if t.selected is None else tr("pir.ui.target_prompt")
        return ""

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        text = self.prompt_text()
        if not text:
            return
        r = self.prompt_rect
        f = theme.font("bold", 15)
        if len(theme.wrap_text(text, f, r.w)) > 2:
            f = theme.font("bold", 13)
        theme.draw_paragraph(surface, text, f, palette.GOLD_LIGHT, r)
        self.table.explain(r, Text.of("pir.explain.prompt"), "prompt")

    def _draw_head(self, surface: pygame.Surface) -> None:
        t = self.table
        g = t.game
        r = self.head_rect
        title = theme.font("display", 24)
        head = tr("pir.ui.choose_title") if t.choosing() else tr("pir.ui.turn", n=g.turn)
        theme.draw_text(surface, head, theme.fit_font(head, "display", 24, r.w), palette.GOLD_LIGHT, (r.x, r.y))
        line1 = pygame.Rect(r.x, r.y, r.w, title.get_linesize())
        t.explain(line1, Text.of("pir.explain.choose_title") if t.choosing() else
                  Text.of("pir.explain.turn", n=g.turn), "head")
        if g.is_over():
            text = tr(g.how) if g.how else ""
        elif t.choosing():
            text = tr("pir.ui.choose_prompt", name=t.seat_name(g.current))
        else:
            seat = g.current
            text = tr("pir.ui.to_play", name=t.seat_name(seat), side=tr(g._who(seat)))
        f = theme.fit_font(text, "bold", 16, r.w)
        theme.draw_text(surface, text, f, palette.PARCHMENT, (r.x, r.y + title.get_linesize()))
        line2 = pygame.Rect(r.x, line1.bottom, r.w, f.get_linesize())
        if g.is_over():
            t.explain(line2, Text.of("pir.explain.over"), "head")
        elif not t.choosing():
            t.explain(line2, Text.of("pir.explain.to_play", name=t.seat_name(g.current), side=g._who(g.current)),
                      "head")
        else:
            t.explain(line2, Text.of("pir.explain.choosing", name=t.seat_name(g.current)), "head")
        order = [t.seat_name(s) for s in (g.order or range(g.players)) if s not in g.out]
        line = " → ".join(order)
        small = theme.fit_font(line, "text", 14, r.w, 10)
        theme.draw_text(surface, line, small, palette.PARCHMENT_DARK,
                        (r.x, r.y + title.get_linesize() + f.get_linesize()))
        if line:
            t.explain(pygame.Rect(r.x, line2.bottom, r.w, small.get_linesize()),
                      Text.of("pir.explain.order", order=line), "head")

    def _draw_dice(self, surface: pygame.Surface) -> None:
        """The dice the events threw: tumbling while the roll runs, then their faces (played ones, and
        thrown ones whose turn passed, greyed)."""
        t = self.table
        g = t.game
        r = self.dice_rect
        size = min(theme.px(52), r.h - theme.px(6))
        dice = t.shown_dice
        if not dice:
            f = theme.font("text", 15)
            theme.draw_text(surface, tr("pir.ui.no_dice"), f, palette.PARCHMENT_DARK, (r.x, r.centery), "midleft")
            w, h = f.size(tr("pir.ui.no_dice"))
            t.explain(pygame.Rect(r.x, r.centery - h // 2, max(1, w), h), Text.of("pir.explain.no_dice"), "die")
            return
        gap = theme.px(10)
        age = t.roll_age()
        used = list(g.used) + [False] * len(dice)
        for k, d in enumerate(dice):
            x = r.x + k * (size + gap)
            y = r.centery - size // 2
            if age is not None:
                frame = 1 + (int(age / 0.07) + k) % 3
                img = die_blur(frame, size)
                y -= int(abs(((age * 9 + k) % 2) - 1) * theme.px(8))
                says = Text.of("pir.explain.die_rolling")
            else:
                img = die_face(d, size)
                says = Text.of("pir.explain.die", n=d)
                if t.dice_spent:
                    says = Text.of("pir.explain.die_spent", n=d)
                elif used[k] and g.phase in (MOVE, END, BONUS):
                    says = Text.of("pir.explain.die_used", n=d)
                if t.dice_spent or (used[k] and g.phase in (MOVE, END, BONUS)):
                    img = img.copy()
                    img.set_alpha(90)
            surface.blit(img, (x, y))
            t.explain(pygame.Rect(x, r.centery - size // 2, size, size), says, "die")
        if age is None and g.phase == MOVE and g.need:
            f = theme.font("text", 14)
            words = tr("pir.ui.to_play_dice", n=g.need)
            at = (r.x + len(dice) * (size + gap) + theme.px(4), r.centery)
            theme.draw_text(surface, words, f, palette.PARCHMENT, at, "midleft")
            w, h = f.size(words)
            t.explain(pygame.Rect(at[0], at[1] - h // 2, max(1, w), h), Text.of("pir.explain.need", n=g.need), "die")

    def _draw_fleets(self, surface: pygame.Surface) -> None:
        """One row per fleet, in the order of play: flag, player, its three ships (sunk ones faint, the
        carrier with the coin); the row of the player on turn framed."""
        t = self.table
        g = t.game
        r = self.fleet_rect
        row_h = theme.px(ROW_H)
        icon = max(16, int(row_h * 0.95))
        y = r.y
        factions = [f_ for s in g.order for f_ in g.seat_factions[s]]
        if g.dead_man and g.dead_man not in factions:
            factions.append(g.dead_man)
        for faction in factions[:4]:
            seat = g.controller(faction)
            name = t.seat_name(seat) if seat is not None else tr("pir.ui.dead_man")
            current = seat == g.current and not g.is_over()
            if current:
                pygame.draw.rect(surface, (*palette.GOLD, ), pygame.Rect(r.x, y, r.w, row_h - theme.px(2)),
                                 width=max(1, theme.px(2)), border_radius=theme.px(6))
            afloat = sum(1 for n in (1, 2, 3) if ship_id(faction, n) in g.ships)
            if seat is None:
                says = Text.of("pir.explain.fleet_dead", faction=faction_of_text(faction), n=afloat)
            else:
                says = Text.of("pir.explain.fleet_now" if current else "pir.explain.fleet", player=name,
                               faction=faction_of_text(faction), n=afloat)
            t.explain(pygame.Rect(r.x, y, r.w, row_h), says, "fleet")
            flag = sprites.flag(faction, int(row_h * 0.7))
            surface.blit(flag, flag.get_rect(midleft=(r.x + theme.px(6), y + row_h // 2)))
            label = f"{name} · {tr(f'pir.faction.{faction}')}"
            theme.draw_text(surface, label, theme.fit_font(label, "bold", 14, r.w - theme.px(150), 10),
                            palette.PARCHMENT, (r.x + theme.px(36), y + row_h // 2), "midleft")
            x = r.right - theme.px(6) - 3 * (icon - theme.px(6))
            for n in (1, 2, 3):
                ship = ship_id(faction, n)
                img = sprites.ship(faction, icon, number=n)
                if ship not in g.ships:
                    img = img.copy()
                    img.set_alpha(50)
                surface.blit(img, img.get_rect(midleft=(x, y + row_h // 2)))
                if g.treasure == ship:
                    c = sprites.coin(int(icon * 0.45))
                    surface.blit(c, c.get_rect(center=(x + icon * 0.7, y + row_h * 0.3)))
                key = "pir.explain.list_sunk" if ship not in g.ships else \
                    ("pir.explain.list_carrier" if g.treasure == ship else "pir.explain.list_afloat")
                t.explain(img.get_rect(midleft=(x, y + row_h // 2)).clip(pygame.Rect(x, y, icon - theme.px(6), row_h)),
                          Text.of(key, ship=ship_text(ship)), "ship")
                x += icon - theme.px(6)
            y += row_h

    def _draw_choosers(self, surface: pygame.Surface) -> None:
        """S1: each seat, the fleet it chose (its flag) or that it is still to choose."""
        t = self.table
        g = t.game
        r = self.fleet_rect
        row_h = theme.px(ROW_H)
        for seat in range(min(4, g.players)):
            y = r.y + seat * row_h
            if seat == g.current:
                pygame.draw.rect(surface, palette.GOLD, pygame.Rect(r.x, y, r.w, row_h - theme.px(2)),
                                 width=max(1, theme.px(2)), border_radius=theme.px(6))
            fleets = g.seat_factions[seat] if seat < len(g.seat_factions) else []
            name = t.seat_name(seat)
            if fleets:
                flag = sprites.flag(fleets[0], int(row_h * 0.7))
                surface.blit(flag, flag.get_rect(midleft=(r.x + theme.px(6), y + row_h // 2)))
                label = f"{name} · {tr(faction_text(fleets[0]))}"
            else:
                label = f"{name} · …"
            theme.draw_text(surface, label, theme.fit_font(label, "bold", 14, r.w - theme.px(44), 10),
                            palette.PARCHMENT if fleets else palette.PARCHMENT_DARK,
                            (r.x + theme.px(36), y + row_h // 2), "midleft")
            says = Text.of("pir.explain.chose", player=name, faction=faction_of_text(fleets[0])) if fleets else \
                Text.of("pir.explain.not_chosen", player=name)
            t.explain(pygame.Rect(r.x, y, r.w, row_h), says, "fleet")

    def _draw_treasure(self, surface: pygame.Surface) -> None:
        """Where the treasure is, and the compass with the carrier's forbidden directions struck (R17, R18)."""
        t = self.table
        g = t.game
        r = self.treasure_rect
        coin = sprites.coin(theme.px(34))
        surface.blit(coin, coin.get_rect(midleft=(r.x + theme.px(10), r.y + theme.px(26))))
        if g.treasure == ISLAND:
            text = tr("pir.ui.treasure_island")
        elif g.treasure == DESTROYED:
            text = tr("pir.ui.treasure_destroyed")
        else:
            cell = g.ships.get(g.treasure)
            text = tr("pir.ui.treasure_on", ship=tr(ship_text(g.treasure)), cell=f"({cell[0]},{cell[1]})"
                      if cell else "")
        f = theme.font("text", 15)
        compass_size = r.h - theme.px(12)
        text_w = r.w - theme.px(60) - compass_size
        theme.draw_paragraph(surface, text, f, palette.INK, pygame.Rect(r.x + theme.px(52), r.y + theme.px(8),
                                                                         text_w, r.h - theme.px(12)))
        if g.treasure == ISLAND:
            says = Text.of("pir.explain.box_island")
        elif g.treasure == DESTROYED:
            says = Text.of("pir.explain.box_destroyed")
        else:
            says = Text.of("pir.explain.box_ship", ship=ship_text(g.treasure),
                           anchor=faction_of_text(g.home_of(faction_of(g.treasure))))
        t.explain(r, says, "treasure")
        forbidden = t.forbidden_directions(g.treasure) if g.treasure in g.ships else None
        img = sprites.compass(compass_size, forbidden=forbidden)
        surface.blit(img, img.get_rect(midright=(r.right - theme.px(6), r.centery)))
        if forbidden:
            # along a current first: "E and SE" (in Italian "E e SE", never "SE e E")
            named = sorted(forbidden, key=lambda d: d not in ("E", "W"))
            says = Text.of("pir.explain.compass_carrier", ship=ship_text(g.treasure),
                           dirs=list_text([dir_text(d) for d in named]))
        else:
            says = Text.of("pir.explain.compass")
        t.explain(img.get_rect(midright=(r.right - theme.px(6), r.centery)), says, "compass")

    # -- V6.2: the acey-deucey pickers, over the map ---------------------------------------------
    def bonus_box(self) -> pygame.Rect:
        w, h = theme.px(420), theme.px(196)
        r = pygame.Rect(0, 0, w, h)
        r.center = (self.board.centerx, self.board.bottom - theme.px(140))
        return r

    def bonus_rects(self) -> dict[tuple[int, int], pygame.Rect]:
        """(row, value) -> its die: two rows of 1 to 6."""
        box = self.bonus_box()
        s = theme.px(44)
        gap = theme.px(8)
        out = {}
        for row in range(2):
            x0 = box.centerx - (6 * s + 5 * gap) // 2
            y = box.y + theme.px(40) + row * (s + gap)
            for v in range(1, 7):
                out[(row, v)] = pygame.Rect(x0 + (v - 1) * (s + gap), y, s, s)
        return out

    def bonus_buttons(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Play (the two values chosen) and Decline."""
        box = self.bonus_box()
        w, h = theme.px(150), theme.px(36)
        y = box.bottom - h - theme.px(10)
        return (pygame.Rect(box.centerx - w - theme.px(6), y, w, h), pygame.Rect(box.centerx + theme.px(6), y, w, h))

    def draw_bonus(self, surface: pygame.Surface) -> None:
        box = self.bonus_box()
        theme.draw_frame(surface, "panel", box)
        f = theme.font("bold", 17)
        theme.draw_text(surface, tr("pir.ui.bonus_title"), f, palette.INK, (box.centerx, box.y + theme.px(10)), "midtop")
        t = self.table
        t.explain(box, Text.of("pir.explain.bonus"), "bonus")
        for (row, v), r in self.bonus_rects().items():
            img = die_face(v, r.w)
            if self.bonus_pick[row] and self.bonus_pick[row] != v:
                img = img.copy()
                img.set_alpha(110)
            surface.blit(img, r)
            if self.bonus_pick[row] == v:
                pygame.draw.rect(surface, palette.RED, r.inflate(4, 4), width=3, border_radius=theme.px(8))
            t.explain(r, Text.of("pir.explain.bonus_first" if row == 0 else "pir.explain.bonus_second", n=v), "bonus")
        play, decline = self.bonus_buttons()
        for rect, key, on in ((play, "pir.ui.bonus_play", all(self.bonus_pick)), (decline, "pir.ui.decline", True)):
            pygame.draw.rect(surface, palette.WOOD if on else palette.PARCHMENT_DARK, rect, border_radius=theme.px(8))
            theme.draw_text(surface, tr(key), theme.font("bold", 15), palette.PARCHMENT if on else palette.INK_SOFT,
                            rect.center, "center")
            t.explain(rect, Text.of("pir.explain.bonus_play" if key == "pir.ui.bonus_play" else "pir.explain.decline"),
                      "button")


__all__ = ["SidePanel"]
