"""What the bot worker is sent reveals nothing but the bot's own view.

The seed a bot gets used to be worked out from the game's seed by an invertible formula, so the message
to the worker gave away the game's seed, and from it every hidden card and every future die. Bot seeds
now come from a source of their own (``GameSession.bot_seed``, 64 random bits, kept in the save)."""
from __future__ import annotations

import json

from game import games
from game.core.rng import Rng
from game.core.session import GameSession, Seat
from game.core.worker import BotWorker
from tests.app.conftest import frames

BOT_SEED = 0x1234_5678_9ABC_DEF0


class _Wire:
    """The worker's pipe, recording the bytes sent down it."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []

    def send_bytes(self, data: bytes) -> None:
        self.sent.append(data)

    def poll(self, timeout: float = 0) -> bool:
        return False


class RecordingWorker(BotWorker):
    def __init__(self) -> None:
        super().__init__()
        self._conn = _Wire()

    def alive(self) -> bool:
        return True

    def start(self) -> None:
        pass

    def close(self) -> None:
        pass


def _first_message(app, session: GameSession) -> bytes:
    app.inline_bots = False
    worker = RecordingWorker()
    app._worker = worker
    entry = games.get(session.game_id)
    app.stack.push(entry.package.make_scene(app, session), fade=False)
    for _ in range(20):
        frames(app, 1)
        if worker._conn.sent:
            break
    app.stack.pop()
    assert worker._conn.sent, "no bot was asked"
    return worker._conn.sent[0]


def _session(game_id: str, seed: int, state=None) -> GameSession:
    rules = games.get(game_id).package.rules
    seats = [Seat("Bot A", "bot", "hard", 0), Seat("Bot B", "bot", "hard", 1)]
    session = GameSession.new(game_id, rules, seats, {}, seed, bot_seed=BOT_SEED)
    if state is not None:
        session.state = state
    return session


def test_the_worker_message_is_the_same_for_two_playa_deals_the_bot_cannot_tell_apart(app):
    from game.games.playa_pirata.rules import determinize
    a = _session("playa-pirata", seed=11)
    seat = a.state.current_player
    other = determinize(a.state.view(seat), Rng(99))  # other hidden cards, another future deck
    b = _session("playa-pirata", seed=4242, state=other)
    assert a.state.to_json() != b.state.to_json()
    assert a.state.view(seat).to_json() == b.state.view(seat).to_json()
    sent_a, sent_b = _first_message(app, a), _first_message(app, b)
    assert sent_a == sent_b
    assert json.loads(sent_a)["seat"] == seat


def test_the_worker_message_is_the_same_for_two_pirateer_games_with_other_future_dice(app):
    a = _session("pirateer", seed=7)
    other = a.state.clone()
    other.rng = Rng(31337)  # the same position, other dice to come
    b = _session("pirateer", seed=8, state=other)
    assert a.state.to_json() != b.state.to_json()
    assert _first_message(app, a) == _first_message(app, b)


def test_bot_seeds_are_new_at_every_move_and_do_not_follow_the_game_seed():
    rules = games.get("pirateer").package.rules
    seats = [Seat("A", "bot", "easy", 0), Seat("B", "bot", "easy", 1)]
    one = GameSession.new("pirateer", rules, seats, {}, 1, bot_seed=BOT_SEED)
    two = GameSession.new("pirateer", rules, seats, {}, 2, bot_seed=BOT_SEED)
    assert one.bot_seed_for(0) == two.bot_seed_for(0)  # the game's seed plays no part
    assert one.bot_seed_for(0) != one.bot_seed_for(1)
    fresh = [GameSession.new("pirateer", rules, seats, {}, 1).bot_seed for _ in range(3)]
    assert len(set(fresh)) == 3 and all(0 <= s < 1 << 64 for s in fresh)


def test_the_bot_seed_source_is_kept_in_the_save():
    from game.core.saves import SaveData
    rules = games.get("pirateer").package.rules
    seats = [Seat("A", "bot", "easy", 0), Seat("B", "human", None, 1)]
    session = GameSession.new("pirateer", rules, seats, {}, 3, bot_seed=BOT_SEED)
    save = SaveData.from_json(json.loads(json.dumps(session.to_save().to_json())))
    assert GameSession.from_save(save, rules).bot_seed == BOT_SEED
