"""The menu, settings, pause, credits, results and saved-games scenes explain themselves (issue 15, item 2).

Each scene lists what it draws with what it is and does (``explanations()``, ``game.scenes.common.Explains``);
these tests walk every widget the scene draws (its focus ring, its buttons, its panel's widgets, its rows) and
every thing its results sheet draws, and fail on one without an explanation, on an explanation whose key is
missing in either catalog, and on a pointer resting on it that would show nothing. F1 on the focused widget shows
its explanation."""
from __future__ import annotations

import pygame
import pytest

from game import games
from game.core.protocol import Text
from game.core.rng import Rng
from game.core.session import Seat
from game.ui.widgets import Box, Widget
from tests.app.conftest import frames, key, open_menu, start_table
from tests.support.save_files import write_game


def _playable() -> list[str]:
    return [e.id for e in games.catalog() if e.available and e.id != "minigame"]


def check_explanations(scene, widgets=()) -> list[tuple[object, Text]]:
    """Every explanation is a catalog Text in both languages, on something on the screen that shows it where the
    pointer rests; every widget of ``widgets`` (visible, drawn, not a box) is one of them."""
    from game.i18n import has_key, language, set_language, tr
    explained = scene.explanations()
    assert explained, f"{scene.name}: explains nothing"
    screen = scene.app.screen.get_rect()
    was = language()
    try:
        for target, text in explained:
            rect = target.rect if isinstance(target, Widget) else target
            where = f"{scene.name}: {type(target).__name__} at {tuple(rect)}"
            assert isinstance(text, Text), f"{where}: explained with {text!r}, not a catalog text"
            assert rect.w > 0 and rect.h > 0 and screen.colliderect(rect), f"{where}: not on the screen"
            for lang in ("en", "it"):
                assert has_key(text.key, lang), f"{where}: {text.key!r} is missing in {lang}"
                set_language(lang)
                words = tr(text)
                assert words and "{" not in words and text.key not in words, f"{where}: {words!r} in {lang}"
            set_language(was)
            spot = rect.clip(screen).center
            assert scene.tooltip.explanation_at(spot) is not None, f"{where}: the pointer resting on it shows nothing"
    finally:
        set_language(was)
    targets = [t for t, _ in explained]
    for widget in widgets:
        if isinstance(widget, Box) or not widget.visible or widget.rect.w <= 0:
            continue
        assert any(widget is t for t in targets), \
            f"{scene.name}: {type(widget).__name__} {getattr(widget, 'text', '')!r} has no explanation"
    return explained


def check_f1(app, scene) -> None:
    """F1 on each focused widget (Tab by Tab) shows that widget's own explanation."""
    from game.i18n import tr
    explained = scene.explanations()
    candidates = [w for w in scene.focus.widgets if w.visible and w.enabled]
    assert candidates, f"{scene.name}: nothing to focus"
    for widget in candidates:
        scene.focus.focus(widget)
        key(app, pygame.K_F1)
        want = next(text for t, text in explained if t is widget)
        assert scene.tooltip.text == tr(want), f"{scene.name}: F1 on {widget!r} shows {scene.tooltip.text!r}"


def hover_shows(app, scene, target) -> str | None:
    """The text shown after the pointer rests on ``target`` (a widget or a rect) for a second of frames."""
    rect = target.rect if isinstance(target, Widget) else target
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 60)
    return scene.tooltip.text


def panel_widgets(scene) -> list[Widget]:
    return [w for w in scene.body.walk() if not isinstance(w, Box)] + scene.focus.widgets


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_menu_explains_every_tile_and_button(app, lang):
    from game.i18n import set_language, tr
    set_language(lang)
    write_game("playa-pirata", ["Anna", "Ben"], 6, "2024-05-01T09:15:00+00:00")   # Continue shows
    menu = open_menu(app)
    assert menu.continue_button.visible
    explained = check_explanations(menu, [*menu.focus.widgets, *menu.buttons.children,
                                          *(b for tile in menu.tiles for b in tile.parts)])
    rects = [t for t, _ in explained if isinstance(t, pygame.Rect)]
    for tile in menu.tiles:
        assert any(r == tile.rect for r in rects), f"the tile of {tile.entry.id} has no explanation"
    tile = next(t for t in menu.tiles if t.entry.available)
    shown = hover_shows(app, menu, pygame.Rect(tile.rect.x, tile.rect.y, tile.rect.w, tile.rect.h // 3))
    assert shown is not None and tr(tile.entry.pitch_key) in shown and tr(tile.entry.name_key) in shown
    check_f1(app, menu)


@pytest.mark.parametrize("which", ["settings", "credits"])
def test_the_settings_and_the_credits_explain_every_control_and_line(app, which):
    from game.scenes.credits import CreditsScene
    from game.scenes.settings import SettingsScene
    open_menu(app)
    scene = SettingsScene(app) if which == "settings" else CreditsScene(app)
    app.stack.push(scene, fade=False)
    frames(app, 2)
    check_explanations(scene, panel_widgets(scene))
    if which == "settings":     # the volume's slider says what it changes where the pointer rests
        slider = next(w for w in scene.focus.widgets if type(w).__name__ == "Slider")
        assert "loud" in (hover_shows(app, scene, slider) or "")
    check_f1(app, scene)


@pytest.mark.parametrize("game_id", _playable())
def test_the_pause_of_each_game_explains_every_button(app, game_id):
    from game.scenes.pause import PauseScene
    open_menu(app)
    table = start_table(app, game_id, ["human", "easy"])
    scene = PauseScene(app, table)
    app.stack.push(scene, fade=False)
    frames(app, 2)
    check_explanations(scene, panel_widgets(scene))
    check_f1(app, scene)
    scene.ask_abandon()                # "Abandon this game?": the question and both answers
    frames(app, 2)
    check_explanations(scene, panel_widgets(scene))
    check_f1(app, scene)


def finished(game_id: str, players: int = 3):
    """A game of ``game_id`` played to its end by random legal moves (the system's moves of a race included)."""
    entry = games.get(game_id)
    s = entry.package.rules.new_game(players, {"match-format": "two-hands"} if game_id == "playa-pirata" else {}, 7)
    rng = Rng(7)
    system = getattr(entry.package.rules, "SYSTEM", None)
    if game_id == "island-race":
        from game.games.island_race.rules import SYSTEM as system
    for _ in range(60000):
        if s.is_over():
            return entry, s
        acts = s.legal_actions()
        own = s.legal_actions(system) if system is not None else []
        if own and (not acts or rng.below(40) == 0):
            s.apply(own[0])
            continue
        s.apply(acts[rng.below(len(acts))])
    raise AssertionError(f"{game_id}: the game did not end")


@pytest.mark.parametrize("game_id", _playable())
def test_the_results_of_each_game_explain_every_row_column_and_button(app, game_id):
    from game.i18n import tr
    from game.scenes.results import ResultsScene
    open_menu(app)
    entry, state = finished(game_id)
    result = state.result()
    seats = [Seat(name, "human" if i == 0 else "bot", None if i == 0 else "easy", i)
             for i, name in enumerate(("Anna", "Ben", "Carla"))]
    picture = (pygame.Surface((300, 200)), Text.of("ui.results.final_board")) if result.scores is None else None
    scene = ResultsScene(app, entry, seats, result, rematch=lambda: None, picture=picture, game_number=4242)
    app.stack.push(scene, fade=False)
    frames(app, 2)
    explained = check_explanations(scene, [*scene.focus.widgets, *scene.buttons.children])
    keys = [text.key for _, text in explained]
    for must in ("results.explain.heading", "ui.results.explain.winner", "results.explain.game_number",
                 "results.explain.rematch", "results.explain.menu"):
        assert must in keys, f"{game_id}: {must} not shown"
    assert keys.count("ui.results.explain.column") >= len(seats), f"{game_id}: a player's column is not explained"
    if result.scores is not None:
        assert "ui.results.explain.chart" in keys, f"{game_id}: the chart is not explained"
    else:
        assert "ui.results.explain.picture" in keys, f"{game_id}: the picture is not explained"
    # every row of every table drawn ("Hand 1", "Hands won", the total ...) is explained
    rows = len(scene.view.table_rows()) + (len(scene.view.final_rows()) if result.final is not None else 0)
    row_keys = [k for k in keys if k.endswith(".explain") or k.startswith("ui.results.explain.")
                and k.rsplit(".", 1)[1] in ("row", "stat", "total", "place")]
    assert len(row_keys) == rows, f"{game_id}: {len(row_keys)} rows explained of {rows}"
    assert hover_shows(app, scene, scene.number_rect) == tr("results.explain.game_number", n=4242)
    check_f1(app, scene)


def test_the_saved_games_list_explains_every_row_and_button(app):
    from game.i18n import tr
    write_game("playa-pirata", ["Anna", "Ben"], 6, "2024-05-01T09:15:00+00:00")
    write_game("pirateer", ["Clara", "Dino"], 4, "2024-03-14T18:30:00+00:00")
    menu = open_menu(app)
    menu.continue_game()
    frames(app, 2)
    scene = app.stack.top
    assert scene.name == "saves" and len(scene.rows) == 2
    widgets = [*scene.focus.widgets, *scene.controls(), *(w for row in scene.rows for w in (row, *row.buttons)),
               scene.page_label, scene.many, scene.empty]
    check_explanations(scene, widgets)
    row = scene.rows[0]
    assert hover_shows(app, scene, row.art) == tr("saves.explain.row", game=Text.of(row.entry.name_key))
    check_f1(app, scene)
    scene.ask_delete(row.game)          # "Delete this game?" explains itself too
    frames(app, 2)
    ask = app.stack.top
    check_explanations(ask, panel_widgets(ask))
    check_f1(app, ask)


def rests_and_shows(app, scene, target, ticks: int = 400) -> str | None:
    """What the pointer resting on ``target`` shows when the app runs its real main loop (``App.tick``: an idle app
    sleeps and draws nothing until something moves or an event comes), one motion event and then only ticks."""
    rect = target.rect if isinstance(target, Widget) else target
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(1, 0), buttons=(0, 0, 0)))
    start = app.clock.now()
    for _ in range(ticks):
        app.tick()
        if scene.tooltip.text is not None:
            assert app.clock.now() - start < scene.tooltip.delay + 0.5    # shown on time, not a moment later
            return scene.tooltip.text
    return None


def test_a_resting_pointer_shows_the_explanation_in_the_real_loop_of_every_scene(app):
    """Found by a newcomer in a real window: on the menu, setup, settings, pause and saved games a pointer resting
    still showed nothing (the idle loop drew no frame, so the tip's delay never passed); only a moving pointer
    did. Here only the main loop runs: one motion onto a thing, then nothing."""
    from game.scenes.pause import PauseScene
    from game.scenes.saved_games import SavedGamesScene
    from game.scenes.settings import SettingsScene
    from game.scenes.setup import SetupScene
    write_game("playa-pirata", ["Anna", "Ben"], 6, "2024-05-01T09:15:00+00:00")
    menu = open_menu(app)
    tile = next(t for t in menu.tiles if t.entry.available)
    assert rests_and_shows(app, menu, pygame.Rect(tile.rect.x, tile.rect.y, tile.rect.w, tile.rect.h // 3))
    scenes = [SettingsScene(app), SetupScene(app, tile.entry), SavedGamesScene(app)]
    for scene in scenes:
        app.stack.push(scene, fade=False)
        frames(app, 2)
        explained = [t for t, _ in scene.explanations() if isinstance(t, Widget) and t.visible]
        assert rests_and_shows(app, scene, explained[0]), scene.name
        app.stack.pop()
    table = start_table(app, "playa-pirata", ["human", "easy"])
    pause = PauseScene(app, table)
    app.stack.push(pause, fade=False)
    frames(app, 2)
    assert rests_and_shows(app, pause, next(t for t, _ in pause.explanations() if isinstance(t, Widget)))
