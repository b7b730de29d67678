"""A slow, obviously correct reference for the meld partitioner.

It shares no code with :mod:`rummykit.partition`.  The definition of a meld
is :meth:`MeldRules.why_not` / :meth:`Meld.build` from ``melds.py`` (the
validator is the specification), card points are :meth:`PointValues.of`, and
a requirement is judged with :meth:`Requirement.witness_sizes` and
:meth:`Requirement.accepts`.  Everything else is spelled out here:

1. Every non-empty subset of the hand (by position, so two identical cards
   are two different positions) is tried as a run and as a set.  A subset
   that is a valid run contributes an impure run of its length, and, if
   :meth:`Meld.build` can make it pure, a pure one as well; a valid set
   contributes a set (sets never count towards a requirement).
2. ``profiles(mask)`` maps every multiset of runs ``((length, pure), ...)``
   that some grouping of the cards in ``mask`` can lay down to the least
   deadwood of such a grouping.  The lowest card of ``mask`` is either
   deadwood or belongs to one meld inside ``mask``; both are tried.  This is
   plain recursion over every grouping, memoised on ``mask``.
3. A grouping meets the requirement when some choice of its runs, as many
   as one of ``witness_sizes()``, is accepted.  The hand scores the least
   deadwood of a grouping that meets it, or all its cards if that is less
   (or no grouping meets it); then the cap applies.
4. The best discard is the least score over every card that may be thrown.

Hands of up to about 9 cards are quick enough (2**9 subsets).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations

from rummykit import Card, Meld, MeldKind, MeldRules, Rank
from rummykit.partition import PointValues, Requirement

__all__ = [
    "Scorer",
    "brute_best_discard",
    "brute_layoffs",
    "brute_melds",
    "brute_points",
]

#: A multiset of runs laid down: sorted ``(length, pure)`` pairs.
Profile = tuple[tuple[int, bool], ...]

_INFINITY = 10**9


@cache
def _meld_shapes(
    codes: tuple[int, ...], rules: MeldRules, wild_rank: Rank | None
) -> tuple[tuple[bool, bool], ...]:
    """What the cards with these (sorted) codes can be: ``(is_run, pure)`` options."""
    cards = [Card.from_code(code) for code in codes]
    shapes: list[tuple[bool, bool]] = []
    if rules.why_not(cards, wild_rank=wild_rank, kind=MeldKind.RUN) is None:
        run = Meld.build(cards, rules, wild_rank=wild_rank, kind=MeldKind.RUN)
        shapes.append((True, False))
        if run.pure:
            shapes.append((True, True))
    if rules.why_not(cards, wild_rank=wild_rank, kind=MeldKind.SET) is None:
        shapes.append((False, False))
    return tuple(shapes)


class Scorer:
    """The brute force for one hand, one set of rules and points."""

    def __init__(
        self,
        cards: Iterable[Card],
        rules: MeldRules,
        points: PointValues,
        *,
        wild_rank: Rank | None = None,
        requirement: Requirement | None = None,
    ) -> None:
        self.cards: tuple[Card, ...] = tuple(cards)
        self.rules = rules
        self.points = points
        self.wild_rank = wild_rank
        self.requirement = requirement
        self.values = tuple(points.of(card, wild_rank=wild_rank) for card in self.cards)
        size = len(self.cards)
        # Every subset that is a meld, as (mask, run entry or None for a set).
        self.melds: list[tuple[int, tuple[int, bool] | None]] = []
        for mask in range(1, 1 << size):
            members = [i for i in range(size) if mask >> i & 1]
            codes = tuple(sorted(self.cards[i].code for i in members))
            for is_run, pure in _meld_shapes(codes, rules, wild_rank):
                self.melds.append((mask, (len(members), pure) if is_run else None))
        self._memo: dict[int, dict[Profile, int]] = {}

    def profiles(self, mask: int) -> dict[Profile, int]:
        """For the cards in ``mask``: each multiset of runs a grouping can lay
        down, and the least deadwood of a grouping that lays it down."""
        found = self._memo.get(mask)
        if found is not None:
            return found
        result: dict[Profile, int] = {}
        if mask == 0:
            result[()] = 0
        else:
            low = (mask & -mask).bit_length() - 1
            for profile, dead in self.profiles(mask ^ (1 << low)).items():
                _keep_least(result, profile, dead + self.values[low])
            for meld_mask, run in self.melds:
                if meld_mask >> low & 1 and meld_mask & mask == meld_mask:
                    for profile, dead in self.profiles(mask ^ meld_mask).items():
                        grown = (
                            profile if run is None else tuple(sorted((*profile, run)))
                        )
                        _keep_least(result, grown, dead)
        self._memo[mask] = result
        return result

    def meets(self, profile: Profile) -> bool:
        """Whether a grouping laying down these runs meets the requirement."""
        requirement = self.requirement
        if requirement is None:
            return True
        return any(
            requirement.accepts(lives)
            for n in requirement.witness_sizes()
            for lives in combinations(profile, n)
        )

    def score(self, mask: int) -> int:
        """What the cards in ``mask`` score: best grouping, all cards, cap."""
        all_cards = sum(self.values[i] for i in range(len(self.cards)) if mask >> i & 1)
        best = min(
            (
                dead
                for profile, dead in self.profiles(mask).items()
                if self.meets(profile)
            ),
            default=_INFINITY,
        )
        result = min(best, all_cards)
        cap = None if self.requirement is None else self.requirement.cap
        return result if cap is None else min(result, cap)

    def points_of_hand(self) -> int:
        """What the whole hand scores."""
        return self.score((1 << len(self.cards)) - 1)

    def best_discard(self, forbidden: Iterable[Card] = ()) -> int:
        """The least score after throwing one card that is not ``forbidden``."""
        banned = set(forbidden)
        full = (1 << len(self.cards)) - 1
        return min(
            self.score(full ^ (1 << i))
            for i, card in enumerate(self.cards)
            if card not in banned
        )


def _keep_least(table: dict[Profile, int], profile: Profile, dead: int) -> None:
    if dead < table.get(profile, _INFINITY):
        table[profile] = dead


def brute_points(
    cards: Sequence[Card],
    rules: MeldRules,
    points: PointValues,
    *,
    wild_rank: Rank | None = None,
    requirement: Requirement | None = None,
) -> int:
    """The score of ``cards`` by brute force (see the module docstring)."""
    scorer = Scorer(cards, rules, points, wild_rank=wild_rank, requirement=requirement)
    return scorer.points_of_hand()


def brute_best_discard(
    cards: Sequence[Card],
    rules: MeldRules,
    points: PointValues,
    *,
    wild_rank: Rank | None = None,
    requirement: Requirement | None = None,
    forbidden: Iterable[Card] = (),
) -> int:
    """The least score after one discard, by brute force."""
    scorer = Scorer(cards, rules, points, wild_rank=wild_rank, requirement=requirement)
    return scorer.best_discard(forbidden)


def brute_layoffs(
    meld: Meld,
    hand: Sequence[Card],
    rules: MeldRules,
    wild_rank: Rank | None,
    limit: int,
) -> set[tuple[int, ...]]:
    """Every group (as sorted codes) of up to ``limit`` cards of ``hand`` that
    can join ``meld`` with every card of it standing for what it stood for:
    every subset of the hand is tried against the validator."""
    found: set[tuple[int, ...]] = set()
    old_roles = sorted(zip(meld.cards, meld.stands_for, strict=True), key=_role_key)
    for size in range(1, min(limit, len(hand)) + 1):
        for group in combinations(hand, size):
            key = tuple(sorted(card.code for card in group))
            if key in found:
                continue
            cards = list(meld.cards) + list(group)
            if rules.why_not(cards, wild_rank=wild_rank, kind=meld.kind) is not None:
                continue
            grown = Meld.build(cards, rules, wild_rank=wild_rank, kind=meld.kind)
            roles = sorted(
                zip(grown.cards, grown.stands_for, strict=True), key=_role_key
            )
            if _sub_multiset(old_roles, roles):
                found.add(key)
    return found


def brute_melds(
    hand: Sequence[Card], rules: MeldRules, wild_rank: Rank | None
) -> set[tuple[str, tuple[int, ...]]]:
    """Every meld (kind, sorted codes) some subset of ``hand`` makes, melds of
    printed jokers alone aside: every subset is tried against the validator."""
    found: set[tuple[str, tuple[int, ...]]] = set()
    for size in range(1, len(hand) + 1):
        for group in combinations(hand, size):
            if all(card.is_joker for card in group):
                continue
            key = tuple(sorted(card.code for card in group))
            for kind in (MeldKind.RUN, MeldKind.SET):
                if rules.why_not(group, wild_rank=wild_rank, kind=kind) is None:
                    found.add((kind.value, key))
    return found


def _role_key(pair: tuple[Card, Card]) -> tuple[int, int]:
    return (pair[0].code, pair[1].code)


def _sub_multiset(small: list[tuple[Card, Card]], big: list[tuple[Card, Card]]) -> bool:
    rest = list(big)
    for item in small:
        if item not in rest:
            return False
        rest.remove(item)
    return True
