"""The position builder: the module's worked example, and positions the game cannot be in refused."""
from __future__ import annotations

import pytest

from game.games.spanish_main.positions import PositionError, position
from game.games.spanish_main.rules import Pass


def test_the_worked_example_of_the_module():
    s = position(2, row=["EN1", "ES1", "NL1", "EN2", "ES2", "NL2", "EN3", "ES3", "NL3"], damaged=["EN1", "NL1"],
                 adventure="adv-treasure-map", deck=20)
    s.apply(Pass(0))
    assert [s.fame_of(x) for x in ("ship-es-1", "ship-en-2", "ship-es-2")] == [1, 1, 1] and len(s.adv_deck) == 17


@pytest.mark.parametrize("kw,word", [
    ({"row": ["EN1"] * 9}, "row"),
    ({"pirates": {0: ["EN1", "ES1"], 1: ["EN1", "NL1"]}}, "twice"),
    ({"revealed": ["NL3"]}, "nobody"),
    ({"market": ["mv-fog", "mv-fog", "mv-rip"]}, "no movement card"),
    ({"deck": 20, "discard": []}, "secured"),
    ({"turn": 5}, "turn"),
])
def test_impossible_positions_are_refused(kw, word):
    with pytest.raises(PositionError) as caught:
        position(3, **kw)
    assert word in str(caught.value)


def test_scripted_draws_come_in_order():
    s = position(3, adventure="adv-kraken", market=["mv-rip", "mv-rip", "mv-fog"],
                 draws=["mv-sabotage-2", "adv-volcano"])
    s.apply(Pass(0, "mv-fog-1"))
    assert s.market[2] == "mv-sabotage-2" and s.adv_row == ["adv-volcano-1"]
