"""The Pirates, Planks & Pesetas table (spec section 9): the ship from above, bow up, with its 12 planks; the island
by the stern's ladder; the side panel (``panel``) with whose turn it is and what to do, each player's movement board
and clip, treasures and the bag, and the log.

Gestures (every one has a click and a keyboard way):

- drag one of your pirates along the ring and drop it on a plank: while it is held every plank it may reach this turn
  lights with its cost in MP (with at most 5 MP only one direction reaches a plank, so the jump is unique); a lit
  plank that is full shows which pirate would fall into the sea (R21), and a jump that would end the round (a second
  player reaching 0/1, R30; the last turn of a 2-player round, R31) says so before the drop; a castaway is dragged
  from the island onto plank 6 or 7 by the ladder, or on beyond it (R23, "2 + 2 MP"). Click a pirate, then a lit
  plank: the same. Keyboard: Tab / Left / Right pick a pirate, Up / Down a plank, Enter jumps, Escape puts it down,
  E ends the turn, Ctrl+Z takes back a jump (Undo until End turn);
- End turn once at least 1 MP is spent (R14); the turn also ends by itself when its MP are spent (R15);
- the starting player's choices at the table (options ``first-plank`` and ``colours``): a click on the plank of the
  first chest, then of the first pirate (R3, R4); the two colours from a chooser (R7). The feel-draw offer (V1) and a
  duplicate's recipient among tied players (R42) are choosers too.

What happened comes from the engine's events as the viewer sees them (``on_events``): a jump arcs over the planks it
passes (R19), a pushed pirate waits until the jump lands, splashes and swims to the island (R21), the clip slides
down the board (R12), at scoring each chest's plank lights in turn, cancelled pirates shake and the winner glows
(R34, R35), the bag wobbles and each treasure flies to its drawer and on to the player it is given to, or away
(R40, R42, R43); the chests slide two planks clockwise once the round's panel is closed (R44).

The live preview (section 9): beside each chest, who would win it if the round ended now (the engine's
``chest_winners``, after cancellations), and a gold ring at that pirate's feet.

The end of a round is held on a panel (what each chest gave, the draws, the gifts, the totals) until Next round; the
end of the game on another (the final count, and the lines laid out when the count is tied, R48) until See the
results. Bots wait for both. Nothing here is secret but the feel-draw offer, which is in the drawer's view only.
"""
from __future__ import annotations

import logging
from typing import Any

import pygame

from game import games
from game.core.events import Event
from game.core.protocol import Action, Text
from game.core.session import GameSession
from game.games.planks import sprites
from game.games.planks.clips import (ChestSlide, Drop, Fall, Flight, Hop, Judge, Slide, Wobble,
                                     DROP_STAGGER, JUDGE_SECONDS)
from game.games.planks.layout import Layout, make_layout
from game.games.planks.panel import SidePanel
from game.games.planks.rules import (BIG, BUDGET, CHESTS, COLOURS, GIVE, KEEP, LENGTH, PLANKS, PLAY,
                                     SETUP_CHESTS, SETUP_COLOURS, SETUP_PIRATES, STERN_PLANKS,
                                     AWAY_FROM_LADDER, ChooseColours, EndTurn, GiveTreasure, KeepTreasure, Move,
                                     PlaceChests, PlacePirates, PlanksState, Rescue, chest_planks_from,
                                     colour_of, kind_of, line_length, move_to, pirate_text, plank_no, rescue_to,
                                     size_of)
from game.i18n import tr
from game.scenes.drag_table import DragTable, still_scene
from game.scenes.table import TableScene
from game.ui import palette, theme
from game.ui.clips import Banner, draw_banners
from game.ui.chooser import Chooser
from game.ui.dragdrop import DragController, DropTarget
from game.ui.widgets import Button

log = logging.getLogger("pgn.planks")

#: every kind of thing the table draws and names (issue 15: what a player sees explains itself)
EXPLAINED_KINDS = ("ship", "plank", "pirate", "castaway", "chest", "preview", "island", "ladder", "board",
                   "counter", "marker", "treasure", "count", "bag", "seat", "prompt", "target", "last-move",
                   "button", "ending")


class PirateToken:
    """One of the human's pirates as the drag-and-drop controller sees it: ``payload`` the pirate id, ``rect`` its
    standee's picture where it stands (on a plank or on the island)."""

    def __init__(self, pirate: str) -> None:
        self.payload = pirate
        self.rect = pygame.Rect(0, 0, 0, 0)


class SetupToken:
    """The starting player's choice of a plank (R3, R4): always held while it is theirs, so the planks light and a
    click (or Enter on the focused one) places the chests or the first pirate there."""

    def __init__(self, what: str) -> None:
        self.payload = what
        self.rect = pygame.Rect(-100, -100, 1, 1)


class EndPanel:
    """The end of a round or of the game, held over the table until its button (issue 16)."""

    def __init__(self, on_next: Any) -> None:
        self.kind: str | None = None       # "round" or "game"
        self.title = Text.of("planks.ui.round_over", round=1)
        self.rows: list[dict[str, Any]] = []
        self.lines: list[Text] = []
        self.button = Button(Text.of("planks.ui.next_round"), on_next, min_width=200, height=44, size=18)
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def visible(self) -> bool:
        return self.kind is not None

    def hide(self) -> None:
        self.kind = None


class PlanksScene(DragTable, TableScene):
    name = "table:planks"
    EXPLAINED_KINDS = EXPLAINED_KINDS

    def __init__(self, app: Any, session: GameSession):
        super().__init__(app, games.get("planks"), session)
        self.end_button = Button(Text.of("planks.ui.end_turn"), self._end_turn, min_width=100, height=40, size=16)
        self.undo_button.min_width = 90
        self.menu_button.min_width = 90
        self.lay: Layout = make_layout(pygame.Rect(0, 0, 1280, 720))
        self.panel = SidePanel(self)
        self.drag = DragController(self._on_drop, tweener=self.timeline, keys=False, hint=self._hint,
                                   on_select=self._on_select, on_press=self._on_press, on_reject=self._on_reject)
        self._targets = [DropTarget(pygame.Rect(0, 0, 0, 0), data=p) for p in range(PLANKS)]
        for t in self._targets:
            t._accepts = lambda payload, t=t: self.drop_verdict(payload, t)
        self.drag.set_targets(self._targets)
        self._tokens: dict[str, PirateToken] = {}
        self._setup_token: SetupToken | None = None
        self._shown_budgets: list[int] = list(self.game.budgets)
        self._chest_hold: dict[str, int] | None = None      # chests drawn where they were until the round's panel closes
        self._pending_slides: list[tuple[str, int, int]] = []
        self._round_due = False
        self._ended_round = self.game.round
        self._budget_reset = False
        self._final_due = False
        self._results_shown = False
        self.ending = EndPanel(self._ending_next)
        self._drawn_at: dict[str, tuple[float, float]] = {}  # each piece's foot point last frame
        self._chooser_for: tuple | None = None
        self._consequences: dict[Action, Event | None] = {}
        self._consequence_key: Any = None
        self.resync_events()

    # ------------------------------------------------------------------------------------------
    # State helpers
    # ------------------------------------------------------------------------------------------
    @property
    def game(self) -> PlanksState:
        """The game as the seat on screen may see it (the feel-draw offer is the drawer's only)."""
        return self.viewed_state()

    def seat_colour(self, seat: int) -> int:
        """The palette colour a seat is shown in on this table: its (first) pirates' colour."""
        g = self.state
        colours = g.colours[seat] if seat < len(g.colours) else []  # type: ignore[attr-defined]
        if colours:
            return sprites.palette_index(colours[0])
        return sprites.palette_index(COLOURS[seat % len(COLOURS)])

    def shown_seats(self) -> list:
        import dataclasses
        return [dataclasses.replace(s, colour=self.seat_colour(i)) for i, s in enumerate(super().shown_seats())]

    def shown_budget(self, seat: int) -> float:
        clip = next((c for c in self.timeline.clips(Slide) if c.seat == seat), None)
        if clip is not None:
            return clip.value()
        return self._shown_budgets[seat] if seat < len(self._shown_budgets) else BUDGET

    def seat_status(self, seat: int) -> str:
        g = self.game
        if seat >= len(g.budgets):
            return ""
        if g.budgets[seat] == 0:
            return tr("planks.ui.status_zero")
        return ""

    def chest_planks(self) -> dict[str, int]:
        if self._chest_hold is not None:
            return dict(self._chest_hold)
        return {c: p for c, p in zip(CHESTS, self.game.chests) if p >= 0}

    # ------------------------------------------------------------------------------------------
    # Layout
    # ------------------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.lay = make_layout(rect)
        self.panel.layout(self.lay.side)
        self.logpanel.layout(self.lay.log)
        for t in self._targets:
            t.rect.update(self.lay.plank_rect(t.data).inflate(0, theme.px(10)))
        if self.chooser is not None:
            self.chooser.layout(self._popup_centre(), self._popup_width())
        self._layout_ending()
        self.mark_dirty()

    def _popup_area(self) -> pygame.Rect:
        """Where choosers and the end panels go: the table, or in a lesson the part right of the coach's panel."""
        t = self.lay.table
        if self.coach is not None and self.coach.step is not None:
            room = self.coach_room()
            return pygame.Rect(room.right, t.y, t.right - room.right, t.h)
        return t

    def _popup_centre(self) -> tuple[int, int]:
        return self._popup_area().centerx, self._popup_area().centery

    def _popup_width(self) -> int:
        return min(self._popup_area().w - theme.px(40), theme.px(560))

    # ------------------------------------------------------------------------------------------
    # The header
    # ------------------------------------------------------------------------------------------
    def header_lines(self) -> tuple[str, str, str]:
        """(whose turn; the MP this turn and left this round, R13; what to do now)."""
        g = self.game
        if self.ending.visible or g.is_over():
            return (tr("planks.ui.game_over") if g.is_over() else
                    tr("planks.ui.round_over_head", round=self._ended_round)), "", ""
        if self._round_due or any(not c.done for c in self.timeline.clips(Judge)):
            return tr("planks.ui.scoring_head", round=self._ended_round if self._round_due else g.round), "", \
                tr("planks.ui.scoring_prompt")
        seat = self.turn_shown()
        if seat is None:
            return "", "", ""
        title = tr("planks.ui.turn", name=self.seat_name(seat))
        mp = ""
        if g.phase == PLAY and seat == g.current:
            mp = tr("planks.ui.mp_tired") if g.tired else \
                tr("planks.ui.mp_line", n=g.left_in_turn(), left=g.budgets[seat])
        if self.is_bot(seat):
            said = self.bot_status(seat)                 # it thinks, or a lesson waits for Watch ...
            if self.thinking() != seat and said == tr("table.bot_turn", name=self.seat_name(seat)):
                said = tr("planks.ui.bot_playing", name=self.seat_name(seat))   # ... else its moves play out
            return title, mp, said
        if self.my_turn() is None:
            return title, mp, ""
        return title, mp, tr(self.prompt())

    def prompt(self) -> Text:
        g = self.game
        if g.phase == SETUP_COLOURS:
            return Text.of("planks.ui.prompt.colours")
        if g.phase == SETUP_CHESTS:
            return Text.of("planks.ui.prompt.chests")
        if g.phase == SETUP_PIRATES:
            return Text.of("planks.ui.prompt.pirates")
        if g.phase == KEEP:
            return Text.of("planks.ui.prompt.keep")
        if g.phase == GIVE:
            return Text.of("planks.ui.prompt.give", treasure=Text.of(f"planks.treasure.{kind_of(g.gift or '')}")) \
                if g.gift else Text.of("planks.ui.prompt.keep")
        if g.spent >= 1:
            return Text.of("planks.ui.prompt.more", n=g.left_in_turn())
        if g.tired:
            return Text.of("planks.ui.prompt.tired")
        return Text.of("planks.ui.prompt.move", n=g.left_in_turn())

    def status_text(self) -> str:
        return self.header_lines()[0]

    # ------------------------------------------------------------------------------------------
    # Actions
    # ------------------------------------------------------------------------------------------
    def _end_turn(self) -> None:
        seat = self.my_turn()
        if seat is not None and any(isinstance(a, EndTurn) for a in self.legal()):
            self.drag.cancel()
            self.play(EndTurn(seat))
        elif seat is not None and self.game.phase == PLAY:
            self.app.toast(tr(self.game.check(EndTurn(seat)) or Text.of("table.wait")))
            self.app.play("error")

    def _refresh_buttons(self) -> None:
        g = self.game
        seat = self.my_turn()
        self.end_button.visible = True
        self.end_button.enabled = seat is not None and g.phase == PLAY and g.spent >= 1 and not self.ending.visible
        self.undo_button.enabled = self.can_undo() and not self.ending.visible

    def _open_choices(self) -> None:
        """The starting player's colours (R7), the feel-draw offer (V1), a duplicate's recipient (R42): choosers."""
        seat = self.my_turn()
        g = self.game
        key = (seat, g.phase, len(self.state.events)) if seat is not None else None
        coach = self.coach
        talking = coach is not None and coach.step is not None and (coach.explaining or coach.step.expect is None)
        if key is None or g.phase not in (SETUP_COLOURS, KEEP, GIVE) or self.timeline.blocking or self.ending.visible \
                or talking:          # in a lesson a chooser waits for the step that asks for it
            if self.chooser is not None and self._chooser_for is not None and key != self._chooser_for:
                self.close_chooser()
                self._chooser_for = None
            return
        if self.chooser is not None and self._chooser_for == key:
            return
        buttons: list[Button] = []
        if g.phase == SETUP_COLOURS:
            for a in self.legal():
                assert isinstance(a, ChooseColours)
                label = Text.of("planks.ui.colour_pair", a=Text.of(f"planks.colour.{a.colours[0]}"),
                                b=Text.of(f"planks.colour.{a.colours[1]}"))
                buttons.append(Button(label, lambda a=a: self._choose(a), min_width=150, height=42, size=16))
            prompt = Text.of("planks.ui.prompt.colours")
        elif g.phase == KEEP:
            for a in self.legal():
                assert isinstance(a, KeepTreasure)
                kind = kind_of(a.tile)
                label = Text.of("planks.ui.keep", treasure=Text.of(f"planks.treasure.{kind}"), length=LENGTH[kind])
                buttons.append(Button(label, lambda a=a: self._choose(a), min_width=170, height=42, size=16,
                                      icon=sprites.treasure(kind, theme.px(26))))
            prompt = Text.of("planks.ui.prompt.keep")
        else:
            for a in self.legal():
                assert isinstance(a, GiveTreasure)
                buttons.append(Button(Text.of("planks.ui.give_to", name=self.seat_name(a.to)),
                                      lambda a=a: self._choose(a), min_width=150, height=42, size=16,
                                      icon=theme.seat_chip(self.seat_colour(a.to), theme.px(24))))
            prompt = self.prompt()
        self._chooser_for = key
        chooser = Chooser(prompt, buttons, cancel=False)
        self.open_chooser(chooser, self._popup_centre(), self._popup_width())

    # ------------------------------------------------------------------------------------------
    # Drag and drop: what a gesture means (the table's contract)
    # ------------------------------------------------------------------------------------------
    def drop_actions(self, payload: Any, target: Any) -> list[Action]:
        """A pirate dropped on a plank: the jump there (the one direction within 5 planks, R16; else the shorter way,
        for the engine's reason), or for a castaway the rescue by the ladder with the fewest MP (R23). The setup
        token on a plank: the chests' (R3) or the first pirate's (R4) plank."""
        seat = self.my_turn()
        plank = getattr(target, "data", None)
        if seat is None or not isinstance(plank, int):
            return []
        if payload == SETUP_CHESTS:
            return [PlaceChests(seat, plank)]
        if payload == SETUP_PIRATES:
            return [PlacePirates(seat, plank)]
        if not isinstance(payload, str):
            return []
        g = self.game
        if payload in g.island:
            rescue = rescue_to(seat, payload, plank)
            if rescue is not None:
                return [rescue]
            best = min(STERN_PLANKS, key=lambda s: ((plank - s) * AWAY_FROM_LADDER[s]) % PLANKS)
            steps = ((plank - best) * AWAY_FROM_LADDER[best]) % PLANKS
            return [Rescue(seat, payload, best, steps, AWAY_FROM_LADDER[best])]
        frm = g.plank_of(payload)
        if frm < 0 or frm == plank:
            return []
        move = move_to(seat, payload, frm, plank)
        if move is not None:
            return [move]
        cw = (plank - frm) % PLANKS
        return [Move(seat, payload, 1, cw) if cw <= PLANKS - cw else Move(seat, payload, -1, PLANKS - cw)]

    def no_drop_reason(self, payload: Any, target: Any) -> Text:
        if isinstance(payload, str) and payload.startswith("pirate-"):
            if getattr(target, "data", None) == self.game.plank_of(payload):
                return Text.of("planks.reason.same_plank")
        return Text.of("planks.reason.on_a_plank")

    def pick_up_reason(self, pirate: str) -> Text | None:
        """None when ``pirate`` may move now (its planks light), else the engine's reason (R17 moved already, not
        yours, no MP left, R24 a rescue needs 2 MP)."""
        seat = self.my_turn()
        if seat is None:
            return Text.of("table.wait")
        g = self.game
        if g.phase != PLAY:
            return Text.of(f"planks.reason.phase.{g.phase}")
        mine = [a for a in self.legal() if isinstance(a, (Move, Rescue)) and a.pirate == pirate]
        if mine:
            return None
        probe: Action = Rescue(seat, pirate, 5, 0, -1) if pirate in g.island else Move(seat, pirate, 1, 1)
        return g.check(probe) or Text.of("planks.reason.not_yours")

    def _sync_drag(self) -> None:
        seat = self.my_turn()
        g = self.game
        sprites_: list[Any] = []
        if seat is not None and not self.ending.visible:
            if g.phase in (SETUP_CHESTS, SETUP_PIRATES):
                if self._setup_token is None or self._setup_token.payload != g.phase:
                    self._setup_token = SetupToken(g.phase)
                sprites_ = [self._setup_token]
            elif g.phase == PLAY:
                mine = [p for p in g.pirates_of(seat) if g.plank_of(p) >= 0 or p in g.island]
                self._tokens = {p: self._tokens.get(p) or PirateToken(p) for p in mine}
                for p, tok in self._tokens.items():
                    if tok is not self.drag.dragging:
                        tok.rect = self._pirate_rect(p)
                sprites_ = sorted(self._tokens.values(), key=lambda t: t.rect.bottom)
        if self.drag.draggables != sprites_:
            self.drag.set_draggables(sprites_)
        if self._setup_token is not None and sprites_ == [self._setup_token]:
            if self.drag.selected is not self._setup_token:
                self.drag.select(self._setup_token)
        elif self.drag.selected is not None and self.drag.selected not in sprites_:
            self.drag.cancel()
        self.drag.refresh()

    def _pirate_rect(self, pirate: str) -> pygame.Rect:
        at = self._drawn_at.get(pirate) or self._rest_point(pirate)
        h = self.lay.standee_h
        top = sprites.standee_top(size_of(pirate), h)
        foot = sprites.standee_foot(h)
        w = h // 2
        return pygame.Rect(int(at[0] - w / 2), int(at[1] - foot[1] + top), w, max(8, foot[1] - top + theme.px(4)))

    def _on_press(self, payload: Any) -> bool | Text | None:
        if not isinstance(payload, str) or not payload.startswith("pirate-"):
            return None
        why = self.pick_up_reason(payload)
        if why is not None:
            self.app.toast(tr(why))
            self.app.play("error")
            self.mark_dirty()
            return why
        self.app.play("click")
        self.drag.refresh()
        return None

    def _on_select(self, payload: Any) -> None:
        self.drag.refresh()
        self.mark_dirty()

    def consequence(self, action: Action) -> tuple[str | None, bool]:
        """What a move would do besides moving (section 9: shown before it is made): the pirate that would fall
        into the sea (R21), and whether it would end the round (R30, R31)."""
        key = (id(self.state), len(self.state.events), self.viewer())
        if key != self._consequence_key:
            self._consequence_key, self._consequences = key, {}
        if action not in self._consequences:
            trial = self.game.clone()
            try:
                before = len(trial.events)
                trial.apply(action)
                new = trial.events[before:]
            except Exception:   # an illegal move: nothing to foresee
                new = []
            fell = next((e.get("piece") for e in new if e.kind == "pushed"), None)
            scoring = any(e.kind == "scoring" for e in new)
            self._consequences[action] = (fell, scoring)  # type: ignore[assignment]
        return self._consequences[action]  # type: ignore[return-value]

    def _hint(self, payload: Any, target: Any) -> Text | str | None:
        """What the pointer says over a plank while a pirate is held: the cost, who would fall, the round's end."""
        if not isinstance(payload, str) or not payload.startswith("pirate-"):
            return None
        return super()._hint(payload, target)

    def target_says(self, action: Action) -> Text:
        fell, scoring = self.consequence(action)
        if isinstance(action, Rescue):
            cost = Text.of("planks.ui.cost_rescue", steps=action.steps)
        else:
            cost = Text.of("planks.ui.cost", n=getattr(action, "steps", 1))
        if fell is not None:
            key = "planks.ui.hint_fall_end" if scoring else "planks.ui.hint_fall"
            return Text.of(key, cost=cost, pirate=pirate_text(fell))
        return Text.of("planks.ui.hint_end", cost=cost) if scoring else cost

    # ------------------------------------------------------------------------------------------
    # Input
    # ------------------------------------------------------------------------------------------
    def handle_table(self, event: pygame.event.Event) -> None:
        if self._handle_ending(event, self._ending_next):
            return
        self._refresh_buttons()
        for b in (self.end_button, self.undo_button, self.menu_button):
            if b.handle(event):
                self.mark_dirty()
                return
        if self.logpanel.handle(event):
            self.mark_dirty()
            return
        if event.type == pygame.KEYDOWN and self._handle_key(event):
            self.mark_dirty()
            return
        self._handle_drag_event(event, resync=False,
                                may_cancel=lambda: self.my_turn() is not None and self.game.phase == PLAY)

    def _handle_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key in (pygame.K_e,) and not event.mod & pygame.KMOD_CTRL:
            self._end_turn()
            return True
        self._sync_drag()
        if key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT):
            if self.game.phase == PLAY:
                step = -1 if key == pygame.K_LEFT or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT) else 1
                self.drag.select_next(step)
                return True
        if key in (pygame.K_UP, pygame.K_DOWN):
            self.drag.focus_next_target(-1 if key == pygame.K_UP else 1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.drag.selected is not None and self.drag.focused_target is not None:
                self.drag.drop_on_focused()
                return True
        if key == pygame.K_ESCAPE and self.drag.selected is not None and self.game.phase == PLAY:
            self.drag.cancel()
            return True
        return False

    # ------------------------------------------------------------------------------------------
    # What happened: events -> clips
    # ------------------------------------------------------------------------------------------
    def on_resync(self) -> None:
        self.timeline.cancel()
        self._drawn_at = {}
        self.forget_kept()
        self._chest_hold = None
        self._pending_slides = []
        self._budget_reset = False
        self._round_due = False
        self.ending.kind = None if self.ending.kind == "round" else self.ending.kind
        self._shown_budgets = list(self.game.budgets)
        self.drag.cancel()
        self.mark_dirty()

    def _rest_point(self, pirate: str) -> tuple[float, float]:
        """Where ``pirate`` stands now in the viewer's game: its place on its plank, or its spot on the island."""
        g = self.game
        plank = g.plank_of(pirate)
        if plank >= 0:
            return self.lay.place(plank, g.planks[plank].index(pirate))
        if pirate in g.island:
            return self.lay.castaway(g.island.index(pirate), len(g.island))
        return self.lay.table.center

    def _plank_middle(self, plank: int) -> tuple[float, float]:
        return self.lay.place(plank, 1)

    def on_events(self, events: list[Event], first: int) -> None:
        g = self.game
        lay = self.lay
        move_end = 0.0           # when the last jump of this batch lands
        scoring_at: float | None = None
        for e in events:
            k = e.kind
            if k == "moved" and isinstance(e.get("piece"), str) and e.get("piece", "").startswith("pirate-"):
                piece = e.get("piece")
                start = self._drawn_at.get(piece) or self._rest_point(piece)
                path = [int(p) for p in e.get("path") or ()]
                stops = [self._plank_middle(p) for p in path[:-1]] + [self._rest_point(piece)]
                climb: list[tuple[float, float]] = []
                if e.get("how") == "rescue":
                    top, foot = lay.ladder()
                    climb = [foot, top]
                    stops = stops[1:] if len(stops) > 1 else stops
                    stops = [self._plank_middle(path[0])] + stops if len(path) > 1 else stops
                clip = Hop(piece, start, stops, lift=lay.standee_h * 0.45, delay=self.timeline.tail(True),
                           climb=climb)
                self.timeline.play(clip)
                move_end = clip.delay + clip.duration
                seat = e.seat if e.seat is not None else -1
                if 0 <= seat < len(self._shown_budgets) and e.get("budget") is not None:
                    before, after = self._shown_budgets[seat], int(e.get("budget"))
                    if before != after:
                        self.timeline.play(Slide(seat, before, after, delay=clip.delay))
                    self._shown_budgets[seat] = after
                self.timeline.call(clip.delay + clip.duration, lambda: self.app.play("hop"))
            elif k == "pushed":
                piece = e.get("piece")
                start = self._drawn_at.get(piece) or lay.place(int(e.get("frm")), 0)
                fall = Fall(piece, start, lay.splash_point(int(e.get("frm"))), self._rest_point(piece),
                            delay=max(move_end, self.timeline.tail(True)))
                self.timeline.play(fall)
                self.timeline.call(fall.wait + 0.15, lambda: self.app.play("splash"))
            elif k == "skipped" and e.seat is not None:
                self.timeline.then(Banner(Text.of("planks.ui.skipped", name=self.seat_name(e.seat))))
                if e.seat < len(self._shown_budgets):
                    self._shown_budgets[e.seat] = int(e.get("budget", 0))
            elif k == "clip" and e.seat is not None and e.get("exhausted"):
                if e.seat < len(self._shown_budgets):
                    self._shown_budgets[e.seat] = 0
            elif k == "scoring":
                scoring_at = self.timeline.tail(True)
                self.timeline.at(scoring_at, Banner(Text.of("planks.ui.scoring", name=self.seat_name(e.seat or 0))))
                scoring_at += 1.2
            elif k == "chest":
                at = scoring_at if scoring_at is not None else self.timeline.tail(True)
                self.timeline.play(Judge(e.get("chest"), int(e.get("plank")), e.get("cancelled") or (),
                                         e.get("winner"), e.get("owner"), delay=at))
                scoring_at = at + JUDGE_SECONDS
            elif k == "drew" and e.seat is not None:
                at = max(scoring_at or 0.0, self.timeline.tail(True))
                for i, tile in enumerate(e.get("tiles") or ()):
                    self.timeline.play(Wobble(at + i * 0.5))
                    self._fly(tile, e.seat, at + i * 0.5)
                scoring_at = at + 0.5 * len(e.get("tiles") or ()) + 0.4
            elif k == "kept" and e.seat is not None:
                self._fly(e.get("tile"), e.seat, self.timeline.tail(True))
            elif k == "gave" and e.seat is not None:
                tile = e.get("tile")
                old = next((c for c in self.timeline.clips(Flight) if c.tile == tile), None)
                to = int(e.get("to"))
                if old is not None:
                    old.cancel()
                    pts = old.points[:-1] + [self.panel.slot_point(f"next-{e.seat}", e.seat),
                                             self.panel.slot_point(tile, to)]
                    self.timeline.play(Flight(tile, pts, old.delay))
                else:
                    self.timeline.play(Flight(tile, [self.panel.slot_point(f"next-{e.seat}", e.seat),
                                                     self.panel.slot_point(tile, to)], self.timeline.tail(True)))
            elif k == "removed" and e.seat is not None:
                tile = e.get("tile")
                old = next((c for c in self.timeline.clips(Flight) if c.tile == tile), None)
                away = (self.lay.table.centerx, self.lay.table.bottom + 40)
                if old is not None:
                    old.cancel()
                    self.timeline.play(Flight(tile, old.points + [away], old.delay, away=True))
            elif k == "ended" and e.get("what") == "round":
                self._round_due = True
                self._ended_round = int(e.get("round", g.round))
                if self._chest_hold is None:                      # where they stood (a move below says otherwise)
                    self._chest_hold = {c: p for c, p in zip(CHESTS, g.chests) if p >= 0}
            elif k == "moved" and isinstance(e.get("piece"), str) and e.get("piece") in CHESTS:
                if self._chest_hold is None:
                    self._chest_hold = {}
                self._chest_hold[e.get("piece")] = int(e.get("frm"))      # R44: shown where it was until Next round
                self._pending_slides.append((e.get("piece"), int(e.get("frm")), int(e.get("to"))))
            elif k == "round":
                if self._round_due or self.ending.visible:
                    self._budget_reset = True                     # the clips go back to 12 with Next round
                else:
                    self._shown_budgets = [BUDGET] * g.players
            elif k == "placed" and e.get("what") == "pirates":
                for i, (piece, _plank) in enumerate(e.get("pirates") or ()):
                    self.timeline.play(Drop(piece, self._rest_point(piece), i * DROP_STAGGER))
            elif k == "ended" and e.get("what") == "game":
                self._round_due = False
        self.mark_dirty()

    def _fly(self, tile: str, seat: int, delay: float) -> None:
        bag = getattr(self.panel, "bag_point", self.panel.bag_rect.center)
        clip = self.timeline.play(Flight(tile, [bag, self.panel.slot_point(tile, seat)], delay))
        self.timeline.call(delay + clip.duration, lambda: self.app.play("treasure"))

    # ------------------------------------------------------------------------------------------
    # Endings (issue 16): the round's panel, the game's panel, then the results
    # ------------------------------------------------------------------------------------------
    def bot_due(self) -> int | None:
        if self.ending.visible or self._round_due or self._final_due:
            return None                     # the end of a round or of the game is read first
        return super().bot_due()

    def _round_report(self, final: bool) -> None:
        """The panel's rows from the viewer's events of the last scoring: each chest's winner, each player's draws
        (what they kept, gave, lost), their total."""
        events = self.viewer_events()
        start = max((i for i, e in enumerate(events) if e.kind == "scoring"), default=0)
        g = self.game
        rows = []
        for seat in range(g.players):
            rows.append({"seat": seat, "chests": [], "drew": [], "gave": [], "got": [], "removed": [],
                         "total": len(g.treasures[seat]), "line": line_length(g.treasures[seat])})
        lines: list[Text] = []
        for e in events[start:]:
            if e.kind == "chest":
                owner, winner = e.get("owner"), e.get("winner")
                chest_t = Text.of("planks.chest.big" if e.get("chest") in BIG else "planks.chest.small")
                if owner is None:
                    lines.append(Text.of("planks.ui.chest_nobody", chest=chest_t, plank=plank_no(int(e.get("plank")))))
                else:
                    rows[owner]["chests"].append(winner)
            elif e.kind in ("took", "kept") and e.seat is not None:
                rows[e.seat]["drew"].append(e.get("tile"))
            elif e.kind == "gave" and e.seat is not None:
                rows[e.seat]["gave"].append(e.get("tile"))
                rows[int(e.get("to"))]["got"].append(e.get("tile"))
            elif e.kind == "removed" and e.seat is not None:
                rows[e.seat]["removed"].append(e.get("tile"))
        self.ending.rows = rows
        self.ending.lines = lines

    def _show_round_panel(self) -> None:
        self._round_due = False
        self._round_report(final=False)
        self.ending.kind = "round"
        self.ending.title = Text.of("planks.ui.round_over", round=self._ended_round)
        self.ending.button.text = Text.of("planks.ui.next_round")
        self.drag.cancel()
        self._layout_ending()
        self.app.play("treasure")
        self.mark_dirty()

    def _show_final_panel(self) -> None:
        self._final_due = False
        self._round_due = False
        self._round_report(final=True)
        result = self.state.result()
        winners = [self.seat_name(w) for w in result.winners]
        self.ending.kind = "game"
        if len(winners) == 1:
            self.ending.title = Text.of("planks.ui.winner", name=winners[0])
        else:
            self.ending.title = Text.of("planks.ui.winners", names=", ".join(winners[:-1]), last=winners[-1])
        self.ending.lines = [result.how] if result.how is not None else []
        self.ending.button.text = Text.of("planks.ui.see_results")
        self._layout_ending()
        self.mark_dirty()

    def _ending_next(self) -> None:
        if self.ending.kind == "game":
            self._see_results()
            return
        self.ending.kind = None
        for chest, frm, to in self._pending_slides:               # R44: two planks clockwise, round the deck
            self.timeline.play(ChestSlide(chest, self._ring_path(frm, to), 0.0))
        self._pending_slides = []
        self._chest_hold = None
        if self._budget_reset:                                    # R12: every clip back on 12
            self._budget_reset = False
            for seat in range(self.game.players):
                if self._shown_budgets[seat] != BUDGET:
                    self.timeline.play(Slide(seat, self._shown_budgets[seat], BUDGET))
            self._shown_budgets = [BUDGET] * self.game.players
        self._still_since = None
        self.mark_dirty()

    def ending_shown(self) -> str | None:
        return {"round": "round-end", "game": "game-end"}.get(self.ending.kind or "")

    def _ring_path(self, frm: int, to: int) -> list[tuple[float, float]]:
        """A chest's way clockwise round the deck ring from plank ``frm`` to ``to`` (round the stern or the bow)."""
        planks = [frm]
        while planks[-1] != to:
            planks.append((planks[-1] + 1) % PLANKS)
        pts = self.ring_trail(planks)
        pts[0], pts[-1] = self.lay.chest(frm), self.lay.chest(to)
        return pts

    def ring_trail(self, planks: list[int]) -> list[tuple[float, float]]:
        """Points along the deck ring through the inner ends of ``planks`` (consecutive along the ring), with the
        turn round the stern (between planks 6 and 7) or the bow (between 12 and 1) where the way crosses it."""
        ring = self.lay.ring()

        def index(p: int) -> int:
            return p if p < 6 else p + 3
        pts = [ring[index(planks[0])]]
        for a, b in zip(planks, planks[1:]):
            if {a, b} == {5, 6}:
                turn = [ring[6], ring[7], ring[8]]
                pts += turn if a == 5 else turn[::-1]
            elif {a, b} == {11, 0}:
                turn = [ring[15], ring[16], ring[17]]
                pts += turn if a == 11 else turn[::-1]
            pts.append(ring[index(b)])
        return pts

    def _layout_ending(self) -> None:
        e = self.ending
        if not e.visible:
            return
        t = self._popup_area()
        w = min(t.w - theme.px(40), theme.px(620))
        row_h = theme.px(46)
        h = theme.px(70) + len(e.rows) * row_h + len(e.lines) * theme.px(24) + theme.px(80)
        if e.kind == "game":
            h += theme.px(10)
        e.rect = pygame.Rect(0, 0, w, min(h, t.h - theme.px(20)))
        e.rect.center = t.center
        e.button.layout(pygame.Rect(e.rect.centerx - theme.px(110), e.rect.bottom - theme.px(60), theme.px(220),
                                    theme.px(44)))

    # ------------------------------------------------------------------------------------------
    # Frame
    # ------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.timeline.blocking:
            if self._round_due and not self.ending.visible:
                self._show_round_panel()
            elif self._final_due and not self.ending.visible:
                self._show_final_panel()
        self._open_choices()

    def is_animating(self) -> bool:
        return super().is_animating() or self._round_due or self._final_due

    # ------------------------------------------------------------------------------------------
    # Drawing
    # ------------------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, viewer: int | None) -> None:
        self._refresh_buttons()
        if self.my_turn() is not None:
            self._sync_drag()
        moves = self.last_moves()
        if self.timeline.blocking and getattr(self, "_shown_moves", None) is not None:
            moves = self._shown_moves      # a move is marked once it has been shown (its hops and falls played)
        else:
            self._shown_moves = moves
        lay = self.lay      # the side panel's picture covers its part of the window: the ship's is laid beside it
        beside = lay.table if lay.table.union(lay.side) == surface.get_rect() else None
        self.kept("table", self._table_look(surface, moves), surface,
                  [self._paint_table, lambda layer: self._paint_marks(layer, moves), self._paint_chests,
                   self._paint_pieces],
                  area=beside, view=self.view_key(surface, viewer))
        self._draw_moving(surface)
        self._draw_targets(surface, labels=True)
        self._draw_judging(surface, under=False)
        self._fit_log()
        self.logpanel.draw(surface)
        self.panel.draw(surface)
        self._draw_flights(surface)
        self._draw_banners(surface)
        self.drag.draw_overlay(surface)
        self._draw_ending(surface)

    def _table_look(self, surface: pygame.Surface, moves: dict) -> tuple | None:
        """Everything the ship's picture -- the sea, the hull and planks, the last moves' trails, the chests and the
        pirates standing still -- depends on; None while a pirate is held or picked (then it is painted afresh every
        frame). What clips carry is drawn over it (``_draw_moving``), and so are the pirates a chest's scoring
        shakes (R35)."""
        from game.i18n import language
        if self.drag.holding is not None or self.drag.dragging is not None or self.drag.selected is not None:
            return None
        g = self.game
        return (surface.get_size(), tuple(self.lay.ship), tuple(self.lay.island), theme.px(100), language(),
                self.moves_key(moves), tuple(tuple(line) for line in g.planks), tuple(g.island), tuple(g.chests),
                tuple(g.moved), g.phase, self._chest_hold, tuple(self._judging()),
                tuple(c.plank for c in self.timeline.clips(Judge) if c.started and not c.done),   # (lit)
                frozenset(h for h in self.timeline.hidden() if h.startswith(("pirate-", "chest-"))),
                tuple((self.seat_name(s), self.seat_colour(s)) for s in range(g.players)))

    def _paint_table(self, surface: pygame.Surface) -> None:
        """The ship's picture, what ``_table_look`` names, in four steps: first the sea, the ship and what they
        explain; then its marks (``_paint_marks``), its chests (``_paint_chests``) and its pirates
        (``_paint_pieces``)."""
        lay = self.lay
        self.kept("ship", (surface.get_size(), tuple(lay.ship), tuple(lay.island), theme.px(100)), surface,
                  self._paint_ship, area=lay.table if lay.table.union(lay.side) == surface.get_rect() else None)
        self.explain(lay.island, Text.of("planks.explain.island", n=len(self.game.island)), "island")
        self.explain(lay.ship, Text.of("planks.explain.ship"), "ship")
        self._draw_planks_explained()
        self._explain_plank_numbers()
        self._draw_ladder_explained()

    def _paint_marks(self, surface: pygame.Surface, moves: dict) -> None:
        """The ship's picture, its second step: every seat's last-move trail, the lit planks, a chest's plank being
        judged."""
        self._draw_last_moves(surface, moves)
        self._draw_targets(surface)
        self._draw_judging(surface, under=True)

    def _paint_chests(self, surface: pygame.Surface) -> None:
        """The ship's picture, its third step: the chests and who would win each (section 9)."""
        self._place_pieces()
        self._draw_chests(surface)

    def _paint_pieces(self, surface: pygame.Surface) -> None:
        """The ship's picture, its last step: the pirates standing on it and on the island."""
        self._place_pieces()
        self._draw_pieces(surface)
        self._painted_hidden = frozenset(self.timeline.hidden())

    def _paint_ship(self, surface: pygame.Surface) -> None:
        """The sea, the island, the ship and its plank numbers: painted again only when the window changes."""
        lay = self.lay
        surface.blit(sprites.table_background(surface.get_size()), (0, 0))
        surface.blit(sprites.island(lay.island.w), lay.island)
        surface.blit(sprites.ship(lay.ship_h), lay.ship)
        self._draw_plank_numbers(surface)

    def _draw_planks_explained(self) -> None:
        g = self.game
        for p in range(PLANKS):
            pirates = g.planks[p]
            self.explain(self.lay.plank_rect(p), Text.of("planks.explain.plank", plank=plank_no(p), n=len(pirates)),
                         "plank")

    def _number_box(self, plank: int) -> pygame.Rect:
        """Where a plank's number disc is: past its outer end, clear of the frame round a lit plank (the layout
        leaves it room before the side panel)."""
        size = max(14, theme.px(22))
        r = self.lay.plank_rect(plank)
        box = pygame.Rect(0, 0, size, size)
        if r.centerx > self.lay.ship.centerx:
            box.midleft = (r.right + theme.px(6), r.centery)
        else:
            box.midright = (r.left - theme.px(6), r.centery)
        return box

    def _draw_plank_numbers(self, surface: pygame.Surface) -> None:
        """Each plank's number (1-12, as the log names them) on a disc at its outer end."""
        f = theme.font("bold", 13)
        for p in range(PLANKS):
            box = self._number_box(p)
            pygame.draw.circle(surface, palette.PARCHMENT, box.center, box.w // 2)
            pygame.draw.circle(surface, palette.WOOD_DARK, box.center, box.w // 2, width=max(1, theme.px(2)))
            theme.draw_text(surface, str(plank_no(p)), f, palette.INK, box.center, "center")

    def _explain_plank_numbers(self) -> None:
        for p in range(PLANKS):
            self.explain(self._number_box(p), Text.of("planks.explain.plank", plank=plank_no(p),
                                                      n=len(self.game.planks[p])), "plank")

    def _draw_ladder_explained(self) -> None:
        top, foot = self.lay.ladder()
        r = pygame.Rect(0, 0, theme.px(30), int(abs(foot[1] - top[1])) + theme.px(16))
        r.midtop = (int(top[0]), int(top[1]) - theme.px(8))
        self.explain(r, Text.of("planks.explain.ladder"), "ladder")

    def _draw_targets(self, surface: pygame.Surface, labels: bool = False) -> None:
        """While a pirate is held: every plank it may reach, lit (under the pieces) with its cost (``labels``: over
        them); the plank under the pointer says who would fall (R21) and whether the round would end (R30)."""
        held = self.drag.holding
        if held is None or self.my_turn() is None:
            return
        payload = self.drag.payload_of(held)
        over = self.drag.target_at(self.drag.mouse) if self.drag.dragging is not None else self.drag.focused_target
        f = theme.font("bold", 14)
        for t in self.drag.legal_targets(payload):
            r = self.lay.plank_rect(t.data)
            if not labels:
                theme.draw_glow(surface, r, palette.GOLD_LIGHT if t is not over else palette.WHITE,
                                spread=theme.px(8), radius=theme.px(6))
                continue
            action = self.drop_action(payload, t)
            if action is None:
                continue
            if isinstance(payload, str) and payload.startswith("pirate-"):
                label = tr("planks.ui.cost_rescue" if isinstance(action, Rescue) else "planks.ui.cost",
                           steps=getattr(action, "steps", 0), n=getattr(action, "steps", 0))
                fell, scoring = self.consequence(action)
                img = theme.render_text(label, f, palette.INK)
                box = img.get_rect()
                box.inflate_ip(theme.px(10), theme.px(4))
                port = r.centerx < self.lay.ship.centerx         # the label at the plank's inner end, by the hull
                if port:
                    box.midright = (r.right - theme.px(2), r.centery)
                else:
                    box.midleft = (r.left + theme.px(2), r.centery)
                colour = (255, 226, 214) if scoring else palette.PARCHMENT
                pygame.draw.rect(surface, colour, box, border_radius=theme.px(6))
                pygame.draw.rect(surface, palette.RED if scoring else palette.GOLD, box, width=max(1, theme.px(2)),
                                 border_radius=theme.px(6))
                surface.blit(img, img.get_rect(center=box.center))
                self.explain(box, self.target_says(action), "target")
                if fell is not None and t is over:
                    at = self._drawn_at.get(fell) or self._rest_point(fell)
                    ring = pygame.Rect(0, 0, theme.px(34), theme.px(14))
                    ring.center = (int(at[0]), int(at[1]))
                    pygame.draw.ellipse(surface, palette.RED, ring, width=max(2, theme.px(3)))
                    sp = sprites.splash(1, theme.px(34))
                    surface.blit(sp, sp.get_rect(center=self.lay.splash_point(t.data)))
            else:
                self.explain(r, Text.of("planks.explain.setup_target", plank=plank_no(t.data)), "target")
                if t is over or (self.drag.dragging is None and r.collidepoint(self.drag.mouse)):
                    self._draw_setup_ghost(surface, payload, t.data)

    def _draw_setup_ghost(self, surface: pygame.Surface, what: str, plank: int) -> None:
        """R3 / R4: where the chests, or the first pirate, would go."""
        if what == SETUP_CHESTS:
            for chest, p in zip(CHESTS, chest_planks_from(plank)):
                img = sprites.chest(chest in BIG, self.lay.chest_h, sprites.chest_facing(p)).copy()
                img.set_alpha(150)
                foot = sprites.chest_foot(self.lay.chest_h, sprites.chest_facing(p))
                at = self.lay.chest(p)
                surface.blit(img, (at[0] - foot[0], at[1] - foot[1]))
        else:
            r = self.lay.plank_rect(plank)
            pygame.draw.rect(surface, palette.WHITE, r, width=max(2, theme.px(3)), border_radius=theme.px(4))

    def _draw_chests(self, surface: pygame.Surface) -> None:
        g = self.game
        hidden = self.timeline.hidden()
        preview = {chest: (winner, cancelled) for chest, _p, winner, cancelled in g.chest_winners()} \
            if g.phase == PLAY and self._chest_hold is None else {}
        for chest, plank in self.chest_planks().items():
            if chest in hidden:
                continue
            self._blit_chest(surface, chest, plank, self.lay.chest(plank))
            if chest in preview:
                self._draw_preview(surface, chest, plank, *preview[chest])

    def _blit_chest(self, surface: pygame.Surface, chest: str, plank: int, at: tuple[float, float]) -> None:
        facing = sprites.chest_facing(plank)
        img = sprites.chest(chest in BIG, self.lay.chest_h, facing)
        foot = sprites.chest_foot(self.lay.chest_h, facing)
        r = img.get_rect(topleft=(int(at[0] - foot[0]), int(at[1] - foot[1])))
        surface.blit(img, r)
        self.explain(r, Text.of("planks.explain.chest_big" if chest in BIG else "planks.explain.chest_small",
                                plank=plank_no(plank)), "chest")

    def _draw_preview(self, surface: pygame.Surface, chest: str, plank: int, winner: str | None,
                      cancelled: list[str]) -> None:
        """Section 9: who would win this chest if the round ended now."""
        at = self.lay.chest(plank)
        size = theme.px(24)
        r = pygame.Rect(0, 0, size, size)
        side = sprites.chest_facing(plank)
        r.center = (int(at[0] - side * self.lay.chest_h * 0.15), int(at[1] - self.lay.chest_h * 0.95))
        if winner is None:
            pygame.draw.circle(surface, palette.PARCHMENT, r.center, size // 2)
            pygame.draw.circle(surface, palette.INK_SOFT, r.center, size // 2, width=max(1, theme.px(2)))
            theme.draw_text(surface, "–", theme.font("bold", 16), palette.INK_SOFT, r.center, "center")
            says = Text.of("planks.explain.preview_none", chest=Text.of(
                "planks.chest.big" if chest in BIG else "planks.chest.small"))
        else:
            seat = self.game.owner_of(winner)
            chip = theme.seat_chip(sprites.palette_index(colour_of(winner)), size)
            surface.blit(chip, r)
            f = theme.font("bold", 13)
            num = theme.render_text(str(size_of(winner)), f, palette.INK, outline=palette.WHITE)
            surface.blit(num, num.get_rect(midleft=(r.right + theme.px(1), r.centery)))
            says = Text.of("planks.explain.preview", pirate=pirate_text(winner),
                           name=self.seat_name(seat) if seat >= 0 else "?", n=len(cancelled))
            if self.drag.holding is None:
                feet = self._drawn_at.get(winner)
                if feet is not None and winner not in self.timeline.hidden():
                    ring = pygame.Rect(0, 0, theme.px(32), theme.px(12))
                    ring.center = (int(feet[0]), int(feet[1]))
                    pygame.draw.ellipse(surface, palette.GOLD_LIGHT, ring, width=max(2, theme.px(2)))
        self.explain(r.inflate(theme.px(12), theme.px(4)), says, "preview")

    def _place_pieces(self) -> None:
        """Where each pirate stands in the viewer's game now: its place on its plank, or its spot on the island."""
        g, lay = self.game, self.lay
        self._drawn_at = {pirate: lay.place(plank, place)
                          for plank in range(PLANKS) for place, pirate in enumerate(g.planks[plank])}
        self._drawn_at.update((pirate, lay.castaway(i, len(g.island))) for i, pirate in enumerate(g.island))

    def _draw_pieces(self, surface: pygame.Surface) -> None:
        """Every pirate standing where it is (front of the plank outward) and the castaways on the island, but those
        a clip carries (``_draw_moving``) and the one in the hand; the human's pirates that already moved this turn
        carry a mark (R17)."""
        hidden = self.timeline.hidden()
        held = self.drag.dragging
        held_payload = self.drag.payload_of(held) if held is not None else None
        judging = self._judging()
        items: list[tuple[float, str, tuple[float, float], float]] = []
        for pirate, at in self._drawn_at.items():
            if pirate in hidden or pirate == held_payload or pirate in judging:
                continue                            # (the shaking ones are drawn over the picture: ``_draw_moving``)
            items.append((at[1], pirate, at, 0.0))
        self._draw_standees(surface, items)

    def _judging(self) -> dict[str, Judge]:
        """The pirates a chest's scoring shakes now (R35: cancelled by a shared size), with its clip."""
        return {p: c for c in self.timeline.clips(Judge) if c.started and not c.done for p in c.cancelled}

    def _draw_moving(self, surface: pygame.Surface) -> None:
        """What clips carry, over the ship's picture: the chests sliding to their new planks (R44), the pirates
        jumping, dropping, falling and swimming (R19, R21, R23), then the pirate in the hand; and a pirate that has
        landed since the ship's picture was painted, while that picture is a frame late (``kept``)."""
        for clip in self.timeline.clips(ChestSlide):
            if clip.started:
                self._blit_chest(surface, clip.chest, self.game.chests[CHESTS.index(clip.chest)], clip.point())
        items: list[tuple[float, str, tuple[float, float], float]] = []
        hidden = self.timeline.hidden()
        landed = getattr(self, "_painted_hidden", frozenset()) - hidden    # since the ship's picture was painted
        for piece in sorted(landed):
            if piece.startswith("pirate-"):
                at = self._rest_point(piece)
                items.append((at[1], piece, at, 0.0))
            elif piece in CHESTS:
                plank = self.game.chests[CHESTS.index(piece)]
                self._blit_chest(surface, piece, plank, self.lay.chest(plank))
        held = self.drag.dragging
        held_payload = self.drag.payload_of(held) if held is not None else None
        for pirate, clip in sorted(self._judging().items()):       # R35: the cancelled pirates shake
            at = getattr(self, "_drawn_at", {}).get(pirate)
            if at is not None and pirate not in hidden and pirate != held_payload:
                items.append((at[1], pirate, (at[0] + clip.shake() * theme.px(5), at[1]), 0.0))
        for clip in self.timeline.clips():
            if isinstance(clip, (Hop, Drop)) and clip.started:
                at, lift = clip.point()
                items.append((at[1], clip.piece, at, lift))
            elif isinstance(clip, Fall):
                at = clip.point()
                if clip.phase == "fall":
                    sp = sprites.splash(min(3, int(clip.fall_t() * 4)), theme.px(44))
                    surface.blit(sp, sp.get_rect(center=(int(clip.splash[0]), int(clip.splash[1]))))
                    if clip.fall_t() < 0.5:
                        items.append((at[1], clip.piece, at, 0.0))
                elif clip.phase == "swim":
                    self._draw_swimmer(surface, clip.piece, at)
                else:
                    items.append((at[1], clip.piece, at, 0.0))
        self._draw_standees(surface, items)
        if held is not None and held_payload is not None:
            x, y = held.rect.midbottom
            self._blit_pirate(surface, held_payload, (x, y - theme.px(4)), theme.px(6))

    def _draw_standees(self, surface: pygame.Surface, items: list[tuple[float, str, tuple[float, float], float]]
                       ) -> None:
        """``items`` (depth, pirate, foot point, height above the deck), back to front, each named."""
        g = self.game
        moved = set(g.moved) if g.phase == PLAY else set()
        held = self.drag.dragging
        chosen = self.drag.payload_of(self.drag.selected) if self.drag.selected is not None and held is None else None
        for _y, pirate, at, lift in sorted(items, key=lambda it: it[0]):
            if pirate == chosen:                      # picked up by a click or the keyboard: ringed, and raised
                ring = pygame.Rect(0, 0, theme.px(40), theme.px(16))
                ring.center = (int(at[0]), int(at[1]))
                pygame.draw.ellipse(surface, palette.WHITE, ring.inflate(theme.px(4), theme.px(4)), width=max(2, theme.px(2)))
                pygame.draw.ellipse(surface, palette.GOLD_LIGHT, ring, width=max(2, theme.px(3)))
                lift = float(theme.px(6))
            r = self._blit_pirate(surface, pirate, at, lift)
            if pirate in moved and (lift == 0.0 or pirate == chosen):
                self._draw_moved_mark(surface, r)
            on_island = pirate in g.island
            key = "planks.explain.castaway" if on_island else "planks.explain.pirate"
            seat = g.owner_of(pirate)
            self.explain(r, Text.of(key, pirate=pirate_text(pirate), name=self.seat_name(seat) if seat >= 0 else "?",
                                    size=size_of(pirate)) if pirate not in moved else
                         Text.of("planks.explain.moved", pirate=pirate_text(pirate)),
                         "castaway" if on_island else "pirate")

    def _blit_pirate(self, surface: pygame.Surface, pirate: str, at: tuple[float, float], lift: float) -> pygame.Rect:
        h = self.lay.standee_h
        img = sprites.standee(colour_of(pirate), size_of(pirate), h)
        foot = sprites.standee_foot(h)
        if lift:
            shadow = theme.overlay((max(2, int(h * 0.35)), max(2, int(h * 0.12))), (0, 0, 0, 0)).copy()
            pygame.draw.ellipse(shadow, (0, 0, 0, 70), shadow.get_rect())
            surface.blit(shadow, shadow.get_rect(center=(int(at[0]), int(at[1]))))
        x, y = int(at[0] - foot[0]), int(at[1] - foot[1] - lift)
        surface.blit(img, (x, y))
        top = sprites.standee_top(size_of(pirate), h)
        return pygame.Rect(x, y + top, img.get_width(), max(4, foot[1] - top + theme.px(4)))

    def _draw_swimmer(self, surface: pygame.Surface, pirate: str, at: tuple[float, float]) -> None:
        h = self.lay.standee_h
        img = sprites.standee(colour_of(pirate), size_of(pirate), h)
        top = sprites.standee_top(size_of(pirate), h)
        head = img.subsurface(pygame.Rect(0, top, img.get_width(), max(1, min(img.get_height() - top, int(h * 0.22)))))
        r = head.get_rect(midbottom=(int(at[0]), int(at[1])))
        surface.blit(head, r)
        pygame.draw.ellipse(surface, palette.FOAM, r.inflate(theme.px(8), 0).move(0, r.h // 2).clip(
            r.inflate(theme.px(8), theme.px(6)).move(0, r.h // 2)), width=max(1, theme.px(2)))

    def _draw_moved_mark(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        size = theme.px(16)
        c = (r.right - size // 3, r.top + size // 2)
        pygame.draw.circle(surface, palette.INK_SOFT, c, size // 2)
        pygame.draw.circle(surface, palette.PARCHMENT, c, size // 2, width=max(1, theme.px(2)))
        w = max(2, theme.px(2))
        pygame.draw.lines(surface, palette.PARCHMENT, False, [(c[0] - size // 4, c[1]), (c[0] - size // 12, c[1] + size // 5),
                                                              (c[0] + size // 4, c[1] - size // 5)], w)

    def _draw_judging(self, surface: pygame.Surface, under: bool) -> None:
        for clip in self.timeline.clips(Judge):
            if not clip.started or clip.done:
                continue
            r = self.lay.plank_rect(clip.plank)
            if under:
                theme.draw_glow(surface, r, palette.GOLD_LIGHT, spread=theme.px(12), radius=theme.px(6))
                continue
            if clip.winner is not None and clip.winner in self._drawn_at and clip.t > 0.35:
                at = self._drawn_at[clip.winner]
                ring = pygame.Rect(0, 0, theme.px(40), theme.px(16))
                ring.center = (int(at[0]), int(at[1]))
                pygame.draw.ellipse(surface, palette.GOLD_LIGHT, ring, width=max(3, theme.px(4)))
            if clip.t > 0.35:
                owner = clip.owner
                text = tr("planks.ui.judge_win", pirate=tr(pirate_text(clip.winner)),
                          name=self.seat_name(owner)) if clip.winner is not None and owner is not None \
                    else tr("planks.ui.judge_none")
                f = theme.font("bold", 16)
                img = theme.render_text(text, f, palette.INK)
                box = img.get_rect().inflate(theme.px(14), theme.px(6))
                box.midbottom = (r.centerx, r.top - theme.px(4))
                box.clamp_ip(self.lay.table)
                pygame.draw.rect(surface, palette.PARCHMENT, box, border_radius=theme.px(6))
                pygame.draw.rect(surface, palette.GOLD, box, width=max(1, theme.px(2)), border_radius=theme.px(6))
                surface.blit(img, img.get_rect(center=box.center))

    def _draw_flights(self, surface: pygame.Surface) -> None:
        th = theme.px(26)
        for clip in self.timeline.clips(Flight):
            if not clip.started:
                continue
            img = sprites.treasure(kind_of(clip.tile), th)
            if clip.away:
                img = img.copy()
                img.set_alpha(clip.alpha())
            x, y = clip.point()
            surface.blit(img, img.get_rect(center=(int(x), int(y))))

    def _draw_banners(self, surface: pygame.Surface) -> None:
        draw_banners(surface, self.timeline, (self.lay.table.centerx, self.lay.table.y + theme.px(60)))

    def _draw_last_moves(self, surface: pygame.Surface, moves: dict) -> None:
        """Issue 16: each seat's last move stays marked until it moves again: a dotted trail in its colour from the
        plank it left (or the island, up the ladder) round the deck ring the way it went to where it landed, with its
        chip at the start, on the ship's picture (``_paint_marks``). ``moves`` are the moves the table has shown: while
        a move's hops and falls play, the marks before it stay (``draw_table``)."""
        dot = max(2, theme.px(3))
        for seat, pairs in moves.items():
            rgb, dots, chips = self._seat_trail(seat, pairs)
            for at in dots:
                pygame.draw.circle(surface, rgb, at, dot)
            for chip, cr, text in chips:
                surface.blit(chip, cr)
                self.explain(cr.inflate(theme.px(6), theme.px(6)), text, "last-move")

    def _seat_trail(self, seat: int, pairs: list) -> tuple[tuple[int, int, int], list[tuple[int, int]], list]:
        """One seat's last move as a dotted trail in its colour from the plank it left (or the island, up the
        ladder) round the deck ring the way it went to where it landed, with its chip at the start: the colour, the
        dots and the chips (picture, place, what it says). Worked out again only when the seat's own last move
        changes."""
        import math
        from game.i18n import language
        moved = tuple((e.kind, str(e.get("piece")), str(e.get("frm")), tuple(e.get("path") or ())) for _i, e in pairs)
        key = (seat, moved, self.seat_colour(seat), tuple(self.lay.ship), theme.px(100), self.seat_name(seat),
               language())
        kept = self.__dict__.setdefault("_seat_trails", {})
        got = kept.get(seat)
        if got is not None and got[0] == key:
            return got[1]
        lay = self.lay
        rgb = theme.seat_colour(self.seat_colour(seat))
        step = max(6, theme.px(9))
        dots: list[tuple[int, int]] = []
        chips: list = []
        for _i, e in pairs:
            if e.kind != "moved" or not str(e.get("piece", "")).startswith("pirate-"):
                continue
            path = [int(p) for p in e.get("path") or ()]
            if not path:
                continue
            if e.get("frm") == "island":        # R23: from the island, up the ladder, round the deck
                top, foot = lay.ladder()
                pts = [foot, top] + self.ring_trail(path) + [self._plank_middle(path[-1])]
            else:                                # R16: along the deck ring, the way the pirate went
                frm = int(e.get("frm"))
                pts = [self._plank_middle(frm)] + self.ring_trail([frm] + path) + [self._plank_middle(path[-1])]
            for a, b in zip(pts, pts[1:]):
                n = max(1, int(math.dist(a, b) / step))
                for i in range(n + 1):
                    dots.append((int(a[0] + (b[0] - a[0]) * i / n), int(a[1] + (b[1] - a[1]) * i / n)))
            chip = theme.seat_chip(self.seat_colour(seat), theme.px(18))
            cr = chip.get_rect(center=(int(pts[0][0]), int(pts[0][1]) - theme.px(2)))
            chips.append((chip, cr, Text.of("planks.explain.last_move", name=self.seat_name(seat),
                                             pirate=pirate_text(e.get("piece")), to=plank_no(path[-1]))))
        kept[seat] = (key, (rgb, dots, chips))
        return rgb, dots, chips

    def _draw_ending(self, surface: pygame.Surface) -> None:
        e = self.ending
        if not e.visible:
            return
        self._layout_ending()
        veil = theme.overlay(self.lay.table.size, (10, 20, 30, 110))
        surface.blit(veil, self.lay.table)
        theme.draw_frame(surface, "panel", e.rect)
        pad = theme.px(18)
        x, y = e.rect.x + pad, e.rect.y + pad
        ft, fn, fs = theme.font("display", 30), theme.font("bold", 17), theme.font("text", 15)
        theme.draw_text(surface, tr(e.title), ft, palette.INK, (e.rect.centerx, y), "midtop")
        y += ft.get_linesize() + theme.px(8)
        th = theme.px(24)
        for row in e.rows:
            seat = row["seat"]
            chip = theme.seat_chip(self.seat_colour(seat), theme.px(22))
            surface.blit(chip, (x, y))
            theme.draw_text(surface, self.seat_name(seat), fn, palette.INK, (x + theme.px(28), y))
            total = tr("planks.ui.total", n=row["total"], length=row["line"])
            theme.draw_text(surface, total, fn, palette.INK, (e.rect.right - pad, y), "topright")
            tx = x + theme.px(28) + min(theme.px(150), fn.size(self.seat_name(seat))[0] + theme.px(12))
            parts: list[str] = []
            if row["chests"]:
                parts.append(tr("planks.ui.won_chests", n=len(row["chests"])))
            shown = list(self.game.treasures[seat]) if e.kind == "game" else row["drew"]   # R48: the whole line
            for tile in shown:
                img = sprites.treasure(kind_of(tile), th)
                surface.blit(img, (tx, y - theme.px(2)))
                tx += img.get_width() + theme.px(3)
            notes = []
            for tile in row["gave"]:
                notes.append(tr("planks.ui.gave_away", treasure=tr(f"planks.treasure.{kind_of(tile)}")))
            for tile in row["got"]:
                notes.append(tr("planks.ui.got", treasure=tr(f"planks.treasure.{kind_of(tile)}")))
            for tile in row["removed"]:
                notes.append(tr("planks.ui.removed", treasure=tr(f"planks.treasure.{kind_of(tile)}")))
            if not row["drew"] and not row["got"] and not row["gave"] and not row["removed"]:
                notes.append(tr("planks.ui.nothing"))
            line = " · ".join(parts + notes)
            theme.draw_text(surface, line, fs, palette.INK_SOFT, (x + theme.px(28), y + fn.get_linesize()))
            y += theme.px(46)
        for line in e.lines:
            for wrapped in theme.wrap_text(tr(line), fs, e.rect.w - 2 * pad):
                theme.draw_text(surface, wrapped, fs, palette.INK, (x, y))
                y += fs.get_linesize()
        e.button.draw(surface)
        self.explain(e.rect, Text.of("planks.explain.round_end" if e.kind == "round" else "planks.explain.game_end"),
                     "ending")
        self.explain(e.button.rect, Text.of("planks.explain.next_round" if e.kind == "round"
                                            else "planks.explain.see_results"), "button")

    def recap_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """The recap lies in the side panel, where the ship, its planks and numbers and the log stay in sight (found
        by newcomers): in the free room under the bag when it fits there; else over the other players' rows (the
        viewer's own row, the head and the buttons stay); else over the log it sums up."""
        side, bag, rows = self.panel.rect, self.panel.bag_rect, self.panel.rows
        if side.w > 0 and bag.h > 0 and rows:
            pad = theme.px(10)
            w = side.w - 2 * pad
            h = self.recap.preferred_size(w)[1]
            own = self.viewer()
            own = own if own is not None and 0 <= own < len(rows) else -1
            rooms = [pygame.Rect(side.x + pad, bag.bottom + theme.px(8), w, side.bottom - pad - bag.bottom
                                 - theme.px(8))]
            if own + 1 < len(rows):                  # the rows under the viewer's, and the bag
                top = rows[own + 1].top
                rooms.append(pygame.Rect(side.x + pad, top, w, side.bottom - pad - top))
            if own > 0:                              # the rows over it
                rooms.append(pygame.Rect(side.x + pad, rows[0].top, w, rows[own - 1].bottom - rows[0].top))
            for k, room in enumerate(rooms):         # (a shorter room than it wants: it cuts its turns' lines)
                if room.w >= theme.px(260) and 0 < min(h, theme.px(220)) <= room.h:
                    fit = min(h, room.h)              # under the bag: at the bottom; over rows: whole rows
                    if k == 0:
                        return pygame.Rect(room.x, room.bottom - fit, room.w, fit)
                    ends = [r.bottom for r in rows if room.y + fit <= r.bottom <= room.bottom]
                    return pygame.Rect(room.x, room.y, room.w, min(ends, default=room.y + fit) - room.y)
        log = self.lay.log
        w = max(log.w, theme.px(300))
        h = min(self.recap.preferred_size(w)[1], self.lay.table.h - theme.px(20))
        return pygame.Rect(log.x, max(self.lay.table.y + theme.px(10), log.bottom - h), w, h)

    def recap_waits(self) -> bool:
        """A round's or the game's panel is up or due: the recap opens after Next round (a newcomer had both up at
        once, each with its own button)."""
        return self.ending.visible or self._round_due or self._final_due

    def replay_banner_point(self, surface: pygame.Surface) -> tuple[int, int]:
        """Over the middle of the deck, between the log and the side panel (a newcomer saw it cut by the window's
        left edge, centred left of the log)."""
        return self.lay.ship.centerx, int(surface.get_height() * 0.42)

    def explanation_avoids(self) -> list[pygame.Rect]:
        return [pygame.Rect(b.rect) for b in (self.end_button, self.undo_button)] + \
            ([pygame.Rect(self.ending.button.rect)] if self.ending.visible else [])

    # Learn to play (game/games/planks/tutorial.py) ----------------------------------------------
    def coach_room(self) -> pygame.Rect | None:
        """The coach's panel takes the log's place and the sea beside it up to the port planks' numbers: the ship,
        its numbers, the island and the side panel's buttons stay in sight."""
        room = pygame.Rect(self.lay.log)
        numbers = [self._number_box(p).left for p in range(PLANKS)
                   if self.lay.plank_rect(p).centerx < self.lay.ship.centerx]
        room.w = max(room.w, min(numbers, default=room.right) - theme.px(4) - room.x)
        return room

    def _draw_explanation(self, surface: pygame.Surface) -> None:
        """In a lesson the held pirate's hint (its cost, who falls, the round's end) stays over the coach's panel."""
        if self.coach is not None and self.coach.step is not None and self.drag.dragging is not None:
            self.drag.draw_overlay(surface)
        super()._draw_explanation(surface)

    def _fit_log(self) -> None:
        """In a lesson the log keeps the room above the coach's panel (none when too little is left)."""
        want = pygame.Rect(self.lay.log)
        coach = self.coach
        if coach is not None and coach.step is not None and coach.rect.h and want.colliderect(coach.rect):
            want.h = coach.rect.top - theme.px(8) - want.y
            if want.h < theme.px(100):
                want = pygame.Rect(want.x, want.y, 0, 0)
        if self.logpanel.rect != want:
            self.logpanel.layout(want)

    def save_tutorial(self) -> None:
        """The lesson ends after one round, mid-game: once its last words are read (not skipped) it is learnt, its
        file goes, and the game plays on against the bots, saved nowhere."""
        coach = self.coach
        if coach is not None and coach.done and coach.index >= len(coach.tutorial.steps) and not self.finished:
            from game.scenes.coach import mark_lesson_done
            self.end_tutorial()
            mark_lesson_done(self.session.game_id)
            return
        super().save_tutorial()





def playing(app: Any, seed: int = 1, jumping: bool = False) -> PlanksScene:
    """A four-player game some turns in (bots only, none playing on): the table's usual frame; ``jumping``: a pirate
    hopping round the ring all the time (the bench's worst frame)."""
    from game.core.session import bench_session
    session = bench_session("planks", {"pairs": 8}, seed, 30)
    return _JumpingScene(app, session) if jumping else _StillScene(app, session)


_StillScene = still_scene(PlanksScene)


class _JumpingScene(_StillScene):
    """Restarts a long jump (five planks, round the bow or the stern) whenever the last one ends (bench only)."""

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.timeline.clips(Hop):
            g = self.game
            pirate = next((p for line in g.planks for p in line), None)
            if pirate is None:
                return
            start = g.plank_of(pirate)
            stops = [self._plank_middle((start + k) % PLANKS) for k in range(1, 6)]
            self.timeline.play(Hop(pirate, self._rest_point(pirate), stops, lift=self.lay.standee_h * 0.45))
__all__ = ["PlanksScene", "EXPLAINED_KINDS", "playing"]
