"""One game in progress as the app and the saves see it: rules, seats, the live state, the action list,
undo (BGA policy) and listeners (autosave hooks here). Pure Python.

Undo policy (as on Board Game Arena): the seat whose turn it is may take back its own last actions, one
at a time, as long as ``State.undo_barrier`` has not changed since them, i.e. nothing hidden or random
was revealed and the turn did not pass. A resumed game has the undo history it had when it was saved:
``from_save`` rebuilds it from the one replay of the saved actions, step by step as in play.
"""
from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping

from game.core.protocol import JSON, Action, Rules, State
from game.core.events import encoded_once, json_once

if TYPE_CHECKING:  # saves.py is written in parallel; imported lazily where used
    from game.core.saves import SaveData

_M64 = (1 << 64) - 1
SEAT_KINDS = ("human", "bot")
BOT_LEVELS = ("easy", "medium", "hard")


def new_bot_seed() -> int:
    """64 bits from the operating system's random source (never from a game's seed)."""
    return secrets.randbits(64)


@dataclass
class Seat:
    """Who sits at a place: a human or a bot (with its level), and the seat's colour index."""

    name: str
    kind: str  # "human" | "bot"
    level: str | None = None  # "easy" | "medium" | "hard" for bots, None for humans
    colour: int = 0  # index into game.ui.palette.SEAT_COLOURS
    #: a human's beginner aid at the table, chosen in the setup where the game offers one (Island Race: each
    #: edge of the tile in hand marked as it would or would not match); never a bot's
    aid: bool = False

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def to_json(self) -> JSON:
        data: JSON = {"name": self.name, "kind": self.kind, "level": self.level, "colour": self.colour}
        if self.aid:
            data["aid"] = True
        return data

    @staticmethod
    def from_json(data: JSON) -> "Seat":
        if not isinstance(data, dict):
            raise ValueError("a seat must be an object")
        kind = data.get("kind")
        level = data.get("level")
        name = data.get("name")
        colour = data.get("colour", 0)
        if not isinstance(name, str) or kind not in SEAT_KINDS:
            raise ValueError(f"bad seat: {data!r}")
        if kind == "bot" and level not in BOT_LEVELS:
            raise ValueError(f"bad bot level: {level!r}")
        if kind == "human" and level is not None:
            raise ValueError("a human seat has no level")
        if not isinstance(colour, int) or isinstance(colour, bool) or colour < 0:
            raise ValueError(f"bad seat colour: {colour!r}")
        aid = data.get("aid", False)
        if not isinstance(aid, bool) or (aid and kind != "human"):
            raise ValueError(f"bad seat aid: {aid!r}")
        return Seat(name, kind, level, colour, aid)


@dataclass
class _UndoStep:
    seat: int
    before: State  # the state before the action


Listener = Callable[["GameSession"], None]


def _record_undo(undo: list[_UndoStep], before: State, action: Action, after: State) -> None:
    """BGA policy, step by step: an action that leaves ``undo_barrier`` as it was can be taken back;
    one that moves it (a reveal, a roll, the turn passing) closes every way back."""
    if after.undo_barrier == before.undo_barrier:
        undo.append(_UndoStep(action.seat, before))
    else:
        undo.clear()


class _Replayed:
    """What a replay of saved actions went through: the actions and the undo history (``step`` is the
    replay's ``on_step``; a replay that starts again on a new state starts both again)."""

    def __init__(self) -> None:
        self.state: State | None = None
        self.actions: list[Action] = []
        self.undo: list[_UndoStep] = []

    def step(self, before: State, action: Action, after: State) -> None:
        if after is not self.state:
            self.state, self.actions, self.undo = after, [], []
        self.actions.append(action)
        _record_undo(self.undo, before, action, after)


class GameSession:
    """A game in progress: ``apply`` actions, ``undo`` (BGA policy), ``view`` per seat, save/restore."""

    def __init__(self, game_id: str, rules: Rules, seats: list[Seat], options: Mapping[str, Any], seed: int,
                 state: State, actions: list[Action] | None = None, bot_seed: int | None = None):
        self.game_id = game_id
        self.rules = rules
        self.seats = list(seats)
        self.options = dict(options)
        self.seed = seed
        #: where bots' seeds come from: 64 random bits of its own, kept in the save. It says nothing about
        #: ``seed`` (the game's RNG: deals, dice), so nothing a bot is sent lets it rebuild the game's future.
        self.bot_seed = new_bot_seed() if bot_seed is None else bot_seed & _M64
        self.state = state
        #: the position the game began at when it is not the deal of ``seed`` (``GameSession.at``)
        self.start: State | None = None
        self.actions: list[Action] = list(actions or [])
        self._undo: list[_UndoStep] = []
        #: each seat's own notes, kept with the save but outside the actions (a seat's deduction marks): seat -> marks
        self.notes: dict[int, dict[str, str]] = {}
        self._listeners: list[Listener] = []

    @classmethod
    def new(cls, game_id: str, rules: Rules, seats: list[Seat], options: Mapping[str, Any] | None,
            seed: int, bot_seed: int | None = None) -> "GameSession":
        """Validate the setup (ValueError if it cannot be played) and deal."""
        from game.core.protocol import resolve_options
        state = rules.new_game(len(seats), options, seed)
        return cls(game_id, rules, seats, resolve_options(rules.options, options or {}), seed, state,
                   bot_seed=bot_seed)

    @classmethod
    def at(cls, game_id: str, rules: Rules, seats: list[Seat], state: State,
           bot_seed: int | None = None) -> "GameSession":
        """A game that begins at ``state``, a position built by hand (a game's ``positions`` builder: a
        tutorial, a test). The position is checked by its game (ValueError says what is wrong) and kept
        in the save as the game's start, so a resumed game replays its actions from there."""
        rules.validate_state(state)
        if len(seats) != state.players:
            raise ValueError(f"{len(seats)} seats for a position of {state.players} players")
        options = dict(getattr(state, "options", {}) or {})
        session = cls(game_id, rules, seats, options, 0, state.clone(), bot_seed=bot_seed)
        session.start = state.clone()
        return session

    @property
    def players(self) -> int:
        return len(self.seats)

    # Play ------------------------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Apply ``action`` to the live state. IllegalAction propagates and nothing changes."""
        before = self.state.clone()
        try:
            self.state.apply(action)
        except Exception:
            self.state = before  # whatever the rules did half-way, the session is as it was
            raise
        self.actions.append(action)
        _record_undo(self._undo, before, action, self.state)  # a reveal or the turn passing: no way back
        self._notify()

    def can_undo(self, seat: int) -> bool:
        """True when ``seat`` may act now and its last action can be taken back."""
        if not self._undo or self._undo[-1].seat != seat:
            return False
        if seat not in self.state.current_players():
            return False
        return self._undo[-1].before.undo_barrier == self.state.undo_barrier

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last action (ValueError when ``can_undo(seat)`` is False)."""
        if not self.can_undo(seat):
            raise ValueError(f"seat {seat} cannot undo now")
        step = self._undo.pop()
        self.state = step.before
        self.actions.pop()
        self._notify()

    def view(self, seat: int | None) -> State:
        return self.state.view(seat)

    def is_over(self) -> bool:
        return self.state.is_over()

    def bot_seed_for(self, seat: int) -> int:
        """The seed of ``seat``'s bot for its next decision: from ``bot_seed``, the move number and the
        seat through a one-way hash (63 bits), so it is new at every move and reveals nothing else."""
        data = f"{self.bot_seed}:{len(self.actions)}:{seat}".encode("ascii")
        return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big") >> 1

    # Listeners -------------------------------------------------------------------------------------
    def add_listener(self, fn: Listener) -> None:
        """``fn(session)`` is called after every apply and undo."""
        self._listeners.append(fn)

    def remove_listener(self, fn: Listener) -> None:
        if fn in self._listeners:
            self._listeners.remove(fn)

    def _notify(self) -> None:
        for fn in list(self._listeners):
            fn(self)

    # Saves -----------------------------------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        """How far the game is, for the Continue list: ``actions`` (moves played), ``over``, and where the
        game has them ``hand``/``hands`` (1-based: hand or round 2 of 3), ``turn`` (Pirateer's turns), ``round``
        (Planks' rounds) and ``adventures_left`` (Spanish Main's deck), from ``State.progress``."""
        info: dict[str, Any] = {"actions": len(self.actions), "over": self.state.is_over()}
        hand_index = getattr(self.state, "hand_index", None)
        n_hands = getattr(self.state, "n_hands", None)
        if isinstance(hand_index, int) and isinstance(n_hands, int):
            info.update(hand=hand_index + 1, hands=n_hands)
        turn = getattr(self.state, "turn", None)
        if isinstance(turn, int) and not isinstance(turn, bool):
            info.update(turn=turn)
        info.update({k: v for k, v in self.state.progress().items() if k in ("round", "adventures_left")})
        return info

    def to_save(self) -> "SaveData":
        from game.core.saves import SaveData
        with encoded_once():   # each action and event encoded once a game (the writer thread only reads them)
            return SaveData.create(game_id=self.game_id, rules_version=self.rules.version, seed=self.seed,
                                   players=self.players, options=dict(self.options),
                                   seats=[s.to_json() for s in self.seats],
                                   actions=json_once(self, "actions", self.actions), snapshot=self.state.to_json(),
                                   summary=self.summary(), bot_seed=self.bot_seed,
                                   start=self.start.to_json() if self.start is not None else None,
                                   notes={str(k): dict(v) for k, v in self.notes.items() if v})

    @classmethod
    def from_save(cls, save: "SaveData", rules: Rules) -> "GameSession":
        """Resume a saved game (SaveError from game.core.saves when it cannot be restored).

        The saved actions are replayed once (``restore_state``); each step goes through the same undo
        bookkeeping as ``apply``, so the undo history is the one the game had when it was saved. A game
        restored from its snapshot alone (its actions no longer replay) starts without undo history.
        """
        from game.core.saves import decode_actions, restore_state
        replayed = _Replayed()
        state = restore_state(rules, save, on_step=replayed.step)
        seats = [Seat.from_json(s) for s in save.seats]
        from_actions = replayed.state is state
        actions = replayed.actions if from_actions else decode_actions(rules, save)
        session = cls(save.game_id, rules, seats, save.options, save.seed, state, actions, bot_seed=save.bot_seed)
        if save.start is not None:
            session.start = rules.state_from_json(save.start)
        if from_actions:
            session._undo = replayed.undo
        for key, marks in save.notes.items():
            if key.lstrip("-").isdigit() and 0 <= int(key) < len(seats):
                session.notes[int(key)] = dict(marks)
        return session


def bench_session(game_id: str, options: dict, seed: int, moves: int, players: int = 4) -> "GameSession":
    """A ``players``-seat bots' game of ``game_id`` some ``moves`` in, played by random bots (the bench's and the
    smoke test's tables in mid-game)."""
    from game import games
    from game.core.bots import RandomBot
    names = ("Anna", "Ben", "Carla", "Dario", "Elena", "Fabio", "Giulia", "Hugo")
    seats = [Seat(names[i], "bot", "easy", i) for i in range(players)]
    session = GameSession.new(game_id, games.get(game_id).package.rules, seats, options, seed)
    bots = [RandomBot(i, seed + i) for i in range(players)]
    for _ in range(moves):
        st = session.state
        if st.is_over():
            break
        seat = st.current_players()[0]
        session.apply(bots[seat].choose(st.view(seat)))
    return session
