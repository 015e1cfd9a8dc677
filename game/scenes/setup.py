"""Game setup: players, seats (human or bot level, name, colour), variants, seed, Start.

The form is built from the options the game declares; the model (setup_model.py) says what is wrong
and the form shows it next to the control and under Start, which stays disabled until all is well.
The last choices are remembered per game in the settings.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pygame

from game import games
from game.core.protocol import Option, Text
from game.core.session import GameSession, Seat
from game.games import GameEntry
from game.i18n import language, tr
from game.scenes.base import Scene
from game.scenes.common import Explains
from game.scenes.setup_model import MAX_NAME, MAX_SEED, SEAT_KINDS, SetupModel
from game.ui import palette, theme
from game.ui.widgets import Button, Choice, FocusRing, Label, Panel, TextInput, Toggle, Tooltip, Widget

log = logging.getLogger("pgn.setup")


class ColourChip(Widget):
    """A seat's colour and symbol; a click gives the seat the next free colour."""

    focusable = True

    def __init__(self, model: SetupModel, seat: int, on_change):
        super().__init__()
        self.model, self.seat, self.on_change = model, seat, on_change
        self.symbols = True  # the colour-blind symbols setting
        self.given = False   # the game gives this seat its colour (``GamePackage.seat_colours``): no other offered

    def preferred_size(self, width: int | None = None) -> tuple[int, int]:
        return (theme.px(40), theme.px(40))

    def wants_key(self, key: int) -> bool:
        return key in (pygame.K_RETURN, pygame.K_SPACE)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        self._track_hover(event)
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and self.rect.collidepoint(event.pos)
        keyed = event.type == pygame.KEYDOWN and self.focused and event.key in (pygame.K_RETURN, pygame.K_SPACE)
        if (clicked or keyed) and self.given:
            return True
        if clicked or keyed:
            step = -1 if clicked and event.button == 3 else 1
            self.model.next_colour(self.seat, step, len(palette.SEAT_COLOURS))
            self.on_change()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        self._draw_focus(surface, theme.px(20))
        colour = self.model.seats[self.seat].colour
        r = self.rect
        pygame.draw.circle(surface, palette.WOOD_DARK, r.center, r.w // 2)
        if self.symbols:
            chip = theme.seat_chip(colour, r.w - 2 * max(2, theme.px(2)))
            surface.blit(chip, chip.get_rect(center=r.center))
        else:
            pygame.draw.circle(surface, theme.seat_colour(colour), r.center, r.w // 2 - max(2, theme.px(3)))
        if self.hovered:
            pygame.draw.circle(surface, palette.GOLD_LIGHT, r.center, r.w // 2, max(2, theme.px(2)))


class SeatRow:
    """One seat's controls: colour chip, name, human/bot level."""

    def __init__(self, scene: "SetupScene", index: int):
        model = scene.model
        seat = model.seats[index]
        self.index, self.model = index, model
        self.label = Label(Text.of("setup.seat", n=index + 1), size=16, colour=palette.INK_SOFT, valign="middle")
        self.chip = ColourChip(model, index, scene.changed)
        self.name = TextInput(seat.name, max_length=MAX_NAME, on_change=lambda v: scene.set_name(index, v))
        self.kind = Choice(SEAT_KINDS, [Text.of(f"setup.kind.{k}") for k in SEAT_KINDS],
                           SEAT_KINDS.index(seat.kind), on_change=lambda v: scene.set_kind(index, v))
        self.chip.symbols = scene.app.settings.colourblind_symbols
        self.widgets: list[Widget] = [self.chip, self.name, self.kind]
        # the game's beginner aid for a human seat (Island Race's matching edges), beside the seat's kind
        aid = getattr(scene.rules, "seat_aid", None)
        self.aid: Toggle | None = None
        if aid:
            self.aid = Toggle(Text.of(aid[0]), seat.aid, on_change=lambda v: scene.set_aid(index, v), size=15)
            self.aid_help = Text.of(aid[1])
            self.widgets.append(self.aid)

    def layout(self, rect: pygame.Rect) -> None:
        label_w = theme.px(70)
        chip = theme.px(40)
        gap = theme.px(10)
        self.label.layout(pygame.Rect(rect.x, rect.y, label_w, rect.h))
        x = rect.x + label_w
        self.chip.layout(pygame.Rect(x, rect.centery - chip // 2, chip, chip))
        x += chip + gap
        right = rect.right
        if self.aid is not None:
            aid_w = min(self.aid.preferred_size()[0], (rect.right - x) // 3)
            self.aid.layout(pygame.Rect(rect.right - aid_w, rect.centery - theme.px(20), aid_w, theme.px(40)))
            right = rect.right - aid_w - gap
        rest = right - x
        name_w = int(rest * 0.48)
        self.name.layout(pygame.Rect(x, rect.centery - theme.px(20), name_w, theme.px(40)))
        x += name_w + gap
        self.kind.layout(pygame.Rect(x, rect.centery - theme.px(20), right - x, theme.px(40)))

    def set_visible(self, on: bool) -> None:
        for w in [self.label, *self.widgets]:
            w.visible = on
        if self.aid is not None:   # a bot has no aid
            self.aid.visible = on and self.model.seats[self.index].kind == "human"


class SetupScene(Explains, Scene):
    name = "setup"

    def __init__(self, app, entry: GameEntry, seed: int | None = None):
        super().__init__(app)
        if not entry.available:
            raise ValueError(f"{entry.id} is not playable")
        self.entry = entry
        self.rules = entry.package.rules
        self.model = SetupModel.default(self.rules, language(), most=entry.players[1])
        self.model.restore(app.settings.last_setup.get(entry.id))
        if seed is not None:
            self.model.seed_text = str(seed)
        self.left = Panel(title=Text.of("setup.players"))
        self.right = Panel(title=Text.of("setup.options"))
        counts = self.model.player_counts()
        self.players = Choice(counts, [str(c) for c in counts], counts.index(self.model.players),
                              on_change=self.set_players, wrap=False)
        self.rows = [SeatRow(self, i) for i in range(self.model.max_players)]
        # real-time games: one set of controls per person (the mouse, the keyboard, each game controller)
        self.realtime = bool(getattr(self.rules, "realtime", False))
        if self.realtime:
            self.model.controllers = connected_controllers()
        self.humans_note = Label("", size=15, colour=palette.INK_SOFT)
        self.bots_button = Button(Text.of("setup.realtime.make_bots"), self.bots_for_extra_humans, min_width=200,
                                  height=40, size=16)
        self.option_widgets: list[tuple[Option, Widget, Label]] = []
        self.option_labels: dict[str, Label] = {}
        for opt in self.model.offered_options():
            self.option_widgets.append((opt, self._option_widget(opt),
                                        Label("", size=14, colour=palette.RED)))
            if opt.kind != "bool":
                self.option_labels[opt.key] = Label(Text.of(opt.label or opt.key), size=18, valign="middle")
        self.count_label = Label(Text.of("setup.how_many"), size=18, valign="middle")
        self.no_options = Label(Text.of("setup.no_options"), size=16, colour=palette.INK_SOFT)
        self.seed_label = Label(Text.of("setup.seed"), size=16, colour=palette.INK, valign="middle")
        self.seed_input = TextInput(self.model.seed_text, max_length=MAX_SEED, on_change=self.set_seed)
        self.seed_hint = Label(Text.of("setup.seed_hint"), size=14, colour=palette.INK_SOFT)
        self.problems = Label("", size=16, colour=palette.RED, align="right", valign="bottom")
        self.start = Button(Text.of("setup.start"), self.start_game, min_width=200)
        self.back_button = Button(Text.of("setup.back"), self.back, min_width=140)
        self.rules_button = Button(Text.of("setup.rules"), self.open_rules, min_width=140)
        from game.scenes.coach import tutorial_of
        self.learn_button = Button(Text.of("coach.learn"), self.open_lesson, min_width=180)
        self.learn_button.visible = tutorial_of(entry) is not None   # Learn to play, where the game has a lesson
        self._option_area: tuple[pygame.Rect, int] | None = None   # where the options are laid out (layout)
        self.focus = FocusRing()
        # what each field, option and button is: resting the pointer, or F1
        self.tooltip = Tooltip(delay=0.6, source=self.explanations)
        self.changed()

    # Widgets --------------------------------------------------------------------------------
    def _option_widget(self, opt: Option) -> Widget:
        label = Text.of(opt.label or opt.key)
        if opt.kind == "bool":
            return Toggle(label, bool(self.model.options.get(opt.key, opt.default)),
                          on_change=lambda v, k=opt.key: self.set_option(k, v), tooltip=Text.of(opt.help) if opt.help else None)
        if opt.kind == "choice":
            labels = [Text.of(l) for l in opt.choice_labels] if opt.choice_labels else [str(c) for c in opt.choices]
            value = self.model.options.get(opt.key, opt.default)
            return Choice(opt.choices, labels, list(opt.choices).index(value) if value in opt.choices else 0,
                          on_change=lambda v, k=opt.key: self.set_option(k, v))
        values = list(range(opt.lo, opt.hi + 1))
        value = self.model.options.get(opt.key, opt.default)
        return Choice(values, [str(v) for v in values], values.index(value) if value in values else 0,
                      on_change=lambda v, k=opt.key: self.set_option(k, v), wrap=False)

    def all_widgets(self) -> list[Widget]:
        out: list[Widget] = [self.players]
        for row in self.rows[: self.model.players]:
            out += row.widgets
        out += [w for _, w, _ in self.option_widgets if w.visible]
        if self.bots_button.visible:
            out.append(self.bots_button)
        out += [self.seed_input, self.back_button, self.rules_button]
        if self.learn_button.visible:
            out.append(self.learn_button)
        return out + [self.start]

    # Model edits ----------------------------------------------------------------------------
    def set_players(self, n: int) -> None:
        self.model.set_players(n)
        for opt, widget, _ in self.option_widgets:      # an option the count decides shows its new value
            if opt.key in self.model.options and hasattr(widget, "value"):
                widget.value = self.model.options[opt.key]
        self.changed()

    def set_name(self, index: int, value: str) -> None:
        self.model.seats[index].name = value
        self.changed()

    def set_aid(self, index: int, value: bool) -> None:
        self.model.seats[index].aid = bool(value)
        if self.rows[index].aid is not None:
            self.rows[index].aid.value = bool(value)
        self.changed()

    def set_kind(self, index: int, value: str) -> None:
        self.model.seats[index].kind = value
        self.changed()

    def bots_for_extra_humans(self) -> None:
        self.model.bots_for_extra_humans()
        for row, seat in zip(self.rows, self.model.seats):
            row.kind.value = seat.kind
        self.changed()

    def set_option(self, key: str, value: Any) -> None:
        self.model.set_option(key, value)
        self.changed()

    def set_seed(self, value: str) -> None:
        self.model.seed_text = value
        self.changed()

    def changed(self) -> None:
        hook = self.entry.package.seat_colours
        given = hook(self.model.players) if hook is not None else None
        for i, colour in enumerate(given or []):
            self.model.set_colour(i, colour)      # the seats wear the game's colours (the others swap away)
        for i, row in enumerate(self.rows):
            row.set_visible(i < self.model.players)
            row.chip.given = given is not None
        moved = False
        for opt, widget, problem in self.option_widgets:     # a choice the count does not allow is hidden
            shown = self.model.shown(opt)
            moved |= widget.visible != shown
            widget.visible = problem.visible = shown
            if opt.key in self.option_labels:
                self.option_labels[opt.key].visible = shown
        if moved and self._option_area is not None:
            self._layout_options(*self._option_area)
        for opt, widget, problem in self.option_widgets:
            reason = self.model.option_problem(opt.key)
            problem.text = tr(reason) if reason else ""
        limit = self.model.human_limit()
        too_many = self.model.too_many_humans()
        self.bots_button.visible = too_many
        if too_many:
            self.humans_note.text = Text.of("setup.realtime.too_many_humans", max=limit,
                                            pads=self.model.controllers)
            self.humans_note.colour = palette.RED
        elif limit is not None and self.model.humans() >= 2 and self.model.inputs():
            who = ", ".join(tr(t) for _, t in self.model.inputs())
            self.humans_note.text = Text.of("setup.realtime.inputs", list=who)
            self.humans_note.colour = palette.INK_SOFT
        else:
            self.humans_note.text = ""
        problems = self.model.problems()
        self.players.value = self.model.players
        self.problems.text = "\n".join(tr(p) for p in problems[:3])
        self.start.enabled = not problems
        self.focus.set_widgets(self.all_widgets())
        self.mark_dirty()

    # Layout ---------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        margin = theme.px(32)
        top = theme.px(92)
        bottom_h = theme.px(64)
        body = pygame.Rect(margin, top, rect.w - 2 * margin, rect.h - top - bottom_h - theme.px(28))
        gap = theme.px(20)
        left_w = int(body.w * 0.56)
        self.left.layout(pygame.Rect(body.x, body.y, left_w, body.h))
        self.right.layout(pygame.Rect(body.x + left_w + gap, body.y, body.w - left_w - gap, body.h))
        c = self.left.content_rect
        self.count_label.layout(pygame.Rect(c.x, c.y, theme.px(200), theme.px(40)))
        self.players.layout(pygame.Rect(c.x + theme.px(210), c.y, theme.px(150), theme.px(40)))
        row_h = min(theme.px(54), (c.h - theme.px(56)) // max(1, len(self.rows)))
        y = c.y + theme.px(54)
        for row in self.rows:
            row.layout(pygame.Rect(c.x, y, c.w, row_h))
            y += row_h
        y += theme.px(6)
        bw = self.bots_button.preferred_size()[0]
        self.bots_button.layout(pygame.Rect(c.right - bw, c.bottom - theme.px(40), bw, theme.px(40)))
        self.humans_note.layout(pygame.Rect(c.x, y, c.w, max(0, self.bots_button.rect.y - y - theme.px(4))))
        c = self.right.content_rect
        self._option_area = (c, c.bottom - theme.px(92))
        self._layout_options(*self._option_area)
        self.no_options.layout(pygame.Rect(c.x, c.y, c.w, theme.px(40)))
        seed_y = c.bottom - theme.px(84)
        self.seed_label.layout(pygame.Rect(c.x, seed_y, theme.px(170), theme.px(40)))
        self.seed_input.layout(pygame.Rect(c.x + theme.px(176), seed_y, min(theme.px(180), c.w - theme.px(176)),
                                           theme.px(40)))
        self.seed_hint.layout(pygame.Rect(c.x, seed_y + theme.px(46), c.w, theme.px(36)))
        by = rect.h - bottom_h - theme.px(12)
        self.back_button.layout(pygame.Rect(margin, by, theme.px(150), bottom_h - theme.px(8)))
        self.rules_button.layout(pygame.Rect(margin + theme.px(166), by, theme.px(150), bottom_h - theme.px(8)))
        sw = theme.px(220)
        self.start.layout(pygame.Rect(rect.w - margin - sw, by, sw, bottom_h - theme.px(8)))
        left = theme.px(340)
        if self.learn_button.visible:
            self.learn_button.layout(pygame.Rect(margin + left - theme.px(8), by, theme.px(200), bottom_h - theme.px(8)))
            left += theme.px(208)
        self.problems.layout(pygame.Rect(margin + left, by, rect.w - 2 * margin - left - sw - theme.px(16),
                                         bottom_h - theme.px(8)))
        self.title_pos = (rect.centerx, theme.px(20))

    def _layout_options(self, c: pygame.Rect, bottom: int) -> None:
        """One option per line with its problem under it; when they do not fit above ``bottom``
        (a game with many variants), the on/off options go in two columns of compact rows."""
        problem_h = theme.px(20)
        shown = [(o, w, p) for o, w, p in self.option_widgets if w.visible]
        needed = sum(w.preferred_size(c.w)[1] + problem_h for _, w, _ in shown)
        compact = needed > bottom - c.y
        y = c.y
        toggles = []
        for opt, widget, problem in shown:
            if compact and opt.kind == "bool":
                toggles.append((widget, problem))
                continue
            h = widget.preferred_size(c.w)[1]
            if opt.kind == "bool":
                widget.layout(pygame.Rect(c.x, y, c.w, h))
            else:
                label = self.option_labels[opt.key]
                # the choice takes the room its longest value needs (Italian runs long), leaving the label its text
                label_need = label.font.size(theme.text_of(label.text))[0] + theme.px(8)
                choice_w = max(min(c.w // 2, theme.px(220)),
                               min(widget.preferred_size()[0], c.w - label_need, int(c.w * 0.62)))
                label_w = c.w - choice_w
                label.layout(pygame.Rect(c.x, y, label_w - theme.px(8), h))
                widget.layout(pygame.Rect(c.x + label_w, y, c.w - label_w, h))
            y += h
            problem.layout(pygame.Rect(c.x + theme.px(40), y, c.w - theme.px(40), theme.px(18)))
            y += problem_h
        if not toggles:
            return
        rows = (len(toggles) + 1) // 2
        row_h = max(theme.px(34), min(theme.px(56), (bottom - y) // rows))
        col_w = (c.w - theme.px(12)) // 2
        line_h = max(theme.px(14), row_h - theme.px(30))
        for k, (widget, problem) in enumerate(toggles):
            col, row = divmod(k, rows)
            x, ty = c.x + col * (col_w + theme.px(12)), y + row * row_h
            widget.layout(pygame.Rect(x, ty, col_w, theme.px(30)))
            problem.size = 12
            problem.layout(pygame.Rect(x + theme.px(36), ty + theme.px(29), col_w - theme.px(36), line_h))

    # Actions --------------------------------------------------------------------------------
    def start_game(self) -> None:
        if self.model.problems():
            return
        self.app.settings.last_setup[self.entry.id] = self.model.to_json()
        self.app.save_settings()
        seed = self.model.seed()
        if seed is None:
            seed = self.app.random_bits() & 0xFFFFFFFF
        seats = [s.to_seat(aid_offered=bool(getattr(self.rules, "seat_aid", None)))
                 for s in self.model.active_seats()]
        from game.paths import AssetError
        try:
            scene = make_table_scene(self.app, self.entry, seats, dict(self.model.options), seed)
        except AssetError as exc:  # a file of the app itself (a map) is missing or damaged: said, no game
            log.error("cannot start %s: %s", self.entry.id, exc)
            self.app.notify(exc.text)
            return
        self.app.stack.replace(scene)

    def open_lesson(self) -> None:
        """Learn to play: the game's lesson on its real table (resumed where it was left); the lesson of the mode
        the options have on, when the game has one (Pirateer's fantastic eight)."""
        from game.scenes.coach import lesson_for, open_tutorial
        open_tutorial(self.app, self.entry, lesson=lesson_for(self.entry, self.model.options))

    def open_rules(self) -> None:
        from game.scenes.rules import RulesScene
        self.app.stack.push(RulesScene(self.app, self.entry))

    # Frame ----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self.mark_dirty()
        self.tooltip.handle(event)
        if self.explain_key(event):
            return
        if event.type in (pygame.JOYDEVICEADDED, pygame.JOYDEVICEREMOVED):
            if self.realtime:  # a controller plugged in or out: the limit of people changes
                self.model.controllers = connected_controllers()
                self.changed()
            return
        if self.focus.handle(event):
            return
        for w in self.all_widgets():
            if w.visible and w.handle(event):
                if event.type == pygame.MOUSEBUTTONDOWN:
                    self.focus.focus(w if w.focusable else None, keyboard=False)
                return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.focus.focus(None)

    def update(self, dt: float) -> None:
        for w in self.all_widgets():
            w.update(dt)
        self.update_tooltip(dt)

    def toast_area(self, screen: pygame.Rect) -> pygame.Rect:
        """Toasts (a game saved as the table was left) stand above the row of buttons, never over Start, Back,
        Rules or Learn to play (found by a newcomer)."""
        shown = [b.rect for b in (self.start, self.back_button, self.rules_button, self.learn_button)
                 if b.visible and b.rect.h > 0]
        top = min((r.top for r in shown), default=screen.bottom)
        return pygame.Rect(screen.x, screen.y, screen.w, max(theme.px(80), top - theme.px(4) - screen.y))

    def is_animating(self) -> bool:
        return isinstance(self.focus.focused, TextInput) or self.tooltip.active  # the caret blinks

    # Explanations ------------------------------------------------------------------------------
    def explanations(self) -> list[tuple[Widget, Text]]:
        """What each thing on the form is and does: every seat's colour, name and player, how many play,
        each option (its own help) and its label, the seed and the buttons."""
        out: list[tuple[Widget, Text]] = [(self.players, Text.of("setup.explain.players")),
                                          (self.count_label, Text.of("setup.explain.players"))]
        for row in self.rows[: self.model.players]:
            colour = "setup.explain.colour_given" if row.chip.given else "setup.explain.colour"
            out += [(row.chip, Text.of(colour)), (row.name, Text.of("setup.explain.name")),
                    (row.kind, Text.of("setup.explain.kind")), (row.label, Text.of("setup.explain.kind"))]
            if row.aid is not None and row.aid.visible:
                out.append((row.aid, row.aid_help))
        for opt, widget, _ in self.option_widgets:
            text = Text.of(opt.help or opt.label or opt.key)
            out.append((widget, text))
            if opt.key in self.option_labels:
                out.append((self.option_labels[opt.key], text))
        out += [(self.seed_input, Text.of("setup.seed_hint")), (self.seed_label, Text.of("setup.seed_hint")),
                (self.back_button, Text.of("setup.explain.back")), (self.rules_button, Text.of("setup.explain.rules")),
                (self.start, Text.of("setup.explain.start"))]
        if self.learn_button.visible:
            out.append((self.learn_button, Text.of("setup.explain.learn")))
        if self.bots_button.visible:
            out.append((self.bots_button, Text.of("setup.realtime.make_bots")))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        rect = surface.get_rect()
        surface.blit(theme.background("wood", rect.size), (0, 0))
        title = tr("setup.title", game=Text.of(self.entry.name_key))
        theme.draw_text(surface, title, theme.fit_font(title, "display", 48, rect.w - theme.px(80)),
                        palette.GOLD_LIGHT, self.title_pos, "midtop", palette.WOOD_DARK, 3)
        self.left.draw(surface)
        self.right.draw(surface)
        self.count_label.draw(surface)
        self.players.draw(surface)
        for label in self.option_labels.values():
            label.draw(surface)
        for row in self.rows[: self.model.players]:
            row.label.draw(surface)
            for w in row.widgets:
                w.draw(surface)
        self.humans_note.draw(surface)
        self.bots_button.draw(surface)
        if not self.option_widgets:
            self.no_options.draw(surface)
        for _, widget, problem in self.option_widgets:
            widget.draw(surface)
            problem.draw(surface)
        self.seed_label.draw(surface)
        self.seed_input.draw(surface)
        self.seed_hint.draw(surface)
        self.back_button.draw(surface)
        self.rules_button.draw(surface)
        if self.learn_button.visible:
            self.learn_button.draw(surface)
        self.start.draw(surface)
        problems = self.problems
        if problems.text:  # a parchment slip just big enough for the reasons
            lines = problems.lines()
            f = problems.font
            h = int(len(lines) * f.get_linesize() * problems.line_spacing)
            pad = theme.px(10)
            slip = pygame.Rect(0, 0, max(f.size(line)[0] for line in lines) + 2 * pad, h + pad)
            slip.midright = (problems.rect.right, problems.rect.centery)
            theme.draw_frame(surface, "panel", slip)
            y = slip.y + pad // 2
            for line in lines:
                theme.draw_text(surface, line, f, palette.RED, (slip.right - pad, y), "topright")
                y += int(f.get_linesize() * problems.line_spacing)
        self.tooltip.draw(surface)


def connected_controllers() -> int:
    """How many game controllers are connected now (pygame's joystick module, started on first use)."""
    try:
        if not pygame.joystick.get_init():
            pygame.joystick.init()
        return int(pygame.joystick.get_count())
    except pygame.error:
        return 0


# --------------------------------------------------------------------------------------------------
# Starting and resuming games (also used by the menu, the results scene and --smoke)
# --------------------------------------------------------------------------------------------------
def make_table_scene(app, entry: GameEntry, seats: list[Seat], options: dict, seed: int) -> Scene:
    """A new game's table, saved at once to a file of its own (no other game's file is touched)."""
    from game.core.saves import new_save_path
    session = GameSession.new(entry.id, entry.package.rules, seats, options, seed, bot_seed=app.random_bits())
    scene = entry.package.make_scene(app, session)
    scene.save_path = new_save_path(entry.id)
    scene.autosave()
    return scene


def start_game_scene(app, entry: GameEntry, bots_only: bool = False, seed: int = 1) -> Scene:
    """A new game with default options (used by --smoke and the bench)."""
    rules = entry.package.rules
    players = max(rules.min_players, min(rules.max_players, entry.players[1], 4))
    seats = [Seat(f"Bot {i + 1}", "bot", "easy", i) if bots_only or i else Seat("Anna", "human", None, 0)
             for i in range(players)]
    return make_table_scene(app, entry, seats, {}, seed)


def resume_scene(app, entry: GameEntry, save, path=None) -> Scene:
    """The table of a saved game, exactly where it was, its undo history included (SaveError when it
    cannot be restored); it goes on saving to ``path``, the file it came from."""
    from game.core.saves import SaveError
    try:
        session = GameSession.from_save(save, entry.package.rules)  # SaveError passes through
    except (ValueError, KeyError, TypeError) as exc:
        raise SaveError(Text.of("persist.save.damaged")) from exc
    scene = entry.package.make_scene(app, session)
    if path is not None:
        scene.save_path = Path(path)
    return scene


def open_setup(app, game_id: str, seed: int | None = None) -> None:
    """`main.py --game ID`: open that game's setup, or say why not."""
    try:
        entry = games.get(game_id)
    except KeyError:
        app.toast(tr("app.unknown_game", game=game_id))
        return
    if not entry.available:
        app.toast(tr("menu.shipyard"))
        return
    app.stack.push(SetupScene(app, entry, seed=seed), fade=False)
