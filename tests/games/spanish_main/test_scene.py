"""The Spanish Main table (issue 18, items 4-7), driven by real pygame events on the test clock: the row, the market,
the gestures (drag, click-click, keys), the ghost preview, Repair / Accuse / Pass, the notes, the animations from
the events, the end held until a click; everything explained (issue 15) and every refusal named."""
from __future__ import annotations

import random
from collections import Counter

import pygame
import pytest

from game.core.session import GameSession
from game.games.spanish_main.clips import CardFly, Flip, ShipSlide, Token, Verdict
from game.games.spanish_main.notes import NO, YES, cell_key, facts
from game.games.spanish_main.positions import position
from game.games.spanish_main.rules import (Accuse, Discard, Pass, PlayCard, Repair, card_type, determinize)
from game.core.rng import Rng
from game.i18n import tr
from game.ui.theme import text_of
from tests.app.conftest import app, click, drag, frames, key, start_table  # noqa: F401 - the app fixture
from tests.app.conftest import table_at as open_table_at
from tests.support.drops import GENERIC, check_drops, play_at_random
from tests.support.explained import check_frame


def settle(app, scene, limit: int = 3000) -> None:
    for _ in range(limit):
        if not scene.timeline.blocking and (scene.my_turn() is not None or scene.finished or scene.ending.visible):
            break
        app.clock.advance(1 / 60)
        frames(app, 1)


def uncover(app, scene) -> None:
    """The hot-seat privacy screen's button, when it is up."""
    frames(app, 1)
    if scene.privacy_for is not None:
        click(app, scene.privacy.button.rect.center)
        frames(app, 1)


def market_token(scene, card_type_: str):
    scene._sync_drag()
    return next(t for t in scene.drag.draggables if card_type(t.payload) == card_type_)


# --- the gestures -----------------------------------------------------------------------------------------------
def test_a_market_card_dragged_onto_a_ship_plays_it_there(app):
    state = position(2, market=["mv-full-speed", "mv-lost-at-sea", "mv-alliance"], adventure="adv-secret-charts")
    scene = open_table_at(app, "spanish-main", state, ("human", "easy"))
    tok = market_token(scene, "mv-full-speed")
    target = scene.lay.ship_rect(9)                        # the ship on space 9 (the left end)
    ship = scene.game.ship_at(9)
    drag(app, tok.rect.center, target.center)
    assert scene.session.actions[-1] == PlayCard(0, tok.payload, ship)
    assert scene.session.state.space_of(ship) == 3          # R9: 9 - 6


def test_a_pair_card_lights_the_gaps_and_drops_between_two_ships(app):
    state = position(2, market=["mv-alliance", "mv-lost-at-sea", "mv-fog"])
    scene = open_table_at(app, "spanish-main", state, ("human", "easy"))
    tok = market_token(scene, "mv-alliance")
    click(app, tok.rect.center)                             # picked up: the gaps light, not the ships
    lit = scene.drag.legal_targets()
    assert lit and all(t.data[0] == "gap" for t in lit) and len(lit) == 8
    front, back = scene.game.ship_at(6), scene.game.ship_at(7)
    click(app, scene.lay.gaps[5].center)                    # the gap between spaces 6 and 7
    assert scene.session.actions[-1] == PlayCard(0, tok.payload, front)
    assert [scene.session.state.space_of(front), scene.session.state.space_of(back)] == [3, 4]


def test_fog_and_the_flag_cards_drop_anywhere_on_the_row(app):
    state = position(2, market=["mv-fog", "mv-advance-en", "mv-alliance"])
    scene = open_table_at(app, "spanish-main", state, ("human", "easy"))
    tok = market_token(scene, "mv-advance-en")
    drag(app, tok.rect.center, scene.lay.numbers[4].center)    # on a space number, under the row: still the row
    assert scene.session.actions[-1] == PlayCard(0, "mv-advance-en", "")


def test_a_ship_card_dropped_on_a_gap_glides_back_with_the_rule(app):
    state = position(2, market=["mv-full-speed", "mv-lost-at-sea", "mv-alliance"])
    scene = open_table_at(app, "spanish-main", state, ("human", "easy"))
    tok = market_token(scene, "mv-full-speed")
    verdict = scene.drop_verdict(tok.payload, scene._gap_targets[2])
    assert verdict is not True and verdict.key == "sm.reason.drop_ship"
    verdict = scene.drop_verdict(market_token(scene, "mv-alliance").payload, scene._ship_targets[2])
    assert verdict is not True and verdict.key == "sm.reason.drop_pair"


def test_sabotage_lights_only_undamaged_ships(app):
    state = position(2, market=["mv-sabotage", "mv-lost-at-sea", "mv-alliance"], damaged=["EN1", "NL2"])
    scene = open_table_at(app, "spanish-main", state, ("human", "easy"))
    click(app, market_token(scene, "mv-sabotage").rect.center)
    lit = {scene.game.ship_at(t.data[1]) for t in scene.drag.legal_targets()}
    assert lit == set(scene.game.row) - {"ship-en-1", "ship-nl-2"}
    refused = scene.drop_verdict("mv-sabotage-1", scene._ship_targets[scene.game.space_of("ship-en-1") - 1])
    assert refused is not True and refused.key == "sm.reason.already_damaged"


def test_keys_pick_a_card_move_between_targets_and_play(app):
    state = position(2, market=["mv-lost-at-sea", "mv-full-speed", "mv-alliance"])
    scene = open_table_at(app, "spanish-main", state, ("human", "easy"))
    scene._sync_drag()
    first = sorted(scene.drag.draggables, key=lambda t: t.rect.x)[0].payload
    key(app, pygame.K_1)                                    # the first market card, its first target focused
    assert scene.drag.selected is not None and scene.drag.focused_target is not None
    key(app, pygame.K_RIGHT)
    target = scene.drag.focused_target
    ship = scene.game.ship_at(target.data[1])
    key(app, pygame.K_RETURN)
    assert scene.session.actions[-1] == PlayCard(0, first, ship)


def test_repair_and_pass_are_buttons_and_keys(app):
    state = position(2, market=["mv-lost-at-sea", "mv-full-speed", "mv-alliance"], damaged=["EN1"])
    scene = open_table_at(app, "spanish-main", state, ("human", "human"))
    uncover(app, scene)
    click(app, scene.repair_button.rect.center)
    assert scene.session.actions[-1] == Repair(0)
    settle(app, scene)
    uncover(app, scene)
    key(app, pygame.K_p)                                   # Pass: just pass, or pass and replace a card
    assert scene.chooser is not None
    replace = next(b for b in scene.chooser.buttons if b.text.key == "sm.ui.replace")
    card = scene.game.market[0]
    click(app, replace.rect.center)
    assert scene.session.actions[-1] == Pass(1, card)


def test_the_accusation_dialog_is_played_by_clicks(app):
    state = position(3, pirates={0: ["EN1", "EN2"], 1: ["ES1", "ES2"], 2: ["NL1", "NL2"]}, fame={"ES1": 5})
    scene = open_table_at(app, "spanish-main", state, ("human", "easy", "easy"))
    click(app, scene.accuse_button.rect.center)
    d = scene.accuse
    assert d is not None and d.action() is None
    click(app, d.player_rects[1].center)
    click(app, d.pirate_rects["pirate-es-1"].center)
    assert d.action() == Accuse(0, 1, "pirate-es-1")
    click(app, d.ok.rect.center)
    assert scene.session.actions[-1] == Accuse(0, 1, "pirate-es-1")
    assert scene.session.state.secured[0] == 3               # R25: half of 5, rounded up
    assert any(isinstance(c, Verdict) and c.correct for c in scene.timeline.clips(Verdict))


def test_with_a_hand_the_accuser_picks_the_card_to_discard_and_the_accused_discards_after_the_privacy_screen(app):
    state = position(2, hand=True, hands={0: ["mv-fog", "mv-rip", "mv-sabotage"], 1: ["mv-alliance", "mv-rip"]},
                     pirates={0: ["EN1", "EN2", "EN3"], 1: ["ES1", "ES2", "ES3"]})
    scene = open_table_at(app, "spanish-main", state, ("human", "human"))
    uncover(app, scene)
    key(app, pygame.K_a)
    d = scene.accuse
    assert d.player == 1                                    # the only other player is chosen already
    click(app, d.pirate_rects["pirate-nl-1"].center)
    assert d.action() is None                               # V3.3: a card to discard first
    click(app, d.card_rects[sorted(d.card_rects)[0]].center)
    click(app, d.ok.rect.center)
    assert isinstance(scene.session.actions[-1], Accuse)
    settle(app, scene)
    assert scene.privacy_for == 1                           # the accused's discard is secret: the screen first
    click(app, scene.privacy.button.rect.center)
    settle(app, scene)
    assert scene.chooser is not None
    click(app, scene.chooser.buttons[0].rect.center)
    assert isinstance(scene.session.actions[-1], Discard)


# --- the preview ------------------------------------------------------------------------------------------------
def test_the_ghost_row_and_the_marks_are_what_the_card_would_do(app):
    state = position(2, market=["mv-full-speed", "mv-lost-at-sea", "mv-alliance"], adventure="adv-treasure-map")
    scene = open_table_at(app, "spanish-main", state, ("human", "easy"))
    tok = market_token(scene, "mv-full-speed")
    before = app.screen.copy()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=tok.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tok.rect.center, button=1))
    frames(app, 1)
    over = scene.lay.ship_rect(8).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=over, rel=(1, 1), buttons=(1, 0, 0)))
    frames(app, 2)
    action = scene._held_action()
    ship = scene.game.ship_at(8)
    assert action == PlayCard(0, tok.payload, ship)
    p = scene.preview(action)
    trial = scene.session.state.clone()
    trial.apply(action)
    assert p["row"] == trial.row and p["row"][1] == ship     # R9: from space 8 six forward, clamped to space 2
    assert p["gain"] == {x: 1 for x in trial.row[:3]}        # R37: the first 3 undamaged of the new row
    assert pygame.image.tobytes(app.screen, "RGB") != pygame.image.tobytes(before, "RGB")
    assert "preview" in check_frame(scene)


def test_the_engine_preview_matches_what_the_action_does_from_any_seat_view():
    """Section 9's highlights come from the engine on the seat's view; on the full state the same action does the
    same to the row, the damage and the fame (a Mutiny only names its ship: its owner is a secret)."""
    from game.games.spanish_main.rules import RULES
    rng = random.Random(5)
    checked = 0
    for seed in range(12):
        s = RULES.new_game(rng.choice([2, 3, 4]), {"movement-hand": seed % 3 == 0}, seed)
        for _ in range(60):
            if s.is_over():
                break
            seat = s.current_player
            legal = [a for a in s.legal_actions(seat) if not isinstance(a, (Accuse, Discard))]
            if not legal:
                s.apply(rng.choice(s.legal_actions(seat)))
                continue
            a = rng.choice(legal)
            p = s.view(seat).preview(a)
            before = {x: s.fame_of(x) for x in s.row}
            trial = s.clone()
            trial.apply(a)
            assert p["row"] == trial.row, a
            if not p["mutiny"]:
                hurt = p["hurt"]
                assert set(trial.damaged) == set(p["damaged"]) | {x for x, h in hurt.items() if h == "damaged"}, a
                for x in trial.row:
                    want = p["gain"].get(x, 0) - (1 if hurt.get(x) == "loses" else 0)
                    assert trial.fame_of(x) - before[x] == want, (a, x)
            checked += 1
            s.apply(a)
    assert checked > 200


# --- what happened ----------------------------------------------------------------------------------------------
def test_moves_slide_ships_damage_flips_fame_flies(app):
    state = position(2, market=["mv-full-speed", "mv-sabotage", "mv-alliance"], adventure="adv-treasure-map")
    scene = open_table_at(app, "spanish-main", state, ("human", "human"))
    uncover(app, scene)
    ship = scene.game.ship_at(9)
    scene.play(PlayCard(0, scene.game.market[0], ship))
    slides = {c.ship for c in scene.timeline.clips(ShipSlide)}
    assert ship in slides and len(slides) == 7               # it and the six ships it passed (R8)
    assert scene.timeline.clips(Token)                        # Treasure Map's fame (R37)
    settle(app, scene)
    click(app, scene.privacy.button.rect.center)
    scene.play(PlayCard(1, scene.game.market[1], scene.game.ship_at(5)))
    assert any(isinstance(c, Flip) and c.damaged for c in scene.timeline.clips(Flip))


def test_no_ship_leaves_the_row_while_the_moves_before_its_own_are_shown(app):
    """Found in a real window: a flag card moves its ships one after another; every ship waiting for its slide
    (or its flip) was missing from the row until its clip began, and the adventure being resolved vanished before
    the next one was turned over."""
    state = position(2, market=["mv-advance-nl", "mv-sabotage", "mv-alliance"], adventure="adv-secret-charts")
    scene = open_table_at(app, "spanish-main", state, ("human", "human"))
    uncover(app, scene)
    resolving = scene.game.adv_row[0]
    scene.play(PlayCard(0, scene.game.market[0], ""))
    slides = scene.timeline.clips(ShipSlide)
    assert len({c.delay for c in slides}) > 1                  # the Dutch ships move in turn
    waited = False
    for _ in range(600):
        frames(app, 1)
        if not scene.timeline.clips(ShipSlide):
            break
        waited |= any(not c.started for c in scene.timeline.clips(ShipSlide))
        scene.explained = []
        scene._draw_row(app.screen)
        drawn = Counter(dict(item[1].params)["ship"].key for item in scene.explained if item[2] == "ship")
        assert set(drawn) == {f"sm.ship.{s}" for s in scene.game.row} and set(drawn.values()) == {1}
        scene.explained = []
        scene._draw_adventures(app.screen)
        if any(not c.started and c.before is not None for c in scene.timeline.clips(CardFly)):
            assert any(item[2] == "adventure" and dict(item[1].params)["card"].key == f"sm.card.{card_type(resolving)}"
                       for item in scene.explained)             # the card still being resolved
    assert waited


# --- notes ------------------------------------------------------------------------------------------------------
def test_the_notes_show_only_what_the_seat_knows_and_keep_its_own_marks_in_the_save(app, tmp_path):
    state = position(3, pirates={0: ["EN1", "EN2"], 1: ["ES1", "ES2"], 2: ["NL1", "NL2"]}, revealed=["ES1"],
                     denied={2: ["EN3"]}, unowned=["NL3"])
    known = facts(state.view(0), 0)
    assert known[cell_key(0, "pirate-en-1")] == YES and known[cell_key(1, "pirate-en-1")] == NO
    assert known[cell_key(1, "pirate-es-1")] == YES and known[cell_key(2, "pirate-en-3")] == NO
    assert known[cell_key(-1, "pirate-nl-3")] == YES
    assert cell_key(1, "pirate-nl-1") not in known and cell_key(2, "pirate-es-2") not in known  # secrets
    scene = open_table_at(app, "spanish-main", state, ("human", "easy", "easy"))
    frames(app, 2)
    cell = scene.notes._cells[cell_key(1, "pirate-nl-1")]
    click(app, cell.center)
    click(app, cell.center)
    assert scene.session.notes[0] == {cell_key(1, "pirate-nl-1"): "no"}
    assert scene.session.actions == []                       # the marks are not moves
    save = scene.session.to_save()
    data = save.to_json()
    data["notes"]["0"]["junk"] = "yes"                        # an edited file: what we do not know is dropped
    data["notes"]["9"] = "nonsense"
    from game.core.saves import SaveData
    again = GameSession.from_save(SaveData.from_json(data), scene.session.rules)
    scene2 = open_table_at(app, "spanish-main", again.state, ("human", "easy", "easy"))
    scene2.session.notes = again.notes
    assert scene2.notes_marks(0).get(cell_key(1, "pirate-nl-1")) == "no"


def test_hot_seat_each_human_sees_their_own_marks_only(app):
    state = position(2, pirates={0: ["EN1", "EN2", "EN3"], 1: ["ES1", "ES2", "ES3"]})
    scene = open_table_at(app, "spanish-main", state, ("human", "human"))
    uncover(app, scene)
    click(app, scene.notes._cells[cell_key(1, "pirate-nl-1")].center)
    assert scene.notes_marks(0) and not scene.notes_marks(1)
    scene.play(Repair(0))
    settle(app, scene)
    assert scene.privacy_for == 1
    click(app, scene.privacy.button.rect.center)
    frames(app, 2)
    assert scene.viewer() == 1 and scene.notes_marks(1) == {}


# --- everything explained, every refusal named ------------------------------------------------------------------
GAMES = [(2, {}, 1), (3, {"imminent-adventures": True}, 2), (4, {"movement-hand": True}, 3),
         (2, {"movement-hand": True, "extended-fame": True, "imminent-adventures": True}, 4)]


@pytest.mark.parametrize("players,options,seed", GAMES)
def test_every_lit_target_is_legal_and_every_refused_drop_names_its_rule(app, players, options, seed):
    scene = start_table(app, "spanish-main", ["human"] * players, seed, options)
    rng = random.Random(seed)
    lit, refused = 0, Counter()
    for step in range(60):
        state = scene.state
        if state.is_over():
            break
        if scene.privacy_for is not None:
            scene.reveal()
        if step % 2 == 0 and state.phase == "play":
            n, why = check_drops(scene)
            lit, refused = lit + n, refused + why
        play_at_random(scene, rng)
        frames(app, 1)
    assert lit > 0 and sum(refused.values()) > 0
    assert not set(refused) & GENERIC, refused
    assert {"sm.reason.drop_ship", "sm.reason.drop_pair"} & set(refused), refused


def test_every_kind_of_thing_the_table_draws_is_explained(app):
    seen: set[str] = set()
    for kinds, options, seed in ((["human", "easy", "easy"], {}, 7),
                                 (["human", "easy"], {"imminent-adventures": True, "movement-hand": True}, 8)):
        scene = start_table(app, "spanish-main", kinds, seed, options)
        rng = random.Random(seed)
        for i in range(20000):
            if app.stack.top is not scene:
                break
            app.clock.advance(0.25)
            frames(app, 1)
            if i % 5 == 0 or scene.ending_shown():
                seen |= check_frame(scene)
            if scene.ending_shown() and scene.ending_button() is not None:
                for _ in range(40):
                    app.clock.advance(0.5)
                    frames(app, 1)
                seen |= check_frame(scene)
                click(app, scene.ending_button().center)
                continue
            if scene.my_turn() is not None and not scene.timeline.blocking:
                scene.recap.hide()
                if rng.random() < 0.3:                       # a card held over its target: lit, the ghost row
                    scene._sync_drag()
                    toks = scene.drag.draggables
                    if toks:
                        scene.drag.select(toks[0])
                        scene._sync_drag()
                        scene.drag.focus_next_target(1)
                        frames(app, 1)
                        seen |= check_frame(scene)
                        scene.drag.cancel()
                if rng.random() < 0.2 and scene.accuse_button.enabled:
                    scene._open_accuse()
                    frames(app, 1)
                    seen |= check_frame(scene)
                    scene.close_accuse()
                legal = scene.legal()
                plays = [a for a in legal if not isinstance(a, Accuse)] or legal
                accusations = [a for a in legal if isinstance(a, Accuse)]
                scene.play(rng.choice(accusations if accusations and rng.random() < 0.25 else plays))
    assert set(scene.EXPLAINED_KINDS) - seen == set(), set(scene.EXPLAINED_KINDS) - seen


def bots_to_the_end(app):
    """Two easy bots play a game to its end panel (the final count)."""
    scene = start_table(app, "spanish-main", ["easy", "easy"], 3)
    for _ in range(40000):
        if scene.ending_shown():
            break
        app.clock.advance(0.25)
        frames(app, 1)
    return scene


def test_the_end_is_held_with_the_count_until_a_click(app):
    scene = bots_to_the_end(app)
    assert scene.ending_shown() == "game-end"
    first = scene._count_step()
    for _ in range(60):
        app.clock.advance(1.0)
        frames(app, 1)
    assert scene._count_step() > first and scene.ending_shown() == "game-end"   # the count went on; it waits
    click(app, scene.ending_button().center)
    frames(app, 3)
    from game.scenes.results import ResultsScene
    assert isinstance(app.stack.top, ResultsScene)


def test_a_bots_view_only_is_drawn_determinized_states_are_never_shown(app):
    """The table draws ``self.game`` (the viewer's view): two states a viewer cannot tell apart give the same
    frame (the pirates of the other seats and the decks dealt again)."""
    state = position(3, pirates={0: ["EN1", "EN2"], 1: ["ES1", "ES2"], 2: ["NL1", "NL2"]})
    twin = determinize(state.view(0), Rng(99))
    twin.pirates[0] = list(state.pirates[0])
    shots = []
    for s in (state, twin):
        scene = open_table_at(app, "spanish-main", s, ("human", "easy", "easy"))
        for _ in range(3):
            app.clock.advance(1 / 60)
            frames(app, 1)
        scene.mark_dirty()
        frames(app, 1)
        shots.append(pygame.image.tobytes(app.screen, "RGB"))
        app.stack.scenes.clear()
    assert twin.pirates != state.pirates and shots[0] == shots[1]


def test_the_discard_piles_open_by_click_and_by_key_with_each_kind_counted(app):
    state = position(2, discard=["adv-kraken-1", "adv-kraken-2", "fame"], mv_discard=["mv-rip-1", "mv-rip-2", "mv-fog"],
                     deck=54)
    scene = open_table_at(app, "spanish-main", state, ("human", "easy"))
    click(app, scene.lay.adv_discard.center)
    assert scene.piles.kind == "adventure"
    assert scene.piles.counts() == [("adv-kraken", 2), ("fame", 1)]
    assert "pile" in check_frame(scene)
    click(app, scene.lay.row.center)                        # a click anywhere closes it; nothing was played
    assert not scene.piles.visible and scene.session.actions == []
    key(app, pygame.K_d)
    assert scene.piles.kind == "movement" and scene.piles.counts() == [("mv-rip", 2), ("mv-fog", 1)]
    key(app, pygame.K_ESCAPE)
    assert not scene.piles.visible


def test_the_notes_take_the_keys_with_n(app):
    state = position(2, pirates={0: ["EN1", "EN2", "EN3"], 1: ["ES1", "ES2", "ES3"]})
    scene = open_table_at(app, "spanish-main", state, ("human", "easy"))
    key(app, pygame.K_n)
    assert scene.notes.cursor == (0, 0)
    key(app, pygame.K_DOWN)                                  # Ben's row
    for _ in range(6):
        key(app, pygame.K_RIGHT)                             # the 7th captain: pirate-nl-1
    key(app, pygame.K_SPACE)
    assert scene.notes_marks(0) == {cell_key(1, "pirate-nl-1"): "maybe"}
    key(app, pygame.K_ESCAPE)
    assert scene.notes.cursor is None and scene.session.actions == []


def test_the_end_lays_out_the_tie_breaks_when_the_best_score_is_shared(app):
    state = position(2, pirates={0: ["EN1", "EN2", "EN3"], 1: ["ES1", "ES2", "ES3"]}, fame={"EN1": 3, "ES1": 3},
                     adventure="adv-volcano", deck=0)
    scene = open_table_at(app, "spanish-main", state, ("human", "easy"))
    scene.play(Pass(0))                                     # R51: no adventure left: the end; Volcano damages EN1
    for _ in range(600):
        if scene.ending_shown():
            break
        app.clock.advance(1 / 30)
        frames(app, 1)
    assert scene.ending_shown() == "game-end"
    lines = scene.tiebreak_lines()
    assert len(lines) == 2 and "2" in lines[0] and "3" in lines[1]    # R55: 2 undamaged ships against 3
    assert scene.state.result().winners == [1]


def test_the_log_grows_over_the_table_by_its_header_button_and_shrinks_by_esc_or_a_click_beside_it(app):
    state = position(3, pirates={0: ["EN1", "EN2"], 1: ["ES1", "ES2"], 2: ["NL1", "NL2"]})
    scene = open_table_at(app, "spanish-main", state, ("human", "easy", "easy"))
    app.bot_delay = 1000.0
    log = scene.logpanel
    frames(app, 1)
    home = pygame.Rect(log.rect)
    button = pygame.Rect(log.expand_button)
    assert home.contains(button) and scene.explanation_at(button.center)[1].key == "sm.explain.log_grow"
    click(app, button.center)
    assert log.expanded and log.frame.bottom == home.bottom and log.frame.h > 2 * home.h
    assert log.frame.top >= scene.lay.seats.bottom and log.content_rect.h > 2 * home.h   # the buttons stay free
    assert scene.explanation_at(log.expand_button.center)[1].key == "sm.explain.log_shrink"
    assert scene.explanation_at(log.frame.midtop)[1].key == "table.explain.log"         # not the ship under it
    played = len(scene.session.actions)
    click(app, (log.frame.x + 40, log.frame.y + 80))                                   # a click on it: still grown
    assert log.expanded
    click(app, scene.lay.ship_rect(5).center)                                           # beside it: it shrinks ...
    assert not log.expanded and log.frame == home and len(scene.session.actions) == played  # ... and nothing else
    click(app, log.expand_button.center)
    key(app, pygame.K_ESCAPE)                                                           # Esc shrinks it, no pause
    assert not log.expanded and app.stack.top is scene
    click(app, log.expand_button.center)
    click(app, log.expand_button.center)                                                # its button shrinks it too
    assert not log.expanded


def test_a_click_during_the_final_count_shows_it_whole_before_the_results(app):
    """The end panel's button first shows the whole count (every ship, the winner and how), then the results:
    a newcomer clicking at once never skips a count they have not seen (R52, R53)."""
    scene = bots_to_the_end(app)
    assert scene.ending_shown() == "game-end" and scene.counting()
    assert text_of(scene.ending.button.text) == tr("sm.ui.show_count")
    click(app, scene.ending_button().center)
    frames(app, 2)
    assert scene.ending_shown() == "game-end" and not scene.counting()      # still the panel, now whole
    assert text_of(scene.ending.button.text) == tr("sm.ui.see_results")
    click(app, scene.ending_button().center)
    frames(app, 3)
    from game.scenes.results import ResultsScene
    assert isinstance(app.stack.top, ResultsScene)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_ships_name_stays_on_its_plate_on_one_line(app, lang):
    """Found by a newcomer at 1280x720: "Vliegende Haring" wrapped onto two lines, over the Damaged ribbon and the
    captain's name. A name too long for its plate at the smallest size is drawn a little narrower, on one line."""
    from game.games.spanish_main import sprites
    from game.games.spanish_main.rules import SHIPS
    from game.i18n import set_language
    scene = start_table(app, "spanish-main", ["human", "easy"], 3)
    frames(app, 2)
    h = scene.lay.ships[0].h
    plate = sprites.ship_name_rect(h)
    set_language(lang)
    try:
        for ship in SHIPS:
            surface = pygame.Surface((plate.w + 40, plate.h + 80), pygame.SRCALPHA)
            inside = pygame.Rect(20, 40, plate.w, plate.h)
            scene._plate_text(surface, tr(f"sm.ship.{ship}"), inside, 12)
            drawn = pygame.mask.from_surface(surface, 1)
            box = drawn.get_bounding_rects()
            assert box, ship
            ink = box[0].unionall(box[1:])
            assert ink.top >= inside.top - 2 and ink.bottom <= inside.bottom + 2, (ship, ink, inside)
            assert ink.left >= inside.left and ink.right <= inside.right, (ship, ink, inside)
    finally:
        set_language("en")


def test_the_still_table_is_kept_between_frames_and_is_what_a_fresh_drawing_shows(app):
    """While nothing moves and nothing is held the chart, decks, market, header, seats, row, adventures and pirates
    are one kept picture (the table's frame budget); after a move, once its clips end, after a language change and
    at the next seat's view, the kept picture is pixel for pixel a fresh drawing, explanations included; while a
    clip runs, or a card is held, the table is drawn afresh every frame."""
    from game.i18n import set_language
    state = position(2, market=["mv-full-speed", "mv-lost-at-sea", "mv-alliance"], adventure="adv-secret-charts")
    scene = open_table_at(app, "spanish-main", state, ("human", "human"))
    uncover(app, scene)

    def same_as_fresh() -> None:
        step, app.clock.step = app.clock.step, 0.0
        scene.mark_dirty()
        frames(app, 1)
        kept, said = pygame.image.tobytes(app.screen, "RGB"), list(scene.explained)
        scene.forget_kept()
        scene.mark_dirty()
        frames(app, 1)
        app.clock.step = step
        assert pygame.image.tobytes(app.screen, "RGB") == kept
        assert [(tuple(r), t, k) for r, t, k in scene.explained] == [(tuple(r), t, k) for r, t, k in said]

    same_as_fresh()
    assert scene._still_look(app.screen, scene.viewer()) is not None
    before = pygame.image.tobytes(app.screen, "RGB")
    tok = market_token(scene, "mv-full-speed")
    drag(app, tok.rect.center, scene.lay.ship_rect(9).center)
    assert scene.timeline.clips() and scene._still_look(app.screen, scene.viewer()) is None
    settle(app, scene)
    uncover(app, scene)
    same_as_fresh()
    assert pygame.image.tobytes(app.screen, "RGB") != before
    set_language("it")
    try:
        same_as_fresh()
    finally:
        set_language("en")
    scene._sync_drag()
    click(app, scene.drag.draggables[0].rect.center)             # a card picked up by a click
    assert scene.drag.holding is not None and scene._still_look(app.screen, scene.viewer()) is None
