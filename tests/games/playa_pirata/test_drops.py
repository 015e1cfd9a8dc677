"""Issue 15, item 4 on the Playa Pirata table: every refusal says why, and what lights as a legal target is
legal. The real table is opened headless and probed at many positions (the draft, the seating choice,
round 1's burials, step A and step B with groups of towels held, the final turn, every special card): every
hand card on every target (``tests/support/drops.check_drops``): a lit target passes ``State.check``, a
refused one gives the engine's reason or, for a drop that means nothing, where that card goes, in both
catalogs and never "That card cannot go there."."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from game import games
from game.core.session import GameSession, Seat
from game.games.playa_pirata.cards import (BUCKET, DOUBLE, FLAG, LIFEGUARD, PARROT, PIGGY, SANDCASTLE,
                                           SKELETON, SLIPPERS, TOWEL_VALUE, WAVE)
from game.games.playa_pirata.rules import (DRAFT, FINAL, ROUND, SEATING, STEP_B, BuryTreasure, EndTurn, PlayPirate,
                                           PlaySpecial, PlayTowels)
from game.i18n import tr
from tests.app.conftest import app, drag, frames, start_table  # noqa: F401 - the app fixture
from tests.games.playa_pirata.helpers import Buried, position, scored_final
from tests.support.drops import check_drops

#: reasons that say no more than "no": none of the table's refusals may be one of these
VAGUE = frozenset({"pp.reason.not_now", "pp.reason.bad_target"})

SPECIALS = (DOUBLE, BUCKET, LIFEGUARD, SLIPPERS, PIGGY, PARROT, FLAG, SANDCASTLE, SKELETON, WAVE)


class Tally:
    """What the probes saw: pairs lit, refusals by reason key, phases probed."""

    def __init__(self) -> None:
        self.lit = 0
        self.refused: Counter = Counter()
        self.phases: Counter = Counter()
        self.positions = 0

    def probe(self, scene) -> None:
        scene._built_for = None
        scene._rebuild()
        lit, refused = check_drops(scene)
        assert not set(refused) & VAGUE, refused
        self.hints_agree(scene)
        self.lit += lit
        self.refused.update(refused)
        self.phases[scene.hand_view(scene.my_turn()).phase] += 1
        self.positions += 1

    @staticmethod
    def hints_agree(scene) -> None:
        """The hint by the pointer while towels are held over a treasure says "enough" exactly where the
        drop lights, and otherwise what the refusal says ("not enough" for a top card not beaten)."""
        spots = [t for t in scene.drag.targets if t.data[0] == "spot"]
        for sprite in scene.hand_sprites:
            if sprite.payload.kind != "towel":
                continue
            for target in spots:
                hint = scene._hint(sprite.payload, target)
                verdict = scene.drop_verdict(sprite.payload, target)
                assert (hint.key == "pp.ui.hint_ok") == (verdict is True), (sprite.payload, target, hint, verdict)
                if verdict is not True:
                    assert hint == verdict or (hint.key == "pp.ui.hint_more" and verdict.key == "pp.reason.too_low")


def vary_the_hold(scene, rng: random.Random) -> None:
    """What the human holds changes what a drop means: a random group of towels gathered (R19, R21) and
    the Flag switched on or off for a burial (V11)."""
    seat = scene.my_turn()
    towels = list(scene.hand_view(seat).towels[seat])
    scene.selected = rng.sample(towels, rng.randint(0, min(4, len(towels)))) if towels and rng.random() < 0.7 else []
    scene._built_for = None
    scene._rebuild()
    if scene.flag_toggle.visible:
        scene.flag_on = rng.random() < 0.5


def close_the_sunset(app, scene) -> None:
    scene.timeline.skip()
    scene._close_hand_end()
    frames(app, 1)


def sweep(app, tally: Tally, kinds, seed: int, options, rng: random.Random, decisions: int) -> None:
    """Play a match at the real table: the other seats' moves through the session, the human's own moves
    at random among its legal ones; at every decision of the human, probe every drop (twice: with the hold
    as it comes, then with another group of towels or the Flag)."""
    scene = start_table(app, "playa-pirata", kinds, seed, options)
    human = kinds.index("human")
    for _ in range(4000):
        if decisions <= 0 or scene.state.is_over():
            break
        if scene.hand_end is not None:
            close_the_sunset(app, scene)
            continue
        current = scene.state.current_player
        if current != human:
            scene.session.apply(rng.choice(scene.state.legal_actions(current)))
            frames(app, 1)
            continue
        if scene.my_turn() is None:
            frames(app, 1)
            continue
        decisions -= 1
        scene.selected = []
        tally.probe(scene)
        vary_the_hold(scene, rng)
        tally.probe(scene)
        legal = scene.legal()
        plays = [a for a in legal if not isinstance(a, EndTurn)] or legal
        assert scene.try_action(rng.choice(plays)) is None
        frames(app, 1)
    app.stack.scenes.clear()


def table_at(app, state, human: int = 0):
    """The real table opened at a position built by the rules' position builder, the human at ``human``."""
    entry = games.get("playa-pirata")
    seats = [Seat(f"P{i}", "human" if i == human else "bot", None if i == human else "easy", i)
             for i in range(state.players)]
    session = GameSession.at(entry.id, entry.package.rules, seats, state, bot_seed=7)
    scene = entry.package.make_scene(app, session)
    app.stack.push(scene, fade=False)
    frames(app, 2)
    assert scene.my_turn() == human
    return scene


def special_position(card: str):
    """Three players, round 3, seat 0 (red) to play holding ``card``: a beach with something for every
    special card to find or to miss: a blue 3 on top (Bucket), red's umbrella (Flip-flops, Piggy bank), a
    red 1 under a blue 2 (Piggy bank), a red 3 on top (Flip-flops), a face-up treasure with an empty pile
    (the Parrot needs towels), a treasure blue buried with its Flag and one green put its Double beach
    towel beside (unless red holds that card)."""
    beach = [Buried(pile=[(0, 2)], umbrella=0, by=1), Buried(pile=[(0, 1), (1, 2)], by=0),
             Buried(pile=[(0, 3)], by=2), Buried("towel", face_up=True, by=0)]
    if card != FLAG:
        beach.append(Buried(flag=True, by=1, pile=[(1, 1)]))
    if card != DOUBLE:
        beach.append(Buried(pile=[(2, 1)], double_by=2, by=2))
    return position(3, special=True, round=3, turn=0, central=Buried(pile=[(1, 3)]), beach=beach,
                    pirates={0: ["spyglass", "map"]}, discard=[(0, "umbrella")], specials={0: card})


def test_every_lit_target_is_legal_and_every_refusal_names_its_rule(app):
    """Random matches at the real table (2-4 players, with and without the special cards, a two-hands
    match): at each decision of the human every hand card is probed on every target."""
    tally = Tally()
    rng = random.Random(15)
    sweep(app, tally, ["human", "easy", "easy"], 3, {"special-cards": True}, rng, decisions=24)
    sweep(app, tally, ["easy", "human"], 8, {"match-format": "single-hand"}, rng, decisions=20)
    sweep(app, tally, ["easy", "easy", "easy", "human"], 5, {"special-cards": True, "match-format": "single-hand"},
          rng, decisions=14)
    assert tally.phases[DRAFT] >= 2 and tally.phases[ROUND] >= 40, tally.phases
    assert tally.lit >= 200, tally.lit
    assert sum(tally.refused.values()) >= 1000, tally.refused
    keys = set(tally.refused)
    for key in ("pp.drop.treasure", "pp.drop.pirate", "pp.drop.towels", "pp.reason.draft_first",
                "pp.reason.round1_bury", "pp.reason.step_a_first", "pp.reason.step_a_done", "pp.reason.too_low"):
        assert key in keys, (key, tally.refused)
    print(f"\n{tally.positions} positions {dict(tally.phases)}: {tally.lit} lit, {dict(tally.refused)}")
    assert len(keys) >= 14, tally.refused


def test_the_seating_choice_refuses_every_drop_with_its_rule(app):
    """V2: in a two-hands match the lowest scorer of hand 1 chooses a position first; until then every
    drop is refused, saying so."""
    state = position(3, match_format="two-hands", finished=[scored_final([10, 3, 12])], phase="seating")
    assert state.hand.phase == SEATING
    scene = table_at(app, state, human=state.current_player)
    lit, refused = check_drops(scene)
    assert lit == 0 and refused["pp.reason.seating_first"] > 10
    assert set(refused) <= {"pp.reason.seating_first", "pp.drop.treasure", "pp.drop.pirate", "pp.drop.towels"}


def test_the_final_turn_takes_one_group_on_one_treasure_and_says_so(app):
    """R28: the starting player's final turn: towels only, one group on a single treasure."""
    state = position(3, phase="final", beach=[Buried(pile=[(1, 2)]), Buried(pile=[(2, 1)]), Buried()])
    scene = table_at(app, state, human=state.current_player)
    tally = Tally()
    tally.probe(scene)
    assert tally.lit > 0
    assert {"pp.drop.towels", "pp.reason.final_towels_only"} <= set(tally.refused), tally.refused
    seat = scene.my_turn()
    play = next(a for a in scene.legal() if isinstance(a, PlayTowels))
    assert scene.try_action(play) is None
    frames(app, 1)
    tally.probe(scene)
    assert "pp.reason.final_one_treasure" in tally.refused and scene.my_turn() == seat


def test_R24_when_no_towel_fits_the_refusals_say_show_them(app):
    """R24: red holds only a 1 and every treasure has a 2 or a 3 on top: each drop says what the top card
    asks, ending the turn says to show the towels; once shown, a towel dropped says the towels were shown."""
    from game.games.playa_pirata.rules import ShowHand
    from tests.games.playa_pirata.helpers import REST
    state = position(2, round=3, turn=0, step="B", towels={0: [1]}, central=Buried(pile=[(1, 3)]),
                     beach=[Buried(pile=[(0, REST), (1, 2)])])
    scene = table_at(app, state)
    tally = Tally()
    tally.probe(scene)
    assert tally.lit == 0 and tally.refused["pp.reason.too_low"] == 2
    assert scene.state.check(EndTurn(0)).key == "pp.reason.show_to_end"
    assert scene.try_action(ShowHand(0)) is None
    frames(app, 1)
    tally.probe(scene)
    assert tally.refused["pp.reason.towels_shown"] == 2
    assert scene.state.check(ShowHand(0)).key == "pp.reason.already_shown"


@pytest.mark.parametrize("card", SPECIALS)
def test_every_special_card_lights_where_it_is_played_and_says_why_elsewhere(app, card):
    """V6-V16: each special card in hand, probed before step A, in step B and with groups of towels held:
    the card lights on the targets its rule allows (the Lifeguard on a player, the others on a treasure;
    the Flag and the kept cards never) and every other target says which rule refuses it."""
    scene = table_at(app, special_position(card))
    rng = random.Random(card)
    tally = Tally()
    tally.probe(scene)
    pick = next(s.payload for s in scene.hand_sprites if s.payload.kind == "special")
    lit = [t.data for t in scene.drag.targets if scene.drop_verdict(pick, t) is True]
    where = {a.target for a in scene.legal() if isinstance(a, PlaySpecial)}
    if card == LIFEGUARD:
        assert lit == [("seat", seat) for seat in (1, 2) if scene.hand_view(0).treasures[seat]] != []
    else:
        assert sorted(i for _, i in lit) == sorted(where)  # on each treasure it may act on, nowhere else
    if card in (FLAG, SANDCASTLE, SKELETON, WAVE):
        assert not lit
    scene.try_action(PlayPirate(0, "pirate-red-map", -1))  # step A done: step B
    frames(app, 1)
    assert scene.hand_view(0).step == STEP_B
    for _ in range(4):
        vary_the_hold(scene, rng)
        tally.probe(scene)
    reasons = set(tally.refused)
    expected = {DOUBLE: {"pp.reason.flagged", "pp.reason.double_umbrella"},
                BUCKET: {"pp.reason.flagged", "pp.reason.bucket_top", "pp.reason.face_up", "pp.drop.bucket"},
                LIFEGUARD: {"pp.drop.lifeguard"},
                SLIPPERS: {"pp.reason.flagged", "pp.reason.slippers_same", "pp.reason.slippers"},
                PIGGY: {"pp.reason.flagged", "pp.reason.piggy", "pp.drop.piggy"},
                PARROT: {"pp.reason.flagged", "pp.reason.umbrella_blocks", "pp.reason.parrot_empty"},
                FLAG: {"pp.reason.flag_with_burial"},
                }.get(card, {"pp.reason.kept_card"})
    assert expected <= reasons, (card, tally.refused)


def refused_drag(app, scene, sprite, to, reason) -> None:
    """A real drag of ``sprite`` to ``to``: nothing is played, the card glides back, and ``reason`` is on
    screen, by the card and in a toast, in its own words."""
    actions = len(scene.session.actions)
    drag(app, (sprite.rect.x + 6, sprite.rect.centery), to)  # the card's own corner: hand cards overlap
    assert len(scene.session.actions) == actions
    assert scene.drag.message == reason  # the bubble by the card
    assert tr(reason) in app.toasts.texts() and tr("ui.drag.not_here") not in app.toasts.texts()


def test_a_refused_drag_shows_the_rule_not_a_generic_message(app):
    """Real drags: a treasure dropped on a buried treasure and the Lifeguard dropped on a treasure (they
    mean nothing: treasures are buried on the open sand, R10; the Lifeguard looks at a player, V13); a
    towel too low for the top card (the engine's R21, with the numbers)."""
    from game.core.protocol import Text
    scene = table_at(app, special_position(LIFEGUARD))
    treasure = next(s for s in scene.hand_sprites if s.payload.kind == "treasure")
    refused_drag(app, scene, treasure, scene.spot_rects[0].center, Text.of("pp.drop.treasure"))
    lifeguard = next(s for s in scene.hand_sprites if s.payload.kind == "special")
    refused_drag(app, scene, lifeguard, scene.spot_rects[2].center, Text.of("pp.drop.lifeguard"))
    assert scene.try_action(BuryTreasure(0, scene.hand_view(0).treasures[0][0])) is None
    frames(app, 2)
    one = next(s for s in scene.hand_sprites if s.payload.kind == "towel" and TOWEL_VALUE[s.payload.card] == 1)
    reason = scene.state.check(PlayTowels(0, 0, (1,)))  # the central treasure: a blue 3 on top
    assert reason is not None and reason.key == "pp.reason.too_low"
    refused_drag(app, scene, one, scene.spot_rects[0].center, reason)
    assert "3" in tr(reason) and "4" in tr(reason)  # the top card and what beats it


@pytest.mark.soak
def test_soak_every_lit_target_is_legal_and_every_refusal_names_its_rule(app):
    """`make soak`: the sweep over a dozen whole matches (2-4 players, every format, with and without the
    special cards), the human in every seat."""
    tally = Tally()
    rng = random.Random(1515)
    for seed in range(12):
        players = 2 + seed % 3
        kinds = ["easy"] * players
        kinds[seed % players] = "human"
        options = {"special-cards": seed % 2 == 0, "match-format": ("single-hand", "two-hands", "full")[seed % 3]}
        sweep(app, tally, kinds, seed, options, rng, decisions=400)
    print(f"\nsoak: {tally.positions} positions {dict(tally.phases)}, {tally.lit} lit, "
          f"{sum(tally.refused.values())} refused, {len(tally.refused)} reasons: {dict(tally.refused)}")
    assert tally.phases[FINAL] and tally.phases[DRAFT] and len(tally.refused) >= 20
