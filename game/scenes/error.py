"""The error scene: an unexpected exception, said briefly, with the log file's path.

The game's saved file is never touched here, so the game in progress can be continued from the menu. When the
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
        if self.game_is_saved():
            self.body.add(Label(Text.of("error.saved"), size=17, colour=palette.GREEN))
        log_line = Text.of("error.log", path=self.log_path) if self.log_path else Text.of("error.no_log")
        self.body.add(Label(log_line, size=15, colour=palette.INK_SOFT))
        self.body.add(ButtonRow([Button(Text.of("error.menu"), self.to_menu, min_width=200),
                            Button(Text.of("error.quit"), self.app.quit, min_width=140)]))

    def game_is_saved(self) -> bool:
        """A game was on the table and its file is there (only promise what is there: not a folder or a
        pipe in its place, nor a game that ended)."""
        for scene in reversed(self.app.stack.scenes):
            path = getattr(scene, "save_path", None)
            if path is not None and not getattr(scene, "finished", False):
                self.app.flush_saves(1.0)  # a save still on its way is on disk first
                return path.is_file()
        return False

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
