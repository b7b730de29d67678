"""The exact meld partitioner: the grouping of a hand that leaves the least deadwood.

Given a hand, the meld rules and the card points, :func:`partition` finds
disjoint valid melds whose leftover cards score the fewest points, with two
or three decks, printed jokers, a wild rank (the Indian cut joker) and
grouping requirements such as "at least one pure sequence".
:func:`best_discard` does the same for a hand that holds one card too many,
choosing the discard in the same search, and :func:`all_partitions` lists
every optimal grouping.  :func:`deadwood` returns only the points, fastest.

Every function here accepts any hand of up to :data:`MAX_HAND_SIZE` cards
holding at most :data:`MAX_COPIES` copies of a natural card, and answers it
exactly; anything larger is refused with :class:`~rummykit.InvalidCardError`
before any work is done, so no call runs for long on a hand from outside.

>>> from rummykit import Hand, MeldRules
>>> from rummykit.partition import PointValues, best_discard, deadwood, partition
>>> hand = Hand.parse("As 2s 3s 7c 7d 7h Kd Qd Jd 5c")
>>> print(partition(hand))
[As 2s 3s] [7h 7d 7c] [Jd Qd Kd] deadwood 5c = 5
>>> deadwood(Hand.parse("As 2s Ac 2c 2d Ah 2h 3h 7h 8h"))
17
>>> print(best_discard(Hand.parse("As 2s Ac 2c 2d Ah 2h 3h 7h 8h 9h")))
[As Ah Ac] [2s 2h 2d 2c] [7h 8h 9h] discard 3h = 0

The search is exact: the test suite checks it against a brute force over
every subset of the hand.  Bit masks and tables stay private.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import combinations

import attrs

from rummykit._arguments import check_instance
from rummykit.cards import JOKER_CODE, Card, Hand, Rank
from rummykit.errors import InvalidCardError, InvalidOptionError
from rummykit.melds import Meld, MeldKind, MeldRules
from rummykit.partition import _cover, _fast, _lives, _required, _small, _suits, _wild
from rummykit.partition._search import Record, Search
from rummykit.partition._types import (
    INF,
    Partition,
    PointValues,
    Requirement,
    _fallback_value,
)

__all__ = [
    "MAX_COPIES",
    "MAX_HAND_SIZE",
    "MAX_LISTED",
    "MAX_LISTING_SIZE",
    "Partition",
    "PointValues",
    "Requirement",
    "all_partitions",
    "best_discard",
    "deadwood",
    "partition",
    "possible_layoffs",
    "possible_melds",
]

_DEFAULT_RULES = MeldRules()
_DEFAULT_POINTS = PointValues()
_NOTHING: frozenset[int] = frozenset()

MAX_HAND_SIZE = 14
"""The most cards a hand given to any partitioning function may hold.

Fourteen is the largest hand of any variant rummykit plays, counting the card
just drawn (Indian Rummy's 13 + 1).  The exact search is bounded in time on
such hands; a larger hand is refused rather than searched.
"""
MAX_LISTING_SIZE = 26
"""The most cards a hand given to :func:`possible_melds` or
:func:`possible_layoffs` may hold: listings are bounded by their limits, so
they take larger hands than the search (a Classic Rummy player may hold a
thirteen-card run and more)."""
MAX_COPIES = 3
"""The most copies of one natural card a hand may hold: three decks' worth."""
MAX_LISTED = 100
"""How many results :func:`~rummykit.all_partitions` and :func:`possible_melds` list
by default; pass ``limit=`` for more or fewer."""


def _codes(
    hand: Hand | Iterable[Card] | str, where: str, most: int | None = None
) -> tuple[int, ...]:
    """The hand's sorted codes, refused if it is beyond the documented bounds."""
    codes = hand.codes if isinstance(hand, Hand) else Hand(hand).codes
    _check_bounds(codes, where, MAX_HAND_SIZE if most is None else most)
    return codes


def _small_lane(
    hand: Hand | Iterable[Card] | str,
    rules: MeldRules | None,
    points: PointValues | None,
    wild_rank: Rank | None,
    requirement: Requirement | None,
) -> bool:
    """Whether a call may skip the argument handling and take the small-hand
    path with ``hand.codes``, ``rules`` and ``points`` as given: a
    :class:`Hand` of copies or jokers, no wild rank, no requirement, explicit
    rules and points.  (The caller passes them on itself, so that this costs
    one call.)"""
    return (
        type(hand) is Hand
        and requirement is None
        and wild_rank is None
        and type(rules) is MeldRules
        and type(points) is PointValues
        and _small.quick(hand.codes, rules)
    )


def _quick_discard(
    codes: tuple[int, ...], rules: MeldRules, points: PointValues
) -> Partition | None:
    """:func:`best_discard` of the sorted ``codes`` of a hand its caller
    has checked (a variant, against its deck), under rules and points of
    their own types, with no wild rank, requirement or forbidden card: the
    answer of the quick lanes, or ``None`` where neither takes the hand.
    (A variant asks this first, without the argument handling.)"""
    if _small.quick(codes, rules):
        return _small.grouping(codes, rules, points, _NOTHING)
    return _fast.quick_discard(codes, rules, points)


def _plain_lane(
    hand: Hand | Iterable[Card] | str,
    wild_rank: Rank | None,
    requirement: Requirement | None,
) -> bool:
    """Whether a call may ask the single-deck path's quick lane
    (:func:`_fast.quick_discard`) first: a :class:`Hand`, no wild rank, no
    requirement.  That lane checks the cards, rules and points itself."""
    return type(hand) is Hand and wild_rank is None and requirement is None


def _check_bounds(
    codes: tuple[int, ...], where: str, most: int = MAX_HAND_SIZE
) -> None:
    """Refuse sorted card ``codes`` that break :data:`MAX_HAND_SIZE` or
    :data:`MAX_COPIES`, with an error naming the call and the rule.

    >>> _check_bounds(Hand.parse("As As As As 2s").codes, "partition")
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidCardError: partition: the hand holds 4 As, but a hand may hold at most 3 copies of a card (MAX_COPIES: three decks)
    """
    if len(codes) > most:
        rule = (
            "MAX_HAND_SIZE: the largest hand of any variant, with the card drawn"
            if most == MAX_HAND_SIZE
            else "MAX_LISTING_SIZE"
        )
        raise InvalidCardError(
            f"{where}: the hand holds {len(codes)} cards, but it takes at most "
            f"{most} ({rule})"
        )
    for i in range(len(codes) - MAX_COPIES):
        code = codes[i]
        if code == codes[i + MAX_COPIES] and code != JOKER_CODE:
            raise InvalidCardError(
                f"{where}: the hand holds {codes.count(code)} {Card.from_code(code)}, "
                f"but a hand may hold at most {MAX_COPIES} copies of a card "
                "(MAX_COPIES: three decks)"
            )


def _check_limit(limit: int, where: str, name: str = "limit") -> None:
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise InvalidOptionError(
            f"{where}: {name} must be a whole number of at least 1, not {limit!r}"
        )


def _forbidden(cards: Iterable[Card | str]) -> frozenset[int]:
    if type(cards) is tuple and not cards:
        return _NOTHING  # the default, without building an empty hand
    return frozenset(Hand(cards).codes)


def _options(
    rules: MeldRules | None,
    points: PointValues | None,
    wild_rank: Rank | None,
    requirement: Requirement | None,
) -> tuple[MeldRules, PointValues]:
    """Refuse arguments of the wrong type; fill in the defaults."""
    if (
        type(rules) is MeldRules
        and type(points) is PointValues
        and (wild_rank is None or type(wild_rank) is Rank)
        and (requirement is None or type(requirement) is Requirement)
    ):
        return rules, points  # the common call: nothing to check or fill in
    check_instance("rules", rules, MeldRules)
    check_instance("points", points, PointValues)
    check_instance("wild_rank", wild_rank, Rank)
    check_instance("requirement", requirement, Requirement)
    return rules or _DEFAULT_RULES, points or _DEFAULT_POINTS


def _simple(codes: tuple[int, ...], wild_rank: Rank | None, rules: MeldRules) -> bool:
    """Whether the fast single-deck path applies: no jokers, wild cards or
    copies, and rules under which a rank holds at most one set."""
    if max(rules.min_set, rules.min_naturals_per_meld) < 3:
        return False
    if codes and codes[-1] == JOKER_CODE:
        return False
    if wild_rank is not None:
        wild = int(wild_rank) - 1
        if any(code % 13 == wild for code in codes):
            return False
    return len(set(codes)) == len(codes)


def deadwood(
    hand: Hand | Iterable[Card] | str,
    rules: MeldRules | None = None,
    points: PointValues | None = None,
    *,
    wild_rank: Rank | None = None,
    requirement: Requirement | None = None,
    discard: bool = False,
    forbidden: Iterable[Card | str] = (),
) -> int:
    """The points the hand scores under its optimal grouping, and nothing else.

    This is :attr:`Partition.points` of :func:`partition` (or, with
    ``discard``, of :func:`best_discard`, with ``forbidden`` as there),
    computed without building any meld: the call to use for knock tests,
    declaration checks and scoring.

    :raises InvalidCardError: with ``discard``, if every card is forbidden or
        the hand is empty.

    >>> deadwood(Hand.parse("5s Jk 7s Tc Th Td 3h"), MeldRules(max_run=4),
    ...          PointValues.standard(joker=10))
    3
    >>> deadwood(Hand.parse("As 2s Ac 2c 2d Ah 2h 3h 7h 8h 9h"), discard=True)
    0
    """
    if type(hand) is Hand and not discard and wild_rank is None and requirement is None:
        # The quick lane: distinct natural cards (most Gin hands).
        found = _fast.quick_deadwood(hand.codes, rules, points)
        if found is not None:
            return found
    if not forbidden and _small_lane(hand, rules, points, wild_rank, requirement):
        # The quick lane for small hands with copies or jokers (Rumino's).
        return _small.value(
            hand.codes,  # type: ignore[union-attr]
            rules,  # type: ignore[arg-type]
            points,  # type: ignore[arg-type]
            _NOTHING if discard else None,
        )
    if discard and not forbidden and _plain_lane(hand, wild_rank, requirement):
        # The quick lane for a discard from distinct natural cards.
        value = _fast.quick_discard_value(hand.codes, rules, points)  # type: ignore[union-attr]
        if value is not None:
            return value
    codes = _codes(hand, "deadwood")
    rules, points = _options(rules, points, wild_rank, requirement)
    if not discard:
        if requirement is None and _simple(codes, wild_rank, rules):
            return _fast.deadwood(codes, rules, points)
        if requirement is None and _small.applies(codes, rules, wild_rank):
            return _small.value(codes, rules, points, None)
        if _wild.applies(codes, rules, points, wild_rank, requirement, None):
            return _wild.value(codes, rules, points, wild_rank, None)
        if _required.applies(codes, rules, points, wild_rank, requirement, None):
            return _required_value(codes, rules, points, wild_rank, requirement, None)  # type: ignore[arg-type]
        return _points(codes, rules, points, wild_rank, requirement, None)
    banned = _forbidden(forbidden)
    _check_discardable(codes, banned, "deadwood")
    if requirement is None and _simple(codes, wild_rank, rules):
        return _fast.discard_value(codes, rules, points, banned)
    if requirement is None and _small.applies(codes, rules, wild_rank):
        return _small.value(codes, rules, points, banned)
    if _wild.applies(codes, rules, points, wild_rank, requirement, banned):
        return _wild.value(codes, rules, points, wild_rank, banned)
    if _required.applies(codes, rules, points, wild_rank, requirement, banned):
        return _required_value(codes, rules, points, wild_rank, requirement, banned)  # type: ignore[arg-type]
    return _points(codes, rules, points, wild_rank, requirement, banned)


def _check_discardable(
    codes: tuple[int, ...], banned: frozenset[int], where: str
) -> None:
    if not codes:
        raise InvalidCardError(
            f"{where}: the hand is empty, so no card may be discarded"
        )
    if banned and not any(code not in banned for code in codes):
        raise InvalidCardError(
            f"{where}: every card of {Hand._from_sorted(codes)} is forbidden, "
            "so none may be discarded"
        )


def _points(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    wild_rank: Rank | None,
    requirement: Requirement | None,
    forbidden: frozenset[int] | None,
) -> int:
    """What :func:`_solve` would score, found by the search alone."""
    if _hopeless(codes, rules, wild_rank, requirement):
        # No grouping meets the requirement: every card scores (capped).
        assert requirement is not None
        value = _fallback_value(codes, points, wild_rank, forbidden)
        return value if requirement.cap is None else min(value, requirement.cap)
    covering = _cover.applies(rules, points, wild_rank, requirement)
    if covering:
        # Most hands meld every card that any meld can hold: no grouping
        # scores less.
        cover = _cover.Cover(codes, rules, wild_rank, requirement, forbidden)
        least = cover.set_aside(points)
        if cover.search():
            cap = None if requirement is None else requirement.cap
            return least if cap is None else min(least, cap)
    # Where the cover serves (jokers worth nothing), the bounded search
    # settles the other hands in about half the suit tables' time.
    if not covering and _suits.applies(rules, points, requirement):
        # Scoring every card (capped) bounds the search from the start.
        bound = _fallback_value(codes, points, wild_rank, forbidden)
        if requirement is not None and requirement.cap is not None:
            bound = min(bound, requirement.cap)
        try:
            return _suits.value(
                codes, rules, points, wild_rank, requirement, forbidden, bound
            )
        except _suits.TooManySets:
            pass  # the general search shares work between set choices
    with Search(
        codes, rules, points, wild_rank, requirement, forbidden or frozenset()
    ) as search:
        if requirement is None:  # scoring every card is one of the groupings
            if search.bounded_applies():
                return search.least(forbidden is not None)
            return search.best(forbidden is not None)
        ceiling = _fallback_value(codes, points, wild_rank, forbidden)
        if requirement.cap is not None:
            ceiling = min(ceiling, requirement.cap)
        if search.bounded_applies():
            # Only a value below the ceiling changes the answer.
            return min(search.least(forbidden is not None, ceiling + 1), ceiling)
        return min(search.best(forbidden is not None), ceiling)


def _work(
    hand: Hand | Iterable[Card] | str,
    rules: MeldRules | None = None,
    points: PointValues | None = None,
    *,
    wild_rank: Rank | None = None,
    requirement: Requirement | None = None,
    discard: bool = False,
) -> int:
    """How much work the value call (:func:`deadwood`) does on ``hand``, in
    the path that answers it: the branches the small-hand search enters
    (for small hands with copies or jokers, the wild-card lane and the
    requirement lane, whose short cover search first is not counted), or
    else the states the general search settles (1 where the single-deck
    path answers).  A deterministic measure, unlike time, for tests that hunt for
    slow hands.
    """
    codes = _codes(hand, "deadwood")
    rules, points = _options(rules, points, wild_rank, requirement)
    if requirement is None and _simple(codes, wild_rank, rules):
        return 1
    banned = _NOTHING if discard else None
    counter = [1]
    if requirement is None and _small.applies(codes, rules, wild_rank):
        _small._search(codes, _small._tables(rules, points), banned, counter)
        return counter[0]
    if _wild.applies(codes, rules, points, wild_rank, requirement, banned):
        _wild.value(codes, rules, points, wild_rank, banned, counter)
        return counter[0]
    if _required.applies(codes, rules, points, wild_rank, requirement, banned):
        _required.value(codes, rules, points, wild_rank, requirement, banned, counter)  # type: ignore[arg-type]
        return counter[0]
    with Search(codes, rules, points, wild_rank, requirement, frozenset()) as search:
        search.best(discard)
        return max(1, len(search.memo))


def partition(
    hand: Hand | Iterable[Card] | str,
    rules: MeldRules | None = None,
    points: PointValues | None = None,
    *,
    wild_rank: Rank | None = None,
    requirement: Requirement | None = None,
) -> Partition:
    """An optimal grouping of ``hand`` into melds and deadwood.

    :param hand: the cards, with copies and jokers as the deck allows.
    :param rules: what counts as a meld (the defaults are Gin's: ace low, sets
        of 3-4, runs of 3 or more).
    :param points: what unmelded cards score (standard values by default).
    :param wild_rank: every card of this rank is wild for the hand.
    :param requirement: a condition on the melds, such as one pure sequence;
        a hand that cannot meet it scores all its cards.

    >>> result = partition(Hand.parse("5s Jk 7s Tc Th Td 3h"), MeldRules(max_run=4),
    ...                    PointValues.standard(joker=10))
    >>> [str(meld) for meld in result.melds], result.points
    (['5s Jk=6s 7s', 'Th Td Tc'], 3)
    """
    if _small_lane(hand, rules, points, wild_rank, requirement):
        # The quick lane for small hands with copies or jokers (Rumino's).
        return _small.grouping(
            hand.codes,  # type: ignore[union-attr]
            rules,  # type: ignore[arg-type]
            points,  # type: ignore[arg-type]
            None,
        )
    codes = _codes(hand, "partition")
    rules, points = _options(rules, points, wild_rank, requirement)
    if requirement is None and _simple(codes, wild_rank, rules):
        return _fast.partition(codes, rules, points)
    if requirement is None and _small.applies(codes, rules, wild_rank):
        return _small.grouping(codes, rules, points, None)
    if _wild.applies(codes, rules, points, wild_rank, requirement, None):
        return _wild.grouping(codes, rules, points, wild_rank, None)
    if _required.applies(codes, rules, points, wild_rank, requirement, None):
        return _required_grouping(codes, rules, points, wild_rank, requirement, None)  # type: ignore[arg-type]
    return _solve(codes, rules, points, wild_rank, requirement, None)[0]


def best_discard(
    hand: Hand | Iterable[Card] | str,
    rules: MeldRules | None = None,
    points: PointValues | None = None,
    *,
    wild_rank: Rank | None = None,
    requirement: Requirement | None = None,
    forbidden: Iterable[Card | str] = (),
) -> Partition:
    """The discard that leaves the fewest points, with the grouping it leaves.

    The discard is chosen inside the one search, not by solving the hand once
    per card.  ``forbidden`` lists cards that may not be discarded this turn,
    such as the card just taken from the discard pile.

    :raises InvalidCardError: if every card is forbidden or the hand is empty.

    >>> result = best_discard(Hand.parse("As 2s Ac 2c 2d Ah 2h 3h 7h 8h 9h"))
    >>> result.discard, result.points
    (Card('3h'), 0)
    >>> best_discard(Hand.parse("As 2s 3s Kd"), forbidden=[Card("Kd")]).discard
    Card('3s')
    """
    if not forbidden and _small_lane(hand, rules, points, wild_rank, requirement):
        # The quick lane for small hands with copies or jokers (Rumino's).
        return _small.grouping(
            hand.codes,  # type: ignore[union-attr]
            rules,  # type: ignore[arg-type]
            points,  # type: ignore[arg-type]
            _NOTHING,
        )
    if not forbidden and _plain_lane(hand, wild_rank, requirement):
        # The quick lane for distinct natural cards (Gin's, some of Rumino's).
        found = _fast.quick_discard(hand.codes, rules, points)  # type: ignore[union-attr]
        if found is not None:
            return found
    codes = _codes(hand, "best_discard")
    rules, points = _options(rules, points, wild_rank, requirement)
    banned = _forbidden(forbidden)
    _check_discardable(codes, banned, "best_discard")
    if requirement is None and _simple(codes, wild_rank, rules):
        return _fast.best_discard(codes, rules, points, banned)
    if requirement is None and _small.applies(codes, rules, wild_rank):
        return _small.grouping(codes, rules, points, banned)
    if _wild.applies(codes, rules, points, wild_rank, requirement, banned):
        return _wild.grouping(codes, rules, points, wild_rank, banned)
    if _required.applies(codes, rules, points, wild_rank, requirement, banned):
        return _required_grouping(codes, rules, points, wild_rank, requirement, banned)  # type: ignore[arg-type]
    return _solve(codes, rules, points, wild_rank, requirement, banned)[0]


def all_partitions(
    hand: Hand | Iterable[Card] | str,
    rules: MeldRules | None = None,
    points: PointValues | None = None,
    *,
    wild_rank: Rank | None = None,
    requirement: Requirement | None = None,
    discard: bool = False,
    forbidden: Iterable[Card | str] = (),
    limit: int = MAX_LISTED,
) -> tuple[Partition, ...]:
    """Every optimal grouping of ``hand`` (after the best discard if ``discard``),
    up to ``limit`` of them.

    Which melds a player lays down changes what others can lay off, so a
    frontend can offer each of these.  Groupings that differ only in which of
    two interchangeable jokers goes where, or in which of two identical cards
    is used, are listed once.  A hand full of wild cards can have thousands
    of optimal groupings; the listing stops after ``limit``, so the work
    stays bounded.  Each one scores what :func:`partition` scores, but the
    first need not be the grouping :func:`partition` returns.

    :raises ValueError: if ``limit`` is not a whole number of at least 1.
    :raises InvalidCardError: if ``discard`` and the hand is empty or every
        card is forbidden.

    >>> for result in all_partitions(Hand.parse("6s 7s 8s 9s 9h 9d 9c")):
    ...     print(result)
    [6s 7s 8s] [9s 9h 9d 9c] = 0
    [6s 7s 8s 9s] [9h 9d 9c] = 0
    """
    codes = _codes(hand, "all_partitions")
    _check_limit(limit, "all_partitions")
    rules, points = _options(rules, points, wild_rank, requirement)
    banned = _forbidden(forbidden) if discard else None
    if banned is not None:
        _check_discardable(codes, banned, "all_partitions")
    return _solve(
        codes, rules, points, wild_rank, requirement, banned, every=True, limit=limit
    )


def _solve(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    wild_rank: Rank | None,
    requirement: Requirement | None,
    forbidden: frozenset[int] | None,
    *,
    every: bool = False,
    limit: int = 1,
) -> tuple[Partition, ...]:
    """Run the general search; ``forbidden`` is ``None`` when nothing is discarded.

    With ``every``, at most ``limit`` groupings are listed, and at most
    ``_TRIES_PER_RESULT * limit`` are rebuilt (most repeats are dropped), so
    the listing is bounded however many equivalent groupings a hand has.
    """
    discarding = forbidden is not None
    if _hopeless(codes, rules, wild_rank, requirement):
        # No grouping meets the requirement: only scoring every card is left.
        assert requirement is not None
        fallback = _fallback(
            [Card.from_code(code) for code in codes], points, wild_rank, forbidden
        )
        return (_every_card(fallback, requirement),)
    if not every and _cover.applies(rules, points, wild_rank, requirement):
        # Most hands meld every card that any meld can hold: no grouping
        # scores less.
        covered = _covered(codes, rules, points, wild_rank, requirement, forbidden)
        if covered is not None:
            return (covered,)
    with Search(
        codes,
        rules,
        points,
        wild_rank,
        requirement,
        forbidden or frozenset(),
        lean=not every,
    ) as search:
        cards = [Card.from_code(code) for code in codes]
        results: list[Partition] = []
        fallback = _fallback(cards, points, wild_rank, forbidden)
        if not every and search.bounded_applies():
            # The bounded search: only a grouping that scores no more than every
            # card is wanted, and the first one found is built.
            ceiling = fallback[0] + 1 if fallback[0] < INF else INF
            found, steps, take, state, thrown = search.first(discarding, ceiling)
            if found < INF:
                if search.lean:
                    return (
                        _pending(
                            search, steps, take, state, thrown, found, requirement
                        ),
                    )
                result = _built(search, steps, take, state, thrown, found, requirement)
                return (result,)
            return (_every_card(fallback, requirement),)
        found = search.best(discarding)
        tries = _TRIES_PER_RESULT * limit
        if found < INF and found <= fallback[0]:
            seen: set[tuple[object, ...]] = set()
            for state, jokers, take in search.start_states():
                if len(results) >= limit or tries <= 0:
                    break
                for value, core, flag, thrown in search.top(state, jokers, discarding):
                    if value != found or len(results) >= limit or tries <= 0:
                        continue
                    for steps in search.groupings(
                        core,
                        jokers,
                        flag,
                        0,
                        search.value(core, jokers, flag, 0),
                        every,
                    ):
                        tries -= 1
                        if len(results) >= limit or tries < 0:
                            break
                        result = _built(
                            search, steps, take, state, thrown, found, requirement
                        )
                        if not every:
                            if search.lean:
                                result = _absorb(result, rules, wild_rank, requirement)
                            return (result,)
                        key = _canonical(result)
                        if key not in seen:
                            seen.add(key)
                            results.append(result)
        if not results or fallback[0] < found:
            results.append(_every_card(fallback, requirement))
        return tuple(results)


def _cap(requirement: Requirement | None) -> int:
    return INF if requirement is None or requirement.cap is None else requirement.cap


def _every_card(
    fallback: tuple[int, list[Card], Card | None], requirement: Requirement | None
) -> Partition:
    """Every card as deadwood (from :func:`_fallback`), capped: the grouping
    left when no meld helps or none meets the requirement."""
    total, every_card, costliest = fallback
    return Partition(
        melds=(),
        deadwood=tuple(every_card),
        points=min(total, _cap(requirement)),
        requirement_met=False,
        discard=costliest,
    )


def _built(
    search: Search,
    steps: list[tuple[str, int, Record | None, int]],
    take: tuple[int, ...],
    state: int,
    thrown: int,
    found: int,
    requirement: Requirement | None,
) -> Partition:
    """The grouping a search's ``steps`` lay out, worth ``found`` (capped)."""
    melds, dead, thrown_card = search.build(steps, take)
    dead = sorted(dead + search.isolated_cards(state, thrown), key=_code)
    if thrown >= 0:
        thrown_card = Card.from_code(search.field_codes[thrown])
    return Partition(
        melds=tuple(melds),
        deadwood=tuple(dead),
        points=min(found, _cap(requirement)),
        discard=thrown_card,
    )


def _pending(
    search: Search,
    steps: list[tuple[str, int, Record | None, int]],
    take: tuple[int, ...],
    state: int,
    thrown: int,
    found: int,
    requirement: Requirement | None,
) -> Partition:
    """What :func:`_built` and then :func:`_absorb` make of a lean search's
    ``steps``, with its points and discard now and its melds and deadwood
    built at first read (as the cover path does): most callers read only the
    first two.  The search's memos and candidate tables are dropped (only
    the layout reads the search after this, and not those), so an unread
    result holds little."""
    search.memo = {}
    search.bounded_memo = {}
    search.flat = []
    search.by_low = []
    if thrown >= 0:
        discard: Card | None = Card.from_code(search.field_codes[thrown])
    else:
        discard = search.discard_of(steps, take)
    result: Partition = _new(Partition)
    _set(result, "points", min(found, _cap(requirement)))
    _set(result, "requirement_met", True)
    _set(result, "discard", discard)
    laid = (search, steps, take, state, thrown, found, requirement)
    _set(result, "_pending", (_lay_out, laid))
    return result


def _lay_out(
    search: Search,
    steps: list[tuple[str, int, Record | None, int]],
    take: tuple[int, ...],
    state: int,
    thrown: int,
    found: int,
    requirement: Requirement | None,
) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """The melds and deadwood of :func:`_pending`'s grouping."""
    result = _built(search, steps, take, state, thrown, found, requirement)
    return _cover.absorb(
        result.melds, result.deadwood, search.rules, search.wild_rank, requirement
    )


_new = object.__new__
_set = object.__setattr__

_TRIES_PER_RESULT = 20


def _required_value(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    wild_rank: Rank | None,
    requirement: Requirement,
    forbidden: frozenset[int] | None,
) -> int:
    """What :func:`_required_grouping` would score, found by the searches
    alone."""
    cap = _cap(requirement)
    if _hopeless(codes, rules, wild_rank, requirement):
        return min(_fallback_value(codes, points, wild_rank, forbidden), cap)
    covered = _lane_cover(codes, rules, points, wild_rank, requirement, forbidden)
    if covered is not None:
        return min(covered[1], cap)
    return _required.value(codes, rules, points, wild_rank, requirement, forbidden)


def _required_grouping(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    wild_rank: Rank | None,
    requirement: Requirement,
    forbidden: frozenset[int] | None,
) -> Partition:
    """The requirement lane's grouping: a short cover search first (most
    hands are covered in a few steps, and the cover builds no tables), then
    the lane's own search (:mod:`._required`); every card when no grouping
    meets the requirement for less."""
    if _hopeless(codes, rules, wild_rank, requirement):
        cards = [Card.from_code(code) for code in codes]
        return _every_card(_fallback(cards, points, wild_rank, forbidden), requirement)
    covered = _lane_cover(codes, rules, points, wild_rank, requirement, forbidden)
    if covered is not None:
        cover, least = covered
        return cover.partition(wild_rank, min(least, _cap(requirement)))
    try:
        found = _required.grouping(
            codes, rules, points, wild_rank, requirement, forbidden
        )
    except _required.UseGeneral:
        return _solve(codes, rules, points, wild_rank, requirement, forbidden)[0]
    if found is not None:
        return found
    cards = [Card.from_code(code) for code in codes]
    return _every_card(_fallback(cards, points, wild_rank, forbidden), requirement)


def _lane_cover(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    wild_rank: Rank | None,
    requirement: Requirement,
    forbidden: frozenset[int] | None,
) -> tuple[_cover.Cover, int] | None:
    """The requirement lane's short cover search (:data:`._required.COVER_STEPS`
    steps, each card's melds without jokers first): the search and the
    points it set aside, if it melded every card; else ``None``."""
    if not _cover.applies(rules, points, wild_rank, requirement):
        return None
    cover = _cover.Cover(
        codes,
        rules,
        wild_rank,
        requirement,
        forbidden,
        _required.COVER_STEPS,
        natural_first=True,
    )
    least = cover.set_aside(points)
    return (cover, least) if cover.search() else None


def _hopeless(
    codes: tuple[int, ...],
    rules: MeldRules,
    wild_rank: Rank | None,
    requirement: Requirement | None,
) -> bool:
    """Whether no grouping of the hand can meet ``requirement``: then it
    scores every card, and no search is needed."""
    return (
        requirement is not None
        and _lives.decides(rules, requirement)
        and not _lives.possible(codes, rules, wild_rank, requirement)
    )


def _covered(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    wild_rank: Rank | None,
    requirement: Requirement | None,
    forbidden: frozenset[int] | None,
) -> Partition | None:
    """An optimal grouping found by the cover search (one that melds every
    card any meld can hold), or ``None``."""
    cap = None if requirement is None else requirement.cap
    cover = _cover.Cover(codes, rules, wild_rank, requirement, forbidden)
    least = cover.set_aside(points)
    if cover.search():
        return cover.partition(wild_rank, least if cap is None else min(least, cap))
    return None


def _fallback(
    cards: list[Card],
    points: PointValues,
    wild_rank: Rank | None,
    forbidden: frozenset[int] | None,
) -> tuple[int, list[Card], Card | None]:
    """Scoring every card, after throwing the costliest allowed one."""
    if forbidden is None:
        return points.total(cards, wild_rank=wild_rank), cards, None
    allowed = [card for card in cards if card.code not in forbidden]
    if not allowed:
        return INF, cards, None
    thrown = max(
        reversed(allowed), key=lambda card: points.of(card, wild_rank=wild_rank)
    )
    rest = list(cards)
    rest.remove(thrown)
    return points.total(rest, wild_rank=wild_rank), rest, thrown


def _absorb(
    result: Partition,
    rules: MeldRules,
    wild_rank: Rank | None,
    requirement: Requirement | None,
) -> Partition:
    """``result`` with its spare jokers put into melds (:func:`_cover.absorb`)."""
    melds, deadwood = _cover.absorb(
        result.melds, result.deadwood, rules, wild_rank, requirement
    )
    if melds is result.melds:
        return result
    return attrs.evolve(result, melds=melds, deadwood=deadwood)


def _code(card: Card) -> int:
    return card.code


def _canonical(result: Partition) -> tuple[object, ...]:
    melds = sorted(
        (meld.kind.value, tuple(sorted(card.code for card in meld.cards)))
        for meld in result.melds
    )
    discard = None if result.discard is None else result.discard.code
    return (tuple(melds), discard)


def possible_melds(
    hand: Hand | Iterable[Card] | str,
    rules: MeldRules | None = None,
    *,
    wild_rank: Rank | None = None,
    limit: int = MAX_LISTED,
) -> tuple[Meld, ...]:
    """Every distinct meld that can be made from cards of ``hand``, up to
    ``limit`` of them.

    Melds that differ only in which of two identical cards they use are
    listed once.  All-joker melds are not listed.  A hand rich in wild cards
    can make thousands of melds; the listing stops after ``limit`` (those
    with the lowest cards first), so the work stays bounded.

    :raises ValueError: if ``limit`` is not a whole number of at least 1.

    >>> from rummykit.partition import possible_melds
    >>> [str(meld) for meld in possible_melds(Hand.parse("7c 8c 9c 9h 9d Kd"))]
    ['9h 9d 9c', '7c 8c 9c']
    """
    codes = _codes(hand, "possible_melds", MAX_LISTING_SIZE)
    _check_limit(limit, "possible_melds")
    rules, _ = _options(rules, None, wild_rank, None)
    with Search(codes, rules, PointValues(joker=1), wild_rank, None) as search:
        by_low, field_codes = search.by_low, search.field_codes
    counts = Counter(codes)
    wild_kinds = [
        code
        for code in counts
        if code == JOKER_CODE or (wild_rank is not None and code % 13 + 1 == wild_rank)
    ]
    found: dict[tuple[str, tuple[int, ...]], Meld] = {}
    for records in by_low:
        for record in records:
            natural_codes = [field_codes[f] for f in record.fields]
            naturals = [Card.from_code(code) for code in natural_codes]
            spare = Counter({code: counts[code] for code in wild_kinds})
            spare.subtract(natural_codes)
            kind = MeldKind.RUN if record.is_run else MeldKind.SET
            # Wild cards are interchangeable: choose a multiset of them.
            choices: list[tuple[int, ...]] = [()] if record.kmin == 0 else []
            choices += [
                wilds
                for wilds in _multisets(wild_kinds, spare, record.kmax)
                if len(wilds) >= record.kmin
            ]
            for wilds in choices:
                cards = naturals + [Card.from_code(code) for code in wilds]
                key = (kind.value, tuple(sorted(card.code for card in cards)))
                if key in found:
                    continue
                if rules.why_not(cards, wild_rank=wild_rank, kind=kind) is None:
                    found[key] = Meld.build(
                        cards, rules, wild_rank=wild_rank, kind=kind
                    )
                    if len(found) >= limit:
                        break
            if len(found) >= limit:
                break
        if len(found) >= limit:
            break
    return tuple(found[key] for key in sorted(found, key=lambda key: (key[1], key[0])))


def possible_layoffs(
    meld: Meld,
    hand: Hand | Iterable[Card] | str,
    rules: MeldRules | None = None,
    *,
    wild_rank: Rank | None = None,
    limit: int = 4,
    most: int = MAX_LISTED,
) -> tuple[tuple[Card, ...], ...]:
    """Every distinct group of up to ``limit`` cards from ``hand`` that can be
    laid off on ``meld``, at most ``most`` groups.

    The meld is never rearranged: every card keeps standing for what it
    stood for, and a run stays one run.  Only groups that could fit are
    tried (cards of the set's rank, or the cards that would extend the run
    at either end), so the work grows with the answer, not with the number
    of subsets of the hand; with many wild cards the answer itself can run
    to thousands of groups, and the listing stops after ``most`` of them
    (runs are extended by the fewest cards first).

    :raises ValueError: if ``limit`` or ``most`` is not a whole number of at
        least 1.

    >>> from rummykit.partition import possible_layoffs
    >>> run = Meld.build("8h 9h Th")
    >>> [" ".join(map(str, cards)) for cards in possible_layoffs(run, Hand.parse("6h 7h Jh Qh Ah 2c"))]
    ['7h', 'Jh', '6h 7h', '7h Jh', 'Jh Qh', '6h 7h Jh', '7h Jh Qh', '6h 7h Jh Qh']
    """
    rules = rules or _DEFAULT_RULES
    codes = _codes(hand, "possible_layoffs", MAX_LISTING_SIZE)
    _check_limit(limit, "possible_layoffs")
    _check_limit(most, "possible_layoffs", "most")
    counts = Counter(codes)
    wild = [
        code
        for code in counts
        if code == JOKER_CODE or (wild_rank is not None and code % 13 + 1 == wild_rank)
    ]
    if meld.kind is MeldKind.SET:
        room = limit if rules.max_set is None else min(limit, rules.max_set - len(meld))
        rank = meld.stands_for[0].code % 13
        kinds = [code for code in counts if code % 13 == rank or code in wild]
        groups: Iterable[tuple[int, ...]] = _multisets(kinds, counts, room)
    else:
        room = min(limit, rules.longest_run - len(meld))
        groups = _run_extensions(meld, counts, wild, room)
    old = sorted(card.code for card in meld.stands_for)
    result: list[tuple[Card, ...]] = []
    seen: set[tuple[int, ...]] = set()
    for key in groups:
        if not key or key in seen:
            continue
        seen.add(key)
        group = tuple(Card.from_code(code) for code in key)
        combined = list(meld.cards) + list(group)
        if rules.why_not(combined, wild_rank=wild_rank, kind=meld.kind) is not None:
            continue
        grown = Meld.build(combined, rules, wild_rank=wild_rank, kind=meld.kind)
        stands = sorted(card.code for card in grown.stands_for)
        if _contains(stands, old) and _keeps_roles(meld, grown):
            result.append(group)
            if len(result) >= most:
                break
    result.sort(key=lambda group: (len(group), [card.code for card in group]))
    return tuple(result)


def _multisets(
    kinds: list[int], counts: Counter[int], most: int
) -> Iterator[tuple[int, ...]]:
    """Every sorted multiset of 1 to ``most`` codes from ``kinds``, each code at
    most as often as ``counts`` holds it."""
    kinds = sorted(kinds)

    def grow(i: int, chosen: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if chosen:
            yield chosen
        if len(chosen) >= most:
            return
        for j in range(i, len(kinds)):
            code = kinds[j]
            if chosen.count(code) < counts[code]:
                yield from grow(j, (*chosen, code))

    yield from grow(0, ())


def _run_extensions(
    meld: Meld, counts: Counter[int], wild: list[int], room: int
) -> Iterator[tuple[int, ...]]:
    """Candidate groups that extend the run ``meld`` by up to ``room`` cards:
    each new place at either end takes its own natural card or a wild card.

    Places are numbered along a line on which rank ``r`` sits at ``r``,
    ``r + 13`` and ``r + 26``, so that an ace-high or wrapping run is one
    stretch; the validator then decides which groups the rules allow.
    """
    ranks = sorted(card.code % 13 for card in meld.stands_for)
    suit = meld.stands_for[0].code // 13
    length = len(ranks)
    start = next(
        (
            first
            for first in range(13)
            if sorted((first + i) % 13 for i in range(length)) == ranks
        ),
        None,
    )
    if start is None or room < 1:
        return
    start += 13  # leave room below
    wild_kinds = sorted(wild)
    for size in range(1, room + 1):  # shortest extensions first
        for below in range(size + 1):
            above = size - below
            places = [
                *range(start - below, start),
                *range(start + length, start + length + above),
            ]
            yield from _fill(places, suit, counts, wild_kinds)


def _fill(
    places: list[int], suit: int, counts: Counter[int], wild_kinds: list[int]
) -> Iterator[tuple[int, ...]]:
    """Every way to put one card on each place: the natural card there, if
    the hand holds it, or a wild card.  Wild cards are interchangeable
    between places, so only which places take naturals, and which multiset
    of wild cards fills the rest, is chosen."""
    # A run is at most 13 long, so the places' natural cards are all distinct.
    held = [suit * 13 + place % 13 for place in places]
    held = [code for code in held if counts[code] > 0]
    wild_total = sum(counts[code] for code in wild_kinds)
    for n in range(len(held), -1, -1):
        if len(places) - n > wild_total:
            break
        for picked in combinations(held, n):
            left = Counter(counts)
            left.subtract(picked)
            need = len(places) - n
            if need == 0:
                yield tuple(sorted(picked))
                continue
            for wilds in _multisets(wild_kinds, left, need):
                if len(wilds) == need:
                    yield tuple(sorted((*picked, *wilds)))


def _contains(big: list[int], small: list[int]) -> bool:
    remaining = list(big)
    for code in small:
        if code not in remaining:
            return False
        remaining.remove(code)
    return True


def _keeps_roles(old: Meld, new: Meld) -> bool:
    """Whether every card of ``old`` stands for the same card in ``new``."""
    roles = list(zip(new.cards, new.stands_for, strict=True))
    for pair in zip(old.cards, old.stands_for, strict=True):
        if pair not in roles:
            return False
        roles.remove(pair)
    return True
