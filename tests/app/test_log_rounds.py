"""Issue 16, item 4, on every turn-based table but Pirateer's (tests/games/pirateer/test_follow.py): at 1280×720 the
log shows every line of the last full round of turns at once, in both languages, and the mouse wheel scrolls it back
and forward. A bots-only game of four plays on the tests' clock until a round of turns is over, as each game's rules
count one: in Playa Pirata a round (every seat once, in the turn order, from the starting player; the round's own
"Round 3/6." line is in it); in Pirates, Planks & Pesetas and Spanish Main the last four turns, each seat's once (a
Planks "round" is much longer: it lasts until a scoring). Spanish Main's log shows the last turn or two in its
corner; the button on its header grows it over the table to show the whole round (Esc or a click shrinks it)."""
from __future__ import annotations

import pygame
import pytest

from game.core.events import log_of
from tests.app.conftest import click, frames, start_table
from tests.games.pirateer.test_follow import _visible_entries, run


def _turn_starts(events, phases) -> list[int]:
    """The index in ``events`` of each seat's turn's first event (a seat's "turn" events in a row are one turn)."""
    starts, last = [], None
    for i, e in enumerate(events):
        if e.kind == "turn" and (phases is None or e.get("phase") in phases):
            now = (e.seat, e.get("round"), e.get("phase"))
            if now != last:
                starts.append(i)
            last = now
    return starts


def _playa_round(events) -> int | None:
    """Where the last whole round began (its "round" event), once the next one has begun: round 3 (every turn has
    its plays and its pirate by then), when round 4 begins."""
    rounds = [i for i, e in enumerate(events) if e.kind == "round" and not e.get("final")]
    turns = _turn_starts(events, ("round",))
    if len(rounds) < 4 or not turns or turns[-1] < rounds[-1]:
        return None
    return rounds[-2]


def _four_turns(phases):
    """Where the last four turns began, once a fifth has begun (from the ninth turn on: the setup's lines are gone)."""
    def start(events) -> int | None:
        turns = _turn_starts(events, phases)
        return turns[-5] if len(turns) >= 9 else None
    return start


#: game id -> where the last whole round of turns began in the events, or None before there is one
ROUND_START = {"playa-pirata": _playa_round, "planks": _four_turns(("play",)), "spanish-main": _four_turns(None)}


def _wheel(app, panel, notches: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=panel.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches))
    frames(app, 1)


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("game_id", [
    "playa-pirata", "planks", "spanish-main"])
def test_the_log_shows_the_last_round_of_four_players_at_1280x720_and_scrolls_back(app, game_id, lang):
    from game.i18n import set_language
    set_language(lang)
    try:
        scene = start_table(app, game_id, ["easy"] * 4, seed=5)
        assert app.screen.get_size() == (1280, 720)
        app.bot_delay = 0.0
        since: list[int | None] = [None]

        def round_over() -> bool:
            since[0] = ROUND_START[game_id](scene.state.events)
            return since[0] is not None and scene.log_held_from() is None
        run(app, scene, round_over)
        app.bot_delay = 1000.0                                          # the bots wait while the log is read
        frames(app, 2)
        panel = scene.logpanel
        if panel.expandable:                                            # grown over the table by its button
            click(app, panel.expand_button.center)
            frames(app, 1)
            assert panel.expanded and panel.frame.contains(panel.rect)
        lines = log_of(scene.state.events[since[0]:], scene.viewer())
        assert lines and panel.entries[-len(lines):] == lines          # the panel holds the round's lines, newest last
        shown = _visible_entries(panel)
        assert shown >= len(lines), f"{game_id} ({lang}): a round has {len(lines)} lines, the log shows {shown}"
        assert panel.font.get_height() >= 12 and app.screen.get_rect().contains(panel.rect)
        # the wheel scrolls it back, line by line, and forward again to the newest line
        _wheel(app, panel, 1)
        back = panel.scroll
        assert back > 0 and not panel.at_bottom
        _wheel(app, panel, 1)
        assert panel.scroll > back
        _wheel(app, panel, -1)
        assert panel.scroll == back
        _wheel(app, panel, -50)
        assert panel.at_bottom
        if panel.expandable:                                            # Escape puts it back in its place
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
            frames(app, 1)
            assert not panel.expanded and panel.frame == panel.rect
    finally:
        set_language("en")
