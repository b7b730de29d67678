"""Rumino's game as a match: the pool, eliminations, re-buys and the end (§1.5).

These are :class:`~rummykit.variants.Rumino`'s match hooks, kept apart from
the rules of a single hand.

>>> from rummykit.match import Match
>>> from rummykit.variants import Rumino
>>> Match.start(Rumino(), players=3, seed=1).pool
Decimal('30.00')
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

import attrs

from rummykit import money
from rummykit.engine import Action, Payment, Termination

if TYPE_CHECKING:  # pragma: no cover
    from rummykit.match import Match

__all__ = ["RuminoMatch"]

#: Hands that score nothing: a void hand, and one cut short by the action cap.
_NO_SCORE = (Termination.VOID, Termination.ACTION_LIMIT)


class RuminoMatch:
    """The match hooks of :class:`~rummykit.variants.Rumino` (a mixin)."""

    __slots__ = ()

    stake: Decimal
    elimination: str
    triple_gin_autowin: bool
    rebuy_cost: str

    def _out(self, score: int) -> bool:
        """M-1: over 100 is out (or 100 or more, under the option)."""
        return score >= 100 if self.elimination == "at_or_over_100" else score > 100

    def open_match(self, match: Match) -> Match:
        """Every player pays :attr:`stake` into the pool (§1.1).

        >>> from rummykit.match import Match
        >>> from rummykit.variants import Rumino
        >>> Match.start(Rumino(stake=5), players=4, seed=1).pool
        Decimal('20.00')
        """
        from rummykit.match import POOL

        stakes = tuple(
            Payment(
                payer=seat,
                payee=POOL,
                points=0,
                money=self.stake,
                reason="stake",
            )
            for seat in range(match.players)
        )
        return attrs.evolve(match, ledger=(*match.ledger, *stakes))

    def settle_hand(self, match: Match) -> Match:
        """Add the hand's points, then apply M-1 to M-3: a rumino or three gins
        in hands 1-3 win the pool, players over 100 are out and may re-buy
        (M-2), the last player left wins."""
        outcome = match.state.outcome
        assert outcome is not None
        results = (*match.results, outcome)
        match = attrs.evolve(match, results=results)
        if outcome.termination in _NO_SCORE:
            return match
        if outcome.termination is Termination.OUTRIGHT:
            return self._pay_out(match, outcome.winners, "rumino")
        scores = list(match.scores)
        playing = [seat for seat in range(match.players) if match.state.active[seat]]
        for seat in playing:
            scores[seat] += outcome.points[seat]
        match = attrs.evolve(match, scores=tuple(scores))
        first = results[:3]
        if (
            self.triple_gin_autowin
            and len(results) == 3
            and all(result.termination is Termination.GIN for result in first)
            and len({result.winner for result in first}) == 1
            and first[0].winner is not None
        ):
            return self._pay_out(match, (first[0].winner,), "three gins in hands 1-3")
        eliminated = list(match.eliminated)
        newly = [
            seat for seat in playing if not eliminated[seat] and self._out(scores[seat])
        ]
        for seat in newly:
            eliminated[seat] = True
        match = attrs.evolve(match, eliminated=tuple(eliminated))
        remaining = [seat for seat in range(match.players) if not eliminated[seat]]
        may_rebuy = (
            self.rebuy_cost == "doubling" and len(playing) >= 3 and len(remaining) >= 2
        )
        if may_rebuy and newly:
            order = sorted(
                newly, key=lambda seat: (seat - match.state.dealer - 1) % match.players
            )
            return attrs.evolve(match, queue=tuple(order))
        return self._finish_if_over(match, newly)

    def _finish_if_over(self, match: Match, newly: list[int]) -> Match:
        """M-3: one player left wins; if everyone left went out in the same hand,
        the lowest total wins and equal totals split the pool."""
        remaining = [
            seat for seat in range(match.players) if not match.eliminated[seat]
        ]
        if len(remaining) == 1:
            return self._pay_out(match, (remaining[0],), "last player in")
        if not remaining and newly:
            low = min(match.scores[seat] for seat in newly)
            winners = tuple(seat for seat in newly if match.scores[seat] == low)
            return self._pay_out(match, winners, "everyone left went out: lowest total")
        return match

    def _pay_out(self, match: Match, winners: tuple[int, ...], reason: str) -> Match:
        from rummykit.match import POOL

        # Equal shares rounded down to the cent; the cents left over go one
        # each to the winners in seat order, so the pool is paid out in full.
        shares = money.split(match.pool, len(winners))
        payouts = tuple(
            Payment(payer=POOL, payee=seat, points=0, money=share, reason=reason)
            for seat, share in zip(sorted(winners), shares, strict=True)
        )
        return attrs.evolve(
            match, ledger=(*match.ledger, *payouts), winners=winners, queue=()
        )

    def match_actions(self, match: Match) -> tuple[Action, ...]:
        """An eliminated player may re-buy or stay out (M-2)."""
        from rummykit.match import DeclineRebuy, Rebuy

        return (Rebuy(), DeclineRebuy())

    def rebuy_price(self, rebuys_so_far: int) -> Decimal:
        """M-2: the k-th re-buy costs stake × 2^(k−1).

        >>> from rummykit.variants import Rumino
        >>> [str(Rumino().rebuy_price(k)) for k in range(3)]
        ['10.00', '20.00', '40.00']
        """
        return money.scale(self.stake, 2**rebuys_so_far)

    def apply_match_action(self, match: Match, action: Action) -> Match:
        """A re-buy pays into the pool and re-enters at the highest score of
        those still in; declining leaves the player out."""
        from rummykit.match import POOL, Rebuy

        seat = match.queue[0]
        queue = match.queue[1:]
        if isinstance(action, Rebuy):
            price = self.rebuy_price(match.rebuys[seat])
            inside = [s for s in range(match.players) if not match.eliminated[s]]
            scores = list(match.scores)
            scores[seat] = max(match.scores[s] for s in inside)
            eliminated = list(match.eliminated)
            eliminated[seat] = False
            rebuys = list(match.rebuys)
            rebuys[seat] += 1
            payment = Payment(
                payer=seat,
                payee=POOL,
                points=0,
                money=price,
                reason=f"re-buy {rebuys[seat]}",
            )
            match = attrs.evolve(
                match,
                scores=tuple(scores),
                eliminated=tuple(eliminated),
                rebuys=tuple(rebuys),
                ledger=(*match.ledger, payment),
            )
        match = attrs.evolve(match, queue=queue)
        if queue:
            return match
        return self._finish_if_over(match, [])

    def next_game_dealer(self, match: Match) -> int | None:
        """M-4: the winner of a finished game deals the first hand of the next
        one (start it with ``Match.start(..., dealer=...)``); ``None`` while
        the game goes on or when the pool was split.

        >>> from rummykit.agents import GreedyAgent, play_match
        >>> from rummykit.variants import Rumino
        >>> match = play_match(Rumino(), [GreedyAgent(), GreedyAgent()], seed=1)
        >>> Rumino().next_game_dealer(match) in match.winners
        True
        """
        return match.winners[0] if len(match.winners) == 1 else None

    def next_dealer(self, match: Match) -> int:
        """M-4: the deal passes left, skipping eliminated players; after a void
        hand (or one cut short by the action cap) the same dealer deals again."""
        dealer = match.state.dealer
        last = match.results[-1] if match.results else None
        if (
            last is not None
            and last.termination in _NO_SCORE
            and not match.eliminated[dealer]
        ):
            return dealer
        seat = (dealer + 1) % match.players
        while match.eliminated[seat]:
            seat = (seat + 1) % match.players
        return seat
