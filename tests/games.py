"""Helpers for the game-flow tests: decks in a chosen order, hand-built
positions, random agents, and the skip for variants still without a game flow.

Import what you need::

    from tests.games import deck_for, arrange, play_random, skip_unless_game_flow

Nothing here asserts a rule; the tests do.  The helpers only check their own
arguments, so that a typo in a test fails loudly instead of testing nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Protocol, cast

import attrs
import pytest

from rummykit import Card, Hand, Meld
from rummykit.engine import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    LayMeld,
    LayOff,
    Pass,
    Phase,
    RuleSet,
    State,
    TableMeld,
    Timeout,
)
from rummykit.variants import ClassicFacts, Variant

__all__ = [
    "Agent",
    "any_action",
    "arrange",
    "cards",
    "deck_for",
    "game_flow_missing",
    "greedy_agent",
    "hoarding_agent",
    "play_random",
    "plays",
    "random_hand",
    "seat_range",
    "skip_unless_game_flow",
    "uniform_agent",
]

Agent = Callable[[State, random.Random], Action]
"""A policy: picks the next action for the pending decision."""


def cards(text: str) -> tuple[Card, ...]:
    """The cards of ``text``, in the order written: ``cards("7c 8c 9c")``."""
    return tuple(Card.parse(token) for token in text.split())


# -- variants whose game flow is not there yet ---------------------------------------


class _Seated(Protocol):
    min_players: int
    max_players: int


def seat_range(variant: Variant) -> range:
    """The table sizes ``variant`` seats (every variant has ``min_players`` and
    ``max_players``, as class or instance attributes)."""
    seated = cast(_Seated, variant)
    return range(seated.min_players, seated.max_players + 1)


def game_flow_missing(variant: Variant, players: int) -> str | None:
    """Why ``variant`` cannot play a hand yet, or ``None`` once it can.

    Two signs, both of which go away by themselves when the flow is written:
    dealing or listing the first actions raises :class:`NotImplementedError`,
    or the variant still has the engine's default :meth:`RuleSet.check_action`,
    which refuses every action but drawing and discarding, so that no hand
    could ever end except by running out of stock.
    """
    name = type(variant).__name__
    try:
        variant.new_game(players, seed=0).legal_actions()
    except NotImplementedError:
        return f"{name}: game flow not implemented yet (new_game raises NotImplementedError)"
    if type(variant).check_action is RuleSet.check_action:
        return (
            f"{name}: game flow not implemented yet (no action besides drawing and "
            "discarding, so no hand can end)"
        )
    return None


def skip_unless_game_flow(variant: Variant, players: int) -> None:
    """Skip the calling test while ``variant``'s game flow is not implemented."""
    reason = game_flow_missing(variant, players)
    if reason is not None:
        pytest.skip(reason)


# -- explicit deals ---------------------------------------------------------------


def deck_for(
    variant: RuleSet,
    players: int,
    dealer: int,
    hands: Sequence[Iterable[Card | str] | str],
    upcard: Card | str,
    stock_top_first: Iterable[Card | str] | str = (),
) -> list[Card]:
    """The whole deck, top card first, so that ``variant.new_game(players,
    deck=..., dealer=dealer)`` deals exactly ``hands`` (seat by seat), turns up
    ``upcard`` and leaves ``stock_top_first`` on top of the stock.

    Cards are dealt one at a time starting at the dealer's left, in the
    variant's direction of play; the cards not named fill the bottom of the
    stock in deck order.

    :raises ValueError: if a hand has the wrong size or a card is used twice.
    """
    size = variant.cards_per_player(players)
    if len(hands) != players:
        raise ValueError(f"deck_for: need {players} hands, not {len(hands)}")
    dealt = [_list(hand) for hand in hands]
    for seat, hand in enumerate(dealt):
        if len(hand) != size:
            raise ValueError(
                f"deck_for: seat {seat} needs {size} cards, not {len(hand)}"
            )
    up = upcard if isinstance(upcard, Card) else Card.parse(upcard)
    top = _list(stock_top_first)
    order: list[Card] = []
    direction = variant.play_direction()
    seat = dealer
    for round_ in range(size):
        for _ in range(players):
            seat = (seat + direction) % players
            order.append(dealt[seat][round_])
    order.append(up)
    order += top
    rest = variant.deck_spec().hand()
    try:
        rest = rest.remove(*order)
    except ValueError as error:
        raise ValueError(
            f"deck_for: a card is used more often than the deck has it: {error}"
        ) from None
    return order + list(rest.cards)


def _list(group: Iterable[Card | str] | str) -> list[Card]:
    if isinstance(group, str):
        return list(cards(group))
    return [card if isinstance(card, Card) else Card.parse(card) for card in group]


def arrange(
    state: State,
    *,
    hands: Sequence[str],
    table: Sequence[tuple[int, str]] = (),
    pile: str = "",
    stock_top_first: str = "",
    current: int | None = None,
    phase: Phase | None = None,
    melded: Sequence[bool] | None = None,
    **fields: object,
) -> State:
    """``state`` with the cards laid out by hand: the hands, the table melds
    ``(owner, cards)``, the discard pile (bottom first) and the top of the
    stock; every card not named goes to the bottom of the stock, so the cards
    still add up to exactly the deck.

    In Classic Rummy, ``melded`` defaults to "every owner of a table meld has
    melded", and the current player's ``melded_before_turn`` follows it (in
    :class:`ClassicFacts`).  Other ``fields`` are passed to :func:`attrs.evolve`
    as they are.
    """
    if len(hands) != state.players:
        raise ValueError(f"arrange: need {state.players} hands, not {len(hands)}")
    rules = state.rules
    assert isinstance(rules, Variant)
    new_hands = tuple(Hand(_list(hand)) for hand in hands)
    new_table = tuple(
        TableMeld(owner=owner, meld=Meld.build(_list(group), rules.meld_rules))
        for owner, group in table
    )
    new_pile = tuple(_list(pile))
    top = _list(stock_top_first)
    used: list[Card] = [*new_pile, *top]
    for hand in new_hands:
        used += hand.cards
    for placed in new_table:
        used += placed.meld.cards
    rest = rules.deck_spec().hand().remove(*used)
    stock = (*rest.cards, *reversed(top))
    if melded is None:
        owners = {placed.owner for placed in new_table}
        melded = [seat in owners for seat in range(state.players)]
    seat = state.current if current is None else current
    extra = state.extra
    if isinstance(extra, ClassicFacts):
        extra = attrs.evolve(
            extra, melded=tuple(melded), melded_before_turn=melded[seat]
        )
    result = attrs.evolve(
        state,
        hands=new_hands,
        table=new_table,
        pile=new_pile,
        stock=stock,
        current=seat,
        turn=seat,
        phase=state.phase if phase is None else phase,
        extra=extra,
        **fields,  # type: ignore[arg-type]
    )
    assert result.all_cards() == rules.deck_spec().hand()
    return result


# -- random play ------------------------------------------------------------------


def uniform_agent(state: State, rng: random.Random) -> Action:
    """Any legal action, uniformly, but dropping out rarely; a timeout now and
    then if the decision has a timer."""
    options: list[Action] = list(state.legal_actions())
    pending = state.pending
    if pending is not None and pending.timer is not None and rng.random() < 0.05:
        return Timeout(pending.decision_id)
    staying = [action for action in options if not isinstance(action, Drop)]
    if staying and rng.random() < 0.9:  # drop now and then, not a third of the time
        return rng.choice(staying)
    return rng.choice(options)


#: The actions every game has; anything else (melds, lay-offs, knocks, gin,
#: declarations, claims, shows) is a "play" the agents below look out for.
BASIC = (DrawStock, DrawDiscard, Discard, Drop, Pass, Timeout)


def plays(options: Iterable[Action]) -> list[Action]:
    """The actions among ``options`` that are not drawing, discarding, dropping,
    passing or timing out."""
    return [action for action in options if not isinstance(action, BASIC)]


def greedy_agent(state: State, rng: random.Random) -> Action:
    """Mostly makes a play when it can (melds, lay-offs, knocks, declarations, so
    that hands end), otherwise as :func:`uniform_agent`."""
    chances = plays(state.legal_actions())
    if chances and rng.random() < 0.7:
        return rng.choice(chances)
    return uniform_agent(state, rng)


def hoarding_agent(state: State, rng: random.Random) -> Action:
    """Keeps every card until the whole hand melds, then lays it all down in one
    turn (going rummy where the variant has it); otherwise draws what lowers its
    deadwood and throws its costliest spare card.  Falls back to
    :func:`uniform_agent` where the variant has no such moves."""
    rules = state.rules
    options = state.legal_actions()
    if not isinstance(rules, Variant) or state.phase not in (Phase.DRAW, Phase.PLAY):
        return uniform_agent(state, rng)
    finishing = [a for a in plays(options) if not isinstance(a, LayMeld | LayOff)]
    if finishing:  # knock, gin, declare, ...: take it
        return finishing[0]
    hand = state.hands[state.current]
    wild = state.wild_rank
    if state.phase is Phase.DRAW:
        take = DrawDiscard()
        if take in options and state.pile:
            top = state.pile[-1]
            after = rules.best_discard(hand.add(top), wild_rank=wild, forbidden=[top])
            if after.points < rules.deadwood(hand, wild_rank=wild):
                return take
        return DrawStock() if DrawStock() in options else uniform_agent(state, rng)
    whole = rules.partition(hand, wild_rank=wild)
    forbidden = [state.taken] if state.taken is not None else []
    best = (
        whole
        if not whole.deadwood
        else rules.best_discard(hand, wild_rank=wild, forbidden=forbidden)
    )
    if not best.deadwood:
        wanted = {tuple(sorted(c.code for c in meld.cards)) for meld in best.melds}
        for action in options:
            if (
                isinstance(action, LayMeld)
                and tuple(sorted(c.code for c in action.cards)) in wanted
            ):
                return action
    if best.discard is not None and Discard(best.discard) in options:
        return Discard(best.discard)
    discards = [action for action in options if isinstance(action, Discard)]
    return rng.choice(discards or list(options))


def play_random(
    state: State, agent: Agent, rng: random.Random, *, cap: int
) -> Iterator[tuple[State, Action, State]]:
    """Play ``state`` with ``agent`` for at most ``cap`` actions, yielding every
    ``(before, action, after)``; stops when the hand ends."""
    for _ in range(cap):
        if state.is_terminal:
            return
        action = agent(state, rng)
        after = state.apply(action)
        yield state, action, after
        state = after


def any_action(state: State, rng: random.Random) -> Action:
    """Any legal action, uniformly: one draw of ``rng`` per action."""
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def random_hand(
    variant: Variant, players: int, seed: int, *, cap: int = 100_000
) -> Iterator[tuple[State, Action, State]]:
    """Every step ``(before, action, after)`` of the hand ``variant`` deals to
    ``players`` with ``seed``, played by :func:`any_action` from a generator
    seeded with ``seed`` too, for at most ``cap`` actions."""
    state = variant.new_game(players=players, seed=seed)
    yield from play_random(state, any_action, random.Random(seed), cap=cap)


def seated(rules: RuleSet, players: int) -> int:
    """``players``, or the most the rule set deals to if that is fewer (Gin
    seats two): the variant's own ``cards_per_player`` says what it seats."""
    while players > 2:
        try:
            rules.cards_per_player(players)
        except ValueError:
            players -= 1
        else:
            break
    return players
