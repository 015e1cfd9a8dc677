"""Settings: language, fullscreen, volume and mute, animation and bot speed, colour-blind symbols.

Every change applies at once and is saved (atomically) when the scene closes.
"""
from __future__ import annotations

from game.core.protocol import Text
from game.i18n import set_language
from game.settings import ROUND_MINUTES
from game.scenes.common import ButtonRow, PanelScene
from game.ui.widgets import Button, Choice, HBox, Label, Slider, Toggle

SPEEDS = ("slow", "normal", "fast")


class SettingsScene(PanelScene):
    name = "settings"
    size = (0.46, 0.9)

    def __init__(self, app, overlay: bool = False, game: str | None = None):
        """``game``: opened from that game's table (its pause menu), which shows only its own game's settings
        beside the general ones; from the menu, every game's."""
        self.opaque = not overlay
        self.game = game
        super().__init__(app, Text.of("settings.title"))

    def _row(self, label: str, widget, explain: str) -> HBox:
        """A setting's name beside its control; both say what it changes."""
        return HBox([self.explains(Label(Text.of(label), size=18, valign="middle"), explain),
                     self.explains(widget, explain)], spacing=12, weights=[0.45, 0.55])

    def _toggle(self, label: str, on: bool, on_change, explain: str) -> Toggle:
        return self.explains(Toggle(Text.of(label), on, on_change=on_change), explain)

    def build(self) -> None:
        s = self.app.settings
        self.body.add(self._row("settings.language", Choice(
            ["it", "en"], [Text.of("settings.lang.it"), Text.of("settings.lang.en")],
            ["it", "en"].index(s.language) if s.language in ("it", "en") else 1, on_change=self.set_lang),
            "settings.explain.language"))
        self.body.add(self._toggle("settings.fullscreen", s.fullscreen, self.set_fullscreen,
                                   "settings.explain.fullscreen"))
        self.body.add(self._row("settings.volume", Slider(s.volume, 0, 100, 5, on_change=self.set_volume),
                                "settings.explain.volume"))
        self.body.add(self._toggle("settings.muted", s.muted, self.set_muted, "settings.explain.muted"))
        speed_labels = [Text.of(f"settings.speed.{v}") for v in SPEEDS]
        self.body.add(self._row("settings.animation_speed", Choice(
            SPEEDS, speed_labels, SPEEDS.index(s.animation_speed) if s.animation_speed in SPEEDS else 1,
            on_change=lambda v: self.set("animation_speed", v), wrap=False), "settings.explain.animation_speed"))
        self.body.add(self._row("settings.bot_speed", Choice(
            SPEEDS, speed_labels, SPEEDS.index(s.bot_speed) if s.bot_speed in SPEEDS else 1,
            on_change=lambda v: self.set("bot_speed", v), wrap=False), "settings.explain.bot_speed"))
        self.body.add(self._toggle("settings.colourblind", s.colourblind_symbols,
                                   lambda v: self.set("colourblind_symbols", v), "settings.explain.colourblind"))
        if self.game in (None, "island-race"):
            self._island_race_rows()
        self.body.add(ButtonRow([self.explains(Button(Text.of("settings.done"), self.back, min_width=160),
                                               "settings.explain.done")]))

    def _island_race_rows(self) -> None:
        s = self.app.settings
        self.body.add(self._toggle("ir.settings.water_warning", s.ir_water_warning,
                                   lambda v: self.set("ir_water_warning", v), "settings.explain.water_warning"))
        self.body.add(self._row("ir.settings.round_length", Choice(
            ROUND_MINUTES, [Text.of("ir.settings.round_length.rules"), Text.of("ir.settings.round_length.5"),
                            Text.of("ir.settings.round_length.6")],
            ROUND_MINUTES.index(s.ir_round_minutes) if s.ir_round_minutes in ROUND_MINUTES else 0,
            on_change=lambda v: self.set("ir_round_minutes", v), wrap=False), "settings.explain.round_length"))
        self.body.add(self._toggle("ir.settings.last_tile_limit", s.ir_last_tile_limit,
                                   lambda v: self.set("ir_last_tile_limit", v), "settings.explain.last_tile_limit"))

    def set(self, key: str, value) -> None:
        setattr(self.app.settings, key, value)
        self.mark_dirty()

    def set_lang(self, lang: str) -> None:
        self.app.settings.language = lang
        set_language(lang)
        self.layout(self.app.screen_rect())  # texts change length

    def set_fullscreen(self, on: bool) -> None:
        self.app.set_fullscreen(on)
        self.app.settings.fullscreen = on

    def set_volume(self, value: int) -> None:
        self.app.settings.volume = int(value)
        self.app.apply_audio_settings()

    def set_muted(self, on: bool) -> None:
        self.app.settings.muted = on
        self.app.apply_audio_settings()

    def back(self) -> None:
        self.app.save_settings()
        self.app.stack.pop()
