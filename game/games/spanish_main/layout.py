"""Where things go on the Spanish Main table (pure geometry from the window's rect; no state). Section 9's screen:

- the top band: the movement deck and its discard pile, then the market's three cards (or, with ``movement-hand``,
  nothing there: the hand is at the bottom); in the middle whose turn it is, what to do and the buttons above the
  players' strip (each seat's secured fame and revealed pirates); on the right the adventure deck and its discard
  pile;
- the middle band: the row of the nine ships, space 9 on the left and space 1 on the right, a fame counter above
  each and its space number below; right of space 1 the active adventure, large (with ``imminent-adventures`` the
  upcoming ones small beside it);
- the bottom band: "Your pirates" on the left (private), the notes grid or the hand in the middle, the log on the
  right.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.games.spanish_main import sprites
from game.ui import theme

SPACES = 9


@dataclass
class Layout:
    rect: pygame.Rect
    card_h: int                                     # the small cards' height (market, decks, piles)
    ship_h: int
    mv_deck: pygame.Rect
    mv_discard: pygame.Rect
    market: list[pygame.Rect]
    head: pygame.Rect                               # whose turn, what to do
    buttons: pygame.Rect                            # the buttons (``button_cols`` a row: 6, or 3 in two rows)
    seats: pygame.Rect                              # the players' strip
    adv_deck: pygame.Rect
    adv_discard: pygame.Rect
    ships: list[pygame.Rect]                        # by space - 1 (space 1 on the right)
    fame: list[pygame.Rect]                         # the counter above each space
    numbers: list[pygame.Rect]                      # the space marker below each space
    gaps: list[pygame.Rect]                         # between space p and p + 1 (index p - 1): the pair cards' targets
    active: pygame.Rect
    upcoming: list[pygame.Rect] = field(default_factory=list)
    pirates: pygame.Rect = field(default_factory=pygame.Rect)     # "Your pirates"
    middle: pygame.Rect = field(default_factory=pygame.Rect)      # the notes grid or the hand
    log: pygame.Rect = field(default_factory=pygame.Rect)
    row: pygame.Rect = field(default_factory=pygame.Rect)         # the whole row with its counters and numbers
    button_cols: int = 6
    window: pygame.Rect = field(default_factory=pygame.Rect)      # the whole window (``rect``: its 16:9 middle)

    def ship_rect(self, space: int) -> pygame.Rect:
        return self.ships[space - 1]

    def hand_slots(self, n: int) -> list[pygame.Rect]:
        """The hand's ``n`` cards in the bottom band's middle, overlapping when they do not fit side by side."""
        if n <= 0:
            return []
        h = min(self.card_h, self.middle.h - theme.px(30))
        w, h = sprites.card_size(h)
        step = min(w + theme.px(8), (self.middle.w - w) // max(1, n - 1)) if n > 1 else 0
        x0 = self.middle.x + max(0, (self.middle.w - (w + step * (n - 1))) // 2)
        y = self.middle.bottom - h - theme.px(4)
        return [pygame.Rect(x0 + i * step, y, w, h) for i in range(n)]


def make_layout(rect: pygame.Rect, upcoming: int = 0, button_w: int = 0, hand: bool = False) -> Layout:
    """The table's places for a window of ``rect``; ``upcoming`` small cards beside the active adventure
    (``imminent-adventures``: the row's other cards); ``button_w`` the width the widest button's words need (the
    six buttons go in one row when they fit, else in two rows of three); ``hand``: no market (``movement-hand``),
    its room goes to the header. The table keeps its 16:9 proportions in the middle of a
    window of another shape (a tall or a very wide one), the sea chart all round."""
    window = pygame.Rect(rect)
    if rect.w * 9 > rect.h * 16:
        rect = pygame.Rect(0, 0, rect.h * 16 // 9, rect.h)
    else:
        rect = pygame.Rect(0, 0, rect.w, rect.w * 9 // 16)
    rect.center = window.center
    pad = max(6, theme.px(10))
    w, h = rect.w, rect.h
    top_h = max(100, int(h * 0.22))
    card_h = top_h - 2 * pad
    cw, _ = sprites.card_size(card_h)
    gap = max(4, theme.px(8))
    x = rect.x + pad
    y = rect.y + pad
    mv_deck = pygame.Rect(x, y, cw, card_h)
    mv_discard = pygame.Rect(mv_deck.right + gap, y, cw, card_h)
    market = [pygame.Rect(mv_discard.right + 2 * gap + i * (cw + gap), y, cw, card_h) for i in range(3)]
    adv_discard = pygame.Rect(rect.right - pad - cw, y, cw, card_h)
    adv_deck = pygame.Rect(adv_discard.x - gap - cw, y, cw, card_h)
    mid_x = (mv_discard.right if hand else market[-1].right) + 2 * gap
    mid_w = adv_deck.x - 2 * gap - mid_x
    cols = 6 if (mid_w - 5 * theme.px(5)) // 6 >= max(button_w, theme.px(56)) else 3
    if cols == 6:
        head = pygame.Rect(mid_x, y, mid_w, int(card_h * 0.42))
        buttons = pygame.Rect(mid_x, head.bottom + theme.px(3), mid_w, int(card_h * 0.24))
    else:
        head = pygame.Rect(mid_x, y, mid_w, int(card_h * 0.30))
        buttons = pygame.Rect(mid_x, head.bottom + theme.px(3), mid_w, int(card_h * 0.44))
    seats = pygame.Rect(mid_x, buttons.bottom + theme.px(4), mid_w, y + card_h - buttons.bottom - theme.px(4))

    # the row and the active adventure
    band_y = rect.y + top_h + pad
    bottom_h = max(120, int(h * 0.31))
    band_h = rect.bottom - bottom_h - band_y - pad
    side_w = int(w * 0.19)                              # the active adventure's column
    row_w = w - 2 * pad - side_w - 2 * gap
    counter_h = max(16, theme.px(24))
    number_h = max(16, theme.px(30))
    slot = row_w / SPACES
    ship_w = int(slot - gap)
    ship_h = min(int(ship_w * sprites.ART_CARD[1] / sprites.ART_CARD[0]), band_h - counter_h - number_h - 2 * gap)
    ship_w = int(ship_h * sprites.ART_CARD[0] / sprites.ART_CARD[1])
    ship_y = band_y + counter_h + gap + (band_h - counter_h - number_h - 2 * gap - ship_h) // 2
    ships, fame, numbers = [], [], []
    for space in range(1, SPACES + 1):
        cx = rect.x + pad + slot * (SPACES - space) + slot / 2
        r = pygame.Rect(0, 0, ship_w, ship_h)
        r.midtop = (round(cx), ship_y)
        ships.append(r)
        fame.append(pygame.Rect(r.x, r.y - counter_h - theme.px(3), r.w, counter_h))
        numbers.append(pygame.Rect(r.centerx - number_h // 2, r.bottom + gap // 2, number_h, number_h))
    gaps = []
    for space in range(1, SPACES):
        front, back = ships[space - 1], ships[space]
        g = pygame.Rect(0, 0, max(gap * 3, theme.px(26)), ship_h)
        g.center = ((front.left + back.right) // 2, front.centery)
        gaps.append(g)
    row = pygame.Rect(ships[-1].x - gap, fame[0].y, ships[0].right - ships[-1].x + 2 * gap,
                      numbers[0].bottom - fame[0].y)
    side = pygame.Rect(rect.right - pad - side_w, band_y, side_w, band_h)
    up: list[pygame.Rect] = []
    if upcoming > 0:
        mini_h = min(int(band_h / max(3, upcoming)) - gap, int(band_h * 0.45))
        mw, _ = sprites.card_size(mini_h)
        act_h = min(band_h, int((side_w - mw - gap) * sprites.ART_CARD[1] / sprites.ART_CARD[0]))
        aw, _ = sprites.card_size(act_h)
        active = pygame.Rect(side.x, side.y + (band_h - act_h) // 2, aw, act_h)
        for i in range(upcoming):
            up.append(pygame.Rect(active.right + gap, side.y + i * (mini_h + gap), mw, mini_h))
    else:
        act_h = min(band_h, int(side_w * sprites.ART_CARD[1] / sprites.ART_CARD[0]))
        aw, _ = sprites.card_size(act_h)
        active = pygame.Rect(0, 0, aw, act_h)
        active.center = side.center

    # the bottom band
    by = rect.bottom - bottom_h
    pirates_w = int(w * 0.27)
    log_w = int(w * 0.33)
    pirates = pygame.Rect(rect.x + pad, by, pirates_w, bottom_h - pad)
    log = pygame.Rect(rect.right - pad - log_w, by, log_w, bottom_h - pad)
    middle = pygame.Rect(pirates.right + gap * 2, by, log.x - pirates.right - 4 * gap, bottom_h - pad)
    return Layout(rect, card_h, ship_h, mv_deck, mv_discard, market, head, buttons, seats, adv_deck, adv_discard,
                  ships, fame, numbers, gaps, active, up, pirates, middle, log, row, cols, window)
