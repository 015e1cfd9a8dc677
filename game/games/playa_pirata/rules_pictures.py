"""The pictures of Playa Pirata's rules page (``game.scenes.rules``): ``picture(name, width)``.

Every picture is drawn from the game's own sprites (``sprites.py``: the real treasure, pirate, towel and
special cards, the umbrella token, the eye, the sand of the table) and laid out the way the table lays
out a treasure on the beach (the card, its pile fanned below it, the count badge, the umbrella, the
Flag and Double beach towel markers). The positions shown are built with the game's position builder
(``positions.py``) and moved on by the engine, so a picture cannot show a play the rules refuse: the
tests check the legal play is in ``legal_actions`` and the illegal one is refused with the reason its
caption quotes. Labels are catalog text (``pp.rulebook.pic.*``) in the current language.

A picture is as wide as asked (never wider), and everything in it scales with that width (520 to 860
pixels: the page's column from 960x540 to 1280x720), with fonts never below 12 px.
"""
from __future__ import annotations

import math
from typing import Callable

import pygame

from game.games.playa_pirata import sprites
from game.games.playa_pirata.cards import (BUCKET, DOUBLE, FLAG, KEPT_SPECIALS, LIFEGUARD, PARROT, PIGGY,
                                           PIRATE_KIND, SANDCASTLE, SKELETON, SLIPPERS, SPECIAL_IDS, TOWEL_COLOUR,
                                           TOWEL_VALUE, TREASURE_KIND, TREASURE_VALUE, WAVE, treasure_text)
from game.games.playa_pirata.positions import Buried, REST, hand
from game.games.playa_pirata.rules import (BuryTreasure, EndTurn, PlayaHand, PlayPirate, PlaySpecial,
                                           PlayTowels)
from game.i18n import tr
from game.ui import palette, theme

DESIGN_W = 860          # the width every picture is designed at; it scales with the width asked
RED, BLUE, GREEN = 0, 1, 2
#: the palette colour of each seat in the pictures, so that "Red" is drawn red and "Green" green
SEAT_PALETTE = (0, 1, 3, 2)
RATIO = 7 / 5
TICK_GREEN = (46, 140, 64)

# --------------------------------------------------------------------------------------------------
# The positions the pictures show (the tests play the same ones through the engine)
# --------------------------------------------------------------------------------------------------
#: legal / illegal: two players, round 3, Red's step B; the central treasure #1 has Red's 1 under Blue's 3
MOVE_TARGET = 0
LEGAL_GROUP = (3, 1)
ILLEGAL_GROUP = (2, 1)


def move_position() -> PlayaHand:
    return hand(2, round=3, turn=RED, step="B", seed=3,
                central=Buried("5", pile=[(RED, 1), (BLUE, 3)]),
                beach=[Buried("6", by=RED, pile=[(RED, 2)]), Buried("skull", by=BLUE, pile=[(BLUE, 2)])])


def legal_action() -> PlayTowels:
    return PlayTowels(RED, MOVE_TARGET, LEGAL_GROUP)


def illegal_action() -> PlayTowels:
    return PlayTowels(RED, MOVE_TARGET, ILLEGAL_GROUP)


def turn_position() -> PlayaHand:
    """Round 3, Red's turn from step A: Red holds a 7 and a 4; #1 and #3 carry Blue's 2, #2 Blue's 1."""
    return hand(2, round=3, turn=RED, seed=3, treasures={RED: ["7", "4"]},
                central=Buried("5", pile=[(BLUE, 2)]),
                beach=[Buried("6", by=RED, pile=[(BLUE, 1)]), Buried("skull", by=BLUE, pile=[(BLUE, 2)])])


def turn_plays() -> list[tuple[object, bool]]:
    """Red's turn: bury the 7 (it becomes #4), a 1 on it, a 3 on #1; a third treasure is refused."""
    h = turn_position()
    seven = next(c for c in h.treasures[RED] if TREASURE_VALUE[c] == 7)
    return [(BuryTreasure(RED, seven), True), (PlayTowels(RED, 3, (1,)), True), (PlayTowels(RED, 0, (3,)), True),
            (PlayTowels(RED, 2, (3,)), False)]


def setup_position() -> PlayaHand:
    """Three players at the start of round 1: the central treasure alone on the beach."""
    return hand(3, round=1, turn=RED, seed=11, treasures={RED: ["7", "5", "skull", "3"]})


def pirates_position() -> PlayaHand:
    """Round 4, Red's step A: #2 a 6 Red does not know, #3 Blue's face-down 7, #4 a 4 under Red's 2."""
    return hand(2, round=4, turn=RED, seed=5,
                pirates={RED: ["spyglass", "map", "umbrella"]},
                central=Buried("3", pile=[(BLUE, 1)]),
                beach=[Buried("6", by=BLUE, pile=[(BLUE, 2)]),
                       Buried("7", by=BLUE, pile=[(BLUE, 1), (RED, 3)]),
                       Buried("4", by=BLUE, pile=[(BLUE, 1), (RED, 2)])])


PIRATE_PLAYS = (("spyglass", 1), ("map", 2), ("umbrella", 3))


def beach_position() -> PlayaHand:
    """What a treasure on the beach can show, seen by Red (special cards in play): see ``BEACH_LABELS``."""
    return hand(2, special=True, round=5, turn=RED, seed=9,
                specials={RED: None, BLUE: None},
                central=Buried("5", pile=[(BLUE, 1), (RED, 2), (BLUE, 3)], double_by=RED),
                beach=[Buried("6", by=RED, pile=[(BLUE, 2)]),
                       Buried("7", by=BLUE, pile=[(RED, 1)]),
                       Buried("towel", by=BLUE, pile=[(RED, 2), (BLUE, 2)], umbrella=BLUE),
                       Buried("skull", by=BLUE, flag=True, pile=[(RED, 3), (BLUE, 1)])])


def scoring_position() -> PlayaHand:
    """The end of a hand: the starting player Red's final turn, about to end with no towels."""
    return hand(2, phase="final", seed=4,
                towels={RED: [3, 1], BLUE: [2]},
                central=Buried("skull", pile=[(BLUE, 3), (RED, 3)]),
                beach=[Buried("7", by=RED, pile=[(BLUE, 1), (RED, 2)]),
                       Buried("towel", by=BLUE, pile=[(BLUE, 2), (RED, 3), (RED, 1)]),
                       Buried("skull", by=RED, pile=[(BLUE, 3), (RED, 3), (RED, REST)]),
                       Buried("5", by=BLUE, pile=[(RED, 1), (BLUE, REST)])])


def scored_hand() -> PlayaHand:
    h = scoring_position()
    h.apply(EndTurn(RED))
    return h


# --------------------------------------------------------------------------------------------------
# Drawing helpers
# --------------------------------------------------------------------------------------------------
class Pic:
    """A picture being drawn: its surface and its scale (1.0 at the design width)."""

    def __init__(self, width: int, design_h: int):
        self.w = max(1, int(width))
        self.s = self.w / DESIGN_W
        self.h = max(1, self.px(design_h * 1.6))  # room to spare: ``done`` ends it below what was drawn
        self.surf = _sand((self.w, self.h))
        self.used = pygame.Rect(0, 0, 1, 1)  # what has been drawn: the picture ends a margin below it

    def use(self, rect: pygame.Rect) -> pygame.Rect:
        self.used.union_ip(rect)
        return rect

    def px(self, v: float) -> int:
        return max(1, int(round(v * self.s))) if v > 0 else int(round(v * self.s))

    def font(self, size: float, role: str = "bold") -> pygame.font.Font:
        return theme.font_px(role, max(12, int(round(size * self.s))))

    def text(self, text: str, pos: tuple[int, int], anchor: str = "midtop", size: float = 16,
             colour=palette.INK, role: str = "bold", max_w: int | None = None) -> pygame.Rect:
        """One or more lines (wrapped at ``max_w``) anchored as one block."""
        f = self.font(size, role)
        for px in (12, 11, 10):  # a word longer than the room: a smaller font, never a word cut in two
            if not max_w or all(f.size(word)[0] <= max_w for word in text.split()):
                break
            f = theme.font_px(role, px)
        lines = theme.wrap_text(text, f, max_w) if max_w else [text]
        lh = f.get_linesize()
        block = pygame.Rect(0, 0, max(f.size(line)[0] for line in lines), lh * len(lines))
        setattr(block, anchor, pos)
        block.clamp_ip(self.surf.get_rect().inflate(-2 * self.px(4), 0))
        for k, line in enumerate(lines):
            theme.draw_text(self.surf, line, f, colour, (block.centerx, block.y + k * lh), "midtop")
        return self.use(block)

    def pill(self, text: str, pos: tuple[int, int], anchor: str = "midtop", size: float = 15,
             colour=palette.INK, fill=palette.PARCHMENT, max_w: int | None = None) -> pygame.Rect:
        """A label on a parchment tag, readable on any sand."""
        f = self.font(size)
        pad = self.px(7)
        room = (max_w - 2 * pad) if max_w else None
        lines = theme.wrap_text(text, f, room) if room else [text]
        lh = f.get_linesize()
        box = pygame.Rect(0, 0, max(f.size(line)[0] for line in lines) + 2 * pad, lh * len(lines) + self.px(6))
        setattr(box, anchor, pos)
        box.clamp_ip(self.surf.get_rect())
        pygame.draw.rect(self.surf, fill, box, border_radius=self.px(8))
        pygame.draw.rect(self.surf, palette.WOOD_DARK, box, width=max(1, self.px(1.5)), border_radius=self.px(8))
        for k, line in enumerate(lines):
            theme.draw_text(self.surf, line, f, colour, (box.centerx, box.y + self.px(3) + k * lh), "midtop")
        return self.use(box)

    def below_tag(self, size: float = 15) -> int:
        """Where a treasure's card starts so that a tag at the top (``pill`` at y ``px(6)``) and the
        treasure's "#n" label above the card both fit (fonts do not shrink below 12 px, the layout does)."""
        return self.px(6) + self.font(size).get_linesize() + self.px(6) + self.font(13).get_linesize() + self.px(8)

    def mark(self, ok: bool, center: tuple[int, int], size: float = 30) -> pygame.Rect:
        """A green tick (allowed) or a red cross (refused), drawn, so it reads the same in any language."""
        d = self.px(size)
        r = pygame.Rect(0, 0, d, d)
        r.center = center
        pygame.draw.circle(self.surf, palette.WHITE, r.center, d // 2)
        pygame.draw.circle(self.surf, TICK_GREEN if ok else palette.RED, r.center, d // 2 - max(1, d // 14))
        lw = max(2, d // 8)
        x, y = r.topleft
        if ok:
            pts = [(x + d * 0.27, y + d * 0.52), (x + d * 0.44, y + d * 0.69), (x + d * 0.74, y + d * 0.33)]
            pygame.draw.lines(self.surf, palette.WHITE, False, pts, lw)
        else:
            for a, b in (((0.32, 0.32), (0.68, 0.68)), ((0.68, 0.32), (0.32, 0.68))):
                pygame.draw.line(self.surf, palette.WHITE, (x + d * a[0], y + d * a[1]),
                                 (x + d * b[0], y + d * b[1]), lw)
        return r

    def arrow(self, a: tuple[float, float], b: tuple[float, float], colour=palette.WOOD_DARK,
              width: float = 4, dashed: bool = False) -> None:
        lw = max(2, self.px(width))
        ang = math.atan2(b[1] - a[1], b[0] - a[0])
        head = self.px(14)
        end = (b[0] - math.cos(ang) * head * 0.8, b[1] - math.sin(ang) * head * 0.8)
        if dashed:
            length = math.hypot(end[0] - a[0], end[1] - a[1])
            n = max(1, int(length // self.px(14)))
            for k in range(0, n, 2):
                p = (a[0] + (end[0] - a[0]) * k / n, a[1] + (end[1] - a[1]) * k / n)
                q = (a[0] + (end[0] - a[0]) * (k + 1) / n, a[1] + (end[1] - a[1]) * (k + 1) / n)
                pygame.draw.line(self.surf, colour, p, q, lw)
        else:
            pygame.draw.line(self.surf, colour, a, end, lw)
        left = (b[0] - head * math.cos(ang - 0.45), b[1] - head * math.sin(ang - 0.45))
        right = (b[0] - head * math.cos(ang + 0.45), b[1] - head * math.sin(ang + 0.45))
        pygame.draw.polygon(self.surf, colour, [b, left, right])

    def done(self) -> pygame.Surface:
        """The picture, ending a margin below what was drawn, with rounded corners and a wooden edge like
        the table's frames."""
        self.h = min(self.h, self.used.bottom + self.px(16))
        self.surf = self.surf.subsurface(pygame.Rect(0, 0, self.w, self.h)).copy()
        out = pygame.Surface((self.w, self.h), pygame.SRCALPHA)
        mask = pygame.Surface((self.w, self.h), pygame.SRCALPHA)
        radius = self.px(14)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
        out.blit(self.surf, (0, 0))
        out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        pygame.draw.rect(out, palette.WOOD, out.get_rect(), width=max(2, self.px(3)), border_radius=radius)
        return out


def _sand(size: tuple[int, int]) -> pygame.Surface:
    """The table's dry sand (the lower part of the beach, without the sea)."""
    w, h = size
    tall = sprites.beach_background((w, max(2 * w, h * 3 // 2)))  # one table per width (cached), the sea cut off
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.blit(tall, (0, h - tall.get_height()))
    return out


def seat_name(seat: int) -> str:
    return tr(f"pp.rulebook.pic.seat.{seat}")


def _colour(seat: int) -> int:
    return SEAT_PALETTE[seat]


def towel(card: str, w: int) -> pygame.Surface:
    return sprites.towel_card(TOWEL_VALUE[card], _colour(TOWEL_COLOUR[card]), w)


def towel_of(value: int, seat: int, w: int) -> pygame.Surface:
    return sprites.towel_card(value, _colour(seat), w)


def treasure(card: str, w: int) -> pygame.Surface:
    return sprites.treasure_face(TREASURE_KIND[card], TREASURE_VALUE[card] or None, w)


def special_face(card: str, w: int) -> pygame.Surface:
    """A special card with its title in the current language on its band, as the table writes it."""
    from game.games.playa_pirata.scene import special_face as titled
    return titled(card, (w, round(w * RATIO)))


def draw_spot(p: Pic, h: PlayaHand, i: int, x: int, y: int, cw: int, viewer: int | None = RED,
              show_face: bool = False, label: bool = True, overlap: float = 0.3,
              taker: bool = False) -> pygame.Rect:
    """Treasure ``i`` of ``h`` as ``viewer`` sees it on the table, its card's top-left at (x, y): the
    card (face up when the Map turned it, at sunset or ``show_face``; else its back), the pile fanned
    below it with the top card whole and the count badge, the umbrella, the known-value badge or the
    eye, the Flag and Double beach towel markers. ``overlap``: how much of the card the pile covers (the
    table's 0.3; 0 leaves the whole face in sight); ``taker``: the chip of who takes it, as at sunset.
    Returns the rect it covers."""
    sp = h.beach[i]
    ch = round(cw * RATIO)
    card = pygame.Rect(x, y, cw, ch)
    covered = card.copy()
    if label:  # "#1 · Central" as on the table; just "#1" where the long one would run into a neighbour
        text = f"#{i + 1}" + (" · " + tr("pp.ui.spot_central") if sp.buried_by is None else "")
        if p.font(13).size(text)[0] > cw + p.px(30):
            text = f"#{i + 1}"
        covered.union_ip(p.text(text, (card.x, card.y - p.px(3)), "bottomleft", 13, palette.WOOD_DARK))
    face_up = show_face or sp.face_up or h.phase == "over"
    p.surf.blit(treasure(sp.treasure, cw) if face_up else sprites.treasure_back(cw), card)
    if not face_up and viewer is not None and viewer in sp.known_by:
        _known_badge(p, sp.treasure, card, eye=any(s != viewer for s in sp.known_by))
    elif not face_up and sp.known_by:
        eye = sprites.eye_marker(p.px(20))
        p.surf.blit(eye, (card.right - p.px(23), card.y + p.px(3)))
    if sp.pile:
        pw = int(cw * 0.85)
        ph = round(pw * RATIO)
        step = max(4, round(cw * 0.16))
        px = card.x + (cw - pw) // 2 + p.px(9)
        yy = card.bottom - int(ch * overlap) + (p.px(4) if overlap <= 0 else 0)
        for c in sp.pile[-4:-1]:
            p.surf.blit(towel(c, pw), (px, yy))
            yy += step
        p.surf.blit(towel(sp.pile[-1], pw), (px, yy))
        covered.union_ip(pygame.Rect(px, yy, pw, ph))
        badge = f"×{len(sp.pile)}"
        bf = p.font(13)
        brect = pygame.Rect(0, 0, bf.size(badge)[0] + p.px(10), max(bf.get_height(), p.px(20)))
        brect.midleft = (px + pw - p.px(6), yy + ph - p.px(14))
        pygame.draw.rect(p.surf, palette.WOOD_DARK, brect, border_radius=p.px(8))
        theme.draw_text(p.surf, badge, bf, palette.PARCHMENT, brect.center, "center")
        covered.union_ip(brect)
    if sp.umbrella is not None:
        token = sprites.umbrella_token(_colour(sp.umbrella), p.px(50))
        r = token.get_rect(center=(card.right - p.px(12), card.y + p.px(16)))
        p.surf.blit(token, r)
        covered.union_ip(r)
    if taker and sp.occupant is not None:
        chip = theme.seat_chip(_colour(sp.occupant), p.px(30))
        r = chip.get_rect(center=(card.centerx, card.y + p.px(4)))
        p.surf.blit(chip, r)
    markers = ([FLAG] if sp.flag else []) + (["special-double-towel"] if sp.double else [])
    for k, m in enumerate(markers):
        mw = p.px(30)
        r = pygame.Rect(card.x - mw - p.px(4), card.y + k * (round(mw * RATIO) + p.px(4)), mw, round(mw * RATIO))
        p.surf.blit(sprites.special_card(m, r.size), r)
        covered.union_ip(r)
    return p.use(covered)


def _known_badge(p: Pic, card: str, rect: pygame.Rect, eye: bool = False) -> None:
    """The table's badge on a face-down treasure the viewer knows: its value, and the eye when another
    player knows it too."""
    kind = TREASURE_KIND[card]
    text = str(TREASURE_VALUE[card]) if kind == "number" else tr(f"pp.ui.kind_{kind}")
    f = p.font(15)
    r = pygame.Rect(0, 0, f.size(text)[0] + p.px(10), max(f.get_height(), p.px(22)))
    r.topleft = (rect.x + p.px(3), rect.y + p.px(3))
    pygame.draw.rect(p.surf, palette.GOLD_LIGHT, r, border_radius=p.px(8))
    pygame.draw.rect(p.surf, palette.WOOD_DARK, r, width=1, border_radius=p.px(8))
    theme.draw_text(p.surf, text, f, palette.INK, r.center, "center")
    if eye:
        mark = sprites.eye_marker(p.px(20))
        p.surf.blit(mark, (r.right + p.px(2), r.y + p.px(1)))


def draw_group(p: Pic, values: tuple[int, ...], seat: int, x: int, y: int, cw: int, gap: float = 1.08) -> pygame.Rect:
    """A towel group held up, fanned left to right (highest first), its top-left at (x, y)."""
    step = int(cw * gap)
    for k, v in enumerate(values):
        p.surf.blit(towel_of(v, seat, cw), (x + k * step, y))
    return p.use(pygame.Rect(x, y, cw + step * (len(values) - 1), round(cw * RATIO)))


def draw_row(p: Pic, faces: list[pygame.Surface], x: int, y: int, step: int) -> pygame.Rect:
    r = pygame.Rect(x, y, 0, 0)
    for k, face in enumerate(faces):
        r.union_ip(p.surf.blit(face, (x + k * step, y)))
    return p.use(r)


def total_text(values: tuple[int, ...]) -> str:
    """"3 + 1 = 4"; a single card is just its value."""
    return " + ".join(str(v) for v in values) + (f" = {sum(values)}" if len(values) > 1 else "")


# --------------------------------------------------------------------------------------------------
# The pictures
# --------------------------------------------------------------------------------------------------
def pic_box(width: int) -> pygame.Surface:
    """What is in the box: the treasure cards (how many of each), one colour's pirates and towels."""
    p = Pic(width, 380)
    cw = p.px(72)
    n = 8
    cell = (p.w - p.px(40)) // n
    x0 = p.px(20) + (cell - cw) // 2
    y = p.px(40)
    p.text(tr("pp.rulebook.pic.box.treasures"), (p.w // 2, p.px(8)), "midtop", 17, palette.WOOD_DARK)
    items: list[tuple[pygame.Surface, str]] = []
    for v in (3, 4, 5, 6, 7):
        items.append((sprites.treasure_face("number", v, cw), "×2"))
    items.append((sprites.treasure_face("skull", None, cw), "×4"))
    items.append((sprites.treasure_face("towel", None, cw), "×1"))
    items.append((sprites.treasure_back(cw), tr("pp.rulebook.pic.box.back")))
    for k, (face, label) in enumerate(items):
        cx = x0 + k * cell
        p.surf.blit(face, (cx, y))
        p.text(label, (cx + cw // 2, y + round(cw * RATIO) + p.px(4)), "midtop", 15, palette.INK, max_w=cell)
    y2 = y + round(cw * RATIO) + p.px(66)
    p.text(tr("pp.rulebook.pic.box.colour"), (p.w // 2, y2 - p.px(28)), "midtop", 17, palette.WOOD_DARK)
    groups: list[tuple[pygame.Surface, str]] = [
        (sprites.pirate_card(k, _colour(RED), cw), tr(f"pp.pirate.{k}")) for k in ("spyglass", "map", "umbrella")]
    groups += [(towel_of(v, RED, cw), f"{tr('pp.rulebook.pic.box.value', v=v)} ×4") for v in (1, 2, 3)]
    cell2 = (p.w - p.px(40)) // 6
    for k, (face, label) in enumerate(groups):
        cx = p.px(20) + k * cell2 + (cell2 - cw) // 2
        p.surf.blit(face, (cx, y2))
        p.text(label, (cx + cw // 2, y2 + round(cw * RATIO) + p.px(4)), "midtop", 14, palette.INK, max_w=cell2 - 4)
    return p.done()


def pic_setup(width: int) -> pygame.Surface:
    """Three players at the start: the central treasure, the removed ones, Red's hand, the others'."""
    h = setup_position()
    p = Pic(width, 420)
    # the beach: the central treasure and the treasures removed unseen
    cw = p.px(76)
    spot = draw_spot(p, h, 0, p.px(40), p.px(34), cw)
    p.pill(tr("pp.rulebook.pic.setup.central"), (spot.centerx, spot.bottom + p.px(6)), max_w=p.px(140))
    rx = p.px(250)
    for k in range(len(h.removed)):
        back = sprites.treasure_back(p.px(56))
        back.set_alpha(150)
        p.surf.blit(back, (rx - p.px(35) + k * p.px(14), p.px(42) + k * p.px(6)))
    p.pill(tr("pp.rulebook.pic.setup.removed", n=len(h.removed)), (rx, spot.bottom + p.px(6)), max_w=p.px(150))
    # the other players as the table shows them: treasures face down, pirates, towels left
    ox = p.px(350)
    for k, seat in enumerate((BLUE, GREEN)):
        r = pygame.Rect(ox, p.px(16) + k * p.px(84), p.w - ox - p.px(16), p.px(74))
        theme.draw_frame(p.surf, "panel_dark", r)
        chip = theme.seat_chip(_colour(seat), p.px(28))
        p.surf.blit(chip, (r.x + p.px(8), r.y + p.px(8)))
        theme.draw_text(p.surf, seat_name(seat), p.font(16), palette.GOLD_LIGHT, (r.x + p.px(44), r.y + p.px(9)))
        y = r.y + p.px(40)
        x = r.x + p.px(10)
        for _ in h.treasures[seat]:
            p.surf.blit(sprites.treasure_back((p.px(18), p.px(25))), (x, y))
            x += p.px(12)
        x += p.px(18)
        for card in h.pirates[seat]:
            p.surf.blit(sprites.pirate_card(PIRATE_KIND[card], _colour(seat), (p.px(18), p.px(25))), (x, y))
            x += p.px(20)
        ones, twos, threes = h.towel_counts(seat)
        theme.draw_text(p.surf, tr("pp.ui.towels_left", ones=ones, twos=twos, threes=threes), p.font(13, "text"),
                        palette.PARCHMENT, (x + p.px(8), y + p.px(4)))
        theme.draw_text(p.surf, tr("pp.rulebook.pic.setup.hidden"), p.font(13, "text"), palette.PARCHMENT,
                        (r.right - p.px(10), r.y + p.px(10)), "topright")
    # Red's hand: its treasures (only Red sees them), its pirates, its twelve towels
    top = max(p.px(210), p.used.bottom + p.px(10))
    area = pygame.Rect(0, top, p.w, p.h - top)
    p.surf.blit(theme.overlay(area.size, (40, 26, 16, 110)), area)
    hw = p.px(62)
    hy = area.y + p.px(32)
    p.text(tr("pp.rulebook.pic.setup.your_hand", name=seat_name(RED)), (p.px(16), area.y + p.px(6)), "topleft", 16,
           palette.GOLD_LIGHT)
    tr_rect = draw_row(p, [treasure(c, hw) for c in h.treasures[RED]], p.px(16), hy, hw + p.px(4))
    pi_rect = draw_row(p, [sprites.pirate_card(PIRATE_KIND[c], _colour(RED), hw) for c in h.pirates[RED]],
                       tr_rect.right + p.px(18), hy, hw + p.px(4))
    tx = pi_rect.right + p.px(18)
    room = p.w - p.px(16) - tx - hw
    step = min(hw + p.px(4), room // max(1, len(h.towels[RED]) - 1))
    to_rect = draw_row(p, [towel(c, hw) for c in h.towels[RED]], tx, hy, step)
    ly = hy + round(hw * RATIO) + p.px(6)
    for rect, key in ((tr_rect, "pp.rulebook.pic.setup.treasures"), (pi_rect, "pp.rulebook.pic.setup.pirates"),
                      (to_rect, "pp.rulebook.pic.setup.towels")):
        p.text(tr(key), (rect.centerx, ly), "midtop", 14, palette.PARCHMENT, max_w=max(rect.w, p.px(120)))
    return p.done()


def pic_turn(width: int) -> pygame.Surface:
    """A whole turn: step A buries a treasure, step B covers two treasures; a third one is refused."""
    h = turn_position()
    plays = turn_plays()
    after = h.clone()
    for action, ok in plays:
        if ok:
            after.apply(action)  # type: ignore[arg-type]
    p = Pic(width, 330)
    cw = p.px(72)
    hx, ax, bx, cx = p.px(36), p.px(232), p.px(430), p.px(672)
    tag_a = p.pill(tr("pp.rulebook.pic.step_a"), (hx - p.px(10), p.px(6)), "topleft", size=15,
                   fill=palette.PARCHMENT_DARK, max_w=ax - hx - p.px(6))
    bx0 = max(tag_a.right + p.px(10), ax - p.px(10))
    tag_b = p.pill(tr("pp.rulebook.pic.step_b"), (bx0, p.px(6)), "topleft", size=15,
                   fill=palette.PARCHMENT_DARK, max_w=cx - p.px(20) - bx0)
    y = max(tag_a.bottom, tag_b.bottom) + p.font(13).get_linesize() + p.px(10)
    bury = plays[0][0]
    card = treasure(bury.card, p.px(64))  # type: ignore[attr-defined]
    p.surf.blit(card, (hx, y + p.px(10)))
    hand_rect = p.use(card.get_rect(topleft=(hx, y + p.px(10))))
    p.text(tr("pp.rulebook.pic.turn.hand", name=seat_name(RED)), (hand_rect.centerx, hand_rect.bottom + p.px(4)),
           "midtop", 13, palette.WOOD_DARK, max_w=p.px(120))
    new = len(h.beach)  # the buried treasure's index
    a = draw_spot(p, after, new, ax, y, cw)
    p.arrow((hand_rect.right + p.px(12), hand_rect.centery), (a.x - p.px(16), hand_rect.centery))
    b = draw_spot(p, after, plays[2][0].target, bx, y, cw)  # type: ignore[attr-defined]
    c = draw_spot(p, after, plays[3][0].target, cx, y, cw)  # type: ignore[attr-defined]
    p.mark(False, (c.centerx, c.centery - p.px(20)), 40)
    low = max(a.bottom, b.bottom, c.bottom) + p.px(8)
    p.pill(tr("pp.rulebook.pic.turn.on_new"), (a.centerx, low), size=14, max_w=p.px(170))
    p.pill(tr("pp.rulebook.pic.beats", total=3, top=2), (b.centerx, low), size=14, max_w=p.px(170))
    p.pill(tr("pp.rulebook.pic.turn.third"), (c.centerx, low), size=14, max_w=p.px(200), fill=palette.GOLD_LIGHT)
    return p.done()


def _move(width: int, values: tuple[int, ...], ok: bool) -> pygame.Surface:
    """Red's group and treasure #2: before, the group, and after (legal) or the group bouncing off (illegal)."""
    h = move_position()
    p = Pic(width, 360)
    cw = p.px(80)
    top = h.beach[MOVE_TARGET].top_value
    y = p.below_tag(15)
    bx = p.px(60) if ok else p.px(150)
    p.pill(tr("pp.rulebook.pic.before"), (bx + cw // 2, p.px(6)), size=15, fill=palette.PARCHMENT_DARK)
    before = draw_spot(p, h, MOVE_TARGET, bx, y, cw)
    p.pill(tr("pp.rulebook.pic.top", name=seat_name(BLUE), value=top), (before.centerx, before.bottom + p.px(8)),
           max_w=p.px(220))
    gw = p.px(70)
    group_w = gw + int(gw * 1.08) * (len(values) - 1)
    gx = (p.px(430) if ok else p.px(470)) - group_w // 2
    p.text(tr("pp.rulebook.pic.plays", name=seat_name(RED)), (gx + group_w // 2, p.px(12)), "midtop", 15,
           palette.WOOD_DARK)
    group = draw_group(p, values, RED, gx, y + p.px(24), gw)
    p.pill(total_text(values), (group.centerx, group.bottom + p.px(8)), size=17)
    verdict = tr("pp.rulebook.pic.beats" if ok else "pp.rulebook.pic.not_beaten", total=sum(values), top=top)
    if ok:
        after_h = h.clone()
        after_h.apply(PlayTowels(RED, MOVE_TARGET, values))
        ax = p.px(860 - 60 - 80)
        p.pill(tr("pp.rulebook.pic.after"), (ax + cw // 2, p.px(6)), size=15, fill=palette.PARCHMENT_DARK)
        after = draw_spot(p, after_h, MOVE_TARGET, ax, y, cw)
        mid = group.centery
        p.arrow((group.right + p.px(14), mid), (after.x - p.px(22), mid))
        p.mark(True, ((group.right + after.x) // 2, mid - p.px(30)), 34)
        new_top = after_h.beach[MOVE_TARGET].top_value
        p.pill(tr("pp.rulebook.pic.top", name=seat_name(RED), value=new_top),
               (after.centerx, after.bottom + p.px(8)), max_w=p.px(220))
        p.text(verdict, (group.centerx, group.bottom + p.px(46)), "midtop", 17, TICK_GREEN)
    else:
        mid = group.centery
        p.arrow((group.x - p.px(14), mid), (before.right + p.px(24), mid), colour=palette.RED, dashed=True)
        p.mark(False, ((group.x + before.right) // 2, mid - p.px(30)), 34)
        need = h.need(RED, MOVE_TARGET) or 0
        p.text(verdict, (group.centerx, group.bottom + p.px(46)), "midtop", 17, palette.RED)
        p.pill(tr("pp.rulebook.pic.needs", n=need), (group.right + p.px(24), group.centery), "midleft", size=16,
               fill=palette.GOLD_LIGHT)
    return p.done()


def pic_legal(width: int) -> pygame.Surface:
    return _move(width, LEGAL_GROUP, True)


def pic_illegal(width: int) -> pygame.Surface:
    return _move(width, ILLEGAL_GROUP, False)


def pirates_after() -> list[tuple[str, PlayaHand, int]]:
    """Each pirate card played by Red on its treasure (the engine plays it): (kind, hand after, spot)."""
    out = []
    for kind, target in PIRATE_PLAYS:
        h = pirates_position()
        h.apply(PlayPirate(RED, f"pirate-red-{kind}", target))
        out.append((kind, h, target))
    return out


def pic_pirates(width: int) -> pygame.Surface:
    """The three pirate cards, each next to the treasure it was just played on, as the table shows it."""
    p = Pic(width, 330)
    cell = p.w // 3
    cw = p.px(66)
    for k, (kind, h, target) in enumerate(pirates_after()):
        x = k * cell
        card = sprites.pirate_card(kind, _colour(RED), p.px(60))
        cy = p.px(50)
        p.surf.blit(card, (x + p.px(14), cy))
        sx = x + p.px(126)
        p.text(tr(f"pp.pirate.{kind}"), ((x + sx) // 2, cy + round(p.px(60) * RATIO) + p.px(4)), "midtop", 14,
               palette.WOOD_DARK, max_w=sx - x - p.px(8))
        spot = draw_spot(p, h, target, sx, p.px(40), cw, overlap=0.12)
        p.arrow((x + p.px(80), cy + p.px(40)), (sx - p.px(6), cy + p.px(40)))
        p.pill(tr(f"pp.rulebook.pic.pirate.{kind}", name=seat_name(RED)), (x + cell // 2, spot.bottom + p.px(10)),
               size=14,
               max_w=cell - p.px(14))
    return p.done()


BEACH_LABELS = ((0, "pp.rulebook.pic.beach.central"), (1, "pp.rulebook.pic.beach.known"),
                (2, "pp.rulebook.pic.beach.eye"), (3, "pp.rulebook.pic.beach.umbrella"),
                (4, "pp.rulebook.pic.beach.flag"))


def pic_beach(width: int) -> pygame.Surface:
    """Five treasures as Red sees them, each with what it shows labelled."""
    h = beach_position()
    p = Pic(width, 360)
    cell = (p.w - p.px(20)) // 5
    cw = p.px(70)
    low = 0
    for k, (i, key) in enumerate(BEACH_LABELS):
        x = p.px(10) + k * cell + (cell - cw) // 2 + p.px(8)
        r = draw_spot(p, h, i, x, p.px(34), cw)
        low = max(low, r.bottom)
    for k, (i, key) in enumerate(BEACH_LABELS):
        cx = p.px(10) + k * cell + cell // 2
        sp = h.beach[i]
        who = sp.umbrella if sp.umbrella is not None else next((s for s in sp.known_by if s != RED), RED)
        p.pill(tr(key, name=seat_name(who), what=tr(treasure_text(sp.treasure))), (cx, low + p.px(10)), size=14,
               max_w=cell - p.px(8))
    return p.done()


def pic_scoring(width: int) -> pygame.Surface:
    """Red's hand score worked out at sunset: each treasure taken, the skulls, the towels left, the sum."""
    h = scored_hand()
    rows = dict(h.score_rows(RED))
    p = Pic(width, 400)
    mine = h.captures(RED)
    theirs = [i for i in range(len(h.beach)) if i not in mine]
    cw = p.px(66)
    n = len(mine) + len(theirs) + 1
    cell = (p.w - p.px(20)) // n
    low = 0
    spots = []
    order = [i for i in mine if TREASURE_KIND[h.beach[i].treasure] == "number"] + \
            [i for i in mine if TREASURE_KIND[h.beach[i].treasure] == "towel"] + \
            [i for i in mine if TREASURE_KIND[h.beach[i].treasure] == "skull"] + theirs
    for k, i in enumerate(order):
        x = p.px(10) + k * cell + (cell - cw) // 2
        r = draw_spot(p, h, i, x, p.px(40), cw, overlap=0, taker=True)
        spots.append((i, r))
        low = max(low, r.bottom)
    # what each is worth to Red
    skulls = [r for i, r in spots if i in mine and TREASURE_KIND[h.beach[i].treasure] == "skull"]
    for i, r in spots:
        kind = TREASURE_KIND[h.beach[i].treasure]
        if i not in mine:
            p.pill(tr("pp.rulebook.pic.score.theirs", name=seat_name(h.beach[i].occupant or 0)),
                   (r.centerx, low + p.px(8)), size=13, fill=palette.PARCHMENT_DARK, max_w=cell)
        elif kind == "number":
            p.pill(tr("pp.rulebook.pic.score.points", n=h.treasure_points(i)), (r.centerx, low + p.px(8)), size=15)
        elif kind == "towel":
            p.pill(tr("pp.rulebook.pic.score.towel_treasure", cards=len(h.beach[i].pile), n=h.treasure_points(i)),
                   (r.centerx, low + p.px(8)), size=14, max_w=cell + p.px(10))
    if skulls:
        span = skulls[0].union(skulls[-1])
        p.pill(tr("pp.rulebook.pic.score.skulls", count=len(skulls), n=int(rows["pp.score.skulls"])),
               (span.centerx, low + p.px(8)), size=15, max_w=span.w + cell)
    # the towels left in Red's hand
    tx = p.px(10) + len(order) * cell + (cell - cw) // 2
    fan = draw_row(p, [towel(c, p.px(56)) for c in h.towels[RED]], tx, p.px(66), p.px(30))
    p.text(tr("pp.rulebook.pic.score.in_hand", name=seat_name(RED)), (fan.centerx, p.px(58)), "midbottom", 13,
           palette.WOOD_DARK, max_w=cell)
    p.pill(tr("pp.rulebook.pic.score.towels_left", n=len(h.towels[RED])), (fan.centerx, low + p.px(8)), size=15,
           max_w=cell)
    # the sum
    parts = [int(v) for key, v in h.score_rows(RED) if v]
    total = h.scores[RED] if h.scores else sum(parts)
    labels = p.used.bottom
    p.pill(tr("pp.rulebook.pic.score.sum", name=seat_name(RED), sum=" + ".join(str(v) for v in parts), total=total),
           (p.w // 2, labels + p.px(14)), "midtop", size=19, fill=palette.GOLD_LIGHT, max_w=p.w - p.px(30))
    return p.done()


def pic_specials(width: int) -> pygame.Surface:
    """The ten special cards, each named as the table names it; the three kept to the end are tagged."""
    p = Pic(width, 470)
    per_row = 5
    cell = (p.w - p.px(20)) // per_row
    cw = min(p.px(92), cell - p.px(18))
    y = p.px(14)
    for start in range(0, len(SPECIAL_IDS), per_row):
        bottom = y
        for c, card in enumerate(SPECIAL_IDS[start:start + per_row]):
            x = p.px(10) + c * cell + (cell - cw) // 2
            p.surf.blit(special_face(card, cw), (x, y))
            name = p.text(tr(f"pp.special.{card.removeprefix('special-')}"),
                          (x + cw // 2, y + round(cw * RATIO) + p.px(4)), "midtop", 14, palette.INK,
                          max_w=cell - p.px(6))
            tag = "pp.rulebook.pic.specials.kept" if card in KEPT_SPECIALS else \
                "pp.rulebook.pic.specials.stays" if card in (FLAG, DOUBLE) else "pp.rulebook.pic.specials.played"
            note = p.text(tr(tag), (x + cw // 2, name.bottom + p.px(1)), "midtop", 12, palette.INK_SOFT, "text",
                          max_w=cell - p.px(6))
            bottom = max(bottom, note.bottom)
        y = bottom + p.px(16)
    return p.done()


# --------------------------------------------------------------------------------------------------
# One picture per special card: the card, and what it does on the table
# --------------------------------------------------------------------------------------------------
def special_hand(card: str, **spec) -> PlayaHand:
    """Two players with the special cards, round 3, Red to play and holding ``card`` (unless said)."""
    spec.setdefault("specials", {RED: card})
    return hand(2, special=True, round=spec.pop("round", 3), turn=RED, seed=21, **spec)


def special_final(card: str, **spec) -> PlayaHand:
    """Red's final turn with ``card`` kept in hand, ended at once: the hand is scored."""
    h = hand(2, special=True, phase="final", seed=22, specials={RED: card}, **spec)
    h.apply(EndTurn(RED))
    return h


#: each special card's picture: (the hand before, the plays shown: (action, allowed?)); the pictures play
#: the allowed ones through the engine, the tests check both kinds
def special_plays() -> dict[str, tuple[PlayaHand, list[tuple[object, bool]]]]:
    double = special_hand(DOUBLE, specials={RED: None}, step="B", central=Buried("5", pile=[(BLUE, 2)], double_by=RED))
    parrot = special_hand(PARROT, step="B", central=Buried("5", pile=[(BLUE, 3)]))
    piggy = special_hand(PIGGY, central=Buried("5", pile=[(BLUE, 2), (RED, 3), (RED, 1)]))
    slippers = special_hand(SLIPPERS, central=Buried("4", pile=[(RED, 2)], umbrella=RED),
                            beach=[Buried("7", by=RED, pile=[(BLUE, 1), (RED, 3)])])
    flag = special_hand(FLAG, specials={BLUE: None}, pirates={RED: ["spyglass", "map", "umbrella"]},
                        beach=[Buried("6", by=BLUE, flag=True, pile=[(BLUE, 1)])])
    bucket = special_hand(BUCKET, beach=[Buried("7", by=BLUE, pile=[(RED, 1), (BLUE, 3)])])
    lifeguard = special_hand(LIFEGUARD, round=2, treasures={BLUE: ["6", "skull", "3"]})
    return {
        DOUBLE: (double, [(PlayTowels(RED, 0, (3,)), False), (PlayTowels(RED, 0, (3, 1)), True)]),
        PARROT: (parrot, [(PlaySpecial(RED, PARROT, 0), True), (PlayTowels(RED, 0, (3,)), True)]),
        PIGGY: (piggy, [(PlaySpecial(RED, PIGGY, 0, piggy.beach[0].pile[-1]), True)]),
        SLIPPERS: (slippers, [(PlaySpecial(RED, SLIPPERS, 1), True)]),
        FLAG: (flag, [(PlayPirate(RED, "pirate-red-spyglass", 1), False),
                      (PlayPirate(RED, "pirate-red-map", 1), False)]),
        BUCKET: (bucket, [(PlaySpecial(RED, BUCKET, 1), True)]),
        LIFEGUARD: (lifeguard, [(PlaySpecial(RED, LIFEGUARD, BLUE), True)]),
    }


def special_scores() -> dict[str, PlayaHand]:
    """The kept cards at sunset: Red's scored hand with each."""
    return {
        SANDCASTLE: special_final(SANDCASTLE, towels={RED: [3, 3, 1]},
                                  central=Buried("4", pile=[(BLUE, 1), (RED, REST)])),
        SKELETON: special_final(SKELETON, central=Buried("skull", pile=[(BLUE, 2), (RED, 3)])),
        WAVE: special_final(WAVE, central=Buried("6", pile=[(BLUE, 1), (RED, 2)]),
                            beach=[Buried("towel", by=RED, pile=[(BLUE, 3), (BLUE, 2), (RED, 2)])]),
    }


def _played(h: PlayaHand, plays: list[tuple[object, bool]], upto: int) -> PlayaHand:
    """``h`` after the allowed plays before ``upto`` (the engine refuses anything else)."""
    after = h.clone()
    for action, ok in plays[:upto]:
        if ok:
            after.apply(action)  # type: ignore[arg-type]
    return after


def _special_frame(width: int, card: str) -> tuple[Pic, int]:
    """A special card's picture: the card on the left; the scene goes right of the returned x."""
    p = Pic(width, 320)
    cw = p.px(96)
    p.surf.blit(special_face(card, cw), (p.px(22), p.px(22)))
    p.use(pygame.Rect(p.px(22), p.px(22), cw, round(cw * RATIO)))
    return p, p.px(22) + cw + p.px(40)


def _plain_spot(p: Pic, h: PlayaHand, i: int, x: int, cw: int, **kw) -> pygame.Rect:
    return draw_spot(p, h, i, x, p.below_tag(14), cw, **kw)


def pic_special(card: str, width: int) -> pygame.Surface:
    p, x0 = _special_frame(width, card)
    cw = p.px(70)
    if card in KEPT_SPECIALS:
        h = special_scores()[card]
        rows = dict(h.score_rows(RED))
        x = x0
        if card == SANDCASTLE:
            fan = draw_row(p, [towel(c, p.px(64)) for c in h.towels[RED]], x, p.px(50), p.px(70))
            p.text(tr("pp.rulebook.pic.score.in_hand", name=seat_name(RED)), (fan.centerx, p.px(42)), "midbottom",
                   14, palette.WOOD_DARK)
            values = [3 if TOWEL_VALUE[c] == 3 else 1 for c in h.towels[RED]]
            total = int(rows["pp.score.towels_left"] + rows["pp.score.sandcastle"])
            p.pill(" + ".join(map(str, values)) + f" = {total}", (fan.centerx, fan.bottom + p.px(10)), size=17,
                   fill=palette.GOLD_LIGHT)
            p.text(tr("pp.rulebook.pic.special.sandcastle"), (fan.right + p.px(30), fan.centery), "midleft", 15,
                   palette.INK, "text", max_w=p.w - fan.right - p.px(50))
            return p.done()
        taken = h.captures(RED)
        for k, i in enumerate(taken):
            _plain_spot(p, h, i, x + k * p.px(110), cw, overlap=0, taker=True)
        right = x + len(taken) * p.px(110)
        bonus = int(rows["pp.score.skeleton" if card == SKELETON else "pp.score.wave"])
        p.pill(f"+{bonus}", (right + p.px(30), p.px(90)), "midleft", size=22, fill=palette.GOLD_LIGHT)
        p.text(tr(f"pp.rulebook.pic.special.{card.removeprefix('special-')}"), (right + p.px(30), p.px(140)),
               "topleft", 15, palette.INK, "text", max_w=p.w - right - p.px(50))
        return p.done()
    h, plays = special_plays()[card]
    after = _played(h, plays, len(plays))
    if card == DOUBLE:
        spot = _plain_spot(p, h, 0, x0 + p.px(30), cw)
        for k, (action, ok) in enumerate(plays):
            gx = spot.right + p.px(110) + k * p.px(220)
            group = draw_group(p, action.values, RED, gx, p.px(60), p.px(60))  # type: ignore[attr-defined]
            p.mark(ok, (group.centerx, group.y - p.px(4)), 30)
            p.pill(total_text(action.values), (group.centerx, group.bottom + p.px(8)), size=16)  # type: ignore
        p.pill(tr("pp.rulebook.pic.needs", n=h.need(RED, 0)), (spot.centerx, spot.bottom + p.px(8)), size=16,
               fill=palette.GOLD_LIGHT)
    elif card == PARROT:
        spot = _plain_spot(p, h, 0, x0 + p.px(30), cw)
        bird = special_face(PARROT, p.px(54))
        p.surf.blit(bird, (spot.right + p.px(40), p.px(40)))
        p.arrow((spot.right + p.px(36), p.px(80)), (spot.right + p.px(6), p.px(80)))
        action = plays[1][0]
        group = draw_group(p, action.values, RED, spot.right + p.px(150), p.px(60), p.px(60))  # type: ignore
        p.mark(True, (group.centerx, group.y - p.px(4)), 30)
        p.pill(tr("pp.rulebook.pic.equals", total=sum(action.values), top=h.beach[0].top_value),  # type: ignore
               (group.centerx, group.bottom + p.px(8)), size=16, fill=palette.GOLD_LIGHT)
        after2 = _played(h, plays, 2)
        _plain_spot(p, after2, 0, group.right + p.px(70), cw)
    elif card in (PIGGY, SLIPPERS, BUCKET):
        target = plays[0][0].target  # type: ignore[attr-defined]
        src = h.umbrella_spot(RED) if card == SLIPPERS else target
        a = _plain_spot(p, h, src, x0 + p.px(30), cw, label=True)
        if card == SLIPPERS:
            a2 = _plain_spot(p, h, target, a.right + p.px(40), cw)
            p.pill(tr("pp.rulebook.pic.before"), (a.union(a2).centerx, p.px(6)), size=14, fill=palette.PARCHMENT_DARK)
            b = _plain_spot(p, after, src, a2.right + p.px(110), cw)
            c = _plain_spot(p, after, target, b.right + p.px(40), cw)
            p.pill(tr("pp.rulebook.pic.after"), (b.union(c).centerx, p.px(6)), size=14, fill=palette.PARCHMENT_DARK)
            p.arrow((a2.right + p.px(16), p.px(120)), (b.x - p.px(16), p.px(120)))
            p.text(tr("pp.rulebook.pic.special.slippers", name=seat_name(RED)),
                   (p.w // 2 + x0 // 2, max(a.bottom, a2.bottom, b.bottom, c.bottom) + p.px(10)), "midtop", 15,
                   palette.INK, "text", max_w=p.w - x0 - p.px(30))
        else:
            p.pill(tr("pp.rulebook.pic.before"), (a.centerx, p.px(6)), size=14, fill=palette.PARCHMENT_DARK)
            b = _plain_spot(p, after, target, a.right + p.px(200), cw)
            p.pill(tr("pp.rulebook.pic.after"), (b.centerx, p.px(6)), size=14, fill=palette.PARCHMENT_DARK)
            p.arrow((a.right + p.px(20), p.px(110)), (b.x - p.px(20), p.px(110)))
            if card == PIGGY:
                taken = plays[0][0].towel  # type: ignore[attr-defined]
                back = towel(taken, p.px(56))
                bx = b.right + p.px(70)
                p.surf.blit(back, (bx, p.px(60)))
                p.arrow((b.right + p.px(8), p.px(110)), (bx - p.px(8), p.px(110)), dashed=True)
                p.text(tr("pp.rulebook.pic.score.in_hand", name=seat_name(RED)), (bx + p.px(28), p.px(56)),
                       "midbottom", 13, palette.WOOD_DARK)
                p.use(back.get_rect(topleft=(bx, p.px(60))))
            key = f"pp.rulebook.pic.special.{card.removeprefix('special-')}"
            p.text(tr(key, name=seat_name(RED)), (p.w // 2 + x0 // 2, max(a.bottom, b.bottom) + p.px(10)), "midtop",
                   15, palette.INK, "text", max_w=p.w - x0 - p.px(30))
    elif card == FLAG:
        spot = _plain_spot(p, h, 1, x0 + p.px(60), cw)
        for k, (action, ok) in enumerate(plays):
            kind = PIRATE_KIND[action.card]  # type: ignore[attr-defined]
            px_ = spot.right + p.px(70) + k * p.px(90)
            img = sprites.pirate_card(kind, _colour(RED), p.px(56))
            p.surf.blit(img, (px_, p.px(50)))
            p.mark(ok, (px_ + p.px(28), p.px(50)), 28)
            p.use(img.get_rect(topleft=(px_, p.px(50))))
        tw = towel_of(2, RED, p.px(56))
        tx = spot.right + p.px(70) + len(plays) * p.px(90) + p.px(20)
        p.surf.blit(tw, (tx, p.px(50)))
        p.mark(True, (tx + p.px(28), p.px(50)), 28)
        p.text(tr("pp.rulebook.pic.special.flag"), (spot.right + p.px(20), spot.bottom - p.px(4)), "bottomleft",
               15, palette.INK, "text", max_w=p.w - spot.right - p.px(40))
    elif card == LIFEGUARD:
        seen = after.looks[-1][2]
        r = pygame.Rect(x0 + p.px(10), p.px(30), p.px(420), p.px(150))
        theme.draw_frame(p.surf, "panel_dark", r)
        p.use(r)
        chip = theme.seat_chip(_colour(BLUE), p.px(28))
        p.surf.blit(chip, (r.x + p.px(10), r.y + p.px(10)))
        theme.draw_text(p.surf, seat_name(BLUE), p.font(16), palette.GOLD_LIGHT, (r.x + p.px(46), r.y + p.px(12)))
        draw_row(p, [treasure(c, p.px(60)) for c in seen], r.x + p.px(46), r.y + p.px(44), p.px(68))
        eye = sprites.eye_marker(p.px(34))
        p.surf.blit(eye, (r.right - p.px(50), r.y + p.px(12)))
        p.text(tr("pp.rulebook.pic.special.lifeguard", name=seat_name(RED), other=seat_name(BLUE)),
               (r.right + p.px(20), r.centery), "midleft", 15, palette.INK, "text", max_w=p.w - r.right - p.px(40))
    return p.done()


PICTURES: dict[str, Callable[[int], pygame.Surface]] = {
    "box": pic_box,
    "setup": pic_setup,
    "turn": pic_turn,
    "legal": pic_legal,
    "illegal": pic_illegal,
    "pirates": pic_pirates,
    "beach": pic_beach,
    "scoring": pic_scoring,
    "specials": pic_specials,
    **{card.removeprefix("special-"): (lambda width, card=card: pic_special(card, width)) for card in SPECIAL_IDS},
}


def picture(name: str, width: int) -> pygame.Surface:
    """The picture ``name`` at ``width`` pixels wide (KeyError for a name the game has none of)."""
    return PICTURES[name](int(width))


__all__ = ["picture", "PICTURES"]
