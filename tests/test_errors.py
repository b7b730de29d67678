"""Every deliberate error is a RummyError (and a ValueError): hostile input
reaches each public entry point and gets a result or a RummyError, never a
TypeError, IndexError, OverflowError or RecursionError."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummykit import (
    VARIANTS,
    Card,
    DeckSpec,
    Hand,
    IllegalActionError,
    InvalidCardError,
    InvalidOptionError,
    InvalidStateError,
    Meld,
    MeldRules,
    PointValues,
    Requirement,
    RummyError,
    Variant,
    all_partitions,
    best_discard,
    deadwood,
    engine,
    find_variant,
    get_variant,
    money,
    parse_cards,
    partition,
    sorted_for_display,
)
from rummykit.errors import QUOTE_LIMIT, quoted
from rummykit.serialize import (
    action_from_dict,
    match_from_json,
    state_from_dict,
    state_from_json,
    state_to_json,
)

# Scalars a JSON client can send, plus the awkward Python ones a caller can.
_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([10**400, -(10**400), 2**63, 2**64, -1, 0, 1, 2, 3, 13, 99])
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20)
    | st.sampled_from(["", "As", "Jk", "10h", "As 2s 3s", "indian", "3", "gamentio"])
)
JSON = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
ANY = JSON | st.text()

FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _result_or_rummy_error(call: Callable[[], object]) -> object:
    """Run ``call``: a result, or a RummyError that is also a ValueError."""
    try:
        return call()
    except RummyError as error:
        assert isinstance(error, ValueError), type(error)
        assert len(str(error)) < 2_000, "a message quotes its input whole"
        return error


def test_every_error_class_is_a_rummy_error_and_a_value_error() -> None:
    for error in (
        InvalidCardError,
        InvalidOptionError,
        InvalidStateError,
        IllegalActionError,
    ):
        assert issubclass(error, RummyError)
        assert issubclass(error, ValueError)


# -- the cases the hostile-input probe found ------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: get_variant("nosuch"),
        lambda: find_variant(None),  # type: ignore[arg-type]
        lambda: get_variant("classic").new_game(players=1),
        lambda: get_variant("classic").new_game(players=99),
        lambda: get_variant("classic").new_game(players="3"),  # type: ignore[arg-type]
        lambda: get_variant("classic").new_game(players=True),
        lambda: get_variant("classic").new_game(players=3, dealer=5),
        lambda: get_variant("classic").new_game(players=3, seed=[1]),  # type: ignore[arg-type]
        lambda: get_variant("classic").new_game(players=3, seed=-1),
        lambda: get_variant("classic").new_game(players=3, rng=7),  # type: ignore[arg-type]
        lambda: get_variant("classic").new_game(players=2, seed=1).view(5),
        lambda: get_variant("classic").new_game(players=2, seed=1).view("0"),  # type: ignore[arg-type]
        lambda: MeldRules(min_run=-3),
        lambda: get_variant("classic").new_match(players=2, max_hands=0),
        lambda: get_variant("indian", max_players=8),
        lambda: get_variant("indian", preset="standard", decks=2, max_players=9),
        lambda: get_variant("rumino", knock_limit=10**400),
        lambda: DeckSpec(decks=0),
        lambda: sorted_for_display(Hand.parse("As"), by="colour"),
    ],
)
def test_bad_arguments_raise_invalid_option_error(call: Callable[[], object]) -> None:
    with pytest.raises(InvalidOptionError):
        call()


def test_indian_max_players_is_what_one_deck_can_deal() -> None:
    """Seven players take 49 of 52 cards, leaving the cut joker and the upcard;
    an eighth cannot be dealt, so the option is refused when it is set."""
    variant = get_variant("indian", max_players=7)
    state = variant.new_game(players=7, seed=3)
    assert len(state.stock) + len(state.pile) + len(state.out_of_play) == 3
    with pytest.raises(InvalidOptionError, match=r"max_players must be .* from 2 to 7"):
        get_variant("indian", max_players=8)


def test_indian_standard_seats_what_three_decks_can_deal() -> None:
    """A standard table of 7 or more plays three decks (158 cards): twelve
    players take 156 at 13 each, leaving the indicator and the upcard."""
    assert get_variant("indian", preset="standard", max_players=12).deck.size == 158
    with pytest.raises(
        InvalidOptionError, match=r"max_players must be .* from 2 to 12"
    ):
        get_variant("indian", preset="standard", max_players=13)


@pytest.mark.parametrize(
    "data",
    [None, [1, 2], "text", 5, {"kind": "state"}, {"format": "rummykit"}],
)
def test_state_from_dict_refuses_what_is_not_a_save(data: Any) -> None:
    with pytest.raises(InvalidStateError):
        state_from_dict(data)


def test_state_from_dict_refuses_deep_nesting() -> None:
    deep: list[object] = []
    for _ in range(5_000):
        deep = [deep]
    with pytest.raises(InvalidStateError):
        state_from_dict(deep)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        state_from_dict({"format": "rummykit", "kind": "state", "deal": deep})


def test_a_message_quotes_at_most_a_short_part_of_its_input() -> None:
    huge = "x" * 10_000_000
    for call in (
        lambda: get_variant(huge),
        lambda: get_variant("rumino", knock_timing=huge),
        lambda: Card.parse(huge),
        lambda: get_variant("classic").new_game(players=2, seed=huge),  # type: ignore[arg-type]
        lambda: get_variant("classic").new_game(players=2, seed=1).apply(huge),  # type: ignore[arg-type]
    ):
        with pytest.raises(RummyError) as caught:
            call()
        assert len(str(caught.value)) < 400
    assert len(quoted(list(range(10**6)))) <= QUOTE_LIMIT


def test_a_refused_action_in_a_save_is_quoted_short() -> None:
    document = json.loads(state_to_json(get_variant("indian").new_game(2, seed=1)))
    group = " ".join(["3h"] * 3000)
    document["actions"] = [{"type": "Declare", "finish": "Kd", "groups": [group] * 20}]
    text = json.dumps(document)
    assert len(text) > 100_000
    with pytest.raises(InvalidStateError, match=r"action 1 .* is refused") as caught:
        state_from_json(text)
    assert len(str(caught.value)) < 600


# -- the property: every public entry point, arbitrary input ----------------------


_STATE = get_variant("classic").new_game(players=2, seed=1)
_INDIAN = get_variant("indian").new_game(players=2, seed=1)
_ACTIONS = [
    cls
    for cls in vars(engine).values()
    if isinstance(cls, type)
    and issubclass(cls, engine.Action)
    and cls is not engine.Action
]


@FUZZ
@given(value=ANY)
def test_card_parsing_takes_anything(value: Any) -> None:
    for call in (Card.parse, Hand.parse, parse_cards, Hand, Card.from_code):
        _result_or_rummy_error(lambda call=call: call(value))  # type: ignore[misc]
    _result_or_rummy_error(lambda: Card.of(value, "s"))
    _result_or_rummy_error(lambda: Card.of(1, value))
    _result_or_rummy_error(lambda: sorted_for_display(Hand.parse("As 2h"), by=value))


@FUZZ
@given(name=ANY, option=st.text(max_size=12) | st.sampled_from(["x"]), value=ANY)
def test_get_variant_takes_any_name(name: Any, option: str, value: Any) -> None:
    _result_or_rummy_error(lambda: find_variant(name))
    _result_or_rummy_error(lambda: get_variant(name))
    _result_or_rummy_error(lambda: get_variant(name, **{option: value}))


@FUZZ
@given(
    variant=st.sampled_from(VARIANTS),
    data=st.data(),
    value=ANY,
)
def test_every_option_takes_any_value(
    variant: type[Any], data: st.DataObject, value: Any
) -> None:
    option = data.draw(st.sampled_from([field.name for field in attrs.fields(variant)]))
    result = _result_or_rummy_error(
        lambda: get_variant(variant.name, **{option: value})
    )
    if isinstance(result, Variant):
        # A variant that accepts the option deals and lists its actions.
        state = _result_or_rummy_error(lambda: result.new_game(players=2, seed=0))
        if isinstance(state, engine.State):
            assert state.legal_actions()


@FUZZ
@given(
    variant=st.sampled_from(VARIANTS),
    players=ANY,
    seed=ANY,
    dealer=ANY,
    deck=ANY,
    seats=ANY,
)
def test_new_game_takes_any_arguments(
    variant: type[Any], players: Any, seed: Any, dealer: Any, deck: Any, seats: Any
) -> None:
    rules = variant()
    _result_or_rummy_error(lambda: rules.new_game(players, seed=seed))
    _result_or_rummy_error(lambda: rules.new_game(2, seed=0, dealer=dealer))
    _result_or_rummy_error(lambda: rules.new_game(2, deck=deck))
    _result_or_rummy_error(lambda: rules.new_game(3, seed=0, seats=seats))
    _result_or_rummy_error(lambda: rules.new_game(2, rng=seed))
    _result_or_rummy_error(
        lambda: rules.new_match(players, seed=seed, max_hands=dealer)
    )


@FUZZ
@given(value=ANY, other=ANY)
def test_a_state_takes_any_seat_and_any_action(value: Any, other: Any) -> None:
    for state in (_STATE, _INDIAN):
        _result_or_rummy_error(lambda state=state: state.view(value))  # type: ignore[misc]
        _result_or_rummy_error(lambda state=state: state.apply(value))  # type: ignore[misc]
        _result_or_rummy_error(lambda state=state: state.is_legal(value))  # type: ignore[misc]
        _result_or_rummy_error(lambda state=state: state.discard(value))  # type: ignore[misc]
    for cls in _ACTIONS:
        fields = attrs.fields(cls)
        if not fields:
            continue
        given_ = [value, other]
        arguments = {
            field.name: given_[index % 2] for index, field in enumerate(fields)
        }
        action = _result_or_rummy_error(
            lambda cls=cls, arguments=arguments: cls(**arguments)  # type: ignore[misc]
        )
        if isinstance(action, engine.Action):
            _result_or_rummy_error(lambda action=action: _STATE.apply(action))  # type: ignore[misc]
            str(action)


@FUZZ
@given(value=ANY, rules=ANY, extra=ANY)
def test_melds_and_partitions_take_anything(value: Any, rules: Any, extra: Any) -> None:
    _result_or_rummy_error(lambda: Meld.build(value, MeldRules()))
    _result_or_rummy_error(lambda: Meld.build("As 2s 3s", rules))
    _result_or_rummy_error(lambda: partition(value))
    _result_or_rummy_error(lambda: deadwood(value))
    _result_or_rummy_error(lambda: best_discard(value))
    _result_or_rummy_error(lambda: partition("As 2s 3s 5d", wild_rank=value))
    _result_or_rummy_error(lambda: partition("As 2s 3s 5d", rules=rules))
    _result_or_rummy_error(lambda: get_variant("indian").partition(value))
    for cls in (MeldRules, Requirement, DeckSpec, PointValues):
        for field in attrs.fields(cls):
            _result_or_rummy_error(
                lambda cls=cls, name=field.name: cls(**{name: value})  # type: ignore[misc]
            )
    _result_or_rummy_error(lambda: MeldRules(min_run=value, max_run=extra))
    _result_or_rummy_error(lambda: Requirement(min_sequences=value, cap=extra))
    _result_or_rummy_error(lambda: DeckSpec(decks=value, jokers=extra))
    _result_or_rummy_error(lambda: PointValues(ranks=value, joker=extra))


_AMOUNTS = (
    ANY
    | st.decimals(allow_nan=True, allow_infinity=True)
    | st.integers(min_value=-(10**80), max_value=10**80)
)


@FUZZ
@given(value=_AMOUNTS, other=_AMOUNTS)
def test_the_money_helpers_take_anything(value: Any, other: Any) -> None:
    for call in (
        lambda: money.to_money(value),
        lambda: money.percentage(value),
        lambda: money.scale(value, other),
        lambda: money.rake(value, other),
        lambda: money.split(value, other),
        lambda: money.total([value, other]),
        lambda: money.money_text(value),
    ):
        _result_or_rummy_error(call)


def test_the_money_helpers_name_what_they_refuse() -> None:
    with pytest.raises(money.InvalidMoneyError, match="1 to 1000 parts, not 0"):
        money.split(Decimal("1.00"), 0)
    with pytest.raises(money.InvalidMoneyError, match="1 to 1000 parts, not '3'"):
        money.split(Decimal("1.00"), "3")  # type: ignore[arg-type]
    with pytest.raises(money.InvalidMoneyError, match="rake_pct must be a Decimal"):
        money.rake(Decimal("1.00"), "abc")  # type: ignore[arg-type]
    with pytest.raises(money.InvalidMoneyError, match="amount must be a Decimal"):
        money.money_text("abc")  # type: ignore[arg-type]
    with pytest.raises(money.InvalidMoneyError, match="amount must be a finite"):
        money.total([Decimal("NaN")])
    with pytest.raises(
        money.InvalidMoneyError, match=r"a percentage \(at most 2 decimal places\)"
    ):
        money.percentage("3.333", "IndianRummy.rake_pct")


@FUZZ
@given(value=ANY)
def test_loading_takes_anything(value: Any) -> None:
    _result_or_rummy_error(lambda: state_from_dict(value))
    _result_or_rummy_error(lambda: action_from_dict(value))
    text = json.dumps(value) if not isinstance(value, str) else value
    _result_or_rummy_error(lambda: state_from_json(text))
    _result_or_rummy_error(lambda: match_from_json(text))
    _result_or_rummy_error(lambda: state_from_json(text.encode("utf-8", "replace")))


@FUZZ
@given(data=st.data())
def test_a_real_save_with_any_field_replaced_is_loaded_or_refused(
    data: st.DataObject,
) -> None:
    state = get_variant("indian").new_game(players=3, seed=2)
    for _ in range(4):
        state = state.apply(state.legal_actions()[0])
    saved = json.loads(__import__("rummykit.serialize").serialize.state_to_json(state))
    target = saved
    path = data.draw(st.lists(st.integers(0, 10), min_size=1, max_size=3))
    for step in path:
        keys = list(target) if isinstance(target, dict) else list(range(len(target)))
        if not keys:
            break
        key = keys[step % len(keys)]
        child = target[key]
        if step == path[-1] or not isinstance(child, (dict, list)) or not child:
            target[key] = data.draw(ANY)
            break
        target = child
    _result_or_rummy_error(lambda: state_from_dict(saved))


def test_random_module_is_not_touched_by_refused_calls() -> None:
    """A refused new_game leaves the caller's generator where it was."""
    rng = random.Random(5)
    before = rng.getstate()
    with pytest.raises(InvalidOptionError):
        get_variant("classic").new_game(players=2, rng=rng, dealer=7)
    assert rng.getstate() == before


def test_best_discard_of_nothing_says_why() -> None:
    """``best_discard("")`` said "no card of  may be discarded"."""
    empty = "the hand is empty, so no card may be discarded"
    for call, where in (
        (lambda: best_discard(""), "best_discard"),
        (lambda: get_variant("classic").best_discard(Hand()), "best_discard"),
        (lambda: deadwood("", discard=True), "deadwood"),
        (lambda: all_partitions("", discard=True), "all_partitions"),
        (
            lambda: get_variant("classic").all_partitions(Hand(), discard=True),
            "all_partitions",
        ),
    ):
        with pytest.raises(InvalidCardError) as refused:
            call()
        assert str(refused.value) == f"{where}: {empty}"
    with pytest.raises(InvalidCardError) as refused:
        best_discard("Kd Kd", forbidden=["Kd"])
    assert str(refused.value) == (
        "best_discard: every card of Kd Kd is forbidden, so none may be discarded"
    )
    with pytest.raises(InvalidCardError) as refused:
        all_partitions("Kd Kd", discard=True, forbidden=["Kd"])
    assert str(refused.value) == (
        "all_partitions: every card of Kd Kd is forbidden, so none may be discarded"
    )
