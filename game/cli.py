"""The headless command line: ``python -m game simulate`` and ``python -m game tournament``.

Both commands play whole games (``rules.new_game(players, options, seed)``: a full match where a
game has several hands) between bots and print JSON lines, one per game and one summary at the end.
Nothing here imports pygame.

Seeds. ``--seed S`` is a base: game (or seed group) ``i`` is played with ``derive_seed(S, i)``, printed
with each game. The bot in seat ``k`` of a game with seed ``s`` gets ``derive_seed(s, k + 1)``.

Bots. "random" is ``game.core.bots.RandomBot``; any other level is ``package.make_bot(level, seat,
seed)``. With ``--playouts P`` search bots get a fixed budget: ``make_bot(level, seat, seed,
playouts=P)`` — a game's ``make_bot`` that supports it takes a ``playouts`` keyword (or ``**kwargs``)
and levels that do not search ignore it. A fixed budget makes a tournament reproducible, unlike a
time budget. Bots see ``state.view(seat)`` only. When several seats may act at once (a simultaneous
game), each of them is asked in seat order, every action applied before the next bot is asked.

Real-time games (a package with ``make_agent``, e.g. Island Race). The same commands play them, in
simulated time: ``play_game`` is the one place that tells the two kinds apart. The seats get
``package.make_agent(level, seat, seed)`` agents and the game's referee (``make_referee(options)``,
the scene's clock: start each round after its countdown, time is up at the timer's end) runs with
them in ``game.core.realtime.run_realtime`` on a ``SimulatedClock``: nothing waits, and the same seed
gives the same game. A real-time game has no "random" level. Each game line also holds "rounds" (the
package's ``round_reports``: per round, per seat, e.g. complete, valid, round_score, done_at),
"dropped" (actions someone was faster than) and "sim_seconds" (the simulated length). The summaries
(simulate and tournament) add "per_level": per bot level, the number of islands (seat-rounds) and the
share of each yes/no fact, the mean of each number with its sample standard deviation ("<key>_sd",
null with fewer than two values) and, for a number that may be missing (done_at: never declared Done),
"<key>_share", how often it was there. simulate also prints it as a table (lines starting with "#";
a number as mean±sd).

Extra games (tests, experiments). ``--package MODULE:ATTR`` (hidden option, repeatable) or the
environment variable ``PGN_EXTRA_GAMES=MODULE:ATTR,...`` register another game before the command
runs; ``MODULE`` is a dotted module name or a path to a ``.py`` file, ``ATTR`` names a ``GameEntry``
or a ``GamePackage`` in it. Worker processes (``--jobs``) register the same ones: a game registered
in-process with ``game.games.register`` alone is not visible to them.

simulate prints ``{"game", "seed", "winners", "scores" (or null), "actions", "seconds", "stats"}`` per
game and a ``{"summary": "simulate", ...}`` line (games per second, win share per seat with a k-way
shared win counting 1/k, mean scores, mean actions).

tournament plays the lineup (``--bots``, one level per seat) on seed groups: every group's seed in
every distinct rotation of the seats (rotation r puts lineup member j in seat j + r), so each level
sits in each seat equally often. ``--games K`` is rounded up to whole groups. It prints a table
(lines starting with "#", for people) and a ``{"summary": "tournament", ...}`` line. Per level: the
credit ("wins", a k-way shared win gives 1/k to each sharer), n (games), the share of games won by
any seat of that level with its 95% Wilson interval, and the same per seat (share / copies) next to
the fair share 1/N; when one level sits among copies of another it is named "odd_one_out".
``--target X`` stops after the first complete group at which every level's per-seat interval lies
entirely above or below X (not before ``--min-games``). ``--results FILE`` holds a header line
``{"tournament": {arguments}}`` and one line per finished game; a rerun with the same game, players,
lineup, options, seed, playouts and max-actions skips the games already there (``--games``,
``--target`` and ``--jobs`` may change), a torn last line is dropped, other arguments are refused.
One process at a time per results file.

stat reads tournament results files (``--results``) and reports one number of the games' "stats" for
the seats of one level: ``python -m game stat --key sm.stat.right --level hard A.jsonl [B.jsonl]``. Each
game gives one value, the mean over that level's seats in it (two seats of one level in one game are
not independent); per file it prints n, the mean, the standard deviation and the 95% interval of the
mean, and with two files the difference B - A with Welch's 95% interval. Games with an error are skipped.

Exit status: 0 when every game finished, 1 when a game failed (a bot error, an illegal action, no end
after ``--max-actions`` actions: reported as a JSON line with "error"), 2 for bad arguments.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import inspect
import json
import math
import multiprocessing
import os
import sys
import time
import traceback
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, TextIO

from game import games
from game.core.bots import Bot, RandomBot
from game.core.protocol import IllegalAction, State
from game.core.realtime import RealtimeAgent, SimulatedClock, run_realtime
from game.core.rng import Rng
from game.stats import all_clear, mean, mean_interval, welch_difference, wilson_interval

EXTRA_GAMES_ENV = "PGN_EXTRA_GAMES"
DEFAULT_MAX_ACTIONS = 100_000
RESULTS_FORMAT = 1


class CliError(Exception):
    """A problem with the command's arguments: printed as ``error: ...``, exit status 2."""


# --------------------------------------------------------------------------------------------------
# Extra game packages
# --------------------------------------------------------------------------------------------------
def load_extra_package(spec: str) -> str:
    """Register the game named by ``MODULE:ATTR`` (module name or .py path); returns its id."""
    module_name, sep, attr = spec.rpartition(":")
    if not sep or not module_name or not attr:
        raise CliError(f"--package needs MODULE:ATTR, got {spec!r}")
    try:
        if module_name.endswith(".py") or os.sep in module_name or "/" in module_name:
            path = Path(module_name).resolve()
            name = "pgn_extra_" + "".join(c if c.isalnum() else "_" for c in str(path))
            module = sys.modules.get(name)
            if module is None:
                loader_spec = importlib.util.spec_from_file_location(name, path)
                if loader_spec is None or loader_spec.loader is None or not path.is_file():
                    raise CliError(f"--package: no such file {str(path)!r}")
                module = importlib.util.module_from_spec(loader_spec)
                sys.modules[name] = module
                try:
                    loader_spec.loader.exec_module(module)
                except BaseException:
                    sys.modules.pop(name, None)
                    raise
        else:
            module = importlib.import_module(module_name)
    except ImportError as exc:
        raise CliError(f"--package: cannot import {module_name!r}: {exc}") from None
    obj = getattr(module, attr, None)
    if isinstance(obj, games.GameEntry):
        entry = obj
    elif isinstance(obj, games.GamePackage):
        rules = obj.rules
        entry = games.GameEntry(rules.id, rules.id.replace("-", "_"), rules.name_key, rules.name_key,
                                (rules.min_players, rules.max_players), None, package=obj)
    else:
        raise CliError(f"--package: {spec!r} is not a GameEntry or GamePackage")
    games.register(entry)
    return entry.id


def extra_package_specs(cli_specs: Iterable[str] | None) -> list[str]:
    """The specs from the environment (``PGN_EXTRA_GAMES``) followed by those given on the command line."""
    env = [s.strip() for s in os.environ.get(EXTRA_GAMES_ENV, "").split(",") if s.strip()]
    return env + list(cli_specs or [])


# --------------------------------------------------------------------------------------------------
# Arguments
# --------------------------------------------------------------------------------------------------
def derive_seed(base: int, index: int) -> int:
    """A well-mixed 63-bit seed for game ``index`` of a run with base seed ``base`` (stable forever)."""
    rng = Rng((base * 0x9E3779B97F4A7C15 + index * 0xD1B54A32D192ED03 + 1) & ((1 << 64) - 1))
    return rng.next64() >> 1


def parse_option_values(pairs: Iterable[str]) -> dict[str, Any]:
    """``key=value`` strings to a dict; values are JSON when they parse (true, 3, "x") else strings."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise CliError(f"--option needs key=value, got {pair!r}")
        try:
            value = json.loads(raw)
        except ValueError:
            value = raw
        options[key] = value
    return options


def add_common_arguments(parser: argparse.ArgumentParser, *, default_games: int) -> None:
    """The arguments every game-playing command shares (the bench command may reuse them)."""
    parser.add_argument("--game", required=True, metavar="ID", help="game id, e.g. planks")
    parser.add_argument("--players", type=int, metavar="N",
                        help="number of seats (default: the number of --bots, else the game's minimum)")
    parser.add_argument("--games", type=int, default=default_games, metavar="K",
                        help=f"number of games (default {default_games})")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="base seed (default 0)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option; values parse as JSON (true, 3) else as text; repeatable")
    parser.add_argument("--jobs", type=int, default=1, metavar="J",
                        help="worker processes (default 1; 0 = one per CPU)")
    parser.add_argument("--playouts", type=int, metavar="P",
                        help="fixed playout budget passed to search bots as make_bot(..., playouts=P)")
    parser.add_argument("--max-actions", type=int, default=DEFAULT_MAX_ACTIONS, metavar="M",
                        help=f"a game still running after M actions is an error (default {DEFAULT_MAX_ACTIONS})")
    parser.add_argument("--package", action="append", default=[], help=argparse.SUPPRESS)


def add_simulate_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "simulate", help="play games between bots and print one JSON line per game",
        description="Play K games between bots; print one JSON line per game and a summary line.")
    add_common_arguments(p, default_games=10)
    p.add_argument("--bots", default="random", metavar="LEVELS",
                   help="bot level per seat, comma-separated (random, easy, medium, hard); "
                        "one level fills every seat (default random)")
    return p


def add_tournament_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "tournament", help="measure bot strength: rotated seats, win shares with 95%% intervals",
        description="Play the lineup (one bot level per seat) on many seeds, each seed in every rotation "
                    "of the seats; report each level's win share with a 95% Wilson interval.")
    add_common_arguments(p, default_games=100)
    p.add_argument("--bots", required=True, metavar="LINEUP",
                   help="the lineup, one level per seat, e.g. hard,medium or hard,medium,medium,medium")
    p.add_argument("--target", type=float, metavar="X",
                   help="stop early once every level's per-seat interval lies entirely above or below X")
    p.add_argument("--min-games", type=int, default=0, metavar="M",
                   help="with --target, never stop before M games (default 0; each look at the data "
                        "makes an early stop a little less than 95%% sure)")
    p.add_argument("--results", metavar="FILE",
                   help="append each finished game to FILE (JSON lines); rerunning resumes from it")
    return p


@dataclass
class Setup:
    """A validated command: everything a worker process needs to play one game (plain JSON data)."""

    game_id: str
    players: int
    options: dict[str, Any]
    levels: list[str]
    playouts: int | None = None
    max_actions: int = DEFAULT_MAX_ACTIONS
    packages: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _accepts_playouts(factory: Callable[..., Any]) -> bool:
    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return True
    return any(p.kind is inspect.Parameter.VAR_KEYWORD or p.name == "playouts" for p in params)


def make_bot(package: games.GamePackage, level: str, seat: int, seed: int,
             playouts: int | None) -> Bot | RealtimeAgent:
    """The player for one seat: for a turn-based game RandomBot for "random", else the game's own
    ``make_bot``; for a real-time game the game's ``make_agent`` (it has no "random" level)."""
    if package.realtime:
        if level == "random":
            raise ValueError(f"{package.rules.id} is a real-time game: its bots are easy, medium and hard")
        factory = package.make_agent
    elif level == "random":
        return RandomBot(seat, seed)
    else:
        factory = package.make_bot
    assert factory is not None
    if playouts is not None:
        return factory(level, seat, seed, playouts=playouts)
    return factory(level, seat, seed)


def prepare(args: argparse.Namespace) -> Setup:
    """Check the arguments against the game (raises CliError with a clear message)."""
    from game.i18n import tr

    specs = extra_package_specs(getattr(args, "package", []))
    for spec in specs:
        load_extra_package(spec)
    try:
        package = games.playable(args.game)
    except KeyError as exc:
        raise CliError(str(exc.args[0]) if exc.args else str(exc)) from None
    rules = package.rules
    levels = [lv.strip() for lv in args.bots.split(",") if lv.strip()]
    if not levels:
        raise CliError("--bots needs at least one level")
    players = args.players
    if players is None:
        players = len(levels) if len(levels) > 1 else rules.min_players
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise CliError(f"--bots lists {len(levels)} levels for {players} players")
    if args.games < 1:
        raise CliError("--games must be at least 1")
    if args.jobs < 0:
        raise CliError("--jobs must be 0 (one per CPU) or more")
    if args.max_actions < 1:
        raise CliError("--max-actions must be at least 1")
    if args.playouts is not None and args.playouts < 1:
        raise CliError("--playouts must be at least 1")
    options = parse_option_values(args.option)
    problems = rules.check(players, options)
    if problems:
        raise CliError(f"{args.game}: " + " ".join(tr(p) for p in problems))
    try:
        rules.new_game(players, options, 0)
    except ValueError as exc:
        raise CliError(f"{args.game}: cannot start a game: {exc}") from None
    if package.realtime and package.make_referee is None:
        raise CliError(f"{args.game}: a real-time game without a referee (make_referee) cannot run headless")
    factory = package.make_agent if package.realtime else package.make_bot
    if args.playouts is not None and not _accepts_playouts(factory):  # type: ignore[arg-type]
        raise CliError(f"{args.game}: this game's bots take no --playouts budget")
    for level in dict.fromkeys(levels):
        try:
            make_bot(package, level, 0, 0, args.playouts)
        except (ValueError, KeyError) as exc:
            raise CliError(f"{args.game}: unknown bot level {level!r} ({exc})") from None
    entry = games.get(args.game)
    if getattr(entry, "module", None) and not any(spec.startswith(f"{entry.module}:") for spec in specs):
        specs = specs + [entry.ref]  # a registered test game that names its module: workers import it
    return Setup(args.game, players, options, levels, args.playouts, args.max_actions, specs)


# --------------------------------------------------------------------------------------------------
# Playing one game
# --------------------------------------------------------------------------------------------------
class GameFailed(Exception):
    pass


def play_game(setup: Setup, seating: list[str], seed: int) -> dict[str, Any]:
    """Play one whole game with bot level ``seating[k]`` in seat ``k``; returns a JSON-able record.

    The record has winners, scores (or None), actions, seconds and stats (a real-time game also
    rounds, dropped and sim_seconds), or "error" when the game failed (exception, illegal action, no
    end within ``setup.max_actions`` actions).
    """
    started = time.perf_counter()
    counter = [0]  # actions applied so far (the players below keep it up to date, also when they fail)
    extra: dict[str, Any] = {}
    try:
        package = games.playable(setup.game_id)
        state = package.rules.new_game(setup.players, setup.options, seed)
        players = [make_bot(package, level, seat, derive_seed(seed, seat + 1), setup.playouts)
                   for seat, level in enumerate(seating)]
        if package.realtime:
            extra = _play_realtime(package, state, players, setup, counter)  # type: ignore[arg-type]
        else:
            _play_turns(state, players, seating, setup, counter)  # type: ignore[arg-type]
        result = state.result()
    except GameFailed as exc:
        return {"error": str(exc), "actions": counter[0], "seconds": round(time.perf_counter() - started, 4)}
    except Exception as exc:  # a bug in a bot or in the rules: report it, keep going
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        where = f"{Path(frame.filename).name}:{frame.lineno}"
        return {"error": f"{type(exc).__name__}: {exc} (at {where})", "actions": counter[0],
                "seconds": round(time.perf_counter() - started, 4)}
    return {"winners": list(result.winners),
            "scores": list(result.scores) if result.scores is not None else None,
            "actions": counter[0], "seconds": round(time.perf_counter() - started, 4),
            "stats": result.stats, **extra}


def _play_turns(state: State, bots: list[Bot], seating: list[str], setup: Setup, counter: list[int]) -> None:
    """A turn-based game: every current player's bot chooses in seat order, each action applied at once."""
    while not state.is_over():
        current = sorted(state.current_players())
        if not current:
            raise GameFailed("the game is not over but nobody may act")
        for seat in current:
            if state.is_over() or seat not in state.current_players():
                continue
            if counter[0] >= setup.max_actions:
                raise GameFailed(f"no end after {setup.max_actions} actions")
            action = bots[seat].choose(state.view(seat))
            try:
                state.apply(action)
            except IllegalAction as exc:
                raise GameFailed(f"bot {seating[seat]!r} in seat {seat} chose an illegal action "
                                 f"{action!r}: {exc}") from None
            counter[0] += 1


def _play_realtime(package: games.GamePackage, state: State, agents: list[RealtimeAgent], setup: Setup,
                   counter: list[int]) -> dict[str, Any]:
    """A real-time game on a simulated clock, the game's referee sending the system actions."""
    assert package.make_referee is not None
    referee = package.make_referee(getattr(state, "options", setup.options))
    clock = SimulatedClock()
    timeline = run_realtime(state, [*agents, referee], clock, until=math.inf, max_events=setup.max_actions)
    counter[0] = sum(1 for t in timeline if t.applied)
    if not state.is_over():
        if len(timeline) >= setup.max_actions:
            raise GameFailed(f"no end after {setup.max_actions} actions")
        raise GameFailed(f"the game stalled at {clock.now():.1f} s: no bot had anything to do and no clock ran")
    rounds = package.round_reports(state, timeline) if package.round_reports is not None else []
    return {"rounds": rounds, "dropped": sum(1 for t in timeline if not t.applied),
            "sim_seconds": round(clock.now(), 3)}


def _worker_init(package_specs: list[str]) -> None:
    for spec in package_specs:
        load_extra_package(spec)


def _play_task(task: tuple[dict[str, Any], list[str], int]) -> dict[str, Any]:
    setup_json, seating, seed = task
    return play_game(Setup(**setup_json), seating, seed)


def play_many(setup: Setup, tasks: Iterable[tuple[list[str], int]], jobs: int) -> Iterator[dict[str, Any]]:
    """Play ``(seating, seed)`` games, in ``jobs`` processes when jobs > 1; results come in order.

    Workers are started with "spawn" (as in the frozen executable) and register ``setup.packages``.
    A few games per worker are queued ahead; closing the iterator early (an early stop) cancels the
    queue and terminates the workers. A worker that cannot start raises CliError, never hangs.
    """
    if jobs == 0:
        jobs = os.cpu_count() or 1
    if jobs <= 1:
        for seating, seed in tasks:
            yield play_game(setup, seating, seed)
        return
    setup_json = setup.to_json()
    ctx = multiprocessing.get_context("spawn")
    executor = ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_worker_init, initargs=(setup.packages,))
    pending: deque[Future[dict[str, Any]]] = deque()
    finished = False
    try:
        for seating, seed in tasks:
            pending.append(executor.submit(_play_task, (setup_json, seating, seed)))
            if len(pending) >= 4 * jobs:
                yield _result_of(pending.popleft())
        while pending:
            yield _result_of(pending.popleft())
        finished = True
    finally:
        if not finished:
            for future in pending:
                future.cancel()
            for process in list(getattr(executor, "_processes", {}).values()):
                process.terminate()
        executor.shutdown(wait=True, cancel_futures=True)


def _result_of(future: "Future[dict[str, Any]]") -> dict[str, Any]:
    try:
        return future.result()
    except BrokenProcessPool as exc:
        raise CliError(f"a worker process failed to start or died ({exc}); try --jobs 1 to see why") from None


def _emit(out: TextIO, record: dict[str, Any]) -> None:
    out.write(json.dumps(record) + "\n")
    out.flush()


def _share(winners: list[int], seat: int) -> float:
    return 1.0 / len(winners) if seat in winners else 0.0


class LevelFacts:
    """Per bot level, the per-round facts of real-time games' records ("rounds"): the share of each
    yes/no fact, the mean of each number with its sample standard deviation ("<key>_sd", None with
    fewer than two values) and how often a number that may be missing was there."""

    def __init__(self) -> None:
        self.rows: dict[str, list[dict[str, Any]]] = {}

    def add(self, seating: list[str], record: dict[str, Any]) -> None:
        for per_seat in record.get("rounds") or []:
            for seat, facts in enumerate(per_seat):
                self.rows.setdefault(seating[seat], []).append(facts)

    def summary(self) -> list[dict[str, Any]] | None:
        if not self.rows:
            return None
        out = []
        for level, facts in self.rows.items():
            row: dict[str, Any] = {"level": level, "islands": len(facts)}
            for key in dict.fromkeys(k for f in facts for k in f):
                values = [f.get(key) for f in facts]
                present = [v for v in values if v is not None]
                if present and all(isinstance(v, bool) for v in present):
                    row[key] = sum(present) / len(facts)
                elif all(isinstance(v, (int, float)) for v in present):
                    spread = mean_interval([float(v) for v in present])
                    row[key] = spread["mean"]
                    row[f"{key}_sd"] = spread["sd"]
                    if len(present) < len(values):
                        row[f"{key}_share"] = len(present) / len(facts)
            out.append(row)
        return out


def _print_facts(out: TextIO, rows: list[dict[str, Any]]) -> None:
    """The per-level facts as a table for people (lines starting with '#'): a number with its standard
    deviation reads "mean±sd"."""
    names = list(dict.fromkeys(k for r in rows for k in r))
    keys = [k for k in names if k not in ("level", "islands") and not (k.endswith("_sd") and k[:-3] in names)]

    def number(x: Any) -> str:
        if x is None:
            return "-"
        return f"{x:.3f}" if abs(x) < 10 else f"{x:.1f}"

    def cell(r: dict[str, Any], k: str) -> str:
        if f"{k}_sd" in names and r.get(k) is not None and r.get(f"{k}_sd") is not None:
            return f"{number(r[k])}\u00b1{number(r[f'{k}_sd'])}"
        return number(r.get(k))

    out.write(f"# {'level':<10} {'islands':>7}" + "".join(f" {k:>14}" for k in keys) + "\n")
    for r in rows:
        out.write(f"# {r['level']:<10} {r['islands']:>7}" + "".join(f" {cell(r, k):>14}" for k in keys) + "\n")
    out.flush()


# --------------------------------------------------------------------------------------------------
# simulate
# --------------------------------------------------------------------------------------------------
def run_simulate(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    """``python -m game simulate``: K games, one JSON line each, then a summary line."""
    setup = prepare(args)
    n = setup.players
    started = time.perf_counter()
    seeds = [derive_seed(args.seed, i) for i in range(args.games)]
    wins = [0.0] * n
    score_sums: list[list[float]] = [[] for _ in range(n)]
    action_counts: list[int] = []
    errors = 0
    finished = 0
    facts = LevelFacts()
    played = play_many(setup, ((setup.levels, s) for s in seeds), args.jobs)
    try:
        for i, record in enumerate(played):
            _emit(out, {"game": i, "seed": seeds[i], **record})
            if "error" in record:
                errors += 1
                continue
            finished += 1
            facts.add(setup.levels, record)
            action_counts.append(record["actions"])
            for seat in range(n):
                wins[seat] += _share(record["winners"], seat)
                if record["scores"] is not None:
                    score_sums[seat].append(record["scores"][seat])
    finally:
        played.close()
    elapsed = time.perf_counter() - started
    has_scores = all(len(s) == finished for s in score_sums) and finished > 0
    per_level = facts.summary()
    extra = {"per_level": per_level} if per_level is not None else {}
    if per_level is not None:
        _print_facts(out, per_level)
    _emit(out, {
        "summary": "simulate", "game": setup.game_id, "players": n, "bots": setup.levels,
        "options": setup.options, "seed": args.seed, "games": args.games, "finished": finished,
        "errors": errors, "seconds": round(elapsed, 3),
        "games_per_second": round(args.games / elapsed, 3) if elapsed > 0 else None,
        "wins": wins,
        "win_share": [w / finished for w in wins] if finished else None,
        "mean_scores": [mean(s) for s in score_sums] if has_scores else None,
        "mean_actions": mean(action_counts),
        **extra,
    })
    return 1 if errors else 0


# --------------------------------------------------------------------------------------------------
# tournament
# --------------------------------------------------------------------------------------------------
def distinct_rotations(lineup: list[str]) -> int:
    """How many rotations of the lineup differ (the lineup's period): hard,medium -> 2; a,b,a,b -> 2."""
    n = len(lineup)
    for p in range(1, n + 1):
        if n % p == 0 and all(lineup[i] == lineup[(i + p) % n] for i in range(n)):
            return p
    return n


def seating_for(lineup: list[str], rotation: int) -> list[str]:
    """Rotation r puts lineup member j in seat (j + r) mod N."""
    n = len(lineup)
    return [lineup[(seat - rotation) % n] for seat in range(n)]


def odd_one_out(lineup: list[str]) -> str | None:
    """The level that sits once among several copies of one other level (hard,medium,medium -> hard)."""
    counts = {lv: lineup.count(lv) for lv in lineup}
    if len(counts) == 2:
        (a, ca), (b, cb) = counts.items()
        if ca == 1 and cb > 1:
            return a
        if cb == 1 and ca > 1:
            return b
    return None


class ResultsFile:
    """``--results FILE``: a header line with the arguments, then one JSON line per finished game."""

    def __init__(self, path: Path, header: dict[str, Any]):
        self.path = path
        self.header = header

    def load(self) -> dict[tuple[int, int], dict[str, Any]]:
        """The games already done, by (group, rotation); checks the header; drops a torn last line."""
        if not self.path.exists() or self.path.stat().st_size == 0:
            return {}
        raw = self.path.read_text(encoding="utf-8")
        lines = raw.split("\n")
        if not raw.endswith("\n"):
            # the last write was cut short (a crash, Ctrl-C): forget that game, it is played again
            torn = lines.pop()
            with self.path.open("r+", encoding="utf-8") as fp:
                fp.truncate(len(raw.encode("utf-8")) - len(torn.encode("utf-8")))
        records = []
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                records.append(json.loads(line))
            except ValueError:
                raise CliError(f"results file {self.path}: line {number} is not JSON; "
                               "fix or remove the file") from None
        if not records or not isinstance(records[0], dict) or "tournament" not in records[0]:
            raise CliError(f"results file {self.path} is not a tournament results file")
        theirs = records[0]["tournament"]
        if theirs != self.header:
            diffs = [f"{k}: file has {theirs.get(k)!r}, now {self.header.get(k)!r}"
                     for k in sorted(set(theirs) | set(self.header)) if theirs.get(k) != self.header.get(k)]
            raise CliError(f"results file {self.path} was written with different arguments "
                           f"({'; '.join(diffs)}); use the same arguments or another file")
        done: dict[tuple[int, int], dict[str, Any]] = {}
        for rec in records[1:]:
            try:
                done[(int(rec["group"]), int(rec["rotation"]))] = rec
            except (KeyError, TypeError, ValueError):
                raise CliError(f"results file {self.path}: a game line lacks group/rotation") from None
        return done

    def append(self, record: dict[str, Any]) -> None:
        new = not self.path.exists() or self.path.stat().st_size == 0
        with self.path.open("a", encoding="utf-8") as fp:
            if new:
                fp.write(json.dumps({"tournament": self.header}) + "\n")
            fp.write(json.dumps(record) + "\n")
            fp.flush()


class Tally:
    """Win credit per level, per seat and per seat of each level; a k-way shared win counts 1/k."""

    def __init__(self, lineup: list[str]):
        self.lineup = lineup
        self.levels = list(dict.fromkeys(lineup))
        self.copies = {lv: lineup.count(lv) for lv in self.levels}
        self.credit = {lv: 0.0 for lv in self.levels}
        self.seat_credit = [0.0] * len(lineup)
        self.games = 0

    def add(self, seating: list[str], winners: list[int]) -> None:
        self.games += 1
        for seat, level in enumerate(seating):
            share = _share(winners, seat)
            self.credit[level] += share
            self.seat_credit[seat] += share

    def level_rows(self) -> list[dict[str, Any]]:
        rows = []
        n = self.games
        for lv in self.levels:
            m = self.copies[lv]
            low, high = wilson_interval(self.credit[lv], n)
            share = self.credit[lv] / n if n else None
            rows.append({"level": lv, "seats": m, "wins": round(self.credit[lv], 6), "n": n,
                         "share": share, "low": low, "high": high,
                         "per_seat": share / m if share is not None else None,
                         "per_seat_low": low / m, "per_seat_high": high / m,
                         "fair": m / len(self.lineup)})
        return rows

    def per_seat_intervals(self) -> list[tuple[float, float]]:
        return [(r["per_seat_low"], r["per_seat_high"]) for r in self.level_rows()]


def run_tournament(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """``python -m game tournament``: rotated seats, win shares with Wilson intervals, early stop, resume."""
    setup = prepare(args)
    lineup = setup.levels
    if args.target is not None and not 0.0 < args.target < 1.0:
        raise CliError("--target must lie between 0 and 1")
    rotations = distinct_rotations(lineup)
    groups = math.ceil(args.games / rotations)
    group_seeds = [derive_seed(args.seed, g) for g in range(groups)]
    results = None
    done: dict[tuple[int, int], dict[str, Any]] = {}
    if args.results:
        rules = games.playable(setup.game_id).rules
        header = {"format": RESULTS_FORMAT, "game": setup.game_id, "rules_version": rules.version,
                  "players": setup.players, "lineup": lineup, "options": setup.options,
                  "seed": args.seed, "playouts": setup.playouts, "max_actions": setup.max_actions}
        results = ResultsFile(Path(args.results), header)
        done = results.load()
        if done:
            err.write(f"resuming from {args.results}: {len(done)} games already played\n")
    missing = [(g, r) for g in range(groups) for r in range(rotations) if (g, r) not in done]
    played = play_many(setup, ((seating_for(lineup, r), group_seeds[g]) for g, r in missing), args.jobs)
    tally = Tally(lineup)
    facts = LevelFacts()
    errors = 0
    stopped_early = False
    started = time.perf_counter()
    try:
        for g in range(groups):
            for r in range(rotations):
                record = done.get((g, r))
                if record is None:
                    record = {"group": g, "rotation": r, "seed": group_seeds[g],
                              "seating": seating_for(lineup, r), **next(played)}
                    if "error" in record:
                        errors += 1
                        _emit(out, record)
                        continue
                    if results is not None:
                        results.append(record)
                tally.add(record["seating"], record["winners"])
                facts.add(record["seating"], record)
            if (args.target is not None and tally.games and tally.games >= args.min_games
                    and all_clear(tally.per_seat_intervals(), args.target)):
                stopped_early = g + 1 < groups
                break
    finally:
        played.close()
    elapsed = time.perf_counter() - started
    rows = tally.level_rows()
    _print_table(out, setup, rows, tally, rotations)
    n = tally.games
    _emit(out, {
        "summary": "tournament", "game": setup.game_id, "players": setup.players, "lineup": lineup,
        "options": setup.options, "seed": args.seed, "playouts": setup.playouts,
        "games": n, "errors": errors, "seatings": rotations, "target": args.target,
        "stopped_early": stopped_early, "seconds": round(elapsed, 3),
        "levels": rows,
        "seat_share": [c / n for c in tally.seat_credit] if n else None,
        "odd_one_out": odd_one_out(lineup),
        **({"per_level": facts.summary()} if facts.rows else {}),
    })
    return 1 if errors else 0


def _fmt(x: float | None) -> str:
    return "  -  " if x is None else f"{x:.3f}"


def _print_table(out: TextIO, setup: Setup, rows: list[dict[str, Any]], tally: Tally, rotations: int) -> None:
    """The human-readable report: lines starting with '#', so JSON readers can skip them."""
    out.write(f"# {setup.game_id}, {setup.players} players, lineup {','.join(setup.levels)}, "
              f"{tally.games} games ({rotations} seatings per seed)\n")
    out.write(f"# {'level':<10} {'seats':>5} {'wins':>8} {'n':>6}  {'share':>5}  {'95% interval':<14}  "
              f"{'per seat':>8}  {'95% interval':<14}  {'fair':>5}\n")
    for r in rows:
        out.write(f"# {r['level']:<10} {r['seats']:>5} {r['wins']:>8.1f} {r['n']:>6}  {_fmt(r['share'])}  "
                  f"[{_fmt(r['low'])}, {_fmt(r['high'])}]  {_fmt(r['per_seat']):>8}  "
                  f"[{_fmt(r['per_seat_low'])}, {_fmt(r['per_seat_high'])}]  {1 / len(setup.levels):.3f}\n")
    odd = odd_one_out(setup.levels)
    if odd is not None:
        row = next(r for r in rows if r["level"] == odd)
        out.write(f"# odd one out: {odd} wins {_fmt(row['share'])} [{_fmt(row['low'])}, {_fmt(row['high'])}] "
                  f"of the games; a fair share is {row['fair']:.3f}\n")
    out.flush()


# --------------------------------------------------------------------------------------------------
# stat: one number of the games' stats, per results file, and the difference of two
# --------------------------------------------------------------------------------------------------
def add_stat_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "stat", help="one stat of a level's seats in tournament results files, and the difference of two",
        description="Per results file (written by tournament --results): the mean per game of stats[KEY] over "
                    "the seats of LEVEL with its 95%% interval; with two files the difference B - A and "
                    "Welch's 95%% interval.")
    p.add_argument("files", nargs="+", metavar="FILE", help="one or two tournament results files (A [B])")
    p.add_argument("--key", required=True, metavar="KEY", help="a key of the games' stats, e.g. sm.stat.right")
    p.add_argument("--level", required=True, metavar="LEVEL", help="the bot level whose seats are counted")
    return p


def stat_values(path: Path, key: str, level: str) -> list[float]:
    """One value per finished game of the results file: the mean of stats[key] over ``level``'s seats."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from None
    values: list[float] = []
    header_seen = False
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except ValueError:
            if number == len(lines):
                break  # a torn last line (the run was stopped): ignored, as tournament does
            raise CliError(f"{path}: line {number} is not JSON") from None
        if not isinstance(rec, dict):
            raise CliError(f"{path}: line {number} is not a JSON object")
        if "tournament" in rec:
            header_seen = True
            continue
        if "error" in rec or "seating" not in rec:
            continue
        stats = rec.get("stats") or {}
        if key not in stats:
            known = ", ".join(sorted(stats)) or "none"
            raise CliError(f"{path}: line {number} has no stat {key!r} (its stats: {known})")
        seats = [s for s, lv in enumerate(rec["seating"]) if lv == level]
        if not seats:
            raise CliError(f"{path}: line {number} has no seat of level {level!r} "
                           f"(seating {','.join(rec['seating'])})")
        per_seat = stats[key]
        try:
            values.append(sum(float(per_seat[s]) for s in seats) / len(seats))
        except (TypeError, IndexError, ValueError):
            raise CliError(f"{path}: line {number}: stats[{key!r}] is not one number per seat") from None
    if not header_seen:
        raise CliError(f"{path} is not a tournament results file (no header line)")
    return values


def run_stat(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    """``python -m game stat``: mean and interval per file, Welch's difference of two files."""
    if len(args.files) > 2:
        raise CliError("stat takes one or two results files")
    samples = [stat_values(Path(f), args.key, args.level) for f in args.files]
    rows = [{"file": f, **mean_interval(v)} for f, v in zip(args.files, samples)]
    out.write(f"# {args.key} per game, mean over the {args.level} seats\n")
    out.write(f"# {'file':<40} {'n':>5} {'mean':>7} {'sd':>7}  95% interval of the mean\n")
    for r in rows:
        out.write(f"# {str(r['file'])[-40:]:<40} {r['n']:>5} {_fmt(r['mean']):>7} {_fmt(r['sd']):>7}  "
                  f"[{_fmt(r['low'])}, {_fmt(r['high'])}]\n")
    summary: dict[str, Any] = {"summary": "stat", "key": args.key, "level": args.level, "files": rows}
    if len(samples) == 2:
        diff = welch_difference(samples[0], samples[1])
        summary["difference"] = diff
        df = "-" if diff["df"] is None else f"{diff['df']:.0f}"
        out.write(f"# B - A = {_fmt(diff['difference'])}, Welch 95% interval [{_fmt(diff['low'])}, "
                  f"{_fmt(diff['high'])}] (df {df})\n")
    _emit(out, summary)
    return 0
