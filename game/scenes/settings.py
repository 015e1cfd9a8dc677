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

    def __init__(self, app, overlay: bool = False):
        self.opaque = not overlay
        super().__init__(app, Text.of("settings.title"))

    def _row(self, label: str, widget) -> HBox:
        return HBox([Label(Text.of(label), size=18, valign="middle"), widget], spacing=12,
                    weights=[0.45, 0.55])

    def build(self) -> None:
        s = self.app.settings
        self.body.add(self._row("settings.language", Choice(
            ["it", "en"], [Text.of("settings.lang.it"), Text.of("settings.lang.en")],
            ["it", "en"].index(s.language) if s.language in ("it", "en") else 1, on_change=self.set_lang)))
        self.body.add(Toggle(Text.of("settings.fullscreen"), s.fullscreen, on_change=self.set_fullscreen))
        self.body.add(self._row("settings.volume", Slider(s.volume, 0, 100, 5, on_change=self.set_volume)))
        self.body.add(Toggle(Text.of("settings.muted"), s.muted, on_change=self.set_muted))
        speed_labels = [Text.of(f"settings.speed.{v}") for v in SPEEDS]
        self.body.add(self._row("settings.animation_speed", Choice(
            SPEEDS, speed_labels, SPEEDS.index(s.animation_speed) if s.animation_speed in SPEEDS else 1,
            on_change=lambda v: self.set("animation_speed", v), wrap=False)))
        self.body.add(self._row("settings.bot_speed", Choice(
            SPEEDS, speed_labels, SPEEDS.index(s.bot_speed) if s.bot_speed in SPEEDS else 1,
            on_change=lambda v: self.set("bot_speed", v), wrap=False)))
        self.body.add(Toggle(Text.of("settings.colourblind"), s.colourblind_symbols,
                             on_change=lambda v: self.set("colourblind_symbols", v)))
        self.body.add(Toggle(Text.of("settings.placement_assist"), s.placement_assist,
                             on_change=lambda v: self.set("placement_assist", v)))
        self.body.add(Toggle(Text.of("ir.settings.water_warning"), s.ir_water_warning,
                             on_change=lambda v: self.set("ir_water_warning", v)))
        self.body.add(self._row("ir.settings.round_length", Choice(
            ROUND_MINUTES, [Text.of("ir.settings.round_length.rules"), Text.of("ir.settings.round_length.5"),
                            Text.of("ir.settings.round_length.6")],
            ROUND_MINUTES.index(s.ir_round_minutes) if s.ir_round_minutes in ROUND_MINUTES else 0,
            on_change=lambda v: self.set("ir_round_minutes", v), wrap=False)))
        self.body.add(Toggle(Text.of("ir.settings.last_tile_limit"), s.ir_last_tile_limit,
                             on_change=lambda v: self.set("ir_last_tile_limit", v)))
        self.body.add(ButtonRow([Button(Text.of("settings.done"), self.back, min_width=160)]))

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
