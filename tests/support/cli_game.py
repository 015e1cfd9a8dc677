"""A tiny dice race ("Pig") used by the command-line tests: fast, seeded, with a strong bot level.

Turn mode: the current seat rolls a die as often as it likes; a 1 loses the turn's total and passes
the turn; holding banks the turn's total and passes. The first to bank ``goal`` points wins.

Options (to exercise the CLI):
- ``goal`` (int 10..200, default 30)
- ``tie`` (bool): the game ends after the first action and every seat shares the win.
- ``simul`` (bool): simultaneous rounds; every seat acts once per round (roll: + a die, no bust;
  hold: + 2); the game ends after a round in which someone reached the goal; ties share the win.
- ``endless`` (bool): holding banks nothing, so the game never ends (the CLI must stop it).

Bots: ``easy`` rolls or holds at random (like RandomBot); ``medium`` holds at a turn total of 6;
``hard`` holds at 15 (or at ``playouts`` when the CLI passes a fixed budget) or when holding wins.
This module is loaded by path or as ``tests.support.cli_game`` (attribute ``GAME``).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Mapping

from game.core.bots import Bot
from game.core.protocol import Action, JSON, Option, Result, Rules, State, IllegalAction
from game.core.rng import Rng
from game.games import GameEntry, GamePackage

GAME_ID = "cli-dice"


@dataclass(frozen=True)
class Roll(Action):
    kind: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Hold(Action):
    kind: ClassVar[str] = "hold"


class DiceState(State):
    def __init__(self, players: int, options: Mapping[str, Any], seed: int):
        self.players = players
        self.options = dict(options)
        self.rng = Rng(seed)
        self.banked = [0] * players
        self.turn_total = 0
        self.turn = 0
        self.acted: list[int] = []  # simul mode: seats that acted this round
        self.over = False
        self.tied = False

    # -- protocol -------------------------------------------------------------------------------
    def current_players(self) -> tuple[int, ...]:
        if self.over:
            return ()
        if self.options["simul"]:
            return tuple(s for s in range(self.players) if s not in self.acted)
        return (self.turn,)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if seat is None:
            seat = self.current_player
        if seat is None or seat not in self.current_players():
            return []
        return [Roll(seat), Hold(seat)]

    def apply(self, action: Action) -> None:
        if not self.is_legal(action):
            raise IllegalAction("cli.illegal")
        if self.options["tie"]:
            self.over = self.tied = True
            return
        if self.options["simul"]:
            self.banked[action.seat] += self.rng.randint(1, 6) if isinstance(action, Roll) else 2
            self.acted.append(action.seat)
            if len(self.acted) == self.players:
                self.acted = []
                self.undo_barrier += 1
                self.over = max(self.banked) >= self.options["goal"]
            return
        if isinstance(action, Roll):
            die = self.rng.randint(1, 6)
            self.undo_barrier += 1
            if die == 1:
                self.turn_total = 0
                self._pass()
            else:
                self.turn_total += die
            return
        if not self.options["endless"]:
            self.banked[self.turn] += self.turn_total
        self.turn_total = 0
        if self.banked[self.turn] >= self.options["goal"]:
            self.over = True
        else:
            self._pass()

    def _pass(self) -> None:
        self.turn = (self.turn + 1) % self.players
        self.undo_barrier += 1

    def view(self, seat: int | None) -> "DiceState":
        copy = self.clone()
        copy.rng = Rng(0)  # a view never holds the future dice
        return copy

    def is_over(self) -> bool:
        return self.over

    def result(self) -> Result:
        if self.tied:
            return Result(winners=list(range(self.players)), ranks=[1] * self.players,
                          scores=[0.0] * self.players, stats={"cli.stat.banked": list(self.banked)})
        return Result.from_scores([float(b) for b in self.banked], stats={"cli.stat.banked": list(self.banked)})

    def clone(self) -> "DiceState":
        copy = DiceState.__new__(DiceState)
        copy.__dict__.update(self.__dict__)
        copy.rng = Rng.from_state(self.rng.state())
        copy.banked = list(self.banked)
        copy.acted = list(self.acted)
        copy.options = dict(self.options)
        return copy

    def to_json(self) -> JSON:
        return {"players": self.players, "options": self.options, "rng": self.rng.state(),
                "banked": self.banked, "turn_total": self.turn_total, "turn": self.turn,
                "acted": self.acted, "over": self.over, "tied": self.tied, "barrier": self.undo_barrier}


class DiceRules(Rules):
    id = GAME_ID
    name_key = "cli.dice.name"
    min_players = 2
    max_players = 4
    has_secrets = False
    options = (
        Option("goal", kind="int", default=30, lo=10, hi=200),
        Option("tie", kind="bool", default=False),
        Option("simul", kind="bool", default=False),
        Option("endless", kind="bool", default=False),
    )
    action_types = (Roll, Hold)

    def new_state(self, players: int, options: Mapping[str, Any], seed: int) -> State:
        return DiceState(players, options, seed)

    def state_from_json(self, data: JSON) -> State:
        state = DiceState(data["players"], data["options"], 0)
        state.rng = Rng.from_state(data["rng"])
        state.banked = list(data["banked"])
        state.turn_total, state.turn = data["turn_total"], data["turn"]
        state.acted = list(data["acted"])
        state.over, state.tied, state.undo_barrier = data["over"], data["tied"], data["barrier"]
        return state


class ThresholdBot(Bot):
    """Holds once the turn total reaches ``threshold`` or holding wins; in simul mode always rolls."""

    def __init__(self, seat: int, seed: int, threshold: int, level: str):
        super().__init__(seat, seed)
        self.threshold = threshold
        self.level = level

    def choose(self, view: State) -> Action:
        assert isinstance(view, DiceState)
        if view.options["simul"]:
            return Roll(self.seat)
        need = view.options["goal"] - view.banked[self.seat]
        if view.turn_total >= min(self.threshold, need):
            return Hold(self.seat)
        return Roll(self.seat)


class CoinBot(Bot):
    level = "easy"

    def choose(self, view: State) -> Action:
        return self.rng.choice(view.legal_actions(self.seat))


def make_bot(level: str, seat: int, seed: int, playouts: int | None = None, **_: Any) -> Bot:
    """easy / medium / hard; ``playouts`` (a fixed search budget in real games) sets hard's threshold."""
    if level == "easy":
        return CoinBot(seat, seed)
    if level == "medium":
        return ThresholdBot(seat, seed, 6, level)
    if level == "hard":
        return ThresholdBot(seat, seed, playouts if playouts else 15, level)
    raise ValueError(f"unknown level {level!r}")


GAME = GamePackage(rules=DiceRules(), make_bot=make_bot)
# ``module`` tells worker processes where GAME lives (when GameEntry has that field)
_WHERE = {"module": "tests.support.cli_game"} if "module" in {f.name for f in fields(GameEntry)} else {}
ENTRY = GameEntry(GAME_ID, "cli_dice", "cli.dice.name", "cli.dice.pitch", (2, 4), None, package=GAME, **_WHERE)
