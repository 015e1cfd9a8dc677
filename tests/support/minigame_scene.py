"""The table of the tests' card game, and the worked example of a scene on the shared table
(docs/adding-a-game.md): everything around the rules comes from ``TableScene`` — whose turn, the legal
list, playing an action with the engine's reason on a refusal, the viewer's events, the animation timeline
that bots wait for, undo, saves, the privacy screen — and this scene only lays out, draws and turns gestures
into actions:

- drag a card of your hand onto your expedition of its suit (R2: play) or onto its discard pile (discard);
  the piles the engine accepts glow, any other drop glides back with the engine's reason
  (``DragController``, asking ``State.check``); or click the card, then the pile; or the arrow keys and Enter;
- every legal action is also a button (the plain alternative, and what the app's tests click);
- a card played by anyone glides from their seat to its pile, a card drawn glides to the hand
  (``on_events``: clips on ``self.timeline``, from the events as the viewer may know them).

It records every viewer it drew for, so tests can check that no hidden hand was ever on screen.
"""
from __future__ import annotations

import dataclasses

import pygame

from game.core.protocol import Text
from game.games import GameEntry
from game.scenes.table import TableScene
from game.ui import palette, theme
from game.ui.cards import CardSprite
from game.ui.dragdrop import DragController, DropTarget
from game.ui.timeline import Clip
from game.ui.widgets import Button
from tests.support import minigame
from tests.support.minigame import SUITS, UNKNOWN, Discard, Play

CARD = (60, 84)
SUIT_COLOURS = [(196, 72, 60), (60, 120, 196), (72, 160, 90), (214, 170, 60)]


def json_key(state) -> str:
    import json
    return json.dumps(state.to_json(), sort_keys=True)


def card_face(card: int) -> CardSprite:
    """A card of the hand (its payload is the card)."""
    return CardSprite(pygame.Rect((0, 0), CARD), label="?" if card == UNKNOWN else str(card % 10),
                      label_colour=SUIT_COLOURS[card // 10] if card != UNKNOWN else palette.INK, payload=card)


class FlyingCard(Clip):
    """A card gliding from one point to another (a card played or drawn, from its event)."""

    layer = "top"

    def __init__(self, card: int, start: tuple[int, int], end: tuple[int, int], delay: float = 0.0) -> None:
        super().__init__(delay, 0.35)
        self.sprite = card_face(card)
        self.start, self.end = start, end

    def draw(self, surface: pygame.Surface) -> None:
        p = 1 - (1 - self.t) ** 3
        self.sprite.rect.center = (round(self.start[0] + (self.end[0] - self.start[0]) * p),
                                   round(self.start[1] + (self.end[1] - self.start[1]) * p))
        self.sprite.draw(surface)


class MiniTableScene(TableScene):
    name = "table:minigame"

    def __init__(self, app, session):
        from game.games import get
        super().__init__(app, get("minigame"), session)
        self.drawn_for: list[tuple[int | None, tuple]] = []  # (viewer, hand cards drawn face up)
        self.buttons: list[Button] = []
        self.hand: list[CardSprite] = []
        self.piles: dict[tuple[str, int], DropTarget] = {}    # ("expedition" | "discard", suit) -> target
        self.drag = DragController(self._drop, tweener=self.timeline, toasts=app.toasts)
        self.rect = pygame.Rect(0, 0, 1280, 720)
        self._built: tuple | None = None

    # Layout -----------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.piles = {}
        for suit in range(SUITS):
            for row, kind in enumerate(("expedition", "discard")):
                r = pygame.Rect(360 + suit * 90, 110 + row * 120, *CARD)
                target = DropTarget(r, data=(kind, suit))
                target._accepts = lambda card, t=target: self.drop_verdict(card, t)
                self.piles[(kind, suit)] = target
        self.drag.set_targets(self.piles.values())
        self.menu_button.layout(pygame.Rect(rect.right - 130, 16, 110, 40))
        self._built = None

    def seat_point(self, seat: int | None) -> tuple[int, int]:
        """Where a seat's cards come from on screen: the hand for the viewer, a corner for the others."""
        if seat is not None and seat == self.viewer():
            return (360, self.rect.h - 220)
        return (80 + 120 * (seat or 0), 60)

    # Gestures -> actions (the engine decides: the table's drop_verdict asks State.check) ----------------
    def drop_actions(self, card: int, target: DropTarget) -> list:
        """R2: a card on its suit's expedition plays it, on its suit's discard pile discards it."""
        seat = self.my_turn()
        kind, suit = target.data
        if seat is None or card // 10 != suit:
            return []
        return [(Play if kind == "expedition" else Discard)(seat, card)]

    def no_drop_reason(self, card: int, target: DropTarget) -> Text:
        return Text.of("mg.reason.wrong_suit")  # R2: every card goes to a pile of its own suit

    def _drop(self, card: int, target: DropTarget):
        action = self.drop_action(card, target)
        return self.play(action) if action is not None else self.drop_verdict(card, target)

    def action_buttons(self) -> list[Button]:
        """Every legal action of the seat on screen as a button (the click alternative)."""
        seat = self.my_turn()
        if seat is None or self.privacy_for is not None:
            return []
        key = (len(self.session.actions), seat, json_key(self.state))
        if getattr(self, "_buttons_key", None) == key:
            return self.buttons
        self._buttons_key = key
        buttons = []
        for i, action in enumerate(self.legal()[:12]):
            b = Button(action.kind + " " + str(getattr(action, "card", getattr(action, "pile", ""))),
                       lambda a=action: self.play(a), min_width=100, height=36, size=14)
            b.layout(pygame.Rect(20 + (i % 6) * 150, self.rect.h - 100 + (i // 6) * 44, 140, 40))
            b.action = action
            buttons.append(b)
        self.buttons = buttons
        return buttons

    def recap_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """The recap of the others' turns goes top right, clear of the piles and the action buttons."""
        w, h = min(size[0], 420), min(size[1], self.rect.h - 200)
        return pygame.Rect(self.rect.w - w - 20, 60, w, h)

    def handle_table(self, event: pygame.event.Event) -> None:
        self._build()
        if self.menu_button.handle(event):
            return
        for b in self.action_buttons():
            if b.handle(event):
                self.mark_dirty()
                return
        if self.drag.handle(event):
            self.mark_dirty()

    # What happened ------------------------------------------------------------------------------
    def on_events(self, events: list, first: int) -> None:
        for e in events:
            if e.kind == "played":
                pile = self.piles.get(("expedition" if e.get("target") == "expedition" else "discard",
                                       e.get("card") // 10))
                if pile is not None:
                    self.timeline.then(FlyingCard(e.get("card"), self.seat_point(e.seat), pile.rect.center))
            elif e.kind == "drew":
                pile = e.get("pile")  # a suit's discard pile, or "deck"
                start = self.piles[("discard", pile)].rect.center if isinstance(pile, int) else (240, 170)
                card = e.get("card")
                self.timeline.then(FlyingCard(UNKNOWN if card is None else card, start, self.seat_point(e.seat)))
        self._built = None

    def on_resync(self) -> None:
        self._built = None

    # Drawing ------------------------------------------------------------------------------------
    def _build(self) -> None:
        """The viewer's hand as draggable cards (rebuilt when the state or the viewer changes)."""
        viewer = self.viewer()
        key = (len(self.session.actions), viewer, self.my_turn())
        if self._built == key:
            return
        self._built = key
        view = self.state.view(viewer)
        hand_state = getattr(view, "hand", None) or view
        cards = list(hand_state.hands[viewer]) if viewer is not None else []
        self.hand = []
        for i, card in enumerate(cards):
            sprite = card_face(card)
            sprite.rect.topleft = (360 + i * 70, self.rect.h - 260)
            sprite.draggable = self.my_turn() is not None
            self.hand.append(sprite)
        self.drag.set_draggables([s for s in self.hand if s.draggable])
        self.drag.refresh()

    def draw_table(self, surface: pygame.Surface, viewer: int | None) -> None:
        self._build()
        surface.blit(theme.background("felt", surface.get_size()), (0, 0))
        view = self.state.view(viewer)
        hand_state = getattr(view, "hand", None) or view
        self.drawn_for.append((viewer, tuple(c.payload for c in self.hand)))
        f = theme.font("text", 16)
        self.drag.draw_targets(surface)
        for (kind, suit), target in self.piles.items():
            pygame.draw.rect(surface, SUIT_COLOURS[suit], target.rect, width=2, border_radius=8)
            cards = (hand_state.expeditions[viewer][suit] if viewer is not None else []) if kind == "expedition" \
                else hand_state.discards[suit]
            if cards:
                top = card_face(cards[-1])
                top.rect.topleft = target.rect.topleft
                top.draw(surface)
        for (kind, suit), target in self.piles.items():
            self.explain(target.rect, Text.of(f"mg.explain.{kind}", suit=suit), kind)
        for sprite in self.hand:
            if sprite is not self.drag.held:
                sprite.draw(surface)
                self.explain(sprite.rect, Text.of("mg.explain.card", card=sprite.payload), "card")
        theme.draw_text(surface, self.status_text(), f, palette.PARCHMENT, (20, 20), "topleft")
        for b in self.action_buttons():
            b.draw(surface)
        self.menu_button.draw(surface)
        self.timeline.draw(surface, "top")
        self.drag.draw_overlay(surface)


def register() -> GameEntry:
    """Register the test game with this scene, importable by the bot worker."""
    from game.games import register as _register
    package = dataclasses.replace(minigame.GAME, make_scene=MiniTableScene)
    entry = GameEntry("minigame", "minigame", "mg.name", "mg.pitch", (2, 4), (5, 10), package=package,
                      module="tests.support.minigame_scene")
    _register(entry)
    # the same game still in the shipyard (every real game is out of it): a save of it cannot be played yet
    _register(dataclasses.replace(entry, id="minigame-yard", shipyard=True))
    return entry


GAME = dataclasses.replace(minigame.GAME, make_scene=MiniTableScene)
