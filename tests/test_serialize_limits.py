"""Loading does bounded work on any input (:class:`rummykit.serialize.Limits`).

Each case here once escaped as another exception type or ran for minutes:
a 5,000-deep list (RecursionError), a ``Show`` with 3 million groups (a
minute and hundreds of MB), a long match (quadratic replay), ``rummykit
replay /dev/zero`` (read whole).  Time budgets are CPU seconds of this
process, generous for a loaded machine.

The long-match fixtures in ``tests/data/long/`` were made by
:func:`long_match` (``long_match(10_000)`` and ``long_match(100_000)``),
saved with :func:`match_to_json` and gzipped.
"""

from __future__ import annotations

import gzip
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rummykit import Card, get_variant
from rummykit.agents import GreedyAgent, play_hand
from rummykit.cli import main
from rummykit.engine import Discard, DrawStock
from rummykit.engine import actions as engine_actions
from rummykit.errors import InvalidStateError
from rummykit.match import Match
from rummykit.serialize import (
    LIMITS,
    Limits,
    action_from_dict,
    match_from_json,
    match_to_json,
    state_from_dict,
    state_from_json,
    state_to_json,
)

LONG = Path(__file__).parent / "data" / "long"


def finished_save() -> dict[str, Any]:
    state = play_hand(get_variant("classic"), [GreedyAgent(), GreedyAgent()], seed=4)
    data: dict[str, Any] = json.loads(state_to_json(state))
    return data


def indian_save(players: int = 3) -> dict[str, Any]:
    agents = [GreedyAgent() for _ in range(players)]
    state = play_hand(
        get_variant("indian", max_players=max(players, 4)), agents, seed=4
    )
    data: dict[str, Any] = json.loads(state_to_json(state))
    return data


def deep_list(depth: int) -> list[Any]:
    deep: list[Any] = []
    for _ in range(depth):
        deep = [deep]
    return deep


def cpu_seconds(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def refused(work: Callable[[], object], message: str) -> InvalidStateError:
    with pytest.raises(InvalidStateError, match=message) as caught:
        work()
    return caught.value


# -- nesting ---------------------------------------------------------------------------------


def test_a_5000_deep_list_is_refused_without_recursion_error() -> None:
    deep = deep_list(5_000)
    data = finished_save()
    data["actions"].append({"type": "Discard", "card": deep})
    refused(lambda: state_from_dict(data), "nested more than 32 levels")
    data = finished_save()
    data["variant"]["options"]["stake"] = deep
    refused(lambda: state_from_dict(data), "nested more than 32 levels")
    text = json.dumps(finished_save()).replace(
        '"actions": [', '"actions": [' + "[" * 5_000 + "]" * 5_000 + ", ", 1
    )
    refused(lambda: state_from_json(text), "nested|not valid JSON")


def test_a_deep_action_field_is_refused_by_action_from_dict() -> None:
    refused(
        lambda: action_from_dict({"type": "Discard", "card": deep_list(5_000)}),
        "nested too deeply",
    )


@pytest.mark.parametrize("value", [[1, 2], None, 5, "text", deep_list(5_000)])
def test_state_from_dict_refuses_what_is_not_an_object(value: Any) -> None:
    refused(lambda: state_from_dict(value), "a saved game is a JSON object")


# -- huge lists ------------------------------------------------------------------------------


def _never(*args: object, **kwargs: object) -> None:
    raise AssertionError("called before the limit was checked")


def test_a_show_with_3_million_groups_is_refused_before_parsing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = json.dumps(finished_save())
    show = '{"type": "Show", "groups": [' + '"As", ' * 3_000_000 + '"As"]}, '
    text = text.replace('"actions": [', '"actions": [' + show, 1)
    # The entries are counted in the text: the JSON parser is never reached.
    monkeypatch.setattr(json, "loads", _never)
    error: list[InvalidStateError] = []
    seconds = cpu_seconds(
        lambda: error.append(refused(lambda: state_from_json(text), "max_entries"))
    )
    assert seconds < 1.0, seconds


def test_a_show_with_3_million_groups_is_refused_as_a_dictionary() -> None:
    data = finished_save()
    data["actions"].insert(0, {"type": "Show", "groups": ["As"] * 3_000_000})
    seconds = cpu_seconds(lambda: refused(lambda: state_from_dict(data), "entries"))
    assert seconds < 1.0, seconds


def test_a_show_with_many_groups_is_refused_before_any_card_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = finished_save()
    data["actions"].insert(0, {"type": "Show", "groups": ["As"] * 100_000})
    text = json.dumps(data)
    # An action's lists are measured before any card in them is parsed.
    monkeypatch.setattr(engine_actions, "parse_cards", _never)
    monkeypatch.setattr(Card, "parse", _never)
    seconds = cpu_seconds(
        lambda: refused(lambda: state_from_json(text), r"100,000 items.*max_items")
    )
    assert seconds < 1.0, seconds


def test_actions_are_decoded_only_when_the_replay_reaches_them() -> None:
    """Action 1 is illegal and action 2 is oversized: action 1's error is the
    one reported, since action 2 is never decoded."""
    data = finished_save()
    data["actions"][:0] = [
        {"type": "Discard", "card": "Kd"},
        {"type": "Show", "groups": ["As"] * 1_000},
    ]
    refused(lambda: state_from_dict(data), r"action 1 \(discard Kd\) is refused")


def test_tighter_limits_can_be_given() -> None:
    text = json.dumps(finished_save())
    refused(
        lambda: state_from_json(text, limits=Limits(max_actions=10)),
        "at most 10 actions",
    )
    refused(
        lambda: state_from_json(text, limits=Limits(max_bytes=100)),
        "too large",
    )
    assert state_from_json(text, limits=LIMITS).is_terminal


def test_a_text_larger_than_max_bytes_is_refused_before_decoding() -> None:
    blob = b"\xff" * (LIMITS.max_bytes + 1)
    seconds = cpu_seconds(lambda: refused(lambda: state_from_json(blob), "too large"))
    assert seconds < 1.0, seconds


# -- exceptions that used to escape ----------------------------------------------------------


def test_a_save_with_max_players_10_is_refused() -> None:
    data = indian_save()
    data["variant"]["options"]["max_players"] = 10
    refused(lambda: state_from_dict(data), "max_players")
    data["players"] = 10
    data["deal"]["seats"] = [True] * 10
    refused(lambda: state_from_dict(data), "max_players")


@pytest.mark.parametrize("players", [2, 3, 6])
def test_an_indian_record_loaded_as_the_standard_preset_is_refused(
    players: int,
) -> None:
    data = indian_save(players)
    data["variant"]["options"]["preset"] = "standard"
    refused(lambda: state_from_dict(data), "snapshot does not match")
    data["variant"]["options"] = {"preset": "standard"}
    refused(lambda: state_from_dict(data), "bad deal|bad variant")
    data["snapshot"]["variant"] = {"name": "indian", "options": {"preset": "standard"}}
    refused(lambda: state_from_dict(data), "bad deal|bad variant")


def test_a_save_without_a_snapshot_says_so() -> None:
    data = finished_save()
    del data["snapshot"]
    refused(lambda: state_from_dict(data), "the saved game has no snapshot")
    match = get_variant("rumino").new_match(players=3, seed=2)
    saved = json.loads(match_to_json(match))
    del saved["snapshot"]
    refused(
        lambda: match_from_json(json.dumps(saved)), "the saved match has no snapshot"
    )


# -- long records ----------------------------------------------------------------------------


def long_match(actions: int) -> Match:
    """A legal Classic match that runs to ``actions`` actions: every player
    draws from the stock and throws the card back, so hands stop at the
    engine's 5,000-action cap."""
    match = get_variant("classic", max_turnovers=None).new_match(
        players=2, seed=1, max_hands=1000
    )
    while len(match.actions) < actions and not match.is_terminal:
        seat = match.current_player
        assert seat is not None
        before = match.state.hands[seat]
        match = match.apply(DrawStock())
        after = match.state.hands[seat]
        drawn = [card for card in after if card not in before]
        match = match.apply(Discard(drawn[0] if drawn else next(iter(after))))
    return match


def test_the_long_match_fixture_is_what_long_match_makes() -> None:
    text = gzip.decompress((LONG / "match_10k_actions.json.gz").read_bytes())
    assert json.loads(text) == json.loads(match_to_json(long_match(10_000)))


def test_a_10k_action_match_loads_in_linear_time() -> None:
    text = gzip.decompress((LONG / "match_10k_actions.json.gz").read_bytes())
    loaded: list[Match] = []
    seconds = cpu_seconds(lambda: loaded.append(match_from_json(text)))
    assert len(loaded[0].actions) == 10_000
    assert seconds < 20.0, seconds


@pytest.mark.slow
def test_a_100k_action_match_loads_in_reasonable_time() -> None:
    text = gzip.decompress((LONG / "match_100k_actions.json.gz").read_bytes())
    loaded: list[Match] = []
    seconds = cpu_seconds(lambda: loaded.append(match_from_json(text)))
    assert len(loaded[0].actions) == 100_000
    assert loaded[0].hand_number == 21
    assert seconds < 120.0, seconds


# -- the command line ------------------------------------------------------------------------


def test_replay_checks_the_size_before_reading(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status: list[int] = []
    seconds = cpu_seconds(lambda: status.append(main(["replay", "/dev/zero"])))
    assert status == [2]
    assert "larger than 20,000,000 bytes" in capsys.readouterr().err
    assert seconds < 1.0, seconds


def test_replay_refuses_too_many_entries_without_parsing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "many.json"
    path.write_text('{"kind": "match", "x": [' + '"As", ' * 3_000_000 + "0]}")
    status: list[int] = []
    seconds = cpu_seconds(lambda: status.append(main(["replay", str(path)])))
    assert status == [2]
    assert "max_entries" in capsys.readouterr().err
    assert seconds < 1.0, seconds
