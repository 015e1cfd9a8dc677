"""The headless command line: python -m game simulate | tournament, and game.stats."""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game import games
from game.__main__ import main
from game.stats import all_clear, mean, mean_interval, side_of, welch_difference, wilson_interval

REPO = Path(__file__).resolve().parent.parent
GAME_FILE = REPO / "tests" / "support" / "cli_game.py"
PACKAGE = f"{GAME_FILE}:GAME"  # the hidden --package option, for worker processes and subprocesses


def _load_cli_game():
    spec = importlib.util.spec_from_file_location("pgn_test_cli_game", GAME_FILE)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


CLI_GAME = _load_cli_game()


@pytest.fixture(autouse=True)
def _env(tmp_path, monkeypatch):
    monkeypatch.setenv("PGN_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("PGN_EXTRA_GAMES", raising=False)
    games.register(CLI_GAME.ENTRY)
    yield
    games.unregister(CLI_GAME.GAME_ID)


def run(capsys, *argv: str) -> tuple[int, list[dict], list[str], str]:
    """main(argv) in-process: (exit status, JSON lines, '#' table lines, stderr)."""
    code = main(list(argv))
    captured = capsys.readouterr()
    lines = [line for line in captured.out.splitlines() if line.strip()]
    records = [json.loads(line) for line in lines if not line.startswith("#")]
    table = [line for line in lines if line.startswith("#")]
    return code, records, table, captured.err


def strip_time(records: list[dict]) -> list[dict]:
    return [{k: v for k, v in r.items() if k not in ("seconds", "games_per_second")} for r in records]


SIM = ("simulate", "--game", "cli-dice")
TOUR = ("tournament", "--game", "cli-dice")


# --------------------------------------------------------------------------------------------------
# game.stats
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("successes,n,low,high", [
    # Newcombe (1998), Statistics in Medicine 17:857, table I, method 3 (Wilson score, no correction)
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    (5, 10, 0.2366, 0.7634),
])
def test_wilson_interval_known_values(successes, n, low, high):
    lo, hi = wilson_interval(successes, n)
    assert lo == pytest.approx(low, abs=6e-5)
    assert hi == pytest.approx(high, abs=6e-5)


def test_wilson_interval_half_wins_and_edges():
    lo, hi = wilson_interval(2.5, 5)  # half wins are allowed: symmetric around 0.5
    assert lo + hi == pytest.approx(1.0)
    lo2, hi2 = wilson_interval(10.5, 30)
    mirror = wilson_interval(19.5, 30)
    assert (lo2, hi2) == pytest.approx((1 - mirror[1], 1 - mirror[0]))
    assert lo2 < 10.5 / 30 < hi2
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_mean_and_target_helpers():
    assert mean([1, 2, 3, 4]) == 2.5
    assert mean([]) is None
    assert side_of((0.6, 0.7), 0.5) == 1
    assert side_of((0.2, 0.4), 0.5) == -1
    assert side_of((0.4, 0.6), 0.5) == 0
    assert side_of((0.5, 0.6), 0.5) == 0
    assert all_clear([(0.6, 0.7), (0.1, 0.3)], 0.5)
    assert not all_clear([(0.6, 0.7), (0.3, 0.55)], 0.5)


def test_mean_interval_and_welch_difference_known_values():
    s = mean_interval([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0])
    assert s["n"] == 8 and s["mean"] == 5.0
    assert s["sd"] == pytest.approx(2.13809, abs=1e-5)  # sample sd, n - 1
    assert (s["low"], s["high"]) == pytest.approx((5 - 1.96 * 2.13809 / 8 ** 0.5, 5 + 1.96 * 2.13809 / 8 ** 0.5),
                                                  abs=1e-4)
    assert mean_interval([])["mean"] is None and mean_interval([3.0])["sd"] is None
    a, b = [1.0, 2.0, 3.0, 4.0], [3.0, 5.0, 7.0, 9.0, 11.0]
    d = welch_difference(a, b)
    # by hand: means 2.5 and 7, variances 5/3 and 10, se = sqrt(5/12 + 2)
    assert d["difference"] == pytest.approx(4.5)
    assert d["se"] == pytest.approx((5 / 12 + 2) ** 0.5)
    assert d["low"] == pytest.approx(4.5 - 1.96 * d["se"]) and d["high"] == pytest.approx(4.5 + 1.96 * d["se"])
    assert d["df"] == pytest.approx((5 / 12 + 2) ** 2 / ((5 / 12) ** 2 / 3 + 4 / 4))
    assert welch_difference([1.0], b)["difference"] is None


def _stat_file(path: Path, rows: list[tuple[list[str], list[int]]]) -> Path:
    lines = [json.dumps({"tournament": {"format": 1}})]
    lines += [json.dumps({"group": i, "rotation": 0, "seating": seating, "winners": [0],
                          "stats": {"right": values}}) for i, (seating, values) in enumerate(rows)]
    path.write_text("\n".join(lines) + "\n")
    return path


def test_stat_reports_a_levels_mean_and_the_welch_difference_of_two_files(capsys, tmp_path):
    # A: hard against hard (both seats count, their mean per game); B: hard against medium, either seat
    a = _stat_file(tmp_path / "a.jsonl", [(["hard", "hard"], [1, 3]), (["hard", "hard"], [0, 0]),
                                          (["hard", "hard"], [2, 2])])
    b = _stat_file(tmp_path / "b.jsonl", [(["hard", "medium"], [3, 0]), (["medium", "hard"], [9, 4]),
                                          (["hard", "medium"], [5, 1])])
    code, records, table, _ = run(capsys, "stat", "--key", "right", "--level", "hard", str(a), str(b))
    assert code == 0
    summary = records[-1]
    assert summary["summary"] == "stat"
    assert [f["n"] for f in summary["files"]] == [3, 3]
    assert summary["files"][0]["mean"] == pytest.approx((2 + 0 + 2) / 3)
    assert summary["files"][1]["mean"] == pytest.approx(4.0)
    assert summary["difference"]["difference"] == pytest.approx(4.0 - 4 / 3)
    assert any("Welch" in line for line in table)


def test_stat_bad_input_says_what_is_wrong(capsys, tmp_path):
    a = _stat_file(tmp_path / "a.jsonl", [(["hard", "medium"], [1, 3])])
    code, _, _, err = run(capsys, "stat", "--key", "wrong", "--level", "hard", str(a))
    assert code == 2 and "no stat 'wrong'" in err and "right" in err
    code, _, _, err = run(capsys, "stat", "--key", "right", "--level", "easy", str(a))
    assert code == 2 and "no seat of level 'easy'" in err
    plain = tmp_path / "plain.jsonl"
    plain.write_text('{"game": "x"}\n')
    code, _, _, err = run(capsys, "stat", "--key", "right", "--level", "hard", str(plain))
    assert code == 2 and "not a tournament results file" in err
    code, _, _, err = run(capsys, "stat", "--key", "right", "--level", "hard", str(tmp_path / "none.jsonl"))
    assert code == 2 and "cannot read" in err
    code, _, _, err = run(capsys, "stat", "--key", "right", "--level", "hard", str(a), str(a), str(a))
    assert code == 2 and "one or two" in err
    with a.open("a") as fp:
        fp.write('{"group": 9, "rot')          # a torn last line: ignored
    code, records, _, _ = run(capsys, "stat", "--key", "right", "--level", "hard", str(a))
    assert code == 0 and records[-1]["files"][0]["n"] == 1


# --------------------------------------------------------------------------------------------------
# simulate
# --------------------------------------------------------------------------------------------------
def test_simulate_prints_one_line_per_game_and_a_summary(capsys):
    code, records, _, _ = run(capsys, *SIM, "--players", "2", "--bots", "hard,random", "--games", "12",
                              "--seed", "7")
    assert code == 0
    games_ = records[:-1]
    summary = records[-1]
    assert [g["game"] for g in games_] == list(range(12))
    for g in games_:
        assert set(g) >= {"game", "seed", "winners", "scores", "actions", "seconds", "stats"}
        assert g["winners"] and g["actions"] > 0
        assert max(g["scores"]) >= 30
    assert summary["summary"] == "simulate" and summary["games"] == 12 and summary["errors"] == 0
    assert sum(summary["wins"]) == pytest.approx(12)
    assert summary["wins"][0] > summary["wins"][1]  # hard beats random
    assert len(summary["mean_scores"]) == 2 and summary["mean_actions"] > 0
    assert summary["games_per_second"] > 0
    assert len({g["seed"] for g in games_}) == 12


def test_simulate_same_seed_same_games(capsys):
    argv = (*SIM, "--bots", "medium,random,easy", "--games", "6", "--seed", "42")
    _, first, _, _ = run(capsys, *argv)
    _, second, _, _ = run(capsys, *argv)
    _, other, _, _ = run(capsys, *SIM, "--bots", "medium,random,easy", "--games", "6", "--seed", "43")
    assert strip_time(first) == strip_time(second)
    assert strip_time(first)[:-1] != strip_time(other)[:-1]


def test_simulate_options_are_parsed_as_json(capsys):
    code, records, _, _ = run(capsys, *SIM, "--bots", "hard", "--option", "goal=60", "--games", "3")
    assert code == 0
    assert all(max(g["scores"]) >= 60 for g in records[:-1])
    code, records, _, _ = run(capsys, *SIM, "--players", "3", "--option", "tie=true", "--games", "2")
    assert code == 0
    assert all(g["winners"] == [0, 1, 2] for g in records[:-1])
    assert records[-1]["wins"] == pytest.approx([2 / 3] * 3)


def test_simulate_simultaneous_game_asks_every_current_bot(capsys):
    code, records, _, _ = run(capsys, *SIM, "--bots", "hard,random,random", "--option", "simul=true",
                              "--games", "4")
    assert code == 0
    for g in records[:-1]:
        assert g["actions"] % 3 == 0  # every seat acts once per round


def test_simulate_endless_game_is_an_error_line_not_a_hang(capsys):
    code, records, _, _ = run(capsys, *SIM, "--option", "endless=true", "--games", "2", "--max-actions", "300")
    assert code == 1
    assert [g["game"] for g in records[:-1]] == [0, 1]
    assert all("300 actions" in g["error"] for g in records[:-1])
    assert records[-1]["errors"] == 2 and records[-1]["finished"] == 0


@pytest.mark.parametrize("argv,message", [
    ((*SIM, "--option", "goal=abc"), "between 10 and 200"),
    ((*SIM, "--option", "goal=5"), "between 10 and 200"),
    ((*SIM, "--option", "tie=maybe"), "on or off"),
    ((*SIM, "--option", "colour=red"), "Unknown option"),
    ((*SIM, "--option", "goal"), "key=value"),
    ((*SIM, "--players", "5"), "2 to 4 players"),
    ((*SIM, "--bots", "hard,hard,hard,hard,hard"), "2 to 4 players"),
    ((*SIM, "--players", "3", "--bots", "hard,easy"), "2 levels for 3 players"),
    ((*SIM, "--bots", "genius"), "unknown bot level 'genius'"),
    (("simulate", "--game", "no-such-game"), "unknown game 'no-such-game'"),
    ((*TOUR, "--bots", "hard,easy", "--target", "1.5"), "--target"),
])
def test_bad_arguments_exit_2_with_a_clear_message(capsys, argv, message):
    code, records, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err
    assert records == []


def test_no_command_is_a_usage_error(capsys):
    assert main([]) == 2
    assert "simulate" in capsys.readouterr().err


def test_jobs_give_the_same_results_in_order(capsys):
    # the registered entry names its module (GameEntry.module), so workers find it without --package
    argv = (*SIM, "--bots", "hard,medium", "--games", "6", "--seed", "5")
    _, serial, _, _ = run(capsys, *argv)
    code, parallel, _, _ = run(capsys, *argv, "--jobs", "2")
    assert code == 0
    assert strip_time(serial) == strip_time(parallel)
    tour = (*TOUR, "--package", PACKAGE, "--bots", "hard,random", "--games", "400", "--target", "0.5")
    _, serial, _, _ = run(capsys, *tour)
    code, parallel, _, _ = run(capsys, *tour, "--jobs", "2")  # an early stop ends the workers
    assert code == 0 and parallel[-1]["stopped_early"]
    assert strip_time(serial)[-1] == strip_time(parallel)[-1]


def test_real_subprocess_with_an_extra_package(tmp_path):
    env = {**os.environ, "PGN_HOME": str(tmp_path / "home"), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PGN_EXTRA_GAMES": PACKAGE}
    proc = subprocess.run([sys.executable, "-m", "game", "simulate", "--game", "cli-dice", "--bots",
                           "hard,random", "--games", "3", "--seed", "9"],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    records = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(records) == 4 and records[-1]["games"] == 3
    bad = subprocess.run([sys.executable, "-m", "game", "simulate", "--game", "cli-dice", "--players", "9"],
                         cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "2 to 4 players" in bad.stderr
    headless = subprocess.run([sys.executable, "-c", "import sys; from game.__main__ import main; "
                               "main(['simulate', '--game', 'cli-dice', '--games', '1']); "
                               "print('pygame' in sys.modules)"],
                              cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert headless.stdout.splitlines()[-1] == "False"  # the command line never loads pygame


# --------------------------------------------------------------------------------------------------
# tournament
# --------------------------------------------------------------------------------------------------
def _result_games(path: Path) -> list[dict]:
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert "tournament" in lines[0]
    return lines[1:]


def test_tournament_rotates_seats_and_reports_each_level(capsys, tmp_path):
    results = tmp_path / "r.jsonl"
    code, records, table, _ = run(capsys, *TOUR, "--bots", "hard,medium,medium", "--games", "30",
                                  "--results", str(results))
    assert code == 0
    summary = records[-1]
    assert summary["games"] == 30 and summary["seatings"] == 3
    played = _result_games(results)
    assert len(played) == 30
    seats = Counter((level, seat) for g in played for seat, level in enumerate(g["seating"]))
    assert all(seats[("hard", s)] == 10 for s in range(3))
    assert all(seats[("medium", s)] == 20 for s in range(3))
    assert len({g["seed"] for g in played}) == 10  # every seed in every seating
    levels = {row["level"]: row for row in summary["levels"]}
    assert set(levels) == {"hard", "medium"}
    assert levels["hard"]["wins"] + levels["medium"]["wins"] == pytest.approx(30)
    assert levels["hard"]["n"] == 30 and levels["medium"]["seats"] == 2
    assert levels["hard"]["low"] < levels["hard"]["share"] < levels["hard"]["high"]
    assert summary["odd_one_out"] == "hard"
    assert any(line.startswith("# hard") for line in table)
    assert any("odd one out: hard" in line for line in table)


def test_tournament_shared_wins_count_as_fractions(capsys):
    code, records, _, _ = run(capsys, *TOUR, "--bots", "hard,random", "--option", "tie=true", "--games", "10")
    assert code == 0
    levels = {row["level"]: row for row in records[-1]["levels"]}
    assert levels["hard"]["wins"] == pytest.approx(5.0) and levels["random"]["wins"] == pytest.approx(5.0)
    assert levels["hard"]["share"] == pytest.approx(0.5)
    code, records, _, _ = run(capsys, *TOUR, "--bots", "hard,medium,medium,medium", "--option", "tie=true",
                              "--games", "8")
    levels = {row["level"]: row for row in records[-1]["levels"]}
    assert levels["hard"]["wins"] == pytest.approx(2.0)  # a 4-way tie gives 1/4 to each seat
    assert levels["medium"]["wins"] == pytest.approx(6.0)
    assert levels["medium"]["per_seat"] == pytest.approx(0.25)


def test_tournament_stops_early_once_intervals_clear_the_target(capsys):
    code, records, _, _ = run(capsys, *TOUR, "--bots", "hard,random", "--games", "2000", "--target", "0.5")
    assert code == 0
    summary = records[-1]
    assert summary["stopped_early"] is True
    assert summary["games"] < 2000 and summary["games"] % 2 == 0
    hard = next(r for r in summary["levels"] if r["level"] == "hard")
    assert hard["low"] > 0.5
    # one game fewer (a seed group less) would not have cleared: the decision is made group by group
    code, again, _, _ = run(capsys, *TOUR, "--bots", "hard,random", "--games", str(summary["games"] - 2),
                            "--target", "0.5")
    assert again[-1]["stopped_early"] is False
    code, late, _, _ = run(capsys, *TOUR, "--bots", "hard,random", "--games", "2000", "--target", "0.5",
                           "--min-games", str(summary["games"] + 40))
    assert late[-1]["stopped_early"] is True and late[-1]["games"] == summary["games"] + 40


def test_tournament_resumes_from_its_results_file(capsys, tmp_path):
    results = tmp_path / "r.jsonl"
    base = (*TOUR, "--bots", "hard,medium", "--seed", "3", "--results", str(results))
    run(capsys, *base, "--games", "10")
    assert len(_result_games(results)) == 10
    # a torn last line (a crash while writing) is forgotten and that game played again
    with results.open("a") as fp:
        fp.write('{"group": 5, "rota')
    code, resumed, _, err = run(capsys, *base, "--games", "24")
    assert code == 0 and "10 games already played" in err
    assert len(_result_games(results)) == 24
    _, straight, _, _ = run(capsys, *TOUR, "--bots", "hard,medium", "--seed", "3", "--games", "24")
    assert strip_time(resumed)[-1] == strip_time(straight)[-1]
    # rerunning a finished tournament plays nothing new
    run(capsys, *base, "--games", "24")
    assert len(_result_games(results)) == 24


def test_tournament_refuses_a_results_file_from_other_arguments(capsys, tmp_path):
    results = tmp_path / "r.jsonl"
    run(capsys, *TOUR, "--bots", "hard,medium", "--games", "4", "--results", str(results))
    before = results.read_text()
    code, _, _, err = run(capsys, *TOUR, "--bots", "hard,medium", "--games", "4", "--option", "goal=40",
                          "--results", str(results))
    assert code == 2 and "different arguments" in err and "options" in err
    code, _, _, err = run(capsys, *TOUR, "--bots", "medium,hard", "--games", "4", "--results", str(results))
    assert code == 2 and "lineup" in err
    assert results.read_text() == before


def test_tournament_playouts_reach_the_bots(capsys):
    argv = (*TOUR, "--bots", "hard,medium", "--games", "20", "--seed", "1")
    _, default, _, _ = run(capsys, *argv)
    code, budget, _, _ = run(capsys, *argv, "--playouts", "2")
    assert code == 0 and budget[-1]["playouts"] == 2
    assert default[-1]["levels"] != budget[-1]["levels"]  # hard now holds at 2: a different player


def test_tournament_game_without_playout_budget_is_refused(capsys):
    from game.games import GameEntry, GamePackage

    package = GamePackage(rules=CLI_GAME.GAME.rules, make_bot=lambda level, seat, seed: CLI_GAME.make_bot(level, seat, seed))
    games.register(GameEntry("cli-dice", "cli_dice", "x", "x", (2, 4), None, package=package))
    code, _, _, err = run(capsys, *TOUR, "--bots", "hard,medium", "--playouts", "5")
    assert code == 2 and "playouts" in err


# --------------------------------------------------------------------------------------------------
# A real-time game (Island Race): the same commands, in simulated time
# --------------------------------------------------------------------------------------------------
IR_SIM = ("simulate", "--game", "island-race")
IR_TOUR = ("tournament", "--game", "island-race")
FACTS = {"complete", "valid", "complete_valid", "round_score", "done_at"}


def test_simulate_a_real_time_game_reports_islands_per_level(capsys):
    code, records, table, _ = run(capsys, *IR_SIM, "--bots", "hard,easy", "--games", "1", "--seed", "4")
    assert code == 0
    game, summary = records[0], records[-1]
    assert set(game) >= {"winners", "scores", "actions", "seconds", "stats", "rounds", "dropped", "sim_seconds"}
    assert len(game["rounds"]) == 3 and all(len(r) == 2 for r in game["rounds"])
    assert all(set(facts) >= FACTS for r in game["rounds"] for facts in r)
    assert game["sim_seconds"] > 3 * 10 and game["actions"] > 3 * 2 * 9
    assert [sum(r[s]["round_score"] for r in game["rounds"]) for s in range(2)] == game["scores"]
    levels = {row["level"]: row for row in summary["per_level"]}
    assert set(levels) == {"hard", "easy"} and levels["hard"]["islands"] == 3
    assert set(levels["hard"]) >= FACTS and 0.0 <= levels["hard"]["complete_valid"] <= 1.0
    assert levels["hard"]["done_at"] < levels["easy"]["done_at"]
    # each number with its spread: the sample standard deviation of the level's islands
    for seat, level in enumerate(("hard", "easy")):
        scores = [r[seat]["round_score"] for r in game["rounds"]]
        assert levels[level]["round_score"] == pytest.approx(mean(scores))
        assert levels[level]["round_score_sd"] == pytest.approx(mean_interval(scores)["sd"])
    assert table[0].split()[1:4] == ["level", "islands", "complete"]
    assert any(line.startswith("# hard") for line in table)
    assert "round_score_sd" not in table[0]   # the table reads mean±sd in the number's own column
    hard_line = next(line for line in table if line.startswith("# hard")).split()
    at = table[0].split().index("round_score")
    shown, sd = hard_line[at].split("\u00b1")
    assert float(shown) == pytest.approx(levels["hard"]["round_score"], abs=0.05)
    assert float(sd) == pytest.approx(levels["hard"]["round_score_sd"], abs=0.05)


def test_the_per_level_summary_gives_each_number_its_standard_deviation():
    from game.cli import LevelFacts, _print_facts
    import io
    facts = LevelFacts()
    facts.add(["easy", "hard"], {"rounds": [
        [{"valid": True, "round_score": 4, "done_at": None}, {"valid": True, "round_score": 20, "done_at": 150.0}],
        [{"valid": True, "round_score": 8, "done_at": 200.0}, {"valid": False, "round_score": 0, "done_at": 160.0}],
        [{"valid": True, "round_score": 12, "done_at": 210.0}, {"valid": True, "round_score": 28, "done_at": 170.0}],
    ]})
    rows = {row["level"]: row for row in facts.summary()}
    easy, hard = rows["easy"], rows["hard"]
    assert easy["islands"] == 3 and easy["valid"] == 1.0 and hard["valid"] == pytest.approx(2 / 3)
    assert "valid_sd" not in easy                      # a share has no spread of its own
    assert easy["round_score"] == 8.0 and easy["round_score_sd"] == pytest.approx(4.0)
    assert hard["round_score"] == 16.0 and hard["round_score_sd"] == pytest.approx(mean_interval([20, 0, 28])["sd"])
    assert easy["done_at"] == 205.0 and easy["done_at_sd"] == pytest.approx(mean_interval([200.0, 210.0])["sd"])
    assert easy["done_at_share"] == pytest.approx(2 / 3) and hard["done_at_sd"] == pytest.approx(10.0)
    one = LevelFacts()
    one.add(["easy"], {"rounds": [[{"round_score": 5}]]})
    (row,), = [one.summary()]
    assert row["round_score"] == 5.0 and row["round_score_sd"] is None   # one value: the spread is unknown
    out = io.StringIO()
    _print_facts(out, list(rows.values()))
    header, first, second = out.getvalue().splitlines()
    assert "round_score_sd" not in header and "done_at_share" in header
    at = header.split().index("round_score")
    assert first.split()[at] == "8.000\u00b14.000" and second.split()[at] == "16.0\u00b114.4"
    json.dumps(facts.summary())                      # JSON as it is (no NaN)


def test_simulate_a_real_time_game_honours_its_options(capsys):
    code, records, _, _ = run(capsys, *IR_SIM, "--bots", "medium,easy", "--games", "1", "--option", "expert-timer=true")
    assert code == 0
    assert all(f["done_at"] is None or f["done_at"] <= 180 for r in records[0]["rounds"] for f in r)
    code, records, _, _ = run(capsys, *IR_SIM, "--bots", "medium,easy", "--games", "1", "--option", "no-timer=true")
    assert code == 0
    # without a timer the first Done ends the building: exactly one island per round has a Done
    assert all(sum(f["done_at"] is not None for f in r) == 1 for r in records[0]["rounds"])
    assert "done_at_share" in {k for row in records[-1]["per_level"] for k in row}


def test_tournament_plays_a_real_time_game_in_the_usual_format(capsys, tmp_path):
    results = tmp_path / "ir.jsonl"
    code, records, table, _ = run(capsys, *IR_TOUR, "--bots", "medium,easy", "--games", "2", "--results",
                                  str(results))
    assert code == 0
    summary = records[-1]
    assert summary["summary"] == "tournament" and summary["games"] == 2 and summary["seatings"] == 2
    assert {row["level"] for row in summary["levels"]} == {"medium", "easy"}
    assert {row["level"] for row in summary["per_level"]} == {"medium", "easy"}
    assert table[0].startswith("# island-race, 2 players, lineup medium,easy, 2 games")
    assert len(_result_games(results)) == 2 and all("rounds" in g for g in _result_games(results))


def test_real_time_games_in_worker_processes(capsys):
    argv = (*IR_SIM, "--bots", "medium,easy", "--games", "2", "--seed", "6")
    _, serial, _, _ = run(capsys, *argv)
    code, parallel, _, _ = run(capsys, *argv, "--jobs", "2")
    assert code == 0 and strip_time(serial) == strip_time(parallel)


@pytest.mark.parametrize("argv,message", [
    ((*IR_SIM, "--bots", "random"), "real-time game"),
    ((*IR_SIM, "--players", "3", "--option", "big-island=true", "--bots", "easy"), "island-race"),
    ((*IR_SIM, "--option", "no-timer=true", "--option", "expert-timer=true", "--bots", "easy"), "island-race"),
])
def test_real_time_game_bad_arguments(capsys, argv, message):
    code, records, _, err = run(capsys, *argv)
    assert code == 2 and message in err and records == []
