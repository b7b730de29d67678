"""``rummykit replay`` of a saved match: every hand, its result, the winners."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummykit import get_variant
from rummykit.agents import GreedyAgent
from rummykit.cli import main
from rummykit.serialize import match_to_json


def test_replay_steps_through_every_hand_of_a_saved_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = get_variant("classic", max_turnovers=2).new_match(
        players=2, seed=3, max_hands=2
    )
    bot = GreedyAgent()
    while not match.is_terminal:
        seat = match.current_player
        assert seat is not None
        view = match.view(seat)
        match = match.apply(bot.choose(view, view.legal_actions))
    path = tmp_path / "match.json"
    path.write_text(match_to_json(match))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "classic: a match of 2 players"
    headers = [line.split(",")[0] for line in lines if line.startswith("hand ")]
    assert headers == ["hand 1", "hand 2"]
    assert lines[1] == f"hand 1, dealer {match.results and _first_dealer(match)}"
    results = [line for line in lines if line.startswith("result: ")]
    assert results == [
        f"result: {outcome.note}; points {list(outcome.points)}"
        for outcome in match.results
    ]
    winners = " and ".join(f"player {seat}" for seat in match.winners)
    assert lines[-1] == f"the match is over: {winners} won; scores {list(match.scores)}"
    steps = [line for line in lines if line[:4].strip().isdigit()]
    assert len(steps) >= len(match.actions)


def _first_dealer(match: object) -> int:
    from rummykit.match import Match

    assert isinstance(match, Match)
    variant = get_variant("classic", max_turnovers=2)
    return Match.start(variant, match.players, seed=match.seed).state.dealer


def test_replay_of_a_match_as_a_player_hides_the_others_draws(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = get_variant("rumino").new_match(players=2, seed=5, max_hands=1)
    bot = GreedyAgent()
    for _ in range(6):
        seat = match.current_player
        assert seat is not None
        view = match.view(seat)
        match = match.apply(bot.choose(view, view.legal_actions))
    path = tmp_path / "match.json"
    path.write_text(match_to_json(match))
    assert main(["replay", str(path), "--player", "0"]) == 0
    out = capsys.readouterr().out
    draws = [line for line in out.splitlines() if "draw from the stock" in line]
    assert draws
    for line in draws:
        assert ("player 0:" in line) == line.endswith(")")


def test_replay_reports_a_corrupt_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = get_variant("classic").new_match(players=2, seed=1)
    path = tmp_path / "match.json"
    path.write_text(match_to_json(match).replace('"players": 2', '"players": 3'))
    assert main(["replay", str(path)]) == 2
    assert "is not a valid saved match" in capsys.readouterr().err
