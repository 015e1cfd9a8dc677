"""The Spanish Main table (spec section 9): the row of nine ships across the middle, space 9 on the left and space 1
on the right, each with its flag, name, damage and fame; the active adventure large right of space 1 with its effect
in words (with ``imminent-adventures`` the upcoming ones beside it); the movement deck, its discard pile and the
market above; the adventure deck (the game's clock) and its discard pile on the right; each seat's secured fame and
revealed pirates; the private "Your pirates" panel with the player's own running score, the notes grid (or, with
``movement-hand``, the hand) and the log below.

Gestures (each has a click and a keyboard way):

- drag a movement card from the market (or the hand) onto a ship (Full Speed Ahead, Lost at Sea, Sabotage), onto the
  gap between two ships (Temporary Alliance, Caught in a Rip: the gap's two ships move), or anywhere on the row
  (the flag cards and Fog). Only legal targets light up; over one, the row shows its ghost: the ships where they
  would stand, glowing green where the active adventure would then give them fame and red where it would damage or
  cost them fame. Click a card, then a target: the same. Keyboard: 1-3 (1-4 with a hand) pick a card, Left / Right
  a target, Enter plays it, Escape puts it down;
- Repair (R), Accuse (A) and Pass (P) are buttons; Accuse opens a dialog of players and the captains' portraits
  (with a hand, then the card to discard), Pass offers the optional replace of one card (R30, V3.6);
- N opens and closes the notes (with a hand; without one they are always beside "Your pirates").

What happened comes from the viewer's events (``on_events``): ships slide (the ships passed slide one space the
other way), damaged ships flip, fame cards fly from the deck and the active card to the ships, from ship to ship
(loot), to the discard pile (lost) or to the accuser's pile; an accusation puts a spotlight on the accused, then
shows the captain or stamps "No!". The end of the game is held on a panel (every pirate revealed, each player's
ships and their fame added to the secured fame one by one, unowned ships, the tie-breaks when used) until See the
results.

Secrets: everything is drawn from ``self.game``, the view of the seat on screen (nobody's behind the privacy
screen); the notes are the viewer's facts and the viewer's own marks (``notes``).
"""
from __future__ import annotations

from typing import Any

import pygame

from game import games
from game.core.events import Event
from game.core.protocol import Action, Text
from game.core.session import GameSession
from game.games.spanish_main import sprites
from game.games.spanish_main.clips import CardFly, Flip, Glow, ShipSlide, Token, Verdict
from game.games.spanish_main.layout import Layout, make_layout
from game.games.spanish_main.notes import NotesGrid, clean_marks, facts
from game.games.spanish_main.rules import (DISCARD, PIRATES, PLAY, SHIPS, SPACES, UNKNOWN, Accuse, Discard,
                                           Pass, PlayCard, Repair, SpanishMainState, card_type, flag_of,
                                           pirate_of, ship_of, target_kind)
from game.i18n import tr
from game.scenes.drag_table import DragTable, still_scene
from game.scenes.table import TableScene
from game.ui import palette, theme
from game.ui.chooser import Chooser
from game.ui.clips import Banner, draw_banners
from game.ui.dragdrop import DragController, DropTarget
from game.ui.widgets import Button

#: every kind of thing the table draws and names (issue 15: what a player sees explains itself)
EXPLAINED_KINDS = ("ship", "fame", "space", "adventure", "upcoming", "deck", "pile", "market", "card", "hand",
                   "seat", "secured", "revealed", "pirate", "score", "notes", "prompt", "target", "last-move",
                   "button", "ending", "preview")

GREEN = (70, 200, 90)
RED = (220, 60, 50)


class CardToken:
    """A movement card the human may play: ``payload`` the card id, ``rect`` where it lies (market or hand)."""

    def __init__(self, card: str) -> None:
        self.payload = card
        self.rect = pygame.Rect(0, 0, 0, 0)


class EndPanel:
    """The end of the game, held over the table until See the results (issue 16; R52, R53, R54, R55, R56)."""

    def __init__(self, on_next: Any) -> None:
        self.visible = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.started = 0.0              # the app clock when it opened (the count goes on step by step)
        self.button = Button(Text.of("sm.ui.see_results"), on_next, min_width=200, height=44, size=18)

    def hide(self) -> None:
        self.visible = False


class SpanishMainScene(DragTable, TableScene):
    name = "table:spanish-main"
    EXPLAINED_KINDS = EXPLAINED_KINDS

    def __init__(self, app: Any, session: GameSession):
        super().__init__(app, games.get("spanish-main"), session)
        self.repair_button = Button(Text.of("sm.ui.repair"), self._repair, min_width=80, height=36, size=15)
        self.accuse_button = Button(Text.of("sm.ui.accuse"), self._open_accuse, min_width=80, height=36, size=15)
        self.pass_button = Button(Text.of("sm.ui.pass"), self._open_pass, min_width=80, height=36, size=15)
        self.notes_button = Button(Text.of("sm.ui.notes"), self._toggle_notes, min_width=80, height=36, size=15)
        for b in (self.undo_button, self.menu_button):
            b.min_width, b.height, b.size = 80, 36, 15
        self.lay: Layout = make_layout(pygame.Rect(0, 0, 1280, 720), self._upcoming_count(),
                                       hand=bool(getattr(session.state, "hand_mode", False)))
        self.drag = DragController(self._on_drop, tweener=self.timeline, keys=False, hint=self._hint,
                                   on_select=lambda _p: self.mark_dirty(), on_reject=self._on_reject)
        self._row_target = DropTarget(pygame.Rect(0, 0, 0, 0), data=("row", 0))
        self._ship_targets = [DropTarget(pygame.Rect(0, 0, 0, 0), data=("ship", s)) for s in range(1, SPACES + 1)]
        self._gap_targets = [DropTarget(pygame.Rect(0, 0, 0, 0), data=("gap", s)) for s in range(1, SPACES)]
        for t in [self._row_target, *self._ship_targets, *self._gap_targets]:
            t._accepts = lambda payload, t=t: self.drop_verdict(payload, t)
        self.drag.set_targets([self._row_target, *self._ship_targets, *self._gap_targets])
        self._tokens: dict[str, CardToken] = {}
        self._previews: dict[Action, dict] = {}
        self._preview_key: Any = None
        self._shown_row: list[str] = list(self.game.row)
        self._shown_adv: list[str] = list(self.game.adv_row)
        self._chooser_for: Any = None
        self.notes = NotesGrid(self)
        for seat in list(session.notes):                  # marks read from a save: only cells and marks we know
            session.notes[seat] = clean_marks(session.notes[seat])
        self.notes_open = False
        from game.games.spanish_main.piles import PileViewer
        self.piles = PileViewer(self)
        self.ending = EndPanel(self._ending_next)
        self._final_due = False
        self._results_shown = False
        self.resync_events()

    # ------------------------------------------------------------------------------------------
    # State helpers
    # ------------------------------------------------------------------------------------------
    @property
    def game(self) -> SpanishMainState:
        """The game as the seat on screen may see it (nobody's secrets behind the privacy screen)."""
        return self.viewed_state()

    def _upcoming_count(self) -> int:
        s = self.session.state
        return max(0, s.players - 1) if getattr(s, "imminent", False) else 0   # type: ignore[attr-defined]

    def private_score(self, seat: int) -> int:
        """The seat's running score as it knows it: secured fame plus the fame of its ships (section 9: shown to
        that seat only)."""
        g = self.game
        return g.secured[seat] + g.secured_owed[seat] + sum(g.fame_of(s) for s in g.owned_ships(seat))

    def owner_shown(self, ship: str) -> int | None:
        """The seat shown as the ship's owner: only once its pirate is revealed (R25, R43, R52)."""
        g = self.game
        pirate = pirate_of(ship)
        if pirate not in g.revealed and not g.over:
            return None
        return g.owner_of(pirate)

    # ------------------------------------------------------------------------------------------
    # Layout
    # ------------------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        f = theme.font("bold", 15)
        words = max(f.size(tr(b.text))[0] for b in self._buttons()) + theme.px(14)
        self.lay = lay = make_layout(rect, self._upcoming_count(), words, self.game.hand_mode)
        self.logpanel.layout(lay.log)
        self.logpanel.expandable = True             # its header's button grows it up to the top band: a whole round
        top = min(lay.log.top, lay.seats.bottom + theme.px(10))
        self.logpanel.expand_to = pygame.Rect(lay.log.x, top, lay.log.w, lay.log.bottom - top)
        cols = lay.button_cols
        rows = 6 // cols
        gap = theme.px(5)
        bw = (lay.buttons.w - (cols - 1) * gap) // cols
        bh = (lay.buttons.h - (rows - 1) * gap) // rows
        for i, b in enumerate(self._buttons()):
            b.layout(pygame.Rect(lay.buttons.x + (i % cols) * (bw + gap), lay.buttons.y + (i // cols) * (bh + gap),
                                 bw, bh))
        self._row_target.rect.update(lay.row)
        for t in self._ship_targets:
            t.rect.update(lay.ship_rect(t.data[1]))
        for t in self._gap_targets:
            t.rect.update(lay.gaps[t.data[1] - 1])
        self.notes.layout(self._notes_rect())
        if self.chooser is not None:
            self.chooser.layout(self.lay.rect.center, self._popup_width())
        self._layout_ending()
        self.mark_dirty()

    def _notes_rect(self) -> pygame.Rect:
        if self.game.hand_mode:                    # the hand has the middle: the notes open over the row
            r = pygame.Rect(0, 0, min(self.lay.rect.w - theme.px(40), theme.px(620)), theme.px(250))
            r.center = self.lay.row.center
            return r
        return pygame.Rect(self.lay.middle)

    def _popup_width(self) -> int:
        return min(self.lay.rect.w - theme.px(60), theme.px(640))

    # ------------------------------------------------------------------------------------------
    # The header
    # ------------------------------------------------------------------------------------------
    def header_lines(self) -> tuple[str, str]:
        """(whose turn; what to do now)."""
        g = self.game
        if self.ending.visible or g.is_over():
            return tr("sm.ui.game_over"), ""
        seat = self.turn_shown()
        if seat is None:
            return "", ""
        if g.phase == DISCARD:
            title = tr("sm.ui.discard_turn", name=self.seat_name(seat))
        else:
            title = tr("sm.ui.turn", name=self.seat_name(seat))
        if self.is_bot(seat):
            return title, self.bot_status(seat) if self.thinking() == seat else ""
        if self.my_turn() is None:
            return title, ""
        return title, tr(self.prompt())

    def prompt(self) -> Text:
        g = self.game
        if g.phase == DISCARD:
            return Text.of("sm.ui.prompt.discard", name=self.seat_name(g.accuser),
                           captain=Text.of(f"sm.captain.{g.named}"))
        held = self.drag.holding
        if held is not None:
            kind = target_kind(self.drag.payload_of(held))
            return Text.of(f"sm.ui.prompt.held_{kind}")
        return Text.of("sm.ui.prompt.hand" if g.hand_mode else "sm.ui.prompt.play")

    def status_text(self) -> str:
        return self.header_lines()[0]

    # ------------------------------------------------------------------------------------------
    # Buttons and choosers
    # ------------------------------------------------------------------------------------------
    def _refresh_buttons(self) -> None:
        seat = self.my_turn()
        g = self.game
        playing = seat is not None and g.phase == PLAY and not self.ending.visible
        legal = self.legal() if playing else []
        self.repair_button.enabled = playing and any(isinstance(a, Repair) for a in legal)
        self.accuse_button.enabled = playing and any(isinstance(a, Accuse) for a in legal)
        self.pass_button.enabled = playing and any(isinstance(a, Pass) for a in legal)
        self.notes_button.enabled = self.viewer() is not None
        self.undo_button.enabled = self.can_undo() and not self.ending.visible

    def _buttons(self) -> tuple[Button, ...]:
        return (self.repair_button, self.accuse_button, self.pass_button, self.notes_button, self.undo_button,
                self.menu_button)

    def _repair(self) -> None:
        seat = self.my_turn()
        if seat is None:
            return
        self.drag.cancel()
        self.play(Repair(seat))

    def _refuse(self, action: Action) -> None:
        self.app.toast(tr(self.state.check(action) or Text.of("table.wait")))
        self.app.play("error")

    def _open_pass(self) -> None:
        """Pass, or pass and replace one market (hand) card (R30, V3.6)."""
        seat = self.my_turn()
        if seat is None or self.game.phase != PLAY:
            return
        self.drag.cancel()
        buttons = [Button(Text.of("sm.ui.just_pass"), lambda: self._choose(Pass(seat)), min_width=150, height=42,
                          size=16)]
        g = self.game
        cards = sorted(set(g.hands[seat])) if g.hand_mode else list(g.market)
        for card in cards:
            a = Pass(seat, card)
            buttons.append(Button(Text.of("sm.ui.replace", card=Text.of(f"sm.card.{card_type(card)}")),
                                  lambda a=a: self._choose(a), min_width=150, height=42, size=16,
                                  icon=sprites.movement_card(card, theme.px(34))))
        self._chooser_for = ("pass",)
        self.open_chooser(Chooser(Text.of("sm.ui.prompt.pass"), buttons), self.lay.rect.center, self._popup_width())

    def _open_accuse(self) -> None:
        """Accuse (R22): a player, then one of the unrevealed captains (with a hand, then the card to discard)."""
        seat = self.my_turn()
        if seat is None or self.game.phase != PLAY:
            return
        self.drag.cancel()
        if not any(isinstance(a, Accuse) for a in self.legal()):
            self._refuse(Accuse(seat, (seat + 1) % self.game.players, PIRATES[0]))
            return
        from game.games.spanish_main.accuse import AccuseDialog
        self.recap.hide()
        self.accuse = AccuseDialog(self, seat)
        self.accuse.layout(self.lay.rect)
        self.mark_dirty()

    accuse: Any = None

    def close_accuse(self) -> None:
        self.accuse = None
        self.mark_dirty()

    def _toggle_notes(self) -> None:
        """The Notes button (or N): with a hand the grid opens over the row; the keys go to the grid (arrows, Space)
        until N or Escape."""
        if self.viewer() is None:
            return
        if self.game.hand_mode:
            self.notes_open = not self.notes_open
            self.notes.cursor = (0, 0) if self.notes_open else None
        else:
            self.notes.cursor = None if self.notes.cursor is not None else (0, 0)
        self.drag.cancel()
        self.mark_dirty()

    def _open_choices(self) -> None:
        """The accused's discard (V3.3): a chooser of the hand's cards, once the accusation has been shown."""
        seat = self.my_turn()
        g = self.game
        key = (seat, g.phase, len(self.state.events)) if seat is not None else None
        if key is None or g.phase != DISCARD or self.timeline.blocking or self.ending.visible:
            if self.chooser is not None and self._chooser_for is not None and self._chooser_for[0] == "discard" \
                    and key != self._chooser_for[1]:
                self.close_chooser()
                self._chooser_for = None
            return
        if self.chooser is not None and self._chooser_for == ("discard", key):
            return
        buttons = [Button(Text.of(f"sm.card.{card_type(a.card)}"), lambda a=a: self._choose(a), min_width=150,
                          height=42, size=16, icon=sprites.movement_card(a.card, theme.px(34)))
                   for a in self.legal() if isinstance(a, Discard)]
        self._chooser_for = ("discard", key)
        self.open_chooser(Chooser(self.prompt(), buttons, cancel=False), self.lay.rect.center, self._popup_width())

    # ------------------------------------------------------------------------------------------
    # Drag and drop: what a gesture means (the table's contract)
    # ------------------------------------------------------------------------------------------
    def drop_actions(self, payload: Any, target: Any) -> list[Action]:
        """A movement card dropped on a ship (R9, R10, R16), on the gap between two ships (R11, R12: the ship in
        front names the pair) or anywhere on the row (R13, R14, R20)."""
        seat = self.my_turn()
        data = getattr(target, "data", None)
        if seat is None or not isinstance(payload, str) or not isinstance(data, tuple):
            return []
        g = self.game
        kind = target_kind(payload)
        where, space = data
        if kind == "none":
            return [PlayCard(seat, payload, "")]
        if where == "ship" and kind == "ship":
            return [PlayCard(seat, payload, g.ship_at(space))]
        if where == "gap" and kind == "pair":
            return [PlayCard(seat, payload, g.ship_at(space))]
        return []

    def no_drop_reason(self, payload: Any, target: Any) -> Text:
        kind = target_kind(payload) if isinstance(payload, str) else "ship"
        return Text.of(f"sm.reason.drop_{kind}")

    def _card_rects(self) -> dict[str, pygame.Rect]:
        """Where the viewer's playable cards lie: the market's slots, or the hand's."""
        g = self.game
        seat = self.viewer()
        if g.hand_mode:
            if seat is None:
                return {}
            hand = g.hands[seat]
            return {c: r for c, r in zip(hand, self.lay.hand_slots(len(hand))) if c != UNKNOWN}
        return {c: r for c, r in zip(g.market, self.lay.market)}

    def _sync_drag(self) -> None:
        seat = self.my_turn()
        g = self.game
        tokens: list[CardToken] = []
        if seat is not None and g.phase == PLAY and not self.ending.visible and self.accuse is None:
            rects = self._card_rects()
            self._tokens = {c: self._tokens.get(c) or CardToken(c) for c in rects}
            for c, tok in self._tokens.items():
                if tok is not self.drag.dragging:
                    tok.rect = pygame.Rect(rects[c])
            tokens = list(self._tokens.values())
        if self.drag.draggables != tokens:
            self.drag.set_draggables(tokens)
        if self.drag.selected is not None and self.drag.selected not in tokens:
            self.drag.cancel()
        held = self.drag.holding
        kind = target_kind(self.drag.payload_of(held)) if held is not None else ""
        self._row_target.visible = kind == "none"
        for t in self._ship_targets:
            t.visible = kind in ("ship", "")
        for t in self._gap_targets:
            t.visible = kind == "pair"
        self.drag.refresh()

    def preview(self, action: Action | None) -> dict:
        """The engine's preview of ``action`` on the viewer's view (section 9's ghost row and highlights); None:
        a plain pass, the active adventure's effect on the row as it is."""
        key = (id(self.state), len(self.state.events), self.viewer())
        if key != self._preview_key:
            self._preview_key, self._previews = key, {}
        g = self.game
        if action is None:
            seat = g.current
            action = Pass(seat)
        if action not in self._previews:
            self._previews[action] = g.preview(action) if g.phase == PLAY else {}
        return self._previews[action]

    def target_says(self, action: Action) -> Text:
        """What a lit target would do, in words: the card on its ship(s), then the adventure's effect."""
        p = self.preview(action)
        assert isinstance(action, PlayCard)
        name = Text.of(f"sm.card.{card_type(action.card)}")
        if p.get("fog"):
            return Text.of("sm.ui.hint_fog", card=name)
        gains = ", ".join(f"{tr(f'sm.ship.{s}')} +{n}" for s, n in p.get("gain", {}).items())
        hurts = ", ".join(tr(f"sm.ship.{s}") for s in p.get("hurt", {}))
        if gains and hurts:
            return Text.of("sm.ui.hint_both", card=name, gains=gains, hurts=hurts)
        if gains:
            return Text.of("sm.ui.hint_gains", card=name, gains=gains)
        if hurts:
            return Text.of("sm.ui.hint_hurts", card=name, hurts=hurts)
        return Text.of("sm.ui.hint_plain", card=name)

    # ------------------------------------------------------------------------------------------
    # Input
    # ------------------------------------------------------------------------------------------
    def handle_table(self, event: pygame.event.Event) -> None:
        if self._handle_ending(event, self._ending_next):
            return
        if self.accuse is not None:
            self.accuse.handle(event)
            self.mark_dirty()
            return
        log = self.logpanel
        if log.expanded and (log.handle(event) or hasattr(event, "pos") and log.frame.collidepoint(event.pos)):
            self.mark_dirty()                       # the grown log is over the table: what it covers waits
            return
        if self.piles.visible and (event.type == pygame.MOUSEBUTTONDOWN or event.type == pygame.KEYDOWN and
                                   event.key in (pygame.K_d, pygame.K_f)):
            if event.type == pygame.KEYDOWN:
                self.piles.open("movement" if event.key == pygame.K_d else "adventure")
            else:
                self.piles.close()
            self.mark_dirty()
            return
        self._refresh_buttons()
        for b in self._buttons():
            if b.handle(event):
                self.mark_dirty()
                return
        if self.logpanel.handle(event):
            self.mark_dirty()
            return
        if (self.notes_open or not self.game.hand_mode) and self.viewer() is not None and self.notes.handle(event):
            self.mark_dirty()
            return
        if event.type == pygame.KEYDOWN and self._handle_key(event):
            self.mark_dirty()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and self.drag.holding is None:
            for rect, kind in ((self.lay.mv_discard, "movement"), (self.lay.adv_discard, "adventure")):
                if rect.collidepoint(event.pos):
                    self.piles.open(kind)
                    self.mark_dirty()
                    return
        self._handle_drag_event(event, resync=True)

    def _handle_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if event.mod & pygame.KMOD_CTRL:
            return False
        shortcuts = {pygame.K_r: self._repair, pygame.K_a: self._open_accuse, pygame.K_p: self._open_pass,
                     pygame.K_n: self._toggle_notes, pygame.K_d: lambda: self.piles.open("movement"),
                     pygame.K_f: lambda: self.piles.open("adventure")}
        if key in shortcuts:
            shortcuts[key]()
            return True
        self._sync_drag()
        digits = {getattr(pygame, f"K_{i}"): i for i in range(1, 10)}
        digits.update({getattr(pygame, f"K_KP{i}"): i for i in range(1, 10)})
        if key in digits:
            tokens = sorted(self.drag.draggables, key=lambda t: t.rect.x)
            i = digits[key] - 1
            if i < len(tokens):
                self.drag.select(tokens[i])
                self._sync_drag()
                if self.drag.legal_targets():
                    self.drag.focus_next_target(1)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            if self.drag.selected is None:
                self.drag.select_next(1)
                self._sync_drag()
            else:                                  # the row reads right to left: Right goes towards space 1
                self.drag.focus_next_target(1 if key in (pygame.K_LEFT, pygame.K_DOWN, pygame.K_TAB) else -1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.drag.selected is not None and self.drag.focused_target is not None:
                self.drag.drop_on_focused()
                return True
        if key == pygame.K_ESCAPE and self.drag.selected is not None:
            self.drag.cancel()
            return True
        return False

    def back(self) -> None:
        if self.accuse is not None:
            self.close_accuse()
            return
        if self.logpanel.shrink():        # Escape shrinks the grown log first
            self.mark_dirty()
            return
        if self.cancel_pick():            # Escape puts down what is held before it pauses
            self.mark_dirty()
            return
        if self.piles.visible:
            self.piles.close()
            self.mark_dirty()
            return
        if self.notes_open or self.notes.cursor is not None:
            self.notes_open = False
            self.notes.cursor = None
            self.mark_dirty()
            return
        super().back()

    # ------------------------------------------------------------------------------------------
    # What happened: events -> clips
    # ------------------------------------------------------------------------------------------
    def on_resync(self) -> None:
        self.timeline.cancel()
        self._shown_row = list(self.game.row)
        self._shown_adv = list(self.game.adv_row)
        self.drag.cancel()
        self.accuse = None
        self.mark_dirty()

    def _space_point(self, row: list[str], ship: str) -> tuple[float, float]:
        return self.lay.ship_rect(row.index(ship) + 1).center if ship in row else self.lay.row.center

    def _seat_point(self, seat: int) -> tuple[float, float]:
        boxes = self._seat_boxes()
        return boxes[seat].center if 0 <= seat < len(boxes) else self.lay.seats.center

    def on_events(self, events: list[Event], first: int) -> None:
        lay = self.lay
        tl = self.timeline
        row = list(self._shown_row)
        adv = list(self._shown_adv)
        for e in events:
            k = e.kind
            if k == "played" and e.seat is not None:
                card = e.get("card")
                start = lay.market[0].center
                old = next((i for i, c in enumerate(self._shown_market()) if c == card), None)
                if old is not None:
                    start = lay.market[old].center
                elif e.seat != self.viewer():
                    start = self._seat_point(e.seat)
                ship = e.get("ship") or ""
                over = self._space_point(row, ship) if ship else lay.row.center
                clip = tl.play(CardFly(card, [start, over], tl.tail(True)))
                tl.play(CardFly(card, [over, lay.mv_discard.center], clip.end_time + 0.15, seconds=0.35))
                tl.call(clip.delay, lambda: self.app.play("card"))
            elif k == "moved":
                new = list(e.get("row") or row)
                at = tl.tail(True)
                for ship in SHIPS:
                    if ship in row and ship in new and row.index(ship) != new.index(ship):
                        primary = ship == e.get("piece")
                        tl.play(ShipSlide(ship, self._space_point(row, ship), self._space_point(new, ship), at,
                                          seconds=0.4 if primary else 0.3))
                row = new
            elif k == "damaged":
                at = tl.tail(True)
                for i, ship in enumerate(e.get("ships") or ()):
                    tl.play(Flip(ship, True, at + i * 0.15))
                tl.call(at, lambda: self.app.play("splash"))
            elif k == "repaired":
                at = tl.tail(True)
                for i, ship in enumerate(e.get("ships") or ()):
                    tl.play(Flip(ship, False, at + i * 0.1))
            elif k == "adventure":
                tl.play(Glow("active", tl.tail(True)))
                if e.get("fog"):
                    tl.then(Banner(Text.of("sm.ui.fogged", card=Text.of(f"sm.card.{card_type(e.get('card'))}"))))
            elif k == "fame":
                at = tl.tail(True)
                units = [s for s, n in e.get("gains") or () for _ in range(int(n))]
                for i, ship in enumerate(units):
                    src = lay.active.center if i == len(units) - 1 else lay.adv_deck.center
                    tl.play(Token([src, self._space_point(row, ship)], at + i * 0.12))
                tl.call(at, lambda: self.app.play("treasure"))
            elif k == "lost":
                at = tl.tail(True)
                for i in range(int(e.get("cards", 0)) + int(e.get("owed", 0))):
                    tl.play(Token([self._space_point(row, e.get("ship")), lay.adv_discard.center], at + i * 0.12))
            elif k == "looted":
                tl.play(Token([self._space_point(row, e.get("frm")), self._space_point(row, e.get("to"))],
                              tl.tail(True)))
            elif k == "accused" and e.seat is not None:
                accused = int(e.get("accused"))
                clip = tl.play(Verdict(accused, e.get("pirate"), bool(e.get("correct")), tl.tail(True)))
                if e.get("correct"):
                    ship = ship_of(e.get("pirate"))
                    for i in range(int(e.get("took", 0))):
                        tl.play(Token([self._space_point(row, ship), self._seat_point(e.seat)],
                                      clip.end_time - 0.4 + i * 0.12))
                    tl.call(clip.delay + 0.8, lambda: self.app.play("treasure"))
                else:
                    tl.call(clip.delay + 0.8, lambda: self.app.play("error"))
            elif k == "mutiny":
                ship = e.get("ship") or ""
                if ship:
                    key = "sm.ui.mutiny" if e.get("owner") is not None else "sm.ui.mutiny_nobody"
                    tl.then(Banner(Text.of(key, ship=Text.of(f"sm.ship.{ship}"))))
            elif k == "turned":
                card = e.get("card")
                adv_row = list(e.get("row") or ())
                slot = self._adv_rect(len(adv_row) - 1).center
                clip = tl.play(CardFly(card, [lay.adv_deck.center, slot], tl.tail(True), hides=(f"adv:{card}",)))
                clip.before = adv                         # the row shown until this card is turned over
                adv = adv_row
            elif k == "drew" and e.get("to") == "market":
                slot = int(e.get("slot", 0))
                if 0 <= slot < len(lay.market):
                    tl.play(CardFly(e.get("card"), [lay.mv_deck.center, lay.market[slot].center], tl.tail(True),
                                    hides=(f"market:{slot}",)))
            elif k == "ended" and e.get("what") == "game":
                self._final_due = True
        self._shown_row = row
        self._shown_adv = adv
        self.mark_dirty()

    def _shown_market(self) -> list[str]:
        return list(self.game.market)

    # ------------------------------------------------------------------------------------------
    # The end (issue 16): the final count, then the results
    # ------------------------------------------------------------------------------------------
    def bot_due(self) -> int | None:
        if self.ending.visible or self._final_due:
            return None
        return super().bot_due()

    def _show_final_panel(self) -> None:
        self._final_due = False
        self.ending.visible = True
        self.ending.started = self.app.clock.now()
        self.drag.cancel()
        self.accuse = None
        self._layout_ending()
        self.app.play("fanfare")
        self.mark_dirty()

    def ending_shown(self) -> str | None:
        return "game-end" if self.ending.visible else None

    def _layout_ending(self) -> None:
        e = self.ending
        if not e.visible:
            return
        r = self.lay.rect
        w = min(r.w - theme.px(40), theme.px(900))
        rows = self.game.players + 1
        h = min(r.h - theme.px(30), theme.px(150) + rows * theme.px(86))
        e.rect = pygame.Rect(0, 0, w, h)
        e.rect.center = r.center
        if self.coach is not None and not self.coach.done:     # a lesson: clear of the coach's panel (coach_room)
            e.rect.w = min(w, self.lay.log.x - r.x - theme.px(20))
            e.rect.topleft = (r.x + theme.px(10), r.y + theme.px(10))
        e.button.layout(pygame.Rect(e.rect.centerx - theme.px(120), e.rect.bottom - theme.px(58), theme.px(240),
                                    theme.px(44)))

    # ------------------------------------------------------------------------------------------
    # Frame
    # ------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self._final_due and not self.timeline.blocking and not self.ending.visible:
            self._show_final_panel()
        if self.ending.visible:
            self.mark_dirty()
        self._open_choices()

    def is_animating(self) -> bool:
        owned = sum(len(self.game.owned_ships(k)) for k in range(self.game.players)) if self.ending.visible else 0
        return super().is_animating() or self._final_due or self.ending.visible and self._count_step() <= owned + 1

    # ------------------------------------------------------------------------------------------
    # Drawing
    # ------------------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, viewer: int | None) -> None:
        self._refresh_buttons()
        if self.my_turn() is not None:
            self._sync_drag()
        self.kept("still", self._still_look(surface, viewer), surface, lambda layer: self._draw_still(layer, viewer))
        if viewer is not None and self.game.hand_mode:
            self._draw_hand(surface, viewer)
        elif viewer is not None:
            self.notes.draw(surface, facts(self.game, viewer), self.notes_marks(viewer))
        lesson = self.coach is not None and self.coach.step is not None
        if not lesson and not self.logpanel.expanded:   # in a lesson the coach's panel has the log's place
            self.logpanel.draw(surface)
        for b in self._buttons():
            b.draw(surface)
            self.explain(b.rect, Text.of(f"sm.explain.button.{self._button_name(b)}"), "button")
        self._draw_flights(surface)
        self._draw_verdicts(surface)
        self._draw_banners(surface)
        if viewer is not None and self.game.hand_mode and self.notes_open:
            self.notes.draw(surface, facts(self.game, viewer), self.notes_marks(viewer), popup=True)
        dragging = self.drag.dragging
        if dragging is not None:                     # the card in the hand, over the row and its ghost
            self._draw_movement(surface, dragging.payload, dragging.rect, lifted=True)
        self.drag.draw_overlay(surface)
        self._draw_log(surface, lesson)
        self.piles.draw(surface)
        if self.accuse is not None:
            self.accuse.draw(surface)
        self._draw_ending(surface)

    def _still_look(self, surface: pygame.Surface, viewer: int | None) -> tuple | None:
        """Everything the table under the cards in hand, the notes, the log and the buttons depends on while
        nothing moves and nothing is held; None while a clip runs or a card is held (then it is drawn afresh each
        frame)."""
        from game.i18n import language
        if self.timeline.clips() or self.drag.holding is not None or self.drag.dragging is not None:
            return None
        g = self.game
        return (surface.get_size(), id(self.lay), tuple(self.lay.row), language(), theme.px(100), id(self.state),
                len(self.state.events), viewer, self.header_lines(), self.turn_shown(),
                tuple(self.owner_shown(ship) for ship in g.row), tuple(self.seat_name(k) for k in range(g.players)),
                tuple(self.seat_colour(k) for k in range(g.players)), g.over, self.ending.visible)

    def _draw_still(self, surface: pygame.Surface, viewer: int | None) -> None:
        """The sea chart, the decks and market, the header, the seats, the row, the adventures and the viewer's
        pirates (``draw_table`` keeps this picture while its ``_still_look`` stays the same)."""
        surface.blit(sprites.table_background(surface.get_size()), (0, 0))
        self._draw_decks(surface)
        self._draw_market(surface)
        self._draw_header(surface)
        self._draw_seats(surface)
        self._draw_row(surface)
        self._draw_ship_marks(surface)
        self._draw_adventures(surface)
        self._draw_pirates(surface, viewer)

    def _draw_log(self, surface: pygame.Surface, lesson: bool) -> None:
        """The grown log over the table (drawn last but for the dialogs), and its header's button."""
        log = self.logpanel
        if lesson:
            return
        if log.expanded:
            log.draw(surface)
            self.explain(log.frame, Text.of("table.explain.log"), "button")
        self.explain(log.expand_button, Text.of("sm.explain.log_shrink" if log.expanded else "sm.explain.log_grow"),
                     "button")

    def _button_name(self, b: Button) -> str:
        return {id(self.repair_button): "repair", id(self.accuse_button): "accuse", id(self.pass_button): "pass",
                id(self.notes_button): "notes", id(self.undo_button): "undo",
                id(self.menu_button): "menu"}[id(b)]

    def notes_marks(self, seat: int) -> dict[str, str]:
        return self.session.notes.setdefault(seat, {})

    def _label(self, surface: pygame.Surface, text: str, rect: pygame.Rect, size: int = 13,
               colour=palette.INK) -> None:
        f = theme.font("bold", size)
        theme.draw_text(surface, text, f, colour, (rect.centerx, rect.bottom + theme.px(2)), "midtop")

    def _pile(self, surface: pygame.Surface, rect: pygame.Rect, img: pygame.Surface | None, count: int,
              label: str) -> None:
        if img is not None:
            surface.blit(img, rect)
        else:
            pygame.draw.rect(surface, (0, 0, 0, 0), rect, width=max(1, theme.px(2)), border_radius=theme.px(8))
            pygame.draw.rect(surface, palette.WOOD_DARK, rect, width=max(1, theme.px(2)), border_radius=theme.px(8))
        f = theme.font("bold", 16)
        chip = theme.render_text(str(count), f, palette.PARCHMENT, outline=palette.INK)
        box = chip.get_rect().inflate(theme.px(12), theme.px(4))
        box.midbottom = (rect.centerx, rect.bottom - theme.px(6))
        pygame.draw.rect(surface, palette.INK, box, border_radius=theme.px(8))
        surface.blit(chip, chip.get_rect(center=box.center))
        del label

    def _draw_decks(self, surface: pygame.Surface) -> None:
        g = self.game
        lay = self.lay
        h = lay.card_h
        self._pile(surface, lay.mv_deck, sprites.movement_back(h) if g.mv_deck else None, len(g.mv_deck), "")
        self.explain(lay.mv_deck, Text.of("sm.explain.mv_deck", n=len(g.mv_deck)), "deck")
        top = g.mv_discard[-1] if g.mv_discard else None
        self._pile(surface, lay.mv_discard, sprites.movement_card(top, h) if top else None, len(g.mv_discard), "")
        self.explain(lay.mv_discard, Text.of("sm.explain.mv_discard", n=len(g.mv_discard)), "pile")
        self._pile(surface, lay.adv_deck, sprites.adventure_back(h) if g.adv_deck else None, len(g.adv_deck), "")
        self.explain(lay.adv_deck, Text.of("sm.explain.adv_deck", n=len(g.adv_deck)), "deck")
        top = g.adv_discard[-1] if g.adv_discard else None
        img = None
        if top == "fame":
            img = sprites.fame_card(h)
        elif top:
            img = sprites.adventure_card(top, h)
        self._pile(surface, lay.adv_discard, img, len(g.adv_discard), "")
        self.explain(lay.adv_discard, Text.of("sm.explain.adv_discard", n=len(g.adv_discard)), "pile")
        f = theme.font("bold", 12)
        for rect, key in ((lay.mv_deck, "sm.ui.mv_deck"), (lay.mv_discard, "sm.ui.discard"),
                          (lay.adv_deck, "sm.ui.adv_deck"), (lay.adv_discard, "sm.ui.discard")):
            img_t = theme.render_text(tr(key), f, palette.PARCHMENT, outline=palette.INK)
            surface.blit(img_t, img_t.get_rect(midtop=(rect.centerx, rect.y + theme.px(4))))

    def _draw_market(self, surface: pygame.Surface) -> None:
        g = self.game
        if g.hand_mode:
            return
        hidden = self.timeline.hidden()
        held = self.drag.holding
        for slot, (card, rect) in enumerate(zip(g.market, self.lay.market)):
            if f"market:{slot}" in hidden:
                continue
            tok = self._tokens.get(card)
            if tok is None or tok is not self.drag.dragging:
                self._draw_movement(surface, card, tok.rect if tok is not None and tok is held else rect,
                                    lifted=tok is not None and tok is held)
            self.explain(rect, Text.of(f"sm.explain.card.{card_type(card)}"), "market")
            key = theme.render_text(str(slot + 1), theme.font("bold", 13), palette.PARCHMENT, outline=palette.INK)
            surface.blit(key, key.get_rect(topright=(rect.right - theme.px(4), rect.y + theme.px(2))))

    def _draw_movement(self, surface: pygame.Surface, card: str, rect: pygame.Rect, lifted: bool = False) -> None:
        t, h = card_type(card), rect.h

        def build() -> pygame.Surface:
            img = sprites.movement_card(t, h).copy()
            self._plate_text(img, tr(f"sm.card.{t}"), sprites.movement_name_rect(h), 13)
            return img
        if lifted:
            theme.draw_glow(surface, rect, palette.GOLD_LIGHT, spread=theme.px(8), radius=theme.px(8))
        surface.blit(self._composed(("move", t, h), build), rect)

    def _plate_text(self, surface: pygame.Surface, text: str, plate: pygame.Rect, size: int,
                    colour=palette.INK) -> None:
        """``text`` fitted on a blank plate of the art: one line, smaller when it must, then a little narrower (a
        long ship's name, "Vliegende Haring", wrapped onto the ribbon above the plate); else wrapped by words."""
        width = plate.w - theme.px(4)
        lines: list[str] = []
        for s in range(size, 7, -1):
            f = theme.font("bold", s)
            if f.size(text)[0] <= width:
                lines = [text]
                break
        if not lines and theme.draw_text_narrowed(surface, text, f, colour, plate.center, width, "center"):
            return                                             # the smallest size, a little narrower
        if not lines:
            for s in range(size, 7, -1):
                f = theme.font("bold", s)
                if max(f.size(w)[0] for w in text.split() or [""]) > width:
                    continue                         # never a word cut in two
                lines = theme.wrap_text(text, f, width)
                if len(lines) * f.get_linesize() <= plate.h + theme.px(2):
                    break
            else:
                f = theme.font("bold", 8)
                lines = theme.wrap_text(text, f, width)
        y = plate.centery - len(lines) * f.get_linesize() // 2
        for line in lines:
            theme.draw_text(surface, line, f, colour, (plate.centerx, y), "midtop")
            y += f.get_linesize()

    def _draw_header(self, surface: pygame.Surface) -> None:
        title, prompt = self.header_lines()
        r = self.lay.head
        plate = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (250, 240, 215, 215), plate.get_rect(), border_radius=theme.px(8))
        surface.blit(plate, r)
        ft = theme.font("display", 19)
        theme.draw_text(surface, title, ft, palette.INK, (r.x + theme.px(10), r.y + theme.px(2)))
        room = r.bottom - (r.y + theme.px(2) + ft.get_linesize())
        for size in (13, 12, 11, 10):                 # the prompt whole: smaller before it is cut
            fp = theme.font("text", size)
            lines = theme.wrap_text(prompt, fp, r.w - theme.px(20))
            if len(lines) * fp.get_linesize() <= room:
                break
        lines = lines[:max(1, room // fp.get_linesize())]
        y = r.y + theme.px(2) + ft.get_linesize()
        for line in lines:
            theme.draw_text(surface, line, fp, palette.INK_SOFT, (r.x + theme.px(10), y))
            y += fp.get_linesize()
        if prompt:
            self.explain(r, Text.of("sm.explain.prompt"), "prompt")

    def _seat_boxes(self) -> list[pygame.Rect]:
        n = self.game.players
        r = self.lay.seats
        gap = theme.px(6)
        w = (r.w - gap * (n - 1)) // n
        return [pygame.Rect(r.x + i * (w + gap), r.y, w, r.h) for i in range(n)]

    def _draw_seats(self, surface: pygame.Surface) -> None:
        """The players' strip, drawn again only when something on it changes (its explanations every frame)."""
        from game.i18n import language
        g = self.game
        moves = self.last_moves()
        key = (tuple(self.lay.seats), language(), self.turn_shown(), g.over, tuple(
            (self.seat_name(k), self.seat_colour(k), g.secured[k] + g.secured_owed[k],
             tuple(p for p in g.pirates[k] if p in g.revealed), len(g.hands[k]) if g.hand_mode else -1,
             self._last_played(moves[k]) if k in moves else None) for k in range(g.players)))
        self.kept("seats", key, surface, self._paint_seats, area=self.lay.seats,
                  alpha=True)

    def _paint_seats(self, surface: pygame.Surface) -> None:
        """Each seat: its name in its colour, its secured fame (R26), its revealed pirates (R27), its hand's size
        (V3.7); the seat on turn framed in gold; its last move marked (``_draw_last_move``)."""
        g = self.game
        current = self.turn_shown()
        moves = self.last_moves()
        fn = theme.font("bold", 14)
        for seat, box in enumerate(self._seat_boxes()):
            pygame.draw.rect(surface, (250, 240, 215, 225), box, border_radius=theme.px(8))
            if seat == current and not g.over:
                pygame.draw.rect(surface, palette.GOLD, box, width=max(2, theme.px(3)), border_radius=theme.px(8))
            compact = box.h < theme.px(40)            # one line: name, secured fame, hand, revealed captains
            line_y = box.centery if compact else box.y + theme.px(13)
            chip = theme.seat_chip(self.seat_colour(seat), theme.px(18))
            surface.blit(chip, chip.get_rect(midleft=(box.x + theme.px(5), line_y)))
            revealed = [p for p in g.pirates[seat] if p in g.revealed]
            name_w = box.w - theme.px(30) - (theme.px(46) + len(revealed) * theme.px(20) +
                                              (theme.px(38) if g.hand_mode else 0) if compact else 0)
            name = theme.wrap_text(self.seat_name(seat), fn, name_w)[:1]
            theme.draw_text(surface, name[0] if name else "", fn, palette.INK, (box.x + theme.px(27), line_y),
                            "midleft")
            self.explain(box, Text.of("sm.explain.seat", name=self.seat_name(seat)), "seat")
            x0 = box.x + (max(theme.px(27) + fn.size(name[0] if name else "")[0] + theme.px(6),
                              box.w - theme.px(46) - len(revealed) * theme.px(20) -
                              (theme.px(38) if g.hand_mode else 0)) if compact else theme.px(5))
            y = (line_y if compact else box.y + theme.px(33)) - theme.px(9)
            token = sprites.fame_token(theme.px(18))
            surface.blit(token, (x0, y))
            secured = g.secured[seat] + g.secured_owed[seat]
            theme.draw_text(surface, str(secured), fn, palette.INK, (x0 + theme.px(21), y + theme.px(9)), "midleft")
            sec_rect = pygame.Rect(x0 - theme.px(2), y - theme.px(1), theme.px(44), theme.px(20))
            self.explain(sec_rect, Text.of("sm.explain.secured", name=self.seat_name(seat), n=secured), "secured")
            x = x0 + theme.px(42)
            if g.hand_mode:
                back = sprites.movement_back(theme.px(20))
                surface.blit(back, (x, y - theme.px(1)))
                theme.draw_text(surface, str(len(g.hands[seat])), fn, palette.INK,
                                (x + back.get_width() + theme.px(3), y + theme.px(9)), "midleft")
                self.explain(pygame.Rect(x, y, theme.px(36), theme.px(20)),
                             Text.of("sm.explain.hand_count", name=self.seat_name(seat), n=len(g.hands[seat])),
                             "hand")
                x += theme.px(38)
            for pirate in g.pirates[seat]:
                if pirate in g.revealed:
                    img = sprites.pirate_card(pirate, max(10, min(theme.px(26), box.h - theme.px(4))))
                    if x + img.get_width() > box.right:
                        break
                    pr = surface.blit(img, img.get_rect(midleft=(x, y + theme.px(9))))
                    self.explain(pr, Text.of("sm.explain.revealed", name=self.seat_name(seat),
                                             captain=Text.of(f"sm.captain.{pirate}"),
                                             ship=Text.of(f"sm.ship.{ship_of(pirate)}")), "revealed")
                    x += img.get_width() + theme.px(2)
            last = moves.get(seat)
            if last:
                self._draw_last_move(surface, seat, box, last)

    def _last_played(self, moves: list) -> tuple[str, str, str]:
        """(kind, card, ship) of a seat's last action from its events of that turn: kind "played", "repaired",
        "accused", "passed" or "replaced"."""
        for _i, e in moves:
            if e.kind == "played":
                return "played", e.get("card") or "", e.get("ship") or ""
            if e.kind == "repaired":
                return "repaired", "", ""
            if e.kind in ("accused", "asked"):
                return "accused", "", ""
            if e.kind == "passed":
                return "passed", "", ""
            if e.kind == "discarded" and e.get("why") == "replace":
                return "replaced", "", ""
        return "", "", ""

    def _draw_last_move(self, surface: pygame.Surface, seat: int, box: pygame.Rect, moves: list) -> None:
        """Issue 16: a seat's last move stays marked until it moves again: the card it played, small, at the right
        end of its box (or a word: repaired, accused, passed), and its chip on the ship(s) the card moved or hit."""
        kind, card, ship = self._last_played(moves)
        if not kind:
            return
        h = box.h - theme.px(6)
        if kind == "played" and card:
            img = sprites.movement_card(card, h)
            r = surface.blit(img, img.get_rect(midright=(box.right - theme.px(3), box.centery)))
        else:
            f = theme.font("bold", 11)
            img = theme.render_text(tr(f"sm.ui.last_word.{kind}"), f, palette.WHITE)
            r = img.get_rect().inflate(theme.px(8), theme.px(4))
            r.bottomright = (box.right - theme.px(3), box.bottom - theme.px(3))
            pygame.draw.rect(surface, palette.INK_SOFT, r, border_radius=theme.px(6))
            surface.blit(img, img.get_rect(center=r.center))
        said = self._last_move_text(moves)
        self.explain(r, Text.of("sm.explain.last_move", name=self.seat_name(seat), move=said), "last-move")

    def _draw_ship_marks(self, surface: pygame.Surface) -> None:
        """Each seat's chip on the ship its last card was played on (issue 16), over the row."""
        moves = self.last_moves()
        hidden = self.timeline.hidden()
        for seat in sorted(moves):
            kind, card, ship = self._last_played(moves[seat])
            if kind != "played" or not ship or ship not in self.game.row or ship in hidden:
                continue
            sr = self.lay.ship_rect(self.game.space_of(ship))
            chip = theme.seat_chip(self.seat_colour(seat), theme.px(18))
            at = chip.get_rect(bottomleft=(sr.x + theme.px(3) + seat * theme.px(8), sr.bottom - theme.px(3)))
            surface.blit(chip, at)
            self.explain(at, Text.of("sm.explain.last_move", name=self.seat_name(seat),
                                     move=self._last_move_text(moves[seat])), "last-move")

    def _last_move_text(self, moves: list) -> str:
        """The seat's last action in a few words, from its own events of that turn."""
        for _i, e in moves:
            if e.kind == "played":
                ship = e.get("ship")
                card = tr(f"sm.card.{card_type(e.get('card'))}")
                return f"{card}: {tr(f'sm.ship.{ship}')}" if ship else card
            if e.kind == "repaired":
                return tr("sm.ui.last.repaired")
            if e.kind in ("accused", "asked"):
                return tr("sm.ui.last.accused", name=self.seat_name(int(e.get("accused"))))
            if e.kind == "passed":
                return tr("sm.ui.last.passed")
            if e.kind == "discarded" and e.get("why") == "replace":
                return tr("sm.ui.last.replaced")
        return ""

    def _held_action(self) -> Action | None:
        """The action of the card held over its target now (the ghost row's), else None."""
        held = self.drag.holding
        if held is None or self.my_turn() is None:
            return None
        target = self.drag.target_at(self.drag.mouse) if self.drag.dragging is not None else self.drag.focused_target
        if target is None:
            return None
        return self.drop_action(self.drag.payload_of(held), target)

    def _draw_row(self, surface: pygame.Surface) -> None:
        """The nine ships on their spaces (space 1 on the right), the fame counter above each, the space numbers
        below; the active adventure's effect marked (green: fame, red: damage or fame lost); while a card is held
        over a target, the ghost of the row it would make."""
        g = self.game
        lay = self.lay
        hidden = self.timeline.hidden()
        action = self._held_action()
        ghost = self.preview(action) if action is not None else None
        marks = ghost if ghost else (self.preview(None) if g.phase == PLAY and not g.over else {})
        row = list(ghost["row"]) if ghost else list(g.row)
        damaged = set(ghost["damaged"]) if ghost else set(g.damaged)
        # the targets lit while a card is held
        held = self.drag.holding
        if held is not None and self.my_turn() is not None:
            for t in self.drag.legal_targets(self.drag.payload_of(held)):
                if t.data[0] != "row":
                    theme.draw_glow(surface, t.rect, palette.GOLD_LIGHT, spread=theme.px(8), radius=theme.px(6))
                    self.explain(t.rect, self.target_says(self.drop_action(self.drag.payload_of(held), t)), "target")
            if self._row_target.visible and self.drag.legal_targets(self.drag.payload_of(held)):
                theme.draw_glow(surface, lay.row, palette.GOLD_LIGHT, spread=theme.px(6), radius=theme.px(10))
                action = self.drop_action(self.drag.payload_of(held), self._row_target)
                if action is not None:
                    self.explain(lay.row, self.target_says(action), "target")
        for space in range(1, SPACES + 1):
            num = lay.numbers[space - 1]
            surface.blit(sprites.space_marker(space, num.h), num)
            self.explain(num, Text.of("sm.explain.space", n=space), "space")
        for space, ship in enumerate(row, start=1):
            rect = lay.ship_rect(space)
            if ship in hidden and not ghost:
                continue
            self._draw_ship(surface, ship, rect, ship in damaged, alpha=200 if ghost else 255)
            mark = (marks.get("gain") or {}).get(ship)
            hurt = (marks.get("hurt") or {}).get(ship)
            if marks.get("mutiny") == ship:
                hurt = "mutiny"
            if mark:
                pygame.draw.rect(surface, GREEN, rect.inflate(theme.px(6), theme.px(6)), width=max(2, theme.px(4)),
                                 border_radius=theme.px(8))
                self._badge(surface, f"+{mark}", GREEN, (rect.centerx, rect.y + theme.px(14)))
            if hurt:
                pygame.draw.rect(surface, RED, rect.inflate(theme.px(12 if mark else 6), theme.px(12 if mark else 6)),
                                 width=max(2, theme.px(4)), border_radius=theme.px(8))
                self._badge(surface, tr(f"sm.ui.mark.{hurt}"), RED, (rect.centerx, rect.y + theme.px(34)))
            if mark or hurt:
                self.explain(rect.inflate(theme.px(6), theme.px(6)), Text.of(
                    "sm.explain.preview_ghost" if ghost else "sm.explain.preview"), "preview")
            if ghost and g.row.index(ship) + 1 != space:
                self._badge(surface, tr("sm.ui.from_space", n=g.row.index(ship) + 1), palette.INK,
                            (rect.centerx, rect.centery + theme.px(4)))
        if not ghost:
            self._draw_moving_ships(surface, row)
        # the fame counters (the fame of the ship on each space now; a moving ship's goes with it)
        for space, ship in enumerate(g.row, start=1):
            if ghost or ship not in hidden:
                self._draw_fame(surface, ship, lay.fame[space - 1])
        if ghost:
            f = theme.font("bold", 14)
            tag = theme.render_text(tr("sm.ui.ghost"), f, palette.PARCHMENT, outline=palette.INK)
            left = min(r.x for r in lay.ships) + theme.px(4)          # over the ships, not on the window's edge
            surface.blit(tag, tag.get_rect(bottomleft=(left, lay.row.y - theme.px(2))))

    def _draw_moving_ships(self, surface: pygame.Surface, row: list[str]) -> None:
        """The ships the timeline has taken out of the row: each drawn by its earliest clip, a clip still waiting
        for its turn showing the ship as it is before it (on its old space, with its old side up), so no ship
        leaves the row while the moves before its own are shown."""
        lay = self.lay
        clips = [c for c in self.timeline.clips() if isinstance(c, (ShipSlide, Flip))]
        first: dict[str, ShipSlide | Flip] = {}
        flips: dict[str, Flip] = {}
        for c in clips:
            first.setdefault(c.ship, c)
            if isinstance(c, Flip):
                flips.setdefault(c.ship, c)
        for ship, clip in first.items():
            flip = flips.get(ship)
            if isinstance(clip, ShipSlide):
                r = lay.ship_rect(1).copy()
                r.center = (round(clip.point()[0]), round(clip.point()[1]))
                damaged = (not flip.damaged) if flip is not None else ship in self.game.damaged
                self._draw_ship(surface, ship, r, damaged)
                self._draw_fame(surface, ship, lay.fame[0].move(r.x - lay.ships[0].x, r.y - lay.ships[0].y))
                continue
            later = next((c for c in clips if isinstance(c, ShipSlide) and c.ship == ship), None)
            if later is not None:                       # it moves on after the flip: flipped where it waits
                r = lay.ship_rect(1).copy()
                r.center = (round(later.start[0]), round(later.start[1]))
            elif ship in row:
                r = lay.ship_rect(row.index(ship) + 1)
            else:
                continue
            img = sprites.ship_card(ship, r.h, damaged=clip.face_damaged())
            w = max(1, round(r.w * clip.scale()))
            img = pygame.transform.smoothscale(img, (w, r.h))
            surface.blit(img, img.get_rect(center=r.center))
            self._draw_fame(surface, ship, lay.fame[0].move(r.x - lay.ships[0].x, r.y - lay.ships[0].y))

    def _fame_badge(self, surface: pygame.Surface, n: int, centre: tuple[int, int], dim: bool = False) -> None:
        """A fame coin with the number beside it on a dark plate (no font needs a star glyph)."""
        f = theme.font("bold", 14)
        img = theme.render_text(str(n), f, palette.WHITE)
        coin = sprites.fame_token(theme.px(18))
        box = pygame.Rect(0, 0, coin.get_width() + img.get_width() + theme.px(12), max(coin.get_height(),
                                                                                      img.get_height()) + theme.px(4))
        box.center = centre
        pygame.draw.rect(surface, palette.INK_SOFT if dim else palette.INK, box, border_radius=theme.px(8))
        surface.blit(coin, coin.get_rect(midleft=(box.x + theme.px(3), box.centery)))
        surface.blit(img, img.get_rect(midright=(box.right - theme.px(5), box.centery)))

    def _badge(self, surface: pygame.Surface, text: str, colour, centre: tuple[int, int]) -> None:
        f = theme.font("bold", 13)
        img = theme.render_text(text, f, palette.WHITE)
        box = img.get_rect().inflate(theme.px(10), theme.px(4))
        box.center = centre
        pygame.draw.rect(surface, colour, box, border_radius=theme.px(7))
        surface.blit(img, img.get_rect(center=box.center))

    def _composed(self, key: tuple, build: Any) -> pygame.Surface:
        """A card with its words lettered on its plates, made once per look (card, size, side, language) and then one
        blit a frame (the table's frame budget: every card is drawn every frame)."""
        from game.i18n import language
        key = key + (language(),)
        cache: dict = self.__dict__.setdefault("_cards", {})
        img = cache.get(key)
        if img is None:
            if len(cache) > 300:
                cache.clear()
            img = cache[key] = build()
        return img

    def _ship_face(self, ship: str, h: int, damaged: bool) -> pygame.Surface:
        def build() -> pygame.Surface:
            img = sprites.ship_card(ship, h, damaged=damaged).copy()
            self._plate_text(img, tr(f"sm.ship.{ship}"), sprites.ship_name_rect(h), 12)
            if h >= theme.px(130):            # room for the captain's name under the ship's
                self._plate_text(img, tr(f"sm.captain_short.{pirate_of(ship)}"), sprites.captain_rect(h), 11,
                                 palette.INK_SOFT)
            if damaged:
                self._plate_text(img, tr("sm.ui.damaged"), sprites.ribbon_rect(h), 11, palette.WHITE)
            return img
        return self._composed(("ship", ship, h, damaged), build)

    def _draw_ship(self, surface: pygame.Surface, ship: str, rect: pygame.Rect, damaged: bool,
                   alpha: int = 255) -> None:
        img = self._ship_face(ship, rect.h, damaged)
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        surface.blit(img, rect)
        owner = self.owner_shown(ship)
        viewer = self.viewer()
        if viewer is not None and pirate_of(ship) in self.game.pirates[viewer] and owner is None:
            f = theme.font("bold", 13)
            w = f.size(tr("sm.ui.yours"))[0] + theme.px(10)
            self._badge(surface, tr("sm.ui.yours"), palette.GOLD, (rect.right - w // 2 - theme.px(3),
                                                                   rect.y + theme.px(14)))
        if owner is not None:
            chip = theme.seat_chip(self.seat_colour(owner), theme.px(22))
            surface.blit(chip, chip.get_rect(topright=(rect.right - theme.px(3), rect.y + theme.px(3))))
        elif pirate_of(ship) in self.game.unowned or (self.game.over and self.game.owner_of(pirate_of(ship)) is None):
            self._badge(surface, tr("sm.ui.unowned"), palette.INK_SOFT, (rect.centerx, rect.y + theme.px(58)))
        key = "sm.explain.ship_damaged" if damaged else "sm.explain.ship"
        who = Text.of("sm.ui.nobody_known") if owner is None else Text.of("sm.ui.owned_by", name=self.seat_name(owner))
        self.explain(rect, Text.of(key, ship=Text.of(f"sm.ship.{ship}"), captain=Text.of(f"sm.captain.{pirate_of(ship)}"),
                                   flag=Text.of(f"sm.flag.{flag_of(ship)}"), owner=who), "ship")

    def _draw_fame(self, surface: pygame.Surface, ship: str, rect: pygame.Rect) -> None:
        """The ship's fame counter: a coin and the number, "+n owed" beside it when some is owed (R48)."""
        g = self.game
        i = SHIPS.index(ship)
        cards, owed = g.fame[i], g.owed[i]

        def build() -> pygame.Surface:
            layer = pygame.Surface((rect.w + theme.px(60), rect.h), pygame.SRCALPHA)
            layer.blit(sprites.fame_token(rect.h), (0, 0))
            f = theme.font("bold", 17)
            r = theme.draw_text(layer, str(cards + owed), f, palette.WHITE, (rect.h + theme.px(4), rect.h // 2),
                                "midleft", outline=palette.INK)
            if owed:
                theme.draw_text(layer, tr("sm.ui.owed", n=owed), theme.font("bold", 12), palette.GOLD_LIGHT,
                                (r.right + theme.px(4), rect.h // 2), "midleft", outline=palette.INK)
            return layer
        surface.blit(self._composed(("fame", cards, owed, rect.size), build), (rect.centerx - theme.px(22), rect.y))
        self.explain(rect, Text.of("sm.explain.fame", ship=Text.of(f"sm.ship.{ship}"), n=cards + owed, owed=owed),
                     "fame")

    def _adv_rect(self, index: int) -> pygame.Rect:
        lay = self.lay
        if index <= 0 or not lay.upcoming:
            return lay.active
        return lay.upcoming[min(index - 1, len(lay.upcoming) - 1)]

    def _draw_adventures(self, surface: pygame.Surface) -> None:
        g = self.game
        lay = self.lay
        hidden = self.timeline.hidden()
        # until the next adventure is turned over, the row as it was (the card being resolved stays in view)
        waiting = next((c for c in self.timeline.clips(CardFly) if c.before is not None and not c.started), None)
        for i, card in enumerate(waiting.before if waiting is not None else g.adv_row):
            rect = self._adv_rect(i)
            if f"adv:{card}" in hidden:
                continue
            glow = next((c.strength() for c in self.timeline.clips(Glow) if c.started and i == 0), 0.0)
            if i == 0:
                theme.draw_glow(surface, rect, palette.GOLD_LIGHT if not glow else palette.WHITE,
                                spread=theme.px(10 + int(12 * glow)), radius=theme.px(10))
            t, h, words = card_type(card), rect.h, i == 0 or rect.h >= theme.px(150)

            def build(t: str = t, h: int = h, words: bool = words) -> pygame.Surface:
                img = sprites.adventure_card(t, h).copy()
                if words:
                    self._adventure_text(img, t, sprites.adventure_text_rect(h))
                return img
            surface.blit(self._composed(("adv", t, h, words), build), rect)
            self.explain(rect, Text.of("sm.explain.active" if i == 0 else "sm.explain.upcoming",
                                       card=Text.of(f"sm.card.{card_type(card)}"),
                                       effect=Text.of(f"sm.effect.{card_type(card)}")),
                         "adventure" if i == 0 else "upcoming")
        if g.adv_row:
            f = theme.font("bold", 13)
            tag = theme.render_text(tr("sm.ui.active"), f, palette.PARCHMENT, outline=palette.INK)
            surface.blit(tag, tag.get_rect(midbottom=(lay.active.centerx, lay.active.y - theme.px(4))))

    def _adventure_text(self, surface: pygame.Surface, card: str, plate: pygame.Rect) -> None:
        """The adventure's name (bold) and its effect in words on the card's plate."""
        t = card_type(card)
        fn = theme.font("bold", max(10, min(16, plate.h // 6)))
        theme.draw_text(surface, tr(f"sm.card.{t}"), fn, palette.INK, (plate.centerx, plate.y + theme.px(2)), "midtop")
        body = pygame.Rect(plate.x, plate.y + fn.get_linesize() + theme.px(2), plate.w,
                           plate.h - fn.get_linesize() - theme.px(2))
        text = tr(f"sm.effect.{t}")
        for s in range(max(10, min(14, plate.h // 7)), 7, -1):
            f = theme.font("text", s)
            lines = theme.wrap_text(text, f, body.w - theme.px(6))
            if len(lines) * f.get_linesize() <= body.h:
                break
        y = body.y
        for line in lines:
            theme.draw_text(surface, line, f, palette.INK, (body.centerx, y), "midtop")
            y += f.get_linesize()

    def _draw_pirates(self, surface: pygame.Surface, viewer: int | None) -> None:
        """"Your pirates": the viewer's own captains (their ships' fame) and the private running score."""
        r = self.lay.pirates
        plate = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (250, 240, 215, 220), plate.get_rect(), border_radius=theme.px(10))
        surface.blit(plate, r)
        f = theme.font("display", 18)
        if viewer is None:
            theme.draw_text(surface, tr("sm.ui.your_pirates_hidden"), theme.font("text", 14), palette.INK_SOFT,
                            (r.x + theme.px(10), r.y + theme.px(8)))
            return
        g = self.game
        theme.draw_text(surface, tr("sm.ui.your_pirates"), f, palette.INK, (r.x + theme.px(10), r.y + theme.px(4)))
        score = self.private_score(viewer)
        fs = theme.font("bold", 15)
        srect = pygame.Rect(r.x + theme.px(10), r.bottom - theme.px(26), r.w - theme.px(20), theme.px(22))
        theme.draw_text(surface, tr("sm.ui.your_score", n=score, secured=g.secured[viewer] + g.secured_owed[viewer]),
                        fs, palette.INK, srect.topleft)
        self.explain(srect, Text.of("sm.explain.score"), "score")
        mine = g.pirates[viewer]
        top = r.y + theme.px(30)
        h = max(40, srect.y - top - theme.px(6))
        w, _ = sprites.card_size(h)
        step = min(w + theme.px(8), (r.w - theme.px(20) - w) // max(1, len(mine) - 1)) if len(mine) > 1 else 0
        for i, pirate in enumerate(mine):
            pr = pygame.Rect(r.x + theme.px(10) + i * step, top, w, h)
            surface.blit(sprites.pirate_card(pirate, h), pr)
            self._plate_text(surface, tr(f"sm.captain.{pirate}"), sprites.pirate_name_rect(h).move(pr.topleft), 11)
            ship = ship_of(pirate)
            fame = g.fame_of(ship)
            self._fame_badge(surface, fame, (pr.right - theme.px(22), pr.y + theme.px(14)), dim=pirate in g.revealed)
            if pirate in g.revealed:
                self._badge(surface, tr("sm.ui.revealed"), palette.INK, (pr.centerx, pr.y + theme.px(32)))
            self.explain(pr, Text.of("sm.explain.pirate", captain=Text.of(f"sm.captain.{pirate}"),
                                     ship=Text.of(f"sm.ship.{ship}"), n=fame), "pirate")

    def _draw_hand(self, surface: pygame.Surface, viewer: int) -> None:
        g = self.game
        held = self.drag.holding
        rects = self._card_rects()
        f = theme.font("bold", 14)
        tag = theme.render_text(tr("sm.ui.your_hand"), f, palette.PARCHMENT, outline=palette.INK)
        surface.blit(tag, (self.lay.middle.x + theme.px(4), self.lay.middle.y + theme.px(2)))
        for i, card in enumerate(g.hands[viewer]):
            rect = rects.get(card)
            if rect is None:
                continue
            tok = self._tokens.get(card)
            lifted = tok is not None and tok is held
            if tok is None or tok is not self.drag.dragging:
                self._draw_movement(surface, card, tok.rect if lifted else rect, lifted)
            self.explain(rect, Text.of(f"sm.explain.card.{card_type(card)}"), "hand")
            key = theme.render_text(str(i + 1), theme.font("bold", 13), palette.PARCHMENT, outline=palette.INK)
            surface.blit(key, key.get_rect(topright=(rect.right - theme.px(4), rect.y + theme.px(2))))

    def _draw_flights(self, surface: pygame.Surface) -> None:
        th = max(16, theme.px(30))
        for clip in self.timeline.clips(Token):
            if clip.started and not clip.done:
                img = sprites.fame_card(th)
                x, y = clip.point()
                surface.blit(img, img.get_rect(center=(int(x), int(y))))
        for clip in self.timeline.clips(CardFly):
            if clip.started and not clip.done:
                h = self.lay.card_h
                card = clip.card
                if card.startswith("adv-"):
                    img = sprites.adventure_card(card, h)
                elif card.startswith("mv-"):
                    img = sprites.movement_card(card, h)
                else:
                    img = sprites.movement_back(h)
                x, y = clip.point()
                surface.blit(img, img.get_rect(center=(int(x), int(y))))

    def _draw_verdicts(self, surface: pygame.Surface) -> None:
        """An accusation: the spotlight on the accused's box, then the captain shown (right) or "No!" stamped."""
        for clip in self.timeline.clips(Verdict):
            a = clip.alpha()
            if a <= 0:
                continue
            boxes = self._seat_boxes()
            if not 0 <= clip.accused < len(boxes):
                continue
            box = boxes[clip.accused]
            veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            veil.fill((0, 0, 0, int(a * 0.45)))
            pygame.draw.ellipse(veil, (0, 0, 0, 0), box.inflate(theme.px(70), theme.px(70)))
            surface.blit(veil, (0, 0))
            centre = (box.centerx, box.bottom + theme.px(80))
            if clip.answered and clip.correct:
                img = sprites.pirate_card(clip.pirate, theme.px(150))
                img = img.copy()
                img.set_alpha(a)
                surface.blit(img, img.get_rect(midtop=(box.centerx, box.bottom + theme.px(6))))
            elif clip.answered:
                f = theme.font("display", 54)
                img = theme.render_text(tr("sm.ui.no"), f, RED, outline=palette.WHITE)
                img = pygame.transform.rotate(img, 12)
                img.set_alpha(a)
                surface.blit(img, img.get_rect(center=centre))
            f = theme.font("bold", 16)
            line = theme.render_text(tr("sm.ui.accusing", name=self.seat_name(clip.accused),
                                        captain=tr(f"sm.captain.{clip.pirate}")), f, palette.PARCHMENT,
                                     outline=palette.INK)
            surface.blit(line, line.get_rect(midtop=(box.centerx, max(0, box.y - theme.px(22)))))

    def _draw_banners(self, surface: pygame.Surface) -> None:
        draw_banners(surface, self.timeline, (self.lay.row.centerx, self.lay.row.y + theme.px(30)))

    # ------------------------------------------------------------------------------------------
    # The end panel: every pirate, each player's ships added one by one, the tie-breaks
    # ------------------------------------------------------------------------------------------
    def _count_step(self) -> int:
        """How many of the count's steps are shown (one more every 0.6 s at normal speed since the panel opened;
        a click on the panel shows them all)."""
        if not self.ending.visible:
            return 0
        speed = max(0.01, float(self.timeline.speed or 1.0))
        return int((self.app.clock.now() - self.ending.started) * speed / 0.45) + 1

    def _count_steps(self) -> int:
        """The steps of the whole count: one for each ship a player owns, then the winner and how."""
        return sum(len(self.game.owned_ships(k)) for k in range(self.game.players)) + 1

    def counting(self) -> bool:
        """True while the final count is still turning the ships over."""
        return self.ending.visible and self._count_step() < self._count_steps()

    def _ending_next(self) -> None:
        """The end panel's button (and Enter): while the count goes on it shows the whole count at once; then the
        results. A click never skips past a count nobody has seen whole."""
        if self.counting():
            self.ending.started = self.app.clock.now() - self._count_steps() * 0.45 / max(
                0.01, float(self.timeline.speed or 1.0))
            self.mark_dirty()
            return
        self._see_results()

    def _draw_ending(self, surface: pygame.Surface) -> None:
        e = self.ending
        if not e.visible:
            return
        self._layout_ending()
        g = self.game
        surface.blit(theme.overlay(surface.get_size(), (10, 20, 30, 130)), (0, 0))
        theme.draw_frame(surface, "panel", e.rect)
        pad = theme.px(18)
        x, y = e.rect.x + pad, e.rect.y + pad
        ft, fn, fs = theme.font("display", 28), theme.font("bold", 16), theme.font("text", 14)
        result = self.state.result()
        names = [self.seat_name(w) for w in result.winners]
        title = tr("sm.ui.winner", name=names[0]) if len(names) == 1 else \
            tr("sm.ui.winners", names=", ".join(names[:-1]), last=names[-1])
        shown = self._count_step()
        owned_total = sum(len(g.owned_ships(k)) for k in range(g.players))
        theme.draw_text(surface, title if shown > owned_total else tr("sm.ui.final_count"), ft, palette.INK,
                        (e.rect.centerx, y), "midtop")
        y += ft.get_linesize() + theme.px(6)
        ch = theme.px(70)
        step = 0
        for seat in range(g.players):
            chip = theme.seat_chip(self.seat_colour(seat), theme.px(22))
            surface.blit(chip, (x, y))
            theme.draw_text(surface, self.seat_name(seat), fn, palette.INK, (x + theme.px(28), y + theme.px(1)))
            secured = g.secured[seat] + g.secured_owed[seat]
            total = secured
            tx = x + theme.px(28)
            ty = y + fn.get_linesize() + theme.px(2)
            token = sprites.fame_token(theme.px(20))
            surface.blit(token, (tx, ty + theme.px(4)))
            theme.draw_text(surface, tr("sm.ui.secured_n", n=secured), fs, palette.INK,
                            (tx + theme.px(24), ty + theme.px(6)))
            tx += theme.px(130)
            for ship in sorted(g.owned_ships(seat), key=g.space_of):
                step += 1
                if step > shown:
                    break
                pirate = pirate_of(ship)
                img = sprites.pirate_card(pirate, ch)
                surface.blit(img, (tx, ty))
                fame = g.fame_of(ship)
                total += fame
                lines = [tr(f"sm.ship.{ship}"), tr("sm.ui.ship_fame", n=fame, space=g.space_of(ship)) +
                         (" · " + tr("sm.ui.damaged") if g.is_damaged(ship) else "")]
                theme.draw_text(surface, lines[0], fs, palette.INK, (tx + img.get_width() + theme.px(4), ty + theme.px(8)))
                theme.draw_text(surface, lines[1], fs, palette.INK_SOFT,
                                (tx + img.get_width() + theme.px(4), ty + theme.px(8) + fs.get_linesize()))
                tx += img.get_width() + max(fs.size(x)[0] for x in lines) + theme.px(18)
            theme.draw_text(surface, tr("sm.ui.total", n=total), theme.font("display", 22), palette.INK,
                            (e.rect.right - pad, y + theme.px(18)), "topright")
            y = max(y + theme.px(86), ty + ch + theme.px(8))
        # the set-aside pirates: their ships belonged to nobody (R52)
        unowned = [s for s in SHIPS if g.owner_of(pirate_of(s)) is None]
        if unowned:
            text = tr("sm.ui.unowned_list", ships=", ".join(tr(f"sm.ship.{s}") for s in unowned))
            for line in theme.wrap_text(text, fs, e.rect.w - 2 * pad):
                theme.draw_text(surface, line, fs, palette.INK_SOFT, (x, y))
                y += fs.get_linesize()
        if shown > owned_total and result.how is not None:
            for line in theme.wrap_text(tr(result.how), fn, e.rect.w - 2 * pad):
                theme.draw_text(surface, line, fn, palette.INK, (x, y + theme.px(4)))
                y += fn.get_linesize()
            for text in self.tiebreak_lines():
                theme.draw_text(surface, text, fs, palette.INK_SOFT, (x + theme.px(12), y + theme.px(4)))
                y += fs.get_linesize()
        counting = self.counting()
        e.button.text = Text.of("sm.ui.show_count" if counting else "sm.ui.see_results")
        e.button.draw(surface)
        self.explain(e.rect, Text.of("sm.explain.game_end"), "ending")
        self.explain(e.button.rect, Text.of("sm.explain.show_count" if counting else "sm.explain.see_results"),
                     "button")

    def tiebreak_lines(self) -> list[str]:
        """R55, R56: when the best score is shared, each tied player's undamaged ships and front-most space."""
        g = self.game
        best = max(g.score_of(k) for k in range(g.players))
        tied = [k for k in range(g.players) if g.score_of(k) == best]
        if len(tied) < 2:
            return []
        return [tr("sm.ui.tiebreak", name=self.seat_name(k), ships=g.undamaged_owned(k), space=g.front_most(k))
                for k in tied]

    def coach_room(self) -> pygame.Rect | None:
        """In a lesson the coach's panel takes the log's place (bottom right): the row, the market, the buttons,
        "Your pirates" and the notes stay in sight."""
        return pygame.Rect(self.lay.log)

    def recap_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """The recap over the log, never over the row: below the space numbers (a long recap keeps each turn's
        first lines; the log has them all)."""
        log = self.lay.log
        top = self.lay.numbers[0].bottom + theme.px(6)
        h = min(self.recap.preferred_size(log.w)[1], log.bottom - top)
        return pygame.Rect(log.x, log.bottom - h, log.w, h)


def playing(app: Any, seed: int = 1, sliding: bool = False) -> SpanishMainScene:
    """A four-player game some turns in (bots only, none playing on): the table's usual frame; ``sliding``: ships
    sliding along the row all the time (the bench's worst frame)."""
    from game.core.session import bench_session
    session = bench_session("spanish-main", {}, seed, 24)
    return _SlidingScene(app, session) if sliding else _StillScene(app, session)


_StillScene = still_scene(SpanishMainScene)


class _SlidingScene(_StillScene):
    """Slides the row's ships one space along and back whenever the last slide ends (bench only)."""

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.timeline.clips(ShipSlide):
            row = self.game.row
            for i, ship in enumerate(row):
                a = self.lay.ship_rect(i + 1).center
                b = self.lay.ship_rect(min(SPACES, i + 2)).center
                self.timeline.play(ShipSlide(ship, a, b, 0.0, seconds=0.6))


__all__ = ["SpanishMainScene", "EXPLAINED_KINDS", "playing"]
