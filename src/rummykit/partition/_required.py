"""The small-hand search with a requirement of sequences: Indian Rummy's
standard preset (two sequences, one of them pure, scores capped at 80).

The conditions are close to the wild-card lane's (:mod:`._wild`): jokers
score nothing unmelded, no meld limits its jokers, a meld needs one natural
card, runs have three cards or more, and at most one pure sequence is asked.
Then a wild card read as a printed joker can do all that it can do as
itself but one thing: make a run pure.  So the hand is searched with its
wild cards as jokers, and a run group that takes one joker counts as pure if
the hand's wild card of that suit, as itself, completes it (the one joker is
then that card; with one pure sequence asked, two such runs never need the
same card).

The search is the small-hand search (:mod:`._small`) with two more counts in
each branch: the runs chosen so far, and the pure ones.  A spare joker is
never put in a run (it scores nothing unmelded either), so a run of natural
cards stays pure.  A branch ends once the runs still owed cannot be made
from the groups left; and once too few jokers are left for a single card's
meld, the cards no group can hold with them are deadwood at once.  A
grouping counts only if it meets the requirement and scores no more than
every card does (else every card is the answer, as in the other paths), and
its points are capped, so that a branch ends once the cap is reached.  A run
still owed at the end may be jokers alone, held together by a wild card as
itself (a meld's one natural card); the rare grouping that needs one is laid
out by the general search.

Everything here is private; the general search (:mod:`._search`) and the
brute force in the test suite are the references it is tested against.
"""

from __future__ import annotations

from typing import Any

from rummykit.cards import JOKER_CODE, Card, Rank
from rummykit.melds import MeldRules
from rummykit.partition import _small, _wild
from rummykit.partition._small import _GUARDS, _LOWS, _ONE, Chain, Tables, _Found
from rummykit.partition._types import (
    INF,
    Partition,
    PointValues,
    Requirement,
    _fallback_value,
)

MAX_CARDS = 14
"""The largest hand this path takes (13 cards and the draw)."""

COVER_STEPS = 10
"""How many cards the cover search (:mod:`._cover`) places before this
path's own search takes over: most hands it covers, it covers sooner, and
the hands it cannot cover cost it the most.  (Measured on the standard
preset's hands: 8, 10 and 12 steps gave the same median, 16 a higher p90.)"""

_RUN = _small._RUN


class UseGeneral(Exception):
    """The grouping found holds a run of jokers alone: the general search
    lays it out instead (a rare hand; its value is this path's)."""


def applies(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    wild_rank: Rank | None,
    requirement: Requirement | None,
    forbidden: frozenset[int] | None,
) -> bool:
    """Whether this path answers the hand with these sorted card ``codes``
    exactly (see the module's docstring)."""
    if (
        requirement is None
        or not requirement.needs_sequences
        or requirement.long_sequence is not None
        or requirement.min_pure_sequences > 1
    ):
        return False
    if (
        points.joker
        or rules.golden_rummy
        or rules.max_jokers_per_meld is not None
        or rules.max_jokers_per_run is not None
        or rules.min_naturals_per_meld != 1
        or rules.min_run < 3
    ):
        return False
    if not codes or len(codes) > MAX_CARDS:
        return False
    wild = -1 if wild_rank is None else int(wild_rank) - 1
    if forbidden:
        for code in codes:
            if (code == JOKER_CODE or code % 13 == wild) and code in forbidden:
                return False
    return True


def _search(
    naturals: list[int],
    jokers: int,
    t: Tables,
    forbidden: frozenset[int] | None,
    need: tuple[int, int],
    limits: tuple[int, int, int],
    wilds: tuple[int, int, int],
    counter: list[int] | None = None,
) -> tuple[_Found, set[int], tuple[bool, int]]:
    """The best grouping of the sorted natural card codes ``naturals`` and
    ``jokers`` jokers that holds ``need`` = (runs, pure runs), as
    :func:`._small._search` gives it.  ``limits`` = (ceiling, bound, cap): a
    grouping is kept only if it scores less than ``ceiling`` and, capped at
    ``cap``, less than ``bound``; otherwise the value stays ``bound`` and no
    groups are chosen.  ``wilds`` = (the suits of the wild cards held, as
    bits, where they may make a run pure; the wild rank's index, or -1; how
    many wild cards the hand holds): a run group that one of them completes
    as itself counts as pure, and a run still owed may be jokers alone with
    one wild card as itself.  Returned with the best grouping: the ids of
    the groups that count as pure that way, and (whether a grouping was
    kept, how many runs of jokers alone it holds)."""
    ceiling, bound, cap = limits
    need_runs, need_pure = need
    pts = t.points
    discarding = forbidden is not None
    counted = 0
    one = _ONE
    for code in naturals:
        counted += one[code]
    held = (counted | counted >> 1) & _LOWS
    # The costliest card that may be thrown (jokers score nothing).
    top = 0
    if discarding:
        for code in naturals:
            if pts[code] > top and (not forbidden or code not in forbidden):
                top = pts[code]
    state = counted + (held << 2)
    joker_cap = jokers if jokers <= t.size else t.size
    covers: list[tuple[int, ...]] = []
    runs_by_low, _ = _small._groups(t, counted, held, joker_cap, covers)
    # A single card and jokers: as a run (one more run, never pure), and as
    # a set only where that takes fewer jokers.
    run_single = max(t.min_run, 1) - 1
    if run_single > min(t.longest - 1, t.run_jokers) or t.min_naturals > 1:
        run_single = INF
    set_single = max(t.min_set, 1) - 1
    if set_single > min(t.max_set - 1, t.set_jokers) or set_single >= run_single:
        set_single = INF
    throw_keys = t.throw_keys if discarding else t.no_throw
    if forbidden:
        kept = list(throw_keys)
        for code in forbidden:
            if 0 <= code < 53:
                kept[code] = -1
        throw_keys = tuple(kept)
    guard = state & _GUARDS
    # reach[j]: the cards some group with at most j jokers holds, for each j
    # too few for a single card's meld: with j jokers left, a card outside
    # it is deadwood whatever the branch does.
    fewest = min(run_single, set_single)
    reach = [0] * min(fewest, joker_cap + 1)
    for j in range(len(reach)):
        found = 0
        for cover in covers:
            found |= cover[j]
        reach[j] = (found | found >> 1) & _LOWS  # (a count of two or three)
    joker_allowed = discarding and JOKER_CODE not in forbidden  # type: ignore[operator]
    best: _Found = [bound, None, False, -1, counted, jokers]
    # Whether a grouping was kept, and the runs of jokers alone it holds.
    extra: list[Any] = [False, 0]
    min_run = t.min_run
    # The run groups, by lowest card, the pure ones apart: a branch ends
    # once those left cannot give the runs the requirement still asks.
    pures: list[tuple[int, int, int]] = []
    others: list[tuple[int, int, int]] = []
    wild_suits, wild, wild_count = wilds
    run_of = t._run_of
    claimed: set[int] = set()
    for low, entries in runs_by_low.items():
        for entry in entries:
            kind, codes = entry[3]
            if kind is _RUN:
                kmin = entry[1]
                if not kmin:
                    pures.append((low, entry[0], 0))
                elif kmin == 1 and wild_suits >> (low // 13) & 1:
                    # Pure if the joker is the wild card of its suit, as
                    # itself: the run it completes takes no joker.
                    ranks = 1 << wild
                    for code in codes:
                        ranks |= 1 << (code % 13)
                    whole = run_of[ranks]
                    if whole is not None and not whole[1]:
                        pures.append((low, entry[0], 1))
                        claimed.add(id(entry))
                    else:
                        others.append((low, entry[0], 1))
                else:
                    others.append((low, entry[0], kmin))
    # The highest first: a check stops at the first below the lowest card.
    pures.sort(reverse=True)
    others.sort(reverse=True)

    def walk(
        state: int,
        jokers: int,
        dead: int,
        throw: int,
        runs: int,
        pure: int,
        chosen: Chain,
    ) -> None:
        if jokers < fewest:
            alone = (state | state >> 1) & _LOWS & ~reach[jokers]
            while alone:
                bit = alone & -alone
                alone ^= bit
                code = (bit.bit_length() - 1) // 3
                count = state >> (3 * code) & 3
                state -= count << (3 * code)
                dead += count * pts[code]
                if throw_keys[code] > throw:
                    throw = throw_keys[code]
        floor = dead - top if dead > top else 0
        if best[0] <= floor:
            return
        while True:
            rest = state ^ guard
            if not rest:
                break
            low = ((rest & -rest).bit_length() - 1) // 3
            if pure < need_pure:
                for first, mask, kmin in pures:
                    if first < low:
                        return  # no pure run is left to make
                    if kmin <= jokers and (state - mask) & guard == guard:
                        break
                else:
                    return
            if (
                runs < need_runs
                and jokers < run_single * (need_runs - runs)
                and not _fits(pures, others, low, state, guard, jokers)
            ):
                return  # no run is left to make
            at = 3 * low
            entries = runs_by_low.get(low)
            if entries is not None:
                for entry in entries:
                    kmin = entry[1]
                    if kmin <= jokers:
                        after = state - entry[0]
                        if after & guard == guard:
                            if entry[3][0] is _RUN:
                                deeper[0](
                                    after,
                                    jokers - kmin,
                                    dead,
                                    throw,
                                    runs + 1,
                                    pure + 1
                                    if not kmin or (claimed and id(entry) in claimed)
                                    else pure,
                                    (entry, chosen),
                                )
                            else:
                                deeper[0](
                                    after,
                                    jokers - kmin,
                                    dead,
                                    throw,
                                    runs,
                                    pure,
                                    (entry, chosen),
                                )
                            if best[0] <= floor:
                                return
            if run_single <= jokers:
                single = (1 << at, run_single, 0, (_RUN, (low,)))
                deeper[0](
                    state - (1 << at),
                    jokers - run_single,
                    dead,
                    throw,
                    runs + 1,
                    pure,
                    (single, chosen),
                )
                if best[0] <= floor:
                    return
            if set_single <= jokers:
                single = (1 << at, set_single, 0, (_small._SET, (low,)))
                deeper[0](
                    state - (1 << at),
                    jokers - set_single,
                    dead,
                    throw,
                    runs,
                    pure,
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
        if pure < need_pure:
            return
        alone = 0
        if runs < need_runs:
            # The runs still owed, made of jokers alone, each held together
            # by a wild card as itself (its one natural card): the wild cards
            # left for them are those no run needs to be pure.
            alone = need_runs - runs
            if alone * min_run > jokers or alone > _free_wilds(
                wild_count, chosen, claimed, need_pure
            ):
                return
            jokers -= alone * min_run
        if not discarding:
            value = dead
        elif throw >= 0:
            # A natural card is thrown rather than a joker (which would
            # leave no less).
            value = dead - (throw >> 6)
        elif jokers and joker_allowed:
            value = dead
        else:
            return  # every card melded and no spare joker: nothing to throw
        if value < ceiling:
            capped = value if value < cap else cap
            if capped < best[0]:
                best[0] = capped
                best[1] = chosen
                best[2] = throw < 0 and discarding
                best[3] = throw & 63
                extra[0] = True
                extra[1] = alone

    deeper = [walk]
    if counter is not None:

        def tallied(
            state: int,
            jokers: int,
            dead: int,
            throw: int,
            runs: int,
            pure: int,
            chosen: Chain,
        ) -> None:
            counter[0] += 1
            walk(state, jokers, dead, throw, runs, pure, chosen)

        deeper[0] = tallied
    walk(state, jokers, 0, -1, 0, 0, None)
    deeper.clear()
    return best, claimed, (extra[0], extra[1])


def _free_wilds(
    wild_count: int, chosen: Chain, claimed: set[int], need_pure: int
) -> int:
    """The wild cards that no chosen run needs as itself to be pure: all of
    them, less one for each pure run still owed to a claimed group once the
    runs of natural cards are counted."""
    if not claimed or not wild_count:
        return wild_count
    natural = owed = 0
    while chosen is not None:
        entry, chosen = chosen
        if entry[3][0] is _RUN:
            if not entry[1]:
                natural += 1
            elif id(entry) in claimed:
                owed += 1
    return wild_count - max(0, min(owed, need_pure - natural))


def _fits(
    pures: list[tuple[int, int, int]],
    others: list[tuple[int, int, int]],
    low: int,
    state: int,
    guard: int,
    jokers: int,
) -> bool:
    """Whether a run group (``pures`` or ``others``, the highest lowest card
    first) that starts at ``low`` or above still fits in ``state`` with
    ``jokers``."""
    for first, mask, kmin in pures:
        if first < low:
            break
        if kmin <= jokers and (state - mask) & guard == guard:
            return True
    for first, mask, kmin in others:
        if first < low:
            break
        if kmin <= jokers and (state - mask) & guard == guard:
            return True
    return False


def _solve(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    wild_rank: Rank | None,
    requirement: Requirement,
    forbidden: frozenset[int] | None,
    counter: list[int] | None = None,
) -> tuple[_Found, set[int], tuple[bool, int], int, int]:
    """The best grouping that meets the requirement and scores no more than
    every card, with what :func:`_search` returns beside it; every card's
    points; the cap."""
    t = _small._tables(rules, points, MAX_CARDS)
    wild = -1 if wild_rank is None else int(wild_rank) - 1
    naturals = []
    jokers = 0
    wild_suits = 0
    wild_count = 0
    for code in codes:
        if code == JOKER_CODE:
            jokers += 1
        elif code % 13 == wild:
            jokers += 1
            wild_count += 1
            wild_suits |= 1 << (code // 13)
        else:
            naturals.append(code)
    if not rules.wild_natural_is_pure:
        wild_suits = 0
    fallback = _fallback_value(codes, points, wild_rank, forbidden)
    cap = INF if requirement.cap is None else requirement.cap
    found, claimed, extra = _search(
        naturals,
        jokers,
        t,
        forbidden,
        (requirement.min_sequences, requirement.min_pure_sequences),
        (fallback + 1, fallback + 1, cap),
        (wild_suits, wild, wild_count),
        counter,
    )
    return found, claimed, extra, fallback, cap


def value(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    wild_rank: Rank | None,
    requirement: Requirement,
    forbidden: frozenset[int] | None,
    counter: list[int] | None = None,
) -> int:
    """The least deadwood of the hand under ``requirement`` (after the best
    discard, with ``forbidden`` cards kept, unless ``forbidden`` is
    ``None``); ``counter`` counts the search's branches."""
    found, _, (kept, _), fallback, cap = _solve(
        codes, rules, points, wild_rank, requirement, forbidden, counter
    )
    if kept:
        return found[0]  # type: ignore[no-any-return]
    return fallback if fallback < cap else cap


def grouping(
    codes: tuple[int, ...],
    rules: MeldRules,
    points: PointValues,
    wild_rank: Rank | None,
    requirement: Requirement,
    forbidden: frozenset[int] | None,
) -> Partition | None:
    """The optimal grouping of the hand under ``requirement``, in the hand's
    own cards, or ``None`` if none meets it and scores no more than every
    card.

    :raises UseGeneral: if the grouping holds a run of jokers alone (a
        wild card as itself and jokers), which this path does not lay out.
    """
    found, claimed, (kept, alone), _, _ = _solve(
        codes, rules, points, wild_rank, requirement, forbidden
    )
    if not kept:
        return None
    if alone:
        raise UseGeneral
    t = _small._tables(rules, points, MAX_CARDS)
    inner = _small._build(t, found, forbidden, keep_pure=True)
    wild = -1 if wild_rank is None else int(wild_rank) - 1
    pool = [
        Card.from_code(code)
        for code in codes
        if code != JOKER_CODE and code % 13 == wild
    ]
    # The runs made pure by a wild card as itself get that card.
    claims: dict[tuple[int, ...], Card] = {}
    chain = found[1]
    while chain is not None:
        entry, chain = chain
        if id(entry) in claimed:
            codes_in = entry[3][1]
            claims[codes_in] = Card.from_code(codes_in[0] // 13 * 13 + wild)
    return _wild.in_own_cards(
        inner, pool, codes.count(JOKER_CODE), rules, wild_rank, claims
    )
