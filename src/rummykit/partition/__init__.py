"""The exact meld partitioner: the grouping of a hand that leaves the least deadwood.

Given a hand, the meld rules and the card points, :func:`partition` finds
disjoint valid melds whose leftover cards score the fewest points, with two
or three decks, printed jokers, a wild rank (the Indian cut joker) and
grouping requirements such as "at least one pure sequence".
:func:`best_discard` does the same for a hand that holds one card too many,
choosing the discard in the same search, and :func:`all_partitions` lists
every optimal grouping.  :func:`deadwood` returns only the points, fastest.

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

from collections.abc import Iterable
from itertools import combinations

import attrs

from rummykit._arguments import check_instance
from rummykit.cards import JOKER_CODE, Card, Hand, Rank
from rummykit.errors import InvalidCardError
from rummykit.melds import Meld, MeldKind, MeldRules
from rummykit.partition import _fast
from rummykit.partition._search import INF, Search
from rummykit.partition._types import Partition, PointValues, Requirement

__all__ = [
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


def _codes(hand: Hand | Iterable[Card] | str) -> tuple[int, ...]:
    if isinstance(hand, Hand):
        return hand.codes
    return Hand(hand).codes


def _forbidden(cards: Iterable[Card | str]) -> frozenset[int]:
    return frozenset(Hand(cards).codes)


def _options(
    rules: MeldRules | None,
    points: PointValues | None,
    wild_rank: Rank | None,
    requirement: Requirement | None,
) -> tuple[MeldRules, PointValues]:
    """Refuse arguments of the wrong type; fill in the defaults."""
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
) -> int:
    """The points the hand scores under its optimal grouping, and nothing else.

    This is :attr:`Partition.points` of :func:`partition`, computed without
    building the melds.

    >>> deadwood(Hand.parse("5s Jk 7s Tc Th Td 3h"), MeldRules(max_run=4),
    ...          PointValues.standard(joker=10))
    3
    """
    codes = _codes(hand)
    rules, points = _options(rules, points, wild_rank, requirement)
    if requirement is None and _simple(codes, wild_rank, rules):
        return _fast.deadwood(codes, rules, points)
    return _solve(codes, rules, points, wild_rank, requirement, None)[0].points


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
    codes = _codes(hand)
    rules, points = _options(rules, points, wild_rank, requirement)
    if requirement is None and _simple(codes, wild_rank, rules):
        return _fast.partition(codes, rules, points)
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
    codes = _codes(hand)
    rules, points = _options(rules, points, wild_rank, requirement)
    banned = _forbidden(forbidden)
    if not codes:
        raise InvalidCardError(
            "best_discard: the hand is empty, so no card may be discarded"
        )
    if not any(code not in banned for code in codes):
        raise InvalidCardError(
            f"best_discard: no card of {Hand._from_sorted(codes)} may be discarded"
        )
    if requirement is None and _simple(codes, wild_rank, rules):
        return _fast.best_discard(codes, rules, points, banned)
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
) -> tuple[Partition, ...]:
    """Every optimal grouping of ``hand`` (after the best discard if ``discard``).

    Which melds a player lays down changes what others can lay off, so a
    frontend can offer each of these.  Groupings that differ only in which of
    two interchangeable jokers goes where, or in which of two identical cards
    is used, are listed once.

    >>> for result in all_partitions(Hand.parse("6s 7s 8s 9s 9h 9d 9c")):
    ...     print(result)
    [6s 7s 8s] [9s 9h 9d 9c] = 0
    [6s 7s 8s 9s] [9h 9d 9c] = 0
    """
    codes = _codes(hand)
    rules, points = _options(rules, points, wild_rank, requirement)
    banned = _forbidden(forbidden) if discard else None
    return _solve(codes, rules, points, wild_rank, requirement, banned, every=True)


def _solve(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    wild_rank: Rank | None,
    requirement: Requirement | None,
    forbidden: frozenset[int] | None,
    *,
    every: bool = False,
) -> tuple[Partition, ...]:
    """Run the general search; ``forbidden`` is ``None`` when nothing is discarded."""
    discarding = forbidden is not None
    search = Search(
        codes,
        rules,
        points,
        wild_rank,
        requirement,
        forbidden or frozenset(),
        lean=not every,
    )
    found = search.best(discarding)
    cards = [Card.from_code(code) for code in codes]
    results: list[Partition] = []
    fallback = _fallback(cards, points, wild_rank, forbidden)
    cap = INF if requirement is None or requirement.cap is None else requirement.cap
    if found < INF and found <= fallback[0]:
        seen: set[tuple[object, ...]] = set()
        for state, jokers, take in search.start_states():
            for value, core, flag, thrown in search.top(state, jokers, discarding):
                if value != found:
                    continue
                for steps in search.groupings(
                    core, jokers, flag, 0, search.value(core, jokers, flag, 0), every
                ):
                    melds, dead, thrown_card = search.build(steps, take)
                    dead = sorted(
                        dead + search.isolated_cards(state, thrown), key=_code
                    )
                    if thrown >= 0:
                        thrown_card = Card.from_code(search.field_codes[thrown])
                    result = Partition(
                        melds=tuple(melds),
                        deadwood=tuple(dead),
                        points=min(found, cap),
                        discard=thrown_card,
                    )
                    key = _canonical(result)
                    if key not in seen:
                        seen.add(key)
                        results.append(result)
                    if not every:
                        if search.lean:
                            result = _absorb(result, rules, wild_rank, requirement)
                        return (result,)
    if not results or fallback[0] < found:
        total, every_card, costliest = fallback
        results.append(
            Partition(
                melds=(),
                deadwood=tuple(every_card),
                points=min(total, cap),
                requirement_met=False,
                discard=costliest,
            )
        )
    return tuple(results)


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
    """Put spare jokers that score nothing into melds with room for them.

    The lean search leaves them unmelded, which costs no points; a player
    showing the grouping would meld them.  Sets and impure runs take them
    first, so a pure run stays pure unless the requirement survives.
    """
    spare = [
        card
        for card in result.deadwood
        if card.is_joker or (wild_rank is not None and card.rank == wild_rank)
    ]
    if not spare or not result.melds:
        return result
    melds = list(result.melds)
    deadwood = list(result.deadwood)
    for card in spare:
        order = sorted(
            range(len(melds)),
            key=lambda i: melds[i].kind is MeldKind.RUN and melds[i].pure,
        )
        for i in order:
            cards = (*melds[i].cards, card)
            if (
                rules.why_not(cards, wild_rank=wild_rank, kind=melds[i].kind)
                is not None
            ):
                continue
            grown = Meld.build(cards, rules, wild_rank=wild_rank, kind=melds[i].kind)
            trial = [*melds[:i], grown, *melds[i + 1 :]]
            if requirement is None or requirement.is_met_by(trial):
                melds = trial
                deadwood.remove(card)
                break
    return attrs.evolve(result, melds=tuple(melds), deadwood=tuple(deadwood))


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
) -> tuple[Meld, ...]:
    """Every distinct meld that can be made from cards of ``hand``.

    Melds that differ only in which of two identical cards they use are
    listed once.  All-joker melds are not listed.

    >>> [str(meld) for meld in possible_melds(Hand.parse("7c 8c 9c 9h 9d Kd"))]
    ['9h 9d 9c', '7c 8c 9c']
    """
    codes = _codes(hand)
    rules, _ = _options(rules, None, wild_rank, None)
    search = Search(codes, rules, PointValues(joker=1), wild_rank, None)
    wild_cards = [
        Card.from_code(code)
        for code in codes
        if code != JOKER_CODE and wild_rank is not None and code % 13 + 1 == wild_rank
    ]
    printed = [Card.joker()] * codes.count(JOKER_CODE)
    found: dict[tuple[str, tuple[int, ...]], Meld] = {}
    for records in search.by_low:
        for record in records:
            naturals = [Card.from_code(search.field_codes[f]) for f in record.fields]
            spare = list(wild_cards)
            for card in naturals:
                if card in spare:
                    spare.remove(card)
            available = printed + spare
            kind = MeldKind.RUN if record.is_run else MeldKind.SET
            for k in range(record.kmin, min(record.kmax, len(available)) + 1):
                for jokers in dict.fromkeys(combinations(available, k)):
                    cards = naturals + list(jokers)
                    key = (kind.value, tuple(sorted(card.code for card in cards)))
                    if key in found:
                        continue
                    if rules.why_not(cards, wild_rank=wild_rank, kind=kind) is None:
                        found[key] = Meld.build(
                            cards, rules, wild_rank=wild_rank, kind=kind
                        )
    return tuple(found[key] for key in sorted(found, key=lambda key: (key[1], key[0])))


def possible_layoffs(
    meld: Meld,
    hand: Hand | Iterable[Card] | str,
    rules: MeldRules | None = None,
    *,
    wild_rank: Rank | None = None,
    limit: int = 4,
) -> tuple[tuple[Card, ...], ...]:
    """Every distinct group of up to ``limit`` cards from ``hand`` that can be
    laid off on ``meld``.

    The meld is never rearranged: every card keeps standing for what it
    stood for, and a run stays one run.

    >>> run = Meld.build("8h 9h Th")
    >>> [" ".join(map(str, cards)) for cards in possible_layoffs(run, Hand.parse("6h 7h Jh Qh Ah 2c"))]
    ['7h', 'Jh', '6h 7h', '7h Jh', 'Jh Qh', '6h 7h Jh', '7h Jh Qh', '6h 7h Jh Qh']
    """
    rules = rules or _DEFAULT_RULES
    cards = Hand(hand).cards if not isinstance(hand, Hand) else hand.cards

    def fits(card: Card) -> bool:
        if card.is_joker or (wild_rank is not None and card.rank == wild_rank):
            return True
        target = meld.stands_for[0]
        if meld.kind is MeldKind.SET:
            return card.rank == target.rank
        return card.suit == target.suit

    candidates = [card for card in cards if fits(card)]
    old = sorted(card.code for card in meld.stands_for)
    result: list[tuple[Card, ...]] = []
    seen: set[tuple[int, ...]] = set()
    for size in range(1, min(limit, len(candidates)) + 1):
        for group in combinations(candidates, size):
            key = tuple(sorted(card.code for card in group))
            if key in seen:
                continue
            seen.add(key)
            combined = list(meld.cards) + list(group)
            if rules.why_not(combined, wild_rank=wild_rank, kind=meld.kind) is not None:
                continue
            grown = Meld.build(combined, rules, wild_rank=wild_rank, kind=meld.kind)
            stands = sorted(card.code for card in grown.stands_for)
            if _contains(stands, old) and _keeps_roles(meld, grown):
                result.append(group)
    result.sort(key=lambda group: (len(group), [card.code for card in group]))
    return tuple(result)


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
