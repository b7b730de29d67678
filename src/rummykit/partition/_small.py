"""The small-hand path: exact answers for hands of a few cards with copies
and printed jokers, and no requirement (Rumino's 7 + 1 cards).

A small hand has few *groups*: multisets of its natural cards that can be
the natural part of a meld.  Each group is listed with the number of jokers
it needs (``kmin``) and can take (``kmax``):

- a run group is one card of each of some ranks of one suit; with ``k``
  jokers it is a run when a window of ``n + k`` ranks that the rules allow
  holds its ranks, so the sizes it allows run from the shortest such window
  to the longest run;
- a set group is cards of one rank (identical copies where the rules let a
  set repeat a suit), completed by jokers up to the set size;
- a single card is both, and its two ranges of jokers are joined when they
  meet.

Jokers are interchangeable, so which joker goes where never matters: a meld
takes its ``kmin`` jokers, and spare jokers fill the melds' room
(``kmax - kmin``) at the end, or, where the rules allow melds of jokers
alone, make such melds.

A hand is a count of 0-3 per card code, three bits each with a guard bit
(so that taking a group out of the hand is one subtraction, and a group that
does not fit clears a guard bit).  The search decides the lowest natural card
left: it is the lowest card of one of its groups, or it is deadwood together
with its identical copies (which are interchangeable too).  Cards in no group
are deadwood from the start, so most hands leave very little to search.  The
discard is the costliest allowed deadwood card, or a spare joker; a branch
stops once its deadwood, less the costliest card that could be thrown, cannot
beat the best found, and the search stops at zero.

The groups of each suit's ranks and each rank's column of suits are kept
per rule set and points, so a hand only shifts them into place.

Everything here is private; the brute force in the test suite is the
reference it is tested against.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import accumulate, combinations
from operator import itemgetter, or_
from typing import Any

from rummykit.cards import _CARDS, JOKER_CODE, Card
from rummykit.melds import Meld, MeldKind, MeldRules, _run_windows
from rummykit.partition._types import INF, Partition, PointValues

MAX_CARDS = 10
"""The largest hand this path takes; larger hands go to the other paths."""

_BIG = 1 << 20
_RUN = MeldKind.RUN
_SET = MeldKind.SET
_JOKER = _CARDS[JOKER_CODE]
_SUIT_SHIFT = 39  # three bits for each of a suit's thirteen codes


class Tables:
    """What the rules and points allow, in the form the search asks it."""

    def __init__(
        self, rules: MeldRules, points: PointValues, size: int = MAX_CARDS
    ) -> None:
        #: The largest hand the tables serve: no group takes more cards, and
        #: no more jokers are counted.
        self.size = size
        # While the tables are built, equal groups and covers are one object
        # (a run group is in the tables of every pattern that holds its
        # ranks): far fewer objects for a search to read, so fewer of them
        # are out of the processor's caches.  Groups placed later, at first
        # use, are not shared, so that the bounded memos stay bounded.
        shared: dict[object, object] = {}

        def share(value: Any) -> Any:
            return shared.setdefault(value, value)

        self._share: Callable[[Any], Any] = share
        self.min_naturals = rules.min_naturals_per_meld
        self.longest = rules.longest_run
        self.min_run = rules.min_run
        self.min_set = rules.min_set
        self.max_set = _BIG if rules.max_set is None else rules.max_set
        meld_limit = (
            _BIG if rules.max_jokers_per_meld is None else rules.max_jokers_per_meld
        )
        run_limit = (
            _BIG if rules.max_jokers_per_run is None else rules.max_jokers_per_run
        )
        self.set_jokers = meld_limit
        self.run_jokers = min(meld_limit, run_limit)
        self.distinct = rules.set_distinct_suits
        self.wrap = rules.wrap
        self.ace_high = rules.ace_high
        self.rank_points = points.ranks
        self.joker_points = points.joker
        #: Points of each card code, the joker's last.
        self.points = (*(points.ranks[code % 13] for code in range(52)), points.joker)
        #: Each natural card's points and code in one number, so that the
        #: costliest card, and of those the highest, is the largest.
        self.throw_keys = tuple(p << 6 | code for code, p in enumerate(self.points))
        #: (points, the low bit of every natural card worth them), the
        #: costliest first: the costliest card of a hand is the first that
        #: meets it.
        self.by_worth = tuple(
            (
                worth,
                sum(
                    1 << (3 * code) for code in range(52) if self.points[code] == worth
                ),
            )
            for worth in sorted(set(self.points[:52]), reverse=True)
        )
        #: The keys when nothing is thrown: no card is ever the costliest.
        self.no_throw = (-1,) * 53
        # span[mask]: the shortest window the rules allow that holds the ranks
        # of ``mask`` (bit r for rank index r), or 0 if none does.
        span = [0] * 8192
        self.windows: dict[int, list[list[int]]] = {}
        for size in range(1, self.longest + 1):
            windows = _run_windows(size, rules)
            self.windows[size] = windows
            for window in windows:
                whole = 0
                for rank in window:
                    whole |= 1 << (rank - 1)
                sub = whole
                while sub:
                    if not span[sub]:
                        span[sub] = size
                    sub = (sub - 1) & whole
        self.span = span
        # reach[r]: the ranks from r up that share an allowed window with r,
        # so a run group whose lowest rank is r lies within them.
        reach = [0] * 13
        for windows in self.windows.values():
            for window in windows:
                whole = 0
                for rank in window:
                    whole |= 1 << (rank - 1)
                for r in range(13):
                    if whole >> r & 1:
                        reach[r] |= whole >> r << r
        # A single card with jokers: the ranges of jokers it takes as a run
        # and as a set, joined where they meet.
        singles: list[tuple[int, int, MeldKind]] = []
        if self.min_naturals <= 1:
            run = (max(self.min_run, 1) - 1, min(self.longest - 1, self.run_jokers))
            kept = (max(self.min_set, 1) - 1, min(self.max_set - 1, self.set_jokers))
            ranges = [
                (low, high, kind)
                for (low, high), kind in ((run, _RUN), (kept, _SET))
                if low <= high
            ]
            if (
                len(ranges) == 2
                and ranges[0][0] <= ranges[1][1] + 1
                and ranges[1][0] <= ranges[0][1] + 1
            ):
                ranges = [(min(run[0], kept[0]), max(run[1], kept[1]), _RUN)]
            singles = ranges
        self.singles = singles
        #: singles_with[j]: the single-card ranges that ``j`` jokers can fill.
        self.singles_with = tuple(
            tuple(single for single in singles if single[0] <= j)
            for j in range(self.size + 1)
        )
        self.single_least = min((low for low, _, _ in singles), default=_BIG)
        # With melds of jokers alone, alone[e] is the fewest of ``e`` spare
        # jokers left unmelded, and how[e] the size of one such meld.
        self.alone = list(range(15))
        self.how = [0] * 15
        if self.min_naturals == 0:
            sizes = [
                size
                for size in range(1, 15)
                if (self.min_set <= size <= self.max_set and size <= self.set_jokers)
                or (self.min_run <= size <= self.longest and size <= self.run_jokers)
            ]
            for e in range(1, 15):
                for size in sizes:
                    if size <= e and self.alone[e - size] < self.alone[e]:
                        self.alone[e] = self.alone[e - size]
                        self.how[e] = size
        # spread[ranks]: rank bits (bit r for rank index r) as three-bit
        # counts of one.
        spread = [0] * 8192
        for sub in range(1, 8192):
            low = sub & -sub
            spread[sub] = spread[sub ^ low] | 1 << (3 * (low.bit_length() - 1))
        self.spread = spread
        #: reach_of[rank bit as a count of one]: that rank's reach, as counts
        #: of one.
        self.reach_of = {spread[1 << r]: spread[reach[r]] for r in range(13)}
        self.run_least = max(2, self.min_naturals)
        # run_of[ranks]: the run group of those ranks, if they make one.
        self._run_of: list[_Kept | None] = [None] * 8192
        for sub in range(1, 8192):
            size = span[sub]
            n = sub.bit_count()
            if size and n >= self.run_least:
                kmin = max(size, self.min_run) - n
                kmax = min(self.longest - n, self.run_jokers)
                if kmin <= kmax and kmin + n <= self.size:
                    low = (sub & -sub).bit_length() - 1
                    ranks = tuple(r for r in range(13) if sub >> r & 1)
                    self._run_of[sub] = (spread[sub], kmin, kmax - kmin, low, ranks)
        # The groups of every suit of up to four cards, kept from the start.
        self._runs: dict[int, tuple[_Kept, ...]] = {}
        for size in range(2, 5):
            for ranks in combinations(range(13), size):
                pattern = sum(1 << r for r in ranks)
                self._runs[pattern] = self._collect(pattern)
        self._sets: dict[int, tuple[_Kept, ...]] = {}
        #: set_groups[column]: the set groups of a rank's column, from the start.
        self.set_groups = [self.sets(column) for column in range(256)]
        #: suit_runs[suit][ranks as counts of one]: that suit's run groups
        #: in place, from the start for up to four ranks.
        self.suit_runs: list[dict[int, _Placed]] = [{}, {}, {}, {}]
        for pattern in self._runs:
            for suit in range(4):
                self.suit_runs[suit][spread[pattern]] = self._place_runs(pattern, suit)
        #: suit_slots[suit][ranks % SLOTS]: suit_runs as lists, so that a
        #: search reads one slot rather than a dict's table and key.  A
        #: suit's ranks as counts of one are the sum of 8**r over its ranks r,
        #: and 8**r leaves 2**(3r mod 13) over 2**13 - 1: as r runs through the
        #: thirteen ranks, 3r mod 13 does too, so the remainder is the ranks'
        #: bits in another order, one slot per set of ranks (empty where
        #: suit_runs has no entry).
        self.suit_slots: list[list[_Placed | None]] = []
        for placed_by_key in self.suit_runs:
            slots: list[_Placed | None] = [None] * SLOTS
            for key, placed_runs in placed_by_key.items():
                slots[key % SLOTS] = placed_runs
            self.suit_slots.append(slots)
        #: rank_sets[rank][counts at rank 0]: that rank's set groups in
        #: place (from the start for up to two copies a suit, else built at
        #: first use).
        self.rank_sets: list[dict[int, _Placed | None]] = [{} for _ in range(13)]
        #: rank_slots[rank][counts at rank 0 % COLUMN_SLOTS]: rank_sets as
        #: lists (one slot for each column of 0-3 cards a suit), ``_UNSEEN``
        #: where a column is not placed yet.
        self.rank_slots: list[list[Any]] = [[_UNSEEN] * COLUMN_SLOTS for _ in range(13)]
        #: Melds built for a final grouping, by their cards.
        self.melds: dict[tuple[object, ...], Meld] = {}
        #: set_templates[counts at rank 0]: that column's set groups at rank
        #: 0, by lowest suit, to be shifted into place.
        self.set_templates: dict[int, _Template | None] = {}
        for column in range(256):
            key = 0
            for suit in range(4):
                key |= (column >> (2 * suit) & 3) << (_SUIT_SHIFT * suit)
            groups = self.set_groups[column]
            self.set_templates[key] = self._template(groups) if groups else None
            # Columns of up to two copies a suit (two decks) are placed at
            # every rank from the start, so that no hand pays for building
            # them; columns of three copies are placed at first use.
            if column & (column >> 1) & 0x55 == 0:
                for rank in range(13):
                    self.placed_sets(rank, key)
        #: low_runs[suit][ranks as counts of one]: the run groups of one
        #: suit whose lowest rank is the lowest of those ranks, all within
        #: its reach, in place (what a suit of many ranks is put together
        #: from).
        self.low_runs: list[dict[int, _Placed]] = [{}, {}, {}, {}]
        #: The same, built at first use for rules where runs do not wrap,
        #: keyed by the ranks and the jokers (:meth:`_low_runs_within`).
        self.capped_runs: list[dict[int, _Placed]] = [{}, {}, {}, {}]
        #: The same by the ranks and jokers asked (:meth:`low_runs_of`).
        self.capped_keys: list[dict[int, _Placed]] = [{}, {}, {}, {}]
        #: run_entries[suit][ranks]: the one entry of each run group those
        #: lists hold (at most one for each of the 8,192 sets of ranks).
        self.run_entries: list[dict[int, Entry]] = [{}, {}, {}, {}]
        if max(map(int.bit_count, reach)) <= 5:
            for r in range(13):
                above = reach[r] ^ 1 << r
                sub = above
                while True:
                    for suit in range(4):
                        self.low_runs[suit][spread[sub | 1 << r]] = self._low_runs(
                            sub | 1 << r, suit
                        )
                    if not sub:
                        break
                    sub = (sub - 1) & above
        self._share = _same

    def _low_runs(self, ranks: int, suit: int) -> _Placed:
        """The run groups of ``ranks`` (bit r for rank index r) in ``suit``
        that hold its lowest rank, and what they cover for each number of
        jokers."""
        shift = _SUIT_SHIFT * suit
        base = 13 * suit
        run_of = self._run_of
        lowest = ranks & -ranks
        above = ranks ^ lowest
        entries: list[Entry] = []
        covers = [0] * (self.size + 1)
        sub = above
        while True:
            group = run_of[sub | lowest]
            if group is not None:
                mask, kmin, extra, _, kept = group
                mask <<= shift
                covers[kmin] |= mask
                info = (_RUN, tuple(map(base.__add__, kept)))
                entries.append(self._share((mask, kmin, extra, info)))
            if not sub:
                break
            sub = (sub - 1) & above
        low = base + lowest.bit_length() - 1
        share = self._share
        return ({low: share(tuple(entries))} if entries else {}), share(
            tuple(map(share, accumulate(covers, or_)))
        )

    def low_runs_of(self, suit: int, key: int, jokers: int) -> _Placed:
        """:meth:`_low_runs` for ranks given as counts of one, kept; without
        wrapping runs, only the groups that take at most ``jokers`` jokers
        (:meth:`_low_runs_within`)."""
        if self.wrap:
            placed = self.low_runs[suit]
            found = placed.get(key)
            if found is None:
                found = self._low_runs(_ranks_of(key), suit)
                if len(placed) >= PATTERNS_KEPT:
                    placed.clear()
                placed[key] = found
            return found
        # Kept by the ranks given, and by those a group of the lowest can
        # reach (so far fewer hands build their own).
        seen = self.capped_keys[suit]
        asked = key << 4 | jokers  # (at most 14 jokers)
        found = seen.get(asked)
        if found is None:
            ranks = self._reachable(_ranks_of(key), jokers)
            placed = self.capped_runs[suit]
            kept = ranks << 4 | jokers
            found = placed.get(kept)
            if found is None:
                found = self._low_runs_within(ranks, suit, jokers)
                if len(placed) >= LISTS_KEPT:
                    placed.clear()
                placed[kept] = found
            if len(seen) >= LISTS_KEPT:
                seen.clear()
            seen[asked] = found
        return found

    def _reachable(self, ranks: int, jokers: int) -> int:
        """The ranks (bit r for rank index r) that a run group holding the
        lowest of ``ranks`` and at most ``jokers`` gaps can hold: going up
        from it (and down from the ace's high place, where the lowest is an
        ace and aces are high), up to the first rank past ``jokers`` gaps."""
        first = (ranks & -ranks).bit_length() - 1
        kept = 1 << first
        gaps = 0
        place = first
        for r in range(first + 1, 13):
            if ranks >> r & 1:
                gaps += r - place - 1
                if gaps > jokers:
                    break
                kept |= 1 << r
                place = r
        if first == 0 and self.ace_high:
            gaps = 0
            place = 13
            for r in range(12, 0, -1):
                if ranks >> r & 1:
                    gaps += place - r - 1
                    if gaps > jokers:
                        break
                    kept |= 1 << r
                    place = r
        return kept

    def _low_runs_within(self, ranks: int, suit: int, jokers: int) -> _Placed:
        """:meth:`_low_runs`, only the groups that take at most ``jokers``
        jokers, for rules where runs do not wrap.

        Rather than every subset of the ranks, it lists those whose gaps
        (the ranks a window from the lowest to the highest lacks) are at
        most ``jokers``: a group takes at least that many jokers.  The ranks
        are placed on a line, the ace first (low) and, where aces are high,
        once more last; from the lowest rank, the search adds higher ranks in
        order and stops once the gaps are too many, as they only grow.  (A
        group holding the ace has it as its lowest rank index, low or high.)
        """
        shift = _SUIT_SHIFT * suit
        base = 13 * suit
        run_of = self._run_of
        lowest = ranks & -ranks
        first = lowest.bit_length() - 1
        # (position on the line, rank bit) of the ranks above, from the
        # lowest's position outwards: upwards, and for an ace also down from
        # its high place.
        lines = [(first, [(r, 1 << r) for r in range(first + 1, 13) if ranks >> r & 1])]
        if first == 0 and self.ace_high:
            lines.append(
                (13, [(r, 1 << r) for r in range(12, 0, -1) if ranks >> r & 1])
            )
        subsets: set[int] = set()
        for start, line in lines:
            stack = [(0, lowest, 1)]
            while stack:
                at, sub, n = stack.pop()
                for i in range(at, len(line)):
                    place, bit = line[i]
                    gaps = abs(place - start) - n
                    if gaps > jokers:
                        break
                    subsets.add(sub | bit)
                    stack.append((i + 1, sub | bit, n + 1))
        entries: list[tuple[int, Entry]] = []
        covers = [0] * (jokers + 1)
        # One entry a group of this suit, whatever lists hold it.
        made = self.run_entries[suit]
        for sub in subsets:
            group = run_of[sub]
            if group is not None and group[1] <= jokers:
                entry = made.get(sub)
                if entry is None:
                    mask, kmin, extra, _, kept = group
                    info = (_RUN, tuple(map(base.__add__, kept)))
                    entry = made[sub] = (mask << shift, kmin, extra, info)
                covers[entry[1]] |= entry[0]
                entries.append((-len(entry[3][1]), entry))
        # The longest groups first, as the full listing has them.
        entries.sort(key=_FIRST)
        low = base + first
        return ({low: tuple(entry for _, entry in entries)} if entries else {}), tuple(
            accumulate(covers, or_)
        )

    def _template(self, groups: tuple[_Kept, ...]) -> _Template:
        """Set groups at rank 0 by lowest suit, as parallel columns."""
        by_suit: dict[int, list[tuple[int, int, int, Info]]] = {}
        covers = [0] * (self.size + 1)
        for mask, kmin, extra, low, codes in groups:
            covers[kmin] |= mask
            by_suit.setdefault(low, []).append((mask, kmin, extra, (None, codes)))
        return tuple(
            (13 * low, *map(tuple, zip(*kept, strict=True)))  # type: ignore[misc]
            for low, kept in by_suit.items()
        ), tuple(accumulate(covers, or_))

    def _place_runs(self, pattern: int, suit: int) -> _Placed:
        """The run groups of ``pattern`` in ``suit``, by their lowest card,
        and what they cover for each number of jokers."""
        shift = _SUIT_SHIFT * suit
        base = 13 * suit
        by_low: dict[int, list[Entry]] = {}
        covers = [0] * (self.size + 1)
        for mask, kmin, extra, low, ranks in self.runs(pattern):
            mask <<= shift
            covers[kmin] |= mask
            entry = (mask, kmin, extra, (_RUN, tuple(map(base.__add__, ranks))))
            by_low.setdefault(base + low, []).append(self._share(entry))
        share = self._share
        return {low: share(tuple(e)) for low, e in by_low.items()}, share(
            tuple(map(share, accumulate(covers, or_)))
        )

    def placed_sets(self, rank: int, key: int) -> _Placed | None:
        """The set groups of ``rank`` whose suits hold the counts in ``key``
        (three bits a suit, at rank 0), in place, or ``None`` if none."""
        template = self.set_templates[key]
        found: _Placed | None = None
        if template is not None:
            step = 1 << (3 * rank)
            share = self._share
            found = (
                {
                    low + rank: share(
                        tuple(
                            map(
                                share,
                                zip(
                                    map(step.__mul__, masks),
                                    kmins,
                                    extras,
                                    infos,
                                    strict=True,
                                ),
                            )
                        )
                    )
                    for low, masks, kmins, extras, infos in template[0]
                },
                share(tuple(map(share, map(step.__mul__, template[1])))),
            )
        placed = self.rank_sets[rank]
        slots = self.rank_slots[rank]
        if len(placed) >= PATTERNS_KEPT:
            placed.clear()
            slots[:] = [_UNSEEN] * COLUMN_SLOTS
        placed[key] = found
        slots[key % COLUMN_SLOTS] = found
        return found

    def runs(self, pattern: int) -> tuple[_Kept, ...]:
        """The run groups of two or more of the ranks in ``pattern`` (bit r
        for rank index r), in any suit: (counts at suit 0, kmin, room,
        lowest rank, ranks)."""
        found = self._runs.get(pattern)
        if found is None:
            found = self._collect(pattern)
            if len(self._runs) >= PATTERNS_KEPT:
                self._runs.clear()
            self._runs[pattern] = found
        return found

    def _collect(self, pattern: int) -> tuple[_Kept, ...]:
        run_of = self._run_of
        kept: list[_Kept] = []
        sub = pattern
        while sub:
            group = run_of[sub]
            if group is not None:
                kept.append(group)
            sub = (sub - 1) & pattern
        return tuple(kept)

    def sets(self, column: int) -> tuple[_Kept, ...]:
        """The set groups of two or more cards of one rank, whose suits hold
        the counts packed in ``column`` (two bits a suit), at any rank:
        (counts at rank index 0, kmin, room, lowest suit, card codes at
        rank index 0)."""
        found = self._sets.get(column)
        if found is not None:
            return found
        top = 1 if self.distinct else 3
        tops = [min(column >> (2 * s) & 3, top) for s in range(4)]
        least = max(2, self.min_naturals)
        kept: list[_Kept] = []
        for a in range(tops[0], -1, -1):
            for b in range(tops[1], -1, -1):
                for c in range(tops[2], -1, -1):
                    for d in range(tops[3], -1, -1):
                        n = a + b + c + d
                        if n < least or n > self.max_set:
                            continue
                        kmin = max(0, self.min_set - n)
                        kmax = min(self.max_set - n, self.set_jokers)
                        if kmin > kmax or kmin + n > self.size:
                            continue
                        mask = (
                            a
                            | b << _SUIT_SHIFT
                            | c << (2 * _SUIT_SHIFT)
                            | d << (3 * _SUIT_SHIFT)
                        )
                        codes = (0,) * a + (13,) * b + (26,) * c + (39,) * d
                        kept.append((mask, kmin, kmax - kmin, codes[0] // 13, codes))
        found = tuple(kept)
        if len(self._sets) >= PATTERNS_KEPT:
            self._sets.clear()
        self._sets[column] = found
        return found


def _ranks_of(key: int) -> int:
    """Ranks given as counts of one (three bits a rank) as rank bits."""
    ranks = 0
    for rank in range(13):
        if key >> (3 * rank) & 1:
            ranks |= 1 << rank
    return ranks


#: The slots of :attr:`Tables.suit_slots`: one for each set of a suit's ranks.
SLOTS = (1 << 13) - 1
#: The slots of :attr:`Tables.rank_slots`: a rank's counts in the four suits
#: (0-3 each, 39 bits apart) leave a different remainder over this number for
#: each of the 256 columns (checked in the tests).
COLUMN_SLOTS = 319
#: Run groups kept per pattern of ranks, and set groups per column of
#: suits, for each rule set and points, before the memo is cleared.
PATTERNS_KEPT = 8192
#: Lists of a suit's run groups kept per rule set and points, for rules
#: where runs do not wrap (:meth:`Tables.low_runs_of`), before the memo is
#: cleared: enough for the suits of a few thousand hands, and a bound on
#: the memory of 14-card hands' tables (about 20 MB at most, measured).
LISTS_KEPT = 2048
#: Built melds kept per rule set and points before the memo is cleared.
MELDS_KEPT = 1024
#: Rule sets and points whose tables are kept; the least recently used is
#: dropped past that.
TABLES_KEPT = 8

#: A kept group, placed at suit 0 or rank 0: (counts, kmin, room, lowest
#: rank or suit, its card codes there).
_Kept = tuple[int, int, int, int, tuple[int, ...]]
#: What a group is: its kind, and its natural cards' codes (``None`` for
#: a set whose codes are given at rank 0: the entry's counts say the rank).
Info = tuple[MeldKind | None, tuple[int, ...]]
#: A group as the search takes it: (counts, kmin, room, info).
Entry = tuple[int, int, int, Info]
#: Groups in place: by their lowest card, and the cards they cover for
#: each number of jokers.
_Placed = tuple[dict[int, tuple[Entry, ...]], tuple[int, ...]]
#: Set groups at rank 0: for each lowest suit, (its first code, then the
#: groups' counts, kmin, room and info as columns), and the covers.
_Template = tuple[
    tuple[
        tuple[
            int,
            tuple[int, ...],
            tuple[int, ...],
            tuple[int, ...],
            tuple[Info, ...],
        ],
        ...,
    ],
    tuple[int, ...],
]


@lru_cache(maxsize=TABLES_KEPT)
def tables(rules: MeldRules, points: PointValues, size: int = MAX_CARDS) -> Tables:
    """The tables for ``rules`` and ``points`` and hands of up to ``size``
    cards, built on first use."""
    return Tables(rules, points, size)


#: The rules, points and tables of the last call, in one tuple (read and
#: replaced whole, so that threads never see a mix of two calls).
_last: list[tuple[object, object, Tables | None]] = [(None, None, None)]


def _tables(rules: MeldRules, points: PointValues, size: int = MAX_CARDS) -> Tables:
    """:func:`tables`, without hashing the rules and points again when a
    caller asks with the very same objects (and hand size) as last time (a
    variant does)."""
    last_rules, last_points, found = _last[0]
    if (
        found is None
        or last_rules is not rules
        or last_points is not points
        or found.size != size
    ):
        found = tables(rules, points, size)
        _last[0] = (rules, points, found)
    return found


def applies(codes: tuple[int, ...], rules: MeldRules, wild_rank: object) -> bool:
    """Whether this path answers ``codes`` (for a caller with no requirement)."""
    if len(codes) > MAX_CARDS or rules.golden_rummy:
        return False
    if wild_rank is not None:
        wild = int(wild_rank) - 1  # type: ignore[call-overload]
        for code in codes:
            if code != JOKER_CODE and code % 13 == wild:
                return False
    return True


def quick(codes: tuple[int, ...], rules: MeldRules) -> bool:
    """Whether the entry points may hand sorted ``codes`` straight to this
    path: one to :data:`MAX_CARDS` cards within the bounds the entry points
    check (at most three copies of a natural card), holding a joker or two
    identical cards (other hands are the single-deck path's)."""
    n = len(codes)
    if not n or n > MAX_CARDS or rules.golden_rummy:
        return False
    # One pass over the sorted codes (quicker than set() and map() on a few
    # cards): a code equal to the one before is a copy, and one equal to the
    # code three before is a fourth copy (jokers sort last, and may be four).
    same = codes[-1] == JOKER_CODE
    before = twice = thrice = -1  # the three codes before this one
    for code in codes:
        if code == before:
            if code == thrice and code != JOKER_CODE:
                return False
            same = True
        thrice = twice
        twice = before
        before = code
    return same


def _spare(t: Tables, jokers: int, room: int) -> tuple[int, int]:
    """(unmelded jokers, jokers put in the melds' room) for ``jokers`` spare."""
    if jokers <= room:
        return 0, jokers
    if t.min_naturals:
        return jokers - room, room
    alone = t.alone
    best = (alone[jokers], 0)
    for put in range(1, room + 1):
        if alone[jokers - put] < best[0]:
            best = (alone[jokers - put], put)
    return best


#: The groups a branch of the search has chosen: the last, and the chain of
#: those before it (``None`` before the first), so that a branch adds one
#: without copying, and the best grouping is kept as it is.
Chain = tuple[Entry, "Chain"] | None
#: What :func:`_search` returns and keeps its best grouping in: the value,
#: the groups chosen (a :data:`Chain`), whether a joker is thrown, the
#: natural card thrown (unless a joker is), the hand's natural cards (three
#: bits a code) and its jokers.
#: A list rather than an object: the search reads and writes it at every leaf.
_Found = list[Any]  # [value, chosen, joker_thrown, thrown, counted, jokers]


def _groups(
    t: Tables,
    counted: int,
    held: int,
    joker_cap: int,
    covers: list[tuple[int, ...]] | None = None,
) -> tuple[dict[int, tuple[Entry, ...]], int]:
    """The groups of a hand's natural cards ``counted`` (three bits a code;
    ``held`` its low bits where it holds a code), by their lowest card, and
    every card some group with up to ``joker_cap`` jokers covers.  Each
    piece's covers for each number of jokers are added to ``covers``, if
    given."""
    runs_by_low: dict[int, tuple[Entry, ...]] = {}
    used = 0
    suit_slots = t.suit_slots
    # Each suit's ranks, as counts of one.
    keys = (
        held & _SUIT_MASK,
        held >> _SUIT_SHIFT & _SUIT_MASK,
        held >> (2 * _SUIT_SHIFT) & _SUIT_MASK,
        held >> (3 * _SUIT_SHIFT),
    )
    for suit, key in enumerate(keys):
        if key & (key - 1):  # two ranks or more
            found = suit_slots[suit][key % SLOTS]
            if found is not None:
                runs_by_low.update(found[0])
                used |= found[1][joker_cap]
                if covers is not None:
                    covers.append(found[1])
                continue
            # Many ranks: put together from each rank's runs upwards.
            low_runs = t.low_runs[suit]
            reach_of = t.reach_of
            ranks = key
            while ranks:
                bit = ranks & -ranks
                ranks ^= bit
                part = key & reach_of[bit]
                piece = low_runs.get(part)
                if piece is None:
                    piece = t.low_runs_of(suit, part, joker_cap)
                runs_by_low.update(piece[0])
                used |= piece[1][joker_cap]
                if covers is not None:
                    covers.append(piece[1])
    spread = sum(keys)  # how many suits hold each rank, three bits a rank
    copied = counted >> 1  # codes held twice or more, at their low bit
    multi = (
        spread >> 1
        | spread >> 2
        | copied
        | copied >> _SUIT_SHIFT
        | copied >> (2 * _SUIT_SHIFT)
        | copied >> (3 * _SUIT_SHIFT)
    ) & _RANK_LOWS
    rank_slots = t.rank_slots
    while multi:
        bit = multi & -multi
        multi ^= bit
        rank = (bit.bit_length() - 1) // 3
        key = counted >> (3 * rank) & _COLUMN_MASK
        found = rank_slots[rank][key % COLUMN_SLOTS]
        if found is _UNSEEN:
            found = t.placed_sets(rank, key)
        if found is not None:
            # One list a card: the runs it starts, then the sets.
            for low, sets in found[0].items():
                runs = runs_by_low.get(low)
                runs_by_low[low] = sets if runs is None else runs + sets
            used |= found[1][joker_cap]
            if covers is not None:
                covers.append(found[1])
    return runs_by_low, used


def _search(
    codes: tuple[int, ...],
    t: Tables,
    forbidden: frozenset[int] | None,
    counter: list[int] | None = None,
) -> _Found:
    """The best grouping of ``codes``.  With ``counter``, its first item
    grows by one for each branch the search enters below the first (the
    measure of work the slow-hand tests climb on)."""
    # Jokers sort last.  (Plain loops here: on a few cards they are quicker
    # than sum() or max() over a map.)
    jokers = codes.count(JOKER_CODE) if codes and codes[-1] == JOKER_CODE else 0
    naturals = codes[: len(codes) - jokers] if jokers else codes
    pts = t.points
    discarding = forbidden is not None
    # Each code's count in three bits (at most three copies), its guard bit
    # set where the hand holds it.
    counted = 0
    one = _ONE
    for code in naturals:
        counted += one[code]
    held = (counted | counted >> 1) & _LOWS
    # The costliest card that may be thrown at all.
    top = 0
    if forbidden:
        for code in naturals:
            if pts[code] > top and code not in forbidden:
                top = pts[code]
    elif discarding:
        for worth, codes_worth in t.by_worth:  # the costliest first
            if held & codes_worth:
                top = worth
                break
    state = counted + (held << 2)
    joker_cap = jokers if jokers <= t.size else t.size
    runs_by_low, used = _groups(t, counted, held, joker_cap)
    singles = t.singles_with[joker_cap]
    # Each card's key as the costliest card to throw, -1 where it may not be
    # thrown.
    throw_keys = t.throw_keys if discarding else t.no_throw
    if forbidden:
        kept = list(throw_keys)
        for code in forbidden:
            if 0 <= code < 53:
                kept[code] = -1
        throw_keys = tuple(kept)
    guard = state & _GUARDS
    dead = 0
    throw = -1  # the costliest allowed deadwood card so far
    if not singles:
        # Cards in no group are deadwood from the start.
        alone = guard & ~((used | used >> 1) << 2)
        guard ^= alone
        while alone:
            bit = alone & -alone
            alone ^= bit
            code = (bit.bit_length() - 1) // 3
            count = state >> (3 * code) & 3
            state -= (4 | count) << (3 * code)
            dead += count * pts[code]
            if throw_keys[code] > throw:
                throw = throw_keys[code]
    joker_points = t.joker_points
    joker_allowed = discarding and JOKER_CODE not in forbidden  # type: ignore[operator]
    if joker_allowed and jokers and joker_points > top:
        top = joker_points
    best: _Found = [INF, None, False, -1, counted, jokers]
    # Spare jokers beyond the melds' room are unmelded, unless the rules
    # let them make melds of their own.
    joker_melds = not t.min_naturals

    def walk(
        state: int, jokers: int, dead: int, throw: int, room: int, chosen: Chain
    ) -> None:
        # A branch ends once the best found is no more than its floor: its
        # deadwood less the costliest card that could be thrown (the best
        # found is never below zero, so a found zero ends every branch).
        floor = dead - top if dead > top else 0
        if best[0] <= floor:
            return
        while True:
            rest = state ^ guard
            if not rest:
                break
            low = ((rest & -rest).bit_length() - 1) // 3
            at = 3 * low
            entries = runs_by_low.get(low)
            if entries is not None:
                for entry in entries:
                    # (Read by index: the group's description is not touched.)
                    kmin = entry[1]
                    if kmin <= jokers:
                        after = state - entry[0]
                        if after & guard == guard:
                            deeper[0](
                                after,
                                jokers - kmin,
                                dead,
                                throw,
                                room + entry[2],
                                (entry, chosen),
                            )
                            # What the search found may leave nothing here
                            # to beat it.
                            if best[0] <= floor:
                                return
            for kmin, kmax, kind in singles:
                if kmin <= jokers:
                    one = 1 << at
                    single = (one, kmin, kmax - kmin, (kind, (low,)))
                    deeper[0](
                        state - one,
                        jokers - kmin,
                        dead,
                        throw,
                        room + kmax - kmin,
                        (single, chosen),
                    )
                    if best[0] <= floor:
                        return
            # The lowest card is deadwood, with its copies.
            copies = state >> at & 3
            key = throw_keys[low]
            if key > throw:
                throw = key
            state -= copies << at
            dead += copies * pts[low]
            if dead > top:
                floor = dead - top
                if best[0] <= floor:
                    return
        # Every card is placed: score the grouping.
        bound = best[0]
        over = jokers - room if jokers > room else 0
        if over and joker_melds:
            over = _spare(t, jokers, room)[0]
        if not discarding:
            value = dead + joker_points * over
            if value < bound:
                best[0] = value
                best[1] = chosen
            return
        if throw >= 0:
            value = dead - (throw >> 6) + joker_points * over
            # On a tie, a natural card is thrown rather than a joker.
            if value < bound or (value == bound and best[2]):
                best[0] = bound = value
                best[1] = chosen
                best[2] = False
                best[3] = throw & 63
        if jokers and joker_allowed:
            over = jokers - 1 - room if jokers > room + 1 else 0
            if over and joker_melds:
                over = _spare(t, jokers - 1, room)[0]
            value = dead + joker_points * over
            if value < bound:
                best[0] = value
                best[1] = chosen
                best[2] = True

    # walk reaches itself through this list, emptied after the search, so
    # that the call leaves no reference cycle for the collector.
    deeper = [walk]
    if counter is not None:

        def tallied(
            state: int, jokers: int, dead: int, throw: int, room: int, chosen: Chain
        ) -> None:
            counter[0] += 1
            walk(state, jokers, dead, throw, room, chosen)

        deeper[0] = tallied
    walk(state, jokers, dead, throw, 0, None)
    deeper.clear()
    return best


def _build(
    t: Tables,
    found: _Found,
    forbidden: frozenset[int] | None,
    keep_pure: bool = False,
) -> Partition:
    """The grouping :func:`_search` found: its points and discard now, its
    melds and deadwood at first read (:func:`_lay_out`, which puts no spare
    joker in a run if ``keep_pure``)."""
    points, chosen, joker_thrown, thrown, counted, jokers = found
    discard: Card | None = None
    if forbidden is None:
        thrown = -1
    elif joker_thrown:
        discard = _JOKER
        jokers -= 1
        thrown = -1
    else:  # the highest of the costliest
        discard = _CARDS[thrown]
    result: Partition = _new(Partition)
    _set(result, "points", points)
    _set(result, "requirement_met", True)
    _set(result, "discard", discard)
    _set(
        result, "_pending", (_lay_out, (t, chosen, counted, thrown, jokers, keep_pure))
    )
    return result


def _lay_out(
    t: Tables,
    last: Chain,
    counted: int,
    thrown: int,
    jokers: int,
    keep_pure: bool = False,
) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """The melds and deadwood of the groups chosen (``last`` and those before
    it) out of the natural cards ``counted`` (three bits a code), less the
    natural card ``thrown`` (if not -1), with ``jokers`` kept; with
    ``keep_pure``, a spare joker goes in no run (it stays unmelded rather
    than spoil a run a requirement counts as pure)."""
    chosen: list[Entry] = []
    while last is not None:
        entry, last = last
        chosen.append(entry)
    chosen.reverse()  # in the order the search chose them
    left = counted
    for entry in chosen:
        left -= entry[0]
    if thrown >= 0:
        left -= 1 << (3 * thrown)
    takes = [entry[1] for entry in chosen]
    room = 0
    for entry in chosen:
        jokers -= entry[1]
        room += entry[2]
    unmelded, put = _spare(t, jokers, room)
    alone = jokers - put - unmelded
    if put:
        # Spare jokers go to sets first, then to runs that hold one already.
        order = sorted(
            range(len(chosen)),
            key=lambda x: (chosen[x][3][0] is _RUN, takes[x] == 0),
        )
        for x in order:
            if keep_pure and chosen[x][3][0] is _RUN:
                continue
            add = min(put, chosen[x][2] + chosen[x][1] - takes[x])
            takes[x] += add
            put -= add
        unmelded += put  # (only where pure runs are kept)
    melds: list[tuple[int, Meld]] = []
    memo = t.melds
    for entry, k in zip(chosen, takes, strict=True):
        kind, codes = entry[3]
        if kind is None:  # a set given at rank 0
            mask = entry[0]
            rank = ((mask & -mask).bit_length() - 1) // 3 % 13
            kind = _SET
            codes = tuple(map(rank.__add__, codes))
        meld = memo.get((kind, codes, k))
        if meld is None:
            meld = _meld(t, codes, k, kind)
        melds.append((codes[0], meld))
    while alone:
        size = t.how[alone]
        melds.append((JOKER_CODE, _meld(t, (), size, _RUN)))
        alone -= size
    if len(melds) > 1:
        melds.sort(key=_FIRST)
    # The deadwood in the deck's order.
    deadwood: list[Card] = []
    while left:
        code = ((left & -left).bit_length() - 1) // 3
        count = left >> (3 * code) & 3
        left -= count << (3 * code)
        deadwood += [_CARDS[code]] * count
    if unmelded:
        deadwood += [_JOKER] * unmelded
    return tuple(meld for _, meld in melds), tuple(deadwood)


def _meld(t: Tables, codes: tuple[int, ...], k: int, kind: MeldKind) -> Meld:
    """The meld of natural cards ``codes`` and ``k`` jokers, kept in ``t``."""
    key = (kind, codes, k)
    n = len(codes)
    if kind is _RUN and not (t.min_run <= n + k <= t.longest and k <= t.run_jokers):
        kind = _SET  # a single card and jokers: too many or too few for a run
    if kind is _RUN:
        ranks = {code % 13 + 1 for code in codes}
        suit = codes[0] // 13 if codes else 0
        window: list[int] | None = None
        for candidate in t.windows[n + k]:
            if ranks <= set(candidate):
                if candidate[0] in ranks:
                    window = candidate
                    break
                if window is None:
                    window = candidate
        assert window is not None
        cards = tuple(
            _CARDS[suit * 13 + rank - 1] if rank in ranks else _JOKER for rank in window
        )
        stands = tuple(_CARDS[suit * 13 + rank - 1] for rank in window)
    else:
        rank = codes[0] % 13 if codes else 0
        suits = {code // 13 for code in codes}
        free = [s for s in range(4) if s not in suits] or [0]
        naturals = tuple(_CARDS[code] for code in codes)
        cards = naturals + (_JOKER,) * k
        stands = naturals + tuple(
            _CARDS[free[j % len(free)] * 13 + rank] for j in range(k)
        )
    meld = Meld(kind=kind, cards=cards, stands_for=stands, pure=not k)
    if len(t.melds) >= MELDS_KEPT:
        t.melds.clear()
    t.melds[key] = meld
    return meld


_new = object.__new__


def _same(value: Any) -> Any:
    """``value`` itself (what the tables share once they are built)."""
    return value


_UNSEEN: Any = object()  # a column not placed yet
#: A code's count of one in a hand's state, its rank's bit, every guard bit.
_ONE = tuple(1 << (3 * code) for code in range(53))
_GUARDS = sum(4 << (3 * code) for code in range(52))
#: The low bit of each code's three, of each rank's in a suit, and one
#: suit's codes, one rank's column.
_LOWS = sum(1 << (3 * code) for code in range(52))
_RANK_LOWS = sum(1 << (3 * rank) for rank in range(13))
_SUIT_MASK = (1 << _SUIT_SHIFT) - 1
_COLUMN_MASK = sum(7 << (_SUIT_SHIFT * suit) for suit in range(4))
_set = object.__setattr__
_FIRST = itemgetter(0)


def value(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    forbidden: frozenset[int] | None,
) -> int:
    """The least deadwood of ``codes`` (after the best discard, with
    ``forbidden`` cards kept, unless ``forbidden`` is ``None``)."""
    return _search(codes, _tables(rules, points), forbidden)[0]  # type: ignore[no-any-return]


def grouping(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    forbidden: frozenset[int] | None,
) -> Partition:
    """The optimal grouping of ``codes`` (after the best discard, with
    ``forbidden`` cards kept, unless ``forbidden`` is ``None``)."""
    t = _tables(rules, points)
    return _build(t, _search(codes, t, forbidden), forbidden)
