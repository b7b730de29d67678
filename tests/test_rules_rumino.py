"""Rumino's rules (RULES.md §1) played through the engine: R1-R13 and the options.

Tests named ``test_R<n>_...`` follow the worked examples of §1.7; where an
example is about play (knocking, gin, rumino, claims, elimination), the test
deals the position or lays it out and then plays it through
:meth:`State.apply` / :meth:`Match.apply`, checking what is offered, what is
refused and how the hand and the match are scored.  The deadwood arithmetic
alone is in test_rules_partition.py.

Positions are built two ways: by dealing an explicit deck order
(:func:`tests.games.deck_for`; seat 0 is eldest hand unless said otherwise),
or by laying the cards out on a dealt state (:func:`tests.games.arrange`,
which keeps :meth:`State.all_cards` equal to the deck).
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from decimal import Decimal
from typing import Any

import attrs
import pytest

from rummykit import Card, Hand, IllegalActionError, Rumino
from rummykit.agents import GreedyAgent, play_hand
from rummykit.engine import (
    Action,
    Claim,
    DeclareGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Expiry,
    Knock,
    Pass,
    Phase,
    Show,
    State,
    Termination,
    Timeout,
    TimerSpec,
)
from rummykit.match import POOL, DeclineRebuy, Match, Rebuy
from rummykit.variants.rumino import DeclareRumino, RuminoFacts
from tests.games import arrange, cards, deck_for

# -- helpers ---------------------------------------------------------------------

#: Seven-card hands with no meld and a known deadwood, for filling seats.
FILLER = (
    "2s 4d 6c 8h Ts Qd Kc",  # 2+4+6+8+10+10+10 = 50
    "As 3d 5c 7h 9s Jd Kh",  # 1+3+5+7+9+10+10 = 45
    "2h 4c 6s 8d Th Qc Ks",  # 50
    "Ah 3c 5s 7d 9h Jc Kd",  # 45
    "2d 4s 6h 8c Td Qs Kh",  # 50
)


def deal(
    variant: Rumino,
    hands: Sequence[str],
    *,
    upcard: str = "Jd",
    stock_top_first: str = "",
    dealer: int | None = None,
) -> State:
    """A real deal of ``hands`` (seat by seat); by default seat 0 is eldest hand."""
    players = len(hands)
    dealer = players - 1 if dealer is None else dealer
    deck = deck_for(variant, players, dealer, hands, upcard, stock_top_first)
    state = variant.new_game(players, deck=deck, dealer=dealer)
    assert state.all_cards() == variant.deck.hand()
    return state


def layout(
    variant: Rumino,
    hands: Sequence[str],
    *,
    seat: int,
    phase: Phase,
    pile: str = "Jd",
    stock_top_first: str = "",
    dealer: int | None = None,
    **fields: Any,
) -> State:
    """``hands`` laid out on a dealt state, ``seat`` to decide in ``phase``."""
    players = len(hands)
    dealer = players - 1 if dealer is None else dealer
    state = variant.new_game(players, seed=0, dealer=dealer)
    return arrange(
        state,
        hands=hands,
        pile=pile,
        stock_top_first=stock_top_first,
        current=seat,
        phase=phase,
        **fields,
    )


def knocks(state: State) -> list[Action]:
    return [action for action in state.legal_actions() if isinstance(action, Knock)]


def gins(state: State) -> list[Card]:
    return [
        action.discard
        for action in state.legal_actions()
        if isinstance(action, DeclareGin)
    ]


def claims(state: State) -> bool:
    return Claim() in state.legal_actions()


def match_with(variant: Rumino, state: State, **fields: Any) -> Match:
    """A match of ``variant`` whose hand in play is ``state``."""
    match = Match.start(variant, players=state.players, seed=1, dealer=state.dealer)
    return attrs.evolve(match, state=state, **fields)


# -- R1: knocking ------------------------------------------------------------------


def test_R1_knock_is_offered_at_deadwood_5_but_not_at_8() -> None:
    rumino = Rumino()
    five = deal(rumino, ["Ac 2c 3c 8d 8h 8s 5d", FILLER[0]])
    assert five.current == 0 and five.phase is Phase.DRAW
    assert knocks(five) == [Knock()]
    assert {DrawStock(), DrawDiscard()} <= set(five.legal_actions())

    eight = deal(rumino, ["Ac 2c 3c 9d 9h 9s 8d", FILLER[0]])
    assert rumino.deadwood(eight.hands[0]) == 8
    assert knocks(eight) == []
    with pytest.raises(IllegalActionError, match="knock limit"):
        eight.apply(Knock())


def test_R1_knock_limit_is_an_option() -> None:
    hands = ["Ac 2c 3c 9d 9h 9s 8d", FILLER[0]]
    assert knocks(deal(Rumino(knock_limit=8), hands)) == [Knock()]
    assert (
        knocks(deal(Rumino(knock_limit=4), ["Ac 2c 3c 8d 8h 8s 5d", FILLER[0]])) == []
    )


def test_R1_knock_comes_instead_of_drawing() -> None:
    state = deal(Rumino(), ["Ac 2c 3c 8d 8h 8s 5d", FILLER[0]], stock_top_first="Kc")
    drawn = state.apply(DrawStock())
    assert drawn.phase is Phase.PLAY
    assert knocks(drawn) == []
    with pytest.raises(IllegalActionError, match="instead of drawing"):
        drawn.apply(Knock())
    with pytest.raises(IllegalActionError):
        drawn.apply(Knock(Card("Kc")))


def test_R1_knock_scores_every_player_their_optimal_deadwood() -> None:
    rumino = Rumino()
    # Seat 1 holds R4 (optimal 3, not 15), seat 2 holds R7 (optimal 7, not 11).
    state = deal(
        rumino,
        ["Ac 2c 3c 8d 8h 8s 5d", "5s Jk 7s Tc Th Td 3h", "3s 4s 5s 6s 7s 2h 2d"],
    )
    ended = state.apply(Knock())
    assert ended.is_terminal
    assert ended.outcome is not None
    assert ended.outcome.termination is Termination.KNOCK
    assert ended.outcome.points == (5, 3, 7)
    assert ended.outcome.winners == (1,)  # the lowest hand, not the knocker
    assert ended.history[-1].player == 0
    assert ended.pile == (Card("Jd"),)  # a knock throws nothing

    match = match_with(rumino, state, scores=(10, 20, 30))
    after = match.apply(Knock())
    assert after.results[-1].termination is Termination.KNOCK
    assert after.scores == (15, 23, 37)
    assert after.hand_number == 2


# -- R2, R3: aces ------------------------------------------------------------------


def test_R2_queen_king_ace_lets_the_player_knock_only_with_ace_high() -> None:
    hands = ["Qs Ks As 4c 4d 4h 2d", FILLER[0]]
    assert knocks(deal(Rumino(), hands)) == []
    high = deal(Rumino(ace_high=True), hands)
    assert knocks(high) == [Knock()]
    outcome = high.apply(Knock()).outcome
    assert outcome is not None and outcome.points == (2, 50)


def test_R3_king_ace_two_needs_wrap() -> None:
    hands = ["Kh Ah 2h 6c 6d 6s 3s", FILLER[0]]
    assert knocks(deal(Rumino(), hands)) == []
    assert knocks(deal(Rumino(ace_high=True), hands)) == []
    wrapped = deal(Rumino(wrap=True), hands)
    assert knocks(wrapped) == [Knock()]
    outcome = wrapped.apply(Knock()).outcome
    assert outcome is not None and outcome.points == (3, 50)


# -- R4: jokers ------------------------------------------------------------------


def test_R4_the_joker_goes_where_it_leaves_least_deadwood_and_the_player_may_knock() -> (
    None
):
    state = deal(Rumino(), ["5s Jk 7s Tc Th Td 3h", FILLER[1]])
    assert knocks(state) == [Knock()]
    outcome = state.apply(Knock()).outcome
    assert outcome is not None
    assert outcome.points == (3, 45)
    assert outcome.winners == (0,)


# -- R5: gin ---------------------------------------------------------------------


def test_R5_gin_after_drawing_the_seven_of_hearts() -> None:
    rumino = Rumino()
    state = deal(
        rumino,
        ["4h 5h 6h 9c 9d 9s Kc", "5s Jk 7s Tc Th Td 3h", "3s 4s 5s 6s 7s 2h 2d"],
        stock_top_first="7h",
    )
    assert gins(state) == []
    with pytest.raises(IllegalActionError, match="after the draw"):
        state.apply(DeclareGin(Card("Kc")))
    drawn = state.apply(DrawStock())
    assert drawn.hands[0].count("7h") == 1
    assert gins(drawn) == [Card("Kc")]
    with pytest.raises(IllegalActionError, match="no gin"):
        drawn.apply(DeclareGin(Card("4h")))
    ended = drawn.apply(DeclareGin(Card("Kc")))
    assert ended.outcome is not None
    assert ended.outcome.termination is Termination.GIN
    assert ended.outcome.winners == (0,)
    assert ended.outcome.points == (-10, 3, 7)
    assert ended.pile[-1] == Card("Kc")
    assert ended.hands[0] == Hand.parse("4h 5h 6h 7h 9c 9d 9s")

    match = match_with(rumino, drawn, scores=(5, 20, 30))
    after = match.apply(DeclareGin(Card("Kc")))
    assert after.scores == (-5, 23, 37)  # a score may go negative


def test_R5_gin_score_is_an_option() -> None:
    state = deal(
        Rumino(gin_score=-25), ["4h 5h 6h 9c 9d 9s Kc", FILLER[0]], stock_top_first="7h"
    )
    outcome = state.apply(DrawStock()).apply(DeclareGin(Card("Kc"))).outcome
    assert outcome is not None and outcome.points == (-25, 50)


def test_R5_a_dealt_zero_deadwood_hand_may_knock_for_0_or_draw_and_gin() -> None:
    state = deal(Rumino(), ["4h 5h 6h 7h 9c 9d 9s", FILLER[0]], stock_top_first="Kc")
    outcome = state.apply(Knock()).outcome
    assert outcome is not None
    assert outcome.termination is Termination.KNOCK and outcome.points == (0, 50)
    drawn = state.apply(DrawStock())
    assert Card("Kc") in gins(drawn)
    outcome = drawn.apply(DeclareGin(Card("Kc"))).outcome
    assert outcome is not None and outcome.termination is Termination.GIN


# -- R6: duplicate sets ----------------------------------------------------------


def test_R6_duplicate_set_makes_gin_by_default_but_not_with_distinct_suits() -> None:
    hands = ["9c 9c 9h 2d 3d 4d 5d", FILLER[0]]
    state = deal(Rumino(), hands, stock_top_first="Ks")
    drawn = state.apply(DrawStock())
    assert gins(drawn) == [Card("Ks")]
    outcome = drawn.apply(DeclareGin(Card("Ks"))).outcome
    assert outcome is not None and outcome.termination is Termination.GIN

    distinct = Rumino(set_distinct_suits=True)
    strict = deal(distinct, hands, stock_top_first="Ks")
    assert knocks(strict) == []  # 27 deadwood
    drawn = strict.apply(DrawStock())
    assert gins(drawn) == []
    with pytest.raises(IllegalActionError, match="no gin"):
        drawn.apply(DeclareGin(Card("Ks")))
    assert distinct.deadwood(drawn.hands[0].remove(Card("Ks"))) == 27


# -- R7: run length --------------------------------------------------------------


def test_R7_max_run_4_keeps_the_best_four_and_unlimited_runs_take_all_five() -> None:
    hands = ["3s 4s 5s 6s 7s 2h 2d", FILLER[0]]
    four = deal(Rumino(), hands)
    assert knocks(four) == [Knock()]
    outcome = four.apply(Knock()).outcome
    assert outcome is not None and outcome.points == (7, 50)

    unlimited = deal(Rumino(max_run=None), hands)
    outcome = unlimited.apply(Knock()).outcome
    assert outcome is not None and outcome.points == (4, 50)

    # At a knock limit of 6 only unlimited runs may knock.
    assert knocks(deal(Rumino(knock_limit=6), hands)) == []
    assert knocks(deal(Rumino(knock_limit=6, max_run=None), hands)) == [Knock()]


# -- R8: a rumino wins the game ----------------------------------------------------


def test_R8_a_dealt_rumino_declared_at_turn_start_ends_the_game() -> None:
    rumino = Rumino()
    state = deal(rumino, ["3d 4d 5d 6d 7d 8d 9d", FILLER[0], FILLER[1]])
    assert DeclareRumino() in state.legal_actions()
    assert knocks(state) == [Knock()]  # it is also a 0-deadwood hand
    ended = state.apply(DeclareRumino())
    assert ended.outcome is not None
    assert ended.outcome.termination is Termination.OUTRIGHT
    assert ended.outcome.winners == (0,)
    # Nobody else may declare one; the hand is over.
    assert ended.legal_actions() == ()


def test_R8_rumino_is_not_offered_without_one() -> None:
    state = deal(Rumino(), ["Ac 2c 3c 8d 8h 8s 5d", FILLER[0]])
    assert DeclareRumino() not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="not a rumino"):
        state.apply(DeclareRumino())


def test_R8_the_declarer_sweeps_the_pool_in_a_match() -> None:
    rumino = Rumino(stake=10)
    state = deal(rumino, ["3d 4d 5d 6d 7d 8d 9d", FILLER[0], FILLER[1], FILLER[2]])
    match = match_with(rumino, state, scores=(50, 90, 10, 30))
    assert match.pool == 40.0
    assert DeclareRumino() in match.legal_actions()
    over = match.apply(DeclareRumino())
    assert over.is_terminal
    assert over.winners == (0,)
    assert over.results[-1].termination is Termination.OUTRIGHT
    assert over.pool == Decimal("0.00")
    assert over.money == (
        Decimal("30.00"),
        Decimal("-10.00"),
        Decimal("-10.00"),
        Decimal("-10.00"),
    )
    assert over.queue == ()  # no re-buys after a rumino
    assert over.legal_actions() == ()
    assert over.current_player is None


def test_R8_a_rumino_after_the_draw() -> None:
    state = deal(Rumino(), ["3d 4d 5d 6d 7d 8d Kc", FILLER[0]], stock_top_first="9d")
    assert DeclareRumino() not in state.legal_actions()
    drawn = state.apply(DrawStock())
    assert DeclareRumino() in drawn.legal_actions()
    outcome = drawn.apply(DeclareRumino()).outcome
    assert outcome is not None
    assert outcome.termination is Termination.OUTRIGHT and outcome.winners == (0,)


# -- R9: jokers in a rumino --------------------------------------------------------


def test_R9_a_joker_may_stand_in_a_rumino_unless_naturals_only() -> None:
    hands = ["3d 4d 5d Jk 7d 8d 9d", FILLER[0]]
    state = deal(Rumino(), hands, stock_top_first="Kc")
    assert DeclareRumino() in state.legal_actions()
    outcome = state.apply(DeclareRumino()).outcome
    assert outcome is not None and outcome.termination is Termination.OUTRIGHT

    strict = deal(Rumino(rumino_naturals_only=True), hands, stock_top_first="Kc")
    assert DeclareRumino() not in strict.legal_actions()
    with pytest.raises(IllegalActionError):
        strict.apply(DeclareRumino())
    drawn = strict.apply(DrawStock())
    assert DeclareRumino() not in drawn.legal_actions()
    assert gins(drawn) == [Card("Kc")]
    outcome = drawn.apply(DeclareGin(Card("Kc"))).outcome
    assert outcome is not None
    assert outcome.termination is Termination.GIN and outcome.points == (-10, 50)


# -- R10: seven of a kind ----------------------------------------------------------


def test_R10_seven_queens_are_a_rumino() -> None:
    state = deal(Rumino(), ["Qs Qs Qh Qh Qd Qc Qc", FILLER[0]])
    assert DeclareRumino() in state.legal_actions()
    outcome = state.apply(DeclareRumino()).outcome
    assert outcome is not None
    assert outcome.termination is Termination.OUTRIGHT and outcome.winners == (0,)


def test_R10_six_queens_and_a_drawn_queen_make_a_rumino_after_the_draw() -> None:
    state = deal(Rumino(), ["Qs Qs Qh Qh Qd Qc 2c", FILLER[0]], stock_top_first="Qc")
    drawn = state.apply(DrawStock())
    assert DeclareRumino() in drawn.legal_actions()


# -- R11: out-of-turn claims -------------------------------------------------------

#: Four seats A, B, C, D = 0, 1, 2, 3; D is to discard J♣.
R11_HANDS = [
    "2s 3s 4h 5h 8d 9d Qc",  # A
    "5c 6c 7c 8c 9c Tc Kh",  # B: the J♣ (or 4♣) completes a 7-card run
    "2h 3h 4s 8s 8h Td Qd",  # C
    "Jc 4c 2d 4d 6s 7s Ts Ks",  # D, after drawing K♠
]


def r11(mode: str) -> State:
    """R11 laid out: D (seat 3) has drawn K♠ and is to discard."""
    return layout(
        Rumino(rumino_claim_mode=mode),
        R11_HANDS,
        seat=3,
        phase=Phase.PLAY,
        pile="Qh",
        drawn=Card("Ks"),
    )


@pytest.mark.parametrize("card", ["Jc", "4c"])
def test_R11_auto_mode_claims_the_rumino_for_B(card: str) -> None:
    state = r11("auto")
    after = state.apply(Discard(Card(card)))
    assert after.outcome is not None
    assert after.outcome.termination is Termination.OUTRIGHT
    assert after.outcome.winners == (1,)
    assert Rumino().rumino_in(after.hands[1]) is not None
    assert Card(card) in after.hands[1]
    assert after.pile == (Card("Qh"),)


def test_R11_auto_mode_goes_on_when_nobody_can_claim() -> None:
    after = r11("auto").apply(Discard(Card("Ks")))
    assert after.phase is Phase.DRAW
    assert after.current == 0
    assert after.pile[-1] == Card("Ks")


def test_R11_manual_window_offers_every_other_player_and_B_claims() -> None:
    state = r11("manual_window").apply(Discard(Card("Jc")))
    assert state.phase is Phase.CLAIM
    assert state.queue == (0, 1, 2)  # every other player, from the discarder's left
    assert state.current == 0
    assert state.legal_actions() == (Pass(),)
    with pytest.raises(IllegalActionError, match="nothing the discard completes"):
        state.apply(Claim())
    state = state.apply(Pass())
    assert state.current == 1
    assert state.legal_actions() == (Claim(), Pass())
    ended = state.apply(Claim())
    assert ended.outcome is not None
    assert ended.outcome.termination is Termination.OUTRIGHT
    assert ended.outcome.winners == (1,)
    assert Card("Jc") in ended.hands[1]


def test_R11_manual_window_everyone_passes_then_play_goes_on() -> None:
    state = r11("manual_window").apply(Discard(Card("Jc")))
    for _ in range(3):
        state = state.apply(Pass())
    assert state.phase is Phase.DRAW
    assert state.current == 0 and state.turn == 0
    assert state.pile[-1] == Card("Jc")
    assert state.outcome is None


def test_R11_manual_window_opens_even_when_the_discard_completes_nothing() -> None:
    # A discard that completes nothing still opens the full window.
    state = r11("manual_window").apply(Discard(Card("Ks")))
    assert state.phase is Phase.CLAIM
    assert state.queue == (0, 1, 2)
    assert all(not claims(state) for state in _walk_window(state))


def _walk_window(state: State) -> list[State]:
    """Every decision of a claim window, everyone passing."""
    seen = []
    while state.phase is Phase.CLAIM:
        seen.append(state)
        state = state.apply(Pass())
    return seen


#: B (seat 1) and D (seat 3) can both claim J♣; A or C discards it.
TWO_CLAIMERS = {
    0: [  # A discards: B, C, D may claim in that order, so B wins
        "Jc 2s 3s 4h 5h 8d 9d Qc",
        "5c 6c 7c 8c 9c Tc Kh",
        "2h 3h 4s 8s 8h Td Qd",
        "Js Js Jh Jh Jd Jd Ks",
    ],
    2: [  # C discards: D, A, B may claim in that order, so D wins
        "2s 3s 4h 5h 8d 9d Qc",
        "5c 6c 7c 8c 9c Tc Kh",
        "Jc 2h 3h 4s 8s 8h Td Qd",
        "Js Js Jh Jh Jd Jd Ks",
    ],
}


@pytest.mark.parametrize(("discarder", "winner"), [(0, 1), (2, 3)])
@pytest.mark.parametrize("mode", ["auto", "manual_window"])
def test_R11_the_nearest_claimant_after_the_discarder_wins(
    mode: str, discarder: int, winner: int
) -> None:
    hands = TWO_CLAIMERS[discarder]
    state = layout(
        Rumino(rumino_claim_mode=mode),
        hands,
        seat=discarder,
        phase=Phase.PLAY,
        pile="Qh",
        drawn=Card(hands[discarder].split()[-1]),
    )
    # Both B and D could claim the J♣ once it is on the pile.
    thrown = attrs.evolve(state, pile=(*state.pile, Card("Jc")))
    assert [Rumino().can_claim(thrown, seat) for seat in (1, 3)] == [True, True]
    after = state.apply(Discard(Card("Jc")))
    if mode == "manual_window":
        assert after.phase is Phase.CLAIM
        while not claims(after):
            after = after.apply(Pass())
        assert after.current == winner
        after = after.apply(Claim())
    assert after.outcome is not None
    assert after.outcome.termination is Termination.OUTRIGHT
    assert after.outcome.winners == (winner,)


@pytest.mark.parametrize("mode", ["auto", "manual_window"])
def test_R11_no_claim_on_the_initial_upcard(mode: str) -> None:
    rumino = Rumino(rumino_claim_mode=mode)
    # B (seat 1) holds the run; the upcard is J♣; A (seat 0) plays first.
    state = deal(
        rumino,
        [R11_HANDS[0].replace("Qc", "Qs"), R11_HANDS[1], R11_HANDS[2], FILLER[3]],
        upcard="Jc",
        stock_top_first="Kd",
    )
    assert state.pile == (Card("Jc"),)
    assert state.phase is Phase.DRAW and state.current == 0
    assert state.outcome is None
    assert Claim() not in state.legal_actions()
    assert rumino.can_claim(state, 1)  # it would complete B's rumino if claimable
    # A draws and throws the K♦: only that discard can be claimed, and it
    # completes nothing, so nobody wins.
    after = state.apply(DrawStock()).apply(Discard(Card("Kd")))
    assert after.outcome is None
    for decision in _walk_window(after):
        assert not claims(decision)


# -- rule R-4: a claim needs the discard in the rumino ------------------------------

#: Three seats; seat 2 (the dealer) was dealt a whole rumino, 3♦-9♦.
DEALT_RUMINO = ["Kd Qh Jc 9s 7h 5d 3c", "Ac 2c 3c 8d 8h 8s 5h", "3d 4d 5d 6d 7d 8d 9d"]


@pytest.mark.parametrize("mode", ["auto", "manual_window"])
def test_R_4_a_dealt_rumino_claims_no_unrelated_discard(mode: str) -> None:
    """Rule R-4 (not worked example R4): six of the claimant's cards and the
    discard must form a rumino that uses the discard.  A whole rumino already
    held gives no claim on an unrelated card; it is declared on its holder's
    own turn."""
    rumino = Rumino(rumino_claim_mode=mode)
    state = deal(rumino, DEALT_RUMINO, upcard="Js", stock_top_first="2h 4s", dealer=2)
    after = state.apply(DrawStock()).apply(Discard(Card("Kd")))
    assert after.outcome is None
    assert not rumino.can_claim(after, 2)
    for decision in _walk_window(after):
        assert not claims(decision)
    after = _walk_window(after)[-1].apply(Pass()) if mode == "manual_window" else after
    assert after.phase is Phase.DRAW and after.current == 1
    # Seat 1 plays its turn; seat 2 then declares the rumino on its own turn.
    after = after.apply(DrawStock()).apply(Discard(Card("4s")))
    for decision in _walk_window(after):
        assert not claims(decision)
    after = _walk_window(after)[-1].apply(Pass()) if mode == "manual_window" else after
    assert after.current == 2 and after.phase is Phase.DRAW
    assert DeclareRumino() in after.legal_actions()
    ended = after.apply(DeclareRumino())
    assert ended.outcome is not None
    assert ended.outcome.termination is Termination.OUTRIGHT
    assert ended.outcome.winners == (2,)


@pytest.mark.parametrize("mode", ["auto", "manual_window"])
def test_R_4_a_discard_that_extends_a_held_rumino_may_be_claimed(mode: str) -> None:
    """Rule R-4: 4♦-9♦ of the dealt 3♦-9♦ and a discarded 10♦ form a rumino
    that uses the discard, so that discard may be claimed."""
    rumino = Rumino(rumino_claim_mode=mode)
    hands = [DEALT_RUMINO[0].replace("Kd", "Td"), *DEALT_RUMINO[1:]]
    state = deal(rumino, hands, upcard="Js", stock_top_first="2h", dealer=2)
    after = state.apply(DrawStock()).apply(Discard(Card("Td")))
    if mode == "manual_window":
        assert rumino.can_claim(after, 2)
        while not claims(after):
            after = after.apply(Pass())
        after = after.apply(Claim())
    assert after.outcome is not None
    assert after.outcome.termination is Termination.OUTRIGHT
    assert after.outcome.winners == (2,)
    assert Card("Td") in after.hands[2]


def test_R_4_completes_rumino_needs_the_card() -> None:
    rumino = Rumino()
    run = Hand.parse("5c 6c 7c 8c 9c Tc Kh")
    assert rumino.completes_rumino(run, Card("Jc"))
    assert rumino.completes_rumino(run, Card("4c"))
    assert rumino.completes_rumino(run, Card.joker())
    assert not rumino.completes_rumino(run, Card("Qc"))
    whole = Hand.parse("3d 4d 5d 6d 7d 8d 9d")
    assert not rumino.completes_rumino(whole, Card("Kd"))
    assert rumino.completes_rumino(whole, Card("Td"))
    assert rumino.completes_rumino(whole, Card("2d"))
    # Seven of a kind: six queens and a seventh.
    assert rumino.completes_rumino(Hand.parse("Qs Qs Qh Qh Qd Qc 2s"), Card("Qc"))


# -- the claim window leaks nothing ------------------------------------------------

#: Seat 0 is to discard J♣; in ``hands_with(claimer)`` that seat can claim it.
LEAK_BASE = [
    "Jc 2s 3s 4h 5h 8d 9d Qc",
    "2h 3h 4s 8s 8h Td Qd",
    "As 3d 5c 7h 9s Jd Kh",
    "Ah 3c 5s 7d 9h Kd Ks",
]


def hands_with(claimer: int | None) -> list[str]:
    """LEAK_BASE, except that ``claimer`` holds 5♣-10♣ K♥ (J♣ completes it)."""
    hands = list(LEAK_BASE)
    if claimer is not None:
        hands[claimer] = "5c 6c 7c 8c 9c Tc Kh"
    return hands


def leak_state(claimer: int | None) -> State:
    return layout(
        Rumino(rumino_claim_mode="manual_window"),
        hands_with(claimer),
        seat=0,
        phase=Phase.PLAY,
        pile="Qh",
        drawn=Card("Qc"),
    )


@pytest.mark.parametrize("claimer", [1, 2, 3])
def test_manual_claim_window_looks_the_same_whether_or_not_anyone_can_claim(
    claimer: int,
) -> None:
    with_claim = leak_state(claimer).apply(Discard(Card("Jc")))
    without = leak_state(None).apply(Discard(Card("Jc")))
    observers = [seat for seat in range(4) if seat != claimer]
    steps = 0
    while True:
        # Same public position: for everyone but the claimer, identical views.
        assert with_claim.phase is without.phase
        assert with_claim.current_player == without.current_player
        assert with_claim.queue == without.queue
        for seat in observers:
            assert with_claim.view(seat) == without.view(seat), (steps, seat)
        # Claim is offered to the claimer alone, and only when it is theirs to act.
        deciding = with_claim.current
        if with_claim.phase is Phase.CLAIM:
            assert claims(with_claim) == (deciding == claimer)
            assert not claims(without)
            mine = with_claim.view(claimer)
            theirs = without.view(claimer)
            assert mine.decision == theirs.decision
            assert mine.phase is theirs.phase
        if with_claim.phase is not Phase.CLAIM:
            break
        with_claim = with_claim.apply(Pass())
        without = without.apply(Pass())
        steps += 1
    assert steps == 3  # all three other players were asked, in both states
    assert with_claim.phase is Phase.DRAW and with_claim.current == 1


def test_manual_claim_window_is_offered_after_every_discard_in_random_play() -> None:
    rumino = Rumino(rumino_claim_mode="manual_window")
    rng = random.Random(7)
    windows = 0
    for seed in range(6):
        players = 2 + seed % 5
        state = rumino.new_game(players, seed=seed)
        for _ in range(200):
            if state.is_terminal:
                break
            options = state.legal_actions()
            discards = [a for a in options if isinstance(a, Discard)]
            action = rng.choice(discards) if discards else rng.choice(options)
            if isinstance(action, Claim):
                action = Pass()  # keep the hand going
            before = state
            state = state.apply(action)
            if isinstance(action, Discard):
                windows += 1
                # Clockwise from the discarder's left (R-4: the nearest first),
                # every other seat still in the hand.
                expected = [
                    (before.turn + step) % players
                    for step in range(1, players)
                    if before.active[(before.turn + step) % players]
                ]
                assert state.phase is Phase.CLAIM
                assert state.queue == tuple(expected)
                assert state.current == expected[0]
    assert windows > 50


# -- R12: jokers per meld ----------------------------------------------------------


def test_R12_three_jokers_make_a_set_and_one_joker_per_meld_leaves_41() -> None:
    hands = ["Ac 2c 3c 8d 8h 8s 5d", "Jk Jk Jk Ac 2d 3h 5s"]
    default = deal(Rumino(), hands)
    outcome = default.apply(Knock()).outcome
    assert outcome is not None and outcome.points == (5, 6)

    one = deal(Rumino(max_jokers_per_meld=1), hands)
    outcome = one.apply(Knock()).outcome
    assert outcome is not None and outcome.points == (5, 41)

    # Seat 1 may knock with 6 by default, not with 41.
    seat1 = ["Jk Jk Jk Ac 2d 3h 5s", FILLER[0]]
    assert knocks(deal(Rumino(), seat1)) == [Knock()]
    assert knocks(deal(Rumino(max_jokers_per_meld=1), seat1)) == []
    assert knocks(deal(Rumino(min_naturals_per_meld=0), seat1)) == [Knock()]


# -- R13: elimination arithmetic ---------------------------------------------------

R13_HANDS = [
    "4d 5d 6d 9c 9d 9s 5s",  # A: 5
    "7s 8s 9s Ah 2d 4c 5h",  # B: 12
    "Ac 2c 3c 8d 8h 8s 3h",  # C: 3, knocks
    "Kd Kh Ks 2s 3d 6c 9h",  # D: 20
]


def r13(**options: Any) -> Match:
    """The R13 match: scores 95, 60, 40, 88, C (seat 2) eldest and about to knock."""
    rumino = Rumino(stake=10, **options)
    state = deal(rumino, R13_HANDS, dealer=1)
    assert state.current == 2
    assert [rumino.deadwood(hand) for hand in state.hands] == [5, 12, 3, 20]
    match = match_with(rumino, state, scores=(95, 60, 40, 88))
    assert match.pool == 40.0
    return match.apply(Knock())


def test_R13_new_scores_D_is_out_and_A_survives_at_100() -> None:
    match = r13()
    assert match.scores == (100, 72, 43, 108)
    assert match.eliminated == (False, False, False, True)
    assert not match.is_terminal
    assert match.queue == (3,)
    assert match.current_player == 3
    assert set(match.legal_actions()) == {Rebuy(), DeclineRebuy()}
    view = match.view(3)
    assert view.phase is Phase.BETWEEN_HANDS and view.current_player == 3
    assert match.view(0).legal_actions == ()
    with pytest.raises(IllegalActionError):
        match.apply(DrawStock())


def test_R13_D_rebuys_for_10_and_reenters_at_100() -> None:
    match = r13().apply(Rebuy())
    assert match.scores == (100, 72, 43, 100)
    assert match.eliminated == (False,) * 4
    assert match.rebuys == (0, 0, 0, 1)
    assert match.pool == Decimal("50.00")
    assert match.money == (
        Decimal("-10.00"),
        Decimal("-10.00"),
        Decimal("-10.00"),
        Decimal("-20.00"),
    )
    assert match.ledger[-1].payer == 3 and match.ledger[-1].payee == POOL
    # The next hand is dealt with D back in it, the deal passing left.
    assert match.hand_number == 2
    assert match.state.dealer == 2
    assert all(match.state.active)
    assert [len(hand) for hand in match.state.hands] == [7, 7, 7, 7]


def test_R13_D_declines_and_stays_out() -> None:
    match = r13().apply(DeclineRebuy())
    assert match.eliminated == (False, False, False, True)
    assert match.scores == (100, 72, 43, 108)
    assert match.pool == 40.0
    assert not match.is_terminal
    assert match.state.active == (True, True, True, False)
    assert len(match.state.hands[3]) == 0


def test_R13_a_second_rebuy_costs_20() -> None:
    match = attrs.evolve(r13(), rebuys=(0, 0, 0, 1)).apply(Rebuy())
    assert match.rebuys == (0, 0, 0, 2)
    assert match.ledger[-1].money == 20.0
    assert match.pool == 60.0
    assert [Rumino(stake=10).rebuy_price(k) for k in range(4)] == [10, 20, 40, 80]


def test_R13_at_or_over_100_puts_A_and_D_out_and_both_may_rebuy_at_72() -> None:
    match = r13(elimination="at_or_over_100")
    assert match.scores == (100, 72, 43, 108)
    assert match.eliminated == (True, False, False, True)
    # D (nearer the dealer's left: dealer is B) decides first, then A.
    assert match.queue == (3, 0)
    match = match.apply(Rebuy())
    assert match.scores[3] == 72
    assert match.queue == (0,)
    match = match.apply(Rebuy())
    assert match.scores == (72, 72, 43, 72)
    assert match.eliminated == (False,) * 4
    assert match.pool == 60.0
    assert match.hand_number == 2


def test_R13_rebuy_cost_none_means_no_rebuys() -> None:
    match = r13(rebuy_cost="none")
    assert match.eliminated == (False, False, False, True)
    assert match.queue == ()
    assert match.hand_number == 2
    assert match.state.active == (True, True, True, False)


# -- the card taken from the pile ---------------------------------------------


def test_discard_taken_card_forbidden_on_and_off() -> None:
    hands = ["4h 5h 6h 9c 9d 9s 2c", FILLER[0]]
    state = deal(Rumino(), hands, upcard="Kc")
    taken = state.apply(DrawDiscard())
    assert taken.taken == Card("Kc")
    assert Discard(Card("Kc")) not in taken.legal_actions()
    assert Discard(Card("2c")) in taken.legal_actions()
    with pytest.raises(IllegalActionError, match="discard_taken_card_forbidden"):
        taken.apply(Discard(Card("Kc")))
    # Nor may it be the gin discard: a dealt gin hand that takes the K♣
    # cannot throw it straight back.
    gin_hand = ["4h 5h 6h 7h 9c 9d 9s", FILLER[0]]
    assert gins(deal(Rumino(), gin_hand, upcard="Kc").apply(DrawDiscard())) == []
    loose = Rumino(discard_taken_card_forbidden=False)
    assert gins(deal(loose, gin_hand, upcard="Kc").apply(DrawDiscard())) == [Card("Kc")]

    free = deal(Rumino(discard_taken_card_forbidden=False), hands, upcard="Kc")
    taken = free.apply(DrawDiscard())
    assert Discard(Card("Kc")) in taken.legal_actions()
    after = taken.apply(Discard(Card("Kc")))
    assert after.pile[-1] == Card("Kc")
    assert after.hands[0] == Hand.parse(hands[0])


# -- R-1 option: knocking after the draw -------------------------------------------


def test_knock_timing_after_draw() -> None:
    rumino = Rumino(knock_timing="after_draw")
    state = deal(rumino, ["Ac 2c 3c 8d 8h 8s 5d", FILLER[0]], stock_top_first="Kc")
    assert knocks(state) == []
    with pytest.raises(IllegalActionError):
        state.apply(Knock())
    drawn = state.apply(DrawStock())
    offered = {action.discard for action in knocks(drawn) if isinstance(action, Knock)}
    # Throwing K♣ leaves 5 and throwing 5♦ leaves 10: only K♣ is within 7.
    assert offered == {Card("Kc")}
    with pytest.raises(IllegalActionError, match="knock limit"):
        drawn.apply(Knock(Card("5d")))
    with pytest.raises(IllegalActionError):
        drawn.apply(Knock())
    ended = drawn.apply(Knock(Card("Kc")))
    assert ended.outcome is not None
    assert ended.outcome.termination is Termination.KNOCK
    assert ended.outcome.points == (5, 50)
    assert ended.pile[-1] == Card("Kc")
    assert len(ended.hands[0]) == 7


def test_knock_timing_after_draw_respects_the_taken_card_rule() -> None:
    rumino = Rumino(knock_timing="after_draw")
    state = deal(rumino, ["Ac 2c 3c 8d 8h 8s 5d", FILLER[0]], upcard="Kc")
    taken = state.apply(DrawDiscard())
    assert knocks(taken) == []  # only the K♣ would leave ≤ 7, and it was just taken
    with pytest.raises(IllegalActionError, match="discard_taken_card_forbidden"):
        taken.apply(Knock(Card("Kc")))


# -- §1.4 options: lay-offs and the undercut -----------------------------------------


def test_layoff_on_knock() -> None:
    hands = ["4h 5h 6h 9c 9d 9s 3d", "2s 3s 4s 7h 8h Kc Kd"]
    outcome = deal(Rumino(), hands).apply(Knock()).outcome
    assert outcome is not None and outcome.points == (3, 35)  # no lay-offs by default
    outcome = deal(Rumino(layoff_on_knock=True), hands).apply(Knock()).outcome
    assert outcome is not None and outcome.points == (3, 28)  # 7♥ on 4♥-6♥ (max 4)
    unlimited = Rumino(layoff_on_knock=True, max_run=None)
    outcome = deal(unlimited, hands).apply(Knock()).outcome
    assert outcome is not None and outcome.points == (3, 20)  # 7♥ 8♥ both


def test_layoff_on_knock_on_a_set() -> None:
    hands = ["4h 5h 6h 9c 9d 9s 3d", "2s 3s 4s 9h Kc Kd Qd"]
    outcome = deal(Rumino(), hands).apply(Knock()).outcome
    assert outcome is not None and outcome.points == (3, 39)
    outcome = deal(Rumino(layoff_on_knock=True), hands).apply(Knock()).outcome
    assert outcome is not None and outcome.points == (3, 30)


def test_layoff_on_knock_scores_the_best_layoff_play() -> None:
    # Seat 1 lays off 7♥ and 8♥ on the knocker's 4♥-6♥ and keeps 7♣ 7♦ 7♠ as a
    # set: K♣ K♦ = 20 are left.  Scoring the 7s as a set of four first leaves
    # 8♥ with nowhere to go: 28.
    unlimited = Rumino(layoff_on_knock=True, max_run=None)
    hands = ["4h 5h 6h 9c 9d 9s 3d", "7h 7c 7d 7s 8h Kc Kd"]
    outcome = deal(unlimited, hands).apply(Knock()).outcome
    assert outcome is not None and outcome.points == (3, 20)


def test_undercut_penalty() -> None:
    # The knocker has 5, seat 1 has 3 (R4): an undercut.
    hands = ["Ac 2c 3c 8d 8h 8s 5d", "5s Jk 7s Tc Th Td 3h"]
    outcome = deal(Rumino(), hands).apply(Knock()).outcome
    assert outcome is not None and outcome.points == (5, 3)
    outcome = deal(Rumino(undercut_penalty=10), hands).apply(Knock()).outcome
    assert outcome is not None
    assert outcome.points == (15, 3)
    assert outcome.winners == (1,)
    # An equal hand is no undercut.
    level = ["Ac 2c 3c 8d 8h 8s 5d", "4h 5h 6h 9c 9d 9s 5c"]
    outcome = deal(Rumino(undercut_penalty=10), level).apply(Knock()).outcome
    assert outcome is not None and outcome.points == (5, 5)
    # No penalty for a gin.
    gin = deal(
        Rumino(undercut_penalty=10),
        ["4h 5h 6h 9c 9d 9s Kc", hands[1]],
        stock_top_first="7h",
    )
    outcome = gin.apply(DrawStock()).apply(DeclareGin(Card("Kc"))).outcome
    assert outcome is not None and outcome.points == (-10, 3)


# -- the stock runs out -------------------------------------------------------


def exhausted(variant: Rumino) -> State:
    """Seat 0 to draw, the stock empty and all its cards on the pile."""
    state = deal(variant, [FILLER[0], FILLER[1], FILLER[2]])
    moved = (*state.pile, *reversed(state.stock))
    result = attrs.evolve(state, stock=(), pile=moved)
    assert result.all_cards() == variant.deck.hand()
    return result


def test_reshuffle_keep_top_keeps_the_top_discard() -> None:
    rumino = Rumino()
    state = exhausted(rumino)
    top = state.pile[-1]
    rest = Hand(state.pile[:-1])
    assert DrawStock() in state.legal_actions()
    drawn = state.apply(DrawStock())
    assert drawn.pile == (top,)
    assert drawn.drawn is not None and drawn.drawn in rest
    assert Hand((*drawn.stock, drawn.drawn)) == rest
    assert drawn.all_cards() == rumino.deck.hand()
    # The taken-card alternative is still there: the kept top card.
    assert DrawDiscard() in state.legal_actions()


def test_reshuffle_keep_top_cannot_renew_from_a_single_card() -> None:
    state = exhausted(Rumino())
    lone = attrs.evolve(
        state,
        pile=state.pile[-1:],
        out_of_play=state.pile[:-1],
    )
    assert DrawStock() not in lone.legal_actions()
    assert DrawDiscard() in lone.legal_actions()


def test_turn_over_no_shuffle_makes_the_first_discard_the_new_top() -> None:
    rumino = Rumino(stock_exhaustion="turn_over_no_shuffle")
    state = exhausted(rumino)
    old = state.pile
    drawn = state.apply(DrawStock())
    assert drawn.drawn == old[0]
    assert drawn.pile == ()
    assert drawn.stock == tuple(reversed(old))[:-1]


def test_void_hand_ends_the_hand_void_when_the_stock_is_empty() -> None:
    rumino = Rumino(stock_exhaustion="void_hand")
    state = layout(
        rumino, [FILLER[0] + " Qh", FILLER[1], FILLER[2]], seat=0, phase=Phase.PLAY
    )
    state = attrs.evolve(
        state,
        stock=(),
        pile=(*state.pile, *state.stock),
        drawn=Card("Qh"),
    )
    ended = state.apply(Discard(Card("Qh")))
    assert ended.outcome is not None
    assert ended.outcome.termination is Termination.VOID
    assert ended.outcome.points == (0, 0, 0)
    assert ended.outcome.winners == ()

    # In a match nothing is scored and the same dealer deals again.
    match = match_with(rumino, state, scores=(10, 20, 30))
    after = match.apply(Discard(Card("Qh")))
    assert after.results[-1].termination is Termination.VOID
    assert after.scores == (10, 20, 30)
    assert after.hand_number == 2
    assert after.state.dealer == state.dealer
    assert after.state.outcome is None


def test_the_deal_passes_left_after_a_scored_hand() -> None:
    rumino = Rumino()
    state = deal(rumino, ["Ac 2c 3c 8d 8h 8s 5d", FILLER[0], FILLER[1]], dealer=2)
    match = match_with(rumino, state)
    after = match.apply(Knock())
    assert after.state.dealer == 0


# -- §1.1: the first dealer --------------------------------------------------------


class ScriptedShuffle(random.Random):
    """A generator whose shuffles put the deck in the orders given, in turn:
    each order lists the top cards; the rest of the deck follows."""

    def __init__(self, *tops: str) -> None:
        super().__init__(0)
        self.tops = [cards(top) for top in tops]
        self.calls = 0

    def shuffle(self, x: MutableSequence[Any]) -> None:
        top = self.tops[self.calls]
        self.calls += 1
        rest = list(Hand(x).remove(*top).cards)
        x[:] = [*top, *rest]


def test_first_dealer_is_a_seat_and_deterministic() -> None:
    rumino = Rumino()
    dealers = set()
    for seed in range(40):
        players = 2 + seed % 5
        first = rumino.choose_dealer(random.Random(seed), players)
        assert first in range(players)
        assert rumino.choose_dealer(random.Random(seed), players) == first
        dealers.add((players, first))
        assert rumino.new_game(players, seed=seed).dealer == (
            rumino.new_game(players, seed=seed).dealer
        )
    # Not always the same seat.
    assert len({first for players, first in dealers if players == 2}) == 2


def test_first_dealer_is_the_highest_card() -> None:
    rng = ScriptedShuffle("5c Qd 9h 2s")
    assert Rumino().choose_dealer(rng, 4) == 1
    assert rng.calls == 1
    # Kings are high, aces low.
    assert Rumino().choose_dealer(ScriptedShuffle("Ac Kd"), 2) == 1


def test_first_dealer_ties_draw_again() -> None:
    rng = ScriptedShuffle("Kc Kd 5h 3s", "2c Qd 2h 2s")
    assert Rumino().choose_dealer(rng, 4) == 1
    assert rng.calls == 2


def test_first_dealer_all_jokers_draw_again() -> None:
    rng = ScriptedShuffle("Jk Jk", "3c 9d")
    assert Rumino().choose_dealer(rng, 2) == 1
    assert rng.calls == 2


def test_first_dealer_a_joker_draws_again() -> None:
    # Seat 0 draws a joker and must draw again; the redraw gives it a king.
    rng = ScriptedShuffle("Jk 5d 4h", "Kc 2d 2h")
    assert Rumino().choose_dealer(rng, 3) == 0
    assert rng.calls == 2


# -- §0.4: timers ------------------------------------------------------------------


def test_no_timers_by_default() -> None:
    state = deal(Rumino(), [FILLER[0], FILLER[1]])
    assert state.pending is not None and state.pending.timer is None
    assert state.view(0).decision is not None
    with pytest.raises(IllegalActionError, match="no timer"):
        state.apply(Timeout(state.decision_id))


def test_move_timer_draws_and_discards_the_drawn_card() -> None:
    rumino = Rumino(move_timer=30)
    state = deal(rumino, [FILLER[0], FILLER[1]], stock_top_first="7c")
    pending = state.pending
    assert pending is not None
    assert pending.timer == TimerSpec(
        name="move",
        seconds=30,
        on_expiry=Expiry.AUTO_DRAW_STOCK_THEN_DISCARD_DRAWN,
        counts_as_lapse=True,
    )
    assert state.view(0).decision == pending
    with pytest.raises(IllegalActionError, match="not the pending one"):
        state.apply(Timeout(pending.decision_id + 1))
    after = state.apply(Timeout(pending.decision_id))
    assert after.pile[-1] == Card("7c")
    assert after.hands[0] == state.hands[0]
    assert after.current == 1 and after.phase is Phase.DRAW
    assert after.lapses == (1, 0)
    # A stale timeout for the old decision is refused.
    with pytest.raises(IllegalActionError, match="not the pending one"):
        after.apply(Timeout(pending.decision_id))


def test_move_timer_after_the_draw_discards_the_drawn_card_or_the_costliest_spare() -> (
    None
):
    rumino = Rumino(move_timer=15)
    hands = ["4h 5h 6h 9c 9d 9s 2c", FILLER[0]]
    state = deal(rumino, hands, upcard="Kc", stock_top_first="Qd")
    drawn = state.apply(DrawStock())
    pending = drawn.pending
    assert pending is not None and pending.timer is not None
    assert pending.timer.on_expiry is Expiry.AUTO_DISCARD
    assert drawn.apply(Timeout(pending.decision_id)).pile[-1] == Card("Qd")
    # The K♣ taken from the pile may not be thrown back: the 2♣ goes.
    taken = state.apply(DrawDiscard())
    pending = taken.pending
    assert pending is not None
    after = taken.apply(Timeout(pending.decision_id))
    assert after.pile[-1] == Card("2c")
    assert Card("Kc") in after.hands[0]


def test_claim_timer_passes() -> None:
    rumino_state = r11("manual_window")
    rumino = Rumino(rumino_claim_mode="manual_window", claim_timer=20)
    state = attrs.evolve(rumino_state, rules=rumino).apply(Discard(Card("Jc")))
    state = state.apply(Pass())
    assert state.current == 1 and claims(state)
    pending = state.pending
    assert pending is not None
    assert pending.timer == TimerSpec(
        name="claim", seconds=20, on_expiry=Expiry.PASS, counts_as_lapse=False
    )
    after = state.apply(Timeout(pending.decision_id))
    assert after.outcome is None
    assert after.phase is Phase.CLAIM and after.current == 2
    assert after.lapses == state.lapses
    # Without a claim timer the window is untimed.
    untimed = r11("manual_window").apply(Discard(Card("Jc")))
    assert untimed.pending is not None and untimed.pending.timer is None


# -- scoring_mode="as_arranged" --------------------------------------------------------


def _to_the_show(variant: Rumino, seed: int) -> State:
    """Greedy bots play until the hand reaches its show (or ends)."""
    bot = GreedyAgent()
    state = variant.new_game(players=3, seed=seed)
    while not state.is_terminal and state.phase is not Phase.SHOW:
        view = state.view(state.current)
        state = state.apply(bot.choose(view, view.legal_actions))
    return state


def test_as_arranged_scores_the_grouping_each_player_shows() -> None:
    arranged = Rumino(scoring_mode="as_arranged")
    shows = melded = 0
    for seed in range(12):
        state = _to_the_show(arranged, seed)
        if state.is_terminal:
            continue
        shows += 1
        seat = state.current
        hand = state.hands[seat]
        every_card = arranged.point_values.total(hand.cards)
        # Showing no melds at all scores every card, whatever the best grouping.
        after = state.apply(Show([], deadwood=hand.cards))
        assert dict(RuminoFacts.of(after).show_points)[seat] == every_card
        assert after.view((seat + 1) % 3).shown[seat] == hand
        # Showing the best grouping scores only its deadwood: the melds are free.
        best = arranged.partition(hand)
        shown = state.apply(
            Show([meld.cards for meld in best.melds], deadwood=best.deadwood)
        )
        points = dict(RuminoFacts.of(shown).show_points)[seat]
        assert points == arranged.point_values.total(best.deadwood)
        melded += bool(best.melds)
        # A group that is no meld (two cards) is scored as deadwood.
        invalid = state.apply(Show([hand.cards[:2]], deadwood=hand.cards[2:]))
        assert dict(RuminoFacts.of(invalid).show_points)[seat] == every_card
    assert shows >= 3
    assert melded >= 2, "too few shows with a meld to score"


def test_as_arranged_matches_optimal_scoring_when_everyone_shows_the_best() -> None:
    for seed in range(8):
        optimal = play_hand(Rumino(), [GreedyAgent()] * 3, seed=seed)
        arranged = play_hand(
            Rumino(scoring_mode="as_arranged"), [GreedyAgent()] * 3, seed=seed
        )
        assert optimal.outcome is not None and arranged.outcome is not None
        assert arranged.outcome.points == optimal.outcome.points


def test_a_show_must_be_exactly_the_hand() -> None:
    state = _to_the_show(Rumino(scoring_mode="as_arranged"), 1)
    assert not state.is_terminal
    hand = state.hands[state.current]
    with pytest.raises(IllegalActionError, match="exactly the hand"):
        state.apply(Show([], deadwood=hand.cards[1:]))
