"""``railyard tournament`` (issue 14, point 4) on short runs."""
import json

import pytest
from click.testing import CliRunner

from railyard.bots.tournament import percentile, seating, summary, wilson, GameRecord
from railyard.cli.main import main


def test_wilson_interval_textbook_values():
    # Wilson 95 % intervals: 0 of 10 -> [0, 0.2775]; 5 of 10 -> [0.2366, 0.7634]
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=5e-4)
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=5e-4) and hi == pytest.approx(0.7634, abs=5e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_percentile():
    assert percentile([], 0.5) == 0.0
    assert percentile([3.0, 1.0, 2.0], 0.5) == 2.0
    assert percentile(list(map(float, range(101))), 0.95) == pytest.approx(95.0)


def test_seats_rotate():
    seats = ["mcts:normal", "random", "rules"]
    assert seating(seats, 0) == seats
    assert seating(seats, 1) == ["random", "rules", "mcts:normal"]
    assert seating(seats, 3) == seats


def test_summary_shares_tied_wins():
    recs = [GameRecord(0, 0, ["a", "b", "b"], [10, 10, 5], [0.5, 0.5, 0.0], [[1.0], [2.0], [3.0]]),
            GameRecord(1, 0, ["b", "b", "a"], [1, 2, 9], [0.0, 0.0, 1.0], [[4.0], [5.0], [6.0]])]
    out = summary(recs)
    assert out["games"] == 2
    a, b = out["bots"]["a"], out["bots"]["b"]
    assert (a["games"], a["wins"], a["win_rate"]) == (2, 1.5, 0.75)
    assert (b["games"], b["wins"]) == (4, 0.5)
    assert a["mean_score"] == 9.5 and b["mean_score"] == 4.5
    assert a["move_ms_p50"] == 3.5


def run_cli(*args):
    return CliRunner().invoke(main, ["tournament", *args])


def test_tournament_json_short_run():
    r = run_cli("north-american-railways", "--seats", "rules,random,random", "--games", "3",
                "--seed", "4", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output.strip().splitlines()[-1])
    bots = out["bots"]
    assert set(bots) == {"rules", "random"}
    assert bots["rules"]["games"] == 3 and bots["random"]["games"] == 6
    assert bots["rules"]["wins"] + bots["random"]["wins"] == pytest.approx(3)
    for d in bots.values():
        assert set(d) >= {"games", "wins", "win_rate", "ci95", "mean_score", "move_ms_p50",
                          "move_ms_p95", "bankruptcies", "cpu_ms_p50", "cpu_ms_p95",
                          "work_per_move", "work_unit", "capped"}
        assert 0 <= d["ci95"][0] <= d["win_rate"] <= d["ci95"][1] <= 1
    assert out["errors"] == []


def test_tournament_table_with_two_workers():
    r = run_cli("chicago-express", "--seats", "random,random,random", "--games", "2",
                "--workers", "2")
    assert r.exit_code == 0, r.output
    assert "win rate" in r.output and "random" in r.output


@pytest.mark.parametrize("seats, words", [
    ("mcts:extreme,random,random", "Unknown level 'extreme'"),
    ("random", "played by 2 to 6 players; --seats lists 1"),
    ("chess,random,random", "Unknown bot kind 'chess'"),
])
def test_tournament_bad_seats(seats, words):
    r = run_cli("chicago-express", "--seats", seats, "--games", "1")
    assert r.exit_code == 2
    assert words in r.output
    assert "Traceback" not in r.output


def test_tournament_refuses_a_kind_the_title_has_not():
    r = run_cli("1830", "--seats", "rules,random,random", "--games", "1")
    assert r.exit_code == 2 and "no rules bot for 1830" in r.output


# ---- issue 22, point 5: tournaments a researcher can trust ---------------------------------
def test_summary_cpu_work_and_bankruptcies():
    recs = [GameRecord(0, 0, ["a", "b"], [10, 0], [1.0, 0.0], [[5.0, 7.0], [1.0]],
                       actions=3, cpu_ms=[[2.0, 4.0], [0.5]], work=[[100.0, 300.0], []],
                       work_unit=["playout actions", None], bankrupt=[1],
                       facts={"stock_rounds": 4, "phase": "5", "end": "bankrupt"}),
            GameRecord(1, 0, ["b", "a"], [3, 8], [0.0, 1.0], [[1.0], [9.0]],
                       actions=2, cpu_ms=[[0.5], [6.0]], work=[[], [200.0]],
                       work_unit=[None, "playout actions"],
                       facts={"stock_rounds": 6, "phase": "D", "end": "bank"})]
    out = summary(recs)
    a, b = out["bots"]["a"], out["bots"]["b"]
    assert a["work_per_move"] == 200.0 and a["work_unit"] == "playout actions"
    assert b["work_per_move"] is None
    assert a["cpu_ms_mean"] == 4.0 and a["cpu_ms_p50"] == 4.0
    assert (a["bankruptcies"], b["bankruptcies"]) == (0, 1)
    assert a["capped"] == b["capped"] == 0
    assert [g["stock_rounds"] for g in out["per_game"]] == [4, 6]
    assert out["per_game"][0]["winners"] == [0] and out["per_game"][1]["winners"] == [1]
    assert out["course"]["stock_rounds_median"] == 5
    assert out["course"]["phases"] == {"5": 1, "D": 1}
    assert out["course"]["endings"] == {"bank": 1, "bankrupt": 1}


def test_tournament_save_writes_games_that_show_and_replay_load(tmp_path):
    """--save DIR: every game is a railyard save file; loading it replays the game to the
    result the tournament reported, and ``railyard show`` / ``replay`` read it."""
    from railyard.engine.game import Game
    out_dir = tmp_path / "games"
    r = run_cli("chicago-express", "--seats", "rules,random,random", "--games", "2",
                "--seed", "3", "--save", str(out_dir), "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output.strip().splitlines()[-1])
    files = sorted(p.name for p in out_dir.iterdir())
    assert files == ["game-0001.json", "game-0002.json"]
    for g in out["per_game"]:
        game = Game.load(g["save"])
        assert game.is_terminal
        assert list(game.result().scores) == g["scores"]
        assert len(game.log) == g["actions"]
        assert game.players[g["winners"][0]].endswith(g["seats"][g["winners"][0]])
        assert game.state.general_dividends == g["rounds"]
        assert g["round_unit"] == "general dividends" and g["end"]
    shown = CliRunner().invoke(main, ["show", str(out_dir / "game-0002.json")])
    assert shown.exit_code == 0 and "Winner" in shown.output, shown.output
    replay = CliRunner().invoke(main, ["replay", str(out_dir / "game-0001.json"), "--to", "12"])
    assert replay.exit_code == 0, replay.output


def test_1830_tournament_reports_stock_rounds_phase_end_and_bankruptcies(tmp_path):
    """Per game: the stock rounds, the final phase and how the game ended, checked against
    the saved game replayed by the engine; bankruptcies per bot kind are the games' bankrupt
    seats; the table shows the same columns."""
    from railyard.engine.game import Game
    args = ["1830", "--seats", "basic:easy,random", "--games", "2", "--seed", "1", "-o",
            "bank_cash=2500", "--save", str(tmp_path)]
    r = run_cli(*args, "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output.strip().splitlines()[-1])
    assert out["errors"] == []
    bankrupt = {"basic:easy": 0, "random": 0}
    for g in out["per_game"]:
        game = Game.load(g["save"])
        s = game.state.s
        assert g["stock_rounds"] == s["sr"] >= 1
        assert g["phase"] == s["phase"]
        assert g["end"] == s["end_reason"] and g["end_sentence"].startswith("The game ends")
        went = [a["player"] for a in game.log if a["type"] == "bankrupt"]
        assert g["bankrupt"] == went
        for seat in went:
            bankrupt[g["seats"][seat]] += 1
    for kind, n in bankrupt.items():
        assert out["bots"][kind]["bankruptcies"] == n
    d = out["bots"]["basic:easy"]
    assert d["work_unit"] and d["work_per_move"] > 0 and d["cpu_ms_p95"] >= d["cpu_ms_p50"] > 0
    table = run_cli(*args[:-2])
    assert table.exit_code == 0, table.output
    for words in ("CPU ms p95", "work / move", "bankrupt", "stock rounds", "phase",
                  "how it ended", "median stock rounds"):
        assert words in table.output


def test_tournament_save_to_an_unusable_directory_is_refused(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    r = run_cli("chicago-express", "--seats", "random,random,random", "--games", "1",
                "--save", str(blocker / "sub"))
    assert r.exit_code == 2 and "Traceback" not in r.output


def test_a_tournament_played_in_parts_is_the_same_tournament():
    """--first-game: games 2 and 3 of a run are seated, dealt and played as in one run."""
    whole = run_cli("north-american-railways", "--seats", "rules,random,random", "--games",
                    "4", "--seed", "7", "--json")
    part = run_cli("north-american-railways", "--seats", "rules,random,random", "--games",
                   "2", "--seed", "7", "--first-game", "2", "--json")
    assert whole.exit_code == 0 and part.exit_code == 0, whole.output + part.output
    a = json.loads(whole.output.strip().splitlines()[-1])["per_game"][2:]
    b = json.loads(part.output.strip().splitlines()[-1])["per_game"]
    assert [(g["game"], g["seed"], g["seats"], g["scores"]) for g in a] == \
        [(g["game"], g["seed"], g["seats"], g["scores"]) for g in b]
    assert [g["seed"] for g in b] == [7, 8]          # deal seed + g // 3 for g = 2, 3


def test_a_random_opening_makes_the_deals_of_a_chanceless_game_differ(tmp_path):
    """Chicago Express has no chance after the set-up and `rules` draws no random numbers:
    without an opening, game 4 (the next deal, the same rotation) repeats game 0 move for
    move; with a random opening of 4 actions the deals differ, and the rotations of one
    deal share their opening (each seat order plays the same position)."""
    import json

    from railyard.bots.tournament import run

    def logs(opening, where):
        run("chicago-express", ["rules"] * 4, 5, 3, save_dir=str(where), opening=opening)
        return [[a["action"] for a in
                 json.loads((where / f"game-{g:04d}.json").read_text())["actions"]]
                for g in range(1, 6)]

    plain = logs(0, tmp_path / "plain")
    assert plain[4] == plain[0]
    varied = logs(4, tmp_path / "varied")
    assert varied[4] != varied[0]
    assert varied[0][:4] == varied[1][:4] == varied[3][:4] != varied[4][:4]
