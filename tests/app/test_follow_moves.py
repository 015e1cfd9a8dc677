"""Follow every move (issue 16), what the shared table does for every turn-based game: the bots' pace after each
animation, "thinking" only while a search runs, each seat's last move, the recap of the other seats' turns when a
human's turn starts and its Replay. Driven on the tests' card game (tests/support/minigame)."""
from __future__ import annotations

import pygame

from game.core.events import Event, last_moves, since, turns_of
from game.i18n import tr
from game.ui.timeline import Clip
from tests.app.conftest import click, frames, minigame_table


def _table(app, minigame_entry, kinds=("human", "easy"), seed=4):
    return minigame_table(app, minigame_entry, kinds, seed)


def _until(app, scene, test, limit=3000):
    for _ in range(limit):
        if test():
            return True
        frames(app, 1)
    return test()


def _play_turn(app, scene):
    """The human on turn plays legal actions until the turn passes."""
    seat = scene.my_turn()
    assert seat is not None
    while scene.my_turn() == seat and not scene.finished:
        assert scene.play(scene.legal()[0])
        frames(app, 1)


# The engine's story cut into turns -----------------------------------------------------------------------------
def test_turns_are_cut_at_each_turn_event_and_a_seats_last_move_stays_until_it_moves_again():
    events = [Event.of("dealt"), Event.of("turn", 0), Event.of("played", 0, card=3), Event.of("turn", 1),
              Event.of("played", 1, card=4), Event.of("turn", 0)]
    assert [(t.seat, t.start, t.end) for t in turns_of(events)] == [(None, 0, 1), (0, 1, 3), (1, 3, 5), (0, 5, 6)]
    moves = last_moves(events)
    assert (moves[0].start, moves[0].end) == (1, 3)     # seat 0's new turn has no move yet: the last one stays
    assert (moves[1].start, moves[1].end) == (3, 5)
    events.append(Event.of("played", 0, card=5))
    assert (last_moves(events)[0].start, last_moves(events)[0].end) == (5, 7)   # it moved again: replaced
    assert [t.seat for t in since(events, 3, 0)] == [1]                # what seat 0 has not seen played out
    events += [Event.of("turn", 1), Event.of("rolled", 1, dice=(5, 6)), Event.of("forfeit", 1)]
    assert last_moves(events)[1].start == 3                            # a roll with no move: the last move stays
    assert [t.seat for t in since(events, 7, 0)] == [1]                # ... and the recap still says it rolled


# Pace ------------------------------------------------------------------------------------------------------------
def test_pace_each_bot_action_waits_0_6_s_after_the_last_animation_ends(app, minigame_entry):
    from game.scenes.table import BOT_PAUSE
    app.bot_delay = None
    app.settings.bot_speed = "normal"
    assert BOT_PAUSE["normal"] == 0.6
    scene = _table(app, minigame_entry, kinds=("easy", "easy"))
    clip = scene.timeline.play(Clip(0.0, 1.0))
    before = len(scene.session.actions)
    assert _until(app, scene, lambda: clip.done)
    ended = app.clock.now()
    assert _until(app, scene, lambda: len(scene.session.actions) > before)
    waited = app.clock.now() - ended
    assert 0.6 - 1e-6 <= waited <= 0.6 + 3 / 60
    # and the next action too: 0.6 s after its own animation (or after the action, when it has none)
    after_first = len(scene.session.actions)
    marks: list[float] = []
    for _ in range(600):
        frames(app, 1)
        if not scene.timeline.blocking and not marks:
            marks.append(app.clock.now())
        if len(scene.session.actions) > after_first:
            break
    assert marks and app.clock.now() - marks[0] >= 0.6 - 2 / 60


def test_pace_a_slow_setting_waits_longer_and_a_fast_one_less(app, minigame_entry):
    from game.scenes.table import BOT_PAUSE
    assert BOT_PAUSE["slow"] > BOT_PAUSE["normal"] > BOT_PAUSE["fast"] > 0


class _SlowWorker:
    """A bot worker whose answer comes when the test says."""

    def __init__(self):
        self.asked: list[int] = []
        self.answer = None

    def start(self):
        pass

    def close(self):
        pass

    def request(self, ref, seat, level, seed, view, budget):
        self.asked.append(seat)
        return len(self.asked)

    def poll(self):
        answer, self.answer = self.answer, None
        return answer


def test_thinking_shows_only_while_a_bots_search_runs(app, minigame_entry):
    scene = _table(app, minigame_entry, kinds=("human", "easy"))
    worker = _SlowWorker()
    app.inline_bots = False
    app._worker = worker
    _play_turn(app, scene)
    assert _until(app, scene, lambda: worker.asked)                    # the search runs ...
    assert scene.thinking() == 1 and scene.status_text() == tr("table.thinking", name="P1")
    bot = minigame_entry.package.bot("easy", 1, 5)
    worker.answer = (len(worker.asked), bot.choose(scene.state.view(1)).to_json())
    app.bot_delay = 5.0                                                 # ... its answer is in, the pace holds it
    frames(app, 2)
    assert scene.thinking() is None and scene.status_text() == tr("table.bot_turn", name="P1")
    assert tr("table.bot_turn", name="P1") != tr("table.thinking", name="P1")


# Last move -------------------------------------------------------------------------------------------------------
def test_last_move_each_seat_keeps_its_last_move_until_it_moves_again(app, minigame_entry):
    scene = _table(app, minigame_entry, kinds=("human", "easy"))
    _play_turn(app, scene)
    assert _until(app, scene, lambda: scene.my_turn() == 0)
    moves = scene.last_moves()
    assert set(moves) == {0, 1}
    mine = [e for _, e in moves[0] if e.kind == "played"]
    assert mine
    bots = [e for _, e in moves[1] if e.seat == 1 and e.kind == "drew" and e.get("pile") == "deck"]
    assert all(e.get("card") is None for e in bots)                     # the bot's drawn card is not the viewer's
    first = moves[1][0][0]
    _play_turn(app, scene)
    assert _until(app, scene, lambda: scene.my_turn() == 0)
    assert scene.last_moves()[1][0][0] > first                          # the bot moved again: its new move


# Recap and replay ------------------------------------------------------------------------------------------------
def test_recap_lists_what_the_others_did_since_the_humans_last_move_and_closes_when_they_move(app, minigame_entry):
    scene = _table(app, minigame_entry, kinds=("human", "easy", "easy"))
    _play_turn(app, scene)
    assert _until(app, scene, lambda: scene.my_turn() == 0)
    frames(app, 1)
    assert scene.recap.visible
    assert [seat for seat, _ in scene.recap.blocks] == [1, 2]           # each other seat's turn, in play order
    log = scene.log_lines(0)
    for _, lines in scene.recap.blocks:
        assert lines and all(line in log for line in lines)            # the viewer's log lines, nothing else
    assert scene.explanation_at(scene.recap.replay_button.rect.center)[1].key == "table.explain.recap_replay"
    _play_turn(app, scene)
    assert not scene.recap.visible


def test_recap_ok_closes_it_and_it_does_not_come_back_this_turn(app, minigame_entry):
    scene = _table(app, minigame_entry, kinds=("human", "easy"))
    _play_turn(app, scene)
    assert _until(app, scene, lambda: scene.recap.visible)
    click(app, scene.recap.ok_button.rect.center)
    frames(app, 3)
    assert not scene.recap.visible and scene.my_turn() == 0


def test_replay_plays_the_others_moves_again_with_their_animations_and_changes_nothing(app, minigame_entry):
    from tests.support.minigame_scene import FlyingCard, json_key
    scene = _table(app, minigame_entry, kinds=("human", "easy"))
    _play_turn(app, scene)
    assert _until(app, scene, lambda: scene.recap.visible)
    frames(app, 5)
    game_before, actions_before = json_key(scene.session.state), list(scene.session.actions)
    click(app, scene.recap.replay_button.rect.center)
    frames(app, 1)
    assert scene.replaying and scene.my_turn() is None
    assert scene.state is not scene.session.state
    flew = []
    for _ in range(2000):
        frames(app, 1)
        flew += [c.sprite.payload for c in scene.timeline.clips(FlyingCard)]
        if not scene.replaying:
            break
    assert not scene.replaying
    bot_cards = [a.card for a in actions_before if a.seat == 1 and hasattr(a, "card")]
    assert bot_cards and set(bot_cards) <= set(flew)                   # the bot's cards flew again
    assert json_key(scene.session.state) == game_before and scene.session.actions == actions_before
    assert scene.state is scene.session.state and scene.my_turn() == 0 and scene.recap.visible


def test_replay_stops_on_escape_and_the_game_is_as_it_was(app, minigame_entry):
    from tests.support.minigame_scene import json_key
    scene = _table(app, minigame_entry, kinds=("human", "easy"))
    _play_turn(app, scene)
    assert _until(app, scene, lambda: scene.recap.visible)
    before = json_key(scene.session.state)
    scene.replay()
    frames(app, 2)
    assert scene.replaying
    assert not scene.play(scene.session.state.legal_actions(0)[0])      # nothing is played while the past shows
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    frames(app, 2)
    assert not scene.replaying and json_key(scene.state) == before and scene.my_turn() == 0


def test_recap_and_marks_of_two_deals_the_viewer_cannot_tell_apart_are_the_same_pixels(app):
    """Secrets: the recap (and the marks under it) come from the viewer's events only. Playa Pirata, the viewer
    with the others' turns in its recap; the same frame drawn from a twin of the game (every secret of the others
    dealt again) must be the same, pixel for pixel."""
    from game import games
    from game.core.rng import Rng
    from game.core.session import Seat
    from game.scenes.setup import make_table_scene
    entry = games.get("playa-pirata")
    seats = [Seat("Anna", "human", None, 0), Seat("Ben", "bot", "easy", 1), Seat("Carla", "bot", "easy", 2)]
    scene = make_table_scene(app, entry, seats, {}, 11)
    app.stack.push(scene, fade=False)
    assert _until(app, scene, lambda: scene.recap.visible and not scene.timeline.active)
    _play_turn(app, scene)
    assert _until(app, scene, lambda: scene.recap.visible and not scene.timeline.active)
    assert len(scene.recap.blocks) == 2

    def frame():
        scene._recap_for = None
        scene.forget_explanations()
        frames(app, 1)
        scene._offer_recap()
        app.draw()
        return pygame.image.tobytes(app.screen, "RGB")

    first = frame()
    twin = entry.package.rules.twin(scene.session.state, 0, Rng(99))
    assert twin.to_json() != scene.session.state.to_json()              # the others' secrets are other ones
    scene.session.state = twin
    assert first == frame() and scene.recap.visible


def test_recap_shows_every_line_of_every_turn_when_it_has_the_room_and_says_where_the_rest_is_when_not(app):
    """Found by a newcomer: the recap dropped whole bot turns while the panel had room ("The log has 1 more
    lines.")."""
    from game.core.protocol import LogEntry, Text
    from game.ui.recap import RecapPanel
    lines = lambda seat: [LogEntry(seat, Text.of("table.undo")) for _ in range(5)]
    panel = RecapPanel(lambda: None, lambda: None)
    panel.set([(1, lines(1)), (2, lines(2)), (3, lines(3))], ["A", "B", "C", "D"], [0, 1, 2, 3])
    w, h = panel.preferred_size(330)
    panel.layout(pygame.Rect(900, 100, w, h))
    heads = [seat for kind, seat, _ in panel._drawn if kind == "head"]
    assert heads == [1, 2, 3] and len(panel._drawn) == 3 + 15 and panel._more == 0
    panel.layout(pygame.Rect(900, 100, w, h - 2 * panel.font.get_linesize()))   # less room: each turn cut
    heads = [seat for kind, seat, _ in panel._drawn if kind == "head"]
    assert heads == [1, 2, 3] and panel._more == 3 * (5 - 4)
    panel.layout(pygame.Rect(900, 100, w, 190))                # little room: every turn in a row, or the newest
    heads = [seat for kind, seat, _ in panel._drawn if kind in ("head", "lead")]
    assert heads and heads[-1] == 3 and panel._more > 0
    from game.i18n import tr
    assert "1 more lines" not in tr(Text.of("table.recap.more", count=1))


def test_recap_with_too_little_room_fills_it_with_the_turn_before_the_newest_ones_cut_to_fit(app):
    """Found by a newcomer: a recap dropped a whole turn ("5 more lines are in the log") and left a third of the
    panel empty."""
    from game.core.protocol import LogEntry, Text
    from game.ui.recap import RecapPanel
    lines = lambda seat, n: [LogEntry(seat, Text.of("table.undo")) for _ in range(n)]
    panel = RecapPanel(lambda: None, lambda: None)
    panel.set([(1, lines(1, 4)), (2, lines(2, 3)), (3, lines(3, 3))], ["A", "B", "C", "D"], [0, 1, 2, 3])
    w, h = panel.preferred_size(330)
    line_h = panel.font.get_linesize()
    for short in range(3, 8):                                    # 3 to 7 rows too few for everything
        panel.layout(pygame.Rect(900, 100, w, h - short * line_h))
        heads = [seat for kind, seat, _ in panel._drawn if kind == "head"]
        shown = sum(1 for kind, _, _ in panel._drawn if kind == "line")
        assert heads[-2:] == [2, 3] and panel._more == 10 - shown > 0
        room = (panel.rect.h - (h - (3 + 10 + 1) * line_h)) // line_h - 1   # rows the panel has, less "more"
        assert len(panel._drawn) >= room - 1, (short, len(panel._drawn), room)   # at most one row unused
        if heads[0] == 1:
            assert 0 < sum(1 for kind, seat, _ in panel._drawn if kind == "line" and seat == 1) < 4


def test_a_resumed_game_recaps_what_the_others_did_since_the_humans_last_move_before_it_was_saved(app, minigame_entry):
    from game.scenes.setup import resume_scene
    from tests.support.minigame_scene import json_key
    scene = _table(app, minigame_entry, kinds=("human", "easy", "easy"))
    _play_turn(app, scene)
    assert _until(app, scene, lambda: scene.my_turn() == 0)
    frames(app, 1)
    offered = [seat for seat, _ in scene.recap.blocks]
    save = scene.session.to_save()
    app.stack.pop()
    resumed = resume_scene(app, minigame_entry, save)
    app.stack.push(resumed, fade=False)
    frames(app, 2)
    assert resumed.recap.visible and [seat for seat, _ in resumed.recap.blocks] == offered == [1, 2]
    before = json_key(resumed.session.state)
    resumed.replay()                                                   # and it replays from the saved past
    frames(app, 1)
    assert resumed.replaying
    assert _until(app, resumed, lambda: not resumed.replaying)
    assert json_key(resumed.session.state) == before and resumed.my_turn() == 0


def test_a_resumed_game_whose_moves_no_longer_replay_opens_without_a_recap(app, minigame_entry):
    from game.scenes.setup import resume_scene
    scene = _table(app, minigame_entry, kinds=("human", "easy"))
    _play_turn(app, scene)
    assert _until(app, scene, lambda: scene.my_turn() == 0)
    save = scene.session.to_save()
    app.stack.pop()
    resumed = resume_scene(app, minigame_entry, save)
    resumed.session.seed += 1                   # another deal: the saved moves do not replay from it
    resumed._bases.clear()
    for seat in resumed.humans():
        resumed._bases[seat] = (resumed.session.state.clone(), 0, 0)
    resumed._resume_bases()
    app.stack.push(resumed, fade=False)
    frames(app, 2)
    assert resumed._bases[0][1] == len(resumed.session.actions)       # the table as it opened: nothing to recap
    assert resumed.my_turn() == 0 and not resumed.recap.visible and not resumed.replaying


def test_the_turn_named_never_runs_ahead_of_a_bots_last_move_still_playing_out(app, minigame_entry):
    app.bot_delay = None
    scene = _table(app, minigame_entry, kinds=("easy", "easy"))
    held = passed = 0
    for _ in range(1500):
        frames(app, 1)
        turns = [e.seat for e in scene.state.events if e.kind == "turn"]
        if len(turns) < 2 or scene.state.is_over():
            continue
        if scene.timeline.blocking and scene.state.events[-1].kind == "turn":   # the turn just passed: it plays out
            assert scene.turn_shown() == turns[-2] != scene.state.current_player
            assert scene.seat_name(turns[-2]) in scene.status_text()
            held += 1
        elif not scene.timeline.blocking:
            assert scene.turn_shown() == scene.state.current_player
            passed += 1
    assert held and passed


def test_a_humans_controls_and_recap_wait_until_the_bots_last_move_has_played_out(app, minigame_entry):
    """Found by a newcomer: the recap and the Roll button came up while the last bot's ship was still sailing,
    under a heading naming the bot."""
    app.bot_delay = None
    scene = _table(app, minigame_entry, kinds=("human", "easy", "easy"))
    _play_turn(app, scene)
    seen_hold = False
    for _ in range(3000):
        frames(app, 1)
        passed_to_me = scene.state.current_player == 0
        if passed_to_me and scene.timeline.blocking and scene.turn_shown() != 0:
            seen_hold = True
            assert scene.my_turn() is None and not scene.recap.visible and scene.legal() == []
        if passed_to_me and not scene.timeline.blocking:
            frames(app, 1)
            assert scene.my_turn() == 0 and scene.recap.visible
            break
    assert seen_hold
