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
never naming another move), and the scene's buttons, log panel, Menu button and camera buttons (``sea``: Centre
fleet, Whole sea, beside Menu), which it places. The
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
from game.games.pirateer.moves import DESTROYED, ISLAND, faction_of, number_of, ship_id
from game.games.pirateer.rules import (BONUS, END, MOVE, START, STORM, WIND, dir_text, faction_of_text, faction_text,
                                       list_text, ship_text)

if TYPE_CHECKING:  # pragma: no cover
    from game.games.pirateer.scene import PirateerScene

ROW_H = 30      # a row of two fleets, in theme pixels
ROW_H_MANY = 26  # ... with more than four fleets (the fantastic eight: up to eight, four rows)
DIE = 44        # the dice's side in the head, in theme pixels
DIE_FOUR = 34   # ... with four dice (V11.4), so the head keeps room for whose turn it is


def short_name(ship: str) -> str:
    """A ship's short name as positions write it: "Sp1"; with the board letter on the two-board map, "SpB1"."""
    from game.games.pirateer.positions import SHORT
    harbour = faction_of(ship)
    base, _, board = harbour.partition("-")
    letters = next((k for k, v in SHORT.items() if v == base), base[:2].title())
    return f"{letters}{board.upper()}{number_of(ship)}"


def die_px(count: int) -> int:
    """The side of each of ``count`` dice in the head, in screen pixels."""
    return theme.px(DIE if count <= 3 else DIE_FOUR)


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
        """The panel fills ``side`` top to bottom: the head (whose turn, the order of play) with the dice on its
        right, the prompt, one row of buttons, the fleets two to a row (or the seats while the fleets are
        chosen), the treasure, and the log down to the Menu button: the log takes every pixel left, so a whole
        round of turns is in sight at 1280x720."""
        t = self.table
        self.rect, self.board = side, board
        pad = theme.px(10)
        x, w = side.x + pad, side.w - 2 * pad
        self.head_rect = pygame.Rect(x, pad, w, theme.px(66))
        n = max(2, t.game.dice_count())
        die = die_px(n)
        dice_w = n * die + (n - 1) * theme.px(8)
        self.dice_rect = pygame.Rect(self.head_rect.right - dice_w, self.head_rect.y + theme.px(2), dice_w,
                                     self.head_rect.h - theme.px(2))
        self.prompt_rect = pygame.Rect(x, self.head_rect.bottom + theme.px(4), w, theme.px(38))
        by = self.prompt_rect.bottom + theme.px(6)
        bh = theme.px(40)
        g = t.game
        fleets = len({f for fs in g.seat_factions for f in fs} | ({g.dead_man} - {None}))
        count = min(8, max(fleets, g.players + (1 if g.options.get("dead-man") else 0)))   # chosen or not yet
        rows = (count + 1) // 2
        self.row_h = theme.px(ROW_H if count <= 4 else ROW_H_MANY)
        self.fleet_rect = pygame.Rect(x, by + bh + theme.px(10), w, self.row_h * rows)
        two = len(g.treasures) > 1                     # V11.2: a line for each treasure
        self.treasure_rect = pygame.Rect(x, self.fleet_rect.bottom + theme.px(8), w, theme.px(64 if two else 56))
        log_top = self.treasure_rect.bottom + theme.px(8)
        menu_h = theme.px(38)
        t.logpanel.layout(pygame.Rect(x, log_top, w, side.bottom - pad - menu_h - theme.px(6) - log_top))
        t.menu_button.layout(pygame.Rect(side.right - pad - theme.px(110), side.bottom - pad - menu_h,
                                         theme.px(110), menu_h))
        t.sea.layout_buttons(pygame.Rect(x, side.bottom - pad - menu_h, t.menu_button.rect.x - theme.px(8) - x,
                                         menu_h))     # the camera's: Centre fleet, Whole sea (beside Menu)

    def cells(self, count: int) -> list[pygame.Rect]:
        """The boxes of ``count`` fleets (or seats), two to a row, in the order of play."""
        r = self.fleet_rect
        gap = theme.px(6)
        half = (r.w - gap) // 2
        row_h = getattr(self, "row_h", theme.px(ROW_H))
        return [pygame.Rect(r.x + (k % 2) * (half + gap), r.y + (k // 2) * row_h, half, row_h - theme.px(3))
                for k in range(count)]

    def flow(self, buttons: list) -> None:
        """The visible buttons share one row under the prompt, in the order given (a fourth would start a row
        of its own: no phase shows more than three)."""
        r = self.prompt_rect
        gap, bh = theme.px(8), theme.px(40)
        shown = [b for b in buttons if b.visible]
        per_row = 3
        width = (r.w - (per_row - 1) * gap) // per_row
        if len(shown) <= 2:
            width = (r.w - gap) // 2
        for k, b in enumerate(shown):
            row, col = divmod(k, per_row)
            b.layout(pygame.Rect(r.x + col * (width + gap), r.bottom + theme.px(6) + row * (bh + theme.px(6)),
                                 width, bh))

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
        t.sea.draw(surface)

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
        held = t.no_move_held()
        if held is not None:                    # R13 on this player's roll: the turn passes on the banner's OK
            return tr("pir.ui.no_move_prompt", name=t.seat_name(held[0]))
        seat = t.shown_turn()[1]        # a bot's last move still sailing is still its turn on screen
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
        r = self.head_rect.copy()
        r.w = self.dice_rect.x - r.x - theme.px(10)          # the dice stand on its right
        title = theme.font("display", 24)
        turn, current = t.shown_turn()           # (a human's turn with no move stays headed until its OK)
        head = tr("pir.ui.choose_title") if t.choosing() else tr("pir.ui.turn", n=turn)
        theme.draw_text(surface, head, theme.fit_font(head, "display", 24, r.w), palette.GOLD_LIGHT, (r.x, r.y))
        line1 = pygame.Rect(r.x, r.y, r.w, title.get_linesize())
        t.explain(line1, Text.of("pir.explain.choose_title") if t.choosing() else
                  Text.of("pir.explain.turn", n=turn), "head")
        if g.is_over():
            text = tr(g.how) if g.how else ""
        elif t.choosing():
            text = tr("pir.ui.choose_prompt", name=t.seat_name(g.current))
        else:
            text = tr("pir.ui.to_play", name=t.seat_name(current), side=tr(g._who(current)))
        f = theme.fit_font(text, "bold", 16, r.w)
        theme.draw_text(surface, text, f, palette.PARCHMENT, (r.x, r.y + title.get_linesize()))
        line2 = pygame.Rect(r.x, line1.bottom, r.w, f.get_linesize())
        if g.is_over():
            t.explain(line2, Text.of("pir.explain.over"), "head")
        elif not t.choosing():
            t.explain(line2, Text.of("pir.explain.to_play", name=t.seat_name(current), side=g._who(current)), "head")
        else:
            t.explain(line2, Text.of("pir.explain.choosing", name=t.seat_name(g.current)), "head")
        order = [t.seat_name(s) for s in (g.order or range(g.players)) if s not in g.out]
        line = " → ".join(order)
        room = r.w
        note = self._need_note()
        if note is not None:         # the dice's "1 left to play" may reach further left than the dice
            room = min(room, self.dice_rect.right - theme.font("text", 13).size(note)[0] - r.x - theme.px(10))
        small = theme.fit_font(line, "text", 14, max(theme.px(60), room), 10)
        shown = order
        while len(shown) > 2 and small.size(line)[0] > max(theme.px(60), room):   # eight seats: the next ones
            shown = shown[:-1]
            line = " → ".join(shown) + " → …"
        theme.draw_text(surface, line, small, palette.PARCHMENT_DARK,
                        (r.x, r.y + title.get_linesize() + f.get_linesize()))
        if line:
            t.explain(pygame.Rect(r.x, line2.bottom, r.w, small.get_linesize()),
                      Text.of("pir.explain.order", order=" → ".join(order)), "head")

    def _draw_dice(self, surface: pygame.Surface) -> None:
        """The dice the events threw, on the head's right: tumbling while the roll runs, then their faces
        (played ones, and thrown ones whose turn passed, greyed), how many are left to play under them; empty
        sockets before the roll."""
        t = self.table
        g = t.game
        r = self.dice_rect
        size = die_px(max(2, g.dice_count(), len(t.shown_dice)))
        gap = theme.px(8)
        dice = t.shown_dice
        if not dice:                        # where the dice will land: faint sockets
            for k in range(g.dice_count()):
                socket = pygame.Rect(r.right - (k + 1) * size - k * gap, r.y, size, size)
                hole = pygame.Surface(socket.size, pygame.SRCALPHA)
                inner = hole.get_rect().inflate(-theme.px(6), -theme.px(6))
                pygame.draw.rect(hole, (0, 0, 0, 60), inner, border_radius=theme.px(8))
                pygame.draw.rect(hole, (*palette.PARCHMENT_DARK, 110), inner, max(1, theme.px(2)),
                                 border_radius=theme.px(8))
                surface.blit(hole, socket)
                t.explain(socket, Text.of("pir.explain.no_dice"), "die")
            return
        age = t.roll_age()
        used = list(g.used) + [False] * len(dice)
        x0 = r.right - len(dice) * size - (len(dice) - 1) * gap
        for k, d in enumerate(dice):
            x = x0 + k * (size + gap)
            y = r.y
            if age is not None:
                frame = 1 + (int(age / 0.07) + k) % 3
                img = die_blur(frame, size)
                y += theme.px(4) - int(abs(((age * 9 + k) % 2) - 1) * theme.px(6))
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
            t.explain(pygame.Rect(x, r.y, size, size), says, "die")
        words = self._need_note()
        if words is not None:
            box = theme.draw_text(surface, words, theme.font("text", 13), palette.PARCHMENT, (r.right, r.bottom),
                                  "bottomright")
            t.explain(box, Text.of("pir.explain.need", n=g.need), "die")

    def _need_note(self) -> str | None:
        """Under the dice, how many are left to play (once they lie still, while some are), else None."""
        t = self.table
        g = t.game
        if t.shown_dice and t.roll_age() is None and g.phase == MOVE and g.need:
            return tr("pir.ui.to_play_dice", n=g.need)
        return None

    @staticmethod
    def _words(name: str, faction: str | None) -> str:
        return f"{name} · {tr(faction_text(faction))}" if faction else f"{name} · …"

    def _label(self, name: str, faction: str | None, room: int, full: bool) -> tuple[str, pygame.font.Font]:
        """A fleet's words in ``room`` pixels: "Anna · Spanish" when every box has room for its own (``full``),
        else the player's name alone (the ships, the flag and the explanation tell the fleet)."""
        text = self._words(name, faction) if full else name
        return text, theme.fit_font(text, "bold", 14, room, 10)

    def _all_fit(self, words: list[str], room: int) -> bool:
        f = theme.font("bold", 14)
        return all(f.size(w)[0] <= room for w in words)

    def _cell_frame(self, surface: pygame.Surface, cell: pygame.Rect, current: bool) -> None:
        """A fleet's box: a dark plate, ringed in gold for the player on turn."""
        pygame.draw.rect(surface, (44, 28, 18), cell, border_radius=theme.px(6))
        if current:
            pygame.draw.rect(surface, palette.GOLD, cell, width=max(1, theme.px(2)), border_radius=theme.px(6))

    def _draw_fleets(self, surface: pygame.Surface) -> None:
        """The fleets two to a row, in the order of play: the player's chip (the colour and symbol of their
        log lines and of their marks on the sea), their name (and fleet, when it fits), its three ships (sunk
        ones faint, the carrier with the coin); the box of the player on turn ringed in gold."""
        t = self.table
        g = t.game
        factions = [f_ for s in g.order for f_ in g.seat_factions[s]]
        if g.dead_man and g.dead_man not in factions:
            factions.append(g.dead_man)
        factions = factions[:8]
        icon = max(16, int(getattr(self, "row_h", theme.px(ROW_H)) * 0.86))
        step = icon - theme.px(9)
        cells = self.cells(len(factions))
        names = [t.seat_name(g.controller(f)) if g.controller(f) is not None else tr("pir.ui.dead_man")
                 for f in factions]
        room = (cells[0].w - theme.px(16) - int(cells[0].h * 0.72) - 2 * step - icon) if cells else 0
        full = self._all_fit([self._words(n, f) for n, f in zip(names, factions)], room)
        for faction, cell in zip(factions, cells):
            seat = g.controller(faction)
            name = t.seat_name(seat) if seat is not None else tr("pir.ui.dead_man")
            current = seat == t.shown_turn()[1] and not g.is_over()
            self._cell_frame(surface, cell, current)
            afloat = sum(1 for n in (1, 2, 3) if ship_id(faction, n) in g.ships)
            if seat is None:
                says = Text.of("pir.explain.fleet_dead", faction=faction_of_text(faction), n=afloat)
            else:
                says = Text.of("pir.explain.fleet_now" if current else "pir.explain.fleet", player=name,
                               faction=faction_of_text(faction), n=afloat)
            t.explain(pygame.Rect(cell), says, "fleet")
            x = cell.x + theme.px(5)
            mark_size = int(cell.h * 0.72)
            mark = theme.seat_chip(t.session.seats[seat].colour, mark_size) if seat is not None else \
                sprites.flag(faction, mark_size)
            surface.blit(mark, mark.get_rect(midleft=(x, cell.centery)))
            x += mark_size + theme.px(5)
            ships_x = cell.right - theme.px(3) - 2 * step - icon
            label, f = self._label(name, faction, ships_x - x - theme.px(4), full)
            theme.draw_text(surface, label, f, palette.PARCHMENT, (x, cell.centery), "midleft")
            sx = ships_x
            for n in (1, 2, 3):
                ship = ship_id(faction, n)
                img = sprites.ship(faction, icon, number=n)
                if ship not in g.ships:
                    img = img.copy()
                    img.set_alpha(50)
                box = img.get_rect(midleft=(sx, cell.centery - theme.px(2)))
                surface.blit(img, box)
                coins = t.coins_of(ship) if ship in g.ships else 0
                for k in range(coins):                  # V11.5: a ship may hold both treasures
                    c = sprites.coin(int(icon * 0.5))
                    surface.blit(c, c.get_rect(center=(sx + icon * (0.72 - 0.22 * k), cell.y + cell.h * (0.3 - 0.12 * k))))
                key = "pir.explain.list_sunk" if ship not in g.ships else \
                    ("pir.explain.list_afloat" if not coins else
                     "pir.explain.list_carrier" if coins == 1 else "pir.explain.list_carrier_both")
                t.explain(box.clip(pygame.Rect(sx, cell.y, step if n < 3 else icon, cell.h)),
                          Text.of(key, ship=ship_text(ship)), "ship")
                sx += step

    def _draw_choosers(self, surface: pygame.Surface) -> None:
        """S1: each seat, two to a row: its chip, its name and the fleet it chose (with its flag) or that it
        is still to choose; the seat choosing now ringed in gold."""
        t = self.table
        g = t.game
        seats = min(8, g.players)
        cells = self.cells(seats)
        chosen = [(t.seat_name(k), g.seat_factions[k][0] if k < len(g.seat_factions) and g.seat_factions[k] else None)
                  for k in range(seats)]
        room = (cells[0].w - theme.px(18) - 2 * int(cells[0].h * 0.72)) if cells else 0
        full = self._all_fit([self._words(n, f) for n, f in chosen], room)
        for seat, cell in zip(range(seats), cells):
            self._cell_frame(surface, cell, seat == g.current)
            fleets = g.seat_factions[seat] if seat < len(g.seat_factions) else []
            name = t.seat_name(seat)
            x = cell.x + theme.px(5)
            mark_size = int(cell.h * 0.72)
            chip = theme.seat_chip(t.session.seats[seat].colour, mark_size)
            surface.blit(chip, chip.get_rect(midleft=(x, cell.centery)))
            x += mark_size + theme.px(5)
            right = cell.right - theme.px(4)
            if fleets:
                flag = sprites.flag(fleets[0], mark_size)
                surface.blit(flag, flag.get_rect(midright=(right, cell.centery)))
                right -= flag.get_width() + theme.px(4)
            label, f = self._label(name, fleets[0] if fleets else None, right - x, full)
            theme.draw_text(surface, label, f, palette.PARCHMENT if fleets else palette.PARCHMENT_DARK,
                            (x, cell.centery), "midleft")
            says = Text.of("pir.explain.chose", player=name, faction=faction_of_text(fleets[0])) if fleets else \
                Text.of("pir.explain.not_chosen", player=name)
            t.explain(pygame.Rect(cell), says, "fleet")

    def treasure_lines(self, short: bool = False) -> tuple[list[str], Text]:
        """Where each treasure is, a line each (one line for the one treasure of a one-board game; V11.2: "both on
        island B" while they lie together), and what the box says of them. ``short``: the ships by their short
        names ("SpB1"), for a narrow panel."""
        g = self.table.game

        def named(ship: str) -> str:
            return short_name(ship) if short else tr(ship_text(ship))
        places = g.treasures
        island = g.setup.island or ""
        if len(places) == 1:
            place = next(iter(places.values()))
            if place == ISLAND:
                return [tr("pir.ui.treasure_island")], Text.of("pir.explain.box_island")
            if place == DESTROYED:
                return [tr("pir.ui.treasure_destroyed")], Text.of("pir.explain.box_destroyed")
            cell = g.ships.get(place)
            return ([tr("pir.ui.treasure_on", ship=tr(ship_text(place)), cell=g.board.square_name(cell) if cell else "")],
                    Text.of("pir.explain.box_ship", ship=ship_text(place),
                            anchor=faction_of_text(g.home_of(faction_of(place)))))
        if g.setup.awaits_flip:                            # V11.2: the coin flip comes after the choices
            return [tr("pir.ui.treasures_flip")], Text.of("pir.explain.box_flip")
        where = list(places.values())
        if all(p == ISLAND for p in where):
            return [tr("pir.ui.treasures_island", island=island)], Text.of("pir.explain.box_two_island", island=island)
        if where[0] == where[1] and where[0] in g.ships:  # V11.5: one ship holds both
            ship = where[0]
            line = tr("pir.ui.treasures_on", ship=named(ship), cell=g.board.square_name(g.ships[ship]))
            return [line], Text.of("pir.explain.box_two_ship", ship=ship_text(ship),
                                   anchor=faction_of_text(g.home_of(faction_of(ship))))
        lines = []
        for k, place in enumerate(where, 1):
            if place == ISLAND:
                lines.append(tr("pir.ui.treasure_k_island", k=k, island=island))
            elif place == DESTROYED:
                lines.append(tr("pir.ui.treasure_k_destroyed", k=k))
            else:
                cell = g.ships.get(place)
                lines.append(tr("pir.ui.treasure_k_on", k=k, ship=named(place),
                                cell=g.board.square_name(cell) if cell else ""))
        return lines, Text.of("pir.explain.box_two", where="; ".join(lines), island=island)

    def _draw_treasure(self, surface: pygame.Surface) -> None:
        """Where each treasure is, and the compass of each carrier with its forbidden directions struck (R17, R18;
        V11.5: two carriers, two compasses)."""
        t = self.table
        g = t.game
        r = self.treasure_rect
        coin = sprites.coin(theme.px(32))
        surface.blit(coin, coin.get_rect(midleft=(r.x + theme.px(10), r.centery)))
        if len(g.treasures) > 1:                             # the second coin behind the first
            surface.blit(coin, coin.get_rect(midleft=(r.x + theme.px(4), r.centery - theme.px(8))))
            surface.blit(coin, coin.get_rect(midleft=(r.x + theme.px(12), r.centery + theme.px(4))))
        texts, says = self.treasure_lines()
        carriers = [c for c in g.carriers() if c in g.ships][:2]
        compass_size = r.h - theme.px(8) if len(carriers) < 2 else r.h - theme.px(14)
        compasses = max(1, len(carriers))
        text_w = r.w - theme.px(58) - compasses * compass_size - (compasses - 1) * theme.px(4)
        lines: list[str] = []
        f = theme.font("text", 15)
        for words in (texts, self.treasure_lines(short=True)[0]):   # the ships' short names when narrow
            for size in (15, 13, 11, 10):
                f = theme.font("text", size)
                lines = [w for text in words for w in theme.wrap_text(text, f, text_w)]
                if len(lines) * f.get_linesize() <= r.h - theme.px(4) and len(lines) <= max(2, len(words)):
                    break
            else:
                continue
            break
        lines = lines[:max(1, (r.h - theme.px(2)) // f.get_linesize())]
        y = r.centery - len(lines) * f.get_linesize() // 2
        for line in lines:
            theme.draw_text(surface, line, f, palette.INK, (r.x + theme.px(50), y))
            y += f.get_linesize()
        t.explain(r, says, "treasure")
        right = r.right - theme.px(6)
        for carrier in carriers or [None]:
            forbidden = t.forbidden_directions(carrier) if carrier is not None else None
            img = sprites.compass(compass_size, forbidden=forbidden)
            box = img.get_rect(midright=(right, r.centery))
            surface.blit(img, box)
            if forbidden:
                # along a current first: "E and SE" (in Italian "E e SE", never "SE e E")
                named = sorted(forbidden, key=lambda d: d not in ("E", "W"))
                says = Text.of("pir.explain.compass_carrier", ship=ship_text(carrier),
                               dirs=list_text([dir_text(d) for d in named]))
            else:
                says = Text.of("pir.explain.compass")
            if len(carriers) > 1:                          # whose compass: the carrier's number under it
                label = short_name(carrier)
                small = theme.fit_font(label, "bold", 11, compass_size + theme.px(10), 8)
                theme.draw_text(surface, label, small, palette.INK, (box.centerx, r.bottom - theme.px(1)), "midbottom")
            t.explain(box, says, "compass")
            right = box.left - theme.px(4)

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
