"""Not a test: draws every widget of the UI kit on one 1280x720 screen and saves /tmp/ui_kit.png.

    SDL_VIDEODRIVER=dummy .venv/bin/python tests/ui/demo_kit.py [--lang it] [--no-assets] [--out PATH]

``--no-assets`` points the theme at an empty folder to show the drawn fallbacks.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from game.core.protocol import LogEntry, Result, Text  # noqa: E402
from game.i18n import set_language  # noqa: E402
from game.ui import (Button, CardSprite, Choice, CountdownWidget, DiceWidget, DragController,  # noqa: E402
                     DropTarget, HBox, Label, LogPanel, Panel, PrivacyScreen, ResultsView, Slider,
                     TextInput, ToastStack, Toggle, Tooltip, VBox, card_size, theme)
from game.ui import palette  # noqa: E402


def build_and_draw(screen: pygame.Surface) -> None:
    W, H = screen.get_size()
    px = theme.px
    screen.blit(theme.background("sea", (W, H)), (0, 0))

    # Left column: a parchment panel with a form (VBox of widgets).
    name = TextInput("Niccolò", max_length=16, placeholder="Name")
    form = VBox([
        Label("Form widgets on parchment. Long labels wrap onto several lines without leaving the panel.",
              size=16, colour=palette.INK),
        HBox([Label("Name", size=18, valign="middle"), name], weights=[1, 2], align="stretch"),
        Toggle("Hard bots", True),
        Toggle("Show hints", False),
        Choice([2, 3, 4], ["2 players", "3 players", "4 players"], index=1),
        Slider(70),
        HBox([Button("Play"), Button("Back", enabled=True)], spacing=12),
    ], spacing=12)
    left = Panel(pygame.Rect(px(16), px(16), px(360), px(470)), title="Setup", child=form)
    form.children[-1].children[1].enabled = False
    name.focused = True
    left.draw(screen)
    form.children[-2].focused = True  # show the slider's keyboard focus
    form.children[-2].focus_visible = True
    form.draw(screen)

    # Hovered button + button with icon, below the panel.
    icon = theme.seat_symbol(2, 24, palette.GOLD_LIGHT)
    b1 = Button("Roll dice", icon=icon, rect=pygame.Rect(px(16), px(500), px(170), px(48)))
    b2 = Button("Hovered", rect=pygame.Rect(px(200), px(500), px(170), px(48)))
    b2.hovered = True
    b1.draw(screen)
    b2.draw(screen)
    dice = DiceWidget([3, 5], pygame.Rect(px(16), px(560), px(200), px(90)))
    dice.draw(screen)
    rolling = DiceWidget([6], pygame.Rect(px(220), px(560), px(150), px(90)))
    rolling.roll([6])
    rolling.update(0.25)
    rolling.draw(screen)
    cd = CountdownWidget(pygame.Rect(px(16), px(656), px(110), px(56)), remaining=83)
    cd.draw(screen)
    cd2 = CountdownWidget(pygame.Rect(px(136), px(656), px(110), px(56)), remaining=7.4)
    cd2.set_remaining(8.2)
    cd2.set_remaining(7.4)
    cd2.draw(screen)
    cd3 = CountdownWidget(pygame.Rect(px(256), px(656), px(110), px(56)), remaining=42)
    cd3.paused = True
    cd3.draw(screen)

    # Middle: felt table with cards, a drag in progress and drop targets.
    table = pygame.Rect(px(392), px(16), px(520), px(420))
    screen.blit(theme.background("felt", table.size), table)
    pygame.draw.rect(screen, palette.WOOD_DARK, table, width=px(6), border_radius=px(8))
    cw, ch = card_size(0.8)
    cards = []
    labels = [("7", "7"), ("A", "A"), ("3", "3"), ("K", "K")]
    for i, (lab, corner) in enumerate(labels):
        c = CardSprite(pygame.Rect(table.x + px(24) + i * (cw + px(14)), table.bottom - ch - px(24), cw, ch),
                       label=lab, corner=corner, payload=i)
        cards.append(c)
    cards[1].hovered = True
    cards[1].lift = px(10)
    cards[2].dimmed = True
    back = CardSprite(pygame.Rect(table.right - cw - px(24), table.y + px(24), cw, ch), face_up=False)
    marked = CardSprite(pygame.Rect(table.right - 2 * cw - px(40), table.y + px(24), cw, ch),
                        face_up=False)
    marked.marked = True
    flipping = CardSprite(pygame.Rect(table.right - 3 * cw - px(40), table.y + px(24), cw, ch), label="9",
                          corner="9")
    flipping.flip_scale = 0.45
    t1 = DropTarget(pygame.Rect(table.x + px(24), table.y + px(24), cw + px(10), ch + px(10)),
                    lambda p: True)
    t2 = DropTarget(pygame.Rect(table.x + px(160), table.y + px(24), cw + px(10), ch + px(10)),
                    lambda p: Text.of("x", need=6))
    dc = DragController(lambda p, t: None, hint=lambda p, t: "needs 6 more" if t is t1 else None)
    dc.set_draggables(cards)
    dc.set_targets([t1, t2])
    for t in (t1, t2):
        pygame.draw.rect(screen, (20, 60, 40), t.rect, border_radius=px(10))
        pygame.draw.rect(screen, palette.GOLD, t.rect, width=1, border_radius=px(10))
    # simulate a drag of card 3 over the legal target
    drag_card = cards[3]
    start = drag_card.rect.center
    for ev in (pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start),
               pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] - 40, start[1] - 60), rel=(0, 0), buttons=(1, 0, 0)),
               pygame.event.Event(pygame.MOUSEMOTION, pos=t1.rect.center, rel=(0, 0), buttons=(1, 0, 0))):
        dc.handle(ev)
    dc.draw_targets(screen)
    for c in cards[:3] + [back, marked, flipping]:
        c.draw(screen)
    dc.draw_overlay(screen)
    dc.show_message(Text.of("ui.drag.not_here"), (table.centerx + px(60), table.centery + px(20)))
    dc.dragging = None
    dc.held = None
    dc.draw_overlay(screen)

    # Right: log panel.
    log = LogPanel(pygame.Rect(px(928), px(16), px(336), px(270)))
    lines = [(None, "A new game begins."), (0, "Anna plays the 7 of coins onto the treasure pile."),
             (1, "Bruno draws two cards."), (2, "Carla rolls 3 and 5 and moves her ship eight squares east."),
             (3, "Dario passes."), (0, "Anna wins the trick and takes 12 doubloons."),
             (1, "Bruno: the tide turns.")]
    for seat, text in lines:
        log.add(LogEntry(seat, Text.of(text)))
    log.draw(screen)

    # Right bottom: results (with points).
    res = Result.from_scores([14, 9, 17, -2], breakdown=[
        [("Treasures", 10), ("Tricks", 4)], [("Treasures", 6), ("Tricks", 3)],
        [("Treasures", 12), ("Tricks", 5)], [("Treasures", 0), ("Tricks", -2)]],
        stats={"Ships sunk": [1, 0, 2, 0]})
    rv = ResultsView(res, ["Anna", "Bruno", "Carla", "Dario"],
                     pygame.Rect(px(392), px(446), px(872), px(266)))
    rv.draw(screen)

    # Tooltip and toasts, and a panel_dark sample.
    dark = Panel(pygame.Rect(px(928), px(296), px(336), px(140)), title="Dark panel", style="dark",
                 child=Label("Body text on dark wood reads in parchment.", size=16, colour=palette.PARCHMENT))
    dark.draw(screen)


def draw_second(screen: pygame.Surface) -> None:
    """Privacy screen and a no-points result (second image)."""
    W, H = screen.get_size()
    priv = PrivacyScreen()
    priv.show(1, "Bruno")
    priv.draw(screen)
    half = pygame.Surface((W, H))
    res = Result(winners=[2], ranks=[3, 2, 1], how=Text.of("Carla carried the treasure to her island."),
                 stats={"Ships sunk": [1, 0, 2], "Turns with the treasure": [0, 3, 6], "Reached home": [False, False, True]})
    half.blit(theme.background("sea", (W, H)), (0, 0))
    ResultsView(res, ["Anna", "Bruno", "Carla"], pygame.Rect(theme.px(140), theme.px(60), W - theme.px(280),
                                                            H - theme.px(260))).draw(half)
    tip = Tooltip(0.0)
    tip.show("Tooltip: appears after half a second of hovering.", (theme.px(60), H - theme.px(150)), 3)
    tip.draw(half)
    toasts = ToastStack(pygame.Rect(0, 0, W, H))
    toasts.push("Toast: the game was saved.", 3, "good")
    toasts.push("You need 6 more to cross.", 3, "error")
    toasts.update(0.5)
    toasts.draw(half)
    return half


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lang", default="en")
    ap.add_argument("--no-assets", action="store_true")
    ap.add_argument("--out", default="/tmp/ui_kit.png")
    ap.add_argument("--size", default="1280x720")
    args = ap.parse_args()
    pygame.init()
    w, h = (int(v) for v in args.size.split("x"))
    screen = pygame.display.set_mode((w, h))
    set_language(args.lang)
    if args.no_assets:
        theme.set_asset_root(tempfile.mkdtemp())
    build_and_draw(screen)
    pygame.image.save(screen, args.out)
    second = draw_second(screen)
    out2 = args.out.replace(".png", "_2.png")
    both = pygame.Surface((w, h * 2))
    both.blit(screen, (0, 0))
    both.blit(second, (0, h))
    pygame.image.save(both, out2)
    print("saved", args.out, "and", out2)


if __name__ == "__main__":
    main()
