"""The quick lanes for small hands, against the brute force in bruteforce.py.

:func:`~rummykit.partition.deadwood` answers a hand of distinct natural cards
(most Gin hands) without the entry points' full argument handling, and with
a shortcut when one rank holds a set.  These tests aim at what the shortcut
decides: hands built around three or four cards of a rank that runs also
want, under every set size the rules allow.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import Card, DeckSpec, Hand, MeldRules
from rummykit.partition import PointValues, _fast, deadwood, partition
from tests.bruteforce import Scorer
from tests.test_partition import PROPERTY, meldy_hands

SET_RULES = [
    MeldRules(),
    MeldRules(max_set=3),
    MeldRules(max_set=None),
    MeldRules(min_set=4),
    MeldRules(ace_high=True, max_run=4),
    MeldRules(min_set=1, max_set=2, min_naturals_per_meld=3),
]


@st.composite
def crowded_hands(draw: st.DrawFn, size: int = 10) -> Hand:
    """A hand of distinct cards with three or four cards of one rank, and runs
    of other suits' cards through that rank or beside it."""
    rank = draw(st.integers(0, 12))
    suits = draw(st.lists(st.integers(0, 3), min_size=3, max_size=4, unique=True))
    codes = {suit * 13 + rank for suit in suits}
    near = [
        suit * 13 + r
        for suit in range(4)
        for r in range(max(0, rank - 3), min(13, rank + 4))
    ]
    codes |= set(draw(st.lists(st.sampled_from(near), max_size=size)))
    codes |= set(draw(st.lists(st.integers(0, 51), max_size=3)))
    kept = sorted(codes)[:size] if draw(st.booleans()) else sorted(codes)[-size:]
    return Hand(Card.from_code(code) for code in kept)


@pytest.mark.parametrize("rules", SET_RULES, ids=str)
@PROPERTY
@given(
    hand=crowded_hands(),
    points=st.sampled_from([PointValues(), PointValues.gamentio()]),
)
def test_quick_deadwood_matches_brute_force_on_crowded_ranks(
    rules: MeldRules, hand: Hand, points: PointValues
) -> None:
    expected = Scorer(hand.cards, rules, points).points_of_hand()
    assert deadwood(hand, rules, points) == expected
    assert partition(hand, rules, points).points == expected


@PROPERTY
@given(data=st.data())
def test_quick_deadwood_matches_brute_force_on_gin_hands(data: st.DataObject) -> None:
    hand = data.draw(meldy_hands(DeckSpec(), None, max_size=10))
    expected = Scorer(hand.cards, MeldRules(), PointValues()).points_of_hand()
    assert deadwood(hand) == expected
    assert deadwood(hand, MeldRules(), PointValues()) == expected


def test_quick_lane_refuses_what_the_entry_points_refuse() -> None:
    # Arguments of the wrong type take the long way and its error.
    with pytest.raises(ValueError, match="rules must be a MeldRules"):
        deadwood(Hand.parse("As 2s 3s"), "gin")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="points must be a PointValues"):
        deadwood(Hand.parse("As 2s 3s"), None, 3)  # type: ignore[arg-type]
    # Copies and jokers are not for the quick lane; the answer stays exact.
    assert deadwood(Hand.parse("As As 2s 3s")) == 1
    assert deadwood(Hand.parse("As Jk 3s 9d")) == 9


def test_quick_lane_keeps_a_bounded_number_of_rule_sets() -> None:
    hand = Hand.parse("As 2s 3s 4h 5h 6h 9c 9d 9s Kd")
    for _ in range(3 * _fast.QUICK_KEPT):
        rules = MeldRules(max_run=4)  # equal, but a new object each time
        assert deadwood(hand, rules, PointValues()) == 10
        assert len(_fast._QUICK) <= _fast.QUICK_KEPT
