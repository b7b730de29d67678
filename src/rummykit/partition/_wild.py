"""Wild cards read as printed jokers: the small-hand search for one-deck hands.

Where no requirement asks for sequences (or caps the score), jokers score
nothing unmelded, no meld limits its jokers and a meld needs at most one
natural card, a wild card never has to stand as itself.  A meld that holds
one as itself is still a meld with a joker in its place: it keeps its other
natural cards, or, if it had none, holds only wild cards and jokers, which
score nothing unmelded either; and no run's purity counts.  So the hand
scores what the same hand with its wild cards replaced by printed jokers
scores, and the small-hand search (:mod:`._small`) answers that, with
tables for up to :data:`MAX_CARDS` cards.  This is Indian Rummy's Gamentio preset (one deck,
no sequence asked of the partitioner, jokers worth nothing): its hands of 14
cards with two or three wild cards were the general search's slowest.

Hands with two copies of a natural card are left to the other paths (the
small-hand search is tested on larger hands of one deck only), as are
hands where a wild card or a printed joker may not be thrown.

The grouping shows the hand's own cards: the jokers of each meld are the
hand's wild cards, then its printed jokers (so that a printed joker stays
free to be the discard), laid out when the melds are first read.

Everything here is private; the general search (:mod:`._search`) and the
brute force in the test suite are the references it is tested against.
"""

from __future__ import annotations

from rummykit.cards import JOKER_CODE, Card, Rank
from rummykit.melds import Meld, MeldRules
from rummykit.partition import _small
from rummykit.partition._types import Partition, PointValues, Requirement

MAX_CARDS = 14
"""The largest hand this path takes (13 cards and the draw)."""


def applies(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    wild_rank: Rank | None,
    requirement: Requirement | None,
    forbidden: frozenset[int] | None,
) -> bool:
    """Whether this path answers the hand with these sorted card ``codes``
    exactly (see the module's docstring)."""
    if requirement is not None and (
        requirement.needs_sequences or requirement.cap is not None
    ):
        return False
    if (
        points.joker
        or rules.golden_rummy
        or rules.max_jokers_per_meld is not None
        or rules.max_jokers_per_run is not None
        or rules.min_naturals_per_meld > 1
    ):
        return False
    if not codes or len(codes) > MAX_CARDS:
        return False
    wild = -1 if wild_rank is None else int(wild_rank) - 1
    before = -1
    for code in codes:
        if code == JOKER_CODE or code % 13 == wild:
            if forbidden and code in forbidden:
                return False
        elif code == before:
            return False  # a second copy of a natural card
        before = code
    return True


def _as_jokers(codes: tuple[int, ...], wild_rank: Rank | None) -> tuple[int, ...]:
    """The codes with every card of the wild rank read as a printed joker."""
    if wild_rank is None:
        return codes
    wild = int(wild_rank) - 1
    return tuple(
        sorted(
            JOKER_CODE if code != JOKER_CODE and code % 13 == wild else code
            for code in codes
        )
    )


def value(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    wild_rank: Rank | None,
    forbidden: frozenset[int] | None,
    counter: list[int] | None = None,
) -> int:
    """The least deadwood of the hand (after the best discard, with
    ``forbidden`` cards kept, unless ``forbidden`` is ``None``); ``counter``
    counts the search's branches (see :func:`._small._search`)."""
    t = _small._tables(rules, points, MAX_CARDS)
    found = _small._search(_as_jokers(codes, wild_rank), t, forbidden, counter)
    return found[0]  # type: ignore[no-any-return]


def grouping(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    wild_rank: Rank | None,
    forbidden: frozenset[int] | None,
) -> Partition:
    """The optimal grouping of the hand (after the best discard, with
    ``forbidden`` cards kept, unless ``forbidden`` is ``None``), in the
    hand's own cards."""
    t = _small._tables(rules, points, MAX_CARDS)
    found = _small._search(_as_jokers(codes, wild_rank), t, forbidden)
    inner = _small._build(t, found, forbidden)
    wild = -1 if wild_rank is None else int(wild_rank) - 1
    pool = [
        Card.from_code(code)
        for code in codes
        if code != JOKER_CODE and code % 13 == wild
    ]
    return in_own_cards(inner, pool, codes.count(JOKER_CODE), rules, wild_rank)


def in_own_cards(
    inner: Partition,
    wilds: list[Card],
    printed: int,
    rules: MeldRules,
    wild_rank: Rank | None,
    claims: dict[tuple[int, ...], Card] | None = None,
) -> Partition:
    """``inner``, a grouping laid out with printed jokers, in the hand's own
    cards: its ``wilds`` (the wild cards read as jokers) and ``printed``
    printed jokers.  ``claims`` gives some runs, by their natural cards'
    codes in order, the wild card to take first (the one that stands as itself in
    them).  A joker thrown is a printed one if one is left, else the highest
    wild card no run claims."""
    if not wilds:
        return inner  # no wild card: the printed jokers are the hand's own
    pool = wilds + [Card.joker()] * printed
    discard = inner.discard
    if discard is not None and discard.code == JOKER_CODE:
        taken = set(claims.values()) if claims else ()
        at = next(
            (x for x in range(len(pool) - 1, -1, -1) if pool[x] not in taken),
            len(pool) - 1,
        )
        discard = pool.pop(at)
    result: Partition = _new(Partition)
    _set(result, "points", inner.points)
    _set(result, "requirement_met", True)
    _set(result, "discard", discard)
    _set(
        result,
        "_pending",
        (_in_own_cards, (inner, tuple(pool), rules, wild_rank, claims or {})),
    )
    return result


def _in_own_cards(
    inner: Partition,
    pool: tuple[Card, ...],
    rules: MeldRules,
    wild_rank: Rank | None,
    claims: dict[tuple[int, ...], Card],
) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """The melds and deadwood of ``inner`` (laid out with printed jokers)
    with its jokers replaced by the hand's own joker cards, ``pool``, in
    order: the melds' first (a run in ``claims`` takes its claimed card
    first), then the deadwood's."""
    left = list(pool)
    # The claimed cards are set aside first, one per claiming run.
    given: dict[int, Card] = {}
    if claims:
        for at, meld in enumerate(inner.melds):
            naturals = tuple(
                sorted(card.code for card in meld.cards if card.code != JOKER_CODE)
            )
            claim = claims.get(naturals)
            if claim is not None and claim in left and len(naturals) < len(meld):
                left.remove(claim)
                given[at] = claim
    melds = []
    for at, meld in enumerate(inner.melds):
        jokers = sum(1 for card in meld.cards if card.code == JOKER_CODE)
        if not jokers:
            melds.append(meld)
            continue
        cards = [card for card in meld.cards if card.code != JOKER_CODE]
        if at in given:
            cards.append(given[at])
            jokers -= 1
        cards += left[:jokers]
        del left[:jokers]
        melds.append(Meld.build(cards, rules, wild_rank=wild_rank, kind=meld.kind))
    deadwood = [card for card in inner.deadwood if card.code != JOKER_CODE]
    deadwood += left
    deadwood.sort(key=lambda card: card.code)
    return tuple(melds), tuple(deadwood)


_new = object.__new__
_set = object.__setattr__
