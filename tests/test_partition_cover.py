"""The cover path (``partition/_cover.py``): a grouping that melds every card.

When the short search finds such a grouping, the hand scores 0 and no
search is needed.  Here its answers are checked against the brute force on
Indian Rummy's rules (both presets: printed jokers, copies, a wild rank, the
pure-sequence requirement, ``wild_natural_is_pure`` both ways, forbidden
discards) and on random rules within its reach, through the public
functions and directly.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import Card, Hand, MeldRules, Rank, Requirement
from rummykit.partition import (
    PointValues,
    _cover,
    best_discard,
    deadwood,
)
from rummykit.partition._search import Search
from rummykit.variants import IndianRummy
from tests.partition_support import check_against_brute_force
from tests.strategies import deck_specs, wild_ranks
from tests.test_partition import (
    PROPERTY,
    Setup,
    check_result,
    forbidden_cards,
    meldy_hands,
    setup_and_hand,
)


@st.composite
def cover_rules(draw: st.DrawFn) -> Setup:
    """Random rules the cover path serves: sets of distinct suits, jokers
    worth nothing, no joker limits, no long sequence required."""
    ace_low, ace_high = draw(
        st.sampled_from([(True, False), (False, True), (True, True)])
    )
    min_set = draw(st.integers(2, 4))
    min_run = draw(st.integers(2, 4))
    rules = MeldRules(
        ace_low=ace_low,
        ace_high=ace_high,
        min_set=min_set,
        max_set=draw(st.integers(min_set, 4)),
        set_distinct_suits=True,
        min_run=min_run,
        max_run=draw(st.one_of(st.none(), st.integers(min_run, min_run + 3))),
        min_naturals_per_meld=draw(st.integers(0, 1)),
        wild_natural_is_pure=draw(st.booleans()),
    )
    ranks = draw(st.lists(st.integers(0, 14), min_size=13, max_size=13))
    points = PointValues(ranks=tuple(ranks), joker=0)
    sequences = draw(st.integers(0, 2))
    requirement = draw(
        st.one_of(
            st.none(),
            st.builds(
                Requirement,
                min_sequences=st.just(sequences),
                min_pure_sequences=st.integers(0, sequences),
                cap=st.sampled_from([None, 0, 15, 40]),
            ),
        )
    )
    return Setup(
        rules,
        points,
        draw(deck_specs(max_jokers=4)),
        draw(wild_ranks()),
        requirement,
    )


@st.composite
def cover_setup_and_hand(draw: st.DrawFn, family: str) -> tuple[Setup, Hand]:
    if family == "cover_rules":
        setup = draw(cover_rules())
        return setup, draw(meldy_hands(setup.deck, setup.wild_rank))
    return draw(setup_and_hand(family))


FAMILIES = ["indian_gamentio", "indian_standard", "cover_rules"]


@st.composite
def cover_search_cases(
    draw: st.DrawFn, family: str
) -> tuple[Setup, Hand, frozenset[int] | None] | None:
    """A nonempty hand under rules the cover path serves, with the codes of
    some cards it may not discard (or ``None``: no discard); ``None`` when
    the draw falls outside the path."""
    setup, hand = draw(cover_setup_and_hand(family))
    if not hand or not _cover.applies(
        setup.rules, setup.points, setup.wild_rank, setup.requirement
    ):
        return None
    banned = (
        frozenset(card.code for card in draw(forbidden_cards(hand)))
        if draw(st.booleans())
        else None
    )
    return setup, hand, banned


@pytest.mark.parametrize("family", FAMILIES)
@PROPERTY
@given(data=st.data())
def test_a_cover_found_scores_what_the_brute_force_scores(
    family: str, data: st.DataObject
) -> None:
    setup, hand = data.draw(cover_setup_and_hand(family))
    if not hand or not _cover.applies(
        setup.rules, setup.points, setup.wild_rank, setup.requirement
    ):
        return
    discarding = data.draw(st.booleans())
    forbidden = data.draw(forbidden_cards(hand)) if discarding else []
    banned = frozenset(card.code for card in forbidden) if discarding else None
    cover = _cover.Cover(
        hand.codes, setup.rules, setup.wild_rank, setup.requirement, banned
    )
    least = 0
    if data.draw(st.booleans()):
        least = cover.set_aside(setup.points)
    if not cover.search():
        return
    scorer = setup.scorer(hand)
    expected = scorer.best_discard(forbidden) if discarding else scorer.points_of_hand()
    cap = setup.requirement.cap if setup.requirement is not None else None
    assert expected == (least if cap is None else min(least, cap))
    result = cover.partition(setup.wild_rank, expected)
    assert result is not None
    check_result(result, hand, setup, discarding=discarding, forbidden=forbidden)


@pytest.mark.parametrize("family", FAMILIES)
@PROPERTY
@given(data=st.data())
def test_public_functions_match_brute_force_on_cover_rules(
    family: str, data: st.DataObject
) -> None:
    setup, hand = data.draw(cover_setup_and_hand(family))
    check_against_brute_force(setup, hand, data)


class _Traced(_cover.Cover):
    """The cover search, each placement recorded."""

    __slots__ = ("placed",)
    placed: list[tuple[int, int, int | None, int]]

    def _cover(self) -> bool:
        self.placed.append((self.held, self.pool, self.thrown, len(self.melds)))
        return super()._cover()


class _Plain(_Traced):
    """The cover search without its shortcuts: every run start and every joker
    in a run is tried, as the plain search order says (each card's melds
    without jokers or wild cards first, then those with some), and every
    placement is recorded.  The real search must make the same placements in
    the same order (its shortcuts only leave out runs that could never be
    placed), so it finds the same cover in the same number of steps."""

    __slots__ = ()

    def _reachable(self, base: int, start: int, way: int) -> bool:
        return True

    def _grow(
        self,
        base: int,
        pos: int,
        way: int,
        naturals: list[int],
        wilds: list[int],
        jokers: int,
        length: int,
        ends: bool,
    ) -> bool:
        nxt = pos + way
        room = length < self.longest and self.low <= nxt <= self.high
        if room:
            rank = (nxt - 1) % 13
            code = base + rank
            if rank == self.wild:
                s = base // 13
                if (
                    not self.natural_pass
                    and self.wild_counts[s] > self.wild_used[s]
                    and self.pool > 0
                ):
                    self._use_wild(s, 1)
                    self.pool -= 1
                    wilds.append(code)
                    if self._grow(
                        base, nxt, way, naturals, wilds, jokers, length + 1, True
                    ):
                        return True
                    wilds.pop()
                    self._use_wild(s, -1)
                    self.pool += 1
            elif self.counts[code]:
                self.counts[code] -= 1
                self.held -= 1 << 3 * code
                self.left -= 1
                naturals.append(code)
                if self._grow(
                    base, nxt, way, naturals, wilds, jokers, length + 1, True
                ):
                    return True
                naturals.pop()
                self.counts[code] += 1
                self.held += 1 << 3 * code
                self.left += 1
        if ends:
            extra = max(0, self.min_run - length)
            total = jokers + extra
            with_jokers = total > 0 or bool(wilds)
            if (
                extra <= self.pool
                and length + extra <= self.span
                and with_jokers != self.natural_pass
            ):
                pure = total == 0 and (not wilds or self.pure_wild)
                owed_pure, owed_runs = self.owed_pure, self.owed_runs
                self.owed_pure = max(0, owed_pure - pure)
                self.owed_runs = max(0, owed_runs - 1)
                self.pool -= extra
                self.melds.append((True, tuple(naturals), tuple(wilds), total))
                if self._cover():
                    return True
                self.melds.pop()
                self.pool += extra
                self.owed_pure, self.owed_runs = owed_pure, owed_runs
        if (
            room
            and self.pool > 0
            and length + 1 < self.longest
            and not self.natural_pass
        ):
            self.pool -= 1
            found = self._grow(
                base, nxt, way, naturals, wilds, jokers + 1, length + 1, False
            )
            self.pool += 1
            if found:
                return True
        return False


@pytest.mark.parametrize("natural_first", [False, True])
@pytest.mark.parametrize("family", FAMILIES)
@PROPERTY
@given(data=st.data())
def test_the_cover_search_places_what_the_plain_search_places(
    family: str, natural_first: bool, data: st.DataObject
) -> None:
    case = data.draw(cover_search_cases(family))
    if case is None:
        return
    setup, hand, banned = case
    searches = []
    kind: type[_Traced]
    for kind in (_Plain, _Traced):
        search = kind(
            hand.codes,
            setup.rules,
            setup.wild_rank,
            setup.requirement,
            banned,
            natural_first=natural_first,
        )
        search.placed = []
        search.set_aside(setup.points)
        found = search.search()
        searches.append((found, search.steps, search.placed, search.melds))
    assert searches[0] == searches[1]


@pytest.mark.parametrize("family", FAMILIES)
@PROPERTY
@given(data=st.data())
def test_the_joker_count_ends_only_searches_that_find_no_cover(
    family: str, data: st.DataObject
) -> None:
    """A search that has placed :data:`_cover.COUNT_AFTER` cards counts the
    jokers its cards need and gives up if the hand holds fewer: it finds a
    cover exactly when the search without the count does.  Here the count
    comes at the first step, on every hand."""
    case = data.draw(cover_search_cases(family))
    if case is None:
        return
    setup, hand, banned = case
    found = []
    for limit in (0, _cover.STEPS):
        search = _cover.Cover(
            hand.codes, setup.rules, setup.wild_rank, setup.requirement, banned
        )
        search.set_aside(setup.points)
        search.limit = limit
        found.append((search.search(), search.melds))
    assert found[0] == found[1]


def test_a_search_that_runs_long_gives_up_once_the_jokers_fall_short() -> None:
    """The slowest hand of set (f) (the Gamentio preset): three wild cards,
    and 4d, 3c and Kh need two jokers each, one of them the discard.  The
    search gives up after :data:`_cover.COUNT_AFTER` steps, not
    :data:`_cover.STEPS`, and the hand still scores what the exact search
    scores: ``[7s 7h 7c] [8s 9s Ts] [8h 8d 8c] [Kh Th=Ks Td=Kd]``, 3c
    deadwood, 4d the discard."""
    variant = IndianRummy(preset="gamentio")
    hand = Hand.parse("7s 8s 9s Ts 7h 8h Th Kh 4d 8d Td 3c 7c 8c")
    cover = _cover.Cover(
        hand.codes, variant.meld_rules, Rank.TEN, variant.requirement, frozenset()
    )
    cover.set_aside(variant.point_values)
    assert not cover.search()
    assert cover.steps == _cover.COUNT_AFTER + 1
    exact = Search(
        hand.codes,
        variant.meld_rules,
        variant.point_values,
        Rank.TEN,
        variant.requirement,
        frozenset(),
    ).best(True)
    assert exact == variant.best_discard(hand, wild_rank=Rank.TEN).points == 3


def test_indian_hands_that_meld_every_card_take_the_cover_path() -> None:
    variant = IndianRummy(preset="standard")
    hand = Hand.parse("Qs Ks As 2h 3h 4h 5c 6c 7c 9d 9h 9s Kc Jk")
    requirement = variant.declaration_requirement
    rules = variant.meld_rules
    cover = _cover.Cover(hand.codes, rules, Rank.FIVE, requirement, frozenset())
    assert cover.search()
    result = best_discard(
        hand,
        rules,
        variant.point_values,
        wild_rank=Rank.FIVE,
        requirement=requirement,
    )
    assert result.points == 0
    assert requirement.is_met_by(result.melds)
    assert result.discard is not None


def test_a_wild_card_as_itself_is_pure_only_if_the_rules_say_so() -> None:
    # The only sequence without a joker holds the wild 5h as itself.  Without
    # a pure sequence every card scores (the wild card as a joker: nothing).
    hand = Hand.parse("4h 5h 6h 9s 9d 9c")
    requirement = Requirement(min_sequences=1, min_pure_sequences=1)
    points = PointValues(joker=0)
    for pure, expected in ((True, 0), (False, 4 + 6 + 27)):
        rules = MeldRules(
            ace_high=True, set_distinct_suits=True, wild_natural_is_pure=pure
        )
        cover = _cover.Cover(hand.codes, rules, Rank.FIVE, requirement, None)
        assert cover.search() is pure
        value = deadwood(
            hand, rules, points, wild_rank=Rank.FIVE, requirement=requirement
        )
        assert value == expected


def test_a_forbidden_joker_is_not_the_discard() -> None:
    # Everything melds; the spare card is a joker that may not be thrown.
    hand = Hand.parse("As 2s 3s 7h 7d 7c Jk")
    rules = MeldRules(set_distinct_suits=True)
    points = PointValues(joker=0)
    cover = _cover.Cover(hand.codes, rules, None, None, frozenset([Card.joker().code]))
    assert cover.search()
    result = cover.partition(None)
    assert result is not None
    assert result.discard is not None and not result.discard.is_joker
    assert best_discard(hand, rules, points, forbidden=[Card.joker()]).points == 0


def test_each_joker_fills_one_gap() -> None:
    # Two runs with a joker in the gap each use both jokers, once each.
    hand = Hand.parse("As 3s 5h 7h 8c 9c Tc Jk Jk")
    rules = MeldRules(set_distinct_suits=True)
    cover = _cover.Cover(hand.codes, rules, None, None, None)
    assert cover.search()
    result = cover.partition(None)
    assert result is not None
    assert sorted(str(meld) for meld in result.melds) == [
        "5h Jk=6h 7h",
        "8c 9c Tc",
        "As Jk=2s 3s",
    ]


@PROPERTY
@given(data=st.data())
def test_runs_of_three_set_aside_what_the_card_by_card_check_does(
    data: st.DataObject,
) -> None:
    """Under runs of three, :meth:`Cover.set_aside` reads each suit's windows
    at once (:meth:`Cover._in_windows`); it sets aside exactly the cards
    that the card-by-card check (:meth:`Cover._alone`, the reference) finds
    no meld for, and scores them."""
    setup = data.draw(cover_rules())
    rules = setup.rules
    if rules.min_run != 3:
        rules = MeldRules(
            ace_low=rules.ace_low,
            ace_high=rules.ace_high,
            min_set=rules.min_set,
            max_set=rules.max_set,
            set_distinct_suits=True,
            min_run=3,
            min_naturals_per_meld=rules.min_naturals_per_meld,
        )
    hand = data.draw(meldy_hands(setup.deck, setup.wild_rank))
    if not hand:
        return
    banned = frozenset(card.code for card in data.draw(forbidden_cards(hand)))
    cover = _cover.Cover(hand.codes, rules, setup.wild_rank, setup.requirement, banned)
    places = [0, 0, 0, 0]
    for code in range(52):
        if cover.counts[code]:
            places[code // 13] |= _cover._PLACE[code]
    alone = [c for c in range(52) if cover.counts[c] and cover._alone(c, places)]
    counts = {code: cover.counts[code] for code in alone}
    least = cover.set_aside(setup.points)
    if cover.pool >= rules.min_set - 1:
        assert least == 0 and not cover.dead  # every card makes a set
        return
    assert (
        sorted({*cover.dead, *([cover.thrown] if cover.thrown is not None else [])})
        == alone
    )
    thrown = setup.points.ranks[cover.thrown % 13] if cover.thrown is not None else 0
    assert least == sum(counts[c] * setup.points.ranks[c % 13] for c in alone) - thrown
    assert all(not cover.counts[code] for code in alone)


@pytest.mark.parametrize(
    ("ace_low", "ace_high", "text", "points"),
    [
        (True, False, "Kh Ah 5c 9d Jk", 10 + 1 + 5 + 9),  # no Q-K-A: aces low only
        (False, True, "Ah 2h 5c 9d Jk", 1 + 2 + 5 + 9),  # no A-2-3: aces high only
    ],
)
def test_a_run_of_three_stays_on_the_line(
    ace_low: bool, ace_high: bool, text: str, points: int
) -> None:
    """With one joker, a king and an ace (or an ace and a two) make a run
    only where the ace may stand beside them; otherwise no meld holds
    them, and every natural card here is set aside."""
    rules = MeldRules(ace_low=ace_low, ace_high=ace_high, set_distinct_suits=True)
    cover = _cover.Cover(Hand.parse(text).codes, rules, None, None, None)
    assert cover.set_aside(PointValues(joker=0)) == points
    assert not cover.held  # the joker alone is left


def test_a_card_tries_its_melds_without_jokers_first() -> None:
    """Eights wild (three of them, the pool): Ks, the lowest card, could open a
    run with two of the pool's cards; with ``natural_first`` (the requirement
    lane's search) its natural set Ks Kh Kd comes first, which leaves the
    pool for 9h and 9c Tc, and the hand is covered in one step a meld and one
    for the discard, 7d.  (Runs first, the search takes ten steps.)"""
    variant = IndianRummy(preset="standard")
    hand = Hand.parse("8s 8s Ks 8h 9h Kh 7d Kd Ac 2c 3c 4c 9c Tc")
    cover = _cover.Cover(
        hand.codes,
        variant.meld_rules,
        Rank.EIGHT,
        variant.requirement,
        frozenset(),
        natural_first=True,
    )
    cover.set_aside(variant.point_values)
    assert cover.search()
    assert cover.steps == 5
    kinds = [
        (run, [str(Card.from_code(c)) for c in cards], jokers)
        for run, cards, _, jokers in cover.melds
    ]
    assert kinds[0] == (False, ["Ks", "Kh", "Kd"], 0)
    runs_first = _cover.Cover(
        hand.codes, variant.meld_rules, Rank.EIGHT, variant.requirement, frozenset()
    )
    runs_first.set_aside(variant.point_values)
    assert runs_first.search()
    assert runs_first.steps == 10
    result = variant.best_discard(hand, wild_rank=Rank.EIGHT)
    assert (result.points, result.discard) == (0, Card("7d"))


def test_cards_no_meld_can_hold_are_set_aside() -> None:
    # Kd has no neighbour and no partner; the rest melds.
    hand = Hand.parse("As 2s 3s 7h 7d 7c Kd 9c")
    rules = MeldRules(set_distinct_suits=True)
    points = PointValues(joker=0)
    cover = _cover.Cover(hand.codes, rules, None, None, frozenset())
    assert cover.set_aside(points) == 9  # Kd is thrown, 9c scores
    assert cover.search()
    result = cover.partition(None, 9)
    assert result is not None
    assert result.discard == Card("Kd")
    assert [str(card) for card in result.deadwood] == ["9c"]
    assert best_discard(hand, rules, points).points == 9


def test_a_hand_that_cannot_meld_every_card_is_not_covered() -> None:
    hand = Hand.parse("As 3s 5s 7s 9s Jh Kh 2d 4d 6d 8c Tc Qc Jk")
    rules = MeldRules(set_distinct_suits=True, ace_high=True)
    cover = _cover.Cover(hand.codes, rules, Rank.TWO, None, None)
    assert not cover.search()
    assert cover.steps <= _cover.STEPS + 1
