"""Simulation over backends: the same seed and count give the same results.

The Ray tests start a local Ray (two CPUs) once and need the ``ray`` extra.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rummykit.cli import main
from rummykit.simulation import GameResult, simulate
from rummykit.variants import ClassicRummy


def test_the_local_pool_gives_what_one_process_gives() -> None:
    one = simulate("rumino", games=6, players=3, seed=4)
    pooled = simulate("rumino", games=6, players=3, seed=4, workers=2)
    assert one == pooled
    assert one.games == 6 and sum(row.seats for row in one.rows.values()) == 18
    assert simulate("rumino", games=6, players=3, seed=5) != one


def test_each_game_depends_on_the_seed_and_its_number_alone() -> None:
    longer = simulate("classic", games=5, seed=9)
    shorter = simulate("classic", games=3, seed=9)
    assert longer.results[:3] == shorter.results


def test_totals_add_up_from_the_games() -> None:
    result = simulate("indian", games=4, players=2, seed=1)
    wins = sum(len(game.winners) for game in result.results)
    assert sum(row.wins for row in result.rows.values()) == wins
    points = sum(sum(game.points) for game in result.results)
    assert sum(row.points for row in result.rows.values()) == points


def test_progress_is_reported_as_games_complete() -> None:
    seen: list[tuple[int, int]] = []
    simulate(
        "classic",
        games=3,
        seed=0,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen == [(1, 3), (2, 3), (3, 3)]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"backend": "cloud"}, "backend must be one of local, ray"),
        ({"agents": ("greedy", "clever")}, "agents are greedy, random"),
        ({"games": 0}, "games must be a whole number of at least 1"),
        ({"workers": True}, "workers must be a whole number"),
        ({"players": 9}, "players"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        simulate("classic", **{"games": 2, **kwargs})  # type: ignore[arg-type]


def test_a_hand_ended_at_the_action_cap_counts_as_unfinished(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hand the engine stops at its action cap has no winner by the rules:
    it is reported as unfinished, not as a hand that ended with no score."""
    monkeypatch.setattr(ClassicRummy, "action_limit", lambda self: 6)
    result = simulate("classic", games=3, seed=2)
    assert result.unfinished == 3
    assert all(game.points == (0, 0) and not game.winners for game in result.results)
    assert "3 hand(s) reached the action cap" in result.table()
    assert main(["simulate", "classic", "--games", "3", "--seed", "2"]) == 0
    assert "3 hand(s) reached the action cap" in capsys.readouterr().out
    monkeypatch.undo()
    assert simulate("classic", games=3, seed=2).unfinished == 0


def test_a_game_result_knows_whether_it_ended() -> None:
    assert not GameResult(agents=("a",), points=(0,), winners=(), ended=False).ended


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


@pytest.mark.usefixtures("local_ray")
def test_ray_gives_the_local_results_and_reports_progress() -> None:
    local = simulate("classic", games=12, players=3, seed=7)
    seen: list[int] = []
    on_ray = simulate(
        "classic",
        games=12,
        players=3,
        seed=7,
        backend="ray",
        workers=2,
        progress=lambda done, total: seen.append(done),
    )
    assert on_ray == local
    assert seen == sorted(seen) and seen[-1] == 12 and len(seen) > 1


@pytest.mark.usefixtures("local_ray")
def test_the_command_runs_on_ray(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["simulate", "rumino", "--games", "4", "--seed", "3", "--backend", "ray"])
        == 0
    )
    on_ray = capsys.readouterr().out
    assert main(["simulate", "rumino", "--games", "4", "--seed", "3"]) == 0
    local = capsys.readouterr().out
    assert on_ray == local, (on_ray, local)
