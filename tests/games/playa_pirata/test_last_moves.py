"""Issue 16, item 1 on the Playa Pirata table: each seat's last move stays marked until that seat moves again — a
frame in its colour and a tab with its symbol on each treasure it acted on, on the top card of a pile it laid and
on the pirate card it played, and a line under its name — drawn from the shared table's ``last_moves`` (the events
as the viewer may know them). A mark never tells a card the viewer may not know: two deals the viewer cannot tell
apart (the game's ``twin``) draw the very same pixels, marks and all."""
from __future__ import annotations

import pygame
import pytest

from game import games
from game.core.events import NOT_MOVES, Event
from game.core.protocol import Text
from game.core.rng import Rng
from game.core.session import GameSession, Seat
from game.games.playa_pirata.cards import UNKNOWN
from game.games.playa_pirata.moves import SeatMove, hand_start, on_spot, read_moves
from game.games.playa_pirata.rules import RULES, EndTurn
from game.i18n import set_language, tr
from game.scenes.table import EXPLAIN_AFTER
from game.ui import theme
from tests.app.conftest import app, frames, start_table  # noqa: F401 - the app fixture
from tests.support.explained import check_frame


def seat_of_tab(scene, rect: pygame.Rect) -> int | None:
    """The spot whose treasure card a mark's tab sits beside (its right edge is just left of the card)."""
    for spot, (card, _top, _placed) in scene._spot_cards.items():
        if card.x - theme.px(12) <= rect.right <= card.x and card.y - 2 <= rect.y <= card.bottom:
            return spot
    return None


def marks_on_screen(scene) -> dict[Text, list[pygame.Rect]]:
    """What the last frame explained as a last move: its text -> where (tabs and lines)."""
    out: dict[Text, list[pygame.Rect]] = {}
    for rect, text, kind in scene.explained:
        if kind == "last-move":
            out.setdefault(text, []).append(rect)
    return out


def own_turn_spots(events: list[Event], seat: int) -> tuple[int, set[int]]:
    """From the events themselves: where the seat's latest turn with a play of its own begins, and the spots it
    buried on, laid towels or played a card on, or looked at in it."""
    turns = [i for i, e in enumerate(events) if e.kind == "turn"] + [len(events)]
    for a, b in reversed(list(zip(turns, turns[1:]))):
        if events[a].seat != seat:
            continue
        spots = set()
        played = False
        for e in events[a:b]:
            if e.seat != seat or e.kind in NOT_MOVES:
                continue
            played = True
            for key in ("spot", "target", "frm"):
                value = e.get(key)
                if key == "frm" and e.get("card") != "special-slippers":
                    continue          # a packet's giver, not a spot
                if isinstance(value, int) and value >= 0 and e.get("card") != "special-lifeguard":
                    spots.add(value)
        if played:
            return a, spots
    raise AssertionError(f"seat {seat} never played")


def play_until(app, scene, done, limit=20000):
    for _ in range(limit):
        if done():
            return
        if scene.hand_end is not None:
            scene._reveal_all()
            scene._close_hand_end()
        frames(app, 1)
    raise AssertionError("never came")


def test_each_seat_s_last_move_is_marked_until_it_moves_again(app):
    scene = start_table(app, "playa-pirata", ["easy", "easy", "easy"], 4, {"special-cards": True})
    # a full round of turns after the burials: every seat has a move of its own on the beach
    play_until(app, scene, lambda: scene.hand_end is None and scene.hand_view(None).round >= 3
               and len(scene.seat_moves()) == 3 and not scene.timeline.blocking)
    scene.mark_dirty()
    frames(app, 1)
    check_frame(scene)
    events = scene.state.events_for(None)
    moves = scene.seat_moves()
    shown = marks_on_screen(scene)
    for seat in range(3):
        move = moves[seat]
        start, spots = own_turn_spots(events, seat)
        assert move.start == start and set(move.spots) == spots and move.parts
        text = move.text(scene.seat_name(seat))
        assert text in shown, f"seat {seat}: no mark explained"
        # the line under its name in its panel, and a tab beside each spot it acted on
        line = scene.move_lines[seat]
        assert any(r == line for r in shown[text]) and scene.portrait_rects()[seat].contains(line)
        tabbed = {seat_of_tab(scene, r) for r in shown[text]} - {None}
        assert tabbed == spots
        # the newest move on a spot frames it in the seat's colour (outermost)
        for spot in spots:
            if on_spot(moves.values(), spot)[0].seat == seat:
                card = scene._spot_cards[spot][0]
                frame_x = card.x - theme.px(4) + 1
                assert tuple(app.screen.get_at((frame_x, card.centery)))[:3] == theme.seat_colour(seat)
    for lang in ("en", "it"):
        set_language(lang)
        try:
            words = tr(moves[0].text(scene.seat_name(0)))
            assert scene.seat_name(0) in words and all(tr(p) in words for p in moves[0].parts)
        finally:
            set_language("en")
    # each seat's marks change only when it moves again: after the next seat's turn its mark is new, the
    # others' stay as they were
    before = {seat: (m.start, list(m.spots)) for seat, m in moves.items()}
    mover = scene.state.current_player
    play_until(app, scene, lambda: mover in scene.seat_moves() and scene.seat_moves()[mover].start != before[mover][0]
               and not scene.timeline.blocking)
    frames(app, 1)
    after = scene.seat_moves()
    events = scene.state.events_for(None)
    assert own_turn_spots(events, mover)[0] == after[mover].start > before[mover][0]
    for seat in range(3):
        if seat != mover and seat in after:
            assert (after[seat].start, after[seat].spots) == before[seat]
    scene.mark_dirty()
    frames(app, 1)
    shown = marks_on_screen(scene)
    old_text = moves[mover].text(scene.seat_name(mover))
    assert old_text not in shown or old_text == after[mover].text(scene.seat_name(mover))
    tabbed = {seat_of_tab(scene, r) for r in shown[after[mover].text(scene.seat_name(mover))]} - {None}
    assert tabbed == set(after[mover].spots)


def test_resting_the_pointer_on_a_mark_explains_it(app):
    scene = start_table(app, "playa-pirata", ["easy", "easy", "easy"], 4)
    play_until(app, scene, lambda: scene.hand_end is None and scene.hand_view(None).round >= 2
               and len(scene.seat_moves()) == 3 and not scene.timeline.blocking)
    scene.bot_due = lambda: None          # the table holds still while the pointer rests
    scene.mark_dirty()
    frames(app, 1)
    seat, move = next(iter(scene.seat_moves().items()))
    spot = move.spots[0]
    card = scene._spot_cards[spot][0]
    tab = next(r for r, t, k in scene.explained if k == "last-move" and r.right <= card.x
               and r.colliderect(card.inflate(theme.px(40), 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=tab.center, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, int(EXPLAIN_AFTER * 60) + 3)
    rect, text, kind = scene._explaining()
    assert kind == "last-move" and text.key == "pp.explain.last_move"
    assert "last move" in tr(text)


def twin_frames(app, state, twin, seat: int) -> tuple[pygame.Surface, pygame.Surface, list]:
    """The table drawn for ``seat`` (the only human) at ``state`` and at its ``twin``; the marks of the first."""
    entry = games.get("playa-pirata")
    pictures, marks = [], []
    for s in (state, twin):
        seats = [Seat(f"P{i}", "human" if i == seat else "bot", None if i == seat else "easy", i)
                 for i in range(s.players)]
        session = GameSession.at(entry.id, entry.package.rules, seats, s, bot_seed=7)
        scene = entry.package.make_scene(app, session)
        app.stack.push(scene, fade=False)
        frames(app, 2)
        scene.mark_dirty()
        frames(app, 1)
        pictures.append(app.screen.copy())
        marks.append(marks_on_screen(scene))
        app.stack.scenes.clear()
    return pictures[0], pictures[1], marks[0]


@pytest.mark.parametrize("players,options,seed", [(3, {"special-cards": True}, 5), (4, {}, 9), (2, {}, 3)])
def test_marks_never_tell_a_card_the_viewer_may_not_know(app, players, options, seed):
    """Random matches, stopped at the viewer's turn once the others have buried, looked and laid towels: drawn
    from the real deal and from a twin (every card the viewer has not seen dealt again, the other seats'
    treasures on the beach among them), the screens are the same pixel for pixel, the marks on them."""
    viewer = 0
    m = RULES.new_game(players, {"match-format": "single-hand", **options}, seed)
    rng = Rng(seed)
    compared = 0
    for step in range(400):
        if m.is_over() or compared >= 3:
            break
        if m.current_player == viewer and step > 3 * players:
            others = {s for s in range(players) if s != viewer}
            hidden = [i for i, sp in enumerate(m.hand.view(viewer).beach) if sp.treasure == UNKNOWN]
            if hidden:
                twin = next((t for k in range(8) for t in [RULES.twin(m, viewer, Rng(100 * seed + k))]
                             if any(t.hand.beach[i].treasure != m.hand.beach[i].treasure for i in hidden)), None)
                assert twin is not None, "no twin re-deals a hidden treasure"
                a, b, marks = twin_frames(app, m, twin, viewer)
                names = {t.kwargs.get("name") for t in marks}
                assert {f"P{s}" for s in others} & names, "no mark of another seat on screen"
                assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"), \
                    "the twin's table looks different: a mark (or something else) tells a hidden card"
                compared += 1
        legal = m.legal_actions()
        plays = [x for x in legal if not isinstance(x, EndTurn)] or legal
        m.apply(rng.choice(plays))
    assert compared >= 2


# The moves as read from events (the reader, on events of every kind a move may have) --------------------------
def ev(kind, seat, **data) -> Event:
    return Event.of(kind, seat, **data)


@pytest.mark.parametrize("events,spots,keys", [
    ([ev("buried", 1, spot=4, flag=True)], [4], ["pp.move.buried_flag"]),
    ([ev("played", 1, what="pirate", card="pirate-blue-spyglass", pirate="spyglass", target=2, effect="look"),
      ev("revealed", 1, what="treasure", spot=2, by="spyglass"),
      ev("played", 1, what="towels", cards=["towel-blue-3-1", "towel-blue-1-1"], values=[3, 1], target=0, top=1,
         final=False)], [2, 0], ["pp.move.spyglass", "pp.move.towels"]),
    ([ev("played", 1, what="pirate", card="pirate-blue-umbrella", pirate="umbrella", target=-1, effect="aside")],
     [], ["pp.move.umbrella_aside"]),
    ([ev("played", 1, what="pirate", card="pirate-blue-map", pirate="map", target=-1, effect="none")],
     [], ["pp.move.no_effect"]),
    ([ev("played", 1, what="special", card="special-slippers", target=3, frm=1, towel="", start=False)],
     [3, 1], ["pp.move.slippers"]),
    ([ev("played", 1, what="special", card="special-piggy-bank", target=2, frm=-1, towel="towel-blue-2-1",
         start=False)], [2], ["pp.move.piggy"]),
    ([ev("played", 1, what="special", card="special-lifeguard", target=0, frm=-1, towel="", start=False),
      ev("revealed", 1, what="hand", target=0, count=3)], [], ["pp.move.lifeguard"]),
    ([ev("played", 1, what="special", card="special-double-towel", target=5, frm=-1, towel="", start=False)],
     [5], ["pp.move.double"]),
    ([ev("revealed", 1, what="towels", cards=[], values=[])], [], ["pp.move.show_none"]),
    ([ev("chose", 1, choice="position", position=2, order=[1, 0])], [], ["pp.move.position"]),
    ([ev("chose", 1, choice="special", left=2), ev("discarded", 1, what="special")], [],
     ["pp.move.kept", "pp.move.discarded"]),
])
def test_a_move_is_read_from_its_events(events, spots, keys):
    turn = [(0, Event.of("dealt", None, what="table", hand=0)), (1, Event.of("turn", 1, phase="round"))]
    pairs = turn[1:] + [(2 + k, e) for k, e in enumerate(events)] + \
        [(2 + len(events), Event.of("took", 0, what="treasure", spot=9))]      # another seat's: not its move
    moves = read_moves({1: pairs}, 0, lambda s: f"P{s}")
    move = moves[1]
    assert isinstance(move, SeatMove) and move.spots == spots and [p.key for p in move.parts] == keys
    for lang in ("en", "it"):
        set_language(lang)
        try:
            for p in move.parts:
                assert "{" not in tr(p) and p.key not in tr(p)
        finally:
            set_language("en")
    # a move of an earlier hand is not on this beach
    assert read_moves({1: pairs}, 1 + len(pairs), str) == {}
    assert hand_start([e for _, e in turn]) == 0
