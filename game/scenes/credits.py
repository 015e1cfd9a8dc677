"""Credits and licences: who made the app, who designed the games, fonts and libraries."""
from __future__ import annotations

from game.core.protocol import Text
from game.games import catalog
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
    size = (0.62, 0.94)

    def __init__(self, app):
        super().__init__(app, Text.of("credits.title"))

    def build(self) -> None:
        small = dict(size=15, colour=palette.INK)
        self.body.spacing = 6
        self.body.add(Label(Text.of("credits.app"), size=17, colour=palette.WOOD_DARK, align="center"))
        self.body.add(Label(Text.of("credits.games"), role="display", size=24, colour=palette.WOOD_DARK))
        for entry in catalog():
            if not entry.module:
                self.body.add(Label(Text.of(f"credits.{entry.id}"), **small))
        self.body.add(Label(Text.of("credits.tribute"), size=14, colour=palette.INK_SOFT))
        self.body.add(Label(Text.of("credits.software"), role="display", size=24, colour=palette.WOOD_DARK))
        for key in ("python", "pygame", "pytmx", "platformdirs", "pyinstaller"):
            self.body.add(Label(Text.of(f"credits.lib.{key}"), **small))
        self.body.add(Label(Text.of("credits.fonts", fonts=font_families()), **small))
        self.body.add(ButtonRow([Button(Text.of("credits.back"), self.back, min_width=160)]))
