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

from functools import lru_cache
from operator import itemgetter

from rummykit.cards import _CARDS, JOKER_CODE, Card
from rummykit.melds import Meld, MeldKind, MeldRules, _run_windows
from rummykit.partition._types import Partition, PointValues

MAX_CARDS = 10
"""The largest hand this path takes; larger hands go to the other paths."""

_INF = 1 << 60
_BIG = 1 << 20
_RUN = MeldKind.RUN
_SET = MeldKind.SET
_JOKER = _CARDS[JOKER_CODE]
_SUIT_SHIFT = 39  # three bits for each of a suit's thirteen codes


class Tables:
    """What the rules and points allow, in the form the search asks it."""

    def __init__(self, rules: MeldRules, points: PointValues) -> None:
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
        self.rank_points = points.ranks
        self.joker_points = points.joker
        #: Points of each card code, the joker's last.
        self.points = (*(points.ranks[code % 13] for code in range(52)), points.joker)
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
        self._lots: dict[tuple[int, int, int, int], Lot] = {}
        #: Melds built for a final grouping, by their cards.
        self.melds: dict[tuple[object, ...], Meld] = {}

    def lot(self, kind: int, where: int, held: int, jokers: int) -> Lot:
        """The groups of one suit's ranks (``kind`` 0: ``where`` the suit,
        ``held`` its pattern of ranks), one rank's cards (``kind`` 1:
        ``where`` the rank, ``held`` its column of counts, two bits a suit),
        or one card with jokers (``kind`` 2: ``where`` its code), with
        ``jokers`` jokers in the hand."""
        key = (kind, where, held, jokers)
        found = self._lots.get(key)
        if found is None:
            if kind == 0:
                infos = self._runs(where, held, jokers)
            elif kind == 1:
                infos = self._sets(where, held, jokers)
            else:
                infos = self._singles(where, jokers)
            found = _lot(infos, self.points)
            if len(self._lots) >= LOTS_KEPT:
                self._lots.clear()
            self._lots[key] = found
        return found

    def _runs(self, suit: int, pattern: int, jokers: int) -> list[Info]:
        span = self.span
        least = max(2, self.min_naturals)
        found: list[Info] = []
        sub = pattern
        while sub:
            size = span[sub]
            n = sub.bit_count()
            if size and n >= least:
                kmin = max(size, self.min_run) - n
                kmax = min(self.longest - n, self.run_jokers)
                if kmin <= kmax and kmin <= jokers:
                    codes = tuple(13 * suit + r for r in range(13) if sub >> r & 1)
                    found.append((_RUN, codes, kmin, kmax))
            sub = (sub - 1) & pattern
        return found

    def _sets(self, rank: int, column: int, jokers: int) -> list[Info]:
        tops = [min(column >> (2 * s) & 3, 1 if self.distinct else 3) for s in range(4)]
        least = max(2, self.min_naturals)
        found: list[Info] = []
        for a in range(tops[0] + 1):
            for b in range(tops[1] + 1):
                for c in range(tops[2] + 1):
                    for d in range(tops[3] + 1):
                        n = a + b + c + d
                        if n < least or n > self.max_set:
                            continue
                        kmin = max(0, self.min_set - n)
                        kmax = min(self.max_set - n, self.set_jokers)
                        if kmin > kmax or kmin > jokers:
                            continue
                        suits = (0,) * a + (1,) * b + (2,) * c + (3,) * d
                        codes = tuple(13 * s + rank for s in suits)
                        found.append((_SET, codes, kmin, kmax))
        return found

    def _singles(self, code: int, jokers: int) -> list[Info]:
        return [
            (kind, (code,), low, high)
            for low, high, kind in self.singles
            if low <= jokers
        ]


def _lot(infos: list[Info], points: tuple[int, ...]) -> Lot:
    """Groups as the search takes them: by lowest card, the costliest first,
    each as (counts, kmin, room, info); and every card they use."""
    by_low: dict[int, list[tuple[int, Entry]]] = {}
    used = 0
    for info in infos:
        codes = info[1]
        mask = 0
        value = 0
        for code in codes:
            mask += 1 << (3 * code)
            value += points[code]
        used |= mask
        by_low.setdefault(codes[0], []).append(
            (value, (mask, info[2], info[3] - info[2], info))
        )
    return (
        tuple(
            (
                low,
                tuple(entry for _, entry in sorted(entries, key=_VALUE, reverse=True)),
            )
            for low, entries in by_low.items()
        ),
        used,
    )


#: Groups kept per rule set and points (each a suit's or a rank's, for a
#: number of jokers) before the memo is cleared.
LOTS_KEPT = 8192
#: Built melds kept per rule set and points before the memo is cleared.
MELDS_KEPT = 4096
#: Rule sets and points whose tables are kept; the least recently used is
#: dropped past that.
TABLES_KEPT = 16

#: A group: its kind, natural cards, and the fewest and most jokers it takes.
Info = tuple[MeldKind, tuple[int, ...], int, int]
#: A group as the search takes it: (counts, kmin, room, info).
Entry = tuple[int, int, int, Info]
#: A lot of groups: ((lowest card, entries), ...) and every card they use.
Lot = tuple[tuple[tuple[int, tuple[Entry, ...]], ...], int]


def _value_of(item: tuple[int, Entry]) -> int:
    return item[0]


_VALUE = _value_of


@lru_cache(maxsize=TABLES_KEPT)
def tables(rules: MeldRules, points: PointValues) -> Tables:
    """The tables for ``rules`` and ``points``, built on first use."""
    return Tables(rules, points)


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
    if codes[-1] != JOKER_CODE and len(set(codes)) == n:
        return False
    for i in range(n - 3):
        if codes[i] == codes[i + 3] and codes[i] != JOKER_CODE:
            return False
    return True


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


class _Found:
    """The best grouping found so far."""

    __slots__ = ("chosen", "joker_thrown", "value")

    def __init__(self) -> None:
        self.value = _INF
        self.chosen: list[Entry] = []
        self.joker_thrown = False


def _search(
    codes: tuple[int, ...], t: Tables, forbidden: frozenset[int] | None
) -> tuple[_Found, dict[int, int], int]:
    """The best grouping of ``codes``; the hand's counts and jokers."""
    jokers = 0
    counts: dict[int, int] = {}
    for code in codes:
        if code == JOKER_CODE:
            jokers += 1
        elif code in counts:
            counts[code] += 1
        else:
            counts[code] = 1
    lot = t.lot
    lots: list[Lot] = []
    patterns = [0, 0, 0, 0]
    columns: dict[int, int] = {}
    for code, count in counts.items():
        suit, rank = divmod(code, 13)
        patterns[suit] |= 1 << rank
        if rank in columns:
            columns[rank] |= count << (2 * suit) | 1 << 8
        elif count > 1:
            columns[rank] = count << (2 * suit) | 1 << 8
        else:
            columns[rank] = count << (2 * suit)
    for suit in range(4):
        pattern = patterns[suit]
        if pattern & (pattern - 1):  # two ranks or more
            lots.append(lot(0, suit, pattern, jokers))
    for rank, column in columns.items():
        if column >> 8:  # two cards or more
            lots.append(lot(1, rank, column & 255, jokers))
    if t.single_least <= jokers:
        for code in counts:
            lots.append(lot(2, code, 0, jokers))
    by_low: dict[int, tuple[Entry, ...]] = {}
    used = 0
    for lows, cards in lots:
        used |= cards
        for low, entries in lows:
            have = by_low.get(low)
            by_low[low] = entries if have is None else have + entries
    pts = t.points
    discarding = forbidden is not None
    guard = 0
    state = 0
    dead = 0
    throw = -1  # the costliest allowed deadwood card so far
    top = 0  # the costliest card that may be thrown at all
    for code, count in counts.items():
        value = pts[code]
        allowed = discarding and code not in forbidden  # type: ignore[operator]
        if allowed and value > top:
            top = value
        if used >> (3 * code) & 7:
            guard |= 4 << (3 * code)
            state |= (4 | count) << (3 * code)
        else:
            dead += count * value
            if allowed and value > throw:
                throw = value
    joker_points = t.joker_points
    joker_allowed = discarding and JOKER_CODE not in forbidden  # type: ignore[operator]
    if joker_allowed and jokers and joker_points > top:
        top = joker_points
    best = _Found()
    path: list[Entry] = []

    def finish(jokers: int, dead: int, throw: int, room: int) -> None:
        if not discarding:
            value = dead + joker_points * _spare(t, jokers, room)[0]
            if value < best.value:
                best.value = value
                best.chosen = path[:]
            return
        if throw >= 0:
            value = dead - throw + joker_points * _spare(t, jokers, room)[0]
            if value < best.value:
                best.value = value
                best.chosen = path[:]
                best.joker_thrown = False
        if jokers and joker_allowed:
            value = dead + joker_points * _spare(t, jokers - 1, room)[0]
            if value < best.value:
                best.value = value
                best.chosen = path[:]
                best.joker_thrown = True

    def walk(state: int, jokers: int, dead: int, throw: int, room: int) -> None:
        if dead - top >= best.value or not best.value:
            return
        rest = state ^ guard
        if not rest:
            finish(jokers, dead, throw, room)
            return
        low = ((rest & -rest).bit_length() - 1) // 3
        for entry in by_low.get(low, ()):
            mask, kmin, extra, _ = entry
            if kmin <= jokers and (state - mask) & guard == guard:
                path.append(entry)
                walk(state - mask, jokers - kmin, dead, throw, room + extra)
                path.pop()
        copies = (state >> (3 * low)) & 3
        value = pts[low]
        if value > throw and discarding and low not in forbidden:  # type: ignore[operator]
            throw = value
        walk(state - (copies << (3 * low)), jokers, dead + copies * value, throw, room)

    if by_low:
        walk(state, jokers, dead, throw, 0)
    else:  # nothing melds
        finish(jokers, dead, throw, 0)
    return best, counts, jokers


def _build(
    t: Tables,
    found: _Found,
    counts: dict[int, int],
    jokers: int,
    forbidden: frozenset[int] | None,
) -> Partition:
    """The grouping :func:`_search` found."""
    chosen = found.chosen
    jokers -= found.joker_thrown
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
            add = min(put, chosen[x][2] + chosen[x][1] - takes[x])
            takes[x] += add
            put -= add
    left = dict(counts)
    melds: list[tuple[int, Meld]] = []
    memo = t.melds
    for entry, k in zip(chosen, takes, strict=True):
        info = entry[3]
        codes = info[1]
        for code in codes:
            left[code] -= 1
        key = (info[0], codes, k)
        meld = memo.get(key)
        if meld is None:
            meld = _meld(t, codes, k, info[0])
        melds.append((codes[0], meld))
    while alone:
        size = t.how[alone]
        melds.append((JOKER_CODE, _meld(t, (), size, _RUN)))
        alone -= size
    if len(melds) > 1:
        melds.sort(key=_FIRST)
    discard: Card | None = None
    if forbidden is not None:
        if found.joker_thrown:
            discard = _JOKER
        else:
            best = -1
            thrown = -1
            pts = t.points
            for code, count in left.items():  # the highest of the costliest
                if (
                    count
                    and code not in forbidden
                    and (pts[code] > best or (pts[code] == best and code > thrown))
                ):
                    best = pts[code]
                    thrown = code
            left[thrown] -= 1
            discard = _CARDS[thrown]
    deadwood = [_CARDS[code] for code in sorted(left) for _ in range(left[code])]
    if unmelded:
        deadwood += [_JOKER] * unmelded
    result: Partition = _new(Partition)
    _set(result, "melds", tuple(meld for _, meld in melds))
    _set(result, "deadwood", tuple(deadwood))
    _set(result, "points", found.value)
    _set(result, "requirement_met", True)
    _set(result, "discard", discard)
    return result


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
    return _search(codes, tables(rules, points), forbidden)[0].value


def grouping(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    forbidden: frozenset[int] | None,
) -> Partition:
    """The optimal grouping of ``codes`` (after the best discard, with
    ``forbidden`` cards kept, unless ``forbidden`` is ``None``)."""
    t = tables(rules, points)
    found, counts, jokers = _search(codes, t, forbidden)
    return _build(t, found, counts, jokers, forbidden)
