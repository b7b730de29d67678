"""Knock, gin and declaration checks skip the exact search when a cheap bound
says it cannot pass.  The bound must never skip a hand that would pass: it is
never above the exact deadwood, ``may_meld_all`` is never ``False`` for a hand
that melds every card, and Rumino and Indian Rummy list exactly the knocks,
gins and declarations that one exact search per discard finds."""

from __future__ import annotations

import functools
import itertools
import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummykit import Card, Hand, MeldRules, Rank
from rummykit.cards import JOKER_CODE
from rummykit.engine import Action, Declare, DeclareGin, Knock, Phase, State
from rummykit.partition import PointValues, Requirement, deadwood, partition
from rummykit.partition._jokers import (
    _cover_shapes,
    _windows,
    joker_floor,
    may_afford_jokers,
)
from rummykit.variants import IndianRummy, Rumino, Variant
from rummykit.variants._floor import (
    _scan,
    _without_ranks,
    floor,
    may_cover,
    may_hold_pure_run,
    may_meld_all,
)
from rummykit.variants.rumino import DeclareRumino
from tests.profiles import examples
from tests.strategies import meld_candidates, meld_rules, natural_cards, wild_ranks

_COUNTING = PointValues.counting()

variant_rules = st.sampled_from(
    [
        Rumino().meld_rules,
        Rumino(ace_high=True, wrap=True, max_run=None).meld_rules,
        Rumino(max_jokers_per_meld=1, set_distinct_suits=True).meld_rules,
        IndianRummy().meld_rules,
        IndianRummy(preset="standard").meld_rules,
        IndianRummy(preset="standard", golden_rummy=True, decks=3).meld_rules,
        MeldRules(),
    ]
)
points = st.sampled_from(
    [PointValues(), PointValues.gamentio(), PointValues.standard(joker=10), _COUNTING]
)
requirements = st.sampled_from(
    [
        None,
        Requirement(min_sequences=1, min_pure_sequences=1),
        Requirement(min_sequences=2, min_pure_sequences=1, cap=80),
    ]
)


@st.composite
def near_meld_hands(draw: st.DrawFn) -> Hand:
    """Up to 14 cards: some groups that are melds or nearly, and loose cards,
    at most three copies of a card (what the partitioner takes)."""
    cards: list[Card] = []
    for _ in range(draw(st.integers(0, 3))):
        cards += draw(meld_candidates(max_size=5))
    cards += draw(st.lists(natural_cards(), max_size=8))
    cards = cards[:14]
    kept: list[Card] = []
    for card in cards:
        if card.is_joker or kept.count(card) < 3:
            kept.append(card)
    return Hand(kept)


@settings(max_examples=examples(400), deadline=None)
@given(
    near_meld_hands(),
    st.one_of(variant_rules, meld_rules()),
    points,
    wild_ranks(),
    requirements,
)
def test_the_floor_is_never_above_the_deadwood(
    hand: Hand,
    rules: MeldRules,
    values: PointValues,
    wild: Rank | None,
    requirement: Requirement | None,
) -> None:
    codes = hand.codes
    exact = deadwood(hand, rules, values, wild_rank=wild, requirement=requirement)
    bound = floor(codes, rules, values, wild_rank=wild)
    if requirement is not None and requirement.cap is not None:
        bound = min(bound, requirement.cap)
    assert bound <= exact
    if hand:
        after = deadwood(
            hand, rules, values, wild_rank=wild, requirement=requirement, discard=True
        )
        bound = floor(codes, rules, values, wild_rank=wild, discard=True)
        if requirement is not None and requirement.cap is not None:
            bound = min(bound, requirement.cap)
        assert bound <= after


@settings(max_examples=examples(400), deadline=None)
@given(near_meld_hands(), st.one_of(variant_rules, meld_rules()), wild_ranks())
def test_a_hand_that_melds_every_card_may_meld_all(
    hand: Hand, rules: MeldRules, wild: Rank | None
) -> None:
    if deadwood(hand, rules, _COUNTING, wild_rank=wild) == 0:
        assert may_meld_all(hand.codes, rules, wild_rank=wild)
        assert may_cover(hand.codes, rules, wild_rank=wild)
    if hand and deadwood(hand, rules, _COUNTING, wild_rank=wild, discard=True) == 0:
        assert may_meld_all(hand.codes, rules, wild_rank=wild, discard=True)
        assert may_cover(hand.codes, rules, wild_rank=wild, discard=True)


@st.composite
def rigged_hands(draw: st.DrawFn, size: int, copies: int, jokers: int) -> Hand:
    """``size`` cards made mostly of melds and near-melds, as a deck of
    ``copies`` decks and ``jokers`` jokers could deal them, so that gins and
    declarations are common."""
    cards: list[Card] = []
    loose = st.lists(natural_cards(), min_size=1, max_size=2)
    while len(cards) < size:
        group = draw(st.one_of(meld_candidates(3, 4), loose))
        for card in group:
            if cards.count(card) < (jokers if card.is_joker else copies):
                cards.append(card)
    return Hand(cards[:size])


sequence_requirements = st.sampled_from(
    [
        Requirement(min_sequences=1, min_pure_sequences=1),
        Requirement(min_sequences=2, min_pure_sequences=1),
        Requirement(min_sequences=2, min_pure_sequences=1, long_sequence=4),
        Requirement(min_sequences=3, min_pure_sequences=1),
    ]
)


def declares(
    hand: Hand, rules: MeldRules, wild: Rank | None, requirement: Requirement
) -> bool:
    """Whether every card of ``hand`` melds in a grouping meeting ``requirement``
    (the exact search)."""
    grouping = partition(
        hand, rules, _COUNTING, wild_rank=wild, requirement=requirement
    )
    return grouping.points == 0 and grouping.requirement_met


@settings(
    max_examples=examples(400),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
)
@given(
    st.one_of(near_meld_hands(), rigged_hands(7, 2, 4), rigged_hands(13, 2, 4)),
    st.one_of(variant_rules, meld_rules()),
    wild_ranks(),
    sequence_requirements,
)
def test_a_hand_that_declares_is_never_ruled_out_by_the_sequence_bounds(
    hand: Hand, rules: MeldRules, wild: Rank | None, requirement: Requirement
) -> None:
    """``may_cover`` counting sequences and ``may_hold_pure_run`` never say
    no to a hand the exact search groups into melds meeting the requirement,
    with or without a discard."""
    runs = requirement.min_sequences
    if declares(hand, rules, wild, requirement):
        assert may_hold_pure_run(hand.codes, rules)
        assert may_cover(hand.codes, rules, wild_rank=wild, sequences=runs)
    if any(
        declares(hand.remove(card), rules, wild, requirement) for card in hand.cards
    ):
        assert may_hold_pure_run(hand.codes, rules)
        assert may_cover(
            hand.codes, rules, wild_rank=wild, discard=True, sequences=runs
        )


def _plain_cover(
    codes: tuple[int, ...],
    rules: MeldRules,
    wild_rank: Rank | None,
    discard: bool,
    sequences: int,
) -> bool:
    """``may_cover``'s relaxation searched without its pruning: every card in
    turn (the lowest first), every relaxed run and set through it (a set of
    different suits if the rules ask for it, but under golden rummy)."""
    wild = -1 if wild_rank is None else int(wild_rank) - 1
    naturals = tuple(c for c in codes if c != JOKER_CODE and c % 13 != wild)
    shapes = _cover_shapes(rules)
    golden = rules.golden_rummy
    per_run = min(rules.min_run, 3) if golden else rules.min_run

    @functools.cache
    def covers(rest: tuple[int, ...], jokers: int, spare: int, runs: int) -> bool:
        if not rest:
            return runs * per_run <= jokers
        card, rest = rest[0], rest[1:]
        if spare and covers(rest, jokers, 0, runs):
            return True
        rank, suit = card % 13, card - card % 13
        held = 0
        for code in rest:
            if 0 <= code - suit < 13:
                held |= 1 << (code - suit)
        after_run = max(runs - 1, 0)
        for row in shapes[rank]:
            for sub in range(row + 1):
                if sub & ~(row & held):
                    continue  # use only ranks held, each at most once
                need = (row & ~sub).bit_count()
                left = _without_ranks(rest, suit, sub)
                if need <= jokers and covers(left, jokers - need, spare, after_run):
                    return True
        same = [at for at, code in enumerate(rest) if code % 13 == rank]
        if rules.set_distinct_suits and not golden:  # one card of each other suit
            codes_at = {rest[at]: at for at in reversed(same) if rest[at] != card}
            same = sorted(codes_at.values())
        for size in range(min(len(same), 2 * rules.min_set - 2) + 1):
            need = max(rules.min_set - 1 - size, 0)
            for chosen in itertools.combinations(same, size):
                left = tuple(c for at, c in enumerate(rest) if at not in chosen)
                after = after_run if golden else runs
                if need <= jokers and covers(left, jokers - need, spare, after):
                    return True
        return False

    return covers(naturals, len(codes) - len(naturals), int(discard), sequences)


@settings(max_examples=examples(300), deadline=None)
@given(
    st.one_of(near_meld_hands(), rigged_hands(14, 2, 4), rigged_hands(10, 1, 0)),
    st.one_of(variant_rules, meld_rules()),
    wild_ranks(),
    st.booleans(),
    st.integers(0, 2),
)
def test_may_cover_answers_as_the_plain_relaxed_search(
    hand: Hand, rules: MeldRules, wild: Rank | None, discard: bool, runs: int
) -> None:
    """The neediest card first and the count of cards only a joker can meld
    prune the search, and change no answer."""
    expected = _plain_cover(hand.codes, rules, wild, discard, runs)
    found = may_cover(
        hand.codes, rules, wild_rank=wild, discard=discard, sequences=runs
    )
    assert found is expected


@settings(max_examples=examples(400), deadline=None)
@given(
    st.one_of(
        near_meld_hands(),
        rigged_hands(14, 2, 4),
        rigged_hands(14, 1, 0),
        rigged_hands(10, 1, 0),
        st.lists(natural_cards(), max_size=14).map(Hand),
    ),
    st.one_of(variant_rules, meld_rules()),
    wild_ranks(),
    st.booleans(),
    st.integers(0, 2),
)
def test_the_joker_floor_only_rules_out_hands_the_relaxed_search_does(
    hand: Hand, rules: MeldRules, wild: Rank | None, discard: bool, runs: int
) -> None:
    """The count of jokers the cards no meld of naturals can hold need is a
    bound: over the hand's jokers only when the plain relaxed search (and so
    ``may_cover``, and any declaration) finds no cover; and ``may_afford_jokers``
    says so."""
    codes = hand.codes
    jokers = sum(1 for c in hand.cards if c.is_joker or c.rank == wild)
    bound = joker_floor(codes, rules, wild_rank=wild, discard=discard)
    affords = may_afford_jokers(codes, rules, wild_rank=wild, discard=discard)
    assert affords is (bound <= jokers)
    if not affords:
        assert not _plain_cover(codes, rules, wild, discard, runs)
        assert not may_cover(
            codes, rules, wild_rank=wild, discard=discard, sequences=runs
        )


@pytest.mark.parametrize(
    ("cards", "wild", "discard", "expected"),
    [
        ("As 2s 3s 9d Kc", None, False, 4),  # 9d and Kc, two jokers each
        ("As 2s 3s 9d Kc", None, True, 2),  # one of them thrown
        ("4h 5h 7h 8h 9d 9c", None, False, 2),  # one run with 6h, one set of 9s
        ("4h 5h 7h 8h 9d 9c 8d", Rank.EIGHT, False, 2),  # 8d: a joker
        ("As 2s 3s 4d 4c 4h", None, False, 0),  # every card in a meld of naturals
        ("5s 9s 5h 9h", None, False, 2),  # 5s and 9s may share a run, 5s and 5h a set
    ],
)
def test_the_joker_floor_counts_the_cards_apart(
    cards: str, wild: Rank | None, discard: bool, expected: int
) -> None:
    rules = IndianRummy().meld_rules
    hand = Hand.parse(cards)
    assert joker_floor(hand.codes, rules, wild_rank=wild, discard=discard) == expected


def _plain_scan(
    codes: tuple[int, ...], rules: MeldRules, wild_rank: Rank | None
) -> tuple[int, list[int], int]:
    """``_scan`` card by card: the jokers (printed, and the wild rank counted
    both ways), the ranks of the cards no meld can hold, sorted, and how many
    natural cards no meld of naturals can hold."""
    wild = -1 if wild_rank is None else int(wild_rank) - 1
    naturals = [code for code in codes if code != JOKER_CODE]
    jokers = len(codes) - len(naturals) + sum(1 for c in naturals if c % 13 == wild)
    set_jokers = jokers
    if rules.max_jokers_per_meld is not None:
        set_jokers = min(set_jokers, rules.max_jokers_per_meld)
    run_jokers = set_jokers
    if rules.max_jokers_per_run is not None:
        run_jokers = min(run_jokers, rules.max_jokers_per_run)
    distinct = rules.set_distinct_suits and not rules.golden_rummy
    windows = _windows(rules)
    lone: list[int] = []
    needy = 0
    for code in naturals:
        rank, suit = code % 13, code // 13
        if rank == wild:
            continue
        if distinct:
            others = {c // 13 for c in naturals if c % 13 == rank} - {suit}
            same = len(others)
        else:
            same = sum(1 for c in naturals if c % 13 == rank) - 1
        held = {c % 13 for c in naturals if c // 13 == suit}
        gaps = [
            sum(1 for r in range(13) if row >> r & 1 and r not in held)
            for row in windows[rank]
        ]
        if same >= rules.min_set - 1 or 0 in gaps:
            continue  # a set or a run of naturals holds it
        needy += 1
        if same + set_jokers < rules.min_set - 1 and not any(
            gap <= run_jokers for gap in gaps
        ):
            lone.append(rank)
    return jokers, sorted(lone), needy


@settings(max_examples=examples(400), deadline=None)
@given(
    st.one_of(near_meld_hands(), rigged_hands(14, 3, 4), rigged_hands(13, 2, 2)),
    st.one_of(variant_rules, meld_rules()),
    wild_ranks(),
)
def test_the_scan_counts_as_the_card_by_card_reading(
    hand: Hand, rules: MeldRules, wild: Rank | None
) -> None:
    """Suit masks and repeats give each card's reading, as asking of every
    card which sets and rows of naturals could hold it does."""
    scan = _scan(hand.codes, rules, wild)
    assert (scan.jokers, sorted(scan.lone), scan.needy) == _plain_scan(
        hand.codes, rules, wild
    )


@settings(max_examples=examples(400), deadline=None)
@given(
    st.one_of(near_meld_hands(), rigged_hands(14, 3, 4), rigged_hands(10, 1, 0)),
    st.one_of(variant_rules, meld_rules()),
)
def test_a_pure_run_may_be_held_exactly_when_a_row_of_naturals_is(
    hand: Hand, rules: MeldRules
) -> None:
    """The place masks of every suit at once answer as the rows of each suit
    (and, under golden rummy, three identical natural cards)."""
    naturals = [code for code in hand.codes if code != JOKER_CODE]
    rows = any(
        all(code - code % 13 + r in naturals for r in range(13) if row >> r & 1)
        for code in naturals
        for row in _windows(rules)[code % 13]
    )
    golden = rules.golden_rummy and any(naturals.count(c) >= 3 for c in naturals)
    assert may_hold_pure_run(hand.codes, rules) is (rows or golden)


@pytest.mark.parametrize(
    ("cards", "wild", "runs", "expected"),
    [
        ("As 2s 3s 9d 9c 9h", None, 1, True),
        ("As 2s 3s 9d 9c 9h", None, 2, False),  # one run and a set
        ("As 2s 3s 9d 9c 9h Jk Jk Jk", None, 2, True),  # three jokers: a sequence
        ("As 2s 3s 9d 9c 9h 7h 7d Jk", Rank.SEVEN, 2, True),  # Jk 7h 7d
        ("As 2s 3s 9d 9c 9h 7h 7d", Rank.SEVEN, 2, False),
        ("As 2s 3s 4s 5s 6s", None, 2, True),  # a long run splits
        ("As 2s 3s 4s 5s", None, 2, False),
    ],
)
def test_may_cover_counts_the_sequences(
    cards: str, wild: Rank | None, runs: int, expected: bool
) -> None:
    rules = IndianRummy(preset="standard").meld_rules
    hand = Hand.parse(cards)
    assert may_cover(hand.codes, rules, wild_rank=wild, sequences=runs) is expected
    requirement = Requirement(min_sequences=runs, min_pure_sequences=1)
    assert declares(hand, rules, wild, requirement) is expected


def test_the_relaxed_sets_keep_distinct_suits_when_the_rules_ask() -> None:
    """Two copies of a card make no set under ``set_distinct_suits`` (Indian
    Rummy's two decks), so the relaxation does not make one of them either;
    under golden rummy three identical cards are a sequence and may."""
    hand = Hand.parse("4d 4d 4c 2h 3h 4h")
    standard = IndianRummy(preset="standard")
    assert not may_cover(hand.codes, standard.meld_rules)
    assert not declares(hand, standard.meld_rules, None, Requirement())
    assert may_cover(hand.codes, MeldRules())  # sets of any suits
    golden = IndianRummy(preset="standard", decks=3, golden_rummy=True).meld_rules
    assert may_cover(Hand.parse("4d 4d 4d 2h 3h 4h").codes, golden)
    both = Hand.parse("4d 4d 4c 4h Jk 2d 3d")  # [4d 4c 4h] [2d 3d 4d Jk]
    assert may_cover(both.codes, standard.meld_rules)
    assert declares(both, standard.meld_rules, None, Requirement())


def test_a_hand_without_a_natural_row_holds_no_pure_run() -> None:
    rules = IndianRummy(preset="standard").meld_rules
    assert not may_hold_pure_run(Hand.parse("As 2s 4s 5s 9d 9c 9h Jk Jk").codes, rules)
    assert may_hold_pure_run(Hand.parse("Qs Ks As 9d").codes, rules)  # ace high
    assert not may_hold_pure_run(Hand.parse("Ks As 2s 9d").codes, rules)  # no wrap
    golden = IndianRummy(preset="standard", golden_rummy=True, decks=3).meld_rules
    assert may_hold_pure_run(Hand.parse("9d 9d 9d").codes, golden)
    assert not may_hold_pure_run(Hand.parse("9d 9d 9d").codes, rules)


def test_the_bounds_rule_out_hands_far_from_melding() -> None:
    rules = Rumino().meld_rules
    far = Hand.parse("As 4s 8h Jd Kc 6c 9s Qh")
    assert floor(far.codes, rules, Rumino().point_values) > Rumino().knock_limit
    assert not may_meld_all(far.codes, rules, discard=True)
    assert not may_cover(far.codes, rules, discard=True)
    near = Hand.parse("As 2s 3s 8h 8d 8c Jk Kd")
    assert may_meld_all(near.codes, rules, discard=True)
    assert may_cover(near.codes, rules, discard=True)
    # every card has a meld with the joker, but not all of them at once
    apart = Hand.parse("As 2s 8h 8d 5c 6c 7c Jk")
    assert may_meld_all(apart.codes, rules, discard=True)
    assert not may_cover(apart.codes, rules, discard=True)
    assert floor(near.codes, rules, Rumino().point_values, discard=True) == 0


# -- what the variants list -------------------------------------------------------


def rumino_reference(variant: Rumino, state: State) -> list[Action]:
    """Rumino's knocks, gins and rumino, one exact search per discard."""
    hand = state.hands[state.current]
    found: list[Action] = []
    if state.phase is Phase.DRAW:
        if variant.is_rumino(hand):
            found.append(DeclareRumino())
        if (
            variant.knock_timing == "instead_of_draw"
            and variant.deadwood(hand) <= variant.knock_limit
        ):
            found.append(Knock())
        return found
    if variant.rumino_in(hand) is not None:
        found.append(DeclareRumino())
    for card in dict.fromkeys(hand.cards):
        if variant.discard_reason(state, card) is not None:
            continue
        rest = hand.remove(card)
        if not variant.partition(rest).deadwood:
            found.append(DeclareGin(card))
        if (
            variant.knock_timing == "after_draw"
            and variant.deadwood(rest) <= variant.knock_limit
        ):
            found.append(Knock(card))
    return found


def indian_reference(variant: IndianRummy, state: State) -> list[Action]:
    """Indian Rummy's declarations, one exact search per finish card."""
    hand = state.hands[state.current]
    found: list[Action] = []
    for card in dict.fromkeys(hand.cards):
        if variant.finish_card_restricted and variant.discard_reason(state, card):
            continue
        grouping = variant.declaration_grouping(hand.remove(card), state.wild_rank)
        if grouping is not None:
            found.append(Declare(card, [meld.cards for meld in grouping.melds]))
    return found


def listed(variant: Variant, state: State) -> list[Action]:
    if state.phase is Phase.DRAW:
        return variant.turn_start_actions(state)
    return variant.play_actions(state)


def walk(variant: Variant, players: int, seed: int) -> list[State]:
    """The draw and play states of one hand between random agents."""
    rng = random.Random(seed)
    state = variant.new_game(players=players, seed=seed)
    seen: list[State] = []
    while not state.is_terminal and len(seen) < 400:
        if state.phase in (Phase.DRAW, Phase.PLAY):
            seen.append(state)
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return seen


rumino_options = st.sampled_from(
    [
        Rumino(),
        Rumino(knock_timing="after_draw", knock_limit=12),
        Rumino(ace_high=True, wrap=True, max_run=None),
        Rumino(max_jokers_per_meld=1, set_distinct_suits=True),
    ]
)


@settings(max_examples=examples(40), deadline=None)
@given(rumino_options, st.integers(2, 4), st.integers(0, 10**6))
def test_rumino_lists_what_the_exact_searches_find(
    variant: Rumino, players: int, seed: int
) -> None:
    for state in walk(variant, players, seed):
        assert listed(variant, state) == rumino_reference(variant, state)


indian_options = st.sampled_from(
    [
        IndianRummy(),
        IndianRummy(preset="standard"),
        IndianRummy(preset="standard", max_jokers_per_run=1, life_min_len_4=True),
        IndianRummy(finish_card_restricted=False),
    ]
)


@settings(max_examples=examples(40), deadline=None)
@given(indian_options, st.integers(2, 4), st.integers(0, 10**6))
def test_indian_lists_what_the_exact_searches_find(
    variant: IndianRummy, players: int, seed: int
) -> None:
    for state in walk(variant, players, seed):
        if state.phase is Phase.PLAY:
            assert variant.play_actions(state) == indian_reference(variant, state)


@settings(
    max_examples=examples(120),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
)
@given(
    st.sampled_from([Rumino(), Rumino(knock_timing="after_draw")]),
    st.data(),
    st.integers(0, 10**6),
)
def test_rumino_lists_every_gin_and_knock_of_near_melded_hands(
    variant: Rumino, data: st.DataObject, seed: int
) -> None:
    state = variant.new_game(players=2, seed=seed)
    hand = data.draw(rigged_hands(7, 2, 4))
    drawn = data.draw(rigged_hands(8, 2, 4))
    for phase, cards in ((Phase.DRAW, hand), (Phase.PLAY, drawn)):
        hands = list(state.hands)
        hands[state.current] = cards
        rigged = attrs.evolve(state, hands=tuple(hands), phase=phase)
        assert listed(variant, rigged) == rumino_reference(variant, rigged)


@settings(
    max_examples=examples(120),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
)
@given(indian_options, st.data(), st.integers(0, 10**6))
def test_indian_lists_every_declaration_of_near_melded_hands(
    variant: IndianRummy, data: st.DataObject, seed: int
) -> None:
    state = variant.new_game(players=2, seed=seed)
    size = len(state.hands[state.current]) + 1
    cards = data.draw(rigged_hands(size, variant.decks, variant.printed_jokers))
    hands = list(state.hands)
    hands[state.current] = cards
    rigged = attrs.evolve(state, hands=tuple(hands), phase=Phase.PLAY)
    assert variant.play_actions(rigged) == indian_reference(variant, rigged)


@pytest.mark.parametrize(
    ("cards", "wild", "discard"),
    [
        ("As 3s Jk", Rank.ACE, False),  # As 2s(Jk) 3s: the wild ace plays as itself
        ("As 4s 6s Jk", Rank.FOUR, True),  # throw As; 4s 5s(Jk) 6s
        ("6d 7d Kd Jk", Rank.SIX, True),  # throw Kd; 6d 7d 8d(Jk)
        ("6d 7d Kd Jk", Rank.SIX, False),
    ],
)
def test_a_card_of_the_wild_rank_may_play_as_itself(
    cards: str, wild: Rank, discard: bool
) -> None:
    """With one joker a meld, a card of the wild rank must be allowed to be
    itself next to the joker: the bounds may never rule out what the exact
    search finds."""
    rules = MeldRules(max_jokers_per_meld=1, set_distinct_suits=True, max_run=4)
    hand = Hand.parse(cards)
    exact = deadwood(hand, rules, wild_rank=wild, discard=discard)
    assert (
        floor(hand.codes, rules, PointValues(), wild_rank=wild, discard=discard)
        <= exact
    )
    if exact == 0:
        assert may_meld_all(hand.codes, rules, wild_rank=wild, discard=discard)
        assert may_cover(hand.codes, rules, wild_rank=wild, discard=discard)
