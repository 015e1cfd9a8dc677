"""Playa Pirata's secrets, declared once (``PlayaRules.secrets``, ``twin``, ``corruptions``).

A twin of a position for a seat re-deals everything that seat has not seen (the other hands' treasures,
face-down treasures it did not bury or look at, the removed treasures, the special cards it was not
shown, the other seats' Lifeguard looks, the deals of the hands to come) and keeps everything it has
seen. Over random positions of random matches: the seat's view of the twin is the view of the original,
the twin is still a position of the game, and it differs from the original where there is something to
hide. Every damaged save of ``corruptions`` is refused with a message naming what is wrong."""
from __future__ import annotations

import json

import pytest

from game.core.rng import Rng
from game.games.playa_pirata.cards import UNKNOWN
from game.games.playa_pirata.rules import RULES, PlayaHand, PlayaMatch, twin_hand

CONFIGS = [  # (players, options)
    (2, {"match-format": "two-hands"}),
    (2, {"match-format": "single-hand", "special-cards": True}),
    (3, {"match-format": "full", "special-cards": True}),
    (3, {"match-format": "two-hands", "special-cards": True, "first-player": "seat-2"}),
    (4, {"match-format": "single-hand"}),
    (4, {"match-format": "two-hands", "special-cards": True}),
]


def positions(players: int, options: dict, seed: int, every: int = 9):
    """Positions of one random match: the first, every ``every`` actions and the last."""
    m = RULES.new_game(players, options, seed)
    rng = Rng(seed + 1)
    step = 0
    yield m.clone()
    while not m.is_over():
        m.apply(rng.choice(m.legal_actions()))
        step += 1
        if step % every == 0 or m.is_over():
            yield m.clone()


def js(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def hidden_places(m: PlayaMatch, seat) -> list[tuple[str, ...]]:
    """The treasure cards of the hand in play that ``seat``'s view does not show, by place (a hand, a
    spot, the removed cards), as kinds: a re-deal can change something when two places differ."""
    real, seen = m.hand, m.hand.view(seat)
    places = [tuple(sorted(c[:-2] for c, x in zip(h, v) if x == UNKNOWN))
              for h, v in zip(real.treasures, seen.treasures)]
    places += [(sp.treasure[:-2],) for sp, v in zip(real.beach, seen.beach) if v.treasure == UNKNOWN]
    places.append(tuple(sorted(c[:-2] for c in real.removed)))
    return [p for p in places if p]


@pytest.mark.parametrize("players,options", CONFIGS, ids=[f"{p}p-{'-'.join(map(str, o.values()))}" for p, o in CONFIGS])
def test_a_twin_looks_the_same_to_its_seat_and_is_a_position_of_the_game(players, options):
    checked = could = redealt = 0
    for k, m in enumerate(positions(players, options, 40 + players)):
        before = js(m)
        RULES.validate_state(m)
        for seat in [None, *range(players)]:
            twin = RULES.twin(m, seat, Rng(1000 * k + (seat or 0)))
            assert js(m) == before, "twin() changed the state it was given"
            assert isinstance(twin, PlayaMatch)
            RULES.validate_state(twin)
            RULES.validate_state(RULES.state_from_json(json.loads(js(twin))))
            assert json.dumps(twin.view(seat).to_json()) == json.dumps(m.view(seat).to_json())
            assert [e.to_json() for e in twin.view(seat).log] == [e.to_json() for e in m.view(seat).log]
            if seat is not None:
                assert [a.to_json() for a in twin.legal_actions(seat)] == [a.to_json() for a in m.legal_actions(seat)]
            assert js(twin) != before  # the generator of the deals to come always differs
            assert twin.rng.state() != m.rng.state()
            # where the seat has not seen two places holding different cards, re-deals move them
            places = hidden_places(m, seat)
            if len(set(places)) > 1:
                could += 1
                hands = {json.dumps(RULES.twin(m, seat, Rng(7 * j + k)).hand.to_json(), sort_keys=True)
                         for j in range(4)}
                redealt += bool(hands - {json.dumps(m.hand.to_json(), sort_keys=True)})
            checked += 1
    assert checked > 20 and could > 10
    assert redealt >= 0.9 * could, f"only {redealt} of {could} positions with hidden cards had a different twin"


def test_a_twin_keeps_what_the_seat_has_seen_and_tells_other_seats_their_own_cards():
    """Private log lines of other seats are told from the twin's cards: each seat of the twin can read
    in its own log what it buried, matching the twin's beach."""
    for m in positions(3, {"match-format": "single-hand", "special-cards": True}, 5, every=4):
        h = m.hand
        for seat in range(3):
            twin = RULES.twin(m, seat, Rng(3)).hand
            assert twin.treasures[seat] == h.treasures[seat]
            assert twin.special_hand[seat] == h.special_hand[seat]
            assert twin.draft_seen[seat] == h.draft_seen[seat]
            for i, (sp, tsp) in enumerate(zip(h.beach, twin.beach)):
                if h.treasure_visible_to(i, seat):
                    assert tsp.treasure == sp.treasure
            for other in range(3):
                lines = [e.get("text") for e in twin.events if e.kind == "said" and e.audience == (other,)
                         and e.get("text").key == "pp.log.bury_private"]
                for text in lines:
                    spot = text.kwargs["spot"] - 1
                    assert twin.beach[spot].buried_by == other
                    assert text == _bury_line(twin, spot)


def _bury_line(h: PlayaHand, spot: int):
    from game.core.protocol import T
    from game.games.playa_pirata.cards import treasure_text
    return T("pp.log.bury_private", spot=spot + 1, treasure=treasure_text(h.beach[spot].treasure))


def test_a_lone_hand_has_twins_too():
    h = PlayaHand.deal(3, {"special-cards": True}, 9, 1)
    twin = twin_hand(h, 2, Rng(4))
    assert twin.view(2).to_json() == h.view(2).to_json()
    assert RULES.twin(h, 2, Rng(4)).to_json() == twin.to_json()


def test_the_secrets_are_declared_in_plain_words():
    assert len(RULES.secrets) >= 5 and all(isinstance(s, str) and " " in s for s in RULES.secrets)


@pytest.mark.parametrize("players,options", CONFIGS[:4], ids=[f"{p}p-{k}" for k, (p, _) in enumerate(CONFIGS[:4])])
def test_every_corruption_is_refused_naming_what_is_wrong(players, options):
    words = set()
    for k, m in enumerate(positions(players, options, 70 + players, every=23)):
        damaged = list(RULES.corruptions(m.to_json()))
        assert len(damaged) >= 4
        for word, data in damaged:
            with pytest.raises(ValueError) as caught:
                RULES.validate_state(RULES.state_from_json(json.loads(json.dumps(data))))
            assert word.lower() in str(caught.value).lower(), (word, str(caught.value))
            words.add(word.split("-")[0])
    # a treasure, a towel and a pirate removed or doubled, a marker off the beach, a seat out of range
    assert {"treasure", "towel", "pirate", "parrot", "seat"} <= words
    if options.get("special-cards"):
        assert "special" in words
