"""Views are built without PlayerView's generated ``__init__``, for speed:
they must equal, field for field and type for type, the view that
``__init__`` builds from the same state, and stay frozen."""

from __future__ import annotations

import random

import attrs
import pytest

from rummykit import Card, get_variant
from rummykit.engine import DrawStock, Event, PendingDecision, PlayerView, State
from rummykit.variants import VARIANTS
from tests.games import play_random, seat_range, uniform_agent


def reference_view(state: State, player: int) -> PlayerView:
    """The view as PlayerView's ``__init__`` builds it, each field from its
    documented meaning."""
    decision = (
        None
        if state.is_terminal
        else PendingDecision(
            decision_id=state.decision_id,
            player=state.current,
            phase=state.phase,
            timer=state.rules.timer(state),
        )
    )
    return PlayerView(
        player=player,
        rules=state.rules,
        players=state.players,
        dealer=state.dealer,
        hand=state.hands[player],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        active=state.active,
        pile=state.pile,
        stock_size=len(state.stock),
        table=state.table,
        history=tuple(
            event if event.player == player else event.censored()
            for event in state.history
        ),
        wild_rank=state.wild_rank,
        indicator=state.indicator,
        phase=state.phase,
        current_player=state.current_player,
        decision=decision,
        legal_actions=(
            state.legal_actions()
            if decision is not None and decision.player == player
            else ()
        ),
        lapses=state.lapses,
        shown=state.shown,
        arranged=state.rules.arranged(state, player),
        outcome=state.outcome,
    )


def states_of(name: str, seed: int) -> list[State]:
    """Every state of one random hand of ``name``, its end included."""
    variant = get_variant(name)
    state = variant.new_game(seat_range(variant)[0], seed=seed)
    seen = [state]
    for _, _, after in play_random(state, uniform_agent, random.Random(seed), cap=400):
        seen.append(after)
    return seen


@pytest.mark.parametrize("name", [cls.name for cls in VARIANTS])
def test_views_equal_the_ones_the_generated_init_builds(name: str) -> None:
    for seed in range(2):
        for state in states_of(name, seed):
            for player in range(state.players):
                view = state.view(player)
                expected = reference_view(state, player)
                assert type(view) is PlayerView
                for field in attrs.fields(PlayerView):
                    got = getattr(view, field.name)
                    want = getattr(expected, field.name)
                    assert type(got) is type(want), field.name
                    assert got == want, field.name
                assert view == expected
                assert hash(view) == hash(expected)
                assert repr(view) == repr(expected)


def test_built_views_stay_frozen() -> None:
    view = get_variant("classic").new_game(players=2, seed=1).view(0)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.player = 1  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del view.hand
    assert attrs.evolve(view, player=1).player == 1


def test_a_cached_pending_decision_is_not_carried_to_the_next_state() -> None:
    state = get_variant("classic").new_game(players=2, seed=1)
    assert state.pending is state.pending
    assert state.pending is not None and state.pending.phase.value == "draw"
    after = state.apply(DrawStock())
    assert after.pending is not None
    assert after.pending.phase.value == "play"
    assert after.pending == reference_view(after, 0).decision


def test_a_censored_draw_hides_only_the_card() -> None:
    drawn = Event(player=0, action=DrawStock(), card=Card("4c"))
    hidden = attrs.evolve(drawn, private=True)
    assert hidden.censored() == attrs.evolve(hidden, card=None)
    assert type(hidden.censored()) is Event
    assert drawn.censored() is drawn


def test_views_are_checked_for_the_seat() -> None:
    state = get_variant("classic").new_game(players=2, seed=1)
    for bad in (2, -1, True, 0.0, "0"):
        with pytest.raises(ValueError, match="player"):
            state.view(bad)  # type: ignore[arg-type]
    assert [state.view(seat).player for seat in (0, 1)] == [0, 1]
