"""A search for slow hands: hill-climbing from random variant hands towards
the ones that make the partitioner work hardest, then timing the worst found.

The climb follows a deterministic measure of work (the branches or states
the path that answers the value call goes through,
:func:`rummykit.partition._work`: the small-hand search's for Rumino's
hands and Gamentio's wild-card lane, the general search's otherwise), so it
takes the same path on every run and cannot be fooled by a busy machine;
only the final check is timed, with a generous bound.  The default profile climbs a
little (a few seconds); ``RUMMYKIT_TEST_PROFILE=deep`` climbs from more
starts for longer.
"""

from __future__ import annotations

import random
import time
from collections import Counter

import attrs
import pytest

from rummykit import Card, Hand, Rank
from rummykit.partition import _work
from rummykit.variants import IndianRummy, Rumino, Variant, get_variant
from tests.profiles import DEEP

STARTS = 10 if DEEP else 3
"""Random hands each climb starts from."""
STEPS = 150 if DEEP else 40
"""Mutations tried from each start."""
BOUND_SECONDS = 0.5
"""The most CPU time the slowest hand found may take, for every call.

Generous: a shared, loaded machine must not fail it; a hand that takes this
long is a hand a bot or a server cannot afford every turn.
"""
BOUND_STATES = 200_000
"""The most search states the slowest hand found may need."""


@attrs.frozen
class Case:
    """A variant, how many cards its hand holds with the card drawn, and
    whether a wild rank is cut."""

    name: str
    variant: Variant
    size: int
    wild: bool

    def work(self, hand: Hand, wild_rank: Rank | None) -> int:
        variant = self.variant
        return _work(
            hand,
            variant.meld_rules,
            variant.point_values,
            wild_rank=wild_rank,
            requirement=variant.requirement,
            discard=True,
        )


def _cases() -> list[Case]:
    gamentio = get_variant("indian", preset="gamentio")
    standard = get_variant("indian", preset="standard")
    assert isinstance(gamentio, IndianRummy) and isinstance(standard, IndianRummy)
    return [
        Case("indian gamentio", gamentio, 14, True),
        Case("indian standard", standard, 14, True),
        Case("rumino", Rumino(), 8, False),
    ]


CASES = _cases()


def _deck(case: Case) -> list[int]:
    return [card.code for card in case.variant.deck.cards()]


def _mutate(
    rng: random.Random, case: Case, deck: Counter[int], hand: list[int]
) -> list[int]:
    """``hand`` with one card swapped for another the deck still holds."""
    left = deck - Counter(hand)
    spare = sorted(left.elements())
    out = rng.randrange(len(hand))
    new = list(hand)
    new[out] = rng.choice(spare)
    return new


def _climb(case: Case, seed: int) -> tuple[int, tuple[int, ...], Rank | None]:
    """Hill-climb from a random hand: keep a mutation that needs no less work."""
    rng = random.Random(seed)
    codes = _deck(case)
    deck = Counter(codes)
    hand = rng.sample(codes, case.size)
    wild = Rank(rng.randint(1, 13)) if case.wild else None
    best = case.work(Hand(Card.from_code(c) for c in hand), wild)
    for _ in range(STEPS):
        trial = _mutate(rng, case, deck, hand)
        trial_wild = wild
        if case.wild and rng.random() < 0.2:
            trial_wild = Rank(rng.randint(1, 13))
        work = case.work(Hand(Card.from_code(c) for c in trial), trial_wild)
        if work >= best:
            best, hand, wild = work, trial, trial_wild
    return best, tuple(sorted(hand)), wild


def _cpu(call: object) -> float:
    started = time.process_time()
    call()  # type: ignore[operator]
    return time.process_time() - started


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_the_slowest_hand_a_climb_finds_stays_under_the_bound(case: Case) -> None:
    found = [_climb(case, 1000 * index + 11) for index in range(STARTS)]
    work, codes, wild = max(found, key=lambda item: item[0])
    hand = Hand(Card.from_code(c) for c in codes)
    assert work <= BOUND_STATES, f"{hand} (wild {wild}) needs {work} search states"
    variant = case.variant
    # The whole of each call a turn makes, grouping built, on the worst hand.
    calls = {
        "best_discard": lambda: variant.best_discard(hand, wild_rank=wild),
        "deadwood": lambda: variant.deadwood(hand, wild_rank=wild, discard=True),
        "partition": lambda: variant.partition(hand, wild_rank=wild),
    }
    for name, call in calls.items():
        seconds = min(_cpu(call) for _ in range(2))
        assert seconds < BOUND_SECONDS, (
            f"{name} on {hand} (wild {wild}) took {seconds:.3f} s of CPU"
        )


def test_the_climb_does_find_harder_hands() -> None:
    """The measure guides the climb: it ends above where it started."""
    case = CASES[0]
    rng = random.Random(11)
    codes = _deck(case)
    start = rng.sample(codes, case.size)
    wild = Rank(rng.randint(1, 13))
    first = case.work(Hand(Card.from_code(c) for c in start), wild)
    work, _, _ = _climb(case, 11)
    assert work > first
