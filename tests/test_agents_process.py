"""Bots in their own process (``ProcessAgent``): no hidden card reaches them,
and every way a bot can fail ends in a clear ``AgentError`` or the fallback."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

from rummykit import AgentError, RummyError, get_variant
from rummykit.agents import (
    GreedyAgent,
    ProcessAgent,
    RandomAgent,
    play_hand,
    play_match,
)
from rummykit.engine import DrawStock, PlayerView
from rummykit.simulation import simulate
from tests.bots.peeking import PeekingAgent

PEEKING = str(Path(__file__).parent / "bots" / "peeking.py")


def bot(code: str) -> list[str]:
    """A bot program of a few lines of Python that needs no rummykit."""
    return [sys.executable, "-c", "import json, sys, time\n" + code]


FIRST = bot("for line in sys.stdin:\n    sys.stdout.write('0\\n'); sys.stdout.flush()")


# -- hidden information ------------------------------------------------------------


def test_in_process_the_tricks_find_the_other_hands() -> None:
    """The control: run where the game runs, the same tricks see every hand."""
    peeker = PeekingAgent()
    state = play_hand(get_variant("classic"), [peeker, GreedyAgent()], seed=3)
    assert peeker.found
    assert all(found for found in peeker.found)
    # What they found is the truth: the other seat's hand at some point.
    final = str(state.hands[1])
    assert any(final in found for found in peeker.found) or not state.hands[1]


@pytest.mark.parametrize("variant", ["classic", "indian"])
def test_a_bot_in_its_own_process_finds_no_hidden_card(
    variant: str, tmp_path: Path
) -> None:
    report = tmp_path / "found.jsonl"
    with ProcessAgent([sys.executable, PEEKING, str(report)]) as peeker:
        state = play_hand(
            get_variant(variant), [peeker, GreedyAgent(), GreedyAgent()], seed=5
        )
    assert state.is_terminal
    decisions = [json.loads(line) for line in report.read_text().splitlines()]
    assert len(decisions) >= 3
    # It looked (its own hand arrived) and found nothing else.
    assert all(decision["hand"] for decision in decisions)
    assert [decision["found"] for decision in decisions] == [[]] * len(decisions)


def test_a_match_and_a_simulation_with_a_bot_in_its_own_process(
    tmp_path: Path,
) -> None:
    report = tmp_path / "found.jsonl"
    with ProcessAgent([sys.executable, PEEKING, str(report)]) as peeker:
        match = play_match(get_variant("rumino"), [peeker, GreedyAgent()], seed=2)
    assert match.is_terminal
    decisions = [json.loads(line) for line in report.read_text().splitlines()]
    assert decisions and all(not decision["found"] for decision in decisions)

    result = simulate(
        "classic",
        games=3,
        agents=("first", "greedy"),
        seed=1,
        commands={"first": FIRST},
    )
    assert result.games == 3 and result.rows["first"].seats == 3


# -- failures ----------------------------------------------------------------------


def first_decision() -> PlayerView:
    state = get_variant("classic").new_game(players=2, seed=1)
    return state.view(state.current_player or 0)


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("for line in sys.stdin:\n    print('draw please', flush=True)", "not JSON"),
        ("for line in sys.stdin:\n    print(99, flush=True)", "index 99"),
        (
            "for line in sys.stdin:\n    print(json.dumps({'type': 'Discard', 'card': 'Kd'}), flush=True)",
            "not legal now",
        ),
        (
            'for line in sys.stdin:\n    print(\'{"type": "Fly"}\', flush=True)',
            "no action",
        ),
        ("for line in sys.stdin:\n    print('[' * 100000, flush=True)", "max_reply"),
        ("sys.exit(3)", "ended without answering (exit status 3)"),
        (
            "for line in sys.stdin:\n    print(0, flush=True); print(0, flush=True)",
            "without being asked",
        ),
    ],
)
def test_a_bad_answer_is_an_agent_error(code: str, message: str) -> None:
    view = first_decision()
    agent = ProcessAgent(bot(code), timeout=20)
    try:
        with pytest.raises(
            AgentError, match="bot .*" + message.replace("(", r"\(").replace(")", r"\)")
        ):
            agent.choose(view, view.legal_actions)
            # A second line, if any, is caught at the next decision.
            deadline = time.monotonic() + 10
            while agent._lines.empty() and time.monotonic() < deadline:
                time.sleep(0.05)
            agent.choose(view, view.legal_actions)
        assert not agent.running
    finally:
        agent.close()
    assert issubclass(AgentError, RummyError) and issubclass(AgentError, ValueError)


def test_a_bot_that_ends_before_it_is_asked_ended_without_answering() -> None:
    """A program that stops before its first question has written nothing:
    its end is reported as such, whichever comes first, the end or the question."""
    view = first_decision()
    agent = ProcessAgent(bot("sys.exit(4)"), timeout=20)
    try:
        agent._start()
        deadline = time.monotonic() + 20
        while agent._lines.empty() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not agent._lines.empty()  # the end is already there
        with pytest.raises(
            AgentError, match=r"ended without answering \(exit status 4\)"
        ):
            agent.choose(view, view.legal_actions)
        assert not agent.running
    finally:
        agent.close()


def test_a_bot_that_does_not_answer_in_time_is_stopped() -> None:
    view = first_decision()
    agent = ProcessAgent(
        bot("sys.stdin.readline(); time.sleep(60)"), timeout=0.5, start_timeout=20
    )
    started = time.monotonic()
    with pytest.raises(AgentError, match="did not answer within"):
        agent.choose(view, view.legal_actions)
    assert time.monotonic() - started < 30
    assert not agent.running


def test_a_failing_bot_hands_over_to_its_fallback() -> None:
    crashing = bot("sys.stdin.readline(); sys.exit(1)")
    agent = ProcessAgent(crashing, fallback=RandomAgent(seed=1))
    state = play_hand(get_variant("classic"), [agent, GreedyAgent()], seed=4)
    assert state.is_terminal
    assert len(agent.failures) == 1 and "ended" in agent.failures[0]
    assert not agent.running


def test_close_stops_a_bot_that_ignores_the_end_of_its_input() -> None:
    view = first_decision()
    stubborn = bot(
        "sys.stdin.readline(); print(0, flush=True)\n"
        "import signal; signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        "while True: time.sleep(1)"
    )
    agent = ProcessAgent(stubborn, grace=0.2, start_timeout=20)
    assert agent.choose(view, view.legal_actions) == DrawStock()
    assert agent.running
    agent.close()
    assert not agent.running
    agent.close()  # twice is fine


def test_bad_settings_are_option_errors() -> None:
    from rummykit import InvalidOptionError

    for kwargs in ({"timeout": 0}, {"timeout": "1"}, {"max_reply": 1}, {"fallback": 3}):
        with pytest.raises(InvalidOptionError):
            ProcessAgent(["true"], **kwargs)
    for command in ("python bot.py", [], [1]):
        with pytest.raises(InvalidOptionError, match="needs a command"):
            ProcessAgent(command)  # type: ignore[arg-type]
    with pytest.raises(AgentError, match="could not start"):
        view = first_decision()
        ProcessAgent(["/nonexistent/bot"]).choose(view, view.legal_actions)
