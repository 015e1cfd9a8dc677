"""R13 on the Pirateer table (issue 16, the newcomer's findings): a roll that leaves no move says why in the rule's
words, holds the next seat while it shows (gone when that seat starts), and on a human's own roll waits for their
OK before the table passes the turn; bots' no-move turns keep the pace of their other actions."""
from __future__ import annotations

import pygame
import pytest

from game.core.events import log_of
from game.games.pirateer import effects as fx
from game.games.pirateer.rules import END, START, Roll, no_move_reason
from game.i18n import set_language, tr
from tests.app.conftest import app, click, frames, key  # noqa: F401 - the app fixture
from tests.games.pirateer.helpers import game, sid
from tests.games.pirateer.test_scene import table_at

#: Spanish ship 1 near its harbour, 6 and 6 to come: no line of 6 squares is open (the turn passes, E3)
STUCK = {"Sp1": (2, 8), "Fr1": (10, 0)}
#: ... on a dock: nothing moves, but the treasure may still be taken (R13)
DOCKED = {"Sp1": (8, 10), "Fr1": (10, 0)}


def banners(scene) -> list[fx.Banner]:
    return [c for c in scene.timeline.clips(fx.Banner)]


def wait(app, scene, seconds: float) -> None:
    """``seconds`` of table time, a frame at a time (1/60 s each)."""
    for _ in range(int(seconds * 60)):
        frames(app, 1)


def test_the_engine_says_why_no_ship_moves_in_the_rules_words():
    s = game(STUCK, next_rolls=[[6, 6]])
    s.apply(Roll(0))
    forfeit = next(e for e in s.events if e.kind == "forfeit")
    assert forfeit.get("none") and forfeit.get("why") == no_move_reason([6, 6])
    line = tr(log_of(s.events)[-1].text)
    assert line == "Spanish: no legal move – no ship can sail 6 squares."
    assert tr(no_move_reason([5, 3])) == "no ship can sail 3 or 5 squares"
    assert tr(no_move_reason([1, 1])) == "no ship can sail 1 square"
    assert tr(no_move_reason([2, 5, 3])) == "no ship can sail 2, 3 or 5 squares"        # V2.1: three dice
    set_language("it")
    try:
        assert tr(no_move_reason([6, 6])) == "nessuna nave può muoversi di 6 caselle"
        assert tr(no_move_reason([3, 5])) == "nessuna nave può muoversi di 3 o 5 caselle"
        assert tr(log_of(s.events)[-1].text) == \
            "Spagnoli: nessuna mossa possibile – nessuna nave può muoversi di 6 caselle."
    finally:
        set_language("en")


@pytest.mark.parametrize("how", ["click", "enter"])
def test_a_humans_own_no_move_says_why_and_waits_for_ok_before_the_turn_passes(app, how):
    scene = table_at(app, game(STUCK, next_rolls=[[6, 6]]), ["human", "easy", "easy", "easy"])
    g = scene.game
    key(app, pygame.K_SPACE)
    assert g.current == 1 and g.phase == START                 # the engine passed the turn at once (R13)
    (banner,) = banners(scene)
    assert banner.text == tr("pir.ui.no_move")
    assert banner.sub == "P0 rolled 6 and 6: no ship can sail 6 squares."
    assert banner.more == "The turn passes to P1."
    actions = len(scene.session.actions)
    app.clock.advance(60.0)                                    # a minute: it waits, and so does the next seat
    wait(app, scene, 3.0)
    assert banners(scene) == [banner] and len(scene.session.actions) == actions
    assert scene.no_move_held() == (0, 1)
    # the panel still heads P0's turn and says what to do; the banner and its OK explain themselves
    assert scene.shown_turn() == (1, 0)
    assert scene.panel.prompt_text() == tr("pir.ui.no_move_prompt", name="P0")
    frames(app, 1)
    said = {t.key for _, t, _ in scene.explained}
    assert {"pir.explain.no_move_banner", "pir.explain.no_move_ok"} <= said
    box = banner.box()
    assert scene.view.rect.contains(box) and box.contains(scene.no_move_ok.rect)
    # a click elsewhere on the table does not pass it (nor does a skip of the timeline)
    click(app, scene.view.anchor_point(g.ships[sid("Sp1")]))
    scene.timeline.skip()
    assert banners(scene) == [banner]
    if how == "click":
        click(app, scene.no_move_ok.rect.center)
    else:
        key(app, pygame.K_RETURN)
    assert banners(scene) == [] and scene.no_move_held() is None
    assert scene.shown_turn() == (2, 1)
    for _ in range(600):                                       # now P1 plays
        if len(scene.session.actions) > actions:
            break
        frames(app, 1)
    assert len(scene.session.actions) > actions


def test_a_no_move_that_leaves_a_take_open_does_not_pass_the_turn(app):
    scene = table_at(app, game(DOCKED, next_rolls=[[6, 6]]), ["human"] * 4)
    key(app, pygame.K_SPACE)
    assert scene.game.phase == END and scene.game.current == 0
    (banner,) = banners(scene)
    assert banner.sub == "P0 rolled 6 and 6: no ship can sail 6 squares."
    assert banner.more == tr("pir.ui.no_move_take") and not banner.held and scene.no_move_held() is None
    wait(app, scene, 1.0)                                      # the dice lie still
    scene._refresh_buttons()
    assert scene.take_button.visible and scene.end_button.visible       # R13: take it or end the turn
    key(app, pygame.K_t)
    assert banners(scene) == []                                          # gone with the next action


def test_a_bots_no_move_holds_the_next_seat_while_it_shows_then_the_usual_pause(app):
    app.bot_delay = None
    app.settings.bot_speed = "normal"
    from game.scenes.table import BOT_PAUSE
    scene = table_at(app, game(STUCK, next_rolls=[[6, 6]]), ["easy"] * 4)
    g = scene.game
    for _ in range(600):
        frames(app, 1)
        if any(e.kind == "forfeit" for e in g.events):
            break
    (banner,) = banners(scene)
    assert banner.sub == "P0 rolled 6 and 6: no ship can sail 6 squares." and banner.blocking and not banner.held
    assert banner.more == "The turn passes to P1."
    shown_from = app.clock.now()
    rolled = len([e for e in g.events if e.kind == "rolled"])
    gone = None
    for _ in range(1200):
        frames(app, 1)
        if gone is None and not banners(scene):
            gone = app.clock.now()
        if len([e for e in g.events if e.kind == "rolled"]) > rolled:
            break
    started = app.clock.now()                                   # P1 rolls ...
    assert gone is not None and gone <= started                # ... after the banner is gone
    assert started - gone >= BOT_PAUSE["normal"] - 2 / 60       # ... and the usual pause after it
    assert started - shown_from >= 2.0                          # time to read it
    assert started - shown_from <= fx.ROLL_SECONDS + 2.4 + BOT_PAUSE["normal"] + 0.2   # ... and no longer


def test_the_banner_reads_in_italian_and_fits_a_small_window(app):
    set_language("it")
    try:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=960, h=540, size=(960, 540)))
        frames(app, 1)
        scene = table_at(app, game(STUCK, next_rolls=[[6, 6]]), ["human", "easy", "easy", "easy"])
        frames(app, 2)
        key(app, pygame.K_SPACE)
        wait(app, scene, 1.0)
        (banner,) = banners(scene)
        assert banner.sub == "P0 ha tirato 6 e 6: nessuna nave può muoversi di 6 caselle."
        assert banner.more == "Il turno passa a P1."
        assert scene.view.rect.contains(banner.box()) and banner.box().contains(scene.no_move_ok.rect)
        assert scene.panel.prompt_text().startswith("P0: con questo tiro nessuna nave può muoversi")
    finally:
        set_language("en")
