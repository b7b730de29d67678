"""Every meld of one deck, listed within the partitioner's bounds.

A set holds cards of one rank and a run cards of one suit, so listing each
rank's four cards and each suit's thirteen on their own finds every meld of
natural cards, and no listing takes more than
:data:`~rummykit.partition.MAX_LISTING_SIZE` cards (the whole deck would).

>>> from rummykit.melds import MeldRules
>>> from rummykit.partition.catalogue import every_meld
>>> melds = every_meld(MeldRules())
>>> len(melds), str(melds[0]), str(melds[-1])
(329, 'As Ah Ad', 'Jc Qc Kc')
"""

from __future__ import annotations

import functools

from rummykit.cards import JOKER_CODE, Card, Hand
from rummykit.melds import Meld, MeldRules

__all__ = ["CATALOGUE_LIMIT", "every_meld"]

CATALOGUE_LIMIT = 10_000
"""The most melds listed for one rank or one suit: far more than one deck
makes under any meld rules (a suit of thirteen cards has 78 runs of at least
two cards), so the listing is complete."""

_RANKS = tuple(
    tuple(Card.from_code(code) for code in range(rank, JOKER_CODE, 13))
    for rank in range(13)
)
_SUITS = tuple(
    tuple(Card.from_code(code) for code in range(13 * suit, 13 * suit + 13))
    for suit in range(4)
)


@functools.lru_cache(maxsize=32)
def every_meld(rules: MeldRules) -> tuple[Meld, ...]:
    """Every meld of natural cards that one 52-card deck makes under ``rules``.

    The sets of each rank come first (aces to kings), then the runs of each
    suit (spades, hearts, diamonds, clubs), each group in
    :func:`~rummykit.partition.possible_melds` order.  Every card stands for
    itself: no jokers, no wild rank (a meld with wild cards stands for one of
    these).

    >>> from rummykit.melds import MeldRules
    >>> from rummykit.partition.catalogue import every_meld
    >>> [str(meld) for meld in every_meld(MeldRules())[:3]]
    ['As Ah Ad', 'As Ah Ad Ac', 'As Ah Ac']
    >>> def kinds(melds: tuple[Meld, ...]) -> list[str]:
    ...     return sorted({meld.kind.value for meld in melds})
    >>> len(every_meld(MeldRules(wrap=True))), kinds(every_meld(MeldRules()))
    (589, ['run', 'set'])
    """
    from rummykit.partition import possible_melds

    return tuple(
        meld
        for group in _RANKS + _SUITS
        for meld in possible_melds(Hand(group), rules, limit=CATALOGUE_LIMIT)
    )
