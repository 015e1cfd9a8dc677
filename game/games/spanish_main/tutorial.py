"""Learn to play Pirates of the Spanish Main (issue 15, item 1; issue 18): the last turns of a 3-player game against
two scripted bots, on the real table with the real gestures, up to the end of the game.

The learner is the Captain, seat 0; Marta (seat 1) and Rocco (seat 2) are the bots, whose every move is the
script's. The position (``positions.position``), the row front (space 1) to back (space 9)::

    1 Santa Tormenta (ES1, 3)  2 Saucy Meg (EN3, 1)  3 El Relampago (ES3, 2)  4 Zwarte Tulp (NL3, 1)
    5 La Sirena Negra (ES2, 0)  6 Wyvern's Wake (EN2, 1)  7 Zeewolf (NL1, 0)  8 Crimson Gull (EN1, 1)
    9 Vliegende Haring (NL2, 0)

The Captain owns Wyvern's Wake and Zeewolf (Mary Rookwood, Joris van Zout); Marta Santa Tormenta and Zwarte Tulp;
Rocco Crimson Gull (revealed earlier: Marta accused him rightly and holds 2 secured fame) and El Relampago; the
pirates of Saucy Meg, La Sirena Negra and Vliegende Haring were set aside (a Mutiny made La Sirena Negra's public).
Three wrong accusations of Marta were made earlier: she is not Finch, Stormvogel nor Mano de Hierro. The adventure
deck is short (``DRAWS`` names every card the game draws, in order): the game ends after thirteen turns.

What happens, turn by turn:

1. Captain: Full Speed Ahead on Zeewolf, 7 -> 1; Treasure Map: the first 3 undamaged ships +1, paid
   with 2 cards from the deck and the Treasure Map itself.
2. Marta: Lost at Sea on El Relampago, 4 -> 9; Volcano damages the first undamaged ship, Zeewolf.
   Rocco: accuses the Captain of being Griet Stormvogel: "No!"; Secret Charts skips the damaged Zeewolf.
3. Captain: Repair; Neptune's Favor: spaces 5, 3 and 1 (Zeewolf) +1.
4. Marta: Full Speed Ahead on Zwarte Tulp, 4 -> 1; Maelstrom damages the last undamaged ship, El Relampago.
   Rocco: Repair; Mermaids: spaces 6, 4 and 2.
5. Captain: Temporary Alliance on the gap between spaces 6 and 7 (Wyvern's Wake and Crimson Gull), to 3 and 4;
   Ancient Relics: spaces 3, 2 and 1 +1.
6. Marta: Fog: the Cursed Ship is discarded without effect. Rocco: Lost at Sea on Zwarte Tulp, 1 -> 7;
   Secret Charts: Zeewolf and Wyvern's Wake +1.
7. Captain: the notes leave Marta only two captains: she is Diego Salvaje; the accusation takes half of Santa
   Tormenta's 5 fame, rounded up: 3, secured for good; Diego can no longer be accused.
   Maelstrom damages El Relampago.
8. Marta: Sabotage on Saucy Meg; Ghost Ship: spaces 9, 8 and 7 lose 1 fame. Rocco: passes;
   Cursed Waters damages spaces 9, 7 and 5. The deck is empty: the Kraken, turned then, was its last card.
9. Captain: passes, replacing a market card; the Kraken resolves; no adventure is left: the game ends,
   every captain is revealed, each player's ships' fame is added to their secured fame: the Captain
   wins with 12 (Marta 5, Rocco 2).

Not played in this lesson: the flag cards (Advance, Retreat), Caught in a Rip, Mutiny, Attack and Loot (the rules
page tells them), the variants ``extended-fame``, ``imminent-adventures`` and ``movement-hand`` (the last words name
them) and so ``sm.discard``, the accused's discard of ``movement-hand``.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from game.core.protocol import Action, Text
from game.games.spanish_main.positions import position
from game.games.spanish_main.rules import Accuse, Pass, PlayCard, Repair, card_type
from game.scenes.coach import Step, Tutorial, both

CAPTAIN, MARTA, ROCCO = 0, 1, 2

ZEEWOLF, WYVERN, SANTA, TULP, RELAMPAGO, GULL, MEG = ("ship-nl-1", "ship-en-2", "ship-es-1", "ship-nl-3",
                                                       "ship-es-3", "ship-en-1", "ship-en-3")
DIEGO = "pirate-es-1"

#: every card the game draws, in the order it draws them: market refills (mv-), fame paid face down from the
#: adventure deck and the adventure turned at each turn's end (adv-). The adventure deck is these adv- cards.
DRAWS = (
    "mv-sabotage", "adv-parley", "adv-parley", "adv-volcano",                  # 1 Captain: Treasure Map
    "mv-full-speed", "adv-secret-charts",                                      # 2 Marta: Volcano
    "adv-storm-ahead", "adv-neptunes-favor",                                   # 2 Rocco: Secret Charts
    "adv-maelstrom", "adv-maelstrom", "adv-maelstrom",                         # 3 Captain: Neptune's Favor
    "mv-fog", "adv-mermaids",                                                  # 4 Marta: Maelstrom
    "adv-native-alliance", "adv-native-alliance", "adv-ancient-relics",                # 4 Rocco: Mermaids
    "mv-lost-at-sea", "adv-volcano", "adv-island-discovery", "adv-cursed-ship",   # 5 Captain: Ancient Relics
    "mv-rip", "adv-secret-charts",                                             # 6 Marta: Fog (Cursed Ship)
    "mv-sabotage", "adv-island-discovery", "adv-maelstrom",                     # 6 Rocco: Secret Charts
    "adv-ghost-ship",                                                          # 7 Captain: Maelstrom
    "mv-advance-es", "adv-cursed-waters",                                      # 8 Marta: Ghost Ship
    "adv-kraken",                                                              # 8 Rocco: Cursed Waters
    "mv-retreat-nl",                                                           # 9 Captain: Kraken, the end
)


def start(rules: Any = None) -> Any:
    """The lesson's position (the module's docstring)."""
    return position(
        3, row=["ES1", "EN3", "ES3", "NL3", "ES2", "EN2", "NL1", "EN1", "NL2"],
        fame={"ES1": 3, "EN3": 1, "ES3": 2, "NL3": 1, "EN2": 1, "EN1": 1},
        pirates={CAPTAIN: ["EN2", "NL1"], MARTA: ["ES1", "NL3"], ROCCO: ["EN1", "ES3"]},
        revealed=["EN1"], unowned=["ES2"], denied={MARTA: ["EN3", "NL2", "ES3"]}, secured={MARTA: 2},
        adventure="adv-treasure-map", market=["mv-full-speed", "mv-alliance", "mv-lost-at-sea"],
        deck=sum(1 for d in DRAWS if d.startswith("adv-")), draws=DRAWS, seed=18)


def C(key: str, **kwargs: Any) -> Text:
    """A line of the coach: ``sm.coach.<key>`` in the spanish_main_coach catalogs."""
    return Text.of(f"sm.coach.{key}", **kwargs)


# What the learner is to do ---------------------------------------------------------------------------
def play(kind: str, ship: str) -> Callable[[Action], bool]:
    return lambda a: isinstance(a, PlayCard) and card_type(a.card) == kind and a.ship == ship


def repair(action: Action) -> bool:
    return isinstance(action, Repair)


def accuse_diego(action: Action) -> bool:
    return isinstance(action, Accuse) and action.accused == MARTA and action.pirate == DIEGO


def passes(action: Action) -> bool:
    return isinstance(action, Pass)          # R30: with a card replaced or not, the learner's choice


# The bots' turns: each seat's planned action -----------------------------------------------------------
def _card(state: Any, kind: str) -> str:
    return next(c for c in state.market if card_type(c) == kind)


def bots(plans: dict[int, Callable[[Any], Action]]) -> Callable[[Any], Action]:
    def act(state: Any) -> Action:
        seat = state.current
        plan = plans.get(seat)
        if plan is not None:
            action = plan(state)
            if state.check(action) is None:
                return action
        return Pass(seat)
    return act


def bot_play(seat: int, kind: str, ship: str = "") -> Callable[[Any], Action]:
    return lambda s: PlayCard(seat, _card(s, kind), ship)


BOTS_1 = bots({MARTA: bot_play(MARTA, "mv-lost-at-sea", RELAMPAGO),            # R10
               ROCCO: lambda s: Accuse(ROCCO, CAPTAIN, "pirate-nl-2")})         # R28: a wrong accusation
BOTS_2 = bots({MARTA: bot_play(MARTA, "mv-full-speed", TULP),                   # R9
               ROCCO: lambda s: Repair(ROCCO)})                                 # R21
BOTS_3 = bots({MARTA: bot_play(MARTA, "mv-fog"),                                # R20
               ROCCO: bot_play(ROCCO, "mv-lost-at-sea", TULP)})                 # R10
BOTS_4 = bots({MARTA: bot_play(MARTA, "mv-sabotage", MEG),                      # R16
               ROCCO: lambda s: Pass(ROCCO)})                                   # R30


# Where the coach points (the real table's rects) -----------------------------------------------------
def _ship(scene: Any, ship: str) -> pygame.Rect:
    return pygame.Rect(scene.lay.ship_rect(scene.game.space_of(ship)))


def ships(*names: str) -> Callable[[Any], list[pygame.Rect]]:
    return lambda scene: [_ship(scene, s) for s in names]


def _market(scene: Any, kind: str) -> pygame.Rect | None:
    for card, rect in zip(scene.game.market, scene.lay.market):
        if card_type(card) == kind:
            return pygame.Rect(rect)
    return None


def _held(scene: Any) -> str | None:
    held = scene.drag.holding
    return scene.drag.payload_of(held) if held is not None else None


def card_to(kind: str, target: Callable[[Any], pygame.Rect]) -> Callable[[Any], list[pygame.Rect]]:
    """The market card to pick up and where it goes (the card first); once it is in hand, the target alone."""
    def where(scene: Any) -> list[pygame.Rect]:
        held = _held(scene)
        if held is not None and card_type(held) == kind:
            return [target(scene)]
        card = _market(scene, kind)
        return [card, target(scene)] if card is not None else [target(scene)]
    return where


def ship_of(name: str) -> Callable[[Any], pygame.Rect]:
    return lambda scene: _ship(scene, name)


def gap_behind(name: str) -> Callable[[Any], pygame.Rect]:
    """The gap between ``name`` and the ship behind it (the pair cards' target)."""
    return lambda scene: pygame.Rect(scene.lay.gaps[scene.game.space_of(name) - 1])


def marks(scene: Any) -> list[pygame.Rect]:
    """The ships the active adventure would reward or hurt now (the green and red frames)."""
    p = scene.preview(None)
    names = list(p.get("gain") or {}) + [s for s in (p.get("hurt") or {}) if s not in (p.get("gain") or {})]
    return [_ship(scene, s) for s in names if s in scene.game.row]


def pirates_panel(scene: Any) -> pygame.Rect:
    return pygame.Rect(scene.lay.pirates)


def active(scene: Any) -> pygame.Rect:
    return pygame.Rect(scene.lay.active)


def deck(scene: Any) -> pygame.Rect:
    return pygame.Rect(scene.lay.adv_deck)


def seats(scene: Any) -> pygame.Rect:
    return pygame.Rect(scene.lay.seats)


def seat(k: int) -> Callable[[Any], pygame.Rect]:
    return lambda scene: pygame.Rect(scene._seat_boxes()[k])


def cells(*keys: str) -> Callable[[Any], list[pygame.Rect]]:
    """Cells of the notes ("<seat>:<pirate>"), as the grid last drew them (the whole grid before it was drawn)."""
    def where(scene: Any) -> list[pygame.Rect]:
        got = [pygame.Rect(scene.notes._cells[k]) for k in keys if k in scene.notes._cells]
        return got or [pygame.Rect(scene.notes.rect)]
    return where


def button(name: str) -> Callable[[Any], pygame.Rect]:
    return lambda scene: pygame.Rect(getattr(scene, f"{name}_button").rect)


def accuse_target(scene: Any) -> list[pygame.Rect]:
    """Accuse, then in the dialog Marta, then Diego Salvaje, then the dialog's Accuse."""
    d = scene.accuse
    if d is None:
        return [pygame.Rect(scene.accuse_button.rect)]
    if d.player != MARTA:
        return [pygame.Rect(d.player_rects[MARTA])]
    if d.pirate != DIEGO:
        return [pygame.Rect(d.pirate_rects[DIEGO])]
    return [pygame.Rect(d.ok.rect)]


def pass_target(scene: Any) -> list[pygame.Rect]:
    """Pass, then the chooser (just pass, or pass and replace a card)."""
    c = scene.chooser
    if c is not None and c.rect.w:
        return [pygame.Rect(c.rect)]
    return [pygame.Rect(scene.pass_button.rect)]


def ending(scene: Any) -> pygame.Rect | None:
    return pygame.Rect(scene.ending.rect) if scene.ending.visible else None


# When a reading step's Next is offered ---------------------------------------------------------------
def panel_up(scene: Any) -> bool:
    """The final count is on screen (or the lesson was resumed after the game's end)."""
    return scene.ending.visible or (scene.state.is_over() and not scene._final_due)


def scored(state: Any) -> bool:
    """The game ended: every captain revealed, the fame counted."""
    return bool(state.over) and any(e.kind == "ended" and e.get("what") == "game" for e in state.events)


STEPS = [
    Step(C("welcome"), point=lambda s: pygame.Rect(s.lay.row), name="welcome"),
    Step(C("pirates"), point=both(pirates_panel, ships(ZEEWOLF, WYVERN)), name="pirates"),
    Step(C("adventure"), point=both(active, marks), name="adventure"),
    # turn 1: a card onto a ship, its ghost, the adventure paid from the deck
    Step(C("play"), expect=play("mv-full-speed", ZEEWOLF), point=card_to("mv-full-speed", ship_of(ZEEWOLF)),
         after=C("play.after"), after_point=ships(ZEEWOLF, SANTA, MEG), name="play"),
    Step(C("clock"), point=both(deck, marks), name="clock"),
    Step(C("bots1"), bot=BOTS_1, after=C("bots1.after"), after_point=ships(RELAMPAGO, ZEEWOLF), name="bots1"),
    Step(C("wrong"), point=both(seat(ROCCO), cells(f"{CAPTAIN}:pirate-nl-2")), name="wrong"),
    # turn 2: Repair
    Step(C("repair"), expect=repair, point=both(ships(ZEEWOLF), button("repair")), after=C("repair.after"),
         after_point=ships(ZEEWOLF), name="repair"),
    Step(C("bots2"), bot=BOTS_2, after=C("bots2.after"), after_point=ships(TULP, RELAMPAGO), name="bots2"),
    # turn 3: a pair card on a gap
    Step(C("pair"), expect=play("mv-alliance", WYVERN), point=card_to("mv-alliance", gap_behind(WYVERN)),
         after=C("pair.after"), after_point=ships(WYVERN, GULL), name="pair"),
    Step(C("bots3"), bot=BOTS_3, after=C("bots3.after"), after_point=ships(TULP), name="bots3"),
    # turn 4: the notes, then a correct accusation
    Step(C("notes"), point=cells(f"{MARTA}:{DIEGO}", f"{MARTA}:pirate-nl-3"), name="notes"),
    Step(C("accuse"), expect=accuse_diego, point=accuse_target, after=C("accuse.after"),
         after_point=both(seats, ships(SANTA)), name="accuse"),
    Step(C("bots4"), bot=BOTS_4, after=C("bots4.after"), after_point=both(deck, active), name="bots4"),
    # turn 5: Pass, the last adventure, the end
    Step(C("pass"), expect=passes, point=pass_target, after=C("pass.after"), after_point=ending, name="pass"),
    Step(C("count"), point=ending, ready=panel_up, name="count"),
    Step(C("real"), name="real"),
    Step(C("options"), name="options"),
    Step(C("done"), name="done"),
]

TUTORIAL = Tutorial(
    game_id="spanish-main",
    start=start,
    seats=[("sm.coach.captain", "human"), ("sm.coach.marta", "easy"), ("sm.coach.rocco", "easy")],
    steps=STEPS,
    action_types=("sm.play", "sm.repair", "sm.accuse", "sm.pass"),
    scoring=scored,
    title=C("title"))
