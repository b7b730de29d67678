"""The suit-table path: the value of a hand with copies, jokers and a wild rank.

Runs never cross suits and sets never cross ranks, so the search is split:

1. Each wild card is *designated*: it stands as a natural card, or joins the
   joker pool.
2. For each rank, a collection of sets is chosen (sets with one natural card
   are left out: the same card and jokers always make a run, which counts
   for a requirement at least as well).
3. What is left of each suit is solved by a table memoised by the suit's
   pattern (a count of 0-3 per rank): for every number of jokers the suit's
   runs use, the requirement progress they make (pure runs, runs) and
   whether one of the suit's cards is the discard, the least deadwood.
4. The four suit tables and the sets are combined by a min-plus product
   over the joker budget, the progress and the discard.

Jokers that no meld uses score their points, so with jokers worth points a
meld may take extra jokers up to its size limit.  The tables are kept per
rule set, point values and wild rank, and bounded in size.

Everything here is private; the general search (:mod:`._search`) and the
brute force in the test suite are the references it is tested against.
"""

from __future__ import annotations

from collections import Counter

from rummykit.cards import JOKER_CODE, Rank
from rummykit.melds import MeldRules
from rummykit.partition._types import INF, PointValues, Requirement

MAX_CHOICES = 48
"""The most combinations of set collections this path tries for one
designation of the wild cards; beyond it, the general search (which shares
work between set choices) is quicker."""


class TooManySets(Exception):
    """Raised when a hand has more set choices than :data:`MAX_CHOICES`."""


MEMO_ENTRIES = 100_000
"""Entries the memos of every kept :class:`Tables` may hold together (about
350 bytes each, so about 35 MB in all).  One more clears them all; what was
dropped is simply worked out again.  (Measured on 20,000 thirteen-card hands
with scoring jokers: a budget of 100,000 was as quick as no bound, one of
50,000 about 20% slower.)"""

TABLES_KEPT = 32
"""How many :class:`Tables` are kept, the least recently used dropped first."""

_entries = 0
"""Entries added to the kept tables' memos since they were last cleared."""


def _count_entry() -> None:
    """Count one more memo entry; past :data:`MEMO_ENTRIES`, clear every memo."""
    global _entries
    _entries += 1
    if _entries > MEMO_ENTRIES:
        _entries = 1
        for kept in _TABLES.values():
            kept.clear_memos()


# A suit pattern: three bits per rank index 0-12 (a count 0-3 and a guard bit).
_UNIT = tuple(1 << (3 * r) for r in range(13))
_GUARD = sum(4 << (3 * r) for r in range(13))


def applies(
    rules: MeldRules, points: PointValues, requirement: Requirement | None
) -> bool:
    """Whether this path answers exactly under these rules.

    It leaves out wrapping runs, joker limits per meld, melds of jokers
    alone, golden rummy, unbounded sets, long-sequence requirements, and a
    requirement together with jokers that score points (a spare joker would
    then have to choose between points and a pure run).
    """
    if (
        rules.wrap
        or not (rules.ace_low or rules.ace_high)
        or rules.max_jokers_per_meld is not None
        or rules.max_jokers_per_run is not None
        or rules.min_naturals_per_meld != 1
        or rules.golden_rummy
        or rules.max_set is None
        or rules.min_set < 2
        or rules.min_run < 2
    ):
        return False
    # A set of one natural and jokers must be matched by a run of the same cards.
    if not (rules.min_run <= rules.min_set and _max_set(rules) <= rules.longest_run):
        return False
    return not (
        requirement is not None
        and requirement.needs_sequences
        and (requirement.long_sequence is not None or points.joker != 0)
    )


def _max_set(rules: MeldRules) -> int:
    assert rules.max_set is not None
    return min(rules.max_set, 4) if rules.set_distinct_suits else rules.max_set


class Progress:
    """Requirement progress as one small number: (pure runs, runs), capped."""

    def __init__(self, requirement: Requirement | None) -> None:
        active = requirement is not None and requirement.needs_sequences
        self.pure_cap = self.run_cap = 0
        if requirement is not None and active:
            self.pure_cap = requirement.min_pure_sequences
            self.run_cap = requirement.min_sequences
        size_p, size_r = self.pure_cap + 1, self.run_cap + 1
        self.size = size_p * size_r

        def code(pure: int, runs: int) -> int:
            return min(pure, self.pure_cap) * size_r + min(runs, self.run_cap)

        self.add = [
            [
                code(a // size_r + b // size_r, a % size_r + b % size_r)
                for b in range(self.size)
            ]
            for a in range(self.size)
        ]
        #: step[q][pure]: the progress after one more run, pure or not.
        self.step = [
            [code(q // size_r, q % size_r + 1), code(q // size_r + 1, q % size_r + 1)]
            for q in range(self.size)
        ]
        self.accept = [
            q // size_r >= self.pure_cap and q % size_r >= self.run_cap
            for q in range(self.size)
        ]
        #: covers[a][b]: progress ``a`` is at least ``b`` in both counts.
        self.covers = [
            [
                a // size_r >= b // size_r and a % size_r >= b % size_r
                for b in range(self.size)
            ]
            for a in range(self.size)
        ]


class Tables:
    """Run templates and suit-table memos for one rule set, points and wild rank."""

    def __init__(
        self,
        rules: MeldRules,
        points: PointValues,
        wild: int,
        requirement: Requirement | None,
    ) -> None:
        self.rules = rules
        self.jpts = points.joker
        self.lean = points.joker == 0
        self.rank_value = tuple(
            points.joker if r == wild else points.ranks[r] for r in range(13)
        )
        self.wild = wild
        self.progress = Progress(requirement)
        self.max_set = _max_set(rules)
        self._runs: dict[tuple[int, int, int], list[tuple[int, int, int, bool]]] = {}
        self.memo: dict[tuple[int, int, int], dict[int, int]] = {}
        self.set_memo: dict[
            tuple[tuple[int, ...], int], list[tuple[tuple[int, ...], int, int]]
        ] = {}

    def entries(self) -> int:
        """How many entries the memos hold."""
        return len(self._runs) + len(self.memo) + len(self.set_memo)

    def clear_memos(self) -> None:
        """Drop every memo entry (each is worked out again when next needed)."""
        self._runs.clear()
        self.memo.clear()
        self.set_memo.clear()

    def runs(self, pattern: int, r: int, jcap: int) -> list[tuple[int, int, int, bool]]:
        """The runs whose lowest rank index is ``r``, from the ranks present in
        ``pattern``: (ranks taken, fewest jokers, most jokers, pure with none).

        A run takes one copy of each rank it names and ``k`` jokers; it is
        pure with no joker unless it holds a wild card standing as itself and
        the rules make such runs impure.  Cached by the ranks present.
        """
        present = 0
        for rank in range(r, 13):
            if pattern >> (3 * rank) & 3:
                present |= 1 << rank
        key = (present, r, jcap)
        found = self._runs.get(key)
        if found is None:
            _count_entry()
            found = self._runs[key] = self._make_runs(present, r, jcap)
        return found

    def _make_runs(
        self, present: int, r: int, jcap: int
    ) -> list[tuple[int, int, int, bool]]:
        rules = self.rules
        longest = rules.longest_run
        above = [rank for rank in range(r + 1, 13) if present >> rank & 1]
        starts = []
        if r > 0:
            starts.append((r + 1, [(rank + 1, rank) for rank in above]))
        else:
            if rules.ace_low:
                starts.append((1, [(rank + 1, rank) for rank in above]))
            if rules.ace_high:
                # The ace at 14 is the run's top; the others lie below it,
                # taken from the nearest down.
                starts.append((14, [(rank + 1, rank) for rank in reversed(above)]))
        best: dict[int, int] = {}
        for position, others in starts:
            self._grow(position, others, best, jcap, longest)
        wild_unit = _UNIT[self.wild] if self.wild >= 0 else 0
        wild_pure = rules.wild_natural_is_pure
        result = []
        for mask, kmin in best.items():
            n = sum(1 for rank in range(13) if mask >> (3 * rank) & 1)
            kmax = kmin if self.lean else longest - n
            result.append((mask, kmin, kmax, wild_pure or not mask & wild_unit))
        return result

    def _grow(
        self,
        anchor: int,
        others: list[tuple[int, int]],
        best: dict[int, int],
        jcap: int,
        longest: int,
    ) -> None:
        """Every run holding the card at position ``anchor`` and some of
        ``others`` (position, rank index): its ranks and fewest jokers."""
        min_run = self.rules.min_run
        anchor_rank = 0 if anchor in (1, 14) else anchor - 1
        n_others = len(others)

        def grow(i: int, low: int, high: int, mask: int, n: int) -> None:
            span = high - low + 1
            kmin = max(span, min_run) - n
            if kmin <= jcap and kmin < best.get(mask, INF):
                best[mask] = kmin
            if n >= longest:
                return
            # ``others`` lie on one side of the anchor, nearest first, so the
            # span and the gaps only grow along the list.
            for j in range(i, n_others):
                position, rank = others[j]
                lo = min(low, position)
                hi = max(high, position)
                if hi - lo + 1 > longest or hi - lo + 1 - (n + 1) > jcap:
                    break
                grow(j + 1, lo, hi, mask | _UNIT[rank], n + 1)

        grow(0, anchor, anchor, _UNIT[anchor_rank], 1)

    def suit(self, pattern: int, banned: int, jcap: int) -> dict[int, int]:
        """The suit table of ``pattern``: key ``(k << 8 | q << 1 | d)`` to the
        least deadwood, ``k`` jokers used, progress ``q``, ``d`` cards thrown.

        ``banned`` holds the rank indices (3 bits apart) that may not be thrown.
        """
        memo = self.memo
        key = (pattern, banned, jcap)
        found = memo.get(key)
        if found is not None:
            return found
        _count_entry()
        found = self._prune(self._suit(pattern, banned, jcap))
        memo[key] = found
        return found

    def _prune(self, table: dict[int, int]) -> dict[int, int]:
        """Drop the entries another entry makes useless: as few jokers or
        fewer, as much progress or more, the same discard, and as few points
        once the jokers it leaves spare are counted."""
        if len(table) < 2:
            return table
        jpts = self.jpts
        covers = self.progress.covers
        entries = sorted(table.items(), key=_by_value)
        kept: list[tuple[int, int]] = []
        for key, v in entries:
            k = key >> 8
            q = (key >> 1) & 127
            d = key & 1
            if any(
                (other & 1) == d
                and (other >> 8) <= k
                and covers[(other >> 1) & 127][q]
                and w + (k - (other >> 8)) * jpts <= v
                for other, w in kept
            ):
                continue
            kept.append((key, v))
        return dict(kept)

    def _suit(self, pattern: int, banned: int, jcap: int) -> dict[int, int]:
        if pattern == 0:
            return {0: 0}
        low = pattern & -pattern
        r = (low.bit_length() - 1) // 3
        unit = _UNIT[r]
        rest = pattern - unit
        sub = self.suit(rest, banned, jcap)
        value = self.rank_value[r]
        out: dict[int, int] = {}
        get = out.get
        for key, v in sub.items():
            v += value
            if v < get(key, INF):
                out[key] = v
        if not banned & unit:
            for key, v in sub.items():
                if not key & 1 and v < get(key | 1, INF):
                    out[key | 1] = v
        step = self.progress.step
        guard = _GUARD
        for mask, kmin, kmax, pure in self.runs(pattern, r, jcap):
            if ((pattern | guard) - mask) & guard != guard:
                continue
            after = self.suit(pattern - mask, banned, jcap)
            top = min(kmax, jcap)
            for k in range(kmin, top + 1):
                row = step
                kind = 1 if pure and k == 0 else 0
                for key, v in after.items():
                    k2 = (key >> 8) + k
                    if k2 > jcap:
                        continue
                    q = row[(key >> 1) & 127][kind]
                    new = k2 << 8 | q << 1 | (key & 1)
                    if v < get(new, INF):
                        out[new] = v
        return out

    def set_options(
        self, counts: tuple[int, ...], jcap: int
    ) -> list[tuple[tuple[int, ...], int, int]]:
        """Every collection of sets from one rank's ``counts`` per suit:
        (counts used per suit, fewest jokers, most jokers)."""
        key = (counts, jcap)
        found = self.set_memo.get(key)
        if found is not None:
            return found
        _count_entry()
        rules = self.rules
        limit = [1 if rules.set_distinct_suits else c for c in counts]
        shapes: list[tuple[tuple[int, ...], int, int]] = []
        for take in _product(limit):
            n = sum(take)
            if n < 2 or n > self.max_set:
                continue
            kmin = max(0, rules.min_set - n)
            if kmin > jcap:
                continue
            kmax = kmin if self.lean else self.max_set - n
            shapes.append((take, kmin, kmax))
        result: list[tuple[tuple[int, ...], int, int]] = []

        def grow(i: int, used: tuple[int, ...], kmin: int, kmax: int) -> None:
            result.append((used, kmin, kmax))
            for j in range(i, len(shapes)):
                take, a, b = shapes[j]
                new = tuple(u + t for u, t in zip(used, take, strict=True))
                if kmin + a > jcap or any(
                    u > c for u, c in zip(new, counts, strict=True)
                ):
                    continue
                grow(j, new, kmin + a, kmax + b)

        grow(0, (0, 0, 0, 0), 0, 0)
        self.set_memo[key] = result
        return result


def _by_value(item: tuple[int, int]) -> tuple[int, int]:
    return item[1], item[0]


def _product(limits: list[int]) -> list[tuple[int, ...]]:
    result: list[tuple[int, ...]] = [()]
    for n in limits:
        result = [(*t, i) for t in result for i in range(n + 1)]
    return result


_TABLES: dict[tuple[MeldRules, PointValues, int, Requirement | None], Tables] = {}


def tables(
    rules: MeldRules, points: PointValues, wild: int, requirement: Requirement | None
) -> Tables:
    """The tables for these rules, built on first use."""
    global _entries
    key = (rules, points, wild, requirement)
    found = _TABLES.pop(key, None)
    if found is None:
        found = Tables(rules, points, wild, requirement)
        if len(_TABLES) >= TABLES_KEPT:
            dropped = _TABLES.pop(next(iter(_TABLES)))
            _entries = max(0, _entries - dropped.entries())
    _TABLES[key] = found  # the most recently used last
    return found


def value(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    wild_rank: Rank | None,
    requirement: Requirement | None,
    forbidden: frozenset[int] | None,
    bound: int = INF,
) -> int:
    """The least points of the hand (after a discard unless ``forbidden`` is
    ``None``), over groupings that meet the requirement, or ``bound`` if none
    scores less.
    """
    wild = -1 if wild_rank is None else int(wild_rank) - 1
    t = tables(rules, points, wild, requirement)
    counts = Counter(codes)
    printed = counts.pop(JOKER_CODE, 0)
    discarding = forbidden is not None
    banned_codes = forbidden or frozenset()
    wild_codes = sorted(code for code in counts if code % 13 == wild)
    naturals = {code: n for code, n in counts.items() if code % 13 != wild}
    jcap = printed + sum(counts[code] for code in wild_codes)
    every_rank = sum(_UNIT)
    banned = [0, 0, 0, 0] if discarding else [every_rank] * 4
    for code in banned_codes:
        if 0 <= code < 52:
            banned[code // 13] |= _UNIT[code % 13]
    printed_throwable = printed > 0 and JOKER_CODE not in banned_codes
    best = bound
    for take in _product([counts[code] for code in wild_codes]):
        held = dict(naturals)
        pool = printed
        pool_throwable = printed_throwable
        for code, natural in zip(wild_codes, take, strict=True):
            if natural:
                held[code] = natural
            if counts[code] > natural:
                pool += counts[code] - natural
                if code not in banned_codes:
                    pool_throwable = True
        found = _designated(
            t, held, pool, discarding, discarding and pool_throwable, banned, jcap, best
        )
        if found < best:
            best = found
            if best == 0:
                break
    return best


def _designated(
    t: Tables,
    held: dict[int, int],
    jokers: int,
    discarding: bool,
    joker_throwable: bool,
    banned: list[int],
    jcap: int,
    bound: int,
) -> int:
    """The best value with the natural cards ``held`` and ``jokers`` in the pool."""
    patterns = [0, 0, 0, 0]
    by_rank: dict[int, list[int]] = {}
    for code, n in held.items():
        s, r = divmod(code, 13)
        patterns[s] += n * _UNIT[r]
        by_rank.setdefault(r, [0, 0, 0, 0])[s] = n
    # Sets: per rank with two natural cards or more, each collection of sets.
    rank_options: list[tuple[int, list[tuple[tuple[int, ...], int, int]]]] = []
    for r, per_suit in by_rank.items():
        if sum(per_suit) >= 2:
            options = t.set_options(tuple(per_suit), jokers)
            if len(options) > 1:
                rank_options.append((r, options))
    progress = t.progress
    add = progress.add
    accept = progress.accept
    jpts = t.jpts
    best = bound
    size = 1
    for _, options in rank_options:
        size *= len(options)
    if size > MAX_CHOICES:
        raise TooManySets
    for choice in _choices(rank_options):
        rest = list(patterns)
        kmin = kmax = 0
        for r, (used, a, b) in choice:
            kmin += a
            kmax += b
            for s in range(4):
                if used[s]:
                    rest[s] -= used[s] * _UNIT[r]
        if kmin > jokers:
            continue
        # Each suit table lists its entries from the fewest points up.
        suit_tables = [t.suit(p, banned[s], jcap) for s, p in enumerate(rest) if p]
        lows = [next(iter(table.values())) for table in suit_tables]
        still = sum(lows)
        if still >= best:
            continue  # no combination can beat the best so far
        # Min-plus over the suits: key (k << 8 | q << 1 | d).  Spare jokers
        # only add points, so partial sums at or above the bound are dropped.
        combined: dict[int, int] = {kmin << 8: 0}
        if kmax > kmin:
            for k in range(kmin + 1, min(kmax, jokers) + 1):
                combined[k << 8] = 0
        for table, low in zip(suit_tables, lows, strict=True):
            still -= low
            limit = best - still
            merged: dict[int, int] = {}
            get = merged.get
            for key_a, va in combined.items():
                if va + low >= limit:
                    continue
                ka = key_a >> 8
                da = key_a & 1
                row = add[(key_a >> 1) & 127]
                for key_b, vb in table.items():
                    v = va + vb
                    if v >= limit:
                        break
                    k = ka + (key_b >> 8)
                    if k > jokers:
                        continue
                    d = da + (key_b & 1)
                    if d > 1:
                        continue
                    key = k << 8 | row[(key_b >> 1) & 127] << 1 | d
                    if v < get(key, INF):
                        merged[key] = v
            combined = merged
            if not combined:
                break
        for key, v in combined.items():
            k = key >> 8
            if not accept[(key >> 1) & 127]:
                continue
            spare = jokers - k
            if discarding:
                if key & 1:
                    total = v + spare * jpts
                elif joker_throwable and spare > 0:
                    total = v + (spare - 1) * jpts
                else:
                    continue
            else:
                if key & 1:
                    continue
                total = v + spare * jpts
            if total < best:
                best = total
        if best == 0:
            break
    return best


def _choices(
    rank_options: list[tuple[int, list[tuple[tuple[int, ...], int, int]]]],
) -> list[list[tuple[int, tuple[tuple[int, ...], int, int]]]]:
    result: list[list[tuple[int, tuple[tuple[int, ...], int, int]]]] = [[]]
    for r, options in rank_options:
        result = [[*chosen, (r, option)] for chosen in result for option in options]
    # The most cards in sets first: good groupings early make the bound bite.
    result.sort(key=_set_cards, reverse=True)
    return result


def _set_cards(chosen: list[tuple[int, tuple[tuple[int, ...], int, int]]]) -> int:
    return sum(sum(used) for _, (used, _, _) in chosen)
