"""The requirement lane (``partition/_required.py``): hands of up to 14 cards
under a requirement of sequences (Indian Rummy's standard preset: two
sequences, one of them pure, scores capped at 80), answered by the small-hand
search with the runs and pure runs counted.

Where it applies (jokers worth nothing, no joker limits, at most one natural
card a meld, at most one pure sequence asked, no long sequence), its values
must be the brute force's on small hands and the general search's on hands
of 14 cards, and its groupings must be valid, in the hand's own cards, meet
the requirement and score what they say.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import (
    Card,
    DeckSpec,
    Hand,
    MeldKind,
    MeldRules,
    PointValues,
    Rank,
    Requirement,
)
from rummykit.cards import JOKER_CODE
from rummykit.partition import (
    _NOTHING,
    Partition,
    _points,
    _required,
    _work,
    best_discard,
    deadwood,
    partition,
)
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

Case = tuple[Setup, Hand, bool, list[Card], frozenset[int] | None]


@st.composite
def lane_setups(draw: st.DrawFn) -> Setup:
    """Random rules the lane serves: one or two decks and up to four printed
    jokers, jokers worth nothing, no joker limits, melds of at most one
    natural card needed, runs of three or more, and a requirement of one to three sequences, none
    or one of them pure, with or without a cap."""
    rules = attrs.evolve(
        draw(meld_rules()),
        max_jokers_per_meld=None,
        max_jokers_per_run=None,
        golden_rummy=False,
    )
    if rules.min_naturals_per_meld != 1 or rules.min_run < 3:
        least = max(3, rules.min_run)
        rules = attrs.evolve(
            rules,
            min_naturals_per_meld=1,
            min_run=least,
            max_run=None if rules.max_run is None else max(least, rules.max_run),
        )
    worth = draw(st.lists(st.integers(0, 14), min_size=13, max_size=13))
    sequences = draw(st.integers(1, 3))
    requirement = Requirement(
        min_sequences=sequences,
        min_pure_sequences=draw(st.integers(0, 1)),
        cap=draw(st.sampled_from([None, 20, 80])),
    )
    return Setup(
        rules,
        PointValues(ranks=tuple(worth), joker=0),
        DeckSpec(decks=draw(st.integers(1, 2)), jokers=draw(st.integers(0, 4))),
        draw(wild_ranks()),
        requirement,
    )


@st.composite
def lane_cases(draw: st.DrawFn, max_size: int) -> Case:
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
    return _required.applies(
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


def _check_lane(case: Case, expected: int) -> None:
    """The lane's value and grouping, and the public functions (which run a
    short cover search first), score ``expected``; the groupings are valid
    for the hand and meet the requirement if they say so."""
    setup, hand, discarding, forbidden, banned = case
    assert setup.requirement is not None
    args = (hand.codes, setup.rules, setup.points, setup.wild_rank, setup.requirement)
    assert _required.value(*args, banned) == expected
    found = _required.grouping(*args, banned)
    if found is not None:
        assert found.points == expected
        check_result(found, hand, setup, discarding=discarding, forbidden=forbidden)
    result = _public(setup, hand, discarding, forbidden)
    assert result.points == expected
    check_result(result, hand, setup, discarding=discarding, forbidden=forbidden)
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


@PROPERTY
@given(case=lane_cases(MAX_BRUTE))
def test_the_lane_scores_what_the_brute_force_scores(case: Case) -> None:
    setup, hand, discarding, forbidden, banned = case
    if not hand or not _applies(setup, hand, banned):
        return
    scorer = setup.scorer(hand)
    expected = scorer.best_discard(forbidden) if discarding else scorer.points_of_hand()
    _check_lane(case, expected)


@PROPERTY
@given(case=lane_cases(_required.MAX_CARDS))
def test_the_lane_scores_what_the_general_search_scores_on_fourteen_cards(
    case: Case,
) -> None:
    setup, hand, _, _, banned = case
    if not hand or not _applies(setup, hand, banned):
        return
    expected = _points(
        hand.codes,
        setup.rules,
        setup.points,
        setup.wild_rank,
        setup.requirement,
        banned,
    )
    _check_lane(case, expected)


def _standard() -> tuple[IndianRummy, MeldRules, PointValues, Requirement]:
    variant = IndianRummy(preset="standard")
    assert variant.requirement is not None
    return variant, variant.meld_rules, variant.point_values, variant.requirement


def test_standard_hands_take_the_lane() -> None:
    """The slowest hand of set (f) under the standard preset in the general
    search: the lane answers it, as the general search does."""
    variant, rules, points, requirement = _standard()
    hand = Hand.parse("3s Ah 2h 3h 4h 5h 6h 9h 4d 8d 3c 9c 9c Tc")
    assert _required.applies(
        hand.codes, rules, points, Rank.NINE, requirement, _NOTHING
    )
    expected = _points(hand.codes, rules, points, Rank.NINE, requirement, _NOTHING)
    assert variant.deadwood(hand, wild_rank=Rank.NINE, discard=True) == expected
    result = variant.best_discard(hand, wild_rank=Rank.NINE)
    assert result.points == expected
    assert result.requirement_met and requirement.is_met_by(result.melds)


def test_a_wild_card_as_itself_makes_the_pure_sequence() -> None:
    """Rule: a card of the wild rank in its own place keeps a run pure
    (``wild_natural_is_pure``).  The only pure sequence of this hand is
    5h 6h 7h with the wild 7h as itself; read as a joker, 7h would leave no
    pure sequence and the hand would score every card."""
    variant, rules, points, requirement = _standard()
    hand = Hand.parse("5h 6h 7h 9s Ts Jk Ks Kd Kc")
    assert variant.deadwood(hand, wild_rank=Rank.SEVEN) == 0
    result = variant.partition(hand, wild_rank=Rank.SEVEN)
    assert result.points == 0 and requirement.is_met_by(result.melds)
    pure = [meld for meld in result.melds if meld.kind is MeldKind.RUN and meld.pure]
    assert [meld.cards for meld in pure] == [Hand.parse("5h 6h 7h").cards]
    strict = attrs.evolve(rules, wild_natural_is_pure=False)
    assert (
        deadwood(hand, strict, points, wild_rank=Rank.SEVEN, requirement=requirement)
        == 60
    )


def test_the_wild_card_a_pure_run_holds_is_not_the_discard() -> None:
    """With two wild sevens and nothing else to throw, a wild card is thrown:
    7d, not 7h, which makes 5h 6h 7h the pure sequence."""
    variant, _, _, requirement = _standard()
    hand = Hand.parse("5h 6h 7h 9s Ts Js Ks Kd Kc 7d")
    result = variant.best_discard(hand, wild_rank=Rank.SEVEN)
    assert (result.points, result.discard) == (0, Card("7d"))
    assert requirement.is_met_by(result.melds)
    assert Card("7h") in [card for meld in result.melds for card in meld.cards]


def test_a_spare_joker_never_spoils_the_pure_sequence() -> None:
    """A joker left over stays out of the runs (it scores nothing there or
    unmelded), so the pure sequence the requirement counts stays pure."""
    variant, _, _, requirement = _standard()
    hand = Hand.parse("As 2s 3s 5h 6h 7h 9d 9c 9s Jk")
    result = variant.partition(hand, wild_rank=Rank.KING)
    assert result.points == 0 and result.requirement_met
    assert requirement.is_met_by(result.melds)
    assert all(meld.pure for meld in result.melds if meld.kind is MeldKind.RUN)


@pytest.mark.parametrize("pure", [True, False])
def test_a_wild_card_as_itself_holds_a_run_of_jokers_together(pure: bool) -> None:
    """Rule: a meld needs one natural card, and a card of the wild rank in its
    own place is one.  So three wild fours make the second sequence
    (4d as itself, the others as 5d 6d), with As 2s 3s the pure one: the
    hand scores 0, and its grouping meets the requirement."""
    variant = IndianRummy(preset="standard", wild_natural_is_pure=pure)
    requirement = variant.requirement
    assert requirement is not None
    hand = Hand.parse("As 2s 3s 4s 4h 4d")
    assert variant.deadwood(hand, wild_rank=Rank.FOUR) == 0
    result = variant.partition(hand, wild_rank=Rank.FOUR)
    assert result.points == 0 and requirement.is_met_by(result.melds)
    thrown = variant.best_discard(hand.add(Card("Kc")), wild_rank=Rank.FOUR)
    assert thrown.points == 0 and requirement.is_met_by(thrown.melds)


def test_two_sequences_without_a_pure_one_score_every_card_capped() -> None:
    """Rule: a hand with no pure sequence scores all its cards, capped at 80
    under the standard preset."""
    variant, _, points, _ = _standard()
    hand = Hand.parse("4s Ks Qh Kh Jk 9d Td Qd Ac 3c 5c 7c 9c")
    every = points.total(hand.cards, wild_rank=Rank.TWO)
    assert every > 80
    result = variant.partition(hand, wild_rank=Rank.TWO)
    assert (result.points, result.requirement_met, result.melds) == (80, False, ())
    assert variant.deadwood(hand, wild_rank=Rank.TWO) == 80


def test_the_slow_hand_measure_counts_the_lanes_branches() -> None:
    """``_work`` follows the lane for standard hands: a hand covered at once
    needs one branch, a hand that needs search more."""
    _, rules, points, requirement = _standard()
    easy, hard = (
        _work(
            Hand.parse(text),
            rules,
            points,
            wild_rank=Rank.NINE,
            requirement=requirement,
            discard=True,
        )
        for text in (
            "As 2s 3s 4h 5h 6h 7d 7c 7s Kd Kc Ks Qh 8c",
            "3s Ah 2h 3h 4h 5h 6h 9h 4d 8d 3c 9c 9c Tc",
        )
    )
    assert 1 <= easy < hard


@pytest.mark.parametrize(
    ("text", "rules", "points", "requirement", "forbidden", "why"),
    [
        ("7h 8h 9h 5c", MeldRules(), PointValues(), None, None, "no requirement"),
        (
            "7h 8h 9h 5c",
            MeldRules(),
            PointValues(),
            Requirement(cap=40),
            None,
            "no sequence asked",
        ),
        (
            "7h 8h 9h 5c",
            MeldRules(),
            PointValues(),
            Requirement(min_sequences=2, min_pure_sequences=2),
            None,
            "two pure sequences",
        ),
        (
            "7h 8h 9h 5c",
            MeldRules(),
            PointValues(),
            Requirement(min_sequences=1, long_sequence=4),
            None,
            "a long sequence",
        ),
        (
            "7h 8h 9h 5c",
            MeldRules(),
            PointValues(joker=15),
            Requirement(min_sequences=1),
            None,
            "joker points",
        ),
        (
            "7h 8h 9h 5c",
            MeldRules(max_jokers_per_meld=1),
            PointValues(),
            Requirement(min_sequences=1),
            None,
            "a joker limit",
        ),
        (
            "7h 8h 9h 5c",
            MeldRules(min_naturals_per_meld=2),
            PointValues(),
            Requirement(min_sequences=1),
            None,
            "two natural cards a meld",
        ),
        (
            "7h 8h 9h 5c",
            MeldRules(min_naturals_per_meld=0),
            PointValues(),
            Requirement(min_sequences=1),
            None,
            "melds of jokers alone",
        ),
        (
            "7h 8h 9h 5c",
            MeldRules(min_run=2),
            PointValues(),
            Requirement(min_sequences=1),
            None,
            "runs of two",
        ),
        (
            "7h 8h 9h 5c",
            MeldRules(),
            PointValues(),
            Requirement(min_sequences=1),
            frozenset({Card("5c").code}),
            "the wild card forbidden",
        ),
        (
            "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks Ah Kh",
            MeldRules(),
            PointValues(),
            Requirement(min_sequences=1),
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
    assert not _required.applies(
        hand.codes, rules, points, Rank.FIVE, requirement, forbidden
    ), why
