"""``RuleSet.refused_discards`` agrees with ``discard_reason`` card by card,
and the legal actions list exactly the discards ``discard_reason`` allows."""

from __future__ import annotations

import random

import attrs
import pytest

from rummykit.cards import Card
from rummykit.engine import Discard, Phase, State
from rummykit.variants import ClassicRummy, GinRummy, IndianRummy, Rumino, Variant


@attrs.frozen(kw_only=True)
class _NoKings(ClassicRummy):
    """Classic that also refuses to throw a king (a made-up variant)."""

    def discard_reason(self, state: State, card: Card) -> str | None:
        if card.rank is not None and card.rank.value == 13:
            return "kings stay"
        return super().discard_reason(state, card)


@attrs.frozen(kw_only=True)
class _IndianNoKings(IndianRummy):
    """Indian Rummy that also refuses to throw a king (a made-up variant)."""

    def discard_reason(self, state: State, card: Card) -> str | None:
        if card.rank is not None and card.rank.value == 13:
            return "kings stay"
        return super().discard_reason(state, card)


def _play_states(variant: Variant, hands: int) -> list[State]:
    found: list[State] = []
    for seed in range(hands):
        state = variant.new_game(players=2, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal and steps < 400:
            if state.phase is Phase.PLAY:
                found.append(state)
            legal = state.legal_actions()
            if not legal:  # the made-up variant can leave only kings to throw
                break
            state = state.apply(legal[rng.randrange(len(legal))])
            steps += 1
    return found


@pytest.mark.parametrize(
    "variant",
    [
        ClassicRummy(max_turnovers=3),
        _NoKings(max_turnovers=3),
        GinRummy(),
        Rumino(),
        IndianRummy(),
        IndianRummy(preset="standard"),
        _IndianNoKings(),
    ],
    ids=[
        "classic",
        "classic-no-kings",
        "gin",
        "rumino",
        "indian",
        "indian-standard",
        "indian-no-kings",
    ],
)
def test_refused_discards_agree_with_discard_reason(variant: Variant) -> None:
    # Indian hands are short (players drop): more of them to see a taken card
    states = _play_states(variant, 60 if isinstance(variant, IndianRummy) else 12)
    assert any(state.taken is not None for state in states)
    for state in states:
        hand = state.hands[state.current]
        refusing = {
            card
            for card in hand.cards
            if variant.discard_reason(state, card) is not None
        }
        refused = variant.refused_discards(state)
        if refused is not None:
            assert set(refused) & set(hand.cards) == refusing
        listed = {a.card for a in state.legal_actions() if isinstance(a, Discard)}
        assert listed == set(hand.cards) - refusing


def test_classic_refuses_the_card_just_taken_and_a_subclass_is_asked_per_card() -> None:
    state = ClassicRummy().new_game(players=2, seed=3).draw_discard()
    assert state.taken is not None
    assert ClassicRummy().refused_discards(state) == (state.taken,)
    assert Discard(state.taken) not in state.legal_actions()
    assert _NoKings().refused_discards(state) is None


def test_indian_refuses_the_card_just_taken_and_a_subclass_is_asked_per_card() -> None:
    state = IndianRummy().new_game(players=2, seed=0).draw_discard()
    assert state.taken is not None
    assert IndianRummy().refused_discards(state) == (state.taken,)
    assert Discard(state.taken) not in state.legal_actions()
    assert _IndianNoKings().refused_discards(state) is None
