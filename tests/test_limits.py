"""Work is bounded on any input: the limits a server relies on, each timed with
a generous budget where the work used to take minutes (docs/guide/server.rst)."""

from __future__ import annotations

import random
import time

import pytest

from rummykit import Hand, IndianRummy, InvalidOptionError, parse_cards


def _card_text(cards: int, seed: int = 0) -> str:
    spellings = ["As", "2s", "3h", "Td", "10c", "Kd", "Jk", "qh", "7♣", "9D"]
    rng = random.Random(seed)
    return " ".join(rng.choice(spellings) for _ in range(cards))


def test_parsing_is_linear_in_its_input() -> None:
    text = _card_text(34_000)  # about 100 KB: it took seconds to minutes when quadratic
    assert len(text) > 100_000
    started = time.process_time()
    hand = Hand.parse(text)
    assert len(parse_cards(text)) == len(hand) == 34_000
    assert time.process_time() - started < 1.0


def test_a_bad_card_late_in_a_long_input_is_refused_quickly() -> None:
    text = _card_text(34_000) + " 1x"
    started = time.process_time()
    with pytest.raises(ValueError, match="bad card '1x' at position 34001"):
        Hand.parse(text)
    assert time.process_time() - started < 1.0


@pytest.mark.parametrize("sequences", [5, 14, 99])
def test_min_sequences_beyond_what_a_hand_can_hold_is_refused(sequences: int) -> None:
    with pytest.raises(InvalidOptionError, match="min_sequences"):
        IndianRummy(min_sequences=sequences)


def test_the_largest_min_sequences_plays_quickly() -> None:
    # 14 made the first legal_actions() run for minutes; 4 is the largest now
    variant = IndianRummy(min_sequences=4)
    started = time.process_time()
    state = variant.new_game(players=2, seed=1)
    state = state.apply(state.legal_actions()[0])
    player = state.current_player
    assert player is not None
    view = state.view(player)
    assert view.legal_actions
    assert time.process_time() - started < 1.0
