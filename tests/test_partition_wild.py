"""The wild-card lane (``partition/_wild.py``): one-deck hands of up to 14
cards whose wild cards are read as printed jokers, answered by the small-hand
search.

Where it applies (no sequence asked, jokers worth nothing, no joker limits,
at most one natural card a meld), its values must be the brute force's on
small hands and the general search's on hands of 14 cards, and its groupings
must be valid, in the hand's own cards, and score what they say.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import Card, DeckSpec, Hand, MeldRules, PointValues, Rank, Requirement
from rummykit.cards import JOKER_CODE
from rummykit.partition import (
    Partition,
    _wild,
    best_discard,
    deadwood,
    partition,
)
from rummykit.partition._search import Search
from rummykit.variants import IndianRummy
from tests.strategies import meld_rules, wild_ranks
from tests.test_partition import (
    MAX_BRUTE,
    PROPERTY,
    Setup,
    check_result,
    forbidden_cards,
    meldy_hands,
)


@st.composite
def lane_setups(draw: st.DrawFn) -> Setup:
    """Random rules the lane serves: one deck and up to four printed jokers,
    jokers worth nothing, no joker limits, melds of at most one natural card
    needed, and no requirement or one that asks for nothing."""
    rules = attrs.evolve(
        draw(meld_rules()),
        max_jokers_per_meld=None,
        max_jokers_per_run=None,
        golden_rummy=False,
    )
    if rules.min_naturals_per_meld > 1:
        rules = attrs.evolve(rules, min_naturals_per_meld=1)
    worth = draw(st.lists(st.integers(0, 14), min_size=13, max_size=13))
    return Setup(
        rules,
        PointValues(ranks=tuple(worth), joker=0),
        DeckSpec(decks=1, jokers=draw(st.integers(0, 4))),
        draw(wild_ranks()),
        draw(st.sampled_from([None, Requirement()])),
    )


@st.composite
def lane_cases(
    draw: st.DrawFn, max_size: int
) -> tuple[Setup, Hand, bool, list[Card], frozenset[int] | None]:
    """A setup, a hand the lane takes, whether a card is discarded, and the
    forbidden cards (natural cards only) as a list and as codes."""
    setup = draw(lane_setups())
    hand = draw(meldy_hands(setup.deck, setup.wild_rank, max_size))
    discarding = bool(hand) and draw(st.booleans())
    forbidden: list[Card] = []
    if discarding:
        forbidden = [
            card
            for card in draw(forbidden_cards(hand))
            if card.code != JOKER_CODE
            and (setup.wild_rank is None or card.rank != setup.wild_rank)
        ]
    banned = frozenset(card.code for card in forbidden) if discarding else None
    return setup, hand, discarding, forbidden, banned


def _applies(setup: Setup, hand: Hand, banned: frozenset[int] | None) -> bool:
    return _wild.applies(
        hand.codes,
        setup.rules,
        setup.points,
        setup.wild_rank,
        setup.requirement,
        banned,
    )


def _public(
    setup: Setup, hand: Hand, discarding: bool, forbidden: list[Card]
) -> Partition:
    if discarding:
        return best_discard(
            hand,
            setup.rules,
            setup.points,
            wild_rank=setup.wild_rank,
            requirement=setup.requirement,
            forbidden=forbidden,
        )
    return partition(
        hand,
        setup.rules,
        setup.points,
        wild_rank=setup.wild_rank,
        requirement=setup.requirement,
    )


def _check_lane(
    case: tuple[Setup, Hand, bool, list[Card], frozenset[int] | None],
    expected: int,
) -> None:
    """The lane's value and grouping score ``expected``, and the grouping is
    valid for the hand."""
    setup, hand, discarding, forbidden, banned = case
    args = (hand.codes, setup.rules, setup.points, setup.wild_rank, banned)
    assert _wild.value(*args) == expected
    result = _wild.grouping(*args)
    assert result.points == expected
    check_result(result, hand, setup, discarding=discarding, forbidden=forbidden)


@PROPERTY
@given(case=lane_cases(MAX_BRUTE))
def test_the_lane_scores_what_the_brute_force_scores(
    case: tuple[Setup, Hand, bool, list[Card], frozenset[int] | None],
) -> None:
    setup, hand, discarding, forbidden, banned = case
    if not _applies(setup, hand, banned):
        return
    scorer = setup.scorer(hand)
    expected = scorer.best_discard(forbidden) if discarding else scorer.points_of_hand()
    _check_lane(case, expected)
    # The public functions take the lane and say the same.
    assert (
        deadwood(
            hand,
            setup.rules,
            setup.points,
            wild_rank=setup.wild_rank,
            requirement=setup.requirement,
            discard=discarding,
            forbidden=forbidden,
        )
        == expected
    )
    assert _public(setup, hand, discarding, forbidden).points == expected


@PROPERTY
@given(case=lane_cases(_wild.MAX_CARDS))
def test_the_lane_scores_what_the_general_search_scores_on_fourteen_cards(
    case: tuple[Setup, Hand, bool, list[Card], frozenset[int] | None],
) -> None:
    setup, hand, discarding, _, banned = case
    if not _applies(setup, hand, banned):
        return
    with Search(
        hand.codes,
        setup.rules,
        setup.points,
        setup.wild_rank,
        setup.requirement,
        banned or frozenset(),
    ) as search:
        expected = search.best(discarding)
    _check_lane(case, expected)


def test_gamentio_hands_take_the_lane_and_show_their_own_wild_cards() -> None:
    """The slowest hand of set (f) in the general search (three wild tens,
    and 4d, 3c, Kh far from any meld) scores 3: ``[7s 8s 9s] [8h 8d 8c]``, the
    sevens with a wild ten, ``Kh`` with the other two, 3c left and 4d
    thrown.  Its melds hold the hand's tens, not printed jokers."""
    variant = IndianRummy(preset="gamentio")
    hand = Hand.parse("7s 8s 9s Ts 7h 8h Th Kh 4d 8d Td 3c 7c 8c")
    rules, points, requirement = (
        variant.meld_rules,
        variant.point_values,
        variant.requirement,
    )
    assert _wild.applies(hand.codes, rules, points, Rank.TEN, requirement, None)
    result = variant.best_discard(hand, wild_rank=Rank.TEN)
    assert (result.points, result.discard) == (3, Card("4d"))
    assert result.deadwood == (Card("3c"),)
    used = Hand([card for meld in result.melds for card in meld.cards])
    assert Card.joker() not in used.cards
    assert Hand([card for card in used.cards if card.rank == Rank.TEN]) == Hand.parse(
        "Ts Th Td"
    )
    with Search(hand.codes, rules, points, Rank.TEN, requirement) as search:
        assert search.best(True) == 3


def test_a_joker_discard_is_the_printed_joker_if_one_is_left() -> None:
    """With every natural card forbidden, a joker is thrown: the printed one,
    so that the wild 5h stays with the melds."""
    rules, points = MeldRules(), PointValues(joker=0)
    hand = Hand.parse("As 2s 3s 9d 9h 9c 5h Jk")
    naturals = [card for card in hand.cards if card.rank not in (None, Rank.FIVE)]
    assert _wild.applies(
        hand.codes,
        rules,
        points,
        Rank.FIVE,
        None,
        frozenset(card.code for card in naturals),
    )
    result = best_discard(hand, rules, points, wild_rank=Rank.FIVE, forbidden=naturals)
    assert (result.points, result.discard) == (0, Card.joker())
    assert Card("5h") in [card for meld in result.melds for card in meld.cards]


@pytest.mark.parametrize(
    ("text", "rules", "points", "requirement", "forbidden", "why"),
    [
        ("7h 7h 8h 9h", MeldRules(), PointValues(), None, None, "two copies of 7h"),
        (
            "7h 8h 9h 5c",
            MeldRules(),
            PointValues(),
            Requirement(min_sequences=1),
            None,
            "a sequence asked",
        ),
        (
            "7h 8h 9h 5c",
            MeldRules(),
            PointValues(),
            Requirement(cap=40),
            None,
            "a cap on the score",
        ),
        ("7h 8h 9h 5c", MeldRules(), PointValues(joker=15), None, None, "joker points"),
        (
            "7h 8h 9h 5c",
            MeldRules(max_jokers_per_meld=1),
            PointValues(),
            None,
            None,
            "a joker limit",
        ),
        (
            "7h 8h 9h 5c",
            MeldRules(min_naturals_per_meld=2),
            PointValues(),
            None,
            None,
            "two natural cards a meld",
        ),
        (
            "7h 8h 9h 5c",
            MeldRules(),
            PointValues(),
            None,
            frozenset({Card("5c").code}),
            "the wild card forbidden",
        ),
        (
            "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks Ah Kh",
            MeldRules(),
            PointValues(),
            None,
            None,
            "15 cards",
        ),
    ],
)
def test_the_lane_leaves_other_hands_to_the_other_paths(
    text: str,
    rules: MeldRules,
    points: PointValues,
    requirement: Requirement | None,
    forbidden: frozenset[int] | None,
    why: str,
) -> None:
    hand = Hand.parse(text)
    assert not _wild.applies(
        hand.codes, rules, points, Rank.FIVE, requirement, forbidden
    ), why
