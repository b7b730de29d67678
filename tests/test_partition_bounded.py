"""The bounded search (``Search.least`` and ``Search.first``) against the
exact search it prunes (``Search.best``).

The bounded search tries melds first and never follows deadwood past the
best grouping found so far.  On every family of rules (jokers, copies, wild
ranks, requirements, forbidden discards), and on hands larger than the brute
force can take, its value must be the exact search's, below any bound it is
given, and the grouping it builds must reach that value.
"""

from __future__ import annotations

import gc

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import Hand, MeldRules, PointValues, Rank, Requirement
from rummykit.partition._search import Search
from rummykit.partition._types import INF
from rummykit.variants import IndianRummy
from tests.bruteforce import brute_best_discard, brute_points
from tests.partition_support import check_grouping_and_value
from tests.test_partition import (
    FAMILIES,
    PROPERTY,
    Setup,
    forbidden_cards,
    meldy_hands,
    setup_and_hand,
)


@pytest.mark.parametrize("family", FAMILIES)
@PROPERTY
@given(data=st.data())
def test_the_bounded_search_finds_the_exact_value(
    family: str, data: st.DataObject
) -> None:
    setup, hand = data.draw(setup_and_hand(family, max_size=14))
    discarding = bool(hand) and data.draw(st.booleans())
    forbidden = data.draw(forbidden_cards(hand)) if discarding else []
    banned = frozenset(card.code for card in forbidden)

    def search() -> Search:
        return Search(
            hand.codes,
            setup.rules,
            setup.points,
            setup.wild_rank,
            setup.requirement,
            banned,
        )

    exact = search().best(discarding)
    probe = search()
    if not probe.bounded_applies():
        return
    assert probe.least(discarding) == exact
    alpha = data.draw(st.integers(0, 60))
    bounded = search().least(discarding, alpha)
    if exact < alpha:
        assert bounded == exact
    else:
        assert bounded >= alpha
    found, steps, take, state, thrown = search().first(discarding)
    assert found == exact
    if exact < INF:
        grown = search()
        grown.first(discarding)
        melds, dead, _ = grown.build(steps, take)
        dead += grown.isolated_cards(state, thrown)
        assert all(meld.cards for meld in melds)
        points = sum(setup.points.of(card, wild_rank=setup.wild_rank) for card in dead)
        assert points == exact


@pytest.mark.parametrize("preset", ["gamentio", "standard"])
@PROPERTY
@given(data=st.data())
def test_indian_fourteen_card_hands_score_what_the_exact_search_scores(
    preset: str, data: st.DataObject
) -> None:
    # Too large for the brute force: the exact search is the reference.
    variant = IndianRummy(preset=preset)
    wild_rank = Rank(data.draw(st.integers(1, 13)))
    hand = data.draw(meldy_hands(variant.deck, wild_rank, max_size=14))
    if not hand:
        return
    rules, points, requirement = (
        variant.meld_rules,
        variant.point_values,
        variant.requirement,
    )
    exact = Search(hand.codes, rules, points, wild_rank, requirement, frozenset()).best(
        True
    )
    values = [points.of(card, wild_rank=wild_rank) for card in hand]
    expected = min(exact, sum(values) - max(values))
    if requirement.cap is not None:
        expected = min(expected, requirement.cap)
    setup = Setup(rules, points, variant.deck, wild_rank, requirement)
    check_grouping_and_value(setup, hand, expected, forbidden=[])


def test_a_hand_with_many_set_choices_scores_its_exact_value() -> None:
    variant = IndianRummy(preset="standard")
    hand = Hand.parse("As Qs Qs Ks Th Qh Kh Ad 3d Jd Qd Kd Ac Kc")
    rules, points, requirement = (
        variant.meld_rules,
        variant.point_values,
        variant.requirement,
    )
    exact = Search(hand.codes, rules, points, Rank.ACE, requirement, frozenset()).best(
        True
    )
    assert exact == 3
    setup = Setup(rules, points, variant.deck, Rank.ACE, requirement)
    check_grouping_and_value(setup, hand, 3, forbidden=[])


@pytest.mark.parametrize(
    ("text", "rules", "wild_rank", "requirement"),
    [
        (
            "As 4s Js Qs 2h 8h Ad 2d 7d 7d Jd Qd Jc Kc",
            MeldRules(
                ace_high=True,
                set_distinct_suits=False,
                min_run=2,
                min_naturals_per_meld=1,
            ),
            Rank.SEVEN,
            Requirement(min_sequences=3, min_pure_sequences=1),
        ),
        (
            "3s 8s Ts Qs 9h Jh 5d Jd Jd Qd Ac 3c Jc Jk",
            MeldRules(min_run=2, min_naturals_per_meld=1),
            Rank.FIVE,
            Requirement(min_sequences=2, min_pure_sequences=1),
        ),
    ],
)
def test_a_bound_of_zero_is_never_read_as_a_value_of_zero(
    text: str, rules: MeldRules, wild_rank: Rank, requirement: Requirement
) -> None:
    """Once a meld's first joker count leaves nothing unmelded, its next
    count must not be searched with a bound of 0: that search's answer, "at
    least 0", was once kept as the exact value 0, and these hands scored 2
    (their value) or raised ``StopIteration`` (their grouping).  The brute
    force scores both 3."""
    hand = Hand.parse(text)
    points = PointValues.counting()
    assert (
        brute_points(
            hand.cards, rules, points, wild_rank=wild_rank, requirement=requirement
        )
        == 3
    )
    for discarding in (False, True):
        search = Search(hand.codes, rules, points, wild_rank, requirement, frozenset())
        assert search.least(discarding) == search.best(discarding)
    setup = Setup(
        rules, points, IndianRummy(preset="standard").deck, wild_rank, requirement
    )
    check_grouping_and_value(setup, hand, 3)
    best = brute_best_discard(
        hand.cards, rules, points, wild_rank=wild_rank, requirement=requirement
    )
    check_grouping_and_value(setup, hand, best, forbidden=[])


def test_searches_leave_no_reference_cycles_behind() -> None:
    # Each call's tables are freed when it returns, not by the cyclic garbage
    # collector: the RL environments call the partitioner on every step.
    variant = IndianRummy(preset="standard")
    hands = [
        ("As Qs Qs Ks Th Qh Kh Ad 3d Jd Qd Kd Ac Kc", Rank.ACE),  # exact search
        ("Qs Ks As 2h 3h 4h 5c 6c 7c 9d 9h 9s Kc Jk", Rank.FIVE),  # cover path
        ("3s Js Qs 3h 6h Jh Qh 8d Jd Qd Kd 7c Jc Qc", Rank.QUEEN),  # no life
    ]
    for text, wild_rank in hands:  # warm up the caches
        variant.best_discard(Hand.parse(text), wild_rank=wild_rank)
    gc.collect()
    gc.disable()
    try:
        for text, wild_rank in hands:
            hand = Hand.parse(text)
            assert variant.best_discard(hand, wild_rank=wild_rank).melds is not None
            variant.deadwood(hand, wild_rank=wild_rank, discard=True)
            variant.partition(hand.remove(hand.cards[0]), wild_rank=wild_rank)
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_a_released_search_answers_nothing_more() -> None:
    variant = IndianRummy(preset="standard")
    hand = Hand.parse("As Qs Qs Ks Th Qh Kh Ad 3d Jd Qd Kd Ac Kc")
    rules, points = variant.meld_rules, variant.point_values
    with Search(hand.codes, rules, points, Rank.ACE, None, frozenset()) as search:
        assert search.least(True) == search.best(True)
    with pytest.raises(RuntimeError, match="released"):
        search.best(True)
