"""The deal: the engine's shuffle and its dealing order, against slow references.

A seeded deal must not change when the deal gets faster: the shuffle must
draw exactly what ``random.Random.shuffle`` draws, and the cards must go
round the table one at a time from the dealer's next active seat, as a
dealer deals them.
"""

from __future__ import annotations

import random
import secrets

from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.cards import Card, Hand
from rummykit.engine import State
from rummykit.engine._shuffle import shuffle
from rummykit.variants import ClassicRummy, GinRummy, IndianRummy, Rumino, Variant


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**64), st.integers(0, 300))
def test_shuffle_draws_what_random_shuffle_draws(seed: int, size: int) -> None:
    mine, theirs = list(range(size)), list(range(size))
    fast, slow = random.Random(seed), random.Random(seed)
    shuffle(fast, mine)
    slow.shuffle(theirs)
    assert mine == theirs
    # the generator is left where the standard shuffle leaves it
    assert fast.getrandbits(64) == slow.getrandbits(64)


class _Reversing(random.Random):
    """A generator whose shuffle is its own: the engine must ask it."""

    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        x.reverse()


def test_shuffle_asks_other_generators_to_shuffle() -> None:
    items = list(range(10))
    shuffle(_Reversing(1), items)
    assert items == list(range(9, -1, -1))
    drawn = list(range(52))
    shuffle(secrets.SystemRandom(), drawn)
    assert sorted(drawn) == list(range(52))


def _dealt_one_at_a_time(
    variant: Variant,
    players: int,
    order: list[Card],
    dealer: int,
    seats: tuple[bool, ...],
) -> list[Hand]:
    """The reference deal: one card at a time to the next active seat."""
    probe = State(
        rules=variant,
        players=players,
        dealer=dealer,
        hands=(),
        stock=(),
        pile=(),
        active=seats,
    )
    deals: list[list[Card]] = [[] for _ in range(players)]
    size = variant.cards_per_player(sum(seats))
    seat, top = dealer, 0
    for _ in range(size):
        for _ in range(sum(seats)):
            seat = probe.next_active(seat)
            deals[seat].append(order[top])
            top += 1
    return [Hand(cards) for cards in deals]


_VARIANTS: list[tuple[Variant, int]] = [
    (ClassicRummy(), 6),
    (GinRummy(), 2),
    (Rumino(), 5),
    (IndianRummy(), 4),
    (IndianRummy(preset="standard"), 6),
    (IndianRummy(direction="anticlockwise"), 4),
]


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(_VARIANTS),
    st.integers(0, 2**32),
    st.data(),
)
def test_deal_goes_round_the_active_seats(
    setup: tuple[Variant, int], seed: int, data: st.DataObject
) -> None:
    variant, most = setup
    players = data.draw(st.integers(2, most))
    seats = tuple(
        data.draw(st.lists(st.booleans(), min_size=players, max_size=players))
    )
    if sum(seats) < 2:
        seats = (True,) * players
    dealer = data.draw(st.integers(0, players - 1))
    state = variant.new_game(players, seed=seed, dealer=dealer, seats=seats)
    assert state.origin is not None
    expected = _dealt_one_at_a_time(
        variant, players, list(state.origin.deck), dealer, seats
    )
    # what the variant's after_deal does next never touches the hands
    assert list(state.hands) == expected
    assert state.all_cards() == variant.deck.hand()
