"""``railyard bench --env``: environment steps/s, with a clear error for a title without an
encoder (the figures themselves are benchmarks, docs/benchmarks.md, not tests)."""
from __future__ import annotations

from click.testing import CliRunner

from railyard.cli.main import main
from railyard.envs import bench, titles


def test_bench_env_runs():
    res = CliRunner().invoke(main, ["bench", "--env", "chicago-express", "--seconds", "0.2"])
    assert res.exit_code == 0, res.output
    assert "chicago-express (4 players):" in res.output and "env steps/s" in res.output


def test_bench_env_unknown_title():
    res = CliRunner().invoke(main, ["bench", "--env", "no-such-game"])
    assert res.exit_code == 2 and "Unknown game" in res.output


def test_episode_rate_counts_steps_and_games():
    r = bench.episode_rate("north-american-railways", 3, seconds=0.2)
    assert r.steps > 0 and r.games >= 1 and r.cpu > 0
    assert set(bench.TARGETS) == set(titles.MODULES)
