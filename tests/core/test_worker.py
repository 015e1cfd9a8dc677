"""BotWorker: a bot in a separate process, JSON both ways, surviving bad requests and dead children."""
from __future__ import annotations

import pytest

from game.core.worker import SELF_TEST_REF, BotWorker, PileRules, PileState, answer, self_test
from tests.support.minigame import RULES

MINI_REF = "tests.support.minigame:GAME"


@pytest.fixture
def worker():
    w = BotWorker()
    yield w
    w.close()


def test_self_test():
    assert self_test() is True


def test_request_poll_round_trip(worker):
    state = PileState(2, 7)
    ticket = worker.request(SELF_TEST_REF, 0, "easy", 5, state.view(0).to_json(), seconds=1.0)
    assert worker.busy
    got = worker.wait(30)
    assert got is not None and got[0] == ticket
    assert state.is_legal(PileRules().action_from_json(got[1]))
    assert not worker.busy and worker.poll() is None


def test_search_bot_in_the_worker_matches_the_same_bot_in_process(worker):
    state = RULES.new_game(2, {}, 12)
    request = {"package_ref": MINI_REF, "seat": 0, "level": "medium", "seed": 3,
               "view": state.view(0).to_json(), "seconds": None}
    expected = answer(request)["action"]
    worker.request(MINI_REF, 0, "medium", 3, state.view(0).to_json())
    got = worker.wait(60)
    assert got is not None and got[1] == expected
    assert state.is_legal(RULES.action_from_json(got[1]))


def test_a_request_that_raises_gives_an_error_and_the_worker_carries_on(worker):
    view = PileState(2, 4).to_json()
    bad = worker.request(SELF_TEST_REF, 0, "explode", 1, view)
    got = worker.wait(30)
    assert got is not None and got[0] == bad and "explodes on purpose" in got[1]["error"]
    worker.request("no.such.module:GAME", 0, "easy", 1, view)
    got = worker.wait(30)
    assert got is not None and "error" in got[1]
    starts = worker.restarts
    good = worker.request(SELF_TEST_REF, 0, "easy", 1, view)
    got = worker.wait(30)
    assert got is not None and got[0] == good and "kind" in got[1]
    assert worker.restarts == starts  # the same child answered


def test_a_dead_child_is_reported_and_replaced(worker):
    state = RULES.new_game(2, {}, 12)
    ticket = worker.request(MINI_REF, 0, "think", 3, state.view(0).to_json(), seconds=10.0)
    worker._process.kill()  # the child dies while thinking (a crash, the OS killing it ...)
    got = worker.wait(30)
    assert got is not None and got[0] == ticket and "died" in got[1]["error"]
    starts = worker.restarts
    view = PileState(2, 4).to_json()
    again = worker.request(SELF_TEST_REF, 0, "easy", 2, view)
    got = worker.wait(30)
    assert got is not None and got[0] == again and "kind" in got[1]
    assert worker.restarts == starts + 1


def test_cancel_drops_the_answer(worker):
    view = PileState(2, 4).to_json()
    worker.request(SELF_TEST_REF, 0, "easy", 1, view)
    worker.cancel()
    assert not worker.busy
    assert worker.wait(0.5) is None
    ticket = worker.request(SELF_TEST_REF, 0, "easy", 1, view)
    got = worker.wait(30)
    assert got is not None and got[0] == ticket


def test_cancel_with_terminate_and_close(worker):
    state = RULES.new_game(2, {}, 12)
    worker.request(MINI_REF, 0, "hard", 3, state.view(0).to_json(), seconds=5.0)
    worker.cancel(terminate=True)
    assert not worker.alive() and worker.poll() is None
    ticket = worker.request(SELF_TEST_REF, 0, "easy", 1, PileState(2, 4).to_json())
    got = worker.wait(30)
    assert got is not None and got[0] == ticket
    worker.close()
    assert not worker.alive()
