"""Pause: resume, rules, settings, abandon (with a confirmation). Drawn over the frozen table."""
from __future__ import annotations

from game.core.protocol import Text
from game.scenes.common import ButtonRow, PanelScene
from game.ui.widgets import Button, Label


class PauseScene(PanelScene):
    name = "pause"
    opaque = False
    size = (0.34, 0.8)

    def __init__(self, app, table):
        self.table = table
        self.confirming = False
        super().__init__(app, Text.of("pause.title"))

    def build(self) -> None:
        if self.confirming:
            self.body.add(Label(Text.of("pause.confirm"), size=20, align="center"))
            self.body.add(ButtonRow([Button(Text.of("pause.confirm_no"), self.cancel_abandon, min_width=150),
                                     Button(Text.of("pause.confirm_yes"), self.abandon, min_width=150)]))
            return
        for key, fn in (("pause.resume", self.back), ("pause.rules", self.open_rules),
                        ("pause.settings", self.open_settings), ("pause.abandon", self.ask_abandon)):
            self.body.add(Button(Text.of(key), fn, min_width=240))

    def open_rules(self) -> None:
        from game.scenes.rules import RulesScene
        self.app.stack.push(RulesScene(self.app, self.table.entry))

    def open_settings(self) -> None:
        from game.scenes.settings import SettingsScene
        self.app.stack.push(SettingsScene(self.app, overlay=True))

    def ask_abandon(self) -> None:
        self.confirming = True
        self.rebuild()

    def cancel_abandon(self) -> None:
        self.confirming = False
        self.rebuild()

    def back(self) -> None:
        if self.confirming:
            self.cancel_abandon()
            return
        self.app.stack.pop()

    def abandon(self) -> None:
        from game.scenes.menu import MenuScene
        self.table.finished = True
        self.app.autosaver.clear()
        self.app.autosaver.flush(1.0)
        self.app.stack.pop_to(MenuScene)
