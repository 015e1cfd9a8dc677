"""TableScene: what every turn-based game's table shares.

It owns the flow around the rules, never the rules themselves:
- human input becomes an action -> ``try_action`` -> the session applies it or the reason is shown;
- bot seats are asked for their action off the frame loop (the bot worker process, or inline in tests)
  with only their view, and their move is shown at the pace set in Settings;
- hot-seat with two or more humans in a game with secrets: the privacy screen covers the table
  between their turns, and the scene draws nothing of the table while it is up;
- autosave after every applied action, to the game's own file (``save_path``, one file per unfinished
  game in the saves folder, written by its own background writer); undo within a turn; Esc or losing
  focus opens the pause scene (Save and quit, Abandon);
- game over -> the game's file is deleted (a finished game is not resumable) -> the results scene.

- what happened: the engine's events as the seat on screen may know them (``sync_events``: every frame and
  right after an action the new ones go to the game's ``on_events``; fewer or other events than shown — an
  undo, a game just opened — resync without animating, ``on_resync``);
- one animation timeline (``self.timeline``, ``game.ui.timeline``) at the speed set in Settings: a click on
  the table skips what is running, and the next bot move waits until it is over;
- the turn: ``my_turn`` (the human seat that may act on screen now), ``legal`` (its legal actions, the
  engine's), ``play`` (a human action: applied, or refused with the engine's reason in a toast);
- explanations: what the game draws it also names (``explain(rect, text, kind)`` as it draws each card,
  token, badge, die or button); resting the pointer on it, or F1 on the focused item, shows what it is and
  what it does;
- the pieces every table shows: the log panel (its lines are the viewer's ``said`` events, synced before
  each frame), the Menu and Undo buttons, a chooser over the table (``open_chooser``: which die, which
  ships...).

A game's scene subclasses it and implements ``draw_table`` (and input handling) on top; it draws only.
"""
from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

import pygame

from game.core.protocol import Action, IllegalAction, Result, State, Text
from game.core.session import GameSession
from game.games import GameEntry
from game.i18n import tr
from game.scenes.base import Scene
from game.ui.chooser import Chooser
from game.ui.logpanel import LogPanel
from game.ui.timeline import Timeline
from game.ui.widgets import Button

log = logging.getLogger("pgn.table")

#: seconds a bot's action waits at least after the last animation ended (so people can follow), by bot speed
BOT_PAUSE = {"slow": 1.4, "normal": 0.6, "fast": 0.2}
#: time budget of a hard bot's search in play, seconds
THINK_SECONDS = 1.0
#: the search budget of inline bots on a ManualClock (tests): playouts instead of seconds
TEST_PLAYOUTS = 12
#: seconds the pointer rests on something before what it is shows
EXPLAIN_AFTER = 0.6
#: frames a kept picture, or the log's new lines, may wait while the same viewer sits (``TableScene.kept``): the
#: frame of a move paints none, the next ones one each, so that no frame paints them all
MAX_LATE = 6


class TableScene(Scene):
    is_game = True
    name = "table"
    #: bots think in the worker process (a real-time game runs its agents in the frame loop instead)
    uses_worker = True

    #: a human's turn after other seats' turns opens the recap of what they did (a real-time game has no turns)
    recaps = True

    def __init__(self, app: Any, entry: GameEntry, session: GameSession):
        #: the recap's Replay: the earlier state the moves are played again on, while they are (``state`` is it)
        self._replay: dict[str, Any] | None = None
        super().__init__(app)
        self.entry = entry
        self.session = session
        self.bot_ticket: Any = None
        self.bot_started = 0.0
        self.bot_ready: Action | None = None
        #: since when nothing blocking has moved on the table (None: something moves, or an action was just played)
        self._still_since: float | None = None
        #: the seat whose turn just ended, named while its last move still animates (``turn_shown``)
        self._turn_hold: int | None = None
        self.privacy_for: int | None = None  # seat the privacy screen is waiting for
        self.revealed_to: int | None = None  # human seat whose secrets are on screen now
        self.finished = False
        #: a game that was already over when its table opened (a kill -9 between its last save and the
        #: deletion of its file): the first time it is on screen it goes straight to the results
        self._over_on_arrival = session.state.is_over()
        self.paused = False
        #: this game's file in the saves folder (``make_table_scene`` names a new one, ``resume_scene``
        #: gives the file the game came from); named on first save when a scene is made another way
        self.save_path: Path | None = None
        self.save_closed = False  # the game left the table (kept or deleted): nothing more is written
        from game.ui.privacy import PrivacyScreen
        self.privacy = PrivacyScreen(on_reveal=lambda _colour: self.reveal())
        #: everything that moves on the table, at the speed set in Settings (read every frame)
        self.timeline = Timeline(speed=app.anim_speed if hasattr(app, "anim_speed") else 1.0)
        self.logpanel = LogPanel(size=14)
        self.menu_button = Button(Text.of("table.menu"), self.pause, min_width=110, height=40, size=16)
        self.undo_button = Button(Text.of("table.undo"), self.undo, min_width=110, height=40, size=16)
        self.chooser: Chooser | None = None   # which die, which ships...: over the table until answered
        from game.ui.recap import RecapPanel
        self.recap = RecapPanel(self.replay, self.close_recap)
        #: per human seat, the game as it was right after their last move: (state, actions, events) — what the
        #: others did since is their recap, and its Replay plays it again from there
        self._bases: dict[int, tuple[State, int, int]] = {}
        self._recap_for: tuple[int, int, int] | None = None   # (seat, base events, events) the recap was offered at
        #: what the last frame drew and what each thing is: (rect, explanation, kind), the last on top
        self.explained: list[tuple[pygame.Rect, Text, str]] = []
        #: kept pictures (``kept``) this frame may still paint again; the others wait a frame, the same viewer's
        self._repaints = 1
        self._moved_this_frame = False       # new events were shown, or a bot began its turn: pictures may wait
        self._resynced = False               # the table was taken as the state is: nothing may wait
        self._picture_due = False            # a picture waited (``kept``): the next frame is drawn
        self._log_late = 0                   # frames the log's new lines have waited
        self._explain_hover: tuple[tuple[int, int], float] | None = None  # where the pointer rests, since when
        self._explain_pinned: tuple[pygame.Rect, Text, str] | None = None  # shown by F1 until the pointer moves
        self._explain_due = False                                          # ... and its explanation is due
        self.coach: Any = None               # Learn to play: the lesson's coach (game.scenes.coach), if any
        self.tutorial_file: Path | None = None
        #: how many of the state's events the table has shown, and the last of them (other events under it:
        #: resync); what happened before the table opened (a deal, a saved game) is drawn, not replayed
        events = session.state.events
        self.events_synced, self._last_synced = len(events), (events[-1] if events else None)
        self._synced_state = session.state    # the state object those events are of (applies change it in place)
        if self.recaps:
            for seat in self.humans():
                self._bases[seat] = (session.state.clone(), len(session.actions), len(events))
            if session.actions:
                self._resume_bases()
        self._maybe_cover()
        if self.uses_worker and any(s.kind == "bot" for s in session.seats) and \
                not getattr(app, "inline_bots", False):
            app.worker.start()  # a child process takes a moment to start: do it before the first bot turn

    # Seats ----------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The game on screen: the session's, or during a recap's Replay the earlier one its moves replay on."""
        replay = self._replay
        return replay["state"] if replay is not None else self.session.state

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.session.seats) if s.kind == "human"]

    def is_bot(self, seat: int) -> bool:
        return self.session.seats[seat].kind == "bot"

    def viewer(self) -> int | None:
        """The seat whose view is drawn: the human who may look now, or the only human, or nobody."""
        if self.privacy_for is not None:
            return None
        if self.revealed_to is not None:
            return self.revealed_to
        humans = self.humans()
        if len(humans) == 1:
            return humans[0]
        return None

    def needs_privacy(self) -> bool:
        return len(self.humans()) >= 2 and self.entry.package is not None and \
            self.entry.package.rules.has_secrets

    def _maybe_cover(self) -> None:
        """Between two humans' turns, cover the table until the next human says they are there."""
        if self.state.is_over():
            return
        current = self.state.current_player
        if current is None or self.is_bot(current):
            return
        if not self.needs_privacy():
            self.revealed_to = current
            return
        if self.revealed_to != current:
            self.revealed_to = None
            self.privacy_for = current
            self.forget_explanations()     # what one player pinned with F1 may be their secret
            seat = self.session.seats[current]
            self.privacy.show(seat.colour, seat.name)

    def reveal(self) -> None:
        """The player named on the privacy screen is at the table now."""
        self.revealed_to = self.privacy_for
        self.privacy_for = None
        self.privacy.hide()
        self.mark_dirty()

    def my_turn(self) -> int | None:
        """The human seat that may act on screen now (None: a bot's turn — also while a bot's last move still
        plays out, so the human's controls and recap come after it — covered, or the game is over)."""
        viewer = self.viewer()
        if viewer is None or self.finished or self.state.current_player != viewer:
            return None
        if self._turn_hold is not None and self.turn_shown() != viewer:
            return None
        return viewer

    def legal(self) -> list[Action]:
        """The legal actions of the human who may act now (the engine's), or none."""
        seat = self.my_turn()
        return self.state.legal_actions(seat) if seat is not None else []

    # Actions --------------------------------------------------------------------------------
    def play(self, action: Action) -> bool:
        """A human's action from the table: what is still animating jumps to its end, then it is applied,
        or refused with the engine's reason (a toast and the error sound). True when applied."""
        self.timeline.skip(lingering=False)
        reason = self.try_action(action)
        if reason is not None:
            self.app.toast(tr(reason))
            self.app.play("error")
            return False
        return True

    def try_action(self, action: Action) -> Text | None:
        """Apply a human's action. Returns None when done, or the reason it is illegal."""
        if self.finished or self.privacy_for is not None:
            return Text.of("table.wait")
        if self._replay is not None:
            return Text.of("table.recap.replaying")
        if self.coach is not None:
            # a lesson takes the move it teaches now; a move the rules refuse gets the rule's reason first (that
            # is what the learner needs to know), a legal one the lesson does not want now gets the lesson's words
            why = self.coach.refusal(action)
            if why is not None:
                rule = self.state.check(action) if action.seat == self.state.current_player or \
                    self.state.current_player is None else None
                return rule if rule is not None and not self.coach.waiting_for_next() else why
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            return exc.reason
        self.after_action(action)
        return None

    def after_action(self, action: Action) -> None:
        self._explain_pinned = None            # what it said may have changed
        self._still_since = None               # the next bot action waits its pause from the end of this one's
        if self.recaps and action.seat is not None and not self.is_bot(action.seat):
            # what the others do from now on is this player's next recap
            self._bases[action.seat] = (self.state.clone(), len(self.session.actions), len(self.state.events))
            self.recap.hide()
        self.autosave()
        self.sync_events()
        if self.coach is not None:
            self.coach.after_action(action, self.state)
        self.on_action(action)
        self.mark_dirty()
        if self.state.is_over():
            self.game_over()
        else:
            self._maybe_cover()

    def on_action(self, action: Action) -> None:
        """Hook for the game's animations and sounds after an action was applied."""

    def can_undo(self) -> bool:
        if self._replay is not None:
            return False
        if self.coach is not None and not self.coach.done:
            return False                   # a lesson goes forward: its script would go astray
        seat = self.state.current_player
        return seat is not None and not self.is_bot(seat) and self.session.can_undo(seat)

    def undo(self) -> None:
        """Take back the last action of the human whose turn it is (never a bot's: Ctrl+Z during a bot's
        turn does nothing, so its answer stays legal and nobody can make a bot play at random)."""
        if self.finished or self.privacy_for is not None or not self.can_undo():
            return
        seat = self.state.current_player
        self.session.undo(seat)
        self.autosave()
        self.sync_events()  # fewer events than shown: the table as it is now, nothing animates
        self.mark_dirty()

    # Drops: what a gesture means --------------------------------------------------------------
    #: the table's drag-and-drop controller (``game.ui.dragdrop``), when the game has one
    drag: Any = None

    def drop_actions(self, payload: Any, target: Any) -> list[Action]:
        """The actions a drop of ``payload`` on ``target`` would play for the human on turn, whether legal or
        not: the engine says which one is, or why none is (``drop_verdict``). A game with drag-and-drop lists
        them; a drop that can mean nothing gives none and ``no_drop_reason`` says why in the game's words."""
        return []

    def no_drop_reason(self, payload: Any, target: Any) -> Text:
        """Why a drop that can mean no action is refused (a game names its own rule where it can)."""
        return Text.of("ui.drag.not_here")

    def drop_verdict(self, payload: Any, target: Any) -> bool | Text:
        """True when a drop of ``payload`` on ``target`` plays a legal action (the target lights up); else the
        engine's reason for the first action it would mean. What lights is legal; a refusal names its rule."""
        if self.my_turn() is None:
            return Text.of("table.wait")
        actions = self.drop_actions(payload, target)
        reason: Text | None = None
        for action in actions:
            why = self.state.check(action)
            if why is None:
                return True
            reason = reason or why
        return reason if reason is not None else self.no_drop_reason(payload, target)

    def drop_action(self, payload: Any, target: Any) -> Action | None:
        """The legal action a drop plays (the first the engine accepts), or None."""
        return next((a for a in self.drop_actions(payload, target) if self.state.check(a) is None), None)

    # What happened: the viewer's events -----------------------------------------------------
    def sync_events(self) -> None:
        """Give the events not shown yet, as the seat on screen may know them, to ``on_events`` (called
        every frame and right after an action). Fewer events than shown, or other ones under the last shown
        (an undo, a game taken back), resync without animating."""
        state = self.state
        events = state.events
        n, k = len(events), self.events_synced
        same = k == 0 or (n >= k and (events[k - 1] is self._last_synced or events[k - 1] == self._last_synced))
        if n == k and same:
            self._synced_state = state     # a copy with the same story (a refused action put it back)
            return
        if not same or n < k or state is not self._synced_state:
            self.resync_events()           # taken back, or another game put in the session: drawn as it is
            return
        viewer = self.viewer()
        new = [e.seen_by(viewer) for e in events[k:]]
        if any(e.kind == "turn" for e in new):  # the turn passed: its last move still plays out under the old name
            self._turn_hold = next((e.seat for e in reversed(events[:k]) if e.kind == "turn"), None)
        self.events_synced, self._last_synced = n, events[-1]
        self._moved_this_frame = True
        self.on_events(new, k)
        self.mark_dirty()

    def resync_events(self) -> None:
        """Take the events as they are now as shown: what was animating stops, the table is drawn as the
        state is (a game just opened, an undo)."""
        events = self.state.events
        self.events_synced, self._last_synced = len(events), (events[-1] if events else None)
        self._synced_state = self.state
        self.timeline.cancel()
        self._turn_hold = None
        self._resynced = True           # an undo, a game opened: its first frame shows no picture late (``kept``)
        self.on_resync()
        self.mark_dirty()

    def on_events(self, events: list, first: int) -> None:
        """The game's hook: turn each new event (``first`` is the index of the first) into its animation,
        sound or highlight on ``self.timeline``."""

    def on_resync(self) -> None:
        """The game's hook: forget what was on the way (the table is drawn from the state as it is)."""

    # Choosers -------------------------------------------------------------------------------
    def open_chooser(self, chooser: Chooser, centre: tuple[int, int], width: int) -> None:
        """Show ``chooser`` over the table (one at a time) until a button is pressed or it is cancelled."""
        chooser.layout(centre, width)
        self.chooser = chooser
        self.mark_dirty()

    def close_chooser(self) -> None:
        self.chooser = None
        self.mark_dirty()

    def _handle_chooser(self, event: pygame.event.Event) -> bool:
        """An open chooser has the input first: its buttons; a click elsewhere or Escape cancels it."""
        chooser = self.chooser
        if chooser is None:
            return False
        if chooser.handle(event):
            self.mark_dirty()              # a button pressed or hovered is drawn at once
            return True
        if chooser.cancel and (event.type == pygame.MOUSEBUTTONDOWN or
                               (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)):
            self.close_chooser()
            return True
        return False

    # Recap: what the others did since a human's last move ------------------------------------------
    def _offer_recap(self) -> None:
        """When a human's turn starts after other seats' turns, the recap lists what they did (the viewer's log
        lines of each of those turns): once per turn, until the human moves or closes it."""
        seat = self.my_turn()
        if seat is None or not self.recaps or self.coach is not None or seat not in self._bases \
                or self.recap_waits():
            return
        start, now = self._bases[seat][2], len(self.state.events)
        if self._recap_for == (seat, start, now):
            return
        self._recap_for = (seat, start, now)
        from game.core.events import log_of, since
        events = self.viewer_events()
        turns = since(events, start, seat)
        blocks = [(t.seat, log_of(events[t.start:t.end], seat)) for t in turns]
        blocks = [(who, lines) for who, lines in blocks if lines]
        if not blocks:
            self.recap.hide()
            return
        self.recap.set(blocks, [self.seat_name(i) for i in range(len(self.session.seats))],
                       [self.seat_colour(i) for i in range(len(self.session.seats))])
        self.mark_dirty()

    def _resume_bases(self) -> None:
        """A saved game resumed: each human's recap starts right after their last move before it was saved (the
        game is played again from its start up to there), so whoever sits down again reads what the others did
        since. A game whose moves no longer replay keeps the bases of the table as it opens (no recap)."""
        session = self.session
        last: dict[int, int] = {}      # human seat -> the index of its last action
        for i, action in enumerate(session.actions):
            if action.seat in self._bases:
                last[action.seat] = i
        if not last:
            return
        try:
            state = session.start.clone() if session.start is not None else \
                session.rules.new_game(session.players, session.options, session.seed)
            wanted = {i: seat for seat, i in last.items()}
            for i, action in enumerate(session.actions[: max(wanted) + 1]):
                state.apply(action)
                if i in wanted:
                    self._bases[wanted[i]] = (state.clone(), i + 1, len(state.events))
        except Exception:       # a save from another version of the rules: no recap, nothing else changes
            log.warning("a resumed game's moves did not replay: no recap of them", exc_info=True)
            for seat in last:
                self._bases[seat] = (session.state.clone(), len(session.actions), len(session.state.events))

    def recap_waits(self) -> bool:
        """True while the game shows something the recap must not open beside (a round's scoring panel): it is
        offered once that is put away."""
        return False

    def close_recap(self) -> None:
        self.recap.hide()
        self.mark_dirty()

    def recap_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """Where the recap goes: over the lower part of the log it sums up (the table's controls stay free); a
        game without a log panel on screen gets the table's lower left."""
        from game.ui import theme
        log = self.logpanel.rect
        if log.w >= theme.px(220) and log.h >= theme.px(160):
            h = min(self.recap.preferred_size(log.w)[1], log.h)
            return pygame.Rect(log.x, log.bottom - h, log.w, h)
        screen = self.app.screen.get_rect() if getattr(self.app, "screen", None) is not None else pygame.Rect(0, 0, 1280, 720)
        w = min(size[0], screen.w - theme.px(32))
        h = min(size[1], screen.h - theme.px(40))
        return pygame.Rect(screen.x + theme.px(16), screen.bottom - theme.px(16) - h, w, h)

    def _draw_recap(self, surface: pygame.Surface) -> None:
        from game.ui import palette, theme
        if self._replay is not None:
            text = tr("table.recap.replay_banner")
            f = theme.font("bold", 16)
            img = theme.render_text(text, f, palette.GOLD_LIGHT, palette.WOOD_DARK)
            box = img.get_rect(center=self.replay_banner_point(surface)).inflate(theme.px(24), theme.px(10))
            surface.blit(theme.overlay(box.size, (*palette.WOOD_DARK, 210)), box)
            surface.blit(img, img.get_rect(center=box.center))
            self.explained.append((box, Text.of("table.explain.replay_banner"), "replay"))
            return
        if not self.recap.visible:
            return
        width = theme.px(400)
        self.recap.layout(self.recap_rect(self.recap.preferred_size(width)))
        self.recap.draw(surface)
        self.explained.append((pygame.Rect(self.recap.rect), Text.of("table.explain.recap"), "recap"))
        for button, key in ((self.recap.replay_button, "table.explain.recap_replay"),
                            (self.recap.ok_button, "table.explain.recap_ok")):
            self.explained.append((pygame.Rect(button.rect), Text.of(key), "button"))

    def replay_banner_point(self, surface: pygame.Surface) -> tuple[int, int]:
        """Where the banner saying a replay runs is centred: over the table beside the log, on whichever side the log
        is (a game may move it off what it must not cover)."""
        log, width = self.logpanel.rect, surface.get_width()
        if log.w <= 0:
            left, right = 0, width
        elif log.centerx < width // 2:
            left, right = log.right, width
        else:
            left, right = 0, log.left
        return (left + right) // 2, int(surface.get_height() * 0.42)

    def replay(self) -> None:
        """The recap's Replay: the table goes back to right after this player's last move and plays the others'
        moves again, with their animations, at the bots' pace; then the game is as it is. Nothing is applied
        to the game itself."""
        seat = self.my_turn()
        base = self._bases.get(seat) if seat is not None else None
        if base is None:
            return
        state, n_actions, _ = base
        self.close_chooser() if self.chooser is not None else None
        self.forget_explanations()
        self._replay = {"state": state.clone(), "actions": list(self.session.actions[n_actions:]), "next": 0}
        self._still_since = None
        self.sync_events()                 # the earlier table, drawn as it was (nothing animates)
        self.mark_dirty()

    def _update_replay(self) -> None:
        replay = self._replay
        if replay is None or self.bot_paused():
            return
        actions = replay["actions"]
        if replay["next"] >= len(actions):
            self.end_replay()
            return
        action = actions[replay["next"]]
        replay["next"] += 1
        try:
            replay["state"].apply(action)
        except Exception:                  # the past does not replay (it always should): show the game as it is
            log.exception("the recap's replay stopped at %r", action)
            self.end_replay()
            return
        self._still_since = None
        self.sync_events()                 # its events animate like the first time
        self.mark_dirty()

    def end_replay(self) -> None:
        """Back to the game as it is (the recap stays up: it may be replayed again)."""
        if self._replay is None:
            return
        self._replay = None
        self.timeline.cancel()
        self.sync_events()                 # another state: drawn as it is, nothing animates
        self.mark_dirty()

    @property
    def replaying(self) -> bool:
        return self._replay is not None

    # Learn to play ----------------------------------------------------------------------------
    def attach_coach(self, coach: Any, path: Path | None) -> None:
        """This table is a lesson (``game.scenes.coach``): it saves to the lesson's own file, never among the
        player's saved games."""
        coach.scene = self
        self.coach, self.tutorial_file = coach, path
        self.save_closed = True           # no autosave to the saves folder: the lesson has its own file
        from game.i18n import set_seat_names
        set_seat_names([self.seat_name(i) for i in range(len(self.session.seats))])   # the log names them so
        self.mark_dirty()

    def save_tutorial(self) -> None:
        """The lesson's game and step, in its own file (a failure only means the lesson starts again)."""
        if self.tutorial_file is None or self.coach is None or self.state.is_over():
            return                  # (a lesson whose game is over is not resumed: the coach's last words only)
        from game.core.saves import write_json_atomic
        try:
            write_json_atomic(self.tutorial_file, {
                "game": self.session.game_id, "actions": [a.to_json() for a in self.session.actions],
                "step": self.coach.index, "explaining": self.coach.explaining, "used": sorted(self.coach.used),
                "played": getattr(self.coach, "played", 0),    # real time: the step's scripted actions landed
                "released": getattr(self.coach, "released", False)})   # a bot step's Next was pressed
        except OSError:
            log.exception("the lesson could not be saved")

    def end_tutorial(self) -> None:
        """The lesson's game ended: its file goes (Learn to play starts it afresh next time)."""
        if self.tutorial_file is not None:
            try:
                self.tutorial_file.unlink(missing_ok=True)
            except OSError:
                log.exception("the lesson's file could not be removed")
        if self.coach is not None and self.state.is_over():
            from game.scenes.coach import mark_lesson_done
            mark_lesson_done(self.session.game_id, self.coach.tutorial.lesson)   # the menu tile shows it was learnt

    def leave_tutorial(self) -> None:
        """Skip lesson: back to the menu; the lesson's file stays, so Learn to play resumes it."""
        from game.scenes.menu import MenuScene
        self.save_tutorial()
        self.finished = True
        self.app.stack.pop_to(MenuScene)
        self.app.toasts.push(Text.of("pause.lesson_kept"), 4.0, "good")   # where it went, and how to come back

    # Saves ----------------------------------------------------------------------------------
    @property
    def saver(self):
        """The background writer of this game's file."""
        if self.save_path is None:
            from game.core.saves import new_save_path
            self.save_path = new_save_path(self.session.game_id)
        return self.app.autosaver_for(self.save_path)

    def autosave(self) -> None:
        if self.save_closed:
            return
        try:
            self.saver.submit(self.session.to_save())
        except Exception:  # a save problem must never stop the game; it is logged
            log.exception("autosave failed")

    def save_now(self) -> None:
        """Save the game as it is this moment (Save and quit); a game that saves less often overrides it."""
        TableScene.autosave(self)

    def keep_save(self, timeout: float = 5.0) -> bool:
        """Save and quit: the game as it is now goes to its file (waited for), and its writer retires.
        True when the file is on disk; False (nothing retired) when the write failed or took too long."""
        self.save_now()
        writer = self.saver
        if not writer.flush(timeout) or writer.failing:
            return False  # not on disk: the game stays open (the writer says why)
        self.save_closed = True
        self.app.retire_autosaver(self.save_path)
        return True

    def drop_save(self) -> None:
        """The game is over or abandoned: its file is deleted (after any write still pending), for good."""
        writer = self.saver
        writer.clear()
        writer.flush(1.0)
        self.save_closed = True
        self.app.retire_autosaver(self.save_path)

    # Bots -----------------------------------------------------------------------------------
    def bot_due(self) -> int | None:
        if self._replay is not None:
            return None      # the table shows the past: the game waits
        if self.finished or self.paused or self.state.is_over() or self.timeline.blocking:
            return None  # people watch the last move land before the next one starts
        current = self.state.current_player
        return current if current is not None and self.is_bot(current) else None

    def bot_pause(self) -> float:
        """How long a bot's action waits after the last animation ended: Settings' bot speed (tests set
        ``app.bot_delay``)."""
        delay = getattr(self.app, "bot_delay", None)
        if delay is None:
            delay = BOT_PAUSE.get(self.app.settings.bot_speed, BOT_PAUSE["normal"])
        return float(delay)

    def bot_paused(self) -> bool:
        """True while the table is still in the pause after the last animation (or it is still moving)."""
        still = self._still_since
        return still is None or self.app.clock.now() - still < self.bot_pause()

    def _bot_seed(self, seat: int) -> int:
        return self.session.bot_seed_for(seat)  # never from the game's seed: it would tell the future

    def update_bots(self) -> None:
        seat = self.bot_due()
        if seat is None:
            return
        if self.bot_ready is not None:
            if self.bot_paused():
                return
            action, self.bot_ready = self.bot_ready, None
            try:
                self.session.apply(action)
            except IllegalAction as exc:  # a bot bug must not stop the game: log, replay randomly
                log.error("bot played an illegal action %r: %s", action, exc)
                self._fallback(seat)
                return
            self.after_action(action)
            return
        if self.bot_ticket is None and self.coach is not None and not self.coach.done:
            scripted = self.coach.bot_action(self.state)   # a lesson's replies are its script's
            if scripted is None:
                return                     # the lesson is talking: the bots wait for its script
            self.bot_started, self.bot_ready = self.app.clock.now(), scripted
            return
        if self.bot_ticket is None:
            self.bot_started = self.app.clock.now()
            self._moved_this_frame = True      # a bot's turn starts: this frame's pictures may wait (``kept``)
            level = self.session.seats[seat].level or "easy"
            view = self.state.view(seat)
            if getattr(self.app, "inline_bots", False):
                started = time.thread_time()
                package = self.entry.package
                if self.app.clock.deterministic:  # tests: a fixed search, the same on any machine
                    bot = package.bot(level, seat, self._bot_seed(seat), playouts=TEST_PLAYOUTS)
                else:
                    bot = package.bot(level, seat, self._bot_seed(seat))
                    bot.set_time_budget(THINK_SECONDS)
                self.bot_ready = bot.choose(view)
                # what the worker process would have thought: not this frame's drawing (the bench's frame CPU)
                spent = time.thread_time() - started
                self.app.inline_bot_seconds = getattr(self.app, "inline_bot_seconds", 0.0) + spent
                return
            self.bot_ticket = self.app.worker.request(
                self.entry.ref, seat, level, self._bot_seed(seat), view.to_json(), THINK_SECONDS)
            return
        answer = self.app.worker.poll()
        if answer is None:
            return
        ticket, payload = answer
        if ticket != self.bot_ticket:
            return
        self.bot_ticket = None
        try:
            self.bot_ready = self.session.rules.action_from_json(payload)
        except (ValueError, TypeError, KeyError):
            log.error("bot worker answered %r", payload)
            self._fallback(seat)

    def _fallback(self, seat: int) -> None:
        from game.core.bots import RandomBot
        self.bot_ready = RandomBot(seat, self._bot_seed(seat)).choose(self.state.view(seat))
        self.bot_started = self.app.clock.now()

    def thinking(self) -> int | None:
        """The bot seat whose search runs now (the scene shows it), else None: a bot that waits for the pace, or
        whose answer is in, is not thinking."""
        seat = self.bot_due()
        return seat if seat is not None and self.bot_ticket is not None and self.bot_ready is None else None

    def seat_name(self, seat: int) -> str:
        """A seat's name as the table shows it: a lesson's seats in the language shown now (their names are
        catalog keys), everyone else as typed, cut to fit."""
        from game.i18n import shown_name
        coach = self.coach
        if coach is not None and seat < len(coach.tutorial.seats):
            key = coach.tutorial.seats[seat][0]
            if ".coach." in key or key.startswith("coach."):
                return shown_name(tr(key))
        return shown_name(self.session.seats[seat].name)

    def seat_colour(self, seat: int) -> int:
        """The palette colour a seat is shown in at this table (its chip, its log lines, the recap, the results):
        the one its player chose at setup. A game whose pieces give the seats their colours says so here."""
        seats = self.session.seats
        return seats[seat].colour if 0 <= seat < len(seats) else 0

    def shown_seats(self) -> list:
        """The seats with the names the table shows (for the results)."""
        import dataclasses
        return [dataclasses.replace(s, name=self.seat_name(i)) for i, s in enumerate(self.session.seats)]

    def bot_status(self, seat: int) -> str:
        """What the table says while a bot seat is on turn: it thinks, or (in a lesson) it waits for Watch."""
        name = self.seat_name(seat)
        coach = self.coach
        if coach is not None and coach.step is not None and coach.step.bot is not None and not coach.released \
                and not coach.explaining:
            return tr("coach.bot_waits", name=name)
        return tr("table.thinking" if self.thinking() == seat else "table.bot_turn", name=name)

    # End ------------------------------------------------------------------------------------
    def game_over(self) -> None:
        if self.finished:
            return
        self.finished = True
        if self.coach is not None:
            self.end_tutorial()
        else:
            self.drop_save()  # ordered after any pending write: a finished game is not resumable
        if self.coach is not None and not self.coach.done:
            self.app.play("fanfare")
            return            # the coach's last words first: its Next shows the results
        self.app.play("fanfare")
        self.show_results()

    def show_results(self) -> None:
        from game.scenes.results import ResultsScene
        if self.coach is not None:        # after a lesson: a real game of it, from its setup (not the lesson again)
            self.app.stack.push(ResultsScene(self.app, self.entry, self.shown_seats(), self.shown_result(),
                                             rematch=self.play_for_real, rematch_label="results.play_for_real",
                                             picture=self.final_picture()))
            return
        self.app.stack.push(ResultsScene(self.app, self.entry, self.shown_seats(), self.shown_result(),
                                         rematch=self.rematch, picture=self.final_picture(),
                                         game_number=self.session.seed))

    def ending_shown(self) -> str | None:
        """The ending of a hand, round or game on screen now, waiting for its click ("sunset", "victory" ...), or
        None. Each game that shows one says so (``tests/app/test_endings.py``)."""
        return None

    def ending_button(self) -> pygame.Rect | None:
        """Where the click that moves on from the ending on screen goes (None: none is up)."""
        return None

    def final_picture(self) -> tuple[pygame.Surface, Text] | None:
        """The table at the end, for the results of a game without points (a game draws its board for it), with
        its caption; None: the results have the points to show instead."""
        return None

    def play_for_real(self) -> None:
        """From a lesson's results: the game's setup, to start a real game (the menu under it)."""
        from game.scenes.menu import MenuScene
        from game.scenes.setup import SetupScene
        self.app.stack.pop_to(MenuScene)
        self.app.stack.push(SetupScene(self.app, self.entry))

    def shown_result(self) -> Result:
        """The result the results scene shows; a game may add what only its table knows."""
        return self.state.result()

    def rematch(self) -> None:
        """The same table again with a new deal; the first seat moves one place on."""
        from game.scenes.menu import MenuScene
        from game.scenes.setup import make_table_scene
        seats = self.session.seats[1:] + self.session.seats[:1]
        seed = self.app.random_bits() & 0x7FFFFFFF  # a new deal nobody can work out from this one
        scene = make_table_scene(self.app, self.entry, seats, dict(self.session.options), seed)
        self.app.stack.pop_to(MenuScene)
        self.app.stack.push(scene)

    # Scene ----------------------------------------------------------------------------------
    def back(self) -> None:
        """Escape: an open chooser closes (when it may be cancelled), else a replay stops, else an explanation
        opened with F1 closes, else a piece picked up is put down (``cancel_pick``), else the recap closes, else the
        pause menu opens. An explanation shown only because the pointer rests goes with whatever Escape does: it
        is up most of the time, and a first Escape that only closed it looked like Escape did nothing."""
        if self.chooser is not None and self.chooser.cancel:
            self.close_chooser()
            return
        if self._replay is not None:
            self.end_replay()
            return
        if self._explain_pinned is not None:
            self._explain_pinned, self._explain_hover, self._explain_due = None, None, False
            self.mark_dirty()
            return
        if self._explain_hover is not None:
            self._explain_hover, self._explain_due = None, False
            self.mark_dirty()
        if self.cancel_pick():
            self.mark_dirty()
            return
        if self.recap.visible:
            self.close_recap()
            return
        self.pause()

    def cancel_pick(self) -> bool:
        """Escape with a piece picked up (selected or carried): it is put down, and the pause waits for the next
        Escape. True when something was held. Games with more to put down (a mode, a choice) add theirs."""
        drag = getattr(self, "drag", None)
        if drag is None or (drag.selected is None and drag.dragging is None):
            return False
        drag.cancel()
        return True

    def pause(self) -> None:
        from game.scenes.pause import PauseScene
        if not isinstance(self.app.stack.top, PauseScene) and not self.finished:
            self.app.stack.push(PauseScene(self.app, self))

    def on_focus_lost(self) -> None:
        if self.app.stack.top is self:
            self.pause()

    def enter(self) -> None:
        from game.i18n import set_seat_names
        set_seat_names([self.seat_name(i) for i in range(len(self.session.seats))])  # log lines name the players
        super().enter()
        self.paused = False
        if self._over_on_arrival and not self.finished:
            self._over_on_arrival = False
            self.game_over()  # its file is deleted, its results shown

    def leave(self) -> None:
        self.paused = True

    def update(self, dt: float) -> None:
        if self.coach is not None:
            self.coach.update(dt)
            if self.coach.rings():
                self.mark_dirty()  # the ring pulses
        if self.timeline.active:
            self.mark_dirty()  # the frame the last clip ends in is drawn too
        if self._picture_due:  # a kept picture or the log's new lines waited last frame: this one draws them
            self._picture_due = False
            self.mark_dirty()
        hover = self._explain_hover
        if hover is not None and not self._explain_due and self.app.clock.now() - hover[1] >= EXPLAIN_AFTER:
            self._explain_due = True
            self.mark_dirty()      # the pointer has rested: what it rests on is explained
        self.timeline.update(dt)
        self.sync_events()
        if self.timeline.blocking:
            self._still_since = None
        elif self._still_since is None:
            self._still_since = self.app.clock.now()   # the last animation ended: the pace counts from now
        if self._replay is not None:
            self._update_replay()
            return
        self.update_bots()
        self._offer_recap()                            # (a bot's move may just have given the turn to a human)

    def is_animating(self) -> bool:
        """Frames keep coming (``App.tick`` does not idle) while something moves: a bot is due, a clip runs,
        the pointer rests and its explanation is not up yet, the lesson's ring pulses, a replay runs, a kept
        picture or the log's new lines waited a frame (``kept``): they are drawn without waiting for the mouse."""
        return (self.bot_due() is not None or self.timeline.active or self._replay is not None or self._picture_due
                or (self._explain_hover is not None and not self._explain_due)
                or (self.coach is not None and self.coach.rings()))

    def handle(self, event: pygame.event.Event) -> None:
        if self.privacy_for is not None:
            self.privacy.handle(event)
            self.mark_dirty()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()  # Ctrl+Z: take back the last action of this turn, where the rules allow it
            return
        if event.type == pygame.MOUSEBUTTONDOWN and self.timeline.blocking:
            self.timeline.skip(lingering=False)  # impatient: what is moving lands now (the click goes on)
            self.mark_dirty()
        if self._replay is not None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.end_replay()              # enough: back to the game as it is
            return                             # the past is watched, not played
        if self.recap.visible and self.recap.handle(event):
            self.mark_dirty()
            return
        if self.coach is not None and self.coach.handle(event):
            self.mark_dirty()
            return
        if self._handle_explain(event):
            return
        if self._handle_chooser(event):
            return
        self.handle_table(event)

    def handle_table(self, event: pygame.event.Event) -> None:
        """The game's own input (only called while the table is visible)."""

    # Kept pictures ----------------------------------------------------------------------------
    def kept(self, name: str, look: Any, surface: pygame.Surface, paint: Any, area: pygame.Rect | None = None,
             alpha: bool = False, view: Any = None) -> None:
        """Draw onto ``surface`` what ``paint(layer)`` draws (in window coordinates), painting it again only when
        ``look`` -- everything that picture depends on -- changes: the table's frame budget. The picture is kept
        under ``name`` with the explanations ``paint`` gave, and they are given again every frame it is reused.
        ``area``: only that part of it is laid on ``surface``; ``alpha``: it is laid over what ``surface`` already
        has (its unpainted pixels are clear). ``look`` None (something in it moves, or is held): painted straight
        onto ``surface``, every frame, and nothing is kept.

        ``view``: the part of ``look`` that must never be shown late -- the viewer, the window's size, the
        language. A picture given a ``view`` may be shown a frame late while its view stays the same, so that the
        frame of a move does not paint every picture at once (``_repaints``): what that viewer saw a frame ago
        stays up one more frame, then the next picture is painted; none waits more than ``MAX_LATE`` frames.

        ``paint`` may be a list of steps, each painting over what the ones before it painted (the first covers
        the picture): such a picture is painted on a layer of its own, one step a frame while it may wait (each
        step takes one of the frame's ``_repaints``), and shown once its last step is done -- until then the
        picture before it stays up, as one shown late."""
        pictures: dict[str, tuple[Any, pygame.Surface, list, Any]] = self.__dict__.setdefault("_kept", {})
        late: dict[str, int] = self.__dict__.setdefault("_kept_late", {})
        work: dict[str, list] = self.__dict__.setdefault("_kept_work", {})
        steps = list(paint) if isinstance(paint, (list, tuple)) else [paint]
        if look is None:
            pictures.pop(name, None)
            work.pop(name, None)
            for step in steps:
                step(surface)
            return
        size = surface.get_size()

        def new_layer() -> pygame.Surface:
            return pygame.Surface(size, pygame.SRCALPHA) if alpha else pygame.Surface(size)
        kept = pictures.get(name)
        if kept is None or kept[0] != look or kept[1].get_size() != size:
            may_wait = kept is not None and view is not None and kept[3] == view and kept[1].get_size() == size
            w = work.get(name)
            if w is None or w[0] != look or w[1] != view or w[2].get_size() != size:
                if len(steps) == 1 and kept is not None and kept[1].get_size() == size:
                    layer = kept[1]            # one step: painted over the picture it replaces, in one frame
                elif w is not None and w[2].get_size() == size:
                    layer = w[2]
                else:
                    layer = new_layer()
                w = work[name] = [look, view, layer, [], 0]
            while w[4] < len(steps):
                if may_wait and self._repaints <= 0 and late.get(name, 0) < MAX_LATE:
                    break                      # this frame has painted enough: the rest waits, the same viewer's
                self._repaints -= 1
                if w[4] == 0 and alpha:
                    w[2].fill((0, 0, 0, 0))
                mark = len(self.explained)
                steps[w[4]](w[2])
                w[3].extend(self.explained[mark:])
                del self.explained[mark:]
                w[4] += 1
            if w[4] == len(steps):
                del work[name]
                pictures[name] = (look, w[2], w[3], view)
                late.pop(name, None)
                if len(steps) > 1 and kept is not None and kept[1] is not w[2] and kept[1].get_size() == size:
                    work[name] = [None, None, kept[1], [], 0]    # the next picture is painted on this one
                elif len(steps) > 1 and kept is None:
                    # ... and the first picture's frame makes the layer the next one is painted on: a window-sized
                    # surface takes milliseconds to make (its memory is touched page by page), which the frame that
                    # paints every picture can spare, and the frame of the first move cannot
                    work[name] = [None, None, new_layer(), [], 0]
            else:
                late[name] = late.get(name, 0) + 1
                self._picture_due = True
            kept = pictures[name]
        if area is None:
            surface.blit(kept[1], (0, 0))
        else:
            surface.blit(kept[1], area, area=area)
        self.explained.extend(kept[2])

    def view_key(self, surface: pygame.Surface, viewer: int | None) -> tuple:
        """What a kept picture may never be shown late across (``kept``'s ``view``): the viewer, the window's size,
        the scale, the language."""
        from game.i18n import language
        from game.ui import theme
        return (viewer, surface.get_size(), theme.px(100), language())

    def forget_kept(self, name: str | None = None) -> None:
        """The kept picture ``name`` (every one, when None) is painted again at the next frame."""
        for store in (self.__dict__.get("_kept", {}), self.__dict__.get("_kept_work", {})):
            if name is None:
                store.clear()
            else:
                store.pop(name, None)

    # Explanations -----------------------------------------------------------------------------
    def explain(self, rect: Any, text: Text, kind: str) -> None:
        """Name what was just drawn at ``rect``: ``text`` says what it is and does, ``kind`` which kind of thing
        it is (a test checks every kind a scene draws has its explanation in both catalogs)."""
        # a Rect subclass (a board square's diamond hit test) is kept as given; anything else is copied
        shape = rect if isinstance(rect, pygame.Rect) and type(rect) is not pygame.Rect else pygame.Rect(rect)
        self.explained.append((shape, text, kind))

    def explanation_at(self, pos: tuple[int, int]) -> tuple[pygame.Rect, Text, str] | None:
        """What is drawn on top at ``pos``, with its explanation (None: nothing explained there). On a lesson's
        panel, only the panel's own buttons (what the panel covers is not what the pointer rests on)."""
        coach = self.coach
        if coach is not None and coach.step is not None and coach.rect.collidepoint(pos):
            return next((item for item in coach.explained if item[0].collidepoint(pos)), None)
        return next((item for item in reversed(self.explained) if item[0].collidepoint(pos)), None)

    def focus_point(self) -> tuple[int, int] | None:
        """Where the keyboard's focus is (F1 explains what is there): the drag controller's focused target or
        picked piece; a game with other focus overrides it."""
        drag = self.drag
        if drag is not None:
            for thing in (drag.focused_target, drag.selected):
                if thing is not None:
                    return thing.rect.center
        return None

    def forget_explanations(self) -> None:
        """No explanation stays up: the table is being covered, or the viewer changes."""
        self._explain_pinned, self._explain_hover, self._explain_due = None, None, False
        self.explained = []

    def _explaining(self) -> tuple[pygame.Rect, Text, str] | None:
        if self._explain_pinned is not None:
            return self._explain_pinned
        if self._explain_hover is None:
            return None
        if self.drag is not None and self.drag.dragging is not None:
            return None                            # a held piece: the tip would cover the targets it is carried to
        pos, since = self._explain_hover
        if self.app.clock.now() - since < EXPLAIN_AFTER:
            return None
        return self.explanation_at(pos)

    def _handle_explain(self, event: pygame.event.Event) -> bool:
        """The pointer resting, or F1: True when the event was F1 (it is the table's)."""
        if event.type == pygame.MOUSEMOTION:
            if self._explain_pinned is not None or self._explaining() is not None:
                self.mark_dirty()                  # the explanation goes with the pointer
            self._explain_hover, self._explain_pinned, self._explain_due = (event.pos, self.app.clock.now()), None, False
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            self._explain_hover, self._explain_pinned = None, None     # until the pointer moves on
        elif event.type == pygame.KEYDOWN and (event.key == pygame.K_F1 or getattr(event, "unicode", "") == "?"):
            pos = self.focus_point() or (self._explain_hover[0] if self._explain_hover else None)
            item = self.explanation_at(pos) if pos is not None else None
            self._explain_pinned = None if item is None or self._explain_pinned == item else item
            if item is None:
                self.app.toast(tr("table.explain.how"))
            self.mark_dirty()
            return True
        return False

    def _draw_explanation(self, surface: pygame.Surface) -> None:
        item = self._explaining()
        if item is None:
            return
        from game.ui import palette
        from game.ui.widgets import bubble_rect, draw_bubble
        rect, text, _kind = item
        pos = self._explain_hover[0] if self._explain_pinned is None and self._explain_hover else rect.midbottom
        at, anchor = (pos[0] + 14, pos[1] + 18), "topleft"
        avoid = self.explanation_avoids()
        if avoid:  # below right of the pointer, else the first other corner that covers none of them
            for place in (((pos[0] + 14, pos[1] + 18), "topleft"), ((pos[0] + 14, pos[1] - 8), "bottomleft"),
                          ((pos[0] - 8, pos[1] + 18), "topright"), ((pos[0] - 8, pos[1] - 8), "bottomright")):
                drawn = bubble_rect(surface.get_rect(), tr(text), place[0], stripe=palette.GOLD, anchor=place[1])
                if drawn.collidelist(avoid) < 0:
                    at, anchor = place
                    break
        draw_bubble(surface, tr(text), at, stripe=palette.GOLD, anchor=anchor)

    def explanation_avoids(self) -> list[pygame.Rect]:
        """Rects an explanation bubble must not cover (a game's action buttons); none by default."""
        return []

    def viewer_events(self) -> list:
        """The events as the seat on screen may know them (``Event.seen_by``), worked out again only when the
        events or the viewer change."""
        events, viewer = self.state.events, self.viewer()
        key = (id(self.state), len(events), events[-1] if events else None, viewer)
        if getattr(self, "_seen_key", None) != key:
            self._seen_key, self._seen_cache = key, [e.seen_by(viewer) for e in events]
        return self._seen_cache

    def last_moves(self) -> dict[int, list]:
        """Each seat's last move as the viewer may know it: seat -> its (index, event) pairs, from the turn in which
        it last did something (``game.core.events.last_moves``). It stays marked until that seat moves again."""
        from game.core.events import last_moves
        events = self.viewer_events()
        key = (id(events), len(events))
        if getattr(self, "_moves_key", None) != key:
            self._moves_key = key
            self._moves_cache = {seat: [(i, events[i]) for i in range(t.start, t.end)]
                                 for seat, t in last_moves(events).items()}
        return self._moves_cache

    @staticmethod
    def moves_key(moves: dict[int, list]) -> tuple:
        """What ``last_moves()`` (or a copy of it held back) marks, as a value a kept picture's look can hold: each
        seat's first and last event index and count (a dict's ``id`` may be taken again by the next one)."""
        return tuple(sorted((seat, pairs[0][0], pairs[-1][0], len(pairs)) for seat, pairs in moves.items() if pairs))

    def log_held_from(self) -> int | None:
        """The index (in ``self.state.events``) of the first event whose log lines are held back now, while a
        game's reveal on screen has not shown what they tell yet; None: the whole log (the default)."""
        return None

    def log_lines(self, viewer: int | None) -> list:
        """The log as ``viewer`` may read it: the ``said`` events' lines (``game.core.events.log_of``) before
        ``log_held_from``, worked out again only when the events, the viewer or that cut change."""
        from game.core.events import log_of
        events = self.state.events
        held = self.log_held_from()
        key = (len(events), events[-1] if events else None, viewer, held)
        if getattr(self, "_log_key", None) != key:
            self._log_key, self._log_cache = key, log_of(events if held is None else events[:held], viewer)
        return self._log_cache

    def draw(self, surface: pygame.Surface) -> None:
        if self.privacy_for is not None:
            self.draw_privacy(surface)
            return
        viewer = self.viewer()
        if self._resynced:                                  # the table as the state is now: nothing waits
            self._repaints = 1 << 30
        else:
            self._repaints = 0 if self._moved_this_frame else 1
        self._moved_this_frame = self._resynced = False
        self._sync_log(viewer)
        self.explained = []                                 # what this frame draws names itself again
        self.draw_table(surface, viewer)
        for widget, key in ((self.logpanel, "table.explain.log"), (self.menu_button, "table.explain.menu"),
                            (self.undo_button, "table.explain.undo")):
            if getattr(widget, "visible", True) and widget.rect.w > 0 and widget.rect.h > 0:
                self.explained.insert(0, (pygame.Rect(widget.rect), Text.of(key), "button"))
        self._draw_recap(surface)
        if self.chooser is not None:
            self.chooser.draw(surface)
        if self.coach is not None:
            self.coach.draw(surface, self)      # the lesson's words stay readable over the table ...
        self._draw_explanation(surface)         # ... and what the player asked about over them

    def _sync_log(self, viewer: int | None) -> None:
        """The log panel reads the viewer's events. Its new lines may wait a frame while the same viewer sits
        (``kept``'s rule): another viewer's lines are never left up."""
        log = self.logpanel
        log.seat_colours = [self.seat_colour(s) for s in range(len(self.session.seats))]   # (chosen in play)
        if self._repaints <= 0 and viewer == log._viewer and log.entries and self._log_late < MAX_LATE:
            if self.log_lines(viewer)[-1:] != log.entries[-1:]:
                self._log_late += 1
                self._picture_due = True           # a frame late
            return
        version = log._version
        log.sync(self.log_lines(viewer), viewer)
        self._log_late = 0
        if log._version != version:
            self._repaints -= 1

    def toast_area(self, screen: pygame.Rect) -> pygame.Rect:
        """In a lesson, the toasts (a refusal's reason) stack just above the coach's panel, or below it when it
        sits at the top: never over its Next button."""
        from game.ui import theme
        coach = self.coach
        if coach is None or coach.step is None or coach.rect.h <= 0:
            return pygame.Rect(screen)
        width = max(coach.rect.w, min(screen.w, theme.px(560)))
        x = max(screen.x, min(coach.rect.centerx - width // 2, screen.right - width))
        if coach.rect.centery > screen.centery:
            return pygame.Rect(x, screen.y, width, coach.rect.top - screen.y + theme.px(16))
        return pygame.Rect(x, coach.rect.bottom, width, screen.bottom - coach.rect.bottom)

    def draw_privacy(self, surface: pygame.Surface) -> None:
        self.privacy.set_rect(surface.get_rect())
        self.privacy.draw(surface)

    def draw_table(self, surface: pygame.Surface, viewer: int | None) -> None:
        """Draw the table as ``viewer`` may see it (``self.state.view(viewer)``)."""
        raise NotImplementedError

    def turn_shown(self) -> int | None:
        """The seat whose turn the table names now: the seat on turn, except while a bot's last move of the turn
        before still plays out (its animations block), when it is that bot — a header never runs ahead of what
        the table shows (live, and in a recap's Replay)."""
        hold = self._turn_hold
        if hold is not None and self.is_bot(hold) and self.timeline.blocking and not self.state.is_over():
            return hold
        self._turn_hold = None
        return self.state.current_player

    def status_text(self) -> str:
        current = self.turn_shown()
        if current is None:
            return ""
        name = self.seat_name(current)
        if self.is_bot(current):
            return self.bot_status(current)
        return tr("table.your_turn", name=name)
