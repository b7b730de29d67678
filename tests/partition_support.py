"""Checks shared by the partitioner's test modules.

:func:`check_grouping_and_value` asks the three public functions about one
hand (the grouping, with or without a discard, and the value alone) and
checks that the grouping is valid and that all reach the value expected;
:func:`check_against_brute_force` does it with the brute force's values.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st

from rummykit import Card, Hand
from rummykit.partition import best_discard, deadwood, partition
from tests.test_partition import Setup, check_result, forbidden_cards


def check_grouping_and_value(
    setup: Setup,
    hand: Hand,
    expected: int,
    *,
    forbidden: Sequence[Card] | None = None,
) -> None:
    """``partition`` of ``hand`` (or, given ``forbidden``, ``best_discard``
    with those cards forbidden) scores ``expected`` with a valid grouping,
    and ``deadwood`` says the same."""
    discarding = forbidden is not None
    banned = list(forbidden or ())
    rules, points = setup.rules, setup.points
    wild_rank, requirement = setup.wild_rank, setup.requirement
    if discarding:
        result = best_discard(
            hand,
            rules,
            points,
            forbidden=banned,
            wild_rank=wild_rank,
            requirement=requirement,
        )
    else:
        result = partition(
            hand, rules, points, wild_rank=wild_rank, requirement=requirement
        )
    assert result.points == expected, str(result)
    check_result(result, hand, setup, discarding=discarding, forbidden=banned)
    value = deadwood(
        hand,
        rules,
        points,
        discard=discarding,
        forbidden=banned,
        wild_rank=wild_rank,
        requirement=requirement,
    )
    assert value == expected


def check_against_brute_force(setup: Setup, hand: Hand, data: st.DataObject) -> None:
    """:func:`check_grouping_and_value` with the brute force's values: the
    hand as it is, then (if it holds a card) the best discard with some
    cards forbidden, drawn from ``data``."""
    scorer = setup.scorer(hand)
    check_grouping_and_value(setup, hand, scorer.points_of_hand())
    if not hand:
        return
    forbidden = data.draw(forbidden_cards(hand))
    check_grouping_and_value(
        setup, hand, scorer.best_discard(forbidden), forbidden=forbidden
    )
