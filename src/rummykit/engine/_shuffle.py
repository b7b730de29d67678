"""A shuffle that gives exactly :meth:`random.Random.shuffle`'s order, faster.

Every deal shuffles a whole deck, and some variants shuffle a second one for
the toss.  ``random.Random.shuffle`` makes a method call for each card to
draw a random index below ``i + 1`` (``getrandbits`` of that bound's bit
length, drawn again while it is too large).  :func:`shuffle` draws the same
numbers in the same order in one loop, so a seeded deal, and everything the
generator gives after it, stays the same.  A generator of any other type
(:class:`secrets.SystemRandom`, a subclass that draws its own way) is asked
to shuffle as it always was.

>>> import random
>>> mine, theirs = list(range(10)), list(range(10))
>>> shuffle(random.Random(4), mine)
>>> random.Random(4).shuffle(theirs)
>>> mine == theirs
True
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

__all__ = ["shuffle"]

_BITS = tuple(n.bit_length() for n in range(1, 1025))
"""``_BITS[i]``: the bit length of ``i + 1``, the bound when the place ``i`` is
filled (decks hold at most a few hundred cards)."""


@lru_cache(maxsize=32)
def _steps(size: int) -> tuple[tuple[int, int], ...]:
    """For a list of ``size`` items: the places filled, last first, each with
    its bound's bit length (one tuple to walk instead of a range and an index
    per card)."""
    return tuple((i, _BITS[i]) for i in range(size - 1, 0, -1))


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place with ``rng``, as ``rng.shuffle(items)`` does.

    >>> import random
    >>> rng = random.Random(1)
    >>> deck = list("abcdef")
    >>> shuffle(rng, deck)
    >>> other, check = list("abcdef"), random.Random(1)
    >>> check.shuffle(other)
    >>> deck == other, rng.random() == check.random()
    (True, True)
    """
    if type(rng) is not random.Random or len(items) > len(_BITS):
        rng.shuffle(items)
        return
    draw = rng.getrandbits
    for i, size in _steps(len(items)):
        j = draw(size)
        while j > i:
            j = draw(size)
        items[i], items[j] = items[j], items[i]
