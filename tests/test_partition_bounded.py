"""The bounded search (``Search.least`` and ``Search.first``) against the
exact search it prunes (``Search.best``).

The bounded search tries melds first and never follows deadwood past the
best grouping found so far.  On every family of rules (jokers, copies, wild
ranks, requirements, forbidden discards), and on hands larger than the brute
force can take, its value must be the exact search's, below any bound it is
given, and the grouping it builds must reach that value.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import Hand, Rank
from rummykit.partition import best_discard, deadwood
from rummykit.partition._search import INF, Search
from rummykit.variants import IndianRummy
from tests.test_partition import (
    FAMILIES,
    PROPERTY,
    Setup,
    check_result,
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
    result = best_discard(
        hand, rules, points, wild_rank=wild_rank, requirement=requirement
    )
    assert result.points == expected, str(result)
    setup = Setup(rules, points, variant.deck, wild_rank, requirement)
    check_result(result, hand, setup, discarding=True, forbidden=[])
    value = deadwood(
        hand,
        rules,
        points,
        wild_rank=wild_rank,
        requirement=requirement,
        discard=True,
    )
    assert value == expected


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
    result = best_discard(
        hand, rules, points, wild_rank=Rank.ACE, requirement=requirement
    )
    assert result.points == exact == 3
    setup = Setup(rules, points, variant.deck, Rank.ACE, requirement)
    check_result(result, hand, setup, discarding=True, forbidden=[])
