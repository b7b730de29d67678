"""Each variant's partitioner calls against the brute force, on hands drawn
the way that variant's own play makes them: two decks, jokers, a wild rank
and the variant's requirement, from a narrow slice of the deck so that melds,
copies and jokers compete for the same cards.

The broad properties in ``test_partition.py`` draw rules and hands widely;
these draw few kinds of hand, but many of them, so that rare shapes (a wild
card completing a pure run in its own suit, several spare jokers, a run still
owed with jokers to spare) come up in every run.
"""

from __future__ import annotations

import random

import pytest

from rummykit import Hand, Rank, get_variant
from rummykit.variants import Variant
from tests.bruteforce import Scorer
from tests.profiles import DEEP

HANDS = 1500 if DEEP else 300
"""Hands per variant and size."""

#: The variants whose own hands are drawn, with their options.
CASES: dict[str, Variant] = {
    "indian-standard": get_variant("indian", preset="standard"),
    "indian-gamentio": get_variant("indian"),
    "rumino": get_variant("rumino"),
    "rumino-one-joker-a-meld": get_variant("rumino", max_jokers_per_meld=1),
}


def _slice_hands(
    variant: Variant, seed: int, size: int
) -> list[tuple[Hand, Rank | None]]:
    """``HANDS`` hands of ``size`` cards from two suits and five ranks of the
    variant's deck, plus its jokers; a random wild rank where it has one."""
    rng = random.Random(seed)
    deck = variant.deck.cards()
    wilds: list[Rank | None] = list(Rank) if variant.has_wild_rank else [None]
    found: list[tuple[Hand, Rank | None]] = []
    while len(found) < HANDS:
        low = rng.randrange(0, 9)
        suits = rng.sample(range(4), 2)
        pool = [
            card
            for card in deck
            if card.is_joker
            or (card.code // 13 in suits and low <= card.code % 13 < low + 5)
        ]
        if len(pool) < size:
            continue
        wild = rng.choice(wilds)
        if wild is not None and rng.random() < 0.7:
            # Most wild ranks are among the slice's own ranks.
            wild = rng.choice([card for card in pool if not card.is_joker]).rank
        found.append((Hand(rng.sample(pool, size)), wild))
    return found


@pytest.mark.parametrize("size", [7, 8])
@pytest.mark.parametrize("name", sorted(CASES))
def test_the_variant_scores_its_own_hands_as_the_brute_force(
    name: str, size: int
) -> None:
    variant = CASES[name]
    for hand, wild in _slice_hands(variant, seed=size, size=size):
        scorer = Scorer(
            hand.cards,
            variant.meld_rules,
            variant.point_values,
            wild_rank=wild,
            requirement=variant.requirement,
        )
        assert variant.deadwood(hand, wild_rank=wild) == scorer.points_of_hand(), (
            hand,
            wild,
        )
        assert variant.deadwood(hand, wild_rank=wild, discard=True) == (
            scorer.best_discard()
        ), (hand, wild)
