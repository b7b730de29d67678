"""The fast path: one deck's worth of distinct natural cards, no jokers.

The hand becomes a 64-bit mask, sixteen bits a suit (rank index 0-12, three
spare bits so that shifts never carry a run across suits).  Runs never
cross suits, so once the sets are chosen each suit is solved on its own by
a table of the 8,192 patterns of thirteen ranks: ``values[p]`` is the least
deadwood of pattern ``p`` using runs alone.  Only ranks with three or more
cards can hold a set, and for each such rank only the set choices that are
not plainly worse are tried (leaving out a card that no run could use never
helps).  The tables are built once per rule set, on first use.

Everything here is private; the slow, obviously correct reference is the
brute force in the test suite.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from rummykit.cards import _CARDS, Card
from rummykit.melds import Meld, MeldKind, MeldRules, _run_windows
from rummykit.partition._types import INF, Partition, PointValues

_SUIT = 0x1FFF
_NONE: frozenset[int] = frozenset()
#: A card code's bit in the 64-bit mask.
BIT = tuple(1 << (code + 3 * (code // 13)) for code in range(52))
_SPREAD = tuple(
    sum(1 << (16 * s) for s in range(4) if sub >> s & 1) for sub in range(16)
)


def _popcount(x: int) -> int:
    return x.bit_count()


class Tables:
    """The per-rule-set tables: run values, run choices, set options."""

    def __init__(self, rules: MeldRules, points: PointValues) -> None:
        self.min_set = max(rules.min_set, rules.min_naturals_per_meld)
        self.max_set = 4 if rules.max_set is None else min(rules.max_set, 4)
        min_run = max(rules.min_run, rules.min_naturals_per_meld)
        longest = rules.longest_run
        runs: list[tuple[int, ...]] = []
        for size in range(min_run, longest + 1):
            for window in _run_windows(size, rules):
                runs.append(tuple(rank - 1 for rank in window))
        self.run_order = {sum(1 << r for r in run): run for run in runs}
        by_low: list[list[int]] = [[] for _ in range(13)]
        for mask in self.run_order:
            by_low[(mask & -mask).bit_length() - 1].append(mask)
        shortest = [mask for mask, run in self.run_order.items() if len(run) == min_run]
        values = [0] * 8192
        choice = [0] * 8192
        capable = [0] * 8192
        rank_points = points.ranks
        for p in range(1, 8192):
            low = p & -p
            index = low.bit_length() - 1
            best = rank_points[index] + values[p ^ low]
            pick = 0
            for mask in by_low[index]:
                if mask & p == mask and values[p ^ mask] < best:
                    best = values[p ^ mask]
                    pick = mask
            values[p] = best
            choice[p] = pick
            covered = 0
            for mask in shortest:
                if mask & p == mask:
                    covered |= mask
            capable[p] = covered
        self.values = values
        self.choice = choice
        self.capable = capable
        self.rank_points = rank_points
        self.options = self._set_options(pruned=True)
        self.all_options = self._set_options(pruned=False)

    def _set_options(self, *, pruned: bool) -> dict[tuple[int, int], tuple[int, ...]]:
        """For (suits present, suits a run could use): the set choices worth trying."""
        table: dict[tuple[int, int], tuple[int, ...]] = {}
        for present in range(16):
            valid = [
                sub
                for sub in range(1, 16)
                if sub & present == sub
                and self.min_set <= _popcount(sub) <= self.max_set
            ]
            for capable in range(16):
                if capable & present != capable:
                    continue
                options = []
                for sub in [0, *valid]:
                    dominated = pruned and any(
                        other != sub
                        and other & sub == sub
                        and (other ^ sub) & capable == 0
                        for other in valid
                    )
                    if not dominated:
                        options.append(sub)
                table[present, capable] = tuple(options)
        return table


#: How many rule sets' tables are kept (each is about 300 KB); the least
#: recently used is dropped past that, so any number of distinct options costs
#: bounded memory.
TABLES_KEPT = 32


@lru_cache(maxsize=TABLES_KEPT)
def tables(rules: MeldRules, points: PointValues) -> Tables:
    """The tables for ``rules`` and ``points``, built on first use."""
    return Tables(rules, points)


#: The tables for the last few ``(rules, points)`` argument pairs the quick
#: lane saw, keyed by the objects' identities.  Each entry holds the objects
#: themselves, so an identity cannot be reused while it is a key; past
#: :data:`QUICK_KEPT` entries the whole map is dropped.
_QUICK: dict[tuple[int, int], tuple[object, object, Tables | None]] = {}
QUICK_KEPT = 8
#: The pair asked for last, and its tables: most callers ask with the same
#: two objects again and again.
_last: tuple[object, object, Tables | None] = (_QUICK, _QUICK, None)


def quick_tables(rules: object, points: object) -> Tables | None:
    """The tables for the arguments ``rules`` and ``points`` exactly as a
    caller passed them (``None`` for the defaults), or ``None`` if this path
    cannot answer under them or they are not of the right types (the entry
    points then check them the long way and report the error)."""
    global _last
    entry = _QUICK.get((id(rules), id(points)))
    if entry is None:
        meld_rules = MeldRules() if rules is None else rules
        point_values = PointValues() if points is None else points
        found: Tables | None = None
        if (
            type(meld_rules) is MeldRules
            and type(point_values) is PointValues
            and max(meld_rules.min_set, meld_rules.min_naturals_per_meld) >= 3
        ):
            found = tables(meld_rules, point_values)
        if len(_QUICK) >= QUICK_KEPT:
            _QUICK.clear()
        entry = _QUICK[id(rules), id(points)] = (rules, points, found)
    _last = entry
    return entry[2]


def quick_deadwood(codes: tuple[int, ...], rules: object, points: object) -> int | None:
    """The least deadwood of sorted ``codes`` under the arguments ``rules``
    and ``points`` as passed, if they are at most
    :data:`~rummykit.partition.MAX_HAND_SIZE` distinct natural cards (the
    bounds the entry points check) and the rules suit this path; else
    ``None``."""
    last = _last
    if rules is last[0] and points is last[1]:
        t = last[2]
    else:
        t = quick_tables(rules, points)
    if t is None or len(codes) > 14 or (codes and codes[-1] >= 52):
        return None
    h = 0
    for code in codes:
        h |= BIT[code]
    if h.bit_count() != len(codes):
        return None
    values = t.values
    a = h & _SUIT
    b = (h >> 16) & _SUIT
    c = (h >> 32) & _SUIT
    d = h >> 48
    if t.min_set != 3 or t.max_set < 3:
        return _value(t, h)[0]
    ranks = (a & b & (c | d)) | (c & d & (a | b))
    base = values[a] + values[b] + values[c] + values[d]
    if not ranks:
        return base
    if ranks & (ranks - 1):
        return _value(t, h)[0]
    # One rank holds a set: taking its card out of a suit changes that suit's
    # value alone, by its gain; the best set takes the suits that gain most.
    total = 0
    least = INF
    for p in (a, b, c, d):
        if p & ranks:
            gain = values[p] - values[p ^ ranks]
            total += gain
            if gain < least:
                least = gain
    if a & b & c & d & ranks:  # four cards: drop the one that gains least
        total = max(total, total - least) if t.max_set >= 4 else total - least
    return base - total if total > 0 else base


def _quick_mask(
    codes: tuple[int, ...], rules: object, points: object
) -> tuple[Tables, int] | None:
    """(tables, mask) for a discard from sorted ``codes`` under ``rules`` and
    ``points`` as passed, if they are one to
    :data:`~rummykit.partition.MAX_HAND_SIZE` distinct natural cards and the
    rules suit this path; else ``None`` (the entry points then take the long
    way, which refuses an empty hand)."""
    last = _last
    if rules is last[0] and points is last[1]:
        t = last[2]
    else:
        t = quick_tables(rules, points)
    if t is None or not codes or len(codes) > 14 or codes[-1] >= 52:
        return None
    h = 0
    for code in codes:
        h |= BIT[code]
    if h.bit_count() != len(codes):
        return None
    return t, h


def quick_discard(
    codes: tuple[int, ...], rules: object, points: object
) -> Partition | None:
    """:func:`best_discard` of sorted ``codes`` with nothing forbidden, under
    ``rules`` and ``points`` as passed, if :func:`_quick_mask` takes them;
    else ``None``."""
    found = _quick_mask(codes, rules, points)
    if found is None:
        return None
    t, h = found
    best, best_sets, best_throw = _discard(t, h, codes, _NONE)
    return _build(t, h ^ best_throw, best_sets, best, _card_of_bit(best_throw))


def quick_discard_value(
    codes: tuple[int, ...], rules: object, points: object
) -> int | None:
    """:func:`discard_value` of sorted ``codes`` with nothing forbidden, as
    :func:`quick_discard` takes them; else ``None``."""
    found = _quick_mask(codes, rules, points)
    if found is None:
        return None
    return _discard(found[0], found[1], codes, _NONE)[0]


def _mask(codes: tuple[int, ...]) -> int:
    mask = 0
    for code in codes:
        mask |= BIT[code]
    return mask


def _set_ranks(t: Tables, h: int) -> int:
    """The ranks (as a 13-bit mask) holding at least ``t.min_set`` cards."""
    a = h & _SUIT
    b = (h >> 16) & _SUIT
    c = (h >> 32) & _SUIT
    d = h >> 48
    need = t.min_set
    if need == 3:
        return (a & b & (c | d)) | (c & d & (a | b))
    if need == 4:
        return a & b & c & d
    if need == 2:
        return (a & (b | c | d)) | (b & (c | d)) | (c & d)
    if need == 1:
        return a | b | c | d
    return 0


def _choices(t: Tables, h: int, ranks: int, pruned: bool) -> list[tuple[int, ...]]:
    """For each rank in ``ranks``, the masks of the set choices to try."""
    capable = (
        t.capable[h & _SUIT]
        | t.capable[(h >> 16) & _SUIT] << 16
        | t.capable[(h >> 32) & _SUIT] << 32
        | t.capable[h >> 48] << 48
    )
    table = t.options if pruned else t.all_options
    result = []
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        r = low.bit_length() - 1
        column = h >> r
        present = (
            (column & 1) | (column >> 15 & 2) | (column >> 30 & 4) | (column >> 45 & 8)
        )
        column = capable >> r
        runnable = (
            (column & 1) | (column >> 15 & 2) | (column >> 30 & 4) | (column >> 45 & 8)
        )
        result.append(tuple(_SPREAD[sub] << r for sub in table[present, runnable]))
    return result


def _value(t: Tables, h: int) -> tuple[int, int]:
    """The least deadwood of mask ``h`` and the set cards that achieve it."""
    values = t.values
    a = h & _SUIT
    b = (h >> 16) & _SUIT
    c = (h >> 32) & _SUIT
    d = h >> 48
    # Ranks held three times or more: the common rule inlined, others by helper.
    three = (a & b & (c | d)) | (c & d & (a | b))
    ranks = three if t.min_set == 3 else _set_ranks(t, h)
    if not ranks:
        return values[a] + values[b] + values[c] + values[d], 0
    best = INF
    best_sets = 0
    for combo in product(*_choices(t, h, ranks, True)):
        sets = sum(combo)
        rest = h ^ sets
        value = (
            values[rest & _SUIT]
            + values[(rest >> 16) & _SUIT]
            + values[(rest >> 32) & _SUIT]
            + values[rest >> 48]
        )
        if value < best:
            best = value
            best_sets = sets
            if value == 0:
                break
    return best, best_sets


def deadwood(codes: tuple[int, ...], rules: MeldRules, points: PointValues) -> int:
    """The least deadwood of distinct natural cards ``codes``."""
    return _value(tables(rules, points), _mask(codes))[0]


def partition(
    codes: tuple[int, ...], rules: MeldRules, points: PointValues
) -> Partition:
    """The optimal grouping of distinct natural cards ``codes``."""
    t = tables(rules, points)
    h = _mask(codes)
    value, sets = _value(t, h)
    return _build(t, h, sets, value, None)


def best_discard(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    forbidden: frozenset[int],
) -> Partition:
    """The best discard from distinct natural cards ``codes`` and its grouping."""
    t = tables(rules, points)
    h = _mask(codes)
    best, best_sets, best_throw = _discard(t, h, codes, forbidden)
    return _build(t, h ^ best_throw, best_sets, best, _card_of_bit(best_throw))


def discard_value(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    forbidden: frozenset[int],
) -> int:
    """The least deadwood after the best discard, without building the grouping."""
    return _discard(tables(rules, points), _mask(codes), codes, forbidden)[0]


def _discard(
    t: Tables, h: int, codes: tuple[int, ...], forbidden: frozenset[int]
) -> tuple[int, int, int]:
    """(least deadwood, set cards, discard bit) over every allowed discard."""
    allowed = 0
    most = 0  # the costliest card that may be thrown
    rank_points = t.rank_points
    for code in codes:
        if code not in forbidden:
            allowed |= BIT[code]
            if rank_points[code % 13] > most:
                most = rank_points[code % 13]
    values = t.values
    ranks = _set_ranks(t, h)
    combos = product(*_choices(t, h, ranks, False)) if ranks else ((),)
    best = INF
    best_sets = 0
    best_throw = 0
    for combo in combos:
        sets = sum(combo)
        rest = h ^ sets
        patterns = (
            rest & _SUIT,
            (rest >> 16) & _SUIT,
            (rest >> 32) & _SUIT,
            rest >> 48,
        )
        base = (
            values[patterns[0]]
            + values[patterns[1]]
            + values[patterns[2]]
            + values[patterns[3]]
        )
        if base - most >= best:
            # Throwing a card lowers its suit's least deadwood by at most its
            # points: no discard here can do better.
            continue
        free = rest & allowed
        while free:
            top = free.bit_length() - 1  # high cards first, so ties throw them
            bit = 1 << top
            free ^= bit
            suit = top >> 4
            pattern = patterns[suit]
            value = base - values[pattern] + values[pattern ^ (bit >> (16 * suit))]
            if value < best:
                best = value
                best_sets = sets
                best_throw = bit
        if best == 0:
            break
    return best, best_sets, best_throw


def _card_of_bit(bit: int) -> Card:
    position = bit.bit_length() - 1
    return _CARDS[(position >> 4) * 13 + (position & 15)]


# Melds and deadwood lists are immutable, so the grouping is assembled from
# shared pieces: each run or set meld and each suit's split is made once.
_RUN_MELDS: dict[tuple[int, tuple[int, ...]], Meld] = {}
_SET_MELDS: dict[int, Meld] = {}
_DEAD: dict[tuple[int, int], tuple[Card, ...]] = {}


def _run_meld(suit: int, order: tuple[int, ...]) -> Meld:
    key = (suit, order)
    meld = _RUN_MELDS.get(key)
    if meld is None:
        cards = tuple(_CARDS[suit * 13 + r] for r in order)
        meld = _RUN_MELDS[key] = Meld(
            kind=MeldKind.RUN, cards=cards, stands_for=cards, pure=True
        )
    return meld


def _set_meld(column: int) -> Meld:
    meld = _SET_MELDS.get(column)
    if meld is None:
        r = ((column & -column).bit_length() - 1) & 15
        cards = tuple(
            _CARDS[s * 13 + r] for s in range(4) if column >> (16 * s + r) & 1
        )
        meld = _SET_MELDS[column] = Meld(
            kind=MeldKind.SET, cards=cards, stands_for=cards, pure=True
        )
    return meld


def _dead(suit: int, pattern: int) -> tuple[Card, ...]:
    key = (suit, pattern)
    cards = _DEAD.get(key)
    if cards is None:
        cards = _DEAD[key] = tuple(
            _CARDS[suit * 13 + r] for r in range(13) if pattern >> r & 1
        )
    return cards


def _build(t: Tables, h: int, sets: int, value: int, discard: Card | None) -> Partition:
    """The grouping of mask ``h`` with the set cards ``sets``: its points and
    discard now, its melds and deadwood at first read (:func:`_lay_out`)."""
    result: Partition = _new(Partition)
    _set(result, "points", value)
    _set(result, "requirement_met", True)
    _set(result, "discard", discard)
    _set(result, "_pending", (_lay_out, (t, h, sets)))
    return result


def _lay_out(t: Tables, h: int, sets: int) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """The melds and deadwood of mask ``h``: the sets ``sets``, then each
    suit's runs as its table chose them."""
    melds: list[tuple[int, Meld]] = []
    while sets:
        low = sets & -sets
        r = (low.bit_length() - 1) & 15
        column = sets & (_SPREAD[15] << r)
        sets ^= column
        meld = _set_meld(column)
        melds.append((meld.cards[0].code, meld))
        h ^= column
    deadwood: tuple[Card, ...] = ()
    choice = t.choice
    run_order = t.run_order
    for s in range(4):
        pattern = (h >> (16 * s)) & _SUIT
        dead = 0
        while pattern:
            pick = choice[pattern]
            if pick:
                meld = _run_meld(s, run_order[pick])
                melds.append((s * 13 + (pick & -pick).bit_length() - 1, meld))
                pattern ^= pick
            else:
                low = pattern & -pattern
                dead |= low
                pattern ^= low
        if dead:
            deadwood += _dead(s, dead)
    melds.sort(key=_first)
    return tuple(meld for _, meld in melds), deadwood


def _first(item: tuple[int, Meld]) -> int:
    return item[0]


_new = object.__new__
_set = object.__setattr__
