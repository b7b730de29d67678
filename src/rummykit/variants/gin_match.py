"""Gin Rummy's match: hands to a target, then the game bonus, boxes and shutout.

A player scores what they win in each hand.  The first to reach
:attr:`~rummykit.variants.GinRummy.target` (100) wins the match and scores
the game bonus (100); each player then scores a box (25) for every hand
they won, and a winner whose opponent won no hand doubles their total (a
shutout).  The money of the final totals' difference changes hands: the
hands' payments as they were won, the bonuses at the end.

These are :class:`~rummykit.variants.GinRummy`'s match hooks, kept apart
from the rules of a single hand.

>>> from rummykit.agents import GreedyAgent, play_match
>>> from rummykit.variants import GinRummy
>>> match = play_match(GinRummy(target=30), [GreedyAgent(), GreedyAgent()], seed=4)
>>> match.is_terminal, len(match.winners)
(True, 1)
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

import attrs

from rummykit import money
from rummykit.engine import Payment

if TYPE_CHECKING:  # pragma: no cover
    from rummykit.match import Match

__all__ = ["GinMatch", "final_totals"]


def final_totals(
    scores: tuple[int, ...],
    wins: tuple[int, ...],
    winner: int,
    *,
    game_bonus: int,
    box_bonus: int,
    shutout_multiplier: int,
) -> tuple[int, ...]:
    """Each player's match total: their points, a box for every hand won,
    the game bonus for the winner, doubled (by ``shutout_multiplier``) if
    the loser won no hand.

    >>> from rummykit.variants.gin_match import final_totals
    >>> final_totals((104, 60), (4, 3), 0, game_bonus=100, box_bonus=25,
    ...              shutout_multiplier=2)
    (304, 135)
    >>> final_totals((110, 0), (3, 0), 0, game_bonus=100, box_bonus=25,
    ...              shutout_multiplier=2)
    (570, 0)
    """
    totals = [score + box_bonus * won for score, won in zip(scores, wins, strict=True)]
    totals[winner] += game_bonus
    if all(won == 0 for seat, won in enumerate(wins) if seat != winner):
        totals[winner] *= shutout_multiplier
    return tuple(totals)


class GinMatch:
    """The match hooks of :class:`~rummykit.variants.GinRummy` (a mixin)."""

    __slots__ = ()

    target: int
    game_bonus: int
    box_bonus: int
    shutout_multiplier: int
    next_deal: str
    stake: Decimal

    def settle_hand(self, match: Match) -> Match:
        """Add the hand's points to its winner; at :attr:`target` the match
        ends and the bonuses are paid."""
        outcome = match.state.outcome
        assert outcome is not None
        scores = tuple(
            score + points
            for score, points in zip(match.scores, outcome.points, strict=True)
        )
        results = (*match.results, outcome)
        ledger = (*match.ledger, *outcome.payments)
        best = max(scores)
        if best < self.target:
            return attrs.evolve(match, scores=scores, results=results, ledger=ledger)
        winner = scores.index(best)
        wins = tuple(
            sum(1 for result in results if result.winner == seat)
            for seat in range(match.players)
        )
        totals = final_totals(
            scores,
            wins,
            winner,
            game_bonus=self.game_bonus,
            box_bonus=self.box_bonus,
            shutout_multiplier=self.shutout_multiplier,
        )
        bonuses: list[Payment] = []
        for seat in range(match.players):
            if seat == winner:
                continue
            owed = (totals[winner] - scores[winner]) - (totals[seat] - scores[seat])
            if owed:
                payer, payee = (seat, winner) if owed > 0 else (winner, seat)
                bonuses.append(
                    Payment(
                        payer=payer,
                        payee=payee,
                        points=abs(owed),
                        money=money.scale(self.stake, abs(owed)),
                        reason="game bonus, boxes and shutout",
                    )
                )
        return attrs.evolve(
            match,
            scores=totals,
            results=results,
            ledger=(*ledger, *bonuses),
            winners=(winner,),
        )

    def next_dealer(self, match: Match) -> int:
        """The winner of a hand deals the next (or the loser, or the deal
        alternates: :attr:`next_deal`); after a hand nobody won the same
        dealer deals again."""
        dealer = match.state.dealer
        outcome = match.results[-1] if match.results else None
        if self.next_deal == "alternate":
            return (dealer + 1) % match.players
        if outcome is None or outcome.winner is None:
            return dealer
        if self.next_deal == "winner":
            return outcome.winner
        return (outcome.winner + 1) % match.players
