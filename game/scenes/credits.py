"""Credits and licences: who made the app, who designed and published each game and where its rules came from
(game/games/credits.py), fonts and libraries."""
from __future__ import annotations

from game.core.protocol import Text
from game.games import catalog
from game.games.credits import has_credits, credits_text
from game.scenes.common import ButtonRow, PanelScene
from game.ui import palette
from game.ui.palette import FONT_FILES
from game.ui.widgets import Button, Label


def font_families() -> str:
    names = []
    for file in FONT_FILES.values():
        family = file.rsplit(".", 1)[0].split("-")[0]
        if family not in names:
            names.append(family)
    return ", ".join(names)


class CreditsScene(PanelScene):
    name = "credits"
    size = (0.8, 0.96)          # wide: every game's credits and rules source fit a 960x540 window

    def __init__(self, app):
        super().__init__(app, Text.of("credits.title"))

    def build(self) -> None:
        small = dict(size=15, colour=palette.INK)
        self.body.spacing = 6
        add = lambda widget, explain: self.body.add(self.explains(widget, explain))
        add(Label(Text.of("credits.app"), size=17, colour=palette.WOOD_DARK, align="center"), "credits.explain.app")
        add(Label(Text.of("credits.games"), role="display", size=24, colour=palette.WOOD_DARK), "credits.explain.games")
        for entry in catalog():
            if not entry.module and has_credits(entry.id):     # a game added without its credits yet: left out
                add(Label(credits_text(entry.id, Text.of(entry.name_key)), **small),
                    Text.of("credits.explain.game", game=Text.of(entry.name_key)))
        add(Label(Text.of("credits.tribute"), size=14, colour=palette.INK_SOFT), "credits.explain.tribute")
        add(Label(Text.of("credits.software"), role="display", size=24, colour=palette.WOOD_DARK),
            "credits.explain.software")
        for key in ("python", "pygame", "pytmx", "platformdirs", "pyinstaller"):
            add(Label(Text.of(f"credits.lib.{key}"), **small), "credits.explain.lib")
        add(Label(Text.of("credits.fonts", fonts=font_families()), **small), "credits.explain.fonts")
        self.body.add(ButtonRow([self.explains(Button(Text.of("credits.back"), self.back, min_width=160),
                                               "credits.explain.back")]))
