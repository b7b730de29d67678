"""Whether a hand can meet a sequence requirement at all (``partition/_lives.py``).

A hand no grouping of which meets the requirement scores every card, so the
partitioner answers it without a search.  The check is held to the brute
force (does any grouping it lists lay down runs the requirement accepts?) on
Indian Rummy's rules, on random rules the check decides, and on random
requirements; the public functions are then held to the brute force on
such hands.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import Hand, MeldRules, Rank, Requirement
from rummykit.partition import PointValues, _lives
from rummykit.variants import IndianRummy
from tests.partition_support import check_against_brute_force
from tests.strategies import deck_specs, wild_ranks
from tests.test_partition import (
    PROPERTY,
    Setup,
    meldy_hands,
    setup_and_hand,
)


@st.composite
def lives_rules(draw: st.DrawFn) -> Setup:
    """Random rules the check decides, with a requirement of sequences."""
    ace_low, ace_high = draw(
        st.sampled_from([(True, False), (False, True), (True, True)])
    )
    min_set = draw(st.integers(2, 4))
    min_run = draw(st.integers(2, 4))
    rules = MeldRules(
        ace_low=ace_low,
        ace_high=ace_high,
        min_set=min_set,
        max_set=draw(st.integers(min_set, 5)),
        set_distinct_suits=draw(st.booleans()),
        min_run=min_run,
        max_run=draw(st.one_of(st.none(), st.integers(min_run, min_run + 3))),
        min_naturals_per_meld=draw(st.integers(0, 1)),
        wild_natural_is_pure=draw(st.booleans()),
    )
    points = PointValues(
        ranks=tuple(draw(st.lists(st.integers(0, 14), min_size=13, max_size=13))),
        joker=draw(st.integers(0, 5)),
    )
    pure = draw(st.integers(0, 3))
    requirement = Requirement(
        min_sequences=draw(st.integers(max(1, pure), pure + 1)),
        min_pure_sequences=pure,
        cap=draw(st.sampled_from([None, 0, 15, 40])),
    )
    return Setup(
        rules, points, draw(deck_specs(max_jokers=4)), draw(wild_ranks()), requirement
    )


@st.composite
def lives_setup_and_hand(draw: st.DrawFn, family: str) -> tuple[Setup, Hand]:
    if family == "lives_rules":
        setup = draw(lives_rules())
        return setup, draw(meldy_hands(setup.deck, setup.wild_rank))
    return draw(setup_and_hand(family))


FAMILIES = ["indian_gamentio", "indian_standard", "random_rules", "lives_rules"]


def _declaration(setup: Setup) -> Requirement | None:
    """The rule set's requirement, or Indian Rummy's declaration rule when
    the rule set asks for no sequence (so that the check has work to do)."""
    requirement = setup.requirement
    if requirement is not None and requirement.needs_sequences:
        return requirement
    return IndianRummy().declaration_requirement


@pytest.mark.parametrize("family", FAMILIES)
@PROPERTY
@given(data=st.data())
def test_the_check_says_what_the_brute_force_says(
    family: str, data: st.DataObject
) -> None:
    setup, hand = data.draw(lives_setup_and_hand(family))
    requirement = _declaration(setup)
    assert requirement is not None
    if not _lives.decides(setup.rules, requirement):
        return
    scorer = Setup(
        setup.rules, setup.points, setup.deck, setup.wild_rank, requirement
    ).scorer(hand)
    full = (1 << len(hand)) - 1
    expected = any(scorer.meets(profile) for profile in scorer.profiles(full))
    assert _lives.possible(hand.codes, setup.rules, setup.wild_rank, requirement) == (
        expected
    )


@pytest.mark.parametrize("family", FAMILIES)
@PROPERTY
@given(data=st.data())
def test_public_functions_match_brute_force_with_a_requirement(
    family: str, data: st.DataObject
) -> None:
    setup, hand = data.draw(lives_setup_and_hand(family))
    setup = Setup(
        setup.rules, setup.points, setup.deck, setup.wild_rank, _declaration(setup)
    )
    check_against_brute_force(setup, hand, data)


def test_a_hand_without_two_sequences_scores_every_card() -> None:
    # A five-card pure run, but no joker to make a second sequence of it.
    standard = IndianRummy(preset="standard")
    hand = Hand.parse("3h 4h 5h 6h 7h Ks Kd Kc Qs Qd Qc 9s 2c 8d")
    assert not _lives.possible(
        hand.codes, standard.meld_rules, Rank.ACE, standard.requirement
    )
    result = standard.best_discard(hand, wild_rank=Rank.ACE)
    assert (result.melds, result.requirement_met, result.points) == ((), False, 80)
    # With the nines wild, 9s is the joker of a second sequence (6h 7h 9s).
    assert _lives.possible(
        hand.codes, standard.meld_rules, Rank.NINE, standard.requirement
    )
    result = standard.best_discard(hand, wild_rank=Rank.NINE)
    assert result.requirement_met
    assert result.points == 2  # 2c left, 8d thrown


def test_a_wild_card_as_itself_may_complete_a_pure_sequence() -> None:
    rules = MeldRules(wild_natural_is_pure=True)
    strict = MeldRules(wild_natural_is_pure=False)
    life = Requirement(min_sequences=1, min_pure_sequences=1)
    codes = Hand.parse("5h 6h 7h").codes
    assert _lives.possible(codes, rules, Rank.SEVEN, life)
    assert not _lives.possible(codes, strict, Rank.SEVEN, life)
    # The same card cannot also be the joker of a second sequence.
    two = Requirement(min_sequences=2, min_pure_sequences=1)
    assert not _lives.possible(
        Hand.parse("5h 6h 7h 9c Tc").codes, rules, Rank.SEVEN, two
    )
    assert _lives.possible(
        Hand.parse("5h 6h 7h 9c Tc 7s").codes, rules, Rank.SEVEN, two
    )
