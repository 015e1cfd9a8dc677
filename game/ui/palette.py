"""The visual identity in numbers: palette, seat colours and symbols, font files. No pygame here,
so build scripts, the UI and tests share it. Names are stable; values may be tuned with the art."""
from __future__ import annotations

# Warm palette: sea, sand, wood, parchment, plus ink and accents. RGB tuples.
SEA_DEEP = (16, 58, 82)
SEA = (28, 96, 122)
SEA_LIGHT = (78, 158, 170)
FOAM = (226, 240, 232)
SAND = (233, 205, 150)
SAND_DARK = (196, 160, 102)
WOOD_DARK = (74, 45, 28)
WOOD = (120, 76, 44)
WOOD_LIGHT = (166, 116, 70)
PARCHMENT = (243, 229, 196)
PARCHMENT_DARK = (214, 192, 148)
INK = (44, 30, 22)
INK_SOFT = (96, 76, 60)
GOLD = (222, 172, 58)
GOLD_LIGHT = (248, 214, 120)
RED = (170, 52, 40)
GREEN = (70, 130, 70)
WHITE = (255, 255, 255)
SHADOW = (0, 0, 0)

TEXT_ON_DARK = PARCHMENT
TEXT_ON_LIGHT = INK
HIGHLIGHT = GOLD_LIGHT   # legal drop targets, focus ring
DANGER = RED             # illegal drop, errors

# Eight seat colours chosen to stay distinct for the common colour-vision deficiencies (based on the
# Okabe-Ito set plus two), each paired with a symbol drawn on pieces and labels. Order = seat order.
SEAT_COLOURS = (
    ("vermilion", (202, 52, 34), "anchor"),   # redder than Okabe-Ito's (213, 94, 0): read as red, not orange
    ("sky", (86, 180, 233), "skull"),
    ("yellow", (240, 228, 66), "star"),
    ("bluish-green", (0, 158, 115), "compass"),
    ("blue", (0, 114, 178), "wheel"),
    ("reddish-purple", (204, 121, 167), "parrot"),
    ("orange", (230, 159, 0), "sword"),
    ("black", (40, 40, 40), "bell"),
)

# Fonts in assets/fonts/ (each with its licence file beside it).
FONT_FILES = {
    "display": "Essays1743-Bold.ttf",   # Essays 1743 Bold (SIL OFL 1.1)
    "text": "Lato-Regular.ttf",         # Lato 2.007 (SIL OFL 1.1)
    "text_bold": "Lato-Bold.ttf",
}
