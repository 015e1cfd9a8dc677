"""The Island Race table: everyone builds at once against the clock (spec §9).

The scene owns the race clock (real seconds, frozen while paused or unfocused; ``time_scale`` lets tests
run it fast), sends the system actions (StartRound after "3, 2, 1, go!", TimeUp at 0:00), runs the bots'
agents in the frame loop (``driver.AgentDriver``) and turns the players' gestures into actions:

- mouse (the first human): click or drag a pile tile to take it, the tile then follows the pointer;
  right-click / wheel / R turn it (Shift+R the other way), middle-click / F flip it, click or drop on a
  highlighted cell to place it, drop it (or click) on the pile to put it back, click another pile tile to
  swap; on-screen buttons do the same; Done (Enter) with a full grid; Stop in the no-timer last-tile phase;
- keyboard (the second human, or the only one when they prefer): arrows move a cursor over the pile,
  Enter takes, R/F turn and flip, Tab switches to the grid, arrows choose a cell, Enter places,
  Backspace puts the tile back, D declares Done. Esc always pauses.

A placement that would break the water rule asks for a second click within 2 s (a setting, on by
default); the hover assist (a setting, off by default) marks each edge of the held tile that would or
would not match. Nothing is secret in this game, so the scene draws straight from the live state, up
faces only (a down face is never shown). Between rounds the scoring is shown step by step
(``scoring_view``), then the round table; after round 3 the shared results scene.
"""
from __future__ import annotations

import logging
import math
import time
from typing import Any, Callable

import pygame

from game import games
from game.core.protocol import Action, IllegalAction, Result, Text
from game.core.rng import Rng
from game.core.session import GameSession
from game.i18n import language, tr
from game.scenes.table import TableScene
from game.ui import palette, theme
from game.ui.countdown import format_time
from game.ui.logpanel import LogPanel
from game.ui.results_view import ResultsView
from game.ui.widgets import Button, draw_bubble

from game.games.island_race import layout as geo
from game.games.island_race import sprites
from game.games.island_race.driver import SPEED_FACTOR, AgentDriver
from game.games.island_race.hands import BotHand, Glide, bounce_scale, glove
from game.games.island_race.rules import (LAST, MIX, PLAY, ROUNDS, Done, Flip, IslandRound, Piece,
                                          Place, Return, Rotate, StartRound, Stop, Take, TimeUp, ordinal)
from game.games.island_race.scoring import neighbour
from game.games.island_race.scoring_view import ScoringView, face_surface
from game.games.island_race.tiles import WATER

log = logging.getLogger("pgn.island_race")

COUNTDOWN_SECONDS = 3.0      # "3, 2, 1" before "Go!"
GO_SHOWN = 0.7               # "Go!" stays this long after the start
RESUME_SECONDS = 3.0
ENDING_SECONDS = 1.4         # "Time's up!" while held tiles glide back
WARN_SECONDS = 2.0           # the water-rule warning waits this long for the second click
TURN_SECONDS = 0.12          # a quarter turn or a flip of the held tile
LAST_TILE_LIMIT = 20.0       # the optional limit of the no-timer last-tile phase (V3.6)
RED_BELOW = 30.0
TICK_BELOW = 10
DRAG_THRESHOLD = 6
BOTS_ONLY_PAUSE = 2.5        # bots only: the scoring stays up this long
SAVE_EVERY = 1.0             # while the clock runs, actions are saved together at most once a second
TEXT_ON_TABLE = (252, 240, 214)


def default_agent_factory(level: str, seat: int, seed: int, speed: float = 1.0) -> Any:
    from game.games.island_race.bots import make_agent
    return make_agent(level, seat, seed, speed=speed)


class WaterWarning:
    """A pending water-rule warning: the placement waits for a second click on the same cell."""

    def __init__(self, seat: int, cell: tuple[int, int], faults: list[int], face: Any):
        self.seat, self.cell, self.faults, self.face = seat, cell, faults, face
        self.age = 0.0


class IslandRaceScene(TableScene):
    name = "table:island-race"
    uses_worker = False  # the agents run in the frame loop (cheap calls, spread over frames)

    def __init__(self, app: Any, session: GameSession, agent_factory: Callable[[str, int, int], Any] | None = None):
        super().__init__(app, games.get("island-race"), session)
        self.time_scale = 1.0                     # tests run the race clock fast
        self.race_now = float(self.round.now)
        humans = self.humans()
        self.mouse_seat: int | None = humans[0] if humans else None
        self.key_seat: int | None = humans[1] if len(humans) > 1 else (humans[0] if humans else None)
        self.featured = humans[:2] or [0]
        speed = SPEED_FACTOR.get(getattr(app.settings, "bot_speed", "normal"), 1.0)
        if agent_factory is None:  # the game's bots apply the bot-speed setting themselves
            def factory(level: str, seat: int, seed: int) -> Any:
                return default_agent_factory(level, seat, seed, speed)
            driver_speed = 1.0
        else:
            factory, driver_speed = agent_factory, speed
        agents = {seat: factory(s.level or "easy", seat, self._agent_seed(seat))
                  for seat, s in enumerate(session.seats) if s.kind == "bot"}
        self.driver = AgentDriver(agents, self._agent_view, speed=driver_speed)
        self.bot_hands = {seat: BotHand(seat, (0, 0)) for seat in agents}
        self.logpanel = LogPanel(size=14)
        self.logpanel.seat_colours = [s.colour for s in session.seats]
        self.menu_button = Button(Text.of("table.menu"), self.pause, min_width=90, height=36, size=16)
        self.turn_left = Button("", lambda: self._turn(self.mouse_seat, -1), icon=_icon("ccw"), min_width=60,
                                height=40, tooltip=Text.of("ir.ui.turn_left"))
        self.turn_right = Button("", lambda: self._turn(self.mouse_seat, 1), icon=_icon("cw"), min_width=60,
                                 height=40, tooltip=Text.of("ir.ui.turn_right"))
        self.flip_button = Button(Text.of("ir.ui.flip"), lambda: self._flip(self.mouse_seat), min_width=120,
                                  height=40, size=16)
        self.return_button = Button(Text.of("ir.ui.put_back"), lambda: self._return(self.mouse_seat), min_width=120,
                                    height=40, size=16)
        self.done_button = Button(Text.of("ir.ui.done"), lambda: self._done(self.mouse_seat), min_width=120,
                                  height=50, size=20)
        self.stop_button = Button(Text.of("ir.ui.stop"), lambda: self._stop(self.mouse_seat), min_width=120,
                                  height=50, size=20)
        self.next_button = Button(Text.of("ir.ui.next_round"), self._next_round, min_width=220)
        self.results_button = Button(Text.of("ir.ui.see_results"), self._final_results, min_width=220)
        # stage: countdown | resume | play | ending | scoring
        self.stage = "countdown"
        self.stage_t = 0.0
        self.ui_time = 0.0
        self._seen_round = self.state.hand_index
        self.scoring: ScoringView | None = None
        self.ended_how: str | None = None
        self.final = False
        # mouse
        self.mouse = (0, 0)
        self.press: tuple[tuple[int, int], bool] | None = None   # (where, took a tile on this press)
        self.dragging = False
        # keyboard cursor
        self.kzone = "pile"
        self.kslot = 0
        self.kcell = (1, 1)
        self.keys_used = len(humans) > 1
        # animations
        self.glides: list[Glide] = []
        self.turn_anim: dict[int, tuple[str, float, int, Piece | None]] = {}
        self.bounces: dict[tuple[int, tuple[int, int]], float] = {}
        self.banners: dict[int, float] = {}
        self.warning: WaterWarning | None = None
        self.message: tuple[str, tuple[int, int], float] | None = None
        self.shuffle: list[tuple[float, float, float, float]] = []
        self._last_whole: int | None = None
        self._tick_pulse = 0.0
        self._save_due = False
        self._last_save = 0.0
        self._static: pygame.Surface | None = None
        self._static_key: Any = None
        self._board: pygame.Surface | None = None
        self._faces: dict[tuple, pygame.Surface] = {}
        self._warm: list[tuple[Piece, int]] | None = None
        self._board_key: Any = None
        self._blur: pygame.Surface | None = None
        self._last_started: float | None = None
        self._hands_before_end: list[Piece | None] = []
        self._slots_before_end: list[int] = []
        self.long_rounds = self._long_rounds_in_use()
        self.L = geo.compute(pygame.Rect(0, 0, 1280, 720), session.players, self.featured, self.round.size)
        self._start_stage_for_state(resumed=True)

    # State helpers ---------------------------------------------------------------------------------
    @property
    def round(self) -> IslandRound:
        """The round in play (the match's current hand)."""
        return self.state.hand  # type: ignore[attr-defined]

    def shown_round(self) -> IslandRound:
        """The round on screen: the finished one while it ends and is scored, else the one in play."""
        if self.stage in ("ending", "scoring") and self.state.last_hand is not None:
            return self.state.last_hand  # type: ignore[return-value]
        return self.round

    def _agent_seed(self, seat: int) -> int:
        return (self.session.seed * 1_000_003 + (seat + 1) * 7919) & 0x7FFFFFFF

    def _agent_view(self, seat: int) -> Any:
        return self.round.view(seat)

    def viewer(self) -> int | None:
        return self.mouse_seat

    def seat_colour(self, seat: int) -> int:
        return self.session.seats[seat].colour

    def seat_name(self, seat: int) -> str:
        return self.session.seats[seat].name

    def round_seconds(self) -> float | None:
        return self.round.timer

    def time_left(self) -> float | None:
        r = self.round
        if r.timer is None:
            return None
        if r.phase == MIX:
            return float(r.timer)
        return r.time_left()

    def last_tile_left(self) -> float | None:
        """V3.6: seconds left of the optional last-tile limit (None without it)."""
        r = self.round
        if r.phase != LAST or not getattr(self.app.settings, "ir_last_tile_limit", False):
            return None
        start = self._last_started
        if start is None:
            self._last_started = self.race_now
            start = self.race_now
        return max(0.0, LAST_TILE_LIMIT - (self.race_now - start))

    def can_act(self, seat: int | None) -> bool:
        return seat is not None and self.stage == "play" and seat in self.round.current_players()

    def held(self, seat: int | None) -> Piece | None:
        return self.round.hands[seat] if seat is not None else None

    def _long_rounds_in_use(self) -> int:
        for r in (self.round, self.state.last_hand):
            if r is not None and r.timer is not None and r.timer > 240:
                return int(r.timer) // 60
        return 0

    # Stages ----------------------------------------------------------------------------------------
    def _start_stage_for_state(self, resumed: bool = False) -> None:
        r = self.round
        if self.state.is_over():
            self.stage = "scoring"
            return
        if r.phase == MIX:
            self._begin_countdown()
        else:
            self._set_stage("resume")

    def _set_stage(self, stage: str) -> None:
        self.stage = stage
        self.stage_t = 0.0
        self.mark_dirty()

    def _begin_countdown(self) -> None:
        self._set_stage("countdown")
        rng = Rng(self.session.seed * 31 + self.state.hand_index)
        self.shuffle = [(rng.below(1000) / 1000.0, rng.below(1000) / 1000.0, rng.below(1000) / 1000.0,
                         rng.below(1000) / 1000.0) for _ in range(len(self.round.pile))]
        self._last_started = None
        self.driver.reset()
        self._count_shown = None
        self.app.play("dice")

    def _start_round(self) -> None:
        minutes = int(getattr(self.app.settings, "ir_round_minutes", 0) or 0)
        r = self.round
        if minutes in (5, 6) and r.timer is not None:
            r.timer = minutes * 60       # accessibility: longer rounds, outside the rules (shown in the results)
            self.long_rounds = minutes
        self._system(StartRound())
        self._set_stage("play")
        self.app.play("splash")

    def _system(self, action: Action) -> None:
        self.state.advance_time(self.race_now)  # type: ignore[attr-defined]
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            log.warning("system action %r refused: %s", action, exc)
            return
        self.after_action(action)

    def _next_round(self) -> None:
        if self.stage != "scoring" or self.final:
            return
        self.scoring = None
        self._begin_countdown()

    def _final_results(self) -> None:
        self.app.play("fanfare")
        self.show_results()

    def show_results(self) -> None:
        from game.scenes.results import ResultsScene
        result = self.state.result()
        if self.long_rounds:
            result = Result(result.winners, result.ranks, result.scores, result.breakdown, result.stats,
                            Text.of("ir.ui.long_rounds", minutes=self.long_rounds))
        self.app.stack.push(ResultsScene(self.app, self.entry, self.session.seats, result, rematch=self.rematch))

    def game_over(self) -> None:
        """The third round is over: the save is cleared now; its scoring shows first, then the results."""
        if self.finished:
            return
        self.finished = True
        self.final = True
        self.app.autosaver.clear()
        self.app.autosaver.flush(1.0)

    # Actions ---------------------------------------------------------------------------------------
    def act(self, action: Action) -> Text | None:
        """Apply a player's action now (the clock is recorded first); None when done, else the reason."""
        if self.stage != "play":
            return Text.of("ir.reason.not_started") if self.stage in ("countdown", "resume") \
                else Text.of("ir.reason.round_over")
        self.state.advance_time(self.race_now)  # type: ignore[attr-defined]
        before = list(self.round.hands)
        slots = list(self.round.hand_slot)
        reason = self.try_action(action)
        if reason is None:
            self._animate(action, before, slots)
        return reason

    def after_action(self, action: Action) -> None:
        super().after_action(action)
        self.driver.invalidate()
        if self.warning is not None and (self.held(self.warning.seat) is None
                                         or self.held(self.warning.seat).face != self.warning.face):
            self.warning = None
        if self.state.hand_index != self._seen_round or self.state.is_over():
            self._round_ended()

    def on_action(self, action: Action) -> None:
        if isinstance(action, Place):
            self.app.play("card")
        elif isinstance(action, Take):
            self.app.play("click")
        elif isinstance(action, Done):
            self.banners[action.seat] = 0.0
            self.app.play("fanfare" if len(self.round.done) == 1 else "splash")

    def autosave(self) -> None:
        """Saved at the end of the frame (one save however many actions a frame had)."""
        self._save_due = True

    def _save_now(self) -> None:
        self._save_due = False
        self._last_save = self.ui_time
        if self.finished:
            return
        self.state.advance_time(self.race_now)  # type: ignore[attr-defined]
        TableScene.autosave(self)

    def _animate(self, action: Action, before: list[Piece | None], slots: list[int]) -> None:
        seat = action.seat
        if isinstance(action, Rotate):
            self.turn_anim[seat] = ("rot", 0.0, action.turn, before[seat])
        elif isinstance(action, Flip):
            self.turn_anim[seat] = ("flip", 0.0, 1, before[seat])
        elif isinstance(action, Place):
            self.bounces[(seat, action.cell)] = 0.0
        elif isinstance(action, Return) and seat in self.bot_hands:
            pass  # the glove carried it there
        elif self.stage == "ending":
            pass  # the round's end glides every held tile back
        elif isinstance(action, (Return, Done)) and before[seat] is not None and slots[seat] >= 0:
            self._glide_back(seat, before[seat], slots[seat], self._held_pos(seat))

    def _round_ended(self) -> None:
        """A round ended (TimeUp, everyone Done, or the last-tile phase): held tiles glide back, then scoring."""
        last = self.state.last_hand
        self._seen_round = self.state.hand_index
        self.press = None
        self.dragging = False
        self.warning = None
        self.kzone = "pile"
        self.driver.reset()
        self.ended_how = getattr(last, "ended_by", None)
        if last is not None:
            for seat, piece in enumerate(self._hands_before_end):
                if piece is not None:
                    slot = self._slots_before_end[seat]
                    if slot >= 0:
                        self._glide_back(seat, piece, slot, self._held_pos(seat), delay=0.05 * seat)
        self._set_stage("ending")
        if self.ended_how == "time-up":
            self.app.play("error")

    def _glide_back(self, seat: int, piece: Piece, slot: int, start: tuple[float, float], delay: float = 0.0) -> None:
        img = self.face(piece, self.L.tile)
        end = self.L.slots[slot].center
        self.glides.append(Glide(img, start, end, 0.35 * self.app.anim_factor(), slot=slot, delay=delay))

    def _held_pos(self, seat: int) -> tuple[float, float]:
        if seat in self.bot_hands:
            x, y = self.bot_hands[seat].pos
            return (x + self.L.tile * 0.35, y + self.L.tile * 0.25)
        if seat == self.mouse_seat and not (seat == self.key_seat and self.keys_used and not self._mouse_mode):
            return self.mouse
        return self._cursor_rect(seat).center

    # Player intentions ---------------------------------------------------------------------------
    def _say(self, reason: Text | str, pos: tuple[int, int] | None = None) -> None:
        text = tr(reason) if isinstance(reason, Text) else reason
        self.message = (text, pos or self.mouse, 2.2)
        self.app.play("error")

    def _take(self, seat: int | None, slot: int) -> bool:
        if not self.can_act(seat):
            return False
        if self.held(seat) is not None:
            if self.round.hand_slot[seat] == slot:
                return True
            reason = self.act(Return(seat))
            if reason is not None:
                self._say(reason)
                return False
        reason = self.act(Take(seat, slot))
        if reason is not None:
            self._say(reason, self.L.slots[slot].midtop)
            return False
        return True

    def _turn(self, seat: int | None, turn: int) -> None:
        if self.can_act(seat) and self.held(seat) is not None:
            self.act(Rotate(seat, turn))

    def _flip(self, seat: int | None) -> None:
        if self.can_act(seat) and self.held(seat) is not None:
            self.act(Flip(seat))

    def _return(self, seat: int | None) -> None:
        if self.can_act(seat) and self.held(seat) is not None:
            self.act(Return(seat))

    def _done(self, seat: int | None) -> None:
        if not self.can_act(seat):
            return
        reason = self.act(Done(seat))
        if reason is not None:
            self._say(reason, self.done_button.rect.midtop)

    def _stop(self, seat: int | None) -> None:
        if self.can_act(seat):
            reason = self.act(Stop(seat))
            if reason is not None:
                self._say(reason)

    def _place(self, seat: int, cell: tuple[int, int], where: tuple[int, int]) -> str:
        """Try to place the held tile: 'placed', 'warned' (second click needed) or 'illegal'."""
        if not self.can_act(seat) or self.held(seat) is None:
            return "illegal"
        reason = self.round.check(Place(seat, cell))
        if reason is not None:
            self._say(reason, where)
            return "illegal"
        faults = self.round.water_faults_of_placement(seat, cell)
        warn_on = getattr(self.app.settings, "ir_water_warning", True)
        w = self.warning
        confirmed = w is not None and w.seat == seat and w.cell == cell and w.age <= WARN_SECONDS
        if faults and warn_on and not confirmed:
            self.warning = WaterWarning(seat, cell, faults, self.held(seat).face)
            self.app.play("error")
            return "warned"
        self.warning = None
        reason = self.act(Place(seat, cell))
        if reason is not None:
            self._say(reason, where)
            return "illegal"
        return "placed"

    # Input -------------------------------------------------------------------------------------------
    _mouse_mode = True

    def handle_table(self, event: pygame.event.Event) -> None:
        self.mark_dirty()
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
            if event.type != pygame.MOUSEMOTION or abs(event.rel[0]) + abs(event.rel[1]) > 0:
                self._mouse_mode = True
        if self.menu_button.handle(event):
            return
        if self.stage == "scoring":
            self._handle_scoring(event)
            return
        if self.logpanel.handle(event):
            return
        if self.stage != "play":
            return
        if self.mouse_seat is not None and self.can_act(self.mouse_seat):
            for b in self._control_buttons():
                if b.visible and b.handle(event):
                    return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            self._handle_mouse(event)
        elif event.type == pygame.KEYDOWN:
            self._handle_key(event)

    def _handle_scoring(self, event: pygame.event.Event) -> None:
        view = self.scoring
        if view is not None and not view.done(self.stage_t):
            if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):  # impatient: show it all now
                self.stage_t = view.duration
            return
        button = self.results_button if self.final else self.next_button
        if button.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            button.click()

    def _handle_mouse(self, event: pygame.event.Event) -> None:
        seat = self.mouse_seat
        if seat is None or not self.can_act(seat):
            return
        box = self.L.islands.get(seat)
        if event.type == pygame.MOUSEWHEEL:
            if self.held(seat) is not None:
                self._turn(seat, 1 if event.y < 0 else -1)
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                self._turn(seat, 1)
            elif event.button == 2:
                self._flip(seat)
            elif event.button == 1:
                self._press(seat, box, event.pos)
            return
        if event.type == pygame.MOUSEMOTION:
            if self.press is not None and not self.dragging and self.held(seat) is not None:
                start = self.press[0]
                if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > DRAG_THRESHOLD:
                    self.dragging = True
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            press, self.press = self.press, None
            if not self.dragging:
                return
            self.dragging = False
            if self.held(seat) is None:
                return
            cell = box.cell_at(event.pos) if box is not None else None
            if cell is not None:
                outcome = self._place(seat, cell, event.pos)
                if outcome == "illegal":  # an illegal drop glides back to the pile
                    piece, slot = self.held(seat), self.round.hand_slot[seat]
                    if self.act(Return(seat)) is None:
                        self._glide_back(seat, piece, slot, event.pos)
                return
            if self._over_pile(event.pos):
                self._return(seat)

    def _press(self, seat: int, box: geo.IslandBox | None, pos: tuple[int, int]) -> None:
        slot = self.L.slot_at(pos)
        took = False
        if slot is not None and self.round.pile[slot] is not None:
            took = self._take(seat, slot)
        elif self._over_pile(pos) and self.held(seat) is not None:
            self._return(seat)
        elif box is not None and self.held(seat) is not None and (cell := box.cell_at(pos)) is not None:
            self._place(seat, cell, pos)
        self.press = (pos, took)
        self.dragging = False

    def _over_pile(self, pos: tuple[int, int]) -> bool:
        return self.L.pile.inflate(self.L.tile // 2, self.L.tile // 2).collidepoint(pos)

    def _handle_key(self, event: pygame.event.Event) -> None:
        seat = self.key_seat
        key = event.key
        if seat is None or not self.can_act(seat):
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
            self._switch_zone(seat)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            dx = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(key, 0)
            dy = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(key, 0)
            if self.kzone == "pile":
                r, c = divmod(self.kslot, geo.PILE_COLS)
                self.kslot = ((r + dy) % geo.PILE_ROWS) * geo.PILE_COLS + (c + dx) % geo.PILE_COLS
            else:
                n = self.round.size
                self.kcell = ((self.kcell[0] + dy) % n, (self.kcell[1] + dx) % n)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._key_enter(seat)

    def _switch_zone(self, seat: int) -> None:
        self.kzone = "grid" if self.kzone == "pile" else "pile"
        if self.kzone == "grid":
            legal = self.round.legal_cells(seat)
            if legal and self.kcell not in legal:
                self.kcell = min(legal, key=lambda c: abs(c[0] - self.kcell[0]) + abs(c[1] - self.kcell[1]))

    def _key_enter(self, seat: int) -> None:
        r = self.round
        if r.grid_full(seat) and self.held(seat) is None and r.phase == PLAY:
            self._done(seat)
            return
        if not self.keys_used:  # Enter from a mouse player: Done only
            if not r.grid_full(seat):
                self._say(Text.of("ir.reason.not_full", cells=r.cells, filled=r.filled(seat)),
                          self.done_button.rect.midtop)
            return
        if self.kzone == "pile":
            slot = self.kslot
            if r.pile[slot] is not None:
                if self._take(seat, slot):
                    self._switch_zone(seat)
            elif self.held(seat) is not None:
                self._return(seat)
            else:
                self._say(Text.of("ir.reason.slot_empty"), self.L.slots[slot].midtop)
        else:
            if self.held(seat) is None:
                self._say(Text.of("ir.ui.take_first"), self._cursor_rect(seat).midtop)
                return
            if self._place(seat, self.kcell, self._cursor_rect(seat).midtop) == "placed":
                self.kzone = "pile"

    def _control_buttons(self) -> list[Button]:
        return [self.turn_left, self.turn_right, self.flip_button, self.return_button, self.done_button,
                self.stop_button]

    # Frame ------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.ui_time += dt
        sdt = dt * self.time_scale
        self.stage_t += sdt
        if self.stage == "countdown":
            self._update_countdown()
        elif self.stage == "resume":
            self._update_count_sound(RESUME_SECONDS)
            if self.stage_t >= RESUME_SECONDS:
                self._set_stage("play")
        elif self.stage == "play":
            self._update_play(sdt)
        elif self.stage == "ending":
            if self.stage_t >= ENDING_SECONDS * self.app.anim_factor():
                self._begin_scoring()
        elif self.stage == "scoring":
            self._update_scoring()
        self._update_anims(dt, sdt)
        if self._warm is None or self._warm:
            self._warm_up()
        if self._save_due and (self.stage != "play" or self.ui_time - self._last_save >= SAVE_EVERY):
            self._save_now()

    def _update_countdown(self) -> None:
        self._update_count_sound(COUNTDOWN_SECONDS)
        if self.stage_t >= COUNTDOWN_SECONDS:
            self._start_round()

    def _update_count_sound(self, total: float) -> None:
        shown = max(0, math.ceil(total - self.stage_t))
        if shown != getattr(self, "_count_shown", None):
            self._count_shown = shown
            if shown > 0:
                self.app.play("tick")

    def _update_play(self, sdt: float) -> None:
        self.race_now += sdt
        self.state.advance_time(self.race_now)  # type: ignore[attr-defined]
        r = self.round
        left = self.time_left()
        if left is not None:
            whole = math.ceil(left - 1e-9)
            if self._last_whole is not None and whole < self._last_whole and whole < TICK_BELOW:
                self.app.play("tick")
                self._tick_pulse = 1.0
            self._last_whole = whole
        if r.phase == PLAY and left is not None and left <= 0:
            self._time_up()
            return
        limit = self.last_tile_left()
        if limit is not None and limit <= 0:
            self._time_up()
            return
        acted = False
        for _ in range(4):
            due = self.driver.due(self.race_now)
            if due is None or self.stage != "play":
                break
            seat, action = due
            self._bot_act(seat, action)
            acted = True
        if not acted:  # a frame that applied an action redraws the board: the agents think next frame
            self.driver.think(r.current_players(), self.race_now)
        self._aim_hands()

    def _bot_act(self, seat: int, action: Action) -> None:
        r = self.round
        if r.check(action) is not None:
            self.driver.dropped(seat)  # someone was faster
            return
        before = list(r.hands)
        slots = list(r.hand_slot)
        self._hands_before_end, self._slots_before_end = before, slots
        self.state.advance_time(self.race_now)  # type: ignore[attr-defined]
        try:
            self.session.apply(action)
        except IllegalAction:
            self.driver.dropped(seat)
            return
        self.driver.applied(seat, action, self.race_now)
        self._animate(action, before, slots)
        self.after_action(action)

    def _time_up(self) -> None:
        self._hands_before_end = list(self.round.hands)
        self._slots_before_end = list(self.round.hand_slot)
        self._system(TimeUp())

    def try_action(self, action: Action) -> Text | None:
        self._hands_before_end = list(self.round.hands)
        self._slots_before_end = list(self.round.hand_slot)
        return super().try_action(action)

    def _aim_hands(self) -> None:
        r = self.round
        for seat, hand in self.bot_hands.items():
            box = self.L.islands[seat]
            rest = self._rest(seat)
            hand.rest = rest
            plan = self.driver.plan_of(seat)
            if plan is None or seat not in r.current_players():
                hand.aim(rest, self.race_now + 0.6)
                continue
            intent = getattr(self.driver.agents[seat], "intent", False)
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

    def _rest(self, seat: int) -> tuple[int, int]:
        box = self.L.islands[seat]
        if box.featured:
            return (box.grid.right + self.L.tile // 2, box.grid.y + box.grid.h // 3)
        return box.hand.center

    def _slot_point(self, slot: int) -> tuple[int, int]:
        return self.L.slots[slot].center

    def _hover_point(self, seat: int) -> tuple[float, float]:
        """Where an empty glove waits while its bot looks over the pile: near the pile, on its own side."""
        box = self.L.islands[seat]
        pile = self.L.pile
        x = pile.x + pile.w * (0.15 if box.grid.centerx < pile.centerx else 0.85)
        y = pile.y + pile.h * (0.3 if box.grid.centery < pile.centery else 0.7)
        return (x, y)

    def _update_scoring(self) -> None:
        view = self.scoring
        if view is None:
            return
        step = view.step_at(self.stage_t)
        if step != getattr(self, "_score_step", -1):
            self._score_step = step
            if step < 8:
                self.app.play("card")
        if not self.humans() and self.stage_t >= view.duration + BOTS_ONLY_PAUSE * self.app.anim_factor():
            if self.final:
                if not getattr(self, "_results_shown", False):
                    self._results_shown = True
                    self._final_results()
            else:
                self._next_round()

    def _begin_scoring(self) -> None:
        last = self.state.last_hand
        if last is None or last.scores is None:
            self._begin_countdown()
            return
        self.scoring = ScoringView(last.grids, last.size, last.scores, [s.name for s in self.session.seats],
                                   [s.colour for s in self.session.seats], last.first_out, last.round_index + 1,
                                   ROUNDS, step_seconds=0.85 * self.app.anim_factor(), face=self.face)
        self._score_step = -1
        self._set_stage("scoring")

    def _warm_up(self, budget: float = 0.003) -> None:
        """Draw tile faces ahead of need, a few per frame, so no frame waits for a new picture: first the
        pile's up faces, then every face of every tile at the table's sizes (pile, islands, scoring)."""
        if self._warm is None:
            from game.games.island_race.tiles import TILE_IDS
            sizes = [self.L.tile] + sorted({b.cell for b in self.L.islands.values()})
            score = self._scoring_boxes()[0].cell if getattr(self, "rect", None) is not None else None
            jobs = [(p, self.L.tile) for p in self.round.pile if p is not None]
            jobs += [(Piece.of(t, side, 0), size) for size in sizes for t in TILE_IDS for side in (0, 1)]
            if score:
                jobs += [(Piece.of(t, side, 0), score) for t in TILE_IDS for side in (0, 1)]
            self._warm = jobs[::-1]
        start = time.perf_counter()
        while self._warm and time.perf_counter() - start < budget:
            piece, size = self._warm.pop()
            self.face(piece, size)

    def _update_anims(self, dt: float, sdt: float) -> None:
        for g in self.glides:
            g.update(dt)
        self.glides = [g for g in self.glides if not g.done]
        for seat in list(self.turn_anim):
            kind, t, d, old = self.turn_anim[seat]
            t += dt
            if t >= TURN_SECONDS * self.app.anim_factor():
                del self.turn_anim[seat]
            else:
                self.turn_anim[seat] = (kind, t, d, old)
        for k in list(self.bounces):
            self.bounces[k] += dt
            if self.bounces[k] > 0.3:
                del self.bounces[k]
        for k in list(self.banners):
            self.banners[k] = min(1.0, self.banners[k] + dt)
        if self.warning is not None:
            self.warning.age += dt
            if self.warning.age > WARN_SECONDS:
                self.warning = None
        if self.message is not None:
            text, pos, left = self.message
            left -= dt
            self.message = (text, pos, left) if left > 0 else None
        self._tick_pulse = max(0.0, self._tick_pulse - dt * 2.5)
        for hand in self.bot_hands.values():
            hand.update(sdt if sdt > 0 else dt, self.race_now)

    def is_animating(self) -> bool:
        return True  # the clock runs, the bots move: the table redraws every frame

    def bot_due(self) -> int | None:
        return None  # no turn-based bots here: the agents act in update()

    def update_bots(self) -> None:
        pass

    # Scene life ---------------------------------------------------------------------------------------
    def enter(self) -> None:
        was_paused = self.paused
        super().enter()
        self._blur = None
        if was_paused and self.stage == "play" and not self.finished:
            self._set_stage("resume")  # back from the pause: "3, 2, 1" before the clock runs again

    def leave(self) -> None:
        super().leave()
        self.press = None
        self.dragging = False
        if not self.finished and self.stage in ("play", "resume"):
            self._save_now()  # the clock where it stopped

    def pause(self) -> None:
        if self.stage in ("play", "resume", "countdown"):
            self.press = None
            self.dragging = False
        super().pause()

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.L = geo.compute(rect, self.session.players, self.featured, self.round.size)
        self.logpanel.layout(self.L.log)
        self.menu_button.layout(self.L.menu)
        c = self.L.controls
        k = self.L.scale
        g = max(4, int(6 * k))
        bh = max(30, int(40 * k))
        y = c.y + 2 * theme.font("text", 12).get_linesize() + g  # under the two lines of mouse hints
        half = (c.w - g) // 2
        self.turn_left.layout(pygame.Rect(c.x, y, half, bh))
        self.turn_right.layout(pygame.Rect(c.x + half + g, y, c.w - half - g, bh))
        y += bh + g
        self.flip_button.layout(pygame.Rect(c.x, y, c.w, bh))
        y += bh + g
        self.return_button.layout(pygame.Rect(c.x, y, c.w, bh))
        db = max(36, int(52 * k))
        self.done_button.layout(pygame.Rect(c.x, c.bottom - db, c.w, db))
        self.stop_button.layout(pygame.Rect(c.x, c.bottom - 2 * db - g, c.w, db))
        for seat, hand in self.bot_hands.items():
            hand.rest = self._rest(seat)
            hand.pos = (float(hand.rest[0]), float(hand.rest[1]))
            hand.target = hand.pos
        self._static = None
        self._blur = None
        self._warm = None
        if self.scoring is not None:
            self.scoring.layout(self._scoring_boxes())
        self.mark_dirty()

    def _scoring_boxes(self) -> list[geo.IslandBox]:
        r = self.rect
        top = int(r.h * 0.115)
        return geo.scoring_boxes(r, self.session.players, self.shown_round().size, top,
                                 r.bottom - int(r.h * 0.105))

    # Drawing -------------------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, viewer: int | None) -> None:
        self.logpanel.sync(self.state.log)
        if self.stage == "scoring" and self.scoring is not None:
            self._draw_scoring(surface)
            return
        r = self.shown_round()
        surface.blit(self._board_layer(surface.get_size(), r), (0, 0))
        self._draw_clock(surface, r)
        if self.stage == "countdown" and not self.paused:
            self._draw_shuffle(surface, r)
        self._draw_pile_marks(surface, r)
        for seat, box in self.L.islands.items():
            self._draw_island_marks(surface, r, seat, box)
        self._draw_controls(surface, r)
        self.menu_button.draw(surface)
        for g in self.glides:
            g.draw(surface)
        self._draw_gloves(surface, r)
        self._draw_human_hands(surface, r)
        self._draw_overlay_text(surface, r)
        if self.message is not None:
            text, pos, left = self.message
            draw_bubble(surface, text, pos, size=16, alpha=int(255 * min(1.0, left / 0.4)), stripe=palette.DANGER,
                        anchor="midbottom")

    def _board_layer(self, size: tuple[int, int], r: IslandRound) -> pygame.Surface:
        """Everything that changes only with an action: the table, the pile, the islands, the headers, the
        totals and the log. Drawn again only when one of them changed (the frame blits it once)."""
        paused = self.paused and self.stage in ("play", "resume", "countdown")
        key = (size, theme.scale(), language(), len(self.session.actions), self.state.hand_index, self.stage,
               paused, frozenset(self._gliding_slots()), self.logpanel.scroll, len(self.logpanel.entries),
               id(r))
        if self._board is None or self._board_key != key:
            static = self._static_layer(size)
            layer = self._board if self._board is not None and self._board.get_size() == size else static.copy()
            layer.blit(static, (0, 0))
            self._draw_top(layer, r)
            if paused:
                self._draw_blurred_pile(layer, r)
            elif self.stage != "countdown":
                self._draw_pile(layer, r)
            for seat, box in self.L.islands.items():
                self._draw_island(layer, r, seat, box)
            self.logpanel.draw(layer)
            self._board, self._board_key = layer, key
        return self._board

    def _static_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """The table, the pile tray and the panels' frames: drawn once per window size."""
        key = (size, theme.scale(), tuple(sorted(self.L.islands)))
        if self._static is None or self._static_key != key:
            layer = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
            layer.blit(sprites.table_background(size), (0, 0))
            tray = self.L.pile.inflate(int(self.L.tile * 0.5), int(self.L.tile * 0.4))
            shade = pygame.Surface(tray.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (30, 60, 80, 120), shade.get_rect(), border_radius=max(6, tray.h // 24))
            pygame.draw.rect(shade, (250, 236, 200, 90), shade.get_rect(), width=2, border_radius=max(6, tray.h // 24))
            layer.blit(shade, tray)
            strip = pygame.Surface(self.L.top.size, pygame.SRCALPHA)
            pygame.draw.rect(strip, (20, 14, 8, 110), strip.get_rect(), border_radius=max(6, self.L.top.h // 5))
            layer.blit(strip, self.L.top)
            for seat, box in self.L.islands.items():
                if box.featured:
                    sea = box.grid.inflate(int(box.cell * 0.22), int(box.cell * 0.22))
                    back = pygame.Surface(sea.size, pygame.SRCALPHA)
                    pygame.draw.rect(back, (*sprites.terrain_colour(WATER), 235), back.get_rect(),
                                     border_radius=max(6, box.cell // 6))
                    pygame.draw.rect(back, (236, 246, 240, 140), back.get_rect(), width=2,
                                     border_radius=max(6, box.cell // 6))
                    layer.blit(back, sea)
                else:
                    theme.draw_frame(layer, "panel_dark", box.panel)
                    sea = box.grid.inflate(4, 4)
                    pygame.draw.rect(layer, sprites.terrain_colour(WATER), sea, border_radius=4)
            self._static, self._static_key = layer, key
        return self._static

    def _draw_top(self, surface: pygame.Surface, r: IslandRound) -> None:
        """The round and the running totals (the clock is drawn every frame by ``_draw_clock``)."""
        L = self.L
        text = tr("ir.ui.round", n=r.round_index + 1, rounds=ROUNDS)
        theme.draw_text(surface, text, theme.fit_font(text, "display", 26, L.round_label.w), palette.GOLD_LIGHT,
                        (L.round_label.right, L.round_label.centery), "midright", palette.WOOD_DARK, 2)
        theme.draw_frame(surface, "toast", L.clock)
        x = L.totals.x
        chip_s = theme.px(22)
        f = theme.font("bold", 17)
        for seat in range(self.session.players):
            total = int(self.state.totals[seat])  # type: ignore[attr-defined]
            chip = theme.seat_chip(self.seat_colour(seat), chip_s)
            w = chip_s + theme.px(4) + f.size(str(total))[0] + theme.px(12)
            if x + w > L.totals.right:
                break
            surface.blit(chip, chip.get_rect(midleft=(x, L.totals.centery)))
            theme.draw_text(surface, str(total), f, TEXT_ON_TABLE, (x + chip_s + theme.px(4), L.totals.centery),
                            "midleft", palette.WOOD_DARK, 1)
            x += w

    def _draw_clock(self, surface: pygame.Surface, r: IslandRound) -> None:
        """mm:ss, red under 0:30, a pulse on each tick of the last 10 s; the last-tile limit or no clock."""
        L = self.L
        left = self.time_left()
        label = None
        if r.phase == LAST:
            last = self.last_tile_left()
            label = tr("ir.ui.last_tile")
            shown = format_time(last) if last is not None else "\u2014"
            colour = (236, 96, 76)
        elif left is None:
            shown, colour = "\u221e", palette.PARCHMENT
            label = tr("ir.ui.no_timer")
        else:
            shown = format_time(left)
            colour = (236, 96, 76) if left <= RED_BELOW else palette.PARCHMENT
        if self.paused or self.stage == "resume":
            colour = (190, 180, 168)
        body = L.clock.copy()
        if label:
            lf = theme.font("text", 12)
            theme.draw_text(surface, label, lf, palette.GOLD_LIGHT, (L.clock.centerx, L.clock.y + theme.px(3)), "midtop")
            body.y += lf.get_linesize() // 2 + theme.px(2)
            body.h -= lf.get_linesize() // 2
        f = theme.font_px("display", max(12, int(body.h * (0.78 if label else 0.92))))
        img = theme.render_text(shown, f, colour, palette.WOOD_DARK, max(1, theme.px(2)))
        if self._tick_pulse > 0:
            kk = 1.0 + 0.2 * self._tick_pulse
            img = pygame.transform.smoothscale(img, (int(img.get_width() * kk), int(img.get_height() * kk)))
        surface.blit(img, img.get_rect(center=body.center))

    def _gliding_slots(self) -> set[int]:
        return {g.slot for g in self.glides if g.slot is not None}

    def _draw_pile(self, surface: pygame.Surface, r: IslandRound) -> None:
        hidden = self._gliding_slots()
        for slot, rect in enumerate(self.L.slots):
            piece = r.pile[slot]
            if piece is None or slot in hidden:
                self._draw_empty_slot(surface, r, slot, rect)
            else:
                surface.blit(self.face(piece, rect.w), rect)

    def _draw_shuffle(self, surface: pygame.Surface, r: IslandRound) -> None:
        for slot, rect in enumerate(self.L.slots):
            piece = r.pile[slot]
            if piece is not None and self.shuffle:
                self._draw_shuffling(surface, slot, rect, piece, self.stage_t)

    def _draw_pile_marks(self, surface: pygame.Surface, r: IslandRound) -> None:
        """The pointer's slot in the mouse player's colour, the keyboard cursor in the other's."""
        if self.stage != "play" or self.paused:
            return
        L = self.L
        if self.mouse_seat is not None and self._mouse_mode:
            hover = L.slot_at(self.mouse)
            if hover is not None and r.pile[hover] is not None:
                rect = L.slots[hover]
                mcol = theme.seat_colour(self.seat_colour(self.mouse_seat))
                pygame.draw.rect(surface, mcol, rect.inflate(4, 4), width=max(2, theme.px(3)),
                                 border_radius=max(3, rect.w // 10))
        if self.key_seat is not None and self.keys_used and self.kzone == "pile":
            self._draw_cursor(surface, L.slots[self.kslot], self.key_seat)

    def face(self, piece: Piece, size: int) -> pygame.Surface:
        """A piece's up face at ``size`` px, from this scene's own cache (one dict look-up a frame)."""
        key = (piece.face, piece.rot, size)
        img = self._faces.get(key)
        if img is None:
            if len(self._faces) > 2500:
                self._faces.clear()
            img = face_surface(piece, size)
            if pygame.display.get_surface() is not None:
                img = img.convert_alpha()
            self._faces[key] = img
        return img

    def _draw_empty_slot(self, surface: pygame.Surface, r: IslandRound, slot: int, rect: pygame.Rect) -> None:
        holder = next((s for s in range(r.players) if r.hands[s] is not None and r.hand_slot[s] == slot), None)
        colour = (255, 255, 255, 46) if holder is None else (*theme.seat_colour(self.seat_colour(holder)), 150)
        key = ("empty", rect.size, colour)
        img = _empty_cache.get(key)
        if img is None:
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(img, (255, 255, 255, 14), img.get_rect(), border_radius=max(3, rect.w // 10))
            pygame.draw.rect(img, colour, img.get_rect(), width=max(1, rect.w // 28), border_radius=max(3, rect.w // 10))
            _empty_cache[key] = img
        surface.blit(img, rect)

    def _draw_shuffling(self, surface: pygame.Surface, slot: int, rect: pygame.Rect, piece: Piece, t: float) -> None:
        """S4: the tiles slide from a heap in the middle to their slots, flipping as they go."""
        a, b, c, d = self.shuffle[slot]
        start = 0.15 + a * 1.1
        dur = 1.1
        p = max(0.0, min(1.0, (t - start) / dur))
        e = 1 - (1 - p) ** 3
        cx = self.L.pile.centerx + (b - 0.5) * self.L.tile * 2.4
        cy = self.L.pile.centery + (c - 0.5) * self.L.tile * 1.6
        x = cx + (rect.centerx - cx) * e
        y = cy + (rect.centery - cy) * e
        flips = 2 + int(d * 2)
        phase = (p * flips) % 1.0
        scale_x = abs(math.cos(phase * math.pi)) if p < 1 else 1.0
        show_back = p < 1 and int(p * flips * 2 + 0.5) % 2 == 1
        img = _WATER_BACK(rect.w) if show_back else self.face(piece, rect.w)
        w = max(1, int(rect.w * scale_x))
        if w != rect.w:
            img = pygame.transform.scale(img, (w, rect.h))
        surface.blit(img, img.get_rect(center=(int(x), int(y))))

    def _draw_blurred_pile(self, surface: pygame.Surface, r: IslandRound) -> None:
        """While paused the pile is blurred: nobody plans during a pause (spec §9)."""
        area = self.L.pile.inflate(self.L.tile // 2, self.L.tile // 2).clip(surface.get_rect())
        if self._blur is None or self._blur.get_size() != area.size:
            tmp = pygame.Surface(surface.get_size())
            tmp.blit(self._static_layer(surface.get_size()), (0, 0))
            self._draw_pile(tmp, r)
            part = tmp.subsurface(area).copy()
            small = pygame.transform.smoothscale(part, (max(1, area.w // 14), max(1, area.h // 14)))
            self._blur = pygame.transform.smoothscale(small, area.size)
        surface.blit(self._blur, area)

    def _draw_cursor(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        col = theme.seat_colour(self.seat_colour(seat))
        pulse = 0.5 + 0.5 * math.sin(self.ui_time * 6)
        grow = int(theme.px(3) + pulse * theme.px(3))
        outer = rect.inflate(grow * 2, grow * 2)
        pygame.draw.rect(surface, palette.WHITE, outer.inflate(4, 4), width=max(2, theme.px(2)),
                         border_radius=max(4, rect.w // 8))
        pygame.draw.rect(surface, col, outer, width=max(3, theme.px(4)), border_radius=max(4, rect.w // 8))

    def _cursor_rect(self, seat: int) -> pygame.Rect:
        if self.kzone == "grid" and seat in self.L.islands:
            return self.L.islands[seat].cell_rect(*self.kcell)
        return self.L.slots[self.kslot]

    def _draw_island(self, surface: pygame.Surface, r: IslandRound, seat: int, box: geo.IslandBox) -> None:
        """The cells (faces, hints, the legal cells of a player holding a tile) and the header."""
        grid = r.grids[seat]
        size = r.size
        me_holding = self.stage == "play" and seat in (self.mouse_seat, self.key_seat) and r.hands[seat] is not None
        legal = set(r.legal_cells(seat)) if me_holding else set()
        for i, piece in enumerate(grid):
            row, col = divmod(i, size)
            cell = box.cell_rect(row, col)
            if piece is None:
                surface.blit(self._hint(row, col, size, cell.w), cell)
                if (row, col) in legal:
                    pygame.draw.rect(surface, palette.GOLD_LIGHT, cell.inflate(-2, -2), width=max(2, theme.px(3)),
                                     border_radius=max(3, cell.w // 12))
            else:
                surface.blit(self.face(piece, cell.w), cell)
        self._draw_header(surface, r, seat, box)

    def _hint(self, row: int, col: int, size: int, px: int) -> pygame.Surface:
        key = ("hint", row, col, size, px)
        img = self._faces.get(key)
        if img is None:
            img = self._faces[key] = sprites.cell_hint(sprites.cell_water(row, col, size, size), px)
        return img

    def _draw_island_marks(self, surface: pygame.Surface, r: IslandRound, seat: int, box: geo.IslandBox) -> None:
        """What moves on an island: a placed tile's bounce, the Done ribbon, the keyboard cursor."""
        for (s, cell), t in self.bounces.items():
            piece = r.grids[seat][cell[0] * r.size + cell[1]] if s == seat else None
            if piece is None:
                continue
            rect = box.cell_rect(*cell)
            k = bounce_scale(t)
            px = max(1, int(rect.w * k))
            img = pygame.transform.smoothscale(self.face(piece, rect.w), (px, px))
            surface.blit(img, img.get_rect(center=rect.center))
        if seat in r.done:
            place = r.done.index(seat) + 1
            text = tr("ir.ui.done_badge", place=tr(ordinal(place)))
            w = max(40, int(box.grid.w * (0.95 if box.featured else 1.05)))
            banner = sprites.done_banner(text, w)
            grow = self.banners.get(seat, 1.0)
            if grow < 0.3:
                k = 0.5 + grow / 0.3 * 0.5
                banner = pygame.transform.smoothscale(banner, (max(1, int(banner.get_width() * k)),
                                                               max(1, int(banner.get_height() * k))))
            surface.blit(banner, banner.get_rect(center=(box.grid.centerx, box.grid.centery)))
        if self.stage == "play" and self.keys_used and seat == self.key_seat and self.kzone == "grid":
            self._draw_cursor(surface, box.cell_rect(*self.kcell), seat)

    def _draw_header(self, surface: pygame.Surface, r: IslandRound, seat: int, box: geo.IslandBox) -> None:
        h = box.header
        chip = theme.seat_chip(self.seat_colour(seat), h.h - theme.px(6))
        surface.blit(chip, chip.get_rect(midleft=(h.x, h.centery)))
        name = self.seat_name(seat)
        total = str(int(self.state.totals[seat]))  # type: ignore[attr-defined]
        bold = theme.font("bold", 17)
        tw = bold.size(total)[0]
        extra = ""
        if box.featured and len(self.featured) > 1 and seat in (self.mouse_seat, self.key_seat):
            extra = tr("ir.ui.by_mouse") if seat == self.mouse_seat else tr("ir.ui.by_keys")
        label = name + (f"  \u00b7 {extra}" if extra else "")
        x = h.x + chip.get_width() + theme.px(6)
        f = theme.fit_font(label, "bold", 17, max(20, h.right - x - tw - theme.px(10)))
        theme.draw_text(surface, label, f, TEXT_ON_TABLE, (x, h.centery), "midleft", palette.WOOD_DARK, 1)
        theme.draw_text(surface, total, bold, palette.GOLD_LIGHT, (h.right, h.centery), "midright", palette.WOOD_DARK, 1)

    def _draw_controls(self, surface: pygame.Surface, r: IslandRound) -> None:
        seat = self.mouse_seat
        if seat is None or self.L.controls.w <= 0:
            return
        playing = self.stage == "play" and seat in r.current_players()
        holding = r.hands[seat] is not None
        self.turn_left.enabled = self.turn_right.enabled = playing and holding
        self.flip_button.enabled = self.return_button.enabled = playing and holding
        self.done_button.visible = r.phase != LAST
        self.done_button.enabled = playing and r.phase == PLAY and r.grid_full(seat)
        self.stop_button.visible = r.phase == LAST and seat in r.current_players()
        self.stop_button.enabled = playing
        hint = tr("ir.ui.mouse_hint")
        hf = theme.font("text", 12)
        c = self.L.controls
        y = c.y
        for line in theme.wrap_text(hint, hf, c.w)[:2]:
            theme.draw_text(surface, line, hf, TEXT_ON_TABLE, (c.x, y), "topleft", palette.WOOD_DARK, 1)
            y += hf.get_linesize()
        for b in self._control_buttons():
            b.draw(surface)

    def _draw_gloves(self, surface: pygame.Surface, r: IslandRound) -> None:
        if self.stage not in ("play", "ending", "resume"):
            return
        gs = max(16, int(self.L.tile * 0.62))
        for seat, hand in self.bot_hands.items():
            box = self.L.islands[seat]
            x, y = hand.pos
            piece = r.hands[seat] if self.stage != "ending" else None
            if piece is not None:
                d_rest = math.hypot(x - hand.rest[0], y - hand.rest[1])
                d_pile = math.hypot(x - self.L.pile.centerx, y - self.L.pile.centery)
                k = d_rest / max(1.0, d_rest + d_pile)   # small at its island, pile-sized near the pile
                img = self._held_image(seat, piece, self.L.tile)
                if not box.featured and box.cell != self.L.tile:
                    size = max(8, int(box.cell + (self.L.tile - box.cell) * k))
                    if size != self.L.tile:
                        img = pygame.transform.smoothscale(img, (size, size))
                surface.blit(img, img.get_rect(center=(int(x), int(y))))
            g = glove(self.seat_colour(seat), gs)
            bob = math.sin(hand.bob * 5 + seat) * theme.px(2)
            surface.blit(g, (int(x) - gs // 5, int(y + bob) - gs // 6))

    def _held_image(self, seat: int, piece: Piece, size: int) -> pygame.Surface:
        """The held tile, with the quarter turn or the flip in progress."""
        img = self.face(piece, size)
        anim = self.turn_anim.get(seat)
        if anim is None:
            return img
        kind, t, d, old = anim
        p = min(1.0, t / max(1e-6, TURN_SECONDS * self.app.anim_factor()))
        if kind == "rot":
            return pygame.transform.rotate(img, d * 90 * (1 - p) ** 2)
        if old is not None and p < 0.5:
            img = self.face(old, size)
        w = max(1, int(size * abs(1 - 2 * p)))
        return pygame.transform.smoothscale(img, (w, size))

    def _draw_human_hands(self, surface: pygame.Surface, r: IslandRound) -> None:
        if self.stage != "play":
            return
        for seat in {s for s in (self.key_seat, self.mouse_seat) if s is not None}:
            piece = r.hands[seat]
            at_mouse = seat == self.mouse_seat and (self._mouse_mode or seat != self.key_seat)
            if piece is None:
                continue
            box = self.L.islands.get(seat)
            if at_mouse:
                pos = self.mouse
                cell = box.cell_at(pos) if box is not None else None
                size = box.cell if (box is not None and (cell is not None or pos[1] > self.L.pile.bottom)) \
                    else self.L.tile
            else:
                rect = self._cursor_rect(seat)
                cell = self.kcell if self.kzone == "grid" else None
                size = rect.w
                pos = rect.center if cell is not None else (rect.centerx + rect.w // 5, rect.centery - rect.h // 4)
            snapped = cell is not None and box is not None and cell in r.legal_cells(seat)
            if snapped:  # over a cell where it may go: the tile snaps there, so the player sees the fit
                pos = box.cell_rect(*cell).center
            img = self._held_image(seat, piece, size)
            off = sprites.shadow_offset(size)
            sh = sprites.tile_shadow(size)
            surface.blit(sh, sh.get_rect(center=(pos[0] + off[0], pos[1] + off[1])))
            lifted = img.get_rect(center=(pos[0], pos[1] - max(2, size // 20)))
            surface.blit(img, lifted)
            col = theme.seat_colour(self.seat_colour(seat))
            pygame.draw.rect(surface, col, lifted.inflate(2, 2), width=max(2, theme.px(2)),
                             border_radius=max(3, size // 12))
            if snapped:
                self._draw_assist(surface, r, seat, cell)
            w = self.warning
            if w is not None and w.seat == seat and cell == w.cell:
                self._draw_warning(surface, lifted, w)

    def _draw_warning(self, surface: pygame.Surface, rect: pygame.Rect, w: WaterWarning) -> None:
        pts = (rect.midtop, rect.midright, rect.midbottom, rect.midleft)
        ends = ((rect.topleft, rect.topright), (rect.topright, rect.bottomright), (rect.bottomleft, rect.bottomright),
                (rect.topleft, rect.bottomleft))
        blink = 0.5 + 0.5 * math.sin(self.ui_time * 14)
        colour = (255, int(60 + 80 * blink), 50)
        for d in w.faults:
            a, b = ends[d]
            pygame.draw.line(surface, colour, a, b, max(4, rect.w // 12))
            pygame.draw.circle(surface, colour, pts[d], max(5, rect.w // 9), max(2, rect.w // 30))
        draw_bubble(surface, tr("ir.ui.water_warning"), (rect.centerx, rect.y - theme.px(10)), size=15,
                    stripe=palette.DANGER, anchor="midbottom", max_width=300)

    def _draw_assist(self, surface: pygame.Surface, r: IslandRound, seat: int, cell: tuple[int, int] | None) -> None:
        """Hover assist (a setting): for each edge of the held tile over a cell, would it match?"""
        if cell is None or not getattr(self.app.settings, "placement_assist", False):
            return
        piece = r.hands[seat]
        box = self.L.islands.get(seat)
        if piece is None or box is None or cell not in r.legal_cells(seat):
            return
        face = piece.face
        rect = box.cell_rect(*cell)
        for d in range(4):
            nb = neighbour(cell, d, r.size)
            mine = face.edges[d]
            if nb is None:
                ok = mine == WATER
            else:
                other = r.grids[seat][nb[0] * r.size + nb[1]]
                if other is None:
                    ok = mine != WATER
                    if ok:
                        continue  # land facing an empty cell: nothing to say yet
                else:
                    ok = other.face.edges[(d + 2) % 4] == mine
            p = (rect.midtop, rect.midright, rect.midbottom, rect.midleft)[d]
            inward = ((0, 1), (-1, 0), (0, -1), (1, 0))[d]
            q = (p[0] + inward[0] * rect.w // 6, p[1] + inward[1] * rect.h // 6)
            rad = max(7, rect.w // 9)
            pygame.draw.circle(surface, palette.WHITE, q, rad + 2)
            pygame.draw.circle(surface, (60, 150, 70) if ok else (200, 50, 40), q, rad)
            if ok:
                pygame.draw.lines(surface, palette.WHITE, False, [(q[0] - rad // 2, q[1]), (q[0] - rad // 8, q[1] + rad // 2),
                                                                  (q[0] + rad // 2, q[1] - rad // 2)], max(2, rad // 4))
            else:
                s = rad // 2
                pygame.draw.line(surface, palette.WHITE, (q[0] - s, q[1] - s), (q[0] + s, q[1] + s), max(2, rad // 4))
                pygame.draw.line(surface, palette.WHITE, (q[0] - s, q[1] + s), (q[0] + s, q[1] - s), max(2, rad // 4))

    def _draw_overlay_text(self, surface: pygame.Surface, r: IslandRound) -> None:
        centre = self.L.pile.center
        big = theme.font_px("display", max(24, int(self.L.tile * 2.0)))
        if self.stage in ("countdown", "resume"):
            total = COUNTDOWN_SECONDS if self.stage == "countdown" else RESUME_SECONDS
            n = max(1, math.ceil(total - self.stage_t))
            frac = (total - self.stage_t) % 1.0
            k = 0.8 + 0.5 * frac
            img = theme.render_text(str(n), big, palette.GOLD_LIGHT, palette.WOOD_DARK, max(2, theme.px(4)))
            img = pygame.transform.smoothscale(img, (int(img.get_width() * k), int(img.get_height() * k)))
            surface.blit(img, img.get_rect(center=centre))
            sub = tr("ir.ui.get_ready", n=r.round_index + 1, rounds=ROUNDS) if self.stage == "countdown" \
                else tr("ir.ui.resume")
            sf = theme.font("display", 28)
            theme.draw_text(surface, sub, sf, TEXT_ON_TABLE, (centre[0], self.L.pile.y + theme.px(8)), "midtop",
                            palette.WOOD_DARK, 2)
            if len(self.featured) > 1 and self.stage == "countdown" and self.mouse_seat is not None:
                lines = [tr("ir.ui.who_mouse", name=self.seat_name(self.mouse_seat)),
                         tr("ir.ui.who_keys", name=self.seat_name(self.key_seat))]
                y = self.L.pile.bottom - theme.px(6)
                for line in reversed(lines):  # stacked upward from the bottom of the pile
                    box = draw_bubble(surface, line, (centre[0], y), size=15, anchor="midbottom",
                                      max_width=int(self.L.pile.w / theme.scale()) - 20)
                    y = box.top - theme.px(6)
        elif self.stage == "play" and self.stage_t < GO_SHOWN and r.round_start is not None:
            a = max(0.0, 1.0 - self.stage_t / GO_SHOWN)
            img = theme.render_text(tr("ir.ui.go"), big, palette.GOLD_LIGHT, palette.WOOD_DARK, max(2, theme.px(4))).copy()
            img.set_alpha(int(255 * a))
            surface.blit(img, img.get_rect(center=centre))
        elif self.stage == "ending":
            key = {"time-up": "ir.ui.time_up", "all-done": "ir.ui.all_done"}.get(self.ended_how or "", "ir.ui.round_over")
            img = theme.render_text(tr(key), theme.font_px("display", max(20, int(self.L.tile * 1.1))),
                                    palette.GOLD_LIGHT, palette.WOOD_DARK, max(2, theme.px(3)))
            surface.blit(img, img.get_rect(center=centre))

    def _draw_scoring(self, surface: pygame.Surface) -> None:
        view = self.scoring
        assert view is not None
        rect = surface.get_rect()
        surface.blit(sprites.table_background(rect.size), (0, 0))
        if not view.boxes:
            view.layout(self._scoring_boxes())
        title = tr("ir.ui.round_scoring", n=view.round_number, rounds=view.rounds)
        theme.draw_text(surface, title, theme.fit_font(title, "display", 40, rect.w - theme.px(300)), palette.GOLD_LIGHT,
                        (rect.centerx, theme.px(16)), "midtop", palette.WOOD_DARK, 3)
        self.menu_button.draw(surface)
        t = self.stage_t
        view.draw(surface, t)
        if view.done(t):
            self._draw_round_table(surface, view)
        else:
            hint = tr("ir.ui.skip_hint")
            theme.draw_text(surface, hint, theme.font("text", 15), TEXT_ON_TABLE,
                            (rect.centerx, rect.bottom - theme.px(16)), "midbottom", palette.WOOD_DARK, 1)

    def _draw_round_table(self, surface: pygame.Surface, view: ScoringView) -> None:
        rect = surface.get_rect()
        button = self.results_button if self.final else self.next_button
        bw = button.preferred_size()[0]
        bh = theme.px(52)
        button.layout(pygame.Rect(rect.centerx - bw // 2, rect.bottom - bh - theme.px(14), bw, bh))
        if self.stage_t >= view.duration + 0.35 * self.app.anim_factor():
            last = self.state.last_hand
            res = _round_table(view, last)
            w = min(theme.px(860), rect.w - theme.px(60))
            h = min(theme.px(420), rect.h - theme.px(140))
            panel = pygame.Rect(rect.centerx - w // 2, button.rect.y - h - theme.px(10), w, h)
            surface.blit(theme.overlay(rect.size, (10, 20, 30, 130)), (0, 0))
            RoundTable(res, [s.name for s in self.session.seats], panel, seats=[s.colour for s in self.session.seats],
                       title=Text.of("ir.ui.round_scoring", n=view.round_number, rounds=view.rounds)).draw(surface)
        button.draw(surface)


class RoundTable(ResultsView):
    """The table of one round: the best round rather than a winner of the game."""

    def winner_text(self) -> str:
        names = [self.names[w] for w in self.result.winners if 0 <= w < self.players]
        if not names:
            return ""
        return tr("ir.ui.best_round", names=", ".join(names))


def _round_table(view: ScoringView, last: Any) -> Result:
    scores = [float(s.total) for s in view.scores]
    rows = []
    for s in view.scores:
        rows.append([(k, v) for k, v in s.rows() if k != "ir.score.floor" or any(x.floor for x in view.scores)])
    res = Result.from_scores(scores, rows, stats={"ir.ui.running_total": [s.running_total for s in view.scores]})
    return res


_empty_cache: dict[tuple, pygame.Surface] = {}


def _WATER_BACK(size: int) -> pygame.Surface:
    return sprites.render_face("wwww", (), None, False, True, size, turn=0)


def _icon(kind: str) -> pygame.Surface:
    """Small curved-arrow icons for the turn buttons (drawn, white with a dark outline)."""
    s = 64
    out = pygame.Surface((s, s), pygame.SRCALPHA)
    rect = pygame.Rect(12, 12, 40, 40)
    for colour, width in ((palette.WOOD_DARK, 12), (palette.PARCHMENT, 7)):
        if kind == "cw":
            pygame.draw.arc(out, colour, rect, -math.pi * 0.15, math.pi * 1.1, width)
        else:
            pygame.draw.arc(out, colour, rect, -math.pi * 0.1, math.pi * 1.15, width)
    if kind == "cw":
        tip = [(50, 44), (62, 30), (38, 34)]
    else:
        tip = [(14, 44), (2, 30), (26, 34)]
    pygame.draw.polygon(out, palette.WOOD_DARK, tip)
    pygame.draw.polygon(out, palette.PARCHMENT, [(x + (1 if kind == "ccw" else -1), y - 1) for x, y in tip], 0)
    return out


def make_scene(app: Any, session: GameSession) -> IslandRaceScene:
    return IslandRaceScene(app, session)


def race_in_progress(app: Any, seed: int = 1, seconds: float = 25.0) -> IslandRaceScene:
    """A race well under way for the bench and the smoke run: four islands being built (Anna and three
    bots, played headless for ``seconds``), most of the pile still there, Anna holding a tile."""
    from game.core.realtime import SimulatedClock, run_realtime
    from game.core.session import Seat
    from game.games.island_race.rules import RULES
    seats = [Seat("Anna", "human", None, 0)] + [Seat(f"Bot {i}", "bot", level, i)
                                                 for i, level in enumerate(("easy", "medium", "hard"), start=1)]
    session = GameSession.new("island-race", RULES, seats, {}, seed)
    session.apply(StartRound())
    agents = [default_agent_factory(s.level or "easy", i, seed + i) for i, s in enumerate(seats) if s.kind == "bot"]
    run_realtime(session.state, agents, SimulatedClock(0.0), until=seconds)
    r = session.state.hand  # type: ignore[attr-defined]
    if r.phase == PLAY and r.hands[0] is None:
        slot = next(i for i, p in enumerate(r.pile) if p is not None)
        session.apply(Take(0, slot))
    scene = IslandRaceScene(app, session)
    scene.stage, scene.stage_t = "play", GO_SHOWN
    scene.layout(app.screen_rect())
    scene.mouse = scene.L.islands[0].grid.center
    scene._warm_up(budget=30.0)  # steady state: every face drawn once, as the countdown and first seconds do
    return scene
