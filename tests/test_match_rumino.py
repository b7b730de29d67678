"""A Rumino game as a match (RULES.md §1.1 stakes, §1.4, §1.5 M-1 to M-4).

Two kinds of test:

- properties checked at every step of many seeded games played by a mix of
  :class:`RandomAgent` and :class:`GreedyAgent` at 2-6 players under various
  options: money is conserved, the game ends, re-buys follow M-2, eliminated
  players never act, the deal passes left skipping them;
- constructed matches (a hand laid out with :func:`attrs.evolve`) for the
  rarer endings: three gins in hands 1-3, everyone out in the same hand, the
  re-buy conditions that fail.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

import attrs
import pytest

from rummykit import Card, Rumino
from rummykit.agents import Agent, GreedyAgent, RandomAgent
from rummykit.engine import (
    Action,
    Claim,
    DeclareGin,
    Knock,
    Phase,
    PlayerView,
    Termination,
)
from rummykit.match import POOL, DeclineRebuy, Match, Rebuy
from tests.games import arrange

#: Hands by deadwood, for knocks; two of each so a deadwood can repeat at a table.
DEADWOOD = {
    3: ("Ac 2c 3c 8d 8h 8s 3h", "Ad 2d 3d Tc Th Ts 3s"),
    5: ("4d 5d 6d 9c 9d 9s 5s", "Jh Jc Js 6s 7s 8s 5c"),
    10: ("7s 8s 9s Qh Qd Qc Tc", "2h 3h 4h Kc Kd Ks Td"),
    12: ("7s 8s 9s Ah 2d 4c 5h", "Qs Qh Qc 3c 4d As 4s"),
    20: ("Kd Kh Ks 2s 3d 6c 9h", "Jd Jh Jc 4h 7c 2c 7d"),
}

#: Low hands for the players who do not gin: deadwood 10 and 5.
LOW = ("Ah 2h 3h Qd Qs Qc Ts", "Ad 2d 3d Kd Ks Kh 5s")

OPTIONS: list[dict[str, Any]] = [
    {},
    {"elimination": "at_or_over_100"},
    {"rumino_claim_mode": "manual_window"},
    {"stock_exhaustion": "void_hand"},
    {"knock_timing": "after_draw", "knock_limit": 10},
    {"stake": 5, "gin_score": -20},
    {"stock_exhaustion": "turn_over_no_shuffle", "discard_taken_card_forbidden": False},
    {"rebuy_cost": "none"},
    {"max_run": None, "layoff_on_knock": True, "undercut_penalty": 10},
    {"triple_gin_autowin": False, "set_distinct_suits": True},
]

STEP_CAP = 6000


def agents_for(players: int, seed: int) -> list[Agent]:
    """A mix of random and greedy agents, different for each seed."""
    mix: list[Agent] = []
    for seat in range(players):
        if (seed + seat) % 3 == 0:
            mix.append(GreedyAgent())
        else:
            mix.append(RandomAgent(seed=seed * 31 + seat))
    return mix


@attrs.define
class Tally:
    """What the random games went through, so the properties are not vacuous."""

    matches: int = 0
    rebuys: int = 0
    second_rebuys: int = 0
    declines: int = 0
    voids: int = 0
    scored: int = 0
    eliminated_dealer_skips: int = 0
    endings: dict[str, int] = attrs.Factory(dict)


def _out(variant: Rumino, score: int) -> bool:
    return score >= 100 if variant.elimination == "at_or_over_100" else score > 100


def _next_in(match: Match, seat: int) -> int:
    seat = (seat + 1) % match.players
    while match.eliminated[seat]:
        seat = (seat + 1) % match.players
    return seat


def check_step(variant: Rumino, before: Match, after: Match, tally: Tally) -> None:
    """Every property that one step of a match must keep."""
    # Money: what the players paid in is in the pool, never less than nothing.
    assert sum(after.money) + after.pool == 0
    assert after.rake == 0
    assert after.pool >= 0
    for payment in after.ledger[len(before.ledger) :]:
        assert POOL in (payment.payer, payment.payee)

    # A decision between hands: only re-buys, by the seat at the head of the queue.
    if before.queue:
        seat = before.queue[0]
        assert before.eliminated[seat]
        if after.rebuys[seat] > before.rebuys[seat]:
            k = after.rebuys[seat]
            assert k == before.rebuys[seat] + 1
            paid = after.ledger[len(before.ledger)]
            assert (paid.payer, paid.payee) == (seat, POOL)
            assert paid.money == variant.stake * 2 ** (k - 1)
            inside = [s for s in range(before.players) if not before.eliminated[s]]
            top = max(before.scores[s] for s in inside)
            # The new hand may already be dealt, but scores only change at a settlement.
            assert after.scores[seat] == top
            assert not after.eliminated[seat]
            tally.rebuys += 1
            tally.second_rebuys += k >= 2
        else:
            assert after.eliminated[seat]
            assert after.scores == before.scores
            assert after.ledger[: len(before.ledger)] == before.ledger
            tally.declines += 1

    # A hand was settled: M-1 to M-3.
    if len(after.results) > len(before.results):
        settled(variant, before, after, tally)

    # Eliminated players never act, never hold cards, are never dealt in.
    if not after.is_terminal and not after.queue:
        state = after.state
        assert not state.is_terminal
        assert state.current_player is not None
        assert not after.eliminated[state.current_player]
        assert state.active == tuple(not out for out in after.eliminated)
        for seat in range(after.players):
            if after.eliminated[seat]:
                assert len(state.hands[seat]) == 0
            else:
                assert len(state.hands[seat]) in (7, 8)
        if state.phase is Phase.CLAIM:
            assert all(not after.eliminated[seat] for seat in state.queue)

    # A new hand was dealt: M-4, the deal passes left skipping eliminated players.
    if after.hand_number > before.hand_number and not after.is_terminal:
        assert after.hand_number == before.hand_number + 1
        old = before.state.dealer
        last = after.results[-1]
        if last.termination is Termination.VOID:
            assert after.state.dealer == old
        else:
            expected = _next_in(after, old)
            assert after.state.dealer == expected
            if after.eliminated[(old + 1) % after.players]:
                tally.eliminated_dealer_skips += 1
        state = after.state
        assert state.current == state.next_active(state.dealer)
        assert not after.eliminated[state.dealer]
        assert state.all_cards() == variant.deck.hand()


def settled(variant: Rumino, before: Match, after: Match, tally: Tally) -> None:
    """The checks of the step that ended a hand."""
    outcome = after.results[-1]
    hand = before.state
    playing = [seat for seat in range(before.players) if hand.active[seat]]
    if outcome.termination is Termination.VOID:
        tally.voids += 1
    else:
        tally.scored += 1
    if outcome.termination in (Termination.VOID, Termination.OUTRIGHT):
        expected = before.scores
    else:
        expected = tuple(
            score + (outcome.points[seat] if seat in playing else 0)
            for seat, score in enumerate(before.scores)
        )
    assert after.scores == expected
    if outcome.termination is Termination.OUTRIGHT:
        assert after.is_terminal and after.winners == outcome.winners
        assert after.queue == ()
        return
    triple = (
        variant.triple_gin_autowin
        and len(after.results) == 3
        and all(r.termination is Termination.GIN for r in after.results)
        and len({r.winner for r in after.results}) == 1
    )
    if triple:
        assert after.winners == (outcome.winner,)
        return
    newly = [
        seat
        for seat in playing
        if _out(variant, expected[seat]) and not before.eliminated[seat]
    ]
    for seat in range(before.players):
        assert after.eliminated[seat] == (before.eliminated[seat] or seat in newly)
    remaining = [s for s in range(before.players) if not after.eliminated[s]]
    # M-2: a re-buy is offered exactly when (a)-(c) hold, in turn from the
    # dealer's left.
    may_rebuy = (
        variant.rebuy_cost == "doubling" and len(playing) >= 3 and len(remaining) >= 2
    )
    if newly and may_rebuy:
        order = sorted(newly, key=lambda s: (s - hand.dealer - 1) % before.players)
        assert after.queue == tuple(order)
    else:
        assert after.queue == ()


def play_match(
    variant: Rumino,
    players: int,
    seed: int,
    tally: Tally,
    agents: Sequence[Agent] | None = None,
    cap: int = STEP_CAP,
) -> Match:
    """Play a match with every property checked at every step; it must end
    within ``cap`` steps."""
    if agents is None:
        agents = agents_for(players, seed)
    match = Match.start(variant, players, seed=seed)
    assert match.pool == variant.stake * players
    assert match.money == (-variant.stake,) * players
    for _ in range(cap):
        if match.is_terminal:
            break
        seat = match.current_player
        assert seat is not None
        view = match.view(seat)
        action = agents[seat].choose(view, view.legal_actions)
        after = match.apply(action)
        check_step(variant, match, after, tally)
        match = after
    assert match.is_terminal, f"no end after {cap} steps"
    tally.matches += 1
    return match


def check_end(variant: Rumino, match: Match, tally: Tally) -> None:
    """M-3: the winner takes the whole pool."""
    assert match.winners
    assert match.pool == 0
    assert sum(match.money) == 0
    assert match.current_player is None and match.legal_actions() == ()
    last = match.results[-1]
    remaining = [seat for seat in range(match.players) if not match.eliminated[seat]]
    if last.termination is Termination.OUTRIGHT:
        reason = "rumino"
        assert match.winners == last.winners
    elif (
        variant.triple_gin_autowin
        and len(match.results) == 3
        and all(r.termination is Termination.GIN for r in match.results)
        and len({r.winner for r in match.results}) == 1
    ):
        reason = "three gins"
        assert match.winners == (match.results[0].winner,)
    elif len(remaining) == 1:
        reason = "last player"
        assert match.winners == tuple(remaining)
    else:
        reason = "all out"
        assert not remaining
        playing = [s for s in range(match.players) if match.state.active[s]]
        low = min(match.scores[s] for s in playing)
        assert match.winners == tuple(s for s in playing if match.scores[s] == low)
    tally.endings[reason] = tally.endings.get(reason, 0) + 1
    # The pool went to the winners in equal shares, to the cent, the cents
    # left over one each to the lowest seats.
    payouts = sorted(
        (p for p in match.ledger if p.payer == POOL), key=lambda p: p.payee
    )
    assert [p.payee for p in payouts] == sorted(match.winners)
    shares = [p.money for p in payouts]
    assert max(shares) - min(shares) <= Decimal("0.01")
    assert shares == sorted(shares, reverse=True)


@pytest.mark.slow
def test_random_matches_keep_every_match_rule() -> None:
    tally = Tally()
    for seed in range(30):
        players = 2 + seed % 5
        variant = Rumino(**OPTIONS[seed % len(OPTIONS)])
        match = play_match(variant, players, seed, tally)
        check_end(variant, match, tally)
    assert tally.matches == 30
    # The games went through what the properties are about.
    assert tally.rebuys >= 10
    assert tally.second_rebuys >= 1
    assert tally.declines >= 5
    assert tally.eliminated_dealer_skips >= 1
    assert tally.endings.get("last player", 0) >= 10


class Dawdler:
    """A random player that never ends a hand (no knock, gin, rumino or
    claim), so that the stock runs out."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        calm = [
            action
            for action in legal
            if not isinstance(action, Knock | DeclareGin | Claim)
            and type(action).__name__ != "DeclareRumino"
        ]
        return self.rng.choice(calm or list(legal))


def test_void_hands_in_random_matches_keep_the_dealer_and_the_scores() -> None:
    tally = Tally()
    variant = Rumino(stock_exhaustion="void_hand", rumino_claim_mode="manual_window")
    for seed in range(2):
        agents: list[Agent] = [Dawdler(seed), Dawdler(seed + 1), RandomAgent(seed=seed)]
        match = Match.start(variant, 3, seed=seed, max_hands=4)
        for _ in range(STEP_CAP):
            if match.is_terminal:
                break
            seat = match.current_player
            assert seat is not None
            view = match.view(seat)
            after = match.apply(agents[seat].choose(view, view.legal_actions))
            check_step(variant, match, after, tally)
            match = after
        assert match.is_terminal and len(match.results) == 4
    assert tally.voids >= 2
    assert tally.scored >= 1


# -- constructed matches ------------------------------------------------------------


def start(variant: Rumino, players: int, dealer: int = 0, **fields: Any) -> Match:
    match = Match.start(variant, players, seed=11, dealer=dealer)
    return attrs.evolve(match, **fields)


def position(
    match: Match, hands: Sequence[str], seat: int, phase: Phase, **fields: Any
) -> Match:
    """``match`` with its hand in play laid out: ``seat`` to decide in ``phase``.

    Seats out of the hand get no cards (pass ``""``)."""
    state = arrange(
        match.state,
        hands=hands,
        pile="Jd",
        current=seat,
        phase=phase,
        **fields,
    )
    return attrs.evolve(match, state=state)


def knock_hand(match: Match, knocker: int, deadwood: Sequence[int | None]) -> Match:
    """Lay out a hand where ``knocker`` knocks and every seat has ``deadwood``
    (``None`` for seats out of the hand), and play the knock."""
    used: dict[int, int] = {}
    hands = []
    for points in deadwood:
        if points is None:
            hands.append("")
            continue
        hands.append(DEADWOOD[points][used.get(points, 0)])
        used[points] = used.get(points, 0) + 1
    match = position(match, hands, knocker, Phase.DRAW)
    return match.apply(Knock())


def gin_hand(match: Match, seat: int) -> Match:
    """Lay out a hand where ``seat`` has drawn 7♥ to 4♥5♥6♥ 9♣9♦9♠ K♣, and gin;
    the others hold :data:`LOW` hands (10 and 5, alternately by seat)."""
    hands = [
        "4h 5h 6h 7h 9c 9d 9s Kc" if s == seat else LOW[s % 2]
        for s in range(match.players)
    ]
    hands = [h if match.state.active[s] else "" for s, h in enumerate(hands)]
    match = position(match, hands, seat, Phase.PLAY, drawn=Card("7h"))
    return match.apply(DeclareGin(Card("Kc")))


def test_three_gins_by_one_player_in_hands_1_to_3_win_the_pool() -> None:
    rumino = Rumino(stake=10)
    match = start(rumino, 4)
    match = gin_hand(match, 2)
    assert match.scores == (10, 5, -10, 5)
    match = gin_hand(match, 2)
    assert not match.is_terminal and match.hand_number == 3
    match = gin_hand(match, 2)
    assert match.is_terminal
    assert match.winners == (2,)
    assert match.pool == 0.0
    assert match.money == (
        Decimal("-10.00"),
        Decimal("-10.00"),
        Decimal("30.00"),
        Decimal("-10.00"),
    )


def test_three_gins_do_not_win_when_the_option_is_off() -> None:
    match = start(Rumino(triple_gin_autowin=False), 3)
    for _ in range(3):
        match = gin_hand(match, 1)
    assert not match.is_terminal
    assert match.hand_number == 4
    assert match.scores == (30, -30, 30)


def test_three_gins_by_different_players_do_not_win() -> None:
    match = start(Rumino(), 3)
    for seat in (1, 1, 0):
        match = gin_hand(match, seat)
    assert not match.is_terminal


def test_three_gins_in_hands_2_to_4_do_not_win() -> None:
    match = start(Rumino(), 4)
    match = knock_hand(match, 0, [3, 12, 20, 5])
    for _ in range(3):
        match = gin_hand(match, 1)
    assert not match.is_terminal
    assert match.hand_number == 5


def test_everyone_out_in_the_same_hand_the_lowest_total_wins() -> None:
    # Heads-up: 98 + 5 = 103 and 99 + 10 = 109, both out; the 103 wins.
    match = start(Rumino(stake=10), 2, scores=(98, 99))
    match = knock_hand(match, 0, [5, 10])
    assert match.scores == (103, 109)
    assert match.eliminated == (True, True)
    assert match.is_terminal and match.winners == (0,)
    assert match.money == (Decimal("10.00"), Decimal("-10.00"))
    assert match.pool == 0.0

    # Three players, all out at once: no re-buy (nobody is left in), lowest wins.
    match = start(Rumino(stake=10), 3, scores=(96, 95, 99))
    match = knock_hand(match, 0, [5, 10, 3])
    assert match.scores == (101, 105, 102)
    assert match.eliminated == (True, True, True)
    assert match.queue == ()
    assert match.winners == (0,)
    assert match.money == (Decimal("20.00"), Decimal("-10.00"), Decimal("-10.00"))


def test_everyone_out_with_equal_totals_split_the_pool() -> None:
    match = start(Rumino(stake=10), 3, scores=(98, 98, 93))
    match = knock_hand(match, 1, [5, 5, 10])
    assert match.scores == (103, 103, 103)
    assert match.winners == (0, 1, 2)
    assert match.money == (Decimal("0.00"), Decimal("0.00"), Decimal("0.00"))
    assert match.pool == 0

    match = start(Rumino(stake=10), 3, scores=(98, 98, 99))
    match = knock_hand(match, 1, [5, 5, 10])
    assert match.scores == (103, 103, 109)
    assert match.winners == (0, 1)
    assert match.money == (Decimal("5.00"), Decimal("5.00"), Decimal("-10.00"))


def test_the_last_player_in_wins_without_a_rebuy_when_two_go_out_of_three() -> None:
    # M-2 (c): only one non-eliminated player would remain, so no re-buys.
    match = start(Rumino(stake=10), 3, scores=(10, 95, 96))
    match = knock_hand(match, 0, [3, 10, 20])
    assert match.eliminated == (False, True, True)
    assert match.queue == ()
    assert match.winners == (0,)
    assert match.money == (Decimal("20.00"), Decimal("-10.00"), Decimal("-10.00"))


def test_no_rebuy_after_a_heads_up_hand() -> None:
    # M-2 (b): seat 2 is already out; the hand is heads-up and seat 1 goes out.
    match = start(
        Rumino(stake=10),
        3,
        dealer=1,
        scores=(10, 95, 130),
        eliminated=(False, False, True),
    )
    match = attrs.evolve(
        match,
        state=Rumino(stake=10).new_game(3, seed=5, dealer=1, seats=(True, True, False)),
    )
    match = knock_hand(match, 0, [3, 10, None])
    assert match.eliminated == (False, True, True)
    assert match.queue == ()
    assert match.winners == (0,)


def test_rebuy_is_offered_in_turn_from_the_dealers_left() -> None:
    # Dealer 2; seats 1 and 3 go out: seat 3 (dealer's left) decides first.
    match = start(Rumino(stake=10), 5, dealer=2, scores=(0, 95, 0, 95, 0))
    match = knock_hand(match, 0, [3, 12, 20, 20, 5])
    assert match.eliminated == (False, True, False, True, False)
    assert match.queue == (3, 1)
    assert match.current_player == 3
    match = match.apply(DeclineRebuy())
    assert match.queue == (1,)
    assert match.current_player == 1
    match = match.apply(Rebuy())
    assert match.queue == ()
    # Seat 1 re-enters at the highest score among those in: seat 2's 20.
    assert match.scores == (3, 20, 20, 115, 5)
    assert match.eliminated == (False, False, False, True, False)
    assert match.pool == 60.0
    # The next hand: the deal passes left from 2, skipping seat 3.
    assert match.state.dealer == 4
    assert match.state.active == (True, True, True, False, True)
    assert len(match.state.hands[3]) == 0
    assert match.state.current == 0


def test_the_deal_passes_left_skipping_eliminated_players() -> None:
    # Seats 1 and 2 are out; dealer 0's left is seat 3.
    rumino = Rumino()
    match = start(
        rumino,
        5,
        dealer=0,
        scores=(10, 150, 150, 10, 10),
        eliminated=(False, True, True, False, False),
    )
    state = rumino.new_game(5, seed=3, dealer=0, seats=(True, False, False, True, True))
    assert state.current == 3
    assert [len(hand) for hand in state.hands] == [7, 0, 0, 7, 7]
    match = attrs.evolve(match, state=state)
    match = knock_hand(match, 3, [12, None, None, 3, 12])
    assert match.state.dealer == 3
    match = knock_hand(match, 4, [12, None, None, 12, 3])
    assert match.state.dealer == 4
    match = knock_hand(match, 0, [3, None, None, 12, 12])
    assert match.state.dealer == 0  # 4's left is 0
    assert match.state.current == 3


def test_a_rebuy_price_doubles_per_player() -> None:
    rumino = Rumino(stake=5)
    match = start(rumino, 3, scores=(10, 99, 20), rebuys=(0, 2, 0))
    match = knock_hand(match, 0, [3, 12, 5])
    assert match.queue == (1,)
    pool = match.pool
    match = match.apply(Rebuy())
    assert match.ledger[-1].money == 20.0  # the third re-buy: 5 × 2²
    assert match.pool == pool + 20
    assert match.rebuys == (0, 3, 0)
    assert match.scores[1] == 25


def test_a_new_match_collects_the_stakes() -> None:
    for players in range(2, 7):
        match = Match.start(Rumino(stake=7), players, seed=players)
        assert match.pool == 7.0 * players
        assert match.money == (-7.0,) * players
        assert all(p.payee == POOL and p.money == 7.0 for p in match.ledger)


def test_a_deal_gives_no_cards_to_eliminated_seats() -> None:
    partial = Rumino().new_game(4, seed=1, dealer=0, seats=(True, False, True, True))
    assert [len(hand) for hand in partial.hands] == [7, 0, 7, 7]
    assert partial.active == (True, False, True, True)
    assert partial.current == 2
