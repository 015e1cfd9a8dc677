"""The Island Race table: everyone builds at once against the clock (spec §9).

The scene owns the race clock (real seconds, frozen while paused or unfocused; ``time_scale`` lets tests
run it fast), sends the system actions (StartRound after "3, 2, 1, go!", TimeUp at 0:00), runs the bots'
agents in the frame loop (``driver.AgentDriver``) and turns the players' gestures into actions:

- mouse (the first human): click or drag a pile tile to take it, the tile then follows the pointer;
  right-click / wheel / R turn it (Shift+R the other way), middle-click / F flip it, click or drop on a
  highlighted cell to place it, drop it (or click) on the pile to put it back, click another pile tile to
  swap; on-screen buttons do the same; Done (Enter) with a full grid; Stop in the no-timer last-tile phase.
  The drags and drops go through the shared drag-and-drop controller (``mouse``);
- keyboard (the second human, or the only one when they prefer) and game controllers (the third and
  fourth humans): a cursor of their own over the pile and their island (``cursors``, ``pads``). Esc
  always pauses, for everyone.

Every refusal says why in the rule's words, whatever the input: a drop's verdict is the engine's (the shared
table's ``drop_verdict``, ``mouse``), a cursor's press the same reason, and a press while the player may not act
names why (before "Go!", after the pause, Done already, the round over).

A placement that would break the water rule asks for a second click within 2 s (a setting, on by
default; R10); while the pointer, or the cursor, stays on that cell the warning waits (a newcomer reads it first,
a tablet's tap lands on the same pixel), and its 2 s run once it has left the cell. The warning says the rule in
plain words (the edge on the outer border that is not water, or facing another cell and not land); an island
placed anyway keeps its broken edges marked in red, and a badge, until the scoring (``draw``). The hover assist (a setting, off by default) marks each edge of the held tile that would or
would not match. Nothing is secret in this game, so the scene draws straight from the live state, up
faces only (a down face is never shown); the drawing is in ``draw``. Between rounds "Everyone is done!" (or
"Time's up!") shows the round as it ended, the clock where it stopped and the totals before it (its log lines of
points held back, ``log_held_from``); then the scoring is shown step by step (``scoring_view``) and stays, every
island's lines to be read, until See the summary; then the round's summary (``draw.RoundTable``: what each
island scored, the islands as they ended, the totals after the round) stays until a click on Next round (after
round 3, See the results, which opens the shared results scene), with bots only too (``ending_shown``,
``ending_button``).

Everything on the table explains itself (``draw`` names each thing as it draws it, ``EXPLAINED_KINDS``): the
pointer resting on it, or F1, which explains what the keyboard player's cursor is on (``focus_point``).

What happened comes from the engine's events as the viewer sees them (all public here, no tile ids): right
after each applied action the shared table hands the new ones to ``on_events`` (drew, turned, flipped,
returned, placed, done, go, ended ...), which plays their sounds and puts their animations on the table's
timeline (``clips``: UI time at the speed set in Settings, never blocking: nothing in a race waits for an
animation); a round's ``ended`` event starts the end of the round. Each rival's ``placed`` tile (every seat but
the viewer's) is marked on their island for a few race seconds, fading, until their next one (``rival_marks``).
A table opened on a saved game starts at the events already recorded: nothing replays. The race clock
(``race_now``) is the scene's own: it drives the stages, the bots' agents, their gloves (a choosing bot's glove
goes over what it weighs, ``hands``) and the rivals' marks, not the animations.

Learn to play (``game.scenes.coach``; the lesson is ``tutorial``): with a coach attached the bot seats play only
the lesson's script (``ScriptedAgent``), the race clock moves on only when the coach says so
(``Coach.race_clock_runs``: while the rival's scripted moves are played), the lesson starts without the
"3, 2, 1" count, and the coach's panel takes the free room under the rival's island (``coach_room``). Every
gesture the lesson refuses (a take, a turn, a flip, a put back, a placement by click or by drop, a key) gets its
reason, shown just above the coach's panel (which glows), clear of what the step rings and of the title; a
placement the lesson does not want is refused before any water warning (which would promise a second click the
lesson refuses), and one that would also break the water rule says so first (then that the lesson wants another
cell: "allowed" alone would read as if the water rule did not matter); a press on a pile tile refused, then
dragged, says its reason again where it is let go (the learner was watching the pointer, not the bubble). The
lesson's clock moves only while its scripted moves are played, exactly their ``pace`` each, so a resumed lesson
shows the time it was left at; after the pause it goes on without the count while it waits for the learner.
Paused (lesson or not), nothing in hand is drawn over the frozen table.
"""
from __future__ import annotations

import dataclasses
import logging
import math
from typing import Any, Callable

import pygame

from game import games
from game.core.events import Event
from game.core.protocol import Action, IllegalAction, Result, Text
from game.core.rng import Rng
from game.core.session import GameSession
from game.i18n import tr
from game.scenes.table import TableScene
from game.ui import theme
from game.ui.widgets import Button

from game.games.island_race import layout as geo
from game.games.island_race.cursors import PAD_EVENTS, CursorInput
from game.games.island_race.draw import EXPLAINED_KINDS, RaceDrawing, icon
from game.games.island_race.driver import SPEED_FACTOR, AgentDriver
from game.games.island_race.clips import Banner, Bounce, Glide, Pulse, Turn
from game.games.island_race.hands import BotHand, HandAiming
from game.games.island_race.mouse import MouseInput
from game.games.island_race.pace import (COUNTDOWN_SECONDS, ENDING_SECONDS, GO_SHOWN, LAST_TILE_LIMIT, MARK_HOLD,
                                         MARK_SECONDS, RESUME_SECONDS, SAVE_EVERY, TICK_BELOW, WARN_SECONDS)
from game.games.island_race.rules import (LAST, MIX, PLAY, ROUNDS, Done, Flip, IslandRound, Piece,
                                          Place, Return, Rotate, StartRound, Stop, Take, TimeUp, face_from_data)
from game.games.island_race.scoring_view import ScoringView

log = logging.getLogger("pgn.island_race")

#: events that change what a seat holds: a pending water warning of that seat no longer applies
HAND_EVENTS = frozenset({"drew", "turned", "flipped", "returned", "placed", "done"})


def shown_piece(e: Event) -> Piece:
    """The tile of a drew / turned / flipped / returned / placed event as everyone sees it (up face only)."""
    return Piece(None, int(e.get("side")), int(e.get("rot")), face_from_data(e.get("face")))


def default_agent_factory(level: str, seat: int, seed: int, speed: float = 1.0) -> Any:
    from game.games.island_race.bots import make_agent
    return make_agent(level, seat, seed, speed=speed)


class WaterWarning:
    """A pending water-rule warning: the placement waits for a second click on the same cell."""

    def __init__(self, seat: int, cell: tuple[int, int], faults: list[int], face: Any):
        self.seat, self.cell, self.faults, self.face = seat, cell, faults, face
        self.age = 0.0


class IslandRaceScene(CursorInput, MouseInput, HandAiming, RaceDrawing, TableScene):
    name = "table:island-race"
    uses_worker = False  # the agents run in the frame loop (cheap calls, spread over frames)
    recaps = False       # real time: no turns to recap (each rival's last tile is marked instead)
    EXPLAINED_KINDS = EXPLAINED_KINDS

    def __init__(self, app: Any, session: GameSession, agent_factory: Callable[[str, int, int], Any] | None = None):
        super().__init__(app, games.get("island-race"), session)
        self.time_scale = 1.0                     # tests run the race clock fast
        self.race_now = float(self.round.now)
        humans = self.humans()
        self.mouse_seat: int | None = humans[0] if humans else None
        self.key_seat: int | None = humans[1] if len(humans) > 1 else (humans[0] if humans else None)
        self.featured = humans[:2] or [0]
        self._start_cursors(humans)               # the keyboard cursor, the controllers and their cursors
        speed = SPEED_FACTOR.get(getattr(app.settings, "bot_speed", "normal"), 1.0)
        self.bot_speed = speed                    # the Settings' bot speed: a choosing glove's pace too
        if agent_factory is None:  # the game's bots apply the bot-speed setting themselves
            def factory(level: str, seat: int, seed: int) -> Any:
                return default_agent_factory(level, seat, seed, speed)
            driver_speed = 1.0
        else:
            factory, driver_speed = agent_factory, speed
        agents = {seat: factory(s.level or "easy", seat, self._bot_seed(seat))
                  for seat, s in enumerate(session.seats) if s.kind == "bot"}
        self.driver = AgentDriver(agents, self._agent_view, speed=driver_speed, work_budget=app.clock.budget)
        self.bot_hands = {seat: BotHand(seat, (0, 0)) for seat in agents}
        self.turn_left = Button("", lambda: self._turn(self.mouse_seat, -1), icon=icon("ccw"), min_width=60,
                                height=40, tooltip=Text.of("ir.ui.turn_left"))
        self.turn_right = Button("", lambda: self._turn(self.mouse_seat, 1), icon=icon("cw"), min_width=60,
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
        #: the round's scoring, all shown, stays until this click opens its summary (issue 16: read every island)
        self.summary_button = Button(Text.of("ir.ui.see_summary"), self._open_summary, min_width=220)
        self.summary_open = False                 # the round's summary is on screen (after the scoring)
        # stage: countdown | resume | play | ending | scoring
        self.stage = "countdown"
        self.stage_t = 0.0
        self.ui_time = 0.0
        self.scoring: ScoringView | None = None
        self.summary: Any = None                  # the round's summary last drawn (``draw.RoundTable``)
        self.ended_how: str | None = None
        self.final = False
        self.mouse = (0, 0)                       # the pointer (the mouse player's tile in hand is drawn there)
        self.keys_used = len(humans) > 1          # the keyboard cursor is on screen
        self.refused_slot: int | None = None      # a pile tile whose take was just refused (no hover mark)
        self.refused_take: Text | None = None     # why that take was refused
        self.refused_press: tuple[Any, int, tuple[int, int]] | None = None   # (reason, slot, where) of a press
        self._lesson_base = 0.0
        self.warning: WaterWarning | None = None  # state, not an animation: its 2 s are the player's, not Settings'
        #: each rival's last placed tile, from the viewer's events: seat -> (its cell, the race time its ``placed``
        #: event came at); marked on their island for ``MARK_SECONDS`` of race time (``rival_marks``)
        self._placed_seen: dict[int, tuple[tuple[int, int], float]] = {}
        self.shuffle: list[tuple[float, float, float, float]] = []
        self._last_whole: int | None = None
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
        self.long_rounds = self._long_rounds_in_use()
        self.L = geo.compute(pygame.Rect(0, 0, 1280, 720), session.players, self.featured, self.round.size,
                             wide=self.pad_seat_list())
        self._start_mouse()
        self.resync_events()  # a resumed game starts after the events it already had: nothing replays
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

    def _agent_view(self, seat: int) -> Any:
        return self.round.view(seat)

    def viewer(self) -> int | None:
        return self.mouse_seat

    def round_seconds(self) -> float | None:
        return self.round.timer

    def time_left(self, r: IslandRound | None = None) -> float | None:
        """The clock of ``r`` (the round in play by default): a finished round's stays where it stopped."""
        r = self.round if r is None else r
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

    def my_turn(self) -> int | None:
        """R1: no turns in a race: the mouse player may act whenever the race runs and they are still in it
        (not Done, R2; not finished, V3.3). The shared table's ``legal`` reads it; the drops' verdict asks the
        engine itself (``mouse.drop_verdict``), which says why when they may not."""
        seat = self.mouse_seat
        return seat if not self.finished and self.can_act(seat) else None

    def _stage_reason(self) -> Text | None:
        """Why nobody may act now, from the table's stage (None in play): the countdown before "Go!" (S4), the
        count after the pause, the round's end (R17)."""
        if self.stage == "play":
            return None
        if self.stage == "countdown":
            return Text.of("ir.reason.not_started")
        if self.stage == "resume":
            return Text.of("ir.reason.resuming")
        return Text.of("ir.reason.round_over")

    def _idle_reason(self, seat: int) -> Text:
        """Why ``seat`` may not act now: the stage's reason, else the engine's (Done already R2/R13, finished
        V3.3, the round over R17)."""
        why = self._stage_reason()
        if why is None:
            why = self.round.check(Take(seat, 0)) if not self.can_act(seat) else None
        return why or Text.of("ir.reason.round_over")

    @property
    def pile_blurred(self) -> bool:
        """The pile was last drawn blurred (under the pause panel, §9: nobody plans during a pause)."""
        return self._blur is not None

    def focus_point(self) -> tuple[int, int] | None:
        """F1 explains what the keyboard player's cursor is on, once they use it: the pile slot (a point the tile
        they hold, drawn lifted beside it, leaves free) or the cell of their island; else the shared table's."""
        seat = self.key_seat
        if seat is not None and self.keys_used and self.stage == "play" and not self.paused:
            rect = self._cursor_rect(seat)
            if self.cursor_of(seat).zone == "pile" and self.held(seat) is not None:
                return (rect.x + max(1, rect.w // 10), rect.bottom - max(1, rect.h // 10))
            return rect.center
        return super().focus_point()

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
        self._placed_seen = {}            # the new round's islands are empty: nothing to mark
        self._count_shown = None
        self.app.play("dice")

    def _start_round(self) -> None:
        minutes = int(getattr(self.app.settings, "ir_round_minutes", 0) or 0)
        r = self.round
        if minutes in (5, 6) and r.timer is not None:
            r.lengthen_round(minutes * 60)   # accessibility: outside the rules (shown in the results)
            self.long_rounds = minutes
        self._system(StartRound())
        self._set_stage("play")

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
        self.summary_open = False
        self._begin_countdown()

    def _open_summary(self) -> None:
        """The scoring was read: the round's summary comes over it."""
        if self.stage == "scoring" and self.scoring is not None and self.scoring.done(self.stage_t):
            self.summary_open = True
            self.mark_dirty()

    def log_held_from(self) -> int | None:
        """While a round's end is announced ("Everyone is done!"), the log holds back the lines of its scoring
        (each island's points, R30): the scoring that follows shows them, island by island. The index of the
        first of them in the events (None otherwise: the whole log)."""
        if self.stage != "ending":
            return None
        events = self.state.events
        for i in range(len(events) - 1, -1, -1):
            if events[i].kind == "ended" and events[i].get("what") == "round":
                while i > 0 and (events[i - 1].kind == "scored" or (
                        events[i - 1].kind == "said" and
                        getattr(events[i - 1].get("text"), "key", "") in ("ir.log.score", "ir.log.invalid"))):
                    i -= 1
                return i
        return None

    def shown_totals(self) -> list[int]:
        """The totals on the top bar and the island headers: while a round's end is announced, those before it
        (R30: its points are added by its scoring, which shows them), else the match's."""
        if self.stage in ("ending", "scoring") and self.state.last_hand is not None:
            before = list(getattr(self.state.last_hand, "totals_before", []) or [])
            if len(before) == self.session.players:
                return [int(t) for t in before]
        return [int(t) for t in self.state.totals]  # type: ignore[attr-defined]

    def _final_results(self) -> None:
        self.app.play("fanfare")
        self.show_results()

    def shown_result(self) -> Result:
        result = self.state.result()
        if self.long_rounds:   # everything else kept (the last round's scoring beside the totals too)
            result = dataclasses.replace(result, how=Text.of("ir.ui.long_rounds", minutes=self.long_rounds))
        return result

    def game_over(self) -> None:
        """The third round is over: the save is cleared now; its scoring shows first, then the results."""
        if self.finished:
            return
        self.finished = True
        self.final = True
        if self.coach is not None:
            self.end_tutorial()   # a lesson has its own file, never among the saved games
        else:
            self.drop_save()

    # Learn to play -----------------------------------------------------------------------------------
    def attach_coach(self, coach: Any, path: Any) -> None:
        """A lesson: the bot seats play the coach's script only, and the race goes on where it stands (the
        clock is the coach's to run, no "3, 2, 1")."""
        from game.scenes.coach import ScriptedAgent
        super().attach_coach(coach, path)
        self.driver = AgentDriver({seat: ScriptedAgent(seat, coach) for seat in self.driver.agents},
                                  self._agent_view, work_budget=self.app.clock.budget)
        if self.stage == "resume":
            self._set_stage("play")
            self.stage_t = GO_SHOWN    # the race is under way: no "Go!" either
        # the lesson's clock is its script's: it has run only while the rival's moves were played, one ``pace``
        # each, so where it stands follows from the moves made (a resumed lesson shows the time it was left at)
        self._lesson_base = float(self.round.now)
        self.race_now = self._lesson_base + sum(self._script_paces()[:self._scripted_landed()])
        self.state.advance_time(self.race_now)  # type: ignore[attr-defined]
        show = self.drag.show_message
        self.drag.show_message = lambda text, pos: show(text, self._lesson_say_at(pos))

    def _lesson(self) -> bool:
        return self.coach is not None and not self.coach.done

    def _script_paces(self) -> list[float]:
        """The race seconds each scripted move of the lesson takes, in the script's order."""
        return [step.pace for step in self.coach.tutorial.steps for _ in step.plays]

    def _scripted_landed(self) -> int:
        """How many of the lesson's scripted moves have been played (the bot seats' actions)."""
        bots = set(self.bot_hands)
        return sum(1 for a in self.session.actions if a.seat in bots)

    def _lesson_say_at(self, pos: tuple[int, int]) -> tuple[int, int]:
        """Where a refusal's reason shows: in a lesson just above the coach's panel (which glows: the learner
        looks there, and it covers neither the ringed thing nor the title); else where it happened."""
        if not self._lesson() or self.coach.rect.w <= 0:
            return pos
        return (self.coach.rect.centerx, self.coach.rect.top - theme.px(10))

    def coach_room(self) -> pygame.Rect | None:
        """The lesson's panel: in the left column under the other islands, up to the mouse player's island."""
        L = self.L
        pad = max(4, int(10 * L.scale))
        mine = L.islands.get(self.mouse_seat) if self.mouse_seat is not None else None
        if mine is None:
            return None
        top = max((box.panel.bottom for box in L.islands.values() if not box.featured), default=L.top.bottom)
        return pygame.Rect(L.rect.x + pad, top + pad, mine.panel.x - L.rect.x - 2 * pad,
                           L.rect.bottom - top - 2 * pad)

    def _explaining(self) -> Any:
        """While the tile in hand follows the pointer, the pointer always rests on it: no hover explanation pops
        up over the tile's edges, the edge help or the lesson's hints (F1 still explains); a button the pointer
        rests on still says what it does (the tile then waits beside it)."""
        item = super()._explaining()
        if item is not None and self._explain_pinned is None and self.stage == "play" and \
                self.held(self.mouse_seat) is not None and item[2] != "button":
            return None
        return item

    def _draw_explanation(self, surface: pygame.Surface) -> None:
        """What the pointer rests on, explained by the pointer as on every table, but never over the ship's log
        (a button by the log, Done say, gets its bubble on the pointer's other side)."""
        item = self._explaining()
        if item is None:
            return
        from game.ui import palette
        from game.ui.widgets import draw_bubble
        rect, text, _kind = item
        pos = self._explain_hover[0] if self._explain_pinned is None and self._explain_hover else rect.midbottom
        words = tr(text)
        f = theme.font("text", 16)
        lines = theme.wrap_text(words, f, theme.px(340))
        w = max((f.size(line)[0] for line in lines), default=0) + theme.px(26)
        h = len(lines) * f.get_linesize() + theme.px(20)
        area = surface.get_rect()
        log = self.L.log if self.logpanel.visible else pygame.Rect(0, 0, 0, 0)
        tries = [("topleft", (pos[0] + 14, pos[1] + 18)), ("topright", (pos[0] - 14, pos[1] + 18)),
                 ("bottomright", (pos[0] - 14, pos[1] - 14))]
        c = self.L.controls
        keep_free = pygame.Rect(0, 0, 0, 0)
        if c.w > 0 and c.collidepoint(pos):   # on the buttons: beside their column, every button left free
            keep_free = c
            mine = self.L.islands.get(self.mouse_seat) if self.mouse_seat is not None else None
            island_left = mine is None or mine.panel.centerx < c.centerx
            sides = [("midright", (c.x - 10, pos[1])), ("midleft", (c.right + 10, pos[1]))]
            tries = (sides if island_left else sides[::-1]) + tries
        for anchor, at in tries:
            box = pygame.Rect(0, 0, w, h)
            setattr(box, anchor, at)
            box.clamp_ip(area)
            if not box.colliderect(log) and not box.collidepoint(pos) and not box.colliderect(keep_free):
                break
        draw_bubble(surface, words, box.topleft, stripe=palette.GOLD)

    def _draw_round_table(self, surface: pygame.Surface, view: ScoringView) -> None:
        """A lesson keeps the scored islands in sight while its coach talks over them (its last Next opens the
        results); else the round's table (``draw``)."""
        if self.coach is not None and not self.coach.done:
            return
        super()._draw_round_table(surface, view)

    # Actions ---------------------------------------------------------------------------------------
    def act(self, action: Action) -> Text | None:
        """Apply a player's action now (the clock is recorded first); None when done, else the reason."""
        why = self._stage_reason()
        if why is not None:
            return why
        self.state.advance_time(self.race_now)  # type: ignore[attr-defined]
        return self.try_action(action)

    def after_action(self, action: Action) -> None:
        super().after_action(action)
        self.driver.invalidate()

    def on_events(self, events: list[Event], first: int) -> None:
        """The new events of every applied action (a player's, a bot's or the system's), as the viewer sees
        them, right after it (the shared table's ``after_action``)."""
        for e in events:
            self._show_event(e)

    def on_resync(self) -> None:
        """The table drawn as the state is (a game just opened): no rival's tile is marked as just placed."""
        self._placed_seen = {}

    def rival_marks(self) -> dict[int, tuple[tuple[int, int], float]]:
        """Each rival's last placed tile still marked: seat -> (its cell, strength 1 .. 0). A rival is every seat
        but the viewer's; the mark is full for ``MARK_HOLD`` race seconds, then fades out by ``MARK_SECONDS``
        (the race clock: it stands still in a pause), and starts again with that rival's next tile."""
        r = self.shown_round()
        out = {}
        for seat, (cell, seen) in self._placed_seen.items():
            age = self.race_now - seen
            if age >= MARK_SECONDS or seat >= r.players or r.grids[seat][cell[0] * r.size + cell[1]] is None:
                continue
            out[seat] = (cell, 1.0 if age <= MARK_HOLD else 1.0 - (age - MARK_HOLD) / (MARK_SECONDS - MARK_HOLD))
        return out

    def _show_event(self, e: Event) -> None:
        """One event's sound and animation (the events are in the rules module's docstring)."""
        kind, seat = e.kind, e.seat
        if seat is not None and kind in HAND_EVENTS and self.warning is not None and self.warning.seat == seat:
            self.warning = None  # the tile it was about is turned, placed or gone
        if kind == "go":
            self.app.play("splash")
        elif kind == "drew":
            self.app.play("click")
        elif kind == "turned":
            now = shown_piece(e)
            turn = int(e.get("turn"))
            self._turning(Turn(seat, "rot", turn, Piece(None, now.side, (now.rot - turn) % 4,
                                                        face_from_data(e.get("was")))))
        elif kind == "flipped":
            now = shown_piece(e)
            self._turning(Turn(seat, "flip", 1, Piece(None, 1 - now.side, now.rot, face_from_data(e.get("was")))))
        elif kind == "placed":
            row, col = e.get("cell")
            self.timeline.play(Bounce(seat, (int(row), int(col))))
            self.app.play("card")
            if seat is not None and seat != self.viewer():   # a rival's tile: marked for a few race seconds
                self._placed_seen[seat] = ((int(row), int(col)), self.race_now)
        elif kind == "returned":
            why = e.get("why")
            if why == "return" and seat in self.bot_hands:
                return  # the glove carried it there
            wait = 0.05 * seat if why in ("time-up", "last-tile") else 0.0  # the round's end: one after another
            self._glide_back(seat, shown_piece(e), int(e.get("slot")), self._held_pos(seat), wait)
        elif kind == "done":
            self.timeline.play(Banner(seat))
            self.app.play("fanfare" if e.get("place") == 1 else "splash")
        elif kind == "ended" and e.get("what") == "round":
            self._round_ended(e.get("how"))

    def autosave(self) -> None:
        """Saved at the end of the frame (one save however many actions a frame had)."""
        self._save_due = True

    def save_now(self) -> None:
        """Save and quit: the race as it stands, its clock included (not a second later)."""
        self._save_now()

    def _save_now(self) -> None:
        self._save_due = False
        self._last_save = self.ui_time
        if self.finished:
            return
        self.state.advance_time(self.race_now)  # type: ignore[attr-defined]
        TableScene.autosave(self)

    def _round_ended(self, how: str | None) -> None:
        """A round ended (TimeUp, everyone Done, or the last-tile phase; ``how`` from its ``ended`` event):
        the held tiles are already gliding back (their ``returned`` events came first), then the scoring."""
        self._forget_drag()
        self.warning = None
        self._reset_cursors()
        self.driver.reset()
        self.ended_how = how
        self._set_stage("ending")
        if self.ended_how == "time-up":
            self.app.play("error")

    def _glide_back(self, seat: int, piece: Piece, slot: int, start: tuple[float, float], wait: float = 0.0) -> None:
        self.timeline.play(Glide(self.face(piece, self.L.tile), start, self.L.slots[slot].center, slot, wait))

    def _turning(self, clip: Turn) -> None:
        """A seat's held tile turns or flips: this animation replaces the one it may still be in."""
        self.timeline.cancel(clip.tag)
        self.timeline.play(clip)

    def _held_pos(self, seat: int) -> tuple[float, float]:
        if seat in self.bot_hands:
            x, y = self.bot_hands[seat].pos
            return (x + self.L.tile * 0.35, y + self.L.tile * 0.25)
        if seat == self.mouse_seat and not (seat == self.key_seat and self.keys_used and not self._mouse_mode):
            return self.mouse
        return self._cursor_rect(seat).center

    # Player intentions ---------------------------------------------------------------------------
    def _say(self, reason: Text | str, pos: tuple[int, int] | None = None) -> None:
        """Why not, in the bubble the drag-and-drop controller shows its refusals in (by ``pos``)."""
        self.drag.show_message(reason, pos or self.mouse)
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
            self.refused_slot = slot      # no hover mark on it until the pointer leaves it: it was not taken
            self.refused_take = reason    # (a press of the mouse: said again if it drags away, ``mouse``)
            return False
        self.refused_slot = None
        return True

    def _turn(self, seat: int | None, turn: int) -> None:
        if self.can_act(seat) and self.held(seat) is not None:
            self._said_if_refused(self.act(Rotate(seat, turn)), self.turn_right.rect.midtop)

    def _flip(self, seat: int | None) -> None:
        if self.can_act(seat) and self.held(seat) is not None:
            self._said_if_refused(self.act(Flip(seat)), self.flip_button.rect.midtop)

    def _return(self, seat: int | None, quiet: bool = False) -> None:
        if self.can_act(seat) and self.held(seat) is not None:
            why = self.act(Return(seat))
            if not quiet:
                self._said_if_refused(why, self.return_button.rect.midtop)

    def _said_if_refused(self, why: Text | None, where: tuple[int, int]) -> None:
        """A gesture refused (a lesson's step wants another one, or the rules say no): the reason shows."""
        if why is not None:
            self._say(why, self.mouse if self._mouse_mode else where)   # (in a lesson: above the coach's panel)

    def _done(self, seat: int | None, where: tuple[int, int] | None = None) -> None:
        if not self.can_act(seat):
            return
        reason = self.act(Done(seat))
        if reason is not None:
            self._say(reason, where or self.done_button.rect.midtop)

    def _stop(self, seat: int | None, where: tuple[int, int] | None = None) -> None:
        if self.can_act(seat):
            reason = self.act(Stop(seat))
            if reason is not None:
                self._say(reason, where)

    def _place(self, seat: int, cell: tuple[int, int], where: tuple[int, int]) -> str:
        """Try to place the held tile: 'placed', 'warned' (second click needed) or 'illegal' (the reason is
        said by ``where``)."""
        outcome = self._try_place(seat, cell)
        if isinstance(outcome, Text):
            self._say(outcome, where)
            return "illegal"
        return outcome

    def _try_place(self, seat: int, cell: tuple[int, int]) -> str | Text:
        """Place the held tile: 'placed'; 'warned' when it would break the water rule (R10) and the warning
        (a setting) wants a second click on that cell within 2 s; 'illegal' with nothing in hand; else the
        engine's reason (R7)."""
        if not self.can_act(seat) or self.held(seat) is None:
            return "illegal"
        reason = self.round.check(Place(seat, cell))
        if reason is not None:
            return reason
        faults = self.round.water_faults_of_placement(seat, cell)
        if self._lesson():     # a placement the lesson does not want now is refused before any water warning
            reason = self.coach.refusal(Place(seat, cell))
            if reason is not None and faults:   # the water rule first: "allowed" alone would read as "harmless"
                return Text.of("ir.coach.water_first", then=self._lesson_wants(seat, reason))
            if reason is not None:
                return reason
        warn_on = getattr(self.app.settings, "ir_water_warning", True)
        w = self.warning
        confirmed = w is not None and w.seat == seat and w.cell == cell and w.age <= WARN_SECONDS
        if faults and warn_on and not confirmed:
            self.warning = WaterWarning(seat, cell, faults, self.held(seat).face)
            self.app.play("error")
            return "warned"
        self.warning = None
        reason = self.act(Place(seat, cell))
        return "placed" if reason is None else reason

    def held_cell(self, seat: int) -> tuple[int, int] | None:
        """The cell of ``seat``'s island its tile in hand is over: under the mouse's pointer (not docked by the
        buttons), or its keyboard's or controller's cursor on the island; else None."""
        box = self.L.islands.get(seat)
        if box is None:
            return None
        if seat == self.mouse_seat and (self._mouse_mode or seat != self.key_seat):
            return None if self.held_docked() else box.cell_at(self.mouse)
        cur = self.cursor_of(seat)
        return cur.cell if cur.zone == "grid" else None

    def _lesson_wants(self, seat: int, reason: Text) -> Text:
        """After the water rule, what the lesson wants instead of a placement it refuses: another cell (its step
        places a tile), another move (it asks for something else), or the coach's own words (read, watch)."""
        if reason.key != "coach.not_now":
            return reason
        expect = self.coach.step.expect
        size = self.round.size
        cells = [(row, col) for row in range(size) for col in range(size)]
        wants_cell = expect is not None and any(expect(Place(seat, cell)) for cell in cells)
        return Text.of("ir.coach.another_cell" if wants_cell else "ir.coach.another_move")

    # Input -------------------------------------------------------------------------------------------
    _mouse_mode = True

    def handle_table(self, event: pygame.event.Event) -> None:
        self.mark_dirty()
        if event.type in PAD_EVENTS:
            self._handle_pad_event(event)
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
            if self.refused_slot is not None and self.L.slot_at(event.pos) != self.refused_slot:
                self.refused_slot = None
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
            self._refuse_idle(event)   # a press on the pile or an island before "Go!" or after the end: why
            if event.type == pygame.KEYDOWN:
                self._refuse_idle_key(event)
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
        button = self._moving_on_button()
        if button is None:
            return
        if button.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            button.click()

    def _scoring_press(self) -> None:
        """A controller's A or Start on the scoring: show it all, then its summary, then the next round (or the
        results)."""
        view = self.scoring
        if view is not None and not view.done(self.stage_t):
            self.stage_t = view.duration
            return
        button = self._moving_on_button()
        if button is not None:
            button.click()

    def _moving_on_button(self) -> Button | None:
        """What moves on from the finished scoring: See the summary, then on the summary Next round (the last
        round's See the results); a lesson's scoring has its coach's Next instead until the coach is done."""
        if self.summary_open:
            return self.results_button if self.final else self.next_button
        if self._lesson():
            return self.results_button if self.final else self.next_button
        return self.summary_button

    def _control_buttons(self) -> list[Button]:
        return [self.turn_left, self.turn_right, self.flip_button, self.return_button, self.done_button,
                self.stop_button]

    # Frame ------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.ui_time += dt
        if self.coach is not None:
            self.coach.update(dt)        # its ring pulses
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
        self._update_pads(dt)
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
        if self.coach is None or self.coach.race_clock_runs():   # a lesson's clock waits while the coach talks
            if not self._lesson():
                self.race_now += sdt
            else:   # up to the moment the script's next move is due, once it is planned: each costs its pace
                due = [plan.at for plan in self.driver.plans.values() if plan is not None]
                if due:
                    self.race_now = min(self.race_now + sdt, min(due))
        self.state.advance_time(self.race_now)  # type: ignore[attr-defined]
        r = self.round
        left = self.time_left()
        if left is not None:
            whole = math.ceil(left - 1e-9)
            if self._last_whole is not None and whole < self._last_whole and whole < TICK_BELOW:
                self.app.play("tick")
                self.timeline.cancel("tick")
                self.timeline.play(Pulse())
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
        self.state.advance_time(self.race_now)  # type: ignore[attr-defined]
        try:
            self.session.apply(action)
        except IllegalAction:
            self.driver.dropped(seat)
            return
        self.driver.applied(seat, action, self.race_now)
        self.after_action(action)

    def _time_up(self) -> None:
        self._system(TimeUp())

    def _update_scoring(self) -> None:
        view = self.scoring
        if view is None:
            return
        step = view.step_at(self.stage_t)
        if step != getattr(self, "_score_step", -1):
            self._score_step = step
            if step < 8:
                self.app.play("card")
        # the summary stays until a click on its button, with bots only too (issue 16: every ending in full)

    def ending_shown(self) -> str | None:
        """"round-scoring" while a round's scoring, shown in full, waits for the click that opens its summary
        (See the summary); "round-summary" while that summary waits for the click that moves on; else None.
        What leads to them ("Time's up!", the scoring step by step) goes on by itself: a click there only shows
        the whole scoring at once."""
        if not self._summary_waits():
            return None
        return "round-summary" if self.summary_open else "round-scoring"

    def ending_button(self) -> pygame.Rect | None:
        """Where a click moves on from the ending on screen (``ending_shown``): See the summary on the scoring,
        Next round (or the last round's See the results) on the summary; else None."""
        return self._place_round_button(self.rect).rect.copy() if self._summary_waits() else None

    def _summary_waits(self) -> bool:
        """The round's scoring is all shown and waits for a click, its summary too (a lesson's coach moves on
        from its round with its own Next)."""
        return self.stage == "scoring" and self.scoring is not None and self.scoring.done(self.stage_t) \
            and not self._lesson()

    def _begin_scoring(self) -> None:
        last = self.state.last_hand
        if last is None or last.scores is None:
            self._begin_countdown()
            return
        self.scoring = ScoringView(last.grids, last.size, last.scores, [s.name for s in self.session.seats],
                                   [s.colour for s in self.session.seats], last.first_out, last.round_index + 1,
                                   ROUNDS, step_seconds=0.85 * self.app.anim_factor(), face=self.face)
        self._score_step = -1
        self.summary_open = False
        self._set_stage("scoring")

    def _update_anims(self, dt: float, sdt: float) -> None:
        """The animations run in UI seconds (``dt``: the timeline applies the Settings speed, and they go on
        while the race clock stands still); the bots' gloves in race time."""
        self.sync_events()        # what the shared table's update does: events applied outside after_action
        self.timeline.update(dt)
        self.drag.update(dt)      # the refusal bubble fades
        w = self.warning
        if w is not None:
            if self.stage == "play" and self.held_cell(w.seat) == w.cell:
                w.age = 0.0     # R10: still pointed at, the warning waits for the second press (it is being read)
            else:
                w.age += dt
                if w.age > WARN_SECONDS:
                    self.warning = None
        for hand in self.bot_hands.values():
            hand.update(sdt if sdt > 0 else dt, self.race_now)

    def cancel_pick(self) -> bool:
        """Escape in a race pauses at once (the clock runs): a tile in hand stays in hand (it was taken from the
        pile), never put back first."""
        return False

    def is_animating(self) -> bool:
        return True  # the clock runs, the bots move: the table redraws every frame

    def bot_due(self) -> int | None:
        return None  # no turn-based bots here: the agents act in update(), whatever the timeline runs

    # Scene life ---------------------------------------------------------------------------------------
    def enter(self) -> None:
        was_paused = self.paused
        super().enter()
        self._blur = None
        self._resync_pads()  # controllers unplugged or plugged in while the pause was on top
        frozen = self._lesson() and not self.coach.race_clock_runs()   # a lesson's clock waiting for the learner
        if was_paused and self.stage == "play" and not self.finished and not frozen:
            self._set_stage("resume")  # back from the pause: "3, 2, 1" before the clock runs again

    def leave(self) -> None:
        """Covered (the pause, a lost focus): a drag in progress is forgotten, the clock saved where it stopped."""
        super().leave()
        self._forget_drag()
        if not self.finished and self.stage in ("play", "resume"):
            self._save_now()  # the clock where it stopped

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.L = geo.compute(rect, self.session.players, self.featured, self.round.size, wide=self.pad_seat_list())
        self.logpanel.layout(self.L.log)       # the shared table's log panel and Menu button, placed here
        self.menu_button.layout(self.L.menu)
        self._place_targets()
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
        boxes = geo.scoring_boxes(r, self.session.players, self.shown_round().size, top,
                                  r.bottom - int(r.h * 0.105))
        room = self.coach_room() if self.coach is not None and not self.coach.done else None
        if room is None or not boxes:
            return boxes
        # a lesson: the same islands, moved beside the coach's column (never under it), their panels narrower
        pad = max(4, int(14 * self.L.scale))
        left = room.right + pad
        w = (r.right - pad - left - (len(boxes) - 1) * pad) // len(boxes)
        if w < max(b.grid.w for b in boxes) + 2 * pad:
            return boxes
        out = []
        for i, b in enumerate(boxes):
            panel = pygame.Rect(left + i * (w + pad), b.panel.y, w, b.panel.h)
            dx = panel.centerx - b.grid.centerx
            out.append(dataclasses.replace(b, panel=panel, header=pygame.Rect(panel.x + pad, b.header.y,
                                                                              w - 2 * pad, b.header.h),
                                           grid=b.grid.move(dx, 0), hand=b.hand.move(dx, 0)))
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
