"""PlainState: a game state kept as plain data, with its copy, its JSON and its shape checks written once.

Most of what an engine writes before its first rule is the same for every game: a copy for searches,
``to_json``/``from_json`` for saves (refusing a damaged file with a message that names the field), the
events and the log, and the start of every view. A state whose fields are plain data — whole numbers,
strings, yes/no, numbers, lists and string-keyed objects of those — declares them once::

    class HandState(PlainState):
        KIND = "mg.hand"                       # the JSON "type"
        FIELDS = {"players": int, "hands": [[int]], "deck": [int], "current": int, "phase": str,
                  "over": bool, "options": dict, "winner": Maybe(int)}

and gets ``clone``, ``to_json``, ``from_json`` (every field checked against its shape: ``[int]`` a list of
whole numbers, ``[[int]]`` a list of such lists, ``dict`` a plain JSON object, ``Maybe(x)`` x or null),
``view_of(seat)`` (a copy that is the seat's: its events seen by the seat; the game then hides what the seat
may not see) and the events and log of ``State``. What a field means is still checked by the game's
``validate_state``; the shapes are what a load can refuse before that.

Caches (a list of legal actions worked out once) are not fields: ``reset_caches`` sets them up on a new,
loaded or copied state. A game whose searches copy states millions of times may write its own ``clone``.
"""
from __future__ import annotations

from typing import Any, ClassVar

from game.core.events import Event, json_once, read_events, said
from game.core.protocol import JSON, State


class Maybe:
    """A field that is ``shape`` or null."""

    def __init__(self, shape: Any) -> None:
        self.shape = shape

    def __repr__(self) -> str:
        return f"Maybe({_name(self.shape)})"


def _name(shape: Any) -> str:
    if isinstance(shape, list):
        return f"a list of {_name(shape[0])}"
    if isinstance(shape, Maybe):
        return f"{_name(shape.shape)} or null"
    return {int: "whole numbers", str: "words", bool: "yes/no", float: "numbers", dict: "objects"}.get(
        shape, str(shape))


def _default(shape: Any) -> Any:
    if isinstance(shape, list):
        return []
    if isinstance(shape, Maybe):
        return None
    return shape()  # 0, "", False, 0.0, {}


def _copy(value: Any) -> Any:
    """A deep copy of plain data (lists and objects copied, everything else shared: it is immutable)."""
    if type(value) is list:
        return [_copy(v) for v in value]
    if type(value) is dict:
        return {k: _copy(v) for k, v in value.items()}
    return value


def _fits(value: Any, shape: Any) -> bool:
    if isinstance(shape, Maybe):
        return value is None or _fits(value, shape.shape)
    if isinstance(shape, list):
        return isinstance(value, list) and all(_fits(v, shape[0]) for v in value)
    if shape is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if shape is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value
    if shape is dict:
        return isinstance(value, dict) and all(isinstance(k, str) for k in value)
    return isinstance(value, shape)


class PlainState(State):
    """See the module docstring. Subclasses set ``KIND`` and ``FIELDS``; ``viewer``, ``is_view`` and the
    events are kept here."""

    KIND: ClassVar[str] = ""
    FIELDS: ClassVar[dict[str, Any]] = {}

    def __init__(self) -> None:
        for name, shape in self.FIELDS.items():
            setattr(self, name, _default(shape))
        self.viewer: int | None = None
        self.is_view = False
        self._events: list[Event] = []
        self.reset_caches()

    def reset_caches(self) -> None:
        """Hook: set up what is worked out from the fields and kept (a new, loaded or copied state)."""

    def clone(self) -> "PlainState":
        c = object.__new__(type(self))
        for name in self.FIELDS:
            setattr(c, name, _copy(getattr(self, name)))
        c.viewer, c.is_view = self.viewer, self.is_view
        c._events = list(self._events)
        c.reset_caches()
        return c

    def view_of(self, seat: int | None) -> "PlainState":
        """The start of ``view(seat)``: a copy whose events are as ``seat`` may know them; the game then
        hides the fields ``seat`` may not see."""
        v = self.clone()
        v._events = [e.seen_by(seat) for e in self._events]
        v.viewer, v.is_view = seat, True
        return v

    def to_json(self) -> JSON:
        out: dict[str, Any] = {"type": self.KIND}
        for name in self.FIELDS:
            out[name] = _copy(getattr(self, name))
        out.update(viewer=self.viewer, is_view=self.is_view, events=json_once(self, "events", self._events))
        return out

    @classmethod
    def from_json(cls, data: JSON) -> "PlainState":
        """ValueError naming the first field that is missing or not of its shape."""
        if not isinstance(data, dict) or data.get("type") != cls.KIND:
            raise ValueError(f"not a {cls.KIND} state")
        s = cls.__new__(cls)
        for name, shape in cls.FIELDS.items():
            if name not in data:
                raise ValueError(f"the field {name!r} is missing")
            value = data[name]
            if not _fits(value, shape):
                raise ValueError(f"the field {name!r} is not {_name(shape)}: {value!r:.60}")
            setattr(s, name, _copy(value))
        viewer = data.get("viewer")
        if viewer is not None and not _fits(viewer, int):
            raise ValueError(f"the viewer is not a seat: {viewer!r:.20}")
        s.viewer, s.is_view = viewer, bool(data.get("is_view", False))
        s._events = read_events(data)
        s.reset_caches()
        return s


class ChanceState(PlainState):
    """A ``PlainState`` whose dice and draws go through ``chance`` (``game.core.chance.Chance``), kept beside the
    fields: copied with the state, saved in its JSON (a damaged one refused by name) and set up on a new state.
    A subclass setting up its own caches calls ``super().reset_caches()``."""

    def reset_caches(self) -> None:
        if not hasattr(self, "chance"):
            from game.core.chance import Chance
            self.chance = Chance()

    def clone(self) -> "ChanceState":
        c = super().clone()
        c.chance = self.chance.clone()   # type: ignore[attr-defined]
        return c  # type: ignore[return-value]

    def to_json(self) -> JSON:
        out = super().to_json()
        out["chance"] = self.chance.to_json()   # type: ignore[attr-defined]
        return out

    @classmethod
    def from_json(cls, data: JSON) -> "ChanceState":
        from game.core.chance import Chance
        s = super().from_json(data)
        try:
            s.chance = Chance.from_json(data.get("chance"))   # type: ignore[attr-defined]
        except (ValueError, TypeError) as exc:
            raise ValueError(f"the field 'chance' is not a generator: {exc}") from None
        return s  # type: ignore[return-value]

    def other_chance(self, rng: Any) -> Any:
        """A generator other than this state's (from ``rng``), keeping its script of fixed draws: a twin's
        draws to come (``Rules.twin``)."""
        from game.core.chance import Chance
        while True:
            chance = Chance(rng.fork(), self.chance.script)   # type: ignore[attr-defined]
            if chance.rng.state() != self.chance.rng.state():   # type: ignore[attr-defined]
                return chance


class TurnState(ChanceState):
    """A ``ChanceState`` in which one seat (the field ``current``) acts at a time until the field ``over`` is
    true, its undo barrier the field ``barrier``: ``current_players``, ``is_over`` and ``legal_actions``
    (worked out once by the game's ``_compute_legal(seat)``; the game drops the cache, ``self._legal = None``,
    whenever the position changes), and the log and event helpers ``_say`` and ``_tell``."""

    def reset_caches(self) -> None:
        super().reset_caches()
        self._legal: list[Any] | None = None

    def current_players(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)   # type: ignore[attr-defined]

    def is_over(self) -> bool:
        return bool(self.over)   # type: ignore[attr-defined]

    def legal_actions(self, seat: int | None = None) -> list[Any]:
        if seat is None:
            seat = self.current   # type: ignore[attr-defined]
        if self.over or seat != self.current:   # type: ignore[attr-defined]
            return []
        if self._legal is None:
            self._legal = self._compute_legal(seat)
        return list(self._legal)

    def _compute_legal(self, seat: int) -> list[Any]:
        raise NotImplementedError

    @property
    def undo_barrier(self) -> int:  # type: ignore[override]
        return self.barrier   # type: ignore[attr-defined]

    def _say(self, seat: int | None, text: Any, audience: int | None = None) -> None:
        """A log line (``audience``: told to that seat only)."""
        self._events.append(said(seat, text, audience))

    def _tell(self, kind: str, seat: int | None, audience: Any = None, secret: dict[str, Any] | None = None,
              **data: Any) -> None:
        """An event, public or with a ``secret`` part for its ``audience``."""
        self._events.append(Event.of(kind, seat, audience=audience, secret=secret, **data))
