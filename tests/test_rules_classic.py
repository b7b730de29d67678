"""Classic Rummy's rules (RULES.md §3), one test per rule and worked example C1-C10.

Positions are built two ways: by dealing an explicit deck order
(:func:`tests.games.deck_for`), or by laying the cards out on a dealt state
(:func:`tests.games.arrange`), which puts every card it is not told about at
the bottom of the stock so that the cards still add up to exactly the deck.
Either way the moves themselves go through the engine (draw, meld, lay off,
discard), never by editing the state in between.
"""

from __future__ import annotations

import random
from decimal import Decimal

import attrs
import pytest

from rummykit import Card, ClassicRummy, Hand, IllegalActionError
from rummykit.agents import GreedyAgent, play_hand
from rummykit.engine import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    LayMeld,
    LayOff,
    Phase,
    State,
    Termination,
)
from rummykit.variants import ClassicFacts
from tests.games import arrange, cards, deck_for, greedy_agent, play_random


def game(players: int = 3, **options: object) -> State:
    """A dealt hand of Classic Rummy with ``options``, seat 0 to play first."""
    return ClassicRummy(**options).new_game(players, seed=0, dealer=players - 1)  # type: ignore[arg-type]


def key(cards_: tuple[Card, ...]) -> tuple[int, ...]:
    """Cards as a sorted tuple of codes, to compare groups regardless of order."""
    return tuple(sorted(card.code for card in cards_))


def layoffs(state: State, target: int) -> set[tuple[int, ...]]:
    """The lay-offs on ``target`` among the legal actions, as card-code keys."""
    return {
        key(action.cards)
        for action in state.legal_actions()
        if isinstance(action, LayOff) and action.target == target
    }


def meld_keys(state: State) -> set[tuple[int, ...]]:
    """The melds among the legal actions, as card-code keys."""
    return {
        key(action.cards)
        for action in state.legal_actions()
        if isinstance(action, LayMeld)
    }


def listed(state: State, action: Action) -> bool:
    """Whether ``action`` is among the legal actions (melds and lay-offs in any
    card order)."""
    for other in state.legal_actions():
        if isinstance(action, LayMeld) and isinstance(other, LayMeld):
            if key(other.cards) == key(action.cards):
                return True
        elif isinstance(action, LayOff) and isinstance(other, LayOff):
            if other.target == action.target and key(other.cards) == key(action.cards):
                return True
        elif other == action:
            return True
    return False


def refused(state: State, action: Action, *words: str) -> None:
    """``action`` is illegal in ``state``: not listed, ``is_legal`` false, ``apply``
    raises naming ``words``, and the state is unchanged."""
    snapshot = attrs.evolve(state)
    assert not listed(state, action)
    assert not state.is_legal(action)
    with pytest.raises(IllegalActionError) as error:
        state.apply(action)
    for word in words:
        assert word in str(error.value)
    assert state == snapshot


def accepted(state: State, action: Action) -> State:
    """``action`` is listed and legal in ``state``; the state after it."""
    state.check(action)  # raises, naming the rule, if it is illegal
    assert state.is_legal(action)
    assert listed(state, action), f"{action} is legal but not listed"
    return state.apply(action)


def pips(text: str) -> int:
    return ClassicRummy().point_values.total(Hand.parse(text).cards)


# -- C1: melds and the ace --------------------------------------------------------------


@pytest.mark.parametrize(
    ("meld", "options", "valid"),
    [
        ("Ah 2h 3h", {}, True),
        ("Qh Kh Ah", {}, False),
        ("Qh Kh Ah", {"ace_high": True}, True),
        ("Kh Ah 2h", {}, False),
        ("Kh Ah 2h", {"ace_high": True}, False),
        ("Kh Ah 2h", {"wrap": True}, True),
        ("Ah 2h 3h", {"ace_high": True}, True),
        ("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh", {}, True),
        ("5s 5h 5d", {}, True),
        ("5s 5h 5d 5c", {}, True),
        ("5s 5h 6h", {}, False),
        ("5s 6s", {}, False),
    ],
)
def test_C1_meld_validity_with_ace_options(
    meld: str, options: dict[str, bool], valid: bool
) -> None:
    variant = ClassicRummy(**options)  # type: ignore[arg-type]
    assert variant.meld_rules.is_meld(Hand.parse(meld)) is valid
    # the same verdict through the engine: the meld is offered and accepted, or not
    state = arrange(
        game(2, **options),
        hands=[meld + " 9c", "Td Jd 4c"],
        stock_top_first="8c",
    ).apply(DrawStock())
    action = LayMeld(meld)
    assert state.is_legal(action) is valid
    assert (key(action.cards) in meld_keys(state)) is valid


# -- C2: going out --------------------------------------------------------------------


def c2_position(**options: object) -> State:
    """P (seat 0) holds 7c 8c 4d, having melded earlier; P2's 4h 4c 4s is on
    the table; P draws 9c."""
    return arrange(
        game(3, **options),
        hands=["7c 8c 4d", "2s 3s 9h Kc", "5h 6h Jh Qd"],
        table=[(0, "Ks Kh Kd"), (1, "4h 4c 4s")],
        melded=[True, True, False],
        pile="Qc",
        stock_top_first="9c",
    ).apply(DrawStock())


def test_C2_go_out_without_discarding() -> None:
    state = c2_position()
    state = accepted(state, LayMeld("7c 8c 9c"))
    assert not state.is_terminal
    state = accepted(state, LayOff("4d", target=1))
    assert state.is_terminal
    assert state.outcome is not None
    assert state.outcome.termination is Termination.WENT_OUT
    assert state.outcome.winners == (0,)
    assert len(state.hands[0]) == 0
    assert state.pile == cards("Qc")  # nothing was discarded
    assert not any(isinstance(event.action, Discard) for event in state.history)
    assert state.outcome.rummy is False  # P had melded before this turn
    assert state.outcome.points == (0, pips("2s 3s 9h Kc"), pips("5h 6h Jh Qd"))


def test_C2_lay_off_first_then_meld_also_goes_out() -> None:
    state = accepted(c2_position(), LayOff("4d", target=1))
    state = accepted(state, LayMeld("7c 8c 9c"))
    assert state.is_terminal


def test_C2_discard_to_go_out_makes_the_emptying_play_illegal() -> None:
    state = c2_position(discard_to_go_out=True)
    state = accepted(state, LayMeld("7c 8c 9c"))
    refused(state, LayOff("4d", target=1), "discard_to_go_out")
    assert state.legal_actions() == (Discard(Card("4d")),)
    state = state.apply(Discard(Card("4d")))
    assert state.is_terminal
    assert state.outcome is not None
    assert state.outcome.winners == (0,)
    assert state.pile == cards("Qc 4d")


def test_C2_discard_to_go_out_refuses_the_last_meld_too() -> None:
    state = c2_position(discard_to_go_out=True)
    state = accepted(state, LayOff("4d", target=1))
    refused(state, LayMeld("7c 8c 9c"), "discard_to_go_out")
    assert not any(isinstance(action, LayMeld) for action in state.legal_actions())


# -- C3 and C4: rummy and payments -------------------------------------------------------

C3_HANDS = ["5d 6d 7d Ts Th Tc Kc", "As 2s 3s 4s 5s 6s 7s", "Jc Qc Kh 9c 8c 2c 3c"]


def c3_position(**options: object) -> State:
    """3 players; P (seat 0) has not melded and holds 5d 6d 7d Ts Th Tc Kc; the
    stock's top card is 8d."""
    variant = ClassicRummy(**options)  # type: ignore[arg-type]
    deck = deck_for(variant, 3, 2, C3_HANDS, upcard="4c", stock_top_first="8d")
    state = variant.new_game(3, deck=deck, dealer=2)
    assert state.current_player == 0
    return state.apply(DrawStock())


def c3_play(state: State) -> State:
    state = accepted(state, LayMeld("5d 6d 7d 8d"))
    state = accepted(state, LayMeld("Ts Th Tc"))
    return accepted(state, Discard(Card("Kc")))


def test_C3_rummy_doubles_payments() -> None:
    state = c3_play(c3_position())
    outcome = state.outcome
    assert outcome is not None
    assert outcome.termination is Termination.WENT_OUT
    assert outcome.rummy is True
    assert outcome.points == (0, 28, 52)
    assert {(p.payer, p.payee, p.points, p.money) for p in outcome.payments} == {
        (1, 0, 56, Decimal("56.00")),
        (2, 0, 104, Decimal("104.00")),
    }
    assert outcome.money_for(0) == Decimal("160.00")


def test_C3_not_rummy_under_rummy_requires_no_discard() -> None:
    state = c3_play(c3_position(rummy_requires_no_discard=True))
    outcome = state.outcome
    assert outcome is not None
    assert outcome.rummy is False
    assert {(p.payer, p.points) for p in outcome.payments} == {(1, 28), (2, 52)}
    assert outcome.money_for(0) == 80.0


def test_C3_melding_everything_is_rummy_under_both_options() -> None:
    hands = ["5d 6d 7d Ts Th Tc Td", *C3_HANDS[1:]]
    for strict in (False, True):
        variant = ClassicRummy(rummy_requires_no_discard=strict)
        deck = deck_for(variant, 3, 2, hands, upcard="4c", stock_top_first="8d")
        state = variant.new_game(3, deck=deck, dealer=2).apply(DrawStock())
        state = accepted(state, LayMeld("Ts Th Tc Td"))
        state = accepted(state, LayMeld("5d 6d 7d 8d"))
        assert state.outcome is not None
        assert state.outcome.rummy is True
        assert state.outcome.money_for(0) == 2 * (28 + 52)


def test_C3_a_meld_on_an_earlier_turn_means_no_rummy() -> None:
    # P melds the tens on the first turn, then goes out on the second
    variant = ClassicRummy()
    deck = deck_for(variant, 3, 2, C3_HANDS, upcard="4c", stock_top_first="Ks Kd 8d")
    state = variant.new_game(3, deck=deck, dealer=2).apply(DrawStock())  # Ks
    state = accepted(state, LayMeld("Ts Th Tc"))
    state = accepted(state, Discard(Card("Ks")))
    state = accepted(state, DrawStock())  # seat 1 draws Kd
    state = accepted(state, Discard(Card("Kd")))
    state = accepted(state, DrawDiscard())  # seat 2 takes Kd ...
    state = accepted(state, Discard(Card("Jc")))  # ... and throws Jc
    state = accepted(state, DrawStock())  # seat 0 draws 8d
    state = accepted(state, LayMeld("5d 6d 7d 8d"))
    state = accepted(state, Discard(Card("Kc")))
    outcome = state.outcome
    assert outcome is not None
    assert outcome.winners == (0,)
    assert outcome.rummy is False
    assert outcome.points == (0, 28, 52 - 10 + 10)
    assert outcome.money_for(0) == 28 + 52


def c4_position(*, rummy: bool, stake: float = 1.0) -> State:
    """P1 (seat 0) is about to go out by melding 4h 5h 6h; P2 holds 9s 9h 9d Qc,
    P3 holds Ah 2c."""
    table = [(1, "Ks Kh Kd")] if rummy else [(0, "Js Jh Jd"), (1, "Ks Kh Kd")]
    return arrange(
        game(3, stake=stake),
        hands=["4h 5h", "9s 9h 9d Qc", "Ah 2c"],
        table=table,
        pile="7c",
        stock_top_first="6h",
    ).apply(DrawStock())


@pytest.mark.parametrize(("rummy", "total"), [(False, 40), (True, 80)])
def test_C4_payments_37_and_3(rummy: bool, total: int) -> None:
    state = accepted(c4_position(rummy=rummy), LayMeld("4h 5h 6h"))
    outcome = state.outcome
    assert outcome is not None
    assert outcome.rummy is rummy
    assert outcome.points == (0, 37, 3)
    factor = 2 if rummy else 1
    assert sorted((p.payer, p.payee, p.points) for p in outcome.payments) == [
        (1, 0, 37 * factor),
        (2, 0, 3 * factor),
    ]
    assert outcome.money_for(0) == total
    assert outcome.money_for(1) == -37 * factor
    assert outcome.money_for(2) == -3 * factor


def test_C4_money_is_points_times_stake() -> None:
    state = accepted(c4_position(rummy=False, stake=2.5), LayMeld("4h 5h 6h"))
    assert state.outcome is not None
    assert sorted((p.points, p.money) for p in state.outcome.payments) == [
        (3, Decimal("7.50")),
        (37, Decimal("92.50")),
    ]
    assert state.outcome.money_for(0) == Decimal("100.00")


# -- C5: the C-2 guard ----------------------------------------------------------------


def c5_position(**options: object) -> State:
    """P (seat 0) holds only 6c and takes 9d from the pile; 6c would fit 3c 4c 5c
    and 9d fits 9s 9h 9c."""
    return arrange(
        game(2, **options),
        hands=["6c", "Kh Qh Jd"],
        table=[(0, "3c 4c 5c"), (1, "9s 9h 9c")],
        melded=[True, True],
        pile="2h 9d",
    ).apply(DrawDiscard())


def test_C5_laying_off_all_but_the_taken_card_is_illegal() -> None:
    state = c5_position()
    assert state.taken == Card("9d")
    refused(state, LayOff("6c", target=0), "C-2")
    refused(state, Discard(Card("9d")), "taken")
    assert set(state.legal_actions()) == {
        LayOff("9d", target=1),
        Discard(Card("6c")),
    }


def test_C5_discard_6c_and_keep_9d() -> None:
    state = accepted(c5_position(), Discard(Card("6c")))
    assert not state.is_terminal
    assert state.hands[0] == Hand.parse("9d")
    assert state.current_player == 1


def test_C5_lay_off_9d_then_discard_6c_goes_out() -> None:
    state = accepted(c5_position(), LayOff("9d", target=1))
    state = accepted(state, Discard(Card("6c")))
    assert state.outcome is not None
    assert state.outcome.winners == (0,)


def test_C5_lay_off_9d_then_6c_goes_out_without_discarding() -> None:
    state = accepted(c5_position(), LayOff("9d", target=1))
    state = accepted(state, LayOff("6c", target=0))
    assert state.outcome is not None
    assert state.outcome.winners == (0,)


def test_C5_under_discard_to_go_out_the_last_card_must_be_discarded() -> None:
    state = accepted(c5_position(discard_to_go_out=True), LayOff("9d", target=1))
    refused(state, LayOff("6c", target=0), "discard_to_go_out")
    assert state.legal_actions() == (Discard(Card("6c")),)


def test_the_taken_card_may_be_discarded_on_a_later_turn() -> None:
    state = accepted(c5_position(), Discard(Card("6c")))
    state = accepted(state, DrawStock())
    state = accepted(state, Discard(state.drawn or Card("Kh")))
    state = accepted(state, DrawStock())
    assert state.is_legal(Discard(Card("9d")))


# -- C6, C7, C9: lay-offs -----------------------------------------------------------------


def c6_position(table: str, hand: str, **options: object) -> State:
    return arrange(
        game(2, **options),
        hands=[hand, "Kc Qc Jc"],
        table=[(1, table)],
        stock_top_first="Kd",
    ).apply(DrawStock())


def test_C6_layoffs_on_8h_9h_Th() -> None:
    state = c6_position("8h 9h Th", "Jh Qh 7h 6h Ah 2c 3d 5s")
    offered = layoffs(state, 0)
    expected = {
        key(cards(group))
        for group in (
            "Jh",
            "Jh Qh",
            "7h",
            "6h 7h",
            "7h Jh",
            "6h 7h Jh",
            "7h Jh Qh",
            "6h 7h Jh Qh",
        )
    }
    assert offered == expected
    for group in ("Jh", "Jh Qh", "7h", "6h 7h"):
        after = accepted(state, LayOff(group, target=0))
        assert len(after.table[0].meld) == 3 + len(group.split())
    for group in ("Qh", "6h", "Ah", "6h Jh", "Jh Kd"):
        refused(state, LayOff(group, target=0))


def test_C6_the_table_meld_grows_and_keeps_its_owner() -> None:
    state = accepted(
        c6_position("8h 9h Th", "Jh Qh 7h 6h Ah 2c 3d 5s"), LayOff("6h 7h", target=0)
    )
    placed = state.table[0]
    assert placed.owner == 1
    assert key(placed.meld.cards) == key(cards("6h 7h 8h 9h Th"))
    assert ClassicFacts.of(state).melded[0] is True


def test_C6_ace_does_not_extend_J_Q_K_by_default() -> None:
    state = c6_position("Jh Qh Kh", "Ah 2c 3d 5s 7h Th")
    assert layoffs(state, 0) == {key(cards("Th"))}
    refused(state, LayOff("Ah", target=0))


def test_C6_ace_extends_J_Q_K_with_ace_high() -> None:
    state = c6_position("Jh Qh Kh", "Ah 2c 3d 5s 7h", ace_high=True)
    assert key(cards("Ah")) in layoffs(state, 0)
    after = accepted(state, LayOff("Ah", target=0))
    assert len(after.table[0].meld) == 4


def c7_position(extra: str = "") -> State:
    return arrange(
        game(2),
        hands=["As Kd Qc 7h " + extra, "Jc Jd 9h"],
        table=[(1, "2c 2h 2d 2s"), (1, "3s 4s 5s")],
        stock_top_first="8d",
    ).apply(DrawStock())


def test_C7_no_rearranging_the_table() -> None:
    state = c7_position()
    assert not any(
        isinstance(action, LayOff) and Card("As") in action.cards
        for action in state.legal_actions()
    )
    refused(state, LayOff("As", target=0))
    refused(state, LayOff("As", target=1))


def test_C7_the_run_still_takes_its_own_neighbours() -> None:
    # the control: 6s does extend 3s 4s 5s, so the refusal above is about the ace
    state = c7_position("6s")
    assert layoffs(state, 1) == {key(cards("6s"))}
    assert layoffs(state, 0) == set()


def test_C9_two_runs_in_one_suit_stay_separate() -> None:
    state = arrange(
        game(3),
        hands=["3s 4s 5s 6s 7s 8s Kd", "Ac 2h 4d 6c 8c 9h Th", "9s 2s Jh Qh 4c 5c 6d"],
        stock_top_first="Qc Jd Js",
    ).apply(DrawStock())
    assert key(cards("3s 4s 5s 6s 7s 8s")) in meld_keys(
        state
    )  # one run is also possible
    state = accepted(state, LayMeld("3s 4s 5s"))
    state = accepted(state, LayMeld("6s 7s 8s"))
    assert [key(placed.meld.cards) for placed in state.table] == [
        key(cards("3s 4s 5s")),
        key(cards("6s 7s 8s")),
    ]
    state = accepted(state, Discard(Card("Kd")))
    state = accepted(state, DrawStock())
    state = accepted(state, Discard(Card("Jd")))
    state = accepted(state, DrawStock())  # P3 (seat 2) draws Js
    assert layoffs(state, 1) == {key(cards("9s"))}
    assert layoffs(state, 0) == {key(cards("2s"))}
    refused(state, LayOff("9s", target=0))
    state = accepted(state, LayOff("9s", target=1))
    assert len(state.table) == 2
    assert key(state.table[0].meld.cards) == key(cards("3s 4s 5s"))
    assert key(state.table[1].meld.cards) == key(cards("6s 7s 8s 9s"))


# -- C8: stock exhaustion --------------------------------------------------------------


def run_down_stock(state: State) -> State:
    """Every player draws from the stock and discards the card drawn until the
    stock is empty (and the next turn has begun)."""
    while state.stock and not state.is_terminal:
        state = state.apply(DrawStock())
        assert state.drawn is not None
        state = state.apply(Discard(state.drawn))
    return state


def exhausted(**options: object) -> tuple[State, Card, tuple[Card, ...]]:
    """A 2-player hand run down to an empty stock; the upcard and the pile."""
    state = game(2, **options)
    upcard = state.pile[0]
    state = run_down_stock(state)
    return state, upcard, state.pile


def test_C8_both_draws_are_offered_when_the_stock_is_empty() -> None:
    state, _, pile = exhausted()
    assert not state.stock
    assert state.phase is Phase.DRAW and not state.is_terminal
    assert len(pile) == 52 - 20
    assert set(state.legal_actions()) == {DrawStock(), DrawDiscard()}


def test_C8_turned_over_stock_has_the_upcard_on_top() -> None:
    state, upcard, pile = exhausted()
    after = state.apply(DrawStock())
    assert after.drawn == upcard
    assert after.stock == tuple(reversed(pile))[:-1]  # not shuffled
    assert after.pile == ()
    assert after.turnovers == 1
    assert after.all_cards() == ClassicRummy().deck.hand()


def test_C8_taking_the_discard_leaves_the_stock_empty() -> None:
    state, _, pile = exhausted()
    after = state.apply(DrawDiscard())
    assert after.taken == pile[-1]
    assert after.stock == () and after.turnovers == 0
    after = after.apply(
        Discard(next(c for c in after.hands[after.current] if c != pile[-1]))
    )
    assert set(after.legal_actions()) == {DrawStock(), DrawDiscard()}


def test_C8_turn_over_then_flip() -> None:
    state, upcard, pile = exhausted(stock_exhaustion="turn_over_then_flip")
    after = state.apply(DrawStock())
    assert after.pile == (upcard,)
    assert after.drawn == pile[1]
    assert after.stock == tuple(reversed(pile))[:-2]
    assert after.turnovers == 1


def test_C8_shuffle() -> None:
    state, _, pile = exhausted(stock_exhaustion="shuffle")
    after = state.apply(DrawStock())
    assert after.drawn is not None
    assert Hand([*after.stock, after.drawn]) == Hand(pile)
    assert after.pile == ()
    assert (*after.stock, after.drawn) != tuple(reversed(pile))
    # the shuffle is reproducible: it comes from the state's hidden seed
    assert state.apply(DrawStock()) == after


def test_C8_block_ends_the_hand_and_the_lowest_hand_collects() -> None:
    state = game(3, stock_exhaustion="block")
    state = run_down_stock(state)
    outcome = state.outcome
    assert outcome is not None
    assert outcome.termination is Termination.BLOCKED
    totals = tuple(
        ClassicRummy().point_values.total(hand.cards) for hand in state.hands
    )
    assert outcome.points == totals
    low = min(totals)
    assert outcome.winner is not None and totals[outcome.winner] == low
    assert sorted((p.payer, p.points) for p in outcome.payments) == sorted(
        (seat, totals[seat] - low) for seat in range(3) if seat != outcome.winner
    )


@pytest.mark.parametrize("limit", [0, 1, 2, 3, None])
def test_C_3_max_turnovers_ends_the_hand_as_under_block(limit: int | None) -> None:
    """Rule C-3: the stock may be turned over ``max_turnovers`` times (3 by
    default); when it runs out once more the hand ends as under ``block``:
    the lowest hand collects the differences, with the termination
    TURNOVER_LIMIT for a frontend to show."""
    options = {} if limit is None else {"max_turnovers": limit}
    state = game(3, **options)
    turnovers = 3 if limit is None else limit
    assert state.rules.turnover_limit() == turnovers
    for _ in range(turnovers):
        state = run_down_stock(state)
        assert not state.is_terminal
        state = state.apply(DrawStock())  # turn the pile over
        state = state.apply(Discard(state.drawn or Card("As")))
    state = run_down_stock(state)
    assert state.turnovers == turnovers
    assert state.stock == ()
    outcome = state.outcome
    assert outcome is not None
    assert outcome.termination is Termination.TURNOVER_LIMIT
    assert f"after {turnovers} turn-over(s)" in outcome.note
    totals = tuple(
        ClassicRummy().point_values.total(hand.cards) for hand in state.hands
    )
    assert outcome.points == totals
    low = min(totals)
    assert outcome.winner is not None and totals[outcome.winner] == low
    assert sorted((p.payer, p.points) for p in outcome.payments) == sorted(
        (seat, totals[seat] - low) for seat in range(3) if seat != outcome.winner
    )


def test_C_3_every_default_hand_ends() -> None:
    """Rule C-3 with default options: the greedy self-play that used to go
    round for ever (seed 18) ends by the turn-over limit."""
    classic = ClassicRummy()
    assert classic.max_turnovers == 3
    state = play_hand(classic, [GreedyAgent(), GreedyAgent()], seed=18)
    assert state.outcome is not None
    assert state.outcome.termination is Termination.TURNOVER_LIMIT
    assert state.turnovers == 3


# -- C10 and the deal ----------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_C10_deal_sizes(players: int, size: int) -> None:
    state = ClassicRummy().new_game(players, seed=players)
    assert [len(hand) for hand in state.hands] == [size] * players
    assert len(state.pile) == 1
    assert len(state.stock) == 52 - players * size - 1


@pytest.mark.parametrize("players", [0, 1, 7])
def test_deal_refuses_a_table_classic_does_not_seat(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 6"):
        ClassicRummy().new_game(players, seed=0)


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_cards_are_dealt_one_at_a_time_from_the_dealers_left(dealer: int) -> None:
    order = list(ClassicRummy().deck.cards())
    random.Random(dealer).shuffle(order)
    state = ClassicRummy().new_game(3, deck=order, dealer=dealer)
    for index in range(21):
        seat = (dealer + 1 + index) % 3
        assert order[index] in state.hands[seat]
    assert state.pile == (order[21],)
    assert state.stock[-1] == order[22]
    assert state.stock[0] == order[-1]
    assert state.current_player == (dealer + 1) % 3


def test_deck_for_deals_the_hands_asked_for() -> None:
    variant = ClassicRummy()
    hands = ["As 2s 3s 4s 5s 6s 7s 8s 9s Ts", "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th"]
    deck = deck_for(variant, 2, 1, hands, upcard="Kc", stock_top_first="Qd Jd")
    state = variant.new_game(2, deck=deck, dealer=1)
    assert state.hands == tuple(Hand.parse(hand) for hand in hands)
    assert state.pile == cards("Kc")
    assert state.stock[-2:] == cards("Jd Qd")


@pytest.mark.parametrize(
    ("players", "deal"), [(2, "winner"), (2, "alternate"), (3, "winner"), (4, "winner")]
)
def test_C10_next_dealer_in_a_match(players: int, deal: str) -> None:
    """Two players: the winner deals next (pagat: they alternate); more players:
    the deal passes left.  A void hand has no winner: the deal passes left."""
    from rummykit.match import Match

    variant = ClassicRummy(max_turnovers=1, two_player_deal=deal)
    rng = random.Random(11)
    kept = 0
    for seed in range(20):
        match = Match.start(variant, players, seed=seed, max_hands=2)
        dealer = match.state.dealer
        while match.hand_number == 1 and not match.is_terminal:
            match = match.apply(greedy_agent(match.state, rng))
        outcome = match.results[0]
        if players == 2 and deal == "winner" and outcome.winner is not None:
            expected = outcome.winner
        else:
            expected = (dealer + 1) % players
        assert match.state.dealer == expected
        kept += expected == dealer
    if players == 2 and deal == "winner":
        assert kept  # some dealer won and dealt again, where the two rules differ


# -- options: melds_per_turn and must_meld_before_layoff -------------------------------


def test_melds_per_turn_1() -> None:
    state = arrange(
        game(2, melds_per_turn=1),
        hands=["3s 4s 5s 6s 9h 9d 9c Kd", "Ac 2c 3c"],
        table=[(1, "Jc Qc Kc")],
        stock_top_first="8h Td Qh",
    ).apply(DrawStock())
    state = accepted(state, LayMeld("3s 4s 5s"))
    assert meld_keys(state) == set()
    refused(state, LayMeld("9h 9d 9c"), "melds_per_turn")
    state = accepted(state, LayOff("6s", target=1))  # lay-offs are not limited
    state = accepted(state, Discard(Card("8h")))
    state = accepted(state, DrawStock())
    state = accepted(state, Discard(Card("Td")))
    state = state.apply(DrawStock())
    assert key(cards("9h 9d 9c")) in meld_keys(state)  # a new turn, a new meld


def test_any_number_of_melds_a_turn_by_default() -> None:
    state = arrange(
        game(2),
        hands=["3s 4s 5s 9h 9d 9c Kd", "Ac 2c 3c"],
        stock_top_first="8h",
    ).apply(DrawStock())
    state = accepted(state, LayMeld("3s 4s 5s"))
    state = accepted(state, LayMeld("9h 9d 9c"))
    assert len(state.table) == 2


def mml_position(**options: object) -> State:
    return arrange(
        game(2, **options),
        hands=["Jh 3s 4s 5s Kd Qc 2d", "Ac 2c 3c"],
        table=[(1, "8h 9h Th")],
        stock_top_first="7c",
    ).apply(DrawStock())


def test_must_meld_before_layoff() -> None:
    state = mml_position(must_meld_before_layoff=True)
    assert layoffs(state, 0) == set()
    refused(state, LayOff("Jh", target=0), "must_meld_before_layoff")
    state = accepted(state, LayMeld("3s 4s 5s"))
    assert key(cards("Jh")) in layoffs(state, 0)
    state = accepted(state, LayOff("Jh", target=0))
    assert ClassicFacts.of(state).melded[0]


def test_must_meld_before_layoff_counts_a_meld_from_an_earlier_turn() -> None:
    state = arrange(
        game(2, must_meld_before_layoff=True),
        hands=["Jh Kd Qc 2d", "Ac 2c 3c"],
        table=[(1, "8h 9h Th"), (0, "3s 4s 5s")],
        stock_top_first="7c",
    ).apply(DrawStock())
    assert key(cards("Jh")) in layoffs(state, 0)


def test_C5_rule_laying_off_before_melding_is_allowed_by_default() -> None:
    state = mml_position()
    assert key(cards("Jh")) in layoffs(state, 0)
    state = accepted(state, LayOff("Jh", target=0))
    assert ClassicFacts.of(state).melded[0]


def test_a_player_who_lays_off_has_melded_and_cannot_go_rummy_later() -> None:
    state = mml_position()
    assert ClassicFacts.of(state).melded_before_turn is False
    state = accepted(state, LayOff("Jh", target=0))
    state = accepted(state, Discard(Card("Kd")))
    assert ClassicFacts.of(state).melded == (True, True)
    state = accepted(state, DrawStock())
    state = accepted(state, Discard(state.drawn or Card("As")))
    assert state.current_player == 0
    assert ClassicFacts.of(state).melded_before_turn is True


def test_a_greedy_game_runs_to_an_end() -> None:
    # a smoke test of the helpers themselves on a terminating configuration
    state = game(4, max_turnovers=1)
    steps = list(play_random(state, greedy_agent, random.Random(3), cap=2000))
    assert steps and steps[-1][2].is_terminal


def test_a_card_not_in_the_hand_is_named_in_the_singular() -> None:
    state = ClassicRummy().new_game(players=2, seed=0).apply(DrawStock())
    assert Card("As") not in state.hands[0] and Card("2s") in state.hands[0]
    refusals = {
        LayMeld("As"): "As is not in player 0's hand",
        LayOff("As", target=0): "As is not in player 0's hand",
        LayMeld("As 2s 3s"): "As 2s 3s are not all in player 0's hand",
    }
    for action, reason in refusals.items():
        with pytest.raises(IllegalActionError) as refused:
            state.apply(action)
        assert refused.value.reason == reason
