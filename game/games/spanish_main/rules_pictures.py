"""Pirates of the Spanish Main rules pictures (``game.scenes.rules``): the ship cards, captains, movement and
adventure cards, flags, fame coin, damage look and space markers of ``sprites.py``, showing the positions the
rules page talks about.

``picture(name, width)`` draws one picture no wider than ``width`` (KeyError for an unknown name). Every position
is built by the engine (``positions.position``, or a new game for the setup) and every action drawn on a picture
is asked of the engine: ``EXAMPLES`` holds, per picture, the position and the actions shown (``Mark``: played in
order, the last one legal or refused with the reason key the picture and its caption quote), so a test replays
each through ``State.check``: a picture never shows a play the game would refuse, or refuse one it allows.
Labels are catalog keys of the ``spanish_main_rules`` domain; a refusal is lettered with the engine's own reason.

The row is drawn as the table draws it: space 9 on the left, space 1 (the front) on the right. A picture is as
wide as asked and scales with that width (about 520 to 860 pixels: the page's column at 960x540 and 1280x720); its
fonts never go below 12 px.
"""
from __future__ import annotations

import math
from typing import Callable, Sequence

import pygame

from game.core.protocol import Text
from game.games.spanish_main import sprites
from game.games.spanish_main.positions import position
from game.games.spanish_main.rules import (ADVENTURE_COUNTS, PIRATES, RULES, SHIPS, Accuse, Pass, PlayCard,
                                           SpanishMainState, card_type, pirate_of, pirates_each)
from game.i18n import tr
from game.ui import palette, picture_kit, theme
from game.ui.picture_kit import Example, Mark, arrow, column, row
from game.ui.theme import verdict_icon

__all__ = ["picture", "PICTURES", "EXAMPLES", "Example", "Mark", "state_of", "verdict", "played"]

DESIGN_W = 812          # the page's column at 1280x720; everything scales with the width asked
_TICK = (54, 140, 60)
_CROSS = (196, 36, 28)
_GAIN = (96, 200, 110)
_HURT = (226, 70, 56)
_MOVE = palette.GOLD_LIGHT
K = "sm.rulebook.pic."


# ==================================================================================================
# Positions and the actions shown on them (the tests replay every one through the engine)
# ==================================================================================================
_replay = picture_kit.Replay(RULES, position)
state_of: Callable[[Example], SpanishMainState] = _replay.state_of
verdict: Callable[[Example, Mark], tuple[SpanishMainState, Text | None]] = _replay.verdict
played: Callable[[Example, Mark], SpanishMainState] = _replay.played


_ROW = ["EN1", "ES1", "NL1", "EN2", "ES2", "NL2", "EN3", "ES3", "NL3"]           # front (space 1) to back
_M1_ROW = ["NL2", "ES3", "EN2", "ES1", "NL1", "EN3", "ES2", "NL3", "EN1"]
_ILLEGAL_ROW = ["ES2", "EN3", "NL1", "EN1", "ES3", "NL2", "ES1", "NL3", "EN2"]
_T_A6 = ["ES1", "EN1", "EN2", "NL1", "EN3", "ES2", "NL2", "ES3", "NL3"]
_T_A8 = ["NL1", "ES1", "NL2", "EN1", "NL3", "ES2", "EN2", "ES3", "EN3"]
_SCORE_PIRATES = {0: ["EN1", "NL2"], 1: ["ES1", "ES3"], 2: ["EN3", "NL1"]}
_SCORE_FAME = {"EN1": 4, "NL2": 3, "ES1": 6, "ES3": 2, "EN3": 5, "NL1": 2, "EN2": 3, "ES2": 4}
_SCORE_ROW = ["ES3", "EN1", "NL1", "EN2", "ES1", "NL2", "ES2", "EN3", "NL3"]

E: dict[str, Example] = {
    # S1, S2, S3, S4: a new game for 3: the row, the active adventure, the market, 2 secret captains each
    "setup": Example(3, new={}, seed=4),
    # R8, R9, T-M1: Full Speed Ahead on the ship at space 4: 3 spaces only (the row ends), three ships shift back
    "legal": Example(3, at=dict(row=_M1_ROW, market=["mv-full-speed", "mv-rip", "mv-sabotage"]),
                     marks=(Mark((PlayCard(0, "mv-full-speed-1", "ship-es-1"),), True),)),
    # R16, R17, A13: Sabotage on a damaged ship; R11, R12: a pair card on the ship at space 9 (nobody behind it)
    "illegal": Example(3, at=dict(row=_ILLEGAL_ROW, damaged=["NL1"], market=["mv-sabotage", "mv-alliance", "mv-fog"]),
                       marks=(Mark((PlayCard(0, "mv-sabotage-1", "ship-nl-1"),), False,
                                   "sm.reason.already_damaged"),
                              Mark((PlayCard(0, "mv-alliance-1", "ship-en-2"),), False, "sm.reason.no_pair"))),
    # R44, T-A6: English Attack; R45, T-A8: Dutch Loot
    "attack-loot": Example(3, at=dict(row=_T_A6, damaged=["EN2"], adventure="adv-attack-en", deck=20),
                           marks=(Mark((Pass(0),), True),)),
    "loot": Example(3, at=dict(row=_T_A8, damaged=["NL2", "ES2"], adventure="adv-loot-nl", deck=20,
                               fame={"NL1": 2, "NL2": 1}), marks=(Mark((Pass(0),), True),)),
    # R47, R48, T-X2: Treasure Map on the row 1:EN1* 2:ES1 3:NL1* 4:EN2 5:ES2 ..., a deck of 20
    "fame": Example(2, at=dict(row=_ROW, damaged=["EN1", "NL1"], adventure="adv-treasure-map", deck=20),
                    marks=(Mark((Pass(0),), True),)),
    # R22, R25, T-X1: "Anna is Silas Thorne" (5 fame: 3 to the accuser); R28: a wrong one; R23: the bluff;
    # R22, R27: accusing yourself, or naming a revealed captain, is refused
    "accuse": Example(3, at=dict(row=_ROW, fame={"EN1": 5}, pirates={0: ["ES2", "NL3"], 1: ["EN1", "NL2"],
                                                                      2: ["ES1", "EN3"]}, revealed=["ES1"],
                                 adventure="adv-ghost-ship"),
                      marks=(Mark((Accuse(0, 1, "pirate-en-1"),), True),
                             Mark((Accuse(0, 1, "pirate-en-2"),), True),
                             Mark((Accuse(0, 2, "pirate-nl-3"),), True),
                             Mark((Accuse(0, 0, "pirate-en-2"),), False, "sm.reason.accuse_self"),
                             Mark((Accuse(0, 2, "pirate-es-1"),), False, "sm.reason.revealed"))),
    # R48, R49, R51, T-A12: the last deck card, owed fame, and the end
    "end": Example(3, at=dict(row=_ROW, adventure="adv-island-discovery", deck=1),
                   marks=(Mark((Pass(0),), True),)),
    # R53, T-E1: Ann 10, Bob 8, Cara 7, the unowned fame ignored
    "scoring": Example(3, at=dict(row=_SCORE_ROW, pirates=_SCORE_PIRATES, fame=_SCORE_FAME, secured={0: 3},
                                  damaged=["ES3", "NL2"])),
    # R55, T-E2 and R56, T-E3: two ties
    "tie-1": Example(2, at=dict(row=["NL1", "EN2", "ES1", "EN1", "NL2", "ES2", "ES3", "EN3", "NL3"],
                                pirates={0: ["EN1", "EN2", "EN3"], 1: ["ES1", "ES2", "ES3"]}, damaged=["EN2", "EN3"],
                                fame={"EN1": 4, "EN2": 3, "EN3": 3, "ES1": 5, "ES2": 3, "ES3": 2})),
    "tie-2": Example(2, at=dict(row=["NL1", "ES1", "NL2", "EN1", "EN2", "ES2", "ES3", "EN3", "NL3"],
                                pirates={0: ["EN1", "EN2", "EN3"], 1: ["ES1", "ES2", "ES3"]},
                                damaged=["EN2", "EN3", "ES2", "ES3"],
                                fame={"EN1": 4, "EN2": 3, "EN3": 3, "ES1": 5, "ES2": 3, "ES3": 2})),
    # V1.1, V2.1, V3.1, V3.3: the three options
    "options": Example(3, new={"extended-fame": True, "imminent-adventures": True, "movement-hand": True}, seed=2),
    # R28, A4, section 9: what the notes grid fills in: own captains, a revealed one, a "not", an unowned one
    "notes": Example(3, at=dict(row=_ROW, pirates={0: ["EN1", "NL2"], 1: ["ES2", "NL3"], 2: ["ES1", "EN3"]},
                                revealed=["ES2"], denied={2: ["EN2"]}, unowned=["NL1"])),
}
EXAMPLES: dict[str, Example] = E

PLAYERS = ("anna", "bruno", "carla", "dario")


# ==================================================================================================
# Small drawing parts (sizes are design pixels at DESIGN_W, scaled with ``Kit.s``)
# ==================================================================================================
class Kit(picture_kit.Kit):
    """The scale of one picture (``picture_kit.Kit``) with the parts of Spanish Main's pictures."""
    DESIGN_W = DESIGN_W
    CARD_GAP = 6

    def table(self, img: pygame.Surface) -> pygame.Surface:
        """A picture on the table's sea chart in a dark wood frame."""
        return self.framed(img, sprites.table_background(img.get_size()))

    def on_table(self, text: str, size: float = 14) -> pygame.Surface:
        """Light lettering with a dark outline, for the sea chart."""
        return theme.render_text(text, self.font(size), palette.PARCHMENT, palette.INK, max(1, self.px(2)))


def fame_badge(kit: Kit, n: int, owed: int = 0, size: float = 14) -> pygame.Surface:
    """The fame coin and the number on a dark plate, as the table shows it ("+n owed" under it)."""
    f = kit.font(size)
    num = theme.render_text(str(n), f, palette.WHITE)
    coin = sprites.fame_token(max(12, round(num.get_height() * 1.05)))
    w = coin.get_width() + num.get_width() + kit.px(10)
    h = max(coin.get_height(), num.get_height()) + kit.px(3)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(out, palette.INK, out.get_rect(), border_radius=h // 2)
    out.blit(coin, coin.get_rect(midleft=(kit.px(2), h // 2)))
    out.blit(num, num.get_rect(midright=(w - kit.px(5), h // 2)))
    if owed:                                       # "+1" only: narrow enough for a slot (``Row`` says what it is)
        more = theme.render_text(f"+{owed}", kit.font(size - 1), palette.GOLD_LIGHT, palette.INK, 2)
        return column([out, more], 0)
    return out


def plate_text(surface: pygame.Surface, text: str, plate: pygame.Rect, size: int, colour=palette.INK) -> None:
    """``text`` on a blank plate of the card art: one line if it fits at 12 px or more, else two."""
    f = theme.font_px("bold", size)
    for s in range(size, 11, -1):
        f = theme.font_px("bold", s)
        if f.size(text)[0] <= plate.w - 2:
            theme.draw_text(surface, text, f, colour, plate.center, "center")
            return
    lines = theme.wrap_text(text, f, plate.w - 2)[:2]
    y = plate.centery - len(lines) * f.get_linesize() // 2
    for line in lines:
        theme.draw_text(surface, line, f, colour, (plate.centerx, y), "midtop")
        y += f.get_linesize()


def cropped(img: pygame.Surface, art_y: int) -> pygame.Surface:
    """The top of a card down to ``art_y`` (art pixels): the picture without its blank name plate, for a card too
    small to letter (its name is written beside it instead)."""
    h = max(4, round(img.get_height() * art_y / sprites.ART_CARD[1]))
    out = img.subsurface(pygame.Rect(0, 0, img.get_width(), h)).copy()
    pygame.draw.line(out, palette.WOOD_DARK, (1, h - 1), (img.get_width() - 2, h - 1), max(1, img.get_height() // 80))
    return out


def movement(kit: Kit, card: str, h: int, named: bool = True) -> pygame.Surface:
    """A movement card: its name on its plate when there is room, else only its picture (no blank plate)."""
    img = sprites.movement_card(card, h).copy()
    if named and h >= 96:
        plate_text(img, tr(f"sm.card.{card_type(card)}"), sprites.movement_name_rect(h), max(12, h // 11))
        return img
    return cropped(img, 180)


def adventure(kit: Kit, card: str, h: int, named: bool = True) -> pygame.Surface:
    """An adventure card: its name on its plate when there is room, else only its picture (no blank plate)."""
    img = sprites.adventure_card(card, h).copy()
    if named and h >= 96:
        plate = sprites.adventure_text_rect(h)
        plate_text(img, tr(f"sm.card.{card_type(card)}"), pygame.Rect(plate.x, plate.y, plate.w, plate.h // 2),
                   max(12, h // 11))
        return img
    return cropped(img, 136)


def ship_card(ship: str, h: int, damaged: bool = False, named: bool = True) -> pygame.Surface:
    """A ship card: its name on its plate when there is room, else only its picture; a damaged ship carries the
    damage marker on its blank ribbon."""
    img = sprites.ship_card(ship, h, damaged).copy()
    if damaged:
        rib = sprites.ribbon_rect(h)
        mark = sprites.damage_marker(max(10, round(rib.h * 1.6)))
        img.blit(mark, mark.get_rect(center=rib.center))
    if named and h >= 110:
        plate_text(img, tr(f"sm.ship.{ship}"), sprites.ship_name_rect(h), max(12, h // 12))
        return img
    return cropped(img, 184)


def pirate_card(pirate: str, h: int) -> pygame.Surface:
    """A captain's portrait without its blank name plate."""
    return cropped(sprites.pirate_card(pirate, h), 194)


def pile(kit: Kit, img: pygame.Surface, count: int | str | None) -> pygame.Surface:
    """A face-down pile (a few edges under the top card) with its count."""
    d = max(2, kit.px(3))
    out = pygame.Surface((img.get_width() + 2 * d, img.get_height() + 2 * d), pygame.SRCALPHA)
    for i in (2, 1):
        pygame.draw.rect(out, palette.WOOD_DARK, pygame.Rect(i * d, i * d, *img.get_size()), border_radius=d * 2)
    out.blit(img, (0, 0))
    if count is not None:
        t = kit.tag(str(count), 14 if len(str(count)) < 4 else 12, palette.WHITE, palette.INK)
        out.blit(t, t.get_rect(center=(out.get_width() // 2, out.get_height() // 2)))
    return out


def player_name(seat: int) -> str:
    return tr(K + f"player.{PLAYERS[seat]}")


def chip_name(kit: Kit, seat: int, size: float = 14) -> pygame.Surface:
    chip = theme.seat_chip(seat, kit.px(24))
    return row([chip, theme.render_text(player_name(seat), kit.font(size), palette.INK)], kit.px(5))


def glow(surface: pygame.Surface, rect: pygame.Rect, colour, width: int) -> None:
    r = rect.inflate(width * 2, width * 2)
    pygame.draw.rect(surface, colour, r, width, border_radius=width * 2)


# ==================================================================================================
# The row of nine ships
# ==================================================================================================
class Row:
    """The row as the table lays it: space 9 on the left, space 1 (the front) on the right, each ship card over
    its space marker and its fame under it. ``extra`` more card slots are left on the right (the active adventure).
    Overlays (glows, tags, arrows) go on after ``draw``; ``rects`` holds each ship's card rectangle."""

    def __init__(self, kit: Kit, width: int, extra: float = 0.0, fame: bool = True, top: int = 0):
        self.kit = kit
        gap = max(2, kit.px(7))
        self.gap = gap
        self.cw = max(16, int((width - gap * (9 + extra) - gap) / (9 + extra * 1.15)))
        self.full = round(self.cw * sprites.ART_CARD[1] / sprites.ART_CARD[0])     # the card's art height
        self.ch = ship_card(SHIPS[0], self.full, named=False).get_height()       # drawn without the name plate
        self.mk = max(14, min(kit.px(30), round(self.cw * 0.48)))
        self.fame = fame
        self.fame_h = fame_badge(kit, 0, 1, 13).get_height() + kit.px(8) if fame else 0
        self.top = top
        self.w = width
        self.h = top + self.ch + kit.px(4) + self.mk + kit.px(4) + self.fame_h + kit.px(4)
        self.surf = pygame.Surface((width, self.h), pygame.SRCALPHA)
        self.rects: dict[str, pygame.Rect] = {}
        self.over: list[tuple[pygame.Surface, pygame.Rect]] = []

    def slot(self, space: int) -> pygame.Rect:
        """The card rectangle of ``space`` (1-9); 0, -1 ... are the extra slots right of space 1."""
        x = self.gap + (9 - space) * (self.cw + self.gap)
        if space <= 0:
            x += round(self.cw * 0.15) * (1 - space)
        return pygame.Rect(x, self.top + self.kit.px(2), self.cw, self.ch)

    def draw(self, s: SpanishMainState, ghost: Sequence[str] = (), hide_fame: Sequence[str] = ()) -> "Row":
        for space in range(1, 10):
            r = self.slot(space)
            mark = sprites.space_marker(space, self.mk)
            self.surf.blit(mark, mark.get_rect(midtop=(r.centerx, r.bottom + self.kit.px(4))))
            if space > len(s.row):
                continue
            ship = s.row[space - 1]
            img = ship_card(ship, self.full, s.is_damaged(ship), False)
            if ship in ghost:
                img.set_alpha(110)
            self.surf.blit(img, r)
            self.rects[ship] = r
            if self.fame and ship not in hide_fame:
                i = SHIPS.index(ship)
                badge = fame_badge(self.kit, s.fame[i] + s.owed[i], s.owed[i], 13)
                self.surf.blit(badge, badge.get_rect(midtop=(r.centerx, r.bottom + self.mk + self.kit.px(10))))
        return self

    def ring(self, ship: str, colour, width: float = 3) -> None:
        glow(self.surf, self.rects[ship], colour, max(2, self.kit.px(width)))

    def label(self, img: pygame.Surface, ship: str | int, where: str = "top") -> None:
        r = self.rects[ship] if isinstance(ship, str) else self.slot(ship)
        if where == "top":
            rect = img.get_rect(midbottom=(r.centerx, r.y - self.kit.px(3)))
        elif where == "mid":
            rect = img.get_rect(center=r.center)
        else:
            rect = img.get_rect(midtop=(r.centerx, r.y + round(r.h * 0.08)))
        self.over.append((img, rect))

    def image(self) -> pygame.Surface:
        for img, rect in self.over:
            rect.clamp_ip(self.surf.get_rect())
            self.surf.blit(img, rect)
        self.over = []
        return self.surf


def curve(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], colour, width: int,
          lift: float = 0.3, head: bool = True, dashed: bool = False) -> None:
    """A curved arrow from ``a`` to ``b`` bulging upward by ``lift`` of its length."""
    d = abs(b[0] - a[0]) + abs(b[1] - a[1])
    ctrl = ((a[0] + b[0]) / 2, min(a[1], b[1]) - d * lift)
    pts = []
    for i in range(25):
        t = i / 24
        pts.append(((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * ctrl[0] + t * t * b[0],
                    (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * ctrl[1] + t * t * b[1]))
    if dashed:
        for i in range(0, len(pts) - 1, 2):
            pygame.draw.line(surface, palette.WHITE, pts[i], pts[i + 1], width + 4)
            pygame.draw.line(surface, colour, pts[i], pts[i + 1], width)
    else:
        pygame.draw.lines(surface, palette.INK, False, pts, width + 4)
        pygame.draw.lines(surface, colour, False, pts, width)
    if head:
        (x0, y0), (x1, y1) = pts[-3], pts[-1]
        ang = math.atan2(y1 - y0, x1 - x0)
        size = width * 3.2
        tip = (x1, y1)
        left = (x1 - math.cos(ang - 0.5) * size, y1 - math.sin(ang - 0.5) * size)
        right = (x1 - math.cos(ang + 0.5) * size, y1 - math.sin(ang + 0.5) * size)
        pygame.draw.polygon(surface, palette.INK, [tip, left, right])
        pygame.draw.polygon(surface, colour, [tip, ((tip[0] + left[0] * 2) / 3, (tip[1] + left[1] * 2) / 3),
                                              ((tip[0] + right[0] * 2) / 3, (tip[1] + right[1] * 2) / 3)])


# ==================================================================================================
# The pictures
# ==================================================================================================
def _setup(width: int) -> pygame.Surface:
    """The row 9 ... 1, the active adventure right of space 1 and its deck, the market of three movement cards
    and its deck, two secret captains each (3 players) and the ones set aside."""
    # S1, S2, S3, S4
    kit = Kit(width)
    ex = E["setup"]
    s = state_of(ex)
    inner = kit.w - 2 * max(3, kit.px(5))
    line = Row(kit, inner, extra=1.6, fame=False, top=kit.px(26))
    line.draw(s)
    active = line.slot(0)
    big = adventure(kit, s.active, round(line.full * 1.3), False)
    r = big.get_rect(midtop=(active.centerx + round(line.cw * 0.3), active.y))
    r.right = min(r.right, line.w - kit.px(2))
    line.surf.blit(big, r)
    tag = kit.on_table(tr(K + "active"), 13)
    line.over.append((tag, tag.get_rect(midbottom=(r.centerx, r.y - kit.px(2)))))
    name = kit.tag(tr(f"sm.card.{card_type(s.active)}"), 12, palette.INK, palette.GOLD_LIGHT,
                   max_w=round((line.cw + line.gap) * 1.7))
    line.over.append((name, name.get_rect(midtop=(r.centerx, r.bottom + kit.px(4)))))
    front = kit.on_table(tr(K + "front"), 13)
    back = kit.on_table(tr(K + "back"), 13)
    line.over.append((back, back.get_rect(bottomleft=(line.slot(9).x, line.slot(9).y - kit.px(3)))))
    line.over.append((front, front.get_rect(bottomright=(line.slot(1).right, line.slot(1).y - kit.px(3)))))
    fwd = arrow(kit, kit.px(70), palette.GOLD_LIGHT)
    line.over.append((fwd, fwd.get_rect(midbottom=(line.slot(5).centerx, line.slot(5).y - kit.px(3)))))
    table = kit.table(line.image())
    ch = max(56, round(line.full * 1.1))
    bw = (kit.w - kit.px(24)) // 3
    cards = [movement(kit, c, ch, False) for c in s.market]
    market = row([column([c, kit.words(tr(f"sm.card.{card_type(m)}"), c.get_width() + kit.px(24), 12, "bold")],
                         kit.px(2)) for c, m in zip(cards, s.market)], kit.px(6), "top")
    mv = pile(kit, cropped(sprites.movement_back(ch), 180), len(s.mv_deck))
    adv = pile(kit, cropped(sprites.adventure_back(ch), 180), len(s.adv_deck))
    market_box = kit.card([kit.title(tr(K + "market"), bw * 2 - kit.px(20), 15),
                           row([market, mv], kit.px(14), "top"),
                           kit.words(tr(K + "market_says", n=len(s.mv_deck)), bw * 2 - kit.px(30), 13)],
                          bw * 2 - kit.px(4))
    adv_box = kit.card([kit.title(tr(K + "adv_deck"), bw - kit.px(20), 15), adv,
                        kit.words(tr(K + "adv_deck_says", n=len(s.adv_deck)), bw - kit.px(24), 13)], bw)
    top = row([market_box, adv_box], kit.px(10), "top")
    ph = max(28, round(line.full * 0.58))
    hands = []
    for seat in range(s.players):
        backs = row([sprites.pirate_back(ph) for _ in range(pirates_each(s.players))], kit.px(2))
        hands.append(column([chip_name(kit, seat, 13), backs], kit.px(3)))
    aside = column([theme.render_text(tr(K + "aside"), kit.font(13), palette.INK_SOFT),
                    row([sprites.pirate_back(ph) for _ in s.aside], kit.px(2))], kit.px(3))
    deal = kit.card([row(hands + [aside], kit.px(18), "top"),
                     kit.words(tr(K + "deal_says"), kit.w - kit.px(40), 13)], kit.w - kit.px(4))
    return column([top, table, deal], kit.px(6))


_MV_SHOWN = ("mv-full-speed", "mv-lost-at-sea", "mv-alliance", "mv-rip", "mv-advance-en", "mv-retreat-nl",
             "mv-sabotage", "mv-fog")
_MV_KEY = {"mv-advance-en": "mv-advance", "mv-retreat-nl": "mv-retreat"}    # one card stands for its three flags


def _movement(width: int) -> pygame.Surface:
    """The eight kinds of movement card and what each does."""
    # R9, R10, R11, R12, R13, R14, R16, R20
    kit = Kit(width)
    cols = 4
    gap = kit.px(8)
    cw = (kit.w - gap * (cols - 1)) // cols
    h = min(kit.px(118), round((cw - kit.px(30)) * 252 / 180 * 0.62))
    cells = []
    for kind in _MV_SHOWN:
        img = movement(kit, kind, h, False)
        name = kit.words(tr(f"sm.card.{kind}"), cw - kit.px(12), 13, "bold")
        what = kit.words(tr(K + f"mv.{_MV_KEY.get(kind, kind)}"), cw - kit.px(12), 12)
        cells.append(kit.card([img, name, what], cw))
    return _grid(cells, cols, gap)



def _grid(cells: list[pygame.Surface], cols: int, gap: int) -> pygame.Surface:
    """Cards ``cols`` to a row, each row's cards made as tall as its tallest."""
    rows = []
    for i in range(0, len(cells), cols):
        part = cells[i:i + cols]
        hh = max(c.get_height() for c in part)
        rows.append(row([_pad_to(c, hh) for c in part], gap, "top"))
    return column(rows, gap)

def _pad_to(card: pygame.Surface, h: int) -> pygame.Surface:
    """A parchment card (``Kit.card``) made ``h`` tall: its middle row of pixels repeated at the bottom of its
    content, so the border and the rounded corners stay whole."""
    if card.get_height() >= h:
        return card
    w, ch = card.get_size()
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    cut = ch - max(6, w // 28)                        # above the bottom border and its corners
    out.blit(card, (0, 0), pygame.Rect(0, 0, w, cut))
    strip = card.subsurface(pygame.Rect(0, cut - 1, w, 1))
    for y in range(cut, h - (ch - cut)):
        out.blit(strip, (0, y))
    out.blit(card, (0, h - (ch - cut)), pygame.Rect(0, cut, w, ch - cut))
    return out


def _before_after(kit: Kit, before: SpanishMainState, after: SpanishMainState, moved: Sequence[str],
                  card: str, target: str, note: str) -> pygame.Surface:
    inner = kit.w - 2 * max(3, kit.px(5))
    one = Row(kit, inner, fame=False, top=kit.px(24)).draw(before)
    for ship in moved:
        one.ring(ship, _MOVE if ship == target else palette.FOAM, 3 if ship == target else 2)
    two = Row(kit, inner, fame=False, top=kit.px(24)).draw(after)
    for ship in moved:
        two.ring(ship, _MOVE if ship == target else palette.FOAM, 3 if ship == target else 2)
    a = one.rects[target]
    curve(one.surf, (a.centerx, a.y + kit.px(4)), (one.slot(after.space_of(target)).centerx, a.y + kit.px(4)),
          _MOVE, max(3, kit.px(4)), 0.12)
    one.label(kit.tag(tr(f"sm.card.{card}"), 13, palette.INK, palette.GOLD_LIGHT), 5, "top")
    two.label(kit.tag(note, 13), 5, "top")
    return kit.table(column([one.image(), two.image()], 0))


def _legal(width: int) -> pygame.Surface:
    """Full Speed Ahead on the ship at space 4: it stops at space 1 (3 spaces, the row's end), the
    three ships it passes shift one space back each."""
    # R8, R9, T-M1
    kit = Kit(width)
    ex = E["legal"]
    s = state_of(ex)
    a = ex.marks[0].actions[0]
    assert isinstance(a, PlayCard)
    after = played(ex, ex.marks[0])
    frm, to = s.space_of(a.ship), after.space_of(a.ship)
    moved = [a.ship] + [x for x in s.row if s.space_of(x) != after.space_of(x) and x != a.ship]
    pic = _before_after(kit, s, after, moved, card_type(a.card), a.ship,
                        tr(K + "moved", ship=tr(f"sm.ship.{a.ship}"), frm=frm, to=to))
    icon = verdict_icon(True, kit.px(26))
    says = kit.words(tr(K + "legal_says", frm=frm, to=to, n=frm - to), kit.w - icon.get_width() - kit.px(20), 14,
                     align="left")
    return column([pic, row([icon, says], kit.px(8))], kit.px(6))


def _illegal(width: int) -> pygame.Surface:
    """Sabotage on a damaged ship is refused; a pair card on the ship at space 9 is refused (there is no ship
    behind it)."""
    # R16, R17, A13, R11
    kit = Kit(width)
    ex = E["illegal"]
    s = state_of(ex)
    inner = kit.w - 2 * max(3, kit.px(5))
    line = Row(kit, inner, fame=False, top=kit.px(30)).draw(s)
    notes = []
    for n, mark in enumerate(ex.marks, 1):
        st, reason = verdict(ex, mark)
        a = mark.actions[-1]
        assert isinstance(a, PlayCard) and reason is not None
        line.ring(a.ship, _CROSS, 3)
        num = kit.tag(str(n), 15, palette.WHITE, _CROSS)
        card = kit.tag(tr(f"sm.card.{card_type(a.card)}"), 13, palette.INK, palette.GOLD_LIGHT)
        line.label(row([num, card], kit.px(3)), a.ship, "top")
        line.label(verdict_icon(False, kit.px(30)), a.ship, "mid")
        notes.append(row([kit.tag(str(n), 15, palette.WHITE, _CROSS),
                          kit.words(tr(reason), kit.w - kit.px(60), 14, align="left")], kit.px(8)))
    return column([kit.table(line.image())] + [column(notes, kit.px(4), "left")], kit.px(6), "left")


_CATEGORIES = (
    ("by_space", ("adv-ancient-relics", "adv-native-alliance", "adv-island-discovery", "adv-parley",
                  "adv-neptunes-favor", "adv-mermaids")),
    ("first", ("adv-treasure-map", "adv-secret-charts", "adv-legendary-treasure", "adv-cursed-treasure")),
    ("damage", ("adv-volcano", "adv-maelstrom", "adv-storm-ahead", "adv-kraken", "adv-cursed-waters")),
    ("loss", ("adv-ghost-ship", "adv-cursed-ship", "adv-mutiny")),
    ("attack", ("adv-attack-en", "adv-attack-es", "adv-attack-nl")),
    ("loot", ("adv-loot-en", "adv-loot-es", "adv-loot-nl")),
)


def _adventures(width: int) -> pygame.Surface:
    """The 24 kinds of adventure in their six families, each fanned."""
    # R36, R37, R38, R39, R40, R41, R43, R44, R45
    kit = Kit(width)
    cols = 3
    gap = kit.px(8)
    cw = (kit.w - gap * (cols - 1)) // cols
    h = min(kit.px(120), round(kit.w * 0.13))
    cells = []
    for key, kinds in _CATEGORIES:
        cards = [adventure(kit, k, h, False) for k in kinds]
        step = min(cards[0].get_width() + kit.px(3), (cw - kit.px(24) - cards[0].get_width()) // max(1, len(cards) - 1))
        fan = pygame.Surface((cards[0].get_width() + step * (len(cards) - 1), cards[0].get_height()), pygame.SRCALPHA)
        for i, c in enumerate(cards):
            fan.blit(c, (i * step, 0))
        count = sum(n for t, n in ADVENTURE_COUNTS if t in kinds)
        names = " · ".join(tr(f"sm.card.{k}") for k in kinds)
        cells.append(kit.card([kit.title(tr(K + f"cat.{key}"), cw - kit.px(20), 15), fan,
                               kit.words(names, cw - kit.px(16), 12, "bold"),
                               kit.words(tr(K + "cat_count", kinds=len(kinds), cards=count), cw - kit.px(20), 12,
                                         colour=palette.INK_SOFT)], cw))
    return _grid(cells, cols, gap)


def _attack_loot(width: int) -> pygame.Surface:
    """English Attack: each undamaged English ship damages the ship in front of it, if it flies another flag;
    Dutch Loot: the undamaged ship behind a Dutch ship with fame takes 1 from it."""
    # R44, T-A6, R45, T-A8
    kit = Kit(width)
    inner = kit.w - 2 * max(3, kit.px(5))
    parts = []
    for ex in (E["attack-loot"], E["loot"]):
        s = state_of(ex)
        card = card_type(s.active)
        after = played(ex, ex.marks[0])
        line = Row(kit, inner, fame=card.startswith("adv-loot"), top=kit.px(26))
        line.draw(after)
        for ship in s.row:
            if card.startswith("adv-attack") and after.is_damaged(ship) and not s.is_damaged(ship):
                line.ring(ship, _HURT, 3)
                behind = s.row[s.space_of(ship)]
                a, b = line.rects[behind], line.rects[ship]
                curve(line.surf, (a.centerx, a.y + kit.px(6)), (b.centerx, b.y + kit.px(6)), _HURT,
                      max(3, kit.px(4)), 0.25)
            if card.startswith("adv-loot"):
                i = SHIPS.index(ship)
                if after.fame[i] + after.owed[i] > s.fame[i] + s.owed[i]:
                    victim = s.row[s.space_of(ship) - 2]
                    line.ring(ship, _GAIN, 3)
                    line.ring(victim, _HURT, 3)
                    a, b = line.rects[victim], line.rects[ship]
                    curve(line.surf, (a.centerx, a.y + kit.px(6)), (b.centerx, b.y + kit.px(6)), _GAIN,
                          max(3, kit.px(4)), 0.25)
                    line.label(sprites.fame_token(kit.px(22)), ship, "mid")
        line.label(kit.tag(tr(f"sm.card.{card}"), 13, palette.INK, palette.GOLD_LIGHT), 9, "top")
        parts.append(kit.table(line.image()))
        parts.append(kit.words(tr(K + ("attack_says" if "attack" in card else "loot_says")), kit.w - kit.px(20), 14,
                               align="left"))
    return column(parts, kit.px(4), "left")


def _paid_row(kit: Kit, s: SpanishMainState, after: SpanishMainState, deck_tag: str) -> tuple[Row, pygame.Rect,
                                                                                           pygame.Rect]:
    """The row after a fame adventure with the adventure deck and the active card right of space 1: (the row,
    the deck's rectangle, the active card's rectangle)."""
    inner = kit.w - 2 * max(3, kit.px(5))
    line = Row(kit, inner, extra=2.3, top=kit.px(44))
    line.draw(after)
    d, c = line.slot(0), line.slot(-1)
    back = sprites.adventure_back(line.full)
    deck = pile(kit, cropped(back, 136) if back.get_height() > line.ch else back, deck_tag)
    dr = deck.get_rect(midtop=(d.centerx, d.y))
    line.surf.blit(deck, dr)
    card = adventure(kit, s.active, line.full, False)
    cr = card.get_rect(midtop=(c.centerx, c.y))
    cr.right = min(cr.right, line.w - kit.px(2))
    line.surf.blit(card, cr)
    name = kit.tag(tr(f"sm.card.{card_type(s.active)}"), 12, palette.INK, palette.GOLD_LIGHT,
                   max_w=round((line.cw + line.gap) * 1.7))
    line.over.append((name, name.get_rect(midtop=(cr.centerx, cr.bottom + kit.px(4)))))
    return line, dr, cr


def _pay_arrows(kit: Kit, line: Row, dr: pygame.Rect, cr: pygame.Rect, order: Sequence[str], deck: int) -> None:
    """The fame units in front-to-back order, numbered: the first ones from the deck (dashed, while it
    lasts), then owed units (no card: no arrow), the active card last (gold)."""
    # R47, R48
    width_ = max(2, kit.px(3))
    for i, ship in enumerate(order):
        r = line.rects[ship]
        line.ring(ship, _GAIN, 3)
        last = i == len(order) - 1
        if last or i < deck:
            start = (cr.centerx, cr.y + kit.px(2)) if last else (dr.centerx - kit.px(4) * i, dr.y + kit.px(2))
            curve(line.surf, start, (r.centerx, r.y - kit.px(2)), palette.GOLD_LIGHT if last else palette.FOAM,
                  width_, 0.13, dashed=not last)
        fill = palette.GOLD_LIGHT if last else palette.FOAM if i < deck else palette.PARCHMENT_DARK
        line.label(kit.tag(str(i + 1), 13, palette.INK, fill), ship, "mid")


def _fame(width: int) -> pygame.Surface:
    """Treasure Map gives 1 fame to each of the first 3 undamaged ships: 2 cards from the deck,
    face down, and the active card itself last, to the rear-most of them; then a new adventure is turned."""
    # R47, R48, T-X2
    kit = Kit(width)
    ex = E["fame"]
    s = state_of(ex)
    after = played(ex, ex.marks[0])
    gains = s.fame_gains(s.active)
    order = [ship for ship, n in gains for _ in range(n)]
    line, dr, cr = _paid_row(kit, s, after, tr(K + "deck_count", before=len(s.adv_deck),
                                               after=len(s.adv_deck) - (len(order) - 1)))
    _pay_arrows(kit, line, dr, cr, order, len(s.adv_deck))
    for ship in s.damaged:
        line.label(kit.tag(tr(K + "no_fame"), 12, palette.WHITE, _CROSS), ship, "mid")
    pic = kit.table(line.image())
    says = kit.words(tr(K + "fame_says", card=tr(f"sm.card.{card_type(s.active)}"), n=len(order),
                        deck=len(order) - 1), kit.w - kit.px(20), 14, align="left")
    return column([pic, says], kit.px(6), "left")


def _accuse(width: int) -> pygame.Surface:
    """Right: the captain revealed, half the ship's fame (rounded up) secured by the accuser; wrong: a public
    "not"; accusing someone of your own captain, a bluff; the refusals."""
    # R25, T-X1, R28, R23, R22, R27
    kit = Kit(width)
    ex = E["accuse"]
    s = state_of(ex)
    gap = kit.px(8)
    cw = (kit.w - 2 * gap) // 3
    ch = min(kit.px(112), round(cw * 0.55))
    cells = []
    # right
    right = ex.marks[0].actions[0]
    assert isinstance(right, Accuse)
    after = played(ex, ex.marks[0])
    ship = f"ship-{right.pirate[len('pirate-'):]}"
    took = after.secured[0]
    left_on = after.fame_of(ship)
    coins = row([sprites.fame_token(kit.px(20)) for _ in range(took)], -kit.px(6))
    pic = row([pirate_card(right.pirate, ch), column([ship_card(ship, ch), fame_badge(kit, left_on)], kit.px(2))],
              kit.px(6))
    cells.append(kit.card([
        kit.words(tr(K + "says", accuser=player_name(0), accused=player_name(right.accused),
                     captain=tr(f"sm.captain.{right.pirate}")), cw - kit.px(20), 13, "bold"),
        row([verdict_icon(True, kit.px(22)), kit.words(tr(K + "right"), cw - kit.px(50), 13, "bold")], kit.px(4)),
        pic, row([coins, kit.words(tr(K + "took", n=took, accuser=player_name(0), fame=s.fame_of(ship)),
                                  cw - coins.get_width() - kit.px(30), 12)], kit.px(6))], cw))
    # wrong
    wrong = ex.marks[1].actions[0]
    assert isinstance(wrong, Accuse)
    w_after = played(ex, ex.marks[1])
    assert wrong.pirate in w_after.denied[wrong.accused]
    card = cropped(sprites.pirate_back(ch), 194)
    stamp = kit.tag(tr(K + "no"), 20, palette.WHITE, _CROSS)
    card.blit(stamp, stamp.get_rect(center=card.get_rect().center))
    cells.append(kit.card([
        kit.words(tr(K + "says", accuser=player_name(0), accused=player_name(wrong.accused),
                     captain=tr(f"sm.captain.{wrong.pirate}")), cw - kit.px(20), 13, "bold"),
        row([verdict_icon(False, kit.px(22)), kit.words(tr(K + "wrong"), cw - kit.px(50), 13, "bold")], kit.px(4)),
        card, kit.words(tr(K + "not", accused=player_name(wrong.accused), captain=tr(f"sm.captain.{wrong.pirate}")),
                        cw - kit.px(20), 12)], cw))
    # bluff
    bluff = ex.marks[2].actions[0]
    assert isinstance(bluff, Accuse) and bluff.pirate in s.pirates[0]
    cells.append(kit.card([
        kit.words(tr(K + "says", accuser=player_name(0), accused=player_name(bluff.accused),
                     captain=tr(f"sm.captain.{bluff.pirate}")), cw - kit.px(20), 13, "bold"),
        kit.words(tr(K + "bluff"), cw - kit.px(20), 13, "bold"),
        row([pirate_card(bluff.pirate, ch), kit.tag(tr(K + "yours"), 13, palette.INK, palette.GOLD)],
            kit.px(4)),
        kit.words(tr(K + "bluff_says", accuser=player_name(0)), cw - kit.px(20), 12)], cw))
    hh = max(c.get_height() for c in cells)
    top = row([_pad_to(c, hh) for c in cells], gap, "top")
    notes = []
    for mark in ex.marks[3:]:
        _, reason = verdict(ex, mark)
        a = mark.actions[-1]
        assert reason is not None and isinstance(a, Accuse)
        said = tr(K + "says", accuser=player_name(a.seat), accused=player_name(a.accused),
                  captain=tr(f"sm.captain.{a.pirate}"))
        notes.append(row([verdict_icon(False, kit.px(20)),
                          kit.words(tr(K + "refused", said=said, reason=tr(reason)), kit.w - kit.px(40), 14,
                                    align="left")], kit.px(6)))
    return column([top] + notes, kit.px(5), "left")


def _end(width: int) -> pygame.Surface:
    """The deck holds 1 card; Island Discovery pays 4: the last deck card, 2 owed units and
    the active card; the deck is empty at the end of the turn, so the game ends."""
    # R48, R49, R51, T-A12
    kit = Kit(width)
    ex = E["end"]
    s = state_of(ex)
    after = played(ex, ex.marks[0])
    assert after.over
    gains = s.fame_gains(s.active)
    order = [ship for ship, n in gains for _ in range(n)]
    line, dr, cr = _paid_row(kit, s, after, tr(K + "deck_count", before=len(s.adv_deck), after=len(after.adv_deck)))
    _pay_arrows(kit, line, dr, cr, order, len(s.adv_deck))
    pic = kit.table(line.image())
    says = kit.words(tr(K + "end_says", card=tr(f"sm.card.{card_type(s.active)}")), kit.w - kit.px(20), 14,
                     align="left")
    owed = max(after.owed)                           # R48: what the gold "+1" under a fame coin is
    legend = row([kit.tag(f"+{owed}", 13, palette.GOLD_LIGHT, palette.INK),
                  kit.words(tr(K + "owed", n=owed), kit.w - kit.px(80), 14, align="left")], kit.px(6))
    return column([pic, legend, says], kit.px(6), "left")


def _scoring(width: int) -> pygame.Surface:
    """Each player's secured fame plus the fame of the ships they own; the unowned ships' fame is ignored; the
    two tie-breaks."""
    # R52, R53, R54, T-E1, R55, T-E2, R56, T-E3
    kit = Kit(width)
    s = state_of(E["scoring"])
    ch = min(kit.px(78), round(kit.w * 0.095))
    rows_ = []
    for seat in range(s.players):
        ships = row([column([row([pirate_card(pirate_of(x), ch), ship_card(x, ch, s.is_damaged(x), False)], kit.px(2)),
                             fame_badge(kit, s.fame_of(x), size=12)], kit.px(2)) for x in s.owned_ships(seat)],
                    kit.px(8))
        secured = column([sprites.fame_token(kit.px(26)), theme.render_text(
            tr(K + "secured_n", n=s.secured[seat] + s.secured_owed[seat]), kit.font(12), palette.INK)], kit.px(1))
        total = kit.tag(tr(K + "total", n=s.score_of(seat)), 15, palette.WHITE, palette.WOOD_DARK)
        rows_.append(row([_fixed(chip_name(kit, seat, 14), kit.px(110)), secured, kit.tag("+", 14), ships,
                          kit.tag("=", 14), total], kit.px(8)))
    unowned = [x for x in s.row if s.owner_of(pirate_of(x)) is None]
    lost = sum(s.fame_of(x) for x in unowned)
    nobody = row([_fixed(theme.render_text(tr("sm.ui.nobody"), kit.font(14), palette.INK_SOFT), kit.px(110)),
                  row([column([row([pirate_card(pirate_of(x), round(ch * 0.8)),
                                    ship_card(x, round(ch * 0.8), s.is_damaged(x), False)], kit.px(2)),
                               fame_badge(kit, s.fame_of(x), size=12)], kit.px(2)) for x in unowned], kit.px(8)),
                  kit.words(tr(K + "ignored", n=lost), kit.px(200), 12)], kit.px(8))
    board = kit.card(rows_ + [nobody], kit.w - kit.px(4), "left")
    ties = []
    for name, key in (("tie-1", "tie_1"), ("tie-2", "tie_2")):
        t = state_of(E[name])
        a, b = t.ranking_key(0), t.ranking_key(1)
        win = 0 if a > b else 1                                   # R57: higher is better
        ties.append(row([verdict_icon(True, kit.px(20)), kit.words(
            tr(K + key, a=player_name(0), b=player_name(1), score=t.score_of(0), ua=t.undamaged_owned(0),
               ub=t.undamaged_owned(1), fa=t.front_most(0), fb=t.front_most(1), winner=player_name(win)),
            kit.w - kit.px(40), 14, align="left")], kit.px(6)))
    return column([board] + ties, kit.px(5), "left")


def _fixed(img: pygame.Surface, w: int) -> pygame.Surface:
    out = pygame.Surface((max(w, img.get_width()), img.get_height()), pygame.SRCALPHA)
    out.blit(img, (0, 0))
    return out


def _options(width: int) -> pygame.Surface:
    """Fame paid from the discard pile first; the row of upcoming adventures, the left-most active; a secret hand
    of movement cards, and an accusation costs both players a card."""
    # V1.1, V2.1, V3.1, V3.3, V3.4
    kit = Kit(width)
    ex = E["options"]
    s = state_of(ex)
    gap = kit.px(8)
    cw = (kit.w - 2 * gap) // 3
    ch = min(kit.px(120), round(cw * 0.5))
    # extended
    disc = pile(kit, adventure(kit, "adv-kraken", ch, False), None)
    deck = pile(kit, cropped(sprites.adventure_back(ch), 136), None)
    coin = sprites.fame_token(kit.px(28))
    ext = row([column([disc, kit.words(tr(K + "discard_1"), disc.get_width() + kit.px(16), 12, "bold")], 2),
               arrow(kit, kit.px(24)), coin, arrow(kit, kit.px(24), palette.INK_SOFT, left=True),
               column([deck, kit.words(tr(K + "deck_2"), deck.get_width() + kit.px(16), 12, "bold",
                                       palette.INK_SOFT)], 2)], kit.px(3), "top")
    # imminent
    up = s.adv_row
    cards = []
    for i, c in enumerate(up):
        img = adventure(kit, c, ch if i == 0 else round(ch * 0.8), False)
        label = theme.render_text(tr(K + ("active" if i == 0 else "next")), kit.font(12),
                                  palette.WOOD_DARK if i == 0 else palette.INK_SOFT)
        cards.append(column([label, img], 2))
    imm = row(cards, kit.px(3), "top")
    # hand
    hand = s.hands[0]
    fan = row([movement(kit, c, round(ch * 0.85), False) for c in hand], -kit.px(14))
    cost = row([verdict_icon(False, kit.px(16)), theme.render_text(tr(K + "minus_one"), kit.font(12), palette.INK)],
               kit.px(3))
    hnd = column([fan, cost], kit.px(3))
    cells = []
    for key, label, img in (("extended", "sm.opt.extended", ext), ("imminent", "sm.opt.imminent", imm),
                            ("hand", "sm.opt.hand", hnd)):
        cells.append(kit.card([kit.title(tr(label), cw - kit.px(20), 15), _fit(img, cw - kit.px(20)),
                               kit.words(tr(K + f"opt.{key}", players=s.players, n=len(hand)), cw - kit.px(20), 12)],
                              cw))
    hh = max(c.get_height() for c in cells)
    return row([_pad_to(c, hh) for c in cells], gap, "top")


def _fit(img: pygame.Surface, w: int) -> pygame.Surface:
    if img.get_width() <= w:
        return img
    return pygame.transform.smoothscale(img, (w, max(1, round(img.get_height() * w / img.get_width()))))


def _notes(width: int) -> pygame.Surface:
    """The notes grid of the seat on screen: its own captains, a revealed one, a wrong accusation's "not", a
    captain nobody owns; the player's own marks on the other cells."""
    # R28, A4 (and the spec's section 9)
    kit = Kit(width)
    from game.games.spanish_main.notes import NOBODY, YES, cell_key, facts
    s = state_of(E["notes"])
    known = facts(s.view(0), 0)
    mine = {cell_key(1, "pirate-en-3"): "maybe", cell_key(2, "pirate-es-3"): "no"}
    label_w = kit.px(120)
    cw = min(kit.px(66), (kit.w - label_w - kit.px(30)) // 9)
    cell_h = max(kit.px(30), 22)
    heads = row([_fixed(pygame.Surface((1, 1), pygame.SRCALPHA), label_w)] +
                [pirate_card(p, min(kit.px(60), round(cw * 1.35))) for p in PIRATES], kit.px(2), "top")
    lines = [heads]
    f = kit.font(14)
    for r in list(range(s.players)) + [NOBODY]:
        name = chip_name(kit, r, 13) if r >= 0 else theme.render_text(tr("sm.ui.nobody"), kit.font(13), palette.INK)
        if r == 0:
            name = row([name, theme.render_text(tr(K + "you"), kit.font(12), palette.INK_SOFT)], kit.px(3))
        cells = [_fixed(_fit(name, label_w), label_w)]
        for p in PIRATES:
            k = cell_key(r, p)
            cell = pygame.Surface((sprites.card_size(min(kit.px(60), round(cw * 1.35)))[0], cell_h), pygame.SRCALPHA)
            fact = known.get(k)
            if fact is not None:
                pygame.draw.rect(cell, (120, 190, 120) if fact == YES else (214, 150, 140), cell.get_rect(),
                                 border_radius=kit.px(4))
                icon = verdict_icon(fact == YES, round(cell_h * 0.7))
                cell.blit(icon, icon.get_rect(center=cell.get_rect().center))
            else:
                pygame.draw.rect(cell, palette.PARCHMENT_DARK, cell.get_rect(), 1, border_radius=kit.px(4))
                m = mine.get(k)
                if m:
                    t = theme.render_text("?" if m == "maybe" else "x", f, palette.INK_SOFT)
                    cell.blit(t, t.get_rect(center=cell.get_rect().center))
            cells.append(cell)
        lines.append(row(cells, kit.px(2)))
    grid = column(lines, kit.px(2), "left")
    legend = kit.words(tr(K + "notes_says"), kit.w - kit.px(40), 13, align="left")
    return kit.card([_fit(grid, kit.w - kit.px(24)), legend], kit.w - kit.px(4), "left")


PICTURES: dict[str, Callable[[int], pygame.Surface]] = {
    "setup": _setup,
    "movement": _movement,
    "legal": _legal,
    "illegal": _illegal,
    "adventures": _adventures,
    "attack-loot": _attack_loot,
    "fame": _fame,
    "accuse": _accuse,
    "end": _end,
    "scoring": _scoring,
    "options": _options,
    "notes": _notes,
}


def picture(name: str, width: int) -> pygame.Surface:
    """The rules picture ``name``, at most ``width`` pixels wide (KeyError for an unknown name)."""
    return picture_kit.draw_picture(PICTURES, name, width)
