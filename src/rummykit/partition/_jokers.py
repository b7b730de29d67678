"""The joker floor: how many jokers a hand needs, at least, to meld every card.

A natural card that no set or run of natural cards can hold is in a meld with
jokers (printed ones, or cards of the wild rank).  Counting the jokers such
cards need, for cards that no single meld could hold together, bounds from
below the jokers any grouping that melds every card spends.  A hand holding
fewer melds no such grouping, which the cover search (:mod:`._cover`) and
Indian Rummy's declaration check ask before they search.

>>> from rummykit.cards import Hand
>>> joker_floor(Hand.parse("As 2s 3s 9d Kc").codes, MeldRules())  # 9d, Kc: two each
4
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from rummykit.cards import JOKER_CODE, Rank
from rummykit.melds import MeldRules

__all__ = ["joker_floor", "may_afford_jokers"]


@lru_cache(maxsize=64)
def _windows(rules: MeldRules) -> tuple[tuple[int, ...], ...]:
    """For each rank, the rows of ``min_run`` ranks that hold it and that a
    run could span, as 13-bit rank masks.

    Any run holding a card holds such a row around it, every place filled by
    a natural card or a joker, so a card with no row whose gaps the jokers
    can fill is in no run.
    """
    size = rules.min_run

    def row(start: int) -> int:
        mask = 0
        for place in range(start, start + size):
            mask |= 1 << (place % 13)
        return mask

    if rules.wrap:  # every place in a circle of 13 ranks
        rows = [row(start) for start in range(13)]
    else:  # places 0 (a low ace) to 13 (a high ace)
        places = range(0 if rules.ace_low else 1, 14 if rules.ace_high else 13)
        rows = [row(start) for start in places if start + size - 1 in places]
    return tuple(tuple(mask for mask in rows if mask >> rank & 1) for rank in range(13))


@lru_cache(maxsize=64)
def _rows(rules: MeldRules) -> tuple[int, ...]:
    """Every row of :func:`_windows`, once."""
    return tuple(dict.fromkeys(row for rows in _windows(rules) for row in rows))


def _held_at_least(suits: Sequence[int], count: int) -> int:
    """The ranks (as a 13-bit mask) held in at least ``count`` of the four
    ``suits`` (each a 13-bit mask of the ranks held in it)."""
    if count <= 1:
        return 0x1FFF if count <= 0 else suits[0] | suits[1] | suits[2] | suits[3]
    a, b, c, d = suits
    if count == 2:
        return (a & b) | (c & d) | ((a | b) & (c | d))
    if count == 3:
        return (a & b & (c | d)) | (c & d & (a | b))
    return a & b & c & d if count == 4 else 0


@lru_cache(maxsize=64)
def _cover_shapes(rules: MeldRules) -> tuple[tuple[int, ...], ...]:
    """For each rank, the runs of :func:`~rummykit.variants._floor.may_cover`'s relaxation that hold
    it: rows of ``min_run`` to ``2 * min_run - 1`` places, as 13-bit masks
    of their other ranks."""
    rows: list[tuple[int, ...]]
    if rules.wrap:
        rows = [
            tuple((start + i) % 13 for i in range(size))
            for size in range(rules.min_run, min(2 * rules.min_run, 14))
            for start in range(13)
        ]
    else:
        places = list(range(0 if rules.ace_low else 1, 14 if rules.ace_high else 13))
        rows = [
            tuple(places[at + i] % 13 for i in range(size))
            for size in range(rules.min_run, 2 * rules.min_run)
            for at in range(len(places) - size + 1)
        ]
    masks: list[tuple[int, ...]] = []
    for rank in range(13):
        found: dict[int, None] = {}
        for row in rows:
            if rank in row:
                found[sum(1 << other for other in set(row) if other != rank)] = None
        masks.append(tuple(found))
    return tuple(masks)


_JOKER_FLOOR: dict[
    int,
    tuple[
        MeldRules,
        tuple[int, ...],
        tuple[int, ...],
        list[tuple[int, ...] | None],
    ],
] = {}
""":func:`joker_floor`'s tables by rule set, looked up by identity (the rule
set kept with them): the ranks a relaxed run through each rank may also hold,
every row of :func:`_windows`, and :func:`_run_costs` of each suit mask, filled
as masks come up."""


def _joker_floor_tables(
    rules: MeldRules,
) -> tuple[tuple[int, ...], tuple[int, ...], list[tuple[int, ...] | None]]:
    """:data:`_JOKER_FLOOR`'s tables for ``rules``."""
    found = _JOKER_FLOOR.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1], found[2], found[3]
    if len(_JOKER_FLOOR) >= 64:
        _JOKER_FLOOR.clear()
    reach = []
    for shapes in _cover_shapes(rules):
        others = 0
        for row in shapes:
            others |= row
        reach.append(others)
    costs: list[tuple[int, ...] | None] = [None] * 8192
    tables = (tuple(reach), _rows(rules), costs)
    _JOKER_FLOOR[id(rules)] = (rules, *tables)
    return tables


def _run_costs(held: int, rows: tuple[int, ...], levels: int) -> tuple[int, ...]:
    """For the rank mask ``held`` of a suit: at ``cost`` (1 to ``levels``),
    the ranks held whose cheapest row of :func:`_windows` (``rows``, each
    once) misses at least ``cost`` places (a rank with no row at all, at
    every cost); at 0, ``held``, and at ``levels + 1``, nothing."""
    cheaper = [0] * (levels + 1)  # at ``cost``: the ranks of a row missing fewer
    for row in rows:
        for cost in range((row & ~held).bit_count() + 1, levels + 1):
            cheaper[cost] |= row
    return (held, *[held & ~ranks for ranks in cheaper[1:]], 0)


def joker_floor(
    codes: tuple[int, ...],
    rules: MeldRules,
    *,
    wild_rank: Rank | None = None,
    discard: bool = False,
) -> int:
    """A lower bound on the jokers that :func:`~rummykit.variants._floor.may_cover`'s relaxation spends
    to meld every card of the hand with these card ``codes`` (after one
    discard, if ``discard``): if the hand holds fewer jokers (printed, and of
    the wild rank), it melds none.  A count, not a search.

    A natural card that no set or run of naturals can hold (no ``min_set``
    of its rank, of distinct suits if sets ask for it, and no row of
    ``min_run`` naturals through it) is in a meld with jokers, and that meld
    spends at least the card's *cost*: ``min_set`` less the naturals of its
    rank the hand holds, for a set; for a run, the places not held on the
    cheapest row of ``min_run`` through it (any run through it holds such a
    row, and only naturals of the hand or jokers fill it).  Two cards are
    *apart* when no relaxed meld can hold both: of different ranks and of
    different suits, or of one suit but further apart than a relaxed run
    reaches.  Cards pairwise apart are in different melds, which spend
    different jokers, so at least the sum of their costs; the discard takes
    at most one of them, the dearest at worst.  The cards apart are picked
    greedily, dearest first: any such pick gives a bound.

    >>> from rummykit.cards import Hand
    >>> rules = MeldRules()
    >>> joker_floor(Hand.parse("As 2s 3s 9d Kc").codes, rules)  # 9d, Kc: two each
    4
    >>> joker_floor(Hand.parse("As 2s 3s 9d Kc").codes, rules, discard=True)
    2
    >>> joker_floor(Hand.parse("4h 5h 7h 8h 9d 9c").codes, rules)  # one run, one set
    2
    """
    wild = -1 if wild_rank is None else int(wild_rank) - 1
    return _joker_floor(codes, rules, wild, discard)


def may_afford_jokers(
    codes: tuple[int, ...],
    rules: MeldRules,
    *,
    wild_rank: Rank | None = None,
    discard: bool = False,
) -> bool:
    """``False`` if the hand with these card ``codes`` holds fewer jokers
    (printed, and of the wild rank) than :func:`joker_floor`: then
    :func:`~rummykit.variants._floor.may_cover` is ``False`` too, and the hand (after one discard, if
    ``discard``) melds no grouping.

    >>> from rummykit.cards import Hand
    >>> may_afford_jokers(Hand.parse("As 2s 3s 9d 9c Jk").codes, MeldRules())
    True
    >>> may_afford_jokers(Hand.parse("As 2s 3s 9d Kc Jk").codes, MeldRules(), discard=True)
    False
    """
    wild = -1 if wild_rank is None else int(wild_rank) - 1
    jokers = codes.count(JOKER_CODE)
    if wild >= 0:
        jokers += (
            codes.count(wild)
            + codes.count(wild + 13)
            + codes.count(wild + 26)
            + codes.count(wild + 39)
        )
    return _joker_floor(codes, rules, wild, discard, jokers) <= jokers


def _joker_floor(
    codes: tuple[int, ...],
    rules: MeldRules,
    wild: int,
    discard: bool,
    limit: int = 1 << 20,
) -> int:
    """:func:`joker_floor`, with the wild rank as a rank index (-1 for none);
    once the bound is over ``limit``, the count stops there."""
    levels = rules.min_set - 1  # the dearest card: a set of it and jokers
    if levels < 1:
        return 0
    held = 0  # bit ``code`` for each natural card held (a printed joker's too)
    for code in codes:
        held |= 1 << code
    if wild >= 0:
        held &= ~_RANK_BITS[wild]
    suits = (
        held & 0x1FFF,
        held >> 13 & 0x1FFF,
        held >> 26 & 0x1FFF,
        held >> 39 & 0x1FFF,
    )
    # dear[cost]: the ranks a set with jokers costs at least ``cost`` for
    dear = [0x1FFF] * (levels + 2)
    dear[levels + 1] = 0
    if rules.set_distinct_suits and not rules.golden_rummy:
        # a set costs at least ``cost`` for a rank held in fewer than
        # ``min_set - cost + 1`` suits
        for cost in range(1, levels + 1):
            dear[cost] = ~_held_at_least(suits, levels + 2 - cost) & 0x1FFF
    else:  # sets of any cards of a rank: count the copies
        copies = [0] * 13
        for code in codes:
            if code != JOKER_CODE and code % 13 != wild:
                copies[code % 13] += 1
        for cost in range(1, levels + 1):
            dear[cost] = sum(
                1 << rank for rank in range(13) if levels + 1 - copies[rank] >= cost
            )
    reach, rows, table = _joker_floor_tables(rules)
    by_suit: list[tuple[int, ...]] = []  # _run_costs of each suit
    for ranks in suits:
        found = table[ranks]
        if found is None:
            found = table[ranks] = _run_costs(ranks, rows, levels)
        by_suit.append(found)
    total = top = 0
    taken = 0  # the ranks of the cards picked
    near = [0, 0, 0, 0]  # by suit, the ranks a relaxed run may share with them
    over = limit + 1
    for cost in range(levels, 0, -1):  # the dearest cards first
        for suit in range(4):
            runs = by_suit[suit]
            ranks = (runs[cost] & dear[cost]) & ~(runs[cost + 1] & dear[cost + 1])
            ranks &= ~(taken | near[suit])
            while ranks:
                low = ranks & -ranks
                rank = low.bit_length() - 1
                taken |= low
                near[suit] |= reach[rank]
                ranks &= ~low & ~reach[rank]
                total += cost
                if not top:
                    top = cost
                    if discard:
                        over += cost
                if total >= over:
                    return total - top if discard else total
    return total - top if discard else total


_RANK_BITS = tuple(
    sum(1 << (13 * suit + rank) for suit in range(4)) for rank in range(13)
)
"""For each rank, the bits of its four cards in a mask of card codes."""
