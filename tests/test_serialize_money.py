"""Saves bind everything that decides money, and may be signed.

A save's snapshot repeats the variant's options and holds the outcome with
every payment (and, for a match, the whole ledger), so editing the stake,
the rake or a payment is refused as corrupt.  With ``key=``, a save carries
an HMAC-SHA256 signature, and an edited, re-signed-elsewhere or unsigned
file is refused before any replay.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import get_variant
from rummykit.agents import GreedyAgent, play_hand, play_match
from rummykit.engine import State
from rummykit.errors import InvalidOptionError, InvalidStateError
from rummykit.match import Match
from rummykit.serialize import (
    VERSION,
    match_from_json,
    match_to_json,
    state_from_dict,
    state_from_json,
    state_to_dict,
    state_to_json,
)

KEY = b"a secret only the server knows"


def classic_hand() -> State:
    return play_hand(get_variant("classic"), [GreedyAgent(), GreedyAgent()], seed=4)


def indian_hand() -> State:
    agents = [GreedyAgent(), GreedyAgent(), GreedyAgent()]
    return play_hand(get_variant("indian"), agents, seed=4)


def played_match(hands: int = 2) -> Match:
    match = get_variant("classic").new_match(players=2, seed=5)
    bot = GreedyAgent()
    while len(match.results) < hands and not match.is_terminal:
        seat = match.current_player
        assert seat is not None
        view = match.view(seat)
        match = match.apply(bot.choose(view, view.legal_actions))
    return match


def edit(text: str, change: Callable[[dict[str, Any]], object]) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def options(data: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = data["variant"]["options"]
    return found


# -- the snapshot binds money ----------------------------------------------------------------


def test_a_finished_hands_stake_edited_from_1_to_1000_is_refused() -> None:
    state = classic_hand()
    assert state.is_terminal and state.outcome is not None
    assert state.outcome.payments
    text = state_to_json(state)
    assert options(json.loads(text))["stake"] == "1.00"
    edited = edit(text, lambda data: options(data).update(stake="1000"))
    with pytest.raises(InvalidStateError, match=r"snapshot does not match.*variant"):
        state_from_json(edited)


def test_an_indian_hands_rake_edited_from_4_to_0_is_refused() -> None:
    state = indian_hand()
    assert state.outcome is not None
    assert any(payment.rake > 0 for payment in state.outcome.payments)
    text = state_to_json(state)
    assert options(json.loads(text))["rake_pct"] == "4.00"
    edited = edit(text, lambda data: options(data).update(rake_pct="0"))
    with pytest.raises(InvalidStateError, match="snapshot does not match"):
        state_from_json(edited)


def test_the_snapshot_holds_the_outcome_and_every_payment() -> None:
    state = indian_hand()
    assert state.outcome is not None
    snapshot = json.loads(state_to_json(state))["snapshot"]
    payments = snapshot["outcome"]["payments"]
    assert len(payments) == len(state.outcome.payments)
    for saved, payment in zip(payments, state.outcome.payments, strict=True):
        assert Decimal(saved["money"]) == payment.money
        assert Decimal(saved["rake"]) == payment.rake
        assert saved["payer"] == payment.payer and saved["payee"] == payment.payee
    assert snapshot["variant"] == json.loads(state_to_json(state))["variant"]


def test_an_edited_payment_in_the_snapshot_is_refused() -> None:
    text = state_to_json(indian_hand())

    def pay_more(data: dict[str, Any]) -> None:
        data["snapshot"]["outcome"]["payments"][0]["money"] = "9999.00"

    with pytest.raises(InvalidStateError, match=r"\(outcome differ"):
        state_from_json(edit(text, pay_more))


def test_edited_running_scores_are_refused() -> None:
    text = state_to_json(classic_hand())
    edited = edit(text, lambda data: data.update(scores=[0, 90]))
    with pytest.raises(InvalidStateError, match="scores differ"):
        state_from_json(edited)


def test_an_unfinished_hands_stake_edit_is_refused_too() -> None:
    state = get_variant("classic").new_game(players=2, seed=3)
    state = state.apply(state.legal_actions()[0])
    edited = edit(state_to_json(state), lambda data: options(data).update(stake="50"))
    with pytest.raises(InvalidStateError, match="variant differ"):
        state_from_json(edited)


def test_a_matchs_stake_and_ledger_are_bound() -> None:
    match = played_match()
    assert match.ledger
    text = match_to_json(match)
    assert match_from_json(text) == match
    with pytest.raises(InvalidStateError, match="snapshot does not match"):
        match_from_json(edit(text, lambda data: options(data).update(stake="1000")))

    def move_money(data: dict[str, Any]) -> None:
        data["snapshot"]["ledger"][0]["money"] = "0.01"

    with pytest.raises(InvalidStateError, match=r"ledger"):
        match_from_json(edit(text, move_money))
    snapshot = json.loads(text)["snapshot"]
    assert [Decimal(amount) for amount in snapshot["money"]] == list(match.money)


@given(stake=st.integers(0, 10**6), other=st.integers(0, 10**6))
def test_any_stake_edit_of_a_finished_hand_is_refused(stake: int, other: int) -> None:
    variant = get_variant("classic", stake=stake)
    finished = play_hand(variant, [GreedyAgent(), GreedyAgent()], seed=4)
    text = state_to_json(finished)
    assert state_from_json(text) == finished
    edited = edit(text, lambda data: options(data).update(stake=str(other)))
    if other == stake:
        assert state_from_json(edited) == finished
    else:
        with pytest.raises(InvalidStateError):
            state_from_json(edited)


def test_a_gin_hands_decimal_stake_round_trips_exactly() -> None:
    # Gin Rummy's stake was a float: 0.1 a point paid 0.7000000000000001.
    variant = get_variant("gin", stake="0.10")
    finished = play_hand(variant, [GreedyAgent(), GreedyAgent()], seed=0)
    assert finished.outcome is not None and finished.outcome.payments
    text = state_to_json(finished)
    data = json.loads(text)
    assert options(data)["stake"] == "0.10"
    assert data["snapshot"]["outcome"]["payments"][0]["money"] == "0.70"
    loaded = state_from_json(text)
    assert loaded == finished
    stake = loaded.rules.stake  # type: ignore[attr-defined]
    assert isinstance(stake, Decimal) and str(stake) == "0.10"
    with pytest.raises(InvalidStateError, match="snapshot does not match"):
        state_from_json(edit(text, lambda data: options(data).update(stake="0.11")))


def test_a_gin_matchs_decimal_stake_and_bonuses_round_trip_exactly() -> None:
    variant = get_variant("gin", stake="0.37", target=25)
    match = play_match(variant, [GreedyAgent(), GreedyAgent()], seed=4)
    assert match.is_terminal and match.ledger[-1].reason.startswith("game bonus")
    text = match_to_json(match)
    assert options(json.loads(text))["stake"] == "0.37"
    loaded = match_from_json(text)
    assert loaded == match
    assert loaded.money == match.money == (Decimal("-111.00"), Decimal("111.00"))
    with pytest.raises(InvalidStateError, match="snapshot does not match"):
        match_from_json(edit(text, lambda data: options(data).update(stake="0.38")))


# -- signing ---------------------------------------------------------------------------------


def test_a_signed_save_round_trips_with_its_key() -> None:
    state = indian_hand()
    text = state_to_json(state, key=KEY)
    data = json.loads(text)
    assert data["version"] == VERSION == 2
    assert isinstance(data["signature"], str) and len(data["signature"]) == 64
    assert state_from_json(text, key=KEY) == state
    assert state_from_json(text) == state  # without a key the signature is not read
    assert state_from_dict(state_to_dict(state, key=KEY), key=KEY) == state


def test_a_signed_match_round_trips_and_refuses_edits() -> None:
    match = played_match()
    text = match_to_json(match, key=KEY)
    assert match_from_json(text, key=KEY) == match
    with pytest.raises(InvalidStateError, match="signature does not match"):
        match_from_json(text.replace('"seed": 5', '"seed": 6'), key=KEY)
    with pytest.raises(InvalidStateError, match="not signed"):
        match_from_json(match_to_json(match), key=KEY)


def test_a_tampered_signed_save_is_refused_even_with_a_consistent_snapshot() -> None:
    """Editing the stake and the snapshot together fools the snapshot check,
    not the signature."""
    state = classic_hand()
    text = state_to_json(state, key=KEY)

    def raise_stake(data: dict[str, Any]) -> None:
        options(data)["stake"] = "1000.00"
        data["snapshot"]["variant"]["options"]["stake"] = "1000.00"
        for payment in data["snapshot"]["outcome"]["payments"]:
            payment["money"] = str(Decimal(payment["money"]) * 1000)

    edited = edit(text, raise_stake)
    with pytest.raises(InvalidStateError, match="signature does not match"):
        state_from_json(edited, key=KEY)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda text: edit(text, lambda d: d.pop("signature")), "not signed"),
        (lambda text: edit(text, lambda d: d.update(signature=5)), "not signed"),
        (
            lambda text: edit(text, lambda d: d.update(signature="0" * 64)),
            "signature does not match",
        ),
        (
            lambda text: edit(text, lambda d: d.update(signature="é" * 64)),
            "signature does not match",
        ),
        (
            lambda text: edit(text, lambda d: d["actions"].pop()),
            "signature does not match",
        ),
        (
            lambda text: edit(text, lambda d: d.update(extra=1)),
            "signature does not match",
        ),
    ],
)
def test_an_unsigned_or_tampered_file_is_refused_with_a_key(
    make: Callable[[str], str], message: str
) -> None:
    text = state_to_json(classic_hand(), key=KEY)
    with pytest.raises(InvalidStateError, match=message):
        state_from_json(make(text), key=KEY)


def test_a_file_signed_with_another_key_is_refused() -> None:
    text = state_to_json(classic_hand(), key=b"another key")
    with pytest.raises(InvalidStateError, match="signature does not match"):
        state_from_json(text, key=KEY)


@pytest.mark.parametrize("key", [b"", "text key", 5, [1]])
def test_a_key_must_be_non_empty_bytes(key: Any) -> None:
    state = classic_hand()
    with pytest.raises(InvalidOptionError, match="key must be non-empty bytes"):
        state_to_json(state, key=key)
    with pytest.raises(InvalidOptionError, match="key must be non-empty bytes"):
        state_from_json(state_to_json(state, key=KEY), key=key)
