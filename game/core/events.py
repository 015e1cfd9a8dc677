"""What happened, in the engine's words (DESIGN.md section 3, "Events").

``State.apply`` records typed events next to its log lines: a ship moved from A to B, these dice were
rolled, a card was revealed to one seat, a pirate was pushed into the sea, a hand was scored. A scene
animates, highlights the last move and builds a recap from them; it never diffs two snapshots nor reads
a log line's parameters. A replay is the action list re-applied with its events.

An event is public or partly private: ``data`` is what everyone may know, ``secret`` what only the seats
in ``audience`` may know (the card a player drew, the treasure they buried). ``State.events_for(seat)`` gives
each event as that seat sees it (``Event.seen_by``): the secret part only for the seats in ``audience``. That a
seat learned something is public (everyone saw Anna look at her card); what she learned is not.

Kinds shared by the games (each game documents the ones it uses and their fields in its rules module):

    dealt      cards or tiles handed out (``count``; the ids in ``secret`` for their owner)
    drew       one card or tile taken from a deck or pile
    rolled     ``dice`` (in the order rolled)
    moved      ``piece`` from ``frm`` to ``to`` (a path in ``path`` where it matters)
    pushed     ``piece`` pushed by another from ``frm`` to ``to``
    sank       ``piece`` removed from play at ``at``
    played     a card or tile put somewhere (``card``, ``target``)
    revealed   something turned face up (for everyone, or for the ``audience``)
    took       something won or carried (``what``, ``frm``)
    chose      a choice the rules let a seat make (``choice``)
    scored     ``points`` for ``seat`` (``why``: a catalog key)
    turn       the turn passes to ``seat``
    ended      a hand, round or game ends (``what``: "hand", "round", "game")
    said       a line of the table's log: ``text`` (a catalog ``Text`` with its parameters), public, or
               secret to the seats it is told to (Anna's log says which treasure she buried; the others' logs
               do not have the line at all)

The log is not a second record: it is the ``said`` events (``log_of``), so a seat's log is filtered exactly
like its events, and a scene logs, animates and recaps from one stream.

Games may add kinds of their own; a kind is a short lowercase word. Event data are JSON values (numbers,
strings, booleans, null, lists of those, cells as ``[x, y]``) and catalog texts (``Text``, written as their
JSON object).
"""
from __future__ import annotations

import contextlib
import contextvars
import operator
from dataclasses import dataclass
from typing import Any, Callable, Collection, Iterable, Iterator, Sequence

from game.core.protocol import LogEntry, Text

JSON = Any


def _freeze(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    if type(value) is Text:
        return value.to_json()
    return value


def _plain(value: Any) -> bool:
    if isinstance(value, (list, tuple)):
        return all(_plain(v) for v in value)
    return value is None or isinstance(value, (str, int, float, bool))


def _read(value: Any) -> Any:
    """A value as ``to_json`` wrote it: an object is a catalog text (ValueError when it is not one)."""
    if isinstance(value, dict):
        return Text.from_json(value)
    if not _plain(value):
        raise ValueError(f"not a plain value: {value!r:.80}")
    return _freeze(value)


@dataclass(frozen=True)
class Event:
    """One thing that happened. Frozen and hashable (lists are kept as tuples)."""

    kind: str
    seat: int | None = None
    data: tuple[tuple[str, Any], ...] = ()
    secret: tuple[tuple[str, Any], ...] = ()
    audience: tuple[int, ...] | None = None

    @staticmethod
    def of(kind: str, seat: int | None = None, *, audience: Iterable[int] | None = None,
           secret: dict[str, Any] | None = None, **data: Any) -> "Event":
        """``Event.of("moved", 0, piece="ship-spanish-1", frm=(5, 13), to=(8, 13))``;
        ``Event.of("drew", 1, audience=[1], secret={"card": "towel-red-3"}, pile="deck")``."""
        if secret and audience is None:
            raise ValueError(f"a {kind!r} event has a secret but no seat to tell it to")
        return Event(kind, seat, tuple(sorted((k, _freeze(v)) for k, v in data.items())),
                     tuple(sorted((k, _freeze(v)) for k, v in (secret or {}).items())),
                     tuple(sorted(set(audience))) if audience is not None else None)

    def get(self, name: str, default: Any = None) -> Any:
        """A field, public or secret (a secret field is there only for the seats in ``audience``)."""
        for k, v in self.data:
            if k == name:
                return v
        for k, v in self.secret:
            if k == name:
                return v
        return default

    @property
    def fields(self) -> dict[str, Any]:
        return {**dict(self.data), **dict(self.secret)}

    def seen_by(self, viewer: int | None) -> "Event":
        """This event as ``viewer`` may know it (None: a spectator): without its secret part unless the
        viewer is one of the ``audience``."""
        if not self.secret or (viewer is not None and self.audience is not None and viewer in self.audience):
            return self
        return Event(self.kind, self.seat, self.data, (), self.audience)

    def to_json(self) -> JSON:
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "data": {k: _thaw(v) for k, v in self.data}}
        if self.secret:
            out["secret"] = {k: _thaw(v) for k, v in self.secret}
        if self.audience is not None:
            out["audience"] = list(self.audience)
        return out

    @staticmethod
    def from_json(data: JSON) -> "Event":
        """ValueError for anything that is not an event as ``to_json`` writes it."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str) or not data["kind"]:
            raise ValueError(f"not an event: {data!r:.80}")
        seat = data.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise ValueError(f"an event's seat is {seat!r:.40}")
        parts = []
        for name in ("data", "secret"):
            part = data.get(name, {})
            if not isinstance(part, dict) or not all(isinstance(k, str) for k in part):
                raise ValueError(f"an event's {name} is not an object of plain values: {part!r:.80}")
            try:
                parts.append(tuple(sorted((k, _read(v)) for k, v in part.items())))
            except ValueError as exc:
                raise ValueError(f"an event's {name} is not an object of plain values: {exc}") from None
        audience = data.get("audience")
        if audience is not None and not (isinstance(audience, list) and all(
                isinstance(s, int) and not isinstance(s, bool) for s in audience)):
            raise ValueError(f"an event's audience is {audience!r:.40}")
        if parts[1] and audience is None:
            raise ValueError("an event with a secret names no seat to tell it to")
        return Event(data["kind"], seat, parts[0], parts[1], tuple(audience) if audience is not None else None)


def said(seat: int | None, text: Text, audience: int | None = None) -> Event:
    """A log line as an event: public, or (``audience``: a seat) told to that seat only. ``seat`` is whose
    line it is (its colour chip in the log), None for the table."""
    if audience is None:
        return Event("said", seat, (("text", text),))
    return Event("said", seat, (), (("text", text),), (audience,))


def log_of(events: Iterable[Event], viewer: int | None = None) -> list[LogEntry]:
    """The log lines among ``events`` that ``viewer`` may read: the public ones, and the private ones told
    to ``viewer`` (None: the public lines only, as a spectator reads them)."""
    out = []
    for e in events:
        if e.kind == "said" and (not e.secret or (viewer is not None and viewer in (e.audience or ()))):
            text = e.get("text")
            if type(text) is Text:
                out.append(LogEntry(e.seat, text))
    return out


def check_said(e: Event) -> None:
    """ValueError for a log line (``said``) without a catalog text, or with other fields."""
    if e.kind != "said":
        return
    names = [k for k, _ in e.data] + [k for k, _ in e.secret]
    if names != ["text"] or type(e.get("text")) is not Text:
        raise ValueError(f"a log line without its text: {e!r:.80}")


def check_events(events: Iterable[Event], kinds: Collection[str]) -> None:
    """ValueError for an event of a kind the game does not record, or a log line that is not one (``check_said``)."""
    for e in events:
        if not isinstance(e, Event) or e.kind not in kinds:
            raise ValueError(f"an event of unknown kind {getattr(e, 'kind', e)!r}")
        check_said(e)


def read_events(data: JSON, log_line: Any = None) -> list[Event]:
    """The events of a saved state (``data["events"]``, none in a save from before events). A save from
    before the log was events keeps its lines under ``"log"``: they become ``said`` events after the others
    (``log_line(item) -> Event`` reads one line where a game wrote them its own way)."""
    events = [Event.from_json(e) for e in data.get("events", [])]
    old = data.get("log")
    if old and not any(e.kind == "said" for e in events):
        if not isinstance(old, list):
            raise ValueError(f"the log is not a list: {old!r:.80}")
        for item in old:
            if log_line is not None:
                events.append(log_line(item))
            else:
                line = LogEntry.from_json(item)
                events.append(said(line.seat, line.text))
    return events


_SAVING: contextvars.ContextVar[bool] = contextvars.ContextVar("json_once_saving", default=False)


@contextlib.contextmanager
def encoded_once() -> Iterator[None]:
    """Inside it ``json_once`` keeps what it encodes (``GameSession.to_save``: the save goes to the writer thread,
    which only reads it). Everywhere else it encodes afresh: a caller may change what ``to_json`` gives it (a test
    damaging a copy of a state), which must never reach the next save."""
    token = _SAVING.set(True)
    try:
        yield
    finally:
        _SAVING.reset(token)


def json_once(owner: Any, name: str, items: Sequence[Any]) -> list[JSON]:
    """``[item.to_json() for item in items]``, each item encoded once for ``owner``: a game's state and its session
    live on through a game and are saved after every action, so only what was added since the last save is
    encoded (a long Pirateer game's save encoded a thousand actions and two thousand events again after each
    move, on the frame that showed it). The items are frozen (events, actions): one object always gives the same
    JSON. What is kept is checked object by object, so an undo, a list replaced wholesale or a copied state that
    shares its owner's ``__dict__`` is encoded afresh from where it differs. The dicts are shared between calls:
    read them, never change them: the memo is used inside ``encoded_once`` only."""
    store = getattr(owner, "__dict__", None)
    if store is None or not _SAVING.get():
        return [item.to_json() for item in items]
    key = "_json_once_" + name
    memo = store.get(key)
    if memo is None or memo[0] is not owner:      # a copy's dict came with its original's memo: not its own
        memo = store[key] = (owner, [], [])
    _, kept, encoded = memo
    encode_changed(kept, encoded, items, lambda item: item.to_json())
    return list(encoded)


def encode_changed(kept: list, encoded: list, items: Sequence[Any], encode: Callable[[Any], Any]) -> None:
    """Bring ``kept`` (objects) and ``encoded`` (their encodings, one each) up to ``items``: the objects that are
    still the very same ones, from the first, keep their encoding; from the first that differs (an undo, a list
    replaced) or is new, each is encoded with ``encode``. Serves ``json_once`` and the autosave writer's
    ``IncrementalDumps``."""
    same = len(kept)
    if not (same <= len(items) and all(map(operator.is_, kept, items))):
        same = next((i for i, (a, b) in enumerate(zip(kept, items)) if a is not b), min(len(kept), len(items)))
        del kept[same:], encoded[same:]
    for item in items[same:]:
        encoded.append(encode(item))
        kept.append(item)


def events_seen_by(events: Iterable[Event], viewer: int | None) -> list[Event]:
    return [e.seen_by(viewer) for e in events]


#: kinds that are not a seat's move: the turn passing, its log lines, what the table did on its own
NOT_MOVES = frozenset({"turn", "said", "ended", "dealt", "round", "mixed"})


@dataclass(frozen=True)
class Turn:
    """The events from one ``turn`` event (which names ``seat``) to the next: ``events[start:end]``."""

    seat: int | None
    start: int
    end: int


def turns_of(events: "list[Event]") -> list[Turn]:
    """The events cut at each ``turn`` event (turn-based games say whose turn begins with one); what comes before
    the first is a turn of nobody (the deal)."""
    turns: list[Turn] = []
    seat: int | None = None
    start = 0
    for i, e in enumerate(events):
        if e.kind == "turn":
            if i > start or turns or seat is not None:
                turns.append(Turn(seat, start, i))
            seat, start = e.seat, i
    turns.append(Turn(seat, start, len(events)))
    return [t for t in turns if t.end > t.start]


#: ... and what does not replace a seat's last move on the table: a roll that left it no move
NOT_MARKED = NOT_MOVES | {"rolled", "forfeit"}


def moved_in(events: "list[Event]", turn: Turn, not_moves: frozenset[str] = NOT_MOVES) -> bool:
    """True when the seat of ``turn`` did something in it (an event of its own that is not a log line)."""
    return turn.seat is not None and any(
        e.seat == turn.seat and e.kind not in not_moves for e in events[turn.start:turn.end])


def last_moves(events: "list[Event]") -> dict[int, Turn]:
    """Each seat's last move: its latest turn in which it did something (a roll alone, with no move after it, is
    not one). It stays its last move until it moves again (while its new turn has no move of its own yet, the one
    before is still the last)."""
    out: dict[int, Turn] = {}
    for turn in reversed(turns_of(events)):
        if turn.seat is not None and turn.seat not in out and moved_in(events, turn, NOT_MARKED):
            out[turn.seat] = turn
    return out


def since(events: "list[Event]", start: int, viewer: int | None) -> list[Turn]:
    """The other seats' turns from event ``start`` on (a turn that began just before it, with the action that
    passed the turn, is cut at ``start``) in which they did something: what ``viewer`` has not seen played out by
    its own hand (the recap of a turn)."""
    out = []
    for t in turns_of(events):
        if t.end > start and t.seat is not None and t.seat != viewer:
            cut = Turn(t.seat, max(start, t.start), t.end)
            if moved_in(events, cut):
                out.append(cut)
    return out
