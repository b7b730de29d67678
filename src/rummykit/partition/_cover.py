"""The cover path: a grouping that melds every card, found by a short search.

Most hands a player decides on hold a grouping that leaves nothing (or
only the discard) unmelded; no grouping scores less, so finding one is a
complete answer.  This search covers the cards in order, the lowest first:
each goes into a run that it starts, a set of its rank, or is the discard.
Jokers (printed ones and cards of the wild rank) fill the gaps and ends of
runs and sets; a wild card may also stand as itself in a run.  Where the
caller asks (``natural_first``: the requirement lane's short search), a card
tries its melds without jokers or wild cards first, then those with some:
jokers are few, and one spent early is often the one a later card needs.

Cards that no meld of the hand can hold (no set partner and no run within
the jokers' reach) are set aside first as deadwood, the costliest one that
may be thrown as the discard: every grouping scores at least their points,
so a cover of the other cards is optimal too.

It answers only "yes, here is one" or "don't know": it stops after a fixed
number of steps, and it leaves aside a few groupings (runs made of wild
cards and jokers alone), so a hand it cannot cover goes on to the exact
searches.  It serves rules where unmelded jokers score nothing, sets take
distinct suits and no long sequence is required.
"""

from __future__ import annotations

from itertools import combinations

from rummykit.cards import JOKER_CODE, Card, Rank
from rummykit.errors import InvalidMeldError
from rummykit.melds import Meld, MeldKind, MeldRules
from rummykit.partition._jokers import _joker_floor
from rummykit.partition._types import Partition, PointValues, Requirement

STEPS = 200
"""How many cards the search places before it gives up."""

COUNT_AFTER = 24
"""How many cards the search places before it counts the jokers the hand
needs (:func:`~rummykit.partition._jokers.joker_floor`): most covers are
found sooner, and a search that runs longer often has none to find."""


class GiveUp(Exception):
    """The search took more than :data:`STEPS` steps, or the joker count
    showed that no cover exists."""


def applies(
    rules: MeldRules,
    points: PointValues,
    wild_rank: Rank | None,
    requirement: Requirement | None,
) -> bool:
    """Whether a grouping this path finds is valid and optimal under these rules."""
    return (
        points.joker == 0
        and not rules.wrap
        and (rules.ace_low or rules.ace_high)
        and rules.max_jokers_per_meld is None
        and rules.max_jokers_per_run is None
        and rules.min_naturals_per_meld <= 1
        and not rules.golden_rummy
        and rules.set_distinct_suits
        and rules.min_set >= 2
        and rules.min_run >= 2
        and (requirement is None or requirement.long_sequence is None)
        and min(points.ranks) >= 0
    )


# A meld found: (is a run, natural codes, wild cards standing as themselves
# (codes), jokers).
Found = tuple[bool, tuple[int, ...], tuple[int, ...], int]


class Cover:
    """One search for a grouping that melds every card but the discard."""

    __slots__ = (
        "ace_high",
        "ace_low",
        "banned",
        "counts",
        "dead",
        "discarding",
        "failed",
        "held",
        "high",
        "left",
        "limit",
        "longest",
        "low",
        "max_set",
        "melds",
        "min_run",
        "min_set",
        "most",
        "natural_pass",
        "owed_pure",
        "owed_runs",
        "passes",
        "pool",
        "printed",
        "pure_wild",
        "requirement",
        "rules",
        "span",
        "start",
        "steps",
        "thrown",
        "wild",
        "wild_counts",
        "wild_key",
        "wild_used",
    )

    def __init__(
        self,
        codes: tuple[int, ...],
        rules: MeldRules,
        wild_rank: Rank | None,
        requirement: Requirement | None,
        forbidden: frozenset[int] | None,
        steps: int = STEPS,
        natural_first: bool = False,
    ) -> None:
        self.rules = rules
        #: How many cards the search places before it gives up.
        self.most = steps
        self.requirement = requirement
        self.wild = wild = -1 if wild_rank is None else int(wild_rank) - 1
        self.discarding = forbidden is not None
        self.banned = forbidden or frozenset()
        # Each natural card's count, by code; zeros past the last code, so
        # that a card's partners of higher suits are read without a check.
        self.counts = counts = [0] * 91
        self.wild_counts = wild_counts = [0, 0, 0, 0]
        printed = 0
        # The natural cards left, three bits a code: :attr:`counts` as one
        # number, kept in step with it, for the failure memo's keys; and how
        # many they are.
        held = left = 0
        for code in codes:
            if code == JOKER_CODE:
                printed += 1
            elif code % 13 == wild:
                wild_counts[code // 13] += 1
            else:
                counts[code] += 1
                held += 1 << 3 * code
                left += 1
        self.printed = printed
        self.held = held
        self.left = left
        self.pool = printed + sum(wild_counts)
        self.wild_used = [0, 0, 0, 0]
        # :attr:`wild_used` as one number, four bits a suit (at most three
        # copies of a card), for the failure memo's keys.
        self.wild_key = 0
        # The pure runs and the runs the requirement still asks for.
        self.owed_pure = self.owed_runs = 0
        if requirement is not None and requirement.needs_sequences:
            self.owed_pure = requirement.min_pure_sequences
            self.owed_runs = requirement.min_sequences
        self.thrown: int | None = None
        #: The passes over each card's melds: with ``natural_first``, those
        #: without jokers or wild cards (``True``), then those with some
        #: (``False``); else one pass over all of them (``None``).
        self.passes: tuple[bool | None, ...] = (
            (True, False) if natural_first else (None,)
        )
        #: The pass of the card being placed.
        self.natural_pass: bool | None = None
        self.melds: list[Found] = []
        self.steps = 0
        self.limit = min(COUNT_AFTER, steps)
        self.start = (0, 0, False)
        self.failed: set[tuple[int, int, int, bool, int, int]] = set()
        self.low = 1 if rules.ace_low else 2
        self.high = 14 if rules.ace_high else 13
        self.max_set = min(rules.max_set or 4, 4)
        # The rules' numbers the search reads, looked up once.
        self.min_set = rules.min_set
        self.min_run = rules.min_run
        self.longest = rules.longest_run
        self.ace_low = rules.ace_low
        self.ace_high = rules.ace_high
        self.span = self.high - self.low + 1
        self.pure_wild = rules.wild_natural_is_pure
        self.dead: list[int] = []

    def set_aside(self, points: PointValues) -> int:
        """Take out the cards no meld of this hand can hold, as deadwood (the
        costliest one that may be thrown as the discard), and return their
        points: every grouping scores at least that much, so a cover of the
        other cards is optimal."""
        if self.pool >= self.min_set - 1:
            return 0  # every card makes a set with jokers
        counts = self.counts
        # The natural codes held, read from :attr:`held` (three bits a code)
        # rather than from all 52 counts; and each suit's cards as bits: bit
        # p for place p (the ace at 1 and 14).
        held_codes: list[int] = []
        places = [0, 0, 0, 0]
        rest = self.held
        while rest:
            code = ((rest & -rest).bit_length() - 1) // 3
            rest &= ~(7 << 3 * code)
            held_codes.append(code)
            places[code // 13] |= _PLACE[code]
        if self.min_run == 3:
            # Each suit's places that a run of three can hold: one of its
            # windows (three places in a row on the line) with no place
            # empty, or one if the pool holds a card.  The card-by-card
            # check settles the others (sets, and runs that a larger pool
            # fills).
            runs = [self._in_windows(bits) for bits in places]
            dead = [
                code
                for code in held_codes
                if not runs[code // 13] & _PLACE[code] and self._alone(code, places)
            ]
        else:
            dead = [code for code in held_codes if self._alone(code, places)]
        if not dead:
            return 0
        ranks = points.ranks
        if self.discarding:
            allowed = [code for code in dead if code not in self.banned]
            if allowed:
                self.thrown = max(allowed, key=lambda code: ranks[code % 13])
        total = 0
        for code in dead:
            n = counts[code]
            counts[code] = 0
            self.held -= n << 3 * code
            self.left -= n
            if code == self.thrown:
                n -= 1
            self.dead += [code] * n
            total += n * ranks[code % 13]
        return total

    def _in_windows(self, bits: int) -> int:
        """The places of ``bits`` (one suit's cards) that a window of three
        places on the line holds with no place empty, or one if the pool
        holds a card: such a card is in a run of three.  (A larger pool can
        fill more; those cards are left to :meth:`_alone`.)"""
        # Bit p of ``starts``: the window p, p+1, p+2 qualifies.
        one, two = bits >> 1, bits >> 2
        # (Two of three places held, or all three.)
        starts = (
            (bits & one | bits & two | one & two) if self.pool else bits & one & two
        )
        starts &= _STARTS[self.low][self.high]
        return (starts | starts << 1 | starts << 2) & bits

    def _alone(self, code: int, places: list[int]) -> bool:
        """Whether no set and no run of the hand can hold the natural card
        ``code`` (each suit's cards as bits in ``places``)."""
        counts = self.counts
        pool = self.pool
        s, r = divmod(code, 13)
        # The cards of its rank in distinct suits, itself included.
        suits = (
            (counts[r] > 0)
            + (counts[r + 13] > 0)
            + (counts[r + 26] > 0)
            + (counts[r + 39] > 0)
        )
        if self.min_set - min(suits, self.max_set) <= pool:
            return False
        length = self.min_run
        window = (1 << length) - 1
        bits = places[s]
        at = [r + 1]
        if r == 0:
            at = ([1] if self.ace_low else []) + ([14] if self.ace_high else [])
        for place in at:
            first = max(place - length + 1, self.low)
            last = min(place, self.high - length + 1)
            for start in range(first, last + 1):
                # The places of the window without a card (not ``place``,
                # which holds ``code``) take jokers.
                if length - (bits >> start & window).bit_count() <= pool:
                    return False
        return True

    def search(self) -> bool:
        """Whether a covering grouping exists (and then :attr:`melds` holds
        it); ``False`` may also mean the search gave up."""
        self.start = (self.held, self.pool, self.discarding and self.thrown is None)
        try:
            return self._cover()
        except GiveUp:
            return False

    def _long(self) -> None:
        """Called once the search has placed :attr:`limit` cards: at
        :data:`COUNT_AFTER`, give up if the hand holds fewer jokers than
        its cards need (:func:`~rummykit.partition._jokers.joker_floor`, a
        sound bound: then no cover exists, and the search could only fail);
        at :attr:`most` (:data:`STEPS` unless the caller asks fewer), give
        up."""
        if self.limit >= self.most:
            raise GiveUp
        self.limit = self.most
        held, pool, discard = self.start
        codes = tuple(code for code in range(52) for _ in range(held >> 3 * code & 7))
        if _joker_floor(codes, self.rules, self.wild, discard, pool) > pool:
            raise GiveUp

    def _cover(self) -> bool:
        held = self.held
        if not held:
            return self._done()
        owed_pure = self.owed_pure
        owed_runs = self.owed_runs
        if owed_pure or owed_runs:
            # Too few cards left for the runs the requirement still asks for.
            # (A wild card may stand as itself in a pure run.)
            most = (self.left + self.pool) // self.min_run
            if most < owed_runs or most < owed_pure:
                return False
        failed = self.failed
        key = None
        if failed:
            # What the rest of the search depends on (the wild cards used per
            # suit are :attr:`wild_key`): the same state failed before.
            key = (
                held,
                self.pool,
                self.wild_key,
                self.thrown is None,
                owed_pure,
                owed_runs,
            )
            if key in failed:
                return False
        self.steps += 1
        if self.steps > self.limit:
            self._long()
        # The lowest card left: the search places the lowest card first.
        c = ((held & -held).bit_length() - 1) // 3
        unit = 1 << 3 * c
        counts = self.counts
        counts[c] -= 1
        self.held = held - unit
        self.left -= 1
        s, r = divmod(c, 13)
        # With ``natural_first``, two passes: the melds of ``c`` without
        # jokers first, then those with some (jokers are few, and a joker
        # spent on a low card is often the one a later card needs).  The
        # deeper searches set their own passes and, failing, leave this one's
        # as they found it.
        outer = self.natural_pass
        for natural_pass in self.passes:
            self.natural_pass = natural_pass
            if r == 0:
                if self.ace_low and self._runs(c, s, 1, 1):
                    return True
                if self.ace_high and self._runs(c, s, 14, -1):
                    return True
            elif r - 1 == self.wild:
                if self._runs(c, s, r + 1, 1):
                    return True
            elif (
                self.pool >= self.min_run - 1 or self._reachable(c - r, r + 1, 1)
            ) and self._grow(c - r, r + 1, 1, [c], [], 0, 1, True):
                # (The common case of :meth:`_runs`: no wild card behind ``c``.)
                return True
            # A set of its rank, with partners of higher suits (the larger first).
            if (counts[c + 13] or counts[c + 26] or counts[c + 39]) and self._sets(
                c, [t for t in range(c + 13, 52, 13) if counts[t]]
            ):
                return True
        if self.discarding and self.thrown is None and c not in self.banned:
            self.thrown = c
            if self._cover():
                return True
            self.thrown = None
        counts[c] += 1
        self.held = held
        self.left += 1
        # Everything placed since was taken back: the state is the one met.
        if key is None:
            key = (
                held,
                self.pool,
                self.wild_key,
                self.thrown is None,
                owed_pure,
                owed_runs,
            )
        failed.add(key)
        self.natural_pass = outer
        return False

    def _runs(self, c: int, s: int, start: int, way: int) -> bool:
        """Try each run of suit ``s`` holding ``c`` at position ``start``
        (ace low 1 to ace high 14) and growing ``way`` from it."""
        wild = self.wild
        if wild >= 0 and not self.natural_pass:
            # A wild card of the suit may stand as itself just behind the start
            # (in the second pass: it spends a card of the pool).
            behind = start - way
            if (
                self.low <= behind <= self.high
                and (behind - 1) % 13 == wild
                and self.wild_counts[s] > self.wild_used[s]
                and self.pool > 0
            ):
                self._use_wild(s, 1)
                self.pool -= 1
                if self._grow(s * 13, start, way, [c], [s * 13 + wild], 0, 2, True):
                    return True
                self._use_wild(s, -1)
                self.pool += 1
        if self.pool < self.min_run - 1 and not self._reachable(s * 13, start, way):
            return False
        return self._grow(s * 13, start, way, [c], [], 0, 1, True)

    def _reachable(self, base: int, start: int, way: int) -> bool:
        """Whether a run may start at ``start``: whatever it grows into, it
        spends a joker (or a wild card) on each place of its first
        ``min_run`` without a natural card, so with too few, no run is
        placed and the search need not try."""
        counts = self.counts
        low = self.low
        high = self.high
        naturals = 1
        pos = start
        for _ in range(self.min_run - 1):
            pos += way
            if low <= pos <= high and counts[base + (pos - 1) % 13]:
                naturals += 1
        return self.min_run - naturals <= self.pool

    def _use_wild(self, s: int, n: int) -> None:
        """Take ``n`` more wild cards of suit ``s`` to stand as themselves."""
        self.wild_used[s] += n
        self.wild_key += n << 4 * s

    def _grow(
        self,
        base: int,
        pos: int,
        way: int,
        naturals: list[int],
        wilds: list[int],
        jokers: int,
        length: int,
        ends: bool,
    ) -> bool:
        """Extend the run (of the suit whose first code is ``base``) whose
        last position is ``pos`` by a card, or end it there (only if
        ``ends``: a run never ends on a joker), or put a joker in the next
        place on the way to another card.  In a first pass
        (:attr:`natural_pass` true) only natural cards extend it and it ends
        only without jokers or wild cards; in a second (false) it ends only
        with some."""
        nxt = pos + way
        room = length < self.longest and self.low <= nxt <= self.high
        if room:
            rank = (nxt - 1) % 13
            code = base + rank
            if rank == self.wild:
                s = base // 13
                if (
                    not self.natural_pass
                    and self.wild_counts[s] > self.wild_used[s]
                    and self.pool > 0
                ):
                    self._use_wild(s, 1)
                    self.pool -= 1
                    wilds.append(code)
                    if self._grow(
                        base, nxt, way, naturals, wilds, jokers, length + 1, True
                    ):
                        return True
                    wilds.pop()
                    self._use_wild(s, -1)
                    self.pool += 1
            elif self.counts[code]:
                unit = 1 << 3 * code
                self.counts[code] -= 1
                self.held -= unit
                self.left -= 1
                naturals.append(code)
                if self._grow(
                    base, nxt, way, naturals, wilds, jokers, length + 1, True
                ):
                    return True
                naturals.pop()
                self.counts[code] += 1
                self.held += unit
                self.left += 1
        if ends:
            # End here, with jokers at the ends up to the shortest run, and
            # place the run (its gaps' jokers are already taken from the pool).
            extra = self.min_run - length
            if extra < 0:
                extra = 0
            if (
                extra <= self.pool
                and length + extra <= self.span
                # (The first pass ends only runs without jokers, the
                # second only runs with some.)
                and self.natural_pass != bool(extra or jokers or wilds)
            ):
                jokers += extra
                pure = jokers == 0 and (not wilds or self.pure_wild)
                self.pool -= extra
                owed_pure = self.owed_pure
                owed_runs = self.owed_runs
                if pure and owed_pure:
                    self.owed_pure = owed_pure - 1
                if owed_runs:
                    self.owed_runs = owed_runs - 1
                self.melds.append((True, tuple(naturals), tuple(wilds), jokers))
                if self._cover():
                    return True
                self.melds.pop()
                self.owed_pure = owed_pure
                self.owed_runs = owed_runs
                self.pool += extra
                jokers -= extra
        if (
            room
            and self.pool > 0
            and length + 1 < self.longest
            and not self.natural_pass
        ):
            # A joker in the next place, if a card lies within the jokers'
            # reach beyond it (a run never ends on a joker).
            counts = self.counts
            wild = self.wild
            low = self.low
            high = self.high
            ahead = nxt
            for _ in range(min(self.pool, self.longest - length - 1)):
                ahead += way
                if not low <= ahead <= high:
                    return False
                rank = (ahead - 1) % 13
                if rank == wild or counts[base + rank]:
                    break
            else:
                return False
            self.pool -= 1
            found = self._grow(
                base, nxt, way, naturals, wilds, jokers + 1, length + 1, False
            )
            self.pool += 1
            if found:
                return True
        return False

    def _sets(self, c: int, partners: list[int]) -> bool:
        """Try each set of ``c`` with some of its ``partners`` (the same rank,
        higher suits) and jokers, the most partners first: in a first pass
        (:attr:`natural_pass` true) the sets without jokers, in a second
        (false) those with some."""
        counts = self.counts
        most = min(len(partners), self.max_set - 1)
        for size in range(most, 0, -1):
            jokers = self.min_set - size - 1
            if jokers < 0:
                jokers = 0
            if jokers > self.pool:
                break
            if bool(jokers) == self.natural_pass:
                continue  # (the other pass's sets)
            for chosen in combinations(partners, size):
                taken = 0
                for code in chosen:
                    counts[code] -= 1
                    taken += 1 << 3 * code
                self.held -= taken
                self.left -= size
                self.pool -= jokers
                self.melds.append((False, (c, *chosen), (), jokers))
                if self._cover():
                    return True
                self.melds.pop()
                self.pool += jokers
                for code in chosen:
                    counts[code] += 1
                self.held += taken
                self.left += size
        return False

    def _done(self) -> bool:
        if self.owed_pure or self.owed_runs:
            return False
        if self.discarding and self.thrown is None:
            return self.pool > 0 and self._throwable_joker() is not None
        return True

    def _throwable_joker(self) -> int | None:
        if self.printed and JOKER_CODE not in self.banned:
            return JOKER_CODE
        for s in range(4):
            code = s * 13 + self.wild
            if self.wild_counts[s] > self.wild_used[s] and code not in self.banned:
                return code
        return None

    def partition(self, wild_rank: Rank | None, points: int = 0) -> Partition:
        """The grouping found, worth ``points``: its points and discard now,
        its melds and deadwood (spare jokers put into melds with room, see
        :func:`absorb`) built at first read, as most callers want only the
        first two."""
        spare = [JOKER_CODE] * self.printed
        if self.wild >= 0:
            for s in range(4):
                spare += [s * 13 + self.wild] * (
                    self.wild_counts[s] - self.wild_used[s]
                )
        discard = self.thrown
        if self.discarding and discard is None:
            discard = self._throwable_joker()
            assert discard is not None
            spare.remove(discard)
        result: Partition = _new(Partition)
        _set(result, "points", points)
        _set(result, "requirement_met", True)
        _set(result, "discard", None if discard is None else Card.from_code(discard))
        laid = (self.rules, wild_rank, self.requirement, tuple(self.melds))
        _set(result, "_pending", (_lay_out, (*laid, spare, tuple(self.dead))))
        return result


def _lay_out(
    rules: MeldRules,
    wild_rank: Rank | None,
    requirement: Requirement | None,
    found: tuple[Found, ...],
    spare: list[int],
    dead: tuple[int, ...],
) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """The melds ``found`` (built and checked), with the ``spare`` jokers
    and the ``dead`` cards as deadwood, spare jokers then put into melds
    (:func:`absorb`)."""
    spare = list(spare)
    melds: list[Meld] = []
    pure_wild = rules.wild_natural_is_pure
    for is_run, naturals, wilds, jokers in found:
        kind = MeldKind.RUN if is_run else MeldKind.SET
        if not jokers:
            # Every card stands as itself: the meld is built directly.
            order = sorted((*naturals, *wilds), key=_position if is_run else None)
            if is_run and order[0] % 13 == 0 and order[1] % 13 != 1:
                # An ace not below a two is the high end of the run.
                order = [*order[1:], order[0]]
            cards = tuple(Card.from_code(code) for code in order)
            pure = pure_wild or not wilds or not is_run
            melds.append(Meld(kind=kind, cards=cards, stands_for=cards, pure=pure))
            continue
        group = [Card.from_code(code) for code in (*naturals, *wilds)]
        group += [Card.from_code(spare.pop()) for _ in range(jokers)]
        try:  # validated once, by building it
            melds.append(Meld.build(group, rules, wild_rank=wild_rank, kind=kind))
        except InvalidMeldError as error:  # pragma: no cover - only valid melds
            raise AssertionError(
                f"the cover path placed an invalid meld: {error}"
            ) from None
    deadwood = tuple(Card.from_code(code) for code in sorted(spare + list(dead)))
    return absorb(tuple(melds), deadwood, rules, wild_rank, requirement)


def absorb(
    melds: tuple[Meld, ...],
    deadwood: tuple[Card, ...],
    rules: MeldRules,
    wild_rank: Rank | None,
    requirement: Requirement | None,
) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """Put spare jokers that score nothing into melds with room for them.

    The cover and the lean search leave them unmelded, which costs no
    points; a player showing the grouping would meld them.  Sets and impure
    runs take them first, so a pure run stays pure unless the requirement
    survives.  Returns the melds and the deadwood.
    """
    spare = [
        card
        for card in deadwood
        if card.is_joker or (wild_rank is not None and card.rank == wild_rank)
    ]
    if not spare or not melds:
        return melds, deadwood
    grown_melds = list(melds)
    left = list(deadwood)
    for card in spare:
        order = sorted(
            range(len(grown_melds)),
            key=lambda i: grown_melds[i].kind is MeldKind.RUN and grown_melds[i].pure,
        )
        for i in order:
            cards = (*grown_melds[i].cards, card)
            kind = grown_melds[i].kind
            if rules.why_not(cards, wild_rank=wild_rank, kind=kind) is not None:
                continue
            grown = Meld.build(cards, rules, wild_rank=wild_rank, kind=kind)
            trial = [*grown_melds[:i], grown, *grown_melds[i + 1 :]]
            if requirement is None or requirement.is_met_by(trial):
                grown_melds = trial
                left.remove(card)
                break
    return tuple(grown_melds), tuple(left)


#: Each card code's place as a bit of its suit's line (the ace at 1 and 14).
_PLACE = tuple(
    1 << r + 1 | (1 << 14 if r == 0 else 0) for _ in range(4) for r in range(13)
)

#: _STARTS[low][high]: the places a window of three can start at on a line
#: from place ``low`` to ``high``, as bits.
_STARTS = {
    low: {high: sum(1 << p for p in range(low, high - 1)) for high in (13, 14)}
    for low in (1, 2)
}

_new = object.__new__
_set = object.__setattr__


def _position(code: int) -> int:
    return code % 13
