"""What every rule set provides: its deck, meld rules, card points and requirement.

A variant is a frozen attrs class whose keyword fields are its options.  It
knows nothing of the turn engine's internals; the engine asks it through a
few named hooks (added with the game flow).

>>> from rummykit.variants import get_variant
>>> classic = get_variant("classic")
>>> classic.deck.size, classic.meld_rules.max_set
(52, 4)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

import attrs

from rummykit._arguments import whole_number
from rummykit.cards import JOKER_CODE, Card, DeckSpec, Hand, Rank
from rummykit.engine import Action, Outcome, RuleSet, State, new_game
from rummykit.errors import InvalidCardError, InvalidOptionError, quoted
from rummykit.melds import MeldRules
from rummykit.partition import (
    MAX_LISTED,
    Partition,
    PointValues,
    Requirement,
    _quick_discard,
    all_partitions,
    best_discard,
    deadwood,
    partition,
)

if TYPE_CHECKING:  # pragma: no cover
    from rummykit.match import Match

__all__ = ["Variant"]


def one_of(name: str, value: object, allowed: Iterable[object]) -> None:
    """Refuse an option value that is not among ``allowed``, naming both.

    >>> one_of("Rumino.knock_timing", "later", ("instead_of_draw", "after_draw"))
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidOptionError: Rumino.knock_timing must be one of 'instead_of_draw', 'after_draw', not 'later'
    """
    allowed = tuple(allowed)
    if value not in allowed:
        choices = ", ".join(map(repr, allowed))
        raise InvalidOptionError(
            f"{name} must be one of {choices}, not {quoted(value)}"
        )


def not_held(cards: Sequence[Card], seat: int) -> str:
    """Why ``cards`` cannot be played: not all of them are in ``seat``'s hand.

    >>> not_held(Hand.parse("As").cards, 1)
    "As is not in player 1's hand"
    >>> not_held(Hand.parse("As 2s").cards, 1)
    "As 2s are not all in player 1's hand"
    """
    if len(cards) == 1:
        return f"{cards[0]} is not in player {seat}'s hand"
    return f"{' '.join(map(str, cards))} are not all in player {seat}'s hand"


def whole(
    name: str,
    value: object,
    low: int = 0,
    high: int | None = None,
    *,
    optional: bool = False,
) -> None:
    """Refuse an option that is not a whole number from ``low`` to ``high``.

    >>> whole("Classic.target", -5, 1)
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidOptionError: Classic.target must be a whole number of at least 1, not -5
    """
    whole_number(name, value, low, high, optional=optional)


def flag(name: str, value: object) -> None:
    """Refuse an option that is not ``True`` or ``False``.

    >>> flag("Classic.ace_high", "yes")
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidOptionError: Classic.ace_high must be True or False, not 'yes'
    """
    if not isinstance(value, bool):
        raise InvalidOptionError(f"{name} must be True or False, not {quoted(value)}")


@attrs.frozen(kw_only=True)
class Variant(RuleSet):
    """The base of every rule set.

    Subclasses set :attr:`name` and :attr:`aliases` and provide
    :attr:`deck`, :attr:`meld_rules`, :attr:`point_values` and
    :attr:`requirement`; the partitioning methods here use them.

    >>> from rummykit.variants import Rumino
    >>> Rumino().partition(Hand.parse("5s Jk 7s Tc Th Td 3h")).points
    3
    """

    name: ClassVar[str] = ""
    """The variant's name, as :func:`~rummykit.variants.get_variant` knows it."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other names :func:`~rummykit.variants.get_variant` accepts."""
    presets: ClassVar[tuple[str, ...]] = ()
    """The values of the variant's ``preset`` option, the default first; empty
    for a variant without presets."""
    has_wild_rank: ClassVar[bool] = False
    """Whether a hand of the variant can have a wild rank (Indian Rummy's cut
    joker).  Where it cannot, the partitioning methods refuse ``wild_rank=``."""

    def new_game(
        self,
        players: int,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        deck: Sequence[Card | str] | str | None = None,
        dealer: int | None = None,
        seats: Sequence[bool] | None = None,
        chance: int | None = None,
    ) -> State:
        """Deal one hand to ``players`` players.

        Give ``seed`` or ``rng`` for a reproducible shuffle, or ``deck`` (the
        whole deck, top card first) to replay a real deal exactly; with none
        of them the deck is shuffled by :class:`secrets.SystemRandom`.
        ``dealer`` is chosen at random unless given.

        :raises InvalidOptionError: for a number of players the variant does not seat.
        :raises InvalidCardError: if ``deck`` is not exactly the variant's deck.

        >>> from rummykit.variants import get_variant
        >>> state = get_variant("classic").new_game(players=2, seed=7)
        >>> len(state.hands[0]), state.is_terminal
        (10, False)
        """
        return new_game(
            self,
            players,
            seed=seed,
            rng=rng,
            deck=deck,
            dealer=dealer,
            seats=seats,
            chance=chance,
        )

    # -- match hooks -------------------------------------------------------------

    def deal_hand(self, match: Match, dealer: int, rng: random.Random) -> State:
        """Deal a match's next hand to the seats still in it."""
        seats = tuple(not out for out in match.eliminated)
        return self.new_game(match.players, rng=rng, dealer=dealer, seats=seats)

    def open_match(self, match: Match) -> Match:
        """The match before its first hand; by default unchanged."""
        return match

    def settle_hand(self, match: Match) -> Match:
        """Record the ended hand: scores, payments, and the winners if the
        match is over (:meth:`match_scores`, :meth:`match_winners`)."""
        outcome = match.state.outcome
        assert outcome is not None
        scores = self.match_scores(match.scores, outcome)
        results = (*match.results, outcome)
        return attrs.evolve(
            match,
            scores=scores,
            results=results,
            ledger=(*match.ledger, *outcome.payments),
            winners=self.match_winners(scores, results) or (),
        )

    def match_scores(
        self, scores: tuple[int, ...], outcome: Outcome
    ) -> tuple[int, ...]:
        """The running scores after a hand: by default each seat adds its points."""
        return tuple(
            score + points for score, points in zip(scores, outcome.points, strict=True)
        )

    def match_winners(
        self, scores: tuple[int, ...], results: tuple[Outcome, ...]
    ) -> tuple[int, ...] | None:
        """The match's winners once it is over; by default it never ends by itself."""
        return None

    def match_actions(self, match: Match) -> tuple[Action, ...]:
        """Decisions between hands; by default there are none."""
        return ()

    def apply_match_action(self, match: Match, action: Action) -> Match:
        """Carry out a decision between hands."""
        raise NotImplementedError

    def next_dealer(self, match: Match) -> int:
        """Who deals next: by default the deal passes left, skipping seats
        out of the match."""
        seat = (match.state.dealer + 1) % match.players
        while match.eliminated and match.eliminated[seat]:
            seat = (seat + 1) % match.players
        return seat

    def new_match(
        self,
        players: int,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        dealer: int | None = None,
        max_hands: int | None = None,
    ) -> Match:
        """Start a :class:`~rummykit.match.Match` of this variant.

        >>> from rummykit.variants import get_variant
        >>> get_variant("classic").new_match(players=2, seed=1, max_hands=3).hand_number
        1
        """
        from rummykit.match import Match

        return Match.start(
            self, players, seed=seed, rng=rng, dealer=dealer, max_hands=max_hands
        )

    # -- engine hooks that read the variant's properties ------------------------

    def deck_spec(self) -> DeckSpec:
        """The full deck (:attr:`deck`)."""
        return self.deck

    def meld_rules_for(self, state: State) -> MeldRules:
        """The meld rules in force (:attr:`meld_rules`)."""
        return self.meld_rules

    def points_for(self, state: State) -> PointValues:
        """What unmelded cards score (:attr:`point_values`)."""
        return self.point_values

    @property
    def deck(self) -> DeckSpec:
        """The full deck: how many 52-card decks and printed jokers."""
        raise NotImplementedError

    @property
    def meld_rules(self) -> MeldRules:
        """What counts as a meld in this variant."""
        raise NotImplementedError

    @property
    def point_values(self) -> PointValues:
        """What each unmelded card scores."""
        raise NotImplementedError

    @property
    def requirement(self) -> Requirement | None:
        """The condition a grouping must meet to count its melds, if any."""
        return None

    @cached_property
    def _terms(self) -> tuple[MeldRules, PointValues, Requirement | None, int, int]:
        """(:attr:`meld_rules`, :attr:`point_values`, :attr:`requirement`,
        decks, printed jokers), worked out once per instance: the options are
        frozen, so the derived rules never change, and the partitioning
        methods need them on every call.  (A cached property is not an attrs
        field: it is not an option, and repr, equality, hashing, pickling and
        saves leave it out.)

        >>> from rummykit.variants import get_variant
        >>> get_variant("classic")._terms[3:]
        (1, 0)
        """
        deck = self.deck
        return (
            self.meld_rules,
            self.point_values,
            self.requirement,
            deck.decks,
            deck.jokers,
        )

    def _fitting_hand(self, hand: Hand | Iterable[Card], where: str) -> Hand:
        """``hand`` as a :class:`Hand`, refused if this variant's deck could
        not have dealt it: more copies of a card than the deck holds.

        :raises InvalidCardError: naming the card, the count and the deck.

        >>> from rummykit.variants import get_variant
        >>> get_variant("rumino")._fitting_hand(Hand.parse("7h 7h 7h"), "partition")
        Traceback (most recent call last):
        ...
        rummykit.errors.InvalidCardError: Rumino.partition: the hand holds 3 7h, but rumino's deck holds 2 (2 decks, 4 jokers)
        """
        hand = hand if isinstance(hand, Hand) else Hand(hand)
        codes = hand.codes
        _, _, _, decks, jokers = self._terms
        for i in range(len(codes) - decks):
            if codes[i] == codes[i + decks] and codes[i] != JOKER_CODE:
                return self._refuse(codes, codes[i], decks, where)
        if len(codes) > jokers and codes[-jokers - 1] == JOKER_CODE:
            return self._refuse(codes, JOKER_CODE, jokers, where)
        return hand

    def _no_wild_rank(self, wild_rank: object, where: str) -> None:
        """Refuse a wild rank where the variant has none.

        :raises InvalidOptionError: naming the option and the rule.

        >>> from rummykit.variants import get_variant
        >>> get_variant("classic")._no_wild_rank(Rank.SEVEN, "partition")
        Traceback (most recent call last):
        ...
        rummykit.errors.InvalidOptionError: ClassicRummy.partition: classic has no wild rank (no card is wild for its rank), so wild_rank must be None, not <Rank.SEVEN: 7>
        """
        if wild_rank is not None and not self.has_wild_rank:
            raise InvalidOptionError(
                f"{type(self).__name__}.{where}: {self.name} has no wild rank "
                f"(no card is wild for its rank), so wild_rank must be None, "
                f"not {quoted(wild_rank)}"
            )

    def _refuse(self, codes: tuple[int, ...], code: int, held: int, where: str) -> Hand:
        deck = self.deck
        raise InvalidCardError(
            f"{type(self).__name__}.{where}: the hand holds {codes.count(code)} "
            f"{Card.from_code(code)}, but {self.name}'s deck holds {held} "
            f"({deck.decks} deck{'s' if deck.decks > 1 else ''}, {deck.jokers} jokers)"
        )

    def partition(
        self, hand: Hand | Iterable[Card], *, wild_rank: Rank | None = None
    ) -> Partition:
        """The optimal grouping of ``hand`` under this variant's rules.

        :raises InvalidCardError: if the variant's deck cannot hold ``hand``
            (more copies of a card than its deck holds) or it is too large to partition.

        >>> from rummykit.variants import get_variant
        >>> print(get_variant("classic").partition(Hand.parse("As 2s 3s 9d")))
        [As 2s 3s] deadwood 9d = 9
        """
        if wild_rank is not None:
            self._no_wild_rank(wild_rank, "partition")
        hand = self._fitting_hand(hand, "partition")
        rules, points, requirement, _, _ = self._terms
        return partition(
            hand, rules, points, wild_rank=wild_rank, requirement=requirement
        )

    def deadwood(
        self,
        hand: Hand | Iterable[Card],
        *,
        wild_rank: Rank | None = None,
        discard: bool = False,
        forbidden: Iterable[Card | str] = (),
    ) -> int:
        """The points ``hand`` scores under its optimal grouping (after the best
        discard if ``discard``), without building the grouping.

        >>> from rummykit.variants import get_variant
        >>> get_variant("classic").deadwood(Hand.parse("As 2s 3s 9d"))
        9
        >>> get_variant("classic").deadwood(Hand.parse("As 2s 3s 9d 4d"), discard=True)
        4
        """
        if wild_rank is not None:
            self._no_wild_rank(wild_rank, "deadwood")
        hand = self._fitting_hand(hand, "deadwood")
        rules, points, requirement, _, _ = self._terms
        return deadwood(
            hand,
            rules,
            points,
            wild_rank=wild_rank,
            requirement=requirement,
            discard=discard,
            forbidden=forbidden,
        )

    def best_discard(
        self,
        hand: Hand | Iterable[Card],
        *,
        wild_rank: Rank | None = None,
        forbidden: Iterable[Card | str] = (),
    ) -> Partition:
        """The discard that leaves the fewest points, and the grouping it leaves.

        >>> from rummykit.variants import get_variant
        >>> get_variant("classic").best_discard(Hand.parse("As 2s 3s 9d 4d")).discard
        Card('9d')
        """
        if wild_rank is not None:
            self._no_wild_rank(wild_rank, "best_discard")
        hand = self._fitting_hand(hand, "best_discard")
        rules, points, requirement, _, _ = self._terms
        if requirement is None and wild_rank is None and not forbidden:
            # The common call (a Rumino or Gin hand): the quick lanes first,
            # as the hand is checked and the rules and points are the
            # variant's own, then no keywords to pass.
            found = _quick_discard(hand.codes, rules, points)
            if found is not None:
                return found
            return best_discard(hand, rules, points)
        return best_discard(
            hand,
            rules,
            points,
            wild_rank=wild_rank,
            requirement=requirement,
            forbidden=forbidden,
        )

    def all_partitions(
        self,
        hand: Hand | Iterable[Card],
        *,
        wild_rank: Rank | None = None,
        discard: bool = False,
        forbidden: Iterable[Card | str] = (),
        limit: int = MAX_LISTED,
    ) -> tuple[Partition, ...]:
        """Every optimal grouping of ``hand`` (after the best discard if ``discard``).

        >>> from rummykit.variants import get_variant
        >>> len(get_variant("classic").all_partitions(Hand.parse("6s 7s 8s 9s 9h 9d 9c")))
        2
        """
        self._no_wild_rank(wild_rank, "all_partitions")
        return all_partitions(
            self._fitting_hand(hand, "all_partitions"),
            self.meld_rules,
            self.point_values,
            wild_rank=wild_rank,
            requirement=self.requirement,
            discard=discard,
            forbidden=forbidden,
            limit=limit,
        )
