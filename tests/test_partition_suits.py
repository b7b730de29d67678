"""The suit-table path (``partition/_suits.py``) against the general search.

On small hands both are checked against the brute force by
``tests/test_partition.py`` (``deadwood`` takes the suit-table path whenever
it applies); here full-size hands of every variant's rules, and random
rules, are compared with the general search, which is itself checked
against the brute force.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import Hand, MeldRules, Requirement
from rummykit.partition import MAX_HAND_SIZE, PointValues, _suits
from rummykit.partition._search import Search
from rummykit.partition._types import _fallback_value
from rummykit.variants import IndianRummy, Rumino
from tests.test_partition import (
    FAMILIES,
    PROPERTY,
    Setup,
    forbidden_cards,
    setup_and_hand,
)

VARIANT_FAMILIES = ["rumino", "indian_gamentio", "indian_standard", "random_rules"]


def _reference(hand: Hand, setup: Setup, forbidden: frozenset[int] | None) -> int:
    """What the general search scores, with the fallback and the cap."""
    search = Search(
        hand.codes,
        setup.rules,
        setup.points,
        setup.wild_rank,
        setup.requirement,
        forbidden or frozenset(),
    )
    found = search.best(forbidden is not None)
    requirement = setup.requirement
    if requirement is None:
        return found
    value = min(
        found, _fallback_value(hand.codes, setup.points, setup.wild_rank, forbidden)
    )
    return value if requirement.cap is None else min(value, requirement.cap)


def _suit_value(hand: Hand, setup: Setup, forbidden: frozenset[int] | None) -> int:
    bound = _fallback_value(hand.codes, setup.points, setup.wild_rank, forbidden)
    requirement = setup.requirement
    if requirement is not None and requirement.cap is not None:
        bound = min(bound, requirement.cap)
    return _suits.value(
        hand.codes,
        setup.rules,
        setup.points,
        setup.wild_rank,
        requirement,
        forbidden,
        bound,
    )


@pytest.mark.parametrize("family", VARIANT_FAMILIES)
@PROPERTY
@given(data=st.data())
def test_suit_tables_agree_with_the_general_search(
    family: str, data: st.DataObject
) -> None:
    setup, hand = data.draw(setup_and_hand(family, MAX_HAND_SIZE))
    if not _suits.applies(setup.rules, setup.points, setup.requirement):
        return
    discarding = bool(hand) and data.draw(st.booleans())
    forbidden = (
        frozenset(card.code for card in data.draw(forbidden_cards(hand)))
        if discarding
        else None
    )
    try:
        value = _suit_value(hand, setup, forbidden)
    except _suits.TooManySets:
        return  # the general search answers such hands
    assert value == _reference(hand, setup, forbidden), str(hand)


@pytest.mark.parametrize(
    "variant",
    [
        IndianRummy(),
        IndianRummy(preset="standard"),
        IndianRummy(wild_natural_is_pure=False),
        Rumino(),
        Rumino(set_distinct_suits=True, ace_high=True, max_run=None),
    ],
    ids=repr,
)
def test_the_variants_rules_take_the_suit_table_path(
    variant: IndianRummy | Rumino,
) -> None:
    assert _suits.applies(variant.meld_rules, variant.point_values, variant.requirement)


def test_rules_outside_the_path_are_left_to_the_general_search() -> None:
    points = PointValues()
    assert not _suits.applies(MeldRules(wrap=True), points, None)
    assert not _suits.applies(MeldRules(max_jokers_per_run=1), points, None)
    assert not _suits.applies(MeldRules(min_naturals_per_meld=0), points, None)
    long_life = Requirement(min_sequences=1, long_sequence=4)
    assert not _suits.applies(MeldRules(), points, long_life)
    life = Requirement(min_sequences=1, min_pure_sequences=1)
    assert not _suits.applies(MeldRules(), PointValues(joker=10), life)
    assert _suits.applies(MeldRules(), points, life)


def test_too_many_set_choices_fall_back() -> None:
    # Four of each of three ranks, two jokers: thousands of set collections.
    hand = Hand.parse("8s 9s Js 8h 9h Jh 8d 9d Jd 8c 9c Jc Jk Jk")
    rules = MeldRules(max_run=4, set_distinct_suits=True)
    with pytest.raises(_suits.TooManySets):
        _suits.value(hand.codes, rules, PointValues(), None, None, frozenset())


def test_every_family_is_known() -> None:
    assert set(VARIANT_FAMILIES) <= set(FAMILIES)
