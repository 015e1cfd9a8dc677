"""The Pirateer table: the sea map, the ships, the coin, the side panel and the log.

Input becomes actions of rules.py; the scene never decides a rule: what it lights, strikes or explains
it asks the engine (``queries.py``: legal targets, forbidden directions, the reason a drop is refused).
Input (spec section 9):
- **Roll** (button or Space); in ``nuke`` **Arm nuke** then click a ship;
- click one of your ships (or drag it): the squares it may reach light up, each with the die that
  gets there; only squares of a legal plan (R11) light up. Click a lit square or drop the ship on it.
  A drop anywhere else glides back with the reason. Two dice reaching one square ask which die;
- in ``flotilla`` a click on a stack asks which ships sail;
- **Take treasure** and **End turn** when the rules allow; **Undo** (or Ctrl+Z) within the turn;
- storm ties, war-wind's first carrier: click the ship; acey-deucey: two 1-6 pickers and Decline;
- before the first roll, when the seats choose their fleets (S1): every harbour is lit with its flag and
  name (``picker.py``); click a free harbour, drag a ship onto it, or Left/Right and Enter.
Every move glides square by square; boarding, storm, nuke and the win have their animation.

What happened comes from the engine's events (``state.events_for(viewer)``, kinds and fields in rules.py's
notes): the table keeps how many it has shown and turns each new one into its animation, banner, dice and
wake (``moved`` glides along its ``path``, ``sank`` sinks at ``at``, ``took`` hops the coin, ``blast`` rings
with its ``radius``, ``rolled`` and the ``chose`` "bonus" throw the dice, ``turn`` greys or clears them,
``forfeit`` with ``none`` says no move, ``ended`` shows the winner). It never compares two states nor reads a
log line's parameters. When the events shrink (undo) or are not the ones shown, it resyncs without animating.
"""
from __future__ import annotations

from typing import Any

import pygame

from game import games
from game.core.events import Event
from game.core.protocol import Action, Result, Text
from game.core.session import GameSession
from game.i18n import shown_name, tr
from game.scenes.table import TableScene
from game.ui import palette, theme
from game.ui.dice import die_blur, die_face
from game.ui.logpanel import LogPanel
from game.ui.widgets import Button

from game.games.pirateer import effects as fx
from game.games.pirateer import queries
from game.games.pirateer import sprites
from game.games.pirateer.boardmodel import Cell
from game.games.pirateer.boardview import BoardView
from game.games.pirateer.moves import DESTROYED, ISLAND, faction_of, number_of, ship_id
from game.games.pirateer.picker import FactionPicker
from game.games.pirateer.rules import (BONUS, CHOOSE, END, MOVE, OVER, START, STORM, WIND, Arm, Bonus, ChooseCarrier,
                                       ChooseFaction, EndTurn, Move, PirateerState, Roll, StormPick, Take,
                                       faction_text, list_text)

DRAG_THRESHOLD = 6
ROLL_SECONDS = 0.55
WIN_HOLD = 1.8          # seconds the winner's glint shows before the results


class Popup:
    """A small chooser over the board: a prompt and a row (or rows) of buttons."""

    def __init__(self, prompt: Text, buttons: list[Button], cancel: bool = True) -> None:
        self.prompt, self.buttons, self.cancel = prompt, buttons, cancel
        self.rect = pygame.Rect(0, 0, 0, 0)

    def layout(self, centre: tuple[int, int], width: int) -> None:
        gap = theme.px(10)
        widths = [b.preferred_size()[0] for b in self.buttons]
        per_row = max(1, min(len(self.buttons), (width - 2 * gap) // max(1, max(widths) + gap)))
        rows = (len(self.buttons) + per_row - 1) // per_row
        bw = max(widths)
        bh = theme.px(42)
        f = theme.font("bold", 18)
        lines = theme.wrap_text(tr(self.prompt), f, width - 2 * gap)
        head = len(lines) * f.get_linesize() + gap
        w = max(min(width, per_row * (bw + gap) + gap), theme.px(300))
        h = head + rows * (bh + gap) + gap
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = centre
        self.lines = lines
        for i, b in enumerate(self.buttons):
            r, c = divmod(i, per_row)
            n_row = min(per_row, len(self.buttons) - r * per_row)
            x0 = self.rect.centerx - (n_row * (bw + gap) - gap) // 2
            b.layout(pygame.Rect(x0 + c * (bw + gap), self.rect.y + head + gap + r * (bh + gap), bw, bh))

    def handle(self, event: pygame.event.Event) -> bool:
        for b in self.buttons:
            if b.handle(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos)

    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_frame(surface, "panel", self.rect)
        f = theme.font("bold", 18)
        y = self.rect.y + theme.px(10)
        for line in self.lines:
            theme.draw_text(surface, line, f, palette.INK, (self.rect.centerx, y), "midtop")
            y += f.get_linesize()
        for b in self.buttons:
            b.draw(surface)


class PirateerScene(TableScene):
    name = "table:pirateer"

    def __init__(self, app: Any, session: GameSession):
        super().__init__(app, games.get("pirateer"), session)
        self.view = BoardView(self.state.board)
        self.logpanel = LogPanel(size=14)
        self.logpanel.seat_colours = [s.colour for s in session.seats]
        self.roll_button = Button(Text.of("pir.ui.roll"), self._roll, min_width=130, height=44, size=18)
        self.take_button = Button(Text.of("pir.ui.take"), self._take, min_width=130, height=40, size=16)
        self.end_button = Button(Text.of("pir.ui.end_turn"), self._end_turn, min_width=130, height=40, size=16)
        self.undo_button = Button(Text.of("table.undo"), self.undo, min_width=100, height=40, size=16)
        self.arm_button = Button(Text.of("pir.ui.arm"), self._toggle_arm, min_width=130, height=40, size=16)
        self.menu_button = Button(Text.of("table.menu"), self.pause, min_width=110, height=40, size=16)
        self.rect = pygame.Rect(0, 0, 1280, 720)
        self.selected: tuple[str, ...] | None = None     # the group whose landings are lit
        self.mode: str | None = None                     # "arm" or "take": the next ship click means that
        self.popup: Popup | None = None
        self.drag: dict[str, Any] | None = None          # {"group", "press", "pos", "dragging"}
        self.returning: fx.Glide | None = None           # an illegal drop gliding back
        self.effects: list[fx.Effect] = []
        self.bonus_pick: list[int] = [0, 0]              # acey-deucey: the two chosen values
        self.shown_half: dict[str, Cell] = {}            # strait ships: which half they are drawn on
        self.facing: dict[str, int] = {}                 # +1 bow to the right, -1 to the left
        self.dice_age = 10.0                             # since the dice were last thrown
        self.shown_dice: list[int] = list(self.state.dice)
        self.dice_spent = False                          # the dice shown were thrown, and the turn passed
        self._results_due: float | None = None
        self._hover: Cell | None = None
        self._static: tuple[Any, pygame.Surface] | None = None
        #: (turn, index of its event, waypoints) of recent moves: the wakes drawn on the sea
        self.trails: list[tuple[int, int, list[tuple[float, float]]]] = []
        self.picker = FactionPicker(self.state.board)    # S1: the harbours to choose from
        self.pick_drag: dict[str, Any] | None = None     # {"press", "pos", "dragging"} while choosing
        self._laid_out_choosing = self.choosing()
        self._shown = 0                                  # how many of the state's events are shown
        self._synced: Any = None                         # ... of this state
        self._last_event: Event | None = None            # the last of them (another list: resync)
        self._turn = 0                                   # the turn the events shown so far are in
        self._carrier: str = ISLAND                      # who held the treasure, as the events shown say
        self._resync()                                   # a new or loaded game: shown as it is, no animation

    # ------------------------------------------------------------------------------------------
    # State helpers
    # ------------------------------------------------------------------------------------------
    @property
    def game(self) -> PirateerState:
        return self.state  # type: ignore[return-value]

    def seat_name(self, seat: int) -> str:
        return shown_name(self.session.seats[seat].name)  # however long the name in the save, it fits

    def my_turn(self) -> int | None:
        """The human seat that may act on screen now (None: a bot's turn or the game is over)."""
        viewer = self.viewer()
        if viewer is None or self.state.current_player != viewer or self.finished:
            return None
        return viewer

    def choosing(self) -> bool:
        """S1: the seats are choosing their fleets (before the first roll)."""
        return self.game.phase == CHOOSE

    def legal(self) -> list[Action]:
        seat = self.my_turn()
        return self.state.legal_actions(seat) if seat is not None else []

    def movable_groups(self) -> dict[tuple[str, ...], list[Move]]:
        """The groups of the human on turn that may sail now, with their legal moves (the engine's)."""
        return queries.movable_groups(self.game, self.my_turn())  # type: ignore[return-value]

    def landings_of(self, group: tuple[str, ...]) -> dict[Cell, list[Move]]:
        """Square -> the legal moves of ``group`` that end there (only squares of a legal plan, R11)."""
        return queries.targets(self.game, self.my_turn(), group)  # type: ignore[return-value]

    # ------------------------------------------------------------------------------------------
    # Layout
    # ------------------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        side_w = max(theme.px(330), min(theme.px(380), rect.w - int(rect.h * 4 / 3) - theme.px(24)))
        self.side = pygame.Rect(rect.right - side_w, 0, side_w, rect.h)
        pad = theme.px(12)
        self.view.layout(pygame.Rect(pad, pad, rect.w - side_w - 2 * pad, rect.h - 2 * pad))
        x, w = self.side.x + pad, side_w - 2 * pad
        self.head_rect = pygame.Rect(x, pad, w, theme.px(70))
        self.dice_rect = pygame.Rect(x, self.head_rect.bottom + theme.px(2), w, theme.px(58))
        self.prompt_rect = pygame.Rect(x, self.dice_rect.bottom + theme.px(2), w, theme.px(40))
        by = self.prompt_rect.bottom + theme.px(6)
        bh = theme.px(40)
        g = self.game
        fleets = len({f for fs in g.seat_factions for f in fs} | ({g.dead_man} - {None}))
        rows = min(4, max(fleets, g.players + (1 if g.options.get("dead-man") else 0)))   # chosen or not yet
        self._laid_out_choosing = self.choosing()
        self.fleet_rect = pygame.Rect(x, by + 2 * bh + theme.px(16), w, theme.px(32) * rows)
        self.treasure_rect = pygame.Rect(x, self.fleet_rect.bottom + theme.px(8), w, theme.px(78))
        log_top = self.treasure_rect.bottom + theme.px(8)
        self.logpanel.layout(pygame.Rect(x, log_top, w, rect.h - log_top - theme.px(56)))
        self.menu_button.layout(pygame.Rect(self.side.right - pad - theme.px(110), rect.h - theme.px(48),
                                            theme.px(110), theme.px(40)))
        if self.popup is not None:
            self.popup.layout(self._popup_centre(), min(self.view.rect.w - theme.px(40), theme.px(560)))
        self.picker.layout(self.view)
        self.mark_dirty()

    def _popup_centre(self) -> tuple[int, int]:
        return self.view.rect.centerx, self.view.rect.bottom - theme.px(110)

    # ------------------------------------------------------------------------------------------
    # Actions
    # ------------------------------------------------------------------------------------------
    def _play(self, action: Action) -> bool:
        self._finish_effects()
        reason = self.try_action(action)
        if reason is not None:
            self.app.toast(tr(reason))
            self.app.play("error")
            return False
        return True

    def _roll(self) -> None:
        seat = self.my_turn()
        if seat is not None and any(isinstance(a, Roll) for a in self.legal()):
            self.mode = None
            self._play(Roll(seat))

    def _toggle_arm(self) -> None:
        self.mode = None if self.mode == "arm" else "arm"
        self.selected = None
        self.mark_dirty()

    def _takes(self) -> list[Take]:
        return [a for a in self.legal() if isinstance(a, Take)]

    def _take(self) -> None:
        takes = self._takes()
        if not takes:
            return
        if self.selected and len(self.selected) == 1:
            mine = [t for t in takes if t.ship == self.selected[0]]
            if mine:
                self._play(mine[0])
                return
        if len(takes) == 1:
            self._play(takes[0])
            return
        self.mode = "take"                      # several ships on docks: click the one that takes it
        self.selected = None
        self.mark_dirty()

    def _end_turn(self) -> None:
        seat = self.my_turn()
        if seat is not None and any(isinstance(a, EndTurn) for a in self.legal()):
            self._play(EndTurn(seat))

    def _move(self, moves: list[Move]) -> None:
        """Play a move to a square; two different dice reaching it ask which one."""
        dice = sorted({m.die for m in moves})
        if len(dice) == 1:
            self.selected = None
            self._play(moves[0])
            return
        buttons = []
        for d in dice:
            m = next(mm for mm in moves if mm.die == d)
            buttons.append(Button(Text.of("pir.ui.use_die", die=d), lambda m=m: self._choose_move(m),
                                  icon=die_face(d, theme.px(26)), min_width=120, height=42, size=16))
        self._open_popup(Popup(Text.of("pir.ui.which_die"), buttons))

    def _choose_move(self, move: Move) -> None:
        self.popup = None
        self.selected = None
        self._play(move)

    def _open_popup(self, popup: Popup) -> None:
        self.popup = popup
        popup.layout(self._popup_centre(), min(self.view.rect.w - theme.px(40), theme.px(560)))
        self.mark_dirty()

    def _flotilla_choice(self, cell: Cell, groups: list[tuple[str, ...]]) -> None:
        """V4: which ships of the stack sail (the carrier's presence makes the choice matter)."""
        carrier = self.game.treasure
        buttons = []
        for group in sorted(groups, key=lambda g: (len(g), g)):
            nums = "+".join(str(number_of(s)) for s in group)
            key = "pir.ui.sail_with_coin" if carrier in group else "pir.ui.sail"
            buttons.append(Button(Text.of(key, n=len(group), ships=nums), lambda g=group: self._select(g),
                                  min_width=150, height=42, size=15))
        self._open_popup(Popup(Text.of("pir.ui.which_ships"), buttons))

    def _select(self, group: tuple[str, ...] | None) -> None:
        self.popup = None
        self.selected = group
        self.mark_dirty()

    # ------------------------------------------------------------------------------------------
    # Reacting to applied actions (any seat): animations, sounds, the dice
    # ------------------------------------------------------------------------------------------
    def after_action(self, action: Action) -> None:
        self._sync_events()                 # at once: the win's effects are there before the results wait
        super().after_action(action)

    def undo(self) -> None:
        super().undo()
        self._sync_events()                 # fewer events now: the table as it is, no animation

    # -- S1: choosing the fleets -------------------------------------------------------------------
    def choosable(self) -> list[str]:
        """The fleets the human on turn may choose now (the engine's legal choices)."""
        return queries.choosable_factions(self.game, self.my_turn()) if self.choosing() else []

    def holder(self, faction: str) -> str | None:
        """The name of the player who chose ``faction``'s fleet, if anyone did."""
        seat = self.game.controller(faction)
        return self.seat_name(seat) if seat is not None else None

    def choose_faction(self, faction: str | None) -> bool:
        """The human on turn takes ``faction``'s fleet (a harbour that is not free says why)."""
        seat = self.my_turn()
        if seat is None or faction is None or not self.choosing():
            return False
        if faction not in self.choosable():
            self.app.toast(tr("pir.ui.faction_taken"))
            self.app.play("error")
            return False
        self.picker.focus = None
        return self._play(ChooseFaction(seat, faction))

    def _handle_choose(self, event: pygame.event.Event) -> bool:
        """Mouse and keys while the fleets are chosen: a click or a drop on a harbour, or the keyboard."""
        if self.my_turn() is None:
            return False
        allowed = self.choosable()
        if event.type == pygame.KEYDOWN:
            key = event.key
            back = event.mod & pygame.KMOD_SHIFT
            if key in (pygame.K_LEFT, pygame.K_UP) or (key == pygame.K_TAB and back):
                self.picker.move_focus(allowed, -1)
            elif key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
                self.picker.move_focus(allowed, 1)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.picker.focus in allowed:
                self.choose_faction(self.picker.focus)
            elif pygame.K_1 <= key <= pygame.K_4:
                self.choose_faction(self.game.board.factions[key - pygame.K_1])
            else:
                return False
            return True
        if event.type == pygame.MOUSEMOTION:
            hit = self.picker.hit(event.pos)
            if hit in allowed:
                self.picker.focus = hit
            if self.pick_drag is not None:
                self.pick_drag["pos"] = event.pos
                press = self.pick_drag["press"]
                if abs(event.pos[0] - press[0]) + abs(event.pos[1] - press[1]) > DRAG_THRESHOLD:
                    self.pick_drag["dragging"] = True
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.view.rect.collidepoint(event.pos):
            self.pick_drag = {"press": event.pos, "pos": event.pos, "dragging": False}
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pick_drag is not None:
            drag, self.pick_drag = self.pick_drag, None
            hit = self.picker.hit(event.pos)
            if hit is not None and (drag["dragging"] or self.picker.hit(drag["press"]) == hit):
                self.choose_faction(hit)         # a click on a harbour, or a ship dropped on one
            return True
        return False

    # -- what happened: the engine's events -------------------------------------------------------
    def _sync_events(self) -> None:
        """Show the events not shown yet (called every frame and right after an action). Fewer events than
        shown (an undo), other ones, or another state with more: the table resyncs without animating."""
        state = self.state
        events = state.events
        n, k = len(events), self._shown
        same = k == 0 or (n >= k and (events[k - 1] is self._last_event or events[k - 1] == self._last_event))
        if n == k and same:
            self._synced = state            # a copy with the same story (a refused action): nothing to do
            return
        if not same or n < k or state is not self._synced:
            self._resync()
        else:
            new = self.state.events_for(self.viewer())[k:]
            self._shown, self._last_event = n, events[-1]
            self._show_events(new, k)
        if self._laid_out_choosing != self.choosing():
            self.layout(self.rect)          # the fleets sailed: the side panel lists them now

    def _resync(self) -> None:
        """The table as the state is now, with nothing animating (a new or loaded game, an undo)."""
        g = self._synced = self.game
        events = g.events
        self._shown, self._last_event = len(events), (events[-1] if events else None)
        self._turn, self._carrier = g.turn, g.treasure
        self.effects, self.returning, self.drag = [], None, None
        self.dice_age = 10.0
        self.shown_dice, self.dice_spent = list(g.dice), False
        self.trails = [t for t in self.trails if t[1] < self._shown]       # an undone move leaves no wake
        self.shown_half = {s: half for s, half in self.shown_half.items()
                           if s in g.ships and half in self.view.halves(g.ships[s])}
        self._reset_input()
        self.mark_dirty()

    def _reset_input(self) -> None:
        self.selected = None
        self.mode = None
        self.popup = None
        self.bonus_pick = [0, 0]

    def _at(self, ship: str, cell: Cell) -> tuple[float, float]:
        """Where ``ship`` on ``cell`` is drawn (the strait half it was last shown on)."""
        return self.view.anchor_point(self.shown_half.get(ship, cell))

    def _show_events(self, events: list[Event], first: int) -> None:
        """Each new event becomes its animation, banner, dice or wake; ``first`` is the index of the first."""
        factor = self.app.anim_factor()
        ship_px = self.ship_size()
        coin = sprites.coin(self.coin_size())
        t_end = 0.0                                     # when the last glide lands
        landed: Cell | None = None                      # ... on which square, at which point
        end_pt = (0.0, 0.0)
        smoke = storm = thrown = turned = False
        sounds: set[str] = set()
        for index, e in enumerate(events, first):
            kind = e.kind
            if kind == "moved":
                ships = sorted(e.get("ships") or (e.get("piece"),))
                lead, start = e.get("piece"), _cell(e.get("frm"))
                squares = tuple(_cell(c) for c in e.get("path") or (e.get("to"),))
                points = self.view.path_points(start, squares, self.shown_half.get(lead))
                facing = self._facing_for(e.get("direction"), lead)
                for sh in ships:
                    self.facing[sh] = facing
                images = [self.ship_image(sh, carrier=self._carrier == sh) for sh in ships]
                self.trails = [t for t in self.trails if t[0] >= self._turn - 1] + \
                    [(self._turn, index, [p for p, _ in points])]
                glide = fx.Glide(ships, images, points, t_end, fx.STEP_SECONDS * factor,
                                 foot=sprites.ship_foot(ship_px, facing), board_centre_y=self.view.rect.centery)
                self.effects.append(glide)
                t_end, landed, end_pt, smoke = glide.end_time, squares[-1], points[-1][0], False
                for sh in ships:
                    self.shown_half[sh] = self.view.near_half(landed, end_pt)
                sounds.add("card")
            elif kind == "sank":
                v, at, by = e.get("piece"), _cell(e.get("at")), e.get("by")
                img = self.ship_image(v, carrier=e.get("treasure") is not None)
                if by == "boarding":                                            # R21: smoke, then it sinks
                    pt = end_pt if landed == at else self._at(v, at)
                    if not smoke:
                        frames = [sprites.smoke(k, int(ship_px * 1.4)) for k in range(sprites.SMOKE_FRAMES)]
                        self.effects.append(fx.Frames(frames, pt, t_end, 0.7 * factor))
                        smoke = True
                    self.effects.append(fx.Sink(img, pt, t_end + 0.1 * factor, 0.6 * factor, foot=self._foot(v)))
                elif by == "storm":                                             # V2: the wave takes it
                    pt = self._at(v, at)
                    self.effects.append(fx.Storm(sprites.wave(int(ship_px * 2.4)), pt, self.view.rect, 0.0,
                                                 1.1 * factor))
                    self.effects.append(fx.Sink(img, pt, 0.45 * factor, 0.6 * factor, foot=self._foot(v)))
                    storm = True
                else:                                                           # V3: the blast
                    self.effects.append(fx.Sink(img, self._at(v, at), 0.2 * factor, 0.5 * factor,
                                                foot=self._foot(v)))
                if e.get("treasure") is not None:
                    self._carrier = e.get("treasure")
                self.shown_half.pop(v, None)
                sounds.add("splash")
            elif kind == "took":
                ship, frm, at = e.get("ship"), e.get("frm"), _cell(e.get("at"))
                if frm == ISLAND:                                               # R14: from the island
                    self.effects.append(fx.CoinHop(coin, self.coin_point(), self.cargo_point(ship, self._at(ship, at)),
                                                   0.0, 0.5 * factor))
                    sounds.add("card")
                elif frm != "war-wind":                                         # R21: seized from the boarded
                    pt = end_pt if landed == at else self._at(ship, at)
                    self.effects.append(fx.CoinHop(coin, self.cargo_point(frm, pt), self.cargo_point(ship, pt),
                                                   t_end + 0.35 * factor, 0.45 * factor))
                self._carrier = ship
            elif kind == "blast":                                               # V3.2: the engine's radius
                self.effects.append(fx.Blast(self._at(e.get("piece"), _cell(e.get("at"))),
                                             self.view.ring_radius(e.get("radius") or 1), 0.0, 1.0 * factor))
                if e.get("treasure_destroyed"):
                    self._carrier = DESTROYED
                sounds.add("splash")
            elif kind == "rolled" and e.get("why") != "first-player":          # R2, V3.2, V6.3
                self.shown_dice, thrown = list(e.get("dice")), True
                self.dice_spent = e.get("why") == "nuke"                        # a blast's dice are not played
            elif kind == "chose" and e.get("what") == "bonus":                  # V6.2: the values chosen
                self.shown_dice, self.dice_spent, thrown = list(e.get("choice")), False, True
            elif kind == "chose" and e.get("what") == "fleet":                  # S1: who took which fleet
                text = tr("pir.ui.chose_banner", name=self.seat_name(e.seat),
                          faction=tr(faction_text(e.get("choice"))))
                self.effects.append(fx.Banner(text, self.view.rect.center, 0.0, 1.2 * factor))
                sounds.add("card")
            elif kind == "turn":                # the dice thrown now stay, greyed; older ones go
                self._turn, turned = e.get("turn"), True
                if thrown:
                    self.dice_spent = True
                else:
                    self.shown_dice, self.dice_spent = [], False
            elif kind == "forfeit" and e.get("none"):                           # R13
                self.effects.append(fx.Banner(tr("pir.ui.no_move"), self.view.rect.center, ROLL_SECONDS * factor,
                                              1.6 * factor))
            elif kind == "ended" and e.get("winners"):
                self._win_effect(t_end + 0.2 * factor, e.get("carrier"))
        if storm:
            self.effects.append(fx.Banner(tr("pir.ui.storm_banner"), self.view.rect.center, 0.0, 1.4 * factor))
        if not thrown and not turned and self.dice_spent:
            self.shown_dice, self.dice_spent = [], False        # the next turn began without a roll
        if sounds:
            self.app.play("splash" if "splash" in sounds else "card")
        if thrown:                     # a roll, a blast, a re-roll: even when the turn passed at once
            self.dice_age = 0.0
            self.app.play("dice")
        self._reset_input()

    def _win_effect(self, delay: float, carrier: str | None) -> None:
        g = self.game
        factor = self.app.anim_factor()
        at = self.view.anchor_point(g.ships[carrier]) if carrier in g.ships else self.view.rect.center
        size = int(self.ship_size() * 1.3)
        frames = [sprites.glint(k, size) for k in range(sprites.GLINT_FRAMES)]
        spot = self.cargo_point(carrier, at) if carrier in g.ships else at
        self.effects.append(fx.Frames(frames, spot, delay, 1.4 * factor))
        self.effects.append(fx.Banner(tr(g.how) if g.how else "", self.view.rect.center, delay, WIN_HOLD * factor))

    def coin_point(self) -> tuple[float, float]:
        u, w = self.game.board.treasure_uw
        return self.view.origin[0] + u * self.view.h, self.view.origin[1] + w * self.view.h

    def _on_coin(self, pos: tuple[int, int]) -> bool:
        x, y = self.coin_point()
        return (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= (self.ship_size() * 0.45) ** 2

    def _finish_effects(self) -> None:
        """A new human action: what is still animating jumps to its end."""
        self.effects = [e for e in self.effects if isinstance(e, fx.Banner) and not e.done]
        self.returning = None
        self.dice_age = max(self.dice_age, ROLL_SECONDS * self.app.anim_factor())

    def show_results(self) -> None:
        self._results_due = max((e.end_time - e.age for e in self.effects), default=0.0) + 0.3

    def shown_result(self) -> Result:
        """Each player's fleet (or fleets) heads the statistics."""
        result = self.game.result()
        fleets = [list_text([faction_text(f) for f in fs]) for fs in self.game.seat_factions]
        return Result(result.winners, result.ranks, result.scores, result.breakdown,
                      {"pir.stat.fleet": fleets, **result.stats}, result.how)

    def bot_due(self) -> int | None:
        if any(not isinstance(e, fx.Banner) for e in self.effects) or self.dice_rolling():
            return None          # people watch the move land before the next one starts
        return super().bot_due()

    def dice_rolling(self) -> bool:
        return self.dice_age < ROLL_SECONDS * self.app.anim_factor()

    # ------------------------------------------------------------------------------------------
    # Input
    # ------------------------------------------------------------------------------------------
    def buttons(self) -> list[Button]:
        return [self.menu_button, self.roll_button, self.arm_button, self.take_button, self.end_button,
                self.undo_button]

    def _refresh_buttons(self) -> None:
        legal = self.legal()
        mine = self.my_turn() is not None and not self.dice_rolling()
        phase = self.game.phase
        self.roll_button.visible = mine and phase == START
        self.roll_button.enabled = any(isinstance(a, Roll) for a in legal)
        self.arm_button.visible = mine and phase == START and any(isinstance(a, Arm) for a in legal)
        self.arm_button.text = Text.of("pir.ui.arm_cancel" if self.mode == "arm" else "pir.ui.arm")
        takes = [a for a in legal if isinstance(a, Take)]
        ends = any(isinstance(a, EndTurn) for a in legal)
        self.take_button.visible = mine and bool(takes)
        self.end_button.visible = mine and ends and phase in (END, MOVE)
        self.undo_button.visible = mine and phase not in (START, OVER, CHOOSE)
        self.undo_button.enabled = self.can_undo()
        self._flow_buttons()

    def _flow_buttons(self) -> None:
        """The visible buttons fill two columns under the prompt, in a fixed order."""
        r = self.prompt_rect
        gap, bh = theme.px(8), theme.px(40)
        half = (r.w - gap) // 2
        shown = [b for b in (self.roll_button, self.arm_button, self.take_button, self.end_button, self.undo_button)
                 if b.visible]
        for k, b in enumerate(shown):
            row, col = divmod(k, 2)
            b.layout(pygame.Rect(r.x + col * (half + gap), r.bottom + theme.px(6) + row * (bh + theme.px(6)), half, bh))

    def handle_table(self, event: pygame.event.Event) -> None:
        self.mark_dirty()
        self._refresh_buttons()
        if self.popup is not None:
            if self.popup.handle(event):
                return
            if event.type == pygame.MOUSEBUTTONDOWN and self.popup.cancel:
                self.popup = None
                return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
                self.popup = None
                return
        if self.game.phase == BONUS and self.my_turn() is not None and self._handle_bonus(event):
            return
        if self.choosing():
            if self.menu_button.handle(event) or self.logpanel.handle(event):
                return
            self._handle_choose(event)
            return
        for b in self.buttons():
            if b.visible and b.handle(event):
                return
        if self.logpanel.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            self._handle_key(event)
            return
        if event.type == pygame.MOUSEMOTION:
            self._hover = self.view.cell_at(event.pos)
            if self.drag is not None:
                self.drag["pos"] = event.pos
                if not self.drag["dragging"] and abs(event.pos[0] - self.drag["press"][0]) + \
                        abs(event.pos[1] - self.drag["press"][1]) > DRAG_THRESHOLD:
                    self.drag["dragging"] = True
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected, self.mode = None, None

    def _handle_key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_SPACE and self.roll_button.visible and self.roll_button.enabled:
            self._roll()
        elif key == pygame.K_e and self.end_button.visible:
            self._end_turn()
        elif key == pygame.K_t and self.take_button.visible:
            self._take()
        elif key == pygame.K_TAB:
            self._cycle_selection(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) and self.selected is not None:
            targets = sorted(self.landings_of(self.selected), key=lambda c: (c[0] + c[1], c[0]))
            if targets:
                step = 1 if key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
                k = targets.index(self._hover) + step if self._hover in targets else 0
                self._hover = targets[k % len(targets)]
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is not None:
            targets = self.landings_of(self.selected)
            if self._hover in targets:
                self._move(targets[self._hover])
        elif key == pygame.K_BACKSPACE:
            self.selected, self.mode = None, None

    def _cycle_selection(self, step: int) -> None:
        groups = sorted(g for g in self.movable_groups() if len(g) == 1 or not self.game.options.get("flotilla"))
        if not groups:
            return
        k = groups.index(self.selected) + step if self.selected in groups else 0
        self.selected = groups[k % len(groups)]

    def _press(self, pos: tuple[int, int]) -> None:
        seat = self.my_turn()
        cell = self.view.cell_at(pos)
        if seat is None:
            return
        legal = self.legal()
        mine = queries.own_ships_at(self.game, seat, cell)
        if self.mode == "arm":
            arms = [a for a in legal if isinstance(a, Arm) and a.ship in mine]
            if arms:
                self._play(arms[0])
            else:
                self.mode = None
            return
        if self.mode == "take":
            takes = [a for a in legal if isinstance(a, Take) and a.ship in mine]
            if takes:
                self._play(takes[0])
            self.mode = None
            return
        phase = self.game.phase
        if self.game.treasure == ISLAND and self._takes() and self._on_coin(pos):
            self._take()                                  # spec 9: a click on the coin takes it
            return
        if phase == STORM:
            picks = [a for a in legal if isinstance(a, StormPick) and a.ship in mine]
            if picks:
                self._play(picks[0])
            else:
                self.app.toast(tr("pir.ui.storm_prompt"))
            return
        if phase == WIND:
            picks = [a for a in legal if isinstance(a, ChooseCarrier) and a.ship in mine]
            if picks:
                self._play(picks[0])
            return
        # a lit square: move there
        if self.selected is not None and cell is not None:
            targets = self.landings_of(self.selected)
            if cell in targets:
                self._move(targets[cell])
                return
        groups = self.movable_groups()
        on_cell = [g for g in groups if all(self.game.ships.get(s) == cell for s in g)] if cell else []
        if on_cell:
            if len(on_cell) > 1:
                self._flotilla_choice(cell, on_cell)
                return
            self.selected = on_cell[0]
            self.drag = {"group": on_cell[0], "press": pos, "pos": pos, "dragging": False}
            self.app.play("click")
            return
        if mine and phase == MOVE:
            self.app.toast(tr("pir.ui.ship_stuck"))
        elif mine and phase == START and any(isinstance(a, Roll) for a in legal):
            self.app.toast(tr("pir.ui.roll_first"))
        self.selected = None

    def _release(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        if drag is None or not drag["dragging"]:
            return
        group = drag["group"]
        cell = self.view.cell_at(pos)
        targets = self.landings_of(group)
        if cell is not None and cell in targets:
            self._move(targets[cell])
            return
        reason = self.why_not_there(group, cell)
        self.app.toast(tr(reason))
        self.app.play("error")
        start = self.view.anchor_point(self.shown_half.get(group[0], self.game.ships[group[0]]))
        images = [self.ship_image(s, carrier=self.game.treasure == s) for s in group]
        self.returning = fx.Glide(list(group), images, [((pos[0], pos[1] + 4), False), (start, False)], 0.0,
                                  0.25 * self.app.anim_factor(), foot=self._foot(group[0]),
                                  board_centre_y=self.view.rect.centery)

    def why_not_there(self, group: tuple[str, ...], cell: Cell | None) -> Text:
        """The reason a ship may not land on ``cell`` (the engine's words where a die reaches it)."""
        return queries.why_not_there(self.game, self.my_turn(), group, cell)

    def _handle_bonus(self, event: pygame.event.Event) -> bool:
        """V6.2: two rows of 1-6 pickers; Play when both are chosen; Decline ends the turn."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        for (row, value), r in self.bonus_rects().items():
            if r.collidepoint(event.pos):
                self.bonus_pick[row] = value
                self.app.play("click")
                return True
        play, decline = self.bonus_buttons()
        seat = self.my_turn()
        if play.collidepoint(event.pos) and all(self.bonus_pick) and seat is not None:
            self._play(Bonus(seat, self.bonus_pick[0], self.bonus_pick[1]))
            return True
        if decline.collidepoint(event.pos) and seat is not None:
            self._play(EndTurn(seat))
            return True
        return False

    def bonus_box(self) -> pygame.Rect:
        w, h = theme.px(420), theme.px(196)
        r = pygame.Rect(0, 0, w, h)
        r.center = (self.view.rect.centerx, self.view.rect.bottom - theme.px(140))
        return r

    def bonus_rects(self) -> dict[tuple[int, int], pygame.Rect]:
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
        box = self.bonus_box()
        w, h = theme.px(150), theme.px(36)
        y = box.bottom - h - theme.px(10)
        return (pygame.Rect(box.centerx - w - theme.px(6), y, w, h), pygame.Rect(box.centerx + theme.px(6), y, w, h))

    # ------------------------------------------------------------------------------------------
    # Frame
    # ------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.is_animating():
            self.mark_dirty()               # the frame an animation ends in is drawn too (rings, dice faces)
        super().update(dt)
        self._sync_events()
        self.dice_age += dt
        for e in self.effects:
            e.age += dt
        self.effects = [e for e in self.effects if not e.done]
        if self.returning is not None:
            self.returning.age += dt
            if self.returning.done:
                self.returning = None
        if self._results_due is not None:
            self._results_due -= dt
            if self._results_due <= 0:
                self._results_due = None
                super().show_results()

    def is_animating(self) -> bool:
        return super().is_animating() or bool(self.effects) or self.returning is not None or \
            self.dice_rolling() or self.drag is not None or self._results_due is not None

    # ------------------------------------------------------------------------------------------
    # Drawing
    # ------------------------------------------------------------------------------------------
    def ship_size(self) -> int:
        return max(16, int(self.view.h * 1.7))

    def coin_size(self) -> int:
        return max(8, int(self.ship_size() * 0.42))

    def ship_image(self, ship: str, carrier: bool = False) -> pygame.Surface:
        g = self.game
        faction = faction_of(ship)
        dead = queries.idle_dead_man(g, faction)                    # V9.1: drawn idle
        return sprites.ship(faction, self.ship_size(), carrier=carrier, number=number_of(ship), dead=dead,
                            facing=self.facing.get(ship, self._home_facing(faction)))

    def _home_facing(self, faction: str) -> int:
        """Ships start facing the open sea: right from the left corners, left from the right ones."""
        h = self.game.board.harbour(faction)
        return 1 if self.view.centre(h.anchor)[0] < self.view.rect.centerx else -1

    def _facing_for(self, direction: str, ship: str) -> int:
        if direction in ("SE", "NE", "E"):
            return 1
        if direction in ("SW", "NW", "W"):
            return -1
        return self.facing.get(ship, 1)

    def _foot(self, ship: str) -> tuple[int, int]:
        return sprites.ship_foot(self.ship_size(), self.facing.get(ship, self._home_facing(faction_of(ship))))

    def cargo_point(self, ship: str, at: tuple[float, float]) -> tuple[float, float]:
        """Where a carrier's coin sits when the ship stands at ``at`` (its bow, see sprites.SHIP_CARGO)."""
        size = self.ship_size()
        facing = self.facing.get(ship, self._home_facing(faction_of(ship)))
        fx_, fy_ = sprites.ship_foot(size, facing)
        cx, cy, _ = sprites.SHIP_CARGO
        cx = cx if facing > 0 else 1 - cx
        return at[0] - fx_ + cx * size, at[1] - fy_ + cy * size

    def blit_ship(self, surface: pygame.Surface, img: pygame.Surface, ship: str, at: tuple[float, float]) -> None:
        fx_, fy_ = self._foot(ship)
        surface.blit(img, (int(at[0] - fx_), int(at[1] - fy_)))

    def draw_table(self, surface: pygame.Surface, viewer: int | None) -> None:
        self._refresh_buttons()
        g = self.game
        self.logpanel.sync(g.log, viewer)  # the log as the seat on screen sees it (all public in Pirateer)
        surface.blit(self._static_layer(surface.get_size()), (0, 0))
        board = self.view.rect
        clip = surface.get_clip()
        surface.set_clip(board)
        self._draw_marks(surface)
        self._draw_trails(surface)
        self._draw_targets(surface)
        self._draw_pieces(surface)
        for e in self.effects:
            if isinstance(e, fx.Sink) and not e.started:
                e.draw_waiting(surface)
            elif not isinstance(e, fx.Banner):
                e.draw(surface)
        if self.returning is not None:
            self.returning.draw(surface)
        self._draw_drag(surface)
        if self.choosing():
            self._draw_picker(surface)
        surface.set_clip(clip)
        for e in self.effects:
            if isinstance(e, fx.Banner):
                e.draw(surface)
        self._draw_side(surface)
        if g.phase == BONUS and self.my_turn() is not None:
            self._draw_bonus(surface)
        if self.popup is not None:
            self.popup.draw(surface)

    def _static_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """The table, the framed map and the side panel's frames: one picture per window size."""
        key = (size, tuple(self.view.rect), tuple(self.side), tuple(self.treasure_rect))
        if self._static is not None and self._static[0] == key:
            return self._static[1]
        layer = theme.background("wood", size).copy()
        board = self.view.rect
        pygame.draw.rect(layer, palette.WOOD_DARK, board.inflate(theme.px(10), theme.px(10)),
                         border_radius=theme.px(6))
        layer.blit(self.view.background(), board)
        theme.draw_frame(layer, "panel_dark", self.side)
        theme.draw_frame(layer, "panel", self.treasure_rect)
        if pygame.display.get_surface() is not None:
            layer = layer.convert()
        self._static = (key, layer)
        return layer

    # -- the board --------------------------------------------------------------------------------
    def _draw_marks(self, surface: pygame.Surface) -> None:
        """Wrecks (V5) and the coin on the island."""
        g = self.game
        size = self.ship_size()
        for cell in g.wrecks:
            for half in self.view.halves(cell):
                pt = self.view.anchor_point(half)
                img = sprites.wreck(size)
                surface.blit(img, img.get_rect(center=pt))
        hidden_coin = any(e.hides_coin for e in self.effects)
        if g.treasure == ISLAND and not hidden_coin:
            pt = self.coin_point()
            if self.my_turn() is not None and self._takes():
                pygame.draw.circle(surface, palette.GOLD_LIGHT, (int(pt[0]), int(pt[1])), int(size * 0.5),
                                   max(2, int(self.view.h / 9)))
            img = sprites.coin(int(size * 0.8))
            surface.blit(img, img.get_rect(center=pt))

    def _draw_trails(self, surface: pygame.Surface) -> None:
        """Dotted wakes of this turn's and the previous turn's moves, so people can follow the bots."""
        turn = self.game.turn
        r = max(2, int(self.view.h / 9))
        for when, _, points in self.trails:
            if when < turn - 1:
                continue
            colour = palette.FOAM if when == turn else palette.SEA_LIGHT
            for (x0, y0), (x1, y1) in zip(points, points[1:]):
                if abs(x1 - x0) + abs(y1 - y0) > 3 * self.view.h:      # a strait: no dots across the board
                    continue
                for k in range(3):
                    t = (k + 0.5) / 3
                    pygame.draw.circle(surface, colour, (int(x0 + (x1 - x0) * t), int(y0 + (y1 - y0) * t)), r)

    def _draw_targets(self, surface: pygame.Surface) -> None:
        if self.selected is None:
            return
        h = self.view.h
        for cell, moves in self.landings_of(self.selected).items():
            dice = sorted({m.die for m in moves})
            for half in self.view.halves(cell):
                pts = self.view.diamond_at(half)
                layer_rect = pygame.Rect(int(pts[3][0]), int(pts[0][1]), int(2 * h) + 1, int(2 * h) + 1)
                shade = pygame.Surface(layer_rect.size, pygame.SRCALPHA)
                local = [(x - layer_rect.x, y - layer_rect.y) for x, y in pts]
                hot = cell == self._hover
                pygame.draw.polygon(shade, (*palette.GOLD_LIGHT, 150 if hot else 90), local)
                pygame.draw.polygon(shade, (*palette.GOLD_LIGHT, 255), local, max(2, int(h / 10)))
                surface.blit(shade, layer_rect)
                cx, cy = self.view.anchor_point(half)
                badge = max(12, int(h * 0.7))
                x0 = cx - (len(dice) * (badge + 2) - 2) / 2
                for k, d in enumerate(dice):
                    surface.blit(sprites.die_badge(d, badge), (int(x0 + k * (badge + 2)), int(cy - badge / 2)))

    def _draw_pieces(self, surface: pygame.Surface) -> None:
        g = self.game
        hidden: set[str] = set()
        for e in self.effects:
            if not e.done:
                hidden |= e.hides
        if self.returning is not None:
            hidden |= self.returning.hides
        if self.drag is not None and self.drag["dragging"]:
            hidden |= set(self.drag["group"])
        hidden_coin = any(e.hides_coin for e in self.effects)
        by_cell: dict[Cell, list[str]] = {}
        for s, c in g.ships.items():
            if s not in hidden:
                by_cell.setdefault(c, []).append(s)
        seat = self.my_turn()
        for cell in sorted(by_cell, key=lambda c: (c[0] + c[1], c[0])):
            ships = sorted(by_cell[cell])
            lead = ships[0]
            half = self.shown_half.get(lead, cell)
            x, y = self.view.anchor_point(half)
            ring = self._ring_colour(ships)
            if ring is not None:
                pygame.draw.ellipse(surface, ring, pygame.Rect(int(x - self.view.h * 0.8), int(y - self.view.h * 0.25),
                                                                int(self.view.h * 1.6), int(self.view.h * 0.8)),
                                    max(2, int(self.view.h / 9)))
            for k, s in enumerate(ships):
                img = self.ship_image(s, carrier=g.treasure == s and not hidden_coin)
                off = k * max(3, int(self.view.h / 7))
                self.blit_ship(surface, img, s, (x + off, y - off))
            if len(ships) > 1:
                f = theme.font("bold", 13)
                theme.draw_text(surface, f"×{len(ships)}", f, palette.PARCHMENT,
                                (int(x - self.view.h * 0.75), int(y + self.view.h * 0.25)), "center", palette.INK, 2)

    def _ring_colour(self, ships: list[str]) -> tuple[int, int, int] | None:
        g = self.game
        if self.selected is not None and set(self.selected) & set(ships):
            return palette.WHITE
        if self.my_turn() is None:
            return None
        if self.mode == "arm" and any(isinstance(a, Arm) and a.ship in ships for a in self.legal()):
            return palette.RED
        if self.mode == "take" and any(a.ship in ships for a in self._takes()):
            return palette.GOLD_LIGHT
        if g.phase == STORM and any(s in g.storm_choices for s in ships):
            return palette.RED
        if g.phase == WIND and any(isinstance(a, ChooseCarrier) and a.ship in ships for a in self.legal()):
            return palette.GOLD_LIGHT
        if g.phase == MOVE and not self.dice_rolling() and any(
                s in grp for grp in self.movable_groups() for s in ships):
            return palette.GOLD
        return None

    def _draw_drag(self, surface: pygame.Surface) -> None:
        if self.drag is None or not self.drag["dragging"]:
            return
        x, y = self.drag["pos"]
        for k, s in enumerate(self.drag["group"]):
            img = self.ship_image(s, carrier=self.game.treasure == s)
            self.blit_ship(surface, img, s, (x + 4 * k, y + 4 - 4 * k))

    def _draw_picker(self, surface: pygame.Surface) -> None:
        """S1: every harbour lit with its flag, its name and who holds it; the free ones glow."""
        allowed = queries.choosable_factions(self.game, self.game.current)   # whoever chooses, the free fleets
        pulse = abs((self.dice_age * 1.5) % 2 - 1)
        self.picker.draw(surface, allowed, self.holder, pulse)
        if not self.finished:                # "Anna, choose your fleet" across the top of the map
            seat = self.game.current
            line = tr("table.thinking" if self.is_bot(seat) else "pir.ui.choose_prompt", name=self.seat_name(seat))
            cards = self.picker.cards
            room = max(theme.px(120), cards["french"].left - cards["spanish"].right - theme.px(44))
            f = theme.fit_font(line, "display", 26, room, 12)
            img = theme.render_text(line, f, palette.GOLD_LIGHT, palette.WOOD_DARK, 3)
            box = img.get_rect(center=(self.view.rect.centerx, cards["spanish"].centery))
            plate = theme.overlay(box.inflate(theme.px(24), theme.px(10)).size, (20, 14, 10, 170))
            surface.blit(plate, plate.get_rect(center=box.center))
            surface.blit(img, box)
        drag = self.pick_drag
        if drag is not None and drag["dragging"]:
            hit = self.picker.hit(drag["pos"])
            img = sprites.ship(hit if hit in allowed else "none", self.ship_size())
            surface.blit(img, img.get_rect(center=drag["pos"]))

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        """What to do now, in the side panel under the dice."""
        text = self.prompt_text()
        if not text:
            return
        r = self.prompt_rect
        f = theme.font("bold", 15)
        if len(theme.wrap_text(text, f, r.w)) > 2:
            f = theme.font("bold", 13)
        theme.draw_paragraph(surface, text, f, palette.GOLD_LIGHT, r)

    def prompt_text(self) -> str:
        g = self.game
        if self.finished or g.is_over():
            return ""
        seat = g.current
        name = self.seat_name(seat)
        if self.is_bot(seat):
            return tr("table.thinking", name=name)
        if self.my_turn() is None:
            return ""
        if self.choosing():
            return tr("pir.ui.choose_prompt", name=name) + ". " + tr("pir.ui.choose_hint")
        if self.mode == "arm":
            return tr("pir.ui.arm_prompt")
        if self.mode == "take":
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
            return tr("pir.ui.move_prompt", n=g.need) if self.selected is None else tr("pir.ui.target_prompt")
        return ""

    # -- the side panel ------------------------------------------------------------------------------
    def _draw_side(self, surface: pygame.Surface) -> None:
        g = self.game
        self._draw_head(surface)
        self._draw_dice(surface)
        self._draw_prompt(surface)
        for b in self.buttons()[1:]:
            if b.visible:
                b.draw(surface)
        self._draw_fleets(surface)
        self._draw_treasure(surface)
        self.logpanel.draw(surface)
        self.menu_button.draw(surface)
        if g.is_over():
            return

    def _draw_head(self, surface: pygame.Surface) -> None:
        g = self.game
        r = self.head_rect
        title = theme.font("display", 24)
        head = tr("pir.ui.choose_title") if self.choosing() else tr("pir.ui.turn", n=g.turn)
        theme.draw_text(surface, head, theme.fit_font(head, "display", 24, r.w), palette.GOLD_LIGHT, (r.x, r.y))
        if g.is_over():
            text = tr(g.how) if g.how else ""
        elif self.choosing():
            text = tr("pir.ui.choose_prompt", name=self.seat_name(g.current))
        else:
            seat = g.current
            text = tr("pir.ui.to_play", name=self.seat_name(seat), side=tr(g._who(seat)))
        f = theme.fit_font(text, "bold", 16, r.w)
        theme.draw_text(surface, text, f, palette.PARCHMENT, (r.x, r.y + title.get_linesize()))
        order = [self.seat_name(s) for s in (g.order or range(g.players)) if s not in g.out]
        line = " → ".join(order)
        theme.draw_text(surface, line, theme.fit_font(line, "text", 14, r.w, 10), palette.PARCHMENT_DARK,
                        (r.x, r.y + title.get_linesize() + f.get_linesize()))

    def _draw_dice(self, surface: pygame.Surface) -> None:
        g = self.game
        r = self.dice_rect
        size = min(theme.px(52), r.h - theme.px(6))
        dice = self.shown_dice
        if not dice:
            f = theme.font("text", 15)
            theme.draw_text(surface, tr("pir.ui.no_dice"), f, palette.PARCHMENT_DARK, (r.x, r.centery), "midleft")
            return
        gap = theme.px(10)
        rolling = self.dice_rolling()
        used = list(g.used) + [False] * len(dice)
        for k, d in enumerate(dice):
            x = r.x + k * (size + gap)
            y = r.centery - size // 2
            if rolling:
                frame = 1 + (int(self.dice_age / 0.07) + k) % 3
                img = die_blur(frame, size)
                y -= int(abs(((self.dice_age * 9 + k) % 2) - 1) * theme.px(8))
            else:
                img = die_face(d, size)
                if self.dice_spent or (used[k] and g.phase in (MOVE, END, BONUS)):
                    img = img.copy()
                    img.set_alpha(90)
            surface.blit(img, (x, y))
        if not rolling and g.phase == MOVE and g.need:
            f = theme.font("text", 14)
            theme.draw_text(surface, tr("pir.ui.to_play_dice", n=g.need), f, palette.PARCHMENT,
                            (r.x + len(dice) * (size + gap) + theme.px(4), r.centery), "midleft")

    def _draw_fleets(self, surface: pygame.Surface) -> None:
        g = self.game
        r = self.fleet_rect
        row_h = theme.px(32)
        icon = max(16, int(row_h * 0.95))
        y = r.y
        if self.choosing():
            self._draw_choosers(surface)
            return
        factions = [f_ for s in g.order for f_ in g.seat_factions[s]]
        if g.dead_man and g.dead_man not in factions:
            factions.append(g.dead_man)
        for faction in factions[:4]:
            seat = g.controller(faction)
            name = self.seat_name(seat) if seat is not None else tr("pir.ui.dead_man")
            current = seat == g.current and not g.is_over()
            if current:
                pygame.draw.rect(surface, (*palette.GOLD, ), pygame.Rect(r.x, y, r.w, row_h - theme.px(2)),
                                 width=max(1, theme.px(2)), border_radius=theme.px(6))
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
                x += icon - theme.px(6)
            y += row_h

    def _draw_choosers(self, surface: pygame.Surface) -> None:
        """S1: each seat, the fleet it chose (its flag) or that it is still to choose."""
        g = self.game
        r = self.fleet_rect
        row_h = theme.px(32)
        for seat in range(min(4, g.players)):
            y = r.y + seat * row_h
            if seat == g.current:
                pygame.draw.rect(surface, palette.GOLD, pygame.Rect(r.x, y, r.w, row_h - theme.px(2)),
                                 width=max(1, theme.px(2)), border_radius=theme.px(6))
            fleets = g.seat_factions[seat] if seat < len(g.seat_factions) else []
            name = self.seat_name(seat)
            if fleets:
                flag = sprites.flag(fleets[0], int(row_h * 0.7))
                surface.blit(flag, flag.get_rect(midleft=(r.x + theme.px(6), y + row_h // 2)))
                label = f"{name} · {tr(faction_text(fleets[0]))}"
            else:
                label = f"{name} · …"
            theme.draw_text(surface, label, theme.fit_font(label, "bold", 14, r.w - theme.px(44), 10),
                            palette.PARCHMENT if fleets else palette.PARCHMENT_DARK,
                            (r.x + theme.px(36), y + row_h // 2), "midleft")

    def _draw_treasure(self, surface: pygame.Surface) -> None:
        g = self.game
        r = self.treasure_rect
        coin = sprites.coin(theme.px(34))
        surface.blit(coin, coin.get_rect(midleft=(r.x + theme.px(10), r.y + theme.px(26))))
        if g.treasure == ISLAND:
            text = tr("pir.ui.treasure_island")
        elif g.treasure == DESTROYED:
            text = tr("pir.ui.treasure_destroyed")
        else:
            cell = g.ships.get(g.treasure)
            text = tr("pir.ui.treasure_on", ship=tr(_ship_text(g.treasure)), cell=f"({cell[0]},{cell[1]})"
                      if cell else "")
        f = theme.font("text", 15)
        compass_size = r.h - theme.px(12)
        text_w = r.w - theme.px(60) - compass_size
        theme.draw_paragraph(surface, text, f, palette.INK, pygame.Rect(r.x + theme.px(52), r.y + theme.px(8),
                                                                         text_w, r.h - theme.px(12)))
        forbidden = None
        if g.treasure in g.ships:
            forbidden = self.forbidden_directions(g.treasure)
        img = sprites.compass(compass_size, forbidden=forbidden)
        surface.blit(img, img.get_rect(midright=(r.right - theme.px(6), r.centery)))

    def forbidden_directions(self, ship: str) -> tuple[str, ...]:
        """The directions the carrier may not sail (R17, R18: the engine's answer), struck on the compass."""
        return queries.forbidden_directions(self.game, ship)

    def _draw_bonus(self, surface: pygame.Surface) -> None:
        box = self.bonus_box()
        theme.draw_frame(surface, "panel", box)
        f = theme.font("bold", 17)
        theme.draw_text(surface, tr("pir.ui.bonus_title"), f, palette.INK, (box.centerx, box.y + theme.px(10)), "midtop")
        for (row, v), r in self.bonus_rects().items():
            img = die_face(v, r.w)
            if self.bonus_pick[row] and self.bonus_pick[row] != v:
                img = img.copy()
                img.set_alpha(110)
            surface.blit(img, r)
            if self.bonus_pick[row] == v:
                pygame.draw.rect(surface, palette.RED, r.inflate(4, 4), width=3, border_radius=theme.px(8))
        play, decline = self.bonus_buttons()
        for rect, key, on in ((play, "pir.ui.bonus_play", all(self.bonus_pick)), (decline, "pir.ui.decline", True)):
            pygame.draw.rect(surface, palette.WOOD if on else palette.PARCHMENT_DARK, rect, border_radius=theme.px(8))
            theme.draw_text(surface, tr(key), theme.font("bold", 15), palette.PARCHMENT if on else palette.INK_SOFT,
                            rect.center, "center")


def _cell(value: Any) -> Cell:
    """An event's square (a list in JSON, a tuple in the event) as the state keeps it."""
    return (int(value[0]), int(value[1]))


def _ship_text(ship: str) -> Text:
    from game.games.pirateer.rules import ship_text
    return ship_text(ship)


def gliding(app: Any, seed: int = 1) -> PirateerScene:
    """A four-player game some turns in, with a ship gliding all the time (the bench's worst case)."""
    from game.core.bots import RandomBot
    from game.core.session import GameSession, Seat
    seats = [Seat(n, "bot", "easy", i) for i, n in enumerate(("Anna", "Ben", "Carla", "Dario"))]
    session = GameSession.new("pirateer", games.get("pirateer").package.rules, seats, {}, seed)
    bots = [RandomBot(i, seed + i) for i in range(4)]
    for _ in range(60):
        st = session.state
        if st.is_over():
            break
        seat = st.current_players()[0]
        session.apply(bots[seat].choose(st.view(seat)))
    scene = _GlidingScene(app, session)
    return scene


class _GlidingScene(PirateerScene):
    """Restarts a long glide whenever the last one ends (bench only; no bot plays)."""

    def bot_due(self) -> int | None:
        return None

    def update(self, dt: float) -> None:
        super().update(dt)
        if not any(isinstance(e, fx.Glide) for e in self.effects) and self.game.ships:
            ship = sorted(self.game.ships)[0]
            start = self.game.ships[ship]
            squares: list[Cell] = []
            here = start
            for direction in ("SE", "SW", "NW", "NE") * 2:
                for _ in range(3):
                    nxt = self.game.board.step(here, direction)
                    if nxt is None or not self.game.board.is_water(nxt):
                        break
                    squares.append(nxt)
                    here = nxt
            points = self.view.path_points(start, tuple(squares) or (start,))
            self.effects.append(fx.Glide([ship], [self.ship_image(ship)], points, foot=self._foot(ship),
                                         board_centre_y=self.view.rect.centery))


__all__ = ["PirateerScene", "gliding"]
