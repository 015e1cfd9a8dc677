"""Measure how a search bot thinking in the background disturbs a 60 FPS frame loop.

    .venv/bin/python -m tests.support.frame_gap [seconds] [frame_work_ms]

Modes: "idle" (nobody thinks), "worker" (SearchBot in a BotWorker process), "thread" (the same search
in a thread of this process). The loop aims at one frame every 16 ms, each frame doing ~2 ms of work;
(``frame_work_ms``, default 2) of pure-Python work; we record the gaps between frame starts while the bot thinks for ``seconds``.
"""
from __future__ import annotations

import statistics
import sys
import threading
import time

from game.core.worker import BotWorker
from tests.support.minigame import RULES, make_bot

REF = "tests.support.minigame:GAME"
FRAME = 1 / 60


FRAME_WORK = 0.002


def _frame_work() -> None:
    end = time.perf_counter() + FRAME_WORK
    x = 0
    while time.perf_counter() < end:
        x += 1


def frame_loop(done, duration: float) -> list[float]:
    gaps: list[float] = []
    start = last = time.perf_counter()
    next_tick = start
    while time.perf_counter() - start < duration and not done():
        now = time.perf_counter()
        gaps.append(now - last)
        last = now
        _frame_work()
        next_tick += FRAME
        delay = next_tick - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
        else:
            next_tick = time.perf_counter()
    return gaps[1:]


def measure(mode: str, seconds: float = 1.0) -> dict[str, float]:
    state = RULES.new_game(2, {}, 5)
    view = state.view(0)
    iterations = 0
    if mode == "idle":
        gaps = frame_loop(lambda: False, seconds)
    elif mode == "worker":
        worker = BotWorker()
        worker.start()
        worker.request(REF, 0, "easy", 1, view.to_json())  # warm up: imports done before we measure
        worker.wait(30)
        worker.request(REF, 0, "think", 1, view.to_json(), seconds=seconds)
        answers: list = []

        def done() -> bool:
            got = worker.poll()
            if got is not None:
                answers.append(got)
            return bool(answers)

        gaps = frame_loop(done, seconds + 5)
        worker.close()
    elif mode == "thread":
        bot = make_bot("think", 0, 1)
        bot.set_time_budget(seconds)
        thread = threading.Thread(target=bot.choose, args=(view,))
        thread.start()
        gaps = frame_loop(lambda: not thread.is_alive(), seconds + 5)
        thread.join()
        iterations = bot.last_iterations  # type: ignore[attr-defined]
    else:
        raise ValueError(mode)
    ms = sorted(g * 1000 for g in gaps)
    return {"frames": len(ms), "mean_ms": statistics.mean(ms), "p99_ms": ms[int(0.99 * (len(ms) - 1))],
            "max_ms": ms[-1], "search_iterations": iterations}


def main() -> None:
    global FRAME_WORK
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    if len(sys.argv) > 2:
        FRAME_WORK = float(sys.argv[2]) / 1000
    for mode in ("idle", "worker", "thread"):
        r = measure(mode, seconds)
        print(f"{mode:7s} frames={r['frames']:4d} mean={r['mean_ms']:.1f} ms p99={r['p99_ms']:.1f} ms "
              f"max={r['max_ms']:.1f} ms" + (f" iterations={r['search_iterations']}" if mode == "thread" else ""))


if __name__ == "__main__":
    main()
