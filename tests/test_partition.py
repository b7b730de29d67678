"""Property tests for the meld partitioner against the brute force in bruteforce.py.

Every rule set the variants use is covered, plus random :class:`MeldRules`,
point values and requirements.  Uniform random hands hardly ever hold a
meld, so hands are built from one to three melds (runs or sets, sometimes
with printed jokers or wild-rank cards in them, sometimes with a card left
out) plus a few random cards, all dealt from the variant's deck.

For each hand the tests check that

(a) the points equal the brute force's;
(b) :func:`deadwood` equals :attr:`Partition.points`;
(c) the grouping is valid: each meld re-validates under the same rules and
    wild rank, melds + deadwood (+ discard) are exactly the hand, and the
    points are the deadwood's (or, when the requirement is not met, all the
    cards'), capped;
(d) every card that stands in for another stands for a natural card;
(e) :func:`best_discard` matches the brute force, honours ``forbidden`` and
    throws a card of the hand;
(f) :func:`all_partitions` lists distinct groupings, all optimal and valid,
    the first with :func:`partition`'s points, and exactly the optimal
    groupings the brute force finds, counting groupings that differ only in
    which interchangeable joker goes where as one (as documented).

The fast path (one deck, no jokers, no wild cards) is also checked against
the general search and against the brute force on full Gin hands.  The
bugs the brute force found keep a regression test each at the end of the file.

Hands stay at 9 cards or fewer so that the brute force is quick.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummykit import (
    Card,
    DeckSpec,
    Hand,
    InvalidCardError,
    Meld,
    MeldKind,
    MeldRules,
    Rank,
)
from rummykit.partition import (
    Partition,
    PointValues,
    Requirement,
    all_partitions,
    best_discard,
    deadwood,
    partition,
)
from rummykit.variants import ClassicRummy, IndianRummy, Rumino
from tests.bruteforce import Scorer
from tests.profiles import examples
from tests.strategies import deck_specs, meld_rules, ranks, wild_ranks

MAX_BRUTE = 9
"""The most cards a hand compared with the brute force holds."""

EXAMPLES = int(
    os.environ.get("RUMMYKIT_PARTITION_EXAMPLES", str(examples(150, fast=25)))
)
"""Examples per property; raise the variable for a deeper search."""

PROPERTY = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# --- what is being tested: a rule set and its deck ----------------------------


@attrs.frozen
class Setup:
    """A rule set, the deck hands are dealt from, and the hand's wild rank."""

    rules: MeldRules
    points: PointValues
    deck: DeckSpec
    wild_rank: Rank | None = None
    requirement: Requirement | None = None

    def scorer(self, hand: Hand) -> Scorer:
        return Scorer(
            hand.cards,
            self.rules,
            self.points,
            wild_rank=self.wild_rank,
            requirement=self.requirement,
        )


def gin_setups() -> st.SearchStrategy[Setup]:
    """Gin's defaults: one deck, ace low, sets of 3-4, runs of 3+, standard points."""
    return st.just(Setup(MeldRules(), PointValues.standard(), DeckSpec()))


def classic_setups() -> st.SearchStrategy[Setup]:
    """Classic Rummy with ace_high and wrap on or off."""
    return st.builds(
        lambda ace_high, wrap: _variant_setup(
            ClassicRummy(ace_high=ace_high, wrap=wrap)
        ),
        st.booleans(),
        st.booleans(),
    )


def rumino_setups() -> st.SearchStrategy[Setup]:
    """Rumino: two decks and four jokers worth 10, duplicates, every meld option."""
    return st.builds(
        lambda **options: _variant_setup(Rumino(**options)),
        max_jokers_per_meld=st.sampled_from([None, 1]),
        min_naturals_per_meld=st.sampled_from([1, 0]),
        set_distinct_suits=st.booleans(),
        max_run=st.sampled_from([4, None]),
        ace_high=st.booleans(),
    )


def gamentio_setups() -> st.SearchStrategy[Setup]:
    """Indian, Gamentio preset: one deck, a wild rank, A = 14, one pure sequence."""
    return st.builds(
        lambda wild, **options: _variant_setup(IndianRummy(**options), wild),
        ranks(),
        life_min_len_4=st.booleans(),
        wild_natural_is_pure=st.booleans(),
    )


def standard_setups() -> st.SearchStrategy[Setup]:
    """Indian, standard preset: two decks and two printed jokers, a wild rank,
    two sequences one of them pure, capped at 80."""
    return st.builds(
        lambda wild, **options: _variant_setup(
            IndianRummy(preset="standard", **options), wild
        ),
        ranks(),
        life_min_len_4=st.booleans(),
        wild_natural_is_pure=st.booleans(),
        max_jokers_per_run=st.sampled_from([None, 1]),
    )


def requirements() -> st.SearchStrategy[Requirement | None]:
    """Any requirement (or none), from "nothing but a cap" to two sequences."""

    @st.composite
    def build(draw: st.DrawFn) -> Requirement:
        sequences = draw(st.integers(0, 2))
        return Requirement(
            min_sequences=sequences,
            min_pure_sequences=draw(st.integers(0, sequences)),
            long_sequence=draw(st.sampled_from([None, 3, 4, 5])),
            cap=draw(st.sampled_from([None, 0, 15, 40])),
        )

    return st.one_of(st.none(), build())


def point_values() -> st.SearchStrategy[PointValues]:
    """Any point values, zero included."""
    return st.builds(
        PointValues,
        ranks=st.lists(st.integers(0, 14), min_size=13, max_size=13).map(tuple),
        joker=st.integers(0, 12),
    )


def random_setups() -> st.SearchStrategy[Setup]:
    """Random meld rules, points, decks (up to 4 jokers), wild ranks, requirements."""
    return st.builds(
        Setup,
        meld_rules(),
        point_values(),
        deck_specs(max_jokers=4),
        wild_ranks(),
        requirements(),
    )


def _variant_setup(
    variant: Rumino | IndianRummy | ClassicRummy, wild_rank: Rank | None = None
) -> Setup:
    return Setup(
        variant.meld_rules,
        variant.point_values,
        variant.deck,
        wild_rank,
        variant.requirement,
    )


FAMILIES: dict[str, Callable[[], st.SearchStrategy[Setup]]] = {
    "gin": gin_setups,
    "classic": classic_setups,
    "rumino": rumino_setups,
    "indian_gamentio": gamentio_setups,
    "indian_standard": standard_setups,
    "random_rules": random_setups,
}


# --- hands that hold melds ----------------------------------------------------


@st.composite
def meldy_hands(
    draw: st.DrawFn, deck: DeckSpec, wild_rank: Rank | None, max_size: int = MAX_BRUTE
) -> Hand:
    """A hand of at most ``max_size`` cards from ``deck``, built from melds.

    One to three runs (more often) or sets of 3-5 cards; each card may be swapped
    for a printed joker or a wild-rank card, or left out; then up to three
    random cards.  Cards the deck has run out of are skipped, so the hand
    never holds more copies than the deck.
    """
    wanted: list[Card] = []
    for _ in range(draw(st.integers(1, 3))):
        size = draw(st.integers(3, 5))
        rank = draw(st.integers(0, 12))  # rank - 1
        if draw(st.sampled_from([True, True, False])):  # runs, two times in three
            suit = draw(st.integers(0, 3))
            group = [Card.from_code(suit * 13 + (rank + i) % 13) for i in range(size)]
        else:
            suits = draw(
                st.one_of(
                    st.permutations(range(4)).map(list),
                    st.lists(st.integers(0, 3), min_size=size, max_size=size),
                )
            )
            group = [Card.from_code(s * 13 + rank) for s in suits[:size]]
        for i, _card in enumerate(group):
            change = draw(st.sampled_from(["keep"] * 5 + ["joker", "wild", "drop"]))
            if change == "joker":
                group[i] = Card.joker()
            elif change == "wild" and wild_rank is not None:
                group[i] = Card.of(wild_rank, draw(st.sampled_from("shdc")))
            elif change == "drop":
                group[i] = Card.from_code(draw(st.integers(0, 51)))
        wanted += group
    wanted += draw(st.lists(st.sampled_from(deck.cards()), max_size=3))
    left = Counter(deck.cards())
    dealt: list[Card] = []
    for card in draw(st.permutations(wanted)) if draw(st.booleans()) else wanted:
        if left[card] and len(dealt) < max_size:
            left[card] -= 1
            dealt.append(card)
    return Hand(dealt)


@st.composite
def setup_and_hand(
    draw: st.DrawFn, family: str, max_size: int = MAX_BRUTE
) -> tuple[Setup, Hand]:
    setup = draw(FAMILIES[family]())
    return setup, draw(meldy_hands(setup.deck, setup.wild_rank, max_size))


@st.composite
def forbidden_cards(draw: st.DrawFn, hand: Hand) -> list[Card]:
    """Some distinct cards of ``hand`` to forbid, never all of them."""
    distinct = list(dict.fromkeys(hand.cards))
    chosen = draw(st.lists(st.sampled_from(distinct), unique=True, max_size=3))
    if len(chosen) == len(distinct):
        chosen.pop()
    return chosen


# --- checks ---------------------------------------------------------------------


def _is_wild(card: Card, wild_rank: Rank | None) -> bool:
    return wild_rank is not None and not card.is_joker and card.rank is wild_rank


def _capped(points: int, requirement: Requirement | None) -> int:
    if requirement is None or requirement.cap is None:
        return points
    return min(points, requirement.cap)


def check_meld(meld: Meld, setup: Setup) -> None:
    """The meld is valid under the setup's rules and says truly what it is."""
    rules, wild_rank = setup.rules, setup.wild_rank
    rebuilt = Meld.build(meld.cards, rules, wild_rank=wild_rank, kind=meld.kind)
    assert rebuilt.kind is meld.kind
    assert len(meld.stands_for) == len(meld.cards)
    stand_ins = 0
    wild_as_itself = False
    for card, stands in zip(meld.cards, meld.stands_for, strict=True):
        # (d) whatever a card stands for is a natural card
        assert not stands.is_joker, f"{meld}: a card stands for a joker"
        if card.is_joker or (_is_wild(card, wild_rank) and card != stands):
            stand_ins += 1
        else:
            assert card == stands, f"{meld}: natural {card} stands for {stands}"
            wild_as_itself = wild_as_itself or _is_wild(card, wild_rank)
    truly_pure = stand_ins == 0 and (rules.wild_natural_is_pure or not wild_as_itself)
    assert meld.pure == truly_pure, f"{meld}: pure={meld.pure} does not match its cards"
    if meld.pure:
        assert rebuilt.pure
    # The cards stood for make the meld's shape on their own.
    if meld.kind is MeldKind.RUN:
        assert len(set(meld.stands_for)) == len(meld.stands_for)
        assert rules.why_not(meld.stands_for, kind=MeldKind.RUN) is None, str(meld)
    else:
        assert len({stands.rank for stands in meld.stands_for}) == 1, str(meld)


def check_result(
    result: Partition,
    hand: Hand,
    setup: Setup,
    *,
    discarding: bool = False,
    forbidden: Iterable[Card] = (),
) -> None:
    """(c) and (d): the grouping is valid and its points add up."""
    requirement = setup.requirement
    kept = hand
    if discarding:
        assert result.discard is not None
        assert result.discard in hand
        assert result.discard not in list(forbidden)
        kept = hand.remove(result.discard)
    else:
        assert result.discard is None
    assert result.cards == kept
    assert Hand([*(c for m in result.melds for c in m.cards), *result.deadwood]) == kept
    for meld in result.melds:
        check_meld(meld, setup)
    if result.requirement_met:
        dead = setup.points.total(result.deadwood, wild_rank=setup.wild_rank)
        assert result.points == _capped(dead, requirement)
        if requirement is not None:
            assert requirement.is_met_by(result.melds)
    else:
        assert requirement is not None
        assert result.melds == ()
        every = setup.points.total(kept, wild_rank=setup.wild_rank)
        assert result.points == _capped(every, requirement)


def _key(result: Partition) -> tuple[object, ...]:
    """What tells two groupings apart: each meld's kind and cards, and the discard."""
    melds = sorted(
        (meld.kind.value, tuple(sorted(card.code for card in meld.cards)))
        for meld in result.melds
    )
    return (tuple(melds), None if result.discard is None else result.discard.code)


# --- (a) to (d): partition and deadwood -----------------------------------------


@pytest.mark.parametrize("family", FAMILIES)
@PROPERTY
@given(data=st.data())
def test_partition_matches_brute_force(family: str, data: st.DataObject) -> None:
    setup, hand = data.draw(setup_and_hand(family))
    expected = setup.scorer(hand).points_of_hand()
    result = partition(
        hand,
        setup.rules,
        setup.points,
        wild_rank=setup.wild_rank,
        requirement=setup.requirement,
    )
    assert result.points == expected, str(result)
    assert (
        deadwood(
            hand,
            setup.rules,
            setup.points,
            wild_rank=setup.wild_rank,
            requirement=setup.requirement,
        )
        == expected
    )
    check_result(result, hand, setup)


# --- (e): best_discard --------------------------------------------------------------


@pytest.mark.parametrize("family", FAMILIES)
@PROPERTY
@given(data=st.data())
def test_best_discard_matches_brute_force(family: str, data: st.DataObject) -> None:
    setup, hand = data.draw(setup_and_hand(family))
    if not hand:
        with pytest.raises(InvalidCardError):
            best_discard(hand, setup.rules, setup.points)
        return
    forbidden = data.draw(forbidden_cards(hand))
    expected = setup.scorer(hand).best_discard(forbidden)
    result = best_discard(
        hand,
        setup.rules,
        setup.points,
        wild_rank=setup.wild_rank,
        requirement=setup.requirement,
        forbidden=forbidden,
    )
    assert result.points == expected, str(result)
    check_result(result, hand, setup, discarding=True, forbidden=forbidden)
    value = deadwood(
        hand,
        setup.rules,
        setup.points,
        wild_rank=setup.wild_rank,
        requirement=setup.requirement,
        discard=True,
        forbidden=forbidden,
    )
    assert value == expected


def test_best_discard_refuses_when_every_card_is_forbidden() -> None:
    with pytest.raises(InvalidCardError, match="may be discarded"):
        best_discard(Hand.parse("As 2s 2s"), forbidden=["As", "2s"])
    with pytest.raises(InvalidCardError, match="may be discarded"):
        best_discard(Hand())


# --- (f): all_partitions ------------------------------------------------------------


@attrs.frozen
class Groupings:
    """The optimal groupings of a hand by brute force, for all_partitions.

    Keys treat every printed joker and wild-rank card as one card: groupings
    that differ only in which interchangeable joker goes where are listed once.
    """

    every: frozenset[tuple[object, ...]]
    """Every optimal grouping."""

    def key(self, result: Partition, wild_rank: Rank | None) -> tuple[object, ...]:
        return _alike_key(
            [(meld.kind.value, meld.cards) for meld in result.melds],
            result.discard,
            wild_rank,
        )


def _alike_key(
    melds: Iterable[tuple[str, Iterable[Card]]],
    discard: Card | None,
    wild_rank: Rank | None,
) -> tuple[object, ...]:
    def code(card: Card) -> int:
        return Card.joker().code if _is_joker_like(card, wild_rank) else card.code

    thrown = None if discard is None else code(discard)
    return (
        tuple(sorted((kind, tuple(sorted(map(code, cards)))) for kind, cards in melds)),
        thrown,
    )


def _is_joker_like(card: Card, wild_rank: Rank | None) -> bool:
    return card.is_joker or _is_wild(card, wild_rank)


def brute_groupings(
    setup: Setup, hand: Hand, target: int, forbidden: Sequence[Card] | None
) -> Groupings:
    """Every grouping (after a discard unless ``forbidden`` is None) that meets
    the requirement and leaves exactly ``target`` deadwood points."""
    scorer = setup.scorer(hand)
    cards = hand.cards
    every: set[tuple[object, ...]] = set()
    melds: list[tuple[str, list[Card], tuple[int, bool] | None]] = []

    def walk(mask: int, dead: int, discard: Card | None) -> None:
        if dead > target:
            return
        if mask == 0:
            if forbidden is not None and discard is None:
                return
            runs = tuple(sorted(run for _, _, run in melds if run is not None))
            if dead == target and scorer.meets(runs):
                laid = [(kind, members) for kind, members, _ in melds]
                every.add(_alike_key(laid, discard, setup.wild_rank))
            return
        low = (mask & -mask).bit_length() - 1
        rest = mask ^ (1 << low)
        walk(rest, dead + scorer.values[low], discard)
        if forbidden is not None and discard is None and cards[low] not in forbidden:
            walk(rest, dead, cards[low])
        for meld_mask, run in scorer.melds:
            if meld_mask >> low & 1 and meld_mask & mask == meld_mask:
                members = [cards[i] for i in range(len(cards)) if meld_mask >> i & 1]
                melds.append(("set" if run is None else "run", members, run))
                walk(mask ^ meld_mask, dead, discard)
                melds.pop()

    walk((1 << len(cards)) - 1, 0, None)
    return Groupings(frozenset(every))


@pytest.mark.parametrize(
    "family",
    # Random rules with one-card melds list thousands of optimal groupings: a
    # minute and more for the default profile's examples, so only the deep one.
    [
        pytest.param(f, marks=pytest.mark.slow) if f == "random_rules" else f
        for f in FAMILIES
    ],
)
@PROPERTY
@given(data=st.data())
def test_all_partitions_are_the_optimal_groupings(
    family: str, data: st.DataObject
) -> None:
    setup, hand = data.draw(setup_and_hand(family, max_size=8))
    discarding = bool(hand) and data.draw(st.booleans())
    forbidden = data.draw(forbidden_cards(hand)) if discarding else []
    rules, points, wild_rank, requirement = (
        setup.rules,
        setup.points,
        setup.wild_rank,
        setup.requirement,
    )
    results = all_partitions(
        hand,
        rules,
        points,
        wild_rank=wild_rank,
        requirement=requirement,
        discard=discarding,
        forbidden=forbidden,
        limit=100_000,  # every one, to compare with the brute force
    )
    assert results
    if discarding:
        single = best_discard(
            hand,
            rules,
            points,
            wild_rank=wild_rank,
            requirement=requirement,
            forbidden=forbidden,
        )
    else:
        single = partition(
            hand, rules, points, wild_rank=wild_rank, requirement=requirement
        )
    assert results[0].points == single.points
    keys = [_key(result) for result in results]
    assert len(set(keys)) == len(keys), "all_partitions repeats a grouping"
    for result in results:
        assert result.points == single.points
        check_result(result, hand, setup, discarding=discarding, forbidden=forbidden)
    if not all(result.requirement_met for result in results):
        # No grouping meeting the requirement beats scoring every card.
        assert len(results) == 1
        return
    dead = points.total(results[0].deadwood, wild_rank=wild_rank)
    brute = brute_groupings(setup, hand, dead, forbidden if discarding else None)
    listed = {brute.key(result, wild_rank) for result in results}
    assert listed <= brute.every
    assert listed == brute.every


# --- the fast path and the general search ----------------------------------------
#
# partition(), deadwood() and best_discard() take the fast path (_fast.py) when
# no requirement is given and the hand holds no printed joker, no wild-rank card
# and no two identical cards.  Passing an empty Requirement() sends the same
# hand through the general search (_search.py) without changing its meaning: it
# asks for no runs and has no cap.


@PROPERTY
@given(
    rules=meld_rules(),
    points=point_values(),
    data=st.data(),
)
def test_fast_path_agrees_with_the_general_search(
    rules: MeldRules, points: PointValues, data: st.DataObject
) -> None:
    setup = Setup(rules, points, DeckSpec())
    hand = data.draw(meldy_hands(DeckSpec(), None, max_size=13))
    general = Setup(rules, points, DeckSpec(), requirement=Requirement())
    fast_result = partition(hand, rules, points)
    general_result = partition(hand, rules, points, requirement=Requirement())
    assert fast_result.points == general_result.points
    assert deadwood(hand, rules, points) == fast_result.points
    assert (
        deadwood(hand, rules, points, requirement=Requirement()) == fast_result.points
    )
    check_result(fast_result, hand, setup)
    check_result(general_result, hand, general)
    if hand:
        forbidden = data.draw(forbidden_cards(hand))
        fast_discard = best_discard(hand, rules, points, forbidden=forbidden)
        general_discard = best_discard(
            hand, rules, points, requirement=Requirement(), forbidden=forbidden
        )
        assert fast_discard.points == general_discard.points
        check_result(fast_discard, hand, setup, discarding=True, forbidden=forbidden)
        check_result(
            general_discard, hand, general, discarding=True, forbidden=forbidden
        )


@pytest.mark.parametrize(
    "rules",
    [MeldRules(), MeldRules(ace_high=True), MeldRules(wrap=True), MeldRules(max_run=4)],
    ids=["gin", "ace_high", "wrap", "max_run_4"],
)
@PROPERTY
@given(data=st.data())
def test_fast_path_matches_brute_force_on_full_hands(
    rules: MeldRules, data: st.DataObject
) -> None:
    """Gin-sized hands (10 and 11 cards) through the fast path."""
    setup = Setup(rules, PointValues.standard(), DeckSpec())
    hand = data.draw(meldy_hands(DeckSpec(), None, max_size=11))
    scorer = setup.scorer(hand)
    result = partition(hand, rules)
    assert result.points == scorer.points_of_hand()
    check_result(result, hand, setup)
    if hand:
        thrown = best_discard(hand, rules)
        assert thrown.points == scorer.best_discard()
        check_result(thrown, hand, setup, discarding=True)


# --- regressions: bugs the brute force found -------------------------------------------------------------------


def test_fast_path_allows_two_sets_of_one_rank() -> None:
    rules = MeldRules(min_set=2, max_set=2)
    hand = Hand.parse("9s 9h 9d 9c")
    assert Meld.build("9s 9h", rules).kind is MeldKind.SET
    # The general search finds both pairs.
    assert partition(hand, rules, requirement=Requirement()).points == 0
    assert deadwood(hand, rules) == 0  # the fast path says 18


def test_all_joker_runs_count_without_a_requirement() -> None:
    rules = MeldRules(min_set=4, min_naturals_per_meld=0)
    points = PointValues(joker=5)
    hand = Hand.parse("Jk Jk Jk")
    assert Meld.build(hand, rules).kind is MeldKind.RUN
    assert Scorer(hand.cards, rules, points).points_of_hand() == 0
    assert deadwood(hand, rules, points) == 0  # the partitioner says 15


def test_all_joker_sets_are_built_as_sets() -> None:
    rules = MeldRules(min_set=2, min_naturals_per_meld=0)
    points = PointValues(joker=5)
    hand = Hand.parse("Jk Jk 9d")
    assert Meld.build("Jk Jk", rules).kind is MeldKind.SET
    # AssertionError: partitioner built an invalid meld: a run has at least 3 cards, not 2
    result = best_discard(hand, rules, points)
    assert result.points == 0
    check_result(
        result, hand, Setup(rules, points, DeckSpec(jokers=2)), discarding=True
    )


def test_wild_card_standing_as_itself_keeps_a_run_pure() -> None:
    standard = IndianRummy(preset="standard")
    result = standard.partition(Hand.parse("As As 2s 2s 3s 3s"), wild_rank=Rank.TWO)
    assert result.points == 0
    assert [str(meld) for meld in result.melds] == ["As 2s 3s", "As 2s 3s"]
    assert Meld.build("As 2s 3s", standard.meld_rules, wild_rank=Rank.TWO).pure
    assert all(meld.pure for meld in result.melds)  # the second says pure=False


def test_all_partitions_lists_every_isolated_discard() -> None:
    results = all_partitions(Hand.parse("As 2s 3s 4s Qs Ks"), discard=True)
    assert {result.points for result in results} == {10}
    thrown = {str(result.discard) for result in results}
    assert thrown == {"Qs", "Ks"}  # only Ks is listed


def test_all_partitions_lists_groupings_that_meld_a_spare_joker() -> None:
    gamentio = IndianRummy()
    hand = Hand.parse("3s 4s 5s 9c 9d 9h 7d")  # 4-3: a valid Gamentio declaration
    assert Meld.build("3s 4s 5s 7d", gamentio.meld_rules, wild_rank=Rank.SEVEN)
    results = gamentio.all_partitions(hand, wild_rank=Rank.SEVEN)
    assert all(result.points == 0 for result in results)
    # Only "[3s 4s 5s] [9h 9d 9c] deadwood 7d" is listed.
    assert any(not result.deadwood for result in results)
