"""The Playa Pirata table: the beach, the piles, the hand, the opponents, the log.

Input becomes actions of rules.py; the scene never decides a rule. Gestures (spec section 9):
- drag a treasure from the hand onto the open sand to bury it (or click it, then click the sand);
- drag a pirate card onto a treasure (legal targets glow), or onto the Pirates played pile to play it without
  a target where the rules allow it;
- click towel cards to gather a group, then drag the group (or click a treasure) onto a treasure; while
  dragging, the value still needed is shown by the pointer;
- "End turn" confirms; "Show my towels" when no towel play is possible; Ctrl+Z / "Undo" within the turn;
- special cards: drag onto the treasure they act on, the Lifeguard onto the player it looks at; the Flag
  goes with a burial ("Flag: yes" before burying).
What a drop means is ``drop_actions`` (the shared table's contract): a target lights only when the engine
takes it (``drop_verdict``), and an illegal drop glides back with the engine's reason, or, when it means
no action at all, with where that card goes (``no_drop_reason``).

What happened reaches the scene as the engine's events as the seat on screen may know them (the shared
table's ``on_events``; see the rules module for their kinds and fields): each new one becomes its animation,
highlight or reveal on the table's timeline (``show_event``; clips in ``clips.py``): a burial or a pirate card
glides to the beach, a Map turns its treasure over, an Umbrella pops open, a towel group glides fanned then
collapses into the pile, a Spyglass or Bucket look is shown large to the looker, and the end of a hand (the
beach revealed, each treasure taken, each score, the hand ended) becomes the sunset and its breakdown, which
wait for a click on their button, with bots only too (``ending_shown``, ``ending_button``) — the last hand's
too: its button then opens the results (``show_results`` waits for it). The breakdown says which hand it
scores, who scored most in it, and the match's totals after it. Undo and a game just opened resync to the
events without animating (``on_resync``). The table itself (hands, beach, piles) is drawn from the viewer's
view, one view per frame; each seat's last move stays marked on it until that seat moves again (a frame and a
tab of the seat's symbol on what it played, a line under its name: ``moves.py``, from the shared table's
``last_moves``). Whose turn, the legal actions, playing one, the log panel and the Menu and Undo buttons come
from the shared table (``TableScene``), which places the recap of the others' turns where this scene says
(``recap_rect``: over the log).
"""
from __future__ import annotations

from typing import Any

import pygame

from game import games
from game.core.events import Event
from game.core.protocol import Action, Result, Text
from game.core.session import GameSession
from game.i18n import tr
from game.scenes.table import TableScene
from game.ui import palette, theme
from game.ui.cards import CardSprite
from game.ui.dragdrop import DragController, DropTarget
from game.ui.results_view import ResultsView, format_value
from game.ui.tween import move
from game.ui.widgets import Button

from game.games.playa_pirata import sprites
from game.games.playa_pirata.clips import DIM_SECONDS, POINTS_SECONDS, REVEAL_STEP, Peek, SpotAnim, SunsetClip
from game.games.playa_pirata.cards import (BUCKET, DOUBLE, FLAG, KEPT_SPECIALS, LIFEGUARD, PARROT, PIGGY,
                                           PIRATE_COLOUR, PIRATE_KIND, SLIPPERS, TOWEL_COLOUR, TOWEL_VALUE, TREASURE_KIND,
                                           TREASURE_VALUE, UNKNOWN, list_text, pirate_text, special_text,
                                           towel_treasure_points, treasure_canonical, treasure_text)
from game.games.playa_pirata.rules import (DRAFT, FINAL, OVER, SEATING, STEP_A, STEP_B, BuryTreasure,
                                           ChoosePosition, DraftPick, EndTurn, PlayaHand, PlayPirate,
                                           PlaySpecial, PlayTowels, ShowHand)
from game.games.playa_pirata.moves import SeatMove, hand_start, on_spot, read_moves

#: a look that is shown large to the looker for a moment (R12 Spyglass, V12 Bucket)
PRIVATE_LOOKS = ("spyglass", "bucket")

CARD_RATIO = 7 / 5
#: a pile's cards are this much smaller than the treasure they lie by; this many cards under the top one show
PILE_SCALE = 0.8
PILE_PEEK = 2

#: what each of the table's own buttons does, by the key of its label
BUTTON_EXPLAINED = {"pp.ui.end_turn": "pp.explain.button.end_turn", "pp.ui.show": "pp.explain.button.show",
                    "pp.ui.show_end": "pp.explain.button.show_end",
                    "pp.ui.skip_towels": "pp.explain.button.skip_towels",
                    "pp.ui.flag_on": "pp.explain.button.flag_on", "pp.ui.flag_off": "pp.explain.button.flag_off"}

#: where a special card goes when dropped where it means nothing: the Lifeguard on a player (V13), the
#: others on the treasure they act on (V10, V12, V14, V15, V16); the Flag goes with a burial (V11), the kept
#: cards are never played (V6)
SPECIAL_DROP = {LIFEGUARD: "pp.drop.lifeguard", DOUBLE: "pp.drop.double", BUCKET: "pp.drop.bucket",
                SLIPPERS: "pp.drop.slippers", PIGGY: "pp.drop.piggy", PARROT: "pp.drop.parrot",
                FLAG: "pp.reason.flag_with_burial", **{card: "pp.reason.kept_card" for card in KEPT_SPECIALS}}


def same_treasure(a: str, b: str) -> bool:
    """Two treasure cards the engine counts as the same play (it lists one of them)."""
    return treasure_canonical(a) == treasure_canonical(b)


class Sunset:
    """The end of a hand as its events tell it: every treasure turned over (``revealed`` beach), who took
    which spot for how many points (``took``), each seat's score and its rows (``scored``)."""

    def __init__(self) -> None:
        self.treasures: list[str] = []                        # by beach index
        self.taken: dict[int, tuple[int, int | None]] = {}    # spot -> (seat, points; None: a skull, R35)
        self.scores: dict[int, tuple[float, list[tuple[str, float]], int]] = {}  # seat -> (points, rows, taken)

    def result(self, players: int) -> Result:
        """The hand's breakdown for the results panel (what ``PlayaHand.result`` gives, from the events)."""
        scores = [self.scores.get(seat, (0.0, [], 0)) for seat in range(players)]
        return Result.from_scores([float(points) for points, _, _ in scores],
                                  [[(str(k), float(v)) for k, v in rows] for _, rows, _ in scores],
                                  stats={"pp.stat.captured": [taken for _, _, taken in scores]})


class HandResultsView(ResultsView):
    """The scoring panel of one hand: its rows and this hand's points as bars (the shared results panel), the
    line of who scored most *in this hand* (the match is won on the totals), and under the bars the match so
    far: every seat's total after this hand, the leader first (R39)."""

    def __init__(self, result: Result, names: list[str], *, seats: list[int], title: Text,
                 standing: list[float] | None, standing_title: Text):
        super().__init__(result, names, seats=seats, title=title, chart_title=Text.of("pp.ui.chart_hand"))
        self.standing = standing
        self.standing_title = standing_title
        self.standing_rect = pygame.Rect(0, 0, 0, 0)

    def winner_text(self) -> str:
        names = [self.names[w] for w in self.result.winners if 0 <= w < self.players]
        if not names:
            return tr("pp.ui.hand_top_none")
        if len(names) == 1:
            return tr("pp.ui.hand_top", name=names[0])
        return tr("pp.ui.hand_top_tied", names=", ".join(names[:-1]), last=names[-1])

    def draw_chart(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        if not self.standing:
            super().draw_chart(surface, area)
            return
        tf = theme.font("display", 20)
        row = theme.px(26)
        need = tf.get_linesize() + theme.px(4) + row * len(self.standing)
        bars_h = max(theme.px(80), area.h - need - theme.px(12))
        super().draw_chart(surface, pygame.Rect(area.x, area.y, area.w, bars_h))
        box = pygame.Rect(area.x, area.bottom - need, area.w, need)
        self.standing_rect = box.inflate(theme.px(8), theme.px(4))
        title = theme.text_of(self.standing_title)
        theme.draw_text(surface, title, theme.fit_font(title, "display", 20, box.w), palette.INK_SOFT, box.topleft)
        y = box.y + tf.get_linesize() + theme.px(4)
        order = sorted(range(len(self.standing)), key=lambda s: -self.standing[s])
        best = max(self.standing)
        f, fb = theme.font("text", 16), theme.font("bold", 16)
        for seat in order:
            total = self.standing[seat]
            rank = 1 + sum(1 for t in self.standing if t > total)   # equal totals share a place
            line = pygame.Rect(box.x, y, box.w, row - theme.px(2))
            if total == best:                                        # who leads the match
                surface.blit(theme.overlay(line.size, (*palette.GOLD_LIGHT, 130)), line)
            font = fb if total == best else f
            theme.draw_text(surface, f"{rank}.", font, palette.INK, (line.x + theme.px(4), line.centery), "midleft")
            chip = theme.seat_chip(self.seats[seat] if seat < len(self.seats) else seat, theme.px(20))
            surface.blit(chip, chip.get_rect(midleft=(line.x + theme.px(30), line.centery)))
            shown = format_value(float(total))
            name = self.names[seat] if seat < len(self.names) else str(seat)
            nf = theme.fit_font(name, "bold" if total == best else "text", 16,
                                line.w - theme.px(60) - font.size(shown)[0] - theme.px(12))
            theme.draw_text(surface, name, nf, palette.INK, (line.x + theme.px(56), line.centery), "midleft")
            theme.draw_text(surface, shown, font, palette.INK, (line.right - theme.px(6), line.centery), "midright")
            y += row


class Pick:
    """What a dragged hand card carries. Towels resolve to the whole selected group at drop time."""

    def __init__(self, kind: str, card: str):
        self.kind, self.card = kind, card

    def __repr__(self) -> str:
        return f"Pick({self.kind}, {self.card})"


def special_face(card: str, size: tuple[int, int]) -> pygame.Surface:
    """A special card with its title in the current language on its band (a little narrower, or on two lines, for
    a long one)."""
    face = sprites.special_card(card, size).copy()
    band = sprites.special_title_rect(size)
    title = tr(f"pp.special.{card.removeprefix('special-')}")
    lowest = theme.MIN_TEXT_PX
    px = max(lowest, band.h * 70 // 100)
    while px > lowest and theme.font_px("bold", px).size(title)[0] > band.w - 4:
        px -= 1
    f = theme.font_px("bold", px)
    if f.size(title)[0] <= band.w - 4:
        theme.draw_text(face, title, f, palette.INK, band.center, "center")
        return face
    if theme.draw_text_narrowed(face, title, f, palette.INK, band.center, band.w - 4, "center"):
        return face                       # the smallest size a little narrower: "Double beach towel" on a small card
    if band.h * 40 // 100 < lowest:      # a card too small for a readable title: the picture alone
        return face
    small = theme.font_px("bold", band.h * 40 // 100)  # a long name: two lines
    lines = theme.wrap_text(title, small, band.w - 4)[:2]
    y = band.centery - len(lines) * small.get_linesize() // 2
    for line in lines:
        theme.draw_text(face, line, small, palette.INK, (band.centerx, y), "midtop")
        y += small.get_linesize()
    return face


class PlayaScene(TableScene):
    name = "table:playa-pirata"
    #: every kind of thing the table draws and explains (issue 15: resting the pointer on it, or F1)
    EXPLAINED_KINDS = ("sand", "spot", "treasure", "badge", "eye", "pile", "top_towel", "count", "umbrella",
                       "flag", "double", "taker", "discard", "opponent", "opp_treasures", "opp_pirate",
                       "opp_towels", "opp_special", "scores", "round", "starter", "score", "hand", "status",
                       "treasure_card", "pirate_card", "towel_card", "special_card", "peek", "sunset",
                       "breakdown", "button", "last-move", "recap")

    def __init__(self, app: Any, session: GameSession):
        super().__init__(app, games.get("playa-pirata"), session)
        self.drag = DragController(self._on_drop, tweener=self.timeline, hint=self._hint, toasts=app.toasts,
                                   keys=True, on_return=self._returned)  # Left/Right pick a card, Up/Down a
        # target, Enter plays it
        self.end_button = Button(Text.of("pp.ui.end_turn"), self._end_turn, min_width=150, height=44, size=18)
        self.show_button = Button(Text.of("pp.ui.show"), self._show_hand, min_width=150, height=44, size=18)
        self.undo_button.height, self.undo_button.size = 44, 18  # as big as End turn beside it
        self.next_hand_button = Button(Text.of("pp.ui.next_hand"), self._close_hand_end, min_width=200)
        self.flag_on = False
        self.flag_toggle = Button(Text.of("pp.ui.flag_off"), self._toggle_flag, min_width=150, height=40, size=16)
        self.selected: list[str] = []        # towel ids gathered into a group
        self.hand_sprites: list[CardSprite] = []
        self.spot_rects: list[pygame.Rect] = []
        self.choice_buttons: list[Button] = []  # draft picks, seating positions, lifeguard targets
        self.draft_cards: list[tuple[str, pygame.Rect]] = []  # the packet on the sand during the draft
        self.hand_end: Any = None            # (hand number, Result) shown after each hand, the last one too
        #: with it: (hands in the match, the last hand?, the match's totals after that hand)
        self.hand_match: tuple[int, bool, list[float]] = (1, False, [])
        self.breakdown_rect = pygame.Rect(0, 0, 0, 0)  # where the sunset's breakdown was last drawn
        self.breakdown_rows = pygame.Rect(0, 0, 0, 0)  # ... and its table of rows (a lesson points at it)
        self.breakdown_view: HandResultsView | None = None  # ... and the panel itself
        self.round_rect = pygame.Rect(0, 0, 0, 0)      # the "Hand 1/1 · Round 6/8" line of the side panel
        self.starter_rect = pygame.Rect(0, 0, 0, 0)    # the "Starting player: Red" line under it
        self.towels_left_rects: dict[int, pygame.Rect] = {}   # an opponent's "Towels 1×2 2×2 3×1" line
        self.count_rects: dict[int, pygame.Rect] = {}  # the ×N badge of each pile on the beach
        self.pile_rects: dict[int, pygame.Rect] = {}   # everything each pile drew (its cards, frame and badge)
        #: where the last frame drew each spot's treasure card, the top card of its pile and its Flag / Double
        #: beach towel, and the top of the Pirates played pile: the last moves are marked there
        self._spot_cards: dict[int, tuple[pygame.Rect, pygame.Rect | None, dict[str, pygame.Rect]]] = {}
        self._discard_top: pygame.Rect | None = None
        self.move_lines: dict[int, pygame.Rect] = {}   # an opponent's "last move" line under its name
        self.move_line_texts: dict[int, list[str]] = {}  # its words, line by line as drawn
        self._results_due = False            # the match ended under its last sunset: its button shows the results
        self.sunset: Sunset | None = None    # what the sunset on screen reveals (with hand_end)
        self._ending = Sunset()              # the end of the hand on the table, as its events come
        self._sunset_clip: SunsetClip | None = None  # the sunset on screen (on the timeline while it runs)
        self.flying: list[CardSprite] = []   # cards gliding (tweens on the timeline) from a hand to the beach
        self._generation = 0                 # changes whenever the events on screen do
        self._built_for: Any = None
        self.shown: Any = None               # the match as the seat on screen sees it (set by each frame)
        self._press_towel: tuple[CardSprite, tuple[int, int]] | None = None
        self.rect = pygame.Rect(0, 0, 1280, 720)
        self.resync_events()  # a game just opened (a saved one too): what already happened is not shown again

    def coach_place(self, size: tuple[int, int]) -> pygame.Rect:
        """Learn to play: the coach's panel in the bottom right corner of the beach, under the treasures and
        clear of the Pirates played pile; the open sand on its left is where a treasure is buried
        (``burial_sand``)."""
        rect = pygame.Rect((0, 0), size)
        rect.bottomright = (self.beach.right - theme.px(8), self.beach.bottom - theme.px(8))
        return rect

    def coach_room(self) -> pygame.Rect | None:
        """Learn to play: while a sunset is on screen its breakdown takes the middle of the table, so the
        coach's panel takes the log's column (its text wrapped to it, Next under it); else None (the usual
        panel, ``coach_place``)."""
        if self.hand_end is None:
            return None
        return self.logpanel.rect.copy()

    def recap_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """The recap of the others' turns lies over the ship's log it sums up, in the side column: the hand, the
        beach and the piles stay free to play on."""
        log = self.logpanel.rect
        if log.w <= 0 or log.h <= 0:
            return super().recap_rect(size)
        h = min(self.recap.preferred_size(log.w)[1], log.h)
        return pygame.Rect(log.x, log.bottom - h, log.w, h)

    def burial_sand(self) -> pygame.Rect:
        """The open sand under the treasures where a lesson shows a treasure is buried: left of the coach's
        panel when it lies on the beach (the whole sand under the treasures is a burial target all the same)."""
        beach = self.beach
        top = max((r.bottom for r in self.spot_rects), default=beach.y) + theme.px(6)
        top = min(top, beach.bottom - theme.px(60))
        right = self.discard_rect.x - theme.px(20)
        coach = getattr(self.coach, "rect", None) if self.coach is not None else None
        if coach is not None and coach.w > 0 and coach.colliderect(pygame.Rect(beach.x, top, beach.w, beach.h)):
            right = min(right, coach.x - theme.px(16))
        left = beach.x + theme.px(24)
        return pygame.Rect(left, top, max(theme.px(60), right - left), beach.bottom - top - theme.px(8))

    # State helpers ------------------------------------------------------------------------------
    def hand_view(self, viewer: int | None) -> PlayaHand:
        view = self.state.view(viewer)
        return getattr(view, "hand", view)

    def _last_to_choose(self, hand: PlayaHand | None = None) -> bool:
        """V5: the special card's chooser is the last (the starting player): the card not kept is removed
        from the game unseen, not passed on."""
        hand = hand if hand is not None else self.hand_view(self.viewer())
        return hand.phase == DRAFT and hand.current == hand.drafters[-1]

    def my_turn(self) -> int | None:
        """The shared table's, and nobody plays while a hand's scoring is on screen."""
        return None if self.hand_end is not None else super().my_turn()

    @property
    def spot_anims(self) -> dict[int, tuple[str, float]]:
        """Beach spot -> ("flip" | "umbrella", progress 0..1) of what is turning over or popping open."""
        return {c.spot: (c.kind, c.t) for c in self.timeline.clips(SpotAnim)}

    # Layout -------------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        side_w = theme.px(340)   # the log shows a whole round of four players (issue 16)
        self.side = pygame.Rect(rect.right - side_w, 0, side_w, rect.h)
        top_h = theme.px(104)   # each opponent's panel: name, last move (issue 16), cards left
        hand_h = theme.px(196)
        self.top = pygame.Rect(0, 0, rect.w - side_w, top_h)
        self.hand_area = pygame.Rect(0, rect.h - hand_h, rect.w - side_w, hand_h)
        self.beach = pygame.Rect(0, top_h, rect.w - side_w, rect.h - top_h - hand_h)
        pad = theme.px(10)
        # the hand and round, the starting player, one line per seat (4 seats fit at 960x540 too)
        info_h = theme.px(12) + theme.font("bold", 16).get_linesize() + theme.px(10) + \
            theme.font("text", 14).get_linesize() + theme.px(4) + theme.px(21) * self.session.players + theme.px(8)
        self.info_rect = pygame.Rect(self.side.x + pad, pad, side_w - 2 * pad, max(theme.px(150), info_h))
        self.logpanel.layout(pygame.Rect(self.side.x + pad, self.info_rect.bottom + pad, side_w - 2 * pad,
                                         rect.h - self.info_rect.bottom - 2 * pad - theme.px(50)))
        self.menu_button.layout(pygame.Rect(self.side.right - pad - theme.px(110), rect.h - theme.px(48),
                                            theme.px(110), theme.px(40)))
        self.discard_rect = pygame.Rect(self.beach.right - theme.px(96), self.beach.y + theme.px(10),
                                        theme.px(84), int(theme.px(84) * CARD_RATIO))
        self._built_for = None
        self.mark_dirty()

    @staticmethod
    def beach_capacity(hand: PlayaHand) -> int:
        """How many treasures the beach of ``hand`` will hold: those buried and every one still in a hand (R2,
        R10). It stays the same the whole hand long (a burial moves a card from a hand to the beach), so each
        treasure has its place on the beach from the start."""
        return len(hand.beach) + sum(len(cards) for cards in hand.treasures)

    def _spot_grid(self, n: int, capacity: int | None = None) -> list[pygame.Rect]:
        """Rects for the first ``n`` beach spots of a beach laid out for ``capacity`` treasures (issue 20: each
        treasure keeps its place when another is buried; the next one takes the next free place, row by row),
        in the rows that give the largest cards, leaving room for the Pirates played pile."""
        return self._beach_grid(max(n, capacity or 0, 1))[:n]

    def _beach_grid(self, capacity: int) -> list[pygame.Rect]:
        """Every place of a beach of ``capacity`` treasures, in 1, 2 or 3 rows, whichever gives the largest
        treasure cards (the fewest rows on a tie)."""
        key = (capacity, self.beach.copy(), theme.scale())
        if getattr(self, "_grid_for", None) == key:
            return self._grid
        area = self.beach.inflate(-theme.px(20), -theme.px(16))
        area.w -= theme.px(100)
        best: tuple[int, int, int, int] | None = None     # (card height, -rows, rows, cols)
        for rows in (1, 2, 3):
            cols = max(1, -(-capacity // rows))
            if rows > 1 and (rows - 1) * cols >= capacity:
                continue                                        # a row would stay empty
            cell = (min(theme.px(124), area.w // cols), min(area.h // rows, theme.px(250)))
            ch = self._spot_fit(*cell)[1]
            if best is None or (ch, -rows) > best[:2]:
                best = (ch, -rows, rows, cols)
        assert best is not None
        _, _, rows, cols = best
        cell_w = min(theme.px(124), area.w // cols)
        cell_h = min(area.h // rows, theme.px(250))
        x0 = area.x + (area.w - cell_w * cols) // 2
        cells = []
        for i in range(capacity):
            r, c = divmod(i, cols)
            cells.append(pygame.Rect(x0 + c * cell_w, area.y + r * cell_h, cell_w, cell_h))
        self._grid_for, self._grid = key, cells
        return cells

    @staticmethod
    def _spot_metrics() -> dict[str, int]:
        return {"label": theme.px(18), "pad": theme.px(4), "gap": theme.px(4), "peek": theme.px(12),
                "shift": theme.px(3), "marker_w": theme.px(22), "marker_h": theme.px(31)}

    def _spot_fit(self, w: int, h: int) -> tuple[str, int]:
        """The arrangement of a spot of ``w`` x ``h`` that gives the larger treasure card, and its height: the
        pile under the treasure (the Flag or Double on the right of the card) or beside it (the marker under the
        card). Either way the pile never covers its treasure."""
        m = self._spot_metrics()
        peeks = PILE_PEEK * m["peek"]
        room_below = h - m["label"] - m["pad"] - m["gap"] - peeks
        below = min(room_below / (1 + PILE_SCALE),
                    (w - 2 * (m["marker_w"] + m["gap"] + m["pad"])) * CARD_RATIO)
        beside_w = (w - 2 * m["pad"] - m["gap"] - PILE_PEEK * m["shift"]) / (1 + PILE_SCALE)
        beside = min(beside_w * CARD_RATIO, h - m["label"] - m["pad"] - m["gap"] - m["marker_h"],
                     (h - m["label"] - m["pad"] - peeks) / PILE_SCALE)
        if beside > below:
            return "beside", max(1, int(beside))
        return "below", max(1, int(below))

    def spot_parts(self, r: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, tuple[int, int]]:
        """Where a spot's things lie in its place ``r``: the treasure card, the top card of its pile (the cards
        under it peek out above it, shifted left) and the top left of its Flag / Double beach towel. Fixed by
        the place alone: a pile growing moves nothing, and the pile never covers the treasure."""
        m = self._spot_metrics()
        arrangement, ch = self._spot_fit(r.w, r.h)
        cw = max(1, int(ch / CARD_RATIO))
        ch = max(1, int(cw * CARD_RATIO))
        pw = max(1, int(cw * PILE_SCALE))
        ph = max(1, int(pw * CARD_RATIO))
        peeks, shifts = PILE_PEEK * m["peek"], PILE_PEEK * m["shift"]
        if arrangement == "beside":
            x = r.x + (r.w - (cw + m["gap"] + shifts + pw)) // 2
            card = pygame.Rect(x, r.y + m["label"], cw, ch)
            top = pygame.Rect(card.right + m["gap"] + shifts, card.y + peeks, pw, ph)
            return card, top, (card.x, card.bottom + m["gap"])
        card = pygame.Rect(r.centerx - cw // 2, r.y + m["label"], cw, ch)
        top = pygame.Rect(card.centerx - pw // 2 + shifts // 2, card.bottom + m["gap"] + peeks, pw, ph)
        return card, top, (card.right + m["gap"], card.bottom - m["marker_h"])

    def _rebuild(self) -> None:
        """Hand sprites and drop targets for the state on screen (after every change)."""
        viewer = self.viewer()
        hand = self.hand_view(viewer)
        key = (self._generation, viewer, self.privacy_for, self.hand_end is not None,
               tuple(self.selected), self.rect.size, self.flag_on)
        if key == self._built_for:
            return
        self._built_for = key
        self.spot_rects = self._spot_grid(len(hand.beach), self.beach_capacity(hand))
        legal = self.legal()
        self.end_button.visible = any(isinstance(a, EndTurn) for a in legal)
        self.show_button.visible = any(isinstance(a, ShowHand) for a in legal)
        self.show_button.text = Text.of(self._show_key(hand, legal))
        self.undo_button.visible = self.my_turn() is not None
        self.undo_button.enabled = self.can_undo()
        self.flag_toggle.visible = any(isinstance(a, BuryTreasure) and a.flag for a in legal)
        self.flag_on = self.flag_on and self.flag_toggle.visible  # off once the Flag is gone or the turn passed
        self.flag_toggle.text = Text.of("pp.ui.flag_on" if self.flag_on else "pp.ui.flag_off")
        self._build_hand(hand, viewer, legal)
        self._build_choices(hand, legal)
        self._build_targets(hand)
        self.drag.refresh()

    def _build_hand(self, hand: PlayaHand, viewer: int | None, legal: list[Action]) -> None:
        self.hand_sprites = []
        if viewer is None:
            self.drag.set_draggables([])
            return
        area = self.hand_area.inflate(-theme.px(16), -theme.px(24))
        cw = min(theme.px(84), int((area.h - theme.px(20)) / CARD_RATIO))
        ch = int(cw * CARD_RATIO)
        colour = self.seat_colour(viewer)
        # A27: the action cards and the towels as the two parts of one hand
        action_cards = [("treasure", c) for c in hand.treasures[viewer]] + \
                       [("pirate", c) for c in hand.pirates[viewer]]
        special = hand.special_hand[viewer] if hand.special_hand else None
        if special not in (None, UNKNOWN):
            action_cards.append(("special", special))
        towels = sorted(hand.towels[viewer], key=lambda c: (TOWEL_VALUE[c], c))
        gap = theme.px(6)
        # action cards on the left, towels fanned on the right; both overlap when the hand is full,
        # the towels keeping at least a corner (their value) of every card in sight
        towel_need = cw + max(0, len(towels) - 1) * theme.px(30)
        room = area.w - theme.px(24) - towel_need
        n = len(action_cards)
        a_step = cw + gap if n <= 1 else max(int(cw * 0.45), min(cw + gap, (room - cw) // (n - 1)))
        left_w = (n - 1) * a_step + cw + gap if n else 0
        y = area.bottom - ch
        x = area.x
        can_act = self.my_turn() is not None
        for kind, card in action_cards:
            face = self._card_face(kind, card, colour, (cw, ch))
            sprite = CardSprite(pygame.Rect(x, y, cw, ch), face=face, payload=Pick(kind, card))
            sprite.dimmed = can_act and not self._card_has_play(kind, card, legal)
            self.hand_sprites.append(sprite)
            x += a_step
        tx = area.x + left_w + theme.px(24)
        room = area.right - tx - cw
        step = min(cw + gap, room // max(1, len(towels) - 1)) if len(towels) > 1 else 0
        for i, card in enumerate(towels):
            face = sprites.towel_card(TOWEL_VALUE[card], colour, (cw, ch))
            sprite = CardSprite(pygame.Rect(tx + i * step, y, cw, ch), face=face, payload=Pick("towel", card))
            sprite.selected = card in self.selected
            sprite.dimmed = can_act and not any(isinstance(a, PlayTowels) for a in legal)
            self.hand_sprites.append(sprite)
        self.drag.set_draggables([s for s in self.hand_sprites] if can_act else [])

    def _card_face(self, kind: str, card: str, colour: int, size: tuple[int, int]) -> pygame.Surface:
        if kind == "treasure":
            return sprites.treasure_face(TREASURE_KIND[card], TREASURE_VALUE[card] or None, size)
        if kind == "pirate":
            return sprites.pirate_card(PIRATE_KIND[card], colour, size)
        return special_face(card, size)

    def _card_has_play(self, kind: str, card: str, legal: list[Action]) -> bool:
        for a in legal:
            if kind == "treasure" and isinstance(a, BuryTreasure) and same_treasure(a.card, card):
                return True
            if kind == "pirate" and isinstance(a, PlayPirate) and a.card == card:
                return True
            if kind == "special" and isinstance(a, PlaySpecial) and a.card == card:
                return True
        return False

    def _build_targets(self, hand: PlayaHand) -> None:
        """Every target lights exactly when the engine takes the drop (``drop_verdict``), else says why."""
        targets = [DropTarget(r, data=("spot", i)) for i, r in enumerate(self.spot_rects)]
        targets.append(DropTarget(self.discard_rect, data=("discard",)))
        sand = DropTarget(self.beach.inflate(-theme.px(8), -theme.px(8)), data=("sand",), radius=18)
        targets.insert(0, sand)  # under the spots: a drop on a spot goes to the spot
        for seat, r in self.portrait_rects().items():
            targets.append(DropTarget(r, data=("seat", seat)))
        for t in targets:
            t._accepts = lambda pick, t=t: self.drop_verdict(pick, t)
        self.drag.set_targets(targets)

    def _build_choices(self, hand: PlayaHand, legal: list[Action]) -> None:
        """Buttons for the draft, the seating choice and the Lifeguard's target."""
        self.choice_buttons = []
        self.draft_cards = []
        if not legal:
            return
        if hand.phase == SEATING:
            for a in legal:
                if isinstance(a, ChoosePosition):
                    b = Button(Text.of("pp.ui.position", n=a.position), lambda a=a: self.play(a), min_width=140)
                    b.explanation = Text.of("pp.explain.button.position", n=a.position)
                    self.choice_buttons.append(b)
        elif hand.phase == DRAFT:
            self._build_draft(legal)
            return
        if self.choice_buttons:
            w = max(b.preferred_size()[0] for b in self.choice_buttons)
            y = self.beach.bottom - theme.px(16) - len(self.choice_buttons) * theme.px(46)
            for b in self.choice_buttons:
                b.layout(pygame.Rect(self.beach.centerx - w // 2, y, w, theme.px(40)))
                y += theme.px(46)

    def _build_draft(self, legal: list[Action]) -> None:
        """V5: the packet's cards side by side on the sand, a Keep button under each (and, for the
        Lifeguard, one button per player it can look at at once)."""
        picks: dict[str, list[DraftPick]] = {}
        for a in legal:
            if isinstance(a, DraftPick):
                picks.setdefault(a.card, []).append(a)
        cards = sorted(picks)
        if not cards:
            return
        cw = min(theme.px(130), (self.beach.w - theme.px(140)) // len(cards) - theme.px(16))
        ch = int(cw * CARD_RATIO)
        gap = theme.px(16)
        x = self.beach.centerx - (len(cards) * (cw + gap) - gap) // 2
        y = self.beach.y + theme.px(36)
        for card in cards:
            rect = pygame.Rect(x, y, cw, ch)
            self.draft_cards.append((card, rect))
            by = rect.bottom + theme.px(8)
            for a in sorted(picks[card], key=lambda a: a.lifeguard_target):
                if a.lifeguard_target < 0:
                    label = Text.of("pp.ui.keep_short")
                else:
                    label = Text.of("pp.ui.keep_look", player=self.seat_name(a.lifeguard_target))
                b = Button(label, lambda a=a: self.play(a), min_width=cw, height=34, size=14)
                keep = "pp.explain.button.keep_last" if self._last_to_choose() else "pp.explain.button.keep"
                b.explanation = Text.of(keep, card=special_text(card)) if a.lifeguard_target < 0 \
                    else Text.of("pp.explain.button.keep_look", player=self.seat_name(a.lifeguard_target))
                b.layout(pygame.Rect(rect.x, by, cw, theme.px(34)))
                self.choice_buttons.append(b)
                by += theme.px(38)
            x += cw + gap

    def portrait_rects(self) -> dict[int, pygame.Rect]:
        seats = [s for s in range(self.session.players) if s != self.viewer()]
        if not seats:
            return {}
        w = min(theme.px(300), self.top.w // len(seats))
        return {s: pygame.Rect(self.top.x + i * w + theme.px(6), self.top.y + theme.px(6), w - theme.px(12),
                               self.top.h - theme.px(12)) for i, s in enumerate(seats)}

    # Turning gestures into actions (the shared table's drop contract: drop_actions / drop_verdict) -------
    def _group_values(self, pick: Pick) -> tuple[int, ...]:
        cards = self.selected if pick.card in self.selected else [pick.card]
        return tuple(sorted((TOWEL_VALUE[c] for c in cards), reverse=True))

    def drop_actions(self, pick: Any, target: Any) -> list[Action]:
        """What dropping ``pick`` on ``target`` plays for the seat on turn, legal or not (the engine judges):
        a treasure on the open sand is buried (R10, with the Flag when it is switched on, V11); a pirate on
        a treasure plays it there, on the Pirates played pile without a target (R11, R14, R16); towels on a
        treasure play the gathered group there (R18, R19, R20, R21, R22); a special card on the treasure it
        acts on (V10, V12, V14, V15, V16), the Lifeguard on the player it looks at (V13). The kept cards and
        the Flag, which are never played on their own (V6, V11), mean their play anywhere, which the engine
        refuses with its rule. Anything else means nothing (``no_drop_reason``)."""
        seat = self.my_turn()
        data = getattr(target, "data", None)
        if seat is None or not isinstance(pick, Pick) or not data:
            return []
        where = data[0]
        spot = data[1] if where == "spot" else -1
        if pick.kind == "treasure":
            return [BuryTreasure(seat, pick.card, self.flag_on)] if where == "sand" else []
        if pick.kind == "pirate":
            return [PlayPirate(seat, pick.card, spot)] if where in ("spot", "discard") else []
        if pick.kind == "towel":
            return [PlayTowels(seat, spot, self._group_values(pick))] if where == "spot" else []
        if pick.kind != "special":
            return []
        card = pick.card
        if card in KEPT_SPECIALS or card == FLAG:
            return [PlaySpecial(seat, card, spot)]
        if card == LIFEGUARD:
            return [PlaySpecial(seat, card, data[1])] if where == "seat" else []
        if where != "spot":
            return []
        if card == PIGGY:  # V15: one of the seat's own towels of value 1 or 2 in that pile, at any depth
            pile = self.hand_view(seat).beach[spot].pile
            return [PlaySpecial(seat, card, spot, towel) for towel in pile
                    if TOWEL_COLOUR[towel] == seat and TOWEL_VALUE[towel] <= 2] or [PlaySpecial(seat, card, spot)]
        return [PlaySpecial(seat, card, spot)]

    def no_drop_reason(self, pick: Any, target: Any) -> Text:
        """A drop that means no action: where that card goes, by its rule."""
        kind = getattr(pick, "kind", "")
        if kind == "treasure":
            return Text.of("pp.drop.treasure")   # R10: buried on the open sand
        if kind == "pirate":
            return Text.of("pp.drop.pirate")     # R11: onto a treasure, or the Pirates played pile
        if kind == "towel":
            return Text.of("pp.drop.towels")     # R18, R20: onto a buried treasure
        return Text.of(SPECIAL_DROP[pick.card])

    def _on_drop(self, pick: Any, target: DropTarget) -> Any:
        action = self.drop_action(pick, target)
        if action is None:
            return self.drop_verdict(pick, target)  # the engine's reason, or where that card goes
        self.timeline.skip(lingering=False)  # as ``play``: what still moves lands first, then the action
        reason = self.try_action(action)
        if reason is not None:
            return reason  # the controller shows it by the card and in a toast
        if pick.kind == "towel":
            self.selected = []
        self.app.play("card")
        return True

    def _hint(self, pick: Any, target: Any) -> Text | None:
        """By the pointer, while towels are held over a treasure: what a drop there would do, as
        ``drop_verdict`` says it: "enough" exactly when it lights (and would be played), "not enough" with
        what the top card asks (R21, V10, V16), else the refusal's own reason (an umbrella, step A first, a
        treasure already covered...)."""
        if not isinstance(pick, Pick) or pick.kind != "towel" or target is None or target.data[0] != "spot":
            return None
        seat = self.my_turn()
        if seat is None:
            return None
        total = sum(self._group_values(pick))
        verdict = self.drop_verdict(pick, target)
        need = self.hand_view(seat).need(seat, target.data[1])  # R21, V10, V16: what the top card asks
        if verdict is True:
            return Text.of("pp.ui.hint_ok", total=total, need=need or total)
        if verdict.key == "pp.reason.too_low":
            return Text.of("pp.ui.hint_more", total=total, need=need or 0)
        return verdict

    def _end_turn(self) -> None:
        seat = self.my_turn()
        if seat is not None:
            self.play(EndTurn(seat))

    def _show_ends_turn(self, legal: list[Action]) -> bool:
        """Nothing fits (R24) and nothing else may be played this turn (no special card, V6): showing the
        towels ends the turn too, one click. A lesson teaches the two steps one by one."""
        return self.coach is None and any(isinstance(a, ShowHand) for a in legal) and \
            all(isinstance(a, (ShowHand, EndTurn)) for a in legal)

    def _show_key(self, hand: PlayaHand, legal: list[Action]) -> str:
        """The words of the show button: with no towel left (R26) there is nothing to show, so it ends the turn
        ("End turn") or skips the towels; otherwise it shows them (R24), ending the turn when nothing else may
        be played."""
        seat = self.my_turn()
        empty = seat is not None and 0 <= seat < len(hand.towels) and not hand.towels[seat]
        ends = self._show_ends_turn(legal)
        if empty:
            return "pp.ui.end_turn" if ends else "pp.ui.skip_towels"
        return "pp.ui.show_end" if ends else "pp.ui.show"

    def _show_hand(self) -> None:
        seat = self.my_turn()
        if seat is None:
            return
        ends = self._show_ends_turn(self.legal())
        if self.play(ShowHand(seat)) and ends and self.my_turn() == seat and \
                [type(a) for a in self.legal()] == [EndTurn]:
            self.play(EndTurn(seat))   # R24: the towels shown, the turn is over (nothing else to play)

    def _toggle_flag(self) -> None:
        self.flag_on = not self.flag_on
        self.mark_dirty()

    # What happened: the viewer's events ---------------------------------------------------------------
    def on_events(self, events: list[Event], first: int) -> None:
        """New events of the viewer (after an action, a human's or a bot's): each one shown in order."""
        for event in events:
            self.show_event(event)
        self._generation += 1
        self._built_for = None

    def on_resync(self) -> None:
        """The events as they are now are taken as shown (undo, a game just opened): the timeline has been
        cancelled, so nothing flies and nothing of a hand's ending is on the way."""
        self._ending = Sunset()
        self.flying = []
        self._generation += 1
        self._built_for = None

    def show_event(self, e: Event) -> None:
        """One event of the viewer (``Event.seen_by``) becomes its animation, highlight or reveal; the kinds
        and fields are listed in the rules module. Events that change nothing on screen but the view (a deal,
        a choice, a new round) are drawn with the next frame from the view."""
        kind, what = e.kind, e.get("what")
        if kind == "dealt" and what == "table":        # a new hand: its ending is still to come
            self._ending = Sunset()
        elif kind == "buried":
            self._fly_card(e.seat, e.get("spot"), "treasure", e.get("treasure"))
        elif kind == "played" and what == "pirate":
            self._show_pirate(e)
        elif kind == "played" and what == "towels":
            self._fly_towels(e.seat, e.get("target"), e.get("values") or (), e.get("cards") or ())
        elif kind == "revealed" and what == "treasure":
            self._show_look(e)
        elif kind == "revealed" and what == "beach":  # R32: every treasure, turned over at sunset
            self._ending.treasures = list(e.get("treasures") or ())
        elif kind == "took" and what == "treasure":   # R29, R30: whose chip, and the points rising
            self._ending.taken[e.get("spot")] = (e.seat, e.get("points"))
        elif kind == "scored":                        # R38: the breakdown of the panel
            self._ending.scores[e.seat] = (e.get("points") or 0, [tuple(r) for r in e.get("rows") or ()],
                                           len(e.get("taken") or ()))
        elif kind == "turn":
            if e.seat != self.viewer():
                self.selected = []                    # a group gathered on screen is not the next player's
        elif kind == "ended" and what == "hand":
            self._show_hand_end(e)
        # chose (a position, a draft pick), discarded, played special, revealed hand/towels/special, round,
        # ended turn: nothing moves; the view of the next frame shows them (and the log tells them)

    def _show_pirate(self, e: Event) -> None:
        target = e.get("target")
        self._fly_card(e.seat, target, "pirate", e.get("card"))
        if e.get("effect") in ("face-up", "umbrella"):
            self.timeline.cancel(("spot", target))  # one animation a spot: the newest
            # R13: the X card turns over; R15: the umbrella pops open
            self.timeline.play(SpotAnim(target, "flip" if e.get("effect") == "face-up" else "umbrella"))
            self.app.play("card" if e.get("effect") == "face-up" else "splash")

    def _show_look(self, e: Event) -> None:
        """R12 / V12: a private look is shown large, for a moment, to the human who looked (only: the
        treasure is in the event for the seats that know it)."""
        spot, card = e.get("spot"), e.get("treasure")
        if e.get("by") in PRIVATE_LOOKS and e.seat is not None and e.seat == self.viewer() and \
                not self.is_bot(e.seat) and card not in (None, UNKNOWN) and spot is not None and spot >= 0:
            self.timeline.cancel(Peek.TAG)
            self.timeline.play(Peek(spot, card))

    def _show_hand_end(self, e: Event) -> None:
        """A hand ended: its sunset and scoring come before the next hand, and before the results after the
        last hand of a match (its button then says so). Every hand's scoring waits for a click on its button,
        with bots only too (issue 16: the end of every hand stays until a player moves on)."""
        ending, self._ending = self._ending, Sunset()
        self.selected = []
        last = self.state.is_over()
        self.sunset = ending
        index = int(e.get("hand") or 0)
        self.hand_end = (index + 1, ending.result(self.session.players))
        self.hand_match = (int(getattr(self.state, "n_hands", 1) or 1), last, self._totals_after(index))
        self.next_hand_button.text = Text.of("pp.ui.to_results" if last else "pp.ui.next_hand")
        self._sunset_clip = self.timeline.play(SunsetClip(len(ending.treasures), self._sunset_turned))
        self.app.play("splash")

    def _totals_after(self, index: int) -> list[float]:
        """The match's totals once hand ``index`` (0-based) ended: the points of every hand ended so far, from
        the match's ``ended`` events (R39: the hand scores add up)."""
        totals = [0.0] * self.session.players
        for e in self.viewer_events():
            if e.kind == "ended" and e.get("what") == "hand" and int(e.get("hand") or 0) <= index:
                for seat, points in enumerate(e.get("points") or ()):
                    if seat < len(totals):
                        totals[seat] += float(points or 0)
        return totals

    def ending_shown(self) -> str | None:
        """The ending on screen now: "sunset" while a hand's sunset and scoring wait for a click, else None."""
        return "sunset" if self.hand_end is not None else None

    def ending_button(self) -> pygame.Rect | None:
        """Where a click moves on from the ending on screen (Next hand / See the results), once its scoring is
        up and drawn; None otherwise."""
        if self.hand_end is None or not self.all_revealed() or not self.sunset_button_shown():
            return None
        rect = self.next_hand_button.rect
        return pygame.Rect(rect) if rect.w > 0 and rect.h > 0 else None

    def show_results(self) -> None:
        """The results, once the last sunset on screen is closed (its button); at once when no sunset is on
        screen (a finished game opened again) or when a lesson's coach has said its last words over it."""
        lesson_over = self.coach is not None and self.coach.done
        if self.hand_end is not None and not lesson_over:
            self._results_due = True   # the shared table's game over: the sunset's button shows them
            self.mark_dirty()
            return
        self._results_due = False
        super().show_results()

    def sunset_button_shown(self) -> bool:
        """The sunset's button (Next hand / See the results); a lesson hides it until its coach is done (the
        coach's last Next shows the results)."""
        return self.coach is None or self.coach.done

    def _sunset_turned(self) -> None:
        """A treasure turned over, or the scoring panel came up: drawn in this very frame, whatever else
        moves or not (the app draws only a dirty or animating scene; issue 14: the panel waited for the mouse)."""
        self.app.play("card")
        self.mark_dirty()

    def _fly_card(self, seat: int | None, target: int | None, kind: str, card: str | None) -> None:
        """Glide the played card from where it was (the hand, or the player's panel) to where it went: a
        buried treasure (face down) to its new spot, a pirate card to its treasure or the Pirates played pile."""
        if seat is None:
            return
        hand = self.hand_view(self.viewer())
        grid = self._spot_grid(len(hand.beach), self.beach_capacity(hand))
        on_spot = target is not None and 0 <= target < len(grid)
        if kind == "treasure" and not on_spot:
            return
        end = self.spot_parts(grid[target])[0] if on_spot else self.discard_rect   # onto its treasure's place
        size = end.size
        if kind == "treasure":
            face = sprites.treasure_back(size)
        else:
            face = sprites.pirate_card(PIRATE_KIND[card], self.seat_colour(seat), size)
        mine = next((s for s in self.hand_sprites if card is not None and s.payload.card == card), None)
        if mine is not None and seat == self.viewer():
            start = mine.rect.copy()
        else:
            start = self.portrait_rects().get(seat, self.hand_area).copy()
            start.size = size
        sprite = CardSprite(pygame.Rect(start.topleft, size), face=face, draggable=False)
        self.flying.append(sprite)
        move(self.timeline, sprite, end.topleft, duration=0.35, on_done=lambda: self._landed(sprite))

    def _landed(self, sprite: CardSprite) -> None:
        if sprite in self.flying:
            self.flying.remove(sprite)
        self.mark_dirty()  # the frame it is gone from is drawn too

    def _fly_towels(self, seat: int | None, target: int | None, values: Any, cards: Any) -> None:
        """A towel group glides card by card, highest first, lands fanned on the treasure so every value
        is seen, then the fan collapses into the pile with the lowest card on top (R19)."""
        hand = self.hand_view(self.viewer())
        grid = self._spot_grid(len(hand.beach), self.beach_capacity(hand))
        if seat is None or target is None or not 0 <= target < len(grid):
            return
        end = self.spot_parts(grid[target])[1]     # the top of the treasure's pile
        size = end.size
        colour = self.seat_colour(seat)
        values = sorted(values, reverse=True)
        mine: list[CardSprite] = []
        if seat == self.viewer():  # from the cards the player gathered, else from the cards it laid
            mine = [s for s in self.hand_sprites if s.payload.card in self.selected] or \
                [s for s in self.hand_sprites if s.payload.card in cards]
        origin = self.portrait_rects().get(seat, self.hand_area)
        stack = end.topleft
        step = max(theme.px(8), size[0] // 3)
        n = len(values)
        gap = 0.08
        for k, value in enumerate(values):
            source = next((s for s in mine if TOWEL_VALUE.get(s.payload.card) == value), None)
            if source is not None:
                mine.remove(source)
                start = source.rect.topleft
            else:
                start = (origin.x + k * theme.px(6), origin.y)
            sprite = CardSprite(pygame.Rect(start, size), face=sprites.towel_card(value, colour, size),
                                draggable=False)
            self.flying.append(sprite)
            fanned = (stack[0] + int((k - (n - 1) / 2) * step), stack[1] - theme.px(6))
            hold = gap * (n - 1 - k) + 0.15  # the fan stays until the last card has landed

            def collapse(sprite: CardSprite = sprite, hold: float = hold) -> None:
                move(self.timeline, sprite, stack, duration=0.18, delay=hold,
                     on_done=lambda: self._landed(sprite))
            move(self.timeline, sprite, fanned, duration=0.35, delay=gap * k, on_done=collapse)

    def _reveal_all(self) -> None:
        """Impatient: every treasure of the sunset turned over now, the scoring shown."""
        if self._sunset_clip is not None:
            self._sunset_clip.finish()
        self.mark_dirty()

    def _close_hand_end(self) -> None:
        self.timeline.cancel(SunsetClip.TAG)
        self._sunset_clip = None
        self.hand_end = None
        self.sunset = None
        self._built_for = None
        self._maybe_cover()
        self.mark_dirty()
        if self._results_due:          # the last hand's sunset closed: now the match's results
            self.show_results()

    def bot_due(self) -> int | None:
        if self.hand_end is not None:  # everyone looks at the scoring first
            return None
        return super().bot_due()

    # Input --------------------------------------------------------------------------------------
    def handle_table(self, event: pygame.event.Event) -> None:
        self.mark_dirty()
        self._rebuild()
        if self.hand_end is not None:
            if not self.all_revealed():
                if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):  # impatient: show it all now
                    self._reveal_all()
            elif self.sunset_button_shown():
                self.next_hand_button.handle(event)
            return
        for b in (self.menu_button, self.end_button, self.show_button, self.undo_button, self.flag_toggle,
                  *self.choice_buttons):
            if b.visible and b.handle(event):
                return
        if self.logpanel.handle(event):
            return
        for s in self.hand_sprites:
            s.handle(event)
        if event.type == pygame.KEYDOWN and self._handle_key(event.key, getattr(event, "mod", 0)):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            towel = next((s for s in reversed(self.hand_sprites) if s.payload.kind == "towel"
                          and s.rect.collidepoint(event.pos)), None)
            self._press_towel = (towel, event.pos) if towel is not None else None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._press_towel is not None:
            towel, start = self._press_towel
            self._press_towel = None
            moved = abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1])
            if moved <= self.drag.threshold and self.drag.dragging is None and towel.rect.collidepoint(event.pos):
                self.drag.handle(event)  # ends the controller's pending press; the click is ours
                self._toggle_towel(towel)
                if self.selected:
                    self.drag.select(next(s for s in self.hand_sprites if s.payload.card == self.selected[-1]))
                else:
                    self.drag.cancel()
                return
        self.drag.handle(event)

    def _handle_key(self, key: int, mod: int = 0) -> bool:
        """The table's own keys (the drag controller has Esc, and Enter once a place is focused): Left/Right and
        Tab/Shift+Tab pick the next card that can be played now, Up/Down the next place for the picked card, G
        adds the picked towel to the group (or takes it out), E ends the turn, S shows the towels when nothing
        fits."""
        held = self.drag.selected
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            back = key == pygame.K_LEFT or (key == pygame.K_TAB and mod & pygame.KMOD_SHIFT)
            self._focus_card(-1 if back else 1)
            return True
        if held is not None and key in (pygame.K_UP, pygame.K_DOWN):
            self._focus_target(-1 if key == pygame.K_UP else 1)
            return True
        if held is not None and key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and \
                self.drag.focused_target is None:
            self._focus_target(1)         # the first place first; the next Enter plays it there
            return True
        if key == pygame.K_g and held is not None and held.payload.kind == "towel":
            card = held.payload.card
            self._toggle_towel(held)
            again = next((s for s in self.hand_sprites if s.payload.card == card), None)
            if again is not None:
                self.drag.select(again)
            return True
        if key == pygame.K_g:              # G with no towel picked: say how (a key that does nothing looks broken)
            self.app.toast(tr("pp.ui.key_g_how"))
            return True
        if key == pygame.K_e and self.end_button.visible:
            self._end_turn()
            return True
        if key == pygame.K_s and self.show_button.visible:
            self._show_hand()
            return True
        if key == pygame.K_e and self.show_button.visible and \
                self.show_button.text.key in ("pp.ui.end_turn", "pp.ui.show_end"):
            self._show_hand()          # R24, R26: the button ends the turn (nothing else to play): E does it too
            return True
        return False

    def playable_sprites(self) -> list[CardSprite]:
        """The cards of the hand that can be played now (the engine lists a play for them: not dimmed), in the
        hand's order: the only ones the keyboard picks."""
        return [s for s in self.drag.draggables if not s.dimmed]

    def _focus_card(self, step: int) -> None:
        """Left/Right, Tab/Shift+Tab: pick the next (or previous) card of the hand that can be played now,
        skipping the greyed ones, wrapping round; with none, say so."""
        order = [s for s in self.drag.draggables]
        playable = self.playable_sprites()
        if not playable:
            if order:
                self.app.toast(tr("pp.ui.key_focus_none"))
            return
        current = self.drag.selected
        start = order.index(current) if current in order else (-1 if step > 0 else len(order))
        for k in range(1, len(order) + 1):
            sprite = order[(start + step * k) % len(order)]
            if sprite in playable:
                self.drag.select(sprite)
                self.mark_dirty()
                return

    def key_targets(self) -> list[DropTarget]:
        """Where Up/Down take the picked card: the places the engine takes it (``drop_verdict``); when none does
        (a group still too small, say), the places where it means a play, so that Enter says why not. Never an
        opponent's panel, except for the Lifeguard, which is played on a player (V13)."""
        drag = self.drag
        if drag.selected is None:
            return []
        legal = drag.legal_targets()
        if legal:
            return legal
        pick = drag.payload_of(drag.selected)
        seats = isinstance(pick, Pick) and pick.card == LIFEGUARD
        return [t for t in drag.targets if (t.data[0] == "seat") == seats and self.drop_actions(pick, t)]

    def _focus_target(self, step: int) -> None:
        """Up/Down (and Enter with no place focused yet): focus the next (or previous) of ``key_targets``."""
        cands = self.key_targets()
        if not cands:
            return
        drag = self.drag
        if drag.focused_target in cands:
            drag.focused_target = cands[(cands.index(drag.focused_target) + step) % len(cands)]
        else:
            drag.focused_target = cands[0 if step > 0 else -1]
        self.mark_dirty()

    def _toggle_towel(self, sprite: CardSprite) -> None:
        card = sprite.payload.card
        if card in self.selected:
            self.selected.remove(card)
        else:
            self.selected.append(card)
        sprite.selected = card in self.selected
        self._built_for = None
        self._rebuild()

    def update(self, dt: float) -> None:
        if self.is_animating():
            self.mark_dirty()  # the frame an animation ends in is drawn too (a card landed, the panel up)
        super().update(dt)  # the timeline, the new events, the bots
        if self.viewer() is None:
            self.timeline.cancel(Peek.TAG)  # a private look is over once the table is covered
        self.drag.update(dt)
        for s in self.hand_sprites:
            if s.payload.kind == "towel" and s is not self.drag.dragging:
                # raised exactly while it is in the group (or picked by the keyboard to be added to it)
                s.selected = s.payload.card in self.selected or s is self.drag.selected
            s.update(dt)

    def _returned(self, pick: Any) -> None:
        """A card glides back to the hand (a refused drop, or dropped nowhere): a towel of the gathered group
        stays in it, raised and picked, so a click on a treasure plays the group and a click on the card
        takes it out — the selection and its look agree."""
        if isinstance(pick, Pick) and pick.kind == "towel" and pick.card in self.selected:
            sprite = next((s for s in self.hand_sprites if s.payload.card == pick.card), None)
            if sprite is not None:
                self.drag.select(sprite)

    def is_animating(self) -> bool:
        return super().is_animating() or self.drag.active or \
            any(abs(s.lift - s.target_lift()) > 0.5 for s in self.hand_sprites)

    # Explanations (issue 15: what each thing drawn is and does, as the seat on screen may know it) -----------
    @staticmethod
    def _special_explained(card: str) -> Text:
        """What a special card does (V7, V8, V9, V10, V11, V12, V13, V14, V15, V16), one text per card."""
        return Text.of(f"pp.explain.special.{card.removeprefix('special-')}")

    @staticmethod
    def _treasure_explained(card: str, pile: int | None = None) -> Text:
        """What a treasure is worth (R33, R34, R35); the towel treasure with the cards of its pile now (R34)."""
        kind = TREASURE_KIND[card]
        if kind == "number":
            return Text.of("pp.explain.value_number", value=TREASURE_VALUE[card])
        if kind == "towel" and pile is not None:
            return Text.of("pp.explain.value_towel_now", cards=pile, points=towel_treasure_points(pile))
        return Text.of(f"pp.explain.value_{kind}")

    def _taker_text(self, seat: int, points: int | None, at_sunset: bool) -> Text:
        """Who takes a treasure (R29, R30) and, at sunset, for how many points (R33, R34; a skull: R35)."""
        if not at_sunset:
            return Text.of("pp.explain.taker", name=self.seat_name(seat))
        if points is None:
            return Text.of("pp.explain.taker_skull", name=self.seat_name(seat))
        return Text.of("pp.explain.taker_points", name=self.seat_name(seat), points=points)

    def _top_text(self, hand: PlayaHand, spot: int, viewer: int | None) -> Text:
        """The top towel (R21, R30): whose, its value, and what covers it (V10, V16 for the viewer), or the
        umbrella that locks it (R15)."""
        sp = hand.beach[spot]
        owner, value = self.seat_name(TOWEL_COLOUR[sp.top]), TOWEL_VALUE[sp.top]
        if sp.umbrella is not None:
            return Text.of("pp.explain.top_locked", name=owner, value=value)
        if hand.phase == OVER:
            return Text.of("pp.explain.top_over", name=owner, value=value)
        need = hand.need(viewer if viewer is not None else -1, spot)
        return Text.of("pp.explain.top", name=owner, value=value, need=need if need is not None else value + 1)

    def _hand_card_explained(self, sprite: CardSprite, hand: PlayaHand) -> Text:
        """A card of the viewer's hand: what it is and what it does (and when it cannot be played now)."""
        kind, card = sprite.payload.kind, sprite.payload.card
        if kind == "treasure":
            text = Text.of("pp.explain.hand_treasure", what=self._treasure_explained(card))
        elif kind == "pirate":
            text = Text.of(f"pp.explain.pirate.{PIRATE_KIND[card]}")
        elif kind == "towel":
            if card in self.selected:
                text = Text.of("pp.explain.towel_grouped", value=TOWEL_VALUE[card],
                               total=sum(TOWEL_VALUE[c] for c in self.selected))
            else:
                text = Text.of("pp.explain.towel", value=TOWEL_VALUE[card])
        else:
            text = self._special_explained(card)
        return Text.of("pp.explain.not_now", what=text) if sprite.dimmed else text

    def _sand_key(self, hand: PlayaHand, viewer: int | None) -> str:
        """What the beach's explanation says: what the seat on screen may do on it now, by the step of its turn
        (R8, R9 bury or play a pirate; R18 towels go on treasures, not on the sand; then nothing)."""
        current = hand.current
        if current is None or viewer != current or self.is_bot(current) or hand.phase in (SEATING, DRAFT):
            return "pp.explain.sand_wait"
        legal = self.legal()
        if any(isinstance(a, BuryTreasure) for a in legal):
            return "pp.explain.sand"
        if hand.step == STEP_A:
            return "pp.explain.sand_pirate"
        if hand.step == STEP_B and any(isinstance(a, PlayTowels) for a in legal):
            return "pp.explain.sand_towels"
        return "pp.explain.sand_done"

    def explanation_avoids(self) -> list[pygame.Rect]:
        """No explanation covers the turn's buttons (End turn, Show, Undo, the Flag) or the sunset's button."""
        buttons = (self.next_hand_button,) if self.hand_end is not None else \
            (self.end_button, self.show_button, self.undo_button, self.flag_toggle)
        return [pygame.Rect(b.rect) for b in buttons if b.visible and b.rect.w > 0 and b.rect.h > 0]

    def _status_explained(self, hand: PlayaHand, viewer: int | None) -> Text:
        """The step of the turn the line above the hand names, with its rule."""
        current = hand.current
        if current is None or viewer != current or self.is_bot(current):
            return Text.of("pp.explain.status.waiting")
        step = {SEATING: "seating", DRAFT: "draft"}.get(hand.phase)
        if step is not None:
            return Text.of(f"pp.explain.status.{step}")
        key = self._step_key(hand)
        return Text.of({"pp.ui.step_final": "pp.explain.status.final", "pp.ui.step_final_none":
                        "pp.explain.status.final_none", "pp.ui.step_burial": "pp.explain.status.burial",
                        "pp.ui.step_buried": "pp.explain.status.buried", "pp.ui.step_a": "pp.explain.status.a",
                        "pp.ui.step_b": "pp.explain.status.b", "pp.ui.step_b_group": "pp.explain.status.b",
                        "pp.ui.step_b_more": "pp.explain.status.b_more",
                        "pp.ui.step_b_none": "pp.explain.status.b_none",
                        "pp.ui.step_b_none_special": "pp.explain.status.b_none_special",
                        "pp.ui.step_b_no_more": "pp.explain.status.b_no_more",
                        "pp.ui.step_b_empty": "pp.explain.status.b_empty",
                        "pp.ui.step_b_empty_skip": "pp.explain.status.b_empty",
                        "pp.ui.step_final_empty": "pp.explain.status.final_empty",
                        "pp.ui.step_a_bury": "pp.explain.status.a_bury",
                        "pp.ui.step_a_pirate": "pp.explain.status.a_pirate",
                        "pp.ui.step_a_pile": "pp.explain.status.a_pile"}.get(key, "pp.explain.status.end"))

    @staticmethod
    def _choice_explained(button: Button) -> Text:
        return getattr(button, "explanation", None) or Text.of("pp.explain.button.next_hand")

    # Drawing ------------------------------------------------------------------------------------
    def revealed_count(self) -> int:
        """How many treasures the sunset has turned over so far (more than all: the scoring shows)."""
        return self._sunset_clip.revealed if self._sunset_clip is not None else 0

    def log_held_from(self) -> int | None:
        """While the sunset turns the treasures over, the log tells only what has turned (issue 16: the reveal
        is not spoiled): "X takes treasure #N" or "Nobody takes treasure #N" once card N has turned (R29, R30,
        R31), the kept cards and each
        seat's score once the scoring shows (R38), and what follows (the next hand) after them. The index of
        the first held event of the state's events; None once the scoring shows, or with no sunset on screen
        (a replay or a resync ends with the whole log)."""
        if self.hand_end is None or self.sunset is None or self.all_revealed():
            return None
        start = self._sunset_start()
        if start is None:
            return None
        shown = self.revealed_count()
        events = self.viewer_events()    # the state's events, one for one, as the viewer may know them
        last = start
        for i in range(start + 1, len(events)):
            e = events[i]
            # R29, R30: who takes it; R31: nobody takes it
            if e.kind in ("took", "unclaimed") and e.get("what") == "treasure":
                if int(e.get("spot") or 0) >= shown:
                    break                # its card has not turned yet: its line (just before it) waits
                last = i
            elif e.kind == "ended":
                break
        return last + 1

    def _sunset_start(self) -> int | None:
        """The index of the ``revealed`` beach event of the hand whose sunset is on screen (R32), from its
        ``ended`` event; None when the events do not hold it."""
        events = self.viewer_events()
        key = (id(events), len(events), self.hand_end[0] if self.hand_end is not None else None)
        if getattr(self, "_sunset_start_key", None) == key:
            return self._sunset_start_at
        index = self.hand_end[0] - 1 if self.hand_end is not None else -1
        found = None
        end = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == "ended"
                    and events[i].get("what") == "hand" and int(events[i].get("hand") or 0) == index), None)
        if end is not None:
            found = next((i for i in range(end, -1, -1) if events[i].kind == "revealed"
                          and events[i].get("what") == "beach"), None)
        self._sunset_start_key, self._sunset_start_at = key, found
        return found

    def sunset_total(self, seat: int) -> float | None:
        """A seat's match total while the sunset turns the treasures over: its total before this hand plus the
        points of the treasures it took that have turned (R33, R34); a skull counts with its set, and the rest of
        the hand (R35, R36, R37) once the scoring shows. None when no sunset is turning."""
        if self.hand_end is None or self.sunset is None or self.all_revealed():
            return None
        totals = self.hand_match[2]
        after = totals[seat] if seat < len(totals) else 0.0
        hand = self.sunset.scores.get(seat, (0.0, [], 0))[0]
        shown = self.revealed_count()
        turned = sum(points or 0 for spot, (who, points) in self.sunset.taken.items() if who == seat and spot < shown)
        return float(after) - float(hand) + float(turned)

    def sunset_spots(self) -> int:
        """How many treasures the sunset on screen turns over (the ``revealed`` beach of its hand)."""
        return len(self.sunset.treasures) if self.sunset is not None else 0

    def all_revealed(self) -> bool:
        return self.sunset is None or self.revealed_count() > self.sunset_spots()

    def sunset_settled(self) -> bool:
        """Every treasure turned over, its points risen and faded, the beach fully dimmed."""
        return self.all_revealed() and (self._sunset_clip is None or self._sunset_clip.done)

    def draw_table(self, surface: pygame.Surface, viewer: int | None) -> None:
        self._rebuild()
        # one view per frame: everything drawn comes from it, never from the full state
        self.shown = self.state.view(viewer)
        last = getattr(self.shown, "last_hand", None)
        if self.hand_end is not None and self.sunset is not None and last is not None:
            self._draw_sunset(surface, last, self.sunset, viewer)
            return
        hand = getattr(self.shown, "hand", self.shown)
        surface.blit(sprites.beach_background(surface.get_size()), (0, 0))
        self.explain(self.beach, Text.of(self._sand_key(hand, viewer)), "sand")
        moves = self.seat_moves()
        self.move_lines = {}
        self.move_line_texts = {}
        self._draw_opponents(surface, hand, viewer, moves)
        self.drag.draw_targets(surface)
        self._spot_cards = {}
        self.pile_rects = {}
        for i, sp in enumerate(hand.beach):
            if i < len(self.spot_rects):
                self._draw_spot(surface, hand, i, self.spot_rects[i], viewer)
        self._draw_discard(surface, hand)
        self._draw_marks(surface, hand, moves)
        self._draw_hand_area(surface, hand, viewer)
        self._draw_side(surface, hand, viewer)
        for sprite in self.flying:
            sprite.draw(surface)
        self.drag.draw_overlay(surface)
        if viewer is not None:
            for peek in self.timeline.clips(Peek):
                self._draw_peek(surface, hand, peek)
        if self.hand_end is not None:
            self._draw_hand_end(surface)

    # Last moves (issue 16): each seat's stays marked until it moves again ----------------------------------
    def seat_moves(self) -> dict[int, SeatMove]:
        """Each seat's last move in the hand on the table, from its events as the viewer may know them (the
        shared table's ``last_moves``); worked out again only when they change."""
        last = self.last_moves()
        events = self.viewer_events()
        key = (id(last), id(events), len(events), tuple(self.seat_name(s) for s in range(self.session.players)))
        if getattr(self, "_moves_for", None) != key:
            self._moves = read_moves(last, hand_start(events), self.seat_name)
            self._moves_for = key
        return self._moves

    def _draw_marks(self, surface: pygame.Surface, hand: PlayaHand, moves: dict[int, SeatMove]) -> None:
        """Each seat's last move on the beach: a frame in its colour round each treasure it acted on, with a
        tab of its symbol on the left (the newest move outermost and on top), and the same frame and symbol on
        the top card of a pile it laid, the pirate card it played on the Pirates played pile and the Flag or
        Double beach towel it laid. Colour and symbol both: the marks are told apart without colours."""
        if not moves:
            return
        tab = theme.px(22)
        width = max(2, theme.px(3))
        for spot, (card, top, placed) in self._spot_cards.items():
            here = on_spot(moves.values(), spot)
            for k, mark in enumerate(here):   # the newest outermost; an older one just inside it
                inset = k * (width + theme.px(3))
                frame = card.inflate(theme.px(8), theme.px(8))
                if top is not None:
                    frame = frame.union(top.inflate(theme.px(8), theme.px(8)))
                self._mark_frame(surface, frame.inflate(-2 * inset, -2 * inset), mark.seat, width)
                chip = pygame.Rect(0, 0, tab, tab)
                chip.topright = (card.x - theme.px(6), card.y + k * (tab + theme.px(3)))
                self._mark_tab(surface, chip, mark)
            sp = hand.beach[spot] if spot < len(hand.beach) else None
            if top is not None and sp is not None and sp.pile:
                layer = next((m for m in here if sp.top in m.towels), None)
                if layer is not None:                        # the top card of the pile is one it laid
                    self._mark_frame(surface, top.inflate(theme.px(4), theme.px(4)), layer.seat, width)
                    chip = pygame.Rect(0, 0, tab - theme.px(4), tab - theme.px(4))
                    chip.center = (top.x, top.bottom - theme.px(12))
                    self._mark_tab(surface, chip, layer)
            for card_id, where in placed.items():
                layer = next((m for m in here if (spot, card_id) in m.markers), None)
                if layer is not None:
                    self._mark_frame(surface, where.inflate(theme.px(4), theme.px(4)), layer.seat, width)
            badge = self.count_rects.get(spot)
            if here and badge is not None and sp is not None and sp.pile:   # the ×N badge stays whole on top
                self._draw_count(surface, len(sp.pile), badge.midleft)
        if self._discard_top is not None and hand.discard:
            layer = next((m for m in sorted(moves.values(), key=lambda m: -m.start) if m.pirate == hand.discard[-1]),
                         None)
            if layer is not None:                            # the pirate card on top of the pile is its
                self._mark_frame(surface, self._discard_top.inflate(theme.px(6), theme.px(6)), layer.seat, width)
                chip = pygame.Rect(0, 0, tab, tab)
                chip.topright = (self._discard_top.x - theme.px(4), self._discard_top.y)
                self._mark_tab(surface, chip, layer)

    def _mark_frame(self, surface: pygame.Surface, rect: pygame.Rect, seat: int, width: int) -> None:
        """A frame in the seat's colour, edged dark so it stands out on the sand and on the cards."""
        radius = theme.px(8)
        pygame.draw.rect(surface, palette.WOOD_DARK, rect.inflate(2, 2), width=width + 2, border_radius=radius)
        pygame.draw.rect(surface, theme.seat_colour(self.seat_colour(seat)), rect, width=width,
                         border_radius=radius)

    def _mark_tab(self, surface: pygame.Surface, rect: pygame.Rect, move: SeatMove) -> None:
        """The seat's chip (its symbol on its colour) at the edge of a mark; it explains the mark."""
        surface.blit(theme.seat_chip(self.seat_colour(move.seat), rect.w), rect)
        self.explain(rect, move.text(self.seat_name(move.seat)), "last-move")

    def _draw_peek(self, surface: pygame.Surface, hand: PlayaHand, peek: Peek) -> None:
        index, treasure = peek.spot, peek.card  # what the look showed (the event's secret, for the looker)
        if index >= len(hand.beach) or treasure == UNKNOWN:
            return
        w = theme.px(150)
        card = pygame.Rect(0, 0, w, int(w * CARD_RATIO))
        card.center = self.beach.center
        img = sprites.treasure_face(TREASURE_KIND[treasure], TREASURE_VALUE[treasure] or None, card.size).copy()
        img.set_alpha(int(255 * peek.alpha))
        theme.draw_glow(surface, card, palette.HIGHLIGHT, theme.px(12), theme.px(12))
        surface.blit(img, card)
        text = tr("pp.ui.peek", n=index + 1)
        label = theme.draw_text(surface, text, theme.font("bold", 18), palette.GOLD_LIGHT,
                                (card.centerx, card.bottom + theme.px(8)), "midtop", palette.WOOD_DARK, 2)
        self.explain(card.union(label), Text.of("pp.explain.peek", n=index + 1, what=treasure_text(treasure)),
                     "peek")

    def _draw_opponents(self, surface: pygame.Surface, hand: PlayaHand, viewer: int | None,
                        moves: dict[int, SeatMove] | None = None) -> None:
        small = theme.font("text", 13)
        bold = theme.font("bold", 16)
        shown = self.turn_shown() if hand.current is not None else None   # a bot's cards still flying: its turn
        on_turn = shown if shown is not None else hand.current
        for seat, r in self.portrait_rects().items():
            theme.draw_frame(surface, "panel_dark", r)
            colour = self.seat_colour(seat)
            turn = on_turn == seat and hand.phase != OVER
            self.explain(r, Text.of("pp.explain.opponent_turn" if turn else "pp.explain.opponent",
                                    name=self.seat_name(seat), total=self._running_total(seat)), "opponent")
            chip = theme.seat_chip(colour, theme.px(30))
            surface.blit(chip, (r.x + theme.px(8), r.y + theme.px(8)))
            name = self.seat_name(seat)
            if turn:  # whose turn it is: a gold frame
                pygame.draw.rect(surface, palette.GOLD_LIGHT, r, width=max(2, theme.px(3)),
                                 border_radius=theme.px(10))
            total = self._running_total(seat)
            score = theme.draw_text(surface, str(total), bold, palette.PARCHMENT,
                                    (r.right - theme.px(16), r.y + theme.px(8)), "topright")
            # the name takes all the room between the chip and the score (a long one in a smaller font)
            room = score.x - theme.px(8) - (r.x + theme.px(44))
            theme.draw_text(surface, name, theme.fit_font(name, "bold", 16, room, min_size=11),
                            palette.GOLD_LIGHT, (r.x + theme.px(44), r.y + theme.px(8)))
            move = (moves or {}).get(seat)
            if move is not None:
                self._draw_move_line(surface, move, pygame.Rect(r.x + theme.px(44), r.y + theme.px(30),
                                                                r.w - theme.px(54), theme.px(24)))
            # treasures in hand as small backs, pirates left, towels left by value
            y = r.y + theme.px(54)
            x = r.x + theme.px(10)
            back = sprites.treasure_back((theme.px(18), theme.px(25)))
            name = self.seat_name(seat)
            if hand.treasures[seat]:
                backs = pygame.Rect(x, y, theme.px(12) * (len(hand.treasures[seat]) - 1) + back.get_width(),
                                    back.get_height())
            for _ in hand.treasures[seat]:
                surface.blit(back, (x, y))
                x += theme.px(12)
            if hand.treasures[seat]:
                self.explain(backs, Text.of("pp.explain.opp_treasures", name=name, n=len(hand.treasures[seat])),
                             "opp_treasures")
            x += theme.px(14)
            for card in hand.pirates[seat]:
                icon = sprites.pirate_card(PIRATE_KIND[card], colour, (theme.px(18), theme.px(25)))
                surface.blit(icon, (x, y))
                self.explain(icon.get_rect(topleft=(x, y)),
                             Text.of("pp.explain.opp_pirate", name=name, card=pirate_text(card),
                                     what=Text.of(f"pp.explain.effect.{PIRATE_KIND[card]}")), "opp_pirate")
                x += theme.px(20)
            ones, twos, threes = hand.towel_counts(seat)
            text = tr("pp.ui.towels_left", ones=ones, twos=twos, threes=threes)
            where = theme.draw_text(surface, text, small, palette.PARCHMENT, (x + theme.px(8), y + theme.px(4)))
            self.towels_left_rects[seat] = pygame.Rect(where)
            self.explain(where, Text.of("pp.explain.opp_towels", name=name, ones=ones, twos=twos, threes=threes),
                         "opp_towels")
            if hand.special_hand and hand.special_hand[seat] is not None:
                card = hand.special_hand[seat]
                sb = sprites.special_card(card, (theme.px(18), theme.px(25))) \
                    if card != UNKNOWN else sprites.treasure_back((theme.px(18), theme.px(25)))
                surface.blit(sb, (r.right - theme.px(28), y))
                self.explain(sb.get_rect(topleft=(r.right - theme.px(28), y)),
                             Text.of("pp.explain.opp_special_hidden", name=name) if card == UNKNOWN else
                             Text.of("pp.explain.opp_special", name=name, what=self._special_explained(card)),
                             "opp_special")

    def _draw_move_line(self, surface: pygame.Surface, move: SeatMove, area: pygame.Rect) -> None:
        """Under a seat's name, what its last move was ("2 towels on #3 · Map on #5"), in ``area`` (down to the
        row of cards): on one line when it fits, else on two in a smaller font (cut between its parts) when the
        window leaves room for two; what still does not fit ends in "…" (the mark's explanation has it all)."""
        parts = [tr(p) for p in move.parts]
        line = " · ".join(parts)
        fnt = theme.fit_font(line, "text", 13, area.w, min_size=11)
        lines = [line]
        small = theme.font("text", 11)
        step = small.get_height() + 1                      # two lines set close: the header has room for them
        two = area.y - theme.px(4) + step + small.get_linesize() <= area.bottom + 1
        if fnt.size(line)[0] > area.w and len(parts) > 1 and not two:   # one line: the first things it did
            while len(parts) > 1 and fnt.size(line)[0] > area.w:
                parts.pop()
                line = " · ".join(parts) + " …"
            lines = [line]
        elif fnt.size(line)[0] > area.w and len(parts) > 1:
            fnt = small
            lines = [parts[0]]
            for part in parts[1:]:
                joined = lines[-1] + " · " + part
                if fnt.size(joined)[0] <= area.w:
                    lines[-1] = joined
                elif len(lines) < 2:
                    lines.append(part)
                else:
                    lines[-1] += " …"
                    break
        top = area.y if len(lines) == 1 else area.y - theme.px(4)
        where = pygame.Rect(area.x, top, 0, 0)
        for k, text in enumerate(lines):
            drawn = theme.draw_text(surface, text, fnt, palette.GOLD_LIGHT,
                                    (area.x, top + k * (step if len(lines) > 1 else fnt.get_linesize())))
            where = where.union(drawn) if where.w else pygame.Rect(drawn)
        self.move_lines[move.seat] = pygame.Rect(where)
        self.move_line_texts[move.seat] = lines
        self.explain(where, move.text(self.seat_name(move.seat)), "last-move")

    def _running_total(self, seat: int) -> float:
        """A seat's match total on the panels; during a sunset, only what has turned over (``sunset_total``)."""
        value = self.sunset_total(seat)
        if value is None:
            totals = getattr(self.shown, "totals", None)
            value = totals[seat] if totals else 0
        return int(value) if float(value).is_integer() else value

    def _draw_spot(self, surface: pygame.Surface, hand: PlayaHand, i: int, r: pygame.Rect,
                   viewer: int | None, hidden: bool = False, sunset: Sunset | None = None) -> None:
        """Spot ``i`` of ``hand`` as ``viewer`` sees it; at ``sunset`` its treasure (unless still ``hidden``)
        and who takes it come from the end of the hand's events."""
        sp = hand.beach[i]
        # the treasure at the top of its place, its pile under it or beside it, never over it (issue 20)
        card, top_place, marker_at = self.spot_parts(r)
        label = f"#{i + 1}" + (" · " + tr("pp.ui.spot_central") if sp.buried_by is None else "")
        theme.draw_text(surface, label, theme.font("bold", 13), palette.WOOD_DARK, (card.x, r.y + theme.px(2)))
        if sunset is not None or hand.phase == OVER:  # R29, R30, R31: whose it is now
            self.explain(r, Text.of("pp.explain.spot_sunset", n=i + 1), "spot")
        else:
            self.explain(r, Text.of("pp.explain.spot_central", n=i + 1) if sp.buried_by is None else
                         Text.of("pp.explain.spot", n=i + 1, name=self.seat_name(sp.buried_by)), "spot")
        anim = self.spot_anims.get(i) if hand is not None and not hidden else None
        progress = anim[1] if anim else 1.0
        flipping = anim is not None and anim[0] == "flip"
        treasure = sp.treasure
        if sunset is not None:
            treasure = sunset.treasures[i] if i < len(sunset.treasures) else UNKNOWN
        if treasure != UNKNOWN and (sp.face_up or hand.phase == OVER or sunset is not None) and not hidden and \
                not (flipping and progress < 0.5):
            img = sprites.treasure_face(TREASURE_KIND[treasure], TREASURE_VALUE[treasure] or None, card.size)
            what = self._treasure_explained(treasure, len(sp.pile))
            face = Text.of("pp.explain.buried_face_up" if sp.face_up and hand.phase != OVER and sunset is None
                           else "pp.explain.buried_revealed", what=what)
        else:
            img = sprites.treasure_back(card.size)
            face = Text.of("pp.explain.buried_hidden")
            if treasure != UNKNOWN and not hidden and sunset is None:  # the viewer knows it (buried, looked)
                face = Text.of("pp.explain.buried_known", what=self._treasure_explained(treasure, len(sp.pile)))
        if flipping:  # the card narrows to its edge, then widens showing the other side
            w = max(1, int(card.w * abs(1.0 - 2.0 * progress)))
            img = pygame.transform.smoothscale(img, (w, card.h))
            surface.blit(img, img.get_rect(center=card.center))
        else:
            surface.blit(img, card)
        self.explain(card, face, "treasure")
        if sunset is not None:
            taker = sunset.taken.get(i)
        else:
            taker = (sp.occupant, None) if hand.phase == OVER and sp.occupant is not None else None
        if taker is not None and not hidden:  # who takes it
            chip = theme.seat_chip(self.seat_colour(taker[0]), theme.px(26))
            surface.blit(chip, chip.get_rect(center=(card.centerx, card.y + theme.px(4))))
            self.explain(chip.get_rect(center=(card.centerx, card.y + theme.px(4))),
                         self._taker_text(taker[0], taker[1], sunset is not None), "taker")
        private = sunset is None  # at sunset every treasure turns over for everyone: no private marks
        if private and sp.treasure != UNKNOWN and not sp.face_up and hand.phase != OVER:
            # the viewer knows it: its face on a badge; the eye beside it when another player knows it too
            others = [self.seat_name(s) for s in sp.known_by if s != viewer]
            badge = self._draw_known_badge(surface, sp.treasure, card, eye=bool(others))
            self.explain(badge, Text.of("pp.explain.badge_shared", what=treasure_text(sp.treasure),
                                        names=list_text(others)) if others else
                         Text.of("pp.explain.badge", what=treasure_text(sp.treasure)), "badge")
        elif private and sp.treasure == UNKNOWN and viewer is not None and \
                any(s != viewer for s in sp.known_by):  # the eye: others know it, the viewer does not
            eye = sprites.eye_marker(theme.px(18))
            surface.blit(eye, (card.right - theme.px(20), card.y + theme.px(2)))
            self.explain(eye.get_rect(topleft=(card.right - theme.px(20), card.y + theme.px(2))),
                         Text.of("pp.explain.eye", names=list_text([self.seat_name(s) for s in sp.known_by])), "eye")
        top: pygame.Rect | None = None
        if sp.pile:
            top = pygame.Rect(top_place)
            drawn = self._draw_pile(surface, sp.pile, top)
            self.explain(drawn, Text.of("pp.explain.pile", n=len(sp.pile)), "pile")
            self.explain(top, self._top_text(hand, i, viewer), "top_towel")
            brect = self._draw_count(surface, len(sp.pile), self._count_at(len(sp.pile), top))
            if sunset is None:
                self.count_rects[i] = pygame.Rect(brect)
                self.pile_rects[i] = drawn.union(brect)
            self.explain(brect, Text.of("pp.explain.count", n=len(sp.pile)), "count")
        if sp.umbrella is not None:
            size = theme.px(44)
            if anim is not None and anim[0] == "umbrella":  # pops open with a little overshoot
                size = max(4, int(size * min(1.15, 0.3 + 1.1 * progress)))
            token = sprites.umbrella_token(self.seat_colour(sp.umbrella), size)
            surface.blit(token, token.get_rect(center=(card.right - theme.px(12), card.y + theme.px(14))))
            self.explain(token.get_rect(center=(card.right - theme.px(12), card.y + theme.px(14))),
                         Text.of("pp.explain.umbrella", name=self.seat_name(sp.umbrella)), "umbrella")
        markers = []
        if sp.flag:
            markers.append("special-flag")
        if sp.double:
            markers.append("special-double-towel")
        placed: dict[str, pygame.Rect] = {}
        for k, m in enumerate(markers):
            where = pygame.Rect(marker_at[0], marker_at[1] + k * theme.px(35), theme.px(22), theme.px(31))
            surface.blit(sprites.special_card(m, where.size), where)
            kind = "flag" if m == FLAG else "double"
            self.explain(where, Text.of(f"pp.explain.{kind}"), kind)
            placed[m] = where
        if sunset is None:
            self._spot_cards[i] = (card, top, placed)

    @staticmethod
    def _draw_count(surface: pygame.Surface, n: int, midleft: tuple[int, int]) -> pygame.Rect:
        """The ×N badge of a pile (always in this one form), its middle left at ``midleft``."""
        badge = f"×{n}"
        bf = theme.font("bold", 13)
        brect = pygame.Rect(0, 0, bf.size(badge)[0] + theme.px(10), theme.px(20))
        brect.midleft = midleft
        pygame.draw.rect(surface, palette.WOOD_DARK, brect, border_radius=theme.px(8))
        theme.draw_text(surface, badge, bf, palette.PARCHMENT, brect.center, "center")
        return brect

    def _pile_card(self, card: str, size: tuple[int, int]) -> pygame.Surface:
        return sprites.towel_card(TOWEL_VALUE[card], self.seat_colour(TOWEL_COLOUR[card]), size)

    def _draw_pile(self, surface: pygame.Surface, pile: list[str], top: pygame.Rect) -> pygame.Rect:
        """A pile whose top card lies at ``top``: the cards under it (at most ``PILE_PEEK``) peek out above it,
        each one further up and to the left and darker the deeper it lies, so their values still show; the top
        card, the one that counts (R21, R30), lies whole on them, raised on its shadow, in a light frame. The
        rect of everything drawn."""
        m = self._spot_metrics()
        under = pile[-1 - PILE_PEEK:-1]
        drawn = pygame.Rect(top)
        for depth, card in zip(range(len(under), 0, -1), under):    # the deepest first
            where = top.move(-depth * m["shift"], -depth * m["peek"])
            face = self._pile_card(card, top.size).copy()
            shade = 230 - 45 * depth              # 185 just under the top card, 140 under that
            face.fill((shade, shade, shade), special_flags=pygame.BLEND_RGB_MULT)
            surface.blit(face, where)
            drawn.union_ip(where)
        shadow = top.move(theme.px(2), theme.px(3))
        surface.blit(theme.overlay(shadow.size, (20, 12, 6, 110)), shadow)
        surface.blit(self._pile_card(pile[-1], top.size), top)
        edge = max(1, theme.px(2))                  # the frame lies round the card, not on it
        frame = top.inflate(2 * edge, 2 * edge)
        pygame.draw.rect(surface, palette.WOOD_DARK, frame.inflate(2, 2), width=1, border_radius=theme.px(5))
        pygame.draw.rect(surface, palette.PARCHMENT, frame, width=edge, border_radius=theme.px(5))
        return drawn.union(shadow).union(frame.inflate(2, 2))

    @staticmethod
    def _count_at(n: int, top: pygame.Rect) -> tuple[int, int]:
        """Where the ×N badge of a pile of ``n`` goes: over the bottom right corner of its top card."""
        width = theme.font("bold", 13).size(f"×{n}")[0] + theme.px(10)
        return (top.right + theme.px(6) - width, top.bottom - theme.px(12))

    def _draw_known_badge(self, surface: pygame.Surface, treasure: str, card: pygame.Rect,
                          eye: bool = False) -> pygame.Rect:
        """The face of a face-down treasure the viewer knows, on a badge; ``eye``: another player knows it too
        (the eye means "known to another player" wherever it is drawn)."""
        kind = TREASURE_KIND[treasure]
        text = str(TREASURE_VALUE[treasure]) if kind == "number" else tr(f"pp.ui.kind_{kind}")
        f = theme.font("bold", 14)
        r = pygame.Rect(0, 0, f.size(text)[0] + theme.px(10), theme.px(22))
        r.topleft = (card.x + theme.px(2), card.y + theme.px(2))  # above any pile that covers the card
        pygame.draw.rect(surface, palette.GOLD_LIGHT, r, border_radius=theme.px(8))
        pygame.draw.rect(surface, palette.WOOD_DARK, r, width=1, border_radius=theme.px(8))
        theme.draw_text(surface, text, f, palette.INK, r.center, "center")
        if not eye:
            return r
        mark = sprites.eye_marker(theme.px(18))
        surface.blit(mark, (r.right + theme.px(2), r.y + theme.px(2)))
        return r.union(mark.get_rect(topleft=(r.right + theme.px(2), r.y + theme.px(2))))

    def _draw_discard(self, surface: pygame.Surface, hand: PlayaHand) -> None:
        r = self.discard_rect
        pygame.draw.rect(surface, (*palette.SAND_DARK,), r, width=max(2, theme.px(2)), border_radius=theme.px(8))
        self._discard_top = None
        if hand.discard:
            last = hand.discard[-1]
            img = sprites.pirate_card(PIRATE_KIND[last], self.seat_colour(PIRATE_COLOUR[last]), r.size)
            surface.blit(img, r)
            self._discard_top = pygame.Rect(r)
        label = tr("pp.ui.discard")
        where = theme.draw_text(surface, label, theme.fit_font(label, "bold", 12, r.w), palette.WOOD_DARK,
                                (r.centerx, r.bottom + theme.px(2)), "midtop")
        if hand.discard:
            last = hand.discard[-1]
            text = Text.of("pp.explain.discard", name=self.seat_name(PIRATE_COLOUR[last]), card=pirate_text(last))
        else:
            text = Text.of("pp.explain.discard_empty")
        self.explain(r.union(where), text, "discard")

    def _draw_hand_area(self, surface: pygame.Surface, hand: PlayaHand, viewer: int | None) -> None:
        area = self.hand_area
        surface.blit(theme.overlay(area.size, (40, 26, 16, 120)), area)
        if viewer is not None:
            self.explain(area, Text.of("pp.explain.hand"), "hand")
        status = self._status(hand, viewer)
        self._lay_buttons(area)
        room = getattr(self, "_buttons_left", area.right - theme.px(480)) - area.x - theme.px(24)
        where = theme.draw_text(surface, status, theme.fit_font(status, "bold", 18, room),
                                palette.GOLD_LIGHT, (area.x + theme.px(12), area.y + theme.px(6)),
                                outline=palette.WOOD_DARK)
        if status:
            self.explain(where, self._status_explained(hand, viewer), "status")
        for b in self._lay_buttons(area):
            b.draw(surface)
            # Undo in the shared table's words, again here: it lies on the hand, which is explained too
            self.explain(b.rect, Text.of(BUTTON_EXPLAINED.get(b.text.key, "table.explain.undo")), "button")
        held = self.drag.held
        for s in self.hand_sprites:
            if s is not held:
                s.draw(surface)
                self.explain(s.rect, self._hand_card_explained(s, hand), f"{s.payload.kind}_card")
        for card, rect in self.draft_cards:
            theme.draw_glow(surface, rect, palette.HIGHLIGHT, theme.px(6), theme.px(10))
            surface.blit(special_face(card, rect.size), rect)
            key = "pp.explain.draft_card_last" if self._last_to_choose() else "pp.explain.draft_card"
            self.explain(rect, Text.of(key, what=self._special_explained(card)), "special_card")
        for b in self.choice_buttons:
            b.draw(surface)
            self.explain(b.rect, self._choice_explained(b), "button")

    def _lay_buttons(self, area: pygame.Rect) -> list[Button]:
        """The turn's buttons in the top right of the hand, each in a place of its own: End turn (or Show my
        towels) always in the corner, Undo well apart on its left whether End turn shows or not (a second
        click on End turn never lands on Undo), the Flag's switch left of Undo. The visible ones, laid out."""
        f = theme.font(self.end_button.role, self.end_button.size)
        slot = max(theme.px(self.end_button.min_width),
                   *(f.size(tr(key))[0] + theme.px(40)
                     for key in ("pp.ui.end_turn", "pp.ui.show", "pp.ui.show_end", "pp.ui.skip_towels")))
        top, h = area.y + theme.px(4), theme.px(40)
        x = area.right - theme.px(8) - slot
        shown = []
        for b in (self.end_button, self.show_button):
            if b.visible:
                b.layout(pygame.Rect(x, top, slot, h))
                shown.append(b)
                break
        x -= theme.px(28)
        for b in (self.undo_button, self.flag_toggle):
            w = b.preferred_size()[0]
            if b.visible:
                b.layout(pygame.Rect(x - w, top, w, h))
                shown.append(b)
            x -= w + theme.px(8)
        self._buttons_left = x
        return shown

    def _status(self, hand: PlayaHand, viewer: int | None) -> str:
        current = hand.current
        if current is not None and self.turn_shown() is not None:
            current = self.turn_shown()        # a bot's last cards still flying: still its turn on screen
        if hand.phase == OVER or current is None:
            return ""
        name = self.seat_name(current)
        if self.is_bot(current):
            return self.bot_status(current)
        if viewer != current:
            return tr("pp.ui.waiting", name=name)
        if hand.phase == SEATING:
            return tr("pp.ui.step_seating", name=name)
        if hand.phase == DRAFT:
            return tr("pp.ui.step_draft_last" if self._last_to_choose(hand) else "pp.ui.step_draft", name=name)
        return tr(self._step_key(hand), name=name, total=sum(TOWEL_VALUE[c] for c in self.selected))

    def _step_key(self, hand: PlayaHand) -> str:
        """The prompt of the step the seat on turn is in, saying what it must do now and what it may do: each
        step of the turn (R8, R9, R18, R19, R24, R28) by what the engine lets it play now."""
        legal = self.legal()
        towels = any(isinstance(a, PlayTowels) for a in legal)
        seat = hand.current
        empty = seat is not None and 0 <= seat < len(hand.towels) and not hand.towels[seat]  # R26: none left
        if hand.step == STEP_B and self.selected and towels:
            return "pp.ui.step_b_group"
        if hand.phase == FINAL:                                 # R28, A15: one group on one treasure, or none
            if hand.step == STEP_B and towels:
                return "pp.ui.step_final"
            if hand.step == STEP_B:
                return "pp.ui.step_final_empty" if empty else "pp.ui.step_final_none"
            return "pp.ui.step_end"
        if hand.step == STEP_A:                                 # R8 round 1 buries; R9 step A
            if hand.round == 1:
                return "pp.ui.step_burial"
            bury = any(isinstance(a, BuryTreasure) for a in legal)
            pirates = [a for a in legal if isinstance(a, PlayPirate)]
            if bury and not pirates:                            # no pirate card left (or none may be played)
                return "pp.ui.step_a_bury"
            if pirates and not bury:                            # no treasure left to bury
                if all(a.target < 0 for a in pirates):          # R12, R13, R16: nowhere to go but the pile
                    return "pp.ui.step_a_pile"
                return "pp.ui.step_a_pirate"
            return "pp.ui.step_a"
        if hand.step == STEP_B:
            if not towels and not any(isinstance(a, ShowHand) for a in legal):
                # R19: a group is down and no second one may go anywhere (or no towel is left): End turn is all
                return "pp.ui.step_b_empty" if empty else "pp.ui.step_b_no_more"
            if not towels:                                      # R24: nothing fits, the towels are shown
                ends = self._show_ends_turn(legal)
                if empty:                                       # R26: no towels at all, nothing to show
                    return "pp.ui.step_b_empty" if ends else "pp.ui.step_b_empty_skip"
                # V6: with a special card still to play, showing the towels does not end the turn
                return "pp.ui.step_b_none" if ends or self.coach is not None else "pp.ui.step_b_none_special"
            # R18 at least one group; R19 a second one, on another treasure, is up to the player
            return "pp.ui.step_b_more" if hand.groups else "pp.ui.step_b"
        return "pp.ui.step_buried" if hand.round == 1 else "pp.ui.step_end"

    def _draw_side(self, surface: pygame.Surface, hand: PlayaHand, viewer: int | None) -> None:
        surface.blit(theme.background("wood", self.side.size), self.side)
        r = self.info_rect
        theme.draw_frame(surface, "panel", r)
        f = theme.font("bold", 16)
        small = theme.font("text", 14)
        n_hands = getattr(self.shown, "n_hands", 1)
        self.explain(r, Text.of("pp.explain.scores"), "scores")
        y = r.y + theme.px(12)
        line = tr("pp.ui.hand_round", hand=hand.hand_index + 1, hands=n_hands,
                  round=min(hand.round, hand.n_rounds), rounds=hand.n_rounds)
        where = theme.draw_text(surface, line, theme.fit_font(line, "bold", 16, r.w - theme.px(20)),
                                palette.WOOD_DARK, (r.x + theme.px(12), y))
        self.round_rect = pygame.Rect(where)
        self.explain(where, Text.of("pp.explain.round", hand=hand.hand_index + 1, hands=n_hands,
                                    round=min(hand.round, hand.n_rounds), rounds=hand.n_rounds), "round")
        y += f.get_linesize() + theme.px(10)             # room for the lesson's ring around the line above
        starter = tr("pp.ui.starter", name=self.seat_name(hand.order[0]))
        where = theme.draw_text(surface, starter, small, palette.INK_SOFT, (r.x + theme.px(12), y))
        self.starter_rect = pygame.Rect(where)
        self.explain(where, Text.of("pp.explain.starter", name=self.seat_name(hand.order[0])), "starter")
        y += small.get_linesize() + theme.px(4)
        for seat in range(self.session.players):
            chip = theme.seat_chip(self.seat_colour(seat), theme.px(18))
            surface.blit(chip, (r.x + theme.px(12), y))
            theme.draw_text(surface, self.seat_name(seat), small, palette.INK, (r.x + theme.px(36), y))
            theme.draw_text(surface, str(self._running_total(seat)), f, palette.INK,
                            (r.right - theme.px(14), y), "topright")
            self.explain(pygame.Rect(r.x + theme.px(12), y, r.w - theme.px(24), theme.px(20)),
                         Text.of("pp.explain.score", name=self.seat_name(seat), total=self._running_total(seat)),
                         "score")
            y += theme.px(21)
        self.logpanel.draw(surface)
        self.menu_button.draw(surface)

    def _draw_sunset(self, surface: pygame.Surface, last: PlayaHand, sunset: Sunset, viewer: int | None) -> None:
        """The end of a hand: the beach as ``viewer`` sees the finished hand ``last`` dims, its treasures turn
        over one by one with the points of each rising (``sunset``: from the hand's events), then the
        scoring."""
        surface.blit(sprites.beach_background(surface.get_size()), (0, 0))
        self._draw_opponents(surface, last, viewer)
        rects = self._spot_grid(len(last.beach), self.beach_capacity(last))
        shown = self.revealed_count()
        for i, rect in enumerate(rects):
            self._draw_spot(surface, last, i, rect, viewer, hidden=i >= shown, sunset=sunset)
        self._draw_side(surface, last, viewer)
        elapsed = self._sunset_clip.elapsed if self._sunset_clip is not None else DIM_SECONDS + POINTS_SECONDS
        dim = min(150, int(elapsed * 150 / DIM_SECONDS))
        surface.blit(theme.overlay(self.beach.size, (60, 30, 20, dim)), self.beach)
        for i, rect in enumerate(rects[:shown]):  # the points rise from each treasure as it turns over
            age = elapsed - (i + 1) * REVEAL_STEP
            if 0 <= age < POINTS_SECONDS:
                self._draw_points(surface, sunset, i, rect, age)
        area = self.hand_area
        surface.blit(theme.overlay(area.size, (40, 26, 16, 160)), area)
        self.explain(area, Text.of("pp.explain.sunset", n=self.hand_end[0]), "sunset")
        if self.all_revealed() and not self.breakdown_held():
            self._draw_hand_end(surface)  # its own title: the one on the hand would peek out under it
            return
        title = tr(self._hand_title())
        theme.draw_text(surface, title, theme.font("display", 30), palette.GOLD_LIGHT,
                        (area.centerx, area.y + theme.px(12)), "midtop", palette.WOOD_DARK, 2)

    def _hand_title(self) -> Text:
        """Which hand is scored: "Scoring of hand 2 of 3", of the last hand, or of the only one."""
        number = self.hand_end[0] if self.hand_end is not None else 1
        hands, last, _ = self.hand_match
        if hands <= 1:
            return Text.of("pp.ui.single_hand_scoring")
        if last:
            return Text.of("pp.ui.last_hand_scoring", n=number, hands=hands)
        return Text.of("pp.ui.hand_scoring_of", n=number, hands=hands)

    def breakdown_held(self) -> bool:
        """A lesson's step talks about the revealed beach (its ``on_beach``): the breakdown waits for the next."""
        step = self.coach.step if self.coach is not None else None
        return bool(getattr(step, "on_beach", False))

    def _draw_points(self, surface: pygame.Surface, sunset: Sunset, index: int, rect: pygame.Rect,
                     age: float) -> None:
        taken = sunset.taken.get(index)  # the ``took`` event of that treasure, if anyone took it
        if taken is None:
            return
        seat, points = taken  # R33, R34; a skull scores as a set (R35)
        text = tr("pp.ui.kind_skull") if points is None else f"+{points}"
        img = theme.render_text(text, theme.font("display", 30), theme.seat_colour(self.seat_colour(seat)),
                                palette.WOOD_DARK, max(1, theme.px(2))).copy()
        img.set_alpha(int(255 * max(0.0, 1.0 - age / POINTS_SECONDS)))
        where = img.get_rect(center=(rect.centerx, rect.y + theme.px(60) - int(age * theme.px(24))))
        surface.blit(img, where)
        self.explain(where, self._taker_text(seat, points, True), "taker")

    def _draw_hand_end(self, surface: pygame.Surface) -> None:
        number, result = self.hand_end
        surface.blit(theme.overlay(surface.get_size(), (10, 20, 30, 120)), (0, 0))
        area = surface.get_rect()
        if self.coach is not None and not self.coach.done:
            area.w = self.side.x           # a lesson: its coach talks in the log's column, beside the breakdown
        # room for the match so far, and for four players' names over the columns of the rows
        w, h = min(theme.px(1040), area.w - theme.px(60)), theme.px(480)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (area.centerx, area.centery - theme.px(20))
        self.breakdown_rect = rect.copy()
        hands, last, totals = self.hand_match
        view = HandResultsView(result, [s.name for s in self.session.seats],
                               seats=[s.colour for s in self.session.seats], title=self._hand_title(),
                               standing=totals or None,
                               standing_title=Text.of("pp.ui.standing_last") if last else
                               Text.of("pp.ui.standing", n=number, hands=hands))
        view.layout(rect)
        view.draw(surface)
        self.breakdown_view = view
        # its table of rows, as ResultsView lays it out: under the title and the winner's line, on the left
        inner = rect.inflate(-2 * theme.px(28), -2 * theme.px(28))
        top = inner.y + theme.font("display", 26).get_linesize() + \
            theme.fit_font(view.winner_text(), "display", 40, inner.w).get_linesize() + theme.px(12)
        self.breakdown_rows = pygame.Rect(inner.x, top, int(inner.w * 0.58), inner.bottom - top)
        self.explain(rect, Text.of("pp.explain.breakdown", n=number), "breakdown")
        if view.standing_rect.w > 0:
            self.explain(view.standing_rect, Text.of("pp.explain.standing"), "breakdown")
        # each row: what it counts and by which rule (R33, R34, R35, R36, R37, V7, V8, V9)
        for row, key in view.row_rects:
            why = view.row_explanation(row.center)
            if why is not None:
                self.explain(row, why, "breakdown")
        if not self.sunset_button_shown():
            return
        bw = self.next_hand_button.preferred_size()[0]
        self.next_hand_button.layout(pygame.Rect(rect.centerx - bw // 2, rect.bottom + theme.px(12), bw,
                                                 theme.px(48)))
        self.next_hand_button.draw(surface)
        self.explain(self.next_hand_button.rect, Text.of("pp.explain.button.to_results" if self._results_due
                                                         or self.state.is_over() else "pp.explain.button.next_hand"),
                     "button")

