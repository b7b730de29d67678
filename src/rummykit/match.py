"""A match: a series of hands with running scores, a money ledger and dealers.

A :class:`Match` is immutable and has the same action interface as a
:class:`~rummykit.engine.State`: ``legal_actions``, ``check``, ``is_legal``,
``apply`` and ``view``.  When a hand ends, the match settles it and deals
the next one (from its own seeded chance), until the variant says the match
is over.

>>> from rummykit import get_variant
>>> from rummykit.agents import GreedyAgent
>>> classic = get_variant("classic", match_mode="target", target=30, max_turnovers=2)
>>> match = Match.start(classic, players=2, seed=5)
>>> while not match.is_terminal:
...     view = match.view(match.current_player)
...     match = match.apply(GreedyAgent().choose(view, view.legal_actions))
>>> match.winners, match.scores, len(match.results)
((1,), (29, 31), 11)
"""

from __future__ import annotations

import random
from typing import Protocol

import attrs

from rummykit.engine import Action, Outcome, Payment, PlayerView, State
from rummykit.errors import IllegalActionError

__all__ = ["Match", "MatchRules"]


class MatchRules(Protocol):
    """What a variant tells a match: how hands settle, who deals, when it ends."""

    def new_game(
        self, players: int, *, rng: random.Random | None = ..., dealer: int | None = ...
    ) -> State:
        """Deal one hand."""
        ...

    def match_scores(
        self, scores: tuple[int, ...], outcome: Outcome
    ) -> tuple[int, ...]:
        """The running scores after a hand."""
        ...

    def next_dealer(self, players: int, dealer: int, outcome: Outcome) -> int:
        """Who deals the next hand."""
        ...

    def match_winners(
        self, scores: tuple[int, ...], results: tuple[Outcome, ...]
    ) -> tuple[int, ...] | None:
        """The match's winners once it is over, else ``None``."""
        ...


@attrs.frozen(kw_only=True)
class Match:
    """A series of hands of one variant.

    ``scores`` are the variant's running scores, ``ledger`` every payment of
    every hand, ``results`` each hand's outcome, and ``state`` the hand in
    play (the last one, ended, once the match is over).
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
    """Every payment of the match so far."""
    results: tuple[Outcome, ...] = ()
    """The outcome of each finished hand."""
    winners: tuple[int, ...] = ()
    """The match's winners, once it is over."""
    max_hands: int | None = None
    """Stop after this many hands (the highest money wins); ``None`` for the variant's rule."""
    chance: int = 0
    """The seed of the next deal, hidden from every player."""

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
        """Start a match: deal its first hand.

        :raises ValueError: as the variant's ``new_game`` does, or for a bad
            ``max_hands``.

        >>> from rummykit import get_variant
        >>> Match.start(get_variant("classic"), players=3, seed=1, max_hands=2).hand_number
        1
        """
        if max_hands is not None and (not isinstance(max_hands, int) or max_hands < 1):
            raise ValueError(
                f"max_hands must be a whole number of at least 1, not {max_hands!r}"
            )
        if rng is None:
            rng = random.Random(seed) if seed is not None else None
        if rng is None:
            import secrets

            rng = secrets.SystemRandom()
        chance = rng.getrandbits(63)
        state = variant.new_game(players, rng=random.Random(chance), dealer=dealer)
        return cls(
            variant=variant,
            players=players,
            state=state,
            scores=(0,) * players,
            max_hands=max_hands,
            chance=rng.getrandbits(63),
        )

    @property
    def is_terminal(self) -> bool:
        """Whether the match is over."""
        return bool(self.winners) or (
            self.state.is_terminal and self._ended_without_winner
        )

    @property
    def _ended_without_winner(self) -> bool:
        return self.max_hands is not None and len(self.results) >= self.max_hands

    @property
    def current_player(self) -> int | None:
        """The seat that must act, or ``None`` once the match is over."""
        return None if self.is_terminal else self.state.current_player

    @property
    def money(self) -> tuple[float, ...]:
        """Each seat's net money over the match, rake deducted.

        >>> from rummykit import get_variant
        >>> Match.start(get_variant("classic"), players=2, seed=1).money
        (0.0, 0.0)
        """
        totals = [0.0] * self.players
        for payment in self.ledger:
            totals[payment.payer] -= payment.money
            totals[payment.payee] += payment.money - payment.rake
        return tuple(totals)

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the hand in play (none once the match is over)."""
        return () if self.is_terminal else self.state.legal_actions()

    def check(self, action: Action) -> None:
        """Refuse an illegal action, naming the rule.

        :raises IllegalActionError: if the match is over or the hand refuses it.
        """
        if self.is_terminal:
            raise IllegalActionError(action, "the match is over")
        self.state.check(action)

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        return not self.is_terminal and self.state.is_legal(action)

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see of the hand in play."""
        return self.state.view(player)

    def apply(self, action: Action) -> Match:
        """Apply ``action`` to the hand in play; settle and deal on when it ends.

        :raises IllegalActionError: if the action is illegal; nothing changes.
        """
        self.check(action)
        state = self.state.apply(action)
        match = attrs.evolve(self, state=state)
        if state.is_terminal:
            match = match._settle()
        return match

    def _settle(self) -> Match:
        outcome = self.state.outcome
        assert outcome is not None
        scores = self.variant.match_scores(self.scores, outcome)
        results = (*self.results, outcome)
        ledger = (*self.ledger, *outcome.payments)
        winners = self.variant.match_winners(scores, results) or ()
        if (
            not winners
            and self.max_hands is not None
            and len(results) >= self.max_hands
        ):
            totals = [0.0] * self.players
            for payment in ledger:
                totals[payment.payer] -= payment.money
                totals[payment.payee] += payment.money - payment.rake
            best = max(totals)
            winners = tuple(
                seat for seat in range(self.players) if totals[seat] == best
            )
        settled = attrs.evolve(
            self, scores=scores, results=results, ledger=ledger, winners=winners
        )
        if winners:
            return settled
        rng = random.Random(self.chance)
        dealer = self.variant.next_dealer(self.players, self.state.dealer, outcome)
        state = self.variant.new_game(
            self.players, rng=random.Random(rng.getrandbits(63)), dealer=dealer
        )
        state = attrs.evolve(state, scores=scores)
        return attrs.evolve(
            settled,
            state=state,
            hand_number=self.hand_number + 1,
            chance=rng.getrandbits(63),
        )
