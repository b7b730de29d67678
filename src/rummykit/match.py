"""A match: a series of hands with running scores, a money ledger and dealers.

A :class:`Match` is immutable and has the same action interface as a
:class:`~rummykit.engine.State`: ``legal_actions``, ``check``, ``is_legal``,
``apply`` and ``view``.  When a hand ends, the variant settles it (scores,
payments, eliminations, decisions such as re-buys between hands) and the
match deals the next hand from its own seeded chance, until the variant
says the match is over.  Money paid into a pool has :data:`POOL` as its
payee.

>>> from rummykit import get_variant
>>> from rummykit.agents import GreedyAgent
>>> classic = get_variant("classic", match_mode="target", target=30, max_turnovers=2)
>>> match = Match.start(classic, players=2, seed=5)
>>> while not match.is_terminal:
...     view = match.view(match.current_player)
...     match = match.apply(GreedyAgent().choose(view, view.legal_actions))
>>> match.winners, match.scores, len(match.results)
((1,), (29, 32), 11)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from decimal import Decimal
from typing import Protocol

import attrs

from rummykit._arguments import MAX_HANDS, check_rng, check_seed, whole_number
from rummykit.engine import (
    Action,
    History,
    Outcome,
    Payment,
    PendingDecision,
    Phase,
    PlayerView,
    State,
)
from rummykit.errors import IllegalActionError, InvalidOptionError
from rummykit.money import total as money_total

__all__ = ["POOL", "DeclineRebuy", "Match", "MatchRules", "Rebuy"]

#: The payer or payee of money that goes into, or comes out of, the pool.
POOL = -1


@attrs.frozen
class Rebuy(Action):
    """Buy back into the match after elimination.

    >>> str(Rebuy())
    're-buy'
    """

    def __str__(self) -> str:
        return "re-buy"


@attrs.frozen
class DeclineRebuy(Action):
    """Stay out of the match after elimination.

    >>> str(DeclineRebuy())
    'decline the re-buy'
    """

    def __str__(self) -> str:
        return "decline the re-buy"


class MatchRules(Protocol):
    """What a variant tells a match: how hands settle, who deals, when it ends."""

    def deal_hand(self, match: Match, dealer: int, rng: random.Random) -> State:
        """Deal the next hand of ``match``."""
        ...

    def open_match(self, match: Match) -> Match:
        """The match before its first hand (stakes into the pool, ...)."""
        ...

    def settle_hand(self, match: Match) -> Match:
        """The match once its hand in play has ended and been settled."""
        ...

    def match_actions(self, match: Match) -> tuple[Action, ...]:
        """The legal actions of the seat deciding between hands."""
        ...

    def apply_match_action(self, match: Match, action: Action) -> Match:
        """Carry out a decision between hands."""
        ...

    def next_dealer(self, match: Match) -> int:
        """Who deals the next hand."""
        ...


def _history(actions: Iterable[Action]) -> History[Action]:
    """Keep a history as it is (evolving a match must not copy it)."""
    return actions if isinstance(actions, History) else History(actions)


@attrs.frozen(kw_only=True)
class Match:
    """A series of hands of one variant.

    ``scores`` are the variant's running scores, ``ledger`` every payment of
    every hand, ``results`` each hand's outcome, ``state`` the hand in play
    (the last one, ended, between hands and once the match is over).
    """

    variant: MatchRules
    """The variant, which settles hands and decides the match."""
    players: int
    """The number of seats."""
    state: State
    """The hand in play."""
    hand_number: int = 1
    """Which hand is in play, from 1."""
    scores: tuple[int, ...]
    """Running scores (their meaning is the variant's)."""
    ledger: tuple[Payment, ...] = ()
    """Every payment of the match so far; :data:`POOL` stands for the pool."""
    results: tuple[Outcome, ...] = ()
    """The outcome of each finished hand."""
    eliminated: tuple[bool, ...] = ()
    """Which seats are out of the match."""
    rebuys: tuple[int, ...] = ()
    """How many times each seat has bought back in."""
    queue: tuple[int, ...] = ()
    """Seats with a decision pending between hands, first to decide first."""
    winners: tuple[int, ...] = ()
    """The match's winners, once it is over."""
    max_hands: int | None = None
    """Stop after this many hands (the most money wins); ``None`` for the variant's rule."""
    chance: int = 0
    """The seed of the next deal, hidden from every player."""
    seed: int = 0
    """The seed the match was started from, for saving and replaying it."""
    first_dealer: int | None = None
    """The dealer asked for at the start (``None`` for the variant's choice)."""
    actions: History[Action] = attrs.field(default=History(), converter=_history)
    """Every action applied to the match, in order: a
    :class:`~rummykit.engine.History`, which reads like a tuple and grows in
    constant time, so a long match replays in time proportional to its length."""

    @classmethod
    def start(
        cls,
        variant: MatchRules,
        players: int,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        dealer: int | None = None,
        max_hands: int | None = None,
    ) -> Match:
        """Start a match and deal its first hand.

        :raises InvalidOptionError: as the variant's ``new_game`` does, or for a bad
            ``max_hands``.

        >>> from rummykit import get_variant
        >>> Match.start(get_variant("classic"), players=3, seed=1, max_hands=2).hand_number
        1
        """
        whole_number("max_hands", max_hands, 1, MAX_HANDS, optional=True)
        seed = check_seed("seed", seed)
        rng = check_rng(rng)
        if seed is not None and rng is not None:
            raise InvalidOptionError("give seed or rng, not both")
        if seed is None:
            if rng is None:
                import secrets

                rng = secrets.SystemRandom()
            seed = rng.getrandbits(63)
        rng = random.Random(seed)
        deal_rng = random.Random(rng.getrandbits(63))
        new_game = getattr(variant, "new_game")  # noqa: B009 - every variant has it
        state: State = new_game(players, rng=deal_rng, dealer=dealer)
        match = cls(
            variant=variant,
            players=players,
            state=state,
            scores=(0,) * players,
            eliminated=(False,) * players,
            rebuys=(0,) * players,
            max_hands=max_hands,
            chance=rng.getrandbits(63),
            seed=seed,
            first_dealer=dealer,
        )
        return variant.open_match(match)

    # -- reading -------------------------------------------------------------------

    @property
    def is_terminal(self) -> bool:
        """Whether the match is over."""
        return bool(self.winners)

    @property
    def current_player(self) -> int | None:
        """The seat that must act, or ``None`` once the match is over."""
        if self.is_terminal:
            return None
        if self.queue:
            return self.queue[0]
        return self.state.current_player

    @property
    def pool(self) -> Decimal:
        """The money in the pool now.

        >>> from rummykit import get_variant
        >>> Match.start(get_variant("rumino"), players=3, seed=1).pool
        Decimal('30.00')
        """
        return money_total(
            payment.money if payment.payee == POOL else -payment.money
            for payment in self.ledger
            if POOL in (payment.payee, payment.payer)
        )

    @property
    def rake(self) -> Decimal:
        """The house's cut of the whole match (the rake of every payment).

        The ledger balances exactly: ``sum(match.money) + match.pool +
        match.rake`` is zero.

        >>> from rummykit import get_variant
        >>> Match.start(get_variant("indian"), players=2, seed=1).rake
        Decimal('0.00')
        """
        return money_total(payment.rake for payment in self.ledger)

    @property
    def money(self) -> tuple[Decimal, ...]:
        """Each seat's net money over the match, rake deducted: exact
        :class:`~decimal.Decimal` amounts (see :mod:`rummykit.money`).

        >>> from rummykit import get_variant
        >>> Match.start(get_variant("classic"), players=2, seed=1).money
        (Decimal('0.00'), Decimal('0.00'))
        """
        amounts: list[list[Decimal]] = [[] for _ in range(self.players)]
        for payment in self.ledger:
            if payment.payer != POOL:
                amounts[payment.payer].append(-payment.money)
            if payment.payee != POOL:
                amounts[payment.payee] += (payment.money, -payment.rake)
        return tuple(money_total(seat) for seat in amounts)

    # -- acting --------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions now: a decision between hands, or the hand's."""
        if self.is_terminal:
            return ()
        if self.queue:
            return self.variant.match_actions(self)
        return self.state.legal_actions()

    def check(self, action: Action) -> None:
        """Refuse an illegal action, naming the rule.

        :raises IllegalActionError: if the match is over or the action is illegal.
        """
        if self.is_terminal:
            raise IllegalActionError(action, "the match is over")
        if self.queue:
            if action not in self.variant.match_actions(self):
                raise IllegalActionError(
                    action,
                    f"player {self.queue[0]} has a decision between hands to make",
                )
            return
        self.state.check(action)

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self.check(action)
        except IllegalActionError:
            return False
        return True

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see: the hand in play, or between hands the last
        one with the pending match decision."""
        view = self.state.view(player)
        if self.queue and not self.is_terminal:
            decision = PendingDecision(
                decision_id=self.state.decision_id + len(self.results),
                player=self.queue[0],
                phase=Phase.BETWEEN_HANDS,
            )
            legal = self.legal_actions() if player == self.queue[0] else ()
            view = attrs.evolve(
                view,
                phase=Phase.BETWEEN_HANDS,
                current_player=self.queue[0],
                decision=decision,
                legal_actions=legal,
            )
        return view

    def apply(self, action: Action) -> Match:
        """Apply ``action``; when the hand ends, settle it and deal the next one.

        :raises IllegalActionError: if the action is illegal; nothing changes.
        """
        self.check(action)
        actions = self.actions.add(action)
        if self.queue:
            after = self.variant.apply_match_action(self, action)._advance()
            return attrs.evolve(after, actions=actions)
        match = attrs.evolve(self, state=self.state.apply(action), actions=actions)
        if match.state.is_terminal:
            match = self.variant.settle_hand(match)._advance()
        return match

    def _advance(self) -> Match:
        """Deal the next hand, unless a decision is pending or the match is over."""
        if self.winners or self.queue:
            return self
        if self.max_hands is not None and len(self.results) >= self.max_hands:
            best = max(self.money)
            return attrs.evolve(
                self,
                winners=tuple(
                    seat for seat in range(self.players) if self.money[seat] == best
                ),
            )
        rng = random.Random(self.chance)
        dealer = self.variant.next_dealer(self)
        state = self.variant.deal_hand(self, dealer, random.Random(rng.getrandbits(63)))
        return attrs.evolve(
            self,
            state=attrs.evolve(state, scores=self.scores),
            hand_number=self.hand_number + 1,
            chance=rng.getrandbits(63),
        )
