"""Bots think in a worker process, so the window keeps drawing at 60 FPS (DESIGN.md section 4).

A Python thread running a search holds the GIL and makes frames stutter; a process does not. The
``BotWorker`` owns one child process started with the "spawn" context (the same on Linux, macOS and
Windows, and the only one that works inside a PyInstaller executable). ``main.py`` must call
``multiprocessing.freeze_support()`` first thing under ``if __name__ == "__main__":`` so that the frozen
executable, when started as the child, runs the worker instead of a second app.

Messages both ways are JSON text over a pipe (``send_bytes``/``recv_bytes``): no game object is ever
pickled. A request names the game by ``package_ref`` ("module.path:ATTR" of a ``GamePackage``) and
carries the bot's view as ``State.to_json()``; the child rebuilds it with ``rules.state_from_json``,
makes the bot with ``make_bot(level, seat, seed)``, gives it the time budget and answers
``Action.to_json()``. A request that raises answers ``{"error": "..."}`` and the worker carries on; a
dead or hung child is replaced on the next request.

Usage from a scene::

    ticket = worker.request("game.games.planks:GAME", seat, "hard", seed, view.to_json(), seconds=1.5)
    ...every frame...
    reply = worker.poll()          # None while thinking, else (ticket, action_json)
    if reply and "error" not in reply[1]: session.apply(rules.action_from_json(reply[1]))
"""
from __future__ import annotations

import importlib
import json
import multiprocessing
import time
import traceback
from dataclasses import dataclass
from typing import Any, ClassVar

from game.core.bots import Bot, RandomBot
from game.core.protocol import JSON, Action, IllegalAction, Result, Rules, State

GRACE_SECONDS = 10.0   # a request may take its budget plus this (process start, imports) before it is
                       # declared hung and the child is replaced
NO_BUDGET_LIMIT = 120.0  # the limit for a request without a time budget


def request_message(package_ref: str, seat: int, level: str, seed: int, view: JSON,
                    seconds: float | None) -> dict[str, Any]:
    """What a request sends the worker besides its ticket: all a bot is given (the conformance suite
    checks it is the same for two states the seat cannot tell apart)."""
    return {"package_ref": package_ref, "seat": seat, "level": level, "seed": seed, "view": view,
            "seconds": seconds}


# --------------------------------------------------------------------------------------------------
# The child process
# --------------------------------------------------------------------------------------------------
def resolve_package(ref: str) -> Any:
    """The object named by "module.path:ATTR"."""
    module_name, _, attr = ref.partition(":")
    if not module_name or not attr:
        raise ValueError(f"bad package reference {ref!r} (want 'module.path:ATTR')")
    return getattr(importlib.import_module(module_name), attr)


def answer(request: JSON, packages: dict[str, Any] | None = None) -> JSON:
    """Compute one request's reply (what the child does; callable in-process for tests and tools)."""
    try:
        ref = request["package_ref"]
        package = packages.get(ref) if packages is not None else None
        if package is None:
            package = resolve_package(ref)
            if packages is not None:
                packages[ref] = package
        view = package.rules.state_from_json(request["view"])
        bot = package.bot(request["level"], int(request["seat"]), int(request["seed"]))
        seconds = request.get("seconds")
        if seconds is not None:
            bot.set_time_budget(float(seconds))
        action = bot.choose(view)
        return {"ticket": request.get("ticket"), "action": action.to_json()}
    except Exception as exc:  # the worker survives any bad request
        return {"ticket": request.get("ticket"), "error": f"{type(exc).__name__}: {exc}",
                "trace": traceback.format_exc(limit=8)}


def _child_main(conn: Any) -> None:
    packages: dict[str, Any] = {}
    while True:
        try:
            raw = conn.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            request = json.loads(raw.decode("utf-8"))
        except ValueError as exc:
            conn.send_bytes(json.dumps({"ticket": None, "error": f"bad message: {exc}"}).encode("utf-8"))
            continue
        if request.get("op") == "stop":
            return
        reply = answer(request, packages)
        try:
            conn.send_bytes(json.dumps(reply).encode("utf-8"))
        except (EOFError, OSError):
            return


# --------------------------------------------------------------------------------------------------
# The parent side
# --------------------------------------------------------------------------------------------------
@dataclass
class _Pending:
    ticket: int
    deadline: float
    cancelled: bool = False


class BotWorker:
    """A bot-thinking process with a non-blocking interface. Not thread-safe: use it from one thread."""

    def __init__(self) -> None:
        self._ctx = multiprocessing.get_context("spawn")
        self._process: Any = None
        self._conn: Any = None
        self._pending: list[_Pending] = []
        self._next_ticket = 1
        self.restarts = 0  # how many times a child was (re)started

    # lifecycle ----------------------------------------------------------------------------------
    def start(self) -> None:
        """Start the child now (otherwise the first request starts it)."""
        if self._process is not None and self._process.is_alive():
            return
        self._discard_process()
        parent, child = self._ctx.Pipe(duplex=True)
        process = self._ctx.Process(target=_child_main, args=(child,), name="pgn-bot-worker", daemon=True)
        process.start()
        child.close()
        self._process, self._conn = process, parent
        self.restarts += 1

    def alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def _discard_process(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except OSError:
                pass
        if self._process is not None:
            if self._process.is_alive():
                self._process.kill()
            self._process.join(timeout=2)
        self._process = self._conn = None

    def close(self) -> None:
        """Stop the child (politely, then by force) and forget pending requests."""
        if self._conn is not None and self.alive():
            try:
                self._conn.send_bytes(json.dumps({"op": "stop"}).encode("utf-8"))
            except OSError:
                pass
            self._process.join(timeout=1.0)
        self._discard_process()
        self._pending.clear()

    def __enter__(self) -> "BotWorker":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # requests ------------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """True while a request that was not cancelled has no answer yet."""
        return any(not p.cancelled for p in self._pending)

    def request(self, package_ref: str, seat: int, level: str, seed: int, view: JSON,
                seconds: float | None = None) -> int:
        """Ask for a move; returns a ticket at once. ``view`` is ``state.view(seat).to_json()``."""
        if not self.alive():
            if self._pending:  # the child died with work in hand: those answers will never come
                self._pending.clear()
            self.start()
        ticket = self._next_ticket
        self._next_ticket += 1
        message = {"ticket": ticket, **request_message(package_ref, seat, level, seed, view, seconds)}
        limit = (seconds if seconds is not None else NO_BUDGET_LIMIT) + GRACE_SECONDS
        start = self._pending[-1].deadline if self._pending else time.monotonic()
        self._pending.append(_Pending(ticket, max(start, time.monotonic()) + limit))
        self._conn.send_bytes(json.dumps(message).encode("utf-8"))
        return ticket

    def poll(self) -> tuple[int, JSON] | None:
        """A finished answer ``(ticket, action_json)`` or None. On failure the JSON is
        ``{"error": reason}`` (a request that raised, a child that died or hung)."""
        while self._pending:
            head = self._pending[0]
            reply = None
            try:
                if self._conn is not None and self._conn.poll(0):
                    reply = json.loads(self._conn.recv_bytes().decode("utf-8"))
            except (EOFError, OSError):
                reply = None
            if reply is None:
                if not self.alive() or time.monotonic() > head.deadline:
                    reason = "worker process died" if not self.alive() else "worker timed out"
                    self._discard_process()
                    pending, self._pending = self._pending, []
                    live = [p for p in pending if not p.cancelled]
                    return (live[0].ticket, {"error": reason}) if live else None
                return None
            self._pending.pop(0)
            if reply.get("ticket") != head.ticket:  # should not happen: requests are answered in order
                continue
            if head.cancelled:
                continue
            if "error" in reply:
                return head.ticket, {"error": reply["error"], "trace": reply.get("trace", "")}
            return head.ticket, reply["action"]
        return None

    def wait(self, timeout: float, interval: float = 0.005) -> tuple[int, JSON] | None:
        """Block until an answer or ``timeout`` (tools and tests; the app polls instead)."""
        end = time.monotonic() + timeout
        while True:
            got = self.poll()
            if got is not None or time.monotonic() >= end:
                return got
            time.sleep(interval)

    def cancel(self, ticket: int | None = None, terminate: bool = False) -> None:
        """Forget the answer of ``ticket`` (None: of every pending request). With ``terminate`` the child
        is killed at once (a new one starts on the next request) instead of finishing in the background."""
        for p in self._pending:
            if ticket is None or p.ticket == ticket:
                p.cancelled = True
        if terminate:
            self._discard_process()
            self._pending.clear()


# --------------------------------------------------------------------------------------------------
# A tiny built-in game for the self test (core only: no dependency on tests/ or on a real game)
# --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Take(Action):
    kind: ClassVar[str] = "core.take"
    stones: int = 1


class PileState(State):
    """Take 1-3 stones from a pile in turn; whoever takes the last stone wins."""

    def __init__(self, players: int = 2, stones: int = 10, current: int = 0, winner: int | None = None):
        self.players = players
        self.stones = stones
        self.current = current
        self.winner = winner

    def current_players(self) -> tuple[int, ...]:
        return () if self.winner is not None else (self.current,)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self.winner is not None or (seat is not None and seat != self.current):
            return []
        return [Take(self.current, n) for n in (1, 2, 3) if n <= self.stones]

    def apply(self, action: Action) -> None:
        if action not in self.legal_actions(action.seat):
            raise IllegalAction("core.reason.illegal")
        assert isinstance(action, Take)
        self.stones -= action.stones
        if self.stones == 0:
            self.winner = action.seat
        else:
            self.current = (self.current + 1) % self.players

    def view(self, seat: int | None) -> "PileState":
        return self.clone()

    def is_over(self) -> bool:
        return self.winner is not None

    def result(self) -> Result:
        return Result.from_scores([1.0 if s == self.winner else 0.0 for s in range(self.players)])

    def clone(self) -> "PileState":
        return PileState(self.players, self.stones, self.current, self.winner)

    def to_json(self) -> JSON:
        return {"players": self.players, "stones": self.stones, "current": self.current, "winner": self.winner}


class PileRules(Rules):
    id = "core-pile"
    name_key = "core.pile.name"
    min_players = 2
    max_players = 4
    action_types = (Take,)
    has_secrets = False

    def new_state(self, players: int, options: Any, seed: int) -> PileState:
        return PileState(players)

    def state_from_json(self, data: JSON) -> PileState:
        return PileState(int(data["players"]), int(data["stones"]), int(data["current"]), data.get("winner"))


def _pile_bot(level: str, seat: int, seed: int) -> Bot:
    if level == "explode":  # tests: a request that raises inside the child
        raise RuntimeError("this bot level explodes on purpose")
    if level == "search":  # the bench: a real timed search that keeps a core busy
        from game.core.search import SearchBot
        return SearchBot(seat, seed, determinize=lambda view, rng: view.clone(), playouts=None, seconds=1.0)
    return RandomBot(seat, seed)


def _self_test_package() -> Any:
    from game.games import GamePackage
    return GamePackage(rules=PileRules(), make_bot=_pile_bot)


SELF_TEST_GAME = _self_test_package()
SELF_TEST_REF = "game.core.worker:SELF_TEST_GAME"


def benchmark_request(worker: "BotWorker", seconds: float = 1.0) -> int:
    """Ask ``worker`` for a timed search on a large pile (``python -m game bench``); returns the ticket."""
    state = PileState(2, 400)
    return worker.request(SELF_TEST_REF, 0, "search", 7, state.view(0).to_json(), seconds=seconds)


def self_test(timeout: float = 60.0) -> bool:
    """Start a worker, get one legal move of the built-in pile game, close. True when all went well."""
    state = PileState(2, 5)
    worker = BotWorker()
    try:
        ticket = worker.request(SELF_TEST_REF, 0, "easy", 1, state.view(0).to_json(), seconds=1.0)
        got = worker.wait(timeout)
        if got is None or got[0] != ticket or "error" in got[1]:
            return False
        return state.is_legal(PileRules().action_from_json(got[1]))
    finally:
        worker.close()

