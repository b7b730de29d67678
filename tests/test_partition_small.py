"""The paths for small hands, against the brute force in bruteforce.py.

- :func:`~rummykit.partition.deadwood` answers a hand of distinct natural
  cards (most Gin hands) without the entry points' full argument handling,
  and with a shortcut when one rank holds a set.  These tests aim at what
  the shortcut decides: hands built around three or four cards of a rank
  that runs also want, under every set size the rules allow.
- Hands of up to ``_small.MAX_CARDS`` cards with copies or printed jokers
  and no requirement (Rumino's) take the small-hand path (``_small``).  The
  tests below check that they do, and that every entry point answers them
  as the brute force does, with a valid grouping: under Rumino's rules with
  every option, under random rules and points (melds of jokers alone, joker
  limits, sets of one or two cards, wrap), with forbidden discards.
"""

from __future__ import annotations

import gc
import itertools
import pickle
from collections import Counter
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import Card, DeckSpec, Hand, InvalidCardError, MeldRules
from rummykit.cards import JOKER_CODE
from rummykit.partition import (
    Partition,
    PointValues,
    _fast,
    _small,
    all_partitions,
    best_discard,
    deadwood,
    partition,
)
from rummykit.variants import Rumino
from tests.bruteforce import Scorer
from tests.strategies import deck_specs, meld_rules
from tests.test_partition import (
    PROPERTY,
    Setup,
    check_result,
    forbidden_cards,
    meldy_hands,
    point_values,
    rumino_setups,
)

SET_RULES = [
    MeldRules(),
    MeldRules(max_set=3),
    MeldRules(max_set=None),
    MeldRules(min_set=4),
    MeldRules(ace_high=True, max_run=4),
    MeldRules(min_set=1, max_set=2, min_naturals_per_meld=3),
]


@st.composite
def crowded_hands(draw: st.DrawFn, size: int = 10) -> Hand:
    """A hand of distinct cards with three or four cards of one rank, and runs
    of other suits' cards through that rank or beside it."""
    rank = draw(st.integers(0, 12))
    suits = draw(st.lists(st.integers(0, 3), min_size=3, max_size=4, unique=True))
    codes = {suit * 13 + rank for suit in suits}
    near = [
        suit * 13 + r
        for suit in range(4)
        for r in range(max(0, rank - 3), min(13, rank + 4))
    ]
    codes |= set(draw(st.lists(st.sampled_from(near), max_size=size)))
    codes |= set(draw(st.lists(st.integers(0, 51), max_size=3)))
    kept = sorted(codes)[:size] if draw(st.booleans()) else sorted(codes)[-size:]
    return Hand(Card.from_code(code) for code in kept)


@pytest.mark.parametrize("rules", SET_RULES, ids=str)
@PROPERTY
@given(
    hand=crowded_hands(),
    points=st.sampled_from([PointValues(), PointValues.gamentio()]),
)
def test_quick_deadwood_matches_brute_force_on_crowded_ranks(
    rules: MeldRules, hand: Hand, points: PointValues
) -> None:
    expected = Scorer(hand.cards, rules, points).points_of_hand()
    assert deadwood(hand, rules, points) == expected
    assert partition(hand, rules, points).points == expected


@PROPERTY
@given(data=st.data())
def test_quick_deadwood_matches_brute_force_on_gin_hands(data: st.DataObject) -> None:
    hand = data.draw(meldy_hands(DeckSpec(), None, max_size=10))
    expected = Scorer(hand.cards, MeldRules(), PointValues()).points_of_hand()
    assert deadwood(hand) == expected
    assert deadwood(hand, MeldRules(), PointValues()) == expected


@pytest.mark.parametrize("rules", SET_RULES, ids=str)
@PROPERTY
@given(
    hand=crowded_hands(size=11),
    points=st.sampled_from([PointValues(), PointValues.gamentio()]),
)
def test_quick_discard_matches_brute_force_on_crowded_ranks(
    rules: MeldRules, hand: Hand, points: PointValues
) -> None:
    """A discard from distinct natural cards takes the single-deck path's
    quick lane; its answer is the long way's, and the brute force's value."""
    setup = Setup(rules, points, DeckSpec())
    expected = Scorer(hand.cards, rules, points).best_discard()
    found = best_discard(hand, rules, points)
    assert _fast.quick_discard(hand.codes, rules, points) == found
    check_result(found, hand, setup, discarding=True)
    assert found.points == expected
    assert deadwood(hand, rules, points, discard=True) == expected
    assert _fast.quick_discard_value(hand.codes, rules, points) == expected
    # The long way: the same answer with a (no-op) forbidden card list.
    assert best_discard(hand, rules, points, forbidden=iter(())) == found


@PROPERTY
@given(data=st.data())
def test_quick_discard_matches_brute_force_on_gin_hands(data: st.DataObject) -> None:
    hand = data.draw(meldy_hands(DeckSpec(), None, max_size=11))
    if not hand:
        # Every drawn card was a joker this deck lacks: nothing to throw.
        with pytest.raises(InvalidCardError, match="empty"):
            best_discard(hand)
        return
    expected = Scorer(hand.cards, MeldRules(), PointValues()).best_discard()
    for found in (best_discard(hand), best_discard(hand, MeldRules(), PointValues())):
        check_result(
            found, hand, Setup(MeldRules(), PointValues(), DeckSpec()), discarding=True
        )
        assert found.points == expected
    assert deadwood(hand, discard=True) == expected


def test_quick_discard_lane_leaves_other_hands_to_the_long_way() -> None:
    rules, points = MeldRules(), PointValues()
    # An empty hand is refused by the long way, with its error.
    assert _fast.quick_discard((), rules, points) is None
    with pytest.raises(InvalidCardError, match="empty"):
        best_discard(Hand(), rules, points)
    # Copies, jokers, more than MAX_HAND_SIZE cards, rules it cannot take.
    for text in (
        "As As 2s",
        "As Jk 3s",
        " ".join(Card.from_code(c).__str__() for c in range(15)),
    ):
        codes = Hand.parse(text).codes
        assert _fast.quick_discard(codes, rules, points) is None
        assert _fast.quick_discard_value(codes, rules, points) is None
    loose = MeldRules(min_set=2, min_naturals_per_meld=1)
    assert _fast.quick_discard(Hand.parse("As 2s 3s").codes, loose, points) is None
    assert _fast.quick_discard(Hand.parse("As 2s 3s").codes, "gin", points) is None


@pytest.mark.parametrize(
    "call",
    [
        lambda hand: best_discard(hand),  # the quick lane
        lambda hand: best_discard(hand, forbidden=[Card("Kd")]),
        lambda hand: partition(hand),
    ],
    ids=["quick discard", "forbidden discard", "partition"],
)
def test_single_deck_grouping_read_late_is_the_grouping_built_at_once(
    call: Callable[[Hand], Partition],
) -> None:
    """The single-deck path returns the points and discard at once and lays
    out the melds and deadwood at first read; the result is the same value
    either way."""
    hand = Hand.parse("As 2s 3s 4s 7c 7d 7h 9h Th Kd")
    built = check_laid_out_late(call(hand), lambda: call(hand))
    assert [str(meld) for meld in built.melds] == ["As 2s 3s 4s", "7h 7d 7c"]


def check_laid_out_late(late: Partition, again: Callable[[], Partition]) -> Partition:
    """Check that ``late`` has its melds and deadwood still to lay out, and
    that once read it is the same value as a :class:`Partition` built at once
    from them, as is the fresh result ``again()`` gives: equal, hashing,
    printing, pickling and evolving alike.  Returns the one built at once."""
    with pytest.raises(AttributeError):  # not laid out yet
        object.__getattribute__(late, "melds")
    built = Partition(
        melds=late.melds,
        deadwood=late.deadwood,
        points=late.points,
        discard=late.discard,
    )
    for fresh in (again(), late):
        assert fresh == built
        assert hash(fresh) == hash(built)
        assert repr(fresh) == repr(built)
        assert str(fresh) == str(built)
        assert pickle.loads(pickle.dumps(fresh)) == built
        assert attrs.evolve(fresh, points=3) == attrs.evolve(built, points=3)
        assert fresh.cards == built.cards
    return built


def test_quick_lane_refuses_what_the_entry_points_refuse() -> None:
    # Arguments of the wrong type take the long way and its error.
    with pytest.raises(ValueError, match="rules must be a MeldRules"):
        deadwood(Hand.parse("As 2s 3s"), "gin")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="points must be a PointValues"):
        deadwood(Hand.parse("As 2s 3s"), None, 3)  # type: ignore[arg-type]
    # Copies and jokers are not for the quick lane; the answer stays exact.
    assert deadwood(Hand.parse("As As 2s 3s")) == 1
    assert deadwood(Hand.parse("As Jk 3s 9d")) == 9


@PROPERTY
@given(
    codes=st.lists(
        st.sampled_from([0, 1, 12, 13, 51, JOKER_CODE]), max_size=_small.MAX_CARDS + 2
    ),
    golden=st.booleans(),
)
def test_small_lane_takes_hands_of_copies_or_jokers_within_the_bounds(
    codes: list[int], golden: bool
) -> None:
    """The small lane's one-pass test, against counting the cards."""
    ordered = tuple(sorted(codes))
    counts = Counter(code for code in ordered if code != JOKER_CODE)
    expected = (
        1 <= len(ordered) <= _small.MAX_CARDS
        and not golden
        and (JOKER_CODE in ordered or any(n >= 2 for n in counts.values()))
        and all(n <= 3 for n in counts.values())
    )
    assert _small.quick(ordered, MeldRules(golden_rummy=golden)) is expected


def test_quick_lane_keeps_a_bounded_number_of_rule_sets() -> None:
    hand = Hand.parse("As 2s 3s 4h 5h 6h 9c 9d 9s Kd")
    for _ in range(3 * _fast.QUICK_KEPT):
        rules = MeldRules(max_run=4)  # equal, but a new object each time
        assert deadwood(hand, rules, PointValues()) == 10
        assert len(_fast._QUICK) <= _fast.QUICK_KEPT


# --- the small-hand path: copies and printed jokers, no requirement ----------


def small_setups() -> st.SearchStrategy[Setup]:
    """Rumino with every option, or random rules, points and decks (no wild
    rank, no requirement: what the small-hand path takes)."""
    return st.one_of(
        rumino_setups(),
        st.builds(Setup, meld_rules(), point_values(), deck_specs(max_jokers=6)),
    )


def _takes_small_path(hand: Hand, setup: Setup) -> bool:
    codes = hand.codes
    return _small.applies(codes, setup.rules, None) and not (
        len(set(codes)) == len(codes) and Card.joker() not in hand
    )


@PROPERTY
@given(data=st.data())
def test_small_path_matches_brute_force(data: st.DataObject) -> None:
    setup = data.draw(small_setups())
    hand = data.draw(meldy_hands(setup.deck, None, max_size=9))
    scorer = setup.scorer(hand)
    expected = scorer.points_of_hand()
    result = partition(hand, setup.rules, setup.points)
    assert result.points == expected, str(result)
    check_result(result, hand, setup)
    assert deadwood(hand, setup.rules, setup.points) == expected
    if not hand:
        return
    forbidden = data.draw(forbidden_cards(hand))
    expected = scorer.best_discard(forbidden)
    thrown = best_discard(hand, setup.rules, setup.points, forbidden=forbidden)
    assert thrown.points == expected, str(thrown)
    check_result(thrown, hand, setup, discarding=True, forbidden=forbidden)
    value = deadwood(hand, setup.rules, setup.points, discard=True, forbidden=forbidden)
    assert value == expected


@PROPERTY
@given(data=st.data())
def test_rumino_hands_take_the_small_path_and_match_brute_force(
    data: st.DataObject,
) -> None:
    """Eight cards as Rumino deals them after the draw, through the variant."""
    setup = data.draw(rumino_setups())
    rumino = Rumino()
    hand = data.draw(meldy_hands(setup.deck, None, max_size=8))
    if not hand:
        return
    assert _small.applies(hand.codes, rumino.meld_rules, None)
    forbidden = data.draw(forbidden_cards(hand))
    scorer = Setup(rumino.meld_rules, rumino.point_values, rumino.deck).scorer(hand)
    expected = scorer.best_discard(forbidden)
    result = rumino.best_discard(hand, forbidden=forbidden)
    assert result.points == expected, str(result)
    check_result(
        result,
        hand,
        Setup(rumino.meld_rules, rumino.point_values, rumino.deck),
        discarding=True,
        forbidden=forbidden,
    )
    assert rumino.deadwood(hand, discard=True, forbidden=forbidden) == expected
    assert rumino.deadwood(hand) == scorer.points_of_hand()


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("Qs Qs Qh Qh Qd Qd Qc Qc", 0),  # two sets of four, one card thrown
        ("Jk Jk Jk Jk 5s 9h Kd Kc", 0),
        ("Jk", 0),
        ("7h 7h 8h 8h 9h 9h Th Th", 0),
        ("As 3d 5c 7h 9s Jd Kc Jk", 45),  # nothing melds: a ten is thrown
    ],
)
def test_small_path_answers_known_rumino_hands(text: str, points: int) -> None:
    rumino = Rumino()
    hand = Hand.parse(text)
    setup = Setup(rumino.meld_rules, rumino.point_values, rumino.deck)
    result = rumino.best_discard(hand)
    assert result.points == points == setup.scorer(hand).best_discard()
    check_result(result, hand, setup, discarding=True)


def test_small_path_leaves_no_reference_cycles() -> None:
    """A search's state is freed as soon as the call returns: nothing is left
    for the cycle collector (which a game loop would otherwise pay for)."""
    rumino = Rumino()
    hands = [
        Hand.parse(text)
        for text in (
            "5s 5s 6s 7s Th 5d Td Jk",
            "6s Ah 3h 4c 5c 6c 7c Jk",
            "Ks Ks Kh 4d 5d 6d 7d Kc",
            "As 3d 5c 7h 9s Jd Kc Jk",
        )
    ]
    for hand in hands:  # tables built and memos filled first
        rumino.best_discard(hand).melds  # noqa: B018
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        for hand in hands:
            rumino.best_discard(hand)
            rumino.deadwood(hand, discard=True)
            rumino.partition(hand)
        assert gc.collect() == 0
    finally:
        if enabled:
            gc.enable()


def test_small_path_answers_each_rule_set_when_callers_alternate() -> None:
    """The small path keeps the last rules' tables at hand; a caller that
    alternates rule sets and points (equal or not) gets each one's answer."""
    hand = Hand.parse("As 5d 9c Kh Qd Qd Qc Jk")
    copies = MeldRules(set_distinct_suits=False, min_naturals_per_meld=2)
    distinct = MeldRules(set_distinct_suits=True, min_naturals_per_meld=2)
    plain = PointValues(joker=10)
    dear_aces = PointValues(
        ranks=(15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=10
    )
    expected = {
        (rules, points): Scorer(hand.cards, rules, points).best_discard()
        for rules in (copies, distinct)
        for points in (plain, dear_aces)
    }
    assert len(set(expected.values())) == 4
    for _ in range(2):
        for (rules, points), points_left in expected.items():
            again = attrs.evolve(rules)  # equal, another object
            for asked in (rules, again, rules):
                assert deadwood(hand, asked, points, discard=True) == points_left
                assert best_discard(hand, asked, points).points == points_left


def test_melds_of_jokers_alone_take_spare_jokers() -> None:
    rules = MeldRules(min_naturals_per_meld=0, max_jokers_per_meld=3)
    points = PointValues(joker=5)
    hand = Hand.parse("Jk Jk Jk Jk 9d 9h")
    setup = Setup(rules, points, DeckSpec(jokers=4))
    result = partition(hand, rules, points)
    assert result.points == setup.scorer(hand).points_of_hand() == 0
    check_result(result, hand, setup)


def test_small_path_listing_agrees_with_its_grouping() -> None:
    rumino = Rumino()
    hand = Hand.parse("5s 5s 6s 7s Th 5d Td Jk")
    first = rumino.best_discard(hand)
    listed = all_partitions(hand, rumino.meld_rules, rumino.point_values, discard=True)
    assert {result.points for result in listed} == {first.points}


def test_small_path_keeps_its_memos_bounded() -> None:
    rules = MeldRules(max_run=5)
    points = PointValues(joker=10)
    hand = Hand.parse("As 2s 3s 4s 5s 6s 7s 8s Jk Jk")
    for _ in range(3):
        assert deadwood(hand, rules, points) == 0
    t = _small.tables(rules, points)
    assert len(t._runs) <= _small.PATTERNS_KEPT
    assert len(t.melds) <= _small.MELDS_KEPT
    assert all(len(placed) <= _small.PATTERNS_KEPT for placed in t.suit_runs)
    assert all(len(placed) <= _small.PATTERNS_KEPT for placed in t.rank_sets)
    assert all(len(placed) <= _small.PATTERNS_KEPT for placed in t.low_runs)
    assert _small.tables.cache_info().maxsize == _small.TABLES_KEPT
    for kept in range(_small.TABLES_KEPT + 5):
        deadwood(hand, rules, PointValues(joker=kept))
    assert _small.tables.cache_info().currsize <= _small.TABLES_KEPT


def test_small_path_set_groups_in_place_stay_bounded_and_exact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The set groups placed at a rank are kept at most ``PATTERNS_KEPT`` per
    rank; answers after the memo is cleared are the same as before."""
    rumino = Rumino()
    hands = [
        Hand.parse(text)
        for text in (
            "7s 7s 7h 7d 2c 9c Jk Qd",
            "7s 7h 7c Kd Kd Kh 2c 3c",
            "7d 7d 7h 7h",
        )
    ]
    first = [rumino.best_discard(hand) for hand in hands]
    monkeypatch.setattr(_small, "PATTERNS_KEPT", 1)
    t = _small.tables(rumino.meld_rules, rumino.point_values)
    for placed in t.rank_sets:
        placed.clear()
    for slots in t.rank_slots:
        slots[:] = [_small._UNSEEN] * len(slots)
    for _ in range(2):
        assert [rumino.best_discard(hand) for hand in hands] == first
        assert all(len(placed) <= 1 for placed in t.rank_sets)


def test_small_path_grouping_read_late_is_the_grouping_built_at_once() -> None:
    """The small path returns the points and discard at once and lays out the
    melds and deadwood at first read; the result is the same value either
    way: equal, hashing, printing, pickling and evolving alike."""
    rumino = Rumino()
    hand = Hand.parse("5s 5s 6s 7s Th 5d Td Jk")
    late = rumino.best_discard(hand)
    assert (late.points, late.discard) == (5, Card("5d"))
    check_laid_out_late(late, lambda: rumino.best_discard(hand))
    assert sorted((*late.cards.codes, Card("5d").code)) == list(hand.codes)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        late.nothing  # type: ignore[attr-defined]  # noqa: B018


LONG_SUITS = [
    "3d 6d 7d 8d 8d 9d Td Jd",
    "7d 8d 9d Td Td Jd Qd Kd",
    "As 2s 3s 4s 5s Qs Ks Jk",
    "Ah 3h 5h 7h 9h Jh Kh Jk",
]


@pytest.mark.parametrize("text", LONG_SUITS)
@pytest.mark.parametrize(
    "rules",
    [
        Rumino().meld_rules,
        MeldRules(ace_high=True, max_run=4),
        MeldRules(wrap=True, max_run=5, max_jokers_per_meld=1),
        MeldRules(max_run=None, min_naturals_per_meld=0),
    ],
    ids=str,
)
def test_small_path_puts_long_suits_together_from_each_ranks_runs(
    text: str, rules: MeldRules
) -> None:
    """A suit of five ranks or more is not kept whole: its run groups are put
    together from those starting at each of its ranks.  The answers match
    the brute force, and stay the same with every suit's memo cleared, so
    that short suits are put together the same way."""
    hand = Hand.parse(text)
    points = PointValues(joker=10)
    setup = Setup(rules, points, DeckSpec(decks=2, jokers=4))
    scorer = setup.scorer(hand)
    first = best_discard(hand, rules, points)
    assert first.points == scorer.best_discard()
    check_result(first, hand, setup, discarding=True)
    assert deadwood(hand, rules, points) == scorer.points_of_hand()
    t = _small.tables(rules, points)
    for slots in t.suit_slots:
        slots[:] = [None] * len(slots)
    assert best_discard(hand, rules, points) == first


@pytest.mark.parametrize(
    "rules", [Rumino().meld_rules, MeldRules(), MeldRules(wrap=True)], ids=str
)
def test_small_path_finds_each_suits_runs_in_their_own_slot(rules: MeldRules) -> None:
    """Every set of a suit's ranks has a slot of its own, and the slot holds
    what the suit's memo holds for it."""
    t = _small.Tables(rules, PointValues())
    seen = set()
    for ranks in range(1, 1 << 13):
        key = sum(1 << (3 * r) for r in range(13) if ranks >> r & 1)
        seen.add(key % _small.SLOTS)
        for suit in range(4):
            assert t.suit_slots[suit][key % _small.SLOTS] is t.suit_runs[suit].get(key)
    assert len(seen) == (1 << 13) - 1


def test_small_path_finds_each_ranks_sets_in_their_own_slot() -> None:
    """Every column of 0-3 cards a suit has a slot of its own at each rank,
    and the slot holds what the rank's memo holds for it."""
    t = _small.Tables(Rumino().meld_rules, PointValues())
    columns = [
        sum(count << (_small._SUIT_SHIFT * suit) for suit, count in enumerate(counts))
        for counts in itertools.product(range(4), repeat=4)
    ]
    assert len({key % _small.COLUMN_SLOTS for key in columns}) == len(columns)
    for rank in range(13):
        for key in columns:
            slot = t.rank_slots[rank][key % _small.COLUMN_SLOTS]
            if key in t.rank_sets[rank]:  # placed when the tables were built
                assert slot is t.rank_sets[rank][key]
            else:
                assert slot is _small._UNSEEN
            found = t.placed_sets(rank, key)
            assert t.rank_slots[rank][key % _small.COLUMN_SLOTS] is found
