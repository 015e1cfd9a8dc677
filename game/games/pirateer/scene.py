"""The Pirateer table: the sea map with the ships, the coin, the wrecks, the wakes and the lit squares, and
the gestures on them. The side panel (whose turn, dice, prompt, buttons, fleets, treasure, log, the
acey-deucey pickers) is ``panel.py``'s ``SidePanel``, which the scene owns and places; the harbours to
choose from are ``picker.py``'s. Turn, legal actions, playing an action, log panel, Menu and Undo, the
chooser, the timeline and the drag-and-drop controller are the shared table's (``game.scenes.table``).

Input becomes actions of rules.py, played through the table's ``play``; the scene never decides a rule:
what it lights, strikes or explains it asks the engine (``queries.py``; the table's drop contract,
``drop_actions`` / ``drop_verdict``: what lights is exactly what ``State.check`` accepts). Input (spec
section 9):
- **Roll** (button or Space); in ``nuke`` **Arm nuke** then click a ship;
- click one of your ships (or drag it): the squares it may reach light up, each with the die that gets
  there; only squares of a legal plan (R11) light up. Click a lit square or drop the ship on it. This is the
  shared ``DragController``: each of your groups is a draggable (``ShipToken``; one that cannot sail now
  says why when pressed: roll first, R11...), every square of the map (land too) a drop target whose
  ``accepts`` is the table's ``drop_verdict``: a ship dropped on a square means the ``Move`` of each die
  still to play whose straight line ends there (R3), and the engine takes one or says why (a ship in the
  way, a forbidden direction R17/R18, the strait...); a square no die reaches, the island or land say so
  in the game's words (``no_drop_reason``). A refused drop glides back with that reason. A second click
  on the ship, a right click or Backspace puts it down. Two dice reaching one square ask which die;
- keyboard: Tab (Shift+Tab) picks a ship, the arrows a lit square, Enter sails there; T takes the
  treasure, E ends the turn;
- the camera (``camera.py``'s ``SeaCamera``, ``scene.sea``): the wheel zooms about the pointer, a drag on the open
  sea pans (a drag on a ship still moves the ship), a double click on the sea (or F) shows the whole sea again,
  + and - zoom, the arrows pan while no ship is in hand, **Centre fleet** (or C) brings the fleet on turn into
  view;
- in ``flotilla`` a click on a stack asks which ships sail;
- **Take treasure** (or a click on the island's coin) and **End turn** when the rules allow; **Undo** (or
  Ctrl+Z) within the turn;
- storm ties, war-wind's first carrier: click the ship; acey-deucey: two 1-6 pickers and Decline;
- before the first roll, when the seats choose their fleets (S1): every harbour is lit with its flag and
  name; click a free harbour, drag a ship onto it (the controller again: the harbours are its targets, a
  drop on one means ``ChooseFaction``, and a taken fleet is refused in the engine's words), Left/Right (or
  Tab) and Enter, or 1-4 (1-8 for the eight harbours of the two-board map, each by its name, V11.1).
A frame is drawn when the picture changes, not for every move of the mouse: what an event changes marks
the table dirty at once (a ship picked up or put down shows its ring in that very frame).

What happened comes from the engine's events as the seat on screen may see them (the table's
``sync_events`` gives the new ones to ``on_events``; kinds and fields in rules.py's notes): each becomes
its animation, banner and dice (``moved`` glides along its ``path``, ``sank`` sinks at ``at``, ``took`` hops
the coin, ``blast`` rings with its ``radius``, ``rolled`` and the ``chose`` "bonus" throw the dice, ``turn``
greys or clears them, ``forfeit`` with ``none`` is the "No legal move" banner: who rolled what, why no ship moves
(the event's ``why``, R13) and whose turn it is now; ``ended`` makes the winner's coin glint). Every animation is a
clip on the table's timeline (``effects.py``): at the speed set in Settings, skipped by a click or the next action,
the next bot move waits for it (a few banners linger without holding the bots; "No legal move" holds them while
it shows, so it is gone when the next seat starts, and on a human's own roll it waits for their OK); the dice
tumble as a clip too. The scene never compares two states nor reads a log line's
parameters. When the events shrink (undo), are not the ones shown, or another state with a longer story is put
in the session, ``on_resync`` shows the table as it is, without animating.

Following the game (issue 16): each seat's last move stays marked on the sea until that seat moves again, drawn
only from the shared table's ``last_moves()`` (``marks.py`` reads them): the square each ship it sailed stands on
in the seat's colour, its chip (its colour and symbol, as in the log) on the ship's bow, the square each sailed
from, the wake of every die it played in arrowheads that point the way (an out-and-back's legs side by side,
``marks.wake_lanes``), and over the ships a badge where it sank a ship and where it took the treasure; each names
itself ("last-move") with the turn it is of (and that the seat has rolled since without a move, when it has).
Every ship stands on its square drawn a little darker; a flotilla stack's ships (V4.2, the only ships that share a
square) stand side by side, smaller. The
frame round the map prints the squares' names (rows by letter, columns by number, ``Board.square_name``), the
names the log, the rules' captions and the lesson use. When the game ends, the victory panel (``victory.py``)
holds the final board: who won and how, until See the results (or Enter); ``show_results`` (the shared table's
game over) raises it, ``ending_shown`` and ``ending_button`` say it is up and where to click.

Learn to play (``game.scenes.coach``): the coach's panel stands in the free band at the bottom of the map,
between the lower harbours (``coach_room``, or ``coach_place`` for the usual wide panel), so the top row, every
harbour and the side panel stay in sight; the lesson rings ships, squares and anchors (``ship_rect``,
``square_rect``, ``anchor_rect``).
"""
from __future__ import annotations

import logging
import math
from typing import Any

import pygame

from game import games
from game.core.events import Event
from game.core.protocol import Action, Result, Text
from game.core.session import GameSession
from game.i18n import tr
from game.scenes.table import TableScene

log = logging.getLogger("pgn.pirateer")
from game.ui import palette, theme
from game.ui.dice import die_face
from game.ui.chooser import Chooser
from game.ui.dragdrop import DragController, DropTarget
from game.ui.widgets import Button

from game.games.pirateer import effects as fx
from game.games.pirateer import queries
from game.games.pirateer import sprites
from game.games.pirateer.marks import SeatMarks, marks_of, wake_lanes
from game.games.pirateer.victory import Ending, VictoryPanel
from game.games.pirateer.boardmodel import Cell
from game.games.pirateer.boardview import LABEL_MARGIN, BoardView, HitRect
from game.games.pirateer.camera import SeaCamera
from game.games.pirateer.moves import DESTROYED, ISLAND, faction_of, number_of
from game.games.pirateer.panel import SidePanel
from game.games.pirateer.picker import FactionPicker, FleetToken
from game.games.pirateer.rules import (BONUS, CHOOSE, END, MOVE, OVER, START, STORM, WIND, Arm, Bonus, ChooseCarrier,
                                       ChooseFaction, EndTurn, Move, PirateerState, Roll, StormPick, Take,
                                       TREASURE_HOME, dir_text, faction_of_text, faction_text, list_text, ship_text)

LANE = 0.24            # squares' half-diagonals between a wake's lane and the next (an out-and-back's legs)
NO_MOVE_HOLD = 1.8      # seconds a "No legal move" banner holds the bots, plus their pause (a human's own waits for OK)
COACH_ROOM_H = 280      # theme pixels off the map that hold any of the lesson's panels (a tall window)


class PirateerScene(TableScene):
    name = "table:pirateer"
    #: every kind of thing the table draws and names (issue 15: what a player sees explains itself)
    EXPLAINED_KINDS = ("map", "sea", "land", "islet", "island", "dock", "current", "strait", "anchor", "harbour",
                       "wreck", "last-move", "target", "ship", "stack", "treasure", "effect", "head", "die",
                       "prompt", "fleet", "compass", "bonus", "button", "coordinate", "victory", "warning")

    def __init__(self, app: Any, session: GameSession):
        super().__init__(app, games.get("pirateer"), session)
        self.view = BoardView(self.state.board)
        self.view.label_margin = LABEL_MARGIN            # the frame prints the squares' names
        self.roll_button = Button(Text.of("pir.ui.roll"), self._roll, min_width=130, height=44, size=18)
        self.take_button = Button(Text.of("pir.ui.take"), self._take, min_width=130, height=40, size=16)
        self.end_button = Button(Text.of("pir.ui.end_turn"), self._end_turn, min_width=130, height=40, size=16)
        self.undo_button.min_width = 100                 # the base's Undo, a little narrower in the panel
        self.arm_button = Button(Text.of("pir.ui.arm"), self._toggle_arm, min_width=130, height=40, size=16)
        self.rect = pygame.Rect(0, 0, 1280, 720)
        self.side = pygame.Rect(0, 0, 0, 0)
        self.panel = SidePanel(self)                     # whose turn, dice, prompt, buttons, fleets, treasure, log
        self.mode: str | None = None                     # "arm" or "take": the next ship click means that
        #: ships picked up, carried and dropped (or clicked, then a lit square clicked): the shared controller
        self.drag = DragController(self._on_drop, tweener=self.timeline, keys=False, glide=False,
                                   on_select=self._on_select, on_press=self._on_press, on_return=self._on_return,
                                   on_reject=self._on_reject)
        self._tokens: dict[tuple[str, ...], ShipToken] = {}   # the human's groups that may sail, as draggables
        self._quiet = False
        self._last_look: tuple = ()
        self.shown_half: dict[str, Cell] = {}            # strait ships: which half they are drawn on
        self.facing: dict[str, int] = {}                 # +1 bow to the right, -1 to the left
        self._tumble: fx.Tumble | None = None            # the dice's roll on the timeline (the panel reads it)
        self.elapsed = 0.0                               # seconds on the table (the picker's pulse)
        self.shown_dice: list[int] = list(self.state.dice)
        self.dice_spent = False                          # the dice shown were thrown, and the turn passed
        self._hover_cell: Cell | None = None
        self._static: tuple[Any, pygame.Surface] | None = None
        #: each seat's last move read from the table's ``last_moves()`` (cached by what it was read from)
        self._marks: tuple[Any, dict[int, SeatMarks]] | None = None
        self._wake_points: dict[tuple, list[tuple[float, float]]] = {}
        self._bases_drawn: dict[tuple[int, int], pygame.Surface] = {}   # the square under a ship, by its size
        #: the end of the game held over the map until See the results (issue 16)
        self.victory = VictoryPanel(self._see_results)
        self._results_shown = False
        #: every square of the map (land too) as a drop target: ``data`` its square (a strait's top half)
        self._squares: list[DropTarget] = []
        self._square_of: dict[Cell, DropTarget] = {}
        self._hit_memo: tuple[tuple[int, int], Cell | None] = ((-1, -1), None)
        self._build_squares()
        self.picker = FactionPicker(self.state.board, self.drop_verdict)   # S1: the harbours to choose from
        self.fleet_token = FleetToken(self.picker, self.ship_size, self.choosable, lambda: self.drag.mouse)
        self._laid_out_choosing = self.choosing()
        self._chooser_says: dict[int, Text] = {}         # the chooser's buttons (by id): what each one does
        self._board_says: tuple[Any, list[tuple[pygame.Rect, Text, str]]] | None = None   # the map's squares
        self._blocked: tuple[Any, list[tuple[str, list[str]]]] | None = None   # carriers shut out by own ships
        self._blocked_told: tuple[int, int] | None = None     # (seat, turn) the toast about them was shown for
        self._keyed_cell: Cell | None = None                   # the lit square the arrow keys chose
        self._lit: dict[Cell, list[Move]] = {}           # the squares lit this frame
        self._turn = 0                                   # the turn the events shown so far are in
        self._places: dict[str, str] = {}                # each treasure's place, as the events shown say
        #: R13 on a human's own roll: the "No legal move" banner held until its OK, the seat and turn it is of
        self._held: tuple[fx.Banner, int, int] | None = None
        self.no_move_ok = Button(Text.of("pir.ui.no_move_ok"), self._release_no_move, min_width=120, height=40,
                                 size=17)
        self.sea = SeaCamera(self)                       # fit, zoom, pan, Centre fleet (the view's camera)
        self.resync_events()                             # a new or loaded game: shown as it is, no animation

    # ------------------------------------------------------------------------------------------
    # State helpers
    # ------------------------------------------------------------------------------------------
    @property
    def game(self) -> PirateerState:
        return self.state  # type: ignore[return-value]

    @property
    def effects(self) -> list[fx.Effect]:
        """The Pirateer pictures running on the timeline now (a glide back from an illegal drop aside)."""
        return [c for c in self.timeline.clips(fx.Effect) if c.tag != "return"]

    def choosing(self) -> bool:
        """S1: the seats are choosing their fleets (before the first roll)."""
        return self.game.phase == CHOOSE

    def movable_groups(self) -> dict[tuple[str, ...], list[Move]]:
        """The groups of the human on turn that may sail now, with their legal moves (the engine's)."""
        return queries.movable_groups(self.game, self.my_turn())  # type: ignore[return-value]

    def landings_of(self, group: tuple[str, ...]) -> dict[Cell, list[Move]]:
        """Square -> the legal moves of ``group`` that end there (only squares of a legal plan, R11): the squares
        whose drop the engine accepts (``drop_actions`` that ``State.check`` passes), so what lights is legal."""
        seat = self.my_turn()
        group = tuple(sorted(group))
        start = self.game.ships.get(group[0]) if group else None
        if seat is None or start is None:
            return {}
        out: dict[Cell, list[Move]] = {}
        for cell in queries.reach(self.game.board, start, self.game.unused()):
            legal = [m for m in queries.drop_moves(self.game, seat, group, cell) if self.game.check(m) is None]
            if legal:
                out[cell] = legal  # type: ignore[assignment]
        return out

    # ------------------------------------------------------------------------------------------
    # Layout
    # ------------------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        side_w = max(theme.px(372), min(theme.px(400), rect.w - int(rect.h * 4 / 3) - theme.px(24)))
        self.side = pygame.Rect(rect.right - side_w, 0, side_w, rect.h)
        pad = theme.px(12)
        self.view.layout(pygame.Rect(pad, pad, rect.w - side_w - 2 * pad, rect.h - 2 * pad))
        self._laid_out_choosing = self.choosing()
        self.panel.layout(self.side, self.view.rect)
        if self.chooser is not None:
            self.chooser.layout(self._popup_centre(), self._popup_width())
        self.picker.layout(self.view)
        self._layout_squares()
        self.mark_dirty()

    def _popup_centre(self) -> tuple[int, int]:
        return self.view.rect.centerx, self.view.rect.bottom - theme.px(110)

    def _popup_width(self) -> int:
        return min(self.view.rect.w - theme.px(40), theme.px(560))

    # ------------------------------------------------------------------------------------------
    # Actions
    # ------------------------------------------------------------------------------------------
    def _roll(self) -> None:
        seat = self.my_turn()
        if seat is not None and any(isinstance(a, Roll) for a in self.legal()):
            self.mode = None
            self.play(Roll(seat))

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
                self.play(mine[0])
                return
        if len(takes) == 1:
            self.play(takes[0])
            return
        self.mode = "take"                      # several ships on docks: click the one that takes it
        self.selected = None
        self.mark_dirty()

    def _end_turn(self) -> None:
        seat = self.my_turn()
        if seat is not None and any(isinstance(a, EndTurn) for a in self.legal()):
            self.play(EndTurn(seat))

    def _move(self, moves: list[Move]) -> None:
        """Play a move to a square; two different dice reaching it ask which one."""
        dice = sorted({m.die for m in moves})
        if len(dice) == 1:
            self.selected = None
            self.play(moves[0])
            return
        self._chooser_says = {}
        buttons = []
        for d in dice:
            m = next(mm for mm in moves if mm.die == d)
            buttons.append(Button(Text.of("pir.ui.use_die", die=d), lambda m=m: self._choose_move(m),
                                  icon=die_face(d, theme.px(26)), min_width=120, height=42, size=16))
            self._chooser_says[id(buttons[-1])] = Text.of("pir.explain.use_die", die=d)
        self.open_chooser(Chooser(Text.of("pir.ui.which_die"), buttons), self._popup_centre(), self._popup_width())

    def _choose_move(self, move: Move) -> None:
        self.close_chooser()
        self.selected = None
        self.play(move)

    def _flotilla_choice(self, cell: Cell, groups: list[tuple[str, ...]]) -> None:
        """V4: which ships of the stack sail (the carrier's presence makes the choice matter)."""
        carrying = set(self.game.carriers())
        self._chooser_says = {}
        buttons = []
        mixed = len({faction_of(s) for g in groups for s in g}) > 1     # two fleets of one player (their R17 differ)
        kinds: dict[tuple, tuple[str, ...]] = {}     # ships of one fleet are alike: one button a count (and coin)
        for group in sorted(groups, key=lambda g: (len(g), bool(carrying & set(g)), g)):
            key = (len(group), bool(carrying & set(group)), tuple(sorted(faction_of(s) for s in group)))
            kinds.setdefault(key if not mixed else (group,), group)
        for group in kinds.values():
            coin = bool(carrying & set(group))
            if mixed:
                nums = list_text([ship_text(s) for s in group])
                text = Text.of("pir.ui.sail_with_coin" if coin else "pir.ui.sail", n=len(group), ships=nums)
                says = Text.of("pir.explain.sail_with_coin" if coin else "pir.explain.sail", ships=nums)
            else:
                text = Text.of("pir.ui.sail_count_coin" if coin else "pir.ui.sail_count", n=len(group))
                says = Text.of("pir.explain.sail_count_coin" if coin else "pir.explain.sail_count", n=len(group))
            buttons.append(Button(text, lambda g=group: self._select(g), min_width=150, height=42, size=15))
            self._chooser_says[id(buttons[-1])] = says
        ask = "pir.ui.which_ships" if mixed else "pir.ui.how_many_ships"
        self.open_chooser(Chooser(Text.of(ask), buttons), self._popup_centre(), self._popup_width())

    def _select(self, group: tuple[str, ...] | None) -> None:
        self.close_chooser()
        self.selected = group

    # -- S1: choosing the fleets -------------------------------------------------------------------
    def choosable(self) -> list[str]:
        """The fleets the human on turn may choose now (the engine's legal choices)."""
        return queries.choosable_factions(self.game, self.my_turn()) if self.choosing() else []

    def holder(self, faction: str) -> str | None:
        """The name of the player who chose ``faction``'s fleet, if anyone did."""
        seat = self.game.controller(faction)
        return self.seat_name(seat) if seat is not None else None

    def choose_faction(self, faction: str | None) -> bool:
        """The human on turn takes ``faction``'s fleet (S1; a harbour that is not free says why, in the
        engine's words)."""
        seat = self.my_turn()
        if seat is None or faction is None or not self.choosing():
            return False
        action = ChooseFaction(seat, faction)
        why = self.game.check(action)
        if why is not None:
            self.app.toast(tr(why))
            self.app.play("error")
            return False
        self.picker.focus = None
        return self.play(action)

    def _handle_choose(self, event: pygame.event.Event) -> bool:
        """Keys while the fleets are chosen, and the pointer's focus (clicks and drops: ``_handle_drag``)."""
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
            elif pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(self.game.board.factions):
                self.choose_faction(self.game.board.factions[key - pygame.K_1])   # 1-4, 1-8 on two boards
            else:
                return False
            return True
        if event.type == pygame.MOUSEMOTION:
            hit = self.picker.hit(event.pos)
            if hit in allowed:
                self.picker.focus = hit
            return True
        return False

    # -- what happened: the engine's events -------------------------------------------------------
    def on_resync(self) -> None:
        """The table as the state is now, with nothing animating (a new or loaded game, an undo)."""
        g = self.game
        self._turn, self._places = g.turn, dict(g.treasures)
        self._held = None                               # (the timeline's clips are cancelled with it)
        self._drop_all()
        self._tumble = None
        self.shown_dice, self.dice_spent = list(g.dice), False
        self.shown_half = {s: half for s, half in self.shown_half.items()
                           if s in g.ships and half in self.view.halves(g.ships[s])}
        self._reset_input()
        self._relayout_when_chosen()

    def _relayout_when_chosen(self) -> None:
        if self._laid_out_choosing != self.choosing():
            self.layout(self.rect)          # the fleets sailed: the side panel lists them now

    def _reset_input(self) -> None:
        self.selected = None
        self.mode = None
        if self.chooser is not None:
            self.close_chooser()
        self.panel.bonus_pick = [0, 0]

    def _at(self, ship: str, cell: Cell) -> tuple[float, float]:
        """Where ``ship`` on ``cell`` is drawn (the strait half it was last shown on)."""
        return self.view.anchor_point(self.shown_half.get(ship, cell))

    def on_events(self, events: list[Event], first: int) -> None:
        """Each new event becomes its animation, banner, dice or wake; ``first`` is the index of the first."""
        play = self.timeline.play
        ship_px = self.ship_size()
        coin = sprites.coin(self.coin_size())
        t_end = 0.0                                     # when the last glide lands
        landed: Cell | None = None                      # ... on which square, at which point
        end_pt = (0.0, 0.0)
        smoke = storm = thrown = turned = False
        chose_banner = 0.0                              # when a flip's banner may follow the last choice's
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
                images = [self.ship_image(sh, carrier=self._coins_shown(sh)) for sh in ships]
                glide = fx.Glide(ships, images, points, t_end, fx.STEP_SECONDS,
                                 foot=sprites.ship_foot(ship_px, facing), board_centre_y=self.view.board_rect.centery)
                play(glide)
                t_end, landed, end_pt, smoke = glide.end_time, squares[-1], points[-1][0], False
                for sh in ships:
                    self.shown_half[sh] = self.view.near_half(landed, end_pt)
                sounds.add("card")
            elif kind == "sank":
                v, at, by = e.get("piece"), _cell(e.get("at")), e.get("by")
                img = self.ship_image(v, carrier=self._coins_shown(v))
                if by == "boarding":                                            # R21: smoke, then it sinks
                    pt = end_pt if landed == at else self._at(v, at)
                    if not smoke:
                        frames = [sprites.smoke(k, int(ship_px * 1.4)) for k in range(sprites.SMOKE_FRAMES)]
                        play(fx.Frames(frames, pt, t_end, 0.7, what="smoke"))
                        smoke = True
                    play(fx.Sink(img, pt, t_end + 0.1, 0.6, foot=self._foot(v)))
                elif by == "storm":                                             # V2: the wave takes it
                    pt = self._at(v, at)
                    play(fx.Storm(sprites.wave(int(ship_px * 2.4)), pt, self.view.rect, 0.0, 1.1))
                    play(fx.Sink(img, pt, 0.45, 0.6, foot=self._foot(v)))
                    storm = True
                else:                                                           # V3: the blast
                    play(fx.Sink(img, self._at(v, at), 0.2, 0.5, foot=self._foot(v)))
                if e.get("treasure") is not None:                               # R21, V3.5: its coins go
                    heir = e.get("treasure")
                    self._places.update({t: heir for t, p in self._places.items() if p == v})
                self.shown_half.pop(v, None)
                sounds.add("splash")
            elif kind == "took":
                ship, frm, at = e.get("ship"), e.get("frm"), _cell(e.get("at"))
                if frm == ISLAND:                                               # R14: from the island
                    shown = [t for t, p in self._places.items() if p == ISLAND]     # as they lay till now
                    tid = e.get("treasure")
                    start = self.coin_point(shown.index(tid) if tid in shown else 0, len(shown))
                    play(fx.CoinHop(coin, start, self.cargo_point(ship, self._at(ship, at)), 0.0, 0.5, to=ship))
                    sounds.add("card")
                elif frm != "war-wind":                                         # R21: seized from the boarded
                    pt = end_pt if landed == at else self._at(ship, at)
                    play(fx.CoinHop(coin, self.cargo_point(frm, pt), self.cargo_point(ship, pt), t_end + 0.35, 0.45,
                                    to=ship))
                self._places[e.get("treasure") or next(iter(self._places), "treasure")] = ship
            elif kind == "blast":                                               # V3.2: the engine's radius
                play(fx.Blast(self._at(e.get("piece"), _cell(e.get("at"))),
                              self.view.ring_radius(e.get("radius") or 1), 0.0, 1.0))
                if e.get("treasure_destroyed"):                                 # V3.5: the island's too
                    self._places.update({t: DESTROYED for t, p in self._places.items()
                                         if p == ISLAND and self.game.treasures.get(t) == DESTROYED})
                sounds.add("splash")
            elif kind == "rolled" and e.get("why") != "first-player":          # R2, V3.2, V6.3
                self.shown_dice, thrown = list(e.get("dice")), True
                self.dice_spent = e.get("why") == "nuke"                        # a blast's dice are not played
            elif kind == "chose" and e.get("what") == "bonus":                  # V6.2: the values chosen
                self.shown_dice, self.dice_spent, thrown = list(e.get("choice")), False, True
            elif kind == "chose" and e.get("what") == "fleet":                  # S1: who took which fleet
                text = tr("pir.ui.chose_banner", name=self.seat_name(e.seat),
                          faction=tr(faction_text(e.get("choice"))))
                play(fx.Banner(text, self.view.rect.center, 0.0, 1.2))
                chose_banner = 1.2
                sounds.add("card")
            elif kind == "flipped":                                             # V11.2: the coin chose the island
                label = e.get("island")                                         # (after who chose last)
                play(fx.Banner(tr("pir.ui.flip_banner", island=label), self.view.rect.center, chose_banner, 1.4))
                on = [t for t, p in self._places.items() if p == ISLAND]
                big = sprites.coin(int(ship_px * 0.8))
                for k in range(len(on)):                                        # both treasures land on it
                    play(fx.CoinHop(big, self.view.rect.center, self.coin_point(k, len(on), label),
                                    chose_banner + 0.9 + 0.25 * k, 0.7, to=ISLAND))
                sounds.add("card")
            elif kind == "turn":                # the dice thrown now stay, greyed; older ones go
                self._turn, turned = e.get("turn"), True
                if thrown:
                    self.dice_spent = True
                else:
                    self.shown_dice, self.dice_spent = [], False
            elif kind == "forfeit" and e.get("none"):                           # R13
                self._no_move_banner(e, events[index - first + 1:])
            elif kind == "ended" and e.get("winners"):
                self._win_effect(t_end + 0.2, e.get("carrier"))
        if storm:
            play(fx.Banner(tr("pir.ui.storm_banner"), self.view.rect.center, 0.0, 1.4))
        if not thrown and not turned and self.dice_spent:
            self.shown_dice, self.dice_spent = [], False        # the next turn began without a roll
        if sounds:
            self.app.play("splash" if "splash" in sounds else "card")
        if thrown:                     # a roll, a blast, a re-roll: even when the turn passed at once
            self._tumble = play(fx.Tumble())
            self.app.play("dice")
        self._reset_input()
        self._relayout_when_chosen()

    def _no_move_banner(self, e: Event, after: list[Event]) -> None:
        """R13: who rolled what and why no ship moves (the engine's ``why``), then what happens: the turn passes
        to the next seat (its ``turn`` event follows) or the treasure may still be taken. It holds the bots while
        it shows (gone when the next seat starts); on a human's own roll it waits for their OK."""
        dice = list_text(list(e.get("dice") or ()))
        why = e.get("why")
        name = self.seat_name(e.seat)
        sub = tr("pir.ui.no_move_why", name=name, dice=dice, why=why) if why is not None else \
            tr("pir.ui.no_move_sub", name=name, dice=dice)              # (a game saved before the reason)
        then = next((x for x in after if x.kind in ("turn", "ended")), None)
        passed = then if then is not None and then.kind == "turn" else None
        if passed is not None:
            more = tr("pir.ui.no_move_passes", name=self.seat_name(passed.seat)) if why is not None else None
        elif then is None:
            more = tr("pir.ui.no_move_take")                            # R13: a take is still allowed
        else:
            more = None                                                 # the game ended (the draw's rounds)
        held = passed is not None and e.seat is not None and not self.is_bot(e.seat) and self.coach is None \
            and not self.replaying
        hold = max(2.0, NO_MOVE_HOLD + self.bot_pause())               # the bots' pace: slower, longer
        banner = fx.Banner(tr("pir.ui.no_move"), self.view.rect.center, fx.ROLL_SECONDS, hold, sub=sub,
                           more=more, blocking=True, held=held, max_w=self.view.rect.w - theme.px(24),
                           room=theme.px(52) if held else 0)
        banner.says = Text.of("pir.explain.no_move_banner", name=name)                  # type: ignore[attr-defined]
        self.timeline.play(banner)
        if held:
            self._held = (banner, e.seat, self._turn)

    def no_move_held(self) -> tuple[int, int] | None:
        """(seat, turn) of the human whose roll left no move while its banner waits for their OK, else None."""
        held = self._held
        if held is None or held[0].done:
            self._held = None
            return None
        return held[1], held[2]

    def _release_no_move(self) -> None:
        """The no-move banner's OK: the turn passes on the table too (the next seat may start)."""
        if self._held is not None:
            self._held[0].release()
            self._held = None
            self._still_since = None                # the next bot waits its pause from now
            self.mark_dirty()

    def shown_turn(self) -> tuple[int, int]:
        """(turn, seat) the side panel heads: the game's, or while a human's no-move banner waits for its OK the
        turn that had no move (the game has passed it on; the table shows it passing on the OK)."""
        held = self.no_move_held()
        if held is not None:
            return held[1], held[0]
        seat = self.turn_shown()             # a bot's last move still sailing: its turn, not the next one yet
        if seat is not None and seat != self.game.current:
            turns = [e for e in reversed(self.state.events) if e.kind == "turn"]
            if len(turns) >= 2 and turns[1].seat == seat and turns[1].get("turn") is not None:
                return int(turns[1].get("turn")), seat
        return self.game.turn, self.game.current

    def _layout_no_move_ok(self) -> pygame.Rect | None:
        """The OK button at the foot of the held banner; the banner's box (None when none is held)."""
        if self.no_move_held() is None:
            self.no_move_ok.visible = False
            return None
        box = self._held[0].box()                   # type: ignore[index]
        if box is None:                             # (still in the dice's tumble)
            self.no_move_ok.visible = False
            return None
        self.no_move_ok.visible = True
        w = max(self.no_move_ok.preferred_size()[0], theme.px(120))
        self.no_move_ok.set_rect(pygame.Rect(box.centerx - w // 2, box.bottom - theme.px(50), w, theme.px(40)))
        return box

    def _handle_no_move(self, event: pygame.event.Event) -> bool:
        """While a human's no-move banner waits: its OK (a click on it or on the banner, Enter, Space, Escape);
        the Menu and the log still work, the rest waits. True when the event was taken."""
        if self.no_move_held() is None:
            return False
        box = self._layout_no_move_ok()             # (None while the dice still tumble: the rest waits all the same)
        if box is not None and event.type == pygame.KEYDOWN and event.key in (
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE):
            self._release_no_move()
            return True
        if box is not None and self.no_move_ok.handle(event):
            self.mark_dirty()
            return True
        if box is not None and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and box.collidepoint(event.pos):
            self._release_no_move()
            return True
        if self.menu_button.handle(event) or self.logpanel.handle(event):
            self.mark_dirty()
        return True

    def _win_effect(self, delay: float, carrier: str | None) -> None:
        g = self.game
        at = self.view.anchor_point(g.ships[carrier]) if carrier in g.ships else self.view.rect.center
        size = int(self.ship_size() * 1.3)
        frames = [sprites.glint(k, size) for k in range(sprites.GLINT_FRAMES)]
        spot = self.cargo_point(carrier, at) if carrier in g.ships else at
        self.timeline.play(fx.Frames(frames, spot, delay, 1.4, what="glint"))

    def island_uw(self, label: str | None = None) -> tuple[float, float]:
        """The spot on the island (``label``; default the one the treasures lie on, V11.2) where its coins are drawn,
        in table units."""
        board = self.game.board
        label = label or self.game.setup.island
        if label is not None and board.islands:
            return board.island_named(label).treasure_uw
        return board.treasure_uw

    def coin_point(self, k: int = 0, n: int | None = None, label: str | None = None) -> tuple[float, float]:
        """Where the ``k``-th of ``n`` coins on the island is drawn (default: as many as lie there now; two
        treasures lie side by side, V11.2)."""
        u, w = self.island_uw(label)
        n = max(1, len(self._island_coins()) if n is None else n)
        spread = (k - (n - 1) / 2) * self.ship_size() * 0.5 / self.view.h
        return self.view.origin[0] + (u + spread) * self.view.h, self.view.origin[1] + w * self.view.h

    def _on_coin(self, pos: tuple[int, int]) -> bool:
        return any((pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= (self.ship_size() * 0.45) ** 2
                   for x, y in (self.coin_point(k) for k in range(len(self._island_coins()))))

    def _island_coins(self) -> list[str]:
        """The treasures on the island now (in id order), none while the coin flip has not chosen it (V11.2)."""
        g = self.game
        if g.setup.awaits_flip:
            return []
        return [t for t, p in g.treasures.items() if p == ISLAND]

    def coins_of(self, ship: str) -> int:
        """How many treasures ``ship`` holds (V11.5: one ship may hold both)."""
        return sum(1 for p in self.game.treasures.values() if p == ship)

    def coins_drawn(self, place: str) -> int:
        """How many coins are drawn at ``place`` (a ship, or ``ISLAND``) now: those there, less those still hopping
        there (a hop without a target hides every coin)."""
        hidden = self.timeline.hidden()
        if fx.COIN in hidden:
            return 0
        there = len(self._island_coins()) if place == ISLAND else self.coins_of(place)
        flying = sum(1 for c in self.timeline.clips(fx.CoinHop) if c.to == place)
        return max(0, there - flying)

    def _coins_shown(self, ship: str) -> int:
        """How many treasures ``ship`` holds as the events shown so far say (an animation's pictures)."""
        return sum(1 for p in self._places.values() if p == ship)

    # -- the end of the game, held (issue 16) ------------------------------------------------------------
    def show_results(self) -> None:
        """The shared table's game over asks for the results: the victory panel comes up over the final board
        instead and holds it until its button (or Enter) shows them (``_see_results``); nothing moves on by
        itself. After a lesson whose coach has said its last words (they told the win), the results at once."""
        if self.coach is not None and self.coach.done:
            self._see_results()
            return
        if not self._results_shown and self.victory.ending is None:
            self.victory.show(self._ending())
            self.mark_dirty()

    def _see_results(self) -> None:
        """The victory panel's See the results: the results scene (once)."""
        if self._results_shown:
            return
        self._results_shown = True
        self._held_ending = self.victory.ending     # how it was won, for the results too
        self.victory.hide()
        super().show_results()

    def final_picture(self) -> tuple[pygame.Surface, Text] | None:
        """The board at the end, as the seat on screen saw it (without the victory panel): the results show it
        beside the places and statistics."""
        try:
            surface = pygame.Surface(self.app.screen.get_size())
            explained, self.explained = self.explained, []
            try:
                with self.sea.whole_sea():              # the whole sea, whatever the camera showed
                    self.draw_table(surface, self.viewer())
                    rect = self.view.frame_rect().clip(surface.get_rect())
            finally:
                self.explained = explained
            return surface.subsurface(rect).copy(), Text.of("ui.results.final_board")
        except (pygame.error, ValueError):
            log.exception("the final board could not be drawn for the results")
            return None

    def ending_shown(self) -> str | None:
        """The ending screen on the table now: "victory" while the victory panel holds the end, else None."""
        return "victory" if self.victory.visible else None

    def ending_button(self) -> pygame.Rect | None:
        """Where a click moves on from the ending on screen (See the results), None when none is up."""
        return pygame.Rect(self.victory.button.rect) if self.victory.visible else None

    def _ending(self) -> Ending:
        """What the victory panel says, from the engine's ``ended`` event as the seat on screen sees it (who
        won, the catalog key of how, the carrier) and the board: on which anchor the treasure came home, or
        whose fleet is the last afloat; a draw says why (the state's own words)."""
        g = self.game
        ended = next((e for e in reversed(self.viewer_events()) if e.kind == "ended"), None)
        winners = list(ended.get("winners") or ()) if ended is not None else list(g.winners)
        how = ended.get("how") if ended is not None else (g.how.key if g.how else None)
        carrier = ended.get("carrier") if ended is not None else None
        seats = self.session.seats
        rows = [(seats[w].colour, self.seat_name(w), list(g.seat_factions[w])) for w in winners]
        if not winners:
            return Ending(Text.of("pir.ui.draw_title"), [], g.how, "draw")
        names = list_text([self.seat_name(w) for w in winners])
        title = Text.of("pir.ui.win_title" if len(winners) == 1 else "pir.ui.win_title_team", name=names)
        if how in TREASURE_HOME and carrier in g.ships:                  # E1; V11.6: one of two is enough
            anchor = g.home_of(faction_of(carrier))
            key = "pir.ui.won_treasure" if len(g.treasures) == 1 else "pir.ui.won_treasure_one"
            detail = Text.of(key, ship=ship_text(carrier), anchor=faction_of_text(anchor),
                             square=self.game.board.square_name(g.ships[carrier]))
            return Ending(title, rows, detail, "treasure")
        if how == "pir.how.sunk_all":                                          # E2
            key = "pir.ui.won_sunk" if len(winners) == 1 else "pir.ui.won_sunk_team"
            return Ending(title, rows, Text.of(key, name=names), "sunk")
        return Ending(title, rows, g.how, "treasure" if carrier else "sunk")

    def shown_result(self) -> Result:
        """Each player's fleet (or fleets) heads the statistics."""
        result = self.game.result()
        fleets = [list_text([faction_text(f) for f in fs]) for fs in self.game.seat_factions]
        ending = self.victory.ending or getattr(self, "_held_ending", None)
        how = ending.how if ending is not None and ending.how is not None else result.how   # which ship, which port
        return Result(result.winners, result.ranks, result.scores, result.breakdown,
                      {"pir.stat.fleet": fleets, **result.stats}, how)

    def dice_rolling(self) -> bool:
        return self.roll_age() is not None

    def roll_age(self) -> float | None:
        """How long the dice have tumbled (timeline seconds), None when they lie still."""
        tumble = self._tumble
        return tumble.age if tumble is not None and not tumble.done else None

    # ------------------------------------------------------------------------------------------
    # Input
    # ------------------------------------------------------------------------------------------
    def buttons(self) -> list[Button]:
        return [self.menu_button, *self.action_buttons(), *self.sea.buttons]

    def action_buttons(self) -> list[Button]:
        """The turn's buttons, in the order the panel flows them."""
        return [self.roll_button, self.arm_button, self.take_button, self.end_button, self.undo_button]

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
        self.panel.flow(self.action_buttons())

    def handle_table(self, event: pygame.event.Event) -> None:
        """The table's input. A frame is drawn when the picture changes, not for every move of the mouse:
        what an event changes marks the scene dirty where it is changed (a ship picked up, a mode, a
        button pressed), and what the pointer alone changes is compared with the last event's (``_look``)."""
        self._refresh_buttons()
        self._handle_table(event)
        look = self._look()
        if look != self._last_look:
            self._last_look = look
            self.mark_dirty()               # a button or a lit square under the pointer, the focused harbour

    def _look(self) -> tuple:
        """What the pointer alone changes on screen (hovered buttons, also the chooser's, the lit square
        under it, the focused harbour)."""
        buttons = self.buttons() + (self.chooser.buttons if self.chooser is not None else []) + \
            [self.victory.button, self.no_move_ok]
        group = self.selected
        hot = self._hover_cell if group is not None and self._hover_cell in self.landings_of(group) else None
        return tuple((b.hovered, b.pressed) for b in buttons), hot, self.picker.focus

    def _handle_table(self, event: pygame.event.Event) -> None:
        if self._handle_no_move(event):     # R13 on a human's own roll: the turn passes on its OK
            return
        if self.victory.visible:            # the end is held: See the results (or Enter), the log still scrolls
            if self.victory.handle(event) or self.logpanel.handle(event) or self.menu_button.handle(event):
                self.mark_dirty()
            return
        if self.chooser is not None and event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.close_chooser()            # (the base gives it the clicks first)
            return
        if self.game.phase == BONUS and self.my_turn() is not None and self._handle_bonus(event):
            self.mark_dirty()
            return
        if self.choosing():
            if self.menu_button.handle(event) or self.logpanel.handle(event) or \
                    any(b.handle(event) for b in self.sea.buttons) or self.sea.handle(event):
                self.mark_dirty()
                return
            if not self._handle_drag(event) or event.type == pygame.MOUSEMOTION:
                if self._handle_choose(event) and event.type == pygame.KEYDOWN:
                    self.sea.follow_focus()     # the harbour the keys chose, in sight
            return
        for b in self.buttons():
            if b.visible and b.handle(event):
                self.mark_dirty()
                return
        if self.logpanel.handle(event):
            self.mark_dirty()
            return
        if self.sea.handle(event):          # the wheel, a pan in progress, the camera's keys
            self.mark_dirty()
            return
        if event.type == pygame.KEYDOWN:
            self._handle_key(event)
            self.sea.follow_focus()         # the ship or the square the keys chose, in sight
            self.mark_dirty()
            return
        if event.type == pygame.MOUSEMOTION:
            self._hover_cell = self.view.cell_at(event.pos)
            self._keyed_cell = None             # the pointer took over from the keys
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._click(event.pos):
            self.mark_dirty()
            return
        if self._handle_drag(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click_sea(event.pos)
            self.sea.press(event.pos)       # a drag from the open sea pans it, a double click fits it
            self.mark_dirty()
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
                k = targets.index(self._hover_cell) + step if self._hover_cell in targets else 0
                self._hover_cell = self._keyed_cell = targets[k % len(targets)]
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.drag.selected is not None:
            target = next((t for t in self.drag.targets if t.data == self._hover_cell), None)
            if target is not None:
                self.drag.try_drop(self.drag.selected, target)      # as a click on the lit square
        elif key == pygame.K_BACKSPACE:
            self.selected, self.mode = None, None

    def _cycle_selection(self, step: int) -> None:
        groups = sorted(g for g in self.movable_groups() if len(g) == 1 or not self.game.options.get("flotilla"))
        if not groups:
            return
        k = groups.index(self.selected) + step if self.selected in groups else 0
        self.selected = groups[k % len(groups)]

    def _click(self, pos: tuple[int, int]) -> bool:
        """A click that means something other than picking up a ship: a ship to arm or to take the coin
        (after Arm or Take), the island's coin, the ship a storm sinks or war-wind's first carrier."""
        seat = self.my_turn()
        if seat is None:
            return False
        cell = self.view.cell_at(pos)
        legal = self.legal()
        mine = queries.own_ships_at(self.game, seat, cell)
        if self.mode == "arm":
            arms = [a for a in legal if isinstance(a, Arm) and a.ship in mine]
            if arms:
                self.play(arms[0])
            else:
                self.mode = None
            return True
        if self.mode == "take":
            takes = [a for a in legal if isinstance(a, Take) and a.ship in mine]
            if takes:
                self.play(takes[0])
            self.mode = None
            return True
        phase = self.game.phase
        if self._island_coins() and self._takes() and self._on_coin(pos):
            self._take()                                  # spec 9: a click on the coin takes it
            return True
        if phase == STORM:
            picks = [a for a in legal if isinstance(a, StormPick) and a.ship in mine]
            if picks:
                self.play(picks[0])
            else:
                self.app.toast(tr("pir.ui.storm_prompt"))
            return True
        if phase == WIND:
            picks = [a for a in legal if isinstance(a, ChooseCarrier) and a.ship in mine]
            if picks:
                self.play(picks[0])
            return True
        return False

    def _click_sea(self, pos: tuple[int, int]) -> None:
        """A click on no ship that may sail and no lit square: why nothing happens (the selection is gone)."""
        seat = self.my_turn()
        if seat is None:
            return
        cell = self.view.cell_at(pos)
        mine = queries.own_ships_at(self.game, seat, cell)
        phase = self.game.phase
        if mine and phase == MOVE:
            self.app.toast(tr("pir.ui.ship_stuck"))
        elif mine and phase == START and any(isinstance(a, Roll) for a in self.legal()):
            self.app.toast(tr("pir.ui.roll_first"))
        elif not mine and cell is not None and cell in self.game.ships.values() and phase in (START, MOVE, END):
            self.app.toast(tr(Text.of("pir.reason.not_your_ship")))     # someone else's ship: not yours to sail
        self.selected = None

    # -- drag and drop: the shared controller --------------------------------------------------------
    @property
    def selected(self) -> tuple[str, ...] | None:
        """The group of ships in hand (clicked or carried): its landings are lit."""
        held = self.drag.holding
        payload = self.drag.payload_of(held) if held is not None else None
        return payload if isinstance(payload, tuple) else None

    @selected.setter
    def selected(self, group: tuple[str, ...] | None) -> None:
        self._sync_drag()
        token = self._tokens.get(group) if group is not None else None
        self.drag.select(token if token in self.drag.draggables else None)
        self.mark_dirty()

    def cancel_pick(self) -> bool:
        """Escape: a ship in hand is put down, and an armed nuke or a take waiting for its ship is called off."""
        held = super().cancel_pick()
        if self.mode is not None:
            self.mode = None
            return True
        return held

    def _sync_drag(self) -> None:
        """What the human on turn may pick up now: each of their groups (one token per group that may sail,
        V4.3, and one per square of ships that may not: pressed, it says why), or while the fleets are chosen
        (S1) a ship token to drop on a harbour. The drop targets: the harbours, or every square of the map."""
        seat = self.my_turn()
        if self.choosing():
            sprites_ = [self.fleet_token] if seat is not None else []
            if self.drag.dragging is None:
                self.fleet_token.rect = pygame.Rect(self.view.rect)
            if self.drag.targets != self.picker.targets:
                self.drag.set_targets(self.picker.targets)
        else:
            groups = list(self.movable_groups()) if seat is not None and self.game.phase == MOVE else []
            if seat is not None:
                sailing = {self.game.ships[g[0]] for g in groups}
                idle: dict[Cell, list[str]] = {}
                for ship in self.game.afloat(seat):
                    cell = self.game.ships[ship]
                    if cell not in sailing:
                        idle.setdefault(cell, []).append(ship)
                groups += [tuple(sorted(ships)) for ships in idle.values()]
            self._tokens = {g: self._tokens.get(g) or ShipToken(self, g) for g in groups}
            order = sorted(groups, key=lambda g: (sum(self.game.ships[g[0]]), self.game.ships[g[0]][0], len(g), g))
            sprites_ = [self._tokens[g] for g in order]       # drawn later = on top = hit first
            for t in sprites_:
                if t is not self.drag.dragging:
                    t.place()
            if self.drag.targets != self._squares:
                self.drag.set_targets(self._squares)
        if self.drag.draggables != sprites_:
            self.drag.set_draggables(sprites_)
        self.drag.refresh()                 # the state may have changed since the verdicts were cached

    # -- the drop targets: every square of the map --------------------------------------------------
    def _build_squares(self) -> None:
        """One drop target per square of the board: each playable square (a strait's two halves are one),
        and each land, island and islet cell inside the board (a drop there is refused with its reason)."""
        board = self.game.board
        seen: set[Cell] = set()
        for cell in board.cells():
            if not board.on_board(cell):
                continue
            square = board.canonical(cell)
            if square in seen:
                self._square_of[cell] = self._square_of[square]
                continue
            seen.add(square)
            target = DropTarget(HitRect((0, 0, 0, 0), lambda pos, c=square: self._square_at(pos) == c), data=square)
            target._accepts = lambda payload, t=target: self.drop_verdict(payload, t)
            self._squares.append(target)
            self._square_of[cell] = self._square_of[square] = target

    def _layout_squares(self) -> None:
        """Each square target's box: its diamond (both halves of a strait)."""
        h, (ox, oy) = self.view.h, self.view.origin
        if len(getattr(self, "_target_uw", ())) != len(self._squares):     # each target's halves, (u, w): once
            self._target_uw = [[(c[0] - c[1], c[0] + c[1]) for c in (self.view.halves(t.data) if
                                self.game.board.is_water(t.data) else (t.data,))] for t in self._squares]
        for target, halves in zip(self._squares, self._target_uw):
            boxes = [pygame.Rect(int(ox + u * h - h), int(oy + w * h - h), int(2 * h), int(2 * h)) for u, w in halves]
            target.rect.update(boxes[0].unionall(boxes[1:]) if len(boxes) > 1 else boxes[0])
        self._hit_memo = ((-1, -1), None)

    def _square_at(self, pos: tuple[int, int]) -> Cell | None:
        """The square (a strait's top half for either half; land too) under a pixel of the map, or None."""
        if self._hit_memo[0] == pos:
            return self._hit_memo[1]
        view, board = self.view, self.game.board
        cell = board.cell_at(pos[0], pos[1], view.h, view.origin) if view.rect.collidepoint(pos) else None
        square = board.canonical(cell) if cell is not None and board.on_board(cell) else None
        self._hit_memo = (pos, square)
        return square

    # -- drops: what a gesture means (the table's contract) ----------------------------------------------
    def drop_actions(self, payload: Any, target: Any) -> list[Action]:
        """A group of ships dropped on a square: the ``Move`` of each die still to play whose straight line
        from the group's square ends there (R3, R4, R8; legal or not, the engine judges). The fleet token on a
        harbour (S1): ``ChooseFaction`` of that harbour's fleet."""
        seat = self.my_turn()
        data = getattr(target, "data", None)
        if seat is None:
            return []
        if isinstance(payload, tuple) and isinstance(data, tuple):
            return queries.drop_moves(self.game, seat, payload, data)
        if payload == FleetToken.payload and isinstance(data, str):
            return [ChooseFaction(seat, data)]
        return []

    def no_drop_reason(self, payload: Any, target: Any) -> Text:
        """Why a drop that means no move is refused, in the game's words: before the roll, after the last die,
        someone else's ship (the engine's reason for any move of that group), else the square itself: land,
        the island, the square the ship is on, or no die that long in a straight line (R3)."""
        seat = self.my_turn()
        data = getattr(target, "data", None)
        if isinstance(payload, tuple) and payload:
            group = tuple(sorted(payload))
            mine = seat is not None and set(group) <= set(self.game.afloat(seat))
            if seat is not None and (self.game.phase != MOVE or not mine):
                why = self.game.check(Move(seat, group, "NE", 1))   # R1: roll first; no die left; not your ship
                if why is not None:
                    return why
            return queries.no_line_reason(self.game, group, data if isinstance(data, tuple) else None)
        return Text.of("pir.reason.choose_faction")                   # S1: the fleet token goes on a harbour

    def drop_probes(self) -> list[tuple[Any, Any]]:
        """Every group the human on turn may pick up now (or the fleet token) on every target (the squares,
        or the harbours while the fleets are chosen)."""
        if self.my_turn() is None:
            return []
        self._sync_drag()
        return [(self.drag.payload_of(s), t) for s in self.drag.draggables for t in self.drag.targets]

    def pick_up_reason(self, group: tuple[str, ...]) -> Text | None:
        """None when ``group`` may sail now (its squares light up), else why not: roll first (R1), no die left,
        or no move of it fits a plan that plays as many dice as possible (R11)."""
        seat = self.my_turn()
        if seat is None:
            return Text.of("table.wait")
        if group in self.movable_groups():
            return None
        if self.game.phase == START and any(isinstance(a, Roll) for a in self.legal()):
            return Text.of("pir.ui.roll_first")
        if self.game.phase == MOVE:
            return Text.of("pir.ui.ship_stuck")
        return self.game.check(Move(seat, group, "NE", 1)) or Text.of("pir.ui.ship_stuck")

    def _handle_drag(self, event: pygame.event.Event) -> bool:
        """Ships (or the fleet token) picked up, carried and dropped: the shared controller's work."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._sync_drag()
        before = (self.drag.selected, self.drag.dragging)
        handled = self.drag.handle(event)
        if handled and (self.drag.dragging is not None or (self.drag.selected, self.drag.dragging) != before):
            self.mark_dirty()               # a ship picked up, put down or carried is drawn at once (issue 14)
        return handled

    def _on_press(self, payload: Any) -> bool | Text | None:
        """A ship pressed: a flotilla stack first asks which ships sail (V4), a lone group lights up; a group
        that may not sail now is not picked up and says why (roll first, R11)."""
        if not isinstance(payload, tuple):
            return None
        why = self.pick_up_reason(payload)
        if why is not None:
            self.app.toast(tr(why))
            self.mark_dirty()
            return why
        cell = self.game.ships[payload[0]]
        stack = [g for g in self.movable_groups() if all(self.game.ships.get(s) == cell for s in g)]
        if len(stack) > 1:
            self._flotilla_choice(cell, stack)
            return False
        self.drag.refresh()
        self.app.play("click")
        return None

    def _on_select(self, payload: Any) -> None:
        if isinstance(payload, tuple):
            self.drag.refresh()
            self.mark_dirty()
            return
        hit = self.picker.hit(self.drag.mouse)      # S1: a click on a harbour (its card or its channel)
        self.drag.select(None)
        if hit is not None:
            self.choose_faction(hit)

    def _on_drop(self, payload: Any, target: DropTarget) -> None:
        """The controller lets through only a drop the engine accepts (``drop_verdict``): play it. A square
        that two dice reach asks which die; the fleet token on a harbour chooses that fleet (S1)."""
        if isinstance(payload, tuple):
            moves = [m for m in self.drop_actions(payload, target) if self.game.check(m) is None]
            if moves:
                self._move(moves)   # type: ignore[arg-type]
        else:
            action = self.drop_action(payload, target)
            if action is not None:
                self.picker.focus = None
                self.play(action)
        self.mark_dirty()

    def _on_reject(self, payload: Any, reason: Text | str | None) -> None:
        self.app.toast(tr(reason) if isinstance(reason, Text) else str(reason or ""))
        self.mark_dirty()

    def _on_return(self, payload: Any) -> None:
        """A ship dropped where it may not land glides back to its square, with the reason (over a square the
        controller gives the table's ``drop_verdict``; off the map, this says it)."""
        self.mark_dirty()
        token = self._tokens.get(payload) if isinstance(payload, tuple) else None
        if token is None or self._quiet:
            return
        if self.drag.target_at(self.drag.mouse) is None:         # (over a target, the controller says why)
            self.app.toast(tr(self.no_drop_reason(payload, None)))
            self.app.play("error")
        frm = token.foot_point()
        token.place()
        images = [self.ship_image(s, carrier=self.coins_of(s)) for s in payload]
        self.timeline.play(fx.Glide(list(payload), images, [(frm, False), (token.foot_point(), False)], 0.0,
                                    0.25, foot=self._foot(payload[0]), board_centre_y=self.view.board_rect.centery,
                                    tag="return"))

    def _drop_all(self) -> None:
        """Nothing in hand any more, quietly (the table resyncs: an undo, another state)."""
        self._quiet = True
        try:
            self.drag.cancel()
        finally:
            self._quiet = False

    def why_not_there(self, group: tuple[str, ...], cell: Cell | None) -> Text | None:
        """The reason ``group`` may not land on ``cell`` (the table's ``drop_verdict`` on that square), None
        when it may."""
        target = self._square_of.get(cell) if cell is not None else None
        if target is None:
            return self.no_drop_reason(group, None)
        verdict = self.drop_verdict(group, target)
        return verdict if isinstance(verdict, Text) else None

    def _handle_bonus(self, event: pygame.event.Event) -> bool:
        """V6.2: two rows of 1-6 pickers; Play when both are chosen; Decline ends the turn."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        pick = self.panel.bonus_pick
        for (row, value), r in self.panel.bonus_rects().items():
            if r.collidepoint(event.pos):
                pick[row] = value
                self.app.play("click")
                return True
        play, decline = self.panel.bonus_buttons()
        seat = self.my_turn()
        if play.collidepoint(event.pos) and all(pick) and seat is not None:
            self.play(Bonus(seat, pick[0], pick[1]))
            return True
        if decline.collidepoint(event.pos) and seat is not None:
            self.play(EndTurn(seat))
            return True
        return False

    # ------------------------------------------------------------------------------------------
    # Frame
    # ------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.is_animating():
            self.mark_dirty()               # the frame an animation ends in is drawn too (rings, dice faces)
        super().update(dt)
        self.drag.update(dt)
        self.elapsed += dt
        if not self.timeline.blocking:
            self._warn_blocked()            # the human's own ships in its carrier's way home: said once a turn

    def is_animating(self) -> bool:
        return super().is_animating() or self.drag.dragging is not None

    # ------------------------------------------------------------------------------------------
    # Drawing
    # ------------------------------------------------------------------------------------------
    def ship_size(self) -> int:
        return max(16, int(self.view.h * 1.7))

    def coin_size(self) -> int:
        return max(8, int(self.ship_size() * 0.42))

    def ship_image(self, ship: str, carrier: int = 0, size: int | None = None) -> pygame.Surface:
        """``ship``'s picture; ``carrier``: how many treasures it holds (its coins at the bow; V11.5: two)."""
        g = self.game
        faction = faction_of(ship)
        dead = queries.idle_dead_man(g, faction)                    # V9.1: drawn idle
        seat = g.controller(faction)
        pennant = None if seat is None or dead else self.session.seats[seat].colour   # the player's pennant
        return sprites.ship(faction, size or self.ship_size(), carrier=carrier, number=number_of(ship), dead=dead,
                            facing=self.facing.get(ship, self._home_facing(faction)), seat=pennant)

    def blocked_home(self) -> list[tuple[str, list[str]]]:
        """For the human on turn: each of its carriers whose way home its own side's ships block (standing in the
        harbour channel between it and the anchor: ``queries.home_blockers``), with those ships."""
        seat = self.my_turn()
        g = self.game
        if seat is None or g.is_over() or self.choosing():
            return []
        key = (seat, tuple(sorted(g.ships.items())), tuple(sorted(g.treasures.items())))
        if self._blocked is None or self._blocked[0] != key:
            mine = g.factions_of(seat)
            found = [(c, queries.home_blockers(g, c)) for c in sorted(set(g.carriers())) if faction_of(c) in mine]
            self._blocked = (key, [(c, b) for c, b in found if b])
        return self._blocked[1]

    def _warn_blocked(self) -> None:
        """Once a turn, when the human on turn has a carrier its own ships shut out of its harbour: a toast says
        which ships to sail out (the rings on the map stay while they are there)."""
        if self.coach is not None:          # a lesson: the coach says what to do (its panel stays uncovered)
            return
        blocked = self.blocked_home()
        seat = self.my_turn()
        if not blocked or seat is None or self._blocked_told == (seat, self.game.turn):
            return
        self._blocked_told = (seat, self.game.turn)
        for carrier, ships in blocked:
            key = "pir.ui.blocked_home_one" if len(ships) == 1 else "pir.ui.blocked_home_many"
            self.app.toast(tr(key, ships=list_text([ship_text(b) for b in ships]), carrier=ship_text(carrier)))

    def _draw_blockers(self, surface: pygame.Surface) -> None:
        """A red ring and a "!" on each of the human's own ships that block its carrier's way home."""
        h = self.view.h
        for carrier, ships in self.blocked_home():
            for ship in ships:
                if ship in self.timeline.hidden() or ship not in self.game.ships:
                    continue
                x, y = self.view.anchor_point(self.game.ships[ship], piece=False)
                r = max(6, int(0.95 * h))
                pygame.draw.circle(surface, palette.RED, (int(x), int(y)), r, max(2, int(h / 8)))
                badge = max(10, int(0.7 * h))
                bx, by = int(x + 0.75 * h), int(y - 0.75 * h)
                pygame.draw.circle(surface, palette.RED, (bx, by), badge // 2)
                pygame.draw.circle(surface, palette.WHITE, (bx, by), badge // 2, max(1, badge // 10))
                mark = theme.render_text("!", theme.font_px("bold", max(8, int(badge * 0.8))), palette.WHITE)
                surface.blit(mark, mark.get_rect(center=(bx, by)))
                box = pygame.Rect(int(x - r), int(y - r), 2 * r, 2 * r)
                self.explain(box, Text.of("pir.explain.blocker", ship=ship_text(ship), carrier=ship_text(carrier)),
                             "warning")

    def _home_facing(self, faction: str) -> int:
        """Ships start facing the open sea: right from the left corners, left from the right ones."""
        h = self.game.board.harbour(faction)
        return 1 if self.view.centre(h.anchor)[0] < self.view.board_rect.centerx else -1

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

    _said_within: pygame.Rect | None = None
    _sea_layer: tuple[Any, pygame.Surface] | None = None    # zoomed in: the static layer with the sea in sight

    def explain(self, rect: Any, text: Text, kind: str) -> None:
        """The table's ``explain``; while the map is drawn, only the part of ``rect`` in sight (zoomed in, a ship
        past the view's edge is not there to point at)."""
        within = self._said_within
        if within is not None and type(rect) is pygame.Rect and not within.contains(rect):
            rect = rect.clip(within)
            if rect.w <= 0 or rect.h <= 0:
                return
        super().explain(rect, text, kind)

    def draw_table(self, surface: pygame.Surface, viewer: int | None) -> None:
        self._refresh_buttons()
        g = self.game
        self.kept("board", self._board_look(surface), surface, self._paint_board, view=self.view_key(surface, viewer))
        board = self.view.rect
        clip = surface.get_clip()
        surface.set_clip(board)
        if not self.view.at_fit:                    # zoomed in: what is named on the map, where it is in sight
            self._said_within = board
        self._draw_clips(surface)                   # what moves, over the board's picture
        if self.choosing():
            self._draw_picker(surface)
        if self.drag.dragging is not None:
            self.drag.dragging.draw(surface)        # the ship in hand, over everything on the map
            self._explain_in_hand()
        surface.set_clip(clip)
        self._said_within = None
        self.timeline.draw(surface, "top")          # banners, over the map's frame
        for c in self.timeline.clips(fx.Banner):
            self._explain_clip(c)
        if self._layout_no_move_ok() is not None:   # R13: the held banner's OK
            self.no_move_ok.draw(surface)
            self.explain(pygame.Rect(self.no_move_ok.rect), Text.of("pir.explain.no_move_ok"), "button")
        self.panel.draw(surface, self.action_buttons())
        if g.phase == BONUS and self.my_turn() is not None:
            self.panel.draw_bonus(surface)
        self._explain_chooser()
        if self.victory.visible:                    # the end, held over the final board until its button
            self.victory.layout(self.view.rect, self._victory_avoid())
            self.victory.draw(surface, self.explain)

    def _board_look(self, surface: pygame.Surface) -> tuple | None:
        """Everything the board's picture (``_paint_board``: the table, the map, the marks, the ships standing
        still and what is drawn on them) depends on; None while a ship is picked or held or the fleets are being
        chosen (then it is painted afresh every frame). What clips carry is drawn over it (``_draw_clips``)."""
        if self.selected is not None or self.choosing() or self.drag.dragging is not None \
                or self.drag.holding is not None or self.drag.selected is not None:
            return None
        g = self.game
        moves = self.last_moves()
        return (self._static_key(surface.get_size()), self.view.camera_key(), id(g), len(self.session.actions),
                self.events_synced, len(g.events), len(self.viewer_events()),
                tuple(sorted(g.ships.items())), tuple(sorted(g.treasures.items())), tuple(sorted(g.wrecks)),
                g.phase, g.current, g.turn, self.my_turn(), self.mode, self.dice_rolling(),
                frozenset(self.timeline.hidden()), tuple(c.to for c in self.timeline.clips(fx.CoinHop)),
                tuple(sorted(self.shown_half.items())), tuple(sorted(self.facing.items())), self.moves_key(moves),
                tuple((self.seat_name(s), self.session.seats[s].colour) for s in range(len(self.session.seats))))

    def _paint_board(self, surface: pygame.Surface) -> None:
        """The board's picture: what ``_board_look`` names."""
        surface.blit(self._static_layer(surface.get_size()), (0, 0))
        self.explained.extend(self._board_explained())          # the map's squares, under everything on them
        board = self.view.rect
        clip = surface.get_clip()
        surface.set_clip(board)
        if not self.view.at_fit:                    # zoomed in: what is named on the map, where it is in sight
            self._said_within = board
        self._draw_marks(surface)
        self._draw_last_moves(surface)              # each seat's last move, under the ships
        self._draw_targets(surface)
        self._draw_pieces(surface)
        self._draw_blockers(surface)                # the player's own ships in its carrier's way home
        self._draw_last_chips(surface)              # ... and the seat's symbol by each ship it sailed
        surface.set_clip(clip)
        self._said_within = None

    def _static_key(self, size: tuple[int, int]) -> tuple:
        """What the static layer depends on (``_static_layer``)."""
        fit = self.view.at_fit
        return (size, self.view.camera_key() if fit else tuple(self.view.rect), self.panel.frames_key())

    def _static_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """The table, the framed map and the side panel's frames: one picture per window size. Zoomed in, the
        map and the names in sight move with the camera: the frame without them is kept per size, and a copy with
        them per view (a pan redraws only those)."""
        fit = self.view.at_fit
        key = self._static_key(size)
        if self._static is None or self._static[0] != key:
            layer = theme.background("wood", size).copy()
            self.view.draw_frame(layer, names=fit)  # with the squares' names (rows: letters, columns: numbers)
            if fit:
                self.view.draw_map(layer)
            self.panel.draw_frames(layer)
            if pygame.display.get_surface() is not None:
                layer = layer.convert()
            self._static = (key, layer)
        if fit:
            return self._static[1]
        seen = (key, self.view.camera_key())
        if self._sea_layer is None or self._sea_layer[0] != seen:
            layer = self._static[1].copy()
            self.view.draw_names(layer)
            self.view.draw_map(layer)
            self._sea_layer = (seen, layer)
        return self._sea_layer[1]

    def _draw_clips(self, surface: pygame.Surface) -> None:
        """The board's pictures on the timeline, in the order they were added; a ship about to sink
        floats where it is until its sinking starts (the attacker is still gliding in)."""
        for c in self.timeline.clips():
            if c.layer != "board":
                continue
            if isinstance(c, fx.Sink) and not c.started:
                c.draw_waiting(surface)
                self._explain_clip(c)
            elif c.started:
                c.draw(surface)
                self._explain_clip(c)

    # -- the board --------------------------------------------------------------------------------
    def _draw_marks(self, surface: pygame.Surface) -> None:
        """Wrecks (V5) and the coin on the island."""
        g = self.game
        size = self.ship_size()
        for cell in g.wrecks:
            for half in self.view.halves(cell):
                pt = self.view.anchor_point(half, piece=False)
                img = sprites.wreck(size)
                surface.blit(img, img.get_rect(center=pt))
                self.explain(self._square_box(half), Text.of("pir.explain.wreck"), "wreck")
        coins = self._island_coins()                     # S3; V11.2: both on the island the coin flip chose
        drawn = self.coins_drawn(ISLAND)
        if drawn:
            takes = self.my_turn() is not None and bool(self._takes())
            if len(coins) > 1:
                says = Text.of("pir.explain.coins_take" if takes else "pir.explain.coins", island=g.setup.island or "")
            else:
                says = Text.of("pir.explain.coin_take" if takes else "pir.explain.coin")
            for k in range(drawn):
                pt = self.coin_point(k)
                if takes:
                    pygame.draw.circle(surface, palette.GOLD_LIGHT, (int(pt[0]), int(pt[1])), int(size * 0.5),
                                       max(2, int(self.view.h / 9)))
                img = sprites.coin(int(size * 0.8))
                surface.blit(img, img.get_rect(center=pt))
                self.explain(img.get_rect(center=pt), says, "treasure")

    # -- each seat's last move (issue 16): marked until that seat moves again -----------------------------
    def seat_marks(self) -> dict[int, SeatMarks]:
        """Each seat's last move read from the table's ``last_moves()`` (the viewer's events; during a recap's
        replay, the replayed game's), worked out again only when that changes."""
        moves = self.last_moves()
        if self._marks is None or self._marks[0] is not moves:
            self._marks = (moves, marks_of(moves, self.viewer_events()))
        return self._marks[1]

    def _mark_says(self, m: SeatMarks, key: str, **params: Any) -> Text:
        """A mark's explanation (``key``, one of pir.explain.last_*) with ``when``: the turn it is of, and when the
        seat has rolled since without a move (R13), that its last move is still this one."""
        if m.turn is None:
            when: Text | str = ""
        elif m.idle:
            when = Text.of("pir.explain.mark_idle", turn=m.turn, player=self.seat_name(m.seat), n=len(m.idle),
                           idle=list_text([str(t) for t in m.idle]))
        else:
            when = Text.of("pir.explain.mark_turn", turn=m.turn)
        return Text.of(key, when=when, **params)

    @property
    def trails(self) -> list[tuple[int, int, list[tuple[float, float]]]]:
        """The wakes on the sea: (seat, index of its ``moved`` event, waypoints) of every seat's last move,
        oldest first."""
        marks = self.seat_marks()
        lanes = wake_lanes(marks)
        out = [(seat, w.index, self._wake_points_of(w, lanes.get(w.index, 0))) for seat, m in marks.items()
               for w in m.wakes]
        return sorted(out, key=lambda t: t[1])

    def _wake_points_of(self, wake: Any, lane: int = 0) -> list[tuple[float, float]]:
        """The wake's waypoints on screen: the squares' middles, or in lane ``lane`` (``marks.wake_lanes``: a
        stretch of sea another wake sails too) beside them, on the right of the way it sailed."""
        key = (wake, lane, self.view.h, self.view.origin)
        points = self._wake_points.get(key)
        if points is None:
            if len(self._wake_points) > 256:
                self._wake_points.clear()
            points = [p for p, _ in self.view.path_points(wake.start, wake.squares)]
            if lane and len(points) > 1:
                (x0, y0), (x1, y1) = points[0], points[-1]
                d = math.hypot(x1 - x0, y1 - y0) or 1.0
                shift = LANE * self.view.h * lane
                nx, ny = -(y1 - y0) / d * shift, (x1 - x0) / d * shift     # the right of the way (y grows down)
                points = [(x + nx, y + ny) for x, y in points]
            self._wake_points[key] = points
        return points

    def seat_rgb(self, seat: int) -> tuple[int, int, int]:
        """The colour chosen for ``seat`` at setup (its chip in the log, its marks on the sea)."""
        return theme.seat_colour(self.session.seats[seat].colour)

    def _draw_last_moves(self, surface: pygame.Surface) -> None:
        """Under the ships, in each seat's colour: the squares its ships sailed from (with its symbol), the square
        each ship it sailed stands on now, and the wake of every die it played, ending in an arrow (an out-and-back's
        legs side by side). What it sank and where it took the treasure are badges over the ships
        (``_draw_last_chips``)."""
        g, view, h = self.game, self.view, self.view.h
        name_of = g.board.square_name
        hidden = self.timeline.hidden()
        marks = self.seat_marks()
        lanes = wake_lanes(marks)
        for seat, m in sorted(marks.items()):
            if m.empty:
                continue
            rgb, symbol = self.seat_rgb(seat), self.session.seats[seat].colour
            player = self.seat_name(seat)
            for cell, ships in m.origin_squares():
                says = self._mark_says(m, "pir.explain.last_from", player=player, square=name_of(cell),
                                       ships=list_text([ship_text(s) for s in ships]))
                for half in view.halves(cell):
                    self._draw_origin(surface, half, rgb, symbol)
                    self.explain(self._square_box(half, 0.45), says, "last-move")
            seen: set[Cell] = set()
            for ship in m.ships:                    # the square each ship it sailed stands on now
                cell = g.ships.get(ship)
                if cell is None or ship in hidden or cell in seen:
                    continue                        # sunk since, or gliding now
                seen.add(cell)
                self._draw_square_glow(surface, self.shown_half.get(ship, cell), rgb)
            r = max(2, int(h / 8))
            for wake in m.wakes:
                says = self._mark_says(m, "pir.explain.last_wake", player=player, frm=name_of(wake.start),
                                       to=name_of(wake.squares[-1]), ships=list_text([ship_text(s) for s in wake.ships]))
                points = self._wake_points_of(wake, lanes.get(wake.index, 0))
                legs = [(a, b) for a, b in zip(points, points[1:])
                        if abs(b[0] - a[0]) + abs(b[1] - a[1]) <= 3 * h]     # a strait: no dots across the board
                for k, ((x0, y0), (x1, y1)) in enumerate(legs):
                    last = k == len(legs) - 1
                    for j in range(2 if last else 3):          # the last square's third mark is the arrow
                        t = (j + 0.5) / 3
                        dot = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
                        self._draw_chevron(surface, dot, (x1 - x0, y1 - y0), rgb, r)
                        self.explain(pygame.Rect(int(dot[0]) - 2 * r, int(dot[1]) - 2 * r, 4 * r, 4 * r), says,
                                     "last-move")
                if legs:
                    box = self._draw_arrow(surface, legs[-1], rgb)
                    self.explain(box, says, "last-move")

    def _draw_square_glow(self, surface: pygame.Surface, cell: Cell, rgb: tuple[int, int, int]) -> None:
        """The square a ship of the seat's last move stands on: its diamond in the seat's colour (not beyond it:
        a ship on the next square has its own)."""
        h = self.view.h
        pts = self.view.diamond_at(cell)
        box = pygame.Rect(int(pts[3][0]), int(pts[0][1]), int(2 * h) + 1, int(2 * h) + 1)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        mid = (box.w / 2, box.h / 2)
        inner = [(mid[0] + (x - box.x - mid[0]) * 0.92, mid[1] + (y - box.y - mid[1]) * 0.92) for x, y in pts]
        pygame.draw.polygon(layer, (*rgb, 110), inner)
        pygame.draw.polygon(layer, (*rgb, 255), inner, max(2, int(h / 8)))
        cx, cy = self.view.anchor_point(cell, piece=False)
        surface.blit(layer, layer.get_rect(center=(int(cx), int(cy))))

    @staticmethod
    def _draw_chevron(surface: pygame.Surface, at: tuple[float, float], way: tuple[float, float],
                      rgb: tuple[int, int, int], r: int) -> None:
        """One mark of a wake: a small arrowhead pointing the way the ship sailed."""
        d = math.hypot(*way) or 1.0
        ux, uy = way[0] / d, way[1] / d
        a = 1.7 * r
        pts = [(at[0] + ux * a, at[1] + uy * a),
               (at[0] - ux * a - uy * a, at[1] - uy * a + ux * a),
               (at[0] - ux * 0.3 * a, at[1] - uy * 0.3 * a),
               (at[0] - ux * a + uy * a, at[1] - uy * a - ux * a)]
        pygame.draw.polygon(surface, rgb, pts)
        pygame.draw.polygon(surface, palette.INK, pts, 1)

    def _draw_arrow(self, surface: pygame.Surface, leg: tuple[tuple[float, float], tuple[float, float]],
                    rgb: tuple[int, int, int]) -> pygame.Rect:
        """The head of a wake on its last square, pointing the way the ship sailed; its box."""
        h = self.view.h
        (x0, y0), (x1, y1) = leg
        d = math.hypot(x1 - x0, y1 - y0) or 1.0
        ux, uy = (x1 - x0) / d, (y1 - y0) / d
        tip = (x0 + (x1 - x0) * 0.86, y0 + (y1 - y0) * 0.86)
        length, half = 0.62 * h, 0.34 * h
        base = (tip[0] - ux * length, tip[1] - uy * length)
        pts = [tip, (base[0] - uy * half, base[1] + ux * half), (base[0] + uy * half, base[1] - ux * half)]
        pygame.draw.polygon(surface, rgb, pts)
        pygame.draw.polygon(surface, palette.INK, pts, max(1, int(h / 14)))
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return pygame.Rect(int(min(xs)) - 2, int(min(ys)) - 2, int(max(xs) - min(xs)) + 5, int(max(ys) - min(ys)) + 5)

    def _draw_origin(self, surface: pygame.Surface, cell: Cell, rgb: tuple[int, int, int], symbol: int) -> None:
        """The square a ship sailed from: a faint diamond in the seat's colour, the seat's symbol in it."""
        h = self.view.h
        pts = self.view.diamond_at(cell)
        box = pygame.Rect(int(pts[3][0]), int(pts[0][1]), int(2 * h) + 1, int(2 * h) + 1)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        inner = [(x - box.x, y - box.y) for x, y in pts]
        mid = (box.w / 2, box.h / 2)
        inner = [(mid[0] + (x - mid[0]) * 0.78, mid[1] + (y - mid[1]) * 0.78) for x, y in inner]
        pygame.draw.polygon(layer, (*rgb, 60), inner)
        pygame.draw.polygon(layer, (*rgb, 210), inner, max(2, int(h / 10)))
        chip = theme.seat_chip(symbol, max(10, int(h * 0.72))).copy()
        chip.set_alpha(185)
        layer.blit(chip, chip.get_rect(center=(int(mid[0]), int(mid[1]))))
        cx, cy = self.view.anchor_point(cell, piece=False)
        surface.blit(layer, layer.get_rect(center=(int(cx), int(cy))))

    def _badge_centre(self, at: Cell) -> tuple[float, float]:
        """Where the badge of what happened on the square ``at`` goes: under the stern of the ship standing there
        (the seat's chip is on its bow), or the square's middle when none does; it is drawn over the ships."""
        h = self.view.h
        cx, cy = self.view.anchor_point(at, piece=False)
        ship = next((s for s, c in sorted(self.game.ships.items()) if c == self.game.board.canonical(at)), None)
        if ship is None or ship in self.timeline.hidden():
            return cx, cy + 0.1 * h                 # nobody there now: the badge in the square's middle
        side = -self.facing.get(ship, self._home_facing(faction_of(ship)))
        return cx + side * 0.5 * h, cy + 0.74 * h

    def _badge_plate(self, surface: pygame.Surface, centre: tuple[float, float], rgb: tuple[int, int, int],
                     inner: pygame.Surface, coin: bool = False) -> tuple[pygame.Rect, pygame.Rect | None]:
        """A small light disc ringed in the seat's colour with ``inner`` on it, and a coin on its rim when the
        treasure was taken there too: their boxes."""
        h = self.view.h
        d = max(14, int(h * 1.1))
        plate = pygame.Surface((d, d), pygame.SRCALPHA)
        c = (d // 2, d // 2)
        pygame.draw.circle(plate, (*palette.PARCHMENT, 235), c, d // 2)
        plate.blit(inner, inner.get_rect(center=c))
        mask = pygame.Surface((d, d), pygame.SRCALPHA)
        pygame.draw.circle(mask, (255, 255, 255, 255), c, d // 2)
        plate.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)      # the picture stays inside the disc
        pygame.draw.circle(plate, (*rgb, 255), c, d // 2, max(2, int(h / 9)))
        box = plate.get_rect(center=(int(centre[0]), int(centre[1])))
        surface.blit(plate, box)
        if not coin:
            return box, None
        img = sprites.coin(max(8, int(h * 0.62)))
        spot = img.get_rect(center=(box.right - d // 6, box.top + d // 6))
        surface.blit(img, spot)
        return box, spot

    def _sinking(self, ship: str) -> pygame.Surface:
        """A ship going down: tilted, its hull under a band of sea."""
        h = self.view.h
        size = max(12, int(h * 1.3))
        img = pygame.transform.rotozoom(sprites.ship(faction_of(ship), size), -24, 1.0)
        out = pygame.Surface(img.get_size(), pygame.SRCALPHA)
        out.blit(img, (0, int(img.get_height() * 0.1)))
        w, hh = out.get_size()
        sea = int(hh * 0.62)
        pygame.draw.rect(out, (*palette.SEA, 240), pygame.Rect(0, sea, w, hh))
        pygame.draw.line(out, (220, 240, 250), (0, sea), (w, sea), max(1, int(h / 14)))
        return out

    def _draw_sunk(self, surface: pygame.Surface, ship: str, at: Cell, rgb: tuple[int, int, int],
                   coin: bool = False) -> list[tuple[pygame.Rect, pygame.Rect | None]]:
        """Where the seat sank a ship: a badge with that ship going down (and the coin, when it seized the treasure
        there), over the ships, at the stern of the ship that boarded it."""
        img = self._sinking(ship)
        return [self._badge_plate(surface, self._badge_centre(half), rgb, img, coin) for half in self.view.halves(at)]

    def _draw_took(self, surface: pygame.Surface, at: Cell, rgb: tuple[int, int, int]) -> pygame.Rect:
        """Where the seat took the treasure (and sank nothing): a coin badge, over the ships."""
        h = self.view.h
        half = self.view.halves(at)[0]
        return self._badge_plate(surface, self._badge_centre(half), rgb, sprites.coin(max(8, int(h * 0.7))))[0]

    def _draw_last_chips(self, surface: pygame.Surface) -> None:
        """Over the ships: the seat's chip (its colour and symbol) on the bow of each ship it sailed last (on the
        ship itself: never over the next square's), and the badges where it sank a ship or took the treasure."""
        g, h = self.game, self.view.h
        hidden = self.timeline.hidden()
        size = max(12, int(h * 0.68))
        name_of = g.board.square_name
        for seat, m in sorted(self.seat_marks().items()):
            chip = theme.seat_chip(self.session.seats[seat].colour, size)
            player = self.seat_name(seat)
            rgb = self.seat_rgb(seat)
            seen: set[Cell] = set()
            for ship in m.ships:
                cell = g.ships.get(ship)
                if cell is None or ship in hidden or cell in seen:
                    continue
                seen.add(cell)
                ships = [s for s in m.ships if g.ships.get(s) == cell]
                x, y = self._at(ship, cell)
                facing = self.facing.get(ship, self._home_facing(faction_of(ship)))
                box = chip.get_rect(center=(int(x + facing * 0.5 * h), int(y - 0.12 * h)))   # on its own bow
                surface.blit(chip, box)
                frm = sorted({m.origins[s] for s in ships})
                self.explain(box, self._mark_says(m, "pir.explain.last_ship", player=player,
                                                  ships=list_text([ship_text(s) for s in ships]),
                                                  frm=list_text([name_of(c) for c in frm])), "last-move")
            took = {at: (ship, k) for k, ship, at in m.took}
            sank_at: set[Cell] = set()
            for _, ship, at, by in m.sank:
                key = {"storm": "pir.explain.last_storm", "nuke": "pir.explain.last_blast"}.get(by, "pir.explain.last_sank")
                seized = at in took and at not in sank_at          # the coin on the badge's rim: taken here too
                for box, coin in self._draw_sunk(surface, ship, at, rgb, coin=seized):
                    self.explain(box, self._mark_says(m, key, player=player, ship=ship_text(ship), square=name_of(at)),
                                 "last-move")
                    if coin is not None:
                        self.explain(coin, self._mark_says(m, "pir.explain.last_took", player=player,
                                                           ship=ship_text(took[at][0]), square=name_of(at)), "last-move")
                sank_at.add(at)
            for ship, at in ((ship, at) for at, (ship, _) in took.items() if at not in sank_at):
                box = self._draw_took(surface, at, rgb)
                self.explain(box, self._mark_says(m, "pir.explain.last_took", player=player, ship=ship_text(ship),
                                                  square=name_of(at)), "last-move")

    def _victory_avoid(self) -> list[tuple[float, float]]:
        """What the victory panel should not hide: the winners' ships that moved last, the treasure's carrier."""
        g = self.game
        marks = self.seat_marks()
        ships = {s for w in g.winners for s in (marks[w].ships if w in marks else [])}
        ships.update(g.carriers())
        return [self._at(s, g.ships[s]) for s in sorted(ships) if s in g.ships]

    def _draw_targets(self, surface: pygame.Surface) -> None:
        self._lit = {}
        if self.selected is None:
            return
        h = self.view.h
        self._lit = self.landings_of(self.selected)
        keyed = self._keyed_cell                                     # the square the arrow keys chose
        for cell, moves in self._lit.items():
            dice = sorted({m.die for m in moves})
            says = self._target_says(self.selected, cell, dice)
            for half in self.view.halves(cell):
                pts = self.view.diamond_at(half)
                layer_rect = pygame.Rect(int(pts[3][0]), int(pts[0][1]), int(2 * h) + 1, int(2 * h) + 1)
                shade = pygame.Surface(layer_rect.size, pygame.SRCALPHA)
                local = [(x - layer_rect.x, y - layer_rect.y) for x, y in pts]
                hot = cell == self._hover_cell or cell == keyed
                pygame.draw.polygon(shade, (*palette.GOLD_LIGHT, 150 if hot else 90), local)
                pygame.draw.polygon(shade, (*palette.GOLD_LIGHT, 255), local, max(2, int(h / 10)))
                surface.blit(shade, layer_rect)
                if cell == keyed:               # the keyboard's square: a thick white edge round the gold
                    pygame.draw.polygon(surface, palette.WHITE, pts, max(3, int(h / 5)))
                cx, cy = self.view.anchor_point(half, piece=False)
                badge = max(12, int(h * 0.7))
                x0 = cx - (len(dice) * (badge + 2) - 2) / 2
                for k, d in enumerate(dice):
                    surface.blit(sprites.die_badge(d, badge), (int(x0 + k * (badge + 2)), int(cy - badge / 2)))
                self.explain(self._square_box(half), says, "target")

    def _draw_pieces(self, surface: pygame.Surface) -> None:
        g = self.game
        hidden = self.timeline.hidden()
        if isinstance(self.drag.dragging, ShipToken):
            hidden |= set(self.drag.dragging.payload)
        by_cell: dict[Cell, list[str]] = {}
        for s, c in g.ships.items():
            if s not in hidden:
                by_cell.setdefault(c, []).append(s)
        board_clip = surface.get_clip()
        for cell in sorted(by_cell, key=lambda c: (c[0] + c[1], c[0])):
            ships = sorted(by_cell[cell])
            lead = ships[0]
            shown = self.shown_half.get(lead, cell)
            halves = self.view.halves(cell) if g.board.strait_at(cell) is not None else (shown,)
            for half in halves:         # a strait: the ship whole on both halves, over the frame's edge
                if len(halves) > 1:
                    if not self.view.rect.collidepoint(self.view.anchor_point(half)):
                        continue                # (zoomed in: that half is out of sight)
                    surface.set_clip(None)
                self._draw_ships_at(surface, ships, half)
                surface.set_clip(board_clip)

    def _draw_ships_at(self, surface: pygame.Surface, ships: list[str], half: Cell, explain: bool = True) -> None:
        """The ships of one square (a stack side by side) standing on ``half``, with their base and ring."""
        x, y = self.view.anchor_point(half)
        self._draw_base(surface, half)
        ring = self._ring_colour(ships)
        if ring is not None:
            pygame.draw.ellipse(surface, ring, pygame.Rect(int(x - self.view.h * 0.8), int(y - self.view.h * 0.25),
                                                            int(self.view.h * 1.6), int(self.view.h * 0.8)),
                                max(2, int(self.view.h / 9)))
        for s, size, at in self.stack_places(ships, (x, y)):
            img = self.ship_image(s, carrier=self.coins_drawn(s), size=size)
            fx_, fy_ = sprites.ship_foot(size, self.facing.get(s, self._home_facing(faction_of(s))))
            surface.blit(img, (int(at[0] - fx_), int(at[1] - fy_)))
        if len(ships) > 1:
            f = theme.font("bold", 13)
            theme.draw_text(surface, f"×{len(ships)}", f, palette.PARCHMENT,
                            (int(x), int(y + self.view.h * 0.55)), "center", palette.INK, 2)   # under the stack
        if explain:
            self._explain_ships(ships, (x, y), ring, as_drawn=True)

    def stack_places(self, ships: list[str], at: tuple[float, float]) -> list[tuple[str, int, tuple[float, float]]]:
        """Where each ship of a square is drawn: (ship, picture size, foot point). One ship stands on the square's
        middle; the ships of a flotilla stack (V4.2: the only ships that share a square) stand side by side,
        smaller, so that each one shows."""
        size = self.ship_size()
        if len(ships) == 1:
            return [(ships[0], size, at)]
        n = len(ships)
        small = max(12, int(size * (0.74 if n == 2 else 0.64)))
        step = self.view.h * (0.62 if n == 2 else 0.56)
        return [(s, small, (at[0] + (k - (n - 1) / 2) * step, at[1] - (0.12 * self.view.h if k % 2 else 0.0)))
                for k, s in enumerate(ships)]

    def _draw_base(self, surface: pygame.Surface, cell: Cell) -> None:
        """Under every ship, the square it stands on, a little darker: two ships on neighbouring squares show as
        two squares (the pictures rise over the square behind)."""
        h = self.view.h
        pts = self.view.diamond_at(cell)
        box = pygame.Rect(int(pts[3][0]), int(pts[0][1]), int(2 * h) + 1, int(2 * h) + 1)
        layer = self._bases_drawn.get(box.size)
        if layer is None:
            if len(self._bases_drawn) > 8:
                self._bases_drawn.clear()
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            mid = (box.w / 2, box.h / 2)
            inner = [(mid[0] + (x - box.x - mid[0]) * 0.86, mid[1] + (y - box.y - mid[1]) * 0.86) for x, y in pts]
            pygame.draw.polygon(layer, (6, 20, 32, 70), inner)
            pygame.draw.polygon(layer, (230, 240, 245, 90), inner, 1)
            self._bases_drawn[box.size] = layer
        cx, cy = self.view.anchor_point(cell, piece=False)
        surface.blit(layer, layer.get_rect(center=(int(cx), int(cy))))

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

    def _draw_picker(self, surface: pygame.Surface) -> None:
        """S1: every harbour lit with its flag, its name and who holds it; the free ones glow."""
        allowed = queries.choosable_factions(self.game, self.game.current)   # whoever chooses, the free fleets
        pulse = abs((self.elapsed * 1.5) % 2 - 1)
        self.picker.draw(surface, allowed, self.holder, pulse, explain=self.explain)
        if not self.finished:                # "Anna, choose your fleet" across the top of the map
            seat = self.game.current
            line = self.bot_status(seat) if self.is_bot(seat) else tr("pir.ui.choose_prompt", name=self.seat_name(seat))
            box, img = self._prompt_place(line)
            plate = theme.overlay(box.inflate(theme.px(24), theme.px(10)).size, (20, 14, 10, 170))
            surface.blit(plate, plate.get_rect(center=box.center))
            surface.blit(img, box)
            self.explain(plate.get_rect(center=box.center), Text.of("pir.explain.choose_line"), "prompt")

    def _prompt_place(self, line: str) -> tuple[pygame.Rect, pygame.Surface]:
        """Where the picker's prompt goes, and its picture: between the two top corners' cards when it fits there
        (the one-board sea), else in the highest band of the map that no harbour's card covers (the two-board sea
        in a small window: above the top cards), else at the map's foot."""
        first, second = (self.picker.cards[h.name] for h in self.game.board.harbours[:2])  # the top corners
        pad = theme.px(12)
        gap = second.left - first.right - theme.px(44)
        f = theme.fit_font(line, "display", 26, max(gap, self.view.rect.w - 2 * pad - theme.px(24)), 12)
        img = theme.render_text(line, f, palette.GOLD_LIGHT, palette.WOOD_DARK, 3)
        box = img.get_rect(center=(self.view.rect.centerx, first.centery))
        cards = list(self.picker.cards.values())

        def clear(b: pygame.Rect) -> bool:
            return b.inflate(theme.px(24), theme.px(10)).collidelist(cards) < 0
        if clear(box):
            return box, img
        area = self.view.rect
        y = area.top + pad + box.h // 2
        while y + box.h // 2 + pad <= area.bottom:
            box.centery = y
            if clear(box):
                return box, img
            y += max(2, theme.px(4))
        box.bottom = area.bottom - pad
        return box, img

    # -- explanations (issue 15: everything on the table says what it is and does) -----------------------
    def _square_box(self, cell: Cell, grow: float = 0.6) -> pygame.Rect:
        """The box that answers for a square's diamond (its middle, ``grow`` h each way; a strait half cut by
        the board's edge keeps its part inside the board)."""
        h = self.view.h
        x, y = self.view.centre(cell)
        box = pygame.Rect(int(x - grow * h), int(y - grow * h), int(2 * grow * h) + 1, int(2 * grow * h) + 1)
        return box.clip(self.view.rect)

    def _board_explained(self) -> list[tuple[pygame.Rect, Text, str]]:
        """The map and each of its squares (land, sea, currents, straits, docks, Skull Island, harbours), with
        what it is and what it does; worked out again only when the layout or the treasure's carrier change."""
        g = self.game
        key = (self.view.camera_key(), tuple(g.treasures.items()), g.mode)
        if self._board_says is not None and self._board_says[0] == key:
            return self._board_says[1]
        out: list[tuple[pygame.Rect, Text, str]] = [(pygame.Rect(self.view.rect), Text.of("pir.explain.map"), "map")]
        for cell, says, kind in self._squares_said(key[1:]):     # (their words kept while only the camera moves)
            box = self._square_box(cell)
            if box.w > 0 and box.h > 0:
                out.append((box, says, kind))
        for text, box, side in self.view.label_rects():  # the rows' letters, the columns' numbers
            says = Text.of("pir.explain.row_name", row=text) if side == "row" else \
                Text.of("pir.explain.column_name", column=text)
            out.append((pygame.Rect(box), says, "coordinate"))
        self._board_says = (key, out)
        return out

    def _squares_said(self, key: tuple) -> list[tuple[Cell, Text, str]]:
        """What each square of the board is and does (``_square_says``, named), worked out again when ``key``
        (the treasure's carrier, the mode) changes."""
        said = getattr(self, "_said", None)
        if said is not None and said[0] == key:
            return said[1]
        g = self.game
        board = self.view.board
        out: list[tuple[Cell, Text, str]] = []
        ride: Text | None = None
        for carrier in g.carriers():                     # R17 for each carrier (V11.5: two may sail)
            allowed = [d for d in ("E", "W") if d not in self.forbidden_directions(carrier)]
            says = Text.of("pir.explain.current_carrier", ship=ship_text(carrier),
                           dirs=list_text([dir_text(d) for d in allowed])) if allowed else \
                Text.of("pir.explain.current_carrier_none", ship=ship_text(carrier))
            ride = says if ride is None else Text.of("pir.explain.join", a=ride, b=says)
        for cell in board.cells():
            if not board.on_board(cell):
                continue
            says = self._square_says(cell, ride)
            if says is None:
                continue
            if board.is_water(cell):                     # its name, as the frame prints it and the log reads it
                says = (Text.of("pir.explain.named", name=board.square_name(cell), what=says[0]), says[1])
            out.append((cell, *says))
        self._said = (key, out)
        return out

    def _square_says(self, cell: Cell, ride: Text | None) -> tuple[Text, str] | None:
        """What a square of the map is and does, and its kind."""
        board = self.view.board
        kind = board.kind(cell)
        if kind == "land":
            return Text.of("pir.explain.land"), "land"
        if kind == "islet":
            return Text.of("pir.explain.islet"), "islet"
        if kind == "island":
            return Text.of("pir.explain.island"), "island"
        if kind == "current":
            text = Text.of("pir.explain.current")
            return (Text.of("pir.explain.join", a=text, b=ride) if ride is not None else text), "current"
        strait = board.strait_at(cell)
        if strait is not None:
            key = "pir.explain.strait_top" if cell == strait.top else "pir.explain.strait_bottom"
            return Text.of(key), "strait"
        dock = board.dock_at(cell)
        if dock is not None:
            return Text.of("pir.explain.dock"), "dock"
        owner = board.anchor_of(cell)
        if owner is not None:
            if self.game.mode == "war-wind":
                ally = next(f for f in board.factions if self.game.home_of(f) == owner)
                return Text.of("pir.explain.anchor_wind", faction=faction_of_text(owner),
                               ally=faction_of_text(ally)), "anchor"
            return Text.of("pir.explain.anchor", faction=faction_of_text(owner)), "anchor"
        start = board.start_of(cell)
        if start is not None:
            return Text.of("pir.explain.start", faction=faction_of_text(start[0]), n=start[1]), "harbour"
        harbour = board.harbour_at(cell)
        if harbour is not None:
            return Text.of("pir.explain.channel", faction=faction_of_text(harbour.faction)), "harbour"
        if board.is_water(cell):
            return Text.of("pir.explain.sea"), "sea"
        return None

    def _target_says(self, group: tuple[str, ...], cell: Cell, dice: list[int]) -> Text:
        """A lit square: which die (or dice) takes the ships in hand there, and whom it boards."""
        who = Text.of("pir.explain.in_hand_one") if len(group) == 1 else Text.of("pir.explain.in_hand_many",
                                                                                   n=len(group))
        victims = sorted(s for s, c in self.game.ships.items() if c == cell and s not in group)
        if victims:
            victim = Text.of("pir.explain.the_ship", ship=ship_text(victims[0])) if len(victims) == 1 else \
                Text.of("pir.explain.the_stack", n=len(victims), faction=faction_of_text(faction_of(victims[0])))
            return Text.of("pir.explain.target_board", who=who, dice=list_text(dice), victim=victim)
        if len(dice) > 1:
            return Text.of("pir.explain.target_dice", who=who, dice=list_text(dice))
        return Text.of("pir.explain.target", who=who, die=dice[0])

    def _ship_says(self, ship: str, as_drawn: bool = False) -> Text:
        """A ship on the map: whose, its number, whether it carries the treasure, the dead man's idle ships,
        and what an enemy may do to it."""
        g = self.game
        faction = faction_of(ship)
        if queries.idle_dead_man(g, faction):
            return Text.of("pir.explain.ship_dead", ship=ship_text(ship))
        seat = g.controller(faction)
        player = self.seat_name(seat) if seat is not None else tr("pir.ui.dead_man")
        coins = self.coins_drawn(ship) if as_drawn else self.coins_of(ship)   # (a coin still hopping: not yet)
        if coins:                                        # V11.5: a ship may hold both treasures
            home = g.home_of(faction)
            return Text.of("pir.explain.ship_carrier" if coins == 1 else "pir.explain.ship_carrier_both",
                           ship=ship_text(ship), player=player, anchor=faction_of_text(home))
        free = bool(g.options.get("free-boarding")) or all(p == DESTROYED for p in g.treasures.values())
        return Text.of("pir.explain.ship_free" if free else "pir.explain.ship", ship=ship_text(ship), player=player)

    def _ship_hint(self, ships: list[str], ring: tuple[int, int, int] | None) -> Text | None:
        """What a click on these ships does now (the ring round them says it is of use)."""
        if self.my_turn() is None:
            return None
        if self.selected is not None and set(self.selected) & set(ships):
            return Text.of("pir.explain.hint_held")
        cell = self.game.ships.get(ships[0])
        if cell in self._lit:
            dice = sorted({m.die for m in self._lit[cell]})
            return Text.of("pir.explain.hint_board", dice=list_text(dice))
        if ring is None:
            return None
        if ring == palette.RED and self.mode == "arm":
            return Text.of("pir.explain.hint_arm")
        if ring == palette.GOLD_LIGHT and self.mode == "take":
            return Text.of("pir.explain.hint_take")
        if ring == palette.RED:
            return Text.of("pir.explain.hint_storm")
        if ring == palette.GOLD_LIGHT:
            return Text.of("pir.explain.hint_wind")
        return Text.of("pir.explain.hint_sail")

    def _ship_box(self, at: tuple[float, float], count: int = 1) -> pygame.Rect:
        """The box that answers for a ship standing at ``at`` (its hull and sails, not the whole picture); a stack's
        ships stand side by side (``stack_places``), smaller: their box is as wide as they stand."""
        h = self.view.h
        if count <= 1:
            return pygame.Rect(int(at[0] - 0.75 * h), int(at[1] - 1.2 * h), int(1.5 * h), int(1.5 * h))
        half = 0.75 * h + (count - 1) / 2 * h * (0.62 if count == 2 else 0.56)
        return pygame.Rect(int(at[0] - half), int(at[1] - 1.05 * h), int(2 * half), int(1.35 * h))

    def _explain_ships(self, ships: list[str], at: tuple[float, float], ring: tuple[int, int, int] | None,
                       as_drawn: bool = True) -> None:
        g = self.game
        if len(ships) > 1:
            carrier = next((s for s in ships if (self.coins_drawn(s) if as_drawn else self.coins_of(s))), None)
            key = "pir.explain.stack_carrier" if carrier else "pir.explain.stack"
            faction = faction_of(ships[0])
            seat = g.controller(faction)
            says = Text.of(key, n=len(ships), faction=faction_of_text(faction),
                           player=self.seat_name(seat) if seat is not None else tr("pir.ui.dead_man"),
                           ships=list_text([str(number_of(s)) for s in ships]),
                           carrier=ship_text(carrier) if carrier else "")
            kind = "stack"
        else:
            says, kind = self._ship_says(ships[0], as_drawn), "ship"
        hint = self._ship_hint(ships, ring)
        if hint is not None:
            says = Text.of("pir.explain.join", a=says, b=hint)
        self.explain(self._ship_box(at, len(ships)), says, kind)

    def _explain_in_hand(self) -> None:
        """The ship carried by the pointer (or, while the fleets are chosen, the ship to drop on a harbour),
        named where the pointer is: what is under the pointer is said, never the square the drag began on.
        Over a lit square the square speaks (which die takes the ship there), not the ship in hand."""
        held = self.drag.dragging
        if isinstance(held, ShipToken):
            mouse = self.drag.mouse
            if self.view.cell_at(mouse) in self._lit:
                return
            says = self._ship_says(held.payload[0]) if len(held.payload) == 1 else \
                Text.of("pir.explain.stack", n=len(held.payload), faction=faction_of_text(faction_of(held.payload[0])),
                        player=self.seat_name(self.my_turn() or 0), carrier="",
                        ships=list_text([str(number_of(s)) for s in held.payload]))
            size = self.ship_size()
            self.explain(pygame.Rect(mouse[0] - size // 2, mouse[1] - size // 2, size, size),
                         Text.of("pir.explain.join", a=says, b=Text.of("pir.explain.hint_drag")), "ship")
        elif held is self.fleet_token:
            size = self.ship_size()
            self.explain(pygame.Rect(0, 0, size, size).move(self.drag.mouse[0] - size // 2,
                                                            self.drag.mouse[1] - size // 2),
                         Text.of("pir.explain.fleet_token"), "ship")

    def _explain_clip(self, clip: Any) -> None:
        """A picture on the timeline: a ship sailing or sinking, the coin hopping, smoke, the storm, the blast,
        the winner's glint, a banner."""
        box = clip.box() if isinstance(clip, fx.Effect) else None
        if box is None or box.w <= 0 or box.h <= 0:
            return
        if isinstance(clip, fx.Glide):
            ships = sorted(s for s in clip.hides if s != fx.COIN)
            if not ships:
                return
            self.explain(box, Text.of("pir.explain.sailing", ships=list_text([ship_text(s) for s in ships])), "ship")
            return
        key = {fx.Sink: "pir.explain.sinking", fx.CoinHop: "pir.explain.coin_hop", fx.Storm: "pir.explain.storm",
               fx.Blast: "pir.explain.blast", fx.Banner: "pir.explain.banner"}.get(type(clip))
        if isinstance(clip, fx.Frames):
            key = "pir.explain.glint" if clip.what == "glint" else "pir.explain.smoke"
        says = getattr(clip, "says", None)          # a banner that names its own rule (R13)
        if says is not None:
            self.explain(box, says, "effect")
        elif key is not None:
            self.explain(box, Text.of(key), "treasure" if isinstance(clip, fx.CoinHop) else "effect")

    def _explain_chooser(self) -> None:
        """Which die, which ships of a stack: each button over the table says what it does."""
        chooser = self.chooser
        if chooser is None:
            return
        for b in chooser.buttons:
            says = self._chooser_says.get(id(b))
            if says is not None and b.rect.w > 0 and b.rect.h > 0:
                self.explain(b.rect, says, "button")

    def focus_point(self) -> tuple[int, int] | None:
        """F1 explains what the keyboard points at: the focused harbour while the fleets are chosen, the lit
        square the arrows chose, the ship Tab picked up; else the table's (the drag controller's focus)."""
        if self.choosing():
            card = self.picker.cards.get(self.picker.focus) if self.picker.focus is not None else None
            return card.center if card is not None else super().focus_point()
        group = self.selected
        if group is not None and self._hover_cell is not None and self._hover_cell in self.landings_of(group):
            half = self.view.near_half(self._hover_cell, self.view.anchor_point(self.game.ships[group[0]]))
            x, y = self.view.centre(half)
            return int(x), int(y)
        if group is not None and group[0] in self.game.ships:
            x, y = self.view.anchor_point(self.shown_half.get(group[0], self.game.ships[group[0]]))
            return int(x), int(y - 0.5 * self.view.h)
        return super().focus_point()

    def forbidden_directions(self, ship: str) -> tuple[str, ...]:
        """The directions the carrier may not sail (R17, R18: the engine's answer), struck on the compass."""
        return queries.forbidden_directions(self.game, ship)

    # -- Learn to play: where the coach's panel goes, what a lesson points at --------------------------------
    def _coach_band(self) -> pygame.Rect:
        """The free band at the bottom of the map, between the harbours of its lower half: open sea and the
        straits' lower halves, clear of the top row, every harbour and anchor, and the side panel (its
        buttons, compass and log stay readable). From the map's middle down to the frame's lower edge (the
        squares' names printed there are on the upper edge too): a panel is as tall as its text and stands on
        the band's bottom."""
        v = self.view
        left, right = v.rect.left, v.rect.right
        for harbour in v.board.harbours:
            points = [v.centre(c) for c in harbour.channel]
            if max(y for _, y in points) < v.rect.centery:
                continue                                # a harbour at the top: above any panel down here
            xs = [x for x, _ in points]
            if sum(xs) / len(xs) < v.rect.centerx:
                left = max(left, int(max(xs) + v.h))
            else:
                right = min(right, int(min(xs) - v.h))
        pad = theme.px(8)
        top = v.rect.centery
        bottom = max(v.rect.bottom - pad, v.frame_rect().bottom - theme.px(4))
        return pygame.Rect(left + pad, top, max(1, right - left - 2 * pad), bottom - top)

    def _coach_free(self) -> pygame.Rect | None:
        """Room off the map for the coach's usual panel (a tall window: the wood under or over the map), or
        None when the map fills the height."""
        pad = theme.px(12)
        v = self.view.rect
        below = pygame.Rect(v.x, v.bottom + pad, v.w, self.rect.bottom - v.bottom - 2 * pad)
        above = pygame.Rect(v.x, self.rect.top + pad, v.w, v.top - self.rect.top - 2 * pad)
        room = max((below, above), key=lambda r: r.h)
        return room if room.h >= theme.px(COACH_ROOM_H) and room.w >= theme.px(560) else None

    def coach_room(self) -> pygame.Rect | None:
        """Learn to play: the coach's panel takes the band at the bottom of the map (its text wrapped to the
        band, Next under it) when the band is narrower than the usual panel; else (a big or a tall window)
        ``coach_place`` places the usual panel."""
        if self._coach_free() is not None:
            return None
        band = self._coach_band()
        return band if band.w < theme.px(560) else None

    def coach_place(self, size: tuple[int, int]) -> pygame.Rect:
        """Learn to play: the usual coach's panel off the map when the window has room for it there (next
        to the map's edge), else at the bottom of the map, centred between the lower harbours (never over
        the top row, a harbour or the side panel)."""
        rect = pygame.Rect((0, 0), size)
        free = self._coach_free()
        if free is not None and free.h >= rect.h:
            if free.y > self.view.rect.y:
                rect.midtop = free.midtop         # right under the map
            else:
                rect.midbottom = free.midbottom   # right over it
            return rect
        band = self._coach_band()
        rect.midbottom = (band.centerx, band.bottom)
        return rect

    def anchor_rect(self, faction: str) -> pygame.Rect:
        """The box of a fleet's anchor, the end of its harbour (a lesson rings what its words name)."""
        harbour = next(h for h in self.game.board.harbours if h.faction == faction)
        return self.square_rect(harbour.anchor)

    def ship_rect(self, ship: str) -> pygame.Rect | None:
        """The box of ``ship``'s picture where it stands now (its hull and sails; None: it has sunk)."""
        cell = self.game.ships.get(ship)
        return self._ship_box(self._at(ship, cell)) if cell is not None else None

    def square_rect(self, cell: Cell) -> pygame.Rect:
        """The box of a square's diamond (both halves of a strait): that square's drop target."""
        return pygame.Rect(self._square_of[self.game.board.canonical(cell)].rect)


class ShipToken:
    """A group of the human's ships that may sail, as the drag-and-drop controller sees it: ``payload`` the
    group, ``rect`` the lead ship's picture (it answers for the ship's square: a click anywhere on it picks
    the ship up), ``draw`` the group's pictures where ``rect`` is (while it is carried)."""

    def __init__(self, scene: PirateerScene, group: tuple[str, ...]) -> None:
        self.scene, self.payload = scene, group
        self.rect = HitRect((0, 0, 0, 0), self._hit)
        self.cell: Cell | None = None

    def _hit(self, pos: tuple[int, int]) -> bool:
        """The ship's square, or anywhere on its picture (a sail over the square above) where no other ship's
        own square is: a click on what the player sees picks the ship up."""
        if self.cell is None:
            return False
        sc = self.scene
        under = sc.view.cell_at(pos)
        if under == self.cell:
            return True
        box = pygame.Rect(self.rect)
        if not box.collidepoint(pos) or (under is not None and sc.game.board.canonical(under) in set(sc.game.ships.values())):
            return False
        img = sc.ship_image(self.payload[0], carrier=sc.coins_of(self.payload[0]))
        x, y = pos[0] - box.x, pos[1] - box.y
        return 0 <= x < img.get_width() and 0 <= y < img.get_height() and img.get_at((x, y)).a > 60

    def place(self) -> None:
        """At rest on its square (the strait half it is shown on)."""
        sc = self.scene
        lead = self.payload[0]
        self.cell = sc.game.ships[lead]
        x, y = sc.view.anchor_point(sc.shown_half.get(lead, self.cell))
        fx_, fy_ = sc._foot(lead)
        size = sc.ship_size()
        self.rect.update(int(x - fx_), int(y - fy_), size, size)

    def foot_point(self) -> tuple[float, float]:
        """Where the lead ship's picture stands (its square's anchor when at rest)."""
        fx_, fy_ = self.scene._foot(self.payload[0])
        return self.rect.x + fx_, self.rect.y + fy_

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.scene
        for k, s in enumerate(self.payload):
            img = sc.ship_image(s, carrier=sc.coins_of(s))
            surface.blit(img, (self.rect.x + 4 * k, self.rect.y - 4 * k))


def _cell(value: Any) -> Cell:
    """An event's square (a list in JSON, a tuple in the event) as the state keeps it."""
    return (int(value[0]), int(value[1]))


def gliding(app: Any, seed: int = 1, players: int = 4) -> PirateerScene:
    """A ``players`` game some turns in (5 to 8: the fantastic eight on two boards), with a ship gliding all the
    time (the bench's worst case)."""
    from game.core.session import bench_session
    options = {"fantastic-eight": True} if players > 4 else {}
    return _GlidingScene(app, bench_session("pirateer", options, seed, 60 if players <= 4 else 120, players))


class _GlidingScene(PirateerScene):
    """Restarts a long glide whenever the last one ends (bench only; no bot plays)."""

    def bot_due(self) -> int | None:
        return None

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.timeline.clips(fx.Glide) and self.game.ships:
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
            self.timeline.play(fx.Glide([ship], [self.ship_image(ship)], points, foot=self._foot(ship),
                                        board_centre_y=self.view.board_rect.centery))


__all__ = ["PirateerScene", "gliding"]
