"""The engine's draws and discards take shortcuts (a listing shared by every
turn's start without rules of the rule set's own, one shared event per seat and
card); they must give what the general path gives: the listing of the draw's
rules one by one, and the event of the action applied."""

from __future__ import annotations

import attrs
import pytest

from rummykit import Card
from rummykit.engine import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Event,
    Phase,
    RuleSet,
    State,
)
from rummykit.variants import ClassicRummy, GinRummy, IndianRummy, Rumino, Variant
from tests.games import random_hand
from tests.profiles import examples


@attrs.frozen(kw_only=True)
class _NoTaking(ClassicRummy):
    """Classic where the discard pile may never be taken."""

    def take_discard_reason(self, state: State) -> str | None:
        return "the pile is closed"


@attrs.frozen(kw_only=True)
class _StockOnlyWhenShort(ClassicRummy):
    """Classic where the stock may be drawn only by a hand of fewer than 8 cards."""

    def draw_stock_reason(self, state: State) -> str | None:
        if len(state.hands[state.current]) >= 8:
            return "a long hand takes the discard"
        return None


@attrs.frozen(kw_only=True)
class _Passing(ClassicRummy):
    """Classic with an action of its own at the start of a turn (never applied)."""

    def turn_start_actions(self, state: State) -> list[Action]:
        return [_Knock()]


@attrs.frozen
class _Knock(Action):
    """An action of :class:`_Passing`'s own."""


@attrs.frozen
class _LoudDiscard(Discard):
    """A discard of a type of its own, as a frontend might make."""


@attrs.frozen
class _LoudTake(DrawDiscard):
    """A take from the pile of a type of its own."""


_VARIANTS: list[tuple[Variant, int]] = [
    (ClassicRummy(), 2),
    (ClassicRummy(max_turnovers=1), 4),
    (_NoTaking(), 2),
    (_StockOnlyWhenShort(), 3),
    (GinRummy(), 2),
    (Rumino(), 3),
    (IndianRummy(), 2),
]


def _draw_listing(state: State) -> tuple[Action, ...]:
    """The listing at a turn's start, rule by rule: each draw the state allows,
    then the rule set's own actions."""
    draws = [
        action for action in (DrawStock(), DrawDiscard()) if state.is_legal(action)
    ]
    return (*draws, *state.rules.turn_start_actions(state))


def _states(variant: Variant, players: int) -> list[tuple[State, Action, State]]:
    """Every step of a few random hands: the state, the action, the state after."""
    return [
        step
        for seed in range(examples(12, fast=3))
        for step in random_hand(variant, players, seed)
    ]


@pytest.mark.parametrize(("variant", "players"), _VARIANTS)
def test_a_turns_start_lists_what_its_rules_allow(
    variant: Variant, players: int
) -> None:
    starts = 0
    for state, _, _ in _states(variant, players):
        if state.phase is Phase.DRAW:
            assert state.legal_actions() == _draw_listing(state)
            starts += 1
    assert starts > 0


def test_a_rule_sets_own_draw_rules_are_asked() -> None:
    state = _NoTaking().new_game(players=2, seed=1)
    assert state.legal_actions() == (DrawStock(),)
    state = _Passing().new_game(players=2, seed=1)
    assert state.legal_actions() == (DrawStock(), DrawDiscard(), _Knock())
    state = _StockOnlyWhenShort().new_game(players=2, seed=1)
    assert state.legal_actions() == (DrawDiscard(),)


@pytest.mark.parametrize(("variant", "players"), _VARIANTS)
def test_a_draw_or_discard_records_the_event_of_its_action(
    variant: Variant, players: int
) -> None:
    moves = 0
    for state, action, after in _states(variant, players):
        if type(action) not in (DrawStock, DrawDiscard, Discard):
            continue
        if action != after.actions[-1] or len(after.history) != len(state.history) + 1:
            continue  # the rule set went on (a claim window, the hand's end)
        if isinstance(action, Discard):
            card = action.card
        elif isinstance(action, DrawDiscard):
            card = state.pile[-1]
        else:
            assert after.drawn is not None
            card = after.drawn
        expected = Event(
            player=state.current,
            action=action,
            card=card,
            private=isinstance(action, DrawStock),
        )
        assert after.history[-1] == expected
        moves += 1
    assert moves > 0


def test_a_turns_start_with_an_empty_stock_or_pile_lists_what_its_rules_allow() -> None:
    state = ClassicRummy().new_game(players=2, seed=2)
    top = state.pile[-1]
    for stock, pile in [
        (state.stock, ()),
        ((), (top,)),
        ((), ()),
        ((), state.stock[:5]),
    ]:
        changed = state.evolve(stock=stock, pile=pile)
        assert changed.legal_actions() == _draw_listing(changed)
    assert state.evolve(stock=(), pile=()).legal_actions() == ()
    assert state.evolve(pile=()).legal_actions() == (DrawStock(),)


def test_a_take_of_a_type_of_its_own_is_recorded_as_given() -> None:
    state = ClassicRummy().new_game(players=2, seed=3)
    loud = _LoudTake()
    after = state.apply(loud)
    assert after.history[-1].action is loud
    assert after.history[-1] == Event(player=0, action=loud, card=state.pile[-1])
    assert after.hands == state.apply(DrawDiscard()).hands


def test_a_discard_of_a_type_of_its_own_is_recorded_as_given() -> None:
    state = ClassicRummy().new_game(players=2, seed=3).apply(DrawStock())
    card = state.hands[0].cards[0]
    loud = _LoudDiscard(card)
    after = state.apply(loud)
    assert after.history[-1].action is loud
    assert after.history[-1] != Event(player=0, action=Discard(card), card=card)
    plain = state.apply(Discard(Card(str(card))))
    assert plain.history[-1] == Event(player=0, action=Discard(card), card=card)
    assert plain.hands == after.hands and plain.pile == after.pile


def test_the_default_draw_rules_are_the_rule_sets() -> None:
    """The shortcut is taken only for the base class's own hooks."""
    assert ClassicRummy.draw_stock_reason is RuleSet.draw_stock_reason
    assert _NoTaking.take_discard_reason is not RuleSet.take_discard_reason


@attrs.frozen(kw_only=True, slots=False)
class _OwnNextTurn(State):
    """A State subclass with its own next_turn (the same one): a discard then
    goes the long way, through the rule set's after_discard and next_turn."""

    def next_turn(self, after: int | None = None) -> State:
        return super().next_turn(after)


@pytest.mark.parametrize("players", [2, 4])
def test_a_discard_then_the_next_turn_with_the_rule_sets_facts_is_the_long_way(
    players: int,
) -> None:
    """Classic keeps its own next_turn_extra: the engine goes to the next turn
    from the discard itself, and must give what the long way gives."""
    variant = ClassicRummy()
    discards = 0
    for seed in range(examples(12, fast=3)):
        for state, action, fast in random_hand(variant, players, seed):
            if isinstance(action, Discard):
                long_way = _OwnNextTurn(
                    **{f.name: getattr(state, f.name) for f in attrs.fields(State)}
                )
                slow = long_way.apply(action)
                assert type(slow) is _OwnNextTurn
                for field in attrs.fields(State):
                    assert getattr(fast, field.name) == getattr(slow, field.name)
                discards += 1
    assert discards > 100
