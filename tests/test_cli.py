"""The ``rummykit`` command: play, solve, simulate, replay and demo.

``play`` is driven by scripted input: through its ``read=`` callable, and
through ``main(["play", ...])`` reading a replaced standard input.  Bad input
(unknown commands, numbers out of range, bad card notation, illegal discards,
empty lines, the end of input) is answered with a reason and asked again,
never a crash.
"""

from __future__ import annotations

import argparse
import builtins
import io
import itertools
import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

import rummykit
from rummykit import Hand
from rummykit.agents import Agent, GreedyAgent, RandomAgent
from rummykit.cards import Rank
from rummykit.cli import main
from rummykit.cli.play import play
from rummykit.engine import Declare, DrawStock, State
from rummykit.serialize import state_to_json
from rummykit.variants import ClassicRummy, IndianRummy, Rumino, get_variant

#: Variants to play whole hands of (Classic with a turn-over limit, so that a
#: hand between bots always ends).
PLAYABLE: list[tuple[str, dict[str, object]]] = [
    ("classic", {"max_turnovers": 2}),
    ("rumino", {}),
    ("indian", {}),
    ("indian", {"preset": "standard"}),
    ("gin", {}),
]


class Script:
    """A ``read=`` for :func:`play`: answers in order, then the end of input.

    It records every prompt, and refuses to be read more than ``limit`` times
    so that a game that never ends fails instead of hanging."""

    def __init__(self, answers: Iterable[str], *, limit: int = 5_000) -> None:
        self.answers = list(answers)
        self.prompts: list[str] = []
        self.limit = limit

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        assert len(self.prompts) <= self.limit, "the game asked too many times"
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)


class Always:
    """A ``read=`` that always answers the same, at most ``limit`` times."""

    def __init__(self, answer: str, *, limit: int = 5_000) -> None:
        self.answer = answer
        self.reads = 0
        self.limit = limit

    def __call__(self, prompt: str) -> str:
        self.reads += 1
        assert self.reads <= self.limit, "the hand did not end"
        return self.answer


def run_play(
    name: str,
    read: Callable[[str], str],
    *,
    seed: int | None = 3,
    players: int = 2,
    options: dict[str, object] | None = None,
) -> tuple[int, list[str]]:
    said: list[str] = []
    status = play(
        name,
        players=players,
        seed=seed,
        options={} if options is None else options,
        read=read,
        say=said.append,
    )
    return status, said


def lines(said: list[str]) -> list[str]:
    """Everything said, one line an entry (help is said as one block)."""
    return [line for block in said for line in block.split("\n")]


def first_line(said: list[str], start: str) -> str:
    return next(line for line in lines(said) if line.startswith(start))


def first_hand(said: list[str]) -> Hand:
    for line in lines(said):
        if line.startswith("your hand: "):
            return Hand.parse(line.removeprefix("your hand: "))
    raise AssertionError("no hand shown")


# -- play: whole hands --------------------------------------------------------------------


@pytest.mark.parametrize(("name", "options"), PLAYABLE)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_answering_1_plays_a_whole_hand(
    name: str, options: dict[str, object], seed: int
) -> None:
    read = Always("1")
    status, said = run_play(name, read, seed=seed, options=options)
    assert status == 0
    text = lines(said)
    assert text[0].endswith("you are player 0. Type help for the commands.")
    results = [line for line in text if line.startswith("result: ")]
    assert len(results) == 1
    # the final tally: one line a seat, after the result
    tally = text[text.index(results[0]) + 1 :]
    assert [line.split(":")[0] for line in tally] == ["  player 0", "  player 1"]
    assert all(
        re.fullmatch(r"  player \d: -?\d+ points, held .*", line) for line in tally
    )
    assert "goodbye" not in text
    assert read.reads >= 1
    # every prompt was for a decision shown with its numbered actions
    assert sum(1 for line in text if line.startswith("your hand: ")) == read.reads


def test_a_whole_hand_against_several_bots_narrates_their_moves() -> None:
    status, said = run_play("rumino", Always("1"), seed=8, players=4)
    assert status == 0
    text = lines(said)
    assert text[0].startswith("Rumino against 3 bot(s)")
    for seat in (1, 2, 3):
        assert any(line.startswith(f"  player {seat}: ") for line in text)
    # the human's own moves are not narrated back
    assert not any(
        line.startswith("  player 0: ") and "points" not in line for line in text
    )


def test_play_through_main_reading_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 500))
    status = main(["play", "classic", "--seed", "5", "--option", "max_turnovers=2"])
    out = capsys.readouterr().out
    assert status == 0
    assert out.startswith("Classic Rummy against 1 bot(s); you are player 0.")
    assert "result: " in out
    assert "> " in out  # input() writes its prompt


def test_play_through_main_ends_at_the_end_of_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("help\n\nbogus\n"))
    status = main(["play", "indian", "--players", "3", "--seed", "2"])
    out = capsys.readouterr().out
    assert status == 0
    assert "Indian Rummy against 2 bot(s)" in out
    assert "commands:" in out
    assert "unknown command 'bogus'; type help for the commands" in out
    assert out.rstrip().endswith("goodbye")


def test_play_through_main_with_builtins_input_patched(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["help", "quit"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))  # not what is wanted
    assert main(["play", "classic", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "commands:" in out  # the patched input answered "help"


# -- play: bad input ----------------------------------------------------------------------


def test_bad_input_is_explained_and_asked_again() -> None:
    # Classic, seed 3: player 0 starts; the decision is the draw.
    state = ClassicRummy().new_game(players=2, seed=3)
    assert state.current == 0
    hand = state.hands[0]
    card = hand.cards[0]
    drawn = state.apply(DrawStock()).hands[0]
    absent = next(c for c in ClassicRummy().deck.cards() if c not in drawn)
    answers = [
        "",
        "   ",
        "xyzzy",
        "0",
        "99",
        "-1",
        "discard",
        "discard Zz",
        "discard As Ks",
        f"discard {card}",  # before drawing
        "help",
        "hint",
        "draw",
        f"discard {absent}",  # not in the hand
        "12345678901234567890",
    ]
    read = Script(answers)
    status, said = run_play("classic", read)
    assert status == 0
    text = lines(said)
    expected = [
        "unknown command 'xyzzy'; type help for the commands",
        "there is no action 0; choose 1 to 2",
        "there is no action 99; choose 1 to 2",
        "unknown command '-1'; type help for the commands",
        "say which card to discard, such as: discard Kd",
        "bad card 'Zz': unknown rank 'Z' (ranks are A 2-9 10|T J Q K)",
        "say which card to discard, such as: discard Kd",
        "not allowed: a player draws before discarding (the phase is draw)",
        "commands:",
        f"best grouping: {ClassicRummy().partition(hand)}",
        f"not allowed: {absent} is not in player 0's hand",
    ]
    position = 0
    for line in expected:
        position = text.index(line, position) + 1
    assert re.search(
        r"there is no action 12345678901234567890; choose 1 to \d+", "\n".join(text)
    )
    # every answer was read, and only "draw" moved the game on
    assert len(read.prompts) == len(answers) + 1  # and the end of input
    assert all(prompt == "> " for prompt in read.prompts)
    assert sum(1 for line in text if line.startswith("your hand: ")) == 2
    assert text[-1] == "goodbye"


def test_an_illegal_discard_is_refused_with_the_rule() -> None:
    """Rumino forbids discarding the card just taken from the pile."""
    _, shown = run_play("rumino", Script([]), seed=4)
    top = first_line(shown, "stock ").split("top discard ")[1].split(";")[0]
    read = Script(["take", f"discard {top}", "quit"])
    status, said = run_play("rumino", read, seed=4)
    assert status == 0
    refusal = [line for line in lines(said) if line.startswith("not allowed: ")]
    assert len(refusal) == 1
    assert "taken" in refusal[0] or "took" in refusal[0]
    assert lines(said)[-1] == "goodbye"
    # the refused discard left the turn where it was: the card is still held
    hands = [line for line in lines(said) if line.startswith("your hand: ")]
    assert len(hands) == 2 and top in hands[1].split()


def test_actions_by_name_and_by_their_text() -> None:
    read = Script(["DRAW FROM THE STOCK", "quit"])
    _, said = run_play("classic", read)
    hand_lines = [line for line in lines(said) if line.startswith("your hand: ")]
    assert len(hand_lines) == 2
    assert len(Hand.parse(hand_lines[1].removeprefix("your hand: "))) == 11
    for word in ("take", "pile"):
        _, said = run_play("classic", Script([word, "quit"]))
        after = [line for line in lines(said) if line.startswith("your hand: ")]
        assert len(Hand.parse(after[1].removeprefix("your hand: "))) == 11
        assert "6s" in after[1]  # the top discard of this deal


def test_hint_shows_the_best_grouping_and_after_the_draw_the_best_discard() -> None:
    read = Script(["hint", "draw", "hint", "quit"])
    _, said = run_play("classic", read)
    text = lines(said)
    hints = [line for line in text if line.startswith("best grouping: ")]
    assert len(hints) == 2
    hands = [
        Hand.parse(line.removeprefix("your hand: "))
        for line in text
        if line.startswith("your hand: ")
    ]
    classic = ClassicRummy()
    assert hints[0] == f"best grouping: {classic.partition(hands[0])}"
    assert hints[1] == f"best grouping: {classic.best_discard(hands[1])}"
    assert " discard " in hints[1]


def test_hint_uses_the_wild_rank_in_indian_rummy() -> None:
    _, said = run_play("indian", Script(["hint", "quit"]), seed=6)
    text = lines(said)
    wild = re.search(r"wild rank (\S+);", first_line(said, "stock "))
    assert wild is not None
    hand = first_hand(said)
    expected = IndianRummy().partition(hand, wild_rank=Rank.parse(wild.group(1)))
    assert f"best grouping: {expected}" in text


def test_end_of_input_says_goodbye_at_once() -> None:
    read = Script([])
    status, said = run_play("rumino", read)
    assert status == 0
    assert said[-1] == "goodbye"
    assert read.prompts == ["> "]


def test_quit_leaves_mid_hand() -> None:
    status, said = run_play("indian", Script(["1", "quit", "1"]), seed=9)
    assert status == 0
    assert said[-1] == "goodbye"
    assert not any(line.startswith("result: ") for line in said)


@pytest.mark.parametrize(
    ("name", "players", "options", "message"),
    [
        ("poker", 2, {}, "rummykit: unknown variant 'poker'"),
        ("classic", 9, {}, "rummykit: ClassicRummy seats 2 to 6 players"),
        ("rumino", 1, {}, "rummykit: "),
        ("classic", 2, {"jokers": 2}, "rummykit: unknown option 'jokers' for classic"),
        ("rumino", 2, {"knock_limit": -1}, "rummykit: Rumino.knock_limit must be"),
    ],
)
def test_play_refuses_a_bad_game_with_status_2(
    name: str,
    players: int,
    options: dict[str, object],
    message: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    read = Script([])
    status, said = run_play(name, read, players=players, options=options)
    assert status == 2
    assert said == []  # the refusal is an error, on stderr, not part of the game
    assert capsys.readouterr().err.startswith(message)
    assert read.prompts == []


def test_main_play_with_a_bad_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "rumino", "--option", "stake=-5"]) == 2
    assert capsys.readouterr().err.startswith("rummykit: Rumino.stake must be")
    assert main(["play", "rumino", "--option", "stake"]) == 2
    assert "an option is key=value, not 'stake'" in capsys.readouterr().err


def test_a_superscript_digit_is_refused_not_a_crash() -> None:
    status, said = run_play("classic", Script(["²", "quit"]))
    assert status == 0
    assert said[-1] == "goodbye"


def test_a_number_too_long_to_read_is_refused_not_a_crash() -> None:
    status, said = run_play("classic", Script(["7" * 5000, "quit"]))
    assert status == 0
    assert said[-1] == "goodbye"


# -- solve --------------------------------------------------------------------------------


def test_solve(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "classic", "As 2s 3s 7c 7d 7h Kd"]) == 0
    assert capsys.readouterr().out == "[As 2s 3s] [7h 7d 7c] deadwood Kd = 10\n"
    assert main(["solve", "rumino", "5s Jk 7s Tc Th Td 3h"]) == 0
    assert capsys.readouterr().out == "[5s Jk=6s 7s] [Th Td Tc] deadwood 3h = 3\n"


def test_solve_with_discard(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "classic", "As 2s 3s 7c 7d 7h Kd 9c", "--discard"]) == 0
    out = capsys.readouterr().out
    assert out == "[As 2s 3s] [7h 7d 7c] deadwood 9c discard Kd = 9\n"


def test_solve_all(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "classic", "6s 7s 8s 9s 9h 9d 9c", "--all"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert sorted(out) == sorted(
        ["[6s 7s 8s] [9s 9h 9d 9c] = 0", "[6s 7s 8s 9s] [9h 9d 9c] = 0"]
    )
    assert (
        main(["solve", "classic", "6s 7s 8s 9s 9h 9d 9c Kd", "--all", "--discard"]) == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and all(line.endswith("discard Kd = 0") for line in out)


def test_solve_with_a_wild_rank(capsys: pytest.CaptureFixture[str]) -> None:
    cards = "5s 7d 8d 9d Qc Qh 3s 4h 2c Jd Jh Ks Kc"
    assert main(["solve", "indian", cards]) == 0
    plain = capsys.readouterr().out
    assert main(["solve", "indian", cards, "--wild", "K"]) == 0
    wild = capsys.readouterr().out
    assert plain == "[7d 8d 9d] deadwood 3s 5s Ks 4h Jh Qh Jd 2c Qc Kc = 86\n"
    assert wild.endswith("deadwood 3s 5s 4h 2c = 14\n")
    assert "Ks=" in wild and "Kc=" in wild


def test_solve_with_an_option(capsys: pytest.CaptureFixture[str]) -> None:
    cards = "Qs Ks As 5d 9h"
    assert main(["solve", "classic", cards]) == 0
    low = capsys.readouterr().out
    assert main(["solve", "classic", cards, "--option", "ace_high=true"]) == 0
    high = capsys.readouterr().out
    assert low != high
    assert high.startswith("[Qs Ks As]")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "classic", "As 2x"], "rummykit: bad card '2x' at position 2"),
        (["solve", "classic", "As 2s 3s 1c"], "rummykit: bad card '1c'"),
        (["solve", "indian", "As 2s 3s", "--wild", "Z"], "rummykit: unknown rank 'Z'"),
        (
            ["solve", "classic", "As 2s 3s", "--wild", "7"],
            "rummykit: ClassicRummy.partition: classic has no wild rank",
        ),
    ],
)
def test_solve_refuses_bad_cards_with_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    said = capsys.readouterr()
    assert said.out == ""
    assert said.err.startswith(message)
    assert len(said.err.splitlines()) == 1


def test_solve_unknown_variant_exits(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "canasta", "As 2s 3s"]) == 2
    assert capsys.readouterr().err.startswith("rummykit: unknown variant 'canasta'")
    assert main(["solve", "classic", "As 2s 3s", "--option", "wild=7"]) == 2
    assert "unknown option 'wild'" in capsys.readouterr().err


def test_the_command_exits_with_status_2_for_bad_cards() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from rummykit.cli import main; sys.exit(main())",
            "solve",
            "classic",
            "As 2x",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("rummykit: bad card '2x'")


def test_argparse_errors_exit(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in ([], ["fly"], ["solve"], ["simulate", "rumino", "--games", "x"]):
        with pytest.raises(SystemExit) as caught:
            main(argv)
        assert caught.value.code == 2
    assert "usage: rummykit" in capsys.readouterr().err


def _status(argv: list[str]) -> object:
    """The exit status of ``rummykit ARGV``: main's answer, or argparse's exit."""
    try:
        return main(argv)
    except SystemExit as stop:
        return stop.code


BAD_USAGE = {
    "demo": [["demo", "--seed", "x"], ["demo", "--seed", "-1"], ["demo", "extra"]],
    "play": [
        ["play"],
        ["play", "poker"],
        ["play", "classic", "--players", "9"],
        ["play", "classic", "--option", "stake"],
        ["play", "classic", "--seed", "-3"],
    ],
    "solve": [
        ["solve", "classic"],
        ["solve", "classic", "As 2x"],
        ["solve", "classic", "As 2s 3s", "--option", "jokers=2"],
        ["solve", "classic", "As 2s 3s", "--wild", "7"],
    ],
    "simulate": [
        ["simulate", "rumino", "--games", "x"],
        ["simulate", "rumino", "--games", "0"],
        ["simulate", "rumino", "--seed", "-1"],
        ["simulate", "rumino", "--agents", "alpha"],
        ["simulate", "rumino", "--players", "1"],
        ["simulate", "poker"],
    ],
    "replay": [["replay"], ["replay", "no-such-file.json"], ["replay", "a", "b"]],
    "serve": [
        ["serve", "--port", "x"],
        ["serve", "--port", "99999"],
        ["serve", "--bot-delay", "-1"],
        ["serve", "--bot-delay", "nan"],
    ],
}


@pytest.mark.parametrize("command", sorted(BAD_USAGE))
def test_every_subcommand_exits_with_status_2_on_bad_usage(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert set(BAD_USAGE) == set(_parser_commands())
    for argv in BAD_USAGE[command]:
        assert _status(argv) == 2, argv
        said = capsys.readouterr()
        assert said.err.startswith(("usage: rummykit", "rummykit: ")), argv
        assert said.out == "", argv


def _parser_commands() -> list[str]:
    from rummykit.cli import _parser

    parser = _parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return list(action.choices)
    raise AssertionError("no subcommands")


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "classic", "As 2s 3s", "--option", "jokers=2"],
        ["simulate", "rumino", "--games", "0"],
        ["demo", "--seed", "-1"],
        ["serve", "--port", "99999"],
        ["bogus"],
    ],
)
def test_the_command_itself_exits_with_status_2(argv: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rummykit", *argv],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(("rummykit: ", "usage: rummykit"))
    assert "Traceback" not in done.stderr


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert _status(["--version"]) == 0
    assert capsys.readouterr().out == f"rummykit {rummykit.__version__}\n"
    done = subprocess.run(
        [sys.executable, "-m", "rummykit", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout.strip() == f"rummykit {rummykit.__version__}"


# -- simulate -----------------------------------------------------------------------------

TABLE_ROW = re.compile(
    r"(?P<agent>\w+)\s+(?P<seats>\d+)\s+(?P<wins>\d+)\s+(?P<rate>[\d.]+)%\s+(?P<avg>-?[\d.]+)"
)


def table(out: str) -> dict[str, tuple[int, int, float, float]]:
    rows = {}
    for line in out.splitlines()[2:]:
        found = TABLE_ROW.fullmatch(line)
        if found:
            rows[found["agent"]] = (
                int(found["seats"]),
                int(found["wins"]),
                float(found["rate"]),
                float(found["avg"]),
            )
    return rows


def test_simulate_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "rumino", "--games", "20", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    head = out.splitlines()[:2]
    assert head == [
        "rumino: 20 hands, 2 players, seed 4",
        "agent   seats  wins  win rate  avg points",
    ]
    rows = table(out)
    assert set(rows) == {"greedy", "random"}
    assert sum(row[0] for row in rows.values()) == 40
    for seats, wins, rate, _ in rows.values():
        assert rate == pytest.approx(100 * wins / seats, abs=0.05)
    assert rows["greedy"][1] > rows["random"][1]


def test_simulate_is_the_same_with_one_or_two_workers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "classic", "--games", "16", "--seed", "9", "--players", "3"]
    argv += ["--option", "max_turnovers=2", "--agents", "greedy,random,random"]
    assert main([*argv, "--workers", "1"]) == 0
    one = capsys.readouterr().out
    assert main([*argv, "--workers", "2"]) == 0
    two = capsys.readouterr().out
    assert one == two
    assert table(one)["greedy"][0] + table(one)["random"][0] == 48
    assert main([*argv[:-2], "--seed", "10", "--workers", "1"]) == 0
    assert capsys.readouterr().out != one


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--agents", "greedy,alpha"], "agents are greedy, random, not 'greedy,alpha'"),
        (["--agents", ","], "agents are greedy, random"),
        (["--agents", ""], "agents are greedy, random"),
        (["--games", "0"], "--games and --workers must be at least 1"),
        (["--workers", "0"], "--games and --workers must be at least 1"),
        (["--players", "1"], "rummykit: "),
        (["--players", "40"], "rummykit: "),
        (["--option", "knock_limit=x"], "Rumino.knock_limit must be"),
        (["--option", "nonsense"], "an option is key=value"),
    ],
)
def test_simulate_refuses_bad_arguments(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "rumino", "--games", "2", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rummykit: ") and message in err


# -- replay -------------------------------------------------------------------------------


def played_hand(
    name: str,
    options: dict[str, object],
    seed: int,
    players: int = 2,
    agents: list[Agent] | None = None,
) -> State:
    variant = get_variant(name, **options)
    state = variant.new_game(players, seed=seed)
    if agents is None:
        agents = [GreedyAgent(), RandomAgent(seed=seed)] * players
    for _ in range(2_000):
        if state.is_terminal:
            break
        view = state.view(state.current)
        state = state.apply(agents[state.current].choose(view, view.legal_actions))
    return state


def save(tmp_path: Path, state: State, name: str = "hand.json") -> Path:
    path = tmp_path / name
    path.write_text(state_to_json(state), encoding="utf-8")
    return path


STEP = re.compile(r"\s*(\d+) player (\d+): (.*)")


def steps(out: str) -> list[tuple[int, int, str]]:
    found = []
    for line in out.splitlines():
        match = STEP.fullmatch(line)
        if match:
            found.append((int(match[1]), int(match[2]), match[3]))
    return found


def test_replay_steps_through_a_saved_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = played_hand("classic", {"max_turnovers": 2}, seed=2)
    assert state.is_terminal and state.outcome is not None
    path = save(tmp_path, state)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    origin = state.origin
    assert origin is not None
    assert out.splitlines()[0] == f"classic: 2 players, dealer {origin.dealer}"
    assert out.splitlines()[-1] == f"result: {state.outcome.note}"
    found = steps(out)
    assert sorted({step for step, _, _ in found}) == list(
        range(1, len(state.actions) + 1)
    )
    assert len(found) == len(state.history)
    # without --player every stock draw shows its card
    draws = [text for _, _, text in found if text.startswith("draw from the stock")]
    assert draws and all(
        re.fullmatch(r"draw from the stock \(\w\w\)", d) for d in draws
    )


def test_replay_as_a_player_hides_the_others_stock_draws(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = played_hand("rumino", {}, seed=5)
    path = save(tmp_path, state)
    assert main(["replay", str(path), "--player", "0"]) == 0
    found = steps(capsys.readouterr().out)
    own = [
        text for _, seat, text in found if seat == 0 and "draw from the stock" in text
    ]
    others = [
        text for _, seat, text in found if seat == 1 and "draw from the stock" in text
    ]
    assert own and others
    assert all(re.fullmatch(r"draw from the stock \(\w\w\)", text) for text in own)
    assert all(text == "draw from the stock" for text in others)
    # the same file seen by player 1: the other way round
    assert main(["replay", str(path), "--player", "1"]) == 0
    found = steps(capsys.readouterr().out)
    assert all(
        text == "draw from the stock"
        for _, seat, text in found
        if seat == 0 and "draw from the stock" in text
    )
    assert all(
        "(" in text
        for _, seat, text in found
        if seat == 1 and "draw from the stock" in text
    )


def test_replay_as_a_player_hides_the_others_finish_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for seed in range(40):
        state = played_hand("indian", {}, seed, agents=[GreedyAgent(), GreedyAgent()])
        declares = [e for e in state.history if isinstance(e.action, Declare)]
        if declares:
            break
    else:
        pytest.fail("no declaration in 40 hands")
    declarer = declares[0].player
    declared = declares[0].action
    assert isinstance(declared, Declare)
    other = 1 - declarer
    path = save(tmp_path, state)
    assert main(["replay", str(path), "--player", str(other)]) == 0
    out = capsys.readouterr().out
    assert "declare (finish card face down)" in out
    assert f"finish card {declared.finish}" not in out
    assert main(["replay", str(path), "--player", str(declarer)]) == 0
    assert "declare with finish card" in capsys.readouterr().out


def test_replay_of_a_hand_in_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = get_variant("indian", preset="standard").new_game(3, seed=1)
    for _ in range(5):
        view = state.view(state.current)
        state = state.apply(GreedyAgent().choose(view, view.legal_actions))
    assert not state.is_terminal
    path = save(tmp_path, state)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("indian: 3 players")
    assert "result:" not in out
    assert max(step for step, _, _ in steps(out)) == 5


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "is not a valid saved hand: the saved game is not valid JSON"),
        (b"\xff\xfe\xfd", "is not a valid saved hand: the saved game is not UTF-8"),
        (b"[]", "is not a valid saved hand: a saved game is a JSON object"),
        (b"", "is not a valid saved hand"),
    ],
)
def test_replay_refuses_a_corrupt_file_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"rummykit: {path} ")
    assert message in err


def test_replay_refuses_an_edited_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = played_hand("classic", {"max_turnovers": 2}, seed=3)
    data = json.loads(state_to_json(state))
    data["actions"].insert(0, {"type": "Discard", "card": "Kd"})
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    assert "action 1 (discard Kd) is refused" in capsys.readouterr().err


def test_replay_of_a_missing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "nowhere.json"
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"rummykit: cannot read {path}")
    assert main(["replay", str(tmp_path)]) == 2  # a directory
    assert "cannot read" in capsys.readouterr().err


def test_replay_refuses_the_hostile_files(capsys: pytest.CaptureFixture[str]) -> None:
    folder = Path(__file__).parent / "data" / "hostile"
    files = sorted(folder.glob("*.json"))
    assert len(files) >= 10
    for path in files:
        assert main(["replay", str(path)]) == 2, path.name
        assert "is not a valid saved hand" in capsys.readouterr().err


# -- demo ---------------------------------------------------------------------------------

SECTIONS = [
    "== Classic Rummy: three bots, greedy, random and greedy (turn-over limit 3) ==",
    "== Rumino: four bots, greedy against random ==",
    "== Indian Rummy (Gamentio): three greedy bots ==",
    "== Indian Rummy (standard preset): two greedy bots ==",
    "== Gin Rummy: greedy against random (knock at 10, gin 25, undercut 25) ==",
    "== The partitioner: a best discard from a random deal in each variant ==",
]


def test_demo_prints_each_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    text = out.splitlines()
    assert text[0] == "rummykit demo (seed 3)"
    positions = [text.index(section) for section in SECTIONS]
    assert positions == sorted(positions)
    # each hand between bots is dealt, played and ends with a result
    for start, end in itertools.pairwise(positions):
        part = text[start:end]
        assert part[1].startswith("dealer: player ")
        assert sum(1 for line in part if line.startswith("result: ")) == 1
        assert any(line.startswith("  points this hand: ") for line in part)
    partitions = text[positions[-1] :]
    for label in (
        "Rumino: 108-card deck",
        "ClassicRummy: 52-card deck",
        "GinRummy: 52-card deck",
    ):
        assert label in partitions
    assert sum(1 for line in partitions if line.startswith("IndianRummy (")) == 2
    assert sum(1 for line in partitions if line.startswith("  best    ")) == 5


def test_demo_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "11"]) == 0
    first = capsys.readouterr().out
    assert main(["demo", "--seed", "11"]) == 0
    assert capsys.readouterr().out == first
    assert main(["demo"]) == 0
    assert capsys.readouterr().out.startswith("rummykit demo (seed 7)")


def test_demo_narrates_real_hands(capsys: pytest.CaptureFixture[str]) -> None:
    """The demo's Rumino hand is the hand those bots play from that seed."""
    from rummykit.cli.demo import run_demo

    run_demo(5)
    out = capsys.readouterr().out.splitlines()
    start = out.index(SECTIONS[1])
    end = out.index(SECTIONS[2])
    greedy, rand = GreedyAgent(), RandomAgent(seed=5)
    agents: list[Agent] = [greedy, rand] * 2
    state = Rumino().new_game(players=4, seed=5)
    while not state.is_terminal:
        view = state.view(state.current)
        state = state.apply(agents[state.current].choose(view, view.legal_actions))
    assert state.outcome is not None
    assert f"result: {state.outcome.note}" in out[start:end]
    moves = [line for line in out[start:end] if re.match(r"  player \d: ", line)]
    assert len(moves) == len(state.history)


def test_random_seed_for_play_is_accepted() -> None:
    """Without --seed the deal is random, and the game still runs."""
    deals = set()
    for _ in range(3):
        status, said = run_play("rumino", Always("1"), seed=None)
        assert status == 0
        assert sum(1 for line in said if line.startswith("result: ")) == 1
        deals.add(said[-2] + said[-1])  # the hands held at the end
    assert len(deals) > 1
