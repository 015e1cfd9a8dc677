"""The engine protocol every game implements (DESIGN.md section 3).

A game is a pure state machine: ``Rules.new_state`` builds a ``State``; input and bots produce small,
hashable ``Action`` objects; ``State.apply`` checks and applies them or raises ``IllegalAction`` with a
reason a person can read; ``State.view(seat)`` keeps only what that seat may know. Nothing here imports
pygame: the same engine runs in the window, in the command-line tools and in the bot worker.

Player-facing text is never a plain string in the engine: it is a ``Text`` (a catalog key with
parameters) that the UI translates, so a log line or a reason reads in Italian or English.
"""
from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Mapping, Sequence

if TYPE_CHECKING:
    from game.core.events import Event

JSON = Any


# --------------------------------------------------------------------------------------------------
# Translatable text
# --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Text:
    """A player-facing message: a catalog key and its parameters, translated by the UI.

    Parameters may themselves be ``Text`` (translated recursively) or plain values.
    """

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    @staticmethod
    def of(key: str, **params: Any) -> "Text":
        return Text(key, tuple(sorted(params.items())))

    @property
    def kwargs(self) -> dict[str, Any]:
        return dict(self.params)

    def to_json(self) -> JSON:
        return {"key": self.key, "params": {k: (v.to_json() if type(v) is Text else v) for k, v in self.params}}

    @staticmethod
    def from_json(data: JSON) -> "Text":
        """The Text of ``to_json``; ValueError for anything else (an edited save's log line), so that a
        text that cannot be translated is refused when a game is read, not when it is drawn."""
        if not isinstance(data, dict) or not isinstance(data.get("key"), str):
            raise ValueError(f"not a text: {data!r:.80}")
        raw = data.get("params", {})
        if not isinstance(raw, dict):
            raise ValueError(f"text parameters that are not an object: {raw!r:.80}")
        try:  # a long log repeats the same small texts (a player, a faction, a roll): read each once
            memo_key = (data["key"], tuple((k, tuple(v) if type(v) is list else v) for k, v in raw.items()))
            known = _TEXT_MEMO.get(memo_key)
        except TypeError:  # a parameter that is a text or a list of lists: no memo
            memo_key, known = None, None
        if known is not None:
            return known
        params = []
        for name, value in raw.items():
            if isinstance(value, dict):
                value = Text.from_json(value)
            elif not _plain_param(value):
                raise ValueError(f"text parameter {name!r} is {value!r:.80}")
            params.append((name, value))
        params.sort(key=_first)
        text = Text(data["key"], tuple(params))
        if memo_key is not None:
            if len(_TEXT_MEMO) > 4096:
                _TEXT_MEMO.clear()
            _TEXT_MEMO[memo_key] = text
        return text


_TEXT_MEMO: dict[tuple[Any, ...], "Text"] = {}


def _first(pair: tuple[str, Any]) -> str:
    return pair[0]


def _plain_param(value: Any) -> bool:
    """A Text parameter as JSON holds it: text, a number, true/false, null, or a list of those."""
    if isinstance(value, list):
        return all(_plain_param(v) for v in value)
    return value is None or isinstance(value, (str, int, float, bool))


T = Text.of  # short alias used by rules modules: T("pp.reason.too_low", need=5)

SEAT_KEY = "seat.name"


def seat_ref(seat: int) -> Text:
    """A player in a log line or a reason. The engine knows seats, not names: the UI shows the name
    the seat was given at setup (``game.i18n.set_seat_names``), or "Player 2" when it has none."""
    return Text.of(SEAT_KEY, seat=seat)


class IllegalAction(Exception):
    """Raised by ``State.apply`` for an action the rules forbid. ``reason`` is a ``Text``."""

    def __init__(self, reason: Text | str, **params: Any):
        if isinstance(reason, str):
            reason = Text.of(reason, **params)
        self.reason = reason
        super().__init__(f"{reason.key} {reason.kwargs}" if reason.params else reason.key)


# --------------------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Action:
    """Base of every action: a small frozen dataclass with JSON-able fields (ints, strs, tuples).

    Subclasses set ``kind`` (a short stable name used in saves). ``seat`` is the player who acts;
    simultaneous games use it to tell the racers apart, turn-based games fill it too.
    """

    kind: ClassVar[str] = "action"
    seat: int

    def to_json(self) -> JSON:
        data = {"kind": self.kind}
        for f in dataclasses.fields(self):
            data[f.name] = _to_jsonable(getattr(self, f.name))
        return data

    def describe(self) -> Text:
        """A log line for this action. Games override it for readable logs."""
        return Text.of("log.generic_action", kind=self.kind, seat=self.seat)


def _to_jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_jsonable(v) for v in value]
    if isinstance(value, Text):
        return value.to_json()
    return value


def _from_jsonable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_jsonable(v) for v in value)
    return value


def action_from_json(types: Iterable[type[Action]], data: JSON) -> Action:
    """Rebuild an action from its JSON form, given the game's action classes."""
    by_kind = {t.kind: t for t in types}
    if not isinstance(data, dict) or data.get("kind") not in by_kind:
        raise ValueError(f"unknown action: {data!r}")
    cls = by_kind[data["kind"]]
    names = {f.name for f in dataclasses.fields(cls)}
    kwargs = {k: _from_jsonable(v) for k, v in data.items() if k in names}
    seat = kwargs.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):       # an edited file: the seat is a number
        raise ValueError(f"an action's seat is not a number: {data!r}")
    action = cls(**kwargs)
    try:
        hash(action)                  # a dict or list where a value belongs (an edited file): not an action
    except TypeError:
        raise ValueError(f"an action with a field of the wrong type: {data!r}") from None
    return action


# --------------------------------------------------------------------------------------------------
# Options (variants) declared by a game; the setup form is built from these
# --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Option:
    """A game option (usually a variant).

    kind: "bool" (toggle), "choice" (one of ``choices``) or "int" (``lo``..``hi``).
    label/help: catalog keys. players: the player counts the option allows when it is on (for a bool)
    or set to a non-default value; excludes/requires: other option keys that may not / must be on.
    """

    key: str
    kind: str = "bool"
    default: Any = False
    label: str = ""
    help: str = ""
    choices: tuple[Any, ...] = ()
    choice_labels: tuple[str, ...] = ()
    lo: int = 0
    hi: int = 0
    players: tuple[int, ...] | None = None
    excludes: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()

    def is_active(self, value: Any) -> bool:
        return bool(value) if self.kind == "bool" else value != self.default

    def check_value(self, value: Any) -> Text | None:
        if self.kind == "bool" and not isinstance(value, bool):
            return Text.of("opt.err.not_bool", option=Text.of(self.label or self.key))
        if self.kind == "choice" and value not in self.choices:
            return Text.of("opt.err.bad_choice", option=Text.of(self.label or self.key), value=str(value))
        if self.kind == "int" and (not isinstance(value, int) or not self.lo <= value <= self.hi):
            return Text.of("opt.err.bad_int", option=Text.of(self.label or self.key), lo=self.lo, hi=self.hi)
        return None


def check_options(options_decl: Sequence[Option], players: int, values: Mapping[str, Any]) -> list[Text]:
    """Every reason why these option values cannot be played with this many players (empty = fine)."""
    decl = {o.key: o for o in options_decl}
    problems: list[Text] = []
    for key in values:
        if key not in decl:
            problems.append(Text.of("opt.err.unknown", option=key))
    full = {o.key: values.get(o.key, o.default) for o in options_decl}
    for o in options_decl:
        value = full[o.key]
        bad = o.check_value(value)
        if bad:
            problems.append(bad)
            continue
        if not o.is_active(value):
            continue
        name = Text.of(o.label or o.key)
        if o.players is not None and players not in o.players:
            problems.append(Text.of("opt.err.players", option=name,
                                    counts=", ".join(str(p) for p in o.players)))
        for other in o.excludes:
            if other in decl and decl[other].is_active(full[other]):
                problems.append(Text.of("opt.err.excludes", option=name,
                                        other=Text.of(decl[other].label or other)))
        for other in o.requires:
            if other in decl and not decl[other].is_active(full[other]):
                needed = decl[other]
                values = [(c, l) for c, l in zip(needed.choices, needed.choice_labels) if c != needed.default]
                if needed.kind == "choice" and len(values) == 1:  # say which value: "needs Fleets: preset"
                    problems.append(Text.of("opt.err.requires_value", option=name,
                                            other=Text.of(needed.label or other), value=Text.of(values[0][1])))
                else:
                    problems.append(Text.of("opt.err.requires", option=name,
                                            other=Text.of(needed.label or other)))
    return problems


def resolve_options(options_decl: Sequence[Option], values: Mapping[str, Any]) -> dict[str, Any]:
    """Option values with defaults filled in."""
    return {o.key: values.get(o.key, o.default) for o in options_decl}


# --------------------------------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------------------------------
@dataclass
class Part:
    """One part of a match as the results show it beside the totals: its last hand or round (``title`` says
    which), with that part's points and breakdown rows per seat."""

    title: Text
    scores: list[float] | None = None
    breakdown: list[list[tuple[str, float]]] = field(default_factory=list)

    def to_json(self) -> JSON:
        return {"title": self.title.to_json(), "scores": self.scores,
                "breakdown": [[list(row) for row in rows] for rows in self.breakdown]}

    @staticmethod
    def from_json(data: JSON) -> "Part":
        return Part(Text.from_json(data["title"]), data.get("scores"),
                    [[(k, v) for k, v in rows] for rows in data.get("breakdown", [])])


@dataclass
class Result:
    """The outcome of a finished game (or hand).

    scores: per seat, or None for games without points (then ``winners`` and ``stats`` say it all).
    breakdown: per seat, ordered (catalog key, value) rows for the results table; they add up to the
    score where the game has points. ranks: 1 = first; tied seats share a rank. winners: seats ranked 1
    (several for a shared win). how: how the game was won. stats: per-statistic list with one value
    per seat (ships sunk, turns carrying the treasure ...), keyed by catalog key.
    """

    winners: list[int]
    ranks: list[int]
    scores: list[float] | None = None
    breakdown: list[list[tuple[str, float]]] = field(default_factory=list)
    stats: dict[str, list[Any]] = field(default_factory=dict)
    how: Text | None = None
    #: a match's last hand or round, shown beside the match's totals (None: the game is one part)
    final: Part | None = None

    def to_json(self) -> JSON:
        out = {"winners": self.winners, "ranks": self.ranks, "scores": self.scores,
               "breakdown": [[list(row) for row in rows] for rows in self.breakdown],
               "stats": self.stats, "how": self.how.to_json() if self.how else None}
        if self.final is not None:
            out["final"] = self.final.to_json()
        return out

    @staticmethod
    def from_json(data: JSON) -> "Result":
        return Result(winners=list(data["winners"]), ranks=list(data["ranks"]), scores=data.get("scores"),
                      breakdown=[[(k, v) for k, v in rows] for rows in data.get("breakdown", [])],
                      stats=dict(data.get("stats", {})),
                      how=Text.from_json(data["how"]) if data.get("how") else None,
                      final=Part.from_json(data["final"]) if data.get("final") else None)

    @staticmethod
    def from_scores(scores: Sequence[float], breakdown: list[list[tuple[str, float]]] | None = None,
                    tiebreak: Sequence[Any] | None = None, how: Text | None = None,
                    stats: dict[str, list[Any]] | None = None) -> "Result":
        """Ranks from scores (higher is better); ``tiebreak`` is a second key per seat (higher wins)."""
        keys = [(s, tiebreak[i] if tiebreak is not None else 0) for i, s in enumerate(scores)]
        ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
        winners = [i for i, r in enumerate(ranks) if r == 1]
        return Result(winners=winners, ranks=ranks, scores=list(scores), breakdown=breakdown or [],
                      stats=stats or {}, how=how)


@dataclass(frozen=True)
class LogEntry:
    """One line of the game log: who (seat or None for the table) and what (a Text)."""

    seat: int | None
    text: Text

    def to_json(self) -> JSON:
        """Built once per line (a line never changes; a long game's log is written at every autosave).
        The dict is shared: callers copy before they change it."""
        cached = self.__dict__.get("_json")
        if cached is None:
            cached = {"seat": self.seat, "text": self.text.to_json()}
            object.__setattr__(self, "_json", cached)
        return cached

    @staticmethod
    def from_json(data: JSON) -> "LogEntry":
        """ValueError for a line that is not one (a seat that is not a number or null, a text that is not one)."""
        if not isinstance(data, dict):
            raise ValueError(f"not a log line: {data!r:.80}")
        seat = data.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise ValueError(f"a log line's seat is {seat!r:.80}")
        return LogEntry(seat, Text.from_json(data.get("text")))


# --------------------------------------------------------------------------------------------------
# State and Rules
# --------------------------------------------------------------------------------------------------
class State(ABC):
    """A game in progress. Mutable; ``clone`` gives an independent copy.

    Conventions every game follows:
    - ``players`` is the number of seats; seats are 0..players-1.
    - ``current_players()`` lists who may act now: one seat in turn-based games, several in a
      simultaneous race, none when the game is over.
    - ``undo_barrier`` is an integer the rules increase whenever an action reveals hidden information
      or randomness (a card turned up, a die rolled, a shuffle) or the turn passes to another seat.
      A seat may undo back to any earlier state with the same barrier (the BGA policy).
    - ``log`` is the list of LogEntry lines so far (public; secrets go into per-seat views only).
    - ``view(seat)`` returns an object with the same public surface (``legal_actions()`` for that seat
      among it) in which every hidden thing the seat cannot see is replaced by an unknown marker.
      ``view(None)`` is the spectator's view: only public information.
    """

    players: int
    undo_barrier: int = 0

    @abstractmethod
    def current_players(self) -> tuple[int, ...]: ...

    @property
    def current_player(self) -> int | None:
        cur = self.current_players()
        return cur[0] if cur else None

    @abstractmethod
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Legal actions of ``seat`` (default: the current player). Empty when it may not act."""

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Check and apply; raise IllegalAction (state unchanged) if the rules forbid it."""

    @abstractmethod
    def view(self, seat: int | None) -> "State":
        """What ``seat`` may know, as a state whose hidden parts are unknown."""

    @abstractmethod
    def is_over(self) -> bool: ...

    def progress(self) -> dict[str, int]:
        """How far the game is, beyond hands and turns, for the Continue list: ``round`` (a round with no set
        number of them) and ``adventures_left`` (cards left to draw before the end) where the game has them."""
        return {}

    @abstractmethod
    def result(self) -> Result: ...

    @abstractmethod
    def clone(self) -> "State": ...

    @abstractmethod
    def to_json(self) -> JSON: ...

    # Helpers with sensible defaults -------------------------------------------------------------
    def check(self, action: Action) -> "Text | None":
        """None if ``action`` is legal now, else the reason a person can read (games give their own)."""
        return None if action in self.legal_actions(action.seat) else T("core.reason.illegal")

    def is_legal(self, action: Action) -> bool:
        return self.check(action) is None

    @property
    def log(self) -> list[LogEntry]:
        """The table's log: the ``said`` events' lines a view's seat may read (a full state: the public ones,
        as a spectator reads them)."""
        from game.core.events import log_of
        return log_of(self.events, self.log_viewer())

    def log_viewer(self) -> int | None:
        """Whose private log lines ``log`` shows: a view's seat; nobody's for a full state."""
        return getattr(self, "viewer", None) if getattr(self, "is_view", False) else None

    @property
    def events(self) -> "list[Event]":
        """What happened so far, in order (``game.core.events``): every applied action adds at least one.
        A view's events are already as its seat sees them."""
        return getattr(self, "_events", [])

    def events_for(self, seat: int | None) -> "list[Event]":
        """The events as ``seat`` may know them: ``view(seat).events`` holds the same."""
        return [e.seen_by(seat) for e in self.events]


class Rules(ABC):
    """A game's static description and state factory. One instance per game, stateless."""

    id: ClassVar[str]
    name_key: ClassVar[str]  # catalog key of the game's name
    version: ClassVar[int] = 1  # bump when a change makes old action lists replay differently
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    has_secrets: ClassVar[bool] = True  # hot-seat needs a privacy screen
    realtime: ClassVar[bool] = False
    #: what one deal of a match is called where a game's progress is shown (the Continue list): "hand"
    #: ("hand 2 of 3") or "round"
    hand_word: ClassVar[str] = "hand"

    @abstractmethod
    def new_state(self, players: int, options: Mapping[str, Any], seed: int) -> State:
        """A new game. ``options`` is complete (defaults filled); raise ValueError if invalid."""

    @abstractmethod
    def state_from_json(self, data: JSON) -> State: ...

    def check(self, players: int, options: Mapping[str, Any]) -> list[Text]:
        """Reasons why this setup cannot be played (empty = fine)."""
        problems = []
        if not self.min_players <= players <= self.max_players:
            problems.append(Text.of("opt.err.player_count", lo=self.min_players, hi=self.max_players))
        return problems + check_options(self.options, players, options)

    def options_for(self, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options a setup form holds once ``players`` is chosen: the same by default; a game whose player
        count decides an option (Pirateer: 5 to 8 players are the fantastic eight) sets it here, so choosing the
        count is enough."""
        return dict(options)

    def new_game(self, players: int, options: Mapping[str, Any] | None, seed: int) -> State:
        """Validate the setup and start a game (a whole match where the game has several hands)."""
        options = dict(options or {})
        problems = self.check(players, options)
        if problems:
            raise ValueError("; ".join(p.key for p in problems))
        return self.new_state(players, resolve_options(self.options, options), seed)

    def action_from_json(self, data: JSON) -> Action:
        return action_from_json(self.action_types, data)

    # Loaded games ---------------------------------------------------------------------------------
    def validate_state(self, state: State) -> None:
        """Raise ``ValueError`` saying what is wrong when ``state`` is no position of this game.

        Every loaded save passes here before a frame is drawn (``game.core.saves.restore_state``): seats
        and the players to act in range, every card, tile or piece id known and each one where it can
        be, fields of the right types. The reason is for the log (English); the player is told the save
        cannot be used. The default checks what the protocol knows (``check_state_basics``); games
        add their own checks on top of it.
        """
        check_state_basics(self, state)

    # Secrets (declared once; the conformance suite and the hot-seat checks read them) -------------
    #: what the game keeps from a seat, in plain words (English, for the reader of the code and the
    #: tests): e.g. "the other players' treasure cards", "the order of the deck", "future dice".
    secrets: ClassVar[tuple[str, ...]] = ()

    def twin(self, state: State, seat: int | None, rng: "Any") -> State:
        """Another state that ``seat`` cannot tell apart from ``state``: every secret in ``secrets``
        that ``seat`` may not know is drawn again from ``rng`` (a ``game.core.rng.Rng``), everything
        the seat may know is kept. The generator behind future dice and draws is a secret of every
        game that has chance. ``state`` is not changed."""
        raise NotImplementedError(f"{self.id} declares no twin(): its secrets cannot be checked")

    def corruptions(self, data: JSON) -> "Iterable[tuple[str, JSON]]":
        """Damaged copies of ``data`` (a ``State.to_json()`` of this game) that a load must refuse:
        pairs of (a word the refusal's message must contain, the damaged JSON). Every game yields at
        least a card or piece removed, one doubled, a piece off the board and a seat out of range."""
        return ()

    def options_of_version(self, options: Mapping[str, Any], version: int, players: int) -> Mapping[str, Any]:
        """The options that replay a save written by rules ``version`` (older than ``self.version``) on
        today's rules, e.g. a choice the old rules made at setup preset the way they made it. Default:
        the saved options unchanged (the replay then either works or says clearly it cannot)."""
        return options

    def carry_unrecorded(self, saved: State, replayed: State) -> None:
        """Copy onto ``replayed`` (rebuilt from the save's seed and actions) what the snapshot ``saved``
        holds that no action records, e.g. a real-time game's clock. ``saved`` has passed
        ``validate_state``. Default: nothing, a turn-based game is its action list."""


def require(condition: Any, reason: str) -> None:
    """``ValueError(reason)`` unless ``condition``: the building block of ``Rules.validate_state``."""
    if not condition:
        raise ValueError(reason)


def check_position(rules: "Rules", state: "State", error: type[ValueError], fail: Any) -> None:
    """A position built by a game's ``positions.position`` (for tests and lessons) checked like a loaded save:
    a problem ``validate_state`` finds goes to ``fail(message)`` (raising the builder's ``error``, saying
    what), an ``error`` already raised goes on as it is."""
    try:
        rules.validate_state(state)
    except error:
        raise
    except ValueError as exc:
        fail(str(exc))


def is_int(value: Any) -> bool:
    """A JSON whole number (``True`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_seat(value: Any, players: int) -> bool:
    return is_int(value) and 0 <= value < players


def check_state_basics(rules: "Rules", state: State) -> None:
    """What every game's state must satisfy (ValueError otherwise): a player count the rules allow,
    the players to act among the seats (none once the game is over), a whole-number undo barrier, log
    lines that are ``LogEntry`` objects, and a strict-JSON ``to_json``."""
    import json
    players = getattr(state, "players", None)
    require(is_int(players) and rules.min_players <= players <= rules.max_players,
            f"{players!r} players (the game is for {rules.min_players} to {rules.max_players})")
    current = state.current_players()
    require(isinstance(current, tuple) and all(is_seat(s, players) for s in current),
            f"the players to act {current!r} are not seats of a {players}-player game")
    require(len(set(current)) == len(current), f"a seat is listed twice among the players to act {current!r}")
    over = state.is_over()
    require(isinstance(over, bool), "is_over() is not a yes or no")
    require(not (over and current), "a finished game still has players to act")
    require(is_int(state.undo_barrier), "the undo barrier is not a whole number")
    require(all(isinstance(e, LogEntry) for e in state.log), "a log line is not a log entry")
    from game.core.events import Event
    require(all(isinstance(e, Event) and (e.seat is None or is_seat(e.seat, players)) for e in state.events),
            "an event is not one, or names a seat the game does not have")
    try:
        json.dumps(state.to_json(), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"the position is not plain JSON: {exc}") from None
