"""The values the partitioner takes and returns: points, requirements, results."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING

import attrs

from rummykit.cards import JOKER_CODE, Card, Hand, Rank
from rummykit.errors import InvalidOptionError, quoted
from rummykit.melds import Meld, MeldKind

__all__ = ["Partition", "PointValues", "Requirement"]


def _rank_values(values: Iterable[int]) -> tuple[int, ...]:
    result = tuple(values) if isinstance(values, Iterable) else values
    if (
        not isinstance(result, tuple)
        or len(result) != 13
        or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in result
        )
    ):
        raise InvalidOptionError(
            "PointValues.ranks must be 13 whole numbers of at least 0, "
            f"for A 2 3 ... K, not {quoted(result)}"
        )
    return result


@attrs.frozen(kw_only=True, cache_hash=True)
class PointValues:
    """What each unmelded card scores.

    ``ranks`` gives the points of A, 2, 3, ... K in that order; ``joker`` is
    what a printed joker, or a card of the hand's wild rank, scores.

    >>> from rummykit import Card
    >>> PointValues.standard().of(Card("Kd")), PointValues.gamentio().of(Card("As"))
    (10, 14)
    >>> PointValues.standard(joker=10).of(Card("Jk"))
    10
    >>> PointValues.gamentio().of(Card("7h"), wild_rank=Rank.SEVEN)
    0
    """

    ranks: tuple[int, ...] = attrs.field(
        default=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), converter=_rank_values
    )
    """Points of the ace, two, three, ... king, in that order."""
    joker: int = 0
    """Points of a printed joker, and of a card of the wild rank."""

    def __attrs_post_init__(self) -> None:
        if (
            not isinstance(self.joker, int)
            or isinstance(self.joker, bool)
            or self.joker < 0
        ):
            raise InvalidOptionError(
                f"PointValues.joker must be a whole number of at least 0, not {quoted(self.joker)}"
            )

    @classmethod
    def standard(cls, *, joker: int = 0) -> PointValues:
        """Ace 1, two to ten their pip value, jack, queen and king 10.

        >>> PointValues.standard().ranks[-4:]
        (10, 10, 10, 10)
        """
        return cls(joker=joker)

    @classmethod
    def gamentio(cls) -> PointValues:
        """Gamentio's Indian Rummy values: two to ten by pip, J 11, Q 12, K 13, A 14.

        The ace scores 14 even when it is used low, and jokers score 0.

        >>> PointValues.gamentio().ranks
        (14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
        """
        return cls(ranks=(14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13), joker=0)

    @classmethod
    def counting(cls) -> PointValues:
        """Every card scores one, jokers included: a grouping that scores 0
        under these values melds every card (gin, a valid declaration).

        >>> PointValues.counting().total(Hand.parse("As Kd Jk"))
        3
        """
        return cls(ranks=(1,) * 13, joker=1)

    def of(self, card: Card, *, wild_rank: Rank | None = None) -> int:
        """The points ``card`` scores when unmelded.

        >>> PointValues.standard().of(Card("7c"))
        7
        """
        if card.code == JOKER_CODE:
            return self.joker
        rank = card.code % 13
        if wild_rank is not None and rank + 1 == wild_rank:
            return self.joker
        return self.ranks[rank]

    def total(self, cards: Iterable[Card], *, wild_rank: Rank | None = None) -> int:
        """The points of all ``cards`` together.

        >>> PointValues.standard().total(Hand.parse("As Kd 7c"))
        18
        """
        return sum(self.of(card, wild_rank=wild_rank) for card in cards)


@attrs.frozen(kw_only=True, cache_hash=True)
class Requirement:
    """A condition on the melds of a grouping, such as Indian Rummy's "life".

    A grouping meets the requirement when it holds at least
    ``min_sequences`` runs, of which at least ``min_pure_sequences`` are
    pure, and, if ``long_sequence`` is set, one of those required runs (or
    one extra run beside them, up to a second life) has at least that many
    cards.  A hand whose grouping cannot meet it scores all its cards, and
    the partitioner keeps the lower of the two scores; ``cap`` then limits
    the points.

    >>> gamentio = Requirement(min_sequences=1, min_pure_sequences=1)
    >>> standard = Requirement(min_sequences=2, min_pure_sequences=1, cap=80)
    >>> standard.cap
    80
    >>> Requirement(min_sequences=1, min_pure_sequences=2)
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidOptionError: Requirement.min_pure_sequences (2) cannot exceed min_sequences (1)
    """

    min_sequences: int = 0
    """The fewest runs (sequences) the grouping must hold."""
    min_pure_sequences: int = 0
    """The fewest pure runs among them."""
    long_sequence: int | None = None
    """A required run must be at least this long (Octro's "life of 4")."""
    cap: int | None = None
    """The most points a hand can score; ``None`` for no cap."""

    def __attrs_post_init__(self) -> None:
        for name in ("min_sequences", "min_pure_sequences"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise InvalidOptionError(
                    f"Requirement.{name} must be 0 or more, not {quoted(value)}"
                )
        if self.min_pure_sequences > self.min_sequences:
            raise InvalidOptionError(
                f"Requirement.min_pure_sequences ({self.min_pure_sequences}) cannot "
                f"exceed min_sequences ({self.min_sequences})"
            )
        for name in ("long_sequence", "cap"):
            value = getattr(self, name)
            if value is not None and (
                not isinstance(value, int) or isinstance(value, bool) or value < 0
            ):
                raise InvalidOptionError(
                    f"Requirement.{name} must be None or 0 or more, not {quoted(value)}"
                )

    @property
    def needs_sequences(self) -> bool:
        """Whether the requirement asks for any runs at all.

        >>> Requirement().needs_sequences, Requirement(min_sequences=1).needs_sequences
        (False, True)
        """
        return self.min_sequences > 0 or self.long_sequence is not None

    def is_met_by(self, melds: Iterable[Meld]) -> bool:
        """Whether a grouping with these ``melds`` meets the requirement.

        >>> from rummykit import Meld
        >>> life = Requirement(min_sequences=1, min_pure_sequences=1)
        >>> life.is_met_by([Meld.build("As 2s 3s")]), life.is_met_by([Meld.build("As 2s Jk")])
        (True, False)
        """
        runs = [(len(meld), meld.pure) for meld in melds if meld.kind is MeldKind.RUN]
        return any(
            self.accepts(lives)
            for n in self.witness_sizes()
            for lives in combinations(runs, n)
        )

    def witness_sizes(self) -> range:
        """How many runs a witness of the requirement (its "lives") holds.

        Without ``long_sequence`` that is exactly ``min_sequences``; with it, a
        second life may be the long one even when only one is required.

        >>> Requirement(min_sequences=1, long_sequence=4).witness_sizes()
        range(1, 3)
        """
        low = max(self.min_sequences, 1 if self.long_sequence is not None else 0)
        high = max(self.min_sequences, 2) if self.long_sequence is not None else low
        return range(low, high + 1)

    def accepts(self, lives: Iterable[tuple[int, bool]]) -> bool:
        """Whether runs of these ``(length, pure)`` can stand as the lives.

        >>> Requirement(min_sequences=2, min_pure_sequences=1).accepts([(3, True), (4, False)])
        True
        """
        lives = tuple(lives)
        if len(lives) < self.min_sequences:
            return False
        if sum(1 for _, pure in lives if pure) < self.min_pure_sequences:
            return False
        return self.long_sequence is None or any(
            length >= self.long_sequence for length, _ in lives
        )


@attrs.frozen(kw_only=True)
class Partition:
    """An optimal grouping of a hand into melds and deadwood.

    ``points`` is what the hand scores: the deadwood's points, or, when a
    :class:`Requirement` cannot be met, all the cards' points, capped.  After
    :func:`~rummykit.partition.best_discard`, ``discard`` is the card to throw.

    >>> from rummykit.partition import partition
    >>> result = partition(Hand.parse("As 2s 3s 7c 7d 7h Kd"))
    >>> [str(meld) for meld in result.melds], result.deadwood, result.points
    (['As 2s 3s', '7h 7d 7c'], (Card('Kd'),), 10)
    """

    melds: tuple[Meld, ...]
    """The melds, each with what its jokers stand for."""
    deadwood: tuple[Card, ...]
    """The cards left over, in deck order."""
    points: int
    """The score of the hand: deadwood points, or all cards when a requirement fails."""
    requirement_met: bool = True
    """Whether the melds meet the requirement (always true without one)."""
    discard: Card | None = None
    """The card to discard, for a best-discard result; otherwise ``None``."""
    _pending: object = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )
    # A grouping may be returned with its melds and deadwood not yet built
    # (most callers want only the points and the discard): ``_pending`` then
    # holds a function and its arguments that build them, at first read.

    if not TYPE_CHECKING:

        def __getattr__(self, name: str) -> object:
            # Called only for an attribute that is not set.
            if name in ("melds", "deadwood"):
                pending = object.__getattribute__(self, "_pending")
                if pending is not None:
                    build, args = pending
                    melds, deadwood = build(*args)
                    _setattr(self, "melds", melds)
                    _setattr(self, "deadwood", deadwood)
                    _setattr(self, "_pending", None)
                    return melds if name == "melds" else deadwood
            raise AttributeError(
                f"{type(self).__name__!r} object has no attribute {name!r}"
            )

    @property
    def cards(self) -> Hand:
        """Every card of the grouping, the discard excepted.

        >>> from rummykit.partition import partition
        >>> len(partition(Hand.parse("As 2s 3s 9d")).cards)
        4
        """
        return Hand(
            [card for meld in self.melds for card in meld.cards] + list(self.deadwood)
        )

    def __str__(self) -> str:
        parts = [f"[{meld}]" for meld in self.melds]
        if self.deadwood:
            parts.append("deadwood " + " ".join(map(str, self.deadwood)))
        if self.discard is not None:
            parts.append(f"discard {self.discard}")
        parts.append(f"= {self.points}")
        return " ".join(parts)


_setattr = object.__setattr__


INF = 1 << 60
"""No grouping's points: above any hand's, and any cap or limit left unset."""


def _fallback_value(
    codes: tuple[int, ...],
    points: PointValues,
    wild_rank: Rank | None,
    forbidden: frozenset[int] | None,
) -> int:
    """Every card's points, after throwing the costliest allowed card unless
    ``forbidden`` is ``None`` (a huge number if every card is forbidden): what
    a hand scores when no grouping meets its requirement, before any cap."""
    wild = -1 if wild_rank is None else int(wild_rank) - 1
    ranks = points.ranks
    values = [
        points.joker if code == JOKER_CODE or code % 13 == wild else ranks[code % 13]
        for code in codes
    ]
    total = sum(values)
    if forbidden is None:
        return total
    allowed = [
        v for v, code in zip(values, codes, strict=True) if code not in forbidden
    ]
    return total - max(allowed) if allowed else INF
