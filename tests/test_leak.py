"""No information leak: a player's view depends only on what that player may see.

At random points of random hands, for each player ``p``, a second state is
built that differs from the first only in cards hidden from ``p``: the cards
of the other hands and of the stock are shuffled together and dealt back into
the same places with the same sizes (cards that ``p`` saw another player take
from the discard pile stay where they are).  ``p``'s views of the two states
must be equal.  Terminal states are skipped: every hand is shown then.

The stock is shuffled whole even after a turn-over, when its order could be
worked out from the pile: a view shows only the stock's size, so this only
makes the test stricter.
"""

from __future__ import annotations

import random
from typing import cast

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import Card, ClassicRummy, Hand
from rummykit.engine import (
    Claim,
    Discard,
    DrawDiscard,
    DrawStock,
    LayMeld,
    LayOff,
    Phase,
    State,
)
from rummykit.variants import VARIANTS, IndianFacts, Variant
from tests.games import (
    game_flow_missing,
    greedy_agent,
    hoarding_agent,
    seat_range,
    uniform_agent,
)
from tests.profiles import examples

AGENTS = (greedy_agent, uniform_agent, hoarding_agent)


def seen_in_hand(state: State, seat: int) -> Hand:
    """The cards of ``seat``'s hand that everyone knows are there: taken from the
    discard pile and not played since."""
    known: list[Card] = []
    for event in state.history:
        if event.player != seat:
            continue
        action = event.action
        if isinstance(action, DrawDiscard) and event.card is not None:
            known.append(event.card)
        elif isinstance(action, Discard):
            if action.card in known:
                known.remove(action.card)
        elif isinstance(action, LayMeld | LayOff):
            for card in action.cards:
                if card in known:
                    known.remove(card)
    # whatever left the hand some other way (a drop, a declaration) is gone too
    held = list(state.hands[seat].cards)
    still: list[Card] = []
    for card in known:
        if card in held:
            held.remove(card)
            still.append(card)
    return Hand(still)


def hidden_from(state: State, player: int, rng: random.Random) -> State:
    """``state`` with every card hidden from ``player`` shuffled among the
    places it could be (the other hands and the stock), sizes kept; the other
    players' private arrangements are dropped and the hidden seed changed.

    Hands that are public (shown at a declaration) and cards seen taken from
    the pile stay where they are.
    """
    kept = [
        state.hands[seat]
        if seat == player or state.shown[seat] is not None
        else seen_in_hand(state, seat)
        for seat in range(state.players)
    ]
    pool: list[Card] = list(state.stock)
    for seat in range(state.players):
        if seat != player:
            pool += (state.hands[seat] - kept[seat]).cards
    rng.shuffle(pool)
    hands = []
    for seat in range(state.players):
        if seat == player:
            hands.append(state.hands[seat])
            continue
        free = len(state.hands[seat]) - len(kept[seat])
        hands.append(kept[seat].add(*pool[:free]))
        del pool[:free]
    assert len(pool) == len(state.stock)
    other = attrs.evolve(
        state,
        hands=tuple(hands),
        stock=tuple(pool),
        chance=rng.getrandbits(63),
        extra=own_arrangement_only(state, player),
    )
    assert other.all_cards() == state.all_cards()
    return other


def playable() -> list[type[Variant]]:
    """The variants whose game flow is implemented (the others join later)."""
    return [
        cls
        for cls in VARIANTS
        if game_flow_missing(cls(), seat_range(cls())[0]) is None
    ]


def random_point(
    variant: Variant, players: int, seed: int, steps: int, agent_index: int
) -> State:
    """The state after ``steps`` actions of a seeded random hand (or its end)."""
    rng = random.Random(seed)
    state = variant.new_game(players, seed=seed)
    agent = AGENTS[agent_index % len(AGENTS)]
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(agent(state, rng))
    return state


#: Options worth varying in the leak test, by variant name (others: defaults).
OPTIONS: dict[str, dict[str, st.SearchStrategy[object]]] = {
    "classic": {
        "stock_exhaustion": st.sampled_from(
            ["turn_over", "turn_over_then_flip", "shuffle"]
        ),
        "discard_to_go_out": st.booleans(),
        "melds_per_turn": st.sampled_from([None, 1]),
    },
    "indian": {
        "preset": st.sampled_from(["gamentio", "standard"]),
        "indicator_in_stock": st.booleans(),
        "direction": st.sampled_from(["clockwise", "anticlockwise"]),
    },
    "rumino": {
        "rumino_claim_mode": st.sampled_from(["auto", "manual_window"]),
        "knock_timing": st.sampled_from(["instead_of_draw", "after_draw"]),
        "stock_exhaustion": st.sampled_from(
            ["reshuffle_keep_top", "turn_over_no_shuffle"]
        ),
    },
}


@st.composite
def variants(draw: st.DrawFn) -> Variant:
    """A playable variant with some options varied."""
    ready = playable()
    assert ready, "no variant can play a hand yet"
    cls = draw(st.sampled_from(ready))
    options = draw(st.fixed_dictionaries({}, optional=OPTIONS.get(cls.name, {})))
    return cls(**options)


@settings(max_examples=examples(60), deadline=None)
@given(
    variant=variants(),
    players=st.integers(0, 10),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 150),
    agent=st.integers(0, 2),
    shuffles=st.randoms(use_true_random=False),
)
def test_views_do_not_depend_on_hidden_cards(
    variant: Variant,
    players: int,
    seed: int,
    steps: int,
    agent: int,
    shuffles: random.Random,
) -> None:
    seats = seat_range(variant)
    players = seats[players % len(seats)]
    state = random_point(variant, players, seed, steps, agent)
    if state.is_terminal:
        return
    for player in range(players):
        other = hidden_from(state, player, shuffles)
        assert other.view(player) == state.view(player)


def cards_in(value: object) -> list[Card]:
    """Every card inside ``value``: a card, a collection, or an attrs value
    such as an action."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, Hand):
        return list(value.cards)
    if isinstance(value, tuple | list):
        return [card for item in value for card in cards_in(item)]
    if attrs.has(type(value)):
        kind = cast("type[attrs.AttrsInstance]", type(value))
        return [
            card
            for field in attrs.fields(kind)
            for card in cards_in(getattr(value, field.name))
        ]
    return []


def public_cards(state: State) -> set[Card]:
    """Cards every player has seen face up: on the pile now or once (discards,
    takes from the pile, claims), on the table, in shown hands, the indicator."""
    seen: set[Card] = set(state.pile)
    for placed in state.table:
        seen.update(placed.meld.cards)
    for hand in state.shown:
        if hand is not None:
            seen.update(hand.cards)
    if state.indicator is not None:
        seen.add(state.indicator)
    for event in state.history:
        if isinstance(event.action, DrawDiscard | Claim) and event.card is not None:
            seen.add(event.card)  # taken or claimed from the pile
        discard = getattr(event.action, "discard", None)  # knock or gin with a discard
        if isinstance(discard, Card):
            seen.add(discard)
        if isinstance(event.action, Discard):
            seen.add(event.action.card)
    return seen


@settings(max_examples=examples(40), deadline=None)
@given(
    variant=variants(),
    players=st.integers(0, 10),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 150),
    agent=st.integers(0, 2),
)
def test_other_players_actions_show_only_public_cards(
    variant: Variant, players: int, seed: int, steps: int, agent: int
) -> None:
    """The swap above keeps the history, so leaks through the record of other
    players' actions are checked here: every card an event by someone else
    shows in ``p``'s view has been face up for everyone."""
    seats = seat_range(variant)
    players = seats[players % len(seats)]
    state = random_point(variant, players, seed, steps, agent)
    for player in range(players):
        assert leaked_cards(state, player) == set()


def leaked_cards(state: State, player: int) -> set[Card]:
    """Cards that other players' events show in ``player``'s view but that have
    never been face up."""
    public = public_cards(state)
    leaked: set[Card] = set()
    for event in state.view(player).history:
        if event.player != player:
            leaked.update(set(cards_in(event.card) + cards_in(event.action)) - public)
    return leaked


def test_the_public_card_check_catches_a_shown_stock_draw() -> None:
    """Were a stock draw not private, the check above would see it."""
    state = play_until_stock_draws(6)
    assert leaked_cards(state, 0) == set()
    public = public_cards(state)
    index, event = next(
        (i, e)
        for i, e in enumerate(state.history)
        if isinstance(e.action, DrawStock) and e.player == 1 and e.card not in public
    )
    doctored = attrs.evolve(
        state,
        history=(
            *state.history[:index],
            attrs.evolve(event, private=False),
            *state.history[index + 1 :],
        ),
    )
    assert leaked_cards(doctored, 0) == {event.card}


def test_the_shuffled_states_really_differ() -> None:
    """The construction above moves cards (so the property is not vacuous)."""
    state = random_point(ClassicRummy(), 3, seed=4, steps=30, agent_index=1)
    assert not state.is_terminal
    other = hidden_from(state, 0, random.Random(1))
    assert other.hands[0] == state.hands[0]
    assert other.hands[1:] != state.hands[1:] or other.stock != state.stock
    assert other.view(1) != state.view(1)  # player 1's own hand moved


def test_a_card_seen_taken_stays_with_its_taker() -> None:
    state = ClassicRummy().new_game(3, seed=2, dealer=2)
    upcard = state.pile[-1]
    state = state.apply(DrawDiscard())
    for _ in range(10):
        other = hidden_from(state, 1, random.Random(_))
        assert upcard in other.hands[0]


def play_until_stock_draws(seed: int) -> State:
    state = ClassicRummy().new_game(3, seed=seed, dealer=2)
    rng = random.Random(seed)
    while sum(isinstance(e.action, DrawStock) for e in state.history) < 4:
        state = state.apply(greedy_agent(state, rng))
        assert not state.is_terminal
    return state


def test_history_hides_other_players_stock_draws_but_shows_your_own() -> None:
    state = play_until_stock_draws(5)
    draws = [
        (index, event)
        for index, event in enumerate(state.history)
        if isinstance(event.action, DrawStock)
    ]
    assert {event.player for _, event in draws} >= {0, 1}
    for player in range(state.players):
        history = state.view(player).history
        assert len(history) == len(state.history)
        for index, event in draws:
            assert event.card is not None and event.private
            shown = history[index]
            assert shown.player == event.player and shown.action == event.action
            if event.player == player:
                assert shown.card == event.card
            else:
                assert shown.card is None
        # everything else is public: discards, takes from the pile, melds
        for index, event in enumerate(state.history):
            if not isinstance(event.action, DrawStock):
                assert history[index] == event


def test_the_discard_pile_take_is_public() -> None:
    state = ClassicRummy().new_game(2, seed=1, dealer=1)
    upcard = state.pile[-1]
    state = state.apply(DrawDiscard())
    for player in range(2):
        event = state.view(player).history[-1]
        assert isinstance(event.action, DrawDiscard) and event.card == upcard


def test_legal_actions_appear_only_in_the_acting_players_view() -> None:
    rng = random.Random(8)
    state = ClassicRummy().new_game(4, seed=8)
    for _ in range(60):
        if state.is_terminal:
            break
        for player in range(state.players):
            view = state.view(player)
            if player == state.current_player:
                assert view.legal_actions == state.legal_actions()
                assert view.legal_actions
            else:
                assert view.legal_actions == ()
            assert view.decision == state.pending
            assert view.hand == state.hands[player]
            assert view.hand_sizes == tuple(len(hand) for hand in state.hands)
            assert view.stock_size == len(state.stock)
        state = state.apply(greedy_agent(state, rng))


def test_terminal_views_show_every_hand_and_no_actions() -> None:
    rng = random.Random(3)
    state = ClassicRummy(max_turnovers=1).new_game(2, seed=3)
    while not state.is_terminal:
        state = state.apply(greedy_agent(state, rng))
    for player in range(2):
        view = state.view(player)
        assert view.shown == state.hands
        assert view.legal_actions == ()
        assert view.outcome == state.outcome
        assert view.phase is Phase.ENDED


def own_arrangement_only(state: State, player: int) -> object:
    """The variant's facts with only ``player``'s arrangement kept (Indian
    Rummy's arrangements are private to each seat)."""
    facts = state.extra
    if not isinstance(facts, IndianFacts):
        return facts
    mine = tuple(
        (seat, groups) for seat, groups in facts.arrangements if seat == player
    )
    return attrs.evolve(facts, arrangements=mine)
