"""Classic Rummy lists melds and lay-offs by searching only the cards that
could take part in one.  The narrowing must never change what is listed:
over random hands and every meld option, the narrowed searches give exactly
the melds and lay-offs of the full ones, in the same order."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import Card, Hand
from rummykit.engine import Action, LayMeld, LayOff, Phase, State, TableMeld
from rummykit.melds import Meld
from rummykit.partition import possible_layoffs, possible_melds
from rummykit.partition.catalogue import every_meld
from rummykit.variants import ClassicFacts, ClassicRummy
from rummykit.variants.classic import (
    _extending,
    _has_row,
    _held_bits,
    _layoffs,
    _may_meld,
    _may_touch,
    _meld_entries,
    _melds,
    _suit_masks,
    _table_info,
    _touch_bits,
)
from tests.games import random_hand
from tests.profiles import examples
from tests.strategies import NATURAL_CARDS

classic_hands = st.lists(
    st.sampled_from(NATURAL_CARDS), min_size=0, max_size=13, unique=True
)
two_deck_hands = st.tuples(
    st.lists(st.sampled_from(NATURAL_CARDS), max_size=7, unique=True),
    st.lists(st.sampled_from(NATURAL_CARDS), max_size=6, unique=True),
).map(lambda decks: decks[0] + decks[1])
"""Hands that may hold two copies of a card (two decks without jokers)."""
options = st.builds(ClassicRummy, ace_high=st.booleans(), wrap=st.booleans())


@given(classic_hands, options)
def test_listed_melds_are_every_meld(cards: list[Card], variant: ClassicRummy) -> None:
    hand = Hand(cards)
    rules = variant.meld_rules
    assert _melds(hand, rules) == possible_melds(hand, rules)


@given(classic_hands, options)
def test_meld_entries_carry_each_meld_with_its_action(
    cards: list[Card], variant: ClassicRummy
) -> None:
    hand = Hand(cards)
    held = _held_bits(hand.codes)
    assert held is not None
    entries = _meld_entries(held, variant.meld_rules)
    assert tuple(entry[3] for entry in entries) == possible_melds(
        hand, variant.meld_rules
    )
    for key, bits, count, meld, action in entries:
        codes = sorted(card.code for card in meld.cards)
        assert key == tuple(codes) and count == len(codes)
        assert bits == sum(1 << code for code in codes)
        assert action == LayMeld(meld.cards)


@given(two_deck_hands, options)
def test_melds_of_a_hand_with_two_copies_of_a_card_are_every_meld(
    cards: list[Card], variant: ClassicRummy
) -> None:
    hand = Hand(cards)
    rules = variant.meld_rules
    assert _melds(hand, rules) == possible_melds(hand, rules)


@given(two_deck_hands)
def test_held_bits_are_the_cards_of_a_hand_without_copies(cards: list[Card]) -> None:
    hand = Hand(cards)
    held = _held_bits(hand.codes)
    if len(set(cards)) < len(cards):
        assert held is None
    else:
        assert held == sum(1 << card.code for card in cards)
        assert _suit_masks(hand.codes) == [
            held >> 13 * suit & 0x1FFF for suit in range(4)
        ]


@given(classic_hands)
def test_a_hand_may_meld_when_it_holds_three_of_a_rank_or_a_row(
    cards: list[Card],
) -> None:
    hand = Hand(cards)
    held = _held_bits(hand.codes)
    assert held is not None
    masks = [held >> 13 * suit & 0x1FFF for suit in range(4)]
    three_of_a_rank = any(
        sum(mask >> rank & 1 for mask in masks) >= 3 for rank in range(13)
    )
    assert _may_meld(held) == (three_of_a_rank or any(map(_has_row, masks)))
    if not _may_meld(held):  # for every option: the widest rules meld the most
        assert possible_melds(hand, ClassicRummy(wrap=True).meld_rules) == ()


def test_may_meld_sees_every_row_of_three_round_the_ace() -> None:
    for suit in range(4):
        for start in range(13):
            ranks = [(start + step) % 13 for step in range(3)]
            held = sum(1 << suit * 13 + rank for rank in ranks)
            assert _may_meld(held)
            assert not _may_meld(held & ~(1 << suit * 13 + ranks[1]))


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
        known = _table_info(sets, rules)
        assert (
            known.touch == (_touch_bits(sets[0].meld),)
            and known.union == known.touch[0]
        )
        assert (
            known.union >> Card("9c").code & 1
            and not known.union >> Card("8s").code & 1
        )
        known = _table_info(runs, rules)
        assert known.union == 1 << Card("3c").code | 1 << Card("7c").code


def test_the_kept_layoffs_follow_the_cards_beyond_a_runs_neighbours() -> None:
    """8h touches 5h-6h-7h in both hands; the 9h beyond it makes two lay-offs more."""
    rules = ClassicRummy().meld_rules
    table = (TableMeld(owner=0, meld=Meld.build(Hand.parse("5h 6h 7h").cards, rules)),)
    listed = []
    for text in ("8h 9h 2c", "8h 2c", "8h 9h 2c"):
        hand = Hand.parse(text)
        held = _held_bits(hand.codes)
        assert held is not None
        kept = _table_info(table, rules).layoffs(0, held, hand.codes)
        listed.append([" ".join(map(str, action.cards)) for _, _, action in kept])
    assert listed == [["8h", "8h 9h"], ["8h"], ["8h", "8h 9h"]]


def test_the_kept_layoffs_follow_the_rules_asked_about() -> None:
    """One table under two rule sets: Q-K-A extends J-Q-K only with the ace high."""
    low, high = ClassicRummy().meld_rules, ClassicRummy(ace_high=True).meld_rules
    table = (TableMeld(owner=0, meld=Meld.build(Hand.parse("Jh Qh Kh").cards, low)),)
    hand = Hand.parse("Ah 2c")
    held = _held_bits(hand.codes)
    assert held is not None
    for _ in range(2):
        assert _table_info(table, low).layoffs(0, held, hand.codes) == ()
        ((bits, count, action),) = _table_info(table, high).layoffs(0, held, hand.codes)
        assert (bits, count) == (1 << Card("Ah").code, 1)
        assert action == LayOff((Card("Ah"),), target=0)


@settings(deadline=None)
@given(classic_hands, classic_hands, st.data(), options)
def test_kept_layoffs_are_the_layoffs_of_each_hand_asked_about(
    first: list[Card], second: list[Card], data: st.DataObject, variant: ClassicRummy
) -> None:
    """The lay-offs kept for one table are right for every hand asked about,
    whatever hands were asked about before (they depend on the hand's cards
    of the meld's rank or suit only): hands that grow a card at a time, then
    another hand, then the first again."""
    rules = variant.meld_rules
    table = tuple(
        TableMeld(owner=0, meld=meld)
        for meld in data.draw(
            st.lists(st.sampled_from(every_meld(rules)), min_size=1, max_size=3)
        )
    )
    on_table = {card for placed in table for card in placed.meld.cards}
    growing = [first[:size] for size in range(len(first) + 1)]
    for cards in [*growing, second, first]:
        hand = Hand(card for card in cards if card not in on_table)
        held = _held_bits(hand.codes)
        assert held is not None
        known = _table_info(table, rules)
        for index, placed in enumerate(table):
            kept = known.layoffs(index, held, hand.codes)
            expected = possible_layoffs(
                placed.meld, hand, rules, limit=max(len(hand), 1)
            )
            if not hand:
                expected = ()
            assert tuple(action.cards for _, _, action in kept) == expected
            for bits, count, action in kept:
                assert action.target == index and count == len(action.cards)
                assert bits == sum(1 << card.code for card in action.cards)


# -- the whole listing, against the general searches -----------------------------------


def searched_plays(variant: ClassicRummy, state: State) -> list[Action]:
    """The slow reference of :meth:`ClassicRummy.play_actions`: every meld and
    lay-off of the general searches, each kept if :meth:`check_action` allows it."""
    hand = state.hands[state.current]
    rules = variant.meld_rules
    facts = ClassicFacts.of(state)
    candidates: list[Action] = []
    if variant.melds_per_turn is None or facts.turn_melds < variant.melds_per_turn:
        candidates += [LayMeld(meld.cards) for meld in possible_melds(hand, rules)]
    for index, placed in enumerate(state.table):
        candidates += [
            LayOff(cards, target=index)
            for cards in possible_layoffs(placed.meld, hand, rules, limit=len(hand))
        ]
    return [
        action for action in candidates if variant.check_action(state, action) is None
    ]


@attrs.frozen(kw_only=True)
class _KeepTheDrawnCard(ClassicRummy):
    """Classic with a discard rule of its own: the card drawn this turn, from
    the stock or the pile, may not be discarded."""

    def discard_reason(self, state: State, card: Card) -> str | None:
        if card == state.drawn:
            return f"{card} was drawn this turn"
        return super().discard_reason(state, card)


_LISTING_SETUPS = [
    (ClassicRummy(), 2),
    (ClassicRummy(), 4),
    (ClassicRummy(ace_high=True, discard_to_go_out=True), 3),
    (ClassicRummy(wrap=True, melds_per_turn=1), 2),
    (ClassicRummy(must_meld_before_layoff=True), 6),
    (_KeepTheDrawnCard(), 2),
]


@pytest.mark.parametrize(("variant", "players"), _LISTING_SETUPS)
def test_listed_plays_are_the_searched_plays(
    variant: ClassicRummy, players: int
) -> None:
    """Over random hands, every position after a draw lists exactly the melds
    and lay-offs of the general searches that the rules allow, in their order:
    the kept per-pattern melds, the kept lay-offs of the table and the
    search-free C-2 check change nothing."""
    checked = 0
    for seed in range(examples(40, fast=6)):
        for state, _, _ in random_hand(variant, players, seed):
            if state.phase is Phase.PLAY:
                assert variant.play_actions(state) == searched_plays(variant, state)
                checked += 1
    assert checked > 100


@pytest.mark.parametrize(("variant", "players"), _LISTING_SETUPS[:4])
def test_kept_melds_and_facts_are_the_ones_built_afresh(
    variant: ClassicRummy, players: int
) -> None:
    """A laid or grown table meld is the meld its cards build, and a turn
    starts with the facts of the turn before, no meld laid this turn, and
    whether its player had melded."""
    rules = variant.meld_rules
    for seed in range(examples(20, fast=4)):
        for state, action, after in random_hand(variant, players, seed):
            if isinstance(action, LayMeld):
                assert after.table[-1].meld == Meld.build(action.cards, rules)
            elif isinstance(action, LayOff):
                placed = state.table[action.target].meld
                grown = Meld.build(placed.cards + action.cards, rules, kind=placed.kind)
                assert after.table[action.target].meld == grown
            elif not after.is_terminal and after.phase is Phase.DRAW:
                facts = ClassicFacts.of(after)
                assert facts == attrs.evolve(
                    ClassicFacts.of(state),
                    melded_before_turn=facts.melded[after.current],
                    turn_melds=0,
                )
