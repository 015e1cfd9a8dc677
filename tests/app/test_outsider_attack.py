"""Crashes an outsider found by attacking the app (issue 12): each reproduced as a player or a hand-edited
file would, through real pygame events and real files on disk."""
from __future__ import annotations

import json

import pygame
import pytest

from game import games
from game.scenes.error import ErrorScene
from tests.app.conftest import app, click, drag, frames, start_table  # noqa: F401 - the app fixture

LONG = 200_000


def resize(app, w: int, h: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
    frames(app, 1)


def assert_no_crash(app) -> None:
    assert not isinstance(app.stack.top, ErrorScene), getattr(app.stack.top, "message", None)


# --- 1. a tall, narrow window ---------------------------------------------------------------------------
def test_a_tall_narrow_window_lays_out_island_races_turn_buttons(app):
    resize(app, 960, 1440)
    scene = start_table(app, "island-race", ["human", "easy"])
    for _ in range(4):
        scene.mark_dirty()
        frames(app, 1)
    assert_no_crash(app)
    from tests.support.layout_check import text_problems
    window = app.screen_rect()
    for b in scene._control_buttons():
        if b.visible:
            assert b.rect.w > 0 and b.rect.h > 0 and window.contains(b.rect)
            assert not text_problems(b)  # its label fits: the button is sized for the scale of its text


def test_a_tall_narrow_window_shows_playas_beach_cards_as_they_flip(app):
    resize(app, 960, 1440)
    scene = start_table(app, "playa-pirata", ["easy", "easy", "easy", "easy"], seed=7)
    flips = 0
    for _ in range(6000):  # the bots bury treasures, then play pirates: a Map flips a beach card over
        if isinstance(app.stack.top, ErrorScene) or scene.session.is_over():
            break
        flips += sum(1 for kind, _ in scene.spot_anims.values() if kind == "flip")
        if flips and len(scene.hand_view(None).beach) >= 4:
            frames(app, 30)  # the flip runs to its end
            break
        if scene.hand_end is not None:
            scene.timeline.skip()  # the sunset and the bots' pause after it end now
        frames(app, 1)
    assert_no_crash(app)
    assert flips and len(scene.hand_view(None).beach) >= 4
    for r in scene.spot_rects:
        assert r.w > 0 and r.h > 0 and scene.beach.contains(r)


@pytest.mark.parametrize("asked, got", [((5000, 3000), (3840, 3000)), ((1200, 6000), (1200, 3840)),
                                        ((400, 4000), (960, 3840))])
def test_the_window_never_grows_beyond_3840_on_its_longest_side(app, asked, got):
    resize(app, *asked)
    assert app.screen.get_size() == got == app.window_size


def test_the_ui_scale_follows_the_narrower_side_of_a_portrait_window(app):
    from game.ui import theme
    open_setup(app)
    resize(app, 960, 1440)
    assert theme.scale() == pytest.approx(0.75)  # as wide as the smallest window: as small a scale
    resize(app, 1280, 720)
    assert theme.scale() == pytest.approx(1.0)


# --- 2. the seed field ----------------------------------------------------------------------------------
def open_setup(app, game_id="playa-pirata"):
    from game.scenes.setup import SetupScene
    app.stack.push(SetupScene(app, games.get(game_id)), fade=False)
    frames(app, 2)
    return app.stack.top


def type_into(app, widget, text: str) -> None:
    click(app, widget.rect.center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app, 1)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_superscript_two_in_the_seed_field_is_refused_with_a_message(app, lang):
    from game.i18n import set_language, tr
    from game.scenes.setup import SetupScene
    set_language(lang)
    setup = open_setup(app)
    type_into(app, setup.seed_input, "\u00b2")  # "²": its own key on French keyboards
    assert_no_crash(app)
    assert isinstance(app.stack.top, SetupScene)
    assert setup.seed_input.text == "\u00b2"
    assert not setup.start.enabled
    assert tr("setup.err.seed") in setup.problems.text
    frames(app, 2)
    assert_no_crash(app)


@pytest.mark.parametrize("text", ["42", " 7 ", "-12", "+5", "1_000", "\u0661\u0662", "\uff19"])
def test_the_seed_field_accepts_whatever_int_parses(app, text):
    setup = open_setup(app)
    type_into(app, setup.seed_input, text)
    assert setup.start.enabled, setup.problems.text
    click(app, setup.start.rect.center)
    frames(app, 2)
    assert_no_crash(app)
    assert app.stack.top.session.seed == int(text)


@pytest.mark.parametrize("text", ["\u00b2", "1.5", "1e3", "0x10", "12a", "1__0", "\u00bd"])
def test_the_seed_field_refuses_what_int_does_not_parse(app, text):
    setup = open_setup(app)
    type_into(app, setup.seed_input, text)
    assert_no_crash(app)
    assert not setup.start.enabled
    click(app, setup.start.rect.center)
    assert app.stack.top is setup


def test_a_bad_remembered_seed_is_dropped_when_setup_opens(app):
    app.settings.last_setup["playa-pirata"] = {"players": 2, "seed": "\u00b2"}
    setup = open_setup(app)
    assert_no_crash(app)
    assert setup.model.seed_text == "" and setup.seed_input.text == "" and setup.start.enabled


def test_a_good_remembered_seed_is_kept(app):
    app.settings.last_setup["playa-pirata"] = {"players": 2, "seed": "-9"}
    setup = open_setup(app)
    assert setup.model.seed_text == "-9" and setup.model.seed() == -9


# --- 3. settings nested very deep ----------------------------------------------------------------------
def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.mark.parametrize("where", ["last_setup", "unknown", "beyond_the_parser"])
def test_deeply_nested_settings_are_kept_aside_and_writes_keep_working(where):
    from game.app import App
    from game.settings import settings_path
    path = settings_path()
    if where == "last_setup":
        raw = '{"version": 1, "volume": 30, "last_setup": {"playa-pirata": {"options": ' + deep(950) + "}}}"
    elif where == "unknown":
        raw = '{"version": 1, "volume": 30, "zzz": {"a": ' + deep(950) + "}}"
    else:
        raw = '{"version": 1, "volume": 30, "last_setup": {"x": ' + deep(100_000) + "}}"
    path.write_text(raw, encoding="utf-8")
    application = App(headless=True, lang="en")
    try:
        assert application.settings.volume == 80  # the defaults
        assert application.toasts.texts()  # the notice is on screen
        bad = path.with_name("settings.json.bad")
        assert bad.read_text(encoding="utf-8") == raw
        application.settings.volume = 55
        application.save_settings()
        assert json.loads(path.read_text(encoding="utf-8"))["volume"] == 55
        assert len(application.toasts.texts()) == 1  # no "could not save" notice
    finally:
        application.shutdown()


def test_a_settings_write_never_raises_on_data_nested_too_deep():
    from game.settings import Settings, save_settings
    settings = Settings(language="en")
    nested: list = []
    for _ in range(5000):
        nested = [nested]
    settings.last_setup = {"x": {"options": nested}}
    assert save_settings(settings) is not None  # a notice, not an exception


# --- 4. a 200,000-character seat name -----------------------------------------------------------------
class Measured:
    """Counts what the fonts measure and render (a font made while this is installed counts)."""

    def __init__(self, monkeypatch, budget: int):
        self.chars = 0
        self.calls = 0
        self.budget = budget
        self.rendered: list[str] = []
        outer = self
        base = pygame.font.Font

        class CountingFont(base):  # type: ignore[misc, valid-type]
            def size(self, text):
                outer.calls += 1
                outer.chars += len(text)
                if outer.chars > outer.budget:
                    raise AssertionError("too many font measurements")
                return base.size(self, text)

            def render(self, text, *args, **kwargs):
                outer.rendered.append(str(text))
                return base.render(self, text, *args, **kwargs)

        monkeypatch.setattr(pygame.font, "Font", CountingFont)
        from game.ui import theme
        theme.clear_caches()


def test_wrapping_a_200000_character_word_measures_a_bounded_amount(app, monkeypatch):
    from game.ui import theme
    m = Measured(monkeypatch, budget=50_000_000)
    f = theme.font("text", 16)
    lines = theme.wrap_text("x" * 20_000, f, 200)
    assert "".join(lines) == "x" * 20_000
    assert all(f.size(line)[0] <= 200 for line in lines)
    per_line = m.calls / len(lines)
    assert per_line < 40  # a binary search, not one measurement per character cut
    m.calls = m.chars = 0
    lines = theme.wrap_text("y" * LONG, f, 300)
    assert "".join(lines) == "y" * LONG and m.chars < 40 * LONG


def test_shown_name_shortens_long_names_with_an_ellipsis():
    from game.i18n import MAX_SHOWN_NAME, shown_name
    assert shown_name("Anna") == "Anna"
    assert shown_name("A" * MAX_SHOWN_NAME) == "A" * MAX_SHOWN_NAME
    clipped = shown_name("B" * LONG)
    assert len(clipped) == MAX_SHOWN_NAME and clipped.endswith("\u2026")


def long_name_table(app, game_id: str, kinds: list[str], seed: int = 3):
    from game.core.session import Seat
    from game.scenes.setup import make_table_scene
    names = ["Q" * LONG if i == 0 else f"P{i}" for i in range(len(kinds))]
    seats = [Seat(names[i], "human" if k == "human" else "bot", None if k == "human" else k, i)
             for i, k in enumerate(kinds)]
    scene = make_table_scene(app, games.get(game_id), seats, {}, seed)
    app.stack.push(scene, fade=False)
    return scene


@pytest.mark.parametrize("game_id, kinds", [
    ("playa-pirata", ["human", "easy", "easy"]),
    ("island-race", ["human", "easy", "easy"]),
    ("pirateer", ["human", "easy", "easy"]),
])
def test_a_200000_character_seat_name_is_drawn_clipped(app, monkeypatch, game_id, kinds):
    from game.i18n import MAX_SHOWN_NAME
    m = Measured(monkeypatch, budget=20 * LONG)
    scene = long_name_table(app, game_id, kinds)
    for _ in range(30):
        scene.mark_dirty()
        frames(app, 1)
    assert_no_crash(app)
    assert m.rendered  # the table was drawn
    assert all("Q" * MAX_SHOWN_NAME not in text for text in m.rendered)
    assert any("Q" * (MAX_SHOWN_NAME - 1) + "\u2026" in text for text in m.rendered)


def test_the_privacy_screen_names_a_long_named_player_clipped(app):
    from game.i18n import MAX_SHOWN_NAME
    from game.ui.privacy import PrivacyScreen
    cover = PrivacyScreen()
    cover.show(0, "Q" * LONG)
    assert cover.name == "Q" * (MAX_SHOWN_NAME - 1) + "\u2026"
    cover.draw(app.screen)


def test_the_setup_name_field_refuses_to_grow_beyond_its_limit(app):
    from game.scenes.setup_model import MAX_NAME
    setup = open_setup(app)
    name = setup.rows[0].name
    click(app, name.rect.center)
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="W" * 40))
        frames(app, 1)
    assert len(name.text) == MAX_NAME and len(setup.model.seats[0].name) == MAX_NAME
