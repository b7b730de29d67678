"""Whether any grouping of a hand can meet a sequence requirement at all.

A requirement such as "two sequences, one of them pure" is met by some
grouping exactly when the hand holds disjoint *windows*: runs of the
shortest length, each taking one card per place, the pure ones natural
cards only.  A longer run always holds such a window (three of its places
in a row, one of them natural; a pure run's are all natural), and a grouping
made of the windows alone, every other card left over, meets the
requirement.  So the question is a tiny search over windows, much cheaper
than the search for the best grouping; a hand that fails it scores all its
cards (capped), and no search is needed.

Everything here is private: :mod:`rummykit.partition` asks :func:`possible`
before it searches.
"""

from __future__ import annotations

from rummykit.cards import JOKER_CODE, Rank
from rummykit.melds import MeldRules
from rummykit.partition._types import Requirement


def decides(rules: MeldRules, requirement: Requirement | None) -> bool:
    """Whether :func:`possible` answers exactly under these rules.

    It leaves out wrapping runs, joker limits, long sequences, and melds
    that need two natural cards or more (a window of a longer run might
    then hold too few).
    """
    return (
        requirement is not None
        and requirement.min_sequences > 0
        and requirement.long_sequence is None
        and requirement.min_sequences - requirement.min_pure_sequences <= 1
        and not rules.wrap
        and (rules.ace_low or rules.ace_high)
        and rules.max_jokers_per_meld is None
        and rules.max_jokers_per_run is None
        and rules.min_naturals_per_meld <= 1
        and not rules.golden_rummy
        and 2 <= rules.min_run <= rules.longest_run
    )


def possible(
    codes: tuple[int, ...],
    rules: MeldRules,
    wild_rank: Rank | None,
    requirement: Requirement,
) -> bool:
    """Whether some grouping of ``codes`` meets ``requirement`` (only where
    :func:`decides` holds)."""
    wild = -1 if wild_rank is None else int(wild_rank) - 1
    counts = [0] * 53
    for code in codes:
        counts[52 if code == JOKER_CODE else code] += 1
    pool = counts[52] + sum(counts[s * 13 + wild] for s in range(4) if wild >= 0)
    length = rules.min_run
    low = 1 if rules.ace_low else 2
    high = 14 if rules.ace_high else 13
    windows = [
        tuple(s * 13 + (p - 1) % 13 for p in range(first, first + length))
        for s in range(4)
        for first in range(low, high - length + 2)
    ]
    pure_ok = rules.wild_natural_is_pure
    pure_windows = [
        window
        for window in windows
        if all(counts[code] for code in window)
        and (pure_ok or all(code % 13 != wild for code in window))
    ]
    others = requirement.min_sequences - requirement.min_pure_sequences
    need_naturals = rules.min_naturals_per_meld

    def last(pool: int) -> bool:
        """Whether one more window, pure or not, fits what is left."""
        for window in windows:
            naturals = 0
            wild_naturals = 0
            for code in window:
                if counts[code]:
                    naturals += 1
                    if code % 13 == wild:
                        wild_naturals += 1
            # A wild card standing as itself leaves the pool; any other place
            # takes a joker or a wild card from the pool.
            if naturals >= need_naturals and length - naturals <= pool - wild_naturals:
                return True
        return False

    def pure(start: int, left: int, pool: int) -> bool:
        if left == 0:
            return others == 0 or last(pool)
        for i in range(start, len(pure_windows)):
            window = pure_windows[i]
            if not all(counts[code] for code in window):
                continue
            used = sum(1 for code in window if code % 13 == wild)
            for code in window:
                counts[code] -= 1
            found = pure(i, left - 1, pool - used)
            for code in window:
                counts[code] += 1
            if found:
                return True
        return False

    return pure(0, requirement.min_pure_sequences, pool)
