"""Pause: resume, rules, settings, save and quit, abandon (with a confirmation). Drawn over the frozen table.

Save and quit writes the game to its file at once, waits until it is on disk and goes back to the menu,
saying where the game is kept (Continue); a save that fails keeps the game open. Abandon deletes that
game's file, and only that one.
"""
from __future__ import annotations

from game.core.protocol import Text
from game.scenes.common import ButtonRow, PanelScene
from game.ui.widgets import Button, Label

KEPT_SECONDS = 5.0  # how long "the game is kept" stays on screen


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
            self.body.add(self.explains(Label(Text.of("pause.confirm"), size=20, align="center"),
                                        "pause.explain.confirm"))
            self.body.add(ButtonRow([
                self.explains(Button(Text.of("pause.confirm_no"), self.keep_playing, min_width=150),
                              "pause.explain.confirm_no"),
                self.explains(Button(Text.of("pause.confirm_yes"), self.abandon, min_width=150),
                              "pause.explain.confirm_yes")]))
            return
        coach = getattr(self.table, "coach", None)
        if coach is not None and not coach.done:   # a lesson: it keeps its own file, never a saved game
            items = (("pause.resume", self.back), ("pause.rules", self.open_rules),
                     ("pause.settings", self.open_settings), ("pause.lesson_leave", self.leave_lesson),
                     ("pause.lesson_restart", self.restart_lesson))
        else:
            items = (("pause.resume", self.back), ("pause.rules", self.open_rules),
                     ("pause.settings", self.open_settings), ("pause.save_quit", self.save_and_quit),
                     ("pause.abandon", self.ask_abandon))
        for key, fn in items:   # each says what it does: pause.explain.resume ...
            self.body.add(self.explains(Button(Text.of(key), fn, min_width=240), key.replace(".", ".explain.", 1)))

    def leave_lesson(self) -> None:
        """Back to the menu; Learn to play picks the lesson up where it was."""
        self.table.leave_tutorial()

    def restart_lesson(self) -> None:
        """The lesson from its first step, on a fresh table."""
        from game.scenes.coach import open_tutorial
        from game.scenes.menu import MenuScene
        self.table.finished = True
        self.table.end_tutorial()
        self.app.stack.pop_to(MenuScene)
        open_tutorial(self.app, self.table.entry, self.table.coach.tutorial, fresh=True)

    def open_rules(self) -> None:
        from game.scenes.rules import RulesScene
        self.app.stack.push(RulesScene(self.app, self.table.entry))

    def open_settings(self) -> None:
        from game.scenes.settings import SettingsScene
        self.app.stack.push(SettingsScene(self.app, overlay=True, game=self.table.entry.id))

    def save_and_quit(self) -> None:
        """The game is written to its file now and kept for Continue; back to the menu."""
        from game.scenes.menu import MenuScene
        game = Text.of(self.table.entry.name_key)
        if not self.table.keep_save():
            self.app.notify(Text.of("pause.not_kept", game=game))
            return
        self.app.stack.pop_to(MenuScene)
        self.app.toasts.push(Text.of("pause.kept", game=game), KEPT_SECONDS, "good")

    def ask_abandon(self) -> None:
        self.confirming = True
        self.rebuild()

    def cancel_abandon(self) -> None:
        self.confirming = False
        self.rebuild()

    def keep_playing(self) -> None:
        """"Keep playing": the game is kept and goes on (Esc, the question's other way back, returns to the pause
        menu). A newcomer pressed it and found the pause menu again."""
        self.confirming = False
        self.app.stack.pop()

    def back(self) -> None:
        if self.confirming:
            self.cancel_abandon()
            return
        self.app.stack.pop()

    def abandon(self) -> None:
        """This game's file is deleted (no other game's); back to the menu."""
        from game.scenes.menu import MenuScene
        self.table.finished = True
        self.table.drop_save()
        self.app.stack.pop_to(MenuScene)
