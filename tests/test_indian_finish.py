"""Indian Rummy's finish cards from one relaxed search: for every card of a
hand, :func:`finish_cards` gives what :func:`may_cover` says of the other
cards, so the declarations it leaves out are exactly those the per-card
bound would have left out."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummykit import Card, Hand, MeldRules, Rank
from rummykit.variants import IndianRummy
from rummykit.variants._floor import may_cover
from rummykit.variants.indian_finish import finish_cards
from tests.profiles import examples
from tests.strategies import wild_ranks
from tests.test_deadwood_floor import rigged_hands, variant_rules


def per_card(
    hand: Hand, rules: MeldRules, wild: Rank | None, sequences: int
) -> frozenset[int]:
    """The cards whose rest :func:`may_cover` allows, one search per card."""
    return frozenset(
        card.code
        for card in hand.cards
        if may_cover(
            hand.remove(card).codes,
            rules,
            wild_rank=wild,
            discard=False,
            sequences=sequences,
        )
    )


@settings(
    max_examples=examples(300),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
)
@given(
    variant_rules,
    st.sampled_from([8, 11, 14]).flatmap(lambda size: rigged_hands(size, 2, 2)),
    wild_ranks(),
    st.integers(0, 3),
)
def test_finish_cards_are_what_the_per_card_bound_allows(
    rules: MeldRules, hand: Hand, wild: Rank | None, sequences: int
) -> None:
    assert finish_cards(hand.codes, rules, wild, sequences) == per_card(
        hand, rules, wild, sequences
    )


def names(codes: frozenset[int]) -> list[str]:
    return sorted(str(Card.from_code(code)) for code in codes)


def test_finish_cards_of_a_declaring_hand() -> None:
    # Two runs and two sets: only Qs is left over, for one or two sequences;
    # three sequences cannot be made (2s-5s does not split into two runs).
    hand = Hand.parse("2s 3s 4s 5s 9d 9c 9h Kh Kd Kc 6h 7h 8h Qs")
    rules = IndianRummy(preset="standard").meld_rules
    for sequences in (1, 2):
        found = finish_cards(hand.codes, rules, None, sequences)
        assert names(found) == ["Qs"]
        assert found == per_card(hand, rules, None, sequences)
    assert finish_cards(hand.codes, rules, None, 3) == frozenset()


def test_jokers_finish_together() -> None:
    # Jk and 7c (sevens wild) are both jokers, so either may be left over, and
    # so may any natural, a joker taking its place.  A second sequence cannot
    # be made, whichever card is left.
    hand = Hand.parse("As 2s 3s Jk 7c 9d 9c 9h")
    found = finish_cards(hand.codes, MeldRules(), Rank.SEVEN, 1)
    assert names(found) == ["2s", "3s", "7c", "9c", "9d", "9h", "As", "Jk"]
    assert found == per_card(hand, MeldRules(), Rank.SEVEN, 1)
    assert finish_cards(hand.codes, MeldRules(), Rank.SEVEN, 2) == frozenset()
