"""A cheap lower bound on a hand's deadwood, to skip exact searches that cannot pass.

Knock tests and declaration checks ask whether a hand's optimal deadwood is
at most some limit.  Most hands are far from it, and a card that no meld of
the hand could hold is deadwood in every grouping, so the points of such
cards bound the deadwood from below.  A natural card can be in a meld only if
the hand holds enough cards of its rank for a set, or cards of its suit that
fill a shortest run around it, with jokers (printed or of the wild rank)
filling what is missing.  Each test only asks for what any meld holding the
card must contain, so the bound never exceeds the exact value; when it is
over the limit, the exact search is not needed.

>>> from rummykit.cards import Hand
>>> from rummykit.melds import MeldRules
>>> from rummykit.partition import PointValues
>>> floor(Hand.parse("As 2s 3s 9d Kc").codes, MeldRules(), PointValues())
19
>>> floor(Hand.parse("As 2s 3s 9d Kc").codes, MeldRules(), PointValues(), discard=True)
9
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from rummykit.cards import JOKER_CODE, Rank
from rummykit.melds import MeldRules
from rummykit.partition import PointValues
from rummykit.partition._jokers import (
    _cover_shapes,
    _held_at_least,
    _joker_floor,
    _rows,
)

__all__ = [
    "floor",
    "may_cover",
    "may_hold_pure_run",
    "may_meld_all",
]


@lru_cache(maxsize=4096)
def _runs_through(held: int, rules: MeldRules, jokers: int) -> tuple[int, int]:
    """For a suit whose ranks in hand are the mask ``held``: the ranks a row of
    naturals holds, and the ranks a row with at most ``jokers`` gaps holds."""
    full = near = 0
    for row in _rows(rules):
        gaps = (row & ~held).bit_count()
        if not gaps:
            full |= row
        elif gaps <= jokers:
            near |= row
    return full, full | near


_Through = tuple[int, int]

_THROUGH: dict[tuple[int, int], tuple[MeldRules, list[_Through | None]]] = {}
""":func:`_runs_through` by rule set (by identity, the rule set kept with its
table) and joker count: a table of every suit mask, filled as masks come up.
A hand's suit masks are too many for the shared cache, and hashing the rules
at each look-up cost more than the look-up."""


def _through_table(rules: MeldRules, jokers: int) -> list[_Through | None]:
    """The table of :data:`_THROUGH` for ``rules`` and ``jokers``."""
    found = _THROUGH.get((id(rules), jokers))
    if found is not None and found[0] is rules:
        return found[1]
    if len(_THROUGH) >= 64:
        _THROUGH.clear()
    table: list[_Through | None] = [None] * 8192
    _THROUGH[id(rules), jokers] = (rules, table)
    return table


_PLACES: dict[int, tuple[MeldRules, tuple[tuple[int, ...], int] | None]] = {}
""":func:`_places` by rule set, looked up by identity (the rule set kept with
it): asked at every node of a cover search."""


def _places_of(rules: MeldRules) -> tuple[tuple[int, ...], int] | None:
    """:func:`_places` of ``rules``, without hashing them."""
    found = _PLACES.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    if len(_PLACES) >= 64:
        _PLACES.clear()
    places = _places(rules)
    _PLACES[id(rules)] = (rules, places)
    return places


class _Scan:
    """What :func:`floor` and :func:`may_meld_all` learn from one pass over a hand."""

    __slots__ = ("jokers", "lone", "needy")

    def __init__(self, jokers: int, lone: list[int], needy: int) -> None:
        self.jokers = jokers
        """Printed jokers and cards of the wild rank."""
        self.lone = lone
        """The ranks of the natural cards that no meld of the hand can hold."""
        self.needy = needy
        """How many natural cards no meld without a joker can hold."""


def _scan(codes: tuple[int, ...], rules: MeldRules, wild_rank: Rank | None) -> _Scan:
    # Suit by suit, as 13-bit rank masks: a card of a rank held in enough
    # suits (or, without distinct suits, enough times) is in a set of
    # naturals, one on a full row in a run of naturals; the rest are needy,
    # and lone if jokers can fill neither.  A code held more than once is a
    # repeat, counted once more for each extra copy.
    wild = -1 if wild_rank is None else int(wild_rank) - 1
    jokers = 0
    held = 0  # bit ``code`` for each natural card held
    repeats: list[int] = []
    for code in codes:
        if code == JOKER_CODE:
            jokers += 1
        elif held >> code & 1:
            repeats.append(code)
        else:
            held |= 1 << code
    suits = [held & 0x1FFF, held >> 13 & 0x1FFF, held >> 26 & 0x1FFF, held >> 39]
    if wild >= 0:
        # a card of the wild rank may stand for any card, or play as
        # itself: count it both ways (a bound may only err towards melds)
        a, b, c, d = suits
        jokers += (a >> wild & 1) + (b >> wild & 1) + (c >> wild & 1) + (d >> wild & 1)
        if repeats:
            jokers += sum(1 for code in repeats if code % 13 == wild)
    set_jokers = jokers
    if rules.max_jokers_per_meld is not None:
        set_jokers = min(set_jokers, rules.max_jokers_per_meld)
    run_jokers = set_jokers
    if rules.max_jokers_per_run is not None:
        run_jokers = min(run_jokers, rules.max_jokers_per_run)
    min_set = rules.min_set
    distinct = rules.set_distinct_suits and not rules.golden_rummy
    # the ranks a set of naturals holds; the ranks jokers can make a set of
    in_set = _held_at_least(suits, min_set)
    may_set = _held_at_least(suits, min_set - set_jokers)
    if repeats and not distinct:  # a repeat counts towards a set too
        for rank in {code % 13 for code in repeats}:
            count = sum(held >> rank & 1 for held in suits)
            count += sum(1 for code in repeats if code % 13 == rank)
            bit = 1 << rank
            in_set = in_set | bit if count >= min_set else in_set & ~bit
            may_set = may_set | bit if count >= min_set - set_jokers else may_set & ~bit
    # the ranks that may be needy: no wild rank, and no set of naturals
    open_ranks = ~in_set & ~(1 << wild) if wild >= 0 else ~in_set
    lone: list[int] = []
    needy = 0
    needy_of = [0, 0, 0, 0]
    lone_of = [0, 0, 0, 0]
    suit = -1
    through = _through_table(rules, run_jokers)
    for held in suits:
        suit += 1
        ranks = held & open_ranks
        if not ranks:
            continue
        found = through[held]
        if found is None:
            found = through[held] = _runs_through(held, rules, run_jokers)
        natural, reach = found
        ranks &= ~natural
        if not ranks:
            continue
        needy += ranks.bit_count()
        needy_of[suit] = ranks
        ranks &= ~may_set & ~reach
        if ranks:
            lone_of[suit] = ranks
            while ranks:
                low = ranks & -ranks
                lone.append(low.bit_length() - 1)
                ranks ^= low
    for code in repeats:
        suit = code // 13
        rank = code - 13 * suit
        if needy_of[suit] >> rank & 1:
            needy += 1
            if lone_of[suit] >> rank & 1:
                lone.append(rank)
    return _Scan(jokers, lone, needy)


def floor(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    *,
    wild_rank: Rank | None = None,
    discard: bool = False,
) -> int:
    """A lower bound on the deadwood of the hand with these sorted card
    ``codes`` (after its best discard, if ``discard``), under any grouping
    requirement the exact value may also meet: the points of its natural
    cards that no meld of the hand can hold.

    It is never above :func:`rummykit.partition.deadwood` of the same hand
    and options.  A cap (such as Indian Rummy's 80) is not applied here:
    compare with the cap first if there is one.
    """
    lone = _scan(codes, rules, wild_rank).lone
    if not lone:
        return 0
    values = points.ranks
    total = sum(values[rank] for rank in lone)
    return total - max(values[rank] for rank in lone) if discard else total


def may_meld_all(
    codes: tuple[int, ...],
    rules: MeldRules,
    *,
    wild_rank: Rank | None = None,
    discard: bool = False,
) -> bool:
    """``False`` if no grouping of the hand (after one discard, if
    ``discard``) melds every card; ``True`` if it may.

    Besides the cards no meld can hold, it counts the natural cards that only
    a meld with a joker can hold.  Let ``shortest`` be the larger of the
    shortest set and the shortest run.  A set with jokers holds fewer than
    ``shortest`` such cards; in a run with ``k`` jokers the natural cards
    form at most ``k + 1`` stretches, and only a stretch shorter than a run
    holds such cards.  So a meld with ``k >= 1`` jokers holds at most
    ``(k + 1) * (shortest - 1) <= 2 * k * (shortest - 1)`` of them, and the
    hand's ``J`` jokers at most ``2 * J * (shortest - 1)``.

    >>> from rummykit.cards import Hand
    >>> may_meld_all(Hand.parse("As 2s 3s 9d 9c 9h Kc").codes, MeldRules(), discard=True)
    True
    >>> may_meld_all(Hand.parse("As 2s 4s 9d 9c 8h Jk Kc").codes, MeldRules(), discard=True)
    False
    """
    scan = _scan(codes, rules, wild_rank)
    spare = 1 if discard else 0
    if len(scan.lone) > spare:
        return False
    shortest = max(rules.min_set, rules.min_run)
    return scan.needy - spare <= 2 * (shortest - 1) * scan.jokers


def may_hold_pure_run(codes: tuple[int, ...], rules: MeldRules) -> bool:
    """``False`` if no meld of the hand with these card ``codes`` can be a pure
    run (a sequence without jokers); ``True`` if one may.

    A pure run is ``min_run`` natural cards of one suit in a row the rules
    allow, or, under golden rummy, three identical natural cards.  Cards of
    the wild rank are counted as naturals (they may stand as themselves),
    so only printed jokers are left out and ``False`` is certain.  A hand
    holds such a meld after a discard only if it holds one before.

    >>> from rummykit.cards import Hand
    >>> may_hold_pure_run(Hand.parse("As 2s 3s 9d Jk").codes, MeldRules())
    True
    >>> may_hold_pure_run(Hand.parse("As 2s 4s 9d 9c 9h Jk").codes, MeldRules())
    False
    """
    places = _places_of(rules)
    if places is None:  # runs wrap: by suit
        suits = [0, 0, 0, 0]
        for code in codes:
            if code != JOKER_CODE:
                suits[code // 13] |= 1 << (code % 13)
        for held in suits:
            if held and _runs_through(held, rules, 0)[0]:
                return True
    else:  # every suit at once: a row of places all held
        bits, starts = places
        held = 0
        for code in codes:
            held |= bits[code]
        row = held
        for shift in range(1, rules.min_run):
            row &= held >> shift
        if row & starts:
            return True
    if rules.golden_rummy:
        naturals = [code for code in codes if code != JOKER_CODE]
        return any(naturals.count(code) >= 3 for code in set(naturals))
    return False


@lru_cache(maxsize=64)
def _places(rules: MeldRules) -> tuple[tuple[int, ...], int] | None:
    """For rules whose runs do not wrap: each card code's places as bits of
    a mask of 14 places a suit (place 0 a low ace, 1-12 the ranks 2 to K,
    13 a high ace; a printed joker has none), and the places a run of
    ``min_run`` may start at.  ``None`` if runs wrap.

    A hand holds a row of :func:`_windows` in a suit exactly when its mask
    holds ``min_run`` places in a row from such a start.
    """
    if rules.wrap:
        return None
    first, last = (0 if rules.ace_low else 1), (13 if rules.ace_high else 12)
    bits = []
    for code in range(JOKER_CODE):
        suit, rank = divmod(code, 13)
        ranks = [place for place in (rank, rank + 13) if first <= place <= last]
        bits.append(sum(1 << (14 * suit + place) for place in ranks))
    bits.append(0)  # a printed joker
    starts = sum(
        1 << (14 * suit + start)
        for suit in range(4)
        for start in range(first, last - rules.min_run + 2)
    )
    return tuple(bits), starts


def may_cover(
    codes: tuple[int, ...],
    rules: MeldRules,
    *,
    wild_rank: Rank | None = None,
    discard: bool = False,
    sequences: int = 0,
) -> bool:
    """``False`` if no grouping of the hand with these sorted card ``codes``
    (after one discard, if ``discard``) melds every card in at least
    ``sequences`` runs and any sets; ``True`` if it may.
    Sharper than :func:`may_meld_all`, and dearer: a search of a relaxed
    problem.

    The relaxation keeps only the shapes of melds: a set is cards of one rank
    (of different suits if the rules ask for it, but under golden rummy,
    where three identical cards make a sequence), a run is cards of one suit
    on a row of places the rules allow, and a joker (printed or of the wild rank, which may also play as
    itself: a joker standing for it does the same) fills any place.  Caps on
    jokers, naturals and sizes, and the grouping's requirement, are dropped,
    and jokers left over are taken to fit somewhere.  A longer meld splits
    into shorter ones of the same shapes, so sets of ``min_set`` to
    ``2 * min_set - 1`` cards and runs of ``min_run`` to ``2 * min_run - 1``
    suffice.  Every valid grouping is a grouping of the relaxation, so
    ``False`` is certain.

    With ``sequences``, each run of the relaxation counts as one (a long run
    splits into at least as many), a set counts too under golden rummy
    (three identical cards may be a sequence), and the jokers left over
    count as one for each shortest run they fill (a group of wild cards may
    be read as a sequence).  A real grouping's runs are never fewer.

    >>> from rummykit.cards import Hand
    >>> may_cover(Hand.parse("As 2s 3s 9d 9c 9h Kc").codes, MeldRules(), discard=True)
    True
    >>> may_cover(Hand.parse("As 2s 4s 9d 9c 8h Jk Kc").codes, MeldRules(), discard=True)
    False
    >>> may_cover(Hand.parse("As 2s 3s 9d 9c 9h Kc").codes, MeldRules(), discard=True, sequences=2)
    False
    """
    wild = -1 if wild_rank is None else int(wild_rank) - 1
    naturals = tuple(code for code in codes if code != JOKER_CODE and code % 13 != wild)
    jokers = len(codes) - len(naturals)
    if _joker_floor(codes, rules, wild, discard, jokers) > jokers:
        return False  # most hands that get here: no search
    shapes = _cover_shapes(rules)
    min_set = rules.min_set
    most_others = 2 * min_set - 2
    golden = rules.golden_rummy
    # the fewest jokers that make a sequence on their own
    per_run = min(rules.min_run, 3) if golden else rules.min_run
    reach = _reach(rules)
    distinct = rules.set_distinct_suits and not golden
    failed: set[tuple[tuple[int, ...], int, int, int]] = set()

    def covers(rest: tuple[int, ...], jokers: int, spare: int, runs: int) -> bool:
        if not rest:
            return runs * per_run <= jokers
        key = (rest, jokers, spare, runs)
        if key in failed:
            return False
        # the card with the fewest ways to be melded goes first: one that no
        # meld of naturals can hold, if there is one (the order is free);
        # too many such cards for the jokers, and no cover can hold them
        at, needy = _neediest(rest, min_set, rules)
        if needy - spare > reach * jokers:
            failed.add(key)
            return False
        card = rest[at]
        rest = rest[:at] + rest[at + 1 :]
        if spare and covers(rest, jokers, 0, runs):
            return True
        rank = card % 13
        suit = card - rank
        # the others of its suit and of its rank
        held = 0
        same: list[int] = []
        for at, code in enumerate(rest):
            if 0 <= code - suit < 13:
                held |= 1 << (code - suit)
            if code % 13 == rank and (
                not distinct or (code != card and (not same or rest[same[-1]] != code))
            ):
                same.append(at)  # one of each other suit, if sets ask for it
        # runs through the card: each other place a natural still held, or a joker
        after_run = runs - 1 if runs else 0
        after_set = after_run if golden else runs
        for row in shapes[rank]:
            missing = (row & ~held).bit_count()
            if missing > jokers:
                continue
            present = row & held
            # use a natural where one is held, or leave it for later and fill with a joker
            sub = present
            while True:
                need = missing + (present & ~sub).bit_count()
                if need <= jokers:
                    left = _without_ranks(rest, suit, sub)
                    if covers(left, jokers - need, spare, after_run):
                        return True
                if not sub:
                    break
                sub = (sub - 1) & present
        # sets: the card with some others of its rank, jokers for the rest
        for size in range(min(len(same), most_others) + 1):
            need = min_set - 1 - size
            if need > jokers:
                continue
            for chosen in combinations(same, size):
                left = tuple(code for at, code in enumerate(rest) if at not in chosen)
                if covers(left, jokers - max(need, 0), spare, after_set):
                    return True
        failed.add(key)
        return False

    return covers(naturals, jokers, 1 if discard else 0, sequences)


def _neediest(rest: tuple[int, ...], min_set: int, rules: MeldRules) -> tuple[int, int]:
    """Where in ``rest`` (sorted card codes) the first card lies that neither
    a set nor a run of the naturals in ``rest`` can hold (0 if every card can
    be held so), and how many such *needy* cards ``rest`` holds.

    A needy card can be melded only with a joker, and a meld with ``k >= 1``
    jokers holds at most ``2 * k * (shortest - 1)`` of them (see
    :func:`may_meld_all`; a meld of the relaxation too): so a cover of
    ``rest`` needs ``needy <= 2 * (shortest - 1) * jokers``, one more with a
    card to spare.
    """
    counts = [0] * 13
    places = _places_of(rules)
    if places is None:  # runs wrap: each suit's rows, when asked
        suits = [0, 0, 0, 0]
        for code in rest:
            suits[code // 13] |= 1 << (code % 13)
            counts[code % 13] += 1
        rows: list[int | None] = [None, None, None, None]
        first = -1
        needy = 0
        for at, code in enumerate(rest):
            rank = code % 13
            if counts[rank] >= min_set:
                continue
            suit = code // 13
            natural = rows[suit]
            if natural is None:
                natural = rows[suit] = _runs_through(suits[suit], rules, 0)[0]
            if not natural >> rank & 1:
                needy += 1
                if first < 0:
                    first = at
        return max(first, 0), needy
    # every suit at once: the places of the rows of naturals held
    bits, starts = places
    held = 0
    for code in rest:
        held |= bits[code]
        counts[code % 13] += 1
    row = held
    for shift in range(1, rules.min_run):
        row &= held >> shift
    row &= starts
    in_row = row
    for shift in range(1, rules.min_run):
        in_row |= row << shift
    first = -1
    needy = 0
    for at, code in enumerate(rest):
        if counts[code % 13] >= min_set or in_row & bits[code]:
            continue
        needy += 1
        if first < 0:
            first = at
    return max(first, 0), needy


def _reach(rules: MeldRules) -> int:
    """The most needy cards (see :func:`_neediest`) one joker can help meld."""
    return 2 * (max(rules.min_set, rules.min_run) - 1)


def _without_ranks(rest: tuple[int, ...], suit: int, ranks: int) -> tuple[int, ...]:
    """``rest`` less one card of the suit (first code ``suit``) for each rank
    in the mask ``ranks``."""
    if not ranks:
        return rest
    kept: list[int] = []
    for code in rest:
        bit = 1 << (code - suit) if 0 <= code - suit < 13 else 0
        if ranks & bit:
            ranks &= ~bit
        else:
            kept.append(code)
    return tuple(kept)
