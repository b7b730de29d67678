"""Classic Rummy lists melds and lay-offs by searching only the cards that
could take part in one.  The narrowing must never change what is listed:
over random hands and every meld option, the narrowed searches give exactly
the melds and lay-offs of the full ones, in the same order."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import Card, Hand
from rummykit.engine import TableMeld
from rummykit.melds import Meld
from rummykit.partition import possible_layoffs, possible_melds
from rummykit.partition.catalogue import every_meld
from rummykit.variants import ClassicRummy
from rummykit.variants.classic import (
    _extending,
    _layoffs,
    _may_touch,
    _melds,
    _suit_masks,
    _touch_bits,
    _touches,
)
from tests.strategies import NATURAL_CARDS

classic_hands = st.lists(
    st.sampled_from(NATURAL_CARDS), min_size=0, max_size=13, unique=True
)
options = st.builds(ClassicRummy, ace_high=st.booleans(), wrap=st.booleans())


@given(classic_hands, options)
def test_listed_melds_are_every_meld(cards: list[Card], variant: ClassicRummy) -> None:
    hand = Hand(cards)
    rules = variant.meld_rules
    assert _melds(hand, rules) == possible_melds(hand, rules)
    assert _melds(hand, rules, _suit_masks(hand.codes)) == possible_melds(hand, rules)


@settings(deadline=None)
@given(classic_hands, st.data(), options)
def test_narrowed_layoffs_are_every_layoff(
    cards: list[Card], data: st.DataObject, variant: ClassicRummy
) -> None:
    rules = variant.meld_rules
    meld: Meld = data.draw(st.sampled_from(every_meld(variant.meld_rules)))
    hand = Hand(card for card in cards if card not in meld.cards)
    narrowed = _extending(meld, hand.codes)
    assert possible_layoffs(meld, narrowed, rules, limit=max(len(hand), 1)) == (
        possible_layoffs(meld, hand, rules, limit=max(len(hand), 1))
    )


@settings(deadline=None)
@given(classic_hands, st.data(), options, st.integers(1, 13))
def test_listed_layoffs_are_every_layoff(
    cards: list[Card], data: st.DataObject, variant: ClassicRummy, limit: int
) -> None:
    rules = variant.meld_rules
    meld: Meld = data.draw(st.sampled_from(every_meld(variant.meld_rules)))
    hand = Hand(card for card in cards if card not in meld.cards)
    assert _layoffs(meld, hand.codes, rules, limit) == possible_layoffs(
        meld, hand, rules, limit=limit
    )
    masks = _suit_masks(hand.codes)
    if masks is not None and not _may_touch(meld, masks):
        assert possible_layoffs(meld, hand, rules, limit=limit) == ()


@pytest.mark.parametrize("ace_high", [False, True])
@pytest.mark.parametrize("wrap", [False, True])
@pytest.mark.parametrize(
    ("run", "held"),
    [
        ("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc", "Ac 5d"),
        ("3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc", "Ac 2c 9h"),
        ("4c 5c 6c 7c 8c 9c Tc Jc Qc Kc", "Ac 2c 3c"),
    ],
)
def test_a_long_run_lists_a_card_it_reaches_both_ways_once(
    run: str, held: str, ace_high: bool, wrap: bool
) -> None:
    """Below the two and above the king is the same ace: one lay-off, not two."""
    variant = ClassicRummy(ace_high=ace_high, wrap=wrap)
    rules = variant.meld_rules
    meld = Meld.build(run, rules)
    hand = Hand.parse(held)
    listed = _layoffs(meld, hand.codes, rules, len(hand))
    assert len(set(listed)) == len(listed)
    assert listed == possible_layoffs(meld, hand, rules, limit=len(hand))


def test_the_kept_touch_masks_follow_the_table_asked_about() -> None:
    rules = ClassicRummy().meld_rules
    sets = (TableMeld(owner=0, meld=Meld.build(Hand.parse("9s 9h 9d").cards, rules)),)
    runs = (TableMeld(owner=1, meld=Meld.build(Hand.parse("4c 5c 6c").cards, rules)),)
    for _ in range(2):  # alternate, so that each asks after the other
        bits, union = _touches(sets)
        assert bits == (_touch_bits(sets[0].meld),) and union == bits[0]
        assert union >> Card("9c").code & 1 and not union >> Card("8s").code & 1
        bits, union = _touches(runs)
        assert union == 1 << Card("3c").code | 1 << Card("7c").code
