"""Island Race secrets (spec S4, A14, §10): what the game keeps from everyone, twins that nobody can tell
apart, and damaged positions a load refuses with a reason naming what is wrong.

The positions are taken from random races (every option, 2-4 players, sampled at many steps, finished
rounds and finished matches among them)."""
from __future__ import annotations

import json

import pytest

from game.core.rng import Rng
from game.games.island_race.rules import RULES, SYSTEM, IslandMatch, Piece, Take
from game.games.island_race.tiles import TILE_IDS, face_of
from tests.games.island_race.helpers import random_race

CONFIGS = [(2, {}), (3, {"no-timer": True}), (4, {"expert-timer": True}), (2, {"big-island": True}),
           (2, {"big-island": True, "no-timer": True}), (3, {}), (4, {"no-timer": True})]


def race_positions(players: int, options: dict, seed: int, steps: int = 500, every: int = 9) -> list[IslandMatch]:
    """Snapshots of a random race (``helpers.random_race``: placing preferred, TimeUp now and then)."""
    out: list[IslandMatch] = []

    count = [0]

    def every_few(before, action, after):
        if count[0] == 0:
            out.append(before)
        count[0] += 1
        if count[0] % every == 0:
            out.append(after.clone())

    m, _ = random_race(players, options, seed + 1000, steps, every_few)
    out.append(m)
    return out


POSITIONS = [(i, p) for i, (players, options) in enumerate(CONFIGS)
             for p in race_positions(players, options, 40 + i)]


def dump(x) -> str:
    return json.dumps(x, sort_keys=True)


def test_the_secrets_are_declared_once():
    assert len(RULES.secrets) == 3 and all(isinstance(s, str) and s for s in RULES.secrets)
    assert not RULES.has_secrets  # S4: nothing is secret between players, no privacy screen


def test_S4_a_twin_looks_the_same_to_every_seat_and_differs_underneath():
    assert len(POSITIONS) >= 140 and any(p.is_over() for _, p in POSITIONS)
    swapped = 0
    for k, (_, m) in enumerate(POSITIONS):
        before = dump(m.to_json())
        seat = [None, *range(m.players)][k % (m.players + 1)]
        t = RULES.twin(m, seat, Rng(k))
        assert dump(m.to_json()) == before, "twin() must not change the state"
        assert isinstance(t, IslandMatch) and dump(t.to_json()) != before
        assert t.rng.state() != m.rng.state()          # another generator behind the next mixes
        RULES.validate_state(m)
        RULES.validate_state(t)
        RULES.validate_state(RULES.state_from_json(json.loads(dump(t.to_json()))))
        for viewer in (None, *range(m.players)):
            assert dump(t.view(viewer).to_json()) == dump(m.view(viewer).to_json())
        assert [e.to_json() for e in t.log] == [e.to_json() for e in m.log]
        assert t.legal_actions(None) == m.legal_actions(None)
        swapped += sum(1 for p, q in zip(m.hand.pile, t.hand.pile) if p is not None and p.tile != q.tile)
    assert swapped > 700  # tiles really trade identities, not only the generator


def test_A14_a_twin_keeps_every_up_face_and_changes_only_which_tile_shows_it():
    _, m = POSITIONS[len(POSITIONS) // 2]
    t = RULES.twin(m, 0, Rng(5))
    for rnd, other in ((m.hand, t.hand),) + (((m.last_hand, t.last_hand),) if m.last_hand is not None else ()):
        pieces = [(p, q) for p, q in zip(rnd.pile + rnd.hands + [x for g in rnd.grids for x in g],
                                         other.pile + other.hands + [x for g in other.grids for x in g])]
        for p, q in pieces:
            assert (p is None) == (q is None)
            if p is not None:
                assert (p.side, p.rot, p.face) == (q.side, q.rot, q.face)
                assert q.face == face_of(q.tile, q.side, q.rot)
        assert other.all_tiles() == sorted(TILE_IDS)


def test_S4_a_twin_s_next_round_is_mixed_from_another_generator():
    m = RULES.new_game(2, {}, 9)
    t = RULES.twin(m, None, Rng(1))
    for state in (m, t):
        state.apply(state.legal_actions(SYSTEM)[0])   # Go!
        state.apply(state.legal_actions(SYSTEM)[0])   # time up: round 2 is mixed
    assert [p.tile for p in t.hand.pile] != [p.tile for p in m.hand.pile]


def test_twin_refuses_what_is_not_a_match():
    m = RULES.new_game(2, {}, 1)
    with pytest.raises(ValueError):
        RULES.twin(m.hand, None, Rng(1))
    with pytest.raises(ValueError):
        RULES.twin(m.view(0), None, Rng(1))


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_corrupted_positions_are_refused_with_a_message_naming_what_is_wrong(config):
    words: set[str] = set()
    for i, m in POSITIONS:
        if i != config:
            continue
        for word, damaged in RULES.corruptions(m.to_json()):
            words.add(word)
            with pytest.raises(ValueError) as info:
                RULES.validate_state(RULES.state_from_json(json.loads(dump(damaged))))
            assert word.lower() in str(info.value).lower(), (word, str(info.value))
    # a tile removed, doubled, unknown, off the island; a seat out of range; totals; a tile apart or early
    assert {"missing", "twice", "unknown tile", "island", "seat", "players", "totals"} <= words
    assert words & {"touch", "started"}


def test_a_damaged_tile_is_refused_when_read():
    for bad in ({"tile": "T01", "side": 2, "rot": 0}, {"tile": "T01", "side": 0, "rot": 4},
                {"tile": 5, "side": 0, "rot": 0}, "T01", {"tile": "T01", "side": True, "rot": 0}):
        with pytest.raises(ValueError):
            Piece.from_json(bad)
    data = RULES.new_game(2, {}, 1).to_json()
    del data["hand"]["pile"]
    with pytest.raises(ValueError, match="not an Island Race position"):
        RULES.state_from_json(data)


def test_a_taken_tile_of_a_round_keeps_its_secret_in_the_twin():
    m = RULES.new_game(3, {}, 4)
    m.apply(m.legal_actions(SYSTEM)[0])
    m.apply(Take(1, 7))
    t = RULES.twin(m, 2, Rng(3))
    assert t.hand.hands[1].face == m.hand.hands[1].face and t.hand.hand_slot == m.hand.hand_slot
    assert t.view(2).hand.hands[1].tile is None
