"""Indian 13-card Rummy's rules (RULES.md §2), one test per rule and worked
example I1-I11, under both presets where they differ.

G is the default preset ("gamentio"), S the "standard" one.  Unless a test
says otherwise the indicator is 7♣, so every 7 is wild.

Positions are dealt from an explicit deck order (:func:`deal`): the hands one
card at a time from the dealer's left (the dealer is the last seat, so seat 0
plays first), then the indicator, then the upcard, then the top of the stock.
A hand given as ``None`` is filled with cards nobody named.  Where a test
needs a position that dealing cannot reach (an empty stock), it moves cards
between the stock and the discard pile with :func:`attrs.evolve` and checks
that the cards still add up to exactly the deck.  Everything else goes
through the engine: draws, discards, drops, declarations, shows and the
host's timeouts.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from decimal import Decimal

import attrs
import pytest

from rummykit import (
    Card,
    Hand,
    IllegalActionError,
    IndianRummy,
    InvalidOptionError,
    Meld,
    MeldKind,
    Rank,
)
from rummykit.engine import (
    Action,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Expiry,
    Outcome,
    Phase,
    Show,
    State,
    Termination,
    Timeout,
    TimerSpec,
)
from rummykit.variants.indian import Arrange, IndianFacts

G = IndianRummy()
S = IndianRummy(preset="standard")
PRESETS = {"G": G, "S": S}
#: Gamentio's cards and deal with three lapses allowed (as the standard preset),
#: to see the fallbacks of timeouts that are not yet a drop.
G3 = IndianRummy(max_lapses=3)


# -- helpers ------------------------------------------------------------------------


def cards(text: str) -> list[Card]:
    """The cards of ``text``, in the order written."""
    return [Card.parse(token) for token in text.split()]


def deal(
    variant: IndianRummy,
    hands: Sequence[str | None],
    *,
    indicator: str = "7c",
    upcard: str = "2h",
    stock: str = "",
) -> State:
    """A hand dealt so that seat ``i`` holds ``hands[i]`` (``None``: filled from
    the cards nobody named), the indicator and the upcard are as given and
    ``stock`` (top card first) is on top of the stock.  Seat 0 plays first."""
    players = len(hands)
    size = variant.cards_per_player(players)
    named = [None if hand is None else cards(hand) for hand in hands]
    used = [card for hand in named if hand is not None for card in hand]
    used += [Card.parse(indicator), Card.parse(upcard), *cards(stock)]
    spare = list(variant.deck.hand().remove(*used).cards)
    # Fill from the spare cards with a stride, so that fillers rarely meld.
    spare = spare[::3] + spare[1::3] + spare[2::3]
    dealt: list[list[Card]] = []
    for hand in named:
        if hand is None:
            hand, spare = spare[:size], spare[size:]
        assert len(hand) == size, f"a hand needs {size} cards, not {len(hand)}"
        dealt.append(hand)
    order = [dealt[seat][i] for i in range(size) for seat in range(players)]
    order += [Card.parse(indicator), Card.parse(upcard), *cards(stock), *spare]
    state = variant.new_game(players, deck=order, dealer=players - 1)
    assert state.current == 0
    assert state.hands == tuple(Hand(hand) for hand in dealt)
    conserved(state)
    return state


def conserved(state: State) -> None:
    """Every card of the deck is somewhere, exactly once."""
    rules = state.rules
    assert isinstance(rules, IndianRummy)
    assert state.all_cards() == rules.deck.hand()


def step(state: State, action: Action) -> State:
    """``action`` applied, with the cards still adding up to the deck."""
    after = state.apply(action)
    conserved(after)
    return after


def refused(state: State, action: Action, *words: str) -> None:
    """``action`` is illegal: not listed, ``is_legal`` false, and ``apply``
    raises naming ``words``."""
    assert action not in state.legal_actions()
    assert not state.is_legal(action)
    with pytest.raises(IllegalActionError) as error:
        state.apply(action)
    for word in words:
        assert word in str(error.value)


def pass_turn(state: State) -> State:
    """The current player draws from the stock and discards the card drawn."""
    state = step(state, DrawStock())
    assert state.drawn is not None
    return step(state, Discard(state.drawn))


def timeout(state: State) -> State:
    """The host reports that the pending decision's timer ran out."""
    assert state.pending is not None and state.pending.timer is not None
    return step(state, Timeout(state.decision_id))


def penalties(state: State) -> dict[int, tuple[int, str]]:
    return dict(IndianFacts.of(state).penalties)


def outcome_of(state: State) -> Outcome:
    assert state.is_terminal
    assert state.outcome is not None
    return state.outcome


def declare(state: State, finish: str, groups: Sequence[str]) -> State:
    """The current player declares with ``finish`` face down and ``groups``."""
    return step(state, Declare(finish, list(groups)))


#: I1-I5's hands as the declarer groups them (13 cards each).
I1 = ("3h 4h 5h 6h", "9s Ts Js", "Qc Qd Qh", "2d 7s 4d")
I2 = ("3h 4h 5h 6h", "Kc Ks Kh", "Qc Qd Qh", "9d 9c 7s")
I3 = ("3h 4h 7s 6h", "9s Ts 7d", "Qc Qd Qh", "Kc Ks Kh")
I4 = ("5h 6h 7h", "9c Tc 7d Jc", "Qc Qd Qh", "Kc Ks Kh")
I5 = ("Qs Ks As", "3d 4d 7h", "8c 8d 8h", "Tc Td Th Ts")
I5_KA2 = ("2s Ks As", "3d 4d 7h", "8c 8d 8h", "Tc Td Th Ts")


def drawn_for_declaration(
    variant: IndianRummy, groups: Sequence[str], *, players: int = 2
) -> State:
    """Seat 0 holds ``groups`` and has just drawn 2♣ from the stock."""
    hands: list[str | None] = [" ".join(groups)] + [None] * (players - 1)
    state = deal(variant, hands, stock="2c")
    return step(state, DrawStock())


def declarations(state: State) -> list[Declare]:
    return [action for action in state.legal_actions() if isinstance(action, Declare)]


def assert_valid_declaration(state: State, groups: Sequence[str]) -> State:
    """Seat 0's declaration with finish 2♣ is valid: the show begins."""
    after = declare(state, "2c", groups)
    assert after.phase is Phase.SHOW
    assert IndianFacts.of(after).declarer == 0
    assert after.current == 1
    assert after.active[0]
    assert penalties(after) == {}
    # The declarer's groups are public, the finish card is out of play.
    assert after.shown[0] == Hand(cards(" ".join(groups)))
    assert Card("2c") in after.out_of_play
    return after


def assert_wrong_declaration(state: State, groups: Sequence[str], points: int) -> State:
    """Seat 0's declaration with finish 2♣ is wrong: the penalty, and out."""
    before = state.hands[0]
    after = declare(state, "2c", groups)
    assert after.phase is not Phase.SHOW
    assert IndianFacts.of(after).declarer is None
    assert penalties(after) == {0: (points, "wrong declaration")}
    assert not after.active[0]
    assert len(after.hands[0]) == 0
    assert all(card in after.out_of_play for card in before.cards)
    return after


# -- I1: a valid declaration -------------------------------------------------------------


@pytest.mark.parametrize("preset", ["G", "S"])
def test_I1_valid_declaration_leads_to_the_show(preset: str) -> None:
    state = drawn_for_declaration(PRESETS[preset], I1)
    # The engine offers a declaration with the finish card drawn...
    assert any(action.finish == Card("2c") for action in declarations(state))
    # ... and accepts the player's own grouping: the show begins.
    after = assert_valid_declaration(state, I1)
    assert after.pending is not None
    assert after.pending.player == 1 and after.pending.phase is Phase.SHOW


def test_I1_the_wild_seven_stands_for_the_missing_three() -> None:
    meld = Meld.build("2d 7s 4d", G.meld_rules, wild_rank=Rank.SEVEN)
    assert meld.kind is MeldKind.RUN and not meld.pure
    assert [str(card) for card in meld.stands_for] == ["2d", "3d", "4d"]


# -- I2: one sequence is enough under G, not under S -------------------------------------


def test_I2_one_pure_sequence_is_a_valid_declaration_under_G() -> None:
    state = drawn_for_declaration(G, I2)
    assert declarations(state)
    assert_valid_declaration(state, I2)


def test_I2_one_sequence_is_a_wrong_declaration_under_S_and_play_goes_on() -> None:
    state = drawn_for_declaration(S, I2, players=3)
    # Only valid declarations are offered, but a wrong one may still be made.
    assert declarations(state) == []
    assert state.is_legal(Declare("2c", list(I2)))
    after = assert_wrong_declaration(state, I2, 80)
    # Two players are left: play goes on with the next one.
    assert after.phase is Phase.DRAW
    assert after.current == 1
    assert after.active == (False, True, True)
    # The hand ends when only one is left; the declarer pays 80.
    after = step(after, Drop())
    outcome = outcome_of(after)
    assert outcome.termination is Termination.LAST_PLAYER
    assert outcome.winners == (2,)
    paid = {(p.payer, p.reason): (p.points, p.money) for p in outcome.payments}
    assert paid == {
        (0, "wrong declaration"): (80, Decimal("80.00")),
        (1, "first drop"): (20, Decimal("20.00")),
    }
    assert all(p.payee == 2 for p in outcome.payments)


def test_I2_wrong_declaration_with_two_players_the_other_wins() -> None:
    state = drawn_for_declaration(S, I2)
    after = assert_wrong_declaration(state, I2, 80)
    outcome = outcome_of(after)
    assert outcome.termination is Termination.LAST_PLAYER
    assert outcome.winners == (1,)
    assert [(p.payer, p.payee, p.points) for p in outcome.payments] == [(0, 1, 80)]


# -- I3: no pure sequence ----------------------------------------------------------------


@pytest.mark.parametrize("preset", ["G", "S"])
def test_I3_no_pure_sequence_is_a_wrong_declaration(preset: str) -> None:
    state = drawn_for_declaration(PRESETS[preset], I3)
    assert declarations(state) == []
    after = assert_wrong_declaration(state, I3, 80)
    assert outcome_of(after).winners == (1,)


# -- I4: a wild card standing as itself ---------------------------------------------------


def test_I4_wild_card_as_itself_keeps_the_sequence_pure_by_default() -> None:
    assert G.wild_natural_is_pure
    state = drawn_for_declaration(G, I4)
    assert declarations(state)
    assert_valid_declaration(state, I4)


def test_I4_strict_purity_makes_it_a_wrong_declaration() -> None:
    strict = IndianRummy(wild_natural_is_pure=False)
    state = drawn_for_declaration(strict, I4)
    assert_wrong_declaration(state, I4, 80)


def test_I4_under_strict_purity_the_hand_still_has_another_valid_grouping() -> None:
    # RULES.md calls I4 a wrong declaration under strict purity, which holds
    # for the grouping it shows; but the same 13 cards also group as
    # [9♣ 10♣ J♣ Q♣] (pure) [5♥ 6♥ 7♥] [Q♦ Q♥ 7♦] [K♣ K♠ K♥], a valid 4-3-3-3.
    strict = IndianRummy(wild_natural_is_pure=False)
    state = drawn_for_declaration(strict, I4)
    offered = [action for action in declarations(state) if action.finish == Card("2c")]
    assert offered
    groups = ("9c Tc Jc Qc", "5h 6h 7h", "Qd Qh 7d", "Kc Ks Kh")
    assert_valid_declaration(state, groups)


# -- I5: Q-K-A is a sequence, K-A-2 is not ---------------------------------------------------


@pytest.mark.parametrize("preset", ["G", "S"])
def test_I5_Q_K_A_is_a_pure_sequence(preset: str) -> None:
    state = drawn_for_declaration(PRESETS[preset], I5)
    assert declarations(state)
    assert_valid_declaration(state, I5)


@pytest.mark.parametrize("preset", ["G", "S"])
def test_I5_K_A_2_is_not_a_meld_so_the_declaration_is_wrong(preset: str) -> None:
    variant = PRESETS[preset]
    assert not variant.meld_rules.is_meld("Ks As 2s", wild_rank=Rank.SEVEN)
    state = drawn_for_declaration(variant, I5_KA2)
    assert declarations(state) == []
    assert_wrong_declaration(state, I5_KA2, 80)


# -- I6: a loser's points, and why the best grouping differs by preset -----------------------
#
# The indicator is 7♣, so 7♦ is wild in both presets (S: every 7 but the
# indicator, and the printed jokers).  The example needs that: without a wild
# 7♦ there would be no K set (K♥ K♣ alone) and no Q♦ J♦ run.  Worked out:
#
#   G (A = 14, J 11, Q 12, K 13; one pure sequence):
#     [A♠ 2♠ 3♠] [K♥ K♣ 7♦]  leaves Q♦ J♦ 4♣ 8♥ 9♥ 10♣ 5♦ = 59  (optimal)
#     [A♠ 2♠ 3♠] [Q♦ J♦ 7♦]  leaves K♥ K♣ 4♣ 8♥ 9♥ 10♣ 5♦ = 62
#     [A♠ 2♠ 3♠] [8♥ 9♥ 7♦]  leaves K K Q J 4 10 5          = 68
#     no melds at all: 14+2+3+13+13+12+11+0+4+8+9+10+5      = 104 (no cap)
#   S (A K Q J = 10; two sequences, one pure; cap 80):
#     [A♠ 2♠ 3♠] [Q♦ J♦ 7♦]  leaves K♥ K♣ 4♣ 8♥ 9♥ 10♣ 5♦ = 56  (optimal)
#     [A♠ 2♠ 3♠] [K♥ K♣ 7♦]  one sequence only: all cards, 7♦ scoring 0,
#                            10+2+3+10+10+10+10+0+4+8+9+10+5 = 91, capped to 80
#
# These agree with RULES.md's figures (59, 62, 56, 91 → 80): no discrepancy.

I6_LOSER = "As 2s 3s Kh Kc Qd Jd 7d 4c 8h 9h Tc 5d"
#: A valid declaration under both presets that shares no card with I6's loser.
I6_DECLARER = ("3h 4h 5h 6h", "9s Ts Js", "Qc Qs Qh", "6c 6d 6s")


def show_position(variant: IndianRummy, loser: str) -> State:
    """2 players: seat 0 declares validly, seat 1 (holding ``loser``) is to show."""
    state = deal(variant, [" ".join(I6_DECLARER), loser], stock="2c")
    state = step(state, DrawStock())
    return assert_valid_declaration(state, I6_DECLARER)


def i6_show(variant: IndianRummy) -> State:
    """2 players: seat 0 declares validly, seat 1 (I6's loser) is to show."""
    return show_position(variant, I6_LOSER)


@pytest.mark.parametrize(("preset", "points"), [("G", 59), ("S", 56)])
def test_I6_loser_scores_the_optimal_grouping(preset: str, points: int) -> None:
    variant = PRESETS[preset]
    assert variant.deadwood(Hand.parse(I6_LOSER), wild_rank=Rank.SEVEN) == points
    state = i6_show(variant)
    (offered,) = state.legal_actions()
    assert isinstance(offered, Show)
    outcome = outcome_of(step(state, offered))
    assert outcome.termination is Termination.DECLARATION
    assert outcome.winners == (0,)
    assert outcome.points == (0, points)
    (payment,) = outcome.payments
    assert (payment.payer, payment.payee, payment.points) == (1, 0, points)


def test_I6_optimal_groupings_differ_between_presets() -> None:
    hand = Hand.parse(I6_LOSER)
    g = G.partition(hand, wild_rank=Rank.SEVEN)
    s = S.partition(hand, wild_rank=Rank.SEVEN)
    assert Hand.parse("Kh Kc 7d") in [Hand(m.cards) for m in g.melds]
    assert Hand.parse("Qd Jd 7d") in [Hand(m.cards) for m in s.melds]


@pytest.mark.parametrize(
    ("preset", "groups", "points"),
    [
        ("G", ["As 2s 3s", "Qd Jd 7d"], 62),
        ("G", ["As 2s 3s", "Kh Kc 7d"], 59),
        ("G", [], 104),  # nothing melded: every card, no cap under G
        ("S", ["As 2s 3s", "Kh Kc 7d"], 80),  # one sequence: 91, capped
        ("S", ["As 2s 3s", "Qd Jd 7d"], 56),
    ],
)
def test_I6_shown_grouping_scores_by_the_presets_requirement(
    preset: str, groups: list[str], points: int
) -> None:
    state = i6_show(PRESETS[preset])
    rest = Hand.parse(I6_LOSER).remove(*cards(" ".join(groups)))
    outcome = outcome_of(step(state, Show(groups, deadwood=rest.cards)))
    assert outcome.points == (0, points)


def test_I6_without_the_cap_the_K_set_grouping_scores_every_card_under_S() -> None:
    state = i6_show(IndianRummy(preset="standard", cap=None))
    rest = Hand.parse("Qd Jd 4c 8h 9h Tc 5d")
    outcome = outcome_of(
        step(state, Show(["As 2s 3s", "Kh Kc 7d"], deadwood=rest.cards))
    )
    assert outcome.points == (0, 91)


def test_I6_a_show_must_be_exactly_the_hand() -> None:
    state = i6_show(G)
    refused(state, Show(["As 2s 3s"], deadwood="Kh"), "exactly the hand")


# -- I7: duplicate cards in a set ------------------------------------------------------------

I7_BASE = ("As 2s 3s 4s", "9h Th Jh", "Kd Kc Kh")


@pytest.mark.parametrize(
    ("last", "valid"), [("8s 8s 8h", False), ("8s 8h 8d", True), ("8s 8h Jk", True)]
)
def test_I7_duplicate_set_is_invalid_under_S(last: str, valid: bool) -> None:
    groups = (*I7_BASE, last)
    state = drawn_for_declaration(S, groups)
    if valid:
        assert_valid_declaration(state, groups)
    else:
        assert not S.meld_rules.is_meld(last, wild_rank=Rank.SEVEN)
        assert_wrong_declaration(state, groups, 80)


def test_I7_a_duplicate_cannot_arise_under_G() -> None:
    assert G.deck.hand().count(Card("8s")) == 1
    assert S.deck.hand().count(Card("8s")) == 2


# -- I8: a natural set of the wild rank ------------------------------------------------------


def test_I8_natural_set_of_the_wild_rank_is_a_valid_declaration() -> None:
    groups = ("6s 7s 8s 9s", "2s 2h 2d")
    state = deal(
        G, [" ".join(groups), None, None, None], indicator="2c", upcard="Kd", stock="Qc"
    )
    assert [len(hand) for hand in state.hands] == [7, 7, 7, 7]
    assert state.wild_rank is Rank.TWO
    state = step(state, DrawStock())
    assert declarations(state)
    after = declare(state, "Qc", groups)
    assert after.phase is Phase.SHOW
    assert IndianFacts.of(after).declarer == 0
    assert after.queue == (1, 2, 3)


# -- I9: the open deck ----------------------------------------------------------------------


def test_I9_a_wild_upcard_cannot_be_taken() -> None:
    state = deal(G, [None, None], upcard="7h")
    assert state.wild(Card("7h"))
    refused(state, DrawDiscard(), "I-1")
    assert DrawStock() in state.legal_actions()


def test_I9_a_printed_joker_on_the_open_deck_cannot_be_taken_under_S() -> None:
    state = deal(S, [None, None], upcard="Jk")
    refused(state, DrawDiscard(), "I-1")


def test_I9_upcard_joker_pickable_allows_only_the_first_upcard() -> None:
    variant = IndianRummy(upcard_joker_pickable=True)
    state = deal(variant, [None, None], upcard="7h", stock="7d")
    assert DrawDiscard() in state.legal_actions()
    taken = step(state, DrawDiscard())
    assert Card("7h") in taken.hands[0]
    # A wild card discarded later is never taken, even with the option.
    state = step(state, DrawStock())
    state = step(state, Discard("7d"))
    assert state.current == 1
    refused(state, DrawDiscard(), "I-1")


def test_I9_the_card_taken_from_the_open_deck_cannot_be_discarded() -> None:
    state = deal(G, [" ".join(I1), None], upcard="9c")
    state = step(state, DrawDiscard())
    assert state.taken == Card("9c")
    refused(state, Discard("9c"), "I-2")
    assert Discard(Card("Js")) in state.legal_actions()


def test_I9_the_card_taken_from_the_open_deck_cannot_be_the_finish_card() -> None:
    state = deal(G, [" ".join(I1), None], upcard="9c")
    state = step(state, DrawDiscard())
    assert declarations(state) == []
    refused(state, Declare("9c", list(I1)), "I-2")


def test_I9_finish_card_unrestricted_option_allows_it() -> None:
    variant = IndianRummy(finish_card_restricted=False)
    state = deal(variant, [" ".join(I1), None], upcard="9c")
    state = step(state, DrawDiscard())
    assert any(action.finish == Card("9c") for action in declarations(state))
    after = declare(state, "9c", I1)
    assert after.phase is Phase.SHOW
    # Discarding it is still refused (I-2 is not the finish-card option).
    refused(state, Discard("9c"), "I-2")


# -- I10: one joker per run ------------------------------------------------------------------

I10 = ("3h 4h 5h 6h", "9s 7h 7d", "Qc Qd Qs", "Kc Kd Ks")


def test_I10_two_wild_cards_make_an_impure_run_the_second_sequence_under_S() -> None:
    state = drawn_for_declaration(S, I10)
    assert declarations(state)
    assert_valid_declaration(state, I10)


def test_I10_one_joker_per_run_leaves_only_a_set_so_S_needs_another_sequence() -> None:
    variant = IndianRummy(preset="standard", max_jokers_per_run=1)
    assert variant.meld_rules.is_meld("9s 7h 7d", wild_rank=Rank.SEVEN)
    built = Meld.build("9s 7h 7d", variant.meld_rules, wild_rank=Rank.SEVEN)
    assert built.kind is MeldKind.SET
    state = drawn_for_declaration(variant, I10)
    assert declarations(state) == []
    assert_wrong_declaration(state, I10, 80)


def test_I10_under_G_the_set_reading_is_enough_either_way() -> None:
    for variant in (G, IndianRummy(max_jokers_per_run=1)):
        state = drawn_for_declaration(variant, I10)
        assert_valid_declaration(state, I10)


@pytest.mark.parametrize("group", ["Jk 7h 7d", "7h 7d 7s"])
def test_a_group_of_wild_cards_can_be_the_second_sequence_under_S(group: str) -> None:
    groups = ("3h 4h 5h 6h", group, "Qc Qd Qs", "Kc Kd Ks")
    state = drawn_for_declaration(S, groups)
    # The engine itself offers declarations for this hand...
    assert declarations(state)
    # ... and the player's grouping meets the rule: 7h stands as itself and
    # the other two fill 8h 9h (§0.2), a second, impure, sequence.
    assert_valid_declaration(state, groups)


def test_a_loser_may_show_a_group_of_wild_cards_as_its_second_sequence() -> None:
    loser = "3d 4d 5d 6d Jk 7h 7s Kc Kd Ks 2c 9h 9d"
    state = show_position(S, loser)
    show = Show(["3d 4d 5d 6d", "Jk 7h 7s", "Kc Kd Ks"], deadwood="2c 9h 9d")
    assert outcome_of(step(state, show)).points == (0, 2 + 9 + 9)


# -- I11: settlement --------------------------------------------------------------------------


def test_I11_settlement_with_a_shown_loser_and_a_missed_move() -> None:
    variant = IndianRummy(stake=2)
    p1 = "3h 4h 5h 6h Qc Qs Qh 9s 9c 9h"
    p2 = "As 2s 3s Kh Kc 7d Qd Jd 4c 8h"
    # Seats 0 and 1 draw and throw back their card; seat 2 misses its move,
    # which under Gamentio is a drop at once.
    state = deal(variant, [p1, p2, None], stock="2d 5s 6s")
    state = pass_turn(pass_turn(state))
    assert state.current == 2
    state = timeout(state)
    assert state.lapses[2] == 1
    assert not state.active[2]
    assert penalties(state) == {2: (10, "first drop")}
    assert state.hands[:2] == (Hand.parse(p1), Hand.parse(p2))
    state = step(state, DrawStock())
    assert state.drawn == Card("6s")
    state = declare(state, "6s", ["3h 4h 5h 6h", "Qc Qs Qh", "9s 9c 9h"])
    assert state.phase is Phase.SHOW and state.queue == (1,)
    state = step(state, Show(["As 2s 3s", "Kh Kc 7d"], deadwood="Qd Jd 4c 8h"))
    outcome = outcome_of(state)
    assert outcome.winners == (0,)
    assert outcome.points == (0, 35, 10)
    paid = {p.payer: p for p in outcome.payments}
    assert set(paid) == {1, 2}
    assert (paid[1].points, paid[1].money) == (35, Decimal("70.00"))
    assert (paid[2].points, paid[2].money) == (10, Decimal("10.00"))  # flat
    assert sum(p.money for p in outcome.payments) == Decimal("80.00")
    assert outcome.rake == Decimal("3.20")  # exact: 4% of 70 and of 10
    assert outcome.money_for(0) == Decimal("76.80")
    assert outcome.money_for(1) == Decimal("-70.00")
    assert outcome.money_for(2) == Decimal("-10.00")


#: A loser's hand with a complete set (4♣ 4♦ 4♠) but no sequence; 7s are wild.
NO_SEQUENCE = "2h 2d 4c 4d 4s 6c 6d 8c Tc Jd"


def show_of(variant: IndianRummy, loser: str) -> Outcome:
    """3 players: seat 0 declares validly, seat 1 holds ``loser``; each loser
    shows their optimal grouping."""
    p1 = "3h 4h 5h 6h Qc Qs Qh 9s 9c 9h"
    state = deal(variant, [p1, loser, None], upcard="Ks", stock="6s")
    state = step(state, DrawStock())
    state = declare(state, "6s", ["3h 4h 5h 6h", "Qc Qs Qh", "9s 9c 9h"])
    while not state.is_terminal:
        (offered,) = state.legal_actions()
        assert isinstance(offered, Show)
        state = step(state, offered)
    return outcome_of(state)


def test_G_losers_pay_for_their_incomplete_melds_only() -> None:
    """§2.5 (G): "summing up the numeric value of incomplete melds of other
    players": the loser's complete set counts without a pure sequence, so
    2+2+6+6+8+10+11 = 45 is paid, not every card's 57."""
    assert G.loser_requirement == "none"
    assert G.deadwood(Hand.parse(NO_SEQUENCE), wild_rank=Rank.SEVEN) == 45
    assert show_of(G, NO_SEQUENCE).points[1] == 45
    strict = IndianRummy(loser_requirement="declaration")
    assert show_of(strict, NO_SEQUENCE).points[1] == 57


def test_S_losers_without_the_requirement_pay_for_every_card() -> None:
    """§2.5 (S): without two sequences, one of them pure, all cards count."""
    assert S.loser_requirement == "declaration"
    loser = Hand.parse("2h 2d 4c 4d 4s 6c 6d 8c Tc Jd Kh Ks 3c")
    assert S.deadwood(loser, wild_rank=Rank.SEVEN) == loser_total(S, loser)
    assert IndianRummy(preset="standard", loser_requirement="none").deadwood(
        loser, wild_rank=Rank.SEVEN
    ) < loser_total(S, loser)


def loser_total(variant: IndianRummy, hand: Hand) -> int:
    return min(variant.point_values.total(hand.cards), variant.cap or 10**6)


def test_drop_penalty_unit_money_is_the_gamentio_default() -> None:
    assert G.drop_penalty_unit == "money"
    assert S.drop_penalty_unit == "points"


# -- the deal ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 13), (3, 10), (4, 7)])
def test_gamentio_deals_by_the_table(players: int, size: int) -> None:
    state = G.new_game(players, seed=players)
    assert [len(hand) for hand in state.hands] == [size] * players
    assert len(state.pile) == 1 and len(state.out_of_play) == 1
    assert len(state.stock) == 52 - players * size - 2
    conserved(state)


def test_gamentio_seats_two_to_four() -> None:
    for players in (1, 5):
        with pytest.raises(ValueError, match="seats 2 to 4"):
            G.new_game(players, seed=0)


@pytest.mark.parametrize(("players", "size"), [(2, 13), (4, 10), (6, 7)])
def test_prose_reading_deals_2_4_6_players_13_10_7(players: int, size: int) -> None:
    variant = IndianRummy(deal_table="prose", max_players=6)
    state = variant.new_game(players, seed=1)
    assert [len(hand) for hand in state.hands] == [size] * players
    conserved(state)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_standard_deals_13_each_to_two_to_six(players: int) -> None:
    state = S.new_game(players, seed=players)
    assert [len(hand) for hand in state.hands] == [13] * players
    assert len(state.stock) == 106 - 13 * players - 2
    conserved(state)


def test_standard_seats_at_most_six() -> None:
    with pytest.raises(ValueError, match="seats 2 to 6"):
        S.new_game(7, seed=0)


@pytest.mark.parametrize("players", [7, 10])
def test_standard_with_seven_to_ten_players_uses_three_decks(players: int) -> None:
    # RULES.md 2.1, preset S: "With 7-10 players, 3 decks".
    table = IndianRummy(preset="standard", max_players=10)
    assert table.decks == 3
    assert table.deck.size == 3 * 52 + 2
    state = table.new_game(players, seed=players)
    assert [len(hand) for hand in state.hands] == [13] * players
    assert len(state.stock) == 158 - 13 * players - 2
    conserved(state)


def test_standard_tables_of_six_or_fewer_keep_two_decks() -> None:
    assert IndianRummy(preset="standard", max_players=6).decks == 2
    # The option still wins when given: two decks seat up to eight at 13 each.
    assert IndianRummy(preset="standard", max_players=7, decks=2).decks == 2
    # Gamentio always plays one deck.
    assert IndianRummy(max_players=4).decks == 1


def test_cards_are_dealt_one_at_a_time_from_the_dealers_left() -> None:
    order = G.deck.cards()
    state = G.new_game(3, deck=order, dealer=1)
    # Seat 2 (the dealer's left) gets the first card, then seat 0, then seat 1.
    assert state.hands[2] == Hand(order[0:30:3])
    assert state.hands[0] == Hand(order[1:30:3])
    assert state.hands[1] == Hand(order[2:30:3])
    assert state.current == 2


def test_anticlockwise_deals_and_plays_to_the_right() -> None:
    variant = IndianRummy(direction="anticlockwise")
    order = variant.deck.cards()
    state = variant.new_game(3, deck=order, dealer=1)
    assert state.hands[0] == Hand(order[0:30:3])
    assert state.current == 0
    state = pass_turn(state)
    assert state.current == 2


# -- the indicator ----------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["G", "S"])
def test_indicator_sets_the_wild_rank_and_stays_out_of_play(preset: str) -> None:
    variant = PRESETS[preset]
    state = deal(variant, [None, None], indicator="9d", upcard="4s", stock="Qh")
    assert state.indicator == Card("9d")
    assert state.wild_rank is Rank.NINE
    assert state.out_of_play == (Card("9d"),)
    assert state.pile == (Card("4s"),)
    assert state.stock[-1] == Card("Qh")
    assert Card("9d") not in state.stock
    assert state.wild(Card("9s")) and state.wild(Card("9d"))
    assert not state.wild(Card("8d"))
    assert state.view(1).indicator == Card("9d")


def test_printed_joker_indicator_makes_aces_wild_under_S() -> None:
    state = deal(S, [None, None], indicator="Jk", upcard="4s")
    assert state.indicator == Card("Jk")
    assert state.wild_rank is Rank.ACE
    assert state.wild(Card("Ad")) and state.wild(Card("Jk"))
    # An ace is then a joker: 5♦ 6♦ A♠ is a run (A♠ standing for 7♦).
    assert S.meld_rules.is_meld("5d 6d As", wild_rank=state.wild_rank)


def test_printed_joker_indicator_other_pj_only_has_no_wild_rank() -> None:
    variant = IndianRummy(preset="standard", printed_joker_indicator="other_pj_only")
    state = deal(variant, [None, None], indicator="Jk", upcard="4s")
    assert state.wild_rank is None
    assert state.wild(Card("Jk"))
    assert not state.wild(Card("Ad"))
    assert not variant.meld_rules.is_meld("5d 6d As", wild_rank=state.wild_rank)
    assert variant.meld_rules.is_meld("5d 6d Jk", wild_rank=state.wild_rank)


def test_indicator_in_stock_is_the_last_card_of_the_stock() -> None:
    variant = IndianRummy(indicator_in_stock=True)
    state = deal(variant, [None, None], indicator="9d", upcard="4s", stock="Qh")
    assert state.indicator == Card("9d") and state.wild_rank is Rank.NINE
    assert state.out_of_play == ()
    assert state.stock[0] == Card("9d")  # bottom first: drawn last
    assert state.stock[-1] == Card("Qh")
    assert len(state.stock) == 52 - 26 - 1


# -- drops ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "first"), [("G", 10), ("S", 20)])
def test_first_drop_costs_the_first_drop_penalty(preset: str, first: int) -> None:
    state = deal(PRESETS[preset], [None, None, None])
    assert Drop() in state.legal_actions()
    dropped = state.hands[0]
    state = step(state, Drop())
    assert penalties(state) == {0: (first, "first drop")}
    assert state.active == (False, True, True)
    assert len(state.hands[0]) == 0
    assert all(card in state.out_of_play for card in dropped.cards)
    assert state.phase is Phase.DRAW and state.current == 1


@pytest.mark.parametrize(("preset", "middle"), [("G", 10), ("S", 40)])
def test_middle_drop_costs_the_middle_drop_penalty(preset: str, middle: int) -> None:
    state = deal(PRESETS[preset], [None, None, None])
    for _ in range(3):
        state = pass_turn(state)
    assert state.current == 0
    state = step(state, Drop())
    assert penalties(state) == {0: (middle, "middle drop")}
    assert state.current == 1


def test_drop_penalties_are_options() -> None:
    variant = IndianRummy(
        preset="standard", first_drop_penalty=10, middle_drop_penalty=30
    )
    state = step(deal(variant, [None, None, None]), Drop())
    assert penalties(state) == {0: (10, "first drop")}
    state = pass_turn(state)
    state = pass_turn(state)
    state = step(state, Drop())
    assert penalties(state) == {0: (10, "first drop"), 1: (30, "middle drop")}


def test_drop_penalties_in_points_are_bounded_like_every_points_option() -> None:
    with pytest.raises(InvalidOptionError, match=r"first_drop_penalty.*0 to 10000"):
        IndianRummy(preset="standard", first_drop_penalty=10_001)
    # In money they are bounded like every money option.
    assert IndianRummy(first_drop_penalty=10**9).first_drop_penalty == 10**9
    with pytest.raises(InvalidOptionError, match="from 0 to 1000000000000"):
        IndianRummy(first_drop_penalty=10**13)


def test_no_drop_after_drawing() -> None:
    state = step(deal(G, [None, None]), DrawStock())
    refused(state, Drop(), "I-6")


@pytest.mark.parametrize(
    ("variant", "money"),
    [
        (IndianRummy(stake=2), 10.0),  # G: a flat amount
        (IndianRummy(stake=2, drop_penalty_unit="points"), 20.0),
        (IndianRummy(preset="standard", stake=2), 40.0),  # S: 20 points × 2
        (IndianRummy(preset="standard", stake=2, drop_penalty_unit="money"), 20.0),
    ],
)
def test_drop_penalty_unit(variant: IndianRummy, money: float) -> None:
    state = step(deal(variant, [None, None]), Drop())
    outcome = outcome_of(state)
    (payment,) = outcome.payments
    assert payment.payer == 0 and payment.payee == 1
    assert payment.points == variant.first_drop_penalty
    assert payment.money == money


@pytest.mark.parametrize("preset", ["G", "S"])
def test_when_all_but_one_drop_the_last_player_wins_at_once(preset: str) -> None:
    variant = PRESETS[preset]
    players = 4
    state = deal(variant, [None] * players)
    for seat in range(players - 1):
        assert not state.is_terminal and state.current == seat
        state = step(state, Drop())
    outcome = outcome_of(state)
    assert outcome.termination is Termination.LAST_PLAYER
    assert outcome.winners == (3,)
    first = variant.first_drop_penalty
    assert outcome.points == (first, first, first, 0)
    assert sorted(p.payer for p in outcome.payments) == [0, 1, 2]
    # The winner never played a card.
    assert not any(event.player == 3 for event in state.history)


# -- wrong declarations -----------------------------------------------------------------------


def test_wrong_declaration_penalty_is_80_by_default_under_both_presets() -> None:
    assert G.wrong_decl_penalty == 80 and S.wrong_decl_penalty == 80


def test_wrong_declaration_full_count_scores_every_card() -> None:
    variant = IndianRummy(wrong_decl_penalty="full_count")
    state = drawn_for_declaration(variant, I3)
    # All 14 cards at G values, the two wild 7s at 0, no cap:
    # 3+4+0+6 + 9+10+0 + 12×3 + 13×3 + 2 (the finish card) = 109.
    total = variant.point_values.total(state.hands[0].cards, wild_rank=Rank.SEVEN)
    assert total == 109
    after = assert_wrong_declaration(state, I3, 109)
    (payment,) = outcome_of(after).payments
    assert payment.points == 109 and payment.money == 109.0


def test_a_malformed_declaration_is_refused() -> None:
    state = drawn_for_declaration(G, I1)
    refused(state, Declare("2c", list(I1[:3])), "exactly the hand")
    refused(state, Declare("Ah", list(I1)), "exactly the hand")
    refused(deal(G, [" ".join(I1), None]), Declare("2c", list(I1)), "I-3")


# -- timers and lapses ------------------------------------------------------------------------


def test_timers_on_each_decision() -> None:
    state = deal(G, [" ".join(I1), None], stock="2c")
    assert state.pending is not None
    # Gamentio's timer runs per turn: one "turn" timer over the draw and discard.
    assert state.pending.timer == TimerSpec(
        name="turn", seconds=15, on_expiry=Expiry.AUTO_DRAW_STOCK_THEN_DISCARD_DRAWN
    )
    state = step(state, DrawStock())
    assert state.pending is not None
    assert state.pending.timer == TimerSpec(
        name="turn", seconds=15, on_expiry=Expiry.AUTO_DISCARD
    )
    per_action = deal(
        IndianRummy(timer_mode="per_action"), [" ".join(I1), None], stock="2c"
    )
    assert per_action.pending is not None and per_action.pending.timer is not None
    assert per_action.pending.timer.name == "move"
    state = declare(state, "2c", I1)
    assert state.pending is not None
    assert state.pending.timer == TimerSpec(
        name="meld",
        seconds=45,
        on_expiry=Expiry.FREEZE_ARRANGEMENT,
        counts_as_lapse=False,
    )


def test_no_timer_no_timeout() -> None:
    state = deal(IndianRummy(move_timer=None), [None, None])
    assert state.pending is not None and state.pending.timer is None
    refused(state, Timeout(state.decision_id), "no timer")


def test_a_stale_timeout_is_refused() -> None:
    state = deal(G, [None, None])
    old = state.decision_id
    state = step(state, DrawStock())
    refused(state, Timeout(old), "not the pending one")


def test_move_timeout_at_the_draw_draws_and_discards_the_drawn_card() -> None:
    state = deal(G3, [None, None, None], stock="Kd")
    hand = state.hands[0]
    after = timeout(state)
    assert after.hands[0] == hand
    assert after.pile == (Card("2h"), Card("Kd"))
    assert len(after.stock) == len(state.stock) - 1
    assert after.lapses == (1, 0, 0)
    assert after.phase is Phase.DRAW and after.current == 1


def test_move_timeout_after_drawing_discards_the_drawn_card() -> None:
    state = step(deal(G3, [None, None, None], stock="Kd"), DrawStock())
    after = timeout(state)
    assert after.pile[-1] == Card("Kd")
    assert after.lapses == (1, 0, 0)
    assert after.current == 1


def test_move_timeout_after_taking_discards_the_costliest_unmelded_card() -> None:
    # The taken 5♣ may not be thrown (I-2); K♦ and K♣ are the costliest spare
    # cards (13 each under G), and the tie goes to the last in hand order, K♣.
    hand = "3h 4h 5h 6h 9s Ts Js Kd Kc 2d"
    state = deal(G3, [hand, None, None], upcard="5c")
    state = step(state, DrawDiscard())
    after = timeout(state)
    assert after.pile[-1] == Card("Kc")
    assert after.hands[0] == Hand.parse("3h 4h 5h 6h 9s Ts Js Kd 2d 5c")
    assert after.lapses == (1, 0, 0)


def test_third_lapse_is_a_drop() -> None:
    # A lapse at the draw and a lapse after drawing count alike.
    state = deal(G3, [None, None, None])
    state = timeout(state)  # lapse 1, at the draw
    state = pass_turn(pass_turn(state))
    state = timeout(step(state, DrawStock()))  # lapse 2, after drawing
    state = pass_turn(pass_turn(state))
    assert state.lapses == (2, 0, 0) and state.active[0]
    state = timeout(state)  # lapse 3: out
    assert state.lapses == (3, 0, 0)
    assert not state.active[0]
    assert len(state.hands[0]) == 0
    assert penalties(state) == {0: (10, "middle drop")}
    assert not state.is_terminal and state.current == 1


def test_lapse_forfeit_fourth_drops_on_the_fourth() -> None:
    state = deal(IndianRummy(max_lapses=3, lapse_forfeit="fourth"), [None, None, None])
    for lapse in range(1, 5):
        assert state.current == 0
        state = timeout(state)
        assert state.lapses[0] == lapse
        assert state.active[0] is (lapse < 4)
        if lapse < 4:
            state = pass_turn(pass_turn(state))
    assert penalties(state) == {0: (10, "middle drop")}


def test_max_lapses_option() -> None:
    state = deal(IndianRummy(max_lapses=2), [None, None, None])
    state = timeout(state)
    assert state.active[0]
    state = timeout(pass_turn(pass_turn(state)))
    assert not state.active[0]
    assert penalties(state) == {0: (10, "middle drop")}


def test_lapse_limit_is_1_under_G_and_3_under_S() -> None:
    """§2.4: under Gamentio the first missed move is a drop; the standard
    preset keeps three lapses."""
    assert (G.max_lapses, S.max_lapses) == (1, 3)
    assert (G.lapse_limit(), S.lapse_limit()) == (1, 3)


@pytest.mark.parametrize("drawn", [False, True])
def test_G_a_missed_move_is_a_drop_paying_the_drop_penalty(drawn: bool) -> None:
    """§2.4 (G): "10 Unlocked Points will be deducted if a player fails to make
    a move in the stipulated time": the first Timeout of a move, before or
    after the draw, drops the player, who pays the drop penalty."""
    state = deal(IndianRummy(stake=3), [None, None, None], stock="Kd")
    if drawn:
        state = step(state, DrawStock())
    after = timeout(state)
    assert after.lapses == (1, 0, 0)
    assert not after.active[0]
    assert len(after.hands[0]) == 0
    reason = "middle drop" if drawn else "first drop"
    assert penalties(after) == {0: (10, reason)}
    assert after.current == 1 and after.phase is Phase.DRAW
    # With two players the other wins at once, and the drop pays 10 flat.
    two = deal(IndianRummy(stake=3), [None, None])
    outcome = outcome_of(timeout(two))
    assert outcome.termination is Termination.LAST_PLAYER
    assert outcome.winners == (1,)
    (payment,) = outcome.payments
    assert (payment.payer, payment.points, payment.money) == (0, 10, Decimal("10.00"))


def test_S_a_missed_move_is_not_yet_a_drop() -> None:
    state = deal(S, [None, None, None], stock="Kd")
    after = timeout(state)
    assert after.lapses == (1, 0, 0)
    assert after.active[0]
    assert penalties(after) == {}
    assert after.pile[-1] == Card("Kd")


def test_third_lapse_with_two_players_the_opponent_wins() -> None:
    state = deal(IndianRummy(stake=3, max_lapses=3), [None, None])
    for _ in range(2):
        state = pass_turn(timeout(state))
    state = timeout(state)
    outcome = outcome_of(state)
    assert outcome.termination is Termination.LAST_PLAYER
    assert outcome.winners == (1,)
    (payment,) = outcome.payments
    assert (payment.payer, payment.payee, payment.points, payment.money) == (
        0,
        1,
        10,
        Decimal("10.00"),
    )


# -- the meld timer ---------------------------------------------------------------------------


def test_meld_timer_freezes_the_arranged_groups() -> None:
    state = i6_show(G)
    state = step(state, Arrange(["As 2s 3s", "Qd Jd 7d"]))
    assert state.phase is Phase.SHOW and state.current == 1
    outcome = outcome_of(timeout(state))
    assert outcome.points == (0, 62)  # as arranged, not the optimal 59


def test_meld_timer_with_nothing_arranged_scores_every_card() -> None:
    outcome = outcome_of(timeout(i6_show(G)))
    assert outcome.points == (0, 104)


def test_a_later_arrangement_replaces_an_earlier_one() -> None:
    state = step(i6_show(G), Arrange(["Qd Jd 7d"]))
    state = step(state, Arrange(["As 2s 3s", "Kh Kc 7d"]))
    assert outcome_of(timeout(state)).points == (0, 59)


def test_meld_timer_auto_arrange_optimal_ignores_the_arrangement() -> None:
    state = i6_show(IndianRummy(meld_expiry="auto_arrange"))
    assert state.pending is not None and state.pending.timer is not None
    assert state.pending.timer.on_expiry is Expiry.AUTO_ARRANGE_OPTIMAL
    state = step(state, Arrange(["As 2s 3s", "Qd Jd 7d"]))
    assert outcome_of(timeout(state)).points == (0, 59)


def test_meld_timeout_is_not_a_lapse() -> None:
    state = i6_show(IndianRummy(preset="standard"))
    after = timeout(state)
    assert after.lapses == state.lapses == (0, 0)


def test_arrange_is_checked() -> None:
    state = i6_show(G)
    refused(state, Arrange(["As 2s 3s", "Qh Jh Th"]), "from the hand")
    refused(deal(G, [None, None]), Arrange(["As 2s 3s"]), "I-5")


def test_the_others_show_in_turn_after_a_declaration() -> None:
    hands = [" ".join(I6_DECLARER), I6_LOSER, None]
    variant = IndianRummy(preset="standard")
    state = deal(variant, hands, stock="2c")
    state = declare(step(state, DrawStock()), "2c", I6_DECLARER)
    assert state.queue == (1, 2) and state.current == 1
    state = step(state, state.legal_actions()[0])
    assert state.phase is Phase.SHOW and state.current == 2
    state = timeout(state)
    outcome = outcome_of(state)
    assert outcome.winners == (0,)
    assert outcome.points[1] == 56
    assert sorted(p.payer for p in outcome.payments) == [1, 2]


# -- the closed deck runs out -----------------------------------------------------------------


def nearly_exhausted(state: State, left: int) -> State:
    """``state`` with all but the top ``left`` cards of the stock moved under
    the upcard on the discard pile."""
    cut = len(state.stock) - left
    after = attrs.evolve(
        state, stock=state.stock[cut:], pile=(*state.stock[:cut], *state.pile)
    )
    conserved(after)
    return after


def test_stock_exhaustion_reshuffles_the_open_deck_but_its_top_card() -> None:
    state = deal(G, [None, None, None])
    state = step(state, Drop())  # seat 0's cards go out of play for good
    dropped = [card for card in state.out_of_play if card != state.indicator]
    assert len(dropped) == 10
    state = nearly_exhausted(state, 0)
    assert state.stock == ()
    top = state.pile[-1]
    size = len(state.pile)
    after = step(state, DrawStock())
    assert after.turnovers == 1
    assert after.pile == (top,)
    assert len(after.stock) == size - 2
    assert after.drawn is not None and after.drawn != top
    assert not any(card in after.stock for card in dropped)
    assert after.out_of_play == state.out_of_play


def test_stock_exhaustion_void_hand() -> None:
    variant = IndianRummy(stock_exhaustion="void_hand")
    state = nearly_exhausted(deal(variant, [None, None]), 1)
    state = pass_turn(state)
    outcome = outcome_of(state)
    assert outcome.termination is Termination.VOID
    assert outcome.winners == ()
    assert outcome.payments == ()
    assert outcome.points == (0, 0)


def test_stock_exhaustion_lowest_points_wins() -> None:
    variant = IndianRummy(stock_exhaustion="lowest_points_wins")
    # [3h 4h 5h] [6h 6c 6d] [9s Ts Js] [Qc Qs Qh], deadwood 2c: 2 points.
    low = "3h 4h 5h 6h 9s Ts Js Qc Qs Qh 6c 6d 2c"
    state = nearly_exhausted(deal(variant, [I6_LOSER, low], stock="Ad"), 1)
    state = pass_turn(state)
    outcome = outcome_of(state)
    assert outcome.termination is Termination.BLOCKED
    assert outcome.winners == (1,)
    assert outcome.points == (59, 0)
    (payment,) = outcome.payments
    assert (payment.payer, payment.payee, payment.points) == (0, 1, 59)


# -- scoring options --------------------------------------------------------------------------


def test_cap_80_under_S_and_none_under_G() -> None:
    assert S.cap == 80 and G.cap is None
    # I6 shows it through play; here the partitioner's "every card" branch.
    # No three cards of a suit in a row, no rank thrice, no wild card: no meld.
    hand = Hand.parse("Kh Kd Qc Qs Jh Jd Tc Ts 9h 9d 8c 8s 4h")
    uncapped = IndianRummy(preset="standard", cap=None)
    assert uncapped.deadwood(hand, wild_rank=Rank.SEVEN) == 10 * 8 + 9 + 9 + 8 + 8 + 4
    assert S.deadwood(hand, wild_rank=Rank.SEVEN) == 80


@pytest.mark.parametrize(
    ("variant", "rake"),
    [
        (IndianRummy(), "2.36"),
        (IndianRummy(rake_pct=10), "5.90"),
        (IndianRummy(stake=2, rake_pct=10), "11.80"),
        (IndianRummy(rake_pct=0), "0.00"),
        # 59 × 0.37 = 21.83; 3.33% of it is 0.726939: rounded down to the cent.
        (IndianRummy(stake="0.37", rake_pct="3.33"), "0.72"),
    ],
)
def test_rake_pct(variant: IndianRummy, rake: str) -> None:
    state = i6_show(variant)
    outcome = outcome_of(step(state, state.legal_actions()[0]))
    (payment,) = outcome.payments
    assert payment.money == 59 * variant.stake
    assert payment.rake == Decimal(rake)
    assert outcome.money_for(0) == payment.money - Decimal(rake)
    assert outcome.money_for(0) + outcome.money_for(1) + outcome.rake == 0


def test_no_rake_under_S() -> None:
    state = i6_show(S)
    outcome = outcome_of(step(state, state.legal_actions()[0]))
    assert [p.rake for p in outcome.payments] == [0.0]
    assert outcome.money_for(0) == 56.0


@pytest.mark.parametrize(("preset", "rounded"), [("G", 60), ("S", 55)])
def test_round_to_five(preset: str, rounded: int) -> None:
    variant = attrs.evolve(PRESETS[preset], round_to_five=True)
    state = i6_show(variant)
    outcome = outcome_of(step(state, state.legal_actions()[0]))
    assert outcome.points == (0, rounded)
    (payment,) = outcome.payments
    assert payment.points == rounded and payment.money == float(rounded)


def test_round_to_five_is_off_by_default() -> None:
    assert not G.round_to_five and not S.round_to_five


def test_first_draw_half_rate_halves_a_first_draw_declaration() -> None:
    variant = IndianRummy(first_draw_half_rate=True, stake=2)
    state = i6_show(variant)  # seat 0 declared on its very first draw
    outcome = outcome_of(step(state, state.legal_actions()[0]))
    (payment,) = outcome.payments
    assert payment.money == 59 * 2 / 2


def test_golden_rummy_counts_three_identical_cards_as_a_pure_sequence() -> None:
    variant = IndianRummy(preset="standard", decks=3, golden_rummy=True)
    groups = ("8s 8s 8s", "9h Th Jh", "Kd Kc Kh", "2c 3c 4c 5c")
    state = drawn_for_declaration(variant, groups)
    assert_valid_declaration(state, groups)


@pytest.mark.parametrize("preset", ["G", "S"])
def test_a_dropped_hand_is_never_shown(preset: str) -> None:
    """I-6: a dropped player's cards go out of play face down, so their
    ``shown`` stays ``None`` (hidden) to the end of the hand, in the state, in
    every view, in a view's JSON and in a save; the hands still in play are shown."""
    from rummykit.agents import GreedyAgent
    from rummykit.serialize import state_from_json, state_to_json, view_to_json

    variant = PRESETS[preset]
    state = variant.new_game(players=3, seed=5, dealer=2)
    assert state.current_player == 0
    state = step(state, Drop())
    bot = GreedyAgent()
    while (player := state.current_player) is not None:
        view = state.view(player)
        state = step(state, bot.choose(view, view.legal_actions))
    assert state.shown[0] is None
    assert state.shown[1] == state.hands[1] and state.shown[2] == state.hands[2]
    for seat in range(3):
        shown = state.view(seat).shown
        assert shown[0] is None and shown[1] is not None and shown[2] is not None
        assert json.loads(view_to_json(state.view(seat)))["shown"][0] is None
    assert state_from_json(state_to_json(state)).shown == state.shown
