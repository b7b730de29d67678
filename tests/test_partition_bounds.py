"""The partitioner on any input: refused beyond its documented bounds, exact
and quick within them, and listings that stop at their limits."""

from __future__ import annotations

import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import Card, Hand, InvalidCardError, Meld, MeldRules, Rank, RummyError
from rummykit.partition import (
    MAX_COPIES,
    MAX_HAND_SIZE,
    MAX_LISTING_SIZE,
    PointValues,
    all_partitions,
    best_discard,
    deadwood,
    partition,
    possible_layoffs,
    possible_melds,
)
from rummykit.variants import get_variant
from tests.bruteforce import brute_layoffs, brute_melds
from tests.test_partition import PROPERTY, setup_and_hand

FUNCTIONS = [partition, deadwood, best_discard, all_partitions, possible_melds]
SEARCHES = [partition, deadwood, best_discard, all_partitions]


# --- hands beyond the bounds are refused, never answered wrongly --------------


@pytest.mark.parametrize("function", FUNCTIONS)
def test_four_copies_of_a_card_are_refused_by_name(function: object) -> None:
    with pytest.raises(InvalidCardError, match=r"holds 4 As.*at most 3 copies"):
        function("As As As As 2s 3s")  # type: ignore[operator]


@pytest.mark.parametrize("function", FUNCTIONS)
def test_eight_copies_are_refused_not_indexed_out_of_range(function: object) -> None:
    with pytest.raises(InvalidCardError, match="MAX_COPIES"):
        function("As " * 8)  # type: ignore[operator]
    with pytest.raises(InvalidCardError, match="MAX_COPIES"):
        function("As As As As As As As As 2s 3s")  # type: ignore[operator]


@pytest.mark.parametrize("size", [MAX_HAND_SIZE + 1, 40, 60])
@pytest.mark.parametrize("function", SEARCHES)
def test_hands_over_the_size_bound_are_refused_at_once(
    function: object, size: int
) -> None:
    deck = [Card.from_code(code % 52) for code in range(size)]
    started = time.process_time()
    with pytest.raises(InvalidCardError, match=f"holds {size} cards.*MAX_HAND_SIZE"):
        function(Hand(deck))  # type: ignore[operator]
    assert time.process_time() - started < 0.1


def test_possible_layoffs_refuses_a_hand_over_the_bounds() -> None:
    meld = Meld.build("2s 3s 4s")
    with pytest.raises(InvalidCardError, match="MAX_LISTING_SIZE"):
        possible_melds(
            Hand(Card.from_code(c % 52) for c in range(MAX_LISTING_SIZE + 1))
        )
    with pytest.raises(InvalidCardError, match="MAX_LISTING_SIZE"):
        possible_layoffs(meld, Hand(Card.from_code(c) for c in range(40)))
    with pytest.raises(InvalidCardError, match="MAX_COPIES"):
        possible_layoffs(meld, "5s 5s 5s 5s")


def test_three_copies_are_answered_exactly() -> None:
    assert MAX_COPIES == 3
    # Three decks' worth: three sets of aces, or runs, both exact.
    rules = MeldRules(set_distinct_suits=False)
    assert deadwood("As As As 2s 2s 2s 3s 3s 3s", rules) == 0
    assert partition("As As As 2s 3s", rules).points == 2  # A-2-3 leaves As As


def test_refusals_are_rummy_errors_and_value_errors() -> None:
    with pytest.raises(RummyError):
        partition("As As As As")
    with pytest.raises(ValueError):
        partition("As As As As")


# --- variants refuse hands their deck cannot deal ------------------------------


@pytest.mark.parametrize(
    ("variant", "hand", "card"),
    [
        ("rumino", "7h 7h 7h 7h", "7h"),
        ("rumino", "7h 7h 7h", "7h"),
        ("rumino", "Jk Jk Jk Jk Jk 2s", "Jk"),
        ("classic", "7h 7h 8h 9h", "7h"),
        ("classic", "Jk 8h 9h", "Jk"),
        ("indian", "As As As 2s 3s", "As"),
    ],
)
@pytest.mark.parametrize(
    "method", ["partition", "deadwood", "best_discard", "all_partitions"]
)
def test_a_variant_refuses_a_hand_its_deck_cannot_deal(
    variant: str, hand: str, card: str, method: str
) -> None:
    rules = get_variant(variant)
    with pytest.raises(
        InvalidCardError, match=f"holds \\d+ {card}, but {variant}'s deck"
    ):
        getattr(rules, method)(Hand.parse(hand))


def test_a_variant_accepts_every_copy_its_deck_holds() -> None:
    rumino = get_variant("rumino")
    hand = Hand.parse("7h 7h Jk Jk Jk Jk 2s")
    assert rumino.deadwood(hand) == 0  # 7h 7h Jk and 2s Jk Jk (or a run)
    assert rumino.partition(hand).cards == hand


# --- the work is bounded --------------------------------------------------------

WILD_HEAVY = [
    "7s 7s 7s 7h 7h 7h 7d 7d 7d 7c As 2s 3s 9d",
    "As 2s 3s 7h 7h 7d 7d 7c 7c Jk Jk 7s 9d 5c",
    "7s 7s 7h 7h 7d 7d 7c 7c Jk Jk Jk Jk As 2s",
    "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks Jk",
    "Jk " * 14,
]
GENEROUS = MeldRules(min_naturals_per_meld=0, set_distinct_suits=False, max_set=None)


@pytest.mark.parametrize("text", WILD_HEAVY)
@pytest.mark.parametrize("rules", [MeldRules(), GENEROUS], ids=["gin", "generous"])
def test_wild_heavy_fourteen_card_hands_are_quick(text: str, rules: MeldRules) -> None:
    hand = Hand.parse(text)
    for call in (
        lambda: partition(hand, rules, PointValues(joker=1), wild_rank=Rank.SEVEN),
        lambda: deadwood(
            hand, rules, PointValues(joker=1), wild_rank=Rank.SEVEN, discard=True
        ),
        lambda: best_discard(hand, rules, PointValues(joker=1), wild_rank=Rank.SEVEN),
        lambda: all_partitions(hand, rules, wild_rank=Rank.SEVEN, discard=True),
        lambda: possible_melds(hand, rules, wild_rank=Rank.SEVEN),
    ):
        started = time.process_time()
        call()
        assert time.process_time() - started < 2.0
    for meld in ("As 2s 3s", "5s 6s 7s 8s", "Ks Kh Kd", "Jk 3s 4s"):
        started = time.process_time()
        possible_layoffs(
            Meld.build(meld, rules), hand, rules, wild_rank=Rank.SEVEN, limit=14
        )
        assert time.process_time() - started < 2.0


def test_all_partitions_stops_at_its_limit() -> None:
    indian = get_variant("indian", preset="standard")
    hand = Hand.parse("As 2s 3s 7h 7h 7d 7d 7c 7c Jk Jk 7s 9d 5c")
    some = indian.all_partitions(hand, wild_rank=Rank.SEVEN, discard=True, limit=5)
    assert len(some) == 5
    best = indian.best_discard(hand, wild_rank=Rank.SEVEN).points
    assert {result.points for result in some} == {best}
    more = indian.all_partitions(hand, wild_rank=Rank.SEVEN, discard=True, limit=50)
    assert len(more) == 50
    with pytest.raises(ValueError, match="limit must be a whole number"):
        all_partitions(hand, limit=0)


def test_possible_melds_stops_at_its_limit() -> None:
    hand = Hand.parse(WILD_HEAVY[0])
    every = possible_melds(hand, wild_rank=Rank.SEVEN, limit=10_000)
    assert len(every) > 20
    assert len(possible_melds(hand, wild_rank=Rank.SEVEN, limit=20)) == 20


def test_possible_layoffs_stops_at_most() -> None:
    hand = Hand.parse(WILD_HEAVY[0])
    meld = Meld.build("5s 6s 7s", GENEROUS)
    every = possible_layoffs(
        meld, hand, GENEROUS, wild_rank=Rank.SEVEN, limit=9, most=10_000
    )
    assert len(every) > 10
    assert (
        len(
            possible_layoffs(
                meld, hand, GENEROUS, wild_rank=Rank.SEVEN, limit=9, most=10
            )
        )
        == 10
    )


# --- the listings agree with a brute force over subsets ---------------------------


@pytest.mark.parametrize(
    "family", ["classic", "rumino", "indian_gamentio", "random_rules"]
)
@PROPERTY
@given(data=st.data())
def test_possible_melds_matches_brute_force(family: str, data: st.DataObject) -> None:
    setup, hand = data.draw(setup_and_hand(family, max_size=8))
    found = possible_melds(hand, setup.rules, wild_rank=setup.wild_rank, limit=10_000)
    keys = {
        (meld.kind.value, tuple(sorted(card.code for card in meld.cards)))
        for meld in found
    }
    assert len(keys) == len(found)
    assert keys == brute_melds(hand.cards, setup.rules, setup.wild_rank)


@pytest.mark.parametrize(
    "family", ["classic", "rumino", "indian_gamentio", "random_rules"]
)
@PROPERTY
@given(data=st.data())
def test_possible_layoffs_matches_brute_force(family: str, data: st.DataObject) -> None:
    setup, hand = data.draw(setup_and_hand(family, max_size=9))
    melds = possible_melds(hand, setup.rules, wild_rank=setup.wild_rank)
    if not melds:
        return
    meld = data.draw(st.sampled_from(melds))
    rest = hand.remove(*meld.cards)
    limit = data.draw(st.integers(1, 4))
    found = possible_layoffs(
        meld, rest, setup.rules, wild_rank=setup.wild_rank, limit=limit
    )
    keys = {tuple(sorted(card.code for card in group)) for group in found}
    assert len(keys) == len(found)
    assert keys == brute_layoffs(meld, rest.cards, setup.rules, setup.wild_rank, limit)
