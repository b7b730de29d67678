"""Time rummykit's meld partitioner, and OpenSpiel's and RLCard's where installed.

Run it from a checkout with rummykit installed::

    python benchmarks/partition.py            # 1000 hands a set, median of 5 runs
    python benchmarks/partition.py --quick    # 100 hands a set, 1 run (CI smoke)
    python benchmarks/partition.py --runs 9
    python benchmarks/partition.py --sets ag  # sets (a) and (g), and (d)

The hand sets are fixed: each is drawn from its own ``random.Random(seed)``.

(a) 1000 random 10-card hands, Gin rules (``MeldRules()``, standard points);
(b) 1000 "nearly complete" 10-card hands: 2-3 disjoint melds, then random cards;
(c) as (b) with 11 cards, solved as the best discard;
(d) 1000 13-card hands with 3-4 melds;
(e) the worst cases ``As..Ts`` (10 cards) and ``7-8-9`` of every suit plus
    ``Ts`` (13 cards), each timed on its own, repeated;
(f) Indian Rummy 13+1 (14) cards, best discard under the variant's requirement
    with a random wild rank, for the "gamentio" and "standard" presets;
(g) Rumino 8 cards (7 + the draw) from its 108-card deck, with jokers and
    duplicate cards, best discard.

Each run times a fresh set of hands (drawn from its own seed; one more set,
never timed, is for warming up and for the peers' checks), so that no cache
sees a timed hand twice; for
(f) and (g) the value and the grouping are timed on different hands.  Each
figure is the median over the runs of (time of one pass over the set) /
(hands in the set), in microseconds; for (f) and (g) every hand is also timed
on its own, for the median (p50), 99th percentile and worst single hand.  A
second table gives every figure as a multiple of OpenSpiel's ``min_deadwood``
on set (d) in the same run: absolute times drift on a shared machine, the
ratios much less.  Where ``pyspiel`` (OpenSpiel) is
importable, sets (a)-(e) are also timed with its Gin Rummy utilities, in the
same runs and on the same hands; where ``rlcard`` is importable, sets (a) and
(b) with RLCard's melding.  Both peers' answers are checked against rummykit's,
on that untimed set, before anything is timed.  ``pip install -e '.[bench]'``
brings both peers.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import platform
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from rummykit import JOKER_CODE, Card, Hand, MeldRules, Rank
from rummykit.partition import PointValues, best_discard, deadwood, partition
from rummykit.variants import IndianRummy, Rumino, Variant, get_variant

GIN_RULES = MeldRules()
GIN_POINTS = PointValues.standard()

WORST_10 = "As 2s 3s 4s 5s 6s 7s 8s 9s Ts"
WORST_13 = "7s 8s 9s 7c 8c 9c 7d 8d 9d 7h 8h 9h Ts"
# OpenSpiel melds the most points of the 11 cards, then throws the costliest
# card left (As): 1.  Throwing 3h from a different grouping leaves 0.
SHORTCUT_11 = "As 2s Ac 2c 2d Ah 2h 3h 7h 8h 9h"

# -- hand sets -----------------------------------------------------------------


class Pool:
    """What is left of a deck, as a multiset of card codes."""

    def __init__(self, codes: Iterable[int]) -> None:
        self.counts: Counter[int] = Counter(codes)

    def has(self, codes: Sequence[int]) -> bool:
        return all(self.counts[c] >= n for c, n in Counter(codes).items())

    def take(self, codes: Sequence[int]) -> None:
        self.counts.subtract(codes)

    def give(self, code: int) -> None:
        self.counts[code] += 1

    def of_rank(self, rank: int) -> list[int]:
        """Every natural card of ``rank`` (1-13) left, copies repeated."""
        return [
            c
            for c in sorted(self.counts)
            if c != JOKER_CODE and c % 13 == rank - 1
            for _ in range(self.counts[c])
        ]

    def sample(self, rng: random.Random, k: int) -> list[int]:
        cards = [c for c in sorted(self.counts) for _ in range(self.counts[c])]
        picked = rng.sample(cards, k)
        self.take(picked)
        return picked


@dataclass(frozen=True)
class Style:
    """How melds are built for a set of hands."""

    ace_high: bool = False
    """Q-K-A is a run (Indian Rummy)."""
    distinct_suits: bool = True
    """A set holds one card of each suit at most (off: Rumino's identical cards)."""
    max_run: int = 4
    """The longest run built (the rules may allow longer ones)."""
    wild_chance: float = 0.0
    """The chance that one card of a meld is swapped for a joker or wild card."""
    duplicate_chance: float = 0.0
    """The chance that a filler card copies a card already in the hand."""


def _code(rank: int, suit: int) -> int:
    return suit * 13 + (rank - 1) % 13


def _meld(rng: random.Random, pool: Pool, size: int, style: Style) -> list[int]:
    """A random run or set of ``size`` cards from ``pool``, or ``[]`` if none fits."""
    if size <= style.max_run and rng.random() < 0.5:
        suit = rng.randrange(4)
        start = rng.randint(1, 14 - size + (1 if style.ace_high else 0))
        return [_code(start + i, suit) for i in range(size)]
    rank = rng.randint(1, 13)
    if style.distinct_suits:
        return [_code(rank, suit) for suit in rng.sample(range(4), size)]
    cards = pool.of_rank(rank)
    return rng.sample(cards, size) if len(cards) >= size else []


def _wild(rng: random.Random, pool: Pool, wild_rank: int | None) -> int | None:
    """A printed joker or a card of the wild rank still in ``pool``, if any."""
    options = [JOKER_CODE] * pool.counts[JOKER_CODE]
    if wild_rank is not None:
        options += pool.of_rank(wild_rank)
    return rng.choice(options) if options else None


def nearly_complete(
    rng: random.Random,
    deck: Iterable[int],
    size: int,
    melds: tuple[int, int],
    style: Style,
    wild_rank: int | None = None,
) -> Hand:
    """``size`` cards: between ``melds[0]`` and ``melds[1]`` disjoint melds of 3-4
    cards, then random cards from what is left of ``deck``."""
    pool = Pool(deck)
    wanted = rng.randint(*melds)
    hand: list[int] = []
    made = 0
    for _ in range(200):
        if made == wanted:
            break
        room = size - len(hand) - 3 * (wanted - made - 1)
        meld = _meld(rng, pool, 4 if room >= 4 and rng.random() < 0.5 else 3, style)
        if not meld or not pool.has(meld):
            continue
        pool.take(meld)
        if rng.random() < style.wild_chance:
            wild = _wild(rng, pool, wild_rank)
            if wild is not None:
                at = rng.randrange(len(meld))
                pool.give(meld[at])
                pool.take([wild])
                meld[at] = wild
        hand += meld
        made += 1
    if len(hand) < size and rng.random() < style.duplicate_chance:
        copies = [c for c in hand if c != JOKER_CODE and pool.counts[c] > 0]
        if copies:
            copy = rng.choice(copies)
            pool.take([copy])
            hand.append(copy)
    hand += pool.sample(rng, size - len(hand))
    return Hand(Card.from_code(c) for c in hand)


def random_hands(seed: int, n: int, size: int) -> list[Hand]:
    rng = random.Random(seed)
    return [
        Hand(Card.from_code(c) for c in rng.sample(range(52), size)) for _ in range(n)
    ]


def gin_hands(seed: int, n: int, size: int, melds: tuple[int, int]) -> list[Hand]:
    rng = random.Random(seed)
    return [nearly_complete(rng, range(52), size, melds, Style()) for _ in range(n)]


def indian_hands(seed: int, n: int, variant: IndianRummy) -> list[tuple[Hand, Rank]]:
    rng = random.Random(seed)
    deck = [card.code for card in variant.deck.cards()]
    style = Style(ace_high=True, wild_chance=0.3)
    result = []
    for _ in range(n):
        wild = Rank(rng.randint(1, 13))
        hand = nearly_complete(rng, deck, 14, (3, 4), style, int(wild))
        result.append((hand, wild))
    return result


def rumino_hands(seed: int, n: int) -> list[Hand]:
    rng = random.Random(seed)
    deck = [card.code for card in Rumino().deck.cards()]
    style = Style(distinct_suits=False, wild_chance=0.4, duplicate_chance=0.4)
    return [nearly_complete(rng, deck, 8, (1, 2), style) for _ in range(n)]


# -- the peers -----------------------------------------------------------------


def _import(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _version(distribution: str) -> str:
    try:
        return version(distribution)
    except PackageNotFoundError:
        return "?"


class OpenSpiel:
    """OpenSpiel's Gin Rummy utilities, with its card numbers mapped to ours."""

    def __init__(self, module: Any) -> None:
        self.utils: Any = module.gin_rummy.GinRummyUtils(13, 4, 10)
        # OpenSpiel numbers the cards suit by suit in the order s c d h, ace to
        # king; rummykit's codes go s h d c.  Match them by name.
        self.of_code: dict[int, int] = {}
        for i in range(52):
            self.of_code[Card.parse(self.utils.card_string(i)).code] = i
        self.to_code = {i: code for code, i in self.of_code.items()}
        assert sorted(self.of_code) == list(range(52)), "bad OpenSpiel card map"

    def cards(self, hand: Hand) -> list[int]:
        return [self.of_code[code] for code in hand.codes]

    def group_points(self, cards: list[int]) -> int:
        """The deadwood that OpenSpiel's best meld group leaves, in our points."""
        melded = [c for meld in self.utils.best_meld_group(cards) for c in meld]
        assert len(melded) == len(set(melded)), "OpenSpiel melds overlap"
        return sum(
            GIN_POINTS.of(Card.from_code(self.to_code[c]))
            for c in cards
            if c not in melded
        )


class RLCard:
    """RLCard's Gin Rummy melding, with its cards mapped to ours."""

    def __init__(self) -> None:
        self.melding: Any = importlib.import_module(
            "rlcard.games.gin_rummy.utils.melding"
        )
        self.utils: Any = importlib.import_module("rlcard.games.gin_rummy.utils.utils")
        # RLCard's cards print as "AS", "TH"...; match them by name.
        self.of_code: dict[int, Any] = {
            Card.parse(str(card)).code: card for card in self.utils.get_deck()
        }
        assert sorted(self.of_code) == list(range(52)), "bad RLCard card map"

    def cards(self, hand: Hand) -> list[Any]:
        return [self.of_code[code] for code in hand.codes]

    def deadwood(self, cards: list[Any]) -> int:
        """The deadwood count the way RLCard's own game scores a hand."""
        clusters = self.melding.get_best_meld_clusters(hand=cards)
        best = clusters[0] if clusters else []
        return int(self.utils.get_deadwood_count(hand=cards, meld_cluster=best))


# -- timing --------------------------------------------------------------------


@dataclass
class Timer:
    """One implementation timed over fresh inputs: ``items[r]`` for run ``r``.

    With ``per_hand``, each call is also timed on its own, for the median,
    99th percentile and worst single hand.
    """

    fn: Callable[[Any], object]
    items: Sequence[Sequence[Any]]
    per_hand: bool = False
    samples: list[float] = field(default_factory=list)
    hand_times: list[float] = field(default_factory=list)
    worst_item: Any = None
    worst_time: float = -1.0

    def run(
        self,
        index: int,
        clock: Callable[[], float] = time.perf_counter,
        cost: float = 0.0,
    ) -> None:
        """Time run ``index``; ``cost`` (seconds) is the clock's own share of a
        single-hand time (:func:`clock_cost`), taken off each one.  Between
        hands only O(1) bookkeeping is done, so that no scan of the times
        kept pushes the partitioner's tables out of the processor's caches
        before the next hand."""
        fn = self.fn
        items = self.items[index % len(self.items)]
        gc.collect()
        if not self.per_hand:
            start = clock()
            for item in items:
                fn(item)
            elapsed = clock() - start
            self.samples.append(elapsed / len(items) * 1e6)
            return
        total = 0.0
        times = self.hand_times
        worst = self.worst_time
        for item in items:
            start = clock()
            fn(item)
            elapsed = clock() - start - cost
            if elapsed < 0.0:
                elapsed = 0.0
            total += elapsed
            micros = elapsed * 1e6
            if micros > worst:
                worst = micros
                self.worst_item = item
            times.append(micros)
        self.worst_time = worst
        self.samples.append(total / len(items) * 1e6)

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    def percentile(self, q: float) -> float | None:
        """The ``q``-th percentile of the single-hand times, if kept."""
        if not self.hand_times:
            return None
        ordered = sorted(self.hand_times)
        return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))]


@dataclass
class Target:
    """A goal from the issue: ``column`` at most ``limit`` (µs, or a ratio)."""

    text: str
    column: str
    limit: float

    def check(self, row: Row) -> tuple[float, bool] | None:
        value = row.value(self.column)
        if value is None:
            return None
        return value, value <= self.limit


@dataclass
class Row:
    """One line of the table: a hand set and its timers."""

    key: str
    label: str
    hands: str
    timers: dict[str, Timer]
    targets: list[Target] = field(default_factory=list)
    unit: float | None = None
    """OpenSpiel's min_deadwood time on set (d) in the same run, the common unit."""

    @property
    def per_hand_timer(self) -> Timer | None:
        """The timer that kept single-hand times, if any."""
        return next((t for t in self.timers.values() if t.per_hand), None)

    def time(self, column: str) -> float | None:
        timer = self.timers.get(column)
        return None if timer is None or not timer.samples else timer.median

    def value(self, column: str) -> float | None:
        """A timing (``rk_value``...) or a ratio (``os_value_ratio``...)."""
        timer = self.per_hand_timer
        if column in ("p50", "p99", "worst"):
            if timer is None:
                return None
            q = {"p50": 50.0, "p99": 99.0, "worst": 100.0}[column]
            return timer.percentile(q)
        if column.startswith("unit_"):
            base = self.value(column[5:])
            return _ratio(base, self.unit)
        if column == "os_value_ratio":
            return _ratio(self.time("rk_value"), self.time("os_value"))
        if column == "os_group_ratio":
            return _ratio(self.time("rk_group"), self.time("os_group"))
        if column == "rl_ratio":
            return _ratio(self.time("rk_value"), self.time("rl_value"))
        return self.time(column)


def _ratio(ours: float | None, theirs: float | None) -> float | None:
    return None if ours is None or theirs is None else ours / theirs


def clock_cost(clock: Callable[[], float], samples: int = 20_001) -> float:
    """What reading ``clock`` twice adds to an interval (seconds): the median
    of ``samples`` empty intervals.  A single-hand time is two readings
    around one call, so this much of it is the clock's, not the call's
    (about 0.8 µs for ``time.process_time`` on a virtual machine, where
    reading the process's CPU clock is a system call)."""
    gaps = []
    for _ in range(samples):
        start = clock()
        gaps.append(clock() - start)
    return statistics.median(gaps)


def measure(
    rows: list[Row], runs: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Warm every timer up, then time them all, interleaved, ``runs`` times.
    Returns the clock's cost (:func:`clock_cost`), measured before each run
    and taken off the single-hand times; the median over the runs."""
    timers = [timer for row in rows for timer in row.timers.values()]
    for timer in timers:
        for item in timer.items[-1][:50]:  # the warm-up set is never timed
            timer.fn(item)
    costs = []
    for index in range(runs):
        cost = clock_cost(clock)
        costs.append(cost)
        for timer in timers:
            timer.run(index, clock, cost)
    return statistics.median(costs)


# -- checks --------------------------------------------------------------------


def check_openspiel(
    spiel: OpenSpiel, name: str, hands: Sequence[Hand], lines: list[str]
) -> None:
    """OpenSpiel's min_deadwood and best_meld_group against rummykit's values."""
    bad_value = bad_group = 0
    for hand in hands:
        cards = spiel.cards(hand)
        ours = deadwood(hand, GIN_RULES, GIN_POINTS)
        if spiel.utils.min_deadwood(cards) != ours:
            bad_value += 1
            if bad_value <= 3:
                lines.append(
                    f"  {name}: {hand}: OpenSpiel min_deadwood "
                    f"{spiel.utils.min_deadwood(cards)}, rummykit {ours}"
                )
        grouped = partition(hand, GIN_RULES, GIN_POINTS).points
        if spiel.group_points(cards) != grouped or grouped != ours:
            bad_group += 1
    lines.append(
        f"{name}: OpenSpiel agrees with rummykit on "
        f"{len(hands) - bad_value}/{len(hands)} deadwood values, "
        f"{len(hands) - bad_group}/{len(hands)} groupings' deadwood"
    )


def check_openspiel_discard(
    spiel: OpenSpiel, name: str, hands: Sequence[Hand], lines: list[str]
) -> None:
    """OpenSpiel's 11-card min_deadwood (a shortcut) against the exact answer."""
    higher = lower = 0
    examples: list[str] = []
    for hand in hands:
        exact = best_discard(hand, GIN_RULES, GIN_POINTS)
        theirs = spiel.utils.min_deadwood(spiel.cards(hand))
        if theirs > exact.points:
            higher += 1
        elif theirs < exact.points:
            lower += 1
        if theirs != exact.points and len(examples) < 3:
            examples.append(f"  e.g. {hand}: OpenSpiel {theirs}, rummykit {exact}")
    lines.append(
        f"{name}: OpenSpiel's 11-card min_deadwood differs from rummykit's exact "
        f"best_discard on {higher + lower}/{len(hands)} hands "
        f"({higher} too high, {lower} too low)"
    )
    lines.extend(examples)
    known = Hand.parse(SHORTCUT_11)
    lines.append(
        f"  a hand where the shortcut is known to fail, {known}: OpenSpiel "
        f"{spiel.utils.min_deadwood(spiel.cards(known))}, rummykit "
        f"{best_discard(known, GIN_RULES, GIN_POINTS)}"
    )


def check_rlcard(
    rl: RLCard, name: str, hands: Sequence[Hand], lines: list[str]
) -> None:
    bad = 0
    for hand in hands:
        theirs = rl.deadwood(rl.cards(hand))
        ours = deadwood(hand, GIN_RULES, GIN_POINTS)
        if theirs != ours:
            bad += 1
            if bad <= 3:
                lines.append(f"  {name}: {hand}: RLCard {theirs}, rummykit {ours}")
    lines.append(
        f"{name}: RLCard agrees with rummykit on {len(hands) - bad}/{len(hands)} "
        "deadwood values"
    )


# -- the table -----------------------------------------------------------------

COLUMNS = [
    ("set", "key"),
    ("hands", "hands"),
    ("rk val", "rk_value"),
    ("rk grp", "rk_group"),
    ("OS val", "os_value"),
    ("OS grp", "os_group"),
    ("rk/OS val", "os_value_ratio"),
    ("rk/OS grp", "os_group_ratio"),
    ("RLCard", "rl_value"),
    ("rk/RL", "rl_ratio"),
    ("p50", "p50"),
    ("p99", "p99"),
    ("worst", "worst"),
]
UNIT_COLUMNS = [
    ("set", "key"),
    ("rk val", "unit_rk_value"),
    ("rk grp", "unit_rk_group"),
    ("OS val", "unit_os_value"),
    ("RLCard", "unit_rl_value"),
    ("p50", "unit_p50"),
    ("p99", "unit_p99"),
    ("worst", "unit_worst"),
]


def _cell(row: Row, column: str) -> str:
    if column == "key":
        return f"{row.key} {row.label}"
    if column == "hands":
        return row.hands
    value = row.value(column)
    if value is None:
        return "-"
    if column.endswith("ratio") or column.startswith("unit_"):
        return f"{value:.3f}x" if value < 0.1 else f"{value:.2f}x"
    return f"{value:.1f}" if value < 1000 else f"{value:.0f}"


def _status(row: Row) -> str:
    checks = [target.check(row) for target in row.targets]
    known = [check for check in checks if check is not None]
    if not row.targets:
        return ""
    if not known:
        return "n/a (no peer)"
    met = sum(1 for _, ok in known if ok)
    if met == len(row.targets):
        return "met"
    if met == len(known) and len(known) < len(row.targets):
        return "met (part n/a)"
    return "NOT met" if met == 0 else f"{met}/{len(row.targets)} met"


def table(rows: list[Row], *, units: bool = False) -> list[str]:
    """The timings (µs), or with ``units`` every figure in OpenSpiel (d) units."""
    columns = UNIT_COLUMNS if units else COLUMNS
    header = [title for title, _ in columns] + ["target", "status"]
    body = [
        [_cell(row, column) for _, column in columns]
        + (
            ["", ""]
            if units
            else [", ".join(target.text for target in row.targets), _status(row)]
        )
        for row in rows
    ]
    widths = [max(len(line[i]) for line in [header, *body]) for i in range(len(header))]

    def fmt(line: list[str]) -> str:
        cells = [
            cell.ljust(width)
            if i in (0, len(line) - 2, len(line) - 1)
            else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(line, widths, strict=True))
        ]
        return "  ".join(cells).rstrip()

    rule = "  ".join("-" * width for width in widths)
    return [fmt(header), rule, *map(fmt, body), rule]


def target_report(rows: list[Row]) -> list[str]:
    lines = []
    for row in rows:
        for target in row.targets:
            check = target.check(row)
            where = f"{row.key} {row.label}: {target.text}"
            if check is None:
                lines.append(f"{where}: n/a (peer not installed)")
                continue
            value, ok = check
            if target.column == "rl_ratio":
                speedup, needed = 1 / value, 1 / target.limit
                verdict = "met" if ok else "NOT met"
                lines.append(
                    f"{where}: {verdict} ({speedup:.1f}x faster; "
                    + (
                        f"{speedup / needed:.2f}x headroom)"
                        if ok
                        else f"{needed / speedup:.2f}x short)"
                    )
                )
                continue
            unit = " us" if target.column.startswith(("rk_", "p")) else "x"
            if ok:
                margin = f"{target.limit / value:.2f}x headroom" if value else ""
                lines.append(f"{where}: met ({value:.3g}{unit}; {margin})")
            else:
                lines.append(
                    f"{where}: NOT met ({value:.3g}{unit}, "
                    f"{value / target.limit:.2f}x over the limit)"
                )
    return lines


# -- main ----------------------------------------------------------------------


def build_rows(
    n: int, runs: int, spiel: OpenSpiel | None, rl: RLCard | None, checks: list[str]
) -> list[Row]:
    """The rows, each with ``runs`` fresh sets of ``n`` hands (and one to warm up
    with), so that no cache sees a timed hand twice."""
    rows: list[Row] = []

    def value_call(hand: Hand) -> object:
        return deadwood(hand, GIN_RULES, GIN_POINTS)

    def group_call(hand: Hand) -> object:
        return partition(hand, GIN_RULES, GIN_POINTS)

    def discard_value(hand: Hand) -> object:
        return deadwood(hand, GIN_RULES, GIN_POINTS, discard=True)

    def discard_call(hand: Hand) -> object:
        return best_discard(hand, GIN_RULES, GIN_POINTS)

    def fresh(make: Callable[[int], list[Any]]) -> list[list[Any]]:
        """One set of hands per timed run, and one more to warm up with."""
        return [make(r) for r in range(runs + 1)]

    def gin_row(
        key: str,
        label: str,
        hand_sets: list[list[Hand]],
        targets: list[Target],
        *,
        count: str | None = None,
        rlcard: bool = False,
    ) -> Row:
        # The peers are checked on the warm-up set (the last), never timed, so
        # that the checks' calls leave no cache holding a hand that is timed.
        hands = hand_sets[-1]
        timers = {
            "rk_value": Timer(value_call, hand_sets),
            "rk_group": Timer(group_call, hand_sets),
        }
        if spiel is not None:
            cards = [[spiel.cards(hand) for hand in one] for one in hand_sets]
            timers["os_value"] = Timer(spiel.utils.min_deadwood, cards)
            timers["os_group"] = Timer(spiel.utils.best_meld_group, cards)
            check_openspiel(spiel, f"{key} {label}", hands[:1000], checks)
        if rlcard and rl is not None:
            timers["rl_value"] = Timer(
                rl.deadwood, [[rl.cards(hand) for hand in one] for one in hand_sets]
            )
            check_rlcard(rl, f"{key} {label}", hands, checks)
        return Row(key, label, count or str(len(hands)), timers, targets)

    rl_target = Target(">=20x faster than RLCard", "rl_ratio", 1 / 20)
    rows.append(
        gin_row(
            "(a)",
            "random 10",
            fresh(lambda r: random_hands(1000 + r, n, 10)),
            [Target("<=2x OS", "os_value_ratio", 2.0), rl_target],
            rlcard=True,
        )
    )
    rows.append(
        gin_row(
            "(b)",
            "nearly complete 10",
            fresh(lambda r: gin_hands(2000 + r, n, 10, (2, 3))),
            [Target("<=2x OS", "os_value_ratio", 2.0), rl_target],
            rlcard=True,
        )
    )

    sets_c = fresh(lambda r: gin_hands(3000 + r, n, 11, (2, 3)))
    timers_c = {
        "rk_value": Timer(discard_value, sets_c),
        "rk_group": Timer(discard_call, sets_c),
    }
    if spiel is not None:
        cards_c = [[spiel.cards(hand) for hand in one] for one in sets_c]
        timers_c["os_value"] = Timer(spiel.utils.min_deadwood, cards_c)
        check_openspiel_discard(spiel, "(c) best discard 11", sets_c[-1], checks)
    rows.append(
        Row(
            "(c)",
            "best discard 11*",
            str(n),
            timers_c,
            [Target("<=1.5x OS", "os_value_ratio", 1.5)],
        )
    )

    rows.append(
        gin_row(
            "(d)",
            "13 cards, 3-4 melds",
            fresh(lambda r: gin_hands(4000 + r, n, 13, (3, 4))),
            [Target("<=1x OS", "os_value_ratio", 1.0)],
        )
    )
    reps = max(n // 10, 10)
    for label, text, targets in (
        ("worst 10: As-Ts", WORST_10, []),
        (
            "worst 13: 789x4 Ts",
            WORST_13,
            [Target("<=0.25x OS", "os_value_ratio", 0.25)],
        ),
    ):
        # The one hand is the point here: it is timed again and again.
        rows.append(
            gin_row(
                "(e)",
                label,
                [[Hand.parse(text)] * reps],
                targets,
                count=f"1x{reps}",
            )
        )

    for preset in ("gamentio", "standard"):
        variant = get_variant("indian", preset=preset)
        assert isinstance(variant, IndianRummy)
        sets_f = [indian_hands(6000 + r, n, variant) for r in range(runs + 1)]
        # The grouping is timed on other hands than the value, so that no
        # memo the value call fills sees a hand the grouping is timed on.
        groups_f = [indian_hands(6100 + r, n, variant) for r in range(runs + 1)]
        checks.append(_indian_summary(preset, sets_f[0]))
        rows.append(
            Row(
                "(f)",
                f"Indian {preset} 14",
                str(n),
                {
                    "rk_value": Timer(_variant_value(variant), sets_f),
                    "rk_group": Timer(
                        _variant_discard(variant), groups_f, per_hand=True
                    ),
                },
                [
                    Target("median <=100 us", "p50", 100.0),
                    Target("p99 <=1 ms", "p99", 1000.0),
                ],
            )
        )

    rumino = Rumino()
    sets_g = fresh(lambda r: rumino_hands(7000 + r, n))
    pairs_g = [[(hand, None) for hand in one] for one in sets_g]
    groups_g = [
        [(hand, None) for hand in one]
        for one in fresh(lambda r: rumino_hands(7100 + r, n))
    ]
    checks.append(_rumino_summary(sets_g[0]))
    rows.append(
        Row(
            "(g)",
            "Rumino 8",
            str(n),
            {
                "rk_value": Timer(_variant_value(rumino), pairs_g),
                "rk_group": Timer(_variant_discard(rumino), groups_g, per_hand=True),
            },
            [
                Target("median <=20 us", "p50", 20.0),
                Target("p99 <=200 us", "p99", 200.0),
            ],
        )
    )
    return rows


def _variant_value(variant: Variant) -> Callable[[Any], object]:
    def call(pair: tuple[Hand, Rank | None]) -> object:
        return variant.deadwood(pair[0], wild_rank=pair[1], discard=True)

    return call


def _variant_discard(variant: Variant) -> Callable[[Any], object]:
    def call(pair: tuple[Hand, Rank | None]) -> object:
        return variant.best_discard(pair[0], wild_rank=pair[1])

    return call


def _indian_summary(preset: str, pairs: list[tuple[Hand, Rank]]) -> str:
    wild = sum(1 for hand, rank in pairs if any(c.rank == rank for c in hand))
    jokers = sum(1 for hand, _ in pairs if hand.count("Jk"))
    copies = sum(1 for hand, _ in pairs if len(set(hand.codes)) < len(hand))
    return (
        f"(f) Indian {preset}: {len(pairs)} hands, {wild} hold a wild-rank card, "
        f"{jokers} a printed joker, {copies} duplicate cards"
    )


def _rumino_summary(hands: list[Hand]) -> str:
    jokers = sum(1 for hand in hands if hand.count("Jk"))
    copies = sum(
        1
        for hand in hands
        if len({c for c in hand.codes if c != JOKER_CODE})
        < sum(1 for c in hand.codes if c != JOKER_CODE)
    )
    both = sum(
        1
        for hand in hands
        if hand.count("Jk")
        and len({c for c in hand.codes if c != JOKER_CODE})
        < sum(1 for c in hand.codes if c != JOKER_CODE)
    )
    return (
        f"(g) Rumino: {len(hands)} hands, {jokers} hold a joker, {copies} duplicate "
        f"natural cards, {both} both"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--runs", type=int, default=None, help="timed runs per set (default 5)"
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="100 hands a set and 1 run, for a smoke test",
    )
    parser.add_argument(
        "--hands", type=int, default=None, help="hands per set (default 1000)"
    )
    parser.add_argument(
        "--cpu-time",
        action="store_true",
        help="time with the process's CPU clock (time.process_time) instead of "
        "time.perf_counter, for a machine that other work shares",
    )
    parser.add_argument(
        "--sets",
        default="abcdefg",
        help="which sets to time, as letters (default abcdefg); (d) is always "
        "timed, as the common unit",
    )
    args = parser.parse_args(argv)
    wanted = set(args.sets) | {"d"}
    if not wanted <= set("abcdefg"):
        parser.error("--sets takes letters from a to g")
    runs = args.runs or (1 if args.quick else 5)
    n = args.hands or (100 if args.quick else 1000)
    if runs < 1 or n < 1:
        parser.error("--runs and --hands must be at least 1")

    spiel_module = _import("pyspiel")
    spiel = OpenSpiel(spiel_module) if spiel_module is not None else None
    rl = RLCard() if _import("rlcard") is not None else None

    print("rummykit partition benchmark")
    print(f"date:      {datetime.now(UTC):%Y-%m-%d %H:%M} UTC")
    print(
        f"machine:   {platform.machine()}, {os.cpu_count()} CPUs, "
        f"{platform.system()} {platform.release()}"
    )
    if hasattr(os, "getloadavg"):
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
        print(f"load:      {load} (1, 5, 15 min) before the run")
    print(f"python:    {platform.python_implementation()} {platform.python_version()}")
    print(f"rummykit:  {_version('rummykit')}")
    print(
        "OpenSpiel: "
        + (f"{_version('open_spiel')} (pyspiel)" if spiel else "not installed")
    )
    print("RLCard:    " + (_version("rlcard") if rl else "not installed"))
    print(f"runs:      {runs}, hands per set: {n}; figures are median us per hand")
    clock_name = "time.process_time (CPU)" if args.cpu_time else "time.perf_counter"
    print(f"clock:     {clock_name}")
    print()

    checks: list[str] = []
    rows = [
        row
        for row in build_rows(n, runs, spiel, rl, checks)
        if row.key.strip("()") in wanted
    ]
    print("Checks (before timing):")
    for line in checks:
        print("  " + line)
    print()
    sys.stdout.flush()

    cost = measure(
        rows, runs, time.process_time if args.cpu_time else time.perf_counter
    )
    print(
        f"clock cost: {cost * 1e6:.2f} us a single-hand time (two readings "
        "around nothing, the median),\n"
        "            taken off every single-hand time (p50, p99, worst, and the "
        "mean of the rows that keep them)"
    )
    print()
    unit_row = next(row for row in rows if row.key == "(d)")
    unit = unit_row.time("os_value")
    for row in rows:
        row.unit = unit
    for line in table(rows):
        print(line)
    print(
        "rk val: rummykit deadwood(hand) (value only); rk grp: partition(hand) "
        "(the grouping).\n"
        "OS val: OpenSpiel GinRummyUtils(13, 4, 10).min_deadwood(cards); "
        "OS grp: best_meld_group(cards).\n"
        "RLCard: melding.get_best_meld_clusters + utils.get_deadwood_count, as "
        "RLCard's game scores a hand.\n"
        "rk/OS, rk/RL: rummykit time / peer time (below 1 means rummykit is "
        "faster).\n"
        "* (c), (f), (g): rk val is deadwood(hand, discard=True) (the exact "
        "best-discard value),\n"
        "  rk grp is best_discard(hand) (the grouping and the discard too). "
        "For (c), OS val is min_deadwood on the 11\n"
        "  cards (value only, and a shortcut: best meld group, then the costliest "
        "deadwood card\n"
        "  thrown; see the checks above).\n"
        "(e): one hand timed over and over; (f), (g): the variant's methods, "
        "with wild_rank=...\n"
        "p50, p99, worst ((f), (g)): single-hand times of best_discard over every "
        "timed hand of every run.\n"
        "Each run times a fresh set of hands (its own seed), so no cache sees a "
        "timed hand twice;\n"
        "the figures are medians over the runs of the mean time per hand."
    )
    print()
    if unit is None:
        print("OpenSpiel is not installed: no figures in units of its set (d).")
    else:
        print(
            f"Every figure in units of OpenSpiel's min_deadwood on set (d) in this "
            f"run ({unit:.1f} us = 1.00x):"
        )
        for line in table(rows, units=True):
            print(line)
    print()
    for row in rows:
        timer = row.per_hand_timer
        if timer is not None and timer.worst_item is not None:
            hand, wild = timer.worst_item
            print(
                f"{row.key} {row.label}: slowest hand {hand}"
                + (f" (wild {wild.symbol})" if wild is not None else "")
                + f", {row.value('worst'):.0f} us"
            )
    print()
    print("Targets:")
    for line in target_report(rows):
        print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
