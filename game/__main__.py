"""``python -m game <command>``: the headless command line (no window, no pygame).

Commands:
  simulate    play games between bots, one JSON line per game and a summary line (game/cli.py)
  tournament  measure bot strength with rotated seats and 95% intervals (game/cli.py)
  stat        one stat of a level's seats in tournament results files, and Welch's difference of two
  bench       timing benchmarks (game/bench.py, when it exists: it provides ``add_parser(subparsers)``
              returning its argparse parser and ``run(args) -> int``)

``main(argv)`` returns the exit status instead of exiting, so tests call it in-process:
0 success, 1 a game failed, 2 bad arguments.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from types import ModuleType
from typing import Callable, Sequence

from game import cli


def _bench_module() -> ModuleType | None:
    try:
        return importlib.import_module("game.bench")
    except ModuleNotFoundError as exc:
        if exc.name == "game.bench":
            return None
        raise


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, Callable[[argparse.Namespace], int]]]:
    """The argument parser and the function that runs each command."""
    parser = argparse.ArgumentParser(prog="python -m game", description="Pirate Game Night, headless tools.")
    sub = parser.add_subparsers(dest="command", metavar="command")
    commands: dict[str, Callable[[argparse.Namespace], int]] = {}
    cli.add_simulate_parser(sub)
    commands["simulate"] = lambda args: cli.run_simulate(args, sys.stdout)
    cli.add_tournament_parser(sub)
    commands["tournament"] = lambda args: cli.run_tournament(args, sys.stdout, sys.stderr)
    cli.add_stat_parser(sub)
    commands["stat"] = lambda args: cli.run_stat(args, sys.stdout)
    bench = _bench_module()
    if bench is not None:
        bench.add_parser(sub)
        commands["bench"] = bench.run
    else:
        sub.add_parser("bench", help="timing benchmarks (not available in this build)")
        commands["bench"] = _bench_missing
    return parser, commands


def _bench_missing(args: argparse.Namespace) -> int:
    print("error: the bench command is not available (game/bench.py is missing)", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    parser, commands = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help (0) or a usage error (2): argparse has printed the message
        return exc.code if isinstance(exc.code, int) else 2
    if not args.command:
        parser.print_help(sys.stderr)
        return 2
    try:
        for spec in cli.extra_package_specs(getattr(args, "package", None)):
            cli.load_extra_package(spec)  # PGN_EXTRA_GAMES / --package, for every command
        return commands[args.command](args)
    except cli.CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (python -m game ... | head)
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()
    sys.exit(main())
