"""The general exact search: duplicates, printed jokers, wild cards, requirements.

A hand is a vector of counts, one field per distinct natural card it holds,
packed three bits a field into one integer (two bits of count and a guard
bit), plus a number of jokers.  A meld is such a vector plus a number of
joker slots; it fits a state when no field would go below zero, which one
subtraction with the guard bits set tells (the SWAR trick).

The search always settles the lowest remaining card first: it is deadwood,
the discard, or the lowest card of a meld.  Every grouping is reached this
way, and identical cards, being one field, never make two branches.  Wild
cards are first *designated*: each copy either stands as a natural card (a
field) or joins the joker pool.  Requirement progress (how many runs, pure
or not, long or not) is part of the search state, so the requirement is
checked exactly, not by trial.

Everything here is private; :mod:`rummykit.partition` wraps it in objects.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import combinations, compress, product

from rummykit.cards import JOKER_CODE, Card, Rank
from rummykit.errors import InvalidMeldError
from rummykit.melds import Meld, MeldKind, MeldRules
from rummykit.partition._types import INF, PointValues, Requirement

# A requirement tracker counts runs of four kinds, each count capped.
_PURE_SHORT, _PURE_LONG, _IMPURE_SHORT, _IMPURE_LONG = range(4)


class Progress:
    """Transition and acceptance tables for one :class:`Requirement`."""

    def __init__(self, requirement: Requirement | None) -> None:
        self.active = requirement is not None and requirement.needs_sequences
        self._lacks: tuple[list[bool], list[bool]] | None = None
        if requirement is None or not self.active:
            self.cap = 0
            self.long = 99
            self.accept = [True]
            self.step: list[list[int]] = [[0, 0, 0, 0]]
            return
        self.cap = cap = max(requirement.witness_sizes())
        self.long = requirement.long_sequence or 99
        base = cap + 1
        size = base**4
        self.step = [[0] * 4 for _ in range(size)]
        self.accept = [False] * size
        long = requirement.long_sequence or 0
        shapes = ((0, True), (long, True), (0, False), (long, False))
        for q in range(size):
            counts = [(q // base**i) % base for i in range(4)]
            for kind in range(4):
                bumped = counts[:]
                bumped[kind] = min(cap, bumped[kind] + 1)
                self.step[q][kind] = sum(c * base**i for i, c in enumerate(bumped))
            lives = [shapes[kind] for kind in range(4) for _ in range(counts[kind])]
            self.accept[q] = any(
                requirement.accepts(group)
                for n in requirement.witness_sizes()
                for group in combinations(lives, n)
            )

    def lacks(self) -> tuple[list[bool], list[bool]]:
        """For each state: whether it can only be accepted after one more pure
        run, and whether only after one more run of any kind."""
        if self._lacks is None:
            self._lacks = self._compute_lacks()
        return self._lacks

    def _compute_lacks(self) -> tuple[list[bool], list[bool]]:
        size = len(self.accept)
        lacks_pure = [False] * size
        lacks_run = [False] * size
        if not self.active:
            return lacks_pure, lacks_run
        for q in range(size):
            if self.accept[q]:
                continue
            # Would any run that is not pure be enough on its own to finish?
            impure_help = any(
                self.accept[self.step[q][kind]]
                for kind in (_IMPURE_SHORT, _IMPURE_LONG)
            )
            reachable_impure = self._reachable(q, (_IMPURE_SHORT, _IMPURE_LONG))
            lacks_pure[q] = not reachable_impure and not impure_help
            lacks_run[q] = True
        return lacks_pure, lacks_run

    def _reachable(self, q: int, kinds: tuple[int, ...]) -> bool:
        """Whether adding runs of only ``kinds`` can ever reach acceptance."""
        seen = {q}
        frontier = [q]
        while frontier:
            state = frontier.pop()
            if self.accept[state]:
                return True
            for kind in kinds:
                nxt = self.step[state][kind]
                if nxt not in seen:
                    seen.add(nxt)
                    frontier.append(nxt)
        return False

    def kind(self, length: int, pure: bool) -> int:
        long = length >= self.long
        if pure:
            return _PURE_LONG if long else _PURE_SHORT
        return _IMPURE_LONG if long else _IMPURE_SHORT


#: How many requirements' progress tables are kept, least recently used
#: dropped first.
PROGRESS_KEPT = 32


@lru_cache(maxsize=PROGRESS_KEPT)
def _progress(requirement: Requirement | None) -> Progress:
    return Progress(requirement)


def _released(state: int, jokers: int, discard: int, q: int) -> int:
    raise RuntimeError("this search was released and answers nothing more")


class Record:
    """One candidate meld: natural counts, joker slots, and its shape."""

    __slots__ = ("fields", "is_run", "kmax", "kmin", "mask", "naturals", "pure0")

    def __init__(
        self,
        mask: int,
        fields: tuple[int, ...],
        kmin: int,
        kmax: int,
        is_run: bool,
        pure0: bool,
    ) -> None:
        self.mask = mask
        self.fields = fields
        self.naturals = len(fields)
        self.kmin = kmin
        self.kmax = kmax
        self.is_run = is_run
        self.pure0 = pure0


class Search:
    """The exact search for one hand under one set of rules."""

    def __init__(
        self,
        codes: tuple[int, ...],
        rules: MeldRules,
        points: PointValues,
        wild_rank: Rank | None,
        requirement: Requirement | None,
        forbidden: frozenset[int] = frozenset(),
        *,
        lean: bool = True,
    ) -> None:
        self.rules = rules
        self.points = points
        self.wild_rank = wild_rank
        self.forbidden = forbidden
        counts = Counter(codes)
        self.printed = counts.pop(JOKER_CODE, 0)
        wild_index = None if wild_rank is None else int(wild_rank) - 1
        self.field_codes = tuple(sorted(counts))
        self.field_counts = tuple(counts[code] for code in self.field_codes)
        self.field_wild = tuple(code % 13 == wild_index for code in self.field_codes)
        self.field_value = tuple(
            points.joker if wild else points.ranks[code % 13]
            for code, wild in zip(self.field_codes, self.field_wild, strict=True)
        )
        self.units = tuple(1 << (3 * f) for f in range(len(self.field_codes)))
        self.guard = sum(4 << (3 * f) for f in range(len(self.field_codes)))
        self.max_jokers = self.printed + sum(
            n
            for n, wild in zip(self.field_counts, self.field_wild, strict=True)
            if wild
        )
        self.progress = _progress(requirement)
        self.lean = (
            lean
            and points.joker == 0
            and (requirement is None or requirement.long_sequence is None)
        )
        self.by_low: list[list[Record]] = [[] for _ in self.field_codes]
        self.joker_runs: list[Record] = []
        self._generate()
        meldable = {
            f for records in self.by_low for record in records for f in record.fields
        }
        self.isolated_fields = tuple(
            f for f in range(len(self.field_codes)) if f not in meldable
        )
        self.isolated = sum(7 << (3 * f) for f in self.isolated_fields)
        self.memo: dict[int, int] = {}
        #: Each field's records as (mask, ((jokers, kind), ...)), read by the
        #: exact and the bounded search's hot loops.
        kind = self._kind
        self.flat = [
            [
                (
                    record.mask,
                    ((record.kmin, kind(record, record.kmin)),)
                    if record.kmin == record.kmax  # always, in the lean search
                    else tuple(
                        (k, kind(record, k))
                        for k in range(record.kmin, record.kmax + 1)
                    ),
                )
                for record in records
            ]
            for records in self.by_low
        ]
        self.value = self._compile()
        #: The bounded search's memo: a value, or the complement of a bound
        #: the value is not below.
        self.bounded_memo: dict[int, int] = {}
        self._bounded_value: Callable[[int, int, int, int, int], int] | None = None
        # Wild cards may join the joker pool, so when no printed joker or wild
        # card is forbidden, any joker in the pool may be thrown.
        self.jokerlike_free = JOKER_CODE not in forbidden and not any(
            wild and code in forbidden
            for code, wild in zip(self.field_codes, self.field_wild, strict=True)
        )
        self.joker_discard_ok = (self.printed > 0 and JOKER_CODE not in forbidden) or (
            self.jokerlike_free and any(self.field_wild)
        )
        self.natural_budget = self._natural_budget()

    def __enter__(self) -> Search:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()

    def release(self) -> None:
        """Break the reference cycles of the compiled searches, once done.

        :meth:`value` and the bounded search are closures that call
        themselves and read this object's tables, so each is a cycle that
        only the cyclic garbage collector would free; broken here, the
        search and its tables are freed as soon as the caller drops them
        (``with Search(...) as search:`` does it on leaving the block).
        The search answers nothing more afterwards.
        """
        for compiled in (self.value, self._bounded_value):
            for cell in getattr(compiled, "__closure__", None) or ():
                if cell.cell_contents is compiled:
                    cell.cell_contents = None
        self.value = _released
        self._bounded_value = None

    # -- candidate melds ---------------------------------------------------

    def _generate(self) -> None:
        rules = self.rules
        jmax = self.max_jokers
        meld_limit = (
            INF if rules.max_jokers_per_meld is None else rules.max_jokers_per_meld
        )
        run_limit = min(
            meld_limit,
            INF if rules.max_jokers_per_run is None else rules.max_jokers_per_run,
        )
        min_naturals = max(1, rules.min_naturals_per_meld)
        by_rank: dict[int, list[int]] = {}
        by_suit: dict[int, list[int]] = {}
        for f, code in enumerate(self.field_codes):
            by_rank.setdefault(code % 13, []).append(f)
            by_suit.setdefault(code // 13, []).append(f)
        # Sets: a choice of copies per field of one rank.
        max_set = INF if rules.max_set is None else rules.max_set
        for fields in by_rank.values():
            limits = [
                1 if rules.set_distinct_suits else self.field_counts[f] for f in fields
            ]
            for take in product(*(range(n + 1) for n in limits)):
                n = sum(take)
                if n < min_naturals or n > max_set:
                    continue
                kmin = max(0, rules.min_set - n)
                kmax = min(jmax, meld_limit, max_set - n)
                if kmin > kmax:
                    continue
                chosen = (
                    tuple(compress(fields, take))
                    if rules.set_distinct_suits  # one copy of each field
                    else tuple(
                        f for f, t in zip(fields, take, strict=True) for _ in range(t)
                    )
                )
                self._add(chosen, kmin, kmax, is_run=False)
        # Runs: a set of distinct ranks of one suit, one copy each.
        longest = rules.longest_run
        for fields in by_suit.values():
            runs: dict[tuple[int, ...], int] = {}
            for line in self._lines(fields):
                self._grow(line, 0, 0, (), True, runs, min_naturals, jmax, longest)
            for chosen, kmin in runs.items():
                kmax = min(jmax, run_limit, longest - len(chosen))
                if kmin <= kmax:
                    self._add(chosen, kmin, kmax, is_run=True)
        if rules.golden_rummy:
            for f, count in enumerate(self.field_counts):
                if count >= 3:
                    self.by_low[f].append(
                        Record(3 * self.units[f], (f, f, f), 0, 0, True, True)
                    )
        if rules.min_naturals_per_meld == 0:
            low = rules.min_run
            high = min(longest, run_limit, jmax)
            if low <= high:
                self.joker_runs.append(Record(0, (), low, high, True, False))

    def _add(
        self, chosen: tuple[int, ...], kmin: int, kmax: int, *, is_run: bool
    ) -> None:
        if self.lean:
            # Jokers score nothing unmelded and no run need be long, so a meld
            # never gains by taking more jokers than it needs (more would
            # only make a pure run impure and starve another meld).
            kmax = kmin
        units = self.units
        field_wild = self.field_wild
        mask = 0
        wild = False
        for f in chosen:
            mask += units[f]
            wild = wild or field_wild[f]
        pure0 = not wild or self.rules.wild_natural_is_pure
        self.by_low[min(chosen)].append(Record(mask, chosen, kmin, kmax, is_run, pure0))

    def _lines(self, fields: list[int]) -> list[list[tuple[int, int]]]:
        """The suit's cards as (position, field) on each line a run may use.

        Without wrap there is one line, the ace at 1 and/or 14; with wrap the
        line is laid out twice so that a window may cross the king.
        """
        rules = self.rules
        placed: list[tuple[int, int]] = []
        for f in fields:
            rank = self.field_codes[f] % 13 + 1
            if rules.wrap:
                placed += [(rank, f), (rank + 13, f)]
            elif rank == 1:
                if rules.ace_low:
                    placed.append((1, f))
                if rules.ace_high:
                    placed.append((14, f))
            else:
                placed.append((rank, f))
        return [sorted(placed)]

    def _grow(
        self,
        line: list[tuple[int, int]],
        start: int,
        first: int,
        chosen: tuple[int, ...],
        ordered: bool,
        runs: dict[tuple[int, ...], int],
        min_naturals: int,
        jmax: int,
        longest: int,
    ) -> None:
        """Add every run-shaped subset of ``line`` that extends ``chosen``
        (its fields, the lowest at position ``first``; ``ordered`` when they
        are in increasing order, as they are unless an ace is high)."""
        n = len(chosen) + 1
        min_run = self.rules.min_run
        for i in range(start, len(line)):
            position, field = line[i]
            if chosen:
                if position - first >= longest:
                    break
                if field in chosen:
                    continue
                span = position - first + 1
                in_order = ordered and field > chosen[-1]
            else:
                first = position
                span = 1
                in_order = True
            if span - n > jmax:  # more gaps than jokers
                break
            grown = (*chosen, field)
            if n >= min_naturals:
                kmin = max(span, min_run) - n
                key = grown if in_order else tuple(sorted(grown))
                if kmin <= jmax and (key not in runs or kmin < runs[key]):
                    runs[key] = kmin
            if n < longest:
                self._grow(
                    line,
                    i + 1,
                    first,
                    grown,
                    in_order,
                    runs,
                    min_naturals,
                    jmax,
                    longest,
                )

    # -- the search ----------------------------------------------------------

    def _natural_budget(self) -> tuple[frozenset[int], int] | None:
        """When it is safe, narrow the designations of the wild cards.

        In the lean search (jokers score nothing unmelded, no long run asked
        for), with no limit on jokers per meld and at most one natural card
        required per meld, a wild card standing as itself gains nothing over
        the same card as a joker standing for it, except in two cases: a pure
        run, and a meld with no other natural card.  So the wild cards that
        could be in a candidate pure run are designated every way, and of the
        others at most one copy per possible all-wild meld stands as itself.
        Without a requirement neither case counts: purity is worth nothing,
        and an all-wild meld is worth no more than its cards left in the joker
        pool (they score nothing there), so every wild card joins the pool,
        the first designation :meth:`start_states` tries, which therefore
        reaches the least value whenever the others could.  Discarding a wild
        card from the joker pool must then be allowed, so no joker-like card
        may be forbidden.  Returns (the freely designated fields, the budget
        of the others), or ``None`` to try every designation.
        """
        rules = self.rules
        if not (
            self.lean
            and any(self.field_wild)
            and rules.max_jokers_per_meld is None
            and rules.max_jokers_per_run is None
            and rules.min_naturals_per_meld <= 1
            and not rules.golden_rummy
            and self.jokerlike_free
        ):
            return None
        if not self.progress.active:
            # Without a requirement purity counts for nothing: a wild card as
            # a joker standing for itself does all it does as itself, and an
            # all-wild meld no more than its cards unmelded in the pool.
            return frozenset(), 0
        free = frozenset(
            f
            for records in self.by_low
            for record in records
            if record.is_run and record.pure0 and record.kmin == 0
            for f in record.fields
            if self.field_wild[f]
        )
        if rules.min_naturals_per_meld == 0:
            return free, 0
        smallest = max(1, min(rules.min_set, rules.min_run))
        return free, self.max_jokers // smallest

    def start_states(self) -> Iterator[tuple[int, int, tuple[int, ...]]]:
        """Each designation of the wild cards: (state, jokers, naturals per field)."""
        wild_fields = [f for f, wild in enumerate(self.field_wild) if wild]
        fixed = sum(
            self.units[f] * n
            for f, n in enumerate(self.field_counts)
            if not self.field_wild[f]
        )
        narrow = self.natural_budget
        for take in product(*(range(self.field_counts[f] + 1) for f in wild_fields)):
            if narrow is not None:
                free, budget = narrow
                used = sum(
                    t for f, t in zip(wild_fields, take, strict=True) if f not in free
                )
                if used > budget:
                    continue
            state = fixed + sum(
                self.units[f] * t for f, t in zip(wild_fields, take, strict=True)
            )
            jokers = self.printed + sum(
                self.field_counts[f] - t for f, t in zip(wild_fields, take, strict=True)
            )
            yield state, jokers, take

    def _compile(self) -> Callable[[int, int, int, int], int]:
        """Build :meth:`value`'s hot loop as a closure over flat tables.

        It repeats :meth:`options` inline, without generators or attribute
        look-ups; :meth:`options` is what groupings are rebuilt from, and the
        tests hold the two to the same answers.
        """
        memo = self.memo
        units = self.units
        field_value = self.field_value
        discardable = tuple(code not in self.forbidden for code in self.field_codes)
        guard = self.guard
        step = self.progress.step
        q_bits = max(1, len(self.progress.accept).bit_length())
        flat = self.flat
        joker_options = self._joker_options
        # Requirement pruning: a state that still lacks a pure run (or a run)
        # none of whose candidates fits can never meet the requirement.
        lacks_pure, lacks_run = self.progress.lacks()
        # Kept for the bounded search, which prunes the same way.
        self.run_masks = pure_runs, runs = self._run_masks()

        def value(state: int, jokers: int, discard: int, q: int) -> int:
            key = (((state << 6 | jokers) << 1 | discard) << q_bits) | q
            cached = memo.get(key)
            if cached is not None:
                return cached
            if state == 0:
                best = INF
                for option in joker_options(jokers, discard, q):
                    if option[5] < best:
                        best = option[5]
                memo[key] = best
                return best
            field = ((state & -state).bit_length() - 1) // 3
            if lacks_run[q]:
                fits = state | guard
                for kmin, mask in pure_runs if lacks_pure[q] else runs:
                    if kmin <= jokers and (fits - mask) & guard == guard:
                        break
                else:
                    memo[key] = INF
                    return INF
            rest = state - units[field]
            best = field_value[field] + value(rest, jokers, discard, q)
            if not discard and discardable[field]:
                other = value(rest, jokers, 1, q)
                if other < best:
                    best = other
            for mask, ways in flat[field]:
                if ((state | guard) - mask) & guard != guard:
                    continue
                after = state - mask
                for k, kind in ways:
                    if k > jokers:
                        break
                    other = value(
                        after, jokers - k, discard, q if kind < 0 else step[q][kind]
                    )
                    if other < best:
                        best = other
            memo[key] = best
            return best

        return value

    def _kind(self, record: Record, k: int) -> int:
        """The requirement kind a meld adds, or -1 when it adds nothing."""
        if not (self.progress.active and record.is_run):
            return -1
        return self.progress.kind(record.naturals + k, record.pure0 and k == 0)

    def options(
        self, state: int, jokers: int, discard: int, q: int
    ) -> Iterator[tuple[str, int, Record | None, int, int, int]]:
        """Every way to settle the lowest card: (kind, field, record, k, q', value)."""
        progress = self.progress
        if state == 0:
            yield from self._joker_options(jokers, discard, q)
            return
        field = ((state & -state).bit_length() - 1) // 3
        rest = state - self.units[field]
        yield (
            "dead",
            field,
            None,
            0,
            q,
            self.field_value[field] + self.value(rest, jokers, discard, q),
        )
        if not discard and self.field_codes[field] not in self.forbidden:
            yield "discard", field, None, 0, q, self.value(rest, jokers, 1, q)
        guard = self.guard
        for record in self.by_low[field]:
            mask = record.mask
            if ((state | guard) - mask) & guard != guard:
                continue
            after = state - mask
            top = min(record.kmax, jokers)
            for k in range(record.kmin, top + 1):
                kind = self._kind(record, k)
                q2 = q if kind < 0 else progress.step[q][kind]
                yield (
                    "meld",
                    field,
                    record,
                    k,
                    q2,
                    self.value(after, jokers - k, discard, q2),
                )

    def _joker_options(
        self, jokers: int, discard: int, q: int
    ) -> Iterator[tuple[str, int, Record | None, int, int, int]]:
        progress = self.progress
        if not discard:
            if jokers and self.joker_discard_ok:
                yield "discard", -1, None, 0, q, self.value(0, jokers - 1, 1, q)
            return
        if progress.accept[q]:
            yield "dead", -1, None, 0, q, jokers * self.points.joker
        if self.rules.min_naturals_per_meld == 0 and jokers:
            yield from self._all_joker_melds(jokers, q)

    def _all_joker_melds(
        self, jokers: int, q: int
    ) -> Iterator[tuple[str, int, Record | None, int, int, int]]:
        rules = self.rules
        limit = INF if rules.max_jokers_per_meld is None else rules.max_jokers_per_meld
        sizes = set()
        max_set = INF if rules.max_set is None else rules.max_set
        for k in range(rules.min_set, min(max_set, limit, jokers) + 1):
            sizes.add(k)
        for k in sorted(sizes):
            # An all-joker set never counts towards a requirement.
            yield "jokers", -1, None, k, q, self.value(0, jokers - k, 1, q)
        for record in self.joker_runs:
            for k in range(record.kmin, min(record.kmax, jokers) + 1):
                q2 = self.progress.step[q][self.progress.kind(k, False)]
                yield "meld", -1, record, k, q2, self.value(0, jokers - k, 1, q2)

    def top(
        self, state: int, jokers: int, discarding: bool
    ) -> list[tuple[int, int, int, int]]:
        """The ways to start: (value, core state, core discard flag, thrown field).

        Cards that belong to no candidate meld can only be deadwood or the
        discard, so they are settled here, outside the search: this keeps
        them from multiplying its states.  ``thrown`` is the isolated field
        discarded, or -1.
        """
        iso = state & self.isolated
        core = state - iso
        if not iso:
            return [
                (
                    self.value(core, jokers, 0 if discarding else 1, 0),
                    core,
                    0 if discarding else 1,
                    -1,
                )
            ]
        total = 0
        best_value = -1
        throws: list[int] = []
        for f in self.isolated_fields:
            count = (iso >> (3 * f)) & 3
            if count:
                total += count * self.field_value[f]
                if self.field_codes[f] in self.forbidden:
                    continue
                if self.field_value[f] > best_value:
                    best_value = self.field_value[f]
                    throws = [f]
                elif self.field_value[f] == best_value:
                    throws.append(f)
        if not discarding:
            return [(total + self.value(core, jokers, 1, 0), core, 1, -1)]
        ways = [(total + self.value(core, jokers, 0, 0), core, 0, -1)]
        rest = self.value(core, jokers, 1, 0) if throws else INF
        # The costliest isolated cards tie as discards; the last is tried first.
        for thrown in reversed(throws):
            ways.append((total - best_value + rest, core, 1, thrown))
        return ways

    def hopeless(self) -> bool:
        """Whether no grouping can meet the requirement: no pure run to be had."""
        if not self.progress.active or self.progress.accept[0]:
            return False
        lacks_pure, _ = self.progress.lacks()
        if not lacks_pure[0]:
            return False
        return not any(
            record.is_run and record.pure0 and record.kmin == 0
            for records in self.by_low
            for record in records
        )

    # -- the bounded search ----------------------------------------------------

    def bounded_applies(self) -> bool:
        """Whether :meth:`least` and :meth:`first` may be used: no card or
        joker scores below zero, so a partial grouping's points only grow."""
        return self.points.joker >= 0 and min(self.points.ranks) >= 0

    def _bounded(self) -> Callable[[int, int, int, int, int], int]:
        """:meth:`value` with a bound: ``bounded(state, jokers, discard, q,
        alpha)`` is the exact value when it is below ``alpha``, and otherwise
        a number at least ``alpha`` that the value is not below.

        Melds are tried before deadwood, so good groupings come early and
        their points bound the rest: a card worth more than what is left of
        the bound is never tried as deadwood.  A state settled only as "at
        least ``alpha``" and met again with a higher bound is settled again
        without one, so no state is searched more than twice and the work
        stays within twice the exact search's.
        """
        if self._bounded_value is not None:
            return self._bounded_value
        memo = self.bounded_memo
        units = self.units
        field_value = self.field_value
        discardable = tuple(code not in self.forbidden for code in self.field_codes)
        guard = self.guard
        step = self.progress.step
        q_bits = max(1, len(self.progress.accept).bit_length())
        flat = self.flat
        lacks_pure, lacks_run = self.progress.lacks()
        pure_runs, runs = self.run_masks
        exact = self.value

        def bounded(state: int, jokers: int, discard: int, q: int, alpha: int) -> int:
            key = (((state << 6 | jokers) << 1 | discard) << q_bits) | q
            entry = memo.get(key)
            if entry is not None:
                if entry >= 0:
                    return entry
                if ~entry >= alpha:
                    return ~entry
                alpha = INF  # met again with a higher bound: settle it exactly
            if state == 0:
                best = exact(0, jokers, discard, q)
                memo[key] = best
                return best
            field = ((state & -state).bit_length() - 1) // 3
            if lacks_run[q]:
                fits = state | guard
                for kmin, mask in pure_runs if lacks_pure[q] else runs:
                    if kmin <= jokers and (fits - mask) & guard == guard:
                        break
                else:
                    memo[key] = INF
                    return INF
            best = INF
            for mask, ways in flat[field]:
                if ((state | guard) - mask) & guard != guard:
                    continue
                after = state - mask
                for k, kind in ways:
                    if k > jokers:
                        break
                    other = bounded(
                        after,
                        jokers - k,
                        discard,
                        q if kind < 0 else step[q][kind],
                        best if best < alpha else alpha,
                    )
                    if other < best:
                        if other == 0:
                            # Nothing scores less; and no call may be made
                            # with a bound of 0, whose answer "at least 0"
                            # would read as the exact value 0.
                            memo[key] = 0
                            return 0
                        best = other
            rest = state - units[field]
            if not discard and discardable[field]:
                other = bounded(rest, jokers, 1, q, best if best < alpha else alpha)
                if other < best:
                    best = other
            cost = field_value[field]
            limit = best if best < alpha else alpha
            if cost < limit:
                other = cost + bounded(rest, jokers, discard, q, limit - cost)
                if other < best:
                    best = other
            if best < alpha:
                memo[key] = best
                return best
            # Every way scores at least ``alpha``: stored as its complement.
            memo[key] = ~alpha
            return alpha

        self._bounded_value = bounded
        return bounded

    def _run_masks(
        self,
    ) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
        """The candidate pure runs and runs as (fewest jokers, mask), for the
        requirement prune: a state that still lacks a pure run (or a run) can
        only meet the requirement if one of them fits it.  (Cards are never
        added back and jokers never come back, so once none fits, none ever
        will.)  An all-joker run has an empty mask: it fits any state with
        enough jokers."""
        pure_runs = tuple(
            (0, record.mask)
            for records in self.by_low
            for record in records
            if record.is_run and record.pure0 and record.kmin == 0
        )
        runs = tuple(
            (record.kmin, record.mask)
            for records in self.by_low
            for record in records
            if record.is_run
        ) + tuple((record.kmin, 0) for record in self.joker_runs)
        return pure_runs, runs

    def first(
        self, discard: bool, alpha: int = INF
    ) -> tuple[
        int, list[tuple[str, int, Record | None, int]], tuple[int, ...], int, int
    ]:
        """The least value below ``alpha`` and one grouping that reaches it,
        by the bounded search: (value, steps, wild designation, start state,
        isolated field thrown).  The value is ``INF`` (and the rest empty)
        when none is below ``alpha``.  Only where :meth:`bounded_applies`.
        """
        bounded = self._bounded()
        found = alpha
        chosen: tuple[tuple[int, ...], int, int, int, int, int] | None = None
        if not self.hopeless():
            for state, jokers, take in self.start_states():
                for extra, core, flag, thrown in self._tops(state, discard):
                    if extra >= found:
                        continue
                    value = extra + bounded(core, jokers, flag, 0, found - extra)
                    if value < found:
                        found = value
                        chosen = (take, state, jokers, core, flag, thrown)
        if chosen is None:
            return INF, [], (), 0, -1
        take, state, jokers, core, flag, thrown = chosen
        target = found - self._tops_extra(state, discard, flag, thrown)
        return found, self._steps(core, jokers, flag, target), take, state, thrown

    def least(self, discard: bool, alpha: int = INF) -> int:
        """The least value if it is below ``alpha``, else a number at least
        ``alpha``: :meth:`best` by the bounded search."""
        bounded = self._bounded()
        if self.hopeless():
            return INF
        found = alpha
        for state, jokers, _ in self.start_states():
            for extra, core, flag, _ in self._tops(state, discard):
                if extra < found:
                    value = extra + bounded(core, jokers, flag, 0, found - extra)
                    if value < found:
                        found = value
        return found

    def _tops(self, state: int, discarding: bool) -> list[tuple[int, int, int, int]]:
        """:meth:`top` without the search: (points of the isolated cards
        left, core state, core discard flag, isolated field thrown)."""
        iso = state & self.isolated
        core = state - iso
        if not iso:
            return [(0, core, 0 if discarding else 1, -1)]
        total = 0
        best_value = -1
        throws: list[int] = []
        for f in self.isolated_fields:
            count = (iso >> (3 * f)) & 3
            if count:
                total += count * self.field_value[f]
                if self.field_codes[f] in self.forbidden:
                    continue
                if self.field_value[f] > best_value:
                    best_value = self.field_value[f]
                    throws = [f]
                elif self.field_value[f] == best_value:
                    throws.append(f)
        if not discarding:
            return [(total, core, 1, -1)]
        ways = [(total, core, 0, -1)]
        for thrown in reversed(throws):
            ways.append((total - best_value, core, 1, thrown))
        return ways

    def _tops_extra(self, state: int, discarding: bool, flag: int, thrown: int) -> int:
        for extra, _, flag2, thrown2 in self._tops(state, discarding):
            if flag2 == flag and thrown2 == thrown:
                return extra
        raise AssertionError("no such start")  # pragma: no cover

    def _steps(
        self, state: int, jokers: int, discard: int, target: int
    ) -> list[tuple[str, int, Record | None, int]]:
        """One list of steps from here that reaches ``target``, the exact
        value, asking the bounded search for each way's value in turn."""
        bounded = self._bounded()
        units = self.units
        guard = self.guard
        progress = self.progress
        steps: list[tuple[str, int, Record | None, int]] = []
        q = 0
        while state:
            field = ((state & -state).bit_length() - 1) // 3
            found = False
            for record in self.by_low[field]:
                mask = record.mask
                if ((state | guard) - mask) & guard != guard:
                    continue
                after = state - mask
                for k in range(record.kmin, min(record.kmax, jokers) + 1):
                    kind = self._kind(record, k)
                    q2 = q if kind < 0 else progress.step[q][kind]
                    if bounded(after, jokers - k, discard, q2, target + 1) == target:
                        steps.append(("meld", field, record, k))
                        state, jokers, q = after, jokers - k, q2
                        found = True
                        break
                if found:
                    break
            if found:
                continue
            rest = state - units[field]
            if (
                not discard
                and self.field_codes[field] not in self.forbidden
                and bounded(rest, jokers, 1, q, target + 1) == target
            ):
                steps.append(("discard", field, None, 0))
                state, discard = rest, 1
                continue
            target -= self.field_value[field]
            steps.append(("dead", field, None, 0))
            state = rest
        tail = next(self.groupings(0, jokers, discard, q, target, False))
        return steps + tail

    def best(self, discard: bool) -> int:
        """The least value over every designation of the wild cards."""
        if self.hopeless():
            return INF
        found = INF
        for state, jokers, _ in self.start_states():
            for value, _, _, _ in self.top(state, jokers, discard):
                if value < found:
                    found = value
        return found

    # -- groupings -------------------------------------------------------------

    def groupings(
        self, state: int, jokers: int, discard: int, q: int, target: int, every: bool
    ) -> Iterator[list[tuple[str, int, Record | None, int]]]:
        """Every (or the first) list of steps from here that reaches ``target``."""
        for kind, field, record, k, q2, value in self.options(
            state, jokers, discard, q
        ):
            if value != target:
                continue
            step = (kind, field, record, k)
            if kind == "dead" and field < 0:
                yield [step]
            else:
                if field >= 0:
                    unit = self.units[field]
                    after = state - (record.mask if record is not None else unit)
                else:
                    after = 0
                used = k if kind in ("meld", "jokers") else (1 if field < 0 else 0)
                next_discard = 1 if kind == "discard" else discard
                next_target = target - (
                    self.field_value[field] if kind == "dead" else 0
                )
                for tail in self.groupings(
                    after, jokers - used, next_discard, q2, next_target, every
                ):
                    yield [step, *tail]
            if not every:
                return

    def isolated_cards(self, state: int, thrown: int) -> list[Card]:
        """The isolated cards of ``state``, less one copy of field ``thrown``."""
        cards = []
        for f in self.isolated_fields:
            count = (state >> (3 * f)) & 3
            if f == thrown:
                count -= 1
            cards += [Card.from_code(self.field_codes[f])] * count
        return cards

    def build(
        self, steps: list[tuple[str, int, Record | None, int]], take: tuple[int, ...]
    ) -> tuple[list[Meld], list[Card], Card | None]:
        """Turn a list of steps into melds, deadwood and the discard."""
        pool = self._joker_pool(take)
        melds: list[Meld] = []
        deadwood: list[Card] = []
        discard: Card | None = None
        for kind, field, record, k in steps:
            if kind == "dead":
                if field >= 0:
                    deadwood.append(Card.from_code(self.field_codes[field]))
                else:
                    deadwood.extend(pool)
                    pool = []
            elif kind == "discard":
                if field >= 0:
                    discard = Card.from_code(self.field_codes[field])
                else:
                    discard = pool.pop(self._pool_discard(pool))
            else:
                jokers, pool = pool[:k], pool[k:]
                naturals = (
                    []
                    if record is None
                    else [Card.from_code(self.field_codes[f]) for f in record.fields]
                )
                is_run = record.is_run if record is not None else False
                melds.append(self._meld(naturals, jokers, is_run))
        return melds, sorted(deadwood, key=lambda card: card.code), discard

    def discard_of(
        self, steps: list[tuple[str, int, Record | None, int]], take: tuple[int, ...]
    ) -> Card | None:
        """The discard :meth:`build` lays out from ``steps``, without building
        the melds: the joker pool is followed as :meth:`build` spends it."""
        pool = self._joker_pool(take)
        discard: Card | None = None
        for kind, field, _, k in steps:
            if kind == "dead":
                if field < 0:
                    pool = []
            elif kind == "discard":
                if field >= 0:
                    discard = Card.from_code(self.field_codes[field])
                else:
                    discard = pool.pop(self._pool_discard(pool))
            else:
                pool = pool[k:]
        return discard

    def _joker_pool(self, take: tuple[int, ...]) -> list[Card]:
        """The joker pool :meth:`build` spends: the wild cards that ``take``
        leaves standing as jokers, then the printed jokers.  Melds take wild
        cards first, so printed jokers stay free to discard."""
        wild_fields = [f for f, wild in enumerate(self.field_wild) if wild]
        pool: list[Card] = []
        for f, t in zip(wild_fields, take, strict=True):
            pool += [Card.from_code(self.field_codes[f])] * (self.field_counts[f] - t)
        pool += [Card.joker()] * self.printed
        return pool

    def _pool_discard(self, pool: list[Card]) -> int:
        """Which card of the joker pool to discard: a printed joker if one is
        left, else a wild card that may be thrown."""
        if Card.joker() in pool and JOKER_CODE not in self.forbidden:
            return pool.index(Card.joker())
        return next(i for i, card in enumerate(pool) if card.code not in self.forbidden)

    def _meld(self, naturals: list[Card], jokers: list[Card], is_run: bool) -> Meld:
        """Build the meld a step chose.  :meth:`Meld.build` lets wild cards
        stand as themselves where they can, so purity is reported as it is."""
        cards = tuple(naturals + jokers)
        kind = MeldKind.RUN if is_run else MeldKind.SET
        try:  # validated once, by building it
            return Meld.build(cards, self.rules, wild_rank=self.wild_rank, kind=kind)
        except (
            InvalidMeldError
        ) as error:  # pragma: no cover - only valid melds are offered
            raise AssertionError(
                f"partitioner built an invalid meld: {error}"
            ) from None
