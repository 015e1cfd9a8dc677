"""The easy bot (spec section 10): legal, blind to what its seat cannot see, never sabotages its own ship,
accuses only when the owner is certain and the ship has at least 2 fame. Medium and hard are later work
(issue 18 item 8) and play the easy policy meanwhile."""
from __future__ import annotations

from game.core.bots import play_out
from game.games.spanish_main import GAME
from game.games.spanish_main.bots import certain_owner
from game.games.spanish_main.rules import Accuse, PlayCard, RULES, card_type
from tests.games.spanish_main.helpers import at


def test_every_level_plays_whole_games_legally():
    for players in (2, 3, 4):
        s = RULES.new_game(players, {"movement-hand": players == 3, "imminent-adventures": players == 4}, players)
        bots = [GAME.bot(level, seat, seat + 1, playouts=2)
                for seat, level in enumerate(("easy", "medium", "hard", "easy")[:players])]
        assert play_out(s, bots).is_over()


def test_the_same_view_and_seed_give_the_same_choice():
    s = RULES.new_game(3, {}, 8)
    seat = s.current
    assert GAME.bot("easy", seat, 5).choose(s.view(seat)) == GAME.bot("easy", seat, 5).choose(s.view(seat))


def test_easy_never_sabotages_its_own_ship():
    s = at(pirates={0: ["EN1", "ES1"]}, market=["mv-sabotage"] * 3, adventure="adv-treasure-map")
    for seed in range(12):
        a = GAME.bot("easy", 0, seed).choose(s.view(0))
        sabotage = isinstance(a, PlayCard) and card_type(a.card) == "mv-sabotage"
        assert not (sabotage and a.ship in ("ship-en-1", "ship-es-1"))


def test_easy_accuses_only_a_certain_owner_with_fame():
    # 3 players: 3 set aside, all three known unowned after Mutinies; seat 2 is publicly not NL3
    s = at(pirates={0: ["EN1", "ES1"], 1: ["NL3", "EN2"], 2: ["ES2", "EN3"]}, unowned=["NL1", "NL2", "ES3"],
           denied={2: ["NL3"]}, fame={"NL3": 6}, adventure="adv-kraken")
    assert certain_owner(s.view(0), 0, "pirate-nl-3") == 1
    assert certain_owner(s.view(0), 0, "pirate-en-2") is None
    choices = {GAME.bot("easy", 0, seed).choose(s.view(0)) for seed in range(10)}
    accusations = [a for a in choices if isinstance(a, Accuse)]
    assert all(a.accused == 1 and a.pirate == "pirate-nl-3" for a in accusations) and accusations
