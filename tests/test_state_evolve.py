"""``State.evolve``: the engine's public, fast copy, against ``attrs.evolve``."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.engine import Discard, DrawStock, History, State
from rummykit.variants import ClassicRummy, IndianRummy


@attrs.frozen(kw_only=True, slots=False)
class _Tagged(State):
    """A State subclass with a field of its own."""

    tag: str = "plain"


def _played(seed: int, steps: int) -> State:
    state = ClassicRummy().new_game(players=2, seed=seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        actions = state.legal_actions()
        state = state.apply(actions[seed % len(actions)])
    return state


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 30), st.integers(0, 3))
def test_evolve_gives_what_attrs_evolve_gives(seed: int, steps: int, seat: int) -> None:
    state = _played(seed, steps)
    state.legal_actions()  # a cached listing must not travel to the copy
    fast = state.evolve(current=seat % 2, turn=seat % 2, decision_id=seat)
    slow = attrs.evolve(state, current=seat % 2, turn=seat % 2, decision_id=seat)
    assert fast == slow
    assert fast.legal_actions() == slow.legal_actions()
    assert fast.pending == slow.pending
    assert (state.current, state.decision_id) == (
        _played(seed, steps).current,
        _played(seed, steps).decision_id,
    )


def test_evolve_converts_history_and_actions_to_histories() -> None:
    state = ClassicRummy().new_game(players=2, seed=4).apply(DrawStock())
    copied = state.evolve(history=list(state.history), actions=tuple(state.actions))
    assert isinstance(copied.history, History)
    assert isinstance(copied.actions, History)
    assert copied == state


def test_evolve_keeps_the_type_of_a_subclass_and_its_fields() -> None:
    plain = ClassicRummy().new_game(players=2, seed=6)
    state = _Tagged(**{f.name: getattr(plain, f.name) for f in attrs.fields(State)})
    state = state.evolve(tag="marked")
    later = state.apply(DrawStock())
    assert type(later) is _Tagged
    assert later.tag == "marked"
    assert type(state.evolve(current=1)) is _Tagged


def test_evolve_refuses_a_name_that_is_no_field_and_changes_nothing() -> None:
    state = ClassicRummy().new_game(players=2, seed=2)
    with pytest.raises(TypeError, match="'colour'"):
        state.evolve(current=1, colour="red")
    assert state.current == 0


@attrs.frozen(kw_only=True, slots=False)
class _OwnNextTurn(State):
    """A State subclass with its own next_turn (the same one): a discard then
    goes through the rule set's after_discard and next_turn, one copy each."""

    def next_turn(self, after: int | None = None) -> State:
        return super().next_turn(after)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["gamentio", "standard"]))
def test_a_discard_and_the_next_turn_in_one_copy_give_the_two_step_state(
    seed: int, preset: str
) -> None:
    """Indian Rummy keeps the default after_discard and next_turn_extra, so the
    engine makes the discard and the next turn in one copy: the state must be
    the one the two steps give."""
    variant = IndianRummy(preset=preset)
    state = variant.new_game(players=3, seed=seed)
    rng = random.Random(seed)
    discards = 0
    while not state.is_terminal and discards < 6:
        legal = state.legal_actions()
        thrown = [action for action in legal if isinstance(action, Discard)]
        if thrown:
            action = thrown[rng.randrange(len(thrown))]
            slow_from = _OwnNextTurn(
                **{f.name: getattr(state, f.name) for f in attrs.fields(State)}
            )
            fast, slow = state.apply(action), slow_from.apply(action)
            assert type(slow) is _OwnNextTurn
            for field in attrs.fields(State):
                assert getattr(fast, field.name) == getattr(slow, field.name)
            assert fast.legal_actions() == slow.legal_actions()
            discards += 1
            state = fast
        else:
            state = state.apply(legal[rng.randrange(len(legal))])
