"""Gin Rummy: two players, ten cards, knock at ten or less, gin for a bonus.

One 52-card deck, ace low, face cards 10.  The non-dealer may take the
first upcard or pass, then the dealer may; if both pass the non-dealer draws
from the stock.  After drawing, a player whose deadwood (after a discard) is
at most the knock limit may knock: they discard, lay their melds down, and
the defender lays off on them (not on a gin) and lays their own melds.  The
knocker scores the difference in deadwood, a gin scores a bonus on top, and
a defender who undercuts the knocker scores the difference and a bonus.
When only two cards are left in the stock (the wall), the hand is void
unless the next player knocks with the upcard.

The defaults follow OpenSpiel's ``gin_rummy``, the usual reference for
computer play; ``docs/variants/gin.rst`` names where common table rules
differ and which option selects them.

>>> from rummykit import Hand
>>> gin = GinRummy()
>>> gin.cards_per_player(2), gin.knock_limit, gin.gin_bonus, gin.stake
(10, 10, 25, Decimal('1.00'))
>>> gin.deadwood(Hand.parse("As 2s 3s 7c 7d 7h Kd Qd Jd 5c"))
5
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from itertools import islice
from typing import ClassVar

import attrs

from rummykit import money
from rummykit._arguments import MAX_POINTS
from rummykit.cards import Card, DeckSpec, Hand, Suit, parse_cards
from rummykit.engine import (
    Action,
    DrawDiscard,
    Knock,
    Outcome,
    Pass,
    Phase,
    State,
    StockPolicy,
    Termination,
)
from rummykit.engine.actions import Discard, Event
from rummykit.errors import InvalidCardError, InvalidOptionError
from rummykit.melds import MeldRules
from rummykit.partition import PointValues
from rummykit.variants import gin_show
from rummykit.variants.base import Variant, flag, one_of, whole
from rummykit.variants.gin_match import GinMatch
from rummykit.variants.gin_show import BigGin

__all__ = ["BigGin", "GinRummy"]

#: Cards dealt to each player.
HAND_SIZE = 10


def _stake(value: object) -> Decimal:
    return money.to_money(value, "GinRummy.stake")


@attrs.frozen(kw_only=True)
class GinRummy(GinMatch, Variant):
    """Gin Rummy, every option with its default (OpenSpiel's where they differ
    from common table rules).

    >>> GinRummy(oklahoma=True).oklahoma
    True
    >>> GinRummy(knock_limit=-1)
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidOptionError: GinRummy.knock_limit must be a whole number from 0 to 10000, not -1

    The stake is exact money (see :mod:`rummykit.money`):

    >>> GinRummy(stake="0.10").stake, GinRummy(stake=0.25).stake
    (Decimal('0.10'), Decimal('0.25'))
    >>> GinRummy(stake="0.001")
    Traceback (most recent call last):
    ...
    rummykit.money.InvalidMoneyError: GinRummy.stake must be a whole number of cents (at most 2 decimal places), not '0.001'
    """

    name: ClassVar[str] = "gin"
    aliases: ClassVar[tuple[str, ...]] = ("gin_rummy", "ginrummy")
    min_players: ClassVar[int] = 2
    """The fewest players at the table."""
    max_players: ClassVar[int] = 2
    """The most players at the table."""

    knock_limit: int = 10
    """A player may knock when their deadwood after the discard is at most this."""
    oklahoma: bool = False
    """Oklahoma Gin: the first upcard's value is the knock limit (an ace: gin
    only), in place of :attr:`knock_limit`."""
    spades_double: bool = False
    """Oklahoma Gin: a spade as the first upcard doubles the hand's score
    (OpenSpiel does not double)."""
    gin_bonus: int = 25
    """What a gin scores on top of the defender's deadwood."""
    undercut_bonus: int = 25
    """What an undercut scores on top of the difference in deadwood."""
    tie_is_undercut: bool = False
    """A defender whose deadwood equals the knocker's undercuts (table rules);
    off, a tie scores nothing for either player (OpenSpiel)."""
    big_gin: bool = False
    """A player whose eleven cards all meld after the draw may go big gin,
    without discarding (OpenSpiel has no big gin)."""
    big_gin_bonus: int = 31
    """What a big gin scores on top of the defender's deadwood."""
    wall: int = 2
    """The cards left in the stock at which drawing stops: the next player
    may only knock with the upcard, or the hand is void."""
    may_discard_taken: bool = True
    """A player may discard the card just taken from the discard pile
    (OpenSpiel); off, as at most tables, they may not."""
    max_upcard_draws: int | None = 50
    """The hand is void at the draw that takes the discard this many times
    (not counting the first upcard); ``None`` for no limit.  OpenSpiel's
    bound on endless play."""
    repeated_upcard_void: bool = True
    """The hand is void when both players in succession take the discard and
    throw it straight back (OpenSpiel)."""
    target: int = 100
    """A match ends when a player's score reaches this."""
    game_bonus: int = 100
    """What the match winner scores for winning it."""
    box_bonus: int = 25
    """What each player scores at the end of a match for every hand they won."""
    shutout_multiplier: int = 2
    """The match winner's total is multiplied by this when the loser won no
    hand (a shutout); 1 for no shutout bonus."""
    next_deal: str = "winner"
    """Who deals the next hand of a match: the ``"winner"`` of this one, the
    ``"loser"``, or the players ``"alternate"``."""
    stake: Decimal = attrs.field(default=Decimal("1.00"), converter=_stake)
    """Money per point: exact money (see :mod:`rummykit.money`), from 0 to 10**12."""

    def __attrs_post_init__(self) -> None:
        for name in (
            "oklahoma",
            "spades_double",
            "tie_is_undercut",
            "big_gin",
            "may_discard_taken",
            "repeated_upcard_void",
        ):
            flag(f"GinRummy.{name}", getattr(self, name))
        for name in (
            "knock_limit",
            "gin_bonus",
            "undercut_bonus",
            "big_gin_bonus",
            "game_bonus",
            "box_bonus",
        ):
            whole(f"GinRummy.{name}", getattr(self, name), 0, MAX_POINTS)
        if self.wall not in range(0, 31) or isinstance(self.wall, bool):
            raise InvalidOptionError(
                f"GinRummy.wall must be a whole number from 0 to 30, not {self.wall!r}"
            )
        whole("GinRummy.max_upcard_draws", self.max_upcard_draws, 1, optional=True)
        whole("GinRummy.target", self.target, 1, MAX_POINTS)
        whole("GinRummy.shutout_multiplier", self.shutout_multiplier, 1, MAX_POINTS)
        one_of("GinRummy.next_deal", self.next_deal, ("winner", "loser", "alternate"))

    # -- the cards --------------------------------------------------------------------

    @property
    def deck(self) -> DeckSpec:
        """One 52-card deck, no jokers.

        >>> GinRummy().deck
        DeckSpec(decks=1, jokers=0)
        """
        return DeckSpec()

    @property
    def meld_rules(self) -> MeldRules:
        """Sets of 3-4, runs of 3 or more, ace low only.

        >>> GinRummy().meld_rules.is_meld(Hand.parse("Qh Kh Ah"))
        False
        """
        return _RULES

    @property
    def point_values(self) -> PointValues:
        """Ace 1, two to ten their pip value, face cards 10.

        >>> GinRummy().point_values.total(Hand.parse("As Kd 7c"))
        18
        """
        return PointValues.standard()

    def cards_per_player(self, players: int) -> int:
        """Ten cards each, for exactly two players.

        >>> GinRummy().cards_per_player(3)
        Traceback (most recent call last):
        ...
        rummykit.errors.InvalidOptionError: GinRummy seats 2 players, not 3
        """
        if players != 2 or isinstance(players, bool):
            raise InvalidOptionError(f"GinRummy seats 2 players, not {players!r}")
        return HAND_SIZE

    def deck_for(
        self,
        non_dealer: Hand | str,
        dealer: Hand | str,
        *,
        upcard: Card | str,
        stock: Iterable[Card] | str = "",
    ) -> tuple[Card, ...]:
        """A deck order (top card first) that deals exactly these hands when
        seat 1 deals (``new_game(2, deck=..., dealer=1)``): ``non_dealer`` to
        seat 0, ``dealer`` to seat 1, ``upcard`` face up and ``stock`` (top
        first) on top of the stock; the other cards follow in deck order.

        :raises InvalidCardError: for a card given twice or a bad card.

        >>> deck = GinRummy().deck_for("As 2s 3s 4s 5s 6s 7s 8s 9s Ts",
        ...                            "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th", upcard="Kc")
        >>> state = GinRummy().new_game(2, deck=deck, dealer=1)
        >>> str(state.hands[0]), state.pile
        ('As 2s 3s 4s 5s 6s 7s 8s 9s Ts', (Card('Kc'),))
        """
        first = Hand.parse(non_dealer) if isinstance(non_dealer, str) else non_dealer
        second = Hand.parse(dealer) if isinstance(dealer, str) else dealer
        top = Card.parse(upcard) if isinstance(upcard, str) else upcard
        rest = parse_cards(stock) if isinstance(stock, str) else tuple(stock)
        if len(first) != HAND_SIZE or len(second) != HAND_SIZE:
            raise InvalidCardError(
                f"each hand must hold {HAND_SIZE} cards, not {len(first)} and {len(second)}"
            )
        order: list[Card] = []
        for pair in zip(first.cards, second.cards, strict=True):
            order += pair
        order += [top, *rest]
        if len(set(order)) != len(order):
            raise InvalidCardError("a card is given twice in the deal")
        return (*order, *(card for card in self.deck.cards() if card not in order))

    def limit_for(self, upcard: Card | None) -> int:
        """The knock limit of a hand whose first upcard was ``upcard``: the
        upcard's value in Oklahoma (0 for an ace: gin only), otherwise
        :attr:`knock_limit`.

        >>> GinRummy(oklahoma=True).limit_for(Card("7h")), GinRummy().limit_for(Card("7h"))
        (7, 10)
        >>> GinRummy(oklahoma=True).limit_for(Card("Ad"))
        0
        """
        if not self.oklahoma or upcard is None:
            return self.knock_limit
        value = self.point_values.of(upcard)
        return 0 if value == 1 else value

    def knock_limit_in(self, state: State) -> int:
        """The knock limit in force in ``state`` (Oklahoma reads the first
        upcard, which the state keeps as its
        :attr:`~rummykit.engine.State.indicator`)."""
        return self.limit_for(state.indicator)

    def multiplier_in(self, state: State) -> int:
        """2 when an Oklahoma hand's first upcard is a spade and
        :attr:`spades_double`, otherwise 1."""
        upcard = state.indicator
        if self.oklahoma and self.spades_double and upcard is not None:
            return 2 if upcard.suit is Suit.SPADES else 1
        return 1

    # -- the deal and the first upcard -----------------------------------------------

    def after_deal(self, state: State) -> State:
        """Turn up the first upcard; in Oklahoma it also sets the knock limit,
        so the state shows it as its indicator."""
        state = super().after_deal(state)
        if self.oklahoma:
            state = attrs.evolve(state, indicator=state.pile[-1])
        return state

    @staticmethod
    def upcard_passes(state: State) -> int | None:
        """How many players have passed the first upcard, while it is still
        on offer (nobody has drawn yet); ``None`` after the first draw.

        >>> state = GinRummy().new_game(2, seed=1)
        >>> GinRummy.upcard_passes(state), GinRummy.upcard_passes(state.apply(Pass()))
        (0, 1)
        """
        if len(state.history) > 2:
            return None  # two passes at most, then someone draws
        passes = 0
        for event in state.history:
            if not isinstance(event.action, Pass):
                return None
            passes += 1
        return passes

    def at_wall(self, state: State) -> bool:
        """Whether the stock is down to the wall (:attr:`wall` cards).

        >>> GinRummy().at_wall(GinRummy().new_game(2, seed=1))
        False
        """
        return len(state.stock) <= self.wall

    # -- the draw ----------------------------------------------------------------------

    def draw_stock_reason(self, state: State) -> str | None:
        """The first upcard is offered before the stock; at the wall nobody draws."""
        passes = self.upcard_passes(state)
        if passes is not None and passes < 2:
            return "the first upcard is offered first: take it or pass"
        if self.at_wall(state):
            return (
                f"only {len(state.stock)} cards are left in the stock (the wall): "
                "knock with the upcard or pass"
            )
        return None

    def take_discard_reason(self, state: State) -> str | None:
        """After both players pass the first upcard, the non-dealer draws from
        the stock; at the wall the upcard is taken only to knock with it."""
        if self.upcard_passes(state) == 2:
            return "both players passed the first upcard: draw from the stock"
        if self.at_wall(state):
            hand = state.hands[state.current].add(state.pile[-1])
            points = self._best_knock(hand, state.pile[-1])
            limit = self.knock_limit_in(state)
            if points is None or points > limit:
                return (
                    "at the wall the upcard is taken only to knock, and it leaves "
                    f"deadwood over the knock limit {limit}"
                )
        return None

    def _best_knock(self, hand: Hand, taken: Card | None) -> int | None:
        """The least deadwood ``hand`` keeps after a discard it may make
        (``taken``, the card just taken, may be barred)."""
        forbidden = [] if self.may_discard_taken or taken is None else [taken]
        grouping = self.best_discard(hand, forbidden=forbidden)
        return None if grouping.discard is None else grouping.points

    def after_draw(self, state: State) -> State:
        """OpenSpiel's bound on endless play: the hand is void at the draw that
        takes the discard for the :attr:`max_upcard_draws`-th time."""
        limit = self.max_upcard_draws
        if limit is None or state.taken is None or self.at_wall(state):
            return state
        taken = 0
        first = True
        for event in state.history:
            if isinstance(event.action, DrawDiscard) and not first:
                taken += 1
            if not isinstance(event.action, Pass):
                first = False
        if taken < limit:
            return state
        return self._void(state, f"the discard was taken {limit} times")

    def turn_start_actions(self, state: State) -> list[Action]:
        """Passing the first upcard, or passing at the wall (the hand is then
        void); after a knock, the knocker's and the defender's layings."""
        if state.phase is Phase.SHOW:
            return gin_show.show_actions(self, state)
        passes = self.upcard_passes(state)
        if (passes is not None and passes < 2) or self.at_wall(state):
            return [Pass()]
        return []

    # -- after the draw -----------------------------------------------------------------

    def discard_reason(self, state: State, card: Card) -> str | None:
        """At the wall a player who took the upcard must knock; with
        ``may_discard_taken=False`` the card just taken stays this turn."""
        if state.taken is not None and self.at_wall(state):
            return "at the wall the upcard is taken only to knock: knock with a discard"
        return self._throw_reason(state, card)

    def _throw_reason(self, state: State, card: Card) -> str | None:
        if (
            not self.may_discard_taken
            and state.taken is not None
            and card == state.taken
        ):
            return (
                f"{card} was just taken from the discard pile and may not be "
                "discarded this turn (may_discard_taken=False)"
            )
        return None

    def play_actions(self, state: State) -> list[Action]:
        """Big gin (an option), then every knock, the lowest deadwood first."""
        hand = state.hands[state.current]
        actions: list[Action] = []
        if self.big_gin and not self.partition(hand).deadwood:
            actions.append(BigGin())
        limit = self.knock_limit_in(state)
        best = self._best_knock(hand, state.taken)
        if best is None or best > limit:
            return actions
        knocks: list[tuple[int, int, Knock]] = []
        for index, card in enumerate(dict.fromkeys(hand.cards)):
            if self._throw_reason(state, card) is not None:
                continue
            points = self.deadwood(hand.remove(card))
            if points <= limit:
                knocks.append((points, index, Knock(card)))
        return [*actions, *(knock for _, _, knock in sorted(knocks))]

    def check_action(self, state: State, action: Action) -> str | None:
        """Why a pass, knock, big gin or laying is illegal now, or ``None``."""
        if state.phase is Phase.SHOW:
            return gin_show.check_show(self, state, action)
        if isinstance(action, Pass):
            if state.phase is Phase.DRAW and Pass() in self.turn_start_actions(state):
                return None
            return "a player passes only the first upcard, or at the wall"
        if isinstance(action, Knock):
            return self._knock_reason(state, action)
        if isinstance(action, BigGin):
            if not self.big_gin:
                return "big gin is not played (big_gin=False)"
            if state.phase is not Phase.PLAY:
                return "big gin is declared after the draw"
            hand = state.hands[state.current]
            if self.partition(hand).deadwood:
                return f"{hand} is not all melded: no big gin"
            return None
        return super().check_action(state, action)

    def _knock_reason(self, state: State, action: Knock) -> str | None:
        if state.phase is not Phase.PLAY or action.discard is None:
            return "a player knocks after the draw, discarding a card"
        hand = state.hands[state.current]
        if action.discard not in hand:
            return f"{action.discard} is not in player {state.current}'s hand"
        reason = self._throw_reason(state, action.discard)
        if reason is not None:
            return reason
        points = self.deadwood(hand.remove(action.discard))
        limit = self.knock_limit_in(state)
        if points > limit:
            return f"deadwood {points} is over the knock limit {limit}"
        return None

    def apply_action(self, state: State, action: Action) -> State:
        """Pass the upcard or at the wall, knock, go big gin, or lay cards."""
        player = state.current
        if state.phase is Phase.SHOW:
            return gin_show.apply_show(self, state, action)
        if isinstance(action, Pass):
            event = Event(player=player, action=action)
            state = attrs.evolve(state, history=state.history.add(event))
            if self.at_wall(state) and self.upcard_passes(state) is None:
                return self._void(state, f"player {player} passed at the wall")
            other = state.next_active(player)
            return attrs.evolve(
                state,
                current=other,
                turn=other,
                decision_id=state.decision_id + 1,
            )
        if isinstance(action, Knock):
            return gin_show.knock(self, state, action)
        assert isinstance(action, BigGin)
        return gin_show.big_gin(self, state)

    def after_discard(self, state: State) -> State:
        """The next player's turn, unless both players in succession took the
        discard and threw it straight back (:attr:`repeated_upcard_void`)."""
        if self.repeated_upcard_void and _repeated(state.history):
            return self._void(
                state, "both players took the discard and threw it straight back"
            )
        return state.next_turn()

    # -- the stock --------------------------------------------------------------------

    def stock_policy(self) -> StockPolicy:
        """The stock is never renewed: the wall ends the hand first."""
        return StockPolicy.VOID

    def end_on_exhaustion(self, state: State, policy: StockPolicy) -> State:
        """An empty stock (a wall of 0) is the wall: the turn goes on, with a
        knock or a pass."""
        return state

    def _void(self, state: State, why: str) -> State:
        return state.end(
            Outcome(
                termination=Termination.VOID,
                winners=(),
                points=(0,) * state.players,
                note=f"the hand is void: {why}",
            )
        )


def _repeated(history: Sequence[Event]) -> bool:
    """Whether the last two turns each took the discard and threw it back."""
    last = list(islice(reversed(history), 4))
    if len(last) < 4:
        return False
    throw, take, before_throw, before_take = last
    return (
        all(isinstance(event.action, DrawDiscard) for event in (take, before_take))
        and all(isinstance(event.action, Discard) for event in (throw, before_throw))
        and take.card == throw.card
        and before_take.card == before_throw.card
        and take.player == throw.player != before_take.player == before_throw.player
    )


_RULES = MeldRules(ace_low=True, ace_high=False, wrap=False, max_set=4)
