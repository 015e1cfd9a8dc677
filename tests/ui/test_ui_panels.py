"""Log panel, privacy screen, results view, countdown, dice, sounds."""
from __future__ import annotations

import pygame

from game.core.protocol import LogEntry, Result, Text
from game.i18n import set_language, tr
from game.ui.countdown import CountdownWidget, format_time
from game.ui.dice import DiceWidget
from game.ui.logpanel import LogPanel
from game.ui.privacy import PrivacyScreen
from game.ui.results_view import ResultsView
from game.ui.sound import SoundBank
from ui_events import down, drive, motion, up, wheel

SECRET = (255, 0, 255)


def _log(n: int) -> LogPanel:
    log = LogPanel(pygame.Rect(900, 20, 360, 300))
    for i in range(n):
        log.add(LogEntry(i % 4 if i % 5 else None, Text.of("ui.drag.not_here")))
    return log


def test_log_panel_wheel_scroll_and_auto_follow(screen):
    log = _log(60)
    log.draw(screen)
    assert log.at_bottom and log.max_scroll() > 0
    drive(log.handle, [motion((1000, 100), False), wheel(2)])
    assert log.scroll > 0 and not log.at_bottom
    before = log.scroll
    log.add(LogEntry(0, Text.of("ui.results.total")))
    log.draw(screen)
    assert log.scroll > before  # reading old lines: the view stays where it is
    log.scroll_to_end()
    log.add(LogEntry(1, Text.of("ui.results.total")))
    log.draw(screen)
    assert log.at_bottom  # following: the newest line stays in view
    drive(log.handle, [wheel(-50)])
    assert log.at_bottom


def test_log_panel_drag_scroll_and_wheel_outside(screen):
    log = _log(60)
    log.draw(screen)
    drive(log.handle, [motion((100, 100), False), wheel(3)])
    assert log.at_bottom  # the wheel over another part of the screen does not scroll the log
    drive(log.handle, [down((1000, 100)), motion((1000, 180)), up((1000, 180))])
    assert log.scroll == 80


def _drawn(log: LogPanel, size=(1280, 720)) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill((30, 90, 120))
    pygame.draw.circle(surface, (200, 180, 40), (905, 25), 30)      # something under the frame's corner
    log.draw(surface)
    return surface


def _fresh_twin(log: LogPanel) -> LogPanel:
    twin = LogPanel(pygame.Rect(log.rect))
    twin.expandable, twin.expanded, twin.seat_colours = log.expandable, log.expanded, list(log.seat_colours)
    for entry in log.entries:
        twin.add(entry)
    twin._ensure_layout()
    twin.scroll = log.scroll
    return twin


def test_log_panel_kept_picture_is_what_a_fresh_drawing_shows(screen):
    """The log is painted on a layer of its own and blitted each frame: after new lines, a scroll, a grown
    panel and a language change, the frame is pixel for pixel what a panel drawn for the first time shows."""
    log = _log(40)
    log.expandable = True
    _drawn(log)
    steps = [lambda: log.add(LogEntry(2, Text.of("ui.results.total"))),
             lambda: log.scroll_by(60),
             lambda: log.expand(True),
             lambda: set_language("it"),
             lambda: log.shrink(),
             lambda: log.clear(),
             lambda: log.add(LogEntry(None, Text.of("ui.yes")))]
    try:
        for step in steps:
            before = pygame.image.tobytes(_drawn(log), "RGB")
            step()
            after = _drawn(log)
            assert pygame.image.tobytes(after, "RGB") == pygame.image.tobytes(_drawn(_fresh_twin(log)), "RGB")
            assert pygame.image.tobytes(after, "RGB") != before          # the change is on screen
    finally:
        set_language("en")


def test_log_panel_translates_at_draw_time(screen):
    log = LogPanel(pygame.Rect(900, 20, 360, 300))
    log.sync([LogEntry(0, Text.of("ui.results.total"))])
    log.draw(screen)
    assert log._layout[0][0] == ["Total"]
    set_language("it")
    try:
        log.draw(screen)
        assert log._layout[0][0] == ["Totale"]
    finally:
        set_language("en")
    entries = [LogEntry(0, Text.of("ui.results.total")), LogEntry(1, Text.of("ui.yes"))]
    log.sync(entries)
    assert len(log.entries) == 2
    log.sync(entries[:1])  # after an undo the log rebuilds
    assert len(log.entries) == 1


def test_log_panel_shows_only_the_new_viewers_lines_after_a_hand_over(screen):
    """Anna's private line must go when Ben sits down, even when his log is as long as hers and ends
    with the same public line."""
    public = LogEntry(None, Text.of("ui.yes"))
    anna_log = [LogEntry(0, Text.of("pp.log.bury_private", spot=2, treasure=3)), public]
    ben_log = [LogEntry(1, Text.of("pp.log.bury_private", spot=1, treasure=5)), public]
    log = LogPanel(pygame.Rect(900, 20, 360, 300))
    log.sync(anna_log, viewer=0)
    log.draw(screen)
    log.sync(ben_log, viewer=1)
    assert log.entries == ben_log
    log.draw(screen)
    assert [" ".join(lines) for lines, _ in log._layout] == [tr(e.text) for e in ben_log]
    log.sync(ben_log + [public], viewer=1)  # the same viewer: only the new line is added
    assert log.entries == ben_log + [public]


def test_log_panel_keeps_a_public_log_for_the_next_viewer_from_its_newest_line(screen):
    log = _log(60)
    entries = list(log.entries)
    log.sync(entries, viewer=0)
    log.draw(screen)
    layout = log._layout
    log.scroll_by(200)  # Anna reads older lines
    log.sync(entries, viewer=1)
    log.draw(screen)
    assert log._layout is layout and log.at_bottom  # nothing to rebuild, and Ben starts at the newest


def test_privacy_screen_covers_everything_and_reveals(screen):
    revealed = []
    cover = PrivacyScreen(revealed.append)
    cover.show(2, "Niccolò")
    screen.fill(SECRET)
    cover.draw(screen)
    w, h = screen.get_size()
    pixels = {tuple(screen.get_at((x, y)))[:3] for x in range(0, w, 16) for y in range(0, h, 16)}
    assert SECRET not in pixels
    assert tr(Text.of("ui.privacy.pass_to", name="Niccolò")) == "Pass to Niccolò"
    # clicks on the table do not get through, and the cover stays up
    assert drive(cover.handle, [down((5, 5)), up((5, 5))]) == [True, True]
    assert cover.active and revealed == []
    b = cover.button.rect.center
    drive(cover.handle, [motion(b, False), down(b), up(b)])
    assert revealed == [2] and not cover.active


def test_results_view_with_points(screen):
    res = Result.from_scores([14, 9, 17], breakdown=[[("ui.yes", 10), ("ui.no", 4)], [("ui.yes", 6), ("ui.no", 3)],
                                                       [("ui.yes", 12), ("ui.no", 5)]],
                             stats={"ui.results.place": [1, 2, 3]})
    view = ResultsView(res, ["Anna", "Bruno", "Carla"], pygame.Rect(100, 100, 1000, 500))
    rows = view.table_rows()
    assert [r[0] for r in rows] == ["yes", "no", "Total", "Place"]
    assert rows[2] == ("Total", ["14", "9", "17"], "total")
    assert view.winner_text() == "Carla wins!"
    screen.fill((0, 0, 0))
    view.draw(screen)
    assert screen.get_at((600, 350))[:3] != (0, 0, 0)


def test_results_view_without_points(screen):
    res = Result(winners=[0], ranks=[1, 2], how=Text.of("ui.drag.not_here"),
                 stats={"ui.results.total": [3, 1], "ui.yes": [True, False]})
    view = ResultsView(res, ["Anna", "Bruno"], pygame.Rect(100, 100, 900, 400))
    rows = view.table_rows()
    assert rows[0][2] == "place" and rows[0][1] == ["#1", "#2"]
    assert rows[2][1] == ["yes", "no"]
    view.draw(screen)
    tie = Result(winners=[0, 1], ranks=[1, 1], scores=[5, 5], breakdown=[])
    assert "Anna, Bruno" in ResultsView(tie, ["Anna", "Bruno"]).winner_text()
    ResultsView(tie, ["Anna", "Bruno"], pygame.Rect(0, 0, 960, 540)).draw(screen)


def test_countdown_format_ticks_and_pause(screen):
    assert format_time(83) == "1:23" and format_time(9.2) == "0:10" and format_time(0) == "0:00"
    cd = CountdownWidget(pygame.Rect(10, 10, 140, 60))
    t = 15.0
    while t > 0:
        cd.set_remaining(t)
        cd.update(0.1)
        cd.draw(screen)
        t -= 0.1
    cd.set_remaining(0)
    assert cd.ticks == 10  # one per whole second in the last ten
    cd.paused = True
    cd.set_remaining(5)
    cd.draw(screen)
    assert not cd.warning


def test_dice_roll_settles_on_the_given_values(screen):
    settled = []
    dice = DiceWidget([1, 1], pygame.Rect(100, 100, 200, 90))
    dice.roll([4, 6], on_settle=lambda: settled.append(1))
    assert dice.rolling
    for _ in range(20):
        dice.update(0.05)
        dice.draw(screen)
    dice.update(1.0)
    assert not dice.rolling and dice.values == [4, 6] and settled == [1]


def test_sound_bank_never_crashes(tmp_path):
    bank = SoundBank(volume=150, root=tmp_path)  # no files at all
    assert bank.volume == 100
    bank.play("click")
    bank.set_volume(-5)
    assert bank.volume == 0
    bank.set_muted(True)
    bank.play("dice")
    (tmp_path / "broken.wav").write_bytes(b"not a wav")
    bank.set_muted(False)
    bank.set_volume(50)
    bank.play("broken")
    assert bank.played[-1] == "broken"


def test_results_of_a_match_show_its_last_hand_beside_the_match_totals(screen):
    """Issue 16: the results show the final hand's breakdown as well as the match, each under its own title."""
    from game.core.protocol import Part
    from tests.support.minigame import RULES
    from game.core.rng import Rng
    state = RULES.new_game(2, {"hands": 2}, 3)
    rng = Rng(5)
    while not state.is_over():
        legal = state.legal_actions(state.current_player)
        state.apply(rng.choice(legal))
    res = state.result()
    last = state.hand_results[-1]
    assert res.final is not None and res.final.title == Text.of("match.final", number=2, of=2)
    assert res.final.scores == list(last.scores) and res.final.breakdown == [list(r) for r in last.breakdown]
    assert Result.from_json(res.to_json()) == res                       # kept in saves and reports
    assert Result.from_json({k: v for k, v in res.to_json().items() if k != "final"}).final is None  # old JSON
    view = ResultsView(res, ["Anna", "Bruno"], pygame.Rect(100, 100, 1000, 500))
    rows = view.final_rows()
    assert rows[-1] == ("Total", [str(int(v)) if float(v).is_integer() else str(v) for v in last.scores], "total")
    assert len(rows) == len(last.breakdown[0]) + 1
    assert view.final_best() == {i for i, v in enumerate(last.scores) if v == max(last.scores)}
    screen.fill((0, 0, 0))
    view.draw(screen)
    assert screen.get_at((900, 400))[:3] != (0, 0, 0)
    part = Part(Text.of("match.final", number=1, of=1), [1.0, 2.0], [[("ui.yes", 1)], [("ui.yes", 2)]])
    assert Part.from_json(part.to_json()) == part


def test_results_of_a_game_without_points_show_the_board_at_the_end(screen):
    res = Result(winners=[0], ranks=[1, 2], stats={"ui.yes": [1, 0]})
    view = ResultsView(res, ["Anna", "Bruno"], pygame.Rect(100, 100, 1000, 500))
    board = pygame.Surface((400, 300))
    board.fill((10, 200, 30))
    view.picture = (board, Text.of("ui.results.final_board"))
    screen.fill((0, 0, 0))
    view.draw(screen)
    right = [screen.get_at((x, 420))[:3] for x in range(700, 1080, 10)]
    assert (10, 200, 30) in right                                        # the board is drawn on the right
