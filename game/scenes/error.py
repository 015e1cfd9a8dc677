"""The error scene: an unexpected exception, said briefly, with the log file's path.

The autosave is never touched here, so the game in progress can be continued from the menu. When the
log folder could not be used and no log file could be opened anywhere, it says so instead of a path.
"""
from __future__ import annotations

from game.core.protocol import Text
from game.scenes.common import ButtonRow, PanelScene
from game.ui import palette
from game.ui.widgets import Button, Label


class ErrorScene(PanelScene):
    name = "error"
    size = (0.56, 0.8)
    style = "parchment"

    def __init__(self, app, exc: BaseException, log_path: str):
        self.message = f"{type(exc).__name__}: {exc}"[:200]
        self.log_path = log_path
        super().__init__(app, Text.of("error.title"))

    def build(self) -> None:
        self.body.add(Label(Text.of("error.body", message=self.message), size=18))
        from game.core.saves import autosave_path
        if autosave_path().is_file():  # only promise what is there (not a folder or a pipe in its place)
            self.body.add(Label(Text.of("error.saved"), size=17, colour=palette.GREEN))
        log_line = Text.of("error.log", path=self.log_path) if self.log_path else Text.of("error.no_log")
        self.body.add(Label(log_line, size=15, colour=palette.INK_SOFT))
        self.body.add(ButtonRow([Button(Text.of("error.menu"), self.to_menu, min_width=200),
                            Button(Text.of("error.quit"), self.app.quit, min_width=140)]))

    def to_menu(self) -> None:
        from game.scenes.menu import MenuScene
        stack = self.app.stack
        stack.scenes = [s for s in stack.scenes if isinstance(s, MenuScene)][:1]
        if not stack.scenes:
            stack.scenes.append(MenuScene(self.app))
        self.app.start_fade()
        stack.top.enter()

    def back(self) -> None:
        self.to_menu()
