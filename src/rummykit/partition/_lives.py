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

#: Each card code's place as a bit of its suit's line (the ace at 1 and 14).
_PLACE = tuple(
    1 << r + 1 | (1 << 14 if r == 0 else 0) for _ in range(4) for r in range(13)
)


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
    windows = _Windows(codes, rules, wild_rank, requirement)
    return windows.pure(0, requirement.min_pure_sequences, windows.pool)


class _Windows:
    """The search of :func:`possible`: the hand's counts and the windows'
    shape.  (Methods, not nested functions, so that no call leaves a
    reference cycle behind for the garbage collector.)"""

    __slots__ = (
        "bits",
        "counts",
        "firsts",
        "full",
        "length",
        "need_naturals",
        "others",
        "pool",
        "pure_ok",
        "wild",
        "wild_places",
    )

    def __init__(
        self,
        codes: tuple[int, ...],
        rules: MeldRules,
        wild_rank: Rank | None,
        requirement: Requirement,
    ) -> None:
        self.wild = wild = -1 if wild_rank is None else int(wild_rank) - 1
        self.counts = counts = [0] * 53
        # The places of each suit's cards as bits: bit p for place p (the ace
        # at 1 and 14), kept in step with the counts.
        self.bits = bits = [0, 0, 0, 0]
        pool = 0
        for code in codes:
            counts[code] += 1
            if code == JOKER_CODE or code % 13 == wild:
                pool += 1
            if code != JOKER_CODE:
                bits[code // 13] |= _PLACE[code]
        self.pool = pool
        self.length = length = rules.min_run
        self.full = (1 << length) - 1
        self.firsts = range(
            1 if rules.ace_low else 2, (14 if rules.ace_high else 13) - length + 2
        )
        # The places of a suit's cards as bits: bit p for place p (ace at 1 and 14).
        self.wild_places = (
            0 if wild < 0 else 1 << (wild + 1) | (1 << 14 if wild == 0 else 0)
        )
        self.pure_ok = rules.wild_natural_is_pure
        self.others = requirement.min_sequences - requirement.min_pure_sequences
        self.need_naturals = rules.min_naturals_per_meld

    def last(self, pool: int) -> bool:
        """Whether one more window, pure or not, fits what is left: each place
        takes its natural card, else a joker or a wild card from the pool (a
        wild card standing as itself leaves the pool)."""
        # A window takes one natural card (not a wild one) for each place the
        # pool cannot fill.
        need = self.length - pool
        full = self.full
        wild_places = self.wild_places
        if not self.firsts:
            return False  # no window fits the line
        if need <= 0:
            # The pool fills any window: one with a card, if one is needed.
            return self.need_naturals == 0 or any(self.bits)
        for bits in self.bits:
            naturals = bits & ~wild_places
            if naturals.bit_count() < need:
                continue
            if need == 1:
                return True  # (every card has a window on the line)
            for first in self.firsts:
                if (naturals >> first & full).bit_count() >= need:
                    return True
        return False

    def pure(self, start: int, left: int, pool: int) -> bool:
        if left == 0:
            return self.others == 0 or self.last(pool)
        counts = self.counts
        full = self.full
        wild = self.wild
        length = self.length
        for s in range(start // 16, 4):
            bits = suit_bits = self.bits[s]
            if not self.pure_ok:
                bits &= ~self.wild_places
            base = s * 13
            for first in self.firsts:
                if s * 16 + first < start or bits >> first & full != full:
                    continue
                window = [base + (p - 1) % 13 for p in range(first, first + length)]
                used = sum(1 for code in window if code % 13 == wild)
                left_bits = suit_bits
                for code in window:
                    counts[code] -= 1
                    if not counts[code]:
                        r = code % 13
                        left_bits &= ~(1 << r + 1 | (1 << 14 if r == 0 else 0))
                self.bits[s] = left_bits
                found = self.pure(s * 16 + first, left - 1, pool - used)
                self.bits[s] = suit_bits
                for code in window:
                    counts[code] += 1
                if found:
                    return True
        return False
